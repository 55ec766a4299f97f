/*
 * subsets.c: HoDoKu's intersections and subsets: locked candidates, locked pairs and triples, naked and hidden subsets (hodoku-spec 3).
 */
#include "subsets.h"

bool hodoku_hidden_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_locked_candidates(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_locked_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

bool hodoku_naked_set(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    (void)q;
    (void)technique;
    (void)step;
    return false;
}

