/*
 * grid.c: HoDoKu's view of a board (grid.h): candidates and places
 * counted as they go, and the queues of singles fed by every removal in
 * the order it happens (hodoku-spec's section 2, in our own code).
 */
#include "grid.h"

#include <stddef.h>
#include <string.h>

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

/* A removal left the digit with places (1 or 0) places in unit: the rare
 * case of a removal, kept out of its way. */
__attribute__((noinline)) void hodoku_unit_low(hodoku_grid *g, int unit, int digit, int places)
{
    if (places == 1) {
        hodoku_add_hidden(g, unit, digit);
        return;
    }
    drop_hidden(&g->hidden, unit, digit);
    hodoku_unit_lose(g, unit, digit);
}

/* hodoku_remove of a candidate the cell has (bit, of digit), but for the
 * counts of the units in settled (bit u: unit u), which the caller
 * keeps. If the cell had no other, no count goes down and drift is set. */
static inline void remove_had(hodoku_grid *g, int cell, int digit, uint16_t bit, uint32_t settled)
{
    g->digit_cells[digit - 1][cell >> 6] &= ~(1ull << (cell & 63));
    hodoku_count_out(g, cell, digit, bit, settled, true);
}

void hodoku_remove(hodoku_grid *g, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (g->candidates[cell] & bit) remove_had(g, cell, digit, bit, 0);
}

/* The digit just placed in cell keeps a place in the cell's units for
 * each of the peers there that lost their last candidate (uncounted)
 * and were not counted out: the rare case of a placement, which takes
 * back the placement's "no place left". A unit left with a place had the
 * digit among its places before (the cell had it, and without drift a
 * count is never raised, so it never came to 0). The uncounted are the
 * peers that lost the digit (lost) and have no candidate now: the
 * placement took only the digit from each. */
__attribute__((noinline)) void hodoku_count_uncounted(hodoku_grid *g, int cell, int digit,
                                                      const uint64_t lost[2])
{
    uint64_t uncounted[2] = {0, 0};
    for (int w = 0; w < 2; w++)
        for (uint64_t m = lost[w]; m; m &= m - 1)
            if (!g->candidates[64 * w + __builtin_ctzll(m)]) uncounted[w] |= m & (0 - m);
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k], left = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t m = uncounted[w] & sudoku_unit_bits[unit][w]; m; m &= m - 1) left++;
        g->free[unit][digit] = (int8_t)left;
        if (left) g->unit_free[unit] |= (uint16_t)(1u << (digit - 1));
    }
}

void hodoku_place(hodoku_grid *g, int cell, int digit)
{
    hodoku_place_at(g, cell, digit, true, true);
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

/* Every cell open with all nine candidates, the queues empty. */
static void grid_open(hodoku_grid *g)
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
}

/*
 * The givens placed at once: what placing them one by one in cell order
 * (hodoku_place on an open grid) makes, computed from where they are.
 * The candidates, the digits' cells and the counts follow from the
 * givens alone; the queues from the order of the removals, which is
 * known too: given by given in cell order, each first takes its digit
 * from its peers that still have it (cell order; for each, the peer's
 * units in turn), then its own candidates (digits ascending; its units in
 * turn). A removal's moment is numbered that way (removal_time).
 *
 * With no clash and no cell left without candidates, a count is the
 * number of the unit's cells with the digit at every moment, but for the
 * units of the given being placed, whose count of its digit is not taken
 * peer by peer (hodoku_place's settled units). So a digit's count in a
 * unit not holding it as a given reaches 1 at the unit's 8th removal of
 * it, which queues the cell that keeps it (the one removed last, or
 * never), and 0 at the 9th, which takes the digit's first entry in the
 * unit off the queue if it was a peer's removal (a given's own candidates
 * only count the digit out). Where a given holds the digit, only the
 * removals before the given's turn count: the given's cell is queued at
 * the 8th if all its unit's others went before. A cell joins the naked
 * queue at the removal that leaves it one candidate.
 */

/* A hidden queue's event in the replay: at time, the cell joins (digit
 * of unit), or the digit's first entry in unit leaves. */
typedef struct hidden_event {
    uint32_t time;
    uint8_t cell, digit, unit;
    bool drop;
} hidden_event;

