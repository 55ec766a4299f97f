/*
 * subsets.h: HoDoKu's intersections and subsets: locked candidates, locked pairs and triples, naked and hidden subsets (hodoku-spec 3) (subsets.c).
 */
#ifndef SUDOKU_HODOKU_SUBSETS_H
#define SUDOKU_HODOKU_SUBSETS_H

#include "grid.h"

/* Locked candidates: SUDOKU_POINTING (type 1) or SUDOKU_CLAIMING (type 2). */
hodoku_finder hodoku_locked_candidates;

/* Locked pair or triple (SUDOKU_LOCKED_PAIR, _TRIPLE): a naked subset of
 * a box and a line that removes from both. */
hodoku_finder hodoku_locked_set;

/* Naked and hidden pairs, triples and quadruples (SE's rows). */
hodoku_finder hodoku_naked_set, hodoku_hidden_set;

#endif
