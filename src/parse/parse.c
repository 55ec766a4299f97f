/*
 * parse.c: text -> grid, for one puzzle of any layout or for a stream of
 * records fed line by line, with errors that say what is wrong and where.
 *
 * The rules are written for users in docs/input-formats.md; in short: a line
 * is blank, a comment ('#' first), a rule ('-', '*', '_', '+', '|' and
 * box-drawing lines only, and a joint or a number of dashes that cannot be
 * cells), a header (a letter first and fewer than 9 cell characters, or a
 * row of column names), or content. Content is read twice at once: one cell
 * per character ('1'-'9' givens; '0', '.', '-', '*', '_', '?', 'x' blanks),
 * and one cell per token (so that the candidate grids we print parse back,
 * where "1679" is one unsolved cell). The token reading wins only when it
 * has a candidate set and gives a whole number of rows or puzzles;
 * otherwise characters count.
 *
 * Where the cells alone do not make a puzzle, the layouts that need a whole
 * line or grid at once have their turn: delimited fields with empty ones
 * for blanks (fields.c) and grids with spaces for blanks
 * (columns.c). They only ever read what the cells alone reject, so
 * what parses cell by cell keeps its meaning.
 */
#include "chars.h"
#include "columns.h"
#include "fields.h"
#include "pencilmarks.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* LINE_LABEL: words with a number or a dash in them ("=== 12 ==="), a
 * header in a stream; a text read as one puzzle reads them as content, so
 * that its error names their first bad character, and falls back on the
 * stream's reading (where they are headers) when its cells are not 81. */
typedef enum line_kind {
    LINE_BLANK,
    LINE_COMMENT,
    LINE_RULE,
    LINE_HEADER,
    LINE_LABEL,
    LINE_CONTENT
} line_kind;

/* Cells read so far, in both readings. Counts go on past 81 so errors can say
 * how many there were; only the first 81 cells are kept. */
typedef struct cells {
    int chars, tokens;
    bool tokens_ok; /* every token is a single cell or a candidate set */
    bool multi;     /* some token is a candidate set of two or more digits */
    uint8_t by_char[SUDOKU_CELLS], by_token[SUDOKU_CELLS];
    uint16_t marks[SUDOKU_CELLS]; /* each token's candidates (a blank: all nine) */
    long bad_line, bad_column; /* the first unexpected character, 0 if none */
    char bad_text[48];         /* that character, as the message shows it */
} cells;

