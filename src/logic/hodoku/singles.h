/*
 * singles.h: HoDoKu's singles, taken from the queues of its grid (hodoku-spec 2.4) (singles.c).
 */
#ifndef SUDOKU_HODOKU_SINGLES_H
#define SUDOKU_HODOKU_SINGLES_H

#include "grid.h"

/* Full house: the first entry of the naked queue that is the last open
 * cell of a unit (the queue keeps it). Naked single: the first entry of
 * the naked queue whose cell is open (taken off, with the stale ones
 * before it). Hidden single: the first entry of the hidden queue whose
 * cell is open, if the digit has one place left in one of its units
 * (taken off either way: a stale one ends the search). */
hodoku_finder hodoku_full_house, hodoku_naked_single, hodoku_hidden_single;

#endif
