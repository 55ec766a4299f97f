/*
 * simple.c: HoDoKu's ChainSolver (hodoku-spec 8): Remote Pair, Turbot
 * Fish, X-Chain and XY-Chain. Every chain from every start is walked depth
 * first over the links in HoDoKu's order; each one that eliminates is kept
 * unless one as short or shorter eliminated the same; the first in the
 * standard comparator's order is the step.
 */
#include "simple.h"

#include <string.h>

#define LINKS_PER_NODE 21 /* the other digit of a bivalue cell, and 20 peers */
#define CHAIN_MAX 20      /* links: HoDoKu's default chain length limit */

typedef struct link {
    uint8_t cell, digit;
    bool strong;
} link;

typedef struct links {
    int start[SUDOKU_CELLS * 9], end[SUDOKU_CELLS * 9]; /* by cell * 9 + digit - 1 */
    link list[SUDOKU_CELLS * 9 * LINKS_PER_NODE];
} links;

/* A search: the grid, the links, the chain being walked and the best step
 * so far. */
typedef struct search {
    const aic_grid *g;
    aic_kind kind;
    aic_set holds[10]; /* cells holding each digit */
    links *links;
    link chain[CHAIN_MAX + 2];
    int start, digit, digit2; /* the chain's start, its digit, Remote Pair's other digit */
    aic_set start_sees, start_sees2; /* cells with digit (digit2) that see the start */
    aic_keymap seen;                 /* eliminations -> shortest chain length recorded */
    bool found, no_memory;
    aic_step *best;
    aic_cand elim[2 * SUDOKU_CELLS];
} search;

static bool chains_of_pairs(aic_kind kind)
{
    return kind == AIC_XY_CHAIN || kind == AIC_REMOTE_PAIR;
}

/* Links from each candidate (spec 8.1): the other digit of a bivalue cell
 * (strong; not for X-Chains), then the cells of its row, column and box
 * holding the digit (box cells in the same row or column left out);
 * strong where the house holds the digit twice, for X-Chains. */
static void make_links(search *s)
{
    const aic_grid *g = s->g;
    bool pairs = chains_of_pairs(s->kind);
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned cands = g->candidates[cell];
        bool bivalue = sudoku_is_pair(cands);
        for (int digit = 1; digit <= 9; digit++) {
            int node = cell * 9 + digit - 1;
            s->links->start[node] = s->links->end[node] = n;
            if (!(cands & (1u << (digit - 1))) || (pairs && !bivalue)) continue;
            link *list = s->links->list;
            if (bivalue && pairs) {
                list[n].cell = (uint8_t)cell;
                list[n].digit = (uint8_t)sudoku_lowest_digit(cands & ~(1u << (digit - 1)));
                list[n++].strong = true;
            }
            for (int k = 0; k < 3; k++) {
                int house = sudoku_cell_units[cell][k];
                bool strong = !pairs && g->free[house][digit] == 2;
                for (int i = 0; i < 9; i++) {
                    int other = sudoku_unit_cells[house][i];
                    unsigned ocands = g->candidates[other];
                    if (other == cell || !(ocands & (1u << (digit - 1)))) continue;
                    if (s->kind == AIC_REMOTE_PAIR && ocands != cands) continue;
                    if (s->kind == AIC_XY_CHAIN && !sudoku_is_pair(ocands)) continue;
                    if (k == 2 && (other / 9 == cell / 9 || other % 9 == cell % 9)) continue;
                    list[n].cell = (uint8_t)other;
                    list[n].digit = (uint8_t)digit;
                    list[n++].strong = strong;
                }
            }
            s->links->end[node] = n;
        }
    }
}

/* The eliminations of the chain s->chain[0..level] (spec 8.2), in HoDoKu's
 * order before its duplicate key sorts them; their count. */
