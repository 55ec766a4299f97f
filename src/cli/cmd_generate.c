/*
 * cmd_generate.c: `sudoku generate`: new puzzles with exactly one solution,
 * with a symmetry, a number of clues, minimal, on a pattern of clues, rated
 * in a range, or needing a technique, one record each. Puzzle i of a run
 * is drawn from its own seed (the run's seed plus i times a constant), so
 * the output is the same whatever -j is, and a puzzle's seed (in its JSON
 * record) gives it again alone.
 */
#define _POSIX_C_SOURCE 200809L

#include "book.h"
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

/* Attempts by default where each is a whole walk (a pattern filled, few
 * clues reached): a minute or so on the hardest patterns of 18 clues. */
#define DEFAULT_WALKS 1000ul

/* --clues whose top is this or fewer takes the walk towards few clues:
 * random digging reaches 21 clues once in 500 draws, 20 once in 50,000. */
#define FEWER_TOP 21

/* Steps of a walk from each puzzle drawn, when a technique is asked for:
 * the puzzles beside one at the edge of a rating are at that edge too. */
#define WALK_STEPS 100
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
    "                      keep only puzzles of N clues (of A to B); 17 to 81;\n"
    "                      a top of 21 or fewer (without a symmetry) walks down\n"
    "                      from a minimal puzzle instead: two clues away, one\n"
    "                      added ({-2+1}), again and again\n"
    "  --pattern=MASK      clues exactly on the cells MASK marks: 81 cells, a\n"
    "                      digit, x, X, * or # for a clue, '.', '0' or '-' for\n"
    "                      none, on one line or as a 9-line grid; or a file\n"
    "                      holding one; not with --symmetry or --clues\n"
    "  --technique=NAME    keep only puzzles whose hardest step (the one rated\n"
    "                      ER) is technique NAME, as explain names it (e.g.\n"
    "                      'X-wing', 'Swordfish', 'XY-wing'; case, spaces and\n"
    "                      hyphens do not matter)\n"
    "  --needs=NAME        keep only puzzles whose path takes a step of NAME\n"
    "  --rating=A-B        keep only puzzles Sudoku Explainer rates A to B (ER,\n"
    "                      one decimal, as 'sudoku rate' gives it)\n"
    "  --difficulty=NAME   a named range of ratings: easy (1.0-1.5), medium\n"
    "                      (1.6-2.5), hard (2.6-5.9), expert (6.0-8.9) or extreme\n"
    "                      (9.0 and up); not with --rating\n"
    "  --level=L, --level=A-B\n"
    "                      keep only puzzles of HoDoKu's level L (easy, medium,\n"
    "                      hard, unfair, extreme), or of A to B; not with\n"
    "                      --rating, --difficulty, --pearl, --diamond,\n"
    "                      --technique or --needs (SE's)\n"
    "  --pearl=A-B         keep only puzzles whose EP (the hardest step before\n"
    "                      the first digit placed) is A to B\n"
    "  --diamond=A-B       keep only puzzles whose ED (the first step) is A to B\n"
    "  --attempts=N        give up on a puzzle after N drawn puzzles missed the\n"
    "                      options (default 100000; k, M and G multiply by a\n"
    "                      thousand, a million, a billion): it gets a diagnostic\n"
    "                      and no line; with --pattern or few --clues each\n"
    "                      attempt is a whole walk (default 1000); with\n"
    "                      --technique or --needs each puzzle of a walk counts\n"
    "  --solution          print each puzzle's solution after it\n"
    "  --rate              print each puzzle's ratings (ER/EP/ED) after it; on\n"
    "                      HoDoKu's scale its level and score ('Hard 416')\n"
    "  --scale=SCALE       the scale --rate, json and html print: se (the default,\n"
    "                      but hodoku with --level) or hodoku; the environment\n"
    "                      variable SUDOKU_SCALE sets the default. --technique\n"
    "                      and --needs name SE's techniques: not with --scale\n"
    "                      hodoku\n"
    "  --format=FORMAT     line (the default): the puzzle, then its solution and\n"
    "                      ratings when asked, separated by spaces; grid: the\n"
    "                      puzzle as a 9-line grid ('# ' lines before it say its\n"
    "                      ratings, and its solution's grid follows it, when\n"
    "                      asked); json: one object per puzzle per line, with\n"
    "                      \"number\", \"status\", \"puzzle\", \"solution\",\n"
    "                      \"clues\", \"er\", \"ep\", \"ed\" (\"level\", \"score\" on\n"
    "                      HoDoKu's scale), \"symmetry\", \"seed\"\n"
    "                      (which gives the puzzle again with N = 1; a string,\n"
    "                      as a 64-bit number would lose digits in JSON readers;\n"
    "                      --seed takes it with or without its quotes) and\n"
    "                      \"attempts\";\n"
    "                      svg: each puzzle drawn (its solution, givens told apart,\n"
    "                      with --solution), to standard output or to a numbered\n"
    "                      file with --output-dir=DIR; html: a printable book of\n"
    "                      them all, each with its number and rating, with their\n"
    "                      solutions after them with --solution ('sudoku book')\n"
    "  --per-page=N, --paper=a4|letter, --title=TEXT\n"
    "                      the book's puzzles a page (1-12, default 4), paper and\n"
    "                      title (--format html)"
    "  --stats             print a summary on stderr at the end, with the seed\n"
    "  -j, --jobs=N        work on N threads (default 1; 0: one per processor;\n"
    "                      at most " NUMBER_TEXT(
        CLI_MAX_JOBS) "); the output is the same as with one\n"
                      "  -h, --help          show this help and exit\n"
                      "  -V, --version       show the version and exit\n"
                      "\n"
                      "Exit status:\n"
                      "  0  every puzzle asked for was generated\n"
                      "  1  some puzzle was not found within --attempts, or no puzzle on\n"
                      "     the pattern can have one solution, or none can take the step\n"
                      "     --technique or --needs names (Direct claiming)\n"
                      "  2  usage error or unwritable output\n";

