/*
 * neighbour.h: a step from a puzzle to a neighbouring one with one
 * solution (neighbour.c), which the walks of this room take sideways.
 */
#ifndef SUDOKU_NEIGHBOUR_H
#define SUDOKU_NEIGHBOUR_H

#include "board/board.h"

/* sudoku_generate_neighbour, trying up to `clues` clues taken away. */
bool generate_neighbour(sudoku_grid *puzzle, const bool *pattern, sudoku_puzzle_test *keep,
                        void *context, int clues, uint64_t *state);

#endif
