/*
 * cmd_generate.c: `sudoku generate`: new puzzles with exactly one solution,
 * with a symmetry, a number of clues, minimal, or rated in a range, one
 * record each. Puzzle i of a run is drawn from its own seed (the run's
 * seed plus i times a constant), so the output is the same whatever -j is,
 * and a puzzle's seed (in its JSON record) gives it again alone.
 */
#define _POSIX_C_SOURCE 200809L

#include "steps.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)

/* Puzzles per batch: few, so that output comes soon when each takes long
 * (a rare rating can take seconds). */
#define GENERATE_BATCH 64

#define DEFAULT_ATTEMPTS 100000ul

/* The step between the seeds of consecutive puzzles: odd, so that a run's
 * seeds never repeat; any such constant would do. */
#define SEED_STEP 0x9E3779B97F4A7C15ull

/* --symmetry random: each puzzle's own, drawn from its seed. */
#define SYMMETRY_RANDOM SUDOKU_SYMMETRIES

static const char help_text[] =
    "Usage: sudoku generate [OPTION]... [N]\n"
    "\n"
    "Generates N new puzzles (default 1), each with exactly one solution, one\n"
    "per line: a random solution grid, then clues taken away in a random order\n"
    "for as long as the solution stays the only one. Without a symmetry (the\n"
    "default) the puzzles are minimal, no clue can go, unless --clues stops the\n"
    "removals first.\n"
    "\n"
    "Options:\n"
    "  --seed=S            draw from seed S (0 to 18446744073709551615): the same\n"
    "                      seed and options give the same puzzles, whatever -j is;\n"
    "                      without it a random seed is used (--stats prints it)\n"
    "  --symmetry=NAME     the pattern of clues keeps a symmetry: none (default),\n"
    "                      rotate180, rotate90, mirror (left-right), flip\n"
    "                      (top-bottom), diagonal, antidiagonal, biaxial (mirror\n"
    "                      and flip), bidiagonal (both diagonals), full (all\n"
    "                      eight), or random (one of these ten for each puzzle)\n"
    "  --minimal           every clue needed, with a symmetry too (symmetric\n"
    "                      puzzles are drawn again until one is: slower)\n"
    "  --clues=N, --clues=A-B\n"
    "                      take clues away down to N (or A) and no further, and\n"
    "                      keep only puzzles of N clues (of A to B); 17 to 81\n"
    "  --rating=A-B        keep only puzzles Sudoku Explainer rates A to B (ER,\n"
    "                      one decimal, as 'sudoku rate' gives it)\n"
    "  --difficulty=NAME   a named range of ratings: easy (1.0-1.5), medium\n"
    "                      (1.6-2.5), hard (2.6-5.9), expert (6.0-8.9) or extreme\n"
    "                      (9.0 and up); not with --rating\n"
    "  --level=L, --level=A-B\n"
    "                      keep only puzzles of HoDoKu's level L (easy, medium,\n"
    "                      hard, unfair, extreme), or of A to B; not with\n"
    "                      --rating or --difficulty\n"
    "  --attempts=N        give up on a puzzle after N drawn puzzles missed the\n"
    "                      options (default 100000; k and M multiply by a thousand,\n"
    "                      a million): it gets a diagnostic and no line\n"
    "  --solution          print each puzzle's solution after it\n"
    "  --rate              print each puzzle's ratings (ER/EP/ED) after it; on\n"
    "                      HoDoKu's scale its level and score ('Hard 416')\n"
    "  --scale=SCALE       the scale --rate and json print: se (the default, but\n"
    "                      hodoku with --level) or hodoku; the environment\n"
    "                      variable SUDOKU_SCALE sets the default\n"
    "  --format=FORMAT     line (the default): the puzzle, then its solution and\n"
    "                      ratings when asked, separated by spaces; grid: the\n"
    "                      puzzle as a 9-line grid ('# ' lines before it say its\n"
    "                      ratings, and its solution's grid follows it, when\n"
    "                      asked); json: one object per puzzle per line, with\n"
    "                      \"number\", \"status\", \"puzzle\", \"solution\",\n"
    "                      \"clues\", \"er\", \"ep\", \"ed\" (\"level\", \"score\" on\n"
    "                      HoDoKu's scale), \"symmetry\", \"seed\"\n"
    "                      (which gives the puzzle again with N = 1) and \"attempts\"\n"
    "  --stats             print a summary on stderr at the end, with the seed\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle asked for was generated\n"
                      "  1  some puzzle was not found within --attempts\n"
                      "  2  usage error or unwritable output\n";

