/*
 * hodoku_cells.c: HoDoKu's notation of cells and eliminations (hodoku-spec
 * 11.3), which the words of its steps (hodoku.c) and of its chains
 * (hodoku_chains.c) share.
 */
#include "hodoku_cells.h"

void hodoku_add_cell(uint64_t set[2], int cell)
{
    set[cell / 64] |= 1ull << (cell % 64);
}

bool hodoku_has_cell(const uint64_t set[2], int cell)
{
    return set[cell / 64] >> (cell % 64) & 1u;
}

void hodoku_put_cells(writer *w, const uint64_t cells[2])
{
    uint64_t rest[2] = {cells[0], cells[1]};
    const char *sep = "";
    for (int first = 0; first < SUDOKU_CELLS; first++) {
        if (!hodoku_has_cell(rest, first)) continue;
        rest[first / 64] &= ~(1ull << (first % 64));
        /* A group is a row's cells or a column's, never both: the first
         * cell merged decides which. */
        char rows[10] = {(char)('1' + first / 9)}, cols[10] = {(char)('1' + first % 9)};
        int nrows = 1, ncols = 1;
        for (int cell = first + 1; cell < SUDOKU_CELLS; cell++) {
            if (!hodoku_has_cell(rest, cell)) continue;
            if (cell / 9 == first / 9 && nrows == 1)
                cols[ncols++] = (char)('1' + cell % 9);
            else if (cell % 9 == first % 9 && ncols == 1)
                rows[nrows++] = (char)('1' + cell / 9);
            else
                continue;
            rest[cell / 64] &= ~(1ull << (cell % 64));
        }
        rows[nrows] = cols[ncols] = '\0';
        put(w, "%sr%sc%s", sep, rows, cols);
        sep = ",";
    }
}

void hodoku_put_eliminations(writer *w, const sudoku_step *step)
{
    if (!step->nremovals) return;
    put(w, " => ");
    unsigned done = 0;
    const char *sep = "";
    for (int i = 0; i < step->nremovals; i++) {
        int digit = step->removals[i].digit;
        if (done & (1u << digit)) continue;
        done |= 1u << digit;
        uint64_t set[2] = {0, 0};
        for (int j = i; j < step->nremovals; j++)
            if (step->removals[j].digit == digit) hodoku_add_cell(set, step->removals[j].cell);
        put(w, "%s", sep);
        hodoku_put_cells(w, set);
        put(w, "<>%d", digit);
        sep = ", ";
    }
}
