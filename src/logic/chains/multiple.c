/*
 * multiple.c: forcing chains from every candidate assumed on and off
 * (SE's Nishio, multiple, dynamic, dynamic (+) and nested forcing chains).
 * Each assumption is followed to its end (chain_run). Then:
 *
 *  - contradiction: an assumption that makes a candidate both on and off
 *    is false;
 *  - double: what a candidate on and the same candidate off both force
 *    holds;
 *  - cell: what every candidate of a cell forces holds;
 *  - region: what every place of a digit in a unit forces holds.
 *
 * Multiple chains work on the board as it is; dynamic ones take each "off"
 * from the board as they go, so that later links see the smaller board;
 * Nishio uses digit links only. From level 1 on, when a chain runs dry,
 * simple techniques on the reduced board (and, from level 2, chains
 * themselves) may turn more candidates off, and it goes on.
 *
 * As SE: cells in reading order, digits in order, the easiest step wins
 * (rating, complexity, then kind: double, cell, region, contradiction).
 */
#include "multiple.h"
#include "logic/state.h"

#include <stdlib.h>
#include <string.h>

#define SORT_DOUBLE 1
#define SORT_CELL 5
#define SORT_REGION 6
#define SORT_CONTRADICTION 7

/* A candidate assumed on, followed to its end, kept small (a search keeps
 * one for each candidate): the candidates it made on and off, by digit as
 * cells (as chain_set's planes), and its nodes, "on"s then "off"s, in the
 * order they were made. */
typedef struct run_result {
    uint64_t on[9][2], off[9][2];
    int32_t first; /* in the search's pool of nodes */
    int16_t non, noff;
    bool absurd; /* a contradiction stopped it: */
    int32_t absurd_on, absurd_off;
} run_result;

/* One state of a run: its candidates and its nodes, as chain_set gives
 * them (plane, order and at, count). */
typedef struct run_side {
    const uint64_t (*plane)[2];
    const int32_t *nodes;
    int count;
} run_side;

/* A set of cells as bits: cell i is bit i % 64 of word i / 64. */
typedef struct board_bits {
    uint64_t w[2];
} board_bits;

/* Nishio's chains keep to one digit: each digit's places, and the cells
 * and units as bits, to tell cheaply which assumptions cannot end in a
 * contradiction (nishio_may_contradict). */
typedef struct digit_planes {
    board_bits places[9];
    board_bits peers[SUDOKU_CELLS];
    board_bits shared[9][27]; /* the places of each unit that has two or more */
    int nshared[9];
    /* The places whose run, from them on (off), is known to meet no
     * contradiction: those a run that met none ended with on (off). */
    board_bits safe_on[9], safe_off[9];
} digit_planes;

typedef struct multiple_search {
    chainer c;
    sudoku_technique technique;
    double base;
    chain_sink *sink;
    /* Each candidate's "on" run, made once: SE follows the same assumption
     * again for each unit the candidate is a place in, which gives the
     * same nodes, so the first run stands for all. */
    int16_t runs[POTENTIALS]; /* each candidate's run in store, or -1 */
    run_result *store;
    int nstore, cap_store;
    int32_t *pool; /* the runs' nodes */
    int32_t npool, cap_pool;
    chain_set run_on, run_off; /* a run under way */
    /* The cell in hand's digits' runs, by their place in store: a run
     * made later may move the store and the pool, so pointers into them
     * are taken only once every run a part needs is made. */
    int16_t value_runs[9];
    /* What every run of the cell in hand, of a region, reaches (bits). */
    uint64_t cell_on[PLANE_WORDS], cell_off[PLANE_WORDS]; /* by digit as cells, as chain_set's */
    uint64_t region_on[PLANE_WORDS], region_off[PLANE_WORDS];
    chain_set off_on, off_off; /* the candidate's "off" assumption */
    digit_planes planes;       /* Nishio only */
    unsigned digits;           /* Nishio: the digits (bits) whose chains are followed */
    /* Multiple chains with a memo (NULL: none): whether it speaks for this
     * board, the places of its board, the starts whose closure may have
     * changed since, and the regions (unit * 9 + digit - 1) and cells
     * found to give nothing, before or now. */
    logic_memo *memo;
    bool memo_valid;
    uint16_t memo_pos[27][9];
    uint64_t changed_reach[NODE_WORDS];
    uint64_t nothing_regions[4], nothing_cells[2];
    /* Multiple chains (static): what each candidate assumed on reaches, as
     * bits, made once, to pass over regions and cells that can give no
     * step (*_may_offer); NULL: not used. */
    chain_links *links;
    chain_reach_sets *reach;
    uint64_t reached[POT_WORDS];
    uint64_t worth_on_planes[PLANE_WORDS]; /* the same by digit, as cells (chain_reach_sets) */
    /* Dynamic chains at level 0: room for a closure (off_may_offer);
     * NULL: not used. */
    struct dynamic_reach *dynamic;
} multiple_search;

