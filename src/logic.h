/*
 * logic.h: what the logic engine's files share: the finder of each family
 * of techniques, and the small helpers that build a step.
 *
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches (so that our ratings follow its path),
 * or false if the technique does not apply. Finders never change the state.
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "internal.h"

/* Unit numbers: rows 0-8, columns 9-17, boxes 18-26 (as tables.c). */
#define ROW_UNIT(r) (r)
#define COLUMN_UNIT(c) (9 + (c))
#define BOX_UNIT(b) (18 + (b))

/* The positions (bit i: the i-th cell of the unit, sudoku_unit_cells order)
 * where digit is still a candidate in unit. */
uint16_t logic_positions(const sudoku_logic *state, int unit, int digit);

/* All of logic_positions at once: positions[unit][digit - 1]. */
void logic_all_positions(const sudoku_logic *state, uint16_t positions[27][9]);

/* The same of any candidates by cell (a chain's board). */
void logic_grid_positions(const uint16_t candidates[SUDOKU_CELLS], uint16_t positions[27][9]);

/* The k-subsets of a 9-bit set in increasing order of their masks, as SE
 * enumerates them: first_subset(set, k), then next_subset until 0. */
unsigned logic_first_subset(unsigned set, int k);
unsigned logic_next_subset(unsigned set, unsigned subset);

/* The places of unit c (as in logic_positions) that lie in unit b, for a
 * box and a line; 0 if they do not cross. */
static inline unsigned logic_overlap(int c, int b)
{
    /* Unit numbers are never negative; unsigned arithmetic says so. */
    unsigned uc = (unsigned)c, ub = (unsigned)b;
    if (uc >= 18) {
        unsigned box = uc - 18;
        if (ub < 9) return ub / 3 == box / 3 ? 0x7u << (3 * (ub % 3)) : 0;
        return (ub - 9) / 3 == box % 3 ? 0x49u << ((ub - 9) % 3) : 0;
    }
    if (ub < 18) return 0; /* two lines */
    unsigned box = ub - 18;
    if (uc < 9) return uc / 3 == box / 3 ? 0x7u << (3 * (box % 3)) : 0;
    return (uc - 9) / 3 == box % 3 ? 0x7u << (3 * (box / 3)) : 0;
}

/* The j-th (0-2, in increasing order) unit of the kind starting at kind
 * (0 rows, 9 columns, 18 boxes) that crosses unit u, a box or a line. */
static inline int logic_crossing(int u, int kind, int j)
{
    if (u >= 18) {
        int box = u - 18;
        return kind == 0 ? (box / 3) * 3 + j : 9 + (box % 3) * 3 + j;
    }
    return u < 9 ? 18 + (u / 3) * 3 + j : 18 + (u - 9) / 3 + 3 * j;
}

/* The number of open cells of a unit. */
int logic_open_cells(const sudoku_logic *state, int unit);

/* Clears step and sets its technique and rating (times ten). */
void logic_step_start(sudoku_step *step, sudoku_technique technique, int rating);

/* Adds cell to the pattern's cells (once). */
void logic_step_cell(sudoku_step *step, int cell);

/* Removes digit from cell in step if the state still has it there; returns
 * true if it did (so callers can tell a step that removes nothing). */
bool logic_step_eliminate(sudoku_step *step, const sudoku_logic *state, int cell, int digit);

/* Returns true if the step places a digit or removes a candidate. */
bool logic_step_useful(const sudoku_step *step);

/* True if cells a and b share a row, column or box. */
static inline bool logic_sees(int a, int b)
{
    return a != b && (sudoku_cell_unit_mask[a] & sudoku_cell_unit_mask[b]) != 0;
}

/* ---- the finders, by family ---- */

/* logic_singles.c */
bool logic_hidden_single(const sudoku_logic *state, sudoku_step *step);
bool logic_naked_single(const sudoku_logic *state, sudoku_step *step);
/* The finders that look at places take them (logic_all_positions of state)
 * from the caller, which makes them once for all. */
bool logic_direct_locking(const sudoku_logic *state, const uint16_t pos[27][9],
                          sudoku_technique technique, sudoku_step *step);
bool logic_locking(const sudoku_logic *state, const uint16_t pos[27][9], sudoku_technique technique,
                   sudoku_step *step);

/* logic_subsets.c: degree 2-4 */
bool logic_naked_set(const sudoku_logic *state, int degree, sudoku_step *step);
bool logic_hidden_set(const sudoku_logic *state, const uint16_t pos[27][9], int degree, bool direct,
                      sudoku_step *step);

/* logic_fish.c: degree 2 (X-wing), 3 (swordfish), 4 (jellyfish) */
bool logic_fish(const sudoku_logic *state, const uint16_t pos[27][9], int degree,
                sudoku_step *step);

/* logic_wings.c: XY-wing, or XYZ-wing when xyz */
bool logic_wing(const sudoku_logic *state, bool xyz, sudoku_step *step);

/* logic_unique.c: unique rectangles and loops, types 1-4 (one finder: SE
 * searches them together and takes the easiest it finds); only
 * SUDOKU_UNIQUE_RECTANGLE or SUDOKU_UNIQUE_LOOP asks for one kind alone,
 * SUDOKU_TECHNIQUES for both */
bool logic_unique_loop(const sudoku_logic *state, sudoku_technique only, sudoku_step *step);

/* logic_bug.c: bivalue universal grave, types 1-4 */
bool logic_bug(const sudoku_logic *state, sudoku_step *step);

/* What an engine keeps from one step of a path to the next: where a
 * finder found nothing on an earlier board, with that board. A later board
 * that only lost candidates need not be searched again where nothing it
 * lost can matter (logic_exclusion.c, logic_forcing.c, logic_multiple.c). */
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
    /* Forcing chains and cycles: the starts (node bits, as chains.h's)
     * from which each mode's search (X, Y, both) found nothing, unbounded,
     * on chains_board. */
    bool chains_known;
    uint16_t chains_board[SUDOKU_CELLS];
    uint64_t chains_nothing[3][LOGIC_NODE_WORDS];
} logic_memo;

/* The cells whose candidates differ between board and later, as bits;
 * false if later holds a candidate board does not (not a later board). */
bool logic_memo_changed(const uint16_t board[SUDOKU_CELLS], const uint16_t later[SUDOKU_CELLS],
                        uint64_t changed[2]);

/* logic_exclusion.c: aligned pair and triplet exclusion; memo (NULL:
 * none) passes over the pairs and triplets that removed nothing before */
bool logic_aligned_pair(const sudoku_logic *state, logic_memo *memo, sudoku_step *step);
bool logic_aligned_triplet(const sudoku_logic *state, logic_memo *memo, sudoku_step *step);

/* logic_multiple.c: chains of every kind, within a budget (chains.h).
 * cache: the nested chains' steps by board, kept from one technique's
 * search to the next (the levels meet the same boards); made when first
 * needed, freed by the caller with logic_nested_cache_free; NULL: none
 * kept. False with *short_of_memory set if memory ran short: the search
 * is void, and no step is known. */
struct nested_cache;
bool logic_chains(const sudoku_logic *state, sudoku_technique technique, unsigned long long *budget,
                  struct nested_cache **cache, logic_memo *memo, sudoku_step *step,
                  bool *short_of_memory);
void logic_nested_cache_free(struct nested_cache *cache);

#endif
