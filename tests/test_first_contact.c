/*
 * test_first_contact.c: what a new user meets first (issue 29), end to
 * end: the grids forum programs copy (framed with '.', ':' and '\'') and
 * their labelled puzzle lines; a candidate grid that means the same as an
 * argument, in a file and on standard input; UTF-16 files; `sudoku` fed by
 * a pipe; one output shape per run; --stats' wording; --attempts with G.
 *
 * What a record holds is checked against this file's own reading: the
 * puzzle's cells, or the candidates its givens leave (computed here), less
 * the one a player took out by hand.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt: a terminal for standard input */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker.h"
#include "cli_harness.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TEST(f) cmocka_unit_test_teardown(f, harness_teardown)

/* ---- what the test writes and reads itself ---- */

/* A JSON record's string value for name (its text, unescaped: ours hold no
 * escapes), or NULL. */
static const char *json_string(const char *record, const char *name)
{
    const char *key = format_text("\"%s\":\"", name);
    const char *at = strstr(record, key);
    if (!at) return NULL;
    at += strlen(key);
    const char *end = strchr(at, '"');
    return end ? format_text("%.*s", (int)(end - at), at) : NULL;
}

static long json_long(const char *record, const char *name)
{
    const char *at = strstr(record, format_text("\"%s\":", name));
    assert_non_null(at);
    return strtol(at + strlen(name) + 3, NULL, 10);
}

/* The forum's givens grid of p (81 characters, '.' blanks), as HoDoKu
 * copies it: '.' corners on top, ':' between bands, '\'' below; with
 * corners '+' instead when plus is set. */
static const char *framed_grid(const char *p, bool plus)
{
    const char *top = plus ? "+-------+-------+-------+" : ".-------.-------.-------.";
    const char *mid = plus ? "+-------+-------+-------+" : ":-------+-------+-------:";
    const char *bottom = plus ? "+-------+-------+-------+" : "'-------'-------'-------'";
    char *text = format_text("%s\n", top);
    for (int r = 0; r < 9; r++) {
        const char *q = p + 9 * r;
        text = format_text("%s| %c %c %c | %c %c %c | %c %c %c |\n", text, q[0], q[1], q[2], q[3],
                           q[4], q[5], q[6], q[7], q[8]);
        if (r == 2 || r == 5) text = format_text("%s%s\n", text, mid);
    }
    return format_text("%s%s\n", text, bottom);
}

/* The candidates p's givens leave each cell, as masks (bit d-1: digit d). */
static void candidates_of(const char *p, unsigned marks[81])
{
    for (int cell = 0; cell < 81; cell++) {
        if (p[cell] >= '1' && p[cell] <= '9') {
            marks[cell] = 1u << (p[cell] - '1');
            continue;
        }
        marks[cell] = 0x1FF;
        for (int other = 0; other < 81; other++) {
            int r = cell / 9, c = cell % 9, r2 = other / 9, c2 = other % 9;
            bool peer = r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3);
            if (other != cell && peer && p[other] >= '1' && p[other] <= '9')
                marks[cell] &= ~(1u << (p[other] - '1'));
        }
    }
}

/* The 729-character line of marks. */
static const char *pencilmark_line(const unsigned marks[81])
{
    char *s = xmalloc(730);
    for (int cell = 0; cell < 81; cell++)
        for (int d = 1; d <= 9; d++)
            s[9 * cell + d - 1] = (marks[cell] >> (d - 1) & 1) ? (char)('0' + d) : '.';
    s[729] = '\0';
    return s;
}

static const char *set_text(unsigned mask)
{
    char *s = xmalloc(10);
    size_t n = 0;
    for (int d = 1; d <= 9; d++)
        if (mask >> (d - 1) & 1) s[n++] = (char)('0' + d);
    s[n] = '\0';
    return s;
}

/* The forum's candidate grid of marks (HoDoKu's layout: framed like the
 * givens grid, each stack as wide as its widest cells); Norvig's layout
 * (spaces and '|', rules of '-' and '+') when norvig is set. */
