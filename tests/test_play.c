/*
 * test_play.c: the state of a game of `sudoku play` (src/cli/play/game.c):
 * entries, marks, the undo history, mistakes, the state a hint is asked
 * on and a hint applied; its save file (save.c) written and read back,
 * and refused whole when cut short or changed, the file left as it was;
 * and its frames (screen.c) as text. Solutions come from the tests' own
 * solver (tests/reference.c), peers from the tests' own geometry.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/play/game.h"
#include "cli/play/hint.h"
#include "cli/play/save.h"
#include "cli/play/screen.h"
#include "fixtures.h"
#include "reference.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool peers(int a, int b)
{
    int ra = a / 9, ca = a % 9, rb = b / 9, cb = b % 9;
    return a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3));
}

/* A game of puzzle p, its solution from the reference solver. */
static void start(play_game *g, const char *p)
{
    sudoku_grid puzzle, solution;
    grid_from(p, &puzzle);
    reference_answer a = reference_solve(p, 2);
    assert_int_equal(a.solutions, 1);
    grid_from(a.solution, &solution);
    assert_true(play_game_init(g, &puzzle, &solution));
}

static int solution_digit(const play_game *g, int cell)
{
    return g->solution.cell[cell];
}

/* The first open cell. */
static int open_cell(const play_game *g, int from)
{
    for (int cell = from; cell < SUDOKU_CELLS; cell++)
        if (!play_is_given(g, cell)) return cell;
    fail_msg("no open cell");
    return -1;
}

static uint16_t bit(int d)
{
    return (uint16_t)(1u << (d - 1));
}

/* ---- entries, marks, history ---- */

static void test_enter_clear(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    assert_false(play_enter(&g, 0, 5)); /* r1c1 is a given: 4 */
    assert_int_equal(play_digit(&g, 0), 4);
    int cell = open_cell(&g, 0);
    assert_true(play_enter(&g, cell, 7));
    assert_int_equal(play_digit(&g, cell), 7);
    assert_true(play_enter(&g, cell, 7)); /* the same digit again clears it */
    assert_int_equal(play_digit(&g, cell), 0);
    assert_true(play_enter(&g, cell, 2));
    assert_true(play_clear(&g, cell));
    assert_int_equal(play_digit(&g, cell), 0);
    assert_false(play_clear(&g, cell)); /* nothing left to clear */
    assert_false(play_enter(&g, cell, 0));
    assert_false(play_enter(&g, cell, 10));
    assert_int_equal(g.history.actions, 4);
    play_game_free(&g);
}

static void test_marks(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int cell = open_cell(&g, 0);
    assert_true(play_toggle_mark(&g, cell, 3));
    assert_true(play_toggle_mark(&g, cell, 9));
    assert_int_equal(g.marks[cell], bit(3) | bit(9));
    assert_true(play_toggle_mark(&g, cell, 3));
    assert_int_equal(g.marks[cell], bit(9));
    assert_false(play_toggle_mark(&g, 0, 1)); /* a given */
    /* An entry hides the marks; cleared, they come back. */
    assert_true(play_enter(&g, cell, 5));
    assert_false(play_toggle_mark(&g, cell, 1));
    assert_true(play_clear(&g, cell));
    assert_int_equal(g.marks[cell], bit(9));
    assert_true(play_clear(&g, cell)); /* then the marks go */
    assert_int_equal(g.marks[cell], 0);
    play_game_free(&g);
}

