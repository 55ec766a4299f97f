/*
 * forcing.c: HoDoKu's Forcing Chain and Forcing Net searches (hodoku-spec
 * 14): every candidate's ON and OFF tables, expanded, are read for
 * contradictions (a premise that leads to a candidate both on and off,
 * two digits in a cell, a digit twice in a house, a cell or a house left
 * empty) and verities (what both states of a candidate, all candidates of
 * a cell, or all places of a digit in a house lead to). Each result is
 * kept once, with its shortest chains, in the order first found; HoDoKu's
 * tabling comparator picks one.
 */
#include "forcing.h"

#include "logic/step.h"
#include "nets.h"
#include "reach.h"
#include "table.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define SPECS_MAX 9 /* chains of one step: a cell's candidates, a house's places */
#define CHAIN_MAX 8192 /* entries of a chain read back, net branches included */

/* A chain a step shows: from the premise of table to node. */
typedef struct spec {
    uint16_t table, node;
} spec;

/* Where a contradiction happens, as its text says: a unit (0-26), or
 * IN_CELL + a cell; FROM_SCRATCH for the cell HoDoKu's scratch set names
 * (premise_scratch_cell: worked out for the step shown only). */
#define IN_CELL 27
#define FROM_SCRATCH (-1)

/* A result a check found, in the order found: a contradiction (its
 * premise is false) or a verity, what it places or eliminates, and the
 * chains that show it. Whether it is a net's and how long its chains are
 * is only read off its tables for the results that may win. */
typedef struct hit {
    bool contradiction, place;
    uint8_t cell, digit;
    int16_t entity;
    uint8_t nspecs;
    spec specs[SPECS_MAX];
} hit;

/* HoDoKu's scratch set tmpSet, as far as a contradiction's text reads it:
 * "in rXcY" names the first cell it held when last looked into, which may
 * be left over from another check. */
typedef struct scratch {
    hodoku_set content;
    bool looked;
    int first;
} scratch;

/* A set as one vector of its two words (GCC's vector extension, as
 * src/solve/planes.c uses): one instruction an and or an or. */
typedef uint64_t set_vector __attribute__((vector_size(16)));

/* What a table's premise leads to: the cells each digit is on in
 * (sets[0][digit]) and off in (sets[1][digit]); as words, to be filled a
 * node at a time (table_sets), and as vectors, for the checks. */
typedef union outcome {
    hodoku_set sets[2][10];
    uint64_t w[2 * 10 * 2];
    set_vector v[2][10];
} outcome;
_Static_assert(sizeof(hodoku_set) == 2 * sizeof(uint64_t), "a set is two words");

static bool vector_empty(set_vector v)
{
    return !(v[0] | v[1]);
}

/* The size of a chain read back (hodoku_tables_chain_from): all its
 * entries, and its main chain's; length -1 while not read. */
typedef struct chain_size {
    int length, main_length;
} chain_size;

#define CLEAN_WORDS (2 * ((HODOKU_NODES + 127) / 128)) /* a reach set's words at most (an even count) */

typedef struct search {
    hodoku_tables *t;
    hodoku_reach reach;
    outcome *leads; /* by table */
    hodoku_set allowed[10], empty;
    set_vector lacks[10]; /* by digit: the cells the tables' holds leave out */
    /* By digit and cell: the houses whose first allowed place it is (bits
     * 0-26), and those whose last (bits 32-58). */
    uint64_t ends[10][SUDOKU_CELLS];
    /* By reach number (plain nodes): the word of an outcome its node sets,
     * and the bit. */
    uint8_t word[HODOKU_NODES];
    uint64_t bit[HODOKU_NODES];
    int16_t made_by[HODOKU_NODES]; /* by part: the table whose sets are its reach, -1 for none yet */
    /* By table: the part whose reach its sets are (shared by the part's
     * tables), -1 for a table expanded on its own. */
    int16_t part_of[HODOKU_PLAIN_NODES];
    int16_t roots[HODOKU_PLAIN_NODES]; /* probe_clean's tables */
    /* By reach number: the nodes some table whose sets_checks found
     * nothing reaches (bits of a reach set, as many words). */
    uint64_t clean[CLEAN_WORDS];
    int plain_words;               /* the words of a reach set that hold plain nodes */
    uint64_t plain_last;           /* the plain nodes' bits of the last of them */
    hit *hits;
    int nhits, size;
    scratch tmp;
    /* The tables expanded so far (on demand), in one arena. */
    hodoku_entry *arena;
    chain_size *sizes; /* by entry of the arena: its chain's, once read */
    int used, arena_size;
    int start[HODOKU_PLAIN_NODES], count[HODOKU_PLAIN_NODES];
    bool whole[HODOKU_PLAIN_NODES]; /* expanded, or only its direct list copied */
    uint16_t chain[CHAIN_MAX];
    bool full_tables; /* some table expanded on its own (part_of -1) */
    bool nets, no_memory;
    /* A solution of the board (solved: one was found), for true_premise. */
    bool solved;
    uint8_t solution[SUDOKU_CELLS];
} search;

static void assign(scratch *s, hodoku_set content)
{
    s->content = content;
    s->looked = false;
}

static int first_cell(scratch *s)
{
    if (!s->looked) {
        if (!hodoku_set_is_empty(s->content)) s->first = hodoku_set_first(s->content);
        s->looked = true;
    }
    return s->first;
}

/* The tmpSet the group tables leave behind (spec 13.2): looked into last
 * at the cells seeing the last group node that some cell sees, and left
 * holding what the last group node's last house check held. */
static void scratch_after_groups(search *s)
{
    const hodoku_tables *t = s->t;
    s->tmp.first = 0;
    s->tmp.looked = true;
    s->tmp.content = hodoku_set_empty();
    for (int gi = t->ngroups - 1; gi >= 0; gi--) {
        const hodoku_group *gr = &t->groups[gi];
        hodoku_set sees = hodoku_set_and(t->holds[gr->digit], gr->buddies);
        if (!hodoku_set_is_empty(sees)) {
            s->tmp.first = hodoku_set_first(sees);
            break;
        }
    }
    if (!t->ngroups) return;
    int gi = t->ngroups - 1;
    const hodoku_group *gr = &t->groups[gi];
    assign(&s->tmp, hodoku_set_and(t->holds[gr->digit], gr->buddies));
    s->tmp.looked = true;
    int count[3] = {0, 0, 0}, first[3] = {-1, -1, -1};
    for (int i = 0; i < t->ndigit_groups[gr->digit]; i++) {
        int gj = t->digit_groups[gr->digit][i];
        const hodoku_group *g2 = &t->groups[gj];
        if (gj == gi || !hodoku_set_is_empty(hodoku_set_and(gr->set, g2->set))) continue;
        const bool same[3] = {gr->row >= 0 && gr->row == g2->row, gr->col >= 0 && gr->col == g2->col, gr->box == g2->box};
        for (int k = 0; k < 3; k++)
            if (same[k] && ++count[k] == 1) first[k] = gj;
    }
    for (int k = 0; k < 3; k++)
        if (count[k] == 1) {
            hodoku_set house = hodoku_unit_sets[k == 2 ? 18 + gr->box : gr->row >= 0 ? gr->row : 9 + gr->col];
            assign(&s->tmp, hodoku_set_minus(hodoku_set_and(house, t->holds[gr->digit]),
                                             hodoku_set_or(gr->set, t->groups[first[k]].set)));
        }
}

