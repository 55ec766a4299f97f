/*
 * loops.h: HoDoKu's nice loops and AICs (loops.c), plain or grouped.
 */
#ifndef SUDOKU_HODOKU_LOOPS_H
#define SUDOKU_HODOKU_LOOPS_H

#include "grid.h"

/* Finds the step HoDoKu 2.2's Nice Loop/AIC search (with_groups: its
 * Grouped Nice Loop/AIC search) takes on q's grid, as technique's step;
 * false if there is none (or memory ran out: q says so). */
bool hodoku_find_loop(hodoku_query *q, bool with_groups, sudoku_technique technique, sudoku_step *step);

#endif
