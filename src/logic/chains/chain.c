/*
 * chain.c: the chaining engine: nodes and their parents, the sets
 * of nodes an assumption reaches, the two implications (a candidate on
 * turns others off; a candidate off turns the last other candidate of its
 * cell, or the last other place of its digit in a unit, on), and SE's
 * breadth-first propagation of an assumption. The producers of chain
 * steps (forcing.c, multiple.c) are built on these.
 *
 * Nodes live in an arena that grows with the search and is cut back to a
 * mark when a piece of work is done, so a search allocates a few times,
 * not per node.
 */
#include "chain.h"
#include "logic/state.h"
#include "logic/step.h"

#include <stdlib.h>
#include <string.h>

/* ---- the board ---- */

void chainer_load(chainer *c, const uint16_t grid[SUDOKU_CELLS])
{
    memcpy(c->grid, grid, sizeof c->grid);
    logic_grid_positions(grid, c->pos);
    memset(c->planes, 0, sizeof c->planes);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned m = grid[cell]; m; m &= m - 1)
            c->planes[sudoku_lowest_bit(m)][cell / 64] |= 1ull << (cell % 64);
}

/* ---- arena ---- */

#define ARENA_NODES (1 << 14)
#define ARENA_PARENTS (1 << 15)

/* Sets room: the capacity, or the limit if it comes first. */
static void arena_room_set(chain_arena *arena)
{
    arena->room = arena->cap_nodes;
    if (arena->failed) arena->room = 0;
    if (!arena->limit || arena->failed) return;
    unsigned long long spent = arena->released + arena->work;
    unsigned long long left = arena->limit > spent ? arena->limit - spent : 0;
    if (left < (unsigned long long)arena->room) arena->room = (int32_t)left;
}

bool chain_arena_init(chain_arena *arena)
{
    memset(arena, 0, sizeof *arena);
    arena->nodes = malloc(ARENA_NODES * sizeof *arena->nodes);
    arena->parents = malloc(ARENA_PARENTS * sizeof *arena->parents);
    if (!arena->nodes || !arena->parents) {
        chain_arena_free(arena);
        return false;
    }
    arena->cap_nodes = ARENA_NODES;
    arena->cap_parents = ARENA_PARENTS;
    arena->next_nested_id = 1;
    arena_room_set(arena);
    return true;
}

void chain_arena_free(chain_arena *arena)
{
    free(arena->nodes);
    free(arena->parents);
    arena->nodes = NULL;
    arena->parents = NULL;
}

void chain_arena_set_limit(chain_arena *arena, unsigned long long limit)
{
    arena->limit = limit;
    arena_room_set(arena);
}

unsigned long long chain_arena_made(const chain_arena *arena)
{
    return arena->released + arena->work + (unsigned long long)arena->nnodes;
}

void chain_arena_charge(chain_arena *arena, unsigned long long units)
{
    arena->work += units;
    if (arena->limit && chain_arena_made(arena) > arena->limit)
        chain_arena_fail(arena);
    else
        arena_room_set(arena);
}

void chain_arena_fail(chain_arena *arena)
{
    arena->failed = true;
    arena->room = 0;
}

chain_mark chain_arena_mark(const chain_arena *arena)
{
    chain_mark mark = {arena->nnodes, arena->nparents};
    return mark;
}

void chain_arena_release(chain_arena *arena, chain_mark mark)
{
    arena->released += (unsigned long long)(arena->nnodes - mark.nnodes);
    arena->nnodes = mark.nnodes;
    arena->nparents = mark.nparents;
    arena_room_set(arena);
}

/* Doubles an array's capacity; returns false if memory is short. */
static bool grow(void **items, int32_t *cap, size_t item)
{
    if (*cap > (1 << 28)) return false;
    void *bigger = realloc(*items, (size_t)*cap * 2 * item);
    if (!bigger) return false;
    *items = bigger;
    *cap *= 2;
    return true;
}

bool chain_arena_room(chain_arena *arena)
{
    if (arena->failed) return false;
    if (arena->limit && chain_arena_made(arena) >= arena->limit) {
        /* One more would pass the limit. */
        chain_arena_fail(arena);
        return false;
    }
    if (arena->nnodes == arena->cap_nodes &&
        !grow((void **)&arena->nodes, &arena->cap_nodes, sizeof *arena->nodes)) {
        chain_arena_fail(arena);
        return false;
    }
    arena_room_set(arena);
    return true;
}

bool chain_arena_grow_parents(chain_arena *arena)
{
    if (!grow((void **)&arena->parents, &arena->cap_parents, sizeof *arena->parents)) {
        chain_arena_fail(arena);
        return false;
    }
    return true;
}

/* ---- sets ---- */

void chain_set_init(chain_set *set)
{
    set->count = 0;
    memset(set->plane, 0, sizeof set->plane);
    memset(set->cells, 0, sizeof set->cells);
}

void chain_set_clear(chain_set *set)
{
    chain_set_init(set);
}

/* ---- implications ---- */

static const chain_cause unit_cause[3] = {CAUSE_HIDDEN_ROW, CAUSE_HIDDEN_COLUMN, CAUSE_HIDDEN_BOX};

