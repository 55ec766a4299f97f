/*
 * sudoku.h: the public interface of libsudoku, a 9x9 Sudoku solver.
 *
 * Data flow: parse text into a grid, propagate constraints into a board of
 * candidates, search for solutions, format the result. Every function is
 * reentrant: the library keeps no mutable global state, never prints and
 * never exits; the memory it takes to work it frees before it returns, but
 * for the one object it hands out (sudoku_logic_memo_new). Solving a
 * puzzle takes three calls:
 *
 *     sudoku_grid puzzle;
 *     sudoku_error err;
 *     sudoku_result res;
 *     char text[SUDOKU_TEXT_MAX];
 *     if (sudoku_parse(s, strlen(s), &puzzle, &err) &&
 *         sudoku_solve(&puzzle, 2, &res) > 0)
 *         sudoku_format_grid(&res.solution, text, sizeof text);
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* C++ programs link against the C functions below. */
#ifdef __cplusplus
extern "C" {
#endif

#define SUDOKU_VERSION "0.1.0"

/* Cells are numbered 0..80 in row-major order: cell = 9 * (row - 1) + (column - 1). */
#define SUDOKU_CELLS 81

/* Room for the text the format functions write, including the final NUL,
 * but for a JSON record's long strings and the longest chain steps: each
 * returns the length it needs, as snprintf does (see below). */
#define SUDOKU_TEXT_MAX 4096

/* Room for an error message, including the final NUL. */
#define SUDOKU_MESSAGE_MAX 256

/* A puzzle or a solution: each cell holds 1..9, or 0 for a blank. */
typedef struct sudoku_grid {
    uint8_t cell[SUDOKU_CELLS];
} sudoku_grid;

/* The engine's state: bit d-1 of candidates[cell] is set while digit d is
 * still possible there. A plain value: copying it copies the whole state. */
typedef struct sudoku_board {
    uint16_t candidates[SUDOKU_CELLS];
} sudoku_board;

/* ---- parse: text -> grid (see docs/input-formats.md) ---- */

typedef enum sudoku_error_kind {
    SUDOKU_ERROR_NONE = 0,
    SUDOKU_ERROR_CHARACTER, /* a character that is neither a cell nor layout */
    SUDOKU_ERROR_COUNT,     /* the wrong number of cells */
    SUDOKU_ERROR_DUPLICATE, /* a given digit twice in one row, column or box */
    SUDOKU_ERROR_GRID,      /* a multi-line grid that ended before its 9th row */
    SUDOKU_ERROR_TOO_LONG,  /* a line longer than the reader accepts */
    SUDOKU_ERROR_AMBIGUOUS  /* a layout that reads two ways (docs/input-formats.md) */
} sudoku_error_kind;

/* What is wrong with a text, and where. line and column count from 1 (0 when
 * they do not apply); columns count characters, not bytes. message is one
 * line without a line end; it names the position relative to the text parsed. */
typedef struct sudoku_error {
    sudoku_error_kind kind;
    long line;
    long column;
    char message[SUDOKU_MESSAGE_MAX];
} sudoku_error;

/* Reads one puzzle from text of any layout (81-character line, 9-line grid,
 * the grids this library prints, nested lists, grids with spaces for
 * blanks, box-drawing grids, tab- or comma-separated fields): all of its
 * cells together, or else the one record a stream of that text holds.
 * Returns true and fills grid; returns false with err filled (err may be
 * NULL) if the text is not exactly one valid puzzle, including when two
 * equal givens share a unit. */
bool sudoku_parse(const char *text, size_t length, sudoku_grid *grid, sudoku_error *err);

/* Returns true if no digit appears twice among the givens of any row, column
 * or box; otherwise false, with the first clash (in cell order) in err.
 * A cell holding more than 9 is no grid: false, the cell named in err. */
bool sudoku_check_givens(const sudoku_grid *grid, sudoku_error *err);

/* ---- pencilmarks: a puzzle given as its candidates (docs/input-formats.md) ---- */

/* Reads a board of candidates: the 729-character line (for each cell in
 * order, nine characters, the digit d at position d where d is a candidate
 * and '.' or '0' where it is not) or the candidate grid that
 * sudoku_format_candidates writes; a text of one line is read as the stream
 * reader reads that line (so a blank such as '.' among the sets is a cell
 * open to all nine). Returns true and fills board; returns
 * false with err filled (err may be NULL) if the text is neither, or if a
 * cell is left with no candidate. */
bool sudoku_parse_candidates(const char *text, size_t length, sudoku_board *board,
                             sudoku_error *err);

/* The 729-character line of board (see sudoku_parse_candidates), no line end. */
size_t sudoku_format_pencilmarks(const sudoku_board *board, char *buf, size_t size);

/* One record of a stream: a puzzle, or the error that spoiled it. */
typedef struct sudoku_record {
    long line; /* the line the record starts on */
    bool ok;
    sudoku_grid grid;   /* valid when ok; with pencilmarks, its placed cells */
    sudoku_error error; /* valid when !ok; error.line is absolute */
    bool pencilmarks;   /* the record gave candidates (a 729-character line) */
    sudoku_board board; /* valid when ok && pencilmarks: the candidates given */
} sudoku_record;

/* The grid rows (and rows of blanks) a reader keeps as written, and their
 * longest length in bytes: the layouts read from a whole grid at once
 * (fields, fixed columns) need them. A longer row is read cell by cell only. */
#define SUDOKU_GRID_KEEP 18
#define SUDOKU_ROW_KEEP 256

/* One grid line a reader keeps (private to the reader). */
typedef struct sudoku_kept_line {
    long line;
    unsigned short length;
    bool blank_row; /* a row of blanks only: counts when the grid's rows are irregular */
    char text[SUDOKU_ROW_KEEP];
} sudoku_kept_line;

/* Assembles records from a stream fed line by line: one puzzle per line, or
 * multi-line grids separated by blank or header lines. Constant memory. */
typedef struct sudoku_reader {
    long line;          /* lines fed so far */
    long grid_line;     /* where the grid being read started, 0 if none */
    int rows;           /* rows of that grid read so far */
    sudoku_grid grid;   /* its cells so far */
    sudoku_error error; /* its first error, kind NONE if none */
    /* private: the grid's lines as written, for the whole-grid layouts */
    int kept, blank_rows;
    bool unkept; /* a line of the grid could not be kept */
    sudoku_kept_line keep[SUDOKU_GRID_KEEP];
    /* private: the grid's candidates by row, and whether a row gave sets of
     * them (then the grid is a record of candidates) */
    uint16_t marks[SUDOKU_CELLS];
    bool marked;
} sudoku_reader;

/* The longest line (in bytes, line end excluded) a stream may hold. */
#define SUDOKU_LINE_MAX 65536

void sudoku_reader_init(sudoku_reader *reader);

/* Feeds the next line (without its '\n'; a final '\r' is ignored). Fills
 * out[0], and rarely out[1] too (a grid cut short by a one-line puzzle), and
 * returns how many records the line completed: 0, 1 or 2. */
int sudoku_reader_line(sudoku_reader *reader, const char *line, size_t length,
                       sudoku_record out[2]);

/* Ends the stream. Returns 1 and fills *out if a grid was left unfinished
 * (an error record), else 0. */
int sudoku_reader_finish(sudoku_reader *reader, sudoku_record *out);

/* Reports that the next line was longer than SUDOKU_LINE_MAX and skipped:
 * counts it and returns the error record it makes, as sudoku_reader_line. */
int sudoku_reader_skip_line(sudoku_reader *reader, sudoku_record out[2]);

/* ---- propagate: the constraint engine ---- */

/* Sets every cell of board to all nine candidates. */
void sudoku_board_init(sudoku_board *board);

/* Assigns digit to cell and propagates naked and hidden singles to a fixpoint.
 * Returns false if a contradiction is found (board is then unusable). */
bool sudoku_assign(sudoku_board *board, int cell, int digit);

/* Removes digit from cell's candidates and propagates as sudoku_assign does.
 * Returns false if a contradiction is found (board is then unusable). */
bool sudoku_eliminate(sudoku_board *board, int cell, int digit);

/* Fills board with the state propagation alone reaches from grid's givens:
 * naked and hidden singles to a fixpoint, no guessing. Returns false if a
 * contradiction is found (board is then unusable). */
bool sudoku_propagate(const sudoku_grid *grid, sudoku_board *board);

/* Returns true if every cell of board has exactly one candidate. */
bool sudoku_board_solved(const sudoku_board *board);

/* Writes board's single candidates into grid (0 where a cell has several). */
void sudoku_board_to_grid(const sudoku_board *board, sudoku_grid *grid);

/* ---- search: depth-first search on the most constrained choice ---- */

typedef struct sudoku_result {
    unsigned long solutions; /* found, at most the limit */
    unsigned long guesses;   /* choices tried where propagation left several: a
                                digit's place in a band or a stack of boxes, or
                                a digit in a cell; the last one tried counts too */
    sudoku_grid solution;    /* the first solution, when solutions > 0 */
    bool over_budget;        /* the search gave up at its budget of guesses
                                (the _within functions): solutions is then
                                only how many it found before, not a verdict */
} sudoku_result;

/* Searches puzzle's solutions, stopping at limit (limit 0 is taken as 1).
 * Returns the number found: 0 if there is none (or the givens clash), limit
 * if there are at least that many. A uniqueness check is limit 2. */
unsigned long sudoku_solve(const sudoku_grid *puzzle, unsigned long limit, sudoku_result *result);

/* As sudoku_solve, from an already propagated board. */
unsigned long sudoku_search(const sudoku_board *start, unsigned long limit, sudoku_result *result);

/* As sudoku_solve and sudoku_search, within a budget of work: at most
 * max_guesses guesses (0: no limit). A search that would need one more
 * gives up and sets result->over_budget; it returns the solutions found
 * until then (the first one kept as usual). A guess is the same unit of
 * work on every machine, so where a budget ends does not depend on the
 * machine or its load; and few-clue puzzles with no solution are the ones
 * that can take millions of guesses. */
unsigned long sudoku_solve_within(const sudoku_grid *puzzle, unsigned long limit,
                                  unsigned long max_guesses, sudoku_result *result);
unsigned long sudoku_search_within(const sudoku_board *start, unsigned long limit,
                                   unsigned long max_guesses, sudoku_result *result);

/* ---- print: text forms of grids, boards and results ---- */
/* Each writes at most size bytes including a final NUL (when size > 0) and
 * returns the length of the whole text, as snprintf does. SUDOKU_TEXT_MAX
 * is always enough, except for sudoku_format_json: its record quotes the
 * report's source and error strings, whatever their length, so compare what
 * it returns with the size. */

/* The 81 cells on one line, '.' for blanks, no line end. */
size_t sudoku_format_line(const sudoku_grid *grid, char *buf, size_t size);

/* Norvig's layout with width 2: 9 rows and 2 rules, each line ending '\n'. */
size_t sudoku_format_grid(const sudoku_grid *grid, char *buf, size_t size);

/* Norvig's candidate grid: each cell's candidates centred (as Python's
 * str.center) in a width one more than the largest set, '|' between boxes,
 * rules between bands, no trailing spaces; lines end in '\n'. */
size_t sudoku_format_candidates(const sudoku_board *board, char *buf, size_t size);

/* The 81 candidate sets on one line, separated by single spaces. */
size_t sudoku_format_candidates_line(const sudoku_board *board, char *buf, size_t size);

typedef enum sudoku_status {
    SUDOKU_SOLVED,      /* exactly one solution (or at least one, counting) */
    SUDOKU_NO_SOLUTION, /* a contradiction: no solution exists */
    SUDOKU_MULTIPLE,    /* more than one solution */
    SUDOKU_INVALID,     /* the record is not a valid puzzle */
    SUDOKU_OVER_BUDGET  /* the search gave up at its budget (result.over_budget) */
} sudoku_status;

/* "solved", "no_solution", "multiple", "invalid" or "over_budget". */
const char *sudoku_status_name(sudoku_status status);

/* Everything one JSON record says about one puzzle; NULL pointers are
 * written as null, except source and candidates, which are left out when
 * NULL, as a negative solutions count is (with at_least). */
typedef struct sudoku_report {
    const char *source; /* where the puzzle came from; left out when NULL */
    long line;
    sudoku_status status;
    const sudoku_grid *puzzle;
    const sudoku_grid *solution;
    const sudoku_board *candidates; /* left out when NULL */
    long solutions;
    bool at_least; /* solutions stopped at the limit */
    unsigned long guesses;
    const char *error;
} sudoku_report;

/* One JSON object on one line, no line end. */
size_t sudoku_format_json(const sudoku_report *report, char *buf, size_t size);

/* ---- logic: the steps a person would take (docs/logic.md) ---- */

/* The techniques of the logic engine, in the order Sudoku Explainer tries
 * them, with SE's names and ratings (times ten, as sudoku_step has them);
 * sudoku_technique_name gives the name. The direct forms place the single
 * that their pattern's eliminations would leave, and only that, as SE does:
 * their eliminations are the reason, not part of the step. */
typedef enum sudoku_technique {
    SUDOKU_HIDDEN_SINGLE,          /* 10 last empty cell, 12 in a box, 15 in a line */
    SUDOKU_DIRECT_POINTING,        /* 17 */
    SUDOKU_DIRECT_CLAIMING,        /* 19 */
    SUDOKU_DIRECT_HIDDEN_PAIR,     /* 20 */
    SUDOKU_NAKED_SINGLE,           /* 23 */
    SUDOKU_DIRECT_HIDDEN_TRIPLET,  /* 25 */
    SUDOKU_POINTING,               /* 26 */
    SUDOKU_CLAIMING,               /* 28 */
    SUDOKU_NAKED_PAIR,             /* 30 */
    SUDOKU_X_WING,                 /* 32 */
    SUDOKU_HIDDEN_PAIR,            /* 34 */
    SUDOKU_NAKED_TRIPLET,          /* 36 */
    SUDOKU_SWORDFISH,              /* 38 */
    SUDOKU_HIDDEN_TRIPLET,         /* 40 */
    SUDOKU_XY_WING,                /* 42 */
    SUDOKU_XYZ_WING,               /* 44 */
    SUDOKU_UNIQUE_RECTANGLE,       /* 45 and up; variant: the type, 1-4 */
    SUDOKU_UNIQUE_LOOP,            /* 45 and up; variant: the type, 1-4 */
    SUDOKU_NAKED_QUAD,             /* 50 */
    SUDOKU_JELLYFISH,              /* 52 */
    SUDOKU_HIDDEN_QUAD,            /* 54 */
    SUDOKU_BUG,                    /* bivalue universal grave, 56 and up; variant: type 1-4 */
    SUDOKU_ALIGNED_PAIR_EXCLUSION, /* 62 */
    /* Chains (variant: a sudoku_chain_kind). Each rates its base plus SE's
     * length increment: 0.1 for a chain of more than 4 links, then at 6,
     * 8, 12, 16, 24, 32, 48, ... links (docs/logic.md). */
    SUDOKU_FORCING_CHAINS,              /* cycles 65, X-chains 66, XY 70 */
    SUDOKU_ALIGNED_TRIPLET_EXCLUSION,   /* 75 */
    SUDOKU_NISHIO_FORCING_CHAINS,       /* 75 and up */
    SUDOKU_MULTIPLE_FORCING_CHAINS,     /* 80 and up: cell and region */
    SUDOKU_DYNAMIC_FORCING_CHAINS,      /* 85 and up */
    SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS, /* 90 and up: chains that use pointing,
                                          pairs and X-wings on the way */
    SUDOKU_NESTED_FORCING_CHAINS,       /* 95 and up: chains that use forcing chains */
    SUDOKU_NESTED_MULTIPLE_CHAINS,      /* 100 and up: ... and multiple forcing chains */
    /* SE's last resorts, 10.5 and up: chains that use dynamic forcing
     * chains on the way, then dynamic (+), then nested ones. */
    SUDOKU_NESTED_DYNAMIC_CHAINS,
    SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS,
    SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED,
    /* HoDoKu's techniques that SE's catalogue lacks: on HoDoKu's scale only
     * (docs/logic.md). The techniques both catalogues have (singles,
     * pointing, claiming, subsets, basic fish, XY- and XYZ-wings, unique
     * rectangles, BUG) are the rows above; each scale finds them its own
     * way. HoDoKu's order is its own (sudoku_technique_order). */
    SUDOKU_FULL_HOUSE,
    SUDOKU_LOCKED_PAIR,
    SUDOKU_LOCKED_TRIPLE,
    SUDOKU_REMOTE_PAIR,
    SUDOKU_SKYSCRAPER,
    SUDOKU_TWO_STRING_KITE,
    SUDOKU_TURBOT_FISH,
    SUDOKU_EMPTY_RECTANGLE,
    SUDOKU_W_WING,
    SUDOKU_HIDDEN_RECTANGLE,
    SUDOKU_AVOIDABLE_RECTANGLE, /* variant: the type, 1 or 2 */
    SUDOKU_FINNED_X_WING,
    SUDOKU_SASHIMI_X_WING,
    SUDOKU_FINNED_SWORDFISH,
    SUDOKU_SASHIMI_SWORDFISH,
    SUDOKU_FINNED_JELLYFISH,
    SUDOKU_SASHIMI_JELLYFISH,
    SUDOKU_SUE_DE_COQ,
    SUDOKU_SIMPLE_COLORS, /* variant: SUDOKU_COLORS_TRAP or _WRAP */
    SUDOKU_MULTI_COLORS,  /* variant: the type, 1 or 2 */
    SUDOKU_X_CHAIN,
    SUDOKU_XY_CHAIN,
    SUDOKU_NICE_LOOP,         /* variant: a sudoku_loop_kind */
    SUDOKU_GROUPED_NICE_LOOP, /* variant: a sudoku_loop_kind */
    SUDOKU_ALS_XZ,
    SUDOKU_ALS_XY_WING,
    SUDOKU_ALS_CHAIN,
    SUDOKU_FRANKEN_X_WING, /* variant SUDOKU_FISH_MUTANT: a mutant fish the search found */
    SUDOKU_FRANKEN_SWORDFISH,
    SUDOKU_FINNED_FRANKEN_X_WING,
    SUDOKU_FINNED_FRANKEN_SWORDFISH,
    SUDOKU_FORCING_CHAIN, /* HoDoKu's (not SE's forcing chains); variant: SUDOKU_FORCING_* */
    SUDOKU_FORCING_NET,   /* variant: SUDOKU_FORCING_* */
    SUDOKU_BRUTE_FORCE,   /* the middle open cell given its solution's digit */
    SUDOKU_GIVE_UP,       /* never a step: a path stuck on HoDoKu's scale is rated with it */
    SUDOKU_TECHNIQUES     /* the number of techniques */
} sudoku_technique;

/* The step types of HoDoKu's techniques that have several
 * (sudoku_step.variant); each has its own name (sudoku_step_name). */
enum {
    SUDOKU_COLORS_TRAP = 1, /* simple colours: a candidate seeing both colours */
    SUDOKU_COLORS_WRAP = 2, /* simple colours: a colour that sees itself is false */
    SUDOKU_FISH_MUTANT = 1, /* a Franken search's fish whose units make it a mutant */
    SUDOKU_FORCING_CONTRADICTION = 1, /* an assumption leads to a contradiction */
    SUDOKU_FORCING_VERITY = 2         /* all ways lead to the same result */
};

/* What a nice loop or AIC step is (sudoku_step.variant of SUDOKU_NICE_LOOP
 * and SUDOKU_GROUPED_NICE_LOOP): the grouped kinds hold a group node. */
typedef enum sudoku_loop_kind {
    SUDOKU_LOOP_DISCONTINUOUS = 1,
    SUDOKU_LOOP_CONTINUOUS,
    SUDOKU_LOOP_AIC,
    SUDOKU_LOOP_GROUPED_DISCONTINUOUS,
    SUDOKU_LOOP_GROUPED_CONTINUOUS,
    SUDOKU_LOOP_GROUPED_AIC
} sudoku_loop_kind;

/* The scales a path is rated on. Each has its catalogue: its techniques,
 * their names, its order, its wording of a step and its rating of a path. */
typedef enum sudoku_scale {
    SUDOKU_SCALE_SE,     /* Sudoku Explainer's: ratings 1.0 to 11.9 and up (ER, EP, ED) */
    SUDOKU_SCALE_HODOKU, /* HoDoKu's: a level (Easy to Extreme) and a score */
    SUDOKU_SCALES
} sudoku_scale;

/* HoDoKu's levels, easiest first. */
typedef enum sudoku_level {
    SUDOKU_LEVEL_NONE, /* no step taken */
    SUDOKU_LEVEL_EASY,
    SUDOKU_LEVEL_MEDIUM,
    SUDOKU_LEVEL_HARD,
    SUDOKU_LEVEL_UNFAIR,
    SUDOKU_LEVEL_EXTREME,
    SUDOKU_LEVELS
} sudoku_level;

/* "se" or "hodoku"; and the scale a name gives (false if none does). */
const char *sudoku_scale_name(sudoku_scale scale);
bool sudoku_scale_from_name(const char *name, sudoku_scale *scale);

/* "Easy", "Medium", "Hard", "Unfair", "Extreme" ("" for none); and the
 * level a name gives, in any case (false if none does). */
const char *sudoku_level_name(sudoku_level level);
bool sudoku_level_from_name(const char *name, sudoku_level *level);

/* The techniques of a scale in the order its path tries them: fills order
 * (room for SUDOKU_TECHNIQUES) and returns how many. */
int sudoku_technique_order(sudoku_scale scale, sudoku_technique order[SUDOKU_TECHNIQUES]);

/* A technique's name on a scale ("Hidden Single", "Skyscraper"), NULL if
 * the scale lacks it; its short code on HoDoKu's ("h1", "sk"; NULL on
 * SE's); its level and base score on HoDoKu's (SUDOKU_LEVEL_NONE and 0
 * when it lacks it). */
const char *sudoku_technique_name_on(sudoku_technique technique, sudoku_scale scale);
const char *sudoku_technique_code(sudoku_technique technique);
sudoku_level sudoku_technique_level(sudoku_technique technique);
int sudoku_technique_score(sudoku_technique technique);

/* What a chain step shows (sudoku_step.variant of a chain technique). */
typedef enum sudoku_chain_kind {
    SUDOKU_CHAIN_X_CYCLE = 1,   /* a cycle of one digit's conjugate pairs */
    SUDOKU_CHAIN_Y_CYCLE,       /* a cycle of bivalue cells */
    SUDOKU_CHAIN_XY_CYCLE,      /* a cycle of both links */
    SUDOKU_CHAIN_X_FORCING,     /* a chain of one digit leading to its start's opposite */
    SUDOKU_CHAIN_XY_FORCING,    /* the same, with both kinds of links */
    SUDOKU_CHAIN_CONTRADICTION, /* an assumption leading to a candidate both on and off */
    SUDOKU_CHAIN_DOUBLE,        /* a candidate's both states leading to the same result */
    SUDOKU_CHAIN_CELL,          /* each candidate of a cell leading to the same result */
    SUDOKU_CHAIN_REGION         /* each place of a digit in a unit leading to the same result */
} sudoku_chain_kind;

/* "Hidden single", "Direct pointing", ..., "Aligned pair exclusion". */
const char *sudoku_technique_name(sudoku_technique technique);

/* Looks a technique up by the name explain gives it on SE's scale, in
 * any case, with or without its spaces, hyphens and brackets ("X-wing",
 * "x wing" and "XWING" are one name); every SE name a technique goes by
 * is looked up here (HoDoKu's names alone are not: generate's --technique
 * targets SE's path). Returns false, technique untouched, if no technique
 * has it. */
bool sudoku_technique_named(const char *name, sudoku_technique *technique);

/* The most links a step carries (the chaining techniques); a longer chain
 * is cut short, and says so (sudoku_step.links_cut). */
#define SUDOKU_LINKS_MAX 256

/* One node of a chain: digit in cell, on (true: the cell holds it) or off.
 * A step's chains are listed one after the other, each from its
 * assumption (start set) to its conclusion; each node follows from the one
 * before it. */
typedef struct sudoku_link {
    uint8_t cell, digit;
    bool on;
    bool start; /* the first node of a chain */
    /* A group node (HoDoKu's grouped chains): ngroup other cells (0 for a
     * node of one cell, 1 or 2), in group, in increasing order after cell.
     * The digit is a candidate of each; the node is on when one holds it. */
    uint8_t ngroup;
    uint8_t group[2];
    /* A forcing net's side branch (HoDoKu): 0 on the chain's main line,
     * else how deep in side branches the node is; branch_start marks the
     * first node of each side branch (a branch may follow another). */
    uint8_t branch;
    bool branch_start;
} sudoku_link;

/* No cell: a mark that is a unit. */
#define SUDOKU_NO_CELL 255

/* What a mark (sudoku_mark) is to its step, for a picture of it: which
 * cells and candidates to light, and in which part. The group of a mark
 * tells marks of one role apart (the first ALS 0, the second 1...). */
typedef enum sudoku_role {
    SUDOKU_ROLE_PATTERN = 1, /* what the pattern is made of: a subset's or a wing's cells and
                                digits, a rectangle's corners, a single-digit pattern's candidates */
    SUDOKU_ROLE_BASE,     /* a fish's base unit, or its candidates there */
    SUDOKU_ROLE_COVER,    /* a fish's cover unit */
    SUDOKU_ROLE_FIN,      /* a fish's fin: a base candidate outside the cover */
    SUDOKU_ROLE_ENDO_FIN, /* a fin in two base units */
    SUDOKU_ROLE_PIVOT,    /* a wing's pivot (hinge) */
    SUDOKU_ROLE_PINCER,   /* a wing's pincer */
    SUDOKU_ROLE_LINK,     /* the candidates of a strong link that joins the pattern (a skyscraper's
                             base, a kite's box, a W-wing's bridge, an empty rectangle's pair) */
    SUDOKU_ROLE_EXTRA,    /* a candidate beside the pattern's digits (uniqueness, BUG) */
    SUDOKU_ROLE_SET,      /* a set the pattern forms with: a unique rectangle's type 3 set, Sue
                             de Coq's line (group 0) and box (group 1) cells */
    SUDOKU_ROLE_ALS,      /* an almost locked set's cells and digits; group: A 0, B 1, C 2... */
    SUDOKU_ROLE_RESTRICTED, /* the candidates of a restricted common digit between two sets */
    SUDOKU_ROLE_COLOR,    /* a colour: group 2k and 2k+1 the two colours of cluster k */
    SUDOKU_ROLE_UNIT      /* a unit the pattern lies in (an empty rectangle's box...) */
} sudoku_role;

/* A cell (with some of its candidates) or a unit that has a part in a
 * step: a picture lights it by its role. */
typedef struct sudoku_mark {
    uint8_t role;    /* a sudoku_role */
    uint8_t group;   /* which of the marks of that role, from 0 */
    uint8_t cell;    /* the cell, or SUDOKU_NO_CELL for a unit */
    uint8_t unit;    /* the unit (0-26) of a mark without a cell */
    uint16_t digits; /* the candidates of the cell that have the part; 0: the cell itself */
} sudoku_mark;

/* The most marks a step carries; more are left out (sudoku_step.marks_cut). */
#define SUDOKU_MARKS_MAX 192

/* The most eliminations a step lists in order (sudoku_step.removals). */
#define SUDOKU_REMOVALS_MAX 729

/* A candidate: digit (1-9) in cell. */
typedef struct sudoku_candidate {
    uint8_t cell, digit;
} sudoku_candidate;

/* A step of the logic engine, as data: what was seen and what follows.
 * Units are numbered 0-8 for rows 1-9, 9-17 for columns 1-9, 18-26 for
 * boxes 1-9; digit sets have bit d-1 for digit d. The lists (cells, links,
 * removals, marks) hold as many entries as their counts say; what lies
 * beyond them is unspecified. */
typedef struct sudoku_step {
    sudoku_technique technique;
    int variant;     /* the type of a uniqueness or BUG step, else 0 */
    int rating;      /* Sudoku Explainer's rating times ten: 26 for 2.6 */
    uint32_t units;  /* the units the pattern lies in or covers */
    uint16_t digits; /* the digits of the pattern */
    uint16_t extra;  /* digits beside the pattern's: the extra candidates of a
                        uniqueness or BUG step, or the digits of its set */
    int ncells;      /* the pattern's cells, in the order the text names them */
    int npattern;    /* of those, the first npattern are the loop or the BUG
                        cells, the rest the set they form with; 0: all */
    uint8_t cells[SUDOKU_CELLS];
    uint8_t place[SUDOKU_CELLS];      /* digit placed in each cell, 0 for none */
    uint16_t eliminate[SUDOKU_CELLS]; /* candidates removed from each cell */
    int nlinks;                       /* a chain's links, in order; 0 for other techniques */
    bool links_cut;                   /* more links than SUDOKU_LINKS_MAX: the rest left out */
    int complexity;                   /* a chain step's node count, as SE counts it */
    sudoku_link links[SUDOKU_LINKS_MAX];
    /* Since the second scale: */
    sudoku_scale scale; /* the scale the step was found on: its name, words and rating are that
                           scale's; on HoDoKu's, rating is the technique's base score */
    sudoku_level level; /* the technique's level on HoDoKu's scale (SE's: SUDOKU_LEVEL_NONE) */
    /* The eliminations in the order the technique lists them (HoDoKu's
     * scale: the order decides which single comes next); a candidate may
     * be listed twice. 0 on SE's scale: eliminate says it all. */
    int nremovals;
    sudoku_candidate removals[SUDOKU_REMOVALS_MAX];
    /* What a picture shows of the step (HoDoKu's scale), in no order. */
    int nmarks;
    bool marks_cut; /* more marks than SUDOKU_MARKS_MAX: the rest left out */
    sudoku_mark marks[SUDOKU_MARKS_MAX];
} sudoku_step;

/* The state the logic engine works on: placed digits, and the candidates
 * of the cells still open (0 for a placed cell). A plain value. */
typedef struct sudoku_logic {
    sudoku_grid placed;
    uint16_t candidates[SUDOKU_CELLS];
} sudoku_logic;

/* Sets up the state of a puzzle: its givens placed, every other cell with
 * the digits its placed peers leave. Returns false if two givens clash. */
bool sudoku_logic_from_grid(sudoku_logic *state, const sudoku_grid *puzzle);

/* Sets up the state of a board of candidates (pencilmarks): a cell with one
 * candidate that no peer still holds counts as placed; any other cell is
 * open with exactly the candidates the board gives it. */
void sudoku_logic_from_board(sudoku_logic *state, const sudoku_board *board);

/* The candidates of state as a board: a placed cell holds its digit alone. */
void sudoku_logic_to_board(const sudoku_logic *state, sudoku_board *board);

/* Returns true if every cell is placed. */
bool sudoku_logic_solved(const sudoku_logic *state);

/* Flags of sudoku_logic_next and sudoku_logic_find. */
#define SUDOKU_LOGIC_NO_UNIQUENESS 1u /* skip the techniques that assume one solution */
#define SUDOKU_LOGIC_NO_CHAINS 2u     /* stop before the chains: up to aligned pair exclusion */
#define SUDOKU_LOGIC_HODOKU 4u        /* HoDoKu's scale: its techniques, order and rating */

/* Finds the step Sudoku Explainer would take next: the first step of the
 * first technique, in the order of sudoku_technique, that applies. Returns
 * false if none does (the engine is stuck), or if the state is solved or
 * shows it has no solution (an open cell without candidates, or a digit
 * with no place left in a unit). Unique rectangles and loops and BUG
 * assume the puzzle has exactly one solution; flags may leave them out.
 * If memory runs short the search gives up, for the step it would miss
 * may be the one to take: returns false with errno set to ENOMEM (errno
 * is left as it was otherwise, so a caller that tells this apart sets it
 * to 0 first). The same holds for sudoku_logic_find and the variants
 * below. */
bool sudoku_logic_next(const sudoku_logic *state, unsigned flags, sudoku_step *step);

/* As sudoku_logic_next, within a budget of work: *budget is the units of
 * work the search may still do; it is decreased by those it does. A unit
 * is about the time the chaining techniques take to make one chain node (a
 * candidate assumed on or off): a node made is one, and the work that
 * makes none (links followed, closures, the starts and cells searched) is
 * counted at its cost, so that a unit takes about the same time on every
 * kind of board (25 to 57 ns on the project's test machine over valid
 * puzzles, boards with many solutions and the empty grid, where a node
 * alone took 126 to 875 ns: docs/logic.md). When it runs out the search
 * gives up: returns false with *budget 0 (so a caller tells "over budget"
 * from "stuck"). The work a step takes does not depend on the machine, so
 * neither does where a budget ends. A budget of 0 stays 0: give a
 * positive one. */
bool sudoku_logic_next_within(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                              sudoku_step *step);

/* What the engine remembers along one path: where a search found nothing
 * on an earlier board, so that on a later board (the same, less the steps
 * taken since) it looks again only where what was removed can matter. The
 * steps are those sudoku_logic_next_within finds, only found sooner. A
 * memo serves one path at a time; a board that is not a later one of its
 * path (a candidate back, another puzzle) makes it start afresh. NULL if
 * out of memory. */
typedef struct sudoku_logic_memo sudoku_logic_memo;
sudoku_logic_memo *sudoku_logic_memo_new(void);
void sudoku_logic_memo_free(sudoku_logic_memo *memo);

/* As sudoku_logic_next_within (budget NULL: no limit), with a memo (NULL:
 * none). A memo is the caller's to keep from one call to the next of one
 * path, on one thread at a time; free it with sudoku_logic_memo_free.
 *
 * On HoDoKu's scale (SUDOKU_LOGIC_HODOKU) the memo carries more: HoDoKu
 * takes singles in the order earlier steps removed candidates (queues
 * that every removal feeds), so the next single depends on the path so
 * far, not on the board alone. A memo that saw the last step (the board
 * is the one it returned the step on, with that step applied) goes on
 * with its queues; any other board, and every call without a memo,
 * starts the queues afresh, as HoDoKu does when it reads a puzzle: the
 * placed cells placed in cell order, then the candidates the board lacks
 * beyond them removed in cell order, digits ascending. On a puzzle's
 * first board that is HoDoKu's own start; elsewhere (a board of
 * candidates, a hint in the middle of a path) it is a defined start of
 * our own, and the next single may be another than HoDoKu's. */
bool sudoku_logic_next_memo(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                            sudoku_logic_memo *memo, sudoku_step *step);

/* Finds the first step of one technique only, as sudoku_logic_next would
 * find it if no easier technique applied. Returns false if there is none. */
bool sudoku_logic_find(const sudoku_logic *state, sudoku_technique technique, unsigned flags,
                       sudoku_step *step);

/* Applies a step: places its digits (each removed from the placed cell's
 * peers) and removes its eliminations. */
void sudoku_logic_apply(sudoku_logic *state, const sudoku_step *step);

/* The ratings of a path. Start from {0}, add each step in order; a step
 * counts on the scale it was found on (sudoku_step.scale).
 * Sudoku Explainer's: three ratings, times ten: ER the highest step
 * rating, EP the highest up to the first step that places a digit, ED the
 * first step's.
 * HoDoKu's: the score, the sum of the steps' base scores; the level, the
 * highest of the steps' levels, raised one level at a time while the
 * score is above that level's limit (Easy 800, Medium 1000, Hard 1600,
 * Unfair 1800); hardest, the step of the highest level, then the highest
 * base score, the first such. */
typedef struct sudoku_rating {
    int er, ep, ed;
    int steps;
    sudoku_technique hardest; /* SE: the technique of the first step rated er */
    /* Since the second scale: */
    sudoku_scale scale;  /* the scale of the steps added */
    sudoku_level level;  /* HoDoKu's level */
    int score;           /* HoDoKu's score */
    int hardest_variant; /* the variant of the hardest step (its name: sudoku_step_name) */
} sudoku_rating;

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step);

