/*
 * test_pictures.c: the library's pictures (docs/pictures.md), looked at.
 * SVG pictures are checked by xmllint, rendered by rsvg-convert and read
 * back pixel by pixel (tests/picture_harness.c): each given's cell holds
 * dark ink and each empty cell none, solved digits are in their own
 * colour, each candidate is in its place of the 3 x 3, and for the first
 * step of every technique met on the paths of a few puzzles, the step's
 * shading lies in its cells and nowhere else, each elimination's cross on
 * the candidate removed, each placement's disc on the candidate placed,
 * each chain node's disc on its candidate in the colour of its state, one
 * arrow a link, dashed to an off node. Where the colours are is the
 * step's data; what the colours are is docs/pictures.md's key. The
 * terminal grid and the book's pages are read as text by their layout's
 * rules. Every function keeps snprintf's contract.
 *
 * The checks that need xmllint, rsvg-convert and pngtopnm are skipped,
 * saying so, when one is absent (apt-get install libxml2-utils
 * librsvg2-bin netpbm).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixtures.h"
#include "picture_harness.h"
#include "sudoku.h"

/* Puzzles whose paths hold, between them, every family of techniques the
 * pictures draw: singles and intersections (hard1), fish, uniqueness
 * (types 1, 3, 4), forcing X-chains and chains, cycles, Nishio, cell and
 * region forcing chains, dynamic ones. */
static const char *const path_puzzles[] = {
    ".5.1.8.7.4..3.....2.........1.7...8.9.....4............3.....1.....4.2......5.6..",
    "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
    ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.",
};

static const char *const svg_tools[] = {"xmllint", "rsvg-convert", "pngtopnm", NULL};

static char work_dir[256];

