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
 * (each is a part of its own that reaches only itself). */
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
            /* Written to both, kept by one: no branch to mispredict. */
            bool on = gr->goes_on[w];
            gr->live[nlive] = w;
            gr->dead[ndead] = w;
            nlive += on;
            ndead += !on;
        }
    }
    gr->live_start[r->n] = nlive;
    gr->dead_start[r->n] = ndead;
}

/* The set of part: its nodes (on the stack from `from` to `to`), their
 * dead ends and what the parts they lead to reach (done before it). */
static void part_set(hodoku_reach *r, const graph *gr, const int *stack, int from, int to, int part, int *merged)
{
    uint64_t *set = r->sets + (size_t)part * (size_t)r->words;
    memset(set, 0, (size_t)r->words * sizeof *set);
    for (int k = from; k < to; k++) {
        int x = stack[k];
        set[x >> 6] |= 1ull << (x & 63);
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

bool hodoku_reach_compute(const hodoku_tables *t, hodoku_reach *r)
{
    int n = 0;
    for (int node = 0; node < HODOKU_NODES; node++) {
        bool has = t->base_count[node] != 0;
        r->index[node] = (int16_t)(has ? n : -1);
        n += has;
    }
    r->n = n;
    r->words = (n + 63) / 64;
    size_t edges = (size_t)t->succ_start[HODOKU_NODES] + 1, m = (size_t)n + 1;
    r->nodes = malloc(m * sizeof *r->nodes);
    r->part = malloc(m * sizeof *r->part);
    r->sets = malloc(m * (size_t)r->words * sizeof *r->sets); /* each part's zeroed when made */
    int *ints = malloc((6 * m + 2 * edges) * sizeof *ints);
    frame *calls = malloc(m * sizeof *calls);
    graph gr;
    gr.goes_on = malloc(m * sizeof *gr.goes_on);
    bool ok = r->nodes && r->part && r->sets && ints && calls && gr.goes_on;
    if (ok) {
        int *order = ints, *low = order + m, *stack = low + m, *merged = stack + m;
        gr.live_start = merged + m;
        gr.dead_start = gr.live_start + m;
        gr.live = gr.dead_start + m;
        gr.dead = gr.live + edges;
        for (int node = 0; node < HODOKU_NODES; node++) {
            int v = r->index[node];
            if (v < 0) continue;
            r->nodes[v] = (uint16_t)node;
            gr.goes_on[v] = t->succ_start[node] != t->succ_start[node + 1];
        }
        make_graph(t, r, &gr);
        for (int i = 0; i < n; i++) order[i] = merged[i] = -1;
        int counter = 0, nstack = 0, nparts = 0;
        for (int root = 0; root < n; root++) {
            if (order[root] >= 0) continue;
            if (!gr.goes_on[root]) {
                /* A dead end is a part of its own that reaches itself. */
                uint64_t *set = r->sets + (size_t)nparts * (size_t)r->words;
                memset(set, 0, (size_t)r->words * sizeof *set);
                set[root >> 6] = 1ull << (root & 63);
                r->part[root] = nparts++;
                order[root] = counter++;
                continue;
            }
            int depth = 0;
            calls[0] = (frame){root, gr.live_start[root]};
            order[root] = low[root] = counter++;
            stack[nstack++] = root;
            r->part[root] = -1;
            while (depth >= 0) {
                frame *f = &calls[depth];
                int v = f->node;
                if (f->next < gr.live_start[v + 1]) {
                    int w = gr.live[f->next++];
                    if (order[w] < 0) {
                        order[w] = low[w] = counter++;
                        stack[nstack++] = w;
                        r->part[w] = -1;
                        calls[++depth] = (frame){w, gr.live_start[w]};
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
                    part_set(r, &gr, stack, from, nstack, part, merged);
                    nstack = from;
                }
                if (--depth >= 0) {
                    int u = calls[depth].node;
                    if (low[v] < low[u]) low[u] = low[v];
                }
            }
        }
    }
    free(ints);
    free(calls);
    free(gr.goes_on);
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
    return i >= 0 && ((set[i >> 6] >> (i & 63)) & 1u);
}

void hodoku_kept_free(hodoku_kept *kept)
{
    if (!kept) return;
    hodoku_reach_free(&kept->reach);
    hodoku_tables_delete(kept->tables);
    free(kept);
}
