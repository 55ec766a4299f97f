/*
 * search.h: what the search (search.c) offers the rooms above beyond the
 * public sudoku_solve and sudoku_search: the generator's uniqueness test.
 */
#ifndef SUDOKU_SEARCH_H
#define SUDOKU_SEARCH_H

#include "sudoku.h"

/* As sudoku_solve, with digit taken from cell's candidates first: the
 * solutions that do not hold digit there (generate.c's uniqueness test).
 * Counts them only: result->solution is left as it was. */
unsigned long sudoku_solve_except(const sudoku_grid *puzzle, int cell, int digit,
                                  unsigned long limit, sudoku_result *result);

/* Told of each solution in turn; returns false to stop the search there. */
typedef bool sudoku_each_solution(const sudoku_grid *solution, void *context);

/* As sudoku_solve_within, handing each solution found to each (the
 * neighbourhood of a puzzle needs them all): up to limit (0 is taken as
 * 1), within max_guesses (0: no limit). result->solution is left as it
 * was. Returns the number found, the one each stopped at included. */
unsigned long sudoku_solve_each(const sudoku_grid *puzzle, unsigned long limit,
                                unsigned long max_guesses, sudoku_each_solution *each,
                                void *context, sudoku_result *result);

/* As sudoku_solve_each without a limit, but only into the parts of the
 * search where a candidate that wanted holds is still open: wanted has
 * the digit planes' layout (word 9 * band + digit - 1, bit 9 * (row % 3)
 * + column; planes.h), and each may take candidates out of it as it
 * learns (a neighbourhood's additions, once seen twice, no longer
 * matter). A solution of no wanted candidate is not handed over; nor is
 * any below a board without one. */
unsigned long sudoku_solve_sieve(const sudoku_grid *puzzle, const uint32_t wanted[27],
                                 unsigned long max_guesses, sudoku_each_solution *each,
                                 void *context, sudoku_result *result);

#endif
