/*
 * cmd_check.c: `sudoku check`: what a setter checks of each puzzle before
 * publishing it: one solution or not, its clue count, whether every clue
 * is needed (and which are not), and the symmetries of its pattern; and,
 * when asked, how hard it is for a machine (--measure): its backdoor
 * size, the solver's guesses, the depth of trial and error.
 */
#include "steps.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* A record's line is short, but finding its redundant clues takes a
 * search per clue: batches as solve's. */
#define CHECK_BATCH 1024

/* The largest backdoor looked for: the hardest puzzles known have 3 (a
 * set of 4 among 64 open cells is 635,376 sets, half a second). */
#define BACKDOOR_MOST 4

/* The deepest trial and error looked at: no puzzle known needs 3. */
#define DEPTH_MOST 2

static const char help_text[] =
    "Usage: sudoku check [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Checks each puzzle as a setter would before publishing it, one line per\n"
    "puzzle: the puzzle, then whether it has one solution ('unique'), none or\n"
    "several; its number of clues; whether it is minimal (no clue can go and\n"
    "leave one solution) and if not, which clues could go, each alone; and the\n"
    "symmetries of its pattern of clues (docs/generate.md names them), e.g.\n"
    "  <puzzle> unique, 24 clues, minimal, symmetry rotate180\n"
    "  <puzzle> unique, 26 clues, not minimal (r1c3 r5c5 can go, each alone), symmetry none\n"
    "  <puzzle> multiple solutions, 19 clues, symmetry none\n"
    "A puzzle the solver cannot settle within its budget of guesses (--budget)\n"
    "gets 'over budget'.\n"
    "A PUZZLE argument is 81 cells in any layout; another argument names a file\n"
    "of puzzles; '-', or no argument, reads standard input. A record that gives\n"
    "candidates (pencilmarks) is 'invalid': a setter's puzzle is its clues.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     text (the default) or json: one object per puzzle per\n"
    "                      line, with \"status\" (unique, no_solution, multiple,\n"
    "                      over_budget or invalid), \"solutions\" (0, 1 or 2 for\n"
    "                      two or more; null over budget),\n"
    "                      \"clues\", \"minimal\", \"redundant\" ([row, column] of\n"
    "                      each clue that could go) and \"symmetry\"\n"
    "  --minimal           count a puzzle that is not minimal as a failure too\n"
    "                      (exit status 1)\n"
    "  --measure=LIST      also say how hard the puzzle is for a machine, each of\n"
    "                      LIST (comma-separated; all: the three): backdoor (the\n"
    "                      fewest cells whose digits let naked and hidden singles\n"
    "                      solve the rest; '>4' if none of 4 does), guesses (the\n"
    "                      solver's, to find the solution and prove it the only\n"
    "                      one), depth (Berthier's depth of trial and error: 0 for\n"
    "                      singles alone; '>2' beyond 2); each as ', backdoor 2',\n"
    "                      ', guesses 14', ', T&E depth 1' (JSON: \"backdoor\",\n"
    "                      \"guesses\", \"depth\"; null for a puzzle without one\n"
    "                      solution); docs/generate.md defines them\n"
    "  --budget=N          give up on a puzzle whose solutions take more than N\n"
    "                      guesses to count (k, M, G: a thousand, a million, a\n"
    "                      billion; 0: no limit; default 10M, a few seconds)\n"
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
                      "Exit status:\n"
                      "  0  every puzzle has exactly one solution (and is minimal, with "
                      "--minimal)\n"
                      "  1  some puzzle has no solution or several, or went over budget (or is\n"
                      "     not minimal, with --minimal)\n"
                      "  2  usage error, malformed puzzle, candidates, unreadable input or\n"
                      "     unwritable output\n"
                      "When several apply, the highest wins.\n";

/* The measures --measure names. */
#define MEASURE_BACKDOOR 1u
#define MEASURE_GUESSES 2u
#define MEASURE_DEPTH 4u

typedef struct check_options {
    bool minimal;              /* --minimal: a puzzle that is not fails */
    unsigned long long budget; /* guesses to count a puzzle's solutions; 0: no limit */
    unsigned measures;         /* --measure: MEASURE_* */
} check_options;

enum { KEY_MINIMAL = 256, KEY_BUDGET, KEY_MEASURE };

static const cli_option options[] = {{"minimal", false, KEY_MINIMAL},
                                     {"budget", true, KEY_BUDGET},
                                     {"measure", true, KEY_MEASURE},
                                     {NULL, false, 0}};

