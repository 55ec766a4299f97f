/*
 * cmd_solve.c: `sudoku solve`: solves each record through the library (on
 * any thread), or propagates it for --show-candidates or counts its
 * solutions, then, in input order, writes its output record, reports
 * trouble on stderr, and keeps the totals behind --stats and the exit status.
 *
 * Output records never go missing: every input record yields exactly one,
 * and one that failed is a single line no solution could be mistaken for
 * ("invalid", "no solution", "multiple solutions"); see sudoku(1).
 */
#include "cli.h"
#include "pictures.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Solutions counted by --count when no --limit is given: enough to tell a
 * near-unique puzzle from a wide-open one, and reached at once even on the
 * empty grid. */
#define DEFAULT_COUNT_LIMIT 1000UL

/* Records per batch: enough that waking the threads costs little per record
 * (a batch of the easiest puzzles still takes milliseconds), few enough to
 * stay in the processor's cache and keep memory flat (under 1 MiB). */
#define SOLVE_BATCH 1024

/* Guesses a record may take by default (--budget): about ten thousand
 * times what the hardest solvable puzzles of the shared datasets need
 * (926), a few seconds of work; only puzzles with few clues and no
 * solution, and --count with a large --limit, come near it. */
#define DEFAULT_BUDGET 10000000ULL

typedef struct solve_options {
    bool show_candidates, unique, count, limit_given;
    unsigned long limit;
    unsigned long long budget; /* guesses per record; 0: no limit */
} solve_options;

/* One record of solve: the pipeline's part, then what the work found. */
typedef struct solve_job {
    cli_job base;
    bool consistent;      /* --show-candidates: singles met no contradiction */
    sudoku_board board;   /* --show-candidates: the state singles reached, when consistent */
    sudoku_result result; /* what search found (no solution when not consistent) */
} solve_job;

static const char help_text[] =
    "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Solves 9x9 Sudoku puzzles and checks that each solution is unique. A PUZZLE\n"
    "argument is 81 cells in any layout ('1'-'9' givens; '0', '.', '-', '*', '_',\n"
    "'?' or 'x' blanks; grids, lists, CSV or tab-separated rows, spaces for blanks).\n"
    "An argument that is not a puzzle but names a readable file is read as a file\n"
    "of puzzles, one per line or as 9-line grids; '-', or no argument, reads\n"
    "standard input.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     grid, line or json (JSON Lines). The default is grid\n"
    "                      when every puzzle is given as an argument, else line\n"
    "                      for every record of the run (a file, standard input)\n"
    "  --show-candidates   print the candidates that propagation alone (naked and\n"
    "                      hidden singles) leaves, instead of the solution; the\n"
    "                      puzzle is still checked, and the exit status says how\n"
    "  --unique            treat a puzzle with several solutions as a failure\n"
    "                      (by default its first solution is printed, with a\n"
    "                      warning on stderr)\n"
    "  --count             print the number of solutions instead, up to the limit\n"
    "  --limit=N           with --count, stop at N solutions (default 1000),\n"
    "                      printed as 'at least N'; each solution costs a guess\n"
    "                      or more, so a large limit needs a larger --budget\n"
    "  --budget=N          give up on a puzzle after N guesses (a count, not a\n"
    "                      time, so the same on every machine; k, M and G\n"
    "                      multiply by a thousand, a million, a billion; 0: no\n"
    "                      limit); default 10M, a few seconds: it prints 'over\n"
    "                      budget' and the stream goes on\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        solve on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one,\n"
                      "                      in input order\n"
                      "  --first-line=N      number the lines read from N (a chunk of a larger\n"
                      "                      input: docs/scale-out.md)\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "A puzzle that cannot be solved or read still gets its output record, one\n"
                      "line: 'no solution', 'multiple solutions' (with --unique), 'over budget'\n"
                      "or 'invalid', and a diagnostic on stderr naming its source and line.\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle was solved\n"
                      "  1  some puzzle has no solution (or several, with --unique), or went\n"
                      "     over --budget\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
                      "When several apply, the highest wins.\n"
                      "\n"
                      "Other commands: explain, hint, rate, canon, transform, generate, check,\n"
                      "vicinity ('sudoku --help').\n"
                      "The manual: man sudoku; every input layout: its section INPUT.\n";

