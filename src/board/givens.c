/*
 * givens.c: the rule every room checks a grid by, that no given repeats in
 * a row, column or box; and the error record that says what is wrong and
 * where, which the parser fills too.
 */
#include "givens.h"

#include <stdarg.h>
#include <stdio.h>

void sudoku_set_error(sudoku_error *err, sudoku_error_kind kind, long line, long column,
                      const char *fmt, ...)
{
    va_list ap;
    if (!err) return;
    err->kind = kind;
    err->line = line;
    err->column = column;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

static const char *unit_names[3] = {"row", "column", "box"};

/* Returns true if no given repeats in a unit and every cell holds 0-9. One
 * pass in cell order with a digit set per row, column and box, no branch
 * and no table: it runs for every record of a stream. */
static bool givens_distinct(const sudoku_grid *grid)
{
    unsigned repeated = 0, column[9] = {0}, box[3] = {0}, beyond = 0;
    for (int row = 0; row < 9; row++) {
        unsigned in_row = 0;
        for (int col = 0; col < 9; col++) {
            unsigned value = grid->cell[9 * row + col];
            beyond |= value > 9;
            unsigned bit = (1u << (value & 15)) >> 1; /* 0 for a blank */
            repeated |= (in_row | column[col] | box[col / 3]) & bit;
            in_row |= bit;
            column[col] |= bit;
            box[col / 3] |= bit;
        }
        if (row % 3 == 2) box[0] = box[1] = box[2] = 0;
    }
    return !repeated && !beyond;
}

bool sudoku_check_givens(const sudoku_grid *grid, sudoku_error *err)
{
    if (givens_distinct(grid)) return true;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (grid->cell[cell] > 9) {
            sudoku_set_error(err, SUDOKU_ERROR_CHARACTER, 0, 0,
                             "cell r%dc%d holds %d, not a digit 1-9 or 0 for a blank", cell / 9 + 1,
                             cell % 9 + 1, grid->cell[cell]);
            return false;
        }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = grid->cell[cell];
        if (!digit) continue;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k];
            for (int i = 0; i < 9; i++) {
                int other = sudoku_unit_cells[unit][i];
                if (other >= cell) break;
                if (grid->cell[other] != digit) continue;
                sudoku_set_error(err, SUDOKU_ERROR_DUPLICATE, 0, 0,
                                 "digit %d appears twice in %s %d (r%dc%d and r%dc%d)", digit,
                                 unit_names[k], unit % 9 + 1, other / 9 + 1, other % 9 + 1,
                                 cell / 9 + 1, cell % 9 + 1);
                return false;
            }
        }
    }
    return true;
}
