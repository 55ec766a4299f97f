/*
 * test_generate_cli.c: end-to-end tests of `sudoku generate` and `sudoku
 * check`. Every generated puzzle is judged by the tests' own solver
 * (reference.c): one solution, the symmetry asked for (by the maps written
 * there), minimal when it should be, clues and ratings in the ranges
 * asked; the same seed gives the same bytes whatever -j is, and a JSON
 * record's seed gives its puzzle again. check must agree with `solve
 * --count` and with the reference's minimality test, on generated puzzles
 * and on dataset puzzles (SHARED_PUZZLES, skipped when absent).
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku SHARED_PUZZLES=../shared/puzzles build/tests/test_generate_cli
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"
#include "reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- helpers ---- */

static int clues_of(const char *p)
{
    int n = 0;
    for (int i = 0; i < SUDOKU_CELLS; i++) n += p[i] != '.';
    return n;
}

/* The first 81 characters of a line, as a puzzle. */
static const char *puzzle_of(const char *line)
{
    if (strlen(line) < SUDOKU_CELLS) fail_msg("not a puzzle line: '%s'", line);
    char *p = keep(calloc(SUDOKU_CELLS + 1, 1));
    memcpy(p, line, SUDOKU_CELLS);
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if (p[i] != '.' && (p[i] < '1' || p[i] > '9')) fail_msg("not a puzzle line: '%s'", line);
    return p;
}

static void assert_unique(const char *p)
{
    reference_answer a = reference_solve(p, 2);
    if (a.over_budget || a.solutions != 1)
        fail_msg("%s: %d solutions by the reference", p, a.solutions);
}

static void assert_minimal(const char *p)
{
    bool can_go[SUDOKU_CELLS];
    int n = reference_redundant(p, can_go);
    if (n != 0) fail_msg("%s: %d clues could go", p, n);
}

/* The value of a field of a one-line JSON record, up to the next ',' or
 * '}' (strings keep their quotes); NULL if absent. */
static const char *json_value(const char *record, const char *name)
{
    const char *key = format_text("\"%s\":", name);
    const char *at = strstr(record, key);
    if (!at) return NULL;
    at += strlen(key);
    size_t n = 0;
    if (at[0] == '"') {
        n = 1 + (size_t)(strchr(at + 1, '"') - at);
    } else if (at[0] == '[') {
        int depth = 0;
        do depth += (at[n] == '[') - (at[n] == ']');
        while (at[n++] && depth > 0);
    } else {
        n = strcspn(at, ",}");
    }
    char *v = keep(calloc(n + 1, 1));
    memcpy(v, at, n);
    return v;
}

/* A JSON string field without its quotes. */
static const char *json_text(const char *record, const char *name)
{
    const char *v = json_value(record, name);
    if (!v || v[0] != '"') fail_msg("no string \"%s\" in %s", name, record);
    char *s = xstrdup(v + 1);
    s[strlen(s) - 1] = '\0';
    return s;
}

/* Reads "A.B" as tenths. */
static int tenths(const char *text)
{
    int whole, decimal;
    if (sscanf(text, "%d.%d", &whole, &decimal) != 2) fail_msg("not a rating: '%s'", text);
    return 10 * whole + decimal;
}

/* ---- generate ---- */

static void generated_puzzles_are_unique_minimal_and_new(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed", "11", "12");
    assert_status(r, 0);
    assert_empty(r.err);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 12);
    for (size_t i = 0; i < out.n; i++) {
        assert_int_equal(strlen(out.line[i]), SUDOKU_CELLS);
        const char *p = puzzle_of(out.line[i]);
        assert_null(check_puzzle(p));
        assert_unique(p);
        assert_minimal(p);
        for (size_t j = 0; j < i; j++)
            if (strcmp(out.line[j], out.line[i]) == 0) fail_msg("puzzle %zu repeats %zu", i, j);
    }
    run_result one = RUN("generate");
    assert_status(one, 0);
    assert_int_equal(split_lines(one.out).n, 1); /* N defaults to 1 */
}

static void seeds_give_the_same_bytes_whatever_the_jobs(void **state)
{
    (void)state;
    run_result a = RUN("generate", "--seed=77", "--symmetry=random", "--format=json", "9");
    run_result b =
        RUN("generate", "--seed=77", "--symmetry=random", "--format=json", "-j", "2", "9");
    run_result c =
        RUN("generate", "--seed=77", "--symmetry=random", "--format=json", "-j", "3", "9");
    assert_status(a, 0);
    assert_same_runs(&a, &b);
    assert_same_runs(&a, &c);
    run_result d = RUN("generate", "--seed=78", "--symmetry=random", "--format=json", "9");
    if (strcmp(a.out, d.out) == 0) fail_msg("seeds 77 and 78 gave the same puzzles");
    /* Without --seed, --stats says which was used, and it gives the run again. */
    run_result e = RUN("generate", "--stats", "3");
    assert_status(e, 0);
    const char *at = strstr(e.err, "seed ");
    assert_non_null(at);
    char seed[32];
    assert_int_equal(sscanf(at, "seed %31[0-9]", seed), 1);
    run_result f = RUN("generate", "--seed", seed, "3");
    assert_string_equal(e.out, f.out);
}

