/*
 * test_reader.c: the line-by-line record reader (sudoku_reader_*): streams of
 * one-line puzzles and multi-line grids, headers, comments, rules, CRLF,
 * annotations, bad records among good ones, grids cut short, one-line
 * puzzles arriving mid-grid, over-long lines, and the line numbers of every
 * record; then pasted layouts in streams (byte order marks, grids with
 * spaces for blanks and their rows of blanks, box-drawing grids, TSV and
 * CSV grids with headers and index columns, one-line CSV records with ids,
 * the ambiguous ones). Each test checks that the records out match the
 * puzzles in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "sudoku.h"

static const char *easy1_solved =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
static const char *empty81 =
    ".................................................................................";

/* easy1 as a 9-line grid, each line ending '\n'. */
#define EASY1_GRID                                                                                 \
    "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n"     \
    "005010300\n"

/* hard1 as a 9-line grid. */
#define HARD1_GRID                                                                                 \
    "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n"     \
    "1.4......\n"

/* ---- a session: a reader and every record it made ---- */

#define MAX_RECORDS 64

typedef struct session {
    sudoku_reader reader;
    sudoku_record rec[MAX_RECORDS];
    int count;
    int finish_made; /* what sudoku_reader_finish returned */
} session;

static void start(session *s)
{
    memset(s, 0, sizeof *s);
    sudoku_reader_init(&s->reader);
}

/* Feeds one line of length bytes, from an exact-size copy with no NUL after
 * it so that any read past the end shows under ASan. Returns the count. */
static int feed_bytes(session *s, const char *line, size_t length)
{
    sudoku_record out[2];
    char *copy = malloc(length ? length : 1);
    assert_non_null(copy);
    if (length) memcpy(copy, line, length);
    memset(out, 0, sizeof out);
    int made = sudoku_reader_line(&s->reader, copy, length, out);
    free(copy);
    assert_in_range(made, 0, 2);
    assert_true(s->count + made <= MAX_RECORDS);
    for (int k = 0; k < made; k++) s->rec[s->count++] = out[k];
    return made;
}

static int feed_line(session *s, const char *line)
{
    return feed_bytes(s, line, strlen(line));
}

/* Splits text at '\n' and feeds each line without it; a final '\n' does not
 * make an extra empty line, and a last line without one is still fed. */
static void feed_text(session *s, const char *text)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        feed_bytes(s, p, n);
        p += n + (nl != NULL);
    }
}

static void finish(session *s)
{
    sudoku_record out;
    memset(&out, 0, sizeof out);
    s->finish_made = sudoku_reader_finish(&s->reader, &out);
    assert_in_range(s->finish_made, 0, 1);
    assert_true(s->count + s->finish_made <= MAX_RECORDS);
    if (s->finish_made) s->rec[s->count++] = out;
}

/* The whole stream, then its end. */
static void read_all(session *s, const char *text)
{
    start(s);
    feed_text(s, text);
    finish(s);
}

static void grid_text(const sudoku_grid *grid, char out[82])
{
    for (int i = 0; i < 81; i++) {
        int d = grid->cell[i];
        out[i] = d >= 1 && d <= 9 ? (char)('0' + d) : d == 0 ? '.' : '?';
    }
    out[81] = '\0';
}

/* Record k is a puzzle starting on line, equal to expect (81 characters,
 * '1'-'9' givens, anything else blank). */
static void assert_ok(const session *s, int k, long line, const char *expect)
{
    assert_true(k < s->count);
    const sudoku_record *r = &s->rec[k];
    if (!r->ok) fail_msg("record %d (line %ld) is an error: %s", k, r->line, r->error.message);
    assert_int_equal(r->line, line);
    char want[82], got[82];
    assert_int_equal(strlen(expect), 81);
    for (int i = 0; i < 81; i++) want[i] = expect[i] >= '1' && expect[i] <= '9' ? expect[i] : '.';
    want[81] = '\0';
    grid_text(&r->grid, got);
    assert_string_equal(got, want);
}

/* Record k is an error: starts on line, the problem on error_line (not
 * checked when negative), with this kind and message. */
static void assert_err(const session *s, int k, long line, sudoku_error_kind kind, long error_line,
                       const char *message)
{
    assert_true(k < s->count);
    const sudoku_record *r = &s->rec[k];
    if (r->ok) fail_msg("record %d (line %ld) is ok, expected: %s", k, r->line, message);
    assert_int_equal(r->line, line);
    assert_string_equal(r->error.message, message);
    assert_int_equal(r->error.kind, kind);
    if (error_line >= 0) assert_int_equal(r->error.line, error_line);
}

/* ---- whole files ---- */

static void seeds_file(void **state)
{
    (void)state;
    FILE *f = fopen("puzzles/seeds.txt", "rb");
    if (!f) fail_msg("cannot open puzzles/seeds.txt (run from the project root)");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    assert_true(n > 0 && n < sizeof text - 1);
    text[n] = '\0';

    session s;
    read_all(&s, text);
    assert_int_equal(s.count, 6);
    assert_int_equal(s.finish_made, 0);
    /* Seed 000: a Python list of lists under "board = [" */
    assert_ok(&s, 0, 8,
              "086902000007000000520007000200000006005000000031006082000409650000010203410605000");
    /* Norvig's easy puzzle as a 9-line grid */
    assert_ok(&s, 1, 20, easy1);
    /* Norvig's hard puzzle on one line */
    assert_ok(&s, 2, 31, hard1);
    /* the solved easy puzzle in Norvig's grid layout, with rules */
    assert_ok(&s, 3, 35, easy1_solved);
    /* Seed 003: a numpy array */
    assert_ok(&s, 4, 48,
              "030000401500300000006007002200090060045000000000002580000140000008000970900030000");
    /* Seed 004: a Swift array, the last line without anything after it */
    assert_ok(&s, 5, 60,
              "000000600230000000000000900006007000500200030000000010007069000010000025000008000");
}

