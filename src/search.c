/*
 * search.c: minimum-remaining-values depth-first search over copies of the
 * board, stopping at the first solution or counting up to a limit.
 *
 * The search runs on the digit planes of planes.c, whose propagation goes
 * beyond singles (locked candidates and the band rules): fewer guesses, and
 * each one cheaper. It keeps a stack of boards indexed by depth instead of
 * recursing: a guess copies the board one level up and assigns there, and a
 * failed guess is undone by simply trying the next digit on the board below.
 * The last untried digit of a cell needs no copy, since nothing will come
 * back to that board: it is tried in place. Every level solves at least one
 * more cell, so the depth never exceeds 81.
 */
#include "internal.h"

typedef struct frame {
    sudoku_planes board;
    unsigned untried; /* digits of cell not yet guessed, bit d-1 for digit d */
    int cell;         /* the cell this level guesses; -1 once solved */
} frame;

/* Counts a solution; keeps it if it is the first. Returns true at the limit. */
static bool record_solution(const sudoku_planes *board, unsigned long limit, sudoku_result *result)
{
    if (result->solutions++ == 0) sudoku_planes_to_grid(board, &result->solution);
    return result->solutions >= limit;
}

/* Propagates the board at the bottom of the stack and searches from it;
 * finds nothing if set-up already met a contradiction (not consistent).
 * Gives up before guess number budget + 1 (budget 0: never). */
static unsigned long search(frame *stack, bool consistent, unsigned long limit,
                            unsigned long budget, sudoku_result *result)
{
    result->solutions = 0;
    result->guesses = 0;
    result->over_budget = false;
    if (limit == 0) limit = 1;
    if (!consistent || !sudoku_planes_propagate(&stack[0].board)) return 0;
    stack[0].cell = sudoku_planes_choose_cell(&stack[0].board, &stack[0].untried);
    if (stack[0].cell < 0) {
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
        int digit = sudoku_lowest_digit(f->untried);
        f->untried &= f->untried - 1;
        int level = f->untried ? depth + 1 : depth;
        frame *next = &stack[level];
        if (level != depth) next->board = f->board;
        if (result->guesses == budget && budget) {
            result->over_budget = true;
            break;
        }
        result->guesses++;

        bool ok = sudoku_planes_assign(&next->board, f->cell, digit);
        if (ok) {
            next->cell = sudoku_planes_choose_cell(&next->board, &next->untried);
            if (next->cell < 0) {
                if (record_solution(&next->board, limit, result)) break;
                ok = false;
            }
        }
        if (ok)
            depth = level;
        else if (level == depth)
            depth--;
    }
    return result->solutions;
}

unsigned long sudoku_search_within(const sudoku_board *start, unsigned long limit,
                                   unsigned long max_guesses, sudoku_result *result)
{
    frame stack[SUDOKU_CELLS + 1];
    sudoku_planes_from_board(&stack[0].board, start);
    return search(stack, true, limit, max_guesses, result);
}

unsigned long sudoku_solve_within(const sudoku_grid *puzzle, unsigned long limit,
                                  unsigned long max_guesses, sudoku_result *result)
{
    frame stack[SUDOKU_CELLS + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle);
    return search(stack, consistent, limit, max_guesses, result);
}

unsigned long sudoku_search(const sudoku_board *start, unsigned long limit, sudoku_result *result)
{
    return sudoku_search_within(start, limit, 0, result);
}

unsigned long sudoku_solve(const sudoku_grid *puzzle, unsigned long limit, sudoku_result *result)
{
    return sudoku_solve_within(puzzle, limit, 0, result);
}

unsigned long sudoku_solve_except(const sudoku_grid *puzzle, int cell, int digit,
                                  unsigned long limit, sudoku_result *result)
{
    frame stack[SUDOKU_CELLS + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle) &&
                      sudoku_planes_eliminate(&stack[0].board, cell, digit);
    return search(stack, consistent, limit, 0, result);
}
