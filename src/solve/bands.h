/*
 * bands.h: the digit planes' band tables (bands.c), which planes.c
 * propagates with.
 */
#ifndef SUDOKU_BANDS_H
#define SUDOKU_BANDS_H

#include "board/board.h"

/* A band is three rows: bit 9*row + column. A minirow is where a row
 * crosses a box: bit 3*row + box of a 9-bit set. See bands.c. */
extern const uint32_t sudoku_band_allowed[512];
extern const uint8_t sudoku_row_minirows[512];
extern const uint16_t sudoku_locked_columns[512];
extern const uint16_t sudoku_claimed_columns[512];

#endif