typedef struct generate_options {
    uint64_t seed;
    bool seeded;  /* --seed given */
    int symmetry; /* a sudoku_symmetry, or SYMMETRY_RANDOM */
    bool minimal;
    int fewest, most;    /* clues */
    int lowest, highest; /* ER times ten; lowest -1: no rating asked */
    int range_key;       /* the option that set them (--rating or --difficulty), 0: none */
    unsigned long long attempts;
    bool solution, rate;
    sudoku_level low_level, high_level; /* --level; SUDOKU_LEVEL_NONE: none asked */
    sudoku_scale scale;                 /* what --rate and json print */
    bool scale_given;                   /* --scale */
} generate_options;

enum {
    KEY_SEED = 256,
    KEY_SYMMETRY,
    KEY_MINIMAL,
    KEY_CLUES,
    KEY_RATING,
    KEY_DIFFICULTY,
    KEY_ATTEMPTS,
    KEY_SOLUTION,
    KEY_RATE,
    KEY_LEVEL,
    KEY_SCALE
};

static const cli_option options[] = {
    {"seed", true, KEY_SEED},         {"symmetry", true, KEY_SYMMETRY},
    {"minimal", false, KEY_MINIMAL},  {"clues", true, KEY_CLUES},
    {"rating", true, KEY_RATING},     {"difficulty", true, KEY_DIFFICULTY},
    {"attempts", true, KEY_ATTEMPTS}, {"solution", false, KEY_SOLUTION},
    {"rate", false, KEY_RATE},        {"level", true, KEY_LEVEL},
    {"scale", true, KEY_SCALE},       {NULL, false, 0}};

static const cli_format_name formats[] = {
    {"line", FORMAT_LINE}, {"grid", FORMAT_GRID}, {"json", FORMAT_JSON}, {NULL, FORMAT_AUTO}};

/* The named ranges of --difficulty, times ten (docs/generate.md says why). */
static const struct difficulty {
    const char *name;
    int lowest, highest;
} difficulties[] = {{"easy", 10, 15},
                    {"medium", 16, 25},
                    {"hard", 26, 59},
                    {"expert", 60, 89},
                    {"extreme", 90, 999}};

/* Splits "A-B" (or "A") at the dash into two texts of at most 31 bytes. */
static bool split_range(const char *value, char low[32], char high[32])
{
    const char *dash = strchr(value, '-');
    size_t n = dash ? (size_t)(dash - value) : strlen(value);
    const char *rest = dash ? dash + 1 : value;
    if (n == 0 || n > 31 || strlen(rest) > 31 || (dash && strchr(rest, '-'))) return false;
    memcpy(low, value, n);
    low[n] = '\0';
    memcpy(high, rest, strlen(rest) + 1);
    return true;
}

static int take_clues(generate_options *opt, const char *value)
{
    char low[32], high[32];
    unsigned long a, b;
    if (!split_range(value, low, high) || !cli_parse_number(low, &a) ||
        !cli_parse_number(high, &b) || a > b || b > SUDOKU_CELLS)
        return cli_usage_error("generate",
                               "--clues needs a count or a range such as 24 or 22-26 "
                               "(17 to 81), not '%s'",
                               value);
    if (a < 17)
        return cli_usage_error("generate",
                               "--clues=%s: no puzzle of fewer than 17 clues has "
                               "one solution",
                               value);
    opt->fewest = (int)a;
    opt->most = (int)b;
    return 0;
}

static int take_rating(generate_options *opt, const char *value)
{
    char low[32], high[32];
    int a = -1, b = -1;
    if (split_range(value, low, high)) {
        a = steps_parse_rating(low);
        b = steps_parse_rating(high);
    }
    if (a < 0 || b < 0 || a > b)
        return cli_usage_error("generate",
                               "--rating needs a range of ratings such as 6.0-7.5 "
                               "or one such as 4.2, not '%s'",
                               value);
    /* Every puzzle takes a step, and the easiest is rated 1.0: a range
     * below would spend every attempt in vain. */
    if (b < 10)
        return cli_usage_error("generate",
                               "--rating: no puzzle is rated below 1.0, so none in '%s'", value);
    opt->lowest = a;
    opt->highest = b;
    return 0;
}

