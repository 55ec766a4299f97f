/*
 * fish.h: HoDoKu's fish: basic, finned and sashimi, Franken and finned Franken (hodoku-spec 7) (fish.c).
 */
#ifndef SUDOKU_HODOKU_FISH_H
#define SUDOKU_HODOKU_FISH_H

#include "grid.h"

/* The first fish of technique (X-Wing to Finned Franken Swordfish) in
 * HoDoKu's order: digits, rows then columns as base, base and cover
 * units in order. */
hodoku_finder hodoku_fish;

#endif
