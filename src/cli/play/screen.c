/*
 * screen.c: the frames of `sudoku play`, drawn on a canvas of characters
 * and styles. Two boards: the full one, as on paper (each cell 7 columns
 * by 3 lines, its marks a 3x3 block of small digits, 1 at the top left,
 * 9 at the bottom right), when the window holds it; else the compact one
 * (a character a cell) with the cursor cell's marks in the panel. Rows
 * and columns are labelled r1-r9 and c1-c9, as the hints name them.
 * Givens are bold, the player's digits coloured (plain without colour),
 * marks dim.
 */
#include "screen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The two boards' sizes and where their cells are. */
#define COMPACT_W 34
#define COMPACT_H 14
#define FULL_W 71
#define FULL_H 38
/* The narrowest panel worth drawing, and the lines it needs below a board. */
#define PANEL_MIN_W 30
#define PANEL_MIN_H 13

bool play_canvas_size(play_canvas *canvas, int rows, int cols)
{
    size_t n = (size_t)rows * (size_t)cols;
    if (rows != canvas->rows || cols != canvas->cols) {
        canvas_cell *cells = realloc(canvas->cells, n ? n * sizeof *cells : 1);
        if (!cells) return false;
        canvas->cells = cells;
        canvas->rows = rows;
        canvas->cols = cols;
    }
    for (size_t i = 0; i < n; i++) canvas->cells[i] = (canvas_cell){' ', 0};
    return true;
}

void play_canvas_free(play_canvas *canvas)
{
    free(canvas->cells);
    *canvas = (play_canvas){0};
}

static void put_char(play_canvas *c, int y, int x, char ch, uint8_t style)
{
    if (y < 0 || y >= c->rows || x < 0 || x >= c->cols) return;
    c->cells[y * c->cols + x] = (canvas_cell){ch, style};
}

static void add_style(play_canvas *c, int y, int x, uint8_t style)
{
    if (y < 0 || y >= c->rows || x < 0 || x >= c->cols) return;
    canvas_cell *cell = &c->cells[y * c->cols + x];
    /* A colour replaces a colour; attributes add up. */
    if (style & STYLE_COLORS) cell->style &= (uint8_t)~STYLE_COLORS;
    cell->style |= style;
}

/* Writes text at (y, x), cut at width characters; returns its length. */
static int put_text(play_canvas *c, int y, int x, int width, uint8_t style, const char *text)
{
    int n = 0;
    for (; n < width && text[n]; n++) put_char(c, y, x + n, text[n], style);
    return n;
}

static int put_textf(play_canvas *c, int y, int x, int width, uint8_t style, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return put_text(c, y, x, width, style, text);
}

void play_format_time(long long ms, char text[16])
{
    /* Up to 999 hours: a clock, not a calendar. */
    int s = (int)((ms < 0 ? 0 : ms > 3599999000ll ? 3599999000ll : ms) / 1000);
    if (s >= 3600)
        snprintf(text, 16, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(text, 16, "%d:%02d", s / 60, s % 60);
}

/* ---- what lights up ---- */

/* The styles a frame gives each cell and each candidate of it. */
typedef struct lights {
    uint8_t cell[SUDOKU_CELLS];      /* the whole cell */
    uint8_t digit[SUDOKU_CELLS][10]; /* one candidate (full board) */
    uint16_t shown[SUDOKU_CELLS];    /* candidates shown though not marked */
} lights;

static bool in_unit(int cell, int unit)
{
    int r = cell / 9, c = cell % 9;
    return unit < 9 ? r == unit : unit < 18 ? c == unit - 9 : (r / 3) * 3 + c / 3 == unit - 18;
}

static void light_units(lights *l, uint32_t units)
{
    for (int unit = 0; unit < 27; unit++)
        if (units & (1u << unit))
            for (int cell = 0; cell < SUDOKU_CELLS; cell++)
                if (in_unit(cell, unit)) l->cell[cell] = STYLE_PATTERN;
}

/* Level 2: the pattern's cells and digits; a hidden single's unit. */
static void light_pattern(lights *l, const sudoku_step *step)
{
    uint8_t cells[SUDOKU_CELLS];
    int n = sudoku_hint_cells(step, cells);
    if (n == 0) light_units(l, step->units);
    for (int i = 0; i < n; i++) {
        l->cell[cells[i]] = STYLE_PATTERN;
        for (int d = 1; d <= 9; d++)
            if (step->digits & (1u << (d - 1))) l->digit[cells[i]][d] = STYLE_PATTERN;
    }
    for (int i = 0; i < step->nlinks; i++)
        l->digit[step->links[i].cell][step->links[i].digit] = STYLE_PATTERN;
}

/* Level 3: what the step removes and places. */
static void light_results(lights *l, const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (int d = 1; d <= 9; d++)
            if (step->eliminate[cell] & (1u << (d - 1))) {
                l->digit[cell][d] = STYLE_REMOVE;
                l->shown[cell] |= (uint16_t)(1u << (d - 1));
                l->cell[cell] = STYLE_REMOVE;
            }
        if (step->place[cell]) {
            l->cell[cell] = STYLE_PLACE;
            l->digit[cell][step->place[cell]] = STYLE_PLACE;
            l->shown[cell] |= (uint16_t)(1u << (step->place[cell] - 1));
        }
    }
}

