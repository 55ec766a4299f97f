/*
 * chain.h: the chaining core (chain.c), what the chain techniques
 * (forcing.c, multiple.c, nested.c) are built on. A chain is a graph of nodes,
 * each a candidate (a cell and a digit) assumed on or off, each derived
 * from its parents; chain_arena holds the nodes of a search, chain_set the
 * nodes reached from one assumption, in the order they were reached.
 *
 * Sudoku Explainer rates a chain by the number of distinct nodes it needs
 * (its complexity), and picks among chains by rating, then complexity;
 * both depend on which parents each node gets, which depends on the order
 * nodes are reached. So the engine reaches them in SE's order: breadth
 * first, a cell's other digits before the digit's other places, boxes
 * before rows before columns (docs/logic.md).
 */
#ifndef SUDOKU_CHAIN_H
#define SUDOKU_CHAIN_H

#include "logic/memo.h"

/* A candidate: cell * 9 + digit - 1. */
#define POTENTIALS (SUDOKU_CELLS * 9)
#define POT(cell, digit) ((cell)*9 + (digit)-1)
/* (Unsigned: a candidate is never negative, and unsigned division by 9
 * is the cheaper.) */
#define POT_CELL(pot) ((int)((unsigned)(pot) / 9u))
#define POT_DIGIT(pot) ((int)((unsigned)(pot) % 9u) + 1)

/* Why a node holds: how an "on" node was forced, for nested chains. */
typedef enum chain_cause {
    CAUSE_NONE,         /* an assumption */
    CAUSE_NAKED_SINGLE, /* the cell's last candidate */
    CAUSE_HIDDEN_BOX,   /* the digit's last place in the box */
    CAUSE_HIDDEN_ROW,
    CAUSE_HIDDEN_COLUMN,
    CAUSE_ADVANCED /* an "off" from a technique on the reduced board */
} chain_cause;

typedef struct chain_node {
    uint16_t pot;
    uint8_t on;
    uint8_t cause;
    int32_t parents; /* first parent in the arena's pool */
    int32_t nparents;
    int32_t depth;      /* the longest path from an assumption: at most the ancestors - 1 */
    int32_t nested;     /* a nested chain step's complexity, 0 for none */
    uint64_t nested_id; /* which nested chain (its chains' hash, to count each once), 0 for none */
} chain_node;

struct chain_set;
struct chainer;

/* What a run at level 1 and up adds when its own links run dry: the offs
 * that techniques find on the board it reduced (nested.c); returns their
 * number, *out allocated (free it). */
typedef int chain_advanced_fn(struct chainer *c, const uint16_t *source,
                              const uint16_t source_pos[27][9], const struct chain_set *off,
                              int32_t **out);

/* The nodes of a search. Grows as needed; a mark taken before a piece of
 * work can be released after it. */
typedef struct chain_arena {
    chain_node *nodes;
    int32_t nnodes, cap_nodes;
    int32_t *parents;
    int32_t nparents, cap_parents;
    int32_t next_nested_id;
    /* Nodes may be made without a look at capacity, limit or failure
     * while nnodes < room (one test a node; the slow path sees to all). */
    int32_t room;
    unsigned long long released; /* nodes made and released: made in all, released + nnodes */
    unsigned long long work;     /* units charged for work that makes no node (below) */
    unsigned long long limit;    /* the most work (nodes and units) allowed; 0: no limit */
    bool failed;                 /* out of memory or over the limit: every result since is void */
    /* The nested chains' steps by board (nested.c, chains.c); NULL until
     * first needed. */
    struct nested_cache *nested_cache;
    /* Set by the search that owns the arena (chains.c): the core calls up
     * through it and so knows nothing of the techniques built on it. */
    chain_advanced_fn *advanced;
} chain_arena;

typedef struct chain_mark {
    int32_t nnodes, nparents;
} chain_mark;

/* Nodes by candidate, in the order they were added (SE's LinkedSet). The
 * candidates present are kept by cell as digits (cells) and by digit as
 * cells (plane: cell i is bit i % 64 of word i / 64), so that a run tests
 * a unit's or a cell's candidates against a set in a few word operations. */
#define POT_WORDS ((POTENTIALS + 63) / 64)
typedef struct chain_set {
    int32_t count;
    uint64_t plane[9][2];
    uint16_t cells[SUDOKU_CELLS];
    int32_t at[POTENTIALS]; /* node by candidate, for those present only */
    int16_t order[POTENTIALS];
} chain_set;

