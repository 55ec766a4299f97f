/*
 * fuzz_logic.c: a libFuzzer target (make fuzz) for the logic engine on any
 * board: whatever sudoku_parse_candidates or sudoku_parse accepts, with
 * candidates no puzzle's givens would leave, no solution or several, is
 * walked step by step as `explain` walks it, within a budget of units of work.
 *
 * Beyond crashes and sanitizer reports it aborts when a step is wrong. Its
 * judge is a solver of its own over the board's candidates (no library
 * code): a step places only what every solution found places, removes no
 * digit of a solution, removes only candidates still there, and changes
 * the board. The memo's path is the path without it, step for step, and a
 * memo handed a board off its path starts afresh.
 */
#include "fuzz.h"
#include "sudoku.h"

#include <string.h>

/* Chain nodes for a whole walk, and for the checks along it: enough for a
 * few chain steps; the target is for odd boards, not hard ones. */
#define WALK_BUDGET 60000ULL
#define STEPS_MAX 120

/* The judge's search gives up after this many nodes. */
#define JUDGE_NODES 20000L

/* ---- the judge: solutions of a board of candidates, by plain search ---- */

typedef struct judge {
    uint16_t cand[81];                  /* digits allowed (bit d - 1 for d) */
    uint16_t row[9], column[9], box[9]; /* digits used */
    uint8_t digit[81];                  /* 0: open */
    int found;
    long nodes;
    uint8_t solutions[2][81];
} judge;

static int box_of(int cell)
{
    return cell / 27 * 3 + cell % 9 / 3;
}

static unsigned judge_allowed(const judge *j, int cell)
{
    return j->cand[cell] & ~(j->row[cell / 9] | j->column[cell % 9] | j->box[box_of(cell)]);
}

/* Places digit in cell (0: takes back what cell holds). */
static void judge_set(judge *j, int cell, int digit)
{
    int toggled = digit ? digit : j->digit[cell];
    uint16_t bit = (uint16_t)(1u << (toggled - 1));
    j->digit[cell] = (uint8_t)digit;
    j->row[cell / 9] ^= bit;
    j->column[cell % 9] ^= bit;
    j->box[box_of(cell)] ^= bit;
}

/* Finds up to two solutions; false if it gave up (nodes ran out). */
static bool judge_search(judge *j)
{
    if (j->found == 2) return true;
    if (++j->nodes > JUDGE_NODES) return false;
    int best = -1, best_count = 10;
    for (int cell = 0; cell < 81 && best_count > 1; cell++) {
        if (j->digit[cell]) continue;
        int count = __builtin_popcount(judge_allowed(j, cell));
        if (count < best_count) {
            best = cell;
            best_count = count;
        }
    }
    if (best < 0) {
        memcpy(j->solutions[j->found++], j->digit, 81);
        return true;
    }
    for (unsigned m = judge_allowed(j, best); m; m &= m - 1) {
        judge_set(j, best, __builtin_ctz(m) + 1);
        bool done = judge_search(j);
        judge_set(j, best, 0);
        if (!done) return false;
    }
    return true;
}

/* The solutions of state (up to two); -1 if the judge gave up. Placed
 * cells that clash allow none. */
static int judge_solve(judge *j, const sudoku_logic *state)
{
    memset(j, 0, sizeof *j);
    for (int cell = 0; cell < 81; cell++) {
        int placed = state->placed.cell[cell];
        j->cand[cell] = placed ? (uint16_t)(1u << (placed - 1)) : state->candidates[cell];
        if (!placed) continue;
        if (!(judge_allowed(j, cell) & j->cand[cell])) return 0;
        judge_set(j, cell, placed);
    }
    return judge_search(j) ? j->found : -1;
}

/* ---- one step, judged ---- */