static void compute_lights(lights *l, const play_view *v)
{
    memset(l, 0, sizeof *l);
    const play_game *g = v->game;
    if (v->highlight)
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
            if (play_digit(g, cell) == v->highlight) l->cell[cell] = STYLE_HIGHLIGHT;
            if (!play_digit(g, cell) && (g->marks[cell] & (1u << (v->highlight - 1))))
                l->digit[cell][v->highlight] = STYLE_HIGHLIGHT;
        }
    const play_hint_view *h = &v->hint;
    if (h->level == 1) light_units(l, h->units);
    if (h->level >= 2 && h->step) light_pattern(l, h->step);
    if (h->level >= 3 && h->step) light_results(l, h->step);
    if (!v->show_mistakes) return;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (v->wrong[cell]) l->cell[cell] = STYLE_MISTAKE;
        for (int d = 1; d <= 9; d++)
            if (v->removed[cell] & (1u << (d - 1))) {
                l->cell[cell] = STYLE_MISTAKE;
                l->digit[cell][d] = STYLE_MISTAKE;
                l->shown[cell] |= (uint16_t)(1u << (d - 1));
            }
    }
}

/* ---- the boards ---- */

static uint8_t digit_style(const play_game *g, int cell)
{
    return play_is_given(g, cell) ? STYLE_BOLD : STYLE_ENTRY;
}

static void column_labels(play_canvas *c, int y, int x, bool full)
{
    for (int col = 0; col < 9; col++) {
        int at = full ? x + 5 + (col / 3) * 22 + (col % 3) * 7 + 3
                      : x + 4 + (col / 3) * 10 + (col % 3) * 3 + 1;
        put_textf(c, y, at, 2, STYLE_DIM, "c%d", col + 1);
    }
}

static void rule(play_canvas *c, int y, int x, int box_width)
{
    int at = x + (box_width == 9 ? 3 : 4);
    put_char(c, y, at, '+', 0);
    for (int b = 0; b < 3; b++) {
        for (int i = 0; i < box_width; i++)
            put_char(c, y, at + 1 + b * (box_width + 1) + i, '-', 0);
        put_char(c, y, at + (b + 1) * (box_width + 1), '+', 0);
    }
}

static void compact_board(play_canvas *c, int y0, int x0, const play_view *v, const lights *l)
{
    const play_game *g = v->game;
    column_labels(c, y0, x0, false);
    for (int band = 0; band <= 3; band++) rule(c, y0 + 1 + band * 4, x0, 9);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int r = cell / 9, col = cell % 9;
        int y = y0 + 2 + (r / 3) * 4 + r % 3;
        int x = x0 + 4 + (col / 3) * 10 + (col % 3) * 3;
        if (col == 0) {
            put_textf(c, y, x0, 2, STYLE_DIM, "r%d", r + 1);
            for (int b = 0; b <= 3; b++) put_char(c, y, x0 + 3 + b * 10, '|', 0);
        }
        int d = play_digit(g, cell);
        put_char(c, y, x + 1, (char)(d ? '0' + d : '.'), d ? digit_style(g, cell) : STYLE_DIM);
        if (v->show_mistakes && (v->wrong[cell] || v->removed[cell])) put_char(c, y, x + 2, '!', 0);
        for (int i = 0; i < 3; i++) {
            if (l->cell[cell]) add_style(c, y, x + i, l->cell[cell]);
            if (cell == g->cursor) add_style(c, y, x + i, STYLE_REVERSE);
        }
    }
}

