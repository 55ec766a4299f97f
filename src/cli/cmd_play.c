/*
 * cmd_play.c: `sudoku play`: its options, and the game it starts: a
 * puzzle given (an argument, or the Nth of a file), a new one made to a
 * difficulty or a rating, or a saved game resumed. The game itself is in
 * play/, a room of its own that sees only the public header.
 *
 * Games are kept one file a puzzle under $XDG_STATE_HOME/sudoku/ (or
 * ~/.local/state/sudoku/), so that starting a puzzle never overwrites
 * another one's game: the same puzzle started again goes on where it was,
 * and --resume goes on with the game played last.
 */
#define _POSIX_C_SOURCE 200809L

#include "play/game.h"
#include "play/hint.h"
#include "play/play.h"
#include "play/save.h"
#include "play/term.h"
#include "steps.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char help_text[] =
    "Usage: sudoku play [OPTION]... [PUZZLE | FILE]\n"
    "\n"
    "A game of Sudoku in the terminal: pencil marks on the board, hints in three\n"
    "levels from the logic engine, mistakes found, unlimited undo, a clock. The\n"
    "game is saved when you quit (q), and whenever it could be lost.\n"
    "\n"
    "PUZZLE is 81 cells in any layout, or 729 characters of candidates (they\n"
    "become the marks); FILE is a file of puzzles, of which the first is played\n"
    "(--number picks another). A puzzle played before goes on where it was left.\n"
    "With no puzzle, the last unfinished game goes on, or else a new medium puzzle\n"
    "is made.\n"
    "\n"
    "Options:\n"
    "  --difficulty=NAME   play a new puzzle of a difficulty: easy, medium, hard,\n"
    "                      expert or extreme (as 'sudoku generate' has them)\n"
    "  --rating=A-B        play a new puzzle rated A to B on SE's scale (4.2 or\n"
    "                      6.0-7.5)\n"
    "  --seed=N            the new puzzle's seed (the same seed, the same puzzle)\n"
    "  --number=N          play the Nth puzzle of FILE (default 1)\n"
    "  --resume            go on with the game played last (or --save FILE's)\n"
    "  --save=FILE         keep the game in FILE instead of $XDG_STATE_HOME/sudoku/\n"
    "  --mistakes          mark mistakes as they happen (key E)\n"
    "  --no-auto-remove    keep a digit's marks in its peers when it is placed (key A)\n"
    "  --hint-budget=N     the work a hint may take, in --budget's units (k, M, G;\n"
    "                      0: no limit); default 20M, under a second: a hint that needs\n"
    "                      more says so, and offers a digit of the solution\n"
    "  -h, --help          show this help and exit\n"
    "  -V, --version       show the version and exit\n"
    "\n"
    "Keys (? in the game lists them): arrows or h j k l move; 1-9 enter a digit,\n"
    "or mark it after m; 0, Del or Backspace clear; u undo, Ctrl-R redo; f fills\n"
    "in the candidates; * then a digit lights it; n hint (again: more of it), a\n"
    "applies it; c checks for mistakes; p pauses; q saves and quits.\n"
    "\n"
    "Standard input and output must be a terminal. NO_COLOR turns colours off.\n"
    "\n"
    "Exit status:\n"
    "  0  the game was saved and left (or solved)\n"
    "  1  the puzzle has no solution or several, or none was made\n"
    "  2  usage error, not a terminal, a bad puzzle, or a save file that cannot\n"
    "     be read or written\n"
    "A signal that ends programs (SIGINT, SIGTERM, SIGHUP) saves the game first,\n"
    "then ends it.\n";

enum {
    KEY_DIFFICULTY = 256,
    KEY_RATING,
    KEY_SEED,
    KEY_NUMBER,
    KEY_RESUME,
    KEY_SAVE,
    KEY_MISTAKES,
    KEY_NO_AUTO_REMOVE,
    KEY_HINT_BUDGET
};

