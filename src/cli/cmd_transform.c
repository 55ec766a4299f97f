/*
 * cmd_transform.c: `sudoku transform`: each puzzle turned into an
 * equivalent one by the transformations its options name, in the order
 * given (rotations, reflections, swaps, relabellings, explicit row and
 * column orders, a uniformly random one), through the library.
 *
 * --random draws a new transformation for each record from a generator
 * seeded with --seed and the record's place in the input, so the output
 * depends on neither -j nor how the input is split into files.
 */
#define _POSIX_C_SOURCE 200809L

#include "forms.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Transformations one command line may chain: far more than anyone types. */
#define MAX_STEPS 64

/* One transformation of the chain: a fixed one, or a random draw. */
typedef struct transform_step {
    bool random;
    sudoku_transform t;
} transform_step;

typedef struct transform_options {
    transform_step steps[MAX_STEPS];
    int nsteps;
    bool invert, random, seeded;
    uint64_t seed;
    forms_output *output;
} transform_options;

static const char help_text[] =
    "Usage: sudoku transform [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Writes each puzzle turned into an equivalent one: the transformations the\n"
    "options name, applied in the order given. Rows, columns, bands and stacks\n"
    "are counted from 1. A PUZZLE argument is 81 cells in any layout, or 729\n"
    "characters of candidates (transformed too); another argument names a file\n"
    "of puzzles; '-', or no argument, reads standard input.\n"
    "\n"
    "Transformations:\n"
    "  --rotate=DEGREES    turn clockwise by 90, 180 or 270 degrees\n"
    "  --transpose         reflect about the main diagonal (r1c1 stays)\n"
    "  --antitranspose     reflect about the other diagonal (r1c9 stays)\n"
    "  --mirror            swap left and right\n"
    "  --flip              swap top and bottom\n"
    "  --swap-bands=A,B    swap two bands (1-3); --swap-stacks=A,B: two stacks\n"
    "  --swap-rows=A,B     swap two rows of one band (1-9); --swap-columns=A,B:\n"
    "                      two columns of one stack\n"
    "  --relabel=DIGITS    digit d becomes the d-th of DIGITS, nine digits each\n"
    "                      once (--relabel=987654321 swaps 1 and 9, 2 and 8, ...)\n"
    "  --rows=LINES        row i of the result is row LINES[i]: nine digits each\n"
    "                      once, the rows of a band together; --columns=LINES:\n"
    "                      the same for columns. With --transpose first and\n"
    "                      --relabel last they take what 'sudoku canon --format\n"
    "                      json' gives as \"transform\"\n"
    "  --random            a transformation drawn uniformly from all 2 x 6^8 x 9!,\n"
    "                      a new one for each puzzle\n"
    "  --seed=N            seed --random with N (0 to 2^64-1): the same seed gives\n"
    "                      the same output; without it the seed comes from the\n"
    "                      clock, and --stats says which it was\n"
    "  --invert            apply the inverse of the whole chain instead (undo it)\n"
    "\n"
    "Other options:\n"
    "  --format=FORMAT     line (the default), grid, or json: one object per puzzle\n"
    "                      per line with the puzzle, the \"result\" and the\n"
    "                      \"transform\" applied (as canon gives it)\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one,\n"
                      "                      in input order\n"
                      "  --first-line=N      number the lines read from N (a chunk of a larger\n"
                      "                      input: docs/scale-out.md)\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "A record that is not a puzzle gets the line 'invalid' and a diagnostic\n"
                      "on stderr.\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle was transformed\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
                      "\n"
                      "More: docs/canon.md; the manual: man sudoku.\n";

static const cli_format_name formats[] = {
    {"line", FORMAT_LINE}, {"grid", FORMAT_GRID}, {"json", FORMAT_JSON}, {"svg", FORMAT_SVG},
    {NULL, FORMAT_AUTO}};

enum {
    KEY_ROTATE = 256,
    KEY_TRANSPOSE,
    KEY_ANTITRANSPOSE,
    KEY_MIRROR,
    KEY_FLIP,
    KEY_SWAP_BANDS,
    KEY_SWAP_ROWS,
    KEY_SWAP_STACKS,
    KEY_SWAP_COLUMNS,
    KEY_RELABEL,
    KEY_ROWS,
    KEY_COLUMNS,
    KEY_RANDOM,
    KEY_SEED,
    KEY_INVERT
};

