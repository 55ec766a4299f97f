/*
 * options.c: a batch command's options, read with getopt_long: the ones
 * every command has (--format, -j/--jobs, --stats, --help, --version) and
 * the command's own, with the project's messages instead of getopt's.
 *
 * Operands and options may come in any order. An argument is an option only
 * if it starts with '-' or "--" and then a letter: "-", "--" and puzzles
 * written with dashes for blanks ("----8.5...") are operands, which is why
 * getopt is asked to stop at each operand ('+') and is then resumed past it.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TEXT_OF(x) #x
#define NUMBER_TEXT(x) TEXT_OF(x)
#define MAX_JOBS_TEXT NUMBER_TEXT(CLI_MAX_JOBS)

/* Keys of the common long options without a short letter. */
enum { KEY_FORMAT = 1000, KEY_STATS, KEY_FIRST_LINE, KEY_OUTPUT_DIR };

/* The largest --first-line: line numbers must not overflow after it. */
#define MAX_FIRST_LINE 1000000000000L

/* Room for the common options, a command's own and the end marker. */
#define MAX_OPTIONS 32

static const cli_option common_options[] = {{"format", true, KEY_FORMAT},
                                            {"jobs", true, 'j'},
                                            {"stats", false, KEY_STATS},
                                            {"first-line", true, KEY_FIRST_LINE},
                                            {"output-dir", true, KEY_OUTPUT_DIR},
                                            {"help", false, 'h'},
                                            {"version", false, 'V'},
                                            {NULL, false, 0}};

int cli_usage_error(const char *command, const char *fmt, const char *arg)
{
    /* fmt takes arg alone; the message goes through cli_error, which keeps
     * it to one line whatever arg holds. */
    int n = snprintf(NULL, 0, fmt, arg);
    char *text = n < 0 ? NULL : malloc((size_t)n + 1);
    if (text) snprintf(text, (size_t)n + 1, fmt, arg);
    cli_error("%s (try 'sudoku %s --help')", text ? text : "bad usage", command);
    free(text);
    return EXIT_BAD_INPUT;
}

bool cli_parse_number(const char *value, unsigned long *n)
{
    char *end;
    errno = 0;
    *n = strtoul(value, &end, 10);
    return value[0] >= '0' && value[0] <= '9' && !*end && !errno;
}

bool cli_parse_seed(const char *value, uint64_t *seed)
{
    char digits[24];
    size_t n = strlen(value);
    if (n >= 2 && value[0] == '"' && value[n - 1] == '"') value++, n -= 2;
    if (n == 0 || n >= sizeof digits || strspn(value, "0123456789") < n) return false;
    memcpy(digits, value, n);
    digits[n] = '\0';
    errno = 0;
    unsigned long long v = strtoull(digits, NULL, 10);
    if (errno || v > UINT64_MAX) return false;
    *seed = (uint64_t)v;
    return true;
}

long cli_lines_before(const cli_common *common)
{
    return common->first_line ? common->first_line - 1 : 0;
}

bool cli_parse_count(const char *value, unsigned long long *count)
{
    char *end;
    errno = 0;
    if (value[0] < '0' || value[0] > '9') return false;
    unsigned long long n = strtoull(value, &end, 10);
    unsigned long long scale = 1;
    if (*end == 'k') scale = 1000ull;
    if (*end == 'M') scale = 1000000ull;
    if (*end == 'G') scale = 1000000000ull;
    if (scale > 1) end++;
    if (*end || errno || (n && scale > ~0ull / n)) return false;
    *count = n * scale;
    return true;
}

int cli_take_guess_budget(const char *command, const char *value, unsigned long long *budget)
{
    if (cli_parse_count(value, budget) && *budget <= ULONG_MAX) return 0;
    return cli_usage_error(command,
                           "--budget needs a count of guesses (e.g. 500M; 0: no limit), "
                           "not '%s'",
                           value);
}

bool cli_too_large(const char *value)
{
    return value[0] && strspn(value, "0123456789") == strlen(value);
}

