/*
 * als.c: HoDoKu's almost locked set techniques (hodoku-spec 12): ALS-XZ,
 * ALS-XY-Wing (each the first found, in the order of HoDoKu's lists of
 * sets and restricted commons) and ALS Chain (all chains of at least four
 * sets, each elimination set kept once with its smallest sets, the first
 * in HoDoKu's ALS order). The sets and restricted commons the three share
 * are made once a board and carried from board to board along a path
 * (hodoku_round_make): a later board's takes over what its changes leave.
 */
#include "als.h"

#include "compare.h"
#include "logic/step.h"
#include "set.h"

#include <stdlib.h>
#include <string.h>

#define CHAIN_MAX 50 /* restricted commons of a chain */

typedef struct als {
    hodoku_set cells;
    uint16_t digits; /* bit d-1 for d */
    int ncells;
    /* By digit d of the set (the others are not filled in): */
    uint32_t houses_with[10]; /* the houses that hold all its cells holding d, as bits */
    hodoku_set sees[10];      /* the cells outside it holding d that see all those */
    hodoku_set buddies;       /* all of sees */
    uint16_t seen;            /* its digits d whose sees[d] has a cell */
    int was;                  /* its number in the search it was taken over from, else -1 */
    int house;                /* the first house that holds it, where it is found */
    uint16_t places;          /* its cells' places there, as bits */
    int id;                   /* its bit in rc_index's sets, kept while it is taken over */
} als;

/* A restricted common of sets a < b: one or two digits whose cells in
 * both all see each other; actual: which the chain search uses (1: d1,
 * 2: d2, 3: both). */
typedef struct rc {
    int a, b;
    uint8_t d1, d2, actual;
} rc;

/* For find_rcs, bit sets over the sets' ids (als.id): by cell, the sets
 * that hold it; by digit d and house, the sets with d whose cells holding
 * it all lie in the house. A set keeps its id while it is taken over from
 * board to board, so the bit sets go with the sets and change only for
 * those that come and go (index_carry). */
typedef struct rc_index {
    int words;          /* the ids are below 64 * words */
    uint64_t *by_cell;  /* [cell][words] */
    uint64_t *by_house; /* [d - 1][house][words] */
    int *free_ids;      /* the ids no set has, nfree of them */
    int nfree;
} rc_index;

typedef struct search {
    const hodoku_grid *g;
    hodoku_set holds[10];
    als *alses;
    int nalses, alses_size;
    rc *rcs;
    int nrcs, rcs_size;
    int *first_rc, *end_rc; /* by set: its records (as a) */
    rc_index index;
    bool as_before; /* its sets are the earlier search's, each at its own number */
    bool no_memory;
} search;

/* Room for n sets more in the list; false if memory ran out. */
static bool room_for(search *s, int n)
{
    if (s->nalses + n <= s->alses_size) return true;
    int size = s->alses_size ? 2 * s->alses_size : 256;
    while (size < s->nalses + n) size *= 2;
    als *bigger = realloc(s->alses, (size_t)size * sizeof *bigger);
    if (!bigger) {
        s->no_memory = true;
        return false;
    }
    s->alses = bigger;
    s->alses_size = size;
    return true;
}

/* A new set at the end of the list (NULL if memory ran out). */
static als *new_als(search *s)
{
    return room_for(s, 1) ? &s->alses[s->nalses++] : NULL;
}

/* What find_in_house takes over from the search of an earlier board (old;
 * NULL: none) that the board only lost candidates from, in the cells
 * changed: a set with no changed cell was a set there, with the same
 * digits and cells seeing all of each (find_alses leaves those of them
 * still holding the digit). Its sets are read in order from next on, and
 * (for the sets with a changed cell, same_set) from same on. */
typedef struct kept_sets {
    const search *old;
    hodoku_set changed;
    unsigned shrunk; /* the digits (bit d - 1) that lost a cell */
    int next, same;
} kept_sets;

/* True if the set of a house's places a comes before b (a != b) in
 * HoDoKu's order (find_in_house: a prefix before its extensions, then by
 * the next place): at the lowest place in one only, the one with it comes
 * first unless the other goes on after it. */
static bool comes_before(unsigned a, unsigned b)
{
    int place = __builtin_ctz(a ^ b);
    return a >> place & 1u ? (b >> place) != 0 : (a >> place) == 0;
}

/* Lists the sets k takes over that house holds first and that come
 * before places there (0: all of them). An earlier set with a changed
 * cell is passed over first: it may be the set of places itself. */
static void take_kept(search *s, kept_sets *k, int house, unsigned places)
{
    const search *old = k->old;
    for (; k->next < old->nalses && old->alses[k->next].house == house; k->next++) {
        const als *was = &old->alses[k->next];
        if (!hodoku_set_is_empty(hodoku_set_and(was->cells, k->changed))) continue;
        if (places && !comes_before(was->places, places)) return;
        als *a = new_als(s);
        if (!a) return;
        *a = *was;
        a->was = k->next;
    }
}

/* Takes over, as take_kept, all the sets k's earlier board found in a
 * house none of whose cells changed: their cells are the house's, so none
 * changed, and every set the house holds first with a changed cell is
 * none. */
static void take_house(search *s, kept_sets *k, int house)
{
    const als *old = k->old->alses;
    int first = k->next;
    while (k->next < k->old->nalses && old[k->next].house == house) k->next++;
    int n = k->next - first;
    if (!n || !room_for(s, n)) return;
    als *a = &s->alses[s->nalses];
    memcpy(a, &old[first], (size_t)n * sizeof *a);
    for (int j = 0; j < n; j++) a[j].was = first + j;
    s->nalses += n;
}

/* By digit d, the houses that hold all the cells of a house's places
 * (of house) with d among their candidates, as bits (all bits for a
 * digit none has); returns their digits. */
static unsigned houses_with_of(const uint16_t *candidates, int house, unsigned places,
                               uint32_t *with)
{
    unsigned digits = 0;
    for (int d = 0; d < 10; d++) with[d] = ~0u;
    for (unsigned ps = places; ps; ps &= ps - 1) {
        int cell = sudoku_unit_cells[house][__builtin_ctz(ps)];
        uint32_t houses = sudoku_cell_unit_mask[cell]; /* the houses that hold it */
        digits |= candidates[cell];
        for (unsigned ds = candidates[cell]; ds; ds &= ds - 1)
            with[sudoku_lowest_digit(ds)] &= houses;
    }
    return digits;
}

/* The houses that hold all the cells of a house's places (of house) with
 * digit d among their candidates, as bits. */
static uint32_t houses_with_digit(const uint16_t *candidates, int house, unsigned places, int d)
{
    uint32_t houses = ~0u;
    for (unsigned ps = places; ps; ps &= ps - 1) {
        int cell = sudoku_unit_cells[house][__builtin_ctz(ps)];
        if (candidates[cell] >> (d - 1) & 1u) houses &= sudoku_cell_unit_mask[cell];
    }
    return houses;
}

/* True if set a (of the board with candidates now) had, with the
 * candidates of an earlier board that the board only lost candidates
 * from, the digits it has and by digit the houses that hold its cells
 * with it. Its digits there were those now and those its cells lost; a
 * digit d's houses there are those now (a->houses_with[d], of its cells
 * holding d now, some) and those that hold each cell that lost d, so
 * they are the same exactly when each such cell lies in all of those. */
static bool as_it_was(const uint16_t *candidates, const uint16_t *now, const als *a)
{
    for (unsigned ps = a->places; ps; ps &= ps - 1) {
        int cell = sudoku_unit_cells[a->house][__builtin_ctz(ps)];
        unsigned lost = candidates[cell] & ~now[cell];
        if (lost & ~a->digits) return false;
        for (; lost; lost &= lost - 1)
            if (a->houses_with[sudoku_lowest_digit(lost)] & ~sudoku_cell_unit_mask[cell])
                return false;
    }
    return true;
}

/* The set of k's earlier board that house holds first at places, if it
 * has the digits and, by digit, the houses holding its cells with it that
 * the set of those places has on s's board (its number there; else -1).
 * Its restricted commons with any set read only those (rcs_with), and its
 * cells seeing each digit are those seeing it there that still hold it
 * (sees_shrunk): it is taken over as a set with no changed cell is. The
 * sets with a changed cell come in the order of the earlier ones, so same
 * only goes on. */
