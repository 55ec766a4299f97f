/*
 * pictures.h: what the commands share to write pictures (pictures.c):
 * an SVG picture added to a job's text, the files of --output-dir, a
 * record's picture written out, and whether a terminal gets colours.
 */
#ifndef SUDOKU_CLI_PICTURES_H
#define SUDOKU_CLI_PICTURES_H

#include "cli.h"

/* What to draw: a step on state, or the candidates of state, or a grid
 * (givens dark; grid NULL: givens alone). */
typedef struct picture_request {
    const sudoku_grid *givens;
    const sudoku_grid *grid;
    const sudoku_logic *state;
    const sudoku_step *step;
    unsigned flags; /* SUDOKU_PICTURE_ */
} picture_request;

/* Adds the picture's SVG to text, whatever its length. */
void pictures_add_svg(cli_text *text, const picture_request *request);

/* Adds the candidate grid of request->state for a terminal, with
 * request->step (NULL: none) marked. */
void pictures_add_terminal(cli_text *text, const picture_request *request);

/* The file of a record's picture under dir: "DIR/0001.svg" for record
 * number 1, or "DIR/0001-012.svg" for its 12th step (step > 0). */
void pictures_path(const char *dir, unsigned long number, int step, char *path, size_t size);

/* Writes n bytes to a new file at path; returns 0, or the errno of what
 * went wrong. */
int pictures_save(const char *path, const char *data, size_t n);

/* Writes a record's picture: to standard output, or with --output-dir to
 * its file, its path then being the record's line. A file that cannot be
 * written gets a diagnostic naming it, and exit status 2. */
void pictures_write(cli_run *run, const cli_job *job, const char *svg, size_t n);

/* --color: when to colour a terminal's pictures. */
typedef enum pictures_color { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } pictures_color;

/* Reads --color's value; returns false if it is none of auto, always,
 * never. */
bool pictures_parse_color(const char *value, pictures_color *when);

/* True if pictures on standard output get colours: always, or (auto)
 * when it is a terminal, NO_COLOR is unset or empty and TERM is not
 * "dumb". */
bool pictures_use_color(pictures_color when);

#endif