/* ---- the tables' sets, made as the checks need them ---- */

/* A reach set's plain nodes as sets of cells by state and digit, into o. */
static void scatter(const search *s, const uint64_t *set, outcome *o)
{
    *o = (outcome){0};
    for (int w = 0; w < s->plain_words; w++)
        for (uint64_t bits = set[w] & (w == s->plain_words - 1 ? s->plain_last : ~0ull); bits; bits &= bits - 1) {
            int v = w * 64 + __builtin_ctzll(bits);
            o->w[s->word[v]] |= s->bit[v];
        }
}

/* The part of a table whose sets are its reach: its reach set. */
static const uint64_t *part_set(const search *s, int part)
{
    return s->reach.sets + (size_t)part * (size_t)s->reach.words;
}

/* A table's sets, made on first use: the premises of one strongly
 * connected part reach the same nodes, so they all read the sets of the
 * part's first table asked. */
static const outcome *leads_of(search *s, int table)
{
    int part = s->part_of[table];
    if (part < 0) return &s->leads[table];
    if (s->made_by[part] < 0) {
        scatter(s, part_set(s, part), &s->leads[table]);
        s->made_by[part] = (int16_t)table;
    }
    return &s->leads[s->made_by[part]];
}

/* Whether a table's sets hold node (a plain node), read off its reach set
 * if they are its reach. */
static bool leads_to(search *s, int table, int node)
{
    int part = s->part_of[table];
    if (part < 0) {
        const outcome *o = leads_of(s, table);
        return hodoku_set_has(o->sets[hodoku_node_on(node) ? 0 : 1][hodoku_node_digit(node)], hodoku_node_cell(node));
    }
    int v = s->reach.index[node];
    return part_set(s, part)[v / 64] >> (v % 64) & 1u;
}

/* What all of tables lead to, into o; false if nothing. Read off their
 * reach sets when their sets are their reach (the sets of an intersection
 * are the intersection of the sets: a plain node sets one bit of its
 * own), which spares making the sets of tables no other check reads. */
static bool common_sets(search *s, const int *tables, int n, outcome *o)
{
    bool reach = true;
    for (int i = 0; i < n && s->full_tables; i++) reach = reach && s->part_of[tables[i]] >= 0;
    if (!reach) {
        /* The intersections of all digits' sets at once, table by table,
         * until none is left (each table's sets are one block). */
        *o = *leads_of(s, tables[0]);
        for (int i = 1; i < n; i++) {
            const outcome *t = leads_of(s, tables[i]);
            set_vector left = {0, 0};
            for (int k = 0; k < 2; k++)
                for (int digit = 1; digit <= 9; digit++) {
                    o->v[k][digit] &= t->v[k][digit];
                    left |= o->v[k][digit];
                }
            if (vector_empty(left)) return false;
        }
        return true;
    }
    /* The first two sets ANDed in one pass (a set with itself if one). */
    uint64_t both[CLEAN_WORDS], left = 0;
    const uint64_t *first = part_set(s, s->part_of[tables[0]]), *second = part_set(s, s->part_of[tables[n > 1 ? 1 : 0]]);
    int last = s->plain_words - 1;
    for (int w = 0; w < last; w++) left |= both[w] = first[w] & second[w];
    left |= both[last] = first[last] & second[last] & s->plain_last;
    if (!left) return false;
    for (int i = 2; i < n; i++) {
        const uint64_t *set = part_set(s, s->part_of[tables[i]]);
        left = 0;
        for (int w = 0; w < s->plain_words; w++) left |= both[w] &= set[w];
        if (!left) return false;
    }
    scatter(s, both, o);
    return true;
}

/* ---- the checks (spec 14.3) ---- */

static void add_hit(search *s, bool contradiction, bool place, int cell, int digit, int entity,
                    const spec *specs, int nspecs)
{
    if (s->nhits == s->size) {
        int size = s->size ? 2 * s->size : 256;
        hit *bigger = realloc(s->hits, (size_t)size * sizeof *bigger);
        if (!bigger) {
            s->no_memory = true;
            return;
        }
        s->hits = bigger;
        s->size = size;
    }
    hit *h = &s->hits[s->nhits++];
    h->contradiction = contradiction;
    h->place = place;
    h->cell = (uint8_t)cell;
    h->digit = (uint8_t)digit;
    h->entity = (int16_t)entity;
    h->nspecs = (uint8_t)nspecs;
    memcpy(h->specs, specs, (size_t)nspecs * sizeof *specs);
}

/* A contradiction from one table: its premise is false. */
static void contradiction(search *s, int table, int entity, const spec *specs, int nspecs)
{
    int cell = hodoku_node_cell(table), digit = hodoku_node_digit(table);
    add_hit(s, true, !hodoku_node_on(table), cell, digit, entity, specs, nspecs);
}

/* The chains to node in each of the tables: a spec list. */
static int specs_to(spec *specs, const int *tables, int ntables, int node)
{
    for (int i = 0; i < ntables; i++) specs[i] = (spec){(uint16_t)tables[i], (uint16_t)node};
    return ntables;
}

/* The cells of set, each as node of digit (on or off) in table. */
static int specs_of(spec *specs, int table, hodoku_set set, int digit, bool on)
{
    int n = 0;
    for (int cell; n < SPECS_MAX && (cell = hodoku_set_pop(&set)) >= 0;)
        specs[n++] = (spec){(uint16_t)table, (uint16_t)hodoku_plain(cell, digit, on)};
    return n;
}

/* A digit on twice in a house (spec 14.3 1d). HoDoKu looks into every
 * house's cells with each digit on; the last it looks into is a box's.
 * The houses that hold two are read off the cells' houses. */