static int make_work_dir(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(work_dir, sizeof work_dir, "%s/sudoku-pictures-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(work_dir) ? 0 : -1;
}

static int remove_work_dir(void **state)
{
    (void)state;
    char command[300];
    if (getenv("PICTURES_KEEP")) return 0;
    snprintf(command, sizeof command, "rm -rf '%s'", work_dir);
    return picture_shell(command) == 0 ? 0 : -1;
}

/* Skips the test, saying why, when a tool the SVG checks need is absent. */
static void need_svg_tools(void)
{
    const char *missing = picture_tool_missing(svg_tools);
    if (!missing) return;
    print_message("skipped: %s is absent (apt-get install libxml2-utils librsvg2-bin netpbm)\n",
                  missing);
    skip();
}

/* The whole text a writer with snprintf's contract writes, checked for
 * that contract on the way: the length it returns is the same whatever
 * the size, and a short buffer holds the text's start. */
#define WHOLE(call_with_buf_size)                                                                  \
    ({                                                                                             \
        char *buf = NULL;                                                                          \
        size_t size = 0;                                                                           \
        size_t n_ = (call_with_buf_size);                                                          \
        char *whole_ = malloc(n_ + 1);                                                             \
        assert_non_null(whole_);                                                                   \
        buf = whole_;                                                                              \
        size = n_ + 1;                                                                             \
        assert_int_equal((call_with_buf_size), n_);                                                \
        assert_int_equal(strlen(whole_), n_);                                                      \
        char short_[40];                                                                           \
        buf = short_;                                                                              \
        size = sizeof short_;                                                                      \
        assert_int_equal((call_with_buf_size), n_);                                                \
        assert_int_equal(strncmp(short_, whole_, sizeof short_ - 1), 0);                           \
        assert_int_equal(short_[sizeof short_ - 1], '\0');                                         \
        whole_;                                                                                    \
    })

/* Writes text to a new file of the work directory; returns its path. */
static const char *save(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", work_dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
    return path;
}

/* Saves an SVG, checks it is well-formed, renders it and finds its grid. */
static void look_at(const char *name, const char *svg, image *img, frame *f)
{
    const char *path = save(name, svg);
    if (!picture_well_formed(path)) fail_msg("%s is not well-formed XML", path);
    if (!picture_render_svg(path, img)) fail_msg("rsvg-convert could not render %s", path);
    if (!picture_svg_frame(svg, img->width, f)) fail_msg("%s has no grid frame", path);
}

static void solution_of(const sudoku_grid *puzzle, sudoku_grid *solution)
{
    sudoku_result result;
    assert_int_equal(sudoku_solve(puzzle, 2, &result), 1);
    *solution = result.solution;
}

/* ---- grids ---- */

static void puzzle_shows_ink_in_givens_only(void **state)
{
    (void)state;
    need_svg_tools();
    sudoku_grid puzzle;
    grid_from(hard1, &puzzle);
    char *svg = WHOLE(sudoku_svg_grid(&puzzle, NULL, 0, buf, size));
    image img;
    frame f;
    look_at("puzzle.svg", svg, &img, &f);
    for (int cell = 0; cell < 81; cell++) {
        int ink = picture_count_dark(&img, picture_cell_box(&f, cell, 0.2), 90);
        if (puzzle.cell[cell] && ink < 20) fail_msg("the given of cell %d shows no ink", cell);
        if (!puzzle.cell[cell] && ink > 0)
            fail_msg("empty cell %d shows %d dark pixels", cell, ink);
    }
    picture_free(&img);
    free(svg);
}

static void solution_tells_givens_from_solved_digits(void **state)
{
    (void)state;
    need_svg_tools();
    sudoku_grid puzzle, solution;
    grid_from(hard1, &puzzle);
    solution_of(&puzzle, &solution);
    char *svg = WHOLE(sudoku_svg_grid(&puzzle, &solution, 0, buf, size));
    image img;
    frame f;
    look_at("solution.svg", svg, &img, &f);
    for (int cell = 0; cell < 81; cell++) {
        box b = picture_cell_box(&f, cell, 0.2);
        int black = picture_count_dark(&img, b, 60), blue = picture_count(&img, b, solved_ink);
        if (puzzle.cell[cell] && (black < 20 || blue > 0))
            fail_msg("given cell %d: %d black and %d blue pixels", cell, black, blue);
        if (!puzzle.cell[cell] && (black > 0 || blue < 10))
            fail_msg("solved cell %d: %d black and %d blue pixels", cell, black, blue);
    }
    picture_free(&img);
    free(svg);
}

static void candidates_sit_in_their_places(void **state)
{
    (void)state;
    need_svg_tools();
    sudoku_grid puzzle;
    sudoku_logic logic;
    grid_from(hard1, &puzzle);
    assert_true(sudoku_logic_from_grid(&logic, &puzzle));
    char *svg = WHOLE(sudoku_svg_candidates(&puzzle, &logic, SUDOKU_PICTURE_LABELS, buf, size));
    image img;
    frame f;
    look_at("candidates.svg", svg, &img, &f);
    for (int cell = 0; cell < 81; cell++) {
        if (puzzle.cell[cell]) continue;
        for (int d = 1; d <= 9; d++) {
            int ink = picture_count_dark(&img, picture_candidate_box(&f, cell, d, 0.12), 140);
            bool candidate = logic.candidates[cell] & (1u << (d - 1));
            if (candidate && ink < 3) fail_msg("candidate %d of cell %d shows no ink", d, cell);
            if (!candidate && ink > 0) fail_msg("cell %d shows a %d it cannot hold", cell, d);
        }
    }
    picture_free(&img);
    free(svg);
}

/* ---- steps ---- */

/* The cells a step shades: its cells, and those it places a digit in. */
static int shaded_cells(const sudoku_step *step, const frame *f, box boxes[81], bool in[81])
{
    int n = 0;
    memset(in, 0, 81 * sizeof in[0]);
    for (int i = 0; i < step->ncells; i++) in[step->cells[i]] = true;
    for (int cell = 0; cell < 81; cell++)
        if (step->place[cell]) in[cell] = true;
    for (int cell = 0; cell < 81; cell++)
        if (in[cell]) boxes[n++] = picture_cell_box(f, cell, 0);
    return n;
}

static void check_shading(const char *name, const sudoku_step *step, const image *img,
                          const frame *f)
{
    box boxes[81];
    bool in[81];
    int n = shaded_cells(step, f, boxes, in), x = 0, y = 0;
    const colour *shades[3] = {&pattern_shade, &set_shade, &place_shade};
    for (int s = 0; s < 3; s++) {
        int stray = picture_count_outside(img, *shades[s], boxes, n, 2, &x, &y);
        if (stray)
            fail_msg("%s: %d shaded pixels outside its cells, at (%d, %d)", name, stray, x, y);
    }
    for (int cell = 0; cell < 81; cell++) {
        if (!in[cell]) continue;
        box b = picture_cell_box(f, cell, 0.05);
        int shade = step->place[cell]
                        ? picture_count(img, b, place_shade)
                        : picture_count(img, b, pattern_shade) + picture_count(img, b, set_shade);
        if (shade < 100) fail_msg("%s: cell %d is not shaded (%d pixels)", name, cell, shade);
    }
}

/* Pixels of c only on the candidates of marks (cell, digit), and some on
 * each. */
static void check_marks(const char *name, const char *what, const image *img, const frame *f,
                        colour c, const uint16_t marks[81], int least)
{
    box boxes[729];
    int n = 0, x = 0, y = 0;
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++) {
            if (!(marks[cell] & (1u << (d - 1)))) continue;
            boxes[n++] = picture_candidate_box(f, cell, d, 0);
            int on = picture_count(img, boxes[n - 1], c);
            if (on < least)
                fail_msg("%s: the %s of %d in cell %d is missing (%d pixels)", name, what, d, cell,
                         on);
        }
    int stray = picture_count_outside(img, c, boxes, n, 2, &x, &y);
    if (stray) fail_msg("%s: %d pixels of %s elsewhere, at (%d, %d)", name, stray, what, x, y);
}

