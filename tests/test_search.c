/*
 * test_search.c: the depth-first search: first solutions, counting up to a
 * limit, no-solution puzzles, guess counts, and solving from several threads
 * at once (the library is reentrant). Every solution is checked by the
 * independent checker.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <pthread.h>
#include <string.h>

#include "checker.h"
#include "fixtures.h"
#include "sudoku.h"

/* Norvig's "hardest" list, and a 17-clue puzzle. */
static const char *others[] = {
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
};

static void line_of(const sudoku_grid *g, char out[82])
{
    sudoku_format_line(g, out, 82);
}

/* Solves s with the given limit and checks the first solution independently. */
static unsigned long solve_checked(const char *s, unsigned long limit, sudoku_result *r)
{
    sudoku_grid g;
    grid_from(s, &g);
    unsigned long n = sudoku_solve(&g, limit, r);
    if (n > 0) {
        char line[82];
        line_of(&r->solution, line);
        assert_null(check_solution(s, line));
    }
    return n;
}

static void hard_puzzles_have_one_checked_solution(void **state)
{
    (void)state;
    sudoku_result r;
    unsigned long guesses = 0;
    assert_int_equal(solve_checked(hard1, 2, &r), 1);
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        assert_int_equal(solve_checked(others[i], 2, &r), 1);
        guesses += r.guesses;
    }
    assert_true(guesses > 0); /* these need the search, not propagation alone */
}

static void a_puzzle_solved_by_propagation_needs_no_guess(void **state)
{
    (void)state;
    sudoku_result r;
    assert_int_equal(solve_checked(easy1, 2, &r), 1);
    assert_int_equal(r.guesses, 0);
}

/* Few clues and no solution: three digits left two cells of a box (the
 * second puzzle: 1, 4 and 8 in r4c6 and r6c6), or the like one guess deeper
 * for singles. Propagation with the triad rules refutes each before any
 * guess; without them the search took millions (issue 15). Norvig's
 * "impossible" puzzle is the third. */
static void few_clue_puzzles_without_solution_are_refuted_without_guessing(void **state)
{
    (void)state;
    static const char *unsolvable[] = {
        ".....7.5.................6.......2...645...........3.........4...........2.......",
        "...14...6...8..4...........2.........7...5...............48.................1....",
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
    };
    for (size_t i = 0; i < sizeof unsolvable / sizeof *unsolvable; i++) {
        sudoku_result r;
        assert_int_equal(solve_checked(unsolvable[i], 2, &r), 0);
        assert_int_equal(r.guesses, 0);
    }
}

static void the_empty_grid_counts_up_to_the_limit(void **state)
{
    (void)state;
    sudoku_result r;
    char empty[82];
    memset(empty, '.', 81);
    empty[81] = '\0';
    assert_int_equal(solve_checked(empty, 1000, &r), 1000);
    assert_int_equal(solve_checked(empty, 1, &r), 1);
    assert_int_equal(solve_checked(empty, 0, &r), 1); /* 0 is taken as 1 */
}

/* Blanks a "deadly rectangle" of a solved grid: two rows of one band, two
 * columns of different boxes, whose corners hold a,b / b,a. Either way round
 * completes the grid, so the puzzle has exactly two solutions. */
static bool make_two_solution_puzzle(const char *solution, char out[82])
{
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < 9 && r2 / 3 == r1 / 3; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if (c1 / 3 == c2 / 3) continue;
                    char a = solution[r1 * 9 + c1], b = solution[r1 * 9 + c2];
                    if (solution[r2 * 9 + c1] != b || solution[r2 * 9 + c2] != a) continue;
                    memcpy(out, solution, 82);
                    out[r1 * 9 + c1] = out[r1 * 9 + c2] = '.';
                    out[r2 * 9 + c1] = out[r2 * 9 + c2] = '.';
                    return true;
                }
    return false;
}

