/*
 * install_check.cpp: a C++ program built against the installed sudoku.h and
 * library: the header's extern "C" guards are what lets it link. It solves
 * a puzzle and checks the solution with a few lines of its own.
 */
#include <sudoku.h>

#include <cstdio>
#include <cstring>
#include <string>

// Every row, column and box of the 81 digits holds 1-9 once, and the
// puzzle's givens are kept.
static bool valid_solution(const std::string &puzzle, const std::string &solution)
{
    if (solution.size() != 81) return false;
    for (int unit = 0; unit < 27; unit++) {
        unsigned seen = 0;
        for (int i = 0; i < 9; i++) {
            int row = unit < 9 ? unit : unit < 18 ? i : (unit - 18) / 3 * 3 + i / 3;
            int col = unit < 9 ? i : unit < 18 ? unit - 9 : (unit - 18) % 3 * 3 + i % 3;
            int d = solution[9 * row + col] - '0';
            if (d < 1 || d > 9) return false;
            seen |= 1u << d;
        }
        if (seen != 0x3FEu) return false;
    }
    for (int cell = 0; cell < 81; cell++)
        if (puzzle[cell] != '.' && puzzle[cell] != solution[cell]) return false;
    return true;
}

int main()
{
    const std::string puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    sudoku_grid grid;
    sudoku_error err;
    sudoku_result res;
    if (!sudoku_parse(puzzle.c_str(), puzzle.size(), &grid, &err) ||
        sudoku_solve(&grid, 2, &res) != 1) {
        std::fprintf(stderr, "install_check.cpp: the library did not solve the puzzle\n");
        return 1;
    }
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_line(&res.solution, text, sizeof text);
    if (!valid_solution(puzzle, text)) {
        std::fprintf(stderr, "install_check.cpp: not a solution: %s\n", text);
        return 1;
    }
    std::puts("install_check.cpp: a C++ program links and solves");
    return 0;
}
