/*
 * subsets.c: HoDoKu's intersections and subsets (subsets.h; hodoku-spec
 * 3): locked candidates, locked pairs and triples, naked and hidden
 * subsets, each the first found in HoDoKu's order of units (boxes first
 * for the subsets) and cells or digits, its eliminations in HoDoKu's order.
 */
#include "subsets.h"

#include "logic/step.h"

#include <string.h>

/* The kinds of unit in HoDoKu's order for subsets: boxes, rows, columns. */
static const int subset_units[27] = {18, 19, 20, 21, 22, 23, 24, 25, 26, 0,  1,  2,  3, 4,
                                     5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17};

/* The units (row, column, box, as bits 0-2) that all cells share. */
static unsigned common_kinds(const uint8_t *cells, int n)
{
    unsigned kinds = 7;
    for (int i = 1; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (sudoku_cell_units[cells[i]][k] != sudoku_cell_units[cells[0]][k]) kinds &= ~(1u << k);
    return kinds;
}

/* ---- what the subsets' searches found nothing in ---- */

/* The cache's kinds of search: hidden subsets of 2 to 4 (0-2), naked
 * (3-5), locked of 2 and 3 (6-7), kept by unit; locked candidates
 * (pointing 8, claiming 9), kept by digit. */
enum {
    HIDDEN_KIND = 0,
    NAKED_KIND = 3,
    LOCKED_KIND = 6,
    POINTING_KIND = 8,
    SUBSET_KINDS = HODOKU_SUBSET_KINDS
};

/* The units of the cells in cells. */
static uint32_t units_of(hodoku_set cells)
{
    uint32_t units = 0;
    while (!hodoku_set_is_empty(cells)) units |= sudoku_cell_unit_mask[hodoku_set_pop(&cells)];
    return units;
}

/* What q's cache knows the search of kind to find nothing in on q's
 * grid: units, or for locked candidates digits. A unit's search of
 * hidden subsets reads its cells' candidates alone (and its counts, which
 * tell the same without drift), one of naked subsets those and the cells
 * of the units its subsets' cells share (subset_reads), and the locked
 * candidates of a digit read its cells alone: each finds nothing again
 * while those stay. So the cache forgets, for every kind, the units and
 * digits whose cells changed since the last search of any (and the naked
 * units that read a unit that did), and then holds the grid's
 * candidates. */
static uint32_t subsets_known(const hodoku_query *q, int kind)
{
    hodoku_cache *cache = q->cache;
    if (!cache || q->grid->drift) return 0;
    uint32_t any = 0, units = ~0u;
    unsigned digits = ~0u;
    for (int k = 0; k < SUBSET_KINDS; k++) any |= cache->subset_known[k];
    /* Most searches follow one on the same board: told by one compare. */
    if (any && !memcmp(q->grid->candidates, cache->subset_cells, sizeof cache->subset_cells))
        return cache->subset_known[kind];
    if (any)
        units = units_of(hodoku_cells_changed(q->grid->candidates, cache->subset_cells, &digits));
    if (units) {
        for (int k = 0; k < POINTING_KIND; k++) cache->subset_known[k] &= ~units;
        /* And the naked units whose search read a changed one. */
        for (int k = NAKED_KIND; k < POINTING_KIND; k++) {
            uint32_t wide = cache->subset_known[k] & cache->subset_wide[k];
            for (; wide; wide &= wide - 1)
                if (cache->subset_reads[k][__builtin_ctz(wide)] & units)
                    cache->subset_known[k] &= ~(wide & -wide);
        }
        for (int k = POINTING_KIND; k < SUBSET_KINDS; k++) cache->subset_known[k] &= ~digits;
        memcpy(cache->subset_cells, q->grid->candidates, sizeof cache->subset_cells);
    }
    return cache->subset_known[kind];
}

/* Keeps in q's cache that the search of kind finds nothing in the units
 * (for locked candidates: the digits) of bits on q's grid (whose
 * candidates subsets_known kept). */
static void subsets_none(const hodoku_query *q, int kind, uint32_t bits)
{
    if (q->cache && !q->grid->drift) q->cache->subset_known[kind] |= bits;
}

/* The same for a naked subsets' search of unit that read the units of
 * reads besides (0: none). */
static void naked_none(const hodoku_query *q, int kind, int unit, uint32_t reads)
{
    if (!q->cache || q->grid->drift) return;
    hodoku_cache *cache = q->cache;
    cache->subset_known[kind] |= 1u << unit;
    cache->subset_wide[kind] &= ~(1u << unit);
    cache->subset_wide[kind] |= (uint32_t)(reads != 0) << unit;
    cache->subset_reads[kind][unit] = reads;
}

/* ---- locked candidates ---- */

/* The cells of unit with digit, in the unit's order; returns how many. */
static int cells_with(const hodoku_grid *g, int unit, int digit, uint8_t cells[9])
{
    int n = 0;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (g->candidates[cell] & (1u << (digit - 1))) cells[n++] = (uint8_t)cell;
    }
    return n;
}

