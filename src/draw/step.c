/*
 * step.c: a logic step in words (r1c1 notation) and as JSON. The
 * engine only records what it saw; saying it is the printer's job, so a
 * technique's wording lives here, next to every other technique's.
 */
#include "hodoku.h"
#include "writer.h"

#include <string.h>

static void put_cell(writer *w, int cell)
{
    put(w, "r%dc%d", cell / 9 + 1, cell % 9 + 1);
}

static void put_unit(writer *w, int unit)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    put(w, "%s %d", kinds[unit / 9], unit % 9 + 1);
}

/* "2,7" */
static void put_digits(writer *w, unsigned digits)
{
    const char *sep = "";
    for (int d = 1; d <= 9; d++)
        if (digits & (1u << (d - 1))) {
            put(w, "%s%d", sep, d);
            sep = ",";
        }
}

static bool is_direct(const sudoku_step *step)
{
    return step->technique == SUDOKU_DIRECT_POINTING || step->technique == SUDOKU_DIRECT_CLAIMING ||
           step->technique == SUDOKU_DIRECT_HIDDEN_PAIR ||
           step->technique == SUDOKU_DIRECT_HIDDEN_TRIPLET;
}

/* The pattern's cells; a direct step's last cell is its single, not part
 * of the pattern. */
static void put_cells(writer *w, const sudoku_step *step)
{
    int n = step->ncells - (is_direct(step) ? 1 : 0);
    for (int i = 0; i < n; i++) {
        if (i) put(w, ", ");
        put_cell(w, step->cells[i]);
    }
}

/* The units of kind (0 rows, 1 columns, 2 boxes) in mask: "rows 2, 7". */
static void put_lines(writer *w, uint32_t units, int kind)
{
    static const char *const plural[3] = {"rows", "columns", "boxes"};
    static const char *const single[3] = {"row", "column", "box"};
    uint32_t mine = (units >> (9 * kind)) & 0x1FFu;
    put(w, "%s ", sudoku_popcount(mine) > 1 ? plural[kind] : single[kind]);
    const char *sep = "";
    for (int i = 0; i < 9; i++)
        if (mine & (1u << i)) {
            put(w, "%s%d", sep, i + 1);
            sep = ", ";
        }
}

static int unit_of_kind(uint32_t units, int kind)
{
    uint32_t mine = (units >> (9 * kind)) & 0x1FFu;
    return mine ? 9 * kind + sudoku_lowest_bit(mine) : -1;
}

/* " => r5c7<>5, r5c9<>5" then ", r6c8=5" for placements. */
static void put_results(writer *w, const sudoku_step *step)
{
    const char *sep = " => ";
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 1; d <= 9; d++)
            if (step->eliminate[cell] & (1u << (d - 1))) {
                put(w, "%s", sep);
                put_cell(w, cell);
                put(w, "<>%d", d);
                sep = ", ";
            }
    /* A placement after eliminations is their consequence. */
    if (strcmp(sep, ", ") == 0) sep = " => ";
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell]) {
            put(w, "%s", sep);
            put_cell(w, cell);
            put(w, "=%d", step->place[cell]);
            sep = ", ";
        }
}

static void put_single(writer *w, const sudoku_step *step)
{
    int cell = step->cells[0], unit = unit_of_kind(step->units, 0);
    if (unit < 0) unit = unit_of_kind(step->units, 1);
    if (unit < 0) unit = unit_of_kind(step->units, 2);
    put_cell(w, cell);
    put(w, "=%d, ", step->place[cell]);
    if (step->rating == 10) {
        put(w, "the last empty cell in ");
    } else {
        put(w, "the only place for %d in ", step->place[cell]);
    }
    put_unit(w, unit);
}

