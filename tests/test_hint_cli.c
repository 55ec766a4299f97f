/*
 * test_hint_cli.c: end-to-end tests of what a player's loop asks of the
 * command line: `hint --level` (where to look, the pattern, the whole
 * step), `hint --apply` (the step and the state after it in one call),
 * JSON steps that carry their words, `hint --puzzle` (the mistake finder),
 * `show` (a state drawn as given), and `play`'s usage errors.
 *
 * The states along a puzzle's path come from the library in process;
 * what the levels may say (no cell at level 1, nothing removed or placed
 * at level 2), the mistakes (from the tests' own solver) and the plain
 * candidates (from the tests' own geometry) are checked independently.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku build/tests/test_hint_cli
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_harness.h"
#include "reference.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Arto Inkala's "Easter monster": its path needs chains. */
static const char monster[] =
    "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46";

/* The 729 characters of a logic state. */
static void state_text(const sudoku_logic *s, char out[9 * SUDOKU_CELLS + 1])
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 1; d <= 9; d++) {
            bool on = s->placed.cell[cell] ? s->placed.cell[cell] == d
                                           : (s->candidates[cell] >> (d - 1)) & 1;
            out[9 * cell + d - 1] = on ? (char)('0' + d) : '.';
        }
    out[9 * SUDOKU_CELLS] = '\0';
}

/* The states along a puzzle's path, at most max of them, one a line. */
static char *path_states(const char *puzzle, int max, int *n)
{
    sudoku_grid grid;
    sudoku_logic s;
    sudoku_step *step = malloc(sizeof *step);
    assert_non_null(step);
    grid_from(puzzle, &grid);
    assert_true(sudoku_logic_from_grid(&s, &grid));
    char *text = xmalloc((size_t)max * (9 * SUDOKU_CELLS + 1) + 1);
    size_t len = 0;
    *n = 0;
    while (*n < max && !sudoku_logic_solved(&s) && sudoku_logic_next(&s, 0, step)) {
        state_text(&s, text + len);
        len += 9 * SUDOKU_CELLS;
        text[len++] = '\n';
        (*n)++;
        sudoku_logic_apply(&s, step);
    }
    text[len] = '\0';
    free(step);
    return text;
}

static bool names_a_cell(const char *text)
{
    regex_t re;
    assert_int_equal(regcomp(&re, "r[1-9]c[1-9]", REG_NOSUB), 0);
    bool found = regexec(&re, text, 0, NULL, 0) == 0;
    regfree(&re);
    return found;
}

/* The words before the first ": ", the technique and its rating. */
static size_t header_length(const char *line)
{
    const char *colon = strstr(line, ": ");
    assert_non_null(colon);
    return (size_t)(colon - line);
}

/* Every state along two paths: level 1 names units and no cell; level 2
 * is the step's words before what it removes or places; level 3 is the
 * plain hint, unchanged. */
