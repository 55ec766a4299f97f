/*
 * parse.c: text -> grid, for one puzzle of any layout or for a stream of
 * records fed line by line, with errors that say what is wrong and where.
 *
 * The rules are written for users in docs/input-formats.md; in short: a line
 * is blank, a comment ('#' first), a rule ('-', '+', '|' only, and a '+' or a
 * number of dashes that cannot be cells), a header (a letter first and fewer
 * than 9 cell characters), or content. Content is read twice at once: one
 * cell per character ('1'-'9' givens; '0', '.', '-' blanks), and one cell per
 * token (so that the candidate grids we print parse back, where "1679" is one
 * unsolved cell). The token reading wins only when it has a candidate set and
 * gives a whole number of rows or puzzles; otherwise characters count.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_ROW_CELLS 18 /* more cells than this on a line: a puzzle, not a grid row */

typedef enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_RULE, LINE_HEADER, LINE_CONTENT } line_kind;

/* Cells read so far, in both readings. Counts go on past 81 so errors can say
 * how many there were; only the first 81 cells are kept. */
typedef struct cells {
    int chars, tokens;
    bool tokens_ok; /* every token is a single cell or a candidate set */
    bool multi;     /* some token is a candidate set of two or more digits */
    uint8_t by_char[SUDOKU_CELLS], by_token[SUDOKU_CELLS];
    long bad_line, bad_column; /* the first unexpected character, 0 if none */
    char bad_text[24];         /* that character, quoted, as the message shows it */
} cells;

static void set_error(sudoku_error *err, sudoku_error_kind kind, long line, long column,
                      const char *fmt, ...)
{
    va_list ap;
    if (!err) return;
    err->kind = kind;
    err->line = line;
    err->column = column;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_cell_char(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == '-';
}

/* Characters that may surround cells: spaces, grid borders, list syntax. */
static bool is_layout(char c)
{
    return is_space(c) || (c != '\0' && strchr("|+,[](){}\"'", c) != NULL);
}

static int cell_value(char c)
{
    return c >= '1' && c <= '9' ? c - '0' : 0;
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t sudoku_utf8_length(const char *s, size_t n, size_t i)
{
    const unsigned char *u = (const unsigned char *)s + i;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    size_t len;
    if (u[0] < 0x80) return 1;
    if (u[0] >= 0xC2 && u[0] <= 0xDF) {
        len = 2;
    } else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        len = 3;
        if (u[0] == 0xE0) lo = 0xA0; /* overlong */
        if (u[0] == 0xED) hi = 0x9F; /* surrogates */
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        len = 4;
        if (u[0] == 0xF0) lo = 0x90; /* overlong */
        if (u[0] == 0xF4) hi = 0x8F; /* beyond U+10FFFF */
    } else {
        return 0;
    }
    if (n - i < len || u[1] < lo || u[1] > hi) return 0;
    for (size_t k = 2; k < len; k++)
        if ((u[k] & 0xC0) != 0x80) return 0;
    return len;
}

/* Returns true if s[0..n) is text: well-formed UTF-8 with no control
 * character but spaces. Only text may be skipped as a header, so that a
 * stray NUL or a binary blob is reported, never silently dropped. */
static bool is_text(const char *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len) {
        len = sudoku_utf8_length(s, n, i);
        bool control = len == 1 && ((unsigned char)s[i] < 0x20 || s[i] == 0x7F);
        if (len == 0 || (control && !is_space(s[i]))) return false;
    }
    return true;
}

/* Tells what a line is, looking only at what comes before any '#'. */
static line_kind classify(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && is_space(s[i])) i++;
    if (i == n) return LINE_BLANK;
    if (s[i] == '#') return LINE_COMMENT;

    int dashes = 0, digits = 0;
    bool plus = false, only_rule = true, only_layout = true;
    size_t end = i;
    for (; end < n && s[end] != '#'; end++) {
        char c = s[end];
        if (c == '-') dashes++;
        if (c == '+') plus = true;
        if ((c >= '0' && c <= '9') || c == '.') digits++;
        if (c != '-' && c != '+' && c != '|' && !is_space(c)) only_rule = false;
        if (!is_layout(c)) only_layout = false;
    }
    if (only_rule && dashes > 0 && (plus || (dashes != 9 && dashes != SUDOKU_CELLS)))
        return LINE_RULE;
    bool text = is_text(s + i, end - i);
    if (text && is_letter(s[i]) && digits < 9) return LINE_HEADER;
    /* Text such as "=== Puzzle ===": no cells at all, so no puzzle to lose. */
    if (text && digits + dashes == 0 && !only_layout) return LINE_HEADER;
    return LINE_CONTENT;
}

