/*
 * test_generate.c: the library's generator and the checks a setter runs
 * (sudoku_generate, sudoku_random_grid, sudoku_redundant_clues,
 * sudoku_symmetries_of, sudoku_rate), judged by the tests' own solver
 * (reference.c) and by symmetry maps written here as formulas: every
 * puzzle has exactly one solution, keeps its symmetry, is minimal when it
 * should be; the same seed gives the same puzzle, other seeds others.
 * The walks of issue 28 the same way: puzzles of few clues, puzzles on a
 * pattern (clues exactly there), a neighbour step, a dig that keeps a
 * test, a dig to hidden quad's shape (read off the puzzle here); the
 * technique names and the rating with its techniques.
 *
 * Run from the project root (the ratings test reads ../shared/ratings):
 *     build/tests/test_generate
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "checker.h"
#include "fixtures.h"
#include "reference.h"
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATINGS_FILE "../shared/ratings/se-classic.txt"

/* ---- helpers ---- */

static void text_of(const sudoku_grid *g, char out[82])
{
    assert_true(cells_to_text(g->cell, out));
}

static int clues_of(const char *p)
{
    int n = 0;
    for (int i = 0; i < 81; i++) n += p[i] != '.';
    return n;
}

/* The maps each symmetry promises, as reference.c reads docs/generate.md. */
static unsigned promised_maps(sudoku_symmetry s)
{
    return reference_symmetry_maps(sudoku_symmetry_name(s));
}

/* The reference's verdict: p has exactly one solution, and it is solution. */
static void assert_unique(const char *p, const char *solution)
{
    reference_answer a = reference_solve(p, 2);
    if (a.over_budget || a.solutions != 1)
        fail_msg("%s: %d solutions by the reference%s", p, a.solutions,
                 a.over_budget ? " (over budget)" : "");
    if (solution && strcmp(a.solution, solution) != 0)
        fail_msg("%s: the reference solves it as %s, not %s", p, a.solution, solution);
}

static void generate(sudoku_symmetry s, bool minimal, int fewest, uint64_t seed, char puzzle[82],
                     char solution[82], bool *met)
{
    sudoku_generator how = {s, fewest, minimal};
    sudoku_grid p, sol;
    bool ok = sudoku_generate(&how, &seed, &p, &sol);
    if (met) *met = ok;
    text_of(&p, puzzle);
    text_of(&sol, solution);
}

/* ---- the tests ---- */

static void random_grids_are_solutions_and_differ(void **state)
{
    (void)state;
    char seen[50][82];
    for (uint64_t seed = 0; seed < 50; seed++) {
        sudoku_grid g;
        uint64_t s = seed;
        sudoku_random_grid(&s, &g);
        text_of(&g, seen[seed]);
        const char *why = check_solution(seen[seed], seen[seed]);
        if (why) fail_msg("seed %llu: %s: %s", (unsigned long long)seed, seen[seed], why);
        for (uint64_t other = 0; other < seed; other++)
            if (strcmp(seen[other], seen[seed]) == 0)
                fail_msg("seeds %llu and %llu give the same grid", (unsigned long long)other,
                         (unsigned long long)seed);
    }
}

static void puzzles_have_one_solution_and_are_minimal(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        char p[82], sol[82];
        bool met;
        generate(SUDOKU_SYMMETRY_NONE, false, 0, seed * 7919, p, sol, &met);
        assert_true(met);
        assert_null(check_solution(p, sol));
        assert_unique(p, sol);
        bool can_go[81];
        if (reference_redundant(p, can_go) != 0) fail_msg("%s is not minimal", p);
    }
}

