/*
 * cmd_vicinity.c: `sudoku vicinity`: the puzzles near each puzzle read,
 * {-N+M} in the researchers' notation: those with one solution made by
 * taking N of its clues away and adding M, each class of equivalent
 * puzzles once (sudoku_vicinity). The puzzles found are written one per
 * line, so that the other commands read them (`| sudoku rate --min 9`);
 * the records keep the input's order, whatever -j is.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Records per batch: a puzzle's neighbours can run to thousands of lines. */
#define VICINITY_BATCH 16

/* The searches' guesses per puzzle by default: a {-2+2} of a hard puzzle
 * takes tens of millions; this is minutes of work. */
#define DEFAULT_BUDGET 1000000000ull

static const char help_text[] =
    "Usage: sudoku vicinity [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Writes the puzzles near each puzzle: those with exactly one solution made\n"
    "by taking N of its clues away and adding M clues ({-N+M}), a clue taken\n"
    "away coming back only with another digit. Each class of equivalent\n"
    "puzzles is written once, at its first puzzle (in the order of the clues\n"
    "taken away, then of the cells and digits added), as it stands beside the\n"
    "puzzle, not in canonical form; the puzzle's own class is left out. One\n"
    "puzzle per line, the neighbours of each input in input order, so that\n"
    "the output is a stream the other commands read:\n"
    "  sudoku vicinity hard.txt | sudoku rate --min 9\n"
    "A PUZZLE argument is 81 cells in any layout; another argument names a file\n"
    "of puzzles; '-', or no argument, reads standard input. A puzzle need not\n"
    "have one solution itself.\n"
    "\n"
    "Options:\n"
    "  --remove=N          clues taken away (default 1)\n"
    "  --add=M             clues added (default 1; 0 to " NUMBER_TEXT(
        SUDOKU_VICINITY_MAX_ADD) ")\n"
                                 "  --minimal           write only minimal puzzles (no clue can "
                                 "go)\n"
                                 "  --budget=N          give up on a puzzle after N guesses of the "
                                 "searches in\n"
                                 "                      all (k, M, G: a thousand, a million, a "
                                 "billion; 0: no\n"
                                 "                      limit; default 1G, minutes): the puzzles "
                                 "found so far\n"
                                 "                      are written, and a diagnostic says the "
                                 "list is cut\n"
                                 "  --format=FORMAT     line (the default) or json: one object per "
                                 "puzzle read,\n"
                                 "                      with \"status\" (done, over_budget, "
                                 "invalid, failed),\n"
                                 "                      \"puzzle\", \"remove\", \"add\", "
                                 "\"minimal\",\n"
                                 "                      \"candidates\" (puzzles looked at), "
                                 "\"unique\" (of them\n"
                                 "                      with one solution), \"count\" and "
                                 "\"puzzles\" (those\n"
                                 "                      written)\n"
                                 "  --stats             print a summary on stderr at the end, with "
                                 "the puzzles\n"
                                 "                      looked at per second\n"
                                 "  -j, --jobs=N        work on N threads (default 1; 0: one per "
                                 "processor;\n"
                                 "                      at most " NUMBER_TEXT(
                                     CLI_MAX_JOBS) "); the output is the same as with one,\n"
                                                   "                      in input order\n"
                                                   "  --first-line=N      number the lines read "
                                                   "from N (a chunk of a larger\n"
                                                   "                      input: "
                                                   "docs/scale-out.md)\n"
                                                   "  -h, --help          show this help and exit\n"
                                                   "  -V, --version       show the version and "
                                                   "exit\n"
                                                   "\n"
                                                   "Exit status:\n"
                                                   "  0  every puzzle's neighbours were written\n"
                                                   "  1  some puzzle has fewer clues than "
                                                   "--remove, or went over --budget\n"
                                                   "  2  usage error, malformed puzzle, "
                                                   "candidates, unreadable input or\n"
                                                   "     unwritable output\n"
                                                   "When several apply, the highest wins.\n";

typedef struct vicinity_options {
    sudoku_vicinity_query query;
} vicinity_options;

