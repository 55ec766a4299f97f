/*
 * hodoku.c: a step of HoDoKu's scale in HoDoKu's notation (hodoku-spec
 * 11.3 and the techniques' sections): compressed cell lists, the
 * eliminations grouped by digit in their order, and each technique's
 * sentence; and the step as JSON. Everything is read off the step's data
 * (its digits, cells in order, removals in order, and marks), so a step
 * says here what a picture of it shows.
 */
#include "hodoku.h"

#include "hodoku_cells.h"
#include "hodoku_chains.h"

#include <string.h>

/* The compressed list of the step's cells from index from up to to. */
static void put_step_cells(writer *w, const sudoku_step *step, int from, int to)
{
    uint64_t set[2] = {0, 0};
    for (int i = from; i < to && i < step->ncells; i++) hodoku_add_cell(set, step->cells[i]);
    hodoku_put_cells(w, set);
}

/* "1,2,5" (sep ",") or "1/2" (sep "/"): the digits of a set, ascending. */
static void put_digit_list(writer *w, unsigned digits, const char *sep)
{
    const char *s = "";
    for (int d = 1; d <= 9; d++)
        if (digits & (1u << (d - 1))) {
            put(w, "%s%d", s, d);
            s = sep;
        }
}

/* The digit the step eliminates first: a wing's z. */
static int removed_digit(const sudoku_step *step)
{
    return step->nremovals ? step->removals[0].digit : 0;
}

/* The candidate bit of digit (1-9; 0 for none). */
static unsigned digit_bit(int digit)
{
    return digit ? 1u << (digit - 1) : 0u;
}

static void put_unit(writer *w, int unit)
{
    put(w, "%c%d", "rcb"[unit / 9], unit % 9 + 1);
}

/* The step's placements, "r5c7=1". */
static void put_placements(writer *w, const sudoku_step *step)
{
    const char *sep = "";
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell]) {
            put(w, "%sr%dc%d=%d", sep, cell / 9 + 1, cell % 9 + 1, step->place[cell]);
            sep = ",";
        }
}

/* A fish's units of one role, "r25b6": each kind's letter once, then the
 * numbers, rows before columns before boxes. */
static void put_fish_units(writer *w, const sudoku_step *step, sudoku_role role)
{
    uint32_t units = 0;
    for (int i = 0; i < step->nmarks; i++)
        if (step->marks[i].role == role && step->marks[i].cell == SUDOKU_NO_CELL)
            units |= 1u << step->marks[i].unit;
    int kind = -1;
    for (int unit = 0; unit < 27; unit++) {
        if (!(units >> unit & 1u)) continue;
        if (unit / 9 != kind) put(w, "%c", "rcb"[unit / 9]);
        kind = unit / 9;
        put(w, "%d", unit % 9 + 1);
    }
}

/* " fr4c4 fr4c5": a fish's fins of one role, each alone, in cell order. */
static void put_fins(writer *w, const sudoku_step *step, sudoku_role role, const char *prefix)
{
    uint64_t set[2] = {0, 0};
    for (int i = 0; i < step->nmarks; i++)
        if (step->marks[i].role == role) hodoku_add_cell(set, step->marks[i].cell);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (hodoku_has_cell(set, cell)) put(w, " %sr%dc%d", prefix, cell / 9 + 1, cell % 9 + 1);
}

static void put_fish(writer *w, const sudoku_step *step)
{
    put(w, " %d ", sudoku_lowest_digit(step->digits));
    put_fish_units(w, step, SUDOKU_ROLE_BASE);
    put(w, " ");
    put_fish_units(w, step, SUDOKU_ROLE_COVER);
    put_fins(w, step, SUDOKU_ROLE_FIN, "f");
    put_fins(w, step, SUDOKU_ROLE_ENDO_FIN, "ef");
}

/* The digits of the marks of a role and group, and their cells. */
static unsigned marked(const sudoku_step *step, sudoku_role role, int group, uint64_t cells[2])
{
    unsigned digits = 0;
    cells[0] = cells[1] = 0;
    for (int i = 0; i < step->nmarks; i++) {
        const sudoku_mark *m = &step->marks[i];
        if (m->role != role || m->group != group || m->cell == SUDOKU_NO_CELL) continue;
        digits |= m->digits;
        hodoku_add_cell(cells, m->cell);
    }
    return digits;
}

/* "r5c89 - {1257}" */
static void put_part(writer *w, const sudoku_step *step, sudoku_role role, int group)
{
    uint64_t cells[2];
    unsigned digits = marked(step, role, group, cells);
    hodoku_put_cells(w, cells);
    put(w, " - {");
    put_digit_list(w, digits, "");
    put(w, "}");
}

/* " (r1c6,r2c7) / (r1c8), (r4c2) / (r4c4)": each colour's cells alone, in
 * cell order; a cluster's two colours joined by " / ". */