/* One chaining search's settings and board. */
typedef struct chainer {
    chain_arena *arena;
    uint16_t grid[SUDOKU_CELLS]; /* candidates now (placed cells: 0) */
    uint16_t pos[27][9];         /* places of each digit in each unit, as logic_positions */
    uint64_t planes[9][2];       /* the board loaded, by digit as cells (as chain_set's) */
    bool dynamic;                /* offs leave the board as they are found */
    bool nishio;                 /* digit links only */
    bool multiple;
    int level;   /* 0; 1: + intersections, pairs, X-wings; 2, 3: + nested chains; 4: + nested
                    dynamic chains of level nesting (SE's experimental producers) */
    int nesting; /* level 4 only: 0, 1 or 2 */
    const uint8_t *placed; /* digits placed, by digit (for X-wings) */
    /* Nodes deeper than this (0: no limit) cannot help: runs leave them
     * out, which changes nothing nearer (chain_too_deep). */
    int max_depth;
} chainer;

/* ---- the board ---- */

/* Sets c's board to grid. */
void chainer_load(chainer *c, const uint16_t grid[SUDOKU_CELLS]);


/* ---- arena ---- */
bool chain_arena_init(chain_arena *arena);
void chain_arena_free(chain_arena *arena);
/* Allows at most limit units of work in all (0: no limit): nodes made and
 * units charged. */
void chain_arena_set_limit(chain_arena *arena, unsigned long long limit);
/* The work done in all: nodes made, released or not, and units charged. */
unsigned long long chain_arena_made(const chain_arena *arena);

/* The budget counts work, in units of about the time a node takes to make
 * (some 40 ns here; docs/logic.md, bench/budget.c): a node made is one;
 * work that makes none is charged as it is done, so that the budget
 * tracks time on every kind of board (a board of many candidates spends
 * most of its time in closures and tests that make no node). Measured
 * (docs/logic.md): with these charges a unit took 25 to 57 ns across
 * valid puzzles, boards with many solutions and the empty grid, where a
 * node alone took 126 to 875 ns. */
#define CHAIN_WORK_LINK 1      /* a link a run follows, to a node made or not */
#define CHAIN_WORK_CLOSURE 1   /* a candidate a start's test (may_hint) takes in its closure */
#define CHAIN_WORK_START 20    /* a start of the forcing chains' search, tested or run */
#define CHAIN_WORK_CELL 32     /* a cell of the multiple chains' search */
#define CHAIN_WORK_ADVANCED 40 /* a run's look at its board for the advanced offs (level 1+) */

/* Charges units of work that made no node; past the limit, the search
 * fails as if it had made one node too many. */
void chain_arena_charge(chain_arena *arena, unsigned long long units);
/* Marks the search void (memory is short): no more nodes are made. */
void chain_arena_fail(chain_arena *arena);
chain_mark chain_arena_mark(const chain_arena *arena);
void chain_arena_release(chain_arena *arena, chain_mark mark);

static inline chain_node *chain_at(const chain_arena *arena, int32_t node)
{
    return &arena->nodes[node];
}

/* Makes room for a node (more memory, within the limit), or returns false
 * (arena->failed); chain_node_new's slow path. */
bool chain_arena_room(chain_arena *arena);
/* Doubles the room for parents; false (arena->failed) if memory is short. */
bool chain_arena_grow_parents(chain_arena *arena);

/* A new node with no parents; returns its index, or -1 (arena->failed:
 * out of memory or over the arena's limit). Inline: a search makes
 * millions. */
static inline int32_t chain_node_new(chain_arena *arena, int pot, bool on, chain_cause cause)
{
    if (arena->nnodes >= arena->room && !chain_arena_room(arena)) return -1;
    int32_t id = arena->nnodes++;
    chain_node *node = &arena->nodes[id];
    node->pot = (uint16_t)pot;
    node->on = on;
    node->cause = (uint8_t)cause;
    node->parents = arena->nparents;
    node->nparents = 0;
    node->depth = 0;
    node->nested = 0;
    node->nested_id = 0;
    return id;
}

/* Adds a parent to node, the node last created (parents are pooled in
 * order of creation: only the newest node grows). */
static inline void chain_node_add_parent(chain_arena *arena, int32_t node, int32_t parent)
{
    if (arena->failed || node < 0 || parent < 0) return;
    if (arena->nparents == arena->cap_parents && !chain_arena_grow_parents(arena)) return;
    arena->parents[arena->nparents++] = parent;
    chain_node *child = &arena->nodes[node];
    child->nparents++;
    if (child->depth <= arena->nodes[parent].depth) child->depth = arena->nodes[parent].depth + 1;
}

