/*
 * generate.h: what generate.c shares with the rest of its room beyond
 * the public generator: a puzzle's clues taken away in a random order,
 * as long as its solution stays the only one.
 */
#ifndef SUDOKU_GENERATE_H
#define SUDOKU_GENERATE_H

#include "board/board.h"

/* Takes away from puzzle, whose only solution is solution, the clues of
 * cells (cells[cell] true) that can go, in a random order, a removal kept
 * only if the puzzle left passes keep too (NULL: none): the result has
 * one solution still, and no clue of cells can go alone (those outside
 * cells are left as they are). */
void generate_dig_cells(sudoku_grid *puzzle, const sudoku_grid *solution, const bool *cells,
                        sudoku_puzzle_test *keep, void *context, uint64_t *state);

#endif
