/*
 * forcing.c: bidirectional cycles and forcing chains (SE's "forcing
 * chains and cycles", 6.5 and up). From each candidate assumed on, links
 * alternate: on turns off the cell's other digits (Y links) and the
 * digit's other places in its units; off turns on the cell's other digit
 * when it has two (Y), or the digit's other place in a unit where it has
 * two (X links). A path back to the start is a cycle, along which every
 * candidate seeing an "on" and an "off" node of its digit is false; a path
 * to the start's opposite is a forcing chain, which decides the start.
 *
 * Searched three times, as SE does: X links only, Y links only (cycles),
 * then both. Every step found goes to the sink, which keeps the easiest
 * (or, nested in a bigger chain, all of them).
 */
#include "forcing.h"

#include <stdlib.h>
#include <string.h>

#define BASE_CYCLE 6.5
#define BASE_X_CHAIN 6.6
#define BASE_XY 7.0

/* A set of cells: cell i is bit i % 64 of word i / 64. */
typedef struct cells81 {
    uint64_t w[2];
} cells81;

static void cells_add(cells81 *set, int cell)
{
    set->w[(unsigned)cell / 64] |= 1ull << ((unsigned)cell % 64);
}

static bool cells_has(const cells81 *set, int cell)
{
    return (set->w[(unsigned)cell / 64] >> ((unsigned)cell % 64)) & 1u;
}

typedef struct static_search {
    chainer c;
    const uint64_t *starts; /* NULL: every assumption */
    bool y, x;
    int off_mode; /* the off links' cache of the mode searched: X, Y, both */
    /* The board does not change during the search, so each candidate's
     * links are found once: on links by y, off links by mode (x only, y
     * only, both); a count of -1 is not yet known. */
    chain_link on_cache[2][POTENTIALS][32];
    int8_t non[2][POTENTIALS];
    chain_link off_cache[3][POTENTIALS][4];
    int8_t noff[3][POTENTIALS];
    chain_sink *sink;
    /* Every candidate's partners (strong links; the weak ones unused). */
    chain_links links;
    uint64_t own_starts[NODE_WORDS]; /* starts, when the search finds them */
    /* The candidates whose "off" turns another on: with X links by digit,
     * as cells (may_hint_x); with Y, with both, as candidates. */
    cells81 live_x[9];
    cells81 live[3][9]; /* by mode (y only: 1, both: 2), by digit, as cells */
    /* The same by mode (X: 0, Y: 1, both: 2) as candidates (bit pot % 64
     * of word pot / 64): the cycle searches test them by candidate. */
    uint64_t live_pots[3][POT_WORDS];
    /* X links alone, by digit, as sets of cells (may_hint_x): the digit's
     * places, each place's partners (the other place of a unit of two). */
    cells81 places[9];
    /* may_hint with X and Y links, by candidate and state (-1: not yet
     * known): its closures hold those of X links alone and of Y links
     * alone, so where it finds nothing they find nothing. */
    int8_t hint_xy[POTENTIALS][2];
    /* With a sink without bound: the starts (node bits) whose may_hint
     * with X and Y links holds, found before the searches. */
    bool use_passing;
    uint64_t passing[NODE_WORDS];
    cells81 hint_on[9], hint_off[9]; /* may_hint's closure, by digit (empty between calls) */
    unsigned long long closure;       /* candidates its pass took: work to charge */
    uint64_t on_seen[NODE_WORDS], off_seen[NODE_WORDS]; /* by candidate (state ignored) */
    int32_t pending_on[POTENTIALS], pending_off[POTENTIALS];
    /* With a memo (NULL: none): by mode (X, Y, both), the starts passed
     * over (they found nothing before, and reach nothing that changed
     * since), and those found to give nothing now, unbounded. */
    logic_memo *memo;
    uint64_t skip[3][NODE_WORDS];
    uint64_t nothing[3][NODE_WORDS];
    int emitted; /* steps handed to the sink so far */
    /* A cycle search follows an "off" again for each new path to it: each
     * is kept as its link and parent, made a node only if it leads on. */
    struct pending {
        int32_t parent;
        chain_link link;
    } pending[32 * POTENTIALS];
} static_search;

/* The links of candidate pot on (y: with the cell's other digits). */
static int on_links(static_search *s, int pot, const chain_link **links)
{
    int y = s->y;
    if (s->non[y][pot] < 0)
        s->non[y][pot] = (int8_t)chain_on_links(&s->c, pot, s->y, s->on_cache[y][pot]);
    *links = s->on_cache[y][pot];
    return s->non[y][pot];
}

/* The links of candidate pot off, in the search's mode (every search
 * that follows an "off" does so with its mode's X links: forcing_from
 * runs with X links only). */
static int off_links(static_search *s, int pot, const chain_link **links)
{
    int mode = s->off_mode;
    if (s->noff[mode][pot] < 0)
        s->noff[mode][pot] =
            (int8_t)chain_off_links(&s->c, pot, s->y, s->x, s->off_cache[mode][pot]);
    *links = s->off_cache[mode][pot];
    return s->noff[mode][pot];
}

