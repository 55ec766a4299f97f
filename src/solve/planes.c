/*
 * planes.c: the engine search runs on: digit planes split into bands, with
 * propagation to a fixpoint, the triad rules, and the choice of the guess.
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
 * box) forming a permutation; there are six, the band's configurations. A
 * table maps the band's nonempty minirows to the cells of the configurations
 * that still fit: that one lookup does hidden singles in rows and boxes and
 * locked candidates in both directions. Columns link the bands: where a band
 * holds the digit in only one column of a box, the other bands lose that
 * column. A row left with one cell has its digit placed there, and the cell
 * leaves every other plane. A digit's three bands are brought to rest
 * together, then the next digit's. Once no band changes, three passes
 * finish the round: a column that two bands of a plane have lost must be
 * used by the third (hidden singles in columns); across planes, a cell left
 * in one plane only is a naked single and a cell left in none is a
 * contradiction; and the triads.
 *
 * Triads. A minirow (or minicolumn) holds three different digits. So a
 * triad with fewer than three candidate digits is a contradiction, one with
 * exactly three has them all, and one that must hold three digits (each
 * confined to it in its row, column or box) holds nothing else; a fourth
 * digit confined to it is a contradiction. This is what refutes, without a
 * guess, puzzles whose three digits are left two cells in a unit: singles
 * and locked candidates never notice, and a search without it walks a
 * nearly empty grid for millions of guesses. The counts over the nine
 * digits are taken for the 27 horizontal and 27 vertical triads at once by
 * adding bits in parallel, each digit's triads packed in one word.
 *
 * The guess (sudoku_planes_choose). A digit's configuration in a band, or
 * in a stack (three boxes stacked: there too it takes one column per box and
 * one box per column), is the strongest binary choice the board offers: it
 * fixes the digit's three minirows at once. The search branches on the
 * digit with the fewest configurations left in the most constrained band or
 * stack (the one whose digits' configurations multiply to the least), the
 * choice tdoku's write-up describes. After propagation a band's minirows
 * are exactly the union of the configurations that fit, so a digit's count
 * of configurations follows from its count of minirows.
 *
 * A band is worked on only when it differs from what it was when last worked
 * on (settled[]), so each step touches what changed and nothing else.
 */
#include "planes.h"
#include "bands.h"

#include <limits.h>
#include <string.h>

#define BAND 0x7FFFFFFu      /* 27 cells */
#define UNSETTLED UINT32_MAX /* no band ever holds this: forces a first pass */
#define FIRSTS 0x1249249u    /* the first bit of each group of three */
#define HEADS 0x1C0E07u      /* the first three bits of each block of nine */

/* The six configurations of a digit in a band, as minirows (bit 3*row +
 * box); in a stack the same bits read 3*band + column of the stack. */
static const uint16_t configuration[6] = {0x111, 0x0A1, 0x10A, 0x062, 0x08C, 0x054};

/* The nonempty minirows of a band, by table, row by row. */
static inline uint32_t minirows_by_rows(uint32_t band)
{
    return sudoku_row_minirows[band & 0x1FFu] |
           (uint32_t)sudoku_row_minirows[band >> 9 & 0x1FFu] << 3 |
           (uint32_t)sudoku_row_minirows[band >> 18] << 6;
}

