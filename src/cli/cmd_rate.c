/*
 * cmd_rate.c: `sudoku rate`: each puzzle's Sudoku Explainer ratings (ER,
 * EP, ED), from the logic engine's whole path, one line per puzzle; with
 * --min and --max (and --ep-min... for EP and ED), only the puzzles rated
 * in a range. The filter a setter runs over a file of candidates before
 * publishing: leaving a puzzle out is what it asked for, not a failure.
 */
#include "steps.h"

#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

static const char help_text[] =
    "Usage: sudoku rate [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Rates each puzzle as Sudoku Explainer (SE) does: the steps a person\n"
    "would take, in SE's order, each rated on SE's scale (1.0 to 11.9 and up);\n"
    "ER is the hardest step, EP the hardest up to the first placed digit, ED\n"
    "the first step's. One line per puzzle: its 81 cells, a space and ER/EP/ED\n"
    "(such as 2.6/1.2/1.2). With --scale hodoku, as HoDoKu does: its steps in\n"
    "its order, the level (Easy, Medium, Hard, Unfair, Extreme) and the score\n"
    "(the sum of the steps' base scores): the puzzle, its level and its score\n"
    "(such as 'Hard 416').\n"
    "A PUZZLE argument is 81 cells in any layout, or 729 characters of\n"
    "candidates; another argument names a file of puzzles; '-', or no\n"
    "argument, reads standard input.\n"
    "\n"
    "Each puzzle is checked with the solver: one with no solution or several\n"
    "gets 'no solution' or 'multiple solutions' and a diagnostic, since a rating\n"
    "of it means nothing. (On HoDoKu's scale the check waits until the path\n"
    "needs it: a path solved with no technique that assumes one solution has\n"
    "proved there is one.) A puzzle whose rating takes more work than\n"
    "--budget allows gets 'over budget' and a diagnostic; the stream goes on.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     text (the default) or json: one object per puzzle per\n"
    "                      line, with \"er\", \"ep\", \"ed\", \"hardest\" (the\n"
    "                      technique rated ER) and \"steps\" (on HoDoKu's scale\n"
    "                      \"level\", \"score\", \"hardest\" and \"steps\")\n"
    "  --scale=SCALE       se (the default) or hodoku; the environment variable\n"
    "                      SUDOKU_SCALE sets the default\n"
    "  --min=R, --max=R    print only the puzzles rated ER from R, or up to R (one\n"
    "                      decimal, SE's scale); the others are left out of the\n"
    "                      output (counted by --stats), which is no failure:\n"
    "                      the exit status is that of the puzzles printed\n"
    "  --ep-min=R, --ep-max=R, --ed-min=R, --ed-max=R\n"
    "                      the same on EP (the pearl) and ED (the diamond);\n"
    "                      a puzzle is printed when every bound given holds\n"
    "  --min-level=L, --max-level=L\n"
    "                      the same on HoDoKu's scale (and they choose it): only\n"
    "                      the puzzles of level L (easy, medium, hard, unfair,\n"
    "                      extreme) or harder, or up to L\n"
    STEPS_BUDGET_HELP
    "  --anyway            rate puzzles with no solution or several too, without\n"
    "                      the techniques that assume one solution: the ratings\n"
    "                      of the steps logic finds (it cannot reach the end);\n"
    "                      they still count as failures\n"
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
                      "  0  every puzzle was rated (and printed, or left out by a filter, as\n"
                      "     asked; even if none was printed)\n"
                      "  1  some puzzle could not be rated (no solution, several, stuck, over\n"
                      "     budget)\n"
                      "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
                      "When several apply, the highest wins.\n";

/* The ratings the filters look at: ER, EP, ED. */
enum { RATING_ER, RATING_EP, RATING_ED, RATINGS };

typedef struct rate_options {
    steps_options_t steps; /* first: the shared options' handler reads it */
    int min[RATINGS], max[RATINGS];    /* bounds, times ten; -1: none */
    sudoku_level min_level, max_level; /* HoDoKu's; SUDOKU_LEVEL_NONE: none */
} rate_options;

/* The filters' keys: KEY_MIN + 2 * rating is a lower bound, + 1 its upper. */
enum { KEY_MIN = 300, KEY_MAX, KEY_EP_MIN, KEY_EP_MAX, KEY_ED_MIN, KEY_ED_MAX, KEY_MIN_LEVEL, KEY_MAX_LEVEL };

