/*
 * nested.c: what a dynamic chain may use besides its own links once
 * they run dry (SE's "advanced potentials"): on the board the chain has
 * reduced, the eliminations of intersections, hidden and naked pairs and
 * X-wings (level 1, "dynamic forcing chains (+)"), then of forcing chains
 * and cycles (level 2) and of multiple forcing chains (level 3), each as a
 * new "off" node whose parents are the chain's own eliminations that made
 * the pattern appear.
 *
 * As SE: the first technique, in that order, that gives something; all
 * its steps, in its order; each step's eliminations in the order a Java
 * HashMap keyed by cell number iterates them (SE's data structure, whose
 * order shapes the chains that follow and so the ratings).
 */
#include "forcing.h"
#include "multiple.h"
#include "nested.h"
#include "logic/state.h"

#include <stdlib.h>
#include <string.h>

/* One step's eliminations, in the order SE builds them. */
typedef struct removals {
    uint8_t cell[SUDOKU_CELLS];
    uint16_t digits[SUDOKU_CELLS];
    int n;
} removals;

typedef struct advanced {
    chainer *c;
    const uint16_t *source;
    const uint16_t (*source_pos)[9];
    /* The digits that lost a place in each unit since the chain started:
     * a pattern owing nothing to the chain has no parents and is no use
     * to it, so units and digits without a loss are not searched. */
    uint16_t changed[27];
    const chain_set *off;
    int32_t *out;
    int n, cap;
} advanced;

static void removals_add(removals *r, int cell, unsigned digits)
{
    for (int i = 0; i < r->n; i++)
        if (r->cell[i] == cell) {
            r->digits[i] |= (uint16_t)digits;
            return;
        }
    r->cell[r->n] = (uint8_t)cell;
    r->digits[r->n++] = (uint16_t)digits;
}

/* Reorders r as a java.util.HashMap<Cell, ...> with these keys iterates:
 * by bucket (cell number modulo its table size), then insertion order. */
static void hashmap_order(removals *r)
{
    int cap = 16;
    while (r->n > cap * 3 / 4) cap *= 2;
    for (int i = 1; i < r->n; i++)
        for (int j = i; j > 0 && (r->cell[j - 1] & (cap - 1)) > (r->cell[j] & (cap - 1)); j--) {
            uint8_t c = r->cell[j];
            uint16_t d = r->digits[j];
            r->cell[j] = r->cell[j - 1];
            r->digits[j] = r->digits[j - 1];
            r->cell[j - 1] = c;
            r->digits[j - 1] = d;
        }
}

static bool out_push(advanced *a, int32_t node)
{
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 64;
        int32_t *bigger = realloc(a->out, (size_t)cap * sizeof *bigger);
        if (!bigger) {
            chain_arena_fail(a->c->arena);
            return false;
        }
        a->out = bigger;
        a->cap = cap;
    }
    a->out[a->n++] = node;
    return true;
}

/* One step of a technique on the reduced board: its eliminations become
 * "off" nodes whose parents are the chain's nodes for parent_pots. A step
 * that needs none of the chain's eliminations is no use to it (SE). */
static void add_step(advanced *a, removals *r, const uint16_t *parent_pots, int nparents,
                     int nested, uint64_t nested_id)
{
    if (nparents == 0 || r->n == 0) return;
    hashmap_order(r);
    chain_arena *arena = a->c->arena;
    for (int i = 0; i < r->n; i++)
        for (unsigned m = r->digits[i]; m; m &= m - 1) {
            int32_t node = chain_node_new(arena, POT(r->cell[i], sudoku_lowest_digit(m)), false,
                                          CAUSE_ADVANCED);
            if (node < 0) return;
            chain_at(arena, node)->nested = nested;
            chain_at(arena, node)->nested_id = nested_id;
            for (int k = 0; k < nparents; k++)
                chain_node_add_parent(arena, node, chain_set_get(a->off, parent_pots[k]));
            if (!out_push(a, node)) return;
        }
}