/* A path that got stuck on HoDoKu's scale, rated as HoDoKu rates it: with
 * a Give Up step (base score 20000, Extreme) added. */
void sudoku_rating_give_up(sudoku_rating *rating);

/* The name of a step's technique on its scale, with its type where the
 * technique has several ("Simple Colors Trap", "Uniqueness Test 2",
 * "Grouped Discontinuous Nice Loop"); SE's name on SE's scale; and its
 * short code ("sc1", "u2", "gdnl"; NULL on SE's scale). */
const char *sudoku_step_name(sudoku_technique technique, int variant, sudoku_scale scale);
const char *sudoku_step_code(sudoku_technique technique, int variant);

/* The step in words, one line without a line end, in its scale's
 * notation: on SE's, e.g. "Pointing (2.6): 5 in box 4 is in row 5 only
 * => r5c7<>5, r5c9<>5"; on HoDoKu's, HoDoKu's own, e.g. "Skyscraper: 4 in
 * r1c2,r6c2 (connected by r1c7,r6c8) => r2c7,r3c8<>4" (a forcing chain's
 * or net's chains follow on lines of their own, each after a line end
 * and two spaces, as HoDoKu writes them). */
size_t sudoku_format_step(const sudoku_step *step, char *buf, size_t size);

/* The step as one JSON object: {"technique":"...","rating":2.6,
 * "placements":[[row,col,digit],...],"eliminations":[[row,col,digit],...]},
 * rows, columns and digits 1-9, no line end; on HoDoKu's scale
 * {"technique":"Skyscraper","code":"sk","level":"Hard","score":130,...},
 * the eliminations in the technique's order, each once, then "marks"
 * ([role,group,row,column,[digits]] or, for a unit, [role,group,unit]) and,
 * for a chain, "chains". Both step formatters keep snprintf's contract: a
 * chain step of hundreds of links can outgrow SUDOKU_TEXT_MAX, so compare
 * what they return with the size. */
