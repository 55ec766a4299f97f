/*
 * singles.h: the techniques of one unit or two crossing: hidden and naked singles, pointing and
 * claiming, and their direct forms (singles.c). A finder looks at a state and returns the first
 * step of its technique in the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_SINGLES_H
#define SUDOKU_LOGIC_SINGLES_H

#include "board/board.h"

/* The finders that look at places take them (logic_all_positions of state)
 * from the caller, which makes them once for all. */
bool logic_hidden_single(const sudoku_logic *state, sudoku_step *step);
bool logic_naked_single(const sudoku_logic *state, sudoku_step *step);
bool logic_direct_locking(const sudoku_logic *state, const uint16_t pos[27][9],
                          sudoku_technique technique, sudoku_step *step);
bool logic_locking(const sudoku_logic *state, const uint16_t pos[27][9], sudoku_technique technique,
                   sudoku_step *step);

#endif
