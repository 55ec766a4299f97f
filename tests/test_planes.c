/*
 * test_planes.c: the digit-plane engine search runs on. Each rule is shown
 * on a board built by hand (a digit confined to one row of a box, to one box
 * of a row, to one column across the bands; the triad rules), contradictions
 * are caught, on real puzzles propagation keeps every digit of the solution
 * (checked independently) while removing at least what singles remove, and
 * the guess is a digit's configurations in a band or stack, found here again
 * by trying the six permutations on the board's cells.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "checker.h"
#include "fixtures.h"
#include "solve/planes.h"

/* Norvig's "hardest" list and a 17-clue puzzle: most of them need search. */
static const char *puzzles[] = {
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
};

static bool has(const sudoku_planes *p, int cell, int digit)
{
    return p->cells[9 * (cell / 27) + digit - 1] >> (cell % 27) & 1u;
}

static int cell_at(int row, int col)
{
    return 9 * row + col;
}

/* A board where every digit may go everywhere, but digit leaves the cells for
 * which gone(cell) holds. */
static void open_board_without(sudoku_planes *p, int digit, bool (*gone)(int cell))
{
    sudoku_board board;
    sudoku_board_init(&board);
    for (int cell = 0; cell < 81; cell++)
        if (gone(cell)) board.candidates[cell] &= (uint16_t) ~(1u << (digit - 1));
    sudoku_planes_from_board(p, &board);
}

/* Box 0 minus its top row. */
static bool box0_below_top(int cell)
{
    return cell / 9 < 3 && cell % 9 < 3 && cell / 9 > 0;
}

static void a_digit_confined_to_one_row_of_a_box_leaves_the_rest_of_the_row(void **state)
{
    (void)state;
    sudoku_planes p;
    open_board_without(&p, 5, box0_below_top);
    assert_true(sudoku_planes_propagate(&p, NULL));
    for (int col = 3; col < 9; col++) assert_false(has(&p, cell_at(0, col), 5));
    for (int col = 0; col < 3; col++) assert_true(has(&p, cell_at(0, col), 5));
    assert_true(has(&p, cell_at(1, 5), 5)); /* the rows below keep it */
}

/* Row 4 outside box 4 (columns 3-5). */
static bool row4_outside_box4(int cell)
{
    return cell / 9 == 4 && (cell % 9 < 3 || cell % 9 > 5);
}

static void a_digit_confined_to_one_box_of_a_row_leaves_the_rest_of_the_box(void **state)
{
    (void)state;
    sudoku_planes p;
    open_board_without(&p, 7, row4_outside_box4);
    assert_true(sudoku_planes_propagate(&p, NULL));
    for (int col = 3; col < 6; col++) {
        assert_false(has(&p, cell_at(3, col), 7));
        assert_false(has(&p, cell_at(5, col), 7));
        assert_true(has(&p, cell_at(4, col), 7));
    }
}

/* Column 2 below the top band, and column 1 of the top band: the top band
 * then must hold the digit in column 2, and its box 0 only there. */
static bool column2_low_and_column1_high(int cell)
{
    int row = cell / 9, col = cell % 9;
    return (col == 2 && row >= 3) || (col == 1 && row < 3);
}

static void a_column_the_other_bands_lost_is_used_by_this_band(void **state)
{
    (void)state;
    sudoku_planes p;
    open_board_without(&p, 3, column2_low_and_column1_high);
    assert_true(sudoku_planes_propagate(&p, NULL));
    for (int row = 0; row < 3; row++) {
        assert_false(has(&p, cell_at(row, 0), 3));
        assert_true(has(&p, cell_at(row, 2), 3));
    }
}

/* Column 4 everywhere: no place for the digit in that column. */
static bool column4(int cell)
{
    return cell % 9 == 4;
}

/* Row 8: no place in that row. */
static bool row8(int cell)
{
    return cell / 9 == 8;
}

static void a_unit_without_a_place_for_a_digit_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_planes p;
    open_board_without(&p, 2, column4);
    assert_false(sudoku_planes_propagate(&p, NULL));
    open_board_without(&p, 9, row8);
    assert_false(sudoku_planes_propagate(&p, NULL));
}

static void a_cell_without_candidates_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    board.candidates[40] = 0;
    sudoku_planes_from_board(&p, &board);
    assert_false(sudoku_planes_propagate(&p, NULL));
}

static void clashing_givens_and_values_above_nine_are_refused(void **state)
{
    (void)state;
    static const int other[] = {8, 72, 20}; /* same row, column, box as cell 0 */
    sudoku_planes p;
    for (int i = 0; i < 3; i++) {
        sudoku_grid g = {{0}};
        g.cell[0] = 4;
        g.cell[other[i]] = 4;
        assert_false(sudoku_planes_from_grid(&p, &g));
    }
    sudoku_grid g = {{0}};
    g.cell[30] = 10;
    assert_false(sudoku_planes_from_grid(&p, &g));
    g.cell[30] = 9;
    assert_true(sudoku_planes_from_grid(&p, &g));
}

