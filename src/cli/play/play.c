/*
 * play.c: the loop of `sudoku play`. It waits for a key, a signal, the
 * hint worker's answer or the clock's next second; turns keys into the
 * game's actions (game.c); asks for hints in three levels (hint.c); and
 * draws a frame whenever something changed (screen.c, term.c).
 *
 * Nothing is ever lost: the game is saved a few seconds after a change,
 * when the player quits (q, Ctrl-C), and when a signal ends the program
 * (SIGTERM, SIGHUP), always before the terminal is given back.
 */
#define _POSIX_C_SOURCE 200809L

#include "play.h"

#include "hint.h"
#include "save.h"
#include "screen.h"
#include "term.h"

#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Seconds after a change at which the game is saved, if no other saving
 * came first. */
#define AUTOSAVE_SECONDS 5.0

typedef enum hint_kind {
    HINT_NONE,
    HINT_STEP,     /* a step of the engine, in levels 1-3 */
    HINT_MISTAKES, /* the board has mistakes: level 1 says so, 2 marks them */
    HINT_REVEAL    /* no step found: 'a' places a digit of the solution */
} hint_kind;

typedef struct loop {
    play_game *game;
    const play_options *opt;
    play_canvas canvas;
    play_hinter *hinter;
    bool marking, help, paused, solved, pending_highlight, quit, dirty, clear_screen;
    int highlight;
    bool checked; /* 'c' was pressed at checked_revision */
    unsigned long checked_revision;
    /* the hint */
    hint_kind hint;
    int level;
    bool thinking;
    unsigned long hint_revision, ticket;
    sudoku_step step;
    char hint_text[1024];
    char message[PLAY_SAVE_MESSAGE + 128];
    /* the clock and saving */
    double last_tick, last_change, last_save;
    unsigned long saved_revision;
    bool saved_solved, save_failed;
    int status;
} loop;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void say(loop *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(loop *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->message, sizeof l->message, fmt, ap);
    va_end(ap);
    l->dirty = true;
}

static bool running(const loop *l)
{
    return !l->paused && !l->solved;
}

static void tick(loop *l)
{
    double t = now();
    if (running(l)) l->game->elapsed_ms += (long long)((t - l->last_tick) * 1000.0);
    l->last_tick = t;
}

static bool save(loop *l)
{
    char why[PLAY_SAVE_MESSAGE];
    tick(l);
    l->last_save = now();
    if (play_save(l->game, l->solved, l->opt->save_path, why)) {
        l->saved_revision = l->game->revision;
        l->saved_solved = l->solved;
        l->save_failed = false;
        return true;
    }
    if (!l->save_failed) say(l, "%s (Q quits without saving)", why);
    l->save_failed = true;
    return false;
}

/* ---- hints ---- */

static void drop_hint(loop *l)
{
    l->hint = HINT_NONE;
    l->level = 0;
    l->thinking = false;
    l->hint_text[0] = '\0';
}

static void show_step(loop *l)
{
    char text[900];
    size_t n = sudoku_format_hint(&l->step, l->level, text, sizeof text);
    if (n >= sizeof text) memcpy(text + sizeof text - 4, "...", 4);
    snprintf(l->hint_text, sizeof l->hint_text, "Hint %d/3: %s (%s)", l->level, text,
             l->level < 3 ? "n: more, a: apply" : "a applies it");
    l->dirty = true;
}

static void show_mistakes_hint(loop *l, int mistakes)
{
    if (l->level == 1)
        snprintf(l->hint_text, sizeof l->hint_text,
                 "Hint: something on the board is wrong (%d mistake%s): n again marks %s.",
                 mistakes, mistakes == 1 ? "" : "s", mistakes == 1 ? "it" : "them");
    else
        snprintf(l->hint_text, sizeof l->hint_text,
                 "Hint: the mistakes are marked with '!'; mend them, then ask again.");
    if (l->level >= 2) {
        l->checked = true;
        l->checked_revision = l->game->revision;
    }
    l->dirty = true;
}

static void show_answer(loop *l, play_hint_outcome outcome, double seconds);

