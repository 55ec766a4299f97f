/*
 * path.c: the logic engine's loop: the next step of a state, as Sudoku
 * Explainer takes it (the first step of the first technique, in the
 * catalogue's order, that finds one) or as HoDoKu does (the same in its
 * order, with its finders, the queues of singles carried in the memo), a
 * technique asked for alone, and a path rated on either scale.
 *
 * SE's rating of a puzzle is the path it takes, not the easiest path there
 * is: at each step it takes the first hint of the first technique, in a
 * fixed order, that finds one. To give SE's numbers we take the same order
 * and, inside each finder, search in SE's order too (docs/logic.md).
 */
#ifdef LOGIC_TIMES
#define _POSIX_C_SOURCE 200809L /* clock_gettime, for make technique-times */
#endif
#include "catalogue.h"
#include "state.h"
#include "chains/nested.h"
#include "hodoku/als.h"
#include "hodoku/reach.h"
#include "hodoku/singles.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#ifdef LOGIC_TIMES
/* make technique-times's build: each finder's thread CPU time, apart for
 * the searches that found a step and those that found none, printed on
 * standard error at exit as a table (docs/logic.md's tables of where the
 * rating time goes). The counts are the process's; run it on one thread. */
#include <stdio.h>
#include <time.h>

static struct {
    unsigned long long searches[2];
    double seconds[2];
} times[2][SUDOKU_TECHNIQUES]; /* SE's finders, HoDoKu's */

static double times_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* What timing a search costs by itself (the clock is a system call, some
 * microseconds: as much as an easy finder's search), taken off each. */
static double times_clock_cost(void)
{
    enum { TRIES = 10000 };
    double first = times_now(), last = first;
    for (int i = 0; i < TRIES; i++) last = times_now();
    return (last - first) / TRIES;
}

static void times_print(void)
{
    static const sudoku_scale scales[2] = {SUDOKU_SCALE_SE, SUDOKU_SCALE_HODOKU};
    double clock = times_clock_cost(), total = 0;
    fprintf(
        stderr,
        "| technique | searches that found one | searches that found none |\n|---|---:|---:|\n");
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
            unsigned long long *n = times[s][t].searches;
            if (!n[0] && !n[1]) continue;
            double found = times[s][t].seconds[1] - (double)n[1] * clock;
            double none = times[s][t].seconds[0] - (double)n[0] * clock;
            fprintf(stderr, "| %s | %llu: %.2f s | %llu: %.2f s |\n",
                    sudoku_technique_name_on(t, scales[s]), n[1], found, n[0], none);
            total += found + none;
        }
    fprintf(stderr, "| every finder | %.2f s | (less the clock's own %.2f us a search) |\n", total,
            clock * 1e6);
}

static void times_add(bool hodoku, sudoku_technique t, bool found, double since)
{
    static bool registered;
    if (!registered) registered = atexit(times_print) == 0;
    times[hodoku][t].searches[found]++;
    times[hodoku][t].seconds[found] += times_now() - since;
}
#else
static double times_now(void)
{
    return 0;
}
static void times_add(bool hodoku, sudoku_technique t, bool found, double since)
{
    (void)hodoku;
    (void)t;
    (void)found;
    (void)since;
}
#endif

/* Runs t's finder on q's state; false if it finds nothing or is left out
 * by q's flags. */
static bool find(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    if ((t->flags & LOGIC_ASSUMES_UNIQUE) && (q->flags & SUDOKU_LOGIC_NO_UNIQUENESS)) return false;
    double since = times_now();
    bool found = t->find(q, t, step);
    times_add(false, t->id, found, since);
    return found;
}

/* ---- HoDoKu's scale ---- */

/* The memo's grid of state, when the board is the one it last saw (before)
 * or that board with the step it returned taken (after); else NULL. */
static const hodoku_grid *hodoku_known(const sudoku_logic *state, const logic_memo *memo)
{
    if (!memo || !memo->hodoku_known) return NULL;
    if (hodoku_grid_is(&memo->hodoku_after, state)) return &memo->hodoku_after;
    if (hodoku_grid_is(&memo->hodoku_before, state)) return &memo->hodoku_before;
    return NULL;
}

/* The state g is (a grid the path keeps as it takes the steps is one). */
static void hodoku_state(const hodoku_grid *g, sudoku_logic *state)
{
    memcpy(state->placed.cell, g->value, sizeof g->value);
    memcpy(state->candidates, g->candidates, sizeof g->candidates);
}