size_t sudoku_format_step_json(const sudoku_step *step, char *buf, size_t size);

/* A step told as a hint, at a level of help (docs/play.md): 1, the
 * technique and where to look, units only ("Pointing (2.6): look at box
 * 4"); 2, the pattern, the step's words before what it removes or places
 * ("Pointing (2.6): 5 in box 4 is in row 5 only"; a single's reason, not
 * its cell's digit); 3 (or more), the whole step, as sudoku_format_step.
 * snprintf's contract, as the step formatters. */
size_t sudoku_format_hint(const sudoku_step *step, int level, char *buf, size_t size);

/* The units a hint's first level points to (bit u for unit u, numbered as
 * in sudoku_step.units): a single's unit, a locked set's box or line, a
 * subset's unit, a fish's base lines, else the boxes of the pattern's
 * cells (of a chain, of its first node). Never 0 for a step the engine
 * found. */
uint32_t sudoku_hint_units(const sudoku_step *step);

/* The cells a hint's second level shows, the pattern's: the step's cells
 * (a direct step's but for the single it places; none for a hidden
 * single, whose unit says it all) and a chain's, each once, in order.
 * Returns how many. */
int sudoku_hint_cells(const sudoku_step *step, uint8_t cells[SUDOKU_CELLS]);

/* What became of a whole path (sudoku_rate). */
typedef enum sudoku_rate_outcome {
    SUDOKU_RATE_SOLVED,        /* the steps reach the end: the ratings are the puzzle's */
    SUDOKU_RATE_STUCK,         /* no technique applies: the ratings are of the path so far */
    SUDOKU_RATE_OVER_BUDGET,   /* the budget ran out first (see sudoku_logic_next_within) */
    SUDOKU_RATE_INVALID,       /* two givens clash */
    SUDOKU_RATE_ABOVE,         /* a step was rated above the ceiling: the path stopped there */
    SUDOKU_RATE_OUT_OF_MEMORY, /* memory ran short: the path stopped there (no rating is known) */
    SUDOKU_RATE_NOT_UNIQUE     /* sudoku_rate_asking was told the puzzle has not one solution */
} sudoku_rate_outcome;

