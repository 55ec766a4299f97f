/*
 * technique.c: what generating for a technique needs to know of it
 * (sudoku_technique_ceiling): how high a puzzle's rating may go while its
 * hardest step can still be that technique. Digging a puzzle up to that
 * rating and no further leaves it at the edge of what the technique and
 * the easier ones solve, where the technique is most often needed.
 */
#include "logic/catalogue.h"

int sudoku_technique_ceiling(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return 0;
    const logic_technique *t = &logic_catalogue[technique];
    if (!t->se.varies) return t->se.least;
    int next = 0;
    for (int i = 0; i < SUDOKU_TECHNIQUES; i++) {
        int least = logic_catalogue[i].se.least;
        if (least > t->se.least && (!next || least < next)) next = least;
    }
    return next ? next - 1 : 0;
}
