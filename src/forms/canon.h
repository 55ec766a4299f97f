/*
 * canon.h: canonical forms (canon.c) beyond the public sudoku_canon: the
 * choice of method, which the tests compare.
 */
#ifndef SUDOKU_CANON_H
#define SUDOKU_CANON_H

#include "sudoku.h"

/* sudoku_canon with the choice of method: whole_grids false makes a solution
 * grid go the puzzles' way too (slower; the tests compare the two). */
bool sudoku_canon_by(const sudoku_grid *grid, bool whole_grids, sudoku_grid *canon,
                     sudoku_transform *how, unsigned long *automorphisms);

#endif