static void twice_in_house(search *s, int table)
{
    const hodoku_set *on = leads_of(s, table)->sets[0];
    spec specs[SPECS_MAX];
    uint32_t twice[10] = {0}, any = 0, top_boxes = 0;
    int top = 0; /* the last digit on somewhere */
    for (int digit = 1; digit <= 9; digit++) {
        if (hodoku_set_is_empty(on[digit])) continue;
        uint32_t seen = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = on[digit].w[w]; bits; bits &= bits - 1) {
                uint32_t units = sudoku_cell_unit_mask[64 * w + __builtin_ctzll(bits)];
                twice[digit] |= seen & units;
                seen |= units;
            }
        any |= twice[digit];
        top = digit;
        top_boxes = seen >> 18;
    }
    for (int kind = 0; kind < 3 && any; kind++)
        for (int digit = 1; digit <= 9; digit++)
            for (uint32_t houses = twice[digit] >> (9 * kind) & 0x1ffu; houses; houses &= houses - 1) {
                int h = kind * 9 + __builtin_ctz(houses);
                hodoku_set both = hodoku_set_and(hodoku_unit_sets[h], on[digit]);
                contradiction(s, table, h, specs, specs_of(specs, table, both, digit, true));
            }
    if (top) {
        int h = 31 - __builtin_clz(top_boxes);
        s->tmp.first = hodoku_set_first(hodoku_set_and(hodoku_unit_sets[18 + h], on[top]));
        s->tmp.looked = true;
    }
}

/* The houses whose first and last allowed places of digit are off: those
 * that may have every place off (bits 0-26). */
static uint32_t ends_off(const search *s, const hodoku_set *off, int digit)
{
    hodoku_set gone = hodoku_set_and(off[digit], s->allowed[digit]);
    uint64_t ends = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = gone.w[w]; bits; bits &= bits - 1)
            ends |= s->ends[digit][64 * w + __builtin_ctzll(bits)];
    return (uint32_t)ends & (uint32_t)(ends >> 32);
}

/* Whether every place digit is allowed in house is off in off (places:
 * those places). */
static bool places_off(const search *s, const hodoku_set *off, int digit, int house,
                       hodoku_set *places)
{
    *places = hodoku_set_and(hodoku_unit_sets[house], s->allowed[digit]);
    return hodoku_set_is_empty(hodoku_set_minus(*places, off[digit]));
}

/* Every place a digit has left in a house off (spec 14.3 1f): only houses
 * whose first and last places are off can be. HoDoKu leaves its scratch
 * set at the last house it tried, box 9's places for 9. */
static void house_emptied(search *s, int table)
{
    const hodoku_set *off = leads_of(s, table)->sets[1];
    spec specs[SPECS_MAX];
    bool last = false;
    uint32_t units[10], digits[3] = {0, 0, 0}; /* by kind: the digits with such houses */
    for (int digit = 1; digit <= 9; digit++) {
        units[digit] = ends_off(s, off, digit);
        if (!units[digit]) continue;
        for (int kind = 0; kind < 3; kind++) digits[kind] |= (units[digit] >> (9 * kind) & 0x1ffu ? 1u : 0u) << digit;
    }
    for (int kind = 0; kind < 3; kind++)
        for (uint32_t ds = digits[kind]; ds; ds &= ds - 1) {
            int digit = __builtin_ctz(ds);
            for (unsigned houses = (units[digit] >> (9 * kind)) & 0x1ffu; houses; houses &= houses - 1) {
                int h = sudoku_lowest_bit(houses);
                hodoku_set places;
                if (!places_off(s, off, digit, kind * 9 + h, &places)) continue;
                s->tmp.first = hodoku_set_first(places);
                last = kind == 2 && digit == 9 && h == 8;
                contradiction(s, table, kind * 9 + h, specs, specs_of(specs, table, places, digit, false));
            }
        }
    s->tmp.content = hodoku_set_and(hodoku_unit_sets[26], s->allowed[9]);
    s->tmp.looked = last;
}

/* The first check of HoDoKu's checkOneChain (spec 14.3 1): the premise
 * leads to its own opposite. */
static void premise_reversed(search *s, int table)
{
    int x = hodoku_node_cell(table), d = hodoku_node_digit(table);
    bool premise_on = hodoku_node_on(table);
    if (leads_to(s, table, hodoku_plain(x, d, !premise_on))) {
        spec sp = {(uint16_t)table, (uint16_t)hodoku_plain(x, d, !premise_on)};
        /* HoDoKu looks into its scratch set here, which may set its first
         * cell: so the tables premise_scratch_cell checks again leave it
         * as HoDoKu's. */
        first_cell(&s->tmp);
        contradiction(s, table, FROM_SCRATCH, &sp, 1);
    }
}

/* The other checks of HoDoKu's checkOneChain: what the table's sets hold
 * whatever its premise. */
static void sets_checks(search *s, int table)
{
    const hodoku_grid *g = s->t->grid;
    const outcome *o = leads_of(s, table);
    const hodoku_set *on = o->sets[0], *off = o->sets[1];
    /* One pass over the digits, without a branch: the cells with a digit
     * both on and off, with two digits on, with every candidate off. */
    const set_vector *von = o->v[0], *voff = o->v[1];
    set_vector vseen = {0, 0}, vtwice = {0, 0}, vclash = {0, 0}, vnone = {~0ull, (1ull << 17) - 1};
    for (int i = 1; i <= 9; i++) {
        vclash |= von[i] & voff[i];
        vtwice |= vseen & von[i];
        vseen |= von[i];
        vnone &= s->lacks[i] | voff[i];
    }
    hodoku_set seen = {{vseen[0], vseen[1]}}, twice = {{vtwice[0], vtwice[1]}}, clash = {{vclash[0], vclash[1]}},
               none = {{vnone[0], vnone[1]}};
    for (int i = 1; i <= 9 && !hodoku_set_is_empty(clash); i++) {
        hodoku_set both = hodoku_set_and(on[i], off[i]);
        if (hodoku_set_is_empty(both)) continue;
        int cell = hodoku_set_first(both);
        s->tmp.first = cell;
        spec sp[2] = {{(uint16_t)table, (uint16_t)hodoku_plain(cell, i, false)}, {(uint16_t)table, (uint16_t)hodoku_plain(cell, i, true)}};
        contradiction(s, table, IN_CELL + cell, sp, 2);
    }
    if (!hodoku_set_is_empty(twice))
        for (int i = 1; i <= 9; i++)
            for (int j = i + 1; j <= 9; j++) {
                hodoku_set both = hodoku_set_and(on[i], on[j]);
                if (hodoku_set_is_empty(both)) continue;
                int cell = hodoku_set_first(both);
                s->tmp.first = cell;
                spec sp[2] = {{(uint16_t)table, (uint16_t)hodoku_plain(cell, i, true)}, {(uint16_t)table, (uint16_t)hodoku_plain(cell, j, true)}};
                contradiction(s, table, IN_CELL + cell, sp, 2);
            }
    /* With nothing on, twice_in_house finds nothing and leaves the scratch set alone. */
    if (!hodoku_set_is_empty(seen)) twice_in_house(s, table);
    /* A cell left without a candidate. */
    none = hodoku_set_and(hodoku_set_minus(none, seen), s->empty);
    if (!hodoku_set_is_empty(none)) {
        s->tmp.first = hodoku_set_first(none);
        for (hodoku_set c = none; !hodoku_set_is_empty(c);) {
            int cell = hodoku_set_pop(&c);
            spec specs[SPECS_MAX];
            int n = 0;
            for (unsigned k = g->candidates[cell]; k; k &= k - 1)
                specs[n++] = (spec){(uint16_t)table, (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(k), false)};
            contradiction(s, table, IN_CELL + cell, specs, n);
        }
    }
    house_emptied(s, table);
}

