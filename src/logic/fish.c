/*
 * fish.c: X-wing, swordfish and jellyfish: a digit whose places in k
 * base lines (columns, then rows, as SE searches) fall in k cover lines,
 * so it leaves the rest of the cover lines.
 */
#include "fish.h"
#include "state.h"
#include "step.h"

static const int fish_rating[5] = {0, 0, 32, 38, 52};
static const sudoku_technique fish_technique[5] = {0, 0, SUDOKU_X_WING, SUDOKU_SWORDFISH,
                                                   SUDOKU_JELLYFISH};

static int placed_count(const sudoku_logic *state, int digit)
{
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) n += state->placed.cell[cell] == digit;
    return n;
}

/* base and cover: the first unit of the base kind (9 for columns, 0 for
 * rows) and of the cover kind. */
static bool fish_of(const sudoku_logic *state, const uint16_t pos[27][9], int degree, int base,
                    int cover, int digit, unsigned lines, sudoku_step *step)
{
    unsigned covers = 0;
    for (unsigned m = lines; m; m &= m - 1) covers |= pos[base + sudoku_lowest_bit(m)][digit - 1];
    if (sudoku_popcount(covers) != degree) return false;
    logic_step_start(step, fish_technique[degree], fish_rating[degree]);
    step->digits = (uint16_t)(1u << (digit - 1));
    for (int i = 0; i < 9; i++) {
        if (lines & (1u << i)) step->units |= 1u << (base + i);
        if (covers & (1u << i)) step->units |= 1u << (cover + i);
    }
    /* Cell j of cover line i is cell i of base line j. */
    for (int i = 0; i < 9; i++) {
        if (!(covers & (1u << i))) continue;
        for (int j = 0; j < 9; j++) {
            int cell = sudoku_unit_cells[cover + i][j];
            if (lines & (1u << j)) {
                if (state->candidates[cell] & (1u << (digit - 1))) logic_step_cell(step, cell);
            } else {
                logic_step_eliminate(step, state, cell, digit);
            }
        }
    }
    return logic_step_useful(step);
}

/* SE tries each set of base lines (in increasing order of masks) with
 * each digit; a base line must hold the digit in two to degree places. */
static bool search(const sudoku_logic *state, const uint16_t pos[27][9], int degree, int base,
                   int cover, sudoku_step *step)
{
    unsigned usable[10] = {0}, any = 0;
    for (int d = 1; d <= 9; d++) {
        if (placed_count(state, d) + 2 * degree > 9) continue;
        for (int i = 0; i < 9; i++) {
            int n = sudoku_popcount(pos[base + i][d - 1]);
            if (n >= 2 && n <= degree) usable[d] |= 1u << i;
        }
        any |= usable[d];
    }
    for (unsigned lines = logic_first_subset(any, degree); lines;
         lines = logic_next_subset(any, lines))
        for (int digit = 1; digit <= 9; digit++)
            if (!(lines & ~usable[digit]) &&
                fish_of(state, pos, degree, base, cover, digit, lines, step))
                return true;
    return false;
}

bool logic_fish(const sudoku_logic *state, const uint16_t pos[27][9], int degree, sudoku_step *step)
{
    return search(state, pos, degree, 9, 0, step) || search(state, pos, degree, 0, 9, step);
}