/* The check before each step (next_step's), read off g's counts, or off
 * its board (state, or made from g if NULL) once they no longer tell. */
static bool hodoku_stuck(const hodoku_grid *g, const sudoku_logic *state)
{
    if (!g->drift) return hodoku_grid_stuck(g);
    sudoku_logic board;
    if (!state) {
        hodoku_state(g, &board);
        state = &board;
    }
    return logic_finished(state) || logic_digit_without_place(state);
}

/* Whether the puzzle has one solution, asked only when a technique that
 * assumes so would be tried (sudoku_rate_asking): most paths never come
 * to one, and the count costs a search of every solution. */
typedef struct question {
    sudoku_one_solution *ask; /* NULL once asked, or if nothing is to be asked */
    void *context;
    bool refused; /* answered no: the path stops there */
} question;

/* Asks qn now if it is still open; false if the answer is no. */
static bool answered_yes(question *qn)
{
    if (!qn || !qn->ask) return !qn || !qn->refused;
    qn->refused = !qn->ask(qn->context);
    qn->ask = NULL;
    return !qn->refused;
}

/* False if t assumes one solution, flags would try it, and qn, asked
 * now, says the puzzle has not one. */
static bool may_try(question *qn, const logic_technique *t, unsigned flags)
{
    if (!(t->flags & LOGIC_ASSUMES_UNIQUE) || (flags & SUDOKU_LOGIC_NO_UNIQUENESS)) return true;
    return answered_yes(qn);
}

/* Runs row t's finder of HoDoKu's scale on q's grid; false if it finds
 * nothing, has none, or is left out by flags. A step found is rated as
 * the row says: the technique asked for gives the level and the score,
 * whatever type of step its search found (HoDoKu counts them so). */
static bool hodoku_find(hodoku_query *q, const logic_technique *t, unsigned flags,
                        sudoku_step *step)
{
    if (!t->hodoku.find) return false;
    if ((t->flags & LOGIC_ASSUMES_UNIQUE) && (flags & SUDOKU_LOGIC_NO_UNIQUENESS)) return false;
    if ((t->flags & LOGIC_CHAIN) && (flags & SUDOKU_LOGIC_NO_CHAINS)) return false;
    double since = times_now();
    bool found = t->hodoku.find(q, t->id, step);
    times_add(true, t->id, found, since);
    if (!found) return false;
    step->technique = t->id;
    step->scale = SUDOKU_SCALE_HODOKU;
    step->level = t->hodoku.level;
    step->rating = t->hodoku.score;
    return true;
}

/* The first step of the techniques of HoDoKu's order from its index first
 * on (the search of hodoku_next); false if none finds one, memory ran
 * short (q->short_of_memory), or qn (if not NULL) was asked and said no. */
static bool hodoku_search(hodoku_query *q, unsigned flags, int first, question *qn,
                          sudoku_step *step)
{
    bool found = false;
    for (int i = first; i < logic_hodoku_techniques && !found && !q->short_of_memory; i++) {
        const logic_technique *t = &logic_catalogue[logic_hodoku_order[i]];
        if (!may_try(qn, t, flags)) return false;
        found = hodoku_find(q, t, flags, step);
        if ((t->flags & LOGIC_CHAIN) && q->budget && *q->budget == 0) break;
    }
    return found && !q->short_of_memory;
}

/* next_step on HoDoKu's scale: the first technique of its order that
 * finds a step, or none on a board next_step's check stops. The memo keeps
 * the grid before the search and after the step (the singles' finders
 * take entries off its queues as they look); the search runs on the
 * latter, in place. */
static bool hodoku_next(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                        logic_memo *memo, sudoku_step *step, bool *short_of_memory)
{
    hodoku_grid fresh;
    const hodoku_grid *start = hodoku_known(state, memo);
    if (!start) {
        hodoku_grid_from_state(&fresh, state);
        /* A state no constructor makes (a candidate beside the same digit
         * placed) gives a grid that is not it: then the check reads it. */
        fresh.drift = fresh.drift || !hodoku_grid_is(&fresh, state);
        start = &fresh;
    }
    if (hodoku_stuck(start, state)) return false;
    hodoku_grid *grid = &fresh;
    if (memo) {
        if (start != &memo->hodoku_before) memo->hodoku_before = *start;
        if (start != &memo->hodoku_after) memo->hodoku_after = *start;
        memo->hodoku_known = true;
        grid = &memo->hodoku_after;
    }
    hodoku_round *round = NULL; /* the memo keeps its own from board to board */
    hodoku_kept *kept = NULL;
    hodoku_query q = {
        grid, budget, false, memo ? &memo->hodoku_cache : NULL, memo ? &memo->hodoku_round : &round,
        &kept};
    bool found = hodoku_search(&q, flags, 0, NULL, step);
    hodoku_round_free(round);
    hodoku_kept_free(kept);
    *short_of_memory = q.short_of_memory;
    if (memo && found) hodoku_take_step(grid, step);
    return found;
}

