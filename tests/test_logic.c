/*
 * test_logic.c: every technique of the logic engine on boards built by
 * hand. Each technique is found on a board carved for it, with its rating
 * and type, and places and removes exactly what its definition implies on
 * that board; the same board with one candidate added or removed, so that
 * the definition no longer holds, gives nothing. The expected steps are
 * worked out from the techniques' definitions (docs/logic.md, Sudoku
 * Explainer's), in the comments next to them, never from the finders.
 *
 * Two kinds of board: "open" boards (every cell open with all nine
 * candidates, the pattern carved by removing candidates) for the
 * techniques that look at a few units, and "solved" boards (a full valid
 * grid, a few cells opened with chosen candidates) for the uniqueness and
 * BUG techniques, which need a nearly solved board. The finders read only
 * candidates, so the extra candidates added to a deadly pattern need not
 * agree with the digits placed around it.
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
 * test_solution_is_valid checks it with the independent checker. Rows:
 *   417369825 632158947 958724316 825437169 791586432
 *   346912758 289643571 573291684 164875293
 * Deadly patterns in it that the boards below open:
 *   rectangle on 1,3: r1c2=1 r1c4=3 r2c2=3 r2c4=1 (rows 1-2, boxes 1-2)
 *   rectangle on 5,7: r6c7=7 r6c8=5 r7c7=5 r7c8=7 (boxes 6, 9)
 *   6-cell loop on 2,5: r2c3=2 r2c5=5 r3c5=2 r3c2=5 r4c2=2 r4c3=5
 *   a cycle on 1,2,9: r6c4,r6c5,r6c6 = 9,1,2 and r8c4,r8c5,r8c6 = 2,9,1;
 *     2,9,1 and 9,1,2 there instead make another valid grid. */
static const char solution[] = "417369825632158947958724316825437169791586432"
                               "346912758289643571573291684164875293";

/* ---- building boards ---- */

static uint16_t bit(int digit)
{
    return (uint16_t)(1u << (digit - 1));
}

/* The digits of a string such as "137" as a candidate set. */
static uint16_t digits_of(const char *digits)
{
    uint16_t set = 0;
    for (const char *p = digits; *p; p++) {
        assert_true(*p >= '1' && *p <= '9');
        set |= bit(*p - '0');
    }
    return set;
}

/* The cells of a list such as "r1c4 r1c5 r2c9", in its order; returns
 * how many. */
static int cells_of(const char *list, int cells[SUDOKU_CELLS])
{
    int n = 0;
    for (const char *p = list; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        assert_true(p[0] == 'r' && p[1] >= '1' && p[1] <= '9' && p[2] == 'c' && p[3] >= '1' &&
                    p[3] <= '9');
        assert_true(n < SUDOKU_CELLS);
        cells[n++] = (p[1] - '1') * 9 + (p[3] - '1');
        p += 4;
    }
    return n;
}

static int cell_named(const char *name)
{
    int cells[SUDOKU_CELLS];
    assert_int_equal(cells_of(name, cells), 1);
    return cells[0];
}

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

/* Opens each cell of the list with exactly these candidates. */
static void set_cells(sudoku_logic *s, const char *list, const char *digits)
{
    int cells[SUDOKU_CELLS], n = cells_of(list, cells);
    for (int i = 0; i < n; i++) {
        s->placed.cell[cells[i]] = 0;
        s->candidates[cells[i]] = digits_of(digits);
    }
}

static void remove_from(sudoku_logic *s, const char *list, const char *digits)
{
    int cells[SUDOKU_CELLS], n = cells_of(list, cells);
    for (int i = 0; i < n; i++) s->candidates[cells[i]] &= (uint16_t)~digits_of(digits);
}

static void add_to(sudoku_logic *s, const char *list, const char *digits)
{
    int cells[SUDOKU_CELLS], n = cells_of(list, cells);
    for (int i = 0; i < n; i++) {
        assert_int_equal(s->placed.cell[cells[i]], 0);
        s->candidates[cells[i]] |= digits_of(digits);
    }
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

/* ---- what a step should be ---- */

typedef struct expected {
    sudoku_technique technique;
    int rating, variant;
    uint8_t place[SUDOKU_CELLS];
    uint16_t eliminate[SUDOKU_CELLS];
} expected;

static void expect(expected *e, sudoku_technique technique, int rating, int variant)
{
    memset(e, 0, sizeof *e);
    e->technique = technique;
    e->rating = rating;
    e->variant = variant;
}

static void expect_place(expected *e, const char *cell, int digit)
{
    e->place[cell_named(cell)] = (uint8_t)digit;
}

/* Each cell of the list loses these digits. */
static void expect_removed(expected *e, const char *list, const char *digits)
{
    int cells[SUDOKU_CELLS], n = cells_of(list, cells);
    for (int i = 0; i < n; i++) e->eliminate[cells[i]] |= digits_of(digits);
}

static void digits_text(uint16_t set, char out[10])
{
    int n = 0;
    for (int d = 1; d <= 9; d++)
        if (set & bit(d)) out[n++] = (char)('0' + d);
    out[n] = '\0';
}

/* Finds the step of e's technique and checks it is e: technique, rating,
 * type, and cell by cell what it places and what it removes. */
static void check_step(const sudoku_logic *s, unsigned flags, const expected *e, sudoku_step *step)
{
    char text[SUDOKU_TEXT_MAX];
    if (!sudoku_logic_find(s, e->technique, flags, step)) {
        /* Rectangles and loops have one finder: say what it gave. */
        sudoku_technique sibling =
            e->technique == SUDOKU_UNIQUE_RECTANGLE ? SUDOKU_UNIQUE_LOOP : SUDOKU_UNIQUE_RECTANGLE;
        bool other =
            (e->technique == SUDOKU_UNIQUE_RECTANGLE || e->technique == SUDOKU_UNIQUE_LOOP) &&
            sudoku_logic_find(s, sibling, flags, step);
        if (other) sudoku_format_step(step, text, sizeof text);
        fail_msg("%s: not found%s%s", sudoku_technique_name(e->technique),
                 other ? "; the same finder gives: " : "", other ? text : "");
    }
    sudoku_format_step(step, text, sizeof text);
    print_message("%s\n", text);
    assert_int_equal(step->technique, e->technique);
    assert_int_equal(step->rating, e->rating);
    assert_int_equal(step->variant, e->variant);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (step->place[cell] == e->place[cell] && step->eliminate[cell] == e->eliminate[cell])
            continue;
        char have[10], want[10];
        digits_text(step->eliminate[cell], have);
        digits_text(e->eliminate[cell], want);
        fail_msg("r%dc%d: step places %d and removes {%s}; expected %d and {%s}", cell / 9 + 1,
                 cell % 9 + 1, step->place[cell], have, e->place[cell], want);
    }
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

/* Checks that the step's cells from index from up to to are the cells of
 * the list, in any order. */
static void check_cells(const sudoku_step *step, int from, int to, const char *list)
{
    int cells[SUDOKU_CELLS], n = cells_of(list, cells);
    assert_int_equal(to - from, n);
    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = from; j < to; j++) seen |= step->cells[j] == cells[i];
        if (!seen)
            fail_msg("r%dc%d is not among the step's cells", cells[i] / 9 + 1, cells[i] % 9 + 1);
    }
}

