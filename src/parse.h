/*
 * parse.h: what the parser's files share (parse.c: characters, lines, one
 * puzzle, the stream reader; parse_fields.c: delimited fields, as
 * spreadsheets and CSV files write them; parse_columns.c: grids whose
 * blanks are spaces, read by column). The rules are docs/input-formats.md.
 */
#ifndef SUDOKU_PARSE_H
#define SUDOKU_PARSE_H

#include "internal.h"

/* The cells of a grid: one per row, found in the row's text. */
#define GRID_ROWS 9

/* A line of text, without its line end, and where it stands in the input. */
typedef struct text_line {
    const char *text;
    size_t length;
    long line;
} text_line;

/* What a reading of a whole layout returns. */
typedef enum layout_result {
    LAYOUT_NO = 0,        /* the text is not in this layout */
    LAYOUT_OK = 1,        /* read: the grid is filled */
    LAYOUT_AMBIGUOUS = -1 /* it is, but could be read two ways: err says how */
} layout_result;

/* ---- characters (parse.c) ---- */

/* '1'-'9' givens; '0', '.', '-', '*', '_', '?', 'x', 'X' blanks. */
bool sudoku_is_cell_char(char c);
/* 1-9 for a given, 0 for a blank. */
int sudoku_cell_value(char c);
/* The length in bytes of the space at s[i] (ASCII space, tab, CR, VT, FF,
 * or a Unicode space such as U+00A0), or 0 if there is none. */
size_t sudoku_space_length(const char *s, size_t n, size_t i);
/* Drops spaces at both ends of s[*start..*end). */
void sudoku_trim_spaces(const char *s, size_t *start, size_t *end);
/* The length in bytes of the column separator at s[i] ('|' or a vertical
 * box-drawing line such as U+2502), or 0 if there is none. */
size_t sudoku_separator_length(const char *s, size_t n, size_t i);
/* Sets err (when not NULL) to kind at line and column, message from fmt. */
void sudoku_set_error(sudoku_error *err, sudoku_error_kind kind, long line, long column,
                      const char *fmt, ...);

/* ---- delimited fields (parse_fields.c) ---- */

/* The delimiter of a line: tab if it holds one, else ',', else ';'; 0 if
 * it holds none. */
char sudoku_fields_delimiter(const char *s, size_t n);
/* True if the line is a header row of delimited fields: every field empty
 * or starting with a letter, two at least, one a word other than a lone x. */
bool sudoku_fields_header(const char *s, size_t n);
/* True if the line is a row of fields with a label first: ten fields, the
 * last nine each a cell or empty ("A,5,3,,,7,,,,"). */
bool sudoku_fields_labeled_row(const char *s, size_t n);
/* True if the line is a puzzle written as fields: it holds a field of 81
 * cell characters, or more than a row's worth of fields. */
bool sudoku_fields_wide(const char *s, size_t n);
/* Reads one line of fields as a puzzle: the first field of 81 cells, or
 * 81 fields of one cell each (empty for a blank), with an id field first
 * or an empty field last. */
layout_result sudoku_fields_line(const text_line *line, sudoku_grid *grid, sudoku_error *err);
/* Reads the nine lines of a grid as rows of nine fields, with an index
 * column first or an empty field last. */
layout_result sudoku_fields_grid(const text_line rows[GRID_ROWS], sudoku_grid *grid,
                                 sudoku_error *err);
/* True if the line is the header pandas writes above an index column (an
 * empty field, then the column numbers 0-8 or 1-9) and next is a row of
 * ten fields, the first an index. */
bool sudoku_fields_index_header(const char *header, size_t header_length, const char *next,
                                size_t next_length);

/* ---- fixed columns (parse_columns.c) ---- */

/* Reads the nine lines of a grid that has spaces for blanks by the column
 * each cell stands in: the columns are evenly spaced within each box (or
 * each cell) that the separators mark. */
layout_result sudoku_columns_grid(const text_line rows[GRID_ROWS], sudoku_grid *grid,
                                  sudoku_error *err);

#endif