/* True if candidate pot, state on, is an ancestor of node along first parents. */
static bool is_ancestor(const chain_arena *arena, int32_t node, int pot, bool on)
{
    const chain_node *p = chain_at(arena, node);
    while (p->nparents) {
        p = chain_at(arena, arena->parents[p->parents]);
        if (p->pot == pot && p->on == on) return true;
    }
    return false;
}

/* SE's order among steps of equal rating and complexity: X, Y, XY. */
static int mode_key(const static_search *s)
{
    return s->y && s->x ? 4 : s->y ? 3 : 2;
}

/* The mode's index in a memo: X, Y, both. */
static int memo_mode(const static_search *s)
{
    return mode_key(s) - 2;
}

static chain_hint hint_start(const static_search *s)
{
    chain_hint hint;
    memset(&hint, 0, sizeof hint);
    hint.technique = SUDOKU_FORCING_CHAINS;
    hint.sort_key = mode_key(s);
    hint.source_cell = -1;
    hint.region_unit = -1;
    return hint;
}

/* A cycle through dst (the start, reached again): candidates of the
 * chain's digits that see one of its "on" and one of its "off" nodes of
 * that digit, outside its cells, are false. */
static void cycle_found(static_search *s, int32_t dst)
{
    chain_arena *arena = s->c.arena;
    /* By digit: the cells its "on" nodes see, and its "off" nodes. */
    cells81 chain = {{0, 0}}, seen_on[9], seen_off[9];
    memset(seen_on, 0, sizeof seen_on);
    memset(seen_off, 0, sizeof seen_off);
    unsigned digits = 0;
    for (const chain_node *p = chain_at(arena, dst); p->nparents;
         p = chain_at(arena, arena->parents[p->parents])) {
        int cell = POT_CELL(p->pot), d = POT_DIGIT(p->pot) - 1;
        cells_add(&chain, cell);
        cells81 *seen = p->on ? &seen_on[d] : &seen_off[d];
        seen->w[0] |= sudoku_peer_bits[cell][0];
        seen->w[1] |= sudoku_peer_bits[cell][1];
        digits |= 1u << d;
    }
    uint16_t forw[SUDOKU_CELLS] = {0};
    bool any = false;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits);
        for (int w = 0; w < 2; w++)
            for (uint64_t m = seen_on[d].w[w] & seen_off[d].w[w] & s->places[d].w[w] & ~chain.w[w];
                 m; m &= m - 1) {
                forw[64 * w + __builtin_ctzll(m)] |= (uint16_t)(1u << d);
                any = true;
            }
    }
    if (!any) return;
    chain_hint hint = hint_start(s);
    hint.kind = s->y && s->x ? SUDOKU_CHAIN_XY_CYCLE
                : s->y       ? SUDOKU_CHAIN_Y_CYCLE
                             : SUDOKU_CHAIN_X_CYCLE;
    hint.complexity = chain_ancestors(arena, dst);
    hint.difficulty = chain_difficulty(s->y && s->x ? BASE_XY : BASE_CYCLE, hint.complexity);
    hint.targets = &dst;
    hint.ntargets = 1;
    hint.cycle = true;
    hint.eliminate = forw;
    s->emitted++;
    s->sink->emit(s->sink, arena, &hint);
}

/* A forcing chain to target, the opposite of its start: target holds. */
static void forcing_found(static_search *s, int32_t target)
{
    chain_arena *arena = s->c.arena;
    const chain_node *t = chain_at(arena, target);
    chain_hint hint = hint_start(s);
    hint.kind = s->y && s->x ? SUDOKU_CHAIN_XY_FORCING : SUDOKU_CHAIN_X_FORCING;
    hint.complexity = chain_ancestors(arena, target);
    hint.difficulty = chain_difficulty(s->y && s->x ? BASE_XY : BASE_X_CHAIN, hint.complexity);
    hint.targets = &target;
    hint.ntargets = 1;
    hint.result_pot = t->pot;
    hint.result_on = t->on;
    /* SE's isWorth: a placement in a cell with other candidates. */
    if (t->on && !(s->c.grid[POT_CELL(t->pot)] & ~(1u << (POT_DIGIT(t->pot) - 1)))) return;
    s->emitted++;
    s->sink->emit(s->sink, arena, &hint);
}

/* SE's doCycles from start (on): breadth first in rounds, an "off" reached
 * again by another path followed again; a return to start after at least
 * four links is a cycle. */
static void add_target(const chain_arena *arena, int32_t target, int32_t targets[2], int *ntargets);

/* False if candidate pot, turned off in the round under way, can lead
 * nowhere: each candidate its "off" turns on is on already, and none is
 * the start (a cycle). Its pending "off" would make no node: leaving it
 * out changes nothing. */
static bool may_lead(static_search *s, int pot, int start_pot)
{
    const chain_link *links;
    int n = off_links(s, pot, &links);
    for (int j = 0; j < n; j++)
        if (links[j].pot == start_pot || !node_in(s->on_seen, links[j].pot, false)) return true;
    return false;
}

