/*
 * als.c: HoDoKu's almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain (hodoku-spec 12): stubs to come
 * in the chains engineer's branch (issue26-chains); each finds nothing yet.
 */
#include "als.h"

bool hodoku_als_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_als_xy_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_als_xz(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