/* Takes the logic engine's whole path through puzzle, as Sudoku Explainer
 * would, and fills rating with it. budget is as in sudoku_logic_next_within
 * (units of work; 0: no limit). ceiling (times ten; 0: none) stops the path
 * at the first step rated above it, for a caller that only wants puzzles
 * up to a rating: the hard steps are the slow ones. The techniques that
 * assume one solution are used unless flags leave them out: rate puzzles
 * with exactly one solution. With SUDOKU_LOGIC_HODOKU the path is
 * HoDoKu's (its queues kept from step to step) and ceiling is a level
 * (a sudoku_level; 0: none): the path stops at the first step after
 * which the puzzle's level (its steps' highest, raised by the score so
 * far) is above it. */
sudoku_rate_outcome sudoku_rate(const sudoku_grid *puzzle, unsigned flags,
                                unsigned long long budget, int ceiling, sudoku_rating *rating);

/* As sudoku_rate, and sets used[t] (when used is not NULL) for each
 * technique t the path took a step of, the step above the ceiling
 * included. */
sudoku_rate_outcome sudoku_rate_used(const sudoku_grid *puzzle, unsigned flags,
                                     unsigned long long budget, int ceiling,
                                     sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES]);

/* Whether the puzzle has exactly one solution (asked by sudoku_rate_asking). */
typedef bool sudoku_one_solution(void *context);