/* True if the chain has taken digit from cell since it started. */
static bool taken(const advanced *a, int cell, int digit)
{
    unsigned bit = 1u << (digit - 1);
    return (a->source[cell] & bit) && !(a->c->grid[cell] & bit);
}

static unsigned positions(const advanced *a, int unit, int digit)
{
    return a->c->pos[unit][digit - 1];
}

static int open_cells(const uint16_t *grid, int unit)
{
    int n = 0;
    for (int i = 0; i < 9; i++) n += grid[sudoku_unit_cells[unit][i]] != 0;
    return n;
}

/* ---- level 1: intersections, hidden and naked pairs, X-wings ---- */

/* Intersections, as SE's Locking: a digit's places in unit a all in unit b. */
static void locking(advanced *a, int kind_a, int kind_b)
{
    bool columns_of_box = kind_a == 2 && kind_b == 1;
    for (int digit = 1; digit <= 9; digit++)
        for (int ia = 0; ia < 9; ia++) {
            int ua = 9 * kind_a + ia;
            if (!(a->changed[ua] & (1u << (digit - 1)))) continue;
            unsigned where = positions(a, ua, digit);
            if (!sudoku_is_several(where)) continue;
            /* The one crossing unit that may hold them all, as in
             * singles.c's search_locks. */
            int low = sudoku_lowest_bit(where), j = columns_of_box ? low % 3 : low / 3;
            int ub = logic_crossing(ua, 9 * kind_b, j);
            unsigned shared = logic_overlap(ua, ub);
            if (where & ~shared) continue;
            removals r = {.n = 0};
            for (unsigned m = positions(a, ub, digit) & ~logic_overlap(ub, ua); m; m &= m - 1)
                removals_add(&r, sudoku_unit_cells[ub][sudoku_lowest_bit(m)], 1u << (digit - 1));
            if (!r.n) continue;
            uint16_t parents[9];
            int np = 0;
            for (unsigned m = a->source_pos[ua][digit - 1] & ~where & ~shared; m; m &= m - 1)
                parents[np++] = (uint16_t)POT(sudoku_unit_cells[ua][sudoku_lowest_bit(m)], digit);
            add_step(a, &r, parents, np, 0, 0);
        }
}

static void hidden_pairs(advanced *a, int kind)
{
    const uint16_t *g = a->c->grid;
    for (int i = 0; i < 9; i++) {
        int unit = 9 * kind + i;
        if (!a->changed[unit] || open_cells(g, unit) <= 4) continue;
        /* Two digits with the same two places, in order: only digits of
         * two places can be one. */
        unsigned twos = 0;
        for (int d = 0; d < 9; d++)
            if (sudoku_is_pair(positions(a, unit, d + 1))) twos |= 1u << d;
        for (unsigned m2 = twos & (twos - 1); m2; m2 &= m2 - 1)
            for (unsigned m1 = twos & ((m2 & (~m2 + 1u)) - 1); m1; m1 &= m1 - 1) {
                int v1 = sudoku_lowest_digit(m1), v2 = sudoku_lowest_digit(m2);
                unsigned pair = (1u << (v1 - 1)) | (1u << (v2 - 1));
                if (!(a->changed[unit] & pair)) continue;
                unsigned p1 = positions(a, unit, v1), p2 = positions(a, unit, v2);
                if (p1 != p2) continue;
                removals r = {.n = 0};
                for (int k = 0; k < 9; k++) {
                    int cell = sudoku_unit_cells[unit][k];
                    if (((p1 | p2) >> k) & 1u && (g[cell] & ~pair))
                        removals_add(&r, cell, g[cell] & ~pair);
                }
                if (!r.n) continue;
                uint16_t parents[18];
                int np = 0;
                for (int k = 0; k < 9; k++) {
                    if (((p1 | p2) >> k) & 1u) continue;
                    int cell = sudoku_unit_cells[unit][k];
                    if (a->source[cell] & (1u << (v1 - 1))) parents[np++] = (uint16_t)POT(cell, v1);
                    if (a->source[cell] & (1u << (v2 - 1))) parents[np++] = (uint16_t)POT(cell, v2);
                }
                add_step(a, &r, parents, np, 0, 0);
            }
    }
}

