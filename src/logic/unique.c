/*
 * unique.c: unique rectangles and unique loops, types 1-4. Cells
 * that pair up in every row, column and box they touch, all holding only
 * the same two digits, would let those digits swap: a second solution. A
 * puzzle with one solution cannot end that way, so what would lead there
 * is false. A rectangle is the four-cell loop.
 *
 * SE builds loops by walking from each bivalue cell through cells that
 * hold both digits, changing the kind of unit at every step, and allows at
 * most two cells with extra digits (more only while they all add the same
 * one digit); it then takes, of every step it can derive, the lowest rated,
 * the lowest type first, the first found among equals. We walk and choose
 * the same way, so that our path and ratings follow SE's (docs/logic.md).
 */
#include "unique.h"
#include "state.h"
#include "step.h"

#include <string.h>

/* SE's rating: 4.5, plus 0.1 for a loop of 6 cells, 0.2 of 8, 0.5 of 10 or
 * more; type 3 adds 0.1 for each digit its set has beyond the first. */
#define RATING_BASE 45

/* The unit kinds in SE's order of walking: box, row, column. */
static const int walk_kinds[3] = {2, 0, 1};

/* The longest loop: each row holds none or two of its cells. */
#define LOOP_MAX 18

typedef struct walk {
    const sudoku_logic *state;
    unsigned pair;
    int loop[LOOP_MAX];
    int length;
    bool in_loop[SUDOKU_CELLS];
    /* Loop cells in each unit, by the parity of their place in the loop:
     * a loop must visit each of its units once at an even and once at an
     * odd place, so a walk that breaks this is cut short. */
    uint8_t visits[27][2];
    sudoku_step best; /* the lowest rated step found so far */
    bool found;
    sudoku_technique only; /* rectangles or loops alone; SUDOKU_TECHNIQUES: both */
} walk;

static int loop_rating(int length)
{
    int rating = RATING_BASE;
    if (length >= 10) rating += 3;
    if (length >= 8)
        rating += 2;
    else if (length >= 6)
        rating += 1;
    return rating;
}

static int unit_of(int cell, int kind)
{
    return sudoku_cell_units[cell][kind];
}

/* Starts a step on the loop w->loop. */
static void loop_step(const walk *w, int type, int extra_rating, sudoku_step *step)
{
    logic_step_start(step, w->length == 4 ? SUDOKU_UNIQUE_RECTANGLE : SUDOKU_UNIQUE_LOOP,
                     loop_rating(w->length) + extra_rating);
    step->variant = type;
    step->digits = (uint16_t)w->pair;
    for (int i = 0; i < w->length; i++) logic_step_cell(step, w->loop[i]);
    step->npattern = w->length;
}

/* Keeps step if it removes something and is rated lower than the best so
 * far, or rated the same with a lower type (SE's sort, stable). */
static void offer(walk *w, const sudoku_step *step)
{
    if (!logic_step_useful(step)) return;
    if (w->only != SUDOKU_TECHNIQUES && step->technique != w->only) return;
    if (w->found && (step->rating > w->best.rating ||
                     (step->rating == w->best.rating && step->variant >= w->best.variant)))
        return;
    w->best = *step;
    w->found = true;
}

/* Type 1: one cell holds more than the pair: it loses the pair. */
static void type_1(walk *w, int rescue)
{
    sudoku_step step;
    loop_step(w, 1, 0, &step);
    for (unsigned m = w->pair; m; m &= m - 1)
        logic_step_eliminate(&step, w->state, rescue, sudoku_lowest_digit(m));
    offer(w, &step);
}

/* Type 2: the cells with extras all add the one digit x: x is in one of
 * them, so it leaves every cell that sees them all. */
static void type_2(walk *w, const int *extra_cells, int extras)
{
    unsigned x = w->state->candidates[extra_cells[0]] & ~w->pair;
    int digit = sudoku_lowest_digit(x);
    sudoku_step step;
    loop_step(w, 2, 0, &step);
    step.extra = (uint16_t)(1u << (digit - 1));
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        bool sees_all = true;
        for (int i = 0; i < extras && sees_all; i++) sees_all = logic_sees(cell, extra_cells[i]);
        if (sees_all) logic_step_eliminate(&step, w->state, cell, digit);
    }
    offer(w, &step);
}

/* The unit of kind shared by cells a and b, or -1. */
static int shared_unit(int a, int b, int kind)
{
    return unit_of(a, kind) == unit_of(b, kind) ? unit_of(a, kind) : -1;
}

static int index_in_unit(int unit, int cell)
{
    for (int i = 0; i < 9; i++)
        if (sudoku_unit_cells[unit][i] == cell) return i;
    return -1;
}

/* True if digit has a place in unit besides cells a and b. */
static bool placed_elsewhere(const walk *w, int unit, int digit, int a, int b)
{
    for (int i = 0; i < 9; i++) {
        int c = sudoku_unit_cells[unit][i];
        if (c != a && c != b && (w->state->candidates[c] & (1u << (digit - 1)))) return true;
    }
    return false;
}

