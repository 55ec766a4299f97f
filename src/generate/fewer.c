/*
 * fewer.c: puzzles of few clues (sudoku_generate_fewer). Clues taken away
 * at random from a full grid stop at 24 or so: a puzzle of 20 clues comes
 * once in some 50,000 draws, one of 19 far more rarely. So the walk goes
 * on from the minimal puzzle the draw gives: two clues taken away and one
 * added elsewhere ({-2+1}) leave one clue fewer, and taking away the clues
 * that can then go may leave fewer still. Where no such step is found a
 * sideways one ({-1+1}, as many clues) moves the walk on.
 *
 * Which two clues to take away: those that alone leave the fewest
 * solutions. A clue whose removal lets in few solutions is one another
 * clue can stand in for, and the pairs of such clues are where the steps
 * are found (measured: the first pair tried nearly always is one, or none
 * is), so only the first few pairs are tried before a sideways step.
 */
#include "additions.h"
#include "neighbour.h"

#include <stdlib.h>

/* Pairs of clues tried before a sideways step. */
#define PAIRS_TRIED 10

/* Solutions counted, at most, to order the clues. */
#define SOLUTIONS_COUNTED 100

/* Steps without progress before the walk gives up. */
#define STEPS_STUCK 20

/* Clues tried for a sideways step. */
#define SIDEWAYS_TRIED 5

static int clue_count(const sudoku_grid *puzzle)
{
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) n += puzzle->cell[cell] != 0;
    return n;
}

/* The digits that may go at each blank cell of puzzle, but the removed
 * clues' own (taken[cell]: the digit taken away there, 0 for none). */
static void allowed_digits(const sudoku_grid *puzzle, const sudoku_grid *taken,
                           uint16_t allowed[SUDOKU_CELLS])
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        allowed[cell] = puzzle->cell[cell] ? 0 : additions_free_digits(puzzle, cell);
        if (taken->cell[cell]) allowed[cell] &= (uint16_t) ~(1u << (taken->cell[cell] - 1));
    }
}

/* Takes the clues of cells[0..n) away from *puzzle and, if some clue
 * added then leaves one solution, adds one of them (drawn at random) and
 * returns true; else leaves the puzzle as it was. */
static bool swap_clues(sudoku_grid *puzzle, const int *cells, int n, uint64_t *state)
{
    sudoku_grid rest = *puzzle, taken = {{0}};
    for (int i = 0; i < n; i++) {
        taken.cell[cells[i]] = puzzle->cell[cells[i]];
        rest.cell[cells[i]] = 0;
    }
    uint16_t allowed[SUDOKU_CELLS];
    allowed_digits(&rest, &taken, allowed);
    additions a;
    additions_find(&rest, allowed, 0, &a);
    int choices = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) choices += sudoku_popcount(a.once[cell]);
    if (!choices) return false;
    int pick = (int)sudoku_random_below(state, (unsigned)choices);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned digits = a.once[cell]; digits; digits &= digits - 1)
            if (pick-- == 0) {
                rest.cell[cell] = (uint8_t)sudoku_lowest_digit(digits);
                *puzzle = rest;
                return true;
            }
    return false;
}

/* Takes away the clues that can go, in a random order, down to fewest. */
static void thin_out(sudoku_grid *puzzle, int fewest, uint64_t *state)
{
    int clues = clue_count(puzzle);
    int order[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle->cell[cell]) order[n++] = cell;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sudoku_random_below(state, (unsigned)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < n && clues > fewest; i++) {
        int cell = order[i], digit = puzzle->cell[cell];
        puzzle->cell[cell] = 0;
        sudoku_result r;
        if (sudoku_solve(puzzle, 2, &r) == 1)
            clues--;
        else
            puzzle->cell[cell] = (uint8_t)digit;
    }
}

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One step down: a pair of clues taken away and one added, among the
 * first PAIRS_TRIED pairs by the solutions each clue alone lets in. */
static bool step_down(sudoku_grid *puzzle, uint64_t *state)
{
    int clues[SUDOKU_CELLS], n = 0;
    uint64_t weight[SUDOKU_CELLS];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!puzzle->cell[cell]) continue;
        sudoku_grid without = *puzzle;
        without.cell[cell] = 0;
        sudoku_result result;
        clues[n] = cell;
        weight[n++] = sudoku_solve(&without, SOLUTIONS_COUNTED, &result);
    }
    /* Each pair as its weights' product, a random tie-break, and the two
     * clues' places, in one number to sort by. */
    static const int pair_bits = 16, tie_bits = 20;
    uint64_t pairs[SUDOKU_CELLS * (SUDOKU_CELLS - 1) / 2];
    int npairs = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            uint64_t tie = sudoku_random_next(state) & ((1u << tie_bits) - 1);
            pairs[npairs++] = (weight[i] * weight[j]) << (pair_bits + tie_bits) | tie << pair_bits |
                              (uint64_t)i << 8 | (uint64_t)j;
        }
    if (npairs == 0) return false;
    qsort(pairs, (size_t)npairs, sizeof *pairs, compare_keys);
    for (int p = 0; p < npairs && p < PAIRS_TRIED; p++) {
        int pair[2] = {clues[(pairs[p] >> 8) & 0xFF], clues[pairs[p] & 0xFF]};
        if (swap_clues(puzzle, pair, 2, state)) return true;
    }
    return false;
}

bool sudoku_generate_fewer(int fewest, int most, uint64_t *state, sudoku_grid *puzzle,
                           sudoku_grid *solution)
{
    sudoku_generator how = {SUDOKU_SYMMETRY_NONE, fewest, false};
    sudoku_generate(&how, state, puzzle, solution);
    for (int stuck = 0; clue_count(puzzle) > most && stuck < STEPS_STUCK;) {
        if (step_down(puzzle, state)) {
            thin_out(puzzle, fewest, state);
            stuck = 0;
            continue;
        }
        stuck++;
        if (generate_neighbour(puzzle, NULL, NULL, NULL, SIDEWAYS_TRIED, state))
            thin_out(puzzle, fewest, state);
    }
    sudoku_result result;
    sudoku_solve(puzzle, 1, &result);
    *solution = result.solution;
    return clue_count(puzzle) <= most;
}
