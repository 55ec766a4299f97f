/*
 * catalogue.c: the table of techniques (catalogue.h), and the finders as
 * the table calls them: each family's own finder, told what its row says;
 * HoDoKu's column, its order of the rows, and the names of the scales
 * and levels.
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

#include <ctype.h>
#include <string.h>
#include "hodoku/als.h"
#include "hodoku/chains.h"
#include "hodoku/coloring.h"
#include "hodoku/fish.h"
#include "hodoku/misc.h"
#include "hodoku/patterns.h"
#include "hodoku/singles.h"
#include "hodoku/subsets.h"
#include "hodoku/tabling.h"
#include "hodoku/unique.h"
#include "hodoku/wings.h"

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
#define EASY SUDOKU_LEVEL_EASY
#define MEDIUM SUDOKU_LEVEL_MEDIUM
#define HARD SUDOKU_LEVEL_HARD
#define UNFAIR SUDOKU_LEVEL_UNFAIR
#define EXTREME SUDOKU_LEVEL_EXTREME
#define NOT_SE {0, NULL}
#define NOT_HODOKU {NULL, NULL, SUDOKU_LEVEL_NONE, 0, NULL, NULL}

/* HoDoKu's step types, where a technique has several. */
static const logic_hodoku_type rectangle_types[] = {
    {1, "Uniqueness Test 1", "u1"}, {2, "Uniqueness Test 2", "u2"}, {3, "Uniqueness Test 3", "u3"},
    {4, "Uniqueness Test 4", "u4"}, {5, "Uniqueness Test 5", "u5"}, {6, "Uniqueness Test 6", "u6"},
    {0, NULL, NULL}};
static const logic_hodoku_type avoidable_types[] = {
    {1, "Avoidable Rectangle Type 1", "ar1"}, {2, "Avoidable Rectangle Type 2", "ar2"}, {0, NULL, NULL}};
static const logic_hodoku_type simple_colors_types[] = {
    {SUDOKU_COLORS_TRAP, "Simple Colors Trap", "sc1"},
    {SUDOKU_COLORS_WRAP, "Simple Colors Wrap", "sc2"}, {0, NULL, NULL}};
static const logic_hodoku_type multi_colors_types[] = {
    {1, "Multi Colors 1", "mc1"}, {2, "Multi Colors 2", "mc2"}, {0, NULL, NULL}};
static const logic_hodoku_type loop_types[] = {
    {SUDOKU_LOOP_DISCONTINUOUS, "Discontinuous Nice Loop", "dnl"},
    {SUDOKU_LOOP_CONTINUOUS, "Continuous Nice Loop", "cnl"},
    {SUDOKU_LOOP_AIC, "AIC", "aic"},
    {SUDOKU_LOOP_GROUPED_DISCONTINUOUS, "Grouped Discontinuous Nice Loop", "gdnl"},
    {SUDOKU_LOOP_GROUPED_CONTINUOUS, "Grouped Continuous Nice Loop", "gcnl"},
    {SUDOKU_LOOP_GROUPED_AIC, "Grouped AIC", "gaic"}, {0, NULL, NULL}};
static const logic_hodoku_type forcing_chain_types[] = {
    {SUDOKU_FORCING_CONTRADICTION, "Forcing Chain Contradiction", "fcc"},
    {SUDOKU_FORCING_VERITY, "Forcing Chain Verity", "fcv"}, {0, NULL, NULL}};
static const logic_hodoku_type forcing_net_types[] = {
    {SUDOKU_FORCING_CONTRADICTION, "Forcing Net Contradiction", "fnc"},
    {SUDOKU_FORCING_VERITY, "Forcing Net Verity", "fnv"}, {0, NULL, NULL}};
static const logic_hodoku_type franken_x_wing_types[] = {
    {SUDOKU_FISH_MUTANT, "Mutant X-Wing", "mf2"}, {0, NULL, NULL}};
static const logic_hodoku_type franken_swordfish_types[] = {
    {SUDOKU_FISH_MUTANT, "Mutant Swordfish", "mf3"}, {0, NULL, NULL}};
