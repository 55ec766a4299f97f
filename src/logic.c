/*
 * logic.c: the logic engine's state and loop: setting up a state, asking
 * each family of techniques in Sudoku Explainer's order for the next step,
 * applying a step, and rating a path as SE does.
 *
 * SE's rating of a puzzle is the path it takes, not the easiest path there
 * is: at each step it takes the first hint of the first technique, in a
 * fixed order, that finds one. To give SE's numbers we take the same order
 * and, inside each finder, search in SE's order too (docs/logic.md).
 */
#include "logic.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const technique_names[SUDOKU_TECHNIQUES] = {
    [SUDOKU_HIDDEN_SINGLE] = "Hidden single",
    [SUDOKU_DIRECT_POINTING] = "Direct pointing",
    [SUDOKU_DIRECT_CLAIMING] = "Direct claiming",
    [SUDOKU_DIRECT_HIDDEN_PAIR] = "Direct hidden pair",
    [SUDOKU_NAKED_SINGLE] = "Naked single",
    [SUDOKU_DIRECT_HIDDEN_TRIPLET] = "Direct hidden triplet",
    [SUDOKU_POINTING] = "Pointing",
    [SUDOKU_CLAIMING] = "Claiming",
    [SUDOKU_NAKED_PAIR] = "Naked pair",
    [SUDOKU_X_WING] = "X-wing",
    [SUDOKU_HIDDEN_PAIR] = "Hidden pair",
    [SUDOKU_NAKED_TRIPLET] = "Naked triplet",
    [SUDOKU_SWORDFISH] = "Swordfish",
    [SUDOKU_HIDDEN_TRIPLET] = "Hidden triplet",
    [SUDOKU_XY_WING] = "XY-wing",
    [SUDOKU_XYZ_WING] = "XYZ-wing",
    [SUDOKU_UNIQUE_RECTANGLE] = "Unique rectangle",
    [SUDOKU_UNIQUE_LOOP] = "Unique loop",
    [SUDOKU_NAKED_QUAD] = "Naked quad",
    [SUDOKU_JELLYFISH] = "Jellyfish",
    [SUDOKU_HIDDEN_QUAD] = "Hidden quad",
    [SUDOKU_BUG] = "Bivalue universal grave",
    [SUDOKU_ALIGNED_PAIR_EXCLUSION] = "Aligned pair exclusion",
    [SUDOKU_FORCING_CHAINS] = "Forcing chains and cycles",
    [SUDOKU_ALIGNED_TRIPLET_EXCLUSION] = "Aligned triplet exclusion",
    [SUDOKU_NISHIO_FORCING_CHAINS] = "Nishio forcing chains",
    [SUDOKU_MULTIPLE_FORCING_CHAINS] = "Multiple forcing chains",
    [SUDOKU_DYNAMIC_FORCING_CHAINS] = "Dynamic forcing chains",
    [SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS] = "Dynamic forcing chains (+)",
    [SUDOKU_NESTED_FORCING_CHAINS] = "Nested forcing chains",
    [SUDOKU_NESTED_MULTIPLE_CHAINS] = "Nested multiple forcing chains",
    [SUDOKU_NESTED_DYNAMIC_CHAINS] = "Nested dynamic forcing chains",
    [SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS] = "Nested dynamic forcing chains (+)",
    [SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED] = "Doubly nested forcing chains",
};

const char *sudoku_technique_name(sudoku_technique technique)
{
    if ((unsigned)technique >= SUDOKU_TECHNIQUES) return "Unknown technique";
    return technique_names[technique];
}

/* ---- the state ---- */

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

/* True if some unit has a digit neither placed nor with a place left: a
 * path's state with no solution, where the next step would prove nothing
 * (a technique asked alone, sudoku_logic_find, may look at any board). */
static bool digit_without_place(const sudoku_logic *state)
{
    for (int unit = 0; unit < 27; unit++) {
        unsigned held = 0;
        for (int i = 0; i < 9; i++) {
            int cell = sudoku_unit_cells[unit][i];
            held |= state->placed.cell[cell] ? 1u << (state->placed.cell[cell] - 1)
                                             : state->candidates[cell];
        }
        if (held != 0x1ffu) return true;
    }
    return false;
}

/* True if every cell is placed, or if some open cell has no candidate left:
 * no step to look for either way. */
static bool finished(const sudoku_logic *state)
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
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int digit = step->place[cell];
        if (digit && !state->placed.cell[cell]) place(state, cell, digit);
    }
}

/* ---- helpers for the finders ---- */

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

void logic_step_start(sudoku_step *step, sudoku_technique technique, int rating)
{
    memset(step, 0, sizeof *step);
    step->technique = technique;
    step->rating = rating;
}

