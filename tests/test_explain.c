/*
 * test_explain.c: end-to-end tests of `sudoku explain`, `sudoku hint` and
 * `sudoku rate`: their text and JSON output, one record per input record,
 * the solver's verdict before any logic, exit statuses, options, bad
 * input, -j, chains in words and JSON, --budget, --min/--max.
 * Every explanation is checked against the solution solve finds: its
 * placements must build that solution, and no elimination may remove a
 * digit of it. The soundness of each technique is the library tests' job.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku build/tests/test_explain
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

/* Arto Inkala's "Easter monster": one solution, far beyond the simple
 * techniques (it needs chains): with --no-chains the engine stops on it. */
static const char stuck_puzzle[] =
    "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46";

/* ---- a strict JSON reader: enough to check a record and find its fields ---- */

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

static const char *json_value_end(const char *p, int depth);

/* The end of the string at p, or NULL if there is none. */
static const char *json_string_end(const char *p)
{
    if (*p++ != '"') return NULL;
    while (*p != '"') {
        if ((unsigned char)*p < 0x20) return NULL; /* also the end of the text */
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i]) return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p)) {
                return NULL;
            }
        }
        p++;
    }
    return p + 1;
}

static const char *json_number_end(const char *p)
{
    if (*p == '-') p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9') p++;
    else
        return NULL;
    if (*p == '.') {
        if (*++p < '0' || *p > '9') return NULL;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p == 'e' || *p == 'E') {
        if (*++p == '+' || *p == '-') p++;
        if (*p < '0' || *p > '9') return NULL;
        while (*p >= '0' && *p <= '9') p++;
    }
    return p;
}

/* The end of the array or object at p (open is '[' or '{'), or NULL. */
static const char *json_container_end(const char *p, int depth)
{
    char close = *p == '[' ? ']' : '}';
    p = skip_ws(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (close == '}') {
            p = json_string_end(p);
            if (!p) return NULL;
            p = skip_ws(p);
            if (*p++ != ':') return NULL;
            p = skip_ws(p);
        }
        p = json_value_end(p, depth + 1);
        if (!p) return NULL;
        p = skip_ws(p);
        if (*p == close) return p + 1;
        if (*p++ != ',') return NULL;
        p = skip_ws(p);
    }
}

static const char *json_value_end(const char *p, int depth)
{
    if (depth > 64) return NULL;
    switch (*p) {
    case '"': return json_string_end(p);
    case '[':
    case '{': return json_container_end(p, depth);
    case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
    case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
    case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
    default: return json_number_end(p);
    }
}

/* Fails unless line is exactly one JSON object. */
static void assert_json_object(const char *line)
{
    const char *end = line[0] == '{' ? json_value_end(line, 0) : NULL;
    if (!end || *skip_ws(end) != '\0') fail_msg("not one JSON object: %.3000s", line);
}

/* The value of key in the JSON object line, as text (a copy), or NULL;
 * each key must appear once. */
static char *json_field(const char *line, const char *key)
{
    assert_json_object(line);
    char *found = NULL;
    const char *p = skip_ws(line + 1);
    while (*p == '"') {
        const char *key_end = json_string_end(p);
        const char *value = skip_ws(skip_ws(key_end) + 1);
        const char *value_end = json_value_end(value, 1);
        if ((size_t)(key_end - p) == strlen(key) + 2 && strncmp(p + 1, key, strlen(key)) == 0) {
            if (found) fail_msg("key \"%s\" twice in: %.3000s", key, line);
            found = format_text("%.*s", (int)(value_end - value), value);
        }
        p = skip_ws(value_end);
        if (*p == ',') p = skip_ws(p + 1);
    }
    return found;
}

static char *json_need(const char *line, const char *key)
{
    char *v = json_field(line, key);
    if (!v) fail_msg("no \"%s\" in: %.3000s", key, line);
    return v;
}

/* A string value without its quotes (the values tested need no escapes). */
static char *json_text(const char *line, const char *key)
{
    char *v = json_need(line, key);
    if (v[0] != '"') fail_msg("\"%s\" is not a string in: %.3000s", key, line);
    v[strlen(v) - 1] = '\0';
    return v + 1;
}

/* ---- what explanations must satisfy ---- */

/* Each [row,col,digit] triple after "name": in a step's JSON, applied to
 * grid (placements) or checked against solution (eliminations). Returns
 * how many there were. */
static int apply_triples(const char *step, const char *name, char *grid, const char *solution)
{
    const char *p = strstr(step, format_text("\"%s\":[", name));
    if (!p) fail_msg("no \"%s\" in step %s", name, step);
    p += strlen(name) + 4;
    int n = 0, r, c, d, used;
    while (sscanf(p, "[%d,%d,%d]%n", &r, &c, &d, &used) == 3) {
        if (r < 1 || r > 9 || c < 1 || c > 9 || d < 1 || d > 9) fail_msg("bad triple in %s", step);
        int cell = 9 * (r - 1) + (c - 1);
        if (grid) {
            if (solution[cell] != '0' + d) fail_msg("r%dc%d=%d is wrong: %s", r, c, d, step);
            grid[cell] = (char)('0' + d);
        } else if (solution[cell] == '0' + d) {
            fail_msg("r%dc%d<>%d removes the solution's digit: %s", r, c, d, step);
        }
        n++;
        p += used;
        if (*p == ',') p++;
    }
    return n;
}

/* The solution of puzzle, by the solve command (checked). */
static const char *solution_of(const char *puzzle)
{
    char *s = xmalloc(SUDOKU_CELLS + 1);
    solve_line(puzzle, s);
    return s;
}

/* Checks a JSON record of explain for a puzzle with one solution: every
 * step sound, and, when solved, its placements fill the grid. Returns the
 * number of steps. */
static int check_explanation(const char *record, const char *puzzle)
{
    const char *solution = solution_of(puzzle);
    char grid[SUDOKU_CELLS + 1];
    for (int i = 0; i < SUDOKU_CELLS; i++)
        grid[i] = puzzle[i] >= '1' && puzzle[i] <= '9' ? puzzle[i] : '.';
    grid[SUDOKU_CELLS] = '\0';
    const char *steps = json_need(record, "steps");
    int n = 0;
    for (const char *p = strstr(steps, "{\"technique\""); p; p = strstr(p + 1, "{\"technique\"")) {
        const char *end = strchr(p, '}');
        char *step = format_text("%.*s", (int)(end - p + 1), p);
        int changes = apply_triples(step, "placements", grid, solution) +
                      apply_triples(step, "eliminations", NULL, solution);
        if (changes == 0) fail_msg("a step that changes nothing: %s", step);
        n++;
    }
    if (strcmp(json_text(record, "status"), "solved") == 0) assert_string_equal(grid, solution);
    return n;
}

/* A puzzle with its digits given in '.' form (as the JSON records say). */
static char *dotted(const char *p)
{
    char *s = xstrdup(p);
    for (char *c = s; *c; c++)
        if (*c < '1' || *c > '9') *c = '.';
    return s;
}

/* ---- explain: text ---- */

static void test_explain_argument_text(void **state)
{
    (void)state;
    run_result r = RUN("explain", P);
    assert_status(r, 0);
    assert_empty(r.err);
    lines out = split_lines(r.out);
    assert_true(out.n >= 3);
    assert_string_equal(out.line[0], format_text("Puzzle: %s", P));
    const char *last = out.line[out.n - 1];
    int steps;
    char er[8], ep[8], ed[8], hardest[64];
    if (sscanf(last, "Solved in %d steps: ER %7[0-9.], EP %7[0-9.], ED %7[0-9.] (hardest: %63[^)])",
               &steps, er, ep, ed, hardest) != 5)
        fail_msg("bad summary line: %s", last);
    assert_int_equal((size_t)steps, out.n - 2);
    /* one line per step, each naming its rating */
    for (size_t i = 1; i + 1 < out.n; i++) assert_contains(out.line[i], "): ");
    /* the hardest technique's rating is ER */
    bool seen = false;
    for (size_t i = 1; i + 1 < out.n; i++)
        seen |= strstr(out.line[i], format_text("%s (%s)", hardest, er)) == out.line[i];
    if (!seen) fail_msg("no step '%s (%s)' in:\n%s", hardest, er, r.out);

    /* the text agrees with the JSON record, step for step */
    run_result j = RUN("explain", "--format", "json", P);
    assert_status(j, 0);
    lines records = split_lines(j.out);
    assert_int_equal(records.n, 1);
    assert_int_equal(check_explanation(records.line[0], P), steps);
    assert_string_equal(json_need(records.line[0], "er"), er);
    assert_string_equal(json_need(records.line[0], "ep"), ep);
    assert_string_equal(json_need(records.line[0], "ed"), ed);
}

