/*
 * unique.h: unique rectangles and loops, types 1-4 (unique.c).
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_UNIQUE_H
#define SUDOKU_LOGIC_UNIQUE_H

#include "board/board.h"

/* One finder, as SE searches them together and takes the easiest it
 * finds; only SUDOKU_UNIQUE_RECTANGLE or SUDOKU_UNIQUE_LOOP asks for one
 * kind alone, SUDOKU_TECHNIQUES for both. */
bool logic_unique_loop(const sudoku_logic *state, sudoku_technique only, sudoku_step *step);

#endif
