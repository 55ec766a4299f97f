/*
 * step.h: a step built by a finder (step.c): the technique and its rating,
 * the pattern's cells, the eliminations and placements.
 */
#ifndef SUDOKU_LOGIC_STEP_H
#define SUDOKU_LOGIC_STEP_H

#include "board/board.h"

/* Clears step and sets its technique and rating (times ten). */
void logic_step_start(sudoku_step *step, sudoku_technique technique, int rating);

/* Adds cell to the pattern's cells (once). */
void logic_step_cell(sudoku_step *step, int cell);

/* Removes digit from cell in step if the state still has it there; returns
 * true if it did (so callers can tell a step that removes nothing). */
bool logic_step_eliminate(sudoku_step *step, const sudoku_logic *state, int cell, int digit);

/* Returns true if the step places a digit or removes a candidate. */
bool logic_step_useful(const sudoku_step *step);

#endif
