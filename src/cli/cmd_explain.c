/*
 * cmd_explain.c: `sudoku explain`: solves each puzzle with the logic
 * engine, one step after the other as a person would, and writes every
 * step, then the puzzle's rating (ER, EP, ED) or where the engine got
 * stuck: a block of lines per puzzle, or one JSON object per line.
 */
#include "book.h"
#include "steps.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

static const char help_text[] =
    "Usage: sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
    "\n"
    "Solves each puzzle the way a person would, with the techniques of Sudoku\n"
    "Explainer in its order (singles, intersections, subsets, fish, wings,\n"
    "uniqueness, exclusion, then chains: cycles, forcing chains, Nishio, multiple,\n"
    "dynamic and nested forcing chains, shown in Eureka notation),\n"
    "and writes every step, then the puzzle's rating: ER the hardest step, EP the\n"
    "hardest up to the first placed digit, ED the first step's. A PUZZLE argument\n"
    "is 81 cells in any layout, or 729 characters of candidates (pencilmarks);\n"
    "another argument names a file of puzzles; '-', or no argument, reads\n"
    "standard input.\n"
    "\n"
    "Each puzzle is first checked with the solver: one with no solution or\n"
    "several gets 'no solution' or 'multiple solutions' and a diagnostic, since\n"
    "logic on it proves nothing.\n"
    "\n"
    "Options:\n"
    "  --format=FORMAT     text (the default), json, svg or html. text: per puzzle a\n"
    "                      block of lines, 'Puzzle: ...' (after 'FILE:LINE: ' for\n"
    "                      puzzles read from a stream), one line per step, then\n"
    "                      'Solved in N steps: ER x.x, EP x.x, ED x.x (hardest:\n"
    "                      ...)' or 'Stuck after N steps: ...' and the candidate\n"
    "                      grid where the engine stopped; blocks are separated by\n"
    "                      a blank line. json: one object per puzzle per line, with\n"
    "                      \"status\", \"er\", \"ep\", \"ed\" and \"steps\".\n"
    "                      svg: a picture a step, to files in --output-dir;\n"
    "                      html: one page with every step's picture\n"
    "  --anyway            explain puzzles with no solution or several too, without\n"
    "                      the techniques that assume one solution; they still\n"
    "                      count as failures\n"
    STEPS_BUDGET_HELP
    "  --no-chains         use the techniques up to aligned pair exclusion only\n"
    "                      (SE's 6.2): a puzzle that needs chains gets stuck\n"
    "  --draw              under each step, its candidate grid with the step\n"
    "                      marked (text only)\n"
    "  --color=WHEN        --draw's colours: auto (on a terminal, unless NO_COLOR\n"
    "                      is set), always or never (plain markers)\n"
    "  --apply             the state each step leaves, 729 characters: in text on\n"
    "                      a line after the step's, in JSON as the step's \"state\"\n"
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