static void assign_and_eliminate_report_contradictions(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_planes p;
    grid_from(hard1, &g);
    assert_true(sudoku_planes_from_grid(&p, &g));
    assert_true(sudoku_planes_propagate(&p, NULL));
    /* hard1 has a 4 at cell 0: no other digit fits there */
    assert_false(sudoku_planes_assign(&p, 0, 5, NULL));
    assert_true(sudoku_planes_from_grid(&p, &g));
    assert_false(sudoku_planes_eliminate(&p, 0, 4, NULL));
}

/* Triads. The cells (row, column) of box 4 but r4c6 and r6c6 (rows 3 and
 * 5, column 5 from 0) lose digits 1, 4 and 8: three digits left two cells,
 * which singles and locked candidates never notice. */
static void three_digits_in_two_cells_are_a_contradiction(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    for (int row = 3; row < 6; row++)
        for (int col = 3; col < 6; col++)
            if (!(col == 5 && row != 4))
                board.candidates[cell_at(row, col)] &= (uint16_t) ~(1u | 8u | 128u);
    sudoku_planes_from_board(&p, &board);
    assert_false(sudoku_planes_propagate(&p, NULL));
}

/* A minirow left three digits holds all three: they leave the rest of its
 * row and box, not its columns. */
static void a_minirow_with_three_digits_holds_them(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    for (int col = 0; col < 3; col++) board.candidates[cell_at(0, col)] = 1u | 2u | 4u;
    sudoku_planes_from_board(&p, &board);
    assert_true(sudoku_planes_propagate(&p, NULL));
    for (int d = 1; d <= 3; d++) {
        for (int col = 3; col < 9; col++) assert_false(has(&p, cell_at(0, col), d));
        for (int cell = 9; cell < 27; cell++)
            if (cell % 9 < 3) assert_false(has(&p, cell, d));
        assert_true(has(&p, cell_at(5, 1), d));
        assert_true(has(&p, cell_at(1, 4), d));
    }
}

/* Three digits confined to one minirow in their row fill it: no other digit
 * stays in its cells. */
static void a_minirow_three_digits_must_take_keeps_nothing_else(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    for (int col = 3; col < 9; col++)
        board.candidates[cell_at(4, col)] &= (uint16_t) ~(2u | 16u | 256u);
    sudoku_planes_from_board(&p, &board);
    assert_true(sudoku_planes_propagate(&p, NULL));
    for (int col = 0; col < 3; col++)
        for (int d = 1; d <= 9; d++)
            assert_int_equal(has(&p, cell_at(4, col), d), d == 2 || d == 5 || d == 9);
    assert_true(has(&p, cell_at(3, 0), 7));
}

/* Two digits for the three cells of a minirow: a contradiction. */
static void a_minirow_left_two_digits_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    for (int row = 6; row < 9; row++) board.candidates[cell_at(row, 7)] = 8u | 64u;
    sudoku_planes_from_board(&p, &board);
    assert_false(sudoku_planes_propagate(&p, NULL));
}

/* Solves s (unique) and returns the solution as 81 characters, checked by
 * the independent checker. */
static void checked_solution(const char *s, char out[82])
{
    sudoku_grid g;
    sudoku_result r;
    grid_from(s, &g);
    assert_int_equal(sudoku_solve(&g, 2, &r), 1);
    sudoku_format_line(&r.solution, out, 82);
    assert_null(check_solution(s, out));
}

/* Propagation keeps the solution's digits and is at least as strong as
 * singles, from the puzzle and after each right assignment in turn. */
static void propagation_keeps_the_solution_and_beats_singles(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof puzzles / sizeof *puzzles; i++) {
        char solution[82];
        checked_solution(puzzles[i], solution);
        sudoku_grid g;
        sudoku_board singles;
        sudoku_planes p;
        grid_from(puzzles[i], &g);
        assert_true(sudoku_planes_from_grid(&p, &g));
        for (int step = 0; step < 81; step += 7) {
            assert_true(sudoku_planes_propagate(&p, NULL));
            assert_true(sudoku_propagate(&g, &singles));
            for (int cell = 0; cell < 81; cell++) {
                assert_true(has(&p, cell, solution[cell] - '0'));
                for (int d = 1; d <= 9; d++)
                    if (has(&p, cell, d)) assert_true(singles.candidates[cell] >> (d - 1) & 1u);
            }
            g.cell[step] = (uint8_t)(solution[step] - '0');
            assert_true(sudoku_planes_assign(&p, step, solution[step] - '0', NULL));
        }
    }
}

/* The six ways a digit takes one minirow per row and per box of a band
 * (one minicolumn per box and per column of a stack): perm[k][i] is the
 * box (column of the stack) taken in row (band) i. */
