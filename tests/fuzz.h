/*
 * fuzz.h: what the libFuzzer targets (tests/fuzz_parse.c,
 * tests/fuzz_solve.c, tests/fuzz_logic.c) share. They run under libFuzzer (make fuzz) and,
 * renamed, inside tests/test_fuzz_replay.c (make check); both report an
 * abort together with the input that caused it.
 */
#ifndef SUDOKU_TEST_FUZZ_H
#define SUDOKU_TEST_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

/* Aborts when a promise of the library is broken, naming the promise: under
 * gcc without sanitizers the replay test has no stack trace to show. */
#define FUZZ_REQUIRE(cond)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: broken: %s\n", __FILE__, __LINE__, #cond);                     \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