static const cli_format_name formats[] = {{"grid", FORMAT_GRID},
                                          {"line", FORMAT_LINE},
                                          {"json", FORMAT_JSON},
                                          {"svg", FORMAT_SVG},
                                          {NULL, FORMAT_AUTO}};

enum { KEY_SHOW_CANDIDATES = 256, KEY_UNIQUE, KEY_COUNT, KEY_LIMIT, KEY_BUDGET };

static const cli_option options[] = {{"show-candidates", false, KEY_SHOW_CANDIDATES},
                                     {"unique", false, KEY_UNIQUE},
                                     {"count", false, KEY_COUNT},
                                     {"limit", true, KEY_LIMIT},
                                     {"budget", true, KEY_BUDGET},
                                     {NULL, false, 0}};

static int take_option(void *options_, int key, const char *value)
{
    solve_options *opt = options_;
    unsigned long limit;
    switch (key) {
    case KEY_SHOW_CANDIDATES: opt->show_candidates = true; break;
    case KEY_UNIQUE: opt->unique = true; break;
    case KEY_COUNT: opt->count = true; break;
    case KEY_LIMIT:
        if (!cli_parse_number(value, &limit) && cli_too_large(value)) {
            char message[128];
            snprintf(message, sizeof message, "--limit is too large: '%.40s' (at most %lu)", value,
                     ULONG_MAX);
            return cli_usage_error("solve", "%s", message);
        }
        if (!cli_parse_number(value, &limit) || limit == 0)
            return cli_usage_error("solve", "--limit needs a whole number from 1 up, not '%s'",
                                   value);
        opt->limit = limit;
        opt->limit_given = true;
        break;
    case KEY_BUDGET: return cli_take_guess_budget("solve", value, &opt->budget);
    default: break;
    }
    return 0;
}

static int check_options(void *options_, const cli_common *common)
{
    const solve_options *opt = options_;
    if (opt->limit_given && !opt->count)
        return cli_usage_error("solve", "%s", "--limit only applies with --count");
    if (opt->count && opt->show_candidates)
        return cli_usage_error("solve", "%s",
                               "--count and --show-candidates cannot be used together");
    if (opt->count && common->format == FORMAT_SVG)
        return cli_usage_error("solve", "%s", "--count writes numbers, not pictures (--format svg)");
    return 0;
}

/* ---- the work: on any thread ---- */

/* The state singles reach from a board of candidates: every candidate the
 * board lacks eliminated, with singles propagated. Returns false if a
 * contradiction is found. */
static bool propagate_board(const sudoku_board *given, sudoku_board *board)
{
    sudoku_board_init(board);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int digit = 1; digit <= 9; digit++)
            if (!(given->candidates[cell] & (1u << (digit - 1))) &&
                !sudoku_eliminate(board, cell, digit))
                return false;
    return true;
}

static void solve_work(const cli_run *run, cli_job *base)
{
    const solve_options *opt = run->options;
    solve_job *job = (solve_job *)base;
    const sudoku_record *record = &base->record;
    unsigned long limit = opt->count ? opt->limit : 2;
    memset(&job->result, 0, sizeof job->result);
    job->consistent = false;
    if (!record->ok) return;
    unsigned long budget = (unsigned long)opt->budget;
    if (!opt->show_candidates) { /* no detour through the singles-only board */
        if (record->pencilmarks)
            sudoku_search_within(&record->board, limit, budget, &job->result);
        else
            sudoku_solve_within(&record->grid, limit, budget, &job->result);
        return;
    }
    job->consistent = record->pencilmarks ? propagate_board(&record->board, &job->board)
                                          : sudoku_propagate(&record->grid, &job->board);
    if (job->consistent) sudoku_search_within(&job->board, limit, budget, &job->result);
}

/* ---- the report: in input order ---- */

/* What becomes of a job: its report, and the line or grid to print. */
typedef struct outcome {
    const solve_job *job;
    sudoku_report report;
    const char *marker; /* the one-line output of a failed record, or NULL */
} outcome;

/* Writes the n characters a format function put in text (SUDOKU_TEXT_MAX
 * bytes, always enough but for JSON), then a line end if line is set. */
