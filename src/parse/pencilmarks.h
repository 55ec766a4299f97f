/*
 * pencilmarks.h: a puzzle given as its candidates (pencilmarks.c), beyond
 * the public sudoku_parse_candidates: the reader's test for the line form.
 */
#ifndef SUDOKU_PENCILMARKS_H
#define SUDOKU_PENCILMARKS_H

#include "chars.h"

/* True if s[0..n) is a 729-character pencilmark line (digits and dots). */
bool sudoku_pencilmark_line(const char *s, size_t n);

#endif
