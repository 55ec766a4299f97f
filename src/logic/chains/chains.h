/*
 * chains.h: the chain techniques as the engine asks for them (chains.c),
 * from forcing chains and cycles to doubly nested forcing chains.
 */
#ifndef SUDOKU_CHAINS_H
#define SUDOKU_CHAINS_H

#include "logic/memo.h"

struct nested_cache;

/* The first step of technique on state as SE takes it, within budget
 * (chain nodes; NULL: none, else lowered by the nodes made). cache: the
 * nested chains' steps by board, kept from one technique's search to the
 * next (the levels meet the same boards); made when first needed, freed
 * by the caller with logic_nested_cache_free; NULL: none kept. False with
 * *short_of_memory set if memory ran short: the search is void, and no
 * step is known. */
bool logic_chains(const sudoku_logic *state, sudoku_technique technique, unsigned long long *budget,
                  struct nested_cache **cache, logic_memo *memo, sudoku_step *step,
                  bool *short_of_memory);

#endif