/* Propagation alone solves E: hidden and naked singles only, ER below 2.5. */
static void test_explain_easy(void **state)
{
    (void)state;
    run_result r = RUN("explain", "--format=text", E);
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_starts_with(out.line[out.n - 1], "Solved in ");
    for (size_t i = 1; i + 1 < out.n; i++)
        if (strncmp(out.line[i], "Hidden single", 13) != 0 &&
            strncmp(out.line[i], "Naked single", 12) != 0)
            fail_msg("a step beyond singles on an easy puzzle: %s", out.line[i]);
}

static void test_explain_stream_blocks(void **state)
{
    (void)state;
    const char *input = format_text("# two puzzles\n%s\n\n%s\n", P, E);
    run_result r = RUN_IN(input, "explain");
    assert_status(r, 0);
    assert_empty(r.err);
    assert_starts_with(r.out, format_text("stdin:2: Puzzle: %s\n", P));
    assert_contains(r.out, format_text("\n\nstdin:4: Puzzle: %s\n", E));
    /* two blocks, each ending with its summary */
    size_t blanks = 0, summaries = 0;
    lines out = split_lines(r.out);
    for (size_t i = 0; i < out.n; i++) {
        blanks += out.line[i][0] == '\0';
        summaries += strncmp(out.line[i], "Solved in ", 10) == 0;
    }
    assert_int_equal(blanks, 1);
    assert_int_equal(summaries, 2);

    /* from a file: named so */
    const char *file = make_temp_file(input, strlen(input), NULL);
    r = RUN("explain", file);
    assert_status(r, 0);
    assert_starts_with(r.out, format_text("%s:2: Puzzle: %s\n", file, P));
}

static void test_explain_stuck(void **state)
{
    (void)state;
    /* Chains finish it; without them the engine is stuck. */
    run_result r = RUN("explain", "--no-chains", stuck_puzzle);
    assert_status(r, 1);
    lines out = split_lines(r.out);
    /* the steps, the stop, then the 11 lines of the candidate grid */
    assert_true(out.n >= 13);
    const char *stop = out.line[out.n - 12];
    int steps;
    char er[8];
    if (sscanf(stop,
               "Stuck after %d steps: needs a technique beyond aligned pair exclusion (ER so far "
               "%7[0-9.])",
               &steps, er) != 2)
        fail_msg("bad stop line: %s\n%s", stop, r.out);
    assert_int_equal((size_t)steps, out.n - 13);
    assert_contains(out.line[out.n - 8], "------+");
    assert_string_equal(
        r.err,
        format_text("sudoku: argument 1: stuck after %d steps: needs a technique beyond aligned "
                    "pair exclusion\n",
                    steps));

    r = RUN("explain", "--no-chains", "--format", "json", stuck_puzzle);
    assert_status(r, 1);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 1);
    assert_string_equal(json_text(records.line[0], "status"), "stuck");
    assert_string_equal(json_text(records.line[0], "error"),
                        "needs a technique beyond aligned pair exclusion");
    assert_string_equal(json_need(records.line[0], "er"), er);
    assert_int_equal(check_explanation(records.line[0], stuck_puzzle), steps);
}

/* ---- explain: the solver's verdict first ---- */

static void test_explain_no_solution_and_multiple(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1], two[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    two_solution_puzzle(two);
    run_result r = RUN("explain", none);
    assert_status(r, 1);
    assert_string_equal(r.out, format_text("Puzzle: %s\nno solution\n", dotted(none)));
    assert_string_equal(
        r.err, "sudoku: argument 1: no solution (--anyway shows its steps all the same)\n");
    r = RUN("explain", two);
    assert_status(r, 1);
    assert_string_equal(r.out, format_text("Puzzle: %s\nmultiple solutions\n", dotted(two)));
    assert_string_equal(
        r.err,
        "sudoku: argument 1: more than one solution (--anyway shows its steps all the same)\n");

    r = RUN("explain", "--format", "json", none, two);
    assert_status(r, 1);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 2);
    assert_string_equal(json_text(records.line[0], "status"), "no_solution");
    assert_string_equal(json_text(records.line[0], "error"), "no solution");
    assert_string_equal(json_text(records.line[1], "status"), "multiple");
    assert_string_equal(json_text(records.line[1], "error"), "more than one solution");
    for (int i = 0; i < 2; i++) {
        assert_string_equal(json_need(records.line[i], "steps"), "[]");
        assert_string_equal(json_need(records.line[i], "er"), "null");
    }

    /* --anyway: the steps that hold without assuming one solution, then a stop */
    r = RUN("explain", "--anyway", two);
    assert_status(r, 1);
    assert_contains(r.out, "Stopped after 0 steps: the puzzle has more than one solution\n");
    assert_contains(r.err, "more than one solution (its steps were shown all the same, --anyway)");
    r = RUN("explain", "--anyway", none);
    assert_status(r, 1);
    assert_contains(r.out, "the puzzle has no solution");
    r = RUN("explain", "--anyway", P);
    assert_status(r, 0);
    assert_string_equal(r.out, RUN("explain", P).out);

    /* --anyway and a budget its chains run out of: the solver's verdict
     * stays the status, the budget is said too */
    const char *several =
        "7.....3..1...5.9..4..6....1.....98...64.........7...5.6..........2.6..9..3..4...2";
    r = RUN("explain", "--anyway", "--budget=1k", "--format=json", several);
    assert_status(r, 1);
    assert_string_equal(json_text(r.out, "status"), "multiple");
    assert_string_equal(json_text(r.out, "error"),
                        "more than one solution (its steps went over --budget)");
    assert_contains(r.err, "--anyway); they went over the budget of 1000 units of work (--budget)");
    r = RUN("explain", "--anyway", "--budget=1k", several);
    assert_contains(r.out, ": the puzzle has more than one solution, and its steps went over the "
                           "budget (--budget)");
    r = RUN("rate", "--anyway", "--budget=1k", several);
    assert_status(r, 1);
    assert_contains(r.err, "more than one solution");
}

static void test_explain_invalid(void **state)
{
    (void)state;
    run_result r = RUN("explain", format_text("%.80s", P));
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_string_equal(r.err, "sudoku: argument 1: found 80 cells, expected 81\n");

    r = RUN_IN(format_text("%s\n%.80s\n%s\n", E, P, P), "explain", "--format", "json");
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: stdin:2: found 80 cells, expected 81\n");
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 3);
    assert_string_equal(json_text(records.line[1], "status"), "invalid");
    assert_string_equal(json_need(records.line[1], "puzzle"), "null");
    assert_string_equal(json_text(records.line[1], "error"), "found 80 cells, expected 81");
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(strtol(json_need(records.line[i], "line"), NULL, 10), (long)i + 1);
        assert_string_equal(json_text(records.line[i], "source"), "stdin");
    }

    r = RUN("explain", "nosuchfile.txt");
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_string_equal(r.err, "sudoku: argument 1: 'nosuchfile.txt' is neither a puzzle (found 0 "
                               "cells, expected 81) nor a readable file (No such file or "
                               "directory)\n");
}

/* ---- explain: JSON records, one per input record ---- */