static int take_named(generate_options *opt, int key, const char *value)
{
    if (key == KEY_SYMMETRY) {
        for (int s = 0; s < SUDOKU_SYMMETRIES; s++)
            if (strcmp(value, sudoku_symmetry_name((sudoku_symmetry)s)) == 0) opt->symmetry = s;
        if (strcmp(value, "random") == 0) opt->symmetry = SYMMETRY_RANDOM;
        if (opt->symmetry >= 0) return 0;
        return cli_usage_error("generate",
                               "--symmetry: no symmetry '%s' (none, rotate180, "
                               "rotate90, mirror, flip, diagonal, antidiagonal, biaxial, "
                               "bidiagonal, full, random)",
                               value);
    }
    for (size_t i = 0; i < sizeof difficulties / sizeof difficulties[0]; i++)
        if (strcmp(value, difficulties[i].name) == 0) {
            opt->lowest = difficulties[i].lowest;
            opt->highest = difficulties[i].highest;
            return 0;
        }
    return cli_usage_error("generate",
                           "--difficulty: no difficulty '%s' (easy, medium, hard, "
                           "expert, extreme)",
                           value);
}

/* --level: HoDoKu's level, or a range of them ("hard-unfair"). */
static int take_level(generate_options *opt, const char *value)
{
    char low[32], high[32];
    sudoku_level a, b;
    if (!split_range(value, low, high) || !sudoku_level_from_name(low, &a) ||
        !sudoku_level_from_name(high, &b) || a > b)
        return cli_usage_error("generate",
                               "--level needs one of HoDoKu's levels (easy, medium, hard, "
                               "unfair, extreme) or a range such as hard-unfair, not '%s'",
                               value);
    opt->low_level = a;
    opt->high_level = b;
    return 0;
}

/* --rating, --difficulty or --level: each sets the range, so only one may
 * be given (again, the last one counts, as for every option). */
static int take_range(generate_options *opt, int key, const char *value)
{
    if (opt->range_key && opt->range_key != key)
        return cli_usage_error("generate", "%s",
                               "--rating, --difficulty and --level each set the range of "
                               "ratings: give one of them");
    opt->range_key = key;
    if (key == KEY_LEVEL) return take_level(opt, value);
    return key == KEY_RATING ? take_rating(opt, value) : take_named(opt, key, value);
}

static int take_option(void *options_, int key, const char *value)
{
    generate_options *opt = options_;
    unsigned long long n;
    switch (key) {
    case KEY_SEED:
        if (!cli_parse_count(value, &n) || strpbrk(value, "kMG"))
            return cli_usage_error("generate",
                                   "--seed needs a whole number from 0 to "
                                   "18446744073709551615, not '%s'",
                                   value);
        opt->seed = n;
        opt->seeded = true;
        return 0;
    case KEY_SYMMETRY: opt->symmetry = -1; return take_named(opt, key, value);
    case KEY_DIFFICULTY: return take_range(opt, key, value);
    case KEY_MINIMAL: opt->minimal = true; return 0;
    case KEY_CLUES: return take_clues(opt, value);
    case KEY_RATING: return take_range(opt, key, value);
    case KEY_ATTEMPTS:
        if (!cli_parse_count(value, &n) || n == 0 || strchr(value, 'G'))
            return cli_usage_error("generate",
                                   "--attempts needs a count from 1 (e.g. 5000 or "
                                   "20k), not '%s'",
                                   value);
        opt->attempts = n;
        return 0;
    case KEY_SOLUTION: opt->solution = true; return 0;
    case KEY_RATE: opt->rate = true; return 0;
    case KEY_LEVEL: return take_range(opt, key, value);
    case KEY_SCALE: opt->scale_given = true; return steps_parse_scale("generate", "--scale", value, &opt->scale);
    default: return 0;
    }
}

/* A seed from the system when none is given: /dev/urandom, or failing
 * that the time and the process. */