static void cycles_from(static_search *s, int32_t start, int32_t targets[2], int *ntargets)
{
    chain_arena *arena = s->c.arena;
    /* The candidates with a partner in the mode: the others lead nowhere. */
    const uint64_t *live = s->live_pots[s->off_mode];
    int start_pot = chain_at(arena, start)->pot;
    memset(s->on_seen, 0, sizeof s->on_seen);
    node_add(s->on_seen, start_pot, false);
    int32_t *pending_on = s->pending_on;
    int non = 0, noff = 0, length = 0;
    pending_on[non++] = start;
    const chain_link *links;
    while ((non || noff) && !arena->failed) {
        length++;
        for (int i = 0; i < non; i++) {
            int32_t p = pending_on[i];
            if (s->c.max_depth && chain_at(arena, p)->depth + 1 > s->c.max_depth) continue;
            int n = on_links(s, chain_at(arena, p)->pot, &links);
            for (int j = 0; j < n; j++) {
                bool target = s->x && links[j].pot == start_pot;
                unsigned to = links[j].pot;
                if (!target &&
                    (!((live[to / 64] >> (to % 64)) & 1u) || !may_lead(s, (int)to, start_pot)))
                    continue;
                if (is_ancestor(arena, p, links[j].pot, false)) continue;
                /* The start turned off: a forcing chain (with X links). The
                 * forcing search from the start on follows the same nodes
                 * with the same parents (an "off" met again leads nowhere
                 * new), so this search stands for it. */
                if (target) {
                    int32_t q = chain_make_static(arena, &links[j], false, p);
                    if (q >= 0) add_target(arena, q, targets, ntargets);
                }
                if (noff < 32 * POTENTIALS) s->pending[noff++] = (struct pending){p, links[j]};
            }
        }
        non = 0;
        length++;
        for (int i = 0; i < noff; i++) {
            const struct pending *e = &s->pending[i];
            if (s->c.max_depth && chain_at(arena, e->parent)->depth + 2 > s->c.max_depth) continue;
            int n = off_links(s, e->link.pot, &links);
            int32_t off = -1;
            for (int j = 0; j < n; j++) {
                int pot = links[j].pot;
                bool cycle = length >= 4 && pot == start_pot;
                if (!cycle && node_in(s->on_seen, pot, false)) continue;
                if (off < 0) off = chain_make_static(arena, &e->link, false, e->parent);
                int32_t q = chain_make_static(arena, &links[j], true, off);
                if (q < 0) return;
                if (cycle) cycle_found(s, q);
                if (!node_in(s->on_seen, pot, false)) {
                    pending_on[non++] = q;
                    node_add(s->on_seen, pot, false);
                }
            }
        }
        noff = 0;
    }
}

/* Adds target unless one of the same candidate and state is there. */
static void add_target(const chain_arena *arena, int32_t target, int32_t targets[2], int *ntargets)
{
    const chain_node *t = chain_at(arena, target);
    for (int i = 0; i < *ntargets; i++) {
        const chain_node *u = chain_at(arena, targets[i]);
        if (u->pot == t->pot && u->on == t->on) return;
    }
    if (*ntargets < 2) targets[(*ntargets)++] = target;
}

/* SE's doForcingChains from start (on or off): breadth first in rounds;
 * reaching start's opposite is a forcing chain (one per target). */
static void forcing_from(static_search *s, int32_t start, int32_t targets[2], int *ntargets)
{
    chain_arena *arena = s->c.arena;
    const chain_node *st = chain_at(arena, start);
    int start_pot = st->pot;
    bool start_on = st->on;
    memset(s->on_seen, 0, sizeof s->on_seen);
    memset(s->off_seen, 0, sizeof s->off_seen);
    node_add(start_on ? s->on_seen : s->off_seen, start_pot, false);
    int32_t *pending_on = s->pending_on, *pending_off = s->pending_off;
    int non = 0, noff = 0;
    if (start_on)
        pending_on[non++] = start;
    else
        pending_off[noff++] = start;
    const chain_link *links;
    while ((non || noff) && !arena->failed) {
        for (int i = 0; i < non; i++) {
            int32_t p = pending_on[i];
            int n = on_links(s, chain_at(arena, p)->pot, &links);
            for (int j = 0; j < n; j++) {
                int pot = links[j].pot;
                bool target = start_on && pot == start_pot;
                if (!target && node_in(s->off_seen, pot, false)) continue;
                int32_t q = chain_make_static(arena, &links[j], false, p);
                if (q < 0) return;
                if (target) add_target(arena, q, targets, ntargets);
                if (!node_in(s->off_seen, pot, false) && !chain_too_deep(&s->c, q)) {
                    pending_off[noff++] = q;
                    node_add(s->off_seen, pot, false);
                }
            }
        }
        non = 0;
        for (int i = 0; i < noff; i++) {
            int32_t p = pending_off[i];
            int n = off_links(s, chain_at(arena, p)->pot, &links);
            for (int j = 0; j < n; j++) {
                int pot = links[j].pot;
                bool target = !start_on && pot == start_pot;
                if (!target && node_in(s->on_seen, pot, false)) continue;
                int32_t q = chain_make_static(arena, &links[j], true, p);
                if (q < 0) return;
                if (target) add_target(arena, q, targets, ntargets);
                if (!node_in(s->on_seen, pot, false) && !chain_too_deep(&s->c, q)) {
                    pending_on[non++] = q;
                    node_add(s->on_seen, pot, false);
                }
            }
        }
        noff = 0;
    }
}