static void a_json_record_gives_its_puzzle_again(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=5", "--format=json", "--symmetry=mirror", "3");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 3);
    for (size_t i = 0; i < out.n; i++) {
        const char *rec = out.line[i];
        assert_string_equal(json_value(rec, "number"), format_text("%zu", i + 1));
        assert_string_equal(json_text(rec, "status"), "generated");
        assert_string_equal(json_text(rec, "symmetry"), "mirror");
        const char *p = json_text(rec, "puzzle"), *solution = json_text(rec, "solution");
        assert_null(check_solution(p, solution));
        assert_unique(p);
        assert_string_equal(json_value(rec, "clues"), format_text("%d", clues_of(p)));
        assert_true(tenths(json_value(rec, "er")) >= 10);
        run_result again = RUN("generate", "--symmetry=mirror", "--seed", json_value(rec, "seed"));
        assert_string_equal(again.out, format_text("%s\n", p));
        /* and without its quotes, as jq -r gives it */
        again = RUN("generate", "--symmetry=mirror", "--seed", json_text(rec, "seed"));
        assert_string_equal(again.out, format_text("%s\n", p));
    }
}

/* A seed past 2^53 is a JSON string, exact: a number would be rounded by
 * jq, JavaScript and Python's float paths, and make another puzzle when
 * fed back (issue 29). Every other number stays below 2^53. */
static void json_seeds_are_strings(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=3", "--format=json", "2");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    /* puzzle 2's seed: the run's plus the documented step (docs/generate.md) */
    unsigned long long second = 3ull + 0x9E3779B97F4A7C15ull;
    assert_string_equal(json_value(out.line[1], "seed"), format_text("\"%llu\"", second));
    assert_string_equal(json_value(out.line[0], "seed"), "\"3\"");
    for (size_t i = 0; i < out.n; i++)
        for (const char *p = out.line[i]; (p = strchr(p, ':')) != NULL; p++) {
            if (p[1] < '0' || p[1] > '9') continue;
            double v = strtod(p + 1, NULL);
            if (v >= 9007199254740992.0) fail_msg("a JSON number past 2^53: %.40s", p);
        }
    run_result again = RUN("generate", "--seed", json_value(out.line[1], "seed"), "1");
    assert_string_equal(again.out, format_text("%s\n", json_text(out.line[1], "puzzle")));
    run_result bad = RUN("generate", "--seed", "\"12", "1");
    assert_status(bad, 2);
}

static void symmetries_are_kept(void **state)
{
    (void)state;
    static const char *const names[] = {"none",       "rotate180", "rotate90",     "mirror",
                                        "flip",       "diagonal",  "antidiagonal", "biaxial",
                                        "bidiagonal", "full"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        run_result r = RUN("generate", "--seed=3", format_text("--symmetry=%s", names[k]), "3");
        assert_status(r, 0);
        lines out = split_lines(r.out);
        assert_int_equal(out.n, 3);
        for (size_t i = 0; i < out.n; i++) {
            const char *p = puzzle_of(out.line[i]);
            assert_unique(p);
            if (!reference_pattern_has(p, reference_symmetry_maps(names[k])))
                fail_msg("%s: not %s", p, names[k]);
        }
    }
}

static void minimal_symmetric_puzzles(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=8", "--symmetry=rotate180", "--minimal", "2");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    for (size_t i = 0; i < out.n; i++) {
        const char *p = puzzle_of(out.line[i]);
        assert_true(reference_pattern_has(p, reference_symmetry_maps("rotate180")));
        assert_unique(p);
        assert_minimal(p);
    }
}

static void clues_in_the_range_asked(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=2", "--clues=30-32", "4");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 4);
    for (size_t i = 0; i < out.n; i++) {
        const char *p = puzzle_of(out.line[i]);
        assert_in_range(clues_of(p), 30, 32);
        assert_unique(p);
    }
    run_result exact = RUN("generate", "--seed=2", "--clues=25", "2");
    assert_status(exact, 0);
    out = split_lines(exact.out);
    for (size_t i = 0; i < out.n; i++) assert_int_equal(clues_of(puzzle_of(out.line[i])), 25);
}

/* Asked for what does not come, generate says so for each puzzle, prints
 * no line for it (a line that is no puzzle would mislead a reader), and
 * exits 1; JSON still has one record each. */
static void puzzles_not_found(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=2", "--symmetry=full", "--clues=25", "--attempts=30",
                       "--stats", "2");
    assert_status(r, 1);
    assert_empty(r.out);
    assert_contains(r.err,
                    "sudoku: puzzle 1: no puzzle of 25 clues in 30 attempts (clues reached:");
    assert_contains(r.err, "sudoku: puzzle 2: no puzzle of 25 clues in 30 attempts");
    assert_contains(r.err, "0 puzzles generated, 2 not found; 60 drawn");
    run_result j = RUN("generate", "--seed=2", "--symmetry=full", "--clues=25", "--attempts=30",
                       "--format=json", "2");
    assert_status(j, 1);
    lines out = split_lines(j.out);
    assert_int_equal(out.n, 2);
    assert_string_equal(json_text(out.line[1], "status"), "not_found");
    assert_string_equal(json_value(out.line[1], "puzzle"), "null");
    assert_string_equal(json_value(out.line[1], "attempts"), "30");
}

