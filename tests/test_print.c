/*
 * test_print.c: the text forms: 81-character lines, Norvig's grid, the
 * candidate grid's centring and widths, snprintf-style truncation, JSON.
 * Expected texts are written out by hand from the layout rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "sudoku.h"

static void board_all(sudoku_board *b, uint16_t mask)
{
    for (int i = 0; i < 81; i++) b->candidates[i] = mask;
}

static void line_writes_dots_for_blanks(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[100];
    grid_from(hard1, &g);
    assert_int_equal(sudoku_format_line(&g, buf, sizeof buf), 81);
    assert_string_equal(buf, hard1);
}

static const char *hard1_grid = "4 . . |. . . |8 . 5\n"
                                ". 3 . |. . . |. . .\n"
                                ". . . |7 . . |. . .\n"
                                "------+------+------\n"
                                ". 2 . |. . . |. 6 .\n"
                                ". . . |. 8 . |4 . .\n"
                                ". . . |. 1 . |. . .\n"
                                "------+------+------\n"
                                ". . . |6 . 3 |. 7 .\n"
                                "5 . . |2 . . |. . .\n"
                                "1 . 4 |. . . |. . .\n";

static void grid_uses_norvigs_layout_at_width_two(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[SUDOKU_TEXT_MAX];
    grid_from(hard1, &g);
    assert_int_equal(sudoku_format_grid(&g, buf, sizeof buf), strlen(hard1_grid));
    assert_string_equal(buf, hard1_grid);
}

static void short_buffers_truncate_and_report_the_full_length(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[16];
    grid_from(hard1, &g);
    memset(buf, 'Z', sizeof buf);
    assert_int_equal(sudoku_format_grid(&g, buf, 10), strlen(hard1_grid));
    assert_int_equal(strlen(buf), 9);
    assert_memory_equal(buf, hard1_grid, 9);
    assert_int_equal(buf[10], 'Z'); /* nothing past the given size */
    memset(buf, 'Z', sizeof buf);
    assert_int_equal(sudoku_format_line(&g, buf, 0), 81);
    assert_int_equal(buf[0], 'Z');
}

static void candidates_centre_like_python(void **state)
{
    (void)state;
    /* Widest cell has 2 candidates, so width 3: "12" -> " 12", "5" -> " 5 ". */
    sudoku_board b;
    char buf[SUDOKU_TEXT_MAX];
    board_all(&b, 1u << 4);
    b.candidates[0] = 0x3;
    sudoku_format_candidates(&b, buf, sizeof buf);
    const char *expected = " 12 5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           "---------+---------+---------\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           "---------+---------+---------\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n"
                           " 5  5  5 | 5  5  5 | 5  5  5\n";
    assert_string_equal(buf, expected);
}

static void nine_candidates_give_width_ten(void **state)
{
    (void)state;
    sudoku_board b;
    char buf[SUDOKU_TEXT_MAX];
    board_all(&b, 0x1FF);
    size_t n = sudoku_format_candidates(&b, buf, sizeof buf);
    const char *row = "123456789 123456789 123456789 |123456789 123456789 123456789 |"
                      "123456789 123456789 123456789\n";
    const char *rule = "------------------------------+------------------------------+"
                       "------------------------------\n";
    assert_memory_equal(buf, row, strlen(row));
    assert_memory_equal(buf + 3 * strlen(row), rule, strlen(rule));
    assert_int_equal(n, 9 * strlen(row) + 2 * strlen(rule));
    assert_true(n < SUDOKU_TEXT_MAX);
}

static void candidates_line_lists_every_set(void **state)
{
    (void)state;
    sudoku_board b;
    char buf[SUDOKU_TEXT_MAX];
    board_all(&b, 1u << 8);
    b.candidates[0] = 0x1FF;
    b.candidates[80] = (1u << 0) | (1u << 6);
    sudoku_format_candidates_line(&b, buf, sizeof buf);
    assert_memory_equal(buf, "123456789 9 9 ", 14);
    assert_int_equal(strlen(buf), 9 + 79 * 2 + 3);
    assert_string_equal(buf + strlen(buf) - 6, "9 9 17");
}

