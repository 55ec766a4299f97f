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
#include "table.h"

#include <stdlib.h>
#include <string.h>

#define SPECS_MAX 9 /* chains of one step: a cell's candidates, a house's places */
#define CHAIN_MAX 8192 /* entries of a chain read back, net branches included */

/* A chain a step shows: from the premise of table to node. */
typedef struct spec {
    uint16_t table, node;
} spec;

/* Where a contradiction happens, as its text says: a unit (0-26), or
 * IN_CELL + a cell. */
#define IN_CELL 27

/* A result kept, with the chains that give it (its shortest so far). */
typedef struct result {
    bool net;
    int variant; /* SUDOKU_FORCING_CONTRADICTION or _VERITY */
    bool place;
    uint8_t cell, digit;
    int length;
    int entity;
    int nspecs;
    spec specs[SPECS_MAX];
} result;

/* HoDoKu's scratch set tmpSet, as far as a contradiction's text reads it:
 * "in rXcY" names the first cell it held when last looked into, which may
 * be left over from another check. */
typedef struct scratch {
    hodoku_set content;
    bool looked;
    int first;
} scratch;

typedef struct search {
    hodoku_tables *t;
    bool nets;
    hodoku_entry *arena;                 /* every plain table expanded */
    int start[HODOKU_PLAIN_NODES], count[HODOKU_PLAIN_NODES];
    hodoku_set (*on)[10], (*off)[10];    /* by table: the cells each digit is on, off in */
    hodoku_set allowed[10], empty;
    result *results;
    int nresults, size;
    int16_t *slot;                    /* by key: the result kept, -1 for none */
    scratch tmp;
    uint16_t chain[CHAIN_MAX];
    bool no_memory;
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

/* HoDoKu's size(): an empty set is not looked into. */
static void sized(scratch *s)
{
    if (!hodoku_set_is_empty(s->content)) first_cell(s);
}

/* The tmpSet the group tables leave behind (spec 13.2's last group node). */
static void scratch_after_groups(search *s)
{
    const hodoku_tables *t = s->t;
    s->tmp.first = 0;
    for (int gi = 0; gi < t->ngroups; gi++) {
        const hodoku_group *gr = &t->groups[gi];
        hodoku_set sees = hodoku_set_and(t->holds[gr->digit], gr->buddies);
        assign(&s->tmp, sees);
        sized(&s->tmp);
        hodoku_set line = hodoku_unit_sets[gr->row >= 0 ? gr->row : 9 + gr->col];
        hodoku_set box = hodoku_unit_sets[18 + gr->box];
        int count[3] = {0, 0, 0}, first[3] = {-1, -1, -1};
        for (int gj = 0; gj < t->ngroups; gj++) {
            const hodoku_group *g2 = &t->groups[gj];
            if (gj == gi || g2->digit != gr->digit || !hodoku_set_is_empty(hodoku_set_and(gr->set, g2->set))) continue;
            bool same[3] = {gr->row >= 0 && gr->row == g2->row, gr->col >= 0 && gr->col == g2->col, gr->box == g2->box};
            for (int k = 0; k < 3; k++)
                if (same[k] && ++count[k] == 1) first[k] = gj;
        }
        for (int k = 0; k < 3; k++)
            if (count[k] == 1) {
                hodoku_set house = k == 2 ? box : line;
                assign(&s->tmp, hodoku_set_minus(hodoku_set_and(house, t->holds[gr->digit]),
                                              hodoku_set_or(gr->set, t->groups[first[k]].set)));
            }
    }
}

static int key_of(bool net, int variant, bool place, int cell, int digit)
{
    return ((((net ? 2 : 0) + variant - 1) * 2 + place) * SUDOKU_CELLS + cell) * 9 + digit - 1;
}

static const hodoku_entry *table_entries(const search *s, int table)
{
    return s->arena + s->start[table];
}

/* A result found: its chains read back (their lengths, whether one is a
 * net's), then HoDoKu's replaceOrCopyStep. */
static void found(search *s, bool contradiction, bool place, int cell, int digit, int entity,
                  const spec *specs, int nspecs)
{
    hodoku_tables *t = s->t;
    int length = 0;
    bool net = false;
    for (int i = 0; i < nspecs; i++) {
        const hodoku_entry *ent = table_entries(s, specs[i].table);
        int n = s->count[specs[i].table], index = -1;
        for (int k = 0; k < n; k++)
            if (ent[k].node == specs[i].node) {
                index = k;
                break;
            }
        if (index < 0) continue;
        hodoku_set cells;
        int main_length = 0;
        int len = hodoku_tables_chain_from(t, ent, n, index, HODOKU_ANY_CHAIN, s->chain, CHAIN_MAX, &cells, &main_length);
        length += len;
        net = net || len != main_length;
    }
    if (s->nets && !net) return;
    int variant = contradiction ? SUDOKU_FORCING_CONTRADICTION : SUDOKU_FORCING_VERITY;
    int key = key_of(net, variant, place, cell, digit);
    result *r;
    if (s->slot[key] >= 0) {
        r = &s->results[s->slot[key]];
        if (r->length <= length) return;
    } else {
        if (s->nresults == s->size) {
            int size = s->size ? 2 * s->size : 256;
            result *bigger = realloc(s->results, (size_t)size * sizeof *bigger);
            if (!bigger) {
                s->no_memory = true;
                return;
            }
            s->results = bigger;
            s->size = size;
        }
        s->slot[key] = (int16_t)s->nresults;
        r = &s->results[s->nresults++];
    }
    r->net = net;
    r->variant = variant;
    r->place = place;
    r->cell = (uint8_t)cell;
    r->digit = (uint8_t)digit;
    r->length = length;
    r->entity = entity;
    r->nspecs = nspecs;
    memcpy(r->specs, specs, (size_t)nspecs * sizeof *specs);
}

/* A contradiction from one table: its premise is false. */
static void contradiction(search *s, int table, int entity, const spec *specs, int nspecs)
{
    int cell = hodoku_node_cell(table), digit = hodoku_node_digit(table);
    found(s, true, !hodoku_node_on(table), cell, digit, entity, specs, nspecs);
}

/* The chains to node in each of the tables: a spec list. */
static int specs_to(spec *specs, const int *tables, int ntables, int node)
{
    for (int i = 0; i < ntables; i++) specs[i] = (spec){(uint16_t)tables[i], (uint16_t)node};
    return ntables;
}

/* A digit on twice in a house (spec 14.3 1d). */
static void twice_in_house(search *s, int table)
{
    for (int kind = 0; kind < 3; kind++)
        for (int digit = 1; digit <= 9; digit++)
            for (int h = 0; h < 9; h++) {
                assign(&s->tmp, hodoku_set_and(hodoku_unit_sets[kind * 9 + h], s->on[table][digit]));
                sized(&s->tmp);
                if (hodoku_set_count(s->tmp.content) < 2) continue;
                spec specs[SPECS_MAX];
                int n = 0;
                for (hodoku_set c = s->tmp.content; !hodoku_set_is_empty(c);)
                    specs[n++] = (spec){(uint16_t)table, (uint16_t)hodoku_plain(hodoku_set_pop(&c), digit, true)};
                contradiction(s, table, kind * 9 + h, specs, n);
            }
}

/* Every place a digit has left in a house off (spec 14.3 1f). */
static void house_emptied(search *s, int table)
{
    for (int kind = 0; kind < 3; kind++)
        for (int digit = 1; digit <= 9; digit++)
            for (int h = 0; h < 9; h++) {
                hodoku_set places = hodoku_set_and(hodoku_unit_sets[kind * 9 + h], s->allowed[digit]);
                assign(&s->tmp, places);
                if (hodoku_set_is_empty(places) || !hodoku_set_equal(hodoku_set_and(places, s->off[table][digit]), places))
                    continue;
                sized(&s->tmp);
                spec specs[SPECS_MAX];
                int n = 0;
                for (hodoku_set c = places; !hodoku_set_is_empty(c) && n < SPECS_MAX;)
                    specs[n++] = (spec){(uint16_t)table, (uint16_t)hodoku_plain(hodoku_set_pop(&c), digit, false)};
                contradiction(s, table, kind * 9 + h, specs, n);
            }
}

/* HoDoKu's checkOneChain (spec 14.3 1). */
static void one_table(search *s, int table)
{
    const hodoku_grid *g = s->t->grid;
    hodoku_set (*on)[10] = s->on, (*off)[10] = s->off;
    int x = hodoku_node_cell(table), d = hodoku_node_digit(table);
    bool premise_on = hodoku_node_on(table);
    if (hodoku_set_has(premise_on ? off[table][d] : on[table][d], x)) {
        spec sp = {(uint16_t)table, (uint16_t)hodoku_plain(x, d, !premise_on)};
        contradiction(s, table, IN_CELL + first_cell(&s->tmp), &sp, 1);
    }
    for (int i = 0; i <= 9; i++) {
        assign(&s->tmp, i ? hodoku_set_and(on[table][i], off[table][i]) : hodoku_set_empty());
        if (hodoku_set_is_empty(s->tmp.content)) continue;
        int cell = first_cell(&s->tmp);
        spec sp[2] = {{(uint16_t)table, (uint16_t)hodoku_plain(cell, i, false)}, {(uint16_t)table, (uint16_t)hodoku_plain(cell, i, true)}};
        contradiction(s, table, IN_CELL + cell, sp, 2);
    }
    for (int i = 1; i <= 9; i++)
        for (int j = i + 1; j <= 9; j++) {
            assign(&s->tmp, hodoku_set_and(on[table][i], on[table][j]));
            if (hodoku_set_is_empty(s->tmp.content)) continue;
            int cell = first_cell(&s->tmp);
            spec sp[2] = {{(uint16_t)table, (uint16_t)hodoku_plain(cell, i, true)}, {(uint16_t)table, (uint16_t)hodoku_plain(cell, j, true)}};
            contradiction(s, table, IN_CELL + cell, sp, 2);
        }
    twice_in_house(s, table);
    /* A cell left without a candidate. */
    hodoku_set none = {{~0ull, (1ull << 17) - 1}};
    for (int i = 1; i <= 9; i++) none = hodoku_set_and(none, hodoku_set_or(off[table][i], hodoku_set_minus(none, s->t->holds[i])));
    for (int i = 1; i <= 9; i++) none = hodoku_set_minus(none, on[table][i]);
    none = hodoku_set_and(none, s->empty);
    assign(&s->tmp, none);
    if (!hodoku_set_is_empty(none)) {
        sized(&s->tmp);
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

/* HoDoKu's checkTwoChains (spec 14.3 2): what both states of a candidate
 * lead to. */
static void both_states(search *s, int on_table, int off_table)
{
    int x = hodoku_node_cell(on_table);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 1; i <= 9; i++) {
            hodoku_set (*sets)[10] = pass == 0 ? s->on : s->off;
            hodoku_set both = hodoku_set_and(sets[on_table][i], sets[off_table][i]);
            hodoku_set_remove(&both, x);
            assign(&s->tmp, both);
            if (hodoku_set_is_empty(both)) continue;
            sized(&s->tmp);
            for (int cell; (cell = hodoku_set_pop(&both)) >= 0;) {
                int node = hodoku_plain(cell, i, pass == 0);
                spec sp[2] = {{(uint16_t)on_table, (uint16_t)node}, {(uint16_t)off_table, (uint16_t)node}};
                found(s, false, pass == 0, cell, i, 0, sp, 2);
            }
        }
}

/* HoDoKu's checkEntryList: what all of tables lead to. */
static void all_lead_to(search *s, const int *tables, int n)
{
    for (int digit = 1; digit <= 9; digit++) {
        hodoku_set on = s->on[tables[0]][digit], off = s->off[tables[0]][digit];
        for (int i = 1; i < n; i++) {
            on = hodoku_set_and(on, s->on[tables[i]][digit]);
            off = hodoku_set_and(off, s->off[tables[i]][digit]);
        }
        spec specs[SPECS_MAX];
        for (int cell; (cell = hodoku_set_pop(&on)) >= 0;)
            found(s, false, true, cell, digit, 0, specs, specs_to(specs, tables, n, hodoku_plain(cell, digit, true)));
        for (int cell; (cell = hodoku_set_pop(&off)) >= 0;)
            found(s, false, false, cell, digit, 0, specs, specs_to(specs, tables, n, hodoku_plain(cell, digit, false)));
    }
}

static void checks(search *s)
{
    const hodoku_grid *g = s->t->grid;
    scratch_after_groups(s);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c);
            one_table(s, hodoku_plain(cell, digit, true));
            one_table(s, hodoku_plain(cell, digit, false));
        }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c);
            both_states(s, hodoku_plain(cell, digit, true), hodoku_plain(cell, digit, false));
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
            assign(&s->tmp, places);
            if (hodoku_set_is_empty(places)) continue;
            sized(&s->tmp);
            int n = 0;
            for (int cell; (cell = hodoku_set_pop(&places)) >= 0;) tables[n++] = hodoku_plain(cell, digit, true);
            all_lead_to(s, tables, n);
        }
}

