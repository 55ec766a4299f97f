/*
 * grid.h: a grid kept as HoDoKu 2.2 keeps it (grid.c): digits placed,
 * candidates, how many cells of each house still hold each digit, and the
 * two queues in which candidate removals announce naked and hidden singles
 * (hodoku-spec 2). Forcing nets play moves on copies of it, so the order of
 * the singles they meet is HoDoKu's; the view a chain search reads is made
 * from it too.
 */
#ifndef SUDOKU_LOGIC_AIC_GRID_H
#define SUDOKU_LOGIC_AIC_GRID_H

#include "set.h"

/* More than any grid's lifetime adds: a house's count of a digit falls to
 * one once, a cell's candidates to one once. */
#define AIC_QUEUE_MAX 256

typedef struct aic_queue {
    int head, tail; /* entries head..tail-1 are waiting */
    uint8_t cell[AIC_QUEUE_MAX], digit[AIC_QUEUE_MAX];
} aic_queue;

typedef struct aic_grid {
    uint8_t value[SUDOKU_CELLS];       /* digit placed, 0 for an open cell */
    uint16_t candidates[SUDOKU_CELLS]; /* bit d-1 for digit d; 0 once placed */
    uint8_t free[27][10];              /* cells of the house holding digit d as a candidate */
    aic_queue naked, hidden;
} aic_grid;

/* The cells of each house (rows, columns, boxes), as sets. */
extern const aic_set aic_house_sets[27];

/* An empty grid: every cell open with all nine candidates. */
void aic_grid_clear(aic_grid *g);

/* Removes digit from cell if it is there, announcing the singles it makes
 * (spec 2.2); false if the cell is left without a candidate (nothing else
 * is counted then, as in HoDoKu). */
bool aic_grid_delete(aic_grid *g, int cell, int digit);

/* Places digit in cell (spec 2.3); a cell already holding it is left
 * alone, one holding another digit is overwritten as HoDoKu does. */
void aic_grid_place(aic_grid *g, int cell, int digit);

/* Takes the entry at the head of q; false if q is empty. */
bool aic_queue_pop(aic_queue *q, int *cell, int *digit);

#endif
