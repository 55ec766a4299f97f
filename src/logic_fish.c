/*
 * logic_fish.c: X-wing, swordfish and jellyfish: a digit whose places in k
 * base lines (columns, then rows, as SE searches) fall in k cover lines,
 * so it leaves the rest of the cover lines.
 */
#include "logic.h"

static const int fish_rating[5] = {0, 0, 32, 38, 52};
static const sudoku_technique fish_technique[5] = {0, 0, SUDOKU_X_WING, SUDOKU_SWORDFISH,
                                                   SUDOKU_JELLYFISH};

static unsigned next_subset(unsigned mask)
{
    unsigned smallest = mask & (~mask + 1u), ripple = mask + smallest;
    return ripple | (((mask ^ ripple) >> 2) / smallest);
}

static int placed_count(const sudoku_logic *state, int digit)
{
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) n += state->placed.cell[cell] == digit;
    return n;
}

/* base and cover: the first unit of the base kind (9 for columns, 0 for
 * rows) and of the cover kind. */
static bool fish_of(const sudoku_logic *state, int degree, int base, int cover, int digit,
                    unsigned lines, sudoku_step *step)
{
    unsigned covers = 0;
    for (int i = 0; i < 9; i++) {
        if (!(lines & (1u << i))) continue;
        uint16_t p = logic_positions(state, base + i, digit);
        if (sudoku_popcount(p) < 2) return false;
        covers |= p;
    }
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

static bool search(const sudoku_logic *state, int degree, int base, int cover, sudoku_step *step)
{
    int placed[10];
    for (int d = 1; d <= 9; d++) placed[d] = placed_count(state, d);
    for (unsigned lines = (1u << degree) - 1; lines < 512; lines = next_subset(lines))
        for (int digit = 1; digit <= 9; digit++)
            if (placed[digit] + 2 * degree <= 9 &&
                fish_of(state, degree, base, cover, digit, lines, step))
                return true;
    return false;
}

bool logic_fish(const sudoku_logic *state, int degree, sudoku_step *step)
{
    return search(state, degree, 9, 0, step) || search(state, degree, 0, 9, step);
}
