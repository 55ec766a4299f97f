/*
 * fuzz_solve.c: a libFuzzer target (make fuzz) for parse -> solve -> print:
 * whatever sudoku_parse accepts is solved, propagated and printed in every
 * text form sudoku.h offers; what it rejects still goes through the JSON
 * printer with its error message.
 *
 * Beyond crashes and sanitizer reports it checks the results and aborts when
 * one is wrong: every solution is judged by tests/checker.c, which shares no
 * code with the library; propagation never removes a digit of the solution
 * and agrees with the search on contradictions; sudoku_solve and
 * sudoku_search agree, and a search within a budget of guesses is the same
 * search cut short exactly at it; and every printer keeps snprintf's contract, stays
 * within SUDOKU_TEXT_MAX and writes text that reads back as what it printed.
 */
#include "checker.h"
#include "fuzz.h"
#include "sudoku.h"

#include <string.h>

/* Enough to tell none, one and several solutions apart, and fast on any
 * grid: on the empty grid the search stops at its second solution. */
#define SOLVE_LIMIT 2

/* The longest source name the JSON check gives: so that the record fits in
 * SUDOKU_TEXT_MAX with it escaped, an error message escaped or 81 candidate
 * sets. A long enough source name makes any record outgrow it. */
#define SOURCE_MAX 64

/* One printer with what it prints, so that the checks serve all of them. */
typedef struct printer {
    size_t (*grid)(const sudoku_grid *, char *, size_t);
    size_t (*board)(const sudoku_board *, char *, size_t);
    size_t (*report)(const sudoku_report *, char *, size_t);
    const void *what;
} printer;

static size_t print_into(const printer *p, char *buf, size_t size)
{
    if (p->grid) return p->grid(p->what, buf, size);
    if (p->board) return p->board(p->what, buf, size);
    return p->report(p->what, buf, size);
}

/* Prints into a buffer of exactly size bytes (ASan sees any byte beyond) and
 * checks that the result is full's first bytes, cut and terminated. A
 * buffer of size 0 must be left alone. */
static void check_cut(const printer *p, const char *full, size_t length, size_t size)
{
    char *buf = malloc(size ? size : 1);
    FUZZ_REQUIRE(buf != NULL);
    buf[0] = 'x';
    FUZZ_REQUIRE(print_into(p, buf, size) == length);
    if (size == 0) {
        FUZZ_REQUIRE(buf[0] == 'x');
    } else {
        size_t kept = length < size ? length : size - 1;
        FUZZ_REQUIRE(memcmp(buf, full, kept) == 0 && buf[kept] == '\0');
    }
    free(buf);
}

/* Prints in full into out (SUDOKU_TEXT_MAX bytes) and into short buffers;
 * returns the length. */
static size_t print_checked(const printer *p, char *out)
{
    size_t length = print_into(p, out, SUDOKU_TEXT_MAX);
    FUZZ_REQUIRE(length < SUDOKU_TEXT_MAX);
    FUZZ_REQUIRE(strlen(out) == length);
    const size_t sizes[] = {0, 1, length / 2, length, length + 1};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) check_cut(p, out, length, sizes[k]);
    return length;
}

/* Printed text must read back as the grid it shows. */
static void check_reads_back(const char *text, size_t length, const sudoku_grid *expect)
{
    sudoku_grid back;
    sudoku_error err;
    FUZZ_REQUIRE(sudoku_parse(text, length, &back, &err));
    FUZZ_REQUIRE(memcmp(back.cell, expect->cell, SUDOKU_CELLS) == 0);
}

/* Lines in text, each ending '\n' and none ending in a space. */
static int count_lines(const char *text, size_t length)
{
    FUZZ_REQUIRE(length > 0 && text[length - 1] == '\n');
    int lines = 0;
    for (size_t i = 0; i < length; i++) {
        if (text[i] != '\n') continue;
        FUZZ_REQUIRE(i == 0 || text[i - 1] != ' ');
        lines++;
    }
    return lines;
}

/* The line and the grid forms of a grid; text is its 81-character form,
 * written independently of the printers. */
