/*
 * als.c: HoDoKu's almost locked set techniques (hodoku-spec 12): ALS-XZ,
 * ALS-XY-Wing (each the first found, in the order of HoDoKu's lists of
 * sets and restricted commons) and ALS Chain (all chains of at least four
 * sets, each elimination set kept once with its smallest sets, the first
 * in HoDoKu's ALS order).
 */
#include "als.h"

#include <stdlib.h>
#include <string.h>

#define CHAIN_MAX 50 /* restricted commons of a chain */

typedef struct als {
    aic_set cells;
    uint16_t digits; /* bit d-1 for d */
    int ncells;
    aic_set in[10];   /* its cells holding d */
    aic_set sees[10]; /* cells outside it holding d that see all of in[d] */
    aic_set buddies;  /* all of sees */
} als;

/* A restricted common of sets a < b: one or two digits whose cells in
 * both all see each other; actual: which the chain search uses (1: d1,
 * 2: d2, 3: both). */
typedef struct rc {
    int a, b;
    uint8_t d1, d2, actual;
} rc;

typedef struct search {
    const aic_grid *g;
    aic_set holds[10];
    als *alses;
    int nalses, alses_size;
    int *slots; /* hash of the sets' cells: index + 1 */
    int nslots;
    rc *rcs;
    int nrcs, rcs_size;
    int *first_rc, *end_rc; /* by set: its records (as a) */
    bool no_memory;
} search;

static uint32_t cells_hash(aic_set s)
{
    uint64_t h = s.w[0] * 0x9E3779B97F4A7C15ull ^ (s.w[1] + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h ^ (h >> 32));
}

/* Doubles the list of sets and its hash. */
static bool grow(search *s)
{
    int size = s->alses_size ? 2 * s->alses_size : 256;
    als *bigger = realloc(s->alses, (size_t)size * sizeof *bigger);
    int *slots = calloc((size_t)(2 * size), sizeof *slots);
    if (!bigger || !slots) {
        if (bigger) s->alses = bigger;
        free(slots);
        s->no_memory = true;
        return false;
    }
    s->alses = bigger;
    s->alses_size = size;
    free(s->slots);
    s->slots = slots;
    s->nslots = 2 * size;
    for (int k = 0; k < s->nalses; k++) {
        int i = (int)(cells_hash(s->alses[k].cells) & (uint32_t)(s->nslots - 1));
        while (s->slots[i]) i = (i + 1) & (s->nslots - 1);
        s->slots[i] = k + 1;
    }
    return true;
}

/* Adds a set of cells (with digits) unless it is listed already. */
static void add_als(search *s, aic_set cells, uint16_t digits, int ncells)
{
    if (s->nalses == s->alses_size && !grow(s)) return;
    uint32_t h = cells_hash(cells);
    int i = (int)(h & (uint32_t)(s->nslots - 1));
    for (; s->slots[i]; i = (i + 1) & (s->nslots - 1))
        if (aic_set_equal(s->alses[s->slots[i] - 1].cells, cells)) return;
    als *a = &s->alses[s->nalses++];
    a->cells = cells;
    a->digits = digits;
    a->ncells = ncells;
    s->slots[i] = s->nalses;
}

/* HoDoKu's recursive search in one house (spec 12.1). */
static void find_in_house(search *s, int house, int from, int depth, aic_set cells, uint16_t digits)
{
    if (++depth > 8) return;
    for (int i = from; i < 9; i++) {
        int cell = sudoku_unit_cells[house][i];
        if (s->g->value[cell]) continue;
        aic_set with = cells;
        aic_set_add(&with, cell);
        uint16_t d = digits | s->g->candidates[cell];
        if (sudoku_popcount(d) - depth == 1) add_als(s, with, d, depth);
        find_in_house(s, house, i + 1, depth, with, d);
    }
}

