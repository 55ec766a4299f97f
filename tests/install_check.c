/*
 * install_check.c: a user's program, built against nothing but the installed
 * sudoku.h and libsudoku.a: the three calls the README promises, then the
 * independent checker on the result.
 */
#include <sudoku.h>

#include <stdio.h>
#include <string.h>

#include "checker.h"

int main(void)
{
    const char *s =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    sudoku_grid puzzle;
    sudoku_error err;
    sudoku_result res;
    char text[SUDOKU_TEXT_MAX];
    if (!sudoku_parse(s, strlen(s), &puzzle, &err) || sudoku_solve(&puzzle, 2, &res) != 1) {
        fprintf(stderr, "install_check: the installed library did not solve the puzzle\n");
        return 1;
    }
    sudoku_format_line(&res.solution, text, sizeof text);
    const char *why = check_solution(s, text);
    if (why) {
        fprintf(stderr, "install_check: %s\n", why);
        return 1;
    }
    puts("install_check: the installed library solves and the solution checks");
    return 0;
}
