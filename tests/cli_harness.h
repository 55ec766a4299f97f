/*
 * cli_harness.h: running the sudoku program from the end-to-end tests
 * (test_cli, test_hostile), with what they assert about its runs. Memory
 * and temporary files a test takes are released by harness_teardown.
 */
#ifndef SUDOKU_TEST_CLI_HARNESS_H
#define SUDOKU_TEST_CLI_HARNESS_H

#include "fixtures.h"
#include "sudoku.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

/* Short names for the shared fixtures: P is Norvig's first hard puzzle (the
 * one the documents use), E his first easy one (propagation alone solves it),
 * and P_CANDIDATES what --show-candidates prints for P (DESIGN.md). */
#define P hard1
#define E easy1
#define P_CANDIDATES hard1_candidates

/* The status a wrapper is asked to exit with when it finds errors
 * (valgrind's --error-exitcode). */
#define WRAPPER_ERROR_STATUS 99

/* ---- set-up, memory and temporary files ---- */

/* The group set-up: reads $SUDOKU_BIN and $SUDOKU_WRAPPER, checks the
 * working directory is the project root. */
int harness_setup(void **state);
/* The group teardown: says how many times the program ran. */
int harness_finish(void **state);
/* Frees what the test kept and removes its temporary files. */
int harness_teardown(void **state);
/* True when runs go through $SUDOKU_WRAPPER (valgrind: slower). */
bool under_wrapper(void);
/* True in the sanitizer pass (TEST_QUICK=1), which looks for memory errors:
 * runs of many seconds there are left to the plain pass. */
bool quick_pass(void);

void *keep(void *p); /* freed at teardown; fails the test on NULL */
void *xmalloc(size_t n);
char *xstrdup(const char *s);
char *format_text(const char *fmt, ...);
void write_all(int fd, const char *data, size_t len);
/* A temporary file holding content; its path, and in *fd (if not NULL) an
 * open descriptor positioned at its start. */
const char *make_temp_file(const char *content, size_t len, int *fd);
const char *make_temp_dir(void);
/* An open temporary file holding content, positioned at its start, already
 * unlinked: for what a test reads back and need not name. */
int scratch_file(const char *content, size_t len);
/* The whole of an open file from its start, NUL-terminated. */
char *read_back(int fd, size_t *len);
/* A whole file, always ending with a line end. */
char *read_file(const char *path);

/* ---- running the program ---- */

typedef struct run_result {
    int status; /* the exit status, or 128 + the signal that ended it */
    char *out, *err;
    size_t out_len, err_len;
} run_result;

/* Where a run's standard streams come from and go, and how it starts. */
typedef struct run_setup {
    const char *input;       /* standard input's content; NULL: see below */
    size_t input_len;        /* 0: strlen(input); else input may hold NULs */
    const char *stdin_path;  /* without input: this file (NULL: /dev/null) */
    int stdin_fd;            /* > 0: this open descriptor, shared with the program */
    const char *stdout_path; /* a file to write to (/dev/full); out is then "" */
    bool ignore_sigpipe;     /* started with SIGPIPE ignored, as some parents do */
    bool as_nobody;          /* started as an unprivileged user when the tests run as root */
    long file_size_limit;    /* > 0: writes past this many bytes fail (EFBIG) */
} run_setup;

/* Runs $SUDOKU_BIN with args (NULL-terminated, without argv[0]); no shell. */
run_result run_setup_program(const run_setup *setup, const char *const *args);
/* The same with input (NULL: /dev/null) as standard input. */
run_result run_program(const char *input, const char *const *args);
/* Starts the program on the given descriptors (setup may be NULL). */
pid_t spawn_program(const run_setup *setup, const char *const *args, int in_fd, int out_fd,
                    int err_fd);
/* Waits for it: the exit status, or 128 + the signal that ended it. */
int wait_program(pid_t pid);
/* Starts it with a pipe for standard input and one for standard output;
 * stderr goes to a temporary file, returned in *err_fd. */