static void symmetries_are_kept(void **state)
{
    (void)state;
    for (int s = 0; s < SUDOKU_SYMMETRIES; s++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            char p[82], sol[82];
            generate((sudoku_symmetry)s, false, 0, seed * 104729 + (uint64_t)s, p, sol, NULL);
            assert_unique(p, sol);
            if (!reference_pattern_has(p, promised_maps((sudoku_symmetry)s)))
                fail_msg("%s: not %s", p, sudoku_symmetry_name((sudoku_symmetry)s));
            sudoku_grid g;
            grid_from(p, &g);
            assert_true(sudoku_symmetries_of(&g) & (1u << s));
        }
}

/* Asked to be minimal, a symmetric puzzle is, when the generator says so;
 * some draw succeeds within a few hundred. */
static void minimal_when_asked(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 600 && found < 3; seed++) {
        char p[82], sol[82];
        bool met, can_go[81];
        generate(SUDOKU_SYMMETRY_ROTATE180, true, 0, seed, p, sol, &met);
        assert_unique(p, sol);
        int redundant = reference_redundant(p, can_go);
        if (met != (redundant == 0))
            fail_msg("%s: the generator says %s, the reference finds %d redundant clues", p,
                     met ? "minimal" : "not minimal", redundant);
        found += met;
    }
    assert_int_equal(found, 3);
}

static void a_floor_of_clues_holds(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        char p[82], sol[82];
        bool met;
        generate(SUDOKU_SYMMETRY_NONE, true, 30, seed, p, sol, &met);
        assert_unique(p, sol);
        assert_true(clues_of(p) >= 30);
        bool can_go[81];
        /* Stopped early, the puzzle is minimal only if nothing could go. */
        assert_int_equal(met, reference_redundant(p, can_go) == 0);
    }
}

static void seeds_decide_the_puzzle(void **state)
{
    (void)state;
    enum { N = 100 };
    static char seen[N][82];
    for (uint64_t seed = 0; seed < N; seed++) {
        char again[82], sol[82];
        generate(SUDOKU_SYMMETRY_ROTATE90, false, 0, seed, seen[seed], sol, NULL);
        generate(SUDOKU_SYMMETRY_ROTATE90, false, 0, seed, again, sol, NULL);
        assert_string_equal(seen[seed], again);
        for (uint64_t other = 0; other < seed; other++)
            if (strcmp(seen[other], seen[seed]) == 0)
                fail_msg("seeds %llu and %llu give the same puzzle", (unsigned long long)other,
                         (unsigned long long)seed);
    }
}

/* Puzzles from a solution grid with clues put back: not minimal, and the
 * clues that can go are those the reference says. */
static void redundant_clues_agree_with_the_reference(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        char p[82], sol[82];
        generate(SUDOKU_SYMMETRY_NONE, false, 0, seed, p, sol, NULL);
        for (int k = 0, cell = (int)(seed * 13) % 81; k < (int)(seed % 5);
             k++, cell = (cell + 29) % 81)
            p[cell] = sol[cell];
        bool expected[81], got[81];
        int n = reference_redundant(p, expected);
        sudoku_grid g;
        grid_from(p, &g);
        assert_int_equal(sudoku_redundant_clues(&g, got), n);
        for (int cell = 0; cell < 81; cell++)
            if (got[cell] != expected[cell])
                fail_msg("%s: r%dc%d %s", p, cell / 9 + 1, cell % 9 + 1,
                         expected[cell] ? "can go" : "is needed");
    }
}

static void redundant_clues_need_one_solution(void **state)
{
    (void)state;
    sudoku_grid g;
    bool can_go[81];
    grid_from("1........2........3........4........5........6........7........8........9........",
              &g);
    assert_int_equal(sudoku_redundant_clues(&g, can_go), -1); /* several */
    for (int cell = 0; cell < 81; cell++) assert_false(can_go[cell]);
    /* r1c9 can hold nothing: 1-8 in its row, 9 in its column */
    grid_from("12345678.........9...............................................................",
              &g);
    assert_int_equal(sudoku_redundant_clues(&g, can_go), -1);
}

