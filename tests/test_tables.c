/*
 * test_tables.c: the constant tables of src/board/tables.c (the geometry)
 * and src/solve/bands.c (the digit planes' bands), derived again here from
 * the rules (rows, columns, 3x3 boxes; a digit once in each row and box of
 * a band) and compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board/board.h"
#include "solve/bands.h"

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

static void each_cell_knows_its_place_in_its_units(void **state)
{
    (void)state;
    for (int cell = 0; cell < 81; cell++)
        for (int k = 0; k < 3; k++)
            assert_int_equal(
                sudoku_unit_cells[sudoku_cell_units[cell][k]][sudoku_cell_index[cell][k]], cell);
}

static void nine_count_counts_the_bits(void **state)
{
    (void)state;
    for (int mask = 0; mask < 512; mask++) {
        int bits = 0;
        for (int i = 0; i < 9; i++) bits += (mask >> i) & 1;
        assert_int_equal(sudoku_nine_count[mask], bits);
    }
}

static void peer_bits_are_the_peers(void **state)
{
    (void)state;
    for (int cell = 0; cell < 81; cell++)
        for (int other = 0; other < 81; other++) {
            bool peer =
                other != cell && (row_of(other) == row_of(cell) || col_of(other) == col_of(cell) ||
                                  box_of(other) == box_of(cell));
            assert_int_equal((sudoku_peer_bits[cell][other / 64] >> (other % 64)) & 1u, peer);
        }
}

static void unit_bits_are_the_units_cells(void **state)
{
    (void)state;
    for (int unit = 0; unit < 27; unit++)
        for (int cell = 0; cell < 81; cell++) {
            bool in = unit < 9 ? row_of(cell) == unit : unit < 18 ? col_of(cell) == unit - 9 : box_of(cell) == unit - 18;
            assert_int_equal((sudoku_unit_bits[unit][cell / 64] >> (cell % 64)) & 1u, in);
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

/* Band tables (solve/planes.c): a band is 3 rows of 9 columns, bit 9*row + column;
 * a minirow set has bit 3*row + box. */

/* Does the placement cols[r] (the column of the digit in row r) use only
 * minirows of the set? */
static bool fits(const int cols[3], unsigned minirow_set)
{
    for (int r = 0; r < 3; r++)
        if (!(minirow_set >> (3 * r + cols[r] / 3) & 1u)) return false;
    return true;
}

static void band_allowed_is_the_union_of_the_placements_that_fit(void **state)
{
    (void)state;
    for (unsigned set = 0; set < 512; set++) {
        uint32_t cells = 0;
        int cols[3];
        for (cols[0] = 0; cols[0] < 9; cols[0]++)
            for (cols[1] = 0; cols[1] < 9; cols[1]++)
                for (cols[2] = 0; cols[2] < 9; cols[2]++) {
                    bool boxes_differ = cols[0] / 3 != cols[1] / 3 && cols[0] / 3 != cols[2] / 3 &&
                                        cols[1] / 3 != cols[2] / 3;
                    if (!boxes_differ || !fits(cols, set)) continue;
                    for (int r = 0; r < 3; r++) /* the whole minirow used */
                        cells |= 7u << (9 * r + cols[r] / 3 * 3);
                }
        assert_int_equal(sudoku_band_allowed[set], cells);
    }
}

static void row_minirows_are_the_boxes_a_row_has_cells_in(void **state)
{
    (void)state;
    for (unsigned row = 0; row < 512; row++) {
        unsigned expected = 0;
        for (int col = 0; col < 9; col++)
            if (row >> col & 1u) expected |= 1u << (col / 3);
        assert_int_equal(sudoku_row_minirows[row], expected);
    }
}

static void locked_columns_are_those_alone_in_their_box(void **state)
{
    (void)state;
    for (unsigned cols = 0; cols < 512; cols++) {
        unsigned expected = 0;
        for (int c = 0; c < 9; c++) {
            int in_box = 0;
            for (int k = c / 3 * 3; k < c / 3 * 3 + 3; k++) in_box += cols >> k & 1u;
            if ((cols >> c & 1u) && in_box == 1) expected |= 1u << c;
        }
        assert_int_equal(sudoku_locked_columns[cols], expected);
    }
}

static void claimed_columns_leave_only_the_needed_one_of_a_box(void **state)
{
    (void)state;
    for (unsigned needed = 0; needed < 512; needed++) {
        unsigned expected = 0;
        for (int c = 0; c < 9; c++) {
            bool usable = true; /* every needed column of c's box is c itself */
            for (int k = c / 3 * 3; k < c / 3 * 3 + 3; k++)
                if ((needed >> k & 1u) && k != c) usable = false;
            if (usable) expected |= 1u << c;
        }
        assert_int_equal(sudoku_claimed_columns[needed], expected);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(units_hold_their_cells_in_order),
        cmocka_unit_test(each_cell_knows_its_row_column_and_box),
        cmocka_unit_test(each_cell_knows_its_place_in_its_units),
        cmocka_unit_test(nine_count_counts_the_bits),
        cmocka_unit_test(peer_bits_are_the_peers),
        cmocka_unit_test(unit_bits_are_the_units_cells),
        cmocka_unit_test(peers_are_the_twenty_cells_sharing_a_unit),
        cmocka_unit_test(band_allowed_is_the_union_of_the_placements_that_fit),
        cmocka_unit_test(row_minirows_are_the_boxes_a_row_has_cells_in),
        cmocka_unit_test(locked_columns_are_those_alone_in_their_box),
        cmocka_unit_test(claimed_columns_leave_only_the_needed_one_of_a_box),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
