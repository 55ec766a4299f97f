/*
 * givens.h: the givens of a grid checked (sudoku_check_givens, public in
 * sudoku.h, is here), and the error record filled (givens.c).
 */
#ifndef SUDOKU_GIVENS_H
#define SUDOKU_GIVENS_H

#include "board.h"

/* Sets err (when not NULL) to kind at line and column, message from fmt. */
void sudoku_set_error(sudoku_error *err, sudoku_error_kind kind, long line, long column,
                      const char *fmt, ...);

#endif