/* As sudoku_rate_used, on a puzzle whose solutions are not counted yet:
 * one_solution(context) is asked at most once, just before the first
 * technique that assumes one solution would be tried (on SE's scale, and
 * where HoDoKu's path goes step by step, at the start); if it says no,
 * the path stops there with SUDOKU_RATE_NOT_UNIQUE. Under
 * SUDOKU_LOGIC_NO_UNIQUENESS it is never asked. A path that reaches the
 * end without asking has proved the solution it found the only one (its
 * every step holds in every solution), and most easy puzzles' paths do:
 * the count, a search of every solution, is spared. A path that stops
 * for another reason (stuck, over budget) may not have asked. */
sudoku_rate_outcome sudoku_rate_asking(const sudoku_grid *puzzle, unsigned flags,
                                       unsigned long long budget, int ceiling,
                                       sudoku_rating *rating, bool used[SUDOKU_TECHNIQUES],
                                       sudoku_one_solution *one_solution, void *context);

/* ---- pictures: grids and steps drawn as SVG, in a terminal, and printable
 * books in HTML (docs/pictures.md) ---- */
/* Each writes with snprintf's contract, as the print functions do: compare
 * what it returns with the size (a picture is a few kilobytes, a long
 * chain's caption more). A picture tells the puzzle's givens (dark) from
 * the digits placed since (blue) when it is given them; NULL givens draws
 * every placed digit as a given. */