typedef struct generate_options {
    uint64_t seed;
    bool seeded;  /* --seed given */
    int symmetry; /* a sudoku_symmetry, or SYMMETRY_RANDOM */
    bool minimal;
    int fewest, most;    /* clues */
    int lowest, highest; /* ER times ten; lowest -1: no rating asked */
    int range_key;       /* the option that set them (--rating, --difficulty, --level), 0: none */
    unsigned long long attempts;
    bool attempts_given;
    bool solution, rate;
    book *book;      /* --format html: the book being written */
    int book_option; /* the last book option given, 0: none */
    bool patterned;                   /* --pattern given */
    bool pattern[SUDOKU_CELLS];       /* its cells */
    int technique, needs;             /* sudoku_technique, -1: none */
    int pearl[2], diamond[2];         /* EP and ED ranges, times ten; [0] -1: none */
    sudoku_level low_level, high_level; /* --level; SUDOKU_LEVEL_NONE: none asked */
    sudoku_scale scale;                 /* what --rate, json and html print */
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
    KEY_PATTERN,
    KEY_TECHNIQUE,
    KEY_NEEDS,
    KEY_PEARL,
    KEY_DIAMOND,
    KEY_LEVEL,
    KEY_SCALE
};

static const cli_option options[] = {
    {"seed", true, KEY_SEED},         {"symmetry", true, KEY_SYMMETRY},
    {"minimal", false, KEY_MINIMAL},  {"clues", true, KEY_CLUES},
    {"rating", true, KEY_RATING},     {"difficulty", true, KEY_DIFFICULTY},
    {"attempts", true, KEY_ATTEMPTS}, {"solution", false, KEY_SOLUTION},
    {"rate", false, KEY_RATE},        {"pattern", true, KEY_PATTERN},
    {"technique", true, KEY_TECHNIQUE}, {"needs", true, KEY_NEEDS},
    {"pearl", true, KEY_PEARL},       {"diamond", true, KEY_DIAMOND},
    {"level", true, KEY_LEVEL},       {"scale", true, KEY_SCALE},
    BOOK_OPTIONS,
    {NULL, false, 0}};

static const cli_format_name formats[] = {{"line", FORMAT_LINE}, {"grid", FORMAT_GRID},
                                          {"json", FORMAT_JSON}, {"svg", FORMAT_SVG},
                                          {"html", FORMAT_HTML}, {NULL, FORMAT_AUTO}};

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

bool cli_rating_range(const char *value, int *lowest, int *highest)
{
    char low[32], high[32];
    *lowest = *highest = -1;
    if (split_range(value, low, high)) {
        *lowest = steps_parse_rating(low);
        *highest = steps_parse_rating(high);
    }
    return *lowest >= 0 && *highest >= *lowest;
}

bool cli_difficulty_range(const char *name, int *lowest, int *highest)
{
    for (size_t i = 0; i < sizeof difficulties / sizeof difficulties[0]; i++)
        if (strcmp(name, difficulties[i].name) == 0) {
            *lowest = difficulties[i].lowest;
            *highest = difficulties[i].highest;
            return true;
        }
    return false;
}