static const cli_option options[] = {{"difficulty", true, KEY_DIFFICULTY},
                                     {"rating", true, KEY_RATING},
                                     {"seed", true, KEY_SEED},
                                     {"number", true, KEY_NUMBER},
                                     {"resume", false, KEY_RESUME},
                                     {"save", true, KEY_SAVE},
                                     {"mistakes", false, KEY_MISTAKES},
                                     {"no-auto-remove", false, KEY_NO_AUTO_REMOVE},
                                     {"hint-budget", true, KEY_HINT_BUDGET},
                                     {NULL, false, 0}};

static const cli_format_name formats[] = {{NULL, FORMAT_AUTO}};

typedef struct play_command_options {
    int lowest, highest; /* --difficulty, --rating; -1: none */
    const char *range;   /* the option that set them */
    bool seeded;
    unsigned long long seed;
    unsigned long number;
    bool resume, mistakes, no_auto_remove;
    unsigned long long hint_budget;
    const char *save;
    sudoku_record *picked; /* the record read for the game */
    bool found;
} play_command_options;

static int take_option(void *options_, int key, const char *value)
{
    play_command_options *opt = options_;
    switch (key) {
    case KEY_DIFFICULTY:
    case KEY_RATING: {
        const char *name = key == KEY_RATING ? "--rating" : "--difficulty";
        bool ok = key == KEY_RATING ? cli_rating_range(value, &opt->lowest, &opt->highest)
                                    : cli_difficulty_range(value, &opt->lowest, &opt->highest);
        if (opt->range && strcmp(opt->range, name) != 0)
            return cli_usage_error("play", "%s",
                                   "--rating and --difficulty both choose the "
                                   "puzzle: give one of them");
        opt->range = name;
        if (!ok && key == KEY_RATING)
            return cli_usage_error("play",
                                   "--rating needs a range of ratings such as 6.0-7.5 or one "
                                   "such as 4.2, not '%s'",
                                   value);
        if (!ok)
            return cli_usage_error("play",
                                   "--difficulty: no difficulty '%s' (easy, medium, hard, "
                                   "expert, extreme)",
                                   value);
        if (opt->highest < 10)
            return cli_usage_error(
                "play", "--rating: no puzzle is rated below 1.0, so none in '%s'", value);
        return 0;
    }
    case KEY_SEED:
        opt->seeded = true;
        if (cli_parse_count(value, &opt->seed) && value[strlen(value) - 1] <= '9') return 0;
        return cli_usage_error("play", "--seed needs a whole number, not '%s'", value);
    case KEY_NUMBER:
        if (cli_parse_number(value, &opt->number) && opt->number > 0) return 0;
        return cli_usage_error("play", "--number needs a puzzle's number from 1 up, not '%s'",
                               value);
    case KEY_RESUME: opt->resume = true; return 0;
    case KEY_SAVE:
        if (!value[0]) return cli_usage_error("play", "%s", "--save needs a file name");
        opt->save = value;
        return 0;
    case KEY_MISTAKES: opt->mistakes = true; return 0;
    case KEY_NO_AUTO_REMOVE: opt->no_auto_remove = true; return 0;
    case KEY_HINT_BUDGET:
        if (cli_parse_count(value, &opt->hint_budget)) return 0;
        return cli_usage_error("play",
                               "--hint-budget needs a count of units of work (e.g. 500k; 0: no "
                               "limit), not '%s'",
                               value);
    default: return 0;
    }
}

/* The common options of the batch commands mean nothing to a game. */
static int check_options(void *options_, const cli_common *common)
{
    (void)options_;
    const char *which = common->format != FORMAT_AUTO ? "--format"
                        : common->jobs != -1          ? "--jobs"
                        : common->stats               ? "--stats"
                        : common->first_line          ? "--first-line"
                                                      : NULL;
    return which ? cli_usage_error("play", "a game has no %s", which) : 0;
}

/* ---- the puzzle of a PUZZLE or FILE argument, through the pipeline ---- */

static void pick_work(const cli_run *run, cli_job *job)
{
    (void)run;
    (void)job;
}