static double technique_base(sudoku_technique technique)
{
    switch (technique) {
    case SUDOKU_NISHIO_FORCING_CHAINS: return 7.5;
    case SUDOKU_MULTIPLE_FORCING_CHAINS: return 8.0;
    case SUDOKU_DYNAMIC_FORCING_CHAINS: return 8.5;
    case SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS: return 9.0;
    case SUDOKU_NESTED_FORCING_CHAINS: return 9.5;
    case SUDOKU_NESTED_MULTIPLE_CHAINS: return 10.0;
    default: return 10.5;
    }
}

static int technique_level(sudoku_technique technique)
{
    switch (technique) {
    case SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS: return 1;
    case SUDOKU_NESTED_FORCING_CHAINS: return 2;
    case SUDOKU_NESTED_MULTIPLE_CHAINS: return 3;
    case SUDOKU_NESTED_DYNAMIC_CHAINS:
    case SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS:
    case SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED: return 4;
    default: return 0;
    }
}

/* Hands on a step concluding result (on: placed; off: removed) from the
 * chains ending in targets, if it removes something (SE's isWorth). */
static void offer(multiple_search *s, sudoku_chain_kind kind, int sort_key, bool result_on,
                  int result_pot, const int32_t *targets, int ntargets, int source_cell, int unit)
{
    chain_arena *arena = s->c.arena;
    int cell = POT_CELL(result_pot), digit = POT_DIGIT(result_pot);
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (result_on ? !(s->c.grid[cell] & ~bit) : !(s->c.grid[cell] & bit)) return;
    /* A target rests on more nodes than its depth: a step whose targets'
     * depths already pass what can still win is not counted out. */
    int limit = chain_max_depth(s->sink, s->base, sort_key), least = 0;
    for (int i = 0; i < ntargets && limit; i++) least += chain_at(arena, targets[i])->depth + 1;
    if (limit && least > limit) return;
    chain_hint hint;
    memset(&hint, 0, sizeof hint);
    hint.technique = s->technique;
    hint.kind = kind;
    hint.sort_key = sort_key;
    for (int i = 0; i < ntargets; i++) hint.complexity += chain_ancestors(arena, targets[i]);
    hint.complexity += chain_nested_complexity(arena, targets, ntargets);
    hint.difficulty = chain_difficulty(s->base, hint.complexity);
    hint.targets = targets;
    hint.ntargets = ntargets;
    hint.result_pot = result_pot;
    hint.result_on = result_on;
    hint.source_cell = source_cell;
    hint.region_unit = unit;
    s->sink->emit(s->sink, arena, &hint);
}

/* Runs at level 0 may leave out what is too deep to beat the best step so
 * far; from level 1, when a chain runs dry matters, so they may not.
 * Every step here has two targets or more, each resting on its depth + 1
 * nodes or more: a node deeper than the most complexity that can matter
 * less two is no target, nor an ancestor of one. */
static void set_limit(multiple_search *s)
{
    int most = s->c.level == 0 ? chain_max_depth(s->sink, s->base, SORT_DOUBLE) : 0;
    s->c.max_depth = most > 3 ? most - 2 : most ? 1 : 0;
}

/* Keeps set's nodes at the end of the search's pool; false if memory is
 * short. */
static bool pool_keep(multiple_search *s, const chain_set *set)
{
    if (s->npool + set->count > s->cap_pool) {
        int32_t cap = s->cap_pool ? 2 * s->cap_pool : 1 << 14;
        while (cap < s->npool + set->count) cap *= 2;
        int32_t *bigger = realloc(s->pool, (size_t)cap * sizeof *bigger);
        if (!bigger) return false;
        s->pool = bigger;
        s->cap_pool = cap;
    }
    for (int i = 0; i < set->count; i++) s->pool[s->npool++] = set->at[set->order[i]];
    return true;
}

/* Empties set (cheaper than chain_set_clear for a few). */
static void set_empty(chain_set *set)
{
    for (int i = 0; i < set->count; i++) {
        int pot = set->order[i], cell = POT_CELL(pot);
        set->cells[cell] = 0;
        set->plane[POT_DIGIT(pot) - 1][cell / 64] = 0;
    }
    set->count = 0;
}

static run_side side_of(const multiple_search *s, const run_result *r, bool on)
{
    run_side side;
    side.plane = on ? r->on : r->off;
    side.nodes = s->pool + r->first + (on ? 0 : r->non);
    side.count = on ? r->non : r->noff;
    return side;
}

/* The node of candidate pot in side (which holds it). */
static int32_t side_node(const chain_arena *arena, run_side side, int pot)
{
    for (int i = 0; i < side.count; i++)
        if (arena->nodes[side.nodes[i]].pot == pot) return side.nodes[i];
    return -1;
}

