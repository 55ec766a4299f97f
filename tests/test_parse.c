/*
 * test_parse.c: sudoku_parse and sudoku_check_givens: every layout the parser
 * accepts (81-character lines, 9-line grids, Norvig's grid, nested lists,
 * candidate grids), the rule-line and token readings, round trips through
 * the print functions, and every error with its message, kind and position;
 * then what people paste: byte order marks, Unicode spaces, '*', '_', '?'
 * and 'x' blanks, grids with spaces for blanks (plain, boxed, box-drawing),
 * tab- and comma-separated rows, CSV lines with ids, and the ambiguous
 * shapes that must be refused.
 * Expectations are written out here as 81-character strings ('.' or '0' for
 * blanks), never produced by the code under test.
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
static const char *hard1_solved =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/* easy1 as a grid of rows: the first, the other eight, and spaced out. */
#define EASY1_GRID_TAIL                                                                            \
    "900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n"
#define EASY1_GRID_TEXT "003020600\n" EASY1_GRID_TAIL
#define EASY1_TAIL "900305001001806400008102900700000008006708200002609500800203009005010300"
#define EASY1_GRID_SPACED                                                                          \
    "0 0 3 0 2 0 6 0 0\n9 0 0 3 0 5 0 0 1\n0 0 1 8 0 6 4 0 0\n0 0 8 1 0 2 9 0 0\n"                 \
    "7 0 0 0 0 0 0 0 8\n0 0 6 7 0 8 2 0 0\n0 0 2 6 0 9 5 0 0\n8 0 0 2 0 3 0 0 9\n"                 \
    "0 0 5 0 1 0 3 0 0\n"
/* classic's rows after the second, as tab-separated fields and as cells */
#define CLASSIC_TABS_TAIL                                                                          \
    "\t9\t8\t\t\t\t\t6\t\n8\t\t\t\t6\t\t\t\t3\n4\t\t\t8\t\t3\t\t\t1\n7\t\t\t\t2\t\t\t\t6\n"        \
    "\t6\t\t\t\t\t2\t8\t\n\t\t\t4\t1\t9\t\t\t5\n\t\t\t\t8\t\t\t7\t9\n"
#define CLASSIC_TAIL ".98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

/* ---- helpers ---- */

/* Writes grid as 81 characters, '.' for blanks (independently of print.c). */
static void grid_text(const sudoku_grid *grid, char out[82])
{
    for (int i = 0; i < 81; i++) {
        int d = grid->cell[i];
        out[i] = d >= 1 && d <= 9 ? (char)('0' + d) : d == 0 ? '.' : '?';
    }
    out[81] = '\0';
}

/* expect: 81 characters, '1'-'9' givens, anything else a blank. */
static void assert_grid_is(const sudoku_grid *grid, const char *expect)
{
    char want[82], got[82];
    assert_int_equal(strlen(expect), 81);
    for (int i = 0; i < 81; i++) want[i] = expect[i] >= '1' && expect[i] <= '9' ? expect[i] : '.';
    want[81] = '\0';
    grid_text(grid, got);
    assert_string_equal(got, want);
}

/* Parses a NUL-terminated text that must be a valid puzzle equal to expect. */
static void assert_parses_to(const char *text, const char *expect)
{
    sudoku_grid grid;
    sudoku_error err;
    memset(&grid, 0xAA, sizeof grid);
    memset(&err, 0, sizeof err);
    bool ok = sudoku_parse(text, strlen(text), &grid, &err);
    if (!ok) fail_msg("parse failed: %s (text: %s)", err.message, text);
    assert_grid_is(&grid, expect);
}

/* Parses a NUL-terminated text (or the first length bytes) that must fail. */
static void assert_parse_error_n(const char *text, size_t length, sudoku_error_kind kind, long line,
                                 long column, const char *message)
{
    sudoku_grid grid;
    sudoku_error err;
    memset(&err, 0, sizeof err);
    bool ok = sudoku_parse(text, length, &grid, &err);
    if (ok) fail_msg("parse succeeded, expected: %s", message);
    assert_string_equal(err.message, message);
    assert_int_equal(err.kind, kind);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
}

static void assert_parse_error(const char *text, sudoku_error_kind kind, long line, long column,
                               const char *message)
{
    assert_parse_error_n(text, strlen(text), kind, line, column, message);
}

/* ---- one-line layouts ---- */

static void one_line_with_dots_zeros_and_dashes(void **state)
{
    (void)state;
    assert_parses_to(hard1, hard1);
    assert_parses_to(easy1, easy1);
    assert_parses_to(
        "4-----8-5-3----------7------2-----6-----8-4------1-------6-3-7-5--2-----1-4------", hard1);
    /* blanks of all three kinds mixed on one line */
    assert_parses_to(
        "4.0-0.8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", hard1);
    assert_parses_to(easy1_solved, easy1_solved);
}

static void one_line_with_spaces_and_line_end(void **state)
{
    (void)state;
    char text[200];
    snprintf(text, sizeof text, "  %s\n", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "%s\r\n", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "\t%s  \t\n\n", hard1);
    assert_parses_to(text, hard1);
}

static void one_line_with_annotations(void **state)
{
    (void)state;
    char text[300];
    /* the rest of a fast line is ignored, whatever it holds */
    snprintf(text, sizeof text, "%s:1:%s", easy1, easy1_solved);
    assert_parses_to(text, easy1);
    snprintf(text, sizeof text, "%s # Norvig's hard1, x y z", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "%s#comment", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "%s,3.5,ok", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "%s;rating 99", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "%s\tsource!", hard1);
    assert_parses_to(text, hard1);
}

static void one_line_with_separators(void **state)
{
    (void)state;
    /* not a fast line: cells separated by spaces, commas, borders */
    assert_parses_to(
        "4 . . . . . 8 . 5 . 3 . . . . . . . . . . 7 . . . . . . 2 . . . . . 6 . . . . "
        ". 8 . 4 . . . . . . 1 . . . . . . . 6 . 3 . 7 . 5 . . 2 . . . . . 1 . 4 . . . "
        ". . .",
        hard1);
    assert_parses_to("4..|...|8.5 .3.|...|... ...|7..|... .2.|...|.6. ...|.8.|4.. ...|.1.|... "
                     "...|6.3|.7. 5..|2..|... 1.4|...|...",
                     hard1);
    assert_parses_to("\"003020600\",\"900305001\",\"001806400\",\"008102900\",\"700000008\","
                     "\"006708200\",\"002609500\",\"800203009\",\"005010300\"",
                     easy1);
}

/* ---- multi-line layouts ---- */

static void nine_line_grid(void **state)
{
    (void)state;
    assert_parses_to("003020600\n900305001\n001806400\n008102900\n700000008\n"
                     "006708200\n002609500\n800203009\n005010300\n",
                     easy1);
    /* no final line end, CRLF, blank lines, comments, a trailing comment */
    assert_parses_to("003020600\r\n900305001\r\n001806400\r\n008102900\r\n700000008\r\n"
                     "006708200\r\n002609500\r\n800203009\r\n005010300",
                     easy1);
    assert_parses_to("# Norvig's easy1\n\n003020600 # row 1\n900305001\n001806400\n  # middle\n"
                     "008102900\n700000008\n006708200\n\n002609500\n800203009\n005010300\n\n",
                     easy1);
}

static void grid_with_header_line(void **state)
{
    (void)state;
    /* Project Euler's sudoku.txt: a "Grid 01" header over a 9-line grid */
    assert_parses_to("Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n"
                     "006708200\n002609500\n800203009\n005010300\n",
                     easy1);
    assert_parses_to("Puzzle 7 (hard):\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n"
                     "....1....\n...6.3.7.\n5..2.....\n1.4......\n",
                     hard1);
}

