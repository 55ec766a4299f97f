/*
 * patterns.c: HoDoKu's single-digit patterns (patterns.h; hodoku-spec 4):
 * Skyscraper, 2-String Kite and Empty Rectangle, each the first found in
 * HoDoKu's order.
 */
#include "patterns.h"

#include "logic/state.h"
#include "logic/step.h"

static int row_of(int cell)
{
    return cell / 9;
}

static int column_of(int cell)
{
    return cell % 9;
}

static int box_of(int cell)
{
    return sudoku_cell_units[cell][2] - 18;
}

static bool has(const hodoku_grid *g, int cell, int digit)
{
    return g->candidates[cell] >> (digit - 1) & 1u;
}

/* The two cells of unit with digit, in the unit's order, when it has
 * exactly two; false otherwise. */
static bool pair_in(const hodoku_grid *g, int unit, int digit, uint8_t pair[2])
{
    if (g->free[unit][digit] != 2) return false;
    /* the unit's first two cells with the digit: its lowest (a unit's
     * cells are in increasing order) */
    const uint64_t *with = g->digit_cells[digit - 1];
    const uint64_t cells[2] = {with[0] & sudoku_unit_bits[unit][0], with[1] & sudoku_unit_bits[unit][1]};
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t left = cells[w]; left && n < 2; left &= left - 1)
            pair[n++] = (uint8_t)(64 * w + __builtin_ctzll(left));
    return n == 2;
}

/* The step's start for a pattern of digit with its cells in text order;
 * the first two the pattern's ends, the rest its link. */
static void pattern_step(sudoku_step *step, sudoku_technique technique, int digit,
                         const uint8_t *cells, int n)
{
    logic_step_start(step, technique, 0);
    step->digits = (uint16_t)(1u << (digit - 1));
    for (int i = 0; i < n; i++) {
        logic_step_cell(step, cells[i]);
        logic_step_mark(step, i < 2 ? SUDOKU_ROLE_PATTERN : SUDOKU_ROLE_LINK, 0, cells[i],
                        step->digits);
    }
}

/* ---- Skyscraper ---- */

static bool skyscraper_pair(const hodoku_grid *g, sudoku_technique technique, int digit, bool rows,
                            const uint8_t *a, const uint8_t *b, sudoku_step *step)
{
    int (*across)(int) = rows ? column_of : row_of;
    int end;
    if (across(a[0]) == across(b[0]))
        end = 1;
    else if (across(a[1]) == across(b[1]))
        end = 0;
    else
        return false;
    if (across(a[end]) == across(b[end])) return false; /* an X-wing */
    uint8_t cells[4] = {a[end], b[end], a[1 - end], b[1 - end]};
    /* the cells with the digit seeing both ends (a cell is not its own peer) */
    const uint64_t *with = g->digit_cells[digit - 1];
    uint64_t seen[2];
    for (int w = 0; w < 2; w++)
        seen[w] = with[w] & sudoku_peer_bits[a[end]][w] & sudoku_peer_bits[b[end]][w];
    if (!(seen[0] | seen[1])) return false;
    pattern_step(step, technique, digit, cells, 4);
    for (int w = 0; w < 2; w++)
        for (uint64_t left = seen[w]; left; left &= left - 1)
            logic_step_remove(step, 64 * w + __builtin_ctzll(left), digit);
    return true;
}

bool hodoku_skyscraper(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    hodoku_digit_cells at;
    unsigned open = hodoku_digits_open(q, technique, &at);
    for (int pass = 0; pass < 2; pass++)
        for (int digit = 1; digit <= 9; digit++) {
            if (!(open >> (digit - 1) & 1u)) continue;
            uint8_t pairs[9][2];
            int n = 0;
            for (int line = 0; line < 9; line++)
                if (pair_in(g, 9 * pass + line, digit, pairs[n])) n++;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    if (skyscraper_pair(g, technique, digit, pass == 0, pairs[i], pairs[j], step))
                        return true;
        }
    hodoku_digits_none(q, technique, &at);
    return false;
}

/* ---- 2-String Kite ---- */

static void swap_pair(uint8_t pair[2])
{
    uint8_t t = pair[0];
    pair[0] = pair[1];
    pair[1] = t;
}

/* Turns the row pair a and column pair b (for good: HoDoKu's search
 * keeps the turns) so that a[0] and b[0] share a box; false if no ends do. */
static bool kite_box(uint8_t a[2], uint8_t b[2])
{
    if (box_of(a[0]) == box_of(b[0])) return true;
    if (box_of(a[0]) == box_of(b[1])) {
        swap_pair(b);
        return true;
    }
    if (box_of(a[1]) == box_of(b[0])) {
        swap_pair(a);
        return true;
    }
    if (box_of(a[1]) == box_of(b[1])) {
        swap_pair(a);
        swap_pair(b);
        return true;
    }
    return false;
}

