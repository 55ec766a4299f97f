/*
 * book.c: a printable book written as its puzzles come, in input order:
 * the pages of puzzles straight to the output, the solutions and the
 * steps into temporary files, copied in at the end. The HTML is the
 * library's (sudoku_book_*); this file decides what goes where.
 */
#include "book.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void book_defaults(book *b)
{
    memset(b, 0, sizeof *b);
    b->layout.per_page = BOOK_PER_PAGE;
}

int book_take_option(book *b, const char *command, int key, const char *value)
{
    unsigned long n;
    switch (key) {
    case BOOK_KEY_PER_PAGE:
        if (!cli_parse_number(value, &n) || n < 1 || n > 12)
            return cli_usage_error(command,
                                   "--per-page needs a number of puzzles from 1 to 12, "
                                   "not '%s'",
                                   value);
        b->layout.per_page = (int)n;
        return 0;
    case BOOK_KEY_PAPER:
        if (strcmp(value, "a4") != 0 && strcmp(value, "letter") != 0)
            return cli_usage_error(command, "--paper is a4 or letter, not '%s'", value);
        b->layout.letter = strcmp(value, "letter") == 0;
        return 0;
    case BOOK_KEY_TITLE: b->layout.title = value; return 0;
    default: return 0;
    }
}

/* Adds what a library writer writes, whatever its length: measured, then
 * written into the text's room. */
#define ADD_WRITTEN(text, call_with_buf_size)                                                      \
    do {                                                                                           \
        char *buf = NULL;                                                                          \
        size_t size = 0;                                                                           \
        size_t n_ = (call_with_buf_size);                                                          \
        buf = cli_text_reserve((text), n_);                                                        \
        size = n_ + 1;                                                                             \
        if (buf) (text)->len += (call_with_buf_size);                                              \
    } while (0)

/* The flow's text and pictures do not depend on the layout. */
static const sudoku_book any_layout = {NULL, false, BOOK_PER_PAGE};

void book_add_text(cli_text *html, sudoku_book_kind kind, const char *text)
{
    ADD_WRITTEN(html, sudoku_book_text(&any_layout, kind, text, buf, size));
}

void book_add_step(cli_text *html, const sudoku_grid *givens, const sudoku_logic *state,
                   const sudoku_step *step)
{
    ADD_WRITTEN(html, sudoku_book_step(&any_layout, givens, state, step, buf, size));
}

/* Writes a text out (to the output or a part's file) and empties it. */
static void flush_text(cli_run *run, cli_text *text, FILE *to)
{
    if (text->failed) {
        cli_error("out of memory: the book is incomplete");
        cli_raise_status(run, EXIT_BAD_INPUT);
    } else if (text->len) {
        fwrite(text->data, 1, text->len, to);
    }
    cli_text_free(text);
}

void book_write_start(cli_run *run, const book *b)
{
    cli_text html = {0};
    ADD_WRITTEN(&html, sudoku_book_start(&b->layout, buf, size));
    flush_text(run, &html, run->out);
}

void book_write_end(cli_run *run, const book *b)
{
    cli_text html = {0};
    ADD_WRITTEN(&html, sudoku_book_end(&b->layout, buf, size));
    flush_text(run, &html, run->out);
}

static FILE *open_part(cli_run *run, bool wanted)
{
    if (!wanted) return NULL;
    FILE *f = tmpfile();
    if (!f) {
        cli_error("cannot make a temporary file for the book: %s", strerror(errno));
        cli_raise_status(run, EXIT_BAD_INPUT);
    }
    return f;
}

bool book_begin(cli_run *run, book *b)
{
    b->solution_pages = open_part(run, b->solutions);
    b->step_pages = open_part(run, b->steps);
    if ((b->solutions && !b->solution_pages) || (b->steps && !b->step_pages)) return false;
    if (b->layout.title)
        snprintf(b->solutions_title, sizeof b->solutions_title, "%.200s: solutions",
                 b->layout.title);
    else
        snprintf(b->solutions_title, sizeof b->solutions_title, "Solutions");
    book_write_start(run, b);
    return true;
}

/* The rating as the book shows it: "rating 4.2", or "not rated". */
static void rating_note(const sudoku_rating *rating, char note[32])
{
    if (rating)
        snprintf(note, 32, "rating %d.%d", rating->er / 10, rating->er % 10);
    else
        snprintf(note, 32, "not rated");
}

void book_add(cli_run *run, book *b, const sudoku_grid *puzzle, const sudoku_rating *rating,
              const sudoku_grid *solution, const cli_text *steps)
{
    cli_text html = {0};
    char label[32], note[32];
    long index = b->count++;
    snprintf(label, sizeof label, "%ld", index + 1);
    rating_note(rating, note);
    ADD_WRITTEN(&html, sudoku_book_grid(&b->layout, index, label, note, puzzle, NULL, buf, size));
    flush_text(run, &html, run->out);
    if (b->solution_pages && solution) {
        sudoku_book part = b->layout;
        part.title = b->solutions_title;
        part.per_page = BOOK_SOLUTIONS_PER_PAGE;
        ADD_WRITTEN(&html,
                    sudoku_book_grid(&part, index, label, NULL, puzzle, solution, buf, size));
        flush_text(run, &html, b->solution_pages);
    }
    if (b->step_pages && steps) {
        char heading[80];
        snprintf(heading, sizeof heading, "Puzzle %s (%s)", label, note);
        book_add_text(&html, SUDOKU_BOOK_HEADING, heading);
        flush_text(run, &html, b->step_pages);
        if (steps->len) fwrite(steps->data, 1, steps->len, b->step_pages);
    }
}

/* Copies a part's temporary file to the output, and closes it. */
static void copy_part(cli_run *run, FILE *part)
{
    char chunk[1 << 16];
    size_t n;
    /* a write that failed (a full disk) left its mark: rewind clears it */
    bool failed = fflush(part) != 0 || ferror(part);
    rewind(part);
    while ((n = fread(chunk, 1, sizeof chunk, part)) > 0) fwrite(chunk, 1, n, run->out);
    if (failed || ferror(part)) {
        cli_error("the book's temporary file failed: %s", strerror(errno ? errno : EIO));
        cli_raise_status(run, EXIT_BAD_INPUT);
    }
    fclose(part);
}

void book_end(cli_run *run, book *b)
{
    cli_text html = {0};
    ADD_WRITTEN(&html, sudoku_book_grids_end(&b->layout, b->count, buf, size));
    if (b->solution_pages) {
        sudoku_book part = b->layout;
        part.per_page = BOOK_SOLUTIONS_PER_PAGE;
        flush_text(run, &html, run->out);
        copy_part(run, b->solution_pages);
        ADD_WRITTEN(&html, sudoku_book_grids_end(&part, b->count, buf, size));
    }
    if (b->step_pages) {
        if (b->count) book_add_text(&html, SUDOKU_BOOK_PART, "Step by step");
        flush_text(run, &html, run->out);
        copy_part(run, b->step_pages);
    }
    flush_text(run, &html, run->out);
    book_write_end(run, b);
    b->solution_pages = b->step_pages = NULL;
}