static const char *candidate_grid(const unsigned marks[81], bool norvig)
{
    int width[9] = {0};
    for (int cell = 0; cell < 81; cell++) {
        int w = (int)strlen(set_text(marks[cell]));
        if (w > width[cell % 9]) width[cell % 9] = w;
    }
    char *rule[3];
    for (int kind = 0; kind < 3; kind++) {
        static const char *const corner[3][2] = {{".", "."}, {":", "+"}, {"'", "'"}};
        char *line = xstrdup(norvig ? "" : corner[kind][0]);
        for (int s = 0; s < 3; s++) {
            int w = width[3 * s] + width[3 * s + 1] + width[3 * s + 2] + 6 + (norvig ? 0 : 1);
            char *dashes = xmalloc((size_t)w + 1);
            memset(dashes, '-', (size_t)w);
            dashes[w] = '\0';
            line = format_text("%s%s%s", line, dashes,
                               s < 2 ? (norvig ? "+" : corner[kind][1]) : norvig ? "" : corner[kind][0]);
        }
        rule[kind] = line;
    }
    char *text = norvig ? xstrdup("") : format_text("%s\n", rule[0]);
    for (int r = 0; r < 9; r++) {
        char *line = xstrdup(norvig ? "" : "| ");
        for (int c = 0; c < 9; c++)
            line = format_text("%s%-*s  %s", line, width[c], set_text(marks[9 * r + c]),
                               c % 3 == 2 && c < 8 ? "| " : "");
        text = format_text("%s%s%s\n", text, line, norvig ? "" : "|");
        if (r == 2 || r == 5) text = format_text("%s%s\n", text, rule[1]);
    }
    return norvig ? text : format_text("%s%s\n", text, rule[2]);
}

/* P's candidates less one a player took out by hand: of the first cell
 * with three or more, a digit that is not the solution's. */
static void player_state(unsigned marks[81], int *cell_out, int *digit_out)
{
    char solution[82];
    solve_line(P, solution);
    candidates_of(P, marks);
    for (int cell = 0; cell < 81; cell++) {
        if (__builtin_popcount(marks[cell]) < 3) continue;
        for (int d = 9; d >= 1; d--)
            if ((marks[cell] >> (d - 1) & 1) && solution[cell] != '0' + d) {
                marks[cell] &= ~(1u << (d - 1));
                *cell_out = cell;
                *digit_out = d;
                return;
            }
    }
    fail_msg("no cell to take a candidate from");
}

/* The puzzle as hint --format json records it from text as an argument,
 * in a file and on standard input (81 cells, or 729 characters of
 * candidates): the three must agree; returns it. */
static const char *record_everywhere(const char *text)
{
    const char *file = make_temp_file(text, strlen(text), NULL);
    run_result arg = RUN("hint", "--format", "json", text);
    run_result in_file = RUN("hint", "--format", "json", file);
    run_result in_stdin = RUN_IN(text, "hint", "--format", "json");
    assert_status(arg, 0);
    assert_status(in_file, 0);
    assert_status(in_stdin, 0);
    const char *a = json_string(arg.out, "puzzle"), *f = json_string(in_file.out, "puzzle"),
               *s = json_string(in_stdin.out, "puzzle");
    assert_non_null(a);
    assert_non_null(f);
    assert_non_null(s);
    assert_int_equal(split_lines(in_file.out).n, 1);
    assert_int_equal(split_lines(in_stdin.out).n, 1);
    if (strcmp(a, f) != 0 || strcmp(a, s) != 0)
        fail_msg("the same text read three ways:\nargument %s\nfile     %s\nstdin    %s", a, f, s);
    return a;
}

/* ---- 1: the forums' grids ---- */

