/*
 * unique.c: HoDoKu's uniqueness techniques: BUG+1, uniqueness tests 1-6, hidden and avoidable rectangles (hodoku-spec 6).
 */
#include "unique.h"

bool hodoku_avoidable_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_bug(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_hidden_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_unique_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