/* Characters that may surround cells: spaces, grid borders, list syntax. */
static bool is_layout(char c)
{
    return sudoku_is_space(c) || (c != '\0' && strchr("|+,[](){}\"'", c) != NULL);
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The full-width forms of the cell and layout characters (U+FF01 to
 * U+FF5E stand for ASCII 0x21 to 0x7E), as Japanese and Chinese sources
 * write puzzles: '５２．．．６' reads as "52...6". */
static char full_width_ascii(uint32_t cp)
{
    if (cp < 0xFF01 || cp > 0xFF5E) return 0;
    char c = (char)(cp - 0xFF01 + 0x21);
    if (sudoku_is_cell_char(c) || (c != '#' && strchr("|+,[](){}\"'", c))) return c;
    return '\0';
}

/* The cell or layout character at s[i], with its full-width form read as
 * the ASCII one; *len is its length in bytes (1 for a stray byte). */
static char char_at(const char *s, size_t n, size_t i, size_t *len)
{
    if ((unsigned char)s[i] < 0x80) {
        *len = 1;
        return s[i];
    }
    uint32_t cp = sudoku_wide_char_at(s, n, i, len);
    if (*len == 0) *len = 1;
    char c = full_width_ascii(cp);
    if (c) return c;
    return s[i];
}

/* The length of the layout character of two bytes or more at s[i] (a
 * Unicode space, a box-drawing line), or 0 if there is none. */
static size_t wide_layout_length(const char *s, size_t n, size_t i)
{
    size_t len;
    uint32_t cp = sudoku_wide_char_at(s, n, i, &len);
    return sudoku_is_unicode_space(cp) || sudoku_is_box_drawing(cp) ? len : 0;
}

/* A byte order mark (U+FEFF) at the start of a line is not part of the
 * text: editors on Windows write one at the start of a file. */
static size_t bom_length(const char *s, size_t n)
{
    return n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static size_t skip_spaces(const char *s, size_t n, size_t i)
{
    size_t len;
    while (i < n && (len = sudoku_space_length(s, n, i)) > 0) i += len;
    return i;
}

/* Returns true if s[0..n) is text: well-formed UTF-8 with no control
 * character but spaces. Only text may be skipped as a header, so that a
 * stray NUL or a binary blob is reported, never silently dropped. */
static bool is_text(const char *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len) {
        len = sudoku_utf8_length(s, n, i);
        bool control = len == 1 && ((unsigned char)s[i] < 0x20 || s[i] == 0x7F);
        if (len == 0 || (control && !sudoku_is_space(s[i]))) return false;
    }
    return true;
}

/* What classify counts in a line. */
typedef struct line_census {
    int dashes;     /* '-', '*', '_': rule characters that are also blanks */
    int digits;     /* digits and dots */
    int hyphens;    /* '-' alone */
    int soft;       /* '*', '_', '?', 'x', 'X': blanks that are also punctuation or letters */
    int letters;    /* ASCII letters: column names have some */
    int cells;      /* cell characters */
    int positions;  /* characters that are not layout: cells and others */
    bool joint;     /* a '+' or a box-drawing character other than a vertical line */
    bool only_rule; /* nothing but rule characters and spaces */
    bool only_layout;
    bool only_cells; /* nothing but cells and layout */
} line_census;

static void count_char(line_census *c, char ch)
{
    bool rule = ch == '-' || ch == '*' || ch == '_' || ch == '+' || ch == '|';
    bool layout = is_layout(ch);
    if (ch == '-' || ch == '*' || ch == '_') c->dashes++;
    if (ch == '-') c->hyphens++;
    if (ch == '*' || ch == '_' || ch == '?' || ch == 'x' || ch == 'X') c->soft++;
    if (ch == '+') c->joint = true;
    if ((ch >= '0' && ch <= '9') || ch == '.') c->digits++;
    if (is_letter(ch)) c->letters++;
    if (sudoku_is_cell_char(ch)) c->cells++;
    if (!layout) c->positions++;
    if (!rule && !sudoku_is_space(ch)) c->only_rule = false;
    if (!layout) c->only_layout = false;
    if (!layout && !sudoku_is_cell_char(ch)) c->only_cells = false;
}

static void count_wide_char(line_census *c, uint32_t cp)
{
    char ascii = full_width_ascii(cp);
    if (ascii) {
        count_char(c, ascii);
        c->only_rule = false; /* a full-width dash is a cell, never a rule */
        return;
    }
    if (sudoku_is_box_drawing(cp) && !sudoku_is_box_vertical(cp)) c->joint = true;
    if (sudoku_is_box_drawing(cp) || sudoku_is_unicode_space(cp)) return;
    c->only_rule = c->only_layout = c->only_cells = false;
    c->positions++;
}

/* True if a line of only '-' (and spaces) holds one dash more or less than
 * a puzzle: a mistyped empty grid, not a rule. */
static bool near_empty_grid(const line_census *c)
{
    return c->hyphens == c->dashes &&
           (c->dashes == SUDOKU_CELLS - 1 || c->dashes == SUDOKU_CELLS + 1);
}

static bool is_corner(char c)
{
    return c != '\0' && strchr(".:'+*|", c) != NULL;
}

/* True if s[0..n) is a frame line of the grids forum programs copy
 * (HoDoKu, Sudoku Explainer), for givens or candidates alike:
 * ".-------.-------.-------.", ":-------+-------+-------:",
 * "'-------'-------'-------'": a corner ('.', ':', '\'', '+', '*', '|')
 * at each end, runs of three dashes or more between corners, and nothing
 * else. ncells is the line's count of cell characters: a line of nine is a
 * row of blanks, and one of 80 to 82 with two corners only the empty
 * grid, quoted or mistyped, as before. */
static bool frame_line(const char *s, size_t n, int ncells)
{
    size_t end = n;
    while (end > 0 && sudoku_is_space(s[end - 1])) end--;
    if (end < 5 || !is_corner(s[0]) || !is_corner(s[end - 1])) return false;
    int corners = 1, run = 0;
    for (size_t k = 1; k < end; k++) {
        if (s[k] == '-') {
            run++;
            continue;
        }
        if (!is_corner(s[k]) || run < 3) return false;
        corners++;
        run = 0;
    }
    if (ncells == 9) return false;
    return corners > 2 || ncells < SUDOKU_CELLS - 1 || ncells > SUDOKU_CELLS + 1;
}

/* Tells what a line is, looking only at what comes before any '#'. */
static line_kind classify(const char *s, size_t n)
{
    size_t i = skip_spaces(s, n, 0), end, len;
    if (i == n) return LINE_BLANK;
    if (s[i] == '#') return LINE_COMMENT;

    line_census c = {.only_rule = true, .only_layout = true, .only_cells = true};
    for (end = i; end < n && s[end] != '#'; end += len) {
        uint32_t cp = (unsigned char)s[end] < 0x80 ? 0 : sudoku_wide_char_at(s, n, end, &len);
        if (cp) {
            count_wide_char(&c, cp);
        } else {
            len = 1;
            count_char(&c, s[end]);
        }
    }
    if (c.only_rule && (c.dashes > 0 || c.joint) &&
        (c.joint || (c.dashes != 9 && c.dashes != SUDOKU_CELLS && !near_empty_grid(&c))))
        return LINE_RULE;
    if (frame_line(s + i, end - i, c.cells)) return LINE_RULE;
    bool text = is_text(s + i, end - i);
    /* A row with one character mistyped ("q20006000", "53..7.=.."): 8 to 10
     * characters that are not layout, all cells but one. It is content,
     * whatever it starts with, so that its grid keeps its nine rows. */
    bool near_row = c.positions >= 8 && c.positions <= 10 && c.positions - c.cells <= 1;
    /* Text such as "=== Puzzle ===" or "  ?": no digit, dot or dash, so no
     * puzzle to lose; only nine or 81 blanks such as '?' or 'x' make a row
     * or a puzzle. */
    bool blanks = c.only_cells && (c.soft == 9 || c.soft == SUDOKU_CELLS);
    /* Words with a number or a dash in them ("=== 12 ===", "% generated -
     * easy"): fewer cells than a row, and than other characters; not a row
     * with a typo, no fields. */
    int others = c.positions - c.cells;
    bool label = others > c.cells && c.cells < 9 && !sudoku_fields_delimiter(s + i, end - i);
    bool words = !near_row && ((is_letter(s[i]) && c.digits < 9 && !c.only_cells) ||
                               (c.digits + c.hyphens == 0 && !c.only_layout && !blanks));
    /* ... but a row of fields behind a label ("C,,5,,,,,,,") is a row */
    if (text && words && !sudoku_fields_labeled_row(s + i, end - i)) return LINE_HEADER;
    /* Column names above a spreadsheet's rows: "c1,c2,...,c9", "id,puzzle". */
    if (text && c.letters >= 2 && sudoku_fields_header(s + i, end - i)) return LINE_HEADER;
    return text && label && !near_row ? LINE_LABEL : LINE_CONTENT;
}

/* Records one token of cell characters s[0..len) in the token reading. */
static void add_token(cells *acc, const char *s, size_t len)
{
    int value = 0, chars = 0;
    bool rising = true; /* strictly increasing digits, as a candidate set has */
    for (size_t k = 0, step; k < len; k += step, chars++) {
        int d = sudoku_cell_value(char_at(s, len, k, &step));
        if (d <= value) rising = false;
        value = d;
    }
    uint16_t marks = value ? (uint16_t)(1u << (value - 1)) : 0x1FFu;
    if (chars > 1) {
        marks = 0;
        for (size_t k = 0, step; k < len; k += step) {
            int d = sudoku_cell_value(char_at(s, len, k, &step));
            if (d) marks |= (uint16_t)(1u << (d - 1));
        }
        value = 0;
        if (!rising || chars > 9) acc->tokens_ok = false;
        acc->multi = true;
    }
    if (acc->tokens < SUDOKU_CELLS) {
        acc->by_token[acc->tokens] = (uint8_t)value;
        acc->marks[acc->tokens] = marks;
    }
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
        char c = char_at(s, n, i, &step); /* a stray byte counts as one column */
        if (sudoku_is_cell_char(c)) {
            if (acc->chars < SUDOKU_CELLS) acc->by_char[acc->chars] = (uint8_t)sudoku_cell_value(c);
            acc->chars++;
            if (!in_token) token_start = i;
            in_token = true;
            continue;
        }
        if (in_token) add_token(acc, s + token_start, i - token_start);
        in_token = false;
        if (c == '#' && step == 1) return;
        if (is_layout(c) || (step > 1 && wide_layout_length(s, n, i) > 0)) continue;
        if (!acc->bad_column) {
            acc->bad_line = line;
            acc->bad_column = column;
            sudoku_describe_char(s, n, i, acc->bad_text);
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

/* The candidates of the first n cells read: the token reading's sets, or
 * each given alone and each blank open to all nine. */
static void cell_marks(const cells *acc, int n, uint16_t *marks)
{
    for (int k = 0; k < n; k++)
        marks[k] = use_tokens(acc)   ? acc->marks[k]
                   : acc->by_char[k] ? (uint16_t)(1u << (acc->by_char[k] - 1))
                                     : 0x1FFu;
}

/* Makes rec a record of the candidates marks (a candidate grid, read as
 * sudoku_parse_candidates reads one given as one text): its placed cells
 * are those with one candidate. */
static void candidates_record(sudoku_record *rec, const uint16_t *marks, long line)
{
    rec->line = line;
    rec->pencilmarks = true;
    rec->ok = true;
    memset(&rec->error, 0, sizeof rec->error);
    memcpy(rec->board.candidates, marks, sizeof rec->board.candidates);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned c = marks[cell];
        rec->grid.cell[cell] = sudoku_is_single(c) ? (uint8_t)sudoku_lowest_digit(c) : 0;
    }
}

/* is_cell_char and cell_value in one lookup, for the fast path: CELL_CODE
 * plus the cell's value for a cell character, 0 for any other byte. */
#define CELL_CODE 0x10
static const uint8_t cell_codes[256] = {
    ['0'] = CELL_CODE,     ['.'] = CELL_CODE,     ['-'] = CELL_CODE,     ['*'] = CELL_CODE,
    ['_'] = CELL_CODE,     ['?'] = CELL_CODE,     ['x'] = CELL_CODE,     ['X'] = CELL_CODE,
    ['1'] = CELL_CODE | 1, ['2'] = CELL_CODE | 2, ['3'] = CELL_CODE | 3, ['4'] = CELL_CODE | 4,
    ['5'] = CELL_CODE | 5, ['6'] = CELL_CODE | 6, ['7'] = CELL_CODE | 7, ['8'] = CELL_CODE | 8,
    ['9'] = CELL_CODE | 9};

/* If the line starts with 81 cell characters followed by its end or by one
 * of " \t:,;#", fills grid and returns true: the rest is annotation. */
static bool fast_line(const char *s, size_t n, sudoku_grid *grid)
{
    size_t i = 0;
    while (i < n && sudoku_is_space(s[i])) i++;
    if (n - i < SUDOKU_CELLS) return false;
    const unsigned char *text = (const unsigned char *)s + i;
    unsigned all = CELL_CODE; /* keeps CELL_CODE while every byte is a cell */
    for (int k = 0; k < SUDOKU_CELLS; k++) {
        all &= cell_codes[text[k]];
        grid->cell[k] = cell_codes[text[k]] & 0x0F;
    }
    if (!all) return false;
    size_t end = i + SUDOKU_CELLS;
    return end == n || sudoku_is_space(s[end]) || (s[end] != '\0' && strchr(":,;#", s[end]));
}

/* True if the line starts with a dash, or with a corner and a dash: it
 * may be a rule or a frame however many cells it has. */
static bool starts_with_dash(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && sudoku_is_space(s[i])) i++;
    return i < n && (s[i] == '-' || ((s[i] == '.' || s[i] == '*') && i + 1 < n && s[i + 1] == '-'));
}

/* The length of the label before a puzzle on a line, as the forums number
 * and name them (docs/input-formats.md): a number, '#' before it or not,
 * then '.' and a space, ')' or ':', or spaces ("1 ", "#12 ", "3. ",
 * "4)"); or a name that starts with a letter, up to a ':' ("Name: ",
 * "Puzzle 12:"); with the spaces after it. 0 if the line starts with none. */
static size_t label_length(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '#') i++;
    size_t digits = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i > digits && i < 10) {
        bool mark = i < n && (s[i] == ')' || s[i] == ':');
        bool dot = i + 1 < n && s[i] == '.' && sudoku_is_space(s[i + 1]);
        if (mark || dot) i++;
        size_t after = skip_spaces(s, n, i);
        return after > i || mark ? after : 0;
    }
    if (n == 0 || !is_letter(s[0])) return 0;
    for (i = 1; i < n && i < 64 && s[i] != ':'; i++)
        if (s[i] == '#' || (unsigned char)s[i] < 0x20) return 0;
    return i < n && s[i] == ':' ? skip_spaces(s, n, i + 1) : 0;
}

