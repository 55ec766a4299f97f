/*
 * cli_output.c: what the command does with one record: solve or propagate it
 * through the library (on any thread), then, in input order, write its
 * output record, report trouble on stderr, and keep the totals behind
 * --stats and the exit status.
 *
 * Output records never go missing: every input record yields exactly one,
 * and one that failed is a single line no solution could be mistaken for
 * ("invalid", "no solution", "multiple solutions"); see sudoku(1).
 */
#include "cli.h"

#include <errno.h>
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

bool cli_output_ok(cli_run *run)
{
    if (run->write_errno) return false;
    /* Writing out what is buffered tells why the output fails, if it does:
     * stdio keeps the error, not its errno. */
    errno = 0;
    if (fflush(run->out) != 0 || ferror(run->out)) run->write_errno = errno ? errno : EIO;
    return run->write_errno == 0;
}

/* The name a record's source goes by: the stream's, or "argument N" in label. */
static const char *source_name(const cli_source *source, char label[32])
{
    if (!source->argument) return source->name;
    snprintf(label, 32, "argument %d", source->argument);
    return label;
}

/* What becomes of a job: its report, and the line or grid to print. */
typedef struct outcome {
    const cli_job *job;
    sudoku_report report;
    const char *marker; /* the one-line output of a failed record, or NULL */
} outcome;

/* Writes a diagnostic about a record: "sudoku: FILE:LINE: ..." for streams,
 * "sudoku: argument N: ..." for arguments. */
static void record_error(const outcome *o, long line, const char *message)
{
    if (o->job->source.argument)
        fprintf(stderr, "sudoku: %s: %s\n", o->report.source, message);
    else
        fprintf(stderr, "sudoku: %s:%ld: %s\n", o->report.source, line, message);
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

/* Writes the n characters a format function put in text (SUDOKU_TEXT_MAX
 * bytes), then a line end if line is set. A JSON record with a very long
 * source name is cut to what text holds, as fputs would. */
static void put_text(cli_run *run, char *text, size_t n, bool line)
{
    if (n >= SUDOKU_TEXT_MAX) n = SUDOKU_TEXT_MAX - 1;
    if (line) text[n++] = '\n';
    fwrite(text, 1, n, run->out);
}

static void write_outcome(cli_run *run, const outcome *o, cli_format format)
{
    const cli_job *job = o->job;
    char text[SUDOKU_TEXT_MAX];
    const cli_options *opt = run->options;
    bool grid = format == FORMAT_GRID;
    start_record(run, format);
    size_t n;
    if (format == FORMAT_JSON) {
        n = sudoku_format_json(&o->report, text, sizeof text);
    } else if (o->marker) {
        fprintf(run->out, "%s\n", o->marker);
        return;
    } else if (opt->count) {
        fprintf(run->out, "%s%ld\n", o->report.at_least ? "at least " : "", o->report.solutions);
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

/* Classifies a valid puzzle by its solutions and says on stderr what is
 * wrong with it, if anything. */
static void judge(cli_run *run, outcome *o, long line)
{
    const cli_options *opt = run->options;
    const sudoku_result *result = &o->job->result;
    unsigned long limit = opt->count ? opt->limit : 2;
    unsigned long found = result->solutions;
    run->guesses += result->guesses;
    o->report.solutions = opt->count ? (long)found : -1;
    o->report.at_least = found >= limit;
    o->report.guesses = result->guesses;
    if (found == 0) {
        o->report.status = SUDOKU_NO_SOLUTION;
        if (!opt->count) o->marker = "no solution";
        run->no_solution++;
        raise_status(run, EXIT_UNSOLVED);
        record_error(o, line, "no solution");
        return;
    }
    o->report.solution = &result->solution;
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
        record_error(o, line, "more than one solution (--unique)");
    } else if (opt->show_candidates) {
        record_error(o, line, "warning: more than one solution");
    } else if (!opt->count) {
        record_error(o, line, "warning: more than one solution; printed the first");
    }
}

void cli_solve_job(const cli_options *options, cli_job *job)
{
    unsigned long limit = options->count ? options->limit : 2;
    memset(&job->result, 0, sizeof job->result);
    job->consistent = false;
    if (!job->record.ok) return;
    if (!options->show_candidates) { /* no detour through the singles-only board */
        sudoku_solve(&job->record.grid, limit, &job->result);
        return;
    }
    job->consistent = sudoku_propagate(&job->record.grid, &job->board);
    if (job->consistent) sudoku_search(&job->board, limit, &job->result);
}

void cli_report_job(cli_run *run, const cli_job *job)
{
    const cli_options *opt = run->options;
    const sudoku_record *record = &job->record;
    cli_format format = opt->format;
    char label[32];
    outcome o;
    memset(&o, 0, sizeof o);
    o.report.source = source_name(&job->source, label);
    o.report.line = record->line;
    o.report.solutions = -1;
    o.job = job;
    if (format == FORMAT_AUTO) format = job->source.argument ? FORMAT_GRID : FORMAT_LINE;

    if (!record->ok) {
        o.report.status = SUDOKU_INVALID;
        o.report.error = record->error.message;
        o.marker = "invalid";
        run->invalid++;
        raise_status(run, EXIT_BAD_INPUT);
        record_error(&o, record->error.line ? record->error.line : record->line,
                     record->error.message);
        write_outcome(run, &o, format);
        return;
    }
    o.report.puzzle = &record->grid;
    if (job->consistent && opt->show_candidates) o.report.candidates = &job->board;
    judge(run, &o, record->line);
    if (o.report.candidates) o.marker = NULL; /* the grid is what was asked for */
    write_outcome(run, &o, format);
}