/* Ratings in the range asked, as `sudoku rate` gives them. */
static void ratings_in_the_range_asked(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=4", "--rating=2.0-2.6", "--rate", "3");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 3);
    char *input = xstrdup("");
    for (size_t i = 0; i < out.n; i++) {
        const char *line = out.line[i];
        assert_int_equal(line[SUDOKU_CELLS], ' ');
        int er = tenths(line + SUDOKU_CELLS + 1);
        assert_in_range(er, 20, 26);
        input = format_text("%s%s\n", input, puzzle_of(line));
    }
    run_result rated = RUN_IN(input, "rate");
    assert_status(rated, 0);
    assert_string_equal(rated.out, r.out); /* the same ratings, the same layout */
    run_result easy = RUN("generate", "--seed=4", "--difficulty=easy", "--format=json", "2");
    assert_status(easy, 0);
    out = split_lines(easy.out);
    for (size_t i = 0; i < out.n; i++)
        assert_in_range(tenths(json_value(out.line[i], "er")), 10, 15);
}

/* HoDoKu's levels asked, as `sudoku rate --scale hodoku` gives them: the
 * level rises with the score too, past the levels of the steps (seed 1
 * draws such Extreme puzzles early). */
static void levels_asked(void **state)
{
    (void)state;
    static const char *const asked[][2] = {{"--level=unfair", "Unfair"},
                                           {"--level=easy-medium", NULL}};
    for (size_t k = 0; k < 2; k++) {
        run_result r = RUN("generate", "--seed=1", asked[k][0], "--rate", "3");
        assert_status(r, 0);
        lines out = split_lines(r.out);
        assert_int_equal(out.n, 3);
        char *input = xstrdup("");
        for (size_t i = 0; i < out.n; i++) {
            const char *level = out.line[i] + SUDOKU_CELLS + 1;
            if (asked[k][1])
                assert_true(strncmp(level, asked[k][1], strlen(asked[k][1])) == 0);
            else
                assert_true(strncmp(level, "Easy ", 5) == 0 || strncmp(level, "Medium ", 7) == 0);
            input = format_text("%s%s\n", input, puzzle_of(out.line[i]));
        }
        run_result rated = RUN_IN(input, "rate", "--scale=hodoku");
        assert_status(rated, 0);
        assert_string_equal(rated.out, r.out);
    }
    run_result json = RUN("generate", "--seed=1", "--level=hard", "--format=json", "1");
    assert_status(json, 0);
    assert_string_equal(json_text(json.out, "level"), "Hard");
    assert_null(strstr(json.out, "\"er\""));
    /* a level with a pattern of clues: HoDoKu's level of each, and the pattern's cells */
    const char *pattern =
        "x.x...x.x.xx.x.xx.xx.....xx...xxx....x.x.x.x....xxx...xx.....xx.xx.x.xx.x.x...x.x";
    run_result on = RUN("generate", "--seed=2", "--level=medium-hard", "--pattern", pattern,
                        "--rate", "2");
    assert_status(on, 0);
    lines got = split_lines(on.out);
    assert_int_equal(got.n, 2);
    for (size_t i = 0; i < got.n; i++) {
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            assert_int_equal(got.line[i][cell] != '.', pattern[cell] == 'x');
        const char *level = got.line[i] + SUDOKU_CELLS + 1;
        assert_true(strncmp(level, "Medium ", 7) == 0 || strncmp(level, "Hard ", 5) == 0);
        run_result rated = RUN("rate", "--scale=hodoku", puzzle_of(got.line[i]));
        assert_string_equal(rated.out, format_text("%s\n", got.line[i]));
    }
    /* SE's techniques and EP/ED are no filters of HoDoKu's scale: said at once */
    static const char *const refused[][3] = {
        {"--technique=x-wing", "--scale=hodoku", "--technique and --needs name Sudoku Explainer's"},
        {"--needs=swordfish", "--level=hard", "--technique and --needs name Sudoku Explainer's"},
        {"--pearl=2-4", "--level=hard", "--pearl and --diamond are ranges of SE's ratings"}};
    for (size_t i = 0; i < 3; i++) {
        run_result r = RUN("generate", refused[i][0], refused[i][1], "1");
        assert_status(r, 2);
        assert_empty(r.out);
        assert_contains(assert_one_error_line(&r), refused[i][2]);
    }
}

static void solutions_and_grids(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=6", "--solution", "2");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    for (size_t i = 0; i < out.n; i++) {
        const char *line = out.line[i];
        assert_int_equal(strlen(line), 2 * SUDOKU_CELLS + 1);
        assert_null(check_solution(puzzle_of(line), line + SUDOKU_CELLS + 1));
    }
    /* The grids read back as the same puzzles. */
    run_result grids = RUN("generate", "--seed=6", "--format=grid", "2");
    assert_status(grids, 0);
    run_result back = RUN_IN(grids.out, "check");
    assert_status(back, 0);
    lines checked = split_lines(back.out);
    assert_int_equal(checked.n, 2);
    for (size_t i = 0; i < 2; i++)
        assert_string_equal(puzzle_of(checked.line[i]), puzzle_of(out.line[i]));
}

