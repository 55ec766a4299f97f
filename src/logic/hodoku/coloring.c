/*
 * coloring.c: HoDoKu's colouring (coloring.h; hodoku-spec 10): a digit's
 * conjugate pairs coloured in clusters of two colours (one of which is
 * true); simple colours look inside one cluster (a colour that sees
 * itself is false: wrap; a candidate that sees both colours goes: trap),
 * multi colours at two clusters that see each other.
 */
#include "coloring.h"

#include "logic/step.h"

/* Sets of cells: bit c % 64 of word c / 64. */
typedef struct cells {
    uint64_t w[2];
} cells;

static bool cells_has(const cells *s, int cell)
{
    return s->w[cell / 64] >> (cell % 64) & 1u;
}

static void cells_add(cells *s, int cell)
{
    s->w[cell / 64] |= 1ull << (cell % 64);
}

static void cells_drop(cells *s, int cell)
{
    s->w[cell / 64] &= ~(1ull << (cell % 64));
}

static bool cells_empty(const cells *s)
{
    return !s->w[0] && !s->w[1];
}

/* The lowest cell of a set not empty, taken out of it: a set's cells in
 * increasing order without a look at the others. */
static int cells_pop(cells *s)
{
    int w = s->w[0] ? 0 : 1;
    int cell = 64 * w + __builtin_ctzll(s->w[w]);
    s->w[w] &= s->w[w] - 1;
    return cell;
}

/* A cluster: its two colours, the first the colour of its first cell. */
typedef struct cluster {
    cells color[2];
    cells seen[2]; /* the cells that see a cell of each colour */
} cluster;

#define MAX_CLUSTERS 41

typedef struct coloring {
    const hodoku_grid *g;
    int digit;
    cells unplaced; /* cells with a conjugate not coloured yet */
    cluster clusters[MAX_CLUSTERS];
    int n;
} coloring;

/* The other cell of the digit's conjugate pair in unit, or -1. */
static int partner(const hodoku_grid *g, int unit, int digit, int cell)
{
    if (g->free[unit][digit] != 2) return -1;
    /* The unit's first other cell with the digit: its lowest (a unit's
     * cells are in increasing order). */
    const uint64_t *with = g->digit_cells[digit - 1];
    cells others = {{with[0] & sudoku_unit_bits[unit][0], with[1] & sudoku_unit_bits[unit][1]}};
    cells_drop(&others, cell);
    return cells_empty(&others) ? -1 : cells_pop(&others);
}

// NOLINTNEXTLINE(misc-no-recursion): one level per cell of a cluster, 81 at most
static void color_from(coloring *c, cluster *k, int cell, int color)
{
    if (cell < 0 || !cells_has(&c->unplaced, cell)) return;
    cells_add(&k->color[color], cell);
    cells_drop(&c->unplaced, cell);
    for (int u = 0; u < 3; u++)
        color_from(c, k, partner(c->g, sudoku_cell_units[cell][u], c->digit, cell), 1 - color);
}

/* True if a and b share a cell: with a the cells seeing a set, whether
 * some cell of that set sees some cell of b. */
static bool meets(const cells *a, const cells *b)
{
    return (a->w[0] & b->w[0]) || (a->w[1] & b->w[1]);
}

/* The cells that see a cell of s. */
static cells seen_by(const cells *s)
{
    cells seen = {{0, 0}};
    for (cells left = *s; !cells_empty(&left);) {
        int cell = cells_pop(&left);
        seen.w[0] |= sudoku_peer_bits[cell][0], seen.w[1] |= sudoku_peer_bits[cell][1];
    }
    return seen;
}

/* The digit's clusters, in HoDoKu's order (each from its lowest cell). */
static void make_clusters(coloring *c, const hodoku_grid *g, int digit)
{
    c->g = g;
    c->digit = digit;
    c->n = 0;
    c->unplaced = (cells){{0, 0}};
    /* the digit's cells in a unit of two places: those units' cells with it */
    const uint64_t *with = g->digit_cells[digit - 1];
    for (int unit = 0; unit < 27; unit++)
        if (g->free[unit][digit] == 2) {
            c->unplaced.w[0] |= with[0] & sudoku_unit_bits[unit][0];
            c->unplaced.w[1] |= with[1] & sudoku_unit_bits[unit][1];
        }
    /* Each cluster from the lowest cell left (colouring only takes cells
     * out: the cells come in increasing order). */
    while (!cells_empty(&c->unplaced) && c->n < MAX_CLUSTERS) {
        cells left = c->unplaced;
        int cell = cells_pop(&left);
        cluster *k = &c->clusters[c->n];
        k->color[0] = k->color[1] = (cells){{0, 0}};
        color_from(c, k, cell, 0);
        if (cells_empty(&k->color[0]) || cells_empty(&k->color[1])) continue;
        k->seen[0] = seen_by(&k->color[0]);
        k->seen[1] = seen_by(&k->color[1]);
        c->n++;
    }
}