static const cli_option options[] = {{"rotate", true, KEY_ROTATE},
                                     {"transpose", false, KEY_TRANSPOSE},
                                     {"antitranspose", false, KEY_ANTITRANSPOSE},
                                     {"mirror", false, KEY_MIRROR},
                                     {"flip", false, KEY_FLIP},
                                     {"swap-bands", true, KEY_SWAP_BANDS},
                                     {"swap-rows", true, KEY_SWAP_ROWS},
                                     {"swap-stacks", true, KEY_SWAP_STACKS},
                                     {"swap-columns", true, KEY_SWAP_COLUMNS},
                                     {"relabel", true, KEY_RELABEL},
                                     {"rows", true, KEY_ROWS},
                                     {"columns", true, KEY_COLUMNS},
                                     {"random", false, KEY_RANDOM},
                                     {"seed", true, KEY_SEED},
                                     {"invert", false, KEY_INVERT},
                                     {NULL, false, 0}};

static int usage(const char *fmt, const char *value)
{
    return cli_usage_error("transform", fmt, value);
}

/* Reads nine digits 1-9, each once, into values (less one if lines). */
static bool parse_nine(const char *value, uint8_t values[9], bool lines)
{
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        if (value[i] < '1' || value[i] > '9') return false;
        values[i] = (uint8_t)(value[i] - '0' - (lines ? 1 : 0));
        seen |= 1u << (value[i] - '0');
    }
    return value[9] == '\0' && seen == 0x3FEu;
}

/* Reads "A,B": two numbers from 1 to count. */
static bool parse_pair(const char *value, int count, int *a, int *b)
{
    char *end;
    long x = strtol(value, &end, 10);
    if (end == value || *end != ',' || value[0] < '0' || value[0] > '9') return false;
    const char *second = end + 1;
    long y = strtol(second, &end, 10);
    if (end == second || *end || second[0] < '0' || second[0] > '9') return false;
    if (x < 1 || y < 1 || x > count || y > count) return false;
    *a = (int)x - 1;
    *b = (int)y - 1;
    return true;
}

static int take_swap(sudoku_transform *t, int key, const char *value)
{
    static const struct {
        sudoku_lines what;
        int count;
        const char *error;
    } swaps[] = {
        {SUDOKU_BANDS, 3, "--swap-bands needs two bands from 1 to 3, as in 1,3, not '%s'"},
        {SUDOKU_ROWS, 9, "--swap-rows needs two rows of one band, as in 4,6, not '%s'"},
        {SUDOKU_STACKS, 3, "--swap-stacks needs two stacks from 1 to 3, as in 1,3, not '%s'"},
        {SUDOKU_COLUMNS, 9, "--swap-columns needs two columns of one stack, as in 4,6, not '%s'"},
    };
    int i = key - KEY_SWAP_BANDS, a, b;
    if (!parse_pair(value, swaps[i].count, &a, &b) || !sudoku_transform_swap(t, swaps[i].what, a, b))
        return usage(swaps[i].error, value);
    return 0;
}

/* Reads an option that names one fixed transformation into t. */
static int take_fixed(sudoku_transform *t, int key, const char *value)
{
    uint8_t nine[9];
    sudoku_transform_identity(t);
    switch (key) {
    case KEY_ROTATE:
        if (strcmp(value, "90") != 0 && strcmp(value, "180") != 0 && strcmp(value, "270") != 0)
            return usage("--rotate takes 90, 180 or 270 (degrees clockwise), not '%s'", value);
        sudoku_transform_rotate(t, atoi(value) / 90);
        return 0;
    case KEY_TRANSPOSE: sudoku_transform_reflect(t, SUDOKU_DIAGONAL); return 0;
    case KEY_ANTITRANSPOSE: sudoku_transform_reflect(t, SUDOKU_ANTIDIAGONAL); return 0;
    case KEY_MIRROR: sudoku_transform_reflect(t, SUDOKU_MIRROR); return 0;
    case KEY_FLIP: sudoku_transform_reflect(t, SUDOKU_FLIP); return 0;
    case KEY_RELABEL:
        if (!parse_nine(value, nine, false) || !sudoku_transform_relabel(t, nine))
            return usage("--relabel needs the digits 1-9, each once, as in 987654321, not '%s'",
                         value);
        return 0;
    case KEY_ROWS:
    case KEY_COLUMNS:
        if (!parse_nine(value, key == KEY_ROWS ? t->rows : t->columns, true) ||
            !sudoku_transform_valid(t))
            return usage(key == KEY_ROWS ? "--rows needs the rows 1-9, each once, those of a band "
                                           "together, as in 312978456, not '%s'"
                                         : "--columns needs the columns 1-9, each once, those "
                                           "of a stack together, as in 312978456, not '%s'",
                          value);
        return 0;
    default: return take_swap(t, key, value);
    }
}

