/*
 * table.c: HoDoKu's implication tables (hodoku-spec 13.1-13.4), as its
 * TablingSolver keeps them: the direct implications of every premise (a
 * candidate placed or removed, a group node on or off), a table expanded
 * breadth first by its entries' own direct implications, and a chain read
 * back through the predecessors, jumping into the tables an entry was
 * taken from. Every order and every limit is HoDoKu's: which step wins
 * depends on the chains' lengths and the entries' order.
 */
#include "table.h"

#include "logic/step.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A band's cells of a digit (bit 9 * i + c: the band's row i, column c),
 * cut from the digit's set (27 bits from cell 27 * band). */
static unsigned band_bits(hodoku_set holds, int band)
{
    int from = 27 * band;
    uint64_t bits = holds.w[0] >> from;
    if (from + 27 > 64) bits |= holds.w[1] << (64 - from);
    return (unsigned)(bits & ((1u << 27) - 1));
}

/* Of a band's cells (band_bits'), the parts of its rows in a box with
 * two or more: a bit at each part's first cell. */
static unsigned row_parts(unsigned cells)
{
    return ((cells & cells >> 1) | (cells & cells >> 2) | (cells >> 1 & cells >> 2)) & 0x1249249u;
}

/* Of a band's cells, its columns (bits 0 to 8) whose part in it holds two
 * or more. */
static unsigned column_parts(unsigned cells)
{
    unsigned a = cells & 0x1ffu, b = cells >> 9 & 0x1ffu, c = cells >> 18;
    return (a & b) | (a & c) | (b & c);
}

/* The group nodes last found, by thread: each digit's cells by band, and
 * the group nodes made for them, by line (rows, then columns), digit and
 * the line's box. A group node is its digit's cells along its line in its
 * box, all in one band (its row's, or its box's for a column): where that
 * band's cells of the digit are as they were, it is the one kept. So the
 * kept nodes of a digit and band always are those of the cells kept for
 * them (a zeroed start: no cells, and no group node is read), whatever
 * board came before. */
typedef struct kept_groups {
    unsigned band[10][3];
    hodoku_group made[18][9][3];
    /* Whether kept_group_links holds the links of the group node made in
     * the same place (cleared where its cells may have changed). */
    bool linked[18][9][3];
    uint64_t found; /* the group nodes found so far: the last find's number */
} kept_groups;

#define GROUP_PLACES (18 * 9 * 3) /* the places of kept_groups' made */
_Static_assert(GROUP_PLACES <= HODOKU_GROUPS_MAX, "a place is a key of group_at");

static _Thread_local kept_groups kept_group_nodes;

/* Makes group node gr of the cells of set, of digit along line (a house
 * number) in box. */
static void make_group(hodoku_group *gr, hodoku_set set, int digit, int line, int box)
{
    gr->set = set;
    gr->digit = (uint8_t)digit;
    gr->box = (uint8_t)box;
    gr->row = (int8_t)(line < 9 ? line : -1);
    gr->col = (int8_t)(line < 9 ? -1 : line - 9);
    /* The cells seeing all of its cells: its line's and its box's others
     * (a cell elsewhere sees one of them at most, through its column or
     * row). */
    gr->buddies =
        hodoku_set_minus(hodoku_set_or(hodoku_unit_sets[line], hodoku_unit_sets[18 + box]), set);
    int n = 0;
    for (int w = 0; w < 2; w++) /* a word at a time: cheaper than popping the set */
        for (uint64_t bits = set.w[w]; bits; bits &= bits - 1)
            gr->cells[n++] = (uint8_t)(64 * w + __builtin_ctzll(bits));
    gr->ncells = (uint8_t)n;
}

/* Adds a group node (its digit's next), as kept, its place in the list's
 * order key (group_key's: its place in kept_groups' made). */
static void add_group(hodoku_tables *t, const hodoku_group *kept, int key)
{
    t->digit_groups[kept->digit][t->ndigit_groups[kept->digit]++] = (uint16_t)t->ngroups;
    t->group_key[t->ngroups] = (uint16_t)key;
    t->group_at[key] = (uint16_t)t->ngroups;
    t->groups[t->ngroups++] = *kept;
}

/* Clears the kept links of the group nodes whose digit's cells along
 * their line or in their box may have changed (changed: by digit and
 * band, the cells that came or went, as band_bits gives them): a row's
 * group node where its row or its box changed, a column's where its
 * column (in any band) or its box changed. */
static void forget_links(kept_groups *k, unsigned changed[10][3])
{
    for (int digit = 1; digit <= 9; digit++) {
        unsigned columns = 0;
        for (int b = 0; b < 3; b++) {
            unsigned d = changed[digit][b];
            if (!d) continue;
            unsigned in_columns = (d | d >> 9 | d >> 18) & 0x1ffu, stacks = 0;
            for (int j = 0; j < 3; j++)
                stacks |= (unsigned)((in_columns >> (3 * j) & 7u) != 0) << j;
            columns |= in_columns;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    if ((d >> (9 * i) & 0x1ffu) || (stacks >> j & 1u))
                        k->linked[3 * b + i][digit - 1][j] = false;
            for (int col = 0; col < 9; col++)
                if (stacks >> (col / 3) & 1u) k->linked[9 + col][digit - 1][b] = false;
        }
        for (; columns; columns &= columns - 1)
            memset(k->linked[9 + __builtin_ctz(columns)][digit - 1], 0, 3 * sizeof(bool));
    }
}

/* The group nodes of the grid (spec 13.2): rows then columns, digit,
 * box (of the three boxes a line crosses: the others hold none of it).
 * Read off each digit's bands (three rows of cells): a row's part in a
 * box is three bits in a row, a column's three bits nine apart; each made
 * only where its band's cells changed (kept_groups). */
static void find_groups(hodoku_tables *t)
{
    kept_groups *k = &kept_group_nodes;
    unsigned band[10][3], rows[10][3], columns[10];
    bool moved[10][3];
    unsigned changed[10][3];
    for (int digit = 1; digit <= 9; digit++) {
        columns[digit] = 0;
        for (int b = 0; b < 3; b++) {
            band[digit][b] = band_bits(t->holds[digit], b);
            changed[digit][b] = band[digit][b] ^ k->band[digit][b];
            moved[digit][b] = changed[digit][b] != 0;
            k->band[digit][b] = band[digit][b];
            rows[digit][b] = row_parts(band[digit][b]);
            columns[digit] |= column_parts(band[digit][b]) << (9 * b);
        }
    }
    forget_links(k, changed);
    t->groups_found = ++k->found; /* 64 bits: never wraps */
    for (int row = 0; row < 9; row++)
        for (int digit = 1; digit <= 9; digit++)
            for (unsigned parts = rows[digit][row / 3] >> (9 * (row % 3)) & 0x49u; parts;
                 parts &= parts - 1) {
                int at = __builtin_ctz(parts), box = row / 3 * 3 + at / 3;
                hodoku_group *kept = &k->made[row][digit - 1][at / 3];
                if (moved[digit][row / 3]) {
                    hodoku_set set = hodoku_set_empty();
                    for (unsigned p = band[digit][row / 3] >> (9 * (row % 3) + at) & 7u; p;
                         p &= p - 1)
                        hodoku_set_add(&set, 9 * row + at + __builtin_ctz(p));
                    make_group(kept, set, digit, row, box);
                }
                add_group(t, kept, (row * 9 + digit - 1) * 3 + at / 3);
            }
    for (int col = 0; col < 9; col++)
        for (int digit = 1; digit <= 9; digit++)
            for (unsigned parts = columns[digit] >> col & 0x40201u; parts; parts &= parts - 1) {
                int b = __builtin_ctz(parts) / 9, box = col / 3 + 3 * b;
                hodoku_group *kept = &k->made[9 + col][digit - 1][b];
                if (moved[digit][b]) {
                    hodoku_set set = hodoku_set_empty();
                    for (int i = 0; i < 3; i++)
                        if (band[digit][b] >> (9 * i + col) & 1u)
                            hodoku_set_add(&set, 9 * (3 * b + i) + col);
                    make_group(kept, set, digit, 9 + col, box);
                }
                add_group(t, kept, ((9 + col) * 9 + digit - 1) * 3 + b);
            }
}

