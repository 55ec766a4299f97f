/*
 * fish.c: HoDoKu's fish (fish.h; hodoku-spec 7): basic, finned and
 * sashimi fish of rows and columns, and Franken fish whose base or cover
 * takes in boxes; the first found in HoDoKu's order: digits 1-9, rows as
 * base then columns, base units and then cover units in lexicographic
 * combinations.
 */
#include "fish.h"

#include "logic/step.h"
#include "set.h"

#include <string.h>

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
    return hodoku_set_count((hodoku_set){{a.w[0], a.w[1]}});
}

/* The lowest cell of a set not empty. */
static int cells_first(cells a)
{
    return hodoku_set_first((hodoku_set){{a.w[0], a.w[1]}});
}

static bool cells_has(cells a, int cell)
{
    return a.w[cell / 64] >> (cell % 64) & 1u;
}

/* Not narrowed: every unit counts as touched. */
#define ALL_UNITS 0x7ffffffu

/* The largest fish HoDoKu's default searches: a jellyfish. */
#define FISH_MAX 4

/* What a search is for, and where it is. */
typedef struct fish_search {
    sudoku_technique technique;
    int size, digit;
    bool finned, sashimi, franken;
    int nbase, ncover;
    int base[18], cover[18]; /* the units that may be base, cover: list order */
    cells at[27];            /* the digit's cells in each unit (make_units) */
    int chosen_base[FISH_MAX], chosen_cover[FISH_MAX];
    cells base_cells, endo; /* of the chosen base units */
    int8_t index[27]; /* a unit's index among the possible covers, -1: none */
    uint32_t touched; /* narrowed: the units (bits) of the cells gone since a search found nothing */
    int last_touched; /* the last base index (search_digit's list) of those, -1: none */
    uint32_t cover_units; /* the units of the cover kinds */
    cells digit_cells;    /* the digit's cells */
    bool units_made;      /* at is made for the digit (make_units) */
    unsigned places[18];  /* their places in each line (make_places) */
    struct targets *targets;
    cells prefix_targets; /* open_ended's: of the first size - 1 chosen base units */
    hodoku_cache *cache;  /* the query's (NULL: none) */
    sudoku_step *step;
} fish_search;

/* Pairs of the 18 units of the cover kinds, by their index among them
 * (their kind index: a line's place, a box 9 and on) i < j: bit
 * j(j - 1)/2 + i of 153. */
typedef struct cover_pairs {
    uint64_t w[3];
} cover_pairs;

/* The pairs that hold each cover unit (by kind index i): bits pair_bit(i,
 * j) for every j != i, the run i(i - 1)/2 to i(i + 1)/2 - 1 (j < i) and
 * bit j(j - 1)/2 + i for each j > i. A constant, not made per search:
 * making it cost about 5,000 instructions a Franken Swordfish search. */
static const cover_pairs pairs_with[18] = {
    {{0x008020101020844bull, 0x0100020008004004ull, 0x0000000000000100ull}},
    {{0x0100402020410895ull, 0x0200040010008008ull, 0x0000000000000200ull}},
    {{0x0200804040821126ull, 0x0400080020010010ull, 0x0000000000000400ull}},
    {{0x0401008081042238ull, 0x0800100040020020ull, 0x0000000000000800ull}},
    {{0x08020101020843c0ull, 0x1000200080040040ull, 0x0000000000001000ull}},
    {{0x1004020204107c00ull, 0x2000400100080080ull, 0x0000000000002000ull}},
    {{0x20080404081f8000ull, 0x4000800200100100ull, 0x0000000000004000ull}},
    {{0x401008080fe00000ull, 0x8001000400200200ull, 0x0000000000008000ull}},
    {{0x8020100ff0000000ull, 0x0002000800400400ull, 0x0000000000010001ull}},
    {{0x00401ff000000000ull, 0x0004001000800801ull, 0x0000000000020002ull}},
    {{0x007fe00000000000ull, 0x0008002001001002ull, 0x0000000000040004ull}},
    {{0xff80000000000000ull, 0x0010004002002003ull, 0x0000000000080008ull}},
    {{0x0000000000000000ull, 0x0020008004003ffcull, 0x0000000000100010ull}},
    {{0x0000000000000000ull, 0x0040010007ffc000ull, 0x0000000000200020ull}},
    {{0x0000000000000000ull, 0x008001fff8000000ull, 0x0000000000400040ull}},
    {{0x0000000000000000ull, 0x00fffe0000000000ull, 0x0000000000800080ull}},
    {{0x0000000000000000ull, 0xff00000000000000ull, 0x00000000010000ffull}},
    {{0x0000000000000000ull, 0x0000000000000000ull, 0x0000000001ffff00ull}},
};

/* The cover pairs, and the single covers (bits by kind index), that take
 * some cells; for a base line's cells X does not see, the boxes (bits by
 * unit) that hold one of them: with such a box, the line has an endo fin
 * X does not see (swordfish_at). */
typedef struct covering {
    cover_pairs pairs;
    uint32_t single, clash;
} covering;

/* What a cell X sees of a base line, one of SIGHTS (line_share). */
#define SIGHTS 19

/* Finned Franken: the cells a fish on a base unit may eliminate, at most
 * (targets_of), and a swordfish's covering of a base unit's cells a cell
 * X does not see (by the unit and a key: what X sees of a line, the
 * cover lines left in a box: swordfish_possible); made when first asked
 * for (the known bits), per search. */
struct targets {
    uint32_t solo_known;
    cells solo[27];
    uint32_t covering_known[27]; /* bits by key */
    covering covering[27][SIGHTS];
};

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
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = set.w[w]; bits; bits &= bits - 1) {
            int cell = 64 * w + __builtin_ctzll(bits);
            seen.w[0] &= sudoku_peer_bits[cell][0];
            seen.w[1] &= sudoku_peer_bits[cell][1];
        }
    return seen;
}

/* The number of cells of a, counted up to limit + 1 at most. */
static int count_upto(cells a, int limit)
{
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = a.w[w]; bits && n <= limit; bits &= bits - 1) n++;
    return n;
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
    if (cells_empty(outside) && cells_empty(cannibal)) return false;
    if (s->finned) {
        int nfins = count_upto(fins, 5);
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

/* The base cells as bits (numbered in cell order), and the possible
 * covers' shares of them: a cover combination's fins are the bits none of
 * its covers takes, with the endo fins. */
typedef struct numbered {
    uint64_t all, endo; /* four base units of nine cells at most: 36 bits */
    uint64_t took[18];  /* by index of the possible covers */
    int most[19];      /* the most bits one cover takes, from index i on */
} numbered;

static int count_bits(uint64_t bits)
{
    return hodoku_set_count((hodoku_set){{bits, 0}});
}

/* Numbers the possible covers in s->index (a unit's index among them, -1
 * for the others); returns the cells they hold. */
static cells index_covers(fish_search *s, const int *possible, int n)
{
    cells all = {{0, 0}};
    memset(s->index, -1, sizeof s->index);
    for (int i = 0; i < n; i++) {
        all = cells_or(all, s->at[possible[i]]);
        s->index[possible[i]] = (int8_t)i;
    }
    return all;
}

static void number_base(fish_search *s, const int *possible, int n, numbered *b)
{
    (void)index_covers(s, possible, n);
    memset(b, 0, sizeof *b);
    uint64_t bit = 1;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = s->base_cells.w[w]; bits; bits &= bits - 1, bit <<= 1) {
            int cell = 64 * w + __builtin_ctzll(bits);
            b->all |= bit;
            if (cells_has(s->endo, cell)) b->endo |= bit;
            for (uint32_t units = sudoku_cell_unit_mask[cell] & s->cover_units; units;
                 units &= units - 1) {
                int j = (int)s->index[__builtin_ctz(units)];
                if (j >= 0) b->took[j] |= bit;
            }
        }
    b->most[n] = 0;
    for (int i = n - 1; i >= 0; i--) {
        int k = count_bits(b->took[i]);
        b->most[i] = k > b->most[i + 1] ? k : b->most[i + 1];
    }
}

