/*
 * logic_singles.c: the techniques that look at one unit or at the meeting
 * of two: hidden and naked singles, pointing and claiming, and their
 * "direct" forms, which SE credits only when the eliminations at once leave
 * a hidden single, and which place that single.
 */
#include "logic.h"

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

/* The last open cell of a unit (SE's "full house", rated below hidden
 * singles): returns true if the unit has one open cell, with a candidate. */
static bool full_house(const sudoku_logic *state, int unit, sudoku_step *step)
{
    int open = -1;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (state->placed.cell[cell]) continue;
        if (open >= 0) return false;
        open = cell;
    }
    if (open < 0 || !state->candidates[open]) return false;
    single_step(step, RATING_FULL_HOUSE, unit, open, sudoku_lowest_digit(state->candidates[open]));
    step->ncells = 1;
    return true;
}

/* The lowest digit with one place left in unit. */
static bool hidden_single_in(const sudoku_logic *state, int unit, sudoku_step *step)
{
    unsigned once = 0, twice = 0;
    for (int i = 0; i < 9; i++) {
        unsigned c = state->candidates[sudoku_unit_cells[unit][i]];
        twice |= once & c;
        once |= c;
    }
    unsigned singles = once & ~twice;
    if (!singles) return false;
    int digit = sudoku_lowest_digit(singles);
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (state->candidates[cell] & (1u << (digit - 1))) {
            single_step(step, unit >= 18 ? RATING_HIDDEN_SINGLE_BOX : RATING_HIDDEN_SINGLE_LINE,
                        unit, cell, digit);
            return true;
        }
    }
    return false;
}

bool logic_hidden_single(const sudoku_logic *state, sudoku_step *step)
{
    for (int k = 0; k < 3; k++)
        for (int u = 0; u < 9; u++)
            if (full_house(state, unit_kinds[k] + u, step)) return true;
    for (int k = 0; k < 3; k++)
        for (int u = 0; u < 9; u++)
            if (hidden_single_in(state, unit_kinds[k] + u, step)) return true;
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

static bool in_unit(int unit, int cell)
{
    return (sudoku_cell_unit_mask[cell] >> unit) & 1u;
}

static bool units_cross(int a, int b)
{
    for (int i = 0; i < 9; i++)
        if (in_unit(b, sudoku_unit_cells[a][i])) return true;
    return false;
}

/* True if every position of digit in unit a lies in unit b. */
static bool confined(const sudoku_logic *state, int a, int b, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[a][i];
        if ((state->candidates[cell] & bit) && !in_unit(b, cell)) return false;
    }
    return true;
}

/* Fills step with what the lock of digit in a (inside b) removes from b. */
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
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[b][i];
        if (!in_unit(a, cell)) logic_step_eliminate(step, state, cell, digit);
    }
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

/* For the direct forms: a unit of a's kind, other than a, crossing b, in
 * which digit keeps exactly one place once b loses it outside a; that place
 * is the hidden single the step places. Returns the cell, or -1. */
static int following_single(const sudoku_logic *state, int a, int b, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    int kind = a - a % 9;
    for (int c = kind; c < kind + 9; c++) {
        if (c == a || !units_cross(c, b)) continue;
        int places = 0, kept = 0, last = -1;
        for (int i = 0; i < 9; i++) {
            int cell = sudoku_unit_cells[c][i];
            if (!(state->candidates[cell] & bit)) continue;
            places++;
            if (!in_unit(b, cell)) {
                kept++;
                last = cell;
            }
        }
        if (places > 1 && kept == 1) return last;
    }
    return -1;
}

/* Searches locks of a digit in a unit of kind ka confined to a crossing
 * unit of kind kb, in SE's order (digits, then units of kind ka, then of
 * kind kb); direct asks for the form that yields a hidden single. */
static bool search_locks(const sudoku_logic *state, int ka, int kb, sudoku_technique technique,
                         int rating, bool direct, sudoku_step *step)
{
    for (int digit = 1; digit <= 9; digit++) {
        for (int a = ka; a < ka + 9; a++) {
            if (sudoku_popcount(logic_positions(state, a, digit)) < 2) continue;
            for (int b = kb; b < kb + 9; b++) {
                if (!units_cross(a, b) || !confined(state, a, b, digit)) continue;
                if (direct) {
                    int cell = following_single(state, a, b, digit);
                    if (cell < 0) continue;
                    direct_step(state, technique, rating, a, b, digit, cell, step);
                    return true;
                }
                locking_step(state, technique, rating, a, b, digit, step);
                if (logic_step_useful(step)) return true;
            }
        }
    }
    return false;
}

/* Pointing: a box's digit confined to a column, then to a row. Claiming: a
 * column's, then a row's, confined to a box. */
static bool search_kind(const sudoku_logic *state, bool pointing, sudoku_technique technique,
                        int rating, bool direct, sudoku_step *step)
{
    if (pointing)
        return search_locks(state, 18, 9, technique, rating, direct, step) ||
               search_locks(state, 18, 0, technique, rating, direct, step);
    return search_locks(state, 9, 18, technique, rating, direct, step) ||
           search_locks(state, 0, 18, technique, rating, direct, step);
}

bool logic_direct_locking(const sudoku_logic *state, sudoku_technique technique, sudoku_step *step)
{
    bool pointing = technique == SUDOKU_DIRECT_POINTING;
    return search_kind(state, pointing, technique,
                       pointing ? RATING_DIRECT_POINTING : RATING_DIRECT_CLAIMING, true, step);
}

bool logic_locking(const sudoku_logic *state, sudoku_technique technique, sudoku_step *step)
{
    bool pointing = technique == SUDOKU_POINTING;
    return search_kind(state, pointing, technique, pointing ? RATING_POINTING : RATING_CLAIMING,
                       false, step);
}
