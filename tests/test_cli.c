/*
 * test_cli.c: end-to-end tests of the `sudoku` command. Each test runs the
 * program named by $SUDOKU_BIN with given arguments and standard input, and
 * checks its standard output, standard error and exit status. Solutions are
 * never written into the tests: every one is judged by the independent
 * checker in checker.c against the puzzle it came from.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku SHARED_PUZZLES=../shared/puzzles build/tests/test_cli
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"
#include "reference.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- text helpers ---- */

/* Puzzle p in Norvig's layout, '.' for blanks ("4 . . |. . . |8 . 5"). */
static char *as_norvig_grid(const char *p)
{
    char *s = xmalloc(11 * 21 + 1), *o = s;
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) o += sprintf(o, "------+------+------\n");
        for (int c = 0; c < 9; c++) {
            char ch = p[9 * r + c];
            *o++ = ch >= '1' && ch <= '9' ? ch : '.';
            if (c < 8) *o++ = ' ';
            if (c == 2 || c == 5) *o++ = '|';
        }
        *o++ = '\n';
    }
    *o = '\0';
    return s;
}

/* Checks a solved grid in Norvig's layout with width 2: 11 lines, rows like
 * "4 1 7 |3 6 9 |8 2 5", rules "------+------+------". */
static void assert_grid_layout(const char *text)
{
    static const char row_template[] = "d d d |d d d |d d d";
    lines l = split_lines(text);
    if (l.n != 11) fail_msg("a grid of %zu lines, expected 11:\n%s", l.n, text);
    for (size_t i = 0; i < l.n; i++) {
        const char *line = l.line[i];
        if (i == 3 || i == 7) {
            assert_string_equal(line, "------+------+------");
            continue;
        }
        if (strlen(line) != sizeof row_template - 1) fail_msg("bad grid row \"%s\"", line);
        for (size_t k = 0; row_template[k]; k++) {
            bool ok = row_template[k] == 'd' ? line[k] >= '1' && line[k] <= '9'
                                             : line[k] == row_template[k];
            if (!ok) fail_msg("bad grid row \"%s\" (column %zu)", line, k + 1);
        }
    }
}

/* out is one solved grid in Norvig's layout, and a checked solution of puzzle. */
static void assert_solved_grid(const char *out, const char *puzzle)
{
    char line[SUDOKU_CELLS + 1];
    assert_grid_layout(out);
    assert_true(grid_text_to_line(out, line));
    assert_solution(puzzle, line);
}

/* The 81 candidate sets of a candidate grid, in cell order. */
static size_t grid_tokens(const char *text, char tokens[][16], size_t max)
{
    size_t n = 0;
    lines l = split_lines(text);
    for (size_t i = 0; i < l.n; i++) {
        if (l.line[i][0] == '-') continue;
        char *save = NULL;
        for (char *t = strtok_r(l.line[i], " |", &save); t; t = strtok_r(NULL, " |", &save)) {
            if (n == max || strlen(t) >= 16) fail_msg("unexpected candidate grid:\n%s", text);
            strcpy(tokens[n++], t);
        }
    }
    return n;
}

/* ---- a small JSON object reader, enough for one output record ---- */

typedef struct json_field {
    char key[32];
    const char *value; /* the value's text, undecoded */
    size_t len;
} json_field;

typedef struct json_object {
    size_t n;
    json_field field[24];
} json_object;

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* p at '"': returns just past the closing quote, or NULL. */
static const char *skip_string(const char *p)
{
    for (p++; *p && *p != '"'; p++) {
        if ((unsigned char)*p < 0x20) return NULL;
        if (*p == '\\' && !*++p) return NULL;
    }
    return *p == '"' ? p + 1 : NULL;
}

static const char *skip_value(const char *p)
{
    p = skip_space(p);
    if (*p == '"') return skip_string(p);
    if (*p == '[' || *p == '{') {
        char close = *p == '[' ? ']' : '}';
        p = skip_space(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (close == '}') {
                if (*p != '"' || !(p = skip_string(p))) return NULL;
                p = skip_space(p);
                if (*p++ != ':') return NULL;
            }
            if (!(p = skip_value(p))) return NULL;
            p = skip_space(p);
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
            p = skip_space(p);
        }
    }
    const char *start = p;
    while (*p && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || strchr("-+.E", *p))) p++;
    return p > start ? p : NULL;
}

static bool json_decode(const char *v, size_t len, char *out, size_t size)
{
    if (len < 2 || v[0] != '"' || v[len - 1] != '"') return false;
    size_t o = 0;
    for (size_t i = 1; i + 1 < len; i++) {
        char c = v[i];
        if (c == '\\') {
            c = v[++i];
            if (c == 'n')
                c = '\n';
            else if (c == 't')
                c = '\t';
            else if (c == 'r')
                c = '\r';
            else if (c == 'b')
                c = '\b';
            else if (c == 'f')
                c = '\f';
            else if (c == 'u') {
                unsigned code;
                if (i + 4 >= len || sscanf(v + i + 1, "%4x", &code) != 1 || code >= 0x80)
                    return false;
                c = (char)code;
                i += 4;
            } else if (c != '"' && c != '\\' && c != '/') {
                return false;
            }
        }
        if (o + 1 >= size) return false;
        out[o++] = c;
    }
    out[o] = '\0';
    return true;
}

/* Reads a line that must hold exactly one JSON object. */
static json_object *parse_json_line(const char *line)
{
    json_object *obj = xmalloc(sizeof *obj);
    obj->n = 0;
    const char *p = skip_space(line);
    if (*p++ != '{') fail_msg("not a JSON object: %s", line);
    p = skip_space(p);
    while (*p != '}') {
        if (obj->n == sizeof obj->field / sizeof obj->field[0]) fail_msg("too many keys: %s", line);
        json_field *f = &obj->field[obj->n++];
        const char *key_end = *p == '"' ? skip_string(p) : NULL;
        if (!key_end || !json_decode(p, (size_t)(key_end - p), f->key, sizeof f->key))
            fail_msg("bad JSON key in: %s", line);
        p = skip_space(key_end);
        if (*p++ != ':') fail_msg("bad JSON (no ':') in: %s", line);
        p = skip_space(p);
        const char *end = skip_value(p);
        if (!end) fail_msg("bad JSON value for \"%s\" in: %s", f->key, line);
        f->value = p;
        f->len = (size_t)(end - p);
        p = skip_space(end);
        if (*p == ',')
            p = skip_space(p + 1);
        else if (*p != '}')
            fail_msg("bad JSON (expected ',' or '}') in: %s", line);
    }
    if (*skip_space(p + 1) != '\0') fail_msg("text after the JSON object: %s", line);
    for (size_t i = 0; i < obj->n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(obj->field[i].key, obj->field[j].key) == 0)
                fail_msg("key \"%s\" twice in: %s", obj->field[i].key, line);
    return obj;
}

static const json_field *json_find(const json_object *obj, const char *key)
{
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->field[i].key, key) == 0) return &obj->field[i];
    return NULL;
}

