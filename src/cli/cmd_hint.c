/*
 * cmd_hint.c: `sudoku hint`: the first step the logic engine would take on
 * each puzzle, and only that: a line in words, a JSON object, or the
 * puzzle's candidates once the step is taken (pencilmarks). A hint may be
 * asked for at a level of help (--level: where to look, the pattern, the
 * whole step), with the state after it (--apply), and on a player's state
 * checked against the original puzzle first (--puzzle: the mistakes).
 */
#include "mistakes.h"
#include "steps.h"

#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Solve's batch: a hint is one short line. */
#define HINT_BATCH 1024

static const char help_text[] =
    "Usage: sudoku hint [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Gives the first step a person would take on each puzzle (the first step\n"
    "of 'sudoku explain'), one line per puzzle. A PUZZLE argument is 81 cells in\n"
    "any layout, or 729 characters of candidates (pencilmarks); another argument\n"
    "names a file of puzzles; '-', or no argument, reads standard input.\n"
    "\n"
    "Each puzzle is first checked with the solver: one with no solution or\n"
    "several gets 'no solution' or 'multiple solutions' and a diagnostic, since\n"
    "logic on it proves nothing. A puzzle no technique applies to gets 'stuck';\n"
    "one already solved gets 'solved'.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     text (the default): the step in words; json: one object\n"
    "                      per puzzle per line, with \"status\" and \"step\" (its\n"
    "                      words in \"text\");\n"
    "                      pencilmarks: the puzzle's candidates once the step is\n"
    "                      taken, 729 characters (each cell's nine, '.' for a\n"
    "                      digit it cannot hold), to give to hint again;\n"
    "                      svg: the step drawn on its candidate grid, a picture\n"
    "                      a puzzle (--output-dir: each to a file of its own)\n"
    "  --anyway            give a hint on puzzles with no solution or several too,\n"
    "                      without the techniques that assume one solution; they\n"
    "                      still count as failures\n"
    STEPS_BUDGET_HELP
    "  --no-chains         use the techniques up to aligned pair exclusion only\n"
    "                      (SE's 6.2): a puzzle that needs chains gets stuck\n"
    "  --draw              under each step, its candidate grid with the step\n"
    "                      marked (text only)\n"
    "  --color=WHEN        --draw's colours: auto (on a terminal, unless NO_COLOR\n"
    "                      is set), always or never (plain markers)\n"
    "  --level=N           how much the hint tells: 1 the technique and where to\n"
    "                      look (a row, column or box, no cell); 2 the pattern\n"
    "                      (its cells and digits, not what it removes or places);\n"
    "                      3 the whole step (the default)\n"
    "  --apply             also the state after the step: text, a second line of\n"
    "                      729 characters (the state as given when there is no\n"
    "                      step; the first line again for a record without one);\n"
    "                      json, the step's \"state\"\n"
    "  --puzzle=PUZZLE     each record is a player's state of PUZZLE (a grid of its\n"
    "                      givens and their entries, or 729 characters of\n"
    "                      candidates): first the mistakes, entries that are not\n"
    "                      the solution's and candidates removed that are, then\n"
    "                      the hint on the state with them mended. A state\n"
    "                      without one of PUZZLE's givens is an error naming the\n"
    "                      cell\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one,\n"
                      "                      in input order\n"
                      "  --first-line=N      number the lines read from N (a chunk of a larger\n"
                      "                      input: docs/scale-out.md)\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle got a hint (or was solved already)\n"
                      "  1  some puzzle has no solution or several, no technique applies to it,\n"
                      "     or it went over --budget\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
                      "When several apply, the highest wins.\n";

static const cli_format_name formats[] = {{"text", FORMAT_TEXT},
                                          {"json", FORMAT_JSON},
                                          {"pencilmarks", FORMAT_PENCILMARKS},
                                          {"svg", FORMAT_SVG},
                                          {NULL, FORMAT_AUTO}};

/* hint's options: the shared ones, then its own. */
typedef struct hint_options {
    steps_options_t steps; /* first: the shared options' handler reads it */
    int level;             /* --level: 1-3 */
    const char *puzzle;    /* --puzzle: the original puzzle, or NULL */
    sudoku_grid original, solution;
} hint_options;

/* A job of hint: the shared job, then what --puzzle found. */
typedef struct hint_job {
    steps_job steps; /* first: the shared report reads it */
    mistakes found;
} hint_job;

enum { KEY_LEVEL = 300, KEY_PUZZLE };