bool hodoku_two_string_kite(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    hodoku_digit_cells at;
    unsigned open = hodoku_digits_open(q, technique, &at);
    for (int digit = 1; digit <= 9; digit++) {
        if (!(open >> (digit - 1) & 1u)) continue;
        uint8_t rows[9][2], columns[9][2];
        int nrows = 0, ncolumns = 0;
        for (int line = 0; line < 9; line++) {
            if (pair_in(g, line, digit, rows[nrows])) nrows++;
            if (pair_in(g, 9 + line, digit, columns[ncolumns])) ncolumns++;
        }
        for (int i = 0; i < nrows; i++)
            for (int j = 0; j < ncolumns; j++) {
                uint8_t *a = rows[i], *b = columns[j];
                if (!kite_box(a, b)) continue;
                if (a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1]) continue;
                int target = row_of(b[1]) * 9 + column_of(a[1]);
                if (!has(g, target, digit)) continue;
                uint8_t cells[4] = {a[1], b[1], a[0], b[0]};
                pattern_step(step, technique, digit, cells, 4);
                logic_step_remove(step, target, digit);
                return true;
            }
    }
    hodoku_digits_none(q, technique, &at);
    return false;
}

/* ---- Empty Rectangle ---- */

/* An empty rectangle of digit in box, its row er_row and column er_col:
 * through a conjugate pair (y, z) of the line across y, one of the box's
 * lines sees w. along_row: y in the ER row, its pair in its column. */
static bool er_through(const hodoku_grid *g, sudoku_technique technique, int digit, int box,
                       int er_row, int er_col, bool along_row, sudoku_step *step)
{
    int line = along_row ? er_row : 9 + er_col;
    for (int i = 0; i < 9; i++) {
        int y = sudoku_unit_cells[line][i];
        if (g->value[y] || box_of(y) == box || !has(g, y, digit)) continue;
        uint8_t pair[2];
        if (!pair_in(g, along_row ? 9 + column_of(y) : row_of(y), digit, pair)) continue;
        int z = pair[0] == y ? pair[1] : pair[0];
        int across = along_row ? row_of(z) : 9 + column_of(z);
        for (int k = 0; k < 9; k++) {
            int w = sudoku_unit_cells[across][k];
            if (!has(g, w, digit) || box_of(w) == box) continue;
            if ((along_row ? column_of(w) : row_of(w)) != (along_row ? er_col : er_row)) continue;
            uint8_t cells[2] = {(uint8_t)y, (uint8_t)z};
            pattern_step(step, technique, digit, cells, 2);
            step->units = 1u << (18 + box);
            logic_step_mark_unit(step, SUDOKU_ROLE_UNIT, 0, 18 + box);
            for (int b = 0; b < 9; b++) {
                int cell = sudoku_unit_cells[18 + box][b];
                if (has(g, cell, digit)) logic_step_mark(step, SUDOKU_ROLE_FIN, 0, cell, step->digits);
            }
            logic_step_remove(step, w, digit);
            return true;
        }
    }
    return false;
}

/* The ER shapes of a box, in HoDoKu's order: its row and column within the box. */
static const uint8_t er_shapes[9][2] = {{2, 2}, {2, 1}, {2, 0}, {1, 2}, {1, 1},
                                        {1, 0}, {0, 2}, {0, 1}, {0, 0}};

/* The box's cells with the digit, as bits by place in the box (its row
 * within the box * 3 + its column within it: the box's cell order). */
static unsigned box_places(const hodoku_grid *g, int box, int digit)
{
    unsigned places = 0;
    for (int i = 0; i < 9; i++)
        if (has(g, sudoku_unit_cells[18 + box][i], digit)) places |= 1u << i;
    return places;
}

/* True if the box's places of the digit make an empty rectangle on its
 * row and column (within the box) of shape: all on them, some off the
 * crossing on each, and two or more on one of them. */
static bool er_shape(unsigned places, const uint8_t shape[2])
{
    unsigned row = 7u << (3 * shape[0]), column = 0x49u << shape[1];
    if (places & ~(row | column)) return false;
    return (places & row & ~column) && (places & column & ~row) &&
           (sudoku_popcount(places & row) >= 2 || sudoku_popcount(places & column) >= 2);
}

bool hodoku_empty_rectangle(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    hodoku_digit_cells at;
    unsigned open = hodoku_digits_open(q, technique, &at);
    for (int digit = 1; digit <= 9; digit++)
        for (int box = 0; box < 9 && (open >> (digit - 1) & 1u); box++) {
            int n = (int)g->free[18 + box][digit];
            if (n < 2 || n > 5) continue;
            unsigned places = box_places(g, box, digit);
            for (int s = 0; s < 9; s++) {
                if (!er_shape(places, er_shapes[s])) continue;
                int er_row = box / 3 * 3 + er_shapes[s][0], er_col = box % 3 * 3 + er_shapes[s][1];
                if (er_through(g, technique, digit, box, er_row, er_col, true, step) ||
                    er_through(g, technique, digit, box, er_row, er_col, false, step))
                    return true;
            }
        }
    hodoku_digits_none(q, technique, &at);
    return false;
}