/* The chain's nodes in the colours of their states, one arrow a link. */
static void check_chains(const char *name, const sudoku_step *step, const image *img,
                         const frame *f, const char *svg)
{
    uint16_t on[81] = {0}, off[81] = {0};
    int links = 0, weak = 0;
    for (int i = 0; i < step->nlinks; i++) {
        const sudoku_link *link = &step->links[i];
        (link->on ? on : off)[link->cell] |= (uint16_t)(1u << (link->digit - 1));
        if (!link->start) {
            links++;
            weak += !link->on;
        }
    }
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++) {
            uint16_t bit = (uint16_t)(1u << (d - 1));
            if (!((on[cell] | off[cell]) & bit)) continue;
            box b = picture_candidate_box(f, cell, d, 0);
            if ((on[cell] & bit) && picture_count(img, b, on_disc) < 4)
                fail_msg("%s: the on node %d in cell %d is not green", name, d, cell);
            if ((off[cell] & bit) && picture_count(img, b, off_disc) < 4)
                fail_msg("%s: the off node %d in cell %d is not blue", name, d, cell);
        }
    /* the arrows' group: one path an arrow, dashed when weak */
    const char *group = strstr(svg, "marker-end=");
    int arrows = 0, dashed = 0;
    for (const char *p = group; p && (p = strstr(p, "<path d=\"M")) != NULL; p++) {
        const char *end = strchr(p, '>');
        arrows++;
        const char *dash = strstr(p, "stroke-dasharray");
        dashed += dash && dash < end;
    }
    if (arrows != links || dashed != weak)
        fail_msg("%s: %d arrows (%d dashed) for %d links (%d weak)", name, arrows, dashed, links,
                 weak);
}

