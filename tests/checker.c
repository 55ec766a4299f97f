/*
 * checker.c: the tests' independent solution check (see checker.h).
 */
#include "checker.h"

#include <string.h>

/* Checks the nine cells of one unit: no digit twice, and blanks ('.' or
 * '0') only where a puzzle may have them. */
static bool unit_ok(const char *s, int first, int step_in, int step_out, int inner, bool blanks)
{
    bool seen[10] = {false};
    for (int i = 0; i < 9; i++) {
        int index = first + (i % inner) * step_in + (i / inner) * step_out;
        if (blanks && (s[index] == '.' || s[index] == '0')) continue;
        int digit = s[index] - '0';
        if (digit < 1 || digit > 9 || seen[digit]) return false;
        seen[digit] = true;
    }
    return true;
}

/* Checks every row, column and box; returns what is wrong, or NULL. */
static const char *units_ok(const char *s, bool blanks)
{
    for (int k = 0; k < 9; k++) {
        if (!unit_ok(s, 9 * k, 1, 0, 9, blanks)) return "a row repeats a digit";
        if (!unit_ok(s, k, 9, 0, 9, blanks)) return "a column repeats a digit";
        if (!unit_ok(s, 27 * (k / 3) + 3 * (k % 3), 1, 9, 3, blanks))
            return "a box repeats a digit";
    }
    return NULL;
}

const char *check_solution(const char *puzzle, const char *solution)
{
    if (!solution || strlen(solution) != 81) return "solution is not 81 characters";
    for (int i = 0; i < 81; i++) {
        if (solution[i] < '1' || solution[i] > '9') return "solution has a non-digit";
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != solution[i])
            return "solution changes a given";
    }
    return units_ok(solution, false);
}

const char *check_puzzle(const char *puzzle)
{
    if (!puzzle || strlen(puzzle) != 81) return "puzzle is not 81 characters";
    for (int i = 0; i < 81; i++)
        if (puzzle[i] != '.' && (puzzle[i] < '0' || puzzle[i] > '9'))
            return "puzzle has a character that is neither a digit nor a blank";
    return units_ok(puzzle, true);
}

bool cells_to_text(const unsigned char cells[81], char out[82])
{
    for (int i = 0; i < 81; i++) {
        if (cells[i] > 9) return false;
        out[i] = cells[i] ? (char)('0' + cells[i]) : '.';
    }
    out[81] = '\0';
    return true;
}

bool grid_text_to_line(const char *text, char out[82])
{
    int n = 0;
    for (const char *p = text; *p; p++) {
        if (*p >= '1' && *p <= '9') {
            if (n == 81) return false;
            out[n++] = *p;
        } else if (*p != ' ' && *p != '|' && *p != '-' && *p != '+' && *p != '\n') {
            return false;
        }
    }
    out[n] = '\0';
    return n == 81;
}
