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

/* A single as those finders take it: digit in cell, seen in unit (-1 for
 * a naked single). */
typedef struct hodoku_single {
    int cell, digit, unit;
} hodoku_single;

/* True if technique is one of the three singles above (asked before
 * every step of a path: inline). */
static inline bool hodoku_is_single(sudoku_technique technique)
{
    return technique == SUDOKU_FULL_HOUSE || technique == SUDOKU_NAKED_SINGLE ||
           technique == SUDOKU_HIDDEN_SINGLE;
}

/* What technique's finder above would find on g, taking the same entries
 * off the queues, without the step: a path rated needs no more of a
 * single. False if it finds none (or technique is not a single). */
bool hodoku_take_single(hodoku_grid *g, sudoku_technique technique, hodoku_single *single);

/* hodoku_take_single of techniques[0], then [1], up to [n - 1], until one
 * finds a single: its index, or n. One call for a path's every step. */
int hodoku_take_first_single(hodoku_grid *g, const sudoku_technique *techniques, int n,
                             hodoku_single *single);

#endif
