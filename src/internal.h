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
extern const uint32_t sudoku_cell_unit_mask[81]; /* bit u set: the cell is in unit u */

/* The work propagation has left: cells waiting to push their newly single
 * digit out to their peers (each enters at most once, so 81 places always
 * suffice), and the units that lost a candidate since they were last
 * searched for hidden singles (only those can hold a new one). */
typedef struct sudoku_queue {
    uint8_t cell[SUDOKU_CELLS];
    int head, tail;
    uint32_t dirty;
} sudoku_queue;

#define ALL_UNITS 0x7FFFFFFu

/* Gives cell the single candidate bit and queues it. Returns false if bit was
 * not a candidate there. */
bool sudoku_place(sudoku_board *board, sudoku_queue *queue, int cell, unsigned bit);

/* Runs naked and hidden singles until nothing changes. Returns false if a
 * contradiction is found. */
bool sudoku_run(sudoku_board *board, sudoku_queue *queue);

/* As sudoku_run, adding locked candidates (pointing and claiming) to the
 * rules: the stronger propagation search uses between guesses. */
bool sudoku_run_locked(sudoku_board *board, sudoku_queue *queue);

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

/* The index of the lowest set bit of a nonzero mask. */
static inline int sudoku_lowest_bit(uint32_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(mask);
#else
    int i = 0;
    for (; !(mask & 1u); mask >>= 1) i++;
    return i;
#endif
}

static inline int sudoku_lowest_digit(unsigned mask)
{
    return sudoku_lowest_bit(mask) + 1;
}

static inline bool sudoku_is_single(unsigned mask)
{
    return mask && !(mask & (mask - 1));
}

#endif