static int eliminations(search *s, int level, aic_set ends)
{
    int n = 0;
    if (s->kind != AIC_REMOTE_PAIR || level == 7) {
        aic_set first = ends;
        aic_set second = aic_set_empty();
        if (s->kind == AIC_REMOTE_PAIR) second = aic_set_and(s->start_sees2, aic_buddies(s->chain[level].cell));
        for (int cell; (cell = aic_set_pop(&first)) >= 0;) s->elim[n++] = (aic_cand){(uint8_t)cell, (uint8_t)s->digit};
        for (int cell; (cell = aic_set_pop(&second)) >= 0;) s->elim[n++] = (aic_cand){(uint8_t)cell, (uint8_t)s->digit2};
        return n;
    }
    /* A longer Remote Pair: every two cells of opposite colour. */
    aic_set first = aic_set_empty(), second = aic_set_empty();
    for (int i = 0; i <= level; i += 2)
        for (int j = i + 6; j <= level; j += 4) {
            aic_set both = aic_set_and(aic_buddies(s->chain[i].cell), aic_buddies(s->chain[j].cell));
            first = aic_set_or(first, aic_set_and(both, s->holds[s->digit]));
            second = aic_set_or(second, aic_set_and(both, s->holds[s->digit2]));
        }
    for (int cell; (cell = aic_set_pop(&first)) >= 0;) s->elim[n++] = (aic_cand){(uint8_t)cell, (uint8_t)s->digit};
    for (int cell; (cell = aic_set_pop(&second)) >= 0;) s->elim[n++] = (aic_cand){(uint8_t)cell, (uint8_t)s->digit2};
    return n;
}

/* A chain of level links that eliminates: kept if no chain as short
 * eliminated the same, and made the best step if it comes first. */
static void record(search *s, int level, aic_set ends)
{
    int n = eliminations(s, level, ends);
    if (s->kind != AIC_TURBOT_FISH) {
        n = aic_sort_eliminations(s->elim, n);
        int *shortest = aic_keymap_find(&s->seen, s->kind, s->elim, n);
        if (shortest && *shortest <= level) return;
        if (shortest)
            *shortest = level;
        else if (!aic_keymap_put(&s->seen, s->kind, s->elim, n, level))
            s->no_memory = true;
    }
    uint16_t values = (uint16_t)(1u << s->digit);
    int value_sum = s->digit;
    if (s->kind == AIC_REMOTE_PAIR) {
        values |= (uint16_t)(1u << s->digit2);
        value_sum += s->digit2;
    }
    if (s->found) {
        aic_rank a = {s->kind, n, s->elim, level + 1, value_sum, values};
        int best_sum = s->best->values[0] + (s->best->nvalues > 1 ? s->best->values[1] : 0);
        uint16_t best_values = (uint16_t)(1u << s->best->values[0]);
        if (s->best->nvalues > 1) best_values |= (uint16_t)(1u << s->best->values[1]);
        aic_rank b = {s->kind, s->best->nelim, s->best->elim, s->best->length, best_sum, best_values};
        if (aic_compare_standard(&a, &b) >= 0) return;
    }
    s->found = true;
    aic_step *step = s->best;
    aic_step_start(step, s->kind);
    step->nvalues = s->kind == AIC_REMOTE_PAIR ? 2 : 1;
    step->values[0] = (uint8_t)s->digit;
    step->values[1] = (uint8_t)s->digit2;
    for (int i = 0; i < n; i++) aic_step_eliminate(step, s->elim[i].cell, s->elim[i].digit);
    aic_step_new_chain(step);
    for (int i = 0; i <= level; i++)
        aic_step_node(step, aic_plain_node(s->chain[i].cell, s->chain[i].digit, s->chain[i].strong));
}

/* The checks a new last link gets (spec 8.2): strong, for the start digit,
 * with cells that see both ends. */
static void check(search *s, int level)
{
    const link *last = &s->chain[level];
    if (level < 2 || !last->strong || last->digit != s->digit) return;
    aic_set ends = aic_set_and(s->start_sees, aic_buddies(last->cell));
    if (aic_set_is_empty(ends)) return;
    if ((s->kind == AIC_TURBOT_FISH && level != 3) || (s->kind == AIC_REMOTE_PAIR && level < 7)) return;
    record(s, level, ends);
}