static void ask_hint(loop *l)
{
    if (l->solved) {
        say(l, "Solved already: no hint needed.");
        return;
    }
    if (l->thinking) return;
    if (l->hint != HINT_NONE && l->hint_revision == l->game->revision) {
        if (l->hint == HINT_STEP && l->level < 3) {
            l->level++;
            show_step(l);
        } else if (l->hint == HINT_MISTAKES && l->level < 2) {
            l->level++;
            show_mistakes_hint(l, play_mistakes(l->game, NULL, NULL));
        } else if (l->hint == HINT_MISTAKES) {
            say(l, "Mend the mistakes marked with '!', then ask again.");
        } else {
            say(l, "That is all this hint says: a applies it.");
        }
        return;
    }
    drop_hint(l);
    l->hint_revision = l->game->revision;
    int mistakes = play_mistakes(l->game, NULL, NULL);
    if (mistakes) {
        l->hint = HINT_MISTAKES;
        l->level = 1;
        show_mistakes_hint(l, mistakes);
        return;
    }
    if (!l->hinter) {
        say(l, "No hints: the hint worker could not be started.");
        return;
    }
    sudoku_logic state;
    play_hint_outcome outcome;
    play_logic_state(l->game, &state);
    l->thinking = true;
    l->dirty = true;
    if (play_hinter_ask(l->hinter, &state, ++l->ticket, &outcome, &l->step))
        show_answer(l, outcome, 0.0);
}

/* The hint found (or not) for the board it was asked on. */
static void show_answer(loop *l, play_hint_outcome outcome, double seconds)
{
    l->thinking = false;
    l->dirty = true;
    switch (outcome) {
    case PLAY_HINT_FOUND:
        l->hint = HINT_STEP;
        l->level = 1;
        show_step(l);
        return;
    case PLAY_HINT_OVER_BUDGET:
    case PLAY_HINT_NONE:
        l->hint = HINT_REVEAL;
        l->level = 1;
        snprintf(l->hint_text, sizeof l->hint_text,
                 outcome == PLAY_HINT_NONE
                     ? "Hint: no technique the engine knows applies here. a places a digit of "
                       "the solution instead."
                     : "Hint: the next step needs more search than a hint's budget allows "
                       "(stopped after %.1f s; --hint-budget). a places a digit of the solution "
                       "instead.",
                 seconds);
        return;
    case PLAY_HINT_NO_MEMORY:
    default: say(l, "No hint: out of memory."); return;
    }
}

static void take_answer(loop *l)
{
    unsigned long ticket;
    play_hint_outcome outcome;
    double seconds;
    if (!play_hinter_answer(l->hinter, &ticket, &outcome, &l->step, &seconds)) return;
    if (ticket != l->ticket || !l->thinking || l->hint_revision != l->game->revision) return;
    show_answer(l, outcome, seconds);
}

/* The cell a revealed digit goes to: the cursor's if it is open, else the
 * open cell with the fewest candidates. */
static int reveal_cell(const play_game *g)
{
    int best = -1, fewest = 10;
    if (!play_digit(g, g->cursor)) return g->cursor;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (play_digit(g, cell)) continue;
        int n = __builtin_popcount(play_allowed(g, cell));
        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    return best;
}

static void board_changed(loop *l);

static void apply_hint(loop *l)
{
    if (l->hint == HINT_NONE || l->hint_revision != l->game->revision) {
        say(l, "No hint to apply: n asks for one.");
        return;
    }
    if (l->hint == HINT_MISTAKES) {
        say(l, "Mend the mistakes first (n marks them).");
        return;
    }
    if (l->hint == HINT_REVEAL) {
        int cell = reveal_cell(l->game);
        if (cell >= 0 && play_reveal(l->game, cell)) {
            board_changed(l);
            say(l, "Placed r%dc%d=%d from the solution.", cell / 9 + 1, cell % 9 + 1,
                l->game->solution.cell[cell]);
        }
        return;
    }
    char text[900];
    size_t n = sudoku_format_hint(&l->step, 3, text, sizeof text);
    if (n >= sizeof text) memcpy(text + sizeof text - 4, "...", 4);
    if (play_apply_step(l->game, &l->step)) {
        board_changed(l);
        say(l, "Applied: %s", text);
    } else {
        drop_hint(l);
        say(l, "The hint changes nothing on this board.");
    }
}