static void naked_pairs(advanced *a, int kind)
{
    const uint16_t *g = a->c->grid;
    for (int i = 0; i < 9; i++) {
        int unit = 9 * kind + i;
        if (!a->changed[unit] || open_cells(g, unit) < 4) continue;
        /* Two cells with the same two digits, in order: only cells of two
         * digits can be one. */
        unsigned twos = 0;
        for (int k = 0; k < 9; k++)
            if (sudoku_is_pair(g[sudoku_unit_cells[unit][k]])) twos |= 1u << k;
        for (unsigned m2 = twos & (twos - 1); m2; m2 &= m2 - 1)
            for (unsigned m1 = twos & ((m2 & (~m2 + 1u)) - 1); m1; m1 &= m1 - 1) {
                int c1 = sudoku_unit_cells[unit][sudoku_lowest_bit(m1)],
                    c2 = sudoku_unit_cells[unit][sudoku_lowest_bit(m2)];
                unsigned both = g[c1] | g[c2];
                if (g[c1] != g[c2]) continue;
                removals r = {.n = 0};
                for (int k = 0; k < 9; k++) {
                    int cell = sudoku_unit_cells[unit][k];
                    if (cell != c1 && cell != c2 && (g[cell] & both))
                        removals_add(&r, cell, g[cell] & both);
                }
                if (!r.n) continue;
                uint16_t parents[18];
                int np = 0;
                const int cells[2] = {c1, c2};
                for (int k = 0; k < 2; k++)
                    for (unsigned m = a->source[cells[k]] & ~both; m; m &= m - 1)
                        parents[np++] = (uint16_t)POT(cells[k], sudoku_lowest_digit(m));
                add_step(a, &r, parents, np, 0, 0);
            }
    }
}

/* X-wings, base lines of kind base (1 columns, 0 rows), cover the other. */
static void x_wings(advanced *a, int base)
{
    int cover = 1 - base;
    /* The digits of two places in each line: an X-wing's lines have the
     * same two. */
    unsigned two[9] = {0};
    for (int l = 0; l < 9; l++)
        for (int d = 0; d < 9; d++)
            if (sudoku_is_pair(a->c->pos[9 * base + l][d])) two[l] |= 1u << d;
    for (int l2 = 1; l2 < 9; l2++)
        for (int l1 = 0; l1 < l2; l1++) {
            unsigned lines = (1u << l1) | (1u << l2);
            /* The digits either line lost, in order. */
            for (unsigned changed =
                     (a->changed[9 * base + l1] | a->changed[9 * base + l2]) & two[l1] & two[l2];
                 changed; changed &= changed - 1) {
                int digit = sudoku_lowest_digit(changed);
                if (a->c->placed[digit - 1] + 4 > 9) continue;
                unsigned p1 = positions(a, 9 * base + l1, digit),
                         p2 = positions(a, 9 * base + l2, digit);
                if (sudoku_popcount(p1) < 2 || sudoku_popcount(p2) < 2 ||
                    sudoku_popcount(p1 | p2) != 2)
                    continue;
                removals r = {.n = 0};
                for (unsigned m = p1 | p2; m; m &= m - 1) {
                    int unit = 9 * cover + sudoku_lowest_bit(m);
                    unsigned where = positions(a, unit, digit) & ~lines;
                    for (unsigned w = where; w; w &= w - 1)
                        removals_add(&r, sudoku_unit_cells[unit][sudoku_lowest_bit(w)],
                                     1u << (digit - 1));
                }
                if (!r.n) continue;
                uint16_t parents[18];
                int np = 0;
                const int bases[2] = {l1, l2};
                for (int k = 0; k < 2; k++) {
                    int unit = 9 * base + bases[k];
                    for (int i = 0; i < 9; i++) {
                        int cell = sudoku_unit_cells[unit][i];
                        if (taken(a, cell, digit) && !(((p1 | p2) >> i) & 1u))
                            parents[np++] = (uint16_t)POT(cell, digit);
                    }
                }
                add_step(a, &r, parents, np, 0, 0);
            }
        }
}