static void locked_step(const hodoku_grid *g, sudoku_technique technique, int from, int to,
                        int digit, const uint8_t *cells, int n, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->digits = (uint16_t)(1u << (digit - 1));
    step->units = 1u << from;
    for (int i = 0; i < n; i++) {
        logic_step_cell(step, cells[i]);
        logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cells[i], step->digits);
    }
    logic_step_mark_unit(step, SUDOKU_ROLE_UNIT, 0, from);
    logic_step_mark_unit(step, SUDOKU_ROLE_UNIT, 1, to);
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[to][i];
        if ((g->candidates[cell] & step->digits) && !(sudoku_cell_unit_mask[cell] >> from & 1u))
            logic_step_remove(step, cell, digit);
    }
}

/* The unit of a kind wanted (bit 0 row, 1 column, 2 box; rows before
 * columns) that holds all the digit's n cells of unit besides it and
 * where the digit has more places than those cells, or -1: locked_target's
 * answer, read off the grid's cell sets (the cells are listed only for
 * the step found). */
static int within_one(const hodoku_grid *g, int unit, int digit, int n, unsigned kinds)
{
    const uint64_t *all = g->digit_cells[digit - 1];
    uint64_t in[2] = {all[0] & sudoku_unit_bits[unit][0], all[1] & sudoku_unit_bits[unit][1]};
    if (!(in[0] | in[1])) return -1;
    int first = in[0] ? __builtin_ctzll(in[0]) : 64 + __builtin_ctzll(in[1]);
    for (int k = 0; k < 3; k++) {
        int target = sudoku_cell_units[first][k];
        const uint64_t *other = sudoku_unit_bits[target];
        if ((kinds >> k & 1u) && !(in[0] & ~other[0]) && !(in[1] & ~other[1]) &&
            g->free[target][digit] > n)
            return target;
    }
    return -1;
}

/* The unit's cells with the digit, counted off its cell set. */
static int cells_in(const hodoku_grid *g, int unit, int digit)
{
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = g->digit_cells[digit - 1][w] & sudoku_unit_bits[unit][w]; m; m &= m - 1)
            n++;
    return n;
}

/* The digits (bit d - 1) with 2 or 3 places in unit, as its counts say:
 * digits 1-8's counts a byte each, those whose byte is 2 or 3 but for
 * its lowest bit are the zero bytes of x. */
static unsigned two_or_three(const hodoku_grid *g, int unit)
{
    const uint64_t ones = 0x0101010101010101u, low7 = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t x = (sudoku_load64(&g->free[unit][1]) & ~ones) ^ (2 * ones);
    uint64_t zero = ~(((x & low7) + low7) | x | low7); /* a zero byte's sign bit only */
    unsigned digits = (unsigned)((zero >> 7) * 0x0102040810204080u >> 56);
    int nine = (int)g->free[unit][9];
    return digits | (unsigned)(nine == 2 || nine == 3) << 8;
}

bool hodoku_locked_candidates(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    bool pointing = technique == SUDOKU_POINTING;
    int kind = POINTING_KIND + !pointing;
    unsigned open = ~subsets_known(q, kind) & 0x1ff;
    if (!open) return false;
    for (int u = 0; u < (pointing ? 9 : 18); u++) {
        int unit = pointing ? 18 + u : u;
        for (unsigned digits = two_or_three(g, unit) & open; digits; digits &= digits - 1) {
            int digit = __builtin_ctz(digits) + 1;
            /* Without drift a unit's count is its cells with the digit. */
            int n = g->drift ? cells_in(g, unit, digit) : (int)g->free[unit][digit];
            int target = within_one(g, unit, digit, n, pointing ? 3u : 4u);
            if (target < 0) continue;
            uint8_t cells[9];
            n = cells_with(g, unit, digit, cells);
            locked_step(g, technique, unit, target, digit, cells, n, step);
            return true;
        }
    }
    subsets_none(q, kind, open);
    return false;
}