/* "5 in box 4 is in row 5 only": from is the unit the digit is confined in. */
static void put_locking(writer *w, const sudoku_step *step, bool pointing)
{
    int box = unit_of_kind(step->units, 2);
    int line = unit_of_kind(step->units, 0);
    if (line < 0) line = unit_of_kind(step->units, 1);
    put_digits(w, step->digits);
    put(w, " in ");
    put_unit(w, pointing ? box : line);
    put(w, " is in ");
    put_unit(w, pointing ? line : box);
    put(w, " only");
}

static void put_fish(writer *w, const sudoku_step *step)
{
    /* The cover lines are those the eliminations lie in. */
    int cover = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->eliminate[cell]) {
            cover = (step->units >> (cell / 9)) & 1u ? 0 : 1;
            break;
        }
    put_digits(w, step->digits);
    put(w, " in ");
    put_lines(w, step->units, 1 - cover);
    put(w, " is only in ");
    put_lines(w, step->units, cover);
}

/* ", leaving r6c8 the only place for 5 in box 6": the single a direct
 * step places, in the unit (of the kind of the unit the pattern starts
 * from) that the pattern's eliminations would empty of the digit. */
static void put_direct_single(writer *w, const sudoku_step *step)
{
    int cell = step->cells[step->ncells - 1], digit = step->place[cell];
    int kind = 2;
    if (step->technique == SUDOKU_DIRECT_CLAIMING) kind = unit_of_kind(step->units, 0) >= 0 ? 0 : 1;
    if (step->technique != SUDOKU_DIRECT_POINTING && step->technique != SUDOKU_DIRECT_CLAIMING)
        kind = sudoku_lowest_bit(step->units) / 9;
    put(w, ", leaving ");
    put_cell(w, cell);
    put(w, " the only place for %d in ", digit);
    put_unit(w, sudoku_cell_units[cell][kind]);
}

/* The step's cells from index from up to (not including) to. */
static void put_cell_list(writer *w, const sudoku_step *step, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i > from) put(w, ", ");
        put_cell(w, step->cells[i]);
    }
}

static int pattern_cells(const sudoku_step *step)
{
    return step->npattern ? step->npattern : step->ncells;
}

/* True if the step removes a digit outside step->extra: a type 3 set that
 * is hidden (its cells lose their other digits), not naked. */
static bool removes_outside_extra(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->eliminate[cell] & ~step->extra) return true;
    return false;
}

/* A type 3 set: "with r4c5, r6c5 they hold only 3,5,9 in column 5" (naked)
 * or "3,5,9 in column 5 are only in them and r4c5" (hidden). */
static void put_type_3_set(writer *w, const sudoku_step *step, const char *who)
{
    int unit = sudoku_lowest_bit(step->units | (1u << 31)), n = pattern_cells(step);
    if (removes_outside_extra(step)) {
        put(w, "; ");
        put_digits(w, step->extra);
        put(w, " in ");
        put_unit(w, unit);
        put(w, " are only in %s and ", who);
    } else {
        put(w, "; with ");
    }
    put_cell_list(w, step, n, step->ncells);
    if (!removes_outside_extra(step)) {
        put(w, " %s hold only ", who);
        put_digits(w, step->extra);
        put(w, " in ");
        put_unit(w, unit);
    }
}

/* "r1c1, r1c4, r3c1, r3c4 on 2,8; ..." */
static void put_uniqueness(writer *w, const sudoku_step *step)
{
    put_cell_list(w, step, 0, pattern_cells(step));
    put(w, " on ");
    put_digits(w, step->digits);
    switch (step->variant) {
    case 2:
        put(w, "; one of its cells holds the extra %d", sudoku_lowest_digit(step->extra));
        break;
    case 3: put_type_3_set(w, step, "its extra digits"); break;
    case 4:
        put(w, "; %d is locked in its cells with extras in ", sudoku_lowest_digit(step->extra));
        put_unit(w, sudoku_lowest_bit(step->units | (1u << 31)));
        break;
    default: break;
    }
}

