/*
 * reach.h: the nodes each premise of HoDoKu's tables reaches at all
 * (reach.c), as bit sets over the tables' nodes, numbered in order.
 */
#ifndef SUDOKU_HODOKU_REACH_H
#define SUDOKU_HODOKU_REACH_H

#include "table.h"

typedef struct hodoku_reach {
    int n;                       /* nodes that have a table */
    int held, words;             /* the numbers a set holds (those below held); its words (even) */
    int16_t index[HODOKU_NODES]; /* a node's number, -1 if it has no table */
    uint16_t *nodes;             /* the nodes by number */
    int *part;                   /* by number: its strongly connected part, named by a node of it */
    uint64_t *sets;              /* by a part's name: the numbers of the nodes it reaches */
} hodoku_reach;

/* What every table's premise reaches, from t's indexed direct
 * implications; false (r left empty) if memory ran out. The group nodes,
 * numbered after the candidates' nodes, pass reach on but are left out of
 * the sets when there are fewer than HODOKU_TABLE_MAX nodes (no search
 * then reads them: only HoDoKu's full-table rule counts them). */
bool hodoku_reach_compute(const hodoku_tables *t, hodoku_reach *r);
void hodoku_reach_free(hodoku_reach *r);

/* What every premise of the plain chains-mode tables (no group nodes) of
 * g reaches, read off g itself (no table need be made), but for the OFF
 * nodes that go on to nothing: they have no number (and reach no other
 * node). The ON nodes are numbered first, in node order, then the OFF
 * nodes that go on, which pass reach on but are left out of the sets (the
 * plain search reads the ON nodes only). False (r left empty) if memory
 * ran out. */
bool hodoku_reach_plain_on(const hodoku_grid *g, hodoku_reach *r);

/* The set of what node (one with a table) reaches (its own part always
 * included). */
static inline const uint64_t *hodoku_reach_set(const hodoku_reach *r, int node)
{
    return r->sets + (size_t)r->part[r->index[node]] * (size_t)r->words;
}

/* Chains-mode tables with group nodes and what they reach, as the
 * grouped nice loops' search left them (nothing but the expansion's room
 * written), for the forcing chains' search of the same grid, which makes
 * the same (hodoku_query's kept). */
struct hodoku_kept {
    hodoku_tables *tables;
    hodoku_reach reach;
};

/* Frees kept tables (NULL: nothing). */
void hodoku_kept_free(hodoku_kept *kept);

#endif