static int same_set(const search *s, kept_sets *k, uint16_t digits, int house, unsigned places)
{
    const search *old = k->old;
    for (; k->same < old->nalses; k->same++) {
        const als *was = &old->alses[k->same];
        if (was->house > house || (was->house == house && was->places == places)) break;
        if (was->house == house && !comes_before(was->places, places)) return -1;
    }
    if (k->same == old->nalses) return -1;
    const als *was = &old->alses[k->same];
    if (was->house != house || was->places != places || was->digits != digits) return -1;
    /* A digit's houses read only its cells in the set: where they are as
     * they were, so are the houses, and only a digit that lost a cell
     * (shrunk) can have lost one here. */
    for (unsigned ds = digits & k->shrunk; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds);
        if (!hodoku_set_equal(hodoku_set_and(old->holds[d], was->cells),
                              hodoku_set_and(s->holds[d], was->cells)) &&
            houses_with_digit(s->g->candidates, house, places, d) != was->houses_with[d])
            return -1;
    }
    return k->same;
}

/* Lists a set of house found there first (places: its cells' places). */
static void add_als(search *s, kept_sets *k, uint16_t digits, int ncells, int house,
                    unsigned places)
{
    if (k->old) {
        take_kept(s, k, house, places);
        int same = same_set(s, k, digits, house, places);
        if (same >= 0) {
            als *a = new_als(s);
            if (!a) return;
            *a = k->old->alses[same];
            a->was = same;
            return;
        }
    }
    als *a = new_als(s);
    if (!a) return;
    a->cells = hodoku_set_empty();
    for (unsigned ps = places; ps; ps &= ps - 1)
        hodoku_set_add(&a->cells, sudoku_unit_cells[house][__builtin_ctz(ps)]);
    a->digits = digits;
    a->ncells = ncells;
    a->was = -1;
    a->house = house;
    a->places = (uint16_t)places;
}

/* HoDoKu's recursive search in one house (spec 12.1): every set of at most
 * eight of its open cells, each prefix before its extensions; a set held
 * by an earlier house is listed there. (HoDoKu starts a search at every
 * position of the house too, but the first finds them all.) With k's
 * earlier search, the sets with no changed cell are taken over, in their
 * order, and only the sets with one are looked for: a prefix without one
 * is extended only while a changed cell is left to add. */
static void find_in_house(search *s, kept_sets *k, int house)
{
    int place[9], n_open = 0;
    uint16_t candidates[9]; /* each open cell's */
    uint32_t houses_at[9];  /* the houses that hold each open cell */
    unsigned changed = 0;   /* the open cells (by their order) that changed */
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[house][i];
        if (s->g->value[cell]) continue;
        if (!k->old || hodoku_set_has(k->changed, cell)) changed |= 1u << n_open;
        place[n_open] = i;
        candidates[n_open] = s->g->candidates[cell];
        houses_at[n_open++] = sudoku_cell_unit_mask[cell];
    }
    int at[9];                 /* the chosen cells, by their order among the open ones */
    uint16_t digits[10] = {0}; /* the digits of the first n chosen */
    uint32_t houses[10];       /* the houses that hold them all */
    bool fresh[10];            /* one of them changed */
    houses[0] = ~0u;
    fresh[0] = false;
    int n = 0;
    at[0] = 0;
    while (n >= 0) {
        if (at[n] >= n_open || n == 8 || (!fresh[n] && !(changed >> at[n]))) {
            if (--n >= 0) at[n]++;
            continue;
        }
        int t = at[n];
        digits[n + 1] = (uint16_t)(digits[n] | candidates[t]);
        houses[n + 1] = houses[n] & houses_at[t];
        fresh[n + 1] = fresh[n] || (changed >> t & 1u);
        /* surplus: digits over cells. A cell added lowers it by one at
         * most, so with fewer than surplus - 1 cells left after t no
         * extension is a set (surplus 1): it is not extended. */
        int surplus = sudoku_popcount(digits[n + 1]) - (n + 1);
        if (fresh[n + 1] && surplus == 1 && __builtin_ctz(houses[n + 1]) == house) {
            unsigned places = 0; /* of the chosen cells, made only for a set */
            for (int i = 0; i <= n; i++) places |= 1u << place[at[i]];
            add_als(s, k, digits[n + 1], n + 1, house, places);
        }
        at[n + 1] = surplus - 1 > n_open - (t + 1) ? n_open : t + 1;
        n++;
    }
    if (k->old) take_kept(s, k, house, 0);
}

/* By digit of a set, the houses that hold all its cells with it, and the
 * cells outside it holding the digit that see all those: the cells that
 * see all of a house's cells of a set are the other cells of the houses
 * holding them all (checked on every such set of the grid). */
static void sees_afresh(const search *s, als *a)
{
    houses_with_of(s->g->candidates, a->house, a->places, a->houses_with);
    a->buddies = hodoku_set_empty();
    a->seen = 0;
    for (unsigned ds = a->digits; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds);
        hodoku_set near = hodoku_set_empty();
        for (uint32_t hs = a->houses_with[d]; hs; hs &= hs - 1)
            near = hodoku_set_or(near, hodoku_unit_sets[__builtin_ctz(hs)]);
        a->sees[d] = hodoku_set_and(hodoku_set_minus(near, a->cells), s->holds[d]);
        a->buddies = hodoku_set_or(a->buddies, a->sees[d]);
        if (!hodoku_set_is_empty(a->sees[d])) a->seen |= (uint16_t)(ds & -ds);
    }
}

/* A set taken over, on a board that only lost candidates of the digits
 * shrunk, in the cells changed: the cells seeing it that hold d are those
 * of the earlier board that still do, and they change only for d in
 * shrunk and only if one of them, all among its buddies, changed; its
 * buddies, the union over its digits, and seen only if one of them did. */
static void sees_shrunk(const search *s, als *a, unsigned shrunk, hodoku_set changed)
{
    if (hodoku_set_is_empty(hodoku_set_and(a->buddies, changed))) return;
    bool lost = false;
    for (unsigned ds = a->digits & shrunk; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds);
        hodoku_set sees = hodoku_set_and(a->sees[d], s->holds[d]);
        lost |= !hodoku_set_equal(sees, a->sees[d]);
        a->sees[d] = sees;
    }
    if (!lost) return;
    a->buddies = hodoku_set_empty();
    a->seen = 0;
    for (unsigned ds = a->digits; ds; ds &= ds - 1) {
        hodoku_set sees = a->sees[sudoku_lowest_digit(ds)];
        a->buddies = hodoku_set_or(a->buddies, sees);
        if (!hodoku_set_is_empty(sees)) a->seen |= (uint16_t)(ds & -ds);
    }
}

/* The sets, and by digit the cells that see them (with old, kept_sets:
 * the search of an earlier board that the board only lost candidates
 * from, in the cells changed). */
static void find_alses(search *s, const search *old, hodoku_set changed)
{
    unsigned shrunk = 0;
    for (int d = 1; old && d <= 9; d++)
        if (!hodoku_set_equal(old->holds[d], s->holds[d])) shrunk |= 1u << (d - 1);
    kept_sets k = {old, changed, shrunk, 0, 0};
    /* Room for as many sets as the earlier board had, about as many. */
    if (old && old->alses_size) {
        s->alses = malloc((size_t)old->alses_size * sizeof *s->alses);
        if (s->alses) s->alses_size = old->alses_size;
    }
    for (int house = 0; house < 27; house++) {
        if (old && hodoku_set_is_empty(hodoku_set_and(changed, hodoku_unit_sets[house])))
            take_house(s, &k, house);
        else
            find_in_house(s, &k, house);
    }
    s->as_before = old && s->nalses == old->nalses;
    for (int i = 0; i < s->nalses; i++) {
        s->as_before &= s->alses[i].was == i;
        if (s->alses[i].was < 0)
            sees_afresh(s, &s->alses[i]);
        else
            sees_shrunk(s, &s->alses[i], shrunk, changed);
    }
}

/* Where the sets with d whose cells with d all lie in house start. */
static size_t in_house(const rc_index *x, int d, int house)
{
    return ((size_t)(d - 1) * 27 + (size_t)house) * (size_t)x->words;
}

