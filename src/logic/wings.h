/*
 * wings.h: XY-wing and XYZ-wing (wings.c).
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_WINGS_H
#define SUDOKU_LOGIC_WINGS_H

#include "board/board.h"

/* XY-wing, or XYZ-wing when xyz */
bool logic_wing(const sudoku_logic *state, bool xyz, sudoku_step *step);

#endif