static void test_explain_json_records(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    const char *input = format_text("%s\n%s\n%s\n%.82s1\n%s\n", P, stuck_puzzle, none, E, E);
    run_result r = RUN_IN(input, "explain", "--no-chains", "--format", "json");
    assert_status(r, 2);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 5);
    static const char *const statuses[] = {"solved", "stuck", "no_solution", "invalid", "solved"};
    static const char *const keys[] = {"source", "line", "status", "puzzle", "er",
                                       "ep",     "ed",   "steps",  "error"};
    for (size_t i = 0; i < records.n; i++) {
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            json_need(records.line[i], keys[k]);
        assert_string_equal(json_text(records.line[i], "status"), statuses[i]);
    }
    check_explanation(records.line[0], P);
    check_explanation(records.line[4], E);
    assert_string_equal(json_text(records.line[0], "puzzle"), P);
    assert_string_equal(json_need(records.line[0], "error"), "null");
}

/* Hostile records get the diagnostics solve gives them, and their places. */
static void test_bad_input_as_solve(void **state)
{
    (void)state;
    char *clash = xstrdup(E);
    clash[0] = clash[2]; /* r1c1 takes the digit of r1c3 */
    size_t long_len = 70000;
    char *long_line = xmalloc(long_len + 1);
    memset(long_line, '.', long_len);
    long_line[long_len] = '\0';
    const char *text =
        format_text("%s\n%s\n\xff\xfe binary\n%s\n%.80s\n%s\n", P, long_line, clash, E, E);
    size_t len = strlen(text);
    char *input = xstrdup(text);
    input[len - 3] = '\0'; /* a NUL byte in the last record */
    run_setup setup = {.input = input, .input_len = len};
    run_result solve = RUN_WITH(&setup, "solve");
    static const char *const commands[] = {"explain", "hint"};
    for (int c = 0; c < 2; c++) {
        run_result r = RUN_WITH(&setup, commands[c], "--format", "json");
        assert_status(r, solve.status);
        assert_string_equal(r.err, solve.err);
        lines records = split_lines(r.out);
        assert_int_equal(records.n, split_lines(solve.out).n);
        for (size_t i = 0; i < records.n; i++)
            assert_string_equal(json_text(records.line[i], "status"),
                                i == 0 ? (c == 0 ? "solved" : "found") : "invalid");
    }
}

/* ---- hint ---- */

static void test_hint(void **state)
{
    (void)state;
    run_result r = RUN("hint", "--scale=se", P, E);
    assert_status(r, 0);
    assert_empty(r.err);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    /* the first step of each explanation, on either scale (hint's default
     * is HoDoKu's, explain's SE's) */
    assert_string_equal(out.line[0], split_lines(RUN("explain", P).out).line[1]);
    assert_string_equal(out.line[1], split_lines(RUN("explain", E).out).line[1]);
    r = RUN("hint", P, E);
    assert_status(r, 0);
    out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    assert_string_equal(out.line[0], split_lines(RUN("explain", "--scale=hodoku", P).out).line[1]);
    assert_string_equal(out.line[1], split_lines(RUN("explain", "--scale=hodoku", E).out).line[1]);

    r = RUN("hint", "--scale=se", "--format", "json", P);
    assert_status(r, 0);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 1);
    assert_string_equal(json_text(records.line[0], "status"), "found");
    const char *step = json_need(records.line[0], "step");
    assert_json_object(step);
    const char *first =
        json_need(split_lines(RUN("explain", "--format", "json", P).out).line[0], "steps");
    assert_starts_with(first + 1, step);
    assert_string_equal(json_need(records.line[0], "error"), "null");
    r = RUN("hint", "--format", "json", P);
    assert_status(r, 0);
    step = json_need(r.out, "step");
    first = json_need(RUN("explain", "--scale=hodoku", "--format", "json", P).out, "steps");
    assert_starts_with(first + 1, step);
}

static void test_hint_markers(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1], two[SUDOKU_CELLS + 1], solved[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    two_solution_puzzle(two);
    solve_line(P, solved);
    const char *input = format_text("%s\n%s\n%s\n%.80s\n%s\n", none, two, solved, P, P);
    run_result r = RUN_IN(input, "hint");
    assert_status(r, 2);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 5);
    assert_string_equal(out.line[0], "no solution");
    assert_string_equal(out.line[1], "multiple solutions");
    assert_string_equal(out.line[2], "solved");
    assert_string_equal(out.line[3], "invalid");
    assert_string_equal(out.line[4], split_lines(RUN("hint", P).out).line[0]);
    assert_string_equal(r.err, "sudoku: stdin:1: no solution (--anyway shows its steps all the "
                               "same)\n"
                               "sudoku: stdin:2: more than one solution (--anyway shows its steps "
                               "all the same)\n"
                               "sudoku: stdin:4: found 80 cells, expected 81\n");

    r = RUN_IN(input, "hint", "--format", "json");
    assert_status(r, 2);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 5);
    static const char *const statuses[] = {"no_solution", "multiple", "solved", "invalid", "found"};
    for (size_t i = 0; i < records.n; i++) {
        assert_string_equal(json_text(records.line[i], "status"), statuses[i]);
        if (i < 4) assert_string_equal(json_need(records.line[i], "step"), "null");
    }

    /* a solved grid needs no hint, and is no failure */
    r = RUN("hint", solved);
    assert_status(r, 0);
    assert_string_equal(r.out, "solved\n");
    assert_empty(r.err);
}

/* ---- options, the same in every command ---- */

static void test_bad_options(void **state)
{
    (void)state;
    static const char *const commands[] = {"explain", "hint"};
    for (int c = 0; c < 2; c++) {
        const char *cmd = commands[c];
        const char *formats = c == 0 ? "text, json, svg or html" : "text, json, pencilmarks or svg";
        const char *const cases[][3] = {
            {"--frobnicate", NULL, "unknown option '--frobnicate'"},
            {"-q", NULL, "unknown option '-q'"},
            {"--format", "grid", format_text("unknown format 'grid': expected %s", formats)},
            {"--format=line", NULL, format_text("unknown format 'line': expected %s", formats)},
            {"--anyway=yes", NULL, "option --anyway takes no value"},
            {"--stats=1", NULL, "option --stats takes no value"},
            {"-j", "abc",
             "--jobs needs a whole number from 0 (one per processor) to 256, not 'abc'"},
            {"--jobs=257", NULL,
             "--jobs needs a whole number from 0 (one per processor) to 256, not '257'"},
            {"--count", NULL, "unknown option '--count'"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const char *args[6] = {cmd, cases[i][0]};
            int n = 2;
            if (cases[i][1]) args[n++] = cases[i][1];
            args[n++] = P;
            args[n] = NULL;
            run_result r = run_program(NULL, args);
            assert_status(r, 2);
            assert_empty(r.out);
            assert_string_equal(
                r.err, format_text("sudoku: %s (try 'sudoku %s --help')\n", cases[i][2], cmd));
        }
        /* explain has no pencilmarks format: its steps are the point */
        if (c == 0) {
            run_result r = RUN(cmd, "--format", "pencilmarks", P);
            assert_status(r, 2);
            assert_string_equal(r.err, "sudoku: unknown format 'pencilmarks': expected text, "
                                       "json, svg or html (try 'sudoku explain --help')\n");
        }
        run_result r = run_program(NULL, (const char *const[]){cmd, P, "--format", NULL});
        assert_status(r, 2);
        assert_string_equal(
            r.err,
            format_text("sudoku: option --format needs a value (try 'sudoku %s --help')\n", cmd));
    }
}

/* Operands that start with dashes are puzzles, "--" ends the options, and
 * options may follow operands. */
static void test_operands_and_options(void **state)
{
    (void)state;
    char empty[SUDOKU_CELLS + 1];
    empty_dashes(empty);
    /* (chains on an empty board would search until --budget ends them) */
    run_result r = RUN("hint", "--anyway", "--no-chains", empty);
    assert_status(r, 1);
    assert_string_equal(r.out, "multiple solutions\n");
    r = RUN("explain", P, "--format", "json", "--", "--format");
    assert_status(r, 2);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 2);
    assert_string_equal(json_text(records.line[1], "status"), "invalid");
    r = RUN("hint", "--format=json", "-j2", "--anyway", "-", P);
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 1); /* stdin (/dev/null) has none: a warning */
    assert_string_equal(r.err, "sudoku: stdin: warning: no puzzles found (the input is empty)\n");
}