enum { KEY_REMOVE = 256, KEY_ADD, KEY_MINIMAL, KEY_BUDGET };

static const cli_option options[] = {{"remove", true, KEY_REMOVE},
                                     {"add", true, KEY_ADD},
                                     {"minimal", false, KEY_MINIMAL},
                                     {"budget", true, KEY_BUDGET},
                                     {NULL, false, 0}};

static const cli_format_name formats[] = {
    {"line", FORMAT_LINE}, {"json", FORMAT_JSON}, {NULL, FORMAT_AUTO}};

static int take_option(void *options_, int key, const char *value)
{
    vicinity_options *opt = options_;
    unsigned long n;
    switch (key) {
    case KEY_REMOVE:
        if (!cli_parse_number(value, &n) || n > SUDOKU_CELLS)
            return cli_usage_error("vicinity",
                                   "--remove needs a count of clues from 0 to 81, not '%s'", value);
        opt->query.remove = (int)n;
        return 0;
    case KEY_ADD:
        if (!cli_parse_number(value, &n) || n > SUDOKU_VICINITY_MAX_ADD)
            return cli_usage_error("vicinity",
                                   "--add needs a count of clues from 0 to " NUMBER_TEXT(
                                       SUDOKU_VICINITY_MAX_ADD) ", not '%s'",
                                   value);
        opt->query.add = (int)n;
        return 0;
    case KEY_MINIMAL: opt->query.minimal = true; return 0;
    case KEY_BUDGET: return cli_take_guess_budget("vicinity", value, &opt->query.max_guesses);
    default: return 0;
    }
}

typedef struct vicinity_job {
    cli_job base;
    const char *refusal; /* why a record that read well is not looked at */
    sudoku_vicinity_outcome outcome;
    sudoku_vicinity_counts counts;
    cli_text found; /* the puzzles found: lines, or JSON strings with commas */
    bool json;
} vicinity_job;

static bool add_found(const sudoku_grid *puzzle, void *context)
{
    vicinity_job *job = context;
    char line[SUDOKU_TEXT_MAX];
    sudoku_format_line(puzzle, line, sizeof line);
    if (job->json)
        cli_text_printf(&job->found, "%s\"%s\"", job->counts.classes > 1 ? "," : "", line);
    else
        cli_text_printf(&job->found, "%s\n", line);
    return !job->found.failed;
}

static void vicinity_work(const cli_run *run, cli_job *base)
{
    const vicinity_options *opt = run->options;
    vicinity_job *job = (vicinity_job *)base;
    const sudoku_record *record = &base->record;
    job->refusal = NULL;
    job->found = (cli_text){0};
    job->json = run->common->format == FORMAT_JSON;
    memset(&job->counts, 0, sizeof job->counts);
    if (!record->ok) return;
    if (record->pencilmarks) {
        job->refusal = "vicinity takes puzzles given by their cells, not candidates (pencilmarks)";
        return;
    }
    job->outcome = sudoku_vicinity(&record->grid, &opt->query, add_found, job, &job->counts);
}

static const char *status_name(const vicinity_job *job)
{
    if (!job->base.record.ok || job->refusal) return "invalid";
    switch (job->outcome) {
    case SUDOKU_VICINITY_DONE: return "done";
    case SUDOKU_VICINITY_OVER_BUDGET: return "over_budget";
    case SUDOKU_VICINITY_INVALID: return "invalid";
    default: return "failed";
    }
}

/* Why the job's record has no whole list, or NULL. */
static const char *problem(const vicinity_job *job, char *message, size_t size)
{
    const sudoku_record *record = &job->base.record;
    if (!record->ok) return record->error.message;
    if (job->refusal) return job->refusal;
    if (job->found.failed) return "out of memory: the list of puzzles is cut short";
    switch (job->outcome) {
    case SUDOKU_VICINITY_DONE: return NULL;
    case SUDOKU_VICINITY_OVER_BUDGET:
        snprintf(message, size, "gave up after %llu guesses: the list of puzzles is cut short",
                 job->counts.guesses);
        return message;
    case SUDOKU_VICINITY_INVALID: return "has fewer clues than --remove takes away";
    default: return "out of memory: the list of puzzles is cut short";
    }
}