static void find_alses(search *s)
{
    /* HoDoKu starts a search at every position of a house too, but the
     * first finds them all. */
    for (int house = 0; house < 27; house++) find_in_house(s, house, 0, 0, aic_set_empty(), 0);
    for (int i = 0; i < s->nalses; i++) {
        als *a = &s->alses[i];
        a->buddies = aic_set_empty();
        for (int d = 1; d <= 9; d++) {
            a->in[d] = a->sees[d] = aic_set_empty();
            if (!(a->digits & (1u << (d - 1)))) continue;
            a->in[d] = aic_set_and(a->cells, s->holds[d]);
            aic_set sees = {{~0ull, ~0ull}};
            for (aic_set c = a->in[d]; !aic_set_is_empty(c);) sees = aic_set_and(sees, aic_buddies(aic_set_pop(&c)));
            a->sees[d] = aic_set_and(aic_set_minus(sees, a->cells), s->holds[d]);
            a->buddies = aic_set_or(a->buddies, a->sees[d]);
        }
    }
}

/* The restricted commons, forward only (spec 12.2). */
static void find_rcs(search *s)
{
    for (int i = 0; i < s->nalses; i++) {
        const als *a = &s->alses[i];
        s->first_rc[i] = s->nrcs;
        for (int j = i + 1; j < s->nalses; j++) {
            const als *b = &s->alses[j];
            uint16_t common = a->digits & b->digits;
            if (!common || !aic_set_is_empty(aic_set_and(a->cells, b->cells))) continue;
            rc *r = NULL;
            for (; common; common &= (uint16_t)(common - 1)) {
                int d = sudoku_lowest_digit(common);
                aic_set all = aic_set_or(a->in[d], b->in[d]);
                aic_set both = aic_set_and(aic_set_or(a->sees[d], a->in[d]), aic_set_or(b->sees[d], b->in[d]));
                if (!aic_set_equal(aic_set_and(all, both), all)) continue;
                if (r) {
                    r->d2 = (uint8_t)d;
                    continue;
                }
                if (s->nrcs == s->rcs_size) {
                    int size = s->rcs_size ? 2 * s->rcs_size : 1024;
                    rc *bigger = realloc(s->rcs, (size_t)size * sizeof *bigger);
                    if (!bigger) {
                        s->no_memory = true;
                        s->end_rc[i] = s->nrcs;
                        return;
                    }
                    s->rcs = bigger;
                    s->rcs_size = size;
                }
                r = &s->rcs[s->nrcs++];
                *r = (rc){i, j, (uint8_t)d, 0, 0};
            }
        }
        s->end_rc[i] = s->nrcs;
    }
}

/* HoDoKu's checkCandidatesToDelete: the digits common to a and b but the
 * excluded ones, removed from cells seeing all of them in both; adds to
 * step, returns the digits that eliminated. */
static uint16_t eliminations(const als *a, const als *b, unsigned excluded, aic_step *step)
{
    uint16_t z = (uint16_t)(a->digits & b->digits & ~excluded), used = 0;
    if (!z || aic_set_is_empty(aic_set_and(a->buddies, b->buddies))) return 0;
    for (; z; z &= (uint16_t)(z - 1)) {
        int d = sudoku_lowest_digit(z);
        aic_set cells = aic_set_and(a->sees[d], b->sees[d]);
        if (aic_set_is_empty(cells)) continue;
        used |= (uint16_t)(1u << (d - 1));
        for (int cell; (cell = aic_set_pop(&cells)) >= 0;) aic_step_eliminate(step, cell, d);
    }
    return used;
}

static unsigned bit(int d)
{
    return d ? 1u << (d - 1) : 0;
}

static void add_als_to_step(aic_step *step, const als *a)
{
    if (step->nals >= AIC_ALS_MAX) return;
    step->als[step->nals].cells = a->cells;
    step->als[step->nals++].digits = a->digits;
}

