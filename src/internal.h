/*
 * internal.h: what the library's modules share and keep from users: the
 * board's geometry tables and the bit operations on candidate sets.
 */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include "sudoku.h"

#define ALL_DIGITS 0x1FFu /* bits 0..8: digits 1..9 */

/* Units 0-8 are rows, 9-17 columns, 18-26 boxes; see tables.c. */
extern const uint8_t sudoku_unit_cells[27][9];
extern const uint8_t sudoku_cell_units[81][3];
extern const uint8_t sudoku_peers[81][20];

/* Cells waiting to push their newly single digit out to their peers. Each
 * cell enters at most once per propagation, so 81 places always suffice. */
typedef struct sudoku_queue {
    uint8_t cell[SUDOKU_CELLS];
    int head, tail;
} sudoku_queue;

/* Gives cell the single candidate bit and queues it. Returns false if bit was
 * not a candidate there. */
bool sudoku_place(sudoku_board *board, sudoku_queue *queue, int cell, unsigned bit);

/* Runs naked and hidden singles until nothing changes. Returns false if a
 * contradiction is found. */
bool sudoku_run(sudoku_board *board, sudoku_queue *queue);

static inline int sudoku_popcount(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(mask);
#else
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
#endif
}

static inline int sudoku_lowest_digit(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(mask) + 1;
#else
    int d = 1;
    for (; !(mask & 1u); mask >>= 1) d++;
    return d;
#endif
}

static inline bool sudoku_is_single(unsigned mask)
{
    return mask && !(mask & (mask - 1));
}

#endif
