/*
 * grid.h: HoDoKu's view of a board (grid.c), on which its finders work:
 * the candidates, the number of places each digit has in each unit, and
 * the two queues of singles that every removal feeds (hodoku-spec's
 * section 2). HoDoKu takes singles in the order they appeared, not in
 * cell order, so a path must carry the queues from step to step (the
 * memo, memo.h); a board met without them starts them afresh.
 *
 * And what a finder of HoDoKu's scale is asked with (hodoku_query), and
 * how it answers (hodoku_finder): the catalogue (catalogue.c) holds one
 * per technique of the scale.
 */
#ifndef SUDOKU_HODOKU_GRID_H
#define SUDOKU_HODOKU_GRID_H

#include "board/board.h"
#include "set.h"

/* Room for the entries a queue can ever hold: each cell becomes a naked
 * single once (81), each unit's digit a hidden single once (243). */
#define HODOKU_QUEUE_ROOM 256

/* A queue of singles waiting to be taken, first in, first out. Entries
 * go stale (their cell placed since) and stay until taken. */
typedef struct hodoku_queue {
    int head, tail;
    sudoku_candidate entry[HODOKU_QUEUE_ROOM];
} hodoku_queue;

typedef struct hodoku_grid {
    uint8_t value[SUDOKU_CELLS];       /* the digit placed, 0 for an open cell */
    bool given[SUDOKU_CELLS];          /* placed when the grid was set up (avoidable
                                          rectangles need digits the path placed) */
    uint16_t candidates[SUDOKU_CELLS]; /* 0 for a placed cell */
    int8_t free[27][10];               /* free[unit][digit]: the unit's cells with the candidate */
    hodoku_queue naked;                /* cells left with one candidate, as they were */
    hodoku_queue hidden;               /* a digit's last place in a unit, as it became so */
    /* What the check before each step reads (hodoku_grid_stuck), kept as
     * the grid changes instead of read off all its cells each time. */
    uint16_t unit_placed[27]; /* the digits placed in each unit */
    uint16_t unit_free[27];   /* the digits with a place left in each unit (free > 0) */
    int placed;               /* the cells placed */
    bool drift;               /* a cell lost its last candidate (its units' counts stay
                                 as they were) or a placed cell took another digit: the
                                 three above no longer tell; read the board itself */
    /* Each digit's cells, as the candidates say (bit c % 64 of
     * digit_cells[d - 1][c / 64]): a placement walks only the peers that
     * have the digit, and a unit's first place of a digit is its lowest
     * bit there (a unit's cells are in increasing order). */
    uint64_t digit_cells[9][2];
    /* A unit lost the last place of a digit not placed in it (the check
     * before each step reads the units only then: until it happens, no
     * unit is without a digit). */
    bool lost;
} hodoku_grid;

/* Sets g up from a state as HoDoKu reads a puzzle: every cell open with
 * all nine candidates, then the placed cells placed in cell order (as
 * givens), then the candidates the state lacks beyond those removed, in
 * cell order and digits ascending. On a puzzle's first state this is
 * HoDoKu's own start. */
void hodoku_grid_from_state(hodoku_grid *g, const sudoku_logic *state);

/* The same from a puzzle's givens, every open cell with all nine
 * candidates; false (g unset) if sudoku_check_givens would refuse them (a
 * given repeated in a unit, a cell above 9), which it tells on the way. */
bool hodoku_grid_from_givens(hodoku_grid *g, const sudoku_grid *givens);

/* g as a board for the solver: a placed cell holds its digit alone, an
 * open cell its candidates. */
void hodoku_grid_board(const hodoku_grid *g, sudoku_board *board);

/* True if no cell is open, or a unit has a digit neither placed nor with
 * a place in it, as the counts say. Valid only while g->drift is false
 * (then no open cell is without a candidate: losing the last one sets
 * drift); else the board must be read. */
bool hodoku_grid_stuck(const hodoku_grid *g);

/* True if g holds exactly state's placed digits and candidates. */
bool hodoku_grid_is(const hodoku_grid *g, const sudoku_logic *state);