static void mixed_layouts_in_one_stream(void **state)
{
    (void)state;
    session s;
    read_all(&s,
             "# every layout, back to back\n" /* 1 */
             "\n"                             /* 2 */
             "board = [\n"                    /* 3 */
             "[0, 0, 3, 0, 2, 0, 6, 0, 0],\n" /* 4 */
             "[9, 0, 0, 3, 0, 5, 0, 0, 1],\n" /* 5 */
             "[0, 0, 1, 8, 0, 6, 4, 0, 0],\n" /* 6 */
             "[0, 0, 8, 1, 0, 2, 9, 0, 0],\n" /* 7 */
             "[7, 0, 0, 0, 0, 0, 0, 0, 8],\n" /* 8 */
             "[0, 0, 6, 7, 0, 8, 2, 0, 0],\n" /* 9 */
             "[0, 0, 2, 6, 0, 9, 5, 0, 0],\n" /* 10 */
             "[8, 0, 0, 2, 0, 3, 0, 0, 9],\n" /* 11 */
             "[0, 0, 5, 0, 1, 0, 3, 0, 0],\n" /* 12 */
             "]\n"                            /* 13 */
             "4 . . |. . . |8 . 5\n"          /* 14 */
             ". 3 . |. . . |. . .\n"          /* 15 */
             ". . . |7 . . |. . .\n"          /* 16 */
             "------+------+------\n"         /* 17 */
             ". 2 . |. . . |. 6 .\n"          /* 18 */
             ". . . |. 8 . |4 . .\n"          /* 19 */
             ". . . |. 1 . |. . .\n"          /* 20 */
             "------+------+------\n"         /* 21 */
             ". . . |6 . 3 |. 7 .\n"          /* 22 */
             "5 . . |2 . . |. . .\n"          /* 23 */
             "1 . 4 |. . . |. . .\n"          /* 24 */
             /* 25, 26, 27: three one-line puzzles */
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"
             "[[0,3,0,0,0,0,4,0,1],[5,0,0,3,0,0,0,0,0],[0,0,6,0,0,7,0,0,2],"
             "[2,0,0,0,9,0,0,6,0],[0,4,5,0,0,0,0,0,0],[0,0,0,0,0,2,5,8,0],"
             "[0,0,0,1,4,0,0,0,0],[0,0,8,0,0,0,9,7,0],[9,0,0,0,3,0,0,0,0]]\n"
             "4 . . . . . 8 . 5 . 3 . . . . . . . . . . 7 . . . . . . 2 . . . . . 6 . . . . "
             ". 8 . 4 . . . . . . 1 . . . . . . . 6 . 3 . 7 . 5 . . 2 . . . . . 1 . 4 . . . "
             ". . .\n");
    assert_int_equal(s.count, 5);
    assert_ok(&s, 0, 4, easy1);
    /* no blank line between the list's "]" and the next grid: not needed */
    assert_ok(&s, 1, 14, hard1);
    assert_ok(&s, 2, 25, easy1);
    assert_ok(&s, 3, 26,
              "030000401500300000006007002200090060045000000000002580000140000008000970900030000");
    assert_ok(&s, 4, 27, hard1);
}

static void euler_grid_headers(void **state)
{
    (void)state;
    session s;
    /* Project Euler's sudoku.txt: a header before each grid, no blank lines,
     * no line end after the last row */
    read_all(&s, "Grid 01\n" EASY1_GRID "Grid 02\n" HARD1_GRID "Grid 03\n"
                 "483921657\n967345821\n251876493\n548132976\n729564138\n136798245\n372689514\n"
                 "814253769\n695417382");
    assert_int_equal(s.count, 3);
    assert_int_equal(s.finish_made, 0);
    assert_ok(&s, 0, 2, easy1);
    assert_ok(&s, 1, 12, hard1);
    assert_ok(&s, 2, 22, easy1_solved);

    /* a header ends a grid in progress */
    read_all(&s, "Grid 01\n003020600\n900305001\n001806400\nGrid 02\n" HARD1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 2, SUDOKU_ERROR_GRID, -1, "grid ends after 3 rows, expected 9");
    assert_ok(&s, 1, 6, hard1);
}

static void crlf_line_ends(void **state)
{
    (void)state;
    session s;
    read_all(&s,
             "# CRLF\r\n"
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n"
             "\r\n"
             "Grid 01\r\n"
             "003020600\r\n900305001\r\n001806400\r\n008102900\r\n700000008\r\n"
             "006708200\r\n002609500\r\n800203009\r\n005010300\r\n"
             "\r\n"
             "4 . . |. . . |8 . 5\r\n. 3 . |. . . |. . .\r\n. . . |7 . . |. . .\r\n"
             "------+------+------\r\n"
             ". 2 . |. . . |. 6 .\r\n. . . |. 8 . |4 . .\r\n. . . |. 1 . |. . .\r\n"
             "------+------+------\r\n"
             ". . . |6 . 3 |. 7 .\r\n5 . . |2 . . |. . .\r\n1 . 4 |. . . |. . .\r\n"
             "003020600\r\n900305001\r\n\r\n");
    assert_int_equal(s.count, 4);
    assert_ok(&s, 0, 2, hard1);
    assert_ok(&s, 1, 5, easy1);
    assert_ok(&s, 2, 15, hard1);
    /* a line holding only "\r" is blank: it ends this grid */
    assert_err(&s, 3, 26, SUDOKU_ERROR_GRID, -1, "grid ends after 2 rows, expected 9");
}

