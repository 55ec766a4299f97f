/*
 * additions.c: the clues that leave a puzzle with several solutions
 * exactly one. Adding digit d at a blank cell leaves one solution when
 * exactly one solution of the puzzle holds d there, so the question is,
 * for every allowed cell and digit, whether none, one or several
 * solutions hold it.
 *
 * Counting them all would walk every solution, millions for a puzzle of
 * few clues. But once a digit has been seen twice at a cell its answer is
 * known, and a part of the search whose candidates hold no digit still in
 * question can change no answer: the search (solve/search.h's sieve)
 * skips it. What is left to look at shrinks as the solutions come, and
 * the walk ends long before the solutions do.
 */
#include "additions.h"
#include "solve/search.h"

#include <string.h>

typedef struct tally {
    uint32_t wanted[27]; /* the sieve: planes layout (solve/planes.h) */
    uint8_t seen[SUDOKU_CELLS][9];
    int cells[SUDOKU_CELLS], ncells; /* where digits are allowed */
} tally;

static void unwant(tally *t, int cell, int digit)
{
    t->wanted[9 * (cell / 27) + digit - 1] &= ~(1u << (cell % 27));
}

static bool count_solution(const sudoku_grid *solution, void *context)
{
    tally *t = context;
    for (int i = 0; i < t->ncells; i++) {
        int cell = t->cells[i], digit = solution->cell[cell];
        if (t->seen[cell][digit - 1] < 2 && ++t->seen[cell][digit - 1] == 2) unwant(t, cell, digit);
    }
    return true;
}

bool additions_find(const sudoku_grid *puzzle, const uint16_t allowed[SUDOKU_CELLS],
                    unsigned long max_guesses, additions *found)
{
    tally t;
    memset(&t, 0, sizeof t);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (puzzle->cell[cell] || !allowed[cell]) continue;
        t.cells[t.ncells++] = cell;
        for (int digit = 1; digit <= 9; digit++)
            if (allowed[cell] & (1u << (digit - 1)))
                t.wanted[9 * (cell / 27) + digit - 1] |= 1u << (cell % 27);
    }
    sudoku_result result;
    sudoku_solve_sieve(puzzle, t.wanted, max_guesses, count_solution, &t, &result);
    memset(found->once, 0, sizeof found->once);
    found->guesses = result.guesses;
    found->over_budget = result.over_budget;
    for (int i = 0; i < t.ncells; i++) {
        int cell = t.cells[i];
        for (int digit = 1; digit <= 9; digit++)
            if (t.seen[cell][digit - 1] == 1 && (allowed[cell] & (1u << (digit - 1))))
                found->once[cell] |= (uint16_t)(1u << (digit - 1));
    }
    return !result.over_budget;
}

uint16_t additions_free_digits(const sudoku_grid *puzzle, int cell)
{
    unsigned held = 0;
    for (int i = 0; i < 20; i++) {
        int digit = puzzle->cell[sudoku_peers[cell][i]];
        if (digit) held |= 1u << (digit - 1);
    }
    return (uint16_t)(ALL_DIGITS & ~held);
}
