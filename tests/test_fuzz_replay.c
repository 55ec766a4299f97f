/*
 * test_fuzz_replay.c: runs the fuzz targets (tests/fuzz_parse.c,
 * tests/fuzz_solve.c, tests/fuzz_logic.c) without libFuzzer, on every file
 * of the seed corpus
 * (tests/fuzz/corpus/) and of the regressions the fuzzer found
 * (tests/fuzz/regressions/), plus inputs too big to commit. The targets
 * abort on a broken promise, so each input passes when it returns; make
 * check runs this with gcc, plain and under ASan + UBSan.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixtures.h"
#include "sudoku.h"

/* The targets' LLVMFuzzerTestOneInput, renamed by the Makefile. */
int fuzz_parse_one(const uint8_t *data, size_t size);
int fuzz_solve_one(const uint8_t *data, size_t size);
int fuzz_logic_one(const uint8_t *data, size_t size);

#define MAX_FILES 1024

/* The input being replayed, for the abort handler to name. */
static char current[1024];

/* A target aborts on a broken promise: say which input broke it. */
static void name_the_input(int sig)
{
    static const char prefix[] = "test_fuzz_replay: aborted while replaying ";
    if (write(STDERR_FILENO, prefix, sizeof prefix - 1) < 0 ||
        write(STDERR_FILENO, current, strlen(current)) < 0 || write(STDERR_FILENO, "\n", 1) < 0)
        _exit(1);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Runs every target on size bytes at data, from a copy of exactly that size
 * so that ASan sees a read past the end, as under libFuzzer. */
static void replay(const char *name, const char *data, size_t size)
{
    snprintf(current, sizeof current, "%s", name);
    uint8_t *copy = malloc(size ? size : 1);
    assert_non_null(copy);
    if (size) memcpy(copy, data, size);
    assert_int_equal(fuzz_parse_one(copy, size), 0);
    assert_int_equal(fuzz_solve_one(copy, size), 0);
    assert_int_equal(fuzz_logic_one(copy, size), 0);
    free(copy);
}

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s (run from the project root)", path);
    static char data[1 << 17];
    size_t size = fread(data, 1, sizeof data, f);
    bool whole = feof(f) && !ferror(f);
    fclose(f);
    if (!whole) fail_msg("%s: unreadable or larger than %zu bytes", path, sizeof data);
    replay(path, data, size);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every file of dir in name order; returns how many. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s (run from the project root)", dir);
    static char *names[MAX_FILES];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        assert_true(count < MAX_FILES);
        names[count] = strdup(e->d_name);
        assert_non_null(names[count++]);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof names[0], by_name);
    for (int k = 0; k < count; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        replay_file(path);
        free(names[k]);
    }
    print_message("%s: %d inputs replayed through every target\n", dir, count);
    return count;
}

static void the_seed_corpus_passes(void **state)
{
    (void)state;
    /* A floor, so that a corpus lost or moved cannot pass unnoticed. */
    assert_true(replay_dir("tests/fuzz/corpus") >= 40);
}

/* The directory must be there (replay_dir fails otherwise), even while the
 * fuzzer has found nothing to put in it. */
static void every_regression_passes(void **state)
{
    (void)state;
    replay_dir("tests/fuzz/regressions");
}

/* ---- inputs too big to commit: lines at the reader's limit ---- */

/* spaces, then hard1 and '\n', padded so that its line is line_length bytes;
 * lines before it come first. Returns the text's length. */
static size_t long_line(char *text, const char *before, size_t line_length)
{
    size_t n = strlen(before), pad = line_length - SUDOKU_CELLS;
    memcpy(text, before, n);
    memset(text + n, ' ', pad);
    memcpy(text + n + pad, hard1, SUDOKU_CELLS);
    text[n + line_length] = '\n';
    return n + line_length + 1;
}

static char big[SUDOKU_LINE_MAX + 256];

/* The longest line the reader takes is read, as a puzzle and in a stream
 * (fuzz_parse checks that both read it the same). */
static void a_line_of_the_longest_length_reads_as_one_puzzle(void **state)
{
    (void)state;
    replay("hard1 on a line of SUDOKU_LINE_MAX bytes", big, long_line(big, "", SUDOKU_LINE_MAX));
}

/* One byte more, and the stream skips the line (sudoku_reader_skip_line),
 * here cutting short a grid in progress. */
static void a_longer_line_in_a_grid_is_skipped(void **state)
{
    (void)state;
    size_t size = long_line(big, "003020600\n900305001\n", SUDOKU_LINE_MAX + 1);
    replay("a line of SUDOKU_LINE_MAX + 1 bytes after two rows of a grid", big, size);
}

int main(void)
{
    signal(SIGABRT, name_the_input);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_seed_corpus_passes),
        cmocka_unit_test(every_regression_passes),
        cmocka_unit_test(a_line_of_the_longest_length_reads_as_one_puzzle),
        cmocka_unit_test(a_longer_line_in_a_grid_is_skipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