static bool als_xz(search *s, aic_step *step)
{
    for (int i = 0; i < s->nrcs; i++) {
        const rc *r = &s->rcs[i];
        const als *a = &s->alses[r->a], *b = &s->alses[r->b];
        aic_step_start(step, AIC_ALS_XZ);
        uint16_t z = eliminations(a, b, bit(r->d1), step);
        if (r->d2) {
            z |= eliminations(a, b, bit(r->d2), step);
            bool doubly = false;
            for (int k = 0; k < 2; k++) {
                const als *x = k ? b : a, *y = k ? a : b;
                for (unsigned rest = x->digits & ~bit(r->d1) & ~bit(r->d2); rest; rest &= rest - 1) {
                    int d = sudoku_lowest_digit(rest);
                    aic_set cells = aic_set_minus(x->sees[d], y->cells);
                    for (int cell; (cell = aic_set_pop(&cells)) >= 0; doubly = true) aic_step_eliminate(step, cell, d);
                }
            }
            if (doubly) z = 0;
        }
        if (!step->nelim) continue;
        add_als_to_step(step, a);
        add_als_to_step(step, b);
        step->rc[0] = (uint16_t)(bit(r->d1) | bit(r->d2));
        step->z = z;
        return true;
    }
    return false;
}

/* The records of a set, as a or b, in list order: for the XY-Wing's second
 * record. */
typedef struct by_als {
    int *start, *list;
} by_als;

static bool als_xy_wing(search *s, aic_step *step)
{
    /* For each set, the records it is in, ascending. */
    by_als index = {calloc((size_t)s->nalses + 1, sizeof(int)), malloc((size_t)(2 * s->nrcs + 1) * sizeof(int))};
    if (!index.start || !index.list) {
        free(index.start);
        free(index.list);
        s->no_memory = true;
        return false;
    }
    for (int i = 0; i < s->nrcs; i++) {
        index.start[s->rcs[i].a + 1]++;
        index.start[s->rcs[i].b + 1]++;
    }
    for (int i = 0; i < s->nalses; i++) index.start[i + 1] += index.start[i];
    int *fill = calloc((size_t)s->nalses, sizeof(int));
    if (!fill) {
        free(index.start);
        free(index.list);
        s->no_memory = true;
        return false;
    }
    for (int i = 0; i < s->nrcs; i++) {
        index.list[index.start[s->rcs[i].a] + fill[s->rcs[i].a]++] = i;
        index.list[index.start[s->rcs[i].b] + fill[s->rcs[i].b]++] = i;
    }
    free(fill);
    bool found = false;
    for (int i = 0; i < s->nrcs && !found; i++) {
        const rc *r1 = &s->rcs[i];
        /* The second record shares a set with the first: merge the two
         * sets' lists, in order, after i. */
        int p = index.start[r1->a], pe = index.start[r1->a + 1];
        int q = index.start[r1->b], qe = index.start[r1->b + 1];
        int last = -1;
        while (!found && (p < pe || q < qe)) {
            int j;
            if (q >= qe || (p < pe && index.list[p] <= index.list[q]))
                j = index.list[p++];
            else
                j = index.list[q++];
            if (j <= i || j == last) continue;
            last = j;
            const rc *r2 = &s->rcs[j];
            if (!r1->d2 && !r2->d2 && r1->d1 == r2->d1) continue;
            int ia, ib, ic;
            if (r1->a == r2->a && r1->b != r2->b) {
                ic = r1->a, ia = r1->b, ib = r2->b;
            } else if (r1->a == r2->b && r1->b != r2->a) {
                ic = r1->a, ia = r1->b, ib = r2->a;
            } else if (r1->b == r2->a && r1->a != r2->b) {
                ic = r1->b, ia = r1->a, ib = r2->b;
            } else if (r1->b == r2->b && r1->a != r2->a) {
                ic = r1->b, ia = r1->a, ib = r2->a;
            } else {
                continue;
            }
            const als *a = &s->alses[ia], *b = &s->alses[ib], *c = &s->alses[ic];
            if (!aic_set_is_empty(aic_set_and(a->cells, b->cells))) continue;
            aic_set both = aic_set_or(a->cells, b->cells);
            if (aic_set_equal(both, a->cells) || aic_set_equal(both, b->cells)) continue;
            aic_step_start(step, AIC_ALS_XY_WING);
            unsigned rcd = bit(r1->d1) | bit(r1->d2) | bit(r2->d1) | bit(r2->d2);
            step->z = eliminations(a, b, rcd, step);
            if (!step->nelim) continue;
            add_als_to_step(step, a);
            add_als_to_step(step, b);
            add_als_to_step(step, c);
            step->rc[0] = (uint16_t)rcd;
            found = true;
        }
    }
    free(index.start);
    free(index.list);
    return found;
}

