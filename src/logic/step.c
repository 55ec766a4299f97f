/*
 * step.c: the helpers a finder builds its step with, so that every step
 * starts clean and records a cell once and only the candidates still there.
 */
#include "step.h"

#include <string.h>

void logic_step_start(sudoku_step *step, sudoku_technique technique, int rating)
{
    memset(step, 0, sizeof *step);
    step->technique = technique;
    step->rating = rating;
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
