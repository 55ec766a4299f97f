/*
 * test_crosscheck.c: cross-checks the library and the `sudoku` command
 * against a deliberately simple solver written here, on thousands of puzzles
 * generated from a fixed seed: symmetric images of the dataset puzzles,
 * solved grids with clues removed, puzzles with a clashing or a wrong extra
 * clue, and puzzles with a few clues removed. Each must get the same count of
 * solutions (up to LIMIT) from all three, and the same verdict on clashing
 * givens.
 *
 * The reference solver shares no code or table with the library, so a bug in
 * the library cannot hide behind itself. CROSSCHECK_SEED and CROSSCHECK_CASES
 * explore further; a failure names the case, its kind and its puzzle.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku SHARED_PUZZLES=../shared/puzzles build/tests/test_crosscheck
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"
#include "reference.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Counting stops here: 3 tells one solution, two, and "at least 3" apart. */
#define LIMIT 3

#define DEFAULT_SEED 0x5d0c0ffee2024ULL
#define DEFAULT_CASES 10000

/* Puzzles kept from each dataset file, sampled with the seed: enough variety,
 * and the hardest file cannot crowd out the others. */
#define PER_SOURCE 300


/* ---- a small random number generator (splitmix64), ours alone ---- */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t next_random(rng *g)
{
    uint64_t z = (g->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* 0..n-1; the modulo bias is far below anything these tests could notice. */
static int random_below(rng *g, int n)
{
    return (int)(next_random(g) % (uint64_t)n);
}

static void shuffle(rng *g, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = random_below(g, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* ---- symmetries: each maps a puzzle to one with as many solutions ---- */

typedef struct symmetry {
    int row[9], column[9]; /* where row r of the image comes from, and column c */
    bool transpose;
    char digit[10]; /* the image of each digit */
} symmetry;

/* Lines of a band stay in that band: the bands are permuted, and the three
 * lines within each band. */
static void random_line_order(rng *g, int line[9])
{
    int band[3] = {0, 1, 2};
    shuffle(g, band, 3);
    for (int b = 0; b < 3; b++) {
        int within[3] = {0, 1, 2};
        shuffle(g, within, 3);
        for (int i = 0; i < 3; i++) line[3 * b + i] = 3 * band[b] + within[i];
    }
}

static void random_symmetry(rng *g, symmetry *s)
{
    random_line_order(g, s->row);
    random_line_order(g, s->column);
    s->transpose = random_below(g, 2);
    int renamed[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    shuffle(g, renamed, 9);
    s->digit[0] = '.';
    for (int d = 1; d <= 9; d++) s->digit[d] = (char)('0' + renamed[d - 1]);
}

static void apply_symmetry(const symmetry *s, const char *in, char *out)
{
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            int from_row = s->row[r], from_column = s->column[c];
            int from = s->transpose ? 9 * from_column + from_row : 9 * from_row + from_column;
            out[9 * r + c] = s->digit[in[from] == '.' ? 0 : in[from] - '0'];
        }
    }
    out[SUDOKU_CELLS] = '\0';
}

/* ---- the dataset puzzles the cases start from ---- */

enum base_state { UNSOLVED, SOLVED, UNUSABLE };

typedef struct base {
    char puzzle[SUDOKU_CELLS + 1];
    char solution[SUDOKU_CELLS + 1]; /* when SOLVED */
    enum base_state state;
} base;

typedef struct source {
    char name[64];
    size_t first, count; /* its puzzles in the pool */
} source;

#define MAX_SOURCES 32

static base *pool;
static size_t pool_size, pool_capacity;
static source sources[MAX_SOURCES];
static size_t n_sources;

static base *new_base(void)
{
    if (pool_size == pool_capacity) {
        pool_capacity = pool_capacity ? 2 * pool_capacity : 1024;
        base *bigger = realloc(pool, pool_capacity * sizeof *pool);
        if (!bigger) fail_msg("out of memory");
        pool = bigger;
    }
    base *b = &pool[pool_size++];
    b->state = UNSOLVED;
    return b;
}

/* Keeps the 81 cells of text ('1'-'9' givens, anything else blank). */
static void set_puzzle(base *b, const char *text)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        b->puzzle[cell] = text[cell] >= '1' && text[cell] <= '9' ? text[cell] : '.';
    b->puzzle[SUDOKU_CELLS] = '\0';
}

static source *new_source(const char *name)
{
    if (n_sources == MAX_SOURCES) fail_msg("too many puzzle files");
    source *s = &sources[n_sources++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->first = pool_size;
    s->count = 0;
    return s;
}

/* puzzles/seeds.txt keeps each puzzle in the layout it was printed in. The
 * records are separated by blank lines; a record's cells are its digits and
 * dots, whatever surrounds them, comment lines aside. */
static void read_seeds(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_msg("cannot open %s: %s", path, strerror(errno));
        return; /* not reached: for analyzers that do not know fail_msg */
    }
    source *s = new_source("puzzles/seeds.txt");
    char line[512], cells[SUDOKU_CELLS + 1];
    int n = 0;
    bool more = true;
    while (more) {
        more = fgets(line, sizeof line, f) != NULL;
        if (more && line[0] == '#') continue;
        bool blank = !more || line[strspn(line, " \t\r\n")] == '\0';
        if (blank) {
            if (n == SUDOKU_CELLS) {
                set_puzzle(new_base(), cells);
                s->count++;
            } else if (n != 0) {
                fail_msg("%s: a record with %d cells", path, n);
            }
            n = 0;
            continue;
        }
        for (const char *p = line; *p; p++)
            if ((*p >= '0' && *p <= '9') || *p == '.') {
                if (n == SUDOKU_CELLS) fail_msg("%s: a record with more than 81 cells", path);
                cells[n++] = *p;
            }
    }
    fclose(f);
    if (s->count != 6) fail_msg("%s: %zu puzzles, expected 6", path, s->count);
}

/* A dataset file has one puzzle per line, '#' comments aside. Keeps a
 * uniform sample of PER_SOURCE of them (reservoir sampling). */
static void read_dataset(rng *g, const char *dir, const char *name)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fail_msg("cannot open %s: %s", path, strerror(errno));
        return; /* not reached: for analyzers that do not know fail_msg */
    }
    source *s = new_source(name);
    long seen = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strcspn(line, "\r\n") < SUDOKU_CELLS) continue;
        long slot = seen++;
        if (slot >= PER_SOURCE) {
            slot = random_below(g, (int)seen);
            if (slot >= PER_SOURCE) continue;
            set_puzzle(&pool[s->first + (size_t)slot], line);
        } else {
            set_puzzle(new_base(), line);
            s->count++;
        }
    }
    fclose(f);
    if (s->count == 0) fail_msg("%s: no puzzles", path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.txt of dir, in name order so that a seed gives the same cases on
 * every file system. Returns false if dir cannot be read. */
static bool read_datasets(rng *g, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return false;
    char *names[MAX_SOURCES] = {NULL};
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len <= 4 || strcmp(e->d_name + len - 4, ".txt") != 0) continue;
        if (n == MAX_SOURCES - 1) fail_msg("%s: too many puzzle files", dir);
        names[n] = strdup(e->d_name);
        if (!names[n++]) fail_msg("out of memory");
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        read_dataset(g, dir, names[i]);
        free(names[i]);
    }
    return true;
}

