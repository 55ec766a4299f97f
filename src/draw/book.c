/*
 * book.c: a printable book as one HTML page: pages of grids (a chosen
 * number a page, each under its label and note) and a flow of headings,
 * paragraphs and step pictures, with CSS print rules for A4 or US Letter.
 * The pictures are inline SVG (svg.c) sharing one set of shapes, defined
 * once at the top; nothing outside the file is needed to show or print it.
 */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

/* The printable area of a page (the paper less 12 mm margins), a little
 * short in height so that rounding never spills a page onto the next. */
static const struct paper {
    const char *name;
    const char *width, *height;
} papers[2] = {{"A4", "186mm", "271mm"}, {"letter", "191.9mm", "253mm"}};

static const char style[] =
    "*{box-sizing:border-box}\n"
    "body{width:var(--width);margin:0 auto;color:#111;font-size:10.5pt;"
    "font-family:'DejaVu Sans',Verdana,Arial,Helvetica,sans-serif}\n"
    ".page{height:var(--height);display:flex;flex-direction:column;overflow:hidden}\n"
    ".page+.page,.part{break-before:page}\n"
    "svg.shapes+.part{break-before:auto}\n"
    ".page>header{flex:none;height:9mm;font-size:12pt;font-weight:bold;"
    "border-bottom:0.4mm solid #000;margin-bottom:4mm}\n"
    ".grids{flex:1;min-height:0;display:grid;gap:5mm 8mm}\n"
    /* a grid as large as its share of the page allows, its caption as wide */
    ".grids figure{margin:0;min-width:0;min-height:0;container-type:size}\n"
    ".fit{width:min(100cqw,100cqh - 7mm);margin:0 auto}\n"
    ".fit figcaption{display:flex;justify-content:space-between;height:7mm;font-size:11pt;"
    "padding:0 1.5mm}\n"
    ".fit svg{display:block;width:100%;height:auto}\n"
    "h1.part{font-size:16pt;margin:0 0 4mm}\n"
    "h2{font-size:12pt;margin:5mm 0 2mm;break-after:avoid}\n"
    "p{margin:0 0 1.5mm}\n"
    "figure.step{display:inline-block;vertical-align:top;width:88mm;margin:0 4mm 4mm 0;"
    "break-inside:avoid}\n"
    "figure.step svg{width:100%;height:auto}\n"
    "@media screen{body{padding:8mm 0}.page{outline:0.3mm solid #bbb;outline-offset:4mm;"
    "margin-bottom:12mm}}\n";

static const struct paper *paper_of(const sudoku_book *book)
{
    return &papers[book->letter ? 1 : 0];
}

static int per_page(const sudoku_book *book)
{
    return book->per_page < 1 ? 1 : book->per_page > 12 ? 12 : book->per_page;
}

size_t sudoku_book_start(const sudoku_book *book, char *buf, size_t size)
{
    const struct paper *paper = paper_of(book);
    const char *title = book->title ? book->title : "Sudoku";
    writer w = {buf, size, 0};
    put_text(&w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"generator\" content=\"sudoku " SUDOKU_VERSION "\">\n<title>");
    svg_escaped(&w, title, strlen(title));
    put(&w, "</title>\n<style>\n@page{size:%s;margin:12mm}\n:root{--width:%s;--height:%s}\n",
        paper->name, paper->width, paper->height);
    put_text(&w, style);
    put_text(&w, "</style>\n</head>\n<body>\n<svg class=\"shapes\" "
                 "xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" "
                 "style=\"position:absolute\" aria-hidden=\"true\">\n");
    svg_shapes(&w);
    put_text(&w, "</svg>\n");
    return finish(&w);
}

/* A page of grids: its title, then the grids in columns and rows. */
static void open_page(writer *w, const sudoku_book *book)
{
    int n = per_page(book), columns = n <= 2 ? 1 : n <= 6 ? 2 : 3;
    put_text(w, "<section class=\"page\">\n<header>");
    if (book->title) svg_escaped(w, book->title, strlen(book->title));
    put(w,
        "</header>\n<div class=\"grids\" style=\"grid-template-columns:repeat(%d,1fr);"
        "grid-template-rows:repeat(%d,1fr)\">\n",
        columns, (n + columns - 1) / columns);
}

static void close_page(writer *w)
{
    put_text(w, "</div>\n</section>\n");
}

size_t sudoku_book_grid(const sudoku_book *book, long index, const char *label, const char *note,
                        const sudoku_grid *givens, const sudoku_grid *grid, char *buf, size_t size)
{
    int n = per_page(book);
    picture pic;
    writer w = {buf, size, 0};
    if (index % n == 0) open_page(&w, book);
    put_text(&w, "<figure><div class=\"fit\"><figcaption><span>");
    if (label) svg_escaped(&w, label, strlen(label));
    put_text(&w, "</span><span>");
    if (note) svg_escaped(&w, note, strlen(note));
    put_text(&w, "</span></figcaption>\n");
    picture_from_grid(&pic, givens, grid);
    svg_picture(&w, &pic, NULL, SUDOKU_PICTURE_INLINE);
    put_text(&w, "</div></figure>\n");
    if (index % n == n - 1) close_page(&w);
    return finish(&w);
}

size_t sudoku_book_grids_end(const sudoku_book *book, long count, char *buf, size_t size)
{
    writer w = {buf, size, 0};
    if (count % per_page(book) != 0) close_page(&w);
    return finish(&w);
}

size_t sudoku_book_text(const sudoku_book *book, sudoku_book_kind kind, const char *text, char *buf,
                        size_t size)
{
    static const char *const tags[][2] = {
        [SUDOKU_BOOK_PART] = {"<h1 class=\"part\">", "</h1>\n"},
        [SUDOKU_BOOK_HEADING] = {"<h2>", "</h2>\n"},
        [SUDOKU_BOOK_PARAGRAPH] = {"<p>", "</p>\n"},
    };
    writer w = {buf, size, 0};
    (void)book;
    if (kind > SUDOKU_BOOK_PARAGRAPH) kind = SUDOKU_BOOK_PARAGRAPH;
    put_text(&w, tags[kind][0]);
    svg_escaped(&w, text, strlen(text));
    put_text(&w, tags[kind][1]);
    return finish(&w);
}

size_t sudoku_book_step(const sudoku_book *book, const sudoku_grid *givens,
                        const sudoku_logic *state, const sudoku_step *step, char *buf, size_t size)
{
    writer w = {buf, size, 0};
    (void)book;
    put_text(&w, "<figure class=\"step\">\n");
    /* Written straight into the rest of buf, with its own length. */
    size_t room = w.len < size ? size - w.len : 0;
    unsigned flags = SUDOKU_PICTURE_INLINE | SUDOKU_PICTURE_LABELS;
    char *at = room ? buf + w.len : NULL;
    w.len += step ? sudoku_svg_step(givens, state, step, flags, at, room)
                  : sudoku_svg_candidates(givens, state, flags, at, room);
    put_text(&w, "</figure>\n");
    return finish(&w);
}

size_t sudoku_book_end(const sudoku_book *book, char *buf, size_t size)
{
    writer w = {buf, size, 0};
    (void)book;
    put_text(&w, "</body>\n</html>\n");
    return finish(&w);
}
