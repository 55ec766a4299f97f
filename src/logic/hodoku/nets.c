/*
 * nets.c: the direct implications of forcing nets (hodoku-spec 14.2).
 * Each premise is played on a copy of the grid, singles queues and all:
 * the candidate placed or removed, then four rounds of the naked and
 * hidden singles that the copy's queues announce, each placement recorded
 * with the removals it causes and the entries that forced it (a net's
 * several predecessors).
 */
#include "nets.h"

#include <stddef.h>
#include <string.h>

#define PEERS_MAX 20 /* the peers of a cell */
#define NOT_MADE 0xff

/* What a premise's play reads of the saved grid: the cells whose
 * candidates it reads (whether placed, which and how many are left); the
 * cells whose candidates it may read otherwise (peers), only ever
 * comparing their number, less the play's own removals there so far,
 * with 1; by digit the houses whose places of the digit it reads (which
 * they are, or their count compared with another's); and by digit the
 * houses whose count of the digit it may read otherwise (counted), only
 * ever comparing it, less the play's own removals there so far, with 1.
 * Without drift the grid's counts, digits' cells and placed cells follow
 * from the candidates; so does everything else a play reads there but
 * the queues. */
typedef struct footprint {
    uint64_t cells[2], peers[2];
    uint32_t houses[10];  /* by digit: bit u for house u */
    uint32_t counted[10]; /* the same */
} footprint;

typedef struct player {
    hodoku_tables *t;
    const hodoku_grid *saved; /* the grid as the search found it */
    hodoku_grid work;
    /* By cell * 9 + digit - 1: the removals a placement records among its
     * peers, read off the saved grid's candidates (the tables' holds), so
     * the same in every premise's play: made on first use (their number,
     * NOT_MADE before), then read in place, the room after them taking
     * the placed cell's own removals. */
    uint8_t npeers[SUDOKU_CELLS * 9];
    uint16_t peers[SUDOKU_CELLS * 9][PEERS_MAX + 8];
    /* With them, what such a placement reads: the cell and its peers with
     * the digit (their candidates), the houses of all of them (the
     * digit's places). */
    uint64_t sees[SUDOKU_CELLS * 9][2];
    uint32_t units[SUDOKU_CELLS * 9];
    footprint *read; /* the play's, as it goes */
} player;

/* Makes the removals placing digit in cell records among its peers: once
 * a search for each candidate placed, kept out of the lookup's way. */
__attribute__((noinline)) static void make_peer_removals(player *p, int cell, int digit)
{
    int at = cell * 9 + digit - 1;
    hodoku_set sees = hodoku_set_and(p->t->holds[digit], hodoku_buddies(cell));
    int k = 0;
    uint32_t units = sudoku_cell_unit_mask[cell];
    /* A word of cells at a time, a node as first + step * cell. */
    int first = hodoku_plain(0, digit, false), step = hodoku_plain(1, digit, false) - first;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = sees.w[w]; bits; bits &= bits - 1) {
            int peer = 64 * w + __builtin_ctzll(bits);
            p->peers[at][k++] = (uint16_t)(first + step * peer);
            units |= sudoku_cell_unit_mask[peer];
        }
    p->npeers[at] = (uint8_t)k;
    hodoku_set_add(&sees, cell);
    p->sees[at][0] = sees.w[0];
    p->sees[at][1] = sees.w[1];
    p->units[at] = units;
}

/* The removals placing digit in cell records among its peers, then room
 * for the cell's own (8 at most, overwritten by each placement); their
 * number through npeers. What the placement reads of the saved grid
 * (hodoku_place's peers and counts, record's) goes to the play's
 * footprint, but for the houses of the cell's own other digits. */
static inline uint16_t *peer_removals(player *p, int cell, int digit, int *npeers)
{
    int at = cell * 9 + digit - 1;
    if (p->npeers[at] == NOT_MADE) make_peer_removals(p, cell, digit);
    footprint *read = p->read;
    read->cells[cell / 64] |= 1ull << (cell % 64);
    read->peers[0] |= p->sees[at][0];
    read->peers[1] |= p->sees[at][1];
    read->houses[digit] |= sudoku_cell_unit_mask[cell];
    read->counted[digit] |= p->units[at];
    *npeers = p->npeers[at];
    return p->peers[at];
}

