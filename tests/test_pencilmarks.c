/*
 * test_pencilmarks.c: candidates as input and output: the 729-character
 * line and the candidate grid read back into the boards they came from,
 * each malformed form rejected with its message, and 729-character lines in
 * a stream read as records of candidates.
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

/* The singles-propagated board of Norvig's hard puzzle (DESIGN.md). */
static void hard_board(sudoku_board *board)
{
    sudoku_grid grid;
    grid_from(hard1, &grid);
    assert_true(sudoku_propagate(&grid, board));
}

static void test_line_round_trip(void **state)
{
    (void)state;
    sudoku_board board, back;
    char line[800];
    hard_board(&board);
    assert_int_equal(sudoku_format_pencilmarks(&board, line, sizeof line), 729);
    assert_int_equal(strlen(line), 729);
    /* r1c2 holds 1679, as DESIGN.md's grid shows */
    assert_memory_equal(line + 9, "1....67.9", 9);
    assert_true(sudoku_parse_candidates(line, strlen(line), &back, NULL));
    assert_memory_equal(&board, &back, sizeof board);
}

static void test_grid_round_trip(void **state)
{
    (void)state;
    sudoku_board back;
    assert_true(sudoku_parse_candidates(hard1_candidates, strlen(hard1_candidates), &back, NULL));
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_candidates(&back, text, sizeof text);
    assert_string_equal(text, hard1_candidates);
}

static void expect_error(const char *text, const char *message)
{
    sudoku_board board;
    sudoku_error err;
    assert_false(sudoku_parse_candidates(text, strlen(text), &board, &err));
    assert_string_equal(err.message, message);
}

static void test_errors(void **state)
{
    (void)state;
    sudoku_board board;
    char line[800];
    hard_board(&board);
    sudoku_format_pencilmarks(&board, line, sizeof line);
    line[728] = '\0';
    expect_error(line, "a pencilmark line needs 729 characters, not 728");
    sudoku_format_pencilmarks(&board, line, sizeof line);
    line[9] = '2'; /* r1c2's first place holds 1 or '.' */
    expect_error(line, "digit 2 at place 1 of cell r1c2 (place d holds d or '.')");
    sudoku_format_pencilmarks(&board, line, sizeof line);
    memset(line + 18, '.', 9);
    expect_error(line, "cell r1c3 has no candidate");
    expect_error("123 45 6", "81 cells expected in the candidate grid, found 3");
}

/* Where an error is: line and column in the text as given, blanks before
 * the candidates counted, columns in characters. */
static void expect_position(const char *text, size_t length, long line, long column)
{
    sudoku_board board;
    sudoku_error err;
    assert_false(sudoku_parse_candidates(text, length, &board, &err));
    assert_int_equal(err.kind, SUDOKU_ERROR_CHARACTER);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
}

static void test_error_positions(void **state)
{
    (void)state;
    sudoku_board board;
    char line[800], text[1000];
    hard_board(&board);
    sudoku_format_pencilmarks(&board, line, sizeof line);
    line[20] = '5'; /* column 21 of the line, r1c3's third place */
    expect_position(line, 729, 1, 21);
    int n = snprintf(text, sizeof text, "\n\n     %s", line);
    expect_position(text, (size_t)n, 3, 26);
    line[20] = 'x';
    expect_position(line, 729, 1, 21);
    expect_error(line, "unexpected character 'x' at column 21 of a pencilmark line");
    /* the candidate grid: a bad character on its fifth line */
    char grid[SUDOKU_TEXT_MAX];
    sudoku_format_candidates(&board, grid, sizeof grid);
    char *fifth = grid;
    for (int k = 0; k < 4; k++) fifth = strchr(fifth, '\n') + 1;
    size_t at = strcspn(fifth, "123456789");
    fifth[at] = 'x';
    expect_position(grid, strlen(grid), 5, (long)at + 1);
    n = snprintf(text, sizeof text, "\r\n\r\n%s", grid);
    expect_position(text, (size_t)n, 7, (long)at + 1);
    char message[128];
    snprintf(message, sizeof message,
             "unexpected character 'x' at line 5, column %ld of a candidate grid", (long)at + 1);
    expect_error(grid, message);
    /* NUL bytes are no spacing: after a line, or in place of a '|' */
    sudoku_format_pencilmarks(&board, line, sizeof line);
    memcpy(text, line, 729);
    memcpy(text + 729, "\0\0\0", 3);
    assert_false(sudoku_parse_candidates(text, 732, &board, NULL));
    sudoku_format_candidates(&board, grid, sizeof grid);
    size_t length = strlen(grid);
    *strchr(grid, '|') = '\0';
    assert_false(sudoku_parse_candidates(grid, length, &board, NULL));
}