static void test_solution_is_valid(void **state)
{
    (void)state;
    assert_null(check_solution(hard1, solution));
}

/* An open board holds no pattern at all. */
static void test_open_board_has_no_step(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    open_board(&s);
    for (int t = 0; t < SUDOKU_TECHNIQUES; t++) check_none(&s, (sudoku_technique)t, 0);
    assert_false(sudoku_logic_next(&s, 0, &step));
}

/* ---- singles ---- */

/* 7 has one place left in box 5. */
static void test_hidden_single_box(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r4c4 r4c5 r4c6 r5c4 r5c6 r6c4 r6c5 r6c6", "7");
    expect(&e, SUDOKU_HIDDEN_SINGLE, 12, 0);
    expect_place(&e, "r5c5", 7);
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, 1u << (18 + 4));

    add_to(&s, "r4c4", "7");
    check_none(&s, SUDOKU_HIDDEN_SINGLE, 0);
}

/* 7 has one place left in row 5; box 5 and column 5 keep several. */
static void test_hidden_single_row(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r5c1 r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 r5c9", "7");
    expect(&e, SUDOKU_HIDDEN_SINGLE, 15, 0);
    expect_place(&e, "r5c5", 7);
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, 1u << 4);

    add_to(&s, "r5c1", "7");
    check_none(&s, SUDOKU_HIDDEN_SINGLE, 0);
}

static void test_hidden_single_column(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c5 r2c5 r3c5 r4c5 r6c5 r7c5 r8c5 r9c5", "2");
    expect(&e, SUDOKU_HIDDEN_SINGLE, 15, 0);
    expect_place(&e, "r5c5", 2);
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, 1u << (9 + 4));

    add_to(&s, "r9c5", "2");
    check_none(&s, SUDOKU_HIDDEN_SINGLE, 0);
}

/* The last open cell of a unit ("full house", 1.0). Opening the four
 * cells of a deadly rectangle instead leaves every unit two open cells
 * and every digit two places: no single of any kind. */
static void test_full_house(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r5c5", "8");
    expect(&e, SUDOKU_HIDDEN_SINGLE, 10, 0);
    expect_place(&e, "r5c5", 8);
    check_step(&s, 0, &e, &step);

    solved_board(&s);
    set_cells(&s, "r1c2 r1c4 r2c2 r2c4", "13");
    check_none(&s, SUDOKU_HIDDEN_SINGLE, 0);
    check_none(&s, SUDOKU_NAKED_SINGLE, 0);
}

static void test_naked_single(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c5", "4");
    expect(&e, SUDOKU_NAKED_SINGLE, 23, 0);
    expect_place(&e, "r5c5", 4);
    check_step(&s, 0, &e, &step);

    add_to(&s, "r5c5", "6");
    check_none(&s, SUDOKU_NAKED_SINGLE, 0);
}

/* ---- intersections ---- */

/* 5 in box 1 lies in row 1 only: it leaves the rest of row 1. */
static void test_pointing(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "5");
    expect(&e, SUDOKU_POINTING, 26, 0);
    expect_removed(&e, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", "5");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r1c1 r1c2 r1c3");
    assert_int_equal(step.units, (1u << 0) | (1u << 18));
    /* No box's 5 leaves a single behind: nothing direct. */
    check_none(&s, SUDOKU_DIRECT_POINTING, 0);

    /* Row 1's 5 confined to box 1 as well: nothing left to remove. */
    sudoku_logic both = s;
    remove_from(&both, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", "5");
    check_none(&both, SUDOKU_POINTING, 0);
    check_none(&both, SUDOKU_CLAIMING, 0);

    add_to(&s, "r2c1", "5");
    check_none(&s, SUDOKU_POINTING, 0);
}

/* 5 in row 1 lies in box 1 only: it leaves the rest of box 1. */
static void test_claiming(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", "5");
    expect(&e, SUDOKU_CLAIMING, 28, 0);
    expect_removed(&e, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "5");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r1c1 r1c2 r1c3");
    check_none(&s, SUDOKU_DIRECT_CLAIMING, 0);

    add_to(&s, "r1c5", "5");
    check_none(&s, SUDOKU_CLAIMING, 0);
}

/* 5 in box 1 lies in row 1 only; box 2 holds 5 in r1c5 and r2c6: once row
 * 1 loses it, r2c6 is the only place for 5 in box 2, which the direct
 * form places (and only places, as SE applies it). */
static void test_direct_pointing(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "5");
    remove_from(&s, "r1c4 r1c6 r2c4 r2c5 r3c4 r3c5 r3c6", "5");
    expect(&e, SUDOKU_DIRECT_POINTING, 17, 0);
    expect_place(&e, "r2c6", 5);
    check_step(&s, 0, &e, &step);

    /* A third place for 5 in box 2: still pointing, but no single follows. */
    add_to(&s, "r3c4", "5");
    check_none(&s, SUDOKU_DIRECT_POINTING, 0);
    expect(&e, SUDOKU_POINTING, 26, 0);
    expect_removed(&e, "r1c5 r1c7 r1c8 r1c9", "5");
    check_step(&s, 0, &e, &step);

    /* 5 back in row 2 of box 1: no lock at all. */
    remove_from(&s, "r3c4", "5");
    add_to(&s, "r2c1", "5");
    check_none(&s, SUDOKU_DIRECT_POINTING, 0);
    check_none(&s, SUDOKU_POINTING, 0);
}

/* 5 in row 1 lies in box 1 only; row 2 holds 5 in r2c1 and r2c5: once box
 * 1 loses it, r2c5 is the only place for 5 in row 2. */
static void test_direct_claiming(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", "5");
    remove_from(&s, "r2c2 r2c3 r2c4 r2c6 r2c7 r2c8 r2c9", "5");
    expect(&e, SUDOKU_DIRECT_CLAIMING, 19, 0);
    expect_place(&e, "r2c5", 5);
    check_step(&s, 0, &e, &step);

    /* A third place for 5 in row 2: claiming without a single. */
    add_to(&s, "r2c9", "5");
    check_none(&s, SUDOKU_DIRECT_CLAIMING, 0);
    expect(&e, SUDOKU_CLAIMING, 28, 0);
    expect_removed(&e, "r2c1 r3c1 r3c2 r3c3", "5");
    check_step(&s, 0, &e, &step);

    remove_from(&s, "r2c9", "5");
    add_to(&s, "r1c9", "5");
    check_none(&s, SUDOKU_DIRECT_CLAIMING, 0);
    check_none(&s, SUDOKU_CLAIMING, 0);
}

