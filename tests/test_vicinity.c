/*
 * test_vicinity.c: the puzzles near a puzzle (sudoku_vicinity) against a
 * brute-force enumeration written here, slow and plainly right: every set
 * of clues taken away, every set of cells and digits added, each puzzle
 * judged by the tests' own solver (reference.c). The library must report
 * exactly one puzzle of each class the enumeration finds (the classes
 * told apart by sudoku_canon, which test_canon checks on its own), each
 * one of the enumeration's puzzles itself, and count the candidates as
 * the enumeration does. And the measures of check (sudoku_backdoor_size,
 * sudoku_trial_depth) against a propagation of singles written here.
 *
 * Run from the project root:
 *     build/tests/test_vicinity
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "checker.h"
#include "reference.h"
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the brute force ---- */

/* The puzzles found, as 81-character texts. */
typedef struct list {
    char (*p)[82];
    size_t n, room;
} list;

static void list_add(list *l, const char *p)
{
    if (l->n == l->room) {
        l->room = l->room ? 2 * l->room : 256;
        l->p = realloc(l->p, l->room * sizeof *l->p);
        assert_non_null(l->p);
    }
    memcpy(l->p[l->n++], p, 82);
}

static bool list_has(const list *l, const char *p)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->p[i], p) == 0) return true;
    return false;
}

typedef struct brute {
    const char *original;
    char work[82];
    int add;
    unsigned long long candidates;
    list unique;
} brute;

/* Every way to add `more` clues in the blank cells from `from` on. */
static void brute_add(brute *b, int from, int more)
{
    if (more == 0) {
        b->candidates++;
        reference_answer a = reference_solve(b->work, 2);
        assert_false(a.over_budget);
        if (!a.clash && a.solutions == 1) list_add(&b->unique, b->work);
        return;
    }
    for (int cell = from; cell < 81; cell++) {
        if (b->work[cell] != '.') continue;
        for (char digit = '1'; digit <= '9'; digit++) {
            if (digit == b->original[cell]) continue; /* a clue back as it was: no change */
            b->work[cell] = digit;
            brute_add(b, cell + 1, more - 1);
            b->work[cell] = '.';
        }
    }
}

/* Every way to take `more` clues away from the cells from `from` on. */
static void brute_remove(brute *b, int from, int more)
{
    if (more == 0) {
        brute_add(b, 0, b->add);
        return;
    }
    for (int cell = from; cell < 81; cell++) {
        if (b->work[cell] == '.') continue;
        b->work[cell] = '.';
        brute_remove(b, cell + 1, more - 1);
        b->work[cell] = b->original[cell];
    }
}

/* ---- the library's answer ---- */

static bool collect(const sudoku_grid *puzzle, void *context)
{
    char text[82];
    assert_true(cells_to_text(puzzle->cell, text));
    list_add(context, text);
    return true;
}

static void grid_of(const char *p, sudoku_grid *g)
{
    for (int i = 0; i < 81; i++)
        g->cell[i] = (uint8_t)(p[i] >= '1' && p[i] <= '9' ? p[i] - '0' : 0);
}

static void canon_of(const char *p, sudoku_grid *form)
{
    sudoku_grid g;
    grid_of(p, &g);
    assert_true(sudoku_canon(&g, form, NULL, NULL));
}

static bool same_form(const sudoku_grid *a, const sudoku_grid *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int compare_forms(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(sudoku_grid));
}

