/*
 * fish.c: HoDoKu's fish: basic, finned and sashimi, Franken and finned Franken (hodoku-spec 7).
 */
#include "fish.h"

bool hodoku_fish(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

