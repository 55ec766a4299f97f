/*
 * search.c: minimum-remaining-values depth-first search over copies of the
 * board, stopping at the first solution or counting up to a limit.
 *
 * The search keeps a stack of boards indexed by depth instead of recursing:
 * a guess copies the board one level up and propagates there, and a failed
 * guess is undone by simply trying the next digit on the board below. The
 * last untried digit of a cell needs no copy, since nothing will come back to
 * that board: it is tried in place. Every level solves at least one more cell,
 * so the depth never exceeds 81. Between guesses the board is propagated with
 * locked candidates as well as singles (see propagate.c): fewer guesses.
 */
#include "internal.h"

typedef struct frame {
    sudoku_board board;
    unsigned untried; /* digits of cell not yet guessed */
    int cell;         /* the cell this level guesses */
} frame;

/* Picks the unsolved cell with fewest candidates (the first two-candidate
 * cell found, since none can do better) as the frame's guess. Returns false
 * if every cell is solved. */
static bool choose_cell(frame *f)
{
    int best = -1, fewest = 10;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int n = sudoku_popcount(f->board.candidates[cell]);
        if (n > 1 && n < fewest) {
            best = cell;
            fewest = n;
            if (n == 2) break;
        }
    }
    if (best < 0) return false;
    f->cell = best;
    f->untried = f->board.candidates[best];
    return true;
}

/* Counts a solution; keeps it if it is the first. Returns true at the limit. */
static bool record_solution(const sudoku_board *board, unsigned long limit, sudoku_result *result)
{
    if (result->solutions++ == 0) sudoku_board_to_grid(board, &result->solution);
    return result->solutions >= limit;
}

unsigned long sudoku_search(const sudoku_board *start, unsigned long limit, sudoku_result *result)
{
    frame stack[SUDOKU_CELLS + 1];
    result->solutions = 0;
    result->guesses = 0;
    if (limit == 0) limit = 1;

    sudoku_queue root = {.head = 0, .tail = 0, .dirty = ALL_UNITS};
    stack[0].board = *start;
    if (!sudoku_run_locked(&stack[0].board, &root)) return 0;
    if (!choose_cell(&stack[0])) {
        record_solution(&stack[0].board, limit, result);
        return result->solutions;
    }
    int depth = 0;
    while (depth >= 0) {
        frame *f = &stack[depth];
        if (!f->untried) {
            depth--;
            continue;
        }
        unsigned bit = f->untried & (0u - f->untried);
        f->untried &= ~bit;
        int cell = f->cell;
        int level = f->untried ? depth + 1 : depth;
        frame *next = &stack[level];
        if (level != depth) next->board = f->board;
        result->guesses++;

        sudoku_queue queue = {.head = 0, .tail = 0, .dirty = 0};
        bool ok = sudoku_place(&next->board, &queue, cell, bit) &&
                  sudoku_run_locked(&next->board, &queue);
        if (ok && !choose_cell(next)) {
            if (record_solution(&next->board, limit, result)) break;
            ok = false;
        }
        if (ok)
            depth = level;
        else if (level == depth)
            depth--;
    }
    return result->solutions;
}

unsigned long sudoku_solve(const sudoku_grid *puzzle, unsigned long limit, sudoku_result *result)
{
    sudoku_board board;
    if (!sudoku_propagate(puzzle, &board)) {
        result->solutions = 0;
        result->guesses = 0;
        return 0;
    }
    return sudoku_search(&board, limit, result);
}
