/*
 * loops.c: HoDoKu's Nice Loop/AIC and Grouped Nice Loop/AIC searches
 * (hodoku-spec 13.5-13.7): every table's entries in its premise's cell
 * close a nice loop, every OFF table's on entries elsewhere end an AIC;
 * each one that eliminates is kept unless one as short eliminated the
 * same; the first in the standard comparator's order (loops before AICs
 * on ties) is the step.
 */
#include "loops.h"

#include "compare.h"
#include "logic/step.h"
#include "reach.h"
#include "table.h"

#include <stdlib.h>
#include <string.h>

/* The best step of one list so far, as the comparator reads it, and its
 * chain. */
typedef struct best {
    bool found;
    int kind; /* a sudoku_loop_kind */
    int nelim, length;
    sudoku_candidate elim[SUDOKU_REMOVALS_MAX];
    uint16_t chain[HODOKU_TABLE_MAX];
} best;

typedef struct search {
    hodoku_tables *t;
    hodoku_keymap seen;
    best loops, aics;
    uint16_t chain[HODOKU_TABLE_MAX];
    sudoku_candidate elim[SUDOKU_REMOVALS_MAX];
    int nelim;
    bool no_memory;
} search;

static void eliminate(search *s, int cell, int digit)
{
    if (s->nelim < SUDOKU_REMOVALS_MAX) s->elim[s->nelim++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
}

static bool has(const hodoku_tables *t, int cell, int digit)
{
    return (t->grid->candidates[cell] >> (digit - 1)) & 1u;
}

static bool grouped(const uint16_t *chain, int n)
{
    for (int i = 0; i < n; i++)
        if (hodoku_node_is_group(chain[i] & HODOKU_LINK_NODE)) return true;
    return false;
}

/* A step found (its eliminations in s->elim, its chain in s->chain):
 * HoDoKu's duplicate check, then the comparator against the list's best. */
static void offer(search *s, best *b, int kind, int length)
{
    if (grouped(s->chain, length)) kind += SUDOKU_LOOP_GROUPED_DISCONTINUOUS - SUDOKU_LOOP_DISCONTINUOUS;
    int n = hodoku_sort_removals(s->elim, s->nelim);
    int *shortest = hodoku_keymap_find(&s->seen, kind, s->elim, n);
    if (shortest && *shortest <= length) return;
    if (shortest)
        *shortest = length;
    else if (!hodoku_keymap_put(&s->seen, kind, s->elim, n, length))
        s->no_memory = true;
    if (b->found) {
        hodoku_rank new_rank = {kind, n, s->elim, length, 0};
        hodoku_rank best_rank = {b->kind, b->nelim, b->elim, b->length, 0};
        if (hodoku_compare_standard(&new_rank, &best_rank) >= 0) return;
    }
    b->found = true;
    b->kind = kind;
    b->nelim = n;
    b->length = length;
    memcpy(b->elim, s->elim, (size_t)n * sizeof *s->elim);
    memcpy(b->chain, s->chain, (size_t)length * sizeof *s->chain);
}

static int cell_of(const hodoku_tables *t, int link)
{
    int node = link & HODOKU_LINK_NODE;
    if (hodoku_node_is_group(node)) return t->groups[(node - HODOKU_PLAIN_NODES) / 2].cells[0];
    return hodoku_node_cell(node);
}

static int digit_of(const hodoku_tables *t, int link)
{
    int node = link & HODOKU_LINK_NODE;
    if (hodoku_node_is_group(node)) return t->groups[(node - HODOKU_PLAIN_NODES) / 2].digit;
    return hodoku_node_digit(node);
}

/* Cells that see every cell of a node. */
static hodoku_set node_buddies(const hodoku_tables *t, int link)
{
    int node = link & HODOKU_LINK_NODE;
    if (hodoku_node_is_group(node)) return t->groups[(node - HODOKU_PLAIN_NODES) / 2].buddies;
    return hodoku_buddies(hodoku_node_cell(node));
}

/* A continuous nice loop's eliminations (spec 13.5): cells entered and
 * left by strong links lose their other digits; weak links between cells
 * eliminate their digit from cells seeing both ends. */
static void continuous(search *s, int n, int start, int s_digit, int e_digit, bool both_strong,
                       hodoku_set chain_cells)
{
    const hodoku_tables *t = s->t;
    const uint16_t *c = s->chain;
    int end = n - 1;
    for (int i = 0; i <= end; i++) {
        bool on = hodoku_node_on(c[i] & HODOKU_LINK_NODE);
        if ((i == 0 && both_strong) || (i > 0 && on && i <= end - 2 && cell_of(t, c[i - 1]) != cell_of(t, c[i]))) {
            if (i == 0 || (!hodoku_node_on(c[i + 1] & HODOKU_LINK_NODE) && cell_of(t, c[i]) == cell_of(t, c[i + 1]) &&
                           hodoku_node_on(c[i + 2] & HODOKU_LINK_NODE) && cell_of(t, c[i + 1]) != cell_of(t, c[i + 2]))) {
                int d1 = i == 0 ? s_digit : digit_of(t, c[i]);
                int d2 = i == 0 ? e_digit : digit_of(t, c[i + 2]);
                int cell = cell_of(t, c[i]);
                for (unsigned k = t->grid->candidates[cell]; k; k &= k - 1) {
                    int d = sudoku_lowest_digit(k);
                    if (d != d1 && d != d2) eliminate(s, cell, d);
                }
            }
        }
        if (i > 0 && !on && cell_of(t, c[i - 1]) != cell_of(t, c[i])) {
            int d = digit_of(t, c[i]);
            hodoku_set both = hodoku_set_and(node_buddies(t, c[i - 1]), node_buddies(t, c[i]));
            both = hodoku_set_minus(both, chain_cells);
            hodoku_set_remove(&both, start);
            both = hodoku_set_and(both, t->holds[d]);
            for (int cell; (cell = hodoku_set_pop(&both)) >= 0;) eliminate(s, cell, d);
        }
    }
}

/* True if b's list keeps its best against an offer of s's eliminations
 * (sorted here) whatever its chain: the best has more eliminations, or as
 * many, not the same ones, with a weighted sum no larger. The chain need
 * not be read: the offer changes nothing, and leaving it out of the
 * duplicate check changes nothing later (as outdone_on's). */
static bool keeps_best(const best *b, search *s)
{
    if (!b->found) return false;
    s->nelim = hodoku_sort_removals(s->elim, s->nelim);
    if (b->nelim != s->nelim) return b->nelim > s->nelim;
    if (memcmp(b->elim, s->elim, (size_t)s->nelim * sizeof *s->elim) == 0) return false;
    return hodoku_weighted_sum(s->elim, s->nelim) >= hodoku_weighted_sum(b->elim, b->nelim);
}

/* HoDoKu's checkNiceLoop for entry j of the expanded table. */
static void nice_loop(search *s, int j)
{
    hodoku_tables *t = s->t;
    if (t->ent[j].dist <= 2) return;
    int premise = t->ent[0].node, node = t->ent[j].node;
    bool first_strong = t->n > 1 && hodoku_node_on(t->ent[1].node);
    bool last_strong = hodoku_node_on(node);
    int sd = hodoku_node_digit(premise), ed = hodoku_node_digit(node), x = hodoku_node_cell(premise);
    unsigned cands = t->grid->candidates[x];
    s->nelim = 0;
    int kind = SUDOKU_LOOP_DISCONTINUOUS;
    if (!first_strong && !last_strong && sd == ed) {
        eliminate(s, x, sd);
    } else if (first_strong && last_strong && sd == ed) {
        for (unsigned k = cands; k; k &= k - 1)
            if (sudoku_lowest_digit(k) != sd) eliminate(s, x, sudoku_lowest_digit(k));
    } else if (first_strong != last_strong && sd != ed) {
        eliminate(s, x, first_strong ? ed : sd);
    } else if ((!first_strong && !last_strong && sudoku_is_pair(cands) && sd != ed) ||
               (first_strong && last_strong && sd != ed) || (first_strong != last_strong && sd == ed)) {
        kind = SUDOKU_LOOP_CONTINUOUS; /* its eliminations come from the chain */
    } else {
        return;
    }
    /* A discontinuous loop's eliminations are known before its chain. */
    if (kind == SUDOKU_LOOP_DISCONTINUOUS && keeps_best(&s->loops, s)) return;
    hodoku_set chain_cells;
    int n = hodoku_tables_chain(t, j, HODOKU_LOOP_CHAIN, s->chain, HODOKU_TABLE_MAX, &chain_cells);
    if (n < 2 || cell_of(t, s->chain[0]) == cell_of(t, s->chain[1])) return;
    if (kind == SUDOKU_LOOP_CONTINUOUS) continuous(s, n, x, sd, ed, first_strong && last_strong, chain_cells);
    if (s->nelim) offer(s, &s->loops, kind, n);
}

/* True if an ON table's expansion provably leaves the loops' best as it
 * is. Its first links are weak (its premise turns its cell's other
 * candidates off, at distance 2, so nice_loop passes them by, and the
 * premise is no later entry): nice_loop finds only discontinuous loops
 * that eliminate the premise itself, one elimination whose weighted sum
 * is cell + digit. The comparator puts one behind a best with more
 * eliminations, or one with as small a sum (not equivalent: the best
 * eliminates another candidate, as each ON table is expanded once). Its
 * offers left out change nothing later: an offer of the same key and no
 * shorter chain could not beat any later best either (which only gets
 * better, by more eliminations, a smaller sum or, equivalent, a shorter
 * chain), and a shorter one is weighed as it would have been. */
static bool outdone_on(const best *b, int cell, int digit)
{
    if (!b->found) return false;
    return b->nelim > 1 || cell + digit >= b->elim[0].cell + b->elim[0].digit; /* the sums of one */
}

#define SCREEN_WORDS ((SUDOKU_CELLS * 9 + 63) / 64) /* a set of the candidates' ON nodes */

/* What the screening of tables reads: for each cell, the numbers of its
 * nodes (reach.h's numbering: with groups, on and off for each candidate;
 * without, its ON nodes), and the candidates' ON nodes by digit. */
typedef struct screen {
    const hodoku_reach *r;
    const hodoku_grid *g;
    hodoku_set holds[10];        /* the cells holding each digit */
    int first[SUDOKU_CELLS + 1]; /* cell c's nodes are numbered first[c] to first[c + 1] - 1 */
    int plain_words;             /* with groups, the words holding the plain nodes */
    uint64_t *on;                /* with groups, digit d's: on[d * r->words .. ] */
    /* Without groups, the ON nodes by digit and by house (the cells in it),
     * and by open cell those in cells that see it (in its houses, not its
     * own). */
    uint64_t digit_on[10][SCREEN_WORDS], house_on[27][SCREEN_WORDS];
    uint64_t near_on[SUDOKU_CELLS][SCREEN_WORDS];
    /* Of the cell whose OFF tables are screened: the ON nodes of its
     * candidates' digits in near_on (made at its first OFF table that
     * reads it; near_cell -1 until then). */
    int near_cell;
    uint64_t near_digits[SCREEN_WORDS];
} screen;

/* A table screened: its premise's node, cell and digit, whether it is
 * on, the cell's candidates and the digit's place among them (the
 * outer loop has them all, which the node would give only by division). */
typedef struct screened {
    int table, cell, digit, place;
    bool on;
    unsigned cands;
} screened;

/* What the plain screen read of a table: the screen (its board's, or
 * the kept board's), the set of ON nodes its premise reaches (or a bound
 * of them), the table as numbered there and its cell's candidates there. */
typedef struct plain_view {
    screen *sc;
    const uint64_t *set;
    screened p;
    unsigned cands;
    uint64_t room[SCREEN_WORDS]; /* the set, when made for the table */
} plain_view;

/* The plain search's screen, on hodoku_reach_plain_on's sets: the open
 * cells' candidates, numbered in a row. */
static void screen_init_plain(screen *sc, const hodoku_reach *r, const hodoku_grid *g)
{
    sc->r = r;
    sc->g = g;
    sc->near_cell = -1;
    hodoku_digit_sets(g, sc->holds);
    memset(sc->digit_on, 0, sizeof sc->digit_on);
    memset(sc->house_on, 0, sizeof sc->house_on);
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        sc->first[cell] = n;
        for (unsigned c = g->value[cell] ? 0 : g->candidates[cell]; c; c &= c - 1, n++) {
            uint64_t bit = 1ull << (n & 63);
            sc->digit_on[sudoku_lowest_digit(c)][n >> 6] |= bit;
            for (int k = 0; k < 3; k++) sc->house_on[sudoku_cell_units[cell][k]][n >> 6] |= bit;
        }
    }
    sc->first[SUDOKU_CELLS] = n;
    int words = r->words;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int lo = sc->first[cell], len = sc->first[cell + 1] - lo;
        if (!len) continue;
        const uint8_t *units = sudoku_cell_units[cell];
        uint64_t *near = sc->near_on[cell];
        for (int w = 0; w < words; w++)
            near[w] = sc->house_on[units[0]][w] | sc->house_on[units[1]][w] | sc->house_on[units[2]][w];
        uint64_t own = (1ull << len) - 1; /* a cell has nine nodes at most */
        near[lo >> 6] &= ~(own << (lo & 63));
        /* Its nodes may run on into the next word. */
        if ((lo & 63) && (lo >> 6) + 1 < words) near[(lo >> 6) + 1] &= ~(own >> (64 - (lo & 63)));
    }
}

