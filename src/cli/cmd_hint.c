/*
 * cmd_hint.c: `sudoku hint`: the first step the logic engine would take on
 * each puzzle, and only that: a line in words, a JSON object, or the
 * puzzle's candidates once the step is taken (pencilmarks).
 */
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
    "of 'sudoku explain'), one line per puzzle, in the names players use:\n"
    "HoDoKu's techniques, order and notation (Skyscraper, W-Wing, XY-Chain...),\n"
    "unless --scale se asks for Sudoku Explainer's. A PUZZLE argument is 81 cells in\n"
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
    "                      per puzzle per line, with \"status\" and \"step\";\n"
    "                      pencilmarks: the puzzle's candidates once the step is\n"
    "                      taken, 729 characters (each cell's nine, '.' for a\n"
    "                      digit it cannot hold), to give to hint again\n"
    "  --scale=SCALE       hodoku (the default: a hint is for a player) or se:\n"
    "                      whose techniques, order and words; the environment\n"
    "                      variable SUDOKU_SCALE sets the default. HoDoKu takes\n"
    "                      singles in the order earlier steps made them: a hint\n"
    "                      on a board of candidates starts that order afresh\n"
    "  --anyway            give a hint on puzzles with no solution or several too,\n"
    "                      without the techniques that assume one solution; they\n"
    "                      still count as failures\n"
    "  --budget=N          give up on a puzzle after N chain nodes of work (a\n"
    "                      count, not a time: the same on every machine; k, M, G\n"
    "                      multiply by a thousand, a million, a billion; 0: no\n"
    "                      limit); default 2G, about ten times what the hardest\n"
    "                      puzzles known need. The solver's check before the\n"
    "                      steps gives up after 10M guesses (0 lifts that too)\n"
    "  --no-chains         leave out the chains (HoDoKu's chains, ALS, forcing\n"
    "                      chains and nets, brute force; on SE's scale all beyond\n"
    "                      aligned pair exclusion, 6.2): a puzzle that needs them\n"
    "                      gets stuck\n"
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
                                          {NULL, FORMAT_AUTO}};

static void hint_work(const cli_run *run, cli_job *base)
{
    steps_job *job = (steps_job *)base;
    cli_format format = run->common->format;
    cli_text *text = &job->text;
    sudoku_logic state;
    unsigned flags;
    sudoku_step step;
    bool go = steps_start(run, job, &state, &flags);
    bool found = go && steps_next(run, job, &state, flags, NULL, &step);
    if (found) {
        sudoku_rating_add(&job->rating, &step);
        job->steps = 1;
    }
    if (go && job->outcome == STEPS_DONE)
        job->outcome = found ? STEPS_FOUND : sudoku_logic_solved(&state) ? STEPS_DONE : STEPS_STUCK;
    if (format == FORMAT_JSON) {
        steps_json_start(text, job);
        steps_json_ratings(text, &job->rating, ((const steps_options_t *)run->options)->scale);
        cli_text_puts(text, ",\"step\":");
        if (found)
            steps_add_step(text, &step, true);
        else
            cli_text_puts(text, "null");
        steps_json_end(text, job, run->options);
    } else if (found && format == FORMAT_PENCILMARKS) {
        char line[SUDOKU_TEXT_MAX];
        sudoku_board board;
        sudoku_logic_apply(&state, &step);
        sudoku_logic_to_board(&state, &board);
        size_t n = sudoku_format_pencilmarks(&board, line, sizeof line);
        cli_text_add(text, line, n < sizeof line ? n : sizeof line - 1);
        cli_text_add(text, "\n", 1);
    } else if (found) { /* with --anyway, also on a puzzle without one solution */
        steps_add_step(text, &step, false);
        cli_text_add(text, "\n", 1);
    } else {
        steps_marker(text, job);
    }
}

static void hint_report(cli_run *run, cli_job *job)
{
    steps_report(run, job, false, false);
}

static void hint_stats(const cli_run *run, double seconds)
{
    steps_stats(run, seconds, "hints");
}

static const cli_command hint_command = {
    .name = "hint",
    .help = help_text,
    .formats = formats,
    .options = steps_options,
    .option = steps_take_option,
    .check = NULL,
    .job_size = sizeof(steps_job),
    .batch_records = HINT_BATCH,
    .work = hint_work,
    .report = hint_report,
    .discard = steps_discard,
    .stats = hint_stats,
};

int cli_hint(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    steps_options_t opt;
    steps_default_options(&opt, "hint", SUDOKU_SCALE_HODOKU);
    int operands;
    int rc = cli_parse_options(&hint_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    if ((rc = steps_scale_from_environment(&opt)) != 0) return rc;
    return cli_run_command(&hint_command, &common, &opt, operands, argv + 1);
}
