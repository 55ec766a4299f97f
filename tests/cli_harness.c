/*
 * cli_harness.c: what the end-to-end tests share: running the sudoku program
 * with given arguments, input and output, capturing what it writes, and the
 * puzzles and text helpers the tests build their cases with.
 *
 * Every run can go through a wrapper named by $SUDOKU_WRAPPER (make check
 * runs the suites under valgrind that way); a wrapper's own error status
 * fails the test whatever the test expected.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_harness.h"
#include "checker.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- memory and temporary files, released after every test ---- */

#define MAX_KEPT 8192
#define MAX_TEMPS 64

static void *kept[MAX_KEPT];
static size_t n_kept;
static char temp_paths[MAX_TEMPS][256];
static bool temp_is_dir[MAX_TEMPS];
static size_t n_temps;

void *keep(void *p)
{
    if (!p) fail_msg("out of memory");
    if (n_kept == MAX_KEPT) {
        free(p);
        fail_msg("test keeps too many allocations");
    }
    kept[n_kept++] = p;
    return p;
}

void *xmalloc(size_t n)
{
    return keep(malloc(n ? n : 1));
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *format_text(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static const char *temp_root(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

static const char *note_temp(const char *path, bool dir)
{
    if (n_temps == MAX_TEMPS) fail_msg("test makes too many temporary files");
    snprintf(temp_paths[n_temps], sizeof temp_paths[n_temps], "%s", path);
    temp_is_dir[n_temps] = dir;
    return temp_paths[n_temps++];
}

void write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail_msg("cannot write a temporary file: %s", strerror(errno));
        data += n;
        len -= (size_t)n;
    }
}

/* Makes a temporary file holding content; returns its path, and an open
 * descriptor (positioned at the start) in *fd if fd is not NULL. */
const char *make_temp_file(const char *content, size_t len, int *fd)
{
    char path[256];
    snprintf(path, sizeof path, "%s/sudoku-test-XXXXXX", temp_root());
    int f = mkstemp(path);
    if (f < 0) fail_msg("mkstemp in %s: %s", temp_root(), strerror(errno));
    const char *kept_path = note_temp(path, false);
    write_all(f, content, len);
    if (fd) {
        if (lseek(f, 0, SEEK_SET) != 0) fail_msg("lseek: %s", strerror(errno));
        *fd = f;
    } else {
        close(f);
    }
    return kept_path;
}

int scratch_file(const char *content, size_t len)
{
    char path[256];
    snprintf(path, sizeof path, "%s/sudoku-test-XXXXXX", temp_root());
    int fd = mkstemp(path);
    if (fd < 0) fail_msg("mkstemp in %s: %s", temp_root(), strerror(errno));
    unlink(path); /* gone with its last descriptor, whatever happens to the test */
    write_all(fd, content, len);
    if (lseek(fd, 0, SEEK_SET) != 0) fail_msg("lseek: %s", strerror(errno));
    return fd;
}

const char *make_temp_dir(void)
{
    char path[256];
    snprintf(path, sizeof path, "%s/sudoku-test-dir-XXXXXX", temp_root());
    if (!mkdtemp(path)) fail_msg("mkdtemp in %s: %s", temp_root(), strerror(errno));
    return note_temp(path, true);
}

/* $SUDOKU_WRAPPER_EVERY=N: in each test, the first run and every Nth
 * after go through the wrapper, the others run the program directly (make
 * test-valgrind: each test's paths sampled under memcheck, every run being
 * checked by the ASan + UBSan pass); 0 or 1, or unset: every run. */
static unsigned long wrap_every, test_runs;

int harness_teardown(void **state)
{
    (void)state;
    for (size_t i = 0; i < n_kept; i++) free(kept[i]);
    n_kept = 0;
    for (size_t i = n_temps; i-- > 0;) {
        if (temp_is_dir[i])
            rmdir(temp_paths[i]);
        else
            unlink(temp_paths[i]);
    }
    n_temps = 0;
    test_runs = 0;
    return 0;
}

/* ---- running the program ---- */

static const char *sudoku_bin;
static char *wrapper_words[16]; /* $SUDOKU_WRAPPER split at spaces, NULL-ended */
static unsigned long program_runs, wrapped_runs, leak_checked_runs;
/* SUDOKU_LEAK_CHECK_EVERY: LeakSanitizer's check at a sanitized program's
 * exit is half the cost of a short run, so the sanitizer pass has it on
 * the first run of each test and every leak_every-th after, and off
 * (LSAN_OPTIONS) on the others; ASan and UBSan stay on for every run. */
static unsigned long leak_every;
static char lsan_checks[512], lsan_skips[512]; /* LSAN_OPTIONS for either */
static bool lsan_was_set;

/* Whether the test's run-th run goes through the wrapper. */
static bool wrap_run(unsigned long run)
{
    if (!wrapper_words[0]) return false;
    return wrap_every <= 1 || run % wrap_every == 0;
}

/* Sets LSAN_OPTIONS, which the child inherits, for the test's run-th run.
 * The harness's own options were read when it started. */
static void choose_leak_check(unsigned long run)
{
    if (leak_every <= 1) return;
    if (run % leak_every == 0) {
        leak_checked_runs++;
        if (lsan_was_set)
            setenv("LSAN_OPTIONS", lsan_checks, 1);
        else
            unsetenv("LSAN_OPTIONS");
    } else {
        setenv("LSAN_OPTIONS", lsan_skips, 1);
    }
}

static char *read_all(int fd, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) fail_msg("out of memory");
    for (;;) {
        if (n + 1 >= cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                fail_msg("out of memory");
            }
            buf = bigger;
        }
        ssize_t got = read(fd, buf + n, cap - n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            free(buf);
            fail_msg("reading the program's output: %s", strerror(errno));
        }
        if (got == 0) break;
        n += (size_t)got;
    }
    buf[n] = '\0';
    *len = n;
    return keep(buf);
}