/* The library's neighbourhood of p against the brute force's. */
static void compare(const char *p, int remove, int add, bool minimal)
{
    brute b = {.original = p, .add = add};
    memcpy(b.work, p, 82);
    brute_remove(&b, 0, remove);

    sudoku_grid puzzle, own, form;
    grid_of(p, &puzzle);
    canon_of(p, &own);
    list found = {0};
    sudoku_vicinity_query query = {remove, add, minimal, 0};
    sudoku_vicinity_counts counts;
    assert_int_equal(sudoku_vicinity(&puzzle, &query, collect, &found, &counts),
                     SUDOKU_VICINITY_DONE);
    assert_int_equal(counts.candidates, b.candidates);
    assert_int_equal(counts.found, b.unique.n);
    assert_int_equal(counts.classes, found.n);

    /* Each reported puzzle is one the brute force found, minimal when
     * asked, of a class of its own and not the puzzle's. */
    sudoku_grid *forms = calloc(found.n + 1, sizeof *forms);
    assert_non_null(forms);
    for (size_t i = 0; i < found.n; i++) {
        if (!list_has(&b.unique, found.p[i]))
            fail_msg("{-%d+%d} of %s: %s is not among the brute force's", remove, add, p,
                     found.p[i]);
        if (minimal) {
            bool can_go[81];
            assert_int_equal(reference_redundant(found.p[i], can_go), 0);
        }
        canon_of(found.p[i], &forms[i]);
        assert_false(same_form(&forms[i], &own));
    }
    qsort(forms, found.n, sizeof *forms, compare_forms);
    for (size_t i = 1; i < found.n; i++) assert_false(same_form(&forms[i], &forms[i - 1]));
    /* Each class the brute force found (minimal, when asked) is reported. */
    for (size_t i = 0; i < b.unique.n; i++) {
        if (minimal) {
            bool can_go[81];
            if (reference_redundant(b.unique.p[i], can_go) != 0) continue;
        }
        canon_of(b.unique.p[i], &form);
        bool reported = same_form(&form, &own) ||
                        bsearch(&form, forms, found.n, sizeof *forms, compare_forms) != NULL;
        if (!reported)
            fail_msg("{-%d+%d} of %s: the class of %s is missing", remove, add, p, b.unique.p[i]);
    }
    free(forms);
    free(found.p);
    free(b.unique.p);
}

/* Minimal puzzles of 22 and 24 clues (sudoku generate --seed 4 --clues
 * 22, --seed 1), one of 30 clues that can lose some (--seed 1 --clues
 * 30), and a solution grid with three cells blank, so that two clues can
 * be added at a cost the brute force can pay. */
static const char *const minimal_22 =
    ".....65...2..7..1..48....9.....9...74.6..3........1....9......5.34.2.7.......9..3";
static const char *const minimal_24 =
    ".2.........764..8....9..23......1..9....6....3.659......5.7.36..14.3.7.8.........";
static const char *const thirty =
    ".51...729..8.....4.6..4.....3.........6.5..3.82.3.6.....74.26.5.8.63..17.....729.";
static const char *const nearly_full =
    "451863729798521364263749158534218976176954832829376541317492685982635417645187...";

static void remove_one_add_one(void **state)
{
    (void)state;
    compare(minimal_22, 1, 1, false);
    compare(minimal_24, 1, 1, false);
}

static void minimal_only(void **state)
{
    (void)state;
    compare(minimal_22, 1, 1, true);
}

static void remove_without_adding(void **state)
{
    (void)state;
    compare(minimal_24, 2, 0, false);
    compare(thirty, 3, 0, false);
}

static void adding_two(void **state)
{
    (void)state;
    compare(nearly_full, 1, 2, false);
    compare(minimal_24, 0, 1, false);
}

static void bad_queries(void **state)
{
    (void)state;
    sudoku_grid puzzle;
    grid_of(minimal_22, &puzzle);
    list found = {0};
    sudoku_vicinity_counts counts;
    sudoku_vicinity_query too_many = {23, 1, false, 0};
    assert_int_equal(sudoku_vicinity(&puzzle, &too_many, collect, &found, &counts),
                     SUDOKU_VICINITY_INVALID);
    sudoku_vicinity_query add_too_many = {1, SUDOKU_VICINITY_MAX_ADD + 1, false, 0};
    assert_int_equal(sudoku_vicinity(&puzzle, &add_too_many, collect, &found, &counts),
                     SUDOKU_VICINITY_INVALID);
    sudoku_vicinity_query tight = {2, 1, false, 1};
    assert_int_equal(sudoku_vicinity(&puzzle, &tight, collect, &found, &counts),
                     SUDOKU_VICINITY_OVER_BUDGET);
    free(found.p);
}

/* ---- the measures, against singles written here ---- */

/* Naked and hidden singles to a fixpoint on candidate masks (bit d for
 * digit d); false on a contradiction. */
static bool singles(unsigned cand[81])
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int cell = 0; cell < 81; cell++) {
            if (!cand[cell]) return false;
            if (cand[cell] & (cand[cell] - 1)) continue;
            for (int other = 0; other < 81; other++) {
                bool peer =
                    other != cell && (other / 9 == cell / 9 || other % 9 == cell % 9 ||
                                      (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3));
                if (peer && (cand[other] & cand[cell])) {
                    cand[other] &= ~cand[cell];
                    changed = true;
                    if (!cand[other]) return false;
                }
            }
        }
        for (int unit = 0; unit < 27; unit++)
            for (int d = 1; d <= 9; d++) {
                int places = 0, where = -1;
                for (int i = 0; i < 9; i++) {
                    int cell = unit < 9    ? 9 * unit + i
                               : unit < 18 ? 9 * i + unit - 9
                                           : 27 * ((unit - 18) / 3) + 3 * ((unit - 18) % 3) +
                                                 9 * (i / 3) + i % 3;
                    if (cand[cell] & (1u << d)) {
                        places++;
                        where = cell;
                    }
                }
                if (places == 0) return false;
                if (places == 1 && cand[where] != (1u << d)) {
                    cand[where] = 1u << d;
                    changed = true;
                }
            }
    }
    return true;
}

