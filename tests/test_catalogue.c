/*
 * test_catalogue.c: the logic engine's table of techniques
 * (src/logic/catalogue.c): a row for each technique, in its place; names
 * the printer shows; Sudoku Explainer's order, which is by rating; and the
 * rows' flags as the engine's path honours them, on real puzzles (the
 * ratings each step gets are checked against the rows in
 * test_logic_path.c, on every step of its walks).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic/catalogue.h"
#include "sudoku.h"

static void test_a_row_each_in_its_place(void **state)
{
    (void)state;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        const logic_technique *row = &logic_catalogue[t];
        assert_int_equal(row->id, t);
        assert_non_null(row->name);
        assert_true(row->name[0] != '\0');
        assert_non_null(row->find);
        assert_non_null(row->sees);
        assert_true((unsigned)row->family < LOGIC_FAMILIES);
        assert_string_not_equal(logic_family_name(row->family), "Unknown family");
        for (int u = 0; u < t; u++) assert_string_not_equal(row->name, logic_catalogue[u].name);
    }
}

static void test_names_are_the_rows(void **state)
{
    (void)state;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++)
        assert_string_equal(sudoku_technique_name((sudoku_technique)t), logic_catalogue[t].name);
    assert_string_equal(sudoku_technique_name(SUDOKU_TECHNIQUES), "Unknown technique");
    assert_string_equal(sudoku_technique_name((sudoku_technique)-1), "Unknown technique");
}

/* SE tries its techniques in order of rating: the rows' order is that. */
static void test_order_is_by_rating(void **state)
{
    (void)state;
    for (int t = 1; t < SUDOKU_TECHNIQUES; t++) {
        if (logic_catalogue[t].se.least < logic_catalogue[t - 1].se.least)
            fail_msg("%s (%d) comes after %s (%d)", logic_catalogue[t].name,
                     logic_catalogue[t].se.least, logic_catalogue[t - 1].name,
                     logic_catalogue[t - 1].se.least);
    }
}

/* A row found with the one before it shares that row's finder. */
static void test_shared_rows(void **state)
{
    (void)state;
    int shared = 0;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        if (!(logic_catalogue[t].flags & LOGIC_WITH_PREVIOUS)) continue;
        assert_true(t > 0);
        assert_ptr_equal(logic_catalogue[t].find, logic_catalogue[t - 1].find);
        shared++;
    }
    assert_int_equal(shared, 1); /* unique loops, with rectangles */
}

/* The first row of a chain technique. */
static int first_chain_row(void)
{
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++)
        if (logic_catalogue[t].flags & LOGIC_CHAIN) return t;
    return SUDOKU_TECHNIQUES;
}

/* Walks the path of each puzzle of path with flags, failing on a step the
 * flags leave out; returns how many steps it saw of the techniques left
 * out without them (so that the test shows the flags had work to do). */
static int walk_file(const char *path, int puzzles, unsigned flags)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int seen = 0, walked = 0;
    while (walked < puzzles && fgets(line, sizeof line, f)) {
        sudoku_grid grid;
        if (line[0] == '#' || !sudoku_parse(line, strcspn(line, "\r\n"), &grid, NULL)) continue;
        for (int pass = 0; pass < 2; pass++) {
            sudoku_logic state;
            sudoku_step step;
            assert_true(sudoku_logic_from_grid(&state, &grid));
            unsigned with = pass ? flags : 0;
            while (sudoku_logic_next(&state, with, &step)) {
                const logic_technique *row = &logic_catalogue[step.technique];
                bool left_out = ((flags & SUDOKU_LOGIC_NO_UNIQUENESS) &&
                                 (row->flags & LOGIC_ASSUMES_UNIQUE)) ||
                                ((flags & SUDOKU_LOGIC_NO_CHAINS) &&
                                 (int)step.technique >= first_chain_row());
                if (left_out && pass) fail_msg("%s: a %s step under flags %u", path, row->name, flags);
                seen += left_out;
                sudoku_logic_apply(&state, &step);
            }
        }
        walked++;
    }
    fclose(f);
    return seen;
}

static void test_flags_leave_rows_out(void **state)
{
    (void)state;
    const char *dir = getenv("SHARED_PUZZLES");
    char path[1024];
    snprintf(path, sizeof path, "%s/top1465.txt", dir ? dir : "../shared/puzzles");
    FILE *probe = fopen(path, "r");
    if (!probe) {
        printf("(skipped: %s is absent)\n", path);
        skip();
    }
    fclose(probe);
    assert_true(walk_file(path, 40, SUDOKU_LOGIC_NO_UNIQUENESS) > 0);
    assert_true(walk_file(path, 10, SUDOKU_LOGIC_NO_CHAINS) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_row_each_in_its_place),
        cmocka_unit_test(test_names_are_the_rows),
        cmocka_unit_test(test_order_is_by_rating),
        cmocka_unit_test(test_shared_rows),
        cmocka_unit_test(test_flags_leave_rows_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
