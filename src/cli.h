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

/* The most threads --jobs accepts: far more than the processors of any
 * machine this runs on, few enough that a typing mistake (-j 1000000) is
 * caught rather than tried. */
#define CLI_MAX_JOBS 256

typedef struct cli_options {
    cli_format format; /* FORMAT_AUTO: grid for arguments, line for streams */
    bool show_candidates, unique, count, stats;
    unsigned long limit;
    int jobs; /* threads that solve, 1..CLI_MAX_JOBS; 0: one per processor */
} cli_options;

typedef struct cli_batch cli_batch;

typedef struct cli_run {
    const cli_options *options;
    FILE *out;
    cli_batch *batch; /* records read and not yet reported */
    int status;       /* the exit status so far */
    int write_errno;  /* why the output failed, 0 while it works: then input stops */
    unsigned long records, solved, no_solution, multiple, invalid, guesses;
} cli_run;

/* Where records come from: a puzzle argument ("argument 2") or a stream (a
 * file name or "stdin"), whose records have line numbers and print as lines
 * by default. */
typedef struct cli_source {
    const char *name; /* the stream's name; NULL for an argument */
    int argument;     /* the argument's position, from 1; 0 for a stream */
} cli_source;

/* One record on its way through the command: read in order, solved by any
 * thread, reported in order. */
typedef struct cli_job {
    cli_source source;
    sudoku_record record;
    bool consistent;      /* --show-candidates: singles met no contradiction */
    sudoku_board board;   /* --show-candidates: the state singles reached, when consistent */
    sudoku_result result; /* what search found (no solution when not consistent) */
} cli_job;

/* ---- cli_batch.c ---- */

/* Starts the threads that solve (jobs - 1 of them: the main thread solves
 * too) and sets run->batch. Returns false, after saying why, if memory is
 * short; starts fewer threads, with a warning, if the system refuses some. */
bool cli_batch_start(cli_run *run, int jobs);

/* Takes one record to solve and report in its turn; reports the batch when
 * it is full. */
void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source);

/* Solves the records taken so far, reports them in order and writes them
 * out; does nothing more once the output has failed. */
void cli_flush_records(cli_run *run);

/* Writes out the buffered output, noting in run->write_errno why it fails
 * if it does; returns true while the output works. */
bool cli_output_ok(cli_run *run);

/* Reports what is left, stops the threads and frees the batch. */
void cli_batch_stop(cli_run *run);

/* ---- cli_output.c ---- */

/* Solves or propagates job->record as the options ask; touches nothing but
 * *job, so any thread may run it. */
void cli_solve_job(const cli_options *options, cli_job *job);

/* Writes the output record of a solved job and any diagnostic, and updates
 * the totals and the exit status. */
void cli_report_job(cli_run *run, const cli_job *job);

/* ---- cli_input.c ---- */

/* Reads every record of an open stream. Returns false on a read error, after
 * saying so on stderr. */
bool cli_read_stream(cli_run *run, int fd, const char *source);

/* Writes one line to stderr: "sudoku: " then the formatted text. */
void cli_error(const char *fmt, ...);

#endif
