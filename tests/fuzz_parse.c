/*
 * fuzz_parse.c: a libFuzzer target (make fuzz) for the parser on arbitrary
 * bytes: sudoku_parse on the whole input, and the stream reader fed the same
 * bytes line by line as the command feeds it a file (src/cli/input.c).
 *
 * Beyond crashes and sanitizer reports it checks what sudoku.h and
 * docs/input-formats.md promise, and aborts when a promise is broken: every
 * error has a kind and a one-line message; every accepted grid holds cells
 * 0-9 and no clashing givens (judged by tests/checker.c, not the library);
 * records come in line order, within the lines fed; a text of one line
 * reads the same as an argument as it does in a stream; and an ambiguous
 * layout's error names a line of the text.
 */
#include "checker.h"
#include "fuzz.h"
#include "sudoku.h"

#include <string.h>

/* What the stream reader made of the input so far. */
typedef struct stream {
    sudoku_reader reader;
    long last_line; /* the line of the latest record, 0 before the first */
    int records;
    sudoku_record first;
} stream;

static void check_error(const sudoku_error *err)
{
    FUZZ_REQUIRE(err->kind > SUDOKU_ERROR_NONE && err->kind <= SUDOKU_ERROR_AMBIGUOUS);
    FUZZ_REQUIRE(memchr(err->message, '\0', sizeof err->message) != NULL);
    FUZZ_REQUIRE(err->message[0] != '\0');
    FUZZ_REQUIRE(strpbrk(err->message, "\r\n") == NULL);
}

static void check_grid(const sudoku_grid *grid)
{
    char text[82];
    FUZZ_REQUIRE(cells_to_text(grid->cell, text));
    FUZZ_REQUIRE(check_puzzle(text) == NULL);
}

/* A record starts on a line already fed, not before the previous record;
 * its error, if any, is on a line of the record (docs/input-formats.md). */
static void check_record(stream *s, const sudoku_record *rec)
{
    FUZZ_REQUIRE(rec->line >= 1 && rec->line >= s->last_line && rec->line <= s->reader.line);
    if (rec->ok && rec->pencilmarks) {
        /* A state of candidates may contradict itself; it only may not
         * leave a cell without candidates. */
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            FUZZ_REQUIRE(rec->board.candidates[cell] != 0 && rec->board.candidates[cell] < 512);
    } else if (rec->ok) {
        check_grid(&rec->grid);
    } else {
        check_error(&rec->error);
        FUZZ_REQUIRE(rec->error.line >= rec->line && rec->error.line <= s->reader.line);
    }
    s->last_line = rec->line;
    if (s->records++ == 0) s->first = *rec;
}

/* Feeds one line from a copy of its exact size, so that a read past its end
 * shows under ASan even in the middle of the input. Over-long lines are
 * skipped, as the command skips them. */
static void feed_line(stream *s, const char *line, size_t length)
{
    sudoku_record out[2];
    int made;
    if (length > SUDOKU_LINE_MAX) {
        made = sudoku_reader_skip_line(&s->reader, out);
    } else {
        char *copy = malloc(length ? length : 1);
        FUZZ_REQUIRE(copy != NULL);
        if (length) memcpy(copy, line, length);
        made = sudoku_reader_line(&s->reader, copy, length, out);
        free(copy);
    }
    FUZZ_REQUIRE(made >= 0 && made <= 2);
    for (int k = 0; k < made; k++) check_record(s, &out[k]);
}

/* The length of the line end at text[i]: "\r\n" 2, a '\n' or a lone '\r'
 * (old Mac files) 1; 0 where there is none. */
static size_t line_end(const char *text, size_t size, size_t i)
{
    if (text[i] == '\n') return 1;
    if (text[i] != '\r') return 0;
    return i + 1 < size && text[i + 1] == '\n' ? 2 : 1;
}

/* Splits text into lines as the command does: a final line end makes no
 * extra empty line, and a last line without one is still fed. */
static void read_stream(stream *s, const char *text, size_t size)
{
    sudoku_reader_init(&s->reader);
    for (size_t start = 0; start < size;) {
        size_t length = 0;
        while (start + length < size && !line_end(text, size, start + length)) length++;
        feed_line(s, text + start, length);
        start += length;
        if (start < size) start += line_end(text, size, start);
    }
    sudoku_record last;
    if (sudoku_reader_finish(&s->reader, &last)) check_record(s, &last);
}

