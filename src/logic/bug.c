/*
 * bug.c: the bivalue universal grave (BUG), types 1-4. A board where
 * every open cell has two candidates and every digit two places in each
 * unit it is open in has at least two solutions (each cell can take either
 * digit). So in a puzzle with one solution, some cell that holds a third
 * candidate (a BUG cell) must take one of its extra digits: the ones that
 * give a digit a third place in some unit.
 *
 * We find the BUG cells, the extra digits and the step as SE does, unit by
 * unit in its order (boxes, rows, columns), taking the first step found.
 */
#include "bug.h"
#include "state.h"
#include "step.h"

#include <string.h>

#define RATING_TYPE_1 56
#define RATING_TYPE_2 57
#define RATING_TYPE_3 57 /* plus 0.1 for each digit of the set beyond the first */
#define RATING_TYPE_4 57

/* SE's order of unit kinds: boxes, rows, columns. */
static const int se_kinds[3] = {2, 0, 1};

static int unit_in_se_order(int n)
{
    return 9 * se_kinds[n / 9] + n % 9;
}

typedef struct grave {
    int cells[SUDOKU_CELLS]; /* the BUG cells, in the order found */
    int ncells;
    uint16_t extra[SUDOKU_CELLS]; /* each BUG cell's extra digits */
    unsigned all_extra;
    bool common[SUDOKU_CELLS]; /* the cells that see every BUG cell */
} grave;

/* Adds cell as a BUG cell with extra digit; returns false if the BUG cells
 * can no longer give a step of types 1-3 (several cells, several digits,
 * and no cell that sees them all). */
static bool add_bug_cell(grave *g, int cell, int digit)
{
    bool known = false;
    for (int i = 0; i < g->ncells; i++) known |= g->cells[i] == cell;
    if (!known) {
        bool first = g->ncells == 0;
        g->cells[g->ncells++] = cell;
        for (int c = 0; c < SUDOKU_CELLS; c++)
            g->common[c] = (first || g->common[c]) && logic_sees(c, cell);
    }
    g->extra[cell] |= (uint16_t)(1u << (digit - 1));
    g->all_extra |= 1u << (digit - 1);
    bool any_common = false;
    for (int c = 0; c < SUDOKU_CELLS; c++) any_common |= g->common[c];
    return !(g->ncells > 1 && sudoku_popcount(g->all_extra) > 1 && !any_common);
}

/* Finds the BUG cells: in each unit, a digit with neither zero nor two
 * places must have exactly one of them in a cell of three or more
 * candidates. Returns false if the board is no BUG with extras. */
static bool find_grave(const sudoku_logic *state, grave *g)
{
    uint16_t rest[SUDOKU_CELLS];
    memcpy(rest, state->candidates, sizeof rest);
    for (int n = 0; n < 27; n++) {
        int unit = unit_in_se_order(n);
        for (int digit = 1; digit <= 9; digit++) {
            unsigned where = logic_positions(state, unit, digit);
            int places = sudoku_popcount(where);
            if (places == 0 || places == 2) continue;
            int found = 0, bug = -1;
            for (unsigned m = where; m; m &= m - 1) {
                int cell = sudoku_unit_cells[unit][sudoku_lowest_bit(m)];
                if (sudoku_popcount(state->candidates[cell]) >= 3) {
                    found++;
                    bug = cell;
                }
            }
            if (found == 0) return false;
            if (found > 1) continue; /* another unit will name the cell */
            rest[bug] &= (uint16_t) ~(1u << (digit - 1));
            if (!add_bug_cell(g, bug, digit)) return false;
        }
    }
    /* Without the extra digits, the board must be the grave itself. */
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!state->placed.cell[cell] && sudoku_popcount(rest[cell]) != 2) return false;
    for (int unit = 0; unit < 27; unit++)
        for (int digit = 1; digit <= 9; digit++) {
            int places = 0;
            for (int i = 0; i < 9; i++)
                places += (int)((rest[sudoku_unit_cells[unit][i]] >> (digit - 1)) & 1u);
            if (places != 0 && places != 2) return false;
        }
    return true;
}

static void bug_step(const grave *g, int type, int rating, sudoku_step *step)
{
    logic_step_start(step, SUDOKU_BUG, rating);
    step->variant = type;
    step->digits = (uint16_t)g->all_extra;
    for (int i = 0; i < g->ncells; i++) logic_step_cell(step, g->cells[i]);
    step->npattern = g->ncells;
}

/* Type 1: one BUG cell: it takes an extra digit, so it loses the others. */
static bool type_1(const sudoku_logic *state, const grave *g, sudoku_step *step)
{
    int cell = g->cells[0];
    bug_step(g, 1, RATING_TYPE_1, step);
    for (unsigned m = state->candidates[cell] & ~g->all_extra; m; m &= m - 1)
        logic_step_eliminate(step, state, cell, sudoku_lowest_digit(m));
    return logic_step_useful(step);
}

