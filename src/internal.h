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
extern const uint8_t sudoku_cell_index[81][3];   /* place in its row, column, box */
extern const uint8_t sudoku_nine_count[512];     /* bits set in a 9-bit mask */
extern const uint64_t sudoku_peer_bits[81]
                                      [2]; /* a cell's peers, cell i: bit i % 64 of word i / 64 */

/* Band tables of the digit planes; see tables.c. */
extern const uint32_t sudoku_band_allowed[512];
extern const uint8_t sudoku_row_minirows[512];
extern const uint16_t sudoku_locked_columns[512];
extern const uint16_t sudoku_claimed_columns[512];

/* The board search works on (planes.c): for each digit, where it may still
 * go. Digits are 1-9 and cells 0-80 in the functions below. */
typedef struct sudoku_planes {
    uint32_t cells[27];   /* [9*band + digit-1]: bit 9*(row%3) + column */
    uint32_t settled[27]; /* cells[] as last propagated; a band that differs needs work */
    uint32_t unsolved[3]; /* per band, the cells no digit is placed in yet */
} sudoku_planes;

/* What the last triad pass saw, for the choice of the guess: each digit's
 * horizontal triads (bit 3*(3*row + box) + band) and vertical triads (bit
 * 9*band + column). */
typedef struct sudoku_triads {
    uint32_t horizontal[9];
    uint32_t vertical[9];
} sudoku_triads;

/* A choice the search branches on: a digit's configuration in a band or a
 * stack (option k for the k-th of the six), or a digit in a cell (option
 * d-1 for digit d). */
typedef enum sudoku_branch_kind {
    SUDOKU_BRANCH_BAND,
    SUDOKU_BRANCH_STACK,
    SUDOKU_BRANCH_CELL
} sudoku_branch_kind;

typedef struct sudoku_branch {
    sudoku_branch_kind kind;
    int where;        /* band or stack 0-2, or cell 0-80 */
    int digit;        /* 0-8, for a band or stack */
    unsigned options; /* bit k: option k still open */
} sudoku_branch;

/* Sets up the board of a puzzle. Returns false if two givens clash or a cell
 * holds a value above 9. */
bool sudoku_planes_from_grid(sudoku_planes *p, const sudoku_grid *grid);

/* Sets up the board with the candidates of a cell-mask board. */
void sudoku_planes_from_board(sudoku_planes *p, const sudoku_board *board);

/* Propagates to a fixpoint, leaving in view (if not NULL) what the choice of
 * the guess needs. Returns false if a contradiction is found. */
bool sudoku_planes_propagate(sudoku_planes *p, sudoku_triads *view);

/* Places digit in cell and propagates. Returns false if a contradiction is
 * found (including digit not being a candidate there). */
bool sudoku_planes_assign(sudoku_planes *p, int cell, int digit, sudoku_triads *view);

/* Removes digit from cell's candidates and propagates. Returns false if a
 * contradiction is found. */
bool sudoku_planes_eliminate(sudoku_planes *p, int cell, int digit, sudoku_triads *view);

/* Removes digit from cell's candidates; propagation is left to come. */
void sudoku_planes_remove(sudoku_planes *p, int cell, int digit);

/* Chooses what to branch on in a propagated board whose view is the one
 * propagation left: the digit with the fewest configurations in the band or
 * stack whose configurations are fewest. Returns false if every cell is
 * solved. */
bool sudoku_planes_choose(const sudoku_planes *p, const sudoku_triads *view, sudoku_branch *branch);

/* Takes option of branch and propagates. Returns false if a contradiction
 * is found. */
bool sudoku_planes_take(sudoku_planes *p, const sudoku_branch *branch, int option,
                        sudoku_triads *view);

/* Writes the digits of a solved board into grid. */
void sudoku_planes_to_grid(const sudoku_planes *p, sudoku_grid *grid);

/* As sudoku_solve, with digit taken from cell's candidates first: the
 * solutions that do not hold digit there (generate.c's uniqueness test).
 * Counts them only: result->solution is left as it was. */
unsigned long sudoku_solve_except(const sudoku_grid *puzzle, int cell, int digit,
                                  unsigned long limit, sudoku_result *result);

/* sudoku_canon with the choice of method: whole_grids false makes a solution
 * grid go the puzzles' way too (slower; the tests compare the two). */
bool sudoku_canon_by(const sudoku_grid *grid, bool whole_grids, sudoku_grid *canon,
                     sudoku_transform *how, unsigned long *automorphisms);

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

/* True if s[0..n) is a 729-character pencilmark line (digits and dots). */
bool sudoku_pencilmark_line(const char *s, size_t n);

/* Returns the length in bytes of the well-formed UTF-8 character at s[i]
 * of s[0..n) (1 for ASCII), or 0 if the bytes there are not one. Error
 * messages and JSON must never pass on a broken character. */
size_t sudoku_utf8_length(const char *s, size_t n, size_t i);

/* Describes the character at s[i] of s[0..n) for a message: an invisible
 * one by its code point and name, another printable one quoted, anything
 * else as a byte value. Returns its length in bytes. */
size_t sudoku_describe_char(const char *s, size_t n, size_t i, char out[48]);

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
