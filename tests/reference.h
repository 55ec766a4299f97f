/*
 * reference.h: the tests' own solver (reference.c), independent of the
 * library: solution counts, clashes, and the digits a cell's peers hold.
 */
#ifndef SUDOKU_TEST_REFERENCE_H
#define SUDOKU_TEST_REFERENCE_H

#include <stdbool.h>

#define REFERENCE_CELLS 81

/* The search gives up after this many nodes (over_budget). The hardest
 * dataset puzzles take up to about 16,000. */
#define REFERENCE_NODE_BUDGET 200000L

typedef struct reference {
    int digit[REFERENCE_CELLS]; /* 0 for an empty cell */
    unsigned row_used[9], column_used[9], box_used[9];
    int limit, found;
    long nodes;
    char first[REFERENCE_CELLS + 1];
} reference;

/* What the reference found out about one puzzle. */
typedef struct reference_answer {
    bool clash;                         /* two equal givens share a unit */
    int clash_cell, clash_digit;        /* the first given, in cell order, a peer already holds */
    bool over_budget;                   /* the search gave up: the count is unknown */
    int solutions;                      /* found, at most the limit asked */
    char solution[REFERENCE_CELLS + 1]; /* the first found */
} reference_answer;

/* Puts puzzle's givens in cell order. Returns false at the first given a peer
 * already holds, naming it in a. */
bool reference_load(reference *r, const char *puzzle, reference_answer *a);

/* The digits (bit d for digit d) cell's peers hold. */
unsigned reference_held(const reference *r, int cell);

/* Counts puzzle's solutions up to limit, or finds its clash. */
reference_answer reference_solve(const char *puzzle, int limit);

/* Where map m takes cell: 0 identity, 1 a quarter turn clockwise, 2 a half
 * turn, 3 a quarter turn back, 4 mirror (columns reversed), 5 flip (rows
 * reversed), 6 about the diagonal r1c1-r9c9, 7 about r1c9-r9c1. */
int reference_image(int map, int cell);

/* The maps (bit m for map m) a symmetry promises, by its name in the
 * program (docs/generate.md); 0 for a name it does not have. */
unsigned reference_symmetry_maps(const char *name);

/* True if every map of maps takes each clue of p ('.' blanks) to a clue. */
bool reference_pattern_has(const char *p, unsigned maps);

/* For p with one solution: marks the clues without which it still has one
 * and returns how many (0: minimal); -1 if the search went over budget. */
int reference_redundant(const char *p, bool can_go[REFERENCE_CELLS]);

#endif
