/*
 * grid.c: HoDoKu's view of a board (grid.h): candidates and places
 * counted as they go, and the queues of singles fed by every removal in
 * the order it happens (hodoku-spec's section 2, in our own code).
 */
#include "grid.h"

#include <string.h>

void hodoku_queue_add(hodoku_queue *q, int cell, int digit)
{
    if (q->tail >= HODOKU_QUEUE_ROOM) return; /* cannot happen: see HODOKU_QUEUE_ROOM */
    q->entry[q->tail++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
}

bool hodoku_queue_pop(hodoku_queue *q, sudoku_candidate *entry)
{
    if (q->head >= q->tail) return false;
    *entry = q->entry[q->head++];
    if (q->head >= q->tail) q->head = q->tail = 0;
    return true;
}

/* Takes out the entry at index i, keeping the order of the rest. */
static void queue_drop(hodoku_queue *q, int i)
{
    memmove(&q->entry[i], &q->entry[i + 1], (size_t)(q->tail - i - 1) * sizeof q->entry[0]);
    q->tail--;
}

/* The digit's hidden single in unit is gone (no place left): its first
 * entry of the unit leaves the queue. */
static void drop_hidden(hodoku_queue *q, int unit, int digit)
{
    for (int i = q->head; i < q->tail; i++)
        if (q->entry[i].digit == digit && (sudoku_cell_unit_mask[q->entry[i].cell] >> unit & 1u)) {
            queue_drop(q, i);
            return;
        }
}

/* The digit has one place left in unit: the first cell of the unit (in
 * the unit's order, which is the cells' order) that has it joins the
 * hidden queue. */
static void add_hidden(hodoku_grid *g, int unit, int digit)
{
    const uint64_t *cells = g->digit_cells[digit - 1];
    uint64_t low = cells[0] & sudoku_unit_bits[unit][0],
             high = cells[1] & sudoku_unit_bits[unit][1];
    if (low)
        hodoku_queue_add(&g->hidden, __builtin_ctzll(low), digit);
    else if (high)
        hodoku_queue_add(&g->hidden, 64 + __builtin_ctzll(high), digit);
}

/* The digit has no place left in unit. */
static void unit_lose(hodoku_grid *g, int unit, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    g->unit_free[unit] &= (uint16_t)~bit;
    if (!(g->unit_placed[unit] & bit)) g->lost = true;
}

/* A removal left the digit with places (1 or 0) places in unit: the rare
 * case of a removal, kept out of its way. */
__attribute__((noinline)) static void unit_low(hodoku_grid *g, int unit, int digit, int places)
{
    if (places == 1) {
        add_hidden(g, unit, digit);
        return;
    }
    drop_hidden(&g->hidden, unit, digit);
    unit_lose(g, unit, digit);
}

/* hodoku_remove of a candidate the cell has (bit, of digit), but for the
 * counts of the units in settled (bit u: unit u), which the caller
 * keeps; false if the cell had no other (then no count goes down). */
static inline bool remove_had(hodoku_grid *g, int cell, int digit, uint16_t bit, uint32_t settled)
{
    uint16_t left = (uint16_t)(g->candidates[cell] & ~bit);
    g->candidates[cell] = left;
    g->digit_cells[digit - 1][cell >> 6] &= ~(1ull << (cell & 63));
    if (!left) { /* no candidate left: a board with no solution */
        g->drift = true;
        return false;
    }
    if (sudoku_is_single(left)) hodoku_queue_add(&g->naked, cell, sudoku_lowest_digit(left));
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k];
        if (settled >> unit & 1u) continue;
        int places = (int)--g->free[unit][digit];
        if (places <= 1) unit_low(g, unit, digit, places);
    }
    return true;
}

void hodoku_remove(hodoku_grid *g, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (g->candidates[cell] & bit) (void)remove_had(g, cell, digit, bit, 0);
}