void hodoku_tables_begin(hodoku_tables *t, const hodoku_grid *g, bool nets, bool with_groups)
{
    t->grid = g;
    t->nets = nets;
    t->with_groups = with_groups;
    t->ngroups = 0;
    memset(t->ndigit_groups, 0, sizeof t->ndigit_groups);
    t->base_used = t->extra_used = 0;
    hodoku_tables_rewind(t);
    t->no_memory = false;
    /* No count is cleared: both modes write both counts and the
     * successors' start of every table they make (the open cells'
     * candidates', the group nodes'; nets mode as it opens them), and no
     * other is read: the reach and the index go through those tables,
     * the group links to candidates' tables, and the expansion and the
     * chains read back only come to nodes of their lists. */
    hodoku_digit_sets(g, t->holds);
    memset(t->placed, 0, sizeof t->placed);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (g->value[cell]) hodoku_set_add(&t->placed[g->value[cell]], cell);
    if (with_groups) find_groups(t);
}

void hodoku_tables_rewind(hodoku_tables *t)
{
    t->table = -1;
    t->n = 0;
    t->map_ent = NULL;
}

hodoku_tables *hodoku_tables_new(void)
{
    hodoku_tables *t = malloc(sizeof *t);
    if (!t) return NULL;
    t->base = t->extra = NULL;
    t->base_size = t->extra_size = 0;
    t->succ_node = t->succ_dist = NULL;
    t->succ_size = 0;
    t->branches = NULL;
    t->epoch = 0;
    memset(t->stamp, 0, sizeof t->stamp);
    return t;
}

void hodoku_tables_delete(hodoku_tables *t)
{
    if (!t) return;
    free(t->base);
    free(t->extra);
    free(t->succ_node);
    free(t->succ_dist);
    t->succ_node = t->succ_dist = NULL;
    t->succ_size = 0;
    free(t->branches);
    t->branches = NULL;
    t->base = t->extra = NULL;
    t->base_size = t->extra_size = 0;
    free(t);
}


/* A new epoch of the node stamps: nodes stamped before are unmarked. */
static void new_epoch(hodoku_tables *t)
{
    if (++t->epoch == 0) {
        memset(t->stamp, 0, sizeof t->stamp);
        t->epoch = 1;
    }
}

/* The first room of the direct lists: the nets' tables of a board take
 * 7,800 to 10,800 entries (top1465's first 60), so the list is made that
 * large at once rather than copied at each doubling on the way. */
#define BASE_FIRST 16384
#define EXTRA_FIRST 4096

/* Makes a list's room at least needed entries; false if memory ran out.
 * Out of line: rarely taken, and inline it made every add save and
 * restore registers. */
__attribute__((noinline)) static bool grow(hodoku_entry **list, int *size, int needed, int first,
                                           bool *no_memory)
{
    int n = *size ? *size : first;
    while (n < needed) n *= 2;
    hodoku_entry *bigger = realloc(*list, (size_t)n * sizeof **list);
    if (!bigger) {
        *no_memory = true;
        return false;
    }
    *list = bigger;
    *size = n;
    return true;
}

static bool reserve(hodoku_entry **list, int *size, int needed, int first, bool *no_memory)
{
    return needed <= *size || grow(list, size, needed, first, no_memory);
}

void hodoku_table_open(hodoku_tables *t, int table)
{
    t->table = table;
    t->base_start[table] = t->base_used;
    t->base_count[table] = 0;
    t->extra_count[table] = 0; /* the group links come later (fill_groups) */
    new_epoch(t);
    /* Room for a whole table at once: the adds never grow the list. */
    reserve(&t->base, &t->base_size, t->base_used + HODOKU_TABLE_MAX, BASE_FIRST, &t->no_memory);
}

void hodoku_table_copy(hodoku_tables *t, const hodoku_entry *list, int n)
{
    memcpy(&t->base[t->base_used], list, (size_t)n * sizeof *list);
    t->base_count[t->table] = n;
    t->base_used += n;
}

/* Room in the successor lists for n more. */
static bool room(hodoku_tables *t, int used, int n)
{
    if (used + n <= t->succ_size) return true;
    int size = t->succ_size ? 2 * t->succ_size : 8192;
    while (size < used + n) size *= 2;
    uint16_t *nodes = realloc(t->succ_node, (size_t)size * sizeof *nodes);
    if (nodes) t->succ_node = nodes;
    uint16_t *dists = realloc(t->succ_dist, (size_t)size * sizeof *dists);
    if (dists) t->succ_dist = dists;
    if (!nodes || !dists) {
        t->no_memory = true;
        return false;
    }
    t->succ_size = size;
    return true;
}

/* What the group tables need of each group node: the cells of its digit
 * seeing all of it, the one such cell in its box and in its line (-1 for
 * none or several), the other group nodes it turns off when on, and
 * those it turns on when off (spec 13.2). */
typedef struct group_links {
    hodoku_set sees;
    int single[2];    /* box, line */
    int first, n_off; /* others[first..]: those it turns off when on */
    int n_on;         /* then those it turns on when off */
} group_links;

/* The group nodes of a digit by house: bit i of in_house[h] says the
 * digit's i-th group node lies along house h (a row or column: its line;
 * a box). */
typedef struct digit_houses {
    uint64_t in_house[27];
} digit_houses;

_Static_assert(HODOKU_GROUPS_MAX / 9 + 1 <= 64, "a digit's group nodes fit in a word");

static void group_houses(const hodoku_tables *t, digit_houses *by_digit)
{
    for (int digit = 1; digit <= 9; digit++) {
        digit_houses *d = &by_digit[digit];
        memset(d, 0, sizeof *d);
        for (int i = 0; i < t->ndigit_groups[digit]; i++) {
            const hodoku_group *gr = &t->groups[t->digit_groups[digit][i]];
            d->in_house[gr->row >= 0 ? gr->row : 9 + gr->col] |= 1ull << i;
            d->in_house[18 + gr->box] |= 1ull << i;
        }
    }
}

/* The group nodes that group gi turns off when on, then those it turns
 * on when it is off (as the only other one left in a house), in HoDoKu's
 * order, into out; their counts. Only those sharing a house with it
 * (houses: its digit's group nodes by house) can be: of its digit, gi
 * alone lies along both its line and its box, so each other shares one of
 * the two, its line (HoDoKu's row or column before the box) or its box,
 * where a group node of the other kind may share a cell with it and is
 * left out. */
static void other_groups(const hodoku_tables *t, int gi, const digit_houses *houses, int *out, int *n_off,
                         int *n_on)
{
    const hodoku_group *gr = &t->groups[gi];
    const uint16_t *list = t->digit_groups[gr->digit];
    int line = gr->row >= 0 ? gr->row : 9 + gr->col, box = 18 + gr->box;
    uint64_t in_line = houses->in_house[line], in_box = houses->in_house[box];
    uint64_t mates = (in_line | in_box) & ~(in_line & in_box);
    int count[2] = {0, 0}, first[2] = {-1, -1}, n = 0;
    for (; mates; mates &= mates - 1) {
        int i = __builtin_ctzll(mates), gj = list[i], k = (int)(in_line >> i & 1) ^ 1;
        if (k == 1 && !hodoku_set_is_empty(hodoku_set_and(gr->set, t->groups[gj].set))) continue;
        if (++count[k] == 1) first[k] = gj;
        out[n++] = gj;
    }
    *n_off = n;
    for (int k = 0; k < 2; k++) {
        if (count[k] != 1) continue;
        hodoku_set house = hodoku_unit_sets[k == 0 ? line : box];
        hodoku_set rest = hodoku_set_minus(hodoku_set_and(house, t->holds[gr->digit]), hodoku_set_or(gr->set, t->groups[first[k]].set));
        if (hodoku_set_is_empty(rest)) out[n++] = first[k];
    }
    *n_on = n - *n_off;
}