static const json_field *json_need(const json_object *obj, const char *key)
{
    const json_field *f = json_find(obj, key);
    if (!f) fail_msg("JSON record has no \"%s\"", key);
    return f;
}

static bool json_is_null(const json_object *obj, const char *key)
{
    const json_field *f = json_need(obj, key);
    return f->len == 4 && strncmp(f->value, "null", 4) == 0;
}

/* The decoded string value of key; fails if it is not a string. */
static const char *json_string(const json_object *obj, const char *key)
{
    const json_field *f = json_need(obj, key);
    char *s = xmalloc(f->len + 1);
    if (!json_decode(f->value, f->len, s, f->len + 1))
        fail_msg("\"%s\" is not a string: %.*s", key, (int)f->len, f->value);
    return s;
}

static long json_integer(const json_object *obj, const char *key)
{
    const json_field *f = json_need(obj, key);
    char text[32];
    if (f->len == 0 || f->len >= sizeof text) fail_msg("\"%s\" is not a number", key);
    memcpy(text, f->value, f->len);
    text[f->len] = '\0';
    char *end;
    long v = strtol(text, &end, 10);
    if (*end || (text[0] != '-' && (text[0] < '0' || text[0] > '9')))
        fail_msg("\"%s\" is not an integer: %s", key, text);
    return v;
}

static bool json_bool(const json_object *obj, const char *key)
{
    const json_field *f = json_need(obj, key);
    if (f->len == 4 && strncmp(f->value, "true", 4) == 0) return true;
    if (f->len == 5 && strncmp(f->value, "false", 5) == 0) return false;
    fail_msg("\"%s\" is not true or false: %.*s", key, (int)f->len, f->value);
    return false;
}

/* The strings of an array value; returns how many. */
static size_t json_strings(const json_object *obj, const char *key, char out[][16], size_t max)
{
    const json_field *f = json_need(obj, key);
    const char *p = skip_space(f->value);
    if (*p++ != '[') fail_msg("\"%s\" is not an array", key);
    size_t n = 0;
    for (p = skip_space(p); *p != ']';) {
        const char *end = *p == '"' ? skip_string(p) : NULL;
        if (!end || n == max || !json_decode(p, (size_t)(end - p), out[n], 16))
            fail_msg("\"%s\" is not an array of short strings: %.*s", key, (int)f->len, f->value);
        n++;
        p = skip_space(end);
        if (*p == ',') p = skip_space(p + 1);
    }
    return n;
}

/* Each line of out as a JSON object; asserts there are n. */
static json_object **json_records(const char *out, size_t n)
{
    lines l = split_lines(out);
    if (l.n != n) fail_msg("%zu JSON records, expected %zu:\n%.3000s", l.n, n, out);
    json_object **records = xmalloc(sizeof *records * (n + 1));
    for (size_t i = 0; i < n; i++) records[i] = parse_json_line(l.line[i]);
    return records;
}

/* ---- 1, 2: solving one argument, showing candidates ---- */