static void comments_and_rules(void **state)
{
    (void)state;
    session s;
    /* comment and rule lines inside a grid neither end it nor count as rows;
     * a trailing comment on a row is not read */
    read_all(&s, "# header comment\n"         /* 1 */
                 "003020600 # row 1\n"        /* 2 */
                 "900305001\n"                /* 3 */
                 "   # an indented comment\n" /* 4 */
                 "001806400\n"                /* 5 */
                 "------+------+------\n"     /* 6 */
                 "008102900\n"                /* 7 */
                 "700000008#no space x y\n"   /* 8 */
                 "006708200\n"                /* 9 */
                 "-------------------\n"      /* 10: 19 dashes, a rule */
                 "002609500\n"                /* 11 */
                 "800203009\n"                /* 12 */
                 "#\n"                        /* 13 */
                 "005010300\n"                /* 14 */
                 "# after\n");
    assert_int_equal(s.count, 1);
    assert_ok(&s, 0, 2, easy1);
}

static void dash_rows_and_dash_puzzles(void **state)
{
    (void)state;
    session s;
    char dashes[100];
    memset(dashes, '-', 81);
    dashes[81] = '\0';
    /* nine dashes are a row of blanks; 81 dashes the empty grid */
    start(&s);
    feed_text(&s, "003020600\n900305001\n001806400\n---------\n700000008\n006708200\n"
                  "002609500\n800203009\n005010300\n");
    assert_int_equal(feed_line(&s, dashes), 1);
    dashes[79] = '\0'; /* 79 dashes: a rule, skipped */
    assert_int_equal(feed_line(&s, dashes), 0);
    feed_text(&s, "---------\n---------\n---------\n---------\n---------\n---------\n"
                  "---------\n---------\n---------\n");
    finish(&s);
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 1,
              "003020600900305001001806400.........700000008006708200002609500800203009005010300");
    assert_ok(&s, 1, 10, empty81);
    assert_ok(&s, 2, 12, empty81);
}

static void trailing_annotations(void **state)
{
    (void)state;
    session s;
    read_all(&s,
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
             ":1:4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4\n"
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
             " # Norvig easy1 (x)\n"
             "   4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
             ",rated 9.9\n"
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
             ";ok\n"
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
             "\tsource: essay\n"
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
             "#\n");
    assert_int_equal(s.count, 6);
    for (int k = 0; k < 6; k++) assert_ok(&s, k, k + 1, k % 2 ? easy1 : hard1);
}

/* ---- errors among good records ---- */

static void bad_records_do_not_disturb_neighbours(void **state)
{
    (void)state;
    /* line k + 1 of the stream is lines[k] */
    const char *lines[] = {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "003020600y00305001001806400008102900700000008006708200002609500800203009005010300",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....",
        "5.....5.................................................................1.4......",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.......",
        ("4 . . . . . 8 . 5 . 3 . . . . . . . . . . 7 . . . . . . 2 . . . . . 6 . . . . . 8 . 4 "
         ". . . . . . 1 . . . . . . . 6 . 3 . 7 . 5 . . 2 . . . . . 1 . 4 . . . . . ."),
        "1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8 9",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    };
    session s;
    start(&s);
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) feed_line(&s, lines[k]);
    finish(&s);
    assert_int_equal(s.count, 9);
    assert_ok(&s, 0, 1, hard1);
    assert_err(&s, 1, 2, SUDOKU_ERROR_CHARACTER, 2, "unexpected character 'y' at column 10");
    assert_int_equal(s.rec[1].error.column, 10);
    assert_err(&s, 2, 3, SUDOKU_ERROR_COUNT, 3, "found 80 cells, expected 81");
    assert_err(&s, 3, 4, SUDOKU_ERROR_DUPLICATE, 4,
               "digit 5 appears twice in row 1 (r1c1 and r1c7)");
    assert_ok(&s, 4, 5, easy1);
    assert_err(&s, 5, 6, SUDOKU_ERROR_COUNT, 6, "found 82 cells, expected 81");
    assert_ok(&s, 6, 7, hard1);
    assert_err(&s, 7, 8, SUDOKU_ERROR_COUNT, 8, "found 27 cells, expected 81");
    assert_ok(&s, 8, 9, easy1);
}

static void bad_rows_in_a_grid(void **state)
{
    (void)state;
    session s;
    /* a short row: the grid still takes nine rows and makes one record */
    read_all(&s, "003020600\n900305001\n00180640\n008102900\n700000008\n006708200\n002609500\n"
                 "800203009\n005010300\n" HARD1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 1, SUDOKU_ERROR_COUNT, 3, "found 8 cells in row 3 of the grid, expected 9");
    assert_ok(&s, 1, 10, hard1);

    /* a long row (10..18 cells is still a row) */
    read_all(&s, "\n" EASY1_GRID "\n"
                 "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n"
                 "002609500\n800203009\n005 010 300 123\n\n" HARD1_GRID);
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 2, easy1);
    assert_err(&s, 1, 12, SUDOKU_ERROR_COUNT, 20,
               "found 12 cells in row 9 of the grid, expected 9");
    assert_ok(&s, 2, 22, hard1);

    /* 18 cells: a row; 19 cells: a one-line puzzle */
    read_all(&s, "003020600 900305001\n");
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_COUNT, 1, "found 18 cells in row 1 of the grid, expected 9");
    read_all(&s, "003020600 9003050011\n");
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_COUNT, 1, "found 19 cells, expected 81");

    /* a bad character in a row: its line and column; only the first error */
    read_all(&s, "# grid\n003020600\n900305001\n001;806400\n008102900\n700000008\n006708200\n"
                 "0026x9500\n800203009\n005010300\n" EASY1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 2, SUDOKU_ERROR_CHARACTER, 4,
               "unexpected character ';' at column 4 in row 3 of the grid");
    assert_int_equal(s.rec[0].error.column, 4);
    assert_ok(&s, 1, 11, easy1);

    /* a UTF-8 character in a row counts as one column */
    read_all(&s, "003020600\n90030\xef\xbc\xa1"
                 "001\n001806400\n008102900\n700000008\n006708200\n"
                 "002609500\n800203009\n005010300\n");
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_CHARACTER, 2,
               "unexpected character '\xef\xbc\xa1' at column 6 in row 2 of the grid");
    assert_int_equal(s.rec[0].error.column, 6);
}

