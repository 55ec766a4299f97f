/*
 * test_input.c: end-to-end tests of the input people paste (issue 13): every
 * layout of docs/input-formats.md's "Pasted text" is written here from a
 * puzzle, then given to the program as a file, as standard input read from
 * that file, and as an argument; each must give the one solution, the same
 * each way (judged by the independent checker). Then what only a whole file
 * shows (one cell per line), byte order marks, named invisible characters
 * in FILE:LINE:COLUMN: diagnostics, and --first-line.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku build/tests/test_input
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- layouts, written from a puzzle (81 characters, '.' for blanks) ---- */

typedef char *(*layout_fn)(const char *p);

static bool given(const char *p, int cell)
{
    return p[cell] >= '1' && p[cell] <= '9';
}

/* Rows with spaces for blanks, each cut after its last given. */
static char *fixed(const char *p)
{
    char *s = xmalloc(9 * 10 + 1), *o = s;
    for (int r = 0; r < 9; r++) {
        char row[10];
        int end = 0;
        for (int c = 0; c < 9; c++) {
            row[c] = given(p, 9 * r + c) ? p[9 * r + c] : ' ';
            if (row[c] != ' ') end = c + 1;
        }
        o += sprintf(o, "%.*s\n", end, row);
    }
    *o = '\0';
    return s;
}

/* "|53 | 7 |   |": boxes of three columns between '|'. */
static char *boxed(const char *p)
{
    char *s = xmalloc(9 * 15 + 1), *o = s;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            if (c % 3 == 0) *o++ = '|';
            *o++ = given(p, 9 * r + c) ? p[9 * r + c] : ' ';
        }
        o += sprintf(o, "|\n");
    }
    *o = '\0';
    return s;
}

/* A box-drawing grid: "│ 5 3   │   7   │       │" between rules. */
static char *box_drawing(const char *p)
{
    char *s = xmalloc(13 * 80 + 1), *o = s;
    o += sprintf(o, "┌───────┬───────┬───────┐\n");
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) o += sprintf(o, "├───────┼───────┼───────┤\n");
        for (int c = 0; c < 9; c++) {
            if (c % 3 == 0) o += sprintf(o, "│");
            o += sprintf(o, " %c", given(p, 9 * r + c) ? p[9 * r + c] : ' ');
            if (c % 3 == 2) *o++ = ' ';
        }
        o += sprintf(o, "│\n");
    }
    o += sprintf(o, "└───────┴───────┴───────┘\n");
    return s;
}

/* Fields, delim between them, empty for a blank; quoted if quote. */
static char *fields(const char *p, char delim, bool quote, const char *header)
{
    char *s = xmalloc(9 * 50 + 200), *o = s;
    o += sprintf(o, "%s", header);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            const char *q = quote ? "\"" : "";
            if (c > 0) *o++ = delim;
            if (given(p, 9 * r + c))
                o += sprintf(o, "%s%c%s", q, p[9 * r + c], q);
            else
                o += sprintf(o, "%s%s", q, q);
        }
        *o++ = '\n';
    }
    *o = '\0';
    return s;
}

static char *tsv(const char *p)
{
    return fields(p, '\t', false, "");
}

static char *csv_with_header(const char *p)
{
    return fields(p, ',', false, "c1,c2,c3,c4,c5,c6,c7,c8,c9\n");
}

static char *quoted_csv(const char *p)
{
    return fields(p, ',', true, "");
}

static char *semicolons(const char *p)
{
    return fields(p, ';', false, "");
}

/* What pandas' to_csv writes: column numbers over an index column, 0 blanks. */
static char *pandas(const char *p)
{
    char *s = xmalloc(10 * 25 + 1), *o = s;
    o += sprintf(o, ",0,1,2,3,4,5,6,7,8\n");
    for (int r = 0; r < 9; r++) {
        o += sprintf(o, "%d", r);
        for (int c = 0; c < 9; c++)
            o += sprintf(o, ",%c", given(p, 9 * r + c) ? p[9 * r + c] : '0');
        *o++ = '\n';
    }
    *o = '\0';
    return s;
}

/* A line of a CSV file of records: an id, the puzzle, other columns. */
static char *csv_record(const char *p)
{
    return format_text("id,puzzle,source\nq42,\"%s\",pasted\n", p);
}

/* 81 fields on one line after a text id. */
static char *fields_line(const char *p)
{
    char *s = xmalloc(81 * 2 + 20), *o = s;
    o += sprintf(o, "p-1");
    for (int cell = 0; cell < 81; cell++)
        o += sprintf(o, ",%s", given(p, cell) ? (char[2]){p[cell], 0} : "");
    o += sprintf(o, "\n");
    return s;
}