static const cli_format_name formats[] = {{"text", FORMAT_TEXT},
                                          {"json", FORMAT_JSON},
                                          {"svg", FORMAT_SVG},
                                          {"html", FORMAT_HTML},
                                          {NULL, FORMAT_AUTO}};

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
    if (job->steps) {
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
    if (job->steps) {
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

/* What the walk along a path writes each step into. */
typedef struct explain_walk {
    const cli_run *run;
    steps_job *job;
    const sudoku_grid *givens; /* the puzzle's, to tell them from solved digits */
    cli_text steps;            /* JSON: the steps, to go after the status */
    cli_text picture;          /* SVG: each step's, on its way to its file */
} explain_walk;

/* "DIR/0001-012.svg: Hidden single ...": the step's picture written to its
 * file, or "DIR/0001-012.svg: not written: ..." (the report says it too). */
static void add_picture_file(explain_walk *walk, const sudoku_logic *before,
                             const sudoku_step *step, int number)
{
    steps_job *job = walk->job;
    char path[4096 + 32];
    const picture_request request = {walk->givens, NULL, before, step, SUDOKU_PICTURE_LABELS};
    pictures_path(walk->run->common->output_dir, job->base.number + 1, number, path, sizeof path);
    walk->picture.len = 0;
    pictures_add_svg(&walk->picture, &request);
    int e = walk->picture.failed ? ENOMEM : pictures_save(path, walk->picture.data, walk->picture.len);
    cli_text_printf(&job->text, "%s: ", path);
    if (e && !job->picture_errno) {
        job->picture_errno = e;
        job->picture_step = number;
    }
    if (e)
        cli_text_printf(&job->text, "not written: %s\n", strerror(e));
    else
        steps_add_step(&job->text, step, false);
    if (!e) cli_text_add(&job->text, "\n", 1);
}

static void add_step(void *context, const sudoku_logic *before, const sudoku_step *step,
                     int number)
{
    explain_walk *walk = context;
    const steps_options_t *opt = walk->run->options;
    cli_text *text = &walk->job->text;
    /* --apply: the state the step leaves, after it */
    sudoku_logic after;
    if (opt->apply) {
        after = *before;
        sudoku_logic_apply(&after, step);
    }
    switch (walk->run->common->format) {
    case FORMAT_JSON:
        if (number > 1) cli_text_add(&walk->steps, ",", 1);
        steps_add_json_step(&walk->steps, step, opt->apply ? &after : NULL);
        return;
    case FORMAT_SVG: add_picture_file(walk, before, step, number); return;
    case FORMAT_HTML: book_add_step(text, walk->givens, before, step); return;
    default: break;
    }
    steps_add_step(text, step, false);
    cli_text_add(text, "\n", 1);
    if (opt->apply) {
        steps_add_state(text, &after);
        cli_text_add(text, "\n", 1);
    }
    if (opt->draw) {
        const picture_request request = {walk->givens, NULL, before, step,
                                          opt->use_color ? SUDOKU_PICTURE_COLOR : 0};
        pictures_add_terminal(text, &request);
    }
}

/* Adds the first line of plain to text, as HTML of kind. */
static void add_html_line(cli_text *text, sudoku_book_kind kind, cli_text *plain)
{
    text->failed |= plain->failed;
    if (!plain->len) return;
    char *end = strchr(plain->data, '\n');
    if (end) *end = '\0';
    book_add_text(text, kind, plain->data);
}

static void explain_work(const cli_run *run, cli_job *base)
{
    steps_job *job = (steps_job *)base;
    cli_format format = run->common->format;
    bool json = format == FORMAT_JSON, html = format == FORMAT_HTML;
    cli_text *text = &job->text;
    sudoku_logic state;
    unsigned flags;
    bool go = steps_start(run, job, &state, &flags);
    explain_walk walk = {run, job, base->record.pencilmarks ? NULL : &base->record.grid, {0}, {0}};
    job->picture_errno = 0;
    if (!json && base->record.ok) {
        cli_text header = {0};
        add_header(html ? &header : text, base);
        if (html) add_html_line(text, SUDOKU_BOOK_HEADING, &header);
        cli_text_free(&header);
    }
    if (go) steps_walk(run, job, &state, flags, add_step, &walk);
    cli_text end = {0};
    cli_text *last = html ? &end : text;
    if (json) {
        steps_json_start(text, job);
        steps_json_ratings(text, &job->rating);
        cli_text_puts(text, ",\"steps\":[");
        if (walk.steps.len) cli_text_add(text, walk.steps.data, walk.steps.len);
        cli_text_puts(text, "]");
        text->failed |= walk.steps.failed;
        steps_json_end(text, job, run->options);
    } else if (!go) {
        steps_marker(last, job);
    } else if (job->outcome == STEPS_DONE) {
        add_solved(last, job);
    } else {
        add_stop(last, job, &state, run->options);
    }
    if (html) {
        add_html_line(text, SUDOKU_BOOK_PARAGRAPH, &end);
        /* where the engine stopped, as the text's candidate grid shows it */
        if (go && job->outcome != STEPS_DONE) book_add_step(text, walk.givens, &state, NULL);
    }
    cli_text_free(&end);
    cli_text_free(&walk.steps);
    cli_text_free(&walk.picture);
}

static void explain_report(cli_run *run, cli_job *base)
{
    steps_job *job = (steps_job *)base;
    cli_format format = run->common->format;
    int e = job->picture_errno;
    unsigned step = job->picture_step;
    steps_report(run, base, format != FORMAT_JSON && format != FORMAT_HTML, true);
    if (e) {
        char path[4096 + 32], message[4096 + 128];
        pictures_path(run->common->output_dir, base->number + 1, (int)step, path, sizeof path);
        snprintf(message, sizeof message, "cannot write %s: %s", path, strerror(e));
        cli_record_error(base, base->record.line, message);
        cli_raise_status(run, EXIT_BAD_INPUT);
    }
}

/* The page of an HTML run: its head before the first puzzle, its end after
 * the last. */
static const book explain_page = {.layout = {"sudoku explain", false, 1}};

static void explain_begin(cli_run *run)
{
    if (run->common->format == FORMAT_HTML) book_write_start(run, &explain_page);
}

static void explain_end(cli_run *run)
{
    if (run->common->format == FORMAT_HTML) book_write_end(run, &explain_page);
}

/* Pictures of steps go to files, one a step: they need a directory. */
static int check_options(void *options, const cli_common *common)
{
    if (common->format == FORMAT_SVG && !common->output_dir)
        return cli_usage_error("explain", "%s",
                               "--format svg writes a picture a step: it needs --output-dir=DIR "
                               "(or --format html for one page of them all)");
    return steps_check_options(options, common);
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
    .check = check_options,
    .job_size = sizeof(steps_job),
    .batch_records = STEPS_BATCH,
    .work = explain_work,
    .report = explain_report,
    .discard = steps_discard,
    .stats = explain_stats,
    .begin = explain_begin,
    .end = explain_end,
};

int cli_explain(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_TEXT, .jobs = 1};
    steps_options_t opt;
    steps_default_options(&opt, "explain");
    int operands;
    int rc = cli_parse_options(&explain_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    return cli_run_command(&explain_command, &common, &opt, operands, argv + 1);
}