/* The column forms: 5 in box 1 lies in column 1 only, and box 4 holds 5
 * in r4c1 and r5c2; column 1 losing it leaves r5c2 to box 4. */
static void test_direct_pointing_column(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c2 r1c3 r2c2 r2c3 r3c2 r3c3", "5");
    remove_from(&s, "r4c2 r4c3 r5c1 r5c3 r6c1 r6c2 r6c3", "5");
    expect(&e, SUDOKU_DIRECT_POINTING, 17, 0);
    expect_place(&e, "r5c2", 5);
    check_step(&s, 0, &e, &step);
    expect(&e, SUDOKU_POINTING, 26, 0);
    expect_removed(&e, "r4c1 r7c1 r8c1 r9c1", "5");
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, (1u << 9) | (1u << 18));
}

/* 5 in column 1 lies in box 1 only, and column 2 holds 5 in r1c2 and
 * r7c2; box 1 losing it leaves r7c2 to column 2. */
static void test_direct_claiming_column(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r4c1 r5c1 r6c1 r7c1 r8c1 r9c1", "5");
    remove_from(&s, "r2c2 r3c2 r4c2 r5c2 r6c2 r8c2 r9c2", "5");
    expect(&e, SUDOKU_DIRECT_CLAIMING, 19, 0);
    expect_place(&e, "r7c2", 5);
    check_step(&s, 0, &e, &step);
    expect(&e, SUDOKU_CLAIMING, 28, 0);
    expect_removed(&e, "r1c2 r1c3 r2c3 r3c3", "5");
    check_step(&s, 0, &e, &step);
}

/* ---- subsets ---- */

/* 1 and 2 are only in r1c1 and r1c2 of box 1; 3 only in r1c1 and r2c2:
 * the pair leaves r1c1 no 3, so r2c2 is the only place for 3 in box 1. */
static void test_direct_hidden_pair(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "12");
    remove_from(&s, "r1c2 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3", "3");
    expect(&e, SUDOKU_DIRECT_HIDDEN_PAIR, 20, 0);
    expect_place(&e, "r2c2", 3);
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells - 1, "r1c1 r1c2");

    /* 3 with a third place: the hidden pair stays, the single goes. */
    add_to(&s, "r3c3", "3");
    check_none(&s, SUDOKU_DIRECT_HIDDEN_PAIR, 0);
    expect(&e, SUDOKU_HIDDEN_PAIR, 34, 0);
    expect_removed(&e, "r1c1", "3456789");
    expect_removed(&e, "r1c2", "456789");
    check_step(&s, 0, &e, &step);

    remove_from(&s, "r3c3", "3");
    add_to(&s, "r3c3", "1");
    check_none(&s, SUDOKU_DIRECT_HIDDEN_PAIR, 0);
    check_none(&s, SUDOKU_HIDDEN_PAIR, 0);
}

/* In a row: 1 and 2 only in r5c1 and r5c5, 3 only in r5c1 and r5c9. */
static void test_direct_hidden_pair_row(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8 r5c9", "12");
    remove_from(&s, "r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8", "3");
    expect(&e, SUDOKU_DIRECT_HIDDEN_PAIR, 20, 0);
    expect_place(&e, "r5c9", 3);
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells - 1, "r5c1 r5c5");
}

/* 1, 2, 3 are only in row 1 of box 1; 4 only in r1c1 and r3c3. */
static void test_direct_hidden_triplet(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "123");
    remove_from(&s, "r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2", "4");
    expect(&e, SUDOKU_DIRECT_HIDDEN_TRIPLET, 25, 0);
    expect_place(&e, "r3c3", 4);
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells - 1, "r1c1 r1c2 r1c3");

    add_to(&s, "r2c2", "1");
    check_none(&s, SUDOKU_DIRECT_HIDDEN_TRIPLET, 0);
}

/* r5c1 and r5c9 hold only 3 and 7: the rest of row 5 loses them. */
static void test_naked_pair(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c1 r5c9", "37");
    expect(&e, SUDOKU_NAKED_PAIR, 30, 0);
    expect_removed(&e, "r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8", "37");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r5c1 r5c9");

    add_to(&s, "r5c9", "8");
    check_none(&s, SUDOKU_NAKED_PAIR, 0);

    /* 3 and 37: a naked single beside a cell, not a pair. */
    set_cells(&s, "r5c1", "3");
    set_cells(&s, "r5c9", "37");
    check_none(&s, SUDOKU_NAKED_PAIR, 0);
}

/* 12, 23, 13 in row 5: the rest of the row loses 1, 2 and 3. */
static void test_naked_triplet(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c1", "12");
    set_cells(&s, "r5c5", "23");
    set_cells(&s, "r5c9", "13");
    expect(&e, SUDOKU_NAKED_TRIPLET, 36, 0);
    expect_removed(&e, "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8", "123");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r5c1 r5c5 r5c9");
    check_none(&s, SUDOKU_NAKED_PAIR, 0);

    set_cells(&s, "r5c9", "14");
    check_none(&s, SUDOKU_NAKED_TRIPLET, 0);
}

/* 1234, 123, 124, 34 in column 5. */
static void test_naked_quad(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r1c5", "1234");
    set_cells(&s, "r3c5", "123");
    set_cells(&s, "r6c5", "124");
    set_cells(&s, "r9c5", "34");
    expect(&e, SUDOKU_NAKED_QUAD, 50, 0);
    expect_removed(&e, "r2c5 r4c5 r5c5 r7c5 r8c5", "1234");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r1c5 r3c5 r6c5 r9c5");
    check_none(&s, SUDOKU_NAKED_TRIPLET, 0);

    add_to(&s, "r9c5", "5");
    check_none(&s, SUDOKU_NAKED_QUAD, 0);
}

/* 2 and 6 have only r5c2 and r5c7 in row 5: those lose every other digit. */
static void test_hidden_pair(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r5c1 r5c3 r5c4 r5c5 r5c6 r5c8 r5c9", "26");
    expect(&e, SUDOKU_HIDDEN_PAIR, 34, 0);
    expect_removed(&e, "r5c2 r5c7", "1345789");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r5c2 r5c7");
    assert_int_equal(step.digits, digits_of("26"));
    /* The pair leaves no other digit a single place: not direct. */
    check_none(&s, SUDOKU_DIRECT_HIDDEN_PAIR, 0);

    add_to(&s, "r5c9", "6");
    check_none(&s, SUDOKU_HIDDEN_PAIR, 0);
}

/* 1, 2, 3 have only r5c1, r5c5, r5c9 in row 5. */
static void test_hidden_triplet(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8", "123");
    expect(&e, SUDOKU_HIDDEN_TRIPLET, 40, 0);
    expect_removed(&e, "r5c1 r5c5 r5c9", "456789");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r5c1 r5c5 r5c9");

    add_to(&s, "r5c2", "3");
    check_none(&s, SUDOKU_HIDDEN_TRIPLET, 0);
}