/* Describes the character at s[i] for a message: quoted if it is a printable
 * character, else as a byte value. Returns its length in bytes. */
static size_t describe_char(const char *s, size_t n, size_t i, char out[24])
{
    unsigned char c = (unsigned char)s[i];
    size_t len = sudoku_utf8_length(s, n, i);
    if (len > 1 || (len == 1 && c >= 0x20 && c < 0x7F)) {
        snprintf(out, 24, "'%.*s'", (int)len, s + i);
        return len;
    }
    snprintf(out, 24, "byte 0x%02X", c);
    return 1;
}

/* Records one token of cell characters s[0..len) in the token reading. */
static void add_token(cells *acc, const char *s, size_t len)
{
    int value = 0;
    if (len == 1) {
        value = cell_value(s[0]);
    } else {
        int last = 0;
        for (size_t k = 0; k < len; k++) {
            int d = cell_value(s[k]);
            if (d <= last) acc->tokens_ok = false;
            last = d;
        }
        if (len > 9) acc->tokens_ok = false;
        acc->multi = true;
    }
    if (acc->tokens < SUDOKU_CELLS) acc->by_token[acc->tokens] = (uint8_t)value;
    acc->tokens++;
}

/* Reads the cells of one content line into acc; stops at a '#' comment.
 * Notes the first unexpected character and goes on counting past it. */
static void scan_line(cells *acc, const char *s, size_t n, long line)
{
    long column = 0;
    size_t token_start = 0, step;
    bool in_token = false;
    for (size_t i = 0; i < n; i += step) {
        column++;
        step = sudoku_utf8_length(s, n, i);
        if (step == 0) step = 1; /* a stray byte counts as one column */
        char c = s[i];
        if (is_cell_char(c)) {
            if (acc->chars < SUDOKU_CELLS) acc->by_char[acc->chars] = (uint8_t)cell_value(c);
            acc->chars++;
            if (!in_token) token_start = i;
            in_token = true;
            continue;
        }
        if (in_token) add_token(acc, s + token_start, i - token_start);
        in_token = false;
        if (c == '#') return;
        if (is_layout(c)) continue;
        if (!acc->bad_column) {
            acc->bad_line = line;
            acc->bad_column = column;
            describe_char(s, n, i, acc->bad_text);
        }
    }
    if (in_token) add_token(acc, s + token_start, n - token_start);
}

/* Chooses the reading: tokens when they hold a candidate set and make a row
 * or a puzzle, characters otherwise. */
static bool use_tokens(const cells *acc)
{
    return acc->tokens_ok && acc->multi && (acc->tokens == 9 || acc->tokens == SUDOKU_CELLS);
}

static int cell_count(const cells *acc)
{
    return use_tokens(acc) ? acc->tokens : acc->chars;
}

static const uint8_t *cell_values(const cells *acc)
{
    return use_tokens(acc) ? acc->by_token : acc->by_char;
}

/* is_cell_char and cell_value in one lookup, for the fast path: CELL_CODE
 * plus the cell's value for a cell character, 0 for any other byte. */
#define CELL_CODE 0x10
static const uint8_t cell_codes[256] = {
    ['0'] = CELL_CODE,     ['.'] = CELL_CODE,     ['-'] = CELL_CODE,     ['1'] = CELL_CODE | 1,
    ['2'] = CELL_CODE | 2, ['3'] = CELL_CODE | 3, ['4'] = CELL_CODE | 4, ['5'] = CELL_CODE | 5,
    ['6'] = CELL_CODE | 6, ['7'] = CELL_CODE | 7, ['8'] = CELL_CODE | 8, ['9'] = CELL_CODE | 9};

/* If the line starts with 81 cell characters followed by its end or by one
 * of " \t:,;#", fills grid and returns true: the rest is annotation. */
static bool fast_line(const char *s, size_t n, sudoku_grid *grid)
{
    size_t i = 0;
    while (i < n && is_space(s[i])) i++;
    if (n - i < SUDOKU_CELLS) return false;
    const unsigned char *text = (const unsigned char *)s + i;
    unsigned all = CELL_CODE; /* keeps CELL_CODE while every byte is a cell */
    for (int k = 0; k < SUDOKU_CELLS; k++) {
        all &= cell_codes[text[k]];
        grid->cell[k] = cell_codes[text[k]] & 0x0F;
    }
    if (!all) return false;
    size_t end = i + SUDOKU_CELLS;
    return end == n || is_space(s[end]) || strchr(":,;#", s[end]);
}

static bool starts_with_dash(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && is_space(s[i])) i++;
    return i < n && s[i] == '-';
}

static const char *unit_names[3] = {"row", "column", "box"};