static const logic_hodoku_type finned_franken_x_wing_types[] = {
    {SUDOKU_FISH_MUTANT, "Finned Mutant X-Wing", "fmf2"}, {0, NULL, NULL}};
static const logic_hodoku_type finned_franken_swordfish_types[] = {
    {SUDOKU_FISH_MUTANT, "Finned Mutant Swordfish", "fmf3"}, {0, NULL, NULL}};

/* A row a technique, laid out by hand to be read as a table. */
// clang-format off
const logic_technique logic_catalogue[SUDOKU_TECHNIQUES] = {
    {SUDOKU_HIDDEN_SINGLE, "Hidden single", LOGIC_SINGLES, 0, hidden_single, 0,
        {10, "the last empty cell of a unit; 1.2 in a box, 1.5 in a line"},
        "a digit with one place left in a unit",
        {"Hidden Single", "h1", EASY, 14, hodoku_hidden_single, NULL}},
    {SUDOKU_DIRECT_POINTING, "Direct pointing", LOGIC_INTERSECTIONS, 0, direct_locking, 0,
        {17, NULL},
        "a box's digit confined to a line, whose removals would leave a hidden single: placed",
        NOT_HODOKU},
    {SUDOKU_DIRECT_CLAIMING, "Direct claiming", LOGIC_INTERSECTIONS, 0, direct_locking, 0,
        {19, NULL},
        "a line's digit confined to a box, whose removals would leave a hidden single: placed",
        NOT_HODOKU},
    {SUDOKU_DIRECT_HIDDEN_PAIR, "Direct hidden pair", LOGIC_SUBSETS, 0, direct_hidden_set, 2,
        {20, NULL},
        "a hidden pair whose removals would leave a hidden single: placed",
        NOT_HODOKU},
    {SUDOKU_NAKED_SINGLE, "Naked single", LOGIC_SINGLES, 0, naked_single, 0,
        {23, NULL},
        "a cell with one candidate",
        {"Naked Single", "n1", EASY, 4, hodoku_naked_single, NULL}},
    {SUDOKU_DIRECT_HIDDEN_TRIPLET, "Direct hidden triplet", LOGIC_SUBSETS, 0, direct_hidden_set, 3,
        {25, NULL},
        "a hidden triplet whose removals would leave a hidden single: placed",
        NOT_HODOKU},
    {SUDOKU_POINTING, "Pointing", LOGIC_INTERSECTIONS, 0, locking, 0,
        {26, NULL},
        "a box's digit confined to a line",
        {"Locked Candidates Type 1 (Pointing)", "lc1", MEDIUM, 50, hodoku_locked_candidates, NULL}},
    {SUDOKU_CLAIMING, "Claiming", LOGIC_INTERSECTIONS, 0, locking, 0,
        {28, NULL},
        "a line's digit confined to a box",
        {"Locked Candidates Type 2 (Claiming)", "lc2", MEDIUM, 50, hodoku_locked_candidates, NULL}},
    {SUDOKU_NAKED_PAIR, "Naked pair", LOGIC_SUBSETS, 0, naked_set, 2,
        {30, NULL},
        "two cells of a unit holding only two digits",
        {"Naked Pair", "n2", MEDIUM, 60, hodoku_naked_set, NULL}},
    {SUDOKU_X_WING, "X-wing", LOGIC_FISH, 0, fish, 2,
        {32, NULL},
        "a digit's places in two base lines lying in two cover lines",
        {"X-Wing", "bf2", HARD, 140, hodoku_fish, NULL}},
    {SUDOKU_HIDDEN_PAIR, "Hidden pair", LOGIC_SUBSETS, 0, hidden_set, 2,
        {34, NULL},
        "two digits with only two places in a unit",
        {"Hidden Pair", "h2", MEDIUM, 70, hodoku_hidden_set, NULL}},
    {SUDOKU_NAKED_TRIPLET, "Naked triplet", LOGIC_SUBSETS, 0, naked_set, 3,
        {36, NULL},
        "three cells of a unit holding only three digits",
        {"Naked Triple", "n3", MEDIUM, 80, hodoku_naked_set, NULL}},
    {SUDOKU_SWORDFISH, "Swordfish", LOGIC_FISH, 0, fish, 3,
        {38, NULL},
        "a digit's places in three base lines lying in three cover lines",
        {"Swordfish", "bf3", HARD, 150, hodoku_fish, NULL}},
    {SUDOKU_HIDDEN_TRIPLET, "Hidden triplet", LOGIC_SUBSETS, 0, hidden_set, 3,
        {40, NULL},
        "three digits with only three places in a unit",
        {"Hidden Triple", "h3", MEDIUM, 100, hodoku_hidden_set, NULL}},
    {SUDOKU_XY_WING, "XY-wing", LOGIC_WINGS, 0, wing, 0,
        {42, NULL},
        "a bivalue pivot and two bivalue pincers",
        {"XY-Wing", "xy", HARD, 160, hodoku_xy_wing, NULL}},
    {SUDOKU_XYZ_WING, "XYZ-wing", LOGIC_WINGS, 0, wing, 0,
        {44, NULL},
        "a pivot of three digits and two bivalue pincers",
        {"XYZ-Wing", "xyz", HARD, 180, hodoku_xyz_wing, NULL}},
    {SUDOKU_UNIQUE_RECTANGLE, "Unique rectangle", LOGIC_UNIQUENESS, UNIQUE, unique_loop, 0,
        {45, "types 1-4; type 3 +0.1 for each digit of its set beyond the first"},
        "four cells that would let two digits swap, but for their extra digits",
        {"Uniqueness Test", "u", HARD, 100, hodoku_unique_rectangle, rectangle_types}},
    {SUDOKU_UNIQUE_LOOP, "Unique loop", LOGIC_UNIQUENESS, UNIQUE | WITH_PREVIOUS, unique_loop, 0,
        {46, "6 cells; 4.7 of 8, 5.0 of 10 or more; types 1-4, type 3 as rectangles"},
        "a loop of 6 cells or more that would let two digits swap, but for their extra digits",
        NOT_HODOKU},
    {SUDOKU_NAKED_QUAD, "Naked quad", LOGIC_SUBSETS, 0, naked_set, 4,
        {50, NULL},
        "four cells of a unit holding only four digits",
        {"Naked Quadruple", "n4", HARD, 120, hodoku_naked_set, NULL}},
    {SUDOKU_JELLYFISH, "Jellyfish", LOGIC_FISH, 0, fish, 4,
        {52, NULL},
        "a digit's places in four base lines lying in four cover lines",
        {"Jellyfish", "bf4", HARD, 160, hodoku_fish, NULL}},
    {SUDOKU_HIDDEN_QUAD, "Hidden quad", LOGIC_SUBSETS, 0, hidden_set, 4,
        {54, NULL},
        "four digits with only four places in a unit",
        {"Hidden Quadruple", "h4", HARD, 150, hodoku_hidden_set, NULL}},
    {SUDOKU_BUG, "Bivalue universal grave", LOGIC_UNIQUENESS, UNIQUE, bug, 0,
        {56, "type 1; 5.7 types 2 and 4, type 3 5.7 + 0.1 for each digit of its set beyond the first"},
        "bivalue cells everywhere but in a few, one of which must hold an extra digit",
        {"Bivalue Universal Grave + 1", "bug1", HARD, 100, hodoku_bug, NULL}},
    {SUDOKU_ALIGNED_PAIR_EXCLUSION, "Aligned pair exclusion", LOGIC_EXCLUSION, 0, aligned_pair, 0,
        {62, NULL},
        "two cells that cannot take a pair of digits that would empty a bivalue cell",
        NOT_HODOKU},
    {SUDOKU_FORCING_CHAINS, "Forcing chains and cycles", LOGIC_CHAINS, CHAIN, chains, 0,
        {65, "cycles of one kind of link; forcing X-chains 6.6, both kinds of link 7.0; and up with length"},
        "bidirectional cycles and forcing chains of X and Y links",
        NOT_HODOKU},
    {SUDOKU_ALIGNED_TRIPLET_EXCLUSION, "Aligned triplet exclusion", LOGIC_EXCLUSION, 0, aligned_triplet, 0,
        {75, NULL},
        "three cells that cannot take a triplet of digits that would empty a bivalue cell",
        NOT_HODOKU},
    {SUDOKU_NISHIO_FORCING_CHAINS, "Nishio forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {75, "and up with length"},
        "a candidate whose digit's links lead to a contradiction",
        NOT_HODOKU},
    {SUDOKU_MULTIPLE_FORCING_CHAINS, "Multiple forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {80, "and up with length"},
        "every candidate of a cell, or every place of a digit in a unit, leading to one result",
        NOT_HODOKU},
    {SUDOKU_DYNAMIC_FORCING_CHAINS, "Dynamic forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {85, "and up with length"},
        "chains that take candidates off the board as they go",
        NOT_HODOKU},
    {SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS, "Dynamic forcing chains (+)", LOGIC_CHAINS, CHAIN, chains, 0,
        {90, "and up with length"},
        "dynamic chains that use pointing, claiming, pairs and X-wings on the way",
        NOT_HODOKU},
    {SUDOKU_NESTED_FORCING_CHAINS, "Nested forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {95, "and up with length"},
        "dynamic chains that use forcing chains on the way",
        NOT_HODOKU},
    {SUDOKU_NESTED_MULTIPLE_CHAINS, "Nested multiple forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {100, "and up with length"},
        "dynamic chains that use multiple forcing chains on the way",
        NOT_HODOKU},
    {SUDOKU_NESTED_DYNAMIC_CHAINS, "Nested dynamic forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use dynamic forcing chains on the way",
        NOT_HODOKU},
    {SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS, "Nested dynamic forcing chains (+)", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use dynamic forcing chains (+) on the way",
        NOT_HODOKU},
    {SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED, "Doubly nested forcing chains", LOGIC_CHAINS, CHAIN, chains, 0,
        {105, "and up with length"},
        "chains that use nested forcing chains on the way",
        NOT_HODOKU},
    /* HoDoKu's own techniques, in its order. */
    {SUDOKU_FULL_HOUSE, NULL, LOGIC_SINGLES, 0, NULL, 0, NOT_SE,
        "the last empty cell of a unit",
        {"Full House", "fh", EASY, 4, hodoku_full_house, NULL}},
    {SUDOKU_LOCKED_PAIR, NULL, LOGIC_INTERSECTIONS, 0, NULL, 0, NOT_SE,
        "a naked pair in a box and a line: out of both",
        {"Locked Pair", "l2", MEDIUM, 40, hodoku_locked_set, NULL}},
    {SUDOKU_LOCKED_TRIPLE, NULL, LOGIC_INTERSECTIONS, 0, NULL, 0, NOT_SE,
        "a naked triple in a box and a line: out of both",
        {"Locked Triple", "l3", MEDIUM, 60, hodoku_locked_set, NULL}},
    {SUDOKU_REMOTE_PAIR, NULL, LOGIC_CHAINS, CHAIN, NULL, 0, NOT_SE,
        "a chain of cells holding the same two digits",
        {"Remote Pair", "rp", HARD, 110, hodoku_remote_pair, NULL}},
    {SUDOKU_SKYSCRAPER, NULL, LOGIC_PATTERNS, 0, NULL, 0, NOT_SE,
        "two conjugate pairs of a digit in parallel lines, joined at one end",
        {"Skyscraper", "sk", HARD, 130, hodoku_skyscraper, NULL}},
    {SUDOKU_TWO_STRING_KITE, NULL, LOGIC_PATTERNS, 0, NULL, 0, NOT_SE,
        "a digit's conjugate pairs in a row and a column, joined in a box",
        {"2-String Kite", "2sk", HARD, 150, hodoku_two_string_kite, NULL}},
    {SUDOKU_TURBOT_FISH, NULL, LOGIC_PATTERNS, 0, NULL, 0, NOT_SE,
        "a digit's chain of three links: strong, weak, strong",
        {"Turbot Fish", "tf", HARD, 120, hodoku_turbot_fish, NULL}},
    {SUDOKU_EMPTY_RECTANGLE, NULL, LOGIC_PATTERNS, 0, NULL, 0, NOT_SE,
        "a digit's places in a box on one row and one column, and a conjugate pair",
        {"Empty Rectangle", "er", HARD, 120, hodoku_empty_rectangle, NULL}},
    {SUDOKU_W_WING, NULL, LOGIC_WINGS, 0, NULL, 0, NOT_SE,
        "two cells of the same two digits, bridged by a conjugate pair of one",
        {"W-Wing", "w", HARD, 150, hodoku_w_wing, NULL}},
    {SUDOKU_HIDDEN_RECTANGLE, NULL, LOGIC_UNIQUENESS, UNIQUE, NULL, 0, NOT_SE,
        "a rectangle whose digit is locked in its corners in a row and a column",
        {"Hidden Rectangle", "hr", HARD, 100, hodoku_hidden_rectangle, NULL}},
    {SUDOKU_AVOIDABLE_RECTANGLE, NULL, LOGIC_UNIQUENESS, UNIQUE, NULL, 0, NOT_SE,
        "a rectangle of placed (not given) digits that could swap",
        {"Avoidable Rectangle", "ar", HARD, 100, hodoku_avoidable_rectangle, avoidable_types}},
    {SUDOKU_FINNED_X_WING, NULL, LOGIC_FISH, 0, NULL, 2, NOT_SE,
        "an X-wing but for fins in one box",
        {"Finned X-Wing", "fbf2", HARD, 130, hodoku_fish, NULL}},
    {SUDOKU_SASHIMI_X_WING, NULL, LOGIC_FISH, 0, NULL, 2, NOT_SE,
        "a finned X-wing short of a base candidate",
        {"Sashimi X-Wing", "sbf2", HARD, 150, hodoku_fish, NULL}},
    {SUDOKU_FINNED_SWORDFISH, NULL, LOGIC_FISH, 0, NULL, 3, NOT_SE,
        "a swordfish but for fins in one box",
        {"Finned Swordfish", "fbf3", UNFAIR, 200, hodoku_fish, NULL}},
    {SUDOKU_SASHIMI_SWORDFISH, NULL, LOGIC_FISH, 0, NULL, 3, NOT_SE,
        "a finned swordfish short of a base candidate",
        {"Sashimi Swordfish", "sbf3", UNFAIR, 240, hodoku_fish, NULL}},
    {SUDOKU_FINNED_JELLYFISH, NULL, LOGIC_FISH, 0, NULL, 4, NOT_SE,
        "a jellyfish but for fins in one box",
        {"Finned Jellyfish", "fbf4", UNFAIR, 250, hodoku_fish, NULL}},
    {SUDOKU_SASHIMI_JELLYFISH, NULL, LOGIC_FISH, 0, NULL, 4, NOT_SE,
        "a finned jellyfish short of a base candidate",
        {"Sashimi Jellyfish", "sbf4", UNFAIR, 260, hodoku_fish, NULL}},
    {SUDOKU_SUE_DE_COQ, NULL, LOGIC_MISCELLANY, 0, NULL, 0, NOT_SE,
        "a line and box crossing whose digits split between two sets",
        {"Sue de Coq", "sdc", UNFAIR, 250, hodoku_sue_de_coq, NULL}},
    {SUDOKU_SIMPLE_COLORS, NULL, LOGIC_COLORING, 0, NULL, 0, NOT_SE,
        "a digit's conjugate pairs coloured in two colours",
        {"Simple Colors", "sc", HARD, 150, hodoku_simple_colors, simple_colors_types}},
    {SUDOKU_MULTI_COLORS, NULL, LOGIC_COLORING, 0, NULL, 0, NOT_SE,
        "two clusters of a digit's conjugate pairs that see each other",
        {"Multi Colors", "mc", HARD, 200, hodoku_multi_colors, multi_colors_types}},
    {SUDOKU_X_CHAIN, NULL, LOGIC_CHAINS, CHAIN, NULL, 0, NOT_SE,
        "a digit's chain of alternating strong and weak links",
        {"X-Chain", "x", UNFAIR, 260, hodoku_x_chain, NULL}},
    {SUDOKU_XY_CHAIN, NULL, LOGIC_CHAINS, CHAIN, NULL, 0, NOT_SE,
        "a chain of bivalue cells",
        {"XY-Chain", "xyc", UNFAIR, 260, hodoku_xy_chain, NULL}},
    {SUDOKU_NICE_LOOP, NULL, LOGIC_CHAINS, CHAIN, NULL, 0, NOT_SE,
        "loops and alternating inference chains of candidates",
        {"Nice Loop/AIC", "nl", UNFAIR, 280, hodoku_nice_loop, loop_types}},
    {SUDOKU_GROUPED_NICE_LOOP, NULL, LOGIC_CHAINS, CHAIN, NULL, 0, NOT_SE,
        "loops and chains through groups of a line and a box",
        {"Grouped Nice Loop/AIC", "gnl", UNFAIR, 300, hodoku_grouped_nice_loop, loop_types}},
    {SUDOKU_ALS_XZ, NULL, LOGIC_ALS, CHAIN, NULL, 0, NOT_SE,
        "two almost locked sets with a restricted common digit",
        {"Almost Locked Set XZ-Rule", "axz", UNFAIR, 300, hodoku_als_xz, NULL}},
    {SUDOKU_ALS_XY_WING, NULL, LOGIC_ALS, CHAIN, NULL, 0, NOT_SE,
        "three almost locked sets, one joined to the others",
        {"Almost Locked Set XY-Wing", "axy", UNFAIR, 320, hodoku_als_xy_wing, NULL}},
    {SUDOKU_ALS_CHAIN, NULL, LOGIC_ALS, CHAIN, NULL, 0, NOT_SE,
        "a chain of almost locked sets joined by restricted common digits",
        {"Almost Locked Set Chain", "ach", UNFAIR, 340, hodoku_als_chain, NULL}},
    {SUDOKU_FRANKEN_X_WING, NULL, LOGIC_FISH, 0, NULL, 2, NOT_SE,
        "an X-wing whose base or cover units take in boxes",
        {"Franken X-Wing", "ff2", UNFAIR, 300, hodoku_fish, franken_x_wing_types}},
    {SUDOKU_FRANKEN_SWORDFISH, NULL, LOGIC_FISH, 0, NULL, 3, NOT_SE,
        "a swordfish whose base or cover units take in boxes",
        {"Franken Swordfish", "ff3", UNFAIR, 350, hodoku_fish, franken_swordfish_types}},
    {SUDOKU_FINNED_FRANKEN_X_WING, NULL, LOGIC_FISH, 0, NULL, 2, NOT_SE,
        "a Franken X-wing but for fins",
        {"Finned Franken X-Wing", "fff2", UNFAIR, 390, hodoku_fish, finned_franken_x_wing_types}},
    {SUDOKU_FINNED_FRANKEN_SWORDFISH, NULL, LOGIC_FISH, 0, NULL, 3, NOT_SE,
        "a Franken swordfish but for fins",
        {"Finned Franken Swordfish", "fff3", UNFAIR, 410, hodoku_fish, finned_franken_swordfish_types}},
    {SUDOKU_FORCING_CHAIN, NULL, LOGIC_LAST_RESORT, CHAIN, NULL, 0, NOT_SE,
        "chains from a candidate's two states, a cell's or a unit's candidates to one result",
        {"Forcing Chain", "fc", EXTREME, 500, hodoku_forcing_chain, forcing_chain_types}},
    {SUDOKU_FORCING_NET, NULL, LOGIC_LAST_RESORT, CHAIN, NULL, 0, NOT_SE,
        "forcing chains that branch, taking singles on the way",
        {"Forcing Net", "fn", EXTREME, 700, hodoku_forcing_net, forcing_net_types}},
    {SUDOKU_BRUTE_FORCE, NULL, LOGIC_LAST_RESORT, CHAIN, NULL, 0, NOT_SE,
        "the middle open cell given the solution's digit",
        {"Brute Force", "bf", EXTREME, 10000, hodoku_brute_force, NULL}},
    {SUDOKU_GIVE_UP, NULL, LOGIC_LAST_RESORT, 0, NULL, 0, NOT_SE,
        "no technique applies: the path ends",
        {"Give Up", "gu", EXTREME, 20000, NULL, NULL}},
};
// clang-format on