/* ---- levels 2 and 3: chains on the reduced board ---- */

/* A nested chain step, recorded while its search runs. */
typedef struct nested_step {
    double difficulty;
    int complexity, sort_key;
    uint64_t id;
    removals r;
    int first_parent, nparents; /* in the recorder's pool of candidates */
} nested_step;

typedef struct recorder {
    chain_sink sink;
    advanced *a;
    nested_step *steps;
    int n, cap;
    uint16_t *pool;
    int npool, cap_pool;
    bool failed;
} recorder;

static bool pool_push(recorder *rec, uint16_t pot)
{
    if (rec->npool == rec->cap_pool) {
        int cap = rec->cap_pool ? 2 * rec->cap_pool : 1024;
        uint16_t *bigger = realloc(rec->pool, (size_t)cap * sizeof *bigger);
        if (!bigger) {
            rec->failed = true;
            return false;
        }
        rec->pool = bigger;
        rec->cap_pool = cap;
    }
    rec->pool[rec->npool++] = pot;
    return true;
}

/* Adds pot (off) to the step's parents unless it is there (SE's LinkedHashSet). */
static void parent_add(recorder *rec, nested_step *st, int pot)
{
    for (int i = 0; i < st->nparents; i++)
        if (rec->pool[st->first_parent + i] == pot) return;
    if (pool_push(rec, (uint16_t)pot)) st->nparents++;
}

static chain_cause region_cause(int unit)
{
    return unit < 9 ? CAUSE_HIDDEN_ROW : unit < 18 ? CAUSE_HIDDEN_COLUMN : CAUSE_HIDDEN_BOX;
}

/* SE's collectRuleParents for one node: an "on" node forced by a naked
 * or hidden single rests on the candidates the outer chain took from its
 * cell, or from its unit. */
static void node_parents(recorder *rec, nested_step *st, int pot, bool on, chain_cause cause)
{
    if (!on || cause == CAUSE_NONE || cause == CAUSE_ADVANCED) return;
    const advanced *a = rec->a;
    int cell = POT_CELL(pot), digit = POT_DIGIT(pot);
    if (cause == CAUSE_NAKED_SINGLE) {
        for (int d = 1; d <= 9; d++)
            if (taken(a, cell, d)) parent_add(rec, st, POT(cell, d));
        return;
    }
    int kind = cause == CAUSE_HIDDEN_ROW ? 0 : cause == CAUSE_HIDDEN_COLUMN ? 1 : 2;
    int unit = sudoku_cell_units[cell][kind];
    for (int i = 0; i < 9; i++) {
        int other = sudoku_unit_cells[unit][i];
        if (taken(a, other, digit)) parent_add(rec, st, POT(other, digit));
    }
}

#define HASH_STEP(h, x) (((h) ^ (uint64_t)(x)) * 0x100000001b3ull)

/* The nodes behind target, breadth first, distinct (SE's getChain): each
 * gives its parents to the step, and its candidate to the step's id. */
static uint64_t chain_walk(recorder *rec, nested_step *st, const chain_arena *arena, int32_t target,
                           chain_cause root_cause, uint64_t h)
{
    uint64_t seen[2 * POTENTIALS / 64 + 1] = {0};
    int32_t todo[2 * POTENTIALS];
    int head = 0, tail = 0;
    todo[tail++] = target;
    const chain_node *t = chain_at(arena, target);
    seen[(t->pot * 2 + t->on) / 64] |= 1ull << ((t->pot * 2 + t->on) % 64);
    while (head < tail) {
        const chain_node *p = chain_at(arena, todo[head++]);
        h = HASH_STEP(h, p->pot * 2 + p->on);
        chain_cause cause = (chain_cause)p->cause;
        if (cause == CAUSE_NONE && !p->nparents) cause = root_cause;
        node_parents(rec, st, p->pot, p->on, cause);
        for (int i = 0; i < p->nparents; i++) {
            int32_t parent = arena->parents[p->parents + i];
            const chain_node *q = chain_at(arena, parent);
            int key = q->pot * 2 + q->on;
            if (seen[key / 64] & (1ull << (key % 64))) continue;
            seen[key / 64] |= 1ull << (key % 64);
            todo[tail++] = parent;
        }
    }
    return h;
}

