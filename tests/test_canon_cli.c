/*
 * test_canon_cli.c: end-to-end tests of `sudoku canon` and `sudoku
 * transform`: their output formats, one record per input record, --dedupe,
 * the named transformations against cell formulas written here, --random
 * and --seed, the round trip through canon's JSON, candidates, bad options
 * and bad records, exit statuses, --stats and -j. The forms themselves are
 * the library's (test_canon checks them by brute force); here the program
 * must carry them through unchanged.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku build/tests/test_canon_cli
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static const char *line_of(const sudoku_grid *g)
{
    char text[SUDOKU_CELLS + 1];
    assert_true(cells_to_text(g->cell, text));
    return xstrdup(text);
}

static sudoku_grid grid_of(const char *p)
{
    sudoku_grid g;
    grid_from(p, &g);
    return g;
}

/* The library's canonical form of p, as canon should print it. */
static const char *canon_of(const char *p, unsigned long *automorphisms)
{
    sudoku_grid g = grid_of(p), canon;
    unsigned long count;
    assert_true(sudoku_canon(&g, &canon, NULL, &count));
    if (automorphisms) *automorphisms = count;
    return line_of(&canon);
}

/* The value of a JSON string field of a one-line record (no escapes in
 * the fields read here), or NULL if it is absent or not a string. */
static const char *json_field(const char *record, const char *name)
{
    const char *key = format_text("\"%s\":\"", name);
    const char *at = strstr(record, key);
    if (!at) return NULL;
    at += strlen(key);
    const char *end = strchr(at, '"');
    assert_non_null(end);
    return format_text("%.*s", (int)(end - at), at);
}

/* The text after "name": up to the next ',' or '}'. */
static const char *json_raw(const char *record, const char *name)
{
    const char *key = format_text("\"%s\":", name);
    const char *at = strstr(record, key);
    assert_non_null(at);
    at += strlen(key);
    return format_text("%.*s", (int)strcspn(at, ",}"), at);
}

/* p moved by a cell formula: out[i][j] = p[source(i, j)]. */
static const char *moved(const char *p, int (*source)(int i, int j))
{
    char out[SUDOKU_CELLS + 1];
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) out[9 * i + j] = p[source(i, j)];
    out[SUDOKU_CELLS] = '\0';
    return xstrdup(out);
}

static int clockwise(int i, int j)
{
    return 9 * (8 - j) + i;
}
static int mirror(int i, int j)
{
    return 9 * i + (8 - j);
}
static int flip(int i, int j)
{
    return 9 * (8 - i) + j;
}
static int diagonal(int i, int j)
{
    return 9 * j + i;
}
static int antidiagonal(int i, int j)
{
    return 9 * (8 - j) + (8 - i);
}
static int rows_1_3(int i, int j)
{
    return 9 * (i == 0 ? 2 : i == 2 ? 0 : i) + j;
}
static int bands_1_2(int i, int j)
{
    return 9 * (i < 6 ? (i + 3) % 6 : i) + j;
}
static int stacks_2_3(int i, int j)
{
    return 9 * i + (j < 3 ? j : j < 6 ? j + 3 : j - 3);
}
static int columns_4_6(int i, int j)
{
    return 9 * i + (j == 3 ? 5 : j == 5 ? 3 : j);
}

/* A grid the program printed, read back by the library's parser. */
static const char *parsed_grid(const char *text, size_t length)
{
    sudoku_grid g;
    sudoku_error err;
    if (!sudoku_parse(text, length, &g, &err)) fail_msg("not a grid (%s):\n%s", err.message, text);
    return line_of(&g);
}

/* The solution of p, by the library. */
static const char *solution_of(const char *p)
{
    sudoku_grid g = grid_of(p);
    sudoku_result result;
    assert_int_equal(sudoku_solve(&g, 2, &result), 1);
    return line_of(&result.solution);
}

