/*
 * cli.h: what the files of the `sudoku` command share: the commands'
 * interface to the one stream -> batch -> ordered-output pipeline, option
 * parsing, and output helpers.
 *
 * A batch command (solve, explain, hint) is a cli_command: the size of its
 * job, a work function that handles one record on any thread, and a report
 * function that writes the record's output, in input order, on the main
 * thread. Everything else (reading arguments and streams, batches, threads,
 * -j, --stats timing, write errors, the exit status) is shared.
 */
#ifndef SUDOKU_CLI_H
#define SUDOKU_CLI_H

#include "sudoku.h"

#include <stdio.h>

/* Exit statuses, documented in --help and sudoku(1); when several apply,
 * the highest wins. */
#define EXIT_SOLVED 0
#define EXIT_UNSOLVED 1  /* no solution, several (where that fails), stuck */
#define EXIT_BAD_INPUT 2 /* usage error, malformed record, unreadable input */

/* The most threads --jobs accepts: far more than the processors of any
 * machine this runs on, few enough that a typing mistake (-j 1000000) is
 * caught rather than tried. */
#define CLI_MAX_JOBS 256

/* Output formats; each command accepts some of them (cli_command.formats). */
typedef enum cli_format {
    FORMAT_AUTO, /* the command's default */
    FORMAT_GRID,
    FORMAT_LINE,
    FORMAT_JSON,
    FORMAT_TEXT,
    FORMAT_PENCILMARKS,
    FORMAT_SVG, /* pictures (docs/pictures.md) */
    FORMAT_HTML /* one printable page for the whole run */
} cli_format;

/* The options every batch command has, with the same meaning everywhere. */
typedef struct cli_common {
    cli_format format;
    int jobs; /* threads, 1..CLI_MAX_JOBS; 0: one per processor */
    bool stats;
    long first_line; /* --first-line: the number of each stream's first line; 0 is 1 */
    const char *output_dir; /* --output-dir: --format svg writes a file a picture there */
} cli_common;

/* A stream found to hold binary data (a NUL byte, as grep has it): its
 * first invalid record from there on is reported as usual, the others
 * only counted, and said in one line at the stream's end; each still has
 * its output record. Written by the reports, on the main thread. */
typedef struct cli_binary {
    long line;           /* the line of the first NUL */
    bool reported;       /* the first invalid record's diagnostic is out */
    unsigned long quiet; /* invalid records not reported one by one */
} cli_binary;

/* Where records come from: a puzzle argument ("argument 2") or a stream (a
 * file name or "stdin"), whose records have line numbers. */
typedef struct cli_source {
    const char *name;   /* the stream's name; NULL for an argument */
    int argument;       /* the argument's position, from 1; 0 for a stream */
    cli_binary *binary; /* the stream's, once it showed a NUL; else NULL */
} cli_source;

/* The start of every command's job: one record on its way through the
 * pipeline, read in order, worked on by any thread, reported in order. A
 * command's job type has this as its first member. */
typedef struct cli_job {
    cli_source source;
    sudoku_record record;
    unsigned long number; /* the record's place among all the run reads, from 0 */
} cli_job;

typedef struct cli_batch cli_batch;
typedef struct cli_command cli_command;

/* The running totals behind --stats; each command uses those it needs. */
typedef struct cli_totals {
    unsigned long solved, no_solution, multiple, invalid; /* records by outcome */
    unsigned long stuck, steps, guesses;
    unsigned long over_budget, dropped; /* over --budget; rate: left out by --min/--max */
    unsigned long failed;               /* records a job could not finish (out of memory) */
    unsigned long duplicates;           /* records left out as equivalent to an earlier one */
    unsigned long not_minimal;          /* check: unique puzzles with a clue that could go */
    unsigned long unreached;            /* generate: puzzles not found within --attempts */
    unsigned long long drawn;           /* generate: puzzles drawn to find them */
    unsigned long long written;         /* vicinity: puzzles written */
    unsigned long long candidates;      /* vicinity: puzzles looked at */
} cli_totals;

/* One run of a batch command. */
typedef struct cli_run {
    const cli_command *command;
    const cli_common *common;
    const void *options; /* the command's own options */
    FILE *out;
    cli_batch *batch;      /* records read and not yet reported */
    int status;            /* the exit status so far */
    int write_errno;       /* why the output failed, 0 while it works: then input stops */
    unsigned long records; /* output records started so far */
    unsigned long taken;   /* records handed to the pipeline so far */
    bool streams;          /* some operand is read as a stream (a file, standard input),
                              known before any is read: a run has one output shape */
    cli_totals totals;
} cli_run;

/* A format name a command accepts, e.g. {"json", FORMAT_JSON}. */
typedef struct cli_format_name {
    const char *name;
    cli_format format;
} cli_format_name;