/* The shared options, then hint's own; filled by cli_hint. */
static cli_option options[16];

static int take_option(void *options_, int key, const char *value)
{
    hint_options *opt = options_;
    unsigned long level;
    switch (key) {
    case KEY_LEVEL:
        if (cli_parse_number(value, &level) && level >= 1 && level <= 3) {
            opt->level = (int)level;
            return 0;
        }
        return cli_usage_error("hint",
                               "--level needs 1 (where to look), 2 (the pattern) or 3 (the "
                               "whole step), not '%s'",
                               value);
    case KEY_PUZZLE: opt->puzzle = value; return 0;
    default: return steps_take_option(&opt->steps, key, value);
    }
}

/* --puzzle's puzzle and its one solution; the formats --level and
 * --apply go with. */
static int check_options(void *options_, const cli_common *common)
{
    hint_options *opt = options_;
    if (common->format == FORMAT_PENCILMARKS && (opt->level != 3 || opt->steps.apply))
        return cli_usage_error("hint", "%s",
                               "--level and --apply go with --format text or json (pencilmarks "
                               "is the state after the step already)");
    if (common->format == FORMAT_SVG && (opt->level != 3 || opt->steps.apply))
        return cli_usage_error("hint", "%s",
                               "--level and --apply go with --format text or json (svg draws "
                               "the whole step)");
    int status = steps_check_options(&opt->steps, common);
    if (status) return status;
    if (!opt->puzzle) return 0;
    sudoku_error err;
    sudoku_result result;
    if (!sudoku_parse(opt->puzzle, strlen(opt->puzzle), &opt->original, &err))
        return cli_usage_error("hint", "--puzzle: %s", err.message);
    unsigned long found = sudoku_solve(&opt->original, 2, &result);
    if (found != 1)
        return cli_usage_error("hint", "--puzzle: %s: mistakes are found against the one solution",
                               found ? "the puzzle has more than one solution"
                                     : "the puzzle has no solution");
    opt->solution = result.solution;
    return 0;
}

/* "box 4", "rows 2" ... as a JSON list of strings. */
static void add_units(cli_text *text, uint32_t units)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    const char *sep = "";
    cli_text_puts(text, "[");
    for (int unit = 0; unit < 27; unit++)
        if (units & (1u << unit)) {
            cli_text_printf(text, "%s\"%s %d\"", sep, kinds[unit / 9], unit % 9 + 1);
            sep = ",";
        }
    cli_text_puts(text, "]");
}

/* A step's JSON at a level of help: the whole object at 3; the technique,
 * its rating, where to look (and at 2 the pattern's cells and digits) and
 * the words below that. */
static void add_step_json(cli_text *text, const sudoku_step *step, int level,
                          const sudoku_logic *after)
{
    if (level >= 3) {
        steps_add_json_step(text, step, after);
        return;
    }
    cli_text_puts(text, "{\"technique\":");
    cli_text_json_string(text, sudoku_technique_name(step->technique));
    cli_text_puts(text, ",\"rating\":");
    cli_text_rating(text, step->rating);
    cli_text_printf(text, ",\"level\":%d,\"units\":", level);
    add_units(text, sudoku_hint_units(step));
    if (level == 2) {
        uint8_t cells[SUDOKU_CELLS];
        int n = sudoku_hint_cells(step, cells);
        cli_text_puts(text, ",\"cells\":[");
        for (int i = 0; i < n; i++)
            cli_text_printf(text, "%s[%d,%d]", i ? "," : "", cells[i] / 9 + 1, cells[i] % 9 + 1);
        cli_text_puts(text, "],\"digits\":[");
        const char *sep = "";
        for (int d = 1; d <= 9; d++)
            if (step->digits & (1u << (d - 1))) {
                cli_text_printf(text, "%s%d", sep, d);
                sep = ",";
            }
        cli_text_puts(text, "]");
    }
    steps_add_text_field(text, step, level);
    if (after) steps_add_state_field(text, after);
    cli_text_puts(text, "}");
}

/* --puzzle: the record's mistakes found and mended before the steps;
 * false if the record is no state of the puzzle. The record as given is
 * kept in *given for the output. */
static bool check_state(const hint_options *opt, hint_job *job, sudoku_record *given)
{
    sudoku_record *record = &job->steps.base.record;
    if (!mistakes_find(&opt->original, &opt->solution, record, &job->found)) {
        *given = *record;
        return false;
    }
    given->ok = true; /* a state whose entries clash is one all the same */
    memset(&given->error, 0, sizeof given->error);
    return true;
}

