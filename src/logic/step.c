/*
 * step.c: the helpers a finder builds its step with, so that every step
 * starts clean and records a cell once and only the candidates still there.
 */
#include "step.h"

#include <stddef.h>
#include <string.h>

/* A path takes a step for each digit it places: clearing the whole record
 * (some 5 KB, mostly the lists of links, removals and marks) was most of a
 * single's cost. The lists are read up to their counts only, and every
 * entry is written whole as it is added, so only what comes before them
 * and the counts are cleared. */
void logic_step_start(sudoku_step *step, sudoku_technique technique, int rating)
{
    memset(step, 0, offsetof(sudoku_step, links));
    step->technique = technique;
    step->rating = rating;
    step->scale = SUDOKU_SCALE_SE;
    step->level = SUDOKU_LEVEL_NONE;
    step->nremovals = 0;
    step->nmarks = 0;
    step->marks_cut = false;
}

void logic_step_cell(sudoku_step *step, int cell)
{
    for (int i = 0; i < step->ncells; i++)
        if (step->cells[i] == cell) return;
    step->cells[step->ncells++] = (uint8_t)cell;
}

bool logic_step_eliminate(sudoku_step *step, const sudoku_logic *state, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (!(state->candidates[cell] & bit)) return false;
    step->eliminate[cell] |= bit;
    return true;
}

bool logic_step_useful(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell] || step->eliminate[cell]) return true;
    return false;
}

void logic_step_remove(sudoku_step *step, int cell, int digit)
{
    if (step->nremovals < SUDOKU_REMOVALS_MAX)
        step->removals[step->nremovals++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
    step->eliminate[cell] |= (uint16_t)(1u << (digit - 1));
}

static void add_mark(sudoku_step *step, sudoku_mark mark)
{
    if (step->nmarks >= SUDOKU_MARKS_MAX) {
        step->marks_cut = true;
        return;
    }
    step->marks[step->nmarks++] = mark;
}

void logic_step_mark(sudoku_step *step, sudoku_role role, int group, int cell, unsigned digits)
{
    add_mark(step, (sudoku_mark){(uint8_t)role, (uint8_t)group, (uint8_t)cell, 0, (uint16_t)digits});
}

void logic_step_mark_unit(sudoku_step *step, sudoku_role role, int group, int unit)
{
    add_mark(step, (sudoku_mark){(uint8_t)role, (uint8_t)group, SUDOKU_NO_CELL, (uint8_t)unit, 0});
}

sudoku_link *logic_step_link(sudoku_step *step, int cell, int digit, bool on, bool start)
{
    if (step->nlinks >= SUDOKU_LINKS_MAX) {
        step->links_cut = true;
        return NULL;
    }
    sudoku_link *link = &step->links[step->nlinks++];
    *link = (sudoku_link){(uint8_t)cell, (uint8_t)digit, on, start, 0, {0, 0}, 0, false};
    return link;
}