/* Flags of the picture functions. */
#define SUDOKU_PICTURE_INLINE 1u /* SVG: an <svg> element for an HTML page that holds
                                    sudoku_book_start's shapes, not a document */
#define SUDOKU_PICTURE_LABELS 2u /* rows and columns numbered around the grid */
#define SUDOKU_PICTURE_COLOR 4u  /* terminal: ANSI colours rather than markers */

/* A grid as a standalone SVG 1.1 document: grid's digits (NULL: givens'),
 * those of givens dark, the others in the colour of solved digits. The
 * digits are drawn as shapes, not with a font, so that the picture looks
 * the same everywhere. */
size_t sudoku_svg_grid(const sudoku_grid *givens, const sudoku_grid *grid, unsigned flags,
                       char *buf, size_t size);

/* The candidate grid of state as SVG: placed digits large, candidates as
 * three rows of three small digits in each open cell. */
size_t sudoku_svg_candidates(const sudoku_grid *givens, const sudoku_logic *state, unsigned flags,
                             char *buf, size_t size);

/* A step drawn on the candidate grid of state, the state it was found in:
 * the step's cells shaded (the first npattern and the rest in two colours,
 * a cell it places a digit in in a third), its units tinted, its digits
 * and extra digits ringed in those cells, eliminated candidates crossed
 * out, placed ones on a disc, chain nodes on discs of two colours (on,
 * off) with an arrow from each to the next (solid to an on node: a strong
 * link; dashed to an off node: a weak link), and the step in words
 * (sudoku_format_step) as a caption. */
size_t sudoku_svg_step(const sudoku_grid *givens, const sudoku_logic *state,
                       const sudoku_step *step, unsigned flags, char *buf, size_t size);

/* The same for a terminal: the candidate grid of state, three lines a row
 * of cells, with step marked (NULL: none) by markers before its
 * candidates, or by ANSI colours with SUDOKU_PICTURE_COLOR, and a line
 * that says what each marker or colour means; lines end in '\n'. */
size_t sudoku_format_step_grid(const sudoku_grid *givens, const sudoku_logic *state,
                               const sudoku_step *step, unsigned flags, char *buf, size_t size);

/* A printable book: one HTML page (CSS print rules: pages of A4 or US
 * Letter, page breaks) of parts, each a run of pages of grids or a flow of
 * text and pictures. A browser prints it; nothing outside the file is
 * needed. Write sudoku_book_start, then the parts, then sudoku_book_end. */
typedef struct sudoku_book {
    const char *title; /* the title on each page of grids; NULL: none */
    bool letter;       /* US Letter pages, else A4 */
    int per_page;      /* grids a page, 1 to 12 (1 to 12 is enforced) */
} sudoku_book;

size_t sudoku_book_start(const sudoku_book *book, char *buf, size_t size);

/* The index-th grid (from 0) of a part of pages of grids, as
 * sudoku_svg_grid draws it, under a line with its label and, at the right,
 * its note (each NULL: none): a page starts before every per_page-th grid
 * and ends after its last one. */
size_t sudoku_book_grid(const sudoku_book *book, long index, const char *label, const char *note,
                        const sudoku_grid *givens, const sudoku_grid *grid, char *buf, size_t size);

/* Ends a part of count grids (its last page, when that is not full). */
size_t sudoku_book_grids_end(const sudoku_book *book, long count, char *buf, size_t size);

/* Text in the flow: a part's title, which starts a new page; a heading,
 * kept with what follows; or a paragraph. The text is escaped for HTML. */
typedef enum sudoku_book_kind {
    SUDOKU_BOOK_PART,
    SUDOKU_BOOK_HEADING,
    SUDOKU_BOOK_PARAGRAPH
} sudoku_book_kind;

size_t sudoku_book_text(const sudoku_book *book, sudoku_book_kind kind, const char *text,
                        char *buf, size_t size);

/* A step in the flow, drawn as sudoku_svg_step draws it (step NULL: the
 * candidates of state), never split across pages. */
size_t sudoku_book_step(const sudoku_book *book, const sudoku_grid *givens,
                        const sudoku_logic *state, const sudoku_step *step, char *buf, size_t size);

size_t sudoku_book_end(const sudoku_book *book, char *buf, size_t size);

/* ---- generate / check: new puzzles, and what a setter checks (docs/generate.md) ---- */

/* Symmetries of a pattern of clues: a puzzle has one when each of its
 * maps of the grid onto itself takes every clue to a clue. */
