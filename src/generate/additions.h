/*
 * additions.h: the clues that, added one at a time to a puzzle with
 * several solutions, leave it exactly one (additions.c): the step that
 * the neighbourhood of a puzzle, the walk towards fewer clues and the
 * filling of a pattern all take.
 */
#ifndef SUDOKU_ADDITIONS_H
#define SUDOKU_ADDITIONS_H

#include "board/board.h"

/* What a search for additions found: for each cell, the digits (bit d-1)
 * that exactly one solution of the puzzle holds there, so that the
 * puzzle with that digit added has one solution. */
typedef struct additions {
    uint16_t once[SUDOKU_CELLS];
    unsigned long guesses; /* the search's guesses */
    bool over_budget;      /* the search gave up: once is incomplete */
} additions;

/* Finds, among the digits allowed[cell] (bit d-1; 0 where no clue may be
 * added, as at a given) of the blank cells of puzzle, those that one
 * solution only holds: each solution is looked at only while some
 * allowed digit has been seen fewer than twice where it could still
 * come (solve/search.h's sieve). Gives up after max_guesses (0: no
 * limit). Returns false if it gave up. */
bool additions_find(const sudoku_grid *puzzle, const uint16_t allowed[SUDOKU_CELLS],
                    unsigned long max_guesses, additions *found);

/* The digits no given among cell's peers holds (bit d-1). */
uint16_t additions_free_digits(const sudoku_grid *puzzle, int cell);

#endif
