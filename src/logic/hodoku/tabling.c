/*
 * tabling.c: HoDoKu's tabling: nice loops and AICs, grouped or not, forcing chains and nets (hodoku-spec 13, 14): stubs to come
 * in the chains engineer's branch (issue26-chains); each finds nothing yet.
 */
#include "tabling.h"

bool hodoku_forcing_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_forcing_net(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_grouped_nice_loop(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_nice_loop(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

