/*
 * table.h: HoDoKu's "Trebor's tables" (table.c; hodoku-spec 13, 14): for
 * every candidate of the grid two tables, what follows from placing it
 * (ON) and from removing it (OFF), and two for every group node. Each
 * table starts as the direct implications of its premise and is expanded
 * by the direct implications of what it holds, breadth first, up to 1000
 * entries; a chain is read back from the predecessors its entries keep.
 * Nice loops, AICs, forcing chains and nets are all read from them.
 *
 * A node is a digit in a cell or in a group node, on or off; its number is
 * also the number of the table whose premise it is.
 */
#ifndef SUDOKU_LOGIC_AIC_TABLE_H
#define SUDOKU_LOGIC_AIC_TABLE_H

#include "grid.h"
#include "step.h"

#define AIC_TABLE_MAX 1000 /* entries of a table, as HoDoKu keeps them */
#define AIC_PLAIN_NODES (SUDOKU_CELLS * 9 * 2)
#define AIC_GROUPS_MAX 486 /* 2 lines x 9 x 9 digits x 3 boxes */
#define AIC_NODES (AIC_PLAIN_NODES + 2 * AIC_GROUPS_MAX)
#define AIC_BRANCHES_MAX 200 /* net branches of one chain HoDoKu has room for */

static inline int aic_plain(int cell, int digit, bool on)
{
    return 2 * (cell * 9 + digit - 1) + (on ? 0 : 1);
}

static inline int aic_group_node(int group, bool on)
{
    return AIC_PLAIN_NODES + 2 * group + (on ? 0 : 1);
}

static inline bool aic_node_on(int node)
{
    return !(node & 1);
}

static inline bool aic_node_is_group(int node)
{
    return node >= AIC_PLAIN_NODES;
}

/* Of a plain node. */
static inline int aic_node_cell(int node)
{
    return node / 18;
}

static inline int aic_node_digit(int node)
{
    return node / 2 % 9 + 1;
}

/* A group node: two or three cells of a digit where a line crosses a box. */
typedef struct aic_group {
    uint8_t cells[3];
    uint8_t ncells, digit, box;
    int8_t row, col; /* its line: a row, or a column (the other -1) */
    aic_set set, buddies;
} aic_group;

/* An entry of a table: a node, its predecessors (entry numbers; up to five
 * in a net, the largest first), its distance from the premise (nine bits,
 * as HoDoKu keeps it) and how it came in. An entry added by expansion
 * names instead, in ret[0], the table it was taken from, in HoDoKu's
 * numbering (cell * 10 + digit, or a group table's number). */
#define AIC_EXPANDED 1u
#define AIC_FROM_ON 2u
#define AIC_FROM_GROUP 4u
typedef struct aic_entry {
    uint16_t node;
    uint16_t ret[5];
    uint16_t dist;
    uint8_t flags;
} aic_entry;

typedef struct aic_tables {
    const aic_grid *grid;
    aic_set holds[10];  /* cells holding each digit as a candidate */
    aic_set placed[10]; /* cells where each digit is placed */
    bool nets, with_groups;
    int ngroups;
    aic_group groups[AIC_GROUPS_MAX];
    /* Each table's direct implications: its own list, then the group nodes
     * the group tables added. */
    aic_entry *base, *extra;
    int base_used, base_size, extra_used, extra_size;
    int base_start[AIC_NODES], base_count[AIC_NODES];
    int extra_start[AIC_NODES], extra_count[AIC_NODES];
    /* One table expanded: its entries, and where each node last is (in
     * the table whose entries map_ent holds). */
    int table; /* its node, -1 for none */
    int n;
    aic_entry ent[AIC_TABLE_MAX];
    const aic_entry *map_ent;
    /* Room to read chains back in: the main chain, the net branches. */
    uint16_t main[AIC_TABLE_MAX];
    uint16_t *branches;
    int branch_len[AIC_BRANCHES_MAX];
    uint16_t epoch;
    uint16_t stamp[AIC_NODES], pos[AIC_NODES];
    bool no_memory;
} aic_tables;

