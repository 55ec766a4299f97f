/*
 * output.c: what every command's report shares: diagnostics on stderr
 * naming a record's source and line, the exit status, checked writes, and
 * the growing texts in which jobs prepare their output (with JSON strings).
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first size of a job's text: most explanations fit. */
#define TEXT_START 4096

void cli_error(const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    char small[1024] = "";
    int n = vsnprintf(small, sizeof small, fmt, ap);
    /* A long message (a long file name in it) is written whole if memory
     * allows, else cut. */
    char *big = n >= (int)sizeof small ? malloc((size_t)n + 1) : NULL;
    if (big) vsnprintf(big, (size_t)n + 1, fmt, again);
    char *text = big ? big : small;
    va_end(again);
    va_end(ap);
    /* One line whatever a file name holds: a newline or another control
     * character in it shows as '?'. */
    for (char *p = text; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
    fputs("sudoku: ", stderr);
    fputs(text, stderr);
    fputc('\n', stderr);
    free(big);
}

int cli_write_text(const char *text)
{
    /* A text longer than stdio's buffer fails inside fputs already: its
     * errno is the reason, not the later flush's. */
    errno = 0;
    bool written = fputs(text, stdout) != EOF;
    int e = written ? 0 : errno;
    if (written && fflush(stdout) == 0 && !ferror(stdout)) return EXIT_SOLVED;
    if (!e) e = errno ? errno : EIO;
    if (e != EPIPE) cli_error("error writing output: %s", strerror(e));
    return EXIT_BAD_INPUT;
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

const char *cli_source_name(const cli_source *source, char label[32])
{
    if (!source->argument) return source->name;
    snprintf(label, 32, "argument %d", source->argument);
    return label;
}

void cli_record_error(const cli_job *job, long line, const char *message)
{
    char label[32];
    const char *name = cli_source_name(&job->source, label);
    const sudoku_record *record = &job->record;
    cli_binary *binary = job->source.binary;
    if (binary && !record->ok) {
        if (binary->reported) {
            binary->quiet++;
            return;
        }
        binary->reported = true;
    }
    /* FILE:LINE:COLUMN:, as compilers write it, where the column is known */
    bool column = !record->ok && record->error.column > 0 && line == cli_error_line(record);
    if (job->source.argument)
        cli_error("%s: %s", name, message);
    else if (column)
        cli_error("%s:%ld:%ld: %s", name, line, record->error.column, message);
    else
        cli_error("%s:%ld: %s", name, line, message);
}

long cli_error_line(const sudoku_record *record)
{
    return record->error.line ? record->error.line : record->line;
}

const char *cli_speed(char out[32], unsigned long count, double seconds)
{
    double rate = seconds > 0 ? (double)count / seconds : 0.0;
    if (count && seconds <= 0)
        snprintf(out, 32, "too fast to time");
    else
        snprintf(out, 32, rate >= 10 || count == 0 ? "%.0f puzzles/s" : "%.3g puzzles/s", rate);
    return out;
}

void cli_raise_status(cli_run *run, int status)
{
    if (status > run->status) run->status = status;
}

void cli_start_record(cli_run *run, bool separate)
{
    if (separate && run->records > 0) fputc('\n', run->out);
    run->records++;
}

/* Makes room for n more bytes and a final NUL; false once memory is out. */
static bool text_room(cli_text *text, size_t n)
{
    if (text->failed) return false;
    if (text->len + n + 1 <= text->cap) return true;
    size_t cap = text->cap ? text->cap : TEXT_START;
    while (cap < text->len + n + 1) cap *= 2;
    char *data = realloc(text->data, cap);
    if (!data) {
        text->failed = true;
        return false;
    }
    text->data = data;
    text->cap = cap;
    return true;
}

char *cli_text_reserve(cli_text *text, size_t n)
{
    return text_room(text, n) ? text->data + text->len : NULL;
}

void cli_text_add(cli_text *text, const char *s, size_t n)
{
    if (!text_room(text, n)) return;
    memcpy(text->data + text->len, s, n);
    text->len += n;
    text->data[text->len] = '\0';
}

void cli_text_puts(cli_text *text, const char *s)
{
    cli_text_add(text, s, strlen(s));
}

void cli_text_printf(cli_text *text, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        cli_text_add(text, small, (size_t)n);
        return;
    }
    if (!text_room(text, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(text->data + text->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    text->len += (size_t)n;
}

/* The length of the well-formed UTF-8 character at s[i] (n bytes in all),
 * or 0 if the bytes there are not one. */
static size_t utf8_length(const unsigned char *s, size_t n, size_t i)
{
    unsigned char c = s[i];
    size_t len = c < 0x80                 ? 1
                 : c >= 0xC2 && c <= 0xDF ? 2
                 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4
                                          : 0;
    if (len == 0 || i + len > n) return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[i + k] & 0xC0) != 0x80) return 0;
    /* no overlong forms, no surrogates, nothing past U+10FFFF */
    if (c == 0xE0 && s[i + 1] < 0xA0) return 0;
    if (c == 0xED && s[i + 1] >= 0xA0) return 0;
    if (c == 0xF0 && s[i + 1] < 0x90) return 0;
    if (c == 0xF4 && s[i + 1] >= 0x90) return 0;
    return len;
}

void cli_text_json_string(cli_text *text, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s);
    cli_text_add(text, "\"", 1);
    for (size_t i = 0, len; i < n; i += len) {
        len = utf8_length(u, n, i);
        if (len == 0) {
            len = 1;
            cli_text_puts(text, "\\ufffd");
        } else if (len > 1) {
            cli_text_add(text, s + i, len);
        } else if (u[i] == '"' || u[i] == '\\') {
            char esc[2] = {'\\', s[i]};
            cli_text_add(text, esc, 2);
        } else if (u[i] < 0x20) {
            cli_text_printf(text, "\\u%04x", u[i]);
        } else {
            cli_text_add(text, s + i, 1);
        }
    }
    cli_text_add(text, "\"", 1);
}

void cli_text_rating(cli_text *text, int rating)
{
    cli_text_printf(text, "%d.%d", rating / 10, rating % 10);
}

void cli_text_free(cli_text *text)
{
    free(text->data);
    *text = (cli_text){0};
}

size_t cli_puzzle_text(const sudoku_record *record, char *buf, size_t size)
{
    return record->pencilmarks ? sudoku_format_pencilmarks(&record->board, buf, size)
                               : sudoku_format_line(&record->grid, buf, size);
}