/* Puts set a in x, or takes it out if it is in. */
static void index_toggle(rc_index *x, const als *a)
{
    size_t w = (size_t)(a->id / 64), words = (size_t)x->words;
    uint64_t id_bit = 1ull << (a->id % 64);
    for (unsigned ps = a->places; ps; ps &= ps - 1)
        x->by_cell[sudoku_unit_cells[a->house][__builtin_ctz(ps)] * words + w] ^= id_bit;
    for (unsigned ds = a->digits; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds);
        uint64_t *rows = &x->by_house[in_house(x, d, 0) + w]; /* d's, by house */
        for (uint32_t hs = a->houses_with[d]; hs; hs &= hs - 1)
            rows[(size_t)__builtin_ctz(hs) * words] ^= id_bit;
    }
}

static void index_free(rc_index *x)
{
    free(x->by_cell);
    free(x->by_house);
    free(x->free_ids);
    memset(x, 0, sizeof *x);
}

/* Makes s's index afresh, the sets' ids their numbers (and room for a
 * word of ids more); false if memory ran out. */
static bool index_make(search *s)
{
    rc_index *x = &s->index;
    index_free(x);
    x->words = s->nalses / 64 + 1;
    int ids = 64 * x->words;
    x->by_cell = calloc((size_t)SUDOKU_CELLS * (size_t)x->words, sizeof *x->by_cell);
    x->by_house = calloc(9 * 27 * (size_t)x->words, sizeof *x->by_house);
    x->free_ids = malloc((size_t)ids * sizeof *x->free_ids);
    if (!x->by_cell || !x->by_house || !x->free_ids) return false;
    for (int id = ids - 1; id >= s->nalses; id--) x->free_ids[x->nfree++] = id;
    for (int j = 0; j < s->nalses; j++) {
        s->alses[j].id = j;
        index_toggle(x, &s->alses[j]);
    }
    return true;
}

/* Makes s's index from old's (taken from it), whose sets the ones s took
 * over (now: by old set, its number in s, -1 if none) keep their ids:
 * the other sets of old go out, s's new sets come in. False if memory
 * ran out. */
static bool index_carry(search *s, search *old, const int *now)
{
    rc_index *x = &s->index;
    *x = old->index;
    memset(&old->index, 0, sizeof old->index);
    for (int j = 0; j < old->nalses; j++)
        if (now[j] < 0) {
            index_toggle(x, &old->alses[j]);
            x->free_ids[x->nfree++] = old->alses[j].id;
        }
    int fresh = 0;
    for (int j = 0; j < s->nalses; j++) fresh += s->alses[j].was < 0;
    if (fresh > x->nfree) return index_make(s);
    for (int j = 0; j < s->nalses; j++)
        if (s->alses[j].was < 0) {
            s->alses[j].id = x->free_ids[--x->nfree];
            index_toggle(x, &s->alses[j]);
        }
    return true;
}

/* The rows of x that rcs_with reads for set a, word by word: those of
 * its cells, whose union is the sets sharing a cell with it; and by digit
 * of a, three rows of the houses that hold all its cells with the digit,
 * whose union is the sets with the digit whose cells with it all lie in
 * one of those houses. A digit's cells lie in one to three houses (a
 * cell's), and one of fewer than three is repeated: a row or-ed with
 * itself is that row. */
typedef struct rows_of {
    const uint64_t *cell[9];
    int ncells;
    const uint64_t *house[9][3];
    unsigned digit[9]; /* bit d - 1 of the digit d of house[k] */
    int ndigits;
} rows_of;

static void rows_make(const rc_index *x, const als *a, rows_of *r)
{
    size_t words = (size_t)x->words;
    r->ncells = 0;
    for (unsigned ps = a->places; ps; ps &= ps - 1)
        r->cell[r->ncells++] =
            &x->by_cell[(size_t)sudoku_unit_cells[a->house][__builtin_ctz(ps)] * words];
    r->ndigits = 0;
    for (unsigned ds = a->digits; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds), k = r->ndigits++;
        const uint64_t *rows = &x->by_house[in_house(x, d, 0)]; /* d's, by house */
        uint32_t hs = a->houses_with[d];
        for (int n = 0; n < 3; n++) {
            r->house[k][n] = rows + (size_t)__builtin_ctz(hs) * words;
            if (hs & (hs - 1)) hs &= hs - 1;
        }
        r->digit[k] = ds & -ds;
    }
}

/* Adds r at the end of s's records; false if memory ran out. */
static bool add_rc(search *s, rc r)
{
    if (s->nrcs == s->rcs_size) {
        int size = s->rcs_size ? 2 * s->rcs_size : 1024;
        rc *bigger = realloc(s->rcs, (size_t)size * sizeof *bigger);
        if (!bigger) return false;
        s->rcs = bigger;
        s->rcs_size = size;
    }
    s->rcs[s->nrcs++] = r;
    return true;
}

/* The records find_rcs makes with a set before it comes to that set's
 * own (it goes from the last set to the first): by set, a list in the
 * order of the other set. */
typedef struct pending {
    rc *rcs;
    int *next; /* by record: the next of its list, -1 at the end */
    int *head; /* by set: its list's first record, -1 if none */
    int n, size;
} pending;

static bool pending_make(pending *p, int nalses)
{
    memset(p, 0, sizeof *p);
    p->head = malloc(((size_t)nalses + 1) * sizeof *p->head);
    if (!p->head) return false;
    for (int i = 0; i < nalses; i++) p->head[i] = -1;
    return true;
}

static void pending_free(pending *p)
{
    free(p->rcs);
    free(p->next);
    free(p->head);
}

/* Puts r at the head of its first set's list (r's other set comes before
 * those of the list); false if memory ran out. */
static bool pending_add(pending *p, rc r)
{
    if (p->n == p->size) {
        int size = p->size ? 2 * p->size : 256;
        rc *rcs = realloc(p->rcs, (size_t)size * sizeof *rcs);
        if (rcs) p->rcs = rcs;
        int *next = realloc(p->next, (size_t)size * sizeof *next);
        if (next) p->next = next;
        if (!rcs || !next) return false;
        p->size = size;
    }
    p->rcs[p->n] = r;
    p->next[p->n] = p->head[r.a];
    p->head[r.a] = p->n++;
    return true;
}

/* The record of sets i and j that link by the digits (bit d - 1): d1 the
 * lowest, d2 the highest if there are two or more. */
static rc make_rc(int i, int j, unsigned digits)
{
    int d1 = sudoku_lowest_digit(digits),
        d2 = (digits & (digits - 1)) ? 32 - __builtin_clz(digits) : 0;
    return (rc){i < j ? i : j, i < j ? j : i, (uint8_t)d1, (uint8_t)d2, 0};
}

/* What rcs_with looks at, as bits over the sets' ids (open): the sets
 * taken over and those whose records are made (the later ones), from
 * word first on; and by id, the set's number. */
typedef struct partners {
    uint64_t *open;
    int first;
    int *set_of;
} partners;

static void partners_free(partners *o)
{
    free(o->open);
    free(o->set_of);
}

/* Adds the set with id to o's open sets. */
static void partners_open(partners *o, int id)
{
    o->open[id / 64] |= 1ull << (id % 64);
    if (id / 64 < o->first) o->first = id / 64;
}

/* Sets o up for s, with the sets taken over open; false if memory ran
 * out. */
static bool partners_make(partners *o, const search *s)
{
    int words = s->index.words;
    o->open = calloc((size_t)words, sizeof *o->open);
    o->set_of = malloc(64 * (size_t)words * sizeof *o->set_of);
    o->first = words;
    if (!o->open || !o->set_of) return false;
    for (int j = 0; j < s->nalses; j++) {
        o->set_of[s->alses[j].id] = j;
        if (s->alses[j].was >= 0) partners_open(o, s->alses[j].id);
    }
    return true;
}

/* Puts s's records from first on in the order of their later set. */
static void by_later_set(search *s, int first)
{
    for (int n = first + 1; n < s->nrcs; n++) {
        rc r = s->rcs[n];
        int m = n;
        for (; m > first && s->rcs[m - 1].b > r.b; m--) s->rcs[m] = s->rcs[m - 1];
        s->rcs[m] = r;
    }
}

