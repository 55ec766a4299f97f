/*
 * cmd_show.c: `sudoku show`: each puzzle or state drawn exactly as given,
 * nothing solved and no single applied: a puzzle's plain candidates (what
 * its givens leave each cell), a state's own candidates. It is how a
 * player looks at the 729 characters `hint --apply` gives, without the
 * spoiler that `solve --show-candidates` (singles applied) would be.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* A candidate grid is a dozen short lines. */
#define SHOW_BATCH 256

static const char help_text[] =
    "Usage: sudoku show [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Draws each puzzle or state exactly as given: nothing is solved and no single\n"
    "is applied (solve --show-candidates applies singles). A puzzle shows its plain\n"
    "candidates, each open cell the digits its row, column and box leave; a state\n"
    "of 729 characters (hint --format pencilmarks, hint --apply) shows its own.\n"
    "A PUZZLE argument is 81 cells in any layout, or 729 characters of candidates;\n"
    "another argument names a file of puzzles; '-', or no argument, reads standard\n"
    "input.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     candidates (the default): Norvig's candidate grid, a\n"
    "                      blank line between two; pencilmarks: the 729 characters\n"
    "                      on one line (each cell's nine, '.' where a digit is not)\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one\n"
                      "  --first-line=N      number the lines read from N (a chunk of a larger\n"
                      "                      input: docs/scale-out.md)\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "A record that cannot be read gets the line 'invalid' and a diagnostic.\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every record was drawn\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n";

static const cli_format_name formats[] = {
    {"candidates", FORMAT_GRID}, {"pencilmarks", FORMAT_PENCILMARKS}, {NULL, FORMAT_AUTO}};

static const cli_option options[] = {{NULL, false, 0}};

typedef struct show_job {
    cli_job base;
    sudoku_board board; /* the state as given, when the record is valid */
} show_job;

static int take_option(void *opt, int key, const char *value)
{
    (void)opt;
    (void)key;
    (void)value;
    return 0;
}

static void show_work(const cli_run *run, cli_job *base)
{
    (void)run;
    show_job *job = (show_job *)base;
    const sudoku_record *record = &base->record;
    if (!record->ok) return;
    if (record->pencilmarks) {
        job->board = record->board;
        return;
    }
    sudoku_logic state;
    sudoku_logic_from_grid(&state, &record->grid); /* givens that clash are invalid */
    sudoku_logic_to_board(&state, &job->board);
}

static void show_report(cli_run *run, cli_job *base)
{
    show_job *job = (show_job *)base;
    const sudoku_record *record = &base->record;
    bool grid = run->common->format != FORMAT_PENCILMARKS;
    cli_start_record(run, grid);
    if (!record->ok) {
        run->totals.invalid++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, cli_error_line(record), record->error.message);
        fputs("invalid\n", run->out);
        return;
    }
    char text[SUDOKU_TEXT_MAX];
    if (grid) {
        sudoku_format_candidates(&job->board, text, sizeof text);
        fputs(text, run->out);
    } else {
        sudoku_format_pencilmarks(&job->board, text, sizeof text);
        fprintf(run->out, "%s\n", text);
    }
    run->totals.solved++;
}

static void show_stats(const cli_run *run, double seconds)
{
    const cli_totals *t = &run->totals;
    unsigned long read = t->solved + t->invalid;
    cli_error("stats: %lu record%s read, %lu shown, %lu invalid; %.3f s", read,
              read == 1 ? "" : "s", t->solved, t->invalid, seconds);
}

static const cli_command show_command = {
    .name = "show",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = NULL,
    .job_size = sizeof(show_job),
    .batch_records = SHOW_BATCH,
    .work = show_work,
    .report = show_report,
    .discard = NULL,
    .stats = show_stats,
};

int cli_show(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_GRID, .jobs = 1};
    int operands;
    int rc = cli_parse_options(&show_command, argc, argv, &common, NULL, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&show_command, &common, NULL, operands, argv + 1);
}
