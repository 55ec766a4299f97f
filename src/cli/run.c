/*
 * run.c: runs a batch command: its operands, or standard input, through the
 * pipeline, or the records a generating command makes; then the output's
 * fate, --stats and the exit status.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The threads -j 0 asks for: one per processor online. */
static int processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > CLI_MAX_JOBS ? CLI_MAX_JOBS : (int)n;
}

/* What a run reads: the operands of a command on puzzles, or the count
 * of records a generating command makes. */
typedef struct feed {
    int operands;
    char **argv;
    unsigned long count;
} feed;

static void read_operands(cli_run *run, const feed *f)
{
    run->streams = f->operands == 0;
    for (int i = 0; i < f->operands && !run->streams; i++)
        run->streams = cli_operand_streams(f->argv[i]);
    if (f->operands == 0) {
        if (isatty(STDIN_FILENO))
            cli_error("reading puzzles from standard input, one per line or as grids; "
                      "end with Ctrl-D");
        cli_handle_argument(run, "-", 0);
    }
    for (int i = 0; i < f->operands && run->write_errno == 0; i++)
        cli_handle_argument(run, f->argv[i], i + 1);
}

/* Records with nothing read: each job's number says which it is. */
static void make_records(cli_run *run, const feed *f)
{
    static const sudoku_record blank = {.ok = true};
    const cli_source source = {.name = run->command->name, .argument = 0};
    for (unsigned long i = 0; i < f->count && run->write_errno == 0; i++)
        cli_handle_record(run, &blank, &source);
}

static int run_feed(const cli_command *command, const cli_common *common, const void *options,
                    void (*take)(cli_run *, const feed *), const feed *f)
{
    static char out_buffer[1 << 16];
    cli_run run = {.command = command,
                   .common = common,
                   .options = options,
                   .out = stdout,
                   .status = EXIT_SOLVED};
    if (!cli_batch_start(&run, common->jobs ? common->jobs : processors())) return EXIT_BAD_INPUT;
    setvbuf(stdout, out_buffer, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, sizeof out_buffer);
    double start = now_seconds();
    if (command->begin) command->begin(&run);
    take(&run, f);
    cli_batch_stop(&run);
    if (command->end && run.write_errno == 0) command->end(&run);
    if (!cli_output_ok(&run)) {
        /* A reader that has gone (| head -1) wanted no more: not worth a word. */
        if (run.write_errno != EPIPE)
            cli_error("error writing output: %s", strerror(run.write_errno));
        run.status = EXIT_BAD_INPUT;
    }
    if (common->stats) command->stats(&run, now_seconds() - start);
    return run.status;
}

int cli_run_command(const cli_command *command, const cli_common *common, const void *options,
                    int operands, char **argv)
{
    const feed f = {.operands = operands, .argv = argv};
    return run_feed(command, common, options, read_operands, &f);
}

int cli_run_generated(const cli_command *command, const cli_common *common, const void *options,
                      unsigned long count)
{
    const feed f = {.count = count};
    return run_feed(command, common, options, make_records, &f);
}