static void test_help_and_version(void **state)
{
    (void)state;
    run_result r = RUN("--help");
    assert_status(r, 0);
    assert_contains(r.out, "sudoku explain");
    assert_contains(r.out, "sudoku hint");
    static const char *const commands[] = {"explain", "hint"};
    for (int c = 0; c < 2; c++) {
        r = run_program(NULL, (const char *const[]){commands[c], "--help", NULL});
        assert_status(r, 0);
        assert_empty(r.err);
        static const char *const parts[] = {"Usage: sudoku ", "--format",   "--anyway",
                                            "--stats",        "--jobs",     "--help",
                                            "--version",      "Exit status"};
        for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
            assert_contains(r.out, parts[k]);
        r = run_program(NULL, (const char *const[]){commands[c], "-V", NULL});
        assert_string_equal(r.out, "sudoku " SUDOKU_VERSION "\n");
    }
}

/* ---- -j and --stats ---- */

/* A stream of every kind of record, a few times over. */
static const char *mixed_stream(void)
{
    char none[SUDOKU_CELLS + 1], two[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    two_solution_puzzle(two);
    const char *text = "";
    for (int i = 0; i < 6; i++)
        text = format_text("%s%s\n%s\n%s\n%s\n%.79s\n%s\n", text, relabel(P, i), relabel(E, i),
                           stuck_puzzle, i % 2 ? none : two, P, relabel(P, i + 3));
    return text;
}

static void test_jobs_same_output(void **state)
{
    (void)state;
    const char *input = mixed_stream();
    static const char *const commands[] = {"explain", "hint"};
    static const char *const formats[] = {"--format=text", "--format=json"};
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 2; f++) {
            run_result one = RUN_IN(input, commands[c], "--no-chains", formats[f], "-j", "1");
            assert_status(one, 2);
            run_result two = RUN_IN(input, commands[c], "--no-chains", formats[f], "-j", "2");
            assert_same_runs(&one, &two);
            if (!under_wrapper()) {
                run_result four = RUN_IN(input, commands[c], "--no-chains", formats[f], "--jobs=4");
                assert_same_runs(&one, &four);
            }
            if (f == 1) {
                lines records = split_lines(one.out);
                assert_int_equal(records.n, 36); /* records in = records out */
                for (size_t i = 0; i < records.n; i++) assert_json_object(records.line[i]);
            }
        }
}

static void test_stats(void **state)
{
    (void)state;
    const char *input = mixed_stream();
    run_result r = RUN_IN(input, "explain", "--no-chains", "--stats", "--format", "json");
    lines err = split_lines(r.err);
    const char *last = err.line[err.n - 1];
    unsigned long read, done, stuck, budget, none, multiple, invalid, steps;
    if (sscanf(last,
               "sudoku: stats: %lu puzzles read, %lu explained, %lu stuck, %lu over budget, %lu "
               "no solution, %lu multiple, %lu invalid; %lu steps;",
               &read, &done, &stuck, &budget, &none, &multiple, &invalid, &steps) != 8)
        fail_msg("bad stats line: %s", last);
    assert_int_equal(budget, 0);
    assert_int_equal(read, 36);
    assert_int_equal(done, 18);
    assert_int_equal(stuck, 6);
    assert_int_equal(none, 3);
    assert_int_equal(multiple, 3);
    assert_int_equal(invalid, 6);
    /* the steps are those of the records */
    lines records = split_lines(r.out);
    unsigned long counted = 0;
    for (size_t i = 0; i < records.n; i++)
        counted += count_char(json_need(records.line[i], "steps"), '{');
    assert_int_equal(steps, counted);

    r = RUN_IN(input, "hint", "--stats");
    err = split_lines(r.err);
    assert_starts_with(err.line[err.n - 1],
                       "sudoku: stats: 36 puzzles read, 24 hints, 0 stuck, 0 over budget, 3 no "
                       "solution, 3 multiple, 6 invalid; 24 steps;");
    r = RUN_IN(input, "hint");
    assert_not_contains(r.err, "stats:");
}

/* ---- output faults ---- */

static void test_unwritable_output(void **state)
{
    (void)state;
    run_setup setup = {.stdout_path = "/dev/full"};
    static const char *const commands[] = {"explain", "hint"};
    for (int c = 0; c < 2; c++) {
        run_result r = RUN_WITH(&setup, commands[c], P);
        assert_status(r, 2);
        assert_string_equal(r.err, "sudoku: error writing output: No space left on device\n");
    }
    /* With -j 2 the records after the failed batch have been worked on
     * already: their texts are freed unreported (the valgrind pass fails
     * on a leak), and reading stops. */
    static const char *const all[] = {"explain", "hint", "rate"};
    size_t n = 1000, len = strlen(P) + 1;
    char *stream = xmalloc(n * len + 1);
    for (size_t i = 0; i < n; i++) snprintf(stream + i * len, len + 1, "%s\n", P);
    setup.input = stream;
    for (int c = 0; c < 3; c++) {
        run_result r = RUN_WITH(&setup, all[c], "-j", "2");
        assert_status(r, 2);
        assert_string_equal(r.err, "sudoku: error writing output: No space left on device\n");
    }
}

/* ---- pencilmarks: puzzles given as their candidates ---- */

/* The 729-character line of puzzle p: a given's nine characters hold its
 * digit alone; an open cell's, the digits its given peers leave. */
static char *pencilmarks_of(const char *p)
{
    char *s = xmalloc(9 * SUDOKU_CELLS + 1);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int r = cell / 9, c = cell % 9;
        for (int d = 1; d <= 9; d++) {
            char digit = (char)('0' + d);
            bool ok;
            if (p[cell] >= '1' && p[cell] <= '9') {
                ok = p[cell] == digit;
            } else {
                ok = true;
                for (int other = 0; other < SUDOKU_CELLS && ok; other++) {
                    int r2 = other / 9, c2 = other % 9;
                    bool peer = r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3);
                    if (other != cell && peer && p[other] == digit) ok = false;
                }
            }
            s[9 * cell + d - 1] = ok ? digit : '.';
        }
    }
    s[9 * SUDOKU_CELLS] = '\0';
    return s;
}

static void test_pencilmarks_argument(void **state)
{
    (void)state;
    const char *marks = pencilmarks_of(P);
    /* the same state as the puzzle's: the same steps */
    run_result grid = RUN("explain", P);
    run_result r = RUN("explain", marks);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(split_lines(r.out).line[0], format_text("Puzzle: %s", marks));
    const char *steps = strchr(grid.out, '\n') + 1;
    assert_string_equal(strchr(r.out, '\n') + 1, steps);
    r = RUN("hint", marks);
    assert_status(r, 0);
    assert_string_equal(r.out, RUN("hint", P).out);

    /* solve solves it from its candidates */
    r = RUN("solve", "--format", "line", marks);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, RUN("solve", "--format", "line", P).out);
    r = RUN("solve", "--show-candidates", marks);
    assert_status(r, 0);
    assert_string_equal(r.out, P_CANDIDATES);

    /* one candidate fewer in a cell that needs it: no solution */
    const char *solution = solution_of(P);
    char *broken = xstrdup(marks);
    int cell = (int)(strchr(P, '.') - P);
    broken[9 * cell + (solution[cell] - '1')] = '.';
    r = RUN("explain", broken);
    assert_status(r, 1);
    assert_string_equal(r.out, format_text("Puzzle: %s\nno solution\n", broken));
    r = RUN("solve", broken);
    assert_status(r, 1);
    assert_string_equal(r.out, "no solution\n");

    /* a cell without candidates is no puzzle */
    memset(broken + 9 * cell, '.', 9);
    r = RUN("explain", broken);
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_starts_with(r.err, "sudoku: argument 1: ");
}

