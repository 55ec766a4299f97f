/*
 * cmd_book.c: `sudoku book`: turns any stream of puzzles into a printable
 * book, one HTML page: each puzzle with its number and rating, a chosen
 * number a page, then optionally their solutions and their steps. Each
 * puzzle is checked with the solver and rated by the logic engine on any
 * thread; the book is written in input order.
 */
#include "book.h"
#include "steps.h"

#include <stdio.h>
#include <string.h>

/* The help says these in words. */
_Static_assert(BOOK_PER_PAGE == 4 && BOOK_SOLUTIONS_PER_PAGE == 9 && CLI_MAX_JOBS == 256,
               "the help text's figures");

static const char help_text[] =
    "Usage: sudoku book [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Writes a printable book of the puzzles read, one HTML page on standard\n"
    "output: pages of puzzles, each with its number in the book and its rating\n"
    "(Sudoku Explainer's ER), then optionally their solutions and their steps.\n"
    "A browser shows it and prints it (to paper or PDF) a page a sheet; nothing\n"
    "outside the file is needed. A PUZZLE argument is 81 cells in any layout;\n"
    "another argument names a file of puzzles; '-', or no argument, reads\n"
    "standard input.\n"
    "\n"
    "Each puzzle is checked with the solver: one with no solution or several is\n"
    "left out of the book, with a diagnostic on stderr naming its source and\n"
    "line, as is a record that is no puzzle.\n"
    "\n"
    "Options:\n"
    "  --format=html       the only format (the default)\n"
    "  --per-page=N        puzzles a page, 1 to 12 (default 4): in one column up\n"
    "                      to 2, in two up to 6, in three up to 12\n"
    "  --paper=PAPER       a4 (the default) or letter\n"
    "  --title=TEXT        the title over each page of puzzles\n"
    "  --solutions         add the solutions, 9 a page, each under its puzzle's\n"
    "                      number\n"
    "  --steps             add every puzzle's steps in words, as 'sudoku explain'\n"
    "                      gives them\n"
    "  --budget=N          rate a puzzle with at most N units of work (as\n"
    "                      'sudoku rate'; default 20G); one over it is 'not rated'\n"
    "  --no-chains         use the techniques up to aligned pair exclusion only:\n"
    "                      a puzzle that needs chains is 'not rated'\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        rate on N threads (default 1; 0: one per processor; at\n"
    "                      most 256); the book is the same as with one\n"
    "  --first-line=N      number the lines read from N (a chunk of a larger\n"
    "                      input: docs/scale-out.md)\n"
    "  -h, --help          show this help and exit\n"
    "  -V, --version       show the version and exit\n"
    "\n"
    "Exit status:\n"
    "  0  every puzzle is in the book, rated\n"
    "  1  some puzzle was left out (no solution, or several), or is not rated\n"
    "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
    "When several apply, the highest wins.\n";

static const cli_format_name formats[] = {{"html", FORMAT_HTML}, {NULL, FORMAT_AUTO}};

enum { KEY_SOLUTIONS = 500, KEY_STEPS };

static const cli_option options[] = {BOOK_OPTIONS,
                                     {"solutions", false, KEY_SOLUTIONS},
                                     {"steps", false, KEY_STEPS},
                                     {"budget", true, STEPS_KEY_BUDGET},
                                     {"no-chains", false, STEPS_KEY_NO_CHAINS},
                                     {NULL, false, 0}};

typedef struct book_options {
    steps_options_t steps; /* first: the shared options' handler reads it */
    book *book;            /* the book being written (the report's to change) */
} book_options;

static int take_option(void *options_, int key, const char *value)
{
    book_options *opt = options_;
    switch (key) {
    case KEY_SOLUTIONS: opt->book->solutions = true; return 0;
    case KEY_STEPS: opt->book->steps = true; return 0;
    case BOOK_KEY_PER_PAGE:
    case BOOK_KEY_PAPER:
    case BOOK_KEY_TITLE: return book_take_option(opt->book, "book", key, value);
    default: return steps_take_option(&opt->steps, key, value);
    }
}

/* "3. Hidden single (1.2): ..." as a paragraph of the job's steps. */
static void add_step(void *context, const sudoku_logic *before, const sudoku_step *step, int number)
{
    steps_job *job = context;
    cli_text line = {0};
    (void)before;
    cli_text_printf(&line, "%d. ", number);
    steps_add_step(&line, step, false);
    if (line.failed)
        job->text.failed = true;
    else
        book_add_text(&job->text, SUDOKU_BOOK_PARAGRAPH, line.data);
    cli_text_free(&line);
}