static void test_solve_argument_prints_grid(void **state)
{
    (void)state;
    run_result r = RUN("solve", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_solved_grid(r.out, P);
}

static void test_show_candidates_grid(void **state)
{
    (void)state;
    run_result r = RUN("solve", "--show-candidates", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, P_CANDIDATES);
}

static void test_printed_grids_parse_back(void **state)
{
    (void)state;
    /* The candidate grid: its single candidates become givens. */
    char tokens[SUDOKU_CELLS + 1][16], singles[SUDOKU_CELLS + 1];
    assert_int_equal(grid_tokens(P_CANDIDATES, tokens, SUDOKU_CELLS + 1), SUDOKU_CELLS);
    for (int i = 0; i < SUDOKU_CELLS; i++) singles[i] = tokens[i][1] ? '.' : tokens[i][0];
    singles[SUDOKU_CELLS] = '\0';

    run_result cand = RUN("solve", "--show-candidates", P);
    assert_status(cand, 0);
    run_result r = RUN("solve", "--format", "json", cand.out);
    assert_status(r, 0);
    assert_empty(r.err);
    json_object *rec = json_records(r.out, 1)[0];
    assert_string_equal(json_string(rec, "status"), "solved");
    assert_string_equal(json_string(rec, "puzzle"), singles);
    assert_solution(P, json_string(rec, "solution"));

    /* The solved grid: it is its own (complete) puzzle. */
    run_result grid = RUN("solve", P);
    assert_status(grid, 0);
    char solved[SUDOKU_CELLS + 1];
    assert_true(grid_text_to_line(grid.out, solved));
    run_result again = RUN("solve", "--format", "line", grid.out);
    assert_status(again, 0);
    assert_empty(again.err);
    assert_string_equal(again.out, format_text("%s\n", solved));
    assert_solution(P, solved);

    /* And back to a grid: the same text. */
    run_result same = RUN("solve", grid.out);
    assert_status(same, 0);
    assert_string_equal(same.out, grid.out);
}

/* ---- 3: output formats ---- */

static void test_format_line_argument(void **state)
{
    (void)state;
    run_result r = RUN("solve", "--format", "line", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_int_equal(r.out_len, SUDOKU_CELLS + 1);
    assert_int_equal(r.out[SUDOKU_CELLS], '\n');
    r.out[SUDOKU_CELLS] = '\0';
    assert_solution(P, r.out);
}

static void test_format_grid_on_stream(void **state)
{
    (void)state;
    run_result r = RUN_IN(format_text("%s\n", P), "solve", "--format", "grid");
    assert_status(r, 0);
    assert_empty(r.err);
    assert_solved_grid(r.out, P);
}

static void test_format_json_record(void **state)
{
    (void)state;
    run_result r = RUN("solve", "--format=json", P);
    run_result r2 = RUN("solve", "--format", "json", P);
    assert_status(r, 0);
    assert_status(r2, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, r2.out);

    json_object *rec = json_records(r.out, 1)[0];
    static const char *const keys[] = {"source",   "line",    "status", "puzzle",
                                       "solution", "guesses", "error"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) json_need(rec, keys[i]);
    assert_int_equal(rec->n, sizeof keys / sizeof keys[0]);
    assert_true(json_string(rec, "source")[0] != '\0');
    assert_int_equal(json_integer(rec, "line"), 1);
    assert_string_equal(json_string(rec, "status"), "solved");
    assert_string_equal(json_string(rec, "puzzle"), P);
    assert_solution(P, json_string(rec, "solution"));
    assert_true(json_integer(rec, "guesses") >= 0);
    assert_true(json_is_null(rec, "error"));
}

static void test_format_json_count(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1], empty[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    empty_dashes(empty);

    run_result r = RUN("solve", "--format", "json", "--count", P);
    assert_status(r, 0);
    json_object *rec = json_records(r.out, 1)[0];
    assert_int_equal(json_integer(rec, "solutions"), 1);
    assert_false(json_bool(rec, "at_least"));
    assert_string_equal(json_string(rec, "status"), "solved");

    r = RUN("solve", "--format", "json", "--count", two);
    assert_status(r, 0);
    rec = json_records(r.out, 1)[0];
    assert_int_equal(json_integer(rec, "solutions"), 2);
    assert_false(json_bool(rec, "at_least"));
    assert_string_equal(json_string(rec, "status"), "multiple");

    r = RUN("solve", "--format", "json", "--count", "--limit", "5", empty);
    assert_status(r, 0);
    rec = json_records(r.out, 1)[0];
    assert_int_equal(json_integer(rec, "solutions"), 5);
    assert_true(json_bool(rec, "at_least"));
}

static void test_format_json_candidates(void **state)
{
    (void)state;
    char expected[SUDOKU_CELLS + 1][16], got[SUDOKU_CELLS + 1][16];
    assert_int_equal(grid_tokens(P_CANDIDATES, expected, SUDOKU_CELLS + 1), SUDOKU_CELLS);
    run_result r = RUN("solve", "--format", "json", "--show-candidates", P);
    assert_status(r, 0);
    assert_empty(r.err);
    json_object *rec = json_records(r.out, 1)[0];
    assert_int_equal(json_strings(rec, "candidates", got, SUDOKU_CELLS + 1), SUDOKU_CELLS);
    for (int i = 0; i < SUDOKU_CELLS; i++) assert_string_equal(got[i], expected[i]);
    assert_string_equal(json_string(rec, "puzzle"), P);

    /* Without --show-candidates there is no "candidates". */
    r = RUN("solve", "--format", "json", P);
    assert_null(json_find(json_records(r.out, 1)[0], "candidates"));
}

static void test_format_json_statuses(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1], none[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    no_solution_puzzle(none);
    const char *input = format_text("%s\n%s\n%s\n%.80s\n", P, two, none, E);
    run_result r = RUN_IN(input, "solve", "--format", "json");
    assert_status(r, 2);
    json_object **rec = json_records(r.out, 4);
    for (int i = 0; i < 4; i++) {
        assert_string_equal(json_string(rec[i], "source"), "stdin");
        assert_int_equal(json_integer(rec[i], "line"), i + 1);
        assert_null(json_find(rec[i], "solutions"));
    }
    assert_string_equal(json_string(rec[0], "status"), "solved");
    assert_solution(P, json_string(rec[0], "solution"));
    assert_true(json_is_null(rec[0], "error"));

    assert_string_equal(json_string(rec[1], "status"), "multiple");
    assert_string_equal(json_string(rec[1], "puzzle"), two);
    assert_solution(two, json_string(rec[1], "solution"));

    assert_string_equal(json_string(rec[2], "status"), "no_solution");
    assert_string_equal(json_string(rec[2], "puzzle"), none);
    assert_true(json_is_null(rec[2], "solution"));

    assert_string_equal(json_string(rec[3], "status"), "invalid");
    assert_true(json_is_null(rec[3], "puzzle"));
    assert_true(json_is_null(rec[3], "solution"));
    assert_contains(json_string(rec[3], "error"), "found 80 cells, expected 81");

    /* --unique: the several-solution record is still "multiple". */
    r = RUN_IN(format_text("%s\n", two), "solve", "--format", "json", "--unique");
    assert_status(r, 1);
    assert_string_equal(json_string(json_records(r.out, 1)[0], "status"), "multiple");
}

static void test_format_bad_value(void **state)
{
    (void)state;
    run_result r = RUN("solve", "--format", "xml", P);
    assert_status(r, 2);
    assert_empty(r.out);
    assert_contains(r.err, "xml");

    r = RUN("solve", "--format=yaml", P);
    assert_status(r, 2);
    assert_empty(r.out);
    assert_contains(r.err, "yaml");
}

/* ---- 4: arguments, files, standard input ---- */

static void test_streams_default_to_lines(void **state)
{
    (void)state;
    const char *a = relabel(P, 1), *b = relabel(E, 2);
    const char *input = format_text("%s\n%s\n", a, b);
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result runs[3] = {RUN_IN(input, "solve"), RUN_IN(input, "solve", "-"), RUN("solve", file)};
    for (int i = 0; i < 3; i++) {
        assert_status(runs[i], 0);
        assert_empty(runs[i].err);
        lines l = split_lines(runs[i].out);
        assert_int_equal(l.n, 2);
        assert_solution(a, l.line[0]);
        assert_solution(b, l.line[1]);
    }
}

static void test_arguments_in_order(void **state)
{
    (void)state;
    const char *p[5];
    for (int i = 0; i < 5; i++) p[i] = relabel(i % 2 ? E : P, i + 1);
    const char *content = format_text("%s\n%s\n", p[1], p[2]);
    const char *file = make_temp_file(content, strlen(content), NULL);
    run_result r =
        RUN_IN(format_text("%s\n", p[3]), "solve", "--format", "line", p[0], file, "-", p[4]);
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 5);
    for (int i = 0; i < 5; i++) assert_solution(p[i], l.line[i]);
}

static void test_dash_puzzles_are_not_options(void **state)
{
    (void)state;
    char empty[SUDOKU_CELLS + 1];
    empty_dashes(empty);
    run_result r = RUN("solve", "--count", empty);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, "at least 1000\n");

    /* E with '-' blanks starts "--3-2-6--". */
    char dashed[SUDOKU_CELLS + 1];
    for (int i = 0; i <= SUDOKU_CELLS; i++) dashed[i] = E[i] == '.' ? '-' : E[i];
    r = RUN("solve", "--format", "line", dashed);
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 1);
    assert_solution(E, l.line[0]);
}

/* ---- 5: several solutions, --unique, --count, --limit ---- */

static void test_several_solutions_warn(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    run_result r = RUN("solve", two);
    assert_status(r, 0);
    assert_contains(assert_one_error_line(&r), "more than one solution");
    assert_solved_grid(r.out, two);

    /* A puzzle with few givens: P's first row only. */
    char few[SUDOKU_CELLS + 1];
    memset(few, '.', SUDOKU_CELLS);
    memcpy(few, P, 9);
    few[SUDOKU_CELLS] = '\0';
    r = RUN("solve", "--format", "line", few);
    assert_status(r, 0);
    assert_contains(r.err, "more than one solution");
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 1);
    assert_solution(few, l.line[0]);
    /* with --show-candidates the grid printed is the candidates, not a
     * solution, and the warning says no more than that */
    r = RUN("solve", "--show-candidates", few);
    assert_status(r, 0);
    assert_string_equal(r.err, "sudoku: argument 1: warning: more than one solution\n");
}

static void test_unique_option(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    run_result r = RUN("solve", "--unique", two);
    assert_status(r, 1);
    assert_string_equal(r.out, "multiple solutions\n");
    assert_contains(assert_one_error_line(&r), "more than one solution");

    r = RUN("solve", "--unique", "--format", "line", P);
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 1);
    assert_solution(P, l.line[0]);
}