/* Whether sets_checks finds nothing in a table whose sets are its reach,
 * without making its results. Those sets hold every direct implication of
 * what they hold, and a candidate's ON table turns off its cell's other
 * candidates and its peers' digit first thing: in chains mode as its
 * links (table.c's on_successors), in nets mode as the removals its
 * play's placement records (nets.c's record). So a cell with two
 * digits on holds the second off too, and a house with a digit on twice
 * the second place off: both are a digit on and off in a cell. A cell with
 * a digit on and every candidate off is one too. So with no digit on and
 * off, only a cell with every candidate off or a house with every place
 * off is left to look for. */
static bool reach_clean(search *s, int table)
{
    const outcome *o = leads_of(s, table);
    const hodoku_set *off = o->sets[1];
    set_vector clash = {0, 0}, none = {s->empty.w[0], s->empty.w[1]};
    for (int i = 1; i <= 9; i++) {
        clash |= o->v[0][i] & o->v[1][i];
        none &= s->lacks[i] | o->v[1][i];
    }
    if (!vector_empty(clash | none)) return false;
    for (int digit = 1; digit <= 9; digit++)
        for (uint32_t houses = ends_off(s, off, digit); houses; houses &= houses - 1) {
            hodoku_set places;
            if (places_off(s, off, digit, __builtin_ctz(houses), &places)) return false;
        }
    return true;
}

/* HoDoKu's checkOneChain (spec 14.3 1). */
static void one_table(search *s, int table)
{
    premise_reversed(s, table);
    sets_checks(s, table);
}

/* After a table of part found nothing in sets_checks: so do all the
 * tables it reaches. */
static void mark_clean(search *s, int part)
{
    const uint64_t *reached = part_set(s, part);
    for (int w = 0; w < s->reach.words; w++) s->clean[w] |= reached[w];
}

/* The board's solution last found by this thread: a path asks its
 * forcing searches on many boards of one puzzle, and each keeps the
 * solution's candidates. */
static _Thread_local sudoku_grid kept_solution;
static _Thread_local bool kept_solved;

/* True if every placed cell of g holds solution's digit and every open
 * cell has it as a candidate. */
static bool solution_fits(const hodoku_grid *g, const uint8_t *solution)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (g->value[cell] ? g->value[cell] != solution[cell]
                           : !(g->candidates[cell] & (1u << (solution[cell] - 1))))
            return false;
    return true;
}

/* True if each single a queue of g holds for an open cell is solution's
 * digit there (what a net's play may place from the queues it starts
 * with). */
static bool queues_fit(const hodoku_grid *g, const uint8_t *solution)
{
    const hodoku_queue *queues[2] = {&g->naked, &g->hidden};
    for (int k = 0; k < 2; k++)
        for (int i = queues[k]->head; i < queues[k]->tail; i++) {
            sudoku_candidate e = queues[k]->entry[i];
            if (!g->value[e.cell] && solution[e.cell] != e.digit) return false;
        }
    return true;
}

/* A solution of g into s (s->solved false if it has none, if g's counts
 * no longer tell (drift) or if its queues hold a single it does not fit):
 * the kept one if it fits g, else the solver's. Any solution fitting g
 * serves true_premise, whether or not g has others. */
static void solve_board(search *s, const hodoku_grid *g)
{
    s->solved = false;
    if (g->drift) return;
    if (!kept_solved || !solution_fits(g, kept_solution.cell)) {
        sudoku_board board;
        hodoku_grid_board(g, &board);
        sudoku_result result;
        kept_solved = sudoku_search(&board, 1, &result) == 1;
        if (kept_solved) kept_solution = result.solution;
    }
    s->solved = kept_solved && queues_fit(g, kept_solution.cell);
    memcpy(s->solution, kept_solution.cell, sizeof s->solution);
}

/* True if a table's premise holds in the solution s keeps: then its checks
 * find nothing, so they are not run. Every link of the tables, in both
 * modes, is an implication true in any solution that fits the board: a
 * candidate placed turns off its cell's others and its peers' digit; a
 * candidate off turns on a bivalue cell's other one and a house's other
 * place; a group node likewise. A net's play of a true premise keeps the
 * solution's candidates all along (it places the solution's digits and
 * removes others), so the singles it announces are the solution's: it
 * places only singles its queues hold for open cells, those it starts with
 * are the solution's (queues_fit), and those that join it are too (the
 * counts tell, with no drift): a naked single is a cell's last candidate,
 * a hidden single a unit's one place of a digit not placed in it, which
 * the solution's place keeps. So everything a true premise reaches holds
 * in the solution, and a solution has no digit both on and off, two
 * digits in a cell, a digit twice in a house, a cell with every candidate
 * off or a house with every allowed place of a digit off (the solution's
 * place is allowed: it sees no placed digit of its own), nor the
 * premise's opposite. */
static bool true_premise(const search *s, int table)
{
    return s->solved && (s->solution[hodoku_node_cell(table)] == hodoku_node_digit(table)) == hodoku_node_on(table);
}

/* one_table in the search itself (not premise_scratch_cell's replay,
 * which needs the scratch set as every check leaves it: the search reads
 * no scratch set), but where it can find nothing. What sets_checks finds
 * depends on the sets alone (the table only names the results), and it
 * finds something in a table's sets whenever it does in a part of them:
 * each check but one needs some cells in the sets (a digit on and off,
 * two digits on in a cell or a house, a house's places off), and a cell
 * with every candidate off and none on is, once a candidate is on too, a
 * digit on and off there. A table whose sets are its reach holds those of
 * every table its premise reaches: once it found nothing, so do they.
 * Nor does premise_reversed find anything in such sets: they hold the
 * premise, so its opposite there would be a digit on and off in a cell. */
