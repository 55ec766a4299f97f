/*
 * budget.c: how well the logic engine's --budget tracks time: for every
 * puzzle of a few kinds of input, the whole path as `sudoku rate` takes it
 * (--anyway for a puzzle without exactly one solution), its work in budget
 * units and its CPU time; then, per kind, the time a unit takes (least,
 * median, most, and most over least: the spread) and the slowest record.
 * A budget that tracks time has a small spread across every kind; the
 * default budget divided by the slowest kind's units per second is the
 * longest a record can take.
 *
 *     sudoku-budget [--cap UNITS] [--sample N] [--markdown] [--each] FILE...
 *
 * Each FILE is a kind of its own (every Nth puzzle with --sample N); then
 * three kinds are made from the first FILE's puzzles: few clues (each cut
 * to its first 8, 12, 16 or 20 clues in reading order: mostly several
 * solutions), no solution (a digit put in a blank cell where it clashes
 * with no given, where the puzzle then has no solution), and the empty
 * grid. --cap (default 200M) bounds each path: a record that reaches it is
 * counted, and its rate still tells.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define MAX_KINDS 16
#define MAX_STEPS 2000

typedef struct kind {
    char name[64];
    sudoku_grid *puzzles;
    size_t count, capacity;
} kind;

/* One path's measure. */
typedef struct measure {
    double seconds;
    unsigned long long units;
    bool capped;
} measure;

static _Noreturn void fail(const char *message, const char *what)
{
    fprintf(stderr, "sudoku-budget: %s%s\n", message, what ? what : "");
    exit(2);
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void add(kind *k, const sudoku_grid *grid)
{
    if (k->count == k->capacity) {
        k->capacity = k->capacity ? 2 * k->capacity : 256;
        k->puzzles = realloc(k->puzzles, k->capacity * sizeof *k->puzzles);
        if (!k->puzzles) fail("out of memory", NULL);
    }
    k->puzzles[k->count++] = *grid;
}

static void read_kind(kind *k, const char *path, unsigned long sample)
{
    FILE *f = fopen(path, "r");
    if (!f) fail("cannot read ", path);
    const char *base = strrchr(path, '/');
    snprintf(k->name, sizeof k->name, "%s", base ? base + 1 : path);
    sudoku_reader reader;
    sudoku_reader_init(&reader);
    sudoku_record out[2];
    char line[SUDOKU_LINE_MAX + 2];
    unsigned long seen = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\n");
        int made = sudoku_reader_line(&reader, line, n, out);
        for (int i = 0; i < made; i++)
            if (out[i].ok && seen++ % sample == 0) add(k, &out[i].grid);
    }
    if (sudoku_reader_finish(&reader, &out[0]) && out[0].ok) add(k, &out[0].grid);
    fclose(f);
}

/* The kinds made from valid puzzles: few clues, no solution, empty. */
static void make_kinds(const kind *from, kind *few, kind *none, kind *empty)
{
    snprintf(few->name, sizeof few->name, "few clues (8-20, from the first)");
    snprintf(none->name, sizeof none->name, "no solution (a clue added)");
    snprintf(empty->name, sizeof empty->name, "empty grid");
    for (size_t i = 0; i < from->count; i++) {
        const sudoku_grid *p = &from->puzzles[i];
        sudoku_grid cut = {{0}};
        int keep = 8 + 4 * (int)(i % 4), kept = 0;
        for (int cell = 0; cell < SUDOKU_CELLS && kept < keep; cell++)
            if (p->cell[cell]) cut.cell[cell] = p->cell[cell], kept++;
        add(few, &cut);
        sudoku_result result;
        if (sudoku_solve(p, 1, &result) != 1) continue;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            if (p->cell[cell]) continue;
            sudoku_grid wrong = *p;
            wrong.cell[cell] = (uint8_t)(result.solution.cell[cell] % 9 + 1);
            sudoku_error err;
            sudoku_result r;
            if (!sudoku_check_givens(&wrong, &err)) continue;
            if (sudoku_solve_within(&wrong, 1, 10000000ul, &r) != 0 || r.over_budget) continue;
            add(none, &wrong);
            break;
        }
    }
    sudoku_grid blank = {{0}};
    add(empty, &blank);
}