static int take_rating(generate_options *opt, const char *value)
{
    int range[2];
    if (!cli_rating_range(value, &range[0], &range[1]))
        return cli_usage_error("generate",
                               "--rating needs a range of ratings such as 6.0-7.5 "
                               "or one such as 4.2, not '%s'",
                               value);
    /* Every puzzle takes a step, and the easiest is rated 1.0: a range
     * below would spend every attempt in vain. */
    if (range[1] < 10)
        return cli_usage_error("generate",
                               "--rating: no puzzle is rated below 1.0, so none in '%s'", value);
    opt->lowest = range[0];
    opt->highest = range[1];
    return 0;
}

/* --pearl or --diamond: a range of EP or ED, as --rating. */
static int take_pearl_or_diamond(generate_options *opt, int key, const char *value)
{
    int *range = key == KEY_PEARL ? opt->pearl : opt->diamond;
    if (!cli_rating_range(value, &range[0], &range[1]))
        return cli_usage_error("generate",
                               key == KEY_PEARL ? "--pearl needs a range of ratings such as "
                                                  "2.6-4.0 or one such as 1.2, not '%s'"
                                                : "--diamond needs a range of ratings such as "
                                                  "2.6-4.0 or one such as 1.2, not '%s'",
                               value);
    if (range[1] < 10)
        return cli_usage_error("generate", "no step is rated below 1.0, so none in '%s'", value);
    return 0;
}

/* --technique or --needs: a technique by the name explain gives it. */
static int take_technique(generate_options *opt, int key, const char *value)
{
    sudoku_technique t;
    if (sudoku_technique_named(value, &t)) {
        *(key == KEY_TECHNIQUE ? &opt->technique : &opt->needs) = (int)t;
        return 0;
    }
    char names[2048] = "";
    for (int i = 0; i < SUDOKU_TECHNIQUES; i++) {
        const char *name = sudoku_technique_name_on((sudoku_technique)i, SUDOKU_SCALE_SE);
        size_t used = strlen(names);
        if (name) snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", name);
    }
    fprintf(stderr, "sudoku: %s: no technique '%s' (one of: %s) (try 'sudoku generate --help')\n",
            key == KEY_TECHNIQUE ? "--technique" : "--needs", value, names);
    return EXIT_BAD_INPUT;
}

/* A pattern's text: 81 cells, a clue where a digit, x, X, * or # is, none
 * where '.', '0' or '-' is; spaces, '|' and a grid's rule lines (those
 * with a '+', or of dashes that are not a row of nine) between them.
 * Returns the number of cells read (81 when it is a pattern). */
static int read_pattern(const char *text, bool pattern[SUDOKU_CELLS])
{
    int n = 0;
    while (*text) {
        size_t length = strcspn(text, "\n");
        int cells = 0, dashes = 0;
        bool rule = memchr(text, '+', length) != NULL, other = false;
        for (size_t i = 0; i < length; i++) {
            char c = text[i];
            dashes += c == '-';
            if (strchr("123456789xX*#.0-", c))
                cells++;
            else if (!strchr(" \t\r|+", c))
                other = true;
        }
        if (other) return -1;
        rule = rule || (dashes == cells && cells != 9 && cells != SUDOKU_CELLS);
        for (size_t i = 0; i < length && !rule; i++) {
            char c = text[i];
            if (!strchr("123456789xX*#.0-", c)) continue;
            if (n < SUDOKU_CELLS) pattern[n] = !strchr(".0-", c);
            n++;
        }
        text += length + (text[length] == '\n');
    }
    return n;
}