static void symmetries_of_patterns(void **state)
{
    (void)state;
    uint64_t seed = 42;
    for (int trial = 0; trial < 300; trial++) {
        sudoku_grid g;
        char p[82];
        sudoku_random_grid(&seed, &g);
        for (int cell = 0; cell < 81; cell++)
            if ((seed >> (cell % 61)) & 1u) g.cell[cell] = 0;
        /* Impose symmetry trial % 10 on the pattern: blank every image of a blank. */
        unsigned maps = promised_maps((sudoku_symmetry)(trial % SUDOKU_SYMMETRIES));
        for (int round = 0; round < 8; round++)
            for (int cell = 0; cell < 81; cell++)
                for (int m = 0; m < 8; m++)
                    if ((maps & (1u << m)) && !g.cell[cell]) g.cell[reference_image(m, cell)] = 0;
        text_of(&g, p);
        unsigned found = sudoku_symmetries_of(&g);
        for (int s = 0; s < SUDOKU_SYMMETRIES; s++)
            if (((found >> s) & 1u) != reference_pattern_has(p, promised_maps((sudoku_symmetry)s)))
                fail_msg("%s: %s %s", p, sudoku_symmetry_name((sudoku_symmetry)s),
                         (found >> s) & 1u ? "claimed, not there" : "there, not claimed");
    }
}

static void symmetries_include(void **state)
{
    (void)state;
    for (int a = 0; a < SUDOKU_SYMMETRIES; a++)
        for (int b = 0; b < SUDOKU_SYMMETRIES; b++) {
            unsigned ma = promised_maps((sudoku_symmetry)a), mb = promised_maps((sudoku_symmetry)b);
            assert_int_equal(sudoku_symmetry_includes((sudoku_symmetry)a, (sudoku_symmetry)b),
                             (mb & ~ma) == 0);
        }
    assert_string_equal(sudoku_symmetry_name(SUDOKU_SYMMETRY_ROTATE180), "rotate180");
    assert_string_equal(sudoku_symmetry_name((sudoku_symmetry)99), "unknown");
}

/* sudoku_rate against Sudoku Explainer's own ratings (every 25th puzzle of
 * the shared file), and its other outcomes. */
static void rate_gives_se_ratings(void **state)
{
    (void)state;
    FILE *f = fopen(RATINGS_FILE, "r");
    if (!f) {
        print_message("  %s absent: SE's ratings not compared\n", RATINGS_FILE);
        return;
    }
    char line[256];
    int n = 0, compared = 0;
    while (fgets(line, sizeof line, f)) {
        char p[82];
        double er, ep, ed;
        if (line[0] == '#' || sscanf(line, "%81s %lf %lf %lf", p, &er, &ep, &ed) != 4) continue;
        if (n++ % 25 || er > 9.0) continue;
        sudoku_grid g;
        sudoku_rating r;
        grid_from(p, &g);
        assert_int_equal(sudoku_rate(&g, 0, 0, 0, &r), SUDOKU_RATE_SOLVED);
        if (r.er != (int)(er * 10 + 0.5) || r.ed != (int)(ed * 10 + 0.5))
            fail_msg("%s: SE %.1f/%.1f/%.1f, ours ER %d ED %d", p, er, ep, ed, r.er, r.ed);
        compared++;
    }
    fclose(f);
    assert_true(compared >= 10);
}

static void rate_outcomes(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_rating r;
    /* Golden Nugget: chains from the first step */
    grid_from(".......39.....1..5..3.5.8....8.9...6.7...2..1..4.......9.8..5..2....6..4..7.....",
              &g);
    assert_int_equal(sudoku_rate(&g, SUDOKU_LOGIC_NO_CHAINS, 0, 0, &r), SUDOKU_RATE_STUCK);
    assert_int_equal(sudoku_rate(&g, 0, 1000, 0, &r), SUDOKU_RATE_OVER_BUDGET);
    /* Its first step is rated far above 2.0: the path stops there. */
    assert_int_equal(sudoku_rate(&g, 0, 0, 20, &r), SUDOKU_RATE_ABOVE);
    assert_int_equal(r.steps, 1);
    assert_true(r.er > 20);
    grid_from("11...............................................................................",
              &g);
    assert_int_equal(sudoku_rate(&g, 0, 0, 0, &r), SUDOKU_RATE_INVALID);
    assert_int_equal(r.steps, 0);
}