/* ---- ALS Chain (spec 12.5) ---- */

/* HoDoKu's RestrictedCommon.checkRCInt: which digits of a record (c21,
 * c22) a chain may use after one that used c11 (and c12). */
static int usable(int c11, int c12, int c21, int c22)
{
    if (c12 == 0) {
        if (c22 == 0) return c11 == c21 ? 0 : 1;
        if (c11 == c22) return 1;
        if (c11 == c21) return 2;
        return 3;
    }
    if (c22 == 0) return (c11 == c21 || c12 == c21) ? 0 : 1;
    if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21)) return 0;
    if (c11 == c22 || c12 == c22) return 1;
    if (c11 == c21 || c12 == c21) return 2;
    return 3;
}

/* HoDoKu's checkRC: sets r->actual; false if no digit is left. */
static bool check_rc(rc *r, const rc *last, bool first_try)
{
    r->actual = r->d2 == 0 ? 1 : 3;
    if (!last) {
        if (r->d2) r->actual = first_try ? 1 : 2;
        return true;
    }
    switch (last->actual) {
    case 1: r->actual = (uint8_t)usable(last->d1, 0, r->d1, r->d2); break;
    case 2: r->actual = (uint8_t)usable(last->d2, 0, r->d1, r->d2); break;
    case 3: r->actual = (uint8_t)usable(last->d1, last->d1, r->d1, r->d2); break; /* sic */
    default: break;
    }
    return r->actual != 0;
}

static unsigned used_digits(const rc *r)
{
    return (r->actual & 1 ? bit(r->d1) : 0) | (r->actual & 2 ? bit(r->d2) : 0);
}

/* A chain found: its eliminations, once per elimination set, with the
 * fewest cells (spec 12.5). */
typedef struct chain_step {
    int nelim, nals, ncells;
    aic_cand elim[AIC_ELIM_MAX / 4];
    int als[CHAIN_MAX + 1];
    uint16_t rc[CHAIN_MAX];
} chain_step;

typedef struct chains {
    search *s;
    int start;
    bool *in_chain;
    rc *chain[CHAIN_MAX];
    int length;
    aic_keymap seen; /* eliminations -> place in steps */
    chain_step *steps;
    int nsteps, size;
    aic_step *scratch;
} chains;

static void record_chain(chains *c, const rc *last)
{
    search *s = c->s;
    const als *start = &s->alses[c->start], *end = &s->alses[last->b];
    aic_step *tmp = c->scratch;
    aic_step_start(tmp, AIC_ALS_CHAIN);
    eliminations(start, end, used_digits(c->chain[0]) | used_digits(last), tmp);
    if (!tmp->nelim) return;
    int n = aic_sort_eliminations(tmp->elim, tmp->nelim);
    if (n > AIC_ELIM_MAX / 4) n = AIC_ELIM_MAX / 4;
    int ncells = start->ncells;
    for (int i = 0; i < c->length; i++) ncells += s->alses[c->chain[i]->b].ncells;
    int *at = aic_keymap_find(&c->seen, AIC_ALS_CHAIN, tmp->elim, n);
    chain_step *cs;
    if (at) {
        cs = &c->steps[*at];
        if (cs->ncells <= ncells) return;
    } else {
        if (c->nsteps == c->size) {
            int size = c->size ? 2 * c->size : 64;
            chain_step *bigger = realloc(c->steps, (size_t)size * sizeof *bigger);
            if (!bigger) {
                s->no_memory = true;
                return;
            }
            c->steps = bigger;
            c->size = size;
        }
        if (!aic_keymap_put(&c->seen, AIC_ALS_CHAIN, tmp->elim, n, c->nsteps)) s->no_memory = true;
        cs = &c->steps[c->nsteps++];
    }
    cs->nelim = n;
    memcpy(cs->elim, tmp->elim, (size_t)n * sizeof *tmp->elim);
    cs->nals = c->length + 1;
    cs->ncells = ncells;
    cs->als[0] = c->start;
    for (int i = 0; i < c->length; i++) {
        cs->als[i + 1] = c->chain[i]->b;
        cs->rc[i] = (uint16_t)used_digits(c->chain[i]);
    }
}