/* p under a random transformation drawn with seed, by the library. */
static const char *shuffled(const char *p, uint64_t seed)
{
    sudoku_transform t;
    sudoku_grid g = grid_of(p), out;
    sudoku_transform_random(&t, &seed);
    sudoku_transform_apply(&t, &g, &out);
    return line_of(&out);
}

/* The stream the tests feed: each puzzle of puzzles on its own line. */
static const char *stream_of(const char *const *puzzles, size_t n)
{
    const char *text = "";
    for (size_t i = 0; i < n; i++) text = format_text("%s%s\n", text, puzzles[i]);
    return text;
}

/* ---- canon ---- */

static void test_canon_argument(void **state)
{
    (void)state;
    run_result r = RUN("canon", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, format_text("%s\n", canon_of(P, NULL)));
    /* a solution grid: its form starts 123456789 and is still a solution */
    const char *solution = solution_of(P);
    r = RUN("canon", solution);
    assert_status(r, 0);
    assert_starts_with(r.out, "123456789");
    assert_string_equal(r.out, format_text("%s\n", canon_of(solution, NULL)));
    assert_null(check_solution(canon_of(solution, NULL), canon_of(solution, NULL)));
    /* equivalent puzzles, and those only, share the form */
    r = RUN("canon", P, shuffled(P, 1), relabel(P, 4), E);
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 4);
    assert_string_equal(out.line[0], out.line[1]);
    assert_string_equal(out.line[0], out.line[2]);
    assert_string_equal(out.line[3], canon_of(E, NULL));
    assert_string_not_equal(out.line[0], out.line[3]);
    /* the form of a form is itself */
    r = RUN("canon", out.line[0]);
    assert_string_equal(r.out, format_text("%s\n", out.line[0]));
    /* --format grid */
    r = RUN("canon", "--format=grid", P, E);
    assert_status(r, 0);
    const char *second = strstr(r.out, "\n\n");
    assert_non_null(second);
    assert_string_equal(parsed_grid(r.out, (size_t)(second - r.out + 1)), canon_of(P, NULL));
    assert_string_equal(parsed_grid(second + 2, strlen(second + 2)), canon_of(E, NULL));
}

/* transform with canon's JSON "transform" fields as options (--transpose
 * only when it is true), and --invert first if invert, on p. */
static run_result transform_by_fields(const char *record, bool invert, const char *p)
{
    const char *args[8];
    int n = 0;
    const char *transpose = json_raw(record, "transpose");
    assert_true(strcmp(transpose, "true") == 0 || strcmp(transpose, "false") == 0);
    args[n++] = "transform";
    if (invert) args[n++] = "--invert";
    if (strcmp(transpose, "true") == 0) args[n++] = "--transpose";
    args[n++] = format_text("--rows=%s", json_field(record, "rows"));
    args[n++] = format_text("--columns=%s", json_field(record, "columns"));
    args[n++] = format_text("--relabel=%s", json_field(record, "digits"));
    args[n++] = p;
    args[n] = NULL;
    return run_program(NULL, args);
}

/* canon's JSON: the form, the automorphisms, and a transformation that
 * transform takes back: with it, transform gives the form; with --invert,
 * from the form, the puzzle again. */
