/*
 * pencilmarks.c: a puzzle given as its candidates: the 729-character line
 * (nine characters a cell, the digit d at place d where d is a candidate,
 * '.' or '0' where it is not) and the candidate grid sudoku_format_candidates
 * prints. See docs/input-formats.md.
 */
#include "pencilmarks.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PENCILMARK_LENGTH (9 * SUDOKU_CELLS)

static bool fail(sudoku_error *err, sudoku_error_kind kind, long line, long column, const char *fmt,
                 ...)
{
    if (!err) return false;
    va_list ap;
    err->kind = kind;
    err->line = line;
    err->column = column;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

bool sudoku_pencilmark_line(const char *s, size_t n)
{
    if (n != PENCILMARK_LENGTH) return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) return false;
    return true;
}

/* A cell left with no candidate: the state is contradictory, not a puzzle. */
static bool check_cells(const sudoku_board *board, sudoku_error *err)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!board->candidates[cell])
            return fail(err, SUDOKU_ERROR_COUNT, 1, 0, "cell r%dc%d has no candidate", cell / 9 + 1,
                        cell % 9 + 1);
    return true;
}

/* Where at lies in text (at is inside it): its line, and its column in
 * characters (a UTF-8 character's later bytes do not count), from 1. */
static void locate(const char *text, const char *at, long *line, long *column)
{
    *line = *column = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n' || (*p == '\r' && p[1] != '\n')) {
            ++*line;
            *column = 1;
        } else if (((unsigned char)*p & 0xC0) != 0x80 && *p != '\r') {
            ++*column;
        }
    }
}

/* The error of the unexpected character s[i] of s[0..n), inside text: in
 * a candidate grid (grid) with its line and column, in a pencilmark line
 * with its column. */
static bool bad_character(sudoku_error *err, const char *text, const char *s, size_t n, size_t i,
                          bool grid)
{
    long line, column;
    char what[48];
    locate(text, s + i, &line, &column);
    sudoku_describe_char(s, n, i, what);
    if (grid)
        return fail(err, SUDOKU_ERROR_CHARACTER, line, column,
                    "unexpected character %s at line %ld, column %ld of a candidate grid", what,
                    line, column);
    return fail(err, SUDOKU_ERROR_CHARACTER, line, column,
                "unexpected character %s at column %ld of a pencilmark line", what, column);
}

static bool parse_line(const char *text, const char *s, sudoku_board *board, sudoku_error *err)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        uint16_t mask = 0;
        for (int k = 0; k < 9; k++) {
            char c = s[9 * cell + k];
            if (c == '.' || c == '0') continue;
            if (c != '1' + k) {
                long line, column;
                locate(text, s + 9 * cell + k, &line, &column);
                return fail(err, SUDOKU_ERROR_CHARACTER, line, column,
                            "digit %c at place %d of cell r%dc%d (place d holds d or '.')", c,
                            k + 1, cell / 9 + 1, cell % 9 + 1);
            }
            mask |= (uint16_t)(1u << k);
        }
        board->candidates[cell] = mask;
    }
    return check_cells(board, err);
}

/* The candidate grid: 81 groups of digits between spaces, '|' and rules,
 * and the other layout characters the stream reader passes over between
 * cells (commas, brackets, parentheses, braces, quotes), so that a line
 * the reader takes as candidates reads the same here (an argument is read
 * as in a file). */
static bool parse_grid(const char *text, const char *s, size_t n, sudoku_board *board,
                       sudoku_error *err)
{
    int cells = 0;
    uint16_t mask = 0;
    bool in_group = false;
    for (size_t i = 0; i <= n; i++) {
        char c = ' ';
        if (i < n) c = s[i];
        if (c >= '1' && c <= '9') {
            mask |= (uint16_t)(1u << (c - '1'));
            in_group = true;
            continue;
        }
        /* (a NUL byte is no spacing: strchr would find the string's end) */
        if (c == '\0' || !strchr(" \t\r\n|-+,[](){}\"'", c))
            return bad_character(err, text, s, n, i, true);
        if (!in_group) continue;
        if (cells < SUDOKU_CELLS) board->candidates[cells] = mask;
        cells++;
        mask = 0;
        in_group = false;
    }
    if (cells != SUDOKU_CELLS)
        return fail(err, SUDOKU_ERROR_COUNT, 1, 0,
                    "81 cells expected in the candidate grid, found %d", cells);
    return check_cells(board, err);
}

/* True if c is a space, a tab or a line end (not NUL, which strchr finds). */
static bool is_blank(char c)
{
    return c && strchr(" \t\r\n", c);
}

bool sudoku_candidate_text(const char *text, size_t length, sudoku_board *board, sudoku_error *err)
{
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, length -= 3; /* a BOM */
    /* Positions are told from here, blanks before the candidates included. */
    const char *origin = text;
    while (length && is_blank(text[length - 1])) length--;
    while (length && is_blank(text[0])) text++, length--;
    if (sudoku_pencilmark_line(text, length)) return parse_line(origin, text, board, err);
    bool line_like = length >= 2 * SUDOKU_CELLS && !memchr(text, ' ', length);
    if (line_like && length == PENCILMARK_LENGTH) { /* not a pencilmark line: a stray character */
        size_t i = 0;
        while ((text[i] >= '0' && text[i] <= '9') || text[i] == '.') i++;
        return bad_character(err, origin, text, length, i, false);
    }
    if (line_like)
        return fail(err, SUDOKU_ERROR_COUNT, 1, 0,
                    "a pencilmark line needs 729 characters, not %zu", length);
    return parse_grid(origin, text, length, board, err);
}