static void put_text(cli_run *run, char *text, size_t n, bool line)
{
    if (line) text[n++] = '\n';
    fwrite(text, 1, n, run->out);
}

/* Writes a JSON record whole, however long its source name (a path may
 * be 4,095 bytes): one that does not fit the usual buffer is formatted
 * again into one of its size. Should memory be short even for that, the
 * record goes without its source, which is the part of no bounded length,
 * and the run says so: still one valid record in its place. */
static void put_json(cli_run *run, sudoku_report *report)
{
    char text[SUDOKU_TEXT_MAX];
    size_t n = sudoku_format_json(report, text, sizeof text);
    if (n < sizeof text) {
        put_text(run, text, n, true);
        return;
    }
    char *big = malloc(n + 2);
    if (!big) {
        cli_error("out of memory: a JSON record written without its source");
        cli_raise_status(run, EXIT_BAD_INPUT);
        report->source = NULL;
        put_text(run, text, sudoku_format_json(report, text, sizeof text), true);
        return;
    }
    put_text(run, big, sudoku_format_json(report, big, n + 1), true);
    free(big);
}

/* The solution drawn, its givens told apart, or the candidates singles
 * leave (--show-candidates). */
static void write_picture(cli_run *run, const outcome *o)
{
    const solve_options *opt = run->options;
    const solve_job *job = o->job;
    const sudoku_grid *givens = &job->base.record.grid;
    sudoku_logic state;
    picture_request request = {givens, &job->result.solution, NULL, NULL, 0};
    cli_text svg = {0};
    if (opt->show_candidates) {
        sudoku_logic_from_board(&state, &job->board);
        request.state = &state;
    }
    pictures_add_svg(&svg, &request);
    if (svg.failed) {
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(&job->base, job->base.record.line, "out of memory");
        fputs("invalid\n", run->out);
    } else {
        pictures_write(run, &job->base, svg.data, svg.len);
    }
    cli_text_free(&svg);
}

static void write_outcome(cli_run *run, outcome *o, cli_format format)
{
    const solve_job *job = o->job;
    char text[SUDOKU_TEXT_MAX];
    const solve_options *opt = run->options;
    bool grid = format == FORMAT_GRID;
    cli_start_record(run, grid);
    size_t n;
    if (format == FORMAT_JSON) {
        put_json(run, &o->report);
        return;
    }
    if (o->marker) {
        fprintf(run->out, "%s\n", o->marker);
        return;
    } else if (opt->count) {
        fprintf(run->out, "%s%ld\n", o->report.at_least ? "at least " : "", o->report.solutions);
        return;
    } else if (format == FORMAT_SVG) {
        write_picture(run, o);
        return;
    } else if (opt->show_candidates) {
        n = grid ? sudoku_format_candidates(&job->board, text, sizeof text)
                 : sudoku_format_candidates_line(&job->board, text, sizeof text);
    } else {
        n = grid ? sudoku_format_grid(&job->result.solution, text, sizeof text)
                 : sudoku_format_line(&job->result.solution, text, sizeof text);
    }
    put_text(run, text, n, !grid); /* a grid ends with its line end already */
}

/* A puzzle whose search gave up at --budget: neither solved nor refuted,
 * its own outcome (as `sudoku rate` has it); with --count, the solutions
 * found until then are a lower bound. */
static void over_budget(cli_run *run, outcome *o, long line)
{
    const solve_options *opt = run->options;
    char message[160];
    o->report.status = SUDOKU_OVER_BUDGET;
    o->report.at_least = true;
    o->report.error = "over budget (--budget)";
    o->marker = "over budget";
    run->totals.over_budget++;
    cli_raise_status(run, EXIT_UNSOLVED);
    if (opt->count)
        snprintf(message, sizeof message,
                 "gave up after %lu solution%s: over the budget of %llu guess%s (--budget)",
                 o->job->result.solutions, o->job->result.solutions == 1 ? "" : "s",
                 opt->budget, opt->budget == 1 ? "" : "es");
    else
        snprintf(message, sizeof message, "gave up: over the budget of %llu guess%s (--budget)",
                 opt->budget, opt->budget == 1 ? "" : "es");
    cli_record_error(&o->job->base, line, message);
}

