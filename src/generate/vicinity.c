/*
 * vicinity.c: the puzzles near a puzzle (sudoku_vicinity): those with one
 * solution made by taking N of its clues away and adding M, each class of
 * equivalent puzzles once, as researchers explore a puzzle's
 * neighbourhood ({-N+M}) for harder or rarer ones.
 *
 * For each set of N clues taken away, the puzzle left has many solutions,
 * and a set of M clues added leaves one exactly when one solution only
 * holds all of them. With one clue to add, additions.c answers for every
 * cell and digit at once, without walking every solution; with more, the
 * first clue is placed in each way in turn and the rest are found the same
 * way among the cells after it, so that each set of additions is met once.
 */
#include "additions.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The canonical forms met so far: open addressing, doubled when half full. */
typedef struct class_set {
    sudoku_grid *forms;
    bool *used;
    size_t size, count;
} class_set;

static uint64_t form_hash(const sudoku_grid *form)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) h = (h ^ form->cell[cell]) * 0x100000001B3ull;
    return h;
}

/* Puts form in the slot where it is, or where it goes; returns 1 if it
 * was not there, 0 if it was. The table has room. */
static int class_put(class_set *set, const sudoku_grid *form)
{
    size_t i = (size_t)(form_hash(form) & (set->size - 1));
    for (; set->used[i]; i = (i + 1) & (set->size - 1))
        if (memcmp(&set->forms[i], form, sizeof *form) == 0) return 0;
    set->used[i] = true;
    set->forms[i] = *form;
    set->count++;
    return 1;
}

/* Adds form; returns 1 if it is new, 0 if met before, -1 if memory ran out. */
static int class_add(class_set *set, const sudoku_grid *form)
{
    if (2 * (set->count + 1) > set->size) {
        class_set bigger = {NULL, NULL, set->size ? 2 * set->size : 1024, 0};
        bigger.forms = malloc(bigger.size * sizeof *bigger.forms);
        bigger.used = calloc(bigger.size, sizeof *bigger.used);
        if (!bigger.forms || !bigger.used) {
            free(bigger.forms);
            free(bigger.used);
            return -1;
        }
        for (size_t i = 0; i < set->size; i++)
            if (set->used[i]) class_put(&bigger, &set->forms[i]);
        free(set->forms);
        free(set->used);
        *set = bigger;
    }
    return class_put(set, form);
}

/* One neighbourhood being walked. */
typedef struct walk {
    const sudoku_vicinity_query *query;
    const sudoku_grid *original;
    sudoku_each_puzzle *each;
    void *context;
    sudoku_vicinity_counts *counts;
    class_set classes;
    sudoku_vicinity_outcome outcome; /* DONE while the walk goes on */
} walk;

static unsigned long guesses_left(const walk *w)
{
    unsigned long long budget = w->query->max_guesses;
    if (!budget) return 0;
    unsigned long long left = budget > w->counts->guesses ? budget - w->counts->guesses : 1;
    return left > ~0ul ? ~0ul : (unsigned long)left;
}

/* Counts a search's guesses; false (and the outcome said) once the budget is spent. */
static bool spend(walk *w, unsigned long guesses, bool over_budget)
{
    w->counts->guesses += guesses;
    if (over_budget) w->outcome = SUDOKU_VICINITY_OVER_BUDGET;
    return !over_budget;
}

/* A puzzle with one solution found: reported if its class is new (and it
 * is minimal, when asked). Returns false when the walk is to stop. */
static bool found(walk *w, const sudoku_grid *puzzle)
{
    w->counts->found++;
    sudoku_grid form;
    sudoku_canon(puzzle, &form, NULL, NULL);
    int added = class_add(&w->classes, &form);
    if (added < 0) {
        w->outcome = SUDOKU_VICINITY_OUT_OF_MEMORY;
        return false;
    }
    if (added == 0) return true;
    if (w->query->minimal) {
        bool redundant[SUDOKU_CELLS];
        if (sudoku_redundant_clues(puzzle, redundant) != 0) return true;
    }
    w->counts->classes++;
    if (!w->each(puzzle, w->context)) w->outcome = SUDOKU_VICINITY_STOPPED;
    return w->outcome == SUDOKU_VICINITY_DONE;
}

/* The digits that may be added at cell of puzzle: any its peers' givens
 * leave, but a removed clue's own (putting it back is a smaller change). */
static uint16_t addable(const walk *w, const sudoku_grid *puzzle, int cell)
{
    uint16_t digits = additions_free_digits(puzzle, cell);
    int own = w->original->cell[cell];
    if (own) digits &= (uint16_t) ~(1u << (own - 1));
    return digits;
}