static void levels_on(const char *puzzle, int max)
{
    int n;
    char *states = path_states(puzzle, max, &n);
    const char *file = make_temp_file(states, strlen(states), NULL);
    run_result r1 = RUN("hint", "--level", "1", file);
    run_result r2 = RUN("hint", "--level=2", file);
    run_result r3 = RUN("hint", "--level", "3", file);
    run_result plain = RUN("hint", file);
    assert_status(r1, 0);
    assert_status(r2, 0);
    assert_status(r3, 0);
    assert_string_equal(r3.out, plain.out);
    lines l1 = split_lines(r1.out), l2 = split_lines(r2.out), l3 = split_lines(r3.out);
    assert_int_equal(l1.n, (size_t)n);
    assert_int_equal(l2.n, (size_t)n);
    assert_int_equal(l3.n, (size_t)n);
    int checked = 0;
    for (int i = 0; i < n; i++) {
        const char *a = l1.line[i], *b = l2.line[i], *c = l3.line[i];
        /* A state whose open cells all have one candidate reads as solved
         * (729 characters cannot tell an open cell from a placed one). */
        if (!strstr(c, ": ")) {
            assert_string_equal(c, "solved");
            assert_string_equal(a, c);
            continue;
        }
        checked++;
        size_t h = header_length(c);
        assert_memory_equal(a, c, h);
        assert_memory_equal(b, c, h);
        assert_starts_with(a + h, ": look at ");
        regex_t re;
        assert_int_equal(regcomp(&re,
                                 "^: look at ((rows?|columns?|boxes|box) [1-9](, [1-9])*)"
                                 "( and (rows?|columns?|boxes|box) [1-9](, [1-9])*)*$",
                                 REG_EXTENDED | REG_NOSUB),
                         0);
        if (regexec(&re, a + h, 0, NULL, 0) != 0) fail_msg("level 1 is no list of units: %s", a);
        regfree(&re);
        assert_false(names_a_cell(a));
        assert_not_contains(b, "=>");
        if (strncmp(c, "Hidden single", 13) == 0 || strncmp(c, "Naked single", 12) == 0) {
            char placed[16];
            const char *eq = strstr(c, "=");
            snprintf(placed, sizeof placed, "%.*s", (int)(eq + 2 - (eq - 4)), eq - 4);
            assert_not_contains(b, placed); /* the cell's digit is level 3's */
        } else if (strstr(c, ", leaving ")) {
            assert_int_equal(strncmp(b, c, strlen(b)), 0);
            assert_not_contains(b, ", leaving ");
        } else {
            /* the words of level 3 up to " => " */
            size_t cut = (size_t)(strstr(c, " => ") - c);
            assert_int_equal(strlen(b), cut);
            assert_memory_equal(b, c, cut);
        }
    }
    assert_true(checked >= n / 2);
}

static void test_levels(void **state)
{
    (void)state;
    levels_on(P, 200);
    levels_on(monster, under_wrapper() ? 8 : 40);
}

static void test_level_json(void **state)
{
    (void)state;
    run_result r = RUN("hint", "--level", "1", "--format", "json", P);
    assert_status(r, 0);
    assert_contains(r.out,
                    "\"step\":{\"technique\":\"Hidden single\",\"rating\":1.2,\"level\":1,"
                    "\"units\":[\"box 4\"],\"text\":\"Hidden single (1.2): look at box 4\"}");
    r = RUN("hint", "--level", "2", "--format", "json", P);
    assert_contains(r.out, "\"level\":2,\"units\":[\"box 4\"],\"cells\":[],\"digits\":[4],"
                           "\"text\":\"Hidden single (1.2): the only place for 4 in box 4\"}");
    r = RUN("hint", "--level", "0", P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "--level needs 1");
    r = RUN("hint", "--level", "2", "--format", "pencilmarks", P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "--level and --apply go with");
}

/* Each JSON step's "text" is the line explain prints for it. */
static void test_json_text(void **state)
{
    (void)state;
    const char *puzzle = under_wrapper() ? P : monster;
    run_result text = RUN("explain", puzzle);
    run_result json = RUN("explain", "--format", "json", puzzle);
    assert_status(text, 0);
    assert_status(json, 0);
    lines l = split_lines(text.out);
    size_t steps = 0;
    const char *p = json.out;
    while ((p = strstr(p, ",\"text\":\"")) != NULL) {
        p += 9;
        const char *end = strchr(p, '"');
        assert_non_null(end);
        assert_true(steps + 1 < l.n);
        const char *line = l.line[1 + steps]; /* after "Puzzle: ..." */
        if (strlen(line) != (size_t)(end - p) || strncmp(line, p, (size_t)(end - p)) != 0)
            fail_msg("step %zu: JSON text \"%.*s\", text line \"%s\"", steps + 1, (int)(end - p), p,
                     line);
        steps++;
        p = end;
    }
    assert_int_equal(steps, l.n - 2); /* the lines but "Puzzle:" and "Solved in" */
}