static void checked_table(search *s, int table)
{
    int part = s->part_of[table];
    if (true_premise(s, table)) return;
    if (part >= 0) {
        int v = s->reach.index[table];
        if (s->clean[v / 64] >> (v % 64) & 1u) return;
        if (reach_clean(s, table)) {
            mark_clean(s, part);
            return;
        }
    }
    premise_reversed(s, table);
    sets_checks(s, table);
}

/* Marks tables clean (s->clean) before the checks in HoDoKu's order
 * run: first the ON tables no other ON table reaches, until one is not
 * (reach_clean makes no results: the checks in order find them). A
 * clean table is clean whichever check finds it, so this changes no
 * result, only how many tables are checked: in a search whose
 * checks find nothing (most forcing chain searches), these alone are
 * checked but for a few (on t60, 6,700 tables instead of 10,700 in 44
 * such searches). Nearly every table is reached from one of them: an OFF
 * table from the ON tables of its cell's other candidates, an ON table
 * that an OFF table reaches (a strong link) from the ON tables reaching
 * that one. A forcing net search nearly always has one of them find
 * something at once, so it is not probed. Only a table that roots its
 * part is tried (the others share its sets); a root reached by some set
 * but its own is in two of them (a part's set holds its root). */
static void probe_clean(search *s)
{
    const hodoku_grid *g = s->t->grid;
    int n = 0;
    uint64_t reached[CLEAN_WORDS] = {0}, twice[CLEAN_WORDS] = {0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) {
            int table = hodoku_plain(cell, sudoku_lowest_digit(c), true), part = s->part_of[table];
            if (part != s->reach.index[table]) continue;
            s->roots[n++] = (int16_t)table;
            const uint64_t *set = part_set(s, part);
            for (int w = 0; w < s->plain_words; w++) {
                twice[w] |= reached[w] & set[w];
                reached[w] |= set[w];
            }
        }
    for (int i = 0; i < n; i++) {
        int table = s->roots[i], v = s->part_of[table];
        if ((twice[v / 64] | s->clean[v / 64]) >> (v % 64) & 1u || true_premise(s, table)) continue;
        if (!reach_clean(s, table)) return;
        mark_clean(s, v);
    }
}

/* HoDoKu's checkTwoChains (spec 14.3 2): what both states of a candidate
 * lead to. */
static void both_states(search *s, int on_table, int off_table)
{
    int x = hodoku_node_cell(on_table);
    set_vector other_cells = {~0ull, ~0ull}, any = {0, 0};
    other_cells[x / 64] &= ~(1ull << (x % 64));
    const int tables[2] = {on_table, off_table};
    outcome shared;
    if (!common_sets(s, tables, 2, &shared)) return;
    for (int pass = 0; pass < 2; pass++) /* first whether any is common, without a branch */
        for (int i = 1; i <= 9; i++) any |= shared.v[pass][i];
    if (vector_empty(any & other_cells)) return;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 1; i <= 9; i++) {
            set_vector common = shared.v[pass][i] & other_cells;
            if (vector_empty(common)) continue;
            hodoku_set both = {{common[0], common[1]}};
            for (int cell; (cell = hodoku_set_pop(&both)) >= 0;) {
                int node = hodoku_plain(cell, i, pass == 0);
                spec sp[2] = {{(uint16_t)on_table, (uint16_t)node}, {(uint16_t)off_table, (uint16_t)node}};
                add_hit(s, false, pass == 0, cell, i, 0, sp, 2);
            }
        }
}

/* HoDoKu's checkEntryList: what all of tables lead to. */
static void all_lead_to(search *s, const int *tables, int n)
{
    outcome all;
    if (!common_sets(s, tables, n, &all)) return;
    const set_vector *on = all.v[0], *off = all.v[1];
    for (int digit = 1; digit <= 9; digit++) {
        if (vector_empty(on[digit] | off[digit])) continue;
        hodoku_set placed = {{on[digit][0], on[digit][1]}}, removed = {{off[digit][0], off[digit][1]}};
        spec specs[SPECS_MAX];
        for (int cell; (cell = hodoku_set_pop(&placed)) >= 0;)
            add_hit(s, false, true, cell, digit, 0, specs, specs_to(specs, tables, n, hodoku_plain(cell, digit, true)));
        for (int cell; (cell = hodoku_set_pop(&removed)) >= 0;)
            add_hit(s, false, false, cell, digit, 0, specs, specs_to(specs, tables, n, hodoku_plain(cell, digit, false)));
    }
}

/* Every check but the ON tables' own (choose_removal runs those as it
 * needs them): every OFF table's, what both states and what all of a
 * cell's candidates or a house's places lead to. */
static void checks_but_on_tables(search *s)
{
    const hodoku_grid *g = s->t->grid;
    if (!s->nets) probe_clean(s);
    scratch_after_groups(s);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1)
            checked_table(s, hodoku_plain(cell, sudoku_lowest_digit(c), false));
    /* An OFF table whose premise implies nothing (most of them) holds only
     * its premise, in its own cell: both states share nothing elsewhere. */
    const int *succ_start = s->t->succ_start;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c), off = hodoku_plain(cell, digit, false);
            if (succ_start[off] != succ_start[off + 1])
                both_states(s, hodoku_plain(cell, digit, true), off);
        }
    int tables[SPECS_MAX];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (g->value[cell]) continue;
        int n = 0;
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) tables[n++] = hodoku_plain(cell, sudoku_lowest_digit(c), true);
        all_lead_to(s, tables, n);
    }
    for (int house = 0; house < 27; house++)
        for (int digit = 1; digit <= 9; digit++) {
            hodoku_set places = hodoku_set_and(hodoku_unit_sets[house], s->t->holds[digit]);
            if (hodoku_set_is_empty(places)) continue;
            int n = 0;
            for (int cell; (cell = hodoku_set_pop(&places)) >= 0;) tables[n++] = hodoku_plain(cell, digit, true);
            all_lead_to(s, tables, n);
        }
}

/* ---- the tables a result's chains are read from, expanded on demand ---- */

/* Puts a table into the arena: expanded if whole, else (nets mode) its
 * direct list only, whose entries the expansion keeps as they are, first
 * (it rewrites only the entries it added). */
