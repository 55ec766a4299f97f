/*
 * wings.h: HoDoKu's wings: W-Wing, XY-Wing, XYZ-Wing (hodoku-spec 5) (wings.c).
 */
#ifndef SUDOKU_HODOKU_WINGS_H
#define SUDOKU_HODOKU_WINGS_H

#include "grid.h"

hodoku_finder hodoku_w_wing, hodoku_xy_wing, hodoku_xyz_wing;

#endif
