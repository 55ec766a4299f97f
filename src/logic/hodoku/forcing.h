/*
 * forcing.h: HoDoKu's forcing chains and forcing nets (forcing.c).
 */
#ifndef SUDOKU_HODOKU_FORCING_H
#define SUDOKU_HODOKU_FORCING_H

#include "grid.h"

/* Finds the step HoDoKu 2.2's Forcing Chain search (nets: its Forcing Net
 * search) takes on q's grid, as technique's step; the grid's singles
 * queues must be as HoDoKu's solver leaves them before the search (nets
 * play moves on copies of them). False if there is none (or memory ran
 * out: q says so). */
bool hodoku_find_forcing(hodoku_query *q, bool nets, sudoku_technique technique, sudoku_step *step);

#endif