static void full_board(play_canvas *c, int y0, int x0, const play_view *v, const lights *l)
{
    const play_game *g = v->game;
    column_labels(c, y0, x0, true);
    for (int band = 0; band <= 3; band++) rule(c, y0 + 1 + band * 12, x0, 21);
    for (int r = 0; r < 9; r++)
        for (int i = 0; i < 3; i++) {
            int y = y0 + 2 + (r / 3) * 12 + (r % 3) * 4 + i;
            for (int b = 0; b <= 3; b++) put_char(c, y, x0 + 4 + b * 22, '|', 0);
            if (r % 3 < 2)
                for (int b = 0; b <= 3; b++) put_char(c, y + 1, x0 + 4 + b * 22, '|', 0);
        }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int r = cell / 9, col = cell % 9;
        int y = y0 + 2 + (r / 3) * 12 + (r % 3) * 4;
        int x = x0 + 5 + (col / 3) * 22 + (col % 3) * 7;
        if (col == 0) put_textf(c, y + 1, x0, 2, STYLE_DIM, "r%d", r + 1);
        int d = play_digit(g, cell);
        if (d) {
            put_char(c, y + 1, x + 3, (char)('0' + d), digit_style(g, cell));
            if (v->show_mistakes && v->wrong[cell]) put_char(c, y + 1, x + 5, '!', 0);
        } else {
            uint16_t marks = g->marks[cell] | l->shown[cell];
            for (int k = 1; k <= 9; k++) {
                if (!(marks & (1u << (k - 1)))) continue;
                int yy = y + (k - 1) / 3, xx = x + 1 + 2 * ((k - 1) % 3);
                put_char(c, yy, xx, (char)('0' + k), STYLE_DIM);
                if (l->digit[cell][k]) add_style(c, yy, xx, l->digit[cell][k]);
            }
        }
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 7; j++) {
                int yy = y + i, xx = x + j;
                bool digit_lit = !d && l->digit[cell][1 + 3 * i + (j - 1) / 2] && j % 2 == 1;
                if (l->cell[cell] && !digit_lit &&
                    (d || l->cell[cell] == STYLE_PATTERN || l->cell[cell] == STYLE_HIGHLIGHT))
                    add_style(c, yy, xx, l->cell[cell]);
                if (cell == g->cursor) add_style(c, yy, xx, STYLE_REVERSE);
            }
    }
}

/* ---- the panel ---- */

/* Words of text wrapped into lines of width, from line y, at most lines;
 * returns the lines used. */
static int wrap(play_canvas *c, int y, int x, int width, int lines, uint8_t style, const char *text)
{
    int used = 0;
    const char *p = text;
    while (*p && used < lines) {
        while (*p == ' ') p++;
        int len = (int)strlen(p), cut = len;
        if (len > width) {
            cut = width;
            while (cut > 0 && p[cut] != ' ') cut--;
            if (cut == 0) cut = width;
        }
        for (int i = 0; i < cut; i++) put_char(c, y + used, x + i, p[i], style);
        p += cut;
        used++;
    }
    return used;
}

static const char *const key_lines[] = {"arrows/hjkl move, 1-9 digit, 0 clear",
                                        "m marks, n hint, a apply, c check",
                                        "u undo, ^R redo, ? keys, q save+quit"};
#define KEY_LINES 3

static int panel_marks(play_canvas *c, int y, int x, const play_view *v)
{
    const play_game *g = v->game;
    int cell = g->cursor;
    if (play_digit(g, cell)) return 0;
    put_text(c, y, x, 6, STYLE_DIM, "Marks:");
    for (int k = 1; k <= 9; k++) {
        bool on = g->marks[cell] & (1u << (k - 1));
        put_char(c, y + (k - 1) / 3, x + 7 + 2 * ((k - 1) % 3), (char)(on ? '0' + k : '.'),
                 on ? 0 : STYLE_DIM);
    }
    return 3;
}