/* Type 4: in a unit the two cells with extras share, one digit of the pair
 * has no other place: it is in one of them, so the other digit is in
 * neither. As SE: the lower digit if it is locked in any such unit, the
 * last such unit in the order of kinds. */
static void type_4(walk *w, int c1, int c2)
{
    int v1 = sudoku_lowest_digit(w->pair), v2 = sudoku_lowest_digit(w->pair & (w->pair - 1));
    int unit1 = -1, unit2 = -1;
    for (int k = 0; k < 3; k++) {
        int u = shared_unit(c1, c2, walk_kinds[k]);
        if (u < 0) continue;
        if (!placed_elsewhere(w, u, v1, c1, c2)) unit1 = u;
        if (!placed_elsewhere(w, u, v2, c1, c2)) unit2 = u;
    }
    if (unit1 < 0 && unit2 < 0) return;
    int locked = unit1 >= 0 ? v1 : v2, gone = unit1 >= 0 ? v2 : v1;
    sudoku_step step;
    loop_step(w, 4, 0, &step);
    step.units = 1u << (unit1 >= 0 ? unit1 : unit2);
    step.extra = (uint16_t)(1u << (locked - 1));
    logic_step_eliminate(&step, w->state, c1, gone);
    logic_step_eliminate(&step, w->state, c2, gone);
    offer(w, &step);
}

/* Type 3, naked: c1 (standing for both cells with extras, holding their
 * extra digits) and degree - 1 other cells of the unit hold only degree
 * digits: those digits leave the rest of the unit. */
static void type_3_naked(walk *w, int unit, int c1, int c2, unsigned extra, int degree)
{
    const uint16_t *cand = w->state->candidates;
    int i1 = index_in_unit(unit, c1), i2 = index_in_unit(unit, c2);
    /* The sets hold c1 and not c2, nor a cell of fewer than two digits or
     * more than degree: the others' subsets, c1 added, come in the same
     * order as the sets of all nine that qualify. */
    unsigned others = 0;
    for (int i = 0; i < 9; i++) {
        int count = sudoku_popcount(cand[sudoku_unit_cells[unit][i]]);
        if (i != i1 && i != i2 && count >= 2 && count <= degree) others |= 1u << i;
    }
    for (unsigned rest = logic_first_subset(others, degree - 1); rest;
         rest = logic_next_subset(others, rest)) {
        unsigned set = rest | 1u << i1;
        unsigned naked = extra & cand[c1] & cand[c2], all = 0;
        bool small = false;
        for (int i = 0; i < 9; i++) {
            if (!(set & (1u << i))) continue;
            unsigned mine = i == i1 ? extra : cand[sudoku_unit_cells[unit][i]];
            if (i != i1) naked |= mine;
            all |= mine;
            small |= sudoku_popcount(mine) <= 1;
        }
        if (sudoku_popcount(naked) != degree || small || sudoku_popcount(all) != degree) continue;
        sudoku_step step;
        loop_step(w, 3, degree - 1, &step);
        step.units = 1u << unit;
        step.extra = (uint16_t)all;
        for (int i = 0; i < 9; i++) {
            int cell = sudoku_unit_cells[unit][i];
            if (set & (1u << i)) {
                if (i != i1) logic_step_cell(&step, cell);
                continue;
            }
            if (cell == c2) continue;
            for (unsigned m = all; m; m &= m - 1)
                logic_step_eliminate(&step, w->state, cell, sudoku_lowest_digit(m));
        }
        offer(w, &step);
    }
}

/* Type 3, hidden: degree digits, the pair among them, have (c2 left out)
 * no places in the unit but c1 and degree - 1 other cells: those cells
 * lose every other digit. */
static void type_3_hidden(walk *w, int unit, int c1, int c2, unsigned extra, int degree)
{
    const uint16_t *cand = w->state->candidates;
    int i1 = index_in_unit(unit, c1), i2 = index_in_unit(unit, c2);
    unsigned rest = ALL_DIGITS & ~w->pair & ~extra;
    if (degree - 2 > sudoku_popcount(rest)) return;
    unsigned chosen = degree == 2 ? 0 : logic_first_subset(rest, degree - 2);
    do {
        unsigned digits = chosen | w->pair, places = 0;
        bool empty = false;
        for (unsigned m = digits; m; m &= m - 1) {
            unsigned where = logic_positions(w->state, unit, sudoku_lowest_digit(m)) & ~(1u << i2);
            empty |= !where;
            places |= where;
        }
        if (!empty && sudoku_popcount(places) == degree) {
            sudoku_step step;
            loop_step(w, 3, sudoku_popcount(places & ~(1u << i1)) - 1, &step);
            step.units = 1u << unit;
            step.extra = (uint16_t)digits;
            for (int i = 0; i < 9; i++) {
                int cell = sudoku_unit_cells[unit][i];
                if (!(places & (1u << i)) || i == i1) continue;
                logic_step_cell(&step, cell);
                for (unsigned m = cand[cell] & ~digits; m; m &= m - 1)
                    logic_step_eliminate(&step, w->state, cell, sudoku_lowest_digit(m));
            }
            offer(w, &step);
        }
        chosen = degree == 2 ? 0 : logic_next_subset(rest, chosen);
    } while (chosen);
}

