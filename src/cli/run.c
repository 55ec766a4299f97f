/*
 * run.c: runs a batch command: its operands, or standard input, through the
 * pipeline; then the output's fate, --stats and the exit status.
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

int cli_run_command(const cli_command *command, const cli_common *common, const void *options,
                    int operands, char **argv)
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
    if (operands == 0) {
        if (isatty(STDIN_FILENO))
            cli_error("reading puzzles from standard input, one per line or as grids; "
                      "end with Ctrl-D");
        cli_handle_argument(&run, "-", 0);
    }
    for (int i = 0; i < operands && run.write_errno == 0; i++)
        cli_handle_argument(&run, argv[i], i + 1);
    cli_batch_stop(&run);
    if (!cli_output_ok(&run)) {
        /* A reader that has gone (| head -1) wanted no more: not worth a word. */
        if (run.write_errno != EPIPE)
            cli_error("error writing output: %s", strerror(run.write_errno));
        run.status = EXIT_BAD_INPUT;
    }
    if (common->stats) command->stats(&run, now_seconds() - start);
    return run.status;
}