/* "r4c5 holds the extra 7"; types 2-4 add what follows. */
static void put_bug(writer *w, const sudoku_step *step)
{
    int n = pattern_cells(step);
    put_cell_list(w, step, 0, n);
    put(w, " %s the extra ", n > 1 ? "hold" : "holds");
    put_digits(w, step->digits);
    switch (step->variant) {
    case 2: put(w, "; one of them is %d", sudoku_lowest_digit(step->digits)); break;
    case 3: put_type_3_set(w, step, "their extra digits"); break;
    case 4:
        put(w, "; %d is in one of them in ", sudoku_lowest_digit(step->extra));
        put_unit(w, sudoku_lowest_bit(step->units | (1u << 31)));
        break;
    default: break;
    }
}

/* "r1c1, r3c5 seen by the pairs r1c4, r2c6" */
static void put_exclusion(writer *w, const sudoku_step *step)
{
    put_cell_list(w, step, 0, pattern_cells(step));
    put(w, " seen by the bivalue cells ");
    put_cell_list(w, step, pattern_cells(step), step->ncells);
}

/* ---- chains ---- */

static bool is_chain(const sudoku_step *step)
{
    return step->technique >= SUDOKU_FORCING_CHAINS &&
           step->technique != SUDOKU_ALIGNED_TRIPLET_EXCLUSION;
}

/* SE's names: "Bidirectional X-cycle", "Dynamic cell forcing chains (+)". */
static void put_chain_name(writer *w, const sudoku_step *step)
{
    static const char *const kinds[] = {
        [SUDOKU_CHAIN_X_CYCLE] = "Bidirectional X-cycle",
        [SUDOKU_CHAIN_Y_CYCLE] = "Bidirectional Y-cycle",
        [SUDOKU_CHAIN_XY_CYCLE] = "Bidirectional cycle",
        [SUDOKU_CHAIN_X_FORCING] = "Forcing X-chain",
        [SUDOKU_CHAIN_XY_FORCING] = "Forcing chain",
        [SUDOKU_CHAIN_CONTRADICTION] = "contradiction forcing chains",
        [SUDOKU_CHAIN_DOUBLE] = "double forcing chains",
        [SUDOKU_CHAIN_CELL] = "cell forcing chains",
        [SUDOKU_CHAIN_REGION] = "region forcing chains",
    };
    int kind = step->variant;
    if (kind < SUDOKU_CHAIN_X_CYCLE || kind > SUDOKU_CHAIN_REGION) kind = SUDOKU_CHAIN_XY_FORCING;
    switch (step->technique) {
    case SUDOKU_FORCING_CHAINS: put(w, "%s", kinds[kind]); return;
    case SUDOKU_NISHIO_FORCING_CHAINS: put(w, "Nishio forcing chains"); return;
    case SUDOKU_MULTIPLE_FORCING_CHAINS:
        put(w, "%c%s", 'C' + (kind == SUDOKU_CHAIN_REGION ? 15 : 0), kinds[kind] + 1);
        return;
    default: break;
    }
    put(w, "Dynamic %s", kinds[kind]);
    if (step->technique == SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS) put(w, " (+)");
    if (step->technique == SUDOKU_NESTED_FORCING_CHAINS) put(w, " (+ forcing chains)");
    if (step->technique == SUDOKU_NESTED_MULTIPLE_CHAINS) put(w, " (+ multiple forcing chains)");
    if (step->technique >= SUDOKU_NESTED_DYNAMIC_CHAINS) put(w, " (+ dynamic forcing chains)");
}

static void put_link(writer *w, const sudoku_link *link)
{
    put(w, "(%d)r%dc%d", link->digit, link->cell / 9 + 1, link->cell % 9 + 1);
}

/* Each chain in Eureka notation: "(5)r1c2-(5)r1c7=(5)r3c7", '-' before a
 * candidate turned off, '=' before one turned on; chains separated by
 * "; ", each but a cycle's named by its assumption: "r1c2=5: ...". */
