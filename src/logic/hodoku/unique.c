/*
 * unique.c: HoDoKu's uniqueness techniques (unique.h; hodoku-spec 6):
 * BUG+1, the unique rectangles of types 1 to 6, hidden rectangles and
 * avoidable rectangles. Each assumes the puzzle has one solution.
 *
 * Rectangles are met in HoDoKu's order: a bivalue start cell, a second
 * corner in its box on its row or column, then the other two corners
 * along the lines; each rectangle once, as HoDoKu tells them apart (by a
 * number made of the four cells, which two rectangles can share: the
 * second is then skipped, as HoDoKu skips it). HoDoKu's checks of a
 * corner look at the digits a cell still "allows" (no peer holds them),
 * not its candidates, and never at c2 in the third corner: both kept.
 */
#include "unique.h"

#include <string.h>

#include "logic/state.h"
#include "logic/step.h"

/* How many rectangles HoDoKu remembers in one search. */
#define KEYS_ROOM 400

static bool has(const hodoku_grid *g, int cell, int digit)
{
    return g->candidates[cell] >> (digit - 1) & 1u;
}

static int row_of(int cell)
{
    return cell / 9;
}

static int column_of(int cell)
{
    return cell % 9;
}

static int box_of(int cell)
{
    return sudoku_cell_units[cell][2];
}

/* ---- BUG+1 ---- */

bool hodoku_bug(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    int three = -1;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int n = sudoku_popcount(g->candidates[cell]);
        if (n > 3 || (n == 3 && three >= 0)) return false;
        if (n == 3) three = cell;
    }
    if (three < 0) return false;
    int digit = 0, houses[3] = {-1, -1, -1};
    for (int unit = 0; unit < 27; unit++)
        for (int d = 1; d <= 9; d++) {
            int n = (int)g->free[unit][d];
            if (n > 3) return false;
            if (n < 3) continue;
            if (houses[unit / 9] >= 0 || (digit && digit != d)) return false;
            digit = d;
            houses[unit / 9] = unit;
        }
    if (!digit || !has(g, three, digit)) return false;
    for (int k = 0; k < 3; k++)
        if (sudoku_cell_units[three][k] != houses[k]) return false;
    logic_step_start(step, technique, 0);
    step->digits = (uint16_t)(1u << (digit - 1));
    logic_step_cell(step, three);
    logic_step_mark(step, SUDOKU_ROLE_EXTRA, 0, three, step->digits);
    for (int d = 1; d <= 9; d++)
        if (d != digit && has(g, three, d)) logic_step_remove(step, three, d);
    return true;
}

/* ---- rectangles ---- */

/* A rectangle: its corners in HoDoKu's order (X11, X12, X21, X22), its
 * two digits, and its corners split into those with no other digit
 * ("two-cells") and the others ("extra cells"), each in cell order. */
typedef struct rectangle {
    uint8_t corner[4];
    int c1, c2;
    uint8_t two[4], extra[4];
    int ntwo, nextra;
} rectangle;

static unsigned ur_mask(const rectangle *r)
{
    return 1u << (r->c1 - 1) | 1u << (r->c2 - 1);
}

static bool is_corner(const rectangle *r, int cell)
{
    for (int i = 0; i < 4; i++)
        if (r->corner[i] == cell) return true;
    return false;
}

/* The steps' start: its type, corners, digits, and what each corner shows. */
static void rectangle_step(const hodoku_grid *g, const rectangle *r, sudoku_technique technique,
                           int variant, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->variant = variant;
    step->digits = (uint16_t)ur_mask(r);
    for (int i = 0; i < 4; i++) {
        int cell = r->corner[i];
        logic_step_cell(step, cell);
        unsigned have = g->candidates[cell];
        logic_step_mark(step, SUDOKU_ROLE_PATTERN, 0, cell, have & ur_mask(r));
        if (have & ~ur_mask(r))
            logic_step_mark(step, SUDOKU_ROLE_EXTRA, 0, cell, have & ~ur_mask(r));
    }
}