static void test_count_solutions(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1], empty[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    empty_dashes(empty);

    run_result r = RUN("solve", "--count", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, "1\n");

    r = RUN("solve", "--count", two);
    assert_status(r, 0);
    assert_string_equal(r.out, "2\n");

    r = RUN("solve", "--count", "--limit", "2", two);
    assert_status(r, 0);
    assert_string_equal(r.out, "at least 2\n");

    r = RUN("solve", "--count", "--limit=3", two);
    assert_status(r, 0);
    assert_string_equal(r.out, "2\n");

    r = RUN("solve", "--limit", "7", "--count", empty);
    assert_status(r, 0);
    assert_string_equal(r.out, "at least 7\n");

    /* One record per puzzle, in order, on a stream too. */
    r = RUN_IN(format_text("%s\n%s\n", two, P), "solve", "--count");
    assert_status(r, 0);
    assert_string_equal(r.out, "2\n1\n");
}

/* ---- 6: no solution ---- */

static void test_no_solution_by_propagation(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    run_result r = RUN("solve", none);
    assert_status(r, 1);
    assert_string_equal(r.out, "no solution\n");
    assert_string_equal(r.err, "sudoku: argument 1: no solution\n");

    r = RUN("solve", "--show-candidates", none);
    assert_status(r, 1);
    assert_string_equal(r.out, "no solution\n");
    assert_contains(assert_one_error_line(&r), "no solution");
    /* --count prints the count, even when it is 0 */
    r = RUN("solve", "--count", none);
    assert_status(r, 1);
    assert_string_equal(r.out, "0\n");
    assert_string_equal(r.err, "sudoku: argument 1: no solution\n");

    r = RUN_IN(format_text("%s\n%s\n", P, none), "solve");
    assert_status(r, 1);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 2);
    assert_solution(P, l.line[0]);
    assert_string_equal(l.line[1], "no solution");
    assert_string_equal(r.err, "sudoku: stdin:2: no solution\n");
}

/* P has one solution; giving any blank cell of P one of its other candidates
 * makes a puzzle with none. For some of those, propagation by singles alone
 * (what --show-candidates shows) meets no contradiction: only the search,
 * with its stronger rules and its guesses, finds there is no solution. */
static void test_no_solution_by_search(void **state)
{
    (void)state;
    char sol[SUDOKU_CELLS + 1], cand[SUDOKU_CELLS + 1][16];
    run_result r = RUN("solve", "--count", P);
    assert_string_equal(r.out, "1\n");
    solve_line(P, sol);
    assert_int_equal(grid_tokens(P_CANDIDATES, cand, SUDOKU_CELLS + 1), SUDOKU_CELLS);

    size_t n = 0, cap = 9 * SUDOKU_CELLS;
    char *input = xmalloc(cap * (SUDOKU_CELLS + 1) + 1), *o = input;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        for (const char *d = cand[i]; *d && P[i] == '.'; d++) {
            if (*d == sol[i]) continue;
            memcpy(o, P, SUDOKU_CELLS);
            o[i] = *d;
            o[SUDOKU_CELLS] = '\n';
            o += SUDOKU_CELLS + 1;
            n++;
        }
    *o = '\0';
    assert_true(n > 0);

    r = RUN_IN(input, "solve", "--format", "json", "--show-candidates");
    assert_status(r, 1);
    assert_int_equal(count_char(r.err, '\n'), n);
    json_object **rec = json_records(r.out, n);
    size_t searched = n;
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(json_string(rec[i], "status"), "no_solution");
        assert_true(json_is_null(rec[i], "solution"));
        if (searched == n && json_find(rec[i], "candidates")) searched = i;
    }
    if (searched == n) fail_msg("every variant of P failed by singles alone");
    assert_contains(r.err, format_text("sudoku: stdin:%zu: no solution\n", searched + 1));

    const char *puzzle = json_string(rec[searched], "puzzle");
    r = RUN("solve", puzzle);
    assert_status(r, 1);
    assert_string_equal(r.out, "no solution\n");
    assert_string_equal(r.err, "sudoku: argument 1: no solution\n");
    /* --show-candidates prints what propagation leaves (no contradiction
     * there), while the check behind it still reports no solution */
    r = RUN("solve", "--show-candidates", puzzle);
    assert_status(r, 1);
    assert_int_equal(split_lines(r.out).n, 11);
    assert_contains(r.out, "------+");
    assert_string_equal(r.err, "sudoku: argument 1: no solution\n");
}

/* ---- 7: malformed puzzles ---- */

static void assert_invalid_argument(const char *puzzle, const char *message)
{
    run_result r = RUN("solve", puzzle);
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    const char *err = assert_one_error_line(&r);
    assert_starts_with(err, "sudoku: argument 1: ");
    assert_contains(err, message);
}

static void test_wrong_cell_count(void **state)
{
    (void)state;
    run_result r0;
    assert_invalid_argument(P + 1, "found 80 cells, expected 81");
    assert_invalid_argument(format_text("%s1", P), "found 82 cells, expected 81");
    /* puzzles pasted into one argument: too many cells, as in a file */
    assert_invalid_argument(format_text("%s%s%s", P, P, P), "found 243 cells, expected 81");
    r0 = RUN_IN(format_text("%s%s%s\n", P, P, P), "solve");
    assert_string_equal(r0.err, "sudoku: stdin:1: found 243 cells, expected 81\n");
    /* most of the 729 characters of candidates: meant as candidates */
    char *candidates = xmalloc(701);
    memset(candidates, '.', 700);
    candidates[700] = '\0';
    assert_invalid_argument(candidates, "a pencilmark line needs 729 characters, not 700");

    run_result r = RUN_IN(format_text("%.80s\n", P), "solve");
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_string_equal(r.err, "sudoku: stdin:1: found 80 cells, expected 81\n");
}

static void test_unexpected_character(void **state)
{
    (void)state;
    char bad[SUDOKU_CELLS + 1];
    memcpy(bad, P, sizeof bad);
    bad[8] = 'y';
    assert_invalid_argument(bad, "unexpected character 'y' at column 9");
}

/* A candidate grid mistyped, with most of its cells there: the error is
 * the candidate grid's (a cell short, a stray character and where), not
 * a count of cells that reads each candidate as one. */
static void test_mistyped_candidate_grid(void **state)
{
    (void)state;
    /* the first group of two candidates or more, and its line and column */
    const char *group = P_CANDIDATES;
    while (!(isdigit((unsigned char)group[0]) && isdigit((unsigned char)group[1]))) group++;
    int line = 1, column = 1;
    for (const char *c = P_CANDIDATES; c < group; c++) {
        column = *c == '\n' ? 1 : column + 1;
        line += *c == '\n';
    }
    size_t at = (size_t)(group - P_CANDIDATES), width = strspn(group, "123456789");

    char *short_one = xstrdup(P_CANDIDATES);
    memset(short_one + at, ' ', width);
    assert_invalid_argument(short_one, "81 cells expected in the candidate grid, found 80");

    char *stray = xstrdup(P_CANDIDATES);
    stray[at + 1] = 'y';
    assert_invalid_argument(stray, format_text("unexpected character 'y' at line %d, column %d "
                                               "of a candidate grid",
                                               line, column + 1));
}

/* P_CANDIDATES with digit taken out of the group of the cell-th cell (a
 * space after the group keeps the columns). */