static void generate_bad_options(void **state)
{
    (void)state;
    static const char *const bad[][3] = {{"--clues=16", NULL},
                                         {"--clues=30-20", NULL},
                                         {"--clues=x", NULL},
                                         {"--rating=5-4", NULL},
                                         {"--rating=1.25", NULL},
                                         {"--difficulty=insane", NULL},
                                         {"--difficulty=easy", "--rating=5-6"},
                                         {"--rating=5-6", "--difficulty=easy"},
                                         {"--level=hard", "--rating=5-6"},
                                         {"--level=extreme-easy", NULL},
                                         {"--level=tricky", NULL},
                                         {"--scale=sukaku", NULL},
                                         {"--rating=0x2-1e1", NULL},
                                         /* no puzzle rates below 1.0: refused at once, not
                                          * after every attempt */
                                         {"--rating=0", NULL},
                                         {"--rating=0.0-0.9", NULL},
                                         {"--first-line=5", NULL},
                                         {"--symmetry=spiral", NULL},
                                         {"--seed=-1", NULL},
                                         {"--seed=18446744073709551616", NULL},
                                         {"--attempts=0", NULL},
                                         {"--format=text", NULL},
                                         {"x", NULL},
                                         {"3", "4"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        run_result r =
            bad[i][1] ? RUN("generate", bad[i][0], bad[i][1]) : RUN("generate", bad[i][0]);
        assert_status(r, 2);
        assert_empty(r.out);
        assert_starts_with(assert_one_error_line(&r), "sudoku: ");
    }
}

/* ---- check ---- */

/* One puzzle of each kind check tells apart, and generated puzzles with
 * clues put back (so not minimal). */
static char *check_input(void)
{
    run_result g = RUN("generate", "--seed=21", "--solution", "6");
    assert_status(g, 0);
    lines out = split_lines(g.out);
    char *input = xstrdup("");
    for (size_t i = 0; i < out.n; i++) {
        char p[SUDOKU_CELLS + 1];
        memcpy(p, out.line[i], SUDOKU_CELLS);
        p[SUDOKU_CELLS] = '\0';
        /* i % 3 clues put back, at the first blanks from a cell of its own */
        for (int k = 0, cell = (int)(i * 17) % SUDOKU_CELLS; k < (int)(i % 3);
             cell = (cell + 1) % SUDOKU_CELLS)
            if (p[cell] == '.') {
                p[cell] = out.line[i][SUDOKU_CELLS + 1 + cell];
                k++;
            }
        input = format_text("%s%s\n", input, p);
    }
    char two[SUDOKU_CELLS + 1], none[SUDOKU_CELLS + 1];
    two_solution_puzzle(two);
    no_solution_puzzle(none);
    return format_text("%s%s\n%s\n", input, two, none);
}

/* Each line of check's JSON against solve --count and the reference. */
static void assert_check_agrees(const char *input)
{
    run_result c = RUN_IN(input, "check", "--format=json");
    run_result s = RUN_IN(input, "solve", "--count", "--limit=2");
    lines checked = split_lines(c.out), counted = split_lines(s.out);
    assert_int_equal(checked.n, counted.n);
    for (size_t i = 0; i < checked.n; i++) {
        const char *rec = checked.line[i];
        const char *p = json_text(rec, "puzzle");
        const char *count = strcmp(counted.line[i], "at least 2") == 0 ? "2" : counted.line[i];
        assert_string_equal(json_value(rec, "solutions"), count);
        assert_string_equal(json_value(rec, "clues"), format_text("%d", clues_of(p)));
        reference_answer a = reference_solve(p, 2);
        assert_false(a.over_budget);
        assert_string_equal(json_value(rec, "solutions"), format_text("%d", a.solutions));
        if (a.solutions != 1) {
            assert_string_equal(json_value(rec, "minimal"), "null");
            continue;
        }
        bool can_go[SUDOKU_CELLS];
        int n = reference_redundant(p, can_go);
        char *expected = xstrdup("[");
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (can_go[cell])
                expected = format_text("%s%s[%d,%d]", expected, expected[1] ? "," : "",
                                       cell / 9 + 1, cell % 9 + 1);
        assert_string_equal(json_value(rec, "redundant"), format_text("%s]", expected));
        assert_string_equal(json_value(rec, "minimal"), n == 0 ? "true" : "false");
    }
}

static void check_agrees_with_solve_and_the_reference(void **state)
{
    (void)state;
    assert_check_agrees(check_input());
    const char *dir = getenv("SHARED_PUZZLES");
    struct stat st;
    if (!dir || !*dir || stat(dir, &st) != 0) {
        print_message("SHARED_PUZZLES (%s) absent: dataset puzzles not checked\n",
                      dir ? dir : "unset");
        return;
    }
    static const char *const files[] = {"top1465.txt", "17-clue.txt", "norvig-top95.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        lines in = split_lines(read_file(format_text("%s/%s", dir, files[f])));
        char *input = xstrdup("");
        for (size_t i = 0, taken = 0; i < in.n && taken < 12; i++) {
            if (in.line[i][0] == '#' || strlen(in.line[i]) < SUDOKU_CELLS) continue;
            input = format_text("%s%s\n", input, in.line[i]);
            taken++;
        }
        assert_check_agrees(input);
    }
}

static void check_text_and_status(void **state)
{
    (void)state;
    const char *input = check_input();
    run_result r = RUN_IN(input, "check", "--stats");
    assert_status(r, 1); /* the puzzles with two solutions and none */
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 8);
    assert_contains(out.line[0], " unique, ");
    assert_contains(out.line[0], " clues, minimal, symmetry ");
    assert_contains(out.line[1], ", not minimal (");
    assert_contains(out.line[6], " multiple solutions, ");
    assert_contains(out.line[7], " no solution, ");
    assert_contains(r.err, "sudoku: stdin:7: more than one solution\n");
    assert_contains(r.err, "sudoku: stdin:8: no solution\n");
    assert_contains(r.err, "8 puzzles read, 6 unique (4 of them not minimal), 1 no solution, 1 "
                           "multiple, 0 over budget, 0 invalid");
    /* --minimal fails on the puzzles with a clue to spare. */
    lines in = split_lines(input);
    run_result fine = RUN("check", "--minimal", in.line[0]);
    assert_status(fine, 0);
    run_result spare = RUN("check", "--minimal", in.line[1]);
    assert_status(spare, 1);
    assert_string_equal(spare.err, "sudoku: argument 1: not minimal (--minimal)\n");
    /* -j gives the same run. */
    run_result one = RUN_IN(input, "check"), two = RUN_IN(input, "check", "-j", "2");
    assert_same_runs(&one, &two);
}