/* Each check says whether the rectangle gives a step of its type and,
 * given a step, fills it with the first such. */

static bool type_1(const hodoku_grid *g, const rectangle *r, sudoku_technique t, sudoku_step *step)
{
    if (r->ntwo != 3) return false;
    int cell = r->extra[0];
    unsigned hit = g->candidates[cell] & ur_mask(r);
    if (!hit) return false;
    if (step) {
        rectangle_step(g, r, t, 1, step);
        if (has(g, cell, r->c1)) logic_step_remove(step, cell, r->c1);
        if (has(g, cell, r->c2)) logic_step_remove(step, cell, r->c2);
    }
    return true;
}

/* Types 2 and 5: the extra cells share one extra digit x; x goes from
 * the cells that see them all. */
static bool type_2_or_5(const hodoku_grid *g, const rectangle *r, sudoku_technique t, int type,
                        sudoku_step *step)
{
    if (r->ntwo != 1 && r->ntwo != 2) return false;
    /* the rectangle's shape tells the type first: the other's check
     * finds nothing either way */
    int a = r->extra[0], b = r->extra[1];
    bool lined = r->nextra == 2 && (row_of(a) == row_of(b) || column_of(a) == column_of(b));
    if ((lined ? 2 : 5) != type) return false;
    unsigned extra = 0;
    uint64_t seen_by_all[2] = {~0ull, ~0ull};
    for (int i = 0; i < r->nextra; i++) {
        extra |= g->candidates[r->extra[i]] & ~ur_mask(r);
        if (sudoku_popcount(extra) > 1) return false;
        seen_by_all[0] &= sudoku_peer_bits[r->extra[i]][0];
        seen_by_all[1] &= sudoku_peer_bits[r->extra[i]][1];
    }
    if (!sudoku_is_single(extra)) return false;
    int x = sudoku_lowest_digit(extra);
    bool found = false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!(seen_by_all[cell / 64] >> (cell % 64) & 1u) || !has(g, cell, x)) continue;
        if (!step) return true;
        if (!found) rectangle_step(g, r, t, type, step);
        found = true;
        logic_step_remove(step, cell, x);
    }
    return found;
}

/* Type 3, in one unit of both extra cells: a set of the unit's cells
 * without the rectangle's digits that, with the extra cells, holds one
 * digit fewer than its cells: the set's digits go from the unit's other
 * cells (and from its box's, in a line whose set lies in one box). */
typedef struct type_3_search {
    const hodoku_grid *g;
    const rectangle *r;
    sudoku_technique technique;
    int unit;
    uint8_t candidates[9];
    int ncandidates;
    sudoku_step *step;
} type_3_search;

/* Removes digits from unit's open cells outside set; true if any. */
static bool type_3_remove(const type_3_search *s, int unit, const uint8_t *set, int n,
                          unsigned digits, bool build)
{
    bool any = false;
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (s->g->value[cell]) continue;
        bool member = false;
        for (int k = 0; k < n; k++) member |= set[k] == cell;
        unsigned hit = s->g->candidates[cell] & digits;
        if (member || !hit) continue;
        any = true;
        if (!build) return true;
        for (int d = 1; d <= 9; d++)
            if (hit & (1u << (d - 1))) logic_step_remove(s->step, cell, d);
    }
    return any;
}