/* The cell of a set of one, -1 for an empty set or several. */
static int one_cell(hodoku_set set)
{
    return hodoku_set_is_empty(set) || hodoku_set_several(set) ? -1 : hodoku_set_first(set);
}

/* What group node gi's links are (houses: its digit's group nodes by
 * house); its list of group nodes goes to others from *used. */
static void work_out_links(const hodoku_tables *t, const digit_houses *houses, int gi,
                           group_links *l, int *others, int *used)
{
    const hodoku_group *gr = &t->groups[gi];
    l->sees = hodoku_set_and(t->holds[gr->digit], gr->buddies);
    hodoku_set line = hodoku_unit_sets[gr->row >= 0 ? gr->row : 9 + gr->col];
    hodoku_set in_box = hodoku_set_and(l->sees, hodoku_unit_sets[18 + gr->box]);
    hodoku_set in_line = hodoku_set_and(l->sees, line);
    l->single[0] = one_cell(in_box);
    l->single[1] = one_cell(in_line);
    l->first = *used;
    other_groups(t, gi, houses, others + *used, &l->n_off, &l->n_on);
    *used += l->n_off + l->n_on;
}

/* A group node's links as work_out_links made them, the group nodes
 * listed by key, kept (by thread) at its key for the fills to come: they
 * read only its digit's cells along its line and in its box (the cells
 * seeing it, the group nodes there and their cells), so they hold as
 * long as kept_groups' linked says (find_groups clears it where those
 * cells change: forget_links). The group nodes they list lie along the
 * same houses: they are there too, by the same keys, whose order is the
 * list's. */
#define LINKS_MAX 12 /* others of a group node: 2 along its line, 5 in its box, 2 turned on */
typedef struct kept_link {
    hodoku_set sees;
    int single[2];
    uint8_t n_off, n_on;
    uint16_t others[LINKS_MAX];
} kept_link;

static _Thread_local kept_link kept_group_links[GROUP_PLACES];

/* What group node gi's links are, as work_out_links, taken from those
 * kept where they hold. The counts are read once, into locals: the
 * stores to others could be to kept or l, as far as the compiler and the
 * analyzer know. */
static void link_group(const hodoku_tables *t, const digit_houses *houses, int gi, group_links *l,
                       int *others, int *used)
{
    kept_groups *k = &kept_group_nodes;
    int key = t->group_key[gi];
    bool *linked = &k->linked[0][0][0] + key, holds = t->groups_found == k->found;
    kept_link *kept = &kept_group_links[key];
    if (holds && *linked) {
        int first = *used, n_off = kept->n_off, n_on = kept->n_on;
        *l = (group_links){kept->sees, {kept->single[0], kept->single[1]}, first, n_off, n_on};
        /* A loop by part: clang's analyzer follows each count, not their
         * sum, to group_successors' reads. */
        for (int i = 0; i < n_off; i++) others[first + i] = t->group_at[kept->others[i]];
        for (int i = n_off; i < n_off + n_on; i++) others[first + i] = t->group_at[kept->others[i]];
        *used = first + n_off + n_on;
        return;
    }
    work_out_links(t, houses, gi, l, others, used);
    int n = l->n_off + l->n_on;
    if (!holds || n > LINKS_MAX) return;
    *kept = (kept_link){
        l->sees, {l->single[0], l->single[1]}, (uint8_t)l->n_off, (uint8_t)l->n_on, {0}};
    for (int i = 0; i < n; i++) kept->others[i] = t->group_key[others[l->first + i]];
    *linked = true;
}

/* What each group node's links are; others gets the lists of the group
 * nodes they link to (room for 4 per group node and digit). */
static void link_groups(const hodoku_tables *t, group_links *links, int *others)
{
    int used = 0;
    digit_houses houses[10];
    group_houses(t, houses);
    for (int gi = 0; gi < t->ngroups; gi++)
        link_group(t, &houses[t->groups[gi].digit], gi, &links[gi], others, &used);
}

/* The group nodes' links of a chains-mode fill, each worked out when a
 * table made afresh first needs it (a table taken over from the last
 * fill needs none). */
typedef struct lazy_links {
    group_links *links;
    int *others; /* room for 64 per group node */
    int used;
    bool *known;
    digit_houses houses[10];
} lazy_links;

/* Group node gi's links. */
static const group_links *links_of(const hodoku_tables *t, lazy_links *x, int gi)
{
    if (!x->known[gi]) {
        link_group(t, &x->houses[t->groups[gi].digit], gi, &x->links[gi], x->others, &x->used);
        x->known[gi] = true;
    }
    return &x->links[gi];
}

/* The group nodes a candidate's tables link to, as bits over its digit's
 * group nodes (digit_groups' order, the list's: bits taken from the
 * lowest are the list's order): into *on those that see it, which its ON
 * table turns off, into *off those it is the one cell of a house beside,
 * which its OFF table turns on (spec 13.2). Only group nodes along its
 * houses can be either: one sees the cells of its line and box, and the
 * one cell beside lies in its box or on its line. */
static void candidate_group_bits(const hodoku_tables *t, lazy_links *x, int cell, int digit, uint64_t *on,
                                 uint64_t *off)
{
    const uint8_t *units = sudoku_cell_units[cell];
    const uint64_t *in_house = x->houses[digit].in_house;
    *on = *off = 0;
    for (uint64_t bits = in_house[units[0]] | in_house[units[1]] | in_house[units[2]]; bits; bits &= bits - 1) {
        int i = __builtin_ctzll(bits), gi = t->digit_groups[digit][i];
        if (hodoku_set_has(t->groups[gi].buddies, cell)) *on |= 1ull << i;
        const group_links *l = links_of(t, x, gi);
        if (l->single[0] == cell || l->single[1] == cell) *off |= 1ull << i;
    }
}

/* Appends the group nodes of digit bits names (candidate_groups'), on or
 * off, to out from used; the new count. */
static int group_nodes(const hodoku_tables *t, int digit, uint64_t bits, bool on, uint16_t *out, int used)
{
    for (; bits; bits &= bits - 1)
        out[used++] = (uint16_t)hodoku_group_node(t->digit_groups[digit][__builtin_ctzll(bits)], on);
    return used;
}

/* Appends the nodes of a set's cells, the node of a cell being first +
 * step * cell, to out from used (a word at a time: cheaper than popping
 * the set); the new count. */
static int set_nodes(hodoku_set cells, int first, int step, uint16_t *out, int used)
{
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = cells.w[w]; bits; bits &= bits - 1)
            out[used++] = (uint16_t)(first + step * (64 * w + __builtin_ctzll(bits)));
    return used;
}

/* A group node's direct implications in chains mode, from out[used]; the
 * new count. Nets mode's group tables are the same lists. (Inline: called
 * from both, GCC kept it out of line at a cost.) */
static inline int group_successors(const hodoku_tables *t, const group_links *links, const int *others,
                                   int table, uint16_t *out, int used)
{
    bool on = hodoku_node_on(table);
    int gi = (table - HODOKU_PLAIN_NODES) / 2;
    const hodoku_group *gr = &t->groups[gi];
    if (on) {
        int first = hodoku_plain(0, gr->digit, false);
        used = set_nodes(links[gi].sees, first, hodoku_plain(1, gr->digit, false) - first, out, used);
    } else {
        for (int k = 0; k < 2; k++)
            if (links[gi].single[k] >= 0) out[used++] = (uint16_t)hodoku_plain(links[gi].single[k], gr->digit, true);
    }
    const int *other = others + links[gi].first + (on ? 0 : links[gi].n_off);
    int n = on ? links[gi].n_off : links[gi].n_on;
    for (int k = 0; k < n; k++) out[used++] = (uint16_t)hodoku_group_node(other[k], !on);
    return used;
}

/* A digit's places in each house: bit p of places[digit][house] says the
 * house's p-th cell (sudoku_unit_cells' order, sudoku_cell_index's place)
 * holds the digit. */