/* Removes digit from cell's candidates if it is one, feeding the queues:
 * a cell left with one candidate joins the naked queue; a unit left with
 * one place for the digit puts that place on the hidden queue, one left
 * with none takes the digit's entry of the unit off it. */
void hodoku_remove(hodoku_grid *g, int cell, int digit);

/* Places digit in cell (nothing if it holds it already): removes it from
 * the peers (in cell order) and then counts the cell's own candidates out
 * of its units. */
void hodoku_place(hodoku_grid *g, int cell, int digit);

/* Takes a step: its removals in its order (or, if it lists none, its
 * eliminations in cell and digit order), then its placements in cell
 * order. */
void hodoku_take_step(hodoku_grid *g, const sudoku_step *step);

/* The queues. */
/* Adds an entry at the tail. */
static inline void hodoku_queue_add(hodoku_queue *q, int cell, int digit)
{
    if (q->tail >= HODOKU_QUEUE_ROOM) return; /* cannot happen: see HODOKU_QUEUE_ROOM */
    q->entry[q->tail++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
}

/* Takes the first entry off into *entry; false if the queue is empty.
 * Inline: the singles' finders take an entry at every step of a path. */
static inline bool hodoku_queue_pop(hodoku_queue *q, sudoku_candidate *entry)
{
    if (q->head >= q->tail) return false;
    *entry = q->entry[q->head++];
    if (q->head >= q->tail) q->head = q->tail = 0;
    return true;
}

/* The placement (hodoku_place_at), inline here with its parts, its rare
 * cases out of line in grid.c: a forcing net's play (nets.c) places
 * through it some 160,000 times on a sample of 122 puzzles, where the
 * call was a tenth of a placement's cost. */

/* The digit has no place left in unit. */
static inline void hodoku_unit_lose(hodoku_grid *g, int unit, int digit)
{
    uint16_t digit_bit = (uint16_t)(1u << (digit - 1));
    g->unit_free[unit] &= (uint16_t)~digit_bit;
    if (!(g->unit_placed[unit] & digit_bit)) g->lost = true;
}

/* A removal left the digit with places (1 or 0) places in unit. */
void hodoku_unit_low(hodoku_grid *g, int unit, int digit, int places);

/* The digit just placed in cell (which had it, its units settled) keeps
 * a place in the cell's units for each peer of lost (those that lost the
 * digit) that has no candidate now. */
void hodoku_count_uncounted(hodoku_grid *g, int cell, int digit, const uint64_t lost[2]);

/* The digit has one place left in unit: the first cell of the unit (in
 * the unit's order, which is the cells' order) that has it joins the
 * hidden queue. */
static inline void hodoku_add_hidden(hodoku_grid *g, int unit, int digit)
{
    const uint64_t *cells = g->digit_cells[digit - 1];
    uint64_t low = cells[0] & sudoku_unit_bits[unit][0],
             high = cells[1] & sudoku_unit_bits[unit][1];
    if (low)
        hodoku_queue_add(&g->hidden, __builtin_ctzll(low), digit);
    else if (high)
        hodoku_queue_add(&g->hidden, 64 + __builtin_ctzll(high), digit);
}

/* hodoku_remove of a candidate the cell has (bit, of digit), but for the
 * digit's cells, which the caller has taken the cell out of, and the
 * counts of the units in settled (bit u: unit u), which the caller
 * keeps. If the cell had no other, no count goes down and drift is set.
 * The queues hear of it only if queues, as hodoku_place_at's. */
static inline void hodoku_count_out(hodoku_grid *g, int cell, int digit, uint16_t bit,
                                    uint32_t settled, bool queues)
{
    uint16_t left = (uint16_t)(g->candidates[cell] & ~bit);
    g->candidates[cell] = left;
    if (!left) { /* no candidate left: a board with no solution */
        g->drift = true;
        return;
    }
    if (queues && sudoku_is_single(left))
        hodoku_queue_add(&g->naked, cell, sudoku_lowest_digit(left));
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k];
        if (settled >> unit & 1u) continue;
        int remaining = (int)--g->free[unit][digit];
        if (queues && remaining <= 1) hodoku_unit_low(g, unit, digit, remaining);
    }
}

