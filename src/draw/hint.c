/*
 * hint.c: a logic step told in three levels of help, as a player asks for
 * it: first the technique and where to look (units only, no cell), then
 * the pattern (the step's words before what it removes or places), then
 * the whole step. Everything comes from the step's data and its words as
 * sudoku_format_step writes them, so a technique needs no wording here.
 */
#include "writer.h"

#include <stdlib.h>
#include <string.h>

static uint32_t unit_bit(int unit)
{
    return 1u << unit;
}

static uint32_t box_of(int cell)
{
    return unit_bit(sudoku_cell_units[cell][2]);
}

/* The lowest unit of a kind (0 rows, 1 columns, 2 boxes) in units, as a
 * bit; 0 if none. */
static uint32_t first_of_kind(uint32_t units, int kind)
{
    uint32_t mine = (units >> (9 * kind)) & 0x1FFu;
    return mine ? unit_bit(9 * kind + sudoku_lowest_bit(mine)) : 0;
}

/* A fish's base lines: the kind of line its eliminations do not lie in
 * (those are the cover's). */
static uint32_t fish_base(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->eliminate[cell]) {
            bool cover_rows = (step->units >> (cell / 9)) & 1u;
            return cover_rows ? step->units & (0x1FFu << 9) : step->units & 0x1FFu;
        }
    return step->units;
}

/* The boxes of the pattern's cells, or of a chain's first node. */
static uint32_t boxes(const sudoku_step *step)
{
    uint32_t units = 0;
    if (step->nlinks) return box_of(step->links[0].cell);
    for (int i = 0; i < step->ncells; i++) units |= box_of(step->cells[i]);
    for (int cell = 0; cell < SUDOKU_CELLS && !units; cell++)
        if (step->place[cell] || step->eliminate[cell]) units |= box_of(cell);
    return units;
}

uint32_t sudoku_hint_units(const sudoku_step *step)
{
    uint32_t u = step->units;
    switch (step->technique) {
    case SUDOKU_HIDDEN_SINGLE: {
        uint32_t line = first_of_kind(u, 0) ? first_of_kind(u, 0) : first_of_kind(u, 1);
        return line ? line : first_of_kind(u, 2);
    }
    case SUDOKU_NAKED_SINGLE: return box_of(step->cells[0]);
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_POINTING: return first_of_kind(u, 2);
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_CLAIMING: return first_of_kind(u, 0) ? first_of_kind(u, 0) : first_of_kind(u, 1);
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
    case SUDOKU_JELLYFISH: return fish_base(step);
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLET:
    case SUDOKU_NAKED_QUAD:
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLET:
    case SUDOKU_HIDDEN_QUAD:
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_DIRECT_HIDDEN_TRIPLET:
        if (u) return unit_bit(sudoku_lowest_bit(u));
        return boxes(step);
    default: return boxes(step);
    }
}

/* "row 5", "rows 2, 8", "row 5 and box 4". */
static void put_units(writer *w, uint32_t units)
{
    static const char *const single[3] = {"row", "column", "box"};
    static const char *const plural[3] = {"rows", "columns", "boxes"};
    const char *joint = "";
    for (int kind = 0; kind < 3; kind++) {
        uint32_t mine = (units >> (9 * kind)) & 0x1FFu;
        if (!mine) continue;
        put(w, "%s%s ", joint, sudoku_popcount(mine) > 1 ? plural[kind] : single[kind]);
        const char *sep = "";
        for (int i = 0; i < 9; i++)
            if (mine & (1u << i)) {
                put(w, "%s%d", sep, i + 1);
                sep = ", ";
            }
        joint = " and ";
    }
}

/* The step's words, whole: in buf when they fit in size, else in memory
 * taken for them (*taken, to be freed). NULL if memory ran out. */
static const char *words(const sudoku_step *step, char *buf, size_t size, char **taken)
{
    *taken = NULL;
    size_t n = sudoku_format_step(step, buf, size);
    if (n < size) return buf;
    *taken = malloc(n + 1);
    if (*taken) sudoku_format_step(step, *taken, n + 1);
    return *taken;
}

static size_t length_before(const char *text, const char *mark)
{
    const char *at = strstr(text, mark);
    return at ? (size_t)(at - text) : strlen(text);
}

static bool is_direct(const sudoku_step *step)
{
    return step->technique == SUDOKU_DIRECT_POINTING || step->technique == SUDOKU_DIRECT_CLAIMING ||
           step->technique == SUDOKU_DIRECT_HIDDEN_PAIR ||
           step->technique == SUDOKU_DIRECT_HIDDEN_TRIPLET;
}

/* Level 2: the words before what the step removes or places; a single's
 * reason without its cell's digit. */
static void put_pattern(writer *w, const sudoku_step *step, const char *text, size_t header)
{
    const char *rest = text + header + (text[header] ? 2 : 0);
    if (step->technique == SUDOKU_NAKED_SINGLE) {
        put(w, ": r%dc%d has one candidate left", step->cells[0] / 9 + 1, step->cells[0] % 9 + 1);
        return;
    }
    if (step->technique == SUDOKU_HIDDEN_SINGLE) {
        const char *reason = strstr(rest, ", ");
        put(w, ": %s", reason ? reason + 2 : rest);
        return;
    }
    size_t n = length_before(rest, " => ");
    if (is_direct(step)) {
        size_t leaving = length_before(rest, ", leaving ");
        if (leaving < n) n = leaving;
    }
    put(w, ": %.*s", (int)n, rest);
}

int sudoku_hint_cells(const sudoku_step *step, uint8_t cells[SUDOKU_CELLS])
{
    bool seen[SUDOKU_CELLS] = {false};
    int n = 0;
    if (step->technique == SUDOKU_HIDDEN_SINGLE) return 0;
    int pattern = step->ncells - (is_direct(step) ? 1 : 0);
    for (int i = 0; i < pattern; i++)
        if (!seen[step->cells[i]]) {
            seen[step->cells[i]] = true;
            cells[n++] = step->cells[i];
        }
    for (int i = 0; i < step->nlinks; i++)
        if (!seen[step->links[i].cell]) {
            seen[step->links[i].cell] = true;
            cells[n++] = step->links[i].cell;
        }
    return n;
}

size_t sudoku_format_hint(const sudoku_step *step, int level, char *buf, size_t size)
{
    char small[SUDOKU_TEXT_MAX], *taken;
    const char *text = words(step, small, sizeof small, &taken);
    writer w = {buf, size, 0};
    if (!text) return finish(&w);
    if (level >= 3) {
        put(&w, "%s", text);
    } else {
        /* The technique's name and rating: the words before the first ": ". */
        size_t header = length_before(text, ": ");
        put(&w, "%.*s", (int)header, text);
        if (level <= 1) {
            put(&w, ": look at ");
            put_units(&w, sudoku_hint_units(step));
        } else {
            put_pattern(&w, step, text, header);
        }
    }
    free(taken);
    return finish(&w);
}