static void test_pencilmarks_stream(void **state)
{
    (void)state;
    const char *marks = pencilmarks_of(P);
    const char *input = format_text("%s\n%s\n%s\n", E, marks, P);
    run_result r = RUN_IN(input, "explain", "--format", "json");
    assert_status(r, 0);
    assert_empty(r.err);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 3);
    assert_string_equal(json_text(records.line[1], "puzzle"), marks);
    assert_string_equal(json_need(records.line[1], "steps"), json_need(records.line[2], "steps"));
    r = RUN_IN(input, "explain");
    assert_contains(r.out, format_text("\n\nstdin:2: Puzzle: %s\n", marks));
    r = RUN_IN(input, "solve");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 3);
    assert_string_equal(out.line[1], out.line[2]);
}

/* Runs hint --format pencilmarks on marks, then on its output, and so on,
 * at most max times or until it prints no pencilmarks; returns the last
 * run, and in *marks the last pencilmarks. (A state read back can count a
 * pending single as placed, so the walk may take fewer steps than explain.) */
static run_result hint_walk(const char **marks, size_t max)
{
    run_result r = {0};
    for (size_t i = 0; i < max; i++) {
        r = RUN("hint", "--scale=se", "--no-chains", "--format", "pencilmarks", *marks);
        if (strlen(r.out) != 9 * SUDOKU_CELLS + 1) break;
        assert_status(r, 0);
        assert_empty(r.err);
        *marks = format_text("%.*s", 9 * SUDOKU_CELLS, r.out);
    }
    return r;
}

/* hint --format pencilmarks, fed its own output, walks the explanation to
 * the solution; on the stuck puzzle it stops where explain stops. */
static void test_hint_pencilmarks_walk(void **state)
{
    (void)state;
    const char *marks = pencilmarks_of(P);
    size_t steps = split_lines(RUN("explain", P).out).n - 2;
    if (under_wrapper()) { /* a few steps: each a run under valgrind */
        hint_walk(&marks, 3);
        return;
    }
    run_result r = hint_walk(&marks, steps + 1);
    assert_status(r, 0);
    assert_string_equal(r.out, "solved\n");
    assert_string_equal(marks, pencilmarks_of(solution_of(P)));

    /* stuck: the same stop as explain's */
    size_t stuck_steps = split_lines(RUN("explain", "--no-chains", stuck_puzzle).out).n - 13;
    marks = pencilmarks_of(stuck_puzzle);
    r = hint_walk(&marks, stuck_steps + 1);
    assert_status(r, 1);
    assert_string_equal(r.out, "stuck\n");
    assert_string_equal(r.err, "sudoku: argument 1: no hint: needs a technique beyond aligned pair "
                               "exclusion\n");
    r = RUN("explain", "--no-chains", marks);
    assert_status(r, 1);
    assert_contains(r.out,
                    "Stuck after 0 steps: needs a technique beyond aligned pair exclusion\n");
}

/* ---- chains and rate ---- */

/* Puzzles of ../shared/ratings/se-classic.txt with Sudoku Explainer's
 * ratings (ER/EP/ED), the reference: a forcing chain's 6.6, multiple
 * forcing chains' 8.3, and dynamic forcing chains' 9.1. P (hard1) is 2.6
 * as issue 9 gives it. */
static const char chain66[] =
    "........1.......23.....4.......1......5...4....6.2..7....7..86..2.......31...5...";
static const char chain83[] =
    "...2..7.6..5....9..3.6.........4.5...9.17.86......2.....1...45......4..3..8.1....";
static const char chain91[] =
    "..............1.23..456...............7.8.4...1...25.....6......2.....1.3...4....";

/* Each chain of a JSON step: valid [row,col,digit,on] nodes, each turned
 * on after one turned off and off after one turned on (chains up to
 * multiple forcing chains follow one kind of link at a time). Returns the
 * number of chains. */
static int check_chains(const char *step)
{
    const char *p = strstr(step, "\"chains\":[");
    if (!p) return 0;
    p += strlen("\"chains\":[");
    int chains = 0;
    while (*p == '[') {
        p++;
        int r, c, d, on, used, previous = -1, nodes = 0;
        while (sscanf(p, "[%d,%d,%d,%d]%n", &r, &c, &d, &on, &used) == 4) {
            if (r < 1 || r > 9 || c < 1 || c > 9 || d < 1 || d > 9 || (on != 0 && on != 1))
                fail_msg("bad chain node in %s", step);
            if (previous >= 0 && on == previous)
                fail_msg("two nodes of one state in a row: %s", step);
            previous = on;
            nodes++;
            p += used;
            if (*p == ',') p++;
        }
        if (nodes < 2 || *p != ']') fail_msg("bad chain in %s", step);
        chains++;
        p++;
        if (*p == ',') p++;
    }
    return chains;
}

static void test_explain_chains(void **state)
{
    (void)state;
    run_result r = RUN("explain", "--format", "json", chain83);
    assert_status(r, 0);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 1);
    assert_json_object(records.line[0]);
    check_explanation(records.line[0], chain83);
    assert_string_equal(json_need(records.line[0], "er"), "8.3");
    assert_string_equal(json_need(records.line[0], "ep"), "1.2");
    assert_string_equal(json_need(records.line[0], "ed"), "1.2");
    const char *steps = json_need(records.line[0], "steps");
    int chained = 0;
    for (const char *p = strstr(steps, "{\"technique\""); p; p = strstr(p + 1, "{\"technique\"")) {
        const char *end = strchr(p, '}');
        char *step = format_text("%.*s", (int)(end - p + 1), p);
        int chains = check_chains(step);
        if (chains) {
            chained++;
            json_need(step, "name");
            json_need(step, "complexity");
        }
    }
    assert_true(chained > 0);

    /* in words: Eureka notation, the conclusion after "=>" */
    r = RUN("explain", chain66);
    assert_status(r, 0);
    assert_contains(r.out, "Solved in ");
    assert_contains(r.out, "ER 6.6, EP 1.2, ED 1.2");
    lines out = split_lines(r.out);
    bool seen = false;
    for (size_t i = 0; i < out.n; i++)
        if (strstr(out.line[i], "(6.6): (")) {
            seen = true;
            assert_contains(out.line[i], " => ");
            assert_true(strstr(out.line[i], ")r") &&
                        (strstr(out.line[i], "=(") || strstr(out.line[i], "-(")));
        }
    assert_true(seen);
}

static void test_rate(void **state)
{
    (void)state;
    run_result r = RUN("rate", P);
    assert_status(r, 0);
    assert_empty(r.err);
    assert_string_equal(r.out, format_text("%s 2.6/1.2/1.2\n", dotted(P)));

    /* a stream: one line per record, in order, SE's ratings */
    const char *input = format_text("%s\n%s\n%s\n%s\n", chain66, chain83, chain91, P);
    r = RUN_IN(input, "rate");
    assert_status(r, 0);
    assert_string_equal(r.out, format_text("%s 6.6/1.2/1.2\n%s 8.3/1.2/1.2\n%s 9.1/1.5/1.5\n%s "
                                           "2.6/1.2/1.2\n",
                                           chain66, chain83, chain91, dotted(P)));

    /* JSON: the same figures, the hardest technique, the steps */
    r = RUN_IN(input, "rate", "--format", "json");
    assert_status(r, 0);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 4);
    static const char *const er[] = {"6.6", "8.3", "9.1", "2.6"};
    for (size_t i = 0; i < records.n; i++) {
        assert_json_object(records.line[i]);
        assert_string_equal(json_text(records.line[i], "status"), "solved");
        assert_string_equal(json_need(records.line[i], "er"), er[i]);
        json_text(records.line[i], "hardest");
        assert_true(atoi(json_need(records.line[i], "steps")) > 0);
        assert_string_equal(json_need(records.line[i], "error"), "null");
    }
    assert_string_equal(json_text(records.line[3], "hardest"), "Pointing");

    /* the same with two threads, bad records among them */
    const char *clash =
        "11...............................................................................";
    const char *mixed = format_text("%s\n%s\n%s\n%.80s\n%s\n", chain83, clash, chain91, chain66, P);
    run_result one = RUN_IN(mixed, "rate", "-j", "1");
    run_result two = RUN_IN(mixed, "rate", "-j", "2");
    assert_status(one, 2);
    assert_same_runs(&one, &two);
    assert_int_equal(split_lines(one.out).n, 5);
}

