/*
 * hint.h: the hints of `sudoku play` (hint.c): the one function through
 * which the game asks the logic engine for a step, and the worker thread
 * that asks it while the screen goes on answering keys.
 */
#ifndef SUDOKU_PLAY_HINT_H
#define SUDOKU_PLAY_HINT_H

#include "sudoku.h"

/* The work one hint may take, in the engine's units of work (--budget's:
 * some 45 ns each): under a second of one core, as --anyway's default
 * (docs/play.md measures it). The count, not a clock, stops the search,
 * so where it stops is the same on every machine. */
#define PLAY_HINT_BUDGET 20000000ull

/* The work a hint may take on the main loop's own thread before it is
 * handed to the worker: some milliseconds. Most hints take far less, and
 * are there at once, without waiting for a thread to be woken. */
#define PLAY_HINT_QUICK 100000ull

typedef enum play_hint_outcome {
    PLAY_HINT_FOUND,       /* step holds the next step */
    PLAY_HINT_NONE,        /* no technique of the engine applies (or the state is solved) */
    PLAY_HINT_OVER_BUDGET, /* the search stopped at the budget */
    PLAY_HINT_NO_MEMORY    /* memory ran short */
} play_hint_outcome;

/* The next step on state, as the game's hints give it: every hint goes
 * through here, so the engine's scale or options change in one place.
 * memo (may be NULL) is the caller's, one path at a time. */
play_hint_outcome play_hint_find(const sudoku_logic *state, sudoku_logic_memo *memo,
                                 unsigned long long budget, sudoku_step *step);

/* A worker thread that finds hints: a question is a state and a ticket;
 * the answer comes back with its ticket, so that one asked about a board
 * since changed is known for what it is. */
typedef struct play_hinter play_hinter;

/* Starts the worker, whose hints take at most budget units of work
 * (PLAY_HINT_BUDGET by default); NULL if the system refuses a thread or
 * memory. */
play_hinter *play_hinter_new(unsigned long long budget);

/* A descriptor that becomes readable when an answer is ready. */
int play_hinter_fd(const play_hinter *hinter);

/* Asks for the next step on state: first a quick search on the caller's
 * thread (PLAY_HINT_QUICK, or the budget if it is less), whose answer is returned at once (true, with
 * outcome and step); if that is not enough, the question goes to the
 * worker (false: the answer will come with ticket), replacing one not yet
 * taken up. */
bool play_hinter_ask(play_hinter *hinter, const sudoku_logic *state, unsigned long ticket,
                     play_hint_outcome *outcome, sudoku_step *step);

/* Takes the answer if one is ready: true with its ticket, outcome, step
 * and the seconds it took. */
bool play_hinter_answer(play_hinter *hinter, unsigned long *ticket, play_hint_outcome *outcome,
                        sudoku_step *step, double *seconds);

/* Stops the worker (once its current search ends) and frees it. */
void play_hinter_free(play_hinter *hinter);

#endif
