/*
 * neighbour.c: a step from a puzzle with one solution to another beside
 * it (sudoku_generate_neighbour): a clue taken away and one added ({-1+1}
 * in the researchers' notation), the clue count kept. With a pattern, the
 * clue goes back where it was with another digit, so the clues stay on
 * the pattern. The walks towards fewer clues, the filling of a pattern
 * and the search for a technique step this way when they are stuck.
 */
#include "additions.h"
#include "neighbour.h"

/* Clues taken away in turn, by default, before a step gives up. */
#define CLUES_TRIED 5

/* Neighbours put to the caller's test, at most, for each clue taken away. */
#define TESTS_PER_CLUE 8

bool generate_neighbour(sudoku_grid *puzzle, const bool *pattern, sudoku_puzzle_test *keep,
                        void *context, int clues, uint64_t *state)
{
    int given[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle->cell[cell] && (!pattern || pattern[cell])) given[n++] = cell;
    if (!n) return false;
    for (int t = 0; t < clues; t++) {
        int taken = given[sudoku_random_below(state, (unsigned)n)];
        sudoku_grid rest = *puzzle;
        rest.cell[taken] = 0;
        uint16_t allowed[SUDOKU_CELLS] = {0};
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!rest.cell[cell] && (!pattern || cell == taken))
                allowed[cell] = additions_free_digits(&rest, cell);
        allowed[taken] &= (uint16_t) ~(1u << (puzzle->cell[taken] - 1));
        additions a;
        additions_find(&rest, allowed, 0, &a);
        int choice[SUDOKU_CELLS * 9], nchoices = 0;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            for (unsigned digits = a.once[cell]; digits; digits &= digits - 1)
                choice[nchoices++] = 10 * cell + sudoku_lowest_digit(digits);
        for (int tested = 0; nchoices > 0 && tested < TESTS_PER_CLUE; tested++) {
            int i = (int)sudoku_random_below(state, (unsigned)nchoices), pick = choice[i];
            choice[i] = choice[--nchoices];
            sudoku_grid next = rest;
            next.cell[pick / 10] = (uint8_t)(pick % 10);
            if (!keep || keep(&next, context)) {
                *puzzle = next;
                return true;
            }
        }
    }
    return false;
}

bool sudoku_generate_neighbour(sudoku_grid *puzzle, const bool *pattern, sudoku_puzzle_test *keep,
                               void *context, uint64_t *state)
{
    return generate_neighbour(puzzle, pattern, keep, context, CLUES_TRIED, state);
}