/* --measure=LIST: backdoor, guesses, depth, comma-separated, or all. */
static int take_measures(check_options *opt, const char *value)
{
    static const struct {
        const char *name;
        unsigned measures;
    } names[] = {{"backdoor", MEASURE_BACKDOOR},
                 {"guesses", MEASURE_GUESSES},
                 {"depth", MEASURE_DEPTH},
                 {"all", MEASURE_BACKDOOR | MEASURE_GUESSES | MEASURE_DEPTH}};
    opt->measures = 0;
    for (const char *at = value;;) {
        size_t n = strcspn(at, ",");
        bool known = false;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (n == strlen(names[i].name) && strncmp(at, names[i].name, n) == 0) {
                opt->measures |= names[i].measures;
                known = true;
            }
        if (!known)
            return cli_usage_error("check",
                                   "--measure takes backdoor, guesses, depth or all, "
                                   "comma-separated, not '%s'",
                                   value);
        if (!at[n]) return 0;
        at += n + 1;
    }
}

static int take_option(void *options_, int key, const char *value)
{
    check_options *opt = options_;
    if (key == KEY_MINIMAL) opt->minimal = true;
    if (key == KEY_BUDGET) return cli_take_guess_budget("check", value, &opt->budget);
    if (key == KEY_MEASURE) return take_measures(opt, value);
    return 0;
}

static const cli_format_name formats[] = {
    {"text", FORMAT_TEXT}, {"json", FORMAT_JSON}, {NULL, FORMAT_AUTO}};

typedef struct check_job {
    cli_job base;
    const char *refusal;     /* why a record that read well is not checked */
    unsigned long solutions; /* 0, 1, or 2 for two or more */
    bool over_budget;        /* the solver gave up (--budget guesses) */
    int clues;
    int redundant; /* clues that could go; -1 when the puzzle has no one solution */
    bool can_go[SUDOKU_CELLS];
    unsigned symmetries; /* sudoku_symmetries_of */
    unsigned long guesses; /* the solver's */
    int backdoor, depth;   /* sudoku_backdoor_size, sudoku_trial_depth (for --measure) */
} check_job;

static void check_work(const cli_run *run, cli_job *base)
{
    check_job *job = (check_job *)base;
    const sudoku_record *record = &base->record;
    const check_options *opt = run->options;
    job->refusal = NULL;
    if (!record->ok) return;
    if (record->pencilmarks) {
        job->refusal = "check takes puzzles given by their cells, not candidates (pencilmarks)";
        return;
    }
    sudoku_result result;
    job->solutions = sudoku_solve_within(&record->grid, 2, (unsigned long)opt->budget, &result);
    job->over_budget = result.over_budget;
    job->clues = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) job->clues += record->grid.cell[cell] != 0;
    job->redundant = job->solutions == 1 ? sudoku_redundant_clues(&record->grid, job->can_go) : -1;
    job->symmetries = sudoku_symmetries_of(&record->grid);
    job->guesses = result.guesses;
    bool unique = job->solutions == 1 && !job->over_budget;
    job->backdoor = unique && (opt->measures & MEASURE_BACKDOOR)
                        ? sudoku_backdoor_size(&record->grid, BACKDOOR_MOST, 0)
                        : SUDOKU_MEASURE_NO_SOLUTION;
    job->depth = unique && (opt->measures & MEASURE_DEPTH)
                     ? sudoku_trial_depth(&record->grid, DEPTH_MOST, 0)
                     : SUDOKU_MEASURE_NO_SOLUTION;
}

/* A measure in words (", backdoor 2") or JSON (",\"backdoor\":2"): a
 * value above most is ">most" (a string in JSON); null (JSON) or nothing
 * (text) when the puzzle has not one solution. */
static void add_measure(cli_text *text, const char *name, const char *key, long value, long most,
                        bool json)
{
    if (json) {
        cli_text_printf(text, ",\"%s\":", key);
        if (value < 0)
            cli_text_puts(text, "null");
        else if (value > most)
            cli_text_printf(text, "\">%ld\"", most);
        else
            cli_text_printf(text, "%ld", value);
    } else if (value > most) {
        cli_text_printf(text, ", %s >%ld", name, most);
    } else if (value >= 0) {
        cli_text_printf(text, ", %s %ld", name, value);
    }
}

