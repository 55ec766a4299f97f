/*
 * catalogue.c: the table of techniques (catalogue.h), and the finders as
 * the table calls them: each family's own finder, told what its row says.
 */
#include "catalogue.h"
#include "bug.h"
#include "exclusion.h"
#include "fish.h"
#include "singles.h"
#include "state.h"
#include "subsets.h"
#include "unique.h"
#include "wings.h"
#include "chains/chains.h"

#include <string.h>

/* The places of q's state, made once for all the finders of a search. */
static const uint16_t (*places(logic_query *q))[9]
{
    if (!q->places_known) logic_all_positions(q->state, q->places);
    q->places_known = true;
    return (const uint16_t(*)[9])q->places;
}

static bool hidden_single(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    (void)t;
    return logic_hidden_single(q->state, step);
}

static bool naked_single(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    (void)t;
    return logic_naked_single(q->state, step);
}

static bool direct_locking(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_direct_locking(q->state, places(q), t->id, step);
}

static bool locking(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_locking(q->state, places(q), t->id, step);
}

static bool direct_hidden_set(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_hidden_set(q->state, places(q), t->size, true, step);
}

static bool hidden_set(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_hidden_set(q->state, places(q), t->size, false, step);
}

static bool naked_set(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_naked_set(q->state, t->size, step);
}

static bool fish(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_fish(q->state, places(q), t->size, step);
}

static bool wing(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_wing(q->state, t->id == SUDOKU_XYZ_WING, step);
}

/* On a path, one search for rectangles and loops (LOGIC_WITH_PREVIOUS);
 * asked alone, a search for the one kind. */
static bool unique_loop(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_unique_loop(q->state, q->alone ? t->id : SUDOKU_TECHNIQUES, step);
}

static bool bug(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    (void)t;
    return logic_bug(q->state, step);
}

static bool aligned_pair(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    (void)t;
    return logic_aligned_pair(q->state, q->memo, step);
}

static bool aligned_triplet(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    (void)t;
    return logic_aligned_triplet(q->state, q->memo, step);
}

static bool chains(logic_query *q, const logic_technique *t, sudoku_step *step)
{
    return logic_chains(q->state, t->id, q->budget, q->cache, q->memo, step, &q->short_of_memory);
}

#define UNIQUE LOGIC_ASSUMES_UNIQUE
#define CHAIN LOGIC_CHAIN
#define WITH_PREVIOUS LOGIC_WITH_PREVIOUS

