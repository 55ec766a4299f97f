/*
 * test_play_tmux.c: `sudoku play` driven end to end in a real terminal
 * emulator, tmux: keys sent with send-keys, the screen read back with
 * capture-pane. Each game runs in a shell in its own tmux session, from a
 * script that writes `stty -a` before and after it and its exit status,
 * so that every way out (q, Ctrl-C, SIGTERM, Ctrl-Z then fg) is checked
 * to give the terminal back as it found it.
 *
 * Nothing waits a fixed time: each step polls the screen until what it
 * expects is there, or a generous timeout (longer under a wrapper such as
 * valgrind) fails the test with the screen as it was. Without tmux every
 * test is skipped, and says why. Expected hints come from the library's
 * engine on the same board, and solutions from the tests' own solver.
 */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fixtures.h"
#include "reference.h"
#include "sudoku.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char sock[64];       /* the tests' own tmux server (tmux -L) */
static char dir[64];        /* their files */
static char bin[PATH_MAX];  /* the program, by its absolute path */
static const char *wrapper; /* $SUDOKU_WRAPPER, or "" */
static bool have_tmux;
static double patience = 20.0; /* seconds a screen may take to come */

/* ---- tmux ---- */

static int tmux(const char *fmt, ...)
{
    char args[4096], command[4600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(command, sizeof command, "tmux -L %s -f /dev/null %s >/dev/null 2>&1", sock, args);
    int status = system(command);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *capture(const char *session)
{
    char command[256];
    snprintf(command, sizeof command, "tmux -L %s capture-pane -p -t %s 2>/dev/null", sock,
             session);
    FILE *p = popen(command, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t got;
    while ((got = fread(text + n, 1, cap - n - 1, p)) > 0) n += got;
    text[n] = '\0';
    pclose(p);
    return text;
}

/* The panel's words: what each line holds from column x on, joined by
 * single spaces, as the panel wrapped them. */
static char *panel_of(const char *screen, int x)
{
    size_t cap = strlen(screen) + 2, n = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    out[0] = '\0';
    for (const char *line = screen; *line;) {
        size_t len = strcspn(line, "\n");
        if ((int)len > x) {
            const char *p = line + x;
            size_t k = len - (size_t)x;
            while (k && *p == ' ') p++, k--;
            while (k && p[k - 1] == ' ') k--;
            if (k) n += (size_t)snprintf(out + n, cap - n, "%s%.*s", n ? " " : "", (int)k, p);
        }
        line += len + (line[len] == '\n');
    }
    return out;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void pause_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Polls the screen until text is on it (in the panel's words from
 * column x when x > 0, else anywhere); returns the screen. */
static char *wait_for(const char *session, const char *text, int x)
{
    double deadline = now() + patience;
    for (;;) {
        char *screen = capture(session);
        char *where = x > 0 ? panel_of(screen, x) : NULL;
        bool found = strstr(where ? where : screen, text) != NULL;
        free(where);
        if (found) return screen;
        if (now() > deadline)
            fail_msg("waited %.0f s for \"%s\"; the screen:\n%s", patience, text, screen);
        free(screen);
        pause_ms(50);
    }
}

static void wait_gone(const char *session, const char *text)
{
    double deadline = now() + patience;
    for (;;) {
        char *screen = capture(session);
        bool found = strstr(screen, text) != NULL;
        if (!found) {
            free(screen);
            return;
        }
        if (now() > deadline)
            fail_msg("waited %.0f s for \"%s\" to go; the screen:\n%s", patience, text, screen);
        free(screen);
        pause_ms(50);
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = calloc(1, 1 << 16);
    assert_non_null(text);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

static char *wait_file(const char *path)
{
    double deadline = now() + patience;
    for (;;) {
        char *text = read_text(path);
        if (text && strchr(text, '\n')) return text;
        free(text);
        if (now() > deadline) fail_msg("waited %.0f s for %s", patience, path);
        pause_ms(50);
    }
}

/* ---- a game in a session ---- */

typedef struct game {
    char name[32];
    char dir[128];
    char save[192];
} game;

static int games;

static void keys(const game *g, const char *k)
{
    assert_int_equal(tmux("send-keys -t %s %s", g->name, k), 0);
}

static void path_of(const game *g, const char *file, char out[256])
{
    snprintf(out, 256, "%s/%s", g->dir, file);
}

/* Starts `sudoku play --save FILE ARGS` in a shell of a new session of
 * rows x cols, with env (e.g. "env NO_COLOR=1", or "") before it; and
 * waits for its first frame unless wait is false. */
static void start_with(game *g, const char *env, const char *args, int rows, int cols, bool wait)
{
    if (!have_tmux) {
        print_message("play-tmux: skipped: tmux is absent (Debian: apt-get install tmux)\n");
        skip();
    }
    snprintf(g->name, sizeof g->name, "g%d", ++games);
    snprintf(g->dir, sizeof g->dir, "%s/%s", dir, g->name);
    snprintf(g->save, sizeof g->save, "%s/game.save", g->dir);
    assert_int_equal(mkdir(g->dir, 0700), 0);
    char script[256];
    path_of(g, "run.sh", script);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    fprintf(f,
            "cd '%s'\n"
            "stty -a > before\n"
            "sh -c 'echo $$ > pid; exec %s %s \"%s\" play --save game.save %s'\n"
            "echo \"status=$?\" > status\n"
            "stty -a > after\n",
            g->dir, env, wrapper, bin, args);
    fclose(f);
    assert_int_equal(tmux("new-session -d -s %s -c %s -x %d -y %d sh", g->name, g->dir, cols, rows),
                     0);
    keys(g, "'sh run.sh' Enter");
    if (wait) free(wait_for(g->name, "sudoku play", 0));
}

static void start(game *g, const char *args, int rows, int cols)
{
    start_with(g, "", args, rows, cols, true);
}

/* The game's exit status once it ended; the terminal's settings after
 * must be those before. */
static int finish(game *g)
{
    char path[256];
    path_of(g, "status", path);
    char *status = wait_file(path);
    path_of(g, "after", path);
    char *after = wait_file(path);
    path_of(g, "before", path);
    char *before = read_text(path);
    assert_non_null(before);
    assert_string_equal(before, after);
    int code = -1;
    sscanf(status, "status=%d", &code);
    free(status);
    free(after);
    free(before);
    tmux("kill-session -t %s", g->name);
    return code;
}

/* Runs the game's script again, with --resume (and what more follows
 * in the shell), in a new session: the game goes on from its save file. */
static void again(const game *g, game *next, const char *more)
{
    char script[256], command[768];
    *next = *g;
    snprintf(next->name, sizeof next->name, "g%d", ++games);
    static const char *const old[] = {"status", "after", "pid"};
    for (int i = 0; i < 3; i++) {
        char path[256];
        path_of(g, old[i], path);
        unlink(path);
    }
    path_of(g, "run.sh", script);
    snprintf(command, sizeof command,
             "sed -i 's/play --save game.save .*/play --save game.save --resume %s'\"'\"'/' %s",
             more, script);
    assert_int_equal(system(command), 0);
    assert_int_equal(tmux("new-session -d -s %s -c %s -x 80 -y 24 sh", next->name, next->dir), 0);
    keys(next, "'sh run.sh' Enter");
}

/* The game's process id (the script wrote it before exec). */
static pid_t pid_of(const game *g)
{
    char path[256];
    path_of(g, "pid", path);
    char *text = wait_file(path);
    pid_t pid = (pid_t)atol(text);
    free(text);
    return pid;
}

/* The compact board's character for a cell (r, c from 1). */
static char board_char(const char *screen, int r, int c)
{
    const char *line = screen;
    for (int i = 0; i < 2 + (r - 1) + (r - 1) / 3; i++) line = strchr(line, '\n') + 1;
    return line[5 + (c - 1) / 3 * 10 + (c - 1) % 3 * 3];
}

/* Waits until the board shows ch at (r, c): a key's effect is drawn after
 * the panel line that a wait may already have seen. */
static void wait_for_cell(const game *g, int r, int c, char ch)
{
    double deadline = now() + patience;
    char *s;
    while ((s = capture(g->name)), board_char(s, r, c) != ch) {
        if (now() > deadline) fail_msg("r%dc%d never showed %c:\n%s", r, c, ch, s);
        free(s);
        pause_ms(50);
    }
    free(s);
}

/* Whether the board on screen holds the 81 digits of solution. */
static bool board_is(const char *screen, const char *solution)
{
    for (int r = 1; r <= 9; r++)
        for (int c = 1; c <= 9; c++)
            if (board_char(screen, r, c) != solution[9 * (r - 1) + c - 1]) return false;
    return true;
}

/* The compact panel starts at column 37. */
#define PANEL 37

/* ---- the tests ---- */

static void test_not_a_terminal(void **state)
{
    (void)state;
    char command[PATH_MAX + 256];
    snprintf(command, sizeof command, "%s \"%s\" play '%s' </dev/null >/dev/null 2>%s/err", wrapper,
             bin, hard1, dir);
    double began = now();
    int status = system(command);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 2);
    assert_true(now() - began < patience);
    char path[128];
    snprintf(path, sizeof path, "%s/err", dir);
    char *err = read_text(path);
    assert_non_null(err);
    assert_non_null(strstr(err, "not a terminal"));
    assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err)); /* one line */
    free(err);
}

static void test_move_enter_mark_undo(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    free(wait_for(g.name, "Cell r1c1", PANEL));
    keys(&g, "j l Right");
    free(wait_for(g.name, "Cell r2c3", PANEL));
    keys(&g, "Down Left k h h h"); /* r3c2, r2c2, r2c1, wrapped to r2c9, r2c8 */
    free(wait_for(g.name, "Cell r2c8", PANEL));
    keys(&g, "7");
    wait_for_cell(&g, 2, 8, '7');
    keys(&g, "j m 1 3 9");
    free(wait_for(g.name, "digits mark", PANEL));
    free(wait_for(g.name, "Marks: 1 . 3 . . . . . 9", PANEL));
    keys(&g, "u");
    free(wait_for(g.name, "Marks: 1 . 3 . . . . . .", PANEL));
    keys(&g, "u u");
    free(wait_for(g.name, "Marks: . . . . . . . . .", PANEL));
    keys(&g, "C-r C-r");
    free(wait_for(g.name, "Marks: 1 . 3 . . . . . .", PANEL));
    keys(&g, "k u"); /* back on r2c8: undo the marks' last, then the 7 */
    keys(&g, "u u");
    wait_for_cell(&g, 2, 8, '.');
    keys(&g, "U");
    free(wait_for(g.name, "Cell r2c8", PANEL));
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
    struct stat st;
    assert_int_equal(stat(g.save, &st), 0);
}

/* The hint the engine gives at the start, at a level, on the game's
 * default scale, HoDoKu's. */
static void expected_hint(const char *puzzle, int level, char *out, size_t size)
{
    sudoku_grid grid;
    sudoku_logic logic;
    sudoku_step *step = malloc(sizeof *step);
    assert_non_null(step);
    grid_from(puzzle, &grid);
    assert_true(sudoku_logic_from_grid(&logic, &grid));
    assert_true(sudoku_logic_next(&logic, SUDOKU_LOGIC_HODOKU, step));
    sudoku_format_hint(step, level, out, size);
    free(step);
}

static void test_hint_levels(void **state)
{
    (void)state;
    game g = {0};
    char want[1024], text[1200];
    start(&g, hard1, 24, 80);
    for (int level = 1; level <= 3; level++) {
        keys(&g, "n");
        expected_hint(hard1, level, want, sizeof want);
        snprintf(text, sizeof text, "Hint %d/3: %s", level, want);
        free(wait_for(g.name, text, PANEL));
    }
    /* Level 3 names the placement: r6c2=4 for this puzzle's first step. */
    const char *eq = strchr(want, '=');
    assert_non_null(eq);
    int r = eq[-3] - '0', c = eq[-1] - '0', d = eq[1] - '0';
    keys(&g, "a");
    free(wait_for(g.name, "Applied:", PANEL));
    char *s = capture(g.name);
    assert_int_equal(board_char(s, r, c), '0' + d);
    free(s);
    /* The next hint is the engine's on the board with the step taken. */
    keys(&g, "n");
    free(wait_for(g.name, "Hint 1/3:", PANEL));
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
}

static void test_mistakes(void **state)
{
    (void)state;
    game g = {0};
    reference_answer a = reference_solve(hard1, 2);
    int wrong = (a.solution[1] - '0') % 9 + 1; /* r1c2 */
    char k[16];
    start(&g, hard1, 24, 80);
    snprintf(k, sizeof k, "l %d", wrong);
    keys(&g, k);
    keys(&g, "c");
    char *s = wait_for(g.name, "Mistakes: 1: r1c2", PANEL);
    assert_non_null(strstr(s, "Check: 1 mistake"));
    char marked[8];
    snprintf(marked, sizeof marked, "%d!", wrong);
    assert_non_null(strstr(s, marked));
    free(s);
    /* A hint on a board with a mistake says so, then marks it. */
    keys(&g, "Escape n");
    free(wait_for(g.name, "something on the board is wrong", PANEL));
    /* Mistakes as they happen (E): a wrong mark removed shows at once. */
    keys(&g, "Escape u E");
    free(wait_for(g.name, "as they happen: on", PANEL));
    keys(&g, "l m");
    free(wait_for(g.name, "digits mark", PANEL));
    snprintf(k, sizeof k, "%d", (a.solution[2] - '0') % 9 + 1);
    keys(&g, k);
    free(wait_for(g.name, "Mistakes: 1: r1c3", PANEL));
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
}

static void test_resize(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    free(wait_for(g.name, "r1 | 4  .  . |", 0));
    keys(&g, "l m 2 6");
    assert_int_equal(tmux("resize-window -t %s -x 120 -y 50", g.name), 0);
    /* The full board: r1's marks as a block, the panel beside it. */
    char *s = wait_for(g.name, "r1  |   4        6", 0);
    assert_non_null(strstr(s, "    |          2"));
    free(s);
    assert_int_equal(tmux("resize-window -t %s -x 80 -y 24", g.name), 0);
    free(wait_for(g.name, "r1 | 4  .  . |", 0));
    free(wait_for(g.name, "Marks: . 2 . . . 6", PANEL));
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
}

static void test_suspend(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    keys(&g, "l 9 C-z");
    free(wait_for(g.name, "Stopped", 0));
    wait_gone(g.name, "sudoku play");
    /* While stopped, the terminal is the shell's again. */
    keys(&g, "'stty -a > stopped; fg' Enter");
    free(wait_for(g.name, "Cell r1c2", PANEL));
    char path[256];
    path_of(&g, "stopped", path);
    char *stopped = wait_file(path);
    path_of(&g, "before", path);
    char *before = read_text(path);
    assert_string_equal(stopped, before);
    free(stopped);
    free(before);
    char *s = capture(g.name);
    assert_int_equal(board_char(s, 1, 2), '9');
    free(s);
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
}

static void test_full_game(void **state)
{
    (void)state;
    game g = {0};
    reference_answer a = reference_solve(easy1, 2);
    assert_int_equal(a.solutions, 1);
    start(&g, easy1, 24, 80);
    /* Row by row: the digit of each empty cell, then right; at the row's
     * end the cursor wraps to its start, and goes down. */
    for (int r = 0; r < 9; r++) {
        char k[256] = "";
        size_t n = 0;
        for (int c = 0; c < 9; c++) {
            char given = easy1[9 * r + c];
            if (given < '1' || given > '9')
                n += (size_t)snprintf(k + n, sizeof k - n, "%c ", a.solution[9 * r + c]);
            n += (size_t)snprintf(k + n, sizeof k - n, "l ");
        }
        snprintf(k + n, sizeof k - n, "j");
        keys(&g, k);
    }
    char *s = wait_for(g.name, "Solved in", PANEL);
    /* tmux may show a frame it has read in part (the panel's line before
     * the last cell's), so the board is read again until it is whole. */
    for (double deadline = now() + patience; !board_is(s, a.solution) && now() < deadline;) {
        free(s);
        pause_ms(50);
        s = capture(g.name);
    }
    for (int r = 1; r <= 9; r++)
        for (int c = 1; c <= 9; c++)
            assert_int_equal(board_char(s, r, c), a.solution[9 * (r - 1) + c - 1]);
    free(s);
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
    char *saved = read_text(g.save);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\nstatus solved\n"));
    free(saved);
}

static void test_ctrl_c(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    keys(&g, "l l 7");
    free(wait_for(g.name, "Cell r1c3", PANEL));
    keys(&g, "C-c");
    free(wait_for(g.name, "interrupted", 0));
    assert_int_equal(finish(&g), 128 + SIGINT);
    char *saved = read_text(g.save);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\nentries ..7"));
    free(saved);
}

static void test_sigterm_and_resume(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    keys(&g, "j j 6");
    free(wait_for(g.name, "Cell r3c1", PANEL));
    pid_t pid = pid_of(&g);
    wait_for_cell(&g, 3, 1, '6');
    char *s;
    assert_int_equal(kill(pid, SIGTERM), 0);
    assert_int_equal(finish(&g), 128 + SIGTERM);
    /* The game goes on where it stopped. */
    game next = {0};
    again(&g, &next, "");
    s = wait_for(next.name, "Welcome back", PANEL);
    assert_int_equal(board_char(s, 3, 1), '6');
    assert_non_null(strstr(s, "Cell r3c1"));
    free(s);
    keys(&next, "q");
    assert_int_equal(finish(&next), 0);
}

static void test_damaged_save(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    keys(&g, "l 1 q");
    assert_int_equal(finish(&g), 0);
    /* Cut short: refused with one line, the file left alone. */
    char *whole = read_text(g.save);
    assert_non_null(whole);
    size_t cut = strlen(whole) / 2;
    FILE *f = fopen(g.save, "w");
    assert_non_null(f);
    fwrite(whole, 1, cut, f);
    fclose(f);
    game next = {0};
    again(&g, &next, "2>err");
    assert_int_equal(finish(&next), 2);
    char path[256];
    path_of(&g, "err", path);
    char *err = read_text(path);
    assert_non_null(err);
    assert_non_null(strstr(err, "cut short"));
    assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
    char *after = read_text(g.save);
    assert_int_equal(strlen(after), cut);
    assert_memory_equal(after, whole, cut);
    free(err);
    free(after);
    free(whole);
}

/* A hint that needs more than its budget says so, and offers a digit of
 * the solution, which 'a' places. The Easter monster's 25th step is its
 * first chain, some 900 chain nodes: a budget of 100 stops there. SE's
 * scale: HoDoKu's counts no work (its last resort is Brute Force). */
static void test_hint_over_budget(void **state)
{
    (void)state;
    static const char monster[] =
        "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46";
    reference_answer a = reference_solve(monster, 2);
    char args[128];
    game g = {0};
    snprintf(args, sizeof args, "--scale se --hint-budget 100 %s", monster);
    start(&g, args, 24, 80);
    int applied = 0;
    for (;;) {
        keys(&g, "n");
        char *s;
        double deadline = now() + patience;
        for (;;) {
            s = capture(g.name);
            char *p = panel_of(s, PANEL);
            bool step = strstr(p, "Hint 1/3") != NULL,
                 over = strstr(p, "needs more search") != NULL;
            free(p);
            if (step || over) break;
            if (now() > deadline) fail_msg("no hint came:\n%s", s);
            free(s);
            pause_ms(50);
        }
        bool over = strstr(s, "needs more search") != NULL;
        free(s);
        if (over) break;
        keys(&g, "a");
        free(wait_for(g.name, "Applied:", PANEL));
        assert_true(++applied < 40);
    }
    assert_int_equal(applied, 24);
    keys(&g, "a");
    char *s = wait_for(g.name, "from the solution", PANEL);
    char *p = panel_of(s, PANEL);
    const char *placed = strstr(p, "Placed r");
    assert_non_null(placed);
    int r = placed[8] - '0', c = placed[10] - '0', d = placed[12] - '0';
    assert_int_equal(d, a.solution[9 * (r - 1) + c - 1] - '0');
    assert_int_equal(board_char(s, r, c), '0' + d);
    free(p);
    free(s);
    keys(&g, "q");
    assert_int_equal(finish(&g), 0);
}

/* Colours, unless NO_COLOR is set: the first level of a hint lights its
 * box in cyan, or underlines it without colour. */
static void test_no_color(void **state)
{
    (void)state;
    for (int plain = 0; plain <= 1; plain++) {
        game g = {0};
        start_with(&g, plain ? "env NO_COLOR=1" : "", hard1, 24, 80, true);
        keys(&g, "n");
        free(wait_for(g.name, "Hint 1/3", PANEL));
        char command[256];
        snprintf(command, sizeof command, "tmux -L %s capture-pane -e -p -t %s", sock, g.name);
        FILE *f = popen(command, "r");
        assert_non_null(f);
        char *screen = calloc(1, 1 << 16);
        assert_non_null(screen);
        size_t n = fread(screen, 1, (1 << 16) - 1, f);
        pclose(f);
        screen[n] = '\0';
        bool cyan = strstr(screen, "46m") != NULL;
        if (plain ? cyan : !cyan)
            fail_msg("NO_COLOR %s, yet the screen has%s the hint's colour:\n%s",
                     plain ? "set" : "unset", cyan ? "" : " not", screen);
        if (plain) assert_non_null(strstr(screen, "4m")); /* underlined instead */
        free(screen);
        keys(&g, "q");
        assert_int_equal(finish(&g), 0);
    }
}

static void test_sighup(void **state)
{
    (void)state;
    game g = {0};
    start(&g, hard1, 24, 80);
    keys(&g, "l 1");
    free(wait_for(g.name, "Cell r1c2", PANEL));
    wait_for_cell(&g, 1, 2, '1');
    assert_int_equal(kill(pid_of(&g), SIGHUP), 0);
    assert_int_equal(finish(&g), 128 + SIGHUP);
    char *saved = read_text(g.save);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\nentries .1"));
    free(saved);
}

/* The screen written to a terminal that goes away (a pty whose other side
 * closes): the game is saved, the terminal it reads keys from is given
 * back as it was, and the exit status is 2. */
static void test_failed_write(void **state)
{
    (void)state;
    if (!have_tmux) {
        print_message("play-tmux: skipped: tmux is absent (Debian: apt-get install tmux)\n");
        skip();
    }
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    char args[256];
    snprintf(args, sizeof args, "%s >%s", hard1, ptsname(master));
    game g = {0};
    start_with(&g, "", args, 24, 80, false);
    /* Read what it draws until its frame is there, then go away. */
    char buf[4096], seen[1 << 16] = "";
    size_t have = 0;
    double deadline = now() + patience;
    while (!strstr(seen, "sudoku play")) {
        ssize_t n = read(master, buf, sizeof buf);
        for (ssize_t i = 0; i < n && have + 1 < sizeof seen; i++)
            if (buf[i]) seen[have++] = buf[i];
        seen[have] = '\0';
        if (n <= 0) pause_ms(20);
        if (now() > deadline) fail_msg("no frame on the pty");
    }
    pid_of(&g);
    close(master);
    assert_int_equal(finish(&g), 2);
    struct stat st;
    assert_int_equal(stat(g.save, &st), 0);
    char *s = capture(g.name);
    free(s);
}

/* ---- set-up ---- */

static int setup(void **state)
{
    (void)state;
    const char *b = getenv("SUDOKU_BIN");
    if (!b || !realpath(b, bin)) {
        fprintf(stderr, "test_play_tmux: SUDOKU_BIN must name the program\n");
        return -1;
    }
    wrapper = getenv("SUDOKU_WRAPPER");
    if (!wrapper) wrapper = "";
    if (wrapper[0]) patience *= 5;
    snprintf(dir, sizeof dir, "/tmp/sudoku-play-tmux-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    snprintf(sock, sizeof sock, "sudoku-test-%ld", (long)getpid());
    have_tmux = system("tmux -V >/dev/null 2>&1") == 0;
    /* The server, with a shell that stays so that sessions may come and go. */
    if (have_tmux && tmux("new-session -d -s keep -x 80 -y 24 sh") != 0) have_tmux = false;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (have_tmux) tmux("kill-server");
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    return system(command) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_not_a_terminal),
        cmocka_unit_test(test_move_enter_mark_undo),
        cmocka_unit_test(test_hint_levels),
        cmocka_unit_test(test_mistakes),
        cmocka_unit_test(test_resize),
        cmocka_unit_test(test_suspend),
        cmocka_unit_test(test_full_game),
        cmocka_unit_test(test_ctrl_c),
        cmocka_unit_test(test_sigterm_and_resume),
        cmocka_unit_test(test_damaged_save),
        cmocka_unit_test(test_hint_over_budget),
        cmocka_unit_test(test_no_color),
        cmocka_unit_test(test_sighup),
        cmocka_unit_test(test_failed_write),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