/* Judges the chosen covers (all size of them), with the cells they take
 * and those two of them take. */
static bool judge_chosen(fish_search *s)
{
    cells with = {{0, 0}}, twice = {{0, 0}};
    for (int i = 0; i < s->size; i++) {
        cells at = s->at[s->chosen_cover[i]];
        twice = cells_or(twice, cells_and(with, at));
        with = cells_or(with, at);
    }
    return judge(s, with, twice);
}

/* Cover combinations, lexicographic, from candidate index start, judged
 * in turn; those that leave more fins than the fish may have (none
 * unfinned, one to five finned: judge's own test, on the numbered bits)
 * are passed over, and so are branches no later covers can bring there. */
// NOLINTNEXTLINE(misc-no-recursion): one level per cover unit, FISH_MAX at most
static bool covers(fish_search *s, const int *possible, int n, const numbered *b, int depth,
                   int start, uint64_t covered)
{
    int most_fins = s->finned ? 5 : 0, least_fins = s->finned ? 1 : 0,
        endo = count_bits(b->endo), left = s->size - depth - 1;
    if (depth >= FISH_MAX || left < 0) return false;
    for (int i = start; i <= n - (left + 1); i++) {
        uint64_t with = covered | b->took[i];
        int open = count_bits(b->all & ~with & ~b->endo);
        s->chosen_cover[depth] = possible[i];
        if (left == 0) {
            if (open + endo >= least_fins && open + endo <= most_fins && judge_chosen(s))
                return true;
        } else if (open - left * b->most[i + 1] + endo <= most_fins &&
                   covers(s, possible, n, b, depth + 1, i + 1, with)) {
            return true;
        }
    }
    return false;
}

/* True if more than left cells of need share no cover unit two by two
 * (whichever units are allowed): then each needs a cover of its own. */
static bool apart(const fish_search *s, cells need, int left)
{
    for (int k = 0; k <= left; k++) {
        if (cells_empty(need)) return false;
        int cell = cells_first(need);
        for (uint32_t units = sudoku_cell_unit_mask[cell] & s->cover_units; units;
             units &= units - 1) {
            const uint64_t *bits = sudoku_unit_bits[__builtin_ctz(units)];
            need = cells_minus(need, (cells){{bits[0], bits[1]}});
        }
    }
    return true;
}

/* True if need can be covered by at most left of the possible covers not
 * in used (bits over their indices), leaving few enough fins among the
 * base cells left uncovered (left: those, with the endo fins). Each cell
 * lies in two units a cover may take (its column or row, and its box), so
 * the first cell needed gives at most two choices: a few branches. */
// NOLINTNEXTLINE(misc-no-recursion): one level per cover unit, FISH_MAX at most
static bool coverable(const fish_search *s, const int *possible, int n, cells need, cells left_base,
                      unsigned used, int left)
{
    if (cells_empty(need)) {
        int fins = count_upto(cells_or(left_base, s->endo), 5);
        if (fins <= 5) return true;
        if (left == 0) return false;
        /* The units still free could take some of the fins. */
        fins = count_upto(cells_or(left_base, s->endo), 81);
        int best = 0;
        for (int j = 0; j < n; j++)
            if (!(used >> j & 1u)) {
                int k = count_upto(cells_and(s->at[possible[j]], left_base), 81);
                if (k > best) best = k;
            }
        return fins - left * best <= 5;
    }
    if (left == 0 || apart(s, need, left)) return false;
    int cell = cells_first(need);
    for (uint32_t units = sudoku_cell_unit_mask[cell] & s->cover_units; units; units &= units - 1) {
        int j = (int)s->index[__builtin_ctz(units)];
        if (j < 0 || (used >> j & 1u)) continue;
        cells at = s->at[possible[j]];
        if (coverable(s, possible, n, cells_minus(need, at), cells_minus(left_base, at),
                      used | 1u << j, left - 1))
            return true;
    }
    return false;
}

/* True if need lies in covers (none, one or two) of the allowed units (of the
 * cover kinds) at most: one of them holds the first cell needed, by its
 * line or its box, and the other what that leaves, by a line or box of
 * its first cell. */
static bool cover_within(const fish_search *s, cells need, uint32_t allowed, int covers)
{
    if (cells_empty(need)) return true;
    if (covers < 1) return false;
    int cell = cells_first(need);
    for (uint32_t units = sudoku_cell_unit_mask[cell] & allowed; units; units &= units - 1) {
        cells rest = cells_minus(need, s->at[__builtin_ctz(units)]);
        if (cells_empty(rest)) return true;
        if (covers < 2) continue;
        int other = cells_first(rest);
        for (uint32_t more = sudoku_cell_unit_mask[other] & allowed; more; more &= more - 1)
            if (cells_empty(cells_minus(rest, s->at[__builtin_ctz(more)]))) return true;
    }
    return false;
}

/* The cells of set (a digit's cells) cell does not see, itself aside. */
static cells unseen(cells set, int cell)
{
    cells out = {{set.w[0] & ~sudoku_peer_bits[cell][0], set.w[1] & ~sudoku_peer_bits[cell][1]}};
    out.w[cell / 64] &= ~(1ull << (cell % 64));
    return out;
}

/* The k-th (0-2) unit that meets base unit unit in three cells: a line's
 * boxes, a box's cover lines. */
static int meeting(const fish_search *s, int unit, int k)
{
    if (unit < 9) return 18 + unit / 3 * 3 + k;
    if (unit < 18) return 18 + (unit - 9) / 3 + 3 * k;
    bool cover_columns = s->cover_units >> 9 & 1u;
    return cover_columns ? 9 + (unit - 18) % 3 * 3 + k : (unit - 18) / 3 * 3 + k;
}

/* The cells that are in segment or see every cell of it, segment being
 * the cells of a unit (unit) in a meeting unit (meeting) that crosses it
 * in three cells: all cells for none; a cell's peers and itself for one;
 * for two or three, which share only those two units, the two units. */
static cells seeing_or_in(cells segment, int unit, int meeting)
{
    int n = count_upto(segment, 1);
    if (n == 0) return (cells){{~0ull, ~0ull}};
    if (n == 1) {
        int cell = cells_first(segment);
        return cells_or(segment, (cells){{sudoku_peer_bits[cell][0], sudoku_peer_bits[cell][1]}});
    }
    const uint64_t *a = sudoku_unit_bits[unit], *b = sudoku_unit_bits[meeting];
    return (cells){{a[0] | b[0], a[1] | b[1]}};
}

