/*
 * path.c: the logic engine's loop: the next step of a state, as Sudoku
 * Explainer takes it (the first step of the first technique, in the
 * catalogue's order, that finds one), a technique asked for alone, and a
 * path rated as SE rates it.
 *
 * SE's rating of a puzzle is the path it takes, not the easiest path there
 * is: at each step it takes the first hint of the first technique, in a
 * fixed order, that finds one. To give SE's numbers we take the same order
 * and, inside each finder, search in SE's order too (docs/logic.md).
 */
#include "catalogue.h"
#include "state.h"
#include "chains/nested.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Runs t's finder on q's state; false if it finds nothing or is left out
 * by q's flags. */
static bool find(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    if ((t->flags & LOGIC_ASSUMES_UNIQUE) && (q->flags & SUDOKU_LOGIC_NO_UNIQUENESS)) return false;
    return t->find(q, t, step);
}

bool sudoku_logic_find(const sudoku_logic *state, sudoku_technique technique, unsigned flags,
                       sudoku_step *step)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES || logic_finished(state)) return false;
    logic_query q;
    memset(&q, 0, sizeof q);
    q.state = state;
    q.flags = flags;
    q.alone = true;
    int saved = errno;
    bool found = find(&q, &logic_catalogue[technique], step);
    errno = q.short_of_memory ? ENOMEM : saved;
    return found;
}

/* sudoku_logic_next_memo; false with *short_of_memory set if memory ran
 * short: then an easier step than any found later may have been missed,
 * so the search stops there. From the first chain technique on, the
 * techniques stop under SUDOKU_LOGIC_NO_CHAINS, and once the budget is
 * spent (only the chains spend it: an easier technique still runs at 0). */
static bool next_step(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                      sudoku_logic_memo *memo, sudoku_step *step, bool *short_of_memory)
{
    if (logic_finished(state) || logic_digit_without_place(state)) return false;
    struct nested_cache *cache = NULL;
    logic_query q;
    memset(&q, 0, sizeof q);
    q.state = state;
    q.flags = flags;
    q.budget = budget;
    q.cache = &cache;
    q.memo = memo;
    bool found = false, chains = false;
    for (int i = 0; i < SUDOKU_TECHNIQUES && !found && !q.short_of_memory; i++) {
        const logic_technique *t = &logic_catalogue[i];
        if (t->flags & LOGIC_WITH_PREVIOUS) continue;
        chains = chains || (t->flags & LOGIC_CHAIN);
        if (chains && (flags & SUDOKU_LOGIC_NO_CHAINS)) break;
        found = find(&q, t, step);
        if (chains && budget && *budget == 0) break;
    }
    logic_nested_cache_free(cache);
    *short_of_memory = q.short_of_memory;
    return found;
}

bool sudoku_logic_next_memo(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                            sudoku_logic_memo *memo, sudoku_step *step)
{
    bool short_of_memory = false;
    int saved = errno; /* a failed allocation the engine does without is no news */
    bool found = next_step(state, flags, budget, memo, step, &short_of_memory);
    errno = short_of_memory ? ENOMEM : saved;
    return found;
}

bool sudoku_logic_next_within(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                              sudoku_step *step)
{
    return sudoku_logic_next_memo(state, flags, budget, NULL, step);
}

bool sudoku_logic_next(const sudoku_logic *state, unsigned flags, sudoku_step *step)
{
    return sudoku_logic_next_within(state, flags, NULL, step);
}

/* ---- rating ---- */

static bool places(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell]) return true;
    return false;
}

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step)
{
    if (rating->steps == 0 || step->rating > rating->er) {
        rating->er = step->rating;
        rating->hardest = step->technique;
    }
    if (rating->steps == 0) rating->ed = rating->er;
    /* EP waits for the first placement; ep == 0 until then. */
    if (rating->ep == 0 && places(step)) rating->ep = rating->er;
    rating->steps++;
}

sudoku_rate_outcome sudoku_rate_used(const sudoku_grid *puzzle, unsigned flags,
                                     unsigned long long budget, int ceiling,
                                     sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES])
{
    memset(rating, 0, sizeof *rating);
    if (used) memset(used, 0, SUDOKU_TECHNIQUES * sizeof *used);
    sudoku_logic state;
    if (!sudoku_logic_from_grid(&state, puzzle)) return SUDOKU_RATE_INVALID;
    unsigned long long left = budget ? budget : ~0ull;
    sudoku_step step;
    logic_memo memo;
    memset(&memo, 0, sizeof memo);
    /* Each step removes a candidate at least: the path ends. */
    while (!sudoku_logic_solved(&state)) {
        bool short_of_memory = false;
        if (!next_step(&state, flags, &left, &memo, &step, &short_of_memory))
            return short_of_memory ? SUDOKU_RATE_OUT_OF_MEMORY
                   : left == 0     ? SUDOKU_RATE_OVER_BUDGET
                                   : SUDOKU_RATE_STUCK;
        sudoku_rating_add(rating, &step);
        if (used) used[step.technique] = true;
        if (ceiling > 0 && step.rating > ceiling) return SUDOKU_RATE_ABOVE;
        sudoku_logic_apply(&state, &step);
    }
    return SUDOKU_RATE_SOLVED;
}

sudoku_rate_outcome sudoku_rate(const sudoku_grid *puzzle, unsigned flags,
                                unsigned long long budget, int ceiling, sudoku_rating *rating)
{
    return sudoku_rate_used(puzzle, flags, budget, ceiling, rating, NULL);
}