/* ---- sets ---- */
/* Makes set empty (fresh memory or in use: only the bits are cleared,
 * so that a set is cheap to start, copy and empty). */
void chain_set_init(chain_set *set);
void chain_set_clear(chain_set *set);
static inline bool chain_set_has(const chain_set *set, int pot)
{
    return (set->cells[POT_CELL(pot)] >> ((unsigned)(POT_DIGIT(pot) - 1))) & 1u;
}
static inline void chain_set_add(chain_set *set, const chain_arena *arena, int32_t node)
{
    int pot = arena->nodes[node].pot, cell = POT_CELL(pot), d = POT_DIGIT(pot) - 1;
    if (!((set->cells[cell] >> d) & 1u)) {
        set->cells[cell] |= (uint16_t)(1u << d);
        set->plane[d][(unsigned)cell / 64] |= 1ull << ((unsigned)cell % 64);
        set->order[set->count++] = (int16_t)pot;
    }
    set->at[pot] = node;
}
/* The node of candidate pot, or -1. */
static inline int32_t chain_set_get(const chain_set *set, int pot)
{
    return chain_set_has(set, pot) ? set->at[pot] : -1;
}

/* ---- implications ---- */

/* An implication, before it is made a node: the candidate, why, and the
 * unit of a hidden single (CHAIN_NO_UNIT for the cell's last candidate).
 * Four bytes: searches keep thousands at hand, and are faster for the
 * smaller cache. */
#define CHAIN_NO_UNIT 255
typedef struct chain_link {
    uint16_t pot;
    uint8_t cause;
    uint8_t unit;
} chain_link;

/* What candidate pot (on) turns off, in SE's order: with y, the cell's
 * other digits, then the digit's other places in the box, row and column. */
int chain_on_links(const chainer *c, int pot, bool y, chain_link out[32]);

/* What candidate pot (off) turns on: with y, the cell's other digit if it
 * has two; with x, the digit's other place in each unit where it has two. */
int chain_off_links(const chainer *c, int pot, bool y, bool x, chain_link out[4]);

/* Makes the node of link, state on, with parent (static chains): inline,
 * for the searches' loops. */
static inline int32_t chain_make_static(chain_arena *arena, const chain_link *link, bool on,
                                        int32_t parent)
{
    int32_t id = chain_node_new(arena, link->pot, on, (chain_cause)link->cause);
    chain_node_add_parent(arena, id, parent);
    return id;
}

/* True if node lies beyond c's depth limit. Leaving such nodes out keeps
 * every nearer node as it is: nodes are taken in order of depth (each
 * kind in its queue), so every node up to the limit is made before any
 * deeper one is followed; and a contradiction met beyond it is still seen
 * (every new node is checked), so a run stops where SE's stops. */
static inline bool chain_too_deep(const chainer *c, int32_t node)
{
    return c->max_depth && chain_at(c->arena, node)->depth > c->max_depth;
}

/* SE's doChaining: completes on and off with what they force, until done
 * or until a candidate is both on and off; then returns true and sets
 * *on_node and *off_node to the two. c->grid is as before on return. */
bool chain_run(chainer *c, chain_set *on, chain_set *off, int32_t *on_node, int32_t *off_node);

/* The links of a board that does not change (multiple chains): what each
 * candidate turns on when off (Y and X links; set for the board's
 * candidates only); what one turns off when on is read from the board and
 * its digits' places (cell i: bit i % 64 of word i / 64). */
typedef struct chain_links {
    uint16_t strong[POTENTIALS][4];
    uint8_t nstrong[POTENTIALS];
    uint64_t live[9][2]; /* the candidates with a strong link, by digit as cells */
    uint16_t grid[SUDOKU_CELLS];
    uint64_t places[9][2];
} chain_links;

void chain_links_load(const chainer *c, chain_links *t);

/* The strong links of t alone (what each candidate turns on when off). */
void chain_strong_load(const chainer *c, chain_links *t);

/* What a run of chain_run from candidate pot assumed on, on the board of t
 * (c->level 0, not dynamic; no depth limit), makes on and off when it
 * ends, by digit as cells (digit d's cell i: bit i % 64 of word
 * 2 * (d - 1) + i / 64); conflict: it meets a contradiction (the sets are
 * then partial). A tenth of a run's cost: no nodes are made. */
#define PLANE_WORDS 18
typedef struct chain_reach_sets {
    uint64_t on[PLANE_WORDS], off[PLANE_WORDS];
    bool conflict;
} chain_reach_sets;

