/*
 * unique.h: HoDoKu's uniqueness techniques: BUG+1, uniqueness tests 1-6, hidden and avoidable rectangles (hodoku-spec 6) (unique.c).
 */
#ifndef SUDOKU_HODOKU_UNIQUE_H
#define SUDOKU_HODOKU_UNIQUE_H

#include "grid.h"

/* BUG+1. */
hodoku_finder hodoku_bug;

/* The first step of the lowest type (1-6) of unique rectangle, in the
 * order HoDoKu meets rectangles; the type in the step's variant. */
hodoku_finder hodoku_unique_rectangle;

hodoku_finder hodoku_hidden_rectangle;

/* Avoidable rectangles, type 1, else type 2 (the variant). */
hodoku_finder hodoku_avoidable_rectangle;

#endif