/* Adds node (a plain node) to the open table as HoDoKu does (addEntry):
 * a node already there is left out, a full table takes nothing; ret are
 * entry numbers of its predecessors (the largest is kept first), its
 * distance one more than ret[0]'s. The table has room for all it takes
 * (hodoku_table_open). Inline, as record. */
__attribute__((always_inline)) static inline void table_add(hodoku_tables *t, int node, const uint16_t ret[5])
{
    int table = t->table, n = t->base_count[table];
    if (n >= HODOKU_TABLE_MAX || t->stamp[node] == t->epoch) return;
    hodoku_entry *list = &t->base[t->base_start[table]];
    hodoku_entry *e = &list[n];
    e->node = (uint16_t)node;
    e->flags = 0;
    memcpy(e->ret, ret, sizeof e->ret);
    for (int k = 1; k < 5; k++)
        if (e->ret[k] > e->ret[0]) {
            uint16_t swap = e->ret[0];
            e->ret[0] = e->ret[k];
            e->ret[k] = swap;
        }
    /* The distance from the first predecessor named, before the sort; a
     * predecessor not written yet (HoDoKu reads a cleared slot) counts 0. */
    e->dist = (uint16_t)((ret[0] < n ? list[ret[0]].dist : 0) + 1) & HODOKU_DISTANCE_MASK;
    t->stamp[node] = t->epoch;
    t->pos[node] = (uint16_t)n;
    t->base_count[table]++;
    t->base_used++;
}

/* Writes node (a plain node) at entry n of the open table's list, with
 * the one predecessor pred, unless it is there already; whether it did. */
static inline bool append(hodoku_tables *t, hodoku_entry *list, int n, int node, int pred, uint16_t dist)
{
    if (t->stamp[node] == t->epoch) return false;
    list[n] = (hodoku_entry){.node = (uint16_t)node, .ret = {(uint16_t)pred}, .dist = dist};
    t->stamp[node] = t->epoch;
    t->pos[node] = (uint16_t)n;
    return true;
}

/* Adds k plain nodes to the open table as table_add does, each with the
 * one predecessor pred (an entry number): a placement's removals. */
__attribute__((always_inline)) static inline void table_add_after(hodoku_tables *t, const uint16_t *nodes, int k,
                                                                  int pred)
{
    int table = t->table, n = t->base_count[table], i = 0;
    hodoku_entry *list = &t->base[t->base_start[table]];
    /* One predecessor sorts first already; the distance as table_add
     * reads it (0 if not written yet), the same for all but once pred
     * itself is written here (a placement's removals when the placement
     * was not added): so the entries up to pred are added one by one, the
     * rest in a loop that only counts. */
    uint16_t dist = (uint16_t)((pred < n ? list[pred].dist : 0) + 1) & HODOKU_DISTANCE_MASK;
    for (; i < k && n <= pred && n < HODOKU_TABLE_MAX; i++)
        if (append(t, list, n, nodes[i], pred, dist) && n++ == pred)
            dist = (uint16_t)(list[pred].dist + 1) & HODOKU_DISTANCE_MASK;
    if (n < HODOKU_TABLE_MAX)
        for (; i < k; i++)
            if (append(t, list, n, nodes[i], pred, dist) && ++n == HODOKU_TABLE_MAX) break;
    t->base_used += n - t->base_count[table];
    t->base_count[table] = n;
}

/* The house of cell with the fewest cells left for digit (row, column,
 * box on ties). */
static int fewest(const hodoku_grid *g, int cell, int digit)
{
    const uint8_t *houses = sudoku_cell_units[cell];
    int best = houses[0];
    if (g->free[houses[1]][digit] < g->free[best][digit]) best = houses[1];
    if (g->free[houses[2]][digit] < g->free[best][digit]) best = houses[2];
    return best;
}

