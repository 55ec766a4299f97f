/*
 * planes.h: the board the search runs on (planes.c): for each digit, where
 * it may still go, in three bands of three rows; propagation, the triad
 * rules and the choice of the guess.
 */
#ifndef SUDOKU_PLANES_H
#define SUDOKU_PLANES_H

#include "board/board.h"

/* The board search works on (planes.c): for each digit, where it may still
 * go. Digits are 1-9 and cells 0-80 in the functions below. */
typedef struct sudoku_planes {
    uint32_t cells[27];   /* [9*band + digit-1]: bit 9*(row%3) + column */
    uint32_t settled[27]; /* cells[] as last propagated; a band that differs needs work */
    uint32_t unsolved[3]; /* per band, the cells no digit is placed in yet */
} sudoku_planes;

/* What the last triad pass saw, for the choice of the guess: each digit's
 * horizontal triads (bit 3*(3*row + box) + band) and vertical triads (bit
 * 9*band + column). */
typedef struct sudoku_triads {
    uint32_t horizontal[9];
    uint32_t vertical[9];
} sudoku_triads;

/* A choice the search branches on: a digit's configuration in a band or a
 * stack (option k for the k-th of the six), or a digit in a cell (option
 * d-1 for digit d). */
typedef enum sudoku_branch_kind {
    SUDOKU_BRANCH_BAND,
    SUDOKU_BRANCH_STACK,
    SUDOKU_BRANCH_CELL
} sudoku_branch_kind;

typedef struct sudoku_branch {
    sudoku_branch_kind kind;
    int where;        /* band or stack 0-2, or cell 0-80 */
    int digit;        /* 0-8, for a band or stack */
    unsigned options; /* bit k: option k still open */
} sudoku_branch;

/* Sets up the board of a puzzle. Returns false if two givens clash or a cell
 * holds a value above 9. */
bool sudoku_planes_from_grid(sudoku_planes *p, const sudoku_grid *grid);

/* Sets up the board with the candidates of a cell-mask board. */
void sudoku_planes_from_board(sudoku_planes *p, const sudoku_board *board);

/* Propagates to a fixpoint, leaving in view (if not NULL) what the choice of
 * the guess needs. Returns false if a contradiction is found. */
bool sudoku_planes_propagate(sudoku_planes *p, sudoku_triads *view);

/* Places digit in cell and propagates. Returns false if a contradiction is
 * found (including digit not being a candidate there). */
bool sudoku_planes_assign(sudoku_planes *p, int cell, int digit, sudoku_triads *view);

/* Removes digit from cell's candidates and propagates. Returns false if a
 * contradiction is found. */
bool sudoku_planes_eliminate(sudoku_planes *p, int cell, int digit, sudoku_triads *view);

/* Removes digit from cell's candidates; propagation is left to come. */
void sudoku_planes_remove(sudoku_planes *p, int cell, int digit);

/* Chooses what to branch on in a propagated board whose view is the one
 * propagation left: the digit with the fewest configurations in the band or
 * stack whose configurations are fewest. Returns false if every cell is
 * solved. */
bool sudoku_planes_choose(const sudoku_planes *p, const sudoku_triads *view, sudoku_branch *branch);

/* Takes option of branch and propagates. Returns false if a contradiction
 * is found. */
bool sudoku_planes_take(sudoku_planes *p, const sudoku_branch *branch, int option,
                        sudoku_triads *view);

/* Writes the digits of a solved board into grid. */
void sudoku_planes_to_grid(const sudoku_planes *p, sudoku_grid *grid);

#endif
