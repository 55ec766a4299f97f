/*
 * subsets.h: naked and hidden sets of two to four digits in a unit, and the direct hidden pair and
 * triplet (subsets.c). A finder looks at a state and returns the first step of its technique in the
 * order Sudoku Explainer searches, or false if it does not apply; it never changes the state.
 */
#ifndef SUDOKU_LOGIC_SUBSETS_H
#define SUDOKU_LOGIC_SUBSETS_H

#include "board/board.h"

/* degree 2-4; direct: only a hidden set whose eliminations leave a hidden
 * single, which it places (SE's direct hidden pair and triplet). */
bool logic_naked_set(const sudoku_logic *state, int degree, sudoku_step *step);
bool logic_hidden_set(const sudoku_logic *state, const uint16_t pos[27][9], int degree, bool direct,
                      sudoku_step *step);

#endif