/* A puzzle of a source chosen uniformly (so that every file weighs the
 * same), solved by the reference on first use; NULL if it has no solution
 * the reference could find. */
static const base *pick_base(rng *g)
{
    const source *s = &sources[random_below(g, (int)n_sources)];
    base *b = &pool[s->first + (size_t)random_below(g, (int)s->count)];
    if (b->state == UNSOLVED) {
        reference_answer a = reference_solve(b->puzzle, 1);
        b->state = a.solutions == 1 && !a.over_budget ? SOLVED : UNUSABLE;
        memcpy(b->solution, a.solution, sizeof b->solution);
    }
    return b->state == SOLVED ? b : NULL;
}

/* ---- the generated cases ---- */

typedef enum case_kind {
    SYMMETRIC_IMAGE,  /* a dataset puzzle under a random symmetry */
    SOLUTION_MINUS_K, /* its solution with k clues removed, k from 1 to 64 */
    CLASHING_CLUE,    /* plus a clue a peer already holds */
    WRONG_CLUE,       /* plus a clue no peer holds, not the solution's digit */
    FEWER_CLUES,      /* minus 1 to 4 of its clues */
    KINDS
} case_kind;

static const char *const kind_names[KINDS] = {
    "symmetric image", "solution minus k", "clashing clue", "wrong clue", "fewer clues",
};

typedef struct xcase {
    case_kind kind;
    char puzzle[SUDOKU_CELLS + 1];
    reference_answer ref;
} xcase;