char *read_back(int fd, size_t *len)
{
    if (lseek(fd, 0, SEEK_SET) != 0) fail_msg("lseek: %s", strerror(errno));
    return read_all(fd, len);
}

char *read_file(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) fail_msg("cannot open %s: %s", path, strerror(errno));
    size_t len;
    char *text = read_all(fd, &len);
    close(fd);
    if (len > 0 && text[len - 1] != '\n') text = format_text("%s\n", text);
    return text;
}

/* The command line: the wrapper's words, the program, then args. */
static void build_argv(const char *const *args, char *argv[64])
{
    int argc = 0;
    unsigned long run = test_runs++;
    choose_leak_check(run);
    if (wrap_run(run)) {
        for (char **w = wrapper_words; *w; w++) argv[argc++] = *w;
        wrapped_runs++;
    }
    argv[argc++] = (char *)sudoku_bin;
    for (; *args; args++) {
        if (argc == 63) fail_msg("too many arguments");
        argv[argc++] = (char *)*args;
    }
    argv[argc] = NULL;
}

/* In the child: becomes an unprivileged user if root, so that file
 * permissions apply to the program as they would to anyone. */
static void drop_root(void)
{
    if (geteuid() != 0) return;
    if (setgid(65534) != 0 || setuid(65534) != 0) {
        dprintf(STDERR_FILENO, "harness: cannot drop root: %s\n", strerror(errno));
        _exit(127);
    }
}

