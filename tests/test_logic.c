/*
 * test_logic.c: every technique of the logic engine on boards built by
 * hand. Each technique is found on a board carved for it, with its rating
 * and type, and places and removes exactly what its definition implies on
 * that board; the same board with one candidate added or removed, so that
 * the definition no longer holds, gives nothing. The expected steps are
 * worked out from the techniques' definitions (docs/logic.md, Sudoku
 * Explainer's), in the comments above the cases, never from the finders.
 *
 * Two kinds of board: "open" boards (every cell open with all nine
 * candidates, the pattern carved by removing candidates) for the
 * techniques that look at a few units, and "solved" boards (a full valid
 * grid, a few cells opened with chosen candidates) for the uniqueness and
 * BUG techniques, which need a nearly solved board. The finders read only
 * candidates, so the extra candidates added to a deadly pattern need not
 * agree with the digits placed around it.
 *
 * Techniques up to aligned pair exclusion are here; the chains, which need
 * real positions, are walked by test_logic_path and tests/test_chains.c.
 * Some of HoDoKu's (issue 26) are here too, on its scale: the basic and
 * finned X-wing, Skyscraper, 2-String Kite, W-Wing, XY-Wing, Locked Pair
 * and Full House; test_hodoku holds all of them to HoDoKu's own paths.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"
#include "fixtures.h"
#include "sudoku.h"

/* The solution of hard1 (fixtures.h), typed in from `sudoku solve`;
 * solution_is_valid checks it with the independent checker. Rows:
 *   417369825 632158947 958724316 825437169 791586432
 *   346912758 289643571 573291684 164875293
 * Deadly patterns in it that the boards below open:
 *   rectangle on 1,3: r1c2=1 r1c4=3 r2c2=3 r2c4=1 (rows 1-2, boxes 1-2)
 *   rectangle on 2,8: r4c1=8 r4c2=2 r7c1=2 r7c2=8 (boxes 4, 7)
 *   rectangle on 3,4: r8c3=3 r8c9=4 r9c3=4 r9c9=3 (boxes 7, 9)
 *   rectangle on 5,7: r6c7=7 r6c8=5 r7c7=5 r7c8=7 (boxes 6, 9)
 *   6-cell loop on 2,5: r2c3=2 r2c5=5 r3c5=2 r3c2=5 r4c2=2 r4c3=5
 *   8-cell loop on 2,8: r2c3=2 r2c6=8 r3c3=8 r3c5=2 r5c5=8 r5c9=2 r6c9=8
 *     r6c6=2
 *   a cycle on 1,2,9: r6c4,r6c5,r6c6 = 9,1,2 and r8c4,r8c5,r8c6 = 2,9,1;
 *     2,9,1 and 9,1,2 there instead make another valid grid. */
static const char solution[] = "417369825632158947958724316825437169791586432"
                               "346912758289643571573291684164875293";

/* ---- reading the cases' notation ---- */

static uint16_t bit(int digit)
{
    return (uint16_t)(1u << (digit - 1));
}

/* The digits of a string such as "137" as a candidate set. */
static uint16_t digits_of(const char *digits, size_t len)
{
    uint16_t set = 0;
    for (size_t i = 0; i < len; i++) {
        assert_true(digits[i] >= '1' && digits[i] <= '9');
        set |= bit(digits[i] - '0');
    }
    return set;
}

/* One word of a list such as "r1c4 r2c9 =137": its start and length;
 * returns false at the end. */
static bool next_word(const char **p, const char **word, size_t *len)
{
    while (**p == ' ') (*p)++;
    if (!**p) return false;
    *word = *p;
    while (**p && **p != ' ') (*p)++;
    *len = (size_t)(*p - *word);
    return true;
}

static bool is_cell(const char *word, size_t len)
{
    return len == 4 && word[0] == 'r' && word[1] >= '1' && word[1] <= '9' && word[2] == 'c' &&
           word[3] >= '1' && word[3] <= '9';
}

static int cell_of(const char *word)
{
    return (word[1] - '1') * 9 + (word[3] - '1');
}

/* Reads a list of cells and what happens to them ("r2c2 r2c4 =137 r3c4
 * -5"): each action word applies to the cells named since the last one,
 * and cells left without one (a plain list) get the action "". Calls
 * act(cell, action, digits, context) for each, with cell -1 for a check
 * such as "grave?"; returns the count of cells read. */
typedef void (*cell_action)(int cell, const char *action, uint16_t digits, void *context);

static int read_actions(const char *text, cell_action act, void *context)
{
    int cells[SUDOKU_CELLS], n = 0, total = 0;
    const char *p = text ? text : "", *word;
    size_t len;
    while (next_word(&p, &word, &len)) {
        if (is_cell(word, len)) {
            assert_true(n < SUDOKU_CELLS);
            cells[n++] = cell_of(word);
            total++;
            continue;
        }
        /* "=137", "-5", "+5", "<>13", or a check such as "grave?" */
        size_t op = word[0] == '<' && len > 1 && word[1] == '>' ? 2 : 1;
        if (word[len - 1] == '?') op = len;
        char action[16];
        assert_true(op < sizeof action);
        memcpy(action, word, op);
        action[op] = '\0';
        uint16_t digits = digits_of(word + op, len - op);
        if (op == len && word[len - 1] == '?') {
            act(-1, action, 0, context);
            continue;
        }
        assert_true(n > 0);
        for (int i = 0; i < n; i++) act(cells[i], action, digits, context);
        n = 0;
    }
    /* Cells without an action: a plain list. */
    for (int i = 0; i < n; i++) act(cells[i], "", 0, context);
    return total;
}

/* ---- building boards ---- */

/* Every cell open with all nine candidates. */
static void open_board(sudoku_logic *s)
{
    memset(s, 0, sizeof *s);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) s->candidates[cell] = 0x1FF;
}

/* Every cell placed: the solution grid. */
static void solved_board(sudoku_logic *s)
{
    memset(s, 0, sizeof *s);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        s->placed.cell[cell] = (uint8_t)(solution[cell] - '0');
}

/* The i-th cell (0-8) of a unit: rows 0-8, columns 9-17, boxes 18-26. */
static int unit_cell(int unit, int i)
{
    int k = unit % 9;
    if (unit < 9) return 9 * k + i;
    if (unit < 18) return 9 * i + k;
    return 27 * (k / 3) + 3 * (k % 3) + 9 * (i / 3) + i % 3;
}

/* Checks that the open cells of s form a bivalue universal grave: each
 * holds two candidates, and each digit has none or two places in every
 * unit. Guards the BUG boards' data before their extras go in. */
static void assert_grave(const sudoku_logic *s)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (s->placed.cell[cell]) continue;
        int n = 0;
        for (int d = 1; d <= 9; d++) n += (s->candidates[cell] & bit(d)) != 0;
        assert_int_equal(n, 2);
    }
    for (int unit = 0; unit < 27; unit++)
        for (int d = 1; d <= 9; d++) {
            int places = 0;
            for (int i = 0; i < 9; i++) places += (s->candidates[unit_cell(unit, i)] & bit(d)) != 0;
            assert_true(places == 0 || places == 2);
        }
}

/* A board edit: "=137" opens the cell with exactly those candidates, "-5"
 * removes, "+5" adds; "grave?" checks the board as it stands. */
static void edit(int cell, const char *action, uint16_t digits, void *context)
{
    sudoku_logic *s = context;
    if (strcmp(action, "grave?") == 0) {
        assert_grave(s);
        return;
    }
    if (action[0] == '=') {
        s->placed.cell[cell] = 0;
        s->candidates[cell] = digits;
    } else if (action[0] == '-') {
        s->candidates[cell] &= (uint16_t)~digits;
    } else if (action[0] == '+') {
        assert_int_equal(s->placed.cell[cell], 0);
        s->candidates[cell] |= digits;
    } else {
        fail_msg("unknown board edit \"%s\"", action);
    }
}

static void edit_board(sudoku_logic *s, const char *edits)
{
    read_actions(edits, edit, s);
}

/* ---- what a step should be ---- */

typedef struct expected {
    uint8_t place[SUDOKU_CELLS];
    uint16_t eliminate[SUDOKU_CELLS];
} expected;

/* A result: "r5c5 =7" places 7, "r1c4 r1c5 <>5" removes 5 from both. */
static void expect(int cell, const char *action, uint16_t digits, void *context)
{
    expected *e = context;
    if (strcmp(action, "=") == 0) {
        assert_int_equal(__builtin_popcount(digits), 1);
        e->place[cell] = (uint8_t)__builtin_ctz(digits) + 1;
    } else if (strcmp(action, "<>") == 0) {
        e->eliminate[cell] |= digits;
    } else {
        fail_msg("unknown result \"%s\"", action);
    }
}