/* --pattern: the pattern itself, or a file that holds one. */
static int take_pattern(generate_options *opt, const char *value)
{
    char text[4096];
    const char *source = value;
    FILE *file = strlen(value) != SUDOKU_CELLS ? fopen(value, "r") : NULL;
    if (file) {
        size_t n = fread(text, 1, sizeof text - 1, file);
        bool whole = feof(file) && !ferror(file);
        fclose(file);
        if (!whole)
            return cli_usage_error("generate", "--pattern: cannot read '%s' (at most 4095 bytes)",
                                   value);
        text[n] = '\0';
        source = text;
    }
    int cells = read_pattern(source, opt->pattern);
    if (cells != SUDOKU_CELLS) {
        char why[160];
        if (cells < 0)
            snprintf(why, sizeof why, "%s", "a character that marks no cell");
        else
            snprintf(why, sizeof why, "%d cells", cells);
        fprintf(stderr,
                "sudoku: --pattern needs 81 cells (a digit, x, X, * or # for a clue; '.', '0' "
                "or '-' for none), not %s in '%s' (try 'sudoku generate --help')\n",
                why, value);
        return EXIT_BAD_INPUT;
    }
    opt->patterned = true;
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
    if (cli_difficulty_range(value, &opt->lowest, &opt->highest)) return 0;
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
        if (!cli_parse_seed(value, &opt->seed))
            return cli_usage_error("generate",
                                   "--seed needs a whole number from 0 to "
                                   "18446744073709551615, not '%s'",
                                   value);
        opt->seeded = true;
        return 0;
    case KEY_SYMMETRY: opt->symmetry = -1; return take_named(opt, key, value);
    case KEY_DIFFICULTY: return take_range(opt, key, value);
    case KEY_MINIMAL: opt->minimal = true; return 0;
    case KEY_CLUES: return take_clues(opt, value);
    case KEY_RATING: return take_range(opt, key, value);
    case KEY_ATTEMPTS:
        if (!cli_parse_count(value, &n) || n == 0)
            return cli_usage_error("generate",
                                   "--attempts needs a count from 1 (e.g. 5000 or "
                                   "20k), not '%s'",
                                   value);
        opt->attempts = n;
        opt->attempts_given = true;
        return 0;
    case KEY_PATTERN: return take_pattern(opt, value);
    case KEY_TECHNIQUE:
    case KEY_NEEDS: return take_technique(opt, key, value);
    case KEY_PEARL:
    case KEY_DIAMOND: return take_pearl_or_diamond(opt, key, value);
    case KEY_SOLUTION: opt->solution = true; return 0;
    case KEY_RATE: opt->rate = true; return 0;
    case KEY_LEVEL: return take_range(opt, key, value);
    case KEY_SCALE:
        opt->scale_given = true;
        return steps_parse_scale("generate", "--scale", value, &opt->scale);
    case BOOK_KEY_PER_PAGE:
    case BOOK_KEY_PAPER:
    case BOOK_KEY_TITLE: opt->book_option = key; return book_take_option(opt->book, "generate", key, value);
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

uint64_t cli_random_state(uint64_t seed)
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
 * times ten, or HoDoKu's level), marking in used (when not NULL) the
 * techniques its path takes; returns false if the path did not get to the
 * end within the budget and under the ceiling. */
static bool rate_puzzle(generate_job *job, sudoku_scale scale, int ceiling, bool *used)
{
    unsigned flags = scale == SUDOKU_SCALE_HODOKU ? SUDOKU_LOGIC_HODOKU : 0;
    sudoku_rate_outcome outcome =
        sudoku_rate_used(&job->puzzle, flags, STEPS_DEFAULT_BUDGET, ceiling, &job->rating, used);
    if (outcome == SUDOKU_RATE_OUT_OF_MEMORY) job->outcome = NO_MEMORY;
    job->rated = outcome == SUDOKU_RATE_SOLVED;
    job->rated_on = scale;
    return job->rated;
}

static bool wants_rating(const generate_options *opt, cli_format format)
{
    return opt->rate || format == FORMAT_JSON || format == FORMAT_HTML;
}

/* How the puzzles are drawn. */
typedef enum generate_mode {
    MODE_DIG,    /* clues taken away from a random grid (sudoku_generate) */
    MODE_FEWER,  /* the walk towards few clues (sudoku_generate_fewer) */
    MODE_PATTERN /* the walk that fills a pattern (sudoku_generate_pattern) */
} generate_mode;

static generate_mode mode_of(const generate_options *opt, sudoku_symmetry symmetry)
{
    if (opt->patterned) return MODE_PATTERN;
    if (opt->most <= FEWER_TOP && symmetry == SUDOKU_SYMMETRY_NONE) return MODE_FEWER;
    return MODE_DIG;
}

/* A technique asked for: the puzzles are dug and walked up to a rating. */
static bool targeted(const generate_options *opt)
{
    return opt->technique >= 0 || opt->needs >= 0;
}

/* The options only a rating with its techniques can answer (--rating and
 * --difficulty alone keep the way they always took). */
static bool path_filters(const generate_options *opt)
{
    return targeted(opt) || opt->pearl[0] >= 0 || opt->diamond[0] >= 0;
}

/* The rating (times ten; 0: none) a targeted puzzle is dug and walked up
 * to: the technique's ceiling, or --needs's when no --technique or
 * --rating says more, and never above --rating's top. */
static int target_ceiling(const generate_options *opt)
{
    int ceiling = 0;
    if (opt->technique >= 0)
        ceiling = sudoku_technique_ceiling((sudoku_technique)opt->technique);
    else if (opt->needs >= 0 && opt->lowest < 0)
        ceiling = sudoku_technique_ceiling((sudoku_technique)opt->needs);
    if (opt->lowest >= 0 && (ceiling == 0 || opt->highest < ceiling)) ceiling = opt->highest;
    return ceiling;
}

/* What a targeted puzzle is dug and walked under: a rating (times ten; 0:
 * none). The test keeps the last puzzle it passed and that puzzle's
 * hardest step, which is the rating's up to the same ceiling: a puzzle
 * whose hardest step is not the technique asked for need not be rated
 * again. A puzzle dug to a technique's shape (sudoku_generate_shaped) is
 * walked keeping the shape, and uphill: each step rated at least as the
 * puzzle before it, towards the technique at the ceiling. */
typedef struct target {
    int ceiling;
    sudoku_grid passed;
    sudoku_technique hardest;
    int er;                   /* passed's rating */
    bool shaped;              /* the puzzle was dug to a shape */
    bool shape[SUDOKU_CELLS]; /* its cells, */
    sudoku_grid start;        /* each open or a clue as here */
    int floor;                /* the least rating the test lets through (0: any) */
} target;

static bool keeps_shape(const sudoku_grid *puzzle, const target *t)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (t->shape[cell] && (puzzle->cell[cell] != 0) != (t->start.cell[cell] != 0)) return false;
    return true;
}