static char *without_candidate(int cell, char digit)
{
    char *text = xstrdup(P_CANDIDATES);
    int group = -1;
    for (char *c = text; *c; c++) {
        bool starts = isdigit((unsigned char)*c) && (c == text || !isdigit((unsigned char)c[-1]));
        if (!starts || ++group < cell) continue;
        size_t width = strspn(c, "123456789");
        char *at = memchr(c, digit, width);
        assert_non_null(at);
        memmove(at, at + 1, (size_t)(c + width - at - 1));
        c[width - 1] = ' ';
        return text;
    }
    fail_msg("no cell %d in the candidate grid", cell);
    return NULL;
}

/* A candidate grid given as an argument is a player's state: a candidate
 * taken out by hand stays out, where its cells alone (the single
 * candidates) would bring it back. */
static void test_candidate_grid_keeps_eliminations(void **state)
{
    (void)state;
    reference_answer answer = reference_solve(P, 2);
    assert_int_equal(answer.solutions, 1);
    char tokens[SUDOKU_CELLS + 1][16];
    assert_int_equal(grid_tokens(P_CANDIDATES, tokens, SUDOKU_CELLS + 1), SUDOKU_CELLS);
    run_result whole = RUN("hint", "--format", "pencilmarks", P_CANDIDATES);
    assert_status(whole, 0);
    /* a digit of a cell of three or more, not its solution, that the next
     * step leaves in place */
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (const char *d = tokens[cell]; strlen(tokens[cell]) >= 3 && *d; d++) {
            if (*d == answer.solution[cell] || whole.out[9 * cell + (*d - '1')] != *d) continue;
            run_result r = RUN("hint", "--format", "pencilmarks", without_candidate(cell, *d));
            assert_status(r, 0);
            assert_int_equal(r.out[9 * cell + (*d - '1')], '.');
            return;
        }
    fail_msg("no candidate to take out");
}

static void test_duplicate_givens(void **state)
{
    (void)state;
    static const struct {
        int first, second;
        const char *message;
    } cases[] = {
        {0, 6, "digit 5 appears twice in row 1 (r1c1 and r1c7)"},
        {0, 9, "digit 5 appears twice in column 1 (r1c1 and r2c1)"},
        {0, 10, "digit 5 appears twice in box 1 (r1c1 and r2c2)"},
        {80, 44, "digit 5 appears twice in column 9 (r5c9 and r9c9)"},
        {80, 60, "digit 5 appears twice in box 9 (r7c7 and r9c9)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char p[SUDOKU_CELLS + 1];
        memset(p, '.', SUDOKU_CELLS);
        p[SUDOKU_CELLS] = '\0';
        p[cases[i].first] = p[cases[i].second] = '5';
        assert_invalid_argument(p, cases[i].message);
    }
}

/* ---- 8: batches ---- */

static void test_batch_one_line_records(void **state)
{
    (void)state;
    const char *p[7];
    for (int i = 0; i < 7; i++) p[i] = relabel(i % 2 ? P : E, i);
    const char *input = format_text("# a comment line\n"
                                    "%s:1:%s\n"
                                    "\n"
                                    "%s some words after it\n"
                                    "%s,x,y\r\n"
                                    "   \n"
                                    "%s;z\n"
                                    "# another comment\r\n"
                                    "%s#comment\n"
                                    "%s\tand a tab\r\n"
                                    "%s",
                                    p[0], E, p[1], p[2], p[3], p[4], p[5], p[6]);
    for (int pass = 0; pass < 2; pass++) {
        run_result r;
        if (pass == 0) {
            r = RUN_IN(input, "solve");
        } else {
            const char *file = make_temp_file(input, strlen(input), NULL);
            r = RUN("solve", file);
        }
        assert_status(r, 0);
        assert_empty(r.err);
        lines l = split_lines(r.out);
        assert_int_equal(l.n, 7);
        for (int i = 0; i < 7; i++) assert_solution(p[i], l.line[i]);
    }
}

static void test_batch_euler_grids(void **state)
{
    (void)state;
    const char *p[3] = {relabel(E, 1), relabel(P, 2), relabel(E, 3)};
    char *input = format_text("Grid 01\r\n%sGrid 02\r\n%sGrid 03\r\n%s", as_rows(p[0], '0', "\r\n"),
                              as_rows(p[1], '0', "\r\n"), as_rows(p[2], '0', "\r\n"));
    input[strlen(input) - 2] = '\0'; /* no line end after the last row */
    run_result r = RUN_IN(input, "solve");
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 3);
    for (int i = 0; i < 3; i++) assert_solution(p[i], l.line[i]);
}

static void test_batch_blank_separated_grids(void **state)
{
    (void)state;
    const char *p[5];
    for (int i = 0; i < 5; i++) p[i] = relabel(i % 2 ? E : P, i + 4);
    const char *input = format_text("# puzzles in several layouts\n"
                                    "\n"
                                    "%s\n"
                                    "%s"
                                    "\n\n"
                                    "%s\n"
                                    "# a Norvig grid\n"
                                    "%s"
                                    "\n"
                                    "%s",
                                    as_rows(p[0], '.', "\n"), as_rows(p[1], '0', "\n"), p[2],
                                    as_norvig_grid(p[3]), as_rows(p[4], '.', "\n"));
    run_result r = RUN_IN(input, "solve");
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 5);
    for (int i = 0; i < 5; i++) assert_solution(p[i], l.line[i]);
}

static void test_batch_bad_record_in_middle(void **state)
{
    (void)state;
    const char *p[4] = {relabel(P, 1), relabel(E, 2), NULL, relabel(P, 3)};
    char bad[SUDOKU_CELLS + 1];
    memcpy(bad, relabel(E, 4), sizeof bad);
    bad[40] = 'y';
    const char *input = format_text("%s\n%s\n%s\n%s\n", p[0], p[1], bad, p[3]);
    const char *file = make_temp_file(input, strlen(input), NULL);
    for (int pass = 0; pass < 2; pass++) {
        run_result r = pass == 0 ? RUN_IN(input, "solve") : RUN("solve", file);
        assert_status(r, 2);
        const char *err = assert_one_error_line(&r);
        assert_starts_with(err, format_text("sudoku: %s:3:41: ", pass == 0 ? "stdin" : file));
        assert_contains(err, "unexpected character 'y'");
        lines l = split_lines(r.out);
        assert_int_equal(l.n, 4);
        assert_solution(p[0], l.line[0]);
        assert_solution(p[1], l.line[1]);
        assert_string_equal(l.line[2], "invalid");
        assert_solution(p[3], l.line[3]);
    }
}

static void test_batch_grid_cut_short(void **state)
{
    (void)state;
    const char *a = relabel(E, 5), *b = relabel(P, 6);
    char *rows = as_rows(relabel(E, 7), '.', "\n");
    rows[5 * 10] = '\0'; /* five rows */
    const char *input = format_text("%s\n%s\n%s\n", a, rows, b);
    run_result r = RUN_IN(input, "solve");
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r), "sudoku: stdin:2: ");
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 3);
    assert_solution(a, l.line[0]);
    assert_string_equal(l.line[1], "invalid");
    assert_solution(b, l.line[2]);

    /* At the end of the stream too. */
    r = RUN_IN(format_text("%s\n%s", a, rows), "solve");
    assert_status(r, 2);
    assert_starts_with(assert_one_error_line(&r), "sudoku: stdin:2: ");
    l = split_lines(r.out);
    assert_int_equal(l.n, 2);
    assert_solution(a, l.line[0]);
    assert_string_equal(l.line[1], "invalid");
}