// NOLINTNEXTLINE(misc-no-recursion): one level per cell of a set, 9 at most
static bool type_3_sets(type_3_search *s, uint8_t *set, int n, unsigned digits, int start)
{
    for (int k = start; k < s->ncandidates; k++) {
        set[n] = s->candidates[k];
        unsigned with = digits | s->g->candidates[set[n]];
        bool one_row = true, one_column = true, one_box = true;
        for (int i = 1; i <= n; i++) {
            one_row &= row_of(set[i]) == row_of(set[0]);
            one_column &= column_of(set[i]) == column_of(set[0]);
            one_box &= box_of(set[i]) == box_of(set[0]);
        }
        bool box = s->unit >= 18;
        if ((!box || !(one_row || one_column)) && sudoku_popcount(with) == n) {
            if (type_3_remove(s, s->unit, set, n + 1, with, false)) {
                if (!s->step) return true;
                rectangle_step(s->g, s->r, s->technique, 3, s->step);
                for (int i = 2; i <= n; i++)
                    logic_step_mark(s->step, SUDOKU_ROLE_SET, 0, set[i], s->g->candidates[set[i]]);
                type_3_remove(s, s->unit, set, n + 1, with, true);
                if (!box && one_box) type_3_remove(s, box_of(set[0]), set, n + 1, with, true);
                return true;
            }
        }
        if (type_3_sets(s, set, n + 1, with, k + 1)) return true;
    }
    return false;
}

static bool type_3_in(const hodoku_grid *g, const rectangle *r, sudoku_technique t, int unit,
                      sudoku_step *step)
{
    type_3_search s = {g, r, t, unit, {0}, 0, step};
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (g->candidates[cell] && !(g->candidates[cell] & ur_mask(r)) && !is_corner(r, cell))
            s.candidates[s.ncandidates++] = (uint8_t)cell;
    }
    uint8_t set[11] = {r->extra[0], r->extra[1]};
    unsigned digits = (g->candidates[r->extra[0]] | g->candidates[r->extra[1]]) & ~ur_mask(r);
    return type_3_sets(&s, set, 2, digits, 0);
}

static bool type_3(const hodoku_grid *g, const rectangle *r, sudoku_technique t, sudoku_step *step)
{
    if (r->ntwo != 2) return false;
    int a = r->extra[0], b = r->extra[1];
    return (row_of(a) == row_of(b) && type_3_in(g, r, t, row_of(a), step)) ||
           (column_of(a) == column_of(b) && type_3_in(g, r, t, 9 + column_of(a), step)) ||
           (box_of(a) == box_of(b) && type_3_in(g, r, t, box_of(a), step));
}

/* True if no cell of cells (a bit set) but the corners has digit. */
static bool none_has(const hodoku_grid *g, const rectangle *r, const uint64_t cells[2], int digit)
{
    uint64_t corners[2] = {0, 0};
    for (int i = 0; i < 4; i++) corners[r->corner[i] / 64] |= 1ull << (r->corner[i] % 64);
    return !(cells[0] & g->digit_cells[digit - 1][0] & ~corners[0]) &&
           !(cells[1] & g->digit_cells[digit - 1][1] & ~corners[1]);
}

/* True if no cell of the row or column but the corners has digit. */
static bool lines_none_has(const hodoku_grid *g, const rectangle *r, int row, int column, int digit)
{
    uint64_t cells[2];
    for (int w = 0; w < 2; w++)
        cells[w] = sudoku_unit_bits[row][w] | sudoku_unit_bits[9 + column][w];
    return none_has(g, r, cells, digit);
}

/* Types 4 and 6: one digit locked in the extra cells' units (4: cells
 * seeing both lined-up extra cells; 6: the rows and columns of both,
 * diagonal) goes from the extra cells: type 4 the other digit, type 6
 * the locked one itself. */