/* Records digit placed in cell, as HoDoKu's setCell of the tabling
 * solver does (place then places it on the copy): the placement, with
 * its predecessors if asked (a naked single's other candidates removed,
 * a hidden single's other places in its house), then the candidates it
 * removes. All of it reads the table and the copy as they are before
 * the placement; the house with the fewest places is found only for a
 * hidden single. Inline (as the compiler would not): it runs for every
 * placement of every play, and the call was a tenth of its cost. */
__attribute__((always_inline)) static inline void record(player *p, int cell, int digit,
                                                         bool with_ret, bool naked)
{
    hodoku_tables *t = p->t;
    uint16_t ret[5] = {0, 0, 0, 0, 0};
    if (with_ret) {
        int k = 0;
        if (naked) {
            unsigned had = p->saved->candidates[cell] & ~(1u << (digit - 1));
            for (; had && k < 5; had &= had - 1)
                ret[k++] = (uint16_t)hodoku_table_index(t, hodoku_plain(cell, sudoku_lowest_digit(had), false));
        } else {
            int house = fewest(&p->work, cell, digit);
            hodoku_set others = hodoku_set_and(t->holds[digit], hodoku_unit_sets[house]);
            hodoku_set_remove(&others, cell);
            for (int other; k < 5 && (other = hodoku_set_pop(&others)) >= 0;)
                ret[k++] = (uint16_t)hodoku_table_index(t, hodoku_plain(other, digit, false));
        }
    }
    unsigned cands = p->work.candidates[cell];
    int at = t->base_count[t->table];
    table_add(t, hodoku_plain(cell, digit, true), ret);
    int k;
    uint16_t *removed = peer_removals(p, cell, digit, &k);
    uint32_t units = sudoku_cell_unit_mask[cell];
    for (unsigned c = cands & ~(1u << (digit - 1)); c; c &= c - 1) {
        int other = sudoku_lowest_digit(c);
        removed[k++] = (uint16_t)hodoku_plain(cell, other, false);
        p->read->counted[other] |= units; /* its counts go down */
    }
    table_add_after(t, removed, k, at);
}

/* A premise's placement, or the naked single its removal leaves. The
 * copy takes every placement by hodoku_place_at without checks: a play
 * reads of it only values, candidates, counts, queues (announced, record,
 * fewest) and what hodoku_place_at and hodoku_remove read themselves
 * (digits' cells, drift besides), never what only hodoku_grid_stuck
 * reads, which hodoku_place_at without checks leaves behind. */
static void place(player *p, int cell, int digit)
{
    record(p, cell, digit, false, false);
    hodoku_place_at(&p->work, cell, digit, false, true);
}

typedef struct single {
    uint8_t cell, digit;
    bool naked;
} single;

/* The singles g's queues announce, naked ones first, in queue order; their
 * number. What it reads of a hidden single's houses goes to read (if
 * not NULL): a naked single's cell is some placement's peer, read
 * already. Inline, as record. */
__attribute__((always_inline)) static inline int announced(const hodoku_grid *g, single *singles,
                                                           footprint *read)
{
    int n = 0;
    const hodoku_queue *q = &g->naked;
    for (int i = q->head; i < q->tail; i++)
        if (!g->value[q->entry[i].cell]) singles[n++] = (single){q->entry[i].cell, q->entry[i].digit, true};
    q = &g->hidden;
    hodoku_set found = hodoku_set_empty();
    for (int i = q->head; i < q->tail; i++) {
        int x = q->entry[i].cell, v = q->entry[i].digit;
        if (g->value[x] || hodoku_set_has(found, x)) continue;
        if (read) read->counted[v] |= sudoku_cell_unit_mask[x];
        for (int k = 0; k < 3; k++)
            if (g->free[sudoku_cell_units[x][k]][v] == 1) {
                singles[n++] = (single){(uint8_t)x, (uint8_t)v, false};
                hodoku_set_add(&found, x);
                break;
            }
    }
    return n;
}