static void panel(play_canvas *c, int y, int x, int w, int h, const play_view *v, bool full)
{
    const play_game *g = v->game;
    char time[16];
    /* The keys at the bottom, clear of the window's last line (its last
     * column is never written). */
    int bottom = y + h - 2 - KEY_LINES, at = y;
    for (int i = 0; i < KEY_LINES; i++) put_text(c, bottom + 1 + i, x, w, STYLE_DIM, key_lines[i]);
    play_format_time(v->elapsed_ms, time);
    put_text(c, at, x, w, STYLE_TITLE | STYLE_BOLD, "sudoku play");
    put_textf(c, at++, x + 13, w - 13, 0, "%s %s", v->paused ? "paused" : "time", time);
    int cell = g->cursor;
    put_textf(c, at, x, w, 0, "Cell r%dc%d", cell / 9 + 1, cell % 9 + 1);
    put_text(c, at++, x + 11, w - 11, v->marking ? STYLE_BOLD : 0,
             v->marking ? "digits mark (m: enter)" : "digits enter (m: mark)");
    if (!full) at += panel_marks(c, at, x, v);
    if (v->highlight) {
        int placed = 0;
        for (int k = 0; k < SUDOKU_CELLS; k++) placed += play_digit(g, k) == v->highlight;
        put_textf(c, at++, x, w, 0, "Digit %d lit: %d of 9 placed", v->highlight, placed);
    } else if (v->pending_highlight) {
        put_text(c, at++, x, w, 0, "Light which digit? (1-9, 0 none)");
    }
    if (v->show_mistakes) {
        char list[160] = "";
        size_t n = 0;
        for (int k = 0; k < SUDOKU_CELLS && n + 8 < sizeof list; k++)
            if (v->wrong[k] || v->removed[k])
                n += (size_t)snprintf(list + n, sizeof list - n, " r%dc%d", k / 9 + 1, k % 9 + 1);
        char text[256];
        snprintf(text, sizeof text, v->mistakes ? "Mistakes: %d:%s" : "Mistakes: none", v->mistakes,
                 list);
        at += wrap(c, at, x, w, 3, v->mistakes ? STYLE_BOLD : 0, text);
    }
    if (v->solved) {
        put_textf(c, at++, x, w, STYLE_BOLD, "Solved in %s!", time);
        put_text(c, at++, x, w, 0, "q quits, u takes a step back");
    }
    int room = bottom - at;
    if (v->thinking) {
        put_text(c, at++, x, w, 0, "Hint: looking for a step...");
    } else if (v->hint.level && room > 0) {
        at += wrap(c, at, x, w, room, 0, v->hint.text);
    }
    room = bottom - at;
    if (v->message && room > 0) wrap(c, at, x, w, room, STYLE_BOLD, v->message);
}

/* ---- frames ---- */

static const char *const help_lines[] = {
    "sudoku play: the keys",
    "",
    "  arrows, h j k l   move (Home/End: the row's first and last cell)",
    "  1-9               enter the digit, or mark it in marking mode",
    "  m                 switch between entering and marking",
    "  0 Del Backspace x clear the cell",
    "  u / Ctrl-R        undo / redo, as far back as the game goes",
    "  f                 fill in every candidate of the unmarked cells",
    "  * then 1-9        light every cell with that digit (* 0: none)",
    "  n                 hint: where to look; again: the pattern; again:",
    "                    what it removes or places",
    "  a                 apply the hint shown",
    "  Escape            put the hint, the lit digit and the check away",
    "  c                 check: mark every mistake",
    "  E                 mark mistakes as they happen (on/off)",
    "  A                 placing a digit removes it from the peers' marks",
    "                    (on/off)",
    "  R                 start again (undo brings the game back)",
    "  p                 pause the clock (the board is hidden)",
    "  Ctrl-L            draw the screen again",
    "  Ctrl-Z            suspend (fg comes back)",
    "  q, Ctrl-C         save and quit (sudoku play --resume goes on)",
    "Any key closes this list.",
};

static void help(play_canvas *c)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    for (int i = 0; i < n && i < c->rows; i++)
        put_text(c, i, 1, c->cols - 1, i == 0 ? STYLE_BOLD : 0, help_lines[i]);
}