/* The nonempty minirows of a band, as bit 3*row + box. */
static inline uint32_t minirows(uint32_t band)
{
    uint32_t x = (band | band >> 1 | band >> 2) & FIRSTS; /* bit 3k: minirow k */
    uint32_t y = x | x >> 2 | x >> 4;                     /* row r's at 9r..9r+2 */
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

/* Where a digit's band is kept: a band's nine digits side by side, so that
 * what crosses the planes (a placed cell leaving them, counting) runs over
 * consecutive words. */
static inline int slot(int digit, int band)
{
    return 9 * band + digit;
}

/* Removes cells from the band of every plane but digit's. */
static inline void leave_other_planes(sudoku_planes *p, int digit, int band, uint32_t cells)
{
    uint32_t *planes = &p->cells[9 * band], keep = planes[digit];
    p->unsolved[band] &= ~cells;
    for (int d = 0; d < 9; d++) planes[d] &= ~cells;
    planes[digit] = keep;
}

/* The band rule on one band of a digit, held in *band: keeps the cells of
 * the configurations that still fit, and narrows the digit's two other bands
 * to the columns this one leaves them. Returns the cells it finds alone in
 * their row (and not yet placed), or UINT32_MAX if the digit has no place
 * left in the band. */
static inline uint32_t band_rule(uint32_t *band, uint32_t *other1, uint32_t *other2,
                                 uint32_t unsolved)
{
    uint32_t a = *band & sudoku_band_allowed[minirows_by_rows(*band)];
    if (!a) return UINT32_MAX;
    *band = a;
    uint32_t locked = ~column_cells(sudoku_locked_columns[columns(a)]);
    *other1 &= locked;
    *other2 &= locked;
    return alone_in_row(a) & unsolved;
}

/* Brings a digit's three bands to rest, in registers. Returns -1 on a
 * contradiction, else whether cells were placed (which changes other
 * planes). */
static int update_digit(sudoku_planes *p, int digit)
{
    uint32_t *cells = &p->cells[digit], *settled = &p->settled[digit];
    uint32_t b0 = cells[0], b1 = cells[9], b2 = cells[18];
    uint32_t s0 = settled[0], s1 = settled[9], s2 = settled[18];
    int placed = 0;
    /* the cells found alone leave the other planes even when there are
     * none: clearing nothing costs less than a test that goes either way
     * in no order the processor learns (docs/engine.md, row 16) */
    for (;;) {
        uint32_t alone;
        if (b0 != s0) {
            alone = band_rule(&b0, &b1, &b2, p->unsolved[0]);
            s0 = b0;
            if (alone == UINT32_MAX) return -1;
            cells[0] = b0;
            leave_other_planes(p, digit, 0, alone);
            placed |= alone != 0;
        }
        if (b1 != s1) {
            alone = band_rule(&b1, &b2, &b0, p->unsolved[1]);
            s1 = b1;
            if (alone == UINT32_MAX) return -1;
            cells[9] = b1;
            leave_other_planes(p, digit, 1, alone);
            placed |= alone != 0;
        }
        if (b2 != s2) {
            alone = band_rule(&b2, &b0, &b1, p->unsolved[2]);
            s2 = b2;
            if (alone == UINT32_MAX) return -1;
            cells[18] = b2;
            leave_other_planes(p, digit, 2, alone);
            placed |= alone != 0;
        }
        if (b0 == s0 && b1 == s1 && b2 == s2) {
            /* at rest: the columns only one band can hold the digit in */
            uint32_t c0 = columns(b0), c1 = columns(b1), c2 = columns(b2);
            b0 &= column_cells(sudoku_claimed_columns[~(c1 | c2) & 0x1FFu]);
            b1 &= column_cells(sudoku_claimed_columns[~(c0 | c2) & 0x1FFu]);
            b2 &= column_cells(sudoku_claimed_columns[~(c0 | c1) & 0x1FFu]);
            if (b0 == s0 && b1 == s1 && b2 == s2) break;
        }
    }
    cells[0] = settled[0] = b0;
    cells[9] = settled[9] = b1;
    cells[18] = settled[18] = b2;
    return placed;
}

/* Brings every band to rest. Returns false on a contradiction. */
static bool settle_bands(sudoku_planes *p)
{
    for (;;) {
        int placed = 0;
        for (int d = 0; d < 9; d++) {
            const uint32_t *plane = &p->cells[d], *settled = &p->settled[d];
            if (plane[0] == settled[0] && plane[9] == settled[9] && plane[18] == settled[18])
                continue;
            int r = update_digit(p, d);
            if (r < 0) return false;
            placed |= r;
        }
        if (!placed) return true; /* only placements reach the digits already passed */
    }
}

/* Gives cell the digit (0-8) in its plane, clearing the digit's row, column
 * and box there. Returns false if the digit was not a candidate. */
static bool place(sudoku_planes *p, int cell, int digit)
{
    int band = cell / 27, at = cell % 27;
    uint32_t bit = 1u << at, *plane = &p->cells[digit];
    if (!(plane[9 * band] & bit)) return false;
    uint32_t column = ~column_cells(1u << (at % 9));
    plane[0] &= column;
    plane[9] &= column;
    plane[18] &= column;
    plane[9 * band] &= ~row_and_box(at);
    plane[9 * band] |= bit;
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
            uint32_t m = p->cells[slot(d, band)];
            twice |= once & m;
            once |= m;
        }
        if (unsolved & ~once) return -1;
        for (uint32_t singles = unsolved & ~twice; singles; singles &= singles - 1) {
            /* the one plane holding the cell, found without a branch (an
             * earlier single may have left it none: place then fails) */
            int at = sudoku_lowest_bit(singles), d = 0;
            for (int k = 0; k < 9; k++) d += k * (int)(p->cells[slot(k, band)] >> at & 1u);
            if (!place(p, 27 * band + at, d)) return -1;
            placed++;
        }
    }
    return placed;
}

