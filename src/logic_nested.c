/*
 * logic_nested.c: what a dynamic chain may use besides its own links once
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
#include "chains.h"

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
            a->c->arena->failed = true;
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

static unsigned positions(const uint16_t *grid, int unit, int digit)
{
    unsigned where = 0;
    for (int i = 0; i < 9; i++)
        if (grid[sudoku_unit_cells[unit][i]] & (1u << (digit - 1))) where |= 1u << i;
    return where;
}

static int open_cells(const uint16_t *grid, int unit)
{
    int n = 0;
    for (int i = 0; i < 9; i++) n += grid[sudoku_unit_cells[unit][i]] != 0;
    return n;
}

static bool in_unit(int cell, int unit)
{
    return (sudoku_cell_unit_mask[cell] >> unit) & 1u;
}

/* ---- level 1: intersections, hidden and naked pairs, X-wings ---- */

/* Intersections, as SE's Locking: a digit's places in unit a all in unit b. */
static void locking(advanced *a, int kind_a, int kind_b)
{
    const uint16_t *g = a->c->grid;
    for (int digit = 1; digit <= 9; digit++)
        for (int ia = 0; ia < 9; ia++) {
            int ua = 9 * kind_a + ia;
            unsigned where = positions(g, ua, digit);
            if (sudoku_popcount(where) < 2) continue;
            for (int ib = 0; ib < 9; ib++) {
                int ub = 9 * kind_b + ib;
                bool inside = true, crosses = false;
                for (int i = 0; i < 9; i++) {
                    crosses |= in_unit(sudoku_unit_cells[ua][i], ub);
                    if ((where >> i) & 1u) inside &= in_unit(sudoku_unit_cells[ua][i], ub);
                }
                if (!crosses || !inside) continue;
                removals r = {.n = 0};
                for (int i = 0; i < 9; i++) {
                    int cell = sudoku_unit_cells[ub][i];
                    if (!in_unit(cell, ua) && (g[cell] & (1u << (digit - 1))))
                        removals_add(&r, cell, 1u << (digit - 1));
                }
                uint16_t parents[9];
                int np = 0;
                for (int i = 0; i < 9; i++) {
                    int cell = sudoku_unit_cells[ua][i];
                    if (taken(a, cell, digit) && !in_unit(cell, ub)) parents[np++] = (uint16_t)POT(cell, digit);
                }
                add_step(a, &r, parents, np, 0, 0);
            }
        }
}

static void hidden_pairs(advanced *a, int kind)
{
    const uint16_t *g = a->c->grid;
    for (int i = 0; i < 9; i++) {
        int unit = 9 * kind + i;
        if (open_cells(g, unit) <= 4) continue;
        for (unsigned pair = logic_first_subset(ALL_DIGITS, 2); pair;
             pair = logic_next_subset(ALL_DIGITS, pair)) {
            int v1 = sudoku_lowest_digit(pair), v2 = sudoku_lowest_digit(pair & (pair - 1));
            unsigned p1 = positions(g, unit, v1), p2 = positions(g, unit, v2);
            if (sudoku_popcount(p1) < 2 || sudoku_popcount(p2) < 2 || sudoku_popcount(p1 | p2) != 2)
                continue;
            removals r = {.n = 0};
            for (int k = 0; k < 9; k++) {
                int cell = sudoku_unit_cells[unit][k];
                if (((p1 | p2) >> k) & 1u && (g[cell] & ~pair)) removals_add(&r, cell, g[cell] & ~pair);
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
        if (open_cells(g, unit) < 4) continue;
        for (unsigned set = logic_first_subset(ALL_DIGITS, 2); set;
             set = logic_next_subset(ALL_DIGITS, set)) {
            int i1 = sudoku_lowest_bit(set), i2 = sudoku_lowest_bit(set & (set - 1));
            int c1 = sudoku_unit_cells[unit][i1], c2 = sudoku_unit_cells[unit][i2];
            unsigned both = g[c1] | g[c2];
            if (sudoku_popcount(g[c1]) < 2 || sudoku_popcount(g[c2]) < 2 || sudoku_popcount(both) != 2)
                continue;
            removals r = {.n = 0};
            for (int k = 0; k < 9; k++) {
                int cell = sudoku_unit_cells[unit][k];
                if (cell != c1 && cell != c2 && (g[cell] & both)) removals_add(&r, cell, g[cell] & both);
            }
            if (!r.n) continue;
            uint16_t parents[18];
            int np = 0;
            int cells[2] = {c1, c2};
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
    const uint16_t *g = a->c->grid;
    int cover = 1 - base;
    for (unsigned lines = logic_first_subset(ALL_DIGITS, 2); lines;
         lines = logic_next_subset(ALL_DIGITS, lines)) {
        int l1 = sudoku_lowest_bit(lines), l2 = sudoku_lowest_bit(lines & (lines - 1));
        for (int digit = 1; digit <= 9; digit++) {
            if (a->c->placed[digit - 1] + 4 > 9) continue;
            unsigned p1 = positions(g, 9 * base + l1, digit), p2 = positions(g, 9 * base + l2, digit);
            if (sudoku_popcount(p1) < 2 || sudoku_popcount(p2) < 2 || sudoku_popcount(p1 | p2) != 2)
                continue;
            removals r = {.n = 0};
            for (unsigned m = p1 | p2; m; m &= m - 1) {
                int unit = 9 * cover + sudoku_lowest_bit(m);
                unsigned where = positions(g, unit, digit) & ~lines;
                for (unsigned w = where; w; w &= w - 1)
                    removals_add(&r, sudoku_unit_cells[unit][sudoku_lowest_bit(w)], 1u << (digit - 1));
            }
            if (!r.n) continue;
            uint16_t parents[18];
            int np = 0;
            int bases[2] = {l1, l2};
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

/* ---- the rules in order ---- */

int chain_advanced_offs(chainer *c, const uint16_t *source, const chain_set *off, int32_t **out)
{
    advanced a = {c, source, off, NULL, 0, 0};
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
    *out = a.out;
    return a.n;
}