static void extend(chains *c, int from, const rc *last)
{
    search *s = c->s;
    if (c->length >= CHAIN_MAX) return;
    bool first_try = true;
    for (int i = s->first_rc[from]; i < s->end_rc[from]; i++) {
        rc *r = &s->rcs[i];
        if (c->length >= CHAIN_MAX || !check_rc(r, last, first_try) || c->in_chain[r->b]) continue;
        c->chain[c->length++] = r;
        c->in_chain[r->b] = true;
        if (c->length >= 3) record_chain(c, r);
        extend(c, r->b, r);
        c->in_chain[r->b] = false;
        c->length--;
        if (!last) {
            if (r->d2 && first_try) {
                first_try = false;
                i--;
            } else {
                first_try = true;
            }
        }
    }
}

/* HoDoKu's AlsComparator: more eliminations, the weighted sum, fewer
 * sets, fewer cells. */
static int compare_chains(const chain_step *a, const chain_step *b)
{
    if (a->nelim != b->nelim) return b->nelim - a->nelim;
    if (memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof *a->elim) != 0) {
        long d = aic_weighted_sum(a->elim, a->nelim) - aic_weighted_sum(b->elim, b->nelim);
        return d < 0 ? -1 : d > 0;
    }
    if (a->nals != b->nals) return a->nals - b->nals;
    return a->ncells - b->ncells;
}

static bool als_chain(search *s, aic_step *step)
{
    chains c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.in_chain = calloc((size_t)s->nalses + 1, sizeof *c.in_chain);
    c.scratch = malloc(sizeof *c.scratch);
    aic_keymap_init(&c.seen);
    if (!c.in_chain || !c.scratch) {
        s->no_memory = true;
    } else {
        for (c.start = 0; c.start < s->nalses; c.start++) {
            c.in_chain[c.start] = true;
            extend(&c, c.start, NULL);
            c.in_chain[c.start] = false;
        }
    }
    const chain_step *best = NULL;
    for (int i = 0; i < c.nsteps; i++)
        if (!best || compare_chains(&c.steps[i], best) < 0) best = &c.steps[i];
    if (best) {
        aic_step_start(step, AIC_ALS_CHAIN);
        for (int i = 0; i < best->nelim; i++) aic_step_eliminate(step, best->elim[i].cell, best->elim[i].digit);
        for (int i = 0; i < best->nals; i++) {
            add_als_to_step(step, &s->alses[best->als[i]]);
            if (i + 1 < best->nals && i < AIC_ALS_MAX) step->rc[i] = best->rc[i];
        }
    }
    free(c.in_chain);
    free(c.scratch);
    free(c.steps);
    aic_keymap_free(&c.seen);
    return best != NULL;
}

bool aic_find_als(const aic_grid *g, aic_kind kind, aic_step *step, bool *no_memory)
{
    search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    bool found = false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) aic_set_add(&s.holds[sudoku_lowest_digit(c)], cell);
    find_alses(&s);
    s.first_rc = malloc(((size_t)s.nalses + 1) * sizeof *s.first_rc);
    s.end_rc = malloc(((size_t)s.nalses + 1) * sizeof *s.end_rc);
    if (!s.no_memory && s.first_rc && s.end_rc) {
        find_rcs(&s);
        if (kind == AIC_ALS_XZ)
            found = als_xz(&s, step);
        else if (kind == AIC_ALS_XY_WING)
            found = als_xy_wing(&s, step);
        else
            found = als_chain(&s, step);
    } else {
        s.no_memory = true;
    }
    if (s.no_memory) *no_memory = true;
    free(s.alses);
    free(s.slots);
    free(s.first_rc);
    free(s.end_rc);
    free(s.rcs);
    return found;
}