const sudoku_technique logic_hodoku_order[] = {
    SUDOKU_FULL_HOUSE, SUDOKU_NAKED_SINGLE, SUDOKU_HIDDEN_SINGLE, SUDOKU_LOCKED_PAIR,
    SUDOKU_LOCKED_TRIPLE, SUDOKU_POINTING, SUDOKU_CLAIMING, SUDOKU_NAKED_PAIR, SUDOKU_NAKED_TRIPLET,
    SUDOKU_HIDDEN_PAIR, SUDOKU_HIDDEN_TRIPLET, SUDOKU_NAKED_QUAD, SUDOKU_HIDDEN_QUAD, SUDOKU_X_WING,
    SUDOKU_SWORDFISH, SUDOKU_JELLYFISH, SUDOKU_REMOTE_PAIR, SUDOKU_BUG, SUDOKU_SKYSCRAPER,
    SUDOKU_TWO_STRING_KITE, SUDOKU_TURBOT_FISH, SUDOKU_EMPTY_RECTANGLE, SUDOKU_W_WING,
    SUDOKU_XY_WING, SUDOKU_XYZ_WING, SUDOKU_UNIQUE_RECTANGLE, SUDOKU_HIDDEN_RECTANGLE,
    SUDOKU_AVOIDABLE_RECTANGLE, SUDOKU_FINNED_X_WING, SUDOKU_SASHIMI_X_WING,
    SUDOKU_FINNED_SWORDFISH, SUDOKU_SASHIMI_SWORDFISH, SUDOKU_FINNED_JELLYFISH,
    SUDOKU_SASHIMI_JELLYFISH, SUDOKU_SUE_DE_COQ, SUDOKU_SIMPLE_COLORS, SUDOKU_MULTI_COLORS,
    SUDOKU_X_CHAIN, SUDOKU_XY_CHAIN, SUDOKU_NICE_LOOP, SUDOKU_GROUPED_NICE_LOOP, SUDOKU_ALS_XZ,
    SUDOKU_ALS_XY_WING, SUDOKU_ALS_CHAIN, SUDOKU_FRANKEN_X_WING, SUDOKU_FRANKEN_SWORDFISH,
    SUDOKU_FINNED_FRANKEN_X_WING, SUDOKU_FINNED_FRANKEN_SWORDFISH, SUDOKU_FORCING_CHAIN,
    SUDOKU_FORCING_NET, SUDOKU_BRUTE_FORCE, SUDOKU_GIVE_UP};

