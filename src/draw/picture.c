/*
 * picture.c: a grid, a candidate grid or a step turned into a picture's
 * description (picture.h). The step is read as data only: its cells,
 * units, digits, placements, eliminations and chain links; no technique
 * is named here, so every technique, present or to come, is drawn alike.
 */
#include "picture.h"

#include <string.h>

static void picture_clear(picture *pic)
{
    memset(pic, 0, sizeof *pic);
}

void picture_from_grid(picture *pic, const sudoku_grid *givens, const sudoku_grid *grid)
{
    picture_clear(pic);
    if (!grid) grid = givens;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = grid->cell[cell];
        if (digit < 1 || digit > 9) continue;
        pic->digit[cell] = (uint8_t)digit;
        pic->given[cell] = givens->cell[cell] == digit;
    }
}

void picture_from_state(picture *pic, const sudoku_grid *givens, const sudoku_logic *state)
{
    picture_clear(pic);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = state->placed.cell[cell];
        if (digit >= 1 && digit <= 9) {
            pic->digit[cell] = (uint8_t)digit;
            pic->given[cell] = !givens || givens->cell[cell] == digit;
        } else {
            pic->candidates[cell] = state->candidates[cell] & ALL_DIGITS;
        }
    }
}

static void mark(picture *pic, int cell, int digit, unsigned bits)
{
    if (cell >= SUDOKU_CELLS || digit < 1 || digit > 9) return;
    pic->marks[cell][digit - 1] |= (uint8_t)bits;
    pic->used |= bits;
}

/* Marks the digits of set in cell's candidates with bits. */
static void mark_digits(picture *pic, int cell, unsigned set, unsigned bits)
{
    for (int digit = 1; digit <= 9; digit++)
        if (set & pic->candidates[cell] & (1u << (digit - 1))) mark(pic, cell, digit, bits);
}

/* The step's cells: the first npattern (all when 0) are its pattern, the
 * rest what it works with; a cell it places a digit in shows that first. */
static void mark_cells(picture *pic, const sudoku_step *step)
{
    int pattern = step->npattern ? step->npattern : step->ncells;
    for (int i = 0; i < step->ncells && i < SUDOKU_CELLS; i++) {
        int cell = step->cells[i];
        if (cell >= SUDOKU_CELLS) continue;
        pic->shade[cell] = step->place[cell] ? SHADE_PLACE
                           : i < pattern     ? SHADE_PATTERN
                                             : SHADE_SET;
        mark_digits(pic, cell, step->digits, MARK_PATTERN);
        mark_digits(pic, cell, step->extra, MARK_EXTRA);
    }
}

/* Each chain's nodes, and an arrow from each node to the next within a
 * chain: strong to a node that holds, weak to one that does not. */
static void mark_links(picture *pic, const sudoku_step *step)
{
    int n = step->nlinks < SUDOKU_LINKS_MAX ? step->nlinks : SUDOKU_LINKS_MAX;
    for (int i = 0; i < n; i++) {
        const sudoku_link *link = &step->links[i];
        mark(pic, link->cell, link->digit, link->on ? MARK_ON : MARK_OFF);
        if (link->start || i == 0) continue;
        const sudoku_link *from = &step->links[i - 1];
        pic->arrows[pic->narrows++] =
            (picture_arrow){from->cell, from->digit, link->cell, link->digit, link->on};
    }
    pic->arrows_cut = step->links_cut;
}

void picture_mark_step(picture *pic, const sudoku_step *step)
{
    pic->units = step->units & ((1u << 27) - 1);
    mark_cells(pic, step);
    mark_links(pic, step);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (int digit = 1; digit <= 9; digit++)
            if (step->eliminate[cell] & (1u << (digit - 1))) mark(pic, cell, digit, MARK_ELIMINATE);
        if (step->place[cell]) {
            mark(pic, cell, step->place[cell], MARK_PLACE);
            if (pic->shade[cell] == SHADE_NONE) pic->shade[cell] = SHADE_PLACE;
        }
    }
}

unsigned picture_marks_used(const picture *pic)
{
    return pic->used;
}
