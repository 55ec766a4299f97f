/*
 * transform.c: the transformations that turn a puzzle into an equivalent
 * one (docs/canon.md): applying them to grids and boards, chaining and
 * undoing them, the named ones (rotations, reflections, swaps,
 * relabellings), and drawing one uniformly at random.
 *
 * A transformation is (transpose, rows, columns, digits): out[i][j] =
 * digits[in'[rows[i]][columns[j]]], in' the grid transposed or not. The
 * group it describes has 2 x 6^8 geometric elements (6 band orders, 6 row
 * orders in each of 3 bands, the same for stacks and columns, and the
 * transposition), each with any of 9! relabellings.
 */
#include "board/board.h"

#include <string.h>

/* The permutations of three things, in lexicographic order. */
static const uint8_t orders3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                      {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

void sudoku_transform_identity(sudoku_transform *t)
{
    t->transpose = false;
    for (int i = 0; i < 9; i++) t->rows[i] = t->columns[i] = (uint8_t)i;
    for (int d = 0; d <= 9; d++) t->digits[d] = (uint8_t)d;
}

/* True if lines is a permutation of 0-8 that keeps each group of three
 * (band or stack) together. */
static bool keeps_chutes(const uint8_t lines[9])
{
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        if (lines[i] > 8 || lines[i] / 3 != lines[i - i % 3] / 3) return false;
        seen |= 1u << lines[i];
    }
    return seen == 0x1FFu;
}

bool sudoku_transform_valid(const sudoku_transform *t)
{
    unsigned seen = 0;
    if (t->digits[0] != 0) return false;
    for (int d = 1; d <= 9; d++) {
        if (t->digits[d] < 1 || t->digits[d] > 9) return false;
        seen |= 1u << t->digits[d];
    }
    return seen == 0x3FEu && keeps_chutes(t->rows) && keeps_chutes(t->columns);
}

/* The cell of the input that cell (row, column) of the output comes from. */
static int source_cell(const sudoku_transform *t, int row, int column)
{
    int r = t->rows[row], c = t->columns[column];
    return t->transpose ? 9 * c + r : 9 * r + c;
}

void sudoku_transform_apply(const sudoku_transform *t, const sudoku_grid *in, sudoku_grid *out)
{
    sudoku_grid result;
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++)
            result.cell[9 * i + j] = t->digits[in->cell[source_cell(t, i, j)] % 10];
    *out = result;
}

void sudoku_transform_apply_board(const sudoku_transform *t, const sudoku_board *in,
                                  sudoku_board *out)
{
    sudoku_board result;
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) {
            unsigned from = in->candidates[source_cell(t, i, j)], to = 0;
            for (int d = 1; d <= 9; d++)
                if (from & (1u << (d - 1))) to |= 1u << (t->digits[d] - 1);
            result.candidates[9 * i + j] = (uint16_t)to;
        }
    }
    *out = result;
}

void sudoku_transform_then(const sudoku_transform *first, const sudoku_transform *second,
                           sudoku_transform *out)
{
    sudoku_transform r;
    /* second reads its input at (rows2[i], columns2[j]), transposed or not;
     * that cell of first's output comes from first's own source lines. */
    const uint8_t *row_source = second->transpose ? first->columns : first->rows;
    const uint8_t *column_source = second->transpose ? first->rows : first->columns;
    r.transpose = first->transpose != second->transpose;
    for (int i = 0; i < 9; i++) {
        r.rows[i] = row_source[second->rows[i]];
        r.columns[i] = column_source[second->columns[i]];
    }
    for (int d = 0; d <= 9; d++) r.digits[d] = second->digits[first->digits[d]];
    *out = r;
}

void sudoku_transform_invert(const sudoku_transform *t, sudoku_transform *inverse)
{
    sudoku_transform r;
    uint8_t rows[9], columns[9];
    for (int i = 0; i < 9; i++) {
        rows[t->rows[i]] = (uint8_t)i;
        columns[t->columns[i]] = (uint8_t)i;
    }
    /* A transposed result has the source's columns as its rows: undoing it
     * reads the result's rows where the source's columns were. */
    r.transpose = t->transpose;
    memcpy(r.rows, t->transpose ? columns : rows, 9);
    memcpy(r.columns, t->transpose ? rows : columns, 9);
    for (int d = 0; d <= 9; d++) r.digits[t->digits[d]] = (uint8_t)d;
    *inverse = r;
}