/* A command's own option for getopt_long: key is its short letter, or a
 * number from 256 for a long option alone. */
typedef struct cli_option {
    const char *name; /* without the dashes */
    bool has_value;
    int key;
} cli_option;

struct cli_command {
    const char *name;
    const char *help;               /* the text of `sudoku NAME --help` */
    const cli_format_name *formats; /* ends with {NULL}; the first is the default's name */
    const cli_option *options;      /* the command's own, ends with {NULL} */
    /* Takes one of its options (value NULL for a flag); returns 0, or an
     * exit status after calling cli_usage_error. */
    int (*option)(void *options, int key, const char *value);
    /* Checks the options together once all are read; returns 0 or as above. */
    int (*check)(void *options, const cli_common *common);
    size_t job_size;      /* the size of the command's job type */
    size_t batch_records; /* jobs per batch: memory held at once */
    /* Handles job's record on any thread: touches nothing but *job (and
     * reads the options). */
    void (*work)(const cli_run *run, cli_job *job);
    /* Writes job's output record and any diagnostic, in input order, and
     * updates the totals and the exit status; frees what work allocated. */
    void (*report)(cli_run *run, cli_job *job);
    /* Frees what work allocated for a job the failed output will never
     * report; NULL when work allocates nothing. */
    void (*discard)(cli_job *job);
    /* Writes the --stats line. */
    void (*stats)(const cli_run *run, double seconds);
    /* Write what comes before the first record's output and after the
     * last one's (an HTML page's head and end); NULL when nothing does. */
    void (*begin)(cli_run *run);
    void (*end)(cli_run *run);
};

/* The commands: each parses its options (argv[0] is its name) and runs;
 * returns the exit status. */
int cli_solve(int argc, char **argv);   /* cmd_solve.c */
int cli_explain(int argc, char **argv); /* cmd_explain.c */
int cli_hint(int argc, char **argv);    /* cmd_hint.c */
int cli_rate(int argc, char **argv);    /* cmd_rate.c */
int cli_canon(int argc, char **argv);   /* cmd_canon.c */
int cli_transform(int argc, char **argv); /* cmd_transform.c */
int cli_generate(int argc, char **argv);  /* cmd_generate.c */
int cli_check(int argc, char **argv);     /* cmd_check.c */
int cli_book(int argc, char **argv);      /* cmd_book.c */
int cli_show(int argc, char **argv);      /* cmd_show.c */
int cli_play(int argc, char **argv);      /* cmd_play.c */
int cli_vicinity(int argc, char **argv);  /* cmd_vicinity.c */

/* ---- cmd_generate.c: what generate and play share ---- */

/* The state the library draws puzzle seed from: its bits mixed (a
 * Murmur3-style finalizer) so that consecutive seeds start far apart. */
uint64_t cli_random_state(uint64_t seed);

/* A range of ratings on SE's scale, "6.0-7.5" or "4.2", times ten; false
 * if value is none (the lowest above the highest included). */
bool cli_rating_range(const char *value, int *lowest, int *highest);

/* The range of a --difficulty name (easy, medium, hard, expert, extreme);
 * false if there is no such name. */
bool cli_difficulty_range(const char *name, int *lowest, int *highest);

/* ---- options.c ---- */

/* Parses argv (argv[0] is the command's name) with getopt_long: the common
 * options into *common, the command's into *options, operands moved to
 * argv[1..*operands]. Returns -1 to go on, or the exit status (after
 * printing help, the version, or a usage error). */
int cli_parse_options(const cli_command *command, int argc, char **argv, cli_common *common,
                      void *options, int *operands);

/* Writes "sudoku: " fmt (with arg) " (try 'sudoku NAME --help')" to stderr
 * and returns EXIT_BAD_INPUT. */
int cli_usage_error(const char *command, const char *fmt, const char *arg);

/* Reads a whole number in decimal digits only (no sign, no spaces); returns
 * false if value is not one or does not fit. */
bool cli_parse_number(const char *value, unsigned long *n);

/* Reads a count of work (--budget): decimal digits, then optionally k, M
 * or G for thousands, millions, billions; returns false if value is not one
 * or does not fit. */
bool cli_parse_count(const char *value, unsigned long long *count);

/* Reads a seed (--seed): a whole number from 0 to 2^64-1 in decimal
 * digits, bare or in double quotes, as JSON records write it (a string: a
 * number past 2^53 would lose digits in most JSON readers); returns false
 * if value is not one. */
bool cli_parse_seed(const char *value, uint64_t *seed);

/* The lines before each stream's first, as --first-line numbers them. */
long cli_lines_before(const cli_common *common);

/* Reads the solver's --budget of guesses for command into budget (a count
 * that fits an unsigned long; 0: no limit): 0, or the usage error's exit
 * status. */
int cli_take_guess_budget(const char *command, const char *value, unsigned long long *budget);