static void test_batch_exit_status_is_highest(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    const char *bad = P + 1;

    run_result r = RUN_IN(format_text("%s\n%s\n%s\n", none, P, E), "solve");
    assert_status(r, 1);
    assert_int_equal(count_char(r.out, '\n'), 3);

    r = RUN_IN(format_text("%s\n%s\n%s\n", bad, none, P), "solve");
    assert_status(r, 2);
    assert_int_equal(count_char(r.out, '\n'), 3);

    r = RUN_IN(format_text("%s\n%s\n%s\n", none, bad, P), "solve");
    assert_status(r, 2);

    r = RUN("solve", "--format", "line", bad, none);
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\nno solution\n");

    r = RUN("solve", "--format", "line", none, bad, P);
    assert_status(r, 2);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.line[0], "no solution");
    assert_string_equal(l.line[1], "invalid");
    assert_solution(P, l.line[2]);
}

/* More than one 64 KiB read block of input: lines cross block boundaries. */
static void test_batch_large_stream(void **state)
{
    (void)state;
    enum { N = 1000 };
    char *input = xmalloc(N * 100 + 1), *o = input;
    for (int i = 0; i < N; i++) o += sprintf(o, "%s:%d:x\n", relabel(E, i % 9), i);
    assert_true(o - input > 65536);
    run_result r = RUN_IN(input, "solve");
    assert_status(r, 0);
    assert_empty(r.err);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, N);
    for (int i = 0; i < N; i++) assert_solution(relabel(E, i % 9), l.line[i]);
}

/* ---- 9: --stats ---- */

static void test_stats_counts(void **state)
{
    (void)state;
    char two[SUDOKU_CELLS + 1], none[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    no_solution_puzzle(none);
    const char *input =
        format_text("%s\n%s\n%s\n%.80s\n%s\n%s\n", P, two, none, E, E, relabel(E, 3));
    run_result r = RUN_IN(input, "solve", "--stats");
    assert_status(r, 2);
    assert_int_equal(count_char(r.out, '\n'), 6);
    lines l = split_lines(r.err);
    const char *last = l.line[l.n - 1];
    assert_starts_with(last, "sudoku: stats:");
    assert_contains(last, "6 puzzles read, 3 solved, 1 no solution, 1 multiple, 0 over budget, 1 invalid");
    assert_contains(last, " s, ");
    assert_contains(last, "puzzles/s");
    assert_contains(last, "guesses per puzzle");
    for (size_t i = 0; i + 1 < l.n; i++) assert_not_contains(l.line[i], "stats:");

    /* No --stats, no summary. */
    r = RUN_IN(input, "solve");
    assert_not_contains(r.err, "stats:");
}

/* ---- 10: help, version, usage errors ---- */

static void test_help(void **state)
{
    (void)state;
    run_result r = RUN("--help");
    assert_status(r, 0);
    assert_empty(r.err);
    assert_contains(r.out, "Usage:");
    assert_contains(r.out, "sudoku solve");
    assert_contains(r.out, "Exit status");
    assert_contains(r.out, "--show-candidates");

    static const char *const solve_help[][3] = {{"solve", "--help", NULL}, {"solve", "-h", NULL}};
    for (int i = 0; i < 2; i++) {
        r = run_program(NULL, solve_help[i]);
        assert_status(r, 0);
        assert_empty(r.err);
        static const char *const parts[] = {
            "Usage:",   "Exit status", "--format", "--show-candidates",
            "--unique", "--count",     "--limit",  "--stats",
            "--jobs",   "--help",      "--version", "--budget"};
        for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
            assert_contains(r.out, parts[k]);
    }
}

static void test_version(void **state)
{
    (void)state;
    static const char *const forms[][3] = {
        {"--version", NULL, NULL}, {"-V", NULL, NULL}, {"solve", "--version", NULL}};
    for (int i = 0; i < 3; i++) {
        run_result r = run_program(NULL, forms[i]);
        assert_status(r, 0);
        assert_empty(r.err);
        assert_string_equal(r.out, "sudoku " SUDOKU_VERSION "\n");
    }
}

/* Help and version that cannot be written are reported, as GNU tools
 * report them: status 2 and the reason, for every command. */
static void test_help_to_full_disk(void **state)
{
    (void)state;
    static const char *const forms[][3] = {
        {"--help", NULL, NULL},      {"-h", NULL, NULL},          {"--version", NULL, NULL},
        {"solve", "--help", NULL},   {"explain", "-h", NULL},     {"hint", "--help", NULL},
        {"rate", "--help", NULL},    {"canon", "--version", NULL}, {"transform", "--help", NULL}};
    run_setup setup = {.stdout_path = "/dev/full"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        run_result r = run_setup_program(&setup, forms[i]);
        assert_status(r, 2);
        assert_string_equal(r.err, "sudoku: error writing output: No space left on device\n");
    }
}

/* Singular counts read as such: "1 puzzle read", "found 1 cell". */
static void test_plurals(void **state)
{
    (void)state;
    run_result r = RUN("solve", "--stats", "1");
    assert_status(r, 2);
    lines err = split_lines(r.err);
    assert_int_equal(err.n, 2);
    assert_string_equal(err.line[0], "sudoku: argument 1: found 1 cell, expected 81");
    assert_starts_with(err.line[1], "sudoku: stats: 1 puzzle read, 0 solved,");
    static const char *const commands[] = {"explain", "hint", "rate", "canon"};
    for (size_t i = 0; i < 4; i++) {
        r = RUN(commands[i], "--stats", P);
        assert_contains(r.err, "sudoku: stats: 1 puzzle read, ");
    }
    r = RUN_IN("12\n", "solve");
    assert_string_equal(r.err, "sudoku: stdin:1: found 2 cells in row 1 of the grid, expected 9\n");
    r = RUN_IN("1\n", "solve");
    assert_string_equal(r.err, "sudoku: stdin:1: found 1 cell in row 1 of the grid, expected 9\n");
}

/* No argument and standard input not a terminal: standard input is read
 * and solved (issue 29); at a terminal, the usage (test_first_contact). */
static void test_no_arguments(void **state)
{
    (void)state;
    run_result r = run_program(NULL, (const char *const[]){NULL});
    assert_status(r, 0);
    assert_empty(r.out);
    assert_string_equal(r.err, "sudoku: stdin: warning: no puzzles found (the input is empty)\n");
    r = run_program(format_text("%s\n", P), (const char *const[]){NULL});
    assert_status(r, 0);
    assert_int_equal(r.out_len, SUDOKU_CELLS + 1);
    assert_int_equal(r.out[SUDOKU_CELLS], '\n');
    r.out[SUDOKU_CELLS] = '\0';
    assert_solution(P, r.out);
}

/* ---- 11, 12: the bundled and the shared puzzle files ---- */

/* The first 81 cells ('0'-'9', '.') found from line `line` of text on,
 * skipping comment lines: the puzzle as written, read independently of the
 * program's parser. */
static char *cells_from_line(const char *text, long line)
{
    lines l = split_lines(text);
    char *p = xmalloc(SUDOKU_CELLS + 1);
    int n = 0;
    for (size_t i = (size_t)line - 1; i < l.n && n < SUDOKU_CELLS; i++) {
        if (l.line[i][0] == '#') continue;
        for (const char *c = l.line[i]; *c && n < SUDOKU_CELLS; c++)
            if ((*c >= '0' && *c <= '9') || *c == '.') p[n++] = *c >= '1' && *c <= '9' ? *c : '.';
    }
    p[n] = '\0';
    return p;
}

static void test_seeds_file(void **state)
{
    (void)state;
    const char *path = "puzzles/seeds.txt";
    char *text = read_file(path);
    run_result r = RUN("solve", "--format", "json", path);
    assert_status(r, 0);
    assert_empty(r.err);
    json_object **rec = json_records(r.out, 6);
    long previous = 0;
    for (int i = 0; i < 6; i++) {
        assert_string_equal(json_string(rec[i], "status"), "solved");
        assert_string_equal(json_string(rec[i], "source"), path);
        long line = json_integer(rec[i], "line");
        assert_true(line > previous);
        previous = line;
        const char *puzzle = json_string(rec[i], "puzzle");
        assert_string_equal(puzzle, cells_from_line(text, line));
        assert_solution(puzzle, json_string(rec[i], "solution"));
    }
}

static void test_shared_top1465(void **state)
{
    (void)state;
    const char *dir = getenv("SHARED_PUZZLES");
    struct stat st;
    if (!dir || !*dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        print_message("SHARED_PUZZLES (%s) is not a directory: skipping top1465\n",
                      dir ? dir : "unset");
        skip();
    }
    const char *path = format_text("%s/top1465.txt", dir);
    lines in = split_lines(read_file(path));
    const char **puzzles = xmalloc(sizeof *puzzles * (in.n + 1));
    size_t n = 0;
    for (size_t i = 0; i < in.n; i++) {
        const char *s = in.line[i];
        if (s[0] == '#' || strlen(s) < SUDOKU_CELLS) continue;
        bool cells = true;
        for (int k = 0; k < SUDOKU_CELLS; k++)
            cells = cells && ((s[k] >= '0' && s[k] <= '9') || s[k] == '.');
        if (cells) puzzles[n++] = s;
    }
    assert_true(n > 1000);

    run_result r = RUN("solve", "--format", "line", path);
    assert_status(r, 0);
    assert_empty(r.err);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, n);
    for (size_t i = 0; i < n; i++) {
        char puzzle[SUDOKU_CELLS + 1];
        memcpy(puzzle, puzzles[i], SUDOKU_CELLS);
        puzzle[SUDOKU_CELLS] = '\0';
        assert_solution(puzzle, out.line[i]);
    }
}