/* Checks a step's picture against the step. */
static void check_step_picture(const char *name, const sudoku_grid *puzzle,
                               const sudoku_logic *before, const sudoku_step *step)
{
    char *svg = WHOLE(sudoku_svg_step(puzzle, before, step, SUDOKU_PICTURE_LABELS, buf, size));
    image img;
    frame f;
    look_at(name, svg, &img, &f);
    check_shading(name, step, &img, &f);
    uint16_t placed[81] = {0};
    for (int cell = 0; cell < 81; cell++)
        if (step->place[cell]) placed[cell] = (uint16_t)(1u << (step->place[cell] - 1));
    check_marks(name, "cross", &img, &f, cross, step->eliminate, 4);
    check_marks(name, "placement's disc", &img, &f, place_disc, placed, 10);
    check_chains(name, step, &img, &f, svg);
    for (int cell = 0; cell < 81; cell++) {
        int ink = picture_count_dark(&img, picture_cell_box(&f, cell, 0.25), 60);
        int blue = picture_count(&img, picture_cell_box(&f, cell, 0.25), solved_ink);
        if (puzzle->cell[cell] && ink < 20) fail_msg("%s: given cell %d shows no ink", name, cell);
        if (!puzzle->cell[cell] && before->placed.cell[cell] && blue < 10)
            fail_msg("%s: solved cell %d is not blue", name, cell);
    }
    picture_free(&img);
    free(svg);
}

static void every_kind_of_step_is_drawn_as_it_is(void **state)
{
    (void)state;
    need_svg_tools();
    bool seen[SUDOKU_TECHNIQUES][16] = {{false}};
    int pictures = 0;
    for (size_t p = 0; p < sizeof path_puzzles / sizeof path_puzzles[0]; p++) {
        sudoku_grid puzzle;
        sudoku_logic logic;
        sudoku_step step;
        grid_from(path_puzzles[p], &puzzle);
        assert_true(sudoku_logic_from_grid(&logic, &puzzle));
        for (int k = 1; sudoku_logic_next(&logic, 0, &step); k++) {
            bool *kind = &seen[step.technique][step.variant & 15];
            if (!*kind) {
                char name[64];
                snprintf(name, sizeof name, "p%zu-step%d.svg", p + 1, k);
                check_step_picture(name, &puzzle, &logic, &step);
                *kind = true;
                pictures++;
            }
            sudoku_logic_apply(&logic, &step);
        }
        assert_true(sudoku_logic_solved(&logic));
    }
    print_message("%d kinds of step drawn and checked\n", pictures);
    assert_true(pictures >= 20);
}

/* ---- the terminal ---- */

/* The line and column of candidate d of cell in the terminal's grid, by
 * the layout's rule: a header line, then per band a rule and three rows of
 * three lines with a blank line between; per row, the row's number in 3
 * columns, then per box "| " and three cells of 6 with a space after. */
static void terminal_place(int cell, int d, int *line, int *column)
{
    int row = cell / 9, col = cell % 9;
    *line = 2 + 12 * (row / 3) + 4 * (row % 3) + (d - 1) / 3;
    *column = 3 + 23 * (col / 3) + 2 + 7 * (col % 3) + 2 * ((d - 1) % 3) + 1;
}

static char terminal_char(const char *text, int line, int column)
{
    for (int i = 0; i < line; i++) {
        text = strchr(text, '\n');
        assert_non_null(text);
        text++;
    }
    assert_true((int)(strchr(text, '\n') - text) > column);
    return text[column];
}

static void terminal_grid_marks_a_step_in_plain_text(void **state)
{
    (void)state;
    sudoku_grid puzzle;
    sudoku_logic logic;
    sudoku_step step;
    grid_from(hard1, &puzzle);
    assert_true(sudoku_logic_from_grid(&logic, &puzzle));
    /* the first step that removes candidates: an intersection */
    while (sudoku_logic_next(&logic, 0, &step) && step.technique == SUDOKU_HIDDEN_SINGLE)
        sudoku_logic_apply(&logic, &step);
    char *text = WHOLE(sudoku_format_step_grid(&puzzle, &logic, &step, 0, buf, size));
    assert_null(strchr(text, '\033'));
    int marked = 0;
    bool in_step[81] = {false};
    for (int i = 0; i < step.ncells; i++) in_step[step.cells[i]] = true;
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++) {
            int line, column;
            terminal_place(cell, d, &line, &column);
            char digit = terminal_char(text, line, column),
                 marker = terminal_char(text, line, column - 1);
            if (logic.placed.cell[cell]) continue;
            bool candidate = logic.candidates[cell] & (1u << (d - 1));
            assert_int_equal(digit, candidate ? '0' + d : '.');
            char want = ' ';
            if (candidate && in_step[cell] && (step.digits & (1u << (d - 1)))) want = '*';
            if (step.eliminate[cell] & (1u << (d - 1))) want = '-';
            assert_int_equal(marker, want);
            marked += want != ' ';
        }
    assert_true(marked > 2);
    assert_non_null(strstr(text, "-5 eliminated"));
    /* a given in brackets, a blank cell's candidates around it */
    int line, column;
    terminal_place(0, 5, &line, &column);
    assert_int_equal(terminal_char(text, line, column), hard1[0]);
    assert_int_equal(terminal_char(text, line, column - 1), '[');
    free(text);
}