static void check_symmetries(void **state)
{
    (void)state;
    run_result g = RUN("generate", "--seed=1", "--symmetry=full");
    const char *p = puzzle_of(split_lines(g.out).line[0]);
    run_result r = RUN("check", p);
    assert_status(r, 0);
    assert_contains(r.out, ", symmetry full\n"); /* the others it includes go unnamed */
    run_result j = RUN("check", "--format=json", p);
    assert_contains(j.out, "\"symmetry\":[\"full\"]");
    g = RUN("generate", "--seed=1", "--symmetry=biaxial");
    r = RUN("check", puzzle_of(split_lines(g.out).line[0]));
    assert_contains(r.out, "symmetry biaxial");
}

/* A puzzle the solver cannot settle within its budget: no verdict, and
 * the stream goes on. This one takes 85,356 guesses to refute. */
static void check_over_budget(void **state)
{
    (void)state;
    const char *stall =
        "....53....4.2.............8........2....78.....4.3...6.26.8..........4.........9.";
    run_result r =
        RUN_IN(format_text("%s\n%s\n", stall, P), "check", "--budget=1k", "--format=json");
    assert_status(r, 1);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    assert_string_equal(json_text(out.line[0], "status"), "over_budget");
    assert_string_equal(json_value(out.line[0], "solutions"), "null");
    assert_string_equal(json_text(out.line[1], "status"), "unique");
    assert_string_equal(r.err, "sudoku: stdin:1: gave up after 1000 guesses: how many "
                               "solutions it has is not known\n");
    /* the default budget, and 0, settle it; a budget that is no count is
     * a usage error */
    r = RUN("check", stall);
    assert_status(r, 1);
    assert_string_equal(r.out, format_text("%s no solution, 16 clues, symmetry none\n", stall));
    assert_string_equal(RUN("check", "--budget=0", stall).out, r.out);
    r = RUN("check", "--budget=lots", stall);
    assert_status(r, 2);
    assert_string_equal(r.err, "sudoku: --budget needs a count of guesses (e.g. 500M; 0: no "
                               "limit), not 'lots' (try 'sudoku check --help')\n");
}

static void check_bad_records(void **state)
{
    (void)state;
    run_result r = RUN_IN("1.3\n", "check");
    assert_status(r, 2);
    assert_string_equal(r.out, "invalid\n");
    assert_starts_with(assert_one_error_line(&r), "sudoku: stdin:1");
    run_result j = RUN_IN("1.3\n", "check", "--format=json");
    assert_string_equal(json_text(j.out, "status"), "invalid");
    assert_string_equal(json_value(j.out, "minimal"), "null");
    run_result o = RUN("check", "--bogus");
    assert_status(o, 2);
}

static void help_texts(void **state)
{
    (void)state;
    run_result g = RUN("generate", "--help"), c = RUN("check", "--help");
    assert_status(g, 0);
    assert_status(c, 0);
    assert_contains(g.out, "Usage: sudoku generate");
    assert_contains(c.out, "Usage: sudoku check");
    run_result all = RUN("--help");
    assert_contains(all.out, "sudoku generate [OPTION]... [N]");
}

/* ---- issue 28: patterns, techniques, few clues, the vicinity, measures ---- */

/* The hardest technique of p by an explain run: its last line says it. */
static const char *hardest_by_explain(const char *p)
{
    run_result r = RUN("explain", p);
    assert_status(r, 0);
    const char *at = strstr(r.out, "(hardest: ");
    if (!at) fail_msg("explain %s says no hardest step:\n%s", p, r.out);
    at += strlen("(hardest: ");
    char *name = xstrdup(at);
    name[strcspn(name, ")")] = '\0';
    return name;
}

/* True if an explain run of p takes a step of technique name. */
static bool explain_uses(const char *p, const char *name)
{
    run_result r = RUN("explain", p);
    assert_status(r, 0);
    lines out = split_lines(r.out);
    const char *start = format_text("%s (", name);
    for (size_t i = 0; i < out.n; i++)
        if (strncmp(out.line[i], start, strlen(start)) == 0) return true;
    return false;
}

/* A puzzle's clues as a pattern: 'x' for a clue, '.' for none. */
static const char *mask_of(const char *p)
{
    char *m = xstrdup(p);
    for (int i = 0; i < SUDOKU_CELLS; i++) m[i] = p[i] == '.' ? '.' : 'x';
    return m;
}