/* HoDoKu's tabling comparator (spec 14.4): placements first, the lowest
 * cell, the first found; then eliminations by cell * 10 + digit, the
 * shortest chains, the first found. */
static const result *choose(const search *s)
{
    const result *best = NULL;
    for (int i = 0; i < s->nresults; i++) {
        const result *r = &s->results[i];
        if (!best || (r->place && !best->place)) {
            best = r;
            continue;
        }
        if (r->place != best->place) continue;
        if (r->place) {
            if (r->cell < best->cell) best = r;
            continue;
        }
        int a = r->cell * 10 + r->digit, b = best->cell * 10 + best->digit;
        if (a < b || (a == b && r->length < best->length)) best = r;
    }
    return best;
}

static void make_step(search *s, const result *r, sudoku_technique technique, sudoku_step *step)
{
    logic_step_start(step, technique, 0);
    step->variant = r->variant;
    step->digits = (uint16_t)(1u << (r->digit - 1));
    if (r->place)
        step->place[r->cell] = r->digit;
    else
        logic_step_remove(step, r->cell, r->digit);
    if (r->variant == SUDOKU_FORCING_CONTRADICTION) {
        if (r->entity >= IN_CELL)
            logic_step_cell(step, r->entity - IN_CELL);
        else
            step->units = 1u << r->entity;
    }
    for (int i = 0; i < r->nspecs; i++) {
        const hodoku_entry *ent = table_entries(s, r->specs[i].table);
        int n = s->count[r->specs[i].table], index = -1;
        for (int k = 0; k < n && index < 0; k++)
            if (ent[k].node == r->specs[i].node) index = k;
        if (index < 0) continue;
        hodoku_set cells;
        int len = hodoku_tables_chain_from(s->t, ent, n, index, HODOKU_ANY_CHAIN, s->chain, CHAIN_MAX, &cells, NULL);
        hodoku_tables_links(s->t, step, s->chain, len < CHAIN_MAX ? len : CHAIN_MAX);
    }
}

