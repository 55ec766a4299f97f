/*
 * singles.c: the techniques that look at one unit or at the meeting
 * of two: hidden and naked singles, pointing and claiming, and their
 * "direct" forms, which SE credits only when the eliminations at once leave
 * a hidden single, and which place that single.
 */
#include "singles.h"
#include "state.h"
#include "step.h"

/* SE's ratings, times ten. */
#define RATING_FULL_HOUSE 10
#define RATING_HIDDEN_SINGLE_BOX 12
#define RATING_HIDDEN_SINGLE_LINE 15
#define RATING_NAKED_SINGLE 23
#define RATING_DIRECT_POINTING 17
#define RATING_DIRECT_CLAIMING 19
#define RATING_POINTING 26
#define RATING_CLAIMING 28

/* SE looks at boxes, then columns, then rows. */
static const int unit_kinds[3] = {18, 9, 0};

static void single_step(sudoku_step *step, int rating, int unit, int cell, int digit)
{
    logic_step_start(step, SUDOKU_HIDDEN_SINGLE, rating);
    step->units = 1u << unit;
    step->digits = (uint16_t)(1u << (digit - 1));
    logic_step_cell(step, cell);
    step->place[cell] = (uint8_t)digit;
}

/* The last open cell of unit, or -1 if it has none or several. */
static int last_open_cell(const sudoku_logic *state, int unit)
{
    int last = -1;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (state->placed.cell[cell]) continue;
        if (last >= 0) return -1;
        last = cell;
    }
    return last;
}

/* The digits with a single place in unit. */
static unsigned single_places(const sudoku_logic *state, int unit)
{
    unsigned once = 0, twice = 0;
    for (int i = 0; i < 9; i++) {
        unsigned c = state->candidates[sudoku_unit_cells[unit][i]];
        twice |= once & c;
        once |= c;
    }
    return once & ~twice;
}

/* SE first takes the last open cell of a unit (its "full house", rated
 * below hidden singles), then the lowest digit with one place left in a
 * unit; boxes, then columns, then rows each time. */
bool logic_hidden_single(const sudoku_logic *state, sudoku_step *step)
{
    for (int k = 0; k < 3; k++)
        for (int u = unit_kinds[k]; u < unit_kinds[k] + 9; u++) {
            int cell = last_open_cell(state, u);
            if (cell >= 0 && state->candidates[cell]) {
                single_step(step, RATING_FULL_HOUSE, u, cell,
                            sudoku_lowest_digit(state->candidates[cell]));
                return true;
            }
        }
    for (int k = 0; k < 3; k++)
        for (int u = unit_kinds[k]; u < unit_kinds[k] + 9; u++) {
            unsigned singles = single_places(state, u);
            if (!singles) continue;
            int digit = sudoku_lowest_digit(singles);
            for (int i = 0; i < 9; i++) {
                int cell = sudoku_unit_cells[u][i];
                if (state->candidates[cell] & (1u << (digit - 1))) {
                    single_step(step,
                                u >= 18 ? RATING_HIDDEN_SINGLE_BOX : RATING_HIDDEN_SINGLE_LINE, u,
                                cell, digit);
                    return true;
                }
            }
        }
    return false;
}

bool logic_naked_single(const sudoku_logic *state, sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned c = state->candidates[cell];
        if (state->placed.cell[cell] || !sudoku_is_single(c)) continue;
        logic_step_start(step, SUDOKU_NAKED_SINGLE, RATING_NAKED_SINGLE);
        step->digits = (uint16_t)c;
        logic_step_cell(step, cell);
        step->place[cell] = (uint8_t)sudoku_lowest_digit(c);
        return true;
    }
    return false;
}

/* ---- intersections ---- */

/* Fills step with the lock of digit in a (inside b) and what it removes
 * from the rest of b. */
static void locking_step(const sudoku_logic *state, sudoku_technique technique, int rating, int a,
                         int b, int digit, sudoku_step *step)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    logic_step_start(step, technique, rating);
    step->units = (1u << a) | (1u << b);
    step->digits = bit;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[a][i];
        if (state->candidates[cell] & bit) logic_step_cell(step, cell);
    }
    unsigned inside = logic_overlap(b, a);
    for (int i = 0; i < 9; i++)
        if (!(inside & (1u << i)))
            logic_step_eliminate(step, state, sudoku_unit_cells[b][i], digit);
}