/* True if taking digit out of cell leaves the saved grid's queues
 * announcing nothing, when they announce nothing now (quiet): the cell
 * keeps two candidates or more, and each of its houses two places or more
 * for the digit, so no queue takes an entry (or loses one), and no
 * hidden single already queued becomes live (a count that was above 1
 * stays so). Its play then holds the premise alone. */
static bool stays_quiet(const hodoku_grid *g, int cell, int digit)
{
    if (sudoku_popcount(g->candidates[cell]) < 3) return false;
    for (int k = 0; k < 3; k++)
        if (g->free[sudoku_cell_units[cell][k]][digit] < 3) return false;
    return true;
}

/* A queue's live entries (head to tail) onto to: the play only reads
 * and moves those and adds at the tail. */
static void copy_queue(hodoku_queue *to, const hodoku_queue *from)
{
    to->head = from->head;
    to->tail = from->tail;
    if (from->tail > from->head) /* mostly none: the call costs more than the test */
        memcpy(&to->entry[from->head], &from->entry[from->head],
               (size_t)(from->tail - from->head) * sizeof from->entry[0]);
}

/* copy_grid's three parts cover the grid: all before the queues, the
 * queues, all after them. */
_Static_assert(offsetof(hodoku_grid, hidden) == offsetof(hodoku_grid, naked) + sizeof(hodoku_queue),
               "the queues are next to each other");
_Static_assert(offsetof(hodoku_grid, unit_placed) ==
                   offsetof(hodoku_grid, hidden) + sizeof(hodoku_queue),
               "the queues end where unit_placed starts");

/* The saved grid onto the copy, each queue's live entries only: the
 * queues' room is more than half the grid, and few entries wait. */
static void copy_grid(hodoku_grid *to, const hodoku_grid *from)
{
    memcpy(to, from, offsetof(hodoku_grid, naked));
    copy_queue(&to->naked, &from->naked);
    copy_queue(&to->hidden, &from->hidden);
    size_t rest = offsetof(hodoku_grid, unit_placed);
    memcpy((char *)to + rest, (const char *)from + rest, sizeof *to - rest);
}

/* One premise's table (open, empty): the premise, then four rounds of
 * singles; what it reads of the saved grid goes to p->read. The saved
 * grid's queues announce nothing if quiet. */
static void play(player *p, int cell, int digit, bool on, bool quiet)
{
    static const uint16_t none[5] = {0, 0, 0, 0, 0};
    hodoku_tables *t = p->t;
    if (!on) { /* hodoku_remove's reads, stays_quiet's */
        p->read->cells[cell / 64] |= 1ull << (cell % 64);
        p->read->houses[digit] |= sudoku_cell_unit_mask[cell];
    }
    if (!on && quiet && stays_quiet(p->saved, cell, digit)) {
        table_add(t, hodoku_plain(cell, digit, false), none);
        return;
    }
    copy_grid(&p->work, p->saved);
    if (on) {
        place(p, cell, digit);
    } else {
        hodoku_remove(&p->work, cell, digit);
        table_add(t, hodoku_plain(cell, digit, false), none);
        if (sudoku_is_single(p->work.candidates[cell]))
            place(p, cell, sudoku_lowest_digit(p->work.candidates[cell]));
    }
    single singles[2 * HODOKU_QUEUE_ROOM];
    for (int round = 0; round < 4; round++) {
        int naked = p->work.naked.tail;
        int n = announced(&p->work, singles, p->read);
        if (!n) return; /* the grid stays as it is: so would every later round */
        for (int i = 0; i < n; i++) {
            record(p, singles[i].cell, singles[i].digit, true, singles[i].naked);
            /* Nothing reads the copy after the last round's last single,
             * nor its queues in the last round (its singles are announced
             * already, and record reads only candidates and counts). */
            if (round < 3)
                hodoku_place_at(&p->work, singles[i].cell, singles[i].digit, false, true);
            else if (i < n - 1)
                hodoku_place_at(&p->work, singles[i].cell, singles[i].digit, false, false);
        }
        /* Each cell the naked queue held so far is placed now (each naked
         * single announced was), so later rounds would pass over it all:
         * they start after it. */
        p->work.naked.head = naked;
    }
}