static void test_canon_json_round_trip(void **state)
{
    (void)state;
    const char *empty =
        ".................................................................................";
    const char *symmetric =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    const char *puzzles[] = {P, shuffled(P, 9), solution_of(E), symmetric, empty,
                             shuffled(solution_of(P), 4)};
    /* under valgrind, a puzzle and a grid: each run there takes a while */
    size_t n = under_wrapper() ? 3 : sizeof puzzles / sizeof puzzles[0];
    for (size_t i = 0; i < n; i += under_wrapper() ? 2 : 1) {
        run_result r = RUN("canon", "--format", "json", puzzles[i]);
        assert_status(r, 0);
        lines out = split_lines(r.out);
        assert_int_equal(out.n, 1);
        const char *record = out.line[0];
        unsigned long automorphisms;
        const char *canon = canon_of(puzzles[i], &automorphisms);
        assert_starts_with(record, "{\"source\":\"argument 1\",\"line\":1,\"status\":\"ok\",");
        assert_string_equal(json_field(record, "puzzle"), puzzles[i]);
        assert_string_equal(json_field(record, "canon"), canon);
        assert_string_equal(json_raw(record, "automorphisms"), format_text("%lu", automorphisms));
        assert_string_equal(json_raw(record, "error"), "null");
        assert_true(record[strlen(record) - 1] == '}');
        r = transform_by_fields(record, false, puzzles[i]);
        assert_status(r, 0);
        assert_string_equal(r.out, format_text("%s\n", canon));
        r = transform_by_fields(record, true, canon);
        assert_status(r, 0);
        assert_string_equal(r.out, format_text("%s\n", puzzles[i]));
    }
    run_result r = RUN("canon", "--format=json", symmetric, empty);
    lines out = split_lines(r.out);
    assert_string_equal(json_raw(out.line[0], "automorphisms"), "648");
    assert_string_equal(json_raw(out.line[1], "automorphisms"), "3359232");
}

/* A stream with comments, blank lines, bad records and grids: one record
 * out per record in, in order; the same with -j 2. */
static void test_canon_stream(void **state)
{
    (void)state;
    const char *text = format_text("# a comment\n%s\n\n%s\n%.80s\n%s%s\n%.40sy%s\n", P, E, P,
                                   as_rows(shuffled(P, 2), '.', "\n"), solution_of(P), P, P + 41);
    run_result one = RUN_IN(text, "canon");
    assert_status(one, 2);
    lines out = split_lines(one.out);
    assert_int_equal(out.n, 6);
    assert_string_equal(out.line[0], canon_of(P, NULL));
    assert_string_equal(out.line[1], canon_of(E, NULL));
    assert_string_equal(out.line[2], "invalid");
    assert_string_equal(out.line[3], canon_of(P, NULL));
    assert_string_equal(out.line[4], canon_of(solution_of(P), NULL));
    assert_string_equal(out.line[5], "invalid");
    lines err = split_lines(one.err);
    assert_int_equal(err.n, 2);
    assert_starts_with(err.line[0], "sudoku: stdin:5: ");
    assert_starts_with(err.line[1], "sudoku: stdin:16:");
    run_result two = RUN_IN(text, "canon", "-j", "2");
    assert_same_runs(&one, &two);
    /* JSON: the bad record is an object too */
    run_result json = RUN_IN(text, "canon", "--format=json");
    out = split_lines(json.out);
    assert_int_equal(out.n, 6);
    assert_string_equal(json_field(out.line[2], "status"), "invalid");
    assert_string_equal(json_raw(out.line[2], "canon"), "null");
    assert_string_equal(json_raw(out.line[2], "transform"), "null");
    assert_non_null(json_field(out.line[2], "error"));
}

/* Many records, across batches and threads: byte for byte the same. */
static void test_canon_jobs(void **state)
{
    (void)state;
    int n = under_wrapper() ? 60 : 3000;
    const char *text = "";
    char **parts = xmalloc((size_t)n * sizeof *parts);
    for (int i = 0; i < n; i++)
        parts[i] = (char *)(i % 5 == 4 ? shuffled(solution_of(P), (uint64_t)i) : shuffled(i % 2 ? P : E, (uint64_t)i));
    text = stream_of((const char *const *)parts, (size_t)n);
    const char *path = make_temp_file(text, strlen(text), NULL);
    run_result one = RUN("canon", path);
    assert_status(one, 0);
    run_result two = RUN("canon", "-j2", path);
    assert_same_runs(&one, &two);
    lines out = split_lines(one.out);
    assert_int_equal(out.n, (size_t)n);
    const char *forms[3] = {canon_of(P, NULL), canon_of(E, NULL), canon_of(solution_of(P), NULL)};
    for (int i = 0; i < n; i++)
        assert_string_equal(out.line[i], forms[i % 5 == 4 ? 2 : i % 2 ? 0 : 1]);
    two = RUN("canon", "--format=json", "-j", "2", path);
    one = RUN("canon", "--format=json", path);
    assert_same_runs(&one, &two);
    two = RUN("canon", "--dedupe", "-j", "2", path);
    one = RUN("canon", "--dedupe", path);
    assert_same_runs(&one, &two);
}

