/*
 * coloring.h: HoDoKu's colouring: simple colors (trap, wrap) and multi colors (hodoku-spec 10) (coloring.c).
 */
#ifndef SUDOKU_HODOKU_COLORING_H
#define SUDOKU_HODOKU_COLORING_H

#include "grid.h"

hodoku_finder hodoku_simple_colors, hodoku_multi_colors;

#endif
