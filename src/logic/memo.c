/*
 * memo.c: the test that tells which cells a later board changed, for the
 * memo a path keeps from step to step (memo.h; path.c makes and frees it,
 * with what the finders above keep in it).
 */
#include "memo.h"

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
