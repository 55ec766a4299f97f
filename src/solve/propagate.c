/*
 * propagate.c: the constraint engine: assign, eliminate, and naked and
 * hidden singles to a fixpoint.
 *
 * The model. Each of the 81 cells holds a 9-bit candidate set: bit d-1 is
 * set while digit d may still go there. A cell with one bit left is solved.
 * Its digit must then leave its 20 peers (the other cells of its row, column
 * and box): that is a naked single, and it may solve a peer in turn. And if a
 * digit has a single place left in one of the 27 units, it goes there: that is
 * a hidden single. Both rules only ever remove candidates, so running them in
 * any order until neither applies reaches the same state, which is the state
 * Norvig's essay prints and `--show-candidates` shows.
 *
 * The cost. Solving a cell is one write plus 20 peer tests; newly solved cells
 * wait in a queue of at most 81, so nothing recurses and nothing allocates.
 * Hidden singles are found a unit at a time without a loop over digits: over
 * the unit's nine sets, `twice |= once & m; once |= m`, and the digits in
 * `once & ~twice` have exactly one place. A unit where `once` misses a digit
 * has no place for it: a contradiction.
 *
 * Search runs on another layout with stronger rules (planes.c); this engine
 * is the singles-only state that Norvig's essay prints and DESIGN.md fixes.
 *
 * Why no undo. The board is 162 bytes, so a caller who wants to try a digit
 * copies it first; the engine never has to restore anything.
 */
#include "board/board.h"

/* The work propagation has left: cells waiting to push their newly single
 * digit out to their peers (each enters at most once, so 81 places always
 * suffice), and the units that lost a candidate since they were last
 * searched for hidden singles (only those can hold a new one). */
typedef struct work_queue {
    uint8_t cell[SUDOKU_CELLS];
    int head, tail;
    uint32_t dirty;
} work_queue;

#define ALL_UNITS 0x7FFFFFFu

/* Queues cell if its candidates just became a single digit. */
static void queue_if_single(work_queue *queue, unsigned mask, int cell)
{
    if (sudoku_is_single(mask)) queue->cell[queue->tail++] = (uint8_t)cell;
}

static bool place(sudoku_board *board, work_queue *queue, int cell, unsigned bit)
{
    unsigned mask = board->candidates[cell];
    if (!(mask & bit)) return false;
    if (mask != bit) {
        board->candidates[cell] = (uint16_t)bit;
        queue->cell[queue->tail++] = (uint8_t)cell;
        queue->dirty |= sudoku_cell_unit_mask[cell];
    }
    return true;
}

/* Removes each queued cell's digit from its peers. Returns false if a peer
 * loses its last candidate. */
static bool naked_singles(sudoku_board *board, work_queue *queue)
{
    uint16_t *cand = board->candidates;
    while (queue->head < queue->tail) {
        int cell = queue->cell[queue->head++];
        unsigned bit = cand[cell];
        const uint8_t *peer = sudoku_peers[cell];
        for (int i = 0; i < 20; i++) {
            unsigned mask = cand[peer[i]];
            if (!(mask & bit)) continue;
            mask &= ~bit;
            if (!mask) return false;
            cand[peer[i]] = (uint16_t)mask;
            queue->dirty |= sudoku_cell_unit_mask[peer[i]];
            queue_if_single(queue, mask, peer[i]);
        }
    }
    return true;
}

/* Places every digit that has one place left in a unit that changed since
 * the last search. Returns how many cells it solved, or -1 if such a unit has
 * no place left for a digit. */
static int hidden_singles(sudoku_board *board, work_queue *queue)
{
    uint16_t *cand = board->candidates;
    int placed = 0;
    uint32_t units = queue->dirty;
    queue->dirty = 0;
    for (; units; units &= units - 1) {
        const uint8_t *cells = sudoku_unit_cells[sudoku_lowest_bit(units)];
        unsigned once = 0, twice = 0;
        for (int i = 0; i < 9; i++) {
            twice |= once & cand[cells[i]];
            once |= cand[cells[i]];
        }
        if (once != ALL_DIGITS) return -1;
        for (unsigned hidden = once & ~twice; hidden; hidden &= hidden - 1) {
            unsigned bit = hidden & (0u - hidden);
            for (int i = 0; i < 9; i++) {
                if (!(cand[cells[i]] & bit)) continue;
                if (cand[cells[i]] != bit) {
                    cand[cells[i]] = (uint16_t)bit;
                    queue->cell[queue->tail++] = cells[i];
                    queue->dirty |= sudoku_cell_unit_mask[cells[i]];
                    placed++;
                }
                break;
            }
        }
    }
    return placed;
}

static bool run(sudoku_board *board, work_queue *queue)
{
    for (;;) {
        if (!naked_singles(board, queue)) return false;
        int placed = hidden_singles(board, queue);
        if (placed <= 0) return placed == 0;
    }
}

void sudoku_board_init(sudoku_board *board)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) board->candidates[cell] = ALL_DIGITS;
}

static bool valid_move(int cell, int digit)
{
    return cell >= 0 && cell < SUDOKU_CELLS && digit >= 1 && digit <= 9;
}

bool sudoku_assign(sudoku_board *board, int cell, int digit)
{
    work_queue queue = {.head = 0, .tail = 0, .dirty = ALL_UNITS};
    if (!valid_move(cell, digit)) return false;
    return place(board, &queue, cell, 1u << (digit - 1)) && run(board, &queue);
}

bool sudoku_eliminate(sudoku_board *board, int cell, int digit)
{
    work_queue queue = {.head = 0, .tail = 0, .dirty = ALL_UNITS};
    if (!valid_move(cell, digit)) return false;
    unsigned mask = board->candidates[cell] & ~(1u << (digit - 1));
    if (!mask) return false;
    if (mask != board->candidates[cell]) {
        board->candidates[cell] = (uint16_t)mask;
        queue_if_single(&queue, mask, cell);
    }
    return run(board, &queue);
}

bool sudoku_propagate(const sudoku_grid *grid, sudoku_board *board)
{
    work_queue queue = {.head = 0, .tail = 0, .dirty = ALL_UNITS};
    sudoku_board_init(board);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = grid->cell[cell];
        if (digit > 9) return false;
        if (digit && !place(board, &queue, cell, 1u << (digit - 1))) return false;
    }
    return run(board, &queue);
}

bool sudoku_board_solved(const sudoku_board *board)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (!sudoku_is_single(board->candidates[cell])) return false;
    return true;
}

void sudoku_board_to_grid(const sudoku_board *board, sudoku_grid *grid)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned mask = board->candidates[cell];
        grid->cell[cell] = (uint8_t)(sudoku_is_single(mask) ? sudoku_lowest_digit(mask) : 0);
    }
}