static void print_grid(const sudoku_grid *grid, const char *text)
{
    char out[SUDOKU_TEXT_MAX];
    printer line = {.grid = sudoku_format_line, .what = grid};
    FUZZ_REQUIRE(print_checked(&line, out) == SUDOKU_CELLS && strcmp(out, text) == 0);
    check_reads_back(out, SUDOKU_CELLS, grid);

    printer layout = {.grid = sudoku_format_grid, .what = grid};
    size_t length = print_checked(&layout, out);
    FUZZ_REQUIRE(count_lines(out, length) == 11);
    check_reads_back(out, length, grid);
}

/* What the candidate forms read back as: a single candidate is a given, a
 * set of several a blank. */
static void singles_of(const sudoku_board *board, sudoku_grid *grid)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned set = board->candidates[cell], digit = 0;
        for (unsigned d = 1; d <= 9; d++)
            if (set == 1u << (d - 1)) digit = d;
        grid->cell[cell] = (uint8_t)digit;
    }
}

static void print_candidates(const sudoku_board *board)
{
    char out[SUDOKU_TEXT_MAX];
    sudoku_grid singles;
    singles_of(board, &singles);

    printer layout = {.board = sudoku_format_candidates, .what = board};
    size_t length = print_checked(&layout, out);
    FUZZ_REQUIRE(count_lines(out, length) == 11);
    check_reads_back(out, length, &singles);

    printer line = {.board = sudoku_format_candidates_line, .what = board};
    length = print_checked(&line, out);
    FUZZ_REQUIRE(strchr(out, '\n') == NULL);
    check_reads_back(out, length, &singles);
}

/* ---- JSON: a strict reader, enough to tell that a record is one valid
 * object and to read its strings back ---- */

typedef struct json {
    const char *p, *end;
} json;

static bool json_value(json *j, int depth);

static bool json_take(json *j, char c)
{
    if (j->p == j->end || *j->p != c) return false;
    j->p++;
    return true;
}

static bool json_hex(json *j, unsigned *value)
{
    *value = 0;
    for (int k = 0; k < 4; k++, j->p++) {
        if (j->p == j->end) return false;
        char c = *j->p;
        unsigned digit = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                         : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                         : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                                : 16;
        if (digit == 16) return false;
        *value = *value * 16 + digit;
    }
    return true;
}

/* Reads the escape after a backslash into *c. A \u escape beyond one byte
 * decodes to '?', which no text the printers are given holds. */
static bool json_escape(json *j, unsigned char *c)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (j->p == j->end) return false;
    const char *simple = strchr(from, *j->p);
    if (simple && *simple) {
        *c = (unsigned char)to[simple - from];
        j->p++;
        return true;
    }
    unsigned value;
    if (!json_take(j, 'u') || !json_hex(j, &value)) return false;
    *c = value <= 0xFF ? (unsigned char)value : '?';
    return true;
}

/* Reads a string; with out, decodes it there (up to cap - 1 bytes). */
static bool json_string(json *j, char *out, size_t cap)
{
    size_t n = 0;
    if (!json_take(j, '"')) return false;
    while (j->p < j->end && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p++;
        if (c < 0x20 || (c == '\\' && !json_escape(j, &c))) return false;
        if (out && n + 1 < cap) out[n++] = (char)c;
    }
    if (out) out[n] = '\0';
    return json_take(j, '"');
}

static bool json_digits(json *j)
{
    const char *start = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9') j->p++;
    return j->p > start;
}

static bool json_number(json *j)
{
    json_take(j, '-');
    if (!json_digits(j)) return false;
    if (json_take(j, '.') && !json_digits(j)) return false;
    if (json_take(j, 'e') || json_take(j, 'E')) {
        if (!json_take(j, '+')) json_take(j, '-');
        return json_digits(j);
    }
    return true;
}

static bool json_word(json *j, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0) return false;
    j->p += n;
    return true;
}

/* Reads "{}" or "[]" with members between; an object's have keys. */
static bool json_members(json *j, char open, char close, int depth)
{
    if (!json_take(j, open)) return false;
    if (json_take(j, close)) return true;
    do {
        if (open == '{' && (!json_string(j, NULL, 0) || !json_take(j, ':'))) return false;
        if (!json_value(j, depth + 1)) return false;
    } while (json_take(j, ','));
    return json_take(j, close);
}

