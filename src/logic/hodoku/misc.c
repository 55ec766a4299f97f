/*
 * misc.c: HoDoKu's Sue de Coq (hodoku-spec 9) and Brute Force (15)
 * (misc.h).
 *
 * Sue de Coq: cells where a line crosses a box, holding at least two
 * digits more than they are; cells of the line and cells of the box
 * that between them take care of those extra digits. The crossing, the
 * line's cells and the box's cells hold the digits of all three, and the
 * rest of the line and of the box lose them. The first found in HoDoKu's
 * order: rows then columns, boxes, crossing pairs then triples, and the
 * line's and the box's selections each in depth-first order.
 */
#include "misc.h"

#include "logic/step.h"

#include <string.h>

/* A selection of cells: its members (bits over a list of cells), its
 * digits and size. */
typedef struct selection {
    unsigned members;
    unsigned digits;
    int size;
} selection;

/* Extends the digits of the selections of k cells (by members) to those
 * of k + 1, the last cell (bit k) with candidates cands: each is those
 * of the selection without it and its own; four selections a word. */
static void add_cell_digits(uint16_t *digits, int k, unsigned cands)
{
    if (k < 2) {
        for (unsigned m = 0; m < 1u << k; m++)
            digits[(1u << k) + m] = (uint16_t)(digits[m] | cands);
        return;
    }
    uint64_t spread = cands * 0x0001000100010001ull, word;
    for (unsigned m = 0; m < 1u << k; m += 4) {
        memcpy(&word, digits + m, sizeof word);
        word |= spread;
        memcpy(digits + (1u << k) + m, &word, sizeof word);
    }
}

/* The digits of every selection of cells[0..n), by its members. */
static void selection_digits(const hodoku_grid *g, const uint8_t *cells, int n, uint16_t *digits)
{
    digits[0] = 0;
    for (int i = 0; i < n; i++) add_cell_digits(digits, i, g->candidates[cells[i]]);
}

/* The selection of n cells after members in depth-first order (each
 * prefix before its extensions, a last cell moving on only when all its
 * extensions are done; HoDoKu's order); 0 after the last. */
static unsigned next_selection(unsigned members, int n)
{
    int last = 31 - __builtin_clz(members);
    if (last + 1 < n) return members | 1u << (last + 1);
    members &= ~(1u << last);
    if (!members) return 0;
    last = 31 - __builtin_clz(members);
    return (members & ~(1u << last)) | 1u << (last + 1);
}

static selection selection_of(const uint16_t *digits, unsigned members)
{
    return (selection){members, digits[members], sudoku_nine_count[members]}; /* 7 cells at most */
}

/* The open cells of unit not in any of the given sets (bits over cells
 * by index in the lists given), in cell order. */
static int open_cells(const hodoku_grid *g, int unit, const uint64_t skip[2], uint8_t *cells)
{
    int n = 0;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (!g->value[cell] && !(skip[cell / 64] >> (cell % 64) & 1u)) cells[n++] = (uint8_t)cell;
    }
    return n;
}

static void add_members(uint64_t set[2], const uint8_t *cells, unsigned members)
{
    for (int i = 0; members >> i; i++)
        if (members >> i & 1u) set[cells[i] / 64] |= 1ull << (cells[i] % 64);
}

/* Removes digits from the open cells of unit outside keep, in cell
 * order; true if any. */
static bool remove_outside(const hodoku_grid *g, int unit, const uint64_t keep[2], unsigned digits,
                           sudoku_step *step)
{
    bool any = false;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (g->value[cell] || (keep[cell / 64] >> (cell % 64) & 1u)) continue;
        unsigned hit = g->candidates[cell] & digits;
        for (int d = 1; d <= 9; d++)
            if (hit & (1u << (d - 1))) {
                logic_step_remove(step, cell, d);
                any = true;
            }
    }
    return any;
}

enum {
    /* A crossing holds two cells at least: its line and box keep seven
     * others at most, with 127 selections. */
    SELECTIONS_MAX = 127,
    /* A selection's need is below plus, at most the crossing's 9 digits
     * less its 2 cells. */
    NEEDS = 7,
    SHARED_CELL = 1u << 9
};