static void norvig_grid(void **state)
{
    (void)state;
    assert_parses_to("4 8 3 |9 2 1 |6 5 7\n"
                     "9 6 7 |3 4 5 |8 2 1\n"
                     "2 5 1 |8 7 6 |4 9 3\n"
                     "------+------+------\n"
                     "5 4 8 |1 3 2 |9 7 6\n"
                     "7 2 9 |5 6 4 |1 3 8\n"
                     "1 3 6 |7 9 8 |2 4 5\n"
                     "------+------+------\n"
                     "3 7 2 |6 8 9 |5 1 4\n"
                     "8 1 4 |2 5 3 |7 6 9\n"
                     "6 9 5 |4 1 7 |3 8 2\n",
                     easy1_solved);
    assert_parses_to("4 . . |. . . |8 . 5 \n"
                     ". 3 . |. . . |. . . \n"
                     ". . . |7 . . |. . . \n"
                     "------+------+------\n"
                     ". 2 . |. . . |. 6 . \n"
                     ". . . |. 8 . |4 . . \n"
                     ". . . |. 1 . |. . . \n"
                     "------+------+------\n"
                     ". . . |6 . 3 |. 7 . \n"
                     "5 . . |2 . . |. . . \n"
                     "1 . 4 |. . . |. . . \n",
                     hard1);
    /* a boxed grid with outer borders and tabs */
    assert_parses_to("+-------+-------+-------+\n"
                     "|\t4 . . | . . . | 8 . 5 |\n"
                     "| . 3 . | . . . | . . . |\n"
                     "| . . . | 7 . . | . . . |\n"
                     "+-------+-------+-------+\n"
                     "| . 2 . | . . . | . 6 . |\n"
                     "| . . . | . 8 . | 4 . . |\n"
                     "| . . . | . 1 . | . . . |\n"
                     "+-------+-------+-------+\n"
                     "| . . . | 6 . 3 | . 7 . |\n"
                     "| 5 . . | 2 . . | . . . |\n"
                     "| 1 . 4 | . . . | . . . |\n"
                     "+-------+-------+-------+\n",
                     hard1);
}

static void python_list_of_lists(void **state)
{
    (void)state;
    const char *expect = "086902000007000000520007000200000006005000000"
                         "031006082000409650000010203410605000";
    assert_parses_to("board = [\n"
                     "[0, 8, 6, 9, 0, 2, 0, 0, 0],\n"
                     "[0, 0, 7, 0, 0, 0, 0, 0, 0],\n"
                     "[5, 2, 0, 0, 0, 7, 0, 0, 0],\n"
                     "[2, 0, 0, 0, 0, 0, 0, 0, 6],\n"
                     "[0, 0, 5, 0, 0, 0, 0, 0, 0],\n"
                     "[0, 3, 1, 0, 0, 6, 0, 8, 2],\n"
                     "[0, 0, 0, 4, 0, 9, 6, 5, 0],\n"
                     "[0, 0, 0, 0, 1, 0, 2, 0, 3],\n"
                     "[4, 1, 0, 6, 0, 5, 0, 0, 0],\n"
                     "]\n",
                     expect);
    /* the same on a single line, and as tuples */
    assert_parses_to("[[0,8,6,9,0,2,0,0,0],[0,0,7,0,0,0,0,0,0],[5,2,0,0,0,7,0,0,0],"
                     "[2,0,0,0,0,0,0,0,6],[0,0,5,0,0,0,0,0,0],[0,3,1,0,0,6,0,8,2],"
                     "[0,0,0,4,0,9,6,5,0],[0,0,0,0,1,0,2,0,3],[4,1,0,6,0,5,0,0,0]]",
                     expect);
    assert_parses_to("((0,8,6,9,0,2,0,0,0),(0,0,7,0,0,0,0,0,0),(5,2,0,0,0,7,0,0,0),\n"
                     " (2,0,0,0,0,0,0,0,6),(0,0,5,0,0,0,0,0,0),(0,3,1,0,0,6,0,8,2),\n"
                     " (0,0,0,4,0,9,6,5,0),(0,0,0,0,1,0,2,0,3),(4,1,0,6,0,5,0,0,0))\n",
                     expect);
}

static void numpy_and_swift_arrays(void **state)
{
    (void)state;
    assert_parses_to("[[0,3,0,0,0,0,4,0,1],\n"
                     " [5,0,0,3,0,0,0,0,0],\n"
                     " [0,0,6,0,0,7,0,0,2],\n"
                     " [2,0,0,0,9,0,0,6,0],\n"
                     " [0,4,5,0,0,0,0,0,0],\n"
                     " [0,0,0,0,0,2,5,8,0],\n"
                     " [0,0,0,1,4,0,0,0,0],\n"
                     " [0,0,8,0,0,0,9,7,0],\n"
                     " [9,0,0,0,3,0,0,0,0]]",
                     "030000401500300000006007002200090060045000000"
                     "000002580000140000008000970900030000");
    /* numpy's own printing: spaces instead of commas */
    assert_parses_to("[[0 3 0 0 0 0 4 0 1]\n"
                     "       [5 0 0 3 0 0 0 0 0]\n"
                     "       [0 0 6 0 0 7 0 0 2]\n"
                     "       [2 0 0 0 9 0 0 6 0]\n"
                     "       [0 4 5 0 0 0 0 0 0]\n"
                     "       [0 0 0 0 0 2 5 8 0]\n"
                     "       [0 0 0 1 4 0 0 0 0]\n"
                     "       [0 0 8 0 0 0 9 7 0]\n"
                     "       [9 0 0 0 3 0 0 0 0]]\n",
                     "030000401500300000006007002200090060045000000"
                     "000002580000140000008000970900030000");
    assert_parses_to("[[0, 0, 0, 0, 0, 0, 6, 0, 0],\n"
                     " [2, 3, 0, 0, 0, 0, 0, 0, 0],\n"
                     " [0, 0, 0, 0, 0, 0, 9, 0, 0],\n"
                     " [0, 0, 6, 0, 0, 7, 0, 0, 0],\n"
                     " [5, 0, 0, 2, 0, 0, 0, 3, 0],\n"
                     " [0, 0, 0, 0, 0, 0, 0, 1, 0],\n"
                     " [0, 0, 7, 0, 6, 9, 0, 0, 0],\n"
                     " [0, 1, 0, 0, 0, 0, 0, 2, 5],\n"
                     " [0, 0, 0, 0, 0, 8, 0, 0, 0]]\n",
                     "000000600230000000000000900006007000500200030"
                     "000000010007069000010000025000008000");
    /* braces and quotes: a JSON or C initialiser */
    assert_parses_to("{{'0','0','0','0','0','0','6','0','0'},\n"
                     " {'2','3','0','0','0','0','0','0','0'},\n"
                     " {'0','0','0','0','0','0','9','0','0'},\n"
                     " {'0','0','6','0','0','7','0','0','0'},\n"
                     " {'5','0','0','2','0','0','0','3','0'},\n"
                     " {'0','0','0','0','0','0','0','1','0'},\n"
                     " {'0','0','7','0','6','9','0','0','0'},\n"
                     " {'0','1','0','0','0','0','0','2','5'},\n"
                     " {'0','0','0','0','0','8','0','0','0'}}\n",
                     "000000600230000000000000900006007000500200030"
                     "000000010007069000010000025000008000");
}

/* ---- candidate grids: the token reading ---- */

/* Its single candidates, read off the text above by hand. */
static const char *hard1_singles =
    "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......";

static void candidate_grid_text(void **state)
{
    (void)state;
    assert_parses_to(hard1_candidates, hard1_singles);
}

static void candidate_line_text(void **state)
{
    (void)state;
    /* the 81 sets on one line, as sudoku_format_candidates_line writes them */
    assert_parses_to(
        "4 1679 12679 139 2369 269 8 1239 5 26789 3 1256789 14589 24569 245689 12679 1249 "
        "124679 2689 15689 125689 7 234569 245689 12369 12349 123469 3789 2 15789 3459 34579 "
        "4579 13579 6 13789 3679 15679 15679 359 8 25679 4 12359 12379 36789 4 56789 359 1 "
        "25679 23579 23589 23789 289 89 289 6 459 3 1259 7 12489 5 6789 3 2 479 1 69 489 "
        "4689 1 6789 4 589 579 5789 23569 23589 23689",
        hard1_singles);
}