/* Returns true if sudoku_parse accepts text; checks what it says either way. */
static bool check_parse(const char *text, size_t size, long lines, sudoku_grid *grid)
{
    sudoku_error err;
    if (sudoku_parse(text, size, grid, &err)) {
        check_grid(grid);
        return true;
    }
    check_error(&err);
    FUZZ_REQUIRE(err.kind != SUDOKU_ERROR_GRID && err.kind != SUDOKU_ERROR_TOO_LONG);
    if (err.kind == SUDOKU_ERROR_CHARACTER)
        FUZZ_REQUIRE(err.line >= 1 && err.line <= lines && err.column >= 1);
    if (err.kind == SUDOKU_ERROR_AMBIGUOUS) FUZZ_REQUIRE(err.line >= 1 && err.line <= lines);
    return false;
}

/* One line (a final line end aside) is a puzzle as an argument exactly when it
 * is one in a stream, and the same puzzle: "exactly as in a file". */
static void check_one_line(const stream *s, const char *text, size_t size, bool parsed,
                           const sudoku_grid *grid)
{
    if (s->records == 1 && s->first.ok && s->first.pencilmarks) {
        /* Candidates (a 729-character line, or a line of candidates by
         * cell): the command reads such an argument with
         * sudoku_parse_candidates, which gives the same board (issue 29);
         * sudoku_parse, 81 cells, may take the placed cells alone. */
        sudoku_board board;
        sudoku_error err;
        FUZZ_REQUIRE(sudoku_parse_candidates(text, size, &board, &err));
        FUZZ_REQUIRE(memcmp(&board, &s->first.board, sizeof board) == 0);
        if (parsed) FUZZ_REQUIRE(memcmp(grid->cell, s->first.grid.cell, SUDOKU_CELLS) == 0);
        return;
    }
    bool streamed = s->records == 1 && s->first.ok;
    FUZZ_REQUIRE(parsed == streamed);
    if (parsed) FUZZ_REQUIRE(memcmp(grid->cell, s->first.grid.cell, SUDOKU_CELLS) == 0);
}

/* sudoku_check_givens on the first 81 bytes taken as cell values, against
 * the independent checker: any grid at all, not only what parses; then on
 * the bytes as they are. */
static void check_givens(const uint8_t *data, size_t size)
{
    if (size < SUDOKU_CELLS) return;
    sudoku_grid grid;
    char text[82];
    sudoku_error err;
    for (int k = 0; k < SUDOKU_CELLS; k++) grid.cell[k] = data[k] % 10;
    FUZZ_REQUIRE(cells_to_text(grid.cell, text));
    bool distinct = sudoku_check_givens(&grid, &err);
    FUZZ_REQUIRE(distinct == (check_puzzle(text) == NULL));
    if (!distinct) {
        check_error(&err);
        FUZZ_REQUIRE(err.kind == SUDOKU_ERROR_DUPLICATE);
    }
    /* The bytes as they are: a cell above 9 is no grid, and is named. */
    bool beyond = false;
    for (int k = 0; k < SUDOKU_CELLS; k++) {
        grid.cell[k] = data[k];
        beyond |= data[k] > 9;
    }
    if (!beyond) return;
    FUZZ_REQUIRE(!sudoku_check_givens(&grid, &err));
    check_error(&err);
    FUZZ_REQUIRE(err.kind == SUDOKU_ERROR_CHARACTER && strstr(err.message, "not a digit"));
}

/* Counts lines as the command does, independently of the reader; *last
 * is the length of the last line end (0 if the text has none at its end). */
static long count_lines(const char *text, size_t size, size_t *last)
{
    long lines = 0;
    *last = 0;
    for (size_t i = 0, end; i < size; i += end ? end : 1) {
        end = line_end(text, size, i);
        lines += end > 0;
        *last = i + end == size ? end : 0;
    }
    return lines + (size && *last == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    size_t last_end;
    long lines = count_lines(text, size, &last_end);
    stream s = {.records = 0};
    read_stream(&s, text, size);
    FUZZ_REQUIRE(s.reader.line == lines);

    sudoku_grid grid;
    bool parsed = check_parse(text, size, lines, &grid);
    size_t line_length = size - last_end;
    if (lines == 1 && line_length <= SUDOKU_LINE_MAX) check_one_line(&s, text, size, parsed, &grid);
    check_givens(data, size);
    return 0;
}