/* The plays of the last fill (one per thread), kept for the next: a play
 * reads the saved grid only where its footprint says, and the rest of
 * what it reads it wrote itself. So on a grid equal to the kept one there
 * (and like it without drift, with both queues empty at the same place,
 * hence quiet), each of its reads, in turn, finds what the kept play's
 * found: it makes the same moves and the same table. Its footprint is then
 * the kept one. Along a path most fills differ from the one before by a
 * candidate or two (the last net step's), which few plays read. The
 * keeping is by content: a fill equals one made afresh whatever board
 * came before. */
#define KEPT_ENTRIES 16384 /* a board's tables take 7,800 to 10,800 entries */
typedef struct kept_plays {
    bool valid;
    int naked_tail, hidden_tail;
    uint16_t cands[SUDOKU_CELLS];
    int8_t free[27][10]; /* the kept grid's counts */
    /* By node: a table kept and what its play read, for the candidates
     * of cands only (those of a changed cell are not read). */
    int start[HODOKU_PLAIN_NODES], count[HODOKU_PLAIN_NODES];
    footprint read[HODOKU_PLAIN_NODES];
    hodoku_entry entries[KEPT_ENTRIES];
} kept_plays;

static _Thread_local kept_plays kept;

/* Whether g is a grid whose plays may be kept: no drift, no live entry
 * in its queues. */
static bool keepable(const hodoku_grid *g)
{
    return !g->drift && g->naked.head == g->naked.tail && g->hidden.head == g->hidden.tail;
}

/* Where g differs from the kept grid, as a footprint (each changed cell,
 * and the houses of each of its digits that came or went); false if no
 * play can be taken from it. */
static bool changes(const kept_plays *k, const hodoku_grid *g, footprint *changed)
{
    if (!k->valid || !keepable(g) || g->naked.tail != k->naked_tail || g->hidden.tail != k->hidden_tail)
        return false;
    *changed = (footprint){{0, 0}, {0, 0}, {0}, {0}};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned diff = k->cands[cell] ^ g->candidates[cell];
        if (!diff) continue;
        changed->cells[cell / 64] |= 1ull << (cell % 64);
        for (; diff; diff &= diff - 1) changed->houses[sudoku_lowest_digit(diff)] |= sudoku_cell_unit_mask[cell];
    }
    return true;
}

/* Whether a counted house's count of digit is above 1 at every read of
 * the kept play (its table list, n entries) and of a play on g: each
 * removal of the digit from a cell of the house, as the copy makes it,
 * is an entry of the list (unless the list is full), so their count
 * bounds what each read takes off. The kept play's reads then compare
 * only as before (a count at 1 or less is read whole), and so do
 * those on g: the house's places are not read. */
static bool stays_above_one(const kept_plays *k, const hodoku_entry *list, int n, const hodoku_grid *g, int house,
                            int digit)
{
    if (n >= HODOKU_TABLE_MAX) return false;
    int removed = 0;
    uint32_t bit = 1u << house;
    for (int i = 0; i < n; i++) {
        int node = list[i].node;
        removed += !hodoku_node_on(node) && hodoku_node_digit(node) == digit &&
                   (sudoku_cell_unit_mask[hodoku_node_cell(node)] & bit);
    }
    int least = k->free[house][digit] < g->free[house][digit] ? k->free[house][digit] : g->free[house][digit];
    return least - removed >= 2;
}

/* The same for a cell the kept play read as a peer only: a removal from
 * it is an entry of the list, and a cell left with one candidate (a
 * naked single) or none would have been read whole. */
static bool keeps_two(const kept_plays *k, const hodoku_entry *list, int n, const hodoku_grid *g, int cell)
{
    if (n >= HODOKU_TABLE_MAX) return false;
    int removed = 0;
    for (int i = 0; i < n; i++) removed += !hodoku_node_on(list[i].node) && hodoku_node_cell(list[i].node) == cell;
    int was = sudoku_popcount(k->cands[cell]), now = sudoku_popcount(g->candidates[cell]);
    return (was < now ? was : now) - removed >= 2;
}