static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Whether digit has a cell in band (0-2) or stack (3-5) where at line i
 * (row of the band, band of the stack) and j (box of the band, column of the
 * stack). */
static bool occupies(const sudoku_planes *p, int digit, int where, int i, int j)
{
    for (int k = 0; k < 3; k++) {
        int cell =
            where < 3 ? 9 * (3 * where + i) + 3 * j + k : 9 * (3 * i + k) + 3 * (where - 3) + j;
        if (has(p, cell, digit)) return true;
    }
    return false;
}

/* The permutations (bit k for perm[k]) whose three places the digit still
 * has in a band or stack. */
static unsigned permutations_left(const sudoku_planes *p, int digit, int where)
{
    unsigned left = 0;
    for (int k = 0; k < 6; k++) {
        bool fits = true;
        for (int i = 0; i < 3; i++) fits = fits && occupies(p, digit, where, i, perm[k][i]);
        if (fits) left |= 1u << k;
    }
    return left;
}

static int bits(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* The guess is a digit with the fewest configurations (two or more) of its
 * band or stack, offering exactly the configurations that fit; taking each in
 * turn finds the solution in exactly one of them. */
static void the_guess_is_a_digit_with_fewest_configurations(void **state)
{
    (void)state;
    int guessed = 0;
    for (size_t i = 0; i < sizeof puzzles / sizeof *puzzles; i++) {
        char solution[82];
        checked_solution(puzzles[i], solution);
        sudoku_grid g;
        sudoku_planes p;
        sudoku_triads view;
        sudoku_branch branch;
        grid_from(puzzles[i], &g);
        assert_true(sudoku_planes_from_grid(&p, &g));
        assert_true(sudoku_planes_propagate(&p, &view));
        if (!sudoku_planes_choose(&p, &view, &branch)) continue; /* propagation solved it */
        guessed++;
        assert_true(branch.kind == SUDOKU_BRANCH_BAND || branch.kind == SUDOKU_BRANCH_STACK);
        int where = branch.where + (branch.kind == SUDOKU_BRANCH_STACK ? 3 : 0),
            digit = branch.digit + 1;
        assert_int_equal(branch.options, permutations_left(&p, digit, where));
        assert_true(bits(branch.options) >= 2);
        for (int d = 1; d <= 9; d++) {
            int n = bits(permutations_left(&p, d, where));
            assert_true(n == 1 || n >= bits(branch.options));
        }
        int found = 0;
        for (unsigned o = branch.options; o; o &= o - 1) {
            sudoku_planes q = p;
            int k = 0;
            while (!(o >> k & 1u)) k++;
            if (!sudoku_planes_take(&q, &branch, k, NULL)) continue;
            bool has_solution = true;
            for (int cell = 0; cell < 81; cell++)
                has_solution = has_solution && has(&q, cell, solution[cell] - '0');
            found += has_solution;
        }
        assert_int_equal(found, 1);
    }
    assert_true(guessed >= 2);
}

static void a_solved_board_has_nothing_to_guess_and_reads_back(void **state)
{
    (void)state;
    char solution[82], back[82];
    checked_solution(hard1, solution);
    sudoku_grid g, out;
    sudoku_planes p;
    sudoku_triads view;
    sudoku_branch branch;
    grid_from(solution, &g);
    assert_true(sudoku_planes_from_grid(&p, &g));
    assert_true(sudoku_planes_propagate(&p, &view));
    assert_false(sudoku_planes_choose(&p, &view, &branch));
    memset(&out, 0, sizeof out);
    sudoku_planes_to_grid(&p, &out);
    sudoku_format_line(&out, back, sizeof back);
    assert_string_equal(back, solution);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_digit_confined_to_one_row_of_a_box_leaves_the_rest_of_the_row),
        cmocka_unit_test(a_digit_confined_to_one_box_of_a_row_leaves_the_rest_of_the_box),
        cmocka_unit_test(a_column_the_other_bands_lost_is_used_by_this_band),
        cmocka_unit_test(a_unit_without_a_place_for_a_digit_is_a_contradiction),
        cmocka_unit_test(a_cell_without_candidates_is_a_contradiction),
        cmocka_unit_test(clashing_givens_and_values_above_nine_are_refused),
        cmocka_unit_test(assign_and_eliminate_report_contradictions),
        cmocka_unit_test(three_digits_in_two_cells_are_a_contradiction),
        cmocka_unit_test(a_minirow_with_three_digits_holds_them),
        cmocka_unit_test(a_minirow_three_digits_must_take_keeps_nothing_else),
        cmocka_unit_test(a_minirow_left_two_digits_is_a_contradiction),
        cmocka_unit_test(propagation_keeps_the_solution_and_beats_singles),
        cmocka_unit_test(the_guess_is_a_digit_with_fewest_configurations),
        cmocka_unit_test(a_solved_board_has_nothing_to_guess_and_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