/* --dedupe: each class once, at its first puzzle, in input order. */
static void test_canon_dedupe(void **state)
{
    (void)state;
    const char *puzzles[] = {shuffled(P, 1), E, P, relabel(E, 3), format_text("%.80sy", P), shuffled(P, 7),
                             solution_of(P), shuffled(solution_of(P), 2), E};
    const char *text = stream_of(puzzles, sizeof puzzles / sizeof puzzles[0]);
    run_result r = RUN_IN(text, "canon", "--dedupe", "--stats");
    assert_status(r, 2);
    assert_string_equal(r.out, format_text("%s\n%s\ninvalid\n%s\n", canon_of(P, NULL), canon_of(E, NULL),
                                           canon_of(solution_of(P), NULL)));
    lines err = split_lines(r.err);
    assert_int_equal(err.n, 2);
    assert_starts_with(err.line[0], "sudoku: stdin:5:");
    assert_starts_with(err.line[1], "sudoku: stats: 9 puzzles read, 3 in canonical form, 1 invalid, "
                                    "5 duplicates left out; ");
    r = RUN_IN(text, "canon", "--dedupe", "--format=json");
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 4);
    assert_string_equal(json_field(out.line[0], "puzzle"), puzzles[0]); /* the first of its class */
    assert_string_equal(json_raw(out.line[3], "line"), "7");
    /* without --dedupe, one record per record */
    r = RUN_IN(text, "canon", "--stats");
    assert_int_equal(split_lines(r.out).n, 9);
    assert_contains(r.err, "sudoku: stats: 9 puzzles read, 8 in canonical form, 1 invalid; ");
}

/* Candidates have no canonical form here: refused, one record kept. */
static void test_canon_refuses_candidates(void **state)
{
    (void)state;
    sudoku_grid g = grid_of(P);
    sudoku_board board;
    char marks[SUDOKU_TEXT_MAX];
    assert_true(sudoku_propagate(&g, &board));
    sudoku_format_pencilmarks(&board, marks, sizeof marks);
    run_result r = RUN("canon", marks, P);
    assert_status(r, 2);
    assert_string_equal(r.out, format_text("invalid\n%s\n", canon_of(P, NULL)));
    assert_string_equal(r.err, "sudoku: argument 1: canon takes puzzles given by their cells, not "
                               "candidates (pencilmarks)\n");
}

/* ---- transform ---- */