static bool screen_init(screen *sc, const hodoku_reach *r, const hodoku_tables *t)
{
    sc->r = r;
    memcpy(sc->holds, t->holds, sizeof sc->holds);
    sc->on = calloc(10 * (size_t)r->words + 1, sizeof *sc->on);
    if (!sc->on) return false;
    /* The nodes are numbered in increasing order: cell by cell (an open
     * cell's candidates', ON then OFF, each that has a table), then the
     * group nodes. One pass over the open cells' candidates. */
    const hodoku_grid *g = t->grid;
    int i = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        sc->first[cell] = i;
        for (unsigned c = g->value[cell] ? 0 : g->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c), on = hodoku_plain(cell, digit, true);
            int v = r->index[on];
            if (v >= 0)
                sc->on[(size_t)digit * (size_t)r->words + (size_t)(v >> 6)] |= 1ull << (v & 63);
            i += (v >= 0) + (r->index[on + 1] >= 0);
        }
    }
    sc->first[SUDOKU_CELLS] = i;
    sc->plain_words = (i + 63) / 64;
    return true;
}

/* True if y's candidate digit is the other place of digit in a house of
 * x's: an OFF table of x's candidate turns it on directly. */
static bool other_place(const screen *sc, int x, int y, int digit)
{
    for (int k = 0; k < 3; k++) {
        hodoku_set in = hodoku_set_and(hodoku_unit_sets[sudoku_cell_units[x][k]], sc->holds[digit]);
        if (hodoku_set_has(in, y) && hodoku_set_count(in) == 2) return true;
    }
    return false;
}