static bool expand(search *s, int table, bool whole)
{
    if (s->start[table] >= 0 && (s->whole[table] || !whole)) return true;
    if (s->used + HODOKU_TABLE_MAX > s->arena_size) {
        int size = s->arena_size ? 2 * s->arena_size : 16 * HODOKU_TABLE_MAX;
        hodoku_entry *bigger = realloc(s->arena, (size_t)size * sizeof *bigger);
        if (bigger) {
            s->arena = bigger;
            s->t->map_ent = NULL; /* the arena moved */
        }
        chain_size *sizes = bigger ? realloc(s->sizes, (size_t)size * sizeof *sizes) : NULL;
        if (!sizes) {
            s->no_memory = true;
            return false;
        }
        s->sizes = sizes;
        s->arena_size = size;
    }
    hodoku_entry *ent = s->arena + s->used;
    s->start[table] = s->used;
    s->whole[table] = whole;
    if (whole) {
        s->count[table] = hodoku_tables_expand_into(s->t, table, ent);
    } else {
        s->count[table] = hodoku_direct_count(s->t, table);
        for (int i = 0; i < s->count[table]; i++) ent[i] = *hodoku_direct(s->t, table, i);
    }
    for (int i = 0; i < s->count[table]; i++) s->sizes[s->used + i].length = -1;
    s->used += s->count[table];
    return true;
}

/* The size of the chain a spec names (read into s->chain too if shown);
 * NULL if its table does not hold its node, or memory ran out. A nets
 * search reads it from the table's direct list when that holds the node
 * and the chain names no entry beyond it: the expanded table holds the
 * same entries first, and its node map the same places for them (the
 * expansion adds no node already there), so the chain read is the same;
 * else from the expanded table. */
static const chain_size *chain_of(search *s, spec sp, bool shown)
{
    for (bool whole = !s->nets;; whole = true) {
        if (!expand(s, sp.table, whole)) return NULL;
        const hodoku_entry *ent = s->arena + s->start[sp.table];
        int n = s->count[sp.table], index = -1;
        bool within = !s->whole[sp.table];
        /* A plain node is in an expanded table once at most (its direct
         * lists add a plain node once, the expansion only nodes not there
         * yet), so the node map's place, when it maps this table, is the
         * one a search would find. */
        if (s->t->map_ent == ent)
            index = hodoku_tables_find(s->t, sp.node);
        else
            for (int k = 0; k < n && index < 0; k++)
                if (ent[k].node == sp.node) index = k;
        if (index < 0) {
            if (within) continue;
            return NULL;
        }
        /* A chain read back depends on the tables only, which stay as they
         * are through the choice: its size is read once (many results of
         * one outcome share a table's chain to its node). */
        chain_size *size = &s->sizes[s->start[sp.table] + index];
        if (size->length < 0 || shown) {
            hodoku_set cells;
            size->main_length = 0;
            size->length = hodoku_tables_chain_from(s->t, ent, n, index, HODOKU_ANY_CHAIN, s->chain, CHAIN_MAX,
                                                    &cells, &size->main_length, within);
            if (size->length < 0) continue;
        }
        return size;
    }
}

/* Reads a result's chains back: whether one is a net's, their length
 * (HoDoKu's: all entries); into step too if it is not NULL. Stops once
 * the length reaches bound (a chain's is never negative). False if memory
 * ran out. */
static bool read_chains(search *s, const hit *h, bool *net, int *length, sudoku_step *step,
                        int bound)
{
    *net = false;
    *length = 0;
    for (int i = 0; i < h->nspecs && *length < bound; i++) {
        const chain_size *size = chain_of(s, h->specs[i], step != NULL);
        if (s->no_memory) return false;
        if (!size) continue;
        *length += size->length;
        *net = *net || size->length != size->main_length;
        if (step) hodoku_tables_links(s->t, step, s->chain, size->length < CHAIN_MAX ? size->length : CHAIN_MAX);
    }
    return true;
}

/* ---- the choice (spec 14.3, 14.4) ---- */

/* HoDoKu keeps one result per type (chain or net, contradiction or
 * verity) and outcome: the first found, or a later one with shorter
 * chains; a nets search keeps only nets' results. Its tabling comparator
 * takes a placement before any elimination, the lowest cell first, and
 * among results in one cell the one found first (its order says "greater"
 * both ways: the sort leaves them as they were); eliminations by cell * 10
 * + digit, then the shortest chains, then the first found. So only the
 * results of the first outcome some valid result has need their chains
 * read, and the checks that can only find results of later outcomes need
 * not run at all.
 *
 * HoDoKu runs every table's own checks (one_table) before the others, so
 * among the results of one outcome its contradictions come first, then its
 * verities, each in the order found. A placement's outcome is its cell (a
 * digit at most per cell), an elimination's its cell and digit. */
#define OUTCOMES (SUDOKU_CELLS * 9)

/* The results of one outcome (place: a placement's), in HoDoKu's order:
 * s->hits from first to last, then those of listed; the one HoDoKu's
 * comparator takes, NULL for none. */
static const hit *best_of(search *s, bool place, int first, int last, const int *listed, int nlisted)
{
    int kind_first[4] = {-1, -1, -1, -1}, kind_length[4] = {0, 0, 0, 0};
    const hit *kind_best[4] = {NULL, NULL, NULL, NULL};
    int n = last - first + nlisted;
    /* For a placement the comparator takes the kind whose first kept
     * result comes first: the kind of the first result kept (taken). A
     * later result of the other state of contradiction is of another kind,
     * which can neither win nor change the winning kind's shortest chain,
     * so its chains are not read. */
    int taken = -1;
    for (int i = 0; i < n; i++) {
        const hit *h = &s->hits[i < last - first ? first + i : listed[i - (last - first)]];
        if (place && taken >= 0 && h->contradiction != !(taken & 1)) continue;
        bool net;
        /* The kind it is kept as, if it is: a chains search's chains have
         * no branches (every entry's ret[1-4] is 0), so none is a net's; a
         * nets search keeps nets only. Once that kind has a result, one as
         * long or longer changes nothing (its kind's first, nor taken):
         * its chains are read only while they may be shorter. */
        int length, kind = (s->nets ? 2 : 0) + (h->contradiction ? 0 : 1);
        int bound = kind_best[kind] ? kind_length[kind] : INT_MAX;
        if (!read_chains(s, h, &net, &length, NULL, bound)) return NULL;
        if ((s->nets && !net) || length >= bound) continue;
        kind_best[kind] = h;
        kind_length[kind] = length;
        if (kind_first[kind] < 0) kind_first[kind] = i;
        if (taken < 0) taken = kind;
    }
    const hit *best = NULL;
    int best_kind = -1;
    for (int kind = 0; kind < 4; kind++) {
        if (!kind_best[kind]) continue;
        bool earlier = best && kind_first[kind] < kind_first[best_kind];
        if (!best || (place ? earlier
                            : kind_length[kind] < kind_length[best_kind] ||
                                  (kind_length[kind] == kind_length[best_kind] && earlier))) {
            best = kind_best[kind];
            best_kind = kind;
        }
    }
    return best;
}