typedef enum sudoku_symmetry {
    SUDOKU_SYMMETRY_NONE,
    SUDOKU_SYMMETRY_ROTATE180,    /* a half turn about the centre */
    SUDOKU_SYMMETRY_ROTATE90,     /* a quarter turn (and so the half turn) */
    SUDOKU_SYMMETRY_MIRROR,       /* left and right: columns reversed */
    SUDOKU_SYMMETRY_FLIP,         /* top and bottom: rows reversed */
    SUDOKU_SYMMETRY_DIAGONAL,     /* about the diagonal r1c1-r9c9 */
    SUDOKU_SYMMETRY_ANTIDIAGONAL, /* about the diagonal r1c9-r9c1 */
    SUDOKU_SYMMETRY_BIAXIAL,      /* mirror and flip (and so the half turn) */
    SUDOKU_SYMMETRY_BIDIAGONAL,   /* both diagonals (and so the half turn) */
    SUDOKU_SYMMETRY_FULL          /* all eight maps: quarter turns and reflections */
} sudoku_symmetry;

#define SUDOKU_SYMMETRIES 10

/* The symmetry's name in the tool: "none", "rotate180", "rotate90",
 * "mirror", "flip", "diagonal", "antidiagonal", "biaxial", "bidiagonal",
 * "full". */
const char *sudoku_symmetry_name(sudoku_symmetry symmetry);

/* True if every pattern with symmetry a has symmetry b too (a quarter turn
 * includes the half turn, "full" every other; each includes itself and
 * "none"). */
bool sudoku_symmetry_includes(sudoku_symmetry a, sudoku_symmetry b);

/* The symmetries puzzle's pattern of clues has: bit s for symmetry s (bit
 * SUDOKU_SYMMETRY_NONE always). */
unsigned sudoku_symmetries_of(const sudoku_grid *puzzle);

/* Fills grid with a random solution grid, drawn with the caller's random
 * state as in sudoku_transform_random (the same state gives the same grid
 * everywhere). Not uniform over all grids, but every grid can come. */
void sudoku_random_grid(uint64_t *state, sudoku_grid *grid);

/* How sudoku_generate makes a puzzle. {0} asks for no symmetry, as few
 * clues as it reaches, minimal or not (without symmetry it always is). */
typedef struct sudoku_generator {
    sudoku_symmetry symmetry;
    int fewest_clues; /* take no clue away below this many (0: no floor) */
    bool minimal;     /* the puzzle must be minimal: fail rather than not */
} sudoku_generator;

/* Makes a puzzle with exactly one solution, drawn with the caller's random
 * state: a random solution grid (solution), from which clues are taken
 * away in a random order, a symmetry orbit at a time, while the solution
 * stays unique. Returns false if how->minimal is set and the puzzle is not
 * minimal (a symmetric puzzle can lose single clues still; a floor of
 * clues can stop the removals early): draw again. puzzle and solution are
 * filled either way. */
bool sudoku_generate(const sudoku_generator *how, uint64_t *state, sudoku_grid *puzzle,
                     sudoku_grid *solution);

/* For a puzzle with exactly one solution, marks the clues that could go
 * alone (the puzzle without one of them still has one solution) and
 * returns how many: 0 means minimal. Returns -1, marking none, if the
 * puzzle has no solution or several. */
int sudoku_redundant_clues(const sudoku_grid *puzzle, bool redundant[SUDOKU_CELLS]);

/* A test a generator puts a puzzle to: true to keep it. */
typedef bool sudoku_puzzle_test(const sudoku_grid *puzzle, void *context);

/* As sudoku_generate, but a clue is taken away only if the puzzle left
 * passes keep too (NULL: sudoku_generate itself). Such a test need not
 * hold of fewer clues when it holds of more, so the clues are tried one
 * by one, and the puzzle is minimal only if sudoku_redundant_clues says
 * so (how->minimal asks for that). */
bool sudoku_generate_keeping(const sudoku_generator *how, sudoku_puzzle_test *keep, void *context,
                             uint64_t *state, sudoku_grid *puzzle, sudoku_grid *solution);

/* Makes a puzzle of few clues (docs/generate.md): a minimal puzzle drawn
 * as by sudoku_generate, then a walk that takes two clues away and adds
 * one ({-2+1}) and takes away what can then go, sideways ({-1+1}) where
 * it is stuck, never below fewest clues, until at most most. Returns true
 * if it got there, false if the walk got stuck first (draw again); puzzle
 * (one solution, minimal unless fewest stopped a removal) and solution
 * are filled either way. */
bool sudoku_generate_fewer(int fewest, int most, uint64_t *state, sudoku_grid *puzzle,
                           sudoku_grid *solution);

/* Returns true if some puzzle with clues exactly on pattern (pattern[cell]
 * true: a clue) might have one solution; false, with the reason in why
 * (one line, at most size bytes), if none can: fewer than 17 clues, or two
 * rows of a band (columns of a stack) without clues, whose digits could
 * swap. True proves nothing: most patterns of 17 or 18 clues have no such
 * puzzle. */
bool sudoku_pattern_possible(const bool pattern[SUDOKU_CELLS], char *why, size_t size);

/* Makes a puzzle whose clues are exactly the cells of pattern, with one
 * solution (docs/generate.md says how): returns true with it in puzzle
 * and its solution in solution, or false if this draw got stuck (draw
 * again with the state as it is left). */
bool sudoku_generate_pattern(const bool pattern[SUDOKU_CELLS], uint64_t *state,
                             sudoku_grid *puzzle, sudoku_grid *solution);

/* Moves puzzle (with one solution) one step to a random neighbour with
 * one solution that passes keep (NULL: any): a clue taken away and one
 * added elsewhere, or with a pattern (not NULL) a clue given another
 * digit, so that the clues stay on it. Returns false, puzzle untouched,
 * if the few tries it makes find none. */
bool sudoku_generate_neighbour(sudoku_grid *puzzle, const bool *pattern, sudoku_puzzle_test *keep,
                               void *context, uint64_t *state);

/* The rating (times ten) up to which a puzzle is dug when its hardest step
 * is to be technique: the technique's own rating when that is fixed;
 * below the next technique's least rating when it varies; 0 (no ceiling)
 * for the last techniques. */
int sudoku_technique_ceiling(sudoku_technique technique);

/* For a technique whose step needs a shape of clues that random digging
 * seldom leaves (Hidden quad: a box open, and the four digits of 2 x 2 of
 * its cells kept as clues in the row and the column of the box that miss
 * them; docs/generate.md): a random solution grid (solution), opened to
 * that shape, then dug as by sudoku_generate_keeping without symmetry,
 * every clue of the shape kept. Returns true with the puzzle, and
 * shape[cell] true for each cell of the shape (open or a clue: a walk
 * from the puzzle keeps each as it is); false, touching nothing (not the
 * random state either), for a technique without a shape. */
bool sudoku_generate_shaped(sudoku_technique technique, sudoku_puzzle_test *keep, void *context,
                            uint64_t *state, sudoku_grid *puzzle, sudoku_grid *solution,
                            bool shape[SUDOKU_CELLS]);

/* ---- vicinity: the puzzles near a puzzle, {-N+M} (docs/generate.md) ---- */

/* The most clues sudoku_vicinity adds. */
#define SUDOKU_VICINITY_MAX_ADD 4

typedef struct sudoku_vicinity_query {
    int remove, add;                /* clues taken away, clues added */
    bool minimal;                   /* only minimal puzzles */
    unsigned long long max_guesses; /* the searches' guesses in all; 0: no limit */
} sudoku_vicinity_query;

typedef struct sudoku_vicinity_counts {
    unsigned long long candidates; /* puzzles looked at: each set of clues taken away
                                      times each set of clues added there */
    unsigned long long found;      /* of those, with one solution */
    unsigned long long classes;    /* of those, reported: each class once */
    unsigned long long guesses;    /* the searches' */
} sudoku_vicinity_counts;