static void duplicates_in_a_grid(void **state)
{
    (void)state;
    session s;
    read_all(&s, "\n"
                 "4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 . . |. . .\n"
                 "------+------+------\n"
                 ". 2 . |. . . |. 6 .\n. . . |. 8 . |4 . .\n. . . |. 1 . |. . .\n"
                 "------+------+------\n"
                 ". . . |6 . 3 |. 7 .\n5 . . |2 . . |. . .\n1 . 4 |. . 6 |. . .\n"
                 "\n" EASY1_GRID);
    assert_int_equal(s.count, 2);
    /* which line error.line names for a clash inside a grid is not checked */
    assert_err(&s, 0, 2, SUDOKU_ERROR_DUPLICATE, -1,
               "digit 6 appears twice in box 8 (r7c4 and r9c6)");
    assert_ok(&s, 1, 14, easy1);
}

/* ---- grids cut short ---- */

static void grid_cut_short(void **state)
{
    (void)state;
    session s;
    /* by a blank line */
    read_all(&s, "003020600\n900305001\n001806400\n008102900\n700000008\n\n" HARD1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 1, SUDOKU_ERROR_GRID, -1, "grid ends after 5 rows, expected 9");
    assert_ok(&s, 1, 7, hard1);

    /* by a line of spaces and tabs */
    read_all(&s, "# x\n003020600\n \t \n" HARD1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 2, SUDOKU_ERROR_GRID, -1, "grid ends after 1 row, expected 9");
    assert_ok(&s, 1, 4, hard1);

    /* by the end of the stream: finish makes the record */
    read_all(&s, HARD1_GRID "\n003020600\n900305001\n001806400\n008102900\n700000008\n"
                            "006708200\n002609500\n800203009");
    assert_int_equal(s.count, 2);
    assert_int_equal(s.finish_made, 1);
    assert_ok(&s, 0, 1, hard1);
    assert_err(&s, 1, 11, SUDOKU_ERROR_GRID, -1, "grid ends after 8 rows, expected 9");

    /* a tenth row starts a new grid */
    read_all(&s, EASY1_GRID "005010300\n");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 1, easy1);
    assert_err(&s, 1, 10, SUDOKU_ERROR_GRID, -1, "grid ends after 1 row, expected 9");

    /* a grid with a bad row and cut short is still one record */
    read_all(&s, "003020600\n90030500\n001806400\n\n" EASY1_GRID);
    assert_int_equal(s.count, 2);
    assert_false(s.rec[0].ok);
    assert_int_equal(s.rec[0].line, 1);
    assert_ok(&s, 1, 5, easy1);
}

static void one_line_puzzle_mid_grid(void **state)
{
    (void)state;
    session s;
    start(&s);
    feed_text(&s, "003020600\n900305001\n001806400\n008102900\n");
    assert_int_equal(s.count, 0);
    /* the line ends the grid and is a puzzle: two records from one line */
    assert_int_equal(feed_line(&s, hard1), 2);
    feed_text(&s, "\n" EASY1_GRID);
    finish(&s);
    assert_int_equal(s.count, 3);
    assert_err(&s, 0, 1, SUDOKU_ERROR_GRID, -1, "grid ends after 4 rows, expected 9");
    assert_ok(&s, 1, 5, hard1);
    assert_ok(&s, 2, 7, easy1);

    /* the same with a spaced-out one-line puzzle and a bad one */
    start(&s);
    feed_text(&s, "4 . . |. . . |8 . 5\n");
    assert_int_equal(
        feed_line(&s,
                  "0 0 3 0 2 0 6 0 0 9 0 0 3 0 5 0 0 1 0 0 1 8 0 6 4 0 0 0 0 8 1 0 2 9 0 0 7 0 0 "
                  "0 0 0 0 0 8 0 0 6 7 0 8 2 0 0 0 0 2 6 0 9 5 0 0 8 0 0 2 0 3 0 0 9 0 0 5 0 1 0 "
                  "3 0 0"),
        2);
    feed_text(&s, ". 3 . |. . . |. . .\n");
    assert_int_equal(feed_line(&s, "1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8 9 1"), 2);
    finish(&s);
    assert_int_equal(s.count, 4);
    assert_err(&s, 0, 1, SUDOKU_ERROR_GRID, -1, "grid ends after 1 row, expected 9");
    assert_ok(&s, 1, 2, easy1);
    assert_err(&s, 2, 3, SUDOKU_ERROR_GRID, -1, "grid ends after 1 row, expected 9");
    assert_err(&s, 3, 4, SUDOKU_ERROR_COUNT, 4, "found 19 cells, expected 81");
}

/* ---- line ends, long lines, decoration ---- */

static void skip_line_reports_a_long_line(void **state)
{
    (void)state;
    session s;
    sudoku_record out[2];
    start(&s);
    feed_line(&s, hard1);
    memset(out, 0, sizeof out);
    assert_int_equal(sudoku_reader_skip_line(&s.reader, out), 1);
    s.rec[s.count++] = out[0];
    feed_line(&s, easy1);
    /* mid-grid: the cut grid's record, then the long line's */
    feed_line(&s, "003020600");
    feed_line(&s, "900305001");
    memset(out, 0, sizeof out);
    assert_int_equal(sudoku_reader_skip_line(&s.reader, out), 2);
    s.rec[s.count++] = out[0];
    s.rec[s.count++] = out[1];
    feed_text(&s, HARD1_GRID);
    finish(&s);

    assert_int_equal(s.count, 6);
    assert_ok(&s, 0, 1, hard1);
    assert_false(s.rec[1].ok);
    assert_int_equal(s.rec[1].line, 2);
    assert_int_equal(s.rec[1].error.kind, SUDOKU_ERROR_TOO_LONG);
    assert_int_equal(s.rec[1].error.line, 2);
    assert_true(strlen(s.rec[1].error.message) > 0);
    assert_ok(&s, 2, 3, easy1);
    assert_err(&s, 3, 4, SUDOKU_ERROR_GRID, -1, "grid ends after 2 rows, expected 9");
    assert_false(s.rec[4].ok);
    assert_int_equal(s.rec[4].line, 6);
    assert_int_equal(s.rec[4].error.kind, SUDOKU_ERROR_TOO_LONG);
    assert_int_equal(s.rec[4].error.line, 6);
    assert_ok(&s, 5, 7, hard1);
}

