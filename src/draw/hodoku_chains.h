/*
 * hodoku_chains.h: the words of HoDoKu's chain techniques (hodoku_chains.c).
 */
#ifndef SUDOKU_DRAW_HODOKU_CHAINS_H
#define SUDOKU_DRAW_HODOKU_CHAINS_H

#include "writer.h"

/* The chain techniques' words after "Name:": true if the technique is one
 * of them and its words were written. */
bool hodoku_put_chain_step(writer *w, const sudoku_step *step);

#endif
