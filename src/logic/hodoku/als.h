/*
 * als.h: HoDoKu's almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain (hodoku-spec 12) (als.c).
 */
#ifndef SUDOKU_HODOKU_ALS_H
#define SUDOKU_HODOKU_ALS_H

#include "grid.h"

hodoku_finder hodoku_als_xz, hodoku_als_xy_wing, hodoku_als_chain;

/* Makes *round (NULL: a new one) g's: the almost locked sets and their
 * restricted commons that the three finders share. A round kept from an
 * earlier board of the path that g only lost candidates from is carried
 * over: the sets with no cell that changed, and the records between two
 * of them, are taken over, not searched again; the rest as on a board
 * met afresh, the same sets and records in the same order. False if
 * memory ran out (*round then holds nothing, to be freed all the same). */
bool hodoku_round_make(hodoku_round **round, const hodoku_grid *g);

/* True if two rounds hold the same sets (cells, digits, the cells that
 * see them) and restricted commons, in the same order (tests). */
bool hodoku_round_equal(const hodoku_round *a, const hodoku_round *b);

/* Frees a round (NULL: nothing). */
void hodoku_round_free(hodoku_round *round);

#endif
