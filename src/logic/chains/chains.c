/*
 * chains.c: the chain techniques as one finder for the engine: a search's
 * arena (its budget, the nested chains' cache, the advanced offs of
 * nested.c for the dynamic levels), the right producer for the technique
 * (forcing.c or multiple.c), and the step SE would take of all it finds.
 */
#include "chains.h"
#include "forcing.h"
#include "multiple.h"
#include "nested.h"

#include <string.h>

/* The digits whose places differ between board and grid (all of them if
 * grid is not a later board of board's). A Nishio chain keeps to the
 * places of its digit: on a board whose search found nothing, only the
 * chains of the digits whose places changed since can find something. */
static unsigned digits_changed(const uint16_t board[SUDOKU_CELLS],
                               const uint16_t grid[SUDOKU_CELLS])
{
    unsigned digits = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (grid[cell] & ~board[cell]) return 0x1ffu;
        digits |= board[cell] & ~grid[cell];
    }
    return digits;
}

bool logic_chains(const sudoku_logic *state, sudoku_technique technique, unsigned long long *budget,
                  struct nested_cache **cache, logic_memo *memo, sudoku_step *step,
                  bool *short_of_memory)
{
    chain_arena arena;
    if (!chain_arena_init(&arena)) {
        *short_of_memory = true;
        return false;
    }
    arena.advanced = chain_advanced_offs;
    if (cache) arena.nested_cache = *cache;
    if (budget) chain_arena_set_limit(&arena, *budget ? *budget : 1);
    chain_best best;
    chain_best_init(&best);
    if (technique == SUDOKU_FORCING_CHAINS) {
        chain_search_static_memo(&arena, state->candidates, memo, &best.sink);
    } else {
        uint8_t placed[9] = {0};
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (state->placed.cell[cell]) placed[state->placed.cell[cell] - 1]++;
        bool nishio = technique == SUDOKU_NISHIO_FORCING_CHAINS && memo;
        unsigned digits = nishio && memo->nishio_known
                              ? digits_changed(memo->nishio_board, state->candidates)
                              : 0x1ffu;
        /* Multiple chains keep their own memo, of regions and cells. */
        logic_memo *own = technique == SUDOKU_MULTIPLE_FORCING_CHAINS ? memo : NULL;
        chain_search_multiple(&arena, state->candidates, placed, technique, digits, own,
                              &best.sink);
        if (nishio && !best.found && !arena.failed) {
            memo->nishio_known = true;
            memcpy(memo->nishio_board, state->candidates, sizeof memo->nishio_board);
        }
    }
    bool found = best.found && !arena.failed;
    if (found) *step = best.step;
    unsigned long long made = chain_arena_made(&arena);
    /* The arena fails at its limit (made reaches it) or short of memory. */
    if (arena.failed && (!arena.limit || made < arena.limit)) *short_of_memory = true;
    if (budget) *budget = made >= *budget ? 0 : *budget - made;
    if (cache)
        *cache = arena.nested_cache;
    else
        logic_nested_cache_free(arena.nested_cache);
    chain_arena_free(&arena);
    return found;
}