/* The bits from lo to lo + len - 1 (len < 32) of a set of node numbers. */
static unsigned bits_at(const uint64_t *set, int lo, int len)
{
    int w = lo >> 6, b = lo & 63;
    uint64_t v = set[w] >> b;
    if (b + len > 64) v |= set[w + 1] << (64 - b);
    return (unsigned)(v & ((1ull << len) - 1));
}

/* True if a table could end a loop or an AIC (spec 13.5, 13.6): its
 * premise reaches, beyond its direct implications, a node in its own cell,
 * or (an OFF table) a node on in another cell that would eliminate. Only
 * those tables need expanding. A cell's nodes are numbered in a row, on
 * and off for each of its candidates; of them a table's direct
 * implications are, for an ON table, its cell's other candidates off, for
 * an OFF table, a bivalue cell's other candidate on; elsewhere, an OFF
 * table's direct implications on a candidate are its digit's other places
 * in x's houses with two (other_place, as table.c's candidate_successors
 * makes them). */
static bool may_close(const hodoku_tables *t, const screen *sc, const screened *p)
{
    const hodoku_reach *r = sc->r;
    const uint64_t *set = hodoku_reach_set(r, p->table);
    int x = p->cell, sd = p->digit;
    int own = 2 * p->place, len = sc->first[x + 1] - sc->first[x];
    unsigned in_cell = bits_at(set, sc->first[x], len);
    /* The other candidates' ON nodes (in_cell has none past len). */
    unsigned others = 0x15555u & ~(1u << own);
    if (p->on) return (in_cell & (others | 2u << own)) != 0;
    unsigned direct = sudoku_is_pair(p->cands) ? others : 0;
    if (in_cell & ~(direct | 2u << own)) return true;
    /* An AIC's end: a candidate of x's digit on (one of another digit in a
     * cell seeing x would have turned that digit off in x: in_cell). */
    const uint64_t *of_digit = sc->on + (size_t)sd * (size_t)r->words;
    /* Those are plain nodes, numbered before the group nodes. */
    int plain_words = sc->plain_words;
    uint64_t any = 0; /* most reach none: one pass without branches first */
    for (int w = 0; w < plain_words; w++) any |= set[w] & of_digit[w];
    if (!any) return false;
    hodoku_set sees_x = hodoku_buddies(x);
    for (int w = 0; w < plain_words; w++)
        for (uint64_t bits = set[w] & of_digit[w]; bits; bits &= bits - 1) {
            int y = hodoku_node_cell(r->nodes[w * 64 + __builtin_ctzll(bits)]);
            /* Not x itself nor a direct implication (the dearer test last). */
            if (y != x &&
                hodoku_set_several(hodoku_set_and(hodoku_set_and(sees_x, hodoku_buddies(y)), t->holds[sd])) &&
                !other_place(sc, x, y, sd))
                return true;
        }
    return false;
}

/* may_close for the plain search, on a set of the ON nodes reached
 * (reach.h's hodoku_reach_plain_on). Its tables go from ON nodes to OFF
 * nodes and back, so an OFF node is reached exactly when an ON node that
 * turns it off is: x's candidate d off when another of x's candidates, or
 * d in a cell seeing x, is on. What may_close reads of the OFF nodes is
 * read so: the same answer. */
