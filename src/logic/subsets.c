/*
 * subsets.c: naked and hidden sets of two to four digits in a unit,
 * and the direct hidden pair and triplet (credited by SE only when the
 * set's eliminations leave a hidden single in the same unit).
 *
 * As SE, a set is tried unit by unit (boxes, then columns, then rows), and
 * inside a unit as k-subsets in increasing order of their bit masks, each
 * member holding at least two candidates (or places).
 */
#include "subsets.h"
#include "state.h"
#include "step.h"

static const int unit_kinds[3] = {18, 9, 0};

/* Ratings times ten, by degree 2-4. */
static const int naked_rating[5] = {0, 0, 30, 36, 50};
static const int hidden_rating[5] = {0, 0, 34, 40, 54};
static const int direct_hidden_rating[4] = {0, 0, 20, 25};
static const sudoku_technique naked_technique[5] = {0, 0, SUDOKU_NAKED_PAIR, SUDOKU_NAKED_TRIPLET,
                                                    SUDOKU_NAKED_QUAD};
static const sudoku_technique hidden_technique[5] = {0, 0, SUDOKU_HIDDEN_PAIR,
                                                     SUDOKU_HIDDEN_TRIPLET, SUDOKU_HIDDEN_QUAD};

/* The members of sets (indexes 0-8) that can belong to a set of degree k:
 * SE wants each member to hold two to k elements. */
static unsigned eligible(const uint16_t sets[9], int k)
{
    unsigned out = 0;
    for (int i = 0; i < 9; i++) {
        int n = sudoku_popcount(sets[i]);
        if (n >= 2 && n <= k) out |= 1u << i;
    }
    return out;
}

/* The union of sets[i] over the members of subset. */
static unsigned union_of(const uint16_t sets[9], unsigned subset)
{
    unsigned all = 0;
    for (unsigned m = subset; m; m &= m - 1) all |= sets[sudoku_lowest_bit(m)];
    return all;
}

static bool naked_in(const sudoku_logic *state, int unit, int degree, sudoku_step *step)
{
    uint16_t sets[9];
    for (int i = 0; i < 9; i++) sets[i] = state->candidates[sudoku_unit_cells[unit][i]];
    unsigned members = eligible(sets, degree);
    for (unsigned subset = logic_first_subset(members, degree); subset;
         subset = logic_next_subset(members, subset)) {
        unsigned digits = union_of(sets, subset);
        if (sudoku_popcount(digits) != degree) continue;
        logic_step_start(step, naked_technique[degree], naked_rating[degree]);
        step->units = 1u << unit;
        step->digits = (uint16_t)digits;
        for (int i = 0; i < 9; i++) {
            int cell = sudoku_unit_cells[unit][i];
            if (subset & (1u << i)) {
                logic_step_cell(step, cell);
                continue;
            }
            for (int d = 1; d <= 9; d++)
                if (digits & (1u << (d - 1))) logic_step_eliminate(step, state, cell, d);
        }
        if (logic_step_useful(step)) return true;
    }
    return false;
}

bool logic_naked_set(const sudoku_logic *state, int degree, sudoku_step *step)
{
    for (int k = 0; k < 3; k++)
        for (int u = unit_kinds[k]; u < unit_kinds[k] + 9; u++)
            if (logic_open_cells(state, u) >= 2 * degree && naked_in(state, u, degree, step))
                return true;
    return false;
}

/* For a direct hidden set: the cell where a digit outside the set keeps a
 * single place in unit once the set's cells drop it; -1 if none. Sets the
 * digit in *digit. */
static int direct_single(const uint16_t places[9], unsigned digits, unsigned cells, int unit,
                         int *digit)
{
    for (int d = 1; d <= 9; d++) {
        if (digits & (1u << (d - 1))) continue;
        unsigned p = places[d - 1];
        if (sudoku_popcount(p) > 1 && sudoku_popcount(p & ~cells) == 1) {
            *digit = d;
            return sudoku_unit_cells[unit][sudoku_lowest_bit(p & ~cells)];
        }
    }
    return -1;
}

static bool hidden_in(const sudoku_logic *state, const uint16_t places[9], int unit, int degree,
                      bool direct, sudoku_step *step)
{
    unsigned members = eligible(places, degree);
    for (unsigned subset = logic_first_subset(members, degree); subset;
         subset = logic_next_subset(members, subset)) {
        unsigned cells = union_of(places, subset);
        if (sudoku_popcount(cells) != degree) continue;
        unsigned digits = subset; /* bit d-1: digit d */
        int single_digit = 0, single = -1;
        if (direct) {
            single = direct_single(places, digits, cells, unit, &single_digit);
            if (single < 0) continue;
        }
        logic_step_start(
            step,
            direct ? (degree == 2 ? SUDOKU_DIRECT_HIDDEN_PAIR : SUDOKU_DIRECT_HIDDEN_TRIPLET)
                   : hidden_technique[degree],
            direct ? direct_hidden_rating[degree] : hidden_rating[degree]);
        step->units = 1u << unit;
        step->digits = (uint16_t)digits;
        for (int i = 0; i < 9; i++) {
            if (!(cells & (1u << i))) continue;
            int cell = sudoku_unit_cells[unit][i];
            logic_step_cell(step, cell);
            for (int d = 1; d <= 9; d++)
                if (!(digits & (1u << (d - 1)))) logic_step_eliminate(step, state, cell, d);
        }
        if (direct) {
            /* As SE applies it: the single alone; the set's eliminations are
             * its reason. The single's cell comes last in the pattern. */
            for (int cell = 0; cell < SUDOKU_CELLS; cell++) step->eliminate[cell] = 0;
            logic_step_cell(step, single);
            step->place[single] = (uint8_t)single_digit;
        }
        if (logic_step_useful(step)) return true;
    }
    return false;
}

bool logic_hidden_set(const sudoku_logic *state, const uint16_t pos[27][9], int degree, bool direct,
                      sudoku_step *step)
{
    for (int k = 0; k < 3; k++)
        for (int u = unit_kinds[k]; u < unit_kinds[k] + 9; u++) {
            int open = logic_open_cells(state, u);
            if ((open > 2 * degree || (direct && open > degree)) &&
                hidden_in(state, pos[u], u, degree, direct, step))
                return true;
        }
    return false;
}
