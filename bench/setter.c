/*
 * setter.c: the targets of issue 28 in make bench, each measured on the
 * `sudoku` command as a user runs it, by the CPU time the kernel charges
 * its process (user and system, from wait4), so that a loaded machine
 * does not inflate them; the command runs on one thread throughout.
 *
 * - Patterns: `generate --pattern MASK` for the clue pattern of each
 *   puzzle of top1465, each stopped after 1 s of CPU (RLIMIT_CPU): how
 *   many give a puzzle within that, and the median time, overall and by
 *   clue count. Each puzzle made is checked to lie on its pattern.
 * - Techniques: `generate --technique NAME` for each technique of Sudoku
 *   Explainer's classic set up to aligned triplet exclusion, stopped after
 *   10 s: the time to the first puzzle, and whether explain's hardest
 *   step of it is NAME.
 * - Few clues: `generate --clues 20 N` and `--clues 19 N` in puzzles per
 *   second; `--clues 18` from seed 1, stopped after 600 s.
 * - Vicinity: `vicinity --remove 1 --add 1` over all of top1465: the
 *   time in all and the candidate puzzles checked per second (--stats).
 *
 *     sudoku-setter-bench [--markdown] [--quick] SUDOKU TOP1465
 *
 * --quick takes every 20th pattern and fewer few-clue puzzles (a check
 * that the bench runs, not a measurement).
 */
#define _DEFAULT_SOURCE /* wait4 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

/* What one run of the command gave. */
typedef struct outcome {
    int status;     /* exit status, or 128 + the signal that ended it */
    double cpu;     /* seconds of CPU, user and system */
    char out[8192]; /* the start of its standard output */
    char err[8192]; /* the start of its standard error */
} outcome;

static bool markdown;

/* Reads what fd holds into buf (up to size - 1 bytes, the rest read and
 * dropped), NUL-terminated. */
static void drain(int fd, char *buf, size_t size)
{
    size_t n = 0;
    char spill[4096];
    for (;;) {
        ssize_t got =
            n + 1 < size ? read(fd, buf + n, size - 1 - n) : read(fd, spill, sizeof spill);
        if (got <= 0) break;
        if (n + 1 < size) n += (size_t)got;
    }
    buf[n] = '\0';
}