/* The generator's test: the puzzle is as the target (context) asks. Below
 * the chains' ratings the engine need not try them. */
static bool within_ceiling(const sudoku_grid *puzzle, void *context)
{
    target *t = context;
    if (t->shaped && !keeps_shape(puzzle, t)) return false;
    int ceiling = t->ceiling;
    unsigned flags = ceiling > 0 && ceiling <= sudoku_technique_ceiling(SUDOKU_ALIGNED_PAIR_EXCLUSION)
                         ? SUDOKU_LOGIC_NO_CHAINS
                         : 0;
    sudoku_rating rating;
    if (sudoku_rate(puzzle, flags, STEPS_DEFAULT_BUDGET, ceiling, &rating) != SUDOKU_RATE_SOLVED ||
        rating.er < t->floor)
        return false;
    t->passed = *puzzle;
    t->hardest = rating.hardest;
    t->er = rating.er;
    return true;
}

static bool in_range(int value, const int range[2])
{
    return range[0] < 0 || (value >= range[0] && value <= range[1]);
}

/* Whether the job's puzzle is rated as the options ask (rating it when
 * they ask anything of its rating). */
static bool rating_fits(generate_job *job, const generate_options *opt, const target *aim)
{
    if (opt->low_level)
        return rate_puzzle(job, SUDOKU_SCALE_HODOKU, (int)opt->high_level, NULL) &&
               job->rating.level >= opt->low_level;
    if (!path_filters(opt))
        return opt->lowest < 0 || (rate_puzzle(job, SUDOKU_SCALE_SE, opt->highest, NULL) &&
                                   job->rating.er >= opt->lowest);
    if (opt->technique >= 0 && aim && aim->hardest != (sudoku_technique)opt->technique &&
        memcmp(&aim->passed, &job->puzzle, sizeof job->puzzle) == 0)
        return false;
    bool used[SUDOKU_TECHNIQUES];
    int ceiling = opt->lowest >= 0 ? opt->highest : 0;
    if (opt->technique >= 0) ceiling = target_ceiling(opt);
    if (!rate_puzzle(job, SUDOKU_SCALE_SE, ceiling, used)) return false;
    const sudoku_rating *r = &job->rating;
    return (opt->lowest < 0 || r->er >= opt->lowest) && in_range(r->ep ? r->ep : r->er, opt->pearl) &&
           in_range(r->ed, opt->diamond) &&
           (opt->technique < 0 || r->hardest == (sudoku_technique)opt->technique) &&
           (opt->needs < 0 || used[opt->needs]);
}

/* Whether the job's puzzle meets the options; minimal says whether it is
 * minimal when that is asked. */
static bool accept(generate_job *job, const generate_options *opt, bool minimal, const target *aim)
{
    job->clues = clue_count(&job->puzzle);
    if (job->clues < job->fewest_seen) job->fewest_seen = job->clues;
    if (job->clues > job->most_seen) job->most_seen = job->clues;
    if (!minimal || job->clues > opt->most) return false;
    return rating_fits(job, opt, aim);
}

static bool minimal_if_asked(const generate_job *job, const generate_options *opt)
{
    bool redundant[SUDOKU_CELLS];
    return !opt->minimal || sudoku_redundant_clues(&job->puzzle, redundant) == 0;
}

/* A targeted dig without symmetry or --clues: to the shape of the
 * technique asked for (--needs's without --technique), when it has one;
 * returns false, nothing drawn, if it has none. */
