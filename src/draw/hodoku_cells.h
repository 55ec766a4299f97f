/*
 * hodoku_cells.h: HoDoKu's notation of cells and eliminations
 * (hodoku_cells.c), shared by its steps' words and its chains'.
 */
#ifndef SUDOKU_DRAW_HODOKU_CELLS_H
#define SUDOKU_DRAW_HODOKU_CELLS_H

#include "writer.h"

/* A set of cells: bit c % 64 of word c / 64. */
void hodoku_add_cell(uint64_t set[2], int cell);
bool hodoku_has_cell(const uint64_t set[2], int cell);

/* HoDoKu's compressed list of cells ("r7c589,r89c2"). */
void hodoku_put_cells(writer *w, const uint64_t cells[2]);

/* " => " and the eliminations, by digit in the order the list first
 * names it: "r7c5,r9c2<>4, r7c589<>6"; nothing if the step has none. */
void hodoku_put_eliminations(writer *w, const sudoku_step *step);

#endif
