/*
 * chains.h: HoDoKu's simple chains: Remote Pair, Turbot Fish, X-Chain, XY-Chain (hodoku-spec 8) (chains.c).
 */
#ifndef SUDOKU_HODOKU_CHAINS_H
#define SUDOKU_HODOKU_CHAINS_H

#include "grid.h"

hodoku_finder hodoku_remote_pair, hodoku_turbot_fish, hodoku_x_chain, hodoku_xy_chain;

#endif