/* The cells X of the digit a fish with base unit unit could eliminate, at
 * most: X needs a cover of its own (the others hold no cell X sees), and
 * the rest of size the base cells X does not see. Those take, base unit
 * unit aside, one cover for each unit of the cover kinds meeting unit in
 * three cells (a line's boxes, a box's cover lines) where X does not see
 * (or is) each cell: so X must see all of 4 - size of those three. A box's
 * own cells never go: a base cell goes only if two covers take it, and
 * its box, a base unit, is no cover. */
static cells make_solo_targets(const fish_search *s, int unit)
{
    cells seen[3];
    for (int k = 0; k < 3; k++) {
        int other = meeting(s, unit, k);
        const uint64_t *bits = sudoku_unit_bits[other];
        seen[k] = seeing_or_in(cells_and(s->at[unit], (cells){{bits[0], bits[1]}}), unit, other);
    }
    cells any = cells_or(cells_or(seen[0], seen[1]), seen[2]),
          two = cells_or(cells_or(cells_and(seen[0], seen[1]), cells_and(seen[0], seen[2])),
                         cells_and(seen[1], seen[2])),
          all = cells_and(cells_and(seen[0], seen[1]), seen[2]);
    int enough = 4 - s->size;
    cells targets = enough <= 0 ? s->digit_cells : enough == 1 ? any : enough == 2 ? two : all;
    targets = cells_and(targets, s->digit_cells);
    return kind_of(unit) == 2 ? cells_minus(targets, s->at[unit]) : targets;
}

/* make_solo_targets' answer, made when first asked for in the search. */
static cells solo_targets(fish_search *s, int unit)
{
    struct targets *t = s->targets;
    if (!(t->solo_known >> unit & 1u)) {
        t->solo[unit] = make_solo_targets(s, unit);
        t->solo_known |= 1u << unit;
    }
    return t->solo[unit];
}

static int pair_bit(int i, int j)
{
    return i < j ? j * (j - 1) / 2 + i : i * (i - 1) / 2 + j;
}

static void add_pair(cover_pairs *p, int i, int j)
{
    int bit = pair_bit(i, j);
    p->w[bit / 64] |= 1ull << (bit % 64);
}

/* The cells a finned Franken fish on the first k + 1 chosen base units
 * could eliminate, at most, from targets (those of the first k): a cell X
 * goes only if X and the base cells X does not see (the fins must be
 * among those it sees) lie in the size covers, so the same holds of each
 * base unit alone, whichever covers are allowed. The tables by unit, made
 * once a search, spare may_eliminate's test of every cell on every base
 * combination. */
static cells add_targets(fish_search *s, cells targets, int k)
{
    int unit = s->chosen_base[k];
    if (!cells_empty(targets)) targets = cells_and(targets, solo_targets(s, unit));
    return targets;
}

/* The same of the first chosen base units (all the digit's cells for
 * none), s->endo their endo fins. A cell goes only if it sees every fin
 * (may_eliminate passes over the others), the endo fins among them: a
 * test of two cells at most, asked before the tables, which it spares
 * (on top1465's first 60 it is what ruled out every cell the tables let
 * through). */
static cells targets_of(fish_search *s, int chosen)
{
    cells targets = cells_and(s->digit_cells, seeing_all(s->endo));
    for (int k = 0; k < chosen; k++) targets = add_targets(s, targets, k);
    return targets;
}

/* The cells a fish on the first chosen base units could eliminate, at
 * most: targets_of's for a finned Franken fish, else any. */
static cells fish_targets(fish_search *s, int chosen)
{
    return s->franken && s->finned ? targets_of(s, chosen) : (cells){{~0ull, ~0ull}};
}

/* fish_targets of the full base: those of the first size - 1 units, kept
 * by open_ended (asked of them before the last unit is chosen), seeing
 * the endo fins the last unit adds, and the last unit's. */
static cells full_targets(fish_search *s)
{
    if (!s->franken || !s->finned) return (cells){{~0ull, ~0ull}};
    cells targets =
        add_targets(s, cells_and(s->prefix_targets, seeing_all(s->endo)), s->size - 1);
    /* The base cells X does not see lie in the covers but X's own (one,
     * or two if X is a base cell: may_eliminate), whose cells all see X:
     * asked of every cell, since the unit tables only tell that each base
     * unit's such cells lie in size - 1 covers. */
    uint32_t allowed = s->cover_units;
    for (int j = 0; j < s->size; j++) allowed &= ~(1u << s->chosen_base[j]);
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = targets.w[w]; bits; bits &= bits - 1) {
            int cell = 64 * w + __builtin_ctzll(bits),
                others = s->size - 1 - (cells_has(s->base_cells, cell) ? 1 : 0);
            if (!cover_within(s, unseen(s->base_cells, cell), allowed, others))
                targets.w[w] &= ~(bits & -bits);
        }
    return targets;
}

/* A base unit's share in a finned Franken Swordfish eliminating X
 * (swordfish_possible): the cover pairs, and the single covers (bits by
 * kind index), that take its cells X does not see, by units other than
 * itself (a table's, not copied); and its cells. */
typedef struct share {
    const covering *cover;
    const cells *at;
    uint32_t unit; /* its bit by unit */
} share;

/* Where X is, as the searches of one orientation read places: its place
 * along the base lines, the base lines of its band (bits by unit; a row's
 * when rows are base), and by band of base lines their places but those
 * of X's line and X's place (where a base box's cells X does not see lie). */
typedef struct spot {
    bool rows_base;
    int place;
    uint32_t band_lines;
    unsigned box_lines[3];
} spot;

/* X's spot for the searches of one orientation (rows_base: rows as base). */
static spot spot_of(const fish_search *s, int x, bool rows_base)
{
    int row = x / 9, column = x % 9, line = rows_base ? row : column;
    spot here = {.rows_base = rows_base,
                 .place = rows_base ? column : row,
                 .band_lines = 7u << (line / 3 * 3 + (rows_base ? 0 : 9))};
    const unsigned *places = &s->places[rows_base ? 0 : 9];
    for (int other = 0; other < 9; other++)
        if (other != line) here.box_lines[other / 3] |= places[other];
    for (int band = 0; band < 3; band++) here.box_lines[band] &= ~(1u << here.place);
    return here;
}

/* The kind index of the box holding place of base line line. */
static int box_at(spot x, int line, int place)
{
    return 9 + (x.rows_base ? line / 3 * 3 + place / 3 : place / 3 * 3 + line / 3);
}

static void add_single(covering *h, int i)
{
    h->single |= 1u << i;
    for (int k = 0; k < 3; k++) h->pairs.w[k] |= pairs_with[i].w[k];
}

/* The covers with unit i (kind index) of places of a base line (line)
 * that unit i leaves (rest): all pairs with it if none, else pairs with
 * the cover line or the box of the first place left, if that takes the
 * rest. */
static void cover_rest(covering *h, spot x, int line, int i, unsigned rest)
{
    if (!rest) {
        add_single(h, i);
        return;
    }
    int place = __builtin_ctz(rest);
    if (!(rest & (rest - 1))) add_pair(&h->pairs, i, place);
    if (!(rest & ~(7u << (place / 3 * 3)))) add_pair(&h->pairs, i, box_at(x, line, place));
}

