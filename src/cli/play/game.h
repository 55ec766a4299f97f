/*
 * game.h: the player's side of a game of `sudoku play` (game.c): the
 * givens and the solution, the player's entries and pencil marks, and the
 * history of every change, undone and redone without limit. Nothing here
 * draws or reads keys; the screen and the loop (play.c) work through it.
 */
#ifndef SUDOKU_PLAY_GAME_H
#define SUDOKU_PLAY_GAME_H

#include "sudoku.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every digit: bits 0-8. */
#define PLAY_ALL_DIGITS 0x1FFu

/* One cell changed by an action: its entry and marks before and after. */
typedef struct play_change {
    uint8_t cell;
    uint8_t old_entry, new_entry;
    uint16_t old_marks, new_marks;
} play_change;

/* The history: the changes of every action in order, and where each action
 * starts among them. Actions [0, position) are done; [position, actions)
 * are undone and can be redone until a new action replaces them. */
typedef struct play_history {
    play_change *changes;
    size_t nchanges, changes_cap;
    size_t *starts; /* starts[i]: action i's first change */
    size_t actions, starts_cap;
    size_t position;
} play_history;

typedef struct play_game {
    sudoku_grid puzzle;           /* the givens */
    sudoku_grid solution;         /* the one solution */
    uint8_t entry[SUDOKU_CELLS];  /* the player's digit in an open cell, 0 if none */
    uint16_t marks[SUDOKU_CELLS]; /* the player's pencil marks (bit d-1 for d), kept
                                     under an entry and shown again when it goes */
    play_history history;
    bool auto_remove;       /* a digit placed leaves the marks of the cell's peers */
    bool live_mistakes;     /* mistakes are marked as they happen */
    long long elapsed_ms;   /* time played, pauses left out */
    int cursor;             /* the cell the player is on */
    unsigned long revision; /* counts changes to the board: a hint is for one revision */
} play_game;

/* Sets up a game of puzzle, whose one solution is given; false if a given
 * clashes with the solution. Free it with play_game_free. */
bool play_game_init(play_game *game, const sudoku_grid *puzzle, const sudoku_grid *solution);
void play_game_free(play_game *game);

/* True if cell is a given. */
bool play_is_given(const play_game *game, int cell);

/* The digit the board shows in cell: the given, the entry, or 0. */
int play_digit(const play_game *game, int cell);

/* The digits cell may still hold as the board stands: those no peer shows. */
uint16_t play_allowed(const play_game *game, int cell);

/* True if cells a and b share a row, a column or a box (a cell is not its
 * own peer). */
bool play_peers(int a, int b);

/* ---- actions: each is one step of the history; false if it changes nothing ---- */

/* Enters digit in an open cell (the same digit again clears it); with
 * auto_remove, the digit leaves the marks of the cell's peers. */
bool play_enter(play_game *game, int cell, int digit);

/* Adds or removes one mark of an open cell without an entry. */
bool play_toggle_mark(play_game *game, int cell, int digit);

/* Clears a cell's entry, or when it has none, its marks. */
bool play_clear(play_game *game, int cell);

/* Gives every open cell without an entry or a mark the digits it may hold. */
bool play_fill_marks(play_game *game);

/* Takes a logic step: its placements entered (with auto_remove's
 * effect), its eliminations removed from the marks; a cell without marks
 * first gets the candidates the hint saw (play_logic_state). */
bool play_apply_step(play_game *game, const sudoku_step *step);

/* Enters the solution's digit in cell. */
bool play_reveal(play_game *game, int cell);

/* Clears every entry and mark: a fresh start, undoable as any action. */
bool play_restart(play_game *game);

/* Undoes the last action done, or redoes the last undone; false if none. */
bool play_undo(play_game *game);
bool play_redo(play_game *game);

/* ---- what the board says ---- */

/* The mistakes on the board: wrong[cell] set for an entry that is not the
 * solution's digit; removed[cell] holds the solution's digit (its bit) when
 * the cell has marks without it. Either may be NULL. Returns how many. */
int play_mistakes(const play_game *game, bool wrong[SUDOKU_CELLS], uint16_t removed[SUDOKU_CELLS]);

/* True if every cell shows the solution's digit. */
bool play_solved(const play_game *game);

/* True if every cell shows a digit. */
bool play_full(const play_game *game);

/* The state the logic engine sees: the givens and entries placed, and
 * each open cell with the player's marks if it has some, else every digit;
 * either way less the digits its placed peers hold. */
void play_logic_state(const play_game *game, sudoku_logic *state);

/* Appends an action of n changes to the history, dropping the actions
 * undone before it, and counts it done; the board is the caller's to
 * change (the save file's loader replays a history through it). False,
 * the history as it was, if memory ran out. */
bool play_history_push(play_history *history, const play_change *changes, size_t n);

/* The changes of action i of the history, and how many in *n. */
const play_change *play_history_action(const play_history *history, size_t i, size_t *n);

#endif
