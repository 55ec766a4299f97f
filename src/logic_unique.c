/*
 * logic_unique.c: unique rectangles, types 1 and 2. Four cells on two rows,
 * two columns and two boxes that could all hold only the same two digits
 * would let those digits swap: a second solution. A puzzle with one
 * solution cannot end that way, so what would lead there is false.
 *
 * Only rectangles so far, of types 1, 2 and 4 (SE's 4.5, 4.6 and 4.5); the
 * longer loops and type 3 are not implemented yet (docs/logic.md).
 */
#include "logic.h"

#define RATING_TYPE_1 45
#define RATING_TYPE_2 46
#define RATING_TYPE_4 45

/* The four corners of the rectangle of rows r1, r2 and columns c1, c2. */
static void corners(int r1, int r2, int c1, int c2, int cell[4])
{
    cell[0] = r1 * 9 + c1;
    cell[1] = r1 * 9 + c2;
    cell[2] = r2 * 9 + c1;
    cell[3] = r2 * 9 + c2;
}

static void rectangle_step(sudoku_step *step, int type, const int cell[4], unsigned pair)
{
    static const int rating[5] = {0, RATING_TYPE_1, RATING_TYPE_2, 0, RATING_TYPE_4};
    logic_step_start(step, SUDOKU_UNIQUE_RECTANGLE, rating[type]);
    step->variant = type;
    step->digits = (uint16_t)pair;
    for (int i = 0; i < 4; i++) logic_step_cell(step, cell[i]);
}

/* Type 4: the two corners with extra digits share a unit in which one
 * digit of the pair has no other place; that digit is in one of them, so
 * the pair's other digit is in neither. */
static bool type_4(const sudoku_logic *state, const int cell[4], unsigned pair, int a, int b,
                   sudoku_step *step)
{
    if (!logic_sees(a, b)) return false;
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[a][k];
        if (!((sudoku_cell_unit_mask[b] >> unit) & 1u)) continue;
        for (unsigned m = pair; m; m &= m - 1) {
            int locked = sudoku_lowest_digit(m);
            int elsewhere = 0;
            for (int i = 0; i < 9; i++) {
                int c = sudoku_unit_cells[unit][i];
                elsewhere += c != a && c != b && (state->candidates[c] & (1u << (locked - 1)));
            }
            if (elsewhere) continue;
            int gone = sudoku_lowest_digit(pair & ~(1u << (locked - 1)));
            rectangle_step(step, 4, cell, pair);
            logic_step_eliminate(step, state, a, gone);
            logic_step_eliminate(step, state, b, gone);
            if (logic_step_useful(step)) return true;
        }
    }
    return false;
}

/* Type 1: three corners hold only the pair; the fourth loses it. Type 2:
 * two corners hold only the pair, the two others (in one row or column)
 * the pair and one same extra digit x; x is true in one of them, so x
 * leaves every cell that sees both. */
static bool try_rectangle(const sudoku_logic *state, const int cell[4], unsigned pair, int type,
                          sudoku_step *step)
{
    unsigned extra[4];
    int exact = 0, other[4], others = 0;
    for (int i = 0; i < 4; i++) {
        extra[i] = state->candidates[cell[i]] & ~pair;
        if (extra[i])
            other[others++] = i;
        else
            exact++;
    }
    if (type == 1 && exact == 3) {
        rectangle_step(step, 1, cell, pair);
        for (unsigned m = pair; m; m &= m - 1)
            logic_step_eliminate(step, state, cell[other[0]], sudoku_lowest_digit(m));
        return logic_step_useful(step);
    }
    if (exact != 2) return false;
    int a = cell[other[0]], b = cell[other[1]];
    if (type == 4) return type_4(state, cell, pair, a, b, step);
    if (type != 2) return false;
    unsigned x = extra[other[0]];
    if (x != extra[other[1]] || !sudoku_is_single(x) || !logic_sees(a, b)) return false;
    rectangle_step(step, 2, cell, pair);
    step->digits |= (uint16_t)x;
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (c != a && c != b && logic_sees(c, a) && logic_sees(c, b))
            logic_step_eliminate(step, state, c, sudoku_lowest_digit(x));
    return logic_step_useful(step);
}

/* Rectangles whose corners lie in exactly two boxes, every corner open and
 * holding both digits of a pair. */
static bool search(const sudoku_logic *state, int type, sudoku_step *step)
{
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < 9; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3)) continue;
                    int cell[4];
                    corners(r1, r2, c1, c2, cell);
                    unsigned common = ALL_DIGITS;
                    for (int i = 0; i < 4; i++) common &= state->candidates[cell[i]];
                    if (sudoku_popcount(common) < 2) continue;
                    for (unsigned s = logic_first_subset(common, 2); s;
                         s = logic_next_subset(common, s))
                        if (try_rectangle(state, cell, s, type, step)) return true;
                }
    return false;
}

bool logic_unique_loop(const sudoku_logic *state, sudoku_step *step)
{
    return search(state, 1, step) || search(state, 2, step) || search(state, 4, step);
}
