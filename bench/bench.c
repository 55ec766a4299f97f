/*
 * bench.c: in-process speed of the library on puzzle files: each puzzle is
 * parsed up front, then solved and checked for uniqueness (limit 2), as in
 * the reference figures of ../shared/docs/PERFORMANCE.md. Prints, per file,
 * the median over runs of puzzles per second and the average guesses.
 *
 *     bench [-r RUNS] FILE...
 */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Reads every record of path; returns how many, in a malloc'd array. */
static size_t load(const char *path, sudoku_grid **out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t n = 0, cap = 1024;
    sudoku_grid *grids = malloc(cap * sizeof *grids);
    sudoku_reader reader;
    sudoku_record rec[2];
    char line[4096];
    sudoku_reader_init(&reader);
    while (fgets(line, sizeof line, f)) {
        int k = sudoku_reader_line(&reader, line, strcspn(line, "\n"), rec);
        for (int i = 0; i < k; i++) {
            if (!rec[i].ok) continue;
            if (n == cap) grids = realloc(grids, (cap *= 2) * sizeof *grids);
            grids[n++] = rec[i].grid;
        }
    }
    fclose(f);
    *out = grids;
    return n;
}

int main(int argc, char **argv)
{
    int runs = 3, first = 1;
    if (argc > 2 && strcmp(argv[1], "-r") == 0) {
        runs = atoi(argv[2]);
        first = 3;
    }
    if (runs < 1 || runs > 99 || first >= argc) {
        fputs("usage: bench [-r RUNS] FILE...\n", stderr);
        return 2;
    }
    printf("%-28s %8s %12s %10s %8s\n", "file", "puzzles", "puzzles/s", "us/puzzle", "guesses");
    for (int a = first; a < argc; a++) {
        sudoku_grid *grids;
        size_t n = load(argv[a], &grids);
        double rates[99];
        unsigned long guesses = 0, bad = 0;
        for (int r = 0; r < runs; r++) {
            double t0 = now();
            guesses = 0;
            for (size_t i = 0; i < n; i++) {
                sudoku_result res;
                bad += sudoku_solve(&grids[i], 2, &res) != 1;
                guesses += res.guesses;
            }
            rates[r] = (double)n / (now() - t0);
        }
        qsort(rates, (size_t)runs, sizeof *rates, compare_doubles);
        double median = rates[runs / 2];
        const char *name = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
        printf("%-28s %8zu %12.0f %10.2f %8.1f%s\n", name, n, median, 1e6 / median,
               (double)guesses / (double)n, bad ? "  (some not unique!)" : "");
        free(grids);
    }
    return 0;
}
