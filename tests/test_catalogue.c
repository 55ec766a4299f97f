/*
 * test_catalogue.c: the logic engine's table of techniques
 * (src/logic/catalogue.c): a row for each technique, in its place, with a
 * column for each scale (SE's rows first, then those only HoDoKu has);
 * names the printer shows; Sudoku Explainer's order, which is by rating;
 * HoDoKu's order, each of its techniques once; and the
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

/* True if a and b are both NULL or the same text. */
static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Row t is technique t, on SE's scale (a name and a finder: the rows
 * before the first HoDoKu alone has), on HoDoKu's (a name, a code, a
 * level, a score and a finder; Give Up, which ends a stuck path, has no
 * finder), or on both; each scale's names and codes are its own once. */
static void test_a_row_each_in_its_place(void **state)
{
    (void)state;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        const logic_technique *row = &logic_catalogue[t];
        assert_int_equal(row->id, t);
        bool se = row->name != NULL, hodoku = row->hodoku.name != NULL;
        assert_true(se || hodoku);
        assert_int_equal(se, row->find != NULL);
        assert_int_equal(se, t < SUDOKU_FULL_HOUSE);
        assert_non_null(row->sees);
        assert_true((unsigned)row->family < LOGIC_FAMILIES);
        assert_string_not_equal(logic_family_name(row->family), "Unknown family");
        if (se) assert_true(row->name[0] != '\0');
        if (hodoku) {
            assert_true(row->hodoku.name[0] != '\0');
            assert_true(row->hodoku.code && row->hodoku.code[0] != '\0');
            assert_int_equal(row->hodoku.find != NULL, t != SUDOKU_GIVE_UP);
            assert_in_range(row->hodoku.level, SUDOKU_LEVEL_EASY, SUDOKU_LEVEL_EXTREME);
            assert_true(row->hodoku.score > 0);
        } else {
            assert_null(row->hodoku.find);
        }
        for (int u = 0; u < t; u++) {
            const logic_technique *other = &logic_catalogue[u];
            if (se && other->name) assert_string_not_equal(row->name, other->name);
            if (hodoku && other->hodoku.name) {
                assert_string_not_equal(row->hodoku.name, other->hodoku.name);
                assert_string_not_equal(row->hodoku.code, other->hodoku.code);
            }
        }
    }
}

static void test_names_are_the_rows(void **state)
{
    (void)state;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        const logic_technique *row = &logic_catalogue[t];
        sudoku_technique technique = (sudoku_technique)t;
        /* SE's name where it has one (explain's default scale), else HoDoKu's */
        assert_string_equal(sudoku_technique_name(technique),
                            row->name ? row->name : row->hodoku.name);
        assert_true(same_text(sudoku_technique_name_on(technique, SUDOKU_SCALE_SE), row->name));
        assert_true(
            same_text(sudoku_technique_name_on(technique, SUDOKU_SCALE_HODOKU), row->hodoku.name));
        assert_true(same_text(sudoku_technique_code(technique), row->hodoku.code));
    }
    assert_string_equal(sudoku_technique_name(SUDOKU_TECHNIQUES), "Unknown technique");
    assert_string_equal(sudoku_technique_name((sudoku_technique)-1), "Unknown technique");
}

/* HoDoKu's order: each technique of its scale once, Give Up last; the
 * library gives both scales' orders. */
static void test_hodoku_order(void **state)
{
    (void)state;
    bool listed[SUDOKU_TECHNIQUES] = {false};
    int on_scale = 0;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) on_scale += logic_catalogue[t].hodoku.name != NULL;
    assert_int_equal(logic_hodoku_techniques, on_scale);
    sudoku_technique order[SUDOKU_TECHNIQUES];
    assert_int_equal(sudoku_technique_order(SUDOKU_SCALE_HODOKU, order), on_scale);
    for (int i = 0; i < logic_hodoku_techniques; i++) {
        sudoku_technique t = logic_hodoku_order[i];
        assert_int_equal(order[i], t);
        assert_in_range(t, 0, SUDOKU_TECHNIQUES - 1);
        assert_non_null(logic_catalogue[t].hodoku.name);
        assert_false(listed[t]);
        listed[t] = true;
    }
    assert_int_equal(logic_hodoku_order[logic_hodoku_techniques - 1], SUDOKU_GIVE_UP);
    int n = sudoku_technique_order(SUDOKU_SCALE_SE, order);
    assert_int_equal(n, SUDOKU_FULL_HOUSE);
    for (int i = 0; i < n; i++) assert_int_equal(order[i], i);
}

/* SE tries its techniques in order of rating: the order of its rows. */
static void test_order_is_by_rating(void **state)
{
    (void)state;
    for (int t = 1; t < SUDOKU_FULL_HOUSE; t++) {
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
        cmocka_unit_test(test_hodoku_order),
        cmocka_unit_test(test_shared_rows),
        cmocka_unit_test(test_flags_leave_rows_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
