/*
 * exclusion.h: aligned pair and triplet exclusion (exclusion.c).
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_EXCLUSION_H
#define SUDOKU_LOGIC_EXCLUSION_H

#include "memo.h"

/* memo (NULL: none) passes over the pairs and triplets that removed
 * nothing before */
bool logic_aligned_pair(const sudoku_logic *state, logic_memo *memo, sudoku_step *step);
bool logic_aligned_triplet(const sudoku_logic *state, logic_memo *memo, sudoku_step *step);

#endif