static void hint_work(const cli_run *run, cli_job *base)
{
    hint_job *hjob = (hint_job *)base;
    steps_job *job = &hjob->steps;
    const hint_options *opt = run->options;
    cli_format format = run->common->format;
    cli_text *text = &job->text;
    sudoku_logic state;
    unsigned flags;
    sudoku_step step;
    sudoku_record given = base->record;
    bool checked = opt->puzzle && check_state(opt, hjob, &given);
    bool go = steps_start(run, job, &state, &flags);
    base->record = given; /* the output shows the state as given */
    bool found = go && steps_next(run, job, &state, flags, NULL, &step);
    const sudoku_grid *givens = base->record.pencilmarks ? NULL : &base->record.grid;
    if (found) {
        sudoku_rating_add(&job->rating, &step);
        job->steps = 1;
    }
    if (go && job->outcome == STEPS_DONE)
        job->outcome = found ? STEPS_FOUND : sudoku_logic_solved(&state) ? STEPS_DONE : STEPS_STUCK;
    sudoku_logic after = state;
    if (found) sudoku_logic_apply(&after, &step);
    if (format == FORMAT_JSON) {
        steps_json_start(text, job);
        steps_json_ratings(text, &job->rating);
        if (checked) mistakes_add_json(text, &hjob->found);
        cli_text_puts(text, ",\"step\":");
        if (found)
            add_step_json(text, &step, opt->level, opt->steps.apply ? &after : NULL);
        else
            cli_text_puts(text, "null");
        steps_json_end(text, job, run->options);
        return;
    }
    if (found && format == FORMAT_PENCILMARKS) {
        steps_add_state(text, &after);
        cli_text_add(text, "\n", 1);
        return;
    }
    if (found && format == FORMAT_SVG) {
        const picture_request request = {givens, NULL, &state, &step, SUDOKU_PICTURE_LABELS};
        pictures_add_svg(text, &request);
        return;
    }
    size_t start = text->len;
    if (checked) mistakes_add_text(text, &hjob->found);
    if (found) { /* with --anyway, also on a puzzle without one solution */
        steps_add_hint(text, &step, opt->level);
        cli_text_add(text, "\n", 1);
        if (opt->steps.draw) {
            const picture_request request = {givens, NULL, &state, &step,
                                              opt->steps.use_color ? SUDOKU_PICTURE_COLOR : 0};
            pictures_add_terminal(text, &request);
        }
    } else {
        steps_marker(text, job);
    }
    if (!opt->steps.apply) return;
    if (go) {
        steps_add_state(text, &after);
        cli_text_add(text, "\n", 1);
    } else if (!text->failed) {
        /* no state to show: the record's line again, so that each record is two lines */
        size_t n = text->len - start;
        char *room = cli_text_reserve(text, n);
        if (room) {
            memcpy(room, text->data + start, n);
            text->len += n;
        }
    }
}

/* A picture goes to standard output or to its file; the one-line
 * record of a puzzle without a hint stays a line. */
static void hint_report(cli_run *run, cli_job *base)
{
    steps_job *job = (steps_job *)base;
    if (run->common->format == FORMAT_SVG && job->outcome == STEPS_FOUND && !job->text.failed &&
        job->text.len) {
        pictures_write(run, base, job->text.data, job->text.len);
        job->text.len = 0; /* steps_report counts the record and says the rest */
    }
    steps_report(run, base, false, false);
}

static void hint_stats(const cli_run *run, double seconds)
{
    steps_stats(run, seconds, "hints");
}

static const cli_command hint_command = {
    .name = "hint",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(hint_job),
    .batch_records = HINT_BATCH,
    .work = hint_work,
    .report = hint_report,
    .discard = steps_discard,
    .stats = hint_stats,
};

int cli_hint(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    hint_options opt = {.level = 3};
    steps_default_options(&opt.steps, "hint");
    static const cli_option own[] = {{"level", true, KEY_LEVEL}, {"puzzle", true, KEY_PUZZLE}};
    size_t n = 0;
    for (const cli_option *o = steps_options; o->name && n + 4 < sizeof options / sizeof *options; o++)
        options[n++] = *o;
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) options[n++] = own[i];
    options[n] = (cli_option){NULL, false, 0};
    int operands;
    int rc = cli_parse_options(&hint_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&hint_command, &common, &opt, operands, argv + 1);
}