const int logic_hodoku_techniques = (int)(sizeof logic_hodoku_order / sizeof logic_hodoku_order[0]);

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
        [LOGIC_PATTERNS] = "Single-digit patterns",
        [LOGIC_COLORING] = "Colouring",
        [LOGIC_MISCELLANY] = "Miscellany",
        [LOGIC_ALS] = "Almost locked sets",
        [LOGIC_LAST_RESORT] = "Last resorts",
    };
    return (unsigned)family < LOGIC_FAMILIES ? names[family] : "Unknown family";
}

const char *sudoku_technique_name(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return "Unknown technique";
    const logic_technique *row = &logic_catalogue[technique];
    return row->name ? row->name : row->hodoku.name;
}

const char *sudoku_technique_name_on(sudoku_technique technique, sudoku_scale scale)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return NULL;
    const logic_technique *row = &logic_catalogue[technique];
    return scale == SUDOKU_SCALE_HODOKU ? row->hodoku.name : scale == SUDOKU_SCALE_SE ? row->name : NULL;
}

const char *sudoku_technique_code(sudoku_technique technique)
{
    return (unsigned)technique < SUDOKU_TECHNIQUES ? logic_catalogue[technique].hodoku.code : NULL;
}

sudoku_level sudoku_technique_level(sudoku_technique technique)
{
    return (unsigned)technique < SUDOKU_TECHNIQUES ? logic_catalogue[technique].hodoku.level
                                                   : SUDOKU_LEVEL_NONE;
}

