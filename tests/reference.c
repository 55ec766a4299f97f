/*
 * reference.c: a deliberately simple solver for the tests, sharing no code
 * or table with the library, so that a bug in the library cannot hide
 * behind itself: it counts solutions, finds clashing givens, and so judges
 * the solver, the generator and the checks on a puzzle.
 *
 * Puzzles are 81 characters, '1'-'9' for givens and '.' for blanks. Digit d
 * is bit d of a mask. The search branches on the empty cell with the fewest
 * candidates, but first places any digit that has one place left in a unit
 * (a hidden single): without that, a 17-clue puzzle takes some 85,000 nodes
 * on average instead of 110, and the tests would take minutes.
 */
#include "reference.h"

#include <string.h>

#define ALL_DIGITS 0x3feu

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
    return cell / 27 * 3 + cell % 9 / 3;
}

/* The i-th cell of a unit: units 0-8 are the rows, 9-17 the columns, 18-26
 * the boxes. */
static int unit_cell(int unit, int i)
{
    if (unit < 9) return 9 * unit + i;
    if (unit < 18) return 9 * i + unit - 9;
    int box = unit - 18;
    return 27 * (box / 3) + 3 * (box % 3) + 9 * (i / 3) + i % 3;
}

static int digits_in(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
}

static int lowest_digit(unsigned mask)
{
    int d = 1;
    while (!(mask & (1u << d))) d++;
    return d;
}

unsigned reference_held(const reference *r, int cell)
{
    return r->row_used[row_of(cell)] | r->column_used[column_of(cell)] | r->box_used[box_of(cell)];
}

static unsigned candidates(const reference *r, int cell)
{
    return ALL_DIGITS & ~reference_held(r, cell);
}

static void put(reference *r, int cell, int digit)
{
    unsigned bit = 1u << digit;
    r->digit[cell] = digit;
    r->row_used[row_of(cell)] |= bit;
    r->column_used[column_of(cell)] |= bit;
    r->box_used[box_of(cell)] |= bit;
}

static void take(reference *r, int cell)
{
    unsigned others = ~(1u << r->digit[cell]);
    r->digit[cell] = 0;
    r->row_used[row_of(cell)] &= others;
    r->column_used[column_of(cell)] &= others;
    r->box_used[box_of(cell)] &= others;
}

/* Puts puzzle's givens in cell order. Returns false at the first given a peer
 * already holds, naming it in a. */
bool reference_load(reference *r, const char *puzzle, reference_answer *a)
{
    memset(r, 0, sizeof *r);
    for (int cell = 0; cell < REFERENCE_CELLS; cell++) {
        if (puzzle[cell] == '.') continue;
        int digit = puzzle[cell] - '0';
        if (reference_held(r, cell) & (1u << digit)) {
            a->clash = true;
            a->clash_cell = cell;
            a->clash_digit = digit;
            return false;
        }
        put(r, cell, digit);
    }
    return true;
}

enum { NO_PLACE = -1, NO_SINGLE = 0, HIDDEN_SINGLE = 1 };

/* Looks at where each unit can still place the digits it lacks, given the
 * candidates of the empty cells: NO_PLACE if some digit has nowhere to go,
 * HIDDEN_SINGLE (with *cell and *digit) if one has exactly one place. */
static int unit_places(const reference *r, const unsigned *cand, int *cell, int *digit)
{
    for (int unit = 0; unit < 27; unit++) {
        unsigned placed = 0, once = 0, twice = 0;
        for (int i = 0; i < 9; i++) {
            int c = unit_cell(unit, i);
            if (r->digit[c]) {
                placed |= 1u << r->digit[c];
            } else {
                twice |= once & cand[c];
                once |= cand[c];
            }
        }
        unsigned lacking = ALL_DIGITS & ~placed;
        if (lacking & ~once) return NO_PLACE;
        unsigned single = lacking & ~twice;
        if (!single) continue;
        *digit = lowest_digit(single);
        for (int i = 0; i < 9; i++) {
            *cell = unit_cell(unit, i);
            if (!r->digit[*cell] && (cand[*cell] & (1u << *digit))) return HIDDEN_SINGLE;
        }
    }
    return NO_SINGLE;
}

