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
} player;

/* Makes the removals placing digit in cell records among its peers: once
 * a search for each candidate placed, kept out of the lookup's way. */
__attribute__((noinline)) static void make_peer_removals(player *p, int cell, int digit)
{
    int at = cell * 9 + digit - 1;
    hodoku_set sees = hodoku_set_and(p->t->holds[digit], hodoku_buddies(cell));
    int k = 0;
    /* A word of cells at a time, a node as first + step * cell. */
    int first = hodoku_plain(0, digit, false), step = hodoku_plain(1, digit, false) - first;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = sees.w[w]; bits; bits &= bits - 1)
            p->peers[at][k++] = (uint16_t)(first + step * (64 * w + __builtin_ctzll(bits)));
    p->npeers[at] = (uint8_t)k;
}

/* The removals placing digit in cell records among its peers, then room
 * for the cell's own (8 at most, overwritten by each placement); their
 * number through npeers. */
static inline uint16_t *peer_removals(player *p, int cell, int digit, int *npeers)
{
    int at = cell * 9 + digit - 1;
    if (p->npeers[at] == NOT_MADE) make_peer_removals(p, cell, digit);
    *npeers = p->npeers[at];
    return p->peers[at];
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
    hodoku_table_add(t, hodoku_plain(cell, digit, true), ret);
    int k;
    uint16_t *removed = peer_removals(p, cell, digit, &k);
    for (unsigned c = cands & ~(1u << (digit - 1)); c; c &= c - 1)
        removed[k++] = (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(c), false);
    hodoku_table_add_after(t, removed, k, at);
}

/* A premise's placement, or the naked single its removal leaves. */
static void place(player *p, int cell, int digit)
{
    record(p, cell, digit, false, false);
    hodoku_place(&p->work, cell, digit);
}

typedef struct single {
    uint8_t cell, digit;
    bool naked;
} single;

/* The singles g's queues announce, naked ones first, in queue order; their
 * number. Inline, as record. */
__attribute__((always_inline)) static inline int announced(const hodoku_grid *g, single *singles)
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

/* One premise's table: the premise, then four rounds of singles. The
 * saved grid's queues announce nothing if quiet. */
static void play(player *p, int cell, int digit, bool on, bool quiet)
{
    static const uint16_t none[5] = {0, 0, 0, 0, 0};
    hodoku_tables *t = p->t;
    hodoku_table_open(t, hodoku_plain(cell, digit, on));
    if (!on && quiet && stays_quiet(p->saved, cell, digit)) {
        hodoku_table_add(t, hodoku_plain(cell, digit, false), none);
        return;
    }
    copy_grid(&p->work, p->saved);
    if (on) {
        place(p, cell, digit);
    } else {
        hodoku_remove(&p->work, cell, digit);
        hodoku_table_add(t, hodoku_plain(cell, digit, false), none);
        if (sudoku_is_single(p->work.candidates[cell]))
            place(p, cell, sudoku_lowest_digit(p->work.candidates[cell]));
    }
    single singles[2 * HODOKU_QUEUE_ROOM];
    for (int round = 0; round < 4; round++) {
        int n = announced(&p->work, singles);
        if (!n) return; /* the grid stays as it is: so would every later round */
        for (int i = 0; i < n; i++) {
            record(p, singles[i].cell, singles[i].digit, true, singles[i].naked);
            /* Nothing reads the copy after the last round's last single. */
            if (round < 3 || i < n - 1) hodoku_place(&p->work, singles[i].cell, singles[i].digit);
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
    bool quiet = !announced(p.saved, singles);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (p.saved->value[cell]) continue;
        for (unsigned c = p.saved->candidates[cell]; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c);
            play(&p, cell, digit, true, quiet);
            play(&p, cell, digit, false, quiet);
        }
    }
    t->table = -1;
}