int sudoku_technique_score(sudoku_technique technique)
{
    return (unsigned)technique < SUDOKU_TECHNIQUES ? logic_catalogue[technique].hodoku.score : 0;
}

int sudoku_technique_order(sudoku_scale scale, sudoku_technique order[SUDOKU_TECHNIQUES])
{
    int n = 0;
    if (scale == SUDOKU_SCALE_HODOKU) {
        for (int i = 0; i < logic_hodoku_techniques; i++) order[n++] = logic_hodoku_order[i];
        return n;
    }
    if (scale != SUDOKU_SCALE_SE) return 0;
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++)
        if (logic_catalogue[t].find) order[n++] = (sudoku_technique)t;
    return n;
}

/* The step type of a HoDoKu technique's step, NULL if it has none. */
static const logic_hodoku_type *hodoku_type(sudoku_technique technique, int variant)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES || !variant) return NULL;
    const logic_hodoku_type *type = logic_catalogue[technique].hodoku.types;
    for (; type && type->name; type++)
        if (type->variant == variant) return type;
    return NULL;
}

const char *sudoku_step_name(sudoku_technique technique, int variant, sudoku_scale scale)
{
    if (scale != SUDOKU_SCALE_HODOKU) return sudoku_technique_name(technique);
    const logic_hodoku_type *type = hodoku_type(technique, variant);
    if (type) return type->name;
    const char *name = sudoku_technique_name_on(technique, scale);
    return name ? name : "Unknown technique";
}

