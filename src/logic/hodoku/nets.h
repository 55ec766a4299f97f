/*
 * nets.h: the tables of HoDoKu's forcing nets (nets.c): every premise
 * played on a copy of the grid with four rounds of singles.
 */
#ifndef SUDOKU_HODOKU_NETS_H
#define SUDOKU_HODOKU_NETS_H

#include "table.h"

/* Makes the direct implications of every candidate's two tables in nets
 * mode (spec 14.2), from the grid t was begun with (its queues included). */
void hodoku_tables_fill_nets(hodoku_tables *t);

#endif
