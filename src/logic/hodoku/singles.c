/*
 * singles.c: HoDoKu's singles (singles.h), taken from its grid's queues
 * in the order they appeared (hodoku-spec 2.4). The solver asks for a
 * full house, then a naked single, then a hidden single, and starts again
 * from the full house after every step: singles are never taken in a batch.
 */
#include "singles.h"

#include "logic/step.h"

/* The single digit in cell, found in unit: the step, its cell and unit marked. */
static void single_step(sudoku_step *step, sudoku_technique technique, int cell, int digit,
                        int unit)
{
    logic_step_start(step, technique, 0);
    step->place[cell] = (uint8_t)digit;
    step->digits = (uint16_t)(1u << (digit - 1));
    logic_step_cell(step, cell);
    logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cell, step->digits);
    if (unit >= 0) {
        step->units = 1u << unit;
        logic_step_mark_unit(step, SUDOKU_ROLE_UNIT, 0, unit);
    }
}

/* The unit of cell in which every digit but digit is placed (cell the
 * last open one), or -1. */
static int full_unit(const hodoku_grid *g, int cell, int digit)
{
    unsigned others = ALL_DIGITS & ~(1u << (digit - 1));
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k];
        if (!(g->unit_free[unit] & others)) return unit;
    }
    return -1;
}

static bool full_house(const hodoku_grid *g, hodoku_single *single)
{
    for (int i = g->naked.head; i < g->naked.tail; i++) {
        sudoku_candidate e = g->naked.entry[i];
        if (g->value[e.cell]) continue;
        int unit = full_unit(g, e.cell, e.digit);
        if (unit < 0) continue;
        *single = (hodoku_single){e.cell, e.digit, unit};
        return true;
    }
    return false;
}

static bool naked_single(hodoku_grid *g, hodoku_single *single)
{
    sudoku_candidate e;
    while (hodoku_queue_pop(&g->naked, &e)) {
        if (g->value[e.cell]) continue;
        *single = (hodoku_single){e.cell, e.digit, -1};
        return true;
    }
    return false;
}

static bool hidden_single(hodoku_grid *g, hodoku_single *single)
{
    sudoku_candidate e;
    while (hodoku_queue_pop(&g->hidden, &e)) {
        if (g->value[e.cell]) continue;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[e.cell][k];
            if (g->free[unit][e.digit] == 1) {
                *single = (hodoku_single){e.cell, e.digit, unit};
                return true;
            }
        }
        return false; /* HoDoKu ends its search at the first open entry, single or not */
    }
    return false;
}

bool hodoku_take_single(hodoku_grid *g, sudoku_technique technique, hodoku_single *single)
{
    switch (technique) {
    case SUDOKU_FULL_HOUSE: return full_house(g, single);
    case SUDOKU_NAKED_SINGLE: return naked_single(g, single);
    case SUDOKU_HIDDEN_SINGLE: return hidden_single(g, single);
    default: return false;
    }
}

int hodoku_take_first_single(hodoku_grid *g, const sudoku_technique *techniques, int n,
                             hodoku_single *single)
{
    int i = 0;
    while (i < n && !hodoku_take_single(g, techniques[i], single)) i++;
    return i;
}

/* The finder of technique: its single as a step. */
static bool single_found(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    hodoku_single single;
    if (!hodoku_take_single(q->grid, technique, &single)) return false;
    single_step(step, technique, single.cell, single.digit, single.unit);
    return true;
}

bool hodoku_full_house(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return single_found(q, technique, step);
}

bool hodoku_naked_single(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return single_found(q, technique, step);
}

bool hodoku_hidden_single(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return single_found(q, technique, step);
}