static const char *const filter_names[] = {"--min",    "--max",    "--ep-min",
                                           "--ep-max", "--ed-min", "--ed-max"};

static const cli_option options[] = {{"anyway", false, STEPS_KEY_ANYWAY},
                                     {"budget", true, STEPS_KEY_BUDGET},
                                     {"no-chains", false, STEPS_KEY_NO_CHAINS},
                                     {"scale", true, STEPS_KEY_SCALE},
                                     {"min", true, KEY_MIN},
                                     {"max", true, KEY_MAX},
                                     {"ep-min", true, KEY_EP_MIN},
                                     {"ep-max", true, KEY_EP_MAX},
                                     {"ed-min", true, KEY_ED_MIN},
                                     {"ed-max", true, KEY_ED_MAX},
                                     {"min-level", true, KEY_MIN_LEVEL},
                                     {"max-level", true, KEY_MAX_LEVEL},
                                     {NULL, false, 0}};

static int take_level(rate_options *opt, int key, const char *value)
{
    sudoku_level level;
    if (!sudoku_level_from_name(value, &level))
        return cli_usage_error("rate",
                               key == KEY_MIN_LEVEL
                                   ? "--min-level needs a level (easy, medium, hard, unfair, "
                                     "extreme), not '%s'"
                                   : "--max-level needs a level (easy, medium, hard, unfair, "
                                     "extreme), not '%s'",
                               value);
    if (key == KEY_MIN_LEVEL)
        opt->min_level = level;
    else
        opt->max_level = level;
    return 0;
}

static int take_option(void *options_, int key, const char *value)
{
    rate_options *opt = options_;
    if (key == KEY_MIN_LEVEL || key == KEY_MAX_LEVEL) return take_level(opt, key, value);
    if (key < KEY_MIN || key > KEY_ED_MAX) return steps_take_option(&opt->steps, key, value);
    const char *name = filter_names[key - KEY_MIN];
    int r = steps_parse_rating(value);
    if (r < 0) {
        char message[128];
        snprintf(message, sizeof message, "%s needs a rating such as 7.5, not '%.60s'", name,
                 value);
        return cli_usage_error("rate", "%s", message);
    }
    int rating = (key - KEY_MIN) / 2;
    if ((key - KEY_MIN) % 2 == 0)
        opt->min[rating] = r;
    else
        opt->max[rating] = r;
    return 0;
}

static int check_options(void *options_, const cli_common *common)
{
    const rate_options *opt = options_;
    (void)common;
    for (int k = 0; k < RATINGS; k++) {
        if (opt->min[k] < 0 || opt->max[k] < 0 || opt->min[k] <= opt->max[k]) continue;
        char message[96];
        snprintf(message, sizeof message, "%s is above %s: no puzzle could be printed",
                 filter_names[2 * k], filter_names[2 * k + 1]);
        return cli_usage_error("rate", "%s", message);
    }
    if (opt->min_level && opt->max_level && opt->min_level > opt->max_level)
        return cli_usage_error("rate", "%s",
                               "--min-level is above --max-level: no puzzle could be printed");
    return 0;
}

/* The filters choose their scale: ratings SE's, levels HoDoKu's; an
 * explicit --scale that is the other one, or both kinds, is an error. */
static int filters_scale(rate_options *opt)
{
    bool ratings = false;
    for (int k = 0; k < RATINGS; k++) ratings |= opt->min[k] >= 0 || opt->max[k] >= 0;
    bool levels = opt->min_level || opt->max_level;
    if (ratings && levels)
        return cli_usage_error("rate", "%s",
                               "--min/--max/--ep-*/--ed-* (SE's ratings) and "
                               "--min-level/--max-level (HoDoKu's levels) are of two scales: "
                               "give one kind");
    sudoku_scale want = ratings ? SUDOKU_SCALE_SE : SUDOKU_SCALE_HODOKU;
    if (!ratings && !levels) return 0;
    if (opt->steps.scale_given && opt->steps.scale != want)
        return cli_usage_error("rate", "%s",
                               ratings ? "--min, --max, --ep-* and --ed-* are ratings on SE's "
                                         "scale, not with --scale hodoku (--min-level, "
                                         "--max-level are HoDoKu's)"
                                       : "--min-level and --max-level are levels of HoDoKu's "
                                         "scale, not with --scale se (--min, --max are SE's)");
    opt->steps.scale = want;
    return 0;
}

static const cli_format_name formats[] = {
    {"text", FORMAT_TEXT}, {"json", FORMAT_JSON}, {NULL, FORMAT_AUTO}};

