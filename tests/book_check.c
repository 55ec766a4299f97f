/*
 * book_check.c: a printable book opened by a real browser, once per
 * `make check`: `sudoku generate --format html --solution` writes a book
 * of BOOK_PUZZLES puzzles, headless Chromium prints it to PDF, pdfinfo
 * must count its pages (a page per four puzzles, then a page per nine
 * solutions) on A4, and pdftoppm renders the first page, on which the
 * first puzzle's grid is found by its thick border and read cell by cell:
 * ink in each given's cell, none in an empty one, as `sudoku generate`
 * gives the puzzle as a line.
 *
 * Prints "book-check: passed", or "book-check: skipped: ..." when a tool
 * is absent (apt-get install chromium poppler-utils), or says what failed
 * and exits 1. Run from the project root with SUDOKU_BIN set.
 */
#define _POSIX_C_SOURCE 200809L

#include "picture_harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BOOK_PUZZLES 100
#define BOOK_SEED "2027"

static char dir[256];

static void clean(void)
{
    char command[300];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    picture_shell(command);
}

static int failed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("book-check: FAILED: ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
    clean();
    return 1;
}

/* The browser's name, or NULL. */
static const char *browser(void)
{
    static const char *const names[] = {"chromium", "chromium-browser", "google-chrome", NULL};
    for (int i = 0; names[i]; i++) {
        const char *one[] = {names[i], NULL};
        if (!picture_tool_missing(one)) return names[i];
    }
    return NULL;
}

/* Reads the first line of a command's output that starts with key. */
static bool output_line(const char *command, const char *key, char *line, size_t size)
{
    FILE *p = popen(command, "r");
    bool found = false;
    if (!p) return false;
    while (!found && fgets(line, (int)size, p)) found = strncmp(line, key, strlen(key)) == 0;
    pclose(p);
    return found;
}

int main(void)
{
    const char *bin = getenv("SUDOKU_BIN");
    const char *tools[] = {"pdfinfo", "pdftoppm", NULL};
    const char *chrome = browser(), *missing = picture_tool_missing(tools);
    if (!chrome || missing) {
        printf("book-check: skipped: %s is absent (apt-get install chromium poppler-utils)\n",
               chrome ? missing : "chromium");
        return 0;
    }
    if (!bin) {
        fprintf(stderr, "book-check: set SUDOKU_BIN to the program\n");
        return 2;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/sudoku-book-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) return failed("cannot make a temporary directory");

    char command[2048];
    snprintf(command, sizeof command,
             "'%s' generate --seed " BOOK_SEED " --format html --solution %d > %s/book.html && "
             "'%s' generate --seed " BOOK_SEED " 1 > %s/first.txt",
             bin, BOOK_PUZZLES, dir, bin, dir);
    if (picture_shell(command) != 0) return failed("sudoku generate failed");
    /* Run as root (CI), Chromium needs --no-sandbox; on a closed network it
     * must not try its background connections. */
    snprintf(command, sizeof command,
             "timeout 300 %s --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
             "--disable-background-networking --disable-component-update --disable-sync "
             "--user-data-dir=%s/profile --no-pdf-header-footer --print-to-pdf=%s/book.pdf "
             "file://%s/book.html > %s/browser.log 2>&1",
             chrome, dir, dir, dir, dir);
    char pdf[300];
    snprintf(pdf, sizeof pdf, "%s/book.pdf", dir);
    if (picture_shell(command) != 0 || access(pdf, R_OK) != 0) {
        snprintf(command, sizeof command, "tail -n 20 %s/browser.log", dir);
        picture_shell(command);
        return failed("%s could not print the book to PDF (its log's end above)", chrome);
    }

    int want = (BOOK_PUZZLES + 3) / 4 + (BOOK_PUZZLES + 8) / 9, pages = 0;
    char line[512];
    snprintf(command, sizeof command, "pdfinfo %s/book.pdf 2>/dev/null", dir);
    if (!output_line(command, "Pages:", line, sizeof line) || sscanf(line + 6, "%d", &pages) != 1)
        return failed("pdfinfo cannot read the PDF %s printed", chrome);
    if (pages != want) return failed("the PDF has %d pages, not %d", pages, want);
    if (!output_line(command, "Page size:", line, sizeof line) || !strstr(line, "(A4)"))
        return failed("the pages are not A4: %s", line);

    snprintf(command, sizeof command,
             "pdftoppm -r 110 -f 1 -l 1 -singlefile %s/book.pdf %s/page 2>/dev/null", dir, dir);
    char page_path[300];
    snprintf(page_path, sizeof page_path, "%s/page.ppm", dir);
    image img;
    if (picture_shell(command) != 0 || !picture_read_ppm(page_path, &img))
        return failed("pdftoppm cannot render the first page");
    frame f;
    if (!picture_find_frame(&img, &f)) {
        picture_free(&img);
        return failed("no grid found on the first page");
    }
    snprintf(command, sizeof command, "%s/first.txt", dir);
    FILE *first = fopen(command, "r");
    char puzzle[128] = "";
    bool read = first && fgets(puzzle, sizeof puzzle, first) && strlen(puzzle) >= 81;
    if (first) fclose(first);
    if (!read) {
        picture_free(&img);
        return failed("no first puzzle to compare with");
    }
    int givens = 0;
    for (int cell = 0; cell < 81; cell++) {
        int ink = picture_count_dark(&img, picture_cell_box(&f, cell, 0.22), 110);
        bool given = puzzle[cell] >= '1' && puzzle[cell] <= '9';
        givens += given;
        if (given != (ink > 3)) {
            picture_free(&img);
            return failed("cell %d of the first page's grid (%.0f px wide at %.0f,%.0f) has %d "
                          "dark pixels; its puzzle has %s there",
                          cell, f.side, f.x, f.y, ink, given ? "a given" : "none");
        }
    }
    picture_free(&img);
    clean();
    printf("book-check: passed (%s printed a book of %d puzzles and their solutions: %d A4 "
           "pages; the first page's grid shows the %d givens of puzzle 1 and nothing else)\n",
           chrome, BOOK_PUZZLES, pages, givens);
    return 0;
}