/* Type 2: every BUG cell has the same one extra digit: it is in one of
 * them, so it leaves every cell that sees them all. */
static bool type_2(const sudoku_logic *state, const grave *g, sudoku_step *step)
{
    bug_step(g, 2, RATING_TYPE_2, step);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (g->common[c]) logic_step_eliminate(step, state, c, sudoku_lowest_digit(g->all_extra));
    return logic_step_useful(step);
}

/* Type 4: two BUG cells in one unit share one digit besides their extras:
 * one of them takes an extra digit, so, the unit being a grave otherwise,
 * the shared digit is in the other, and each loses its third digit. */
static bool type_4(const sudoku_logic *state, const grave *g, sudoku_step *step)
{
    int c1 = g->cells[0], c2 = g->cells[1];
    unsigned shared = state->candidates[c1] & state->candidates[c2] & ~g->all_extra;
    if (!sudoku_is_single(shared)) return false;
    for (int k = 0; k < 3; k++) {
        int kind = se_kinds[k];
        if (sudoku_cell_units[c1][kind] != sudoku_cell_units[c2][kind]) continue;
        bug_step(g, 4, RATING_TYPE_4, step);
        step->units = 1u << sudoku_cell_units[c1][kind];
        step->extra = (uint16_t)shared;
        for (int i = 0; i < 2; i++) {
            int cell = g->cells[i];
            for (unsigned m = state->candidates[cell] & ~g->extra[cell] & ~shared; m; m &= m - 1)
                logic_step_eliminate(step, state, cell, sudoku_lowest_digit(m));
        }
        return true;
    }
    return false;
}

/* Type 3, in one unit: the BUG cells, standing as one cell holding their
 * extra digits, and degree - 1 other cells of the unit that see them all
 * hold only degree digits: those leave the unit's other such cells. */
static bool type_3_in(const sudoku_logic *state, const grave *g, int unit, sudoku_step *step)
{
    int cells[9], n = 0;
    for (int i = 0; i < 9; i++) {
        int c = sudoku_unit_cells[unit][i];
        if (g->common[c]) cells[n++] = c;
    }
    /* SE's cells come in the order of their numbers, not the unit's. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
            int t = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = t;
        }
    for (int degree = 2; degree <= 6 && degree <= n; degree++) {
        unsigned all = (1u << n) - 1;
        for (unsigned set = logic_first_subset(all, degree - 1); set;
             set = logic_next_subset(all, set)) {
            unsigned naked = 0;
            bool small = sudoku_popcount(g->all_extra) <= 1;
            for (int i = 0; i < n; i++)
                if (set & (1u << i)) {
                    naked |= state->candidates[cells[i]];
                    small |= sudoku_popcount(state->candidates[cells[i]]) <= 1;
                }
            if (sudoku_popcount(naked) != degree || small || (g->all_extra & ~naked)) continue;
            bug_step(g, 3, RATING_TYPE_3 + degree - 1, step);
            step->units = 1u << unit;
            step->extra = (uint16_t)naked;
            for (int i = 0; i < n; i++) {
                if (set & (1u << i)) {
                    logic_step_cell(step, cells[i]);
                    continue;
                }
                for (unsigned m = state->candidates[cells[i]] & naked; m; m &= m - 1)
                    logic_step_eliminate(step, state, cells[i], sudoku_lowest_digit(m));
            }
            if (logic_step_useful(step)) return true;
        }
    }
    return false;
}

static bool type_3(const sudoku_logic *state, const grave *g, sudoku_step *step)
{
    for (int k = 0; k < 3; k++) {
        int kind = se_kinds[k], unit = -1;
        for (int i = 0; i < g->ncells && (i == 0 || unit >= 0); i++) {
            int u = sudoku_cell_units[g->cells[i]][kind];
            unit = i == 0 || u == unit ? u : -1;
        }
        if (unit >= 0 && type_3_in(state, g, unit, step)) return true;
    }
    return false;
}

bool logic_bug(const sudoku_logic *state, sudoku_step *step)
{
    grave g;
    memset(&g, 0, sizeof g);
    if (!find_grave(state, &g) || g.ncells == 0) return false;
    if (g.ncells == 1) return type_1(state, &g, step);
    bool any_common = false;
    for (int c = 0; c < SUDOKU_CELLS; c++) any_common |= g.common[c];
    if (sudoku_popcount(g.all_extra) == 1)
        return (any_common && type_2(state, &g, step)) ||
               (g.ncells == 2 && type_4(state, &g, step));
    if (!any_common) return false;
    return (g.ncells == 2 && type_4(state, &g, step)) || type_3(state, &g, step);
}
