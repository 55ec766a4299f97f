/*
 * compare.h: how HoDoKu orders the steps one chain search collects
 * (compare.c): its standard comparator (hodoku-spec 11.1), the weighted
 * sum it reads, and its duplicate check, keyed by the step type and the
 * elimination list sorted by digit, then cell, repeats dropped (11.2) -
 * a sort that stays in the step, and so decides the order its
 * eliminations are made in.
 */
#ifndef SUDOKU_HODOKU_COMPARE_H
#define SUDOKU_HODOKU_COMPARE_H

#include "board/board.h"

/* Sorts a list of eliminations by digit, then cell, and drops repeats;
 * returns the new count. */
int hodoku_sort_removals(sudoku_candidate *list, int n);

/* HoDoKu's weighted sum of an elimination list: sum over positions k of
 * cell * (1 + 80k) + digit. */
long hodoku_weighted_sum(const sudoku_candidate *list, int n);

/* What the standard comparator reads of a step: its type (technique and
 * variant in one number), its eliminations (sorted), its chains' length
 * and the digits it names. */
typedef struct hodoku_rank {
    int type;
    int nremovals;
    const sudoku_candidate *removals;
    int length;
    uint16_t digits;
} hodoku_rank;

/* HoDoKu's standard comparator for the steps of one search, which all
 * eliminate: < 0 if a comes first. */
int hodoku_compare_standard(const hodoku_rank *a, const hodoku_rank *b);

/* The duplicate check: a map from (type, sorted eliminations) to a number
 * (a chain length, a place in a list). */
typedef struct hodoku_keymap {
    int nslots, nkeys, npool, pool_size;
    int *slots; /* key index + 1, 0 for an empty slot */
    struct hodoku_key *keys;
    sudoku_candidate *pool;
} hodoku_keymap;

void hodoku_keymap_init(hodoku_keymap *map);
void hodoku_keymap_free(hodoku_keymap *map);

/* The number kept for the key, or NULL if there is none. */
int *hodoku_keymap_find(const hodoku_keymap *map, int type, const sudoku_candidate *list, int n);

/* Keeps value for the key (which must not be in the map yet); false if
 * memory ran out. */
bool hodoku_keymap_put(hodoku_keymap *map, int type, const sudoku_candidate *list, int n, int value);

#endif
