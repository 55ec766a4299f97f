/*
 * multiple.h: forcing chains from every candidate assumed on and off: SE's
 * Nishio, multiple, dynamic and nested forcing chains (multiple.c).
 */
#ifndef SUDOKU_MULTIPLE_H
#define SUDOKU_MULTIPLE_H

#include "chain.h"

/* Hands every step of technique on grid to sink. placed[d]: how many cells
 * hold digit d + 1 (for nested X-wings); digits: Nishio's chains only for
 * the digits (bits) of digits (0x1ff: all); memo: multiple chains' memo of
 * regions and cells (NULL: none). Levels 1 and up take their advanced
 * offs from the arena's advanced. */
void chain_search_multiple(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                           const uint8_t placed[9], sudoku_technique technique, unsigned digits,
                           logic_memo *memo, chain_sink *sink);

#endif