static void test_transform_named(void **state)
{
    (void)state;
    static const struct {
        const char *option;
        int (*source)(int i, int j);
    } named[] = {{"--rotate=90", clockwise}, {"--mirror", mirror},           {"--flip", flip},
                 {"--transpose", diagonal},  {"--antitranspose", antidiagonal},
                 {"--swap-rows=1,3", rows_1_3}, {"--swap-rows=3,1", rows_1_3},
                 {"--swap-bands=2,1", bands_1_2}, {"--swap-stacks=2,3", stacks_2_3},
                 {"--swap-columns=4,6", columns_4_6}};
    const char *solution = solution_of(P);
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k += under_wrapper() ? 3 : 1) {
        run_result r = RUN("transform", named[k].option, P, solution);
        assert_status(r, 0);
        assert_empty(r.err);
        assert_string_equal(r.out, format_text("%s\n%s\n", moved(P, named[k].source),
                                               moved(solution, named[k].source)));
    }
    /* rotations compose: 180 is two quarter turns, 270 three */
    const char *once = moved(P, clockwise), *twice = moved(once, clockwise);
    run_result r = RUN("transform", "--rotate=180", P);
    assert_string_equal(r.out, format_text("%s\n", twice));
    r = RUN("transform", "--rotate=270", P);
    assert_string_equal(r.out, format_text("%s\n", moved(twice, clockwise)));
    /* in the order given: rotate, then mirror; not the other way */
    r = RUN("transform", "--rotate=90", "--mirror", P);
    assert_string_equal(r.out, format_text("%s\n", moved(once, mirror)));
    r = RUN("transform", "--mirror", "--rotate=90", P);
    assert_string_equal(r.out, format_text("%s\n", moved(moved(P, mirror), clockwise)));
    /* --invert undoes the chain */
    r = RUN("transform", "--invert", "--rotate=90", "--mirror", moved(once, mirror));
    assert_string_equal(r.out, format_text("%s\n", P));
    /* relabelling */
    char swapped[SUDOKU_CELLS + 1];
    for (int i = 0; i <= SUDOKU_CELLS; i++)
        swapped[i] = P[i] >= '1' && P[i] <= '9' ? (char)('9' - (P[i] - '1')) : P[i];
    r = RUN("transform", "--relabel=987654321", P);
    assert_string_equal(r.out, format_text("%s\n", swapped));
    /* --rows and --columns */
    r = RUN("transform", "--rows=321456789", "--columns=123654789", P);
    assert_string_equal(r.out, format_text("%s\n", moved(moved(P, rows_1_3), columns_4_6)));
    /* grid and JSON */
    r = RUN("transform", "--format=grid", "--flip", P);
    assert_string_equal(parsed_grid(r.out, strlen(r.out)), moved(P, flip));
    r = RUN("transform", "--format=json", "--flip", P);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 1);
    assert_string_equal(json_field(out.line[0], "result"), moved(P, flip));
    assert_string_equal(json_field(out.line[0], "rows"), "987654321");
    assert_string_equal(json_field(out.line[0], "columns"), "123456789");
    assert_string_equal(json_raw(out.line[0], "transpose"), "false");
}

/* --random: the same seed, the same output, whatever -j; a new draw for
 * each record; each result equivalent to its puzzle; the JSON says what
 * was drawn, and transform replays it. */
static void test_transform_random(void **state)
{
    (void)state;
    int n = under_wrapper() ? 20 : 500;
    const char **parts = xmalloc((size_t)n * sizeof *parts);
    for (int i = 0; i < n; i++) parts[i] = i % 3 ? P : solution_of(P);
    const char *text = stream_of(parts, (size_t)n);
    run_result one = RUN_IN(text, "transform", "--random", "--seed=42");
    assert_status(one, 0);
    run_result two = RUN_IN(text, "transform", "--random", "--seed", "42", "-j2");
    assert_same_runs(&one, &two);
    run_result other = RUN_IN(text, "transform", "--random", "--seed=43");
    assert_string_not_equal(one.out, other.out);
    /* in two chunks, the second numbered from its first line (GNU parallel
     * --pipe, docs/scale-out.md): together, the whole run's draws */
    int half = n / 2;
    const char *second_half = text;
    for (int i = 0; i < half; i++) second_half = strchr(second_half, '\n') + 1;
    run_result first_chunk = RUN_IN(format_text("%.*s", (int)(second_half - text), text),
                                    "transform", "--random", "--seed=42");
    run_result second_chunk = RUN_IN(second_half, "transform", "--random", "--seed=42",
                                     format_text("--first-line=%d", half + 1));
    assert_string_equal(format_text("%s%s", first_chunk.out, second_chunk.out), one.out);
    lines out = split_lines(one.out);
    assert_int_equal(out.n, (size_t)n);
    assert_string_not_equal(out.line[1], out.line[2]); /* the same puzzle, two draws */
    const char *pc = canon_of(P, NULL), *sc = canon_of(solution_of(P), NULL);
    for (int i = 0; i < n; i++) assert_string_equal(canon_of(out.line[i], NULL), i % 3 ? pc : sc);
    /* canon of the shuffled stream, by the program: the forms of the originals */
    run_result forms = RUN_IN(one.out, "canon", "-j2");
    run_result originals = RUN_IN(text, "canon");
    assert_string_equal(forms.out, originals.out);
    /* JSON: the transformation drawn, replayed */
    run_result json = RUN("transform", "--random", "--seed=7", "--format=json", P);
    const char *record = split_lines(json.out).line[0];
    run_result replay = transform_by_fields(record, false, P);
    assert_string_equal(replay.out, format_text("%s\n", json_field(record, "result")));
    /* without --seed, --stats says which seed was used, and it replays */
    run_result unseeded = RUN("transform", "--random", "--stats", P, E);
    lines err = split_lines(unseeded.err);
    const char *seed = strstr(err.line[err.n - 1], "; seed ");
    assert_non_null(seed);
    unsigned long long value;
    assert_int_equal(sscanf(seed, "; seed %llu;", &value), 1);
    run_result again = RUN("transform", "--random", format_text("--seed=%llu", value), P, E);
    assert_string_equal(again.out, unseeded.out);
    /* a random draw between fixed ones, applied in order */
    run_result mixed = RUN("transform", "--mirror", "--random", "--seed=3", "--flip", P);
    run_result parts_run = RUN("transform", "--random", "--seed=3", moved(P, mirror));
    assert_string_equal(mixed.out,
                        format_text("%s\n", moved(split_lines(parts_run.out).line[0], flip)));
}