/* A new run in the search's store; NULL if memory is short. */
static run_result *store_new(multiple_search *s)
{
    if (s->nstore == s->cap_store) {
        int cap = s->cap_store ? 2 * s->cap_store : 256;
        run_result *bigger = realloc(s->store, (size_t)cap * sizeof *bigger);
        if (!bigger) return NULL;
        s->store = bigger;
        s->cap_store = cap;
    }
    return &s->store[s->nstore++];
}

/* The run of candidate pot assumed on, from before or made now (NULL if
 * memory is short). A run made moves the store: a pointer from before is
 * taken again. */
static const run_result *on_run(multiple_search *s, int pot)
{
    if (s->runs[pot] >= 0) return &s->store[s->runs[pot]];
    chain_arena *arena = s->c.arena;
    run_result *r = store_new(s);
    int32_t start = chain_node_new(arena, pot, true, CAUSE_NONE);
    if (!r || start < 0) {
        chain_arena_fail(arena);
        return NULL;
    }
    set_limit(s);
    chain_set *on = &s->run_on, *off = &s->run_off;
    chain_set_add(on, arena, start);
    r->absurd = chain_run(&s->c, on, off, &r->absurd_on, &r->absurd_off);
    memcpy(r->on, on->plane, sizeof r->on);
    memcpy(r->off, off->plane, sizeof r->off);
    r->first = s->npool;
    r->non = (int16_t)on->count;
    r->noff = (int16_t)off->count;
    bool kept = pool_keep(s, on) && pool_keep(s, off);
    set_empty(on);
    set_empty(off);
    if (!kept) {
        chain_arena_fail(arena);
        return NULL;
    }
    s->runs[pot] = (int16_t)(r - s->store);
    return r;
}

/* The contradiction of candidate pot's "on" run, if it meets one. */
static void on_contradiction(multiple_search *s, int pot, const run_result *r)
{
    if (!r->absurd) return;
    int32_t targets[2] = {r->absurd_on, r->absurd_off};
    offer(s, SUDOKU_CHAIN_CONTRADICTION, SORT_CONTRADICTION, false, pot, targets, 2, -1, -1);
}

/* What a dynamic run at level 0 from a candidate can reach at most, as
 * bits by candidate; conflict: it may meet a contradiction (the sets are
 * then left partial). */
typedef struct dynamic_reach {
    uint64_t on[PLANE_WORDS], off[PLANE_WORDS]; /* by digit as cells, as chain_set's */
    bool conflict;
    int16_t todo[2 * POTENTIALS]; /* pot * 2 + on, in the order reached */
    int tail;
} dynamic_reach;

static bool bit_in(const uint64_t *set, int i)
{
    return (set[(unsigned)i / 64] >> ((unsigned)i % 64)) & 1u;
}

/* Candidate pot's bit in a set by digit as cells (chain_set's plane). */
static unsigned plane_bit(int pot)
{
    return 128u * (unsigned)(POT_DIGIT(pot) - 1) + (unsigned)POT_CELL(pot);
}

/* Adds pot, in state on, to r; false if r holds it in the other state. */
static bool reach_add(dynamic_reach *r, int pot, bool on)
{
    unsigned i = plane_bit(pot);
    if (bit_in(on ? r->off : r->on, (int)i)) return false;
    uint64_t *set = on ? r->on : r->off;
    if (bit_in(set, (int)i)) return true;
    set[i / 64] |= 1ull << (i % 64);
    r->todo[r->tail++] = (int16_t)(pot * 2 + on);
    return true;
}

/* The closure of pot (on or off) under a dynamic run's links: an "on"
 * turns off the other candidates of its cell and its digit's other places
 * in its units, as on the board before the run; a cell or a unit whose
 * candidates, or places of a digit, are all off but one turns that one
 * on, and all off is a contradiction. A run takes its "off"s from the
 * board as it follows them, and turns a candidate on when all the others
 * of its cell (unit) are gone: when the closure does. So the closure
 * holds every node of the run, and meets a contradiction if the run does,
 * in whatever order the run goes (its depth limit only leaves nodes out). */