/* ---- triads ---- */

/* A digit's horizontal triads (minirows) of the three bands in one word:
 * bit 3*k + band for minirow k (3*row + box) of the band. Rows are the
 * blocks of nine bits, boxes the bits nine apart. */
static inline uint32_t horizontal_triads(const uint32_t *plane)
{
    uint32_t m0 = (plane[0] | plane[0] >> 1 | plane[0] >> 2) & FIRSTS;
    uint32_t m1 = (plane[9] | plane[9] >> 1 | plane[9] >> 2) & FIRSTS;
    uint32_t m2 = (plane[18] | plane[18] >> 1 | plane[18] >> 2) & FIRSTS;
    return m0 | m1 << 1 | m2 << 2;
}

/* A digit's vertical triads (minicolumns): bit 9*band + column. Columns
 * are the bits nine apart, boxes the groups of three. */
static inline uint32_t vertical_triads(const uint32_t *plane)
{
    return columns(plane[0]) | columns(plane[9]) << 9 | columns(plane[18]) << 18;
}

/* Each block of nine bits rotated by three: a horizontal triad's row mates. */
static inline uint32_t rotate_in_blocks(uint32_t x)
{
    return ((x << 3) & ~HEADS & BAND) | ((x >> 6) & HEADS);
}

/* The word rotated by nine: a triad's box mates (horizontal) or column
 * mates (vertical). */
static inline uint32_t rotate_blocks(uint32_t x)
{
    return ((x << 9) | (x >> 18)) & BAND;
}

/* Each group of three bits rotated by one: a vertical triad's box mates. */
static inline uint32_t rotate_in_groups(uint32_t x)
{
    return ((x << 1) & ~FIRSTS & BAND) | ((x >> 2) & FIRSTS);
}

/* Adds three words bit by bit: *high gets the carries, *low the sums. */
static inline void add3(uint32_t *high, uint32_t *low, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t u = a ^ b;
    *high = (a & b) | (u & c);
    *low = u ^ c;
}

/* For each bit, how many of the nine words have it set, as bit slices. */
typedef struct tally {
    uint32_t ones, twos, fours; /* fours: four or more */
} tally;

static inline tally count_nine(const uint32_t x[9])
{
    uint32_t t1, o1, t2, o2, t3, o3, t4, f1, tw;
    tally n;
    add3(&t1, &o1, x[0], x[1], x[2]);
    add3(&t2, &o2, x[3], x[4], x[5]);
    add3(&t3, &o3, x[6], x[7], x[8]);
    add3(&t4, &n.ones, o1, o2, o3);
    add3(&f1, &tw, t1, t2, t3);
    n.twos = tw ^ t4;
    n.fours = f1 | (tw & t4);
    return n;
}

/* Removes from a digit's plane the horizontal triads hclear and the
 * vertical triads vclear. */
static void clear_triads(uint32_t *plane, uint32_t hclear, uint32_t vclear)
{
    for (int band = 0; band < 3; band++)
        plane[9 * band] &=
            ~(((hclear >> band) & FIRSTS) * 7u | column_cells(vclear >> (9 * band) & 0x1FFu));
}

/* The triad rules, on one orientation. triads[] holds the digits' triads,
 * certain[] those each digit is known to occupy (alone in their row or
 * column). Adds to clear[] what each digit must leave. Returns false on a
 * contradiction. */