/* ---- 13: parallel batches (-j, --jobs) ---- */

/* Records in the mixed stream: more than two of the program's batches of
 * 1024, so that batches end in its middle. */
#define MIXED_RECORDS 2600

/* Appends the kind-th record of a mixed stream to o; returns the new end.
 * Thirteen kinds: valid puzzles with annotations and CRLF line ends, a 9-line
 * grid, several solutions, no solution, and four kinds of invalid record. */
static char *mixed_record(char *o, int kind, const char *const valid[9], const char *two,
                          const char *none, const char *grid)
{
    switch (kind) {
    case 6: return o + sprintf(o, "%s\n", two);
    case 7: return o + sprintf(o, "%s # no solution\n", none);
    case 8: return o + sprintf(o, "%.40sy%s\n", valid[0], valid[0] + 41);
    case 9: return o + sprintf(o, "# a grid\n%s", grid);
    case 10: return o + sprintf(o, "55%s\n", valid[1] + 2);
    case 11: return o + sprintf(o, "%s\n", valid[2] + 1);
    case 12: return o + sprintf(o, "%.50s\n\n", grid); /* a grid cut short */
    default: return o + sprintf(o, "%s%s", valid[kind], kind % 2 ? ":x\r\n" : "\n");
    }
}

/* A stream of MIXED_RECORDS records of every kind; *kinds gets the kind of
 * each record. */
static const char *mixed_stream(int **kinds)
{
    const char *valid[9];
    char two[SUDOKU_CELLS + 1], none[SUDOKU_CELLS + 1];
    for (int k = 0; k < 9; k++) valid[k] = relabel(k % 3 ? E : P, k);
    two_solution_puzzle(two);
    no_solution_puzzle(none);
    const char *grid = as_rows(relabel(P, 5), '.', "\r\n");
    char *input = xmalloc(MIXED_RECORDS * 240 + 1), *o = input;
    *kinds = xmalloc(MIXED_RECORDS * sizeof **kinds);
    for (int i = 0; i < MIXED_RECORDS; i++) {
        (*kinds)[i] = (i * 7) % 13; /* every kind, not always in the same order */
        o = mixed_record(o, (*kinds)[i], valid, two, none, grid);
    }
    return input;
}

/* r is what -j 1 makes of the mixed stream read as `source`: one output
 * line per input record, a solution or a marker as its kind says, and one
 * diagnostic per record that is not simply solved. */
static void assert_mixed_output(const run_result *r, const int *kinds, const char *source)
{
    assert_status(*r, 2);
    lines out = split_lines(r->out), err = split_lines(r->err);
    assert_int_equal(out.n, MIXED_RECORDS);
    size_t diagnostics = 0;
    for (int i = 0; i < MIXED_RECORDS; i++) {
        int kind = kinds[i];
        if (kind == 7)
            assert_string_equal(out.line[i], "no solution");
        else if (kind >= 8 && kind != 9)
            assert_string_equal(out.line[i], "invalid");
        else
            assert_int_equal(strlen(out.line[i]), SUDOKU_CELLS);
        diagnostics += kind >= 6 && kind != 9;
    }
    assert_int_equal(err.n, diagnostics);
    for (size_t i = 0; i < err.n; i++) assert_starts_with(err.line[i], source);
}

static void assert_same_run(const run_result *one, run_result r, const char *what)
{
    if (one->status != r.status || strcmp(one->out, r.out) != 0 || strcmp(one->err, r.err) != 0)
        fail_msg("%s differs from -j 1 (exit %d and %d)\nstderr:\n%.1500s\nand:\n%.1500s", what,
                 one->status, r.status, one->err, r.err);
}

