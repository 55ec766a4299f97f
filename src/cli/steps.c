/*
 * steps.c: what the commands on the logic engine (explain, hint, rate) share: the
 * --anyway option, the fast solver's verdict before any logic, the state a
 * record starts from, the JSON record's common fields, and the report of a
 * job whose output text the work function has prepared.
 *
 * Logic on a puzzle with no solution or several proves nothing, so such a
 * puzzle is reported as solve reports it, unless --anyway asks for its
 * steps all the same (without the techniques that assume one solution).
 */
#include "steps.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_option steps_options[] = {{"anyway", false, STEPS_KEY_ANYWAY},
                                    {"budget", true, STEPS_KEY_BUDGET},
                                    {"no-chains", false, STEPS_KEY_NO_CHAINS},
                                    {"scale", true, STEPS_KEY_SCALE},
                                    {"draw", false, STEPS_KEY_DRAW},
                                    {"color", true, STEPS_KEY_COLOR},
                                    {"apply", false, STEPS_KEY_APPLY},
                                    {NULL, false, 0}};

void steps_default_options(steps_options_t *opt, const char *command, sudoku_scale scale)
{
    opt->command = command;
    opt->anyway = false;
    opt->no_chains = false;
    opt->budget = STEPS_DEFAULT_BUDGET;
    opt->budget_given = false;
    opt->scale = scale;
    opt->scale_given = false;
    opt->draw = false;
    opt->color = COLOR_AUTO;
    opt->use_color = false;
    opt->apply = false;
}

int steps_parse_scale(const char *command, const char *option, const char *value,
                      sudoku_scale *scale)
{
    if (sudoku_scale_from_name(value, scale)) return 0;
    char message[64];
    snprintf(message, sizeof message, "%s needs a scale, se or hodoku, not '%%s'", option);
    return cli_usage_error(command, message, value);
}

int steps_scale_from_environment(steps_options_t *opt)
{
    const char *value = getenv("SUDOKU_SCALE");
    if (opt->scale_given || !value || !value[0]) return 0;
    return steps_parse_scale(opt->command, "SUDOKU_SCALE", value, &opt->scale);
}

int steps_parse_rating(const char *value)
{
    char *end;
    errno = 0;
    /* Plain decimals only: strtod alone would take 0x5 and 1e1 too. */
    if (!value[0] || strspn(value, "0123456789.") != strlen(value) ||
        strchr(value, '.') != strrchr(value, '.'))
        return -1;
    double r = strtod(value, &end);
    if (*end || errno || r < 0 || r > 99.9) return -1;
    double tenths = r * 10;
    if (fabs(tenths - floor(tenths + 0.5)) > 1e-6) return -1;
    return (int)floor(tenths + 0.5);
}

int steps_take_option(void *options, int key, const char *value)
{
    steps_options_t *opt = options;
    if (key == STEPS_KEY_ANYWAY) opt->anyway = true;
    if (key == STEPS_KEY_NO_CHAINS) opt->no_chains = true;
    if (key == STEPS_KEY_SCALE) {
        opt->scale_given = true;
        return steps_parse_scale(opt->command, "--scale", value, &opt->scale);
    }
    if (key == STEPS_KEY_DRAW) opt->draw = true;
    if (key == STEPS_KEY_COLOR && !pictures_parse_color(value, &opt->color))
        return cli_usage_error(opt->command, "--color is auto, always or never, not '%s'", value);
    if (key == STEPS_KEY_APPLY) opt->apply = true;
    if (key == STEPS_KEY_BUDGET && !cli_parse_count(value, &opt->budget))
        return cli_usage_error(opt->command,
                               "--budget needs a count of units of work (e.g. 500M; 0: no "
                               "limit), not '%s'",
                               value);
    if (key == STEPS_KEY_BUDGET) opt->budget_given = true;
    return 0;
}

