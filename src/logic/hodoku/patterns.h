/*
 * patterns.h: HoDoKu's single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle (hodoku-spec 4) (patterns.c).
 */
#ifndef SUDOKU_HODOKU_PATTERNS_H
#define SUDOKU_HODOKU_PATTERNS_H

#include "grid.h"

hodoku_finder hodoku_skyscraper, hodoku_two_string_kite, hodoku_empty_rectangle;

#endif
