/*
 * test_planes.c: the digit-plane engine search runs on. Each rule is shown
 * on a board built by hand (a digit confined to one row of a box, to one box
 * of a row, to one column across the bands), contradictions are caught, and
 * on real puzzles propagation keeps every digit of the solution (checked
 * independently) while removing at least what singles remove.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "checker.h"
#include "fixtures.h"
#include "internal.h"

/* Norvig's "hardest" list and a 17-clue puzzle: most of them need search. */
static const char *puzzles[] = {
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
};

static bool has(const sudoku_planes *p, int cell, int digit)
{
    return p->cells[3 * (digit - 1) + cell / 27] >> (cell % 27) & 1u;
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
    assert_true(sudoku_planes_propagate(&p));
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
    assert_true(sudoku_planes_propagate(&p));
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
    assert_true(sudoku_planes_propagate(&p));
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
    assert_false(sudoku_planes_propagate(&p));
    open_board_without(&p, 9, row8);
    assert_false(sudoku_planes_propagate(&p));
}

static void a_cell_without_candidates_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_board board;
    sudoku_planes p;
    sudoku_board_init(&board);
    board.candidates[40] = 0;
    sudoku_planes_from_board(&p, &board);
    assert_false(sudoku_planes_propagate(&p));
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
    assert_true(sudoku_planes_propagate(&p));
    /* hard1 has a 4 at cell 0: no other digit fits there */
    assert_false(sudoku_planes_assign(&p, 0, 5));
    assert_true(sudoku_planes_from_grid(&p, &g));
    assert_false(sudoku_planes_eliminate(&p, 0, 4));
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
            assert_true(sudoku_planes_propagate(&p));
            assert_true(sudoku_propagate(&g, &singles));
            for (int cell = 0; cell < 81; cell++) {
                assert_true(has(&p, cell, solution[cell] - '0'));
                for (int d = 1; d <= 9; d++)
                    if (has(&p, cell, d)) assert_true(singles.candidates[cell] >> (d - 1) & 1u);
            }
            g.cell[step] = (uint8_t)(solution[step] - '0');
            assert_true(sudoku_planes_assign(&p, step, solution[step] - '0'));
        }
    }
}

static void the_guess_is_a_two_candidate_cell_when_there_is_one(void **state)
{
    (void)state;
    int guessed = 0;
    for (size_t i = 0; i < sizeof puzzles / sizeof *puzzles; i++) {
        sudoku_grid g;
        sudoku_planes p;
        unsigned digits = 0;
        grid_from(puzzles[i], &g);
        assert_true(sudoku_planes_from_grid(&p, &g));
        assert_true(sudoku_planes_propagate(&p));
        int cell = sudoku_planes_choose_cell(&p, &digits);
        if (cell < 0) continue; /* propagation solved it */
        assert_in_range(cell, 0, 80);
        guessed++;
        int fewest = 10;
        for (int other = 0; other < 81; other++) {
            int n = 0;
            for (int d = 1; d <= 9; d++) n += has(&p, other, d);
            if (n > 1 && n < fewest) fewest = n;
        }
        int n = 0;
        for (int d = 1; d <= 9; d++) {
            assert_int_equal(has(&p, cell, d), (digits >> (d - 1)) & 1u);
            n += has(&p, cell, d);
        }
        assert_int_equal(n, fewest);
    }
    assert_true(guessed >= 2);
}

static void a_solved_board_has_no_cell_to_guess_and_reads_back(void **state)
{
    (void)state;
    char solution[82], back[82];
    checked_solution(hard1, solution);
    sudoku_grid g, out;
    sudoku_planes p;
    unsigned digits;
    grid_from(solution, &g);
    assert_true(sudoku_planes_from_grid(&p, &g));
    assert_true(sudoku_planes_propagate(&p));
    assert_int_equal(sudoku_planes_choose_cell(&p, &digits), -1);
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
        cmocka_unit_test(propagation_keeps_the_solution_and_beats_singles),
        cmocka_unit_test(the_guess_is_a_two_candidate_cell_when_there_is_one),
        cmocka_unit_test(a_solved_board_has_no_cell_to_guess_and_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