static bool triad_rules(const uint32_t triads[9], uint32_t certain[9], uint32_t clear[9],
                        uint32_t (*mates)(uint32_t))
{
    tally digits_in = count_nine(triads);
    uint32_t three = digits_in.fours | (digits_in.twos & digits_in.ones);
    if (three != BAND) return false; /* a triad with fewer than three digits */
    uint32_t exactly_three = three & ~digits_in.fours;
    for (int d = 0; d < 9; d++) {
        uint32_t forced = triads[d] & exactly_three & ~certain[d];
        if (forced) clear[d] |= mates(forced);
        certain[d] |= triads[d] & exactly_three;
    }
    tally held = count_nine(certain);
    if (held.fours) return false; /* four digits held by one triad */
    uint32_t full =
        held.twos & held.ones & digits_in.fours; /* three held, and others still there */
    if (full)
        for (int d = 0; d < 9; d++) clear[d] |= full & ~certain[d];
    return true;
}

static uint32_t horizontal_mates(uint32_t x)
{
    uint32_t row = rotate_in_blocks(x), box = rotate_blocks(x);
    return row | rotate_in_blocks(row) | box | rotate_blocks(box);
}

static uint32_t vertical_mates(uint32_t x)
{
    uint32_t column = rotate_blocks(x), box = rotate_in_groups(x);
    return column | rotate_blocks(column) | box | rotate_in_groups(box);
}

/* Eight digits side by side, one per lane: the compiler makes of the same
 * operations whatever vector instructions the target has. */
typedef uint32_t eight __attribute__((vector_size(32)));

/* The triads of digits 0-7 (horizontal and vertical) and those each digit
 * is alone in (in its row, in its column), lane by lane: the same as the
 * scalar functions above. */
static inline void triads_of_eight(const sudoku_planes *p, sudoku_triads *view,
                                   uint32_t hcertain[9], uint32_t vcertain[9])
{
    eight b0, b1, b2;
    memcpy(&b0, &p->cells[0], sizeof b0);
    memcpy(&b1, &p->cells[9], sizeof b1);
    memcpy(&b2, &p->cells[18], sizeof b2);
    eight h = ((b0 | b0 >> 1 | b0 >> 2) & FIRSTS) | ((b1 | b1 >> 1 | b1 >> 2) & FIRSTS) << 1 |
              ((b2 | b2 >> 1 | b2 >> 2) & FIRSTS) << 2;
    eight v = ((b0 | b0 >> 9 | b0 >> 18) & 0x1FFu) | ((b1 | b1 >> 9 | b1 >> 18) & 0x1FFu) << 9 |
              ((b2 | b2 >> 9 | b2 >> 18) & 0x1FFu) << 18;
    eight hr = ((h << 3) & (~HEADS & BAND)) | ((h >> 6) & HEADS);
    eight hr2 = ((hr << 3) & (~HEADS & BAND)) | ((hr >> 6) & HEADS);
    eight vc = ((v << 9) | (v >> 18)) & BAND;
    eight vc2 = ((vc << 9) | (vc >> 18)) & BAND;
    eight hc = h & ~hr & ~hr2, vcn = v & ~vc & ~vc2;
    memcpy(view->horizontal, &h, sizeof h);
    memcpy(view->vertical, &v, sizeof v);
    memcpy(hcertain, &hc, sizeof hc);
    memcpy(vcertain, &vcn, sizeof vcn);
}

/* Applies the triad rules once, leaving the digits' triads in view. Returns
 * -1 on a contradiction, else whether anything changed. */
static int triads(sudoku_planes *p, sudoku_triads *view)
{
    uint32_t hcertain[9], vcertain[9], hclear[9] = {0}, vclear[9] = {0};
    triads_of_eight(p, view, hcertain, vcertain);
    const uint32_t *plane = &p->cells[8];
    uint32_t h = view->horizontal[8] = horizontal_triads(plane);
    uint32_t v = view->vertical[8] = vertical_triads(plane);
    uint32_t hr = rotate_in_blocks(h), vc = rotate_blocks(v);
    hcertain[8] = h & ~hr & ~rotate_in_blocks(hr); /* alone in its row */
    vcertain[8] = v & ~vc & ~rotate_blocks(vc);    /* alone in its column */
    if (!triad_rules(view->horizontal, hcertain, hclear, horizontal_mates) ||
        !triad_rules(view->vertical, vcertain, vclear, vertical_mates))
        return -1;
    uint32_t changed = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t hd = hclear[d] & view->horizontal[d], vd = vclear[d] & view->vertical[d];
        clear_triads(&p->cells[d], hd, vd);
        changed |= hd | vd;
    }
    return changed != 0;
}

