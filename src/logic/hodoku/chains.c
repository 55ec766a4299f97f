/*
 * chains.c: HoDoKu's simple chains: Remote Pair, Turbot Fish, X-Chain, XY-Chain (hodoku-spec 8): stubs to come
 * in the chains engineer's branch (issue26-chains); each finds nothing yet.
 */
#include "chains.h"

bool hodoku_remote_pair(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_turbot_fish(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_x_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_xy_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

