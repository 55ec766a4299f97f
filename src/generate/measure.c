/*
 * measure.c: how hard a puzzle is for a machine rather than a person, two
 * measures from the literature (docs/generate.md gives the references):
 *
 * - The backdoor size (sudoku_backdoor_size): the fewest cells which,
 *   given their values in the solution, let naked and hidden singles
 *   solve the rest; a backdoor in the sense of Williams, Gomes and Selman
 *   (2003) for the singles, as the puzzle forums list it beside the
 *   ratings. Found by trying the sets of one cell, then two, ..., each
 *   set grown from the board its smaller part left.
 * - The depth of trial and error (sudoku_trial_depth), Berthier's T&E
 *   depth: singles are depth 0; T&E(n) tries each candidate in turn,
 *   follows it with T&E(n-1), and removes it when that meets a
 *   contradiction, until nothing more goes; the depth is the least n at
 *   which that solves the puzzle.
 */
#include "board/board.h"

/* Grows backdoors of `more` more cells (after cell `from`) on board, the
 * values taken from solution; returns true if one lets singles finish.
 * Recurses once per cell: as deep as the largest backdoor looked for. */
// NOLINTNEXTLINE(misc-no-recursion)
static bool grow_backdoor(const sudoku_board *board, const sudoku_grid *solution, int from,
                          int more, unsigned long long *work)
{
    for (int cell = from; cell < SUDOKU_CELLS; cell++) {
        if (sudoku_is_single(board->candidates[cell])) continue;
        if (*work == 0) return false;
        (*work)--;
        sudoku_board next = *board;
        /* The solution's digit: no contradiction. */
        sudoku_assign(&next, cell, solution->cell[cell]);
        if (sudoku_board_solved(&next)) return true;
        if (more > 1 && grow_backdoor(&next, solution, cell + 1, more - 1, work)) return true;
    }
    return false;
}

/* Where both measures start: the puzzle's one solution, and the board
 * singles leave. Returns false if the puzzle has no solution or several. */
static bool measure_start(const sudoku_grid *puzzle, sudoku_grid *solution, sudoku_board *board)
{
    sudoku_result result;
    if (sudoku_solve(puzzle, 2, &result) != 1 || !sudoku_propagate(puzzle, board)) return false;
    *solution = result.solution;
    return true;
}

int sudoku_backdoor_size(const sudoku_grid *puzzle, int most, unsigned long long max_work)
{
    sudoku_grid solution;
    sudoku_board board;
    if (!measure_start(puzzle, &solution, &board)) return SUDOKU_MEASURE_NO_SOLUTION;
    if (sudoku_board_solved(&board)) return 0;
    unsigned long long work = max_work ? max_work : ~0ull;
    for (int size = 1; size <= most; size++) {
        if (grow_backdoor(&board, &solution, 0, size, &work)) return size;
        if (work == 0) return SUDOKU_MEASURE_OVER_BUDGET;
    }
    return most + 1;
}

/* Applies T&E(depth) to board until nothing more goes; returns false if it
 * meets a contradiction (the board has no solution). Each hypothesis
 * costs a unit of *work; when the work runs out, *work is 0 and the
 * answer is void. Recurses once per level: depth deep. */
// NOLINTNEXTLINE(misc-no-recursion)
static bool trial(sudoku_board *board, int depth, unsigned long long *work)
{
    for (bool changed = depth > 0; changed && !sudoku_board_solved(board);) {
        changed = false;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            unsigned candidates = board->candidates[cell];
            if (sudoku_is_single(candidates)) continue;
            for (; candidates; candidates &= candidates - 1) {
                int digit = sudoku_lowest_digit(candidates);
                if (!(board->candidates[cell] & (1u << (digit - 1)))) continue;
                if (*work == 0) return true;
                (*work)--;
                sudoku_board test = *board;
                if (sudoku_assign(&test, cell, digit) && trial(&test, depth - 1, work)) continue;
                if (*work == 0) return true;
                if (!sudoku_eliminate(board, cell, digit)) return false;
                changed = true;
            }
        }
    }
    return true;
}

int sudoku_trial_depth(const sudoku_grid *puzzle, int most, unsigned long long max_work)
{
    sudoku_grid solution;
    sudoku_board start;
    if (!measure_start(puzzle, &solution, &start)) return SUDOKU_MEASURE_NO_SOLUTION;
    unsigned long long work = max_work ? max_work : ~0ull;
    for (int depth = 0; depth <= most; depth++) {
        sudoku_board board = start;
        trial(&board, depth, &work);
        if (work == 0) return SUDOKU_MEASURE_OVER_BUDGET;
        if (sudoku_board_solved(&board)) return depth;
    }
    return most + 1;
}
