/*
 * bench.c: how fast the library solves puzzle files, in process and as the
 * whole `sudoku solve FILE` command: the program behind make bench (whose
 * bench/run.sh prints the build's compiler, flags and machine above it).
 *
 * Every file is parsed before anything is timed. Then each file in turn is
 * timed in four modes: the uniqueness check, the whole command right after
 * it (so that the two are compared under the same load on a shared
 * machine), the first solution, and explaining (the logic engine's path up
 * to the chains, rated, as `sudoku explain --no-chains` takes it); then canonical forms
 * (sudoku_canon, docs/canon.md) of the puzzles and of their solution grids,
 * in process and as `sudoku canon` with -j 1 and -j 2. The tables come at
 * the end.
 *
 * A measurement (one file in one mode) is warmed up untimed for
 * WARMUP_SECONDS (in process), then timed over --runs runs, or fewer once it
 * has used --budget seconds, so that the hardest set cannot take the whole
 * session (the tables say how many runs each got). A run repeats whole
 * passes over the file until it has lasted MIN_RUN_SECONDS, so that a file of
 * a few puzzles is timed as reliably as one of thousands; rates are per
 * puzzle either way. The median run is reported, the slowest and fastest
 * beside it to show the noise.
 *
 *     sudoku-bench [--runs N] [--budget SECONDS] [--markdown] [--command SUDOKU] FILE...
 *
 * Two short modes serve bench/versus.sh, which sets the reference solver
 * beside us run by run: --rate LIMIT prints one number per file, the puzzles
 * per second of one run of at least --seconds (1) after the warm-up, with
 * that limit; --slowest N times every puzzle alone (limit 1, the whole
 * search for one without a solution) and prints the N slowest, each timed
 * again over many solves, then the whole file's mean.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, for the file of solution grids */

#include "sudoku.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 99
/* Long enough for the clock's resolution and for the CPU to leave idle. */
#define MIN_RUN_SECONDS 0.2
/* A full untimed pass over the hardest set would cost more than all its
 * timed runs; half a second already fills the caches and wakes the CPU. */
#define WARMUP_SECONDS 0.5
#define CELL_MAX 64
#define MAX_COLUMNS 16

static const char usage[] =
    "usage: sudoku-bench [--runs N] [--budget SECONDS] [--markdown] [--command SUDOKU] FILE...\n"
    "       sudoku-bench --rate LIMIT [--seconds S] FILE...\n"
    "       sudoku-bench --slowest N FILE...";

typedef struct settings {
    int runs;
    double budget;       /* seconds of timed runs after which no run starts */
    bool markdown;       /* tables to paste into docs/benchmarks.md */
    const char *command; /* the sudoku program to time whole, or NULL */
    unsigned long rate;  /* --rate: the limit, or 0 for the full report */
    double seconds;      /* --rate: the length of the run */
    int slowest;         /* --slowest: how many to show, or 0 */
    char **files;
    int file_count;
} settings;

/* A file's puzzles, parsed. */
typedef struct dataset {
    const char *path;
    const char *name; /* path without its directories */
    sudoku_grid *puzzles;
    long *lines; /* the line each puzzle starts on */
    size_t count, capacity;
    unsigned long invalid;    /* records the reader rejected; never timed */
    sudoku_error first_error; /* the first of those */
} dataset;

/* What one pass over a file in one mode found. */
typedef struct tally {
    unsigned long guesses;
    size_t no_guess;   /* puzzles solved by propagation alone */
    size_t unexpected; /* puzzles with other than exactly one solution found */
    size_t first_unexpected;
    unsigned long first_found; /* how many solutions that one had */
} tally;

/* Puzzles per second over the runs of one measurement. */
typedef struct timing {
    int runs;
    double median, slowest, fastest;
    double cpu_median; /* the median run's rate by the process's CPU time */
} timing;

typedef struct column {
    const char *title;
    int width; /* in characters */
    bool left; /* names align left, numbers right */
} column;

typedef struct table {
    const column *columns;
    int count;
    bool markdown;
} table;