/* The restricted commons of set i (spec 12.2) with o's open sets, in
 * order: those that share no cell with it, and the digits d of i whose
 * cells in the other set all see all of i's (the relation is the same
 * both ways). Two sets of cells that share none, each in a house, see
 * each other cell by cell exactly when one house holds both (checked on
 * every such pair of the grid): b's cells with d must lie in a house that
 * holds all of i's, and the index lists those by house. The records with
 * later sets go to s's list, the others to p. False if memory ran out.
 * A call of its own: find_rcs's loop passes over most sets (those taken
 * over), which, with this inlined, cost it a dozen instructions each. */
__attribute__((noinline)) static bool rcs_with(search *s, int i, const partners *o, pending *p)
{
    const als *a = &s->alses[i];
    const rc_index *x = &s->index;
    int first = o->first, later = s->nrcs;
    if (first == x->words) return true;
    rows_of r;
    rows_make(x, a, &r);
    bool ok = true;
    for (int w = first; w < x->words && ok; w++) {
        /* The sets of the word to look at that share no cell with a. */
        uint64_t sharing = 0;
        for (int k = 0; k < r.ncells; k++) sharing |= r.cell[k][w];
        uint64_t others = ~sharing & o->open[w];
        if (!others) continue;
        /* By digit, the sets of the word it links a to; then the records,
         * by set. */
        uint64_t linked[9], some = 0;
        for (int k = 0; k < r.ndigits; k++) {
            linked[k] = (r.house[k][0][w] | r.house[k][1][w] | r.house[k][2][w]) & others;
            some |= linked[k];
        }
        for (; some && ok; some &= some - 1) {
            uint64_t one = some & -some;
            unsigned digits = 0;
            for (int k = 0; k < r.ndigits; k++)
                if (linked[k] & one) digits |= r.digit[k];
            int b = o->set_of[64 * w + __builtin_ctzll(some)];
            ok = b > i ? add_rc(s, make_rc(i, b, digits)) : pending_add(p, make_rc(i, b, digits));
        }
    }
    /* The ids are in no order: its list is put in that of the sets. */
    by_later_set(s, later);
    return ok;
}

/* What find_rcs takes over from the search of an earlier board (old):
 * the records between two sets taken over (they read the two sets'
 * cells, digits and houses by digit only, as they were), under their
 * numbers now. */
typedef struct kept_rcs {
    const search *old;
    int *now; /* by old set: its number now, -1 if it was not taken over */
} kept_rcs;

/* Sets k up for s, whose sets were found with old (find_alses); false if
 * memory ran out. */
static bool kept_rcs_make(kept_rcs *k, const search *s, const search *old)
{
    k->old = old;
    k->now = malloc(((size_t)old->nalses + 1) * sizeof *k->now);
    if (!k->now) return false;
    for (int j = 0; j < old->nalses; j++) k->now[j] = -1;
    for (int j = 0; j < s->nalses; j++)
        if (s->alses[j].was >= 0) k->now[s->alses[j].was] = j;
    return true;
}

/* Adds the records of set i, which was one on the earlier board, at the
 * end of s's (which has room for them): those it had with the sets taken
 * over, and those p holds (with the others, none of which was one),
 * merged in the order of the later set. */
static void merge_kept(search *s, int i, const kept_rcs *k, const pending *p)
{
    const search *old = k->old;
    int was = s->alses[i].was, end = old->end_rc[was], e = p->head[i];
    rc *out = &s->rcs[s->nrcs];
    const int *now = k->now;
    const rc *q = &old->rcs[old->first_rc[was]], *last = &old->rcs[end];
    for (; q < last && e >= 0; q++) {
        int b = now[q->b];
        if (b < 0) continue;
        for (; e >= 0 && p->rcs[e].b < b; e = p->next[e]) *out++ = p->rcs[e];
        *out = *q;
        out->a = i;
        out++->b = b;
    }
    /* With none of p's left to merge, the rest only renumbered. */
    for (; q < last; q++) {
        int b = now[q->b];
        if (b < 0) continue;
        *out = *q;
        out->a = i;
        out++->b = b;
    }
    for (; e >= 0; e = p->next[e]) *out++ = p->rcs[e];
    s->nrcs = (int)(out - s->rcs);
}

/* Puts s's records in the order of their first set: those rcs_with made
 * (by set, in s's ranges, from the last set to the first) are moved, and
 * those of the sets k takes over are merged (merge_kept) straight into
 * place, so that the most records, a carried board's, are written once.
 * False if memory ran out. */
static bool in_order(search *s, const kept_rcs *k, const pending *p)
{
    rc *made = s->rcs;
    /* Room for all: a set taken over has at most its earlier records and
     * those p holds for it. */
    int size = s->nrcs + p->n + (k->old ? k->old->nrcs : 0) + 1;
    rc *sorted = malloc((size_t)size * sizeof *sorted);
    if (!sorted) return false;
    s->rcs = sorted;
    s->rcs_size = size;
    s->nrcs = 0;
    for (int i = 0; i < s->nalses; i++) {
        int first = s->nrcs;
        if (k->old && s->alses[i].was >= 0) {
            merge_kept(s, i, k, p);
        } else {
            int length = s->end_rc[i] - s->first_rc[i];
            if (length) memcpy(&sorted[first], &made[s->first_rc[i]], (size_t)length * sizeof *sorted);
            s->nrcs += length;
        }
        s->first_rc[i] = first;
        s->end_rc[i] = s->nrcs;
    }
    free(made);
    return true;
}

/* Takes old's records and index over, whole: with s's sets old's, each
 * at its own number (as_before), find_rcs would look at no set afresh,
 * put none in or out of the index and merge each set's records with no
 * others, so the records and the index would be old's as they are. */
static void take_rcs(search *s, search *old)
{
    s->rcs = old->rcs;
    s->nrcs = old->nrcs;
    s->rcs_size = old->rcs_size;
    old->rcs = NULL;
    old->nrcs = old->rcs_size = 0;
    memcpy(s->first_rc, old->first_rc, (size_t)s->nalses * sizeof *s->first_rc);
    memcpy(s->end_rc, old->end_rc, (size_t)s->nalses * sizeof *s->end_rc);
    s->index = old->index;
    memset(&old->index, 0, sizeof old->index);
}

/* The restricted commons, forward only: by set, with the later sets
 * (rcs_with). With old (the search of an earlier board, as find_alses
 * took it; its index goes to s), those between two sets that were sets
 * there are taken over; a set not taken over looks at the later sets and
 * at the earlier ones taken over, so that the sets taken over are looked
 * at by none: those sets go from the last to the first, and the records
 * are then put in order with those of the sets taken over (in_order). */
static void find_rcs(search *s, search *old)
{
    if (old && s->as_before) {
        take_rcs(s, old);
        return;
    }
    kept_rcs k = {NULL, NULL};
    pending p = {NULL, NULL, NULL, 0, 0};
    partners o = {NULL, 0, NULL};
    bool ok = (old ? kept_rcs_make(&k, s, old) && index_carry(s, old, k.now) : index_make(s)) &&
              pending_make(&p, s->nalses) && partners_make(&o, s);
    for (int i = s->nalses - 1; i >= 0 && ok; i--) {
        if (old && s->alses[i].was >= 0) continue;
        s->first_rc[i] = s->nrcs;
        ok = rcs_with(s, i, &o, &p);
        partners_open(&o, s->alses[i].id);
        s->end_rc[i] = s->nrcs;
    }
    if (!ok || !in_order(s, &k, &p)) s->no_memory = true;
    free(k.now);
    pending_free(&p);
    partners_free(&o);
}

/* A list of eliminations in HoDoKu's order. */
typedef struct elims {
    int n;
    sudoku_candidate list[SUDOKU_REMOVALS_MAX];
} elims;

