/*
 * cli.h: what the parts of the `sudoku` command share: its options, its
 * running totals, and the record and stream handlers.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include "sudoku.h"

#include <stdio.h>

/* Exit statuses, documented in --help and sudoku(1); when several apply,
 * the highest wins. */
#define EXIT_SOLVED 0
#define EXIT_UNSOLVED 1  /* no solution, or several under --unique */
#define EXIT_BAD_INPUT 2 /* usage error, malformed record, unreadable input */

/* Solutions counted by --count when no --limit is given: enough to tell a
 * near-unique puzzle from a wide-open one, and reached at once even on the
 * empty grid. */
#define DEFAULT_COUNT_LIMIT 1000UL

typedef enum cli_format { FORMAT_AUTO, FORMAT_GRID, FORMAT_LINE, FORMAT_JSON } cli_format;

typedef struct cli_options {
    cli_format format; /* FORMAT_AUTO: grid for arguments, line for streams */
    bool show_candidates, unique, count, stats;
    unsigned long limit;
} cli_options;

typedef struct cli_run {
    const cli_options *options;
    FILE *out;
    int status; /* the exit status so far */
    unsigned long records, solved, no_solution, multiple, invalid, guesses;
} cli_run;

/* Where records come from: a puzzle argument ("argument 2") or a stream (a
 * file name or "stdin"), whose records have line numbers and print as lines
 * by default. */
typedef struct cli_source {
    const char *name;
    bool stream;
} cli_source;

/* Solves or inspects one record, writes its output record and any
 * diagnostic, and updates the totals. */
void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source);

/* Reads every record of an open stream. Returns false on a read error, after
 * saying so on stderr. */
bool cli_read_stream(cli_run *run, FILE *in, const char *source);

/* Writes one line to stderr: "sudoku: " then the formatted text. */
void cli_error(const char *fmt, ...);

#endif
