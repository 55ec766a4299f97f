/*
 * mistakes.c: a player's state checked against a puzzle's one solution,
 * for `sudoku hint --puzzle ORIGINAL STATE`. A state is a grid (the givens
 * and the player's entries) or candidates (729 characters): an entry, or a
 * cell left with one candidate, that is not the solution's digit is wrong;
 * a cell whose candidates lack the solution's digit had it removed
 * wrongly. The state is then mended, so that the hint after is sound.
 */
#include "mistakes.h"

#include <stdio.h>
#include <string.h>

static uint16_t bit(int digit)
{
    return (uint16_t)(1u << (digit - 1));
}

/* The state's record made invalid: the cell and what is wrong with it. */
static bool given_missing(sudoku_record *record, int cell, int given, const char *what)
{
    record->ok = false;
    memset(&record->error, 0, sizeof record->error);
    record->error.kind = SUDOKU_ERROR_DUPLICATE;
    snprintf(record->error.message, sizeof record->error.message,
             "r%dc%d %s where the puzzle gives %d (--puzzle)", cell / 9 + 1, cell % 9 + 1, what,
             given);
    return false;
}

static bool grid_mistakes(const sudoku_grid *puzzle, const sudoku_grid *solution,
                          sudoku_record *record, mistakes *found)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int given = puzzle->cell[cell], digit = record->grid.cell[cell];
        if (given && digit != given) {
            char what[40];
            snprintf(what, sizeof what, digit ? "holds %d" : "is empty", digit);
            return given_missing(record, cell, given, what);
        }
        if (!given && digit && digit != solution->cell[cell]) {
            found->wrong[cell] = (uint8_t)digit;
            found->nwrong++;
            record->grid.cell[cell] = 0;
        }
    }
    return true;
}

static bool candidate_mistakes(const sudoku_grid *puzzle, const sudoku_grid *solution,
                               sudoku_record *record, mistakes *found)
{
    uint16_t *c = record->board.candidates;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int given = puzzle->cell[cell], right = solution->cell[cell];
        if (given && c[cell] != bit(given)) {
            char what[40] = "has candidates ";
            size_t n = strlen(what);
            for (int d = 1; d <= 9; d++)
                if (c[cell] & bit(d)) what[n++] = (char)('0' + d);
            what[n] = '\0';
            return given_missing(record, cell, given, what);
        }
        if (given || (c[cell] & bit(right))) continue;
        if (__builtin_popcount(c[cell]) == 1) {
            found->wrong[cell] = (uint8_t)(__builtin_ctz(c[cell]) + 1);
            found->nwrong++;
            c[cell] = 0x1FF; /* an entry taken out: the cell is open again */
        } else {
            found->removed[cell] = (uint8_t)right;
            found->nremoved++;
            c[cell] |= bit(right);
        }
    }
    /* An open cell keeps none of the digits its placed peers hold (all
     * right now, so none is the cell's solution). */
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (__builtin_popcount(c[cell]) == 1) continue;
        for (int peer = 0; peer < SUDOKU_CELLS; peer++) {
            int r = cell / 9, col = cell % 9, pr = peer / 9, pc = peer % 9;
            bool sees =
                peer != cell && (r == pr || col == pc || (r / 3 == pr / 3 && col / 3 == pc / 3));
            if (sees && __builtin_popcount(c[peer]) == 1) c[cell] &= (uint16_t)~c[peer];
        }
    }
    return true;
}

bool mistakes_find(const sudoku_grid *puzzle, const sudoku_grid *solution, sudoku_record *record,
                   mistakes *found)
{
    memset(found, 0, sizeof *found);
    if (!record->ok && record->error.kind != SUDOKU_ERROR_DUPLICATE) return false;
    record->ok = true;
    memset(&record->error, 0, sizeof record->error);
    return record->pencilmarks ? candidate_mistakes(puzzle, solution, record, found)
                               : grid_mistakes(puzzle, solution, record, found);
}

void mistakes_add_text(cli_text *text, const mistakes *found)
{
    int n = found->nwrong + found->nremoved;
    if (n == 0) {
        cli_text_puts(text, "no mistakes; next: ");
        return;
    }
    cli_text_printf(text, "%d mistake%s: ", n, n == 1 ? "" : "s");
    const char *sep = "";
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (found->wrong[cell])
            cli_text_printf(text, "%sr%dc%d (%d is wrong)", sep, cell / 9 + 1, cell % 9 + 1,
                            found->wrong[cell]);
        if (found->removed[cell])
            cli_text_printf(text, "%sr%dc%d (%d was removed)", sep, cell / 9 + 1, cell % 9 + 1,
                            found->removed[cell]);
        if (found->wrong[cell] || found->removed[cell]) sep = ", ";
    }
    cli_text_printf(text, "; next, once %s mended: ", n == 1 ? "it is" : "they are");
}

static void add_list(cli_text *text, const uint8_t digits[SUDOKU_CELLS])
{
    const char *sep = "";
    cli_text_puts(text, "[");
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (digits[cell]) {
            cli_text_printf(text, "%s[%d,%d,%d]", sep, cell / 9 + 1, cell % 9 + 1, digits[cell]);
            sep = ",";
        }
    cli_text_puts(text, "]");
}

void mistakes_add_json(cli_text *text, const mistakes *found)
{
    cli_text_puts(text, ",\"mistakes\":{\"wrong\":");
    add_list(text, found->wrong);
    cli_text_puts(text, ",\"removed\":");
    add_list(text, found->removed);
    cli_text_puts(text, "}");
}