void hodoku_place(hodoku_grid *g, int cell, int digit)
{
    if (g->value[cell] == digit) return;
    unsigned had = g->candidates[cell];
    if (g->value[cell] || !had) g->drift = true;
    if (!g->value[cell]) g->placed++;
    g->value[cell] = (uint8_t)digit;
    g->candidates[cell] = 0;
    for (unsigned c = had; c; c &= c - 1)
        g->digit_cells[__builtin_ctz(c)][cell >> 6] &= ~(1ull << (cell & 63));
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    for (int k = 0; k < 3; k++) g->unit_placed[sudoku_cell_units[cell][k]] |= bit;
    /* The peers that have the digit, in cell order (each removal touches
     * only its own cell's candidates: the set taken first stays true).
     * If the cell had the digit and the counts tell (no drift), each of
     * its units counts the cell and its peers there with the digit: it
     * stays above 1 (nothing joins the hidden queue, since at 1 the unit
     * has no other place) until all of them are gone, and is then 1 (the
     * cell), plus a peer that lost its last candidate and was not counted
     * out; the cell's candidates leave it below. */
    const uint64_t *cells = g->digit_cells[digit - 1];
    uint32_t settled = (had & bit) && !g->drift ? sudoku_cell_unit_mask[cell] : 0;
    int uncounted[3] = {0, 0, 0};
    for (int w = 0; w < 2; w++)
        for (uint64_t peers = cells[w] & sudoku_peer_bits[cell][w]; peers; peers &= peers - 1) {
            int peer = 64 * w + __builtin_ctzll(peers);
            if (remove_had(g, peer, digit, bit, settled)) continue;
            for (int k = 0; k < 3; k++)
                uncounted[k] += sudoku_cell_units[peer][k] == sudoku_cell_units[cell][k];
        }
    if (settled)
        for (int k = 0; k < 3; k++)
            g->free[sudoku_cell_units[cell][k]][digit] = (int8_t)(1 + uncounted[k]);
    /* The cell's own candidates leave its units' counts only now. */
    for (unsigned c = had; c; c &= c - 1) {
        int d = __builtin_ctz(c) + 1;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k];
            int left = (int)--g->free[unit][d];
            if (left == 1 && d != digit) add_hidden(g, unit, d);
            if (left == 0) unit_lose(g, unit, d);
        }
    }
}

bool hodoku_grid_stuck(const hodoku_grid *g)
{
    if (g->placed == SUDOKU_CELLS) return true;
    if (!g->lost) return false;
    unsigned missing = 0; /* no early exit: a loop the compiler can run several units a time */
    for (int unit = 0; unit < 27; unit++)
        missing |= (unsigned)(g->unit_placed[unit] | g->unit_free[unit]) ^ ALL_DIGITS;
    return missing != 0;
}

void hodoku_grid_from_state(hodoku_grid *g, const sudoku_logic *state)
{
    memset(g, 0, sizeof *g);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) g->candidates[cell] = ALL_DIGITS;
    for (int unit = 0; unit < 27; unit++) {
        for (int d = 1; d <= 9; d++) g->free[unit][d] = 9;
        g->unit_free[unit] = ALL_DIGITS;
    }
    for (int d = 0; d < 9; d++) {
        g->digit_cells[d][0] = ~0ull;
        g->digit_cells[d][1] = (1ull << (SUDOKU_CELLS - 64)) - 1;
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (state->placed.cell[cell]) {
            hodoku_place(g, cell, state->placed.cell[cell]);
            g->given[cell] = true;
        }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (g->value[cell]) continue;
        for (unsigned lacks = g->candidates[cell] & ~(unsigned)state->candidates[cell]; lacks;
             lacks &= lacks - 1) {
            int d = __builtin_ctz(lacks);
            (void)remove_had(g, cell, d + 1, (uint16_t)(1u << d), 0);
        }
    }
}