__attribute__((always_inline)) static inline bool plain_closes(screen *sc, const screened *p, const uint64_t *set)
{
    const hodoku_reach *r = sc->r;
    int x = p->cell, sd = p->digit;
    unsigned own = 1u << p->place;
    unsigned in_cell = bits_at(set, sc->first[x], sc->first[x + 1] - sc->first[x]);
    /* ON: another candidate of x on. OFF: its own on, or any if x is not
     * bivalue (else its other candidate on is a direct implication). */
    if (in_cell & (p->on ? ~own : sudoku_is_pair(p->cands) ? own : ~0u)) return true;
    /* The ON nodes reached in cells that see x (in its houses, not its own). */
    const uint64_t *near = sc->near_on[x], *of_digit = sc->digit_on[sd];
    if (p->on) { /* x's candidate off */
        for (int w = 0; w < r->words; w++)
            if (set[w] & near[w] & of_digit[w]) return true;
        return false;
    }
    /* Another of x's candidates off: the ON nodes of x's digits there, but
     * sd's (a node has one digit), shared by x's OFF tables. */
    if (sc->near_cell != x) {
        sc->near_cell = x;
        for (int w = 0; w < r->words; w++) {
            uint64_t digits = 0;
            for (unsigned c = p->cands; c; c &= c - 1) digits |= sc->digit_on[sudoku_lowest_digit(c)][w];
            sc->near_digits[w] = near[w] & digits;
        }
    }
    /* Or an AIC that eliminates: its end anywhere (one pass for both:
     * the answer is either's). */
    hodoku_set sees_x = hodoku_buddies(x);
    for (int w = 0; w < r->words; w++) {
        if (set[w] & sc->near_digits[w] & ~of_digit[w]) return true;
        for (uint64_t bits = set[w] & of_digit[w]; bits; bits &= bits - 1) {
            int y = hodoku_node_cell(r->nodes[w * 64 + __builtin_ctzll(bits)]);
            if (y != x &&
                hodoku_set_several(hodoku_set_and(hodoku_set_and(sees_x, hodoku_buddies(y)), sc->holds[sd])) &&
                !other_place(sc, x, y, sd))
                return true;
        }
    }
    return false;
}

static bool may_close_plain(screen *sc, const screened *p, plain_view *v)
{
    if (sc->r->index[p->table] < 0) return false; /* an OFF node that implies nothing */
    const uint64_t *set = hodoku_reach_set(sc->r, p->table);
    if (!plain_closes(sc, p, set)) return false;
    v->sc = sc;
    v->set = set;
    v->p = *p;
    v->cands = p->cands;
    return true;
}

/* True if b's list keeps its best against a loop of one elimination,
 * cell's digit (outdone_on's weighing; not when it is the best's own,
 * whose shorter chain would win). */
static bool beats_one(const best *b, int cell, int digit)
{
    if (!b->found) return false;
    if (b->nelim > 1) return true;
    int sum = b->elim[0].cell + b->elim[0].digit;
    return cell + digit > sum || (cell + digit == sum && (b->elim[0].cell != cell || b->elim[0].digit != digit));
}

/* True if an OFF table's expansion provably leaves both lists' bests as
 * they are, read off what its premise reaches (v). Its first links are
 * strong (its direct implications are all on), so nice_loop finds from
 * it loops back to x's own candidate on, eliminating x's other
 * candidates; to another candidate off, eliminating that one; or, to
 * another candidate on (beyond a bivalue cell's direct one), continuous
 * loops of any eliminations. aic finds chains to x's digit on in another
 * cell (not a direct implication), eliminating it in the cells holding it
 * that see both ends, and to another digit of x's on in a cell seeing x,
 * two eliminations. Each list's offers are weighed against its own best
 * as outdone_on's are (the lists' kinds differ, so do their keys). The
 * set holds every node the table can (what reaches an OFF node is read
 * as plain_closes reads it), on masks no smaller than the board's. */
static bool outdone_off(const search *s, const plain_view *v)
{
    const screen *sc = v->sc;
    const screened *p = &v->p;
    const uint64_t *set = v->set, *near = sc->near_on[p->cell];
    int x = p->cell, sd = p->digit, words = sc->r->words, lo = sc->first[x];
    unsigned own = 1u << p->place;
    unsigned in_cell = bits_at(set, lo, sc->first[x + 1] - lo);
    if (!sudoku_is_pair(p->cands) && (in_cell & ~own)) return false; /* a continuous loop */
    unsigned others = p->cands & ~(1u << (sd - 1));
    if (in_cell & own) { /* back to its own candidate on */
        if (sudoku_is_pair(p->cands) ? !beats_one(&s->loops, x, sudoku_lowest_digit(others))
                                     : !s->loops.found || s->loops.nelim <= sudoku_popcount(others))
            return false;
    }
    for (unsigned c = others; c; c &= c - 1) { /* to another candidate off */
        int e = sudoku_lowest_digit(c);
        if (beats_one(&s->loops, x, e)) continue;
        unsigned e_bit = 1u << sudoku_popcount(v->cands & ((1u << (e - 1)) - 1));
        if (in_cell & ~e_bit) return false;
        for (int w = 0; w < words; w++)
            if (set[w] & near[w] & sc->digit_on[e][w]) return false;
    }
    /* The chains: an AIC has two eliminations or more. */
    int need = s->aics.found ? s->aics.nelim : 2; /* an AIC with as many may win */
    if (need <= 2)
        for (unsigned c = others; c; c &= c - 1)
            for (int w = 0; w < words; w++)
                if (set[w] & near[w] & sc->digit_on[sudoku_lowest_digit(c)][w]) return false;
    hodoku_set sees_x = hodoku_buddies(x);
    for (int w = 0; w < words; w++)
        for (uint64_t bits = set[w] & sc->digit_on[sd][w]; bits; bits &= bits - 1) {
            int y = hodoku_node_cell(sc->r->nodes[w * 64 + __builtin_ctzll(bits)]);
            if (y != x &&
                hodoku_set_count(hodoku_set_and(hodoku_set_and(sees_x, hodoku_buddies(y)), sc->holds[sd])) >= need &&
                !other_place(sc, x, y, sd))
                return false;
        }
    return true;
}

/* HoDoKu's checkAics and checkAic for entry j of an expanded OFF table. */
static void aic(search *s, int j)
{
    hodoku_tables *t = s->t;
    int premise = t->ent[0].node, node = t->ent[j].node;
    if (hodoku_node_is_group(node) || !hodoku_node_on(node)) return;
    int x = hodoku_node_cell(premise), y = hodoku_node_cell(node);
    int sd = hodoku_node_digit(premise), ed = hodoku_node_digit(node);
    if (y == x) return;
    s->nelim = 0;
    if (sd == ed) {
        hodoku_set both = hodoku_set_and(hodoku_set_and(hodoku_buddies(x), hodoku_buddies(y)), t->holds[sd]);
        if (hodoku_set_count(both) < 2) return;
        if (t->ent[j].dist <= 2) return;
        for (int cell; (cell = hodoku_set_pop(&both)) >= 0;) eliminate(s, cell, sd);
    } else {
        if (!hodoku_set_has(hodoku_buddies(x), y) || !has(t, y, sd) || !has(t, x, ed)) return;
        if (t->ent[j].dist <= 2) return;
        eliminate(s, x, ed);
        eliminate(s, y, sd);
    }
    if (keeps_best(&s->aics, s)) return;
    hodoku_set chain_cells;
    int n = hodoku_tables_chain(t, j, HODOKU_AIC_CHAIN, s->chain, HODOKU_TABLE_MAX, &chain_cells);
    if (n == 0) return;
    offer(s, &s->aics, SUDOKU_LOOP_AIC, n);
}