/* True if the link from pot off to other on is one of the search's: a
 * cell's other digit (Y) or a unit's other place (X). */
static bool strong_in_mode(const static_search *s, int pot, int other)
{
    return POT_CELL(other) == POT_CELL(pot) ? s->y : s->x;
}

static void links_load(static_search *s)
{
    memset(s->places, 0, sizeof s->places);
    memset(s->live_x, 0, sizeof s->live_x);
    memset(s->live, 0, sizeof s->live);
    memset(s->live_pots, 0, sizeof s->live_pots);
    chain_links *t = &s->links;
    chain_links_load(&s->c, t);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned m = s->c.grid[cell]; m; m &= m - 1) {
            int digit = sudoku_lowest_digit(m), pot = POT(cell, digit);
            cells_add(&s->places[digit - 1], cell);
            uint64_t bit = 1ull << ((unsigned)pot % 64);
            for (int k = 0; k < t->nstrong[pot]; k++) {
                bool y = POT_CELL(t->strong[pot][k]) == cell;
                cells_add(y ? &s->live[1][digit - 1] : &s->live_x[digit - 1], cell);
                s->live_pots[y ? 1 : 0][(unsigned)pot / 64] |= bit;
                cells_add(&s->live[2][digit - 1], cell);
                s->live_pots[2][(unsigned)pot / 64] |= bit;
            }
        }
}

/* The cells whose digit candidate (cell, digit) turns on when off (X). */
static cells81 x_partners(const static_search *s, int cell, int digit)
{
    cells81 out = {{0, 0}};
    int pot = POT(cell, digit);
    for (int k = 0; k < s->links.nstrong[pot]; k++)
        if (POT_CELL(s->links.strong[pot][k]) != cell)
            cells_add(&out, POT_CELL(s->links.strong[pot][k]));
    return out;
}

/* may_hint for X links alone: the closure stays on the digit's places. */
static bool may_hint_x(static_search *s, int pot, bool from_on, bool from_off)
{
    int start = POT_CELL(pot), d = POT_DIGIT(pot) - 1;
    /* The digit's places need not be taken: the start, its partners and
     * the live cells are places. */
    const cells81 ends = x_partners(s, start, d + 1);
    for (int pass = 0; pass < 2; pass++) {
        bool start_on = pass == 0;
        if (start_on ? !from_on : !from_off) continue;
        cells81 on = {{0, 0}}, off = {{0, 0}};
        int todo[SUDOKU_CELLS], head = 0, tail = 0;
        cells81 fresh_on = start_on ? (cells81){{0, 0}} : ends;
        if (start_on) {
            cells_add(&on, start);
            todo[tail++] = start;
        } else {
            cells_add(&off, start);
        }
        for (;;) {
            for (int w = 0; w < 2; w++) {
                fresh_on.w[w] &= ~on.w[w];
                on.w[w] |= fresh_on.w[w];
                for (uint64_t m = fresh_on.w[w]; m; m &= m - 1)
                    todo[tail++] = 64 * w + __builtin_ctzll(m);
            }
            if (!start_on && cells_has(&on, start)) return true;
            if (head == tail) break;
            int p = todo[head++];
            const uint64_t *peers = sudoku_peer_bits[p];
            cells81 weak = {{peers[0], peers[1]}};
            if (start_on && cells_has(&weak, start)) return true;
            if (start_on && p != start && ((weak.w[0] & ends.w[0]) | (weak.w[1] & ends.w[1])))
                return true;
            fresh_on = (cells81){{0, 0}};
            for (int w = 0; w < 2; w++) {
                uint64_t fresh = weak.w[w] & s->live_x[d].w[w] & ~off.w[w];
                off.w[w] |= fresh;
                for (; fresh; fresh &= fresh - 1) {
                    cells81 z = x_partners(s, 64 * w + __builtin_ctzll(fresh), d + 1);
                    fresh_on.w[0] |= z.w[0];
                    fresh_on.w[1] |= z.w[1];
                }
            }
        }
    }
    return false;
}

/* Where an "on" other than the start must be to turn off the start (with
 * X links) or one of its strong partners under the links asked (x, y):
 * in hit_any's cells, of any digit; in hit_start's, of the start's digit;
 * *y_digit is the start cell's Y partner's digit (-1: none). */
static void start_targets(const chain_links *t, int pot, bool x, bool y, cells81 *hit_any,
                          cells81 *hit_start, int *y_digit)
{
    int start_cell = POT_CELL(pot);
    const uint64_t *start_peers = sudoku_peer_bits[start_cell];
    *hit_any = (cells81){{0, 0}};
    *hit_start = (cells81){{0, 0}};
    *y_digit = -1;
    if (x) {
        cells_add(hit_any, start_cell);
        *hit_start = (cells81){{start_peers[0], start_peers[1]}};
    }
    for (int k = 0; k < t->nstrong[pot]; k++) {
        int end = t->strong[pot][k], end_cell = POT_CELL(end);
        if (end_cell == start_cell) {
            if (y) *y_digit = POT_DIGIT(end) - 1;
            continue;
        }
        if (!x) continue;
        cells_add(hit_any, end_cell);
        hit_start->w[0] |= sudoku_peer_bits[end_cell][0];
        hit_start->w[1] |= sudoku_peer_bits[end_cell][1];
    }
}

