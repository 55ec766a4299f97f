/*
 * forcing.h: HoDoKu's forcing chains and forcing nets (forcing.c).
 */
#ifndef SUDOKU_LOGIC_AIC_FORCING_H
#define SUDOKU_LOGIC_AIC_FORCING_H

#include "grid.h"
#include "step.h"

/* Finds the step HoDoKu 2.2's Forcing Chain search (nets: its Forcing Net
 * search) takes on g, whose singles queues must be as HoDoKu's solver
 * leaves them before the search (nets play moves on copies of them);
 * false if there is none. Sets *no_memory (and may miss a step) if memory
 * ran out. */
bool aic_find_forcing(const aic_grid *g, bool nets, aic_step *step, bool *no_memory);

#endif