/* The share's covering of a base line's places X does not see (unseen):
 * every pair that takes them holds the cover line or the box of the
 * first, and takes the rest by the second unit (cover_rest). None to
 * take: every pair and single (the words' spare bits with them). */
static void line_covering(covering *h, spot x, int line, unsigned unseen)
{
    /* The line's thirds holding such cells, as bits 0, 3 and 6: a column's
     * boxes are every third unit, a row's three in a row. */
    unsigned thirds = (unseen | unseen >> 1 | unseen >> 2) & 0111u;
    h->clash = x.rows_base ? ((thirds | thirds >> 2 | thirds >> 4) & 7u) << (18 + line / 3 * 3)
                           : thirds << (18 + line / 3);
    if (!unseen) {
        h->pairs = (cover_pairs){{~0ull, ~0ull, ~0ull}};
        h->single = ~0u;
        return;
    }
    h->pairs = (cover_pairs){{0, 0, 0}};
    h->single = 0;
    int first = __builtin_ctz(unseen);
    cover_rest(h, x, line, first, unseen & ~(1u << first));
    cover_rest(h, x, line, box_at(x, line, first), unseen & ~(7u << (first / 3 * 3)));
}

/* The share's covering of a base box (kind index box) whose cells X
 * does not see lie on the cover lines lines (places): no other box takes
 * any of them and the box itself is no cover, so one line is a single
 * cover (its pairs but those with the box), two lines are the one pair,
 * three none; none to take, every pair and single but the box's (the
 * words' spare bits with them). */
static void box_covering(covering *h, int box, unsigned lines)
{
    const uint64_t *with_box = pairs_with[box].w;
    int n = sudoku_popcount(lines);
    h->clash = 0;
    if (n == 0) {
        h->pairs = (cover_pairs){{~with_box[0], ~with_box[1], ~with_box[2]}};
        h->single = ~0u & ~(1u << box);
    } else if (n == 1) {
        int line = __builtin_ctz(lines);
        const uint64_t *with_line = pairs_with[line].w;
        h->pairs = (cover_pairs){{with_line[0] & ~with_box[0], with_line[1] & ~with_box[1],
                                  with_line[2] & ~with_box[2]}};
        h->single = 1u << line;
    } else {
        h->pairs = (cover_pairs){{0, 0, 0}};
        h->single = 0;
        if (n == 2) add_pair(&h->pairs, __builtin_ctz(lines), 31 - __builtin_clz(lines));
    }
}

/* The covering of base line unit's cells X does not see, made when first
 * asked for in the search: X sees the line's cell on its cover line (at
 * its place), or in X's band its cells in X's box. What X sees of the
 * digit's cells (a number below SIGHTS: none, the place, or the box's
 * place along the line) tells which cells those are, so it keys the
 * table. */
static const covering *line_share(fish_search *s, spot x, int unit)
{
    bool in_band = x.band_lines >> unit & 1u;
    unsigned places = s->places[unit], seen = in_band ? 7u << (x.place / 3 * 3) : 1u << x.place;
    int sight = !(places & seen) ? 18 : in_band ? 9 + x.place / 3 : x.place;
    struct targets *t = s->targets;
    covering *c = &t->covering[unit][sight];
    if (!(t->covering_known[unit] >> sight & 1u)) {
        line_covering(c, x, unit % 9, places & ~seen);
        t->covering_known[unit] |= 1u << sight;
    }
    return c;
}

/* The covering of base box unit's cells X (not in the box) does not see,
 * made when first asked for in the search: X sees those on its base line
 * and on its cover line (its place). Which of the box's three cover lines
 * hold the others (a number below 8, so below SIGHTS) keys the table. */
static const covering *box_share(const fish_search *s, spot x, int unit)
{
    int box = unit - 18, band = box / 3, stack = box % 3, shift = 3 * (x.rows_base ? stack : band);
    unsigned lines = x.box_lines[x.rows_base ? band : stack] & 7u << shift;
    int key = (int)(lines >> shift);
    struct targets *t = s->targets;
    covering *c = &t->covering[unit][key];
    if (!(t->covering_known[unit] >> key & 1u)) {
        box_covering(c, 9 + box, lines);
        t->covering_known[unit] |= 1u << key;
    }
    return c;
}

static bool pairs_meet(const cover_pairs *a, const cover_pairs *b)
{
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2])) != 0;
}

static cover_pairs pairs_and(const cover_pairs *a, const cover_pairs *b)
{
    return (cover_pairs){{a->w[0] & b->w[0], a->w[1] & b->w[1], a->w[2] & b->w[2]}};
}

/* True if X (peers: the cells it sees) sees the endo fins of base units
 * a, b and c, and they are two at most (bases' rule). A cell lies in two
 * base units at most, its line and its box. */
static bool endo_seen(cells a, cells b, cells c, cells peers)
{
    cells endo = cells_or(cells_or(cells_and(a, b), cells_and(a, c)), cells_and(b, c));
    return cells_empty(cells_minus(endo, peers)) && cells_count(endo) <= 2;
}

/* True if X could go by a finned Franken X-Wing on two of the base units
 * whose shares (sh, n: X's base units in which, its own line aside) and
 * own line (own, if has_own) swordfish_at made; single_once, single_twice:
 * the single covers in one share, in two. X goes only if X sees every
 * fin, so the base cells it does not see lie in the covers, and the endo
 * fins, two at most (bases' rule), are seen:
 * - X not a base cell lies in a cover, its line or box, all of whose
 *   cells X sees: the base cells X does not see lie in the other cover,
 *   no base unit, so in a single cover of both units' coverings. Neither
 *   unit holds X, so they are two shares;
 * - X a base cell goes only if its line and box are both covers: its
 *   base unit is its own line (its box is no base unit), and the other
 *   unit's cells X does not see lie in those two covers, all of whose
 *   cells X sees: there are none. Its endo fins are on X's line, seen.
 * A unit's solo_targets for a swordfish take in those for an X-Wing, so
 * which holds both units. */
static bool xwing_at(const share *sh, int n, bool has_own, cells own, cells peers,
                     uint32_t single_once, uint32_t single_twice)
{
    static const cells none = {{0, 0}};
    if (single_twice) {
        uint32_t after[18];
        after[n - 1] = 0;
        for (int a = n - 1; a > 0; a--) after[a - 1] = after[a] | sh[a].cover->single;
        for (int a = 0; a < n; a++)
            if (sh[a].cover->single & after[a])
                for (int b = a + 1; b < n; b++)
                    if ((sh[a].cover->single & sh[b].cover->single) &&
                        endo_seen(*sh[a].at, *sh[b].at, none, peers))
                        return true;
    }
    /* A unit X sees all of has every single cover, and the bits past
     * the 18 covers' (~0u, line_covering and box_covering): bit 31 tells. */
    if (has_own && single_once >> 31)
        for (int b = 0; b < n; b++)
            if (sh[b].cover->single >> 31 && count_upto(cells_and(own, *sh[b].at), 2) <= 2)
                return true;
    return false;
}