static void assert_on_mask(const char *p, const char *mask)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if ((p[i] != '.') != (mask[i] != '.'))
            fail_msg("%s is not on the pattern %s: r%dc%d", p, mask, i / 9 + 1, i % 9 + 1);
}

static void puzzles_on_a_pattern(void **state)
{
    (void)state;
    run_result g = RUN("generate", "--seed=21", "3");
    lines sources = split_lines(g.out);
    for (size_t k = 0; k < sources.n; k++) {
        const char *mask = mask_of(puzzle_of(sources.line[k]));
        run_result r = RUN("generate", "--seed=5", "--pattern", mask, "2");
        assert_status(r, 0);
        lines out = split_lines(r.out);
        assert_int_equal(out.n, 2);
        for (size_t i = 0; i < out.n; i++) {
            const char *p = puzzle_of(out.line[i]);
            assert_unique(p);
            assert_on_mask(p, mask);
        }
        run_result again = RUN("generate", "--seed=5", "--pattern", mask, "-j", "2", "2");
        assert_same_runs(&r, &again);
    }
    /* As a grid, with digits and '#' for clues and rule lines, in a file. */
    const char *mask = mask_of(puzzle_of(sources.line[0]));
    char *grid = xstrdup("");
    for (int row = 0; row < 9; row++) {
        if (row == 3 || row == 6) grid = format_text("%s------+-------+------\n", grid);
        for (int col = 0; col < 9; col++)
            grid = format_text("%s%c%s", grid,
                               mask[9 * row + col] == 'x' ? (col % 2 ? '#' : '7') : '-',
                               col == 8       ? "\n"
                               : col % 3 == 2 ? " | "
                                              : " ");
    }
    const char *file = make_temp_file(grid, strlen(grid), NULL);
    run_result a = RUN("generate", "--seed=5", "--pattern", mask, "2");
    run_result b = RUN("generate", "--seed=5", "--pattern", file, "2");
    run_result c = RUN("generate", "--seed=5", "--pattern", grid, "2");
    assert_same_runs(&a, &b);
    assert_same_runs(&a, &c);
    /* JSON: the clue count is the pattern's. */
    run_result j = RUN("generate", "--seed=5", "--pattern", mask, "--format=json");
    assert_string_equal(json_value(j.out, "clues"), format_text("%d", clues_of(mask)));
}

static void patterns_refused(void **state)
{
    (void)state;
    const char *sixteen =
        "x....x....x....x....x....x....x....x....x....x....x....x....x....x....x....x.....";
    run_result r = RUN("generate", "--pattern", sixteen);
    assert_status(r, 1);
    assert_empty(r.out);
    assert_string_equal(r.err, "sudoku: --pattern: the pattern has 16 clues: no puzzle of fewer "
                               "than 17 has one solution\n");
    char rows[82];
    for (int i = 0; i < SUDOKU_CELLS; i++) rows[i] = i / 9 == 7 || i / 9 == 8 || i % 2 ? '.' : 'x';
    rows[81] = '\0';
    r = RUN("generate", "--pattern", rows);
    assert_status(r, 1);
    assert_contains(assert_one_error_line(&r), "rows 8 and 9 have no clue and share a band");
    r = RUN("generate", "--pattern", "x.x.x");
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "not 5 cells");
    r = RUN("generate", "--pattern",
            "xyx..x....x....x....x....x....x....x....x....x....x....x....x....x....x....x.....");
    assert_status(r, 2);
    assert_contains(assert_one_error_line(&r), "a character that marks no cell");
    const char *mask =
        "x..x..x...x..x..x...x..x..x.x..x..x...x..x..x...x..x..x.x..x..x...x..x..x...x..x..x";
    r = RUN("generate", "--pattern", mask, "--symmetry=rotate180");
    assert_status(r, 2);
    r = RUN("generate", "--pattern", mask, "--clues=27");
    assert_status(r, 2);
    /* A hard pattern of 17 clues (Norvig's hard puzzle's) within one
     * attempt: reported, not waited for. */
    const char *seventeen = mask_of(P);
    r = RUN("generate", "--seed=1", "--attempts=1", "--pattern", seventeen);
    assert_status(r, 1);
    assert_empty(r.out);
    assert_string_equal(r.err, "sudoku: puzzle 1: no puzzle on the pattern in 1 attempts\n");
}