static int take_option(void *options_, int key, const char *value)
{
    transform_options *opt = options_;
    switch (key) {
    case KEY_INVERT: opt->invert = true; return 0;
    case KEY_SEED:
        if (!cli_parse_seed(value, &opt->seed))
            return usage("--seed needs a whole number from 0 to 2^64-1, not '%s'", value);
        opt->seeded = true;
        return 0;
    default: break;
    }
    if (opt->nsteps == MAX_STEPS)
        return usage("%s", "too many transformations (at most " NUMBER_TEXT(MAX_STEPS) ")");
    transform_step *step = &opt->steps[opt->nsteps];
    step->random = key == KEY_RANDOM;
    int rc = step->random ? 0 : take_fixed(&step->t, key, value);
    if (rc) return rc;
    opt->random |= step->random;
    opt->nsteps++;
    return 0;
}

static int check_options(void *options_, const cli_common *common)
{
    const transform_options *opt = options_;
    (void)common;
    if (opt->nsteps == 0)
        return usage("%s", "no transformation given (--rotate, --transpose, --mirror, --random, "
                           "...)");
    if (opt->seeded && !opt->random) return usage("%s", "--seed only applies with --random");
    return 0;
}

/* ---- the work and the report ---- */

/* The generator's state for a record: the seed and the record's place,
 * mixed so that neighbouring records draw unrelated transformations. */
static uint64_t record_state(uint64_t seed, unsigned long number)
{
    return seed ^ ((uint64_t)number + 1) * 0xD1B54A32D192ED03u;
}

static void transform_work(const cli_run *run, cli_job *base)
{
    const transform_options *opt = run->options;
    forms_job *job = (forms_job *)base;
    const sudoku_record *record = &base->record;
    job->refusal = NULL;
    job->done = record->ok;
    if (!job->done) return;
    /* A chunk of a larger input (--first-line N) continues the places of
     * the whole: with one record a line, a chunk's draws are the whole run's. */
    uint64_t state =
        record_state(opt->seed, base->number + (unsigned long)cli_lines_before(run->common));
    sudoku_transform_identity(&job->how);
    for (int i = 0; i < opt->nsteps; i++) {
        sudoku_transform drawn;
        const sudoku_transform *step = &opt->steps[i].t;
        if (opt->steps[i].random) {
            sudoku_transform_random(&drawn, &state);
            step = &drawn;
        }
        sudoku_transform_then(&job->how, step, &job->how);
    }
    if (opt->invert) sudoku_transform_invert(&job->how, &job->how);
    if (record->pencilmarks)
        sudoku_transform_apply_board(&job->how, &record->board, &job->board);
    else
        sudoku_transform_apply(&job->how, &record->grid, &job->grid);
}

static void transform_report(cli_run *run, cli_job *base)
{
    const transform_options *opt = run->options;
    forms_report(run, (forms_job *)base, opt->output);
}

static void transform_stats(const cli_run *run, double seconds)
{
    const transform_options *opt = run->options;
    char more[64] = "";
    if (opt->random) snprintf(more, sizeof more, "; seed %" PRIu64, opt->seed);
    forms_stats(run, seconds, "transformed", more);
}

static const cli_command transform_command = {
    .name = "transform",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(forms_job),
    .batch_records = FORMS_BATCH,
    .work = transform_work,
    .report = transform_report,
    .stats = transform_stats,
};

/* A seed nobody gave: the clock and the process, different on each run. */
static uint64_t fresh_seed(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) ^ (uint64_t)getpid() << 40;
}

int cli_transform(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_LINE, .jobs = 1};
    forms_output output = {.result_name = "result", .automorphisms = false};
    transform_options *opt = calloc(1, sizeof *opt); /* a few kilobytes: not on the stack */
    if (!opt) {
        cli_error("out of memory");
        return EXIT_BAD_INPUT;
    }
    opt->output = &output;
    int operands;
    int rc = cli_parse_options(&transform_command, argc, argv, &common, opt, &operands);
    if (rc < 0) {
        if (!opt->seeded) opt->seed = fresh_seed();
        rc = cli_run_command(&transform_command, &common, opt, operands, argv + 1);
    }
    cli_text_free(&output.text);
    free(opt);
    return rc;
}
