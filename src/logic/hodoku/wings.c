/*
 * wings.c: HoDoKu's wings (wings.h; hodoku-spec 5): W-Wing, XY-Wing and
 * XYZ-Wing, each the first found in HoDoKu's order of cells.
 */
#include "wings.h"

#include "logic/state.h"
#include "logic/step.h"

static bool has(const hodoku_grid *g, int cell, int digit)
{
    return g->candidates[cell] >> (digit - 1) & 1u;
}

/* The cells with digit that see all of cells (n of them), as bits over
 * cells (bit c % 64 of seen[c / 64]). */
static void sees_all(const hodoku_grid *g, const int *cells, int n, int digit, uint64_t seen[2])
{
    for (int w = 0; w < 2; w++) {
        seen[w] = g->digit_cells[digit - 1][w];
        for (int i = 0; i < n; i++) seen[w] &= sudoku_peer_bits[cells[i]][w];
    }
}

/* Removes digit from every cell that sees all of cells (n of them) and
 * has it, in cell order; false if there is none (then the step is left
 * as it was). start is called before the first. */
static bool remove_seen(const hodoku_grid *g, const int *cells, int n, int digit,
                        sudoku_step *step, void (*start)(const void *), const void *what)
{
    uint64_t seen[2];
    sees_all(g, cells, n, digit, seen);
    if (!(seen[0] | seen[1])) return false;
    start(what);
    for (int w = 0; w < 2; w++)
        for (uint64_t left = seen[w]; left; left &= left - 1)
            logic_step_remove(step, 64 * w + __builtin_ctzll(left), digit);
    return true;
}

/* ---- W-Wing ---- */

typedef struct w_wing {
    const hodoku_grid *grid;
    sudoku_technique technique;
    int i, j, a, b, w1, w2;
    sudoku_step *step;
} w_wing;

static void w_wing_start(const void *what)
{
    const w_wing *w = what;
    sudoku_step *step = w->step;
    logic_step_start(step, w->technique, 0);
    step->digits = (uint16_t)(1u << (w->a - 1) | 1u << (w->b - 1));
    const int cells[4] = {w->i, w->j, w->w1, w->w2};
    for (int k = 0; k < 4; k++) {
        logic_step_cell(step, cells[k]);
        logic_step_mark(step, k < 2 ? SUDOKU_ROLE_PATTERN : SUDOKU_ROLE_LINK, 0, cells[k],
                        k < 2 ? step->digits : 1u << (w->b - 1));
    }
}

/* The first conjugate pair of b (units in order) with one cell seeing i
 * and the other j (a cell seeing both counts for i): into w1, w2. */
static bool w_bridge(w_wing *w)
{
    const hodoku_grid *g = w->grid;
    for (int unit = 0; unit < 27; unit++) {
        if (g->free[unit][w->b] != 2) continue;
        int w1 = -1, w2 = -1;
        for (int k = 0; k < 9; k++) {
            int cell = sudoku_unit_cells[unit][k];
            if (cell == w->i || cell == w->j || !has(g, cell, w->b)) continue;
            if (logic_sees(cell, w->i))
                w1 = cell;
            else if (logic_sees(cell, w->j))
                w2 = cell;
            if (w1 >= 0 && w2 >= 0) break;
        }
        if (w1 >= 0 && w2 >= 0) {
            w->w1 = w1;
            w->w2 = w2;
            return true;
        }
    }
    return false;
}

bool hodoku_w_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    w_wing w = {.grid = g, .technique = technique, .step = step};
    for (w.i = 0; w.i < SUDOKU_CELLS; w.i++) {
        unsigned pair = g->candidates[w.i];
        if (g->value[w.i] || !sudoku_is_pair(pair)) continue;
        int c1 = sudoku_lowest_digit(pair), c2 = sudoku_lowest_digit(pair & (pair - 1));
        for (w.j = w.i + 1; w.j < SUDOKU_CELLS; w.j++) {
            if (g->candidates[w.j] != pair) continue;
            for (int order = 0; order < 2; order++) {
                w.a = order ? c2 : c1;
                w.b = order ? c1 : c2;
                const int ends[2] = {w.i, w.j};
                uint64_t seen[2];
                sees_all(g, ends, 2, w.a, seen);
                if (!(seen[0] | seen[1]) || !w_bridge(&w)) continue;
                return remove_seen(g, ends, 2, w.a, step, w_wing_start, &w);
            }
        }
    }
    return false;
}

/* ---- XY-Wing, XYZ-Wing ---- */

typedef struct wing {
    const hodoku_grid *grid;
    sudoku_technique technique;
    int pivot, pincer1, pincer2;
    sudoku_step *step;
} wing;

static void wing_start(const void *what)
{
    const wing *w = what;
    const hodoku_grid *g = w->grid;
    sudoku_step *step = w->step;
    logic_step_start(step, w->technique, 0);
    step->digits = (uint16_t)(g->candidates[w->pivot] | g->candidates[w->pincer1]);
    logic_step_cell(step, w->pivot);
    logic_step_cell(step, w->pincer1);
    logic_step_cell(step, w->pincer2);
    logic_step_mark(step, SUDOKU_ROLE_PIVOT, 0, w->pivot, g->candidates[w->pivot]);
    logic_step_mark(step, SUDOKU_ROLE_PINCER, 0, w->pincer1, g->candidates[w->pincer1]);
    logic_step_mark(step, SUDOKU_ROLE_PINCER, 1, w->pincer2, g->candidates[w->pincer2]);
}

