/*
 * forcing.h: bidirectional cycles and forcing chains of X, Y and XY links
 * (SE's "forcing chains and cycles", forcing.c); each search hands every
 * step it finds to sink.
 */
#ifndef SUDOKU_FORCING_H
#define SUDOKU_FORCING_H

#include "chain.h"

/* From every assumption (a candidate on, or off), with the memo of the
 * path (NULL: none). */
void chain_search_static_memo(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                              logic_memo *memo, chain_sink *sink);

/* From the assumptions that can reach a node (bit pot * 2 + on) of seeds. */
void chain_search_static_from(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                              const uint64_t *seeds, chain_sink *sink);

#endif
