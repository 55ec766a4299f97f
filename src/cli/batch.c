/*
 * batch.c: the pipeline every batch command runs on: works on records in
 * batches on one or more threads (--jobs) with the command's work function,
 * and reports them in input order with its report function, so the output
 * of -j N is byte for byte that of -j 1: the same code reports, on the main
 * thread, in the same order.
 *
 * The main thread fills a batch, then every thread, the main one included,
 * takes records a few at a time from a shared counter until none is left:
 * hard puzzles take hundreds of times longer than easy ones, so fixed shares
 * would leave threads idle. Then the main thread reports the batch. The work
 * needs no lock because the library is reentrant and each job touches only
 * itself; the mutex that hands a batch over and back also makes each side
 * see what the other wrote.
 */
#include "cli.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

/* Records a thread takes at a time: few, so that the threads run out of work
 * at nearly the same moment even when one record takes a long time. */
#define CHUNK 4

struct cli_batch {
    const cli_run *run;
    const cli_command *command;
    char *jobs; /* capacity jobs of command->job_size bytes each */
    size_t capacity;
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

static cli_job *job_at(const cli_batch *b, size_t i)
{
    return (cli_job *)(void *)(b->jobs + i * b->command->job_size);
}

static void work_share(cli_batch *b)
{
    size_t first;
    while ((first = atomic_fetch_add_explicit(&b->next, CHUNK, memory_order_relaxed)) < b->count) {
        size_t end = first + CHUNK < b->count ? first + CHUNK : b->count;
        for (size_t i = first; i < end; i++) b->command->work(b->run, job_at(b, i));
    }
}

/* A worker: works on its share of each round, until the batch closes. */
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
        work_share(b);
        mtx_lock(&b->lock);
        if (--b->busy == 0) cnd_signal(&b->finished);
    }
    mtx_unlock(&b->lock);
    return 0;
}

/* Works on every job of the batch, with the workers when there is enough
 * work to share. */
static void work_batch(cli_batch *b)
{
    atomic_store_explicit(&b->next, 0, memory_order_relaxed);
    if (b->workers == 0 || b->count <= CHUNK) {
        work_share(b);
        return;
    }
    mtx_lock(&b->lock);
    b->busy = b->workers;
    b->round++;
    cnd_broadcast(&b->started);
    mtx_unlock(&b->lock);
    work_share(b);
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
    const cli_command *command = run->command;
    cli_batch *b = calloc(1, sizeof *b + (size_t)(jobs - 1) * sizeof b->worker[0]);
    char *slots = malloc(command->batch_records * command->job_size);
    if (!b || !slots || mtx_init(&b->lock, mtx_plain) != thrd_success ||
        cnd_init(&b->started) != thrd_success || cnd_init(&b->finished) != thrd_success) {
        free(b);
        free(slots);
        cli_error("out of memory");
        return false;
    }
    b->run = run;
    b->command = command;
    b->jobs = slots;
    b->capacity = command->batch_records;
    start_workers(b, jobs - 1);
    run->batch = b;
    return true;
}

void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source)
{
    cli_batch *b = run->batch;
    cli_job *job = job_at(b, b->count++);
    job->source = *source;
    job->record = *record;
    job->number = run->taken++;
    if (b->count == b->capacity) cli_flush_records(run);
}

void cli_flush_records(cli_run *run)
{
    cli_batch *b = run->batch;
    /* Once the output has failed nothing more can reach it: what is left is
     * neither worked on nor reported, and the command stops reading. */
    if (run->write_errno == 0) {
        work_batch(b);
        for (size_t i = 0; i < b->count; i++) run->command->report(run, job_at(b, i));
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
