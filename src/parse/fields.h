/*
 * fields.h: puzzles written as delimited fields, as spreadsheets and CSV
 * files hold them (fields.c).
 */
#ifndef SUDOKU_FIELDS_H
#define SUDOKU_FIELDS_H

#include "layout.h"

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

#endif