/* 1, 2, 3, 4 have only r4c4, r4c6, r6c4, r6c6 in box 5 (each in two or
 * three of them). */
static void test_hidden_quad(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r4c5 r5c4 r5c5 r5c6 r6c5", "1234");
    remove_from(&s, "r6c6", "1");
    remove_from(&s, "r4c4", "2");
    expect(&e, SUDOKU_HIDDEN_QUAD, 54, 0);
    expect_removed(&e, "r4c4 r4c6 r6c4 r6c6", "56789");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r4c4 r4c6 r6c4 r6c6");
    check_none(&s, SUDOKU_HIDDEN_TRIPLET, 0);

    add_to(&s, "r5c5", "4");
    check_none(&s, SUDOKU_HIDDEN_QUAD, 0);
}

/* ---- fish ---- */

/* 4 in rows 2 and 7 only in columns 3 and 8: the rest of those columns
 * loses 4. */
static void test_x_wing(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r2c1 r2c2 r2c4 r2c5 r2c6 r2c7 r2c9", "4");
    remove_from(&s, "r7c1 r7c2 r7c4 r7c5 r7c6 r7c7 r7c9", "4");
    expect(&e, SUDOKU_X_WING, 32, 0);
    expect_removed(&e, "r1c3 r3c3 r4c3 r5c3 r6c3 r8c3 r9c3", "4");
    expect_removed(&e, "r1c8 r3c8 r4c8 r5c8 r6c8 r8c8 r9c8", "4");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r2c3 r2c8 r7c3 r7c8");

    add_to(&s, "r7c5", "4");
    check_none(&s, SUDOKU_X_WING, 0);
}

/* 9 in column 1 only in rows 1, 5; in column 5 in rows 5, 9; in column 9
 * in rows 1, 9: the three columns cover rows 1, 5, 9, which lose 9
 * everywhere else. No two of the columns make an X-wing. */
static void test_swordfish(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r2c1 r3c1 r4c1 r6c1 r7c1 r8c1 r9c1", "9");
    remove_from(&s, "r1c5 r2c5 r3c5 r4c5 r6c5 r7c5 r8c5", "9");
    remove_from(&s, "r2c9 r3c9 r4c9 r5c9 r6c9 r7c9 r8c9", "9");
    expect(&e, SUDOKU_SWORDFISH, 38, 0);
    expect_removed(&e, "r1c2 r1c3 r1c4 r1c6 r1c7 r1c8", "9");
    expect_removed(&e, "r5c2 r5c3 r5c4 r5c6 r5c7 r5c8", "9");
    expect_removed(&e, "r9c2 r9c3 r9c4 r9c6 r9c7 r9c8", "9");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r1c1 r5c1 r5c5 r9c5 r1c9 r9c9");
    check_none(&s, SUDOKU_X_WING, 0);

    add_to(&s, "r3c9", "9");
    check_none(&s, SUDOKU_SWORDFISH, 0);
}

/* 6 in rows 1, 3, 5, 7 only in columns 2, 4, 6, 8. */
static void test_jellyfish(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    remove_from(&s, "r1c1 r1c3 r1c5 r1c7 r1c9 r1c6 r1c8", "6"); /* r1: c2 c4 */
    remove_from(&s, "r3c1 r3c3 r3c5 r3c7 r3c9 r3c2", "6");      /* r3: c4 c6 c8 */
    remove_from(&s, "r5c1 r5c3 r5c5 r5c7 r5c9 r5c4 r5c8", "6"); /* r5: c2 c6 */
    remove_from(&s, "r7c1 r7c3 r7c5 r7c7 r7c9 r7c6", "6");      /* r7: c2 c4 c8 */
    expect(&e, SUDOKU_JELLYFISH, 52, 0);
    expect_removed(&e, "r2c2 r4c2 r6c2 r8c2 r9c2 r2c4 r4c4 r6c4 r8c4 r9c4", "6");
    expect_removed(&e, "r2c6 r4c6 r6c6 r8c6 r9c6 r2c8 r4c8 r6c8 r8c8 r9c8", "6");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.ncells, "r1c2 r1c4 r3c4 r3c6 r3c8 r5c2 r5c6 r7c2 r7c4 r7c8");
    check_none(&s, SUDOKU_SWORDFISH, 0);
    check_none(&s, SUDOKU_X_WING, 0);

    add_to(&s, "r5c9", "6");
    check_none(&s, SUDOKU_JELLYFISH, 0);
}

/* ---- wings ---- */

/* Pivot r5c5 (12) sees r5c1 (13) and r2c5 (23): whichever the pivot is,
 * one pincer is 3, so r2c1, the only other cell seeing both, loses 3. */
static void test_xy_wing(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c5", "12");
    set_cells(&s, "r5c1", "13");
    set_cells(&s, "r2c5", "23");
    expect(&e, SUDOKU_XY_WING, 42, 0);
    expect_removed(&e, "r2c1", "3");
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.cells[0], cell_named("r5c5"));
    check_cells(&step, 0, step.ncells, "r5c5 r5c1 r2c5");
    check_none(&s, SUDOKU_XYZ_WING, 0);

    /* Nothing to remove: no step. */
    remove_from(&s, "r2c1", "3");
    check_none(&s, SUDOKU_XY_WING, 0);
    add_to(&s, "r2c1", "3");
    set_cells(&s, "r2c5", "24");
    check_none(&s, SUDOKU_XY_WING, 0);
}

/* Pivot r5c5 (123) sees r5c4 (13) and r2c5 (23): 3 is in one of the
 * three, so it leaves the cells that see all three: r4c5 and r6c5 (r1c4,
 * r2c4, r3c4 see both pincers but not the pivot, and keep it). */
static void test_xyz_wing(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c5", "123");
    set_cells(&s, "r5c4", "13");
    set_cells(&s, "r2c5", "23");
    expect(&e, SUDOKU_XYZ_WING, 44, 0);
    expect_removed(&e, "r4c5 r6c5", "3");
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.cells[0], cell_named("r5c5"));
    check_cells(&step, 0, step.ncells, "r5c5 r5c4 r2c5");
    check_none(&s, SUDOKU_XY_WING, 0);

    set_cells(&s, "r2c5", "24");
    check_none(&s, SUDOKU_XYZ_WING, 0);
}

/* A pincer in the pivot's box: pivot r5c5 (12), r4c4 (13), r5c8 (23).
 * The cells seeing both pincers: r4c7, r4c8, r4c9 (row 4 and box 6) and
 * r5c4, r5c6 (row 5 and box 5). */
static void test_xy_wing_box(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c5", "12");
    set_cells(&s, "r4c4", "13");
    set_cells(&s, "r5c8", "23");
    expect(&e, SUDOKU_XY_WING, 42, 0);
    expect_removed(&e, "r4c7 r4c8 r4c9 r5c4 r5c6", "3");
    check_step(&s, 0, &e, &step);
}