static void a_deadly_rectangle_counts_exactly_two(void **state)
{
    (void)state;
    sudoku_result r;
    char solution[82] = "", puzzle[82] = "", swapped[82], first[82];
    bool made = false;
    /* Try the solutions of several puzzles until one has such a rectangle. */
    const char *sources[] = {hard1, easy1, others[0], others[1], others[2], others[3]};
    for (size_t i = 0; i < 6 && !made; i++) {
        assert_int_equal(solve_checked(sources[i], 1, &r), 1);
        line_of(&r.solution, solution);
        made = make_two_solution_puzzle(solution, puzzle);
    }
    assert_true(made);
    assert_int_equal(solve_checked(puzzle, 2, &r), 2);
    line_of(&r.solution, first);
    assert_int_equal(solve_checked(puzzle, 1000, &r), 2); /* exact: below the limit */
    assert_int_equal(solve_checked(puzzle, 1, &r), 1);

    /* The two solutions: the original grid, and the one with the corners
     * swapped; both pass the checker, and the first found is one of them. */
    memcpy(swapped, solution, 82);
    int blanks[4] = {0}, n = 0;
    for (int i = 0; i < 81; i++)
        if (puzzle[i] == '.') blanks[n++] = i;
    assert_int_equal(n, 4);
    swapped[blanks[0]] = solution[blanks[1]];
    swapped[blanks[1]] = solution[blanks[0]];
    swapped[blanks[2]] = solution[blanks[3]];
    swapped[blanks[3]] = solution[blanks[2]];
    assert_string_not_equal(swapped, solution);
    assert_null(check_solution(puzzle, solution));
    assert_null(check_solution(puzzle, swapped));
    assert_true(strcmp(first, solution) == 0 || strcmp(first, swapped) == 0);
}

static void an_unsolvable_puzzle_counts_zero(void **state)
{
    (void)state;
    sudoku_result r;
    char solution[82], s[82];
    assert_int_equal(solve_checked(hard1, 1, &r), 1);
    line_of(&r.solution, solution);
    /* hard1 has one solution, so giving any blank a different digit that
     * clashes with no given leaves a puzzle with none. */
    memcpy(s, hard1, 82);
    bool placed = false;
    for (int i = 0; i < 81 && !placed; i++) {
        if (s[i] != '.') continue;
        for (char d = '1'; d <= '9' && !placed; d++) {
            if (d == solution[i]) continue;
            s[i] = d;
            sudoku_grid g;
            grid_from(s, &g);
            placed = sudoku_check_givens(&g, NULL);
            if (!placed) s[i] = '.';
        }
    }
    assert_true(placed);
    assert_int_equal(solve_checked(s, 2, &r), 0);
    assert_int_equal(r.solutions, 0);
}

static void search_from_a_board_matches_solve(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_board b;
    sudoku_result a, c;
    grid_from(hard1, &g);
    assert_true(sudoku_propagate(&g, &b));
    assert_int_equal(sudoku_search(&b, 2, &a), 1);
    assert_int_equal(sudoku_solve(&g, 2, &c), 1);
    assert_memory_equal(a.solution.cell, c.solution.cell, 81);
    assert_int_equal(a.guesses, c.guesses);
}

typedef struct job {
    const char *puzzle;
    sudoku_grid solution;
    unsigned long count;
} job;

static void *solve_many_times(void *arg)
{
    job *j = arg;
    sudoku_grid g;
    sudoku_result r;
    grid_from(j->puzzle, &g);
    for (int i = 0; i < 200; i++) {
        j->count = sudoku_solve(&g, 2, &r);
        if (i > 0 && memcmp(&j->solution, &r.solution, sizeof r.solution) != 0) j->count = 99;
        j->solution = r.solution;
    }
    return NULL;
}

static void threads_solve_different_puzzles_at_once(void **state)
{
    (void)state;
    job jobs[4] = {
        {.puzzle = hard1}, {.puzzle = others[0]}, {.puzzle = others[1]}, {.puzzle = others[2]}};
    pthread_t threads[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, solve_many_times, &jobs[i]), 0);
    for (int i = 0; i < 4; i++) assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (int i = 0; i < 4; i++) {
        char line[82];
        assert_int_equal(jobs[i].count, 1);
        line_of(&jobs[i].solution, line);
        assert_null(check_solution(jobs[i].puzzle, line));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hard_puzzles_have_one_checked_solution),
        cmocka_unit_test(a_puzzle_solved_by_propagation_needs_no_guess),
        cmocka_unit_test(few_clue_puzzles_without_solution_are_refuted_without_guessing),
        cmocka_unit_test(the_empty_grid_counts_up_to_the_limit),
        cmocka_unit_test(a_deadly_rectangle_counts_exactly_two),
        cmocka_unit_test(an_unsolvable_puzzle_counts_zero),
        cmocka_unit_test(search_from_a_board_matches_solve),
        cmocka_unit_test(threads_solve_different_puzzles_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