static void test_rate_filters(void **state)
{
    (void)state;
    const char *input = format_text("%s\n%s\n%s\n%s\n", chain66, chain83, chain91, P);
    run_result r = RUN_IN(input, "rate", "--min", "6.6", "--max=8.3", "--stats");
    assert_status(r, 0); /* some were left out, as asked: no failure (issue 29) */
    assert_string_equal(r.out, format_text("%s 6.6/1.2/1.2\n%s 8.3/1.2/1.2\n", chain66, chain83));
    assert_contains(r.err, "stats: 4 puzzles read, 4 rated");
    assert_contains(r.err, "stats: 2 rated outside the filters (--min, --max...), left out");
    r = RUN_IN(input, "rate", "--min", "2.6", "--max", "9.1");
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 4);
    r = RUN_IN(input, "rate", "--min", "9", "--format", "json");
    assert_status(r, 0);
    lines records = split_lines(r.out);
    assert_int_equal(records.n, 1);
    assert_string_equal(json_need(records.line[0], "er"), "9.1");
    /* all left out: the records were still read (no "no puzzles found"),
     * and their steps still count */
    r = RUN_IN(input, "rate", "--min", "9.9", "--stats");
    assert_status(r, 0); /* none matched: an empty output, and no failure */
    assert_empty(r.out);
    assert_not_contains(r.err, "no puzzles found");
    assert_contains(r.err, "stats: 4 puzzles read, 4 rated");
    assert_contains(r.err, "stats: 4 rated outside the filters (--min, --max...), left out");
    run_result all = RUN_IN(input, "rate", "--stats");
    const char *left_out = strstr(r.err, " invalid; "), *printed = strstr(all.err, " invalid; ");
    long steps_left_out = 0, steps_printed = 0;
    assert_true(left_out && sscanf(left_out, " invalid; %ld steps", &steps_left_out) == 1);
    assert_true(printed && sscanf(printed, " invalid; %ld steps", &steps_printed) == 1);
    assert_true(steps_printed > 0);
    assert_int_equal(steps_left_out, steps_printed);
    /* failures are never left out: they are not rated; the exit status
     * still tells them from the puzzles left out */
    r = RUN_IN(format_text("%s\n%.80s\n", chain66, chain83), "rate", "--min", "7");
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    char two[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    r = RUN_IN(format_text("%s\n%s\n", chain66, two), "rate", "--min", "7");
    assert_status(r, 1);
    assert_string_equal(r.out, "multiple solutions\n");
}

/* A line of rate's text output: its puzzle's ER, EP and ED, times ten. */
static void read_ratings(const char *line, int rating[3])
{
    int a, b, c, d, e, f;
    const char *space = strchr(line, ' ');
    assert_non_null(space);
    assert_int_equal(sscanf(space, " %d.%d/%d.%d/%d.%d", &a, &b, &c, &d, &e, &f), 6);
    rating[0] = 10 * a + b, rating[1] = 10 * c + d, rating[2] = 10 * e + f;
}

/* --ep-min... --ed-max keep exactly the puzzles whose EP and ED (as rate
 * prints them unfiltered) are within every bound given (issue 29). */
static void test_rate_filters_ep_ed(void **state)
{
    (void)state;
    /* chain83 and the states its path reaches after 2, 5 and 7 steps (as
     * hint's pencilmarks give them): first steps, and so EP and ED, of
     * every kind, from a single to a chain */
    char *input = (format_text("%s\n", chain83));
    const char *state_now = chain83;
    for (int step = 1; step <= 7; step++) {
        run_result next = RUN("hint", "--format", "pencilmarks", state_now);
        assert_status(next, 0);
        state_now = (xstrdup(strtok(next.out, "\n")));
        if (step == 2 || step == 5 || step == 7) input = (format_text("%s%s\n", input, state_now));
    }
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result all = RUN("rate", file);
    lines rated = split_lines(all.out);
    assert_int_equal(rated.n, 4);
    static const struct {
        const char *option;
        int rating; /* 1: EP, 2: ED */
        bool lower;
        const char *value;
        int tenths;
    } filters[] = {{"--ep-min", 1, true, "8.3", 83}, {"--ep-max", 1, false, "7.5", 75},
                   {"--ed-min", 2, true, "2.6", 26}, {"--ed-max", 2, false, "7.5", 75}};
    for (size_t k = 0; k < sizeof filters / sizeof filters[0]; k++) {
        run_result r = RUN("rate", filters[k].option, filters[k].value, file);
        assert_status(r, all.status);
        char *want = (xstrdup(""));
        for (size_t i = 0; i < rated.n; i++) {
            int rating[3];
            if (!strchr(rated.line[i], '/')) continue;
            read_ratings(rated.line[i], rating);
            int v = rating[filters[k].rating];
            if (filters[k].lower ? v >= filters[k].tenths : v <= filters[k].tenths)
                want = (format_text("%s%s\n", want, rated.line[i]));
        }
        if (strcmp(r.out, want) != 0)
            fail_msg("%s %s kept:\n%s\nexpected:\n%s", filters[k].option, filters[k].value,
                     r.out, want);
    }
    /* both: every bound holds */
    run_result r = RUN("rate", "--ed-max", "7.5", "--ep-min", "2.6", "--min", "8", file);
    for (size_t i = 0, n = 0; i < rated.n; i++) {
        int rating[3];
        if (!strchr(rated.line[i], '/')) continue;
        read_ratings(rated.line[i], rating);
        if (rating[2] <= 75 && rating[1] >= 26 && rating[0] >= 80) {
            assert_non_null(strstr(r.out, rated.line[i]));
            n++;
        }
        if (i + 1 == rated.n) assert_int_equal(split_lines(r.out).n, n);
    }
    r = RUN("rate", "--ep-min", "5", "--ep-max", "4", file);
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: --ep-min is above --ep-max: no puzzle could be printed "
                               "(try 'sudoku rate --help')\n");
}

static void test_rate_budget_and_no_chains(void **state)
{
    (void)state;
    run_result r = RUN("rate", "--budget", "1k", chain91);
    assert_status(r, 1);
    assert_string_equal(r.out, "over budget\n");
    int steps;
    if (sscanf(r.err,
               "sudoku: argument 1: gave up after %d steps: over the budget of 1000 units of work "
               "(--budget)\n",
               &steps) != 1)
        fail_msg("bad diagnostic: %s", r.err);
    r = RUN("rate", "--format", "json", "--budget=1k", chain91);
    assert_status(r, 1);
    assert_string_equal(json_text(r.out, "status"), "over_budget");
    /* a budget large enough changes nothing; 0 is no limit */
    r = RUN("rate", "--budget", "1G", chain91);
    assert_status(r, 0);
    assert_string_equal(r.out, format_text("%s 9.1/1.5/1.5\n", chain91));
    r = RUN("rate", "--budget", "0", chain91);
    assert_string_equal(r.out, format_text("%s 9.1/1.5/1.5\n", chain91));
    /* explain and hint have it too */
    r = RUN("explain", "--budget", "1k", chain91);
    assert_status(r, 1);
    assert_contains(r.out, "Stopped after ");
    assert_contains(r.out, " steps: over the budget of work (--budget)");
    r = RUN("explain", "--format", "json", "--budget", "1k", chain91);
    assert_string_equal(json_text(r.out, "status"), "over_budget");

    /* without chains, a puzzle that needs them is stuck */
    r = RUN("rate", "--no-chains", chain66);
    assert_status(r, 1);
    assert_string_equal(r.out, "stuck\n");
    assert_starts_with(r.err, "sudoku: argument 1: stuck after ");
    assert_contains(r.err, "needs a technique beyond aligned pair exclusion\n");
}