/* True if X could go by a finned Franken Swordfish on three of the base
 * units in which (bits by unit; swordfish_possible), one of
 * them in touched (the narrowing of bases: a fish on none of those had
 * been found before). The touched units' shares come first, so that a
 * triple's first share is a touched one but where X's own unit is. The
 * pairs of shares are tested at once: a count of the cover pairs over
 * all shares (once, twice, thrice) ruled out 40% of the cells but cost
 * more than the pair tests it spared.
 * A triple's endo fins are seen (endo_seen) unless a base line's clash
 * holds one of its boxes: lines share no cell, nor do boxes; a line and a
 * box (neither X's: its own line is no share, a base box never lists its
 * own cells) share the cells X sees only at its place, which are the
 * line's cells in the box but those it does not see; and the endo fins
 * seen are two at most (one on each line, at X's place, with each box).
 * The bits spare the cells' test (on ts122 most triples whose covers
 * meet fail there). */
static bool swordfish_at(fish_search *s, int x, uint32_t which, uint32_t touched, bool sword,
                         bool *wing)
{
    share sh[18];
    int n = 0, first_touched = 0, row = x / 9, column = x % 9;
    bool rows_base = s->cover_units >> 9 & 1u;
    /* Of X's units only its line of the base kind is a base unit here: a
     * base box never lists its own cells (solo_targets). */
    int own_line = rows_base ? row : 9 + column;
    bool has_own = which >> own_line & 1u, own_touched = has_own && (touched >> own_line & 1u);
    cells own = s->at[own_line], peers = {{sudoku_peer_bits[x][0], sudoku_peer_bits[x][1]}};
    uint32_t single_once = 0, single_twice = 0, others = which & ~(1u << own_line);
    const uint32_t parts[2] = {others & touched, others & ~touched};
    const spot here = spot_of(s, x, rows_base);
    for (int part = 0; part < 2; part++) {
        for (uint32_t units = parts[part]; units; units &= units - 1) {
            int unit = __builtin_ctz(units);
            share *h = &sh[n++];
            h->cover = unit < 18 ? line_share(s, here, unit) : box_share(s, here, unit);
            h->at = &s->at[unit];
            h->unit = 1u << unit;
            single_twice |= single_once & h->cover->single;
            single_once |= h->cover->single;
        }
        if (part == 0) first_touched = n;
    }
    if (wing && !*wing) *wing = xwing_at(sh, n, has_own, own, peers, single_once, single_twice);
    if (!sword) return false;
    if (has_own && single_twice)
        for (int a = 0; a < (own_touched ? n : first_touched); a++) {
            if (!(sh[a].cover->single & single_twice)) continue;
            for (int b = a + 1; b < n; b++)
                if ((sh[a].cover->single & sh[b].cover->single) &&
                    endo_seen(own, *sh[a].at, *sh[b].at, peers))
                    return true;
        }
    /* The last share is no triple's first or second. */
    for (int a = 0; a < first_touched; a++)
        for (int b = a + 1; b < n - 1; b++) {
            if (!pairs_meet(&sh[a].cover->pairs, &sh[b].cover->pairs)) continue;
            uint32_t units = sh[a].unit | sh[b].unit,
                     clash = sh[a].cover->clash | sh[b].cover->clash;
            if (clash & units) continue;
            cover_pairs ab = pairs_and(&sh[a].cover->pairs, &sh[b].cover->pairs);
            for (int c = b + 1; c < n; c++)
                if (pairs_meet(&ab, &sh[c].cover->pairs) &&
                    !((clash | sh[c].cover->clash) & (units | sh[c].unit)))
                    return true;
        }
    return false;
}

/* False if no finned Franken Swordfish of the digit and orientation has
 * an elimination: a test of each cell X as a target against every three
 * base units, which spares the ordered search (nearly always: on
 * top1465's first 300 it passed 2 of 2,368 searches, both of which found
 * a fish). X goes only if
 * - X sees every fin, so every endo fin, and the base cells it does not
 *   see lie in the covers;
 * - X lies in a cover, its line (of the cover kind) or its box, all of
 *   whose cells X sees or is: so the base cells X does not see lie in
 *   the two other covers, units of the cover kinds but no base unit (a
 *   pair in all three units' coverings);
 * - if X is a base cell, two covers take it, its line and its box: then
 *   its base unit is its own line of the base kind (its box is no base
 *   unit), which holds no cell X does not see, and the other two units'
 *   such cells lie in the third cover (a single cover in both units'
 *   coverings). A base box never loses its own cells (solo_targets
 *   leaves them out);
 * - each base unit alone lets X go (solo_targets).
 * Narrowed, a triple takes in a touched unit (swordfish_at). With wing,
 * the same search of X's base units asks also whether X could go by a
 * finned Franken X-Wing (xwing_at, not narrowed), until one could: false
 * returned, *wing tells (true returned, it is not asked to the end). */
static bool swordfish_possible(fish_search *s, bool *wing)
{
    uint32_t which[SUDOKU_CELLS] = {0}, touched = s->touched;
    cells any = {{0, 0}};
    for (int i = 0; i < s->nbase; i++) {
        int unit = s->base[i];
        cells solo = solo_targets(s, unit);
        any = cells_or(any, solo);
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = solo.w[w]; bits; bits &= bits - 1)
                which[64 * w + __builtin_ctzll(bits)] |= 1u << unit;
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = any.w[w]; bits; bits &= bits - 1) {
            int x = 64 * w + __builtin_ctzll(bits), k = sudoku_popcount(which[x]);
            bool sword = k >= 3 && (which[x] & touched), ask_wing = wing && !*wing && k >= 2;
            if ((sword || ask_wing) &&
                swordfish_at(s, x, which[x], touched, sword, ask_wing ? wing : NULL))
                return true;
        }
    return false;
}

/* True if some cell of targets could go by a fish on the chosen base
 * units: the cells it would not see among the base cells (fins must all be seen)
 * and the cell itself must be covered, by size covers at most, with five
 * fins at most left. Unfinned, every base cell must be covered. Only a
 * necessary condition, but a cheap one, that spares the ordered search of
 * the covers nearly always. */
static bool may_eliminate(fish_search *s, const int *possible, int n, cells targets)
{
    if (cells_empty(targets)) return false;
    cells all = index_covers(s, possible, n);
    if (!s->finned) return coverable(s, possible, n, s->base_cells, s->base_cells, 0, s->size);
    bool may = false;
    for (int w = 0; w < 2 && !may; w++)
        for (uint64_t bits = all.w[w] & targets.w[w]; bits && !may; bits &= bits - 1) {
            int cell = 64 * w + __builtin_ctzll(bits);
            cells peers = {{sudoku_peer_bits[cell][0], sudoku_peer_bits[cell][1]}};
            /* The fins, one at least, are base cells it sees. */
            if (!cells_empty(cells_minus(s->endo, peers)) ||
                cells_empty(cells_and(s->base_cells, peers)))
                continue;
            cells need = cells_minus(s->base_cells, peers);
            need.w[cell / 64] |= 1ull << (cell % 64);
            if (!cells_has(s->base_cells, cell)) {
                may = coverable(s, possible, n, need, s->base_cells, 0, s->size);
                continue;
            }
            /* A base cell goes only if two covers take it (cannibalism):
             * both its units among them. */
            unsigned both = 0;
            cells left_base = s->base_cells;
            for (uint32_t units = sudoku_cell_unit_mask[cell] & s->cover_units; units;
                 units &= units - 1) {
                int j = (int)s->index[__builtin_ctz(units)];
                if (j < 0) continue;
                both |= 1u << j;
                need = cells_minus(need, s->at[possible[j]]);
                left_base = cells_minus(left_base, s->at[possible[j]]);
            }
            may = sudoku_popcount(both) == 2 && s->size >= 2 &&
                  coverable(s, possible, n, need, left_base, both, s->size - 2);
        }
    return may;
}