/* The cells with the digit that see a cell of a and a cell of b (given
 * the cells seeing each). */
static cells trapped(const coloring *c, const cells *see_a, const cells *see_b)
{
    const uint64_t *with = c->g->digit_cells[c->digit - 1];
    return (cells){{see_a->w[0] & see_b->w[0] & with[0], see_a->w[1] & see_b->w[1] & with[1]}};
}

static void remove_all(sudoku_step *step, const cells *s, int digit)
{
    for (cells left = *s; !cells_empty(&left);) logic_step_remove(step, cells_pop(&left), digit);
}

/* The step's start: its clusters' colours marked (the first cluster's
 * colours 0 and 1, the second's 2 and 3). */
static void coloring_step(const coloring *c, sudoku_technique technique, int variant,
                          const cluster *const *clusters, int n, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->variant = variant;
    step->digits = (uint16_t)(1u << (c->digit - 1));
    for (int k = 0; k < n; k++)
        for (int color = 0; color < 2; color++)
            for (cells left = clusters[k]->color[color]; !cells_empty(&left);) {
                int cell = cells_pop(&left);
                logic_step_cell(step, cell);
                logic_step_mark(step, SUDOKU_ROLE_COLOR, 2 * k + color, cell, step->digits);
            }
}

/* A colour of k two of whose cells see each other. */
static bool wraps(const cluster *k, int color)
{
    return meets(&k->seen[color], &k->color[color]);
}

bool hodoku_simple_colors(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    coloring c;
    hodoku_digit_cells at;
    unsigned open = hodoku_digits_open(q, technique, &at);
    for (int digit = 1; digit <= 9; digit++) {
        if (!(open >> (digit - 1) & 1u)) continue;
        make_clusters(&c, q->grid, digit);
        for (int k = 0; k < c.n; k++) {
            const cluster *one[1] = {&c.clusters[k]};
            bool wrap0 = wraps(&c.clusters[k], 0), wrap1 = wraps(&c.clusters[k], 1);
            if (wrap0 || wrap1) {
                coloring_step(&c, technique, SUDOKU_COLORS_WRAP, one, 1, step);
                if (wrap0) remove_all(step, &c.clusters[k].color[0], digit);
                if (wrap1) remove_all(step, &c.clusters[k].color[1], digit);
                return true;
            }
            cells trap = trapped(&c, &c.clusters[k].seen[0], &c.clusters[k].seen[1]);
            if (cells_empty(&trap)) continue;
            coloring_step(&c, technique, SUDOKU_COLORS_TRAP, one, 1, step);
            remove_all(step, &trap, digit);
            return true;
        }
    }
    hodoku_digits_none(q, technique, &at);
    return false;
}

/* Type 2: a colour of one cluster that sees both colours of the other is false. */
static bool sees_both(const cluster *one, int color, const cluster *other)
{
    return meets(&one->seen[color], &other->color[0]) && meets(&one->seen[color], &other->color[1]);
}

static bool multi_pair(const coloring *c, sudoku_technique technique, const cluster *one,
                       const cluster *two, sudoku_step *step)
{
    const cluster *pair[2] = {one, two};
    bool false0 = sees_both(one, 0, two), false1 = sees_both(one, 1, two);
    if (false0 || false1) {
        coloring_step(c, technique, 2, pair, 2, step);
        if (false0) remove_all(step, &one->color[0], c->digit);
        if (false1) remove_all(step, &one->color[1], c->digit);
        return true;
    }
    /* Type 1: two colours that see each other cannot both be true: the
     * other two colours are not both false. */
    bool found = false;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            if (!meets(&one->seen[a], &two->color[b])) continue;
            cells trap = trapped(c, &one->seen[1 - a], &two->seen[1 - b]);
            if (cells_empty(&trap)) continue;
            if (!found) coloring_step(c, technique, 1, pair, 2, step);
            found = true;
            remove_all(step, &trap, c->digit);
        }
    return found;
}

bool hodoku_multi_colors(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    coloring c;
    hodoku_digit_cells at;
    unsigned open = hodoku_digits_open(q, technique, &at);
    for (int digit = 1; digit <= 9; digit++) {
        if (!(open >> (digit - 1) & 1u)) continue;
        make_clusters(&c, q->grid, digit);
        for (int i = 0; i < c.n; i++)
            for (int j = 0; j < c.n; j++)
                if (i != j && multi_pair(&c, technique, &c.clusters[i], &c.clusters[j], step))
                    return true;
    }
    hodoku_digits_none(q, technique, &at);
    return false;
}
