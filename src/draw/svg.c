/*
 * svg.c: pictures as SVG 1.1: a grid, a candidate grid, a step. The
 * digits are strokes drawn once in <defs> and placed with <use>, so that
 * a picture needs no font and looks the same in every viewer and on
 * paper; only the caption is text. Coordinates are whole numbers but for
 * the arrows', so that most of a picture is written without printf.
 */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

/* The geometry, in the picture's units (1 unit is 1 px at full size). */
#define CELL 48          /* a cell's side */
#define SUB (CELL / 3)   /* a candidate's square */
#define SIDE (9 * CELL)  /* the grid's side */
#define MARGIN 4         /* around the grid: room for its border */
#define LABELS 22        /* room for the rows' and columns' numbers */
#define RING 7           /* a candidate's ring or disc */
#define CAPTION_SIZE 13  /* the caption's font size */
#define CAPTION_LINE 17  /* and its line height */
#define CAPTION_CHARS 60 /* characters a caption line holds, at most */
#define FONT "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

/* Colours: ink, then what a step marks (README's picture shows them). */
#define INK_GIVEN "#000"
#define INK_SOLVED "#1f5fbf"
#define INK_CANDIDATE "#444"
#define INK_LABEL "#888"
#define TINT_UNIT "#eef1f6"
#define SHADE_PATTERN_FILL "#ffe680"
#define SHADE_SET_FILL "#cfe3ff"
#define SHADE_PLACE_FILL "#c8f0c8"
#define RING_PATTERN "#e8900c"
#define RING_EXTRA "#3b82d6"
#define DISC_ON "#8fdc8f"
#define DISC_OFF "#a9c4f5"
#define DISC_PLACE "#2ea043"
#define CROSS "#e0201b"
#define ARROW "#7b3fa0"

/* The digits 1-9 as strokes in a box 6 wide and 10 high about (0, 0). */
#define GLYPH_1 "M-1.8-3.3L0.7-5V5"
#define GLYPH_2 "M-2.7-2.9C-2.6-4.2-1.5-5 0-5C1.7-5 2.8-4 2.8-2.6C2.8-1.1 1.6-.1-2.8 5H3"
#define GLYPH_3                                                                                    \
    "M-2.7-4.1C-2-4.7-1.1-5 0-5C1.6-5 2.6-4.1 2.6-2.7C2.6-1.3 1.4-.4-.5-.4C1.7-.4 2.9.7 2.9 "      \
    "2.3C2.9 4 1.6 5-.1 5C-1.3 5-2.3 4.6-3 3.8"
#define GLYPH_4 "M1.6 5V-5L-3.1 2.3H3.2"
#define GLYPH_5                                                                                    \
    "M2.6-5H-1.9L-2.4-.5C-1.7-1.1-.9-1.4.1-1.4C1.9-1.4 3-.1 3 1.8C3 3.7 1.7 5-.1 5C-1.3 5-2.3 "    \
    "4.6-3 3.8"
#define GLYPH_6                                                                                    \
    "M2.3-4.5C1.7-4.8 1.1-5 .4-5C-2-5-3-2.6-3 .8C-3 3.5-1.8 5 0 5C1.8 5 3 3.7 3 1.9C3 .1 "         \
    "1.8-1.1.1-1.1C-1.4-1.1-2.6-.2-3 1.1"
#define GLYPH_7 "M-3-5H3C.6-2-.6 1.2-.9 5"
#define GLYPH_8                                                                                    \
    "M0-.4C-1.6-.4-2.6-1.3-2.6-2.7C-2.6-4.1-1.5-5 0-5C1.5-5 2.6-4.1 2.6-2.7C2.6-1.3 1.6-.4 "       \
    "0-.4C-1.8-.4-3 .7-3 2.3C-3 3.9-1.7 5 0 5C1.7 5 3 3.9 3 2.3C3 .7 1.8-.4 0-.4Z"
#define GLYPH_9                                                                                    \
    "M-2.3 4.5C-1.7 4.8-1.1 5-.4 5C2 5 3 2.6 3-.8C3-3.5 1.8-5 0-5C-1.8-5-3-3.7-3-1.9C-3-.1-1.8 "   \
    "1.1-.1 1.1C1.4 1.1 2.6.2 3-1.1"

/* A digit's shape, large (27 high) and small (10.5): the stroke's width,
 * set where they are used, scales with them. */