/* A budget of exactly the units of work a path takes takes it to the end,
 * the easier steps after the last chain included; one unit less does not. */
static void rate_budget_exact(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_rating r;
    grid_from("....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
              &g);
    sudoku_logic logic;
    assert_true(sudoku_logic_from_grid(&logic, &g));
    sudoku_logic_memo *memo = sudoku_logic_memo_new();
    assert_non_null(memo);
    const unsigned long long plenty = 1000000000ull;
    unsigned long long left = plenty;
    sudoku_step step;
    while (!sudoku_logic_solved(&logic)) {
        assert_true(sudoku_logic_next_memo(&logic, 0, &left, memo, &step));
        sudoku_logic_apply(&logic, &step);
    }
    sudoku_logic_memo_free(memo);
    unsigned long long used = plenty - left;
    assert_true(used > 1);
    assert_int_equal(sudoku_rate(&g, 0, used, 0, &r), SUDOKU_RATE_SOLVED);
    assert_int_equal(sudoku_rate(&g, 0, used - 1, 0, &r), SUDOKU_RATE_OVER_BUDGET);
}

/* ---- few clues, patterns, steps, techniques ---- */

static void few_clues(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        uint64_t s = seed;
        sudoku_grid p, sol;
        char text[82], solution[82];
        int most = seed <= 2 ? 20 : 21, fewest = seed == 4 ? 21 : 17;
        bool reached = false;
        for (int draw = 0; draw < 50 && !reached; draw++)
            reached = sudoku_generate_fewer(fewest, most, &s, &p, &sol);
        assert_true(reached);
        text_of(&p, text);
        text_of(&sol, solution);
        assert_unique(text, solution);
        assert_true(clues_of(text) <= most && clues_of(text) >= fewest);
        /* Minimal, but where the floor stopped a removal. */
        if (clues_of(text) > fewest) {
            bool can_go[81];
            assert_int_equal(reference_redundant(text, can_go), 0);
        }
    }
}

/* The pattern of a puzzle (its clues as 'x'), as the generator takes it. */
static void pattern_of(const char *p, bool pattern[81])
{
    for (int i = 0; i < 81; i++) pattern[i] = p[i] != '.';
}

static void puzzles_on_a_pattern(void **state)
{
    (void)state;
    /* The patterns of generated puzzles of 22 to 26 clues, and of a
     * rotate180 one. */
    for (uint64_t seed = 1; seed <= 6; seed++) {
        char p[82], sol[82];
        generate(seed == 6 ? SUDOKU_SYMMETRY_ROTATE180 : SUDOKU_SYMMETRY_NONE, false, 0, seed, p,
                 sol, NULL);
        bool pattern[81];
        pattern_of(p, pattern);
        char why[200];
        assert_true(sudoku_pattern_possible(pattern, why, sizeof why));
        uint64_t s = seed * 31;
        sudoku_grid q, qsol;
        bool filled = false;
        for (int draw = 0; draw < 100 && !filled; draw++)
            filled = sudoku_generate_pattern(pattern, &s, &q, &qsol);
        assert_true(filled);
        char text[82], solution[82];
        text_of(&q, text);
        text_of(&qsol, solution);
        assert_unique(text, solution);
        for (int i = 0; i < 81; i++)
            if ((text[i] != '.') != pattern[i])
                fail_msg("pattern of %s: %s has r%dc%d %s", p, text, i / 9 + 1, i % 9 + 1,
                         pattern[i] ? "blank" : "given");
    }
}