static void last_line_without_line_end(void **state)
{
    (void)state;
    session s;
    start(&s);
    feed_text(&s, "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n"
                  "002609500\n800203009\n");
    assert_int_equal(s.count, 0);
    /* the ninth row completes the grid at once, whatever follows */
    assert_int_equal(feed_line(&s, "005010300"), 1);
    finish(&s);
    assert_int_equal(s.finish_made, 0);
    assert_int_equal(s.count, 1);
    assert_ok(&s, 0, 1, easy1);

    read_all(&s,
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 1, hard1);
    assert_ok(&s, 1, 2, easy1);

    /* a final "\r" with no "\n" */
    read_all(&s,
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r");
    assert_int_equal(s.count, 1);
    assert_ok(&s, 0, 1, hard1);

    /* an empty stream and a stream of blank lines make nothing */
    read_all(&s, "");
    assert_int_equal(s.count, 0);
    read_all(&s, "\n\n\r\n  \n");
    assert_int_equal(s.count, 0);
}

static void lines_of_only_brackets(void **state)
{
    (void)state;
    session s;
    /* lines without cells are decoration: skipped, even inside a grid */
    read_all(&s,
             "[\n"
             "  [0,0,3,0,2,0,6,0,0],\n [9,0,0,3,0,5,0,0,1],\n [0,0,1,8,0,6,4,0,0],\n"
             "  ],\n"
             "  [\n"
             " [0,0,8,1,0,2,9,0,0],\n [7,0,0,0,0,0,0,0,8],\n [0,0,6,7,0,8,2,0,0],\n"
             "  )}|\n"
             " [0,0,2,6,0,9,5,0,0],\n [8,0,0,2,0,3,0,0,9],\n [0,0,5,0,1,0,3,0,0],\n"
             "]\n"
             "]]\n"
             "\"\", ''\n"
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
             "}\n");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 2, easy1);
    assert_ok(&s, 1, 17, hard1);

    /* a header ("board = [") does end a grid */
    read_all(&s, "003020600\n900305001\nboard = [\n" HARD1_GRID "]\n");
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 1, SUDOKU_ERROR_GRID, -1, "grid ends after 2 rows, expected 9");
    assert_ok(&s, 1, 4, hard1);
}

static void a_line_without_cells_is_a_header(void **state)
{
    (void)state;
    session s;
    /* "  ?" and "=== Puzzle ===" hold no cells: like "Grid 01" they are
     * headers, so they neither make a record nor disturb the puzzles around */
    read_all(&s,
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
             "  ?\n"
             "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"
             "=== Puzzle ===\n" HARD1_GRID);
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 1, hard1);
    assert_ok(&s, 1, 3, easy1);
    assert_ok(&s, 2, 5, hard1);

    /* as a header, it cuts short a grid in progress */
    read_all(&s, "003020600\n900305001\n=== oops ===\n");
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_GRID, -1, "grid ends after 2 rows, expected 9");
}

/* The records the commands write for a puzzle they could not use are
 * records again when piped into another command: each an invalid one, in
 * its place, where any other line of words is a header. */
static void a_status_line_is_a_record(void **state)
{
    (void)state;
    session s;
    read_all(&s, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
                 "invalid\n"
                 "  no solution \n"
                 "multiple solutions\n"
                 "over budget\n"
                 "stuck\n"
                 "003020600\n900305001\nno solution\n"
                 "invalid puzzle\n" HARD1_GRID);
    assert_int_equal(s.count, 9);
    assert_ok(&s, 0, 1, hard1);
    assert_err(&s, 1, 2, SUDOKU_ERROR_COUNT, 2,
               "'invalid' is the record of a puzzle an earlier command could not use, not a "
               "puzzle");
    assert_err(&s, 2, 3, SUDOKU_ERROR_COUNT, 3,
               "'no solution' is the record of a puzzle an earlier command could not use, not "
               "a puzzle");
    for (int k = 3; k < 6; k++) assert_false(s.rec[k].ok);
    /* it cuts short a grid in progress, as a header would */
    assert_err(&s, 6, 7, SUDOKU_ERROR_GRID, -1, "grid ends after 2 rows, expected 9");
    assert_false(s.rec[7].ok);
    assert_int_equal(s.rec[7].line, 9);
    /* other words are a header still */
    assert_ok(&s, 8, 11, hard1);
}

/* ---- pasted layouts in a stream ---- */

static const char *classic_solved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static void byte_order_marks_in_a_stream(void **state)
{
    (void)state;
    session s;
    /* at the start of the stream, and where a second file was joined on */
    read_all(&s, "\xef\xbb\xbf# file 1\n" HARD1_GRID "\xef\xbb\xbf" EASY1_GRID "\xef\xbb\xbf"
                 "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
                 "1.4......\n");
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 2, hard1);
    assert_ok(&s, 1, 11, easy1);
    assert_ok(&s, 2, 20, hard1);
}

