/*
 * step.h: a step of HoDoKu's chain family as its finders return it
 * (step.c): the type, the eliminations in HoDoKu's order (the order they
 * are carried out in decides which single comes next), the placement, the
 * chains with their group nodes and net branches, the almost locked sets;
 * and how HoDoKu orders the steps a search collects (its standard
 * comparator, hodoku-spec 11.1) and keys them for its duplicate check
 * (11.2).
 */
#ifndef SUDOKU_LOGIC_AIC_STEP_H
#define SUDOKU_LOGIC_AIC_STEP_H

#include "set.h"

typedef enum aic_kind {
    AIC_REMOTE_PAIR,
    AIC_TURBOT_FISH,
    AIC_X_CHAIN,
    AIC_XY_CHAIN,
    AIC_DISCONTINUOUS_LOOP,
    AIC_CONTINUOUS_LOOP,
    AIC_AIC,
    AIC_GROUPED_DISCONTINUOUS_LOOP,
    AIC_GROUPED_CONTINUOUS_LOOP,
    AIC_GROUPED_AIC,
    AIC_ALS_XZ,
    AIC_ALS_XY_WING,
    AIC_ALS_CHAIN,
    AIC_FORCING_CHAIN_CONTRADICTION,
    AIC_FORCING_CHAIN_VERITY,
    AIC_FORCING_NET_CONTRADICTION,
    AIC_FORCING_NET_VERITY,
    AIC_KINDS
} aic_kind;

/* HoDoKu's name of a kind ("Remote Pair", ...) and its short code ("rp"). */
const char *aic_kind_name(aic_kind kind);
const char *aic_kind_code(aic_kind kind);

typedef struct aic_cand {
    uint8_t cell, digit;
} aic_cand;

/* A chain node: a digit in one cell, or in the two or three cells of a
 * group node; on (the digit is placed there, reached by a strong link) or
 * off. In a net, the branches that join the main chain are written after
 * the node they join, marked AIC_NODE_BRANCH, each ended by a node marked
 * AIC_NODE_BRANCH_END (which is no node: HoDoKu's closing bracket). */
#define AIC_NODE_ON 1u
#define AIC_NODE_BRANCH 2u
#define AIC_NODE_BRANCH_END 4u
typedef struct aic_node {
    uint8_t cells[3];
    uint8_t ncells, digit, flags;
} aic_node;

typedef struct aic_als {
    aic_set cells;
    uint16_t digits;
} aic_als;

#define AIC_ELIM_MAX (SUDOKU_CELLS * 9)
#define AIC_CHAINS_MAX 9
#define AIC_NODES_MAX 4096
#define AIC_ALS_MAX 64

/* Where a forcing chain contradiction says it happens: "in r5", "in c4",
 * "in b3", "in r5c4". */
typedef enum aic_entity { AIC_IN_ROW, AIC_IN_COLUMN, AIC_IN_BOX, AIC_IN_CELL } aic_entity;

typedef struct aic_step {
    aic_kind kind;
    int nelim;
    aic_cand elim[AIC_ELIM_MAX];
    int place_cell; /* -1 for none */
    int place_digit;
    int nvalues; /* the digits the step names (Remote Pair: both; chains: the start's) */
    uint8_t values[2];
    int nchains;
    int chain_start[AIC_CHAINS_MAX + 1]; /* chain i: nodes chain_start[i]..chain_start[i+1]-1 */
    int nnodes;
    bool nodes_cut;  /* more nodes than AIC_NODES_MAX: the rest left out */
    int length;      /* HoDoKu's chain length: all chain entries, branches and marks counted */
    aic_node nodes[AIC_NODES_MAX];
    int nals;
    aic_als als[AIC_ALS_MAX];
    uint16_t rc[AIC_ALS_MAX]; /* ALS steps: the digits linking als[i] to als[i + 1] */
    uint16_t z;               /* ALS-XZ/XY-Wing: the digits eliminated */
    aic_entity entity;        /* a forcing contradiction's house or cell */
    int entity_number;        /* its house 0-8 or cell 0-80 */
} aic_step;

/* Clears step and sets its kind (no placement, no chain). */
void aic_step_start(aic_step *step, aic_kind kind);

/* Appends an elimination (no check: HoDoKu's lists may repeat one). */
void aic_step_eliminate(aic_step *step, int cell, int digit);

/* Appends a node to the chain being written; chains start with
 * aic_step_new_chain. */
void aic_step_new_chain(aic_step *step);
void aic_step_node(aic_step *step, aic_node node);

/* A plain node. */
static inline aic_node aic_plain_node(int cell, int digit, bool on)
{
    aic_node n = {{(uint8_t)cell, 0, 0}, 1, (uint8_t)digit, on ? AIC_NODE_ON : 0};
    return n;
}

/* Sorts a list of eliminations by digit, then cell, and drops repeats, as
 * HoDoKu's duplicate key does to the step it keys; returns the new count. */
int aic_sort_eliminations(aic_cand *elim, int n);

/* HoDoKu's weighted sum of an elimination list: sum over positions k of
 * cell * (1 + 80k) + digit. */
long aic_weighted_sum(const aic_cand *elim, int n);

/* What the standard comparator reads of a step. */
typedef struct aic_rank {
    aic_kind kind;
    int nelim;
    const aic_cand *elim; /* sorted by aic_sort_eliminations */
    int length;
    int value_sum;
    uint16_t values; /* the digit set the step names */
} aic_rank;

/* HoDoKu's standard comparator (spec 11.1) for the steps of one chain
 * search: < 0 if a comes first. Steps of a search all eliminate. */
int aic_compare_standard(const aic_rank *a, const aic_rank *b);

/* HoDoKu's duplicate check: a map from (kind, sorted elimination list) to
 * a number (a chain length, a place in a list). */
typedef struct aic_keymap {
    int nslots, nkeys, npool, pool_size;
    int *slots; /* key index + 1, 0 for an empty slot */
    struct aic_key *keys;
    aic_cand *pool;
} aic_keymap;

void aic_keymap_init(aic_keymap *map);
void aic_keymap_free(aic_keymap *map);

/* The number kept for the key, or NULL if there is none. */
int *aic_keymap_find(const aic_keymap *map, aic_kind kind, const aic_cand *elim, int n);

/* Keeps value for the key (which must not be in the map yet); false if
 * memory ran out. */
bool aic_keymap_put(aic_keymap *map, aic_kind kind, const aic_cand *elim, int n, int value);

#endif
