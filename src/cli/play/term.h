/*
 * term.h: the terminal under `sudoku play` (term.c): raw mode and the
 * alternate screen, keys decoded from their escape sequences, the window's
 * size, and the signals that concern a full-screen program, each turned
 * into an event of the main loop. Whatever way the program ends, the
 * terminal is given back as it was found.
 */
#ifndef SUDOKU_PLAY_TERM_H
#define SUDOKU_PLAY_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* Keys beyond the bytes they are: printable keys are their character,
 * control keys their byte (TERM_CTRL('r')). */
#define TERM_CTRL(c) ((c)&0x1f)
enum {
    TERM_KEY_NONE = -1,
    TERM_KEY_UP = 0x100,
    TERM_KEY_DOWN,
    TERM_KEY_LEFT,
    TERM_KEY_RIGHT,
    TERM_KEY_HOME,
    TERM_KEY_END,
    TERM_KEY_DELETE,
    TERM_KEY_BACKSPACE,
    TERM_KEY_ENTER,
    TERM_KEY_ESCAPE,
    TERM_KEY_UNKNOWN /* an escape sequence the game has no use for */
};

/* What woke the main loop. */
typedef enum term_event {
    TERM_TIMEOUT,
    TERM_KEY,    /* a key: term_key */
    TERM_SIGNAL, /* a signal: term_signal */
    TERM_OTHER,  /* the other descriptor given to term_wait is readable */
    TERM_GONE    /* the terminal went away (end of input or an error) */
} term_event;

/* Checks that standard input and output are terminals; false, with a
 * message naming the one that is not, otherwise. */
bool term_check(char *message, size_t size);

/* Saves the terminal's settings, installs the signal handlers, enters raw
 * mode and the alternate screen. False (with errno) if the terminal
 * refuses; nothing is left changed then. */
bool term_start(void);

/* Gives the terminal back as term_start found it: the screen, the cursor,
 * the settings. Safe to call twice, and from a signal handler's path. */
void term_stop(void);

/* Leaves the terminal as term_stop does and stops the program (Ctrl-Z,
 * SIGTSTP); when it is continued, takes the terminal again. Returns
 * false if the terminal then refuses raw mode. */
bool term_suspend(void);

/* Waits up to timeout_ms (-1: no limit) for a key, a signal or the other
 * descriptor (-1: none). */
term_event term_wait(int timeout_ms, int other_fd, int *key, int *signal);

/* The window's size; 24x80 if the terminal does not say. */
void term_size(int *rows, int *cols);

/* Writes all of data to the terminal; false if the write failed. */
bool term_write(const char *data, size_t n);

#endif
