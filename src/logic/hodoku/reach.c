/*
 * reach.c: what each premise of HoDoKu's tables reaches at all, for every
 * table at once: the strongly connected parts of the implication graph
 * (Tarjan's algorithm), each with the set of nodes it reaches, built from
 * the parts it leads to (which Tarjan's algorithm finishes first). A
 * table holds at most what its premise reaches, so a search can skip the
 * tables that cannot hold what it looks for and expand only the others.
 */
#include "reach.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void hodoku_reach_free(hodoku_reach *r)
{
    free(r->sets);
    free(r->part);
    free(r->nodes);
    r->sets = NULL;
    r->part = NULL;
    r->nodes = NULL;
}

/* Room for up to n nodes by number; false (r left empty) if memory ran
 * out. */
static bool nodes_alloc(hodoku_reach *r, int n)
{
    r->sets = NULL;
    r->part = NULL;
    r->nodes = malloc(((size_t)n + 1) * sizeof *r->nodes);
    return r->nodes != NULL;
}

/* The graph: table node u's successors are the nodes succ[first[u] ..
 * last[u]); it goes on if there is one. Indexed by table node, so that
 * the tables' own index serves as it is (no copy by number). */
typedef struct graph {
    const uint16_t *succ;
    const int *first, *last;
} graph;

/* What the search knows of a table node as a successor (work's code), one
 * load an edge, its cases in the order an edge meets them most: below
 * FINISHED, a dead end the sets hold (a part of its own that reaches only
 * itself), its number a bit to set; from FINISHED, the number of the held
 * node rooting the finished part it is in, offset by FINISHED (a multiple
 * of 64, so that the code finds the root's bit as it is); from ORDERS,
 * the order (offset by ORDERS) of a node met and still on Tarjan's stack;
 * NOTHING, a successor that adds nothing (no number, or a dead end the
 * sets do not hold), above every order so that it lowers no low link, and
 * what memset's byte 0x2f fills a uint16_t with (one block move rather
 * than a store per node); from UNSEEN, the number of a node not met yet;
 * from OTHERS, the number of the node rooting a finished part that the
 * sets do not hold (a group node's), which an edge meets least. */
enum { FINISHED = 0x1000, ORDERS = 0x2000, NOTHING = 0x2f2f, UNSEEN = 0x3000, OTHERS = 0x4000 };
_Static_assert(HODOKU_NODES <= FINISHED && FINISHED % 64 == 0 &&
                   FINISHED + HODOKU_NODES <= ORDERS && ORDERS + HODOKU_NODES < NOTHING &&
                   NOTHING < UNSEEN && UNSEEN + HODOKU_NODES <= OTHERS &&
                   OTHERS + HODOKU_NODES <= UINT16_MAX,
               "reach.c's codes need room for every number");

/* One frame of the depth first search: a node (its number), its set, the
 * successors still to walk (left of them before last: counted up to 0,
 * one test a turn), its order and its low link (as codes). */
typedef struct frame {
    ptrdiff_t left;
    const uint16_t *last;
    uint64_t *set;
    int node;
    unsigned order, low;
} frame;

/* Work space of one computation: the graph and Tarjan's search's
 * arrays, for n nodes, the sets holding the first held (a set takes words
 * in pairs, so that one is added to another a pair at a time). */
typedef struct work {
    graph gr;
    int *ints, *stack, *merged;
    frame *calls;
    uint16_t code[HODOKU_NODES];
} work;

/* Where the sets are: copies of r's, which the search's stores of ints
 * could change as far as the compiler knows (it would load them again
 * after each). */
typedef struct layout {
    uint64_t *sets;
    size_t words;
    unsigned held;
} layout;

/* A pair of a set's words (GCC's vector extension, as forcing.c uses),
 * moved in and out with memcpy (the words are words elsewhere): one
 * instruction an or, and no test of overlap before the loop as a loop
 * over words takes. */
typedef uint64_t pair __attribute__((vector_size(16)));

/* Empties the sets of node numbers 0 to n - 1 at once, before the search,
 * rather than each when its node is met: a call of memset a set, and the
 * registers it takes, cost more. */
static void clear_sets(hodoku_reach *r, int n)
{
    memset(r->sets, 0, (size_t)n * (size_t)r->words * sizeof *r->sets);
}