static void forum_givens_grids(void **state)
{
    (void)state;
    const char *p = relabel(P, 0);
    /* the reference reading: the cells in order */
    assert_string_equal(record_everywhere(framed_grid(p, false)), p);
    assert_string_equal(record_everywhere(framed_grid(p, true)), p);
    /* back to back, with a line puzzle between: each record in its place */
    const char *e = relabel(E, 0);
    const char *text = format_text("%s%s\n%s", framed_grid(p, false), e, framed_grid(e, false));
    run_result r = RUN_IN(text, "solve", "--format", "json");
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 3);
    assert_string_equal(json_string(out.line[0], "puzzle"), p);
    assert_int_equal(json_long(out.line[0], "line"), 2);
    assert_string_equal(json_string(out.line[1], "puzzle"), e);
    assert_int_equal(json_long(out.line[1], "line"), 14);
    assert_string_equal(json_string(out.line[2], "puzzle"), e);
    assert_int_equal(json_long(out.line[2], "line"), 16);
    assert_empty(r.err);
}

/* A framed candidate grid keeps the player's elimination wherever it is
 * read (items 1 and 2). */
static void forum_candidate_grids(void **state)
{
    (void)state;
    unsigned marks[81];
    int cell, digit;
    player_state(marks, &cell, &digit);
    const char *want = pencilmark_line(marks);
    assert_int_equal(want[9 * cell + digit - 1], '.');
    assert_string_equal(record_everywhere(candidate_grid(marks, false)), want);
}

/* Norvig's layout, as --show-candidates prints it, with a candidate taken
 * out: the same candidates as an argument, in a file and on standard
 * input (item 2: a file kept only its givens). */
static void candidate_grids_mean_one_thing(void **state)
{
    (void)state;
    unsigned marks[81];
    int cell, digit;
    player_state(marks, &cell, &digit);
    const char *text = candidate_grid(marks, true);
    assert_string_equal(record_everywhere(text), pencilmark_line(marks));
    /* and so the next step is the same from all three */
    const char *file = make_temp_file(text, strlen(text), NULL);
    run_result a = RUN("hint", "--format", "pencilmarks", text);
    run_result f = RUN("hint", "--format", "pencilmarks", file);
    assert_status(a, 0);
    assert_string_equal(a.out, f.out);
}

/* Labels before a puzzle line make it a record; a comment stays one. */
static void labelled_lines(void **state)
{
    (void)state;
    const char *p = relabel(P, 0), *e = relabel(E, 0);
    const char *text = format_text("# a comment\n"
                                   "1 %s\n"
                                   "#2 %s\n"
                                   "# 3 %s\n"
                                   "#%s\n"
                                   "Name: %s\n"
                                   "Puzzle 12: %s # a note\n"
                                   "4. %s\n"
                                   "5) %s\n"
                                   "#6\t%s\n",
                                   p, e, p, p, p, e, p, e, e);
    static const struct {
        long line;
        bool p;
    } want[] = {{2, true}, {3, false}, {6, true}, {7, false}, {8, true}, {9, false}, {10, false}};
    run_result r = RUN_IN(text, "solve", "--format", "json");
    assert_status(r, 0);
    assert_empty(r.err);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < out.n; i++) {
        assert_int_equal(json_long(out.line[i], "line"), want[i].line);
        assert_string_equal(json_string(out.line[i], "puzzle"), want[i].p ? p : e);
    }
    /* as arguments too */
    static const char *const labels[] = {"1 ", "#1 ", "Name: ", "12. ", "3) ", "Puzzle 7: "};
    for (size_t k = 0; k < sizeof labels / sizeof labels[0]; k++) {
        run_result a = RUN("solve", "--format", "line", format_text("%s%s", labels[k], p));
        assert_status(a, 0);
        assert_solution(p, split_lines(a.out).line[0]);
    }
    /* a comment or a header is never a record: these lines make none */
    r = RUN_IN(format_text("# %s\n# 1 %s\n#%s\n#x %s\nsee: the puzzle below\n", p, p, p, p),
               "solve");
    assert_status(r, 0);
    assert_empty(r.out);
    assert_contains(r.err, "no puzzles found in 5 lines");
}

