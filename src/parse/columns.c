/*
 * columns.c: grids whose blanks are spaces, read by the column each
 * cell stands in: "53  7    " in a plain text file, "| 5 3   |   7   |" in a
 * boxed grid, "│ 5 │ 3 │   ║" in a box-drawing one.
 *
 * Columns count characters. The separators ('|' and the vertical
 * box-drawing lines) must stand in the same columns on every row; they cut
 * the rows into 1, 3 or 9 parts (the margins before the first and after the
 * last separator count only if they hold cells), each holding 9, 3 or 1
 * columns of cells. Within a part the cells' columns are evenly spaced (1 to
 * MAX_SPACING apart), with margins no wider than the spacing; the columns
 * the nine rows' cells stand in must fix which column of the grid each is.
 * A grid that writes any blank as a character ('.', '0', ...) has spaces as
 * separators, not blanks, and is never read here; nor is a row that lacks
 * cells only at its end (a cell left out, not a blank).
 */
#include "columns.h"

#include <limits.h>
#include <string.h>

#define MAX_ROW_CELLS 18  /* more cells than a row can have: not a row */
#define MAX_SEPARATORS 20 /* a separator between every two cells, and more */
#define MAX_SPACING 4     /* the widest: "5   3   7", a cell every four columns */

/* One row as the columns see it. */
typedef struct column_row {
    int cells;
    int cell_at[MAX_ROW_CELLS]; /* the column of each cell */
    uint8_t value[MAX_ROW_CELLS];
    int separators;
    int separator_at[MAX_SEPARATORS];
    int width; /* the columns the row spans; those up to it that hold no cell are spaces */
} column_row;

/* A part of the rows between separators, and the columns of its cells. */
typedef struct part {
    int start, end; /* columns [start, end); end is INT_MAX for the last, open part */
    int slot[GRID_ROWS];
} part;

/* Reads a row: only cells, spaces and separators may be in it, and no
 * blank written as a character. Returns false if it is not such a row. */
static bool scan_row(const text_line *line, column_row *row)
{
    const char *s = line->text;
    size_t n = line->length, len;
    memset(row, 0, sizeof *row);
    for (size_t i = 0; i < n; i += len, row->width++) {
        if ((len = sudoku_space_length(s, n, i)) > 0) {
            if (s[i] == '\t') return false; /* a tab's width is anyone's guess */
            continue;
        }
        if ((len = sudoku_separator_length(s, n, i)) > 0) {
            if (row->separators == MAX_SEPARATORS) return false;
            row->separator_at[row->separators++] = row->width;
            continue;
        }
        len = 1;
        if (!sudoku_is_cell_char(s[i]) || sudoku_cell_value(s[i]) == 0) return false;
        if (row->cells == MAX_ROW_CELLS) return false;
        row->cell_at[row->cells] = row->width;
        row->value[row->cells++] = (uint8_t)sudoku_cell_value(s[i]);
    }
    return true;
}

static bool same_separators(const column_row *a, const column_row *b)
{
    return a->separators == b->separators &&
           memcmp(a->separator_at, b->separator_at, sizeof(int) * (size_t)a->separators) == 0;
}

/* True if some row has a cell in columns [start, end). */
static bool holds_cells(const column_row rows[GRID_ROWS], int start, int end)
{
    for (int r = 0; r < GRID_ROWS; r++)
        for (int c = 0; c < rows[r].cells; c++)
            if (rows[r].cell_at[c] >= start && rows[r].cell_at[c] < end) return true;
    return false;
}

/* Cuts the rows into parts at the separators; returns how many. */
static int find_parts(const column_row rows[GRID_ROWS], part parts[MAX_SEPARATORS + 1])
{
    const column_row *row = &rows[0];
    int count = 0, start = 0;
    for (int k = 0; k <= row->separators; k++) {
        int end = k < row->separators ? row->separator_at[k] : INT_MAX;
        bool outer = k == 0 || k == row->separators;
        if (!outer || holds_cells(rows, start, end)) {
            parts[count].start = start;
            parts[count++].end = end;
        }
        if (k < row->separators) start = row->separator_at[k] + 1;
    }
    return count;
}

/* The distinct columns, relative to the part's start, that cells of the
 * rows stand in within it, in increasing order; returns how many (at most
 * max; more returns max + 1). */
static int used_columns(const column_row rows[GRID_ROWS], const part *p, int *used, int max)
{
    int end = p->end, count = 0;
    if (end == INT_MAX) { /* the open part ends with the widest row */
        end = p->start;
        for (int r = 0; r < GRID_ROWS; r++)
            if (rows[r].width > end) end = rows[r].width;
    }
    for (int col = p->start; col < end && count <= max; col++) {
        if (!holds_cells(rows, col, col + 1)) continue;
        if (count < max) used[count] = col - p->start;
        count++;
    }
    return count;
}

