/*
 * simple.h: HoDoKu's simple chains (simple.c): Remote Pair, Turbot Fish,
 * X-Chain and XY-Chain, each the first of all its chains in HoDoKu's order.
 */
#ifndef SUDOKU_LOGIC_AIC_SIMPLE_H
#define SUDOKU_LOGIC_AIC_SIMPLE_H

#include "grid.h"
#include "step.h"

/* Finds the step of kind (AIC_REMOTE_PAIR, AIC_TURBOT_FISH, AIC_X_CHAIN or
 * AIC_XY_CHAIN) HoDoKu 2.2 takes on g; false if there is none. Sets
 * *no_memory (and may miss a step) if memory ran out. */
bool aic_find_simple_chain(const aic_grid *g, aic_kind kind, aic_step *step, bool *no_memory);

#endif