static bool json_value(json *j, int depth)
{
    if (j->p == j->end || depth > 8) return false;
    switch (*j->p) {
    case '{': return json_members(j, '{', '}', depth);
    case '[': return json_members(j, '[', ']', depth);
    case '"': return json_string(j, NULL, 0);
    case 't': return json_word(j, "true");
    case 'f': return json_word(j, "false");
    case 'n': return json_word(j, "null");
    default: return json_number(j);
    }
}

/* Decodes the string value of "key" into out; false if there is none. A
 * '"' inside a string is always escaped, so the key cannot be matched
 * inside another value. */
static bool json_field(const char *text, const char *key, char *out, size_t cap)
{
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(text, pattern);
    if (!at) return false;
    json j = {at + strlen(pattern), text + strlen(text)};
    return json_string(&j, out, cap);
}

/* A grid field holds the grid's 81-character form, or null. */
static void check_json_grid(const char *out, const char *key, const char *expect)
{
    char value[SUDOKU_CELLS + 2];
    bool present = json_field(out, key, value, sizeof value);
    FUZZ_REQUIRE(present == (expect != NULL));
    if (expect) FUZZ_REQUIRE(strcmp(value, expect) == 0);
}

/* The length of the well-formed UTF-8 character at s (RFC 3629's table,
 * read here apart from the library's), or 0. */
static size_t utf8_char(const unsigned char *s)
{
    static const struct {
        unsigned char first_lo, first_hi, second_lo, second_hi, length;
    } forms[] = {
        {0x00, 0x7F, 0, 0, 1},       {0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3},
        {0xE1, 0xEC, 0x80, 0xBF, 3}, {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3},
        {0xF0, 0xF0, 0x90, 0xBF, 4}, {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4}};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        if (s[0] < forms[f].first_lo || s[0] > forms[f].first_hi) continue;
        size_t n = forms[f].length;
        if (n > 1 && (s[1] < forms[f].second_lo || s[1] > forms[f].second_hi)) return 0;
        for (size_t k = 2; k < n; k++)
            if (s[k] < 0x80 || s[k] > 0xBF) return 0;
        return n;
    }
    return 0;
}

/* s as a JSON string of the printer's reads back through json_field: each
 * byte that is not part of a character became U+FFFD, read back as '?'. */
static void as_read_back(const char *s, char *out)
{
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        size_t n = utf8_char(u);
        if (n == 0) {
            *out++ = '?';
            u++;
        } else {
            memcpy(out, u, n);
            out += n;
            u += n;
        }
    }
    *out = '\0';
}

/* One valid JSON object on one line, whose strings read back as given. */
static void print_json(const sudoku_report *report, const char *puzzle, const char *solution)
{
    char out[SUDOKU_TEXT_MAX], value[SUDOKU_MESSAGE_MAX + 1], given[SUDOKU_MESSAGE_MAX + 1];
    printer p = {.report = sudoku_format_json, .what = report};
    size_t length = print_checked(&p, out);
    json j = {out, out + length};
    FUZZ_REQUIRE(out[0] == '{' && json_value(&j, 0) && j.p == j.end);
    FUZZ_REQUIRE(strchr(out, '\n') == NULL);

    FUZZ_REQUIRE(json_field(out, "status", value, sizeof value));
    FUZZ_REQUIRE(strcmp(value, sudoku_status_name(report->status)) == 0);
    if (report->source) {
        FUZZ_REQUIRE(strncmp(out, "{\"source\":", 10) == 0);
        FUZZ_REQUIRE(json_field(out, "source", value, sizeof value));
        as_read_back(report->source, given);
        FUZZ_REQUIRE(strcmp(value, given) == 0);
    } else {
        FUZZ_REQUIRE(strncmp(out, "{\"line\":", 8) == 0);
    }
    FUZZ_REQUIRE(json_field(out, "error", value, sizeof value) == (report->error != NULL));
    if (report->error) {
        as_read_back(report->error, given);
        FUZZ_REQUIRE(strcmp(value, given) == 0);
    }
    check_json_grid(out, "puzzle", puzzle);
    check_json_grid(out, "solution", solution);
}

/* ---- solving ---- */

/* What one accepted puzzle came to, with independent 81-character forms. */
typedef struct outcome {
    sudoku_grid puzzle;
    char puzzle_text[82];
    unsigned long solutions;
    sudoku_result result;
    char solution_text[82]; /* when solutions > 0 */
    sudoku_board board;
    bool consistent; /* propagation met no contradiction: board is usable */
} outcome;

