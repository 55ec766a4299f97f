/*
 * als.h: HoDoKu's almost locked set techniques (als.c).
 */
#ifndef SUDOKU_LOGIC_AIC_ALS_H
#define SUDOKU_LOGIC_AIC_ALS_H

#include "grid.h"
#include "step.h"

/* Finds the step of kind (AIC_ALS_XZ, AIC_ALS_XY_WING or AIC_ALS_CHAIN)
 * HoDoKu 2.2 takes on g; false if there is none. Sets *no_memory (and may
 * miss a step) if memory ran out. */
bool aic_find_als(const aic_grid *g, aic_kind kind, aic_step *step, bool *no_memory);

#endif