/* The digit placed in a cell leaves its peers in word w of the cells
 * (lost, in cell order): the word of the digit's cells as each removal
 * leaves it is the cells that keep the digit and the peers still to
 * come, which the removals' hidden singles read. */
static inline void hodoku_peers_lose(hodoku_grid *g, int w, uint64_t lost, int digit, uint16_t bit,
                                     uint32_t settled, bool queues)
{
    uint64_t *word = &g->digit_cells[digit - 1][w];
    uint64_t kept = *word & ~lost;
    for (uint64_t peers = lost; peers;) {
        int peer = 64 * w + __builtin_ctzll(peers);
        peers &= peers - 1;
        *word = kept | peers;
        hodoku_count_out(g, peer, digit, bit, settled, queues);
    }
}

/* hodoku_place if checks (a constant where it is inlined). Without, for
 * a grid read afterwards only for its values, candidates, counts (free),
 * digits' cells, drift and queues (a forcing net's copy): what only the
 * check before each step reads (unit_placed, unit_free, placed, lost) is
 * left behind, so hodoku_grid_stuck no longer tells (a removal's rare
 * path, hodoku_unit_low, may still write unit_free and lost). Without
 * queues (a constant too), the queues are left as they are, and with
 * them all that hodoku_unit_low writes: for a copy whose queues are not
 * read again. */
__attribute__((always_inline)) static inline void
hodoku_place_at(hodoku_grid *g, int cell, int digit, bool checks, bool queues)
{
    if (g->value[cell] == digit) return;
    unsigned had = g->candidates[cell];
    if (g->value[cell] || !had) g->drift = true;
    if (checks && !g->value[cell]) g->placed++;
    g->value[cell] = (uint8_t)digit;
    g->candidates[cell] = 0;
    uint16_t digit_bit = (uint16_t)(1u << (digit - 1));
    /* The cell leaves the digit's cells now (the peers' removals below may
     * look for the digit's places in its units) and its other digits'
     * with their counts below: nothing before reads those. */
    uint64_t at = 1ull << (cell & 63);
    g->digit_cells[digit - 1][cell >> 6] &= ~at;
    /* The peers that have the digit, in cell order (each removal touches
     * only its own cell's candidates: the set taken first stays true).
     * If the cell had the digit and the counts tell (no drift), each of
     * its units counts the cell and its peers there with the digit: it
     * stays above 1 (nothing joins the hidden queue, since at 1 the unit
     * has no other place) until all of them are gone, and is then 1 (the
     * cell), plus a peer that lost its last candidate and was not counted
     * out; the cell's candidates leave it below, this digit's at once. */
    const uint64_t *cells = g->digit_cells[digit - 1];
    uint32_t settled = (had & digit_bit) && !g->drift ? sudoku_cell_unit_mask[cell] : 0;
    /* The digit placed in the cell's units: before the peers lose it
     * where the cell's units count them (a unit that loses the last place
     * of a digit placed in it lost nothing), else with the counts below
     * (the loop reads only other units' then). */
    if (checks && !settled)
        for (int k = 0; k < 3; k++) g->unit_placed[sudoku_cell_units[cell][k]] |= digit_bit;
    uint64_t lost[2] = {cells[0] & sudoku_peer_bits[cell][0], cells[1] & sudoku_peer_bits[cell][1]};
    if (lost[0]) hodoku_peers_lose(g, 0, lost[0], digit, digit_bit, settled, queues);
    if (lost[1]) hodoku_peers_lose(g, 1, lost[1], digit, digit_bit, settled, queues);
    /* The cell itself out of them: the digit is placed in these units,
     * so no queue hears of it, and it has no place left in a unit
     * unless a peer was not counted out (one lost its last candidate:
     * the only way drift, false before, comes true). */
    if (settled) {
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k];
            g->free[unit][digit] = 0;
            if (!checks) continue;
            g->unit_placed[unit] |= digit_bit;
            g->unit_free[unit] &= (uint16_t)~digit_bit;
        }
        if (g->drift) hodoku_count_uncounted(g, cell, digit, lost);
        had &= ~(unsigned)digit_bit;
    }
    /* The cell's own candidates leave its units' counts only now. */
    for (unsigned c = had; c; c &= c - 1) {
        int d = __builtin_ctz(c) + 1;
        g->digit_cells[d - 1][cell >> 6] &= ~at;
        for (int k = 0; k < 3; k++) {
            int unit = sudoku_cell_units[cell][k];
            int left = (int)--g->free[unit][d];
            if (left > 1) continue; /* the common case: one test */
            if (queues && left == 1 && d != digit) hodoku_add_hidden(g, unit, d);
            if (checks && left == 0) hodoku_unit_lose(g, unit, d);
        }
    }
}

