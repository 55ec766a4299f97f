/*
 * reach.c: what each premise of HoDoKu's tables reaches at all, for every
 * table at once: the strongly connected parts of the implication graph
 * (Tarjan's algorithm), each with the set of nodes it reaches, built from
 * the parts it leads to (which Tarjan's algorithm finishes first). A
 * table holds at most what its premise reaches, so a search can skip the
 * tables that cannot hold what it looks for and expand only the others.
 */
#include "reach.h"

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

/* One frame of the depth first search: a node and its next successor. */
typedef struct frame {
    int node, next;
} frame;

/* The graph by node numbers: each node's successors that go on (have
 * successors of their own) apart from the dead ends, which need no search
 * (each is a part of its own that reaches only itself; those the sets do
 * not hold are left out: they add nothing to a set). */
typedef struct graph {
    int *live_start, *live; /* node v's: live[live_start[v] .. live_start[v + 1]) */
    int *dead_start, *dead;
    bool *goes_on;
} graph;

static void make_graph(const hodoku_tables *t, const hodoku_reach *r, graph *gr)
{
    int nlive = 0, ndead = 0;
    for (int v = 0; v < r->n; v++) {
        int id = r->nodes[v];
        gr->live_start[v] = nlive;
        gr->dead_start[v] = ndead;
        for (int e = t->succ_start[id]; e < t->succ_start[id + 1]; e++) {
            int w = r->index[t->succ_node[e]];
            if (w < 0) continue;
            /* Written to both, kept by one at most: no branch to mispredict. */
            bool on = gr->goes_on[w];
            gr->live[nlive] = w;
            gr->dead[ndead] = w;
            nlive += on;
            ndead += !on && w < r->held;
        }
    }
    gr->live_start[r->n] = nlive;
    gr->dead_start[r->n] = ndead;
}

/* Adds node number v to a set if the sets hold it. */
static void hold(const hodoku_reach *r, uint64_t *set, int v)
{
    if (v < r->held) set[v >> 6] |= 1ull << (v & 63);
}

/* The set of part: its nodes (on the stack from `from` to `to`), their
 * dead ends and what the parts they lead to reach (done before it). */
static void part_set(hodoku_reach *r, const graph *gr, const int *stack, int from, int to, int part, int *merged)
{
    uint64_t *set = r->sets + (size_t)part * (size_t)r->words;
    memset(set, 0, (size_t)r->words * sizeof *set);
    for (int k = from; k < to; k++) {
        int x = stack[k];
        hold(r, set, x);
        for (int e = gr->dead_start[x]; e < gr->dead_start[x + 1]; e++) {
            int w = gr->dead[e];
            set[w >> 6] |= 1ull << (w & 63);
        }
        for (int e = gr->live_start[x]; e < gr->live_start[x + 1]; e++) {
            int other = r->part[gr->live[e]];
            if (other == part || merged[other] == part) continue;
            merged[other] = part;
            const uint64_t *add = r->sets + (size_t)other * (size_t)r->words;
            for (int i = 0; i < r->words; i++) set[i] |= add[i];
        }
    }
}

/* Work space of one computation: the graph and Tarjan's search's
 * arrays, for n nodes (sets holding the first held) and up to edges
 * edges. */
typedef struct work {
    graph gr;
    int *ints, *order, *low, *stack, *merged;
    frame *calls;
} work;

static bool work_alloc(work *k, hodoku_reach *r, int n, int held, size_t edges)
{
    size_t m = (size_t)n + 1;
    r->n = n;
    r->held = held;
    r->words = (held + 63) / 64;
    r->nodes = malloc(m * sizeof *r->nodes);
    r->part = malloc(m * sizeof *r->part);
    r->sets = malloc((m * (size_t)r->words + 1) * sizeof *r->sets); /* each part's zeroed when made */
    k->ints = malloc((6 * m + 2 * edges) * sizeof *k->ints);
    k->calls = malloc(m * sizeof *k->calls);
    k->gr.goes_on = malloc(m * sizeof *k->gr.goes_on);
    if (!r->nodes || !r->part || !r->sets || !k->ints || !k->calls || !k->gr.goes_on) return false;
    k->order = k->ints;
    k->low = k->order + m;
    k->stack = k->low + m;
    k->merged = k->stack + m;
    k->gr.live_start = k->merged + m;
    k->gr.dead_start = k->gr.live_start + m;
    k->gr.live = k->gr.dead_start + m;
    k->gr.dead = k->gr.live + edges;
    return true;
}