static void put_chains(writer *w, const sudoku_step *step, bool named)
{
    for (int i = 0; i < step->nlinks; i++) {
        const sudoku_link *link = &step->links[i];
        if (link->start) {
            if (i) put(w, "; ");
            if (named) {
                put_cell(w, link->cell);
                put(w, "%s%d: ", link->on ? "=" : "<>", link->digit);
            }
        } else {
            put(w, "%s", link->on ? "=" : "-");
        }
        put_link(w, link);
    }
    if (step->links_cut) put(w, "...");
}

/* What the chains show, before " => ". */
static void put_chain_description(writer *w, const sudoku_step *step)
{
    const sudoku_link *first = step->nlinks ? &step->links[0] : NULL;
    const sudoku_link *last = step->nlinks ? &step->links[step->nlinks - 1] : NULL;
    switch (step->variant) {
    case SUDOKU_CHAIN_X_CYCLE:
    case SUDOKU_CHAIN_Y_CYCLE:
    case SUDOKU_CHAIN_XY_CYCLE:
    case SUDOKU_CHAIN_X_FORCING:
    case SUDOKU_CHAIN_XY_FORCING: put_chains(w, step, false); return;
    case SUDOKU_CHAIN_CONTRADICTION:
        if (first && last) {
            put_cell(w, first->cell);
            put(w, "%s%d leads to ", first->on ? "=" : "<>", first->digit);
            put_cell(w, last->cell);
            put(w, " both holding and not holding %d: ", last->digit);
        }
        break;
    case SUDOKU_CHAIN_DOUBLE:
        if (first && last) {
            put_cell(w, first->cell);
            put(w, "=%d and ", first->digit);
            put_cell(w, first->cell);
            put(w, "<>%d both lead to ", first->digit);
            put_cell(w, last->cell);
            put(w, "%s%d: ", last->on ? "=" : "<>", last->digit);
        }
        break;
    case SUDOKU_CHAIN_CELL:
        if (last) {
            put(w, "each candidate of ");
            put_cell(w, step->cells[0]);
            put(w, " leads to ");
            put_cell(w, last->cell);
            put(w, "%s%d: ", last->on ? "=" : "<>", last->digit);
        }
        break;
    default:
        if (first && last) {
            put(w, "each place of %d in ", first->digit);
            put_unit(w, sudoku_lowest_bit(step->units | (1u << 31)));
            put(w, " leads to ");
            put_cell(w, last->cell);
            put(w, "%s%d: ", last->on ? "=" : "<>", last->digit);
        }
        break;
    }
    put_chains(w, step, true);
}

static void put_description(writer *w, const sudoku_step *step)
{
    int unit = sudoku_lowest_bit(step->units | (1u << 31));
    switch (step->technique) {
    case SUDOKU_HIDDEN_SINGLE: put_single(w, step); return;
    case SUDOKU_NAKED_SINGLE:
        put_cell(w, step->cells[0]);
        put(w, "=%d, the only candidate left in the cell", step->place[step->cells[0]]);
        return;
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_POINTING: put_locking(w, step, true); break;
    case SUDOKU_DIRECT_CLAIMING:
    case SUDOKU_CLAIMING: put_locking(w, step, false); break;
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLET:
    case SUDOKU_NAKED_QUAD:
        put_cells(w, step);
        put(w, " in ");
        put_unit(w, unit);
        put(w, " hold only ");
        put_digits(w, step->digits);
        break;
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_DIRECT_HIDDEN_TRIPLET:
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLET:
    case SUDOKU_HIDDEN_QUAD:
        put_digits(w, step->digits);
        put(w, " in ");
        put_unit(w, unit);
        put(w, " are only in ");
        put_cells(w, step);
        break;
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
    case SUDOKU_JELLYFISH: put_fish(w, step); break;
    case SUDOKU_XY_WING:
    case SUDOKU_XYZ_WING:
        put(w, "pivot ");
        put_cell(w, step->cells[0]);
        put(w, " with ");
        put_cell(w, step->cells[1]);
        put(w, " and ");
        put_cell(w, step->cells[2]);
        put(w, " on ");
        put_digits(w, step->digits);
        break;
    case SUDOKU_UNIQUE_RECTANGLE:
    case SUDOKU_UNIQUE_LOOP: put_uniqueness(w, step); break;
    case SUDOKU_BUG: put_bug(w, step); break;
    case SUDOKU_ALIGNED_PAIR_EXCLUSION:
    case SUDOKU_ALIGNED_TRIPLET_EXCLUSION: put_exclusion(w, step); break;
    default:
        if (is_chain(step)) {
            put_chain_description(w, step);
            break;
        }
        put_cells(w, step);
        put(w, " on ");
        put_digits(w, step->digits);
        break;
    }
    if (is_direct(step)) put_direct_single(w, step);
    put_results(w, step);
}