static void impossible_patterns(void **state)
{
    (void)state;
    bool pattern[81] = {false};
    char why[200];
    for (int i = 0; i < 16; i++) pattern[5 * i] = true;
    assert_false(sudoku_pattern_possible(pattern, why, sizeof why));
    assert_non_null(strstr(why, "16 clues"));
    /* Rows 4 and 6 empty: they share the middle band. */
    for (int i = 0; i < 81; i++) pattern[i] = i / 9 != 3 && i / 9 != 5 && i % 2 == 0;
    assert_false(sudoku_pattern_possible(pattern, why, sizeof why));
    assert_non_null(strstr(why, "rows 4 and 6"));
    /* Columns 1 and 2, one stack. */
    for (int i = 0; i < 81; i++) pattern[i] = i % 9 > 1 && i % 3 == 2;
    assert_false(sudoku_pattern_possible(pattern, why, sizeof why));
    assert_non_null(strstr(why, "columns 1 and 2"));
    for (int i = 0; i < 81; i++) pattern[i] = i % 4 == 0;
    assert_true(sudoku_pattern_possible(pattern, why, sizeof why));
}

/* The test a walk keeps: the puzzle's rating no higher than the context. */
static bool rated_at_most(const sudoku_grid *puzzle, void *context)
{
    sudoku_rating r;
    return sudoku_rate(puzzle, 0, 0, *(const int *)context, &r) == SUDOKU_RATE_SOLVED;
}

static void neighbours_keep_count_pattern_and_test(void **state)
{
    (void)state;
    char p[82], sol[82];
    generate(SUDOKU_SYMMETRY_NONE, false, 0, 5, p, sol, NULL);
    bool pattern[81];
    pattern_of(p, pattern);
    int ceiling = 26;
    for (int with_pattern = 0; with_pattern < 2; with_pattern++) {
        sudoku_grid g;
        grid_from(p, &g);
        uint64_t s = 99;
        int moved = 0;
        for (int step = 0; step < 20; step++) {
            char before[82], after[82];
            text_of(&g, before);
            if (!sudoku_generate_neighbour(&g, with_pattern ? pattern : NULL,
                                           step % 2 ? rated_at_most : NULL, &ceiling, &s)) {
                text_of(&g, after);
                assert_string_equal(before, after);
                continue;
            }
            moved++;
            text_of(&g, after);
            assert_unique(after, NULL);
            assert_int_equal(clues_of(after), clues_of(p));
            int changed = 0;
            for (int i = 0; i < 81; i++) changed += before[i] != after[i];
            assert_true(changed >= 1 && changed <= 2);
            if (with_pattern)
                for (int i = 0; i < 81; i++) assert_true((after[i] != '.') == pattern[i]);
            if (step % 2) assert_true(rated_at_most(&g, &ceiling));
        }
        assert_true(moved > 0);
    }
}

static void digging_keeps_its_test(void **state)
{
    (void)state;
    int ceiling = 20;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        sudoku_generator how = {SUDOKU_SYMMETRY_NONE, 0, false};
        sudoku_grid g, sol;
        uint64_t s = seed;
        sudoku_generate_keeping(&how, rated_at_most, &ceiling, &s, &g, &sol);
        char text[82], solution[82];
        text_of(&g, text);
        text_of(&sol, solution);
        assert_unique(text, solution);
        assert_true(rated_at_most(&g, &ceiling));
    }
    /* Without a test, sudoku_generate itself. */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        sudoku_generator how = {SUDOKU_SYMMETRY_ROTATE180, 0, false};
        sudoku_grid a, b, sa, sb;
        uint64_t s1 = seed, s2 = seed;
        sudoku_generate(&how, &s1, &a, &sa);
        sudoku_generate_keeping(&how, NULL, NULL, &s2, &b, &sb);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(s1 == s2);
    }
}