/* A rated puzzle outside a filter's bounds (EP as printed: ER until a
 * step places a digit). */
static bool dropped(const rate_options *opt, const steps_job *job)
{
    if (job->outcome != STEPS_DONE) return false;
    const sudoku_rating *r = &job->rating;
    if (opt->steps.scale == SUDOKU_SCALE_HODOKU)
        return (opt->min_level && r->level < opt->min_level) ||
               (opt->max_level && r->level > opt->max_level);
    const int value[RATINGS] = {r->er, r->ep ? r->ep : r->er, r->ed};
    for (int k = 0; k < RATINGS; k++)
        if ((opt->min[k] >= 0 && value[k] < opt->min[k]) ||
            (opt->max[k] >= 0 && value[k] > opt->max[k]))
            return true;
    return false;
}

static void rate_work(const cli_run *run, cli_job *base)
{
    const rate_options *opt = run->options;
    steps_job *job = (steps_job *)base;
    cli_text *text = &job->text;
    bool go = steps_rate(run, job);
    if (dropped(opt, job)) return;
    sudoku_scale scale = opt->steps.scale;
    if (run->common->format == FORMAT_JSON) {
        steps_json_start(text, job);
        steps_json_ratings(text, &job->rating, scale);
        cli_text_puts(text, ",\"hardest\":");
        if (job->rating.steps)
            cli_text_json_string(text, sudoku_step_name(job->rating.hardest,
                                                        job->rating.hardest_variant, scale));
        else
            cli_text_puts(text, "null");
        cli_text_printf(text, ",\"steps\":%d", job->steps);
        steps_json_end(text, job, run->options);
        return;
    }
    /* With --anyway, a puzzle with no solution or several gets the
     * ratings of its path (which cannot reach the end), as in JSON. */
    bool anyway = go && (job->outcome == STEPS_NO_SOLUTION || job->outcome == STEPS_MULTIPLE);
    if (job->outcome != STEPS_DONE && !anyway) {
        steps_marker(text, job);
        return;
    }
    char puzzle[SUDOKU_TEXT_MAX];
    cli_puzzle_text(&base->record, puzzle, sizeof puzzle);
    cli_text_printf(text, "%s ", puzzle);
    if (scale == SUDOKU_SCALE_HODOKU) { /* nothing to do: Easy, 0, as HoDoKu has it */
        cli_text_printf(text, "%s %d\n",
                        sudoku_level_name(job->rating.steps ? job->rating.level : SUDOKU_LEVEL_EASY),
                        job->rating.score);
        return;
    }
    if (job->rating.steps == 0) {
        cli_text_puts(text, "0.0/0.0/0.0\n"); /* nothing to do: given solved */
        return;
    }
    cli_text_rating(text, job->rating.er);
    cli_text_puts(text, "/");
    cli_text_rating(text, job->rating.ep ? job->rating.ep : job->rating.er);
    cli_text_puts(text, "/");
    cli_text_rating(text, job->rating.ed);
    cli_text_puts(text, "\n");
}

static void rate_report(cli_run *run, cli_job *base)
{
    const rate_options *opt = run->options;
    steps_job *job = (steps_job *)base;
    if (dropped(opt, job)) {
        run->totals.dropped++;
        run->totals.solved++;
        run->totals.steps += (unsigned long)job->steps;
        cli_text_free(&job->text);
        return;
    }
    steps_report(run, base, false, true);
}

static void rate_stats(const cli_run *run, double seconds)
{
    steps_stats(run, seconds, "rated");
    if (run->totals.dropped)
        cli_error("stats: %lu rated outside the filters (--min, --max...), left out",
                  run->totals.dropped);
}

static const cli_command rate_command = {
    .name = "rate",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(steps_job),
    .batch_records = STEPS_BATCH,
    .work = rate_work,
    .report = rate_report,
    .discard = steps_discard,
    .stats = rate_stats,
};

int cli_rate(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    rate_options opt = {.min = {-1, -1, -1}, .max = {-1, -1, -1}};
    steps_default_options(&opt.steps, "rate", SUDOKU_SCALE_SE);
    int operands;
    int rc = cli_parse_options(&rate_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    if ((rc = steps_scale_from_environment(&opt.steps)) != 0 || (rc = filters_scale(&opt)) != 0)
        return rc;
    return cli_run_command(&rate_command, &common, &opt, operands, argv + 1);
}
