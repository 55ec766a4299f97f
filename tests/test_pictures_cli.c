/*
 * test_pictures_cli.c: end-to-end tests of the pictures and books the
 * command writes: --format svg (solve, hint, explain, generate, canon,
 * transform) to standard output or to --output-dir's numbered files, one
 * record for one still; explain --format html; generate --format html and
 * `sudoku book`, their pages and parts; hint and explain --draw, in
 * colour on a terminal unless NO_COLOR says otherwise; the options' errors.
 * The SVG the command writes is checked by xmllint and, for a hint and a
 * solution, rendered and looked at (tests/picture_harness.c): the hint's
 * placement on its candidate, its cell shaded, as its JSON record says.
 * Chromium's print of a book is tests/book_check.c's.
 *
 * Run from the project root:
 *     SUDOKU_BIN=build/sudoku build/tests/test_pictures_cli
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 600

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli_harness.h"
#include "picture_harness.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A record that is no puzzle: two 1s in row 1. */
static const char clash[] =
    "11...............................................................................";

static const char *const svg_tools[] = {"xmllint", "rsvg-convert", "pngtopnm", NULL};

static bool have_tools(const char *const *tools)
{
    const char *missing = picture_tool_missing(tools);
    if (missing)
        print_message("skipped: %s is absent (apt-get install libxml2-utils librsvg2-bin netpbm)\n",
                      missing);
    return !missing;
}

/* Counts the SVG documents in a text. */
static size_t documents(const char *text)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, "<?xml ")) != NULL; p++) n++;
    return n;
}

static size_t count_of(const char *text, const char *part)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, part)) != NULL; p += strlen(part)) n++;
    return n;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The [row,col,digit] triples of a JSON array field in a step record. */
static int triples(const char *json, const char *field, int out[][3], int most)
{
    const char *p = strstr(json, field);
    int n = 0;
    assert_non_null(p);
    p += strlen(field);
    assert_int_equal(*p, '[');
    for (p++; *p == '[' && n < most; n++) {
        assert_int_equal(sscanf(p, "[%d,%d,%d]", &out[n][0], &out[n][1], &out[n][2]), 3);
        p = strchr(p, ']') + 1;
        if (*p == ',') p++;
    }
    return n;
}

/* Saves each SVG document of text in dir (its own file each); checks each
 * with xmllint, renders it and finds its grid; when givens is not NULL
 * (81 characters), reads the picture cell by cell: ink where each given
 * is. Returns the number of documents. */
static size_t check_documents(const char *dir, const char *text, const char *givens)
{
    size_t n = 0;
    for (const char *at = strstr(text, "<?xml "); at; at = strstr(at + 1, "<?xml ")) {
        const char *end = strstr(at, "</svg>\n");
        assert_non_null(end);
        const char *path = format_text("%s/document-%zu.svg", dir, n++);
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        write_all(fd, at, (size_t)(end + 7 - at));
        close(fd);
        image img;
        frame f;
        if (!picture_well_formed(path)) fail_msg("document %zu is not well-formed XML", n);
        if (!picture_render_svg(path, &img)) fail_msg("rsvg-convert cannot render document %zu", n);
        if (!picture_svg_frame(at, img.width, &f)) fail_msg("document %zu has no grid", n);
        for (int cell = 0; givens && cell < 81; cell++) {
            bool given = givens[cell] >= '1' && givens[cell] <= '9';
            int ink = picture_count_dark(&img, picture_cell_box(&f, cell, 0.25), 60);
            if (given && ink < 20)
                fail_msg("document %zu: the given of cell %d shows no ink", n, cell);
        }
        picture_free(&img);
        unlink(path);
    }
    return n;
}

/* ---- SVG records ---- */