static bool type_4_or_6(const hodoku_grid *g, const rectangle *r, sudoku_technique t, int type,
                        sudoku_step *step)
{
    if (r->ntwo != 2) return false;
    int a = r->extra[0], b = r->extra[1];
    bool lined = row_of(a) == row_of(b) || column_of(a) == column_of(b);
    if (lined != (type == 4)) return false;
    uint64_t cells[2];
    if (type == 4) {
        cells[0] = sudoku_peer_bits[a][0] & sudoku_peer_bits[b][0];
        cells[1] = sudoku_peer_bits[a][1] & sudoku_peer_bits[b][1];
    } else {
        cells[0] = cells[1] = 0;
        const int units[4] = {row_of(a), 9 + column_of(a), row_of(b), 9 + column_of(b)};
        for (int u = 0; u < 4; u++)
            for (int i = 0; i < 9; i++) {
                int cell = sudoku_unit_cells[units[u]][i];
                cells[cell / 64] |= 1ull << (cell % 64);
            }
    }
    int digit = 0;
    if (none_has(g, r, cells, r->c1))
        digit = type == 4 ? r->c2 : r->c1;
    else if (none_has(g, r, cells, r->c2))
        digit = type == 4 ? r->c1 : r->c2;
    if (!digit || (!has(g, a, digit) && !has(g, b, digit))) return false;
    if (step) {
        rectangle_step(g, r, t, type, step);
        if (has(g, a, digit)) logic_step_remove(step, a, digit);
        if (has(g, b, digit)) logic_step_remove(step, b, digit);
    }
    return true;
}

/* Hidden rectangle: from a two-cell corner, the row and column of the
 * extra cells across from it hold digit a only in corners: b goes from
 * the corner where they cross. */
static bool hidden(const hodoku_grid *g, const rectangle *r, sudoku_technique t, sudoku_step *step)
{
    if (r->ntwo != 1 && r->ntwo != 2) return false;
    if (r->ntwo == 2 &&
        (row_of(r->two[0]) == row_of(r->two[1]) || column_of(r->two[0]) == column_of(r->two[1])))
        return false;
    for (int c = 0; c < r->ntwo; c++) {
        int corner = r->two[c], i1 = r->extra[0], i2 = r->extra[1];
        int row = row_of(i1) != row_of(corner) ? row_of(i1) : row_of(i2);
        int column = column_of(i1) != column_of(corner) ? column_of(i1) : column_of(i2);
        for (int order = 0; order < 2; order++) {
            int a = order ? r->c2 : r->c1, b = order ? r->c1 : r->c2;
            int target = row * 9 + column;
            if (!has(g, target, b) || !lines_none_has(g, r, row, column, a)) continue;
            if (step) {
                rectangle_step(g, r, t, 0, step);
                logic_step_remove(step, target, b);
            }
            return true;
        }
    }
    return false;
}

/* The first step of type (1-6; 7 a hidden rectangle) the rectangle gives,
 * in HoDoKu's order of checks; into step when it is not NULL. */
static bool check(const hodoku_grid *g, const rectangle *r, int type, sudoku_technique t,
                  sudoku_step *step)
{
    switch (type) {
    case 1: return type_1(g, r, t, step);
    case 2:
    case 5: return type_2_or_5(g, r, t, type, step);
    case 3: return type_3(g, r, t, step);
    case 4:
    case 6: return type_4_or_6(g, r, t, type, step);
    default: return hidden(g, r, t, step);
    }
}

/* The rectangle search: corners met in order, each rectangle once;
 * allowed[cell] hodoku_allowed_digits' answer, read once per search
 * rather than once per corner tried. */
typedef struct rectangles {
    const hodoku_grid *g;
    int keys[KEYS_ROOM];
    int nkeys;
    uint16_t allowed[SUDOKU_CELLS];
} rectangles;

static void rectangles_start(rectangles *s, const hodoku_grid *g)
{
    s->g = g;
    s->nkeys = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        s->allowed[cell] = (uint16_t)hodoku_allowed_digits(g, cell);
}

/* The corners in cell order: the two rows' and two columns' crossings,
 * read off the first corner and the last, across from each other in both
 * searches (X11 and X22). */
static void sorted_corners(const uint8_t corner[4], int sorted[4])
{
    int r1 = row_of(corner[0]), r2 = row_of(corner[3]);
    int k1 = column_of(corner[0]), k2 = column_of(corner[3]);
    int top = r1 < r2 ? r1 : r2, bottom = r1 < r2 ? r2 : r1;
    int left = k1 < k2 ? k1 : k2, right = k1 < k2 ? k2 : k1;
    sorted[0] = top * 9 + left;
    sorted[1] = top * 9 + right;
    sorted[2] = bottom * 9 + left;
    sorted[3] = bottom * 9 + right;
}