/* Type 3: the two cells with extras share a unit in which their extra
 * digits, taken as one cell, complete a naked or a hidden set. */
static void type_3(walk *w, int c1, int c2, unsigned extra)
{
    for (int degree = sudoku_popcount(extra); degree <= 7; degree++)
        for (int k = 0; k < 3; k++) {
            int unit = shared_unit(c1, c2, walk_kinds[k]);
            if (unit < 0) continue;
            int open = logic_open_cells(w->state, unit);
            if (degree * 2 <= open) type_3_naked(w, unit, c1, c2, extra, degree);
            if (degree * 2 < open) type_3_hidden(w, unit, c1, c2, extra, degree);
        }
}

static bool valid_loop(const walk *w)
{
    for (int u = 0; u < 27; u++)
        if (w->visits[u][0] != w->visits[u][1]) return false;
    return true;
}

/* A closed loop: the steps it gives, in SE's order. */
static void on_loop(walk *w)
{
    if (!valid_loop(w)) return;
    int extra_cells[LOOP_MAX], extras = 0;
    unsigned extra = 0;
    for (int i = 0; i < w->length; i++) {
        unsigned c = w->state->candidates[w->loop[i]];
        if (sudoku_popcount(c) > 2) {
            extra_cells[extras++] = w->loop[i];
            extra |= c & ~w->pair;
        }
    }
    if (extras == 1) {
        type_1(w, extra_cells[0]);
    } else if (extras > 2) {
        type_2(w, extra_cells, extras);
    } else if (extras == 2) {
        if (sudoku_popcount(extra) == 1)
            type_2(w, extra_cells, extras);
        else
            type_3(w, extra_cells[0], extra_cells[1], extra);
        type_4(w, extra_cells[0], extra_cells[1]);
    }
}

/* Adds cell at the end of the loop; returns false (and adds nothing) if
 * the loop could then never pair up its units. */
static bool push(walk *w, int cell)
{
    int parity = w->length & 1;
    for (int k = 0; k < 3; k++) {
        const uint8_t *v = w->visits[unit_of(cell, k)];
        if (v[parity] || v[0] + v[1] >= 2) return false;
    }
    if (w->length == LOOP_MAX) return false;
    for (int k = 0; k < 3; k++) w->visits[unit_of(cell, k)][parity]++;
    w->loop[w->length++] = cell;
    w->in_loop[cell] = true;
    return true;
}

static void pop(walk *w)
{
    int cell = w->loop[--w->length];
    w->in_loop[cell] = false;
    for (int k = 0; k < 3; k++) w->visits[unit_of(cell, k)][w->length & 1]--;
}

/* Walks on from the loop's last cell through a unit of another kind than
 * the last step's. extra_in: the extra digits seen so far; SE gathers them
 * over every cell it considers at this point, tried or not, and we do too,
 * for its loops are ours. allowed: cells with extras still allowed. */
/* Recursive, as the walk it follows: at most LOOP_MAX deep. */
// NOLINTNEXTLINE(misc-no-recursion)
static void walk_on(walk *w, int allowed, unsigned extra_in, int last_kind)
{
    int cell = w->loop[w->length - 1];
    unsigned extra = extra_in;
    for (int k = 0; k < 3; k++) {
        int kind = walk_kinds[k];
        if (kind == last_kind) continue;
        int unit = unit_of(cell, kind);
        for (int i = 0; i < 9; i++) {
            int next = sudoku_unit_cells[unit][i];
            if (next == w->loop[0] && w->length >= 4) {
                on_loop(w);
                continue;
            }
            unsigned c = w->state->candidates[next];
            if (w->in_loop[next] || (c & w->pair) != w->pair) continue;
            extra |= c & ~w->pair;
            bool more = sudoku_popcount(c) > 2;
            if (more && sudoku_popcount(extra) != 1 && allowed <= 0) continue;
            if (!push(w, next)) continue;
            walk_on(w, allowed - more, extra, kind);
            pop(w);
        }
    }
}

bool logic_unique_loop(const sudoku_logic *state, sudoku_technique only, sudoku_step *step)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.state = state;
    w.only = only;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (sudoku_popcount(state->candidates[cell]) != 2) continue;
        w.pair = state->candidates[cell];
        push(&w, cell);
        walk_on(&w, 2, 0, -1);
        pop(&w);
    }
    if (w.found) *step = w.best;
    return w.found;
}