typedef struct setup {
    uint64_t givens[2];      /* the given cells */
    uint64_t of_digit[9][2]; /* each digit's given cells */
    uint64_t count[27];      /* each unit's places of each digit, as counters (as_counters) */
    int nsingles, nevents;
    uint8_t single[SUDOKU_CELLS];   /* the cells that may have joined the naked queue, in order */
    hidden_event event[2 * 27 * 9]; /* at most a join and a leave per unit's digit */
} setup;

/* The removal of given's digit from peer (own false) or of given's own
 * candidate digit (own true), in a unit of the kind (0 row, 1 column,
 * 2 box). */
static uint32_t removal_time(int given, bool own, int what, int kind)
{
    return (uint32_t)given << 10 | (uint32_t)own << 9 | (uint32_t)what << 2 | (uint32_t)kind;
}

/* The first of cells (in cell order) among cell's peers, or 81. */
static int first_peer(const uint64_t cells[2], int cell)
{
    uint64_t low = cells[0] & sudoku_peer_bits[cell][0],
             high = cells[1] & sudoku_peer_bits[cell][1];
    return low ? __builtin_ctzll(low) : high ? 64 + __builtin_ctzll(high) : SUDOKU_CELLS;
}

/* When cell (which lost digit) lost it, in its unit of the kind: at the
 * first given of the digit among its peers, or at its own placement if
 * that came first. */
static uint32_t lost_at(const hodoku_grid *g, const setup *s, int cell, int digit, int kind)
{
    int first = first_peer(s->of_digit[digit - 1], cell);
    if (cell < first && g->value[cell]) return removal_time(cell, true, digit, kind);
    return removal_time(first, false, cell, kind);
}

static void hidden_event_add(setup *s, uint32_t time, int cell, int digit, int unit, bool drop)
{
    s->event[s->nevents++] =
        (hidden_event){time, (uint8_t)cell, (uint8_t)digit, (uint8_t)unit, drop};
}

/* The events of digit in unit, whose count came to 1 or less: keeper is
 * the cell that had the digit when the count came to 1 (its given, or the
 * open cell that has it), or -1 if the count came to 0 too. */
static void unit_events(const hodoku_grid *g, setup *s, int unit, int digit, int keeper)
{
    int kind = unit / 9, last = -1;
    uint32_t latest = 0, before = 0;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (cell == keeper) continue;
        uint32_t t = lost_at(g, s, cell, digit, kind);
        if (t > latest) {
            before = latest;
            latest = t;
            last = cell;
        } else if (t > before)
            before = t;
    }
    if (keeper >= 0) {
        hidden_event_add(s, latest, keeper, digit, unit, false);
        return;
    }
    hidden_event_add(s, before, last, digit, unit, false);
    if (!(latest >> 9 & 1u)) hidden_event_add(s, latest, last, digit, unit, true);
}

/* Places the givens: values, the digits' cells, the units' placed
 * digits; and queues the events of a given that is the last place of its
 * digit in one of its units. False on a clash (a given's digit given
 * before in one of its units) or a cell holding more than 9: the givens
 * sudoku_check_givens refuses. */
static bool place_givens(hodoku_grid *g, setup *s, const sudoku_grid *placed)
{
    uint64_t open[2] = {~0ull, (1ull << (SUDOKU_CELLS - 64)) - 1};
    for (int d = 0; d < 9; d++) memcpy(g->digit_cells[d], open, sizeof open);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = placed->cell[cell];
        if (!digit) continue;
        if (digit > 9) return false;
        uint16_t bit = (uint16_t)(1u << (digit - 1));
        const uint8_t *units = sudoku_cell_units[cell];
        if ((g->unit_placed[units[0]] | g->unit_placed[units[1]] | g->unit_placed[units[2]]) & bit)
            return false;
        s->givens[cell >> 6] |= 1ull << (cell & 63);
        s->of_digit[digit - 1][cell >> 6] |= 1ull << (cell & 63);
        /* The cells besides it with the digit still: none in a unit, and
         * the given is the unit's last place of it. */
        uint64_t *cells = g->digit_cells[digit - 1];
        uint64_t low = cells[0] & ~s->givens[0], high = cells[1] & ~s->givens[1];
        for (int k = 0; k < 3; k++) {
            int unit = units[k];
            if (!(low & sudoku_unit_bits[unit][0]) && !(high & sudoku_unit_bits[unit][1]))
                unit_events(g, s, unit, digit, cell); /* reads the givens before it */
            g->unit_placed[unit] |= bit;
        }
        for (int w = 0; w < 2; w++) cells[w] &= ~sudoku_peer_bits[cell][w];
        g->value[cell] = (uint8_t)digit;
        g->given[cell] = true;
        g->placed++;
    }
    for (int d = 0; d < 9; d++)
        for (int w = 0; w < 2; w++) g->digit_cells[d][w] &= ~s->givens[w];
    return true;
}
/* A set of digits (bit d - 1) as four-bit counters, digit d's at bit
 * 4 (d - 1): a unit's cells' candidates are added up nine digits at a
 * time. */