/* Notes the cells of a list, for check_cells. */
static void note_cell(int cell, const char *action, uint16_t digits, void *context)
{
    (void)action;
    (void)digits;
    bool *listed = context;
    if (cell >= 0) listed[cell] = true;
}

static void digits_text(uint16_t set, char out[10])
{
    int n = 0;
    for (int d = 1; d <= 9; d++)
        if (set & bit(d)) out[n++] = (char)('0' + d);
    out[n] = '\0';
}

/* Checks that technique finds nothing on s. */
static void check_none(const sudoku_logic *s, sudoku_technique technique, unsigned flags)
{
    sudoku_step step;
    if (!sudoku_logic_find(s, technique, flags, &step)) return;
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_step(&step, text, sizeof text);
    fail_msg("%s: expected nothing, found: %s", sudoku_technique_name(technique), text);
}

static bool is_uniqueness(sudoku_technique technique)
{
    return technique == SUDOKU_UNIQUE_RECTANGLE || technique == SUDOKU_UNIQUE_LOOP ||
           technique == SUDOKU_BUG;
}

/* Finds the step of technique on s, or fails saying why not. */
static void find_step(const sudoku_logic *s, sudoku_technique technique, unsigned flags,
                      sudoku_step *step)
{
    if (sudoku_logic_find(s, technique, flags, step)) return;
    /* Rectangles and loops have one finder: say what it gave. */
    sudoku_technique sibling =
        technique == SUDOKU_UNIQUE_RECTANGLE ? SUDOKU_UNIQUE_LOOP : SUDOKU_UNIQUE_RECTANGLE;
    char text[SUDOKU_TEXT_MAX] = "";
    if ((technique == SUDOKU_UNIQUE_RECTANGLE || technique == SUDOKU_UNIQUE_LOOP) &&
        sudoku_logic_find(s, sibling, flags, step))
        sudoku_format_step(step, text, sizeof text);
    fail_msg("%s: not found%s%s", sudoku_technique_name(technique),
             *text ? "; the same finder gives: " : "", text);
}

/* Checks, cell by cell, that the step places and removes what e says. */
static void check_results(const sudoku_step *step, const expected *e)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (step->place[cell] == e->place[cell] && step->eliminate[cell] == e->eliminate[cell])
            continue;
        char have[10], want[10];
        digits_text(step->eliminate[cell], have);
        digits_text(e->eliminate[cell], want);
        fail_msg("r%dc%d: the step places %d and removes {%s}; expected %d and {%s}", cell / 9 + 1,
                 cell % 9 + 1, step->place[cell], have, e->place[cell], want);
    }
}

/* Checks that the step's cells from index from up to to are the cells of
 * the list, in any order. */
static void check_cells(const sudoku_step *step, int from, int to, const char *list)
{
    bool listed[SUDOKU_CELLS] = {false};
    int n = read_actions(list, note_cell, listed);
    assert_int_equal(to - from, n);
    for (int i = from; i < to; i++)
        if (!listed[step->cells[i]])
            fail_msg("the step's cell r%dc%d is not in \"%s\"", step->cells[i] / 9 + 1,
                     step->cells[i] % 9 + 1, list);
}

/* ---- the step in words and in JSON ---- */

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part)) fail_msg("\"%s\" does not contain \"%s\"", text, part);
}

/* A small JSON reader: checks the syntax, and reads the step object's
 * "technique", "rating", "placements" and "eliminations". */
typedef struct json {
    const char *p;
    char technique[64];
    double rating;
    int placements, eliminations;
    unsigned keys; /* bit i: the i-th of those four keys was read */
    const sudoku_step *step;
} json;

static bool json_value(json *j, int depth);

static void json_space(json *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r') j->p++;
}

static bool json_take(json *j, char c)
{
    json_space(j);
    if (*j->p != c) return false;
    j->p++;
    return true;
}

/* A string without escapes (the step's strings need none) into out. */
static bool json_string(json *j, char *out, size_t cap)
{
    if (!json_take(j, '"')) return false;
    size_t n = 0;
    while (*j->p && *j->p != '"') {
        if ((unsigned char)*j->p < 0x20 || *j->p == '\\') return false;
        if (n + 1 < cap) out[n++] = *j->p;
        j->p++;
    }
    if (cap) out[n < cap ? n : cap - 1] = '\0';
    return json_take(j, '"');
}

static bool json_number(json *j, double *value)
{
    json_space(j);
    if (*j->p != '-' && (*j->p < '0' || *j->p > '9')) return false;
    char *end;
    *value = strtod(j->p, &end);
    j->p = end;
    return true;
}

/* [row,col,digit], each 1-9; placement or elimination of the step. */
static bool json_triple(json *j, bool placement)
{
    double v[3];
    for (int i = 0; i < 3; i++)
        if (!json_take(j, i ? ',' : '[') || !json_number(j, &v[i]) || v[i] < 1 || v[i] > 9 ||
            v[i] != (int)v[i])
            return false;
    if (!json_take(j, ']')) return false;
    int cell = ((int)v[0] - 1) * 9 + (int)v[1] - 1, digit = (int)v[2];
    if (placement) return j->step->place[cell] == digit;
    return (j->step->eliminate[cell] & bit(digit)) != 0;
}

static bool json_triples(json *j, bool placement, int *count)
{
    if (!json_take(j, '[')) return false;
    if (json_take(j, ']')) return true;
    do {
        if (!json_triple(j, placement)) return false;
        (*count)++;
    } while (json_take(j, ','));
    return json_take(j, ']');
}

static bool json_member(json *j, int depth)
{
    char key[32];
    if (!json_string(j, key, sizeof key) || !json_take(j, ':')) return false;
    if (depth > 0) return json_value(j, depth + 1);
    static const char *const keys[4] = {"technique", "rating", "placements", "eliminations"};
    for (unsigned i = 0; i < 4; i++)
        if (strcmp(key, keys[i]) == 0) {
            if (j->keys & (1u << i)) return false; /* twice */
            j->keys |= 1u << i;
        }
    if (strcmp(key, "technique") == 0) return json_string(j, j->technique, sizeof j->technique);
    if (strcmp(key, "rating") == 0) return json_number(j, &j->rating);
    if (strcmp(key, "placements") == 0) return json_triples(j, true, &j->placements);
    if (strcmp(key, "eliminations") == 0) return json_triples(j, false, &j->eliminations);
    return json_value(j, depth + 1);
}

static bool json_value(json *j, int depth)
{
    double number;
    json_space(j);
    if (depth > 16) return false;
    if (*j->p == '"') {
        char text[64];
        return json_string(j, text, sizeof text);
    }
    if (*j->p != '{' && *j->p != '[') return json_number(j, &number);
    char open = *j->p, close = open == '{' ? '}' : ']';
    j->p++;
    if (json_take(j, close)) return true;
    do {
        if (open == '{' ? !json_member(j, depth) : !json_value(j, depth + 1)) return false;
    } while (json_take(j, ','));
    return json_take(j, close);
}

/* The step's text names the technique, its rating and the given parts
 * (cells in r1c1 notation); cut short, it keeps its length; its JSON is
 * one valid object whose placements and eliminations are the step's. */
static void check_words(const sudoku_step *step, const char *parts)
{
    char text[SUDOKU_TEXT_MAX], rating[16];
    size_t n = sudoku_format_step(step, text, sizeof text);
    assert_int_equal(n, strlen(text));
    assert_contains(text, sudoku_technique_name(step->technique));
    snprintf(rating, sizeof rating, "(%d.%d)", step->rating / 10, step->rating % 10);
    assert_contains(text, rating);
    /* parts: "a|b|c", each to be found in the text */
    for (const char *p = parts; p && *p;) {
        const char *end = strchr(p, '|');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char part[128];
        assert_true(len < sizeof part);
        memcpy(part, p, len);
        part[len] = '\0';
        assert_contains(text, part);
        p += len + (end != NULL);
    }

    /* Cut short, it keeps its length and ends inside the buffer. */
    char small[12];
    assert_int_equal(sudoku_format_step(step, small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);

    int placements = 0, eliminations = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        placements += step->place[cell] != 0;
        for (int d = 1; d <= 9; d++) eliminations += (step->eliminate[cell] & bit(d)) != 0;
    }
    sudoku_format_step_json(step, text, sizeof text);
    json j = {.p = text, .step = step};
    bool valid = text[0] == '{' && json_value(&j, 0);
    json_space(&j);
    if (!valid || *j.p != '\0') fail_msg("not one valid JSON object at \"%s\": %s", j.p, text);
    assert_int_equal(j.keys, 0xFu);
    assert_string_equal(j.technique, sudoku_technique_name(step->technique));
    assert_int_equal((int)(j.rating * 10 + 0.5), step->rating);
    assert_int_equal(j.placements, placements);
    assert_int_equal(j.eliminations, eliminations);
}

/* ---- the cases ---- */