/* The same cells as an XYZ-wing, pivot 123: of the cells seeing both
 * pincers only r5c4 and r5c6 see the pivot too. */
static void test_xyz_wing_box(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r5c5", "123");
    set_cells(&s, "r4c4", "13");
    set_cells(&s, "r5c8", "23");
    expect(&e, SUDOKU_XYZ_WING, 44, 0);
    expect_removed(&e, "r5c4 r5c6", "3");
    check_step(&s, 0, &e, &step);
}

/* ---- uniqueness ---- */

/* A uniqueness step is found only while uniqueness may be assumed. */
static void check_needs_uniqueness(const sudoku_logic *s, sudoku_technique technique)
{
    check_none(s, technique, SUDOKU_LOGIC_NO_UNIQUENESS);
}

/* The rectangle r1c2 r1c4 r2c2 r2c4 on 1,3: r2c4 holds 7 too. Were it 1
 * or 3, the four cells could swap 1 and 3: it is 7, and loses 1 and 3. */
static void test_unique_rectangle_type_1(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4 r2c2", "13");
    set_cells(&s, "r2c4", "137");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 1);
    expect_removed(&e, "r2c4", "13");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c2 r1c4 r2c2 r2c4");
    assert_int_equal(step.digits, digits_of("13"));
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);

    remove_from(&s, "r2c4", "3");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* r2c2 and r2c4 both hold 1, 3 and 7: one of them is 7, so every cell
 * seeing both (row 2: r2c7, r2c9) loses 7; r3c4 sees only r2c4 and keeps
 * it. 1 and 3 have other places in row 2, so no type 4 either. */
static void test_unique_rectangle_type_2(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4", "13");
    set_cells(&s, "r2c2 r2c4", "137");
    set_cells(&s, "r2c9", "17");
    set_cells(&s, "r2c7", "37");
    set_cells(&s, "r3c4", "67");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 2);
    expect_removed(&e, "r2c7 r2c9", "7");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c2 r1c4 r2c2 r2c4");
    assert_int_equal(step.extra, digits_of("7"));
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);

    /* Different extras, no set with them, nothing locked: nothing. */
    set_cells(&s, "r2c4", "136");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
}

/* r2c2 (136) and r2c4 (137): one of them is 6 or 7, so with r2c9 (67)
 * they make a naked pair on 6,7 in row 2: r2c7 loses 6. Row 2 has four
 * open cells, too few for a hidden set, and 1 and 3 are in r2c7: no
 * type 4. */
static void test_unique_rectangle_type_3_naked(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4", "13");
    set_cells(&s, "r2c2", "136");
    set_cells(&s, "r2c4", "137");
    set_cells(&s, "r2c9", "67");
    set_cells(&s, "r2c7", "136");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 46, 3);
    expect_removed(&e, "r2c7", "6");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c2 r1c4 r2c2 r2c4");
    check_cells(&step, step.npattern, step.ncells, "r2c9");
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);

    add_to(&s, "r2c9", "8");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
}

/* r2c2 (136) and r2c4 (137) cannot both take 1 and 3; leaving r2c4 out,
 * 1 and 3 have only r2c2 and r2c9 in row 2, a hidden pair: whichever way
 * the rectangle goes, r2c9 is 1 or 3, and loses 8. */
static void test_unique_rectangle_type_3_hidden(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4", "13");
    set_cells(&s, "r2c2", "136");
    set_cells(&s, "r2c4", "137");
    set_cells(&s, "r2c9", "138");
    set_cells(&s, "r2c7 r2c8", "89");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 3);
    expect_removed(&e, "r2c9", "8");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c2 r1c4 r2c2 r2c4");
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);

    add_to(&s, "r2c7", "1");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
}

/* r2c2 (136) and r2c4 (137): 1 has no other place in row 2, so one of
 * them is 1; then the other cannot be 3: both lose 3. */
static void test_unique_rectangle_type_4(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4", "13");
    set_cells(&s, "r2c2", "136");
    set_cells(&s, "r2c4", "137");
    set_cells(&s, "r2c9", "39");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 4);
    expect_removed(&e, "r2c2 r2c4", "3");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c2 r1c4 r2c2 r2c4");
    assert_int_equal(step.units, 1u << 1);
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);

    add_to(&s, "r2c9", "1");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
}

/* Type 2 with the extra 7 in two opposite corners, r1c2 and r2c4: the
 * cells seeing both are r2c1, r2c3 (row 2, box 1) and r1c5, r1c6 (row 1,
 * box 2); r1c9 sees only r1c2. */
static void test_unique_rectangle_type_2_diagonal(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c4 r2c2", "13");
    set_cells(&s, "r1c2 r2c4", "137");
    set_cells(&s, "r2c1 r2c3 r1c5 r1c6 r1c9", "78");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 2);
    expect_removed(&e, "r2c1 r2c3 r1c5 r1c6", "7");
    check_step(&s, 0, &e, &step);
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);
}

/* Type 2 with the extra 7 in three corners: one of them is 7, so the
 * cells seeing all three (r2c1, r2c3: row 2 and box 1) lose it; r2c9
 * sees only two. */
static void test_unique_rectangle_type_2_three_cells(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c4", "13");
    set_cells(&s, "r1c2 r2c2 r2c4", "137");
    set_cells(&s, "r2c1 r2c3 r2c9", "78");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 2);
    expect_removed(&e, "r2c1 r2c3", "7");
    check_step(&s, 0, &e, &step);
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_RECTANGLE);
}

/* Type 4 in a box: the rectangle r4c1 r4c2 r7c1 r7c2 on 2,8 (boxes 4 and
 * 7); r7c1 (238) and r7c2 (248) share row 7 and box 7. 2 has no other
 * place in box 7: one of them is 2, so both lose 8. In row 7, r7c9 holds
 * 2 and 8 too. */
static void test_unique_rectangle_type_4_box(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r4c1 r4c2", "28");
    set_cells(&s, "r7c1", "238");
    set_cells(&s, "r7c2", "248");
    set_cells(&s, "r7c9", "258");
    set_cells(&s, "r9c3", "89");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 4);
    expect_removed(&e, "r7c1 r7c2", "8");
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, 1u << (18 + 6));

    add_to(&s, "r9c3", "2");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
}

/* Four cells in four boxes are no deadly pattern (the boxes would not let
 * 1 and 3 swap): r1c2 r1c5 r4c2 r4c5 with one rescue cell give nothing. */