#define COUNTERS(m)                                                                                \
    ((uint64_t)((m)&1u) | (uint64_t)((m) >> 1 & 1u) << 4 | (uint64_t)((m) >> 2 & 1u) << 8 |        \
     (uint64_t)((m) >> 3 & 1u) << 12 | (uint64_t)((m) >> 4 & 1u) << 16 |                           \
     (uint64_t)((m) >> 5 & 1u) << 20 | (uint64_t)((m) >> 6 & 1u) << 24 |                           \
     (uint64_t)((m) >> 7 & 1u) << 28 | (uint64_t)((m) >> 8 & 1u) << 32)
#define COUNTERS_2(m) COUNTERS(m), COUNTERS((m) + 1)
#define COUNTERS_8(m) COUNTERS_2(m), COUNTERS_2((m) + 2), COUNTERS_2((m) + 4), COUNTERS_2((m) + 6)
#define COUNTERS_32(m)                                                                             \
    COUNTERS_8(m), COUNTERS_8((m) + 8), COUNTERS_8((m) + 16), COUNTERS_8((m) + 24)
#define COUNTERS_128(m)                                                                            \
    COUNTERS_32(m), COUNTERS_32((m) + 32), COUNTERS_32((m) + 64), COUNTERS_32((m) + 96)
static const uint64_t as_counters[512] = {COUNTERS_128(0), COUNTERS_128(128), COUNTERS_128(256),
                                          COUNTERS_128(384)};

/* The open cells' candidates (those no given among the peers has) and
 * the units' counts; the cells that may have joined the naked queue (an
 * open cell with one candidate; a given whose peers' givens hold every
 * other digit). False if an open cell has no candidate left (the
 * replay's drift). */
static bool count_places(hodoku_grid *g, setup *s)
{
    for (int row = 0; row < 9; row++) {
        uint64_t in_row = 0;
        for (int column = 0; column < 9; column++) {
            int cell = 9 * row + column, box = 18 + row / 3 * 3 + column / 3;
            unsigned seen = g->unit_placed[row] | g->unit_placed[9 + column] | g->unit_placed[box];
            if (g->value[cell]) {
                if (seen == ALL_DIGITS) s->single[s->nsingles++] = (uint8_t)cell;
                continue;
            }
            unsigned has = ALL_DIGITS & ~seen;
            if (!has) return false;
            if (sudoku_is_single(has)) s->single[s->nsingles++] = (uint8_t)cell;
            g->candidates[cell] = (uint16_t)has;
            uint64_t counters = as_counters[has];
            in_row += counters;
            s->count[9 + column] += counters;
            s->count[box] += counters;
        }
        s->count[row] = in_row;
    }
    return true;
}

/* The sign bits of x's bytes as a set, byte i's as bit i. */
static unsigned byte_signs(uint64_t x)
{
    return (unsigned)(((x & 0x8080808080808080u) >> 7) * 0x0102040810204080u >> 56);
}

/* The units' counts and digits with a place, from s->count; the hidden
 * queue's events of the digits not given in a unit with one place or
 * none left there; g->lost if one has none. */