#define LARGE(n) "<path id=\"sd" #n "\" transform=\"scale(2.7)\" d=\"" GLYPH_##n "\"/>\n"
#define SMALL(n) "<path id=\"sc" #n "\" transform=\"scale(1.05)\" d=\"" GLYPH_##n "\"/>\n"

static const char shapes[] = "<defs>\n" LARGE(1) LARGE(2) LARGE(3) LARGE(4) LARGE(5) LARGE(6) LARGE(
    7) LARGE(8) LARGE(9) SMALL(1) SMALL(2) SMALL(3) SMALL(4) SMALL(5) SMALL(6) SMALL(7) SMALL(8)
    SMALL(9) "<marker id=\"sa\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
             "markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" markerHeight=\"9\" orient=\"auto\">"
             "<path d=\"M0 0L10 5L0 10z\" fill=\"" ARROW "\"/></marker>\n</defs>\n";

static void put_int(writer *w, int n)
{
    char digits[12];
    int k = 0;
    unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    if (n < 0) put_char(w, '-');
    do digits[k++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    while (k) put_char(w, digits[--k]);
}

/* ' name="n"' */
static void put_attr(writer *w, const char *name, int n)
{
    put_char(w, ' ');
    put_text(w, name);
    put_text(w, "=\"");
    put_int(w, n);
    put_char(w, '"');
}

void svg_escaped(writer *w, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c == '<')
            put_text(w, "&lt;");
        else if (c == '>')
            put_text(w, "&gt;");
        else if (c == '&')
            put_text(w, "&amp;");
        else if (c == '"')
            put_text(w, "&quot;");
        else if ((unsigned char)c >= 0x20 || c == '\t')
            put_char(w, c);
    }
}

void svg_shapes(writer *w)
{
    put_bytes(w, shapes, sizeof shapes - 1);
}

/* ---- the caption, wrapped ---- */

/* Where the line that starts at text (n characters left) ends: at most
 * CAPTION_CHARS, after a space if there is one, else before a chain's
 * link ("-(" or "=("), else wherever the limit falls. */
static size_t line_end(const char *text, size_t n)
{
    if (n <= CAPTION_CHARS) return n;
    size_t link = 0;
    for (size_t i = CAPTION_CHARS; i > 0; i--) {
        if (text[i] == ' ') return i;
        if (!link && (text[i] == '-' || text[i] == '=') && text[i + 1] == '(') link = i;
    }
    return link ? link : CAPTION_CHARS;
}

static int caption_lines(const char *caption)
{
    int lines = 0;
    size_t n = caption ? strlen(caption) : 0;
    for (size_t at = 0; at < n; lines++) {
        at += line_end(caption + at, n - at);
        while (at < n && caption[at] == ' ') at++;
    }
    return lines;
}

static void put_caption(writer *w, const char *caption, int x, int y)
{
    size_t n = strlen(caption);
    put_text(w, "<g font-family=\"" FONT "\" font-size=\"");
    put_int(w, CAPTION_SIZE);
    put_text(w, "\" fill=\"#222\">\n");
    for (size_t at = 0; at < n; y += CAPTION_LINE) {
        size_t len = line_end(caption + at, n - at);
        put_text(w, "<text");
        put_attr(w, "x", x);
        put_attr(w, "y", y);
        put_char(w, '>');
        svg_escaped(w, caption + at, len);
        put_text(w, "</text>\n");
        for (at += len; at < n && caption[at] == ' ';) at++;
    }
    put_text(w, "</g>\n");
}

/* ---- the grid ---- */

static void put_rect(writer *w, int x, int y, int width, int height, const char *fill)
{
    put_text(w, "<rect");
    put_attr(w, "x", x);
    put_attr(w, "y", y);
    put_attr(w, "width", width);
    put_attr(w, "height", height);
    put_text(w, " fill=\"");
    put_text(w, fill);
    put_text(w, "\"/>\n");
}