static void test_rectangle_in_four_boxes(void **state)
{
    (void)state;
    sudoku_logic s;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c5 r4c2", "13");
    set_cells(&s, "r4c5", "137");
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* The loop r2c3 r2c5 r3c5 r3c2 r4c2 r4c3 on 2,5 (rows 2-4, columns 2, 3,
 * 5, boxes 1, 2, 4, two cells each): r4c3 holds 8 too, and loses 2, 5. */
static void test_unique_loop_type_1(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r2c3 r2c5 r3c2 r3c5 r4c2", "25");
    set_cells(&s, "r4c3", "258");
    expect(&e, SUDOKU_UNIQUE_LOOP, 46, 1);
    expect_removed(&e, "r4c3", "25");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r2c3 r2c5 r3c2 r3c5 r4c2 r4c3");
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_LOOP);
    check_none(&s, SUDOKU_UNIQUE_RECTANGLE, 0);

    remove_from(&s, "r4c3", "2");
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* r4c2 and r4c3 hold 8 too: one of them is 8, so the cells seeing both
 * (row 4 and box 4: r4c9, r5c1) lose 8; r9c2 sees only r4c2. r4c9 and
 * r5c1 hold 2 and 5 as well, so neither is locked (no type 4). */
static void test_unique_loop_type_2(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r2c3 r2c5 r3c2 r3c5", "25");
    set_cells(&s, "r4c2 r4c3", "258");
    set_cells(&s, "r4c9", "2589");
    set_cells(&s, "r5c1", "2578");
    set_cells(&s, "r9c2", "68");
    expect(&e, SUDOKU_UNIQUE_LOOP, 46, 2);
    expect_removed(&e, "r4c9 r5c1", "8");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r2c3 r2c5 r3c2 r3c5 r4c2 r4c3");
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_LOOP);

    set_cells(&s, "r4c3", "259");
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* Type 3 on the loop: r4c2 (258) and r4c3 (259): one is 8 or 9, so with
 * r4c9 (89) they make a naked pair on 8,9 in row 4: r4c8 loses 8. r4c8
 * and r5c1 hold 2 and 5, so neither is locked in row 4 or box 4. */
static void test_unique_loop_type_3(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r2c3 r2c5 r3c2 r3c5", "25");
    set_cells(&s, "r4c2", "258");
    set_cells(&s, "r4c3", "259");
    set_cells(&s, "r4c9", "89");
    set_cells(&s, "r4c8", "2568");
    set_cells(&s, "r5c1", "257");
    expect(&e, SUDOKU_UNIQUE_LOOP, 47, 3);
    expect_removed(&e, "r4c8", "8");
    check_step(&s, 0, &e, &step);
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_LOOP);

    add_to(&s, "r4c9", "6");
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* Type 4 on the loop: r4c2 (258) and r4c3 (259); 2 has no other place in
 * row 4 (r4c9 holds 5, r5c1 gives box 4 both): one is 2, both lose 5. */
static void test_unique_loop_type_4(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r2c3 r2c5 r3c2 r3c5", "25");
    set_cells(&s, "r4c2", "258");
    set_cells(&s, "r4c3", "259");
    set_cells(&s, "r4c9", "56");
    set_cells(&s, "r5c1", "257");
    expect(&e, SUDOKU_UNIQUE_LOOP, 46, 4);
    expect_removed(&e, "r4c2 r4c3", "5");
    check_step(&s, 0, &e, &step);
    assert_int_equal(step.units, 1u << 3);
    check_needs_uniqueness(&s, SUDOKU_UNIQUE_LOOP);

    add_to(&s, "r4c9", "2");
    check_none(&s, SUDOKU_UNIQUE_LOOP, 0);
}

/* ---- bivalue universal grave ---- */

/* The rectangle on 1,3 and the loop on 2,5 together: a grave. */
static void grave_rectangle_and_loop(sudoku_logic *s)
{
    solved_board(s);
    set_cells(s, "r1c2 r1c4 r2c2 r2c4", "13");
    set_cells(s, "r2c3 r2c5 r3c2 r3c5 r4c2 r4c3", "25");
    assert_grave(s);
}

/* The 3-digit cycle of rows 6 and 8 (columns 4-6). */
static void grave_cycle(sudoku_logic *s)
{
    solved_board(s);
    set_cells(s, "r6c4 r8c4", "29");
    set_cells(s, "r6c5 r8c5", "19");
    set_cells(s, "r6c6 r8c6", "12");
    assert_grave(s);
}

/* r4c3's 8 is the only digit with a third (here: a first) place in a
 * unit: r4c3 must be 8, and loses 2 and 5. */
static void test_bug_type_1(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    grave_rectangle_and_loop(&s);
    add_to(&s, "r4c3", "8");
    expect(&e, SUDOKU_BUG, 56, 1);
    expect_removed(&e, "r4c3", "25");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r4c3");
    assert_int_equal(step.digits, digits_of("8"));
    check_needs_uniqueness(&s, SUDOKU_BUG);

    /* r3c5 down to 2 alone: no grave. */
    sudoku_logic broken = s;
    remove_from(&broken, "r3c5", "5");
    check_none(&broken, SUDOKU_BUG, 0);
    /* Two cells with the extra 8 and nothing they both see holds it. */
    add_to(&s, "r4c2", "8");
    check_none(&s, SUDOKU_BUG, 0);
}

/* r2c3 and r2c5 both have the extra 1: one of them is 1, so the cells
 * seeing both (row 2: r2c2, r2c4) lose 1. */
static void test_bug_type_2(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    grave_rectangle_and_loop(&s);
    add_to(&s, "r2c3 r2c5", "1");
    expect(&e, SUDOKU_BUG, 57, 2);
    expect_removed(&e, "r2c2 r2c4", "1");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r2c3 r2c5");
    check_needs_uniqueness(&s, SUDOKU_BUG);

    set_cells(&s, "r2c5", "258");
    check_none(&s, SUDOKU_BUG, 0);
}

/* The cycle and the rectangle on 5,7 (r6c7 r6c8 r7c7 r7c8); r6c7 has the
 * extra 1, r6c8 the extra 2. One of them takes its extra, so 1 or 2 is in
 * them; with r6c6 (12) that is a naked pair on 1,2 in row 6: r6c4 loses
 * 2 and r6c5 loses 1. */
static void test_bug_type_3(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    grave_cycle(&s);
    set_cells(&s, "r6c7 r6c8 r7c7 r7c8", "57");
    assert_grave(&s);
    add_to(&s, "r6c7", "1");
    add_to(&s, "r6c8", "2");
    expect(&e, SUDOKU_BUG, 58, 3);
    expect_removed(&e, "r6c4", "2");
    expect_removed(&e, "r6c5", "1");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r6c7 r6c8");
    check_cells(&step, step.npattern, step.ncells, "r6c6");
    check_needs_uniqueness(&s, SUDOKU_BUG);

    set_cells(&s, "r6c8", "457");
    check_none(&s, SUDOKU_BUG, 0);
}

/* r6c4 (29 + 3) and r6c5 (19 + 4) share 9, which has no other place in
 * box 5 (or row 6). One of them takes its extra, so the other is 9:
 * neither can take its other digit: r6c4 loses 2, r6c5 loses 1. */
static void test_bug_type_4(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    grave_cycle(&s);
    add_to(&s, "r6c4", "3");
    add_to(&s, "r6c5", "4");
    expect(&e, SUDOKU_BUG, 57, 4);
    expect_removed(&e, "r6c4", "2");
    expect_removed(&e, "r6c5", "1");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r6c4 r6c5");
    check_needs_uniqueness(&s, SUDOKU_BUG);

    /* 9 with a third place in box 5: not locked in the two cells. */
    add_to(&s, "r6c6", "9");
    check_none(&s, SUDOKU_BUG, 0);
}

/* ---- aligned pair exclusion ---- */

/* r1c1 and r1c2 (123 each) see each other and the bivalue cells r1c5
 * (12) and r2c3 (13). Whatever 1 pairs with (2, 3, or 1 again) leaves one
 * of those empty or repeats a digit: neither base cell can be 1. 2 with 3
 * is allowed, so 2 and 3 stay. */
static void test_aligned_pair_exclusion(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    open_board(&s);
    set_cells(&s, "r1c1 r1c2", "123");
    set_cells(&s, "r1c5", "12");
    set_cells(&s, "r2c3", "13");
    expect(&e, SUDOKU_ALIGNED_PAIR_EXCLUSION, 62, 0);
    expect_removed(&e, "r1c1 r1c2", "1");
    check_step(&s, 0, &e, &step);
    check_cells(&step, 0, step.npattern, "r1c1 r1c2");
    check_cells(&step, step.npattern, step.ncells, "r1c5 r2c3");
    /* Not a uniqueness technique. */
    check_step(&s, SUDOKU_LOGIC_NO_UNIQUENESS, &e, &step);

    /* r2c3 no longer bivalue: one excluder left, no exclusion. */
    add_to(&s, "r2c3", "5");
    check_none(&s, SUDOKU_ALIGNED_PAIR_EXCLUSION, 0);

    /* With r1c2 down to 12, r1c1 could not be 1 or 2 either, but that is
     * the naked pair r1c2, r1c5: an exclusion needs two bivalue cells
     * seeing both base cells, and here there is one. */
    open_board(&s);
    set_cells(&s, "r1c1", "123");
    set_cells(&s, "r1c2 r1c5", "12");
    check_none(&s, SUDOKU_ALIGNED_PAIR_EXCLUSION, 0);
}

/* ---- known bugs (reported to the lead; these fail until fixed) ---- */

/* sudoku_logic_find(SUDOKU_UNIQUE_LOOP) answers "none" on a board where a
 * unique loop applies whenever a rectangle step (rated lower) is on the
 * board too: the one finder of both returns the rectangle, and find then
 * refuses it. The board: the rectangle of test_unique_rectangle_type_1
 * and, apart from it, the loop of test_unique_loop_type_1. */
static void bug_find_unique_loop_hidden_by_rectangle(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c2 r1c4 r2c2", "13");
    set_cells(&s, "r2c4", "137");
    set_cells(&s, "r2c3 r2c5 r3c2 r3c5 r4c2", "25");
    set_cells(&s, "r4c3", "258");
    expect(&e, SUDOKU_UNIQUE_LOOP, 46, 1);
    expect_removed(&e, "r4c3", "25");
    check_step(&s, 0, &e, &step);
}

/* The other way round: a rectangle type 3 with a naked triplet (4.7) and,
 * apart from it, a loop type 1 (4.6): find(SUDOKU_UNIQUE_RECTANGLE) says
 * none. The rectangle r8c3 r8c9 r9c3 r9c9 on 3,4; r9c3 (346) and r9c9
 * (347) stand as one cell holding 6 or 7, which with r9c1 (68) and r9c2
 * (78) holds only 6,7,8 in row 9: r9c4 loses 8. (3 and 4 have other
 * places in row 9, r9c4 and r9c5, and no hidden pair forms.) */
static void bug_find_unique_rectangle_hidden_by_loop(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r8c3 r8c9", "34");
    set_cells(&s, "r9c3", "346");
    set_cells(&s, "r9c9", "347");
    set_cells(&s, "r9c1", "68");
    set_cells(&s, "r9c2", "78");
    set_cells(&s, "r9c4", "389");
    set_cells(&s, "r9c5", "49");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 47, 3);
    expect_removed(&e, "r9c4", "8");
    check_step(&s, 0, &e, &step); /* alone, it is found */

    set_cells(&s, "r2c3 r2c5 r3c2 r3c5 r4c2", "25");
    set_cells(&s, "r4c3", "258");
    check_step(&s, 0, &e, &step);
}