static void fixed_column_grids_in_a_stream(void **state)
{
    (void)state;
    session s;
    /* back to back, then after a blank line, then with a row of nine spaces */
    read_all(&s, CLASSIC_FIXED CLASSIC_FIXED
             "\n" CLASSIC_FIXED
             "53  7\n6  195\n         \n8   6   3\n4  8 3  1\n7   2   6\n 6    28\n"
             "   419  5\n    8  79\n");
    assert_int_equal(s.count, 4);
    assert_ok(&s, 0, 1, classic);
    assert_ok(&s, 1, 10, classic);
    assert_ok(&s, 2, 20, classic);
    assert_ok(&s, 3, 29,
              "53..7....6..195............8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /* an empty line still ends the grid: the row of blanks must keep its spaces */
    read_all(&s, "53  7\n6  195\n\n8   6   3\n");
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 1, SUDOKU_ERROR_COUNT, 1, "found 3 cells in row 1 of the grid, expected 9");
    assert_err(&s, 1, 4, SUDOKU_ERROR_COUNT, 4, "found 3 cells in row 1 of the grid, expected 9");
    /* a one-line puzzle after a fixed grid */
    read_all(&s, CLASSIC_FIXED
             "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
             "1.4......\n");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 1, classic);
    assert_ok(&s, 1, 10, hard1);
}

static void box_grids_with_rows_of_blanks(void **state)
{
    (void)state;
    session s;
    /* the first and the last rows hold no cell: "|   |   |   |" */
    read_all(&s, "+---+---+---+\n|   |   |   |\n|6  |195|   |\n| 98|   | 6 |\n+---+---+---+\n"
                 "|8  | 6 |  3|\n|4  |8 3|  1|\n|7  | 2 |  6|\n+---+---+---+\n| 6 |   |28 |\n"
                 "|   |419|  5|\n|   |   |   |\n+---+---+---+\n" CLASSIC_FIXED);
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 2,
              ".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........");
    assert_ok(&s, 1, 14, classic);
    /* in a grid whose rows are all whole, such a line is decoration */
    read_all(&s, "|   |   |   |\n" EASY1_GRID "|   |   |   |\n");
    assert_int_equal(s.count, 1);
    assert_ok(&s, 0, 2, easy1);
}

static void spreadsheet_grids_in_a_stream(void **state)
{
    (void)state;
    session s;
    /* a header, then CSV; a TSV grid with an empty first row; semicolons */
    read_all(&s,
             "c1,c2,c3,c4,c5,c6,c7,c8,c9\n" CLASSIC_CSV
             "\t\t\t\t\t\t\t\t\n6\t\t\t1\t9\t5\t\t\t\n\t9\t8\t\t\t\t\t6\t\n8\t\t\t\t6\t\t\t\t3\n"
             "4\t\t\t8\t\t3\t\t\t1\n7\t\t\t\t2\t\t\t\t6\n\t6\t\t\t\t\t2\t8\t\n"
             "\t\t\t4\t1\t9\t\t\t5\n\t\t\t\t8\t\t\t7\t9\n"
             "5;3;;;7;;;;\n6;;;1;9;5;;;\n;9;8;;;;;6;\n8;;;;6;;;;3\n4;;;8;;3;;;1\n7;;;;2;;;;6\n"
             ";6;;;;;2;8;\n;;;4;1;9;;;5\n;;;;8;;;7;9\n");
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 2, classic);
    assert_ok(&s, 1, 11,
              ".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    assert_ok(&s, 2, 20, classic);
    /* pandas: the header above the index column is dropped */
    read_all(&s, ",0,1,2,3,4,5,6,7,8\n0,5,3,0,0,7,0,0,0,0\n1,6,0,0,1,9,5,0,0,0\n"
                 "2,0,9,8,0,0,0,0,6,0\n3,8,0,0,0,6,0,0,0,3\n4,4,0,0,8,0,3,0,0,1\n"
                 "5,7,0,0,0,2,0,0,0,6\n6,0,6,0,0,0,0,2,8,0\n7,0,0,0,4,1,9,0,0,5\n"
                 "8,0,0,0,0,8,0,0,7,9\n" HARD1_GRID);
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 2, classic);
    assert_ok(&s, 1, 11, hard1);
}

static void csv_records_with_ids(void **state)
{
    (void)state;
    session s;
    char text[2000];
    snprintf(text, sizeof text,
             "id,puzzle,solution,clues,difficulty\n"
             "0,%s,%s,30,1.2\n"
             "\"1\",\"%s\",\"%s\"\n"
             "2\t%s\n"
             "3,%s\n",
             classic, classic_solved, hard1, classic_solved, easy1, classic);
    read_all(&s, text);
    assert_int_equal(s.count, 4);
    assert_ok(&s, 0, 2, classic);
    assert_ok(&s, 1, 3, hard1);
    assert_ok(&s, 2, 4, easy1);
    assert_ok(&s, 3, 5, classic);
}

static void ambiguous_layouts_are_errors(void **state)
{
    (void)state;
    session s;
    read_all(&s, "1,5,3,,,7,,,,\n2,6,,,1,9,5,,,\n3,,9,8,,,,,6,\n4,8,,,,6,,,,\n5,4,,,8,,3,,,\n"
                 "6,7,,,,2,,,,\n7,,6,,,,,2,8,\n8,,,,4,1,9,,,\n9,,,,,8,,,7,\n" EASY1_GRID);
    assert_int_equal(s.count, 2);
    assert_err(&s, 0, 1, SUDOKU_ERROR_AMBIGUOUS, 1,
               "rows of 10 fields: the first may be an index column or the last an empty one; "
               "leave out the index or the last delimiter");
    assert_ok(&s, 1, 10, easy1);
    read_all(&s, "1 2\n3 4\n5 6\n7 8\n9 1\n2 3\n4 5\n6 7\n8 9\n");
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_AMBIGUOUS, 1,
               "the grid has spaces for blanks, but its cells do not show which column each "
               "stands in; write its blanks as '.'");
}