/* --apply: the step and the state after it, which hint takes again. */
static void test_apply(void **state)
{
    (void)state;
    run_result pm = RUN("hint", "--format", "pencilmarks", P);
    run_result r = RUN("hint", "--apply", P);
    assert_status(r, 0);
    lines l = split_lines(r.out);
    assert_int_equal(l.n, 2);
    run_result plain = RUN("hint", P);
    assert_string_equal(format_text("%s\n", l.line[0]), plain.out);
    assert_string_equal(format_text("%s\n", l.line[1]), pm.out);
    run_result json = RUN("hint", "--apply", "--format", "json", P);
    assert_contains(json.out, format_text(",\"state\":\"%s\"", l.line[1]));
    /* A path walked by --apply alone reaches the solution. */
    char *now = xstrdup(P);
    for (int i = 0; i < (under_wrapper() ? 5 : 100); i++) {
        run_result step = RUN("hint", "--apply", now);
        assert_status(step, 0);
        lines s = split_lines(step.out);
        assert_int_equal(s.n, 2);
        if (strcmp(s.line[0], "solved") == 0) break;
        assert_int_equal(strlen(s.line[1]), 9 * SUDOKU_CELLS);
        now = (xstrdup(s.line[1]));
    }
    /* explain --apply: each step's line, then the state it leaves; the
     * last is the solution, and JSON steps carry the same states. */
    run_result e = RUN("explain", "--apply", P);
    run_result ej = RUN("explain", "--apply", "--format", "json", P);
    assert_status(e, 0);
    lines el = split_lines(e.out);
    assert_true(el.n > 4 && el.n % 2 == 0); /* Puzzle:, step and state pairs, Solved in */
    reference_answer a = reference_solve(P, 2);
    const char *last = el.line[el.n - 2];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 1; d <= 9; d++)
            assert_int_equal(last[9 * cell + d - 1] != '.', a.solution[cell] == '0' + d);
    for (size_t i = 2; i + 1 < el.n; i += 2)
        assert_contains(ej.out, format_text(",\"state\":\"%s\"}", el.line[i]));
    /* Records without a state: their line twice. */
    r = RUN("hint", "--apply", "12");
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\ninvalid\n");
}

/* ---- the mistake finder ---- */

static void test_mistakes_in_entries(void **state)
{
    (void)state;
    reference_answer a = reference_solve(P, 2);
    char s[SUDOKU_CELLS + 1], mended[SUDOKU_CELLS + 1];
    strcpy(s, P);
    /* right entries in r1c2 and r1c3; wrong ones in r2c1 and r9c9 */
    s[1] = a.solution[1];
    s[2] = a.solution[2];
    int w1 = 9, w2 = 80;
    s[w1] = (char)('1' + (a.solution[w1] - '0') % 9);
    s[w2] = (char)('1' + (a.solution[w2] - '0') % 9);
    strcpy(mended, s);
    mended[w1] = mended[w2] = '.';
    run_result r = RUN("hint", "--puzzle", P, s);
    assert_status(r, 0);
    run_result next = RUN("hint", mended);
    assert_string_equal(r.out, format_text("2 mistakes: r2c1 (%c is wrong), r9c9 (%c is wrong); "
                                           "next, once they are mended: %s",
                                           s[w1], s[w2], next.out));
    run_result j = RUN("hint", "--puzzle", P, "--format", "json", s);
    assert_contains(j.out, format_text("\"puzzle\":\"%s\"", s));
    assert_contains(
        j.out,
        format_text("\"mistakes\":{\"wrong\":[[2,1,%c],[9,9,%c]],\"removed\":[]}", s[w1], s[w2]));
    /* No mistakes: said so. */
    r = RUN("hint", "--puzzle", P, P);
    assert_starts_with(r.out, "no mistakes; next: ");
    /* An entry that repeats a given of its row: a mistake, not a bad record. */
    strcpy(s, P);
    s[1] = '4'; /* r1c1 gives 4 */
    r = RUN("hint", "--puzzle", P, s);
    assert_status(r, 0);
    assert_starts_with(r.out, "1 mistake: r1c2 (4 is wrong); next, once it is mended: ");
    /* A given changed or gone: an error naming the cell. */
    strcpy(s, P);
    s[0] = '5';
    r = RUN("hint", "--puzzle", P, s);
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_contains(assert_one_error_line(&r), "r1c1 holds 5 where the puzzle gives 4");
    s[0] = '.';
    r = RUN("hint", "--puzzle", P, s);
    assert_contains(assert_one_error_line(&r), "r1c1 is empty where the puzzle gives 4");
    /* The puzzle must have one solution. */
    char two[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    r = RUN("hint", "--puzzle", two, P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "--puzzle: the puzzle has more than one solution");
}

static void test_mistakes_in_candidates(void **state)
{
    (void)state;
    reference_answer a = reference_solve(P, 2);
    run_result plain = RUN("show", "--format", "pencilmarks", P);
    assert_status(plain, 0);
    char *s = (xstrdup(plain.out));
    s[9 * SUDOKU_CELLS] = '\0';
    /* r1c2 loses its solution's digit; r1c3 is left with a wrong one alone */
    int right2 = a.solution[1] - '0', right3 = a.solution[2] - '0';
    s[9 + right2 - 1] = '.';
    int wrong = 0;
    for (int d = 1; d <= 9; d++)
        if (s[18 + d - 1] != '.' && d != right3 && !wrong) wrong = d;
    for (int d = 1; d <= 9; d++) s[18 + d - 1] = d == wrong ? (char)('0' + d) : '.';
    run_result r = RUN("hint", "--puzzle", P, s);
    assert_status(r, 0);
    assert_starts_with(r.out, format_text("2 mistakes: r1c2 (%d was removed), r1c3 (%d is wrong); "
                                          "next, once they are mended: ",
                                          right2, wrong));
    run_result j = RUN("hint", "--puzzle", P, "--format", "json", s);
    assert_contains(j.out, format_text("\"mistakes\":{\"wrong\":[[1,3,%d]],\"removed\":[[1,2,%d]]}",
                                       wrong, right2));
    /* A given's cell with other candidates is no state of the puzzle. */
    s = (xstrdup(plain.out));
    s[1] = '2'; /* r1c1: 2 and 4 */
    r = RUN("hint", "--puzzle", P, s);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "r1c1 has candidates 24 where the puzzle gives 4");
}