static void add_measures(cli_text *text, const check_job *job, unsigned measures, bool json)
{
    bool unique = job->solutions == 1 && !job->over_budget;
    if (measures & MEASURE_BACKDOOR)
        add_measure(text, "backdoor", "backdoor", job->backdoor, BACKDOOR_MOST, json);
    if (measures & MEASURE_GUESSES)
        add_measure(text, "guesses", "guesses", unique ? (long)job->guesses : -1, LONG_MAX, json);
    if (measures & MEASURE_DEPTH)
        add_measure(text, "T&E depth", "depth", job->depth, DEPTH_MOST, json);
}

/* The symmetries to name: those no other found symmetry includes (a
 * quarter turn includes the half turn; "full" includes every other). */
static unsigned strongest(unsigned found)
{
    unsigned named = 0;
    for (int s = 1; s < SUDOKU_SYMMETRIES; s++) {
        if (!(found & (1u << s))) continue;
        bool included = false;
        for (int t = 1; t < SUDOKU_SYMMETRIES && !included; t++)
            included = t != s && (found & (1u << t)) &&
                       sudoku_symmetry_includes((sudoku_symmetry)t, (sudoku_symmetry)s);
        if (!included) named |= 1u << s;
    }
    return named;
}

static const char *status_name(const check_job *job)
{
    if (!job->base.record.ok || job->refusal) return "invalid";
    if (job->over_budget) return "over_budget";
    return job->solutions == 0 ? "no_solution" : job->solutions == 1 ? "unique" : "multiple";
}

/* The verdict in words, as the text record gives it. */
static const char *verdict(const check_job *job)
{
    if (job->over_budget) return "over budget";
    return job->solutions == 0   ? "no solution"
           : job->solutions == 1 ? "unique"
                                 : "multiple solutions";
}

static void add_symmetries(cli_text *text, unsigned found, bool json)
{
    unsigned named = strongest(found);
    cli_text_puts(text, json ? ",\"symmetry\":[" : ", symmetry ");
    if (!named && !json) cli_text_puts(text, "none");
    const char *separator = "";
    for (int s = 1; s < SUDOKU_SYMMETRIES; s++) {
        if (!(named & (1u << s))) continue;
        cli_text_printf(text, json ? "%s\"%s\"" : "%s%s", separator,
                        sudoku_symmetry_name((sudoku_symmetry)s));
        separator = json ? "," : " ";
    }
    if (json) cli_text_puts(text, "]");
}

/* The clues that could go, each as "r1c3" (text) or [1,3] (JSON). */
static void add_redundant(cli_text *text, const check_job *job, bool json)
{
    const char *separator = "";
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!job->can_go[cell]) continue;
        cli_text_printf(text, json ? "%s[%d,%d]" : "%sr%dc%d", separator, cell / 9 + 1,
                        cell % 9 + 1);
        separator = json ? "," : " ";
    }
}

static void add_text(cli_text *text, const check_job *job, unsigned measures)
{
    char puzzle[SUDOKU_TEXT_MAX];
    cli_puzzle_text(&job->base.record, puzzle, sizeof puzzle);
    cli_text_printf(text, "%s %s, %d clues", puzzle, verdict(job), job->clues);
    if (job->redundant == 0) cli_text_puts(text, ", minimal");
    if (job->redundant > 0) {
        cli_text_puts(text, ", not minimal (");
        add_redundant(text, job, false);
        cli_text_puts(text, job->redundant == 1 ? " can go)" : " can go, each alone)");
    }
    add_symmetries(text, job->symmetries, false);
    add_measures(text, job, measures, false);
    cli_text_puts(text, "\n");
}

