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
#ifndef SUDOKU_HODOKU_TABLE_H
#define SUDOKU_HODOKU_TABLE_H

#include "grid.h"
#include "set.h"

#define HODOKU_TABLE_MAX 1000 /* entries of a table, as HoDoKu keeps them */
#define HODOKU_PLAIN_NODES (SUDOKU_CELLS * 9 * 2)
#define HODOKU_GROUPS_MAX 486 /* 2 lines x 9 x 9 digits x 3 boxes */
#define HODOKU_NODES (HODOKU_PLAIN_NODES + 2 * HODOKU_GROUPS_MAX)
#define HODOKU_BRANCHES_MAX 200 /* net branches of one chain HoDoKu has room for */

static inline int hodoku_plain(int cell, int digit, bool on)
{
    return 2 * (cell * 9 + digit - 1) + (on ? 0 : 1);
}

static inline int hodoku_group_node(int group, bool on)
{
    return HODOKU_PLAIN_NODES + 2 * group + (on ? 0 : 1);
}

static inline bool hodoku_node_on(int node)
{
    return !(node & 1);
}

static inline bool hodoku_node_is_group(int node)
{
    return node >= HODOKU_PLAIN_NODES;
}

/* Of a plain node. */
static inline int hodoku_node_cell(int node)
{
    return node / 18;
}

static inline int hodoku_node_digit(int node)
{
    return node / 2 % 9 + 1;
}

/* A group node: two or three cells of a digit where a line crosses a box. */
typedef struct hodoku_group {
    uint8_t cells[3];
    uint8_t ncells, digit, box;
    int8_t row, col; /* its line: a row, or a column (the other -1) */
    hodoku_set set, buddies;
} hodoku_group;

/* An entry of a table: a node, its predecessors (entry numbers; up to five
 * in a net, the largest first), its distance from the premise (nine bits,
 * as HoDoKu keeps it) and how it came in. An entry added by expansion
 * names instead, in ret[0], the table it was taken from, in HoDoKu's
 * numbering (cell * 10 + digit, or a group table's number). */
#define HODOKU_EXPANDED 1u
#define HODOKU_FROM_ON 2u
#define HODOKU_FROM_GROUP 4u
typedef struct hodoku_entry {
    uint16_t node;
    uint16_t ret[5];
    uint16_t dist;
    uint8_t flags;
} hodoku_entry;

typedef struct hodoku_tables {
    const hodoku_grid *grid;
    hodoku_set holds[10];  /* cells holding each digit as a candidate */
    hodoku_set placed[10]; /* cells where each digit is placed */
    bool nets, with_groups;
    int ngroups;
    hodoku_group groups[HODOKU_GROUPS_MAX];
    /* The group nodes of each digit, in the list's order. */
    int ndigit_groups[10];
    uint16_t digit_groups[10][HODOKU_GROUPS_MAX / 9 + 1];
    /* Each group node's key: its place among all group nodes that could
     * be, by line (rows then columns), digit and box along the line, the
     * list's order, the same for the same group node on any board (table.c
     * keeps what it made of group nodes by it); and the group node at each
     * key, for the keys of the group nodes there are. */
    uint16_t group_key[HODOKU_GROUPS_MAX];
    uint16_t group_at[HODOKU_GROUPS_MAX];
    uint64_t groups_found; /* the number of the find of its group nodes (table.c, by thread) */
    /* Each table's direct implications: its own list, then the group nodes
     * the group tables added. */
    hodoku_entry *base, *extra;
    int base_used, base_size, extra_used, extra_size;
    int base_start[HODOKU_NODES], base_count[HODOKU_NODES];
    int extra_start[HODOKU_NODES], extra_count[HODOKU_NODES];
    /* The same, indexed for expansion: table i's entries but its premise
     * are successor i's from succ_start[i] to succ_start[i + 1] (their
     * distances kept in nets mode only: in chains mode all are 2). */
    int succ_start[HODOKU_NODES + 1];
    uint16_t *succ_node, *succ_dist;
    int succ_size;
    /* One table expanded: its entries, and where each node last is (in
     * the table whose entries map_ent holds). */
    int table; /* its node, -1 for none */
    int n;
    hodoku_entry ent[HODOKU_TABLE_MAX];
    const hodoku_entry *map_ent;
    int map_n;
    /* Room to read chains back in: the main chain, the net branches. */
    uint16_t main[HODOKU_TABLE_MAX];
    uint16_t *branches;
    int branch_len[HODOKU_BRANCHES_MAX];
    uint16_t epoch;
    uint16_t stamp[HODOKU_NODES], pos[HODOKU_NODES];
    bool no_memory;
} hodoku_tables;

/* Sets t up for g (and finds its group nodes if asked), with no table
 * filled yet: chains mode fills them all with hodoku_tables_fill_chains;
 * nets mode the candidates' with hodoku_tables_fill_nets (nets.c), then
 * the group nodes' with hodoku_tables_fill_groups, then indexes them
 * with hodoku_tables_index. */