static void blanks_and_headers_in_a_stream(void **state)
{
    (void)state;
    session s;
    /* '*' and 'x' blanks; "x" alone and "*** Easy ***" are headers, a run
     * of '*' a rule, nine '_' a row */
    read_all(&s,
             "*** Easy ***\n"
             "4*****8*5*3**********7******2*****6*****8*4******1*******6*3*7*5**2*****1*4******\n"
             "x\n"
             "xx3x2x6xx\n9xx3x5xx1\n*********\nxx81x29xx\n7xxxxxxx8\nxx67x82xx\n"
             "*****\nxx26x95xx\n8xx2x3xx9\n_________\n");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 2, hard1);
    assert_ok(&s, 1, 4,
              "003020600900305001000000000008102900700000008006708200002609500800203009000000000");
}

/* ---- what the library prints reads back ---- */

static void printed_grids_read_back(void **state)
{
    (void)state;
    session s;
    /* Norvig's candidate grid for hard1 (fixed text), then the same sets on
     * one line */
    static char both[2 * SUDOKU_TEXT_MAX];
    snprintf(both, sizeof both, "%s\n%s", hard1_candidates,
             "4 1679 12679 139 2369 269 8 1239 5 26789 3 1256789 14589 24569 245689 12679 "
             "1249 124679 2689 15689 125689 7 234569 245689 12369 12349 123469 3789 2 15789 "
             "3459 34579 4579 13579 6 13789 3679 15679 15679 359 8 25679 4 12359 12379 36789 "
             "4 56789 359 1 25679 23579 23589 23789 289 89 289 6 459 3 1259 7 12489 5 6789 3 "
             "2 479 1 69 489 4689 1 6789 4 589 579 5789 23569 23589 23689\n");
    read_all(&s, both);
    const char *singles =
        "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......";
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 1, singles);
    assert_ok(&s, 1, 13, singles);
    /* both are records of candidates, every set kept (issue 29: a stream
     * read only the singles, an argument all the sets) */
    for (int k = 0; k < 2; k++) {
        assert_true(s.rec[k].pencilmarks);
        assert_int_equal(s.rec[k].board.candidates[1], 1u << 0 | 1u << 5 | 1u << 6 | 1u << 8);
        assert_int_equal(s.rec[k].board.candidates[0], 1u << 3);
        assert_int_equal(s.rec[k].board.candidates[80], 1u << 1 | 1u << 2 | 1u << 5 | 1u << 7 | 1u << 8);
    }

    /* sudoku_format_grid and sudoku_format_candidates, back to back */
    sudoku_grid grid;
    sudoku_board board;
    grid_from(easy1, &grid);
    for (int i = 0; i < 81; i++) board.candidates[i] = 0x1FF;
    board.candidates[0] = 1u << 2;            /* r1c1 = 3 */
    board.candidates[80] = 1u << 6 | 1u << 7; /* r9c9 = {7, 8} */
    static char text[3 * SUDOKU_TEXT_MAX];
    size_t n = sudoku_format_grid(&grid, text, SUDOKU_TEXT_MAX);
    text[n++] = '\n';
    n += sudoku_format_candidates(&board, text + n, SUDOKU_TEXT_MAX);
    n += sudoku_format_grid(&grid, text + n, SUDOKU_TEXT_MAX);
    assert_true(n < sizeof text);
    read_all(&s, text);
    /* the second grid follows the candidates without a blank line */
    assert_int_equal(s.count, 3);
    assert_ok(&s, 0, 1, easy1);
    assert_ok(&s, 1, 13,
              "3................................................................................");
    assert_ok(&s, 2, 24, easy1);
    assert_false(s.rec[0].pencilmarks);
    assert_true(s.rec[1].pencilmarks);
    assert_int_equal(s.rec[1].board.candidates[80], 1u << 6 | 1u << 7);
    assert_int_equal(s.rec[1].board.candidates[40], 0x1FF);
    assert_false(s.rec[2].pencilmarks);
}

/* ---- the forums' grids and labels (issue 29) ---- */

/* hard1 as HoDoKu and Sudoku Explainer copy it, framed with '.', ':' and
 * '\'' (or '*' and '+'); framed candidate grids are records of candidates. */
static void forum_frames(void **state)
{
    (void)state;
    session s;
    read_all(&s, ".-------.-------.-------.\n"
                 "| 4 . . | . . . | 8 . 5 |\n"
                 "| . 3 . | . . . | . . . |\n"
                 "| . . . | 7 . . | . . . |\n"
                 ":-------+-------+-------:\n"
                 "| . 2 . | . . . | . 6 . |\n"
                 "| . . . | . 8 . | 4 . . |\n"
                 "| . . . | . 1 . | . . . |\n"
                 ":-------+-------+-------:\n"
                 "| . . . | 6 . 3 | . 7 . |\n"
                 "| 5 . . | 2 . . | . . . |\n"
                 "| 1 . 4 | . . . | . . . |\n"
                 "'-------'-------'-------'\n"
                 "*-----------*\n"
                 "|4..|...|8.5|\n|.3.|...|...|\n|...|7..|...|\n|---+---+---|\n"
                 "|.2.|...|.6.|\n|...|.8.|4..|\n|...|.1.|...|\n|---+---+---|\n"
                 "|...|6.3|.7.|\n|5..|2..|...|\n|1.4|...|...|\n"
                 "*-----------*\n");
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 2, hard1);
    assert_ok(&s, 1, 15, hard1);

    /* candidates, stacks of their own widths */
    read_all(&s, ".--------------.------------.---------.\n"
                 "| 12  3   4    | 5   6   7  | 8  9  1 |\n"
                 "| 4   5   6    | 7   8   9  | 1  2  3 |\n"
                 "| 7   8   9    | 1   2   3  | 4  5  6 |\n"
                 ":--------------+------------+---------:\n"
                 "| 2   3   4    | 5   6   7  | 8  9  1 |\n"
                 "| 5   6   7    | 8   9   1  | 2  3  4 |\n"
                 "| 8   9   1    | 2   3   4  | 5  6  7 |\n"
                 ":--------------+------------+---------:\n"
                 "| 3   4   5    | 6   7   8  | 9  1  2 |\n"
                 "| 6   7   8    | 9   1   2  | 3  4  5 |\n"
                 "| 9   1   2    | 3   4   5  | 6  7  89|\n"
                 "'--------------'------------'---------'\n");
    assert_int_equal(s.count, 1);
    assert_true(s.rec[0].ok);
    assert_true(s.rec[0].pencilmarks);
    assert_int_equal(s.rec[0].board.candidates[0], 1u << 0 | 1u << 1);
    assert_int_equal(s.rec[0].board.candidates[1], 1u << 2);
    assert_int_equal(s.rec[0].board.candidates[80], 1u << 7 | 1u << 8);
    assert_int_equal(s.rec[0].grid.cell[1], 3);
    assert_int_equal(s.rec[0].grid.cell[0], 0);
}

