/*
 * main.c: the `sudoku` command: parses options, hands each argument to the
 * library or to the stream reader, prints --stats, and sets the exit status.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)
#define MAX_JOBS_TEXT NUMBER_TEXT(CLI_MAX_JOBS)

static const char usage_text[] = "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku --help | --version\n"
                                 "Try 'sudoku --help' for more.\n";

static const char help_text[] =
    "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku --help | --version\n"
    "\n"
    "Solves 9x9 Sudoku puzzles and checks that each solution is unique. A PUZZLE\n"
    "argument is 81 cells in any layout ('1'-'9' givens; '0', '.' or '-' blanks).\n"
    "An argument that is not a puzzle but names a readable file is read as a file\n"
    "of puzzles, one per line or as 9-line grids; '-', or no argument, reads\n"
    "standard input.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     grid, line or json (JSON Lines). The default is grid\n"
    "                      for puzzles given as arguments, line for puzzles read\n"
    "                      from files or standard input.\n"
    "  --show-candidates   print the candidates that propagation alone (naked and\n"
    "                      hidden singles) leaves, instead of the solution; the\n"
    "                      puzzle is still checked, and the exit status says how\n"
    "  --unique            treat a puzzle with several solutions as a failure\n"
    "                      (by default its first solution is printed, with a\n"
    "                      warning on stderr)\n"
    "  --count             print the number of solutions instead, up to the limit\n"
    "  --limit=N           with --count, stop at N solutions (default 1000),\n"
    "                      printed as 'at least N'\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        solve on N threads (default 1; 0: one per processor;\n"
    "                      at most " MAX_JOBS_TEXT "); the output is the same as with one,\n"
    "                      in input order\n"
    "  -h, --help          show this help and exit\n"
    "  -V, --version       show the version and exit\n"
    "\n"
    "A puzzle that cannot be solved or read still gets its output record, one\n"
    "line: 'no solution', 'multiple solutions' (with --unique) or 'invalid', and\n"
    "a diagnostic on stderr naming its source and line.\n"
    "\n"
    "Exit status:\n"
    "  0  every puzzle was solved\n"
    "  1  some puzzle has no solution (or several, with --unique)\n"
    "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
    "When several apply, the highest wins.\n"
    "\n"
    "Input formats: docs/input-formats.md; the manual: man sudoku.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("sudoku: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try 'sudoku solve --help')\n", stderr);
    return EXIT_BAD_INPUT;
}

/* Takes the value of an option given as --name=VALUE or --name VALUE.
 * Returns NULL (after saying why) if there is none. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (*i + 1 < argc) return argv[++*i];
    usage_error("option %s needs a value", name);
    return NULL;
}

static bool is_option(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static int parse_format(const char *value, cli_format *format)
{
    if (strcmp(value, "grid") == 0)
        *format = FORMAT_GRID;
    else if (strcmp(value, "line") == 0)
        *format = FORMAT_LINE;
    else if (strcmp(value, "json") == 0)
        *format = FORMAT_JSON;
    else
        return usage_error("unknown format '%s': expected grid, line or json", value);
    return 0;
}

/* Reads a whole number in decimal digits only (no sign, no spaces); returns
 * false if value is not one or does not fit. */
static bool parse_number(const char *value, unsigned long *n)
{
    char *end;
    errno = 0;
    *n = strtoul(value, &end, 10);
    return value[0] >= '0' && value[0] <= '9' && !*end && !errno;
}

static int parse_limit(const char *value, unsigned long *limit)
{
    if (!parse_number(value, limit) || *limit == 0)
        return usage_error("--limit needs a whole number from 1 up, not '%s'", value);
    return 0;
}

static int parse_jobs(const char *value, int *jobs)
{
    unsigned long n;
    if (!parse_number(value, &n) || n > CLI_MAX_JOBS)
        return usage_error(
            "--jobs needs a whole number from 0 (one per processor) to " MAX_JOBS_TEXT ", not '%s'",
            value);
    *jobs = (int)n;
    return 0;
}