/* A search within a budget of guesses (--budget) is the same search cut
 * short: it gives up exactly at the budget, having found at most what the
 * whole search finds; within the budget it is the whole search. */
static void check_budget(const outcome *o)
{
    unsigned long budget = o->result.guesses / 2;
    sudoku_result cut;
    unsigned long found = sudoku_solve_within(&o->puzzle, SOLVE_LIMIT, budget, &cut);
    FUZZ_REQUIRE(found == cut.solutions && found <= o->solutions);
    if (budget == 0 || o->result.guesses <= budget) { /* 0 is no limit */
        FUZZ_REQUIRE(!cut.over_budget && found == o->solutions);
        FUZZ_REQUIRE(cut.guesses == o->result.guesses);
    } else {
        FUZZ_REQUIRE(cut.over_budget && cut.guesses == budget);
    }
    if (found) FUZZ_REQUIRE(memcmp(cut.solution.cell, o->result.solution.cell, SUDOKU_CELLS) == 0);
}

static void solve_checked(outcome *o)
{
    o->solutions = sudoku_solve(&o->puzzle, SOLVE_LIMIT, &o->result);
    FUZZ_REQUIRE(o->solutions <= SOLVE_LIMIT && o->solutions == o->result.solutions);
    FUZZ_REQUIRE(!o->result.over_budget);
    check_budget(o);
    if (!o->solutions) return;
    FUZZ_REQUIRE(cells_to_text(o->result.solution.cell, o->solution_text));
    FUZZ_REQUIRE(check_solution(o->puzzle_text, o->solution_text) == NULL);
}

/* Propagation keeps the givens, removes only digits no solution has, and
 * leaves no cell empty unless it reports a contradiction. */
static void check_board(const outcome *o)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned set = o->board.candidates[cell];
        int given = o->puzzle.cell[cell];
        FUZZ_REQUIRE(set != 0 && set <= 0x1FF);
        if (given) FUZZ_REQUIRE(set == 1u << (given - 1));
        if (o->solutions) FUZZ_REQUIRE(set & (1u << (o->result.solution.cell[cell] - 1)));
    }
    sudoku_grid singles, lib_singles;
    singles_of(&o->board, &singles);
    sudoku_board_to_grid(&o->board, &lib_singles);
    FUZZ_REQUIRE(memcmp(singles.cell, lib_singles.cell, SUDOKU_CELLS) == 0);
    if (sudoku_board_solved(&o->board)) {
        FUZZ_REQUIRE(o->solutions == 1);
        FUZZ_REQUIRE(memcmp(singles.cell, o->result.solution.cell, SUDOKU_CELLS) == 0);
    }
}

/* A contradiction in propagation means no solution; from the propagated
 * board the search finds what it found from the puzzle. */
static void propagate_checked(outcome *o)
{
    o->consistent = sudoku_propagate(&o->puzzle, &o->board);
    if (!o->consistent) {
        FUZZ_REQUIRE(o->solutions == 0);
        return;
    }
    check_board(o);
    sudoku_result again;
    FUZZ_REQUIRE(sudoku_search(&o->board, SOLVE_LIMIT, &again) == o->solutions);
    if (o->solutions == 1)
        FUZZ_REQUIRE(memcmp(again.solution.cell, o->result.solution.cell, SUDOKU_CELLS) == 0);
}

/* The givens assigned one by one to a full board reach the state
 * sudoku_propagate reaches, or a contradiction where it meets one: singles
 * taken to a fixpoint do not depend on their order. */
static void check_assign(const outcome *o)
{
    sudoku_board board;
    bool ok = true;
    sudoku_board_init(&board);
    for (int cell = 0; cell < SUDOKU_CELLS && ok; cell++)
        if (o->puzzle.cell[cell]) ok = sudoku_assign(&board, cell, o->puzzle.cell[cell]);
    FUZZ_REQUIRE(ok == o->consistent);
    if (ok)
        FUZZ_REQUIRE(memcmp(board.candidates, o->board.candidates, sizeof board.candidates) == 0);
}

/* With one solution, ruling out another digit of an open cell keeps that
 * solution, and ruling out its own digit leaves none. */