/* The outcomes tallied: what the reference says of a case. */
enum outcome { INVALID, NONE, ONE, TWO, AT_LEAST_LIMIT, OUTCOMES };

static const char *const outcome_names[OUTCOMES] = {"invalid", "0", "1", "2", "at least 3"};

static enum outcome outcome_of(const reference_answer *a)
{
    if (a->clash) return INVALID;
    return a->solutions >= LIMIT ? AT_LEAST_LIMIT : (enum outcome)(NONE + a->solutions);
}

static uint64_t seed;
static size_t n_cases;
static xcase *cases;
static long skipped[KINDS];

/* Blanks k givens of puzzle chosen at random (all of them if it has fewer). */
static void remove_clues(rng *g, char *puzzle, int k)
{
    int given[SUDOKU_CELLS], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (puzzle[cell] != '.') given[n++] = cell;
    for (int i = 0; i < k && i < n; i++) {
        int j = i + random_below(g, n - i), t = given[i];
        given[i] = given[j];
        given[j] = t;
        puzzle[given[i]] = '.';
    }
}

/* Gives an empty cell of puzzle one more digit: one a peer already holds if
 * clashing, otherwise one no peer holds that differs from solution's there.
 * Returns false if puzzle has no such cell. */
static bool add_clue(rng *g, char *puzzle, const char *solution, bool clashing)
{
    reference r;
    reference_answer unused;
    if (!reference_load(&r, puzzle, &unused)) fail_msg("a dataset puzzle clashes: %s", puzzle);
    int option[SUDOKU_CELLS * 9], n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (puzzle[cell] != '.') continue;
        unsigned held = reference_held(&r, cell);
        for (int digit = 1; digit <= 9; digit++) {
            bool clashes = held & (1u << digit), right = solution[cell] == '0' + digit;
            if (clashing ? clashes : !clashes && !right) option[n++] = 10 * cell + digit;
        }
    }
    if (n == 0) return false;
    int chosen = option[random_below(g, n)];
    puzzle[chosen / 10] = (char)('0' + chosen % 10);
    return true;
}

/* Makes a case of the given kind from a random base puzzle; false if the
 * puzzle picked does not lend itself to that kind. */
static bool make_case(rng *g, case_kind kind, xcase *c)
{
    const base *b = pick_base(g);
    if (!b) return false;
    symmetry s;
    char solution[SUDOKU_CELLS + 1];
    random_symmetry(g, &s);
    apply_symmetry(&s, b->puzzle, c->puzzle);
    apply_symmetry(&s, b->solution, solution);
    c->kind = kind;
    switch (kind) {
    case SYMMETRIC_IMAGE: return true;
    case SOLUTION_MINUS_K:
        memcpy(c->puzzle, solution, sizeof c->puzzle);
        remove_clues(g, c->puzzle, 1 + random_below(g, 64));
        return true;
    case CLASHING_CLUE: return add_clue(g, c->puzzle, solution, true);
    case WRONG_CLUE: return add_clue(g, c->puzzle, solution, false);
    case FEWER_CLUES: remove_clues(g, c->puzzle, 1 + random_below(g, 4)); return true;
    case KINDS: break;
    }
    fail_msg("no case kind %d", (int)kind);
    return false;
}

/* The kinds take turns, so each has a fifth of the cases. A case the
 * reference gives up on is replaced by another of its kind. */
static void generate_cases(rng *g)
{
    cases = calloc(n_cases, sizeof *cases);
    if (!cases) fail_msg("out of memory");
    size_t attempts = 0;
    for (size_t i = 0; i < n_cases;) {
        if (++attempts > 20 * n_cases + 1000) fail_msg("cannot generate the cases");
        xcase *c = &cases[i];
        if (!make_case(g, (case_kind)(i % KINDS), c)) continue;
        c->ref = reference_solve(c->puzzle, LIMIT);
        if (c->ref.over_budget) {
            skipped[c->kind]++;
            continue;
        }
        i++;
    }
}

static void print_summary(void)
{
    long tally[KINDS][OUTCOMES] = {{0}};
    for (size_t i = 0; i < n_cases; i++) tally[cases[i].kind][outcome_of(&cases[i].ref)]++;
    print_message("%-18s %7s", "kind", "cases");
    for (int o = 0; o < OUTCOMES; o++) print_message(" %10s", outcome_names[o]);
    print_message(" %8s\n", "skipped");
    for (int k = 0; k < KINDS; k++) {
        long total = 0;
        for (int o = 0; o < OUTCOMES; o++) total += tally[k][o];
        print_message("%-18s %7ld", kind_names[k], total);
        for (int o = 0; o < OUTCOMES; o++) print_message(" %10ld", tally[k][o]);
        print_message(" %8ld\n", skipped[k]);
    }
}