static void test_auto_remove(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int a = open_cell(&g, 0);
    int peer = -1, other = -1;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (play_is_given(&g, cell) || cell == a) continue;
        if (peer < 0 && peers(a, cell)) peer = cell;
        if (other < 0 && !peers(a, cell)) other = cell;
    }
    assert_true(peer >= 0 && other >= 0);
    play_toggle_mark(&g, peer, 6);
    play_toggle_mark(&g, peer, 8);
    play_toggle_mark(&g, other, 6);
    assert_true(play_enter(&g, a, 6));
    assert_int_equal(g.marks[peer], bit(8));  /* a peer loses the 6 */
    assert_int_equal(g.marks[other], bit(6)); /* another cell keeps it */
    assert_true(play_undo(&g));               /* one action: entry and marks together */
    assert_int_equal(g.marks[peer], bit(6) | bit(8));
    assert_int_equal(play_digit(&g, a), 0);
    g.auto_remove = false;
    assert_true(play_enter(&g, a, 6));
    assert_int_equal(g.marks[peer], bit(6) | bit(8));
    play_game_free(&g);
}

/* A board's entries and marks, to compare. */
typedef struct snapshot {
    uint8_t entry[SUDOKU_CELLS];
    uint16_t marks[SUDOKU_CELLS];
} snapshot;

static snapshot snap(const play_game *g)
{
    snapshot s;
    memcpy(s.entry, g->entry, sizeof s.entry);
    memcpy(s.marks, g->marks, sizeof s.marks);
    return s;
}

static void assert_board(const play_game *g, const snapshot *s)
{
    assert_memory_equal(g->entry, s->entry, sizeof s->entry);
    assert_memory_equal(g->marks, s->marks, sizeof s->marks);
}

/* Many actions of every kind, with a simple generator. */
static void random_actions(play_game *g, int n, unsigned seed)
{
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        int cell = (int)((seed >> 8) % SUDOKU_CELLS), digit = (int)((seed >> 20) % 9) + 1;
        switch ((seed >> 16) % 5) {
        case 0: play_enter(g, cell, digit); break;
        case 1:
        case 2: play_toggle_mark(g, cell, digit); break;
        case 3: play_clear(g, cell); break;
        default:
            if (i % 37 == 0) play_fill_marks(g);
            break;
        }
    }
}

static void test_undo_redo(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    snapshot empty = snap(&g);
    snapshot at[400];
    size_t actions[400];
    for (int i = 0; i < 400; i++) {
        random_actions(&g, 1, (unsigned)i * 7919u + 1u);
        at[i] = snap(&g);
        actions[i] = g.history.position;
    }
    size_t total = g.history.actions;
    assert_true(total > 200);
    /* Undo to the start, checking the board at every step kept. */
    for (int i = 399; i >= 0; i--) {
        while (g.history.position > actions[i]) assert_true(play_undo(&g));
        assert_board(&g, &at[i]);
    }
    while (play_undo(&g)) {
    }
    assert_board(&g, &empty);
    assert_int_equal(g.history.position, 0);
    /* Redo it all. */
    while (play_redo(&g)) {
    }
    assert_board(&g, &at[399]);
    assert_int_equal(g.history.position, total);
    /* Undo ten, act: the ten undone are gone; redo has nothing. */
    for (int i = 0; i < 10; i++) assert_true(play_undo(&g));
    int cell = open_cell(&g, 40);
    play_clear(&g, cell);
    play_toggle_mark(&g, cell, 1);
    assert_int_equal(g.history.actions, g.history.position);
    assert_false(play_redo(&g));
    play_game_free(&g);
}

static void test_fill_marks(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int kept = open_cell(&g, 0), entered = open_cell(&g, kept + 1);
    play_toggle_mark(&g, kept, 9);
    g.auto_remove = false;
    play_enter(&g, entered, 9);
    assert_true(play_fill_marks(&g));
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (play_digit(&g, cell)) continue;
        uint16_t allowed = 0x1FF;
        for (int p = 0; p < SUDOKU_CELLS; p++)
            if (peers(cell, p) && play_digit(&g, p)) allowed &= (uint16_t)~bit(play_digit(&g, p));
        if (cell == kept)
            assert_int_equal(g.marks[cell], bit(9)); /* marked cells are left alone */
        else
            assert_int_equal(g.marks[cell], allowed);
    }
    assert_false(play_fill_marks(&g)); /* nothing more to fill */
    assert_true(play_undo(&g));
    assert_int_equal(g.marks[open_cell(&g, entered + 1)], 0);
    play_game_free(&g);
}