static uint64_t fresh_seed(void)
{
    uint64_t seed = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed) seed = 0;
        close(fd);
    }
    if (seed == 0) {
        struct timespec ts;
        timespec_get(&ts, TIME_UTC);
        seed =
            (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    }
    return seed;
}

/* ---- the work ---- */

typedef enum generate_outcome {
    GENERATED,
    NOT_FOUND, /* --attempts drawn puzzles missed the options */
    NO_MEMORY  /* rating ran short of memory: the puzzle's rating is not known */
} generate_outcome;

typedef struct generate_job {
    cli_job base;
    generate_outcome outcome;
    uint64_t seed; /* this puzzle's */
    sudoku_symmetry symmetry;
    unsigned long long attempts;
    int clues, fewest_seen, most_seen; /* clue counts of the last and of all drawn */
    bool rated;                        /* rating holds the puzzle's ratings */
    sudoku_scale rated_on;             /* on this scale */
    sudoku_rating rating;
    sudoku_grid puzzle, solution;
} generate_job;

/* The state the library draws puzzle seed from: its bits mixed (a
 * Murmur3-style finalizer) so that consecutive seeds start far apart. */
static uint64_t random_state(uint64_t seed)
{
    seed ^= seed >> 33;
    seed *= 0xFF51AFD7ED558CCDull;
    seed ^= seed >> 33;
    seed *= 0xC4CEB9FE1A85EC53ull;
    return seed ^ (seed >> 33);
}

static int clue_count(const sudoku_grid *grid)
{
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) n += grid->cell[cell] != 0;
    return n;
}

/* Rates the job's puzzle on scale, up to ceiling (0: none; SE's rating
 * times ten, or HoDoKu's level); returns false if the path did not get to
 * the end within the budget and under the ceiling. */
static bool rate_puzzle(generate_job *job, sudoku_scale scale, int ceiling)
{
    unsigned flags = scale == SUDOKU_SCALE_HODOKU ? SUDOKU_LOGIC_HODOKU : 0;
    sudoku_rate_outcome outcome =
        sudoku_rate(&job->puzzle, flags, STEPS_DEFAULT_BUDGET, ceiling, &job->rating);
    if (outcome == SUDOKU_RATE_OUT_OF_MEMORY) job->outcome = NO_MEMORY;
    job->rated = outcome == SUDOKU_RATE_SOLVED;
    job->rated_on = scale;
    return job->rated;
}

static bool wants_rating(const generate_options *opt, cli_format format)
{
    return opt->rate || format == FORMAT_JSON;
}

/* True if the job's puzzle is outside the range of ratings or levels asked. */
static bool out_of_range(generate_job *job, const generate_options *opt)
{
    if (opt->lowest >= 0)
        return !rate_puzzle(job, SUDOKU_SCALE_SE, opt->highest) || job->rating.er < opt->lowest;
    if (opt->low_level)
        return !rate_puzzle(job, SUDOKU_SCALE_HODOKU, (int)opt->high_level) ||
               job->rating.level < opt->low_level;
    return false;
}

static void generate_work(const cli_run *run, cli_job *base)
{
    const generate_options *opt = run->options;
    generate_job *job = (generate_job *)base;
    job->seed = opt->seed + base->number * SEED_STEP;
    uint64_t state = random_state(job->seed);
    job->symmetry = opt->symmetry == SYMMETRY_RANDOM
                        ? (sudoku_symmetry)(random_state(~job->seed) % SUDOKU_SYMMETRIES)
                        : (sudoku_symmetry)opt->symmetry;
    sudoku_generator how = {job->symmetry, opt->fewest, opt->minimal};
    job->outcome = NOT_FOUND;
    job->fewest_seen = SUDOKU_CELLS + 1;
    job->most_seen = 0;
    job->rated = false;
    for (job->attempts = 1; job->attempts <= opt->attempts; job->attempts++) {
        bool minimal = sudoku_generate(&how, &state, &job->puzzle, &job->solution);
        job->clues = clue_count(&job->puzzle);
        if (job->clues < job->fewest_seen) job->fewest_seen = job->clues;
        if (job->clues > job->most_seen) job->most_seen = job->clues;
        if (!minimal || job->clues > opt->most) continue;
        if (out_of_range(job, opt)) {
            if (job->outcome == NO_MEMORY) return;
            continue;
        }
        job->outcome = GENERATED;
        break;
    }
    if (job->outcome == NOT_FOUND) job->attempts = opt->attempts;
    if (job->outcome == GENERATED && (!job->rated || job->rated_on != opt->scale) &&
        wants_rating(opt, run->common->format))
        rate_puzzle(job, opt->scale, 0);
}