/* The hardest step of each puzzle, by an explain run, is the one asked. */
static void puzzles_by_technique(void **state)
{
    (void)state;
    static const char *const names[] = {"Pointing",    "Naked pair", "X-wing",          "XY-wing",
                                        "Hidden pair", "Swordfish",  "Unique rectangle"};
    size_t n = under_wrapper() ? 3 : sizeof names / sizeof names[0];
    for (size_t k = 0; k < n; k++) {
        run_result r = RUN("generate", "--seed=2", "--technique", names[k], "2");
        assert_status(r, 0);
        lines out = split_lines(r.out);
        assert_int_equal(out.n, 2);
        for (size_t i = 0; i < out.n; i++) {
            const char *p = puzzle_of(out.line[i]);
            assert_unique(p);
            assert_string_equal(hardest_by_explain(p), names[k]);
        }
    }
    /* Names as one types them; with a symmetry, a pattern, a rating. */
    run_result s = RUN("generate", "--seed=3", "--technique=pointing", "--symmetry=rotate180");
    assert_status(s, 0);
    const char *p = puzzle_of(split_lines(s.out).line[0]);
    assert_string_equal(hardest_by_explain(p), "Pointing");
    assert_true(reference_pattern_has(p, reference_symmetry_maps("rotate180")));
    run_result g = RUN("generate", "--seed=7", "--clues=26-30");
    const char *mask = mask_of(puzzle_of(split_lines(g.out).line[0]));
    run_result m = RUN("generate", "--seed=3", "--technique=NAKED PAIR", "--pattern", mask);
    assert_status(m, 0);
    p = puzzle_of(split_lines(m.out).line[0]);
    assert_on_mask(p, mask);
    assert_unique(p);
    assert_string_equal(hardest_by_explain(p), "Naked pair");
    run_result w = RUN("generate", "--seed=3", "--needs=x-wing", "--rating=4.0-6.0", "--rate");
    assert_status(w, 0);
    p = puzzle_of(w.out);
    assert_true(explain_uses(p, "X-wing"));
    assert_in_range(tenths(w.out + SUDOKU_CELLS + 1), 40, 60);
    /* -j gives the same bytes. */
    run_result one = RUN("generate", "--seed=4", "--technique=xy-wing", "3");
    run_result two = RUN("generate", "--seed=4", "--technique=xy-wing", "-j", "2", "3");
    assert_same_runs(&one, &two);
    /* A technique no path takes: said at once, not searched for. */
    run_result never = RUN("generate", "--technique=direct claiming");
    assert_status(never, 1);
    assert_empty(never.out);
    assert_contains(assert_one_error_line(&never),
                    "no puzzle's path takes a step of Direct claiming");
    run_result bad = RUN("generate", "--technique=wing");
    assert_status(bad, 2);
    assert_contains(assert_one_error_line(&bad), "no technique 'wing' (one of: Hidden single,");
}

/* Hidden quad, the rarest step at its edge, dug to its shape: explain,
 * not the generator, says each puzzle's hardest step is one. */
static void hidden_quads(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=1", "--technique=Hidden quad", "2");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    for (size_t i = 0; i < out.n; i++) {
        const char *p = puzzle_of(out.line[i]);
        assert_unique(p);
        assert_string_equal(hardest_by_explain(p), "Hidden quad");
    }
    run_result two = RUN("generate", "--seed=1", "--technique=hidden-quad", "-j", "2", "2");
    assert_same_runs(&r, &two);
    /* A JSON record's seed gives its puzzle again. */
    run_result j = RUN("generate", "--seed=5", "--technique=hidden quad", "--format=json", "2");
    assert_status(j, 0);
    const char *second = split_lines(j.out).line[1];
    run_result again =
        RUN("generate", "--technique=hidden quad", "--seed", json_text(second, "seed"));
    assert_string_equal(again.out, format_text("%s\n", json_text(second, "puzzle")));
    /* --needs, minimal as asked: a step of it somewhere on the path. */
    run_result n = RUN("generate", "--seed=2", "--needs=hidden quad", "--minimal");
    assert_status(n, 0);
    const char *p = puzzle_of(n.out);
    assert_unique(p);
    assert_minimal(p);
    assert_true(explain_uses(p, "Hidden quad"));
}

/* Few clues: exactly as many as asked, one solution, minimal. */
static void few_clues(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed=1", "--clues=20", "3");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 3);
    for (size_t i = 0; i < out.n; i++) {
        const char *p = puzzle_of(out.line[i]);
        assert_int_equal(clues_of(p), 20);
        assert_unique(p);
        assert_minimal(p);
    }
    run_result two = RUN("generate", "--seed=1", "--clues=20", "-j", "2", "3");
    assert_same_runs(&r, &two);
    run_result j = RUN("generate", "--seed=2", "--clues=19", "--format=json");
    assert_status(j, 0);
    const char *p = json_text(j.out, "puzzle");
    assert_int_equal(clues_of(p), 19);
    assert_string_equal(json_value(j.out, "clues"), "19");
    assert_unique(p);
    assert_minimal(p);
    /* Run again alone from its seed. */
    run_result again = RUN("generate", "--clues=19", "--seed", json_value(j.out, "seed"));
    assert_string_equal(again.out, format_text("%s\n", p));
}

/* EP and ED in the ranges asked, as `sudoku rate` gives them. */
/* EP and ED in the ranges asked, as `sudoku rate` gives them (most
 * puzzles are 1.2/1.2: a hidden single in a box comes first). */
static void pearl_and_diamond(void **state)
{
    (void)state;
    run_result p = RUN("generate", "--seed=4", "--pearl=1.5-2.0", "--rate", "2");
    run_result d = RUN("generate", "--seed=4", "--diamond=1.5", "--rate", "2");
    assert_status(p, 0);
    assert_status(d, 0);
    const char *outputs[2] = {p.out, d.out};
    for (int k = 0; k < 2; k++) {
        lines out = split_lines(outputs[k]);
        assert_int_equal(out.n, 2);
        char *input = xstrdup("");
        for (size_t i = 0; i < out.n; i++)
            input = format_text("%s%s\n", input, puzzle_of(out.line[i]));
        run_result rated = RUN_IN(input, "rate");
        assert_string_equal(rated.out, outputs[k]);
        for (size_t i = 0; i < out.n; i++) {
            const char *slash = strchr(out.line[i] + SUDOKU_CELLS, '/');
            int ep = tenths(slash + 1), ed = tenths(strchr(slash + 1, '/') + 1);
            if (k == 0) assert_in_range(ep, 15, 20);
            if (k == 1) assert_int_equal(ed, 15);
        }
    }
    run_result bad = RUN("generate", "--pearl=0.5");
    assert_status(bad, 2);
    bad = RUN("generate", "--diamond=x");
    assert_status(bad, 2);
}

