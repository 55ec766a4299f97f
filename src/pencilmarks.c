/*
 * pencilmarks.c: a puzzle given as its candidates: the 729-character line
 * (nine characters a cell, the digit d at place d where d is a candidate,
 * '.' or '0' where it is not) and the candidate grid sudoku_format_candidates
 * prints. See docs/input-formats.md.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PENCILMARK_LENGTH (9 * SUDOKU_CELLS)

static bool fail(sudoku_error *err, sudoku_error_kind kind, long column, const char *fmt, ...)
{
    if (!err) return false;
    va_list ap;
    err->kind = kind;
    err->line = 1;
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
            return fail(err, SUDOKU_ERROR_COUNT, 0, "cell r%dc%d has no candidate", cell / 9 + 1,
                        cell % 9 + 1);
    return true;
}

static bool parse_line(const char *s, sudoku_board *board, sudoku_error *err)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        uint16_t mask = 0;
        for (int k = 0; k < 9; k++) {
            char c = s[9 * cell + k];
            if (c == '.' || c == '0') continue;
            if (c != '1' + k)
                return fail(err, SUDOKU_ERROR_CHARACTER, 9 * cell + k + 1,
                            "digit %c at place %d of cell r%dc%d (place d holds d or '.')", c,
                            k + 1, cell / 9 + 1, cell % 9 + 1);
            mask |= (uint16_t)(1u << k);
        }
        board->candidates[cell] = mask;
    }
    return check_cells(board, err);
}

/* The candidate grid: 81 groups of digits between spaces, '|' and rules. */
static bool parse_grid(const char *s, size_t n, sudoku_board *board, sudoku_error *err)
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
        if (!strchr(" \t\r\n|-+", c))
            return fail(err, SUDOKU_ERROR_CHARACTER, (long)i + 1,
                        "unexpected character in a candidate grid at offset %zu", i + 1);
        if (!in_group) continue;
        if (cells < SUDOKU_CELLS) board->candidates[cells] = mask;
        cells++;
        mask = 0;
        in_group = false;
    }
    if (cells != SUDOKU_CELLS)
        return fail(err, SUDOKU_ERROR_COUNT, 0, "81 cells expected in the candidate grid, found %d",
                    cells);
    return check_cells(board, err);
}

bool sudoku_parse_candidates(const char *text, size_t length, sudoku_board *board,
                             sudoku_error *err)
{
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, length -= 3; /* a BOM */
    while (length && strchr(" \t\r\n", text[length - 1])) length--;
    while (length && strchr(" \t\r\n", text[0])) text++, length--;
    if (sudoku_pencilmark_line(text, length)) return parse_line(text, board, err);
    bool line_like = length >= 2 * SUDOKU_CELLS && !memchr(text, ' ', length);
    if (line_like)
        return fail(err, SUDOKU_ERROR_COUNT, 0, "a pencilmark line needs 729 characters, not %zu",
                    length);
    return parse_grid(text, length, board, err);
}

size_t sudoku_format_pencilmarks(const sudoku_board *board, char *buf, size_t size)
{
    char line[PENCILMARK_LENGTH + 1];
    for (int i = 0; i < PENCILMARK_LENGTH; i++) {
        line[i] = '.';
        if ((board->candidates[i / 9] >> (i % 9)) & 1u) line[i] = "123456789"[i % 9];
    }
    line[PENCILMARK_LENGTH] = '\0';
    if (size) snprintf(buf, size, "%s", line);
    return PENCILMARK_LENGTH;
}