static void check_step(const sudoku_logic *state, const sudoku_step *step, const judge *j,
                       int solutions)
{
    bool changes = false;
    for (int cell = 0; cell < 81; cell++) {
        int place = step->place[cell];
        if (place) {
            changes = true;
            FUZZ_REQUIRE(place >= 1 && place <= 9 && !state->placed.cell[cell]);
            FUZZ_REQUIRE(state->candidates[cell] & (1u << (place - 1)));
        }
        if (step->eliminate[cell]) {
            changes = true;
            FUZZ_REQUIRE(!(step->eliminate[cell] & ~state->candidates[cell]));
        }
        for (int s = 0; s < solutions; s++) {
            int answer = j->solutions[s][cell];
            FUZZ_REQUIRE(!place || place == answer);
            FUZZ_REQUIRE(!(step->eliminate[cell] & (1u << (answer - 1))));
        }
    }
    FUZZ_REQUIRE(changes);
    FUZZ_REQUIRE(step->nlinks >= 0 && step->nlinks <= SUDOKU_LINKS_MAX);
    for (int k = 0; k < step->nlinks; k++)
        FUZZ_REQUIRE(step->links[k].cell < 81 && step->links[k].digit >= 1 &&
                     step->links[k].digit <= 9);
    static char text[1 << 16];
    size_t length = sudoku_format_step(step, text, sizeof text);
    FUZZ_REQUIRE(length < sizeof text && strlen(text) == length && !strchr(text, '\n'));
    length = sudoku_format_step_json(step, text, sizeof text);
    FUZZ_REQUIRE(length < sizeof text && strlen(text) == length && !strchr(text, '\n'));
}

static bool same_step(const sudoku_step *a, const sudoku_step *b)
{
    return a->technique == b->technique && a->rating == b->rating &&
           memcmp(a->place, b->place, sizeof a->place) == 0 &&
           memcmp(a->eliminate, b->eliminate, sizeof a->eliminate) == 0;
}

/* The step without a memo, while the budget of these checks (*pool, chain
 * nodes for the whole walk) lasts: the memo's must be the same. */
static void check_memo_step(const sudoku_logic *state, unsigned flags, bool found,
                            const sudoku_step *step, unsigned long long *pool)
{
    if (*pool == 0) return;
    sudoku_step plain;
    bool plain_found = sudoku_logic_next_within(state, flags, pool, &plain);
    if (*pool == 0) return;
    FUZZ_REQUIRE(plain_found == found);
    if (found) FUZZ_REQUIRE(same_step(&plain, step));
}

/* Walks state's path with a memo; the judge's solutions (solutions of
 * them, -1: unknown) judge each step. */
static void walk(sudoku_logic state, unsigned flags, const judge *j, int solutions)
{
    sudoku_logic_memo *memo = sudoku_logic_memo_new();
    FUZZ_REQUIRE(memo != NULL);
    const sudoku_logic start = state;
    unsigned long long budget = WALK_BUDGET, pool = WALK_BUDGET;
    sudoku_step step;
    int steps = 0;
    for (; steps < STEPS_MAX; steps++) {
        bool found = sudoku_logic_next_memo(&state, flags, &budget, memo, &step);
        if (budget == 0) break;
        check_memo_step(&state, flags, found, &step, &pool);
        if (!found) break;
        check_step(&state, &step, j, solutions < 0 ? 0 : solutions);
        sudoku_logic_apply(&state, &step);
    }
    if (solutions == 1 && sudoku_logic_solved(&state))
        FUZZ_REQUIRE(memcmp(state.placed.cell, j->solutions[0], 81) == 0);
    /* Back to the start, which is not a later board of the memo's path
     * once a step was taken: the memo must not serve it stale answers. */
    if (steps > 0) {
        budget = WALK_BUDGET;
        bool found = sudoku_logic_next_memo(&start, flags, &budget, memo, &step);
        pool = WALK_BUDGET;
        if (budget) check_memo_step(&start, flags, found, &step, &pool);
    }
    sudoku_logic_memo_free(memo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    sudoku_board board;
    sudoku_grid grid;
    sudoku_logic state;
    if (sudoku_parse_candidates(text, size, &board, NULL))
        sudoku_logic_from_board(&state, &board);
    else if (!sudoku_parse(text, size, &grid, NULL) || !sudoku_logic_from_grid(&state, &grid))
        return 0;
    judge j;
    int solutions = judge_solve(&j, &state);
    /* The techniques that assume one solution only where there is one. */
    walk(state, solutions == 1 ? 0 : SUDOKU_LOGIC_NO_UNIQUENESS, &j, solutions);
    return 0;
}
