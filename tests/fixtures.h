/*
 * fixtures.h: the puzzles and texts several test files share, written out
 * once. They are data typed in from the sources, never produced by the
 * library.
 */
#ifndef SUDOKU_TEST_FIXTURES_H
#define SUDOKU_TEST_FIXTURES_H

#include "sudoku.h"

/* The first "hard" puzzle of Norvig's essay, the one DESIGN.md prints. */
extern const char hard1[];

/* The first "easy" puzzle of Norvig's essay: propagation alone solves it. */
extern const char easy1[];

/* hard1 after propagation by singles, as DESIGN.md prints it, byte for byte. */
extern const char hard1_candidates[];

/* Fills grid from 81 characters: '1'-'9' givens, anything else blank. */
void grid_from(const char *s, sudoku_grid *grid);

#endif
