/*
 * picture.h: what a picture shows, whatever draws it (picture.c): a grid's
 * digits and candidates, and what a step marks on them, said without
 * naming any technique. SVG (svg.c), the HTML book (book.c) and the
 * terminal (terminal.c) draw from it; a step's data becomes a picture in
 * one place, picture_mark_step, so that a new kind of step data needs a
 * new line there and nowhere else.
 */
#ifndef SUDOKU_DRAW_PICTURE_H
#define SUDOKU_DRAW_PICTURE_H

#include "board/board.h"

/* What a cell's shading says. */
typedef enum picture_shade {
    SHADE_NONE,
    SHADE_PATTERN, /* a cell of the step's pattern */
    SHADE_SET,     /* a cell the pattern works with (a uniqueness step's set) */
    SHADE_PLACE    /* a cell the step places a digit in */
} picture_shade;

/* What a candidate's marks say (bits; several may hold). */
enum {
    MARK_PATTERN = 1,    /* one of the pattern's digits, in its cells: ringed */
    MARK_EXTRA = 2,      /* one of the step's extra digits, in its cells: ringed */
    MARK_ON = 4,         /* a chain node: the digit holds */
    MARK_OFF = 8,        /* a chain node: the digit does not */
    MARK_ELIMINATE = 16, /* the step removes it: crossed out */
    MARK_PLACE = 32      /* the step places it */
};

/* An arrow from one candidate to another: a chain's link. */
typedef struct picture_arrow {
    uint8_t from_cell, from_digit, to_cell, to_digit;
    bool strong; /* to a node that holds: drawn solid; else dashed */
} picture_arrow;

typedef struct picture {
    uint8_t digit[SUDOKU_CELLS];       /* the placed digit, 0 for an open cell */
    bool given[SUDOKU_CELLS];          /* the digit is a given (else solved) */
    uint16_t candidates[SUDOKU_CELLS]; /* an open cell's small digits; 0: none shown */
    uint8_t shade[SUDOKU_CELLS];       /* a picture_shade */
    uint8_t marks[SUDOKU_CELLS][9];    /* each candidate's MARK_ bits */
    unsigned used;                     /* the MARK_ bits of any candidate */
    uint32_t units;                    /* units tinted, bit u for unit u */
    int narrows;
    bool arrows_cut; /* the step had more links than it carries */
    picture_arrow arrows[SUDOKU_LINKS_MAX];
} picture;

/* A grid's digits, those of givens as givens (grid NULL: givens alone). */
void picture_from_grid(picture *pic, const sudoku_grid *givens, const sudoku_grid *grid);

/* The candidate grid of state; givens as above (NULL: every placed digit). */
void picture_from_state(picture *pic, const sudoku_grid *givens, const sudoku_logic *state);

/* Marks what step shows on a picture of the state it was found in. */
void picture_mark_step(picture *pic, const sudoku_step *step);

/* The marks a picture uses (the union of every candidate's bits). */
unsigned picture_marks_used(const picture *pic);

#endif