/* ---- the board ---- */

static void board_changed(loop *l)
{
    drop_hint(l);
    l->dirty = true;
    l->last_change = now();
    bool was = l->solved;
    tick(l);
    l->solved = play_solved(l->game);
    if (l->solved && !was) {
        char time[16];
        play_format_time(l->game->elapsed_ms, time);
        say(l, "Solved in %s! Well played.", time);
        save(l);
    } else if (!l->solved && play_full(l->game)) {
        say(l, "Every cell is filled, but not all rightly: c marks the mistakes.");
    }
}

static void move(loop *l, int dr, int dc)
{
    int r = l->game->cursor / 9, c = l->game->cursor % 9;
    r = (r + dr + 9) % 9;
    c = (c + dc + 9) % 9;
    l->game->cursor = 9 * r + c;
    l->dirty = true;
}

static void digit_key(loop *l, int digit)
{
    play_game *g = l->game;
    int cell = g->cursor;
    char name[32];
    snprintf(name, sizeof name, "r%dc%d", cell / 9 + 1, cell % 9 + 1);
    if (play_is_given(g, cell)) {
        say(l, "%s is a given.", name);
        return;
    }
    if (l->marking && g->entry[cell]) {
        say(l, "%s holds a digit: clear it (0) to mark it.", name);
        return;
    }
    bool changed = l->marking ? play_toggle_mark(g, cell, digit) : play_enter(g, cell, digit);
    if (changed) board_changed(l);
}

static void undo_redo(loop *l, bool redo)
{
    if (redo ? play_redo(l->game) : play_undo(l->game))
        board_changed(l);
    else
        say(l, redo ? "Nothing to redo." : "Nothing to undo.");
}

/* Ends the program by a signal that ends programs, the game saved and
 * the terminal given back first. */
static void die(loop *l, int sig)
{
    bool saved = save(l);
    term_stop();
    fprintf(stderr, "sudoku: play: %s; %s %s ('sudoku play --resume' goes on)\n",
            sig == SIGINT   ? "interrupted"
            : sig == SIGHUP ? "the terminal hung up"
                            : "stopped",
            saved ? "the game is saved in" : "the game could NOT be saved in", l->opt->save_path);
    fflush(stderr);
    signal(sig, SIG_DFL);
    kill(getpid(), sig);
    exit(128 + sig); /* should the signal not end the program after all */
}

static void suspend(loop *l)
{
    tick(l);
    save(l);
    if (!term_suspend()) {
        l->status = 2;
        l->quit = true;
        return;
    }
    l->last_tick = now(); /* the time away does not count */
    l->dirty = l->clear_screen = true;
}

/* Keys that work while paused, or once the puzzle is solved. */
static bool always_key(int key)
{
    return key == 'q' || key == 'Q' || key == 'p' || key == '?' || key == TERM_CTRL('c') ||
           key == TERM_CTRL('z') || key == TERM_CTRL('l') || key == TERM_KEY_ESCAPE;
}

static bool move_key(loop *l, int key)
{
    switch (key) {
    case TERM_KEY_UP:
    case 'k': move(l, -1, 0); return true;
    case TERM_KEY_DOWN:
    case 'j': move(l, 1, 0); return true;
    case TERM_KEY_LEFT:
    case 'h': move(l, 0, -1); return true;
    case TERM_KEY_RIGHT:
    case 'l': move(l, 0, 1); return true;
    case TERM_KEY_HOME: move(l, 0, -(l->game->cursor % 9)); return true;
    case TERM_KEY_END: move(l, 0, 8 - l->game->cursor % 9); return true;
    default: return false;
    }
}

static void toggle(loop *l, bool *flag, const char *what)
{
    *flag = !*flag;
    say(l, "%s: %s.", what, *flag ? "on" : "off");
}