/* False if unary(pot) can find nothing: every node its searches make is
 * in the closure of the start (on, or off) under the mode's links, so a
 * forcing chain needs the start's opposite in it, and a cycle needs an
 * "on" of it, other than the start, to turn off a candidate whose "off"
 * turns the start on. */
static bool may_hint_pass(static_search *s, int pot, bool start_on, unsigned *touched)
{
    const chain_links *t = &s->links;
    const cells81 *live = s->live[s->x ? 2 : 1];
    bool every_link = s->x && s->y;
    /* The "on"s (other than the start) that turn off the start (with X
     * links) or one of its partners (ends): those in the cells of hit_any,
     * of any digit (an X partner's, and with X links the start's), and
     * those of the start's digit (with X links, or an X partner) in the
     * cells of hit_start, of a Y partner's in the cells of hit_y. */
    int start_digit = POT_DIGIT(pot) - 1, y_digit;
    const uint64_t *start_peers = sudoku_peer_bits[POT_CELL(pot)];
    cells81 hit_any, hit_start;
    start_targets(t, pot, s->x, s->y, &hit_any, &hit_start, &y_digit);
    /* The closure by digit, as cells: an "on" turns off its digit's
     * places among its peers, and its cell's other digits. */
    cells81 *on = s->hint_on, *off = s->hint_off;
    int16_t todo[POTENTIALS];
    int fresh_off[POTENTIALS];
    int head = 0, tail = 0, nfresh = 0;
    *touched |= 1u << (POT_DIGIT(pot) - 1);
    if (start_on) {
        cells_add(&on[POT_DIGIT(pot) - 1], POT_CELL(pot));
        todo[tail++] = (int16_t)pot;
    } else {
        cells_add(&off[POT_DIGIT(pot) - 1], POT_CELL(pot));
        fresh_off[nfresh++] = pot;
    }
    /* An "off" start's links first, then the "on"s in turn; only the
     * "off"s with a partner lead on, so only they are kept. */
    do {
        for (int i = 0; i < nfresh; i++)
            for (int k = 0; k < t->nstrong[fresh_off[i]]; k++) {
                int q = t->strong[fresh_off[i]][k];
                cells81 *q_on = &on[POT_DIGIT(q) - 1];
                if ((!every_link && !strong_in_mode(s, fresh_off[i], q)) ||
                    cells_has(q_on, POT_CELL(q)))
                    continue;
                if (!start_on && q == pot) return true;
                cells_add(q_on, POT_CELL(q));
                *touched |= 1u << (POT_DIGIT(q) - 1);
                todo[tail++] = (int16_t)q;
            }
        nfresh = 0;
        if (head == tail) break;
        int p = todo[head++], cell = POT_CELL(p), d = POT_DIGIT(p) - 1;
        s->closure++;
        if (start_on && p != pot &&
            (cells_has(&hit_any, cell) || (d == start_digit && cells_has(&hit_start, cell)) ||
             (d == y_digit && (((start_peers[cell / 64] >> (cell % 64)) & 1u)))))
            return true;
        for (int w = 0; w < 2; w++) {
            /* Live cells are places of their digit. */
            uint64_t fresh = sudoku_peer_bits[cell][w] & live[d].w[w] & ~off[d].w[w];
            off[d].w[w] |= fresh;
            for (; fresh; fresh &= fresh - 1)
                fresh_off[nfresh++] = POT(64 * w + __builtin_ctzll(fresh), d + 1);
        }
        for (unsigned m = s->c.grid[cell] & ~(1u << d); m; m &= m - 1) {
            int e = sudoku_lowest_bit(m);
            if (!cells_has(&live[e], cell) || cells_has(&off[e], cell)) continue;
            cells_add(&off[e], cell);
            *touched |= 1u << e;
            fresh_off[nfresh++] = POT(cell, e + 1);
        }
    } while (nfresh || head < tail);
    return false;
}

static bool may_hint(static_search *s, int pot, bool from_on, bool from_off)
{
    for (int pass = 0; pass < 2; pass++) {
        bool start_on = pass == 0;
        if (start_on ? !from_on : !from_off) continue;
        /* The closure's sets are the search's, left empty after each pass:
         * only the digits it touched are cleared. */
        unsigned touched = 0;
        bool found = may_hint_pass(s, pot, start_on, &touched);
        chain_arena_charge(s->c.arena, s->closure * CHAIN_WORK_CLOSURE);
        s->closure = 0;
        for (; touched; touched &= touched - 1) {
            int d = __builtin_ctz(touched);
            s->hint_on[d] = s->hint_off[d] = (cells81){{0, 0}};
        }
        if (found) return true;
    }
    return false;
}

/* may_hint with X and Y links, from pot on or off, once a search. */
static bool may_hint_xy(static_search *s, int pot, bool start_on)
{
    int8_t *xy = &s->hint_xy[pot][start_on];
    if (*xy < 0) {
        bool y = s->y, x = s->x;
        s->y = s->x = true;
        *xy = may_hint(s, pot, start_on, !start_on) ? 1 : 0;
        s->y = y;
        s->x = x;
    }
    return *xy;
}

/* may_hint in the search's mode, from pot on or off; asked with X and Y
 * links first (once for the three modes): most starts fail there. */