pid_t spawn_program(const run_setup *setup, const char *const *args, int in_fd, int out_fd,
                    int err_fd)
{
    char *argv[64];
    build_argv(args, argv);
    program_runs++;
    pid_t pid = fork();
    if (pid < 0) fail_msg("fork: %s", strerror(errno));
    if (pid > 0) return pid;
    /* the child: only async-signal-safe calls from here on */
    if (dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
        dup2(err_fd, STDERR_FILENO) < 0)
        _exit(127);
    for (int fd = 3; fd < 64; fd++) close(fd);
    if (setup && setup->ignore_sigpipe) signal(SIGPIPE, SIG_IGN);
    if (setup && setup->file_size_limit > 0) {
        struct rlimit limit = {(rlim_t)setup->file_size_limit, (rlim_t)setup->file_size_limit};
        signal(SIGXFSZ, SIG_IGN); /* so that the write fails instead */
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    if (setup && setup->as_nobody) drop_root();
    execvp(argv[0], argv);
    dprintf(STDERR_FILENO, "harness: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

int wait_program(pid_t pid)
{
    int wstatus;
    while (waitpid(pid, &wstatus, 0) < 0)
        if (errno != EINTR) fail_msg("waitpid: %s", strerror(errno));
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
}

/* Fails the test when the program could not start, or when the wrapper
 * (valgrind) reports errors, whatever the test expected. */
static void check_run(const run_result *r)
{
    if (r->status == 127 && strstr(r->err, "harness: ")) fail_msg("%s", r->err);
    if (r->status == WRAPPER_ERROR_STATUS && wrapper_words[0])
        fail_msg("%s found errors (exit status %d); see its log\nstderr: %.1500s", wrapper_words[0],
                 WRAPPER_ERROR_STATUS, r->err);
}

static int open_input(const run_setup *setup)
{
    int fd;
    if (setup->input) {
        size_t len = setup->input_len ? setup->input_len : strlen(setup->input);
        return scratch_file(setup->input, len);
    }
    const char *path = setup->stdin_path ? setup->stdin_path : "/dev/null";
    fd = open(path, O_RDONLY);
    if (fd < 0) fail_msg("open %s: %s", path, strerror(errno));
    return fd;
}

run_result run_setup_program(const run_setup *setup, const char *const *args)
{
    int in_fd = setup->stdin_fd > 0 ? setup->stdin_fd : open_input(setup), out_fd, err_fd;
    if (setup->stdout_path) {
        out_fd = open(setup->stdout_path, O_WRONLY);
        if (out_fd < 0) fail_msg("open %s: %s", setup->stdout_path, strerror(errno));
    } else {
        out_fd = scratch_file("", 0);
    }
    err_fd = scratch_file("", 0);
    run_result r;
    r.status = wait_program(spawn_program(setup, args, in_fd, out_fd, err_fd));
    if (setup->stdout_path) {
        r.out = xstrdup("");
        r.out_len = 0;
    } else {
        r.out = read_back(out_fd, &r.out_len);
    }
    r.err = read_back(err_fd, &r.err_len);
    if (setup->stdin_fd <= 0) close(in_fd);
    close(out_fd);
    close(err_fd);
    check_run(&r);
    if (strlen(r.out) != r.out_len) fail_msg("stdout holds a NUL byte");
    if (strlen(r.err) != r.err_len) fail_msg("stderr holds a NUL byte");
    return r;
}

run_result run_program(const char *input, const char *const *args)
{
    run_setup setup = {.input = input};
    return run_setup_program(&setup, args);
}

pid_t spawn_piped(const char *const *args, int *to_program, int *from_program, int *err_fd)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) fail_msg("pipe: %s", strerror(errno));
    *err_fd = scratch_file("", 0);
    pid_t pid = spawn_program(NULL, args, in[0], out[1], *err_fd);
    close(in[0]);
    close(out[1]);
    *to_program = in[1];
    *from_program = out[0];
    return pid;
}

int harness_setup(void **state)
{
    (void)state;
    sudoku_bin = getenv("SUDOKU_BIN");
    if (!sudoku_bin || !*sudoku_bin) {
        fprintf(stderr, "set SUDOKU_BIN to the sudoku program to test, e.g.\n"
                        "  SUDOKU_BIN=build/sudoku build/tests/test_cli\n");
        return -1;
    }
    if (access(sudoku_bin, X_OK) != 0) {
        fprintf(stderr, "SUDOKU_BIN=%s is not an executable file: %s\n", sudoku_bin,
                strerror(errno));
        return -1;
    }
    if (access("puzzles/seeds.txt", R_OK) != 0) {
        fprintf(stderr, "run from the project root (puzzles/seeds.txt not found)\n");
        return -1;
    }
    /* Valgrind and the like: "valgrind -q --error-exitcode=99 ..." */
    static char words[1024];
    const char *wrapper = getenv("SUDOKU_WRAPPER");
    snprintf(words, sizeof words, "%s", wrapper ? wrapper : "");
    int n = 0;
    for (char *save = NULL, *w = strtok_r(words, " ", &save); w && n < 15;
         w = strtok_r(NULL, " ", &save))
        wrapper_words[n++] = w;
    wrapper_words[n] = NULL;
    const char *lsan = getenv("LSAN_OPTIONS"), *leaks = getenv("SUDOKU_LEAK_CHECK_EVERY");
    lsan_was_set = lsan != NULL;
    snprintf(lsan_checks, sizeof lsan_checks, "%s", lsan ? lsan : "");
    snprintf(lsan_skips, sizeof lsan_skips, "%s%sdetect_leaks=0", lsan ? lsan : "",
             lsan && *lsan ? ":" : "");
    leak_every = leaks ? strtoul(leaks, NULL, 10) : 0;
    if (leak_every > 1)
        print_message("the program's leak check: on the first run of each test and every %luth "
                      "after\n",
                      leak_every);
    const char *every = getenv("SUDOKU_WRAPPER_EVERY");
    wrap_every = every ? strtoul(every, NULL, 10) : 0;
    if (n && wrap_every > 1)
        print_message("the first run of each test and every %luth after go through: %s\n",
                      wrap_every, wrapper);
    else if (n)
        print_message("every run goes through: %s\n", wrapper);
    return 0;
}

int harness_finish(void **state)
{
    (void)state;
    if (wrapper_words[0])
        print_message("%lu runs of the program, %lu of them under %s\n", program_runs, wrapped_runs,
                      wrapper_words[0]);
    else
        print_message("%lu runs of the program\n", program_runs);
    if (leak_every > 1)
        print_message("%lu of them with the leak check at exit\n", leak_checked_runs);
    return 0;
}

bool under_wrapper(void)
{
    return wrapper_words[0] != NULL;
}

bool quick_pass(void)
{
    const char *quick = getenv("TEST_QUICK");
    return quick && strcmp(quick, "1") == 0;
}

/* ---- assertions and text ---- */

void assert_same_runs(const run_result *a, const run_result *b)
{
    assert_int_equal(a->status, b->status);
    assert_string_equal(a->out, b->out);
    assert_string_equal(a->err, b->err);
}

void assert_solution(const char *puzzle, const char *solution)
{
    const char *why = check_solution(puzzle, solution);
    if (why) fail_msg("%s\npuzzle:   %s\nsolution: %s", why, puzzle, solution);
}

size_t count_char(const char *s, char c)
{
    size_t n = 0;
    for (; *s; s++) n += *s == c;
    return n;
}

/* stderr is exactly one line: "sudoku: " ... '\n'. Returns it. */
const char *assert_one_error_line(const run_result *r)
{
    if (count_char(r->err, '\n') != 1 || r->err[r->err_len - 1] != '\n')
        fail_msg("expected one line on stderr, got:\n%.3000s", r->err);
    assert_starts_with(r->err, "sudoku: ");
    return r->err;
}

/* Splits text at '\n' (each line must end with one). */
lines split_lines(const char *text)
{
    lines l = {0, NULL};
    size_t len = strlen(text);
    if (len > 0 && text[len - 1] != '\n')
        fail_msg("output does not end with a line end:\n%.3000s", text);
    char *copy = xstrdup(text);
    l.line = xmalloc(sizeof *l.line * (count_char(text, '\n') + 1));
    for (char *p = copy; *p;) {
        char *nl = strchr(p, '\n');
        *nl = '\0';
        l.line[l.n++] = p;
        p = nl + 1;
    }
    return l;
}

/* Puzzle p with its digits renamed (d -> d + k, mod 9) and '.' blanks: an
 * equally valid puzzle with a different solution, so that the order of the
 * output records can be checked. */
char *relabel(const char *p, int k)
{
    char *q = xmalloc(SUDOKU_CELLS + 1);
    for (int i = 0; i < SUDOKU_CELLS; i++)
        q[i] = p[i] >= '1' && p[i] <= '9' ? (char)('1' + (p[i] - '1' + k) % 9) : '.';
    q[SUDOKU_CELLS] = '\0';
    return q;
}

/* Puzzle p as nine rows of nine characters, blanks as blank, rows ended by eol. */
char *as_rows(const char *p, char blank, const char *eol)
{
    size_t eol_len = strlen(eol);
    char *s = xmalloc(9 * (9 + eol_len) + 1), *o = s;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            char ch = p[9 * r + c];
            *o++ = ch >= '1' && ch <= '9' ? ch : blank;
        }
        memcpy(o, eol, eol_len);
        o += eol_len;
    }
    *o = '\0';
    return s;
}