static void eliminate(elims *e, int cell, int digit)
{
    if (e->n < SUDOKU_REMOVALS_MAX)
        e->list[e->n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
}

/* HoDoKu's checkCandidatesToDelete: the digits common to a and b but the
 * excluded ones, removed from cells seeing all of them in both; adds to
 * e, returns the digits that eliminated. (Only a digit some cell sees in
 * each, seen, can have a cell seeing it in both.) */
static uint16_t eliminations(const als *a, const als *b, unsigned excluded, elims *e)
{
    uint16_t z = (uint16_t)(a->seen & b->seen & ~excluded), used = 0;
    if (!z || hodoku_set_is_empty(hodoku_set_and(a->buddies, b->buddies))) return 0;
    for (; z; z &= (uint16_t)(z - 1)) {
        int d = sudoku_lowest_digit(z);
        hodoku_set cells = hodoku_set_and(a->sees[d], b->sees[d]);
        if (hodoku_set_is_empty(cells)) continue;
        used |= (uint16_t)(1u << (d - 1));
        for (int cell; (cell = hodoku_set_pop(&cells)) >= 0;) eliminate(e, cell, d);
    }
    return used;
}

/* Bit d - 1 for digit d, none for 0 (a record's missing second digit). */
static unsigned bit(int d)
{
    return 1u << d >> 1;
}

/* A step of almost locked sets: its eliminations; each set's cells (with
 * their candidates) as ALS marks of its place; each restricted common's
 * candidates in the two sets it links as RESTRICTED marks of its place
 * (link k joins sets link[k][0] and link[k][1] by the digits rc[k]); Z,
 * the digits the text names as eliminated (0: none named), in extra. */
typedef struct als_step {
    const elims *e;
    const als *sets[CHAIN_MAX + 1];
    int nsets;
    int link[CHAIN_MAX][2];
    unsigned rc[CHAIN_MAX];
    int nlinks;
    uint16_t z;
} als_step;

static void make_step(const search *s, const als_step *a, sudoku_technique technique,
                      sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    for (int i = 0; i < a->e->n; i++)
        logic_step_remove(step, a->e->list[i].cell, a->e->list[i].digit);
    step->extra = a->z;
    for (int i = 0; i < a->nsets; i++)
        for (hodoku_set c = a->sets[i]->cells; !hodoku_set_is_empty(c);) {
            int cell = hodoku_set_pop(&c);
            logic_step_cell(step, cell);
            logic_step_mark(step, SUDOKU_ROLE_ALS, i, cell, s->g->candidates[cell]);
        }
    for (int k = 0; k < a->nlinks; k++) {
        step->digits |= (uint16_t)a->rc[k];
        const als *x = a->sets[a->link[k][0]], *y = a->sets[a->link[k][1]];
        hodoku_set cells = hodoku_set_or(x->cells, y->cells);
        for (int cell; (cell = hodoku_set_pop(&cells)) >= 0;) {
            unsigned digits = s->g->candidates[cell] & a->rc[k];
            if (digits) logic_step_mark(step, SUDOKU_ROLE_RESTRICTED, k, cell, digits);
        }
    }
}

/* fresh (NULL: all) in the finders below: the sets a step may need
 * (fresh_sets); a step of sets none of which is fresh is none. */
static bool stale(const bool *fresh, int a, int b)
{
    return fresh && !fresh[a] && !fresh[b];
}

/* False if record r of sets a and b eliminates nothing: a digit common to
 * both (but r's first digit, or with two digits either) needs a cell
 * seeing it in both, so in each, and (with one digit, where only such a
 * digit eliminates) a cell among the buddies of both; with two digits, a
 * digit of one set outside them needs a cell seeing it there. */
static bool xz_may_eliminate(const als *a, const als *b, const rc *r)
{
    unsigned linked = bit(r->d1) | bit(r->d2);
    if (!r->d2)
        return (a->seen & b->seen & ~linked) &&
               !hodoku_set_is_empty(hodoku_set_and(a->buddies, b->buddies));
    return (a->seen & b->seen) || ((a->seen | b->seen) & ~linked);
}

static bool als_xz(search *s, const bool *fresh, sudoku_technique technique, sudoku_step *step)
{
    elims e;
    for (int i = 0; i < s->nrcs; i++) {
        const rc *r = &s->rcs[i];
        if (stale(fresh, r->a, r->b)) continue;
        const als *a = &s->alses[r->a], *b = &s->alses[r->b];
        if (!xz_may_eliminate(a, b, r)) continue;
        e.n = 0;
        uint16_t z = eliminations(a, b, bit(r->d1), &e);
        if (r->d2) {
            z |= eliminations(a, b, bit(r->d2), &e);
            bool doubly = false;
            for (int k = 0; k < 2; k++) {
                const als *x = k ? b : a, *y = k ? a : b;
                for (unsigned rest = x->digits & ~bit(r->d1) & ~bit(r->d2); rest;
                     rest &= rest - 1) {
                    int d = sudoku_lowest_digit(rest);
                    hodoku_set cells = hodoku_set_minus(x->sees[d], y->cells);
                    for (int cell; (cell = hodoku_set_pop(&cells)) >= 0; doubly = true)
                        eliminate(&e, cell, d);
                }
            }
            if (doubly) z = 0;
        }
        if (!e.n) continue;
        als_step as = {&e, {a, b}, 2, {{0, 1}}, {bit(r->d1) | bit(r->d2)}, 1, z};
        make_step(s, &as, technique, step);
        return true;
    }
    return false;
}

/* A record as one of the XY-Wing's two, seen from the set it shares with
 * the other (the wing's middle; its other set is the wing's end): the
 * record, the digits it links by, and the end's digits that may be
 * eliminated with it: not those, and only digits whose cells outside the
 * end that see it are some (eliminations needs such a cell in both ends). */
typedef struct wing_end {
    int rc;
    uint16_t linked, may;
} wing_end;

/* By set, the records it is in (as either set), from start[set] to
 * start[set + 1]: each pair of records that share a set is a pair of ends
 * of that set. With fresh, the ends whose set is fresh come first, the
 * others from stale[set] on. */
typedef struct wing_ends {
    int *start, *stale;
    wing_end *ends;
} wing_ends;

static void wing_ends_free(wing_ends *w)
{
    free(w->start);
    free(w->stale);
    free(w->ends);
}

/* Puts an end of middle set c (its end set: set) in c's list: a fresh one
 * at the front (stale[c], which ends past the fresh ones), a stale one at
 * the back (back[c], going down). */
static void wing_end_put(wing_ends *w, const bool *fresh, int *back, int c, int set, wing_end end)
{
    if (!fresh || fresh[set])
        w->ends[w->stale[c]++] = end;
    else
        w->ends[--back[c]] = end;
}

/* Makes w for s (fresh: NULL, or the sets fresh_sets found); false if
 * memory ran out. */
static bool wing_ends_make(const search *s, const bool *fresh, wing_ends *w)
{
    size_t n = (size_t)s->nalses + 1;
    w->start = calloc(n, sizeof *w->start);
    w->stale = malloc(n * sizeof *w->stale);
    w->ends = malloc(2 * (size_t)s->nrcs * sizeof *w->ends + 1);
    int *back = malloc(n * sizeof *back);
    bool ok = w->start && w->stale && w->ends && back;
    if (ok) {
        /* A set's records as the first set are its range of s's. */
        for (int i = 0; i < s->nrcs; i++) w->start[s->rcs[i].b + 1]++;
        for (int c = 0; c < s->nalses; c++) {
            w->start[c + 1] += w->start[c] + s->end_rc[c] - s->first_rc[c];
            w->stale[c] = w->start[c];
            back[c] = w->start[c + 1];
        }
        for (int i = 0; i < s->nrcs; i++) {
            const rc *r = &s->rcs[i];
            uint16_t linked = (uint16_t)(bit(r->d1) | bit(r->d2));
            wing_end_put(w, fresh, back, r->a, r->b,
                         (wing_end){i, linked, (uint16_t)(s->alses[r->b].seen & ~linked)});
            wing_end_put(w, fresh, back, r->b, r->a,
                         (wing_end){i, linked, (uint16_t)(s->alses[r->a].seen & ~linked)});
        }
    }
    free(back);
    return ok;
}

/* True if the ends x and y of a wing of middle c eliminate something:
 * a digit that may be eliminated with both (wing_end), whose cells seeing
 * it in one see it in the other. */
static bool wing_eliminates(const search *s, int c, const wing_end *x, const wing_end *y)
{
    const rc *p = &s->rcs[x->rc], *q = &s->rcs[y->rc];
    const als *a = &s->alses[p->a ^ p->b ^ c], *b = &s->alses[q->a ^ q->b ^ c]; /* not c */
    if (!hodoku_set_is_empty(hodoku_set_and(a->cells, b->cells))) return false;
    for (unsigned z = x->may & y->may; z; z &= z - 1) {
        int d = sudoku_lowest_digit(z);
        if (!hodoku_set_is_empty(hodoku_set_and(a->sees[d], b->sees[d]))) return true;
    }
    return false;
}

/* HoDoKu takes the first pair of records (r1, r2), r2 after r1, that
 * share a set and give a wing with eliminations: the smallest (r1, r2).
 * Each pair of records sharing a set shares one (a record is one per
 * pair of sets): all are the pairs of ends of each set, looked at below
 * in any order, the smallest kept. A pair gives a wing if its two
 * records do not link by the same single digit, its ends share no cell
 * (the ends' union is then neither end) and a digit common to the ends,
 * outside the digits both records link by, is seen in both by a cell
 * (eliminations): only a digit both ends may be eliminated with
 * (wing_end). With fresh, one of the three sets is fresh. */
static bool als_xy_wing(search *s, const bool *fresh, sudoku_technique technique, sudoku_step *step)
{
    wing_ends w;
    if (!wing_ends_make(s, fresh, &w)) {
        wing_ends_free(&w);
        s->no_memory = true;
        return false;
    }
    int r1 = s->nrcs, r2 = 0; /* the smallest pair found, r1 == nrcs if none */
    for (int c = 0; c < s->nalses; c++) {
        const wing_end *x = &w.ends[w.start[c]], *last = &w.ends[w.start[c + 1]];
        /* With c stale, a pair needs a fresh end: the first of the two. */
        const wing_end *firsts = !fresh || fresh[c] ? last : &w.ends[w.stale[c]];
        for (; x < firsts; x++) {
            /* Two records linking by the same single digit are no wing
             * (a record links by one or two digits: 0 matches none). */
            /* Every place of c's list holds an end: wing_ends_make counts
             * c's records and puts an end of each, which clang's analyzer
             * does not follow (it takes the place for unwritten). */
            // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign)
            uint16_t may = x->may, same = (x->linked & (x->linked - 1)) ? 0 : x->linked;
            for (const wing_end *y = x + 1; y < last; y++) {
                if (!(may & y->may) || y->linked == same) continue;
                int i = x->rc < y->rc ? x->rc : y->rc, j = x->rc ^ y->rc ^ i;
                if (i > r1 || (i == r1 && j > r2)) continue;
                if (wing_eliminates(s, c, x, y)) r1 = i, r2 = j;
            }
        }
    }
    wing_ends_free(&w);
    if (r1 == s->nrcs) return false;
    const rc *p = &s->rcs[r1], *q = &s->rcs[r2];
    int ic = p->a == q->a || p->a == q->b ? p->a : p->b;
    int ia = ic == p->a ? p->b : p->a, ib = ic == q->a ? q->b : q->a;
    const als *a = &s->alses[ia], *b = &s->alses[ib], *c = &s->alses[ic];
    unsigned linked_a = bit(p->d1) | bit(p->d2), linked_b = bit(q->d1) | bit(q->d2);
    elims e;
    e.n = 0;
    uint16_t z = eliminations(a, b, linked_a | linked_b, &e);
    als_step as = {&e, {a, b, c}, 3, {{0, 2}, {1, 2}}, {linked_a, linked_b}, 2, z};
    make_step(s, &as, technique, step);
    return true;
}

/* ---- ALS Chain (spec 12.5) ---- */

/* HoDoKu's checkRC for a chain's first link (it sets r->actual): a link
 * by two digits is tried with each, the first on the first try. */
static void first_link(rc *r, bool first_try)
{
    r->actual = !r->d2 || first_try ? 1 : 2;
}

/* The digit of a link r that HoDoKu's checkRC reads when a link follows
 * it: checkRCInt(c11, c12, ...) with its first digit (actual 1, or 3:
 * the first twice, "sic", where checkRCInt's answers are those for the
 * first alone) or its second (actual 2). */
static int read_digit(const rc *r)
{
    return r->actual == 2 ? r->d2 : r->d1;
}

/* HoDoKu's checkRC for a link r after one whose read_digit is p: sets
 * r->actual (checkRCInt(p, 0, d1, d2), its cases in order); false if no
 * digit is left. A link by one digit follows unless by p; by two, it
 * uses the one that is not p, or both. */
static bool follows(rc *r, int p)
{
    if (!r->d2)
        r->actual = r->d1 != p;
    else
        r->actual = p == r->d2 ? 1 : p == r->d1 ? 2 : 3;
    return r->actual != 0;
}

static unsigned used_digits(const rc *r)
{
    return (r->actual & 1 ? bit(r->d1) : 0) | (r->actual & 2 ? bit(r->d2) : 0);
}

/* A chain found: its eliminations, once per elimination set, with the
 * fewest cells (spec 12.5). */
typedef struct chain_step {
    int nelim, nals, ncells;
    sudoku_candidate elim[SUDOKU_REMOVALS_MAX / 4];
    int als[CHAIN_MAX + 1];
    uint16_t rc[CHAIN_MAX];
} chain_step;

/* By digit d, the cells that see d in some end of a chain on from a set
 * (the set each of those chains' links lead to), d not among the digits
 * of the link into that end: where record_chain may eliminate d. */
typedef struct chain_ends {
    uint16_t digits; /* the d whose cells[d - 1] are not empty */
    hodoku_set cells[9];
} chain_ends;

typedef struct chains {
    search *s;
    const bool *fresh; /* NULL: every set */
    bool *reach;       /* by set: a fresh one is it or after it along records */
    int nfresh;        /* fresh sets in the chain */
    int start;
    unsigned first_used; /* the digits the first link uses */
    chain_ends *ends;    /* by set and the digit follows reads of the link to it (ends_after) */
    bool *ends_made;     /* by the same: ends filled in */
    rc *chain[CHAIN_MAX];
    int length;
    hodoku_keymap seen; /* eliminations -> place in steps */
    chain_step *steps;
    int nsteps, size;
    elims *scratch;
} chains;

/* Records the chain ending at last if it has eliminations. */
static void record_chain(chains *c, const rc *last)
{
    search *s = c->s;
    const als *start = &s->alses[c->start], *end = &s->alses[last->b];
    /* Most ends share no digit with the start, or no cell sees both: no
     * elimination, told before the digits the links used are made. */
    if (!(start->digits & end->digits) ||
        hodoku_set_is_empty(hodoku_set_and(start->buddies, end->buddies)))
        return;
    elims *tmp = c->scratch;
    tmp->n = 0;
    eliminations(start, end, c->first_used | used_digits(last), tmp);
    if (!tmp->n) return;
    int n = hodoku_sort_removals(tmp->list, tmp->n);
    if (n > SUDOKU_REMOVALS_MAX / 4) n = SUDOKU_REMOVALS_MAX / 4;
    int ncells = start->ncells;
    for (int i = 0; i < c->length; i++) ncells += s->alses[c->chain[i]->b].ncells;
    int *at = hodoku_keymap_find(&c->seen, 0, tmp->list, n);
    chain_step *cs;
    if (at) {
        cs = &c->steps[*at];
        if (cs->ncells <= ncells) return;
    } else {
        if (c->nsteps == c->size) {
            int size = c->size ? 2 * c->size : 64;
            chain_step *bigger = realloc(c->steps, (size_t)size * sizeof *bigger);
            if (!bigger) {
                s->no_memory = true;
                return;
            }
            c->steps = bigger;
            c->size = size;
        }
        if (!hodoku_keymap_put(&c->seen, 0, tmp->list, n, c->nsteps)) s->no_memory = true;
        cs = &c->steps[c->nsteps++];
    }
    cs->nelim = n;
    memcpy(cs->elim, tmp->list, (size_t)n * sizeof *tmp->list);
    cs->nals = c->length + 1;
    cs->ncells = ncells;
    cs->als[0] = c->start;
    for (int i = 0; i < c->length; i++) {
        cs->als[i + 1] = c->chain[i]->b;
        cs->rc[i] = (uint16_t)used_digits(c->chain[i]);
    }
}

static inline const chain_ends *ends_after(chains *c, int from, int p);

/* Fills w with the ends of the chains on from set `from` after a link
 * whose digit follows reads is p (ends_after). */
// NOLINTNEXTLINE(misc-no-recursion): one level per set of a chain of records
__attribute__((noinline)) static void ends_fill(chains *c, int from, int p, chain_ends *w)
{
    const search *s = c->s;
    memset(w, 0, sizeof *w);
    for (int i = s->first_rc[from]; i < s->end_rc[from]; i++) {
        rc r = s->rcs[i];
        if (!follows(&r, p)) continue;
        const als *b = &s->alses[r.b];
        uint16_t z = (uint16_t)(b->seen & ~used_digits(&r));
        w->digits |= z;
        for (; z; z &= (uint16_t)(z - 1)) {
            int d = sudoku_lowest_digit(z);
            w->cells[d - 1] = hodoku_set_or(w->cells[d - 1], b->sees[d]);
        }
        if (s->first_rc[r.b] == s->end_rc[r.b]) continue;
        const chain_ends *v = ends_after(c, r.b, read_digit(&r));
        w->digits |= v->digits;
        for (z = v->digits; z; z &= (uint16_t)(z - 1)) {
            int d = sudoku_lowest_digit(z);
            w->cells[d - 1] = hodoku_set_or(w->cells[d - 1], v->cells[d - 1]);
        }
    }
}

/* The ends of the chains on from set `from` after a link whose digit
 * follows reads is p: made once a search, when first asked (records go
 * to later sets only, so the recursion ends, at most one level a set). It
 * takes in every chain on, of any length and any sets, so it holds every
 * end the search can reach from there. Most asks find them made: only
 * the making (ends_fill) is a call of its own. */
// NOLINTNEXTLINE(misc-no-recursion): one level per set of a chain of records
__attribute__((always_inline)) static inline const chain_ends *ends_after(chains *c, int from,
                                                                          int p)
{
    size_t at = (size_t)from * 9 + (size_t)p - 1;
    if (!c->ends_made[at]) {
        c->ends_made[at] = true;
        ends_fill(c, from, p, &c->ends[at]);
    }
    return &c->ends[at];
}

/* Whether record_chain may eliminate at some end in w: a digit d, not
 * one the first link uses, with a cell seeing d in the start and the end
 * (eliminations' test, over all of w's ends at once). */
static bool may_eliminate(const chains *c, const chain_ends *w)
{
    const als *start = &c->s->alses[c->start];
    for (unsigned z = start->seen & w->digits & ~c->first_used; z; z &= z - 1) {
        int d = sudoku_lowest_digit(z);
        if (!hodoku_set_is_empty(hodoku_set_and(start->sees[d], w->cells[d - 1]))) return true;
    }
    return false;
}

static void extend(chains *c, int from, const rc *last);

/* r (checked) as the chain's next link and the chains on from it, passed
 * over where no end of them may eliminate (ends_after holds them all,
 * may_eliminate makes record_chain's test on all at once): none would be
 * recorded, so the steps and their order are the same. */
// NOLINTNEXTLINE(misc-no-recursion): one level per set of a chain, CHAIN_MAX at most
static void link(chains *c, rc *r)
{
    search *s = c->s;
    if (c->length == 0) c->first_used = used_digits(r);
    int fresh = c->fresh && c->fresh[r->b];
    c->chain[c->length++] = r;
    c->nfresh += fresh;
    if (c->length >= 3 && (!c->fresh || c->nfresh)) record_chain(c, r);
    if (s->first_rc[r->b] < s->end_rc[r->b] &&
        may_eliminate(c, ends_after(c, r->b, read_digit(r))))
        extend(c, r->b, r);
    c->nfresh -= fresh;
    c->length--;
}

/* The links from set `from` after `last` (NULL: the start's first) and
 * the chains on from them. Records go from a set to later ones only: no
 * set comes twice in a chain. */
// NOLINTNEXTLINE(misc-no-recursion): one level per set of a chain, CHAIN_MAX at most
static void extend(chains *c, int from, const rc *last)
{
    search *s = c->s;
    if (c->length >= CHAIN_MAX) return;
    int p = last ? read_digit(last) : 0;
    bool first_try = true;
    for (int i = s->first_rc[from]; i < s->end_rc[from]; i++) {
        rc *r = &s->rcs[i];
        if (!last)
            first_link(r, first_try);
        else if (!follows(r, p))
            continue;
        /* A chain of stale sets, and all its extensions, is none. */
        if (!c->fresh || c->nfresh || c->reach[r->b]) link(c, r);
        if (!last) {
            if (r->d2 && first_try) {
                first_try = false;
                i--;
            } else {
                first_try = true;
            }
        }
    }
}

/* HoDoKu's AlsComparator: more eliminations, the weighted sum, fewer
 * sets, fewer cells. */
static int compare_chains(const chain_step *a, const chain_step *b)
{
    if (a->nelim != b->nelim) return b->nelim - a->nelim;
    if (memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof *a->elim) != 0) {
        long d = hodoku_weighted_sum(a->elim, a->nelim) - hodoku_weighted_sum(b->elim, b->nelim);
        return d < 0 ? -1 : d > 0;
    }
    if (a->nals != b->nals) return a->nals - b->nals;
    return a->ncells - b->ncells;
}