static void hint_picture_shows_the_hint(void **state)
{
    (void)state;
    if (!have_tools(svg_tools)) skip();
    run_result json = RUN("hint", "--format", "json", P);
    run_result svg = RUN("hint", "--format", "svg", P);
    assert_status(svg, 0);
    assert_int_equal(documents(svg.out), 1);
    int placed[4][3], eliminated[64][3];
    assert_int_equal(triples(json.out, "\"placements\":", placed, 4), 1);
    assert_int_equal(triples(json.out, "\"eliminations\":", eliminated, 64), 0);
    const char *dir = make_temp_dir();
    const char *path = format_text("%s/hint.svg", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    write_all(fd, svg.out, svg.out_len);
    close(fd);
    assert_true(picture_well_formed(path));
    image img;
    frame f;
    assert_true(picture_render_svg(path, &img));
    assert_true(picture_svg_frame(svg.out, img.width, &f));
    int cell = (placed[0][0] - 1) * 9 + placed[0][1] - 1, digit = placed[0][2];
    assert_true(picture_count(&img, picture_candidate_box(&f, cell, digit, 0), place_disc) > 20);
    assert_true(picture_count(&img, picture_cell_box(&f, cell, 0.05), place_shade) > 100);
    for (int other = 1; other <= 9; other++)
        if (other != digit)
            assert_int_equal(
                picture_count(&img, picture_candidate_box(&f, cell, other, 0), place_disc), 0);
    picture_free(&img);
    unlink(path);
}

static void solve_pictures_one_record_for_one(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    const char *input = format_text("%s\n%s\n%s\n%s\n", P, none, clash, E);
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result r = RUN("solve", "--format", "svg", file);
    assert_status(r, 2);
    assert_int_equal(documents(r.out), 2);
    assert_contains(r.out, "</svg>\nno solution\ninvalid\n<?xml ");
    /* to files: a path a picture, the markers in their places */
    const char *dir = make_temp_dir();
    run_result d = RUN("solve", "--format", "svg", "--output-dir", dir, file);
    assert_status(d, 2);
    assert_string_equal(d.out,
                        format_text("%s/0001.svg\nno solution\ninvalid\n%s/0004.svg\n", dir, dir));
    const char *first = format_text("%s/0001.svg", dir), *last = format_text("%s/0004.svg", dir);
    assert_true(exists(first) && exists(last));
    assert_false(exists(format_text("%s/0002.svg", dir)));
    char *saved = read_file(first);
    assert_int_equal(strncmp(saved, r.out, strlen(saved) - 1), 0);
    if (have_tools(svg_tools)) {
        assert_int_equal(check_documents(dir, r.out, NULL), 2);
        assert_true(picture_well_formed(first));
        image img;
        frame f;
        sudoku_grid puzzle;
        grid_from(P, &puzzle);
        saved = read_file(first);
        assert_true(picture_render_svg(first, &img));
        assert_true(picture_svg_frame(saved, img.width, &f));
        for (int cell = 0; cell < 81; cell++) {
            int blue = picture_count(&img, picture_cell_box(&f, cell, 0.2), solved_ink);
            int black = picture_count_dark(&img, picture_cell_box(&f, cell, 0.2), 60);
            assert_true(puzzle.cell[cell] ? black > 20 && blue == 0 : blue > 10 && black == 0);
        }
        picture_free(&img);
    }
    unlink(first);
    unlink(last);
    /* -j gives the same */
    run_result j = RUN("solve", "--format", "svg", "-j", "2", file);
    assert_same_runs(&r, &j);
}

static void every_grid_command_draws(void **state)
{
    (void)state;
    const char *dir = make_temp_dir();
    run_result runs[] = {
        RUN("solve", "--format", "svg", "--show-candidates", P),
        RUN("canon", "--format", "svg", P),
        RUN("transform", "--rotate=90", "--format", "svg", P),
        RUN("generate", "--seed", "3", "--format", "svg", "2"),
        RUN("generate", "--seed", "3", "--solution", "--format", "svg", "1"),
    };
    size_t want[] = {1, 1, 1, 2, 1};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        assert_status(runs[i], 0);
        assert_int_equal(documents(runs[i].out), want[i]);
        assert_empty(runs[i].err);
    }
    if (!have_tools(svg_tools)) return;
    run_result lines_run = RUN("generate", "--seed", "3", "2");
    lines generated = split_lines(lines_run.out);
    const char *givens[] = {P, NULL, NULL, NULL, generated.line[0]};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        assert_int_equal(check_documents(dir, runs[i].out, givens[i]), want[i]);
}

