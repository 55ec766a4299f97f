/*
 * generate.c: new puzzles, and what a setter checks of one. A puzzle is
 * made by filling a random solution grid, then taking clues away in a
 * random order, a whole symmetry orbit at a time, as long as the solution
 * stays the only one. Each removal is tried once: taking clues away only
 * adds solutions, so one that failed would fail again later, and without
 * symmetry one pass leaves a minimal puzzle.
 *
 * The uniqueness test after a removal asks the solver for one thing only:
 * a solution with a removed cell holding another digit than the known
 * solution's. Most such searches die in propagation, far cheaper than
 * counting solutions up to two.
 */
#include "generate.h"
#include "solve/search.h"

#include <string.h>

/* The eight maps of the square onto itself, as functions of (row, column). */
enum { MAP_ID, MAP_ROT90, MAP_ROT180, MAP_ROT270, MAP_MIRROR, MAP_FLIP, MAP_DIAG, MAP_ANTI };

static int map_cell(int map, int cell)
{
    int r = cell / 9, c = cell % 9;
    switch (map) {
    case MAP_ROT90: return 9 * c + (8 - r);
    case MAP_ROT180: return 9 * (8 - r) + (8 - c);
    case MAP_ROT270: return 9 * (8 - c) + r;
    case MAP_MIRROR: return 9 * r + (8 - c);
    case MAP_FLIP: return 9 * (8 - r) + c;
    case MAP_DIAG: return 9 * c + r;
    case MAP_ANTI: return 9 * (8 - c) + (8 - r);
    default: return cell;
    }
}

#define M(x) (1u << (x))

/* Each symmetry as the group of maps it keeps: the pattern of clues is
 * the same under every one of them. */
static const unsigned symmetry_maps[SUDOKU_SYMMETRIES] = {
    [SUDOKU_SYMMETRY_NONE] = M(MAP_ID),
    [SUDOKU_SYMMETRY_ROTATE180] = M(MAP_ID) | M(MAP_ROT180),
    [SUDOKU_SYMMETRY_ROTATE90] = M(MAP_ID) | M(MAP_ROT90) | M(MAP_ROT180) | M(MAP_ROT270),
    [SUDOKU_SYMMETRY_MIRROR] = M(MAP_ID) | M(MAP_MIRROR),
    [SUDOKU_SYMMETRY_FLIP] = M(MAP_ID) | M(MAP_FLIP),
    [SUDOKU_SYMMETRY_DIAGONAL] = M(MAP_ID) | M(MAP_DIAG),
    [SUDOKU_SYMMETRY_ANTIDIAGONAL] = M(MAP_ID) | M(MAP_ANTI),
    [SUDOKU_SYMMETRY_BIAXIAL] = M(MAP_ID) | M(MAP_MIRROR) | M(MAP_FLIP) | M(MAP_ROT180),
    [SUDOKU_SYMMETRY_BIDIAGONAL] = M(MAP_ID) | M(MAP_DIAG) | M(MAP_ANTI) | M(MAP_ROT180),
    [SUDOKU_SYMMETRY_FULL] = 0xFFu,
};

static const char *const symmetry_names[SUDOKU_SYMMETRIES] = {
    "none",     "rotate180",    "rotate90", "mirror",     "flip",
    "diagonal", "antidiagonal", "biaxial",  "bidiagonal", "full"};

const char *sudoku_symmetry_name(sudoku_symmetry symmetry)
{
    return (unsigned)symmetry < SUDOKU_SYMMETRIES ? symmetry_names[symmetry] : "unknown";
}

bool sudoku_symmetry_includes(sudoku_symmetry a, sudoku_symmetry b)
{
    if ((unsigned)a >= SUDOKU_SYMMETRIES || (unsigned)b >= SUDOKU_SYMMETRIES) return false;
    return (symmetry_maps[b] & ~symmetry_maps[a]) == 0;
}