/* Where a result goes among the results by outcome (placements, then
 * eliminations), contradictions before verities in each. */
static int hit_key(const hit *h)
{
    return 2 * ((h->place ? 0 : OUTCOMES) + h->cell * 9 + h->digit - 1) + (h->contradiction ? 0 : 1);
}

/* The results found before the ON tables' checks, by key (hit_key): their
 * numbers (order) and keys (key), n of them, in key order and in the
 * order found within a key. */
typedef struct sorted_hits {
    int n;
    int *order, *key;
} sorted_hits;

#define KEY_BITS 6 /* of a key, sorted on per pass */
_Static_assert(4 * OUTCOMES <= 1 << (2 * KEY_BITS), "a key sorts in two passes");

/* Two stable passes of a counting sort, on the keys' low bits and then
 * their high bits: a few buckets each, where one pass over every key
 * cleared and summed thousands of counts. spare has room for n. */
static void sort_hits(const search *s, sorted_hits *sorted, int *spare)
{
    int n = sorted->n = s->nhits;
    int *order = sorted->order, *key = sorted->key;
    for (int i = 0; i < n; i++) key[i] = hit_key(&s->hits[i]);
    int low[(1 << KEY_BITS) + 1] = {0}, high[(1 << KEY_BITS) + 1] = {0};
    const int mask = (1 << KEY_BITS) - 1;
    for (int i = 0; i < n; i++) {
        low[(key[i] & mask) + 1]++;
        high[(key[i] >> KEY_BITS) + 1]++;
    }
    for (int b = 1; b <= 1 << KEY_BITS; b++) {
        low[b] += low[b - 1];
        high[b] += high[b - 1];
    }
    for (int i = 0; i < n; i++) spare[low[key[i] & mask]++] = i;
    for (int i = 0; i < n; i++) order[high[key[spare[i]] >> KEY_BITS]++] = spare[i];
    for (int i = 0; i < n; i++) spare[i] = key[order[i]];
    memcpy(key, spare, (size_t)n * sizeof *key);
}

/* The elimination taken when no placement is: outcome by outcome, the ON
 * table of its candidate checked (one_table: the only check left whose
 * results are the candidate's elimination, and whose results are no other
 * outcome's) and then its results taken with the verities found for it
 * (sorted from at on: the earlier are placements'). The ON tables of later
 * outcomes cannot change the choice, so they are not checked. */
static const hit *choose_removal(search *s, const sorted_hits *sorted, int at)
{
    const hodoku_grid *g = s->t->grid;
    const int *key = sorted->key;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int end = 2 * (OUTCOMES + cell * 9 + 9); /* the next cell's first key */
        if (!g->candidates[cell] && (at == sorted->n || key[at] >= end)) continue;
        for (int digit = 1; digit <= 9; digit++) {
            int first = s->nhits, verity = 2 * (OUTCOMES + cell * 9 + digit - 1) + 1;
            if (g->candidates[cell] & (1u << (digit - 1))) checked_table(s, hodoku_plain(cell, digit, true));
            while (at < sorted->n && key[at] < verity) at++;
            int verities = at;
            while (at < sorted->n && key[at] == verity) at++;
            if (first == s->nhits && at == verities) continue;
            const hit *best = best_of(s, false, first, s->nhits, sorted->order + verities, at - verities);
            if (best || s->no_memory) return best;
        }
    }
    return NULL;
}

/* Runs the checks and returns the hit HoDoKu's comparator takes (copied
 * into chosen), false for none. */
static bool choose(search *s, hit *chosen)
{
    checks_but_on_tables(s);
    if (s->no_memory) return false;
    int *room = malloc((3 * (size_t)s->nhits + 1) * sizeof *room);
    const hit *best = NULL;
    if (!room) {
        s->no_memory = true;
    } else {
        sorted_hits sorted = {0, room, room + s->nhits};
        sort_hits(s, &sorted, room + 2 * s->nhits);
        const int *key = sorted.key;
        /* The placements cell by cell, those with results only. */
        int from = 0;
        while (from < sorted.n && key[from] < 2 * OUTCOMES && !best && !s->no_memory) {
            int to = from, end = 2 * (key[from] / 18 * 9 + 9); /* the next cell's first key */
            while (to < sorted.n && key[to] < end) to++;
            best = best_of(s, true, from, from, sorted.order + from, to - from);
            from = to;
        }
        if (!best && !s->no_memory) best = choose_removal(s, &sorted, from);
        if (best && !s->no_memory) *chosen = *best;
    }
    free(room);
    return best && !s->no_memory;
}

/* The cell a premise's own contradiction names: the first cell HoDoKu's
 * scratch set held when the checks of the premise's table began, in the
 * order HoDoKu checks the tables (each candidate's ON table, then its OFF
 * table, cell by cell; the group tables' scratch before all). An ON
 * table's checks leave the scratch set the same whatever it held before:
 * its premise is on in it (a table's reach holds its premise), so
 * twice_in_house sets the first cell, and house_emptied the rest. So
 * the tables just before this one, checked again, leave what HoDoKu's
 * scratch set held. */
static int premise_scratch_cell(search *s, int table)
{
    const hodoku_grid *g = s->t->grid;
    int nhits = s->nhits;
    scratch_after_groups(s);
    if (!hodoku_node_on(table)) {
        one_table(s, table - 1);
    } else {
        int before = table - 2;
        while (before >= 0 && !(g->candidates[hodoku_node_cell(before)] & (1u << (hodoku_node_digit(before) - 1))))
            before -= 2;
        if (before >= 0) {
            one_table(s, before);
            one_table(s, before + 1);
        }
    }
    s->nhits = nhits;
    return first_cell(&s->tmp);
}

static bool make_step(search *s, const hit *h, sudoku_technique technique, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->variant = h->contradiction ? SUDOKU_FORCING_CONTRADICTION : SUDOKU_FORCING_VERITY;
    step->digits = (uint16_t)(1u << (h->digit - 1));
    if (h->place)
        step->place[h->cell] = h->digit;
    else
        logic_step_remove(step, h->cell, h->digit);
    if (h->contradiction) {
        int entity = h->entity == FROM_SCRATCH ? IN_CELL + premise_scratch_cell(s, h->specs[0].table) : h->entity;
        if (entity >= IN_CELL)
            logic_step_cell(step, entity - IN_CELL);
        else
            step->units = 1u << entity;
    }
    bool net;
    int length;
    return read_chains(s, h, &net, &length, step, INT_MAX);
}