/* ---- the report ---- */

static void add_ratings(cli_text *text, const generate_job *job)
{
    if (!job->rated) {
        cli_text_puts(text, "over budget");
        return;
    }
    if (job->rated_on == SUDOKU_SCALE_HODOKU) {
        cli_text_printf(text, "%s %d", sudoku_level_name(job->rating.level), job->rating.score);
        return;
    }
    cli_text_rating(text, job->rating.er);
    cli_text_puts(text, "/");
    cli_text_rating(text, job->rating.ep ? job->rating.ep : job->rating.er);
    cli_text_puts(text, "/");
    cli_text_rating(text, job->rating.ed);
}

static void add_line(cli_text *text, const generate_job *job, const generate_options *opt)
{
    char line[SUDOKU_TEXT_MAX];
    sudoku_format_line(&job->puzzle, line, sizeof line);
    cli_text_puts(text, line);
    if (opt->solution) {
        sudoku_format_line(&job->solution, line, sizeof line);
        cli_text_printf(text, " %s", line);
    }
    if (opt->rate) {
        cli_text_puts(text, " ");
        add_ratings(text, job);
    }
    cli_text_puts(text, "\n");
}

static void add_grids(cli_text *text, const generate_job *job, const generate_options *opt)
{
    char grid[SUDOKU_TEXT_MAX];
    if (opt->rate) {
        cli_text_puts(text, "# ratings ");
        add_ratings(text, job);
        cli_text_puts(text, "\n");
    }
    sudoku_format_grid(&job->puzzle, grid, sizeof grid);
    cli_text_puts(text, grid);
    if (opt->solution) {
        sudoku_format_grid(&job->solution, grid, sizeof grid);
        cli_text_printf(text, "\n%s", grid);
    }
}

static void add_json(cli_text *text, const generate_job *job, sudoku_scale scale,
                     const char *error)
{
    bool found = job->outcome == GENERATED;
    cli_text_printf(text, "{\"number\":%lu,\"status\":\"%s\"", job->base.number + 1,
                    found ? "generated" : "not_found");
    if (found) {
        char line[SUDOKU_TEXT_MAX];
        sudoku_format_line(&job->puzzle, line, sizeof line);
        cli_text_printf(text, ",\"puzzle\":\"%s\"", line);
        sudoku_format_line(&job->solution, line, sizeof line);
        cli_text_printf(text, ",\"solution\":\"%s\",\"clues\":%d", line, job->clues);
        steps_json_ratings(text, job->rated ? &job->rating : &(sudoku_rating){0}, scale);
    } else {
        cli_text_puts(text, ",\"puzzle\":null,\"solution\":null,\"clues\":null");
        steps_json_ratings(text, &(sudoku_rating){0}, scale);
    }
    cli_text_printf(text, ",\"symmetry\":\"%s\",\"seed\":%llu,\"attempts\":%llu,\"error\":",
                    sudoku_symmetry_name(job->symmetry), (unsigned long long)job->seed,
                    job->attempts);
    if (error)
        cli_text_json_string(text, error);
    else
        cli_text_puts(text, "null");
    cli_text_puts(text, "}\n");
}

/* Why no puzzle came: the options that were missed, and how near it got. */
static void not_found_message(const generate_options *opt, const generate_job *job, char *message,
                              size_t size)
{
    unsigned long long tried = job->attempts;
    if (opt->lowest >= 0)
        snprintf(message, size, "no puzzle rated %d.%d to %d.%d in %llu attempts", opt->lowest / 10,
                 opt->lowest % 10, opt->highest / 10, opt->highest % 10, tried);
    else if (opt->low_level)
        snprintf(message, size, "no puzzle of level %s%s%s in %llu attempts",
                 sudoku_level_name(opt->low_level), opt->high_level != opt->low_level ? " to " : "",
                 opt->high_level != opt->low_level ? sudoku_level_name(opt->high_level) : "", tried);
    else if (opt->most < SUDOKU_CELLS || opt->fewest > 0) {
        char clues[32];
        if (opt->fewest == opt->most)
            snprintf(clues, sizeof clues, "%d", opt->most);
        else
            snprintf(clues, sizeof clues, "%d to %d", opt->fewest, opt->most);
        snprintf(message, size,
                 "no %spuzzle of %s clues in %llu attempts (clues reached: %d to %d)",
                 opt->minimal ? "minimal " : "", clues, tried, job->fewest_seen, job->most_seen);
    } else
        snprintf(message, size, "no minimal puzzle with symmetry %s in %llu attempts",
                 sudoku_symmetry_name(job->symmetry), tried);
}