/* True if the rectangle was met already; else remembers it (while room). */
static bool seen(rectangles *s, const uint8_t corner[4])
{
    int c[4];
    sorted_corners(corner, c);
    int key = ((c[0] * 10 + c[1]) * 10 + c[2]) * 10 + c[3];
    for (int i = 0; i < s->nkeys; i++)
        if (s->keys[i] == key) return true;
    if (s->nkeys < KEYS_ROOM) s->keys[s->nkeys++] = key;
    return false;
}

static void split(const hodoku_grid *g, rectangle *r)
{
    int sorted[4];
    sorted_corners(r->corner, sorted);
    r->ntwo = r->nextra = 0;
    for (int i = 0; i < 4; i++) {
        if (g->candidates[sorted[i]] & ~ur_mask(r))
            r->extra[r->nextra++] = (uint8_t)sorted[i];
        else
            r->two[r->ntwo++] = (uint8_t)sorted[i];
    }
}

/* The second corners X12 of a first X11: the other cells of its box on
 * its row or column, as bits by place in the box (the box's cell order). */
static unsigned box_line_places(int x11)
{
    int row = row_of(x11) % 3, column = column_of(x11) % 3;
    return (7u << (3 * row) | 0x49u << column) & ~(1u << (3 * row + column));
}

/* Calls visit on each rectangle in HoDoKu's order until it returns true;
 * avoidable: the rules of avoidable rectangles (corners placed by the
 * path, or bivalue). Returns what the last visit returned. */
typedef bool rectangle_visit(void *data, rectangle *r);

static bool each_rectangle(rectangles *s, rectangle_visit *visit, void *data)
{
    const hodoku_grid *g = s->g;
    for (int x11 = 0; x11 < SUDOKU_CELLS; x11++) {
        if (!sudoku_is_pair(g->candidates[x11])) continue;
        rectangle r;
        r.c1 = sudoku_lowest_digit(g->candidates[x11]);
        r.c2 = sudoku_lowest_digit(g->candidates[x11] & (g->candidates[x11] - 1u));
        unsigned both = g->candidates[x11];
        int box = box_of(x11);
        unsigned places = box_line_places(x11);
        for (; places; places &= places - 1) {
            int i = __builtin_ctz(places), x12 = sudoku_unit_cells[box][i];
            if ((s->allowed[x12] & both) != both) continue;
            bool across = i / 3 == row_of(x11) % 3;
            int line11 = across ? 9 + column_of(x11) : row_of(x11);
            int line12 = across ? 9 + column_of(x12) : row_of(x12);
            for (int p = 0; p < 9; p++) {
                int x21 = sudoku_unit_cells[line11][p], x22 = sudoku_unit_cells[line12][p];
                if (box_of(x21) == box) continue;
                if (!(s->allowed[x21] >> (r.c1 - 1) & 1u) || (s->allowed[x22] & both) != both)
                    continue;
                r.corner[0] = (uint8_t)x11, r.corner[1] = (uint8_t)x12;
                r.corner[2] = (uint8_t)x21, r.corner[3] = (uint8_t)x22;
                if (seen(s, r.corner)) continue;
                split(g, &r);
                if (visit(data, &r)) return true;
            }
        }
    }
    return false;
}

/* The lowest type (1-6) a rectangle gives, the first rectangle giving it;
 * and the first hidden rectangle met (hidden_met), for the Hidden
 * Rectangle's search of the same board, which meets the same rectangles
 * in the same order (keep_hidden). */
typedef struct lowest {
    const hodoku_grid *g;
    int type;
    rectangle best;
    bool hidden_met;
    rectangle hidden;
} lowest;

