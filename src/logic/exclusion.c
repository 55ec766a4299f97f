/*
 * exclusion.c: aligned pair exclusion. Two cells (the base) cannot
 * take a pair of digits that would leave a bivalue cell seeing both of
 * them with no candidate, nor the same digit if they see each other. A
 * digit of a base cell that no allowed pair gives it is not its digit.
 *
 * As SE: base cells are the cells of two or more candidates with a
 * bivalue peer, in reading order; pairs of them are taken in the order of
 * Gosper's enumeration; the excluders are the bivalue cells that see both
 * (at least two are needed); the first pair that removes something wins.
 */
#include "exclusion.h"
#include "state.h"
#include "step.h"

#include <string.h>

#define RATING 62

/* The digits of a and of b that some allowed pair gives them: not the same
 * digit if they see each other, not both digits of an excluder (with[x]:
 * the digits that share an excluder with x). */
static void pair_allowed(const sudoku_logic *state, int a, int b, const uint16_t with[9],
                         unsigned *ok_a, unsigned *ok_b)
{
    const uint16_t *cand = state->candidates;
    bool sees = logic_sees(a, b);
    *ok_a = *ok_b = 0;
    for (unsigned ma = cand[a]; ma; ma &= ma - 1) {
        unsigned x = ma & (~ma + 1u), allowed = cand[b] & ~with[sudoku_lowest_bit(x)];
        if (sees) allowed &= ~x;
        if (!allowed) continue;
        *ok_a |= x;
        *ok_b |= allowed;
    }
}

/* The step on base cells a and b, if their excluders (the bivalue cells
 * that see both, as bits) remove something. */
static bool exclude(const sudoku_logic *state, int a, int b, const uint64_t common[2],
                    sudoku_step *step)
{
    const uint16_t *cand = state->candidates;
    uint16_t with[9] = {0};
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common[w]; m; m &= m - 1) {
            unsigned e = cand[64 * w + __builtin_ctzll(m)], low = e & (~e + 1u);
            with[sudoku_lowest_bit(low)] |= (uint16_t)(e & ~low);
            with[sudoku_lowest_bit(e & ~low)] |= (uint16_t)low;
        }
    unsigned ok_a, ok_b;
    pair_allowed(state, a, b, with, &ok_a, &ok_b);
    if (!(cand[a] & ~ok_a) && !(cand[b] & ~ok_b)) return false;
    logic_step_start(step, SUDOKU_ALIGNED_PAIR_EXCLUSION, RATING);
    logic_step_cell(step, a);
    logic_step_cell(step, b);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common[w]; m; m &= m - 1)
            logic_step_cell(step, 64 * w + __builtin_ctzll(m));
    step->npattern = 2;
    for (unsigned m = cand[a] & ~ok_a; m; m &= m - 1)
        logic_step_eliminate(step, state, a, sudoku_lowest_digit(m));
    for (unsigned m = cand[b] & ~ok_b; m; m &= m - 1)
        logic_step_eliminate(step, state, b, sudoku_lowest_digit(m));
    return true;
}

/* What a memo lets the searches pass over: on a board that only lost
 * candidates since every pair (triplet) was found to remove nothing, one
 * removes something only if one of its cells, or of the cells that see
 * them all (its excluders are among them), changed. */
typedef struct exclusion_memo {
    bool on;
    uint64_t changed[2];
} exclusion_memo;

static exclusion_memo memo_start(bool known, const uint16_t *board, const sudoku_logic *state)
{
    exclusion_memo m = {false, {0, 0}};
    if (known) m.on = logic_memo_changed(board, state->candidates, m.changed);
    return m;
}

static bool changed_has(const exclusion_memo *m, int cell)
{
    return (m->changed[cell / 64] >> (cell % 64)) & 1u;
}

/* True if base cells a and b are unchanged, and so are the cells that
 * see both: any triplet they make is the same but for its third. */
static bool pair_unchanged(const exclusion_memo *m, int a, int b)
{
    if (!m->on || changed_has(m, a) || changed_has(m, b)) return false;
    const uint64_t *pa = sudoku_peer_bits[a], *pb = sudoku_peer_bits[b];
    return !(pa[0] & pb[0] & m->changed[0]) && !(pa[1] & pb[1] & m->changed[1]);
}