static uint64_t number_from_env(const char *name, uint64_t fallback)
{
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 0);
    if (errno || *end) fail_msg("%s=%s is not a number", name, text);
    return n;
}

static int setup(void **state)
{
    if (harness_setup(state) != 0) return -1;
    seed = number_from_env("CROSSCHECK_SEED", DEFAULT_SEED);
    n_cases = (size_t)number_from_env("CROSSCHECK_CASES", DEFAULT_CASES);
    if (n_cases == 0) fail_msg("CROSSCHECK_CASES must be at least 1");
    rng g = {seed};
    read_seeds("puzzles/seeds.txt");
    const char *dir = getenv("SHARED_PUZZLES");
    if (!dir || !*dir) dir = "../shared/puzzles";
    if (!read_datasets(&g, dir))
        print_message("%s is absent: the cases come from puzzles/seeds.txt alone\n", dir);
    print_message("seed 0x%llx (CROSSCHECK_SEED), %zu cases (CROSSCHECK_CASES), limit %d\n",
                  (unsigned long long)seed, n_cases, LIMIT);
    for (size_t i = 0; i < n_sources; i++)
        print_message("  from %-26s %zu puzzles\n", sources[i].name, sources[i].count);
    generate_cases(&g);
    print_summary();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(cases);
    free(pool);
    return 0;
}

/* ---- mismatches: each is printed, so that one run shows them all ---- */

#define SHOWN_MISMATCHES 20

static long mismatches;

static void mismatch(size_t i, const char *what, const char *fmt, ...)
{
    if (mismatches++ >= SHOWN_MISMATCHES) return;
    const xcase *c = &cases[i];
    char got[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(got, sizeof got, fmt, ap);
    va_end(ap);
    print_error("case %zu (%s): %s: %s\n  puzzle:    %s\n  reference: %s\n", i + 1,
                kind_names[c->kind], what, got, c->puzzle, outcome_names[outcome_of(&c->ref)]);
}

static void assert_no_mismatch(void)
{
    long n = mismatches;
    mismatches = 0;
    if (n > SHOWN_MISMATCHES) print_error("... %ld mismatches in all\n", n);
    if (n)
        fail_msg("%ld cases disagree with the reference (seed 0x%llx)", n,
                 (unsigned long long)seed);
}

/* Does message describe the reference's first clash, as the library's
 * "digit 5 appears twice in row 1 (r1c1 and r1c7)" does? The earlier cell
 * and the unit depend on the order the library looks in; the digit and the
 * later cell do not. */
static bool describes_clash(const char *message, const reference_answer *a)
{
    char head[64], tail[32];
    snprintf(head, sizeof head, "digit %d appears twice in ", a->clash_digit);
    snprintf(tail, sizeof tail, " and r%dc%d)", (a->clash_cell / 9) + 1,
             (a->clash_cell % 9) + 1);
    size_t n = strlen(message), t = strlen(tail);
    return strncmp(message, head, strlen(head)) == 0 && n >= t &&
           strcmp(message + n - t, tail) == 0;
}

/* ---- the library ---- */

static void solution_text(const sudoku_grid *grid, char out[SUDOKU_CELLS + 1])
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) out[cell] = (char)('0' + grid->cell[cell]);
    out[SUDOKU_CELLS] = '\0';
}

static void check_library_solution(size_t i, const sudoku_result *result)
{
    const xcase *c = &cases[i];
    char solution[SUDOKU_CELLS + 1];
    solution_text(&result->solution, solution);
    const char *why = check_solution(c->puzzle, solution);
    if (why)
        mismatch(i, "bad solution", "%s: %s", why, solution);
    else if (c->ref.solutions == 1 && strcmp(solution, c->ref.solution) != 0)
        mismatch(i, "another solution", "%s, the reference's is %s", solution, c->ref.solution);
}

