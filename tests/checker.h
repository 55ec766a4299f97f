/*
 * checker.h: an independent judge of solutions for the tests. It shares no
 * code with the library: it reads plain 81-character strings and checks the
 * rules directly, so a bug in the solver cannot hide behind itself.
 */
#ifndef SUDOKU_TEST_CHECKER_H
#define SUDOKU_TEST_CHECKER_H

#include <stdbool.h>

/* Returns NULL if solution (81 chars '1'-'9') fills every row, column and box
 * with 1-9 and keeps every given of puzzle (81 chars, '1'-'9' givens, anything
 * else blank); otherwise a static sentence saying what is wrong. */
const char *check_solution(const char *puzzle, const char *solution);

/* Reads a 9-row grid printed in Norvig's layout (digits, spaces, '|', rule
 * lines) back into 81 characters; returns false if it is not 81 digits. */
bool grid_text_to_line(const char *text, char out[82]);

#endif