/* The line with '*' blanks, a byte order mark before it. */
static char *bom_and_stars(const char *p)
{
    char *s = format_text("\xef\xbb\xbf%s\n", p);
    for (char *c = s + 3; *c; c++)
        if (*c == '.') *c = '*';
    return s;
}

/* Spaced out with no-break spaces, '?' and '_' for blanks. */
static char *web_paste(const char *p)
{
    char *s = xmalloc(9 * 9 * 3 + 10), *o = s;
    for (int cell = 0; cell < 81; cell++) {
        *o++ = given(p, cell) ? p[cell] : cell % 2 ? '?' : '_';
        o += sprintf(o, cell % 9 == 8 ? "\n" : "\xc2\xa0");
    }
    *o = '\0';
    return s;
}

static const struct {
    const char *name;
    layout_fn write;
} layouts[] = {
    {"fixed columns", fixed},
    {"boxed fixed columns", boxed},
    {"box drawing", box_drawing},
    {"tab-separated", tsv},
    {"CSV with a header", csv_with_header},
    {"quoted CSV", quoted_csv},
    {"semicolons", semicolons},
    {"pandas", pandas},
    {"CSV record with an id", csv_record},
    {"81 fields after an id", fields_line},
    {"BOM and '*' blanks", bom_and_stars},
    {"web paste", web_paste},
};

/* p's solution, read the three ways from text; all the same, and right. */
static void assert_reads_three_ways(const char *name, const char *p, const char *text)
{
    const char *file = make_temp_file(text, strlen(text), NULL);
    run_result as_file = RUN("solve", "--format", "line", file);
    run_setup from_file = {.stdin_path = file};
    run_result as_stdin = RUN_WITH(&from_file, "solve", "--format", "line");
    run_result as_arg = RUN("solve", "--format", "line", text);
    const run_result *runs[3] = {&as_file, &as_stdin, &as_arg};
    for (int k = 0; k < 3; k++) {
        if (runs[k]->status != 0 || runs[k]->err[0])
            fail_msg("%s, read as %s: exit %d, stderr: %s\ntext:\n%s", name,
                     k == 0   ? "a file"
                     : k == 1 ? "standard input"
                              : "an argument",
                     runs[k]->status, runs[k]->err, text);
        lines l = split_lines(runs[k]->out);
        assert_int_equal(l.n, 1);
        assert_solution(p, l.line[0]);
    }
    assert_string_equal(as_file.out, as_stdin.out);
    assert_string_equal(as_file.out, as_arg.out);
}

static void test_every_pasted_layout(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof layouts / sizeof layouts[0]; k++) {
        for (int relabeling = 1; relabeling <= 2; relabeling++) {
            const char *p = relabel(k % 2 ? P : E, relabeling + (int)k);
            assert_reads_three_ways(layouts[k].name, p, layouts[k].write(p));
        }
    }
}

/* A list of lists pretty-printed one cell per line: 81 lines of one cell,
 * which a stream reads as broken rows, and the whole file as a puzzle. */
static char *one_cell_per_line(const char *p)
{
    char *s = xmalloc(81 * 12 + 200), *o = s;
    o += sprintf(o, "[\n");
    for (int r = 0; r < 9; r++) {
        o += sprintf(o, "  [\n");
        for (int c = 0; c < 9; c++)
            o += sprintf(o, "    \"%c\"%s\n", p[9 * r + c], c < 8 ? "," : "");
        o += sprintf(o, "  ]%s\n", r < 8 ? "," : "");
    }
    o += sprintf(o, "]\n");
    *o = '\0';
    return s;
}

/* All a pipe holds until its writer closes it. */
static char *read_pipe(int fd, size_t *len)
{
    size_t cap = 1 << 16;
    char *text = xmalloc(cap + 1);
    ssize_t got;
    *len = 0;
    while (*len < cap && (got = read(fd, text + *len, cap - *len)) > 0) *len += (size_t)got;
    text[*len] = '\0';
    return text;
}