/* The path rate takes, as far as cap allows. */
static measure path(const sudoku_grid *puzzle, unsigned long long cap)
{
    measure m = {0};
    sudoku_result result;
    unsigned long found = sudoku_solve_within(puzzle, 2, 10000000ul, &result);
    unsigned flags = found == 1 ? 0 : SUDOKU_LOGIC_NO_UNIQUENESS;
    sudoku_logic state;
    if (!sudoku_logic_from_grid(&state, puzzle)) return m;
    sudoku_logic_memo *memo = sudoku_logic_memo_new();
    unsigned long long left = cap;
    sudoku_step step;
    double start = cpu_now();
    for (int steps = 0; steps < MAX_STEPS && !sudoku_logic_solved(&state); steps++) {
        if (!sudoku_logic_next_memo(&state, flags, &left, memo, &step)) break;
        sudoku_logic_apply(&state, &step);
    }
    m.seconds = cpu_now() - start;
    sudoku_logic_memo_free(memo);
    m.units = cap - left;
    m.capped = left == 0;
    return m;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --each: a line per puzzle too (its cells, seconds, units, ns a unit). */
static bool each;

static void show_each(const sudoku_grid *grid, const measure *m)
{
    for (int c = 0; c < SUDOKU_CELLS; c++) putchar(grid->cell[c] ? '0' + grid->cell[c] : '.');
    printf(" %.4f s %llu units %.1f ns/unit\n", m->seconds, m->units,
           m->units ? m->seconds * 1e9 / (double)m->units : 0.0);
}

static void report(const kind *k, unsigned long long cap, bool markdown)
{
    double *ns = malloc((k->count + 1) * sizeof *ns);
    if (!ns) fail("out of memory", NULL);
    size_t timed = 0, capped = 0;
    double slowest = 0;
    unsigned long long most = 0;
    for (size_t i = 0; i < k->count; i++) {
        measure m = path(&k->puzzles[i], cap);
        if (m.seconds > slowest) slowest = m.seconds;
        if (m.units > most) most = m.units;
        capped += m.capped;
        if (each) show_each(&k->puzzles[i], &m);
        /* Too little work to time reliably: a path of singles. */
        if (m.units >= 100000) ns[timed++] = m.seconds * 1e9 / (double)m.units;
    }
    qsort(ns, timed, sizeof *ns, by_value);
    double lo = timed ? ns[0] : 0, mid = timed ? ns[timed / 2] : 0, hi = timed ? ns[timed - 1] : 0;
    if (markdown)
        printf("| %s | %zu | %zu | %.1f | %.1f | %.1f | %.1f | %.3f | %llu | %zu |\n", k->name,
               k->count, timed, lo, mid, hi, timed ? hi / lo : 0.0, slowest, most, capped);
    else
        printf("%-34s %6zu %6zu %8.1f %8.1f %8.1f %7.1f %9.3f %12llu %6zu\n", k->name, k->count,
               timed, lo, mid, hi, timed ? hi / lo : 0.0, slowest, most, capped);
    free(ns);
}

int main(int argc, char **argv)
{
    unsigned long long cap = 200000000ull;
    unsigned long sample = 1;
    bool markdown = false;
    static kind kinds[MAX_KINDS];
#ifdef __GLIBC__
    /* As the command does (src/cli/main.c): else glibc gives the chain
     * searches' megabytes back at each step and faults them in again, which
     * took up to three quarters of a path's time on boards of many
     * candidates (page faults, not work the budget could count). */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
    int nkinds = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cap") == 0 && i + 1 < argc) {
            cap = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--sample") == 0 && i + 1 < argc) {
            sample = strtoul(argv[++i], NULL, 10);
            if (sample == 0) sample = 1;
        } else if (strcmp(argv[i], "--each") == 0) {
            each = true;
        } else if (strcmp(argv[i], "--markdown") == 0) {
            markdown = true;
        } else if (nkinds < MAX_KINDS - 3) {
            read_kind(&kinds[nkinds++], argv[i], sample);
        }
    }
    if (nkinds == 0 || cap == 0)
        fail("usage: sudoku-budget [--cap UNITS] [--sample N] [--markdown] [--each] FILE...", NULL);
    make_kinds(&kinds[0], &kinds[nkinds], &kinds[nkinds + 1], &kinds[nkinds + 2]);
    nkinds += 3;
    printf(markdown ? "| input | records | timed | ns/unit least | median | most | most/least | "
                      "slowest s | most units | at cap |\n|---|---:|---:|---:|---:|---:|---:|---:|"
                      "---:|---:|\n"
                    : "%-34s %6s %6s %8s %8s %8s %7s %9s %12s %6s\n",
           "input", "recs", "timed", "ns/u lo", "median", "hi", "hi/lo", "slowest s", "most units",
           "capped");
    for (int k = 0; k < nkinds; k++) {
        report(&kinds[k], cap, markdown);
        fflush(stdout);
        free(kinds[k].puzzles);
    }
    return 0;
}