static _Noreturn void fail(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("sudoku-bench: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static void *grow(void *block, size_t count, size_t size)
{
    void *bigger = count <= (size_t)-1 / size ? realloc(block, count * size) : NULL;
    if (!bigger) fail(1, "out of memory");
    return bigger;
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The CPU time the process has used: on a shared machine, what a
 * single-threaded measurement took of the processor, whatever else ran. */
static double cpu_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return now();
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the command line ---- */

/* The number in text if it is all a number within [low, high], else fails. */
static double number_option(const char *option, const char *text, double low, double high)
{
    char *end;
    errno = 0;
    double value = text ? strtod(text, &end) : 0;
    if (!text || end == text || *end || errno || !(value >= low && value <= high))
        fail(2, "%s takes a number from %g to %g, not '%s'", option, low, high, text ? text : "");
    return value;
}

/* Fails unless path can be opened: bad arguments are found before any timing. */
static void check_readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail(2, "cannot read %s: %s", path, strerror(errno));
    fclose(f);
}

static settings parse_arguments(int argc, char **argv)
{
    settings s = {.runs = 5, .budget = 15, .seconds = 1};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *option = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(option, "--") == 0) {
            i++;
            break;
        } else if (strcmp(option, "--markdown") == 0) {
            s.markdown = true;
        } else if (strcmp(option, "--runs") == 0) {
            double runs = number_option(option, value, 1, MAX_RUNS);
            s.runs = (int)runs;
            if (s.runs != runs) fail(2, "--runs takes a whole number, not '%s'", value);
            i++;
        } else if (strcmp(option, "--budget") == 0) {
            s.budget = number_option(option, value, 0, 86400);
            i++;
        } else if (strcmp(option, "--rate") == 0) {
            s.rate = (unsigned long)number_option(option, value, 1, 1000);
            i++;
        } else if (strcmp(option, "--seconds") == 0) {
            s.seconds = number_option(option, value, MIN_RUN_SECONDS, 3600);
            i++;
        } else if (strcmp(option, "--slowest") == 0) {
            s.slowest = (int)number_option(option, value, 1, 1000);
            i++;
        } else if (strcmp(option, "--command") == 0 && value) {
            s.command = value;
            check_readable(value);
            i++;
        } else {
            fail(2, "unknown option or missing value: '%s' (%s)", option, usage);
        }
    }
    if (i == argc) fail(2, "no puzzle files given (%s)", usage);
    s.files = argv + i;
    s.file_count = argc - i;
    return s;
}

/* ---- loading ---- */

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail(2, "cannot read %s: %s", path, strerror(errno));
    size_t used = 0, capacity = 1 << 16, got;
    char *text = grow(NULL, capacity, 1);
    while ((got = fread(text + used, 1, capacity - used, f)) > 0) {
        used += got;
        if (used == capacity) text = grow(text, capacity *= 2, 1);
    }
    bool broken = ferror(f);
    fclose(f);
    if (broken) fail(2, "cannot read %s: %s", path, strerror(errno));
    *size = used;
    return text;
}

static void add_record(dataset *d, const sudoku_record *record)
{
    if (!record->ok) {
        if (d->invalid++ == 0) d->first_error = record->error;
        return;
    }
    if (d->count == d->capacity) {
        d->capacity = d->capacity ? 2 * d->capacity : 1024;
        d->puzzles = grow(d->puzzles, d->capacity, sizeof *d->puzzles);
        d->lines = grow(d->lines, d->capacity, sizeof *d->lines);
    }
    d->puzzles[d->count] = record->grid;
    d->lines[d->count++] = record->line;
}

/* Reads every record of the file through the library's stream reader, so
 * that any layout the command accepts is benchmarked the same way. */
static dataset load(const char *path)
{
    const char *slash = strrchr(path, '/');
    dataset d = {.path = path, .name = slash ? slash + 1 : path};
    size_t size;
    char *text = read_file(path, &size);
    sudoku_reader reader;
    sudoku_record records[2];
    sudoku_reader_init(&reader);
    for (size_t at = 0; at < size;) {
        const char *line = text + at, *end = memchr(line, '\n', size - at);
        size_t length = end ? (size_t)(end - line) : size - at;
        int n = length > SUDOKU_LINE_MAX ? sudoku_reader_skip_line(&reader, records)
                                         : sudoku_reader_line(&reader, line, length, records);
        for (int i = 0; i < n; i++) add_record(&d, &records[i]);
        at += length + 1;
    }
    if (sudoku_reader_finish(&reader, records)) add_record(&d, &records[0]);
    free(text);
    return d;
}

/* ---- timing ---- */

