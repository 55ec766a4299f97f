/*
 * planes.c: the engine search runs on: digit planes split into bands, with
 * assign, eliminate and propagation to a fixpoint.
 *
 * The model. For each digit, a plane of 81 bits says where it may still go.
 * A plane is kept as three bands of three rows, 27 bits each (bit 9*row +
 * column), so the board is 27 words, plus a word per band of the cells not
 * yet given a digit. Placing a digit clears its row and box in one band and
 * its column in all three with a few constant masks; copying the whole board
 * before a guess costs less than undoing one would.
 *
 * Propagation, digit by digit. Inside a band a digit goes once in each row
 * and once in each box, so it occupies three minirows (where a row crosses a
 * box) forming a permutation; there are six. A table maps the band's nonempty
 * minirows to the cells of the permutations that still fit: that one lookup
 * does hidden singles in rows and boxes and locked candidates in both
 * directions. Columns link the bands: where a band holds the digit in only
 * one column of a box, the other bands lose that column. A row left with one
 * cell has its digit placed there, and the cell leaves every other plane.
 * Once no band changes, two passes finish the round: a column that two bands
 * of a plane have lost must be used by the third (this catches hidden
 * singles in columns; done inside every band update it cost more than it
 * saved), and across planes, a cell left in one plane only is a naked single
 * and a cell left in none is a contradiction.
 *
 * A band is worked on only when it differs from what it was when last worked
 * on (settled[]), so each step touches what changed and nothing else.
 */
#include "internal.h"

#include <limits.h>

#define BAND 0x7FFFFFFu      /* 27 cells */
#define UNSETTLED UINT32_MAX /* no band ever holds this: forces a first pass */

/* The nonempty minirows of a band, as bit 3*row + box. */
static inline uint32_t minirows(uint32_t band)
{
    uint32_t x = (band | band >> 1 | band >> 2) & 0x1249249u; /* bit 3k: minirow k */
    uint32_t y = x | x >> 2 | x >> 4;                         /* row r's at 9r..9r+2 */
    return (y & 0x7u) | (y >> 6 & 0x38u) | (y >> 12 & 0x1C0u);
}

/* The columns (bit per column) where a band has a cell. */
static inline uint32_t columns(uint32_t band)
{
    return (band | band >> 9 | band >> 18) & 0x1FFu;
}

/* A set of columns as the band cells in them. */
static inline uint32_t column_cells(uint32_t cols)
{
    return cols * 0x40201u;
}

/* The band cells sharing a row or a box with the cell at bit at. */
static inline uint32_t row_and_box(int at)
{
    int col = at % 9;
    return (0x1FFu << (at - col)) | (0x1C0E07u << (col / 3 * 3));
}

static inline int next_band(int band)
{
    return band == 2 ? 0 : band + 1;
}

static inline int prev_band(int band)
{
    return band == 0 ? 2 : band - 1;
}

/* The cells of a band alone in their row. */
static inline uint32_t alone_in_row(uint32_t band)
{
    uint32_t alone = 0;
    for (int shift = 0; shift < 27; shift += 9) {
        uint32_t row = band & (0x1FFu << shift);
        if (!(row & (row - 1))) alone |= row;
    }
    return alone;
}

/* Removes cells from the band of every plane but digit's. */
static inline void leave_other_planes(sudoku_planes *p, int digit, int band, uint32_t cells)
{
    p->unsolved[band] &= ~cells;
    for (int d = 0; d < 9; d++)
        if (d != digit) p->cells[3 * d + band] &= ~cells;
}

/* Applies the band rule to one band of a digit's plane and pushes what it
 * implies onto the other bands (locked columns) and planes (placed cells).
 * Returns false if the digit has no place left in the band. */
static bool update_band(sudoku_planes *p, int digit, int band)
{
    uint32_t *plane = &p->cells[3 * digit];
    int next = next_band(band), prev = prev_band(band);
    uint32_t a = plane[band] & sudoku_band_allowed[minirows(plane[band])];
    if (!a) return false;
    plane[band] = p->settled[3 * digit + band] = a;

    uint32_t locked = ~column_cells(sudoku_locked_columns[columns(a)]);
    plane[next] &= locked;
    plane[prev] &= locked;
    uint32_t placed = alone_in_row(a) & p->unsolved[band];
    if (placed) leave_other_planes(p, digit, band, placed);
    return true;
}

/* Claims for every digit the columns only one band can hold it in. Returns
 * whether anything changed. */
static bool claim_columns(sudoku_planes *p)
{
    bool changed = false;
    for (int d = 0; d < 9; d++) {
        uint32_t *plane = &p->cells[3 * d];
        uint32_t c0 = columns(plane[0]), c1 = columns(plane[1]), c2 = columns(plane[2]);
        uint32_t n0 = plane[0] & column_cells(sudoku_claimed_columns[~(c1 | c2) & 0x1FFu]);
        uint32_t n1 = plane[1] & column_cells(sudoku_claimed_columns[~(c0 | c2) & 0x1FFu]);
        uint32_t n2 = plane[2] & column_cells(sudoku_claimed_columns[~(c0 | c1) & 0x1FFu]);
        changed |= (n0 != plane[0]) | (n1 != plane[1]) | (n2 != plane[2]);
        plane[0] = n0;
        plane[1] = n1;
        plane[2] = n2;
    }
    return changed;
}

/* Gives cell the digit (0-8) in its plane, clearing the digit's row, column
 * and box there. Returns false if the digit was not a candidate. */
