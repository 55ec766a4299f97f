/*
 * test_propagate.c: the constraint engine: assign, eliminate, naked and
 * hidden singles, contradictions, and the state Norvig's essay prints.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "checker.h"
#include "fixtures.h"
#include "sudoku.h"

#define BIT(d) (1u << ((d)-1))

static bool peers(int a, int b)
{
    return a != b &&
           (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3));
}

static void init_gives_every_cell_all_nine(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    for (int c = 0; c < 81; c++) assert_int_equal(b.candidates[c], 0x1FF);
    assert_false(sudoku_board_solved(&b));
}

static void assign_removes_the_digit_from_peers_only(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    assert_true(sudoku_assign(&b, 40, 5));
    assert_int_equal(b.candidates[40], BIT(5));
    for (int c = 0; c < 81; c++) {
        if (c == 40) continue;
        if (peers(c, 40))
            assert_int_equal(b.candidates[c], 0x1FF & ~BIT(5));
        else
            assert_int_equal(b.candidates[c], 0x1FF);
    }
}

static void assigning_a_removed_digit_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    assert_true(sudoku_assign(&b, 0, 5));
    assert_false(sudoku_assign(&b, 1, 5));
}

static void out_of_range_moves_are_refused(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    assert_false(sudoku_assign(&b, 81, 1));
    assert_false(sudoku_assign(&b, -1, 1));
    assert_false(sudoku_assign(&b, 0, 0));
    assert_false(sudoku_eliminate(&b, 0, 10));
}

static void a_naked_single_spreads_to_its_peers(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    for (int d = 1; d <= 7; d++) assert_true(sudoku_eliminate(&b, 0, d));
    assert_int_equal(b.candidates[0], BIT(8) | BIT(9));
    assert_int_equal(b.candidates[1], 0x1FF);
    assert_true(sudoku_eliminate(&b, 0, 8));
    assert_int_equal(b.candidates[0], BIT(9));
    assert_int_equal(b.candidates[1], 0x1FF & ~BIT(9));  /* row */
    assert_int_equal(b.candidates[72], 0x1FF & ~BIT(9)); /* column */
    assert_int_equal(b.candidates[20], 0x1FF & ~BIT(9)); /* box */
}

static void eliminating_the_last_candidate_is_a_contradiction(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    assert_true(sudoku_assign(&b, 0, 3));
    assert_false(sudoku_eliminate(&b, 0, 3));
}

static void a_hidden_single_is_placed(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_board_init(&b);
    /* Take digit 1 out of row 1's first eight cells: it has one place left. */
    for (int c = 0; c < 7; c++) assert_true(sudoku_eliminate(&b, c, 1));
    assert_int_equal(b.candidates[8], 0x1FF);
    assert_true(sudoku_eliminate(&b, 7, 1));
    assert_int_equal(b.candidates[8], BIT(1));
    assert_int_equal(b.candidates[17], 0x1FF & ~BIT(1)); /* its column lost 1 */
}

static void propagation_alone_solves_the_easy_puzzle(void **state)
{
    (void)state;
    sudoku_grid g, solved;
    sudoku_board b;
    char line[82];
    grid_from(easy1, &g);
    assert_true(sudoku_propagate(&g, &b));
    assert_true(sudoku_board_solved(&b));
    sudoku_board_to_grid(&b, &solved);
    sudoku_format_line(&solved, line, sizeof line);
    assert_null(check_solution(easy1, line));
}

static void propagation_reaches_the_state_in_design_md(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_board b;
    char text[SUDOKU_TEXT_MAX];
    grid_from(hard1, &g);
    assert_true(sudoku_propagate(&g, &b));
    assert_false(sudoku_board_solved(&b));
    sudoku_format_candidates(&b, text, sizeof text);
    assert_string_equal(text, hard1_candidates);
}

static void propagation_keeps_the_true_digit_and_clears_solved_ones(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_board b;
    sudoku_result r;
    char solution[82];
    grid_from(hard1, &g);
    assert_int_equal(sudoku_solve(&g, 1, &r), 1);
    sudoku_format_line(&r.solution, solution, sizeof solution);
    assert_null(check_solution(hard1, solution));
    assert_true(sudoku_propagate(&g, &b));
    for (int c = 0; c < 81; c++) {
        assert_true(b.candidates[c] & BIT(solution[c] - '0'));
        unsigned m = b.candidates[c];
        if (m & (m - 1)) continue;
        for (int p = 0; p < 81; p++)
            if (peers(c, p)) assert_false(b.candidates[p] & m);
    }
}

static void propagation_reports_a_contradiction(void **state)
{
    (void)state;
    /* Row 1 holds 1-8, so r1c9 must be 9, but column 9 already has a 9. */
    char s[82];
    memset(s, '.', 81);
    s[81] = '\0';
    memcpy(s, "12345678", 8);
    s[80] = '9';
    sudoku_grid g;
    sudoku_board b;
    grid_from(s, &g);
    assert_false(sudoku_propagate(&g, &b));
}

static void clashing_givens_are_a_contradiction(void **state)
{
    (void)state;
    char s[82];
    memset(s, '.', 81);
    s[81] = '\0';
    s[0] = s[5] = '7';
    sudoku_grid g;
    sudoku_board b;
    grid_from(s, &g);
    assert_false(sudoku_propagate(&g, &b));
}

static void a_cell_value_above_nine_is_refused(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_board b;
    memset(&g, 0, sizeof g);
    g.cell[3] = 10;
    assert_false(sudoku_propagate(&g, &b));
}

static void board_to_grid_keeps_only_single_candidates(void **state)
{
    (void)state;
    sudoku_board b;
    sudoku_grid g;
    sudoku_board_init(&b);
    assert_true(sudoku_assign(&b, 10, 4));
    sudoku_board_to_grid(&b, &g);
    for (int c = 0; c < 81; c++) assert_int_equal(g.cell[c], c == 10 ? 4 : 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(init_gives_every_cell_all_nine),
        cmocka_unit_test(assign_removes_the_digit_from_peers_only),
        cmocka_unit_test(assigning_a_removed_digit_is_a_contradiction),
        cmocka_unit_test(out_of_range_moves_are_refused),
        cmocka_unit_test(a_naked_single_spreads_to_its_peers),
        cmocka_unit_test(eliminating_the_last_candidate_is_a_contradiction),
        cmocka_unit_test(a_hidden_single_is_placed),
        cmocka_unit_test(propagation_alone_solves_the_easy_puzzle),
        cmocka_unit_test(propagation_reaches_the_state_in_design_md),
        cmocka_unit_test(propagation_keeps_the_true_digit_and_clears_solved_ones),
        cmocka_unit_test(propagation_reports_a_contradiction),
        cmocka_unit_test(clashing_givens_are_a_contradiction),
        cmocka_unit_test(a_cell_value_above_nine_is_refused),
        cmocka_unit_test(board_to_grid_keeps_only_single_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