/* The steps of a puzzle without one solution (--anyway) get a bound of
 * their own by default: such a board has chains from every candidate at
 * every step, and under a unique puzzle's default (then 2G chain nodes)
 * the empty grid took minutes. --budget given holds for them too. */
static void test_anyway_default_budget(void **state)
{
    (void)state;
    char empty[SUDOKU_CELLS + 1];
    empty_dashes(empty);
    char dots[SUDOKU_CELLS + 1];
    memset(dots, '.', SUDOKU_CELLS);
    dots[SUDOKU_CELLS] = '\0';
    run_result r;
    /* 20M units take minutes under valgrind and some 20 s of CPU under the
     * sanitizers (a third of this suite there): the explicit budget only */
    bool long_runs = !under_wrapper() && !quick_pass();
    if (long_runs) {
        r = RUN("rate", "--anyway", "--", empty);
        assert_status(r, 1);
        assert_string_equal(r.out, format_text("%s 0.0/0.0/0.0\n", dots));
        assert_string_equal(r.err, "sudoku: argument 1: more than one solution (its steps were "
                                   "rated all the same, --anyway); they went over the budget of "
                                   "20000000 units of work (the default for a puzzle without one "
                                   "solution; --budget sets another)\n");
        r = RUN("hint", "--scale=se", "--anyway", "--format=json", "--", empty);
        assert_status(r, 1);
        assert_string_equal(json_text(r.out, "status"), "multiple");
        assert_contains(r.err, "over the budget of 20000000 units of work (the default");
    }
    r = RUN("rate", "--anyway", "--budget=100k", "--", empty);
    assert_status(r, 1);
    assert_string_equal(r.out, format_text("%s 0.0/0.0/0.0\n", dots));
    assert_contains(r.err, "--anyway); they went over the budget of 100000 units of work "
                           "(--budget)\n");
    if (!long_runs) return;
    /* a puzzle with one solution keeps the puzzles' default, with --anyway
     * too: this one's path takes more than 20M units (forum-hardest, 11.0) */
    const char *hard =
        "98.7..6..75..4..9...3..9...8.....7...2......1..78...264...6...5.7.1..2.......3...";
    r = RUN("rate", "--budget=20M", hard);
    assert_status(r, 1);
    assert_string_equal(r.out, "over budget\n");
    r = RUN("rate", "--anyway", hard);
    assert_status(r, 0);
    assert_string_equal(r.out, format_text("%s 11.0/11.0/11.0\n", hard));
}

/* --anyway: a puzzle with several solutions or none gets the ratings of
 * the steps logic finds on it, in text as in JSON, and still fails. */
static void test_rate_anyway(void **state)
{
    (void)state;
    /* two solutions (a grid less a deadly rectangle) less three more
     * cells: logic fills those, then stops */
    char several[SUDOKU_CELLS + 1];
    two_solution_puzzle(several);
    for (int cell = 0, blanked = 0; cell < SUDOKU_CELLS && blanked < 3; cell++)
        if (several[cell] != '.') {
            several[cell] = '.';
            blanked++;
        }
    run_result r = RUN("rate", several);
    assert_status(r, 1);
    assert_string_equal(r.out, "multiple solutions\n");
    assert_string_equal(
        r.err,
        "sudoku: argument 1: more than one solution (--anyway rates its steps all the same)\n");
    run_result json = RUN("rate", "--anyway", "--format", "json", several);
    assert_status(json, 1);
    assert_string_equal(json_text(json.out, "status"), "multiple");
    assert_true(atoi(json_need(json.out, "steps")) > 0);
    r = RUN("rate", "--anyway", several);
    assert_status(r, 1);
    const char *ep = json_need(json.out, "ep");
    assert_string_equal(r.out, format_text("%s %s/%s/%s\n", several, json_need(json.out, "er"),
                                           strcmp(ep, "null") ? ep : json_need(json.out, "er"),
                                           json_need(json.out, "ed")));
    assert_string_equal(r.err, "sudoku: argument 1: more than one solution (its steps were rated "
                               "all the same, --anyway)\n");
    /* no step at all: the ratings of an empty path */
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    r = RUN("rate", "--anyway", none);
    assert_status(r, 1);
    assert_contains(r.err, "no solution (its steps were rated all the same, --anyway)");
    assert_int_equal(split_lines(r.out).n, 1);
    assert_starts_with(r.out, dotted(none));
}

