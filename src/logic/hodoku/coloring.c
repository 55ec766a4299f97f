/*
 * coloring.c: HoDoKu's colouring: simple colors (trap, wrap) and multi colors (hodoku-spec 10).
 */
#include "coloring.h"

bool hodoku_multi_colors(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_simple_colors(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