typedef struct logic_case {
    const char *name;
    bool solved;                /* start from the solution grid, else from an open board */
    const char *board;          /* the edits that carve the pattern (edit) */
    sudoku_technique technique; /* the technique asked for */
    int rating, variant;        /* rating 0: the technique must find nothing */
    const char *result;         /* what the step places and removes (expect) */
    const char *cells;          /* the pattern's cells (the first npattern), if checked */
    const char *set;            /* the cells after those (a set, the excluders), if checked */
    uint32_t units;             /* the step's units, if checked */
    const char *broken;         /* further edits after which the technique finds nothing */
    const char *words;          /* "a|b": parts of the step's text, beside name and rating */
    unsigned flags;             /* SUDOKU_LOGIC_HODOKU: HoDoKu's finder, rating its base score */
} logic_case;

/* Unit masks of sudoku_step, by number 1-9. */
#define ROW(n) (1u << ((n)-1))
#define COLUMN(n) (1u << (9 + (n)-1))
#define BOX(n) (1u << (18 + (n)-1))

/* Boards that more than one case carves further. */
#define POINTING_BOARD "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 -5"
#define DIRECT_POINTING_BOARD POINTING_BOARD " r1c4 r1c6 r2c4 r2c5 r3c4 r3c5 r3c6 -5"
#define POINTING_COLUMN_BOARD                                                                      \
    "r1c2 r1c3 r2c2 r2c3 r3c2 r3c3 -5 r4c2 r4c3 r5c1 r5c3 r6c1 r6c2 r6c3 -5"
#define CLAIMING_BOARD "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 -5"
#define DIRECT_CLAIMING_BOARD CLAIMING_BOARD " r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9 -5"
#define CLAIMING_COLUMN_BOARD                                                                      \
    "r4c1 r5c1 r6c1 r7c1 r8c1 r9c1 -5 r2c2 r3c2 r4c2 r5c2 r6c2 r8c2 r9c2 -5"
#define DIRECT_HIDDEN_PAIR_BOARD                                                                   \
    "r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 -12 r1c2 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3 -3"
#define HIDDEN_PAIR_BOARD "r5c1 r5c3 r5c4 r5c5 r5c6 r5c8 r5c9 -26"
#define NAKED_TRIPLET_BOARD "r5c1 =12 r5c5 =23 r5c9 =13"
#define NAKED_QUAD_BOARD "r1c5 =1234 r3c5 =123 r6c5 =124 r9c5 =34"
#define HIDDEN_QUAD_BOARD "r4c5 r5c4 r5c5 r5c6 r6c5 -1234 r6c6 -1 r4c4 -2"
#define X_WING_BOARD "r2c1 r2c2 r2c4 r2c5 r2c6 r2c7 r2c9 r7c1 r7c2 r7c4 r7c5 r7c6 r7c7 r7c9 -4"
#define SWORDFISH_BOARD                                                                            \
    "r2c1 r3c1 r4c1 r6c1 r7c1 r8c1 r9c1 -9 r1c5 r2c5 r3c5 r4c5 r6c5 r7c5 r8c5 -9 "                 \
    "r2c9 r3c9 r4c9 r5c9 r6c9 r7c9 r8c9 -9"
#define JELLYFISH_BOARD                                                                            \
    "r1c1 r1c3 r1c5 r1c6 r1c7 r1c8 r1c9 -6 r3c1 r3c2 r3c3 r3c5 r3c7 r3c9 -6 "                      \
    "r5c1 r5c3 r5c4 r5c5 r5c7 r5c8 r5c9 -6 r7c1 r7c3 r7c5 r7c6 r7c7 r7c9 -6"
#define XY_WING_BOARD "r5c5 =12 r5c1 =13 r2c5 =23"
#define XYZ_WING_BOARD "r5c5 =123 r5c4 =13 r2c5 =23"
#define RECTANGLE_13 "r1c2 r1c4 r2c2 r2c4"
#define RECTANGLE_13_TYPE_1 "r1c2 r1c4 r2c2 =13 r2c4 =137"
#define RECTANGLE_34_TYPE_3 "r8c3 r8c9 =34 r9c3 =346 r9c9 =347 r9c1 =68 r9c2 =78 r9c4 =389 r9c5 =49"
#define LOOP_25 "r2c3 r2c5 r3c5 r3c2 r4c2 r4c3"
#define LOOP_25_TYPE_1 "r2c3 r2c5 r3c2 r3c5 r4c2 =25 r4c3 =258"
#define LOOP_28 "r2c3 r2c6 r3c3 r3c5 r5c5 r5c9 r6c6 r6c9"
/* Graves: the rectangle on 1,3 with the loop on 2,5; the cycle on 1,2,9. */
#define GRAVE_RECTANGLE_LOOP "r1c2 r1c4 r2c2 r2c4 =13 r2c3 r2c5 r3c2 r3c5 r4c2 r4c3 =25 grave?"
#define GRAVE_CYCLE "r6c4 r8c4 =29 r6c5 r8c5 =19 r6c6 r8c6 =12 grave?"
#define APE_BOARD "r1c1 r1c2 =123 r1c5 =12 r2c3 =13"