static bool work_alloc(work *k, hodoku_reach *r, int n, int held)
{
    size_t m = (size_t)n + 1;
    r->n = n;
    r->held = held;
    r->words = (held + 127) / 128 * 2;
    r->part = malloc(m * sizeof *r->part);
    /* On 16 bytes (an even count of words: a size aligned_alloc takes), so
     * that every set is. */
    r->sets = aligned_alloc(16, m * (size_t)r->words * sizeof *r->sets);
    k->ints = malloc(2 * m * sizeof *k->ints);
    k->calls = malloc(m * sizeof *k->calls);
    if (!r->part || !r->sets || !k->ints || !k->calls) return false;
    k->stack = k->ints;
    k->merged = k->stack + m;
    return true;
}

static void work_free(work *k)
{
    free(k->ints);
    free(k->calls);
}

/* Node number v's set: while the search runs, what v and its dead ends
 * reach and the finished parts that it leads to; then, for the node
 * rooting a part, the part's set. */
static uint64_t *set_of(layout l, int v)
{
    /* On 16 bytes (work_alloc): a pair of words moves at once. */
    return __builtin_assume_aligned(l.sets + (size_t)v * l.words, 16);
}

/* Node number v's set (empty: clear_sets) made to hold v alone (if the
 * sets hold it). */
static uint64_t *set_start(layout l, int v)
{
    uint64_t *set = set_of(l, v);
    if ((unsigned)v < l.held) set[v >> 6] = 1ull << (v & 63);
    return set;
}

/* Adds to the pair of words at set the pair apart from it. */
static inline void add_pair(uint64_t *set, ptrdiff_t apart)
{
    pair a, b;
    memcpy(&a, set, sizeof a);
    memcpy(&b, set + apart, sizeof b);
    a |= b;
    memcpy(set, &a, sizeof a);
}

/* Adds a set to another, a pair of words at a time; the added set is read
 * at its distance from the other (both are in the sets), so that one
 * pointer steps. */
__attribute__((always_inline)) static inline void add_set(layout l, uint64_t *set,
                                                          const uint64_t *add)
{
    set = __builtin_assume_aligned(set, 16);
    ptrdiff_t apart = (const uint64_t *)__builtin_assume_aligned(add, 16) - set;
    /* Words past the eighth by a loop, the rest by a case each, one jump
     * for all: the sets mostly have 4 to 8 words (and at least 2: a set is
     * added only in a search, which has a node, so one held at least). */
    switch (l.words) {
    default:
        for (size_t w = 8; w < l.words; w += 2) add_pair(set + w, apart);
        /* fall through */
    case 8:
        add_pair(set + 6, apart);
        /* fall through */
    case 6:
        add_pair(set + 4, apart);
        /* fall through */
    case 4:
        add_pair(set + 2, apart);
        /* fall through */
    case 2: add_pair(set, apart);
    }
}

/* Adds to a set the set of a finished part with a held root, of code c
 * (FINISHED + the root's number; kept at the root), once. Such a part is
 * in the set exactly when its root's bit is: that bit comes in only with
 * the set of a finished part reaching it, which holds all the part reaches
 * (the nodes of an unfinished part are still on the stack), or as the
 * part's own bit when it is a dead end. */
static void take_held(layout l, uint64_t *set, unsigned c)
{
    if (set[(c >> 6) - FINISHED / 64] >> (c & 63) & 1) return;
    add_set(l, set, set_of(l, (int)(c - FINISHED)));
}

/* Adds to node number v's set the set of a finished part whose root, part,
 * the sets do not hold (a group node's), once: merged marks it by v. */
static void take_other(layout l, int *merged, int v, uint64_t *set, int part)
{
    if (merged[part] == v) return;
    merged[part] = v;
    add_set(l, set, set_of(l, part));
}

/* Starts the search of node number v, table node node: its place on the
 * stack (*depth, also its order: the nodes on the stack, the only ones
 * whose orders are compared, are there in the order they were met), its
 * code, its set, its frame f. Inlined in closure's loop (GCC would call
 * it, its arguments and the loop's registers through memory). */
__attribute__((always_inline)) static inline void visit(layout l, work *k, int v, int node,
                                                        frame *f, int *depth)
{
    unsigned order = ORDERS + (unsigned)*depth;
    k->stack[(*depth)++] = v;
    k->code[node] = (uint16_t)order;
    int last = k->gr.last[node];
    *f = (frame){
        (ptrdiff_t)k->gr.first[node] - last, k->gr.succ + last, set_start(l, v), v, order, order};
}