static bool draw_shaped(generate_job *job, const generate_options *opt, const sudoku_generator *how,
                        target *aim, uint64_t *state)
{
    aim->shaped = false;
    aim->floor = 0;
    if (!targeted(opt) || how->symmetry != SUDOKU_SYMMETRY_NONE || how->fewest_clues > 0 ||
        opt->most < SUDOKU_CELLS)
        return false;
    sudoku_technique aimed = (sudoku_technique)(opt->technique >= 0 ? opt->technique : opt->needs);
    if (!sudoku_generate_shaped(aimed, within_ceiling, aim, state, &job->puzzle, &job->solution,
                                aim->shape))
        return false;
    aim->shaped = true;
    aim->start = job->puzzle;
    return true;
}

/* Draws the next puzzle of the job's kind; returns false if the draw got
 * nowhere (a walk stuck), else whether it is minimal as asked (a dig
 * says so itself). */
static bool draw(generate_job *job, const generate_options *opt, generate_mode mode,
                 const sudoku_generator *how, target *aim, uint64_t *state, bool *reached)
{
    *reached = true;
    if (mode == MODE_DIG && draw_shaped(job, opt, how, aim, state))
        return minimal_if_asked(job, opt);
    switch (mode) {
    case MODE_FEWER:
        *reached = sudoku_generate_fewer(opt->fewest, opt->most, state, &job->puzzle, &job->solution);
        return *reached && minimal_if_asked(job, opt);
    case MODE_PATTERN:
        *reached = sudoku_generate_pattern(opt->pattern, state, &job->puzzle, &job->solution);
        return *reached && minimal_if_asked(job, opt);
    default:
        return sudoku_generate_keeping(how, targeted(opt) ? within_ceiling : NULL, aim, state,
                                       &job->puzzle, &job->solution);
    }
}

/* Walks from the job's puzzle to its neighbours at the ceiling, each one an
 * attempt, until one meets the options; returns true if one did. */
static bool walk(generate_job *job, const generate_options *opt, target *aim,
                 unsigned long long limit, uint64_t *state)
{
    const bool *pattern = opt->patterned ? opt->pattern : NULL;
    if (job->clues > opt->most) return false; /* a step keeps the count */
    if (aim->shaped && memcmp(&aim->passed, &job->puzzle, sizeof job->puzzle) == 0)
        aim->floor = aim->er;
    for (int step = 0; step < WALK_STEPS && job->attempts < limit; step++) {
        if (!sudoku_generate_neighbour(&job->puzzle, pattern, within_ceiling, aim, state))
            return false;
        if (aim->shaped) aim->floor = aim->er; /* the step just passed the test */
        job->attempts++;
        if (accept(job, opt, minimal_if_asked(job, opt), aim)) {
            sudoku_result result;
            sudoku_solve(&job->puzzle, 1, &result);
            job->solution = result.solution;
            return true;
        }
        if (job->outcome == NO_MEMORY) return false;
    }
    return false;
}

static void generate_work(const cli_run *run, cli_job *base)
{
    const generate_options *opt = run->options;
    generate_job *job = (generate_job *)base;
    job->seed = opt->seed + base->number * SEED_STEP;
    uint64_t state = cli_random_state(job->seed);
    job->symmetry = opt->symmetry == SYMMETRY_RANDOM
                        ? (sudoku_symmetry)(cli_random_state(~job->seed) % SUDOKU_SYMMETRIES)
                        : (sudoku_symmetry)opt->symmetry;
    sudoku_generator how = {job->symmetry, opt->fewest, opt->minimal};
    generate_mode mode = mode_of(opt, job->symmetry);
    unsigned long long limit = opt->attempts_given ? opt->attempts
                               : mode == MODE_DIG  ? DEFAULT_ATTEMPTS
                                                   : DEFAULT_WALKS;
    target aim = {.ceiling = target_ceiling(opt)};
    /* Walks keep the clue count and the pattern, but not a symmetry. */
    bool walks = targeted(opt) && (mode != MODE_DIG || job->symmetry == SUDOKU_SYMMETRY_NONE);
    job->outcome = NOT_FOUND;
    job->fewest_seen = SUDOKU_CELLS + 1;
    job->most_seen = 0;
    job->rated = false;
    for (job->attempts = 1; job->attempts <= limit; job->attempts++) {
        bool reached, minimal = draw(job, opt, mode, &how, &aim, &state, &reached);
        if (!reached) {
            int clues = clue_count(&job->puzzle);
            if (clues < job->fewest_seen) job->fewest_seen = clues;
            if (clues > job->most_seen) job->most_seen = clues;
            continue;
        }
        if (accept(job, opt, minimal, &aim) || (walks && walk(job, opt, &aim, limit, &state))) {
            job->outcome = GENERATED;
            break;
        }
        if (job->outcome == NO_MEMORY) return;
    }
    if (job->outcome == NOT_FOUND) job->attempts = limit;
    if (job->outcome == GENERATED && (!job->rated || job->rated_on != opt->scale) &&
        wants_rating(opt, run->common->format))
        rate_puzzle(job, opt->scale, 0, NULL);
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
    /* The seed as a string: JSON readers keep 53 bits of a number. */
    cli_text_printf(text, ",\"symmetry\":\"%s\",\"seed\":\"%llu\",\"attempts\":%llu,\"error\":",
                    sudoku_symmetry_name(job->symmetry), (unsigned long long)job->seed,
                    job->attempts);
    if (error)
        cli_text_json_string(text, error);
    else
        cli_text_puts(text, "null");
    cli_text_puts(text, "}\n");
}

