/*
 * loops.h: HoDoKu's nice loops and AICs (loops.c), plain or grouped.
 */
#ifndef SUDOKU_LOGIC_AIC_LOOPS_H
#define SUDOKU_LOGIC_AIC_LOOPS_H

#include "grid.h"
#include "step.h"

/* Finds the step HoDoKu 2.2's Nice Loop/AIC search (with_groups: its
 * Grouped Nice Loop/AIC search) takes on g; false if there is none. Sets
 * *no_memory (and may miss a step) if memory ran out. */
bool aic_find_nice_loop(const aic_grid *g, bool with_groups, aic_step *step, bool *no_memory);

#endif
