/*
 * hodoku.h: a step of HoDoKu's scale in HoDoKu's own notation, and as
 * JSON (hodoku.c); the chains' words are hodoku_chains.c's, the cells'
 * and eliminations' notation hodoku_cells.c's.
 */
#ifndef SUDOKU_DRAW_HODOKU_H
#define SUDOKU_DRAW_HODOKU_H

#include "writer.h"

/* The step in HoDoKu's words: "Skyscraper: 4 in r5c4,r6c7 (connected by
 * r3c47) => r5c9,r6c6<>4". */
void hodoku_put_step(writer *w, const sudoku_step *step);

/* The step as a JSON object (sudoku_format_step_json on HoDoKu's scale). */
void hodoku_put_step_json(writer *w, const sudoku_step *step);

#endif
