/*
 * layout.h: what a reader of a whole layout (fields.c, columns.c) takes
 * from the stream reader (parse.c) and gives back.
 */
#ifndef SUDOKU_LAYOUT_H
#define SUDOKU_LAYOUT_H

#include "chars.h"

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

#endif