typedef struct sue_de_coq {
    const hodoku_grid *g;
    sudoku_technique technique;
    int line, box;
    uint8_t crossing[3];
    int ncrossing;
    unsigned v;
    sudoku_step *step;
    /* The digits of the selections (by members) of the line's and the
     * box's open cells outside the line's and box's three (the same for
     * each of their pairs and triples: nline_out and nbox_out cells),
     * and above them those with the cell a pair leaves (its bit last). */
    int nline_out, nbox_out;
    uint16_t line_digits[SELECTIONS_MAX + 1], box_digits[SELECTIONS_MAX + 1];
} sue_de_coq;

static void mark_members(sudoku_step *step, const hodoku_grid *g, const uint8_t *cells,
                         unsigned members, sudoku_role role, int group)
{
    for (int i = 0; members >> i; i++)
        if (members >> i & 1u) {
            logic_step_cell(step, cells[i]);
            logic_step_mark(step, role, group, cells[i], g->candidates[cells[i]]);
        }
}

/* The step of the crossing with line cells n and box cells k, if it
 * eliminates anything. */
static bool sdc_step(const sue_de_coq *s, const uint8_t *line_cells, selection n,
                     const uint8_t *box_cells, selection k)
{
    sudoku_step *step = s->step;
    logic_step_start(step, s->technique, 0);
    uint64_t crossing[2] = {0, 0}, keep[2];
    for (int i = 0; i < s->ncrossing; i++) crossing[s->crossing[i] / 64] |= 1ull << (s->crossing[i] % 64);
    keep[0] = crossing[0], keep[1] = crossing[1];
    add_members(keep, box_cells, k.members);
    unsigned both = k.digits & n.digits;
    bool any = remove_outside(s->g, 18 + s->box, keep, ((s->v | k.digits) & ~n.digits) | both, step);
    keep[0] = crossing[0], keep[1] = crossing[1];
    add_members(keep, line_cells, n.members);
    any |= remove_outside(s->g, s->line, keep, ((s->v | n.digits) & ~k.digits) | both, step);
    if (!any) return false;
    step->digits = (uint16_t)(s->v | n.digits | k.digits);
    step->units = 1u << s->line | 1u << (18 + s->box);
    for (int i = 0; i < s->ncrossing; i++) {
        logic_step_cell(step, s->crossing[i]);
        logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, s->crossing[i], s->g->candidates[s->crossing[i]]);
    }
    mark_members(step, s->g, line_cells, n.members, SUDOKU_ROLE_SET, 0);
    mark_members(step, s->g, box_cells, k.members, SUDOKU_ROLE_SET, 1);
    return true;
}

/* The need of a selection (the digits of v it takes care of, its size
 * less its digits outside v), if it takes digits of v and its need is 1
 * to plus - 1 (what a line and a box selection can each take); else 0. */
static int need_of(selection sel, unsigned v, int plus)
{
    if (!(sel.digits & v)) return 0;
    int need = sel.size - sudoku_nine_count[sel.digits & ~v];
    return (unsigned)need - 1 < (unsigned)plus - 1 ? need : 0; /* 0 < need < plus */
}

/* What a selection of the line or the box can clash on with one of the
 * other: its digits of v, and shared (a bit above the digits) if it holds
 * the cell the line may share with the box (shared: that cell's bit among
 * the selection's cells, 0 if none). */
static unsigned clash_of(selection sel, unsigned v, unsigned shared)
{
    return (sel.digits & v) | ((sel.members & shared) ? SHARED_CELL : 0);
}

/* The box's selections that take the crossing's digits at all, grouped
 * by need: each group's clashes (in no order: a line selection asks only
 * whether one is clear of its own). */
typedef struct by_need {
    /* Group g's clashes, one a selection (the same may come again: the
     * list is read only when the masks below do not tell, and listing
     * each once cost more): clashes[g][0..kinds[g]). */
    uint16_t clashes[NEEDS][SELECTIONS_MAX + 1]; /* a power of two: a row is a shift */
    int kinds[NEEDS];
    /* By group: the bits all its clashes have, and those one has. */
    unsigned all_have[NEEDS], one_has[NEEDS];
} by_need;