/* Unit kinds in SE's order for implications: box, row, column. */
static const int se_kinds[3] = {2, 0, 1};

/* chain_on_links for cell and digit; inline, for chain_run's loop. */
static inline int on_links(const chainer *c, int cell, int digit, bool y, chain_link *out)
{
    int n = 0;
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (y)
        for (unsigned m = c->grid[cell] & ~bit; m; m &= m - 1) {
            out[n].pot = (uint16_t)POT(cell, sudoku_lowest_digit(m));
            out[n].cause = CAUSE_NAKED_SINGLE;
            out[n++].unit = CHAIN_NO_UNIT;
        }
    for (int k = 0; k < 3; k++) {
        int kind = se_kinds[k], unit = sudoku_cell_units[cell][kind],
            index = sudoku_cell_index[cell][kind];
        /* The row and column leave out the box's places, the box's links. */
        unsigned skip = kind == 2 ? 1u << index : 7u << (index / 3 * 3);
        for (unsigned where = c->pos[unit][digit - 1] & ~skip; where; where &= where - 1) {
            out[n].pot = (uint16_t)POT(sudoku_unit_cells[unit][sudoku_lowest_bit(where)], digit);
            out[n].cause = (uint8_t)unit_cause[kind];
            out[n++].unit = (uint8_t)unit;
        }
    }
    return n;
}

/* chain_off_links for cell and digit; inline, for chain_run's loop. */
static inline int off_links(const chainer *c, int cell, int digit, bool y, bool x, chain_link *out)
{
    int n = 0;
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (y && sudoku_is_pair(c->grid[cell])) {
        unsigned rest = c->grid[cell] & ~bit;
        /* SE takes the lower digit when the cell has lost this one. */
        int other = sudoku_lowest_digit(rest == c->grid[cell] ? c->grid[cell] : rest);
        out[n].pot = (uint16_t)POT(cell, other);
        out[n].cause = CAUSE_NAKED_SINGLE;
        out[n++].unit = CHAIN_NO_UNIT;
    }
    if (!x) return n;
    for (int k = 0; k < 3; k++) {
        int kind = se_kinds[k], unit = sudoku_cell_units[cell][kind];
        unsigned where = c->pos[unit][digit - 1];
        if (!sudoku_is_pair(where)) continue;
        /* The other place; the lower one if the cell is not a place (SE). */
        unsigned me = 1u << sudoku_cell_index[cell][kind];
        unsigned other_bit = (where & me) ? where & ~me : where & (~where + 1u);
        int other_pot = POT(sudoku_unit_cells[unit][sudoku_lowest_bit(other_bit)], digit);
        bool seen = false;
        for (int i = 0; i < n; i++) seen |= out[i].pot == other_pot;
        if (seen) continue;
        out[n].pot = (uint16_t)other_pot;
        out[n].cause = (uint8_t)unit_cause[kind];
        out[n++].unit = (uint8_t)unit;
    }
    return n;
}

int chain_on_links(const chainer *c, int pot, bool y, chain_link out[32])
{
    return on_links(c, POT_CELL(pot), POT_DIGIT(pot), y, out);
}

int chain_off_links(const chainer *c, int pot, bool y, bool x, chain_link out[4])
{
    return off_links(c, POT_CELL(pot), POT_DIGIT(pot), y, x, out);
}

/* A run under way: its board as it started, its sets. A set's order is
 * its queue: the nodes are followed in the order they were added. */
typedef struct run {
    chainer *c;
    chain_set *on, *off;
    bool y;
    uint16_t source[SUDOKU_CELLS], source_pos[27][9];
    int32_t on_node, off_node;
    unsigned long long followed; /* links, charged at the end (the budget's units) */
} run;

/* A new node of candidate pot, state on, child of parent; -1 if the arena
 * failed (chain_node_new and chain_node_add_parent in one). */
static inline int32_t node_from(chain_arena *arena, int pot, bool on, chain_cause cause,
                                int32_t parent)
{
    if (arena->nnodes >= arena->room && !chain_arena_room(arena)) return -1;
    if (arena->nparents == arena->cap_parents && !chain_arena_grow_parents(arena)) return -1;
    int32_t id = arena->nnodes++;
    chain_node *node = &arena->nodes[id];
    node->pot = (uint16_t)pot;
    node->on = on;
    node->cause = (uint8_t)cause;
    node->parents = arena->nparents;
    node->nparents = 1;
    node->depth = arena->nodes[parent].depth + 1;
    node->nested = 0;
    node->nested_id = 0;
    arena->parents[arena->nparents++] = parent;
    return id;
}

/* A new "off" node of candidate (cell, digit), child of p, in the run's
 * set; false if the arena failed. */
static inline bool turn_off(run *r, int32_t p, int cell, int digit, chain_cause cause)
{
    int pot = POT(cell, digit);
    int32_t q = node_from(r->c->arena, pot, false, cause, p);
    if (q < 0) return false;
    chain_set *off = r->off;
    off->cells[cell] |= (uint16_t)(1u << (digit - 1));
    off->plane[digit - 1][(unsigned)cell / 64] |= 1ull << ((unsigned)cell % 64);
    off->order[off->count++] = (int16_t)pot;
    off->at[pot] = q;
    return true;
}