/* The types (bit type) whose check can pass, by the rectangle's number
 * of two-cells: each check turns down the others at once (type 1 wants
 * three; types 2 and 5 one or two; types 3, 4 and 6 two). */
static const uint8_t types_by_two[5] = {0, 1u << 2 | 1u << 5, 0x7Cu, 1u << 1, 0};

static bool lowest_visit(void *data, rectangle *r)
{
    lowest *l = data;
    if (!l->hidden_met && check(l->g, r, 7, SUDOKU_UNIQUE_RECTANGLE, NULL)) {
        l->hidden_met = true;
        l->hidden = *r;
    }
    unsigned types = types_by_two[r->ntwo];
    for (int type = 1; type <= 6 && (!l->type || type < l->type); type++)
        if ((types >> type & 1u) && check(l->g, r, type, SUDOKU_UNIQUE_RECTANGLE, NULL)) {
            l->type = type;
            l->best = *r;
            break;
        }
    return l->type == 1;
}

/* True if q's cache tells the first hidden rectangle of q's board. The
 * board's candidates and placed digits decide the rectangles met and
 * their checks (with no drift, a unit's placed digits are its cells'). */
static bool hidden_kept(const hodoku_query *q)
{
    const hodoku_cache *cache = q->cache;
    const hodoku_grid *g = q->grid;
    return cache && cache->rect_known && !g->drift &&
           !memcmp(cache->rect_candidates, g->candidates, sizeof cache->rect_candidates) &&
           !memcmp(cache->rect_values, g->value, sizeof cache->rect_values);
}

/* Keeps in q's cache the first hidden rectangle l met, if it met one or
 * met every rectangle (all_met: then there is none when it met none). */
static void keep_hidden(const hodoku_query *q, const lowest *l, bool all_met)
{
    hodoku_cache *cache = q->cache;
    const hodoku_grid *g = q->grid;
    if (!cache || g->drift || !(l->hidden_met || all_met)) return;
    cache->rect_known = true;
    cache->rect_found = l->hidden_met;
    memcpy(cache->rect_corners, l->hidden.corner, sizeof cache->rect_corners);
    memcpy(cache->rect_candidates, g->candidates, sizeof cache->rect_candidates);
    memcpy(cache->rect_values, g->value, sizeof cache->rect_values);
}

bool hodoku_unique_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    rectangles s;
    rectangles_start(&s, q->grid);
    lowest l = {.g = q->grid};
    bool stopped = each_rectangle(&s, lowest_visit, &l);
    keep_hidden(q, &l, !stopped);
    return l.type && check(q->grid, &l.best, l.type, technique, step);
}

typedef struct first_hidden {
    const hodoku_grid *g;
    sudoku_technique technique;
    sudoku_step *step;
} first_hidden;

static bool hidden_visit(void *data, rectangle *r)
{
    first_hidden *h = data;
    return check(h->g, r, 7, h->technique, h->step);
}

/* The step of the hidden rectangle q's cache kept (hidden_kept). */
static bool kept_step(const hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_cache *cache = q->cache;
    const hodoku_grid *g = q->grid;
    if (!cache->rect_found) return false;
    rectangle r;
    memcpy(r.corner, cache->rect_corners, sizeof r.corner);
    unsigned both = g->candidates[r.corner[0]];
    r.c1 = sudoku_lowest_digit(both);
    r.c2 = sudoku_lowest_digit(both & (both - 1u));
    split(g, &r);
    return check(g, &r, 7, technique, step);
}

bool hodoku_hidden_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    if (hidden_kept(q)) return kept_step(q, technique, step);
    rectangles s;
    rectangles_start(&s, q->grid);
    first_hidden h = {q->grid, technique, step};
    return each_rectangle(&s, hidden_visit, &h);
}

/* ---- avoidable rectangles ---- */

/* Placed by the path, not given. */
static bool solved(const hodoku_grid *g, int cell)
{
    return g->value[cell] && !g->given[cell];
}