/* True if the line is a puzzle behind a label: then fast holds it. */
static bool labeled_line(const char *s, size_t n, sudoku_grid *fast)
{
    size_t label = label_length(s, n);
    return label > 0 && fast_line(s + label, n - label, fast);
}

/* ---- one puzzle, any layout ---- */

/* The length of the line at s (the text ends at end), without its line
 * end; *next is where the line after it starts. A line ends at "\n", at
 * "\r\n", or at a lone "\r", as old Mac files end theirs. */
static size_t line_at(const char *s, const char *end, const char **next)
{
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *stop = nl ? nl : end;
    const char *cr = memchr(s, '\r', (size_t)(stop - s));
    if (cr) {
        *next = cr + 1 == nl ? nl + 1 : cr + 1;
        return (size_t)(cr - s);
    }
    *next = nl ? nl + 1 : end;
    return (size_t)(stop - s);
}

/* Describes where the bad character is: with its line only if text has several. */
static void bad_char_error(const cells *acc, bool several_lines, sudoku_error *err)
{
    if (several_lines)
        sudoku_set_error(err, SUDOKU_ERROR_CHARACTER, acc->bad_line, acc->bad_column,
                         "unexpected character %s at line %ld, column %ld", acc->bad_text,
                         acc->bad_line, acc->bad_column);
    else
        sudoku_set_error(err, SUDOKU_ERROR_CHARACTER, acc->bad_line, acc->bad_column,
                         "unexpected character %s at column %ld", acc->bad_text, acc->bad_column);
}