static const logic_case cases[] = {
    /* ---- singles ---- */
    /* 7 has one place left in box 5. */
    {.name = "hidden_single_box",
     .board = "r4c4 r4c5 r4c6 r5c4 r5c6 r6c4 r6c5 r6c6 -7",
     .technique = SUDOKU_HIDDEN_SINGLE,
     .rating = 12,
     .result = "r5c5 =7",
     .units = BOX(5),
     .broken = "r4c4 +7",
     .words = "r5c5=7|the only place for 7 in box 5"},
    /* 7 has one place left in row 5; box 5 and column 5 keep several. */
    {.name = "hidden_single_row",
     .board = "r5c1 r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 r5c9 -7",
     .technique = SUDOKU_HIDDEN_SINGLE,
     .rating = 15,
     .result = "r5c5 =7",
     .units = ROW(5),
     .broken = "r5c1 +7",
     .words = "row 5"},
    {.name = "hidden_single_column",
     .board = "r1c5 r2c5 r3c5 r4c5 r6c5 r7c5 r8c5 r9c5 -2",
     .technique = SUDOKU_HIDDEN_SINGLE,
     .rating = 15,
     .result = "r5c5 =2",
     .units = COLUMN(5),
     .broken = "r9c5 +2",
     .words = "column 5"},
    /* The last open cell of a unit ("full house", 1.0). */
    {.name = "full_house",
     .solved = true,
     .board = "r5c5 =8",
     .technique = SUDOKU_HIDDEN_SINGLE,
     .rating = 10,
     .result = "r5c5 =8",
     .units = BOX(5),
     .words = "the last empty cell in box 5"},
    /* The four cells of a deadly rectangle open: two open cells in each of
     * their units, each digit two places: no single of either kind. */
    {.name = "no_hidden_single_in_a_rectangle",
     .solved = true,
     .board = RECTANGLE_13 " =13",
     .technique = SUDOKU_HIDDEN_SINGLE},
    {.name = "no_naked_single_in_a_rectangle",
     .solved = true,
     .board = RECTANGLE_13 " =13",
     .technique = SUDOKU_NAKED_SINGLE},
    {.name = "naked_single",
     .board = "r5c5 =4",
     .technique = SUDOKU_NAKED_SINGLE,
     .rating = 23,
     .result = "r5c5 =4",
     .broken = "r5c5 +6",
     .words = "r5c5=4"},

    /* ---- intersections ---- */
    /* 5 in box 1 lies in row 1 only: it leaves the rest of row 1. */
    {.name = "pointing",
     .board = POINTING_BOARD,
     .technique = SUDOKU_POINTING,
     .rating = 26,
     .result = "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 <>5",
     .cells = "r1c1 r1c2 r1c3",
     .units = ROW(1) | BOX(1),
     .broken = "r2c1 +5",
     .words = "5 in box 1 is in row 1 only|r1c4<>5|r1c9<>5"},
    /* ... and no box keeps a single place for 5 after it: nothing direct. */
    {.name = "pointing_is_not_direct",
     .board = POINTING_BOARD,
     .technique = SUDOKU_DIRECT_POINTING},
    /* Row 1's 5 confined to box 1 too: nothing left to remove either way. */
    {.name = "pointing_removes_nothing",
     .board = POINTING_BOARD " " CLAIMING_BOARD,
     .technique = SUDOKU_POINTING},
    {.name = "claiming_removes_nothing",
     .board = POINTING_BOARD " " CLAIMING_BOARD,
     .technique = SUDOKU_CLAIMING},
    /* 5 in row 1 lies in box 1 only: it leaves the rest of box 1. */
    {.name = "claiming",
     .board = CLAIMING_BOARD,
     .technique = SUDOKU_CLAIMING,
     .rating = 28,
     .result = "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 <>5",
     .cells = "r1c1 r1c2 r1c3",
     .units = ROW(1) | BOX(1),
     .broken = "r1c5 +5",
     .words = "5 in row 1 is in box 1 only"},
    {.name = "claiming_is_not_direct",
     .board = CLAIMING_BOARD,
     .technique = SUDOKU_DIRECT_CLAIMING},
    /* The pointing board, with box 2's 5 in r1c5 and r2c6 only: once row 1
     * loses it, r2c6 is the only place for 5 in box 2, which the direct
     * form places (and only places, as SE applies it). */
    {.name = "direct_pointing",
     .board = DIRECT_POINTING_BOARD,
     .technique = SUDOKU_DIRECT_POINTING,
     .rating = 17,
     .result = "r2c6 =5",
     .cells = "r1c1 r1c2 r1c3 r2c6",
     .broken = "r2c1 +5",
     .words = "5 in box 1 is in row 1 only|r2c6=5|box 2"},
    /* A third place for 5 in box 2: still pointing, but no single follows. */
    {.name = "direct_pointing_needs_a_single",
     .board = DIRECT_POINTING_BOARD " r3c4 +5",
     .technique = SUDOKU_DIRECT_POINTING},
    {.name = "pointing_without_a_single",
     .board = DIRECT_POINTING_BOARD " r3c4 +5",
     .technique = SUDOKU_POINTING,
     .rating = 26,
     .result = "r1c5 r1c7 r1c8 r1c9 <>5"},
    /* Column forms: 5 in box 1 lies in column 1 only, and box 4 holds 5 in
     * r4c1 and r5c2; column 1 losing it leaves r5c2 to box 4. */
    {.name = "direct_pointing_column",
     .board = POINTING_COLUMN_BOARD,
     .technique = SUDOKU_DIRECT_POINTING,
     .rating = 17,
     .result = "r5c2 =5",
     .units = COLUMN(1) | BOX(1),
     .words = "column 1|r5c2=5|box 4"},
    {.name = "pointing_column",
     .board = POINTING_COLUMN_BOARD,
     .technique = SUDOKU_POINTING,
     .rating = 26,
     .result = "r4c1 r7c1 r8c1 r9c1 <>5",
     .units = COLUMN(1) | BOX(1)},
    /* The claiming board, with row 2's 5 in r2c1 and r2c5 only: once box 1
     * loses it, r2c5 is the only place for 5 in row 2. */
    {.name = "direct_claiming",
     .board = DIRECT_CLAIMING_BOARD,
     .technique = SUDOKU_DIRECT_CLAIMING,
     .rating = 19,
     .result = "r2c5 =5",
     .cells = "r1c1 r1c2 r1c3 r2c5",
     .broken = "r1c9 +5",
     .words = "r2c5=5|row 2"},
    {.name = "direct_claiming_needs_a_single",
     .board = DIRECT_CLAIMING_BOARD " r2c9 +5",
     .technique = SUDOKU_DIRECT_CLAIMING},
    {.name = "claiming_without_a_single",
     .board = DIRECT_CLAIMING_BOARD " r2c9 +5",
     .technique = SUDOKU_CLAIMING,
     .rating = 28,
     .result = "r2c1 r3c1 r3c2 r3c3 <>5"},
    /* 5 in column 1 lies in box 1 only, and column 2 holds 5 in r1c2 and
     * r7c2; box 1 losing it leaves r7c2 to column 2. */
    {.name = "direct_claiming_column",
     .board = CLAIMING_COLUMN_BOARD,
     .technique = SUDOKU_DIRECT_CLAIMING,
     .rating = 19,
     .result = "r7c2 =5",
     .units = COLUMN(1) | BOX(1)},
    {.name = "claiming_column",
     .board = CLAIMING_COLUMN_BOARD,
     .technique = SUDOKU_CLAIMING,
     .rating = 28,
     .result = "r1c2 r1c3 r2c3 r3c3 <>5"},

    /* ---- subsets ---- */
    /* 1 and 2 are only in r1c1 and r1c2 of box 1, 3 only in r1c1 and r2c2:
     * the pair leaves r1c1 no 3, so r2c2 is the only place for 3 in box 1. */
    {.name = "direct_hidden_pair",
     .board = DIRECT_HIDDEN_PAIR_BOARD,
     .technique = SUDOKU_DIRECT_HIDDEN_PAIR,
     .rating = 20,
     .result = "r2c2 =3",
     .cells = "r1c1 r1c2 r2c2",
     .units = BOX(1),
     .broken = "r3c3 +1",
     .words = "1,2 in box 1 are only in r1c1, r1c2|r2c2=3"},
    {.name = "no_hidden_pair_once_broken",
     .board = DIRECT_HIDDEN_PAIR_BOARD " r3c3 +1",
     .technique = SUDOKU_HIDDEN_PAIR},
    /* 3 with a third place: the hidden pair stays, the single goes. */
    {.name = "direct_hidden_pair_needs_a_single",
     .board = DIRECT_HIDDEN_PAIR_BOARD " r3c3 +3",
     .technique = SUDOKU_DIRECT_HIDDEN_PAIR},
    {.name = "hidden_pair_box",
     .board = DIRECT_HIDDEN_PAIR_BOARD " r3c3 +3",
     .technique = SUDOKU_HIDDEN_PAIR,
     .rating = 34,
     .result = "r1c1 <>3456789 r1c2 <>456789",
     .cells = "r1c1 r1c2"},
    /* In a row: 1, 2 only in r5c1 and r5c5, 3 only in r5c1 and r5c9. */
    {.name = "direct_hidden_pair_row",
     .board = "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 r5c9 -12 r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 -3",
     .technique = SUDOKU_DIRECT_HIDDEN_PAIR,
     .rating = 20,
     .result = "r5c9 =3",
     .cells = "r5c1 r5c5 r5c9",
     .units = ROW(5)},
    /* 1, 2, 3 are only in row 1 of box 1; 4 only in r1c1 and r3c3. */
    {.name = "direct_hidden_triplet",
     .board = "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 -123 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 -4",
     .technique = SUDOKU_DIRECT_HIDDEN_TRIPLET,
     .rating = 25,
     .result = "r3c3 =4",
     .cells = "r1c1 r1c2 r1c3 r3c3",
     .broken = "r2c2 +1",
     .words = "r3c3=4"},
    /* r5c1 and r5c9 hold only 3 and 7: the rest of row 5 loses them. */
    {.name = "naked_pair",
     .board = "r5c1 r5c9 =37",
     .technique = SUDOKU_NAKED_PAIR,
     .rating = 30,
     .result = "r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 <>37",
     .cells = "r5c1 r5c9",
     .units = ROW(5),
     .broken = "r5c9 +8",
     .words = "r5c1, r5c9 in row 5 hold only 3,7"},
    /* 3 and 37: a naked single beside a cell, not a pair. */
    {.name = "naked_pair_needs_two_candidates_each",
     .board = "r5c1 =3 r5c9 =37",
     .technique = SUDOKU_NAKED_PAIR},
    /* 12, 23, 13 in row 5: the rest of the row loses 1, 2 and 3. */
    {.name = "naked_triplet",
     .board = NAKED_TRIPLET_BOARD,
     .technique = SUDOKU_NAKED_TRIPLET,
     .rating = 36,
     .result = "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 <>123",
     .cells = "r5c1 r5c5 r5c9",
     .broken = "r5c9 -3"},
    {.name = "naked_triplet_is_no_pair",
     .board = NAKED_TRIPLET_BOARD,
     .technique = SUDOKU_NAKED_PAIR},
    /* 1234, 123, 124, 34 in column 5. */
    {.name = "naked_quad",
     .board = NAKED_QUAD_BOARD,
     .technique = SUDOKU_NAKED_QUAD,
     .rating = 50,
     .result = "r2c5 r4c5 r5c5 r7c5 r8c5 <>1234",
     .cells = "r1c5 r3c5 r6c5 r9c5",
     .units = COLUMN(5),
     .broken = "r9c5 +5"},
    {.name = "naked_quad_is_no_triplet",
     .board = NAKED_QUAD_BOARD,
     .technique = SUDOKU_NAKED_TRIPLET},
    /* 2 and 6 have only r5c2 and r5c7 in row 5: those lose every other digit. */
    {.name = "hidden_pair",
     .board = HIDDEN_PAIR_BOARD,
     .technique = SUDOKU_HIDDEN_PAIR,
     .rating = 34,
     .result = "r5c2 r5c7 <>1345789",
     .cells = "r5c2 r5c7",
     .units = ROW(5),
     .broken = "r5c9 +6",
     .words = "2,6 in row 5 are only in r5c2, r5c7"},
    /* The pair leaves no other digit a single place: not direct. */
    {.name = "hidden_pair_is_not_direct",
     .board = HIDDEN_PAIR_BOARD,
     .technique = SUDOKU_DIRECT_HIDDEN_PAIR},
    /* 1, 2, 3 have only r5c1, r5c5, r5c9 in row 5. */
    {.name = "hidden_triplet",
     .board = "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 -123",
     .technique = SUDOKU_HIDDEN_TRIPLET,
     .rating = 40,
     .result = "r5c1 r5c5 r5c9 <>456789",
     .cells = "r5c1 r5c5 r5c9",
     .broken = "r5c2 +3"},
    /* 1, 2, 3, 4 have only r4c4, r4c6, r6c4, r6c6 in box 5, each in two or
     * three of them. */
    {.name = "hidden_quad",
     .board = HIDDEN_QUAD_BOARD,
     .technique = SUDOKU_HIDDEN_QUAD,
     .rating = 54,
     .result = "r4c4 r4c6 r6c4 r6c6 <>56789",
     .cells = "r4c4 r4c6 r6c4 r6c6",
     .units = BOX(5),
     .broken = "r5c5 +4"},
    {.name = "hidden_quad_is_no_triplet",
     .board = HIDDEN_QUAD_BOARD,
     .technique = SUDOKU_HIDDEN_TRIPLET},

    /* ---- fish ---- */
    /* 4 in rows 2 and 7 only in columns 3 and 8: the rest of those columns
     * loses 4. */
    {.name = "x_wing",
     .board = X_WING_BOARD,
     .technique = SUDOKU_X_WING,
     .rating = 32,
     .result = "r1c3 r3c3 r4c3 r5c3 r6c3 r8c3 r9c3 r1c8 r3c8 r4c8 r5c8 r6c8 r8c8 r9c8 <>4",
     .cells = "r2c3 r2c8 r7c3 r7c8",
     .units = ROW(2) | ROW(7) | COLUMN(3) | COLUMN(8),
     .broken = "r7c5 +4",
     .words = "4 in rows 2, 7 is only in columns 3, 8"},
    {.name = "x_wing_removes_nothing",
     .board = X_WING_BOARD " r1c3 r3c3 r4c3 r5c3 r6c3 r8c3 r9c3 r1c8 r3c8 r4c8 r5c8 r6c8 r8c8 "
                           "r9c8 -4",
     .technique = SUDOKU_X_WING},
    /* 9 in column 1 only in rows 1, 5; in column 5 in rows 5, 9; in column 9
     * in rows 1, 9: the three columns cover rows 1, 5, 9, which lose 9
     * everywhere else. */
    {.name = "swordfish",
     .board = SWORDFISH_BOARD,
     .technique = SUDOKU_SWORDFISH,
     .rating = 38,
     .result = "r1c2 r1c3 r1c4 r1c6 r1c7 r1c8 r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 "
               "r9c2 r9c3 r9c4 r9c6 r9c7 r9c8 <>9",
     .cells = "r1c1 r5c1 r5c5 r9c5 r1c9 r9c9",
     .broken = "r3c9 +9",
     .words = "9 in columns 1, 5, 9 is only in rows 1, 5, 9"},
    /* No two of those columns make an X-wing. */
    {.name = "swordfish_is_no_x_wing", .board = SWORDFISH_BOARD, .technique = SUDOKU_X_WING},
    /* 6 in rows 1, 3, 5, 7 only in columns 2, 4, 6, 8 (row 1: c2 c4; row 3:
     * c4 c6 c8; row 5: c2 c6; row 7: c2 c4 c8). */
    {.name = "jellyfish",
     .board = JELLYFISH_BOARD,
     .technique = SUDOKU_JELLYFISH,
     .rating = 52,
     .result = "r2c2 r4c2 r6c2 r8c2 r9c2 r2c4 r4c4 r6c4 r8c4 r9c4 "
               "r2c6 r4c6 r6c6 r8c6 r9c6 r2c8 r4c8 r6c8 r8c8 r9c8 <>6",
     .cells = "r1c2 r1c4 r3c4 r3c6 r3c8 r5c2 r5c6 r7c2 r7c4 r7c8",
     .broken = "r5c9 +6"},
    {.name = "jellyfish_is_no_swordfish", .board = JELLYFISH_BOARD, .technique = SUDOKU_SWORDFISH},

    /* ---- wings ---- */
    /* Pivot r5c5 (12) sees r5c1 (13) and r2c5 (23): whichever the pivot is,
     * one pincer is 3, so r2c1, the only other cell seeing both, loses 3. */
    {.name = "xy_wing",
     .board = XY_WING_BOARD,
     .technique = SUDOKU_XY_WING,
     .rating = 42,
     .result = "r2c1 <>3",
     .cells = "r5c5 r5c1 r2c5",
     .broken = "r2c5 =24",
     .words = "pivot r5c5|r5c1|r2c5|r2c1<>3"},
    {.name = "xy_wing_removes_nothing",
     .board = XY_WING_BOARD " r2c1 -3",
     .technique = SUDOKU_XY_WING},
    {.name = "xy_wing_is_no_xyz_wing", .board = XY_WING_BOARD, .technique = SUDOKU_XYZ_WING},
    /* A pincer in the pivot's box: pivot r5c5 (12), r4c4 (13), r5c8 (23).
     * The cells seeing both pincers: r4c7, r4c8, r4c9 (row 4 and box 6),
     * r5c4 and r5c6 (row 5 and box 5). */
    {.name = "xy_wing_box",
     .board = "r5c5 =12 r4c4 =13 r5c8 =23",
     .technique = SUDOKU_XY_WING,
     .rating = 42,
     .result = "r4c7 r4c8 r4c9 r5c4 r5c6 <>3"},
    /* Pivot r5c5 (123) sees r5c4 (13) and r2c5 (23): 3 is in one of the
     * three, so it leaves the cells that see all three: r4c5 and r6c5
     * (r1c4, r2c4, r3c4 see both pincers but not the pivot, and keep it). */
    {.name = "xyz_wing",
     .board = XYZ_WING_BOARD,
     .technique = SUDOKU_XYZ_WING,
     .rating = 44,
     .result = "r4c5 r6c5 <>3",
     .cells = "r5c5 r5c4 r2c5",
     .broken = "r2c5 =24",
     .words = "pivot r5c5"},
    {.name = "xyz_wing_is_no_xy_wing", .board = XYZ_WING_BOARD, .technique = SUDOKU_XY_WING},
    /* As xy_wing_box with the pivot 123: of the cells seeing both pincers
     * only r5c4 and r5c6 see the pivot too. */
    {.name = "xyz_wing_box",
     .board = "r5c5 =123 r4c4 =13 r5c8 =23",
     .technique = SUDOKU_XYZ_WING,
     .rating = 44,
     .result = "r5c4 r5c6 <>3"},

    /* ---- uniqueness: each also checked off under SUDOKU_LOGIC_NO_UNIQUENESS ---- */
    /* The rectangle r1c2 r1c4 r2c2 r2c4 on 1,3 (rows 1-2, boxes 1-2): r2c4
     * holds 7 too. Were it 1 or 3, the four cells could swap 1 and 3: it
     * is 7, and loses 1 and 3. */
    {.name = "unique_rectangle_type_1",
     .solved = true,
     .board = RECTANGLE_13_TYPE_1,
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 1,
     .result = "r2c4 <>13",
     .cells = RECTANGLE_13,
     .broken = "r2c4 -3",
     .words = "type 1|r1c2|r1c4|r2c2|r2c4|on 1,3|r2c4<>1|r2c4<>3"},
    {.name = "unique_rectangle_is_no_loop",
     .solved = true,
     .board = RECTANGLE_13_TYPE_1,
     .technique = SUDOKU_UNIQUE_LOOP},
    /* r2c2 and r2c4 both hold 1, 3 and 7: one of them is 7, so every cell
     * seeing both (row 2: r2c7, r2c9) loses 7; r3c4 sees only r2c4 and
     * keeps it. 1 and 3 have other places in row 2: no type 4 either. */
    {.name = "unique_rectangle_type_2",
     .solved = true,
     .board = "r1c2 r1c4 =13 r2c2 r2c4 =137 r2c9 =17 r2c7 =37 r3c4 =67",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 2,
     .result = "r2c7 r2c9 <>7",
     .cells = RECTANGLE_13,
     .broken = "r2c4 =136",
     .words = "type 2|extra 7"},
    /* The extra 7 in opposite corners, r1c2 and r2c4: the cells seeing both
     * are r2c1, r2c3 (row 2, box 1) and r1c5, r1c6 (row 1, box 2); r1c9
     * sees only r1c2. */
    {.name = "unique_rectangle_type_2_diagonal",
     .solved = true,
     .board = "r1c4 r2c2 =13 r1c2 r2c4 =137 r2c1 r2c3 r1c5 r1c6 r1c9 =78",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 2,
     .result = "r2c1 r2c3 r1c5 r1c6 <>7",
     .cells = RECTANGLE_13},
    /* The extra 7 in three corners: one of them is 7, so the cells seeing
     * all three (r2c1, r2c3: row 2 and box 1) lose it; r2c9 sees two. */
    {.name = "unique_rectangle_type_2_three_cells",
     .solved = true,
     .board = "r1c4 =13 r1c2 r2c2 r2c4 =137 r2c1 r2c3 r2c9 =78",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 2,
     .result = "r2c1 r2c3 <>7",
     .cells = RECTANGLE_13},
    /* r2c2 (136) and r2c4 (137): one of them is 6 or 7, so with r2c9 (67)
     * they make a naked pair on 6,7 in row 2: r2c7 loses 6. Row 2 has four
     * open cells, too few for a hidden set, and 1, 3 are in r2c7: no type 4. */
    {.name = "unique_rectangle_type_3_naked_pair",
     .solved = true,
     .board = "r1c2 r1c4 =13 r2c2 =136 r2c4 =137 r2c9 =67 r2c7 =136",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 46,
     .variant = 3,
     .result = "r2c7 <>6",
     .cells = RECTANGLE_13,
     .set = "r2c9",
     .broken = "r2c9 +8",
     .words = "type 3|r2c9|6,7 in row 2|r2c7<>6"},
    /* The rectangle r8c3 r8c9 r9c3 r9c9 on 3,4: r9c3 (346) and r9c9 (347)
     * stand as one cell holding 6 or 7, which with r9c1 (68) and r9c2 (78)
     * holds only 6,7,8 in row 9: r9c4 loses 8. 3 and 4 have other places
     * in row 9 (r9c4, r9c5) and no hidden pair forms. */
    {.name = "unique_rectangle_type_3_naked_triplet",
     .solved = true,
     .board = RECTANGLE_34_TYPE_3,
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 47,
     .variant = 3,
     .result = "r9c4 <>8",
     .cells = "r8c3 r8c9 r9c3 r9c9",
     .set = "r9c1 r9c2",
     .broken = "r9c2 +9"},
    /* r2c2 (136) and r2c4 (137) cannot both take 1 and 3; leaving r2c4 out,
     * 1 and 3 have only r2c2 and r2c9 in row 2, a hidden pair: whichever
     * way the rectangle goes, r2c9 is 1 or 3, and loses 8. */
    {.name = "unique_rectangle_type_3_hidden_pair",
     .solved = true,
     .board = "r1c2 r1c4 =13 r2c2 =136 r2c4 =137 r2c9 =138 r2c7 r2c8 =89",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 3,
     .result = "r2c9 <>8",
     .cells = RECTANGLE_13,
     .set = "r2c9",
     .broken = "r2c7 +1",
     .words = "1,3 in row 2 are only in|r2c9<>8"},
    /* r2c2 (136) and r2c4 (137): 1 has no other place in row 2, so one of
     * them is 1; then the other cannot be 3: both lose 3. */
    {.name = "unique_rectangle_type_4",
     .solved = true,
     .board = "r1c2 r1c4 =13 r2c2 =136 r2c4 =137 r2c9 =39",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 4,
     .result = "r2c2 r2c4 <>3",
     .cells = RECTANGLE_13,
     .units = ROW(2),
     .broken = "r2c9 +1",
     .words = "type 4|1 is locked|row 2|r2c2<>3|r2c4<>3"},
    /* In a box: the rectangle r4c1 r4c2 r7c1 r7c2 on 2,8 (boxes 4 and 7);
     * r7c1 (238) and r7c2 (248) share row 7 and box 7. 2 has no other place
     * in box 7: one of them is 2, so both lose 8. Row 7's r7c9 holds 2 and
     * 8 too. */
    {.name = "unique_rectangle_type_4_box",
     .solved = true,
     .board = "r4c1 r4c2 =28 r7c1 =238 r7c2 =248 r7c9 =258 r9c3 =89",
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 45,
     .variant = 4,
     .result = "r7c1 r7c2 <>8",
     .cells = "r4c1 r4c2 r7c1 r7c2",
     .units = BOX(7),
     .broken = "r9c3 +2",
     .words = "box 7"},
    /* Four cells in four boxes are no deadly pattern (the boxes would not
     * let 1 and 3 swap). */
    {.name = "no_rectangle_in_four_boxes",
     .solved = true,
     .board = "r1c2 r1c5 r4c2 =13 r4c5 =137",
     .technique = SUDOKU_UNIQUE_RECTANGLE},
    {.name = "no_loop_in_four_boxes",
     .solved = true,
     .board = "r1c2 r1c5 r4c2 =13 r4c5 =137",
     .technique = SUDOKU_UNIQUE_LOOP},
    /* The loop r2c3 r2c5 r3c5 r3c2 r4c2 r4c3 on 2,5 (rows 2-4, columns 2,
     * 3, 5, boxes 1, 2, 4, two cells in each): r4c3 holds 8 too, and
     * loses 2 and 5. */
    {.name = "unique_loop_type_1",
     .solved = true,
     .board = LOOP_25_TYPE_1,
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 46,
     .variant = 1,
     .result = "r4c3 <>25",
     .cells = LOOP_25,
     .broken = "r4c3 -2",
     .words = "Unique loop type 1|r4c3<>2|r4c3<>5"},
    {.name = "unique_loop_is_no_rectangle",
     .solved = true,
     .board = LOOP_25_TYPE_1,
     .technique = SUDOKU_UNIQUE_RECTANGLE},
    /* r4c2 and r4c3 hold 8 too: one of them is 8, so the cells seeing both
     * (row 4 and box 4: r4c9, r5c1) lose 8; r9c2 sees only r4c2. r4c9 and
     * r5c1 hold 2 and 5 too, so neither is locked (no type 4). */
    {.name = "unique_loop_type_2",
     .solved = true,
     .board = "r2c3 r2c5 r3c2 r3c5 =25 r4c2 r4c3 =258 r4c9 =2589 r5c1 =2578 r9c2 =68",
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 46,
     .variant = 2,
     .result = "r4c9 r5c1 <>8",
     .cells = LOOP_25,
     .broken = "r4c3 =259"},
    /* r4c2 (258) and r4c3 (259): one is 8 or 9, so with r4c9 (89) they make
     * a naked pair on 8,9 in row 4: r4c8 loses 8. r4c8 and r5c1 hold 2 and
     * 5, so neither is locked in row 4 or box 4. */
    {.name = "unique_loop_type_3",
     .solved = true,
     .board = "r2c3 r2c5 r3c2 r3c5 =25 r4c2 =258 r4c3 =259 r4c9 =89 r4c8 =2568 r5c1 =257",
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 47,
     .variant = 3,
     .result = "r4c8 <>8",
     .cells = LOOP_25,
     .set = "r4c9",
     .broken = "r4c9 +6"},
    /* r4c2 (258) and r4c3 (259); 2 has no other place in row 4 (r4c9 holds
     * 5; r5c1 gives box 4 both): one is 2, so both lose 5. */
    {.name = "unique_loop_type_4",
     .solved = true,
     .board = "r2c3 r2c5 r3c2 r3c5 =25 r4c2 =258 r4c3 =259 r4c9 =56 r5c1 =257",
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 46,
     .variant = 4,
     .result = "r4c2 r4c3 <>5",
     .cells = LOOP_25,
     .units = ROW(4),
     .broken = "r4c9 +2"},
    /* The 8-cell loop on 2,8 (rows 2, 3, 5, 6; columns 3, 5, 6, 9; boxes
     * 1, 2, 5, 6): r6c9 holds 9 too, and loses 2 and 8; 4.7 for its length. */
    {.name = "unique_loop_8_type_1",
     .solved = true,
     .board = "r2c3 r2c6 r3c3 r3c5 r5c5 r5c9 r6c6 =28 r6c9 =289",
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 47,
     .variant = 1,
     .result = "r6c9 <>28",
     .cells = LOOP_28,
     .broken = "r6c9 -8"},

    /* ---- bivalue universal grave ---- */
    /* r4c3's 8 is the only candidate giving a digit an odd count in a unit:
     * r4c3 must be 8, and loses 2 and 5. */
    {.name = "bivalue_grave_type_1",
     .solved = true,
     .board = GRAVE_RECTANGLE_LOOP " r4c3 +8",
     .technique = SUDOKU_BUG,
     .rating = 56,
     .variant = 1,
     .result = "r4c3 <>25",
     .cells = "r4c3",
     .words = "type 1|r4c3 holds the extra 8|r4c3<>2|r4c3<>5",
     /* two cells with the extra 8, and nothing both see holds it */
     .broken = "r4c2 +8"},
    /* r3c5 down to 2 alone: no grave. */
    {.name = "bivalue_grave_needs_a_grave",
     .solved = true,
     .board = GRAVE_RECTANGLE_LOOP " r4c3 +8 r3c5 -5",
     .technique = SUDOKU_BUG},
    /* r2c3 and r2c5 both have the extra 1: one of them is 1, so the cells
     * seeing both (row 2: r2c2, r2c4) lose 1. */
    {.name = "bivalue_grave_type_2",
     .solved = true,
     .board = GRAVE_RECTANGLE_LOOP " r2c3 r2c5 +1",
     .technique = SUDOKU_BUG,
     .rating = 57,
     .variant = 2,
     .result = "r2c2 r2c4 <>1",
     .cells = "r2c3 r2c5",
     .broken = "r2c5 =258",
     .words = "r2c3, r2c5 hold the extra 1"},
    /* The cycle and the rectangle on 5,7 (r6c7 r6c8 r7c7 r7c8); r6c7 has the
     * extra 1, r6c8 the extra 2. One takes its extra, so 1 or 2 is in them;
     * with r6c6 (12) that is a naked pair on 1,2 in row 6: r6c4 loses 2 and
     * r6c5 loses 1. */
    {.name = "bivalue_grave_type_3",
     .solved = true,
     .board = GRAVE_CYCLE " r6c7 r6c8 r7c7 r7c8 =57 grave? r6c7 +1 r6c8 +2",
     .technique = SUDOKU_BUG,
     .rating = 58,
     .variant = 3,
     .result = "r6c4 <>2 r6c5 <>1",
     .cells = "r6c7 r6c8",
     .set = "r6c6",
     .broken = "r6c8 =457",
     .words = "type 3|r6c6|1,2 in row 6"},
    /* r6c4 (29 + 3) and r6c5 (19 + 4) share 9, which has no other place in
     * box 5 (or row 6). One of them takes its extra, so the other is 9:
     * neither takes its other digit: r6c4 loses 2, r6c5 loses 1. With 9 in
     * r6c6 too, 9 is not locked in them. */
    {.name = "bivalue_grave_type_4",
     .solved = true,
     .board = GRAVE_CYCLE " r6c4 +3 r6c5 +4",
     .technique = SUDOKU_BUG,
     .rating = 57,
     .variant = 4,
     .result = "r6c4 <>2 r6c5 <>1",
     .cells = "r6c4 r6c5",
     .units = BOX(5),
     .broken = "r6c6 +9",
     .words = "type 4|9 is in one of them in box 5"},

    /* ---- aligned pair exclusion ---- */
    /* r1c1 and r1c2 (123 each) see each other and the bivalue cells r1c5
     * (12) and r2c3 (13). Whatever 1 pairs with (2, 3, or 1 again) empties
     * one of those or repeats a digit: neither base cell can be 1. 2 with 3
     * is allowed, so 2 and 3 stay. With r2c3 no longer bivalue, one
     * excluder is left and nothing follows. */
    {.name = "aligned_pair_exclusion",
     .board = APE_BOARD,
     .technique = SUDOKU_ALIGNED_PAIR_EXCLUSION,
     .rating = 62,
     .result = "r1c1 r1c2 <>1",
     .cells = "r1c1 r1c2",
     .set = "r1c5 r2c3",
     .broken = "r2c3 +5",
     .words = "r1c1, r1c2 seen by the bivalue cells r1c5, r2c3|r1c1<>1|r1c2<>1"},
    /* r1c1 (123) cannot be 1 or 2 either with r1c2 (12) and r1c5 (12), but
     * that is their naked pair: an exclusion needs two bivalue cells seeing
     * both base cells, and here r1c5 is the only one. */
    {.name = "aligned_pair_exclusion_needs_two_excluders",
     .board = "r1c1 =123 r1c2 r1c5 =12",
     .technique = SUDOKU_ALIGNED_PAIR_EXCLUSION},

    /* ---- the single-technique API and SE's choices ---- */
    /* sudoku_logic_find(SUDOKU_UNIQUE_LOOP) finds the loop though a
     * rectangle (rated lower) is on the board too: the board is
     * unique_rectangle_type_1 and, apart from it, unique_loop_type_1. */
    {.name = "find_unique_loop_beside_a_rectangle",
     .solved = true,
     .board = RECTANGLE_13_TYPE_1 " " LOOP_25_TYPE_1,
     .technique = SUDOKU_UNIQUE_LOOP,
     .rating = 46,
     .variant = 1,
     .result = "r4c3 <>25"},
    /* The other way round: unique_rectangle_type_3_naked_triplet (4.7)
     * beside the loop type 1 (4.6). */
    {.name = "find_unique_rectangle_beside_a_loop",
     .solved = true,
     .board = RECTANGLE_34_TYPE_3 " " LOOP_25_TYPE_1,
     .technique = SUDOKU_UNIQUE_RECTANGLE,
     .rating = 47,
     .variant = 3,
     .result = "r9c4 <>8"},
    /* unique_rectangle_type_2_three_cells is not found once r2c1, a cell
     * outside the rectangle, holds 1, 3 and 8: the walk that builds loops
     * gathers the extra digits of every cell it looks at, r2c1's 8 among
     * them, and then refuses the third corner with extras, though r2c1
     * plays no part. Sudoku Explainer's walk does the same, and ours
     * follows it on purpose: a step found that SE does not take would
     * change the path, and the ratings, from there on (docs/logic.md). */
    {.name = "se_unique_rectangle_type_2_missed_beside_an_unrelated_cell",
     .solved = true,
     .board = "r1c4 =13 r1c2 r2c2 r2c4 =137 r2c3 =78 r2c1 =138",
     .technique = SUDOKU_UNIQUE_RECTANGLE},

    /* ---- HoDoKu's scale (issue 26): its own finders, rated with their
     * base scores, in HoDoKu's words ---- */
    /* 4 in rows 2 and 7 only in columns 3 and 8: out of the rest of both
     * columns. */
    {.name = "hodoku_x_wing",
     .board = X_WING_BOARD,
     .technique = SUDOKU_X_WING,
     .rating = 140,
     .result = "r1c3 r3c3 r4c3 r5c3 r6c3 r8c3 r9c3 r1c8 r3c8 r4c8 r5c8 r6c8 r8c8 r9c8 <>4",
     .broken = "r2c5 +4",
     .words = "X-Wing: 4 r27 c38 => ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* 4 in row 1 only in c2 and c7, in row 6 only in c2 and c8: one of
     * r1c7, r6c8 holds it, so the cells that see both lose it. */
    {.name = "hodoku_skyscraper",
     .board = "r1c1 r1c3 r1c4 r1c5 r1c6 r1c8 r1c9 r6c1 r6c3 r6c4 r6c5 r6c6 r6c7 r6c9 -4",
     .technique = SUDOKU_SKYSCRAPER,
     .rating = 130,
     .result = "r2c8 r3c8 r4c7 r5c7 <>4",
     .broken = "r6c5 +4",
     .words = "Skyscraper: 4 in r1c7,r6c8 (connected by r16c2) => ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* 5 in row 1 only in c2 and c8, in column 3 only in r2 and r7; r1c2
     * and r2c3 share box 1: one of r1c8, r7c3 holds it, r7c8 sees both. */
    {.name = "hodoku_two_string_kite",
     .board = "r1c1 r1c3 r1c4 r1c5 r1c6 r1c7 r1c9 r3c3 r4c3 r5c3 r6c3 r8c3 r9c3 -5",
     .technique = SUDOKU_TWO_STRING_KITE,
     .rating = 150,
     .result = "r7c8 <>5",
     .broken = "r9c3 +5",
     .words = "2-String Kite: 5 in ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* r1c1 and r5c5 hold only 1, 2 and do not see each other; 2 in row 9
     * only in c1 and c5, each end seeing one of them: one of them is 1,
     * so r1c5 and r5c1, which see both, lose it. */
    {.name = "hodoku_w_wing",
     .board = "r1c1 r5c5 =12 r9c2 r9c3 r9c4 r9c6 r9c7 r9c8 r9c9 -2",
     .technique = SUDOKU_W_WING,
     .rating = 150,
     .result = "r1c5 r5c1 <>1",
     .broken = "r9c9 +2",
     .words = "W-Wing: 1/2 in r1c1,r5c5 connected by 2 in r9c15 => ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* The pivot r5c5 (1,2), pincers r5c1 (1,3) and r2c5 (2,3): one pincer
     * is 3, so r2c1, which sees both, is not. */
    {.name = "hodoku_xy_wing",
     .board = XY_WING_BOARD,
     .technique = SUDOKU_XY_WING,
     .rating = 160,
     .result = "r2c1 <>3",
     .broken = "r2c5 +4",
     .words = "XY-Wing: ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* An X-wing on 4 in rows 2 and 7 but for the fin r7c9: only the
     * cover cells that see the fin go, r8c8 and r9c8 (box 9). */
    {.name = "hodoku_finned_x_wing",
     .board = X_WING_BOARD " r7c9 +4",
     .technique = SUDOKU_FINNED_X_WING,
     .rating = 130,
     .result = "r8c8 r9c8 <>4",
     .broken = "r7c1 +4",
     .words = "Finned X-Wing: 4 r27 c38 fr7c9 => ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* r1c1 and r1c2 hold only 1, 2, in row 1 and box 1: both digits go
     * from the rest of both. */
    {.name = "hodoku_locked_pair",
     .board = "r1c1 r1c2 =12",
     .technique = SUDOKU_LOCKED_PAIR,
     .rating = 40,
     .result = "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 <>12",
     .broken = "r1c2 +3",
     .words = "Locked Pair: 1,2 in r1c12 => ",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* The last open cell of box 5 (and of its row and column). */
    {.name = "hodoku_full_house",
     .solved = true,
     .board = "r5c5 =8",
     .technique = SUDOKU_FULL_HOUSE,
     .rating = 4,
     .result = "r5c5 =8",
     .words = "Full House: r5c5=8",
     .flags = SUDOKU_LOGIC_HODOKU},
    /* The boards short of the pattern's second half: nothing. */
    {.name = "hodoku_skyscraper_none",
     .board = "r1c1 r1c3 r1c4 r1c5 r1c6 r1c8 r1c9 -4",
     .technique = SUDOKU_SKYSCRAPER,
     .flags = SUDOKU_LOGIC_HODOKU},
    {.name = "hodoku_w_wing_none",
     .board = "r1c1 r5c5 =12",
     .technique = SUDOKU_W_WING,
     .flags = SUDOKU_LOGIC_HODOKU},
};

/* A case of HoDoKu's scale: the step, its base score and HoDoKu's words;
 * nothing once the board is broken. */
static void run_hodoku_case(const logic_case *c, sudoku_logic *s)
{
    sudoku_step step;
    expected e;
    memset(&e, 0, sizeof e);
    read_actions(c->result, expect, &e);
    find_step(s, c->technique, c->flags, &step);
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_step(&step, text, sizeof text);
    print_message("%s\n", text);
    assert_int_equal(step.technique, c->technique);
    assert_int_equal(step.scale, SUDOKU_SCALE_HODOKU);
    assert_int_equal(step.rating, c->rating);
    assert_int_equal(step.variant, c->variant);
    check_results(&step, &e);
    assert_contains(text, c->words);
    /* its list of eliminations, in HoDoKu's order, is its eliminations */
    uint16_t listed[SUDOKU_CELLS] = {0};
    for (int i = 0; i < step.nremovals; i++)
        listed[step.removals[i].cell] |= bit(step.removals[i].digit);
    assert_memory_equal(listed, step.eliminate, sizeof listed);
    sudoku_format_step_json(&step, text, sizeof text);
    assert_true(text[0] == '{');
    assert_contains(text, "\"code\":");
    if (c->broken) {
        edit_board(s, c->broken);
        check_none(s, c->technique, c->flags);
    }
}

/* One case: the step found on the board is the expected one (or nothing
 * is found, for a case without a rating); the technique finds nothing
 * once the board is broken. */
static void run_case(void **state)
{
    const logic_case *c = *state;
    sudoku_logic s;
    if (c->solved)
        solved_board(&s);
    else
        open_board(&s);
    edit_board(&s, c->board);
    if (!c->rating) {
        check_none(&s, c->technique, c->flags);
        return;
    }
    if (c->flags & SUDOKU_LOGIC_HODOKU) {
        run_hodoku_case(c, &s);
        return;
    }
    sudoku_step step;
    expected e;
    memset(&e, 0, sizeof e);
    read_actions(c->result, expect, &e);
    find_step(&s, c->technique, 0, &step);
    char text[SUDOKU_TEXT_MAX];
    sudoku_format_step(&step, text, sizeof text);
    print_message("%s\n", text);
    assert_int_equal(step.technique, c->technique);
    assert_int_equal(step.rating, c->rating);
    assert_int_equal(step.variant, c->variant);
    check_results(&step, &e);
    int pattern = step.npattern ? step.npattern : step.ncells;
    if (c->cells) check_cells(&step, 0, pattern, c->cells);
    if (c->set) check_cells(&step, pattern, step.ncells, c->set);
    if (c->units) assert_int_equal(step.units, c->units);
    check_words(&step, c->words);

    /* Only the uniqueness techniques depend on the flag. */
    if (is_uniqueness(c->technique)) {
        check_none(&s, c->technique, SUDOKU_LOGIC_NO_UNIQUENESS);
    } else {
        find_step(&s, c->technique, SUDOKU_LOGIC_NO_UNIQUENESS, &step);
        check_results(&step, &e);
    }
    if (c->broken) {
        edit_board(&s, c->broken);
        check_none(&s, c->technique, 0);
    }
}

static void solution_is_valid(void **state)
{
    (void)state;
    assert_null(check_solution(hard1, solution));
}

/* An open board holds no pattern at all. */
static void open_board_has_no_step(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    open_board(&s);
    /* Chains on a board of every candidate would search for hours: that
     * is what --budget is for (test_rate), not a unit test. */
    for (int t = 0; t <= SUDOKU_ALIGNED_PAIR_EXCLUSION; t++) check_none(&s, (sudoku_technique)t, 0);
    assert_false(sudoku_logic_next(&s, SUDOKU_LOGIC_NO_CHAINS, &step));
}

/* A state that shows it has no solution (a digit with no place left in a
 * row, every cell still open to something) gives no step: logic on it
 * would only place digits that cannot all hold. */
static void no_place_has_no_step(void **state)
{
    (void)state;
    const char *p =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    sudoku_grid grid;
    sudoku_error err;
    sudoku_board board;
    assert_true(sudoku_parse(p, strlen(p), &grid, &err));
    assert_true(sudoku_propagate(&grid, &board));
    sudoku_logic whole, cut;
    sudoku_step step;
    sudoku_logic_from_board(&whole, &board);
    assert_true(sudoku_logic_next(&whole, SUDOKU_LOGIC_NO_UNIQUENESS, &step));
    /* a digit of row 1 that no cell of it holds alone, taken out of it */
    for (int digit = 1; digit <= 9; digit++) {
        bool alone = false;
        for (int c = 0; c < 9; c++) alone |= board.candidates[c] == bit(digit);
        if (alone) continue;
        for (int c = 0; c < 9; c++) board.candidates[c] &= (uint16_t)~bit(digit);
        sudoku_logic_from_board(&cut, &board);
        assert_false(sudoku_logic_next(&cut, SUDOKU_LOGIC_NO_UNIQUENESS, &step));
        /* HoDoKu's scale reads the same check off its grid's counts, or
         * off the board once a cell has no candidate left. */
        unsigned hodoku = SUDOKU_LOGIC_NO_UNIQUENESS | SUDOKU_LOGIC_HODOKU;
        sudoku_logic_memo *memo = sudoku_logic_memo_new();
        assert_non_null(memo);
        assert_true(sudoku_logic_next_memo(&whole, hodoku, NULL, memo, &step));
        assert_false(sudoku_logic_next_memo(&cut, hodoku, NULL, memo, &step));
        sudoku_logic emptied = whole;
        int open = 0;
        while (emptied.placed.cell[open]) open++;
        emptied.candidates[open] = 0; /* an open cell with no candidate */
        assert_false(sudoku_logic_next_memo(&emptied, hodoku, NULL, memo, &step));
        assert_false(sudoku_logic_next(&emptied, hodoku, &step));
        sudoku_logic_memo_free(memo);
        return;
    }
    fail_msg("every digit of row 1 is placed");
}

/* Every technique of the enumeration, and every type 1-4 of the
 * uniqueness techniques, has a case (not a known bug's) that finds it. */
static void every_technique_has_a_case(void **state)
{
    (void)state;
    for (int t = 0; t <= SUDOKU_ALIGNED_PAIR_EXCLUSION; t++) {
        int types = is_uniqueness((sudoku_technique)t) ? 4 : 0;
        for (int variant = types ? 1 : 0; variant <= types; variant++) {
            bool found = false;
            for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
                found |= (int)cases[i].technique == t && cases[i].variant == variant &&
                         cases[i].rating > 0;
            if (!found)
                fail_msg("no case finds %s type %d", sudoku_technique_name((sudoku_technique)t),
                         variant);
        }
    }
}

#define NCASES (sizeof cases / sizeof cases[0])

int main(void)
{
    static struct CMUnitTest tests[4 + NCASES] = {
        cmocka_unit_test(solution_is_valid),
        cmocka_unit_test(open_board_has_no_step),
        cmocka_unit_test(no_place_has_no_step),
        cmocka_unit_test(every_technique_has_a_case),
    };
    for (size_t i = 0; i < NCASES; i++)
        tests[4 + i] = (struct CMUnitTest){
            .name = cases[i].name, .test_func = run_case, .initial_state = (void *)&cases[i]};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
