/*
 * test_datasets.c: solves every puzzle of every file in ../shared/puzzles
 * (the path comes from $SHARED_PUZZLES) and checks each solution with the
 * independent checker and for uniqueness; skipped, with a message, where the
 * datasets are absent, as in a user's clone. Also solves puzzles/seeds.txt,
 * the puzzles printed in the project's seed documents.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "sudoku.h"

typedef struct tally {
    long puzzles, failures;
} tally;

/* Solves one 81-character puzzle; returns false (after printing why) if it
 * does not have exactly one solution that the checker accepts. */
static bool solve_and_check(const char *puzzle, const char *where, long line)
{
    sudoku_grid grid;
    sudoku_error err;
    sudoku_result result;
    char solution[SUDOKU_CELLS + 1];
    if (!sudoku_parse(puzzle, SUDOKU_CELLS, &grid, &err)) {
        print_error("%s:%ld: does not parse: %s\n", where, line, err.message);
        return false;
    }
    unsigned long n = sudoku_solve(&grid, 2, &result);
    if (n != 1) {
        print_error("%s:%ld: %lu solutions, expected exactly 1\n", where, line, n);
        return false;
    }
    sudoku_format_line(&result.solution, solution, sizeof solution);
    const char *why = check_solution(puzzle, solution);
    if (why) print_error("%s:%ld: %s\n", where, line, why);
    return why == NULL;
}

/* One puzzle per line; '#' comments and blank lines are skipped. */
static tally solve_file(const char *path)
{
    tally t = {0, 0};
    char line[512];
    long number = 0;
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        assert_true(strlen(line) >= SUDOKU_CELLS);
        line[SUDOKU_CELLS] = '\0';
        t.puzzles++;
        if (!solve_and_check(line, path, number)) t.failures++;
    }
    fclose(f);
    return t;
}

static bool is_puzzle_file(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".txt") == 0;
}

static void every_shared_puzzle_has_one_checked_solution(void **state)
{
    (void)state;
    const char *dir = getenv("SHARED_PUZZLES");
    if (!dir) dir = "../shared/puzzles";
    DIR *d = opendir(dir);
    if (!d) {
        print_message("skipped: %s is absent (a clone without ../shared has no datasets)\n", dir);
        skip();
    }
    long files = 0, puzzles = 0, failures = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_puzzle_file(e->d_name)) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        tally t = solve_file(path);
        print_message("%-28s %6ld puzzles, %ld failures\n", e->d_name, t.puzzles, t.failures);
        files++;
        puzzles += t.puzzles;
        failures += t.failures;
    }
    closedir(d);
    assert_true(files > 0);
    assert_true(puzzles > 0);
    assert_int_equal(failures, 0);
}

/* The seed puzzles, read through the stream reader as the command does. */
static void the_seed_puzzles_are_solved(void **state)
{
    (void)state;
    FILE *f = fopen("puzzles/seeds.txt", "r");
    assert_non_null(f);
    sudoku_reader reader;
    sudoku_record records[2];
    char line[512];
    int count = 0;
    sudoku_reader_init(&reader);
    while (fgets(line, sizeof line, f)) {
        int n = sudoku_reader_line(&reader, line, strcspn(line, "\n"), records);
        for (int i = 0; i < n; i++, count++) {
            char puzzle[SUDOKU_CELLS + 1];
            assert_true(records[i].ok);
            sudoku_format_line(&records[i].grid, puzzle, sizeof puzzle);
            assert_true(solve_and_check(puzzle, "puzzles/seeds.txt", records[i].line));
        }
    }
    fclose(f);
    assert_int_equal(sudoku_reader_finish(&reader, records), 0);
    assert_int_equal(count, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_seed_puzzles_are_solved),
        cmocka_unit_test(every_shared_puzzle_has_one_checked_solution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