void play_draw(play_canvas *c, const play_view *v)
{
    if (v->help) {
        help(c);
        return;
    }
    int rows = c->rows, cols = c->cols;
    bool full = rows >= FULL_H && cols >= FULL_W + 3 + PANEL_MIN_W;
    bool full_below = !full && rows >= FULL_H + 1 + PANEL_MIN_H && cols >= FULL_W;
    bool compact =
        !full && !full_below && rows >= PANEL_MIN_H + 2 && cols >= COMPACT_W + 3 + PANEL_MIN_W;
    bool compact_below = !full && !full_below && !compact && rows >= COMPACT_H + 1 + PANEL_MIN_H &&
                         cols >= COMPACT_W;
    if (!full && !full_below && !compact && !compact_below) {
        wrap(c, 0, 0, cols, rows, 0,
             "The window is too small for sudoku play: 67x14 or 34x27 at least.");
        return;
    }
    bool big = full || full_below;
    int board_w = big ? FULL_W : COMPACT_W, board_h = big ? FULL_H : COMPACT_H;
    bool beside = full || compact;
    int px = beside ? board_w + 3 : 0, py = beside ? 0 : board_h + 1;
    int pw = beside ? cols - px : cols, ph = beside ? rows : rows - py;
    if (v->paused) {
        put_text(c, board_h / 2, 4, board_w, STYLE_BOLD, "Paused: p goes on.");
    } else {
        lights l;
        compute_lights(&l, v);
        if (big)
            full_board(c, 0, 0, v, &l);
        else
            compact_board(c, 0, 0, v, &l);
    }
    panel(c, py, px, pw, ph, v, big);
}

/* ---- output ---- */

typedef struct text_out {
    char *data;
    size_t len, cap;
    bool failed;
} text_out;

static void out(text_out *t, const char *s, size_t n)
{
    if (t->failed) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 8192;
        while (cap < t->len + n + 1) cap *= 2;
        char *p = realloc(t->data, cap);
        if (!p) {
            t->failed = true;
            return;
        }
        t->data = p;
        t->cap = cap;
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static void outs(text_out *t, const char *s)
{
    out(t, s, strlen(s));
}

/* The SGR sequence of a style. */
static void sgr(text_out *t, uint8_t style, bool color)
{
    outs(t, "\033[0");
    if (style & STYLE_BOLD) outs(t, ";1");
    if (style & STYLE_DIM) outs(t, ";2");
    if (style & STYLE_UNDERLINE) outs(t, ";4");
    if (style & STYLE_REVERSE) outs(t, ";7");
    static const char *const colored[8] = {"",       ";34",    ";30;46", ";1;31",
                                           ";30;42", ";97;41", ";30;43", ";1;35"};
    static const char *const plain[8] = {"", "", ";4", ";7", ";1;7", ";7", ";1;4", ";1"};
    int k = (style & STYLE_COLORS) >> 4;
    outs(t, color ? colored[k] : plain[k]);
    outs(t, "m");
}

char *play_canvas_escapes(const play_canvas *c, bool color, size_t *length)
{
    text_out t = {0};
    for (int y = 0; y < c->rows; y++) {
        char move[32];
        snprintf(move, sizeof move, "\033[%d;1H", y + 1);
        outs(&t, move);
        int style = -1;
        for (int x = 0; x < c->cols; x++) {
            const canvas_cell *cell = &c->cells[y * c->cols + x];
            if (cell->style != style) {
                style = cell->style;
                sgr(&t, cell->style, color);
            }
            /* The last column of the last line is left alone: writing it
             * would scroll some terminals. */
            if (y < c->rows - 1 || x < c->cols - 1) out(&t, &cell->ch, 1);
        }
    }
    outs(&t, "\033[0m");
    if (t.failed) {
        free(t.data);
        return NULL;
    }
    *length = t.len;
    return t.data;
}

char *play_canvas_text(const play_canvas *c)
{
    text_out t = {0};
    for (int y = 0; y < c->rows; y++) {
        int end = c->cols;
        while (end > 0 && c->cells[y * c->cols + end - 1].ch == ' ') end--;
        for (int x = 0; x < end; x++) out(&t, &c->cells[y * c->cols + x].ch, 1);
        out(&t, "\n", 1);
    }
    if (t.failed) {
        free(t.data);
        return NULL;
    }
    return t.data;
}
