/*
 * screen.h: what `sudoku play` draws (screen.c): the board, as on paper
 * when the window is large enough (each open cell's pencil marks a 3x3
 * block of small digits) or compact (a character a cell, the cursor
 * cell's marks beside it), and a panel of what the player needs to know.
 * A frame is drawn on a canvas of characters and styles, which becomes
 * escape sequences for the terminal or plain text for the tests.
 */
#ifndef SUDOKU_PLAY_SCREEN_H
#define SUDOKU_PLAY_SCREEN_H

#include "game.h"

/* Styles of a character; colours are only used when colour is on. */
enum {
    STYLE_BOLD = 1,
    STYLE_DIM = 2,
    STYLE_UNDERLINE = 4,
    STYLE_REVERSE = 8,
    /* Colours, one at a time (bits 4-7): shown as colour, or without
     * colour (NO_COLOR) as the attribute in brackets. */
    STYLE_ENTRY = 1 << 4,     /* the player's digits (blue) */
    STYLE_PATTERN = 2 << 4,   /* a hint's pattern (cyan background; underline) */
    STYLE_REMOVE = 3 << 4,    /* a hint's eliminations (red; reverse) */
    STYLE_PLACE = 4 << 4,     /* a hint's placements (green background; reverse) */
    STYLE_MISTAKE = 5 << 4,   /* a mistake (red background; reverse) */
    STYLE_HIGHLIGHT = 6 << 4, /* the digit asked to be seen (yellow background; underline) */
    STYLE_TITLE = 7 << 4      /* titles (magenta; bold) */
};
#define STYLE_COLORS 0xF0

typedef struct canvas_cell {
    char ch;
    uint8_t style;
} canvas_cell;

typedef struct play_canvas {
    int rows, cols;
    canvas_cell *cells; /* rows x cols */
} play_canvas;

/* What a hint shows, as play.c hands it to the screen. */
typedef struct play_hint_view {
    int level;               /* 0: no hint shown; 1-3 */
    char text[1024];         /* the hint in words at its level */
    const sudoku_step *step; /* the step (levels 2-3 light its cells), or NULL */
    uint32_t units;          /* the units to look at (level 1) */
} play_hint_view;

/* Everything a frame shows. */
typedef struct play_view {
    const play_game *game;
    bool marking; /* digits toggle marks */
    bool show_mistakes;
    bool wrong[SUDOKU_CELLS];
    uint16_t removed[SUDOKU_CELLS];
    int mistakes;
    int highlight;          /* a digit to light everywhere, 0 none */
    bool pending_highlight; /* '*' was pressed: a digit comes next */
    play_hint_view hint;
    bool thinking;       /* a hint is being looked for */
    const char *message; /* one line for the player, or NULL */
    bool paused, solved, help;
    long long elapsed_ms;
} play_view;

/* Sets the canvas to rows x cols, blank; false if memory ran out. */
bool play_canvas_size(play_canvas *canvas, int rows, int cols);
void play_canvas_free(play_canvas *canvas);

/* Draws the frame of view on the canvas. */
void play_draw(play_canvas *canvas, const play_view *view);

/* The canvas as terminal output (from the top left; colour or not) into
 * a malloc'ed text; NULL if memory ran out. */
char *play_canvas_escapes(const play_canvas *canvas, bool color, size_t *length);

/* The canvas as plain text, a line a row, trailing spaces cut (the
 * tests' view of a frame); malloc'ed. */
char *play_canvas_text(const play_canvas *canvas);

/* "12:34" or "1:02:03". */
void play_format_time(long long ms, char text[16]);

#endif