static void dynamic_reach_of(const chainer *c, int pot, bool on, dynamic_reach *r)
{
    uint16_t grid[SUDOKU_CELLS], pos[27][9];
    memcpy(grid, c->grid, sizeof grid);
    memcpy(pos, c->pos, sizeof pos);
    memset(r->on, 0, sizeof r->on);
    memset(r->off, 0, sizeof r->off);
    r->conflict = false;
    r->tail = 0;
    reach_add(r, pot, on);
    for (int head = 0; head < r->tail; head++) {
        int key = r->todo[head], p = key / 2, cell = POT_CELL(p), d = POT_DIGIT(p) - 1;
        unsigned bit = 1u << d;
        bool ok = true;
        if (key & 1) {
            for (unsigned m = c->grid[cell] & ~bit; m && ok; m &= m - 1)
                ok = reach_add(r, POT(cell, sudoku_lowest_digit(m)), false);
            for (int k = 0; k < 3 && ok; k++) {
                int unit = sudoku_cell_units[cell][k];
                unsigned others = c->pos[unit][d] & ~(1u << sudoku_cell_index[cell][k]);
                for (; others && ok; others &= others - 1)
                    ok = reach_add(
                        r, POT(sudoku_unit_cells[unit][sudoku_lowest_bit(others)], d + 1), false);
            }
        } else if (grid[cell] & bit) {
            grid[cell] &= (uint16_t)~bit;
            ok = grid[cell] != 0;
            if (ok && sudoku_is_single(grid[cell]))
                ok = reach_add(r, POT(cell, sudoku_lowest_digit(grid[cell])), true);
            for (int k = 0; k < 3 && ok; k++) {
                int unit = sudoku_cell_units[cell][k];
                uint16_t *left = &pos[unit][d];
                *left &= (uint16_t) ~(1u << sudoku_cell_index[cell][k]);
                ok = *left != 0;
                if (ok && sudoku_is_single(*left))
                    ok = reach_add(r, POT(sudoku_unit_cells[unit][sudoku_lowest_bit(*left)], d + 1),
                                   true);
            }
        }
        if (!ok) {
            r->conflict = true;
            return;
        }
    }
}

/* True if candidate pot off turns nothing on and meets no contradiction
 * at once: its cell keeps two candidates or more, and each of its units
 * two places of its digit or more. Then its closure is itself alone,
 * which the "on" run of the candidate (that has it on) cannot share. */
static bool off_leads_nowhere(const chainer *c, int pot)
{
    int cell = POT_CELL(pot), d = POT_DIGIT(pot) - 1;
    unsigned rest = c->grid[cell] & ~(1u << d);
    if (!sudoku_is_several(rest)) return false;
    for (int k = 0; k < 3; k++) {
        unsigned where = c->pos[sudoku_cell_units[cell][k]][d] & ~(1u << sudoku_cell_index[cell][k]);
        if (!sudoku_is_several(where)) return false;
    }
    return true;
}

/* True if candidate pot's "off" run may give a step: the closure of its
 * assumption meets a contradiction, or (doubles) has a candidate in
 * common with the "on" run r worth a step. Dynamic runs at level 0 (not
 * Nishio's) only; the others are always made. */
static bool off_may_offer(multiple_search *s, int pot, const run_result *r, bool doubles)
{
    if (!s->c.dynamic || s->c.level != 0 || s->c.nishio || !s->dynamic) return true;
    if (off_leads_nowhere(&s->c, pot)) return false;
    dynamic_reach *reach = s->dynamic;
    dynamic_reach_of(&s->c, pot, false, reach);
    if (reach->conflict) return true;
    if (!doubles) return false;
    const uint64_t *on = &r->on[0][0], *off = &r->off[0][0];
    uint64_t any = 0;
    for (int w = 0; w < PLANE_WORDS; w++)
        any |= (on[w] & reach->on[w] & s->worth_on_planes[w]) | (off[w] & reach->off[w]);
    return any != 0;
}

/* SE's doBinaryChaining past the "on" run r: candidate pot off, its
 * contradiction and, with doubles, what both runs force. False if memory
 * is short. */
static bool off_run(multiple_search *s, int pot, const run_result *r, bool doubles)
{
    if (!off_may_offer(s, pot, r, doubles)) return true;
    chain_arena *arena = s->c.arena;
    set_limit(s);
    chain_set_clear(&s->off_on);
    chain_set_clear(&s->off_off);
    int32_t p_off = chain_node_new(arena, pot, false, CAUSE_NONE);
    if (p_off < 0) return false;
    chain_set_add(&s->off_off, arena, p_off);
    int32_t absurd_on, absurd_off;
    if (chain_run(&s->c, &s->off_on, &s->off_off, &absurd_on, &absurd_off)) {
        int32_t targets[2] = {absurd_on, absurd_off};
        offer(s, SUDOKU_CHAIN_CONTRADICTION, SORT_CONTRADICTION, true, pot, targets, 2, -1, -1);
    }
    if (!doubles) return true;
    for (int pass = 0; pass < 2; pass++) {
        run_side side = side_of(s, r, !pass);
        const chain_set *other = pass ? &s->off_off : &s->off_on;
        for (int i = 0; i < side.count; i++) {
            int q = arena->nodes[side.nodes[i]].pot;
            int32_t from_off = chain_set_get(other, q);
            if (from_off < 0) continue;
            int32_t targets[2] = {side.nodes[i], from_off};
            offer(s, SUDOKU_CHAIN_DOUBLE, SORT_DOUBLE, !pass, q, targets, 2, POT_CELL(pot), -1);
        }
    }
    return true;
}

/* Sets common to the candidates of set, or (keep) to those it has in
 * common with set. */
static void common_take(uint64_t common[PLANE_WORDS], const uint64_t (*plane)[2], bool keep)
{
    const uint64_t *has = &plane[0][0];
    for (int w = 0; w < PLANE_WORDS; w++) common[w] = keep ? common[w] & has[w] : has[w];
}

