/*
 * save.h: a game of `sudoku play` kept in a file and read back (save.c):
 * the puzzle, the entries and marks, the whole undo history, the time
 * played, the options; a file that is cut short or changed is refused,
 * whole, and left as it is.
 */
#ifndef SUDOKU_PLAY_SAVE_H
#define SUDOKU_PLAY_SAVE_H

#include "game.h"

/* Room for a message about a save file: its path and what is wrong. */
#define PLAY_SAVE_MESSAGE 1200

/* Writes game to path: to a file beside it first, then put in its place,
 * so that a failure midway leaves the old file whole. The directory is
 * made if need be (mode 0700). Returns false with why in message. */
bool play_save(const play_game *game, bool solved, const char *path,
               char message[PLAY_SAVE_MESSAGE]);

/* Reads a saved game into game (play_game_free frees it) and whether it
 * was solved. Returns false, with "PATH:LINE: what is wrong" in message
 * and game freed, if the file cannot be read, is cut short, was changed
 * (its checksum), or holds anything but a game this program saved. */
bool play_load(play_game *game, bool *solved, const char *path, char message[PLAY_SAVE_MESSAGE]);

/* The text of a save file, as play_save writes it: malloc'ed, NULL if
 * memory ran out; *length its length. */
char *play_save_text(const play_game *game, bool solved, size_t *length);

/* Reads a save file's text (name is the path, for messages). */
bool play_load_text(play_game *game, bool *solved, const char *text, size_t length,
                    const char *name, char message[PLAY_SAVE_MESSAGE]);

#endif