/* ---- 5, 6: standard input with no argument, one shape per run ---- */

static void piped_input_without_arguments(void **state)
{
    (void)state;
    run_result r = run_program(format_text("%s\n%s\n", P, E), (const char *const[]){NULL});
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    assert_solution(P, out.line[0]);
    assert_solution(E, out.line[1]);
    /* at a terminal, no argument is a question: the usage */
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        print_message("no pseudo-terminal here: the terminal case is not run\n");
        if (master >= 0) close(master);
        return;
    }
    int terminal = open(ptsname(master), O_RDWR | O_NOCTTY);
    assert_true(terminal > 0);
    run_setup setup = {.stdin_fd = terminal};
    r = run_setup_program(&setup, (const char *const[]){NULL});
    close(terminal);
    close(master);
    assert_status(r, 2);
    assert_empty(r.out);
    assert_contains(r.err, "Usage:");
}

static void one_shape_per_run(void **state)
{
    (void)state;
    const char *file = make_temp_file(format_text("%s\n", E), strlen(E) + 1, NULL);
    /* an argument and a file: lines for both */
    run_result r = RUN("solve", P, file);
    assert_status(r, 0);
    lines out = split_lines(r.out);
    assert_int_equal(out.n, 2);
    assert_solution(P, out.line[0]);
    assert_solution(E, out.line[1]);
    /* standard input among arguments too */
    r = RUN_IN(format_text("%s\n", E), "solve", P, "-");
    assert_int_equal(split_lines(r.out).n, 2);
    r = RUN_IN(format_text("%s\n", E), "solve", "-", P);
    assert_int_equal(split_lines(r.out).n, 2);
    /* arguments alone: grids, each of 11 lines, a blank line between */
    r = RUN("solve", P, E);
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 11 + 1 + 11);
    /* a bad argument among them changes nothing */
    r = RUN("solve", P, "12345", file);
    assert_int_equal(split_lines(r.out).n, 3);
}

/* ---- 7: UTF-16 ---- */

/* text (ASCII and é, an astral character in a comment) as UTF-16 with its
 * byte order mark, little-endian or big-endian. */
static const char *utf16(const char *text, bool big, size_t *len)
{
    size_t n = strlen(text);
    unsigned char *out = xmalloc(2 * n + 8);
    size_t k = 0;
    out[k++] = big ? 0xFE : 0xFF;
    out[k++] = big ? 0xFF : 0xFE;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)text[i];
        unsigned cp;
        if (c < 0x80) {
            cp = c, i += 1;
        } else if (c < 0xE0) {
            cp = (c & 0x1Fu) << 6 | (text[i + 1] & 0x3F), i += 2;
        } else if (c < 0xF0) {
            cp = (c & 0x0Fu) << 12 | (text[i + 1] & 0x3Fu) << 6 | (text[i + 2] & 0x3F), i += 3;
        } else {
            cp = (c & 0x07u) << 18 | (text[i + 1] & 0x3Fu) << 12 | (text[i + 2] & 0x3Fu) << 6 |
                 (text[i + 3] & 0x3F);
            i += 4;
        }
        unsigned units[2] = {cp, 0};
        int nunits = 1;
        if (cp >= 0x10000) {
            units[0] = 0xD800 + ((cp - 0x10000) >> 10);
            units[1] = 0xDC00 + ((cp - 0x10000) & 0x3FF);
            nunits = 2;
        }
        for (int u = 0; u < nunits; u++) {
            out[k++] = (unsigned char)(big ? units[u] >> 8 : units[u] & 0xFF);
            out[k++] = (unsigned char)(big ? units[u] & 0xFF : units[u] >> 8);
        }
    }
    *len = k;
    return (const char *)out;
}