/* True if the size covers of possible that take the most base cells,
 * overlaps aside, still leave more fins than the fish may have: then no
 * cover will do. */
static bool too_many_fins(const fish_search *s, const int *possible, int n)
{
    int take[FISH_MAX] = {0};
    for (int i = 0; i < n; i++) {
        int k = cells_count(cells_and(s->at[possible[i]], s->base_cells));
        for (int j = 0; j < s->size; j++)
            if (k > take[j]) {
                int t = take[j];
                take[j] = k;
                k = t;
            }
    }
    int most = 0;
    for (int j = 0; j < s->size; j++) most += take[j];
    return cells_count(s->base_cells) - most > (s->finned ? 5 : 0);
}

/* The base combination is chosen: its possible covers, then theirs.
 * may_eliminate, which rules out nearly every base, is asked first. */
static bool with_base(fish_search *s)
{
    /* Unfinned, may_eliminate's coverable starts with this test of every
     * base cell (they must all lie in size covers): asked before the
     * covers are listed and numbered. */
    if (!s->finned && apart(s, s->base_cells, s->size)) return false;
    cells targets = full_targets(s);
    if (cells_empty(targets)) return false;
    int possible[18] = {0}, n = 0;
    uint32_t used = 0;
    for (int j = 0; j < s->size; j++) used |= 1u << s->chosen_base[j];
    for (int i = 0; i < s->ncover; i++) {
        int unit = s->cover[i];
        if (!(used >> unit & 1u) && !cells_empty(cells_and(s->at[unit], s->base_cells)))
            possible[n++] = unit;
    }
    if (n < s->size || !may_eliminate(s, possible, n, targets) || too_many_fins(s, possible, n))
        return false;
    numbered b;
    number_base(s, possible, n, &b);
    return covers(s, possible, n, &b, 0, 0, 0);
}

/* The first chosen base units but the last (chosen of them): could any
 * last one make a fish? Not if they leave no cell to eliminate (their
 * finned Franken targets, kept for with_base). may_eliminate's test is
 * left to the full base: asked of these units it passed nearly always,
 * and cost more than the full bases it spared. */
static bool open_ended(fish_search *s, int chosen)
{
    s->prefix_targets = fish_targets(s, chosen);
    return !cells_empty(s->prefix_targets);
}

/* Base combinations, lexicographic, from base index start; a unit that
 * overlaps those chosen makes endo fins (Franken), at most two. Narrowed
 * (touched: some chosen unit is one of s->touched, or no narrowing), a
 * combination must take in one of the touched units. */
// NOLINTNEXTLINE(misc-no-recursion): one level per base unit, FISH_MAX at most
static bool bases(fish_search *s, int depth, int start, bool touched)
{
    if (depth >= FISH_MAX) return false;
    cells kept_cells = s->base_cells, kept_endo = s->endo;
    for (int i = start; i < s->nbase; i++) {
        int unit = s->base[i];
        bool now_touched = touched || (s->touched >> unit & 1u);
        if (!touched && i > s->last_touched) break;
        if (!now_touched && depth + 1 == s->size) continue;
        /* The last unit of a finned Franken fish leaves full_targets none
         * when its table and the first units' targets do not meet. */
        if (depth + 1 == s->size && s->franken && s->finned &&
            cells_empty(cells_and(s->prefix_targets, solo_targets(s, unit))))
            continue;
        cells overlap = cells_and(s->base_cells, s->at[unit]);
        if (!cells_empty(overlap) &&
            (!s->finned || cells_count(s->endo) + cells_count(overlap) > 2))
            continue;
        s->chosen_base[depth] = unit;
        s->base_cells = cells_or(s->base_cells, s->at[unit]);
        s->endo = cells_or(s->endo, overlap);
        /* A unit left to choose after this one (a touched one if none is yet). */
        bool more = i + 1 < s->nbase && (now_touched || i + 1 <= s->last_touched);
        bool found = depth + 1 == s->size
                         ? with_base(s)
                         : more && (depth + 2 < s->size || open_ended(s, depth + 1)) &&
                               bases(s, depth + 1, i + 1, now_touched);
        s->base_cells = kept_cells;
        s->endo = kept_endo;
        if (found) return true;
    }
    return false;
}

/* The unions of the places of k lines (k = 0 to size) of some lines,
 * those of size places at most: a union of more than size places never
 * serves. Six lines (those outside a band) at most, so C(6, 3) = 20
 * unions of k at most. */
typedef struct unions {
    int n[FISH_MAX + 1];
    unsigned u[FISH_MAX + 1][20];
} unions;

/* Adds to t the unions of k and more lines: union (of k chosen) with
 * more of lines (bits). */
// NOLINTNEXTLINE(misc-no-recursion): one level per line, FISH_MAX at most
static void add_unions(unions *t, const unsigned *places, unsigned lines, int k, int size,
                       unsigned union_)
{
    t->u[k][t->n[k]++] = union_;
    /* size is FISH_MAX at most: the second test says so to the compiler,
     * which otherwise sees t->n[k + 1] past the array at some depth. */
    if (k == size || k == FISH_MAX) return;
    for (; lines; lines &= lines - 1) {
        unsigned with = union_ | places[__builtin_ctz(lines)];
        if (sudoku_popcount(with) <= size)
            add_unions(t, places, lines & (lines - 1), k + 1, size, with);
    }
}

/* The places of across (bits) at which an X, with some union of k lines
 * of t and the places must (across none of them), makes size places at
 * most: any if the union and must make fewer, else those among them. */
static unsigned unions_within(const unions *t, int k, unsigned must, unsigned across, int size)
{
    unsigned fit = 0;
    for (int i = 0; i < t->n[k] && fit != across; i++) {
        unsigned with = t->u[k][i] | must;
        int n = sudoku_popcount(with);
        if (n < size) return across;
        if (n == size) fit |= with & across;
    }
    return fit;
}

/* True if an X in the box of band band (its lines) and stack stack could
 * go (finned_possible): some lines of the band (chosen, not X's) and the
 * others (out: unions of the lines outside the band), size lines in all,
 * have all their places outside the box, with X's (across, in the box),
 * in size cover lines. A line of the band with size places or more
 * outside the box passes size with X's: it is never chosen. */
static bool box_within(const unsigned *places, int band, int stack, const unions *out, int size)
{
    int first = 3 * band;
    unsigned box_places = 7u << 3 * stack, outside[3], inside[3], few = 0;
    for (int i = 0; i < 3; i++) {
        outside[i] = places[first + i] & ~box_places;
        inside[i] = places[first + i] & box_places;
        if (places[first + i] && sudoku_popcount(outside[i]) < size) few |= 1u << i;
    }
    for (unsigned chosen = few;; chosen = (chosen - 1) & few) {
        int k = size - sudoku_popcount(chosen);
        unsigned union_ = (chosen & 1u ? outside[0] : 0) | (chosen & 2u ? outside[1] : 0) |
                          (chosen & 4u ? outside[2] : 0);
        if (k >= 0 && sudoku_popcount(union_) < size) {
            /* The places of the X's on lines not chosen. */
            unsigned free = (chosen & 1u ? 0 : inside[0]) | (chosen & 2u ? 0 : inside[1]) |
                            (chosen & 4u ? 0 : inside[2]);
            if (free && unions_within(out, k, union_, free, size)) return true;
        }
        if (!chosen) break;
    }
    return false;
}