/* The tinted units, then the shaded cells. */
static void put_shading(writer *w, const picture *pic)
{
    static const char *const fills[] = {NULL, SHADE_PATTERN_FILL, SHADE_SET_FILL, SHADE_PLACE_FILL};
    for (int unit = 0; unit < 27; unit++) {
        if (!(pic->units & (1u << unit))) continue;
        int i = unit % 9;
        if (unit < 9)
            put_rect(w, 0, i * CELL, SIDE, CELL, TINT_UNIT);
        else if (unit < 18)
            put_rect(w, i * CELL, 0, CELL, SIDE, TINT_UNIT);
        else
            put_rect(w, i % 3 * 3 * CELL, i / 3 * 3 * CELL, 3 * CELL, 3 * CELL, TINT_UNIT);
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (pic->shade[cell] != SHADE_NONE && pic->shade[cell] <= SHADE_PLACE)
            put_rect(w, cell % 9 * CELL, cell / 9 * CELL, CELL, CELL, fills[pic->shade[cell]]);
}

/* The vertical and the horizontal rule at i cells from the grid's edge. */
static void put_rules(writer *w, int i)
{
    put_char(w, 'M');
    put_int(w, i * CELL);
    put_text(w, " 0V");
    put_int(w, SIDE);
    put_text(w, "M0 ");
    put_int(w, i * CELL);
    put_char(w, 'H');
    put_int(w, SIDE);
}

/* Thin lines between cells, thick ones between boxes and around. */
static void put_lines(writer *w)
{
    put_text(w, "<path fill=\"none\" stroke=\"#999\" stroke-width=\"1\" d=\"");
    for (int i = 1; i < 9; i++)
        if (i % 3 != 0) put_rules(w, i);
    put_text(w, "\"/>\n<path fill=\"none\" stroke=\"#000\" stroke-width=\"3\" "
                "stroke-linecap=\"square\" d=\"");
    for (int i = 3; i < 9; i += 3) put_rules(w, i);
    put_text(w, "\"/>\n");
}

static int candidate_x(int cell, int digit)
{
    return cell % 9 * CELL + (digit - 1) % 3 * SUB + SUB / 2;
}

static int candidate_y(int cell, int digit)
{
    return cell / 9 * CELL + (digit - 1) / 3 * SUB + SUB / 2;
}

/* Writes n >= 0 in decimal at out; returns where it ends. */
static char *decimal(char *out, int n)
{
    char digits[12];
    int k = 0;
    do digits[k++] = (char)('0' + n % 10);
    while ((n /= 10) != 0);
    while (k) *out++ = digits[--k];
    return out;
}

/* <use xlink:href="#sd5" x="120" y="84"/>: a digit's shape placed, at
 * coordinates that are never negative but for the labels'. */
static void put_use(writer *w, char size, int digit, int x, int y)
{
    static const char head[] = "<use xlink:href=\"#s";
    char line[64], *p = line + sizeof head - 1;
    if (x < 0 || y < 0) {
        put(w, "%s%c%d\" x=\"%d\" y=\"%d\"/>\n", head, size, digit, x, y);
        return;
    }
    memcpy(line, head, sizeof head - 1);
    *p++ = size;
    *p++ = (char)('0' + digit);
    memcpy(p, "\" x=\"", 5);
    p = decimal(p + 5, x);
    memcpy(p, "\" y=\"", 5);
    p = decimal(p + 5, y);
    memcpy(p, "\"/>\n", 4);
    put_bytes(w, line, (size_t)(p + 4 - line));
}

/* A circle about each candidate whose marks include bits: filled, or
 * only ringed when fill is NULL. A chain node both on and off (a
 * contradiction) shows the on disc smaller, inside the off one. */
static void put_circles(writer *w, const picture *pic, unsigned bits, const char *fill,
                        const char *ring)
{
    bool any = false;
    if (!(picture_marks_used(pic) & bits)) return;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int digit = 1; digit <= 9; digit++) {
            if (!(pic->marks[cell][digit - 1] & bits)) continue;
            if (!any) {
                put(w, "<g fill=\"%s\"", fill ? fill : "none");
                if (ring) put(w, " stroke=\"%s\" stroke-width=\"1.6\"", ring);
                put_text(w, ">\n");
                any = true;
            }
            put_text(w, "<circle");
            put_attr(w, "cx", candidate_x(cell, digit));
            put_attr(w, "cy", candidate_y(cell, digit));
            bool inner = bits == MARK_ON && (pic->marks[cell][digit - 1] & MARK_OFF);
            put_attr(w, "r", inner ? RING / 2 + 1 : RING);
            put_text(w, "/>\n");
        }
    if (any) put_text(w, "</g>\n");
}

