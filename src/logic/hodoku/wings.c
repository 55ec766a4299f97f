/*
 * wings.c: HoDoKu's wings: W-Wing, XY-Wing, XYZ-Wing (hodoku-spec 5).
 */
#include "wings.h"

bool hodoku_w_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_xy_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_xyz_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