/* The candidate (cell, digit) is on, and p turns it off: the run's
 * contradiction. Returns true. */
static bool clash_on(run *r, int32_t p, int cell, int digit, chain_cause cause)
{
    int pot = POT(cell, digit);
    r->on_node = r->on->at[pot];
    r->off_node = node_from(r->c->arena, pot, false, cause, p);
    return true;
}

/* The "off"s of part (cells) of a unit for digit, in cell order, up to
 * the first candidate that is on (a contradiction: true); those deeper
 * than the limit are not made. */
static bool off_part(run *r, int32_t p, int digit, const uint64_t part[2], bool deep,
                     chain_cause cause)
{
    const uint64_t *on = r->on->plane[digit - 1], *off = r->off->plane[digit - 1],
                   *board = r->c->planes[digit - 1];
    for (int w = 0; w < 2; w++) {
        uint64_t hit = part[w] & on[w];
        uint64_t fresh = deep ? 0 : part[w] & board[w] & ~off[w];
        if (hit) fresh &= (hit & (~hit + 1)) - 1;
        for (; fresh; fresh &= fresh - 1)
            if (!turn_off(r, p, 64 * w + __builtin_ctzll(fresh), digit, cause)) return false;
        if (hit) return clash_on(r, p, 64 * w + __builtin_ctzll(hit), digit, cause);
    }
    return false;
}

/* The links an "on" of (cell, digit) has on the board now: its cell's
 * other digits (Y links), its digit's other places in its box, and in its
 * row and column less the box. Counted for the budget, as they were when
 * runs listed them. */
static int on_link_count(const chainer *c, int cell, int d, bool y)
{
    const uint8_t *units = sudoku_cell_units[cell], *index = sudoku_cell_index[cell];
    unsigned line_skip_row = 7u << (index[0] / 3 * 3), line_skip_col = 7u << (index[1] / 3 * 3);
    int n = y ? sudoku_popcount(c->grid[cell] & ~(1u << d)) : 0;
    return n + sudoku_popcount(c->pos[units[2]][d] & ~(1u << index[2])) +
           sudoku_popcount(c->pos[units[0]][d] & ~line_skip_row) +
           sudoku_popcount(c->pos[units[1]][d] & ~line_skip_col);
}

/* The links an "off" of (cell, digit) has on the board now: the other
 * digit of a cell of two (Y), the other place of a unit of two (box, row,
 * column; a row's or column's that is the box's counted once). */
static int off_link_count(const chainer *c, int cell, int d, bool y)
{
    const uint8_t *units = sudoku_cell_units[cell], *index = sudoku_cell_index[cell];
    int n = y && sudoku_is_pair(c->grid[cell]), box_other = -1;
    static const int kinds[3] = {2, 0, 1};
    for (int k = 0; k < 3; k++) {
        int kind = kinds[k];
        unsigned where = c->pos[units[kind]][d];
        if (!sudoku_is_pair(where)) continue;
        unsigned me = 1u << index[kind];
        int other = sudoku_lowest_bit((where & me) ? where & ~me : where & (~where + 1u));
        other = sudoku_unit_cells[units[kind]][other];
        if (kind == 2)
            box_other = other;
        else if (other == box_other)
            continue;
        n++;
    }
    return n;
}

/* Follows "on" node p (candidate pot): its cell's other digits (Y links)
 * and its digit's other places in its box, row and column turn off, in
 * that order (the row and column less the box), each part in cell order,
 * up to the first candidate that is on (a contradiction: true). Those
 * already off are left alone: on the board as the run started, less what
 * is off, are those of the board now (a run takes off only what it turned
 * off). */
