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

/* hodoku_place for a grid read afterwards only for its values,
 * candidates, counts (free), digits' cells, drift and queues (a forcing
 * net's copy): unit_placed, unit_free, placed and lost are left behind,
 * so hodoku_grid_stuck no longer tells. The rest as hodoku_place. */
void hodoku_place_counts(hodoku_grid *g, int cell, int digit);

/* Takes a step: its removals in its order (or, if it lists none, its
 * eliminations in cell and digit order), then its placements in cell
 * order. */
void hodoku_take_step(hodoku_grid *g, const sudoku_step *step);

/* The queues. */
void hodoku_queue_add(hodoku_queue *q, int cell, int digit);
/* Takes the first entry off into *entry; false if the queue is empty.
 * Inline: the singles' finders take an entry at every step of a path. */
static inline bool hodoku_queue_pop(hodoku_queue *q, sudoku_candidate *entry)
{
    if (q->head >= q->tail) return false;
    *entry = q->entry[q->head++];
    if (q->head >= q->tail) q->head = q->tail = 0;
    return true;
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