const char *sudoku_step_code(sudoku_technique technique, int variant)
{
    const logic_hodoku_type *type = hodoku_type(technique, variant);
    return type ? type->code : sudoku_technique_code(technique);
}

const char *sudoku_scale_name(sudoku_scale scale)
{
    return scale == SUDOKU_SCALE_HODOKU ? "hodoku" : scale == SUDOKU_SCALE_SE ? "se" : "unknown";
}

bool sudoku_scale_from_name(const char *name, sudoku_scale *scale)
{
    for (int s = 0; s < SUDOKU_SCALES; s++)
        if (strcmp(name, sudoku_scale_name((sudoku_scale)s)) == 0) {
            *scale = (sudoku_scale)s;
            return true;
        }
    return false;
}

static const char *const level_names[SUDOKU_LEVELS] = {"", "Easy", "Medium", "Hard", "Unfair",
                                                       "Extreme"};

const char *sudoku_level_name(sudoku_level level)
{
    return (unsigned)level < SUDOKU_LEVELS ? level_names[level] : "";
}

bool sudoku_level_from_name(const char *name, sudoku_level *level)
{
    for (int l = SUDOKU_LEVEL_EASY; l < SUDOKU_LEVELS; l++) {
        const char *want = level_names[l];
        size_t i = 0;
        while (want[i] && name[i] && tolower((unsigned char)name[i]) == tolower((unsigned char)want[i]))
            i++;
        if (!want[i] && !name[i]) {
            *level = (sudoku_level)l;
            return true;
        }
    }
    return false;
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
        if (!logic_catalogue[t].name) continue; /* HoDoKu's alone: SE's names only */
        name_key(logic_catalogue[t].name, row, sizeof row);
        if (wanted[0] && strcmp(wanted, row) == 0) {
            *technique = (sudoku_technique)t;
            return true;
        }
    }
    return false;
}
