/*
 * wings.c: XY-wing and XYZ-wing. A pivot cell (xy, or xyz) sees two
 * bivalue pincers xz and yz: whichever value the pivot takes, one of the
 * cells the pincers (and for XYZ the pivot) all see loses z.
 */
#include "wings.h"
#include "state.h"
#include "step.h"

/* True if the three sets form the wing: for XY, three pairs over three
 * digits sharing none; for XYZ, a triple and two pairs sharing one. */
static bool is_wing(unsigned pivot, unsigned xz, unsigned yz, bool xyz)
{
    if (sudoku_popcount(pivot) != (xyz ? 3 : 2) || sudoku_popcount(xz) != 2 ||
        sudoku_popcount(yz) != 2)
        return false;
    return sudoku_popcount(pivot | xz | yz) == 3 &&
           sudoku_popcount(pivot & xz & yz) == (xyz ? 1 : 0);
}

static bool wing_step(const sudoku_logic *state, bool xyz, int pivot, int xz, int yz,
                      sudoku_step *step)
{
    const uint16_t *c = state->candidates;
    int z = sudoku_lowest_digit(c[xz] & c[yz]);
    logic_step_start(step, xyz ? SUDOKU_XYZ_WING : SUDOKU_XY_WING, xyz ? 44 : 42);
    step->digits = (uint16_t)(c[pivot] | c[xz] | c[yz]);
    logic_step_cell(step, pivot);
    logic_step_cell(step, xz);
    logic_step_cell(step, yz);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (cell == pivot || cell == xz || cell == yz) continue;
        if (logic_sees(cell, xz) && logic_sees(cell, yz) && (!xyz || logic_sees(cell, pivot)))
            logic_step_eliminate(step, state, cell, z);
    }
    return logic_step_useful(step);
}

bool logic_wing(const sudoku_logic *state, bool xyz, sudoku_step *step)
{
    const uint16_t *c = state->candidates;
    for (int pivot = 0; pivot < SUDOKU_CELLS; pivot++) {
        if (sudoku_popcount(c[pivot]) != (xyz ? 3 : 2)) continue;
        for (int i = 0; i < 20; i++) {
            int xz = sudoku_peers[pivot][i];
            if (sudoku_popcount(c[xz]) != 2 || sudoku_popcount(c[pivot] & ~c[xz]) != 1) continue;
            for (int j = 0; j < 20; j++) {
                int yz = sudoku_peers[pivot][j];
                if (is_wing(c[pivot], c[xz], c[yz], xyz) &&
                    wing_step(state, xyz, pivot, xz, yz, step))
                    return true;
            }
        }
    }
    return false;
}