/* True if the common set holds a candidate (most hold none). */
static bool common_any(const uint64_t common[PLANE_WORDS])
{
    uint64_t any = 0;
    for (int w = 0; w < PLANE_WORDS; w++) any |= common[w];
    return any != 0;
}

/* True if the common set (by digit as cells) holds candidate pot. */
static bool common_has(const uint64_t common[PLANE_WORDS], int pot)
{
    return bit_in(common, (int)plane_bit(pot));
}

/* The steps of one unit's places of digit, if cell is its first place:
 * what every place forces. r: the run of the cell's place. */
static void region(multiple_search *s, int unit, int cell, int digit, const run_result *r)
{
    int places[9], count = 0;
    for (unsigned m = s->c.pos[unit][digit - 1]; m; m &= m - 1)
        places[count++] = sudoku_lowest_bit(m);
    if (!(count == 2 || (s->c.multiple && count > 2))) return;
    if (sudoku_unit_cells[unit][places[0]] != cell) return;
    common_take(s->region_on, r->on, false);
    common_take(s->region_off, r->off, false);
    int16_t outcome[9];
    for (int i = 0; i < count; i++) {
        int other = sudoku_unit_cells[unit][places[i]];
        const run_result *o = on_run(s, POT(other, digit));
        if (!o) return;
        outcome[i] = s->runs[POT(other, digit)];
        if (other == cell) continue;
        common_take(s->region_on, o->on, true);
        common_take(s->region_off, o->off, true);
    }
    /* The runs made above may have moved the store. */
    r = &s->store[s->runs[POT(cell, digit)]];
    /* In the order the cell's own run reached them. */
    const chain_arena *arena = s->c.arena;
    for (int pass = 0; pass < 2; pass++) {
        const uint64_t *common = pass ? s->region_off : s->region_on;
        if (!common_any(common)) continue;
        run_side first = side_of(s, r, !pass);
        for (int i = 0; i < first.count; i++) {
            int q = arena->nodes[first.nodes[i]].pot;
            if (!common_has(common, q)) continue;
            int32_t targets[9];
            for (int j = 0; j < count; j++)
                targets[j] = side_node(arena, side_of(s, &s->store[outcome[j]], !pass), q);
            offer(s, SUDOKU_CHAIN_REGION, SORT_REGION, !pass, q, targets, count, -1, unit);
        }
    }
}

static void bits_add(board_bits *b, int cell)
{
    b->w[cell / 64] |= 1ull << (cell % 64);
}