/* ---- puzzles the tests build ---- */

/* Solves p with the program (one line) and checks the answer; out gets it. */
void solve_line(const char *p, char out[SUDOKU_CELLS + 1])
{
    run_result r = RUN("solve", "--format", "line", p);
    assert_status(r, 0);
    if (r.out_len != SUDOKU_CELLS + 1 || r.out[SUDOKU_CELLS] != '\n')
        fail_msg("expected one 81-character line, got:\n%s", r.out);
    memcpy(out, r.out, SUDOKU_CELLS);
    out[SUDOKU_CELLS] = '\0';
    assert_solution(p, out);
}

/* A puzzle with exactly two solutions: P's solution with the four corners of
 * a "deadly rectangle" blanked (two rows, two columns, two boxes, holding
 * a b / b a). Everything else is given, so the corners can only be a b / b a
 * or b a / a b. */
void two_solution_puzzle(char out[SUDOKU_CELLS + 1])
{
    char s[SUDOKU_CELLS + 1];
    solve_line(P, s);
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < 9; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    bool same_band = r1 / 3 == r2 / 3, same_stack = c1 / 3 == c2 / 3;
                    if (same_band == same_stack) continue; /* must span exactly two boxes */
                    int a = 9 * r1 + c1, b = 9 * r1 + c2, c = 9 * r2 + c1, d = 9 * r2 + c2;
                    if (s[a] != s[d] || s[b] != s[c]) continue;
                    memcpy(out, s, sizeof s);
                    out[a] = out[b] = out[c] = out[d] = '.';
                    return;
                }
    fail_msg("no deadly rectangle in the solution of P: %s", s);
}

