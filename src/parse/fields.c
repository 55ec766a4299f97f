/*
 * fields.c: puzzles written as delimited fields, as spreadsheets and
 * CSV files hold them: a grid of nine rows of nine fields (tab-, comma- or
 * semicolon-separated, an empty field a blank), or one line per puzzle (81
 * such fields, or one field of 81 cells among an id and other columns).
 * Fields may be quoted; an index or id column may come first, an empty
 * field last; when either could be, the reading is refused as ambiguous.
 * See docs/input-formats.md, "Fields".
 */
#include "fields.h"

#include <string.h>

/* The most fields a line is split into: a puzzle's 81, an id and one more. */
#define MAX_FIELDS 83

typedef enum field_kind { FIELD_EMPTY, FIELD_CELL, FIELD_PUZZLE, FIELD_OTHER } field_kind;

typedef struct field {
    const char *text; /* without spaces around it or its quotes */
    size_t length;
    field_kind kind;
} field;

char sudoku_fields_delimiter(const char *s, size_t n)
{
    if (memchr(s, '\t', n)) return '\t';
    if (memchr(s, ',', n)) return ',';
    if (memchr(s, ';', n)) return ';';
    return 0;
}

static field_kind kind_of(const char *s, size_t n)
{
    if (n == 0) return FIELD_EMPTY;
    for (size_t i = 0; i < n; i++)
        if (!sudoku_is_cell_char(s[i])) return FIELD_OTHER;
    return n == 1 ? FIELD_CELL : n == SUDOKU_CELLS ? FIELD_PUZZLE : FIELD_OTHER;
}

/* Reads the field starting at s[i]; returns where the next one starts and
 * sets *more if there is one (after a final delimiter, an empty one). A
 * quoted field runs to its closing quote, delimiters in it included. */
static size_t read_field(const char *s, size_t n, size_t i, char delim, field *f, bool *more)
{
    size_t start = i;
    while (start < n && s[start] == ' ') start++;
    char quote = '\0';
    if (start < n && (s[start] == '"' || s[start] == '\'')) quote = s[start];
    const char *close = quote ? memchr(s + start + 1, quote, n - start - 1) : NULL;
    size_t scan = close ? (size_t)(close - s) + 1 : i;
    const char *next = memchr(s + scan, delim, n - scan);
    size_t end = next ? (size_t)(next - s) : n;
    size_t from = start, to = end;
    sudoku_trim_spaces(s, &from, &to);
    if (close && to == (size_t)(close - s) + 1) { /* nothing but spaces after the quote */
        from = start + 1;
        to = (size_t)(close - s);
        sudoku_trim_spaces(s, &from, &to);
    }
    f->text = s + from;
    f->length = to - from;
    f->kind = kind_of(f->text, f->length);
    *more = next != NULL;
    return next ? end + 1 : n;
}

/* Splits a line at delim into fields (at most max kept); returns how many
 * there are, which may be more than max. */