/* Each house's first and last allowed place of each digit, for
 * house_emptied. */
static void house_places(search *s)
{
    memset(s->ends, 0, sizeof s->ends);
    for (int digit = 1; digit <= 9; digit++)
        for (int h = 0; h < 27; h++) {
            hodoku_set places = hodoku_set_and(hodoku_unit_sets[h], s->allowed[digit]);
            if (hodoku_set_is_empty(places)) continue;
            int last = places.w[1] ? 64 + 63 - __builtin_clzll(places.w[1]) : 63 - __builtin_clzll(places.w[0]);
            s->ends[digit][hodoku_set_first(places)] |= 1ull << h;
            s->ends[digit][last] |= 1ull << (32 + h);
        }
}

/* Where each plain node of the reach sets goes in an outcome: the word
 * and the bit of its cell in its state's set of its digit. The reach
 * numbers follow the nodes' order: the plain nodes come first; their
 * count. */
static int node_bits(search *s)
{
    const hodoku_reach *r = &s->reach;
    int v = 0;
    for (; v < r->n && !hodoku_node_is_group(r->nodes[v]); v++) {
        int node = r->nodes[v], cell = hodoku_node_cell(node), state = hodoku_node_on(node) ? 0 : 1;
        s->word[v] = (uint8_t)((state * 10 + hodoku_node_digit(node)) * 2 + cell / 64);
        s->bit[v] = 1ull << (cell % 64);
    }
    return v;
}

/* The nodes a reach set holds, group nodes too. */
static int reach_count(const hodoku_reach *r, const uint64_t *set)
{
    int count = 0;
    for (int w = 0; w < r->words; w++) count += __builtin_popcountll(set[w]);
    return count;
}

/* The sets of a table HoDoKu fills up, from its expansion; false if
 * memory ran out. */
static bool full_table_sets(search *s, int table)
{
    outcome *o = &s->leads[table];
    memset(o, 0, sizeof *o);
    if (!expand(s, table, true)) return false;
    const hodoku_entry *ent = s->arena + s->start[table];
    for (int i = 0; i < s->count[table]; i++) {
        int node = ent[i].node;
        if (hodoku_node_is_group(node)) continue;
        hodoku_set_add(&o->sets[hodoku_node_on(node) ? 0 : 1][hodoku_node_digit(node)], hodoku_node_cell(node));
    }
    return true;
}

/* The cells each digit is on and off in, in each candidate's tables: what
 * its premise reaches (made as the checks need them: leads_of); a table
 * HoDoKu would fill up (1000 entries, group nodes counted: only if the
 * tables have as many nodes) is expanded as HoDoKu does, now. */
static bool table_sets(search *s)
{
    const hodoku_grid *g = s->t->grid;
    const hodoku_reach *r = &s->reach;
    int plain = node_bits(s);
    s->plain_words = (plain + 63) / 64;
    s->plain_last = plain % 64 ? (1ull << (plain % 64)) - 1 : ~0ull; /* its plain nodes' bits */
    for (int v = 0; v < r->n; v++) s->made_by[v] = -1;
    memset(s->clean, 0, sizeof s->clean);
    s->full_tables = false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1)
            for (int on = 1; on >= 0; on--) {
                int table = hodoku_plain(cell, sudoku_lowest_digit(c), on), part = r->part[r->index[table]];
                s->part_of[table] = (int16_t)part;
                if (r->n >= HODOKU_TABLE_MAX && reach_count(r, part_set(s, part)) >= HODOKU_TABLE_MAX) {
                    s->part_of[table] = -1;
                    s->full_tables = true;
                    if (!full_table_sets(s, table)) return false;
                }
            }
    return true;
}

bool hodoku_find_forcing(hodoku_query *q, bool nets, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    /* Chains mode: the grouped nice loops' tables of the round, if kept. */
    hodoku_kept *kept = !nets && q->kept ? *q->kept : NULL;
    if (kept) *q->kept = NULL;
    if (kept && kept->tables->grid != g) {
        hodoku_kept_free(kept);
        kept = NULL;
    }
    search *s = malloc(sizeof *s);
    hodoku_tables *t = kept ? kept->tables : hodoku_tables_new();
    bool ok = s && t, found = false;
    if (s) {
        s->t = t;
        s->nets = nets;
        s->hits = NULL;
        s->nhits = s->size = 0;
        s->arena = NULL;
        s->sizes = NULL;
        s->used = s->arena_size = 0;
        s->no_memory = false;
        if (kept) {
            s->reach = kept->reach;
        } else {
            s->reach.sets = NULL;
            s->reach.part = NULL;
            s->reach.nodes = NULL;
        }
        s->leads = malloc(HODOKU_PLAIN_NODES * sizeof *s->leads);
        ok = ok && s->leads;
    }
    if (ok) {
        for (int i = 0; i < HODOKU_PLAIN_NODES; i++) s->start[i] = -1;
        if (kept) {
            hodoku_tables_rewind(t);
        } else {
            hodoku_tables_begin(t, g, nets, true);
            if (nets) {
                hodoku_tables_fill_nets(t);
                hodoku_tables_fill_groups(t);
                hodoku_tables_index(t);
            } else {
                hodoku_tables_fill_chains(t);
            }
        }
        for (int d = 0; d <= 9; d++) s->lacks[d] = ~(set_vector){t->holds[d].w[0], t->holds[d].w[1]};
        s->empty = hodoku_set_empty();
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!g->value[cell]) hodoku_set_add(&s->empty, cell);
        for (int d = 1; d <= 9; d++) {
            s->allowed[d] = s->empty;
            for (hodoku_set p = t->placed[d]; !hodoku_set_is_empty(p);)
                s->allowed[d] = hodoku_set_minus(s->allowed[d], hodoku_buddies(hodoku_set_pop(&p)));
        }
        house_places(s);
        solve_board(s, g);
        ok = !t->no_memory && (kept || hodoku_reach_compute(t, &s->reach)) && table_sets(s);
        hit best;
        if (ok && choose(s, &best)) found = make_step(s, &best, technique, step);
    }
    if (!ok || (s && s->no_memory) || (t && t->no_memory)) {
        q->short_of_memory = true;
        found = false;
    }
    hodoku_tables_delete(t);
    if (kept && !s) hodoku_reach_free(&kept->reach);
    free(kept);
    if (s) {
        hodoku_reach_free(&s->reach);
        free(s->arena);
        free(s->sizes);
        free(s->leads);
        free(s->hits);
    }
    free(s);
    return found;
}
