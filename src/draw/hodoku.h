/*
 * hodoku.h: a step of HoDoKu's scale in HoDoKu's own notation, and as
 * JSON (hodoku.c); the chains' notation is hodoku_chains.c's.
 */
#ifndef SUDOKU_DRAW_HODOKU_H
#define SUDOKU_DRAW_HODOKU_H

#include "writer.h"

/* The step in HoDoKu's words: "Skyscraper: 4 in r5c4,r6c7 (connected by
 * r3c47) => r5c9,r6c6<>4". */
void hodoku_put_step(writer *w, const sudoku_step *step);

/* The step as a JSON object (sudoku_format_step_json on HoDoKu's scale). */
void hodoku_put_step_json(writer *w, const sudoku_step *step);

/* HoDoKu's compressed list of cells ("r7c589,r89c2"): cells given as a
 * bit set over the 81 cells (bit c % 64 of word c / 64). */
void hodoku_put_cells(writer *w, const uint64_t cells[2]);

/* " => " and the eliminations, by digit in the order the list first
 * names it: "r7c5,r9c2<>4, r7c589<>6"; nothing if the step has none. */
void hodoku_put_eliminations(writer *w, const sudoku_step *step);

/* The chain techniques' words after "Name:" (hodoku_chains.c): true if
 * the technique is one of them and its words were written. */
bool hodoku_put_chain_step(writer *w, const sudoku_step *step);

#endif
