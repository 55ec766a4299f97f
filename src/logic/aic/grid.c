/*
 * grid.c: HoDoKu's grid bookkeeping (hodoku-spec 2): candidate removals
 * and placements, with the house counts and the singles queues they feed,
 * in exactly HoDoKu's order, since the queues decide which single comes
 * next.
 */
#include "grid.h"

#include <string.h>

const aic_set aic_house_sets[27] = {
    {{0x00000000000001ffull, 0x00000ull}}, {{0x000000000003fe00ull, 0x00000ull}},
    {{0x0000000007fc0000ull, 0x00000ull}}, {{0x0000000ff8000000ull, 0x00000ull}},
    {{0x00001ff000000000ull, 0x00000ull}}, {{0x003fe00000000000ull, 0x00000ull}},
    {{0x7fc0000000000000ull, 0x00000ull}}, {{0x8000000000000000ull, 0x000ffull}},
    {{0x0000000000000000ull, 0x1ff00ull}}, {{0x8040201008040201ull, 0x00100ull}},
    {{0x0080402010080402ull, 0x00201ull}}, {{0x0100804020100804ull, 0x00402ull}},
    {{0x0201008040201008ull, 0x00804ull}}, {{0x0402010080402010ull, 0x01008ull}},
    {{0x0804020100804020ull, 0x02010ull}}, {{0x1008040201008040ull, 0x04020ull}},
    {{0x2010080402010080ull, 0x08040ull}}, {{0x4020100804020100ull, 0x10080ull}},
    {{0x00000000001c0e07ull, 0x00000ull}}, {{0x0000000000e07038ull, 0x00000ull}},
    {{0x00000000070381c0ull, 0x00000ull}}, {{0x0000e07038000000ull, 0x00000ull}},
    {{0x00070381c0000000ull, 0x00000ull}}, {{0x00381c0e00000000ull, 0x00000ull}},
    {{0x81c0000000000000ull, 0x00703ull}}, {{0x0e00000000000000ull, 0x0381cull}},
    {{0x7000000000000000ull, 0x1c0e0ull}},
};

void aic_grid_clear(aic_grid *g)
{
    memset(g, 0, sizeof *g);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) g->candidates[cell] = ALL_DIGITS;
    for (int house = 0; house < 27; house++)
        for (int digit = 1; digit <= 9; digit++) g->free[house][digit] = 9;
}

static void push(aic_queue *q, int cell, int digit)
{
    if (q->tail >= AIC_QUEUE_MAX) return; /* cannot happen: see AIC_QUEUE_MAX */
    q->cell[q->tail] = (uint8_t)cell;
    q->digit[q->tail++] = (uint8_t)digit;
}

bool aic_queue_pop(aic_queue *q, int *cell, int *digit)
{
    if (q->head >= q->tail) return false;
    *cell = q->cell[q->head];
    *digit = q->digit[q->head++];
    if (q->head >= q->tail) q->head = q->tail = 0;
    return true;
}

/* The first cell of house (in unit order) that still holds digit goes on
 * the hidden singles queue. */
static void announce_hidden(aic_grid *g, int house, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[house][i];
        if (g->candidates[cell] & bit) {
            push(&g->hidden, cell, digit);
            return;
        }
    }
}

/* Drops the first waiting hidden single of digit in house. */
static void withdraw_hidden(aic_queue *q, int house, int digit)
{
    for (int i = q->head; i < q->tail; i++) {
        if (q->digit[i] != digit || !(sudoku_cell_unit_mask[q->cell[i]] & (1u << house))) continue;
        memmove(&q->cell[i], &q->cell[i + 1], (size_t)(q->tail - i - 1));
        memmove(&q->digit[i], &q->digit[i + 1], (size_t)(q->tail - i - 1));
        q->tail--;
        return;
    }
}

bool aic_grid_delete(aic_grid *g, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (!(g->candidates[cell] & bit)) return true;
    g->candidates[cell] &= (uint16_t)~bit;
    if (!g->candidates[cell]) return false;
    if (sudoku_is_single(g->candidates[cell]))
        push(&g->naked, cell, sudoku_lowest_digit(g->candidates[cell]));
    for (int k = 0; k < 3; k++) {
        int house = sudoku_cell_units[cell][k];
        int left = --g->free[house][digit];
        if (left == 1)
            announce_hidden(g, house, digit);
        else if (left == 0)
            withdraw_hidden(&g->hidden, house, digit);
    }
    return true;
}

void aic_grid_place(aic_grid *g, int cell, int digit)
{
    if (g->value[cell] == digit) return;
    unsigned had = g->candidates[cell];
    g->value[cell] = (uint8_t)digit;
    g->candidates[cell] = 0;
    aic_set buddies = aic_buddies(cell);
    for (int buddy; (buddy = aic_set_pop(&buddies)) >= 0;) aic_grid_delete(g, buddy, digit);
    for (; had; had &= had - 1) {
        int c = sudoku_lowest_digit(had);
        for (int k = 0; k < 3; k++) {
            int house = sudoku_cell_units[cell][k];
            if (--g->free[house][c] == 1 && c != digit) announce_hidden(g, house, c);
        }
    }
}