/* For the direct forms: a unit of a's kind, other than a, crossing b, in
 * which digit keeps exactly one place once b loses it outside a; that place
 * is the hidden single the step places. Returns the cell, or -1. */
static int following_single(const uint16_t pos[27][9], int a, int b, int digit)
{
    for (int j = 0; j < 3; j++) {
        int c = logic_crossing(b, a - a % 9, j);
        unsigned shared = logic_overlap(c, b), places = pos[c][digit - 1];
        if (c == a || sudoku_popcount(places) < 2) continue;
        if (sudoku_popcount(places & ~shared) == 1)
            return sudoku_unit_cells[c][sudoku_lowest_bit(places & ~shared)];
    }
    return -1;
}

/* A direct form only places the single its eliminations leave, as SE
 * applies it: the eliminations are the reason, not part of the result.
 * The single's cell comes last among the pattern's cells. */
static void direct_step(const sudoku_logic *state, sudoku_technique technique, int rating, int a,
                        int b, int digit, int single, sudoku_step *step)
{
    locking_step(state, technique, rating, a, b, digit, step);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) step->eliminate[cell] = 0;
    logic_step_cell(step, single);
    step->place[single] = (uint8_t)digit;
}

/* Searches locks of a digit in a unit of kind ka confined to a crossing
 * unit of kind kb, in SE's order (digits, then units of kind ka, then of
 * kind kb); direct asks for the form that yields a hidden single. */
static bool search_locks(const sudoku_logic *state, const uint16_t pos[27][9], int ka, int kb,
                         sudoku_technique technique, int rating, bool direct, sudoku_step *step)
{
    bool columns_of_box = ka == 18 && kb == 9;
    for (int digit = 1; digit <= 9; digit++) {
        for (int a = ka; a < ka + 9; a++) {
            unsigned places = pos[a][digit - 1];
            if (!sudoku_is_several(places)) continue;
            /* The one crossing unit that may hold them all: the one that
             * holds the first (a's places in a crossing unit are three in
             * a row of its places, or, a box's in a column, three spaced
             * by three: logic_overlap). */
            int low = sudoku_lowest_bit(places), j = columns_of_box ? low % 3 : low / 3;
            int b = logic_crossing(a, kb, j);
            unsigned shared = logic_overlap(a, b);
            if (places & ~shared) continue;
            /* a's places all lie in b: the lock. */
            if (direct) {
                int cell = following_single(pos, a, b, digit);
                if (cell < 0) continue;
                direct_step(state, technique, rating, a, b, digit, cell, step);
                return true;
            }
            if (!(pos[b][digit - 1] & ~logic_overlap(b, a))) continue;
            locking_step(state, technique, rating, a, b, digit, step);
            return true;
        }
    }
    return false;
}

/* Pointing: a box's digit confined to a column, then to a row. Claiming: a
 * column's, then a row's, confined to a box. */
static bool search_kind(const sudoku_logic *state, const uint16_t pos[27][9], bool pointing,
                        sudoku_technique technique, int rating, bool direct, sudoku_step *step)
{
    if (pointing)
        return search_locks(state, pos, 18, 9, technique, rating, direct, step) ||
               search_locks(state, pos, 18, 0, technique, rating, direct, step);
    return search_locks(state, pos, 9, 18, technique, rating, direct, step) ||
           search_locks(state, pos, 0, 18, technique, rating, direct, step);
}

bool logic_direct_locking(const sudoku_logic *state, const uint16_t pos[27][9],
                          sudoku_technique technique, sudoku_step *step)
{
    bool pointing = technique == SUDOKU_DIRECT_POINTING;
    return search_kind(state, pos, pointing, technique,
                       pointing ? RATING_DIRECT_POINTING : RATING_DIRECT_CLAIMING, true, step);
}

bool logic_locking(const sudoku_logic *state, const uint16_t pos[27][9], sudoku_technique technique,
                   sudoku_step *step)
{
    bool pointing = technique == SUDOKU_POINTING;
    return search_kind(state, pos, pointing, technique,
                       pointing ? RATING_POINTING : RATING_CLAIMING, false, step);
}
