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

/* The cells past cell, as bits over cells. */
static void cells_after(int cell, uint64_t after[2])
{
    after[0] = cell < 63 ? ~0ull << (cell + 1) : 0;
    after[1] = cell < 63 ? ~0ull : ~0ull << (cell - 63);
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

/* The W-Wing of ends i and j (of digits c1 and c2), if they make one:
 * into the step. */
static bool w_wing_of(w_wing *w, int c1, int c2)
{
    const hodoku_grid *g = w->grid;
    const int ends[2] = {w->i, w->j};
    for (int order = 0; order < 2; order++) {
        w->a = order ? c2 : c1;
        w->b = order ? c1 : c2;
        uint64_t seen[2];
        sees_all(g, ends, 2, w->a, seen);
        if (!(seen[0] | seen[1]) || !w_bridge(w)) continue;
        return remove_seen(g, ends, 2, w->a, w->step, w_wing_start, w);
    }
    return false;
}

/* The ends: two cells of the same two digits, in cell order (the second
 * among the cells past the first with both digits). */
bool hodoku_w_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    w_wing w = {.grid = g, .technique = technique, .step = step};
    for (w.i = 0; w.i < SUDOKU_CELLS; w.i++) {
        unsigned pair = g->candidates[w.i];
        if (g->value[w.i] || !sudoku_is_pair(pair)) continue;
        int c1 = sudoku_lowest_digit(pair), c2 = sudoku_lowest_digit(pair & (pair - 1));
        uint64_t both[2];
        cells_after(w.i, both);
        for (int word = 0; word < 2; word++)
            both[word] &= g->digit_cells[c1 - 1][word] & g->digit_cells[c2 - 1][word];
        for (int word = 0; word < 2; word++)
            for (uint64_t left = both[word]; left; left &= left - 1) {
                w.j = 64 * word + __builtin_ctzll(left);
                if (g->candidates[w.j] == pair && w_wing_of(&w, c1, c2)) return true;
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

/* The bivalue cells, as bits over cells. */
static void pair_cells(const hodoku_grid *g, uint64_t pairs[2])
{
    pairs[0] = pairs[1] = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (sudoku_is_pair(g->candidates[cell])) pairs[cell / 64] |= 1ull << (cell % 64);
}

/* Of cells, those past cell and with digit and one of others (a bivalue
 * cell's candidates are then digit and one of those), as bits over
 * cells. */
static void pairs_after(const hodoku_grid *g, const uint64_t cells[2], int cell, int digit,
                        unsigned others, uint64_t out[2])
{
    uint64_t after[2];
    cells_after(cell, after);
    for (int w = 0; w < 2; w++) {
        uint64_t with = 0;
        for (unsigned left = others; left; left &= left - 1)
            with |= g->digit_cells[__builtin_ctz(left)][w];
        out[w] = cells[w] & after[w] & g->digit_cells[digit - 1][w] & with;
    }
}

/* The XY-Wings of bivalue cells i and j (of three digits between them)
 * with a third past j: it holds exactly the two digits they do not share,
 * and the pivot sees both pincers (with i and j apart only the third can
 * be it, seeing both; else it sees one of them). wing_try turns down
 * every other third. */
static bool xy_wing_of(wing *w, const uint64_t pairs[2], int i, int j)
{
    const hodoku_grid *g = w->grid;
    unsigned xz = g->candidates[i] ^ g->candidates[j];
    uint64_t thirds[2];
    pairs_after(g, pairs, j, sudoku_lowest_digit(xz), xz & (xz - 1u), thirds);
    bool apart = !logic_sees(i, j);
    for (int word = 0; word < 2; word++) {
        uint64_t pi = sudoku_peer_bits[i][word], pj = sudoku_peer_bits[j][word];
        for (uint64_t left = thirds[word] & (apart ? pi & pj : pi | pj); left; left &= left - 1) {
            int k = 64 * word + __builtin_ctzll(left);
            if (wing_try(w, i, j, k, false) || wing_try(w, j, i, k, false) ||
                wing_try(w, k, j, i, false))
                return true;
        }
    }
    return false;
}

/* XY-Wing: three bivalue cells of three digits between them, no two
 * alike, in cell order: the second shares exactly one digit with the
 * first. */
bool hodoku_xy_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    uint64_t pairs[2];
    pair_cells(g, pairs);
    wing w = {.grid = g, .technique = technique, .step = step};
    for (int word = 0; word < 2; word++)
        for (uint64_t firsts = pairs[word]; firsts; firsts &= firsts - 1) {
            int i = 64 * word + __builtin_ctzll(firsts);
            unsigned xy = g->candidates[i];
            int x = sudoku_lowest_digit(xy), y = sudoku_lowest_digit(xy & (xy - 1u));
            uint64_t seconds[2];
            cells_after(i, seconds);
            for (int v = 0; v < 2; v++)
                seconds[v] &= pairs[v] & (g->digit_cells[x - 1][v] ^ g->digit_cells[y - 1][v]);
            for (int v = 0; v < 2; v++)
                for (uint64_t left = seconds[v]; left; left &= left - 1)
                    if (xy_wing_of(&w, pairs, i, 64 * v + __builtin_ctzll(left))) return true;
        }
    return false;
}

/* XYZ-Wing: a pivot of three digits and two bivalue cells in cell order,
 * each of two of its digits, not alike, both seeing it (wing_try turns
 * down any other): past the first (its digits u and v of the pivot's u,
 * v and w) only those of w and u or v are tried. */
bool hodoku_xyz_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    uint64_t pairs[2];
    pair_cells(g, pairs);
    wing w = {.grid = g, .technique = technique, .step = step};
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        unsigned pivot = g->candidates[i];
        if (sudoku_popcount(pivot) != 3) continue;
        unsigned vz = pivot & (pivot - 1u);
        int u = sudoku_lowest_digit(pivot), v = sudoku_lowest_digit(vz);
        int z = sudoku_lowest_digit(vz & (vz - 1u));
        for (int word = 0; word < 2; word++) {
            const uint64_t *du = g->digit_cells[u - 1], *dv = g->digit_cells[v - 1];
            const uint64_t *dz = g->digit_cells[z - 1];
            uint64_t seconds = pairs[word] & sudoku_peer_bits[i][word] &
                               ((du[word] & dv[word]) | (du[word] & dz[word]) | (dv[word] & dz[word]));
            for (; seconds; seconds &= seconds - 1) {
                int j = 64 * word + __builtin_ctzll(seconds);
                unsigned uv = g->candidates[j];
                uint64_t thirds[2];
                pairs_after(g, pairs, j, sudoku_lowest_digit(pivot & ~uv), uv, thirds);
                for (int k = 0; k < 2; k++)
                    for (uint64_t left = thirds[k] & sudoku_peer_bits[i][k]; left; left &= left - 1)
                        if (wing_try(&w, i, j, 64 * k + __builtin_ctzll(left), true)) return true;
            }
        }
    }
    return false;
}
