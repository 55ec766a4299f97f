/*
 * test_aic.c: HoDoKu's chain family (src/logic/aic/) against HoDoKu 2.2
 * itself: every path of ../shared/ratings/hodoku/paths.jsonl is replayed,
 * and at each step of the family (Remote Pair, Turbot Fish, X-Chain,
 * XY-Chain, nice loops and AICs, ALS, forcing chains and nets) our finder,
 * asked on the same grid, must give HoDoKu's step: its type, its
 * eliminations in HoDoKu's order, its placement and its text. Every step
 * it gives is also checked against the puzzle's solution (no solution
 * digit eliminated, none but it placed). Skipped, with a message, where
 * the paths are absent. AIC_CODES=x,xyc narrows it to some techniques.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hodoku_paths.h"
#include "logic/aic/grid.h"
#include "logic/aic/als.h"
#include "logic/aic/forcing.h"
#include "logic/aic/loops.h"
#include "logic/aic/simple.h"
#include "logic/aic/text.h"
#include "sudoku.h"

/* The singles HoDoKu's solver asks for before any other technique (spec
 * 2.4), as they use up its queues: Full House reads the naked singles
 * queue, Naked Single and Hidden Single take from theirs. */
static bool full_house(const aic_grid *g)
{
    for (int i = g->naked.head; i < g->naked.tail; i++) {
        int cell = g->naked.cell[i], digit = g->naked.digit[i];
        if (g->value[cell]) continue;
        for (int k = 0; k < 3; k++) {
            int house = sudoku_cell_units[cell][k], others = 0;
            for (int d = 1; d <= 9; d++)
                if (d != digit) others += g->free[house][d];
            if (!others) return true;
        }
    }
    return false;
}

static bool naked_single(aic_grid *g)
{
    int cell, digit;
    while (aic_queue_pop(&g->naked, &cell, &digit))
        if (!g->value[cell]) return true;
    return false;
}

static bool hidden_single(aic_grid *g)
{
    int cell, digit;
    while (aic_queue_pop(&g->hidden, &cell, &digit)) {
        if (g->value[cell]) continue;
        for (int k = 0; k < 3; k++)
            if (g->free[sudoku_cell_units[cell][k]][digit] == 1) return true;
        return false;
    }
    return false;
}

typedef struct tally {
    int asked, same, text_same, unsound;
} tally;

static const char *const family[] = {"rp", "tf", "x", "xyc", "dnl", "cnl", "aic", "gdnl", "gcnl", "gaic", "axz", "axy", "ach", "fcc", "fcv", "fnc", "fnv"};
#define FAMILY (int)(sizeof family / sizeof family[0])

static int family_index(const char *code)
{
    for (int i = 0; i < FAMILY; i++)
        if (!strcmp(code, family[i])) return i;
    return -1;
}

