/*
 * pencilmarks.h: a puzzle given as its candidates (pencilmarks.c): the
 * 729-character line and the candidate grid, which the public
 * sudoku_parse_candidates (parse.c) reads after the reader's one line.
 */
#ifndef SUDOKU_PENCILMARKS_H
#define SUDOKU_PENCILMARKS_H

#include "chars.h"

/* True if s[0..n) is a 729-character pencilmark line (digits and dots). */
bool sudoku_pencilmark_line(const char *s, size_t n);

/* The board of text read as a 729-character line or a candidate grid
 * (sudoku_parse_candidates's rules but the one-line reading); false with
 * *err (err may be NULL) if it is neither or leaves a cell empty. */
bool sudoku_candidate_text(const char *text, size_t length, sudoku_board *board, sudoku_error *err);

#endif