/* Sets t up for g, with no table filled yet; nets mode fills its tables
 * with aic_tables_fill_nets (nets.c), chains mode with
 * aic_tables_fill_chains; then the group nodes come, if asked. */
void aic_tables_begin(aic_tables *t, const aic_grid *g, bool nets, bool with_groups);
void aic_tables_free(aic_tables *t);

/* The direct implications of every candidate's two tables in chains mode
 * (spec 13.1). */
void aic_tables_fill_chains(aic_tables *t);

/* The group nodes (spec 13.2): their tables, and the links to them added
 * to the candidates' tables. Call once all candidates' tables are made. */
void aic_tables_fill_groups(aic_tables *t);

/* Starts the list of direct implications of table (tables are made one at
 * a time, each once). */
void aic_table_open(aic_tables *t, int table);

/* Adds node to the open table as HoDoKu does (addEntry): a plain node
 * already there is left out, a full table takes nothing; ret are entry
 * numbers of its predecessors (the largest is kept first), its distance
 * one more than ret[0]'s. Returns the new entry's number, or -1. */
int aic_table_add(aic_tables *t, int node, const uint16_t ret[5]);

/* The number of the open table's entry holding a plain node (its last),
 * 0 if none. */
int aic_table_index(const aic_tables *t, int node);

/* The direct implications of table (its premise at 0): n entries of base,
 * then m of extra. */
static inline int aic_direct_count(const aic_tables *t, int table)
{
    return t->base_count[table] + t->extra_count[table];
}

static inline const aic_entry *aic_direct(const aic_tables *t, int table, int i)
{
    int n = t->base_count[table];
    return i < n ? &t->base[t->base_start[table] + i] : &t->extra[t->extra_start[table] + i - n];
}

/* Expands the table of a plain node into t->ent (spec 13.3); its entry
 * count. */
int aic_tables_expand(aic_tables *t, int table);

/* The same into ent (room for AIC_TABLE_MAX entries). */
int aic_tables_expand_into(aic_tables *t, int table, aic_entry *ent);

/* The entry of the expanded table holding node (the first one); -1 if it
 * holds none. */
int aic_tables_find(const aic_tables *t, int node);

/* How a chain read back must look (spec 13.4). */
typedef enum aic_chain_rule { AIC_ANY_CHAIN, AIC_LOOP_CHAIN, AIC_AIC_CHAIN } aic_chain_rule;

/* Reads back the chain from the expanded table's premise to its entry
 * index, net branches included (spec 13.4), premise first, into chain:
 * nodes, those of a branch or'ed with AIC_LINK_BRANCH, each branch ended
 * by AIC_LINK_BRANCH_END. Sets *cells to the cells of the main chain's
 * nodes but its last. Returns its length (HoDoKu's: entries and branch
 * ends), or 0 if the rule rejects it; entries beyond max are counted but
 * not written. */
#define AIC_LINK_BRANCH 0x4000u
#define AIC_LINK_BRANCH_END 0x8000u
#define AIC_LINK_NODE 0x0fffu
int aic_tables_chain(aic_tables *t, int index, aic_chain_rule rule, uint16_t *chain, int max,
                     aic_set *cells);

/* The same from a table expanded into ent (n entries); *main_length (if
 * not NULL) is set to the main chain's length: the chain is a net's if it
 * is shorter than the whole. */
int aic_tables_chain_from(aic_tables *t, const aic_entry *ent, int n, int index, aic_chain_rule rule,
                          uint16_t *chain, int max, aic_set *cells, int *main_length);

/* Appends such a chain to step as a new chain of its own. */
void aic_tables_step_chain(const aic_tables *t, aic_step *step, const uint16_t *chain, int n);

/* The cells of a node. */
aic_set aic_node_set(const aic_tables *t, int node);


#endif