/* Walks on through f's node's successors up to one not met yet, whose
 * table node it returns and its number in *w (-1 at the end). On the way:
 * a dead end goes into the node's set, a finished part's set too (Tarjan's
 * search finishes the parts a node leads to before the node's own), and a
 * successor still on the stack, in the node's own part, lowers its low
 * link. */
static int next_successor(layout l, work *k, frame *f, int *w)
{
    const uint16_t *end = f->last, *code = k->code;
    uint64_t *set = f->set;
    unsigned low = f->low;
    int node = -1;
    ptrdiff_t i = f->left;
    for (; i < 0; i++) {
        unsigned c = code[end[i]];
        if (c < FINISHED) {
            set[c >> 6] |= 1ull << (c & 63);
        } else if (c < ORDERS) {
            take_held(l, set, c);
        } else if (c < UNSEEN) {
            if (c < low) low = c;
        } else if (c < OTHERS) {
            node = end[i++];
            *w = (int)(c - UNSEEN);
            break;
        } else {
            take_other(l, k->merged, f->node, set, (int)(c - OTHERS));
        }
    }
    f->left = i;
    f->low = low;
    return node;
}

/* Codes for the search's start: every node not met yet, a dead end a part
 * of its own that reaches itself (its set made), NOTHING for the rest. */
static void code_start(hodoku_reach *r, work *k, layout l)
{
    /* Copies of what the loop reads (its stores could be to any of them,
     * as far as the compiler knows, which would reload them each turn). */
    const uint16_t *nodes = r->nodes;
    const int *first = k->gr.first, *last = k->gr.last;
    int *merged = k->merged, *part = r->part, n = r->n;
    uint16_t *code = k->code;
    memset(code, NOTHING & 0xff, sizeof k->code);
    clear_sets(r, n);
    for (int v = (int)l.held; v < n; v++) merged[v] = -1; /* take_other reads only these */
    for (int v = 0; v < n; v++) {
        int node = nodes[v];
        if (first[node] != last[node]) {
            code[node] = (uint16_t)(UNSEEN + v);
            continue;
        }
        part[v] = v;
        set_start(l, v);
        if ((unsigned)v < l.held) code[node] = (uint16_t)v;
    }
}

/* Tarjan's search over the graph: each node's part, named by the node
 * rooting it, and each part's set, kept at its root. A node that does not
 * root its part hands its set to the node it was reached from, in the
 * same part (the part's root reaches that node, which reaches this one,
 * which reaches the root), so the root's set ends as the part's. */
__attribute__((always_inline)) static inline void search(hodoku_reach *r, work *k, size_t words)
{
    /* Copies of what the loop reads, which its stores (to part, say)
     * would otherwise make the compiler reload each turn. */
    const layout l = {r->sets, words, (unsigned)r->held};
    int depth = 0, *stack = k->stack, *part = r->part;
    const uint16_t *nodes = r->nodes;
    uint16_t *code = k->code;
    frame *calls = k->calls;
    code_start(r, k, l);
    /* The roots to try: every node in order, but those met (or dead ends). */
    for (int tried = 0, n = r->n; tried < n; tried++) {
        int root = nodes[tried];
        unsigned start = code[root] - UNSEEN;   /* wraps round below UNSEEN */
        if (start >= OTHERS - UNSEEN) continue; /* met, or no search */
        frame *f = calls;
        visit(l, k, (int)start, root, f, &depth);
        for (;;) {
            int w, node = next_successor(l, k, f, &w);
            if (node >= 0) {
                visit(l, k, w, node, ++f, &depth);
                continue;
            }
            int v = f->node;
            bool roots = f->low == f->order, held = (unsigned)v < l.held;
            if (roots) {
                /* v roots a part: its nodes, on the stack down to v. */
                unsigned finished = (held ? FINISHED : OTHERS) + (unsigned)v;
                int u;
                do {
                    u = stack[--depth];
                    part[u] = v;
                    code[nodes[u]] = (uint16_t)finished;
                } while (u != v);
            }
            if (f == calls) break;
            frame *parent = f - 1;
            if (!roots) {
                add_set(l, parent->set, f->set);
                if (f->low < parent->low) parent->low = f->low;
            } else if (held) {
                take_held(l, parent->set, FINISHED + (unsigned)v);
            } else {
                take_other(l, k->merged, parent->node, parent->set, v);
            }
            f = parent;
        }
    }
}