/* Classifies a valid puzzle by its solutions and says on stderr what is
 * wrong with it, if anything. */
static void judge(cli_run *run, outcome *o, long line)
{
    const solve_options *opt = run->options;
    const sudoku_result *result = &o->job->result;
    const cli_job *job = &o->job->base;
    unsigned long limit = opt->count ? opt->limit : 2;
    unsigned long found = result->solutions;
    run->totals.guesses += result->guesses;
    o->report.solutions = opt->count ? (long)found : -1;
    o->report.at_least = found >= limit;
    o->report.guesses = result->guesses;
    if (result->over_budget) {
        over_budget(run, o, line);
        return;
    }
    if (found == 0) {
        o->report.status = SUDOKU_NO_SOLUTION;
        if (!opt->count) o->marker = "no solution";
        run->totals.no_solution++;
        cli_raise_status(run, EXIT_UNSOLVED);
        cli_record_error(job, line, "no solution");
        return;
    }
    o->report.solution = &result->solution;
    if (found == 1) {
        o->report.status = SUDOKU_SOLVED;
        run->totals.solved++;
        return;
    }
    o->report.status = SUDOKU_MULTIPLE;
    run->totals.multiple++;
    if (opt->unique) {
        o->report.solution = NULL;
        if (!opt->count) o->marker = "multiple solutions";
        cli_raise_status(run, EXIT_UNSOLVED);
        cli_record_error(job, line, "more than one solution (--unique)");
    } else if (opt->show_candidates) {
        cli_record_error(job, line, "warning: more than one solution");
    } else if (!opt->count) {
        cli_record_error(job, line, "warning: more than one solution; printed the first");
    }
}

static void solve_report(cli_run *run, cli_job *base)
{
    const solve_options *opt = run->options;
    const solve_job *job = (const solve_job *)base;
    const sudoku_record *record = &base->record;
    cli_format format = run->common->format;
    char label[32];
    outcome o;
    memset(&o, 0, sizeof o);
    o.report.source = cli_source_name(&base->source, label);
    o.report.line = record->line;
    o.report.solutions = -1;
    o.job = job;
    /* One shape for the whole run: grids only when every puzzle is an
     * argument, so that a file's lines never mix with grids. */
    if (format == FORMAT_AUTO) format = run->streams ? FORMAT_LINE : FORMAT_GRID;

    if (!record->ok) {
        o.report.status = SUDOKU_INVALID;
        o.report.error = record->error.message;
        o.marker = "invalid";
        run->totals.invalid++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, cli_error_line(record), record->error.message);
        write_outcome(run, &o, format);
        return;
    }
    o.report.puzzle = &record->grid;
    if (job->consistent && opt->show_candidates) o.report.candidates = &job->board;
    judge(run, &o, record->line);
    if (o.report.candidates) o.marker = NULL; /* the grid is what was asked for */
    write_outcome(run, &o, format);
}

static void solve_stats(const cli_run *run, double seconds)
{
    const cli_totals *t = &run->totals;
    unsigned long read = t->solved + t->no_solution + t->multiple + t->over_budget + t->invalid;
    unsigned long searched = read - t->invalid;
    char speed[32];
    cli_error("stats: %lu puzzle%s read, %lu solved, %lu no solution, %lu multiple, "
              "%lu over budget, %lu invalid; %.3f s, %s, %.1f guesses per puzzle",
              read, read == 1 ? "" : "s", t->solved, t->no_solution, t->multiple, t->over_budget,
              t->invalid, seconds, cli_speed(speed, read, seconds),
              searched ? (double)t->guesses / (double)searched : 0.0);
}

static const cli_command solve_command = {
    .name = "solve",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(solve_job),
    .batch_records = SOLVE_BATCH,
    .work = solve_work,
    .report = solve_report,
    .stats = solve_stats,
};

int cli_solve(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_AUTO, .jobs = 1};
    solve_options opt = {.limit = DEFAULT_COUNT_LIMIT, .budget = DEFAULT_BUDGET};
    int operands;
    int rc = cli_parse_options(&solve_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&solve_command, &common, &opt, operands, argv + 1);
}
