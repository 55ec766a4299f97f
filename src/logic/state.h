/*
 * state.h: the logic engine's ground floor (state.c): a state set up,
 * tested and moved on by a step (the public sudoku_logic_* functions), and
 * what every finder reads of it: the places of a digit in a unit, subsets
 * in SE's order, how units cross.
 */
#ifndef SUDOKU_LOGIC_STATE_H
#define SUDOKU_LOGIC_STATE_H

#include "board/board.h"

/* Unit numbers: rows 0-8, columns 9-17, boxes 18-26 (as board/tables.c). */
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

/* True if cells a and b share a row, column or box. */
static inline bool logic_sees(int a, int b)
{
    return a != b && (sudoku_cell_unit_mask[a] & sudoku_cell_unit_mask[b]) != 0;
}

/* True if every cell is placed, or if some open cell has no candidate left:
 * no step to look for either way. */
bool logic_finished(const sudoku_logic *state);

/* True if some unit has a digit neither placed nor with a place left: a
 * path's state with no solution, where the next step would prove nothing
 * (a technique asked alone, sudoku_logic_find, may look at any board). */
bool logic_digit_without_place(const sudoku_logic *state);

#endif