/* Adds `more` clues to puzzle in the cells from `from` on, every way that
 * leaves one solution. Returns false when the walk is to stop. Recurses
 * once per clue added: SUDOKU_VICINITY_MAX_ADD deep at most. */
// NOLINTNEXTLINE(misc-no-recursion)
static bool add_clues(walk *w, sudoku_grid *puzzle, int from, int more)
{
    if (more == 0) {
        sudoku_result result;
        unsigned long n = sudoku_solve_within(puzzle, 2, guesses_left(w), &result);
        if (!spend(w, result.guesses, result.over_budget)) return false;
        return n != 1 || found(w, puzzle);
    }
    if (more == 1) {
        uint16_t allowed[SUDOKU_CELLS] = {0};
        for (int cell = from; cell < SUDOKU_CELLS; cell++)
            if (!puzzle->cell[cell]) allowed[cell] = addable(w, puzzle, cell);
        additions a;
        additions_find(puzzle, allowed, guesses_left(w), &a);
        if (!spend(w, a.guesses, a.over_budget)) return false;
        for (int cell = from; cell < SUDOKU_CELLS; cell++)
            for (unsigned digits = a.once[cell]; digits; digits &= digits - 1) {
                puzzle->cell[cell] = (uint8_t)sudoku_lowest_digit(digits);
                bool go = found(w, puzzle);
                puzzle->cell[cell] = 0;
                if (!go) return false;
            }
        return true;
    }
    for (int cell = from; cell < SUDOKU_CELLS; cell++) {
        if (puzzle->cell[cell]) continue;
        for (unsigned digits = addable(w, puzzle, cell); digits; digits &= digits - 1) {
            puzzle->cell[cell] = (uint8_t)sudoku_lowest_digit(digits);
            bool go = add_clues(w, puzzle, cell + 1, more - 1);
            puzzle->cell[cell] = 0;
            if (!go) return false;
        }
    }
    return true;
}

/* The sets of `more` additions there are to a puzzle whose blank cells
 * take choices[i] digits each: the coefficient of x^more in the product
 * of (1 + choices[i] x), every combination counted, tried or not. */
static unsigned long long addition_sets(const int *choices, int n, int more)
{
    unsigned long long ways[SUDOKU_CELLS + 1] = {1};
    for (int i = 0; i < n; i++)
        for (int k = more; k > 0; k--) ways[k] += ways[k - 1] * (unsigned long long)choices[i];
    return ways[more];
}

/* Takes away `more` of the clues cells[from..n) from puzzle, every way,
 * and adds the query's clues to each result. Recurses once per clue taken
 * away: 81 deep at most. */
// NOLINTNEXTLINE(misc-no-recursion)
static bool remove_clues(walk *w, sudoku_grid *puzzle, const int *clues, int n, int from, int more)
{
    if (more == 0) {
        int choices[SUDOKU_CELLS], blanks = 0;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!puzzle->cell[cell]) choices[blanks++] = w->original->cell[cell] ? 8 : 9;
        w->counts->candidates += addition_sets(choices, blanks, w->query->add);
        return add_clues(w, puzzle, 0, w->query->add);
    }
    for (int i = from; i <= n - more; i++) {
        int cell = clues[i];
        puzzle->cell[cell] = 0;
        bool go = remove_clues(w, puzzle, clues, n, i + 1, more - 1);
        puzzle->cell[cell] = w->original->cell[cell];
        if (!go) return false;
    }
    return true;
}

sudoku_vicinity_outcome sudoku_vicinity(const sudoku_grid *puzzle,
                                        const sudoku_vicinity_query *query,
                                        sudoku_each_puzzle *each, void *context,
                                        sudoku_vicinity_counts *counts)
{
    memset(counts, 0, sizeof *counts);
    int clues[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle->cell[cell]) clues[n++] = cell;
    sudoku_grid form;
    if (query->remove < 0 || query->add < 0 || query->add > SUDOKU_VICINITY_MAX_ADD ||
        query->remove > n || !sudoku_canon(puzzle, &form, NULL, NULL))
        return SUDOKU_VICINITY_INVALID;
    walk w = {query, puzzle, each, context, counts, {NULL, NULL, 0, 0}, SUDOKU_VICINITY_DONE};
    /* The puzzle's own class is no news. */
    if (class_add(&w.classes, &form) < 0) return SUDOKU_VICINITY_OUT_OF_MEMORY;
    sudoku_grid work = *puzzle;
    int saved = errno;
    remove_clues(&w, &work, clues, n, 0, query->remove);
    errno = saved;
    free(w.classes.forms);
    free(w.classes.used);
    return w.outcome;
}