static void house_places(const hodoku_tables *t, uint16_t places[10][27])
{
    /* Cell by cell (the digits' sets, t->holds, are the cells'
     * candidates): a cell's houses and places are looked up once for all
     * its candidates. */
    const uint16_t *candidates = t->grid->candidates;
    memset(places, 0, 10 * sizeof *places);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned c = candidates[cell];
        if (!c) continue;
        const uint8_t *units = sudoku_cell_units[cell], *index = sudoku_cell_index[cell];
        uint16_t row = (uint16_t)(1u << index[0]), col = (uint16_t)(1u << index[1]), box = (uint16_t)(1u << index[2]);
        for (; c; c &= c - 1) {
            uint16_t *p = places[sudoku_lowest_digit(c)];
            p[units[0]] |= row;
            p[units[1]] |= col;
            p[units[2]] |= box;
        }
    }
}

/* What a candidate's two tables are made of: its cell's candidates, its
 * houses (row, column, box), the digit's other places in each, and the
 * group nodes each table links to (candidate_group_bits'; none without
 * group nodes). */
typedef struct candidate {
    int cell, digit;
    unsigned cands;
    const uint8_t *houses;
    unsigned others[3];
    uint64_t groups_on, groups_off;
} candidate;

/* Appends the nodes of a house's places (bits over its cells), the node of
 * a cell being first + step * cell, to out from used; the new count. */
static int place_nodes(int house, unsigned places, int first, int step, uint16_t *out, int used)
{
    const uint8_t *cells = sudoku_unit_cells[house];
    for (; places; places &= places - 1) out[used++] = (uint16_t)(first + step * cells[__builtin_ctz(places)]);
    return used;
}

/* A candidate's ON table in chains mode (its cell's other candidates off;
 * its peers with the digit off, in the order HoDoKu's house by house
 * walk gives: the row's, the column's, then the box's off both, each in
 * cell order; the group nodes that see it off), from out[used]; the new
 * count. */
static int on_successors(const hodoku_tables *t, const candidate *c, uint16_t *out, int used)
{
    int cell = c->cell, digit = c->digit;
    for (unsigned o = c->cands & ~(1u << (digit - 1)); o; o &= o - 1)
        out[used++] = (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(o), false);
    int first = hodoku_plain(0, digit, false), step = hodoku_plain(1, digit, false) - first;
    used = place_nodes(c->houses[0], c->others[0], first, step, out, used);
    used = place_nodes(c->houses[1], c->others[1], first, step, out, used);
    int place = sudoku_cell_index[cell][2];
    unsigned on_lines = (7u << (place / 3 * 3)) | (0x49u << (place % 3));
    used = place_nodes(c->houses[2], c->others[2] & ~on_lines, first, step, out, used);
    return group_nodes(t, digit, c->groups_on, false, out, used);
}

/* The node of a house's one other place of the digit, on; -1 if it has
 * none or several. */
static int single_node(const candidate *c, int k)
{
    unsigned p = c->others[k];
    if (!p || (p & (p - 1))) return -1;
    return hodoku_plain(sudoku_unit_cells[c->houses[k]][__builtin_ctz(p)], c->digit, true);
}

/* A candidate's OFF table in chains mode (its bivalue cell's other
 * candidate on; the one other place of the digit in its row, column, box
 * on, the box's only if neither line gave the same cell; the group nodes
 * it is the one cell beside on), from out[used]; the new count. */
static int off_successors(const hodoku_tables *t, const candidate *c, uint16_t *out, int used)
{
    int cell = c->cell, digit = c->digit;
    if (sudoku_is_pair(c->cands))
        out[used++] = (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(c->cands & ~(1u << (digit - 1))), true);
    int row = single_node(c, 0), col = single_node(c, 1), box = single_node(c, 2);
    if (row >= 0) out[used++] = (uint16_t)row;
    if (col >= 0) out[used++] = (uint16_t)col;
    if (box >= 0 && box != row && box != col) out[used++] = (uint16_t)box;
    return group_nodes(t, digit, c->groups_off, true, out, used);
}

/* A candidate's two tables in chains mode, ON then OFF, from the
 * successor lists' place used; where they end. */
static int candidate_successors(hodoku_tables *t, const candidate *c, int used)
{
    int on = hodoku_plain(c->cell, c->digit, true), off = on + 1;
    t->succ_start[on] = used;
    used = on_successors(t, c, t->succ_node, used);
    t->succ_start[off] = used;
    used = off_successors(t, c, t->succ_node, used);
    t->succ_start[off + 1] = used;
    t->base_count[on] = 1 + t->succ_start[off] - t->succ_start[on];
    t->base_count[off] = 1 + used - t->succ_start[off];
    t->extra_count[on] = t->extra_count[off] = 0;
    return used;
}

/* The candidates' tables of the last chains-mode fill, with and without
 * group nodes (one of each per thread), kept for the next fill of the
 * same mode: along a path most boards differ from the one before by a
 * candidate or two, and a candidate's two lists read only what
 * candidate_successors' inputs hold: its cell's candidates, the digit's
 * places in its three houses and the group nodes along those houses.
 * Such a group node's cells lie in one of those houses, so they (and
 * whether it exists, and which of its links hold the candidate) are the
 * same when those places are; only its number may differ, where a group
 * node earlier in the list came or went. So a candidate whose cell and
 * houses are as they were takes its kept lists, its group nodes
 * renumbered by their place (line, digit, box). The same holds for a
 * group node's two tables (group_successors): they read the digit's
 * places along its line and in its box, and the group nodes there. Nothing
 * else is kept: the result is the fill made afresh, whatever board came
 * before. */
#define KEPT_ENTRIES 16384 /* a board's candidates' lists take 2,000 to 9,000 */
typedef struct kept_fill {
    bool valid;
    int ngroups;
    uint16_t cands[SUDOKU_CELLS];
    uint16_t places[10][27];
    uint16_t group_key[HODOKU_GROUPS_MAX];
    int start[HODOKU_NODES + 1]; /* the successor lists' starts, as made */
    uint16_t node[KEPT_ENTRIES];
} kept_fill;

static _Thread_local kept_fill kept_fills[2];

#define GONE 0xffff /* in a node map: a kept group node that is no more */

/* The node each kept group node's ON and OFF nodes are now (map, by
 * node - HODOKU_PLAIN_NODES, GONE: gone) and the kept number of each
 * group node now (was, -1: none), by walking both lists in their common
 * order; the first node of a kept group node whose number changed (those
 * before kept theirs). */
static int group_map(const hodoku_tables *t, const kept_fill *k, uint16_t *map, int16_t *was)
{
    const uint16_t *key = t->group_key;
    memset(was, 0xff, HODOKU_GROUPS_MAX * sizeof *was);
    int changed = k->ngroups;
    for (int i = 0, j = 0; i < k->ngroups; i++) {
        while (j < t->ngroups && key[j] < k->group_key[i]) j++;
        bool kept = j < t->ngroups && key[j] == k->group_key[i];
        map[2 * i] = (uint16_t)(kept ? hodoku_group_node(j, true) : GONE);
        map[2 * i + 1] = (uint16_t)(kept ? hodoku_group_node(j, false) : GONE);
        if (kept) was[j] = (int16_t)i;
        if ((!kept || j != i) && changed == k->ngroups) changed = i;
    }
    return hodoku_group_node(changed, true);
}

/* Whether the kept list from..to has no group node numbered at or after
 * changed (they come last, in the list's order). */
static bool same_numbers(const kept_fill *k, int from, int to, int changed)
{
    return to == from || k->node[to - 1] < changed;
}

/* Whether a kept candidate's two lists (ON's from on) name every group
 * node by its number now: none numbered at or after changed, the first
 * whose number changed (those before kept theirs); always so when none
 * changed (renumbers false). */
static bool same_lists(const kept_fill *k, int on, int changed, bool renumbers)
{
    return !renumbers ||
           (same_numbers(k, k->start[on], k->start[on + 1], changed) &&
            same_numbers(k, k->start[on + 1], k->start[on + 2], changed));
}

/* Renumbers the group nodes of a list (they come last); false if one is
 * gone (then the list cannot be the kept one). */