static void explain_writes_a_picture_a_step(void **state)
{
    (void)state;
    const char *dir = make_temp_dir();
    run_result text = RUN("explain", P);
    run_result r = RUN("explain", "--format", "svg", "--output-dir", dir, P);
    assert_status(r, 0);
    lines want = split_lines(text.out), got = split_lines(r.out);
    assert_int_equal(got.n, want.n);
    /* the same block, each step's line after its picture's path */
    for (size_t i = 0; i < want.n; i++) {
        if (i == 0 || i + 1 == want.n) {
            assert_string_equal(got.line[i], want.line[i]);
            continue;
        }
        const char *path = format_text("%s/0001-%03zu.svg", dir, i);
        assert_string_equal(got.line[i], format_text("%s: %s", path, want.line[i]));
        assert_true(exists(path));
    }
    if (have_tools(svg_tools)) {
        for (size_t i = 1; i + 1 < want.n; i++) {
            char *svg = read_file(format_text("%s/0001-%03zu.svg", dir, i));
            assert_int_equal(check_documents(dir, svg, P), 1);
        }
    }
    assert_int_equal(picture_shell(format_text("rm -f %s/*.svg", dir)), 0);
    /* a picture a step needs somewhere to go */
    run_result bad = RUN("explain", "--format", "svg", P);
    assert_status(bad, 2);
    assert_contains(assert_one_error_line(&bad), "--output-dir");
}

static void explain_html_page(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    const char *input = format_text("%s\n%s\n1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2."
                                    "........8..53...7.7.2....46\n",
                                    P, none);
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result text = RUN("explain", "--no-chains", file);
    run_result r = RUN("explain", "--no-chains", "--format", "html", file);
    assert_status(r, 1);
    assert_string_equal(r.err, text.err);
    assert_starts_with(r.out, "<!DOCTYPE html>\n");
    assert_int_equal(count_of(r.out, "</html>"), 1);
    /* a picture a step, and one where the engine got stuck */
    size_t steps = 0;
    lines l = split_lines(text.out);
    for (size_t i = 0; i < l.n; i++) steps += strstr(l.line[i], " (") && strstr(l.line[i], "): ");
    assert_int_equal(count_of(r.out, "<figure class=\"step\">"), steps + 1);
    assert_int_equal(count_of(r.out, "<h2>"), 3);
    assert_contains(r.out, "<p>no solution</p>");
    assert_contains(r.out, "<p>Stuck after ");
    assert_contains(r.out, "&lt;&gt;"); /* the step's text escaped */
}

/* ---- books ---- */

static void generate_html_is_a_book(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed", "5", "--format", "html", "--solution", "--per-page",
                       "6", "--title", "Six & more", "13");
    assert_status(r, 0);
    assert_int_equal(count_of(r.out, "<section class=\"page\">"), 3 + 2);
    assert_int_equal(count_of(r.out, "<figure>"), 26);
    assert_contains(r.out, "<header>Six &amp; more</header>");
    assert_contains(r.out, "<header>Six &amp; more: solutions</header>");
    assert_contains(r.out, "<span>13</span><span>rating ");
    /* the same puzzles as the lines */
    run_result lines_run = RUN("generate", "--seed", "5", "--rate", "13");
    lines l = split_lines(lines_run.out);
    assert_contains(r.out, format_text("<span>1</span><span>rating %s</span>",
                                       strtok(strchr(l.line[0], ' ') + 1, "/")));
    run_result j = RUN("generate", "--seed", "5", "--format", "html", "--solution", "--per-page",
                       "6", "--title", "Six & more", "-j", "2", "13");
    assert_same_runs(&r, &j);
    run_result bad = RUN("generate", "--title", "x", "2");
    assert_status(bad, 2);
    assert_contains(assert_one_error_line(&bad), "--title only applies with --format html");
}

static void book_from_any_stream(void **state)
{
    (void)state;
    char none[SUDOKU_CELLS + 1], two[SUDOKU_CELLS + 1];
    no_solution_puzzle(none);
    two_solution_puzzle(two);
    const char *input = format_text("%s\n%s\n%s\n%s\n%s\n", P, none, clash, two, E);
    const char *file = make_temp_file(input, strlen(input), NULL);
    run_result r = RUN("book", "--solutions", "--steps", "--per-page", "1", file);
    assert_status(r, 2);
    lines err = split_lines(r.err);
    assert_int_equal(err.n, 3);
    assert_string_equal(err.line[0],
                        format_text("sudoku: %s:2: no solution: left out of the book", file));
    assert_contains(err.line[1], format_text("%s:3:", file));
    assert_string_equal(
        err.line[2],
        format_text("sudoku: %s:4: more than one solution: left out of the book", file));
    /* two puzzles in, numbered 1 and 2, a page each, their solutions on one */
    assert_int_equal(count_of(r.out, "<section class=\"page\">"), 3);
    assert_not_contains(r.out, "<span>3</span>");
    assert_contains(r.out, "<h1 class=\"part\">Step by step</h1>");
    assert_contains(r.out, "<h2>Puzzle 2 (rating ");
    assert_contains(r.out, "<p>1. Hidden single");
    run_result j = RUN("book", "--solutions", "--steps", "--per-page", "1", "-j", "3", file);
    assert_same_runs(&r, &j);
    /* the ratings are rate's */
    run_result rated = RUN("rate", P, E);
    lines l = split_lines(rated.out);
    for (size_t i = 0; i < 2; i++) {
        char er[8];
        assert_int_equal(sscanf(strchr(l.line[i], ' ') + 1, "%7[0-9.]", er), 1);
        assert_contains(r.out, format_text("<span>%zu</span><span>rating %s</span>", i + 1, er));
    }
    /* nothing in: an empty book, still a page */
    run_result empty = RUN_IN("", "book", "--paper", "letter");
    assert_status(empty, 0);
    assert_contains(empty.out, "@page{size:letter");
    assert_contains(empty.out, "</html>\n");
}