static void load(const char *p, unsigned cand[81])
{
    for (int i = 0; i < 81; i++) cand[i] = p[i] >= '1' && p[i] <= '9' ? 1u << (p[i] - '0') : 0x3FEu;
}

static bool solved(const unsigned cand[81])
{
    for (int i = 0; i < 81; i++)
        if (cand[i] & (cand[i] - 1)) return false;
    return true;
}

/* True if some set of `size` cells, given the solution's digits, lets
 * singles solve p: every set tried, from scratch. */
static bool backdoor_of(const char *p, const char *solution, int size, int from, char *work)
{
    if (size == 0) {
        unsigned cand[81];
        load(work, cand);
        return singles(cand) && solved(cand);
    }
    for (int cell = from; cell < 81; cell++) {
        if (work[cell] != '.') continue;
        work[cell] = solution[cell];
        bool found = backdoor_of(p, solution, size - 1, cell + 1, work);
        work[cell] = '.';
        if (found) return true;
    }
    return false;
}

/* T&E(1) to a fixpoint: each candidate whose singles meet a contradiction
 * removed. */
static bool trial_one(unsigned cand[81])
{
    if (!singles(cand)) return false;
    for (bool changed = true; changed && !solved(cand);) {
        changed = false;
        for (int cell = 0; cell < 81; cell++)
            for (int d = 1; d <= 9; d++) {
                if (!(cand[cell] & (1u << d)) || cand[cell] == (1u << d)) continue;
                unsigned test[81];
                memcpy(test, cand, sizeof test);
                test[cell] = 1u << d;
                if (singles(test)) continue;
                cand[cell] &= ~(1u << d);
                if (!singles(cand)) return false;
                changed = true;
            }
    }
    return true;
}

static void measures_agree(void **state)
{
    (void)state;
    /* Norvig's hardest, an easy one of his, and two of the forum's
     * hardest (T&E depth 2). */
    static const char *const puzzles[] = {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
        "98.7..6..5...9..7...7..4...4...327....65...9.......3.11...8.5...2.........54...8."};
    for (size_t i = 0; i < sizeof puzzles / sizeof puzzles[0]; i++) {
        const char *p = puzzles[i];
        reference_answer a = reference_solve(p, 2);
        assert_int_equal(a.solutions, 1);
        sudoku_grid g;
        grid_of(p, &g);
        int size = sudoku_backdoor_size(&g, 4, 0);
        char work[82];
        memcpy(work, p, 82);
        /* The smallest: one of that size, none smaller (sizes up to 3 here). */
        assert_true(size >= 0 && size <= 3);
        assert_true(backdoor_of(p, a.solution, size, 0, work));
        if (size > 0) assert_false(backdoor_of(p, a.solution, size - 1, 0, work));
        unsigned cand[81];
        load(p, cand);
        bool by_singles = singles(cand) && solved(cand);
        load(p, cand);
        bool by_trial = trial_one(cand) && solved(cand);
        int depth = sudoku_trial_depth(&g, 2, 0);
        assert_int_equal(depth, by_singles ? 0 : by_trial ? 1 : 2);
    }
    sudoku_grid two;
    grid_of("1...............................................................................2",
            &two);
    assert_int_equal(sudoku_backdoor_size(&two, 4, 0), SUDOKU_MEASURE_NO_SOLUTION);
    assert_int_equal(sudoku_trial_depth(&two, 2, 0), SUDOKU_MEASURE_NO_SOLUTION);
    sudoku_grid hard;
    grid_of(puzzles[3], &hard);
    assert_int_equal(sudoku_trial_depth(&hard, 2, 10), SUDOKU_MEASURE_OVER_BUDGET);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(remove_one_add_one),    cmocka_unit_test(minimal_only),
        cmocka_unit_test(remove_without_adding), cmocka_unit_test(adding_two),
        cmocka_unit_test(bad_queries),           cmocka_unit_test(measures_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
