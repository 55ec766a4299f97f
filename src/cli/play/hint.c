/*
 * hint.c: hints for `sudoku play`. play_hint_find is the game's only call
 * into the logic engine. A hint is first searched for briefly on the main
 * loop's thread; when that is not enough, the hinter searches on a thread
 * of its own, so that the main loop keeps drawing and reading keys while a
 * hard step is searched for, and tells the main loop through a pipe when
 * it is done.
 * The search is bounded by a budget of work, so that no hint takes much
 * longer than a second.
 */
#define _POSIX_C_SOURCE 200809L

#include "hint.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

/* The engine's options for a game's hints: every technique, those that
 * assume one solution included (a game's puzzle has exactly one, and a
 * hint is only asked on a board without mistakes). */
#define HINT_FLAGS 0u

play_hint_outcome play_hint_find(const sudoku_logic *state, sudoku_logic_memo *memo,
                                 unsigned long long budget, sudoku_step *step)
{
    unsigned long long left = budget;
    errno = 0;
    if (sudoku_logic_next_memo(state, HINT_FLAGS, budget ? &left : NULL, memo, step))
        return PLAY_HINT_FOUND;
    if (errno == ENOMEM) return PLAY_HINT_NO_MEMORY;
    return budget && left == 0 ? PLAY_HINT_OVER_BUDGET : PLAY_HINT_NONE;
}

struct play_hinter {
    mtx_t lock;
    cnd_t wake;
    thrd_t thread;
    int pipe[2];
    bool stop;
    unsigned long long budget; /* units of work a hint may take */
    /* the question */
    bool asked;
    sudoku_logic state;
    unsigned long ticket;
    /* the answer */
    bool answered;
    unsigned long answer_ticket;
    play_hint_outcome outcome;
    double seconds;
    sudoku_step step;
    sudoku_step work; /* the step being searched for, the worker's own */
    sudoku_logic_memo *memo;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int worker(void *arg)
{
    play_hinter *h = arg;
    mtx_lock(&h->lock);
    for (;;) {
        while (!h->asked && !h->stop) cnd_wait(&h->wake, &h->lock);
        if (h->stop) break;
        sudoku_logic state = h->state;
        unsigned long ticket = h->ticket;
        h->asked = false;
        mtx_unlock(&h->lock);
        double start = now();
        play_hint_outcome outcome = play_hint_find(&state, h->memo, h->budget, &h->work);
        double seconds = now() - start;
        mtx_lock(&h->lock);
        h->answered = true;
        h->answer_ticket = ticket;
        h->outcome = outcome;
        h->seconds = seconds;
        h->step = h->work;
        unsigned char byte = 1;
        if (write(h->pipe[1], &byte, 1) < 0) {
            /* a full pipe already says an answer is there */
        }
    }
    mtx_unlock(&h->lock);
    return 0;
}

play_hinter *play_hinter_new(unsigned long long budget)
{
    play_hinter *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->budget = budget;
    h->pipe[0] = h->pipe[1] = -1;
    bool ok = pipe(h->pipe) == 0 && mtx_init(&h->lock, mtx_plain) == thrd_success;
    if (ok && cnd_init(&h->wake) != thrd_success) {
        mtx_destroy(&h->lock);
        ok = false;
    }
    for (int i = 0; ok && i < 2; i++) {
        fcntl(h->pipe[i], F_SETFL, fcntl(h->pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(h->pipe[i], F_SETFD, FD_CLOEXEC);
    }
    h->memo = ok ? sudoku_logic_memo_new() : NULL; /* NULL: every look is taken */
    /* The signals are the main loop's: the worker blocks them all. */
    sigset_t all, old;
    sigfillset(&all);
    if (ok) pthread_sigmask(SIG_BLOCK, &all, &old);
    bool started = ok && thrd_create(&h->thread, worker, h) == thrd_success;
    if (ok) pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (started) return h;
    if (ok) {
        cnd_destroy(&h->wake);
        mtx_destroy(&h->lock);
    }
    sudoku_logic_memo_free(h->memo);
    for (int i = 0; i < 2; i++)
        if (h->pipe[i] >= 0) close(h->pipe[i]);
    free(h);
    return NULL;
}

int play_hinter_fd(const play_hinter *h)
{
    return h->pipe[0];
}

bool play_hinter_ask(play_hinter *h, const sudoku_logic *state, unsigned long ticket,
                     play_hint_outcome *outcome, sudoku_step *step)
{
    bool within = h->budget && h->budget <= PLAY_HINT_QUICK;
    *outcome = play_hint_find(state, NULL, within ? h->budget : PLAY_HINT_QUICK, step);
    if (*outcome == PLAY_HINT_FOUND || *outcome == PLAY_HINT_NONE) return true;
    if (within && *outcome == PLAY_HINT_OVER_BUDGET) return true;
    mtx_lock(&h->lock);
    h->state = *state;
    h->ticket = ticket;
    h->asked = true;
    cnd_signal(&h->wake);
    mtx_unlock(&h->lock);
    return false;
}

bool play_hinter_answer(play_hinter *h, unsigned long *ticket, play_hint_outcome *outcome,
                        sudoku_step *step, double *seconds)
{
    unsigned char drain[64];
    while (read(h->pipe[0], drain, sizeof drain) > 0) {
    }
    mtx_lock(&h->lock);
    bool ready = h->answered;
    if (ready) {
        *ticket = h->answer_ticket;
        *outcome = h->outcome;
        *step = h->step;
        *seconds = h->seconds;
        h->answered = false;
    }
    mtx_unlock(&h->lock);
    return ready;
}

void play_hinter_free(play_hinter *h)
{
    if (!h) return;
    mtx_lock(&h->lock);
    h->stop = true;
    cnd_signal(&h->wake);
    mtx_unlock(&h->lock);
    thrd_join(h->thread, NULL);
    cnd_destroy(&h->wake);
    mtx_destroy(&h->lock);
    sudoku_logic_memo_free(h->memo);
    close(h->pipe[0]);
    close(h->pipe[1]);
    free(h);
}
