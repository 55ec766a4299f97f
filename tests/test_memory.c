/*
 * test_memory.c: the logic engine when memory runs short. The test is
 * linked with --wrap for malloc, calloc and realloc, so every allocation
 * the library makes passes through the wrappers below. With the k-th made
 * to fail, for each k in turn, a rating and a path must be those found
 * with no failure, or say that memory ran short (SUDOKU_RATE_OUT_OF_MEMORY,
 * errno ENOMEM): never another answer, and never a crash (the sanitizer
 * build runs this too).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *old, size_t size);

/* While armed, allocations are counted, and the one numbered fail_at
 * (from 1) fails; 0 fails none. */
static bool armed;
static unsigned long made, fail_at;

static bool this_one_fails(void)
{
    if (!armed) return false;
    return ++made == fail_at;
}

void *__wrap_malloc(size_t size)
{
    if (this_one_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    if (this_one_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_calloc(count, size);
}

void *__wrap_realloc(void *old, size_t size)
{
    if (this_one_fails()) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_realloc(old, size);
}

static void arm(unsigned long k)
{
    made = 0;
    fail_at = k;
    armed = true;
}

/* Puzzles whose paths take chains of several kinds: forcing chains
 * (ER 6.6), then multiple and dynamic forcing chains (ER 9.0). */
static const char *const puzzles[] = {
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    "34.6.......7.......2..8.57......5....7..1..2....4......36.2..1.......9.......7.82",
};

static sudoku_grid grid_of(const char *text)
{
    sudoku_grid grid;
    sudoku_error err;
    assert_true(sudoku_parse(text, strlen(text), &grid, &err));
    return grid;
}

/* The k to try when a run makes n allocations: the first `first` each,
 * then as many more spread over the rest. The sanitizer build
 * (TEST_QUICK=1), which looks for memory errors on the failure paths,
 * takes a quarter as many (main). */
static unsigned long first = 200;

static unsigned long nth_k(unsigned long i, unsigned long n)
{
    if (i < first || n <= 2 * first) return i + 1;
    return first + (i - first) * (n - first) / first + 1;
}

static unsigned long ks(unsigned long n)
{
    return n <= 2 * first ? n : 2 * first;
}

static void test_rate_short_of_memory(void **state)
{
    (void)state;
    for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
        sudoku_grid grid = grid_of(puzzles[p]);
        sudoku_rating whole, cut;
        arm(0);
        assert_int_equal(sudoku_rate(&grid, 0, 0, 0, &whole), SUDOKU_RATE_SOLVED);
        unsigned long n = made;
        assert_true(n > 0);
        unsigned long short_of_memory = 0;
        for (unsigned long i = 0; i < ks(n); i++) {
            arm(nth_k(i, n));
            sudoku_rate_outcome outcome = sudoku_rate(&grid, 0, 0, 0, &cut);
            armed = false;
            if (outcome == SUDOKU_RATE_OUT_OF_MEMORY) {
                short_of_memory++;
                continue;
            }
            /* an allocation the engine does without: the same answer */
            assert_int_equal(outcome, SUDOKU_RATE_SOLVED);
            assert_memory_equal(&cut, &whole, sizeof whole);
        }
        /* most allocations are the chains' own: failing them says so */
        assert_true(short_of_memory > 0);
    }
}

/* The path step by step: each step the one found with no failure, until
 * a search says memory ran short (false, errno ENOMEM). */
static void test_path_short_of_memory(void **state)
{
    (void)state;
    enum { MOST = 400 };
    static sudoku_step path[MOST];
    sudoku_grid grid = grid_of(puzzles[1]);
    sudoku_logic logic;
    int steps = 0;
    arm(0);
    assert_true(sudoku_logic_from_grid(&logic, &grid));
    while (!sudoku_logic_solved(&logic)) {
        assert_true(steps < MOST);
        assert_true(sudoku_logic_next(&logic, 0, &path[steps]));
        sudoku_logic_apply(&logic, &path[steps++]);
    }
    unsigned long n = made;
    for (unsigned long i = 0; i < ks(n); i++) {
        assert_true(sudoku_logic_from_grid(&logic, &grid));
        arm(nth_k(i, n));
        int taken = 0;
        bool stopped = false;
        while (!sudoku_logic_solved(&logic)) {
            sudoku_step step;
            errno = 0;
            if (!sudoku_logic_next(&logic, 0, &step)) {
                assert_int_equal(errno, ENOMEM);
                stopped = true;
                break;
            }
            assert_true(taken < steps);
            assert_int_equal(step.technique, path[taken].technique);
            assert_int_equal(step.rating, path[taken].rating);
            assert_memory_equal(step.place, path[taken].place, sizeof step.place);
            assert_memory_equal(step.eliminate, path[taken].eliminate, sizeof step.eliminate);
            sudoku_logic_apply(&logic, &step);
            taken++;
        }
        armed = false;
        if (!stopped) assert_int_equal(taken, steps);
    }
}

int main(void)
{
    const char *quick = getenv("TEST_QUICK");
    if (quick && strcmp(quick, "1") == 0) first = 50;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rate_short_of_memory),
        cmocka_unit_test(test_path_short_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
