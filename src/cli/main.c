/*
 * main.c: the `sudoku` command: hands the arguments to the command named
 * first (solve, explain, hint, rate, canon, transform, generate, check,
 * vicinity, book, show, play), or prints the overall help or the version.
 * A puzzle or a file named first, with no
 * command, is solved.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* The logic engine's chain searches take and give back megabytes at each
 * step. glibc would return that memory to the system each time and fault
 * it in again at the next step, a quarter of the time of a rating; keep it. */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

static const char usage_text[] = "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku hint [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku rate [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku canon [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku transform [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku generate [OPTION]... [N]\n"
                                 "       sudoku check [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku vicinity [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku book [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku show [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku play [OPTION]... [PUZZLE | FILE]\n"
                                 "       sudoku PUZZLE... (solves)\n"
                                 "       ... | sudoku (solves standard input)\n"
                                 "       sudoku --help | --version\n"
                                 "Try 'sudoku --help' for more.\n";

static const char help_text[] =
    "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku hint [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku rate [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku canon [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku transform [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku generate [OPTION]... [N]\n"
    "       sudoku check [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku vicinity [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku book [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku show [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku play [OPTION]... [PUZZLE | FILE]\n"
    "       sudoku --help | --version\n"
    "\n"
    "Solves 9x9 Sudoku puzzles, explains them step by step, gives a hint, or\n"
    "rates them; puts them in canonical form, or turns them into equivalent ones;\n"
    "generates new ones, and checks them as a setter would; draws grids and steps\n"
    "as pictures (--format svg) and makes printable books.\n"
    "\n"
    "Commands:\n"
    "  solve     solve each puzzle and check that its solution is unique; or show\n"
    "            the candidates singles leave (--show-candidates), or count the\n"
    "            solutions (--count, --limit), or fail on several (--unique)\n"
    "  explain   solve each puzzle the way a person would, one step per line,\n"
    "            and rate it as Sudoku Explainer does (ER, EP, ED)\n"
    "  hint      the first of those steps only: what to look at next\n"
    "  rate      each puzzle's ratings only (ER/EP/ED), with filters by rating\n"
    "  canon     the canonical (minlex) form of each puzzle or solution grid:\n"
    "            equal exactly for equivalent puzzles; --dedupe keeps one of each\n"
    "  transform turn each puzzle into an equivalent one: rotate, reflect, swap\n"
    "            rows or bands, relabel digits, or a random shuffle (--random)\n"
    "  generate  N new puzzles with one solution each: symmetric, minimal, of a\n"
    "            number of clues, or rated in a range (--seed repeats a run)\n"
    "  check     one solution or not, clues, minimal or which clues could go,\n"
    "            and the symmetries of each puzzle\n"
    "  vicinity  the puzzles with one solution near each puzzle: N clues taken\n"
    "            away and M added ({-N+M}), each class once\n"
    "  book      a printable book (HTML) of the puzzles, each with its number and\n"
    "            rating, with their solutions and steps if asked\n"
    "  show      each puzzle or state's candidates exactly as given (no single\n"
    "            applied, nothing solved)\n"
    "  play      a game in the terminal: pencil marks, hints in three levels,\n"
    "            mistakes found, undo; saved when you quit\n"
    "\n"
    "A PUZZLE argument is 81 cells in any layout ('1'-'9' givens; '0', '.' or '-'\n"
    "blanks), or 729 characters of candidates (pencilmarks); any other argument\n"
    "names a file of puzzles, one per line or as 9-line grids; '-', or no argument,\n"
    "reads standard input. Every puzzle read gets one output record, in input\n"
    "order; a bad one gets a diagnostic on stderr naming its source and line.\n"
    "\n"
    "Options every command has:\n"
    "  --format=FORMAT     the output format; each command says which it has\n"
    "  --stats             print a summary on stderr at the end\n"
    "  -j, --jobs=N        work on N threads (0: one per processor); the output\n"
    "                      is the same as with one, in input order\n"
    "  --first-line=N      number the lines of each file or standard input from N,\n"
    "                      for a chunk of a larger input (docs/scale-out.md; not\n"
    "                      generate, which reads none)\n"
    "  --output-dir=DIR    with --format svg: each picture to a numbered file in\n"
    "                      DIR (made if need be), its path on standard output\n"
    "  -h, --help          show the command's help and exit\n"
    "  -V, --version       show the version and exit\n"
    "\n"
    "Exit status:\n"
    "  0  every puzzle was solved (explained to its end; given a hint; put in\n"
    "     canonical form; transformed; generated; checked with one solution)\n"
    "  1  some puzzle has no solution, or several where that fails, or the\n"
    "     logic got stuck on it, or generate found none within --attempts\n"
    "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
    "When several apply, the highest wins.\n"
    "\n"
    "'sudoku PUZZLE...' with no command solves, and so does 'sudoku' alone with\n"
    "puzzles on standard input (a pipe or a file; at a terminal it shows the\n"
    "usage). 'sudoku COMMAND --help' describes a command. The manual: man sudoku;\n"
    "its section INPUT has every layout a puzzle may be written in (a line, grids,\n"
    "lists, CSV and tab-separated rows, grids with spaces for blanks, box-drawing\n"
    "and forum grids, candidate grids).\n";