static bool follow_on(run *r, int pot)
{
    chainer *c = r->c;
    int32_t p = r->on->at[pot];
    int cell = POT_CELL(pot), digit = POT_DIGIT(pot), d = digit - 1;
    bool deep = c->max_depth && chain_at(c->arena, p)->depth + 1 > c->max_depth;
    r->followed += (unsigned)on_link_count(c, cell, d, r->y);
    if (r->y) {
        unsigned others = c->grid[cell] & ~(1u << d);
        unsigned hit = others & r->on->cells[cell];
        unsigned fresh = deep ? 0 : others & ~r->off->cells[cell];
        if (hit) fresh &= (hit & (~hit + 1)) - 1;
        for (; fresh; fresh &= fresh - 1)
            if (!turn_off(r, p, cell, sudoku_lowest_digit(fresh), CAUSE_NAKED_SINGLE)) return false;
        if (hit) return clash_on(r, p, cell, sudoku_lowest_digit(hit), CAUSE_NAKED_SINGLE);
    }
    const uint64_t *peers = sudoku_peer_bits[cell], *on = r->on->plane[d],
                   *off = r->off->plane[d], *board = c->planes[d];
    const uint64_t *box = sudoku_unit_bits[sudoku_cell_units[cell][2]],
                   *row = sudoku_unit_bits[sudoku_cell_units[cell][0]],
                   *col = sudoku_unit_bits[sudoku_cell_units[cell][1]];
    if ((peers[0] & on[0]) | (peers[1] & on[1])) {
        /* A contradiction: the parts in turn, up to it. */
        const uint64_t in_box[2] = {box[0] & peers[0], box[1] & peers[1]},
                       in_row[2] = {row[0] & ~box[0], row[1] & ~box[1]},
                       in_col[2] = {col[0] & ~box[0], col[1] & ~box[1]};
        return off_part(r, p, digit, in_box, deep, CAUSE_HIDDEN_BOX) ||
               off_part(r, p, digit, in_row, deep, CAUSE_HIDDEN_ROW) ||
               off_part(r, p, digit, in_col, deep, CAUSE_HIDDEN_COLUMN);
    }
    if (deep) return false;
    const uint64_t fresh[2] = {peers[0] & board[0] & ~off[0], peers[1] & board[1] & ~off[1]};
    for (int w = 0; w < 2; w++)
        for (uint64_t m = fresh[w] & box[w]; m; m &= m - 1)
            if (!turn_off(r, p, 64 * w + __builtin_ctzll(m), digit, CAUSE_HIDDEN_BOX)) return false;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = fresh[w] & row[w] & ~box[w]; m; m &= m - 1)
            if (!turn_off(r, p, 64 * w + __builtin_ctzll(m), digit, CAUSE_HIDDEN_ROW)) return false;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = fresh[w] & col[w] & ~box[w]; m; m &= m - 1)
            if (!turn_off(r, p, 64 * w + __builtin_ctzll(m), digit, CAUSE_HIDDEN_COLUMN))
                return false;
    return false;
}

/* Turns on candidate (cell, digit), not on yet, reached from "off" node
 * p through unit (CHAIN_NO_UNIT: the cell): a new node; in a dynamic run,
 * its parents are also the "off"s that took the others of its cell or
 * unit since the run started. True on a contradiction (it is off). */
static bool turn_on(run *r, int32_t p, int cell, int digit, chain_cause cause, int unit)
{
    chainer *c = r->c;
    int d = digit - 1, pot = POT(cell, digit);
    bool clash = (r->off->cells[cell] >> d) & 1u;
    chain_arena *arena = c->arena;
    int32_t q = node_from(arena, pot, true, cause, p);
    if (q >= 0 && c->dynamic) {
        if (unit == CHAIN_NO_UNIT) {
            for (unsigned m = r->source[cell] & ~c->grid[cell]; m; m &= m - 1)
                chain_node_add_parent(arena, q,
                                      chain_set_get(r->off, POT(cell, sudoku_lowest_digit(m))));
        } else {
            for (unsigned m = r->source_pos[unit][d] & ~c->pos[unit][d]; m; m &= m - 1)
                chain_node_add_parent(
                    arena, q,
                    chain_set_get(r->off, POT(sudoku_unit_cells[unit][sudoku_lowest_bit(m)], digit)));
        }
    }
    if (clash) {
        r->on_node = q;
        r->off_node = r->off->at[pot];
        return true;
    }
    if (q >= 0 && !chain_too_deep(c, q)) chain_set_add(r->on, arena, q);
    return false;
}

/* Follows "off" node p on the board now: with Y links, a cell left with
 * two digits turns the other on; a unit left with two places of the digit
 * turns the other place on (box, row, column; the lower place if the cell
 * is not one, as SE). True on a contradiction. Then, in a dynamic run,
 * takes the candidate off the board (SE: it is not a hidden parent of its
 * own consequences). */
static bool follow_off(run *r, int pot)
{
    chainer *c = r->c;
    int32_t p = r->off->at[pot];
    int cell = POT_CELL(pot), digit = POT_DIGIT(pot), d = digit - 1;
    unsigned bit = 1u << d, here = c->grid[cell];
    const uint16_t *on = r->on->cells;
    r->followed += (unsigned)off_link_count(c, cell, d, r->y);
    if (r->y && sudoku_is_pair(here)) {
        unsigned rest = here & ~bit;
        int other = sudoku_lowest_digit(rest == here ? here : rest);
        if (!((on[cell] >> (other - 1)) & 1u) &&
            turn_on(r, p, cell, other, CAUSE_NAKED_SINGLE, CHAIN_NO_UNIT))
            return true;
    }
    const uint8_t *units = sudoku_cell_units[cell], *index = sudoku_cell_index[cell];
    int box_other = -1;
    static const int kinds[3] = {2, 0, 1};
    for (int k = 0; k < 3; k++) {
        int kind = kinds[k], unit = units[kind];
        unsigned where = c->pos[unit][d];
        if (!sudoku_is_pair(where)) continue;
        unsigned me = 1u << index[kind];
        unsigned other_bit = (where & me) ? where & ~me : where & (~where + 1u);
        int other = sudoku_unit_cells[unit][sudoku_lowest_bit(other_bit)];
        if (kind == 2)
            box_other = other;
        else if (other == box_other)
            continue;
        if (!((on[other] >> d) & 1u) && turn_on(r, p, other, digit, unit_cause[kind], unit))
            return true;
    }
    if (c->dynamic) {
        c->grid[cell] = (uint16_t)(here & ~bit);
        for (int k = 0; k < 3; k++) c->pos[units[k]][d] &= (uint16_t) ~(1u << index[k]);
    }
    return false;
}