/* The four digits of solution's cells in box that lie off row and column
 * (2 x 2 of them), bit d for digit d. */
static unsigned quad_digits(const char *solution, int box, int row, int column)
{
    unsigned digits = 0;
    for (int i = 0; i < 9; i++) {
        int cell = 9 * (3 * (box / 3) + i / 3) + 3 * (box % 3) + i % 3;
        if (cell / 9 != row && cell % 9 != column) digits |= 1u << (solution[cell] - '0');
    }
    return digits;
}

/* Hidden quad's shape, read off the puzzle by this test's own rule: one
 * box open, and outside it eight clues of the shape, four in a row and
 * four in a column through the box, each four the digits of the box's
 * cells off that row and column. Every other technique has no shape. */
static void digging_to_a_shape(void **state)
{
    (void)state;
    int ceiling = 54;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        sudoku_grid g, sol;
        bool shape[81];
        uint64_t s = seed;
        assert_true(sudoku_generate_shaped(SUDOKU_HIDDEN_QUAD, rated_at_most, &ceiling, &s, &g,
                                           &sol, shape));
        char text[82], solution[82];
        text_of(&g, text);
        text_of(&sol, solution);
        assert_unique(text, solution);
        assert_true(rated_at_most(&g, &ceiling));
        assert_true(clues_of(text) < 72);
        int open_box = -1, row = -1, column = -1, in_row = 0, in_column = 0, outside = 0;
        for (int box = 0; box < 9; box++) {
            bool all = true;
            for (int i = 0; i < 9; i++) {
                int cell = 9 * (3 * (box / 3) + i / 3) + 3 * (box % 3) + i % 3;
                all = all && shape[cell] && text[cell] == '.';
            }
            if (all) open_box = box;
        }
        assert_true(open_box >= 0);
        for (int cell = 0; cell < 81; cell++) {
            int box = 3 * (cell / 27) + cell % 9 / 3;
            if (!shape[cell] || box == open_box) continue;
            assert_true(text[cell] != '.');
            outside++;
            if (cell / 9 / 3 == open_box / 3) row = cell / 9;
            if (cell % 9 / 3 == open_box % 3) column = cell % 9;
        }
        assert_int_equal(outside, 8);
        assert_true(row >= 0 && column >= 0);
        unsigned quad = quad_digits(solution, open_box, row, column), row_digits = 0,
                 column_digits = 0;
        for (int i = 0; i < 9; i++) {
            int a = 9 * row + i, b = 9 * i + column;
            if (shape[a] && i / 3 != open_box % 3) {
                in_row++;
                row_digits |= 1u << (text[a] - '0');
            }
            if (shape[b] && i / 3 != open_box / 3) {
                in_column++;
                column_digits |= 1u << (text[b] - '0');
            }
        }
        assert_int_equal(in_row, 4);
        assert_int_equal(in_column, 4);
        assert_int_equal(row_digits, quad);
        assert_int_equal(column_digits, quad);
    }
    /* No shape: nothing drawn, the random state as it was. */
    sudoku_grid g = {{0}}, sol = {{0}};
    bool shape[81] = {false};
    uint64_t s = 7;
    assert_false(sudoku_generate_shaped(SUDOKU_X_WING, NULL, NULL, &s, &g, &sol, shape));
    assert_false(sudoku_generate_shaped(SUDOKU_NAKED_QUAD, NULL, NULL, &s, &g, &sol, shape));
    assert_true(s == 7);
    for (int i = 0; i < 81; i++) assert_true(g.cell[i] == 0 && !shape[i]);
}