unsigned sudoku_symmetries_of(const sudoku_grid *puzzle)
{
    unsigned found = 0;
    for (int s = 0; s < SUDOKU_SYMMETRIES; s++) {
        bool holds = true;
        for (int map = 0; map < 8 && holds; map++) {
            if (!(symmetry_maps[s] & M(map))) continue;
            for (int cell = 0; cell < SUDOKU_CELLS && holds; cell++)
                holds = (puzzle->cell[cell] != 0) == (puzzle->cell[map_cell(map, cell)] != 0);
        }
        if (holds) found |= M(s);
    }
    return found;
}

/* ---- the solution grid ---- */

/* The three boxes on the diagonal share no unit: each gets its own random
 * permutation of the digits, and the solver fills the rest; a random
 * transformation of the whole then spreads the grids over the solver's
 * habits (it tries low digits first). */
void sudoku_random_grid(uint64_t *state, sudoku_grid *grid)
{
    sudoku_grid seed = {{0}};
    for (int box = 0; box < 9; box += 4) {
        uint8_t digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        for (int i = 8; i > 0; i--) {
            int j = (int)sudoku_random_below(state, (unsigned)i + 1);
            uint8_t t = digits[i];
            digits[i] = digits[j];
            digits[j] = t;
        }
        for (int i = 0; i < 9; i++)
            seed.cell[27 * (box / 3) + 3 * (box % 3) + 9 * (i / 3) + i % 3] = digits[i];
    }
    sudoku_result result;
    sudoku_solve(&seed, 1, &result); /* such a grid always has solutions */
    sudoku_transform t;
    sudoku_transform_random(&t, state);
    sudoku_transform_apply(&t, &result.solution, grid);
}

/* ---- taking clues away ---- */

/* True if puzzle (whose solution is one solution of it) has no solution
 * with one of cells[0..n) holding another digit than solution's. */
static bool only_solution(const sudoku_grid *puzzle, const sudoku_grid *solution, const int *cells,
                          int n)
{
    for (int i = 0; i < n; i++) {
        sudoku_result result;
        if (sudoku_solve_except(puzzle, cells[i], solution->cell[cells[i]], 1, &result) > 0)
            return false;
    }
    return true;
}

/* The orbits of the symmetry's group, each as its cells; returns how many. */
static int orbits_of(sudoku_symmetry symmetry, int orbit[SUDOKU_CELLS][8], int size[SUDOKU_CELLS])
{
    bool seen[SUDOKU_CELLS] = {false};
    int n = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (seen[cell]) continue;
        size[n] = 0;
        for (int map = 0; map < 8; map++) {
            int image = map_cell(map, cell);
            if (!(symmetry_maps[symmetry] & M(map)) || seen[image]) continue;
            seen[image] = true;
            orbit[n][size[n]++] = image;
        }
        n++;
    }
    return n;
}

static void shuffle(int *order, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sudoku_random_below(state, (unsigned)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

int sudoku_redundant_clues(const sudoku_grid *puzzle, bool redundant[SUDOKU_CELLS])
{
    memset(redundant, 0, SUDOKU_CELLS * sizeof *redundant);
    sudoku_result result;
    if (sudoku_solve(puzzle, 2, &result) != 1) return -1;
    sudoku_grid without = *puzzle;
    int count = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!puzzle->cell[cell]) continue;
        without.cell[cell] = 0;
        redundant[cell] = only_solution(&without, &result.solution, &cell, 1);
        count += redundant[cell];
        without.cell[cell] = puzzle->cell[cell];
    }
    return count;
}

/* A puzzle being dug out of its solution: the orbits, in the random order
 * they are tried, and the test each removal must pass besides (NULL:
 * none). */
typedef struct dig {
    sudoku_grid *puzzle;
    const sudoku_grid *solution;
    int orbit[SUDOKU_CELLS][8], size[SUDOKU_CELLS], order[SUDOKU_CELLS];
    int n, clues;
    sudoku_puzzle_test *keep;
    void *context;
} dig;

/* Takes away, or puts back, the clues of orbits order[from..to). */
static void set_orbits(dig *d, int from, int to, bool clue)
{
    for (int i = from; i < to; i++)
        for (int j = 0; j < d->size[d->order[i]]; j++) {
            int cell = d->orbit[d->order[i]][j];
            d->puzzle->cell[cell] = clue ? d->solution->cell[cell] : 0;
        }
}