/* Fills reach (by set) for chains: records go from a set to later ones. */
static void reach_fresh(const search *s, const bool *fresh, bool *reach)
{
    for (int i = s->nalses - 1; i >= 0; i--) {
        reach[i] = fresh[i];
        for (int k = s->first_rc[i]; k < s->end_rc[i] && !reach[i]; k++)
            reach[i] = reach[s->rcs[k].b];
    }
}

static bool als_chain(search *s, const bool *fresh, sudoku_technique technique, sudoku_step *step)
{
    chains c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.fresh = fresh;
    c.reach = fresh ? malloc((size_t)s->nalses + 1) : NULL;
    c.scratch = malloc(sizeof *c.scratch);
    c.ends = malloc(((size_t)s->nalses * 9 + 1) * sizeof *c.ends);
    c.ends_made = calloc((size_t)s->nalses * 9 + 1, sizeof *c.ends_made);
    hodoku_keymap_init(&c.seen);
    if (!c.scratch || !c.ends || !c.ends_made || (fresh && !c.reach)) {
        s->no_memory = true;
    } else {
        if (fresh) reach_fresh(s, fresh, c.reach);
        for (c.start = 0; c.start < s->nalses; c.start++) {
            if (fresh && !c.reach[c.start]) continue;
            c.nfresh = fresh && fresh[c.start];
            extend(&c, c.start, NULL);
        }
    }
    const chain_step *best = NULL;
    for (int i = 0; i < c.nsteps; i++)
        if (!best || compare_chains(&c.steps[i], best) < 0) best = &c.steps[i];
    if (best) {
        c.scratch->n = best->nelim;
        memcpy(c.scratch->list, best->elim, (size_t)best->nelim * sizeof *best->elim);
        als_step as;
        as.e = c.scratch;
        as.nsets = best->nals;
        as.nlinks = best->nals - 1;
        as.z = 0;
        for (int i = 0; i < best->nals; i++) as.sets[i] = &s->alses[best->als[i]];
        for (int k = 0; k < as.nlinks; k++) {
            as.link[k][0] = k;
            as.link[k][1] = k + 1;
            as.rc[k] = best->rc[k];
        }
        make_step(s, &as, technique, step);
    }
    free(c.reach);
    free(c.ends);
    free(c.ends_made);
    free(c.scratch);
    free(c.steps);
    hodoku_keymap_free(&c.seen);
    return best != NULL;
}