static bool wanted(const char *code)
{
    const char *only = getenv("AIC_CODES");
    if (!only) return true;
    size_t n = strlen(code);
    for (const char *p = only; (p = strstr(p, code)); p += n)
        if ((p == only || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return true;
    return false;
}

static bool find(const aic_grid *g, const char *code, aic_step *step)
{
    bool no_memory = false;
    if (!strcmp(code, "rp")) return aic_find_simple_chain(g, AIC_REMOTE_PAIR, step, &no_memory);
    if (!strcmp(code, "tf")) return aic_find_simple_chain(g, AIC_TURBOT_FISH, step, &no_memory);
    if (!strcmp(code, "x")) return aic_find_simple_chain(g, AIC_X_CHAIN, step, &no_memory);
    if (!strcmp(code, "xyc")) return aic_find_simple_chain(g, AIC_XY_CHAIN, step, &no_memory);
    if (!strcmp(code, "dnl") || !strcmp(code, "cnl") || !strcmp(code, "aic"))
        return aic_find_nice_loop(g, false, step, &no_memory);
    if (!strcmp(code, "gdnl") || !strcmp(code, "gcnl") || !strcmp(code, "gaic"))
        return aic_find_nice_loop(g, true, step, &no_memory);
    if (!strcmp(code, "axz")) return aic_find_als(g, AIC_ALS_XZ, step, &no_memory);
    if (!strcmp(code, "axy")) return aic_find_als(g, AIC_ALS_XY_WING, step, &no_memory);
    if (!strcmp(code, "ach")) return aic_find_als(g, AIC_ALS_CHAIN, step, &no_memory);
    if (!strcmp(code, "fcc") || !strcmp(code, "fcv")) return aic_find_forcing(g, false, step, &no_memory);
    if (!strcmp(code, "fnc") || !strcmp(code, "fnv")) return aic_find_forcing(g, true, step, &no_memory);
    return false;
}

/* The step against HoDoKu's: type, placements, eliminations in order. */
static bool same_step(const aic_step *step, const hp_step *ref)
{
    if (strcmp(aic_kind_code(step->kind), ref->code)) return false;
    if ((step->place_cell >= 0) != (ref->nplace == 1)) return false;
    if (ref->nplace == 1 &&
        (step->place_cell != ref->place[0].cell || step->place_digit != ref->place[0].digit))
        return false;
    if (step->nelim != ref->nelim) return false;
    for (int i = 0; i < ref->nelim; i++)
        if (step->elim[i].cell != ref->elim[i].cell || step->elim[i].digit != ref->elim[i].digit)
            return false;
    return true;
}

/* No solution digit eliminated, and only solution digits placed. */
static bool sound(const aic_step *step, const char *solution)
{
    for (int i = 0; i < step->nelim; i++)
        if (solution[step->elim[i].cell] - '0' == step->elim[i].digit) return false;
    return step->place_cell < 0 || solution[step->place_cell] - '0' == step->place_digit;
}

static void replay(const hp_path *path, tally *t, aic_step *step, char *text, int *shown)
{
    aic_grid g;
    aic_grid_clear(&g);
    char solution[82];
    memcpy(solution, path->puzzle, 82);
    for (int i = 0; i < path->nsteps; i++)
        for (int k = 0; k < path->steps[i].nplace; k++)
            solution[path->steps[i].place[k].cell] = (char)('0' + path->steps[i].place[k].digit);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (path->puzzle[cell] >= '1' && path->puzzle[cell] <= '9') aic_grid_place(&g, cell, path->puzzle[cell] - '0');
    for (int i = 0; i < path->nsteps; i++) {
        const hp_step *ref = &path->steps[i];
        if (!full_house(&g) && !naked_single(&g)) hidden_single(&g);
        int f = family_index(ref->code);
        if (f >= 0 && wanted(ref->code)) {
            t[f].asked++;
            bool found = find(&g, ref->code, step);
            bool same = found && same_step(step, ref);
            if (found && !sound(step, solution)) t[f].unsound++;
            if (same) t[f].same++;
            if (found) aic_step_text(step, text, HP_TEXT_MAX);
            if (same && !strcmp(text, ref->text)) t[f].text_same++;
            if ((!same || strcmp(text, ref->text)) && (*shown)++ < 10) {
                size_t at = 0;
                while (found && text[at] && text[at] == ref->text[at]) at++;
                print_message("%s step %d, texts differ at %zu:\n  HoDoKu: %.300s\n  ours:   %.300s\n",
                              path->puzzle, i + 1, at, ref->text + (at > 100 ? at - 100 : 0),
                              found ? text + (at > 100 ? at - 100 : 0) : "(nothing)");
            }
        }
        for (int k = 0; k < ref->nelim; k++) aic_grid_delete(&g, ref->elim[k].cell, ref->elim[k].digit);
        for (int k = 0; k < ref->nplace; k++) aic_grid_place(&g, ref->place[k].cell, ref->place[k].digit);
    }
}

static void test_hodoku_paths(void **state)
{
    (void)state;
    const char *where;
    FILE *f = hp_open(&where);
    if (!f) {
        print_message("skipped: %s is absent (a clone without ../shared has no HoDoKu paths)\n", where);
        skip();
    }
    tally t[FAMILY];
    memset(t, 0, sizeof t);
    aic_step *step = malloc(sizeof *step);
    char *text = malloc(HP_TEXT_MAX);
    assert_non_null(step);
    assert_non_null(text);
    hp_path path;
    int shown = 0;
    while (hp_read(f, &path)) {
        replay(&path, t, step, text, &shown);
        hp_free(&path);
    }
    fclose(f);
    free(step);
    free(text);
    bool all = true;
    for (int i = 0; i < FAMILY; i++) {
        if (!t[i].asked) continue;
        print_message("%-4s %5d steps: %5d the same, %5d with the same text, %d unsound\n", family[i],
                      t[i].asked, t[i].same, t[i].text_same, t[i].unsound);
        all = all && t[i].same == t[i].asked && t[i].text_same == t[i].asked && !t[i].unsound;
    }
    assert_true(all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hodoku_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
