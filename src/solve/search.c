/*
 * search.c: depth-first search over copies of the board, stopping at the
 * first solution or counting up to a limit.
 *
 * The search runs on the digit planes of planes.c, whose propagation goes
 * beyond singles (locked candidates, the band rules, the triads), and
 * branches where planes.c says: usually the two or three ways a digit can
 * still take its three minirows of a band (minicolumns of a stack). It keeps
 * a stack of boards indexed by depth instead of recursing: a guess copies
 * the board one level up and takes its option there, and a failed guess is
 * undone by simply trying the next option on the board below. The last
 * untried option needs no copy, since nothing will come back to that board:
 * it is tried in place. Every option tried is counted in result->guesses,
 * in one place, where a budget on them would go.
 */
#include "planes.h"
#include "search.h"

/* A level never comes back to a settled choice: each of the 54 digit
 * configurations (9 digits in 3 bands and 3 stacks) is guessed at most once
 * on a path, and a cell only once they are all settled. */
#define MAX_DEPTH (54 + SUDOKU_CELLS)

typedef struct frame {
    sudoku_planes board;
    sudoku_branch branch; /* what this level guesses; its options not yet tried */
} frame;

/* What a search is asked for: how many solutions at most, how many guesses
 * at most (0: no limit), whether the first solution is kept (the
 * generator's tests only count), and who is told of each one (NULL: none). */
typedef struct quest {
    unsigned long limit, budget;
    bool keep;
    sudoku_each_solution *each;
    void *context;
    const uint32_t *wanted; /* the sieve (sudoku_solve_sieve), NULL: none */
} quest;

/* True if the board still holds a candidate the sieve wants: otherwise
 * nothing below it can matter to the caller. */
static bool wanted(const sudoku_planes *board, quest q)
{
    if (!q.wanted) return true;
    uint32_t any = 0;
    for (int i = 0; i < 27; i++) any |= board->cells[i] & q.wanted[i];
    return any != 0;
}

/* Counts a solution; keeps it if it is the first and wanted, and hands it
 * to the quest's each. Returns true at the limit, or when each says stop. */
static bool record_solution(const sudoku_planes *board, quest q, sudoku_result *result)
{
    if (result->solutions++ == 0 && q.keep) sudoku_planes_to_grid(board, &result->solution);
    if (q.each) {
        sudoku_grid solution;
        sudoku_planes_to_grid(board, &solution);
        if (!q.each(&solution, q.context)) return true;
    }
    return result->solutions >= q.limit;
}

/* Propagates the board at the bottom of the stack and searches from it;
 * finds nothing if set-up already met a contradiction (not consistent).
 * Gives up before guess number budget + 1 (budget 0: never). */
static unsigned long search(frame *stack, bool consistent, quest q, sudoku_result *result)
{
    sudoku_triads view;
    result->solutions = 0;
    result->guesses = 0;
    result->over_budget = false;
    if (q.limit == 0) q.limit = 1;
    if (!consistent || !sudoku_planes_propagate(&stack[0].board, &view) ||
        !wanted(&stack[0].board, q))
        return 0;
    if (!sudoku_planes_choose(&stack[0].board, &view, &stack[0].branch)) {
        record_solution(&stack[0].board, q, result);
        return result->solutions;
    }
    int depth = 0;
    while (depth >= 0) {
        frame *f = &stack[depth];
        unsigned *untried = &f->branch.options;
        if (!*untried) {
            depth--;
            continue;
        }
        int option = sudoku_lowest_bit(*untried);
        *untried &= *untried - 1;
        int level = *untried ? depth + 1 : depth;
        frame *next = &stack[level];
        if (level != depth) next->board = f->board;
        if (result->guesses == q.budget && q.budget) {
            result->over_budget = true;
            break;
        }
        result->guesses++;

        bool ok = sudoku_planes_take(&next->board, &f->branch, option, &view) &&
                  wanted(&next->board, q);
        if (ok && !sudoku_planes_choose(&next->board, &view, &next->branch)) {
            if (record_solution(&next->board, q, result)) break;
            ok = false;
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
    frame stack[MAX_DEPTH + 1];
    sudoku_planes_from_board(&stack[0].board, start);
    return search(stack, true, (quest){limit, max_guesses, true, NULL, NULL, NULL}, result);
}

unsigned long sudoku_solve_within(const sudoku_grid *puzzle, unsigned long limit,
                                  unsigned long max_guesses, sudoku_result *result)
{
    frame stack[MAX_DEPTH + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle);
    return search(stack, consistent, (quest){limit, max_guesses, true, NULL, NULL, NULL}, result);
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
    frame stack[MAX_DEPTH + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle);
    if (consistent) sudoku_planes_remove(&stack[0].board, cell, digit);
    return search(stack, consistent, (quest){limit, 0, false, NULL, NULL, NULL}, result);
}

unsigned long sudoku_solve_each(const sudoku_grid *puzzle, unsigned long limit,
                                unsigned long max_guesses, sudoku_each_solution *each,
                                void *context, sudoku_result *result)
{
    frame stack[MAX_DEPTH + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle);
    return search(stack, consistent, (quest){limit, max_guesses, false, each, context, NULL}, result);
}

unsigned long sudoku_solve_sieve(const sudoku_grid *puzzle, const uint32_t wanted[27],
                                 unsigned long max_guesses, sudoku_each_solution *each,
                                 void *context, sudoku_result *result)
{
    frame stack[MAX_DEPTH + 1];
    bool consistent = sudoku_planes_from_grid(&stack[0].board, puzzle);
    quest q = {~0ul, max_guesses, false, each, context, wanted};
    return search(stack, consistent, q, result);
}