/* Keeps the record asked for; a bad one is said. */
static void pick_report(cli_run *run, cli_job *job)
{
    play_command_options *opt = (play_command_options *)run->options;
    if (job->number + 1 != opt->number) return;
    opt->found = true;
    if (!job->record.ok) {
        cli_record_error(job, cli_error_line(&job->record), job->record.error.message);
        cli_raise_status(run, EXIT_BAD_INPUT);
        return;
    }
    *opt->picked = job->record;
}

static void pick_stats(const cli_run *run, double seconds)
{
    (void)run;
    (void)seconds;
}

static const cli_command play_command = {
    .name = "play",
    .help = help_text,
    .formats = formats,
    .options = options,
    .option = take_option,
    .check = check_options,
    .job_size = sizeof(cli_job),
    .batch_records = 256,
    .work = pick_work,
    .report = pick_report,
    .discard = NULL,
    .stats = pick_stats,
};

/* ---- where games are kept ---- */

/* The directory of saved games; false, having said why, if there is none. */
static bool state_dir(char *dir, size_t size)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(dir, size, "%s/sudoku", xdg);
    else if (home && home[0])
        n = snprintf(dir, size, "%s/.local/state/sudoku", home);
    else {
        cli_error("play: no place to keep the game: set HOME or XDG_STATE_HOME, or give "
                  "--save FILE");
        return false;
    }
    if (n < 0 || (size_t)n >= size) {
        cli_error("play: the directory of saved games is too long a path");
        return false;
    }
    return true;
}

/* DIR/<the puzzle's 81 cells, 0 for blanks>.game */
static bool game_path(const sudoku_grid *puzzle, char *path, size_t size)
{
    char dir[3000], line[SUDOKU_CELLS + 1];
    if (!state_dir(dir, sizeof dir)) return false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) line[cell] = (char)('0' + puzzle->cell[cell]);
    line[SUDOKU_CELLS] = '\0';
    snprintf(path, size, "%s/%s.game", dir, line);
    return true;
}

/* A saved game in the directory, and when it was saved. */
typedef struct saved_file {
    char *path;
    double time;
} saved_file;

/* The saved games of the directory (*n of them), malloc'ed. */
static saved_file *saved_files(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    saved_file *files = NULL;
    size_t cap = 0;
    struct dirent *e;
    *n = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        struct stat st;
        char *full = len > 5 && strcmp(e->d_name + len - 5, ".game") == 0
                         ? malloc(strlen(dir) + len + 2)
                         : NULL;
        if (full) sprintf(full, "%s/%s", dir, e->d_name);
        if (full && (stat(full, &st) != 0 || !S_ISREG(st.st_mode))) {
            free(full);
            full = NULL;
        }
        if (!full) continue;
        if (*n == cap) {
            saved_file *more = realloc(files, (cap ? 2 * cap : 16) * sizeof *files);
            if (!more) {
                free(full);
                break;
            }
            files = more;
            cap = cap ? 2 * cap : 16;
        }
        files[(*n)++] =
            (saved_file){full, (double)st.st_mtim.tv_sec + 1e-9 * (double)st.st_mtim.tv_nsec};
    }
    if (d) closedir(d);
    return files;
}

/* The newest saved game of the directory that is not solved, read into
 * game, its path in path. Returns 1 if there is one, 0 if none, 2 (having
 * said why) if one cannot be read: it is not passed over. */
static int last_game(char *path, size_t size, play_game *game)
{
    char dir[3000];
    if (!state_dir(dir, sizeof dir)) return 2;
    size_t n;
    saved_file *files = saved_files(dir, &n);
    int result = 0;
    while (result == 0) {
        size_t pick = n;
        for (size_t i = 0; i < n; i++)
            if (files[i].time >= 0 && (pick == n || files[i].time > files[pick].time)) pick = i;
        if (pick == n) break;
        files[pick].time = -1;
        char message[PLAY_SAVE_MESSAGE];
        bool solved;
        if (!play_load(game, &solved, files[pick].path, message)) {
            cli_error("play: %s (the file is left as it is; move it away to go on without it)",
                      message);
            result = 2;
        } else if (solved) {
            play_game_free(game);
        } else {
            snprintf(path, size, "%s", files[pick].path);
            result = 1;
        }
    }
    for (size_t i = 0; i < n; i++) free(files[i].path);
    free(files);
    return result;
}

