/*
 * grid.c: text forms of grids, candidate boards and results: Norvig's grid
 * layout, the 81-character line, the 729-character candidate line, and
 * one-line JSON; each written through writer.h, with snprintf's contract.
 */
#include "parse/chars.h"
#include "writer.h"

#include <stdio.h>
#include <string.h>

/* Writes a candidate set as digits in increasing order; returns its length. */
static int set_text(unsigned mask, char out[10])
{
    int n = 0;
    for (int digit = 1; digit <= 9; digit++)
        if (mask & (1u << (digit - 1))) out[n++] = (char)('0' + digit);
    out[n] = '\0';
    return n;
}

/* Norvig's layout: each cell's text centred in width as Python's str.center
 * does it, '|' after the 3rd and 6th cell, a rule after the 3rd and 6th row,
 * no trailing spaces. */
static void put_layout(writer *w, char text[SUDOKU_CELLS][10], int width)
{
    for (int row = 0; row < 9; row++) {
        char line[9 * 10 + 3];
        int n = 0;
        for (int col = 0; col < 9; col++) {
            const char *s = text[row * 9 + col];
            int len = (int)strlen(s);
            int marg = width - len;
            int left = marg / 2 + (marg & width & 1);
            memset(line + n, ' ', (size_t)width);
            memcpy(line + n + left, s, (size_t)len);
            n += width;
            if (col == 2 || col == 5) line[n++] = '|';
        }
        while (n > 0 && line[n - 1] == ' ') n--;
        line[n] = '\0';
        put_text(w, line);
        put_char(w, '\n');
        if (row == 2 || row == 5) {
            for (int band = 0; band < 3; band++) {
                if (band) put_char(w, '+');
                put_repeat(w, '-', 3 * width);
            }
            put_char(w, '\n');
        }
    }
}

/* A value above 9 (not a grid the library makes) shows as '?'. */
static char cell_char(int digit)
{
    if (digit > 9) return '?';
    return ".123456789"[digit];
}

size_t sudoku_format_line(const sudoku_grid *grid, char *buf, size_t size)
{
    if (size > SUDOKU_CELLS) { /* the usual case: room for all, no check per cell */
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) buf[cell] = cell_char(grid->cell[cell]);
        buf[SUDOKU_CELLS] = '\0';
        return SUDOKU_CELLS;
    }
    writer w = {buf, size, 0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) put_char(&w, cell_char(grid->cell[cell]));
    return finish(&w);
}

size_t sudoku_format_grid(const sudoku_grid *grid, char *buf, size_t size)
{
    char text[SUDOKU_CELLS][10];
    writer w = {buf, size, 0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        text[cell][0] = cell_char(grid->cell[cell]);
        text[cell][1] = '\0';
    }
    put_layout(&w, text, 2);
    return finish(&w);
}

size_t sudoku_format_candidates(const sudoku_board *board, char *buf, size_t size)
{
    char text[SUDOKU_CELLS][10];
    int widest = 0;
    writer w = {buf, size, 0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int n = set_text(board->candidates[cell], text[cell]);
        if (n > widest) widest = n;
    }
    put_layout(&w, text, widest + 1);
    return finish(&w);
}

size_t sudoku_format_candidates_line(const sudoku_board *board, char *buf, size_t size)
{
    char text[10];
    writer w = {buf, size, 0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (cell) put_char(&w, ' ');
        set_text(board->candidates[cell], text);
        put_text(&w, text);
    }
    return finish(&w);
}

size_t sudoku_format_pencilmarks(const sudoku_board *board, char *buf, size_t size)
{
    char line[9 * SUDOKU_CELLS + 1];
    for (int i = 0; i < 9 * SUDOKU_CELLS; i++) {
        line[i] = '.';
        if ((board->candidates[i / 9] >> (i % 9)) & 1u) line[i] = "123456789"[i % 9];
    }
    line[9 * SUDOKU_CELLS] = '\0';
    if (size) snprintf(buf, size, "%s", line);
    return 9 * SUDOKU_CELLS;
}

const char *sudoku_status_name(sudoku_status status)
{
    switch (status) {
    case SUDOKU_SOLVED: return "solved";
    case SUDOKU_NO_SOLUTION: return "no_solution";
    case SUDOKU_MULTIPLE: return "multiple";
    case SUDOKU_INVALID: return "invalid";
    case SUDOKU_OVER_BUDGET: return "over_budget";
    }
    return "invalid";
}

/* Writes s as a JSON string, escaping quotes, backslashes and control bytes.
 * JSON is UTF-8: a byte that is not part of a well-formed character (a file
 * name in Latin-1, say) becomes U+FFFD, the replacement character. */
static void put_json_string(writer *w, const char *s)
{
    size_t n = strlen(s);
    put_char(w, '"');
    for (size_t i = 0, len; i < n; i += len) {
        unsigned char c = (unsigned char)s[i];
        len = sudoku_utf8_length(s, n, i);
        if (len == 0) {
            len = 1;
            put_text(w, "\\ufffd");
        } else if (len > 1) {
            for (size_t k = 0; k < len; k++) put_char(w, s[i + k]);
        } else if (c == '"' || c == '\\') {
            put_char(w, '\\');
            put_char(w, (char)c);
        } else if (c < 0x20) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put_text(w, esc);
        } else {
            put_char(w, (char)c);
        }
    }
    put_char(w, '"');
}

static void put_json_grid(writer *w, const sudoku_grid *grid)
{
    char line[SUDOKU_CELLS + 1];
    if (!grid) {
        put_text(w, "null");
        return;
    }
    sudoku_format_line(grid, line, sizeof line);
    put_json_string(w, line);
}

static void put_json_candidates(writer *w, const sudoku_board *board)
{
    char text[10];
    put_char(w, '[');
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (cell) put_char(w, ',');
        set_text(board->candidates[cell], text);
        put_json_string(w, text);
    }
    put_char(w, ']');
}

size_t sudoku_format_json(const sudoku_report *report, char *buf, size_t size)
{
    char number[64];
    writer w = {buf, size, 0};
    put_char(&w, '{');
    if (report->source) {
        put_text(&w, "\"source\":");
        put_json_string(&w, report->source);
        put_char(&w, ',');
    }
    snprintf(number, sizeof number, "\"line\":%ld,\"status\":", report->line);
    put_text(&w, number);
    put_json_string(&w, sudoku_status_name(report->status));
    put_text(&w, ",\"puzzle\":");
    put_json_grid(&w, report->puzzle);
    put_text(&w, ",\"solution\":");
    put_json_grid(&w, report->solution);
    if (report->solutions >= 0) {
        snprintf(number, sizeof number, ",\"solutions\":%ld", report->solutions);
        put_text(&w, number);
        put_text(&w, report->at_least ? ",\"at_least\":true" : ",\"at_least\":false");
    }
    snprintf(number, sizeof number, ",\"guesses\":%lu", report->guesses);
    put_text(&w, number);
    if (report->candidates) {
        put_text(&w, ",\"candidates\":");
        put_json_candidates(&w, report->candidates);
    }
    put_text(&w, ",\"error\":");
    if (report->error)
        put_json_string(&w, report->error);
    else
        put_text(&w, "null");
    put_char(&w, '}');
    return finish(&w);
}
