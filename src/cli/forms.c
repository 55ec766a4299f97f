/*
 * forms.c: what canon and transform share: the JSON of a transformation,
 * and the report that writes each job's output record (the result as a
 * line, a grid or a JSON object; "invalid" and a diagnostic for a record
 * that got none), in input order, on the main thread.
 */
#include "forms.h"
#include "pictures.h"

#include <string.h>

/* Adds the nine lines or digits, counted from 1, as a JSON string. */
static void add_digits(cli_text *text, const uint8_t values[9], int plus)
{
    char s[12] = "\"";
    for (int i = 0; i < 9; i++) s[1 + i] = (char)('0' + values[i] + plus);
    s[10] = '"';
    cli_text_add(text, s, 11);
}

void forms_json_transform(cli_text *text, const sudoku_transform *t)
{
    cli_text_printf(text, "{\"transpose\":%s,\"rows\":", t->transpose ? "true" : "false");
    add_digits(text, t->rows, 1);
    cli_text_puts(text, ",\"columns\":");
    add_digits(text, t->columns, 1);
    cli_text_puts(text, ",\"digits\":");
    add_digits(text, t->digits + 1, 0);
    cli_text_puts(text, "}");
}

/* The result as text: a line or a grid, of givens or of candidates. */
static size_t format_result(const forms_job *job, bool grid, char *buf, size_t size)
{
    if (job->base.record.pencilmarks)
        return grid ? sudoku_format_candidates(&job->board, buf, size)
                    : sudoku_format_pencilmarks(&job->board, buf, size);
    return grid ? sudoku_format_grid(&job->grid, buf, size)
                : sudoku_format_line(&job->grid, buf, size);
}

static void add_json_text(cli_text *text, const char *name, const char *value)
{
    cli_text_printf(text, ",\"%s\":", name);
    if (value)
        cli_text_json_string(text, value);
    else
        cli_text_puts(text, "null");
}

/* The JSON record of a job, with error as its "error" (NULL when done). */
static void json_record(cli_run *run, const forms_job *job, forms_output *out, const char *error)
{
    const cli_job *base = &job->base;
    cli_text *text = &out->text;
    char label[32], puzzle[SUDOKU_TEXT_MAX], result[SUDOKU_TEXT_MAX];
    text->len = 0;
    cli_text_puts(text, "{\"source\":");
    cli_text_json_string(text, cli_source_name(&base->source, label));
    cli_text_printf(text, ",\"line\":%ld,\"status\":\"%s\"", base->record.line,
                    job->done ? "ok" : "invalid");
    if (base->record.ok) cli_puzzle_text(&base->record, puzzle, sizeof puzzle);
    add_json_text(text, "puzzle", base->record.ok ? puzzle : NULL);
    if (job->done) format_result(job, false, result, sizeof result);
    add_json_text(text, out->result_name, job->done ? result : NULL);
    if (out->automorphisms) {
        if (job->done)
            cli_text_printf(text, ",\"automorphisms\":%lu", job->automorphisms);
        else
            cli_text_puts(text, ",\"automorphisms\":null");
    }
    cli_text_puts(text, ",\"transform\":");
    if (job->done)
        forms_json_transform(text, &job->how);
    else
        cli_text_puts(text, "null");
    add_json_text(text, "error", error);
    cli_text_puts(text, "}\n");
    if (text->failed) {
        cli_text_free(text); /* the next record starts afresh */
        run->totals.failed++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, base->record.line, "out of memory");
        fputs("{\"status\":\"invalid\",\"error\":\"out of memory\"}\n", run->out);
        return;
    }
    fwrite(text->data, 1, text->len, run->out);
}

/* The result drawn: its digits, or its candidates. */
static void write_picture(cli_run *run, const forms_job *job, forms_output *out)
{
    sudoku_logic state;
    picture_request request = {&job->grid, NULL, NULL, NULL, 0};
    if (job->base.record.pencilmarks) {
        sudoku_logic_from_board(&state, &job->board);
        request.givens = NULL;
        request.state = &state;
    }
    out->text.len = 0;
    pictures_add_svg(&out->text, &request);
    if (out->text.failed) {
        cli_text_free(&out->text); /* the next record starts afresh */
        run->totals.failed++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(&job->base, job->base.record.line, "out of memory");
        fputs("invalid\n", run->out);
        return;
    }
    pictures_write(run, &job->base, out->text.data, out->text.len);
}

void forms_report(cli_run *run, const forms_job *job, forms_output *out)
{
    const cli_job *base = &job->base;
    const sudoku_record *record = &base->record;
    cli_format format = run->common->format;
    cli_start_record(run, format == FORMAT_GRID);
    if (!job->done) {
        const char *why = record->ok ? job->refusal : record->error.message;
        run->totals.invalid++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, record->ok ? record->line : cli_error_line(record), why);
        if (format == FORMAT_JSON)
            json_record(run, job, out, why);
        else
            fputs("invalid\n", run->out);
        return;
    }
    run->totals.solved++;
    if (format == FORMAT_JSON) {
        json_record(run, job, out, NULL);
        return;
    }
    if (format == FORMAT_SVG) {
        write_picture(run, job, out);
        return;
    }
    char text[SUDOKU_TEXT_MAX];
    size_t n = format_result(job, format == FORMAT_GRID, text, sizeof text);
    if (format != FORMAT_GRID) text[n++] = '\n'; /* a grid ends with its line end already */
    fwrite(text, 1, n, run->out);
}

void forms_stats(const cli_run *run, double seconds, const char *done, const char *more)
{
    const cli_totals *t = &run->totals;
    unsigned long read = t->solved + t->invalid + t->failed + t->duplicates;
    char speed[32];
    cli_error("stats: %lu puzzle%s read, %lu %s, %lu invalid%s; %.3f s, %s", read,
              read == 1 ? "" : "s", t->solved, done, t->invalid, more, seconds,
              cli_speed(speed, read, seconds));
}