static void make_step(const search *s, const best *b, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_tables *t = s->t;
    logic_step_start(step, technique, 0);
    step->variant = b->kind;
    for (int i = 0; i < b->nelim; i++) {
        logic_step_remove(step, b->elim[i].cell, b->elim[i].digit);
        step->digits |= (uint16_t)(1u << (b->elim[i].digit - 1));
    }
    for (int i = 0; i < b->length; i++)
        for (hodoku_set c = hodoku_node_set(t, b->chain[i] & HODOKU_LINK_NODE); !hodoku_set_is_empty(c);)
            logic_step_cell(step, hodoku_set_pop(&c));
    hodoku_tables_links(t, step, b->chain, b->length);
}

/* The chains-mode tables of g, with group nodes or not. */
static void make_tables(hodoku_tables *t, const hodoku_grid *g, bool with_groups)
{
    hodoku_tables_begin(t, g, false, with_groups);
    hodoku_tables_fill_chains(t);
}

/* The last board on which a search screened out every table (none could
 * close a loop or end an AIC, so it found nothing), by thread, without
 * and with group nodes: its candidates. A later board of the same thread
 * whose links are among its links needs no search (still_screened_out).
 * The kept board only ever rules a search out where it provably finds
 * nothing, so the steps do not depend on which board came before. */
typedef struct screened_out {
    bool valid;
    uint16_t cands[SUDOKU_CELLS];
} screened_out;

static _Thread_local screened_out screened_out_on[2];

/* The lines of a house along which its group nodes lie (bits over its
 * cells, sudoku_unit_cells' order): a row's or column's part in each of
 * its boxes; a box's rows and columns. */
static const unsigned line_parts[3] = {0x7u, 0x38u, 0x1c0u};
static const unsigned box_lines[6] = {0x7u, 0x38u, 0x1c0u, 0x49u, 0x92u, 0x124u};

/* Places (bits over a house's cells, two or more) as one group node: the
 * line of lines they lie along, or 0 if none. */
static unsigned line_holding(unsigned places, const unsigned *lines, int nlines)
{
    for (int i = 0; i < nlines; i++)
        if (!(places & ~lines[i])) return lines[i];
    return 0;
}

/* A node of a house (one cell, or a group node: places along a line) as
 * it was on the kept board, whose places there were was: the same cell,
 * or the group node's line's places. */
static unsigned node_was(unsigned node, unsigned was, const unsigned *lines, int nlines)
{
    if (!(node & (node - 1))) return node;
    return was & line_holding(node, lines, nlines);
}

/* True if a house's places now (changed from was) are two nodes, x and
 * the rest, that were not the house's two nodes on the kept board (where
 * they shared a cell, or left a place out): a strong link it had not. */
static bool new_pair(unsigned now, unsigned was, unsigned x, const unsigned *lines, int nlines)
{
    unsigned rest = now & ~x;
    if (!rest || ((rest & (rest - 1)) && !line_holding(rest, lines, nlines))) return false;
    unsigned x_was = node_was(x, was, lines, nlines), rest_was = node_was(rest, was, lines, nlines);
    return (x_was & rest_was) || (x_was | rest_was) != was;
}

/* True if a house whose places of a digit changed from was to now could
 * hold a link the kept board had not (spec 13.1, 13.2): a strong link,
 * two cells that are all its places or, with group nodes, two nodes (a
 * cell, or a group node: places along one of its lines) that are; or,
 * in a box, a row's and a column's group nodes that no longer share a
 * cell (each, on, now turns the other off). */
static bool may_link(unsigned now, unsigned was, int house, bool with_groups)
{
    if (!(now & (now - 1))) return false; /* no place, or one: no link */
    if (sudoku_is_pair(now)) return true;
    if (!with_groups) return false;
    const unsigned *lines = house < 18 ? line_parts : box_lines;
    int nlines = house < 18 ? 3 : 6;
    for (unsigned c = now; c; c &= c - 1)
        if (new_pair(now, was, c & (0u - c), lines, nlines)) return true;
    for (int i = 0; i < nlines; i++) {
        unsigned on = now & lines[i];
        if ((on & (on - 1)) && new_pair(now, was, on, lines, nlines)) return true;
    }
    if (house < 18) return false;
    for (int row = 0; row < 3; row++)
        for (int col = 3; col < 6; col++) {
            unsigned r = now & box_lines[row], c = now & box_lines[col], cross = box_lines[row] & box_lines[col];
            if ((r & (r - 1)) && (c & (c - 1)) && (was & cross) && !(now & cross)) return true;
        }
    return false;
}

/* A digit's places in a house, from a board's candidates. */
static unsigned places_of(const uint16_t *cands, int house, int digit)
{
    const uint8_t *cells = sudoku_unit_cells[house];
    unsigned places = 0, bit = 1u << (digit - 1);
    for (int i = 0; i < 9; i++)
        if (cands[cells[i]] & bit) places |= 1u << i;
    return places;
}

/* True if the search on g provably screens out every table, as it did on
 * the kept board k, because g's links are among k's. Each of g's cells
 * has no candidate k had not (so no node, and no weak link, k had not; a
 * group node has the same cells or fewer, and the cells seeing it that
 * hold its digit are the same or fewer, as only cells that lost the
 * digit join them), its bivalue cells are bivalue on k (the same pairs),
 * and no house whose places of a digit changed gains a link (may_link).
 * So every chain of g's links is one of k's, what each premise reaches is
 * among what it reached on k, and each test of the screen (a node
 * reached; of an AIC's ends, cells holding the digit that see both, and
 * no other place beside: the same or fewer) fails where it failed on k. */