/* The digits of one kind, in one group of one ink and stroke: 0 the
 * givens, 1 the solved digits, 2 the candidates, 3 the candidates placed. */
static void put_digits(writer *w, const picture *pic, int kind)
{
    static const char *const groups[4] = {
        "<g stroke=\"" INK_GIVEN "\" stroke-width=\"1.4\">\n",
        "<g stroke=\"" INK_SOLVED "\" stroke-width=\"1.05\">\n",
        "<g stroke=\"" INK_CANDIDATE "\" stroke-width=\"1.2\">\n",
        "<g stroke=\"#fff\" stroke-width=\"1.35\">\n",
    };
    put_text(w, groups[kind]);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (kind < 2) {
            if (pic->digit[cell] && pic->given[cell] == (kind == 0))
                put_use(w, 'd', pic->digit[cell], cell % 9 * CELL + CELL / 2,
                        cell / 9 * CELL + CELL / 2);
            continue;
        }
        for (int digit = 1; digit <= 9; digit++) {
            bool placed = (pic->marks[cell][digit - 1] & MARK_PLACE) != 0;
            if ((pic->candidates[cell] & (1u << (digit - 1))) && placed == (kind == 3))
                put_use(w, 'c', digit, candidate_x(cell, digit), candidate_y(cell, digit));
        }
    }
    put_text(w, "</g>\n");
}

static void put_crosses(writer *w, const picture *pic)
{
    bool any = false;
    if (!(picture_marks_used(pic) & MARK_ELIMINATE)) return;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int digit = 1; digit <= 9; digit++) {
            if (!(pic->marks[cell][digit - 1] & MARK_ELIMINATE)) continue;
            if (!any)
                put_text(w, "<path fill=\"none\" stroke=\"" CROSS "\" stroke-width=\"1.8\" "
                            "stroke-linecap=\"round\" d=\"");
            any = true;
            put_char(w, 'M');
            put_int(w, candidate_x(cell, digit) - 5);
            put_char(w, ' ');
            put_int(w, candidate_y(cell, digit) - 5);
            put_text(w, "l10 10m0-10l-10 10");
        }
    if (any) put_text(w, "\"/>\n");
}

/* The square root of x > 0, by Newton's method: the library links
 * without libm. */
static double root(double x)
{
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 40 && r * r - x > 1e-9 * x; i++) r = (r + x / r) / 2;
    return r;
}

/* An arrow from one candidate to another, bowed to the left of its
 * direction so that arrows along a line pass beside the digits between,
 * and stopping short of the rings at both ends. */
static void put_arrow(writer *w, const picture_arrow *a)
{
    double x1 = candidate_x(a->from_cell, a->from_digit),
           y1 = candidate_y(a->from_cell, a->from_digit);
    double x2 = candidate_x(a->to_cell, a->to_digit), y2 = candidate_y(a->to_cell, a->to_digit);
    double dx = x2 - x1, dy = y2 - y1, length = root(dx * dx + dy * dy);
    if (length < 1) return;
    double bow = length < 3 * CELL ? 0.22 * length : 0.12 * length + 0.1 * 3 * CELL;
    double cx = (x1 + x2) / 2 + dy / length * bow, cy = (y1 + y2) / 2 - dx / length * bow;
    double sx = cx - x1, sy = cy - y1, s = root(sx * sx + sy * sy);
    double ex = x2 - cx, ey = y2 - cy, e = root(ex * ex + ey * ey);
    x1 += sx / s * (RING + 1);
    y1 += sy / s * (RING + 1);
    x2 -= ex / e * (RING + 1);
    y2 -= ey / e * (RING + 1);
    put(w, "<path d=\"M%.1f %.1fQ%.1f %.1f %.1f %.1f\"%s/>\n", x1, y1, cx, cy, x2, y2,
        a->strong ? "" : " stroke-dasharray=\"4 3\"");
}

static void put_arrows(writer *w, const picture *pic)
{
    if (!pic->narrows) return;
    put_text(w, "<g fill=\"none\" stroke=\"" ARROW "\" stroke-width=\"1.5\" "
                "marker-end=\"url(#sa)\">\n");
    for (int i = 0; i < pic->narrows; i++) put_arrow(w, &pic->arrows[i]);
    put_text(w, "</g>\n");
}

