/*
 * test_tables.c: the constant geometry tables in src/tables.c, derived again
 * here from the rules (rows, columns, 3x3 boxes) and compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "internal.h"

static int row_of(int cell)
{
    return cell / 9;
}
static int col_of(int cell)
{
    return cell % 9;
}
static int box_of(int cell)
{
    return (cell / 27) * 3 + (cell % 9) / 3;
}

/* Is cell in unit u (0-8 rows, 9-17 columns, 18-26 boxes)? */
static bool in_unit(int cell, int u)
{
    if (u < 9) return row_of(cell) == u;
    if (u < 18) return col_of(cell) == u - 9;
    return box_of(cell) == u - 18;
}

static void units_hold_their_cells_in_order(void **state)
{
    (void)state;
    for (int u = 0; u < 27; u++) {
        int k = 0;
        for (int cell = 0; cell < 81; cell++)
            if (in_unit(cell, u)) assert_int_equal(sudoku_unit_cells[u][k++], cell);
        assert_int_equal(k, 9);
    }
}

static void each_cell_knows_its_row_column_and_box(void **state)
{
    (void)state;
    for (int cell = 0; cell < 81; cell++) {
        assert_int_equal(sudoku_cell_units[cell][0], row_of(cell));
        assert_int_equal(sudoku_cell_units[cell][1], 9 + col_of(cell));
        assert_int_equal(sudoku_cell_units[cell][2], 18 + box_of(cell));
    }
}

static void peers_are_the_twenty_cells_sharing_a_unit(void **state)
{
    (void)state;
    for (int cell = 0; cell < 81; cell++) {
        int k = 0;
        for (int other = 0; other < 81; other++) {
            bool peer =
                other != cell && (row_of(other) == row_of(cell) || col_of(other) == col_of(cell) ||
                                  box_of(other) == box_of(cell));
            if (peer) assert_int_equal(sudoku_peers[cell][k++], other);
        }
        assert_int_equal(k, 20);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(units_hold_their_cells_in_order),
        cmocka_unit_test(each_cell_knows_its_row_column_and_box),
        cmocka_unit_test(peers_are_the_twenty_cells_sharing_a_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