static void terminal_grid_in_colour_has_no_markers(void **state)
{
    (void)state;
    sudoku_grid puzzle;
    sudoku_logic logic;
    sudoku_step step;
    grid_from(hard1, &puzzle);
    assert_true(sudoku_logic_from_grid(&logic, &puzzle));
    assert_true(sudoku_logic_next(&logic, 0, &step));
    char *text =
        WHOLE(sudoku_format_step_grid(&puzzle, &logic, &step, SUDOKU_PICTURE_COLOR, buf, size));
    assert_non_null(strstr(text, "\033[1;97;42m")); /* the placement: white on green */
    assert_null(strstr(text, "+4"));
    free(text);
}

/* ---- the book ---- */

static size_t count_of(const char *text, const char *part)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, part)) != NULL; p += strlen(part)) n++;
    return n;
}

static void book_pages_hold_per_page_grids(void **state)
{
    (void)state;
    sudoku_grid puzzle;
    grid_from(hard1, &puzzle);
    sudoku_book book = {"A <title> & more", true, 4};
    char *start = WHOLE(sudoku_book_start(&book, buf, size));
    assert_non_null(strstr(start, "@page{size:letter"));
    assert_non_null(strstr(start, "<title>A &lt;title&gt; &amp; more</title>"));
    free(start);
    for (long count = 0; count <= 9; count++) {
        size_t pages = 0, closed = 0, figures = 0;
        for (long i = 0; i < count; i++) {
            char *grid =
                WHOLE(sudoku_book_grid(&book, i, "12", "rating 4.2", &puzzle, NULL, buf, size));
            pages += count_of(grid, "<section class=\"page\">");
            closed += count_of(grid, "</section>");
            figures += count_of(grid, "<figure>");
            free(grid);
        }
        char *end = WHOLE(sudoku_book_grids_end(&book, count, buf, size));
        closed += count_of(end, "</section>");
        free(end);
        assert_int_equal(pages, (size_t)(count + 3) / 4);
        assert_int_equal(closed, pages);
        assert_int_equal(figures, (size_t)count);
    }
}

static void book_text_is_escaped(void **state)
{
    (void)state;
    sudoku_book book = {NULL, false, 4};
    char *p = WHOLE(sudoku_book_text(&book, SUDOKU_BOOK_PARAGRAPH, "r1c2<>5 & \"x\"", buf, size));
    assert_string_equal(p, "<p>r1c2&lt;&gt;5 &amp; &quot;x&quot;</p>\n");
    free(p);
    p = WHOLE(sudoku_book_text(&book, SUDOKU_BOOK_PART, "Solutions", buf, size));
    assert_string_equal(p, "<h1 class=\"part\">Solutions</h1>\n");
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(puzzle_shows_ink_in_givens_only),
        cmocka_unit_test(solution_tells_givens_from_solved_digits),
        cmocka_unit_test(candidates_sit_in_their_places),
        cmocka_unit_test(every_kind_of_step_is_drawn_as_it_is),
        cmocka_unit_test(terminal_grid_marks_a_step_in_plain_text),
        cmocka_unit_test(terminal_grid_in_colour_has_no_markers),
        cmocka_unit_test(book_pages_hold_per_page_grids),
        cmocka_unit_test(book_text_is_escaped),
    };
    return cmocka_run_group_tests(tests, make_work_dir, remove_work_dir);
}