static void book_work(const cli_run *run, cli_job *base)
{
    const book_options *opt = run->options;
    steps_job *job = (steps_job *)base;
    sudoku_logic state;
    unsigned flags;
    if (base->record.ok && base->record.pencilmarks) {
        job->outcome = STEPS_INVALID; /* said in the report */
        job->text = (cli_text){0};
        job->steps = 0;
        return;
    }
    if (steps_start(run, job, &state, &flags))
        steps_walk(run, job, &state, flags, opt->book->steps ? add_step : NULL, job);
}

/* Why a record is left out of the book, or why its puzzle is not rated;
 * NULL when it is in, rated. Sets *status to the exit status it means. */
static const char *trouble(const cli_run *run, const steps_job *job, bool *in, int *status,
                           char message[200])
{
    const book_options *opt = run->options;
    const sudoku_record *record = &job->base.record;
    *in = false;
    *status = EXIT_UNSOLVED;
    if (job->text.failed) {
        *status = EXIT_BAD_INPUT;
        return "out of memory: left out of the book";
    }
    switch (job->outcome) {
    case STEPS_INVALID:
        *status = EXIT_BAD_INPUT;
        return record->ok ? "a book takes puzzles of givens, not candidates (pencilmarks)"
                          : record->error.message;
    case STEPS_NO_SOLUTION: return "no solution: left out of the book";
    case STEPS_MULTIPLE: return "more than one solution: left out of the book";
    case STEPS_BUDGET:
        if (job->search_over_budget)
            return "the solver's check went over its budget (--budget=0 lifts it): left out of "
                   "the book";
        *in = true;
        snprintf(message, 200, "not rated: over the budget of %llu units of work (--budget)",
                 opt->steps.budget);
        return message;
    case STEPS_STUCK: {
        char beyond[80];
        steps_beyond(&opt->steps, beyond);
        *in = true;
        snprintf(message, 200, "not rated: %s", beyond);
        return message;
    }
    case STEPS_DONE:
    case STEPS_FOUND:
    default: *in = true; return NULL;
    }
}

static void book_report(cli_run *run, cli_job *base)
{
    const book_options *opt = run->options;
    steps_job *job = (steps_job *)base;
    const sudoku_record *record = &base->record;
    cli_totals *t = &run->totals;
    char message[200];
    bool in;
    int status;
    const char *why = trouble(run, job, &in, &status, message);
    if (in)
        book_add(run, opt->book, &record->grid, job->outcome == STEPS_DONE ? &job->rating : NULL,
                 &job->solution, &job->text);
    cli_text_free(&job->text);
    t->steps += (unsigned long)job->steps;
    if (!why) {
        t->solved++;
        return;
    }
    cli_raise_status(run, status);
    cli_record_error(base, record->ok ? record->line : cli_error_line(record), why);
    if (job->outcome == STEPS_NO_SOLUTION)
        t->no_solution++;
    else if (job->outcome == STEPS_MULTIPLE)
        t->multiple++;
    else if (job->outcome == STEPS_STUCK)
        t->stuck++;
    else if (job->outcome == STEPS_BUDGET)
        t->over_budget++;
    else
        t->invalid++;
}

static void book_stats(const cli_run *run, double seconds)
{
    steps_stats(run, seconds, "in the book");
}

static void begin_book(cli_run *run)
{
    const book_options *opt = run->options;
    book_begin(run, opt->book);
}

static void end_book(cli_run *run)
{
    const book_options *opt = run->options;
    book_end(run, opt->book);
}

static const cli_command book_command = {
    .name = "book",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = NULL,
    .job_size = sizeof(steps_job),
    .batch_records = STEPS_BATCH,
    .work = book_work,
    .report = book_report,
    .discard = steps_discard,
    .stats = book_stats,
    .begin = begin_book,
    .end = end_book,
};

int cli_book(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_HTML, .jobs = 1};
    book the_book;
    book_defaults(&the_book);
    book_options opt = {.book = &the_book};
    steps_default_options(&opt.steps, "book");
    int operands;
    int rc = cli_parse_options(&book_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&book_command, &common, &opt, operands, argv + 1);
}