bool sudoku_logic_find(const sudoku_logic *state, sudoku_technique technique, unsigned flags,
                       sudoku_step *step)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES || logic_finished(state)) return false;
    if (flags & SUDOKU_LOGIC_HODOKU) {
        hodoku_grid grid;
        hodoku_grid_from_state(&grid, state);
        hodoku_query hq = {&grid, NULL, false, NULL, NULL, NULL};
        int saved = errno;
        bool found = hodoku_find(&hq, &logic_catalogue[technique], flags, step);
        errno = hq.short_of_memory ? ENOMEM : saved;
        return found && !hq.short_of_memory;
    }
    if (!logic_catalogue[technique].find) return false;
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
    if (flags & SUDOKU_LOGIC_HODOKU)
        return hodoku_next(state, flags, budget, memo, step, short_of_memory);
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
        if (!t->find || (t->flags & LOGIC_WITH_PREVIOUS)) continue;
        chains = chains || (t->flags & LOGIC_CHAIN);
        if (chains && (flags & SUDOKU_LOGIC_NO_CHAINS)) break;
        found = find(&q, t, step);
        if (chains && budget && *budget == 0) break;
    }
    logic_nested_cache_free(cache);
    *short_of_memory = q.short_of_memory;
    return found;
}

sudoku_logic_memo *sudoku_logic_memo_new(void)
{
    return calloc(1, sizeof(sudoku_logic_memo));
}

void sudoku_logic_memo_free(sudoku_logic_memo *memo)
{
    if (memo) hodoku_round_free(memo->hodoku_round);
    free(memo);
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

/* The most score a level takes before the path's level goes up. */
static int level_limit(sudoku_level level)
{
    switch (level) {
    case SUDOKU_LEVEL_NONE:
    case SUDOKU_LEVEL_EASY: return 800;
    case SUDOKU_LEVEL_MEDIUM: return 1000;
    case SUDOKU_LEVEL_HARD: return 1600;
    case SUDOKU_LEVEL_UNFAIR: return 1800;
    default: return INT_MAX;
    }
}

/* HoDoKu's rule, step by step: raising the level as the score grows
 * after each step gives what raising it once at the end gives, since
 * neither goes down. */
static void hodoku_rating_add(sudoku_rating *rating, sudoku_technique technique, int variant,
                              sudoku_level level, int score)
{
    const logic_hodoku_column *hardest = &logic_catalogue[rating->hardest].hodoku;
    if (rating->scale != SUDOKU_SCALE_HODOKU || level > hardest->level ||
        (level == hardest->level && score > hardest->score)) {
        rating->hardest = technique;
        rating->hardest_variant = variant;
    }
    rating->scale = SUDOKU_SCALE_HODOKU;
    rating->score += score;
    if (level > rating->level) rating->level = level;
    if (rating->level < SUDOKU_LEVEL_EASY) rating->level = SUDOKU_LEVEL_EASY;
    while (rating->level < SUDOKU_LEVEL_EXTREME && rating->score > level_limit(rating->level))
        rating->level++;
}

void sudoku_rating_give_up(sudoku_rating *rating)
{
    const logic_hodoku_column *give_up = &logic_catalogue[SUDOKU_GIVE_UP].hodoku;
    hodoku_rating_add(rating, SUDOKU_GIVE_UP, 0, give_up->level, give_up->score);
}

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step)
{
    if (step->scale == SUDOKU_SCALE_HODOKU) {
        hodoku_rating_add(rating, step->technique, step->variant, step->level, step->rating);
        rating->steps++;
        return;
    }
    if (rating->steps == 0 || step->rating > rating->er) {
        rating->er = step->rating;
        rating->hardest = step->technique;
    }
    if (rating->steps == 0) rating->ed = rating->er;
    /* EP waits for the first placement; ep == 0 until then. */
    if (rating->ep == 0 && places(step)) rating->ep = rating->er;
    rating->steps++;
}