/* ---- a new puzzle ---- */

/* The most puzzles drawn for one game before giving up. */
#define MAKE_ATTEMPTS 100000

static bool make_puzzle(const play_command_options *opt, sudoku_grid *puzzle, sudoku_grid *solution)
{
    uint64_t seed = opt->seeded ? opt->seed : (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
    uint64_t state = cli_random_state(seed);
    sudoku_generator how = {SUDOKU_SYMMETRY_ROTATE180, 0, false};
    int lowest = opt->lowest >= 0 ? opt->lowest : 16,
        highest = opt->lowest >= 0 ? opt->highest : 25;
    fprintf(stderr, "sudoku: play: making a puzzle rated %d.%d to %d.%d (seed %llu)...\n",
            lowest / 10, lowest % 10, highest / 10, highest % 10, (unsigned long long)seed);
    for (int attempt = 0; attempt < MAKE_ATTEMPTS; attempt++) {
        sudoku_rating rating;
        sudoku_generate(&how, &state, puzzle, solution);
        sudoku_rate_outcome outcome =
            sudoku_rate(puzzle, 0, STEPS_DEFAULT_BUDGET, highest, &rating);
        if (outcome == SUDOKU_RATE_SOLVED && rating.er >= lowest && rating.er <= highest)
            return true;
    }
    cli_error("play: no puzzle rated %d.%d to %d.%d found in %d tries", lowest / 10, lowest % 10,
              highest / 10, highest % 10, MAKE_ATTEMPTS);
    return false;
}

/* ---- the game ---- */

/* Sets up a fresh game of a record (a puzzle, or candidates become marks);
 * returns 0 or the exit status after saying why not. */
static int fresh_game(play_game *game, const sudoku_record *record, const char *source)
{
    sudoku_result result;
    unsigned long found = record->pencilmarks ? sudoku_search(&record->board, 2, &result)
                                              : sudoku_solve(&record->grid, 2, &result);
    if (found != 1) {
        cli_error("play: %s: %s: a game needs a puzzle with exactly one solution", source,
                  found == 0 ? "the puzzle has no solution"
                             : "the puzzle has more than one solution");
        return EXIT_UNSOLVED;
    }
    sudoku_grid givens = record->grid;
    if (record->pencilmarks) {
        sudoku_logic state;
        sudoku_logic_from_board(&state, &record->board);
        givens = state.placed;
    }
    play_game_init(game, &givens, &result.solution);
    if (record->pencilmarks)
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (!givens.cell[cell]) game->marks[cell] = record->board.candidates[cell];
    return 0;
}

/* The game of a puzzle: its saved game if there is one (unsolved), else a
 * fresh one. Returns 0 or an exit status. */
static int game_of(play_game *game, const sudoku_record *record, const char *source,
                   const char *path, const char **greeting)
{
    play_game saved;
    bool solved;
    char message[PLAY_SAVE_MESSAGE];
    struct stat st;
    int rc = fresh_game(game, record, source);
    if (rc) return rc;
    if (stat(path, &st) != 0) return 0;
    if (!play_load(&saved, &solved, path, message)) {
        cli_error("play: %s (the file is left as it is; move it away, or give another --save, "
                  "to start afresh)",
                  message);
        return EXIT_BAD_INPUT;
    }
    if (memcmp(&saved.puzzle, &game->puzzle, sizeof saved.puzzle) != 0) {
        play_game_free(&saved);
        cli_error("play: %s holds the game of another puzzle: --resume goes on with it; name "
                  "another --save file for this one",
                  path);
        return EXIT_BAD_INPUT;
    }
    if (solved) {
        play_game_free(&saved);
        *greeting = "You solved this puzzle before: here it is afresh.";
        return 0;
    }
    play_game_free(game);
    *game = saved;
    *greeting = "Your game of this puzzle goes on where you left it (R starts again).";
    return 0;
}

int cli_play(int argc, char **argv)
{
    cli_common common = {.format = FORMAT_AUTO, .jobs = -1};
    sudoku_record record = {0};
    play_command_options opt = {.lowest = -1,
                                .highest = -1,
                                .number = 1,
                                .picked = &record,
                                .hint_budget = PLAY_HINT_BUDGET};
    int operands;
    /* A game has no formats: said before the options' reader would say
     * that none is known. */
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], "--format", 8) == 0 && (!argv[i][8] || argv[i][8] == '='))
            return cli_usage_error("play", "a game has no %s", "--format");
    int rc = cli_parse_options(&play_command, argc, argv, &common, &opt, &operands);
    if (rc >= 0) return rc;
    if (operands > 1) return cli_usage_error("play", "%s", "one puzzle or file at a time");
    if (operands && (opt.range || opt.resume))
        return cli_usage_error("play", "%s",
                               "a puzzle, --difficulty/--rating or --resume: one of them");
    if (opt.range && opt.resume)
        return cli_usage_error("play", "%s",
                               "--resume goes on with a game: no --difficulty or --rating with it");
    char message[PLAY_SAVE_MESSAGE];
    if (!term_check(message, sizeof message)) {
        cli_error("%s", message);
        return EXIT_BAD_INPUT;
    }
    play_game game;
    bool solved = false;
    char path[4096];
    const char *greeting = NULL;
    if (opt.save) snprintf(path, sizeof path, "%s", opt.save);
    if (opt.resume || (!operands && !opt.range)) {
        int found;
        if (opt.save) {
            found = play_load(&game, &solved, path, message) ? 1 : 2;
            if (found == 2) cli_error("play: %s", message);
        } else {
            found = last_game(path, sizeof path, &game);
        }
        if (found == 2) return EXIT_BAD_INPUT;
        if (found == 0 && opt.resume) {
            cli_error("play: no game to resume: start one with 'sudoku play PUZZLE' or "
                      "'sudoku play --difficulty NAME'");
            return EXIT_BAD_INPUT;
        }
        if (found == 1) greeting = "Welcome back: the game goes on.";
    }
    if (!greeting) {
        const char *source = "the puzzle";
        if (operands) {
            opt.number = opt.number ? opt.number : 1;
            common.jobs = 1;
            rc = cli_run_command(&play_command, &common, &opt, operands, argv + 1);
            common.jobs = -1;
            if (rc) return rc;
            if (!opt.found) {
                cli_error("play: %s holds fewer than %lu puzzle%s", argv[1], opt.number,
                          opt.number == 1 ? "" : "s");
                return EXIT_BAD_INPUT;
            }
            source = argv[1];
        } else {
            sudoku_grid puzzle, solution;
            if (!make_puzzle(&opt, &puzzle, &solution)) return EXIT_UNSOLVED;
            record.ok = true;
            record.grid = puzzle;
        }
        if (!opt.save && !game_path(&record.grid, path, sizeof path)) return EXIT_BAD_INPUT;
        rc = game_of(&game, &record, source, path, &greeting);
        if (rc) return rc;
    }
    if (opt.mistakes) game.live_mistakes = true;
    if (opt.no_auto_remove) game.auto_remove = false;
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    play_options play = {path, !(no_color && no_color[0]) && !(term && strcmp(term, "dumb") == 0),
                         greeting, opt.hint_budget};
    char note[PLAY_SAVE_MESSAGE + 256];
    rc = play_run(&game, solved, &play, note, sizeof note);
    play_game_free(&game);
    if (rc)
        cli_error("%s", note);
    else
        printf("%s\n", note);
    return rc;
}