/* The wing with this pivot and these pincers, if they make one with
 * eliminations (an XYZ-wing's also seeing the pivot). */
static bool wing_try(wing *w, int pivot, int pincer1, int pincer2, bool xyz)
{
    const hodoku_grid *g = w->grid;
    if (!logic_sees(pivot, pincer1) || !logic_sees(pivot, pincer2)) return false;
    unsigned z = g->candidates[pincer1] & g->candidates[pincer2];
    if (!sudoku_is_single(z)) return false;
    w->pivot = pivot;
    w->pincer1 = pincer1;
    w->pincer2 = pincer2;
    const int cells[3] = {pincer1, pincer2, pivot};
    return remove_seen(g, cells, xyz ? 3 : 2, sudoku_lowest_digit(z), w->step, wing_start, w);
}

/* The bivalue cells: in cell order into list (their number returned),
 * and as bits over cells. */
static int pair_cells(const hodoku_grid *g, uint8_t list[SUDOKU_CELLS], uint64_t pairs[2])
{
    int n = 0;
    pairs[0] = pairs[1] = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (sudoku_is_pair(g->candidates[cell])) {
            list[n++] = (uint8_t)cell;
            pairs[cell / 64] |= 1ull << (cell % 64);
        }
    return n;
}

/* Of cells, those past cell and with digit and one of others (a bivalue
 * cell's candidates are then digit and one of those), as bits over
 * cells. */
static void pairs_after(const hodoku_grid *g, const uint64_t cells[2], int cell, int digit,
                        unsigned others, uint64_t out[2])
{
    uint64_t after[2] = {cell < 63 ? ~0ull << (cell + 1) : 0,
                         cell < 63 ? ~0ull : ~0ull << (cell - 63)};
    for (int w = 0; w < 2; w++) {
        uint64_t with = 0;
        for (unsigned left = others; left; left &= left - 1)
            with |= g->digit_cells[__builtin_ctz(left)][w];
        out[w] = cells[w] & after[w] & g->digit_cells[digit - 1][w] & with;
    }
}

/* XY-Wing: three bivalue cells of three digits between them, no two
 * alike, in cell order. Two pairs of three digits share one; the third
 * cell then holds exactly the other two (x and z), so only the bivalue
 * cells with both are tried, in the same order. */
bool hodoku_xy_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    uint8_t list[SUDOKU_CELLS];
    uint64_t pairs[2];
    int n = pair_cells(g, list, pairs);
    wing w = {.grid = g, .technique = technique, .step = step};
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            int i = list[a], j = list[b];
            unsigned xz = g->candidates[i] ^ g->candidates[j];
            if (sudoku_popcount(g->candidates[i] | g->candidates[j]) != 3) continue;
            uint64_t thirds[2];
            pairs_after(g, pairs, j, sudoku_lowest_digit(xz), xz & (xz - 1u), thirds);
            /* The pivot sees both pincers: with i and j apart only the
             * third can be it, seeing both; else it sees one of them. */
            bool apart = !logic_sees(i, j);
            for (int word = 0; word < 2; word++) {
                uint64_t pi = sudoku_peer_bits[i][word], pj = sudoku_peer_bits[j][word];
                thirds[word] &= apart ? pi & pj : pi | pj;
            }
            for (int word = 0; word < 2; word++)
                for (uint64_t left = thirds[word]; left; left &= left - 1) {
                    int k = 64 * word + __builtin_ctzll(left);
                    if (wing_try(&w, i, j, k, false) || wing_try(&w, j, i, k, false) ||
                        wing_try(&w, k, j, i, false))
                        return true;
                }
        }
    return false;
}

/* XYZ-Wing: a pivot of three digits and two bivalue cells in cell order,
 * each of two of its digits, not alike: past the first (its digits u and
 * v of the pivot's u, v and w) only those of w and u or v are tried. */
bool hodoku_xyz_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    uint8_t list[SUDOKU_CELLS];
    uint64_t pairs[2];
    int n = pair_cells(g, list, pairs);
    wing w = {.grid = g, .technique = technique, .step = step};
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        unsigned pivot = g->candidates[i];
        if (sudoku_popcount(pivot) != 3) continue;
        for (int b = 0; b < n; b++) {
            int j = list[b];
            unsigned uv = g->candidates[j];
            /* the pivot sees both pincers */
            if ((uv & ~pivot) || !logic_sees(i, j)) continue;
            uint64_t thirds[2];
            pairs_after(g, pairs, j, sudoku_lowest_digit(pivot & ~uv), uv, thirds);
            for (int word = 0; word < 2; word++)
                for (uint64_t left = thirds[word] & sudoku_peer_bits[i][word]; left; left &= left - 1)
                    if (wing_try(&w, i, j, 64 * word + __builtin_ctzll(left), true)) return true;
        }
    }
    return false;
}