bool chain_run(chainer *c, chain_set *on, chain_set *off, int32_t *on_node, int32_t *off_node)
{
    run state, *r = &state;
    r->c = c;
    r->on = on;
    r->off = off;
    r->y = !c->nishio;
    r->followed = 0;
    memcpy(r->source, c->grid, sizeof r->source);
    memcpy(r->source_pos, c->pos, sizeof r->source_pos);
    bool contradiction = false;
    int next_on = 0, next_off = 0;
    for (;;) {
        if (c->arena->failed) break;
        if (next_on < on->count) {
            contradiction = follow_on(r, on->order[next_on++]);
        } else if (next_off < off->count) {
            contradiction = follow_off(r, off->order[next_off++]);
        } else {
            if (c->level == 0) break;
            int32_t *offs = NULL;
            int n = c->arena->advanced(c, r->source, (const uint16_t(*)[9])r->source_pos, off, &offs);
            for (int i = 0; i < n; i++) {
                int pot = c->arena->nodes[offs[i]].pot;
                if (!chain_set_has(off, pot)) chain_set_add(off, c->arena, offs[i]);
            }
            free(offs);
            if (next_off == off->count) break;
        }
        if (contradiction) break;
    }
    memcpy(c->grid, r->source, sizeof r->source);
    memcpy(c->pos, r->source_pos, sizeof r->source_pos);
    if (contradiction) {
        *on_node = r->on_node;
        *off_node = r->off_node;
    }
    chain_arena_charge(c->arena, r->followed * CHAIN_WORK_LINK);
    return contradiction;
}

/* ---- reach: what a static run's sets end as, without its nodes ---- */

/* Adds other to pot's strong links unless it is there. */
static void strong_add(chain_links *t, int pot, int other)
{
    for (int i = 0; i < t->nstrong[pot]; i++)
        if (t->strong[pot][i] == other) return;
    t->strong[pot][t->nstrong[pot]++] = (uint16_t)other;
    unsigned cell = (unsigned)POT_CELL(pot);
    t->live[POT_DIGIT(pot) - 1][cell / 64] |= 1ull << (cell % 64);
}

void chain_strong_load(const chainer *c, chain_links *t)
{
    /* As off_links gives them (the cell's other digit, then the other
     * place in each unit in SE's order), from the pairs of the board:
     * each link is found once, for both ends. */
    memset(t->nstrong, 0, sizeof t->nstrong);
    memset(t->live, 0, sizeof t->live);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!sudoku_is_pair(c->grid[cell])) continue;
        int low = sudoku_lowest_digit(c->grid[cell]),
            high = sudoku_lowest_digit(c->grid[cell] & (c->grid[cell] - 1u));
        strong_add(t, POT(cell, low), POT(cell, high));
        strong_add(t, POT(cell, high), POT(cell, low));
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            int unit = 9 * se_kinds[k] + i;
            for (int digit = 1; digit <= 9; digit++) {
                unsigned where = c->pos[unit][digit - 1];
                if (!sudoku_is_pair(where)) continue;
                int a = POT(sudoku_unit_cells[unit][sudoku_lowest_bit(where)], digit),
                    b = POT(sudoku_unit_cells[unit][sudoku_lowest_bit(where & (where - 1u))],
                            digit);
                strong_add(t, a, b);
                strong_add(t, b, a);
            }
        }
}

void chain_links_load(const chainer *c, chain_links *t)
{
    chain_strong_load(c, t);
    memcpy(t->grid, c->grid, sizeof t->grid);
    memset(t->places, 0, sizeof t->places);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned m = c->grid[cell]; m; m &= m - 1)
            t->places[sudoku_lowest_bit(m)][cell / 64] |= 1ull << (cell % 64);
}

static bool plane_has(const uint64_t *plane, int cell, int digit)
{
    return (plane[2 * (digit - 1) + (unsigned)cell / 64] >> ((unsigned)cell % 64)) & 1u;
}

static void plane_add(uint64_t *plane, int cell, int digit)
{
    plane[2 * (digit - 1) + (unsigned)cell / 64] |= 1ull << ((unsigned)cell % 64);
}

/* Turns on what pot's "off" turns on; false if that meets a contradiction. */
static bool reach_partners(const chain_links *t, int pot, chain_reach_sets *r, int16_t *todo,
                           int *tail)
{
    for (int i = 0; i < t->nstrong[pot]; i++) {
        int q = t->strong[pot][i], cell = POT_CELL(q), digit = POT_DIGIT(q);
        if (plane_has(r->off, cell, digit)) return false;
        if (plane_has(r->on, cell, digit)) continue;
        plane_add(r->on, cell, digit);
        todo[(*tail)++] = (int16_t)q;
    }
    return true;
}