/* Every candidate's two tables, expanded into the arena, and the cells
 * each digit is on and off in. */
static bool expand_all(search *s)
{
    hodoku_tables *t = s->t;
    const hodoku_grid *g = t->grid;
    int size = 0, used = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->candidates[cell]; c; c &= c - 1)
            for (int on = 1; on >= 0; on--) {
                int table = hodoku_plain(cell, sudoku_lowest_digit(c), on);
                if (used + HODOKU_TABLE_MAX > size) {
                    size = size ? 2 * size : 64 * HODOKU_TABLE_MAX;
                    hodoku_entry *bigger = realloc(s->arena, (size_t)size * sizeof *bigger);
                    if (!bigger) return false;
                    s->arena = bigger;
                }
                int n = hodoku_tables_expand_into(t, table, s->arena + used);
                s->start[table] = used;
                s->count[table] = n;
                memset(s->on[table], 0, sizeof s->on[table]);
                memset(s->off[table], 0, sizeof s->off[table]);
                for (int i = 0; i < n; i++) {
                    int node = s->arena[used + i].node;
                    if (hodoku_node_is_group(node)) continue;
                    hodoku_set_add(hodoku_node_on(node) ? &s->on[table][hodoku_node_digit(node)] : &s->off[table][hodoku_node_digit(node)],
                                hodoku_node_cell(node));
                }
                used += n;
            }
    return true;
}