/* Groups the box's n cells' selections (their digits by members). */
static void group_by_need(const uint16_t *digits, int n, unsigned v, int plus, unsigned shared,
                          by_need *by)
{
    memset(by->kinds, 0, sizeof by->kinds);
    memset(by->one_has, 0, sizeof by->one_has);
    memset(by->all_have, 0xff, sizeof by->all_have);
    for (unsigned m = 1; m < 1u << n; m++) {
        selection sel = selection_of(digits, m);
        int g = need_of(sel, v, plus);
        if (!g) continue;
        unsigned clash = clash_of(sel, v, shared);
        by->clashes[g][by->kinds[g]++] = (uint16_t)clash;
        by->all_have[g] &= clash;
        by->one_has[g] |= clash;
    }
}

/* True if some selection of need group g is clear of forbidden, which
 * holds some digit (that of a selection that takes a need). */
static bool any_clear(const by_need *by, int g, unsigned forbidden)
{
    /* Forbidden meets every clash if it holds a bit they all have, and
     * none if it holds no bit any has: told without the list. An empty
     * group's all_have has every bit: forbidden meets it. */
    if (forbidden & by->all_have[g]) return false;
    if (!(forbidden & by->one_has[g])) return true;
    for (int i = 0; i < by->kinds[g]; i++)
        if (!(by->clashes[g][i] & forbidden)) return true;
    return false;
}

/* True if some line selection from first on (by members) is clear of
 * a box selection that takes care of what it leaves. */
static bool some_line_clear(const by_need *by, const uint16_t *line_digits, unsigned first, int nline,
                            unsigned v, int plus, unsigned line_shared)
{
    for (unsigned a = first; a < 1u << nline; a++) {
        selection n = selection_of(line_digits, a);
        int taken = need_of(n, v, plus);
        if (taken && any_clear(by, plus - taken, clash_of(n, v, line_shared))) return true;
    }
    return false;
}

/* HoDoKu's walk of the crossing's line and box selections, each in
 * depth-first order over their cells in cell order; by: the box's
 * selections grouped (in any order of its cells). */
static bool sdc_walk(const sue_de_coq *s, int plus, const by_need *by)
{
    const hodoku_grid *g = s->g;
    uint64_t skip[2] = {0, 0};
    for (int i = 0; i < s->ncrossing; i++) skip[s->crossing[i] / 64] |= 1ull << (s->crossing[i] % 64);
    uint8_t line_cells[9], box_cells[9];
    int nline = open_cells(g, s->line, skip, line_cells);
    int nbox = open_cells(g, 18 + s->box, skip, box_cells);
    uint16_t line_digits[SELECTIONS_MAX + 1], box_digits[SELECTIONS_MAX + 1];
    selection_digits(g, line_cells, nline, line_digits);
    selection_digits(g, box_cells, nbox, box_digits);
    /* The box's cells are its open cells but the crossing's: a line
     * selection holding the one the line shares with the box (a cell of
     * a pair's line and box left out of the crossing) takes the box's
     * selections without it, which keep their order among them all. */
    unsigned shared = 0, line_shared = 0;
    for (int i = 0; i < nline; i++)
        for (int j = 0; j < nbox; j++)
            if (line_cells[i] == box_cells[j]) line_shared = 1u << i, shared = 1u << j;
    for (unsigned a = 1; a; a = next_selection(a, nline)) {
        selection n = selection_of(line_digits, a);
        int taken = need_of(n, s->v, plus);
        if (!taken) continue;
        /* The box takes care of what the line's selection leaves: the
         * group's selections in order, if any is clear of its clash. */
        unsigned forbidden = clash_of(n, s->v, line_shared);
        int need = plus - taken;
        if (!any_clear(by, need, forbidden)) continue;
        for (unsigned b = nbox ? 1 : 0; b; b = next_selection(b, nbox)) {
            selection k = selection_of(box_digits, b);
            if (need_of(k, s->v, plus) != need || (clash_of(k, s->v, shared) & forbidden)) continue;
            if (sdc_step(s, line_cells, n, box_cells, k)) return true;
        }
    }
    return false;
}