static void add_json(cli_text *text, const vicinity_job *job, const vicinity_options *opt,
                     const char *error)
{
    char label[32];
    const sudoku_record *record = &job->base.record;
    cli_text_puts(text, "{\"source\":");
    cli_text_json_string(text, cli_source_name(&job->base.source, label));
    cli_text_printf(text, ",\"line\":%ld,\"status\":\"%s\",\"puzzle\":", record->line,
                    status_name(job));
    if (record->ok) {
        char puzzle[SUDOKU_TEXT_MAX];
        cli_puzzle_text(record, puzzle, sizeof puzzle);
        cli_text_json_string(text, puzzle);
    } else {
        cli_text_puts(text, "null");
    }
    cli_text_printf(text, ",\"remove\":%d,\"add\":%d,\"minimal\":%s", opt->query.remove,
                    opt->query.add, opt->query.minimal ? "true" : "false");
    cli_text_printf(text, ",\"candidates\":%llu,\"unique\":%llu,\"count\":%llu,\"puzzles\":[",
                    job->counts.candidates, job->counts.found, job->counts.classes);
    cli_text_add(text, job->found.data ? job->found.data : "", job->found.len);
    cli_text_puts(text, "],\"error\":");
    if (error)
        cli_text_json_string(text, error);
    else
        cli_text_puts(text, "null");
    cli_text_puts(text, "}\n");
}

static void vicinity_report(cli_run *run, cli_job *base)
{
    const vicinity_options *opt = run->options;
    vicinity_job *job = (vicinity_job *)base;
    const sudoku_record *record = &base->record;
    cli_totals *t = &run->totals;
    char message[160];
    const char *error = problem(job, message, sizeof message);
    cli_start_record(run, false);
    if (run->common->format == FORMAT_JSON) {
        cli_text text = {0};
        add_json(&text, job, opt, error);
        if (!text.failed) fwrite(text.data, 1, text.len, run->out);
        if (text.failed) error = "out of memory: the record could not be written";
        cli_text_free(&text);
    } else if (job->found.len) {
        fwrite(job->found.data, 1, job->found.len, run->out);
    }
    cli_text_free(&job->found);
    t->written += job->counts.classes;
    t->guesses += (unsigned long)job->counts.guesses;
    t->candidates += job->counts.candidates;
    if (!error) {
        t->solved++;
        return;
    }
    bool bad = !record->ok || job->refusal;
    if (bad)
        t->invalid++;
    else
        t->failed++;
    cli_raise_status(run, bad ? EXIT_BAD_INPUT : EXIT_UNSOLVED);
    cli_record_error(base, record->ok ? record->line : cli_error_line(record), error);
}

static void vicinity_discard(cli_job *base)
{
    cli_text_free(&((vicinity_job *)base)->found);
}

static void vicinity_stats(const cli_run *run, double seconds)
{
    const cli_totals *t = &run->totals;
    unsigned long read = t->solved + t->invalid + t->failed;
    cli_error("stats: %lu puzzle%s read, %lu done, %lu cut short, %lu invalid; %llu puzzles "
              "written; %llu candidates looked at, %lu guesses; %.3f s, %.0f candidates/s",
              read, read == 1 ? "" : "s", t->solved, t->failed, t->invalid, t->written,
              t->candidates, t->guesses, seconds,
              seconds > 0 ? (double)t->candidates / seconds : 0.0);
}

static const cli_command vicinity_command = {
    .name = "vicinity",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = NULL,
    .job_size = sizeof(vicinity_job),
    .batch_records = VICINITY_BATCH,
    .work = vicinity_work,
    .report = vicinity_report,
    .discard = vicinity_discard,
    .stats = vicinity_stats,
};

int cli_vicinity(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_LINE, .jobs = 1};
    vicinity_options opt = {{.remove = 1, .add = 1, .max_guesses = DEFAULT_BUDGET}};
    int operands;
    int rc = cli_parse_options(&vicinity_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&vicinity_command, &common, &opt, operands, argv + 1);
}
