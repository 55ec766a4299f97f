/*
 * batch.c: the pipeline every batch command runs on: works on records in
 * batches on one or more threads (--jobs) with the command's work function,
 * and reports them in input order with its report function, so the output
 * of -j N is byte for byte that of -j 1: the same code reports, on the main
 * thread, in the same order.
 *
 * Records go into one of two halves. When the half being filled is full,
 * the main thread helps finish the other (the batch before it), hands the
 * full half to the workers, and only then reports the finished one and
 * reads on: reading and writing, which only the main thread does, overlap
 * the workers' work instead of leaving them idle (on short records, such as
 * 17-clue puzzles, they are a fifth of the time). Within a half, every
 * thread, the main one included, takes records a few at a time from a
 * shared counter until none is left: hard puzzles take hundreds of times
 * longer than easy ones, so fixed shares would leave threads idle. The work
 * needs no lock because the library is reentrant and each job touches only
 * itself; the mutex that hands a half over and back also makes each side
 * see what the other wrote.
 */
#include "cli.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

/* Records a thread takes at a time: few, so that the threads run out of work
 * at nearly the same moment even when one record takes a long time. */
#define CHUNK 4

typedef struct half {
    char *jobs;   /* capacity jobs of command->job_size bytes each */
    size_t count; /* jobs taken into it */
} half;

struct cli_batch {
    const cli_run *run;
    const cli_command *command;
    half half[2];
    size_t capacity;
    int filling;        /* the half records go into */
    int worked;         /* the half being worked on and not yet reported, or -1 */
    atomic_size_t next; /* its first job no thread has started */
    mtx_t lock;
    cnd_t begun, finished;
    unsigned long round; /* halves handed to the workers so far */
    int busy;            /* workers still on the current round */
    bool closing;
    int workers; /* threads besides the main one */
    thrd_t worker[];
};

static cli_job *job_at(const cli_batch *b, const half *h, size_t i)
{
    return (cli_job *)(void *)(h->jobs + i * b->command->job_size);
}

static void work_share(cli_batch *b)
{
    const half *h = &b->half[b->worked];
    size_t first;
    while ((first = atomic_fetch_add_explicit(&b->next, CHUNK, memory_order_relaxed)) < h->count) {
        size_t end = first + CHUNK < h->count ? first + CHUNK : h->count;
        for (size_t i = first; i < end; i++) b->command->work(b->run, job_at(b, h, i));
    }
}

/* A worker: works on its share of each round, until the batch closes. */
static int work(void *arg)
{
    cli_batch *b = arg;
    unsigned long done = 0;
    mtx_lock(&b->lock);
    for (;;) {
        while (b->round == done && !b->closing) cnd_wait(&b->begun, &b->lock);
        if (b->closing) break;
        done = b->round;
        mtx_unlock(&b->lock);
        work_share(b);
        mtx_lock(&b->lock);
        if (--b->busy == 0) cnd_signal(&b->finished);
    }
    mtx_unlock(&b->lock);
    return 0;
}

/* Whether the workers share the worked half: when there is enough work. */
static bool shared(const cli_batch *b)
{
    return b->workers > 0 && b->half[b->worked].count > CHUNK;
}

/* Makes the half being filled the worked one, and calls the workers to it
 * when they share it. */
static void start_half(cli_batch *b)
{
    b->worked = b->filling;
    atomic_store_explicit(&b->next, 0, memory_order_relaxed);
    if (!shared(b)) return;
    mtx_lock(&b->lock);
    b->busy = b->workers;
    b->round++;
    cnd_broadcast(&b->begun);
    mtx_unlock(&b->lock);
}

/* Works on what is left of the worked half, then waits for the workers. */
static void finish_half(cli_batch *b)
{
    work_share(b);
    if (!shared(b)) return;
    mtx_lock(&b->lock);
    while (b->busy > 0) cnd_wait(&b->finished, &b->lock);
    mtx_unlock(&b->lock);
}

/* Reports a finished half in order and writes it out. Once the output has
 * failed nothing more can reach it: what work allocated is only freed. */
static void report_half(cli_run *run, cli_batch *b, int which)
{
    half *h = &b->half[which];
    for (size_t i = 0; i < h->count; i++) {
        cli_job *job = job_at(b, h, i);
        if (run->write_errno == 0) {
            /* stdio keeps that a write failed, not why: the errno of the
             * failed write is caught here, before a later call (or a later
             * flush with nothing left to write) loses it. */
            errno = 0;
            run->command->report(run, job);
            if (ferror(run->out)) run->write_errno = errno ? errno : EIO;
        } else if (run->command->discard)
            run->command->discard(job);
    }
    h->count = 0;
    cli_output_ok(run);
}

/* Finishes the worked half, hands the filled one to the workers, and
 * reports the finished one while they work: the next records go into it. */
static void rotate(cli_run *run, cli_batch *b)
{
    int finished = b->worked;
    if (finished >= 0) finish_half(b);
    b->worked = -1;
    if (run->write_errno) {
        b->half[b->filling].count = 0; /* the output failed: neither worked on nor reported */
    } else if (b->half[b->filling].count > 0) {
        start_half(b);
        b->filling = 1 - b->filling;
    }
    if (finished >= 0) report_half(run, b, finished);
}

static void start_workers(cli_batch *b, int wanted)
{
    for (b->workers = 0; b->workers < wanted; b->workers++)
        if (thrd_create(&b->worker[b->workers], work, b) != thrd_success) break;
    if (b->workers < wanted)
        cli_error("warning: could start only %d of the %d threads asked for", b->workers + 1,
                  wanted + 1);
}

bool cli_batch_start(cli_run *run, int jobs)
{
    const cli_command *command = run->command;
    /* The two halves hold as many records as the command's batch. */
    size_t capacity = command->batch_records > 1 ? command->batch_records / 2 : 1;
    cli_batch *b = calloc(1, sizeof *b + (size_t)(jobs - 1) * sizeof b->worker[0]);
    char *slots = malloc(2 * capacity * command->job_size);
    if (!b || !slots || mtx_init(&b->lock, mtx_plain) != thrd_success ||
        cnd_init(&b->begun) != thrd_success || cnd_init(&b->finished) != thrd_success) {
        free(b);
        free(slots);
        cli_error("out of memory");
        return false;
    }
    b->run = run;
    b->command = command;
    b->half[0].jobs = slots;
    b->half[1].jobs = slots + capacity * command->job_size;
    b->capacity = capacity;
    b->worked = -1;
    start_workers(b, jobs - 1);
    run->batch = b;
    return true;
}

void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source)
{
    cli_batch *b = run->batch;
    half *h = &b->half[b->filling];
    cli_job *job = job_at(b, h, h->count++);
    job->source = *source;
    job->record = *record;
    job->number = run->taken++;
    if (h->count == b->capacity) rotate(run, b);
}

void cli_flush_records(cli_run *run)
{
    cli_batch *b = run->batch;
    rotate(run, b);
    if (b->worked < 0) return;
    int last = b->worked;
    finish_half(b);
    b->worked = -1;
    report_half(run, b, last);
}

void cli_batch_stop(cli_run *run)
{
    cli_batch *b = run->batch;
    cli_flush_records(run);
    mtx_lock(&b->lock);
    b->closing = true;
    cnd_broadcast(&b->begun);
    mtx_unlock(&b->lock);
    for (int i = 0; i < b->workers; i++) thrd_join(b->worker[i], NULL);
    cnd_destroy(&b->begun);
    cnd_destroy(&b->finished);
    mtx_destroy(&b->lock);
    free(b->half[0].jobs);
    free(b);
    run->batch = NULL;
}