static board_bits bits_and(board_bits a, board_bits b)
{
    return (board_bits){{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
}

static board_bits bits_minus(board_bits a, board_bits b)
{
    return (board_bits){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
}

static void bits_merge(board_bits *a, board_bits b)
{
    a->w[0] |= b.w[0];
    a->w[1] |= b.w[1];
}

static bool bits_any(board_bits b)
{
    return (b.w[0] | b.w[1]) != 0;
}

/* True if b holds one cell (no count: the popcount instruction may be
 * missing). */
static bool bits_single(board_bits b)
{
    return b.w[0] ? !b.w[1] && !(b.w[0] & (b.w[0] - 1)) : b.w[1] && !(b.w[1] & (b.w[1] - 1));
}

static void planes_load(digit_planes *p, const uint16_t *grid)
{
    memset(p, 0, sizeof *p);
    board_bits unit[27];
    memset(unit, 0, sizeof unit);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (unsigned m = grid[cell]; m; m &= m - 1)
            bits_add(&p->places[sudoku_lowest_bit(m)], cell);
        for (int k = 0; k < 20; k++) bits_add(&p->peers[cell], sudoku_peers[cell][k]);
        for (int k = 0; k < 3; k++) bits_add(&unit[sudoku_cell_units[cell][k]], cell);
    }
    for (int d = 0; d < 9; d++)
        for (int u = 0; u < 27; u++) {
            board_bits here = bits_and(p->places[d], unit[u]);
            if (bits_any(here) && !bits_single(here)) p->shared[d][p->nshared[d]++] = here;
        }
}

/* True if Nishio's run from digit in cell, assumed on or off, can end in
 * a contradiction. Its chain stays on the digit's places: an "on" turns
 * its peers off; the last place left in a unit of two or more places
 * turns on. Taken to their end these give the run's own nodes, in any
 * order, and the run meets a contradiction exactly when a place ends both
 * on and off, or a unit of two places or more ends with all of them off
 * (its last two form a pair when the first of them is followed: the other
 * turns on, and off). The sets a run ends with are closed under the links:
 * a run from one of them stays in them, and meets no contradiction if the
 * first met none. */
static bool nishio_may_contradict(digit_planes *p, int cell, int digit, bool on)
{
    const board_bits *safe = on ? &p->safe_on[digit - 1] : &p->safe_off[digit - 1];
    if ((safe->w[cell / 64] >> (cell % 64)) & 1u) return false;
    board_bits places = p->places[digit - 1], ons = {{0, 0}}, offs = {{0, 0}}, spread = {{0, 0}};
    bits_add(on ? &ons : &offs, cell);
    for (;;) {
        board_bits fresh = bits_minus(ons, spread);
        for (int w = 0; w < 2; w++)
            for (uint64_t m = fresh.w[w]; m; m &= m - 1)
                bits_merge(&offs, bits_and(places, p->peers[64 * w + __builtin_ctzll(m)]));
        spread = ons;
        if (bits_any(bits_and(ons, offs))) return true;
        bool grew = false;
        for (int i = 0; i < p->nshared[digit - 1]; i++) {
            board_bits left = bits_minus(p->shared[digit - 1][i], offs);
            if (!bits_any(left)) return true;
            if (!bits_single(left) || bits_any(bits_and(left, ons))) continue;
            bits_merge(&ons, left);
            grew = true;
        }
        if (!grew) {
            bits_merge(&p->safe_on[digit - 1], ons);
            bits_merge(&p->safe_off[digit - 1], offs);
            return false;
        }
    }
}

/* What candidate pot, assumed on, reaches (computed once). */
static const chain_reach_sets *reach_of(multiple_search *s, int pot)
{
    chain_reach_sets *r = &s->reach[pot];
    if (!((s->reached[pot / 64] >> (pot % 64)) & 1u)) {
        chain_reach(s->links, pot, r);
        s->reached[pot / 64] |= 1ull << (pot % 64);
    }
    return r;
}

/* True if sets a and b (by digit, as cells) have a candidate in common. */
static bool meet(const uint64_t *a, const uint64_t *b)
{
    uint64_t any = 0;
    for (int w = 0; w < PLANE_WORDS; w++) any |= a[w] & b[w];
    return any != 0;
}

/* True if the "on" ends on and "off" ends off (the candidates reached by
 * every assumption of a step) hold one worth a step as offer sees it (SE's
 * isWorth): any "off" (a candidate still), an "on" in a cell of two
 * candidates or more. */
static bool worth(const multiple_search *s, const uint64_t *on, const uint64_t *off)
{
    return meet(on, s->worth_on_planes) || meet(off, off);
}

/* True if the places of digit in unit may give a region step from cell:
 * they pass region's test (cell first of two, or more), and (with the
 * runs' ends) one of their runs meets a contradiction, or what all reach
 * has a candidate in common worth a step. */
static bool region_may_offer(multiple_search *s, int unit, int cell, int digit)
{
    unsigned where = s->c.pos[unit][digit - 1];
    int places[9], count = 0;
    if (!where || sudoku_unit_cells[unit][sudoku_lowest_bit(where)] != cell) return false;
    for (; where; where &= where - 1)
        places[count++] = sudoku_unit_cells[unit][sudoku_lowest_bit(where)];
    if (!(count == 2 || (s->c.multiple && count > 2))) return false;
    if (!s->reach) return true;
    uint64_t on[PLANE_WORDS], off[PLANE_WORDS];
    memset(on, 0xff, sizeof on);
    memset(off, 0xff, sizeof off);
    for (int i = 0; i < count; i++) {
        const chain_reach_sets *r = reach_of(s, POT(places[i], digit));
        if (r->conflict) return true;
        for (int w = 0; w < PLANE_WORDS; w++) {
            on[w] &= r->on[w];
            off[w] &= r->off[w];
        }
    }
    return worth(s, on, off);
}

/* True if the cell may give a cell step, as its candidates' runs' ends
 * tell (with no ends, true): the ends hold the runs' nodes, cut short or
 * not, so ends with no contradiction and no candidate in common for a
 * step mean none. */
static bool cell_may_offer(multiple_search *s, int cell)
{
    if (!s->reach) return true;
    uint64_t on[PLANE_WORDS], off[PLANE_WORDS];
    memset(on, 0xff, sizeof on);
    memset(off, 0xff, sizeof off);
    for (unsigned m = s->c.grid[cell]; m; m &= m - 1) {
        const chain_reach_sets *r = reach_of(s, POT(cell, sudoku_lowest_digit(m)));
        if (r->conflict) return true;
        for (int w = 0; w < PLANE_WORDS; w++) {
            on[w] &= r->on[w];
            off[w] &= r->off[w];
        }
    }
    return worth(s, on, off);
}

/* Sets up the *_may_offer tests (the board's links, no runs yet); without
 * memory,
 * every cell is searched. */
static void reach_load(multiple_search *s)
{
    s->links = malloc(sizeof *s->links);
    s->reach = malloc(POTENTIALS * sizeof *s->reach);
    if (!s->links || !s->reach) {
        free(s->links);
        free(s->reach);
        s->links = NULL;
        s->reach = NULL;
        return;
    }
    chain_links_load(&s->c, s->links);
    memset(s->reached, 0, sizeof s->reached);
}

/* Sets worth_on_planes: the candidates in cells of two or more. */
static void worth_load(multiple_search *s)
{
    memset(s->worth_on_planes, 0, sizeof s->worth_on_planes);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (sudoku_is_several(s->c.grid[cell]))
            for (unsigned m = s->c.grid[cell]; m; m &= m - 1) {
                int digit = sudoku_lowest_digit(m);
                s->worth_on_planes[2 * (digit - 1) + cell / 64] |= 1ull << (cell % 64);
            }
}

/* ---- the memo (multiple chains) ---- */

static void bit_set(uint64_t *set, int i)
{
    set[(unsigned)i / 64] |= 1ull << ((unsigned)i % 64);
}

/* True if the sink holds no step yet: no bound has cut a run short. */
static bool sink_empty(multiple_search *s)
{
    return chain_max_depth(s->sink, s->base, SORT_DOUBLE) == 0;
}

/* True if cell is the first of two places or more of digit in unit. */
static bool region_here(const multiple_search *s, int unit, int cell, int digit)
{
    unsigned where = s->c.pos[unit][digit - 1];
    return where && sudoku_unit_cells[unit][sudoku_lowest_bit(where)] == cell &&
           sudoku_is_several(where);
}

/* True if the memo knows the region of digit in unit gives nothing: it
 * gave none on the memo's board, where it had the same places, from which
 * the runs make the same nodes. Kept for the next search. */
static bool memo_knows_region(multiple_search *s, int unit, int digit)
{
    int id = unit * 9 + digit - 1;
    unsigned where = s->c.pos[unit][digit - 1];
    if (!s->memo_valid || !bit_in(s->memo->multiple_regions, id) ||
        s->memo_pos[unit][digit - 1] != where)
        return false;
    for (; where; where &= where - 1)
        if (node_in(s->changed_reach, POT(sudoku_unit_cells[unit][sudoku_lowest_bit(where)], digit),
                    true))
            return false;
    bit_set(s->nothing_regions, id);
    return true;
}

/* The same for the cell's step. */
static bool memo_knows_cell(multiple_search *s, int cell)
{
    if (!s->memo_valid || !bit_in(s->memo->multiple_cells, cell) ||
        s->memo->multiple_board[cell] != s->c.grid[cell])
        return false;
    for (unsigned m = s->c.grid[cell]; m; m &= m - 1)
        if (node_in(s->changed_reach, POT(cell, sudoku_lowest_digit(m)), true)) return false;
    bit_set(s->nothing_cells, cell);
    return true;
}

/* Sets the search's memo up: valid if it knows a board this one is a
 * later one of. */
static void memo_load(multiple_search *s, logic_memo *memo)
{
    s->memo = memo;
    s->memo_valid = false;
    memset(s->nothing_regions, 0, sizeof s->nothing_regions);
    memset(s->nothing_cells, 0, sizeof s->nothing_cells);
    if (!memo || !memo->multiple_known || !s->links) return;
    s->memo_valid = chain_changed_reach(s->links, memo->multiple_board, s->changed_reach);
    if (s->memo_valid) logic_grid_positions(memo->multiple_board, s->memo_pos);
}

/* What the memo keeps of this search: the regions and cells that gave
 * nothing, on this board. */
static void memo_save(multiple_search *s)
{
    logic_memo *memo = s->memo;
    memcpy(memo->multiple_regions, s->nothing_regions, sizeof memo->multiple_regions);
    memcpy(memo->multiple_cells, s->nothing_cells, sizeof memo->multiple_cells);
    memcpy(memo->multiple_board, s->c.grid, sizeof memo->multiple_board);
    memo->multiple_known = true;
}

/* SE's getMultipleChainsHintListForCell: for each candidate, its "on"
 * run's contradiction, its "off" run's and the doubles, its regions;
 * then the cell. Parts that cannot offer a step are passed over. */
static void from_cell(multiple_search *s, int cell)
{
    chain_arena_charge(s->c.arena, CHAIN_WORK_CELL);
    unsigned cands = s->c.grid[cell];
    int cardinality = sudoku_popcount(cands);
    bool doubles = cardinality >= 3 && !s->c.nishio && s->c.dynamic;
    bool contradictions = s->c.dynamic || s->c.nishio;
    bool cell_here = !s->c.nishio && (cardinality == 2 || (s->c.multiple && cardinality > 2));
    bool cell_known = s->memo && cell_here && memo_knows_cell(s, cell);
    bool cells = cell_here && !cell_known && cell_may_offer(s, cell);
    /* A part that gives nothing while the sink is empty gives nothing at
     * all: no bound cut its runs short. */
    bool empty = s->memo && sink_empty(s);
    int n = 0;
    for (unsigned m = cands; m; m &= m - 1) {
        int digit = sudoku_lowest_digit(m), pot = POT(cell, digit);
        /* Nishio looks for contradictions only: a candidate whose runs
         * cannot meet one is not followed. */
        if (s->c.nishio && (!(s->digits >> (digit - 1) & 1u) ||
                            (!nishio_may_contradict(&s->planes, cell, digit, true) &&
                             !nishio_may_contradict(&s->planes, cell, digit, false))))
            continue;
        const run_result *r = NULL;
        if (contradictions) {
            if (!(r = on_run(s, pot))) return;
            on_contradiction(s, pot, r);
            if (!off_run(s, pot, r, doubles)) return;
        }
        if (s->c.nishio) continue;
        static const int kinds[3] = {2, 0, 1};
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][kinds[k]];
            bool here = s->memo && region_here(s, unit, cell, digit);
            if (here && memo_knows_region(s, unit, digit)) continue;
            bool region_empty = here && sink_empty(s);
            bool tried = region_may_offer(s, unit, cell, digit);
            if (tried) {
                if (!(r = on_run(s, pot))) return;
                region(s, unit, cell, digit, r);
            }
            if (here && (!tried || (region_empty && sink_empty(s))))
                bit_set(s->nothing_regions, unit * 9 + digit - 1);
        }
        if (!cells) continue;
        if (!(r = on_run(s, pot))) return;
        s->value_runs[n] = s->runs[pot];
        common_take(s->cell_on, r->on, n > 0);
        common_take(s->cell_off, r->off, n > 0);
        n++;
    }
    if (s->memo && cell_here && !cell_known && !cells) bit_set(s->nothing_cells, cell);
    if (!cells) return;
    /* In the order the first candidate's run reached them. */
    const chain_arena *arena = s->c.arena;
    for (int pass = 0; pass < 2 && n; pass++) {
        const uint64_t *common = pass ? s->cell_off : s->cell_on;
        if (!common_any(common)) continue;
        run_side sides[9] = {{0}};
        for (int j = 0; j < n; j++) sides[j] = side_of(s, &s->store[s->value_runs[j]], !pass);
        for (int i = 0; i < sides[0].count; i++) {
            int q = arena->nodes[sides[0].nodes[i]].pot;
            if (!common_has(common, q)) continue;
            int32_t targets[9];
            for (int j = 0; j < n; j++) targets[j] = side_node(arena, sides[j], q);
            offer(s, SUDOKU_CHAIN_CELL, SORT_CELL, !pass, q, targets, n, cell, -1);
        }
    }
    if (empty && sink_empty(s)) bit_set(s->nothing_cells, cell);
}