static inline bool solved(const sudoku_planes *p)
{
    return !(p->unsolved[0] | p->unsolved[1] | p->unsolved[2]);
}

static bool propagate(sudoku_planes *p, sudoku_triads *view)
{
    for (;;) {
        if (!settle_bands(p)) return false;
        int placed = naked_singles(p);
        if (placed < 0) return false;
        if (placed > 0) continue;
        if (solved(p)) return true; /* every cell placed: nothing for the triads, or the choice */
        int changed = triads(p, view);
        if (changed <= 0) return changed == 0;
    }
}

/* ---- wide instructions, chosen at run time ----
 *
 * The entry points search calls for every guess are compiled twice: for any
 * x86-64 (SSE2), and for processors with AVX2, BMI1, BMI2 and POPCNT
 * (x86-64-v3 but for FMA and MOVBE, which nothing here uses), with all
 * they call inlined into each (flatten), so that the installed program runs
 * the code a -march=native build would. Each call picks one from the
 * processor's features (a few loads and tests, nothing beside the work of a
 * guess). Other architectures and compilers build the one version. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NARROW_TARGET __attribute__((flatten))
#define WIDE_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt"), flatten))
#define BOTH_WIDTHS(type, name, params, args)                                                      \
    NARROW_TARGET static type name##_narrow params                                                 \
    {                                                                                              \
        return name args;                                                                          \
    }                                                                                              \
    WIDE_TARGET static type name##_wide params                                                     \
    {                                                                                              \
        return name args;                                                                          \
    }

static inline bool wide_cpu(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
#define WIDEST(name) (wide_cpu() ? name##_wide : name##_narrow)
#else
#define BOTH_WIDTHS(type, name, params, args)
#define WIDEST(name) name
#endif

static bool propagate_with(sudoku_planes *p, sudoku_triads *view)
{
    sudoku_triads scratch;
    return propagate(p, view ? view : &scratch);
}
BOTH_WIDTHS(bool, propagate_with, (sudoku_planes * p, sudoku_triads *view), (p, view))

bool sudoku_planes_propagate(sudoku_planes *p, sudoku_triads *view)
{
    return WIDEST(propagate_with)(p, view);
}

bool sudoku_planes_assign(sudoku_planes *p, int cell, int digit, sudoku_triads *view)
{
    return place(p, cell, digit - 1) && sudoku_planes_propagate(p, view);
}

void sudoku_planes_remove(sudoku_planes *p, int cell, int digit)
{
    p->cells[slot(digit - 1, cell / 27)] &= ~(1u << (cell % 27));
}

bool sudoku_planes_eliminate(sudoku_planes *p, int cell, int digit, sudoku_triads *view)
{
    sudoku_planes_remove(p, cell, digit);
    return sudoku_planes_propagate(p, view);
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

/* The band cells sharing a row or a box with some of cells. */
static inline uint32_t rows_and_boxes(uint32_t cells)
{
    /* a bit for each row (box) holding some of cells, spread over it by
     * multiplying: no branch, as the givens follow no pattern */
    uint32_t x = (cells | cells >> 1 | cells >> 2) & FIRSTS; /* minirows */
    x = (x | x >> 3 | x >> 6) & 0x40201u;                     /* rows: bits 0, 9, 18 */
    uint32_t rows = x * 0x1FFu;
    uint32_t cols = columns(cells);
    uint32_t b = (cols | cols >> 1 | cols >> 2) & 0x49u;       /* boxes: bits 0, 3, 6 */
    return rows | b * 0x1C0E07u;
}

/* Whether a digit's cells in a band are each alone in their row, column and
 * box. */
static inline bool one_per_unit(uint32_t cells)
{
    int n = sudoku_popcount(cells);
    uint32_t cols = columns(cells);
    int rows = !!(cells & 0x1FFu) + !!(cells & 0x3FE00u) + !!(cells & 0x7FC0000u);
    int boxes = !!(cols & 7u) + !!(cols & 070u) + !!(cols & 0700u);
    return sudoku_popcount(cols) == n && rows == n && boxes == n;
}