static void utf16_files(void **state)
{
    (void)state;
    /* as Notepad saves it: CRLF line ends; a bad record among good ones */
    const char *text = format_text("# puzzles, caf\xc3\xa9 \xf0\x9f\x98\x80\r\n%s\r\n1 %s\r\n"
                                   "%.80s\r\n%s\r\n",
                                   P, E, P, E);
    const char *plain = make_temp_file(text, strlen(text), NULL);
    run_result want = RUN("solve", plain);
    assert_status(want, 2);
    assert_int_equal(split_lines(want.out).n, 4);
    for (int big = 0; big < 2; big++) {
        size_t len;
        const char *bytes = utf16(text, big, &len);
        const char *file = make_temp_file(bytes, len, NULL);
        run_result r = RUN("solve", file);
        assert_status(r, 2);
        assert_string_equal(r.out, want.out);
        /* the same diagnostic, at the same line: one line for one record */
        assert_string_equal(r.err + strlen("sudoku: ") + strlen(file),
                            want.err + strlen("sudoku: ") + strlen(plain));
        run_setup setup = {.input = bytes, .input_len = len};
        run_result in = run_setup_program(&setup, (const char *const[]){"solve", NULL});
        assert_string_equal(in.out, want.out);
    }
}

/* A UTF-16 stream that reaches the program a few bytes at a time, cut
 * inside its units and its byte order mark, reads the same. */
static void utf16_in_pieces(void **state)
{
    (void)state;
    const char *text = format_text("%s\r\n%s\r\n", P, E);
    size_t len;
    const char *bytes = utf16(text, false, &len);
    int to, from, err_fd;
    pid_t pid = spawn_piped((const char *const[]){"solve", NULL}, &to, &from, &err_fd);
    for (size_t at = 0; at < len;) {
        size_t piece = at < 9 ? 1 : 7;
        if (piece > len - at) piece = len - at;
        write_all(to, bytes + at, piece);
        at += piece;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    close(to);
    char *out = xmalloc(4096);
    size_t n = 0;
    for (ssize_t got; n < 4095 && (got = read(from, out + n, 4095 - n)) > 0;) n += (size_t)got;
    out[n] = '\0';
    close(from);
    assert_int_equal(wait_program(pid), 0);
    lines got = split_lines(out);
    assert_int_equal(got.n, 2);
    assert_solution(P, got.line[0]);
    assert_solution(E, got.line[1]);
    close(err_fd);
}

/* ---- 10: the small things ---- */

static void stats_wording(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed", "1", "--stats", "1");
    assert_status(r, 0);
    assert_contains(r.err, " 1 puzzle generated,");
    /* a slow puzzle's speed is not rounded to 0 */
    const char *slow =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    r = RUN("rate", "--stats", slow);
    const char *at = strstr(r.err, " s, ");
    assert_non_null(at);
    while (at > r.err && at[-1] != ' ') at--;
    double seconds = strtod(at, NULL), speed = strtod(strstr(at, " s, ") + 4, NULL);
    if (strstr(r.err, "too fast to time")) return;
    assert_true(speed > 0);
    if (seconds >= 0.01 && (speed * seconds < 0.94 || speed * seconds > 1.06))
        fail_msg("1 puzzle in %.3f s is not %g puzzles/s:\n%s", seconds, speed, r.err);
}

static void attempts_take_g(void **state)
{
    (void)state;
    run_result r = RUN("generate", "--seed", "1", "--attempts", "1G", "1");
    assert_status(r, 0);
    assert_int_equal(split_lines(r.out).n, 1);
    r = RUN("generate", "--attempts", "19000000000G", "1");
    assert_status(r, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TEST(forum_givens_grids),    TEST(forum_candidate_grids),
        TEST(candidate_grids_mean_one_thing),
        TEST(labelled_lines),        TEST(piped_input_without_arguments),
        TEST(one_shape_per_run),     TEST(utf16_files),
        TEST(utf16_in_pieces),       TEST(stats_wording),
        TEST(attempts_take_g),
    };
    return cmocka_run_group_tests(tests, harness_setup, harness_finish);
}
