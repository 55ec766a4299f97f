/*
 * game.c: the player's state in `sudoku play`: entries and pencil marks
 * over the givens, every action a step of an unlimited undo history, and
 * what the board says against the solution (mistakes, solved) or to the
 * logic engine (the state a hint is asked on).
 *
 * An action is built on a scratch copy of the cells it touches, then kept
 * as the list of cells whose entry or marks it changed, old and new: undo
 * puts the old values back, redo the new ones.
 */
#include "game.h"

#include <stdlib.h>
#include <string.h>

static uint16_t bit(int digit)
{
    return (uint16_t)(1u << (digit - 1));
}

bool play_peers(int a, int b)
{
    if (a == b) return false;
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

bool play_is_given(const play_game *game, int cell)
{
    return game->puzzle.cell[cell] != 0;
}

int play_digit(const play_game *game, int cell)
{
    return play_is_given(game, cell) ? game->puzzle.cell[cell] : game->entry[cell];
}

uint16_t play_allowed(const play_game *game, int cell)
{
    uint16_t allowed = PLAY_ALL_DIGITS;
    for (int peer = 0; peer < SUDOKU_CELLS; peer++) {
        int d = play_digit(game, peer);
        if (d && play_peers(cell, peer)) allowed &= (uint16_t)~bit(d);
    }
    return allowed;
}

bool play_game_init(play_game *game, const sudoku_grid *puzzle, const sudoku_grid *solution)
{
    memset(game, 0, sizeof *game);
    game->puzzle = *puzzle;
    game->solution = *solution;
    game->auto_remove = true;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int given = puzzle->cell[cell], digit = solution->cell[cell];
        if (digit < 1 || digit > 9 || (given && given != digit)) return false;
    }
    return true;
}

void play_game_free(play_game *game)
{
    free(game->history.changes);
    free(game->history.starts);
    game->history = (play_history){0};
}

/* ---- the history ---- */

static bool grow(void **array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *p = realloc(*array, cap2 * size);
    if (!p) return false;
    *array = p;
    *cap = cap2;
    return true;
}

bool play_history_push(play_history *h, const play_change *changes, size_t n)
{
    size_t first = h->position < h->actions ? h->starts[h->position] : h->nchanges;
    if (!grow((void **)&h->changes, &h->changes_cap, first + n, sizeof *h->changes) ||
        !grow((void **)&h->starts, &h->starts_cap, h->position + 1, sizeof *h->starts))
        return false;
    memcpy(h->changes + first, changes, n * sizeof *changes);
    h->starts[h->position] = first;
    h->nchanges = first + n;
    h->actions = ++h->position;
    return true;
}

const play_change *play_history_action(const play_history *h, size_t i, size_t *n)
{
    size_t end = i + 1 < h->actions ? h->starts[i + 1] : h->nchanges;
    *n = end - h->starts[i];
    return h->changes + h->starts[i];
}

/* ---- building an action ---- */

/* The cells an action sets, on a copy of the board. */
typedef struct action {
    play_game *game;
    uint8_t entry[SUDOKU_CELLS];
    uint16_t marks[SUDOKU_CELLS];
} action;

static void action_begin(action *a, play_game *game)
{
    a->game = game;
    memcpy(a->entry, game->entry, sizeof a->entry);
    memcpy(a->marks, game->marks, sizeof a->marks);
}

/* Places digit in cell, and with auto_remove takes it out of the peers'
 * marks. */
static void action_place(action *a, int cell, int digit)
{
    a->entry[cell] = (uint8_t)digit;
    if (!digit || !a->game->auto_remove) return;
    for (int peer = 0; peer < SUDOKU_CELLS; peer++)
        if (play_peers(cell, peer)) a->marks[peer] &= (uint16_t)~bit(digit);
}

/* Keeps the cells that changed as one action of the history and shows
 * them on the board; false if none did (or memory ran out). */
static bool action_commit(action *a)
{
    play_game *game = a->game;
    play_change changes[SUDOKU_CELLS];
    size_t n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (a->entry[cell] != game->entry[cell] || a->marks[cell] != game->marks[cell])
            changes[n++] = (play_change){(uint8_t)cell, game->entry[cell], a->entry[cell],
                                         game->marks[cell], a->marks[cell]};
    if (n == 0 || !play_history_push(&game->history, changes, n)) return false;
    memcpy(game->entry, a->entry, sizeof game->entry);
    memcpy(game->marks, a->marks, sizeof game->marks);
    game->revision++;
    return true;
}