static bool may_hint_in_mode(static_search *s, int pot, bool start_on)
{
    /* From pot off, the closure is that of a partner on, less that
     * partner: if it holds pot on, the partner's closure holds an "on"
     * (pot) turning the partner off, and from the partner on may_hint
     * finds something. Most "on"s find nothing, and are asked anyway. */
    if (!start_on && s->hint_xy[pot][0] < 0 && s->links.nstrong[pot] &&
        !may_hint_xy(s, s->links.strong[pot][0], true))
        s->hint_xy[pot][0] = 0;
    if (!may_hint_xy(s, pot, start_on)) return false;
    if (s->y && s->x) return true;
    return s->y ? may_hint(s, pot, start_on, !start_on) : may_hint_x(s, pot, start_on, !start_on);
}

/* SE's doUnaryChaining from candidate pot on: its cycles, then the forcing
 * chains from it on and from it off, handed on in that order. */
static void unary(static_search *s, int pot)
{
    chain_arena *arena = s->c.arena;
    chain_arena_charge(arena, CHAIN_WORK_START);
    /* A sink that keeps every step (nested chains') sets no bound. */
    s->c.max_depth =
        s->sink->max_complexity
            ? chain_max_depth(s->sink, s->y && s->x ? BASE_XY : BASE_CYCLE, mode_key(s))
            : 0;
    if (!s->x && sudoku_popcount(s->c.grid[POT_CELL(pot)]) > 2) return;
    bool from_on = !s->starts || node_in(s->starts, pot, true);
    bool from_off = s->x && (!s->starts || node_in(s->starts, pot, false));
    if (!from_on && !from_off) return;
    /* Every step rests on four nodes or more (a cycle has four links or
     * more; a chain from a candidate to its opposite, three): under a
     * lower bound, none can matter. */
    if (s->c.max_depth && s->c.max_depth < 4) return;
    int mode = memo_mode(s);
    if (s->memo) {
        from_on = from_on && !node_in(s->skip[mode], pot, true);
        from_off = from_off && !node_in(s->skip[mode], pot, false);
    }
    /* Each search is made only if its start's closure allows a step. */
    bool tried_on = from_on, tried_off = from_off;
    from_on = from_on && may_hint_in_mode(s, pot, true);
    from_off = from_off && may_hint_in_mode(s, pot, false);
    if (s->memo) {
        if (tried_on && !from_on) node_add(s->nothing[mode], pot, true);
        if (tried_off && !from_off) node_add(s->nothing[mode], pot, false);
    }
    if (!from_on && !from_off) return;
    chain_mark mark = chain_arena_mark(arena);
    int32_t start = chain_node_new(arena, pot, true, CAUSE_NONE);
    if (start < 0) return;
    int emitted = s->emitted;
    int32_t targets[2];
    int ntargets = 0;
    if (from_on) cycles_from(s, start, targets, &ntargets);
    if (s->x) {
        int32_t start_off = chain_node_new(arena, pot, false, CAUSE_NONE);
        if (start_off >= 0 && from_off) forcing_from(s, start_off, targets, &ntargets);
        for (int i = 0; i < ntargets; i++) forcing_found(s, targets[i]);
    }
    /* Found nothing without a bound: nothing it could find was left out. */
    if (s->memo && !s->c.max_depth && s->emitted == emitted && !arena->failed) {
        if (from_on) node_add(s->nothing[mode], pot, true);
        if (from_off) node_add(s->nothing[mode], pot, false);
    }
    chain_arena_release(arena, mark);
}

/* For a sink without bound (nested chains'), may_hint with X and Y
 * links is asked of every start at once (its answers do not depend on the
 * order; no bound skips any), so that the searches pass over the starts
 * that fail it (most) without a look. */
/* The "on"s each "on" turns on through one "off" with X and Y links: the
 * graph may_hint's closures walk, made once for all the starts. */
typedef struct on_graph {
    /* The edges of pot: to[first[pot]] up to to[last[pot]], made when a
     * walk first takes pot (first -1 until then). */
    int32_t first[POTENTIALS], last[POTENTIALS];
    uint16_t *to;
    int32_t n, cap;
    bool failed;              /* memory was short for an edge */
    int32_t mark[POTENTIALS]; /* the "on" whose edges last took each, to take each once */
    int32_t seen[POTENTIALS]; /* the walk that last reached each "on" */
    int32_t walk;
    unsigned long long taken; /* the "on"s the walks took: work to charge */
    uint16_t todo[POTENTIALS];
} on_graph;

static bool graph_add(on_graph *g, int pot)
{
    if (g->n == g->cap) {
        int32_t cap = g->cap ? 2 * g->cap : 8192;
        uint16_t *bigger = realloc(g->to, (size_t)cap * sizeof *bigger);
        if (!bigger) {
            g->failed = true;
            return false;
        }
        g->to = bigger;
        g->cap = cap;
    }
    g->to[g->n++] = (uint16_t)pot;
    return true;
}

/* The partners of candidate (cell, digit) off, into g as edges of the
 * "on" being made, each once. */