/* Runs argv with at most cpu_limit seconds of CPU; its output into o. */
static void run(char *const argv[], int cpu_limit, outcome *o)
{
    int out[2], err[2];
    if (pipe(out) != 0 || pipe(err) != 0) {
        perror("setter-bench: pipe");
        exit(2);
    }
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit limit = {(rlim_t)cpu_limit, (rlim_t)cpu_limit + 1};
        setrlimit(RLIMIT_CPU, &limit);
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    /* The command's output is small but for the vicinity's: read stdout
     * first, then stderr (its one --stats line fits a pipe). */
    drain(out[0], o->out, sizeof o->out);
    drain(err[0], o->err, sizeof o->err);
    close(out[0]);
    close(err[0]);
    int status;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    o->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    o->cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
             (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The median of v[0..n) in seconds as text, "-" when there is none. */
static const char *median_text(char text[16], double *v, int n)
{
    if (n == 0) return "-";
    snprintf(text, 16, "%.3f", median(v, n));
    return text;
}

static void row(const char *fmt_text, const char *fmt_md, ...)
{
    va_list ap;
    va_start(ap, fmt_md);
    vprintf(markdown ? fmt_md : fmt_text, ap);
    va_end(ap);
}

/* ---- patterns ---- */

#define MAX_MASKS 2000

static void patterns(const char *sudoku, const char *top1465, int every)
{
    FILE *f = fopen(top1465, "r");
    if (!f) {
        printf("setter-bench: no %s: patterns left out\n", top1465);
        return;
    }
    static double times[MAX_MASKS], by_clues[82][MAX_MASKS];
    int tried = 0, found = 0, per_clues[82] = {0}, found_clues[82] = {0}, wrong = 0;
    char line[256];
    for (int k = 0; fgets(line, sizeof line, f) && tried < MAX_MASKS;) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (k++ % every) continue;
        char mask[82];
        int clues = 0;
        for (int i = 0; i < 81; i++) {
            bool clue = line[i] >= '1' && line[i] <= '9';
            mask[i] = clue ? 'x' : '.';
            clues += clue;
        }
        mask[81] = '\0';
        char *argv[] = {(char *)sudoku, "generate", "--seed=1", "--pattern", mask, NULL};
        outcome o;
        run(argv, 1, &o);
        tried++;
        per_clues[clues]++;
        bool ok = o.status == 0 && o.cpu <= 1.0 && strlen(o.out) >= 81;
        for (int i = 0; ok && i < 81; i++)
            if ((o.out[i] != '.') != (mask[i] == 'x')) {
                ok = false;
                wrong++;
            }
        if (!ok) continue;
        times[found++] = o.cpu;
        by_clues[clues][found_clues[clues]++] = o.cpu;
    }
    fclose(f);
    printf("\n");
    row("generate --pattern: the clue patterns of top1465, 1 s of CPU each (seed 1)\n",
        "generate --pattern: the clue patterns of top1465, 1 s of CPU each (seed 1)\n\n"
        "| clues | patterns | within 1 s | share | median s |\n|---:|---:|---:|---:|---:|\n");
    if (!markdown)
        printf("%-8s %9s %11s %7s %9s\n", "clues", "patterns", "within 1 s", "share", "median s");
    char text[16];
    for (int c = 0; c <= 81; c++) {
        if (!per_clues[c]) continue;
        row("%-8d %9d %11d %6.1f%% %9s\n", "| %d | %d | %d | %.1f%% | %s |\n", c, per_clues[c],
            found_clues[c], 100.0 * found_clues[c] / per_clues[c],
            median_text(text, by_clues[c], found_clues[c]));
    }
    row("%-8s %9d %11d %6.1f%% %9s\n", "| %s | %d | %d | %.1f%% | %s |\n", "all", tried, found,
        tried ? 100.0 * found / tried : 0, median_text(text, times, found));
    if (wrong) printf("setter-bench: %d puzzles NOT on their pattern\n", wrong);
}

/* ---- techniques ---- */

/* The last line of explain's text says "(hardest: NAME)". */
static bool hardest_is(const char *sudoku, const char *puzzle, const char *name)
{
    char copy[82];
    memcpy(copy, puzzle, 81);
    copy[81] = '\0';
    char *argv[] = {(char *)sudoku, "explain", copy, NULL};
    static outcome o;
    run(argv, 600, &o);
    char want[128];
    snprintf(want, sizeof want, "(hardest: %s)", name);
    return strstr(o.out, want) != NULL;
}

static void techniques(const char *sudoku)
{
    static const char *const names[] = {"Hidden single",
                                        "Direct pointing",
                                        "Direct claiming",
                                        "Direct hidden pair",
                                        "Naked single",
                                        "Direct hidden triplet",
                                        "Pointing",
                                        "Claiming",
                                        "Naked pair",
                                        "X-wing",
                                        "Hidden pair",
                                        "Naked triplet",
                                        "Swordfish",
                                        "Hidden triplet",
                                        "XY-wing",
                                        "XYZ-wing",
                                        "Unique rectangle",
                                        "Unique loop",
                                        "Naked quad",
                                        "Jellyfish",
                                        "Hidden quad",
                                        "Bivalue universal grave",
                                        "Aligned pair exclusion",
                                        "Forcing chains and cycles",
                                        "Aligned triplet exclusion"};
    printf("\n");
    row("generate --technique NAME: the first puzzle (seed 1), 10 s of CPU at most\n%-28s %8s %s\n",
        "generate --technique NAME: the first puzzle (seed 1), 10 s of CPU at most\n\n"
        "| technique | s | found, its hardest step by explain |\n|---|---:|---|\n",
        "technique", "s", "found, its hardest step by explain");
    int within = 0, n = (int)(sizeof names / sizeof names[0]);
    for (int t = 0; t < n; t++) {
        char option[128];
        snprintf(option, sizeof option, "--technique=%s", names[t]);
        char *argv[] = {(char *)sudoku, "generate", "--seed=1", option, NULL};
        outcome o;
        run(argv, 10, &o);
        const char *verdict = "not within 10 s";
        if (o.status == 1 && strstr(o.err, "no puzzle's path takes"))
            verdict = "refused: never a path's step (docs/generate.md)";
        else if (o.status == 0 && o.cpu <= 10.0) {
            verdict = hardest_is(sudoku, o.out, names[t]) ? "yes" : "FOUND, BUT NOT ITS HARDEST";
            within += verdict[0] == 'y';
        }
        row("%-28s %8.2f %s\n", "| %s | %.2f | %s |\n", names[t], o.cpu, verdict);
    }
    printf("%s%d of %d techniques within 10 s\n", markdown ? "\n" : "", within, n);
}

/* ---- few clues ---- */

static void few_clues(const char *sudoku, bool quick)
{
    printf("\n");
    row("generate --clues N, seed 1, one thread\n%-24s %8s %10s %12s\n",
        "generate --clues N, seed 1, one thread\n\n| clues | puzzles | CPU s | puzzles/s |\n"
        "|---:|---:|---:|---:|\n",
        "clues", "puzzles", "CPU s", "puzzles/s");
    static const struct {
        const char *clues, *count;
        int limit;
    } runs[] = {{"20", "50", 600}, {"19", "10", 600}, {"18", "1", 600}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        const char *count = quick && i < 2 ? "3" : runs[i].count;
        char *argv[] = {(char *)sudoku,        "generate",    "--seed=1", "--clues",
                        (char *)runs[i].clues, (char *)count, NULL};
        outcome o;
        run(argv, runs[i].limit, &o);
        int made = 0;
        for (const char *p = o.out; (p = strchr(p, '\n')); p++) made++;
        row("%-24s %8d %10.2f %12.2f%s\n", "| %s | %d | %.2f | %.2f%s |\n", runs[i].clues, made,
            o.cpu, o.cpu > 0 ? made / o.cpu : 0.0, o.status ? " (stopped)" : "");
    }
}

/* ---- vicinity ---- */

static void vicinity(const char *sudoku, const char *top1465)
{
    char *argv[] = {(char *)sudoku, "vicinity",      "--remove=1", "--add=1",
                    "--stats",      (char *)top1465, NULL};
    outcome o;
    run(argv, 600, &o);
    const char *at = strstr(o.err, "puzzles written; ");
    unsigned long long candidates = 0;
    if (at) sscanf(at, "puzzles written; %llu", &candidates);
    printf("\n");
    row("vicinity --remove 1 --add 1 over top1465: %.2f s of CPU, %llu candidates, %.0f "
        "candidates/s (exit %d)\n",
        "vicinity --remove 1 --add 1 over top1465: %.2f s of CPU, %llu candidates, %.0f "
        "candidates/s (exit %d)\n",
        o.cpu, candidates, o.cpu > 0 ? (double)candidates / o.cpu : 0.0, o.status);
}

int main(int argc, char **argv)
{
    bool quick = false;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--markdown") == 0)
            markdown = true;
        else if (strcmp(argv[i], "--quick") == 0)
            quick = true;
        else
            break;
    }
    if (argc - i != 2) {
        fprintf(stderr, "usage: sudoku-setter-bench [--markdown] [--quick] SUDOKU TOP1465\n");
        return 2;
    }
    const char *sudoku = argv[i], *top1465 = argv[i + 1];
    setvbuf(stdout, NULL, _IOLBF, 0); /* each table row as it comes, in a log too */
    vicinity(sudoku, top1465);
    few_clues(sudoku, quick);
    techniques(sudoku);
    patterns(sudoku, top1465, quick ? 20 : 1);
    return 0;
}