static void check_library_case(size_t i)
{
    const xcase *c = &cases[i];
    sudoku_grid grid;
    sudoku_error err;
    sudoku_result result;
    grid_from(c->puzzle, &grid);
    bool distinct = sudoku_check_givens(&grid, &err);
    if (distinct == c->ref.clash)
        mismatch(i, "sudoku_check_givens", "returns %s", distinct ? "true" : "false");
    else if (!distinct &&
             (err.kind != SUDOKU_ERROR_DUPLICATE || !describes_clash(err.message, &c->ref)))
        mismatch(i, "sudoku_check_givens", "kind %d, \"%s\"", (int)err.kind, err.message);
    unsigned long expected = c->ref.clash ? 0 : (unsigned long)c->ref.solutions;
    unsigned long n = sudoku_solve(&grid, LIMIT, &result);
    if (n != expected || result.solutions != n)
        mismatch(i, "sudoku_solve", "returns %lu, result.solutions %lu", n, result.solutions);
    else if (n > 0)
        check_library_solution(i, &result);
}

static void the_library_agrees_with_the_reference(void **state)
{
    (void)state;
    long unrefuted = 0, wrong = 0;
    for (size_t i = 0; i < n_cases; i++) {
        check_library_case(i);
        if (cases[i].kind != WRONG_CLUE) continue;
        sudoku_grid grid;
        sudoku_board board;
        grid_from(cases[i].puzzle, &grid);
        wrong++;
        unrefuted += sudoku_propagate(&grid, &board);
    }
    print_message("%ld of %ld wrong-clue cases get past propagation alone\n", unrefuted, wrong);
    assert_no_mismatch();
}

/* ---- the program ---- */

static const char *cases_path; /* the cases of the current test, one per line */
static size_t *case_index;     /* the case on each line of cases_path */

static int release_program_test(void **state)
{
    free(case_index);
    case_index = NULL;
    return harness_teardown(state);
}

/* Writes the chosen cases to a new cases_path, one line each, and their
 * indexes to case_index; returns how many. */
static size_t write_cases(bool (*chosen)(const xcase *))
{
    if (!case_index) case_index = malloc(n_cases * sizeof *case_index);
    if (!case_index) fail_msg("out of memory");
    char *text = xmalloc(n_cases * (SUDOKU_CELLS + 1) + 1), *o = text;
    size_t n = 0;
    for (size_t i = 0; i < n_cases; i++) {
        if (!chosen(&cases[i])) continue;
        memcpy(o, cases[i].puzzle, SUDOKU_CELLS);
        o[SUDOKU_CELLS] = '\n';
        o += SUDOKU_CELLS + 1;
        case_index[n++] = i;
    }
    cases_path = make_temp_file(text, (size_t)(o - text), NULL);
    return n;
}

/* Runs `sudoku solve --count --limit=LIMIT -j jobs cases_path`. */
static run_result run_count(const char *jobs)
{
    char limit[32];
    snprintf(limit, sizeof limit, "--limit=%d", LIMIT);
    return RUN("solve", "--count", limit, "-j", jobs, cases_path);
}

/* Copies the next line of *text (without its '\n', which it must have) into
 * line; returns false at the end of text or before an unfinished line. */
static bool next_line(const char **text, char *line, size_t size)
{
    const char *end = strchr(*text, '\n');
    if (!end) return false;
    snprintf(line, size, "%.*s", (int)(end - *text), *text);
    *text = end + 1;
    return true;
}

static void expected_count_line(const reference_answer *a, char *out, size_t size)
{
    switch (outcome_of(a)) {
    case INVALID: snprintf(out, size, "invalid"); break;
    case AT_LEAST_LIMIT: snprintf(out, size, "at least %d", LIMIT); break;
    default: snprintf(out, size, "%d", a->solutions); break;
    }
}

/* One line of standard output a record, the count or "invalid". */
static void check_stdout(const run_result *run, size_t n)
{
    const char *text = run->out;
    char line[300];
    size_t k = 0;
    for (; k < n && next_line(&text, line, sizeof line); k++) {
        char expected[32];
        expected_count_line(&cases[case_index[k]].ref, expected, sizeof expected);
        if (strcmp(line, expected) != 0) mismatch(case_index[k], "sudoku prints", "\"%s\"", line);
    }
    if (k != n || *text != '\0')
        fail_msg("sudoku printed %zu whole lines then \"%.80s\", expected %zu lines", k, text, n);
}

/* One diagnostic on standard error for each record with no solution or
 * clashing givens, in order, naming its line. */