pid_t spawn_piped(const char *const *args, int *to_program, int *from_program, int *err_fd);

#define RUN_IN(input, ...) run_program((input), (const char *const[]){__VA_ARGS__, NULL})
#define RUN(...) RUN_IN(NULL, __VA_ARGS__)
#define RUN_WITH(setup, ...) run_setup_program((setup), (const char *const[]){__VA_ARGS__, NULL})

/* ---- assertions with readable failures ---- */

#define assert_status(r, expected)                                                                 \
    do {                                                                                           \
        if ((r).status != (expected))                                                              \
            fail_msg("exit status %d, expected %d\nstdout: %.1500s\nstderr: %.1500s", (r).status,  \
                     (expected), (r).out, (r).err);                                                \
    } while (0)

#define assert_contains(text, part)                                                                \
    do {                                                                                           \
        if (!strstr((text), (part)))                                                               \
            fail_msg("expected to find \"%s\" in:\n%.3000s", (part), (text));                      \
    } while (0)

#define assert_not_contains(text, part)                                                            \
    do {                                                                                           \
        if (strstr((text), (part)))                                                                \
            fail_msg("did not expect \"%s\" in:\n%.3000s", (part), (text));                        \
    } while (0)

#define assert_starts_with(text, prefix)                                                           \
    do {                                                                                           \
        if (strncmp((text), (prefix), strlen(prefix)) != 0)                                        \
            fail_msg("expected \"%.3000s\" to start with \"%s\"", (text), (prefix));               \
    } while (0)

#define assert_empty(text)                                                                         \
    do {                                                                                           \
        if ((text)[0] != '\0') fail_msg("expected nothing, got:\n%.3000s", (text));                \
    } while (0)

/* Two runs ended alike: the same status, output and diagnostics (-j). */
void assert_same_runs(const run_result *a, const run_result *b);
/* solution is a checked solution of puzzle (81 characters each). */
void assert_solution(const char *puzzle, const char *solution);
size_t count_char(const char *s, char c);
/* stderr is exactly one line: "sudoku: " ... '\n'. Returns it. */
const char *assert_one_error_line(const run_result *r);

/* ---- text and puzzles ---- */

typedef struct lines {
    size_t n;
    char **line;
} lines;

/* Splits text at '\n' (each line must end with one). */
lines split_lines(const char *text);
/* Puzzle p with its digits renamed (d -> d + k, mod 9) and '.' blanks. */
char *relabel(const char *p, int k);
/* Puzzle p as nine rows of nine characters, blanks as blank, rows ended by eol. */
char *as_rows(const char *p, char blank, const char *eol);
/* Solves p with the program (one line) and checks the answer; out gets it. */
void solve_line(const char *p, char out[SUDOKU_CELLS + 1]);
/* A puzzle with exactly two solutions. */
void two_solution_puzzle(char out[SUDOKU_CELLS + 1]);
/* Givens that do not clash, but r1c9 can hold nothing. */
void no_solution_puzzle(char out[SUDOKU_CELLS + 1]);
/* The empty grid written with '-' blanks. */
void empty_dashes(char out[SUDOKU_CELLS + 1]);

/* ---- every command that reads puzzles ---- */

/* A record a file should make: the line it starts on, and its puzzle
 * (81 characters, '.' blanks), or NULL for an invalid record. */
typedef struct expected_record {
    long line;
    const char *puzzle;
} expected_record;

/* Runs each command that reads puzzles (solve, explain, hint, rate, canon,
 * transform; under a wrapper, solve and explain only) on file with
 * --format json: each must make exactly the n
 * records of want, in order, each at its line, with its puzzle or
 * invalid; exit 2 if one is invalid, else 0; stderr must hold diagnostic
 * (or be empty when it is NULL). */
void assert_every_command_reads(const char *file, const expected_record *want, size_t n,
                                const char *diagnostic);

#endif
