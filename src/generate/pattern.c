/*
 * pattern.c: a puzzle whose clues lie exactly on a pattern the setter
 * drew (sudoku_generate_pattern). Random solution grids laid under a
 * pattern of 22 clues give one solution about once in 100,000 draws, and
 * under one of 18 practically never; so the filling walks instead.
 *
 * It starts from a random grid with the pattern's cells as clues and as
 * many other clues as uniqueness needs (clues off the pattern taken away
 * while the solution stays the only one). Then it takes the other clues
 * away one at a time: one goes when the puzzle keeps one solution
 * without it, or when it does once a clue of the pattern takes another
 * digit (the digits that leave one solution found all at once by
 * additions.c). Each step keeps the puzzle unique, with one clue fewer
 * off the pattern. Where no clue can go, a clue of the pattern takes
 * another digit that keeps the puzzle unique, and the walk goes on from
 * there; after STEPS_STUCK such rounds it gives up (the caller draws
 * again).
 */
#include "additions.h"
#include "generate.h"
#include "neighbour.h"

#include <stdio.h>

/* Rounds without progress before a walk gives up. */
#define STEPS_STUCK 10

/* Clues of the pattern tried for a sideways step. */
#define SIDEWAYS_TRIED 20

static void shuffle_cells(int *cells, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sudoku_random_below(state, (unsigned)i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
}

static bool unique(const sudoku_grid *puzzle)
{
    sudoku_result result;
    return sudoku_solve(puzzle, 2, &result) == 1;
}

/* Gives the clue at cell (blank in *puzzle, its digit was `own`) another
 * digit that leaves one solution, drawn at random; false if none does. */
static bool redigit(sudoku_grid *puzzle, int cell, int own, uint64_t *state)
{
    uint16_t allowed[SUDOKU_CELLS] = {0};
    allowed[cell] = (uint16_t)(additions_free_digits(puzzle, cell) & ~(1u << (own - 1)));
    additions a;
    additions_find(puzzle, allowed, 0, &a);
    int n = sudoku_popcount(a.once[cell]);
    if (!n) return false;
    unsigned digits = a.once[cell];
    for (int skip = (int)sudoku_random_below(state, (unsigned)n); skip > 0; skip--)
        digits &= digits - 1;
    puzzle->cell[cell] = (uint8_t)sudoku_lowest_digit(digits);
    return true;
}

/* Tries to take the clue at x (off the pattern) away, changing one clue of
 * the pattern if need be; returns true if it went. */
static bool take_off(sudoku_grid *puzzle, int x, const int *on, int non, uint64_t *state)
{
    int digit = puzzle->cell[x];
    puzzle->cell[x] = 0;
    if (unique(puzzle)) return true;
    int order[SUDOKU_CELLS];
    for (int i = 0; i < non; i++) order[i] = on[i];
    shuffle_cells(order, non, state);
    for (int i = 0; i < non; i++) {
        int cell = order[i], own = puzzle->cell[cell];
        puzzle->cell[cell] = 0;
        if (redigit(puzzle, cell, own, state)) return true;
        puzzle->cell[cell] = (uint8_t)own;
    }
    puzzle->cell[x] = (uint8_t)digit;
    return false;
}

/* One round: each clue off the pattern tried once, in a random order, until
 * one goes; returns true if one did. */
static bool round_off(sudoku_grid *puzzle, const bool pattern[SUDOKU_CELLS], const int *on, int non,
                      uint64_t *state)
{
    int off[SUDOKU_CELLS], noff = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle->cell[cell] && !pattern[cell]) off[noff++] = cell;
    shuffle_cells(off, noff, state);
    for (int i = 0; i < noff; i++)
        if (take_off(puzzle, off[i], on, non, state)) return true;
    return false;
}

static bool off_pattern(const sudoku_grid *puzzle, const bool pattern[SUDOKU_CELLS])
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle->cell[cell] && !pattern[cell]) return true;
    return false;
}

bool sudoku_generate_pattern(const bool pattern[SUDOKU_CELLS], uint64_t *state, sudoku_grid *puzzle,
                             sudoku_grid *solution)
{
    int on[SUDOKU_CELLS], non = 0;
    bool off[SUDOKU_CELLS];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        off[cell] = !pattern[cell];
        if (pattern[cell]) on[non++] = cell;
    }
    sudoku_random_grid(state, solution);
    *puzzle = *solution;
    generate_dig_cells(puzzle, solution, off, NULL, NULL, state);
    for (int stuck = 0; off_pattern(puzzle, pattern);) {
        if (round_off(puzzle, pattern, on, non, state)) {
            stuck = 0;
            continue;
        }
        if (++stuck > STEPS_STUCK) return false;
        generate_neighbour(puzzle, pattern, NULL, NULL, SIDEWAYS_TRIED, state);
    }
    sudoku_result result;
    sudoku_solve(puzzle, 1, &result);
    *solution = result.solution;
    return true;
}

/* Two lines of one band (stack) without a clue could swap their digits
 * in any solution and give another. */
static bool empty_pair(const bool pattern[SUDOKU_CELLS], bool rows, char *why, size_t size)
{
    for (int band = 0; band < 3; band++)
        for (int a = 3 * band; a < 3 * band + 3; a++)
            for (int b = a + 1; b < 3 * band + 3; b++) {
                bool empty = true;
                for (int i = 0; i < 9 && empty; i++)
                    empty = !pattern[rows ? 9 * a + i : 9 * i + a] &&
                            !pattern[rows ? 9 * b + i : 9 * i + b];
                if (empty) {
                    snprintf(why, size,
                             "%s %d and %d have no clue and share a %s: their digits could "
                             "swap, so no puzzle on it has one solution",
                             rows ? "rows" : "columns", a + 1, b + 1, rows ? "band" : "stack");
                    return true;
                }
            }
    return false;
}

bool sudoku_pattern_possible(const bool pattern[SUDOKU_CELLS], char *why, size_t size)
{
    int clues = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) clues += pattern[cell];
    if (clues < 17) {
        snprintf(why, size, "the pattern has %d clues: no puzzle of fewer than 17 has one solution",
                 clues);
        return false;
    }
    return !empty_pair(pattern, true, why, size) && !empty_pair(pattern, false, why, size);
}