/* What hodoku_rate returns when the path took a step that placed a digit
 * in a cell placed with another: the grid and the state part there (the
 * state keeps the first digit), and the path goes on as the step by step
 * one does, which hodoku_rate does not follow. */
#define HODOKU_RATE_AGAIN (-1)

/* True if step places a digit in a cell g has placed with another. Most
 * steps place none: cells skipped eight at a time. */
static bool hodoku_places_again(const hodoku_grid *g, const sudoku_step *step)
{
    for (int at = 0; at < SUDOKU_CELLS; at += 8) {
        if (at + 8 <= SUDOKU_CELLS && !sudoku_load64(&step->place[at])) continue;
        for (int cell = at; cell < at + 8 && cell < SUDOKU_CELLS; cell++)
            if (step->place[cell] && g->value[cell] && g->value[cell] != step->place[cell])
                return true;
    }
    return false;
}

/* What a path that found no next step ends in. */
static sudoku_rate_outcome no_step(bool short_of_memory, unsigned long long left)
{
    return short_of_memory ? SUDOKU_RATE_OUT_OF_MEMORY
           : left == 0     ? SUDOKU_RATE_OVER_BUDGET
                           : SUDOKU_RATE_STUCK;
}

/* Marks technique used; true if the path's rating is now above ceiling
 * (score, the step's, on SE's scale; HoDoKu's level also rises with the
 * score: there the puzzle's level so far). */
static bool rated_above(const sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES], unsigned flags,
                        int ceiling, sudoku_technique technique, int score)
{
    if (used) used[technique] = true;
    int above = (flags & SUDOKU_LOGIC_HODOKU) ? (int)rating->level : score;
    return ceiling > 0 && above > ceiling;
}

/* True if every unit of g, all placed, holds the nine digits: a path
 * that reaches such a grid has found a solution. The digits placed in
 * each unit are kept until a cell takes a second one (drift). */
static bool hodoku_grid_solution(const hodoku_grid *g)
{
    if (g->drift) return false;
    unsigned all = ALL_DIGITS;
    for (int unit = 0; unit < 27; unit++) all &= g->unit_placed[unit];
    return g->placed == SUDOKU_CELLS && all == ALL_DIGITS;
}

/* sudoku_rate_asking on HoDoKu's scale from the puzzle's givens
 * (SUDOKU_RATE_INVALID if sudoku_check_givens refuses them): the path
 * hodoku_next takes step by step (the grid it keeps in the memo is the
 * state all along), on one grid and nothing else: a single found is rated
 * and placed at once, without a step or a state; the other techniques
 * fill a step as always. HODOKU_RATE_AGAIN in the one case where the two
 * would part. Like the command's walk, it stops after 729 steps (each
 * removes a candidate: it never comes to that). The ALS finders' round
 * goes on from board to board in *round (the caller frees it). */
static int hodoku_rate(const sudoku_grid *puzzle, unsigned flags, unsigned long long *left,
                       int ceiling, sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES],
                       hodoku_round **round, question *qn)
{
    hodoku_grid grid;
    if (!hodoku_grid_from_givens(&grid, puzzle)) return SUDOKU_RATE_INVALID;
    hodoku_cache cache;
    hodoku_cache_clear(&cache);
    sudoku_step step;
    /* The singles that head HoDoKu's order, tried before every step. */
    int singles = 0;
    while (singles < logic_hodoku_techniques && hodoku_is_single(logic_hodoku_order[singles]))
        singles++;
    while (grid.placed < SUDOKU_CELLS) {
        if (rating->steps >= 9 * SUDOKU_CELLS || hodoku_stuck(&grid, NULL))
            return no_step(false, *left);
        hodoku_single single;
        int first = hodoku_take_first_single(&grid, logic_hodoku_order, singles, &single);
        if (first < singles) {
            const logic_technique *t = &logic_catalogue[logic_hodoku_order[first]];
            hodoku_rating_add(rating, t->id, 0, t->hodoku.level, t->hodoku.score);
            rating->steps++;
            if (rated_above(rating, used, flags, ceiling, t->id, t->hodoku.score))
                return SUDOKU_RATE_ABOVE;
            hodoku_place(&grid, single.cell, single.digit);
            continue;
        }
        hodoku_kept *kept = NULL;
        hodoku_query q = {&grid, left, false, &cache, round, &kept};
        bool found = hodoku_search(&q, flags, singles, qn, &step);
        hodoku_kept_free(kept);
        if (qn && qn->refused) return SUDOKU_RATE_NOT_UNIQUE;
        if (!found) return no_step(q.short_of_memory, *left);
        if (hodoku_places_again(&grid, &step)) return HODOKU_RATE_AGAIN;
        sudoku_rating_add(rating, &step);
        if (rated_above(rating, used, flags, ceiling, step.technique, step.rating))
            return SUDOKU_RATE_ABOVE;
        hodoku_take_step(&grid, &step);
    }
    /* Not asked: the steps, each true in every solution, placed the
     * whole grid, so it is the one solution, unless it is none. */
    if (!hodoku_grid_solution(&grid) && !answered_yes(qn)) return SUDOKU_RATE_NOT_UNIQUE;
    return SUDOKU_RATE_SOLVED;
}

