/*
 * svg.h: a picture (picture.h) drawn as SVG 1.1 (svg.c), for the public
 * sudoku_svg_ functions and for the HTML book (book.c).
 */
#ifndef SUDOKU_DRAW_SVG_H
#define SUDOKU_DRAW_SVG_H

#include "picture.h"
#include "writer.h"

/* Writes pic as an SVG document, or with SUDOKU_PICTURE_INLINE as an
 * <svg> element that uses the shapes svg_shapes defines elsewhere in its
 * page; caption (NULL: none) goes under the grid, wrapped. */
void svg_picture(writer *w, const picture *pic, const char *caption, unsigned flags);

/* The shapes every picture uses (digits, arrowheads), as <defs>. */
void svg_shapes(writer *w);

/* Writes text with the characters XML reserves escaped. */
void svg_escaped(writer *w, const char *text, size_t n);

#endif