static void put_colors(writer *w, const sudoku_step *step)
{
    for (int color = 0; color < 8; color++) {
        uint64_t cells[2];
        marked(step, SUDOKU_ROLE_COLOR, color, cells);
        if (!cells[0] && !cells[1]) continue;
        put(w, "%s(", color % 2 ? " / " : color ? ", " : " ");
        const char *sep = "";
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (hodoku_has_cell(cells, cell)) {
                put(w, "%sr%dc%d", sep, cell / 9 + 1, cell % 9 + 1);
                sep = ",";
            }
        put(w, ")");
    }
}

/* What follows "Name:" for the techniques of this file. */
static void put_body(writer *w, const sudoku_step *step)
{
    int digit = step->digits ? sudoku_lowest_digit(step->digits) : 0;
    switch (step->technique) {
    case SUDOKU_FULL_HOUSE:
    case SUDOKU_NAKED_SINGLE:
    case SUDOKU_HIDDEN_SINGLE:
    case SUDOKU_BRUTE_FORCE:
        put(w, " ");
        put_placements(w, step);
        return;
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
        put(w, " %d in ", digit);
        put_unit(w, sudoku_lowest_bit(step->units | (1u << 31)));
        break;
    case SUDOKU_LOCKED_PAIR:
    case SUDOKU_LOCKED_TRIPLE:
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLET:
    case SUDOKU_NAKED_QUAD:
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLET:
    case SUDOKU_HIDDEN_QUAD:
        put(w, " ");
        put_digit_list(w, step->digits, ",");
        put(w, " in ");
        put_step_cells(w, step, 0, step->ncells);
        break;
    case SUDOKU_SKYSCRAPER:
    case SUDOKU_TWO_STRING_KITE:
        put(w, " %d in ", digit);
        put_step_cells(w, step, 0, 2);
        put(w, " (connected by ");
        put_step_cells(w, step, 2, 4);
        put(w, ")");
        break;
    case SUDOKU_EMPTY_RECTANGLE:
        put(w, " %d in ", digit);
        put_unit(w, sudoku_lowest_bit(step->units | (1u << 31)));
        put(w, " (");
        put_step_cells(w, step, 0, step->ncells);
        put(w, ")");
        break;
    case SUDOKU_W_WING: {
        int a = removed_digit(step), b = sudoku_lowest_digit(step->digits & ~digit_bit(a));
        put(w, " %d/%d in ", a, b);
        put_step_cells(w, step, 0, 2);
        put(w, " connected by %d in ", b);
        put_step_cells(w, step, 2, 4);
        break;
    }
    case SUDOKU_XY_WING: {
        int z = removed_digit(step);
        put(w, " ");
        put_digit_list(w, step->digits & ~digit_bit(z), "/");
        put(w, "/%d in ", z);
        put_step_cells(w, step, 0, step->ncells);
        break;
    }
    case SUDOKU_XYZ_WING:
    case SUDOKU_UNIQUE_RECTANGLE:
    case SUDOKU_HIDDEN_RECTANGLE:
    case SUDOKU_AVOIDABLE_RECTANGLE:
        put(w, " ");
        put_digit_list(w, step->digits, "/");
        put(w, " in ");
        put_step_cells(w, step, 0, step->ncells);
        break;
    case SUDOKU_SUE_DE_COQ:
        put(w, " ");
        put_part(w, step, SUDOKU_ROLE_PATTERN, 0);
        put(w, " (");
        put_part(w, step, SUDOKU_ROLE_SET, 0);
        put(w, ", ");
        put_part(w, step, SUDOKU_ROLE_SET, 1);
        put(w, ")");
        break;
    case SUDOKU_SIMPLE_COLORS:
    case SUDOKU_MULTI_COLORS:
        put(w, " %d", digit);
        put_colors(w, step);
        break;
    default: /* the fish */
        put_fish(w, step);
        break;
    }
    hodoku_put_eliminations(w, step);
}

void hodoku_put_step(writer *w, const sudoku_step *step)
{
    put(w, "%s", sudoku_step_name(step->technique, step->variant, SUDOKU_SCALE_HODOKU));
    if (step->technique == SUDOKU_BUG) { /* HoDoKu's one sentence without a colon */
        hodoku_put_eliminations(w, step);
        return;
    }
    /* HoDoKu's forcing chains and nets have none either ("Forcing Chain
     * Contradiction in c4 => r5c4<>3", "Forcing Net Verity => r2c6=4"). */
    if (step->technique != SUDOKU_FORCING_CHAIN && step->technique != SUDOKU_FORCING_NET)
        put(w, ":");
    if (!hodoku_put_chain_step(w, step)) put_body(w, step);
}

/* [[row,col,digit],...]: the placements in cell order, or the
 * eliminations in the step's order, each once. */