/* False if no finned or sashimi fish (rows, or columns: lines) of the
 * size searched has an elimination: a cell X goes only if the base lines
 * (not X's) have all their places outside X's box in size cover lines,
 * X's among them, since the fins are base places X sees, none in a cover
 * line: in X's box. A necessary condition, checked at once for the
 * digit, that spares the ordered search of the base combinations. The
 * lines outside X's band have all their places outside its box: their
 * unions are made once a band (box_within). */
static bool finned_possible(const fish_search *s, bool lines)
{
    const unsigned *places = &s->places[lines ? 0 : 9];
    unsigned few = 0; /* lines of size places at most, not empty */
    for (int i = 0; i < 9; i++)
        if (places[i] && sudoku_popcount(places[i]) <= s->size) few |= 1u << i;
    for (int band = 0; band < 3; band++) {
        int first = 3 * band;
        unsigned band_places = places[first] | places[first + 1] | places[first + 2];
        unions out;
        bool made = false;
        for (int stack = 0; stack < 3; stack++) {
            /* The places of X's in the box: none, nothing to ask. */
            unsigned xs = band_places & 7u << 3 * stack;
            if (!xs) continue;
            if (!made) {
                memset(out.n, 0, sizeof out.n);
                add_unions(&out, places, few & ~(7u << first), 0, s->size, 0);
                made = true;
            }
            if (box_within(places, band, stack, &out, s->size)) return true;
        }
    }
    return false;
}

/* True if more lines of eligible (from index from on, left of them) with
 * the lines and places chosen so far make a basic fish of size lines:
 * their places fill size cover lines exactly, and those hold a cell of
 * the digit outside the base lines (across: a cover line's base lines). */
// NOLINTNEXTLINE(misc-no-recursion): one level per base line, FISH_MAX at most
static bool basic_lines(const unsigned *places, const unsigned *across, const int *eligible,
                        int n, int from, int left, int size, unsigned lines, unsigned covers)
{
    if (sudoku_popcount(covers) > size) return false;
    if (left == 0) {
        if (sudoku_popcount(covers) != size) return false;
        unsigned seen = 0;
        for (unsigned c = covers; c; c &= c - 1) seen |= across[__builtin_ctz(c)];
        return (seen & ~lines) != 0;
    }
    for (int i = from; i <= n - left; i++)
        if (basic_lines(places, across, eligible, n, i + 1, left - 1, size,
                        lines | 1u << eligible[i], covers | places[eligible[i]]))
            return true;
    return false;
}

/* False if no basic fish (rows, or columns: lines, as base) of the size
 * searched has an elimination. Exact: size base lines of size places at
 * most whose places take size cover lines, with a cell outside the base,
 * are the fish the ordered search finds; none, and it is spared. */
static bool basic_possible(const fish_search *s, bool lines)
{
    int base_kind = lines ? 0 : 1, eligible[9], n = 0;
    /* A cover line's base lines are its own places. */
    const unsigned *places = &s->places[9 * base_kind], *across = &s->places[9 * (1 - base_kind)];
    for (int i = 0; i < 9; i++) {
        int k = sudoku_popcount(places[i]);
        if (k && k <= s->size) eligible[n++] = i;
    }
    return basic_lines(places, across, eligible, n, 0, s->size, s->size, 0, 0);
}

/* finned_possible, or its answer on these very cells from the cache:
 * the finned and the sashimi fish of a size, searched one after the
 * other, ask the same. */
static bool finned_possible_known(const fish_search *s, bool lines)
{
    hodoku_cache *cache = s->cache;
    if (!cache) return finned_possible(s, lines);
    uint8_t *answer = &cache->finned_answer[s->size - 2][s->digit - 1];
    uint64_t *at = cache->finned_cells[s->size - 2][s->digit - 1];
    unsigned known = lines ? 1u : 2u, yes = known << 2;
    if (at[0] != s->digit_cells.w[0] || at[1] != s->digit_cells.w[1]) {
        *answer = 0;
        at[0] = s->digit_cells.w[0];
        at[1] = s->digit_cells.w[1];
    }
    if (!(*answer & known)) *answer |= (uint8_t)(known | (finned_possible(s, lines) ? yes : 0));
    return *answer & yes;
}

/* The digit's cells in each unit (s->at), made once per digit, only for
 * the searches that pass the tests on the lines' places. */
static void make_units(fish_search *s)
{
    if (s->units_made) return;
    for (int unit = 0; unit < 27; unit++)
        s->at[unit] = cells_and(s->digit_cells,
                                (cells){{sudoku_unit_bits[unit][0], sudoku_unit_bits[unit][1]}});
    s->units_made = true;
}

/* Nine bits of a set of cells from cell at on (at a multiple of 9, below
 * 81). */
static unsigned nine_from(cells a, int at)
{
    if (at >= 64) return (unsigned)(a.w[1] >> (at - 64) & 0x1ffu);
    uint64_t low = at ? a.w[0] >> at | a.w[1] << (64 - at) : a.w[0];
    return (unsigned)(low & 0x1ffu);
}

/* The places of the digit's cells all in each line: a
 * row's are nine bits of the set; a column's are every ninth bit from its
 * first cell on, those of rows 0-7 gathered into the top byte by one
 * multiplication (bit 9k times 2^(8(7 - k)) lands on bit 56 + k, and no
 * two products share a bit, so nothing carries), row 8's apart. */
static void make_places(cells all, unsigned places[18])
{
    for (int row = 0; row < 9; row++) places[row] = nine_from(all, 9 * row);
    for (int column = 0; column < 9; column++) {
        uint64_t low = column ? all.w[0] >> column | all.w[1] << (64 - column) : all.w[0];
        uint64_t rows = (low & 0x8040201008040201ull) * 0x0101010101010101ull >> 56;
        places[9 + column] = (unsigned)rows | (unsigned)(all.w[1] >> (8 + column) & 1u) << 8;
    }
}

/* The base and cover units of the digit and orientation (lines: rows
 * as base), their narrowing, and the tables cleared for a new search. */
static void list_units(fish_search *s, bool lines)
{
    int base_kind = lines ? 0 : 1, cover_kind = lines ? 1 : 0;
    make_units(s);
    s->nbase = s->ncover = 0;
    for (int pass = 0; pass < (s->franken ? 2 : 1); pass++) {
        int from = pass ? 18 : 9 * base_kind, cover_from = pass ? 18 : 9 * cover_kind;
        for (int unit = from; unit < from + 9; unit++) {
            /* Only whether the unit is empty or holds more than size. */
            int n = count_upto(s->at[unit], s->size);
            if (n && (s->finned || n <= s->size)) s->base[s->nbase++] = unit;
        }
        for (int unit = cover_from; unit < cover_from + 9; unit++)
            if (!cells_empty(s->at[unit])) s->cover[s->ncover++] = unit;
    }
    s->cover_units = (lines ? 0x1ffu << 9 : 0x1ffu) | 0x1ffu << 18;
    s->targets->solo_known = 0;
    memset(s->targets->covering_known, 0, sizeof s->targets->covering_known);
    s->base_cells = s->endo = (cells){{0, 0}};
    s->last_touched = -1;
    for (int i = 0; i < s->nbase; i++)
        if (s->touched >> s->base[i] & 1u) s->last_touched = i;
}