static void status_names_are_the_documented_words(void **state)
{
    (void)state;
    assert_string_equal(sudoku_status_name(SUDOKU_SOLVED), "solved");
    assert_string_equal(sudoku_status_name(SUDOKU_NO_SOLUTION), "no_solution");
    assert_string_equal(sudoku_status_name(SUDOKU_MULTIPLE), "multiple");
    assert_string_equal(sudoku_status_name(SUDOKU_INVALID), "invalid");
}

static void json_writes_every_field_and_escapes_text(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[SUDOKU_TEXT_MAX];
    grid_from(hard1, &g);
    sudoku_report r = {.source = "a \"b\".txt",
                       .line = 7,
                       .status = SUDOKU_MULTIPLE,
                       .puzzle = &g,
                       .solution = &g,
                       .solutions = 2,
                       .at_least = true,
                       .guesses = 12,
                       .error = "tab\there \\ and\nnewline"};
    sudoku_format_json(&r, buf, sizeof buf);
    char expected[400];
    snprintf(expected, sizeof expected,
             "{\"source\":\"a \\\"b\\\".txt\",\"line\":7,\"status\":\"multiple\","
             "\"puzzle\":\"%s\",\"solution\":\"%s\",\"solutions\":2,\"at_least\":true,"
             "\"guesses\":12,\"error\":\"tab\\u0009here \\\\ and\\u000anewline\"}",
             hard1, hard1);
    assert_string_equal(buf, expected);
}

static void json_writes_null_and_leaves_out_what_is_absent(void **state)
{
    (void)state;
    char buf[SUDOKU_TEXT_MAX];
    sudoku_report r = {.line = 3, .status = SUDOKU_INVALID, .solutions = -1, .error = NULL};
    sudoku_format_json(&r, buf, sizeof buf);
    assert_string_equal(buf, "{\"line\":3,\"status\":\"invalid\",\"puzzle\":null,"
                             "\"solution\":null,\"guesses\":0,\"error\":null}");
}

/* JSON is UTF-8: well-formed characters pass, stray bytes become U+FFFD. */
static void json_replaces_bytes_that_are_not_utf8(void **state)
{
    (void)state;
    char buf[SUDOKU_TEXT_MAX];
    sudoku_report r = {.source = "caf\xe9 \xc3\xa9\xe2\x82",
                       .line = 1,
                       .status = SUDOKU_INVALID,
                       .solutions = -1,
                       .error = "x\xff"};
    sudoku_format_json(&r, buf, sizeof buf);
    assert_string_equal(buf, "{\"source\":\"caf\\ufffd \xc3\xa9\\ufffd\\ufffd\",\"line\":1,"
                             "\"status\":\"invalid\",\"puzzle\":null,\"solution\":null,"
                             "\"guesses\":0,\"error\":\"x\\ufffd\"}");
}

static void json_lists_candidates_when_given(void **state)
{
    (void)state;
    sudoku_board b;
    char buf[SUDOKU_TEXT_MAX];
    board_all(&b, 0x1FF);
    b.candidates[1] = 1u << 2;
    sudoku_report r = {.line = 1, .status = SUDOKU_SOLVED, .candidates = &b, .solutions = -1};
    size_t n = sudoku_format_json(&r, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    const char *start = strstr(buf, "\"candidates\":[\"123456789\",\"3\",\"123456789\",");
    assert_non_null(start);
    int strings = 0;
    for (const char *p = start + 14; *p != ']'; p++) strings += *p == '"';
    assert_int_equal(strings, 2 * 81);
    /* The largest record still fits the documented buffer size. */
    assert_true(n < SUDOKU_TEXT_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_writes_dots_for_blanks),
        cmocka_unit_test(grid_uses_norvigs_layout_at_width_two),
        cmocka_unit_test(short_buffers_truncate_and_report_the_full_length),
        cmocka_unit_test(candidates_centre_like_python),
        cmocka_unit_test(nine_candidates_give_width_ten),
        cmocka_unit_test(candidates_line_lists_every_set),
        cmocka_unit_test(status_names_are_the_documented_words),
        cmocka_unit_test(json_writes_every_field_and_escapes_text),
        cmocka_unit_test(json_writes_null_and_leaves_out_what_is_absent),
        cmocka_unit_test(json_replaces_bytes_that_are_not_utf8),
        cmocka_unit_test(json_lists_candidates_when_given),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
