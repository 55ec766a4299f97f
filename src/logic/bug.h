/*
 * bug.h: the bivalue universal grave, types 1-4 (bug.c).
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_BUG_H
#define SUDOKU_LOGIC_BUG_H

#include "board/board.h"

bool logic_bug(const sudoku_logic *state, sudoku_step *step);

#endif