/* Adds the peers of the cells of set to out (cells as bits). */
static void add_peers(const uint64_t set[2], uint64_t out[2])
{
    for (int w = 0; w < 2; w++)
        for (uint64_t x = set[w]; x; x &= x - 1) {
            const uint64_t *px = sudoku_peer_bits[64 * w + __builtin_ctzll(x)];
            out[0] |= px[0];
            out[1] |= px[1];
        }
}

/* The changed cells and their peers, as bits (none without a memo). */
static void near_change(const exclusion_memo *m, uint64_t out[2])
{
    out[0] = m->changed[0];
    out[1] = m->changed[1];
    add_peers(m->changed, out);
}

/* The base cells (their indices in base) in a set of cells, and how many
 * of them come before each index: the first cells a memo leaves to pair
 * with a given second one, in the pairs' order. */
typedef struct base_list {
    int at[SUDOKU_CELLS], n, before[SUDOKU_CELLS];
} base_list;

static void base_list_of(const int *base, int n, const uint64_t set[2], base_list *l)
{
    l->n = 0;
    for (int i = 0; i < n; i++) {
        l->before[i] = l->n;
        if ((set[base[i] / 64] >> (base[i] % 64)) & 1u) l->at[l->n++] = i;
    }
}

/* The cells whose candidates pass test, as bits. */
static void cells_where(const sudoku_logic *state, bool (*test)(unsigned), uint64_t out[2])
{
    out[0] = out[1] = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (test(state->candidates[cell])) out[cell / 64] |= 1ull << (cell % 64);
}

/* True if cell's peers hold one of the cells of set. */
static bool peers_meet(int cell, const uint64_t set[2])
{
    return ((sudoku_peer_bits[cell][0] & set[0]) | (sudoku_peer_bits[cell][1] & set[1])) != 0;
}

/* Bivalue peers of each cell as bits (a pair of base cells' excluders are
 * the cells in both sets: at least two are needed), and the base cells:
 * two candidates or more, a bivalue peer, and no peer left with a single
 * candidate (SE skips the technique's cell then). */
static int pair_bases(const sudoku_logic *state, uint64_t peers[SUDOKU_CELLS][2],
                      int base[SUDOKU_CELLS])
{
    uint64_t pairs[2], singles[2];
    cells_where(state, sudoku_is_pair, pairs);
    cells_where(state, sudoku_is_single, singles);
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        peers[cell][0] = sudoku_peer_bits[cell][0] & pairs[0];
        peers[cell][1] = sudoku_peer_bits[cell][1] & pairs[1];
        if (sudoku_is_several(state->candidates[cell]) && !peers_meet(cell, singles) &&
            (peers[cell][0] | peers[cell][1]))
            base[n++] = cell;
    }
    return n;
}

bool logic_aligned_pair(const sudoku_logic *state, logic_memo *memo, sudoku_step *step)
{
    exclusion_memo m = memo_start(memo && memo->pairs_known, memo ? memo->pairs_board : NULL, state);
    int base[SUDOKU_CELLS];
    uint64_t peers[SUDOKU_CELLS][2];
    int n = pair_bases(state, peers, base);
    /* With a memo, a pair that changed has a changed cell, or two cells
     * that see one: a second cell that is neither changed nor near a
     * change goes with the changed first ones only. */
    uint64_t near[2];
    near_change(&m, near);
    base_list by_near, by_changed;
    base_list_of(base, n, near, &by_near);
    base_list_of(base, n, m.changed, &by_changed);
    for (int j = 1; j < n; j++) {
        int b = base[j];
        const base_list *l = !m.on || changed_has(&m, b) ? NULL
                             : (near[b / 64] >> (b % 64)) & 1u ? &by_near
                                                              : &by_changed;
        int count = l ? l->before[j] : j;
        for (int x = 0; x < count; x++) {
            int i = l ? l->at[x] : x;
            if (pair_unchanged(&m, base[i], b)) continue;
            const uint64_t *pa = peers[base[i]], *pb = peers[b];
            uint64_t w0 = pa[0] & pb[0], w1 = pa[1] & pb[1];
            if (!((w0 & (w0 - 1)) || (w1 & (w1 - 1)) || (w0 && w1))) continue;
            const uint64_t common[2] = {w0, w1};
            if (exclude(state, base[i], b, common, step)) return true;
        }
    }
    if (memo) {
        memo->pairs_known = true;
        memcpy(memo->pairs_board, state->candidates, sizeof memo->pairs_board);
    }
    return false;
}