/* The error for an argument that is no option: "--unique=yes" is a flag
 * given a value, which deserves a more precise word than "unknown". */
static int unknown_option(const char *arg)
{
    static const char *const flags[] = {"--show-candidates", "--unique", "--count",
                                        "--stats",           "--help",   "--version"};
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
        size_t n = strlen(flags[k]);
        if (strncmp(arg, flags[k], n) == 0 && arg[n] == '=')
            return usage_error("option %s takes no value", flags[k]);
    }
    return usage_error("unknown option '%s'", arg);
}

/* An argument that starts with '-' and a letter is an option; "-", "--" and
 * things like "----8.5..." (puzzles with dashes for blanks) are not. */
static bool looks_like_option(const char *arg)
{
    size_t skip = arg[0] == '-' ? (arg[1] == '-' ? 2 : 1) : 0;
    char c = arg[skip];
    return skip > 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/* Parses the solve options in argv, moving the operands to the front of
 * argv; sets *operands. Returns -1 to go on, or an exit status. */
static int parse_options(int argc, char **argv, cli_options *opt, int *operands)
{
    bool limit_given = false, only_operands = false;
    *operands = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        int rc = 0;
        if (only_operands || !looks_like_option(arg)) {
            if (!only_operands && strcmp(arg, "--") == 0) {
                only_operands = true;
                continue;
            }
            argv[(*operands)++] = argv[i];
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(help_text, stdout);
            return EXIT_SOLVED;
        } else if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
            puts("sudoku " SUDOKU_VERSION);
            return EXIT_SOLVED;
        } else if (is_option(arg, "--format")) {
            const char *v = option_value(argc, argv, &i, "--format");
            rc = v ? parse_format(v, &opt->format) : EXIT_BAD_INPUT;
        } else if (is_option(arg, "--limit")) {
            const char *v = option_value(argc, argv, &i, "--limit");
            rc = v ? parse_limit(v, &opt->limit) : EXIT_BAD_INPUT;
            limit_given = true;
        } else if (is_option(arg, "--jobs") || strcmp(arg, "-j") == 0) {
            const char *v = option_value(argc, argv, &i, arg[1] == 'j' ? "-j" : "--jobs");
            rc = v ? parse_jobs(v, &opt->jobs) : EXIT_BAD_INPUT;
        } else if (strncmp(arg, "-j", 2) == 0) {
            rc = parse_jobs(arg + 2, &opt->jobs); /* -jN, as make takes it */
        } else if (strcmp(arg, "--show-candidates") == 0) {
            opt->show_candidates = true;
        } else if (strcmp(arg, "--unique") == 0) {
            opt->unique = true;
        } else if (strcmp(arg, "--count") == 0) {
            opt->count = true;
        } else if (strcmp(arg, "--stats") == 0) {
            opt->stats = true;
        } else {
            rc = unknown_option(arg);
        }
        if (rc) return rc;
    }
    if (limit_given && !opt->count) return usage_error("%s", "--limit only applies with --count");
    if (opt->count && opt->show_candidates)
        return usage_error("%s", "--count and --show-candidates cannot be used together");
    return -1;
}

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void read_named_stream(cli_run *run, int fd, const char *name)
{
    if (!cli_read_stream(run, fd, name) && run->status < EXIT_BAD_INPUT)
        run->status = EXIT_BAD_INPUT;
}

/* Reports an argument that is neither a puzzle nor a readable file, as an
 * invalid record so the output keeps one record per input. */
static void bad_argument(cli_run *run, const char *arg, const cli_source *source,
                         const sudoku_error *parse_error, const char *why)
{
    sudoku_record record = {.line = 1, .ok = false};
    record.error = *parse_error;
    record.error.line = 1;
    /* A path, or a word that is mostly not cells ("top95.txt"), may have been
     * meant as a file; mostly cells, it is a puzzle with a mistake in it. */
    size_t cells = 0, length = strlen(arg);
    for (const char *p = arg; *p; p++) cells += (*p >= '0' && *p <= '9') || *p == '.' || *p == '-';
    bool maybe_file = strchr(arg, '/') || cells * 2 < length;
    if (maybe_file && !strchr(arg, '\n'))
        snprintf(record.error.message, sizeof record.error.message,
                 "'%.60s%s' is neither a puzzle (%.80s) nor a readable file (%.40s)", arg,
                 length > 60 ? "..." : "", parse_error->message, why);
    cli_handle_record(run, &record, source);
}

