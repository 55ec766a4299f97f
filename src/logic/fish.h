/*
 * fish.h: basic fish (fish.c): X-wing, swordfish, jellyfish.
 * A finder looks at a state and returns the first step of its technique in
 * the order Sudoku Explainer searches, or false if it does not apply; it
 * never changes the state.
 */
#ifndef SUDOKU_LOGIC_FISH_H
#define SUDOKU_LOGIC_FISH_H

#include "board/board.h"

/* degree 2 (X-wing), 3 (swordfish), 4 (jellyfish) */
bool logic_fish(const sudoku_logic *state, const uint16_t pos[27][9], int degree,
                sudoku_step *step);

#endif