void chain_search_multiple(chain_arena *arena, const uint16_t grid[SUDOKU_CELLS],
                           const uint8_t placed[9], sudoku_technique technique, unsigned digits,
                           logic_memo *memo, chain_sink *sink)
{
    multiple_search *s = malloc(sizeof *s);
    if (!s) {
        chain_arena_fail(arena);
        return;
    }
    memset(&s->c, 0, sizeof s->c);
    memset(s->runs, 0xff, sizeof s->runs);
    s->store = NULL;
    s->nstore = s->cap_store = 0;
    s->pool = NULL;
    s->npool = s->cap_pool = 0;
    chain_set_init(&s->run_on);
    chain_set_init(&s->run_off);
    chain_set_init(&s->off_on);
    chain_set_init(&s->off_off);
    s->c.arena = arena;
    chainer_load(&s->c, grid);
    s->c.placed = placed;
    s->sink = sink;
    s->technique = technique;
    s->base = technique_base(technique);
    s->c.level = technique_level(technique);
    s->c.nesting = technique == SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS     ? 1
                   : technique == SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED ? 2
                                                                      : 0;
    s->c.nishio = technique == SUDOKU_NISHIO_FORCING_CHAINS;
    s->c.dynamic = technique != SUDOKU_MULTIPLE_FORCING_CHAINS;
    s->c.multiple = !s->c.nishio;
    s->digits = digits;
    if (s->c.nishio) planes_load(&s->planes, s->c.grid);
    s->links = NULL;
    s->reach = NULL;
    s->dynamic = NULL;
    worth_load(s);
    if (s->c.level == 0 && !s->c.dynamic) reach_load(s);
    memo_load(s, memo);
    /* Without memory, every "off" run is made. */
    if (s->c.level == 0 && s->c.dynamic && !s->c.nishio) s->dynamic = malloc(sizeof *s->dynamic);
    for (int cell = 0; cell < SUDOKU_CELLS && !arena->failed; cell++) {
        int cardinality = sudoku_popcount(s->c.grid[cell]);
        if (!(cardinality > 2 || (cardinality > 1 && s->c.dynamic))) continue;
        from_cell(s, cell);
    }
    if (s->memo && !arena->failed) memo_save(s);
    free(s->store);
    free(s->pool);
    free(s->links);
    free(s->reach);
    free(s->dynamic);
    free(s);
}
