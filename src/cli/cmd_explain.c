/*
 * cmd_explain.c: `sudoku explain`: solves each puzzle with the logic
 * engine, one step after the other as a person would, and writes every
 * step, then the puzzle's rating (ER, EP, ED) or where the engine got
 * stuck: a block of lines per puzzle, or one JSON object per line.
 */
#include "steps.h"

#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* More steps than any path can take (each removes at least one of the 729
 * candidates): reaching it would mean an engine that makes no progress. */
#define MAX_STEPS (9 * SUDOKU_CELLS)

static const char help_text[] =
    "Usage: sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Solves each puzzle the way a person would, with the techniques of Sudoku\n"
    "Explainer in its order (singles, intersections, subsets, fish, wings,\n"
    "uniqueness, exclusion, then chains: cycles, forcing chains, Nishio, multiple,\n"
    "dynamic and nested forcing chains, shown in Eureka notation),\n"
    "and writes every step, then the puzzle's rating: ER the hardest step, EP the\n"
    "hardest up to the first placed digit, ED the first step's. With --scale\n"
    "hodoku, HoDoKu's techniques in its order, names and notation (Skyscraper,\n"
    "2-String Kite, W-Wing, Empty Rectangle, colours, X- and XY-chains, nice\n"
    "loops and AICs, ALS, forcing chains and nets), then its level (Easy, Medium,\n"
    "Hard, Unfair, Extreme) and score. A PUZZLE argument\n"
    "is 81 cells in any layout, or 729 characters of candidates (pencilmarks);\n"
    "another argument names a file of puzzles; '-', or no argument, reads\n"
    "standard input.\n"
    "\n"
    "Each puzzle is first checked with the solver: one with no solution or\n"
    "several gets 'no solution' or 'multiple solutions' and a diagnostic, since\n"
    "logic on it proves nothing.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     text (the default) or json. text: per puzzle a block of\n"
    "                      lines, 'Puzzle: ...' (after 'FILE:LINE: ' for puzzles\n"
    "                      read from a stream), one line per step, then 'Solved in\n"
    "                      N steps: ER x.x, EP x.x, ED x.x (hardest: ...)' or\n"
    "                      'Stuck after N steps: ...' and the candidate grid where\n"
    "                      the engine stopped; blocks are separated by a blank\n"
    "                      line. json: one object per puzzle per line, with\n"
    "                      \"status\", \"er\", \"ep\", \"ed\" (on HoDoKu's scale\n"
    "                      \"level\" and \"score\") and \"steps\".\n"
    "  --scale=SCALE       se (the default) or hodoku: whose techniques, order,\n"
    "                      words and rating; the environment variable\n"
    "                      SUDOKU_SCALE sets the default\n"
    "  --anyway            explain puzzles with no solution or several too, without\n"
    "                      the techniques that assume one solution; they still\n"
    "                      count as failures\n"
    "  --budget=N          give up on a puzzle after N chain nodes of work (a\n"
    "                      count, not a time: the same on every machine; k, M, G\n"
    "                      multiply by a thousand, a million, a billion; 0: no\n"
    "                      limit); default 2G, about ten times what the hardest\n"
    "                      puzzles known need. The solver's check before the\n"
    "                      steps gives up after 10M guesses (0 lifts that too)\n"
    "  --no-chains         use the techniques up to aligned pair exclusion only\n"
    "                      (SE's 6.2; on HoDoKu's scale, all but its chains, ALS,\n"
    "                      forcing chains and nets and brute force): a puzzle that\n"
    "                      needs them gets stuck\n"
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
                      "  0  every puzzle was explained to its end\n"
                      "  1  some puzzle has no solution or several, or the engine got stuck on it\n"
                      "     or went over --budget\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
                      "When several apply, the highest wins.\n";

static const cli_format_name formats[] = {
    {"text", FORMAT_TEXT}, {"json", FORMAT_JSON}, {NULL, FORMAT_AUTO}};

/* "ER 2.6" etc. */
static void add_rating(cli_text *text, const char *name, int rating)
{
    cli_text_printf(text, "%s ", name);
    cli_text_rating(text, rating);
}

/* The end of a text block whose steps did not finish the puzzle: why, and
 * the candidates where the engine stopped. */
static void add_stop(cli_text *text, const steps_job *job, const sudoku_logic *state,
                     const steps_options_t *opt)
{
    char beyond[80], grid[SUDOKU_TEXT_MAX];
    const char *why = beyond;
    steps_beyond(opt, beyond);
    if (job->outcome == STEPS_NO_SOLUTION) why = "the puzzle has no solution";
    if (job->outcome == STEPS_MULTIPLE) why = "the puzzle has more than one solution";
    if (job->outcome == STEPS_BUDGET) why = "over the budget of work (--budget)";
    cli_text_printf(
        text, "%s after %d step%s: %s%s", job->outcome == STEPS_STUCK ? "Stuck" : "Stopped",
        job->steps, job->steps == 1 ? "" : "s", why,
        job->steps_over_budget ? ", and its steps went over the budget (--budget)" : "");
    if (job->steps && job->rating.scale == SUDOKU_SCALE_HODOKU) {
        cli_text_printf(text, " (level so far %s, score so far %d)",
                        sudoku_level_name(job->rating.level), job->rating.score);
    } else if (job->steps) {
        cli_text_puts(text, " (");
        add_rating(text, "ER so far", job->rating.er);
        cli_text_puts(text, ")");
    }
    cli_text_puts(text, "\n");
    sudoku_board board;
    sudoku_logic_to_board(state, &board);
    size_t n = sudoku_format_candidates(&board, grid, sizeof grid);
    cli_text_add(text, grid, n < sizeof grid ? n : sizeof grid - 1);
}