static const char *const near_puzzle =
    ".2.........764..8....9..23......1..9....6....3.659......5.7.36..14.3.7.8.........";

static void vicinity_stream(void **state)
{
    (void)state;
    run_result one = RUN("vicinity", near_puzzle);
    assert_status(one, 0);
    assert_empty(one.err);
    lines found = split_lines(one.out);
    assert_true(found.n > 0);
    for (size_t i = 0; i < found.n; i++) {
        const char *p = puzzle_of(found.line[i]);
        assert_unique(p);
        int changed = 0;
        for (int c = 0; c < SUDOKU_CELLS; c++) changed += p[c] != near_puzzle[c];
        assert_in_range(changed, 1, 2);
        assert_int_equal(clues_of(p), clues_of(near_puzzle));
    }
    /* A bad record among good ones: its diagnostic, the others' puzzles in
     * order; -j gives the same. */
    const char *input = format_text("%s\n1.3\n%s\n", near_puzzle, near_puzzle);
    run_result r = RUN_IN(input, "vicinity");
    assert_status(r, 2);
    assert_string_equal(r.out, format_text("%s%s", one.out, one.out));
    assert_starts_with(assert_one_error_line(&r), "sudoku: stdin:2");
    run_result j2 = RUN_IN(input, "vicinity", "-j", "2");
    assert_same_runs(&r, &j2);
    /* JSON: a record per puzzle read, the count of those written. */
    run_result json = RUN_IN(input, "vicinity", "--format=json");
    lines recs = split_lines(json.out);
    assert_int_equal(recs.n, 3);
    assert_string_equal(json_value(recs.line[0], "count"), format_text("%zu", found.n));
    assert_string_equal(json_text(recs.line[1], "status"), "invalid");
    /* Read by the other commands: each puzzle rated. */
    run_result rated = RUN_IN(one.out, "rate");
    assert_status(rated, 0);
    assert_int_equal(split_lines(rated.out).n, found.n);
    /* --minimal keeps the minimal ones only; too many clues away and a
     * budget too small are the record's failures. */
    run_result minimal = RUN("vicinity", "--minimal", near_puzzle);
    lines kept = split_lines(minimal.out);
    for (size_t i = 0; i < kept.n; i++) assert_minimal(puzzle_of(kept.line[i]));
    run_result many = RUN("vicinity", "--remove=25", near_puzzle);
    assert_status(many, 1);
    assert_string_equal(many.err, "sudoku: argument 1: has fewer clues than --remove takes away\n");
    run_result cut = RUN("vicinity", "--remove=2", "--budget=10", near_puzzle);
    assert_status(cut, 1);
    assert_contains(assert_one_error_line(&cut), "the list of puzzles is cut short");
    run_result bad = RUN("vicinity", "--add=5", near_puzzle);
    assert_status(bad, 2);
    run_result stats = RUN("vicinity", "--stats", near_puzzle);
    assert_contains(stats.err, "candidates looked at");
}

static void check_measures(void **state)
{
    (void)state;
    run_result r = RUN("check", "--measure=all", P);
    assert_status(r, 0);
    assert_string_equal(r.out, format_text("%s unique, 17 clues, minimal, symmetry none, backdoor "
                                           "2, guesses 0, T&E depth 1\n",
                                           P));
    run_result j = RUN("check", "--measure=depth,backdoor", "--format=json", P);
    assert_string_equal(json_value(j.out, "backdoor"), "2");
    assert_string_equal(json_value(j.out, "depth"), "1");
    assert_null(json_value(j.out, "guesses"));
    run_result two =
        RUN("check", "--measure=all", "--format=json",
            "1...............................................................................2");
    assert_string_equal(json_value(two.out, "backdoor"), "null");
    run_result bad = RUN("check", "--measure=speed", P);
    assert_status(bad, 2);
}

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(generated_puzzles_are_unique_minimal_and_new),
        TEST(seeds_give_the_same_bytes_whatever_the_jobs),
        TEST(a_json_record_gives_its_puzzle_again),
        TEST(json_seeds_are_strings),
        TEST(symmetries_are_kept),
        TEST(minimal_symmetric_puzzles),
        TEST(clues_in_the_range_asked),
        TEST(puzzles_not_found),
        TEST(ratings_in_the_range_asked),
        TEST(levels_asked),
        TEST(solutions_and_grids),
        TEST(generate_bad_options),
        TEST(check_agrees_with_solve_and_the_reference),
        TEST(check_text_and_status),
        TEST(check_symmetries),
        TEST(check_over_budget),
        TEST(check_bad_records),
        TEST(help_texts),
        TEST(puzzles_on_a_pattern),
        TEST(patterns_refused),
        TEST(puzzles_by_technique),
        TEST(hidden_quads),
        TEST(few_clues),
        TEST(pearl_and_diamond),
        TEST(vicinity_stream),
        TEST(check_measures),
    };
    return cmocka_run_group_tests_name("generate and check (end to end)", tests, harness_setup,
                                       harness_finish);
}