size_t sudoku_format_step(const sudoku_step *step, char *buf, size_t size)
{
    writer w = {buf, size, 0};
    if (step->scale == SUDOKU_SCALE_HODOKU) {
        hodoku_put_step(&w, step);
        return finish(&w);
    }
    if (is_chain(step))
        put_chain_name(&w, step);
    else
        put(&w, "%s", sudoku_technique_name(step->technique));
    if (step->variant && !is_chain(step)) put(&w, " type %d", step->variant);
    put(&w, " (%d.%d): ", step->rating / 10, step->rating % 10);
    put_description(&w, step);
    return finish(&w);
}

/* [[row,col,digit],...] of the placements or of the eliminations. */
static void put_json_candidates(writer *w, const sudoku_step *step, bool placements)
{
    const char *sep = "";
    put(w, "[");
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned digits = placements ? (step->place[cell] ? 1u << (step->place[cell] - 1) : 0)
                                     : step->eliminate[cell];
        for (int d = 1; d <= 9; d++)
            if (digits & (1u << (d - 1))) {
                put(w, "%s[%d,%d,%d]", sep, cell / 9 + 1, cell % 9 + 1, d);
                sep = ",";
            }
    }
    put(w, "]");
}

size_t sudoku_format_step_json(const sudoku_step *step, char *buf, size_t size)
{
    writer w = {buf, size, 0};
    if (step->scale == SUDOKU_SCALE_HODOKU) {
        hodoku_put_step_json(&w, step);
        return finish(&w);
    }
    put(&w, "{\"technique\":\"%s\",", sudoku_technique_name(step->technique));
    if (is_chain(step)) {
        put(&w, "\"name\":\"");
        put_chain_name(&w, step);
        put(&w, "\",\"complexity\":%d,", step->complexity);
    } else if (step->variant) {
        put(&w, "\"type\":%d,", step->variant);
    }
    put(&w, "\"rating\":%d.%d,\"cells\":[", step->rating / 10, step->rating % 10);
    for (int i = 0; i < step->ncells; i++)
        put(&w, "%s[%d,%d]", i ? "," : "", step->cells[i] / 9 + 1, step->cells[i] % 9 + 1);
    put(&w, "],\"digits\":[");
    const char *sep = "";
    for (int d = 1; d <= 9; d++)
        if (step->digits & (1u << (d - 1))) {
            put(&w, "%s%d", sep, d);
            sep = ",";
        }
    put(&w, "],\"placements\":");
    put_json_candidates(&w, step, true);
    put(&w, ",\"eliminations\":");
    put_json_candidates(&w, step, false);
    if (step->nlinks) {
        /* Each chain a list of [row,col,digit,on]: on 1 if the digit holds. */
        put(&w, ",\"chains\":[");
        for (int i = 0; i < step->nlinks; i++) {
            const sudoku_link *link = &step->links[i];
            if (link->start) put(&w, "%s[", i ? "]," : "");
            put(&w, "%s[%d,%d,%d,%d]", link->start ? "" : ",", link->cell / 9 + 1,
                link->cell % 9 + 1, link->digit, link->on ? 1 : 0);
        }
        put(&w, "]]");
        if (step->links_cut) put(&w, ",\"chains_cut\":true");
    }
    put(&w, "}");
    return finish(&w);
}
