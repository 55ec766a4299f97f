/*
 * book.h: printable books (book.c), for the commands that write one
 * (book, generate --format html) and the HTML page of explain: their
 * options (--per-page, --paper, --title), and the book as it is written,
 * puzzle by puzzle in input order, its solutions and steps kept aside in
 * temporary files until the end, so that memory stays flat.
 */
#ifndef SUDOKU_CLI_BOOK_H
#define SUDOKU_CLI_BOOK_H

#include "cli.h"

/* Puzzles a page by default, and solutions a page. */
#define BOOK_PER_PAGE 4
#define BOOK_SOLUTIONS_PER_PAGE 9

/* The keys of the book's options, for the commands that list them. */
enum { BOOK_KEY_PER_PAGE = 400, BOOK_KEY_PAPER, BOOK_KEY_TITLE };

/* --per-page, --paper and --title, for a command's option table. */
/* clang-format off */
#define BOOK_OPTIONS \
    {"per-page", true, BOOK_KEY_PER_PAGE}, {"paper", true, BOOK_KEY_PAPER}, \
    {"title", true, BOOK_KEY_TITLE}
/* clang-format on */

typedef struct book {
    sudoku_book layout;
    bool solutions;       /* a part with every puzzle's solution */
    bool steps;           /* a part with every puzzle's steps */
    FILE *solution_pages; /* those parts until the end */
    FILE *step_pages;
    long count; /* puzzles in the book so far */
    char solutions_title[256];
} book;

/* The defaults: A4, BOOK_PER_PAGE puzzles a page, no title, no parts. */
void book_defaults(book *b);

/* Takes one of the book's options; returns 0, or the exit status of a
 * usage error. */
int book_take_option(book *b, const char *command, int key, const char *value);

/* Writes the page's head; opens the parts' temporary files. Returns false
 * (the run's status raised, after saying why) if one cannot be made. */
bool book_begin(cli_run *run, book *b);

/* Adds the next puzzle, numbered in the book from 1, with its rating
 * (NULL: not rated), its solution (for the solutions part) and its steps
 * (HTML for the steps part; NULL: none). */
void book_add(cli_run *run, book *b, const sudoku_grid *puzzle, const sudoku_rating *rating,
              const sudoku_grid *solution, const cli_text *steps);

/* Ends the pages of puzzles, copies the parts in, ends the page. */
void book_end(cli_run *run, book *b);

/* Adds HTML for text in the flow (sudoku_book_text), whatever its length. */
void book_add_text(cli_text *html, sudoku_book_kind kind, const char *text);

/* Adds the figure of a step (step NULL: the candidates of state). */
void book_add_step(cli_text *html, const sudoku_grid *givens, const sudoku_logic *state,
                   const sudoku_step *step);

/* Writes the book's start or end alone (explain's page of steps). */
void book_write_start(cli_run *run, const book *b);
void book_write_end(cli_run *run, const book *b);

#endif