typedef enum sudoku_vicinity_outcome {
    SUDOKU_VICINITY_DONE,          /* every puzzle reported */
    SUDOKU_VICINITY_STOPPED,       /* each asked to stop */
    SUDOKU_VICINITY_OVER_BUDGET,   /* max_guesses ran out: the list is incomplete */
    SUDOKU_VICINITY_INVALID,       /* givens clash, fewer clues than remove, add out of range */
    SUDOKU_VICINITY_OUT_OF_MEMORY  /* the list of classes could not grow: incomplete */
} sudoku_vicinity_outcome;

/* Told of each puzzle found; returns false to stop. */
typedef bool sudoku_each_puzzle(const sudoku_grid *puzzle, void *context);

/* The puzzles with one solution made from puzzle by taking query->remove
 * of its clues away and adding query->add clues in the cells then blank
 * (a clue taken away may come back with another digit, not its own),
 * each class of equivalent puzzles once, the class of puzzle itself never,
 * and with query->minimal only minimal ones: each is handed to each as
 * it is first met, in a fixed order (the clues taken away by their cells,
 * then the clues added by cell and digit), as the neighbour of puzzle
 * itself (not its canonical form). counts says how much was looked at. */
sudoku_vicinity_outcome sudoku_vicinity(const sudoku_grid *puzzle,
                                        const sudoku_vicinity_query *query,
                                        sudoku_each_puzzle *each, void *context,
                                        sudoku_vicinity_counts *counts);

/* ---- measures: how hard a puzzle is for a machine (docs/generate.md) ---- */

#define SUDOKU_MEASURE_NO_SOLUTION (-1) /* the puzzle has no solution or several */
#define SUDOKU_MEASURE_OVER_BUDGET (-2) /* the work ran out before the answer */

/* The size of the smallest backdoor of puzzle for singles: the fewest
 * cells which, given their digits in the solution, let naked and hidden
 * singles solve the rest (0: singles alone do). Tries sets of up to most
 * cells and returns most + 1 if none is so small; max_work bounds the sets
 * tried (0: no limit). */
int sudoku_backdoor_size(const sudoku_grid *puzzle, int most, unsigned long long max_work);

/* Berthier's depth of trial and error: 0 if singles solve puzzle; else the
 * least n such that T&E(n), which removes each candidate whose trial
 * followed by T&E(n-1) meets a contradiction, solves it; most + 1 if
 * T&E(most) does not. max_work bounds the candidates tried (0: no
 * limit). */
int sudoku_trial_depth(const sudoku_grid *puzzle, int most, unsigned long long max_work);

/* ---- canon / transform: equivalent puzzles and the minlex form (docs/canon.md) ---- */

/* One of the 2 x 6^8 x 9! transformations that turn a puzzle into an
 * equivalent one: a geometric part (transposing, then permuting rows within
 * bands and bands, columns within stacks and stacks) and a relabelling of
 * the digits. Applied to a grid, it gives
 *
 *     out[i][j] = digits[in'[rows[i]][columns[j]]]
 *
 * with rows and columns counted 0-8, where in' is the grid transposed when
 * transpose is set (in'[r][c] = in[c][r]) and the grid itself otherwise.
 * rows keeps bands together (rows 3b, 3b+1, 3b+2 of the result come from
 * one band), columns keeps stacks together, digits is a permutation of 1-9
 * with digits[0] = 0 (blanks stay blank). A plain value. */
typedef struct sudoku_transform {
    bool transpose;
    uint8_t rows[9];
    uint8_t columns[9];
    uint8_t digits[10];
} sudoku_transform;

/* Sets t to the transformation that changes nothing. */
void sudoku_transform_identity(sudoku_transform *t);

/* Returns true if t is one of the group's transformations: rows and
 * columns permutations that keep bands and stacks together, digits a
 * permutation of 1-9 with digits[0] = 0. The other functions take valid
 * transformations only. */
bool sudoku_transform_valid(const sudoku_transform *t);

/* Writes t applied to in into out (out may be in). */
void sudoku_transform_apply(const sudoku_transform *t, const sudoku_grid *in, sudoku_grid *out);

/* The same on a board of candidates: each cell moves as in
 * sudoku_transform_apply and its candidates are relabelled (out may be in). */
void sudoku_transform_apply_board(const sudoku_transform *t, const sudoku_board *in,
                                  sudoku_board *out);

/* Sets out to first followed by second: applying out is applying first,
 * then second to its result (out may be either). */
void sudoku_transform_then(const sudoku_transform *first, const sudoku_transform *second,
                           sudoku_transform *out);

/* Sets inverse to the transformation that undoes t (inverse may be t). */
void sudoku_transform_invert(const sudoku_transform *t, sudoku_transform *inverse);

/* Sets t to a transformation drawn uniformly from the whole group, with
 * the pseudo-random generator whose state the caller keeps in *state (any
 * value seeds it; each call moves it on). The same state gives the same
 * transformation on every platform. */
void sudoku_transform_random(sudoku_transform *t, uint64_t *state);

/* The named transformations; each sets t to one (from the identity), to be
 * chained with sudoku_transform_then. */
typedef enum sudoku_reflection {
    SUDOKU_MIRROR,       /* left and right swapped (columns reversed) */
    SUDOKU_FLIP,         /* top and bottom swapped (rows reversed) */
    SUDOKU_DIAGONAL,     /* about the main diagonal, r1c1 to r9c9 (transposed) */
    SUDOKU_ANTIDIAGONAL  /* about the other diagonal, r1c9 to r9c1 */
} sudoku_reflection;

/* Turns the grid a quarter turn clockwise, quarter_turns times (any
 * integer: -1 is a quarter turn counterclockwise). */
void sudoku_transform_rotate(sudoku_transform *t, int quarter_turns);

void sudoku_transform_reflect(sudoku_transform *t, sudoku_reflection axis);

typedef enum sudoku_lines {
    SUDOKU_BANDS,   /* bands 0-2, rows 0-2, 3-5 and 6-8 */
    SUDOKU_ROWS,    /* rows 0-8 */
    SUDOKU_STACKS,  /* stacks 0-2 */
    SUDOKU_COLUMNS  /* columns 0-8 */
} sudoku_lines;

/* Swaps two bands, rows, stacks or columns, a and b counted from 0. Returns
 * false (t untouched) if either is out of range, or if two rows (columns)
 * are not in the same band (stack): that would not keep the puzzle valid. */
bool sudoku_transform_swap(sudoku_transform *t, sudoku_lines what, int a, int b);

/* Sets t to a relabelling: digit d becomes digits[d - 1] (a permutation of
 * 1-9). Returns false (t untouched) if it is not one. */
bool sudoku_transform_relabel(sudoku_transform *t, const uint8_t digits[9]);

/* Automorphisms of the empty grid, the most any grid has: 2 x 6^8. */
#define SUDOKU_GEOMETRIC_TRANSFORMS 3359232UL

/* The canonical (minlex) form of a grid: of all the grids equivalent to it,
 * the one whose 81 cells, read row by row as digits with blanks as 0, are
 * the smallest number; blanks sort before every digit, as on the puzzle
 * forums. Works for puzzles and solution grids alike. Fills canon, and when
 * not NULL, how (a transformation that maps grid to canon) and automorphisms
 * (how many of the 3,359,232 geometric transformations, each with its own
 * relabelling, map grid to canon: 1 for most puzzles, more for symmetric
 * ones, SUDOKU_GEOMETRIC_TRANSFORMS for the empty grid). Returns false if
 * grid holds a value above 9 or two equal givens in one unit (canon and
 * the rest are then untouched). Reentrant; no allocation. */
bool sudoku_canon(const sudoku_grid *grid, sudoku_grid *canon, sudoku_transform *how,
                  unsigned long *automorphisms);

/* Returns true if a and b are equivalent (have the same canonical form),
 * and then, when how is not NULL, a transformation that maps a to b. False
 * also if either is not a grid sudoku_canon takes. */
bool sudoku_equivalent(const sudoku_grid *a, const sudoku_grid *b, sudoku_transform *how);

#ifdef __cplusplus
}
#endif

#endif