/* Sets up every plane at once from the givens, as placing them one by one
 * would (a clash is two givens of a digit in one row, column or box). The
 * generator sets up a board for each clue it tries to take away, so this is
 * one pass over the cells without a branch on whether a cell is empty: an
 * empty cell's bits are zero and land on digit 0's unused sets. */
bool sudoku_planes_from_grid(sudoku_planes *p, const sudoku_grid *grid)
{
    /* each digit's givens by band (own[0]: the empty cells), without a
     * branch on the cell: which cells are empty follows no pattern */
    uint32_t own[10][3] = {{0}};
    unsigned largest = 0;
    for (int band = 0; band < 3; band++)
        for (int at = 0; at < 27; at++) {
            unsigned digit = grid->cell[27 * band + at];
            largest = digit > largest ? digit : largest;
            own[digit < 10 ? digit : 0][band] |= 1u << at;
        }
    if (largest > 9) return false;
    uint32_t given[3];
    reset(p, BAND);
    for (int band = 0; band < 3; band++) {
        given[band] = BAND & ~own[0][band];
        p->unsolved[band] = own[0][band];
    }
    for (int d = 0; d < 9; d++) {
        const uint32_t *mine = own[d + 1];
        uint32_t c0 = columns(mine[0]), c1 = columns(mine[1]), c2 = columns(mine[2]);
        if ((c0 & c1) | (c0 & c2) | (c1 & c2)) return false; /* one column, two bands */
        uint32_t out = ~column_cells(c0 | c1 | c2);
        for (int band = 0; band < 3; band++) {
            if (!one_per_unit(mine[band])) return false;
            p->cells[slot(d, band)] =
                (BAND & out & ~rows_and_boxes(mine[band]) & ~given[band]) | mine[band];
        }
    }
    return true;
}

void sudoku_planes_from_board(sudoku_planes *p, const sudoku_board *board)
{
    reset(p, 0);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 0; d < 9; d++)
            if (board->candidates[cell] & (1u << d))
                p->cells[slot(d, cell / 27)] |= 1u << (cell % 27);
}

/* ---- the guess ---- */

/* How open a digit is in a band or stack, by its count of minirows
 * (minicolumns): after propagation they are the union of the configurations
 * that fit, 3 for one, 5 or 6 for two, 7 for three, 8 for four, 9 for six.
 * A band's weight is the sum of its digits'. Between the logarithm of the
 * count (100 log2: 100, 158, 200, 258; a band's sum is then the logarithm of
 * its product, which guesses least on the hard datasets) and the count
 * itself (tdoku's choice, 100 to 500; the steadiest on puzzles without a
 * solution, where the logarithm sometimes guesses ten times more): see
 * docs/engine.md. */
static const uint16_t weight[10] = {0, 0, 0, 0, 0, 100, 100, 170, 230, 350};

/* The configurations (bit k for configuration[k]) that fit a set of
 * minirows. */
static unsigned fitting(uint32_t minirow_set)
{
    unsigned fit = 0;
    for (int k = 0; k < 6; k++)
        if ((minirow_set & configuration[k]) == configuration[k]) fit |= 1u << k;
    return fit;
}

/* A digit's minicolumns in a stack, as bit 3*band + column of the stack. */
static inline uint32_t stack_minicolumns(uint32_t vertical, int stack)
{
    uint32_t x = (vertical >> (3 * stack)) & HEADS;
    return (x | x >> 6 | x >> 12) & 0x1FFu;
}

/* The digits (bit d-1 for digit d) still possible in cell. */
static unsigned candidates(const sudoku_planes *p, int cell)
{
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        if (p->cells[slot(d, cell / 27)] & (1u << (cell % 27))) digits |= 1u << d;
    return digits;
}

/* An unsolved cell with the fewest candidates, or -1 if every cell is solved:
 * the guess when every band and stack is settled but cells are not (a board
 * given as candidates can leave that). */
static int fewest_candidates(const sudoku_planes *p)
{
    int best = -1, best_count = 10;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!(p->unsolved[cell / 27] & (1u << (cell % 27)))) continue;
        int n = sudoku_popcount(candidates(p, cell));
        if (n < best_count) {
            best = cell;
            best_count = n;
        }
    }
    return best;
}