int steps_check_options(void *options, const cli_common *common)
{
    steps_options_t *opt = options;
    if (opt->draw && common->format != FORMAT_TEXT)
        return cli_usage_error(opt->command, "%s", "--draw only applies with --format text");
    opt->use_color = opt->draw && pictures_use_color(opt->color);
    return 0;
}

bool steps_next(const cli_run *run, steps_job *job, const sudoku_logic *state, unsigned flags,
                sudoku_logic_memo *memo, sudoku_step *step)
{
    const steps_options_t *opt = run->options;
    unsigned long long *budget = opt->budget ? &job->budget : NULL;
    errno = 0;
    if (sudoku_logic_next_memo(state, flags, budget, memo, step)) return true;
    /* Short of memory, the next step is not known: the record says so, as
     * when its text could not be kept. */
    if (errno == ENOMEM)
        job->text.failed = true;
    else if (budget && job->budget == 0 && job->outcome == STEPS_DONE)
        job->outcome = STEPS_BUDGET;
    else if (budget && job->budget == 0)
        job->steps_over_budget = true; /* the solver's verdict says more */
    return false;
}

/* The state a job's record starts from. */
static void start_state(const sudoku_record *record, sudoku_logic *state)
{
    if (record->pencilmarks)
        sudoku_logic_from_board(state, &record->board);
    else
        sudoku_logic_from_grid(state, &record->grid); /* givens that clash are invalid */
}

/* Clears the job's results and sets the engine's flags; false (outcome
 * STEPS_INVALID) if the record is no puzzle. */
static bool judge_start(const cli_run *run, steps_job *job, unsigned *flags)
{
    const steps_options_t *opt = run->options;
    memset(&job->rating, 0, sizeof job->rating);
    job->text = (cli_text){0};
    job->steps = 0;
    job->budget = opt->budget;
    job->search_over_budget = false;
    job->steps_over_budget = false;
    *flags = opt->no_chains ? SUDOKU_LOGIC_NO_CHAINS : 0;
    if (opt->scale == SUDOKU_SCALE_HODOKU) *flags |= SUDOKU_LOGIC_HODOKU;
    if (!job->base.record.ok) {
        job->outcome = STEPS_INVALID;
        return false;
    }
    return true;
}

/* Counts the record's solutions with the solver and sets the outcome from
 * them; true if steps are to be taken: one solution, or --anyway (then
 * flags leave out the techniques that assume one). */
static bool judge_count(const cli_run *run, steps_job *job, unsigned *flags)
{
    const steps_options_t *opt = run->options;
    const sudoku_record *record = &job->base.record;
    sudoku_result result;
    unsigned long guesses = opt->budget ? STEPS_SEARCH_BUDGET : 0;
    unsigned long found = record->pencilmarks
                              ? sudoku_search_within(&record->board, 2, guesses, &result)
                              : sudoku_solve_within(&record->grid, 2, guesses, &result);
    if (result.over_budget) {
        job->outcome = STEPS_BUDGET;
        job->search_over_budget = true;
        return false;
    }
    job->outcome = found == 1 ? STEPS_DONE : found == 0 ? STEPS_NO_SOLUTION : STEPS_MULTIPLE;
    if (found == 1) job->solution = result.solution;
    if (job->outcome != STEPS_DONE) {
        if (!opt->anyway) return false;
        *flags |= SUDOKU_LOGIC_NO_UNIQUENESS;
        if (!opt->budget_given) job->budget = STEPS_ANYWAY_BUDGET;
    }
    return true;
}

void steps_walk(const cli_run *run, steps_job *job, sudoku_logic *state, unsigned flags,
                steps_each *each, void *context)
{
    steps_outcome verdict = job->outcome;
    sudoku_step step;
    /* What the engine found nothing in on one board spares it the look on
     * the next (NULL, out of memory: every look is taken). */
    sudoku_logic_memo *memo = sudoku_logic_memo_new();
    while (!sudoku_logic_solved(state) && job->steps < STEPS_MAX &&
           steps_next(run, job, state, flags, memo, &step)) {
        if (each) each(context, state, &step, job->steps + 1);
        sudoku_rating_add(&job->rating, &step);
        sudoku_logic_apply(state, &step);
        job->steps++;
    }
    sudoku_logic_memo_free(memo);
    if (verdict == STEPS_DONE && job->outcome != STEPS_BUDGET)
        job->outcome = sudoku_logic_solved(state) ? STEPS_DONE : STEPS_STUCK;
}