void chain_reach(const chain_links *t, int pot, chain_reach_sets *r)
{
    /* A static run's sets end as the closure of its start under the links
     * (the order a run follows them in changes the nodes, not the sets);
     * it meets a contradiction exactly when a candidate gets both states. */
    for (int w = 0; w < PLANE_WORDS; w++) r->on[w] = r->off[w] = 0;
    r->conflict = false;
    int16_t todo[POTENTIALS];
    int head = 0, tail = 0;
    plane_add(r->on, POT_CELL(pot), POT_DIGIT(pot));
    todo[tail++] = (int16_t)pot;
    while (head < tail) {
        /* An "on" turns off its cell's other digits and its digit's
         * places among its peers. */
        int p = todo[head++], cell = POT_CELL(p), digit = POT_DIGIT(p);
        bool ok = true;
        /* Only the "off"s with a strong link lead on. */
        for (unsigned m = t->grid[cell] & ~(1u << (digit - 1)); m && ok; m &= m - 1) {
            int e = sudoku_lowest_digit(m);
            if (plane_has(r->off, cell, e)) continue;
            ok = !plane_has(r->on, cell, e);
            plane_add(r->off, cell, e);
            if (ok && ((t->live[e - 1][cell / 64] >> (cell % 64)) & 1u))
                ok = reach_partners(t, POT(cell, e), r, todo, &tail);
        }
        uint64_t *on = &r->on[2 * (digit - 1)], *off = &r->off[2 * (digit - 1)];
        for (int w = 0; w < 2 && ok; w++) {
            uint64_t fresh = sudoku_peer_bits[cell][w] & t->places[digit - 1][w] & ~off[w];
            ok = !(fresh & on[w]);
            off[w] |= fresh;
            for (fresh &= t->live[digit - 1][w]; fresh && ok; fresh &= fresh - 1)
                ok = reach_partners(t, POT(64 * w + __builtin_ctzll(fresh), digit), r, todo, &tail);
        }
        if (!ok) {
            r->conflict = true;
            return;
        }
    }
}

/* ---- counting, rating, showing ---- */

/* Visits the distinct nodes (by candidate and state) behind the targets,
 * breadth first as SE's walks do: of several nodes of one candidate, the
 * first reached is the one followed. Calls visit on each; returns their
 * number. */
static int walk_ancestors(const chain_arena *arena, const int32_t *targets, int ntargets,
                          void (*visit)(const chain_node *, void *), void *data)
{
    uint64_t seen[2 * POTENTIALS / 64 + 1] = {0};
    int32_t todo[2 * POTENTIALS];
    int head = 0, tail = 0;
    for (int i = 0; i < ntargets; i++) {
        const chain_node *p = &arena->nodes[targets[i]];
        int key = p->pot * 2 + p->on;
        if (seen[key / 64] & (1ull << (key % 64))) continue;
        seen[key / 64] |= 1ull << (key % 64);
        todo[tail++] = targets[i];
    }
    while (head < tail) {
        const chain_node *p = &arena->nodes[todo[head++]];
        if (visit) visit(p, data);
        for (int i = 0; i < p->nparents; i++) {
            int32_t parent = arena->parents[p->parents + i];
            const chain_node *q = &arena->nodes[parent];
            int key = q->pot * 2 + q->on;
            if (seen[key / 64] & (1ull << (key % 64))) continue;
            seen[key / 64] |= 1ull << (key % 64);
            todo[tail++] = parent;
        }
    }
    return tail;
}

int chain_ancestors(const chain_arena *arena, int32_t node)
{
    return walk_ancestors(arena, &node, 1, NULL, NULL);
}

typedef struct nested_sum {
    int total;
    uint64_t ids[256];
    int nids;
} nested_sum;

static void add_nested(const chain_node *p, void *data)
{
    nested_sum *sum = data;
    if (!p->nested_id) return;
    for (int i = 0; i < sum->nids; i++)
        if (sum->ids[i] == p->nested_id) return;
    if (sum->nids < 256) sum->ids[sum->nids++] = p->nested_id;
    sum->total += p->nested;
}

int chain_nested_complexity(const chain_arena *arena, const int32_t *targets, int ntargets)
{
    nested_sum sum = {0};
    /* SE walks each target's chain on its own, but counts a nested chain once. */
    for (int i = 0; i < ntargets; i++) walk_ancestors(arena, &targets[i], 1, add_nested, &sum);
    return sum.total;
}

double chain_difficulty(double base, int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2;
    bool odd = false;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return base + added;
}

void chain_step_links(const chain_arena *arena, int32_t target, sudoku_step *step)
{
    int32_t path[SUDOKU_LINKS_MAX];
    int n = 0;
    /* Parents are older than their children: the walk ends. */
    for (int32_t p = target; p >= 0 && n < SUDOKU_LINKS_MAX;) {
        path[n++] = p;
        const chain_node *node = &arena->nodes[p];
        p = node->nparents ? arena->parents[node->parents] : -1;
    }
    for (int i = n - 1; i >= 0; i--) {
        if (step->nlinks == SUDOKU_LINKS_MAX) {
            step->links_cut = true;
            return;
        }
        const chain_node *node = &arena->nodes[path[i]];
        sudoku_link *link = &step->links[step->nlinks++];
        *link = (sudoku_link){0};
        link->cell = (uint8_t)POT_CELL(node->pot);
        link->digit = (uint8_t)POT_DIGIT(node->pot);
        link->on = node->on;
        link->start = i == n - 1;
    }
}