static void unit_counts(hodoku_grid *g, setup *s)
{
    for (int unit = 0; unit < 27; unit++) {
        uint64_t x = s->count[unit], bytes = x & 0xFFFFFFFFu; /* digits 1-8's, a byte each */
        bytes = (bytes | bytes << 16) & 0x0000FFFF0000FFFFu;
        bytes = (bytes | bytes << 8) & 0x00FF00FF00FF00FFu;
        bytes = (bytes | bytes << 4) & 0x0F0F0F0F0F0F0F0Fu;
        for (int d = 1; d <= 8; d++) g->free[unit][d] = (int8_t)(bytes >> 8 * (d - 1) & 0xFFu);
        unsigned nine = (unsigned)(x >> 32);
        g->free[unit][9] = (int8_t)nine;
        g->unit_free[unit] =
            (uint16_t)(byte_signs(bytes + 0x7F7F7F7F7F7F7F7Fu) | (unsigned)(nine > 0) << 8);
        unsigned many = byte_signs((bytes & 0xFEFEFEFEFEFEFEFEu) + 0x7F7F7F7F7F7F7F7Fu) |
                        (unsigned)(nine > 1) << 8;
        for (unsigned low = ALL_DIGITS & ~many & ~(unsigned)g->unit_placed[unit]; low;
             low &= low - 1) {
            int d = __builtin_ctz(low) + 1;
            if (!g->free[unit][d]) {
                g->lost = true;
                unit_events(g, s, unit, d, -1);
                continue;
            }
            const uint64_t *cells = g->digit_cells[d - 1];
            uint64_t first = cells[0] & sudoku_unit_bits[unit][0];
            int keeper = first ? __builtin_ctzll(first)
                               : 64 + __builtin_ctzll(cells[1] & sudoku_unit_bits[unit][1]);
            unit_events(g, s, unit, d, keeper);
        }
    }
}

/* The hidden queue: its events in time order, as the replay met them. */
static void queue_hidden(hodoku_grid *g, setup *s)
{
    hidden_event *e = s->event;
    for (int i = 1; i < s->nevents; i++)
        for (int j = i; j > 0 && e[j - 1].time > e[j].time; j--) {
            hidden_event x = e[j];
            e[j] = e[j - 1];
            e[j - 1] = x;
        }
    for (int i = 0; i < s->nevents; i++)
        if (e[i].drop)
            drop_hidden(&g->hidden, e[i].unit, e[i].digit);
        else
            hodoku_queue_add(&g->hidden, e[i].cell, e[i].digit);
}

/* The given among cell's peers (before limit) whose removal left cell
 * with only keep, or -1: the givens among the peers in cell order, which
 * is the replay's. */
static int single_at(const setup *s, const hodoku_grid *g, int cell, unsigned keep, int limit)
{
    unsigned gone = 0, all = ALL_DIGITS & ~keep;
    for (int w = 0; w < 2; w++)
        for (uint64_t peers = s->givens[w] & sudoku_peer_bits[cell][w]; peers; peers &= peers - 1) {
            int peer = 64 * w + __builtin_ctzll(peers);
            if (peer >= limit) return -1;
            gone |= 1u << (g->value[peer] - 1);
            if (gone == all) return peer;
        }
    return -1;
}

/* The naked queue: each cell left with one candidate (an open cell; a
 * given, before its turn) at the removal that left it so, in time order. */
static void queue_naked(hodoku_grid *g, const setup *s)
{
    uint16_t time[SUDOKU_CELLS];
    sudoku_candidate entry[SUDOKU_CELLS];
    int n = 0;
    for (int i = 0; i < s->nsingles; i++) {
        int cell = s->single[i];
        unsigned keep = g->value[cell] ? 1u << (g->value[cell] - 1) : g->candidates[cell];
        int at = single_at(s, g, cell, keep, g->value[cell] ? cell : SUDOKU_CELLS);
        if (at < 0) continue;
        int j = n++;
        for (; j > 0 && time[j - 1] > (uint16_t)(at << 7 | cell); j--) {
            time[j] = time[j - 1];
            entry[j] = entry[j - 1];
        }
        time[j] = (uint16_t)(at << 7 | cell);
        entry[j] = (sudoku_candidate){(uint8_t)cell, (uint8_t)sudoku_lowest_digit(keep)};
    }
    for (int i = 0; i < n; i++) hodoku_queue_add(&g->naked, entry[i].cell, entry[i].digit);
}

/* How setting the givens up at once went. */
typedef enum givens_setup { GIVENS_SET, GIVENS_CLASH, GIVENS_EMPTY_CELL } givens_setup;

/* The givens placed at once, as above; else (g to be set up again) a
 * clash or a cell left without candidates. */
