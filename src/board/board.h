/*
 * board.h: the ground floor of the library, what every room shares and
 * keeps from users: the board's geometry tables (tables.c), the bit
 * operations on candidate sets, and the random numbers (board/README in
 * docs/architecture.md).
 */
#ifndef SUDOKU_BOARD_H
#define SUDOKU_BOARD_H

#include "sudoku.h"

#include <string.h>

#define ALL_DIGITS 0x1FFu /* bits 0..8: digits 1..9 */

/* Units 0-8 are rows, 9-17 columns, 18-26 boxes; see tables.c. */
extern const uint8_t sudoku_unit_cells[27][9];
extern const uint8_t sudoku_cell_units[81][3];
extern const uint8_t sudoku_peers[81][20];
extern const uint32_t sudoku_cell_unit_mask[81]; /* bit u set: the cell is in unit u */
extern const uint8_t sudoku_cell_index[81][3];   /* place in its row, column, box */
extern const uint8_t sudoku_nine_count[512];     /* bits set in a 9-bit mask */
extern const uint64_t sudoku_peer_bits[81]
                                      [2]; /* a cell's peers, cell i: bit i % 64 of word i / 64 */
extern const uint64_t sudoku_unit_bits[27][2]; /* a unit's cells, as sudoku_peer_bits */

static inline int sudoku_popcount(uint32_t mask)
{
#if defined(__POPCNT__) || defined(__aarch64__)
    return __builtin_popcount(mask);
#else /* without the instruction, GCC calls a table-driven routine: slower */
    if (mask < 512)
        return sudoku_nine_count[mask]; /* nearly every count: a set of digits or places */
    mask -= (mask >> 1) & 0x55555555u;
    mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0Fu;
    return (int)((mask * 0x01010101u) >> 24);
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

/* The 8 bytes at p as one word, whatever p's alignment: a scan of a
 * step's placements or eliminations skips the cells that have none 8 (4)
 * at a time. */
static inline uint64_t sudoku_load64(const void *p)
{
    uint64_t word;
    memcpy(&word, p, sizeof word);
    return word;
}

static inline int sudoku_lowest_digit(unsigned mask)
{
    return sudoku_lowest_bit(mask) + 1;
}

static inline bool sudoku_is_single(unsigned mask)
{
    return mask && !(mask & (mask - 1));
}

/* True if mask has exactly two bits: the hot test of the chains, cheaper
 * than a count where the popcount instruction is not available. */
static inline bool sudoku_is_pair(unsigned mask)
{
    return sudoku_is_single(mask & (mask - 1));
}

/* True if mask has two bits or more. */
static inline bool sudoku_is_several(unsigned mask)
{
    return (mask & (mask - 1)) != 0;
}

/* splitmix64: a whole 64-bit state the caller keeps, every seed good, the
 * same numbers on every platform; plenty for shuffling and generating. */
static inline uint64_t sudoku_random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A number in [0, n), each equally likely: draws at or above the largest
 * multiple of n are drawn again rather than folded in with a bias. */
static inline unsigned sudoku_random_below(uint64_t *state, unsigned n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do x = sudoku_random_next(state);
    while (x >= limit);
    return (unsigned)(x % n);
}

#endif