/* ---- naked subsets, locked or not ---- */

/* Fills the step of the naked subset cells (digits) and says whether it
 * is locked: in a box and a line, with eliminations in both (a line's
 * count only outside the box). */
static bool naked_step(const hodoku_grid *g, sudoku_technique technique, const uint8_t *cells,
                       int n, unsigned digits, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->digits = (uint16_t)digits;
    for (int i = 0; i < n; i++) {
        logic_step_cell(step, cells[i]);
        logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cells[i], g->candidates[cells[i]]);
    }
    unsigned kinds = common_kinds(cells, n), counted = 0;
    int box = sudoku_cell_units[cells[0]][2];
    for (int k = 0; k < 3; k++) {
        if (!(kinds >> k & 1u)) continue;
        int unit = sudoku_cell_units[cells[0]][k];
        step->units |= 1u << unit;
        for (int i = 0; i < 9; i++) {
            int cell = sudoku_unit_cells[unit][i];
            bool member = false;
            for (int j = 0; j < n; j++) member |= cells[j] == cell;
            unsigned hit = g->candidates[cell] & digits;
            if (member || !hit) continue;
            for (int d = 1; d <= 9; d++)
                if (hit & (1u << (d - 1))) logic_step_remove(step, cell, d);
            if (k == 2 || sudoku_cell_units[cell][2] != box) counted |= 1u << k;
        }
    }
    return n < 4 && (kinds & 4u) && (kinds & 3u) && sudoku_popcount(counted) >= 2;
}

/* What naked_step finds of the subset cells (digits), without the step:
 * true if it eliminates something and is locked as wanted. */
static bool naked_wanted(const hodoku_grid *g, const uint8_t *cells, int n, unsigned digits,
                         bool locked)
{
    uint64_t members[2] = {0, 0}, with[2] = {0, 0};
    for (int i = 0; i < n; i++) members[cells[i] >> 6] |= 1ull << (cells[i] & 63);
    for (unsigned left = digits; left; left &= left - 1)
        for (int w = 0; w < 2; w++) with[w] |= g->digit_cells[__builtin_ctz(left)][w];
    unsigned kinds = common_kinds(cells, n), counted = 0;
    const uint64_t *box = sudoku_unit_bits[sudoku_cell_units[cells[0]][2]];
    for (int k = 0; k < 3; k++) {
        if (!(kinds >> k & 1u)) continue;
        const uint64_t *unit = sudoku_unit_bits[sudoku_cell_units[cells[0]][k]];
        for (int w = 0; w < 2; w++) {
            uint64_t hit = with[w] & unit[w] & ~members[w];
            if (k != 2) hit &= ~box[w]; /* a line's removals count outside the box */
            if (hit)
                counted |= 1u << k;
            else if (with[w] & unit[w] & ~members[w])
                counted |= 8u; /* removals, not counted */
        }
    }
    if (!counted) return false;
    bool is_locked = n < 4 && (kinds & 4u) && (kinds & 3u) && sudoku_popcount(counted & 7u) >= 2;
    return is_locked == locked;
}

/* The lines (bit 0 its row, bit 1 its column) that cell shares with
 * first: a locked subset's cells (of one box) must share one. */
static unsigned lines_shared(int cell, int first)
{
    const uint8_t *a = sudoku_cell_units[cell], *b = sudoku_cell_units[first];
    return (unsigned)(a[0] == b[0]) | (unsigned)(a[1] == b[1]) << 1;
}

/* Extends the combination cells[0..depth) with eligible cells from start
 * on, in lexicographic order; true once a step is found (locked as
 * wanted, with eliminations); *reads gets the other units that the
 * cells of each subset met (n cells of n digits, wanted or not) share.
 * lines: those all of cells[0..depth) share
 * (lines_shared), kept along the combination instead of tested on all
 * its cells again at every level. */
