/*
 * cli_output.c: what the command does with one record: solve or propagate it
 * through the library, write its output record, report trouble on stderr,
 * and keep the totals behind --stats and the exit status.
 *
 * Output records never go missing: every input record yields exactly one,
 * and one that failed is a single line no solution could be mistaken for
 * ("invalid", "no solution", "multiple solutions"); see sudoku(1).
 */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("sudoku: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Writes a diagnostic about a record: "sudoku: FILE:LINE: ..." for streams,
 * "sudoku: argument N: ..." for arguments. */
static void record_error(const cli_source *source, long line, const char *message)
{
    if (source->stream)
        fprintf(stderr, "sudoku: %s:%ld: %s\n", source->name, line, message);
    else
        fprintf(stderr, "sudoku: %s: %s\n", source->name, message);
}

static void raise_status(cli_run *run, int status)
{
    if (status > run->status) run->status = status;
}

/* Separates grid-format records by a blank line. */
static void start_record(cli_run *run, cli_format format)
{
    if (format == FORMAT_GRID && run->records > 0) fputc('\n', run->out);
    run->records++;
}

static void write_json(cli_run *run, const sudoku_report *report)
{
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_json(report, text, sizeof text);
    fputs(text, run->out);
    fputc('\n', run->out);
}

/* What becomes of the record: its report, and the line or grid to print. */
typedef struct outcome {
    sudoku_report report;
    sudoku_result result;
    sudoku_board board;
    const char *marker; /* the one-line output of a failed record, or NULL */
} outcome;

static void write_outcome(cli_run *run, const outcome *o, cli_format format)
{
    char text[SUDOKU_TEXT_MAX];
    const cli_options *opt = run->options;
    start_record(run, format);
    if (format == FORMAT_JSON) {
        write_json(run, &o->report);
        return;
    }
    if (o->marker) {
        fprintf(run->out, "%s\n", o->marker);
    } else if (opt->count) {
        fprintf(run->out, "%s%ld\n", o->report.at_least ? "at least " : "", o->report.solutions);
    } else if (opt->show_candidates) {
        if (format == FORMAT_GRID) {
            sudoku_format_candidates(&o->board, text, sizeof text);
            fputs(text, run->out);
        } else {
            sudoku_format_candidates_line(&o->board, text, sizeof text);
            fprintf(run->out, "%s\n", text);
        }
    } else if (format == FORMAT_GRID) {
        sudoku_format_grid(&o->result.solution, text, sizeof text);
        fputs(text, run->out);
    } else {
        sudoku_format_line(&o->result.solution, text, sizeof text);
        fprintf(run->out, "%s\n", text);
    }
}

/* Classifies a valid puzzle by its solutions and says on stderr what is
 * wrong with it, if anything. */
static void judge(cli_run *run, outcome *o, const cli_source *source, long line)
{
    const cli_options *opt = run->options;
    unsigned long limit = opt->count ? opt->limit : 2;
    unsigned long found = o->result.solutions;
    run->guesses += o->result.guesses;
    o->report.solutions = opt->count ? (long)found : -1;
    o->report.at_least = found >= limit;
    o->report.guesses = o->result.guesses;
    if (found == 0) {
        o->report.status = SUDOKU_NO_SOLUTION;
        if (!opt->count) o->marker = "no solution";
        run->no_solution++;
        raise_status(run, EXIT_UNSOLVED);
        record_error(source, line, "no solution");
        return;
    }
    o->report.solution = &o->result.solution;
    if (found == 1) {
        o->report.status = SUDOKU_SOLVED;
        run->solved++;
        return;
    }
    o->report.status = SUDOKU_MULTIPLE;
    run->multiple++;
    if (opt->unique) {
        o->report.solution = NULL;
        if (!opt->count) o->marker = "multiple solutions";
        raise_status(run, EXIT_UNSOLVED);
        record_error(source, line, "more than one solution (--unique)");
    } else if (opt->show_candidates) {
        record_error(source, line, "warning: more than one solution");
    } else if (!opt->count) {
        record_error(source, line, "warning: more than one solution; printed the first");
    }
}

void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source)
{
    const cli_options *opt = run->options;
    cli_format format = opt->format;
    outcome o;
    memset(&o, 0, sizeof o);
    o.report.source = source->name;
    o.report.line = record->line;
    o.report.solutions = -1;
    if (format == FORMAT_AUTO) format = source->stream ? FORMAT_LINE : FORMAT_GRID;

    if (!record->ok) {
        o.report.status = SUDOKU_INVALID;
        o.report.error = record->error.message;
        o.marker = "invalid";
        run->invalid++;
        raise_status(run, EXIT_BAD_INPUT);
        record_error(source, record->error.line ? record->error.line : record->line,
                     record->error.message);
        write_outcome(run, &o, format);
        return;
    }
    o.report.puzzle = &record->grid;
    if (!sudoku_propagate(&record->grid, &o.board)) {
        o.result.solutions = 0;
    } else {
        if (opt->show_candidates) o.report.candidates = &o.board;
        sudoku_search(&o.board, opt->count ? opt->limit : 2, &o.result);
    }
    judge(run, &o, source, record->line);
    if (o.report.candidates) o.marker = NULL; /* the grid is what was asked for */
    write_outcome(run, &o, format);
}