void hodoku_tables_begin(hodoku_tables *t, const hodoku_grid *g, bool nets, bool with_groups);

/* Sets t back to no table expanded and no node map, its tables kept as
 * they are: a later search of the same board takes them over (reach.h's
 * hodoku_kept) as if it had made them. */
void hodoku_tables_rewind(hodoku_tables *t);

/* A new set of tables (NULL if memory ran out), and its end. */
hodoku_tables *hodoku_tables_new(void);
void hodoku_tables_delete(hodoku_tables *t);

/* The direct implications of every table in chains mode (spec 13.1, and
 * 13.2 for the group nodes), indexed. */
void hodoku_tables_fill_chains(hodoku_tables *t);

/* Nets mode: the group nodes' tables (spec 13.2), and the links to them
 * added to the candidates' tables. Call once those are made. */
void hodoku_tables_fill_groups(hodoku_tables *t);

/* Indexes the tables made for expansion; call once they are all made.
 * False if memory ran out. */
bool hodoku_tables_index(hodoku_tables *t);

#define HODOKU_DISTANCE_MASK 0x1ffu /* HoDoKu keeps a distance in nine bits */

/* Starts the list of direct implications of table (tables are made one at
 * a time, each once), with room for HODOKU_TABLE_MAX entries (no_memory
 * if there is none): the nets' plays (nets.c) then write it in place. */
void hodoku_table_open(hodoku_tables *t, int table);

/* Gives the open table (opened empty, with room) the n entries of list
 * as they are (HODOKU_TABLE_MAX at most). */
void hodoku_table_copy(hodoku_tables *t, const hodoku_entry *list, int n);

/* The number of the open table's entry holding a plain node (its last),
 * 0 if none. Inline: the nets ask it for each predecessor of a single. */
static inline int hodoku_table_index(const hodoku_tables *t, int node)
{
    return t->stamp[node] == t->epoch ? t->pos[node] : 0;
}

/* The direct implications of table (its premise at 0): n entries of base,
 * then m of extra. */
static inline int hodoku_direct_count(const hodoku_tables *t, int table)
{
    return t->base_count[table] + t->extra_count[table];
}

static inline const hodoku_entry *hodoku_direct(const hodoku_tables *t, int table, int i)
{
    int n = t->base_count[table];
    return i < n ? &t->base[t->base_start[table] + i] : &t->extra[t->extra_start[table] + i - n];
}

/* Expands the table of a plain node into t->ent (spec 13.3); its entry
 * count. */
int hodoku_tables_expand(hodoku_tables *t, int table);

/* The same into ent (room for HODOKU_TABLE_MAX entries). */
int hodoku_tables_expand_into(hodoku_tables *t, int table, hodoku_entry *ent);

/* The entry of the expanded table holding node (the first one); -1 if it
 * holds none. */
int hodoku_tables_find(const hodoku_tables *t, int node);

/* How a chain read back must look (spec 13.4). */
typedef enum hodoku_chain_rule { HODOKU_ANY_CHAIN, HODOKU_LOOP_CHAIN, HODOKU_AIC_CHAIN } hodoku_chain_rule;

/* Reads back the chain from the expanded table's premise to its entry
 * index, net branches included (spec 13.4), premise first, into chain:
 * nodes, those of a branch or'ed with HODOKU_LINK_BRANCH, each branch ended
 * by HODOKU_LINK_BRANCH_END. Sets *cells to the cells of the main chain's
 * nodes but its last. Returns its length (HoDoKu's: entries and branch
 * ends), or 0 if the rule rejects it; entries beyond max are counted but
 * not written. */
#define HODOKU_LINK_BRANCH 0x4000u
#define HODOKU_LINK_BRANCH_END 0x8000u
#define HODOKU_LINK_NODE 0x0fff /* signed: a node is an int */
int hodoku_tables_chain(hodoku_tables *t, int index, hodoku_chain_rule rule, uint16_t *chain, int max,
                     hodoku_set *cells);

/* The same from a table expanded into ent (n entries); *main_length (if
 * not NULL) is set to the main chain's length: the chain is a net's if it
 * is shorter than the whole. within (nets mode): ent holds only the first
 * n entries of the table; -1 if the chain names an entry beyond them. */
int hodoku_tables_chain_from(hodoku_tables *t, const hodoku_entry *ent, int n, int index, hodoku_chain_rule rule,
                          uint16_t *chain, int max, hodoku_set *cells, int *main_length, bool within);

/* Appends such a chain to step's links, a chain of its own (its first
 * node the start), group nodes with their cells, net branches marked. */
void hodoku_tables_links(const hodoku_tables *t, sudoku_step *step, const uint16_t *chain, int n);

/* The cells of a node. */
hodoku_set hodoku_node_set(const hodoku_tables *t, int node);


#endif