static bool renumber(uint16_t *list, int n, const uint16_t *map)
{
    for (int j = n - 1; j >= 0 && list[j] >= HODOKU_PLAIN_NODES; j--) {
        unsigned now = map[list[j] - HODOKU_PLAIN_NODES];
        if (now == GONE) return false;
        list[j] = (uint16_t)now;
    }
    return true;
}

/* By digit, the houses (bits by house number) whose places of the digit
 * differ from k's: all of them if k holds no fill, so that no table is
 * taken from it. The first 24 houses four at a time (a word of places),
 * most being as they were, each of four only where the word differs. */
static void moved_houses(const kept_fill *k, const uint16_t places[10][27], uint32_t *moved)
{
    for (int digit = 1; digit <= 9; digit++) {
        const uint16_t *was = k->places[digit], *now = places[digit];
        uint32_t m = 0;
        for (int house = 0; house < 27; house += 4) {
            uint64_t a, b;
            if (house + 4 <= 27) {
                memcpy(&a, was + house, sizeof a);
                memcpy(&b, now + house, sizeof b);
                if (a == b) continue;
            }
            for (int h = house; h < house + 4 && h < 27; h++) m |= (uint32_t)(was[h] != now[h]) << h;
        }
        moved[digit] = k->valid ? m : ~0u;
    }
}

/* A run of candidates whose kept lists lie one after the other, to be
 * copied at once: kept successors from..to go to the lists' place at. */
typedef struct kept_run {
    int from, to, at;
} kept_run;

/* Copies the run's lists (their starts are written already); where they
 * end in the lists, -1 if memory ran out. */
static int copy_run(hodoku_tables *t, const kept_fill *k, kept_run *run)
{
    if (!room(t, run->at, run->to - run->from)) return -1;
    memcpy(t->succ_node + run->at, k->node + run->from, (size_t)(run->to - run->from) * sizeof *k->node);
    int end = run->at + run->to - run->from;
    run->from = run->to = run->at = 0;
    return end;
}

/* A candidate's two tables as kept, their group nodes numbered as now:
 * added to the run (which ends at used if it is empty); where they end,
 * -1 if memory ran out. */
static int kept_same(hodoku_tables *t, const kept_fill *k, kept_run *run, int on, int used)
{
    int off = on + 1, from = k->start[on];
    if (run->to != from || run->to == run->from) {
        used = run->to == run->from ? used : copy_run(t, k, run);
        if (used < 0) return -1;
        *run = (kept_run){from, from, used};
    }
    int shift = run->at - run->from;
    run->to = k->start[off + 1];
    t->succ_start[on] = from + shift;
    t->succ_start[off] = k->start[off] + shift;
    t->succ_start[off + 1] = run->to + shift;
    t->base_count[on] = 1 + k->start[off] - from;
    t->base_count[off] = 1 + run->to - k->start[off];
    t->extra_count[on] = t->extra_count[off] = 0;
    return run->to + shift;
}

/* Renumbers a kept candidate's two lists (ON's from on) in k itself by
 * map, so that they join a run as they are (rather than each copied and
 * renumbered on its own): k's lists are read once a fill, each by its
 * own table, and keep_fill overwrites them all. False if a group node of
 * theirs is gone (then they are not the kept ones). */
static bool renumber_kept(kept_fill *k, const uint16_t *map, int on)
{
    int from = k->start[on], mid = k->start[on + 1], to = k->start[on + 2];
    return renumber(k->node + from, mid - from, map) && renumber(k->node + mid, to - mid, map);
}

/* Group node gi's two tables taken from k (where the kept group node
 * old's are) as group_successors would make them, where its line's and
 * box's places of its digit are as they were; where they end, -1 if they
 * are not the kept ones. */
static int kept_group(hodoku_tables *t, const kept_fill *k, const uint16_t *map, const uint32_t *moved, int gi,
                      int old, int used)
{
    const hodoku_group *gr = &t->groups[gi];
    int line = gr->row >= 0 ? gr->row : 9 + gr->col, box = 18 + gr->box;
    if (old < 0 || ((moved[gr->digit] >> line | moved[gr->digit] >> box) & 1u)) return -1;
    int on = hodoku_group_node(gi, true), was = hodoku_group_node(old, true);
    int from = k->start[was], mid = k->start[was + 1], to = k->start[was + 2];
    uint16_t *out = t->succ_node + used;
    memcpy(out, k->node + from, (size_t)(to - from) * sizeof *out);
    if (!renumber(out, mid - from, map) || !renumber(out + (mid - from), to - mid, map)) return -1;
    t->succ_start[on] = used;
    t->succ_start[on + 1] = used + mid - from;
    t->base_count[on] = 1 + mid - from;
    t->base_count[on + 1] = 1 + to - mid;
    t->extra_count[on] = t->extra_count[on + 1] = 0;
    return used + to - from;
}

/* Keeps the tables just made (used successors). */
static void keep_fill(const hodoku_tables *t, kept_fill *k, const uint16_t places[10][27], int used)
{
    k->valid = used <= KEPT_ENTRIES;
    if (!k->valid) return;
    const hodoku_grid *g = t->grid;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) k->cands[cell] = g->value[cell] ? 0 : g->candidates[cell];
    memcpy(k->places, places, sizeof k->places);
    k->ngroups = t->ngroups;
    memcpy(k->group_key, t->group_key, (size_t)t->ngroups * sizeof *k->group_key);
    /* Only the starts of tables this fill made are read back (as_kept:
     * the same candidates; a group node's: one of those kept). */
    memcpy(k->start, t->succ_start, (size_t)(HODOKU_PLAIN_NODES + 2 * t->ngroups + 1) * sizeof *k->start);
    memcpy(k->node, t->succ_node, (size_t)used * sizeof *k->node);
}

/* The group nodes' tables in chains mode, each taken from k if it can be,
 * from used; where they end, -1 if memory ran out. */
static int group_tables(hodoku_tables *t, const kept_fill *k, const uint16_t *map, const int16_t *old,
                        const uint32_t *moved, lazy_links *x, int used)
{
    for (int gi = 0; gi < t->ngroups; gi++) {
        if (!room(t, used, 2 * (64 + 3 * t->ngroups))) return -1;
        int end = kept_group(t, k, map, moved, gi, old[gi], used);
        if (end >= 0) {
            used = end;
            continue;
        }
        links_of(t, x, gi);
        for (int table = hodoku_group_node(gi, true); table <= hodoku_group_node(gi, false); table++) {
            t->succ_start[table] = used;
            used = group_successors(t, x->links, x->others, table, t->succ_node, used);
            t->base_count[table] = 1 + used - t->succ_start[table];
            t->extra_count[table] = 0;
        }
    }
    return used;
}

/* The candidates' tables in chains mode, each taken from k if it can be;
 * where they end, -1 if memory ran out. */
static int candidate_tables(hodoku_tables *t, kept_fill *k, const uint16_t *map, const uint16_t places[10][27],
                            const uint32_t *moved, lazy_links *x, int changed)
{
    const hodoku_grid *g = t->grid;
    kept_run run = {0, 0, 0};
    int used = 0;
    bool renumbers = changed < hodoku_group_node(k->ngroups, true);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        candidate c = {.cell = cell, .cands = g->value[cell] ? 0 : g->candidates[cell], .houses = sudoku_cell_units[cell]};
        /* A candidate's tables are the kept ones if its cell's candidates
         * and the digit's places in its houses are as they were. */
        bool cell_kept = k->cands[cell] == c.cands;
        uint32_t units = sudoku_cell_unit_mask[cell];
        for (unsigned left = c.cands; left; left &= left - 1) {
            c.digit = sudoku_lowest_digit(left);
            int on = hodoku_plain(cell, c.digit, true);
            bool kept = cell_kept && !(moved[c.digit] & units);
            bool same = kept && (same_lists(k, on, changed, renumbers) || renumber_kept(k, map, on));
            int end = same ? kept_same(t, k, &run, on, used) : run.to != run.from ? copy_run(t, k, &run) : used;
            if (end < 0) return -1;
            used = end;
            if (same) continue;
            /* Room only for a list made afresh: a run's copy makes its own. */
            if (!room(t, used, 2 * (64 + 3 * t->ngroups))) return -1;
            for (int h = 0; h < 3; h++) c.others[h] = places[c.digit][c.houses[h]] & ~(1u << sudoku_cell_index[cell][h]);
            /* x->known too: clang's analyzer loses t->ngroups along the loop. */
            if (t->ngroups && x->known)
                candidate_group_bits(t, x, cell, c.digit, &c.groups_on, &c.groups_off);
            used = candidate_successors(t, &c, used);
        }
    }
    return run.to != run.from ? copy_run(t, k, &run) : used;
}