bool steps_start(const cli_run *run, steps_job *job, sudoku_logic *state, unsigned *flags)
{
    if (!judge_start(run, job, flags) || !judge_count(run, job, flags)) return false;
    start_state(&job->base.record, state);
    return true;
}

/* The job's outcome after its path: the solver's verdict (one solution)
 * becomes the path's where they part (stuck, over the budget). */
static void path_outcome(steps_job *job, sudoku_rate_outcome outcome)
{
    job->steps = job->rating.steps;
    bool done = job->outcome == STEPS_DONE;
    switch (outcome) {
    case SUDOKU_RATE_SOLVED: break;
    case SUDOKU_RATE_OVER_BUDGET:
        if (done)
            job->outcome = STEPS_BUDGET;
        else
            job->steps_over_budget = true;
        break;
    case SUDOKU_RATE_OUT_OF_MEMORY:
        job->text.failed = true;
        if (done) job->outcome = STEPS_STUCK;
        break;
    default:
        if (done) job->outcome = STEPS_STUCK;
        break;
    }
}

/* The solver's count, when the path asks for it (sudoku_rate_asking). */
typedef struct count_asked {
    const cli_run *run;
    steps_job *job;
    unsigned *flags;
    bool asked;
    bool go; /* judge_count's answer */
} count_asked;

static bool one_solution(void *context)
{
    count_asked *count = context;
    count->asked = true;
    count->go = judge_count(count->run, count->job, count->flags);
    return count->job->outcome == STEPS_DONE;
}

/* steps_next's budget: none without --budget. */
static unsigned long long path_budget(const cli_run *run, const steps_job *job)
{
    const steps_options_t *opt = run->options;
    return opt->budget ? job->budget : 0;
}

bool steps_rate(const cli_run *run, steps_job *job)
{
    unsigned flags;
    if (!judge_start(run, job, &flags)) return false;
    const sudoku_record *record = &job->base.record;
    if (!(flags & SUDOKU_LOGIC_HODOKU) || record->pencilmarks) {
        if (!judge_count(run, job, &flags)) return false;
        sudoku_logic state;
        start_state(record, &state);
        steps_walk(run, job, &state, flags, NULL, NULL);
        return true;
    }
    /* The count waits until the path needs it, which most never do. */
    count_asked count = {run, job, &flags, false, true};
    job->outcome = STEPS_DONE;
    sudoku_rate_outcome outcome = sudoku_rate_asking(&record->grid, flags, path_budget(run, job), 0,
                                                     &job->rating, NULL, one_solution, &count);
    if (!count.asked && outcome != SUDOKU_RATE_SOLVED) (void)one_solution(&count);
    if (!count.go) {
        memset(&job->rating, 0, sizeof job->rating); /* as if no step was taken */
        return false;
    }
    if (job->outcome != STEPS_DONE) /* --anyway: without the techniques that assume one */
        outcome = sudoku_rate(&record->grid, flags, path_budget(run, job), 0, &job->rating);
    path_outcome(job, outcome);
    return true;
}

/* The step's JSON object, or its words at a level of help (0: the JSON),
 * whatever their length. */
static size_t format_at(const sudoku_step *step, int level, char *buf, size_t size)
{
    return level ? sudoku_format_hint(step, level, buf, size)
                 : sudoku_format_step_json(step, buf, size);
}

static void add_formatted(cli_text *text, const sudoku_step *step, int level)
{
    char small[SUDOKU_TEXT_MAX];
    size_t n = format_at(step, level, small, sizeof small);
    if (n < sizeof small) {
        cli_text_add(text, small, n);
        return;
    }
    char *room = cli_text_reserve(text, n);
    if (room) text->len += format_at(step, level, room, n + 1);
}