void logic_step_cell(sudoku_step *step, int cell)
{
    for (int i = 0; i < step->ncells; i++)
        if (step->cells[i] == cell) return;
    step->cells[step->ncells++] = (uint8_t)cell;
}

bool logic_step_eliminate(sudoku_step *step, const sudoku_logic *state, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    if (!(state->candidates[cell] & bit)) return false;
    step->eliminate[cell] |= bit;
    return true;
}

bool logic_step_useful(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell] || step->eliminate[cell]) return true;
    return false;
}

/* ---- the loop ---- */

/* The places of state (logic_all_positions), made when first asked for
 * (*known false): several finders of one search look at them. */
typedef uint16_t digit_places[9];

static const digit_places *places_of(const sudoku_logic *state, digit_places pos[27], bool *known)
{
    if (!*known) logic_all_positions(state, pos);
    *known = true;
    return (const digit_places *)pos;
}

/* Runs the finder of one technique. Families that SE searches as one
 * producer (unique rectangles and loops) answer for all their members,
 * unless the technique is asked for alone. */
static bool find(const sudoku_logic *state, digit_places pos[27], bool *known,
                 sudoku_technique technique, unsigned flags, bool alone, unsigned long long *budget,
                 struct nested_cache **cache, logic_memo *memo, sudoku_step *step,
                 bool *short_of_memory)
{
    switch (technique) {
    case SUDOKU_HIDDEN_SINGLE: return logic_hidden_single(state, step);
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
        return logic_direct_locking(state, places_of(state, pos, known), technique, step);
    case SUDOKU_DIRECT_HIDDEN_PAIR:
        return logic_hidden_set(state, places_of(state, pos, known), 2, true, step);
    case SUDOKU_NAKED_SINGLE: return logic_naked_single(state, step);
    case SUDOKU_DIRECT_HIDDEN_TRIPLET:
        return logic_hidden_set(state, places_of(state, pos, known), 3, true, step);
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
        return logic_locking(state, places_of(state, pos, known), technique, step);
    case SUDOKU_NAKED_PAIR: return logic_naked_set(state, 2, step);
    case SUDOKU_X_WING: return logic_fish(state, places_of(state, pos, known), 2, step);
    case SUDOKU_HIDDEN_PAIR:
        return logic_hidden_set(state, places_of(state, pos, known), 2, false, step);
    case SUDOKU_NAKED_TRIPLET: return logic_naked_set(state, 3, step);
    case SUDOKU_SWORDFISH: return logic_fish(state, places_of(state, pos, known), 3, step);
    case SUDOKU_HIDDEN_TRIPLET:
        return logic_hidden_set(state, places_of(state, pos, known), 3, false, step);
    case SUDOKU_XY_WING: return logic_wing(state, false, step);
    case SUDOKU_XYZ_WING: return logic_wing(state, true, step);
    case SUDOKU_UNIQUE_RECTANGLE:
    case SUDOKU_UNIQUE_LOOP:
        /* The engine's loop asks for both (one finder, as SE's); a caller
         * of sudoku_logic_find for one kind. */
        return !(flags & SUDOKU_LOGIC_NO_UNIQUENESS) &&
               logic_unique_loop(state, alone ? technique : SUDOKU_TECHNIQUES, step);
    case SUDOKU_BUG: return !(flags & SUDOKU_LOGIC_NO_UNIQUENESS) && logic_bug(state, step);
    case SUDOKU_ALIGNED_PAIR_EXCLUSION: return logic_aligned_pair(state, memo, step);
    case SUDOKU_ALIGNED_TRIPLET_EXCLUSION: return logic_aligned_triplet(state, memo, step);
    case SUDOKU_FORCING_CHAINS:
    case SUDOKU_NISHIO_FORCING_CHAINS:
    case SUDOKU_MULTIPLE_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_FORCING_CHAINS:
    case SUDOKU_DYNAMIC_FORCING_CHAINS_PLUS:
    case SUDOKU_NESTED_FORCING_CHAINS:
    case SUDOKU_NESTED_MULTIPLE_CHAINS:
    case SUDOKU_NESTED_DYNAMIC_CHAINS:
    case SUDOKU_NESTED_DYNAMIC_CHAINS_PLUS:
    case SUDOKU_NESTED_DYNAMIC_CHAINS_NESTED:
        return logic_chains(state, technique, budget, cache, memo, step, short_of_memory);
    case SUDOKU_NAKED_QUAD: return logic_naked_set(state, 4, step);
    case SUDOKU_JELLYFISH: return logic_fish(state, places_of(state, pos, known), 4, step);
    case SUDOKU_HIDDEN_QUAD:
        return logic_hidden_set(state, places_of(state, pos, known), 4, false, step);
    case SUDOKU_TECHNIQUES: break;
    }
    return false;
}