static void test_mistakes(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    bool wrong[SUDOKU_CELLS];
    uint16_t removed[SUDOKU_CELLS];
    assert_int_equal(play_mistakes(&g, wrong, removed), 0);
    int a = open_cell(&g, 0), b = open_cell(&g, a + 1), c = open_cell(&g, b + 1);
    play_enter(&g, a, solution_digit(&g, a));               /* right */
    play_enter(&g, b, solution_digit(&g, b) % 9 + 1);       /* wrong */
    play_toggle_mark(&g, c, solution_digit(&g, c) % 9 + 1); /* marks without the solution's */
    assert_int_equal(play_mistakes(&g, wrong, removed), 2);
    assert_false(wrong[a]);
    assert_true(wrong[b]);
    assert_int_equal(removed[c], bit(solution_digit(&g, c)));
    assert_int_equal(removed[a] | removed[b], 0);
    play_toggle_mark(&g, c, solution_digit(&g, c)); /* the mark put back */
    assert_int_equal(play_mistakes(&g, NULL, NULL), 1);
    assert_false(play_solved(&g));
    play_game_free(&g);
}

static void test_solved(void **state)
{
    (void)state;
    play_game g;
    start(&g, easy1);
    int last = -1;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!play_is_given(&g, cell)) {
            assert_false(play_solved(&g));
            play_enter(&g, cell, solution_digit(&g, cell) % 9 + 1);
            last = cell;
        }
    assert_true(play_full(&g));
    assert_false(play_solved(&g));
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!play_is_given(&g, cell)) play_enter(&g, cell, solution_digit(&g, cell));
    assert_true(play_solved(&g));
    assert_true(play_undo(&g));
    assert_false(play_solved(&g));
    assert_true(play_reveal(&g, last));
    assert_true(play_solved(&g));
    assert_true(play_restart(&g));
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        assert_int_equal(play_digit(&g, cell), g.puzzle.cell[cell]);
    assert_true(play_undo(&g));
    assert_true(play_solved(&g));
    play_game_free(&g);
}

/* The state a hint sees: the marks where there are some, else every
 * digit; less the placed peers' digits either way. */
static void test_logic_state(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int marked = open_cell(&g, 0), entered = -1;
    for (int cell = 0; cell < SUDOKU_CELLS && entered < 0; cell++)
        if (!play_is_given(&g, cell) && peers(cell, marked)) entered = cell;
    int d = solution_digit(&g, entered);
    play_toggle_mark(&g, marked, d);
    play_toggle_mark(&g, marked, solution_digit(&g, marked));
    g.auto_remove = false;
    play_enter(&g, entered, d);
    sudoku_logic s;
    play_logic_state(&g, &s);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int placed = cell == entered ? d : g.puzzle.cell[cell];
        assert_int_equal(s.placed.cell[cell], placed);
        if (placed) {
            assert_int_equal(s.candidates[cell], 0);
            continue;
        }
        uint16_t want = cell == marked ? g.marks[cell] : 0x1FF;
        for (int p = 0; p < SUDOKU_CELLS; p++) {
            int pd = p == entered ? d : g.puzzle.cell[p];
            if (pd && peers(cell, p)) want &= (uint16_t)~bit(pd);
        }
        assert_int_equal(s.candidates[cell], want);
    }
    assert_int_equal(s.candidates[marked], bit(solution_digit(&g, marked)));
    play_game_free(&g);
}

/* Hints applied one after the other solve the puzzle; every step is
 * judged against the reference solution, and each elimination lands in
 * the marks (a cell without marks gets the candidates the hint saw). */
