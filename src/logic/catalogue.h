/*
 * catalogue.h: every technique of the logic engine once, in one table
 * (catalogue.c): its identifier, name, family, flags, finder, and its
 * rating on each scale. The engine's search order (path.c), the names the
 * printer shows (sudoku_technique_name) and the documentation's list
 * (tests/catalogue_doc.c makes docs/logic.md's table) all come from it.
 *
 * A scale is a column: for Sudoku Explainer's, the least rating a step of
 * the technique gets and what raises it. SE's search order is the order of
 * the rows, which is that of sudoku_technique. HoDoKu's column holds its
 * names, codes, levels, base scores and finders, and its order of the
 * rows is logic_hodoku_order; each scale's rule that turns a path into a
 * rating is in path.c. A technique both scales have is one row, with a
 * finder for each (each scale finds its steps in its own order); a new
 * technique adds a row and a finder.
 */
#ifndef SUDOKU_CATALOGUE_H
#define SUDOKU_CATALOGUE_H

#include "memo.h"
#include "hodoku/grid.h"

/* What a finder is asked with: the state, and what the engine keeps
 * around the search for one step. */
typedef struct logic_query {
    const sudoku_logic *state;
    unsigned flags;              /* SUDOKU_LOGIC_* */
    bool alone;                  /* one technique asked for (sudoku_logic_find), not a path */
    unsigned long long *budget;  /* chain nodes left (NULL: no limit), lowered as they are made */
    struct nested_cache **cache; /* the nested chains' steps by board (NULL: none kept) */
    logic_memo *memo;            /* what earlier steps of the path found (NULL: none) */
    bool short_of_memory;        /* set by a finder whose search ran out of memory: void */
    bool places_known;
    uint16_t places[27][9]; /* logic_all_positions of state, made when a finder first asks */
} logic_query;

/* How the documentation groups the techniques. */
typedef enum logic_family {
    LOGIC_SINGLES,
    LOGIC_INTERSECTIONS,
    LOGIC_SUBSETS,
    LOGIC_FISH,
    LOGIC_WINGS,
    LOGIC_UNIQUENESS,
    LOGIC_EXCLUSION,
    LOGIC_CHAINS,
    LOGIC_PATTERNS,    /* HoDoKu's single-digit patterns */
    LOGIC_COLORING,
    LOGIC_MISCELLANY,  /* Sue de Coq */
    LOGIC_ALS,
    LOGIC_LAST_RESORT, /* forcing chains and nets, brute force */
    LOGIC_FAMILIES
} logic_family;

/* Row flags. */
#define LOGIC_ASSUMES_UNIQUE 1u /* left out under SUDOKU_LOGIC_NO_UNIQUENESS */
#define LOGIC_CHAIN 2u          /* spends the budget; SUDOKU_LOGIC_NO_CHAINS stops at the first */
#define LOGIC_WITH_PREVIOUS 4u  /* a path finds it with the row before (SE searches both as one) */

typedef struct logic_technique logic_technique;

/* Looks for the first step of t on q's state; false if there is none. */
typedef bool logic_finder(logic_query *q, const logic_technique *t, sudoku_step *step);

/* A rating on SE's scale, times ten: the least a step of the technique
 * gets, and (NULL when it is always that) when it gets that and what
 * raises it, for the documentation ("and up with length"). */
typedef struct logic_se_rating {
    int least;
    const char *varies;
} logic_se_rating;

/* A step type of a HoDoKu technique that has several: its variant
 * (sudoku_step.variant), name and code. */
typedef struct logic_hodoku_type {
    int variant;
    const char *name;
    const char *code;
} logic_hodoku_type;

/* HoDoKu's column: the technique's name, short code, level and base
 * score on HoDoKu's scale, and its finder there; name NULL where the
 * scale lacks the technique. types, when the technique's steps have
 * types, names them (ended by a {0} entry); else NULL. */
typedef struct logic_hodoku_column {
    const char *name;
    const char *code;
    sudoku_level level;
    int score;
    hodoku_finder *find;
    const logic_hodoku_type *types;
} logic_hodoku_column;

struct logic_technique {
    sudoku_technique id;
    const char *name; /* SE's, as explain prints it; NULL: not on SE's scale */
    logic_family family;
    unsigned flags;
    logic_finder *find; /* SE's; NULL: not on SE's scale */
    int size;           /* what the finder is told: the size of a set or a fish, 0 */
    logic_se_rating se;
    const char *sees; /* what the technique sees, in a phrase, for the documentation */
    logic_hodoku_column hodoku;
};

/* Every technique once, row t for technique t: SE's first, in SE's search
 * order, then those only HoDoKu has. */
extern const logic_technique logic_catalogue[SUDOKU_TECHNIQUES];

/* HoDoKu's search order: its techniques, each once. */
extern const sudoku_technique logic_hodoku_order[];
extern const int logic_hodoku_techniques;

/* The family's name as the documentation gives it: "Singles", ... */
const char *logic_family_name(logic_family family);

#endif