static void put_labels(writer *w)
{
    put_text(w, "<g stroke=\"" INK_LABEL "\" stroke-width=\"1.1\">\n");
    for (int i = 0; i < 9; i++) {
        put_use(w, 'c', i + 1, i * CELL + CELL / 2, -LABELS / 2);
        put_use(w, 'c', i + 1, -LABELS / 2, i * CELL + CELL / 2);
    }
    put_text(w, "</g>\n");
}

/* Everything inside the grid, in the order it is painted. */
static void put_grid(writer *w, const picture *pic, unsigned flags)
{
    put_shading(w, pic);
    put_lines(w);
    put_circles(w, pic, MARK_OFF, DISC_OFF, NULL);
    put_circles(w, pic, MARK_ON, DISC_ON, NULL);
    put_circles(w, pic, MARK_PLACE, DISC_PLACE, NULL);
    put_circles(w, pic, MARK_PATTERN, NULL, RING_PATTERN);
    put_circles(w, pic, MARK_EXTRA, NULL, RING_EXTRA);
    put_text(w, "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
    for (int kind = 0; kind < 4; kind++) put_digits(w, pic, kind);
    if (flags & SUDOKU_PICTURE_LABELS) put_labels(w);
    put_text(w, "</g>\n");
    put_crosses(w, pic);
    put_arrows(w, pic);
}

void svg_picture(writer *w, const picture *pic, const char *caption, unsigned flags)
{
    int origin = flags & SUDOKU_PICTURE_LABELS ? LABELS : MARGIN;
    int lines = caption_lines(caption);
    int width = origin + SIDE + MARGIN;
    int height = origin + SIDE + MARGIN + (lines ? lines * CAPTION_LINE + 10 : 0);
    if (!(flags & SUDOKU_PICTURE_INLINE))
        put_text(w, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    put_text(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\"");
    put_attr(w, "width", width);
    put_attr(w, "height", height);
    put(w, " viewBox=\"0 0 %d %d\">\n", width, height);
    if (caption) {
        put_text(w, "<title>");
        svg_escaped(w, caption, strlen(caption));
        put_text(w, "</title>\n");
    }
    if (!(flags & SUDOKU_PICTURE_INLINE)) svg_shapes(w);
    put_rect(w, 0, 0, width, height, "#fff");
    put(w, "<g transform=\"translate(%d %d)\">\n", origin, origin);
    put_grid(w, pic, flags);
    put_text(w, "</g>\n<rect class=\"grid\"");
    put_attr(w, "x", origin);
    put_attr(w, "y", origin);
    put_attr(w, "width", SIDE);
    put_attr(w, "height", SIDE);
    put_text(w, " fill=\"none\" stroke=\"#000\" stroke-width=\"3\"/>\n");
    if (lines) put_caption(w, caption, origin, origin + SIDE + MARGIN + CAPTION_LINE);
    put_text(w, "</svg>\n");
}

/* ---- the public functions ---- */

size_t sudoku_svg_grid(const sudoku_grid *givens, const sudoku_grid *grid, unsigned flags,
                       char *buf, size_t size)
{
    picture pic;
    writer w = {buf, size, 0};
    picture_from_grid(&pic, givens, grid);
    svg_picture(&w, &pic, NULL, flags);
    return finish(&w);
}

size_t sudoku_svg_candidates(const sudoku_grid *givens, const sudoku_logic *state, unsigned flags,
                             char *buf, size_t size)
{
    picture pic;
    writer w = {buf, size, 0};
    picture_from_state(&pic, givens, state);
    svg_picture(&w, &pic, NULL, flags);
    return finish(&w);
}

size_t sudoku_svg_step(const sudoku_grid *givens, const sudoku_logic *state,
                       const sudoku_step *step, unsigned flags, char *buf, size_t size)
{
    picture pic;
    writer w = {buf, size, 0};
    picture_from_state(&pic, givens, state);
    picture_mark_step(&pic, step);
    /* The caption is the step in words, of any length: short of memory,
     * the first SUDOKU_TEXT_MAX bytes of it. */
    char small[SUDOKU_TEXT_MAX];
    size_t n = sudoku_format_step(step, small, sizeof small);
    char *caption = n < sizeof small ? NULL : malloc(n + 1);
    if (caption) sudoku_format_step(step, caption, n + 1);
    svg_picture(&w, &pic, caption ? caption : small, flags);
    free(caption);
    return finish(&w);
}