typedef struct frame {
    int cell, digit, next, end;
    bool strong_only;
} frame;

/* Walks every chain from the first link s->chain[1], depth first (spec
 * 8.2, HoDoKu's getChain). */
static void walk(search *s, int max_links)
{
    frame stack[CHAIN_MAX + 2];
    aic_set in_chain = aic_set_cell(s->start);
    int level = 1;
    frame *f = &stack[1];
    f->cell = s->chain[1].cell;
    f->digit = s->chain[1].digit;
    f->strong_only = !s->chain[1].strong;
    f->next = s->links->start[f->cell * 9 + f->digit - 1];
    f->end = s->links->end[f->cell * 9 + f->digit - 1];
    bool pairs = chains_of_pairs(s->kind);
    for (;;) {
        while (f->next >= f->end) {
            if (--level <= 0) return;
            f = &stack[level];
            aic_set_remove(&in_chain, f->cell);
        }
        link next = s->links->list[f->next++];
        if (f->strong_only && !next.strong) continue;
        if (next.cell == f->cell && next.digit == f->digit) continue;
        if (s->kind == AIC_REMOTE_PAIR && s->g->candidates[next.cell] != s->g->candidates[s->start]) continue;
        if (!pairs && next.digit != s->digit) continue;
        if (pairs && !sudoku_is_pair(s->g->candidates[next.cell])) continue;
        if (pairs && f->strong_only && next.cell != f->cell) continue;
        bool loop = false;
        if (aic_set_has(in_chain, next.cell)) {
            if (next.cell != s->start) continue;
            loop = true;
        }
        aic_set_add(&in_chain, f->cell);
        if (!f->strong_only) next.strong = false;
        s->chain[++level] = next;
        check(s, level);
        bool strong_only = f->strong_only;
        f = &stack[level];
        if (level < max_links && !loop) {
            f->cell = next.cell;
            f->digit = next.digit;
            f->strong_only = !strong_only;
            f->next = s->links->start[next.cell * 9 + next.digit - 1];
            f->end = s->links->end[next.cell * 9 + next.digit - 1];
        } else {
            f->next = f->end = 0;
        }
    }
}

bool aic_find_simple_chain(const aic_grid *g, aic_kind kind, aic_step *step, bool *no_memory)
{
    links all;
    search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.kind = kind;
    s.links = &all;
    s.best = step;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) aic_set_add(&s.holds[sudoku_lowest_digit(c)], cell);
    make_links(&s);
    aic_keymap_init(&s.seen);
    bool pairs = chains_of_pairs(kind);
    int max_links = kind == AIC_TURBOT_FISH ? 3 : CHAIN_MAX;
    for (s.start = 0; s.start < SUDOKU_CELLS; s.start++) {
        unsigned cands = g->candidates[s.start];
        for (unsigned c = cands; c; c &= c - 1) {
            s.digit = sudoku_lowest_digit(c);
            int node = s.start * 9 + s.digit - 1;
            for (int i = all.start[node]; i < all.end[node]; i++) {
                link first = all.list[i];
                if (!first.strong) continue;
                if (!pairs && first.digit != s.digit) continue;
                if (pairs && (!sudoku_is_pair(g->candidates[first.cell]) || first.cell != s.start)) continue;
                if (kind == AIC_REMOTE_PAIR) s.digit2 = sudoku_lowest_digit(cands & ~(1u << (s.digit - 1)));
                s.chain[0] = (link){(uint8_t)s.start, (uint8_t)s.digit, false};
                s.chain[1] = first;
                s.start_sees = aic_set_and(aic_buddies(s.start), s.holds[s.digit]);
                if (kind == AIC_REMOTE_PAIR) s.start_sees2 = aic_set_and(aic_buddies(s.start), s.holds[s.digit2]);
                walk(&s, max_links);
            }
        }
    }
    aic_keymap_free(&s.seen);
    if (s.no_memory) *no_memory = true;
    return s.found;
}