/* ---- aligned triplet exclusion ---- */

#define RATING_TRIPLET 75

/* A set of cells as two words. */
typedef struct cellset {
    uint64_t w[2];
} cellset;

static void cellset_add(cellset *s, int cell)
{
    s->w[cell / 64] |= 1ull << (cell % 64);
}

/* True if s holds two cells or more. */
static bool cellset_several(const cellset *s)
{
    return (s->w[0] & (s->w[0] - 1)) || (s->w[1] & (s->w[1] - 1)) || (s->w[0] && s->w[1]);
}

static bool cellset_has(const cellset *s, int cell)
{
    return (s->w[cell / 64] >> (cell % 64)) & 1u;
}

/* What the triplet search needs of each cell, computed once per search:
 * whether it is a base cell, and its excluders for triplets (its peers of
 * two or three candidates; SE lists them by cell number). */
typedef struct triplet_board {
    bool base[SUDOKU_CELLS];
    cellset excluders[SUDOKU_CELLS];
} triplet_board;

/* True if mask has two or three bits. */
static bool two_or_three(unsigned mask)
{
    unsigned rest = mask & (mask - 1); /* without its lowest bit */
    rest &= rest - 1;                  /* without its two lowest */
    return sudoku_is_several(mask) && !sudoku_is_several(rest);
}

static void triplet_setup(const sudoku_logic *state, triplet_board *t)
{
    uint64_t few[2], singles[2];
    cells_where(state, two_or_three, few);
    cells_where(state, sudoku_is_single, singles);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        cellset *e = &t->excluders[cell];
        e->w[0] =
            sudoku_is_several(state->candidates[cell]) ? sudoku_peer_bits[cell][0] & few[0] : 0;
        e->w[1] =
            sudoku_is_several(state->candidates[cell]) ? sudoku_peer_bits[cell][1] & few[1] : 0;
        t->base[cell] = (e->w[0] | e->w[1]) && !peers_meet(cell, singles);
    }
}

/* True if two of the three cells hold the same two digits, and the third
 * one of them. Without excluders, that is the only way three cells that
 * see each other, each with two digits or more, can lose one: for any
 * digit of one, the other two can take two other digits unless both hold
 * only it and one more (and if they do not all see each other, the cells
 * seeing one another form a path, along which any digit extends). */
static bool bivalue_twins(const uint16_t *cand, const int cells[3])
{
    for (int i = 0; i < 3; i++) {
        unsigned x = cand[cells[(i + 1) % 3]], y = cand[cells[(i + 2) % 3]];
        if (x == y && sudoku_is_pair(x) && (cand[cells[i]] & x)) return true;
    }
    return false;
}

/* Three base cells and their excluders, as the combinations see them. */
typedef struct triplet {
    unsigned cand[3];
    bool sees01, sees02, sees12;
    uint16_t ex[20]; /* the excluders that can exclude something */
    int nex;
} triplet;

/* The third cell's digits that go with digits b0 and b1 (bits) of the
 * first two: not one a peer among the three holds, not one that would
 * leave an excluder empty; 0 if b0 and b1 cannot go together. */
static unsigned third_allowed(const triplet *t, unsigned b0, unsigned b1)
{
    if (t->sees01 && b0 == b1) return 0;
    unsigned both = b0 | b1, allowed = t->cand[2];
    if (t->sees02) allowed &= ~b0;
    if (t->sees12) allowed &= ~b1;
    for (int e = 0; e < t->nex && allowed; e++) {
        unsigned rest = t->ex[e] & ~both;
        if (!rest)
            allowed = 0;
        else if (sudoku_is_single(rest))
            allowed &= ~rest;
    }
    return allowed;
}

/* The digits each of the three cells keeps in some allowed combination:
 * no digit twice in cells that see each other, no excluder left empty.
 * Each digit is looked for in one combination that allows it, not in all:
 * a triplet that removes nothing (nearly all) is done in a few. */
