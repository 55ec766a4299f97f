/*
 * logic_exclusion.c: aligned pair exclusion. Two cells (the base) cannot
 * take a pair of digits that would leave a bivalue cell seeing both of
 * them with no candidate, nor the same digit if they see each other. A
 * digit of a base cell that no allowed pair gives it is not its digit.
 *
 * As SE: base cells are the cells of two or more candidates with a
 * bivalue peer, in reading order; pairs of them are taken in the order of
 * Gosper's enumeration; the excluders are the bivalue cells that see both
 * (at least two are needed); the first pair that removes something wins.
 */
#include "logic.h"

#define RATING 62

/* Cells that see both a and b and hold exactly two candidates. */
static int common_excluders(const sudoku_logic *state, int a, int b, int excluders[20])
{
    int n = 0;
    for (int k = 0; k < 20; k++) {
        int c = sudoku_peers[a][k];
        if (sudoku_popcount(state->candidates[c]) == 2 && logic_sees(c, b)) excluders[n++] = c;
    }
    return n;
}

/* True if digits x in a and y in b can stand together. */
static bool allowed(const sudoku_logic *state, int a, int x, int b, int y, const int *excluders,
                    int n)
{
    if (x == y && logic_sees(a, b)) return false;
    unsigned both = (1u << (x - 1)) | (1u << (y - 1));
    for (int i = 0; i < n; i++)
        if (!(state->candidates[excluders[i]] & ~both)) return false;
    return true;
}

static bool exclude(const sudoku_logic *state, int a, int b, sudoku_step *step)
{
    int excluders[20];
    int n = common_excluders(state, a, b, excluders);
    if (n < 2) return false;
    unsigned ok_a = 0, ok_b = 0;
    for (unsigned ma = state->candidates[a]; ma; ma &= ma - 1)
        for (unsigned mb = state->candidates[b]; mb; mb &= mb - 1)
            if (allowed(state, a, sudoku_lowest_digit(ma), b, sudoku_lowest_digit(mb), excluders,
                        n)) {
                ok_a |= ma & (~ma + 1u);
                ok_b |= mb & (~mb + 1u);
            }
    logic_step_start(step, SUDOKU_ALIGNED_PAIR_EXCLUSION, RATING);
    logic_step_cell(step, a);
    logic_step_cell(step, b);
    for (int i = 0; i < n; i++) logic_step_cell(step, excluders[i]);
    step->npattern = 2;
    for (unsigned m = state->candidates[a] & ~ok_a; m; m &= m - 1)
        logic_step_eliminate(step, state, a, sudoku_lowest_digit(m));
    for (unsigned m = state->candidates[b] & ~ok_b; m; m &= m - 1)
        logic_step_eliminate(step, state, b, sudoku_lowest_digit(m));
    return logic_step_useful(step);
}

/* A base cell: two candidates or more, a bivalue peer, and no peer left
 * with a single candidate (SE skips the technique's cell then). */
static bool is_base(const sudoku_logic *state, int cell)
{
    if (sudoku_popcount(state->candidates[cell]) < 2) return false;
    bool bivalue = false;
    for (int k = 0; k < 20; k++) {
        int n = sudoku_popcount(state->candidates[sudoku_peers[cell][k]]);
        if (n == 1) return false;
        bivalue |= n == 2;
    }
    return bivalue;
}

bool logic_aligned_pair(const sudoku_logic *state, sudoku_step *step)
{
    int base[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (is_base(state, cell)) base[n++] = cell;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++)
            if (exclude(state, base[i], base[j], step)) return true;
    return false;
}

/* ---- aligned triplet exclusion ---- */

#define RATING_TRIPLET 75

/* A base cell's excluders for triplets: its peers of two or three
 * candidates, in SE's order (by cell number). */
static int triplet_excluders(const sudoku_logic *state, int cell, uint8_t out[20])
{
    int n = 0;
    for (int k = 0; k < 20; k++) {
        int c = sudoku_peers[cell][k];
        int count = sudoku_popcount(state->candidates[c]);
        if (count >= 2 && count <= 3) out[n++] = (uint8_t)c;
    }
    return n;
}