static void work_free(work *k)
{
    free(k->ints);
    free(k->calls);
    free(k->gr.goes_on);
}

/* Tarjan's search over the graph: each node's part, each part's set. */
static void closure(hodoku_reach *r, work *k)
{
    const graph local = k->gr, *gr = &local; /* a copy the stores below cannot touch: kept in registers */
    int n = r->n, *order = k->order, *low = k->low, *stack = k->stack;
    frame *calls = k->calls;
    for (int i = 0; i < n; i++) order[i] = k->merged[i] = -1;
    int counter = 0, nstack = 0, nparts = 0;
    for (int root = 0; root < n; root++) {
        if (order[root] >= 0) continue;
        if (!gr->goes_on[root]) {
            /* A dead end is a part of its own that reaches itself. */
            uint64_t *set = r->sets + (size_t)nparts * (size_t)r->words;
            memset(set, 0, (size_t)r->words * sizeof *set);
            hold(r, set, root);
            r->part[root] = nparts++;
            order[root] = counter++;
            continue;
        }
        int depth = 0;
        calls[0] = (frame){root, gr->live_start[root]};
        order[root] = low[root] = counter++;
        stack[nstack++] = root;
        r->part[root] = -1;
        while (depth >= 0) {
            frame *f = &calls[depth];
            int v = f->node;
            if (f->next < gr->live_start[v + 1]) {
                int w = gr->live[f->next++];
                if (order[w] < 0) {
                    order[w] = low[w] = counter++;
                    stack[nstack++] = w;
                    r->part[w] = -1;
                    calls[++depth] = (frame){w, gr->live_start[w]};
                } else if (r->part[w] < 0 && order[w] < low[v]) {
                    low[v] = order[w]; /* w is on the stack: in v's part */
                }
                continue;
            }
            if (low[v] == order[v]) {
                /* v roots a part: its nodes, and all that they reach
                 * (the parts they lead to are done). */
                int part = nparts++, from = nstack;
                do r->part[stack[--from]] = part;
                while (stack[from] != v);
                part_set(r, gr, stack, from, nstack, part, k->merged);
                nstack = from;
            }
            if (--depth >= 0) {
                int u = calls[depth].node;
                if (low[v] < low[u]) low[u] = low[v];
            }
        }
    }
}

