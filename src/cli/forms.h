/*
 * forms.h: what the commands on equivalent forms, canon and transform,
 * share (forms.c): their job, the JSON of a transformation, and the
 * report that writes a job's output record in input order.
 */
#ifndef SUDOKU_CLI_FORMS_H
#define SUDOKU_CLI_FORMS_H

#include "cli.h"

/* Records per batch: a job is under a kilobyte and takes a microsecond or
 * two, so a batch as large as solve's keeps the threads' hand-overs rare. */
#define FORMS_BATCH 1024

/* A job of canon or transform: the work fills the result on any thread. */
typedef struct forms_job {
    cli_job base;
    bool done;             /* a result was made (else the record is invalid, or refused) */
    const char *refusal;   /* why a valid record gets no result, or NULL */
    sudoku_grid grid;      /* the result, for a record of givens */
    sudoku_board board;    /* the result, for a record of candidates (transform) */
    sudoku_transform how;  /* what maps the record to its result */
    unsigned long automorphisms; /* canon's count */
} forms_job;

/* What the report writes besides the result, and where it keeps its text
 * (the report runs on the main thread only, one record at a time). */
typedef struct forms_output {
    const char *result_name;  /* the result's JSON field: "canon" or "result" */
    bool automorphisms;       /* the JSON record counts them */
    cli_text text;            /* reused from record to record */
} forms_output;

/* Adds t as a JSON object: {"transpose":false,"rows":"123456789",
 * "columns":"123456789","digits":"123456789"}, lines and digits counted
 * from 1, as transform's --rows, --columns and --relabel take them. */
void forms_json_transform(cli_text *text, const sudoku_transform *t);

/* Writes the job's output record (line, grid or JSON) and any diagnostic,
 * and updates the totals and the exit status. */
void forms_report(cli_run *run, const forms_job *job, forms_output *out);

/* The --stats line; done names the records that got a result, and more
 * is added after the counts (or ""). */
void forms_stats(const cli_run *run, double seconds, const char *done, const char *more);

#endif