/* A row a technique, laid out by hand to be read as a table. */
// clang-format off
const logic_technique logic_catalogue[SUDOKU_TECHNIQUES] = {
    {SUDOKU_HIDDEN_SINGLE, "Hidden single", LOGIC_SINGLES, 0, hidden_single, 0,
        {10, "the last empty cell of a unit; 1.2 in a box, 1.5 in a line"},
        "a digit with one place left in a unit"},
    {SUDOKU_DIRECT_POINTING, "Direct pointing", LOGIC_INTERSECTIONS, 0, direct_locking, 0,
        {17, NULL},
        "a box's digit confined to a line, whose removals would leave a hidden single: placed"},
    {SUDOKU_DIRECT_CLAIMING, "Direct claiming", LOGIC_INTERSECTIONS, 0, direct_locking, 0,
        {19, NULL},
        "a line's digit confined to a box, whose removals would leave a hidden single: placed"},
    {SUDOKU_DIRECT_HIDDEN_PAIR, "Direct hidden pair", LOGIC_SUBSETS, 0, direct_hidden_set, 2,
        {20, NULL},
        "a hidden pair whose removals would leave a hidden single: placed"},
    {SUDOKU_NAKED_SINGLE, "Naked single", LOGIC_SINGLES, 0, naked_single, 0,
        {23, NULL},
        "a cell with one candidate"},
    {SUDOKU_DIRECT_HIDDEN_TRIPLET, "Direct hidden triplet", LOGIC_SUBSETS, 0, direct_hidden_set, 3,
        {25, NULL},
        "a hidden triplet whose removals would leave a hidden single: placed"},
    {SUDOKU_POINTING, "Pointing", LOGIC_INTERSECTIONS, 0, locking, 0,
        {26, NULL},
        "a box's digit confined to a line"},
    {SUDOKU_CLAIMING, "Claiming", LOGIC_INTERSECTIONS, 0, locking, 0,
        {28, NULL},
        "a line's digit confined to a box"},
    {SUDOKU_NAKED_PAIR, "Naked pair", LOGIC_SUBSETS, 0, naked_set, 2,
        {30, NULL},
        "two cells of a unit holding only two digits"},
    {SUDOKU_X_WING, "X-wing", LOGIC_FISH, 0, fish, 2,
        {32, NULL},
        "a digit's places in two base lines lying in two cover lines"},
    {SUDOKU_HIDDEN_PAIR, "Hidden pair", LOGIC_SUBSETS, 0, hidden_set, 2,
        {34, NULL},
        "two digits with only two places in a unit"},
    {SUDOKU_NAKED_TRIPLET, "Naked triplet", LOGIC_SUBSETS, 0, naked_set, 3,
        {36, NULL},
        "three cells of a unit holding only three digits"},
    {SUDOKU_SWORDFISH, "Swordfish", LOGIC_FISH, 0, fish, 3,
        {38, NULL},
        "a digit's places in three base lines lying in three cover lines"},
    {SUDOKU_HIDDEN_TRIPLET, "Hidden triplet", LOGIC_SUBSETS, 0, hidden_set, 3,
        {40, NULL},
        "three digits with only three places in a unit"},
    {SUDOKU_XY_WING, "XY-wing", LOGIC_WINGS, 0, wing, 0,
        {42, NULL},
        "a bivalue pivot and two bivalue pincers"},
    {SUDOKU_XYZ_WING, "XYZ-wing", LOGIC_WINGS, 0, wing, 0,
        {44, NULL},
        "a pivot of three digits and two bivalue pincers"},
    {SUDOKU_UNIQUE_RECTANGLE, "Unique rectangle", LOGIC_UNIQUENESS, UNIQUE, unique_loop, 0,
        {45, "types 1-4; type 3 +0.1 for each digit of its set beyond the first"},
        "four cells that would let two digits swap, but for their extra digits"},
    {SUDOKU_UNIQUE_LOOP, "Unique loop", LOGIC_UNIQUENESS, UNIQUE | WITH_PREVIOUS, unique_loop, 0,
        {46, "6 cells; 4.7 of 8, 5.0 of 10 or more; types 1-4, type 3 as rectangles"},
        "a loop of 6 cells or more that would let two digits swap, but for their extra digits"},
    {SUDOKU_NAKED_QUAD, "Naked quad", LOGIC_SUBSETS, 0, naked_set, 4,
        {50, NULL},
        "four cells of a unit holding only four digits"},
    {SUDOKU_JELLYFISH, "Jellyfish", LOGIC_FISH, 0, fish, 4,
        {52, NULL},
        "a digit's places in four base lines lying in four cover lines"},
    {SUDOKU_HIDDEN_QUAD, "Hidden quad", LOGIC_SUBSETS, 0, hidden_set, 4,
        {54, NULL},
        "four digits with only four places in a unit"},
    {SUDOKU_BUG, "Bivalue universal grave", LOGIC_UNIQUENESS, UNIQUE, bug, 0,
        {56, "type 1; 5.7 types 2 and 4, type 3 5.7 + 0.1 for each digit of its set beyond the first"},
        "bivalue cells everywhere but in a few, one of which must hold an extra digit"},
    {SUDOKU_ALIGNED_PAIR_EXCLUSION, "Aligned pair exclusion", LOGIC_EXCLUSION, 0, aligned_pair, 0,
        {62, NULL},
        "two cells that cannot take a pair of digits that would empty a bivalue cell"},
    {SUDOKU_FORCING_CHAINS, "Forcing chains and cycles", LOGIC_CHAINS, CHAIN, chains, 0,
        {65, "cycles of one kind of link; forcing X-chains 6.6, both kinds of link 7.0; and up with length"},
        "bidirectional cycles and forcing chains of X and Y links"},
    {SUDOKU_ALIGNED_TRIPLET_EXCLUSION, "Aligned triplet exclusion", LOGIC_EXCLUSION, 0, aligned_triplet, 0,
        {75, NULL},
        "three cells that cannot take a triplet of digits that would empty a bivalue cell"},
    {SUDOKU_NISHIO_FORCING_CHAINS, "Nishio forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {75, "and up with length"},
        "a candidate whose digit's links lead to a contradiction"},
    {SUDOKU_MULTIPLE_FORCING_CHAINS, "Multiple forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {80, "and up with length"},
        "every candidate of a cell, or every place of a digit in a unit, leading to one result"},
    {SUDOKU_DYNAMIC_FORCING_CHAINS, "Dynamic forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {85, "and up with length"},
        "chains that take candidates off the board as they go"},
    {SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS, "Dynamic forcing chains (+)", LOGIC_CHAINS, CHAIN, chains, 0,
        {90, "and up with length"},
        "dynamic chains that use pointing, claiming, pairs and X-wings on the way"},
    {SUDOKU_NESTED_FORCING_CHAINS, "Nested forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {95, "and up with length"},
        "dynamic chains that use forcing chains on the way"},
    {SUDOKU_NESTED_MULTIPLE_CHAINS, "Nested multiple forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {100, "and up with length"},
        "dynamic chains that use multiple forcing chains on the way"},
    {SUDOKU_NESTED_DYNAMIC_CHAINS, "Nested dynamic forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use dynamic forcing chains on the way"},
    {SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS, "Nested dynamic forcing chains (+)", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use dynamic forcing chains (+) on the way"},
    {SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED, "Doubly nested forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use nested forcing chains on the way"},
};
// clang-format on

const char *logic_family_name(logic_family family)
{
    static const char *const names[LOGIC_FAMILIES] = {
        [LOGIC_SINGLES] = "Singles",
        [LOGIC_INTERSECTIONS] = "Intersections",
        [LOGIC_SUBSETS] = "Subsets",
        [LOGIC_FISH] = "Fish",
        [LOGIC_WINGS] = "Wings",
        [LOGIC_UNIQUENESS] = "Uniqueness",
        [LOGIC_EXCLUSION] = "Aligned exclusion",
        [LOGIC_CHAINS] = "Chains",
    };
    return (unsigned)family < LOGIC_FAMILIES ? names[family] : "Unknown family";
}

const char *sudoku_technique_name(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return "Unknown technique";
    return logic_catalogue[technique].name;
}

/* A name as the lookup compares it: letters in lower case, digits and
 * '+' kept, all else (spaces, hyphens, brackets) dropped, so that
 * "X-Wing", "x wing" and "xwing" are one name. */
static void name_key(const char *name, char *key, size_t size)
{
    size_t n = 0;
    for (; *name && n + 1 < size; name++) {
        char c = *name;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+') key[n++] = c;
    }
    key[n] = '\0';
}

bool sudoku_technique_named(const char *name, sudoku_technique *technique)
{
    char wanted[64], row[64];
    if (strlen(name) >= sizeof wanted) return false;
    name_key(name, wanted, sizeof wanted);
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) {
        name_key(logic_catalogue[t].name, row, sizeof row);
        if (wanted[0] && strcmp(wanted, row) == 0) {
            *technique = (sudoku_technique)t;
            return true;
        }
    }
    return false;
}
