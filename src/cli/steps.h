/*
 * steps.h: what the commands on the logic engine, explain and hint, share
 * (steps.c): their option, their job, and its checks, JSON and report.
 */
#ifndef SUDOKU_CLI_STEPS_H
#define SUDOKU_CLI_STEPS_H

#include "cli.h"
#include "pictures.h"

/* Records per batch of explain and hint: each job's output is prepared in
 * memory before it is written, and an explanation takes a few kilobytes,
 * so fewer than solve's thousand keep a batch within a few megabytes. */
#define STEPS_BATCH 256

/* The work a puzzle's steps may take by default, in units of work (see
 * sudoku_logic_next_within): the time the 2G chain nodes that were the
 * bound before the unit took (a node costs 5-12 units on forum-hardest), so
 * that no puzzle rated then goes over it now; some 400 times what the
 * hardest of a sample of forum-hardest takes (docs/logic.md). */
#define STEPS_DEFAULT_BUDGET 20000000000ull

/* The default for the steps of a puzzle without exactly one solution
 * (--anyway): such a board can have chains from every candidate at every
 * step, and its steps prove nothing; the bound keeps each record under
 * about a second (bench/budget.c measures it; docs/logic.md). */
#define STEPS_ANYWAY_BUDGET 20000000ull

/* The guesses the solver's check of a puzzle may take before any step
 * (solve's default --budget): a few-clue puzzle with no solution can
 * take millions, and must not stall the stream. --budget=0 lifts it too. */
#define STEPS_SEARCH_BUDGET 10000000ul

/* More steps than any path can take (each removes at least one of the 729
 * candidates): reaching it would mean an engine that makes no progress. */
#define STEPS_MAX (9 * SUDOKU_CELLS)

/* --budget in the help of explain, hint and rate. */
#define STEPS_BUDGET_HELP                                                                          \
    "  --budget=N          give up on a puzzle after N units of work (a unit is\n"                 \
    "                      about the time a chain node takes, some 45 ns; a\n"                     \
    "                      count, not a time, so the same on every machine; k,\n"                  \
    "                      M, G multiply by a thousand, a million, a billion;\n"                   \
    "                      0: no limit). Default 20G for a puzzle with one\n"                      \
    "                      solution (minutes; the hardest known take far less),\n"                 \
    "                      20M (about a second) for one without (--anyway).\n"                     \
    "                      On HoDoKu's scale it does not apply: its search is\n"                   \
    "                      bounded as HoDoKu's own. The solver's check before\n"                   \
    "                      the steps gives up after 10M guesses (0 lifts that too)\n"

typedef struct steps_options_t {
    const char *command;       /* the command's name, for messages */
    bool anyway;               /* --anyway: explain puzzles without exactly one solution too */
    bool no_chains;            /* --no-chains: stop before the chaining techniques */
    unsigned long long budget; /* --budget: units of work per puzzle; 0: no limit */
    bool budget_given;         /* --budget was given: it holds for --anyway's puzzles too */
    sudoku_scale scale;        /* --scale, else SUDOKU_SCALE, else the command's own */
    bool scale_given;          /* --scale was given */
    bool draw;                 /* --draw: the candidate grid under each step (text) */
    pictures_color color;      /* --color */
    bool use_color;            /* the grids get colours (--color, NO_COLOR, a terminal) */
    bool apply;                /* --apply (explain, hint): the state after each step too */
} steps_options_t;

/* What became of a record. */
typedef enum steps_outcome {
    STEPS_DONE,        /* explain: solved to the end; hint: solved already */
    STEPS_FOUND,       /* hint: a step was found */
    STEPS_STUCK,       /* no technique the engine knows applies */
    STEPS_NO_SOLUTION, /* the solver found no solution */
    STEPS_MULTIPLE,    /* the solver found several */
    STEPS_INVALID,     /* the record is not a puzzle */
    STEPS_BUDGET       /* the steps went over the budget of work (--budget) */
} steps_outcome;

/* A job of explain or hint: its output record is prepared in text by the
 * work function, on any thread, and written out in order by steps_report. */
typedef struct steps_job {
    cli_job base;
    steps_outcome outcome;
    int steps; /* steps taken */
    sudoku_rating rating;
    unsigned long long budget; /* work left (units of work); see steps_next */
    bool search_over_budget;   /* the solver's check gave up (STEPS_SEARCH_BUDGET) */
    bool steps_over_budget;    /* --anyway: the steps of a puzzle without one solution
                                  went over --budget (the outcome stays the solver's) */
    sudoku_grid solution;      /* the solver's, when it found exactly one */
    int picture_errno;         /* explain --format svg: why a step's picture was not
                                  written (the first one), 0 if all were */
    unsigned picture_step;     /* and which step's it was */
    cli_text text;
} steps_job;

/* The keys of the shared options, for commands that list them among their own. */
enum {
    STEPS_KEY_ANYWAY = 256,
    STEPS_KEY_BUDGET,
    STEPS_KEY_NO_CHAINS,
    STEPS_KEY_SCALE,
    STEPS_KEY_DRAW,
    STEPS_KEY_COLOR,
    STEPS_KEY_APPLY
};