static void test_a_file_of_one_puzzle_reads_as_its_argument(void **state)
{
    (void)state;
    const char *p = relabel(P, 3);
    const char *text = one_cell_per_line(p);
    assert_reads_three_ways("one cell per line", p, text);
    /* a grid split in two by a blank line */
    const char *rows = as_rows(p, '.', "\n");
    const char *split = format_text("%.50s\n%s", rows, rows + 50);
    assert_reads_three_ways("a grid split by a blank line", p, split);
    /* a pipe is read as it comes, record by record: no whole-text reading */
    int to, from, err_fd;
    pid_t pid =
        spawn_piped((const char *const[]){"solve", "--format", "line", NULL}, &to, &from, &err_fd);
    write_all(to, text, strlen(text));
    close(to);
    size_t out_len, err_len;
    char *out = read_pipe(from, &out_len), *err = read_back(err_fd, &err_len);
    close(from);
    close(err_fd);
    assert_int_equal(wait_program(pid), 2);
    assert_int_equal(split_lines(out).n, 9);
    assert_contains(err, "sudoku: stdin:3: found 1 cell in row 1 of the grid, expected 9\n");
    /* a file that holds good records is read record by record, as always */
    const char *two = format_text("%s\n%s\n", p, p);
    const char *file = make_temp_file(two, strlen(two), NULL);
    run_result r = RUN("solve", "--format", "line", file);
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 2);
}

static void test_diagnostics_name_file_line_and_column(void **state)
{
    (void)state;
    const char *p = relabel(E, 5);
    /* a zero-width space pasted into the second line */
    const char *text = format_text("%s\n%.4s\xe2\x80\x8b%s\n", p, p, p + 4);
    const char *file = make_temp_file(text, strlen(text), NULL);
    run_result r = RUN("solve", file);
    assert_status(r, 2);
    assert_string_equal(r.err, format_text("sudoku: %s:2:5: unexpected character U+200B "
                                           "(zero-width space) at column 5\n",
                                           file));
    /* a byte order mark inside a line is named too */
    r = RUN_IN(format_text("%.10s\xef\xbb\xbf%s\n", p, p + 10), "solve");
    assert_string_equal(r.err, "sudoku: stdin:1:11: unexpected character U+FEFF (byte order "
                               "mark) at column 11\n");
    /* without a column, the line alone */
    r = RUN_IN(format_text("%.80s\n", p), "solve");
    assert_string_equal(r.err, "sudoku: stdin:1: found 80 cells, expected 81\n");
}

static void test_first_line_numbers_a_chunk(void **state)
{
    (void)state;
    const char *p = relabel(P, 6);
    const char *text = format_text("# chunk\n%s\n%.80s\n%s\n", p, p, p);
    run_result r = RUN_IN(text, "solve", "--first-line", "1001");
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: stdin:1003: found 80 cells, expected 81\n");
    r = RUN_IN(text, "solve", "--first-line=1001", "--format", "json");
    assert_contains(r.out, "\"line\":1002");
    assert_contains(r.out, "\"line\":1004");
    /* files too; and only a line number from 1 is taken */
    const char *file = make_temp_file(text, strlen(text), NULL);
    r = RUN("solve", "--first-line", "5", file);
    assert_contains(r.err, format_text("sudoku: %s:7: found 80 cells", file));
    r = RUN("solve", "--first-line", "0", P);
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: --first-line needs a line number from 1 up, not '0' "
                               "(try 'sudoku solve --help')\n");
}

/* ---- issue 15: no puzzle vanishes ---- */

/* p with its digits and dots written full width (U+FF10-U+FF19, U+FF0E),
 * in rows of nine ended by eol, or one line when eol is NULL. */
static char *full_width(const char *p, const char *eol)
{
    char *s = xmalloc(SUDOKU_CELLS * 3 + 9 * 2 + 1), *o = s;
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        /* U+FF0E is EF BC 8E; U+FF10 + d is EF BC 90 + d */
        char third = p[i] == '.' ? (char)0x8E : (char)(0x90 + (p[i] - '0'));
        o += sprintf(o, "\xef\xbc%c", third);
        if (eol && i % 9 == 8) o += sprintf(o, "%s", eol);
    }
    *o = '\0';
    return s;
}

/* Full-width digits and dots read as their ASCII forms: a line, a grid,
 * and an argument, in every command. */
static void test_full_width_digits(void **state)
{
    (void)state;
    const char *a = relabel(P, 1), *b = relabel(E, 2), *c = relabel(P, 3);
    const char *text = format_text("%s\n%s\n%s\n%s", a, full_width(b, NULL), c, full_width(a, "\n"));
    const char *file = make_temp_file(text, strlen(text), NULL);
    expected_record want[] = {{1, a}, {2, b}, {3, c}, {4, a}};
    assert_every_command_reads(file, want, 4, NULL);
    run_result r = RUN("solve", "--format", "line", full_width(c, "\n"));
    assert_status(r, 0);
    assert_solution(c, split_lines(r.out).line[0]);
    /* a full-width letter is still a bad character, named as it is */
    r = RUN_IN(format_text("%.20s\xef\xbc\xa1%s\n", a, a + 21), "solve");
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: stdin:1:21: unexpected character '\xef\xbc\xa1' at "
                               "column 21\n");
}

