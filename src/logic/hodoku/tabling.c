/*
 * tabling.c: the finders the catalogue calls for HoDoKu's tabling
 * techniques (hodoku-spec 13, 14): nice loops and AICs, plain and grouped
 * (loops.c), forcing chains and nets (forcing.c), all read from HoDoKu's
 * implication tables (table.c).
 */
#include "tabling.h"

#include "forcing.h"
#include "loops.h"

bool hodoku_nice_loop(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return hodoku_find_loop(q, false, technique, step);
}

bool hodoku_grouped_nice_loop(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return hodoku_find_loop(q, true, technique, step);
}

bool hodoku_forcing_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return hodoku_find_forcing(q, false, technique, step);
}

bool hodoku_forcing_net(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return hodoku_find_forcing(q, true, technique, step);
}
