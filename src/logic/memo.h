/*
 * memo.h: what the engine keeps from one step of a path to the next
 * (memo.c), so that the costly finders need not search again where
 * nothing that changed can matter.
 */
#ifndef SUDOKU_LOGIC_MEMO_H
#define SUDOKU_LOGIC_MEMO_H

#include "board/board.h"
#include "hodoku/grid.h"

/* What an engine keeps from one step of a path to the next: where a
 * finder found nothing on an earlier board, with that board. A later board
 * that only lost candidates need not be searched again where nothing it
 * lost can matter (exclusion.c, chains/forcing.c, chains/multiple.c). */
#define LOGIC_NODE_WORDS (2 * SUDOKU_CELLS * 9 / 64 + 1)
typedef struct sudoku_logic_memo {
    /* Aligned pair (triplet) exclusion found nothing on pairs_board
     * (triplets_board). */
    bool pairs_known, triplets_known;
    uint16_t pairs_board[SUDOKU_CELLS], triplets_board[SUDOKU_CELLS];
    /* Multiple forcing chains: the regions (unit * 9 + digit - 1) and the
     * cells that gave no step on multiple_board. */
    bool multiple_known;
    uint16_t multiple_board[SUDOKU_CELLS];
    uint64_t multiple_regions[4], multiple_cells[2];
    /* Nishio forcing chains found nothing on nishio_board. */
    bool nishio_known;
    uint16_t nishio_board[SUDOKU_CELLS];
    /* Forcing chains and cycles: the starts (node bits, as chains/chain.h's)
     * from which each mode's search (X, Y, both) found nothing, unbounded,
     * on chains_board. */
    bool chains_known;
    uint16_t chains_board[SUDOKU_CELLS];
    uint64_t chains_nothing[3][LOGIC_NODE_WORDS];
    /* HoDoKu's scale: the grid (with its queues) of the board the last
     * step was asked on, before the search, and as it is once the step
     * the search returned is taken; the next board is one of the two (the
     * same board asked again, or the path gone on), or the path starts
     * afresh (sudoku_logic_next_memo). */
    bool hodoku_known;
    hodoku_grid hodoku_before, hodoku_after;
    hodoku_cache hodoku_cache; /* what HoDoKu's searches found nothing in (any board) */
    /* The ALS finders' sets of the last board they were asked on (NULL:
     * none yet), which a later board's carry over (hodoku/als.h); freed
     * with the memo (path.c, above the finders). */
    hodoku_round *hodoku_round;
} logic_memo;

/* The cells whose candidates differ between board and later, as bits;
 * false if later holds a candidate board does not (not a later board). */
bool logic_memo_changed(const uint16_t board[SUDOKU_CELLS], const uint16_t later[SUDOKU_CELLS],
                        uint64_t changed[2]);

#endif