void hodoku_tables_fill_chains(hodoku_tables *t)
{
    lazy_links x = {NULL, NULL, 0, NULL, {{{0}}}};
    if (t->ngroups) {
        x.links = malloc((size_t)t->ngroups * sizeof *x.links);
        x.others = malloc((size_t)t->ngroups * 64 * sizeof *x.others);
        x.known = calloc((size_t)t->ngroups, sizeof *x.known);
        if (!x.links || !x.others || !x.known) {
            free(x.links);
            free(x.others);
            free(x.known);
            t->no_memory = true;
            return;
        }
        group_houses(t, x.houses);
    }
    kept_fill *k = &kept_fills[t->with_groups];
    uint16_t map[2 * HODOKU_GROUPS_MAX];
    int16_t was[HODOKU_GROUPS_MAX];
    if (!k->valid) k->ngroups = 0; /* none to map */
    int changed = group_map(t, k, map, was);
    /* The tables in order: each candidate's ON and OFF, then the group
     * nodes'; the others (no candidate) get none. A list ends where the
     * next node's starts, so that start is written after each table; no
     * other node's is read in chains mode (see hodoku_tables_begin). */
    uint16_t places[10][27];
    house_places(t, places);
    uint32_t moved[10];
    moved_houses(k, places, moved);
    int used = candidate_tables(t, k, map, places, moved, &x, changed);
    if (used >= 0) used = group_tables(t, k, map, was, moved, &x, used);
    if (used >= 0) {
        t->succ_start[HODOKU_PLAIN_NODES + 2 * t->ngroups] = used;
        keep_fill(t, k, places, used);
    } else {
        k->valid = false;
    }
    /* succ_dist is left as it is: every direct implication here is at
     * distance 2, which the expansion and direct_entry take in chains mode
     * without reading it. */
    free(x.links);
    free(x.others);
    free(x.known);
    t->table = -1;
}


/* A link to a group node that the group tables add to a candidate's
 * table, kept aside until all are known. */
typedef struct extra_link {
    uint16_t table, node;
} extra_link;

/* Makes group node table's table of the k nodes (its premise first), as
 * hodoku_table_open and hodoku_table_add_after(nodes, k, 0) would: the
 * premise at distance 1, the rest after it at 2. They would leave none
 * out: a group node never is, and the plain nodes are distinct (the cells
 * seeing the group node, or its single cells, one in its box and one along
 * its line, which never meet: a cell of both holding the digit is one of
 * the group node's), k staying far under HODOKU_TABLE_MAX. So neither
 * the node marks nor a new epoch are needed: each reader of the marks
 * starts an epoch of its own. */
static void group_table(hodoku_tables *t, int table, const uint16_t *nodes, int k)
{
    t->table = table;
    t->base_start[table] = t->base_used;
    t->base_count[table] = 0;
    t->extra_count[table] = 0;
    if (!reserve(&t->base, &t->base_size, t->base_used + k, BASE_FIRST, &t->no_memory)) return;
    hodoku_entry *list = &t->base[t->base_used];
    for (int i = 0; i < k; i++) list[i] = (hodoku_entry){.node = nodes[i], .dist = i ? 2 : 1};
    t->base_count[table] = k;
    t->base_used += k;
}

void hodoku_tables_fill_groups(hodoku_tables *t)
{
    int nlinks = 0;
    extra_link *links = malloc(((size_t)t->ngroups * (SUDOKU_CELLS + 2) + 1) * sizeof *links);
    group_links *gl = malloc(((size_t)t->ngroups + 1) * sizeof *gl);
    int *others = malloc(((size_t)t->ngroups * 64 + 1) * sizeof *others);
    if (!links || !gl || !others) {
        t->no_memory = true;
        free(links);
        free(gl);
        free(others);
        return;
    }
    link_groups(t, gl, others);
    for (int gi = 0; gi < t->ngroups; gi++) {
        int digit = t->groups[gi].digit;
        for (int on = 1; on >= 0; on--) {
            /* The premise, then what chains mode gives it: all but the
             * premise from it (entry 0). */
            uint16_t nodes[1 + 20 + 2 * (HODOKU_GROUPS_MAX / 9 + 1) + 3];
            int table = hodoku_group_node(gi, on);
            nodes[0] = (uint16_t)table;
            int k = group_successors(t, gl, others, table, nodes, 1);
            group_table(t, table, nodes, k);
        }
        /* The candidates' links to it: those its ON table turns off, then
         * those its OFF table turns on. */
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = gl[gi].sees.w[w]; bits; bits &= bits - 1)
                links[nlinks++] = (extra_link){(uint16_t)hodoku_plain(64 * w + __builtin_ctzll(bits), digit, true),
                                               (uint16_t)hodoku_group_node(gi, false)};
        for (int i = 0; i < 2; i++)
            if (gl[gi].single[i] >= 0)
                links[nlinks++] = (extra_link){(uint16_t)hodoku_plain(gl[gi].single[i], digit, false),
                                               (uint16_t)hodoku_group_node(gi, true)};
    }
    t->table = -1;
    /* The links, table by table in the order they came (a stable sort).
     * Only the tables with links are placed (in the order of their first
     * link: where a table's list lies is read through its start only);
     * the node marks tell them, and count what each took. */
    for (int i = 0; i < nlinks; i++) t->extra_count[links[i].table]++;
    new_epoch(t);
    int start = 0;
    for (int i = 0; i < nlinks; i++) {
        int table = links[i].table;
        if (t->stamp[table] == t->epoch) continue;
        t->stamp[table] = t->epoch;
        t->pos[table] = 0;
        int left = HODOKU_TABLE_MAX - t->base_count[table];
        if (t->extra_count[table] > left) t->extra_count[table] = left > 0 ? left : 0;
        t->extra_start[table] = start;
        start += t->extra_count[table];
    }
    if (reserve(&t->extra, &t->extra_size, start + 1, EXTRA_FIRST, &t->no_memory))
        for (int i = 0; i < nlinks; i++) {
            int table = links[i].table;
            if (t->pos[table] >= t->extra_count[table]) continue;
            hodoku_entry *e = &t->extra[t->extra_start[table] + t->pos[table]++];
            e->node = links[i].node;
            e->ret[0] = e->ret[1] = e->ret[2] = e->ret[3] = e->ret[4] = 0;
            e->dist = 2;
            e->flags = 0;
        }
    t->extra_used = start;
    free(links);
    free(gl);
    free(others);
}

/* ---- expansion (spec 13.3) ---- */

/* GCC vectorizes succ_copy with alias checks and tails that cost more
 * than they save on lists of some 15 entries (on top1465's first 60, 5.5M
 * instructions against 3.3M for the plain loop); clang has no such switch. */
#if defined(__GNUC__) && !defined(__clang__)
#define PLAIN_LOOP __attribute__((optimize("no-tree-vectorize")))
#else
#define PLAIN_LOOP
#endif

/* Copies entries from to n of list into the successor arrays from at, the
 * arrays' next place returned: a run of one list at a time, without
 * asking which list each entry is in. */
PLAIN_LOOP static int succ_copy(hodoku_tables *t, int at, const hodoku_entry *list, int from, int n)
{
    for (int k = from; k < n; k++, at++) {
        t->succ_node[at] = list[k].node;
        t->succ_dist[at] = list[k].dist;
    }
    return at;
}

/* Indexes a table made: its start, its entries but the premise, and the
 * start of the node after it (where its list ends); the next place. */