/* The kinds of ALS step. */
typedef enum als_kind { XZ, XY_WING, CHAIN } als_kind;

/* The sets and restricted commons of the last board a round's finders
 * were asked on, kept for the rounds of the boards after it. */
struct hodoku_round {
    search s;
    bool ready; /* s is board's (else empty) */
    uint16_t candidates[SUDOKU_CELLS];
    uint8_t values[SUDOKU_CELLS];
};

static void search_free(search *s)
{
    index_free(&s->index);
    free(s->alses);
    free(s->first_rc);
    free(s->end_rc);
    free(s->rcs);
}

void hodoku_round_free(hodoku_round *round)
{
    if (!round) return;
    search_free(&round->s);
    free(round);
}

/* The sets and restricted commons of g into s, with old (NULL: none) the
 * search of an earlier board that g only lost candidates from, in the
 * cells changed (find_alses, find_rcs); false if memory ran out (s then
 * to be freed all the same). */
static bool prepare(search *s, const hodoku_grid *g, search *old, hodoku_set changed)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    hodoku_digit_sets(g, s->holds);
    find_alses(s, old, changed);
    s->first_rc = malloc(((size_t)s->nalses + 1) * sizeof *s->first_rc);
    s->end_rc = malloc(((size_t)s->nalses + 1) * sizeof *s->end_rc);
    if (s->no_memory || !s->first_rc || !s->end_rc) return false;
    find_rcs(s, old);
    return !s->no_memory;
}

