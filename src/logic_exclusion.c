/*
 * logic_exclusion.c: aligned pair exclusion. Two cells (the base) cannot
 * take a pair of digits that would leave a bivalue cell seeing both of
 * them with no candidate, nor the same digit if they see each other. A
 * digit of a base cell that no allowed pair gives it is not its digit.
 *
 * As SE: base cells are the cells of two or more candidates with a
 * bivalue peer, in reading order; pairs of them are taken in the order of
 * Gosper's enumeration; the excluders are the bivalue cells that see both
 * (at least two are needed); the first pair that removes something wins.
 */
#include "logic.h"

#define RATING 62

/* Cells that see both a and b and hold exactly two candidates. */
static int common_excluders(const sudoku_logic *state, int a, int b, int excluders[20])
{
    int n = 0;
    for (int k = 0; k < 20; k++) {
        int c = sudoku_peers[a][k];
        if (sudoku_popcount(state->candidates[c]) == 2 && logic_sees(c, b)) excluders[n++] = c;
    }
    return n;
}

/* True if digits x in a and y in b can stand together. */
static bool allowed(const sudoku_logic *state, int a, int x, int b, int y, const int *excluders,
                    int n)
{
    if (x == y && logic_sees(a, b)) return false;
    unsigned both = (1u << (x - 1)) | (1u << (y - 1));
    for (int i = 0; i < n; i++)
        if (!(state->candidates[excluders[i]] & ~both)) return false;
    return true;
}

static bool exclude(const sudoku_logic *state, int a, int b, sudoku_step *step)
{
    int excluders[20];
    int n = common_excluders(state, a, b, excluders);
    if (n < 2) return false;
    unsigned ok_a = 0, ok_b = 0;
    for (unsigned ma = state->candidates[a]; ma; ma &= ma - 1)
        for (unsigned mb = state->candidates[b]; mb; mb &= mb - 1)
            if (allowed(state, a, sudoku_lowest_digit(ma), b, sudoku_lowest_digit(mb), excluders,
                        n)) {
                ok_a |= ma & (~ma + 1u);
                ok_b |= mb & (~mb + 1u);
            }
    logic_step_start(step, SUDOKU_ALIGNED_PAIR_EXCLUSION, RATING);
    logic_step_cell(step, a);
    logic_step_cell(step, b);
    for (int i = 0; i < n; i++) logic_step_cell(step, excluders[i]);
    step->npattern = 2;
    for (unsigned m = state->candidates[a] & ~ok_a; m; m &= m - 1)
        logic_step_eliminate(step, state, a, sudoku_lowest_digit(m));
    for (unsigned m = state->candidates[b] & ~ok_b; m; m &= m - 1)
        logic_step_eliminate(step, state, b, sudoku_lowest_digit(m));
    return logic_step_useful(step);
}

/* A base cell: two candidates or more, a bivalue peer, and no peer left
 * with a single candidate (SE skips the technique's cell then). */
static bool is_base(const sudoku_logic *state, int cell)
{
    if (sudoku_popcount(state->candidates[cell]) < 2) return false;
    bool bivalue = false;
    for (int k = 0; k < 20; k++) {
        int n = sudoku_popcount(state->candidates[sudoku_peers[cell][k]]);
        if (n == 1) return false;
        bivalue |= n == 2;
    }
    return bivalue;
}

bool logic_aligned_pair(const sudoku_logic *state, sudoku_step *step)
{
    int base[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (is_base(state, cell)) base[n++] = cell;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++)
            if (exclude(state, base[i], base[j], step)) return true;
    return false;
}