/* Givens that do not clash, but r1c9 can hold nothing: row 1 has 1-8 and
 * column 9 has the 9 (r5c9). */
void no_solution_puzzle(char out[SUDOKU_CELLS + 1])
{
    memset(out, '.', SUDOKU_CELLS);
    out[SUDOKU_CELLS] = '\0';
    for (int i = 0; i < 8; i++) out[i] = (char)('1' + i);
    out[9 * 4 + 8] = '9';
}

void empty_dashes(char out[SUDOKU_CELLS + 1])
{
    memset(out, '-', SUDOKU_CELLS);
    out[SUDOKU_CELLS] = '\0';
}

/* ---- every command that reads puzzles ---- */

/* The text of a record's field: a JSON string's characters (no escapes in
 * what the tests look at), a number or a word; "" if absent. */
static const char *json_field(const char *record, const char *name)
{
    const char *at = strstr(record, format_text("\"%s\":", name));
    if (!at) return "";
    at += strlen(name) + 3;
    if (*at == '"') {
        const char *end = strchr(at + 1, '"');
        return format_text("%.*s", (int)(end - at - 1), at + 1);
    }
    return format_text("%.*s", (int)strcspn(at, ",}"), at);
}

void assert_every_command_reads(const char *file, const expected_record *want, size_t n,
                                const char *diagnostic)
{
    static const char *const commands[][3] = {{"solve", NULL},   {"explain", NULL},
                                              {"hint", NULL},    {"rate", NULL},
                                              {"canon", NULL},   {"transform", "--mirror"},
                                              {"check", NULL}};
    /* under valgrind, solve and explain (the stream and the steps' paths):
     * the reader they share is the same in every command */
    size_t n_commands = under_wrapper() ? 2 : sizeof commands / sizeof commands[0];
    for (size_t c = 0; c < n_commands; c++) {
        const char *args[] = {commands[c][0], "--format", "json", file, commands[c][1], NULL};
        run_result r = run_program(NULL, args);
        lines out = split_lines(r.out);
        bool invalid = false;
        if (out.n != n)
            fail_msg("%s: %zu records for %zu puzzles:\n%.2000s", args[0], out.n, n, r.out);
        for (size_t i = 0; i < n; i++) {
            const char *line = json_field(out.line[i], "line");
            const char *status = json_field(out.line[i], "status");
            const char *puzzle = json_field(out.line[i], "puzzle");
            if (atol(line) != want[i].line)
                fail_msg("%s: record %zu is at line %s, expected %ld", args[0], i + 1, line,
                         want[i].line);
            if (!want[i].puzzle) {
                invalid = true;
                if (strcmp(status, "invalid") != 0 || strcmp(puzzle, "null") != 0)
                    fail_msg("%s: record %zu should be invalid: %.300s", args[0], i + 1,
                             out.line[i]);
            } else if (strcmp(puzzle, want[i].puzzle) != 0 || strcmp(status, "invalid") == 0) {
                fail_msg("%s: record %zu should be %s: %.300s", args[0], i + 1, want[i].puzzle,
                         out.line[i]);
            }
        }
        assert_status(r, invalid ? 2 : 0);
        if (diagnostic)
            assert_contains(r.err, diagnostic);
        else
            assert_empty(r.err);
    }
}