/* ---- actions ---- */

bool play_enter(play_game *game, int cell, int digit)
{
    if (play_is_given(game, cell) || digit < 1 || digit > 9) return false;
    action a;
    action_begin(&a, game);
    action_place(&a, cell, game->entry[cell] == digit ? 0 : digit);
    return action_commit(&a);
}

bool play_toggle_mark(play_game *game, int cell, int digit)
{
    if (play_is_given(game, cell) || game->entry[cell] || digit < 1 || digit > 9) return false;
    action a;
    action_begin(&a, game);
    a.marks[cell] ^= bit(digit);
    return action_commit(&a);
}

bool play_clear(play_game *game, int cell)
{
    if (play_is_given(game, cell)) return false;
    action a;
    action_begin(&a, game);
    if (a.entry[cell])
        a.entry[cell] = 0;
    else
        a.marks[cell] = 0;
    return action_commit(&a);
}

bool play_fill_marks(play_game *game)
{
    action a;
    action_begin(&a, game);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!play_digit(game, cell) && !a.marks[cell]) a.marks[cell] = play_allowed(game, cell);
    return action_commit(&a);
}

bool play_apply_step(play_game *game, const sudoku_step *step)
{
    sudoku_logic seen;
    play_logic_state(game, &seen);
    action a;
    action_begin(&a, game);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!step->eliminate[cell] || play_digit(game, cell)) continue;
        if (!a.marks[cell]) a.marks[cell] = seen.candidates[cell];
        a.marks[cell] &= (uint16_t)~step->eliminate[cell];
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell] && !play_is_given(game, cell))
            action_place(&a, cell, step->place[cell]);
    return action_commit(&a);
}

bool play_reveal(play_game *game, int cell)
{
    if (play_is_given(game, cell) || game->entry[cell] == game->solution.cell[cell]) return false;
    action a;
    action_begin(&a, game);
    action_place(&a, cell, game->solution.cell[cell]);
    return action_commit(&a);
}

bool play_restart(play_game *game)
{
    action a;
    action_begin(&a, game);
    memset(a.entry, 0, sizeof a.entry);
    memset(a.marks, 0, sizeof a.marks);
    return action_commit(&a);
}

/* Puts action i's old (undo) or new (redo) values on the board. */
static void put_action(play_game *game, size_t i, bool redo)
{
    size_t n;
    const play_change *c = play_history_action(&game->history, i, &n);
    for (size_t k = 0; k < n; k++) {
        game->entry[c[k].cell] = redo ? c[k].new_entry : c[k].old_entry;
        game->marks[c[k].cell] = redo ? c[k].new_marks : c[k].old_marks;
    }
    game->revision++;
}

bool play_undo(play_game *game)
{
    if (game->history.position == 0) return false;
    put_action(game, --game->history.position, false);
    return true;
}

bool play_redo(play_game *game)
{
    if (game->history.position == game->history.actions) return false;
    put_action(game, game->history.position++, true);
    return true;
}

/* ---- what the board says ---- */

int play_mistakes(const play_game *game, bool wrong[SUDOKU_CELLS], uint16_t removed[SUDOKU_CELLS])
{
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int right = game->solution.cell[cell];
        bool bad_entry =
            game->entry[cell] && !play_is_given(game, cell) && game->entry[cell] != right;
        bool bad_marks =
            !play_digit(game, cell) && game->marks[cell] && !(game->marks[cell] & bit(right));
        if (wrong) wrong[cell] = bad_entry;
        if (removed) removed[cell] = bad_marks ? bit(right) : 0;
        n += bad_entry + bad_marks;
    }
    return n;
}

bool play_solved(const play_game *game)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (play_digit(game, cell) != game->solution.cell[cell]) return false;
    return true;
}

bool play_full(const play_game *game)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!play_digit(game, cell)) return false;
    return true;
}

void play_logic_state(const play_game *game, sudoku_logic *state)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = play_digit(game, cell);
        state->placed.cell[cell] = (uint8_t)digit;
        uint16_t marks = game->marks[cell] ? game->marks[cell] : PLAY_ALL_DIGITS;
        state->candidates[cell] = digit ? 0 : (uint16_t)(marks & play_allowed(game, cell));
    }
}