/* True if digit is "allowed" in cell: the cell is open and no peer holds
 * the digit placed (whether the cell still has the candidate or not:
 * HoDoKu's uniqueness techniques look at this). */
bool hodoku_allowed(const hodoku_grid *g, int cell, int digit);

/* The digits (bit d - 1) allowed in cell, as hodoku_allowed tells. */
unsigned hodoku_allowed_digits(const hodoku_grid *g, int cell);

/* What searches found nothing, kept along a path (in the memo) to be
 * spared on a later board: a fish search looks at one digit's cells at a
 * time, and finds the same on the same cells, whatever the board. */
#define HODOKU_FISH_KINDS 16
/* The other one-digit searches the same way (hodoku_digits_open). */
#define HODOKU_DIGIT_KINDS 7
/* Hidden and naked subsets of sizes 2-4, locked ones of sizes 2-3,
 * Pointing and Claiming: the kinds subsets.c keeps by unit or digit. */
#define HODOKU_SUBSET_KINDS 10
typedef struct hodoku_cache {
    bool fish_known[HODOKU_FISH_KINDS][9];
    uint64_t fish_cells[HODOKU_FISH_KINDS][9][2]; /* the digit's cells it found nothing on */
    uint16_t digits_known[HODOKU_DIGIT_KINDS];    /* bit d - 1: digit_cells[k][d - 1] is known */
    uint64_t digit_cells[HODOKU_DIGIT_KINDS][9][2]; /* the digit's cells it found nothing on */
    /* Sue de Coq (misc.c): bit line * 3 + the box's place along it of
     * sdc_known says the crossing of that line and box found nothing on
     * the candidates sdc_cells of its cells (those of its last search). */
    uint64_t sdc_known;
    uint16_t sdc_cells[SUDOKU_CELLS];
    /* Locked candidates and naked, locked and hidden subsets (subsets.c):
     * bit u (or digit - 1) of subset_known[kind] says the kind's search
     * finds nothing in unit u (for the digit) on the candidates
     * subset_cells (those of the last search of any). */
    uint32_t subset_known[HODOKU_SUBSET_KINDS];
    uint16_t subset_cells[SUDOKU_CELLS];
    /* For naked and locked subsets, the known units whose search read
     * other units (bit u of subset_wide[kind]) and those units (as bits:
     * subset_reads[kind][u]): known while those stay too. */
    uint32_t subset_wide[HODOKU_SUBSET_KINDS], subset_reads[HODOKU_SUBSET_KINDS][27];
    /* The finned and sashimi fish's test of a digit's lines (fish.c), the
     * same for both: by size - 2 and digit, bits 0-1 known of rows and
     * columns as base, bits 2-3 its answers, on the cells in finned_cells. */
    uint8_t finned_answer[3][9];
    uint64_t finned_cells[3][9][2];
    /* ALS-XZ, ALS-XY-Wing and ALS Chain (als.c, in that order): bit k of
     * als_known says the k-th found nothing on the board whose candidates
     * and placed digits are als_candidates[k] and als_values[k]. */
    unsigned als_known;
    uint16_t als_candidates[3][SUDOKU_CELLS];
    uint8_t als_values[3][SUDOKU_CELLS];
    /* The Uniqueness Test's search (unique.c) meets the rectangles the
     * Hidden Rectangle's meets, in the same order: rect_known says it met
     * the first hidden rectangle (rect_found, its corners rect_corners) or
     * all, on the board whose candidates and placed digits are these. */
    bool rect_known, rect_found;
    uint8_t rect_corners[4];
    uint16_t rect_candidates[SUDOKU_CELLS];
    uint8_t rect_values[SUDOKU_CELLS];
} hodoku_cache;