/* " rated 2.6 to 4.0" and the like: a range of ratings in words. */
static void add_range(char *message, size_t size, const char *what, const int range[2])
{
    if (range[0] < 0) return;
    size_t n = strlen(message);
    snprintf(message + n, size - n, " %s %d.%d to %d.%d", what, range[0] / 10, range[0] % 10,
             range[1] / 10, range[1] % 10);
}

/* " of level Hard" or " of level Hard to Unfair": --level in words. */
static void add_level(char *message, size_t size, const generate_options *opt)
{
    bool range = opt->high_level != opt->low_level;
    snprintf(message, size, " of level %s%s%s", sudoku_level_name(opt->low_level),
             range ? " to " : "", range ? sudoku_level_name(opt->high_level) : "");
}

/* The message of the options issue 28 added: each that was asked, in words. */
static void not_found_asked(const generate_options *opt, const generate_job *job, char *message,
                            size_t size)
{
    snprintf(message, size, "no %spuzzle%s", opt->minimal ? "minimal " : "",
             opt->patterned ? " on the pattern" : "");
    size_t n = strlen(message);
    bool clues = opt->most < SUDOKU_CELLS || opt->fewest > 0;
    if (clues && opt->fewest == opt->most)
        snprintf(message + n, size - n, " of %d clues", opt->most);
    else if (clues)
        snprintf(message + n, size - n, " of %d to %d clues", opt->fewest, opt->most);
    add_range(message, size, "rated", (int[2]){opt->lowest, opt->highest});
    n = strlen(message);
    if (opt->low_level) add_level(message + n, size - n, opt);
    add_range(message, size, "with EP", opt->pearl);
    add_range(message, size, "with ED", opt->diamond);
    n = strlen(message);
    if (opt->technique >= 0)
        snprintf(message + n, size - n, " whose hardest step is %s",
                 sudoku_technique_name((sudoku_technique)opt->technique));
    n = strlen(message);
    if (opt->needs >= 0)
        snprintf(message + n, size - n, "%s a step of %s", opt->technique >= 0 ? " and" : " that takes",
                 sudoku_technique_name((sudoku_technique)opt->needs));
    n = strlen(message);
    snprintf(message + n, size - n, " in %llu attempts", job->attempts);
    n = strlen(message);
    if (clues && job->most_seen > 0)
        snprintf(message + n, size - n, " (clues reached: %d to %d)", job->fewest_seen,
                 job->most_seen);
}

/* Why no puzzle came: the options that were missed, and how near it got. */
static void not_found_message(const generate_options *opt, const generate_job *job, char *message,
                              size_t size)
{
    unsigned long long tried = job->attempts;
    if (opt->patterned || path_filters(opt) || mode_of(opt, job->symmetry) != MODE_DIG)
        not_found_asked(opt, job, message, size);
    else if (opt->lowest >= 0)
        snprintf(message, size, "no puzzle rated %d.%d to %d.%d in %llu attempts", opt->lowest / 10,
                 opt->lowest % 10, opt->highest / 10, opt->highest % 10, tried);
    else if (opt->low_level) {
        snprintf(message, size, "no puzzle");
        size_t n = strlen(message);
        add_level(message + n, size - n, opt);
        n = strlen(message);
        snprintf(message + n, size - n, " in %llu attempts", tried);
    }
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
    char message[400];
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
    if (format == FORMAT_HTML) {
        book_add(run, opt->book, &job->puzzle, job->rated ? &job->rating : NULL, &job->solution,
                 NULL);
        return;
    }
    cli_text text = {0};
    if (format == FORMAT_SVG) {
        const picture_request request = {&job->puzzle, opt->solution ? &job->solution : NULL, NULL,
                                         NULL, 0};
        pictures_add_svg(&text, &request);
    } else if (format == FORMAT_JSON)
        add_json(&text, job, opt->scale, found ? NULL : message);
    else if (format == FORMAT_GRID)
        add_grids(&text, job, opt);
    else
        add_line(&text, job, opt);
    if (text.failed) {
        cli_raise_status(run, EXIT_BAD_INPUT);
        cli_error("puzzle %lu: out of memory", base->number + 1);
    } else if (format == FORMAT_SVG) {
        pictures_write(run, base, text.data, text.len);
    } else {
        fwrite(text.data, 1, text.len, run->out);
    }
    cli_text_free(&text);
}

