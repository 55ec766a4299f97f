/*
 * terminal.c: a picture (picture.h) as text for a terminal: the candidate
 * grid, each cell three lines of three candidates, what a step marks
 * shown by a marker before the candidate, or by ANSI colours (the marker
 * left blank) when the caller knows the terminal takes them. Arrows are
 * not drawn: the step's line names its chains.
 */
#include "picture.h"
#include "writer.h"

#include <string.h>

/* The marks in the order one wins over another on a candidate, with their
 * marker, their colour (SGR parameters) and what the legend calls them. */
static const struct mark_look {
    unsigned bit;
    char marker;
    const char *sgr;
    const char *meaning;
} looks[] = {
    {MARK_ELIMINATE, '-', "1;97;41", "eliminated"}, {MARK_PLACE, '+', "1;97;42", "placed"},
    {MARK_ON, '=', "1;4;32", "chain node on"},      {MARK_OFF, '~', "1;4;35", "chain node off"},
    {MARK_PATTERN, '*', "30;43", "pattern digit"},  {MARK_EXTRA, '#', "30;46", "extra digit"},
};

#define LOOKS (sizeof looks / sizeof looks[0])

static const struct mark_look *look_of(unsigned marks)
{
    for (size_t i = 0; i < LOOKS; i++)
        if (marks & looks[i].bit) return &looks[i];
    return NULL;
}

static void put_sgr(writer *w, const char *sgr, bool color)
{
    if (color) put(w, "\033[%sm", sgr);
}

/* One candidate's two columns: its marker (or a space) and the digit,
 * '.' when the cell cannot hold it. */
static void put_slot(writer *w, const picture *pic, int cell, int digit, bool color)
{
    unsigned marks = pic->marks[cell][digit - 1];
    const struct mark_look *look = look_of(marks);
    if (!(pic->candidates[cell] & (1u << (digit - 1)))) {
        put_text(w, " .");
        return;
    }
    if (look && !color)
        put_char(w, look->marker);
    else
        put_char(w, ' ');
    if (look) put_sgr(w, look->sgr, color);
    put_char(w, (char)('0' + digit));
    if (look) put_sgr(w, "0", color);
}

/* Line k (0-2) of a cell: three candidates, or a placed digit in the
 * middle, "[5]" for a given and "(5)" for a solved one. */
static void put_cell_line(writer *w, const picture *pic, int cell, int k, bool color)
{
    if (!pic->digit[cell]) {
        for (int i = 0; i < 3; i++) put_slot(w, pic, cell, 3 * k + i + 1, color);
        return;
    }
    if (k != 1) {
        put_repeat(w, ' ', 6);
        return;
    }
    bool given = pic->given[cell];
    put_text(w, given ? "  [" : "  (");
    put_sgr(w, given ? "1" : "34", color);
    put_char(w, (char)('0' + pic->digit[cell]));
    put_sgr(w, "0", color);
    put_text(w, given ? "] " : ") ");
}

static void put_rule(writer *w)
{
    put_text(w, "   ");
    for (int box = 0; box < 3; box++) {
        put_char(w, '+');
        put_repeat(w, '-', 22);
    }
    put_text(w, "+\n");
}

static void put_row(writer *w, const picture *pic, int row, bool color)
{
    for (int k = 0; k < 3; k++) {
        if (k == 1)
            put(w, " %d ", row + 1);
        else
            put_text(w, "   ");
        for (int col = 0; col < 9; col++) {
            put_text(w, col % 3 == 0 ? "| " : " ");
            put_cell_line(w, pic, row * 9 + col, k, color);
            if (col % 3 == 2) put_char(w, ' ');
        }
        put_text(w, "|\n");
    }
}

/* "Marks: *5 pattern digit, -5 eliminated" for the marks used. */
static void put_legend(writer *w, const picture *pic, bool color)
{
    unsigned used = picture_marks_used(pic);
    const char *sep = "Marks: ";
    for (size_t i = 0; i < LOOKS; i++) {
        if (!(used & looks[i].bit)) continue;
        put_text(w, sep);
        if (!color) put_char(w, looks[i].marker);
        put_sgr(w, looks[i].sgr, color);
        put_char(w, '5');
        put_sgr(w, "0", color);
        put(w, " %s", looks[i].meaning);
        sep = ", ";
    }
    if (used) put_text(w, "; ");
    put_text(w, "[5] given, (5) solved\n");
}

/* Where the middle of column col's cells is on a line: after the row's
 * number (3), each box is "| " and three cells of 6 with a space after. */
#define COLUMN(col) (3 + 23 * ((col) / 3) + 2 + 7 * ((col) % 3) + 3)

static void put_picture(writer *w, const picture *pic, bool color)
{
    /* the columns' numbers over their cells' middles */
    char numbers[COLUMN(8) + 2];
    memset(numbers, ' ', sizeof numbers);
    for (int col = 0; col < 9; col++) numbers[COLUMN(col)] = (char)('1' + col);
    numbers[COLUMN(8) + 1] = '\0';
    put_text(w, numbers);
    put_char(w, '\n');
    for (int row = 0; row < 9; row++) {
        if (row % 3 == 0) put_rule(w);
        put_row(w, pic, row, color);
        if (row % 3 != 2)
            put_text(w, "   |                      |                      |"
                        "                      |\n");
    }
    put_rule(w);
    put_legend(w, pic, color);
}

size_t sudoku_format_step_grid(const sudoku_grid *givens, const sudoku_logic *state,
                               const sudoku_step *step, unsigned flags, char *buf, size_t size)
{
    picture pic;
    writer w = {buf, size, 0};
    picture_from_state(&pic, givens, state);
    if (step) picture_mark_step(&pic, step);
    put_picture(&w, &pic, (flags & SUDOKU_PICTURE_COLOR) != 0);
    return finish(&w);
}