/* With CR-only line ends (old Mac files) every line is a line: one
 * record per puzzle and per grid, numbered as the lines are; CRLF and LF
 * mixed in. */
static void test_cr_line_ends(void **state)
{
    (void)state;
    const char *a = relabel(P, 4), *b = relabel(E, 5), *c = relabel(P, 6);
    const char *text = format_text("%s\r%s\r\r# grid\r%s\r\n%s\n", a, b, as_rows(c, '.', "\r"), a);
    const char *file = make_temp_file(text, strlen(text), NULL);
    /* the grid's last row ends in CR, then an empty line ends in CRLF */
    expected_record want[] = {{1, a}, {2, b}, {5, c}, {15, a}};
    assert_every_command_reads(file, want, 4, NULL);
    run_result r = RUN_IN(text, "solve", "--stats");
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 4);
    assert_contains(r.err, "stats: 4 puzzles read, 4 solved,");
    /* a bad line is named by its number */
    r = RUN_IN(format_text("%s\r%.80s\r%s\r", a, b, c), "solve");
    assert_string_equal(r.err, "sudoku: stdin:2: found 80 cells, expected 81\n");
    /* an argument too */
    r = RUN("solve", "--format", "line", format_text("Grid 1\r%s", as_rows(c, '0', "\r")));
    assert_status(r, 0);
    assert_solution(c, split_lines(r.out).line[0]);
}

/* Header-like lines directly above grids, with a number or a dash in
 * them, are headers: "=== 12 ===", and the "% ..." lines that Debian's
 * sudoku writes above its grids (compact and boxed). */
static void test_headers_above_grids(void **state)
{
    (void)state;
    const char *a = relabel(P, 7), *b = relabel(E, 8), *c = relabel(P, 0);
    const char *text = format_text("=== 1 ===\n%s=== 2 ===\n%s=== 12 ===\n%s", as_rows(a, '.', "\n"),
                                   as_rows(b, '.', "\n"), as_rows(c, '.', "\n"));
    const char *file = make_temp_file(text, strlen(text), NULL);
    expected_record want[] = {{2, a}, {12, b}, {22, c}};
    assert_every_command_reads(file, want, 3, NULL);
    /* Debian's sudoku -fcompact */
    text = format_text("%% randomly generated - hard\n%s%% randomly generated - easy\n%s"
                       "%% randomly generated - medium\n%s",
                       as_rows(a, '.', "\n"), as_rows(b, '.', "\n"), as_rows(c, '.', "\n"));
    file = make_temp_file(text, strlen(text), NULL);
    assert_every_command_reads(file, want, 3, NULL);
    /* and its boxed grid, with rules */
    char *boxed_grid = xmalloc(600), *o = boxed_grid;
    o += sprintf(o, "%% randomly generated - hard\n");
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) o += sprintf(o, "-------+-------+-------\n");
        for (int k = 0; k < 9; k++)
            o += sprintf(o, "%s%c", k == 0 ? " " : k % 3 ? " " : " | ", a[9 * r + k]);
        o += sprintf(o, "\n");
    }
    text = format_text("%s%s", boxed_grid, boxed_grid);
    file = make_temp_file(text, strlen(text), NULL);
    expected_record twice[] = {{2, a}, {14, a}};
    assert_every_command_reads(file, twice, 2, NULL);
    /* the same text as an argument */
    run_result r = RUN("solve", "--format", "line", boxed_grid);
    assert_status(r, 0);
    assert_solution(a, split_lines(r.out).line[0]);
    r = RUN("solve", "--format", "line", format_text("=== 12 ===\n%s", as_rows(c, '0', "\n")));
    assert_status(r, 0);
    assert_solution(c, split_lines(r.out).line[0]);
}

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(test_every_pasted_layout),
        TEST(test_a_file_of_one_puzzle_reads_as_its_argument),
        TEST(test_diagnostics_name_file_line_and_column),
        TEST(test_first_line_numbers_a_chunk),
        TEST(test_full_width_digits),
        TEST(test_cr_line_ends),
        TEST(test_headers_above_grids),
    };
    return cmocka_run_group_tests_name("pasted input (end to end)", tests, harness_setup,
                                       harness_finish);
}