/* True if value, which cli_parse_number refused, is a whole number all the
 * same: too large to fit, so that the message can say so. */
bool cli_too_large(const char *value);

/* ---- run.c ---- */

/* Runs a batch command on its operands (standard input when there are
 * none) through the pipeline; prints --stats; returns the exit status. */
int cli_run_command(const cli_command *command, const cli_common *common, const void *options,
                    int operands, char **argv);

/* Runs a command that reads nothing (generate): count records go through
 * the pipeline, each blank, its job's number saying which it is. */
int cli_run_generated(const cli_command *command, const cli_common *common, const void *options,
                      unsigned long count);

/* ---- batch.c ---- */

/* Starts the threads (jobs - 1 of them: the main thread works too) and
 * sets run->batch. Returns false, after saying why, if memory is short;
 * starts fewer threads, with a warning, if the system refuses some. */
bool cli_batch_start(cli_run *run, int jobs);

/* Takes one record to work on and report in its turn; reports the batch
 * when it is full. */
void cli_handle_record(cli_run *run, const sudoku_record *record, const cli_source *source);

/* Works on the records taken so far, reports them in order and writes them
 * out; does nothing more once the output has failed. */
void cli_flush_records(cli_run *run);

/* Reports what is left, stops the threads and frees the batch. */
void cli_batch_stop(cli_run *run);

/* ---- input.c ---- */

/* Reads every record of an open stream. Returns false on a read error, after
 * saying so on stderr. */
bool cli_read_stream(cli_run *run, int fd, const char *source);

/* True if arg, an operand, is read as a stream: "-", or a file it names
 * when it is no puzzle. */
bool cli_operand_streams(const char *arg);

/* Hands one operand to the pipeline: "-" reads standard input; a puzzle (81
 * cells, or candidates) is one record; anything else is read as a file. */
void cli_handle_argument(cli_run *run, const char *arg, int index);

/* ---- output.c ---- */

/* Writes one line to stderr: "sudoku: " then the formatted text. */
void cli_error(const char *fmt, ...);

/* Writes text (help, the version) to stdout and checks that it got out:
 * returns EXIT_SOLVED, or EXIT_BAD_INPUT after saying why it did not
 * (nothing is said when the reader has gone: EPIPE). */
int cli_write_text(const char *text);

/* Writes out the buffered output, noting in run->write_errno why it fails
 * if it does; returns true while the output works. */
bool cli_output_ok(cli_run *run);

/* The name a record's source goes by: the stream's, or "argument N" in label. */
const char *cli_source_name(const cli_source *source, char label[32]);

/* Writes a diagnostic about a job's record: "sudoku: FILE:LINE: message"
 * for streams ("FILE:LINE:COLUMN:" when it is about the record's error and
 * that has a column), "sudoku: argument N: message" for arguments; only
 * counts it when it is about an invalid record of a binary stream, past
 * the first (cli_binary). */
void cli_record_error(const cli_job *job, long line, const char *message);

/* The line a diagnostic about an invalid record names. */
long cli_error_line(const sudoku_record *record);

/* The speed --stats gives: "5329 puzzles/s"; "0.333 puzzles/s" when slow,
 * three significant digits (a whole number would say 0, two decimals 0.03
 * for 0.0332); "too fast to time" when no time was measured. */
const char *cli_speed(char out[32], unsigned long count, double seconds);

/* Raises the exit status to status if it is higher. */
void cli_raise_status(cli_run *run, int status);

/* Counts one more output record; writes the blank line that separates it
 * from the one before when blocks are. */
void cli_start_record(cli_run *run, bool separate);

/* A text that grows as it is written, for a job's output: the work
 * function writes it, the report function writes it out and frees it. */
typedef struct cli_text {
    char *data;
    size_t len, cap;
    bool failed; /* memory ran out: the text is incomplete */
} cli_text;

/* Room for n more bytes and a final NUL at the text's end (the caller
 * writes there and adds to len), or NULL once memory is out. */
char *cli_text_reserve(cli_text *text, size_t n);
void cli_text_add(cli_text *text, const char *s, size_t n);
void cli_text_puts(cli_text *text, const char *s);
void cli_text_printf(cli_text *text, const char *fmt, ...);
/* Adds s as a JSON string (UTF-8; a byte of no well-formed character
 * becomes U+FFFD). */
void cli_text_json_string(cli_text *text, const char *s);
/* Adds a rating times ten as a number with one decimal: 26 -> "2.6". */
void cli_text_rating(cli_text *text, int rating);
void cli_text_free(cli_text *text);

/* The line of a puzzle's givens, or the 729 characters of its candidates
 * when it was given as pencilmarks; no line end. Returns the length. */
size_t cli_puzzle_text(const sudoku_record *record, char *buf, size_t size);

#endif
