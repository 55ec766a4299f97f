/*
 * tabling.h: HoDoKu's tabling: nice loops and AICs, grouped or not, forcing chains and nets (hodoku-spec 13, 14) (tabling.c).
 */
#ifndef SUDOKU_HODOKU_TABLING_H
#define SUDOKU_HODOKU_TABLING_H

#include "grid.h"

hodoku_finder hodoku_nice_loop, hodoku_grouped_nice_loop, hodoku_forcing_chain, hodoku_forcing_net;

#endif
