/*
 * cli_batch.c: solves records in batches on one or more threads (--jobs) and
 * reports them in input order, so the output of -j N is byte for byte that
 * of -j 1: the same code reports, on the main thread, in the same order.
 *
 * The main thread fills a batch, then every thread, the main one included,
 * takes records a few at a time from a shared counter until none is left:
 * hard puzzles take hundreds of times longer than easy ones, so fixed shares
 * would leave threads idle. Then the main thread reports the batch. Solving
 * needs no lock because the library is reentrant; the mutex that hands a
 * batch over and back also makes each side see what the other wrote.
 */
#include "cli.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

/* Records per batch: enough that waking the threads costs little per record
 * (a batch of the easiest puzzles still takes milliseconds), few enough to
 * stay in the processor's cache and keep memory flat (under 1 MiB). */
#define BATCH_RECORDS 1024

/* Records a thread takes at a time: few, so that the threads run out of work
 * at nearly the same moment even when one record takes a long time. */
#define CHUNK 4

struct cli_batch {
    const cli_options *options;
    cli_job *jobs;
    size_t count;       /* jobs taken since the last report */
    atomic_size_t next; /* the first job no thread has started */
    mtx_t lock;
    cnd_t started, finished;
    unsigned long round; /* batches handed to the workers so far */
    int busy;            /* workers still on the current round */
    bool closing;
    int workers; /* threads besides the main one */
    thrd_t worker[];
};

static void solve_share(cli_batch *b)
{
    size_t first;
    while ((first = atomic_fetch_add_explicit(&b->next, CHUNK, memory_order_relaxed)) < b->count) {
        size_t end = first + CHUNK < b->count ? first + CHUNK : b->count;
        for (size_t i = first; i < end; i++) cli_solve_job(b->options, &b->jobs[i]);
    }
}

/* A worker: solves its share of each round, until the batch closes. */
static int work(void *arg)
{
    cli_batch *b = arg;
    unsigned long done = 0;
    mtx_lock(&b->lock);
    for (;;) {
        while (b->round == done && !b->closing) cnd_wait(&b->started, &b->lock);
        if (b->closing) break;
        done = b->round;
        mtx_unlock(&b->lock);
        solve_share(b);
        mtx_lock(&b->lock);
        if (--b->busy == 0) cnd_signal(&b->finished);
    }
    mtx_unlock(&b->lock);
    return 0;
}

/* Solves every job of the batch, with the workers when there is enough
 * work to share. */
static void solve_batch(cli_batch *b)
{
    atomic_store_explicit(&b->next, 0, memory_order_relaxed);
    if (b->workers == 0 || b->count <= CHUNK) {
        solve_share(b);
        return;
    }
    mtx_lock(&b->lock);
    b->busy = b->workers;
    b->round++;
    cnd_broadcast(&b->started);
    mtx_unlock(&b->lock);
    solve_share(b);
    mtx_lock(&b->lock);
    while (b->busy > 0) cnd_wait(&b->finished, &b->lock);
    mtx_unlock(&b->lock);
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
    cli_batch *b = calloc(1, sizeof *b + (size_t)(jobs - 1) * sizeof b->worker[0]);
    cli_job *slots = malloc(BATCH_RECORDS * sizeof *slots);
    if (!b || !slots || mtx_init(&b->lock, mtx_plain) != thrd_success ||
        cnd_init(&b->started) != thrd_success || cnd_init(&b->finished) != thrd_success) {
        free(b);
        free(slots);
        cli_error("out of memory");
        return false;
    }
    b->options = run->options;
    b->jobs = slots;
    start_workers(b, jobs - 1);
    run->batch = b;
    return true;
}

void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source)
{
    cli_batch *b = run->batch;
    cli_job *job = &b->jobs[b->count++];
    job->source = *source;
    job->record = *record;
    if (b->count == BATCH_RECORDS) cli_flush_records(run);
}

void cli_flush_records(cli_run *run)
{
    cli_batch *b = run->batch;
    /* Once the output has failed nothing more can reach it: what is left is
     * neither solved nor reported, and the command stops reading. */
    if (run->write_errno == 0) {
        solve_batch(b);
        for (size_t i = 0; i < b->count; i++) cli_report_job(run, &b->jobs[i]);
        cli_output_ok(run);
    }
    b->count = 0;
}

void cli_batch_stop(cli_run *run)
{
    cli_batch *b = run->batch;
    cli_flush_records(run);
    mtx_lock(&b->lock);
    b->closing = true;
    cnd_broadcast(&b->started);
    mtx_unlock(&b->lock);
    for (int i = 0; i < b->workers; i++) thrd_join(b->worker[i], NULL);
    cnd_destroy(&b->started);
    cnd_destroy(&b->finished);
    mtx_destroy(&b->lock);
    free(b->jobs);
    free(b);
    run->batch = NULL;
}