static int parse_jobs(const cli_command *command, const char *value, int *jobs)
{
    unsigned long n;
    if (!cli_parse_number(value, &n) || n > CLI_MAX_JOBS)
        return cli_usage_error(command->name,
                               "--jobs needs a whole number from 0 (one per processor) "
                               "to " MAX_JOBS_TEXT ", not '%s'",
                               value);
    *jobs = (int)n;
    return 0;
}

/* --first-line N: for a chunk of a larger input (GNU parallel --pipe), so
 * that diagnostics name the line in the whole input. */
static int parse_first_line(const cli_command *command, const char *value, long *first_line)
{
    unsigned long n;
    if (!cli_parse_number(value, &n) || n == 0 || n > (unsigned long)MAX_FIRST_LINE)
        return cli_usage_error(command->name,
                               "--first-line needs a line number from 1 up, not '%s'", value);
    *first_line = (long)n;
    return 0;
}

/* "unknown format 'xml': expected grid, line or json", the list being the
 * command's formats. */
static int parse_format(const cli_command *command, const char *value, cli_format *format)
{
    char expected[128] = "";
    size_t n = 0;
    for (const cli_format_name *f = command->formats; f->name; n++, f++) {
        if (strcmp(value, f->name) == 0) {
            *format = f->format;
            return 0;
        }
    }
    for (size_t i = 0; i < n; i++) {
        const char *joint = i == 0 ? "" : i + 1 == n ? " or " : ", ";
        size_t used = strlen(expected);
        snprintf(expected + used, sizeof expected - used, "%s%s", joint, command->formats[i].name);
    }
    fprintf(stderr, "sudoku: unknown format '%s': expected %s (try 'sudoku %s --help')\n", value,
            expected, command->name);
    return EXIT_BAD_INPUT;
}

/* An argument that starts with '-' and a letter is an option; "-", "--" and
 * things like "----8.5..." (puzzles with dashes for blanks) are not. */