/* Returns true if no given repeats in a unit. One pass in cell order with a
 * digit set per row, column and box, no branch and no table: it runs for
 * every record of a stream. */
static bool givens_distinct(const sudoku_grid *grid)
{
    unsigned repeated = 0, column[9] = {0}, box[3] = {0};
    for (int row = 0; row < 9; row++) {
        unsigned in_row = 0;
        for (int col = 0; col < 9; col++) {
            unsigned bit = (1u << grid->cell[9 * row + col]) >> 1; /* 0 for a blank */
            repeated |= (in_row | column[col] | box[col / 3]) & bit;
            in_row |= bit;
            column[col] |= bit;
            box[col / 3] |= bit;
        }
        if (row % 3 == 2) box[0] = box[1] = box[2] = 0;
    }
    return !repeated;
}

bool sudoku_check_givens(const sudoku_grid *grid, sudoku_error *err)
{
    if (givens_distinct(grid)) return true;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = grid->cell[cell];
        if (!digit) continue;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k];
            for (int i = 0; i < 9; i++) {
                int other = sudoku_unit_cells[unit][i];
                if (other >= cell) break;
                if (grid->cell[other] != digit) continue;
                set_error(err, SUDOKU_ERROR_DUPLICATE, 0, 0,
                          "digit %d appears twice in %s %d (r%dc%d and r%dc%d)", digit,
                          unit_names[k], unit % 9 + 1, other / 9 + 1, other % 9 + 1, cell / 9 + 1,
                          cell % 9 + 1);
                return false;
            }
        }
    }
    return true;
}

/* ---- one puzzle, any layout ---- */

/* Describes where the bad character is: with its line only if text has several. */
static void bad_char_error(const cells *acc, bool several_lines, sudoku_error *err)
{
    if (several_lines)
        set_error(err, SUDOKU_ERROR_CHARACTER, acc->bad_line, acc->bad_column,
                  "unexpected character %s at line %ld, column %ld", acc->bad_text, acc->bad_line,
                  acc->bad_column);
    else
        set_error(err, SUDOKU_ERROR_CHARACTER, acc->bad_line, acc->bad_column,
                  "unexpected character %s at column %ld", acc->bad_text, acc->bad_column);
}

bool sudoku_parse(const char *text, size_t length, sudoku_grid *grid, sudoku_error *err)
{
    cells acc = {.tokens_ok = true};
    const char *end = text + length;
    bool several_lines = memchr(text, '\n', length) && memchr(text, '\n', length) != end - 1;
    long line = 0;
    for (const char *s = text; s < end; line++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = (size_t)((nl ? nl : end) - s);
        sudoku_grid fast;
        if (classify(s, n) == LINE_CONTENT) {
            if (fast_line(s, n, &fast)) {
                for (int k = 0; k < SUDOKU_CELLS; k++) {
                    if (acc.chars < SUDOKU_CELLS) acc.by_char[acc.chars] = fast.cell[k];
                    acc.chars++;
                }
                acc.tokens_ok = false;
            } else {
                scan_line(&acc, s, n, line + 1);
            }
        }
        s += n + (nl != NULL);
    }
    if (acc.bad_column) {
        bad_char_error(&acc, several_lines, err);
        return false;
    }
    int count = cell_count(&acc);
    if (count != SUDOKU_CELLS) {
        set_error(err, SUDOKU_ERROR_COUNT, 0, 0, "found %d cells, expected 81", count);
        return false;
    }
    memcpy(grid->cell, cell_values(&acc), SUDOKU_CELLS);
    return sudoku_check_givens(grid, err);
}

/* ---- a stream of records ---- */

void sudoku_reader_init(sudoku_reader *reader)
{
    memset(reader, 0, sizeof *reader);
}

/* Completes a record whose 81 cells are in rec->grid: checks the givens. */
static void check_record(sudoku_record *rec, long line)
{
    rec->line = line;
    memset(&rec->error, 0, sizeof rec->error);
    rec->ok = sudoku_check_givens(&rec->grid, &rec->error);
    if (!rec->ok) rec->error.line = line;
}

/* Fills rec with the finished grid (or its error) and forgets the grid. */
static void end_grid(sudoku_reader *r, sudoku_record *rec)
{
    if (r->error.kind == SUDOKU_ERROR_NONE && r->rows < 9)
        set_error(&r->error, SUDOKU_ERROR_GRID, r->grid_line, 0,
                  "grid ends after %d row%s, expected 9", r->rows, r->rows == 1 ? "" : "s");
    if (r->error.kind == SUDOKU_ERROR_NONE) {
        rec->grid = r->grid;
        check_record(rec, r->grid_line);
    } else {
        rec->line = r->grid_line;
        rec->ok = false;
        rec->error = r->error;
    }
    r->grid_line = 0;
    r->rows = 0;
    r->error.kind = SUDOKU_ERROR_NONE;
}