static void test_jobs_same_output(void **state)
{
    (void)state;
    int *kinds;
    const char *input = mixed_stream(&kinds);
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result one = RUN_IN(input, "solve", "-j", "1");
    assert_mixed_output(&one, kinds, "sudoku: stdin:");
    assert_same_run(&one, RUN_IN(input, "solve"), "the default");
    static const char *const jobs[] = {"-j2", "--jobs=3", "-j0"};
    for (size_t i = 0; i < sizeof jobs / sizeof jobs[0]; i++)
        assert_same_run(&one, RUN_IN(input, "solve", jobs[i]), jobs[i]);

    static const char *const modes[][2] = {{"--format", "json"},
                                           {"--format", "grid"},
                                           {"--show-candidates", "--format=line"},
                                           {"--show-candidates", "--format=grid"},
                                           {"--unique", "--format=json"},
                                           {"--count", "--limit=5"}};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        const char *a = modes[m][0], *b = modes[m][1];
        one = RUN("solve", "-j", "1", a, b, file);
        assert_same_run(&one, RUN("solve", "-j", "2", a, b, file), a);
        assert_same_run(&one, RUN("solve", "--jobs", "3", a, b, file), a);
    }

    /* Arguments and streams mixed: each record in its place, and one shape
     * for all (issue 29): lines, as streams print, for the arguments too:
     * P's, the three streams', "invalid" for the 80 cells, E's. */
    one = RUN_IN(input, "solve", "-j", "1", P, file, "-", E + 1, file, E);
    assert_int_equal(count_char(one.out, '\n'), 1 + 3 * MIXED_RECORDS + 1 + 1);
    assert_same_run(&one, RUN_IN(input, "solve", "-j", "2", P, file, "-", E + 1, file, E),
                    "arguments and streams");
}

/* The summary counts the same records; only its time may differ. */
static void test_jobs_stats(void **state)
{
    (void)state;
    int *kinds;
    const char *input = mixed_stream(&kinds);
    run_result one = RUN_IN(input, "solve", "--stats");
    run_result two = RUN_IN(input, "solve", "--stats", "-j", "2");
    assert_string_equal(one.out, two.out);
    assert_int_equal(one.status, two.status);
    assert_contains(one.err, " puzzles/s");
    *strrchr(one.err, ';') = *strrchr(two.err, ';') = '\0'; /* cut the time off */
    assert_string_equal(one.err, two.err);
    assert_contains(one.err, format_text("stats: %d puzzles read", MIXED_RECORDS));
}

static void test_jobs_bad_values(void **state)
{
    (void)state;
    static const char *const values[] = {"abc", "-1", "257", "1000000", "99999999999999999999",
                                         "",    "2x", " 2",  "+2"};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        const char *expected =
            format_text("sudoku: --jobs needs a whole number from 0 (one per processor) to 256, "
                        "not '%s' (try 'sudoku solve --help')\n",
                        values[i]);
        run_result runs[3] = {RUN("solve", "-j", values[i], P),
                              RUN("solve", "--jobs", values[i], P),
                              RUN("solve", format_text("--jobs=%s", values[i]), P)};
        for (int k = 0; k < 3; k++) {
            assert_status(runs[k], 2);
            assert_empty(runs[k].out);
            assert_string_equal(runs[k].err, expected);
        }
    }
    run_result r = RUN("solve", P, "-j");
    assert_status(r, 2);
    assert_empty(r.out);
    assert_contains(assert_one_error_line(&r), "option -j needs a value");

    /* the extremes that are allowed */
    static const char *const good[] = {"-j256", "--jobs=256", "-j0", "--jobs=1"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        r = RUN("solve", good[i], P);
        assert_status(r, 0);
        assert_empty(r.err);
        assert_solved_grid(r.out, P);
    }
}

/* Reads one line from fd into line (size bytes), waiting at most a minute:
 * far more than solving takes, so that running out means the program was
 * waiting for more input. Returns false then. */
static bool read_line_waiting(int fd, char *line, size_t size)
{
    size_t n = 0;
    while (n + 1 < size) {
        struct pollfd ready = {.fd = fd, .events = POLLIN};
        if (poll(&ready, 1, 60000) <= 0) return false;
        if (read(fd, line + n, 1) != 1) return false;
        if (line[n++] == '\n') break;
    }
    line[n] = '\0';
    return true;
}

/* A program that feeds puzzles one at a time through a pipe (or a person at
 * a terminal) gets each answer while its input is still open. */
static void test_jobs_answer_before_more_input(void **state)
{
    (void)state;
    static const char *const jobs[] = {"-j1", "-j2"};
    for (int j = 0; j < 2; j++) {
        int to, from, err_fd;
        pid_t pid = spawn_piped((const char *const[]){"solve", jobs[j], NULL}, &to, &from, &err_fd);
        for (int k = 0; k < 3; k++) {
            const char *p = relabel(P, k);
            char line[256];
            write_all(to, format_text("%s\n", p), SUDOKU_CELLS + 1);
            if (!read_line_waiting(from, line, sizeof line))
                fail_msg("%s: no answer to puzzle %d while the input stays open", jobs[j], k + 1);
            line[strcspn(line, "\n")] = '\0';
            assert_solution(p, line);
        }
        close(to);
        int wstatus;
        while (waitpid(pid, &wstatus, 0) < 0)
            if (errno != EINTR) fail_msg("waitpid: %s", strerror(errno));
        close(from);
        size_t err_len;
        assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
        assert_empty(read_back(err_fd, &err_len));
        close(err_fd);
    }
}

/* ---- the run ---- */

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(test_solve_argument_prints_grid),
        TEST(test_show_candidates_grid),
        TEST(test_printed_grids_parse_back),
        TEST(test_format_line_argument),
        TEST(test_format_grid_on_stream),
        TEST(test_format_json_record),
        TEST(test_format_json_count),
        TEST(test_format_json_candidates),
        TEST(test_format_json_statuses),
        TEST(test_format_bad_value),
        TEST(test_streams_default_to_lines),
        TEST(test_arguments_in_order),
        TEST(test_dash_puzzles_are_not_options),
        TEST(test_several_solutions_warn),
        TEST(test_unique_option),
        TEST(test_count_solutions),
        TEST(test_no_solution_by_propagation),
        TEST(test_no_solution_by_search),
        TEST(test_wrong_cell_count),
        TEST(test_unexpected_character),
        TEST(test_mistyped_candidate_grid),
        TEST(test_candidate_grid_keeps_eliminations),
        TEST(test_duplicate_givens),
        TEST(test_batch_one_line_records),
        TEST(test_batch_euler_grids),
        TEST(test_batch_blank_separated_grids),
        TEST(test_batch_bad_record_in_middle),
        TEST(test_batch_grid_cut_short),
        TEST(test_batch_exit_status_is_highest),
        TEST(test_batch_large_stream),
        TEST(test_stats_counts),
        TEST(test_help),
        TEST(test_help_to_full_disk),
        TEST(test_plurals),
        TEST(test_version),
        TEST(test_no_arguments),
        TEST(test_seeds_file),
        TEST(test_shared_top1465),
        TEST(test_jobs_same_output),
        TEST(test_jobs_stats),
        TEST(test_jobs_bad_values),
        TEST(test_jobs_answer_before_more_input),
    };
    return cmocka_run_group_tests_name("sudoku command (end to end)", tests, harness_setup,
                                       harness_finish);
}
