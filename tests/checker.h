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

/* Returns NULL if puzzle (81 chars: '1'-'9' givens, '.' or '0' blanks)
 * repeats no given in a row, column or box; otherwise a static sentence
 * saying what is wrong. */
const char *check_puzzle(const char *puzzle);

/* Writes 81 cell values (0 blank, 1-9 given) as 81 characters, '.' for
 * blanks; returns false if a value is out of range. */
bool cells_to_text(const unsigned char cells[81], char out[82]);

/* Reads a 9-row grid printed in Norvig's layout (digits, spaces, '|', rule
 * lines) back into 81 characters; returns false if it is not 81 digits. */
bool grid_text_to_line(const char *text, char out[82]);

#endif