static void search(reference *r);

static void try_digit(reference *r, int cell, int digit)
{
    put(r, cell, digit);
    search(r);
    take(r, cell);
}

static void record_solution(reference *r)
{
    if (r->found++ > 0) return;
    for (int cell = 0; cell < REFERENCE_CELLS; cell++)
        r->first[cell] = (char)('0' + r->digit[cell]);
    r->first[REFERENCE_CELLS] = '\0';
}

static void search(reference *r)
{
    if (r->found >= r->limit || r->nodes > REFERENCE_NODE_BUDGET) return;
    r->nodes++;
    unsigned cand[REFERENCE_CELLS];
    int best = -1, fewest = 10;
    for (int cell = 0; cell < REFERENCE_CELLS; cell++) {
        if (r->digit[cell]) continue;
        cand[cell] = candidates(r, cell);
        int n = digits_in(cand[cell]);
        if (n == 0) return;
        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    if (best < 0) {
        record_solution(r);
        return;
    }
    if (fewest > 1) {
        int cell, digit;
        int places = unit_places(r, cand, &cell, &digit);
        if (places == NO_PLACE) return;
        if (places == HIDDEN_SINGLE) {
            try_digit(r, cell, digit); /* every solution has it: no other branch */
            return;
        }
    }
    for (int digit = 1; digit <= 9 && r->found < r->limit; digit++)
        if (cand[best] & (1u << digit)) try_digit(r, best, digit);
}

/* Counts puzzle's solutions up to limit, or finds its clash. */
reference_answer reference_solve(const char *puzzle, int limit)
{
    reference_answer a;
    reference r;
    memset(&a, 0, sizeof a);
    if (reference_load(&r, puzzle, &a)) {
        r.limit = limit;
        search(&r);
        a.over_budget = r.nodes > REFERENCE_NODE_BUDGET;
        a.solutions = r.found;
        memcpy(a.solution, r.first, sizeof a.solution);
    }
    return a;
}

/* ---- symmetries and minimality, by their definitions ---- */

int reference_image(int map, int cell)
{
    int r = cell / 9, c = cell % 9;
    const int rows[8] = {r, c, 8 - r, 8 - c, r, 8 - r, c, 8 - c};
    const int columns[8] = {c, 8 - r, 8 - c, r, 8 - c, c, r, 8 - r};
    return 9 * rows[map] + columns[map];
}

unsigned reference_symmetry_maps(const char *name)
{
    static const struct {
        const char *name;
        unsigned maps;
    } table[] = {{"none", 0x01},         {"rotate180", 0x05}, {"rotate90", 0x0F},
                 {"mirror", 0x11},       {"flip", 0x21},      {"diagonal", 0x41},
                 {"antidiagonal", 0x81}, {"biaxial", 0x35},   {"bidiagonal", 0xC5},
                 {"full", 0xFF}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(name, table[i].name) == 0) return table[i].maps;
    return 0;
}

bool reference_pattern_has(const char *p, unsigned maps)
{
    for (int m = 0; m < 8; m++) {
        if (!(maps & (1u << m))) continue;
        for (int cell = 0; cell < REFERENCE_CELLS; cell++)
            if ((p[cell] != '.') != (p[reference_image(m, cell)] != '.')) return false;
    }
    return true;
}

int reference_redundant(const char *p, bool can_go[REFERENCE_CELLS])
{
    char without[REFERENCE_CELLS + 1];
    int n = 0;
    memcpy(without, p, sizeof without);
    for (int cell = 0; cell < REFERENCE_CELLS; cell++) {
        can_go[cell] = false;
        if (p[cell] == '.') continue;
        without[cell] = '.';
        reference_answer a = reference_solve(without, 2);
        if (a.over_budget) return -1;
        can_go[cell] = a.solutions == 1;
        n += can_go[cell];
        without[cell] = p[cell];
    }
    return n;
}