/* Lines 0-8 in a uniformly random order that keeps chutes together: the
 * chutes shuffled, then the lines within each. */
static void random_lines(uint8_t lines[9], uint64_t *state)
{
    const uint8_t *chutes = orders3[sudoku_random_below(state, 6)];
    for (int b = 0; b < 3; b++) {
        const uint8_t *within = orders3[sudoku_random_below(state, 6)];
        for (int k = 0; k < 3; k++) lines[3 * b + k] = (uint8_t)(3 * chutes[b] + within[k]);
    }
}

void sudoku_transform_random(sudoku_transform *t, uint64_t *state)
{
    t->transpose = sudoku_random_below(state, 2) == 1;
    random_lines(t->rows, state);
    random_lines(t->columns, state);
    t->digits[0] = 0;
    for (int d = 1; d <= 9; d++) t->digits[d] = (uint8_t)d;
    for (int d = 9; d > 1; d--) { /* Fisher-Yates */
        int other = 1 + (int)sudoku_random_below(state, (unsigned)d);
        uint8_t keep = t->digits[d];
        t->digits[d] = t->digits[other];
        t->digits[other] = keep;
    }
}

static void reverse(uint8_t lines[9])
{
    for (int i = 0; i < 9; i++) lines[i] = (uint8_t)(8 - i);
}

void sudoku_transform_rotate(sudoku_transform *t, int quarter_turns)
{
    sudoku_transform_identity(t);
    switch (((quarter_turns % 4) + 4) % 4) {
    case 1: /* out[i][j] = in[8-j][i]: the columns of the transpose reversed */
        t->transpose = true;
        reverse(t->columns);
        break;
    case 2:
        reverse(t->rows);
        reverse(t->columns);
        break;
    case 3: /* out[i][j] = in[j][8-i] */
        t->transpose = true;
        reverse(t->rows);
        break;
    default: break;
    }
}

void sudoku_transform_reflect(sudoku_transform *t, sudoku_reflection axis)
{
    sudoku_transform_identity(t);
    switch (axis) {
    case SUDOKU_MIRROR: reverse(t->columns); break;
    case SUDOKU_FLIP: reverse(t->rows); break;
    case SUDOKU_DIAGONAL: t->transpose = true; break;
    case SUDOKU_ANTIDIAGONAL: /* out[i][j] = in[8-j][8-i] */
        t->transpose = true;
        reverse(t->rows);
        reverse(t->columns);
        break;
    default: break;
    }
}

bool sudoku_transform_swap(sudoku_transform *t, sudoku_lines what, int a, int b)
{
    bool chutes = what == SUDOKU_BANDS || what == SUDOKU_STACKS;
    int count = chutes ? 3 : 9;
    if (a < 0 || b < 0 || a >= count || b >= count || (!chutes && a / 3 != b / 3)) return false;
    sudoku_transform_identity(t);
    uint8_t *lines = what == SUDOKU_BANDS || what == SUDOKU_ROWS ? t->rows : t->columns;
    int width = chutes ? 3 : 1; /* a chute swaps its three lines at once */
    for (int k = 0; k < width; k++) {
        lines[width * a + k] = (uint8_t)(width * b + k);
        lines[width * b + k] = (uint8_t)(width * a + k);
    }
    return true;
}

bool sudoku_transform_relabel(sudoku_transform *t, const uint8_t digits[9])
{
    unsigned seen = 0;
    for (int d = 0; d < 9; d++)
        if (digits[d] >= 1 && digits[d] <= 9) seen |= 1u << digits[d];
    if (seen != 0x3FEu) return false;
    sudoku_transform_identity(t);
    memcpy(t->digits + 1, digits, 9);
    return true;
}