/* A rectangle type 2 with the extra 7 in three corners (as in
 * test_unique_rectangle_type_2_three_cells) is missed once r2c1, a cell
 * outside the rectangle, holds 1, 3 and 8: the walk that builds loops
 * gathers the extra digits of every cell it looks at, r2c1's 8 among them,
 * and then refuses the third corner with extras, though r2c1 plays no
 * part in the rectangle. SE's UniqueLoops.checkForLoops does the same
 * (logic_unique.c follows it on purpose): the lead decides whether the
 * definition or SE's path wins here. */
static void bug_unique_rectangle_type_2_missed_beside_unrelated_cell(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;
    expected e;
    solved_board(&s);
    set_cells(&s, "r1c4", "13");
    set_cells(&s, "r1c2 r2c2 r2c4", "137");
    set_cells(&s, "r2c3", "78");
    expect(&e, SUDOKU_UNIQUE_RECTANGLE, 45, 2);
    expect_removed(&e, "r2c3", "7");
    check_step(&s, 0, &e, &step); /* without r2c1, it is found */

    set_cells(&s, "r2c1", "138");
    check_step(&s, 0, &e, &step);
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
    if (strcmp(key, "technique") == 0) return json_string(j, j->technique, sizeof j->technique);
    if (strcmp(key, "rating") == 0) return json_number(j, &j->rating);
    if (strcmp(key, "placements") == 0) return json_triples(j, true, &j->placements);
    if (strcmp(key, "eliminations") == 0) return json_triples(j, false, &j->eliminations);
    return json_value(j, depth + 1);
}