/* True if a board of candidates and values (placed digits) only lost
 * candidates from one of was and was_values (or is it): then changed
 * holds the cells where the two differ. Eight values and four cells'
 * candidates a word, the last cell alone: one test a word, where most
 * words are the same. */
static bool lost_from(const uint16_t *candidates, const uint8_t *values, const uint16_t *was,
                      const uint8_t *was_values, hodoku_set *changed)
{
    *changed = hodoku_set_empty();
    for (int cell = 0; cell < SUDOKU_CELLS - 1; cell += 4) {
        uint64_t a, b;
        memcpy(&a, candidates + cell, sizeof a);
        memcpy(&b, was + cell, sizeof b);
        if (a & ~b) return false;
        hodoku_add_lanes(changed, cell, a, b, 16);
    }
    for (int cell = 0; cell < SUDOKU_CELLS - 1; cell += 8) {
        uint64_t a, b;
        memcpy(&a, values + cell, sizeof a);
        memcpy(&b, was_values + cell, sizeof b);
        hodoku_add_lanes(changed, cell, a, b, 8);
    }
    int last = SUDOKU_CELLS - 1;
    if (candidates[last] & ~was[last]) return false;
    if (candidates[last] != was[last] || values[last] != was_values[last])
        hodoku_set_add(changed, last);
    return true;
}

bool hodoku_round_make(hodoku_round **kept, const hodoku_grid *g)
{
    hodoku_round *round = *kept;
    if (!round) {
        round = calloc(1, sizeof *round);
        if (!round) return false;
        *kept = round;
    }
    hodoku_set changed = hodoku_set_empty();
    bool carried = round->ready && lost_from(g->candidates, g->value, round->candidates,
                                             round->values, &changed);
    if (carried && hodoku_set_is_empty(changed)) {
        round->s.g = g;
        return true;
    }
    search made;
    round->ready = prepare(&made, g, carried ? &round->s : NULL, changed);
    search_free(&round->s);
    round->s = made;
    if (!round->ready) {
        search_free(&round->s);
        memset(&round->s, 0, sizeof round->s);
        return false;
    }
    memcpy(round->candidates, g->candidates, sizeof round->candidates);
    memcpy(round->values, g->value, sizeof round->values);
    return true;
}

static bool als_equal(const als *a, const als *b)
{
    if (!hodoku_set_equal(a->cells, b->cells) || a->digits != b->digits || a->ncells != b->ncells ||
        !hodoku_set_equal(a->buddies, b->buddies) || a->seen != b->seen)
        return false;
    for (unsigned ds = a->digits; ds; ds &= ds - 1) {
        int d = sudoku_lowest_digit(ds);
        if (a->houses_with[d] != b->houses_with[d] || !hodoku_set_equal(a->sees[d], b->sees[d]))
            return false;
    }
    return true;
}

bool hodoku_round_equal(const hodoku_round *a, const hodoku_round *b)
{
    const search *x = &a->s, *y = &b->s;
    if (a->ready != b->ready || x->nalses != y->nalses || x->nrcs != y->nrcs) return false;
    for (int i = 0; i < x->nalses; i++)
        if (!als_equal(&x->alses[i], &y->alses[i]) || x->first_rc[i] != y->first_rc[i] ||
            x->end_rc[i] != y->end_rc[i])
            return false;
    for (int i = 0; i < x->nrcs; i++) {
        const rc *r = &x->rcs[i], *t = &y->rcs[i];
        if (r->a != t->a || r->b != t->b || r->d1 != t->d1 || r->d2 != t->d2) return false;
    }
    return true;
}

/* The search of q's board: its round's (hodoku_round_make), or one of
 * this finder's own (*owned set: to be freed). NULL if memory ran out. */
static search *round_search(hodoku_query *q, search *own, bool *owned)
{
    *owned = false;
    if (q->round) return hodoku_round_make(q->round, q->grid) ? &(*q->round)->s : NULL;
    if (!prepare(own, q->grid, NULL, hodoku_set_empty())) {
        search_free(own);
        return NULL;
    }
    *owned = true;
    return own;
}

/* The sets of s a step of kind may need on q's board, by set (NULL: any;
 * to be freed). Where kind's search found nothing on an earlier board
 * (q's cache) that q's board only lost candidates from, a set whose cells
 * are as they were there was a set of that board too, with the same
 * restricted commons (which read the two sets' cells, digits and houses
 * by digit only, rcs_with) and no eliminations but the earlier ones
 * (fewer cells hold the digits): a step needs a set with a cell that
 * changed, a fresh one. So does a set with a changed cell that had its
 * digits and houses by digit there all the same (as_it_was); the test
 * is left to the XY-Wing and the chains, where it saves more than it
 * costs (ALS-XZ passes over a record of stale sets at once). The list's
 * order keeps the earlier sets' order (a house's cells in order, the
 * houses in order), so a chain of them was one there. */
static bool *fresh_sets(const hodoku_query *q, const search *s, als_kind kind)
{
    const hodoku_cache *cache = q->cache;
    const hodoku_grid *g = q->grid;
    if (!cache || g->drift || !(cache->als_known >> kind & 1u)) return NULL;
    hodoku_set changed;
    if (!lost_from(g->candidates, g->value, cache->als_candidates[kind], cache->als_values[kind],
                   &changed))
        return NULL;
    bool *fresh = malloc((size_t)s->nalses + 1);
    if (!fresh) return NULL;
    for (int i = 0; i < s->nalses; i++)
        fresh[i] =
            !hodoku_set_is_empty(hodoku_set_and(s->alses[i].cells, changed)) &&
            (kind == XZ || !as_it_was(cache->als_candidates[kind], g->candidates, &s->alses[i]));
    return fresh;
}

/* Keeps in q's cache that kind's search found nothing on q's board. */
static void none_found(const hodoku_query *q, als_kind kind)
{
    hodoku_cache *cache = q->cache;
    if (!cache || q->grid->drift) return;
    memcpy(cache->als_candidates[kind], q->grid->candidates, sizeof cache->als_candidates[kind]);
    memcpy(cache->als_values[kind], q->grid->value, sizeof cache->als_values[kind]);
    cache->als_known |= 1u << kind;
}

static bool find(hodoku_query *q, als_kind kind, sudoku_technique technique, sudoku_step *step)
{
    search own;
    bool owned;
    search *s = round_search(q, &own, &owned);
    if (!s) {
        q->short_of_memory = true;
        return false;
    }
    bool *fresh = fresh_sets(q, s, kind);
    /* A step needs a fresh set (stale): with none, there is none. */
    bool none_fresh = fresh && !memchr(fresh, 1, (size_t)s->nalses);
    bool found = none_fresh        ? false
                 : kind == XZ      ? als_xz(s, fresh, technique, step)
                 : kind == XY_WING ? als_xy_wing(s, fresh, technique, step)
                                   : als_chain(s, fresh, technique, step);
    free(fresh);
    if (s->no_memory) {
        q->short_of_memory = true;
        found = false;
    } else if (!found) {
        none_found(q, kind);
    }
    if (owned) search_free(s);
    return found;
}

bool hodoku_als_xz(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, XZ, technique, step);
}

bool hodoku_als_xy_wing(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, XY_WING, technique, step);
}

bool hodoku_als_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, CHAIN, technique, step);
}
