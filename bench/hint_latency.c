/*
 * hint_latency.c: how long `sudoku play` makes a player wait for a hint.
 * For each puzzle of a file, a game is played as a player who follows
 * every hint would: at each state from the start to the solution the
 * hint is asked for (the key 'n'), and the time until its answer is
 * there is measured; then the step is applied (the key 'a'). The game's
 * own code does it all: the state built from the player's board, the
 * quick search on the main thread, the worker thread with its memo and
 * its budget when that is not enough, the step applied.
 *
 * A second measure asks the engine cold at each state of the same path
 * (no memo: a board the engine has not seen, as after an undo or the
 * player's own marks): the worst a hint can be.
 *
 * Usage: sudoku-hint-latency FILE [MAX_PUZZLES]
 * Prints one line: states, p50, p99 and max of both measures (ms), and
 * how many hints stopped at the budget (PLAY_HINT_BUDGET).
 */
#define _POSIX_C_SOURCE 200809L

#include "cli/play/game.h"
#include "cli/play/hint.h"
#include "sudoku.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct samples {
    double *v;
    size_t n, cap;
} samples;

static void add(samples *s, double x)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        double *v = realloc(s->v, s->cap * sizeof *v);
        if (!v) {
            perror("hint-latency");
            exit(2);
        }
        s->v = v;
    }
    s->v[s->n++] = x;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile (nearest rank) of sorted samples, in milliseconds. */
static double quantile(const samples *s, double q)
{
    if (s->n == 0) return 0;
    size_t i = (size_t)(q * (double)s->n);
    return 1000.0 * s->v[i < s->n ? i : s->n - 1];
}

/* The answer to a question asked of the hinter, waited for as the game's
 * main loop waits: on the descriptor. */
static play_hint_outcome answer(play_hinter *h, unsigned long ticket, sudoku_step *step)
{
    for (;;) {
        struct pollfd p = {play_hinter_fd(h), POLLIN, 0};
        poll(&p, 1, -1);
        unsigned long got;
        play_hint_outcome outcome;
        double seconds;
        if (play_hinter_answer(h, &got, &outcome, step, &seconds) && got == ticket) return outcome;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: sudoku-hint-latency FILE [MAX_PUZZLES]\n");
        return 2;
    }
    long max = argc > 2 ? atol(argv[2]) : 0;
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "hint-latency: %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    play_hinter *h = play_hinter_new(PLAY_HINT_BUDGET);
    sudoku_step *step = malloc(sizeof *step), *cold_step = malloc(sizeof *cold_step);
    if (!h || !step || !cold_step) {
        fprintf(stderr, "hint-latency: no worker thread or memory\n");
        fclose(f);
        free(step);
        free(cold_step);
        play_hinter_free(h);
        return 2;
    }
    samples warm = {0}, cold = {0};
    long puzzles = 0, over = 0, cold_over = 0, none = 0;
    unsigned long ticket = 0;
    char line[1024];
    while ((max == 0 || puzzles < max) && fgets(line, sizeof line, f)) {
        sudoku_grid puzzle;
        sudoku_result result;
        if (!sudoku_parse(line, strcspn(line, "\r\n"), &puzzle, NULL)) continue;
        if (sudoku_solve(&puzzle, 2, &result) != 1) continue;
        play_game game;
        play_game_init(&game, &puzzle, &result.solution);
        puzzles++;
        while (!play_solved(&game)) {
            sudoku_logic state;
            double start = now();
            play_logic_state(&game, &state);
            play_hint_outcome outcome;
            if (!play_hinter_ask(h, &state, ++ticket, &outcome, step))
                outcome = answer(h, ticket, step);
            add(&warm, now() - start);
            start = now();
            play_hint_outcome c = play_hint_find(&state, NULL, PLAY_HINT_BUDGET, cold_step);
            add(&cold, now() - start);
            cold_over += c == PLAY_HINT_OVER_BUDGET;
            if (outcome == PLAY_HINT_FOUND) {
                play_apply_step(&game, step);
                continue;
            }
            /* The game offers a digit of the solution instead. */
            over += outcome == PLAY_HINT_OVER_BUDGET;
            none += outcome != PLAY_HINT_OVER_BUDGET;
            for (int cell = 0; cell < SUDOKU_CELLS; cell++)
                if (play_reveal(&game, cell)) break;
        }
        play_game_free(&game);
    }
    fclose(f);
    play_hinter_free(h);
    if (warm.n) qsort(warm.v, warm.n, sizeof *warm.v, by_value);
    if (cold.n) qsort(cold.v, cold.n, sizeof *cold.v, by_value);
    printf(
        "%ld puzzles, %zu hints: as played p50 %.2f p99 %.2f max %.1f ms; cold p50 %.2f p99 %.2f "
        "max %.1f ms; over the budget (%llu nodes): %ld as played, %ld cold; no step: %ld\n",
        puzzles, warm.n, quantile(&warm, 0.5), quantile(&warm, 0.99), quantile(&warm, 1.0),
        quantile(&cold, 0.5), quantile(&cold, 0.99), quantile(&cold, 1.0), PLAY_HINT_BUDGET, over,
        cold_over, none);
    free(warm.v);
    free(cold.v);
    free(step);
    free(cold_step);
    return 0;
}