static void test_apply_steps(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    sudoku_step *step = malloc(sizeof *step);
    assert_non_null(step);
    int steps = 0;
    while (!play_solved(&g)) {
        sudoku_logic seen;
        play_logic_state(&g, &seen);
        assert_true(sudoku_logic_next(&seen, 0, step));
        snapshot before = snap(&g);
        assert_true(play_apply_step(&g, step));
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            assert_int_equal(step->eliminate[cell] & bit(solution_digit(&g, cell)), 0);
            if (step->place[cell]) {
                assert_int_equal(step->place[cell], solution_digit(&g, cell));
                assert_int_equal(play_digit(&g, cell), step->place[cell]);
            }
            if (step->eliminate[cell] && !play_digit(&g, cell)) {
                uint16_t had = before.marks[cell] ? before.marks[cell] : seen.candidates[cell];
                assert_int_equal(g.marks[cell] & step->eliminate[cell], 0);
                assert_int_equal(g.marks[cell] | step->eliminate[cell],
                                 had | step->eliminate[cell]);
            }
        }
        assert_int_equal(play_mistakes(&g, NULL, NULL), 0);
        assert_true(++steps < 729);
    }
    free(step);
    play_game_free(&g);
}

/* ---- the hints' worker ---- */

/* The first puzzle of forum-hardest-11plus: its first step, nested
 * multiple forcing chains, takes some 200,000 chain nodes. */
static const char hardest1[] =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

static play_hint_outcome wait_answer(play_hinter *h, unsigned long want, sudoku_step *step)
{
    unsigned long ticket = 0;
    play_hint_outcome outcome = PLAY_HINT_NO_MEMORY;
    double seconds;
    do {
        struct pollfd p = {play_hinter_fd(h), POLLIN, 0};
        assert_true(poll(&p, 1, 600000) == 1); /* an answer comes */
    } while (!play_hinter_answer(h, &ticket, &outcome, step, &seconds) || ticket != want);
    return outcome;
}

/* A hint beyond the quick search goes to the worker (the main loop goes
 * on), and comes back the engine's step; a budget stops it, at once when
 * it is below the quick search's. Node counts, not clocks, decide. */
static void test_hinter(void **state)
{
    (void)state;
    play_game g;
    start(&g, hardest1);
    sudoku_logic s;
    play_logic_state(&g, &s);
    sudoku_step *want = malloc(sizeof *want), *got = malloc(sizeof *got);
    assert_true(sudoku_logic_next(&s, 0, want));
    play_hint_outcome outcome;
    play_hinter *h = play_hinter_new(PLAY_HINT_BUDGET);
    assert_non_null(h);
    assert_false(play_hinter_ask(h, &s, 1, &outcome, got));
    assert_int_equal(wait_answer(h, 1, got), PLAY_HINT_FOUND);
    assert_int_equal(got->technique, want->technique);
    assert_memory_equal(got->place, want->place, sizeof want->place);
    assert_memory_equal(got->eliminate, want->eliminate, sizeof want->eliminate);
    /* A later question replaces one not taken up; the answer says which. */
    assert_false(play_hinter_ask(h, &s, 2, &outcome, got));
    assert_false(play_hinter_ask(h, &s, 3, &outcome, got));
    assert_int_equal(wait_answer(h, 3, got), PLAY_HINT_FOUND);
    play_hinter_free(h);
    h = play_hinter_new(1000);
    assert_true(play_hinter_ask(h, &s, 4, &outcome, got));
    assert_int_equal(outcome, PLAY_HINT_OVER_BUDGET);
    play_hinter_free(h);
    /* above the quick search's PLAY_HINT_QUICK, below the million units or
     * so the first step needs: the worker takes it, and stops */
    h = play_hinter_new(500000);
    assert_false(play_hinter_ask(h, &s, 5, &outcome, got));
    assert_int_equal(wait_answer(h, 5, got), PLAY_HINT_OVER_BUDGET);
    play_hinter_free(h);
    assert_int_equal(play_hint_find(&s, NULL, 1, got), PLAY_HINT_OVER_BUDGET);
    free(want);
    free(got);
    play_game_free(&g);
}

/* ---- the save file ---- */