static bool place(sudoku_planes *p, int cell, int digit)
{
    int band = cell / 27, at = cell % 27;
    uint32_t bit = 1u << at, *plane = &p->cells[3 * digit];
    if (!(plane[band] & bit)) return false;
    uint32_t column = ~column_cells(1u << (at % 9));
    plane[0] &= column;
    plane[1] &= column;
    plane[2] &= column;
    plane[band] &= ~row_and_box(at);
    plane[band] |= bit;
    leave_other_planes(p, digit, band, bit);
    return true;
}

/* Places every naked single. Returns how many, or -1 if some unsolved cell
 * has no candidate left (or two singles clash). */
static int naked_singles(sudoku_planes *p)
{
    int placed = 0;
    for (int band = 0; band < 3; band++) {
        uint32_t unsolved = p->unsolved[band], once = 0, twice = 0;
        if (!unsolved) continue;
        for (int d = 0; d < 9; d++) {
            uint32_t m = p->cells[3 * d + band];
            twice |= once & m;
            once |= m;
        }
        if (unsolved & ~once) return -1;
        for (uint32_t singles = unsolved & ~twice; singles; singles &= singles - 1) {
            int at = sudoku_lowest_bit(singles), d = 0;
            while (d < 9 && !(p->cells[3 * d + band] & (1u << at))) d++;
            if (d == 9 || !place(p, 27 * band + at, d)) return -1;
            placed++;
        }
    }
    return placed;
}

bool sudoku_planes_propagate(sudoku_planes *p)
{
    for (;;) {
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = 0; i < 27; i++) {
                if (p->cells[i] == p->settled[i]) continue;
                if (!update_band(p, i / 3, i % 3)) return false;
                changed = true;
            }
        }
        if (claim_columns(p)) continue;
        int placed = naked_singles(p);
        if (placed <= 0) return placed == 0;
    }
}

bool sudoku_planes_assign(sudoku_planes *p, int cell, int digit)
{
    return place(p, cell, digit - 1) && sudoku_planes_propagate(p);
}

bool sudoku_planes_eliminate(sudoku_planes *p, int cell, int digit)
{
    p->cells[3 * (digit - 1) + cell / 27] &= ~(1u << (cell % 27));
    return sudoku_planes_propagate(p);
}

/* Fills every band of every plane with fill; no cell is solved and every
 * band waits for its first pass. */
static void reset(sudoku_planes *p, uint32_t fill)
{
    for (int i = 0; i < 27; i++) {
        p->cells[i] = fill;
        p->settled[i] = UNSETTLED;
    }
    p->unsolved[0] = p->unsolved[1] = p->unsolved[2] = BAND;
}

bool sudoku_planes_from_grid(sudoku_planes *p, const sudoku_grid *grid)
{
    reset(p, BAND);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = grid->cell[cell];
        if (digit > 9 || (digit && !place(p, cell, digit - 1))) return false;
    }
    return true;
}

void sudoku_planes_from_board(sudoku_planes *p, const sudoku_board *board)
{
    reset(p, 0);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 0; d < 9; d++)
            if (board->candidates[cell] & (1u << d))
                p->cells[3 * d + cell / 27] |= 1u << (cell % 27);
}

/* The digits (bit d-1 for digit d) still possible in cell. */
static unsigned candidates(const sudoku_planes *p, int cell)
{
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        if (p->cells[3 * d + cell / 27] & (1u << (cell % 27))) digits |= 1u << d;
    return digits;
}

/* How many of cell's peers are unsolved (cell itself counted too). */
static int unsolved_peers(const sudoku_planes *p, int cell)
{
    int band = cell / 27, at = cell % 27;
    uint32_t column = column_cells(1u << (at % 9));
    return sudoku_popcount(p->unsolved[band] & (row_and_box(at) | column)) +
           sudoku_popcount(p->unsolved[next_band(band)] & column) +
           sudoku_popcount(p->unsolved[prev_band(band)] & column);
}

/* Two-candidate cells are the cheapest guesses; among them, the one with the
 * most unsolved peers reaches furthest whichever digit is right. Choosing it
 * over the first one found cut the guesses on forum-hardest by 40%. */
int sudoku_planes_choose_cell(const sudoku_planes *p, unsigned *digits)
{
    int best = -1, best_score = INT_MAX;
    for (int band = 0; band < 3; band++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = p->cells[3 * d + band];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        for (uint32_t pairs = twice & ~thrice & p->unsolved[band]; pairs; pairs &= pairs - 1) {
            int cell = 27 * band + sudoku_lowest_bit(pairs), score = -unsolved_peers(p, cell);
            if (score < best_score) {
                best = cell;
                best_score = score;
            }
        }
    }
    if (best < 0) /* no two-candidate cell: fewest candidates, then most unsolved peers */
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            if (!(p->unsolved[cell / 27] & (1u << (cell % 27)))) continue;
            int score = 32 * sudoku_popcount(candidates(p, cell)) - unsolved_peers(p, cell);
            if (score < best_score) {
                best = cell;
                best_score = score;
            }
        }
    if (best >= 0) *digits = candidates(p, best);
    return best;
}

void sudoku_planes_to_grid(const sudoku_planes *p, sudoku_grid *grid)
{
    for (int d = 0; d < 9; d++)
        for (int band = 0; band < 3; band++)
            for (uint32_t m = p->cells[3 * d + band]; m; m &= m - 1)
                grid->cell[27 * band + sudoku_lowest_bit(m)] = (uint8_t)(d + 1);
}