static void triplet_allowed(const sudoku_logic *state, const int cells[3], const cellset *common,
                            unsigned ok[3])
{
    const uint16_t *cand = state->candidates;
    triplet t;
    for (int i = 0; i < 3; i++) t.cand[i] = cand[cells[i]];
    /* An excluder with a digit none of the three holds never loses all
     * its digits, nor all but one the third cell could take: it excludes
     * nothing, and is left out. */
    unsigned any = t.cand[0] | t.cand[1] | t.cand[2];
    t.nex = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = common->w[w]; m && t.nex < 20; m &= m - 1) {
            uint16_t c = cand[64 * w + __builtin_ctzll(m)];
            if (!(c & ~any)) t.ex[t.nex++] = c;
        }
    t.sees01 = logic_sees(cells[0], cells[1]);
    t.sees02 = logic_sees(cells[0], cells[2]);
    t.sees12 = logic_sees(cells[1], cells[2]);
    ok[0] = ok[1] = ok[2] = 0;
    if (!t.nex && !(t.sees01 && t.sees02 && t.sees12 && bivalue_twins(cand, cells))) {
        for (int i = 0; i < 3; i++) ok[i] = t.cand[i];
        return;
    }
    for (unsigned m0 = t.cand[0]; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & (~m0 + 1u);
        for (unsigned m1 = t.cand[1]; m1 && !(ok[0] & b0); m1 &= m1 - 1) {
            unsigned b1 = m1 & (~m1 + 1u), allowed = third_allowed(&t, b0, b1);
            if (!allowed) continue;
            ok[0] |= b0;
            ok[1] |= b1;
            ok[2] |= allowed;
        }
    }
    for (unsigned m1 = t.cand[1] & ~ok[1]; m1; m1 &= m1 - 1) {
        unsigned b1 = m1 & (~m1 + 1u);
        for (unsigned m0 = ok[0]; m0 && !(ok[1] & b1); m0 &= m0 - 1) {
            unsigned b0 = m0 & (~m0 + 1u), allowed = third_allowed(&t, b0, b1);
            if (!allowed) continue;
            ok[1] |= b1;
            ok[2] |= allowed;
        }
    }
    for (unsigned m0 = ok[0]; m0 && ok[2] != t.cand[2]; m0 &= m0 - 1)
        for (unsigned m1 = ok[1]; m1 && ok[2] != t.cand[2]; m1 &= m1 - 1)
            ok[2] |= third_allowed(&t, m0 & (~m0 + 1u), m1 & (~m1 + 1u));
}

static bool triplet_step(const sudoku_logic *state, const int cells[3], const cellset *common,
                         sudoku_step *step)
{
    unsigned ok[3];
    triplet_allowed(state, cells, common, ok);
    bool removes = false;
    for (int i = 0; i < 3; i++) removes |= (state->candidates[cells[i]] & ~ok[i]) != 0;
    if (!removes) return false;
    logic_step_start(step, SUDOKU_ALIGNED_TRIPLET_EXCLUSION, RATING_TRIPLET);
    for (int i = 0; i < 3; i++) logic_step_cell(step, cells[i]);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (cellset_has(common, c)) logic_step_cell(step, c);
    step->npattern = 3;
    for (int i = 0; i < 3; i++)
        for (unsigned m = state->candidates[cells[i]] & ~ok[i]; m; m &= m - 1)
            logic_step_eliminate(step, state, cells[i], sudoku_lowest_digit(m));
    return true;
}

/* True if pair (x, y) takes t as its third: t is an excluder of x or y. */
static bool takes_third(const triplet_board *t, int x, int y, int third)
{
    return cellset_has(&t->excluders[x], third) || cellset_has(&t->excluders[y], third);
}

/* True if the triplet of base cells a, b, c (indices i < j and k in the
 * base list) came up under a pair before (a, b): a pair of it with a
 * smaller last index, or the same last and a smaller first. It removed
 * nothing then (the search stops at the first that does), and what a
 * triplet removes does not depend on the order of its cells. */
static bool tried_before(const triplet_board *t, int a, int b, int c, int i, int k, int j)
{
    if (k > j) return false;
    if (k > i) return takes_third(t, a, c, b);
    return takes_third(t, c, a, b) || takes_third(t, c, b, a);
}

/* The thirds of base cells a and b that the memo cannot pass over: any,
 * unless the pair is unchanged; then those that changed, or see a changed
 * cell that sees the pair. */