static bool json_value(json *j, int depth)
{
    double number;
    char text[64];
    json_space(j);
    if (depth > 16) return false;
    if (*j->p == '"') return json_string(j, text, sizeof text);
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
 * (cells in r1c1 notation); its JSON is one valid object with as many
 * placements and eliminations as the step has. */
static void check_words(const sudoku_step *step, const char *const parts[])
{
    char text[SUDOKU_TEXT_MAX], rating[16];
    size_t n = sudoku_format_step(step, text, sizeof text);
    assert_int_equal(n, strlen(text));
    assert_contains(text, sudoku_technique_name(step->technique));
    snprintf(rating, sizeof rating, "(%d.%d)", step->rating / 10, step->rating % 10);
    assert_contains(text, rating);
    for (int i = 0; parts[i]; i++) assert_contains(text, parts[i]);

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
    bool valid = json_value(&j, 0);
    json_space(&j);
    if (!valid || *j.p != '\0') fail_msg("not one valid JSON object at \"%s\": %s", j.p, text);
    assert_string_equal(j.technique, sudoku_technique_name(step->technique));
    assert_int_equal((int)(j.rating * 10 + 0.5), step->rating);
    assert_int_equal(j.placements, placements);
    assert_int_equal(j.eliminations, eliminations);
}

static void test_words_and_json(void **state)
{
    (void)state;
    sudoku_logic s;
    sudoku_step step;

    open_board(&s);
    remove_from(&s, "r4c4 r4c5 r4c6 r5c4 r5c6 r6c4 r6c5 r6c6", "7");
    assert_true(sudoku_logic_find(&s, SUDOKU_HIDDEN_SINGLE, 0, &step));
    check_words(&step, (const char *const[]){"r5c5=7", "box 5", NULL});

    open_board(&s);
    remove_from(&s, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "5");
    assert_true(sudoku_logic_find(&s, SUDOKU_POINTING, 0, &step));
    check_words(&step, (const char *const[]){"5 in box 1 is in row 1 only", "r1c4<>5", "r1c5<>5",
                                             "r1c6<>5", "r1c7<>5", "r1c8<>5", "r1c9<>5", NULL});

    open_board(&s);
    remove_from(&s, "r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", "12");
    remove_from(&s, "r1c2 r1c3 r2c1 r2c3 r3c1 r3c2 r3c3", "3");
    assert_true(sudoku_logic_find(&s, SUDOKU_DIRECT_HIDDEN_PAIR, 0, &step));
    check_words(&step, (const char *const[]){"r1c1", "r1c2", "r2c2=3", NULL});

    open_board(&s);
    set_cells(&s, "r5c5", "12");
    set_cells(&s, "r5c1", "13");
    set_cells(&s, "r2c5", "23");
    assert_true(sudoku_logic_find(&s, SUDOKU_XY_WING, 0, &step));
    check_words(&step, (const char *const[]){"r5c5", "r5c1", "r2c5", "r2c1<>3", NULL});

    solved_board(&s);
    set_cells(&s, "r1c2 r1c4", "13");
    set_cells(&s, "r2c2", "136");
    set_cells(&s, "r2c4", "137");
    set_cells(&s, "r2c9", "39");
    assert_true(sudoku_logic_find(&s, SUDOKU_UNIQUE_RECTANGLE, 0, &step));
    check_words(&step, (const char *const[]){"type 4", "r1c2", "r1c4", "r2c2", "r2c4", "r2c2<>3",
                                             "r2c4<>3", NULL});

    grave_rectangle_and_loop(&s);
    add_to(&s, "r4c3", "8");
    assert_true(sudoku_logic_find(&s, SUDOKU_BUG, 0, &step));
    check_words(&step, (const char *const[]){"type 1", "r4c3<>2", "r4c3<>5", NULL});

    open_board(&s);
    set_cells(&s, "r1c1 r1c2", "123");
    set_cells(&s, "r1c5", "12");
    set_cells(&s, "r2c3", "13");
    assert_true(sudoku_logic_find(&s, SUDOKU_ALIGNED_PAIR_EXCLUSION, 0, &step));
    check_words(&step, (const char *const[]){"r1c5", "r2c3", "r1c1<>1", "r1c2<>1", NULL});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solution_is_valid),
        cmocka_unit_test(test_open_board_has_no_step),
        cmocka_unit_test(test_hidden_single_box),
        cmocka_unit_test(test_hidden_single_row),
        cmocka_unit_test(test_hidden_single_column),
        cmocka_unit_test(test_full_house),
        cmocka_unit_test(test_naked_single),
        cmocka_unit_test(test_pointing),
        cmocka_unit_test(test_claiming),
        cmocka_unit_test(test_direct_pointing),
        cmocka_unit_test(test_direct_claiming),
        cmocka_unit_test(test_direct_pointing_column),
        cmocka_unit_test(test_direct_claiming_column),
        cmocka_unit_test(test_direct_hidden_pair),
        cmocka_unit_test(test_direct_hidden_pair_row),
        cmocka_unit_test(test_direct_hidden_triplet),
        cmocka_unit_test(test_naked_pair),
        cmocka_unit_test(test_naked_triplet),
        cmocka_unit_test(test_naked_quad),
        cmocka_unit_test(test_hidden_pair),
        cmocka_unit_test(test_hidden_triplet),
        cmocka_unit_test(test_hidden_quad),
        cmocka_unit_test(test_x_wing),
        cmocka_unit_test(test_swordfish),
        cmocka_unit_test(test_jellyfish),
        cmocka_unit_test(test_xy_wing),
        cmocka_unit_test(test_xyz_wing),
        cmocka_unit_test(test_xy_wing_box),
        cmocka_unit_test(test_xyz_wing_box),
        cmocka_unit_test(test_unique_rectangle_type_1),
        cmocka_unit_test(test_unique_rectangle_type_2),
        cmocka_unit_test(test_unique_rectangle_type_2_diagonal),
        cmocka_unit_test(test_unique_rectangle_type_2_three_cells),
        cmocka_unit_test(test_unique_rectangle_type_3_naked),
        cmocka_unit_test(test_unique_rectangle_type_3_hidden),
        cmocka_unit_test(test_unique_rectangle_type_4),
        cmocka_unit_test(test_unique_rectangle_type_4_box),
        cmocka_unit_test(test_rectangle_in_four_boxes),
        cmocka_unit_test(test_unique_loop_type_1),
        cmocka_unit_test(test_unique_loop_type_2),
        cmocka_unit_test(test_unique_loop_type_3),
        cmocka_unit_test(test_unique_loop_type_4),
        cmocka_unit_test(test_bug_type_1),
        cmocka_unit_test(test_bug_type_2),
        cmocka_unit_test(test_bug_type_3),
        cmocka_unit_test(test_bug_type_4),
        cmocka_unit_test(test_aligned_pair_exclusion),
        cmocka_unit_test(test_words_and_json),
        cmocka_unit_test(bug_find_unique_loop_hidden_by_rectangle),
        cmocka_unit_test(bug_find_unique_rectangle_hidden_by_loop),
        cmocka_unit_test(bug_unique_rectangle_type_2_missed_beside_unrelated_cell),
    };
    /* TEST_LOGIC_SKIP_BUGS=1 skips the known bugs' tests, to see the rest. */
    const char *skip_bugs = getenv("TEST_LOGIC_SKIP_BUGS");
    if (skip_bugs && strcmp(skip_bugs, "1") == 0) cmocka_set_skip_filter("bug_*");
    return cmocka_run_group_tests(tests, NULL, NULL);
}