static void add_solved(cli_text *text, const steps_job *job)
{
    const sudoku_rating *r = &job->rating;
    cli_text_printf(text, "Solved in %d step%s", job->steps, job->steps == 1 ? "" : "s");
    if (job->steps && r->scale == SUDOKU_SCALE_HODOKU) {
        cli_text_printf(text, ": level %s, score %d (hardest: %s)", sudoku_level_name(r->level),
                        r->score, sudoku_step_name(r->hardest, r->hardest_variant, r->scale));
    } else if (job->steps) {
        cli_text_puts(text, ": ");
        add_rating(text, "ER", r->er);
        cli_text_puts(text, ", ");
        add_rating(text, "EP", r->ep);
        cli_text_puts(text, ", ");
        add_rating(text, "ED", r->ed);
        cli_text_printf(text, " (hardest: %s)", sudoku_technique_name(r->hardest));
    }
    cli_text_puts(text, "\n");
}

/* The header of a text block: "FILE:LINE: Puzzle: ..." ("Puzzle: ..." for
 * an argument). */
static void add_header(cli_text *text, const cli_job *job)
{
    char puzzle[SUDOKU_TEXT_MAX];
    if (!job->source.argument)
        cli_text_printf(text, "%s:%ld: ", job->source.name, job->record.line);
    cli_puzzle_text(&job->record, puzzle, sizeof puzzle);
    cli_text_printf(text, "Puzzle: %s\n", puzzle);
}

static void explain_work(const cli_run *run, cli_job *base)
{
    steps_job *job = (steps_job *)base;
    bool json = run->common->format == FORMAT_JSON;
    cli_text *text = &job->text;
    sudoku_logic state;
    unsigned flags;
    bool go = steps_start(run, job, &state, &flags);
    steps_outcome verdict = job->outcome;
    if (!json && base->record.ok) add_header(text, base);
    /* The steps: text lines now; JSON objects into a text of their own, to
     * go after the status, which is known only at the end. */
    cli_text steps = {0};
    sudoku_step step;
    /* What the engine found nothing in on one board spares it the look on
     * the next (NULL, out of memory: every look is taken). */
    sudoku_logic_memo *memo = go ? sudoku_logic_memo_new() : NULL;
    while (go && !sudoku_logic_solved(&state) && job->steps < MAX_STEPS &&
           steps_next(run, job, &state, flags, memo, &step)) {
        if (json) {
            if (job->steps) cli_text_add(&steps, ",", 1);
            steps_add_step(&steps, &step, true);
        } else {
            steps_add_step(text, &step, false);
            cli_text_add(text, "\n", 1);
        }
        sudoku_rating_add(&job->rating, &step);
        sudoku_logic_apply(&state, &step);
        job->steps++;
    }
    sudoku_logic_memo_free(memo);
    if (go && verdict == STEPS_DONE && job->outcome != STEPS_BUDGET)
        job->outcome = sudoku_logic_solved(&state) ? STEPS_DONE : STEPS_STUCK;
    if (json) {
        steps_json_start(text, job);
        steps_json_ratings(text, &job->rating, ((const steps_options_t *)run->options)->scale);
        cli_text_puts(text, ",\"steps\":[");
        if (steps.len) cli_text_add(text, steps.data, steps.len);
        cli_text_puts(text, "]");
        text->failed |= steps.failed;
        steps_json_end(text, job, run->options);
    } else if (!go) {
        steps_marker(text, job);
    } else if (job->outcome == STEPS_DONE) {
        add_solved(text, job);
    } else {
        add_stop(text, job, &state, run->options);
    }
    cli_text_free(&steps);
}

static void explain_report(cli_run *run, cli_job *job)
{
    steps_report(run, job, run->common->format != FORMAT_JSON, true);
}

static void explain_stats(const cli_run *run, double seconds)
{
    steps_stats(run, seconds, "explained");
}

static const cli_command explain_command = {
    .name = "explain",
    .help = help_text,
    .formats = formats,
    .options = steps_options,
    .option = steps_take_option,
    .check = NULL,
    .job_size = sizeof(steps_job),
    .batch_records = STEPS_BATCH,
    .work = explain_work,
    .report = explain_report,
    .discard = steps_discard,
    .stats = explain_stats,
};

int cli_explain(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    steps_options_t opt;
    steps_default_options(&opt, "explain", SUDOKU_SCALE_SE);
    int operands;
    int rc = cli_parse_options(&explain_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    if ((rc = steps_scale_from_environment(&opt)) != 0) return rc;
    return cli_run_command(&explain_command, &common, &opt, operands, argv + 1);
}
