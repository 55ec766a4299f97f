/*
 * hodoku_paths.h: HoDoKu 2.2's solution paths as the tests read them
 * (hodoku_paths.c): the lines of ../shared/ratings/hodoku/paths.jsonl, one
 * puzzle and its steps each (technique code, placements, eliminations in
 * HoDoKu's order, HoDoKu's text). The reader knows just enough JSON for
 * that file.
 */
#ifndef SUDOKU_TEST_HODOKU_PATHS_H
#define SUDOKU_TEST_HODOKU_PATHS_H

#include <stdbool.h>
#include <stdio.h>

#define HP_CANDS_MAX 729
#define HP_TEXT_MAX 8192

typedef struct hp_cand {
    int cell, digit; /* 0-80, 1-9 */
} hp_cand;

typedef struct hp_step {
    char code[8];
    int nplace, nelim;
    hp_cand place[HP_CANDS_MAX], elim[HP_CANDS_MAX];
    char text[HP_TEXT_MAX];
} hp_step;

typedef struct hp_path {
    char puzzle[82];
    int nsteps;
    hp_step *steps;
} hp_path;

/* The file of paths: $HODOKU_PATHS, else ../shared/ratings/hodoku/paths.jsonl;
 * NULL (with the path tried in *where) if it cannot be opened. */
FILE *hp_open(const char **where);

/* Reads the next path; false at the end of the file or on a line it cannot
 * read (said on stderr). Free it with hp_free. */
bool hp_read(FILE *f, hp_path *path);
void hp_free(hp_path *path);

#endif