/* The commands' own options (--anyway, --budget, --no-chains, --scale;
 * explain and hint: --draw, --color, --apply), and their handler for
 * cli_command; steps_default_options sets their defaults, the scale the
 * command's own (scale); steps_check_options checks them together. */
void steps_default_options(steps_options_t *opt, const char *command, sudoku_scale scale);
extern const cli_option steps_options[];
int steps_take_option(void *options, int key, const char *value);
int steps_check_options(void *options, const cli_common *common);

/* Once the options are read: without --scale, the scale SUDOKU_SCALE names
 * (when set and not empty) replaces the command's own. Returns 0, or the
 * usage error's status when it names no scale. */
int steps_scale_from_environment(steps_options_t *opt);

/* Reads a scale's name for option (--scale) of command into *scale;
 * returns 0 or the usage error's status. */
int steps_parse_scale(const char *command, const char *option, const char *value,
                      sudoku_scale *scale);

/* Reads a rating on SE's scale: a number from 0 to 99.9 with at most one
 * decimal; returns it times ten, or -1. */
int steps_parse_rating(const char *value);

/* Clears the job's results and judges its record with the solver. Returns
 * true, with the state to start from and the flags of the logic engine,
 * if steps are to be taken: the puzzle has exactly one solution, or
 * --anyway was given. Otherwise job->outcome says why not. */
bool steps_start(const cli_run *run, steps_job *job, sudoku_logic *state, unsigned *flags);

/* Finds the next step within the job's budget (--budget); returns false
 * when there is none, and then sets the outcome to STEPS_BUDGET if the
 * budget ran out. */
bool steps_next(const cli_run *run, steps_job *job, const sudoku_logic *state, unsigned flags,
                sudoku_logic_memo *memo, sudoku_step *step);

/* What steps_walk calls for each step, with the state it was found in
 * and its number from 1. */
typedef void steps_each(void *context, const sudoku_logic *before, const sudoku_step *step,
                        int number);

/* Takes the path from state as far as it goes (solved, stuck, over the
 * budget, or STEPS_MAX steps), calling each (when not NULL) on every
 * step, and rates it in job; then, for a puzzle the solver found one
 * solution to, sets the outcome: solved or stuck (or over budget). */
void steps_walk(const cli_run *run, steps_job *job, sudoku_logic *state, unsigned flags,
                steps_each *each, void *context);

/* Judges the job's record as steps_start does and takes its path as
 * steps_walk would without each, or, where the engine rates a path
 * without making each step's record (HoDoKu's scale, a puzzle given as a
 * grid), with sudoku_rate_asking, which asks for the solver's count only
 * if the path needs it: the job's rating, steps and outcome are
 * steps_walk's. Returns steps_start's answer. */
bool steps_rate(const cli_run *run, steps_job *job);

/* Adds a step in words, or as a JSON object (with its words as "text"),
 * without a line end. */
void steps_add_step(cli_text *text, const sudoku_step *step, bool json);

/* Adds a step's words at a level of help (sudoku_format_hint: 1 where to
 * look, 2 the pattern, 3 the whole step), and the same as a JSON field,
 * ",\"text\":\"...\"". */
void steps_add_hint(cli_text *text, const sudoku_step *step, int level);
void steps_add_text_field(cli_text *text, const sudoku_step *step, int level);

/* Adds a step's JSON object with its words and, when after is not NULL,
 * "state": the 729 characters of the state after the step (--apply). */
void steps_add_json_step(cli_text *text, const sudoku_step *step, const sudoku_logic *after);

/* Adds the 729 characters of a state, without a line end; and the same
 * as a JSON field, ",\"state\":\"...\"". */
void steps_add_state(cli_text *text, const sudoku_logic *state);
void steps_add_state_field(cli_text *text, const sudoku_logic *after);

/* "needs a technique beyond nested multiple forcing chains": the last
 * technique the options allow on their scale. */
void steps_beyond(const steps_options_t *opt, char text[80]);

/* The JSON status of an outcome: "solved", "found", "stuck", "no_solution",
 * "multiple", "invalid" or "over_budget". */
const char *steps_status_name(steps_outcome outcome);

/* The JSON record's first fields: {"source":...,"line":...,"status":...,
 * "puzzle":... (no comma after); then its ratings (",\"er\":...", null
 * when no step was taken); then its end: ",\"error\":...}" and a line end. */
void steps_json_start(cli_text *text, const steps_job *job);
void steps_json_ratings(cli_text *text, const sudoku_rating *rating, sudoku_scale scale);
void steps_json_end(cli_text *text, const steps_job *job, const steps_options_t *opt);

/* The one-line output record of a job without steps to show: "invalid",
 * "no solution", "multiple solutions", "stuck", "over budget" or "solved". */
void steps_marker(cli_text *text, const steps_job *job);

/* Writes the job's prepared output (after a blank line if separate and
 * not the first), its diagnostic on stderr (for explain, or for hint),
 * updates the totals and the exit status, and frees the text. */
void steps_report(cli_run *run, cli_job *job, bool separate, bool explain);

/* Frees a job's text when its record will never be reported. */
void steps_discard(cli_job *job);

/* The --stats line; done names the records that went well ("explained"). */
void steps_stats(const cli_run *run, double seconds, const char *done);

#endif