static bool graph_partners(const static_search *s, on_graph *g, int from, int pot)
{
    const chain_links *t = &s->links;
    for (int k = 0; k < t->nstrong[pot]; k++) {
        int q = t->strong[pot][k];
        if (g->mark[q] == from) continue;
        g->mark[q] = from;
        if (!graph_add(g, q)) return false;
    }
    return true;
}

/* Makes g ready for its walks: no edges yet; false if memory is short. */
static bool graph_load(on_graph *g)
{
    memset(g->first, 0xff, sizeof g->first);
    memset(g->mark, 0xff, sizeof g->mark);
    memset(g->seen, 0xff, sizeof g->seen);
    g->n = 0;
    g->failed = false;
    g->walk = 0;
    g->taken = 0;
    g->to = malloc(8192 * sizeof *g->to);
    g->cap = g->to ? 8192 : 0;
    return g->to != NULL;
}

/* Makes the edges of pot on (first[pot] -1: not yet made): the "on"s
 * that the partners of the "off"s it makes turn on (its cell's other
 * digits, then its digit's places among its peers), each once; false if
 * memory is short. */
static bool graph_edges(const static_search *s, on_graph *g, int pot)
{
    const cells81 *live = s->live[2];
    int cell = POT_CELL(pot), d = POT_DIGIT(pot) - 1;
    g->first[pot] = g->n;
    g->mark[pot] = pot;
    bool made = true;
    for (unsigned m = s->c.grid[cell]; m && made; m &= m - 1) {
        int e = sudoku_lowest_bit(m);
        if (e != d && cells_has(&live[e], cell)) made = graph_partners(s, g, pot, POT(cell, e + 1));
    }
    for (int w = 0; w < 2 && made; w++)
        for (uint64_t m = sudoku_peer_bits[cell][w] & live[d].w[w]; m && made; m &= m - 1)
            made = graph_partners(s, g, pot, POT(64 * w + __builtin_ctzll(m), d + 1));
    /* Set when memory ran short too: first[pot] is set, so the later walks
     * read up to last[pot] (g->failed voids their answers, not their reads). */
    g->last[pot] = g->n;
    return made;
}

/* may_hint with X and Y links from pot on, by g: some "on" its closure
 * reaches, other than itself, turns off the start or one of its partners
 * (may_hint_pass's test, with X and Y links). */
static bool graph_hint_on(const static_search *s, on_graph *g, int pot)
{
    const chain_links *t = &s->links;
    int start_digit = POT_DIGIT(pot) - 1, y_digit;
    const uint64_t *start_peers = sudoku_peer_bits[POT_CELL(pot)];
    cells81 hit_any, hit_start;
    start_targets(t, pot, true, true, &hit_any, &hit_start, &y_digit);
    int walk = ++g->walk, head = 0, tail = 0;
    g->seen[pot] = walk;
    g->todo[tail++] = (uint16_t)pot;
    while (head < tail) {
        int z = g->todo[head++];
        g->taken++;
        if (g->first[z] < 0 && !graph_edges(s, g, z)) return false;
        for (int32_t i = g->first[z]; i < g->last[z]; i++) {
            int q = g->to[i];
            if (g->seen[q] == walk) continue;
            g->seen[q] = walk;
            int cell = POT_CELL(q), d = POT_DIGIT(q) - 1;
            if (cells_has(&hit_any, cell) || (d == start_digit && cells_has(&hit_start, cell)) ||
                (d == y_digit && ((start_peers[cell / 64] >> (cell % 64)) & 1u)))
                return true;
            g->todo[tail++] = (uint16_t)q;
        }
    }
    return false;
}

/* may_hint with X and Y links from pot off, by g: the closure of its
 * partners on reaches it on. */
static bool graph_hint_off(const static_search *s, on_graph *g, int pot)
{
    const chain_links *t = &s->links;
    int walk = ++g->walk, head = 0, tail = 0;
    for (int k = 0; k < t->nstrong[pot]; k++) {
        int q = t->strong[pot][k];
        if (g->seen[q] == walk) continue;
        g->seen[q] = walk;
        g->todo[tail++] = (uint16_t)q;
    }
    while (head < tail) {
        int z = g->todo[head++];
        g->taken++;
        if (g->first[z] < 0 && !graph_edges(s, g, z)) return false;
        for (int32_t i = g->first[z]; i < g->last[z]; i++) {
            int q = g->to[i];
            if (q == pot) return true;
            if (g->seen[q] == walk) continue;
            g->seen[q] = walk;
            g->todo[tail++] = (uint16_t)q;
        }
    }
    return false;
}