void steps_add_hint(cli_text *text, const sudoku_step *step, int level)
{
    add_formatted(text, step, level < 1 ? 1 : level);
}

void steps_add_text_field(cli_text *text, const sudoku_step *step, int level)
{
    cli_text words = {0};
    steps_add_hint(&words, step, level);
    cli_text_puts(text, ",\"text\":");
    cli_text_json_string(text, words.data ? words.data : "");
    text->failed |= words.failed;
    cli_text_free(&words);
}

void steps_add_state(cli_text *text, const sudoku_logic *state)
{
    char line[SUDOKU_TEXT_MAX];
    sudoku_board board;
    sudoku_logic_to_board(state, &board);
    size_t n = sudoku_format_pencilmarks(&board, line, sizeof line);
    cli_text_add(text, line, n < sizeof line ? n : sizeof line - 1);
}

void steps_add_json_step(cli_text *text, const sudoku_step *step, const sudoku_logic *after)
{
    add_formatted(text, step, 0);
    /* The step's words as printed, inside its object: a program need not
     * print them again itself; and the state it leaves, on request. */
    if (text->failed || text->len == 0 || text->data[text->len - 1] != '}') return;
    text->len--;
    steps_add_text_field(text, step, 3);
    if (after) steps_add_state_field(text, after);
    cli_text_puts(text, "}");
}

void steps_add_state_field(cli_text *text, const sudoku_logic *after)
{
    cli_text_puts(text, ",\"state\":\"");
    steps_add_state(text, after);
    cli_text_puts(text, "\"");
}

void steps_add_step(cli_text *text, const sudoku_step *step, bool json)
{
    if (json)
        steps_add_json_step(text, step, NULL);
    else
        add_formatted(text, step, 3);
}

void steps_beyond(const steps_options_t *opt, char text[80])
{
    sudoku_technique t = opt->no_chains ? SUDOKU_ALIGNED_PAIR_EXCLUSION : SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED;
    if (opt->scale == SUDOKU_SCALE_HODOKU)
        t = opt->no_chains ? SUDOKU_FINNED_FRANKEN_SWORDFISH : SUDOKU_BRUTE_FORCE;
    const char *last = sudoku_technique_name_on(t, opt->scale);
    int n = snprintf(text, 80, "needs a technique beyond ");
    snprintf(text + n, (size_t)(80 - n), "%s", last);
    if (opt->scale == SUDOKU_SCALE_SE && text[n] >= 'A' && text[n] <= 'Z') text[n] = (char)(text[n] - 'A' + 'a');
}

const char *steps_status_name(steps_outcome outcome)
{
    switch (outcome) {
    case STEPS_DONE: return "solved";
    case STEPS_STUCK: return "stuck";
    case STEPS_NO_SOLUTION: return "no_solution";
    case STEPS_MULTIPLE: return "multiple";
    case STEPS_FOUND: return "found";
    case STEPS_BUDGET: return "over_budget";
    case STEPS_INVALID:
    default: return "invalid";
    }
}

/* The diagnostic of a stuck job: "stuck after 12 steps: needs a technique
 * beyond ..." (explain), or "no hint: needs ..." (hint), in text. */
static const char *stuck_message(const steps_options_t *opt, const steps_job *job, bool explain,
                                 char text[160])
{
    char beyond[80];
    steps_beyond(opt, beyond);
    if (explain)
        snprintf(text, 160, "stuck after %d step%s: %s", job->steps, job->steps == 1 ? "" : "s",
                 beyond);
    else
        snprintf(text, 160, "no hint: %s", beyond);
    return text;
}