static int split(const char *s, size_t n, char delim, field *fields, int max)
{
    int count = 0;
    size_t i = 0;
    for (bool more = true; more; count++) {
        field f;
        i = read_field(s, n, i, delim, &f, &more);
        if (count < max) fields[count] = f;
    }
    return count;
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool sudoku_fields_header(const char *s, size_t n)
{
    char delim = sudoku_fields_delimiter(s, n);
    if (!delim) return false;
    field fields[MAX_FIELDS];
    int count = split(s, n, delim, fields, MAX_FIELDS), names = 0;
    if (count > MAX_FIELDS) return false;
    bool word = false;
    for (int k = 0; k < count; k++) {
        const field *f = &fields[k];
        if (f->kind == FIELD_EMPTY) continue;
        if (!is_letter(f->text[0])) return false;
        names++;
        if (!(f->length == 1 && (f->text[0] == 'x' || f->text[0] == 'X'))) word = true;
    }
    return word && names >= 2; /* one name alone labels a row of empty fields */
}

bool sudoku_fields_wide(const char *s, size_t n)
{
    char delim = sudoku_fields_delimiter(s, n);
    if (!delim) return false;
    field fields[MAX_FIELDS];
    int count = split(s, n, delim, fields, MAX_FIELDS);
    if (count > 2 * GRID_ROWS) return true;
    for (int k = 0; k < count; k++)
        if (fields[k].kind == FIELD_PUZZLE) return true;
    return false;
}

/* True if fields[first..first+count) are each a cell or empty. */
static bool all_cells(const field *fields, int first, int count)
{
    for (int k = first; k < first + count; k++)
        if (fields[k].kind != FIELD_EMPTY && fields[k].kind != FIELD_CELL) return false;
    return true;
}

bool sudoku_fields_labeled_row(const char *s, size_t n)
{
    char delim = sudoku_fields_delimiter(s, n);
    field fields[GRID_ROWS + 2];
    return delim && split(s, n, delim, fields, GRID_ROWS + 2) == GRID_ROWS + 1 &&
           all_cells(fields, 1, GRID_ROWS);
}

static void take_cells(const field *fields, int first, int count, uint8_t *cells)
{
    for (int k = 0; k < count; k++) {
        const field *f = &fields[first + k];
        cells[k] = (uint8_t)(f->kind == FIELD_CELL ? sudoku_cell_value(f->text[0]) : 0);
    }
}

layout_result sudoku_fields_line(const text_line *line, sudoku_grid *grid, sudoku_error *err)
{
    char delim = sudoku_fields_delimiter(line->text, line->length);
    if (!delim) return LAYOUT_NO;
    field fields[MAX_FIELDS];
    int count = split(line->text, line->length, delim, fields, MAX_FIELDS);
    for (int k = 0; k < count && k < MAX_FIELDS; k++) {
        if (fields[k].kind != FIELD_PUZZLE) continue;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            grid->cell[cell] = (uint8_t)sudoku_cell_value(fields[k].text[cell]);
        return LAYOUT_OK;
    }
    if (count == SUDOKU_CELLS && all_cells(fields, 0, SUDOKU_CELLS)) {
        take_cells(fields, 0, SUDOKU_CELLS, grid->cell);
        return LAYOUT_OK;
    }
    if (count != SUDOKU_CELLS + 1) return LAYOUT_NO;
    bool id_first = all_cells(fields, 1, SUDOKU_CELLS);
    bool empty_last =
        all_cells(fields, 0, SUDOKU_CELLS) && fields[SUDOKU_CELLS].kind == FIELD_EMPTY;
    if (id_first && empty_last) {
        sudoku_set_error(err, SUDOKU_ERROR_AMBIGUOUS, line->line, 0,
                         "82 fields: the first may be an id or the last an empty field; "
                         "write the id as text, or leave out the last delimiter");
        return LAYOUT_AMBIGUOUS;
    }
    if (!id_first && !empty_last) return LAYOUT_NO;
    take_cells(fields, id_first ? 1 : 0, SUDOKU_CELLS, grid->cell);
    return LAYOUT_OK;
}

/* The number a field holds, if it is one of 0-9 written alone; else -1. */
static int small_number(const field *f)
{
    return f->length == 1 && f->text[0] >= '0' && f->text[0] <= '9' ? f->text[0] - '0' : -1;
}

/* True if the first fields of the rows make an index column: none empty,
 * and either some is not a cell (a label: "r1", "A", "10") or they count
 * 0-8 or 1-9 down the rows. */
static bool index_column(const field first[GRID_ROWS])
{
    bool label = false, from0 = true, from1 = true;
    for (int row = 0; row < GRID_ROWS; row++) {
        if (first[row].kind == FIELD_EMPTY) return false;
        if (first[row].kind != FIELD_CELL) label = true;
        from0 = from0 && small_number(&first[row]) == row;
        from1 = from1 && small_number(&first[row]) == row + 1;
    }
    return label || from0 || from1;
}

layout_result sudoku_fields_grid(const text_line rows[GRID_ROWS], sudoku_grid *grid,
                                 sudoku_error *err)
{
    field fields[GRID_ROWS][GRID_ROWS + 2];
    field first[GRID_ROWS];
    int count = 0;
    bool cells9 = true, index_cells = true, empty_last = true;
    for (int row = 0; row < GRID_ROWS; row++) {
        char delim = sudoku_fields_delimiter(rows[row].text, rows[row].length);
        if (!delim) return LAYOUT_NO;
        int n = split(rows[row].text, rows[row].length, delim, fields[row], GRID_ROWS + 2);
        if (row > 0 && n != count) return LAYOUT_NO;
        count = n;
        if (count != GRID_ROWS && count != GRID_ROWS + 1) return LAYOUT_NO;
        first[row] = fields[row][0];
        cells9 = cells9 && all_cells(fields[row], 0, GRID_ROWS);
        index_cells = index_cells && n == GRID_ROWS + 1 && all_cells(fields[row], 1, GRID_ROWS);
        empty_last =
            empty_last && count == GRID_ROWS + 1 && fields[row][GRID_ROWS].kind == FIELD_EMPTY;
    }
    int skip = 0;
    if (count == GRID_ROWS) {
        if (!cells9) return LAYOUT_NO;
    } else {
        bool index = index_cells && index_column(first);
        bool trailing = cells9 && empty_last;
        if (index && trailing) {
            sudoku_set_error(err, SUDOKU_ERROR_AMBIGUOUS, rows[0].line, 0,
                             "rows of 10 fields: the first may be an index column or the last "
                             "an empty one; leave out the index or the last delimiter");
            return LAYOUT_AMBIGUOUS;
        }
        if (!index && !trailing) return LAYOUT_NO;
        skip = index ? 1 : 0;
    }
    for (int row = 0; row < GRID_ROWS; row++)
        take_cells(fields[row], skip, GRID_ROWS, grid->cell + GRID_ROWS * row);
    return LAYOUT_OK;
}

bool sudoku_fields_index_header(const char *header, size_t header_length, const char *next,
                                size_t next_length)
{
    field fields[GRID_ROWS + 2], row[GRID_ROWS + 2];
    char delim = sudoku_fields_delimiter(header, header_length);
    if (!delim || sudoku_fields_delimiter(next, next_length) != delim) return false;
    if (split(header, header_length, delim, fields, GRID_ROWS + 2) != GRID_ROWS + 1 ||
        split(next, next_length, delim, row, GRID_ROWS + 2) != GRID_ROWS + 1)
        return false;
    if (fields[0].kind != FIELD_EMPTY || row[0].kind == FIELD_EMPTY) return false;
    int base = small_number(&fields[1]);
    if (base != 0 && base != 1) return false;
    for (int k = 1; k <= GRID_ROWS; k++)
        if (small_number(&fields[k]) != base + k - 1) return false;
    return true;
}