static void edit_key(loop *l, int key)
{
    play_game *g = l->game;
    switch (key) {
    case '0':
    case 'x':
    case '.':
    case TERM_KEY_DELETE:
    case TERM_KEY_BACKSPACE:
        if (play_clear(g, g->cursor)) board_changed(l);
        return;
    case 'f':
        if (play_fill_marks(g))
            board_changed(l);
        else
            say(l, "Every open cell has marks already.");
        return;
    case 'a': apply_hint(l); return;
    case 'R':
        if (play_restart(g)) {
            board_changed(l);
            say(l, "A fresh start: u brings the game back.");
        }
        return;
    default: say(l, "No such key: ? lists them."); return;
    }
}

static void key(loop *l, int key)
{
    l->message[0] = '\0';
    l->dirty = true;
    if (l->help) {
        l->help = false;
        return;
    }
    if (l->pending_highlight) {
        l->pending_highlight = false;
        if (key >= '0' && key <= '9') {
            l->highlight = key - '0';
            return;
        }
    }
    bool undo = key == 'u' || key == 'U' || key == TERM_CTRL('r');
    if (l->solved && !l->paused && move_key(l, key)) return;
    if ((l->paused || l->solved) && !always_key(key) && !(l->solved && undo)) {
        say(l, l->paused ? "Paused: p goes on." : "Solved! u takes a step back, q quits.");
        return;
    }
    if (move_key(l, key)) return;
    if (key >= '1' && key <= '9') {
        digit_key(l, key - '0');
        return;
    }
    switch (key) {
    case 'q':
        if (save(l)) l->quit = true;
        return;
    case 'Q':
        if (l->save_failed)
            l->quit = true;
        else
            say(l, "q saves and quits.");
        return;
    case TERM_CTRL('c'): die(l, SIGINT); return;
    case TERM_CTRL('z'): suspend(l); return;
    case TERM_CTRL('l'): l->clear_screen = true; return;
    case '?': l->help = true; return;
    case 'p':
        tick(l);
        l->paused = !l->paused;
        return;
    case TERM_KEY_ESCAPE:
        drop_hint(l);
        l->highlight = 0;
        l->checked = false;
        return;
    case 'm': l->marking = !l->marking; return;
    case 'u': undo_redo(l, false); return;
    case 'U':
    case TERM_CTRL('r'): undo_redo(l, true); return;
    case '*': l->pending_highlight = true; return;
    case 'n': ask_hint(l); return;
    case 'c': {
        int n = play_mistakes(l->game, NULL, NULL);
        l->checked = true;
        l->checked_revision = l->game->revision;
        if (n)
            say(l, "Check: %d mistake%s, marked with '!'.", n, n == 1 ? "" : "s");
        else
            say(l, "Check: no mistakes so far.");
        return;
    }
    case 'E': toggle(l, &l->game->live_mistakes, "Mistakes marked as they happen"); return;
    case 'A': toggle(l, &l->game->auto_remove, "A digit placed leaves its peers' marks"); return;
    default: edit_key(l, key); return;
    }
}

/* ---- signals, frames, the loop ---- */

static void on_signal(loop *l, int sig)
{
    switch (sig) {
    case SIGWINCH: l->dirty = l->clear_screen = true; return;
    case SIGTSTP: suspend(l); return;
    case SIGCONT:
        /* Continued after a stop the game did not ask for (SIGSTOP): the
         * shell may have changed the settings; take the terminal again. */
        term_stop();
        if (!term_start()) {
            l->status = 2;
            l->quit = true;
        }
        l->last_tick = now();
        l->dirty = l->clear_screen = true;
        return;
    default: die(l, sig); return;
    }
}