/* A cycle's second chain is the first reversed: the same candidates in
 * the other state, from the start to the end, each keeping the cause of
 * the node it reverses (as SE's getReversedCycle builds it). */
static uint64_t reversed_walk(recorder *rec, nested_step *st, const chain_arena *arena, int32_t dst,
                              uint64_t h)
{
    int32_t path[2 * POTENTIALS];
    int n = 0;
    for (int32_t p = dst; p >= 0 && n < 2 * POTENTIALS;) {
        path[n++] = p;
        const chain_node *node = chain_at(arena, p);
        p = node->nparents ? arena->parents[node->parents] : -1;
    }
    for (int i = n - 1; i >= 0; i--) {
        const chain_node *p = chain_at(arena, path[i]);
        h = HASH_STEP(h, p->pot * 2 + !p->on);
        node_parents(rec, st, p->pot, !p->on, (chain_cause)p->cause);
    }
    return h;
}

static void record(chain_sink *sink, chain_arena *arena, const chain_hint *hint)
{
    recorder *rec = (recorder *)sink;
    if (rec->n == rec->cap) {
        int cap = rec->cap ? 2 * rec->cap : 64;
        nested_step *bigger = realloc(rec->steps, (size_t)cap * sizeof *bigger);
        if (!bigger) {
            rec->failed = true;
            return;
        }
        rec->steps = bigger;
        rec->cap = cap;
    }
    nested_step *st = &rec->steps[rec->n];
    st->difficulty = hint->difficulty;
    st->complexity = hint->complexity;
    st->sort_key = hint->sort_key;
    st->r.n = 0;
    if (hint->eliminate) {
        /* A cycle's eliminations, in the order SE finds them: along the
         * chain from its end, each "on" node's peers in order. */
        for (const chain_node *p = chain_at(arena, hint->targets[0]); p->nparents;
             p = chain_at(arena, arena->parents[p->parents])) {
            if (!p->on) continue;
            unsigned bit = 1u << (POT_DIGIT(p->pot) - 1);
            for (int k = 0; k < 20; k++) {
                int other = sudoku_peers[POT_CELL(p->pot)][k];
                if (hint->eliminate[other] & bit) removals_add(&st->r, other, bit);
            }
        }
    } else {
        int cell = POT_CELL(hint->result_pot);
        unsigned bit = 1u << (POT_DIGIT(hint->result_pot) - 1);
        removals_add(&st->r, cell, hint->result_on ? rec->a->c->grid[cell] & ~bit : bit);
    }
    st->first_parent = rec->npool;
    st->nparents = 0;
    chain_cause root = hint->source_cell >= 0   ? CAUSE_NAKED_SINGLE
                       : hint->region_unit >= 0 ? region_cause(hint->region_unit)
                                                : CAUSE_NONE;
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < hint->ntargets; i++) {
        h = HASH_STEP(h, 0xffff);
        h = chain_walk(rec, st, arena, hint->targets[i], root, h);
    }
    if (hint->cycle) h = reversed_walk(rec, st, arena, hint->targets[0], HASH_STEP(h, 0xffff));
    st->id = h ? h : 1;
    rec->n++;
}

/* A step of the recorder's array, for the sort: its place there breaks
 * ties. */
typedef struct step_ref {
    const nested_step *step;
} step_ref;

/* The order SE hands a chain producer's steps on in: by difficulty,
 * complexity and sort key, then as they were found (its sort is stable:
 * the steps' places in the recorder's array say that). */