static void generate_stats(const cli_run *run, double seconds)
{
    const generate_options *opt = run->options;
    const cli_totals *t = &run->totals;
    char speed[32];
    cli_error("stats: seed %llu; %lu puzzle%s generated, %lu not found; %lu drawn; %.3f s, %s",
              (unsigned long long)opt->seed, t->solved, t->solved == 1 ? "" : "s", t->unreached,
              t->drawn, seconds, cli_speed(speed, t->solved, seconds));
}

static int check_options(void *options_, const cli_common *common)
{
    generate_options *opt = options_;
    if (common->first_line)
        return cli_usage_error("generate", "%s",
                               "--first-line numbers the lines read, and generate reads none");
    if (opt->patterned && opt->symmetry != SUDOKU_SYMMETRY_NONE)
        return cli_usage_error("generate", "%s",
                               "--pattern says where the clues are: it cannot take --symmetry "
                               "too (a symmetric pattern keeps its symmetry)");
    if (opt->patterned && (opt->fewest > 0 || opt->most < SUDOKU_CELLS))
        return cli_usage_error("generate", "%s",
                               "--pattern says how many clues there are: it cannot take --clues "
                               "too");
    char why[200];
    if (opt->patterned && !sudoku_pattern_possible(opt->pattern, why, sizeof why)) {
        cli_error("--pattern: %s", why);
        return EXIT_UNSOLVED;
    }
    /* A direct claiming always comes with a hidden single or a direct
     * pointing, which the path takes first (docs/generate.md shows why):
     * no path takes one, and no number of attempts would find it. */
    if (opt->technique == SUDOKU_DIRECT_CLAIMING || opt->needs == SUDOKU_DIRECT_CLAIMING) {
        cli_error("%s", "no puzzle's path takes a step of Direct claiming: wherever one "
                        "applies, a hidden single or a direct pointing does too, and comes first");
        return EXIT_UNSOLVED;
    }
    /* --technique and --needs name SE's techniques, found on SE's path;
     * EP and ED are SE's ratings: HoDoKu's level is another path. */
    if (targeted(opt) && (opt->low_level || (opt->scale_given && opt->scale == SUDOKU_SCALE_HODOKU)))
        return cli_usage_error("generate", "%s",
                               "--technique and --needs name Sudoku Explainer's techniques, "
                               "found on its path: not with --level or --scale hodoku");
    if (opt->low_level && (opt->pearl[0] >= 0 || opt->diamond[0] >= 0))
        return cli_usage_error("generate", "%s",
                               "--pearl and --diamond are ranges of SE's ratings: not with "
                               "--level (HoDoKu's)");
    if (!opt->seeded) opt->seed = fresh_seed();
    if (opt->book_option && common->format != FORMAT_HTML)
        return cli_usage_error("generate", "%s",
                               opt->book_option == BOOK_KEY_PER_PAGE ? "--per-page only applies with --format html"
                               : opt->book_option == BOOK_KEY_PAPER ? "--paper only applies with --format html"
                                                               : "--title only applies with --format html");
    opt->book->solutions = opt->solution;
    return 0;
}

static void begin_book(cli_run *run)
{
    const generate_options *opt = run->options;
    if (run->common->format == FORMAT_HTML) book_begin(run, opt->book);
}

static void end_book(cli_run *run)
{
    const generate_options *opt = run->options;
    if (run->common->format == FORMAT_HTML) book_end(run, opt->book);
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
    .begin = begin_book,
    .end = end_book,
};

int cli_generate(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_LINE, .jobs = 1};
    book the_book;
    book_defaults(&the_book);
    generate_options opt = {.book = &the_book,
                            .symmetry = SUDOKU_SYMMETRY_NONE,
                            .most = SUDOKU_CELLS,
                            .lowest = -1,
                            .highest = -1,
                            .attempts = DEFAULT_ATTEMPTS,
                            .technique = -1,
                            .needs = -1,
                            .pearl = {-1, -1},
                            .diamond = {-1, -1}};
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
