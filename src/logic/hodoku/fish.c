/*
 * fish.c: HoDoKu's fish (fish.h; hodoku-spec 7): basic, finned and
 * sashimi fish of rows and columns, and Franken fish whose base or cover
 * takes in boxes; the first found in HoDoKu's order: digits 1-9, rows as
 * base then columns, base units and then cover units in lexicographic
 * combinations.
 */
#include "fish.h"

#include "logic/step.h"

/* Sets of cells: bit c % 64 of word c / 64. */
typedef struct cells {
    uint64_t w[2];
} cells;

static cells cells_or(cells a, cells b)
{
    return (cells){{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
}

static cells cells_and(cells a, cells b)
{
    return (cells){{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
}

static cells cells_minus(cells a, cells b)
{
    return (cells){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
}

static bool cells_empty(cells a)
{
    return !a.w[0] && !a.w[1];
}

static int cells_count(cells a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]);
}

static bool cells_has(cells a, int cell)
{
    return a.w[cell / 64] >> (cell % 64) & 1u;
}

/* The largest fish HoDoKu's default searches: a jellyfish. */
#define FISH_MAX 4

/* What a search is for, and where it is. */
typedef struct fish_search {
    const hodoku_grid *grid;
    sudoku_technique technique;
    int size, digit;
    bool finned, sashimi, franken;
    int nbase, ncover;
    int base[18], cover[18]; /* the units that may be base, cover: list order */
    cells at[27];            /* the digit's cells in each unit */
    int chosen_base[FISH_MAX], chosen_cover[FISH_MAX];
    cells base_cells, endo; /* of the chosen base units */
    sudoku_step *step;
} fish_search;

static int kind_of(int unit)
{
    return unit / 9;
}

/* The kinds (bit 0 rows, 1 columns, 2 boxes) of the chosen units. */
static unsigned kinds(const int *units, int n)
{
    unsigned k = 0;
    for (int i = 0; i < n; i++) k |= 1u << kind_of(units[i]);
    return k;
}

/* The cells that see every cell of set (none of set itself). */
static cells seeing_all(cells set)
{
    cells seen = {{~0ull, ~0ull}};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (cells_has(set, cell))
            seen = cells_and(seen, (cells){{sudoku_peer_bits[cell][0], sudoku_peer_bits[cell][1]}});
    return seen;
}

static void remove_all(sudoku_step *step, cells set, int digit)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (cells_has(set, cell)) logic_step_remove(step, cell, digit);
}

static void mark_all(sudoku_step *step, cells set, sudoku_role role, int digit)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (cells_has(set, cell)) logic_step_mark(step, role, 0, cell, 1u << (digit - 1));
}

/* Sashimi: some base unit has at most one cell left without the fins. */
static bool is_sashimi(const fish_search *s, cells fins)
{
    for (int i = 0; i < s->size; i++)
        if (cells_count(cells_minus(s->at[s->chosen_base[i]], fins)) <= 1) return true;
    return false;
}

/* Judges the chosen base and cover units: true, with the step, if they
 * make the fish searched for with eliminations. */
static bool judge(fish_search *s, cells cover_cells, cells cannibal)
{
    cells fins = cells_or(cells_minus(s->base_cells, cover_cells), s->endo);
    cells outside = cells_minus(cover_cells, s->base_cells);
    if (s->finned) {
        int nfins = cells_count(fins);
        if (nfins < 1 || nfins > 5) return false;
        cells seen = seeing_all(fins);
        outside = cells_and(outside, seen);
        cannibal = cells_and(cannibal, seen);
    } else if (!cells_empty(fins)) {
        return false;
    }
    if (cells_empty(outside) && cells_empty(cannibal)) return false;
    if (!s->franken && s->finned && is_sashimi(s, fins) != s->sashimi) return false;
    sudoku_step *step = s->step;
    logic_step_start(step, s->technique, 0);
    step->digits = (uint16_t)(1u << (s->digit - 1));
    unsigned base_kinds = kinds(s->chosen_base, s->size),
             cover_kinds = kinds(s->chosen_cover, s->size);
    bool franken_shape = ((base_kinds & ~4u) == 1u && (cover_kinds & ~4u) == 2u) ||
                         ((base_kinds & ~4u) == 2u && (cover_kinds & ~4u) == 1u);
    if (s->franken && !franken_shape) step->variant = SUDOKU_FISH_MUTANT;
    for (int i = 0; i < s->size; i++) {
        step->units |= 1u << s->chosen_base[i] | 1u << s->chosen_cover[i];
        logic_step_mark_unit(step, SUDOKU_ROLE_BASE, 0, s->chosen_base[i]);
        logic_step_mark_unit(step, SUDOKU_ROLE_COVER, 0, s->chosen_cover[i]);
    }
    cells endo = s->endo, plain_fins = cells_minus(fins, endo);
    mark_all(step, cells_minus(s->base_cells, fins), SUDOKU_ROLE_BASE, s->digit);
    mark_all(step, plain_fins, SUDOKU_ROLE_FIN, s->digit);
    mark_all(step, endo, SUDOKU_ROLE_ENDO_FIN, s->digit);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (cells_has(s->base_cells, cell)) logic_step_cell(step, cell);
    remove_all(step, outside, s->digit);
    remove_all(step, cannibal, s->digit);
    return true;
}

/* Cover combinations, lexicographic, from candidate index start. */
static bool covers(fish_search *s, const int *possible, int npossible, int depth, int start,
                   cells cover_cells, cells cannibal)
{
    if (depth >= FISH_MAX) return false;
    for (int i = start; i < npossible; i++) {
        int unit = possible[i];
        cells with = cells_or(cover_cells, s->at[unit]);
        cells twice = cells_or(cannibal, cells_and(cover_cells, s->at[unit]));
        s->chosen_cover[depth] = unit;
        if (depth + 1 < s->size) {
            if (covers(s, possible, npossible, depth + 1, i + 1, with, twice)) return true;
        } else if (judge(s, with, twice)) {
            return true;
        }
    }
    return false;
}

/* The base combination is chosen: its possible covers, then theirs. */
static bool with_base(fish_search *s)
{
    int possible[18], n = 0;
    for (int i = 0; i < s->ncover; i++) {
        int unit = s->cover[i];
        bool used = false;
        for (int j = 0; j < s->size; j++) used |= s->chosen_base[j] == unit;
        if (!used && !cells_empty(cells_and(s->at[unit], s->base_cells))) possible[n++] = unit;
    }
    cells none = {{0, 0}};
    return n >= s->size && covers(s, possible, n, 0, 0, none, none);
}

/* Base combinations, lexicographic, from base index start; a unit that
 * overlaps those chosen makes endo fins (Franken), at most two. */
static bool bases(fish_search *s, int depth, int start)
{
    if (depth >= FISH_MAX) return false;
    cells kept_cells = s->base_cells, kept_endo = s->endo;
    for (int i = start; i < s->nbase; i++) {
        int unit = s->base[i];
        cells overlap = cells_and(s->base_cells, s->at[unit]);
        if (!cells_empty(overlap) &&
            (!s->finned || cells_count(s->endo) + cells_count(overlap) > 2))
            continue;
        s->chosen_base[depth] = unit;
        s->base_cells = cells_or(s->base_cells, s->at[unit]);
        s->endo = cells_or(s->endo, overlap);
        bool found = depth + 1 < s->size ? bases(s, depth + 1, i + 1) : with_base(s);
        s->base_cells = kept_cells;
        s->endo = kept_endo;
        if (found) return true;
    }
    return false;
}

/* The search for one digit and orientation (lines: rows as base). */
static bool search_digit(fish_search *s, bool lines)
{
    int base_kind = lines ? 0 : 1, cover_kind = lines ? 1 : 0;
    s->nbase = s->ncover = 0;
    for (int pass = 0; pass < (s->franken ? 2 : 1); pass++) {
        int from = pass ? 18 : 9 * base_kind, cover_from = pass ? 18 : 9 * cover_kind;
        for (int unit = from; unit < from + 9; unit++) {
            int n = cells_count(s->at[unit]);
            if (n && (s->finned || n <= s->size)) s->base[s->nbase++] = unit;
        }
        for (int unit = cover_from; unit < cover_from + 9; unit++)
            if (!cells_empty(s->at[unit])) s->cover[s->ncover++] = unit;
    }
    s->base_cells = s->endo = (cells){{0, 0}};
    return s->nbase >= s->size && bases(s, 0, 0);
}

bool hodoku_fish(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    fish_search s = {.grid = q->grid, .technique = technique, .step = step};
    switch (technique) {
    case SUDOKU_X_WING: s.size = 2; break;
    case SUDOKU_SWORDFISH: s.size = 3; break;
    case SUDOKU_JELLYFISH: s.size = 4; break;
    case SUDOKU_SASHIMI_X_WING: s.sashimi = true; /* fall through */
    case SUDOKU_FINNED_X_WING: s.size = 2, s.finned = true; break;
    case SUDOKU_SASHIMI_SWORDFISH: s.sashimi = true; /* fall through */
    case SUDOKU_FINNED_SWORDFISH: s.size = 3, s.finned = true; break;
    case SUDOKU_SASHIMI_JELLYFISH: s.sashimi = true; /* fall through */
    case SUDOKU_FINNED_JELLYFISH: s.size = 4, s.finned = true; break;
    case SUDOKU_FINNED_FRANKEN_X_WING: s.finned = true; /* fall through */
    case SUDOKU_FRANKEN_X_WING: s.size = 2, s.franken = true; break;
    case SUDOKU_FINNED_FRANKEN_SWORDFISH: s.finned = true; /* fall through */
    case SUDOKU_FRANKEN_SWORDFISH: s.size = 3, s.franken = true; break;
    default: return false;
    }
    for (s.digit = 1; s.digit <= 9; s.digit++) {
        uint16_t bit = (uint16_t)(1u << (s.digit - 1));
        for (int unit = 0; unit < 27; unit++) {
            s.at[unit] = (cells){{0, 0}};
            for (int i = 0; i < 9; i++) {
                int cell = sudoku_unit_cells[unit][i];
                if (q->grid->candidates[cell] & bit) s.at[unit].w[cell / 64] |= 1ull << (cell % 64);
            }
        }
        if (search_digit(&s, true) || search_digit(&s, false)) return true;
    }
    return false;
}