// NOLINTNEXTLINE(misc-no-recursion): one level per cell of a subset, 4 at most
static bool naked_combinations(const hodoku_grid *g, sudoku_technique technique, const uint8_t *eligible,
                               int count, int n, bool locked, uint8_t *cells, int depth, int start,
                               unsigned digits, unsigned lines, uint32_t *reads, sudoku_step *step)
{
    /* A cell taken at i leaves count - 1 - i to fill the n - depth - 1 places
     * after it: later i complete no combination, so the scan stops there. */
    for (int i = start; i <= count - (n - depth); i++) {
        unsigned union_ = digits | g->candidates[eligible[i]];
        if (sudoku_nine_count[union_] > n) continue;
        cells[depth] = eligible[i];
        unsigned shared = lines;
        if (locked && depth > 0 && !(shared &= lines_shared(cells[depth], cells[0]))) continue;
        if (depth + 1 < n) {
            if (naked_combinations(g, technique, eligible, count, n, locked, cells, depth + 1, i + 1,
                                   union_, shared, reads, step))
                return true;
            continue;
        }
        if (sudoku_nine_count[union_] != n) continue;
        /* naked_wanted reads the units the subset's cells share. */
        unsigned kinds = common_kinds(cells, n);
        for (int k = 0; k < 3; k++)
            if (kinds >> k & 1u) *reads |= 1u << sudoku_cell_units[cells[0]][k];
        if (!naked_wanted(g, cells, n, union_, locked)) continue;
        naked_step(g, technique, cells, n, union_, step);
        return true;
    }
    return false;
}

/* True if n of a box's cells at places (bit i: its i-th cell) lie in one
 * of its rows or columns: where a locked subset of the box must be. */
static bool box_line_with(unsigned places, int n)
{
    static const unsigned lines[6] = {0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124};
    for (int i = 0; i < 6; i++)
        if (sudoku_nine_count[places & lines[i]] >= n) return true;
    return false;
}

/* The open cells with 1 to n candidates (n at most 4), as a cell set:
 * each cell's count of digits kept in four bit planes (bit j of the
 * count in count[j]: nine fits), one binary addition per digit. */
static void cells_up_to(const hodoku_grid *g, int n, uint64_t eligible[2])
{
    for (int w = 0; w < 2; w++) {
        uint64_t count[4] = {0, 0, 0, 0};
        for (int d = 0; d < 9; d++) {
            uint64_t carry = g->digit_cells[d][w];
            for (int j = 0; j < 4; j++) {
                uint64_t next = count[j] & carry;
                count[j] ^= carry;
                carry = next;
            }
        }
        uint64_t any = count[0] | count[1] | count[2] | count[3];
        uint64_t over = count[3] | (count[2] & (count[1] | count[0])); /* 5 or more */
        if (n < 4) over |= count[2];                                  /* 4 or more */
        if (n < 3) over |= count[1] & count[0];                       /* 3 or more */
        eligible[w] = any & ~over;
    }
}

/* True if the cell set holds n cells or more. */
static bool holds_at_least(const uint64_t set[2], int n)
{
    uint64_t low = set[0], high = set[1];
    for (int i = 0; i < n; i++) {
        if (low)
            low &= low - 1;
        else if (high)
            high &= high - 1;
        else
            return false;
    }
    return true;
}

/* A unit's search of naked subsets reads other units only for the
 * subsets it meets whose cells share one: it finds nothing again while
 * the candidates of the unit and of those stay (the cache). */
static bool naked_search(const hodoku_query *q, sudoku_technique technique, int n, bool locked,
                         sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    int kind = (locked ? LOCKED_KIND : NAKED_KIND) + n - 2;
    uint32_t known = subsets_known(q, kind);
    uint64_t open[2];
    cells_up_to(g, n, open);
    for (int u = 0; u < (locked ? 9 : 27); u++) {
        int unit = subset_units[u];
        if (known >> unit & 1u) continue;
        /* Fewer than n eligible cells: no combination (the same cells the scan below lists). */
        uint64_t in[2] = {open[0] & sudoku_unit_bits[unit][0], open[1] & sudoku_unit_bits[unit][1]};
        if (!holds_at_least(in, n)) {
            naked_none(q, kind, unit, 0);
            continue;
        }
        /* The eligible cells in the unit's order: increasing. */
        uint8_t eligible[9], cells[4];
        int count = 0;
        unsigned places = 0; /* only a locked subset's (whose units are boxes) */
        for (int w = 0; w < 2; w++)
            for (uint64_t left = in[w]; left; left &= left - 1) {
                int cell = 64 * w + __builtin_ctzll(left);
                eligible[count++] = (uint8_t)cell;
                if (locked) places |= 1u << sudoku_cell_index[cell][2];
            }
        uint32_t reads = 0;
        if ((!locked || box_line_with(places, n)) &&
            naked_combinations(g, technique, eligible, count, n, locked, cells, 0, 0, 0, 3u, &reads,
                               step))
            return true;
        naked_none(q, kind, unit, reads & ~(1u << unit));
    }
    return false;
}