bool hodoku_reach_compute(const hodoku_tables *t, hodoku_reach *r)
{
    /* The nodes with a table: the candidates' and the group nodes'. */
    int n = 0, last = HODOKU_PLAIN_NODES + 2 * t->ngroups;
    memset(r->index, 0xff, sizeof r->index);
    for (int node = 0; node < HODOKU_PLAIN_NODES; node++)
        if (t->base_count[node] != 0) r->index[node] = (int16_t)n++;
    int plain = n;
    for (int node = HODOKU_PLAIN_NODES; node < last; node++)
        if (t->base_count[node] != 0) r->index[node] = (int16_t)n++;
    work k;
    bool ok = work_alloc(&k, r, n, n < HODOKU_TABLE_MAX ? plain : n,
                         (size_t)t->succ_start[HODOKU_NODES] + 1);
    if (ok) {
        for (int node = 0; node < last; node++) {
            int v = r->index[node];
            if (v < 0) continue;
            r->nodes[v] = (uint16_t)node;
            k.gr.goes_on[v] = t->succ_start[node] != t->succ_start[node + 1];
        }
        make_graph(t, r, &k.gr);
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

/* Numbers the ON nodes of the open cells' candidates in node order, then
 * the OFF nodes that go on (into index, and nodes by number; *n of them);
 * the count of ON nodes. */
static int number_plain(const hodoku_grid *g, const hodoku_set *strong, int16_t *index, uint16_t *nodes, int *n)
{
    memset(index, 0xff, HODOKU_NODES * sizeof *index);
    int v = 0, on_nodes = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            for (unsigned c = g->value[cell] ? 0 : g->candidates[cell]; c; c &= c - 1) {
                int digit = sudoku_lowest_digit(c);
                if (pass == 1 && !hodoku_set_has(strong[digit], cell)) continue;
                int node = hodoku_plain(cell, digit, pass == 0);
                index[node] = (int16_t)v;
                nodes[v++] = (uint16_t)node;
            }
        if (pass == 0) on_nodes = v;
    }
    *n = v;
    return on_nodes;
}

/* The plain chains-mode tables' links between numbered nodes (as
 * table.c's candidate_successors makes them): an ON node turns off its
 * cell's other candidates and its peers with the digit, an OFF node turns
 * on its bivalue cell's other candidate and the other place of a house
 * with two. The OFF nodes all go on; an ON node goes on if it links to
 * one, which the ON nodes, numbered first, are all known to before. */
static void plain_graph(const hodoku_grid *g, const hodoku_set *holds, const hodoku_set *strong,
                        const hodoku_reach *r, graph *gr)
{
    int nlive = 0, ndead = 0;
    for (int v = 0; v < r->n; v++) {
        int node = r->nodes[v], cell = hodoku_node_cell(node), digit = hodoku_node_digit(node);
        unsigned cands = g->candidates[cell], bit = 1u << (digit - 1);
        gr->live_start[v] = nlive;
        gr->dead_start[v] = ndead;
        if (hodoku_node_on(node)) {
            for (unsigned o = cands & ~bit; o; o &= o - 1) {
                int w = r->index[hodoku_plain(cell, sudoku_lowest_digit(o), false)];
                if (w >= 0) gr->live[nlive++] = w;
            }
            hodoku_set peers = hodoku_set_and(hodoku_buddies(cell), strong[digit]);
            for (int other; (other = hodoku_set_pop(&peers)) >= 0;) {
                int w = r->index[hodoku_plain(other, digit, false)];
                if (w >= 0) gr->live[nlive++] = w;
            }
            gr->goes_on[v] = nlive != gr->live_start[v];
            continue;
        }
        gr->goes_on[v] = true;
        hodoku_set to = hodoku_set_empty();
        for (int k = 0; k < 3; k++) {
            hodoku_set in = hodoku_set_and(hodoku_unit_sets[sudoku_cell_units[cell][k]], holds[digit]);
            hodoku_set_remove(&in, cell);
            if (!hodoku_set_is_empty(in) && !hodoku_set_several(in)) to = hodoku_set_or(to, in);
        }
        int ws[4], nw = 0;
        if (sudoku_is_pair(cands)) ws[nw++] = r->index[hodoku_plain(cell, sudoku_lowest_digit(cands & ~bit), true)];
        for (int other; (other = hodoku_set_pop(&to)) >= 0;) ws[nw++] = r->index[hodoku_plain(other, digit, true)];
        for (int i = 0; i < nw; i++) {
            int w = ws[i];
            if (w < 0) continue;
            if (gr->goes_on[w])
                gr->live[nlive++] = w;
            else
                gr->dead[ndead++] = w;
        }
    }
    gr->live_start[r->n] = nlive;
    gr->dead_start[r->n] = ndead;
}

bool hodoku_reach_plain_on(const hodoku_grid *g, hodoku_reach *r)
{
    hodoku_set holds[10], strong[10];
    hodoku_digit_sets(g, holds);
    strong_cells(g, holds, strong);
    uint16_t nodes[HODOKU_PLAIN_NODES];
    int n, on_nodes = number_plain(g, strong, r->index, nodes, &n);
    /* Room for an ON node's links (8 in its cell, 20 peers) for each. */
    work k;
    bool ok = work_alloc(&k, r, n, on_nodes,
                         (size_t)on_nodes * (8 + 20) + (size_t)(n - on_nodes) * 4 + 1);
    if (ok) {
        memcpy(r->nodes, nodes, (size_t)n * sizeof *nodes);
        plain_graph(g, holds, strong, r, &k.gr);
        closure(r, &k);
    }
    work_free(&k);
    if (!ok) hodoku_reach_free(r);
    return ok;
}

const uint64_t *hodoku_reach_set(const hodoku_reach *r, int node)
{
    return r->sets + (size_t)r->part[r->index[node]] * (size_t)r->words;
}

bool hodoku_reaches(const hodoku_reach *r, const uint64_t *set, int node)
{
    int i = r->index[node];
    return i >= 0 && i < r->held && ((set[i >> 6] >> (i & 63)) & 1u);
}

void hodoku_kept_free(hodoku_kept *kept)
{
    if (!kept) return;
    hodoku_reach_free(&kept->reach);
    hodoku_tables_delete(kept->tables);
    free(kept);
}