static bool bivalue_with(const hodoku_grid *g, int cell, int digit)
{
    return !g->value[cell] && has(g, cell, digit) && sudoku_is_pair(g->candidates[cell]);
}

/* The avoidable rectangle's step of type, if it gives one. */
static bool avoidable_check(const hodoku_grid *g, const rectangle *r, int type,
                            sudoku_technique technique, sudoku_step *step)
{
    int x21 = r->corner[2], x22 = r->corner[3];
    if (g->value[x21] || g->value[x22]) {
        if (type != 1) return false;
        int cell = g->value[x21] ? x22 : x21, digit = g->value[x21] ? r->c1 : r->c2;
        if (!has(g, cell, digit)) return false;
        if (step) {
            rectangle_step(g, r, technique, 1, step);
            step->digits = (uint16_t)(1u << (r->c1 - 1) | 1u << (r->c2 - 1));
            logic_step_remove(step, cell, digit);
        }
        return true;
    }
    if (type != 2) return false;
    int x = sudoku_lowest_digit(g->candidates[x21] & ~(1u << (r->c2 - 1)));
    if (!has(g, x22, x)) return false;
    bool found = false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!has(g, cell, x) || !logic_sees(cell, x21) || !logic_sees(cell, x22)) continue;
        if (!step) return true;
        if (!found) rectangle_step(g, r, technique, 2, step);
        found = true;
        logic_step_remove(step, cell, x);
    }
    return found;
}

/* The first avoidable rectangle of the lowest type, in HoDoKu's order:
 * into found, its type returned (0: none). HoDoKu searches for type 1
 * and then again for type 2; both searches meet the same rectangles in
 * the same order (which they skip as met does not depend on the type),
 * so one pass answers both: the first of type 1, else the first of 2. */
static int avoidable_search(const hodoku_grid *g, sudoku_technique technique, rectangle *found)
{
    rectangles s;
    s.g = g;
    s.nkeys = 0;
    int type = 0;
    for (int x11 = 0; x11 < SUDOKU_CELLS; x11++) {
        if (!solved(g, x11)) continue;
        rectangle r = {.c1 = g->value[x11]};
        int box = box_of(x11);
        unsigned places = box_line_places(x11);
        for (; places; places &= places - 1) {
            int i = __builtin_ctz(places), x12 = sudoku_unit_cells[box][i];
            if (!solved(g, x12)) continue;
            r.c2 = g->value[x12];
            bool across = i / 3 == row_of(x11) % 3;
            int line11 = across ? 9 + column_of(x11) : row_of(x11);
            int line12 = across ? 9 + column_of(x12) : row_of(x12);
            for (int p = 0; p < 9; p++) {
                int x21 = sudoku_unit_cells[line11][p], x22 = sudoku_unit_cells[line12][p];
                if (box_of(x21) == box) continue;
                bool fits =
                    (g->value[x21] == r.c2 && !g->given[x21] && bivalue_with(g, x22, r.c1)) ||
                    (g->value[x22] == r.c1 && !g->given[x22] && bivalue_with(g, x21, r.c2)) ||
                    (bivalue_with(g, x21, r.c2) && bivalue_with(g, x22, r.c1));
                if (!fits) continue;
                r.corner[0] = (uint8_t)x11, r.corner[1] = (uint8_t)x12;
                r.corner[2] = (uint8_t)x21, r.corner[3] = (uint8_t)x22;
                if (seen(&s, r.corner)) continue;
                if (avoidable_check(g, &r, 1, technique, NULL)) {
                    *found = r;
                    return 1;
                }
                if (!type && avoidable_check(g, &r, 2, technique, NULL)) {
                    *found = r;
                    type = 2;
                }
            }
        }
    }
    return type;
}

bool hodoku_avoidable_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    rectangle r;
    int type = avoidable_search(q->grid, technique, &r);
    return type && avoidable_check(q->grid, &r, type, technique, step);
}