static bool looks_like_option(const char *arg)
{
    size_t skip = arg[0] == '-' ? (arg[1] == '-' ? 2 : 1) : 0;
    char c = arg[skip];
    return skip > 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/* The option tables getopt_long takes, built from the common options and
 * the command's. */
typedef struct option_table {
    struct option longs[MAX_OPTIONS];
    char shorts[2 * MAX_OPTIONS + 3];
    const cli_option *known[MAX_OPTIONS]; /* the entry behind each long option */
    int n;
} option_table;

static void add_options(option_table *t, const cli_option *options)
{
    for (const cli_option *o = options; o && o->name && t->n < MAX_OPTIONS - 1; o++) {
        t->known[t->n] = o;
        t->longs[t->n++] =
            (struct option){o->name, o->has_value ? required_argument : no_argument, NULL, o->key};
        if (o->key < 256) {
            size_t len = strlen(t->shorts);
            t->shorts[len++] = (char)o->key;
            if (o->has_value) t->shorts[len++] = ':';
            t->shorts[len] = '\0';
        }
    }
}

static void build_table(option_table *t, const cli_command *command)
{
    memset(t, 0, sizeof *t);
    strcpy(t->shorts, "+:"); /* stop at operands; report a missing value as ':' */
    add_options(t, common_options);
    add_options(t, command->options);
}

static const cli_option *find_key(const option_table *t, int key)
{
    for (int i = 0; i < t->n; i++)
        if (t->known[i]->key == key) return t->known[i];
    return NULL;
}

/* The error for what getopt did not take: an unknown option, or a flag
 * given a value ("--unique=yes"), which deserves a more precise word. */
static int bad_option(const cli_command *command, const option_table *t, const char *arg)
{
    const cli_option *o = optopt ? find_key(t, optopt) : NULL;
    if (o && !o->has_value && arg[1] == '-' && strchr(arg, '=')) {
        char name[64];
        snprintf(name, sizeof name, "--%s", o->name);
        return cli_usage_error(command->name, "option %s takes no value", name);
    }
    /* getopt_long takes unambiguous abbreviations; an ambiguous one is
     * named, with the options it could be */
    size_t len = arg[1] == '-' ? strcspn(arg + 2, "=") : 0;
    int matches = 0, seen = 0;
    for (int i = 0; i < t->n && len > 0; i++)
        matches += strncmp(t->known[i]->name, arg + 2, len) == 0;
    char could[256] = "";
    for (int i = 0; i < t->n && matches > 1; i++) {
        if (strncmp(t->known[i]->name, arg + 2, len) != 0) continue;
        size_t used = strlen(could);
        seen++;
        snprintf(could + used, sizeof could - used, "%s--%s",
                 seen == 1         ? ""
                 : seen == matches ? " or "
                                   : ", ",
                 t->known[i]->name);
    }
    if (matches > 1) {
        char message[320];
        snprintf(message, sizeof message, "ambiguous option '%%s': %s?", could);
        /* arg is the only value the message leaves open */
        return cli_usage_error(command->name, message, arg);
    }
    return cli_usage_error(command->name, "unknown option '%s'", arg);
}

/* The error for an option given last without its value. */
static int missing_value(const cli_command *command, const option_table *t, const char *arg)
{
    const cli_option *o = find_key(t, optopt);
    char name[64];
    if (arg[1] != '-' || !o)
        snprintf(name, sizeof name, "-%c", optopt);
    else
        snprintf(name, sizeof name, "--%s", o->name);
    return cli_usage_error(command->name, "option %s needs a value", name);
}

/* Takes one option getopt returned. Returns -1 to go on, or an exit status. */
static int take_option(const cli_command *command, int key, cli_common *common, void *options)
{
    int rc;
    switch (key) {
    case 'h': return cli_write_text(command->help);
    case 'V': return cli_write_text("sudoku " SUDOKU_VERSION "\n");
    case 'j': rc = parse_jobs(command, optarg, &common->jobs); break;
    case KEY_FORMAT: rc = parse_format(command, optarg, &common->format); break;
    case KEY_FIRST_LINE: rc = parse_first_line(command, optarg, &common->first_line); break;
    case KEY_STATS:
        common->stats = true;
        rc = 0;
        break;
    case KEY_OUTPUT_DIR:
        common->output_dir = optarg;
        rc = 0;
        break;
    default: rc = command->option(options, key, optarg); break;
    }
    return rc ? rc : -1;
}

/* --output-dir: for pictures only; the directory is made if it is not
 * there (its parent must be), so that a run never half-writes into
 * nowhere. */
static int check_output_dir(const cli_command *command, const cli_common *common)
{
    const char *dir = common->output_dir;
    struct stat st;
    if (!dir) return 0;
    if (common->format != FORMAT_SVG)
        return cli_usage_error(command->name, "%s", "--output-dir only applies with --format svg");
    if (!dir[0]) return cli_usage_error(command->name, "%s", "--output-dir needs a directory");
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        cli_error("cannot make the directory '%s': %s", dir, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        cli_error("--output-dir: '%s' is not a directory", dir);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int cli_parse_options(const cli_command *command, int argc, char **argv, cli_common *common,
                      void *options, int *operands)
{
    option_table t;
    build_table(&t, command);
    int n = 0;
    opterr = 0;
    optind = 1;
    while (optind < argc) {
        const char *arg = argv[optind];
        if (strcmp(arg, "--") == 0) { /* the rest are operands */
            while (++optind < argc) argv[++n] = argv[optind];
            break;
        }
        if (!looks_like_option(arg)) {
            argv[++n] = argv[optind++];
            continue;
        }
        int at = optind;
        int key = getopt_long(argc, argv, t.shorts, t.longs, NULL);
        int rc = key == '?'   ? bad_option(command, &t, argv[at])
                 : key == ':' ? missing_value(command, &t, argv[at])
                 : key == -1  ? cli_usage_error(command->name, "unknown option '%s'", argv[at])
                              : take_option(command, key, common, options);
        if (rc >= 0) return rc;
    }
    *operands = n;
    int rc = command->check ? command->check(options, common) : 0;
    if (!rc) rc = check_output_dir(command, common);
    return rc ? rc : -1;
}