void chain_reach(const chain_links *t, int pot, chain_reach_sets *r);

/* ---- counting, rating, showing ---- */

/* The number of distinct nodes (candidate and state) node rests on, itself
 * included: SE's ancestor count. */
int chain_ancestors(const chain_arena *arena, int32_t node);

/* The complexity of nested chain steps behind the targets, each counted once. */
int chain_nested_complexity(const chain_arena *arena, const int32_t *targets, int ntargets);

/* SE's rating of a chain of this complexity on top of base: base plus 0.1
 * for each of the lengths 4, 6, 8, 12, 16, 24, ... it passes, as a double
 * computed as SE computes it (its choices compare these doubles). */
double chain_difficulty(double base, int complexity);

/* Appends the chain that ends in target, from its assumption, to step's
 * links (following each node's first parent). */
void chain_step_links(const chain_arena *arena, int32_t target, sudoku_step *step);

/* A chain step as a producer finds it, handed to a sink: SE's hint. */
typedef struct chain_hint {
    sudoku_technique technique;
    sudoku_chain_kind kind;
    int sort_key; /* SE's order among equals: double 1, cycles 2-4, cell 5, region 6, contradiction
                     7 */
    double difficulty;
    int complexity;
    const int32_t *targets; /* the chains' ends (nodes alive during the call) */
    int ntargets;
    bool cycle;                /* targets[0] ends a cycle, whose reverse is a second chain */
    const uint16_t *eliminate; /* a cycle's eliminations by cell; NULL for a single result */
    int result_pot;            /* otherwise: the candidate concluded on or off */
    bool result_on;
    int source_cell; /* a cell chain's cell, -1 */
    int region_unit; /* a region chain's unit, -1 */
} chain_hint;

typedef struct chain_sink chain_sink;
struct chain_sink {
    void (*emit)(chain_sink *sink, chain_arena *arena, const chain_hint *hint);
    /* The largest complexity a step of this base rating, and of sort key
     * sort_key or more, can have and still matter to the sink; NULL: any. */
    int (*max_complexity)(chain_sink *sink, double base, int sort_key);
};

/* The deepest node that can matter to sink for steps of base rating base
 * and sort key sort_key or more, as chainer.max_depth (0: no limit). */
int chain_max_depth(chain_sink *sink, double base, int sort_key);

/* A sink that keeps the step SE would take: the first of the lowest
 * (difficulty, complexity, sort key). */
typedef struct chain_best {
    chain_sink sink;
    bool found;
    double difficulty;
    int complexity;
    int sort_key;
    bool bound_valid; /* bound: the largest complexity that matters on bound_base */
    bool bound_ties;  /* ... for steps that win ties with the best */
    double bound_base;
    int bound;
    sudoku_step step;
} chain_best;

void chain_best_init(chain_best *best);

/* True if a hint rated (difficulty, complexity, sort_key) comes before the
 * best so far in SE's order (ties keep the earlier one). */
bool chain_better(const chain_best *best, double difficulty, int complexity, int sort_key);

/* Bitsets over nodes (candidate and state: bit pot * 2 + on). */
#define NODE_WORDS LOGIC_NODE_WORDS /* 2 * POTENTIALS / 64 + 1 */
static inline bool node_in(const uint64_t *set, int pot, bool on)
{
    unsigned key = (unsigned)pot * 2 + on;
    return (set[key / 64] >> (key % 64)) & 1u;
}
static inline void node_add(uint64_t *set, int pot, bool on)
{
    unsigned key = (unsigned)pot * 2 + on;
    set[key / 64] |= 1ull << (key % 64);
}

/* The nodes (bits as node_in's) that reach a node of seeds under t's
 * links (X and Y; t from chain_links_load). Links are symmetric (x on
 * forces y off exactly when y on forces x off; likewise off to on), so
 * what reaches a set is what the set, states flipped, reaches, states
 * flipped back. */
void chain_reaching(const chain_links *t, const uint64_t *seeds, uint64_t out[NODE_WORDS]);

/* The nodes whose closure under t's links may differ from what it was on
 * board before (which t's board only lost candidates from): those that
 * reach a node whose links changed. A start that reaches none of them
 * makes the same nodes as it did on before, by the same links. False (out
 * untouched) if t's board is not a later one of before. */
bool chain_changed_reach(const chain_links *t, const uint16_t before[SUDOKU_CELLS],
                         uint64_t out[NODE_WORDS]);

#endif