static void handle_argument(cli_run *run, const char *arg, int index)
{
    cli_source source = {.argument = index};
    if (strcmp(arg, "-") == 0) {
        read_named_stream(run, STDIN_FILENO, "stdin");
        return;
    }
    sudoku_record record = {.line = 1};
    record.ok = sudoku_parse(arg, strlen(arg), &record.grid, &record.error);
    if (record.ok) {
        cli_handle_record(run, &record, &source);
        return;
    }
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
        bad_argument(run, arg, &source, &record.error, "it is a directory");
        return;
    }
    int fd = open(arg, O_RDONLY);
    if (fd < 0) {
        bad_argument(run, arg, &source, &record.error, strerror(errno));
        return;
    }
    read_named_stream(run, fd, arg);
    close(fd);
}

static void print_stats(const cli_run *run, double seconds)
{
    unsigned long read = run->solved + run->no_solution + run->multiple + run->invalid;
    unsigned long searched = read - run->invalid;
    cli_error("stats: %lu puzzles read, %lu solved, %lu no solution, %lu multiple, %lu invalid; "
              "%.3f s, %.0f puzzles/s, %.1f guesses per puzzle",
              read, run->solved, run->no_solution, run->multiple, run->invalid, seconds,
              seconds > 0 ? (double)read / seconds : 0.0,
              searched ? (double)run->guesses / (double)searched : 0.0);
}

/* The threads -j 0 asks for: one per processor online. */
static int processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > CLI_MAX_JOBS ? CLI_MAX_JOBS : (int)n;
}

static int solve_command(int argc, char **argv)
{
    static char out_buffer[1 << 16];
    cli_options opt = {.format = FORMAT_AUTO, .limit = DEFAULT_COUNT_LIMIT, .jobs = 1};
    int operands;
    int rc = parse_options(argc, argv, &opt, &operands);
    if (rc >= 0) return rc;

    cli_run run = {.options = &opt, .out = stdout, .status = EXIT_SOLVED};
    if (!cli_batch_start(&run, opt.jobs ? opt.jobs : processors())) return EXIT_BAD_INPUT;
    setvbuf(stdout, out_buffer, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, sizeof out_buffer);
    double start = now_seconds();
    if (operands == 0) {
        if (isatty(STDIN_FILENO))
            cli_error("reading puzzles from standard input, one per line or as grids; "
                      "end with Ctrl-D");
        read_named_stream(&run, STDIN_FILENO, "stdin");
    }
    for (int i = 0; i < operands && run.write_errno == 0; i++)
        handle_argument(&run, argv[i], i + 1);
    cli_batch_stop(&run);
    if (!cli_output_ok(&run)) {
        /* A reader that has gone (| head -1) wanted no more: not worth a word. */
        if (run.write_errno != EPIPE)
            cli_error("error writing output: %s", strerror(run.write_errno));
        run.status = EXIT_BAD_INPUT;
    }
    if (opt.stats) print_stats(&run, now_seconds() - start);
    return run.status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_BAD_INPUT;
    }
    const char *command = argv[1];
    if (strcmp(command, "solve") == 0) return solve_command(argc - 2, argv + 2);
    if (strcmp(command, "-h") == 0 || strcmp(command, "--help") == 0 ||
        strcmp(command, "help") == 0) {
        fputs(help_text, stdout);
        return EXIT_SOLVED;
    }
    if (strcmp(command, "-V") == 0 || strcmp(command, "--version") == 0) {
        puts("sudoku " SUDOKU_VERSION);
        return EXIT_SOLVED;
    }
    return usage_error("unknown command '%s'", command);
}