typedef struct command_entry {
    const char *name;
    int (*run)(int argc, char **argv);
} command_entry;

static const command_entry commands[] = {{"solve", cli_solve},       {"explain", cli_explain},
                                         {"hint", cli_hint},         {"rate", cli_rate},
                                         {"canon", cli_canon},       {"transform", cli_transform},
                                         {"generate", cli_generate}, {"check", cli_check},
                                         {"vicinity", cli_vicinity}, {"book", cli_book},
                                         {"show", cli_show},         {"play", cli_play}};

#define COMMANDS (sizeof commands / sizeof commands[0])

/* True if arg is what `sudoku solve` takes: "-", a puzzle (most of it
 * cells: a puzzle with a mistake in it still is one), or a file. */
static bool solve_operand(const char *arg)
{
    size_t cells = 0, length = strlen(arg);
    for (const char *p = arg; *p; p++) cells += (*p >= '0' && *p <= '9') || strchr(".-*_?", *p);
    struct stat st;
    return strcmp(arg, "-") == 0 || (cells >= 17 && 2 * cells >= length) ||
           (stat(arg, &st) == 0 && S_ISREG(st.st_mode));
}

/* The edit distance between two short words, capped at 3. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int row[16];
    if (la > 15 || lb > 15) return 3;
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j], best = diagonal + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diagonal = up;
        }
    }
    return row[lb] < 3 ? row[lb] : 3;
}

/* The first argument is no command: says which it might have been. */
static int unknown_command(const char *arg)
{
    const char *near = NULL;
    /* A slip of two letters, or a command's start ("gen") or a longer word
     * that starts with one ("canonical"). */
    size_t len = strlen(arg);
    for (size_t i = 0; i < COMMANDS && !near; i++) {
        const char *name = commands[i].name;
        size_t shorter = len < strlen(name) ? len : strlen(name);
        if (distance(arg, name) <= 2 || (shorter >= 3 && strncmp(arg, name, shorter) == 0))
            near = name;
    }
    if (arg[0] == '-') {
        cli_error("unknown command '%s': did you mean 'sudoku solve %s'? "
                  "(options come after the command; try 'sudoku --help')",
                  arg, arg);
        return EXIT_BAD_INPUT;
    }
    if (near) {
        cli_error("unknown command '%s': did you mean 'sudoku %s'? (try 'sudoku --help')", arg,
                  near);
        return EXIT_BAD_INPUT;
    }
    char names[256] = "";
    for (size_t i = 0; i < COMMANDS; i++) {
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s%s",
                 i == 0              ? ""
                 : i + 1 == COMMANDS ? " and "
                                     : ", ",
                 commands[i].name);
    }
    cli_error("unknown command '%s': the commands are %s (try 'sudoku --help')", arg, names);
    return EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
    keep_freed_memory();
    if (argc < 2) {
        /* `echo PUZZLE | sudoku`: what `sudoku solve` does with standard
         * input; typed at a terminal, no argument is a question. */
        if (!isatty(STDIN_FILENO)) return cli_solve(argc, argv);
        fputs(usage_text, stderr);
        return EXIT_BAD_INPUT;
    }
    const char *command = argv[1];
    for (size_t i = 0; i < COMMANDS; i++)
        if (strcmp(command, commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    if (strcmp(command, "-h") == 0 || strcmp(command, "--help") == 0 ||
        strcmp(command, "help") == 0) {
        return cli_write_text(help_text);
    }
    if (strcmp(command, "-V") == 0 || strcmp(command, "--version") == 0)
        return cli_write_text("sudoku " SUDOKU_VERSION "\n");
    /* `sudoku PUZZLE`: what `sudoku solve PUZZLE` does (argv[0] stands for
     * the command's name) */
    if (solve_operand(command)) return cli_solve(argc, argv);
    return unknown_command(command);
}