/* sudoku_rate_used's path step by step from state, with memo. */
static sudoku_rate_outcome rate_steps(sudoku_logic *state, unsigned flags, unsigned long long *left,
                                      int ceiling, logic_memo *memo, sudoku_rating *rating,
                                      bool used[SUDOKU_TECHNIQUES])
{
    sudoku_step step;
    /* Each step removes a candidate at least: the path ends. */
    while (!sudoku_logic_solved(state)) {
        bool short_of_memory = false;
        if (!next_step(state, flags, left, memo, &step, &short_of_memory))
            return no_step(short_of_memory, *left);
        sudoku_rating_add(rating, &step);
        if (rated_above(rating, used, flags, ceiling, step.technique, step.rating))
            return SUDOKU_RATE_ABOVE;
        sudoku_logic_apply(state, &step);
    }
    return SUDOKU_RATE_SOLVED;
}

/* No step rated yet, and no technique used. */
static void rating_clear(sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES])
{
    memset(rating, 0, sizeof *rating);
    if (used) memset(used, 0, SUDOKU_TECHNIQUES * sizeof *used);
}

/* sudoku_rate_asking, qn NULL if nothing is to be asked. */
static sudoku_rate_outcome rate(const sudoku_grid *puzzle, unsigned flags,
                                unsigned long long budget, int ceiling, sudoku_rating *rating,
                                bool used[SUDOKU_TECHNIQUES], question *qn)
{
    rating_clear(rating, used);
    sudoku_logic state;
    unsigned long long left = budget ? budget : ~0ull;
    if (flags & SUDOKU_LOGIC_HODOKU) {
        /* Where it parts, the path step by step starts afresh, budget and all. */
        unsigned long long hodoku_left = left;
        hodoku_round *round = NULL;
        int outcome = hodoku_rate(puzzle, flags, &hodoku_left, ceiling, rating, used, &round, qn);
        hodoku_round_free(round);
        if (outcome != HODOKU_RATE_AGAIN) return (sudoku_rate_outcome)outcome;
        rating_clear(rating, used);
    }
    if (!sudoku_logic_from_grid(&state, puzzle)) return SUDOKU_RATE_INVALID;
    /* The path step by step does not put the question off. */
    if (!(flags & SUDOKU_LOGIC_NO_UNIQUENESS) && !answered_yes(qn)) return SUDOKU_RATE_NOT_UNIQUE;
    logic_memo memo;
    memset(&memo, 0, sizeof memo);
    sudoku_rate_outcome outcome = rate_steps(&state, flags, &left, ceiling, &memo, rating, used);
    hodoku_round_free(memo.hodoku_round);
    return outcome;
}

sudoku_rate_outcome sudoku_rate_used(const sudoku_grid *puzzle, unsigned flags,
                                     unsigned long long budget, int ceiling, sudoku_rating *rating,
                                     bool used[SUDOKU_TECHNIQUES])
{
    return rate(puzzle, flags, budget, ceiling, rating, used, NULL);
}

sudoku_rate_outcome sudoku_rate_asking(const sudoku_grid *puzzle, unsigned flags,
                                       unsigned long long budget, int ceiling,
                                       sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES],
                                       sudoku_one_solution *one_solution, void *context)
{
    question qn = {one_solution, context, false};
    return rate(puzzle, flags, budget, ceiling, rating, used, &qn);
}

sudoku_rate_outcome sudoku_rate(const sudoku_grid *puzzle, unsigned flags,
                                unsigned long long budget, int ceiling, sudoku_rating *rating)
{
    return sudoku_rate_used(puzzle, flags, budget, ceiling, rating, NULL);
}