bool sudoku_logic_find(const sudoku_logic *state, sudoku_technique technique, unsigned flags,
                       sudoku_step *step)
{
    if (finished(state)) return false;
    uint16_t pos[27][9];
    bool known = false, short_of_memory = false;
    int saved = errno;
    bool found =
        find(state, pos, &known, technique, flags, true, NULL, NULL, NULL, step, &short_of_memory);
    errno = short_of_memory ? ENOMEM : saved;
    return found;
}

/* sudoku_logic_next_memo; false with *short_of_memory set if memory ran
 * short: then an easier step than any found later may have been missed,
 * so the search stops there. */
static bool next_step(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                      sudoku_logic_memo *memo, sudoku_step *step, bool *short_of_memory)
{
    if (finished(state) || digit_without_place(state)) return false;
    uint16_t pos[27][9];
    bool known = false;
    struct nested_cache *cache = NULL;
    bool found = false;
    for (int t = 0; t < SUDOKU_TECHNIQUES && !found && !*short_of_memory; t++) {
        /* One finder answers for rectangles and loops alike. */
        if (t == SUDOKU_UNIQUE_LOOP) continue;
        if (t >= SUDOKU_FORCING_CHAINS && (flags & SUDOKU_LOGIC_NO_CHAINS)) break;
        found = find(state, pos, &known, (sudoku_technique)t, flags, false, budget, &cache, memo,
                     step, short_of_memory);
        /* Only the chains spend the budget: an easier technique still runs at 0. */
        if (budget && *budget == 0 && t >= SUDOKU_FORCING_CHAINS) break;
    }
    logic_nested_cache_free(cache);
    return found;
}

bool sudoku_logic_next_memo(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                            sudoku_logic_memo *memo, sudoku_step *step)
{
    bool short_of_memory = false;
    int saved = errno; /* a failed allocation the engine does without is no news */
    bool found = next_step(state, flags, budget, memo, step, &short_of_memory);
    errno = short_of_memory ? ENOMEM : saved;
    return found;
}

bool sudoku_logic_next_within(const sudoku_logic *state, unsigned flags, unsigned long long *budget,
                              sudoku_step *step)
{
    return sudoku_logic_next_memo(state, flags, budget, NULL, step);
}

sudoku_logic_memo *sudoku_logic_memo_new(void)
{
    return calloc(1, sizeof(sudoku_logic_memo));
}

void sudoku_logic_memo_free(sudoku_logic_memo *memo)
{
    free(memo);
}

bool logic_memo_changed(const uint16_t board[SUDOKU_CELLS], const uint16_t later[SUDOKU_CELLS],
                        uint64_t changed[2])
{
    changed[0] = changed[1] = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (later[cell] & ~board[cell]) return false;
        if (later[cell] != board[cell]) changed[cell / 64] |= 1ull << (cell % 64);
    }
    return true;
}

bool sudoku_logic_next(const sudoku_logic *state, unsigned flags, sudoku_step *step)
{
    return sudoku_logic_next_within(state, flags, NULL, step);
}

/* ---- rating ---- */

static bool places(const sudoku_step *step)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (step->place[cell]) return true;
    return false;
}

void sudoku_rating_add(sudoku_rating *rating, const sudoku_step *step)
{
    if (rating->steps == 0 || step->rating > rating->er) {
        rating->er = step->rating;
        rating->hardest = step->technique;
    }
    if (rating->steps == 0) rating->ed = rating->er;
    /* EP waits for the first placement; ep == 0 until then. */
    if (rating->ep == 0 && places(step)) rating->ep = rating->er;
    rating->steps++;
}

sudoku_rate_outcome sudoku_rate(const sudoku_grid *puzzle, unsigned flags,
                                unsigned long long budget, int ceiling, sudoku_rating *rating)
{
    memset(rating, 0, sizeof *rating);
    sudoku_logic state;
    if (!sudoku_logic_from_grid(&state, puzzle)) return SUDOKU_RATE_INVALID;
    unsigned long long left = budget ? budget : ~0ull;
    sudoku_step step;
    logic_memo memo;
    memset(&memo, 0, sizeof memo);
    /* Each step removes a candidate at least: the path ends. */
    while (!sudoku_logic_solved(&state)) {
        bool short_of_memory = false;
        if (!next_step(&state, flags, &left, &memo, &step, &short_of_memory))
            return short_of_memory ? SUDOKU_RATE_OUT_OF_MEMORY
                   : left == 0     ? SUDOKU_RATE_OVER_BUDGET
                                   : SUDOKU_RATE_STUCK;
        sudoku_rating_add(rating, &step);
        if (ceiling > 0 && step.rating > ceiling) return SUDOKU_RATE_ABOVE;
        sudoku_logic_apply(&state, &step);
    }
    return SUDOKU_RATE_SOLVED;
}