/* The JSON record; error is the invalid record's, NULL for the others. */
static void add_json(cli_text *text, const check_job *job, unsigned measures, const char *error)
{
    char label[32];
    cli_text_puts(text, "{\"source\":");
    cli_text_json_string(text, cli_source_name(&job->base.source, label));
    cli_text_printf(text, ",\"line\":%ld,\"status\":\"%s\",\"puzzle\":", job->base.record.line,
                    status_name(job));
    if (job->base.record.ok) {
        char puzzle[SUDOKU_TEXT_MAX];
        cli_puzzle_text(&job->base.record, puzzle, sizeof puzzle);
        cli_text_json_string(text, puzzle);
    } else {
        cli_text_puts(text, "null");
    }
    if (error) {
        cli_text_puts(text, ",\"solutions\":null,\"clues\":null,\"minimal\":null,"
                            "\"redundant\":null,\"symmetry\":null");
        if (measures & MEASURE_BACKDOOR) cli_text_puts(text, ",\"backdoor\":null");
        if (measures & MEASURE_GUESSES) cli_text_puts(text, ",\"guesses\":null");
        if (measures & MEASURE_DEPTH) cli_text_puts(text, ",\"depth\":null");
        cli_text_puts(text, ",\"error\":");
        cli_text_json_string(text, error);
        cli_text_puts(text, "}\n");
        return;
    }
    if (job->over_budget)
        cli_text_puts(text, ",\"solutions\":null");
    else
        cli_text_printf(text, ",\"solutions\":%lu", job->solutions);
    cli_text_printf(text, ",\"clues\":%d,\"minimal\":%s,\"redundant\":", job->clues,
                    job->redundant < 0    ? "null"
                    : job->redundant == 0 ? "true"
                                          : "false");
    if (job->redundant < 0) {
        cli_text_puts(text, "null");
    } else {
        cli_text_puts(text, "[");
        add_redundant(text, job, true);
        cli_text_puts(text, "]");
    }
    add_symmetries(text, job->symmetries, true);
    add_measures(text, job, measures, true);
    cli_text_puts(text, job->over_budget ? ",\"error\":\"over budget\"}\n" : ",\"error\":null}\n");
}

/* Writes the record's line; returns false (after saying so) if memory ran out. */
static bool write_record(cli_run *run, const check_job *job, const char *error)
{
    const check_options *opt = run->options;
    cli_text text = {0};
    if (run->common->format == FORMAT_JSON)
        add_json(&text, job, opt->measures, error);
    else if (error)
        cli_text_puts(&text, "invalid\n");
    else
        add_text(&text, job, opt->measures);
    bool ok = !text.failed;
    if (ok)
        fwrite(text.data, 1, text.len, run->out);
    else
        fputs("invalid\n", run->out); /* still one record for one */
    cli_text_free(&text);
    return ok;
}

static void check_report(cli_run *run, cli_job *base)
{
    const check_options *opt = run->options;
    check_job *job = (check_job *)base;
    const sudoku_record *record = &base->record;
    cli_totals *t = &run->totals;
    cli_start_record(run, false);
    const char *why = !record->ok ? record->error.message : job->refusal;
    if (!write_record(run, job, why)) {
        t->failed++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, record->line, "out of memory");
        return;
    }
    if (why) {
        t->invalid++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, record->ok ? record->line : cli_error_line(record), why);
        return;
    }
    if (job->over_budget) {
        t->over_budget++;
        cli_raise_status(run, EXIT_UNSOLVED);
        char message[120];
        snprintf(message, sizeof message,
                 "gave up after %llu guess%s: how many solutions it has is not known",
                 opt->budget, opt->budget == 1 ? "" : "es");
        cli_record_error(base, record->line, message);
        return;
    }
    if (job->solutions != 1) {
        if (job->solutions == 0)
            t->no_solution++;
        else
            t->multiple++;
        cli_raise_status(run, EXIT_UNSOLVED);
        cli_record_error(base, record->line,
                         job->solutions == 0 ? "no solution" : "more than one solution");
        return;
    }
    t->solved++;
    if (job->redundant > 0) {
        t->not_minimal++;
        if (opt->minimal) {
            cli_raise_status(run, EXIT_UNSOLVED);
            cli_record_error(base, record->line, "not minimal (--minimal)");
        }
    }
}

static void check_stats(const cli_run *run, double seconds)
{
    const cli_totals *t = &run->totals;
    unsigned long read =
        t->solved + t->no_solution + t->multiple + t->over_budget + t->invalid + t->failed;
    char speed[32];
    cli_error("stats: %lu puzzle%s read, %lu unique (%lu of them not minimal), %lu no solution, "
              "%lu multiple, %lu over budget, %lu invalid; %.3f s, %s",
              read, read == 1 ? "" : "s", t->solved, t->not_minimal, t->no_solution, t->multiple,
              t->over_budget, t->invalid, seconds, cli_speed(speed, read, seconds));
}

static const cli_command check_command = {
    .name = "check",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = NULL,
    .job_size = sizeof(check_job),
    .batch_records = CHECK_BATCH,
    .work = check_work,
    .report = check_report,
    .stats = check_stats,
};

int cli_check(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    check_options opt = {false, STEPS_SEARCH_BUDGET, 0};
    int operands;
    int rc = cli_parse_options(&check_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&check_command, &common, &opt, operands, argv + 1);
}