/* Whether the kept play of node reads on g what it read on the kept
 * grid; digits: bit d for each digit d with changed houses (the others
 * have none). */
static bool untouched(const kept_plays *k, int node, const footprint *changed, unsigned digits,
                      const hodoku_grid *g)
{
    const footprint *read = &k->read[node];
    uint64_t met = (read->cells[0] & changed->cells[0]) | (read->cells[1] & changed->cells[1]);
    uint32_t counted = 0;
    for (unsigned d = digits; d; d &= d - 1) {
        int digit = __builtin_ctz(d);
        met |= read->houses[digit] & changed->houses[digit];
        counted |= read->counted[digit] & changed->houses[digit];
    }
    if (met) return false;
    const hodoku_entry *list = k->entries + k->start[node];
    for (int w = 0; w < 2; w++)
        for (uint64_t m = read->peers[w] & ~read->cells[w] & changed->cells[w]; m; m &= m - 1)
            if (!keeps_two(k, list, k->count[node], g, 64 * w + __builtin_ctzll(m))) return false;
    for (unsigned d = counted ? digits : 0; d; d &= d - 1) {
        int digit = __builtin_ctz(d);
        for (uint32_t m = read->counted[digit] & changed->houses[digit]; m; m &= m - 1)
            if (!stays_above_one(k, list, k->count[node], g, __builtin_ctz(m), digit)) return false;
    }
    return true;
}

/* Keeps the plays of the fill just made on g (their footprints are in k
 * already). */
static void keep_plays(const hodoku_tables *t, const hodoku_grid *g, kept_plays *k)
{
    k->valid = keepable(g) && !t->no_memory && t->base_used <= KEPT_ENTRIES;
    if (!k->valid) return;
    k->naked_tail = g->naked.tail;
    k->hidden_tail = g->hidden.tail;
    memcpy(k->free, g->free, sizeof k->free);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned cands = g->candidates[cell];
        k->cands[cell] = (uint16_t)cands;
        for (; cands; cands &= cands - 1)
            for (int node = hodoku_plain(cell, sudoku_lowest_digit(cands), true), off = node + 1; node <= off; node++) {
                /* Table by table: a copy of a few hundred bytes takes
                 * vector moves, one of the whole list a string move. */
                int start = t->base_start[node], n = t->base_count[node];
                memcpy(k->entries + start, t->base + start, (size_t)n * sizeof *t->base);
                k->start[node] = start;
                k->count[node] = n;
            }
    }
}

void hodoku_tables_fill_nets(hodoku_tables *t)
{
    player p;
    p.t = t;
    p.saved = t->grid;
    memset(p.npeers, NOT_MADE, sizeof p.npeers);
    single singles[2 * HODOKU_QUEUE_ROOM];
    bool quiet = !announced(p.saved, singles, NULL);
    kept_plays *k = &kept;
    footprint changed;
    bool takes = changes(k, p.saved, &changed);
    unsigned digits = 0;
    for (int digit = 1; takes && digit <= 9; digit++)
        if (changed.houses[digit]) digits |= 1u << digit;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (p.saved->value[cell]) continue;
        bool cell_kept = takes && !(changed.cells[cell / 64] >> (cell % 64) & 1u);
        for (unsigned c = p.saved->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c);
            for (int on = 1; on >= 0; on--) {
                int node = hodoku_plain(cell, digit, on);
                hodoku_table_open(t, node);
                if (t->no_memory) continue; /* no room: nothing is read */
                if (cell_kept && untouched(k, node, &changed, digits, p.saved)) {
                    hodoku_table_copy(t, k->entries + k->start[node], k->count[node]);
                    continue;
                }
                p.read = &k->read[node];
                *p.read = (footprint){{0, 0}, {0, 0}, {0}, {0}};
                play(&p, cell, digit, on, quiet);
            }
        }
    }
    keep_plays(t, p.saved, k);
    t->table = -1;
}