static int cells_of(const dig *d, int from, int to)
{
    int k = 0;
    for (int i = from; i < to; i++) k += d->size[d->order[i]];
    return k;
}

/* Tries to take orbits order[from..to) away at once: keeps them away and
 * returns true if the solution stays the only one (and the puzzle passes
 * the dig's test). Taken one by one they would all have gone too (a
 * puzzle with fewer clues has at least the solutions of one with more),
 * so batches give the puzzle one by one would: while clues are many, a
 * batch saves a test per orbit. A test of the dig's own need not be so,
 * so a dig with one takes orbits one by one. */
static bool take_away(dig *d, int from, int to)
{
    set_orbits(d, from, to, false);
    sudoku_result result;
    bool unique = to - from == 1 ? only_solution(d->puzzle, d->solution, d->orbit[d->order[from]],
                                                 d->size[d->order[from]])
                                 : sudoku_solve(d->puzzle, 2, &result) == 1;
    if (unique && d->keep) unique = d->keep(d->puzzle, d->context);
    if (unique)
        d->clues -= cells_of(d, from, to);
    else
        set_orbits(d, from, to, true);
    return unique;
}

/* Orbits taken away together at first; halved at each batch that fails.
 * Measured: 8 to 16 cost about the same, 4 or 32 some 5% more. */
#define FIRST_BATCH 12

/* Tries each orbit once, in d's order, while the clues stay at least
 * fewest; returns true if a removal was held back by that floor. */
static bool dig_out(dig *d, int fewest)
{
    bool held_back = false;
    for (int i = 0, batch = d->keep ? 1 : FIRST_BATCH; i < d->n;) {
        if (batch > 1 && i + batch <= d->n && d->clues - cells_of(d, i, i + batch) >= fewest) {
            if (take_away(d, i, i + batch))
                i += batch;
            else
                batch /= 2;
            continue;
        }
        if (d->clues - cells_of(d, i, i + 1) < fewest)
            held_back = true;
        else
            take_away(d, i, i + 1);
        i++;
    }
    return held_back;
}

bool sudoku_generate_keeping(const sudoku_generator *how, sudoku_puzzle_test *keep, void *context,
                             uint64_t *state, sudoku_grid *puzzle, sudoku_grid *solution)
{
    sudoku_symmetry symmetry =
        (unsigned)how->symmetry < SUDOKU_SYMMETRIES ? how->symmetry : SUDOKU_SYMMETRY_NONE;
    sudoku_random_grid(state, solution);
    *puzzle = *solution;
    dig d = {.puzzle = puzzle,
             .solution = solution,
             .clues = SUDOKU_CELLS,
             .keep = keep,
             .context = context};
    d.n = orbits_of(symmetry, d.orbit, d.size);
    for (int i = 0; i < d.n; i++) d.order[i] = i;
    shuffle(d.order, d.n, state);
    bool held_back = dig_out(&d, how->fewest_clues); /* the floor kept a removal from being tried */
    if (!how->minimal || (symmetry == SUDOKU_SYMMETRY_NONE && !held_back && !keep)) return true;
    bool redundant[SUDOKU_CELLS];
    return sudoku_redundant_clues(puzzle, redundant) == 0;
}

bool sudoku_generate(const sudoku_generator *how, uint64_t *state, sudoku_grid *puzzle,
                     sudoku_grid *solution)
{
    return sudoku_generate_keeping(how, NULL, NULL, state, puzzle, solution);
}

void generate_dig_cells(sudoku_grid *puzzle, const sudoku_grid *solution, const bool *cells,
                        sudoku_puzzle_test *keep, void *context, uint64_t *state)
{
    dig d = {.puzzle = puzzle, .solution = solution, .keep = keep, .context = context};
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        d.clues += puzzle->cell[cell] != 0;
        if (!cells[cell] || !puzzle->cell[cell]) continue;
        d.orbit[d.n][0] = cell;
        d.size[d.n] = 1;
        d.order[d.n] = d.n;
        d.n++;
    }
    shuffle(d.order, d.n, state);
    dig_out(&d, 0);
}