static int index_table(hodoku_tables *t, int table, int at)
{
    t->succ_start[table] = at;
    int nbase = t->base_count[table], nextra = t->extra_count[table];
    if (nbase + nextra >= 2) {
        /* Entries 1 on of the table's list, then of its group additions
         * (the premise is the first of the two together). */
        at = succ_copy(t, at, &t->base[t->base_start[table]], 1, nbase);
        if (nextra) at = succ_copy(t, at, &t->extra[t->extra_start[table]], nbase ? 0 : 1, nextra);
    }
    t->succ_start[table + 1] = at;
    return at;
}

bool hodoku_tables_index(hodoku_tables *t)
{
    /* Short of memory, some tables may not be made: nothing is read. */
    if (t->no_memory) return false;
    /* Room for every entry of every list, premises too: at least what is
     * copied, so one pass over the tables does. */
    int entries = t->base_used + t->extra_used;
    if (entries > t->succ_size) {
        uint16_t *nodes = realloc(t->succ_node, (size_t)entries * sizeof *nodes);
        if (nodes) t->succ_node = nodes;
        uint16_t *dists = realloc(t->succ_dist, (size_t)entries * sizeof *dists);
        if (dists) t->succ_dist = dists;
        if (!nodes || !dists) {
            t->no_memory = true;
            return false;
        }
        t->succ_size = entries;
    }
    /* The tables made, in node order: the open cells' candidates', the
     * group nodes'. */
    const hodoku_grid *g = t->grid;
    int at = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = g->value[cell] ? 0 : g->candidates[cell]; c; c &= c - 1)
            for (int on = 1; on >= 0; on--) at = index_table(t, hodoku_plain(cell, sudoku_lowest_digit(c), on), at);
    for (int table = HODOKU_PLAIN_NODES; table < HODOKU_PLAIN_NODES + 2 * t->ngroups; table++)
        at = index_table(t, table, at);
    return true;
}

/* Entry i of a table's direct implications (its premise at 0): from its
 * list in nets mode; in chains mode, where they are all at distance 2 with
 * the premise as predecessor, from its successors. */
static hodoku_entry direct_entry(const hodoku_tables *t, int table, int i)
{
    if (t->nets) return *hodoku_direct(t, table, i);
    hodoku_entry e = {(uint16_t)table, {0, 0, 0, 0, 0}, 1, 0};
    if (i > 0) {
        e.node = t->succ_node[t->succ_start[table] + i - 1];
        e.dist = 2;
    }
    return e;
}

/* HoDoKu's number of a table: cell * 10 + digit, or a group table's place
 * in its list (ON, OFF for each group node). */
static uint16_t java_number(int table)
{
    if (hodoku_node_is_group(table)) return (uint16_t)(table - HODOKU_PLAIN_NODES);
    /* cell * 10 + digit from the candidate's number cell * 9 + digit - 1
     * (one division instead of two). */
    int k = table / 2;
    return (uint16_t)(k + k / 9 + 1);
}

/* The table an expanded entry came from, -1 if there is none such. */
static int source_table(const hodoku_tables *t, unsigned flags, int number)
{
    if (flags & HODOKU_FROM_GROUP) return number < 2 * t->ngroups ? HODOKU_PLAIN_NODES + number : -1;
    if (number % 10 == 0 || number >= 810) return -1;
    return hodoku_plain(number / 10, number % 10, flags & HODOKU_FROM_ON);
}

int hodoku_tables_expand(hodoku_tables *t, int table)
{
    t->n = hodoku_tables_expand_into(t, table, t->ent);
    return t->n;
}

int hodoku_tables_expand_into(hodoku_tables *t, int table, hodoku_entry *ent)
{
    new_epoch(t);
    t->map_ent = ent;
    int n = hodoku_direct_count(t, table);
    for (int i = 0; i < n; i++) {
        ent[i] = direct_entry(t, table, i);
        t->stamp[ent[i].node] = t->epoch;
        t->pos[ent[i].node] = (uint16_t)i;
    }
    uint16_t epoch = t->epoch, *stamp = t->stamp, *pos = t->pos;
    const uint16_t *succ = t->succ_node;
    for (int j = 1; j < n && n < HODOKU_TABLE_MAX; j++) {
        int src = ent[j].node, from = t->succ_start[src], to = t->succ_start[src + 1];
        if (from == to) continue; /* a source with no successors adds nothing, marks nothing */
        uint16_t number = java_number(src);
        uint8_t flags = HODOKU_EXPANDED;
        if (hodoku_node_is_group(src))
            flags |= HODOKU_FROM_GROUP;
        else if (hodoku_node_on(src))
            flags |= HODOKU_FROM_ON;
        unsigned base = ent[j].dist;
        if (!t->nets) {
            /* Chains mode: every direct implication is at distance 2, so
             * entries come in order of distance and none is ever reached
             * by a shorter way later (breadth first search). */
            uint16_t dist = (uint16_t)((base + 2) & HODOKU_DISTANCE_MASK);
            for (int k = from; k < to; k++) {
                int node = succ[k];
                if (stamp[node] == epoch) continue;
                if (n == HODOKU_TABLE_MAX) {
                    /* HoDoKu's full table takes no entry but marks its last. */
                    ent[n - 1].flags |= flags;
                    ent[n - 1].dist = dist;
                    continue;
                }
                hodoku_entry *add = &ent[n];
                add->node = (uint16_t)node;
                add->ret[0] = number;
                add->ret[1] = add->ret[2] = add->ret[3] = add->ret[4] = 0;
                add->flags = flags;
                add->dist = dist;
                stamp[node] = epoch;
                pos[node] = (uint16_t)n++;
            }
            continue;
        }
        for (int k = from; k < to; k++) {
            int node = succ[k];
            unsigned dist = base + t->succ_dist[k];
            if (stamp[node] == epoch) {
                hodoku_entry *old = &ent[pos[node]];
                if ((old->flags & HODOKU_EXPANDED) && old->dist > dist) {
                    old->ret[0] = number;
                    old->ret[1] = old->ret[2] = old->ret[3] = old->ret[4] = 0;
                    old->flags = flags;
                    old->dist = (uint16_t)(dist & HODOKU_DISTANCE_MASK);
                }
            } else if (n < HODOKU_TABLE_MAX) {
                hodoku_entry *add = &ent[n];
                add->node = (uint16_t)node;
                add->ret[0] = number;
                add->ret[1] = add->ret[2] = add->ret[3] = add->ret[4] = 0;
                add->flags = flags;
                add->dist = (uint16_t)(dist & HODOKU_DISTANCE_MASK);
                stamp[node] = epoch;
                pos[node] = (uint16_t)n++;
            } else {
                /* HoDoKu's full table takes no entry but marks its last. */
                ent[n - 1].flags |= flags;
                ent[n - 1].dist = (uint16_t)(dist & HODOKU_DISTANCE_MASK);
            }
        }
    }
    t->table = table;
    t->map_n = n;
    return n;
}

/* Makes the node map that of the table expanded into ent. */
static void map_table(hodoku_tables *t, const hodoku_entry *ent, int n)
{
    if (t->map_ent == ent) return;
    new_epoch(t);
    for (int i = 0; i < n; i++) {
        t->stamp[ent[i].node] = t->epoch;
        t->pos[ent[i].node] = (uint16_t)i;
    }
    t->map_ent = ent;
    t->map_n = n;
}

int hodoku_tables_find(const hodoku_tables *t, int node)
{
    return t->stamp[node] == t->epoch ? t->pos[node] : -1;
}

/* ---- chains read back (spec 13.4) ---- */

hodoku_set hodoku_node_set(const hodoku_tables *t, int node)
{
    if (hodoku_node_is_group(node)) return t->groups[(node - HODOKU_PLAIN_NODES) / 2].set;
    return hodoku_set_cell(hodoku_node_cell(node));
}

/* The first cell of a node (HoDoKu's cell index of an entry). */
static int first_cell(const hodoku_tables *t, int node)
{
    if (hodoku_node_is_group(node)) return t->groups[(node - HODOKU_PLAIN_NODES) / 2].cells[0];
    return hodoku_node_cell(node);
}