static void generate_report(cli_run *run, cli_job *base)
{
    const generate_options *opt = run->options;
    generate_job *job = (generate_job *)base;
    cli_format format = run->common->format;
    char message[200];
    bool found = job->outcome == GENERATED;
    run->totals.drawn += job->attempts;
    if (job->outcome == NO_MEMORY) {
        run->totals.failed++;
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_error("puzzle %lu: out of memory", base->number + 1);
        return;
    }
    if (!found) {
        not_found_message(opt, job, message, sizeof message);
        cli_error("puzzle %lu: %s", base->number + 1, message);
        run->totals.unreached++;
        cli_raise_status(run, EXIT_UNSOLVED);
        if (format != FORMAT_JSON) return; /* a line that is no puzzle would mislead a reader */
    } else {
        run->totals.solved++;
    }
    cli_start_record(run, format == FORMAT_GRID);
    cli_text text = {0};
    if (format == FORMAT_JSON)
        add_json(&text, job, opt->scale, found ? NULL : message);
    else if (format == FORMAT_GRID)
        add_grids(&text, job, opt);
    else
        add_line(&text, job, opt);
    if (text.failed) {
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_error("puzzle %lu: out of memory", base->number + 1);
    } else {
        fwrite(text.data, 1, text.len, run->out);
    }
    cli_text_free(&text);
}

static void generate_stats(const cli_run *run, double seconds)
{
    const generate_options *opt = run->options;
    const cli_totals *t = &run->totals;
    cli_error("stats: seed %llu; %lu puzzles generated, %lu not found; %lu drawn; %.3f s, "
              "%.0f puzzles/s",
              (unsigned long long)opt->seed, t->solved, t->unreached, t->drawn, seconds,
              seconds > 0 ? (double)t->solved / seconds : 0.0);
}

static int check_options(void *options_, const cli_common *common)
{
    generate_options *opt = options_;
    if (common->first_line)
        return cli_usage_error("generate", "%s",
                               "--first-line numbers the lines read, and generate reads none");
    if (!opt->seeded) opt->seed = fresh_seed();
    return 0;
}

static const cli_command generate_command = {
    .name = "generate",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(generate_job),
    .batch_records = GENERATE_BATCH,
    .work = generate_work,
    .report = generate_report,
    .stats = generate_stats,
};

int cli_generate(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_LINE, .jobs = 1};
    generate_options opt = {.symmetry = SUDOKU_SYMMETRY_NONE,
                            .most = SUDOKU_CELLS,
                            .lowest = -1,
                            .highest = -1,
                            .attempts = DEFAULT_ATTEMPTS};
    int operands;
    int rc = cli_parse_options(&generate_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    /* The scale printed: --scale, else SUDOKU_SCALE, else the range's. */
    const char *scale = getenv("SUDOKU_SCALE");
    if (!opt.scale_given && scale && scale[0] &&
        (rc = steps_parse_scale("generate", "SUDOKU_SCALE", scale, &opt.scale)) != 0)
        return rc;
    if (!opt.scale_given && !(scale && scale[0]) && opt.low_level) opt.scale = SUDOKU_SCALE_HODOKU;
    unsigned long count = 1;
    if (operands > 1)
        return cli_usage_error("generate", "takes one count of puzzles, not also '%s'", argv[2]);
    if (operands == 1 && !cli_parse_number(argv[1], &count))
        return cli_usage_error("generate", "N is a count of puzzles (a whole number), not '%s'",
                               argv[1]);
    return cli_run_generated(&generate_command, &common, &opt, count);
}
