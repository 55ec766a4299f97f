/*
 * misc.h: HoDoKu's Sue de Coq (hodoku-spec 9) and Brute Force (15) (misc.c).
 */
#ifndef SUDOKU_HODOKU_MISC_H
#define SUDOKU_HODOKU_MISC_H

#include "grid.h"

hodoku_finder hodoku_sue_de_coq;

/* The middle open cell (in cell order) given its digit of the board's
 * solution; nothing if the board has no solution or several. */
hodoku_finder hodoku_brute_force;

#endif