static bool choose(const sudoku_planes *p, const sudoku_triads *view, sudoku_branch *branch)
{
    if (solved(p)) return false;
    /* count[where][d]: digit d's minirows in band where (0-2), or its
     * minicolumns in stack where-3 */
    uint8_t count[6][9];
    int score[6] = {0};
    for (int d = 0; d < 9; d++) {
        uint32_t h = view->horizontal[d], v = view->vertical[d];
        for (int where = 0; where < 3; where++) {
            int n = sudoku_popcount(h & (FIRSTS << where)),
                m = sudoku_popcount(v & (HEADS << (3 * where)));
            count[where][d] = (uint8_t)n;
            count[where + 3][d] = (uint8_t)m;
            score[where] += weight[n];
            score[where + 3] += weight[m];
        }
    }
    /* the least by keys (score, where), then (count, digit): minimums
     * without a branch, as which band or digit wins follows no pattern */
    unsigned least = UINT_MAX;
    for (int where = 0; where < 6; where++) {
        unsigned key = score[where] > 0 ? (unsigned)score[where] << 3 | (unsigned)where : UINT_MAX;
        least = key < least ? key : least;
    }
    int best = least == UINT_MAX ? -1 : (int)(least & 7u);
    if (best < 0) {
        branch->kind = SUDOKU_BRANCH_CELL;
        branch->where = fewest_candidates(p);
        if (branch->where < 0) return false;
        branch->digit = 0;
        branch->options = candidates(p, branch->where);
        return true;
    }
    unsigned fewest = UINT_MAX;
    for (int d = 0; d < 9; d++) {
        unsigned n = count[best][d];
        unsigned key = (n << 4 | (unsigned)d) | (0u - (unsigned)(n < 5)); /* all ones if settled */
        fewest = key < fewest ? key : fewest;
    }
    int digit = fewest == UINT_MAX ? 0 : (int)(fewest & 15u);
    uint32_t set = best < 3 ? minirows(p->cells[slot(digit, best)])
                            : stack_minicolumns(view->vertical[digit], best - 3);
    branch->kind = best < 3 ? SUDOKU_BRANCH_BAND : SUDOKU_BRANCH_STACK;
    branch->where = best % 3;
    branch->digit = digit;
    branch->options = fitting(set);
    return true;
}
BOTH_WIDTHS(bool, choose,
            (const sudoku_planes *p, const sudoku_triads *view, sudoku_branch *branch),
            (p, view, branch))

bool sudoku_planes_choose(const sudoku_planes *p, const sudoku_triads *view, sudoku_branch *branch)
{
    return WIDEST(choose)(p, view, branch);
}

/* The band cells of a configuration's minirows. */
static uint32_t configuration_cells(int k)
{
    uint32_t cells = 0;
    for (int minirow = 0; minirow < 9; minirow++)
        if (configuration[k] >> minirow & 1u) cells |= 7u << (3 * minirow);
    return cells;
}

static bool take(sudoku_planes *p, const sudoku_branch *branch, int option, sudoku_triads *view)
{
    uint32_t *plane = &p->cells[branch->digit];
    switch (branch->kind) {
    case SUDOKU_BRANCH_BAND: plane[9 * branch->where] &= configuration_cells(option); break;
    case SUDOKU_BRANCH_STACK:
        for (int band = 0; band < 3; band++) {
            uint32_t keep =
                (configuration[option] >> (3 * band)) & 7u; /* one column of the stack */
            plane[9 * band] &= ~column_cells((7u & ~keep) << (3 * branch->where));
        }
        break;
    default: return place(p, branch->where, option) && propagate_with(p, view);
    }
    return propagate_with(p, view);
}
BOTH_WIDTHS(bool, take,
            (sudoku_planes * p, const sudoku_branch *branch, int option, sudoku_triads *view),
            (p, branch, option, view))

bool sudoku_planes_take(sudoku_planes *p, const sudoku_branch *branch, int option,
                        sudoku_triads *view)
{
    return WIDEST(take)(p, branch, option, view);
}

void sudoku_planes_to_grid(const sudoku_planes *p, sudoku_grid *grid)
{
    for (int d = 0; d < 9; d++)
        for (int band = 0; band < 3; band++)
            for (uint32_t m = p->cells[slot(d, band)]; m; m &= m - 1)
                grid->cell[27 * band + sudoku_lowest_bit(m)] = (uint8_t)(d + 1);
}