/* Adds to changed the cells (from first on, one a lane of width bits)
 * where the words a and b differ. */
static inline void hodoku_add_lanes(hodoku_set *changed, int first, uint64_t a, uint64_t b,
                                    int width)
{
    uint64_t lane_bits = (1ull << width) - 1;
    for (uint64_t differ = a ^ b; differ;) {
        int lane = __builtin_ctzll(differ) / width;
        hodoku_set_add(changed, first + lane);
        differ &= ~(lane_bits << width * lane);
    }
}

/* The cells whose candidates differ between now and was (81 each), and
 * in *digits (bit d - 1) the digits that came or went in one: what a
 * cache kept by the cells a search read must forget. */
hodoku_set hodoku_cells_changed(const uint16_t *now, const uint16_t *was, unsigned *digits);

/* Makes cache know nothing: clears what says a field is known (and the
 * finned test's cells, which its search compares before its answer), not
 * the 8 KB of fields behind them. A field added to the cache must be
 * read only under a flag cleared here. */
void hodoku_cache_clear(hodoku_cache *cache);

/* What the finders of one round share (the techniques asked in turn on
 * one board, which none of them changes): the almost locked sets and
 * their restricted commons, the same for ALS-XZ, ALS-XY-Wing and ALS
 * Chain (als.c, which frees it: hodoku_round_free). */
typedef struct hodoku_round hodoku_round;

/* Tables one tabling finder of a round made and a later one takes over
 * (reach.h: the grouped nice loops' chains-mode tables, which the forcing
 * chains' search of the same board would make again). */
typedef struct hodoku_kept hodoku_kept;

/* What a finder of HoDoKu's scale is asked with. The finders of singles
 * take entries off the grid's queues, as HoDoKu's do; the others only
 * read it. */
typedef struct hodoku_query {
    hodoku_grid *grid;
    unsigned long long *budget; /* chain nodes left (NULL: no limit), lowered as they are made */
    bool short_of_memory;       /* set by a finder whose search ran out of memory: void */
    hodoku_cache *cache;        /* what earlier searches found nothing in (NULL: none kept) */
    hodoku_round **round;       /* NULL: nothing shared; else the round's (NULL at its start) */
    hodoku_kept **kept;         /* the same for tables kept (hodoku_kept_free at its end) */
} hodoku_query;

/* Each digit's cells: bit c % 64 of w[d - 1][c / 64]. */
typedef struct hodoku_digit_cells {
    uint64_t w[9][2];
} hodoku_digit_cells;

/* Fills at with each digit's cells on g. */
void hodoku_digit_cells_of(const hodoku_grid *g, hodoku_digit_cells *at);

/* The same as sets: holds[d] the cells with digit d (1-9), holds[0] empty. */
void hodoku_digit_sets(const hodoku_grid *g, hodoku_set holds[10]);

/* For a search whose steps are each one digit's, read off that digit's
 * cells and nothing else (Skyscraper, 2-String Kite, Turbot Fish, Empty
 * Rectangle, Simple Colors, Multi Colors, X-Chain: technique): the digits
 * (bit d - 1) it must look at on q's grid, each digit's cells filled in
 * at. Those whose cells an earlier search of technique found nothing on
 * (q's cache) are left out: it would find nothing on them again. */
unsigned hodoku_digits_open(const hodoku_query *q, sudoku_technique technique,
                            hodoku_digit_cells *at);

/* Keeps in q's cache (if any) that technique's search found nothing on
 * q's grid, whose digits' cells are at. */
void hodoku_digits_none(const hodoku_query *q, sudoku_technique technique,
                        const hodoku_digit_cells *at);

/* Looks for technique's step on q's grid, as HoDoKu's search for it picks
 * one; fills step (logic_step_start, then the step's cells, removals in
 * HoDoKu's order, placements, marks, links) and returns true, or returns
 * false if there is none. The engine sets the step's scale, level and
 * rating from the catalogue. */
typedef bool hodoku_finder(hodoku_query *q, sudoku_technique technique, sudoku_step *step);

#endif
