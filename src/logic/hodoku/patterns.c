/*
 * patterns.c: HoDoKu's single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle (hodoku-spec 4).
 */
#include "patterns.h"

bool hodoku_empty_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_skyscraper(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_two_string_kite(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