/* Adds to s's digits the selections with the cell a pair leaves. */
static void sdc_shared(sue_de_coq *s, int shared)
{
    add_cell_digits(s->line_digits, s->nline_out, s->g->candidates[shared]);
    add_cell_digits(s->box_digits, s->nbox_out, s->g->candidates[shared]);
}

/* The crossing's search; shared: the cell a pair leaves of the line's
 * and box's three (its line and box share it), -1 if none. Its line's
 * and box's cells here are the open ones outside the three, then shared
 * (s's digits, those with shared above). */
static bool sdc_crossing(sue_de_coq *s, int shared)
{
    const hodoku_grid *g = s->g;
    s->v = 0;
    for (int i = 0; i < s->ncrossing; i++) s->v |= g->candidates[s->crossing[i]];
    int plus = sudoku_nine_count[s->v] - s->ncrossing;
    if (plus < 2) return false;
    if (shared >= 0) sdc_shared(s, shared);
    int nline = s->nline_out + (shared >= 0), nbox = s->nbox_out + (shared >= 0);
    if (nline == 0) return false;
    unsigned line_shared = shared >= 0 ? 1u << s->nline_out : 0;
    unsigned box_shared = shared >= 0 ? 1u << s->nbox_out : 0;
    /* The box is read only if a line selection takes care of some of v. */
    unsigned first = 1;
    while (first < 1u << nline && !need_of(selection_of(s->line_digits, first), s->v, plus))
        first++;
    if (first == 1u << nline) return false;
    by_need by;
    group_by_need(s->box_digits, nbox, s->v, plus, box_shared, &by);
    /* Whether any line selection has a clear box group is the same in
     * any order of the cells: asked first in the cheap order of members,
     * so that HoDoKu's depth-first order is walked only when a step may
     * be. */
    if (!some_line_clear(&by, s->line_digits, first, nline, s->v, plus, line_shared)) return false;
    return sdc_walk(s, plus, &by);
}

/* The candidates of the open cells of unit at places (bits by index in
 * the unit), in cell order; their count. */
static int open_candidates(const hodoku_grid *g, int unit, unsigned places, uint16_t *cands)
{
    int n = 0;
    for (; places; places &= places - 1) {
        int cell = sudoku_unit_cells[unit][__builtin_ctz(places)];
        if (!g->value[cell]) cands[n++] = g->candidates[cell];
    }
    return n;
}

/* The digits of every selection of n cells of candidates cands, by its
 * members: those of the first two cells at once, a word, then as
 * add_cell_digits extends them (entries past 1 << n are left to be
 * overwritten). */
static void selections_of(const uint16_t *cands, int n, uint16_t *digits)
{
    uint64_t first = n > 0 ? cands[0] : 0, second = n > 1 ? cands[1] : 0;
    uint64_t word = first << 16 | second << 32 | (first | second) << 48;
    memcpy(digits, &word, sizeof word);
    for (int k = 2; k < n; k++) add_cell_digits(digits, k, cands[k]);
}

/* Sets s up for the crossing of its line and box whose line holds the
 * cells 3j to 3j + 2: the digits of the selections of their open cells
 * outside them (the box's: its rows, or columns, but the line's). */
static void sdc_outside(sue_de_coq *s, int j)
{
    uint16_t cands[6];
    s->nline_out = open_candidates(s->g, s->line, 0x1ffu & ~(7u << 3 * j), cands);
    selections_of(cands, s->nline_out, s->line_digits);
    unsigned inside = s->line < 9 ? 7u << 3 * (s->line % 3) : 0x49u << (s->line - 9) % 3;
    s->nbox_out = open_candidates(s->g, 18 + s->box, 0x1ffu & ~inside, cands);
    selections_of(cands, s->nbox_out, s->box_digits);
}

/* The cache's index of the crossing of line and box: line * 3 + the
 * box's place along it. */
static int sdc_index(int line, int box)
{
    return line * 3 + (line < 9 ? box % 3 : box / 3);
}

/* The crossings whose search reads cell: those of its row and of its
 * column, and the six of its box. */
