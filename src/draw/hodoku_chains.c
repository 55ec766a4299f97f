/*
 * hodoku_chains.c: the words of HoDoKu's chain techniques (Remote Pair,
 * Turbot Fish, X- and XY-Chains, nice loops and AICs, ALS steps, forcing
 * chains and nets): to come in the chains engineer's branch
 * (issue26-chains); until then none is written here.
 */
#include "hodoku.h"

bool hodoku_put_chain_step(writer *w, const sudoku_step *step)
{
    (void)w;
    (void)step;
    return false;
}
