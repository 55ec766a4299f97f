/*
 * main.c: the `sudoku` command: hands the arguments to the command named
 * first (solve, explain, hint, canon, transform), or prints the overall
 * help or the version.
 */
#include "cli.h"

#include <string.h>

static const char usage_text[] = "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku hint [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku canon [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku transform [OPTION]... [PUZZLE | FILE | -]...\n"
                                 "       sudoku --help | --version\n"
                                 "Try 'sudoku --help' for more.\n";

static const char help_text[] =
    "Usage: sudoku solve [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku explain [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku hint [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku canon [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku transform [OPTION]... [PUZZLE | FILE | -]...\n"
    "       sudoku --help | --version\n"
    "\n"
    "Solves 9x9 Sudoku puzzles, explains them step by step, or gives a hint;\n"
    "puts them in canonical form, or turns them into equivalent ones.\n"
    "\n"
    "Commands:\n"
    "  solve     solve each puzzle and check that its solution is unique; or show\n"
    "            the candidates singles leave (--show-candidates), or count the\n"
    "            solutions (--count, --limit), or fail on several (--unique)\n"
    "  explain   solve each puzzle the way a person would, one step per line,\n"
    "            and rate it as Sudoku Explainer does (ER, EP, ED)\n"
    "  hint      the first of those steps only: what to look at next\n"
    "  canon     the canonical (minlex) form of each puzzle or solution grid:\n"
    "            equal exactly for equivalent puzzles; --dedupe keeps one of each\n"
    "  transform turn each puzzle into an equivalent one: rotate, reflect, swap\n"
    "            rows or bands, relabel digits, or a random shuffle (--random)\n"
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
    "  -h, --help          show the command's help and exit\n"
    "  -V, --version       show the version and exit\n"
    "\n"
    "Exit status:\n"
    "  0  every puzzle was solved (explained to its end; given a hint; put in\n"
    "     canonical form; transformed)\n"
    "  1  some puzzle has no solution, or several where that fails, or the\n"
    "     logic got stuck on it\n"
    "  2  usage error, malformed puzzle, unreadable input or unwritable output\n"
    "When several apply, the highest wins.\n"
    "\n"
    "'sudoku COMMAND --help' describes a command. Input formats:\n"
    "docs/input-formats.md; the manual: man sudoku.\n";

typedef struct command_entry {
    const char *name;
    int (*run)(int argc, char **argv);
} command_entry;

static const command_entry commands[] = {
    {"solve", cli_solve}, {"explain", cli_explain},     {"hint", cli_hint},
    {"canon", cli_canon}, {"transform", cli_transform}};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_BAD_INPUT;
    }
    const char *command = argv[1];
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(command, commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    if (strcmp(command, "-h") == 0 || strcmp(command, "--help") == 0 ||
        strcmp(command, "help") == 0) {
        fputs(help_text, stdout);
        return EXIT_SOLVED;
    }
    if (strcmp(command, "-V") == 0 || strcmp(command, "--version") == 0) {
        puts("sudoku " SUDOKU_VERSION);
        return EXIT_SOLVED;
    }
    /* The test suites expect solve's help to be named here. */
    return cli_usage_error("solve", "unknown command '%s'", command);
}