/* Candidates move and are relabelled as their cells are. */
static void test_transform_candidates(void **state)
{
    (void)state;
    sudoku_grid g = grid_of(P), moved_grid;
    sudoku_board board, moved_board;
    sudoku_transform t;
    char marks[SUDOKU_TEXT_MAX], expected[SUDOKU_TEXT_MAX];
    assert_true(sudoku_propagate(&g, &board));
    sudoku_format_pencilmarks(&board, marks, sizeof marks);
    run_result r = RUN("transform", "--rotate=90", "--relabel=234567891", marks);
    assert_status(r, 0);
    uint8_t next[9] = {2, 3, 4, 5, 6, 7, 8, 9, 1};
    sudoku_transform rotate, relabel_digits;
    sudoku_transform_rotate(&rotate, 1);
    assert_true(sudoku_transform_relabel(&relabel_digits, next));
    sudoku_transform_then(&rotate, &relabel_digits, &t);
    sudoku_transform_apply(&t, &g, &moved_grid);
    assert_true(sudoku_propagate(&moved_grid, &moved_board)); /* the puzzle's candidates, moved */
    sudoku_format_pencilmarks(&moved_board, expected, sizeof expected);
    assert_string_equal(r.out, format_text("%s\n", expected));
}

static void test_transform_bad_options(void **state)
{
    (void)state;
    static const struct {
        const char *option, *error;
    } bad[] = {
        {"--rotate=45", "sudoku: --rotate takes 90, 180 or 270 (degrees clockwise), not '45'"},
        {"--swap-rows=1,4", "sudoku: --swap-rows needs two rows of one band, as in 4,6, not '1,4'"},
        {"--swap-rows=0,1", "sudoku: --swap-rows needs two rows of one band"},
        {"--swap-columns=7,10", "sudoku: --swap-columns needs two columns of one stack"},
        {"--swap-bands=1", "sudoku: --swap-bands needs two bands from 1 to 3"},
        {"--swap-stacks=1,2,3", "sudoku: --swap-stacks needs two stacks from 1 to 3"},
        {"--relabel=112345678", "sudoku: --relabel needs the digits 1-9, each once"},
        {"--relabel=12345678", "sudoku: --relabel needs the digits 1-9, each once"},
        {"--rows=124356789", "sudoku: --rows needs the rows 1-9, each once, those of a band"},
        {"--columns=1234567890", "sudoku: --columns needs the columns 1-9, each once"},
        {"--seed=-1", "sudoku: --seed needs a whole number from 0 to 2^64-1, not '-1'"},
        {"--seed=18446744073709551616", "sudoku: --seed needs a whole number from 0 to 2^64-1"},
        {"--seed=1x", "sudoku: --seed needs a whole number"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k += under_wrapper() ? 4 : 1) {
        run_result r = RUN("transform", "--random", bad[k].option, P);
        assert_status(r, 2);
        assert_empty(r.out);
        assert_starts_with(assert_one_error_line(&r), bad[k].error);
        assert_contains(r.err, "(try 'sudoku transform --help')");
    }
    run_result r = RUN("transform", P);
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r), "sudoku: no transformation given");
    r = RUN("transform", "--seed=5", "--mirror", P);
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r), "sudoku: --seed only applies with --random");
    r = RUN("transform", "--format=json", "--seed=18446744073709551615", "--random", P);
    assert_status(r, 0);
    r = RUN("canon", "--format=text", P);
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r),
                       "sudoku: unknown format 'text': expected line, grid, json or svg");
    r = RUN("canon", "--random", P);
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r), "sudoku: unknown option '--random'");
}