/* Ends a grid left unfinished; returns the number of records made (0 or 1). */
static int cut_grid(sudoku_reader *r, sudoku_record *rec)
{
    if (!r->grid_line) return 0;
    end_grid(r, rec);
    return 1;
}

/* Makes a one-line record from the line's cells. */
static void line_record(const cells *acc, long line, sudoku_record *rec)
{
    rec->line = line;
    rec->ok = false;
    int count = cell_count(acc);
    if (acc->bad_column) {
        bad_char_error(acc, false, &rec->error);
    } else if (count != SUDOKU_CELLS) {
        set_error(&rec->error, SUDOKU_ERROR_COUNT, line, 0, "found %d cells, expected 81", count);
    } else {
        memcpy(rec->grid.cell, cell_values(acc), SUDOKU_CELLS);
        check_record(rec, line);
    }
}

/* Adds the line's cells as the grid's next row; returns 1 and fills rec when
 * that row is the ninth. */
static int add_row(sudoku_reader *r, const cells *acc, sudoku_record *rec)
{
    if (!r->grid_line) r->grid_line = r->line;
    int row = r->rows++;
    int count = cell_count(acc);
    if (r->error.kind == SUDOKU_ERROR_NONE) {
        if (acc->bad_column)
            bad_char_error(acc, false, &r->error);
        else if (count != 9)
            set_error(&r->error, SUDOKU_ERROR_COUNT, r->line, 0,
                      "found %d cells in row %d of the grid, expected 9", count, row + 1);
        else
            memcpy(r->grid.cell + row * 9, cell_values(acc), 9);
    }
    if (r->rows < 9) return 0;
    end_grid(r, rec);
    return 1;
}

/* A 729-character line: a record of candidates, ending any grid in progress. */
static int pencilmark_record(sudoku_reader *r, const char *line, size_t length,
                             sudoku_record out[2])
{
    int made = cut_grid(r, &out[0]);
    sudoku_record *rec = &out[made];
    memset(rec, 0, sizeof *rec);
    rec->line = r->line;
    rec->pencilmarks = true;
    rec->ok = sudoku_parse_candidates(line, length, &rec->board, &rec->error);
    if (!rec->ok) {
        rec->error.line = r->line;
        return made + 1;
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned c = rec->board.candidates[cell];
        rec->grid.cell[cell] = sudoku_is_single(c) ? (uint8_t)sudoku_lowest_digit(c) : 0;
    }
    return made + 1;
}

int sudoku_reader_line(sudoku_reader *r, const char *line, size_t length, sudoku_record out[2])
{
    if (length && line[length - 1] == '\r') length--;
    r->line++;
    out[0].pencilmarks = out[1].pencilmarks = false;
    if (sudoku_pencilmark_line(line, length)) return pencilmark_record(r, line, length, out);
    sudoku_grid fast;
    bool puzzle_line = fast_line(line, length, &fast);
    /* Such a line is content whatever follows its cells, unless they start
     * with a dash (then it may be a rule): only that rare case needs classify. */
    line_kind kind =
        puzzle_line && !starts_with_dash(line, length) ? LINE_CONTENT : classify(line, length);
    if (kind == LINE_BLANK || kind == LINE_HEADER) return cut_grid(r, &out[0]);
    if (kind != LINE_CONTENT) return 0;

    if (puzzle_line) {
        int made = cut_grid(r, &out[0]);
        out[made].grid = fast;
        check_record(&out[made], r->line);
        return made + 1;
    }

    cells acc = {.tokens_ok = true};
    scan_line(&acc, line, length, r->line);
    int count = cell_count(&acc);
    if (count == 0 && !acc.bad_column) return 0; /* brackets, borders: decoration */
    if (count <= MAX_ROW_CELLS) return add_row(r, &acc, &out[0]);
    int made = cut_grid(r, &out[0]);
    line_record(&acc, r->line, &out[made]);
    return made + 1;
}

int sudoku_reader_skip_line(sudoku_reader *r, sudoku_record out[2])
{
    r->line++;
    out[0].pencilmarks = out[1].pencilmarks = false;
    int made = cut_grid(r, &out[0]);
    sudoku_record *rec = &out[made];
    rec->line = r->line;
    rec->ok = false;
    set_error(&rec->error, SUDOKU_ERROR_TOO_LONG, r->line, 0, "line is longer than %d bytes",
              SUDOKU_LINE_MAX);
    return made + 1;
}

int sudoku_reader_finish(sudoku_reader *r, sudoku_record *out)
{
    out->pencilmarks = false;
    return cut_grid(r, out);
}