/* True if the k columns first, first + spacing, ... hold every used
 * column and fit the part (margins no wider than the spacing). */
static bool fits(int first, int spacing, int k, int width, const int *used, int nused)
{
    int last = first + (k - 1) * spacing;
    if (width != INT_MAX && (last >= width || first > spacing || width - 1 - last > spacing))
        return false;
    for (int u = 0; u < nused; u++) {
        int offset = used[u] - first;
        if (offset < 0 || offset % spacing != 0 || offset / spacing >= k) return false;
    }
    return true;
}

/* Finds the k columns of a part. Returns LAYOUT_NO if no spacing fits,
 * LAYOUT_AMBIGUOUS if two that fit put some used column in different
 * columns of the grid. */
static layout_result find_slots(const column_row rows[GRID_ROWS], part *p, int k)
{
    int used[GRID_ROWS];
    int nused = used_columns(rows, p, used, k);
    if (nused > k) return LAYOUT_NO;
    int width = p->end == INT_MAX ? INT_MAX : p->end - p->start;
    if (k == 1) { /* one cell: where it stands, or the middle */
        p->slot[0] = p->start + (nused ? used[0] : (width == INT_MAX ? 0 : width / 2));
        return LAYOUT_OK;
    }
    int found_first = -1, found_spacing = 0;
    int max_first = nused ? used[0] : 0;
    for (int spacing = 1; spacing <= MAX_SPACING; spacing++) {
        for (int first = 0; first <= max_first; first++) {
            if (!fits(first, spacing, k, width, used, nused)) continue;
            if (found_first < 0) {
                found_first = first;
                found_spacing = spacing;
                continue;
            }
            for (int u = 0; u < nused; u++) /* the same grid column for each used one? */
                if ((used[u] - first) / spacing != (used[u] - found_first) / found_spacing)
                    return LAYOUT_AMBIGUOUS;
        }
    }
    bool found = found_first >= 0;
    for (int j = 0; found && j < k; j++) p->slot[j] = p->start + found_first + j * found_spacing;
    return found ? LAYOUT_OK : LAYOUT_NO;
}

/* Fills row r of grid from its cells; returns false if a cell stands in
 * no column of the grid, or if the row lacks cells only past its end. */
static bool fill_row(const column_row *row, const part *parts, int nparts, int k, uint8_t *cells)
{
    int placed = 0;
    bool space_blank = false;
    for (int p = 0; p < nparts; p++) {
        for (int j = 0; j < k; j++) {
            int col = parts[p].slot[j];
            uint8_t value = 0;
            for (int c = 0; c < row->cells; c++)
                if (row->cell_at[c] == col) value = row->value[c];
            cells[p * k + j] = value;
            placed += value != 0;
            if (!value && col < row->width) space_blank = true;
        }
    }
    return placed == row->cells && (placed == GRID_ROWS || space_blank);
}

layout_result sudoku_columns_grid(const text_line rows[GRID_ROWS], sudoku_grid *grid,
                                  sudoku_error *err)
{
    column_row row[GRID_ROWS];
    for (int r = 0; r < GRID_ROWS; r++) {
        if (!scan_row(&rows[r], &row[r])) return LAYOUT_NO;
        if (r > 0 && !same_separators(&row[0], &row[r])) return LAYOUT_NO;
    }
    part parts[MAX_SEPARATORS + 1];
    int nparts = find_parts(row, parts);
    if (nparts != 1 && nparts != 3 && nparts != GRID_ROWS) return LAYOUT_NO;
    int k = GRID_ROWS / nparts;
    for (int p = 0; p < nparts; p++) {
        layout_result found = find_slots(row, &parts[p], k);
        if (found == LAYOUT_AMBIGUOUS) {
            sudoku_set_error(err, SUDOKU_ERROR_AMBIGUOUS, rows[0].line, 0,
                             "the grid has spaces for blanks, but its cells do not show which "
                             "column each stands in; write its blanks as '.'");
            return LAYOUT_AMBIGUOUS;
        }
        if (found == LAYOUT_NO) return LAYOUT_NO;
    }
    for (int r = 0; r < GRID_ROWS; r++)
        if (!fill_row(&row[r], parts, nparts, k, grid->cell + GRID_ROWS * r)) return LAYOUT_NO;
    return LAYOUT_OK;
}