static uint64_t crossings_reading(int cell)
{
    int row = sudoku_cell_units[cell][0], column = sudoku_cell_units[cell][1];
    int box = sudoku_cell_units[cell][2] - 18;
    uint64_t at = 7ull << sdc_index(row, 0) | 7ull << sdc_index(column, 0);
    for (int i = 0; i < 3; i++)
        at |= 1ull << sdc_index(box / 3 * 3 + i, box) | 1ull << sdc_index(9 + box % 3 * 3 + i, box);
    return at;
}

/* The crossings that read a cell of cells. */
static uint64_t crossings_read(hodoku_set cells)
{
    uint64_t crossings = 0;
    while (!hodoku_set_is_empty(cells)) crossings |= crossings_reading(hodoku_set_pop(&cells));
    return crossings;
}

/* The crossings q's cache knows to give nothing on q's grid: a crossing's
 * search reads its line and box alone, and one that found nothing on its
 * last search finds nothing again if none of their cells changed since.
 * The cache then holds the grid's candidates as the last search's. */
static uint64_t sdc_known(const hodoku_query *q)
{
    hodoku_cache *cache = q->cache;
    if (!cache || q->grid->drift) return 0;
    uint64_t known = cache->sdc_known;
    if (known) {
        unsigned digits;
        hodoku_set changed = hodoku_cells_changed(q->grid->candidates, cache->sdc_cells, &digits);
        known &= ~crossings_read(changed);
    }
    cache->sdc_known = known;
    memcpy(cache->sdc_cells, q->grid->candidates, sizeof cache->sdc_cells);
    return known;
}

/* Keeps in q's cache that the crossing at index (sdc_index) gives
 * nothing on q's grid (whose candidates sdc_known kept). */
static void sdc_none(const hodoku_query *q, int index)
{
    if (!q->cache || q->grid->drift) return;
    q->cache->sdc_known |= 1ull << index;
}

bool hodoku_sue_de_coq(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    sue_de_coq s = {.g = q->grid, .technique = technique, .step = step};
    uint64_t known = sdc_known(q);
    for (s.line = 0; s.line < 18; s.line++)
        /* The boxes the line crosses, in increasing order: the j-th holds
         * the line's cells 3j to 3j + 2 (no other box meets it). */
        for (int j = 0; j < 3; j++) {
            s.box = s.line < 9 ? s.line / 3 * 3 + j : (s.line - 9) / 3 + 3 * j;
            int index = sdc_index(s.line, s.box);
            if (known >> index & 1u) continue;
            uint8_t inside[3];
            int n = 0;
            for (int i = 3 * j; i < 3 * j + 3; i++) {
                int cell = sudoku_unit_cells[s.line][i];
                if (!q->grid->value[cell]) inside[n++] = (uint8_t)cell;
            }
            if (n < 2) continue;
            sdc_outside(&s, j);
            for (int a = 0; a < n; a++)
                for (int b = a + 1; b < n; b++) {
                    s.crossing[0] = inside[a], s.crossing[1] = inside[b];
                    s.ncrossing = 2;
                    /* Of three, a pair leaves the third (a + b + c = 3). */
                    if (sdc_crossing(&s, n == 3 ? inside[3 - a - b] : -1)) return true;
                    for (int c = b + 1; c < n; c++) {
                        s.crossing[2] = inside[c];
                        s.ncrossing = 3;
                        if (sdc_crossing(&s, -1)) return true;
                    }
                }
            sdc_none(q, index);
        }
    return false;
}

/* ---- Brute Force ---- */

bool hodoku_brute_force(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    uint8_t open[SUDOKU_CELLS];
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!g->value[cell]) open[n++] = (uint8_t)cell;
    if (!n) return false;
    sudoku_board board;
    hodoku_grid_board(g, &board);
    sudoku_result result;
    if (sudoku_search(&board, 2, &result) != 1) return false;
    int cell = open[n / 2];
    logic_step_start(step, technique, 0);
    step->place[cell] = result.solution.cell[cell];
    step->digits = (uint16_t)(1u << (step->place[cell] - 1));
    logic_step_cell(step, cell);
    logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cell, step->digits);
    return true;
}
