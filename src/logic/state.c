/*
 * state.c: the logic engine's state (the candidates left, the digits
 * placed), set up from a puzzle or a board, moved on by a step; and what
 * every finder reads of it: a digit's places in a unit, subsets in SE's
 * order, the open cells of a unit.
 */
#include "state.h"

#include <string.h>

/* Removes digit from the candidates of cell's peers. */
static void clear_peers(sudoku_logic *state, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    for (int k = 0; k < 20; k++) state->candidates[sudoku_peers[cell][k]] &= (uint16_t)~bit;
}

static void place(sudoku_logic *state, int cell, int digit)
{
    state->placed.cell[cell] = (uint8_t)digit;
    state->candidates[cell] = 0;
    clear_peers(state, cell, digit);
}

bool sudoku_logic_from_grid(sudoku_logic *state, const sudoku_grid *puzzle)
{
    if (!sudoku_check_givens(puzzle, NULL)) return false;
    memset(state, 0, sizeof *state);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) state->candidates[cell] = ALL_DIGITS;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = puzzle->cell[cell];
        if (digit >= 1 && digit <= 9) place(state, cell, digit);
    }
    return true;
}

void sudoku_logic_from_board(sudoku_logic *state, const sudoku_board *board)
{
    memset(state, 0, sizeof *state);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        uint16_t mask = board->candidates[cell] & ALL_DIGITS;
        state->candidates[cell] = mask;
        if (!sudoku_is_single(mask)) continue;
        /* A single that a peer still holds was never propagated: it is a
         * naked single to find, not a placed digit. */
        bool settled = true;
        for (int k = 0; k < 20 && settled; k++)
            settled = !(board->candidates[sudoku_peers[cell][k]] & mask);
        if (settled) {
            state->placed.cell[cell] = (uint8_t)sudoku_lowest_digit(mask);
            state->candidates[cell] = 0;
        }
    }
}

void sudoku_logic_to_board(const sudoku_logic *state, sudoku_board *board)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = state->placed.cell[cell];
        board->candidates[cell] = digit ? (uint16_t)(1u << (digit - 1)) : state->candidates[cell];
    }
}

bool sudoku_logic_solved(const sudoku_logic *state)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!state->placed.cell[cell]) return false;
    return true;
}

bool logic_digit_without_place(const sudoku_logic *state)
{
    /* Each cell's digits (placed, or candidates) into its three units at
     * once: the check runs before every step of a path. */
    unsigned held[27] = {0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int placed = state->placed.cell[cell];
        unsigned digits = placed ? 1u << (placed - 1) : state->candidates[cell];
        for (int k = 0; k < 3; k++) held[sudoku_cell_units[cell][k]] |= digits;
    }
    for (int unit = 0; unit < 27; unit++)
        if (held[unit] != 0x1ffu) return true;
    return false;
}

bool logic_finished(const sudoku_logic *state)
{
    bool open = false;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (state->placed.cell[cell]) continue;
        if (!state->candidates[cell]) return true;
        open = true;
    }
    return !open;
}

void sudoku_logic_apply(sudoku_logic *state, const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        state->candidates[cell] &= (uint16_t)~step->eliminate[cell];
    /* Most steps place one digit or none: eight cells at a time. */
    for (int at = 0; at < SUDOKU_CELLS; at += 8) {
        if (at + 8 <= SUDOKU_CELLS && !sudoku_load64(&step->place[at])) continue;
        for (int cell = at; cell < at + 8 && cell < SUDOKU_CELLS; cell++) {
            int digit = step->place[cell];
            if (digit && !state->placed.cell[cell]) place(state, cell, digit);
        }
    }
}

uint16_t logic_positions(const sudoku_logic *state, int unit, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1)), positions = 0;
    for (int i = 0; i < 9; i++)
        if (state->candidates[sudoku_unit_cells[unit][i]] & bit) positions |= (uint16_t)(1u << i);
    return positions;
}

/* Digits 1-4 of a 4-bit mask, each in a 16-bit lane of its own. */
static uint64_t lanes_of(unsigned four)
{
    return (uint64_t)(four & 1u) | (uint64_t)(four >> 1 & 1u) << 16 |
           (uint64_t)(four >> 2 & 1u) << 32 | (uint64_t)(four >> 3 & 1u) << 48;
}

void logic_all_positions(const sudoku_logic *state, uint16_t positions[27][9])
{
    logic_grid_positions(state->candidates, positions);
}

void logic_grid_positions(const uint16_t candidates[SUDOKU_CELLS], uint16_t positions[27][9])
{
    /* Each unit's places by digit, for four digits at a time: digit d's in
     * lane d % 4 of word d / 4, a place at bit index of its lane; the
     * cell's lanes made once for its three units. */
    uint64_t low[27] = {0}, high[27] = {0};
    uint16_t ninth[27] = {0};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned c = candidates[cell];
        if (!c) continue;
        uint64_t lo = lanes_of(c & 15u), hi = lanes_of(c >> 4 & 15u);
        unsigned nine = c >> 8 & 1u;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k], index = sudoku_cell_index[cell][k];
            low[unit] |= lo << index;
            high[unit] |= hi << index;
            ninth[unit] |= (uint16_t)(nine << index);
        }
    }
    for (int unit = 0; unit < 27; unit++) {
        for (int d = 0; d < 4; d++) {
            positions[unit][d] = (uint16_t)(low[unit] >> (16 * d) & ALL_DIGITS);
            positions[unit][d + 4] = (uint16_t)(high[unit] >> (16 * d) & ALL_DIGITS);
        }
        positions[unit][8] = ninth[unit];
    }
}

/* The n lowest members of set. */
static unsigned lowest(unsigned set, int n)
{
    unsigned out = 0;
    for (; n > 0 && set; n--, set &= set - 1) out |= set & (~set + 1u);
    return out;
}

unsigned logic_first_subset(unsigned set, int k)
{
    if (k <= 0 || sudoku_popcount(set) < k) return 0;
    return lowest(set, k);
}

/* Gosper's hack on set's members: the lowest member of the subset is
 * carried up through the members (the bits outside set count as ones),
 * and the members it cleared, but one, go back to set's lowest. */
unsigned logic_next_subset(unsigned set, unsigned subset)
{
    if (!subset) return 0;
    unsigned ripple = ((subset | ~set) + (subset & (~subset + 1u))) & set;
    if (!ripple || ripple < subset) return 0;
    return ripple | lowest(set, sudoku_popcount(subset) - sudoku_popcount(ripple));
}

int logic_open_cells(const sudoku_logic *state, int unit)
{
    int open = 0;
    for (int i = 0; i < 9; i++) open += !state->placed.cell[sudoku_unit_cells[unit][i]];
    return open;
}