/* What a frame line is not: a line of nine cells stays a row of blanks,
 * the empty grid between two corners stays the empty grid, and runs of
 * fewer than three dashes make no frame (as before issue 29). */
static void frames_that_are_cells(void **state)
{
    (void)state;
    session s;
    char text[512], dashes[83];
    /* ".-------." is nine blanks: the grid's first row */
    snprintf(text, sizeof text, ".-------.\n%s", HARD1_GRID + 10);
    read_all(&s, text);
    assert_int_equal(s.count, 1);
    char want[82];
    memcpy(want, hard1, 82);
    memset(want, '.', 9);
    assert_ok(&s, 0, 1, want);
    /* the empty grid, quoted or between dots */
    memset(dashes, '-', 81);
    dashes[81] = '\0';
    snprintf(text, sizeof text, "'%s'\n.%.79s.\n", dashes, dashes);
    read_all(&s, text);
    assert_int_equal(s.count, 2);
    assert_ok(&s, 0, 1, empty81);
    assert_ok(&s, 1, 2, empty81);
    /* 80 dashes between quotes: the empty grid mistyped, an error */
    snprintf(text, sizeof text, "'%.80s'\n", dashes);
    read_all(&s, text);
    assert_int_equal(s.count, 1);
    assert_err(&s, 0, 1, SUDOKU_ERROR_COUNT, 1, "found 80 cells, expected 81");
    /* runs of two: no frame, and so no line skipped in silence */
    read_all(&s, ":--+--+--:\n");
    assert_int_equal(s.count, 1);
    assert_false(s.rec[0].ok);
}

/* A puzzle line behind a label is a record; a comment stays a comment. */
static void labelled_puzzle_lines(void **state)
{
    (void)state;
    session s;
    char text[2048];
    snprintf(text, sizeof text,
             "1 %s\n#2 %s\n# 3 %s\n#%s\nName: %s\nPuzzle 12: %s # note\n3. %s\n4) %s\n"
             "#5:%s\n12345678901 %s\n",
             hard1, easy1, hard1, hard1, hard1, easy1, hard1, easy1, hard1, hard1);
    read_all(&s, text);
    assert_int_equal(s.count, 8);
    assert_ok(&s, 0, 1, hard1);
    assert_ok(&s, 1, 2, easy1);
    assert_ok(&s, 2, 5, hard1);
    assert_ok(&s, 3, 6, easy1);
    assert_ok(&s, 4, 7, hard1);
    assert_ok(&s, 5, 8, easy1);
    assert_ok(&s, 6, 9, hard1);
    /* a number of ten digits or more is no label: the line's cells count */
    assert_err(&s, 7, 10, SUDOKU_ERROR_COUNT, 10, "found 92 cells, expected 81");
    /* a label above a grid is a header, as before */
    snprintf(text, sizeof text, "Puzzle 1:\n%s", EASY1_GRID);
    read_all(&s, text);
    assert_int_equal(s.count, 1);
    assert_ok(&s, 0, 2, easy1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seeds_file),
        cmocka_unit_test(mixed_layouts_in_one_stream),
        cmocka_unit_test(euler_grid_headers),
        cmocka_unit_test(crlf_line_ends),
        cmocka_unit_test(comments_and_rules),
        cmocka_unit_test(dash_rows_and_dash_puzzles),
        cmocka_unit_test(trailing_annotations),
        cmocka_unit_test(bad_records_do_not_disturb_neighbours),
        cmocka_unit_test(bad_rows_in_a_grid),
        cmocka_unit_test(duplicates_in_a_grid),
        cmocka_unit_test(grid_cut_short),
        cmocka_unit_test(one_line_puzzle_mid_grid),
        cmocka_unit_test(skip_line_reports_a_long_line),
        cmocka_unit_test(last_line_without_line_end),
        cmocka_unit_test(lines_of_only_brackets),
        cmocka_unit_test(a_line_without_cells_is_a_header),
        cmocka_unit_test(printed_grids_read_back),
        cmocka_unit_test(forum_frames),
        cmocka_unit_test(frames_that_are_cells),
        cmocka_unit_test(labelled_puzzle_lines),
        cmocka_unit_test(a_status_line_is_a_record),
        cmocka_unit_test(byte_order_marks_in_a_stream),
        cmocka_unit_test(fixed_column_grids_in_a_stream),
        cmocka_unit_test(box_grids_with_rows_of_blanks),
        cmocka_unit_test(spreadsheet_grids_in_a_stream),
        cmocka_unit_test(csv_records_with_ids),
        cmocka_unit_test(ambiguous_layouts_are_errors),
        cmocka_unit_test(blanks_and_headers_in_a_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