static void check_eliminate(const outcome *o)
{
    int cell = 0;
    if (o->solutions != 1 || !o->consistent) return;
    while (cell < SUDOKU_CELLS && !(o->board.candidates[cell] & (o->board.candidates[cell] - 1)))
        cell++;
    if (cell == SUDOKU_CELLS) return;
    unsigned own = 1u << (o->result.solution.cell[cell] - 1);
    unsigned others = o->board.candidates[cell] & ~own;
    int other = 1;
    while (!(others & (1u << (other - 1)))) other++;

    sudoku_board board = o->board;
    sudoku_result result;
    FUZZ_REQUIRE(sudoku_eliminate(&board, cell, other));
    FUZZ_REQUIRE(sudoku_search(&board, SOLVE_LIMIT, &result) == 1);
    FUZZ_REQUIRE(memcmp(result.solution.cell, o->result.solution.cell, SUDOKU_CELLS) == 0);

    board = o->board;
    if (sudoku_eliminate(&board, cell, o->result.solution.cell[cell]))
        FUZZ_REQUIRE(sudoku_search(&board, SOLVE_LIMIT, &result) == 0);
}

static sudoku_status status_of(unsigned long solutions)
{
    return solutions == 0 ? SUDOKU_NO_SOLUTION : solutions == 1 ? SUDOKU_SOLVED : SUDOKU_MULTIPLE;
}

static void print_outcome(const outcome *o, const char *source, size_t size)
{
    const char *solution = o->solutions ? o->solution_text : NULL;
    print_grid(&o->puzzle, o->puzzle_text);
    if (solution) {
        char out[SUDOKU_TEXT_MAX], line[82];
        print_grid(&o->result.solution, solution);
        sudoku_format_grid(&o->result.solution, out, sizeof out);
        FUZZ_REQUIRE(grid_text_to_line(out, line) && strcmp(line, solution) == 0);
    }
    if (o->consistent) print_candidates(&o->board);
    sudoku_report report = {
        .source = source,
        .line = (long)size,
        .status = status_of(o->solutions),
        .puzzle = &o->puzzle,
        .solution = solution ? &o->result.solution : NULL,
        .candidates = o->consistent ? &o->board : NULL,
        .solutions = (long)o->solutions,
        .at_least = o->solutions == SOLVE_LIMIT,
        .guesses = o->result.guesses,
    };
    print_json(&report, o->puzzle_text, solution);
}

/* ---- the input ---- */

/* The input's first bytes, up to a NUL: any bytes a file name could hold.
 * Inputs of odd length have none, so that the JSON leaves it out. */
static const char *take_source(const uint8_t *data, size_t size, char source[SOURCE_MAX + 1])
{
    size_t n = size < SOURCE_MAX ? size : SOURCE_MAX;
    memcpy(source, data, n);
    source[n] = '\0';
    return size % 2 ? NULL : source;
}

/* The printers take any board, not only a propagated one: the input's
 * first bytes as candidate sets, empty ones included. */
static void print_any_board(const uint8_t *data, size_t size)
{
    sudoku_board board;
    char out[SUDOKU_TEXT_MAX];
    if (size < 2 * SUDOKU_CELLS) return;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        board.candidates[cell] = (uint16_t)((data[2 * cell] | data[2 * cell + 1] << 8) & 0x1FF);
    printer layout = {.board = sudoku_format_candidates, .what = &board};
    printer line = {.board = sudoku_format_candidates_line, .what = &board};
    print_checked(&layout, out);
    print_checked(&line, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[SOURCE_MAX + 1];
    sudoku_error err;
    outcome o;
    const char *source = take_source(data, size, buf);
    print_any_board(data, size);
    if (!sudoku_parse((const char *)data, size, &o.puzzle, &err)) {
        sudoku_report report = {.source = source,
                                .line = 1,
                                .status = SUDOKU_INVALID,
                                .solutions = -1,
                                .error = err.message};
        print_json(&report, NULL, NULL);
        return 0;
    }
    FUZZ_REQUIRE(cells_to_text(o.puzzle.cell, o.puzzle_text));
    solve_checked(&o);
    propagate_checked(&o);
    check_assign(&o);
    check_eliminate(&o);
    print_outcome(&o, source, size);
    return 0;
}