static bool still_screened_out(const screened_out *k, const hodoku_grid *g, bool with_groups)
{
    if (!k->valid) return false;
    uint32_t changed[10] = {0}; /* by digit, the houses of cells that lost it */
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned now = g->candidates[cell], was = k->cands[cell];
        if (now == was) continue;
        if ((now & ~was) || (now && sudoku_is_pair(now) != sudoku_is_pair(was))) return false;
        for (unsigned lost = was & ~now; lost; lost &= lost - 1)
            changed[sudoku_lowest_digit(lost)] |= sudoku_cell_unit_mask[cell];
    }
    for (int digit = 1; digit <= 9; digit++)
        for (uint32_t houses = changed[digit]; houses; houses &= houses - 1) {
            int house = __builtin_ctz(houses);
            unsigned now = places_of(g->candidates, house, digit), was = places_of(k->cands, house, digit);
            if (may_link(now, was, house, with_groups)) return false;
        }
    return true;
}

static void keep_screened_out(screened_out *k, const hodoku_grid *g)
{
    k->valid = true;
    memcpy(k->cands, g->candidates, sizeof k->cands);
}

/* The last board the plain search made a reach for and its screen as it
 * was (widen and widened_closes read them), by thread: the candidates,
 * what each node reached (hodoku_reach_plain_on's sets, numbers and
 * parts, when they fit) and the screen's sets by digit and by cell. */
#define KEPT_NODES 1024
#define KEPT_WORDS 8192
#define TABLE_WORDS ((HODOKU_PLAIN_NODES + 63) / 64)

/* What a plain search's screen said of the tables it screened: those it
 * ruled out (a table it did not reach, or let through, is not among
 * them), bits by table node. */
typedef struct verdicts {
    uint64_t ruled_out[TABLE_WORDS];
} verdicts;

static bool has_bit(const uint64_t *bits, int i)
{
    return bits[i >> 6] >> (i & 63) & 1u;
}

static void add_bit(uint64_t *bits, int i)
{
    bits[i >> 6] |= 1ull << (i & 63);
}

typedef struct plain_kept {
    bool valid;
    uint16_t cands[SUDOKU_CELLS];
    hodoku_reach r; /* its arrays are these: */
    uint16_t nodes[KEPT_NODES];
    int part[KEPT_NODES];
    _Alignas(16) uint64_t sets[KEPT_WORDS];
    screen sc;
    verdicts said;
} plain_kept;

static _Thread_local plain_kept plain_kept_board;

/* Keeps g's plain search's reach and screen in k: what widen and
 * widened_closes read of them (the plain nodes' numbers, and
 * sets of r->words words). */
static void keep_plain(plain_kept *k, const hodoku_grid *g, const hodoku_reach *r, const screen *sc,
                       const verdicts *said)
{
    k->valid = r->n <= KEPT_NODES && (size_t)r->n * (size_t)r->words <= KEPT_WORDS;
    if (!k->valid) return;
    size_t words = (size_t)r->words;
    memcpy(k->cands, g->candidates, sizeof k->cands);
    k->r.n = r->n;
    k->r.held = r->held;
    k->r.words = r->words;
    memcpy(k->r.index, r->index, HODOKU_PLAIN_NODES * sizeof *r->index);
    memcpy(k->nodes, r->nodes, (size_t)r->n * sizeof *k->nodes);
    memcpy(k->part, r->part, (size_t)r->n * sizeof *k->part);
    memcpy(k->sets, r->sets, (size_t)r->n * words * sizeof *k->sets);
    k->r.nodes = k->nodes;
    k->r.part = k->part;
    k->r.sets = k->sets;
    k->sc.r = &k->r;
    memcpy(k->sc.holds, sc->holds, sizeof k->sc.holds);
    memcpy(k->sc.first, sc->first, sizeof k->sc.first);
    for (int digit = 1; digit <= 9; digit++)
        memcpy(k->sc.digit_on[digit], sc->digit_on[digit], words * sizeof *k->sc.digit_on[digit]);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) /* an open cell's (the others' are not made) */
        if (sc->first[cell + 1] > sc->first[cell])
            memcpy(k->sc.near_on[cell], sc->near_on[cell], words * sizeof *k->sc.near_on[cell]);
    k->said = *said;
}

#define NEW_LINKS 8 /* strong links a board may gain on the kept one (more: search) */

/* The strong links g has and the kept board had not, each an OFF node
 * (source) turning on an ON node (target); their count, or -1 if there
 * are more than NEW_LINKS, or g is no later board of k's (a candidate k
 * had not, or a bivalue cell of k's with one candidate left). */
static int new_links(const plain_kept *k, const hodoku_grid *g, int *source, int *target)
{
    int n = 0;
    uint32_t changed[10] = {0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned now = g->candidates[cell], was = k->cands[cell];
        if (now == was) continue;
        if ((now & ~was) || (now && sudoku_is_pair(was))) return -1;
        for (unsigned lost = was & ~now; lost; lost &= lost - 1)
            changed[sudoku_lowest_digit(lost)] |= sudoku_cell_unit_mask[cell];
        if (!sudoku_is_pair(now)) continue;
        if (n + 2 > NEW_LINKS) return -1;
        int a = sudoku_lowest_digit(now), b = sudoku_lowest_digit(now & (now - 1));
        source[n] = hodoku_plain(cell, a, false), target[n++] = hodoku_plain(cell, b, true);
        source[n] = hodoku_plain(cell, b, false), target[n++] = hodoku_plain(cell, a, true);
    }
    for (int digit = 1; digit <= 9; digit++)
        for (uint32_t houses = changed[digit]; houses; houses &= houses - 1) {
            int house = __builtin_ctz(houses);
            unsigned now = places_of(g->candidates, house, digit);
            if (!sudoku_is_pair(now)) continue;
            if (n + 2 > NEW_LINKS) return -1;
            int u = sudoku_unit_cells[house][__builtin_ctz(now)];
            int v = sudoku_unit_cells[house][__builtin_ctz(now & (now - 1))];
            source[n] = hodoku_plain(u, digit, false), target[n++] = hodoku_plain(v, digit, true);
            source[n] = hodoku_plain(v, digit, false), target[n++] = hodoku_plain(u, digit, true);
        }
    return n;
}

/* The kept board's number of g's candidate (an ON node of g's, all of
 * which the kept board had). */
static int kept_number(const plain_kept *k, int cell, int digit)
{
    return k->sc.first[cell] + sudoku_popcount(k->cands[cell] & ((1u << (digit - 1)) - 1));
}

static void set_or(uint64_t *set, const uint64_t *add, int words)
{
    for (int w = 0; w < words; w++) set[w] |= add[w];
}

static bool sets_meet(const uint64_t *a, const uint64_t *b, int words)
{
    for (int w = 0; w < words; w++)
        if (a[w] & b[w]) return true;
    return false;
}