static givens_setup givens_at_once(hodoku_grid *g, const sudoku_grid *placed)
{
    memset(g, 0, sizeof *g);
    setup s;
    memset(&s, 0, offsetof(setup, single));
    if (!place_givens(g, &s, placed)) return GIVENS_CLASH;
    if (!count_places(g, &s)) return GIVENS_EMPTY_CELL;
    unit_counts(g, &s);
    queue_hidden(g, &s);
    queue_naked(g, &s);
    return GIVENS_SET;
}

/* The givens placed one by one in cell order on an open grid: HoDoKu's
 * own start, which givens_at_once computes where it can. */
static void givens_replayed(hodoku_grid *g, const sudoku_grid *placed)
{
    grid_open(g);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (placed->cell[cell]) {
            hodoku_place(g, cell, placed->cell[cell]);
            g->given[cell] = true;
        }
}

bool hodoku_grid_from_givens(hodoku_grid *g, const sudoku_grid *givens)
{
    givens_setup done = givens_at_once(g, givens);
    if (done == GIVENS_CLASH) return false;
    if (done == GIVENS_EMPTY_CELL) givens_replayed(g, givens);
    return true;
}

void hodoku_grid_board(const hodoku_grid *g, sudoku_board *board)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        board->candidates[cell] =
            g->value[cell] ? (uint16_t)(1u << (g->value[cell] - 1)) : g->candidates[cell];
}

void hodoku_grid_from_state(hodoku_grid *g, const sudoku_logic *state)
{
    if (givens_at_once(g, &state->placed) != GIVENS_SET) givens_replayed(g, &state->placed);
    /* The candidates the state lacks (a placed cell has none in g): most
     * states lack none, which a loop without branches tells. */
    unsigned lacking = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        lacking |= g->candidates[cell] & ~(unsigned)state->candidates[cell];
    for (int cell = 0; lacking && cell < SUDOKU_CELLS; cell++)
        for (unsigned lacks = g->candidates[cell] & ~(unsigned)state->candidates[cell]; lacks;
             lacks &= lacks - 1) {
            int d = __builtin_ctz(lacks);
            remove_had(g, cell, d + 1, (uint16_t)(1u << d), 0);
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

unsigned hodoku_allowed_digits(const hodoku_grid *g, int cell)
{
    if (g->value[cell]) return 0;
    unsigned placed = 0;
    /* Without drift no placed cell took another digit since: the digits
     * placed in a unit are those its cells hold. */
    if (!g->drift) {
        const uint8_t *units = sudoku_cell_units[cell];
        placed = g->unit_placed[units[0]] | g->unit_placed[units[1]] | g->unit_placed[units[2]];
    } else {
        for (int k = 0; k < 20; k++) {
            int v = g->value[sudoku_peers[cell][k]];
            if (v) placed |= 1u << (v - 1);
        }
    }
    return 0x1FFu & ~placed;
}

bool hodoku_allowed(const hodoku_grid *g, int cell, int digit)
{
    return hodoku_allowed_digits(g, cell) >> (digit - 1) & 1u;
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

/* Four cells a word, the last one alone. */
hodoku_set hodoku_cells_changed(const uint16_t *now, const uint16_t *was, unsigned *digits)
{
    hodoku_set changed = hodoku_set_empty();
    uint64_t digits_in = now[80] ^ was[80];
    if (digits_in) hodoku_set_add(&changed, 80);
    for (int cell = 0; cell < 80; cell += 4) {
        uint64_t a, b;
        memcpy(&a, now + cell, sizeof a);
        memcpy(&b, was + cell, sizeof b);
        digits_in |= a ^ b;
        hodoku_add_lanes(&changed, cell, a, b, 16);
    }
    *digits = (unsigned)(digits_in | digits_in >> 16 | digits_in >> 32 | digits_in >> 48) & 0x1ff;
    return changed;
}

void hodoku_cache_clear(hodoku_cache *cache)
{
    memset(cache->fish_known, 0, sizeof cache->fish_known);
    memset(cache->digits_known, 0, sizeof cache->digits_known);
    cache->sdc_known = 0;
    memset(cache->subset_known, 0, sizeof cache->subset_known);
    memset(cache->finned_answer, 0, sizeof cache->finned_answer);
    memset(cache->finned_cells, 0, sizeof cache->finned_cells);
    cache->als_known = 0;
    cache->rect_known = false;
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