static void assert_same_game(const play_game *a, const play_game *b)
{
    assert_memory_equal(&a->puzzle, &b->puzzle, sizeof a->puzzle);
    assert_memory_equal(&a->solution, &b->solution, sizeof a->solution);
    assert_memory_equal(a->entry, b->entry, sizeof a->entry);
    assert_memory_equal(a->marks, b->marks, sizeof a->marks);
    assert_int_equal(a->history.actions, b->history.actions);
    assert_int_equal(a->history.position, b->history.position);
    assert_int_equal(a->history.nchanges, b->history.nchanges);
    for (size_t i = 0; i < a->history.actions; i++) {
        size_t na, nb;
        const play_change *ca = play_history_action(&a->history, i, &na);
        const play_change *cb = play_history_action(&b->history, i, &nb);
        assert_int_equal(na, nb);
        for (size_t k = 0; k < na; k++) {
            assert_int_equal(ca[k].cell, cb[k].cell);
            assert_int_equal(ca[k].old_entry, cb[k].old_entry);
            assert_int_equal(ca[k].new_entry, cb[k].new_entry);
            assert_int_equal(ca[k].old_marks, cb[k].old_marks);
            assert_int_equal(ca[k].new_marks, cb[k].new_marks);
        }
    }
    assert_int_equal(a->auto_remove, b->auto_remove);
    assert_int_equal(a->live_mistakes, b->live_mistakes);
    assert_int_equal(a->elapsed_ms, b->elapsed_ms);
    assert_int_equal(a->cursor, b->cursor);
}

/* A game with a long history, some of it undone. */
static void played(play_game *g)
{
    start(g, hard1);
    random_actions(g, 300, 12345u);
    for (int i = 0; i < 17; i++) play_undo(g);
    g->auto_remove = false;
    g->live_mistakes = true;
    g->elapsed_ms = 3723456;
    g->cursor = 42;
}

static char temp_dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(temp_dir, sizeof temp_dir, "/tmp/sudoku-test-play-XXXXXX");
    return mkdtemp(temp_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", temp_dir);
    return system(command) == 0 ? 0 : -1;
}

static void test_save_round_trip(void **state)
{
    (void)state;
    play_game g, back;
    played(&g);
    char path[256], message[PLAY_SAVE_MESSAGE];
    /* The directories on the way are made. */
    snprintf(path, sizeof path, "%s/deep/er/game.save", temp_dir);
    assert_true(play_save(&g, false, path, message));
    bool solved = true;
    assert_true(play_load(&back, &solved, path, message));
    assert_false(solved);
    assert_same_game(&g, &back);
    /* Undo and redo go on from where they were. */
    assert_true(play_redo(&back));
    assert_true(play_redo(&g));
    assert_same_game(&g, &back);
    play_game_free(&back);
    assert_true(play_save(&g, true, path, message));
    assert_true(play_load(&back, &solved, path, message));
    assert_true(solved);
    play_game_free(&back);
    /* Nothing but the file is left behind. */
    char dir[256];
    snprintf(dir, sizeof dir, "%s/deep/er", temp_dir);
    char command[512];
    snprintf(command, sizeof command, "test $(ls -A '%s' | wc -l) -eq 1", dir);
    assert_int_equal(system(command), 0);
    play_game_free(&g);
}

static void write_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static char *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = malloc(1 << 20);
    assert_non_null(text);
    *n = fread(text, 1, 1 << 20, f);
    fclose(f);
    return text;
}

/* The file is refused with one line naming it, and left as it was. */
static void assert_refused(const char *path, const char *text, size_t n, const char *why)
{
    char message[PLAY_SAVE_MESSAGE];
    play_game g;
    bool solved;
    write_file(path, text, n);
    message[0] = '\0';
    if (play_load(&g, &solved, path, message)) fail_msg("loaded a damaged file (%zu bytes)", n);
    assert_non_null(strstr(message, path));
    assert_null(strchr(message, '\n'));
    if (why && !strstr(message, why)) fail_msg("expected \"%s\" in: %s", why, message);
    size_t m;
    char *after = read_whole(path, &m);
    assert_int_equal(m, n);
    assert_memory_equal(after, text, n);
    free(after);
}

