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

#endif