/* An entry of the expanded table (view -1) or of a table's direct list. */
static hodoku_entry entry(const hodoku_tables *t, int view, int i)
{
    return view < 0 ? t->map_ent[i] : direct_entry(t, view, i);
}

/* Where a node last is in a view; -1 if it is not there. */
static int lookup(const hodoku_tables *t, int view, int node)
{
    if (view < 0) return hodoku_tables_find(t, node);
    for (int i = hodoku_direct_count(t, view) - 1; i >= 0; i--)
        if (direct_entry(t, view, i).node == node) return i;
    return -1;
}

/* What reading one chain back needs. */
typedef struct reader {
    hodoku_tables *t;
    uint16_t *main; /* the main chain, target first */
    int nmain;
    hodoku_set cells;  /* the cells of the main chain's entries but its target */
    int nbranches;
    uint16_t branch_start[HODOKU_BRANCHES_MAX]; /* the nodes where net branches start */
    int limit;    /* entries of the expanded table it may read: those before */
    bool overrun; /* it named one at or beyond the limit */
} reader;

/* Whether reading entry i of a view passes the reader's limit (noted). */
static bool beyond(reader *r, int view, int i)
{
    if (view < 0 && i >= r->limit) r->overrun = true;
    return r->overrun;
}

/* HoDoKu's buildChain: from entry index of the expanded table back to its
 * premise (a branch: back to a node of the main chain), target first, into
 * out; the count. */
static int read_back(reader *r, int index, bool branch, uint16_t *out)
{
    hodoku_tables *t = r->t;
    const hodoku_entry *ent = t->map_ent;
    int n = 0, at = index, view = -1;
    bool jumped = false;
    out[n++] = ent[index].node;
    if (!t->nets && t->map_n < HODOKU_TABLE_MAX) {
        /* Chains mode: every entry a source table gives was its premise's
         * direct implication; the chain runs back through the entries that
         * were expanded (a table HoDoKu filled up is read the long way). */
        while (at != 0 && n < HODOKU_TABLE_MAX) {
            const hodoku_entry *e = &ent[at];
            int node = ent[0].node;
            at = 0;
            if (e->flags & HODOKU_EXPANDED) {
                node = source_table(t, e->flags, e->ret[0]);
                at = hodoku_tables_find(t, node);
                if (at < 0) break;
            }
            out[n++] = (uint16_t)node;
            if (!branch) r->cells = hodoku_set_or(r->cells, hodoku_node_set(t, node));
        }
        return n;
    }
    while (at != 0 && n < HODOKU_TABLE_MAX) {
        if (beyond(r, view, at)) return n;
        hodoku_entry e = entry(t, view, at);
        if (e.flags & HODOKU_EXPANDED) {
            int src = source_table(t, e.flags, ent[at].ret[0]);
            int found = src < 0 ? -1 : lookup(t, src, ent[at].node);
            if (found < 0) break; /* HoDoKu would fail here: no chain */
            view = src;
            at = found;
            jumped = true;
        }
        hodoku_entry cur = entry(t, view, at);
        for (int i = 0; i < 5; i++) {
            int ret = cur.ret[i];
            if (i == 0) {
                at = ret;
                if (beyond(r, view, ret)) return n;
                int node = entry(t, view, ret).node;
                out[n++] = (uint16_t)node;
                if (!branch) {
                    r->cells = hodoku_set_or(r->cells, hodoku_node_set(t, node));
                } else if (hodoku_set_has(r->cells, first_cell(t, node))) {
                    for (int k = 0; k < r->nmain; k++)
                        if (r->main[k] == node) return n;
                }
            } else if (ret != 0 && !branch && r->nbranches < HODOKU_BRANCHES_MAX) {
                if (beyond(r, view, ret)) return n;
                r->branch_start[r->nbranches++] = entry(t, view, ret).node;
            }
        }
        if (jumped && at == 0) {
            int premise = entry(t, view, 0).node;
            view = -1;
            at = hodoku_tables_find(t, premise);
            jumped = false;
            if (at < 0) break;
        }
    }
    return n;
}

int hodoku_tables_chain(hodoku_tables *t, int index, hodoku_chain_rule rule, uint16_t *chain, int max,
                     hodoku_set *cells)
{
    return hodoku_tables_chain_from(t, t->ent, t->n, index, rule, chain, max, cells, NULL, false);
}

int hodoku_tables_chain_from(hodoku_tables *t, const hodoku_entry *ent, int n, int index, hodoku_chain_rule rule,
                          uint16_t *chain, int max, hodoku_set *cells, int *main_length, bool within)
{
    map_table(t, ent, n);
    uint16_t *main = t->main;
    int length = 0;
    reader r = {t, main, 0, hodoku_set_empty(), 0, {0}, within ? n : INT_MAX, false};
    r.nmain = read_back(&r, index, false, main);
    if (r.nbranches && !t->branches) {
        t->branches = malloc((size_t)HODOKU_BRANCHES_MAX * HODOKU_TABLE_MAX * sizeof *t->branches);
        if (!t->branches) {
            t->no_memory = true;
            return 0;
        }
    }
    for (int k = 0; k < r.nbranches; k++) {
        int at = hodoku_tables_find(t, r.branch_start[k]);
        t->branch_len[k] = at < 0 ? 0 : read_back(&r, at, true, t->branches + k * HODOKU_TABLE_MAX);
    }
    if (r.overrun) return -1;
    if (rule == HODOKU_LOOP_CHAIN && r.nmain > 1 && first_cell(t, main[0]) == first_cell(t, main[1])) return 0;
    hodoku_set lasso = hodoku_set_empty();
    int last_cell = -1, last_node = -1, start_cell = first_cell(t, main[r.nmain - 1]);
    for (int i = r.nmain - 1; i >= 0; i--) {
        int node = main[i], cell = first_cell(t, node);
        if (rule != HODOKU_ANY_CHAIN) {
            if (hodoku_set_has(lasso, cell)) return 0;
            if (last_cell >= 0 && (last_cell != start_cell || rule == HODOKU_AIC_CHAIN))
                lasso = hodoku_set_or(lasso, hodoku_node_set(t, last_node));
        }
        last_cell = cell;
        last_node = node;
        if (length < max) chain[length] = (uint16_t)node;
        length++;
        for (int k = 0; k < r.nbranches; k++) {
            const uint16_t *b = t->branches + k * HODOKU_TABLE_MAX;
            if (t->branch_len[k] == 0 || b[t->branch_len[k] - 1] != node) continue;
            for (int l = t->branch_len[k] - 2; l >= 0; l--) {
                if (length < max) chain[length] = (uint16_t)(b[l] | HODOKU_LINK_BRANCH);
                length++;
            }
            if (length < max) chain[length] = HODOKU_LINK_BRANCH_END;
            length++;
        }
    }
    *cells = r.cells;
    if (main_length) *main_length = r.nmain;
    return length;
}

void hodoku_tables_links(const hodoku_tables *t, sudoku_step *step, const uint16_t *chain, int n)
{
    bool in_branch = false;
    for (int i = 0; i < n; i++) {
        if (chain[i] & HODOKU_LINK_BRANCH_END) {
            in_branch = false;
            continue;
        }
        int node = chain[i] & HODOKU_LINK_NODE;
        sudoku_link *l;
        if (hodoku_node_is_group(node)) {
            const hodoku_group *gr = &t->groups[(node - HODOKU_PLAIN_NODES) / 2];
            l = logic_step_link(step, gr->cells[0], gr->digit, hodoku_node_on(node), i == 0);
            if (!l) return;
            l->ngroup = (uint8_t)(gr->ncells - 1);
            for (int k = 1; k < gr->ncells; k++) l->group[k - 1] = gr->cells[k];
        } else {
            l = logic_step_link(step, hodoku_node_cell(node), hodoku_node_digit(node), hodoku_node_on(node), i == 0);
            if (!l) return;
        }
        if (chain[i] & HODOKU_LINK_BRANCH) {
            l->branch = 1;
            l->branch_start = !in_branch;
            in_branch = true;
        }
    }
}