/* One pass over a file. */
typedef void pass_fn(void *context);

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *values, int n)
{
    qsort(values, (size_t)n, sizeof *values, compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static timing summarize(double *rates, double *cpu_rates, int runs)
{
    double median = median_of(rates, runs);
    return (timing){.runs = runs,
                    .median = median,
                    .slowest = rates[0],
                    .fastest = rates[runs - 1],
                    .cpu_median = median_of(cpu_rates, runs)};
}

/* Times runs of passes over a file of puzzles; see the top of the file. */
static timing time_runs(pass_fn *pass, void *context, size_t puzzles, const settings *s)
{
    double rates[MAX_RUNS], cpu_rates[MAX_RUNS], spent = 0;
    int runs = 0;
    do {
        double start = now(), cpu_start = cpu_now(), elapsed;
        unsigned long passes = 0;
        do {
            pass(context);
            passes++;
            elapsed = now() - start;
        } while (elapsed < MIN_RUN_SECONDS);
        double cpu = cpu_now() - cpu_start;
        cpu_rates[runs] = (double)passes * (double)puzzles / (cpu > 0 ? cpu : elapsed);
        rates[runs++] = (double)passes * (double)puzzles / elapsed;
        spent += elapsed;
    } while (runs < s->runs && spent < s->budget);
    return summarize(rates, cpu_rates, runs);
}

typedef struct solving {
    const dataset *set;
    unsigned long limit;
    tally tally; /* of the last pass */
} solving;

static void solve_pass(void *context)
{
    solving *job = context;
    tally t = {0};
    for (size_t i = 0; i < job->set->count; i++) {
        sudoku_result result;
        unsigned long found = sudoku_solve(&job->set->puzzles[i], job->limit, &result);
        t.guesses += result.guesses;
        t.no_guess += result.guesses == 0;
        if (found != 1 && t.unexpected++ == 0) {
            t.first_unexpected = i;
            t.first_found = found;
        }
    }
    job->tally = t;
}

/* Explaining: the logic engine's path through each puzzle up to the chains
 * (as `sudoku explain --no-chains` takes it), rated: the techniques every
 * puzzle goes through. Chains, far slower on hard sets, are timed as
 * `sudoku rate` by bench/run.sh. */
typedef struct explaining {
    const dataset *set;
    unsigned long steps; /* of the last pass */
    size_t finished;     /* puzzles the engine solved to the end */
} explaining;

static void explain_pass(void *context)
{
    explaining *job = context;
    job->steps = 0;
    job->finished = 0;
    for (size_t i = 0; i < job->set->count; i++) {
        sudoku_logic state;
        sudoku_step step;
        sudoku_rating rating = {0};
        if (!sudoku_logic_from_grid(&state, &job->set->puzzles[i])) continue;
        while (sudoku_logic_next(&state, SUDOKU_LOGIC_NO_CHAINS, &step)) {
            sudoku_rating_add(&rating, &step);
            sudoku_logic_apply(&state, &step);
        }
        job->steps += (unsigned long)rating.steps;
        job->finished += sudoku_logic_solved(&state);
    }
}

/* Canonical forms: sudoku_canon on every grid of a set (the puzzles, or
 * their solution grids), with the transformation and the automorphisms, as
 * `sudoku canon --format json` asks for them. */
typedef struct canonizing {
    const sudoku_grid *grids;
    size_t count;
    size_t symmetric; /* grids with more than one automorphism (of the last pass) */
} canonizing;

static void canon_pass(void *context)
{
    canonizing *job = context;
    size_t symmetric = 0;
    for (size_t i = 0; i < job->count; i++) {
        sudoku_grid canon;
        sudoku_transform how;
        unsigned long automorphisms = 0;
        if (!sudoku_canon(&job->grids[i], &canon, &how, &automorphisms))
            fail(1, "canon refused a puzzle");
        symmetric += automorphisms > 1;
    }
    job->symmetric = symmetric;
}

/* Solves puzzles in file order, round and round, for WARMUP_SECONDS. */
static void warm_up(const dataset *d, unsigned long limit)
{
    double start = now();
    for (size_t i = 0; now() - start < WARMUP_SECONDS; i = (i + 1) % d->count) {
        sudoku_result result;
        sudoku_solve(&d->puzzles[i], limit, &result);
    }
}

typedef struct process {
    char *command;
    bool failed; /* some run exited with a failure status */
} process;

static void process_pass(void *context)
{
    process *job = context;
    job->failed |= system(job->command) != 0;
}

/* Appends text to out; quoted, for inside the shell's single quotes. */
static char *append(char *out, const char *text, bool quoted)
{
    for (; *text; text++) {
        if (quoted && *text == '\'') {
            for (const char *q = "'\\''"; *q; q++) *out++ = *q; /* close, escaped quote, reopen */
        } else {
            *out++ = *text;
        }
    }
    return out;
}

/* The shell command that runs sudoku with words (a command and options of
 * ours, not quoted) on path, output discarded. */
static char *process_command(const char *sudoku, const char *words, const char *path)
{
    char *command = grow(NULL, 64 + strlen(words) + 4 * (strlen(sudoku) + strlen(path)), 1);
    char *out = append(command, "exec '", false);
    out = append(out, sudoku, true);
    out = append(out, "' ", false);
    out = append(out, words, false);
    out = append(out, " -- '", false);
    out = append(out, path, true);
    *append(out, "' >/dev/null 2>&1", false) = '\0';
    return command;
}

/* ---- tables ---- */

/* Width on screen of UTF-8 text: its characters, not its bytes ("µs"). */
static int text_width(const char *text)
{
    int width = 0;
    for (; *text; text++) width += ((unsigned char)*text & 0xC0) != 0x80;
    return width;
}

static void print_cell(const column *c, const char *text)
{
    int pad = c->width > text_width(text) ? c->width - text_width(text) : 0;
    if (!c->left) printf("%*s", pad, "");
    fputs(text, stdout);
    if (c->left) printf("%*s", pad, "");
}

static void print_row(const table *t, char cells[][CELL_MAX])
{
    for (int i = 0; i < t->count; i++) {
        fputs(t->markdown ? (i ? " | " : "| ") : (i ? "  " : ""), stdout);
        print_cell(&t->columns[i], cells[i]);
    }
    puts(t->markdown ? " |" : "");
}

static void print_table_head(const table *t, const char *title)
{
    printf(t->markdown ? "\n#### %s\n\n" : "\n== %s\n", title);
    char cells[MAX_COLUMNS][CELL_MAX];
    for (int i = 0; i < t->count; i++) snprintf(cells[i], CELL_MAX, "%s", t->columns[i].title);
    print_row(t, cells);
    if (!t->markdown) return;
    for (int i = 0; i < t->count; i++) {
        const column *c = &t->columns[i];
        printf("|%s%.*s%s", c->left ? ":" : "", c->width + 1,
               "-----------------------------------------------------------", c->left ? "" : ":");
    }
    puts("|");
}

/* Writes value rounded to a whole number, thousands separated by commas as
 * in PERFORMANCE.md; returns the length (at most 26: rates are far below 1e19). */
static size_t format_count(char *cell, double value)
{
    char digits[20];
    snprintf(digits, sizeof digits, "%.0f", value);
    size_t length = strlen(digits), out = 0;
    for (size_t i = 0; i < length; i++) {
        if (i > 0 && (length - i) % 3 == 0) cell[out++] = ',';
        cell[out++] = digits[i];
    }
    cell[out] = '\0';
    return out;
}

/* The cells every table starts with: file, puzzles, runs, puzzles/s, spread. */
static void format_timing(char cells[][CELL_MAX], const dataset *d, const timing *t)
{
    snprintf(cells[0], CELL_MAX, "%s", d->name);
    format_count(cells[1], (double)d->count);
    snprintf(cells[2], CELL_MAX, "%d", t->runs);
    format_count(cells[3], t->median);
    size_t dash = format_count(cells[4], t->slowest);
    cells[4][dash] = '-';
    format_count(cells[4] + dash + 1, t->fastest);
}

/* ---- the measurements ---- */

enum { UNIQUENESS, FIRST_SOLUTION, MODES };

typedef struct mode {
    unsigned long limit;
    const char *title;
} mode;

static const mode modes[MODES] = {
    [UNIQUENESS] = {2, "in-process, uniqueness check (limit 2, stops at the 2nd solution; "
                       "the figure PERFORMANCE.md quotes)"},
    [FIRST_SOLUTION] = {1, "in-process, first solution (limit 1)"},
};

/* Everything measured on one file. */
typedef struct results {
    timing solving[MODES];
    tally tally[MODES];
    timing process;
    bool process_failed; /* some run of the command exited with a failure status */
    timing explaining;
    explaining explained;
    /* canonical forms: [PUZZLES] of the file, [GRIDS] their solutions */
    timing canon[2];
    canonizing canonized[2];
    timing canon_process[2][2]; /* [set][-j 1, -j 2] */
    bool canon_failed;          /* some run of sudoku canon exited with a failure status */
} results;

enum { PUZZLES, GRIDS };

static timing measure_solving(const dataset *d, const settings *s, unsigned long limit,
                              tally *found)
{
    solving job = {.set = d, .limit = limit};
    warm_up(d, limit);
    timing time = time_runs(solve_pass, &job, d->count, s);
    *found = job.tally;
    return time;
}

/* No warm-up: the in-process runs just before leave the CPU warm and the
 * file in the page cache. */
static timing measure_process(const dataset *d, const settings *s, bool *failed)
{
    process job = {process_command(s->command, "solve", d->path), false};
    timing time = time_runs(process_pass, &job, d->count, s);
    free(job.command);
    *failed = job.failed;
    return time;
}

/* The solution grids of a file's puzzles (the first solution of each that
 * has one), for canon to time; *count says how many. */
static sudoku_grid *solutions(const dataset *d, size_t *count)
{
    sudoku_grid *grids = grow(NULL, d->count ? d->count : 1, sizeof *grids);
    *count = 0;
    for (size_t i = 0; i < d->count; i++) {
        sudoku_result result;
        if (sudoku_solve(&d->puzzles[i], 1, &result) == 1) grids[(*count)++] = result.solution;
    }
    return grids;
}

/* The grids as a file of lines, for the command to read; its path, to
 * unlink. */
static char *grids_file(const sudoku_grid *grids, size_t count)
{
    const char *dir = getenv("TMPDIR");
    char *path = grow(NULL, strlen(dir ? dir : "/tmp") + 32, 1);
    sprintf(path, "%s/sudoku-bench-XXXXXX", dir ? dir : "/tmp");
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) fail(1, "cannot write a file of solution grids in %s: %s", path, strerror(errno));
    for (size_t i = 0; i < count; i++) {
        char line[SUDOKU_TEXT_MAX];
        sudoku_format_line(&grids[i], line, sizeof line);
        fprintf(f, "%s\n", line);
    }
    if (fclose(f) != 0) fail(1, "cannot write %s: %s", path, strerror(errno));
    return path;
}

/* sudoku canon on path with -j 1 and -j 2, records records in it. */
static void measure_canon_process(const char *path, size_t records, const settings *s,
                                  timing out[2], bool *failed)
{
    static const char *const words[2] = {"canon -j 1", "canon -j 2"};
    for (int j = 0; j < 2; j++) {
        process job = {process_command(s->command, words[j], path), false};
        out[j] = time_runs(process_pass, &job, records, s);
        free(job.command);
        *failed |= job.failed;
    }
}

/* Canonical forms of the file's puzzles and of their solution grids, each
 * in process (one untimed pass first) and then as the command. */
static void measure_canon(const dataset *d, const settings *s, results *r)
{
    size_t count;
    sudoku_grid *grids = solutions(d, &count);
    r->canonized[PUZZLES] = (canonizing){.grids = d->puzzles, .count = d->count};
    r->canonized[GRIDS] = (canonizing){.grids = grids, .count = count};
    for (int set = PUZZLES; set <= GRIDS; set++) {
        canonizing *job = &r->canonized[set];
        if (!job->count) continue;
        canon_pass(job);
        r->canon[set] = time_runs(canon_pass, job, job->count, s);
        if (!s->command) continue;
        if (set == PUZZLES) {
            measure_canon_process(d->path, d->count, s, r->canon_process[set], &r->canon_failed);
        } else {
            char *path = grids_file(grids, count);
            measure_canon_process(path, count, s, r->canon_process[set], &r->canon_failed);
            unlink(path);
            free(path);
        }
    }
    free(grids);
    r->canonized[GRIDS].grids = NULL;
}

/* The whole process is timed right after the uniqueness check it is
 * compared with, so that both see the same load on a shared machine. */
static void measure_file(const dataset *d, const settings *s, results *r)
{
    r->solving[UNIQUENESS] = measure_solving(d, s, modes[UNIQUENESS].limit, &r->tally[UNIQUENESS]);
    if (s->command) r->process = measure_process(d, s, &r->process_failed);
    r->solving[FIRST_SOLUTION] =
        measure_solving(d, s, modes[FIRST_SOLUTION].limit, &r->tally[FIRST_SOLUTION]);
    r->explained = (explaining){.set = d};
    explain_pass(&r->explained); /* warm-up */
    r->explaining = time_runs(explain_pass, &r->explained, d->count, s);
    measure_canon(d, s, r);
}

/* ---- the report ---- */

static const column solving_columns[] = {
    {"file", 24, true},
    {"puzzles", 7, false},
    {"runs", 4, false},
    {"puzzles/s", 9, false},
    {"min-max puzzles/s", 17, false},
    {"µs/puzzle", 9, false},
    {"guesses", 7, false},
    {"no guess", 8, false},
    {"unexpected", 10, false},
};

static const column process_columns[] = {
    {"file", 24, true},
    {"puzzles", 7, false},
    {"runs", 4, false},
    {"puzzles/s", 9, false},
    {"min-max puzzles/s", 17, false},
    {"seconds", 8, false},
    {"in-process/s", 12, false},
    {"whole/in-process", 16, false},
};

static const column explain_columns[] = {
    {"file", 24, true},
    {"puzzles", 7, false},
    {"runs", 4, false},
    {"puzzles/s", 9, false},
    {"min-max puzzles/s", 17, false},
    {"µs/puzzle", 9, false},
    {"steps", 6, false},
    {"finished", 8, false},
};

#define COUNT(array) (int)(sizeof(array) / sizeof((array)[0]))

static void print_loading_notes(const dataset *sets, int count)
{
    for (int i = 0; i < count; i++) {
        const dataset *d = &sets[i];
        if (!d->count) printf("! %s: no puzzles, nothing to time.\n", d->name);
        if (d->invalid)
            printf("! %s: invalid records, left out: %lu; the first, line %ld: %s\n", d->name,
                   d->invalid, d->first_error.line, d->first_error.message);
    }
}

static void print_solving_row(const table *t, const dataset *d, const timing *time, const tally *k)
{
    char cells[COUNT(solving_columns)][CELL_MAX] = {{0}};
    format_timing(cells, d, time);
    double puzzles = (double)d->count;
    snprintf(cells[5], CELL_MAX, "%.2f", 1e6 / time->median);
    snprintf(cells[6], CELL_MAX, "%.1f", (double)k->guesses / puzzles);
    snprintf(cells[7], CELL_MAX, "%.1f%%", 100.0 * (double)k->no_guess / puzzles);
    snprintf(cells[8], CELL_MAX, "%zu%s", k->unexpected, k->unexpected ? " !" : "");
    print_row(t, cells);
}

static void print_unexpected(const dataset *d, const tally *k, unsigned long limit)
{
    printf("\n! %s: puzzles without exactly one solution (limit %lu): %zu of %zu; "
           "the first, line %ld, had %lu%s.\n",
           d->name, limit, k->unexpected, d->count, d->lines[k->first_unexpected], k->first_found,
           k->first_found == limit && limit > 1 ? " or more" : "");
}

static void print_solving(const dataset *sets, const results *all, int count, int m, bool markdown)
{
    table t = {solving_columns, COUNT(solving_columns), markdown};
    print_table_head(&t, modes[m].title);
    for (int i = 0; i < count; i++)
        if (sets[i].count) print_solving_row(&t, &sets[i], &all[i].solving[m], &all[i].tally[m]);
    for (int i = 0; i < count; i++)
        if (sets[i].count && all[i].tally[m].unexpected)
            print_unexpected(&sets[i], &all[i].tally[m], modes[m].limit);
}

static void print_process_row(const table *t, const dataset *d, const results *r)
{
    char cells[COUNT(process_columns)][CELL_MAX] = {{0}};
    const timing *in_process = &r->solving[UNIQUENESS];
    format_timing(cells, d, &r->process);
    if (r->process_failed) snprintf(cells[0], CELL_MAX, "%s !", d->name);
    snprintf(cells[5], CELL_MAX, "%.3f", (double)d->count / r->process.median);
    format_count(cells[6], in_process->median);
    snprintf(cells[7], CELL_MAX, "%.2f", in_process->median / r->process.median);
    print_row(t, cells);
}

static void print_process(const dataset *sets, const results *all, int count, const settings *s)
{
    table t = {process_columns, COUNT(process_columns), s->markdown};
    print_table_head(&t, "whole process: sudoku solve FILE > /dev/null (uniqueness checked, "
                         "solutions written; time includes ~1 ms of /bin/sh)");
    const dataset *failed = NULL; /* the first file the command failed on */
    for (int i = 0; i < count; i++) {
        if (!sets[i].count) continue;
        print_process_row(&t, &sets[i], &all[i]);
        if (all[i].process_failed && !failed) failed = &sets[i];
    }
    if (!failed) return;
    char *command = process_command(s->command, "solve", failed->path);
    printf("\n! marked: the command exited with a failure status (an invalid or unsolvable "
           "record, or worse); run it by hand to see why: %s\n",
           command);
    free(command);
}

static void print_explaining(const dataset *sets, const results *all, int count, bool markdown)
{
    table t = {explain_columns, COUNT(explain_columns), markdown};
    print_table_head(&t, "in-process, explain --no-chains: the logic engine's path to the end or "
                         "until stuck before the chains, rated (steps per puzzle; finished: "
                         "solved without chains)");
    for (int i = 0; i < count; i++) {
        if (!sets[i].count) continue;
        char cells[COUNT(explain_columns)][CELL_MAX] = {{0}};
        const results *r = &all[i];
        double puzzles = (double)sets[i].count;
        format_timing(cells, &sets[i], &r->explaining);
        snprintf(cells[5], CELL_MAX, "%.2f", 1e6 / r->explaining.median);
        snprintf(cells[6], CELL_MAX, "%.1f", (double)r->explained.steps / puzzles);
        snprintf(cells[7], CELL_MAX, "%.1f%%", 100.0 * (double)r->explained.finished / puzzles);
        print_row(&t, cells);
    }
}

static const column canon_columns[] = {
    {"file", 24, true},
    {"grids", 7, false},
    {"runs", 4, false},
    {"forms/s", 9, false},
    {"min-max forms/s", 17, false},
    {"µs/form", 8, false},
    {"forms/CPU s", 11, false},
    {"symmetric", 9, false},
};

static const column canon_process_columns[] = {
    {"file", 24, true},          {"grids", 7, false},         {"-j 1 forms/s", 12, false},
    {"-j 2 forms/s", 12, false}, {"in-process/s", 12, false}, {"-j 2/-j 1", 9, false},
};

static void print_canon(const dataset *sets, const results *all, int count, const settings *s)
{
    static const char *const titles[2] = {
        "in-process, canonical forms of the puzzles (sudoku_canon with the transformation and "
        "the automorphisms; forms/CPU s: by the process's CPU time, which other work on a "
        "shared machine does not lower; symmetric: forms with more than one automorphism)",
        "in-process, canonical forms of the puzzles' solution grids"};
    static const char *const process_titles[2] = {
        "whole process: sudoku canon -j N FILE > /dev/null, the puzzles",
        "whole process: sudoku canon -j N FILE > /dev/null, their solution grids (a file "
        "written for it)"};
    for (int set = PUZZLES; set <= GRIDS; set++) {
        table t = {canon_columns, COUNT(canon_columns), s->markdown};
        print_table_head(&t, titles[set]);
        for (int i = 0; i < count; i++) {
            const canonizing *job = &all[i].canonized[set];
            if (!job->count) continue;
            char cells[COUNT(canon_columns)][CELL_MAX] = {{0}};
            dataset d = sets[i];
            d.count = job->count;
            format_timing(cells, &d, &all[i].canon[set]);
            snprintf(cells[5], CELL_MAX, "%.2f", 1e6 / all[i].canon[set].median);
            format_count(cells[6], all[i].canon[set].cpu_median);
            format_count(cells[7], (double)job->symmetric);
            print_row(&t, cells);
        }
    }
    for (int set = PUZZLES; set <= GRIDS && s->command; set++) {
        table t = {canon_process_columns, COUNT(canon_process_columns), s->markdown};
        print_table_head(&t, process_titles[set]);
        for (int i = 0; i < count; i++) {
            const results *r = &all[i];
            if (!r->canonized[set].count) continue;
            char cells[COUNT(canon_process_columns)][CELL_MAX] = {{0}};
            snprintf(cells[0], CELL_MAX, "%s%s", sets[i].name, r->canon_failed ? " !" : "");
            format_count(cells[1], (double)r->canonized[set].count);
            format_count(cells[2], r->canon_process[set][0].median);
            format_count(cells[3], r->canon_process[set][1].median);
            format_count(cells[4], r->canon[set].median);
            snprintf(cells[5], CELL_MAX, "%.2f",
                     r->canon_process[set][1].median / r->canon_process[set][0].median);
            print_row(&t, cells);
        }
    }
}

static void free_sets(dataset *sets, int count)
{
    for (int i = 0; i < count; i++) {
        free(sets[i].puzzles);
        free(sets[i].lines);
    }
    free(sets);
}

/* ---- the short modes, for bench/versus.sh ---- */

/* --rate: one run of passes lasting the seconds asked, after the warm-up. */
static void print_rate(const dataset *d, const settings *s)
{
    solving job = {.set = d, .limit = s->rate};
    warm_up(d, s->rate);
    double start = now(), elapsed;
    unsigned long passes = 0;
    do {
        solve_pass(&job);
        passes++;
        elapsed = now() - start;
    } while (elapsed < s->seconds);
    printf("%.0f\n", (double)passes * (double)d->count / elapsed);
}

/* Seconds per solve of one puzzle (limit 1), over solves lasting at least
 * min_seconds in all; its guesses in *guesses. */
static double time_one(const sudoku_grid *puzzle, double min_seconds, unsigned long *guesses)
{
    double start = now(), elapsed;
    unsigned long solves = 0;
    do {
        sudoku_result result;
        sudoku_solve(puzzle, 1, &result);
        *guesses = result.guesses;
        solves++;
        elapsed = now() - start;
    } while (elapsed < min_seconds);
    return elapsed / (double)solves;
}

typedef struct timed {
    size_t index;
    double seconds;
    unsigned long guesses;
} timed;

static int slower_first(const void *a, const void *b)
{
    double x = ((const timed *)a)->seconds, y = ((const timed *)b)->seconds;
    return (x < y) - (x > y);
}

/* --slowest: every puzzle timed alone once, the slowest timed again. */
static void print_slowest(const dataset *d, const settings *s)
{
    timed *all = grow(NULL, d->count, sizeof *all);
    double total = 0;
    warm_up(d, 1);
    for (size_t i = 0; i < d->count; i++) {
        all[i] = (timed){.index = i};
        all[i].seconds = time_one(&d->puzzles[i], 0, &all[i].guesses);
        total += all[i].seconds;
    }
    qsort(all, d->count, sizeof *all, slower_first);
    size_t shown = (size_t)s->slowest < d->count ? (size_t)s->slowest : d->count;
    printf("%s: %zu puzzles, %.2f µs each on average, %.3f s in all; the slowest:\n", d->name,
           d->count, 1e6 * total / (double)d->count, total);
    for (size_t k = 0; k < shown; k++) {
        char line[SUDOKU_TEXT_MAX];
        timed *t = &all[k];
        t->seconds = time_one(&d->puzzles[t->index], 0.05, &t->guesses);
        sudoku_format_line(&d->puzzles[t->index], line, sizeof line);
        printf("%s line %ld: %.1f µs, %lu guesses\n", line, d->lines[t->index], 1e6 * t->seconds,
               t->guesses);
    }
    free(all);
}

int main(int argc, char **argv)
{
    settings s = parse_arguments(argc, argv);
    dataset *sets = grow(NULL, (size_t)s.file_count, sizeof *sets);
    results *all = calloc((size_t)s.file_count, sizeof *all); /* empty sets stay unmeasured */
    if (!all) fail(1, "out of memory");
    for (int i = 0; i < s.file_count; i++) sets[i] = load(s.files[i]);
    for (int i = 0; i < s.file_count && (s.rate || s.slowest); i++) {
        if (!sets[i].count) fail(1, "%s: no puzzles", sets[i].name);
        if (s.rate)
            print_rate(&sets[i], &s);
        else
            print_slowest(&sets[i], &s);
    }
    for (int i = 0; i < s.file_count && !s.rate && !s.slowest; i++) {
        if (!sets[i].count) continue;
        /* the tables come at the end; meanwhile, a sign of life */
        fprintf(stderr, "sudoku-bench: timing %s (%d of %d)\n", sets[i].name, i + 1, s.file_count);
        measure_file(&sets[i], &s, &all[i]);
    }
    if (s.rate || s.slowest) {
        free_sets(sets, s.file_count);
        free(all);
        return 0;
    }
    print_loading_notes(sets, s.file_count);
    for (int m = 0; m < MODES; m++) print_solving(sets, all, s.file_count, m, s.markdown);
    if (s.command) print_process(sets, all, s.file_count, &s);
    print_explaining(sets, all, s.file_count, s.markdown);
    print_canon(sets, all, s.file_count, &s);
    free_sets(sets, s.file_count);
    free(all);
    return 0;
}
