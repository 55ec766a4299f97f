/*
 * technique.c: what generating for a technique needs to know of it: how
 * high a puzzle's rating may go while its hardest step can still be that
 * technique (sudoku_technique_ceiling), and, for a technique whose step
 * needs a shape that random digging seldom leaves, that shape, opened in
 * the grid before the dig (sudoku_generate_shaped). Digging a puzzle up
 * to that rating and no further leaves it at the edge of what the
 * technique and the easier ones solve, where the technique is most often
 * needed.
 */
#include "generate.h"
#include "logic/catalogue.h"

#include <string.h>

int sudoku_technique_ceiling(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return 0;
    const logic_technique *t = &logic_catalogue[technique];
    if (!t->se.varies) return t->se.least;
    int next = 0;
    for (int i = 0; i < SUDOKU_TECHNIQUES; i++) {
        int least = logic_catalogue[i].se.least;
        if (least > t->se.least && (!next || least < next)) next = least;
    }
    return next ? next - 1 : 0;
}

/* A hidden quad is a step only in a unit whose nine cells are all open
 * (docs/generate.md). The shape: a random box opened, and in it a row and
 * a column, which leave 2 x 2 cells; the four digits of those cells lie
 * in the row and in the column outside the box, and kept as clues there
 * they leave the box's four cells the only places for them: a hidden quad
 * from the start, a step wherever the box's other digits are not settled
 * first. Marks in shape the box and the eight clues kept, and opens the
 * box in puzzle. */
static void hidden_quad_shape(const sudoku_grid *solution, uint64_t *state, sudoku_grid *puzzle,
                              bool shape[SUDOKU_CELLS])
{
    int box = (int)sudoku_random_below(state, 9);
    int row = 3 * (box / 3) + (int)sudoku_random_below(state, 3);
    int column = 3 * (box % 3) + (int)sudoku_random_below(state, 3);
    unsigned quad = 0; /* the four digits, bit d for digit d */
    memset(shape, 0, SUDOKU_CELLS * sizeof *shape);
    for (int i = 0; i < 9; i++) {
        int cell = 9 * (3 * (box / 3) + i / 3) + 3 * (box % 3) + i % 3;
        shape[cell] = true;
        puzzle->cell[cell] = 0;
        if (cell / 9 != row && cell % 9 != column) quad |= 1u << solution->cell[cell];
    }
    for (int i = 0; i < 9; i++) {
        int in_row = 9 * row + i, in_column = 9 * i + column;
        if (quad >> solution->cell[in_row] & 1) shape[in_row] = true;
        if (quad >> solution->cell[in_column] & 1) shape[in_column] = true;
    }
}

bool sudoku_generate_shaped(sudoku_technique technique, sudoku_puzzle_test *keep, void *context,
                            uint64_t *state, sudoku_grid *puzzle, sudoku_grid *solution,
                            bool shape[SUDOKU_CELLS])
{
    if (technique != SUDOKU_HIDDEN_QUAD) return false;
    sudoku_random_grid(state, solution);
    *puzzle = *solution; /* with one box open its cells are naked singles: one solution */
    hidden_quad_shape(solution, state, puzzle, shape);
    bool dug[SUDOKU_CELLS];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) dug[cell] = !shape[cell];
    generate_dig_cells(puzzle, solution, dug, keep, context, state);
    return true;
}