/* The search for one digit and orientation (lines: rows as base). */
static bool search_digit(fish_search *s, bool lines)
{
    if (s->finned && !s->franken && !finned_possible_known(s, lines)) return false;
    if (!s->finned && !s->franken && !basic_possible(s, lines)) return false;
    list_units(s, lines);
    if (s->nbase < s->size) return false;
    if (s->franken && s->finned && s->size == 3 && !swordfish_possible(s, NULL)) return false;
    return bases(s, 0, 0, s->touched == ALL_UNITS);
}

/* The units a search of digit d on cells all must take in (bits): those
 * of the cells gone since the cache's search found nothing on more, or
 * ALL_UNITS (a search of every combination), or 0 if the cache found
 * nothing on these very cells. No fish comes on fewer cells but by a base
 * unit that lost one: with base units as they were, the base cells, fins
 * and sashimi are as they were, the covers only had more cells, and the
 * fish had been found then (the search finds every fish, in order). */
static inline uint32_t touched_units(const hodoku_cache *cache, int kind, int d, cells all)
{
    if (!cache || !cache->fish_known[kind][d - 1]) return ALL_UNITS;
    cells was = {{cache->fish_cells[kind][d - 1][0], cache->fish_cells[kind][d - 1][1]}};
    if (!cells_empty(cells_minus(all, was))) return ALL_UNITS;
    uint32_t units = 0;
    cells gone = cells_minus(was, all);
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = gone.w[w]; bits; bits &= bits - 1)
            units |= sudoku_cell_unit_mask[64 * w + __builtin_ctzll(bits)];
    return units;
}

/* The technique's row in the cache (hodoku_cache): basic fish 0-2, finned
 * and sashimi 3-8, Franken 9-12. */
static int cache_row(sudoku_technique technique)
{
    if (technique >= SUDOKU_FRANKEN_X_WING) return 9 + (int)(technique - SUDOKU_FRANKEN_X_WING);
    if (technique >= SUDOKU_FINNED_X_WING) return 3 + (int)(technique - SUDOKU_FINNED_X_WING);
    return technique == SUDOKU_X_WING ? 0 : technique == SUDOKU_SWORDFISH ? 1 : 2;
}

/* The orientations (bit 0: rows as base, bit 1: columns) in which the
 * digit (s's, a Franken Swordfish search's) may have a finned Franken
 * Swordfish with a base unit in touched, by swordfish_possible.
 * swordfish_possible also rules out the unfinned Franken Swordfish: such
 * a fish eliminating X has no fins, endo fins among them, its base units
 * are among the finned search's (which takes every unit with a cell),
 * and what swordfish_possible asks of X holds of it: X lies in a cover,
 * all of whose cells it sees or is, so the base cells X does not see lie
 * in the two other covers (none a base unit), or, X a base cell (its
 * line and box both covers, so its base unit its line), in the third;
 * and each base unit alone lets X go (solo_targets asks only that).
 * With wings, the orientations in which the digit may have a finned
 * Franken X-Wing (swordfish_possible's wing, or open where it is not
 * told) go in *wings. */
static unsigned franken_swordfish_open(const fish_search *s, struct targets *targets,
                                       uint32_t touched, unsigned *wings)
{
    fish_search f = *s;
    f.technique = SUDOKU_FINNED_FRANKEN_SWORDFISH;
    f.finned = true;
    f.touched = touched;
    f.targets = targets;
    unsigned open = 0;
    for (int o = 0; o < 2; o++) {
        list_units(&f, o == 0);
        /* Fewer base units than a swordfish's: the X-Wing left open. */
        bool wing = f.nbase >= 2 && f.nbase < f.size;
        if (f.nbase >= f.size && swordfish_possible(&f, wings ? &wing : NULL)) {
            open |= 1u << o;
            wing = true;
        }
        if (wings && wing) *wings |= 1u << o;
    }
    return open;
}

/* Keeps in the cache that the technique's search (its row) finds nothing
 * on the digit's cells. */
static void keep_none(hodoku_cache *cache, int row, int digit, cells all)
{
    cache->fish_known[row][digit - 1] = true;
    cache->fish_cells[row][digit - 1][0] = all.w[0];
    cache->fish_cells[row][digit - 1][1] = all.w[1];
}

/* The Franken Swordfish search of the digit: both orientations, but
 * those franken_swordfish_open rules out. With the cache, when the finned
 * Franken Swordfish's own entry does not already know the digit's cells,
 * the test is made here and, where it rules out both orientations, kept
 * as that search's (it finds nothing on these cells, and is spared). The
 * test is narrowed to the units either search is narrowed to (the
 * touched_units of both): a fish of either kind on none of those had
 * been found before by that search (touched_units' proof), so what the
 * test rules out on the others it rules out for both. Where the finned
 * Franken X-Wing's entry does not know the digit's cells, the same test
 * asks for it (not narrowed), and keeps it as that search's where it
 * rules out both orientations: that search comes next on this board. */
static bool franken_swordfish_digit(fish_search *s, struct targets *finned)
{
    hodoku_cache *cache = s->cache;
    int row = cache_row(SUDOKU_FINNED_FRANKEN_SWORDFISH), d = s->digit,
        wing_row = cache_row(SUDOKU_FINNED_FRANKEN_X_WING);
    uint32_t finned_touched = cache ? touched_units(cache, row, d, s->digit_cells) : 0;
    unsigned open = 3;
    if (finned_touched) {
        make_units(s);
        bool ask_wing = touched_units(cache, wing_row, d, s->digit_cells) != 0;
        unsigned wings = 0;
        open = franken_swordfish_open(s, finned, s->touched | finned_touched,
                                      ask_wing ? &wings : NULL);
        if (ask_wing && !wings) keep_none(cache, wing_row, d, s->digit_cells);
        if (!open) {
            keep_none(cache, row, d, s->digit_cells);
            return false;
        }
    }
    return ((open & 1u) && search_digit(s, true)) || ((open & 2u) && search_digit(s, false));
}

bool hodoku_fish(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    struct targets targets, finned; /* made as asked for: not cleared */
    fish_search s = {.technique = technique, .targets = &targets, .cache = q->cache, .step = step};
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
    int kind = cache_row(technique);
    hodoku_digit_cells by_digit;
    hodoku_digit_cells_of(q->grid, &by_digit);
    for (s.digit = 1; s.digit <= 9; s.digit++) {
        cells all = {{by_digit.w[s.digit - 1][0], by_digit.w[s.digit - 1][1]}};
        hodoku_cache *cache = q->cache;
        s.touched = touched_units(cache, kind, s.digit, all);
        if (!s.touched) continue;
        s.digit_cells = all;
        s.units_made = false;
        make_places(all, s.places);
        bool found = technique == SUDOKU_FRANKEN_SWORDFISH
                         ? franken_swordfish_digit(&s, &finned)
                         : search_digit(&s, true) || search_digit(&s, false);
        if (found) return true;
        if (cache) keep_none(cache, kind, s.digit, all);
    }
    return false;
}
