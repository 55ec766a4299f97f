/*
 * nested.h: what a dynamic chain may use besides its own links once they
 * run dry (SE's "advanced potentials", nested.c), and the cache of the
 * nested chains' steps by board.
 */
#ifndef SUDOKU_NESTED_H
#define SUDOKU_NESTED_H

#include "chain.h"

/* The offs that intersections, pairs and X-wings (level 1) and chains
 * (levels 2 and 3) find on the board c->grid, reduced from source by the
 * nodes of off; each with its reasons as parents. Returns their number;
 * *out is allocated (free it). A chain_advanced_fn. */
int chain_advanced_offs(chainer *c, const uint16_t *source, const uint16_t source_pos[27][9],
                        const chain_set *off, int32_t **out);

/* Frees the cache an arena's searches made (NULL: none). */
void logic_nested_cache_free(struct nested_cache *cache);

#endif
