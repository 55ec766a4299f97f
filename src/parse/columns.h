/*
 * columns.h: grids whose blanks are spaces, read by column (columns.c).
 */
#ifndef SUDOKU_COLUMNS_H
#define SUDOKU_COLUMNS_H

#include "layout.h"

/* Reads the nine lines of a grid that has spaces for blanks by the column
 * each cell stands in: the columns are evenly spaced within each box (or
 * each cell) that the separators mark. */
layout_result sudoku_columns_grid(const text_line rows[GRID_ROWS], sudoku_grid *grid,
                                  sudoku_error *err);

#endif
