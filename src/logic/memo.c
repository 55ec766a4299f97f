/*
 * memo.c: the memo a path keeps from step to step (memo.h): made, freed,
 * and the test that tells which cells a later board changed.
 */
#include "memo.h"

#include <stdlib.h>

sudoku_logic_memo *sudoku_logic_memo_new(void)
{
    return calloc(1, sizeof(sudoku_logic_memo));
}

void sudoku_logic_memo_free(sudoku_logic_memo *memo)
{
    free(memo);
}

bool logic_memo_changed(const uint16_t board[SUDOKU_CELLS], const uint16_t later[SUDOKU_CELLS],
                        uint64_t changed[2])
{
    changed[0] = changed[1] = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (later[cell] & ~board[cell]) return false;
        if (later[cell] != board[cell]) changed[cell / 64] |= 1ull << (cell % 64);
    }
    return true;
}