static void build_view(const loop *l, play_view *v)
{
    memset(v, 0, sizeof *v);
    v->game = l->game;
    v->marking = l->marking;
    v->show_mistakes =
        l->game->live_mistakes || (l->checked && l->checked_revision == l->game->revision);
    v->mistakes = play_mistakes(l->game, v->wrong, v->removed);
    v->highlight = l->highlight;
    v->pending_highlight = l->pending_highlight;
    v->thinking = l->thinking;
    v->hint.level = l->thinking ? 0 : l->level;
    snprintf(v->hint.text, sizeof v->hint.text, "%s", l->hint_text);
    v->hint.step = l->hint == HINT_STEP ? &l->step : NULL;
    v->hint.units = l->hint == HINT_STEP ? sudoku_hint_units(&l->step) : 0;
    if (l->hint != HINT_STEP) v->hint.level = l->hint == HINT_NONE ? 0 : 1;
    v->message = l->message[0] ? l->message : NULL;
    v->paused = l->paused;
    v->solved = l->solved;
    v->help = l->help;
    v->elapsed_ms = l->game->elapsed_ms;
}

/* Draws a frame; false if the terminal cannot be written to. */
static bool draw(loop *l)
{
    int rows, cols;
    play_view v;
    term_size(&rows, &cols);
    if (!play_canvas_size(&l->canvas, rows, cols)) return true; /* memory: try later */
    build_view(l, &v);
    play_draw(&l->canvas, &v);
    size_t n;
    char *text = play_canvas_escapes(&l->canvas, l->opt->color, &n);
    if (!text) return true;
    bool ok = (!l->clear_screen || term_write("\033[2J", 4)) && term_write(text, n);
    free(text);
    l->clear_screen = false;
    l->dirty = false;
    return ok;
}

/* Milliseconds to the clock's next second, when it runs. */
static int next_second(const loop *l)
{
    if (!running(l)) return -1;
    long long ms = l->game->elapsed_ms % 1000;
    return (int)(1000 - ms) + 5;
}

int play_run(play_game *game, bool solved, const play_options *opt, char *note, size_t size)
{
    loop l = {.game = game, .opt = opt, .solved = solved, .dirty = true};
    l.saved_revision = game->revision;
    l.last_tick = l.last_save = now();
    if (opt->greeting) say(&l, "%s", opt->greeting);
    if (!term_start()) {
        snprintf(note, size, "play: cannot set up the terminal: %s", strerror(errno));
        return 2;
    }
    l.hinter = play_hinter_new(opt->hint_budget);
    bool write_failed = false;
    while (!l.quit) {
        tick(&l);
        if (l.dirty && !draw(&l)) {
            write_failed = true;
            break;
        }
        if (l.game->revision != l.saved_revision && now() - l.last_change >= AUTOSAVE_SECONDS)
            save(&l);
        int timeout = next_second(&l);
        if (l.game->revision != l.saved_revision) timeout = 1000;
        int k, sig;
        switch (term_wait(timeout, l.hinter ? play_hinter_fd(l.hinter) : -1, &k, &sig)) {
        case TERM_KEY: key(&l, k); break;
        case TERM_SIGNAL: on_signal(&l, sig); break;
        case TERM_OTHER: take_answer(&l); break;
        case TERM_TIMEOUT: l.dirty = true; break;
        case TERM_GONE:
        default:
            write_failed = true;
            l.quit = true;
            break;
        }
    }
    int error = errno;
    /* q saved just now (or Q chose not to); any other way out saves here. */
    bool by_q = l.quit && !write_failed && !l.status;
    bool saved = by_q ? !l.save_failed : save(&l);
    term_stop();
    play_hinter_free(l.hinter);
    play_canvas_free(&l.canvas);
    if (write_failed) {
        snprintf(note, size, "play: the terminal went away (%s); the game is %s %s",
                 strerror(error ? error : EIO), saved ? "saved in" : "NOT saved in",
                 opt->save_path);
        return 2;
    }
    if (l.status) {
        snprintf(note, size,
                 "play: the terminal could not be taken back after a stop; the game is saved in %s",
                 opt->save_path);
        return l.status;
    }
    char time[16];
    play_format_time(game->elapsed_ms, time);
    if (l.solved)
        snprintf(note, size, "Solved in %s. The game is kept in %s.", time, opt->save_path);
    else if (saved)
        snprintf(note, size, "Saved after %s of play; 'sudoku play --resume' goes on. (%s)", time,
                 opt->save_path);
    else
        snprintf(note, size, "play: quit WITHOUT saving: %s", l.message);
    return 0;
}