bool hodoku_find_forcing(hodoku_query *q, bool nets, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    search *s = calloc(1, sizeof *s);
    hodoku_tables *t = hodoku_tables_new();
    if (s) {
        s->on = calloc(HODOKU_PLAIN_NODES, sizeof *s->on);
        s->off = calloc(HODOKU_PLAIN_NODES, sizeof *s->off);
        s->slot = malloc(4 * 2 * SUDOKU_CELLS * 9 * sizeof *s->slot);
    }
    bool ok = s && t && s->on && s->off && s->slot, result_found = false;
    if (ok) {
        memset(s->slot, 0xff, 4 * 2 * SUDOKU_CELLS * 9 * sizeof *s->slot);
        s->t = t;
        s->nets = nets;
        hodoku_tables_begin(t, g, nets, true);
        if (nets) {
            hodoku_tables_fill_nets(t);
            hodoku_tables_fill_groups(t);
            hodoku_tables_index(t);
        } else {
            hodoku_tables_fill_chains(t);
        }
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            if (g->value[cell]) continue;
            hodoku_set_add(&s->empty, cell);
        }
        for (int d = 1; d <= 9; d++) {
            s->allowed[d] = s->empty;
            for (hodoku_set p = t->placed[d]; !hodoku_set_is_empty(p);)
                s->allowed[d] = hodoku_set_minus(s->allowed[d], hodoku_buddies(hodoku_set_pop(&p)));
        }
        ok = expand_all(s);
        if (ok) {
            checks(s);
            const result *best = choose(s);
            if (best) {
                make_step(s, best, technique, step);
                result_found = true;
            }
        }
    }
    if (!ok || (s && s->no_memory) || (t && t->no_memory)) {
        q->short_of_memory = true;
        result_found = false;
    }
    hodoku_tables_delete(t);
    if (s) {
        free(s->arena);
        free(s->on);
        free(s->off);
        free(s->slot);
        free(s->results);
    }
    free(s);
    return result_found;
}
