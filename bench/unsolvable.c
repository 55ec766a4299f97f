/*
 * unsolvable.c: writes a family of few-clue puzzles without a solution, the
 * kind that once stalled the search for seconds each (issue 15): make bench
 * times our slowest one beside the reference solver.
 *
 * Each puzzle is a solved grid (a random transformation of a fixed one) with
 * all but 12 or 13 of its digits removed, and one more digit that no
 * solution of those allows while singles do not rule it out: 13 or 14 clues
 * that do not clash, that singles leave consistent, and that only a search
 * or stronger reasoning refutes. Finding that digit is the work: a digit is
 * tried where singles allow it and no solution found so far has it, and the
 * solution a try finds (if any) rules out 81 more tries at once. With fewer
 * clues kept such digits are rarer (11 clues in all take ten times longer
 * to find), and the puzzles no harder. At most PER_GRID puzzles come from a
 * grid, so the family stays varied. The same count and seed give the same
 * puzzles on every machine.
 *
 *     sudoku-unsolvable COUNT [SEED]
 */
#include "sudoku.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A solved grid; every other is a transformation of it. */
static const char solved[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* The clues kept of the solved grid, before the one that breaks it. */
#define FEWEST_KEPT 12
#define MOST_KEPT 13
#define PER_GRID 3

/* splitmix64: ours, so that the family does not depend on the C library. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int below(uint64_t *state, int n)
{
    return (int)(next_random(state) % (uint64_t)n);
}

/* A random solved grid, and kept of its digits at random cells in puzzle. */
static void random_clues(uint64_t *state, sudoku_grid *solution, sudoku_grid *puzzle)
{
    sudoku_grid base;
    sudoku_error error;
    sudoku_transform t;
    if (!sudoku_parse(solved, sizeof solved - 1, &base, &error)) abort(); /* a fixed, valid grid */
    sudoku_transform_random(&t, state);
    sudoku_transform_apply(&t, &base, solution);
    memset(puzzle, 0, sizeof *puzzle);
    int kept = FEWEST_KEPT + below(state, MOST_KEPT - FEWEST_KEPT + 1);
    while (kept > 0) {
        int cell = below(state, SUDOKU_CELLS);
        if (puzzle->cell[cell]) continue;
        puzzle->cell[cell] = solution->cell[cell];
        kept--;
    }
}

/* Looks for digits that break puzzle (see the top of the file), cells
 * tried from a random one on; writes up to PER_GRID broken puzzles to out.
 * Returns how many. */
static int break_puzzle(const sudoku_grid *puzzle, const sudoku_grid *solution, uint64_t *state,
                        sudoku_grid out[PER_GRID])
{
    int found = 0;
    uint16_t possible[SUDOKU_CELLS]; /* digits some solution found has there */
    sudoku_board singles;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        possible[cell] = (uint16_t)(1u << (solution->cell[cell] - 1));
    if (!sudoku_propagate(puzzle, &singles)) return 0;
    int first = below(state, SUDOKU_CELLS);
    for (int k = 0; k < SUDOKU_CELLS && found < PER_GRID; k++) {
        int cell = (first + k) % SUDOKU_CELLS;
        if (puzzle->cell[cell]) continue;
        for (int digit = 1; digit <= 9; digit++) {
            unsigned bit = 1u << (digit - 1);
            if (!(singles.candidates[cell] & bit) || (possible[cell] & bit)) continue;
            sudoku_board board;
            sudoku_result result;
            sudoku_grid *broken = &out[found];
            *broken = *puzzle;
            broken->cell[cell] = (uint8_t)digit;
            if (!sudoku_propagate(broken, &board)) continue; /* singles refute it */
            if (sudoku_solve(broken, 1, &result) == 0) {
                found++;
                break; /* one digit a cell */
            }
            for (int c = 0; c < SUDOKU_CELLS; c++)
                possible[c] |= (uint16_t)(1u << (result.solution.cell[c] - 1));
        }
    }
    return found;
}

static unsigned long long number(const char *text, const char *what)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 0);
    if (end == text || *end || errno || text[0] == '-') {
        fprintf(stderr, "sudoku-unsolvable: %s must be a whole number, not '%s'\n", what, text);
        exit(2);
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fputs("usage: sudoku-unsolvable COUNT [SEED]\n", stderr);
        return 2;
    }
    unsigned long long count = number(argv[1], "COUNT");
    uint64_t state = argc == 3 ? number(argv[2], "SEED") : 15;
    for (unsigned long long made = 0; made < count;) {
        sudoku_grid solution, puzzle, broken[PER_GRID];
        random_clues(&state, &solution, &puzzle);
        int n = break_puzzle(&puzzle, &solution, &state, broken);
        for (int i = 0; i < n && made < count; i++, made++) {
            char line[SUDOKU_TEXT_MAX];
            sudoku_format_line(&broken[i], line, sizeof line);
            fprintf(stdout, "%s\n", line);
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("sudoku-unsolvable: writing");
        return 1;
    }
    return 0;
}