/* The diagnostic of a job's outcome, or NULL when there is none. */
static const char *problem(const steps_job *job, const steps_options_t *opt)
{
    bool rate = strcmp(opt->command, "rate") == 0;
    switch (job->outcome) {
    case STEPS_NO_SOLUTION:
        if (rate)
            return opt->anyway ? "no solution (its steps were rated all the same, --anyway)"
                               : "no solution (--anyway rates its steps all the same)";
        return opt->anyway ? "no solution (its steps were shown all the same, --anyway)"
                           : "no solution (--anyway shows its steps all the same)";
    case STEPS_MULTIPLE:
        if (rate)
            return opt->anyway
                       ? "more than one solution (its steps were rated all the same, --anyway)"
                       : "more than one solution (--anyway rates its steps all the same)";
        return opt->anyway ? "more than one solution (its steps were shown all the same, --anyway)"
                           : "more than one solution (--anyway shows its steps all the same)";
    case STEPS_INVALID: return job->base.record.error.message;
    case STEPS_STUCK:
    case STEPS_DONE:
    case STEPS_FOUND:
    default: return NULL;
    }
}

void steps_json_start(cli_text *text, const steps_job *job)
{
    const cli_job *base = &job->base;
    char label[32];
    cli_text_puts(text, "{\"source\":");
    cli_text_json_string(text, cli_source_name(&base->source, label));
    cli_text_printf(text, ",\"line\":%ld,\"status\":\"%s\",\"puzzle\":", base->record.line,
                    steps_status_name(job->outcome));
    if (base->record.ok) {
        char puzzle[SUDOKU_TEXT_MAX];
        cli_puzzle_text(&base->record, puzzle, sizeof puzzle);
        cli_text_json_string(text, puzzle);
    } else {
        cli_text_puts(text, "null");
    }
}

void steps_json_ratings(cli_text *text, const sudoku_rating *rating, sudoku_scale scale)
{
    if (scale == SUDOKU_SCALE_HODOKU) {
        if (rating->steps == 0)
            cli_text_puts(text, ",\"level\":null,\"score\":null");
        else
            cli_text_printf(text, ",\"level\":\"%s\",\"score\":%d",
                            sudoku_level_name(rating->level), rating->score);
        return;
    }
    if (rating->steps == 0) {
        cli_text_puts(text, ",\"er\":null,\"ep\":null,\"ed\":null");
        return;
    }
    cli_text_puts(text, ",\"er\":");
    cli_text_rating(text, rating->er);
    cli_text_puts(text, ",\"ep\":");
    if (rating->ep)
        cli_text_rating(text, rating->ep);
    else
        cli_text_puts(text, "null"); /* no step placed a digit */
    cli_text_puts(text, ",\"ed\":");
    cli_text_rating(text, rating->ed);
}

void steps_json_end(cli_text *text, const steps_job *job, const steps_options_t *opt)
{
    char stuck[80];
    const char *error = NULL;
    switch (job->outcome) {
    case STEPS_STUCK:
        steps_beyond(opt, stuck);
        error = stuck;
        break;
    case STEPS_NO_SOLUTION:
        error =
            job->steps_over_budget ? "no solution (its steps went over --budget)" : "no solution";
        break;
    case STEPS_MULTIPLE:
        error = job->steps_over_budget ? "more than one solution (its steps went over --budget)"
                                       : "more than one solution";
        break;
    case STEPS_INVALID: error = job->base.record.error.message; break;
    case STEPS_BUDGET: error = "over budget (--budget)"; break;
    case STEPS_DONE:
    case STEPS_FOUND:
    default: break;
    }
    cli_text_puts(text, ",\"error\":");
    if (error)
        cli_text_json_string(text, error);
    else
        cli_text_puts(text, "null");
    cli_text_puts(text, "}\n");
}

