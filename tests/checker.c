/*
 * checker.c: the tests' independent solution check (see checker.h).
 */
#include "checker.h"

#include <string.h>

static bool unit_complete(const char *s, int first, int step_in, int step_out, int inner)
{
    bool seen[10] = {false};
    for (int i = 0; i < 9; i++) {
        int index = first + (i % inner) * step_in + (i / inner) * step_out;
        int digit = s[index] - '0';
        if (digit < 1 || digit > 9 || seen[digit]) return false;
        seen[digit] = true;
    }
    return true;
}

const char *check_solution(const char *puzzle, const char *solution)
{
    if (!solution || strlen(solution) != 81) return "solution is not 81 characters";
    for (int i = 0; i < 81; i++) {
        if (solution[i] < '1' || solution[i] > '9') return "solution has a non-digit";
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != solution[i])
            return "solution changes a given";
    }
    for (int k = 0; k < 9; k++) {
        if (!unit_complete(solution, 9 * k, 1, 0, 9)) return "a row repeats a digit";
        if (!unit_complete(solution, k, 9, 0, 9)) return "a column repeats a digit";
        if (!unit_complete(solution, 27 * (k / 3) + 3 * (k % 3), 1, 9, 3))
            return "a box repeats a digit";
    }
    return NULL;
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