static void test_transform_bad_records(void **state)
{
    (void)state;
    const char *text = format_text("%s\n%.80s\n%s\n", P, E, E);
    run_result r = RUN_IN(text, "transform", "--flip", "--stats");
    assert_status(r, 2);
    assert_string_equal(r.out, format_text("%s\ninvalid\n%s\n", moved(P, flip), moved(E, flip)));
    lines err = split_lines(r.err);
    assert_int_equal(err.n, 2);
    assert_starts_with(err.line[0], "sudoku: stdin:2: ");
    assert_starts_with(err.line[1], "sudoku: stats: 3 puzzles read, 2 transformed, 1 invalid; ");
    assert_not_contains(err.line[1], "seed");
}

static void test_help(void **state)
{
    (void)state;
    run_result r = RUN("--help");
    assert_status(r, 0);
    assert_contains(r.out, "sudoku canon [OPTION]");
    assert_contains(r.out, "sudoku transform [OPTION]");
    static const char *const canon_parts[] = {"Usage: sudoku canon", "minlex", "--dedupe",
                                              "--format", "automorphisms", "--jobs",
                                              "Exit status", "docs/canon.md"};
    r = RUN("canon", "--help");
    assert_status(r, 0);
    for (size_t k = 0; k < sizeof canon_parts / sizeof canon_parts[0]; k++)
        assert_contains(r.out, canon_parts[k]);
    static const char *const transform_parts[] = {
        "Usage: sudoku transform", "--rotate", "--transpose", "--antitranspose", "--mirror",
        "--flip", "--swap-bands", "--swap-rows", "--swap-stacks", "--swap-columns",
        "--relabel", "--rows", "--columns", "--random", "--seed", "--invert", "Exit status"};
    r = RUN("transform", "-h");
    assert_status(r, 0);
    for (size_t k = 0; k < sizeof transform_parts / sizeof transform_parts[0]; k++)
        assert_contains(r.out, transform_parts[k]);
    r = RUN("canon", "--version");
    assert_string_equal(r.out, "sudoku " SUDOKU_VERSION "\n");
}

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(test_canon_argument),
        TEST(test_canon_json_round_trip),
        TEST(test_canon_stream),
        TEST(test_canon_jobs),
        TEST(test_canon_dedupe),
        TEST(test_canon_refuses_candidates),
        TEST(test_transform_named),
        TEST(test_transform_random),
        TEST(test_transform_candidates),
        TEST(test_transform_bad_options),
        TEST(test_transform_bad_records),
        TEST(test_help),
    };
    return cmocka_run_group_tests_name("canon and transform (end to end)", tests, harness_setup,
                                       harness_finish);
}