static bool triplet_base(const sudoku_logic *state, int cell)
{
    if (sudoku_popcount(state->candidates[cell]) < 2) return false;
    bool excluder = false;
    for (int k = 0; k < 20; k++) {
        int n = sudoku_popcount(state->candidates[sudoku_peers[cell][k]]);
        if (n == 1) return false;
        excluder |= n >= 2 && n <= 3;
    }
    return excluder;
}

/* The digits each of the three cells keeps in some allowed combination. */
static void triplet_allowed(const sudoku_logic *state, const int cells[3], const uint8_t *excluders,
                            int nexcluders, unsigned ok[3])
{
    const uint16_t *cand = state->candidates;
    ok[0] = ok[1] = ok[2] = 0;
    for (unsigned m0 = cand[cells[0]]; m0; m0 &= m0 - 1)
        for (unsigned m1 = cand[cells[1]]; m1; m1 &= m1 - 1)
            for (unsigned m2 = cand[cells[2]]; m2; m2 &= m2 - 1) {
                unsigned b[3] = {m0 & (~m0 + 1u), m1 & (~m1 + 1u), m2 & (~m2 + 1u)};
                bool allowed = true;
                for (int i = 0; i < 3 && allowed; i++)
                    for (int j = i + 1; j < 3 && allowed; j++)
                        allowed = !(b[i] == b[j] && logic_sees(cells[i], cells[j]));
                unsigned chosen = b[0] | b[1] | b[2];
                for (int e = 0; e < nexcluders && allowed; e++)
                    allowed = (cand[excluders[e]] & ~chosen) != 0;
                if (!allowed) continue;
                for (int i = 0; i < 3; i++) ok[i] |= b[i];
            }
}

static bool triplet_step(const sudoku_logic *state, const int cells[3], sudoku_step *step)
{
    uint8_t ex[3][20];
    int nex[3];
    for (int i = 0; i < 3; i++) nex[i] = triplet_excluders(state, cells[i], ex[i]);
    uint8_t common[20];
    int ncommon = 0;
    for (int i = 0; i < nex[0]; i++) {
        bool all = true;
        for (int j = 1; j < 3 && all; j++) {
            bool in = false;
            for (int k = 0; k < nex[j]; k++) in |= ex[j][k] == ex[0][i];
            all = in;
        }
        if (all) common[ncommon++] = ex[0][i];
    }
    if (ncommon < 2) return false;
    unsigned ok[3];
    triplet_allowed(state, cells, common, ncommon, ok);
    logic_step_start(step, SUDOKU_ALIGNED_TRIPLET_EXCLUSION, RATING_TRIPLET);
    for (int i = 0; i < 3; i++) logic_step_cell(step, cells[i]);
    for (int i = 0; i < ncommon; i++) logic_step_cell(step, common[i]);
    step->npattern = 3;
    for (int i = 0; i < 3; i++)
        for (unsigned m = state->candidates[cells[i]] & ~ok[i]; m; m &= m - 1)
            logic_step_eliminate(step, state, cells[i], sudoku_lowest_digit(m));
    return logic_step_useful(step);
}

/* As SE: pairs of base cells in Gosper's order, then a third from the
 * excluders of either (in the order they come) that is a base cell too. */
bool logic_aligned_triplet(const sudoku_logic *state, sudoku_step *step)
{
    int base[SUDOKU_CELLS], n = 0;
    bool is_base[SUDOKU_CELLS] = {false};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (triplet_base(state, cell)) {
            base[n++] = cell;
            is_base[cell] = true;
        }
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++) {
            int a = base[i], b = base[j];
            uint8_t ea[20], eb[20];
            int na = triplet_excluders(state, a, ea), nb = triplet_excluders(state, b, eb);
            int twin[40], ntwin = 0;
            bool in_twin[SUDOKU_CELLS] = {false};
            for (int k = 0; k < na + nb; k++) {
                int c = k < na ? ea[k] : eb[k - na];
                if (in_twin[c] || !is_base[c] || c == a || c == b) continue;
                in_twin[c] = true;
                twin[ntwin++] = c;
            }
            for (int k = 0; k < ntwin; k++) {
                int cells[3] = {a, b, twin[k]};
                if (triplet_step(state, cells, step)) return true;
            }
        }
    return false;
}
