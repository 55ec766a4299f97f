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

/* The puzzle of Wikipedia's Sudoku article, in the pasted layouts of the
 * parser's tests, and those layouts of it that both parser suites use: rows
 * with spaces for blanks (trailing spaces cut, as editors do) and CSV rows. */
extern const char classic[];
#define CLASSIC_FIXED                                                                              \
    "53  7\n6  195\n 98    6\n8   6   3\n4  8 3  1\n7   2   6\n 6    28\n   419  5\n    8  79\n"
#define CLASSIC_CSV                                                                                \
    "5,3,,,7,,,,\n6,,,1,9,5,,,\n,9,8,,,,,6,\n8,,,,6,,,,3\n4,,,8,,3,,,1\n7,,,,2,,,,6\n"             \
    ",6,,,,,2,8,\n,,,4,1,9,,,5\n,,,,8,,,7,9\n"

/* hard1 after propagation by singles, as DESIGN.md prints it, byte for byte. */
extern const char hard1_candidates[];

/* Fills grid from 81 characters: '1'-'9' givens, anything else blank. */
void grid_from(const char *s, sudoku_grid *grid);

#endif
