/*
 * fuzz_input.c: a libFuzzer target (make fuzz) for everything that reads
 * untrusted text: the one-puzzle parser, the stream reader fed the same bytes
 * line by line, and the solver on whatever parses. It looks for crashes,
 * sanitizer reports and hangs; errors are fine, but each must come with a
 * one-line message.
 */
#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

static void check_error(const sudoku_error *err)
{
    if (err->message[0] == '\0' || strchr(err->message, '\n')) abort();
}

static void solve(const sudoku_grid *grid)
{
    sudoku_result result;
    if (sudoku_solve(grid, 2, &result) > 0) {
        char text[SUDOKU_TEXT_MAX];
        sudoku_format_grid(&result.solution, text, sizeof text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    sudoku_grid grid;
    sudoku_error err;
    if (sudoku_parse(text, size, &grid, &err))
        solve(&grid);
    else
        check_error(&err);

    sudoku_reader reader;
    sudoku_record records[2];
    sudoku_reader_init(&reader);
    for (size_t start = 0; start <= size;) {
        const char *nl = memchr(text + start, '\n', size - start);
        size_t len = (nl ? (size_t)(nl - text) : size) - start;
        int n = sudoku_reader_line(&reader, text + start, len, records);
        for (int i = 0; i < n; i++) {
            if (records[i].ok)
                solve(&records[i].grid);
            else
                check_error(&records[i].error);
        }
        start += len + 1;
    }
    if (sudoku_reader_finish(&reader, records)) check_error(&records[0].error);
    return 0;
}