static void test_reader(void **state)
{
    (void)state;
    sudoku_board board;
    char line[800];
    hard_board(&board);
    sudoku_format_pencilmarks(&board, line, sizeof line);
    sudoku_reader reader;
    sudoku_record out[2];
    sudoku_reader_init(&reader);
    assert_int_equal(sudoku_reader_line(&reader, hard1, 81, out), 1);
    assert_true(out[0].ok);
    assert_false(out[0].pencilmarks);
    assert_int_equal(sudoku_reader_line(&reader, line, 729, out), 1);
    assert_true(out[0].ok);
    assert_true(out[0].pencilmarks);
    assert_int_equal(out[0].line, 2);
    assert_memory_equal(&out[0].board, &board, sizeof board);
    assert_int_equal(out[0].grid.cell[0], 4); /* r1c1 is the given 4 */
    assert_int_equal(out[0].grid.cell[1], 0);
    memset(line + 18, '.', 9);
    assert_int_equal(sudoku_reader_line(&reader, line, 729, out), 1);
    assert_false(out[0].ok);
    assert_int_equal(out[0].error.line, 3);
    assert_string_equal(out[0].error.message, "cell r1c3 has no candidate");
}

/* A line the stream reader takes as candidates reads the same as an
 * argument (sudoku_parse_candidates): groups of digits between the layout
 * the reader passes over, commas, brackets and quotes among it (a case
 * the fuzzer found: "23789, 289" on one line). */
static void test_layout_between_groups(void **state)
{
    (void)state;
    sudoku_board want, got;
    assert_true(sudoku_parse_candidates(hard1_candidates, strlen(hard1_candidates), &want, NULL));
    static const char *const around[][2] = {{"", ","},     {"[", "]"}, {"(", ") "},
                                            {"\"", "\","}, {"'", "'"}, {"{", "}"}};
    char line[1200];
    size_t n = 0, groups = 0;
    for (const char *c = hard1_candidates; *c; c++) {
        if (*c < '1' || *c > '9') continue;
        const char *const *pair = around[groups++ % (sizeof around / sizeof around[0])];
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", pair[0]);
        while (*c >= '1' && *c <= '9') line[n++] = *c++;
        n += (size_t)snprintf(line + n, sizeof line - n, "%s", pair[1]);
        c--;
    }
    assert_int_equal(groups, SUDOKU_CELLS);
    sudoku_error err;
    if (!sudoku_parse_candidates(line, n, &got, &err))
        fail_msg("%s\n%.*s", err.message, (int)n, line);
    assert_memory_equal(&got, &want, sizeof got);
    sudoku_reader reader;
    sudoku_record out[2];
    sudoku_reader_init(&reader);
    assert_int_equal(sudoku_reader_line(&reader, line, n, out), 1);
    assert_true(out[0].ok);
    assert_true(out[0].pencilmarks);
    assert_memory_equal(&out[0].board, &want, sizeof want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_round_trip), cmocka_unit_test(test_grid_round_trip),
        cmocka_unit_test(test_errors),          cmocka_unit_test(test_error_positions),
        cmocka_unit_test(test_reader),          cmocka_unit_test(test_layout_between_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
