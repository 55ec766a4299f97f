/*
 * als.h: HoDoKu's almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain (hodoku-spec 12) (als.c).
 */
#ifndef SUDOKU_HODOKU_ALS_H
#define SUDOKU_HODOKU_ALS_H

#include "grid.h"

hodoku_finder hodoku_als_xz, hodoku_als_xy_wing, hodoku_als_chain;

/* Frees what a round's finders shared (grid.h; NULL: nothing). */
void hodoku_round_free(hodoku_round *round);

#endif