bool hodoku_grid_is(const hodoku_grid *g, const sudoku_logic *state)
{
    return memcmp(g->value, state->placed.cell, sizeof g->value) == 0 &&
           memcmp(g->candidates, state->candidates, sizeof g->candidates) == 0;
}

void hodoku_take_step(hodoku_grid *g, const sudoku_step *step)
{
    if (step->nremovals) {
        for (int i = 0; i < step->nremovals; i++)
            hodoku_remove(g, step->removals[i].cell, step->removals[i].digit);
    }
    /* Every elimination, whether the list had it or not (a list cut
     * short); cells without any skipped four at a time. */
    for (int at = 0; at < SUDOKU_CELLS; at += 4) {
        if (at + 4 <= SUDOKU_CELLS && !sudoku_load64(&step->eliminate[at])) continue;
        for (int cell = at; cell < at + 4 && cell < SUDOKU_CELLS; cell++)
            for (unsigned left = step->eliminate[cell]; left; left &= left - 1)
                hodoku_remove(g, cell, sudoku_lowest_bit(left) + 1);
    }
    for (int at = 0; at < SUDOKU_CELLS; at += 8) {
        if (at + 8 <= SUDOKU_CELLS && !sudoku_load64(&step->place[at])) continue;
        for (int cell = at; cell < at + 8 && cell < SUDOKU_CELLS; cell++)
            if (step->place[cell]) hodoku_place(g, cell, step->place[cell]);
    }
}

bool hodoku_allowed(const hodoku_grid *g, int cell, int digit)
{
    if (g->value[cell]) return false;
    for (int k = 0; k < 20; k++)
        if (g->value[sudoku_peers[cell][k]] == digit) return false;
    return true;
}

void hodoku_digit_cells_of(const hodoku_grid *g, hodoku_digit_cells *at)
{
    memcpy(at->w, g->digit_cells, sizeof at->w);
}

void hodoku_digit_sets(const hodoku_grid *g, hodoku_set holds[10])
{
    holds[0] = hodoku_set_empty();
    for (int d = 1; d <= 9; d++)
        holds[d] = (hodoku_set){{g->digit_cells[d - 1][0], g->digit_cells[d - 1][1]}};
}

/* The row of a one-digit search in the cache, or -1. */
static int digit_kind(sudoku_technique technique)
{
    switch (technique) {
    case SUDOKU_SKYSCRAPER: return 0;
    case SUDOKU_TWO_STRING_KITE: return 1;
    case SUDOKU_TURBOT_FISH: return 2;
    case SUDOKU_EMPTY_RECTANGLE: return 3;
    case SUDOKU_SIMPLE_COLORS: return 4;
    case SUDOKU_MULTI_COLORS: return 5;
    case SUDOKU_X_CHAIN: return 6;
    default: return -1;
    }
}

/* A grid whose counts no longer tell (drift) is searched whole: the
 * searches read the counts of a digit's places beside its cells. */
unsigned hodoku_digits_open(const hodoku_query *q, sudoku_technique technique,
                            hodoku_digit_cells *at)
{
    hodoku_digit_cells_of(q->grid, at);
    int kind = digit_kind(technique);
    if (!q->cache || kind < 0 || q->grid->drift) return ALL_DIGITS;
    const hodoku_cache *cache = q->cache;
    unsigned open = ALL_DIGITS;
    for (unsigned known = cache->digits_known[kind]; known; known &= known - 1) {
        int d = __builtin_ctz(known);
        if (cache->digit_cells[kind][d][0] == at->w[d][0] &&
            cache->digit_cells[kind][d][1] == at->w[d][1])
            open &= ~(1u << d);
    }
    return open;
}

void hodoku_digits_none(const hodoku_query *q, sudoku_technique technique,
                        const hodoku_digit_cells *at)
{
    int kind = digit_kind(technique);
    if (!q->cache || kind < 0 || q->grid->drift) return;
    memcpy(q->cache->digit_cells[kind], at->w, sizeof at->w);
    q->cache->digits_known[kind] = ALL_DIGITS;
}