static int step_order(const void *a, const void *b)
{
    const nested_step *x = ((const step_ref *)a)->step, *y = ((const step_ref *)b)->step;
    if (x->difficulty != y->difficulty) return x->difficulty > y->difficulty ? 1 : -1;
    if (x->complexity != y->complexity) return x->complexity > y->complexity ? 1 : -1;
    if (x->sort_key != y->sort_key) return x->sort_key > y->sort_key ? 1 : -1;
    return x > y ? 1 : x < y ? -1 : 0;
}

/* Sorts rec's steps in SE's order, in n log n: a search on a board of many
 * candidates records thousands, which sorting in place, step by step, took
 * most of a rating's time over (and no budget counted). Sets rec->failed
 * if memory is short. */
static void sort_steps(recorder *rec)
{
    if (rec->n < 2) return;
    step_ref *order = malloc((size_t)rec->n * sizeof *order);
    nested_step *sorted = malloc((size_t)rec->n * sizeof *sorted);
    if (!order || !sorted) {
        free(order);
        free(sorted);
        rec->failed = true;
        return;
    }
    for (int i = 0; i < rec->n; i++) order[i].step = &rec->steps[i];
    qsort(order, (size_t)rec->n, sizeof *order, step_order);
    for (int i = 0; i < rec->n; i++) sorted[i] = *order[i].step;
    free(order);
    free(rec->steps);
    rec->steps = sorted;
    rec->cap = rec->n;
}

/* The candidates the outer chain changed, in both states (node bits): in
 * a cell that lost candidates, or of a digit that lost places in one of
 * the cell's units. Only chains through those rest on the outer chain,
 * and the others are dropped (add_step); chain_search_static_from keeps
 * to the assumptions that can reach them. */
static void changed_nodes(const advanced *a, uint64_t seeds[NODE_WORDS])
{
    const uint16_t *grid = a->c->grid;
    memset(seeds, 0, NODE_WORDS * sizeof *seeds);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned digits = a->source[cell] != grid[cell] ? grid[cell] : 0;
        for (int k = 0; k < 3; k++) digits |= a->changed[sudoku_cell_units[cell][k]] & grid[cell];
        for (unsigned m = digits; m; m &= m - 1)
            for (int on = 0; on < 2; on++) node_add(seeds, POT(cell, sudoku_lowest_digit(m)), on);
    }
}

/* The steps a nested technique found on a board, sorted (the same board
 * comes back: a fifth of the nested searches of the hardest puzzles). */
typedef struct cache_entry {
    bool used;
    sudoku_technique technique;
    uint16_t grid[SUDOKU_CELLS], source[SUDOKU_CELLS];
    uint8_t placed[9];
    nested_step *steps;
    int n;
    uint16_t *pool;
} cache_entry;

#define CACHE_SLOTS 4096
struct nested_cache {
    cache_entry slots[CACHE_SLOTS];
};

void logic_nested_cache_free(struct nested_cache *cache)
{
    if (!cache) return;
    for (int i = 0; i < CACHE_SLOTS; i++) {
        free(cache->slots[i].steps);
        free(cache->slots[i].pool);
    }
    free(cache);
}

/* The slot of the board a nested technique searches: the steps depend on
 * its candidates, the outer chain's first board (what it took), the
 * digits placed (X-wings) and the technique. NULL without memory. */
static cache_entry *cache_slot(advanced *a, sudoku_technique technique)
{
    chain_arena *arena = a->c->arena;
    if (!arena->nested_cache) arena->nested_cache = calloc(1, sizeof *arena->nested_cache);
    if (!arena->nested_cache) return NULL;
    uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)technique;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        h = HASH_STEP(h, ((uint32_t)a->c->grid[cell] << 16) | a->source[cell]);
    return &arena->nested_cache->slots[(h ^ (h >> 29)) % CACHE_SLOTS];
}

static bool cache_holds(const cache_entry *e, const advanced *a, sudoku_technique technique)
{
    return e->used && e->technique == technique && !memcmp(e->grid, a->c->grid, sizeof e->grid) &&
           !memcmp(e->source, a->source, sizeof e->source) &&
           !memcmp(e->placed, a->c->placed, sizeof e->placed);
}