/* Reads text as a stream: if it holds exactly one record of cells, that
 * record is the puzzle (LAYOUT_OK) or, when it could be read two ways, the
 * error that says so (LAYOUT_AMBIGUOUS); anything else is LAYOUT_NO. */
static layout_result parse_as_stream(const char *text, size_t length, sudoku_grid *grid,
                                     sudoku_error *err)
{
    sudoku_reader reader;
    sudoku_record out[2], found;
    int records = 0;
    sudoku_reader_init(&reader);
    memset(out, 0, sizeof out);
    memset(&found, 0, sizeof found);
    for (const char *s = text, *end = text + length, *next; s < end && records < 2; s = next) {
        size_t n = line_at(s, end, &next);
        if (n > SUDOKU_LINE_MAX) return LAYOUT_NO;
        int made = sudoku_reader_line(&reader, s, n, out);
        for (int k = 0; k < made; k++)
            if (records++ == 0) found = out[k];
    }
    if (records < 2 && sudoku_reader_finish(&reader, &out[0]) && records++ == 0) found = out[0];
    if (records != 1 || found.pencilmarks) return LAYOUT_NO;
    if (found.ok) {
        *grid = found.grid;
        return LAYOUT_OK;
    }
    if (found.error.kind != SUDOKU_ERROR_AMBIGUOUS) return LAYOUT_NO;
    if (err) *err = found.error;
    return LAYOUT_AMBIGUOUS;
}