static void bad_picture_options(void **state)
{
    (void)state;
    const char *file = make_temp_file("x", 1, NULL);
    struct {
        run_result r;
        const char *says;
    } cases[] = {
        {RUN("solve", "--output-dir", "/tmp", P), "--output-dir only applies with --format svg"},
        {RUN("solve", "--format", "svg", "--output-dir", file, P), "is not a directory"},
        {RUN("solve", "--format", "svg", "--count", P), "--count writes numbers"},
        {RUN("hint", "--draw", "--format", "json", P), "--draw only applies with --format text"},
        {RUN("hint", "--draw", "--color=sometimes", P), "--color is auto, always or never"},
        {RUN("book", "--per-page", "13", P), "--per-page needs a number of puzzles from 1 to 12"},
        {RUN("book", "--paper", "b5", P), "--paper is a4 or letter"},
        {RUN("book", "--format", "svg", P), "unknown format 'svg'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_status(cases[i].r, 2);
        assert_empty(cases[i].r.out);
        assert_contains(assert_one_error_line(&cases[i].r), cases[i].says);
    }
}

/* ---- the terminal ---- */

/* Runs hint --draw with a pseudo-terminal as its standard output and
 * returns what it wrote there. */
static char *hint_on_terminal(const char *no_color)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    assert_true(slave >= 0);
    int null = open("/dev/null", O_RDWR);
    if (no_color)
        setenv("NO_COLOR", no_color, 1);
    else
        unsetenv("NO_COLOR");
    setenv("TERM", "xterm", 1);
    pid_t pid =
        spawn_program(NULL, (const char *const[]){"hint", "--draw", P, NULL}, null, slave, null);
    close(slave);
    close(null);
    size_t cap = 1 << 16, n = 0;
    char *out = xmalloc(cap);
    for (ssize_t k; n + 1 < cap && (k = read(master, out + n, cap - 1 - n)) > 0;) n += (size_t)k;
    out[n] = '\0';
    close(master);
    assert_int_equal(wait_program(pid), 0);
    unsetenv("NO_COLOR");
    return out;
}

static void draw_in_colour_on_a_terminal_only(void **state)
{
    (void)state;
    run_result plain = RUN("hint", "--draw", P);
    assert_status(plain, 0);
    assert_null(strchr(plain.out, '\033'));
    assert_contains(plain.out, "Marks: +5 placed");
    assert_contains(plain.out, "+4");
    run_result always = RUN("hint", "--draw", "--color=always", P);
    assert_contains(always.out, "\033[1;97;42m4\033[0m");
    run_result explain = RUN("explain", "--draw", "--color=never", P);
    assert_int_equal(count_of(explain.out, "Marks: "), count_of(explain.out, "): "));
    if (under_wrapper()) return; /* a terminal and valgrind: enough said above */
    assert_non_null(strchr(hint_on_terminal(NULL), '\033'));
    assert_null(strchr(hint_on_terminal("1"), '\033'));
    assert_non_null(strchr(hint_on_terminal(""), '\033')); /* empty: not set */
}

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(hint_picture_shows_the_hint),
        TEST(solve_pictures_one_record_for_one),
        TEST(every_grid_command_draws),
        TEST(explain_writes_a_picture_a_step),
        TEST(explain_html_page),
        TEST(generate_html_is_a_book),
        TEST(book_from_any_stream),
        TEST(bad_picture_options),
        TEST(draw_in_colour_on_a_terminal_only),
    };
    return cmocka_run_group_tests_name("pictures and books (end to end)", tests, harness_setup,
                                       harness_finish);
}