void steps_marker(cli_text *text, const steps_job *job)
{
    switch (job->outcome) {
    case STEPS_NO_SOLUTION: cli_text_puts(text, "no solution\n"); break;
    case STEPS_MULTIPLE: cli_text_puts(text, "multiple solutions\n"); break;
    case STEPS_INVALID: cli_text_puts(text, "invalid\n"); break;
    case STEPS_STUCK: cli_text_puts(text, "stuck\n"); break;
    case STEPS_BUDGET: cli_text_puts(text, "over budget\n"); break;
    case STEPS_DONE: cli_text_puts(text, "solved\n"); break;
    case STEPS_FOUND:
    default: break;
    }
}

void steps_report(cli_run *run, cli_job *base, bool separate, bool explain)
{
    const steps_options_t *opt = run->options;
    steps_job *job = (steps_job *)base;
    const sudoku_record *record = &base->record;
    cli_totals *t = &run->totals;
    char message[160];
    cli_start_record(run, separate);
    if (job->text.failed) {
        t->failed++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, record->line, "out of memory");
        /* still one record for one */
        fputs(run->common->format == FORMAT_JSON
                  ? "{\"status\":\"invalid\",\"error\":\"out of memory\"}\n"
                  : "invalid\n",
              run->out);
        cli_text_free(&job->text);
        return;
    }
    if (job->text.len) fwrite(job->text.data, 1, job->text.len, run->out);
    cli_text_free(&job->text);
    t->steps += (unsigned long)job->steps;
    switch (job->outcome) {
    case STEPS_DONE:
    case STEPS_FOUND: t->solved++; break;
    case STEPS_STUCK:
        t->stuck++;
        cli_raise_status(run, EXIT_UNSOLVED);
        cli_record_error(base, record->line, stuck_message(opt, job, explain, message));
        break;
    case STEPS_BUDGET:
        t->over_budget++;
        cli_raise_status(run, EXIT_UNSOLVED);
        if (job->search_over_budget)
            snprintf(message, sizeof message,
                     "gave up: the solver's check went over its budget of %lu guesses "
                     "(--budget=0 lifts it)",
                     STEPS_SEARCH_BUDGET);
        else
            snprintf(message, sizeof message,
                     "gave up after %d step%s: over the budget of %llu unit%s of work (--budget)",
                     job->steps, job->steps == 1 ? "" : "s", opt->budget,
                     opt->budget == 1 ? "" : "s");
        cli_record_error(base, record->line, message);
        break;
    case STEPS_NO_SOLUTION:
    case STEPS_MULTIPLE: {
        if (job->outcome == STEPS_NO_SOLUTION)
            t->no_solution++;
        else
            t->multiple++;
        cli_raise_status(run, EXIT_UNSOLVED);
        char over[160] = "", note[400 + sizeof over];
        if (job->steps_over_budget)
            snprintf(over, sizeof over, "; they went over the budget of %llu units of work%s",
                     opt->budget_given ? opt->budget : STEPS_ANYWAY_BUDGET,
                     opt->budget_given ? " (--budget)"
                                       : " (the default for a puzzle without one solution; "
                                         "--budget sets another)");
        snprintf(note, sizeof note, "%s%s", problem(job, opt), over);
        cli_record_error(base, record->line, note);
        break;
    }
    case STEPS_INVALID:
    default:
        t->invalid++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_record_error(base, cli_error_line(record), record->error.message);
        break;
    }
}

void steps_stats(const cli_run *run, double seconds, const char *done)
{
    const cli_totals *t = &run->totals;
    unsigned long read = t->solved + t->stuck + t->no_solution + t->multiple + t->invalid +
                         t->failed + t->over_budget;
    char speed[32];
    cli_error("stats: %lu puzzle%s read, %lu %s, %lu stuck, %lu over budget, %lu no solution, "
              "%lu multiple, %lu invalid; %lu step%s; %.3f s, %s",
              read, read == 1 ? "" : "s", t->solved, done, t->stuck, t->over_budget, t->no_solution,
              t->multiple, t->invalid, t->steps, t->steps == 1 ? "" : "s", seconds,
              cli_speed(speed, read, seconds));
}

void steps_discard(cli_job *job)
{
    cli_text_free(&((steps_job *)job)->text);
}