static void test_save_cut_short(void **state)
{
    (void)state;
    play_game g;
    played(&g);
    size_t n;
    char *text = play_save_text(&g, false, &n);
    assert_non_null(text);
    char path[256];
    snprintf(path, sizeof path, "%s/cut.save", temp_dir);
    /* Every length short of the whole is refused... */
    for (size_t len = 0; len < n; len++) {
        play_game back;
        bool solved;
        char message[PLAY_SAVE_MESSAGE];
        if (play_load_text(&back, &solved, text, len, "cut.save", message))
            fail_msg("read a file cut at %zu of %zu bytes", len, n);
    }
    /* ...and, as a file, left as it was. */
    for (size_t len = 0; len < n; len += n / 9) assert_refused(path, text, len, NULL);
    assert_refused(path, text, n - 1, "cut short");
    assert_refused(path, text, n / 2, "cut short");
    free(text);
    play_game_free(&g);
}

static void test_save_changed(void **state)
{
    (void)state;
    play_game g;
    played(&g);
    size_t n;
    char *text = play_save_text(&g, false, &n);
    char path[256];
    snprintf(path, sizeof path, "%s/changed.save", temp_dir);
    /* A byte changed anywhere but in the checksum's own digits. */
    char *copy = malloc(n);
    for (size_t i = 0; i + 17 < n; i++) {
        memcpy(copy, text, n);
        copy[i] = copy[i] == '1' ? '2' : '1';
        play_game back;
        bool solved;
        char message[PLAY_SAVE_MESSAGE];
        if (play_load_text(&back, &solved, copy, n, "changed.save", message))
            fail_msg("read a file changed at byte %zu", i);
        if (i % (n / 5) == 0) assert_refused(path, copy, n, NULL);
    }
    memcpy(copy, text, n);
    copy[n / 2] ^= 1;
    assert_refused(path, copy, n, "checksum");
    assert_refused(path, "hello\n", 6, "not a game saved by sudoku play");
    free(copy);
    free(text);
    play_game_free(&g);
}

/* The checksum right, the contents wrong: the history is replayed and
 * must hold together. */