static cellset thirds_to_try(const exclusion_memo *m, int a, int b)
{
    if (!m->on || changed_has(m, a) || changed_has(m, b)) return (cellset){{~0ull, ~0ull}};
    const uint64_t *pa = sudoku_peer_bits[a], *pb = sudoku_peer_bits[b];
    const uint64_t near[2] = {pa[0] & pb[0] & m->changed[0], pa[1] & pb[1] & m->changed[1]};
    cellset out = {{m->changed[0], m->changed[1]}};
    add_peers(near, out.w);
    return out;
}

/* As SE: pairs of base cells in Gosper's order, then a third from the
 * excluders of either (in the order they come) that is a base cell too;
 * the three need two excluders in common. */
bool logic_aligned_triplet(const sudoku_logic *state, logic_memo *memo, sudoku_step *step)
{
    exclusion_memo m =
        memo_start(memo && memo->triplets_known, memo ? memo->triplets_board : NULL, state);
    triplet_board board;
    triplet_board *t = &board;
    triplet_setup(state, t);
    int base[SUDOKU_CELLS] = {0}, index[SUDOKU_CELLS] = {0}, n = 0;
    cellset bases = {{0, 0}};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (t->base[cell]) {
            index[cell] = n;
            base[n++] = cell;
            cellset_add(&bases, cell);
        }
    /* With a memo, a triplet that changed has a pair (any two of its
     * cells) one of which is or sees a changed cell: a third that changed
     * sees one of the two. The pairs are taken in the same order, those
     * of two cells far from every change left out. */
    uint64_t close[2];
    near_change(&m, close);
    base_list by_near;
    base_list_of(base, n, close, &by_near);
    bool found = false;
    for (int j = 1; j < n && !found; j++) {
        bool every = !m.on || ((close[base[j] / 64] >> (base[j] % 64)) & 1u);
        int count = every ? j : by_near.before[j];
        for (int x = 0; x < count && !found; x++) {
            int i = every ? x : by_near.at[x];
            int a = base[i], b = base[j];
            const cellset *ea = &t->excluders[a], *eb = &t->excluders[b];
            cellset ab = {{ea->w[0] & eb->w[0], ea->w[1] & eb->w[1]}};
            if (!cellset_several(&ab)) continue;
            cellset pair = {{0, 0}};
            cellset_add(&pair, a);
            cellset_add(&pair, b);
            cellset open = thirds_to_try(&m, a, b);
            if (!(((ea->w[0] | eb->w[0]) & bases.w[0] & ~pair.w[0] & open.w[0]) |
                  ((ea->w[1] | eb->w[1]) & bases.w[1] & ~pair.w[1] & open.w[1])))
                continue;
            /* A third needs two of these excluders: it sees both. */
            cellset near = {{0, 0}};
            for (int w1 = 0; w1 < 2; w1++)
                for (uint64_t m1 = ab.w[w1]; m1; m1 &= m1 - 1) {
                    const uint64_t *p1 = sudoku_peer_bits[64 * w1 + __builtin_ctzll(m1)];
                    for (int w2 = w1; w2 < 2; w2++)
                        for (uint64_t m2 = w2 == w1 ? m1 & (m1 - 1) : ab.w[w2]; m2; m2 &= m2 - 1) {
                            const uint64_t *p2 = sudoku_peer_bits[64 * w2 + __builtin_ctzll(m2)];
                            near.w[0] |= p1[0] & p2[0];
                            near.w[1] |= p1[1] & p2[1];
                        }
                }
            /* The third cells as SE takes them: a's excluders, then b's
             * that are not a's, each by cell number (the lists' order). */
            for (int part = 0; part < 2 && !found; part++)
                for (int w = 0; w < 2 && !found; w++) {
                    uint64_t thirds = (part ? eb->w[w] & ~ea->w[w] : ea->w[w]) & bases.w[w] &
                                      ~pair.w[w] & near.w[w] & open.w[w];
                    for (; thirds && !found; thirds &= thirds - 1) {
                        int c = 64 * w + __builtin_ctzll(thirds);
                        if (tried_before(t, a, b, c, i, index[c], j)) continue;
                        cellset common = {
                            {ab.w[0] & t->excluders[c].w[0], ab.w[1] & t->excluders[c].w[1]}};
                        if (!cellset_several(&common)) continue;
                        int cells[3] = {a, b, c};
                        found = triplet_step(state, cells, &common, step);
                    }
                }
        }
    }
    if (memo && !found) {
        memo->triplets_known = true;
        memcpy(memo->triplets_board, state->candidates, sizeof memo->triplets_board);
    }
    return found;
}