int chain_max_depth(chain_sink *sink, double base, int sort_key)
{
    if (!sink->max_complexity) return 0;
    int complexity = sink->max_complexity(sink, base, sort_key);
    /* A target's chain has at least depth distinct nodes (depth + 1 unless
     * it closes a cycle, whose end is its start). */
    return complexity > 0 ? complexity : 0;
}

bool chain_better(const chain_best *best, double difficulty, int complexity, int sort_key)
{
    if (!best->found) return true;
    if (difficulty != best->difficulty) return difficulty < best->difficulty;
    if (complexity != best->complexity) return complexity < best->complexity;
    return sort_key < best->sort_key;
}

/* The best keeper's emit: builds the step of a hint that comes first. */
static void keep_best(chain_sink *sink, chain_arena *arena, const chain_hint *hint)
{
    chain_best *best = (chain_best *)sink;
    if (!chain_better(best, hint->difficulty, hint->complexity, hint->sort_key)) return;
    best->found = true;
    best->bound_valid = false;
    best->difficulty = hint->difficulty;
    best->complexity = hint->complexity;
    best->sort_key = hint->sort_key;
    sudoku_step *step = &best->step;
    logic_step_start(step, hint->technique, (int)((hint->difficulty + 0.05) * 10));
    step->variant = hint->kind;
    step->complexity = hint->complexity;
    if (hint->eliminate) {
        memcpy(step->eliminate, hint->eliminate, sizeof step->eliminate);
    } else {
        int cell = POT_CELL(hint->result_pot), digit = POT_DIGIT(hint->result_pot);
        if (hint->result_on)
            step->place[cell] = (uint8_t)digit;
        else
            step->eliminate[cell] = (uint16_t)(1u << (digit - 1));
    }
    if (hint->region_unit >= 0) step->units = 1u << hint->region_unit;
    if (hint->source_cell >= 0) logic_step_cell(step, hint->source_cell);
    for (int i = 0; i < hint->ntargets; i++) chain_step_links(arena, hint->targets[i], step);
    if (hint->eliminate) {
        for (int i = 0; i < step->nlinks; i++) logic_step_cell(step, step->links[i].cell);
    } else {
        logic_step_cell(step, POT_CELL(hint->result_pot));
    }
}

/* The best keeper's bound: complexities whose rating (on base) still
 * comes first; equal to the best's, only if sort_key can come before its.
 * Ratings grow with complexity, so the first that fails ends. */
static int best_max_complexity(chain_sink *sink, double base, int sort_key)
{
    chain_best *best = (chain_best *)sink;
    if (!best->found) return 0;
    bool ties = sort_key < best->sort_key;
    /* Asked before every run: kept until the best or the question changes. */
    if (best->bound_valid && best->bound_base == base && best->bound_ties == ties)
        return best->bound;
    int complexity = 1;
    while (complexity < (1 << 20)) {
        double d = chain_difficulty(base, complexity + 1);
        if (d > best->difficulty || (d == best->difficulty && complexity + 1 > best->complexity) ||
            (d == best->difficulty && complexity + 1 == best->complexity && !ties))
            break;
        complexity++;
    }
    best->bound_valid = true;
    best->bound_base = base;
    best->bound_ties = ties;
    best->bound = complexity;
    return complexity;
}

void chain_best_init(chain_best *best)
{
    memset(best, 0, sizeof *best);
    best->sink.emit = keep_best;
    best->sink.max_complexity = best_max_complexity;
}

/* ---- reach: which assumptions lead to given nodes ---- */

/* The closure of seeds, states flipped, under Y and X links, flipped back
 * (chain.h). */