static void test_save_inconsistent(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int cell = open_cell(&g, 0);
    play_enter(&g, cell, 3);
    play_toggle_mark(&g, open_cell(&g, cell + 1), 5);
    size_t n;
    char *text = play_save_text(&g, false, &n);
    char path[256];
    snprintf(path, sizeof path, "%s/forged.save", temp_dir);
    /* entries say 4 where the history leads to 3, checksum made anew */
    char *at = strstr(text, "\nentries ") + 9 + cell;
    assert_int_equal(*at, '3');
    *at = '4';
    char *sum = strstr(text, "checksum ");
    uint64_t h = 0xcbf29ce484222325ull;
    for (char *p = text; p < sum; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
    snprintf(sum, 27, "checksum %016llx\n", (unsigned long long)h);
    assert_refused(path, text, n, "does not lead to the entries and marks saved");
    char *other = malloc(n + 64);
    snprintf(other, n + 64, "sudoku play save 2\n%s", strchr(text, '\n') + 1);
    assert_refused(path, other, strlen(other), "another version");
    free(other);
    free(text);
    play_game_free(&g);
}

static void test_save_fails(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    char path[512], message[PLAY_SAVE_MESSAGE], blocker[256];
    snprintf(blocker, sizeof blocker, "%s/a-file", temp_dir);
    write_file(blocker, "x", 1);
    snprintf(path, sizeof path, "%s/sub/game.save", blocker);
    assert_false(play_save(&g, false, path, message));
    assert_non_null(strstr(message, blocker));
    assert_null(strchr(message, '\n'));
    play_game_free(&g);
}

/* ---- frames ---- */

static char *frame(const play_view *v, int rows, int cols)
{
    play_canvas c = {0};
    assert_true(play_canvas_size(&c, rows, cols));
    play_draw(&c, v);
    char *text = play_canvas_text(&c);
    play_canvas_free(&c);
    assert_non_null(text);
    return text;
}

/* Line i (from 0) of a text. */
static const char *line_of(const char *text, int i, char out[256])
{
    for (; i > 0 && text; i--) {
        text = strchr(text, '\n');
        if (text) text++;
    }
    assert_non_null(text);
    size_t n = strcspn(text, "\n");
    snprintf(out, 256, "%.*s", (int)n, text);
    return out;
}

static void test_compact_frame(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    int cell = 1;                                       /* r1c2, open */
    play_enter(&g, 10, solution_digit(&g, 10) % 9 + 1); /* r2c2 is a given: refused */
    play_enter(&g, 9, solution_digit(&g, 9) % 9 + 1);   /* r2c1: wrong */
    play_toggle_mark(&g, cell, 1);
    play_toggle_mark(&g, cell, 9);
    g.cursor = cell;
    play_view v = {.game = &g, .elapsed_ms = 65000};
    v.mistakes = play_mistakes(&g, v.wrong, v.removed);
    v.show_mistakes = true;
    char *text = frame(&v, 24, 80), line[256];
    assert_string_equal(line_of(text, 0, line),
                        "     c1 c2 c3  c4 c5 c6  c7 c8 c9    sudoku play  time 1:05");
    assert_non_null(strstr(line_of(text, 2, line), "r1 | 4  .  . | .  .  . | 8  .  5 |"));
    char want[64];
    snprintf(want, sizeof want, "r2 | %d! 3  .", solution_digit(&g, 9) % 9 + 1);
    assert_non_null(strstr(line_of(text, 3, line), want));
    assert_non_null(strstr(text, "Cell r1c2"));
    assert_non_null(strstr(text, "Marks: 1 . ."));
    assert_non_null(strstr(text, "Mistakes: 1: r2c1"));
    free(text);
    /* Too small a window says so. */
    text = frame(&v, 10, 30);
    assert_non_null(strstr(text, "too small"));
    free(text);
    play_game_free(&g);
}

static void test_full_frame(void **state)
{
    (void)state;
    play_game g;
    start(&g, hard1);
    play_toggle_mark(&g, 1, 1); /* r1c2: 1, 5 and 9 */
    play_toggle_mark(&g, 1, 5);
    play_toggle_mark(&g, 1, 9);
    play_view v = {.game = &g, .marking = true};
    char *text = frame(&v, 50, 120), line[256];
    /* r1's three lines: the marks of r1c2 at their places, the given 4
     * and 8 and 5 in their cells' middles. */
    assert_string_equal(line_of(text, 2, line),
                        "    |        1            |                     |                     |");
    assert_non_null(strstr(line_of(text, 0, line), "c9      sudoku play  time 0:00"));
    assert_non_null(strstr(line_of(text, 3, line), "r1  |   4      5          |"));
    assert_non_null(strstr(line_of(text, 3, line), "|   8             5   |"));
    assert_non_null(strstr(line_of(text, 4, line), "    |            9        |"));
    assert_non_null(strstr(text, "digits mark"));
    free(text);
    play_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enter_clear),     cmocka_unit_test(test_marks),
        cmocka_unit_test(test_auto_remove),     cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_fill_marks),      cmocka_unit_test(test_mistakes),
        cmocka_unit_test(test_solved),          cmocka_unit_test(test_logic_state),
        cmocka_unit_test(test_apply_steps),     cmocka_unit_test(test_hinter),
        cmocka_unit_test(test_save_round_trip), cmocka_unit_test(test_save_cut_short),
        cmocka_unit_test(test_save_changed),    cmocka_unit_test(test_save_inconsistent),
        cmocka_unit_test(test_save_fails),      cmocka_unit_test(test_compact_frame),
        cmocka_unit_test(test_full_frame),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
