/*
 * mistakes.h: the mistake finder of `sudoku hint --puzzle` (mistakes.c):
 * a player's state (the puzzle's givens and their entries, or candidates)
 * against the puzzle's one solution: the entries that are wrong, the
 * candidates removed that are the solution's, and the state mended.
 */
#ifndef SUDOKU_CLI_MISTAKES_H
#define SUDOKU_CLI_MISTAKES_H

#include "cli.h"

typedef struct mistakes {
    int nwrong, nremoved;
    uint8_t wrong[SUDOKU_CELLS];   /* a digit placed that is not the solution's, 0 none */
    uint8_t removed[SUDOKU_CELLS]; /* the solution's digit, gone from the cell's candidates */
} mistakes;

/* Compares the state of record with the puzzle and its solution, fills
 * found, and mends the record: wrong entries taken out, the solution's
 * candidates put back. A record whose givens clashed is taken as a state
 * with mistakes in it. Returns false, the record made invalid with an
 * error naming the cell, if the state does not hold one of the puzzle's
 * givens as given. */
bool mistakes_find(const sudoku_grid *puzzle, const sudoku_grid *solution, sudoku_record *record,
                   mistakes *found);

/* "no mistakes; next: " or "2 mistakes: r1c2 (5 is wrong), r4c4 (7 was
 * removed); next, once they are mended: ", for the hint that follows. */
void mistakes_add_text(cli_text *text, const mistakes *found);

/* ,"mistakes":{"wrong":[[row,col,digit],...],"removed":[[row,col,digit],...]} */
void mistakes_add_json(cli_text *text, const mistakes *found);

#endif