static void put_json_candidates(writer *w, const sudoku_step *step, bool placements)
{
    const char *sep = "";
    put(w, "[");
    if (placements) {
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (step->place[cell]) {
                put(w, "%s[%d,%d,%d]", sep, cell / 9 + 1, cell % 9 + 1, step->place[cell]);
                sep = ",";
            }
    } else {
        uint16_t done[SUDOKU_CELLS] = {0};
        for (int i = 0; i < step->nremovals; i++) {
            int cell = step->removals[i].cell, digit = step->removals[i].digit;
            if (done[cell] & (1u << (digit - 1))) continue;
            done[cell] |= (uint16_t)(1u << (digit - 1));
            put(w, "%s[%d,%d,%d]", sep, cell / 9 + 1, cell % 9 + 1, digit);
            sep = ",";
        }
    }
    put(w, "]");
}

static const char *const role_names[] = {
    [SUDOKU_ROLE_PATTERN] = "pattern", [SUDOKU_ROLE_BASE] = "base",
    [SUDOKU_ROLE_COVER] = "cover",     [SUDOKU_ROLE_FIN] = "fin",
    [SUDOKU_ROLE_ENDO_FIN] = "endo_fin", [SUDOKU_ROLE_PIVOT] = "pivot",
    [SUDOKU_ROLE_PINCER] = "pincer",   [SUDOKU_ROLE_LINK] = "link",
    [SUDOKU_ROLE_EXTRA] = "extra",     [SUDOKU_ROLE_SET] = "set",
    [SUDOKU_ROLE_ALS] = "als",         [SUDOKU_ROLE_RESTRICTED] = "restricted",
    [SUDOKU_ROLE_COLOR] = "color",     [SUDOKU_ROLE_UNIT] = "unit",
};

static void put_json_marks(writer *w, const sudoku_step *step)
{
    put(w, ",\"marks\":[");
    for (int i = 0; i < step->nmarks; i++) {
        const sudoku_mark *m = &step->marks[i];
        const char *role = m->role < sizeof role_names / sizeof role_names[0] && role_names[m->role]
                               ? role_names[m->role]
                               : "unknown";
        put(w, "%s[\"%s\",%d,", i ? "," : "", role, m->group);
        if (m->cell == SUDOKU_NO_CELL) {
            put(w, "\"%c%d\"]", "rcb"[m->unit / 9], m->unit % 9 + 1);
            continue;
        }
        put(w, "%d,%d,[", m->cell / 9 + 1, m->cell % 9 + 1);
        put_digit_list(w, m->digits, ",");
        put(w, "]]");
    }
    put(w, "]");
}

/* Each chain a list of [row,col,digit,on] (a group node's other cells
 * after: [row,col,digit,on,[[row,col],...]]). */
static void put_json_chains(writer *w, const sudoku_step *step)
{
    put(w, ",\"chains\":[");
    for (int i = 0; i < step->nlinks; i++) {
        const sudoku_link *link = &step->links[i];
        if (link->start) put(w, "%s[", i ? "]," : "");
        put(w, "%s[%d,%d,%d,%d", link->start ? "" : ",", link->cell / 9 + 1, link->cell % 9 + 1,
            link->digit, link->on ? 1 : 0);
        if (link->ngroup) {
            put(w, ",[");
            for (int k = 0; k < link->ngroup && k < 2; k++)
                put(w, "%s[%d,%d]", k ? "," : "", link->group[k] / 9 + 1, link->group[k] % 9 + 1);
            put(w, "]");
        }
        if (link->branch) put(w, ",{\"branch\":%d,\"start\":%d}", link->branch, link->branch_start);
        put(w, "]");
    }
    put(w, "]]");
    if (step->links_cut) put(w, ",\"chains_cut\":true");
}

void hodoku_put_step_json(writer *w, const sudoku_step *step)
{
    const char *code = sudoku_step_code(step->technique, step->variant);
    put(w, "{\"technique\":\"%s\",\"code\":\"%s\",\"level\":\"%s\",\"score\":%d,\"cells\":[",
        sudoku_step_name(step->technique, step->variant, SUDOKU_SCALE_HODOKU), code ? code : "",
        sudoku_level_name(step->level), step->rating);
    for (int i = 0; i < step->ncells; i++)
        put(w, "%s[%d,%d]", i ? "," : "", step->cells[i] / 9 + 1, step->cells[i] % 9 + 1);
    put(w, "],\"digits\":[");
    put_digit_list(w, step->digits, ",");
    put(w, "],\"placements\":");
    put_json_candidates(w, step, true);
    put(w, ",\"eliminations\":");
    put_json_candidates(w, step, false);
    put_json_marks(w, step);
    if (step->nlinks) put_json_chains(w, step);
    put(w, "}");
}