/* sets_meet on the words in the bits of words (one bit a word). */
static bool words_meet(const uint64_t *a, const uint64_t *b, uint32_t words)
{
    for (; words; words &= words - 1)
        if (a[__builtin_ctz(words)] & b[__builtin_ctz(words)]) return true;
    return false;
}

/* The plain search's screen on a later board g than the kept board k
 * (the last it made a reach for), when g has at most NEW_LINKS strong
 * links k had not: what each premise reaches on g, bounded by k's reach
 * and those links, without a reach of g's. Numbers are k's. A chain of
 * g's from a premise p, up to the first new link it takes, is one of k's:
 * k's premise reached the ON node before the link's OFF node (it turns
 * that off: a candidate of its cell, or its digit in a cell seeing it),
 * so p enters that link; from its target on, the chain reaches no more
 * than the target reached on k and the links entered from there (made
 * transitive). So what p reaches on g is among what it reached on k and
 * what those links lead to, of the nodes g still has. The screen's tests
 * each ask for some node in a set, on masks the same or larger on k (the
 * cells holding a digit; an OFF table's own cell's test, which a cell
 * that is bivalue on g narrows), so a table they fail on that bound fails
 * them on g: the bound lets through every table the screen would, and
 * the search expands those as it would (one it would not have expanded
 * finds nothing). */
typedef struct widened {
    plain_kept *k;
    int n; /* g's new links, each an OFF node (source) turning on an ON node (target) */
    int source[NEW_LINKS], target[NEW_LINKS];
    uint64_t sources; /* bit source & 63 of each source: a node without is none */
    uint32_t into[NEW_LINKS]; /* by link, the links a chain through it enters (itself too) */
    /* g's ON nodes; by link, the ON nodes that enter it (turn its OFF
     * node off), and what its target reaches; the ON nodes entering any. */
    uint64_t alive[SCREEN_WORDS];
    uint64_t enter[NEW_LINKS][SCREEN_WORDS], leads[NEW_LINKS][SCREEN_WORDS];
    uint64_t enter_any[SCREEN_WORDS];
} widened;

/* Sets b up for g on the kept board k; false if g is no later board of
 * k's or has more new links. */
static bool widen(widened *b, plain_kept *k, const hodoku_grid *g)
{
    int n = k->valid ? new_links(k, g, b->source, b->target) : -1;
    if (n < 0) return false;
    b->k = k;
    b->n = n;
    b->sources = 0;
    for (int i = 0; i < n; i++) b->sources |= 1ull << (b->source[i] & 63);
    screen *sc = &k->sc;
    const hodoku_reach *r = &k->r;
    int words = r->words;
    memset(b->alive, 0, sizeof b->alive);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned now = g->candidates[cell];
        if (now == k->cands[cell]) { /* unchanged: its kept nodes, in a row (a placed cell has none) */
            for (int v = sc->first[cell]; v < sc->first[cell + 1]; v++)
                b->alive[v >> 6] |= 1ull << (v & 63);
            continue;
        }
        for (unsigned c = now; c; c &= c - 1) {
            int v = kept_number(k, cell, sudoku_lowest_digit(c));
            b->alive[v >> 6] |= 1ull << (v & 63);
        }
    }
    for (int i = 0; i < n; i++) {
        int cell = hodoku_node_cell(b->source[i]), digit = hodoku_node_digit(b->source[i]);
        int own = kept_number(k, cell, digit);
        uint64_t *enter = b->enter[i], *leads = b->leads[i];
        for (int w = 0; w < words; w++) enter[w] = sc->near_on[cell][w] & sc->digit_on[digit][w] & b->alive[w];
        for (int v = sc->first[cell]; v < sc->first[cell + 1]; v++)
            if (v != own) enter[v >> 6] |= b->alive[v >> 6] & (1ull << (v & 63));
        const uint64_t *reached = hodoku_reach_set(r, b->target[i]);
        for (int w = 0; w < words; w++) leads[w] = reached[w] & b->alive[w];
    }
    for (int i = 0; i < n; i++) {
        b->into[i] = 1u << i;
        for (int j = 0; j < n; j++)
            if (sets_meet(b->leads[i], b->enter[j], words)) b->into[i] |= 1u << j;
    }
    for (int m = 0; m < n; m++) /* made transitive */
        for (int i = 0; i < n; i++)
            if (b->into[i] >> m & 1) b->into[i] |= b->into[m];
    memset(b->enter_any, 0, sizeof b->enter_any);
    for (int i = 0; i < n; i++) set_or(b->enter_any, b->enter[i], words);
    sc->near_cell = -1; /* its cache was of another board's cells */
    return true;
}

/* may_close_plain on the bound: what p's premise reached on k that g
 * still has, and what the new links it enters lead to. */
static bool widened_closes(widened *b, const screened *p, plain_view *v)
{
    plain_kept *k = b->k;
    const hodoku_reach *r = &k->r;
    int words = r->words;
    uint32_t entered = 0;
    if (!p->on && (b->sources >> (p->table & 63) & 1))
        for (int i = 0; i < b->n; i++)
            if (b->source[i] == p->table) entered |= b->into[i];
    /* No number: an OFF node that implied nothing on k. */
    const uint64_t *reached = r->index[p->table] >= 0 ? hodoku_reach_set(r, p->table) : NULL;
    /* The words where it enters some link (enter holds g's nodes only):
     * a link it enters meets it in one of them. */
    uint32_t meets = 0;
    if (reached && sets_meet(reached, b->enter_any, words))
        for (int w = 0; w < words; w++)
            meets |= (uint32_t)((reached[w] & b->enter_any[w]) != 0) << w;
    for (int i = 0; meets && i < b->n; i++)
        if (!(entered >> i & 1) && words_meet(reached, b->enter[i], meets)) entered |= b->into[i];
    /* Entering none, it reaches no more than on k, where the screen may
     * have ruled it out already (on k's masks, no smaller); one it let
     * through is asked again on what g still has. */
    if (!entered && has_bit(k->said.ruled_out, p->table)) return false;
    uint64_t *set = v->room;
    for (int w = 0; w < words; w++) set[w] = reached ? reached[w] & b->alive[w] : 0;
    for (uint32_t e = entered; e; e &= e - 1) set_or(set, b->leads[__builtin_ctz(e)], words);
    screened on_k = *p;
    on_k.place = kept_number(k, p->cell, p->digit) - k->sc.first[p->cell];
    if (!plain_closes(&k->sc, &on_k, set)) return false;
    v->sc = &k->sc;
    v->set = set;
    v->p = on_k;
    v->cands = k->cands[p->cell];
    return true;
}