/* Tarjan's search (search) made for each of the sets' common sizes, which
 * it then adds a set to another in without a loop or a call. */
static void closure(hodoku_reach *r, work *k)
{
    switch (r->words) {
    case 4: search(r, k, 4); break;
    case 6: search(r, k, 6); break;
    case 8: search(r, k, 8); break;
    default: search(r, k, (size_t)r->words);
    }
}

/* Numbers node next (n) if it has a table; the next number. */
static inline int number(const int *count, int16_t *index, uint16_t *nodes, int node, int n)
{
    if (count[node] == 0) return n;
    index[node] = (int16_t)n;
    nodes[n] = (uint16_t)node;
    return n + 1;
}

bool hodoku_reach_compute(const hodoku_tables *t, hodoku_reach *r)
{
    /* The nodes with a table, in order: the candidates', then the group
     * nodes'. Only an open cell's candidates have tables (both modes open
     * no others), so only they are looked at. */
    int n = 0, last = HODOKU_PLAIN_NODES + 2 * t->ngroups;
    if (!nodes_alloc(r, last)) return false;
    /* Copies the loops write through (as stores to r, they would make the
     * compiler load them again each turn). */
    const int *count = t->base_count;
    int16_t *index = r->index;
    uint16_t *nodes = r->nodes;
    memset(index, 0xff, sizeof r->index);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (unsigned c = t->grid->value[cell] ? 0 : t->grid->candidates[cell]; c; c &= c - 1) {
            int on = hodoku_plain(cell, sudoku_lowest_digit(c), true);
            n = number(count, index, nodes, on, n);
            n = number(count, index, nodes, on + 1, n);
        }
    int plain = n;
    for (int node = HODOKU_PLAIN_NODES; node < last; node++)
        n = number(count, index, nodes, node, n);
    work k;
    bool ok = work_alloc(&k, r, n, n < HODOKU_TABLE_MAX ? plain : n);
    if (ok) {
        k.gr = (graph){t->succ_node, t->succ_start, t->succ_start + 1};
        closure(r, &k);
    }
    work_free(&k);
    if (!ok) hodoku_reach_free(r);
    return ok;
}

/* True if s has two cells, no more. */
static bool two_cells(hodoku_set s)
{
    return hodoku_set_pop(&s) >= 0 && !hodoku_set_is_empty(s) && !hodoku_set_several(s);
}

/* For each digit the cells whose OFF node goes on in the plain
 * chains-mode tables (spec 13.1's strong links): a bivalue cell, or one of
 * a house's two places of the digit. */
static void strong_cells(const hodoku_grid *g, const hodoku_set *holds, hodoku_set *strong)
{
    hodoku_set bivalue = hodoku_set_empty();
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (sudoku_is_pair(g->candidates[cell])) hodoku_set_add(&bivalue, cell);
    for (int digit = 1; digit <= 9; digit++) {
        strong[digit] = hodoku_set_and(bivalue, holds[digit]);
        for (int house = 0; house < 27; house++) {
            hodoku_set in = hodoku_set_and(hodoku_unit_sets[house], holds[digit]);
            if (two_cells(in)) strong[digit] = hodoku_set_or(strong[digit], in);
        }
    }
}

/* The ON node of a candidate and its links in the plain chains-mode
 * tables (as table.c's candidate_successors makes them) to the OFF nodes
 * that go on (going: the digits whose OFF node here does): it turns off
 * its cell's other candidates and its peers with the digit (an ON node
 * without links is a dead end). A peer's OFF node goes on if it is a
 * strong cell of the digit (peers are) and an open cell's candidate: the
 * test that numbers it, asked here since a later cell's OFF nodes have no
 * number yet. */
static int on_links(const hodoku_grid *g, const hodoku_set *strong, int cell, int digit,
                    unsigned going, uint16_t *succ, int used)
{
    unsigned bit = 1u << (digit - 1);
    for (unsigned o = going & ~bit; o; o &= o - 1)
        succ[used++] = (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(o), false);
    hodoku_set peers = hodoku_set_and(hodoku_buddies(cell), strong[digit]);
    for (int other; (other = hodoku_set_pop(&peers)) >= 0;)
        if (!g->value[other] && (g->candidates[other] & bit))
            succ[used++] = (uint16_t)hodoku_plain(other, digit, false);
    return used;
}