static void technique_names(void **state)
{
    (void)state;
    sudoku_technique t;
    /* SE's names (explain's); HoDoKu's alone are no technique of SE's path */
    for (int i = 0; i < SUDOKU_TECHNIQUES; i++) {
        const char *se = sudoku_technique_name_on((sudoku_technique)i, SUDOKU_SCALE_SE);
        if (!se) {
            assert_false(sudoku_technique_named(sudoku_technique_name((sudoku_technique)i), &t));
            continue;
        }
        assert_true(sudoku_technique_named(se, &t));
        assert_int_equal(t, i);
    }
    assert_false(sudoku_technique_named("Skyscraper", &t));
    assert_true(sudoku_technique_named("x wing", &t));
    assert_int_equal(t, SUDOKU_X_WING);
    assert_true(sudoku_technique_named("XYWING", &t));
    assert_int_equal(t, SUDOKU_XY_WING);
    assert_true(sudoku_technique_named("dynamic-forcing-chains(+)", &t));
    assert_int_equal(t, SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS);
    assert_true(sudoku_technique_named("Dynamic forcing chains", &t));
    assert_int_equal(t, SUDOKU_DYNAMIC_FORCING_CHAINS);
    t = SUDOKU_BUG;
    assert_false(sudoku_technique_named("wing", &t));
    assert_false(sudoku_technique_named("", &t));
    assert_false(sudoku_technique_named("--", &t));
    assert_int_equal(t, SUDOKU_BUG);
    /* Ceilings: a fixed rating is its own; a varying one stops below the
     * next technique's least rating. */
    assert_int_equal(sudoku_technique_ceiling(SUDOKU_X_WING), 32);
    assert_int_equal(sudoku_technique_ceiling(SUDOKU_FORCING_CHAINS), 74);
    assert_int_equal(sudoku_technique_ceiling(SUDOKU_HIDDEN_SINGLE), 16);
    assert_int_equal(sudoku_technique_ceiling(SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED), 0);
}

/* The techniques a rated path used are the steps explain's path takes. */
static void rating_with_its_techniques(void **state)
{
    (void)state;
    sudoku_grid g;
    grid_from("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
              &g);
    bool used[SUDOKU_TECHNIQUES], seen[SUDOKU_TECHNIQUES] = {false};
    sudoku_rating a, b = {0};
    assert_int_equal(sudoku_rate_used(&g, 0, 0, 0, &a, used), SUDOKU_RATE_SOLVED);
    sudoku_logic s;
    sudoku_logic_from_grid(&s, &g);
    sudoku_step step;
    while (!sudoku_logic_solved(&s) && sudoku_logic_next(&s, 0, &step)) {
        seen[step.technique] = true;
        sudoku_rating_add(&b, &step);
        sudoku_logic_apply(&s, &step);
    }
    assert_memory_equal(used, seen, sizeof used);
    assert_int_equal(a.er, b.er);
    assert_int_equal(a.hardest, b.hardest);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_grids_are_solutions_and_differ),
        cmocka_unit_test(puzzles_have_one_solution_and_are_minimal),
        cmocka_unit_test(symmetries_are_kept),
        cmocka_unit_test(minimal_when_asked),
        cmocka_unit_test(a_floor_of_clues_holds),
        cmocka_unit_test(seeds_decide_the_puzzle),
        cmocka_unit_test(redundant_clues_agree_with_the_reference),
        cmocka_unit_test(redundant_clues_need_one_solution),
        cmocka_unit_test(symmetries_of_patterns),
        cmocka_unit_test(symmetries_include),
        cmocka_unit_test(rate_gives_se_ratings),
        cmocka_unit_test(rate_outcomes),
        cmocka_unit_test(rate_budget_exact),
        cmocka_unit_test(few_clues),
        cmocka_unit_test(puzzles_on_a_pattern),
        cmocka_unit_test(impossible_patterns),
        cmocka_unit_test(neighbours_keep_count_pattern_and_test),
        cmocka_unit_test(digging_keeps_its_test),
        cmocka_unit_test(digging_to_a_shape),
        cmocka_unit_test(technique_names),
        cmocka_unit_test(rating_with_its_techniques),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