/* Many states in one stream, past a batch of 1024: an output line per
 * record, in order; a record that is no state of the puzzle gets
 * "invalid" and one diagnostic naming its line; the others go on; the
 * exit status is 2; the same with -j 2. */
static void test_mistakes_stream(void **state)
{
    (void)state;
    reference_answer a = reference_solve(P, 2);
    run_result first = RUN("hint", P);
    assert_status(first, 0);
    int records = under_wrapper() ? 60 : 1100, open_cells[SUDOKU_CELLS] = {0}, opens = 0, bad = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (P[cell] == '.') open_cells[opens++] = cell;
    assert_true(opens > 0);
    size_t in_cap = (size_t)records * (SUDOKU_CELLS + 1) + 1, out_cap = (size_t)records * 256;
    char *input = xmalloc(in_cap), *want = xmalloc(out_cap), *want_err = xmalloc(out_cap);
    size_t in_n = 0, out_n = 0, err_n = 0;
    for (int i = 0; i < records; i++) {
        char s[SUDOKU_CELLS + 1];
        strcpy(s, P);
        int cell = open_cells[i % opens];
        char digit = (char)('1' + (a.solution[cell] - '0') % 9); /* never the solution's */
        switch (i % 3) {
        case 0: /* a wrong entry */
            s[cell] = digit;
            out_n += (size_t)snprintf(want + out_n, out_cap - out_n,
                                      "1 mistake: r%dc%d (%c is wrong); next, once it is mended: "
                                      "%s",
                                      cell / 9 + 1, cell % 9 + 1, digit, first.out);
            break;
        case 1: /* the puzzle as it is */
            out_n +=
                (size_t)snprintf(want + out_n, out_cap - out_n, "no mistakes; next: %s", first.out);
            break;
        default: /* r1c1's given changed: no state of P */
            s[0] = '5';
            bad++;
            out_n += (size_t)snprintf(want + out_n, out_cap - out_n, "invalid\n");
            err_n += (size_t)snprintf(want_err + err_n, out_cap - err_n,
                                      "sudoku: stdin:%d: r1c1 holds 5 where the puzzle gives 4 "
                                      "(--puzzle)\n",
                                      i + 1);
            break;
        }
        in_n += (size_t)snprintf(input + in_n, in_cap - in_n, "%s\n", s);
    }
    assert_true(bad > 0);
    run_result r = RUN_IN(input, "hint", "--puzzle", P);
    assert_status(r, 2);
    assert_string_equal(r.out, want);
    assert_string_equal(r.err, want_err);
    run_result j = RUN_IN(input, "hint", "--puzzle", P, "-j", "2");
    assert_same_runs(&r, &j);
    /* JSON: an object per record, in order, the bad ones "invalid". */
    run_result json = RUN_IN(input, "hint", "--puzzle", P, "--format", "json");
    assert_status(json, 2);
    assert_int_equal(count_char(json.out, '\n'), (size_t)records);
    const char *line = json.out;
    for (int i = 0; i < records; i++) {
        char head[96];
        snprintf(head, sizeof head, "{\"source\":\"stdin\",\"line\":%d,\"status\":\"%s\"", i + 1,
                 i % 3 == 2 ? "invalid" : "found");
        assert_starts_with(line, head);
        line = strchr(line, '\n') + 1;
    }
}