bool sudoku_parse(const char *text, size_t length, sudoku_grid *grid, sudoku_error *err)
{
    cells acc = {.tokens_ok = true};
    const char *end = text + length, *second;
    line_at(text, end, &second);
    bool several_lines = second < end;
    long line = 0;
    for (const char *s = text, *next; s < end; line++, s = next) {
        size_t n = line_at(s, end, &next), bom = bom_length(s, n);
        sudoku_grid fast;
        line_kind kind = classify(s + bom, n - bom);
        if (kind == LINE_CONTENT || kind == LINE_LABEL) {
            if (fast_line(s + bom, n - bom, &fast)) {
                for (int k = 0; k < SUDOKU_CELLS; k++) {
                    if (acc.chars < SUDOKU_CELLS) acc.by_char[acc.chars] = fast.cell[k];
                    acc.chars++;
                }
                acc.tokens_ok = false;
            } else {
                scan_line(&acc, s + bom, n - bom, line + 1);
            }
        }
    }
    int count = cell_count(&acc);
    if (acc.bad_column || count != SUDOKU_CELLS) {
        /* The cells alone are not a puzzle: perhaps a layout read as a whole is. */
        layout_result whole = parse_as_stream(text, length, grid, err);
        if (whole == LAYOUT_OK) return true;
        if (whole == LAYOUT_AMBIGUOUS) return false;
        if (acc.bad_column)
            bad_char_error(&acc, several_lines, err);
        else
            sudoku_set_error(err, SUDOKU_ERROR_COUNT, 0, 0, "found %d cell%s, expected 81", count,
                             count == 1 ? "" : "s");
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

static void forget_grid(sudoku_reader *r)
{
    r->grid_line = 0;
    r->rows = 0;
    r->error.kind = SUDOKU_ERROR_NONE;
    r->kept = 0;
    r->blank_rows = 0;
    r->unkept = false;
    r->marked = false;
}

/* A grid whose rows do not all read as nine cells may be in a layout read
 * from the whole grid; its rows of blanks count then. */
static bool irregular(const sudoku_reader *r)
{
    return r->error.kind != SUDOKU_ERROR_NONE;
}

static bool grid_complete(const sudoku_reader *r)
{
    return r->rows + (irregular(r) ? r->blank_rows : 0) >= GRID_ROWS;
}

/* Keeps a line of the grid as written, up to any '#' comment. */
static void keep_line(sudoku_reader *r, const char *s, size_t n, bool blank_row)
{
    const char *hash = memchr(s, '#', n);
    if (hash) n = (size_t)(hash - s);
    if (r->kept == SUDOKU_GRID_KEEP || n > SUDOKU_ROW_KEEP) {
        r->unkept = true;
        return;
    }
    sudoku_kept_line *k = &r->keep[r->kept++];
    k->line = r->line;
    k->length = (unsigned short)n;
    k->blank_row = blank_row;
    memcpy(k->text, s, n);
}

/* Reads an irregular grid of nine kept lines as a whole: fields, or
 * columns. Returns false if it is in neither layout. */
static bool read_whole_grid(const sudoku_reader *r, sudoku_record *rec)
{
    if (r->unkept || r->kept != GRID_ROWS || r->rows + r->blank_rows != GRID_ROWS) return false;
    text_line rows[GRID_ROWS];
    for (int k = 0; k < GRID_ROWS; k++)
        rows[k] = (text_line){r->keep[k].text, r->keep[k].length, r->keep[k].line};
    sudoku_error err;
    memset(&err, 0, sizeof err);
    layout_result got = sudoku_fields_grid(rows, &rec->grid, &err);
    if (got == LAYOUT_NO) got = sudoku_columns_grid(rows, &rec->grid, &err);
    if (got == LAYOUT_NO) return false;
    if (got == LAYOUT_OK) {
        check_record(rec, rows[0].line);
        return true;
    }
    rec->line = rows[0].line;
    rec->ok = false;
    rec->error = err;
    return true;
}

/* Fills rec with the finished grid (or its error) and forgets the grid. */
static void end_grid(sudoku_reader *r, sudoku_record *rec)
{
    if (r->error.kind == SUDOKU_ERROR_NONE && r->rows < GRID_ROWS)
        sudoku_set_error(&r->error, SUDOKU_ERROR_GRID, r->grid_line, 0,
                         "grid ends after %d row%s, expected 9", r->rows, r->rows == 1 ? "" : "s");
    if (r->error.kind == SUDOKU_ERROR_NONE && r->marked) {
        candidates_record(rec, r->marks, r->grid_line);
    } else if (r->error.kind == SUDOKU_ERROR_NONE) {
        rec->grid = r->grid;
        check_record(rec, r->grid_line);
    } else if (!read_whole_grid(r, rec)) {
        rec->line = r->grid_line;
        rec->ok = false;
        rec->error = r->error;
    }
    forget_grid(r);
}

/* Ends a grid left unfinished; returns the number of records made (0 or 1). */
static int cut_grid(sudoku_reader *r, sudoku_record *rec)
{
    if (!r->grid_line) {
        forget_grid(r); /* rows of blanks kept before any row: not a grid */
        return 0;
    }
    end_grid(r, rec);
    return 1;
}

/* Makes a one-line record from the line's cells, or else its fields. */
static void line_record(const cells *acc, const char *s, size_t n, long line, sudoku_record *rec)
{
    rec->line = line;
    rec->ok = false;
    int count = cell_count(acc);
    if (!acc->bad_column && count == SUDOKU_CELLS && use_tokens(acc)) {
        candidates_record(rec, acc->marks, line); /* 81 candidate sets on one line */
        return;
    }
    if (!acc->bad_column && count == SUDOKU_CELLS) {
        memcpy(rec->grid.cell, cell_values(acc), SUDOKU_CELLS);
        check_record(rec, line);
        return;
    }
    const char *hash = memchr(s, '#', n);
    text_line fields = {s, hash ? (size_t)(hash - s) : n, line};
    layout_result got = sudoku_fields_line(&fields, &rec->grid, &rec->error);
    if (got == LAYOUT_OK) {
        check_record(rec, line);
    } else if (got == LAYOUT_NO) {
        if (acc->bad_column)
            bad_char_error(acc, false, &rec->error);
        else
            sudoku_set_error(&rec->error, SUDOKU_ERROR_COUNT, line, 0,
                             "found %d cell%s, expected 81", count, count == 1 ? "" : "s");
    }
}

/* The header pandas writes above a grid with an index column is a row of
 * nine cells to the reader, until the next row shows the index: then it is
 * dropped. */
static void drop_index_header(sudoku_reader *r, const char *s, size_t n)
{
    if (r->rows != 1 || r->kept != 1 || r->unkept) return;
    if (sudoku_fields_index_header(r->keep[0].text, r->keep[0].length, s, n)) forget_grid(r);
}

/* Adds the line's cells as the grid's next row; returns 1 and fills rec when
 * the grid is complete: after its ninth row, or, when its rows are
 * irregular, its ninth row or row of blanks. */
static int add_row(sudoku_reader *r, const cells *acc, const char *s, size_t n, sudoku_record *rec)
{
    drop_index_header(r, s, n);
    if (!r->grid_line) r->grid_line = r->line;
    keep_line(r, s, n, false);
    int row = r->rows++;
    int count = cell_count(acc);
    if (r->error.kind == SUDOKU_ERROR_NONE) {
        if (acc->bad_column && count == 0) /* a line of no cell (binary, say): no row */
            bad_char_error(acc, false, &r->error);
        else if (acc->bad_column)
            sudoku_set_error(&r->error, SUDOKU_ERROR_CHARACTER, acc->bad_line, acc->bad_column,
                             "unexpected character %s at column %ld in row %d of the grid",
                             acc->bad_text, acc->bad_column, row + 1);
        else if (count != GRID_ROWS)
            sudoku_set_error(&r->error, SUDOKU_ERROR_COUNT, r->line, 0,
                             "found %d cell%s in row %d of the grid, expected 9", count,
                             count == 1 ? "" : "s", row + 1);
        else {
            memcpy(r->grid.cell + row * GRID_ROWS, cell_values(acc), GRID_ROWS);
            cell_marks(acc, GRID_ROWS, r->marks + row * GRID_ROWS);
            r->marked = r->marked || use_tokens(acc);
        }
    }
    if (!grid_complete(r)) return 0;
    end_grid(r, rec);
    return 1;
}

/* The shapes of a row of blanks with nothing written in it. */
typedef enum row_shape { NOT_BLANK_ROW, SPACES_ROW, FIELDS_ROW } row_shape;

/* Tells whether a line is a row of blanks: only spaces, separators,
 * delimiters and quotes, with a separator or eight delimiters (a row of
 * fields or boxes: FIELDS_ROW) or nine spaces (SPACES_ROW, which only a grid
 * with spaces for blanks can have). */
static row_shape blank_row_shape(const char *s, size_t n)
{
    int spaces = 0, delimiters = 0, separators = 0;
    size_t len;
    for (size_t i = 0; i < n && s[i] != '#'; i += len) {
        if ((len = sudoku_space_length(s, n, i)) > 0) {
            if (s[i] == '\t')
                delimiters++;
            else if (s[i] != '\r')
                spaces++;
        } else if ((len = sudoku_separator_length(s, n, i)) > 0) {
            separators++;
        } else {
            len = 1;
            if (s[i] == ',' || s[i] == ';')
                delimiters++;
            else if (s[i] != '"' && s[i] != '\'')
                return NOT_BLANK_ROW;
        }
    }
    if (separators > 0 || delimiters >= GRID_ROWS - 1) return FIELDS_ROW;
    return spaces >= GRID_ROWS ? SPACES_ROW : NOT_BLANK_ROW;
}

/* True if a blank line is a row of blanks: eight tabs, an empty row of
 * tab-separated fields; or nine spaces, when the grid in progress has
 * spaces for blanks (its rows do not read as nine cells). */
static bool blank_row(const sudoku_reader *r, const char *s, size_t n)
{
    row_shape shape = blank_row_shape(s, n);
    return shape == FIELDS_ROW || (shape == SPACES_ROW && r->grid_line && irregular(r));
}

/* Keeps a row of blanks: part of an irregular grid (or of the one that
 * starts next); returns 1 and fills rec if it completes the grid. */
static int add_blank_row(sudoku_reader *r, const char *s, size_t n, sudoku_record *rec)
{
    keep_line(r, s, n, true);
    r->blank_rows++;
    if (!r->grid_line || !grid_complete(r)) return 0;
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
    sudoku_board board;
    rec->ok = sudoku_candidate_text(line, length, &board, &rec->error);
    if (rec->ok)
        candidates_record(rec, board.candidates, r->line);
    else
        rec->error.line = r->line;
    return made + 1;
}

/* True if the line is, but for spaces, one of the records the commands
 * write where a puzzle was bad or got no answer. Piped into another
 * command each is still a record (an invalid one), not a header, so that
 * one record in stays one record out along a pipeline. */
static bool status_line(const char *s, size_t n)
{
    static const char *const statuses[] = {"invalid", "no solution", "multiple solutions",
                                           "over budget", "stuck"};
    size_t start = 0;
    sudoku_trim_spaces(s, &start, &n);
    for (size_t k = 0; k < sizeof statuses / sizeof statuses[0]; k++)
        if (n - start == strlen(statuses[k]) && memcmp(s + start, statuses[k], n - start) == 0)
            return true;
    return false;
}

static int status_record(sudoku_reader *r, const char *line, size_t length, sudoku_record out[2])
{
    int made = cut_grid(r, &out[0]);
    sudoku_record *rec = &out[made];
    memset(rec, 0, sizeof *rec);
    rec->line = r->line;
    size_t start = 0;
    sudoku_trim_spaces(line, &start, &length);
    sudoku_set_error(&rec->error, SUDOKU_ERROR_COUNT, r->line, 0,
                     "'%.*s' is the record of a puzzle an earlier command could not use, "
                     "not a puzzle",
                     (int)(length - start), line + start);
    return made + 1;
}

/* A content line that is not a one-line puzzle at first sight: a row, a
 * row of blanks, decoration, or a puzzle written as cells or fields. */
static int content_line(sudoku_reader *r, const char *line, size_t length, sudoku_record out[2])
{
    cells acc = {.tokens_ok = true};
    scan_line(&acc, line, length, r->line);
    int count = cell_count(&acc);
    if (count == 0 && !acc.bad_column) /* brackets, borders: decoration, or a row of blanks */
        return blank_row_shape(line, length) == FIELDS_ROW ? add_blank_row(r, line, length, &out[0])
                                                           : 0;
    bool row = count == GRID_ROWS && !acc.bad_column;
    if (count <= 2 * GRID_ROWS && (row || !sudoku_fields_wide(line, length)))
        return add_row(r, &acc, line, length, &out[0]);
    int made = cut_grid(r, &out[0]);
    line_record(&acc, line, length, r->line, &out[made]);
    return made + 1;
}

int sudoku_reader_line(sudoku_reader *r, const char *line, size_t length, sudoku_record out[2])
{
    if (length && line[length - 1] == '\r') length--;
    size_t bom = bom_length(line, length);
    line += bom;
    length -= bom;
    r->line++;
    out[0].pencilmarks = out[1].pencilmarks = false;
    if (sudoku_pencilmark_line(line, length)) return pencilmark_record(r, line, length, out);
    sudoku_grid fast;
    bool puzzle_line = fast_line(line, length, &fast);
    bool labeled = !puzzle_line && labeled_line(line, length, &fast);
    /* Such a line is content whatever follows its cells, unless they start
     * with a dash (then it may be a rule): only that rare case needs classify. */
    line_kind kind = labeled || (puzzle_line && !starts_with_dash(line, length))
                         ? LINE_CONTENT
                         : classify(line, length);
    if (kind == LINE_BLANK && blank_row(r, line, length))
        return add_blank_row(r, line, length, &out[0]); /* spaces or tabs: a row of blanks */
    if (kind == LINE_HEADER && status_line(line, length))
        return status_record(r, line, length, out);
    if (kind == LINE_BLANK || kind == LINE_HEADER || kind == LINE_LABEL)
        return cut_grid(r, &out[0]);
    if (kind != LINE_CONTENT) return 0;
    if (!puzzle_line && !labeled) return content_line(r, line, length, out);
    int made = cut_grid(r, &out[0]);
    out[made].grid = fast;
    check_record(&out[made], r->line);
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
    sudoku_set_error(&rec->error, SUDOKU_ERROR_TOO_LONG, r->line, 0, "line is longer than %d bytes",
                     SUDOKU_LINE_MAX);
    return made + 1;
}

int sudoku_reader_finish(sudoku_reader *r, sudoku_record *out)
{
    out->pencilmarks = false;
    return cut_grid(r, out);
}

/* The board of text if it is one line (but for blanks at its ends) that the
 * reader takes as candidates, as in a stream: 81 candidate sets and single
 * cells between layout characters, blanks such as '.' open to all nine. */
static bool candidate_line(const char *text, size_t length, sudoku_board *board)
{
    while (length && (sudoku_is_space(text[length - 1]) || text[length - 1] == '\n')) length--;
    while (length && (sudoku_is_space(text[0]) || text[0] == '\n')) text++, length--;
    if (length > SUDOKU_LINE_MAX || memchr(text, '\n', length) || memchr(text, '\r', length))
        return false;
    sudoku_reader reader;
    sudoku_record out[2], last;
    sudoku_reader_init(&reader);
    int made = sudoku_reader_line(&reader, text, length, out);
    if (made != 1 || sudoku_reader_finish(&reader, &last) != 0) return false;
    if (!out[0].ok || !out[0].pencilmarks) return false;
    *board = out[0].board;
    return true;
}

/* One line reads as the reader reads it, so that an argument means what the
 * same line means in a file; other texts by pencilmarks.c's rules. */
bool sudoku_parse_candidates(const char *text, size_t length, sudoku_board *board,
                             sudoku_error *err)
{
    return candidate_line(text, length, board) || sudoku_candidate_text(text, length, board, err);
}
