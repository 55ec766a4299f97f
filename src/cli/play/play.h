/*
 * play.h: the game loop of `sudoku play` (play.c): keys to actions,
 * hints from the worker, signals, the clock, frames to the terminal, and
 * the game saved whenever it could otherwise be lost.
 */
#ifndef SUDOKU_PLAY_PLAY_H
#define SUDOKU_PLAY_PLAY_H

#include "game.h"

#include <stddef.h>

typedef struct play_options {
    const char *save_path; /* where the game is kept */
    bool color;            /* colours (not under NO_COLOR) */
    const char *greeting;  /* the first message on the screen, or NULL */
    unsigned long long hint_budget; /* units of work a hint may take (0: no limit) */
} play_options;

/* Plays game on the terminal (term_check must have passed) until the
 * player quits: saves it, gives the terminal back, and returns the exit
 * status (0; 2 if the terminal failed or could not be taken), with what
 * to tell the player after in note. A signal that ends programs (SIGINT,
 * Ctrl-C, SIGTERM, SIGHUP) saves the game, gives the terminal back, says
 * so on stderr, and then ends the program by that signal. */
int play_run(play_game *game, bool solved, const play_options *opt, char *note, size_t size);

#endif