static void passing_load(static_search *s)
{
    memset(s->passing, 0, sizeof s->passing);
    s->y = s->x = true;
    on_graph *g = malloc(sizeof *g);
    if (g) g->to = NULL;
    bool by_graph = g && graph_load(g);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!sudoku_is_several(s->c.grid[cell])) continue;
        for (unsigned m = s->c.grid[cell]; m; m &= m - 1) {
            int pot = POT(cell, sudoku_lowest_digit(m));
            for (int on = 0; on < 2; on++) {
                if (s->starts && !node_in(s->starts, pot, on)) continue;
                bool hint;
                if (by_graph && on && (g->first[pot] >= 0 || graph_edges(s, g, pot)) &&
                    g->first[pot] == g->last[pot]) {
                    /* An "on" that turns nothing on: its walk takes it alone. */
                    hint = false;
                    g->taken++;
                    s->hint_xy[pot][on] = 0;
                } else if (by_graph) {
                    hint = on ? graph_hint_on(s, g, pot) : graph_hint_off(s, g, pot);
                    s->hint_xy[pot][on] = (int8_t)(hint ? 1 : 0);
                } else {
                    hint = may_hint_in_mode(s, pot, on);
                }
                if (hint) node_add(s->passing, pot, on);
            }
        }
    }
    /* Memory short for an edge: every answer since is void. */
    if (by_graph && g->failed) chain_arena_fail(s->c.arena);
    /* The walks' "on"s are charged as the closures they stand for. */
    if (by_graph) chain_arena_charge(s->c.arena, g->taken * CHAIN_WORK_CLOSURE);
    if (g) free(g->to);
    free(g);
    s->use_passing = true;
}

static void search_links(static_search *s, bool y, bool x)
{
    s->y = y;
    s->x = x;
    s->off_mode = memo_mode(s);
    if (s->use_passing) {
        /* Node bits in order are candidates in order: by cell, by digit. */
        int last = -1;
        for (int w = 0; w < NODE_WORDS; w++)
            for (uint64_t m = s->passing[w]; m; m &= m - 1) {
                int pot = (64 * w + __builtin_ctzll(m)) / 2;
                if (pot != last) unary(s, pot);
                last = pot;
            }
        return;
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!sudoku_is_several(s->c.grid[cell])) continue;
        for (unsigned m = s->c.grid[cell]; m; m &= m - 1)
            unary(s, POT(cell, sudoku_lowest_digit(m)));
    }
}

/* Sets s's starts to the assumptions that can reach a node of seeds. */
static void starts_reaching(static_search *s, const uint64_t *seeds)
{
    chain_reaching(&s->links, seeds, s->own_starts);
    s->starts = s->own_starts;
}

/* Sets the starts each mode passes over: those the memo says found
 * nothing, less those that reach a node whose links changed. */
static void memo_load(static_search *s)
{
    memset(s->skip, 0, sizeof s->skip);
    memset(s->nothing, 0, sizeof s->nothing);
    const uint16_t *before = s->memo->chains_board;
    uint64_t reach[NODE_WORDS];
    if (!s->memo->chains_known || !chain_changed_reach(&s->links, before, reach)) return;
    for (int mode = 0; mode < 3; mode++)
        for (int w = 0; w < NODE_WORDS; w++)
            s->skip[mode][w] = s->memo->chains_nothing[mode][w] & ~reach[w];
    /* With X links a search keeps to its digit's places: it is the same
     * as before if they are, whatever it reaches. */
    unsigned changed = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) changed |= before[cell] & ~s->c.grid[cell];
    for (int w = 0; w < NODE_WORDS; w++)
        for (uint64_t m = reach[w] & s->memo->chains_nothing[0][w]; m; m &= m - 1) {
            int key = 64 * w + __builtin_ctzll(m);
            if (!(changed >> (POT_DIGIT(key / 2) - 1) & 1u)) s->skip[0][w] |= m & (~m + 1);
        }
}

/* What the memo keeps of this search: every start found to give nothing,
 * on this board. */
static void memo_save(static_search *s)
{
    logic_memo *memo = s->memo;
    for (int mode = 0; mode < 3; mode++)
        for (int w = 0; w < NODE_WORDS; w++)
            memo->chains_nothing[mode][w] = s->skip[mode][w] | s->nothing[mode][w];
    memcpy(memo->chains_board, s->c.grid, sizeof memo->chains_board);
    memo->chains_known = true;
}

/* The search on grid, from starts or (starts NULL) from those that can
 * reach a node of seeds. */
static void search(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS], const uint64_t *starts,
                   const uint64_t *seeds, logic_memo *memo, chain_sink *sink)
{
    static_search *s = malloc(sizeof *s);
    if (!s) {
        chain_arena_fail(arena);
        return;
    }
    memset(&s->c, 0, sizeof s->c);
    s->c.arena = arena;
    s->sink = sink;
    s->starts = starts;
    chainer_load(&s->c, grid);
    links_load(s);
    if (seeds) starts_reaching(s, seeds);
    s->memo = memo;
    s->emitted = 0;
    if (memo) memo_load(s);
    memset(s->non, 0xff, sizeof s->non);
    memset(s->noff, 0xff, sizeof s->noff);
    memset(s->hint_xy, 0xff, sizeof s->hint_xy);
    memset(s->hint_on, 0, sizeof s->hint_on);
    memset(s->hint_off, 0, sizeof s->hint_off);
    s->use_passing = false;
    s->closure = 0;
    if (!sink->max_complexity) passing_load(s);
    search_links(s, false, true);
    search_links(s, true, false);
    search_links(s, true, true);
    if (memo && !arena->failed) memo_save(s);
    free(s);
}

void chain_search_static_memo(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                              logic_memo *memo, chain_sink *sink)
{
    search(arena, grid, NULL, NULL, memo, sink);
}

void chain_search_static_from(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                              const uint64_t *seeds, chain_sink *sink)
{
    search(arena, grid, NULL, seeds, NULL, sink);
}