/* The links of a candidate's OFF node that goes on: it turns on its
 * bivalue cell's other candidate and the other place of a house with
 * two. */
static int off_links(const hodoku_grid *g, const hodoku_set *holds, int cell, int digit,
                     uint16_t *succ, int used)
{
    unsigned cands = g->candidates[cell], bit = 1u << (digit - 1);
    hodoku_set to = hodoku_set_empty();
    for (int k = 0; k < 3; k++) {
        hodoku_set in = hodoku_set_and(hodoku_unit_sets[sudoku_cell_units[cell][k]], holds[digit]);
        hodoku_set_remove(&in, cell);
        if (!hodoku_set_is_empty(in) && !hodoku_set_several(in)) to = hodoku_set_or(to, in);
    }
    if (sudoku_is_pair(cands))
        succ[used++] = (uint16_t)hodoku_plain(cell, sudoku_lowest_digit(cands & ~bit), true);
    for (int other; (other = hodoku_set_pop(&to)) >= 0;)
        succ[used++] = (uint16_t)hodoku_plain(other, digit, true);
    return used;
}

/* Numbers the plain chains-mode tables' nodes: the ON nodes of the open
 * cells' candidates in node order (on_nodes of them), then the OFF nodes
 * that go on (a strong cell's, spec 13.1), in node order (into r's index,
 * nodes and n); and lists each one's links to numbered nodes (by table
 * node, into first, last and succ), in one walk over the cells: an OFF
 * node's number is on_nodes and the OFF nodes going on before it. */
static void plain_graph(const hodoku_grid *g, const hodoku_set *holds, const hodoku_set *strong,
                        int on_nodes, hodoku_reach *r, int *first, int *last, uint16_t *succ)
{
    int on = 0, off = on_nodes, used = 0;
    memset(r->index, 0xff, sizeof r->index);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned cands = g->value[cell] ? 0 : g->candidates[cell], going = 0;
        for (unsigned c = cands; c; c &= c - 1)
            if (hodoku_set_has(strong[sudoku_lowest_digit(c)], cell)) going |= c & (0u - c);
        for (unsigned c = cands; c; c &= c - 1) {
            int digit = sudoku_lowest_digit(c), node = hodoku_plain(cell, digit, true);
            r->index[node] = (int16_t)on;
            r->nodes[on++] = (uint16_t)node;
            first[node] = used;
            used = on_links(g, strong, cell, digit, going, succ, used);
            last[node] = used;
            if (!(going & c & (0u - c))) continue;
            node = hodoku_plain(cell, digit, false);
            r->index[node] = (int16_t)off;
            r->nodes[off++] = (uint16_t)node;
            first[node] = used;
            used = off_links(g, holds, cell, digit, succ, used);
            last[node] = used;
        }
    }
    r->n = off;
}

bool hodoku_reach_plain_on(const hodoku_grid *g, hodoku_reach *r)
{
    hodoku_set holds[10], strong[10];
    hodoku_digit_sets(g, holds);
    strong_cells(g, holds, strong);
    if (!nodes_alloc(r, HODOKU_PLAIN_NODES)) return false;
    int on_nodes = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!g->value[cell]) on_nodes += sudoku_popcount(g->candidates[cell]);
    /* Room for an ON node's links (8 in its cell, 20 peers) and an OFF
     * node's 4 (its cell's, one in each house) for each candidate; the
     * work for as many OFF nodes as ON nodes, at most (plain_graph counts
     * them). */
    size_t room = (size_t)on_nodes * (8 + 20 + 4) + 1;
    uint16_t *succ = malloc(room * sizeof *succ);
    work k;
    bool ok = work_alloc(&k, r, 2 * on_nodes, on_nodes) && succ;
    if (ok) {
        int first[HODOKU_PLAIN_NODES], last[HODOKU_PLAIN_NODES];
        plain_graph(g, holds, strong, on_nodes, r, first, last, succ);
        k.gr = (graph){succ, first, last};
        closure(r, &k);
    }
    work_free(&k);
    free(succ);
    if (!ok) hodoku_reach_free(r);
    return ok;
}

void hodoku_kept_free(hodoku_kept *kept)
{
    if (!kept) return;
    hodoku_reach_free(&kept->reach);
    hodoku_tables_delete(kept->tables);
    free(kept);
}