static void check_stderr(const run_result *run, size_t n)
{
    const char *text = run->err;
    char line[600];
    for (size_t k = 0; k < n; k++) {
        const xcase *c = &cases[case_index[k]];
        if (!c->ref.clash && c->ref.solutions > 0) continue;
        char prefix[300];
        int len = snprintf(prefix, sizeof prefix, "sudoku: %s:%zu: ", cases_path, k + 1);
        if (!next_line(&text, line, sizeof line))
            fail_msg("stderr ends before the diagnostic of line %zu", k + 1);
        bool fits = strncmp(line, prefix, (size_t)len) == 0 &&
                    (c->ref.clash ? describes_clash(line + len, &c->ref)
                                  : strcmp(line + len, "no solution") == 0);
        if (!fits) mismatch(case_index[k], "sudoku's diagnostic", "\"%s\"", line);
    }
    if (*text) fail_msg("stderr has more lines than the records call for:\n%.500s", text);
}

static int expected_status(size_t n)
{
    int status = 0;
    for (size_t k = 0; k < n; k++) {
        const reference_answer *a = &cases[case_index[k]].ref;
        if (a->clash)
            status = 2;
        else if (a->solutions == 0 && status < 1)
            status = 1;
    }
    return status;
}

/* Checks a run on the first n lines of case_index. */
static void check_run(const run_result *run, size_t n)
{
    check_stdout(run, n);
    check_stderr(run, n);
    assert_no_mismatch();
    assert_int_equal(run->status, expected_status(n));
}

/* Names the first line where two outputs part, rather than printing both. */
static void assert_same_text(const char *got, const char *want, const char *what)
{
    size_t line = 1, i = 0;
    for (; got[i] && got[i] == want[i]; i++) line += got[i] == '\n';
    if (got[i] != want[i])
        fail_msg("-j 2 and -j 1 differ on %s line %zu: \"%.40s\" and \"%.40s\"", what, line,
                 got + i, want + i);
}

static bool every_case(const xcase *c)
{
    (void)c;
    return true;
}

static void the_program_agrees_with_the_reference(void **state)
{
    (void)state;
    size_t n = write_cases(every_case);
    run_result one = run_count("1");
    check_run(&one, n);
    /* Two threads print byte for byte what one does. */
    run_result two = run_count("2");
    assert_int_equal(two.status, one.status);
    assert_same_text(two.out, one.out, "stdout");
    assert_same_text(two.err, one.err, "stderr");
}

static bool valid_case(const xcase *c)
{
    return !c->ref.clash;
}

static bool solvable_case(const xcase *c)
{
    return !c->ref.clash && c->ref.solutions > 0;
}

/* With every case in one file the status is always 2; these files leave out
 * the invalid records (status 1), then those with no solution too (0). */
static void the_exit_status_is_the_worst_record(void **state)
{
    (void)state;
    bool (*const subsets[])(const xcase *) = {valid_case, solvable_case};
    for (size_t s = 0; s < 2; s++) {
        size_t n = write_cases(subsets[s]);
        run_result r = run_count("2");
        check_run(&r, n);
        assert_int_equal(r.status, 1 - (int)s);
    }
}

/* ---- the cases themselves ---- */

static void every_outcome_is_well_represented(void **state)
{
    (void)state;
    long by_outcome[OUTCOMES] = {0}, skips = 0;
    for (size_t i = 0; i < n_cases; i++) by_outcome[outcome_of(&cases[i].ref)]++;
    for (int k = 0; k < KINDS; k++) skips += skipped[k];
    long several = by_outcome[TWO] + by_outcome[AT_LEAST_LIMIT];
    long fewest = (long)n_cases / 20;
    print_message("outcomes: %ld invalid, %ld none, %ld one, %ld several (%ld two); %ld skipped\n",
                  by_outcome[INVALID], by_outcome[NONE], by_outcome[ONE], several, by_outcome[TWO],
                  skips);
    assert_true(by_outcome[INVALID] >= fewest);
    assert_true(by_outcome[NONE] >= fewest);
    assert_true(by_outcome[ONE] >= fewest);
    assert_true(several >= fewest);
    assert_true(by_outcome[TWO] >= fewest / 10);
    assert_true(skips <= (long)n_cases / 100); /* replacing a case must stay rare */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_outcome_is_well_represented),
        cmocka_unit_test(the_library_agrees_with_the_reference),
        cmocka_unit_test_teardown(the_program_agrees_with_the_reference, release_program_test),
        cmocka_unit_test_teardown(the_exit_status_is_the_worst_record, release_program_test),
    };
    return cmocka_run_group_tests_name("cross-check against a reference solver", tests, setup,
                                       teardown);
}