/* Keeps rec's steps in e (which takes its memory). */
static void cache_keep(cache_entry *e, const advanced *a, sudoku_technique technique, recorder *rec)
{
    free(e->steps);
    free(e->pool);
    e->used = true;
    e->technique = technique;
    memcpy(e->grid, a->c->grid, sizeof e->grid);
    memcpy(e->source, a->source, sizeof e->source);
    memcpy(e->placed, a->c->placed, sizeof e->placed);
    e->steps = rec->steps;
    e->n = rec->n;
    e->pool = rec->pool;
    rec->steps = NULL;
    rec->pool = NULL;
}

static void steps_add(advanced *a, nested_step *steps, int n, uint16_t *pool)
{
    for (int i = 0; i < n && !a->c->arena->failed; i++) {
        nested_step *st = &steps[i];
        add_step(a, &st->r, pool + st->first_parent, st->nparents, st->complexity, st->id);
    }
}

/* The steps of a chain technique on the reduced board, as offs. */
static void nested_chains(advanced *a, sudoku_technique technique)
{
    cache_entry *e = cache_slot(a, technique);
    if (e && cache_holds(e, a, technique)) {
        steps_add(a, e->steps, e->n, e->pool);
        return;
    }
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.sink.emit = record;
    rec.a = a;
    chain_arena *arena = a->c->arena;
    chain_mark mark = chain_arena_mark(arena);
    if (technique == SUDOKU_FORCING_CHAINS) {
        uint64_t seeds[NODE_WORDS];
        changed_nodes(a, seeds);
        chain_search_static_from(arena, a->c->grid, seeds, &rec.sink);
    } else {
        chain_search_multiple(arena, a->c->grid, a->c->placed, technique, 0x1ffu, NULL, &rec.sink);
    }
    chain_arena_release(arena, mark);
    sort_steps(&rec);
    if (rec.failed) chain_arena_fail(arena);
    /* add_step leaves the steps as they were (the eliminations' order is
     * made once). */
    steps_add(a, rec.steps, rec.n, rec.pool);
    if (e && !arena->failed) cache_keep(e, a, technique, &rec);
    free(rec.steps);
    free(rec.pool);
}

/* ---- the rules in order ---- */

int chain_advanced_offs(chainer *c, const uint16_t *source, const uint16_t source_pos[27][9],
                        const chain_set *off, int32_t **out)
{
    advanced a = {c, source, source_pos, {0}, off, NULL, 0, 0};
    chain_arena_charge(c->arena, CHAIN_WORK_ADVANCED);
    /* A digit's places in a unit differ exactly when one of its cells
     * differs in that digit. */
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        uint16_t differ = source[cell] ^ c->grid[cell];
        if (!differ) continue;
        for (int k = 0; k < 3; k++) a.changed[sudoku_cell_units[cell][k]] |= differ;
    }
    /* SE's Locking: box-column, box-row, column-box, row-box. */
    locking(&a, 2, 1);
    locking(&a, 2, 0);
    locking(&a, 1, 2);
    locking(&a, 0, 2);
    if (!a.n) {
        hidden_pairs(&a, 2);
        hidden_pairs(&a, 1);
        hidden_pairs(&a, 0);
    }
    if (!a.n) {
        naked_pairs(&a, 2);
        naked_pairs(&a, 1);
        naked_pairs(&a, 0);
    }
    if (!a.n) {
        x_wings(&a, 1);
        x_wings(&a, 0);
    }
    if (c->level >= 4) {
        /* SE's experimental levels nest dynamic chains instead. */
        static const sudoku_technique nested[3] = {SUDOKU_DYNAMIC_FORCING_CHAINS,
                                                   SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS,
                                                   SUDOKU_NESTED_FORCING_CHAINS};
        if (!a.n) nested_chains(&a, nested[c->nesting]);
    } else {
        if (!a.n && c->level >= 2) nested_chains(&a, SUDOKU_FORCING_CHAINS);
        if (!a.n && c->level >= 3) nested_chains(&a, SUDOKU_MULTIPLE_FORCING_CHAINS);
    }
    *out = a.out;
    return a.n;
}
