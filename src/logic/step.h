/*
 * step.h: a step built by a finder (step.c): the technique and its rating,
 * the pattern's cells, the eliminations and placements; on HoDoKu's
 * scale, the eliminations in their order, and the marks and links a
 * picture shows.
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

/* Lists the elimination of digit from cell, after those listed so far
 * (a candidate may be listed twice: HoDoKu's lists do that), and adds it
 * to the step's eliminations. The finder lists candidates the board has. */
void logic_step_remove(sudoku_step *step, int cell, int digit);

/* Marks cell (with the candidates digits; 0: the cell as a whole) in a
 * role, or a whole unit; one of the step's marks, left out once it has
 * SUDOKU_MARKS_MAX (marks_cut). */
void logic_step_mark(sudoku_step *step, sudoku_role role, int group, int cell, unsigned digits);
void logic_step_mark_unit(sudoku_step *step, sudoku_role role, int group, int unit);

/* Adds a node of one cell to the step's links (a chain's first node when
 * start); returns it, for a group node's other cells or a net's branch,
 * or NULL once the links are full (links_cut is then set). */
sudoku_link *logic_step_link(sudoku_step *step, int cell, int digit, bool on, bool start);

#endif
