/*
 * set.h: sets of cells as HoDoKu's chain searches use them, 81 bits in two
 * words (cell i: bit i % 64 of word i / 64, as board.h's peer bits), walked
 * in increasing cell order; and the units as such sets (set.c).
 */
#ifndef SUDOKU_HODOKU_SET_H
#define SUDOKU_HODOKU_SET_H

#include "board/board.h"

typedef struct hodoku_set {
    uint64_t w[2];
} hodoku_set;

static inline hodoku_set hodoku_set_empty(void)
{
    hodoku_set s = {{0, 0}};
    return s;
}

static inline hodoku_set hodoku_set_cell(int cell)
{
    hodoku_set s = {{0, 0}};
    s.w[cell >> 6] = 1ull << (cell & 63);
    return s;
}

static inline bool hodoku_set_has(hodoku_set s, int cell)
{
    return (s.w[cell >> 6] >> (cell & 63)) & 1u;
}

static inline void hodoku_set_add(hodoku_set *s, int cell)
{
    s->w[cell >> 6] |= 1ull << (cell & 63);
}

static inline void hodoku_set_remove(hodoku_set *s, int cell)
{
    s->w[cell >> 6] &= ~(1ull << (cell & 63));
}

static inline hodoku_set hodoku_set_and(hodoku_set a, hodoku_set b)
{
    hodoku_set s = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
    return s;
}

static inline hodoku_set hodoku_set_or(hodoku_set a, hodoku_set b)
{
    hodoku_set s = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
    return s;
}

static inline hodoku_set hodoku_set_minus(hodoku_set a, hodoku_set b)
{
    hodoku_set s = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
    return s;
}

static inline bool hodoku_set_is_empty(hodoku_set s)
{
    return (s.w[0] | s.w[1]) == 0;
}

static inline bool hodoku_set_equal(hodoku_set a, hodoku_set b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

static inline int hodoku_set_count(hodoku_set s)
{
#if defined(__POPCNT__) || defined(__aarch64__)
    return __builtin_popcountll(s.w[0]) + __builtin_popcountll(s.w[1]);
#else /* without the instruction, GCC calls a routine: a few shifts are faster */
    int n = 0;
    for (int i = 0; i < 2; i++) {
        uint64_t x = s.w[i];
        x -= (x >> 1) & 0x5555555555555555ull;
        x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
        n += (int)((x * 0x0101010101010101ull) >> 56);
    }
    return n;
#endif
}

/* True if the set has two cells or more. */
static inline bool hodoku_set_several(hodoku_set s)
{
    return (s.w[0] & (s.w[0] - 1)) || (s.w[1] & (s.w[1] - 1)) || (s.w[0] && s.w[1]);
}

/* The smallest cell of a set that is not empty. */
static inline int hodoku_set_first(hodoku_set s)
{
    return s.w[0] ? __builtin_ctzll(s.w[0]) : 64 + __builtin_ctzll(s.w[1]);
}

/* Removes and returns the smallest cell of s, or -1 if s is empty. */
static inline int hodoku_set_pop(hodoku_set *s)
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

/* The cells of each unit (rows, columns, boxes), as sets. */
extern const hodoku_set hodoku_unit_sets[27];

/* The cells a cell sees (its 20 peers, not itself). */
static inline hodoku_set hodoku_buddies(int cell)
{
    hodoku_set s = {{sudoku_peer_bits[cell][0], sudoku_peer_bits[cell][1]}};
    return s;
}

#endif
