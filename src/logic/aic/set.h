/*
 * set.h: sets of cells as HoDoKu's chain searches use them, 81 bits in two
 * words (cell i: bit i % 64 of word i / 64, as board.h's peer bits), walked
 * in increasing cell order.
 */
#ifndef SUDOKU_LOGIC_AIC_SET_H
#define SUDOKU_LOGIC_AIC_SET_H

#include "board/board.h"

typedef struct aic_set {
    uint64_t w[2];
} aic_set;

static inline aic_set aic_set_empty(void)
{
    aic_set s = {{0, 0}};
    return s;
}

static inline aic_set aic_set_cell(int cell)
{
    aic_set s = {{0, 0}};
    s.w[cell >> 6] = 1ull << (cell & 63);
    return s;
}

static inline bool aic_set_has(aic_set s, int cell)
{
    return (s.w[cell >> 6] >> (cell & 63)) & 1u;
}

static inline void aic_set_add(aic_set *s, int cell)
{
    s->w[cell >> 6] |= 1ull << (cell & 63);
}

static inline void aic_set_remove(aic_set *s, int cell)
{
    s->w[cell >> 6] &= ~(1ull << (cell & 63));
}

static inline aic_set aic_set_and(aic_set a, aic_set b)
{
    aic_set s = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
    return s;
}

static inline aic_set aic_set_or(aic_set a, aic_set b)
{
    aic_set s = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
    return s;
}

static inline aic_set aic_set_minus(aic_set a, aic_set b)
{
    aic_set s = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
    return s;
}

static inline bool aic_set_is_empty(aic_set s)
{
    return (s.w[0] | s.w[1]) == 0;
}

static inline bool aic_set_equal(aic_set a, aic_set b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

static inline int aic_set_count(aic_set s)
{
    return __builtin_popcountll(s.w[0]) + __builtin_popcountll(s.w[1]);
}

/* The smallest cell of a set that is not empty. */
static inline int aic_set_first(aic_set s)
{
    return s.w[0] ? __builtin_ctzll(s.w[0]) : 64 + __builtin_ctzll(s.w[1]);
}

/* Removes and returns the smallest cell of s, or -1 if s is empty. */
static inline int aic_set_pop(aic_set *s)
{
    if (s->w[0]) {
        int cell = __builtin_ctzll(s->w[0]);
        s->w[0] &= s->w[0] - 1;
        return cell;
    }
    if (s->w[1]) {
        int cell = 64 + __builtin_ctzll(s->w[1]);
        s->w[1] &= s->w[1] - 1;
        return cell;
    }
    return -1;
}

/* The cells a cell sees (its 20 peers, not itself). */
static inline aic_set aic_buddies(int cell)
{
    aic_set s = {{sudoku_peer_bits[cell][0], sudoku_peer_bits[cell][1]}};
    return s;
}

#endif