void chain_reaching(const chain_links *t, const uint64_t *seeds, uint64_t out[NODE_WORDS])
{
    /* The "off"s by digit, as cells: an "on"'s peers are taken at once. */
    uint64_t on[POT_WORDS] = {0}, off[9][2];
    memset(off, 0, sizeof off);
    int16_t todo[2 * POTENTIALS];
    int head = 0, tail = 0;
    for (int w = 0; w < NODE_WORDS; w++)
        for (uint64_t m = seeds[w]; m; m &= m - 1) {
            int key = 64 * w + __builtin_ctzll(m), pot = key / 2;
            if (key & 1)
                on[pot / 64] |= 1ull << (pot % 64);
            else
                off[POT_DIGIT(pot) - 1][POT_CELL(pot) / 64] |= 1ull << (POT_CELL(pot) % 64);
            todo[tail++] = (int16_t)key;
        }
    while (head < tail) {
        int key = todo[head++], pot = key / 2;
        if (key & 1) {
            /* Off: the cell's other digits, the digit's places among its
             * peers; only those with a strong link lead on (are queued). */
            int cell = POT_CELL(pot), digit = POT_DIGIT(pot);
            for (unsigned m = t->grid[cell] & ~(1u << (digit - 1)); m; m &= m - 1) {
                int e = sudoku_lowest_bit(m);
                uint64_t bit = 1ull << (cell % 64);
                if (off[e][cell / 64] & bit) continue;
                off[e][cell / 64] |= bit;
                if (t->live[e][cell / 64] & bit) todo[tail++] = (int16_t)(2 * POT(cell, e + 1));
            }
            for (int w = 0; w < 2; w++) {
                uint64_t fresh =
                    sudoku_peer_bits[cell][w] & t->places[digit - 1][w] & ~off[digit - 1][w];
                off[digit - 1][w] |= fresh;
                for (fresh &= t->live[digit - 1][w]; fresh; fresh &= fresh - 1)
                    todo[tail++] = (int16_t)(2 * POT(64 * w + __builtin_ctzll(fresh), digit));
            }
        } else {
            for (int k = 0; k < t->nstrong[pot]; k++) {
                int q = t->strong[pot][k];
                if ((on[q / 64] >> (q % 64)) & 1u) continue;
                on[q / 64] |= 1ull << (q % 64);
                todo[tail++] = (int16_t)(2 * q + 1);
            }
        }
    }
    memset(out, 0, NODE_WORDS * sizeof *out);
    for (int w = 0; w < POT_WORDS; w++)
        for (uint64_t m = on[w]; m; m &= m - 1) node_add(out, 64 * w + __builtin_ctzll(m), false);
    for (int d = 0; d < 9; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t m = off[d][w]; m; m &= m - 1)
                node_add(out, POT(64 * w + __builtin_ctzll(m), d + 1), true);
}

/* The nodes from which a start reaching nothing that changed reaches
 * what it did on board before (which differs from now only by lost
 * candidates), by the same links: the sources of the new strong
 * links (a cell left with two digits, a unit with two places of a lost
 * digit), and the nodes left that linked to a lost one: to its "on" (the
 * other digit of its cell, the other place of a unit, where it was one of
 * two), to its "off" if that led on (its peers' "on"s of the digit and
 * its cell's others). A lost "off" that led nowhere changes no search. */
/* The places of digit (bit) in unit on grid, as logic_positions. */
static unsigned places_of(const uint16_t grid[SUDOKU_CELLS], int unit, uint16_t bit)
{
    unsigned places = 0;
    for (int i = 0; i < 9; i++)
        if (grid[sudoku_unit_cells[unit][i]] & bit) places |= 1u << i;
    return places;
}

static void changed_seeds(const uint16_t before[SUDOKU_CELLS], const uint16_t now[SUDOKU_CELLS],
                          const uint64_t changed[2], uint64_t seeds[NODE_WORDS])
{
    memset(seeds, 0, NODE_WORDS * sizeof *seeds);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = changed[w]; m; m &= m - 1) {
            int cell = 64 * w + __builtin_ctzll(m);
            bool pair_before = sudoku_is_pair(before[cell]), pair_now = sudoku_is_pair(now[cell]);
            if (pair_now && !pair_before)
                for (unsigned c = now[cell]; c; c &= c - 1)
                    node_add(seeds, POT(cell, sudoku_lowest_digit(c)), false);
            for (unsigned lost = before[cell] & ~now[cell]; lost; lost &= lost - 1) {
                int digit = sudoku_lowest_digit(lost);
                uint16_t bit = (uint16_t)(1u << (digit - 1));
                bool led_on = pair_before;
                if (pair_before)
                    for (unsigned c = now[cell] & ~bit; c; c &= c - 1)
                        node_add(seeds, POT(cell, sudoku_lowest_digit(c)), false);
                for (int k = 0; k < 3; k++) {
                    int unit = sudoku_cell_units[cell][k];
                    const uint8_t *cells = sudoku_unit_cells[unit];
                    unsigned old_places = places_of(before, unit, bit),
                             places = places_of(now, unit, bit);
                    if (sudoku_popcount(old_places) == 2) {
                        led_on = true;
                        for (unsigned p = places; p; p &= p - 1)
                            node_add(seeds, POT(cells[__builtin_ctz(p)], digit), false);
                    }
                    if (sudoku_popcount(places) == 2)
                        for (unsigned p = places; p; p &= p - 1)
                            node_add(seeds, POT(cells[__builtin_ctz(p)], digit), false);
                }
                if (!led_on) continue;
                for (int k = 0; k < 20; k++) {
                    int peer = sudoku_peers[cell][k];
                    if (now[peer] & bit) node_add(seeds, POT(peer, digit), true);
                }
                for (unsigned c = now[cell]; c; c &= c - 1)
                    node_add(seeds, POT(cell, sudoku_lowest_digit(c)), true);
            }
        }
}

bool chain_changed_reach(const chain_links *t, const uint16_t before[SUDOKU_CELLS],
                         uint64_t out[NODE_WORDS])
{
    uint64_t changed[2], seeds[NODE_WORDS];
    if (!logic_memo_changed(before, t->grid, changed)) return false;
    changed_seeds(before, t->grid, changed, seeds);
    chain_reaching(t, seeds, out);
    return true;
}