static void test_rate_bad_options(void **state)
{
    (void)state;
    static const struct {
        const char *a, *b, *message;
    } cases[] = {
        {"--min", "x",
         "sudoku: --min needs a rating such as 7.5, not 'x' (try 'sudoku rate --help')\n"},
        {"--max", "7.55",
         "sudoku: --max needs a rating such as 7.5, not '7.55' (try 'sudoku rate "
         "--help')\n"},
        {"--max", "100",
         "sudoku: --max needs a rating such as 7.5, not '100' (try 'sudoku rate "
         "--help')\n"},
        /* plain decimals only, as the scale is written */
        {"--min", "0x5",
         "sudoku: --min needs a rating such as 7.5, not '0x5' (try 'sudoku rate "
         "--help')\n"},
        {"--max", "1e1",
         "sudoku: --max needs a rating such as 7.5, not '1e1' (try 'sudoku rate "
         "--help')\n"},
        {"--min", "7..5",
         "sudoku: --min needs a rating such as 7.5, not '7..5' (try 'sudoku rate "
         "--help')\n"},
        {"--budget", "ten",
         "sudoku: --budget needs a count of units of work (e.g. 500M; 0: no "
         "limit), not 'ten' (try 'sudoku rate --help')\n"},
        {"--budget", "5X",
         "sudoku: --budget needs a count of units of work (e.g. 500M; 0: no "
         "limit), not '5X' (try 'sudoku rate --help')\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result r = RUN("rate", cases[i].a, cases[i].b, P);
        assert_status(r, 2);
        assert_empty(r.out);
        assert_string_equal(r.err, cases[i].message);
    }
    run_result r = RUN("rate", "--min", "9", "--max", "8", P);
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: --min is above --max: no puzzle could be printed (try "
                               "'sudoku rate --help')\n");
    r = RUN("rate", "--format", "grid", P);
    assert_status(r, 2);
    r = RUN("rate", "--help");
    assert_status(r, 0);
    assert_contains(r.out, "Usage: sudoku rate");
    assert_contains(r.out, "--budget=N");
}

/* ---- HoDoKu's scale ---- */

/* A puzzle of ../shared/ratings/hodoku/, and its board after HoDoKu's
 * first 42 steps (hint --format pencilmarks, 42 times), where HoDoKu's
 * step 43 is "Skyscraper: 9 in r1c1,r6c3 (connected by r16c4) =>
 * r4c1<>9" (paths.jsonl); HoDoKu rates the puzzle Hard, 956 (rated.txt). */
static const char skyscraper_puzzle[] =
    "........1.......23..4..5........6.7...8..24...1...........3.......61....5.7....9.";
static const char skyscraper_board[] =
    ".2......9......7....3.......2......9.....6..........8.....5.......4.....1........"
    ".......89....5.........6......4...........7..1...............89.2.........3......"
    "1.........2.....89...4.......3.......2......9....5...........89.....6.........7.."
    ".2.4....9.2.4....9....5....1...............89.....6.....3............7...2.....8."
    "..3...........6..........8.......7......5.....2..........4.....1................9"
    "......7..1.........2......9.......89...4.......3...........6.......5.....2.....8."
    ".....6....2......91............5......3............7.9.2....7.........8....4....."
    "...4...8....4...8..2......9.....6...1..............7.9.2....7....3..........5...."
    "....5......3............7...2.....8..2.....8....4.....1................9.....6...";

/* The sum of the "score" values of a record's steps, and the highest of
 * their levels (0 Easy to 4 Extreme). */
static int step_scores(const char *record, int *highest)
{
    static const char *const names[] = {"Easy", "Medium", "Hard", "Unfair", "Extreme"};
    const char *steps = json_need(record, "steps");
    int sum = 0;
    *highest = -1;
    for (const char *p = strstr(steps, "{\"technique\""); p; p = strstr(p + 1, "{\"technique\"")) {
        const char *end = strchr(p, '}');
        char *step = format_text("%.*s", (int)(end - p + 1), p);
        sum += atoi(json_need(step, "score"));
        const char *level = json_text(step, "level");
        for (int i = 0; i < 5; i++)
            if (strcmp(level, names[i]) == 0 && i > *highest) *highest = i;
    }
    return sum;
}

static void test_hodoku_scale(void **state)
{
    (void)state;
    /* hint speaks HoDoKu's names by default: the Skyscraper, in its words,
     * and sound */
    run_result r = RUN("hint", skyscraper_board);
    assert_status(r, 0);
    assert_empty(r.err);
    const char *hodoku_hint = "Skyscraper: 9 in r1c1,r6c3 (connected by r16c4) => r4c1<>9\n";
    assert_string_equal(r.out, hodoku_hint);
    assert_true(solution_of(skyscraper_puzzle)[3 * 9 + 0] != '9');
    r = RUN("hint", "--format=json", skyscraper_board);
    assert_status(r, 0);
    const char *step = json_need(r.out, "step");
    assert_json_object(step);
    assert_string_equal(json_text(step, "technique"), "Skyscraper");
    assert_string_equal(json_text(step, "code"), "sk");
    assert_string_equal(json_need(step, "eliminations"), "[[4,1,9]]");
    /* the cells a player looks at: the two ends and the two linked cells */
    const char *cells = json_need(step, "cells");
    static const char *const seen[] = {"[1,1]", "[6,3]", "[1,4]", "[6,4]"};
    for (size_t i = 0; i < 4; i++) assert_contains(cells, seen[i]);

    /* --scale se pins SE's; SUDOKU_SCALE sets the default, the option wins */
    run_result se = RUN("hint", "--scale=se", skyscraper_board);
    assert_status(se, 0);
    const char *se_first = split_lines(RUN("explain", skyscraper_board).out).line[1];
    assert_string_equal(se.out, format_text("%s\n", se_first));
    assert_true(setenv("SUDOKU_SCALE", "se", 1) == 0);
    run_result by_env = RUN("hint", skyscraper_board);
    run_result pinned = RUN("hint", "--scale=hodoku", skyscraper_board);
    assert_true(setenv("SUDOKU_SCALE", "hodoku", 1) == 0);
    run_result explained = RUN("explain", P);
    assert_true(setenv("SUDOKU_SCALE", "sukaku", 1) == 0);
    run_result bad = RUN("rate", P);
    assert_true(unsetenv("SUDOKU_SCALE") == 0);
    assert_string_equal(by_env.out, se.out);
    assert_string_equal(pinned.out, hodoku_hint);
    assert_string_equal(explained.out, RUN("explain", "--scale=hodoku", P).out);
    assert_status(bad, 2);
    assert_empty(bad.out);
    assert_contains(assert_one_error_line(&bad), "SUDOKU_SCALE");

    /* explain: every step sound, the score the sum of the steps' scores,
     * the level theirs raised by the score (limits 800, 1000, 1600, 1800),
     * as HoDoKu rates the puzzle */
    r = RUN("explain", "--scale=hodoku", "--format=json", skyscraper_puzzle);
    assert_status(r, 0);
    assert_json_object(r.out);
    assert_true(check_explanation(r.out, skyscraper_puzzle) > 0);
    int highest, score = step_scores(r.out, &highest);
    static const int limits[] = {800, 1000, 1600, 1800};
    while (highest < 4 && score > limits[highest]) highest++;
    static const char *const names[] = {"Easy", "Medium", "Hard", "Unfair", "Extreme"};
    assert_int_equal(atoi(json_need(r.out, "score")), score);
    assert_string_equal(json_text(r.out, "level"), names[highest]);
    assert_int_equal(score, 956);
    assert_string_equal(names[highest], "Hard");
    assert_null(strstr(r.out, "\"er\""));
    r = RUN("explain", "--scale=hodoku", skyscraper_puzzle);
    assert_status(r, 0);
    assert_contains(r.out, "\nSkyscraper: 9 in r1c1,r6c3 (connected by r16c4) => r4c1<>9\n");
    assert_contains(r.out, ": level Hard, score 956 (hardest: Skyscraper)\n");

    /* rate: the puzzle, its level and score; the filters by level */
    const char *input = format_text("%s\n%s\n", skyscraper_puzzle, P);
    r = RUN_IN(input, "rate", "--scale=hodoku");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    assert_string_equal(out.line[0], format_text("%s Hard 956", skyscraper_puzzle));
    const char *summary = strstr(RUN("explain", "--scale=hodoku", P).out, ": level ");
    assert_non_null(summary);
    char level[16];
    int p_score;
    assert_int_equal(sscanf(summary, ": level %15[A-Za-z], score %d", level, &p_score), 2);
    assert_string_equal(out.line[1], format_text("%s %s %d", dotted(P), level, p_score));
    /* puzzles left out as asked are no failure (issue 29), on either scale */
    r = RUN_IN(input, "rate", "--min-level=hard");
    assert_status(r, 0);
    assert_string_equal(split_lines(r.out).line[0], out.line[0]);
    assert_int_equal(split_lines(r.out).n,
                     strcmp(level, "Easy") == 0 || strcmp(level, "Medium") == 0 ? 1 : 2);
    r = RUN_IN(input, "rate", "--max-level=easy");
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, strcmp(level, "Easy") == 0 ? 1 : 0);
    r = RUN_IN(input, "rate", "--scale=hodoku", "--format=json");
    assert_status(r, 0);
    out = split_lines(r.out);
    assert_json_object(out.line[0]);
    assert_string_equal(json_text(out.line[0], "level"), "Hard");
    assert_string_equal(json_need(out.line[0], "score"), "956");
    assert_string_equal(json_text(out.line[0], "hardest"), "Skyscraper");
    static const char *const bad_options[][2] = {{"--scale=sukaku", NULL},
                                                 {"--min-level=tricky", NULL},
                                                 {"--min-level=hard", "--max-level=easy"},
                                                 {"--ep-min=2", "--max-level=hard"},
                                                 {"--scale=hodoku", "--ed-max=3"}};
    for (size_t i = 0; i < sizeof bad_options / sizeof bad_options[0]; i++) {
        r = bad_options[i][1] ? RUN("rate", bad_options[i][0], bad_options[i][1], P)
                              : RUN("rate", bad_options[i][0], P);
        assert_status(r, 2);
        assert_empty(r.out);
        assert_starts_with(assert_one_error_line(&r), "sudoku: ");
    }
}

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(test_explain_argument_text),
        TEST(test_explain_easy),
        TEST(test_explain_stream_blocks),
        TEST(test_explain_stuck),
        TEST(test_explain_no_solution_and_multiple),
        TEST(test_explain_invalid),
        TEST(test_explain_json_records),
        TEST(test_bad_input_as_solve),
        TEST(test_hint),
        TEST(test_hint_markers),
        TEST(test_bad_options),
        TEST(test_operands_and_options),
        TEST(test_help_and_version),
        TEST(test_jobs_same_output),
        TEST(test_stats),
        TEST(test_unwritable_output),
        TEST(test_pencilmarks_argument),
        TEST(test_pencilmarks_stream),
        TEST(test_hint_pencilmarks_walk),
        TEST(test_explain_chains),
        TEST(test_rate),
        TEST(test_rate_filters),
        TEST(test_rate_filters_ep_ed),
        TEST(test_rate_budget_and_no_chains),
        TEST(test_anyway_default_budget),
        TEST(test_rate_anyway),
        TEST(test_rate_bad_options),
        TEST(test_hodoku_scale),
    };
    return cmocka_run_group_tests_name("explain, hint and rate (end to end)", tests, harness_setup,
                                       harness_finish);
}
