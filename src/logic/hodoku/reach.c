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

bool hodoku_reach_compute(const hodoku_tables *t, hodoku_reach *r)
{
    int n = 0;
    for (int node = 0; node < HODOKU_NODES; node++) {
        r->index[node] = -1;
        if (t->base_count[node]) r->index[node] = (int16_t)n++;
    }
    r->n = n;
    r->words = (n + 63) / 64;
    r->nodes = malloc(((size_t)n + 1) * sizeof *r->nodes);
    r->part = malloc(((size_t)n + 1) * sizeof *r->part);
    r->sets = malloc(((size_t)n + 1) * (size_t)r->words * sizeof *r->sets);
    int *order = malloc(((size_t)n + 1) * sizeof *order), *low = malloc(((size_t)n + 1) * sizeof *low);
    int *stack = malloc(((size_t)n + 1) * sizeof *stack);
    frame *calls = malloc(((size_t)n + 1) * sizeof *calls);
    bool ok = r->nodes && r->part && r->sets && order && low && stack && calls;
    if (ok) {
        for (int node = 0; node < HODOKU_NODES; node++)
            if (r->index[node] >= 0) r->nodes[r->index[node]] = (uint16_t)node;
        for (int i = 0; i < n; i++) order[i] = -1;
        int counter = 0, nstack = 0, nparts = 0;
        for (int root = 0; root < n; root++) {
            if (order[root] >= 0) continue;
            int rid = r->nodes[root];
            if (t->succ_start[rid] == t->succ_start[rid + 1]) {
                /* A dead end is a part of its own that reaches itself. */
                uint64_t *set = r->sets + (size_t)nparts * (size_t)r->words;
                memset(set, 0, (size_t)r->words * sizeof *set);
                set[root >> 6] |= 1ull << (root & 63);
                r->part[root] = nparts++;
                order[root] = counter++;
                continue;
            }
            int depth = 0;
            calls[0] = (frame){root, t->succ_start[r->nodes[root]]};
            order[root] = low[root] = counter++;
            stack[nstack++] = root;
            r->part[root] = -1;
            while (depth >= 0) {
                frame *f = &calls[depth];
                int v = f->node, id = r->nodes[v];
                if (f->next < t->succ_start[id + 1]) {
                    int wid = t->succ_node[f->next++], w = r->index[wid];
                    if (w < 0 || t->succ_start[wid] == t->succ_start[wid + 1]) continue; /* dead ends wait */
                    if (order[w] < 0) {
                        order[w] = low[w] = counter++;
                        stack[nstack++] = w;
                        r->part[w] = -1;
                        calls[++depth] = (frame){w, t->succ_start[r->nodes[w]]};
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
                    uint64_t *set = r->sets + (size_t)part * (size_t)r->words;
                    memset(set, 0, (size_t)r->words * sizeof *set);
                    for (int k = from; k < nstack; k++) {
                        int x = stack[k];
                        set[x >> 6] |= 1ull << (x & 63);
                        int xid = r->nodes[x];
                        for (int e = t->succ_start[xid]; e < t->succ_start[xid + 1]; e++) {
                            int wid = t->succ_node[e], w = r->index[wid];
                            if (w < 0) continue;
                            if (t->succ_start[wid] == t->succ_start[wid + 1]) {
                                set[w >> 6] |= 1ull << (w & 63); /* a dead end, perhaps not met yet */
                                continue;
                            }
                            if (r->part[w] == part) continue;
                            const uint64_t *other = r->sets + (size_t)r->part[w] * (size_t)r->words;
                            for (int i = 0; i < r->words; i++) set[i] |= other[i];
                        }
                    }
                    nstack = from;
                }
                if (--depth >= 0) {
                    int u = calls[depth].node;
                    if (low[v] < low[u]) low[u] = low[v];
                }
            }
        }
    }
    free(order);
    free(low);
    free(stack);
    free(calls);
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
