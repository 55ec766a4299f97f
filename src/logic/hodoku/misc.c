/*
 * misc.c: HoDoKu's Sue de Coq (hodoku-spec 9) and Brute Force (15).
 */
#include "misc.h"

bool hodoku_brute_force(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_sue_de_coq(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