/* The screen's verdict on table p: whether it could close a loop or end
 * an AIC. By the search's screen: the plain one bounded from the kept
 * board (wide, if not NULL), the grouped one (with_groups) or the plain
 * one on the board's own reach, whose verdicts said notes for the board
 * kept. */
static bool screen_passes(bool with_groups, const hodoku_tables *t, screen *sc, widened *wide,
                          const screened *p, plain_view *view, verdicts *said)
{
    if (wide) return widened_closes(wide, p, view);
    if (with_groups) return may_close(t, sc, p);
    bool closes = may_close_plain(sc, p, view);
    if (!closes) add_bit(said->ruled_out, p->table);
    return closes;
}

/* Expands table p and looks in it for the nice loops back to p's cell
 * and, from an OFF premise, the AICs (to another cell's ON node: aic's
 * first tests). One pass: the loops and the AICs keep apart bests and
 * steps (their kinds differ), and each sets the scratch it reads. */
static void follow(search *s, const screened *p)
{
    hodoku_tables *t = s->t;
    int n = hodoku_tables_expand(t, p->table);
    for (int j = 1; j < n; j++) {
        int node = t->ent[j].node;
        if (hodoku_node_is_group(node)) continue;
        if (hodoku_node_cell(node) == p->cell)
            nice_loop(s, j);
        else if (!p->on && hodoku_node_on(node))
            aic(s, j);
    }
}

/* The better of the search's best loop and best AIC (at least one found),
 * by HoDoKu's standard comparison. */
static const best *loop_or_aic(const search *s)
{
    if (!s->loops.found) return &s->aics;
    if (!s->aics.found) return &s->loops;
    hodoku_rank a = {s->aics.kind, s->aics.nelim, s->aics.elim, s->aics.length, 0};
    hodoku_rank l = {s->loops.kind, s->loops.nelim, s->loops.elim, s->loops.length, 0};
    return hodoku_compare_standard(&a, &l) < 0 ? &s->aics : &s->loops;
}

/* Hands the tables *t and their reach over to q's round (*t and the
 * reach's arrays then NULL), if there is memory to keep them; else
 * leaves them to be freed. */
static void keep_tables(hodoku_query *q, hodoku_tables **t, hodoku_reach *reach)
{
    hodoku_kept *kept = malloc(sizeof *kept);
    if (!kept) return;
    kept->tables = *t;
    kept->reach = *reach;
    hodoku_kept_free(*q->kept);
    *q->kept = kept;
    *t = NULL;
    reach->sets = NULL;
    reach->part = NULL;
    reach->nodes = NULL;
}

bool hodoku_find_loop(hodoku_query *q, bool with_groups, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    screened_out *kept_board = &screened_out_on[with_groups];
    if (still_screened_out(kept_board, g, with_groups)) {
        keep_screened_out(kept_board, g);
        return false;
    }
    search *s = malloc(sizeof *s);
    hodoku_tables *t = hodoku_tables_new();
    if (!s || !t) {
        free(s);
        hodoku_tables_delete(t);
        q->short_of_memory = true;
        return false;
    }
    s->t = t;
    s->loops.found = s->aics.found = s->no_memory = false;
    hodoku_keymap_init(&s->seen);
    /* The plain search screens its tables on what the grid says and makes
     * them only if one passes: most searches expand none. */
    bool made = with_groups;
    if (made) make_tables(t, g, true);
    hodoku_reach reach;
    widened wide;
    bool widened_on = !with_groups && widen(&wide, &plain_kept_board, g);
    widened *bound = widened_on ? &wide : NULL;
    screen *sc = widened_on ? NULL : malloc(sizeof *sc);
    if (sc) sc->on = NULL;
    if (widened_on) {
        memset(&reach, 0, sizeof reach);
    } else if ((made && t->no_memory) || !sc ||
        !(with_groups ? hodoku_reach_compute(t, &reach) : hodoku_reach_plain_on(g, &reach))) {
        s->no_memory = true;
        memset(&reach, 0, sizeof reach);
    } else if (!with_groups) {
        screen_init_plain(sc, &reach, g);
    } else if (!screen_init(sc, &reach, t)) {
        s->no_memory = true;
    }
    bool passed = false; /* a table the screen let through */
    verdicts said; /* the plain screen's, for the board kept */
    plain_view view;
    if (!with_groups && !widened_on) memset(&said, 0, sizeof said);
    for (int on = 1; on >= 0 && !s->no_memory; on--)
        for (int cell = 0; cell < SUDOKU_CELLS && !s->no_memory; cell++) {
            if (!g->candidates[cell]) continue;
            screened p = {.cell = cell, .on = on, .cands = g->candidates[cell]};
            for (unsigned c = p.cands; c; c &= c - 1, p.place++) {
                p.digit = sudoku_lowest_digit(c);
                p.table = hodoku_plain(cell, p.digit, on);
                if (on && outdone_on(&s->loops, cell, p.digit)) continue;
                if (!screen_passes(with_groups, t, sc, bound, &p, &view, &said)) continue;
                passed = true;
                if (!on && !with_groups && outdone_off(s, &view)) continue;
                if (!made) {
                    make_tables(t, g, false);
                    made = true;
                    if (t->no_memory) {
                        s->no_memory = true;
                        break;
                    }
                }
                follow(s, &p);
            }
        }
    bool found = s->loops.found || s->aics.found;
    if (!passed && !s->no_memory) keep_screened_out(kept_board, g);
    if (!with_groups && !widened_on && !s->no_memory) keep_plain(&plain_kept_board, g, &reach, sc, &said);
    if (found) make_step(s, loop_or_aic(s), technique, step);
    if (s->no_memory || (made && t->no_memory)) {
        q->short_of_memory = true;
        found = false;
    }
    hodoku_keymap_free(&s->seen);
    /* Nothing found: the forcing chains of the round may come to the same
     * tables (with groups, chains mode); they are kept for them. */
    if (with_groups && q->kept && !found && !s->no_memory && !t->no_memory)
        keep_tables(q, &t, &reach);
    hodoku_reach_free(&reach);
    if (sc) free(sc->on);
    free(sc);
    hodoku_tables_delete(t);
    free(s);
    return found;
}