/* Writes first, then each character of rest, separated by single spaces:
 * one token per cell of rest. */
static void spaced(const char *first, const char *rest, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "%s", first);
    for (const char *p = rest; *p && n + 2 < size; p++) {
        if (n) out[n++] = ' ';
        out[n++] = *p;
    }
    out[n] = '\0';
}

static void token_reading_needs_a_candidate_set(void **state)
{
    (void)state;
    char text[400];
    /* 81 single-cell tokens and no set: characters and tokens agree */
    assert_parses_to("4 . . . . . 8 . 5\n. 3 . . . . . . .\n. . . 7 . . . . .\n"
                     ". 2 . . . . . 6 .\n. . . . 8 . 4 . .\n. . . . 1 . . . .\n"
                     ". . . 6 . 3 . 7 .\n5 . . 2 . . . . .\n1 . 4 . . . . . .\n",
                     hard1);
    /* one set among 81 tokens is one blank cell: the last... */
    spaced("", hard1, text, sizeof text);
    strcpy(text + strlen(text) - 1, "12");
    assert_parses_to(text, hard1);
    /* ...or the first, with all nine digits */
    spaced("123456789", hard1 + 1, text, sizeof text);
    assert_parses_to(
        text, "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
}

static void token_reading_only_for_nine_or_81_tokens(void **state)
{
    (void)state;
    char text[400];
    /* "69" is a candidate set, but with it there are only 80 tokens: the 81
     * characters win, and '6' and '9' are two givens */
    spaced("69", hard1 + 2, text, sizeof text);
    assert_parses_to(
        text, "69....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    /* 81 tokens, but one is not strictly increasing 1-9: not a set, so
     * characters count */
    const char *not_sets[] = {"21", "11", "1-", "-1", ".5", "10", "123456788"};
    for (size_t k = 0; k < sizeof not_sets / sizeof not_sets[0]; k++) {
        char message[64];
        spaced(not_sets[k], hard1 + 1, text, sizeof text);
        snprintf(message, sizeof message, "found %d cells, expected 81",
                 80 + (int)strlen(not_sets[k]));
        assert_parse_error(text, SUDOKU_ERROR_COUNT, 0, 0, message);
    }
    /* 81 tokens where the set is fine: one cell each, the set a blank */
    spaced("7", hard1 + 1, text, sizeof text);
    text[strlen(text) - 1] = '\0';
    strcat(text, "789");
    assert_parses_to(
        text, "7.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
}

/* A board written by hand: every cell open (1-9) except a few, printed by
 * print.c and read back. */
static void round_trip_hand_made_candidates(void **state)
{
    (void)state;
    sudoku_board board;
    for (int i = 0; i < 81; i++) board.candidates[i] = 0x1FF;
    board.candidates[0] = 1u << 4;                /* r1c1 = 5 */
    board.candidates[1] = (1u << 0) | (1u << 8);  /* r1c2 = {1, 9} */
    board.candidates[40] = 1u << 8;               /* r5c5 = 9 */
    board.candidates[80] = 1u << 0;               /* r9c9 = 1 */
    board.candidates[79] = (1u << 2) | (1u << 3); /* r9c8 = {3, 4} */
    char text[SUDOKU_TEXT_MAX];
    size_t n = sudoku_format_candidates(&board, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    sudoku_grid grid;
    sudoku_error err;
    assert_true(sudoku_parse(text, n, &grid, &err));
    assert_grid_is(
        &grid, "5.......................................9.......................................1");

    n = sudoku_format_candidates_line(&board, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    assert_true(sudoku_parse(text, n, &grid, &err));
    assert_grid_is(
        &grid, "5.......................................9.......................................1");

    /* every cell open: 81 sets "123456789", the empty grid */
    for (int i = 0; i < 81; i++) board.candidates[i] = 0x1FF;
    n = sudoku_format_candidates(&board, text, sizeof text);
    assert_true(sudoku_parse(text, n, &grid, &err));
    assert_grid_is(&grid, empty81);
}

/* ---- round trips through print.c ---- */

static void round_trip_format_grid(void **state)
{
    (void)state;
    const char *puzzles[] = {hard1, easy1, easy1_solved, empty81};
    for (size_t k = 0; k < sizeof puzzles / sizeof puzzles[0]; k++) {
        sudoku_grid grid, back;
        sudoku_error err;
        grid_from(puzzles[k], &grid);
        char text[SUDOKU_TEXT_MAX];
        size_t n = sudoku_format_grid(&grid, text, sizeof text);
        assert_true(n > 0 && n < sizeof text);
        memset(&back, 0xAA, sizeof back);
        if (!sudoku_parse(text, n, &back, &err)) fail_msg("%s\n%s", err.message, text);
        assert_grid_is(&back, puzzles[k]);

        n = sudoku_format_line(&grid, text, sizeof text);
        assert_int_equal(n, 81);
        memset(&back, 0xAA, sizeof back);
        assert_true(sudoku_parse(text, n, &back, &err));
        assert_grid_is(&back, puzzles[k]);
    }
}

static void round_trip_format_candidates(void **state)
{
    (void)state;
    sudoku_grid grid, back;
    sudoku_board board;
    sudoku_error err;
    grid_from(hard1, &grid);
    assert_true(sudoku_propagate(&grid, &board));

    /* the expectation comes from the board, not from the parser */
    char expect[82];
    int singles = 0, sets = 0;
    for (int i = 0; i < 81; i++) {
        unsigned m = board.candidates[i];
        int digit = 0, count = 0;
        for (int d = 1; d <= 9; d++)
            if (m & (1u << (d - 1))) count++, digit = d;
        expect[i] = count == 1 ? (char)('0' + digit) : '.';
        if (count == 1)
            singles++;
        else
            sets++;
    }
    expect[81] = '\0';
    assert_true(singles > 0 && sets > 0); /* the text mixes givens and sets */

    char text[SUDOKU_TEXT_MAX];
    size_t n = sudoku_format_candidates(&board, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    if (!sudoku_parse(text, n, &back, &err)) fail_msg("%s\n%s", err.message, text);
    assert_grid_is(&back, expect);

    n = sudoku_format_candidates_line(&board, text, sizeof text);
    assert_true(n > 0 && n < sizeof text);
    if (!sudoku_parse(text, n, &back, &err)) fail_msg("%s\n%s", err.message, text);
    assert_grid_is(&back, expect);
}

/* ---- rule lines and dash rows ---- */

static void rule_lines_are_skipped(void **state)
{
    (void)state;
    /* rules with '+', or a dash count that is neither 9 nor 81, are not cells */
    assert_parses_to("------+------+------\n003020600\n900305001\n001806400\n"
                     "-------------------\n" /* 19 dashes */
                     "008102900\n700000008\n006708200\n"
                     "|----------|\n" /* 10 dashes */
                     "002609500\n800203009\n005010300\n"
                     "------------------\n" /* 18 dashes */
                     "-\n"
                     " - - - - - - - - - - \n" /* 10 dashes, spaces */
                     "+\n",
                     easy1);
    /* only rules: no cells at all */
    assert_parse_error("------+------+------\n---\n", SUDOKU_ERROR_COUNT, 0, 0,
                       "found 0 cells, expected 81");
    /* a comment after a rule leaves it a rule */
    assert_parses_to("003020600\n900305001\n001806400\n------+------+------ # band 2\n"
                     "008102900\n700000008\n006708200\n-------------------# x\n"
                     "002609500\n800203009\n005010300\n",
                     easy1);
    /* 79 or 83 dashes are a rule; 80 or 82 are the empty grid mistyped, an
     * error rather than nothing */
    char dashes[100];
    memset(dashes, '-', 83);
    dashes[79] = '\0';
    assert_parse_error(dashes, SUDOKU_ERROR_COUNT, 0, 0, "found 0 cells, expected 81");
    dashes[79] = '-';
    dashes[80] = '\0';
    assert_parse_error(dashes, SUDOKU_ERROR_COUNT, 0, 0, "found 80 cells, expected 81");
    dashes[80] = '-';
    dashes[82] = '\0';
    assert_parse_error(dashes, SUDOKU_ERROR_COUNT, 0, 0, "found 82 cells, expected 81");
    dashes[82] = '-';
    dashes[83] = '\0';
    assert_parse_error(dashes, SUDOKU_ERROR_COUNT, 0, 0, "found 0 cells, expected 81");
    /* 80 stars stay a rule: only '-' is taken for a mistyped grid */
    memset(dashes, '*', 80);
    dashes[80] = '\0';
    assert_parse_error(dashes, SUDOKU_ERROR_COUNT, 0, 0, "found 0 cells, expected 81");
}

static void nine_dashes_are_a_row_of_blanks(void **state)
{
    (void)state;
    assert_parses_to(
        "003020600\n900305001\n001806400\n---------\n700000008\n"
        "006708200\n002609500\n800203009\n005010300\n",
        "003020600900305001001806400.........700000008006708200002609500800203009005010300");
    /* with spaces and '|' (no '+'): still nine dashes, still a row */
    assert_parses_to(
        "003020600\n900305001\n001806400\n- - - |- - - |- - -\n700000008\n"
        "006708200\n002609500\n800203009\n005010300\n",
        "003020600900305001001806400.........700000008006708200002609500800203009005010300");
    assert_parses_to("---------\n---------\n---------\n---------\n---------\n"
                     "---------\n---------\n---------\n---------\n",
                     empty81);
}

static void eighty_one_dashes_are_the_empty_grid(void **state)
{
    (void)state;
    char text[100];
    memset(text, '-', 81);
    text[81] = '\0';
    assert_parses_to(text, empty81);
    memset(text, '-', 81);
    strcpy(text + 81, "\n");
    assert_parses_to(text, empty81);
    memset(text, '.', 81);
    text[81] = '\0';
    assert_parses_to(text, empty81);
    memset(text, '0', 81);
    assert_parses_to(text, empty81);
}

/* ---- errors ---- */

static void unexpected_character_on_one_line(void **state)
{
    (void)state;
    assert_parse_error(
        "4.....8.y.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        SUDOKU_ERROR_CHARACTER, 1, 9, "unexpected character 'y' at column 9");
    /* the first bad character is the one reported; a single final line end
     * keeps the text single-line */
    assert_parse_error("  4 . . a b\n", SUDOKU_ERROR_CHARACTER, 1, 9,
                       "unexpected character 'a' at column 9");
    /* a tab counts as one column */
    assert_parse_error("\t1;", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character ';' at column 3");
    /* a lone '*' is a rule, like a lone '-'; with a digit, it is a blank */
    assert_parse_error("*", SUDOKU_ERROR_COUNT, 0, 0, "found 0 cells, expected 81");
    assert_parse_error("*1", SUDOKU_ERROR_COUNT, 0, 0, "found 2 cells, expected 81");
    assert_parse_error("12345678/", SUDOKU_ERROR_CHARACTER, 1, 9,
                       "unexpected character '/' at column 9");
    /* a bad character wins over a wrong count */
    assert_parse_error("1 2 3 !", SUDOKU_ERROR_CHARACTER, 1, 7,
                       "unexpected character '!' at column 7");
    /* a line starting with a letter but holding 9 cells is content, not a header */
    assert_parse_error("r003020600", SUDOKU_ERROR_CHARACTER, 1, 1,
                       "unexpected character 'r' at column 1");
}

static void unexpected_character_on_several_lines(void **state)
{
    (void)state;
    assert_parse_error("003020600\n900305001\n00180y400\n008102900\n700000008\n"
                       "006708200\n002609500\n800203009\n005010300\n",
                       SUDOKU_ERROR_CHARACTER, 3, 6,
                       "unexpected character 'y' at line 3, column 6");
    /* comment and blank lines count as lines; a comment's text is never read */
    assert_parse_error("# a comment with x y z\n\n003020600\n900305001 # fine: x\n001806400\n"
                       "008102900\n700000008\n006708200\n002609500\n800203009\n00501030 =\n",
                       SUDOKU_ERROR_CHARACTER, 11, 10,
                       "unexpected character '=' at line 11, column 10");
    /* CRLF: the CR is layout, not a character of the next line */
    assert_parse_error("003020600\r\n9003y5001\r\n", SUDOKU_ERROR_CHARACTER, 2, 5,
                       "unexpected character 'y' at line 2, column 5");
    /* only the first of several bad characters */
    assert_parse_error("003020600\n\n900305@01\n00!806400\n", SUDOKU_ERROR_CHARACTER, 3, 7,
                       "unexpected character '@' at line 3, column 7");
}

static void unexpected_character_utf8(void **state)
{
    (void)state;
    /* a multi-byte character is one column and shown as itself */
    assert_parse_error("123\xef\xbc\xa1"
                       "5",
                       SUDOKU_ERROR_CHARACTER, 1, 4,
                       "unexpected character '\xef\xbc\xa1' at column 4");
    /* (a full-width digit is a cell: '４' is 4) */
    assert_parse_error("123\xef\xbc\x94"
                       "5",
                       SUDOKU_ERROR_COUNT, 0, 0, "found 5 cells, expected 81");
    assert_parse_error("\xc3\xa9"
                       "12",
                       SUDOKU_ERROR_CHARACTER, 1, 1, "unexpected character '\xc3\xa9' at column 1");
    assert_parse_error("4 8 3 |9 2 1 |6 5 7\n9 6 7 \xe2\x98\x85"
                       "3 4 5",
                       SUDOKU_ERROR_CHARACTER, 2, 7,
                       "unexpected character '\xe2\x98\x85' at line 2, column 7");
    /* a 4-byte character */
    assert_parse_error("1 \xf0\x9f\x98\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character '\xf0\x9f\x98\x80' at column 3");
    /* invalid bytes are shown as bytes */
    assert_parse_error("12\xff", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0xFF at column 3");
    /* a lead byte whose sequence is cut short by a cell character */
    assert_parse_error("1\xe4"
                       "2",
                       SUDOKU_ERROR_CHARACTER, 1, 2, "unexpected character byte 0xE4 at column 2");
    /* a lead byte cut short by the end of the text */
    assert_parse_error("1\xc3", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character byte 0xC3 at column 2");
    /* control characters are shown as bytes */
    assert_parse_error("12\x01", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0x01 at column 3");
    assert_parse_error("12\x7f", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0x7F at column 3");
    /* a stray continuation byte is one column of its own, even first */
    assert_parse_error("12\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0x80 at column 3");
    assert_parse_error("\x80.........", SUDOKU_ERROR_CHARACTER, 1, 1,
                       "unexpected character byte 0x80 at column 1");
    /* a NUL byte is not layout */
    assert_parse_error_n("...\0.....", 9, SUDOKU_ERROR_CHARACTER, 1, 4,
                         "unexpected character byte 0x00 at column 4");
    /* malformed UTF-8 (bad lead, overlong, surrogate, beyond U+10FFFF) is
     * shown byte by byte, so the message itself stays valid UTF-8 */
    assert_parse_error("12\xff\x80\x80\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0xFF at column 3");
    assert_parse_error("12\xe0\x80\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0xE0 at column 3");
    assert_parse_error("12\xed\xa0\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0xED at column 3");
    assert_parse_error("12\xf4\x90\x80\x80", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character byte 0xF4 at column 3");
}

static void wrong_cell_counts(void **state)
{
    (void)state;
    assert_parse_error(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....",
        SUDOKU_ERROR_COUNT, 0, 0, "found 80 cells, expected 81");
    assert_parse_error(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.......",
        SUDOKU_ERROR_COUNT, 0, 0, "found 82 cells, expected 81");
    assert_parse_error("", SUDOKU_ERROR_COUNT, 0, 0, "found 0 cells, expected 81");
    assert_parse_error("\n\n  \n# only a comment\nGrid 01\n", SUDOKU_ERROR_COUNT, 0, 0,
                       "found 0 cells, expected 81");
    /* a grid with a short row and one with a long row */
    assert_parse_error("003020600\n900305001\n00180640\n008102900\n700000008\n"
                       "006708200\n002609500\n800203009\n005010300\n",
                       SUDOKU_ERROR_COUNT, 0, 0, "found 80 cells, expected 81");
    assert_parse_error("003020600\n900305001\n001806400\n008102900\n700000008\n"
                       "006708200\n002609500\n800203009\n005010300\n1\n",
                       SUDOKU_ERROR_COUNT, 0, 0, "found 82 cells, expected 81");
    /* two puzzles are not one */
    char text[200];
    snprintf(text, sizeof text, "%s\n%s\n", hard1, easy1);
    assert_parse_error(text, SUDOKU_ERROR_COUNT, 0, 0, "found 162 cells, expected 81");
    /* a fast line followed by something that is not an annotation */
    snprintf(text, sizeof text, "%s-", hard1);
    assert_parse_error(text, SUDOKU_ERROR_COUNT, 0, 0, "found 82 cells, expected 81");
    snprintf(text, sizeof text, "%s.y", hard1);
    assert_parse_error(text, SUDOKU_ERROR_CHARACTER, 1, 83,
                       "unexpected character 'y' at column 83");
}

static void duplicate_givens(void **state)
{
    (void)state;
    assert_parse_error("5.....5.."
                       "........."
                       "........."
                       "........."
                       "........."
                       "........."
                       "........."
                       "........."
                       ".........",
                       SUDOKU_ERROR_DUPLICATE, 0, 0,
                       "digit 5 appears twice in row 1 (r1c1 and r1c7)");
    assert_parse_error("..3......"
                       "........."
                       "........."
                       "..3......"
                       "........."
                       "........."
                       "........."
                       "........."
                       ".........",
                       SUDOKU_ERROR_DUPLICATE, 0, 0,
                       "digit 3 appears twice in column 3 (r1c3 and r4c3)");
    assert_parse_error("7........"
                       ".7......."
                       "........."
                       "........."
                       "........."
                       "........."
                       "........."
                       "........."
                       ".........",
                       SUDOKU_ERROR_DUPLICATE, 0, 0,
                       "digit 7 appears twice in box 1 (r1c1 and r2c2)");
    /* in a grid layout */
    assert_parse_error("4 . . |. . . |8 . 5\n"
                       ". 3 . |. . . |. . .\n"
                       ". . . |7 . . |. . .\n"
                       "------+------+------\n"
                       ". 2 . |. . . |. 6 .\n"
                       ". . . |. 8 . |4 . .\n"
                       ". . . |. 1 . |. . .\n"
                       "------+------+------\n"
                       ". . . |6 . 3 |. 7 .\n"
                       "5 . . |2 . . |. . 7\n"
                       "1 . 4 |. . . |. . .\n",
                       SUDOKU_ERROR_DUPLICATE, 0, 0,
                       "digit 7 appears twice in box 9 (r7c8 and r8c9)");
    /* the solved grid with two cells swapped */
    assert_parse_error(
        "843921657967345821251876493548132976729564138136798245372689514814253769695417382",
        SUDOKU_ERROR_DUPLICATE, 0, 0, "digit 4 appears twice in column 2 (r1c2 and r4c2)");
}

static void null_err_is_allowed(void **state)
{
    (void)state;
    sudoku_grid grid;
    assert_true(sudoku_parse(hard1, 81, &grid, NULL));
    assert_grid_is(&grid, hard1);
    assert_false(sudoku_parse("x", 1, &grid, NULL));
    assert_false(sudoku_parse(hard1, 80, &grid, NULL));
    assert_false(sudoku_parse(
        "5.....5..........................................................................", 81,
        &grid, NULL));
    assert_false(sudoku_parse("", 0, &grid, NULL));
}

/* ---- length, not NUL, ends the text ---- */

static void length_bounds_the_text(void **state)
{
    (void)state;
    sudoku_grid grid;
    sudoku_error err;
    /* an exact-size buffer with no NUL anywhere: ASan catches any overread */
    char *exact = malloc(81);
    assert_non_null(exact);
    memcpy(exact, hard1, 81);
    assert_true(sudoku_parse(exact, 81, &grid, &err));
    assert_grid_is(&grid, hard1);
    free(exact);

    const char *grid_text9 = "003020600\n900305001\n001806400\n008102900\n700000008\n"
                             "006708200\n002609500\n800203009\n005010300";
    size_t n = strlen(grid_text9);
    char *multi = malloc(n);
    assert_non_null(multi);
    memcpy(multi, grid_text9, n);
    assert_true(sudoku_parse(multi, n, &grid, &err));
    assert_grid_is(&grid, easy1);
    free(multi);

    /* what follows the length is not read: neither more cells... */
    char text[300];
    snprintf(text, sizeof text, "%s5", hard1);
    assert_true(sudoku_parse(text, 81, &grid, &err));
    assert_grid_is(&grid, hard1);
    /* ...nor bad characters, nor more lines */
    snprintf(text, sizeof text, "%s\nxyz\n%s", hard1, easy1);
    assert_true(sudoku_parse(text, 82, &grid, &err));
    assert_grid_is(&grid, hard1);
    snprintf(text, sizeof text, "%s x", hard1);
    assert_true(sudoku_parse(text, 82, &grid, &err));
    assert_grid_is(&grid, hard1);
    /* and a shorter length is a shorter text */
    assert_false(sudoku_parse(hard1, 40, &grid, &err));
    assert_string_equal(err.message, "found 40 cells, expected 81");
    assert_int_equal(err.kind, SUDOKU_ERROR_COUNT);
    /* a multi-byte character cut by the length is an invalid byte */
    assert_false(sudoku_parse("1\xef\xbc\x94", 3, &grid, &err));
    assert_string_equal(err.message, "unexpected character byte 0xEF at column 2");
}

/* ---- what people paste (docs/input-formats.md) ---- */

/* classic as tab-separated fields (fixtures.h has it as CSV). */
#define CLASSIC_TABS                                                                               \
    "5\t3\t\t\t7\t\t\t\t\n6\t\t\t1\t9\t5\t\t\t\n\t9\t8\t\t\t\t\t6\t\n8\t\t\t\t6\t\t\t\t3\n"        \
    "4\t\t\t8\t\t3\t\t\t1\n7\t\t\t\t2\t\t\t\t6\n\t6\t\t\t\t\t2\t8\t\n\t\t\t4\t1\t9\t\t\t5\n"       \
    "\t\t\t\t8\t\t\t7\t9\n"

/* Replaces every from in text by to (up to a few kilobytes); the result
 * lives until the fourth call after this one. */
static const char *replace_all(const char *text, const char *from, const char *to)
{
    static char buffers[4][4096];
    static int next;
    char *out = buffers[next++ % 4];
    size_t n = 0, lf = strlen(from), lt = strlen(to);
    for (const char *p = text; *p;) {
        if (strncmp(p, from, lf) == 0) {
            assert_true(n + lt < sizeof buffers[0]);
            memcpy(out + n, to, lt);
            n += lt;
            p += lf;
        } else {
            assert_true(n + 1 < sizeof buffers[0]);
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    return out;
}

static void byte_order_mark_is_ignored(void **state)
{
    (void)state;
    char text[300];
    snprintf(text, sizeof text, "\xef\xbb\xbf%s", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "\xef\xbb\xbf%s", EASY1_GRID_TEXT);
    assert_parses_to(text, easy1);
    /* at the start of any line, as where files that have one were joined */
    snprintf(text, sizeof text, "# a\n\xef\xbb\xbf%s\n", hard1);
    assert_parses_to(text, hard1);
    /* anywhere else it is a character, and named as one */
    snprintf(text, sizeof text, "4.....8.5.3\xef\xbb\xbf%s", hard1 + 11);
    assert_parse_error(text, SUDOKU_ERROR_CHARACTER, 1, 12,
                       "unexpected character U+FEFF (byte order mark) at column 12");
}

static void unicode_spaces_are_spaces(void **state)
{
    (void)state;
    /* no-break space (web pages), narrow no-break, thin and ideographic */
    assert_parses_to(replace_all(EASY1_GRID_SPACED, " ", "\xc2\xa0"), easy1);
    assert_parses_to(replace_all(EASY1_GRID_SPACED, " ", "\xe2\x80\xaf"), easy1);
    assert_parses_to(replace_all(EASY1_GRID_SPACED, " ", "\xe2\x80\x89"), easy1);
    assert_parses_to(replace_all(EASY1_GRID_SPACED, " ", "\xe3\x80\x80"), easy1);
}

static void invisible_characters_are_named(void **state)
{
    (void)state;
    assert_parse_error("12\xe2\x80\x8b", SUDOKU_ERROR_CHARACTER, 1, 3,
                       "unexpected character U+200B (zero-width space) at column 3");
    assert_parse_error("1\xc2\xad", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character U+00AD (soft hyphen) at column 2");
    assert_parse_error("1\xe2\x80\x8f", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character U+200F (right-to-left mark) at column 2");
    assert_parse_error("1\xc2\x85", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character U+0085 at column 2");
    assert_parse_error("1\xef\xbf\xbd", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character U+FFFD (replacement character) at column 2");
    /* visible ones are still quoted as they are */
    assert_parse_error("1\xc3\xa9", SUDOKU_ERROR_CHARACTER, 1, 2,
                       "unexpected character '\xc3\xa9' at column 2");
}

static void more_blank_characters(void **state)
{
    (void)state;
    assert_parses_to(replace_all(hard1, ".", "*"), hard1);
    assert_parses_to(replace_all(hard1, ".", "_"), hard1);
    assert_parses_to(replace_all(hard1, ".", "?"), hard1);
    assert_parses_to(replace_all(hard1, ".", "x"), hard1);
    assert_parses_to(replace_all(hard1, ".", "X"), hard1);
    assert_parses_to(replace_all(EASY1_GRID_SPACED, "0", "x"), easy1);
    assert_parses_to(replace_all(EASY1_GRID_SPACED, "0", "_"), easy1);
    /* a row of nine of them is a row, like nine dashes; 81, the empty grid */
    assert_parses_to("*********\n" EASY1_GRID_TAIL, "........." EASY1_TAIL);
    assert_parses_to("x x x x x x x x x\n" EASY1_GRID_TAIL, "........." EASY1_TAIL);
    assert_parses_to(replace_all(empty81, ".", "?"), empty81);
    /* other runs of '*' or '_' are rules; of '?' or 'x', headers */
    assert_parses_to("*****\n" EASY1_GRID_TEXT "_________________________\n", easy1);
    assert_parses_to("x\n  ?\n" EASY1_GRID_TEXT "xx\n", easy1);
    /* a header is still a header: 'x' is a blank only where it cannot be
     * one ("*** Easy ***" and "Puzzle x" are text, not cells) */
    assert_parses_to("*** Easy ***\nPuzzle x\n" EASY1_GRID_TEXT, easy1);
}

static void fixed_columns_with_spaces_for_blanks(void **state)
{
    (void)state;
    assert_parses_to(CLASSIC_FIXED, classic);
    /* trailing spaces kept, and the row of blanks they allow */
    assert_parses_to("53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n"
                     " 6    28 \n   419  5\n    8  79\n",
                     classic);
    assert_parses_to(
        "53  7    \n6  195   \n         \n8   6   3\n4  8 3  1\n7   2   6\n"
        " 6    28 \n   419  5\n    8  79\n",
        "53..7....6..195............8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /* cells two columns apart, Norvig's layout, boxed with '|' */
    assert_parses_to("5 3     7\n6     1 9 5\n  9 8         6\n8       6       3\n"
                     "4     8   3     1\n7       2       6\n  6         2 8\n"
                     "      4 1 9     5\n        8     7 9\n",
                     classic);
    assert_parses_to("5 3   |  7   |\n6     |1 9 5 |\n  9 8 |      |  6\n------+------+------\n"
                     "8     |  6   |    3\n4     |8   3 |    1\n7     |  2   |    6\n"
                     "------+------+------\n  6   |      |2 8\n      |4 1 9 |    5\n"
                     "      |  8   |  7 9\n",
                     classic);
    assert_parses_to("|53 | 7 |   |\n|6  |195|   |\n| 98|   | 6 |\n|8  | 6 |  3|\n|4  |8 3|  1|\n"
                     "|7  | 2 |  6|\n| 6 |   |28 |\n|   |419|  5|\n|   | 8 | 79|\n",
                     classic);
}

static void box_drawing_grids(void **state)
{
    (void)state;
    assert_parses_to("┌───────┬───────┬───────┐\n"
                     "│ 5 3   │   7   │       │\n"
                     "│ 6     │ 1 9 5 │       │\n"
                     "│   9 8 │       │   6   │\n"
                     "├───────┼───────┼───────┤\n"
                     "│ 8     │   6   │     3 │\n"
                     "│ 4     │ 8   3 │     1 │\n"
                     "│ 7     │   2   │     6 │\n"
                     "├───────┼───────┼───────┤\n"
                     "│   6   │       │ 2 8   │\n"
                     "│       │ 4 1 9 │     5 │\n"
                     "│       │   8   │   7 9 │\n"
                     "└───────┴───────┴───────┘\n",
                     classic);
    /* a box per cell, double lines between boxes, a row of blanks */
    assert_parses_to(
        "╔═══╤═══╤═══╦═══╤═══╤═══╦═══╤═══╤═══╗\n"
        "║ 5 │ 3 │   ║   │ 7 │   ║   │   │   ║\n"
        "╟───┼───┼───╫───┼───┼───╫───┼───┼───╢\n"
        "║   │   │   ║   │   │   ║   │   │   ║\n"
        "║   │ 9 │ 8 ║   │   │   ║   │ 6 │   ║\n"
        "╠═══╪═══╪═══╬═══╪═══╪═══╬═══╪═══╪═══╣\n"
        "║ 8 │   │   ║   │ 6 │   ║   │   │ 3 ║\n"
        "║ 4 │   │   ║ 8 │   │ 3 ║   │   │ 1 ║\n"
        "║ 7 │   │   ║   │ 2 │   ║   │   │ 6 ║\n"
        "║   │ 6 │   ║   │   │   ║ 2 │ 8 │   ║\n"
        "║   │   │   ║ 4 │ 1 │ 9 ║   │   │ 5 ║\n"
        "║   │   │   ║   │ 8 │   ║   │ 7 │ 9 ║\n"
        "╚═══╧═══╧═══╩═══╧═══╧═══╩═══╧═══╧═══╝\n",
        "53..7..............98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /* with every blank written, box-drawing lines are just layout */
    assert_parses_to(
        "│ 5 3 . │ . 7 . │ . . . │\n│ 6 . . │ 1 9 5 │ . . . │\n│ . 9 8 │ . . . │ . 6 . │\n"
        "│ 8 . . │ . 6 . │ . . 3 │\n│ 4 . . │ 8 . 3 │ . . 1 │\n│ 7 . . │ . 2 . │ . . 6 │\n"
        "│ . 6 . │ . . . │ 2 8 . │\n│ . . . │ 4 1 9 │ . . 5 │\n│ . . . │ . 8 . │ . 7 9 │\n",
        classic);
}

static void columns_that_do_not_fix_the_grid(void **state)
{
    (void)state;
    /* every cell two apart: spacing 2 from column 0, or spacing 1 from
     * column 1 on the odd rows? The cells cannot tell, so neither is taken */
    assert_parse_error("5 3\n6\n\n", SUDOKU_ERROR_COUNT, 0, 0, "found 3 cells, expected 81");
    assert_parse_error("1 2\n3 4\n5 6\n7 8\n9 1\n2 3\n4 5\n6 7\n8 9\n", SUDOKU_ERROR_AMBIGUOUS, 1,
                       0,
                       "the grid has spaces for blanks, but its cells do not show which column "
                       "each stands in; write its blanks as '.'");
    /* a grid that writes its blanks has spaces between cells, not blanks */
    assert_parse_error("5 3 . . 7\n" EASY1_GRID_TAIL, SUDOKU_ERROR_COUNT, 0, 0,
                       "found 77 cells, expected 81");
    /* a row short of cells at its end only lacks a cell, it has no blank */
    assert_parse_error("003020600\n900305001\n00180640\n008102900\n700000008\n006708200\n"
                       "002609500\n800203009\n005010300\n",
                       SUDOKU_ERROR_COUNT, 0, 0, "found 80 cells, expected 81");
}

static void tab_separated_rows(void **state)
{
    (void)state;
    assert_parses_to(CLASSIC_TABS, classic);
    /* a trailing tab, an index column, a row of empty fields */
    assert_parses_to(replace_all(CLASSIC_TABS, "\n", "\t\n"), classic);
    assert_parses_to(
        "A\t5\t3\t\t\t7\t\t\t\t\nB\t6\t\t\t1\t9\t5\t\t\t\nC\t\t\t\t\t\t\t\t\t\n"
        "D\t8\t\t\t\t6\t\t\t\t3\nE\t4\t\t\t8\t\t3\t\t\t1\nF\t7\t\t\t\t2\t\t\t\t6\n"
        "G\t\t6\t\t\t\t\t2\t8\t\nH\t\t\t\t4\t1\t9\t\t\t5\nI\t\t\t\t\t8\t\t\t7\t9\n",
        "53..7....6..195............8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    assert_parses_to("5\t3\t\t\t7\t\t\t\t\n\t\t\t\t\t\t\t\t\n" CLASSIC_TABS_TAIL,
                     "53..7...."
                     "........." CLASSIC_TAIL);
}

static void comma_separated_rows(void **state)
{
    (void)state;
    assert_parses_to(CLASSIC_CSV, classic);
    assert_parses_to(replace_all(CLASSIC_CSV, ",", ";"), classic);
    /* a header row, quoted fields, spaces around them */
    assert_parses_to("c1,c2,c3,c4,c5,c6,c7,c8,c9\n" CLASSIC_CSV, classic);
    const char *quoted = replace_all(replace_all(CLASSIC_CSV, ",", "\",\""), "\n", "\"\n\"");
    char text[1000];
    snprintf(text, sizeof text, "\"%.*s", (int)strlen(quoted) - 1,
             quoted); /* no '"' after the end */
    assert_parses_to(text, classic);
    assert_parses_to(replace_all(CLASSIC_CSV, ",", " , "), classic);
    /* pandas: an empty first name over an index column; R: quoted names */
    assert_parses_to(",0,1,2,3,4,5,6,7,8\n0,5,3,0,0,7,0,0,0,0\n1,6,0,0,1,9,5,0,0,0\n"
                     "2,0,9,8,0,0,0,0,6,0\n3,8,0,0,0,6,0,0,0,3\n4,4,0,0,8,0,3,0,0,1\n"
                     "5,7,0,0,0,2,0,0,0,6\n6,0,6,0,0,0,0,2,8,0\n7,0,0,0,4,1,9,0,0,5\n"
                     "8,0,0,0,0,8,0,0,7,9\n",
                     classic);
    assert_parses_to("\"\",\"V1\",\"V2\",\"V3\",\"V4\",\"V5\",\"V6\",\"V7\",\"V8\",\"V9\"\n"
                     "\"1\",5,3,,,7,,,,\n\"2\",6,,,1,9,5,,,\n\"3\",,9,8,,,,,6,\n"
                     "\"4\",8,,,,6,,,,3\n\"5\",4,,,8,,3,,,1\n\"6\",7,,,,2,,,,6\n"
                     "\"7\",,6,,,,,2,8,\n\"8\",,,,4,1,9,,,5\n\"9\",,,,,8,,,7,9\n",
                     classic);
    /* the pandas header stays a row of cells when no index column follows */
    assert_parses_to(
        ",0,1,2,3,4,5,6,7,8\n.........\n.........\n.........\n.........\n"
        ".........\n.........\n.........\n.........\n",
        ".12345678........................................................................");
}

static void fields_that_read_two_ways(void **state)
{
    (void)state;
    /* ten fields a row, numbers 1-9 first and the last always empty: an
     * index column, or a first column of givens and a trailing comma? */
    assert_parse_error("1,5,3,,,7,,,,\n2,6,,,1,9,5,,,\n3,,9,8,,,,,6,\n4,8,,,,6,,,,\n5,4,,,8,,3,,,\n"
                       "6,7,,,,2,,,,\n7,,6,,,,,2,8,\n8,,,,4,1,9,,,\n9,,,,,8,,,7,\n",
                       SUDOKU_ERROR_AMBIGUOUS, 1, 0,
                       "rows of 10 fields: the first may be an index column or the last an empty "
                       "one; leave out the index or the last delimiter");
}

static void one_line_of_fields(void **state)
{
    (void)state;
    char text[600];
    /* an id, the puzzle, its solution and more, quoted or not */
    snprintf(text, sizeof text, "17,%s,%s,17,2.2", hard1, hard1_solved);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "\"p17\";\"%s\"", hard1);
    assert_parses_to(text, hard1);
    snprintf(text, sizeof text, "12\t%s", hard1);
    assert_parses_to(text, hard1);
    /* 81 fields, empty for a blank; with an id first */
    const char *fields = replace_all(replace_all(hard1, ".", ","), "5", "5,");
    fields = replace_all(replace_all(replace_all(fields, "4", "4,"), "8", "8,"), "3", "3,");
    fields = replace_all(replace_all(replace_all(fields, "7", "7,"), "2", "2,"), "6", "6,");
    fields = replace_all(fields, "1", "1,");
    snprintf(text, sizeof text, "%.*s", (int)strlen(fields) - 1, fields); /* the last ',' */
    assert_parses_to(text, hard1);
    char with_id[700];
    snprintf(with_id, sizeof with_id, "id-9,%s", text);
    assert_parses_to(with_id, hard1);
    /* a one-character id and an empty last field: an id, or a trailing comma? */
    snprintf(with_id, sizeof with_id, "7,%s", text);
    assert_parse_error(with_id, SUDOKU_ERROR_AMBIGUOUS, 1, 0,
                       "82 fields: the first may be an id or the last an empty field; write the "
                       "id as text, or leave out the last delimiter");
}

static void whole_text_layouts(void **state)
{
    (void)state;
    /* a list of lists printed with one cell per line (JSON, pretty-printed) */
    char text[2000];
    size_t n = (size_t)snprintf(text, sizeof text, "[\n");
    for (int row = 0; row < 9; row++) {
        n += (size_t)snprintf(text + n, sizeof text - n, "  [\n");
        for (int col = 0; col < 9; col++)
            n += (size_t)snprintf(text + n, sizeof text - n, "    \"%c\"%s\n",
                                  classic[9 * row + col], col < 8 ? "," : "");
        n += (size_t)snprintf(text + n, sizeof text - n, "  ]%s\n", row < 8 ? "," : "");
    }
    snprintf(text + n, sizeof text - n, "]\n");
    assert_parses_to(text, classic);
}

/* ---- sudoku_check_givens ---- */

/* Builds a grid from givens written "r5c1=7 r1c5=7"; every other cell blank. */
static void grid_with(const char *givens, sudoku_grid *grid)
{
    memset(grid, 0, sizeof *grid);
    int r, c, d, used;
    for (const char *p = givens; sscanf(p, " r%dc%d=%d%n", &r, &c, &d, &used) == 3; p += used) {
        assert_true(r >= 1 && r <= 9 && c >= 1 && c <= 9 && d >= 1 && d <= 9);
        grid->cell[9 * (r - 1) + (c - 1)] = (uint8_t)d;
    }
}

static void assert_givens_clash(const char *givens, const char *message)
{
    sudoku_grid grid;
    sudoku_error err;
    grid_with(givens, &grid);
    memset(&err, 0, sizeof err);
    assert_false(sudoku_check_givens(&grid, &err));
    assert_int_equal(err.kind, SUDOKU_ERROR_DUPLICATE);
    assert_int_equal(err.line, 0);
    assert_int_equal(err.column, 0);
    assert_string_equal(err.message, message);
    assert_false(sudoku_check_givens(&grid, NULL));
}

static void assert_givens_ok(const sudoku_grid *grid)
{
    sudoku_error err;
    memset(&err, 0, sizeof err);
    assert_true(sudoku_check_givens(grid, &err));
    assert_true(sudoku_check_givens(grid, NULL));
}

static void check_givens_accepts_valid_grids(void **state)
{
    (void)state;
    const char *ok[] = {empty81, hard1, easy1, easy1_solved};
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
        sudoku_grid grid;
        grid_from(ok[k], &grid);
        assert_givens_ok(&grid);
    }
    /* one 1 in each box, no two in a row or column */
    sudoku_grid grid;
    grid_with("r1c1=1 r2c4=1 r3c7=1 r4c2=1 r5c5=1 r6c8=1 r7c3=1 r8c6=1 r9c9=1", &grid);
    assert_givens_ok(&grid);
    /* one digit three times on a diagonal of boxes, different digits side by side */
    grid_with("r1c1=9 r9c9=9 r5c5=9 r1c2=8 r2c1=7 r2c2=6", &grid);
    assert_givens_ok(&grid);
}

static void check_givens_rows_columns_boxes(void **state)
{
    (void)state;
    assert_givens_clash("r9c1=9 r9c9=9", "digit 9 appears twice in row 9 (r9c1 and r9c9)");
    assert_givens_clash("r4c7=2 r4c5=2", "digit 2 appears twice in row 4 (r4c5 and r4c7)");
    assert_givens_clash("r1c9=6 r9c9=6", "digit 6 appears twice in column 9 (r1c9 and r9c9)");
    assert_givens_clash("r5c5=4 r2c5=4", "digit 4 appears twice in column 5 (r2c5 and r5c5)");
    /* boxes: neither row nor column shared */
    assert_givens_clash("r7c7=1 r9c8=1", "digit 1 appears twice in box 9 (r7c7 and r9c8)");
    assert_givens_clash("r4c7=3 r6c9=3", "digit 3 appears twice in box 6 (r4c7 and r6c9)");
    assert_givens_clash("r2c3=8 r3c1=8", "digit 8 appears twice in box 1 (r2c3 and r3c1)");
    assert_givens_clash("r1c6=5 r3c4=5", "digit 5 appears twice in box 2 (r1c6 and r3c4)");
    assert_givens_clash("r9c1=4 r7c2=4", "digit 4 appears twice in box 7 (r7c2 and r9c1)");
}

static void check_givens_order(void **state)
{
    (void)state;
    /* r5c5 clashes with r5c1 (row) and r1c5 (column): the row is named */
    assert_givens_clash("r5c1=7 r1c5=7 r5c5=7", "digit 7 appears twice in row 5 (r5c1 and r5c5)");
    /* r5c5 clashes with r1c5 (column) and r4c4 (box): the column is named */
    assert_givens_clash("r1c5=7 r4c4=7 r5c5=7",
                        "digit 7 appears twice in column 5 (r1c5 and r5c5)");
    /* r5c5 clashes with r4c4 only in the box */
    assert_givens_clash("r4c4=7 r5c5=7", "digit 7 appears twice in box 5 (r4c4 and r5c5)");
    /* the clash completed first in cell order: r2c3 (cell 11) comes before
     * r9c1 (cell 72), though r1c1 is the earliest cell of any clash */
    assert_givens_clash("r1c1=1 r9c1=1 r2c2=2 r2c3=2",
                        "digit 2 appears twice in row 2 (r2c2 and r2c3)");
    /* three in a row: the first two */
    assert_givens_clash("r3c9=6 r3c5=6 r3c2=6", "digit 6 appears twice in row 3 (r3c2 and r3c5)");
    /* r2c2 clashes with r1c1 in box 1 before r8c8/r9c9 clash */
    assert_givens_clash("r9c9=3 r8c8=3 r2c2=5 r1c1=5",
                        "digit 5 appears twice in box 1 (r1c1 and r2c2)");
}

/* One puzzle in the forums' forms (issue 29): a framed grid, a labelled
 * line. */
static void forum_forms_as_one_puzzle(void **state)
{
    (void)state;
    assert_parses_to(".-------.-------.-------.\n"
                     "| . . 3 | . 2 . | 6 . . |\n| 9 . . | 3 . 5 | . . 1 |\n"
                     "| . . 1 | 8 . 6 | 4 . . |\n:-------+-------+-------:\n"
                     "| . . 8 | 1 . 2 | 9 . . |\n| 7 . . | . . . | . . 8 |\n"
                     "| . . 6 | 7 . 8 | 2 . . |\n:-------+-------+-------:\n"
                     "| . . 2 | 6 . 9 | 5 . . |\n| 8 . . | 2 . 3 | . . 9 |\n"
                     "| . . 5 | . 1 . | 3 . . |\n'-------'-------'-------'\n",
                     easy1);
    char text[128];
    static const char *const labels[] = {"1 ", "#1 ", "Name: ", "12. ", "7) ", "#3\t"};
    for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++) {
        snprintf(text, sizeof text, "%s%s", labels[k], hard1);
        assert_parses_to(text, hard1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_line_with_dots_zeros_and_dashes),
        cmocka_unit_test(one_line_with_spaces_and_line_end),
        cmocka_unit_test(one_line_with_annotations),
        cmocka_unit_test(one_line_with_separators),
        cmocka_unit_test(nine_line_grid),
        cmocka_unit_test(grid_with_header_line),
        cmocka_unit_test(norvig_grid),
        cmocka_unit_test(python_list_of_lists),
        cmocka_unit_test(numpy_and_swift_arrays),
        cmocka_unit_test(candidate_grid_text),
        cmocka_unit_test(candidate_line_text),
        cmocka_unit_test(token_reading_needs_a_candidate_set),
        cmocka_unit_test(token_reading_only_for_nine_or_81_tokens),
        cmocka_unit_test(forum_forms_as_one_puzzle),
        cmocka_unit_test(round_trip_hand_made_candidates),
        cmocka_unit_test(round_trip_format_grid),
        cmocka_unit_test(round_trip_format_candidates),
        cmocka_unit_test(rule_lines_are_skipped),
        cmocka_unit_test(nine_dashes_are_a_row_of_blanks),
        cmocka_unit_test(eighty_one_dashes_are_the_empty_grid),
        cmocka_unit_test(unexpected_character_on_one_line),
        cmocka_unit_test(unexpected_character_on_several_lines),
        cmocka_unit_test(unexpected_character_utf8),
        cmocka_unit_test(wrong_cell_counts),
        cmocka_unit_test(duplicate_givens),
        cmocka_unit_test(null_err_is_allowed),
        cmocka_unit_test(length_bounds_the_text),
        cmocka_unit_test(byte_order_mark_is_ignored),
        cmocka_unit_test(unicode_spaces_are_spaces),
        cmocka_unit_test(invisible_characters_are_named),
        cmocka_unit_test(more_blank_characters),
        cmocka_unit_test(fixed_columns_with_spaces_for_blanks),
        cmocka_unit_test(box_drawing_grids),
        cmocka_unit_test(columns_that_do_not_fix_the_grid),
        cmocka_unit_test(tab_separated_rows),
        cmocka_unit_test(comma_separated_rows),
        cmocka_unit_test(fields_that_read_two_ways),
        cmocka_unit_test(one_line_of_fields),
        cmocka_unit_test(whole_text_layouts),
        cmocka_unit_test(check_givens_accepts_valid_grids),
        cmocka_unit_test(check_givens_rows_columns_boxes),
        cmocka_unit_test(check_givens_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