/* ---- show ---- */

static void test_show(void **state)
{
    (void)state;
    /* A puzzle: each open cell the digits its peers' givens leave. */
    char want[9 * SUDOKU_CELLS + 2];
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (int d = 1; d <= 9; d++) {
            bool ok = P[cell] == '0' + d;
            if (P[cell] == '.') {
                ok = true;
                for (int p = 0; p < SUDOKU_CELLS; p++) {
                    int r = cell / 9, c = cell % 9, pr = p / 9, pc = p % 9;
                    bool peer =
                        p != cell && (r == pr || c == pc || (r / 3 == pr / 3 && c / 3 == pc / 3));
                    if (peer && P[p] == '0' + d) ok = false;
                }
            }
            want[9 * cell + d - 1] = ok ? (char)('0' + d) : '.';
        }
    }
    want[9 * SUDOKU_CELLS] = '\n';
    want[9 * SUDOKU_CELLS + 1] = '\0';
    run_result r = RUN("show", "--format", "pencilmarks", P);
    assert_status(r, 0);
    assert_string_equal(r.out, want);
    /* A state comes back as it was given, though singles could go on. */
    run_result again = RUN_IN(want, "show", "--format", "pencilmarks");
    assert_string_equal(again.out, want);
    /* The candidate grid: each cell's set, in order. */
    r = RUN("show", P);
    assert_status(r, 0);
    char *copy = (xstrdup(r.out));
    int cell = 0;
    for (char *tok = strtok(copy, " |\n"); tok; tok = strtok(NULL, " |\n")) {
        if (tok[0] == '-') continue;
        char set[10] = "";
        size_t n = 0;
        for (int d = 1; d <= 9; d++)
            if (want[9 * cell + d - 1] != '.') set[n++] = (char)('0' + d);
        set[n] = '\0';
        assert_true(cell < SUDOKU_CELLS);
        assert_string_equal(tok, set);
        cell++;
    }
    assert_int_equal(cell, SUDOKU_CELLS);
    /* Solve's view applies singles; show's does not. */
    run_result solved = RUN("solve", "--show-candidates", P);
    assert_true(strcmp(solved.out, r.out) != 0);
    /* Two records: two grids, a blank line between; a bad one says so. */
    r = RUN_IN(format_text("%s\n%s\n12\n", P, P), "show");
    assert_status(r, 2);
    assert_int_equal(count_char(r.out, '\n'), 2 * 11 + 2 + 1);
    assert_contains(r.out, "\ninvalid\n");
}

static void test_play_usage(void **state)
{
    (void)state;
    run_result r = RUN("play", "--format", "json", P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "a game has no --format");
    r = RUN("play", "--difficulty", "impossible");
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "no difficulty 'impossible'");
    r = RUN("play", P, P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "one puzzle or file at a time");
    r = RUN("play", P);
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "not a terminal");
    r = RUN("play", "--help");
    assert_status(r, 0);
    assert_contains(r.out, "Usage: sudoku play");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_levels, harness_teardown),
        cmocka_unit_test_teardown(test_level_json, harness_teardown),
        cmocka_unit_test_teardown(test_json_text, harness_teardown),
        cmocka_unit_test_teardown(test_apply, harness_teardown),
        cmocka_unit_test_teardown(test_mistakes_in_entries, harness_teardown),
        cmocka_unit_test_teardown(test_mistakes_in_candidates, harness_teardown),
        cmocka_unit_test_teardown(test_mistakes_stream, harness_teardown),
        cmocka_unit_test_teardown(test_show, harness_teardown),
        cmocka_unit_test_teardown(test_play_usage, harness_teardown),
    };
    return cmocka_run_group_tests(tests, harness_setup, harness_finish);
}