bool hodoku_locked_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return naked_search(q, technique, technique == SUDOKU_LOCKED_PAIR ? 2 : 3, true, step);
}

bool hodoku_naked_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    int n = technique == SUDOKU_NAKED_PAIR ? 2 : technique == SUDOKU_NAKED_TRIPLET ? 3 : 4;
    return naked_search(q, technique, n, false, step);
}

/* ---- hidden subsets ---- */

/* The step of the hidden subset digits, whose places are the unit's
 * positions places; false if it eliminates nothing. */
static bool hidden_step(const hodoku_grid *g, sudoku_technique technique, int unit, unsigned digits,
                        unsigned places, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->digits = (uint16_t)digits;
    step->units = 1u << unit;
    for (int i = 0; i < 9; i++) {
        if (!(places >> i & 1u)) continue;
        int cell = sudoku_unit_cells[unit][i];
        logic_step_cell(step, cell);
        logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cell, g->candidates[cell] & digits);
        unsigned other = g->candidates[cell] & ~digits;
        for (int d = 1; d <= 9; d++)
            if (other & (1u << (d - 1))) logic_step_remove(step, cell, d);
    }
    logic_step_mark_unit(step, SUDOKU_ROLE_UNIT, 0, unit);
    return step->nremovals > 0;
}

// NOLINTNEXTLINE(misc-no-recursion): one level per digit of a subset, 4 at most
static bool hidden_combinations(const hodoku_grid *g, sudoku_technique technique, int unit,
                                const int *eligible, int count, const uint16_t *places, int n,
                                int depth, int start, unsigned digits, unsigned cells,
                                sudoku_step *step)
{
    /* As in naked_combinations: past count - (n - depth), too few digits are
     * left after i to make n. */
    for (int i = start; i <= count - (n - depth); i++) {
        unsigned with = digits | 1u << (eligible[i] - 1), at = cells | places[eligible[i]];
        /* More than n places already: no extension of this one has n. */
        if (sudoku_nine_count[at] > n) continue;
        if (depth + 1 < n) {
            if (hidden_combinations(g, technique, unit, eligible, count, places, n, depth + 1,
                                    i + 1, with, at, step))
                return true;
            continue;
        }
        if (sudoku_nine_count[at] == n && hidden_step(g, technique, unit, with, at, step)) return true;
    }
    return false;
}

bool hodoku_hidden_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    int n = technique == SUDOKU_HIDDEN_PAIR ? 2 : technique == SUDOKU_HIDDEN_TRIPLET ? 3 : 4;
    int kind = HIDDEN_KIND + n - 2;
    uint32_t known = subsets_known(q, kind);
    for (int u = 0; u < 27; u++) {
        int unit = subset_units[u], open = 0;
        if (known >> unit & 1u) continue;
        for (int i = 0; i < 9; i++) open += g->candidates[sudoku_unit_cells[unit][i]] != 0;
        if (open <= n) {
            subsets_none(q, kind, 1u << unit);
            continue;
        }
        int eligible[9], count = 0;
        unsigned digits = 0;
        for (int d = 1; d <= 9; d++) {
            int k = (int)g->free[unit][d];
            if (k >= 1 && k <= n) {
                eligible[count++] = d;
                digits |= 1u << (d - 1);
            }
        }
        if (count < n) {
            subsets_none(q, kind, 1u << unit);
            continue;
        }
        uint16_t places[10] = {0}; /* bit i: the unit's i-th cell has the digit */
        for (int i = 0; i < 9; i++)
            for (unsigned c = g->candidates[sudoku_unit_cells[unit][i]] & digits; c; c &= c - 1)
                places[__builtin_ctz(c) + 1] |= (uint16_t)(1u << i);
        if (hidden_combinations(g, technique, unit, eligible, count, places, n, 0, 0, 0, 0, step))
            return true;
        subsets_none(q, kind, 1u << unit);
    }
    return false;
}
