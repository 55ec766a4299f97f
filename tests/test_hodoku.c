/*
 * test_hodoku.c: the logic engine on HoDoKu's scale against HoDoKu 2.2's
 * own paths (../shared/ratings/hodoku/paths.jsonl: 300 puzzles of top1465
 * and 200 of the SE-rated set, each with its level, score and every step:
 * technique, placements, eliminations in HoDoKu's order, and its text).
 *
 * Two measures. The whole path, as `explain --scale hodoku` takes it
 * (the public interface, a memo along the path): level, score, and the
 * path equal step for step (technique, placements, eliminations); issue
 * 26's thresholds are 99%, 97% and 95%. And each step alone: HoDoKu's
 * path replayed, at every step the engine asked what it would take there
 * (its grid carried along HoDoKu's own steps), which tells technique by
 * technique where the engine and HoDoKu part, and whether its words are
 * HoDoKu's. The table by technique is `make agreement`'s.
 *
 * And the ALS finders' memory of searches that found nothing (hodoku_cache)
 * and their sets carried from board to board (hodoku_round_make): along
 * HoDoKu's paths, each finder with one memory and one round kept from
 * board to board (and from puzzle to puzzle) answers as without them, and
 * the round carried over is the one made afresh, set for set and record
 * for record.
 *
 * And HoDoKu's grid: against a plain model of its rules, and its set-up
 * from a state (the givens placed at once) against the replay it stands
 * for (each given placed in cell order), queues entry by entry.
 *
 * HODOKU_PATHS=FILE reads another file of that shape (a hidden set made
 * with HoDoKu: /work/notes/hodoku-build.md); HODOKU_SHOW=N prints the
 * first N steps that differ. Skips, with a message, when the file is absent.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic/catalogue.h"
#include "logic/hodoku/als.h"
#include "sudoku.h"

/* ---- the reference: one line of paths.jsonl ---- */

#define MAX_REF_STEPS 1000

typedef struct ref_step {
    char code[8];
    int nplace, nelim;
    sudoku_candidate place[4];
    sudoku_candidate *elim; /* into the puzzle's pool */
    char *text;             /* into the puzzle's pool, unescaped */
} ref_step;

typedef struct ref_path {
    char puzzle[82];
    char level[16];
    int score;
    int nsteps;
    ref_step steps[MAX_REF_STEPS];
    sudoku_candidate elims[20000];
    int nelims;
    char texts[200000];
    size_t ntext;
} ref_path;

/* The text after "key": in s, or NULL. */
static const char *after_key(const char *s, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(s, pattern);
    return p ? p + strlen(pattern) : NULL;
}

/* Reads a JSON string at p (at its opening quote) into out; returns the
 * text after it. */
static const char *read_string(const char *p, char *out, size_t size, size_t *len)
{
    size_t n = 0;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\') {
            p++;
            c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
        }
        if (n + 1 < size) out[n++] = c;
    }
    out[n] = '\0';
    if (len) *len = n;
    return *p ? p + 1 : p;
}

/* Reads [[r,c,d],...] at p; returns the text after it. */
static const char *read_candidates(const char *p, sudoku_candidate *out, int room, int *n)
{
    *n = 0;
    p = strchr(p, '[') + 1;
    while (*p == '[') {
        int r, c, d, used;
        if (sscanf(p, "[%d,%d,%d]%n", &r, &c, &d, &used) != 3) break;
        if (*n < room) out[(*n)++] = (sudoku_candidate){(uint8_t)((r - 1) * 9 + c - 1), (uint8_t)d};
        p += used;
        if (*p == ',') p++;
    }
    return p + 1;
}

static bool read_path(const char *line, ref_path *ref)
{
    const char *p = after_key(line, "puzzle");
    if (!p) return false;
    read_string(p, ref->puzzle, sizeof ref->puzzle, NULL);
    read_string(after_key(line, "level"), ref->level, sizeof ref->level, NULL);
    ref->score = atoi(after_key(line, "score"));
    ref->nsteps = 0;
    ref->nelims = 0;
    ref->ntext = 0;
    p = after_key(line, "steps");
    while (p && (p = strstr(p, "{\"technique\":")) && ref->nsteps < MAX_REF_STEPS) {
        ref_step *s = &ref->steps[ref->nsteps++];
        p = after_key(p, "code");
        p = read_string(p, s->code, sizeof s->code, NULL);
        p = read_candidates(after_key(p, "placements"), s->place, 4, &s->nplace);
        s->elim = &ref->elims[ref->nelims];
        p = read_candidates(after_key(p, "eliminations"), s->elim,
                            (int)(sizeof ref->elims / sizeof ref->elims[0]) - ref->nelims,
                            &s->nelim);
        ref->nelims += s->nelim;
        s->text = &ref->texts[ref->ntext];
        size_t len;
        p = read_string(after_key(p, "text"), s->text, sizeof ref->texts - ref->ntext, &len);
        ref->ntext += len + 1;
    }
    return true;
}

/* ---- comparing a step with the reference's ---- */

static const char *code_of(const sudoku_step *step)
{
    const char *code = sudoku_step_code(step->technique, step->variant);
    return code ? code : "?";
}

/* True if step is the reference's: code, placements, eliminations in
 * order (repeats included). */
static bool same_step(const sudoku_step *step, const ref_step *ref)
{
    if (strcmp(code_of(step), ref->code) != 0) return false;
    int places = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) places += step->place[cell] != 0;
    if (places != ref->nplace) return false;
    for (int i = 0; i < ref->nplace; i++)
        if (step->place[ref->place[i].cell] != ref->place[i].digit) return false;
    if (step->nremovals != ref->nelim) return false;
    for (int i = 0; i < ref->nelim; i++)
        if (step->removals[i].cell != ref->elim[i].cell ||
            step->removals[i].digit != ref->elim[i].digit)
            return false;
    return true;
}

/* The reference step as a step the grid can take. */
static void ref_as_step(const ref_step *ref, sudoku_step *step)
{
    memset(step, 0, sizeof *step);
    step->scale = SUDOKU_SCALE_HODOKU;
    for (int i = 0; i < ref->nplace; i++) step->place[ref->place[i].cell] = ref->place[i].digit;
    for (int i = 0; i < ref->nelim && i < SUDOKU_REMOVALS_MAX; i++) {
        step->removals[step->nremovals++] = ref->elim[i];
        step->eliminate[ref->elim[i].cell] |= (uint16_t)(1u << (ref->elim[i].digit - 1));
    }
}

/* ---- the tally, by HoDoKu's technique ---- */

#define CODES 80

typedef struct tally {
    char code[CODES][8];
    long steps[CODES], right[CODES],
        words[CODES];     /* replayed steps; the engine's the same; words */
    long diverged[CODES]; /* whole paths that first part at a step of this technique */
    int ncodes;
    long puzzles, level_equal, score_equal, path_equal;
    int shown;
} tally;

static int code_index(tally *t, const char *code)
{
    for (int i = 0; i < t->ncodes; i++)
        if (strcmp(t->code[i], code) == 0) return i;
    if (t->ncodes == CODES) return CODES - 1;
    snprintf(t->code[t->ncodes], sizeof t->code[0], "%s", code);
    return t->ncodes++;
}

static int show_limit(void)
{
    const char *show = getenv("HODOKU_SHOW");
    return show ? atoi(show) : 5;
}

static void show_difference(tally *t, const char *what, long line, int k, const ref_step *ref,
                            const sudoku_step *ours, bool found)
{
    if (t->shown++ >= show_limit()) return;
    char text[8192] = "(none)";
    if (found) sudoku_format_step(ours, text, sizeof text);
    printf("  %s, puzzle %ld, step %d:\n    HoDoKu: %s\n    ours:   %s\n", what, line, k + 1,
           ref->text, text);
}

/* The step the engine takes on grid, as its path does: the first of
 * HoDoKu's order that finds one (the test's own loop over the catalogue). */
static bool engine_step(hodoku_grid *grid, sudoku_step *step)
{
    hodoku_query q = {grid, NULL, false, NULL, NULL, NULL};
    for (int i = 0; i < logic_hodoku_techniques; i++) {
        const logic_technique *row = &logic_catalogue[logic_hodoku_order[i]];
        if (row->hodoku.find && row->hodoku.find(&q, row->id, step)) {
            step->technique = row->id;
            step->scale = SUDOKU_SCALE_HODOKU;
            return true;
        }
    }
    return false;
}

/* HoDoKu's path replayed: at each step, what the engine would take. */
static void replay(const ref_path *ref, long line, tally *t)
{
    sudoku_grid puzzle;
    sudoku_logic state;
    assert_true(sudoku_parse(ref->puzzle, 81, &puzzle, NULL));
    assert_true(sudoku_logic_from_grid(&state, &puzzle));
    hodoku_grid grid;
    hodoku_grid_from_state(&grid, &state);
    for (int k = 0; k < ref->nsteps; k++) {
        const ref_step *rs = &ref->steps[k];
        int c = code_index(t, rs->code);
        sudoku_step ours, theirs;
        bool found = engine_step(&grid, &ours);
        t->steps[c]++;
        if (found && same_step(&ours, rs)) {
            t->right[c]++;
            char text[8192];
            sudoku_format_step(&ours, text, sizeof text);
            if (strcmp(text, rs->text) == 0)
                t->words[c]++;
            else
                show_difference(t, "words differ", line, k, rs, &ours, true);
        } else {
            show_difference(t, "step differs", line, k, rs, &ours, found);
        }
        ref_as_step(rs, &theirs);
        hodoku_take_step(&grid, &theirs);
    }
}

/* The engine's own path through the puzzle, as explain takes it. */
static void whole_path(const ref_path *ref, tally *t)
{
    sudoku_grid puzzle;
    sudoku_logic state;
    assert_true(sudoku_parse(ref->puzzle, 81, &puzzle, NULL));
    assert_true(sudoku_logic_from_grid(&state, &puzzle));
    sudoku_logic_memo *memo = sudoku_logic_memo_new();
    assert_non_null(memo);
    sudoku_rating rating = {0};
    sudoku_step step;
    bool walked[SUDOKU_TECHNIQUES] = {false};
    int k = 0, parted = -1;
    while (!sudoku_logic_solved(&state) &&
           sudoku_logic_next_memo(&state, SUDOKU_LOGIC_HODOKU, NULL, memo, &step)) {
        if (parted < 0 && (k >= ref->nsteps || !same_step(&step, &ref->steps[k]))) parted = k;
        sudoku_rating_add(&rating, &step);
        walked[step.technique] = true;
        sudoku_logic_apply(&state, &step);
        k++;
    }
    sudoku_logic_memo_free(memo);
    /* sudoku_rate takes the singles without their steps: the same path. */
    sudoku_rating quick;
    bool used[SUDOKU_TECHNIQUES];
    sudoku_rate_outcome outcome =
        sudoku_rate_used(&puzzle, SUDOKU_LOGIC_HODOKU, 0, 0, &quick, used);
    assert_int_equal(outcome, sudoku_logic_solved(&state) ? SUDOKU_RATE_SOLVED : SUDOKU_RATE_STUCK);
    assert_int_equal(quick.level, rating.level);
    assert_int_equal(quick.score, rating.score);
    assert_int_equal(quick.steps, rating.steps);
    assert_int_equal(quick.hardest, rating.hardest);
    assert_int_equal(quick.hardest_variant, rating.hardest_variant);
    assert_memory_equal(used, walked, sizeof used);
    if (!sudoku_logic_solved(&state)) sudoku_rating_give_up(&rating);
    if (parted < 0 && k != ref->nsteps) parted = k;
    t->puzzles++;
    t->level_equal += strcmp(sudoku_level_name(rating.level), ref->level) == 0;
    t->score_equal += rating.score == ref->score;
    if (parted < 0)
        t->path_equal++;
    else if (parted < ref->nsteps)
        t->diverged[code_index(t, ref->steps[parted].code)]++;
}

static void print_table(const tally *t)
{
    printf("%-6s %8s %8s %6s %8s %8s\n", "code", "steps", "same", "%", "words", "parted");
    long steps = 0, right = 0, words = 0;
    for (int i = 0; i < t->ncodes; i++) {
        printf("%-6s %8ld %8ld %6.1f %8ld %8ld\n", t->code[i], t->steps[i], t->right[i],
               t->steps[i] ? 100.0 * t->right[i] / t->steps[i] : 0.0, t->words[i], t->diverged[i]);
        steps += t->steps[i];
        right += t->right[i];
        words += t->words[i];
    }
    printf("%-6s %8ld %8ld %6.1f %8ld\n", "all", steps, right, steps ? 100.0 * right / steps : 0.0,
           words);
    printf("puzzles %ld: level equal %ld (%.1f%%), score equal %ld (%.1f%%), path equal %ld "
           "(%.1f%%)\n",
           t->puzzles, t->level_equal, 100.0 * t->level_equal / t->puzzles, t->score_equal,
           100.0 * t->score_equal / t->puzzles, t->path_equal, 100.0 * t->path_equal / t->puzzles);
}

/* The reference paths' file (its name into file), or NULL if absent. */
static FILE *open_paths(char *file, size_t size)
{
    const char *named = getenv("HODOKU_PATHS");
    const char *dir = getenv("SHARED_RATINGS");
    if (named)
        snprintf(file, size, "%s", named);
    else
        snprintf(file, size, "%s/hodoku/paths.jsonl", dir ? dir : "../shared/ratings");
    FILE *f = fopen(file, "r");
    if (!f) printf("(skipped: %s is absent)\n", file);
    return f;
}

static bool quick_test(void)
{
    const char *quick = getenv("TEST_QUICK");
    return quick && strcmp(quick, "1") == 0;
}

static void test_agreement_with_hodoku(void **state)
{
    (void)state;
    char file[512];
    FILE *f = open_paths(file, sizeof file);
    if (!f) skip();
    static ref_path ref;
    static tally t;
    memset(&t, 0, sizeof t);
    /* The sanitizer build (TEST_QUICK=1) looks for memory errors: every
     * fourth path is enough there, and the plain pass replays them all. */
    long stride = quick_test() ? 4 : 1;
    char *line = NULL;
    size_t cap = 0;
    long number = 0;
    while (getline(&line, &cap, f) > 0) {
        number++;
        if ((number - 1) % stride != 0 || !read_path(line, &ref)) continue;
        replay(&ref, number, &t);
        whole_path(&ref, &t);
    }
    free(line);
    fclose(f);
    printf("agreement with HoDoKu on %s:\n", file);
    print_table(&t);
    assert_true(t.puzzles > 0);
    assert_true(t.level_equal * 100 >= t.puzzles * 99);
    assert_true(t.score_equal * 100 >= t.puzzles * 97);
    assert_true(t.path_equal * 100 >= t.puzzles * 95);
}

/* ---- the ALS finders' memory ---- */

/* Each ALS finder on grid without a memory and with cache and round: the
 * same answer, eliminations and words (fails, naming the board, if not);
 * returns the steps found. */
static long als_alike(hodoku_grid *grid, hodoku_cache *cache, hodoku_round **round, long line,
                      int k)
{
    static const sudoku_technique als[] = {SUDOKU_ALS_XZ, SUDOKU_ALS_XY_WING, SUDOKU_ALS_CHAIN};
    long found_any = 0;
    for (int i = 0; i < 3; i++) {
        const logic_technique *row = &logic_catalogue[als[i]];
        hodoku_query bare = {grid, NULL, false, NULL, NULL, NULL};
        hodoku_query kept = {grid, NULL, false, cache, round, NULL};
        sudoku_step alone, remembered;
        bool found = row->hodoku.find(&bare, row->id, &alone);
        bool found_kept = row->hodoku.find(&kept, row->id, &remembered);
        if (found != found_kept)
            fail_msg("line %ld, step %d: %s found %d without the memory, %d with it", line, k + 1,
                     row->hodoku.name, found, found_kept);
        if (!found) continue;
        found_any++;
        char text[2][8192];
        sudoku_step *steps[2] = {&alone, &remembered};
        for (int j = 0; j < 2; j++) {
            steps[j]->technique = row->id;
            steps[j]->scale = SUDOKU_SCALE_HODOKU;
            sudoku_format_step(steps[j], text[j], sizeof text[j]);
        }
        if (alone.nremovals != remembered.nremovals ||
            memcmp(alone.removals, remembered.removals,
                   (size_t)alone.nremovals * sizeof *alone.removals) != 0 ||
            strcmp(text[0], text[1]) != 0)
            fail_msg("line %ld, step %d: without the memory %s, with it %s", line, k + 1, text[0],
                     text[1]);
    }
    return found_any;
}

/* True if HoDoKu's step ref comes at or after ALS-XZ in its order: the
 * boards on which the path asks the ALS finders (on others, full of
 * candidates, ALS Chain's search would take long). */
static bool asks_als(const ref_step *ref)
{
    bool after = false;
    for (int i = 0; i < logic_hodoku_techniques; i++) {
        const logic_technique *row = &logic_catalogue[logic_hodoku_order[i]];
        after = after || row->id == SUDOKU_ALS_XZ;
        if (row->hodoku.code && strcmp(row->hodoku.code, ref->code) == 0) return after;
        for (const logic_hodoku_type *type = row->hodoku.types; type && type->code; type++)
            if (strcmp(type->code, ref->code) == 0) return after;
    }
    return false;
}

/* What the walks along HoDoKu's paths keep from board to board. */
typedef struct als_walk {
    hodoku_cache cache;          /* the finders' memory of searches that found nothing */
    hodoku_round *round;         /* the round the finders carry along */
    hodoku_round *every, *asked; /* rounds carried: made on every board, on the ALS boards */
    long boards, found;
} als_walk;

/* Looks at HoDoKu's step k of the path on line (ref) on grid, the board
 * before it. */
typedef void board_visit(als_walk *w, hodoku_grid *grid, const ref_step *ref, long line, int k);

/* Along every third of HoDoKu's paths (every 25th under TEST_QUICK), visit
 * on every board, w kept for all: a later puzzle's boards meet an earlier
 * one's, and each path is walked twice, its first boards the second time
 * meeting what its last left (boards with more candidates than the one
 * kept). False if the paths are absent. */
static bool walk_paths(board_visit *visit, als_walk *w)
{
    char file[512];
    FILE *f = open_paths(file, sizeof file);
    if (!f) return false;
    static ref_path ref;
    long stride = quick_test() ? 25 : 3, number = 0;
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) > 0) {
        number++;
        if ((number - 1) % stride != 0 || !read_path(line, &ref)) continue;
        sudoku_grid puzzle;
        sudoku_logic start;
        assert_true(sudoku_parse(ref.puzzle, 81, &puzzle, NULL));
        assert_true(sudoku_logic_from_grid(&start, &puzzle));
        for (int walk = 0; walk < 2; walk++) {
            hodoku_grid grid;
            hodoku_grid_from_state(&grid, &start);
            for (int k = 0; k < ref.nsteps; k++) {
                visit(w, &grid, &ref.steps[k], number, k);
                sudoku_step theirs;
                ref_as_step(&ref.steps[k], &theirs);
                hodoku_take_step(&grid, &theirs);
            }
        }
    }
    free(line);
    fclose(f);
    return true;
}

/* On the boards where the path asks them, the finders with the memory and
 * the round as without them. */
static void memory_visit(als_walk *w, hodoku_grid *grid, const ref_step *ref, long line, int k)
{
    if (!asks_als(ref)) return;
    w->found += als_alike(grid, &w->cache, &w->round, line, k);
    w->boards++;
}

static void test_als_memory_changes_nothing(void **state)
{
    (void)state;
    static als_walk w;
    memset(&w, 0, sizeof w);
    if (!walk_paths(memory_visit, &w)) skip();
    hodoku_round_free(w.round);
    printf("ALS memory: %ld boards, %ld ALS steps, each the same with the memory\n", w.boards,
           w.found);
    assert_true(w.boards > 0 && w.found > 0);
}

/* The ALS round of grid made afresh and carried over from *kept (made on
 * earlier boards): the same (fails, naming the board, if not). */
static void round_alike(hodoku_round **kept, const hodoku_grid *grid, long line, int k)
{
    hodoku_round *fresh = NULL;
    bool made = hodoku_round_make(&fresh, grid), carried = hodoku_round_make(kept, grid);
    bool equal = made && carried && hodoku_round_equal(fresh, *kept);
    hodoku_round_free(fresh);
    if (!equal)
        fail_msg("line %ld, step %d: the ALS round carried over is not the one made afresh", line,
                 k + 1);
}

/* Two rounds carried from board to board: one made on every board, one
 * on the boards where the path asks the ALS finders (as a path carries
 * it); on each such board, the one made afresh. */
static void round_visit(als_walk *w, hodoku_grid *grid, const ref_step *ref, long line, int k)
{
    round_alike(&w->every, grid, line, k);
    if (asks_als(ref)) round_alike(&w->asked, grid, line, k);
    w->boards++;
}

static void test_als_round_carried_over(void **state)
{
    (void)state;
    static als_walk w;
    memset(&w, 0, sizeof w);
    if (!walk_paths(round_visit, &w)) skip();
    hodoku_round_free(w.every);
    hodoku_round_free(w.asked);
    printf("ALS round: %ld boards, each round carried over the one made afresh\n", w.boards);
    assert_true(w.boards > 0);
}

/* ---- the grid against a model of its rules ---- */

/* HoDoKu's grid as hodoku-spec's section 2 tells it, the plain way (every
 * cell scanned, nothing kept but the counts): removals feed the queues in
 * the order they happen. The library's grid keeps more to go faster;
 * what it shows must be this. */
typedef struct model {
    uint8_t value[SUDOKU_CELLS];
    uint16_t candidates[SUDOKU_CELLS];
    int free[27][10];
    sudoku_candidate naked[HODOKU_QUEUE_ROOM], hidden[HODOKU_QUEUE_ROOM];
    int nnaked, nhidden, hidden_head;
    bool drift;
} model;

static bool in_unit(int cell, int unit)
{
    for (int i = 0; i < 9; i++)
        if (sudoku_unit_cells[unit][i] == cell) return true;
    return false;
}

static void model_hidden_add(model *m, int unit, int digit)
{
    for (int i = 0; i < 9; i++) {
        int cell = sudoku_unit_cells[unit][i];
        if (m->candidates[cell] >> (digit - 1) & 1u) {
            m->hidden[m->nhidden++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)digit};
            return;
        }
    }
}

static void model_remove(model *m, int cell, int digit)
{
    unsigned bit = 1u << (digit - 1);
    if (!(m->candidates[cell] & bit)) return;
    m->candidates[cell] &= (uint16_t)~bit;
    if (!m->candidates[cell]) {
        m->drift = true; /* a cell with no candidate: its units' counts stay */
        return;
    }
    if (!(m->candidates[cell] & (m->candidates[cell] - 1)))
        m->naked[m->nnaked++] =
            (sudoku_candidate){(uint8_t)cell, (uint8_t)(__builtin_ctz(m->candidates[cell]) + 1)};
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k], left = --m->free[unit][digit];
        if (left == 1) model_hidden_add(m, unit, digit);
        for (int i = m->hidden_head; left == 0 && i < m->nhidden; i++)
            if (m->hidden[i].digit == digit && in_unit(m->hidden[i].cell, unit)) {
                memmove(&m->hidden[i], &m->hidden[i + 1],
                        (size_t)(m->nhidden - i - 1) * sizeof m->hidden[0]);
                m->nhidden--;
                break;
            }
    }
}

static void model_place(model *m, int cell, int digit)
{
    if (m->value[cell] == digit) return;
    unsigned had = m->candidates[cell];
    m->drift = m->drift || m->value[cell] || !had;
    m->value[cell] = (uint8_t)digit;
    m->candidates[cell] = 0;
    for (int k = 0; k < 20; k++) model_remove(m, sudoku_peers[cell][k], digit);
    for (int d = 1; d <= 9; d++)
        for (int k = 0; had >> (d - 1) & 1u && k < 3; k++)
            if (--m->free[sudoku_cell_units[cell][k]][d] == 1 && d != digit)
                model_hidden_add(m, sudoku_cell_units[cell][k], d);
}

/* True if a unit has a digit neither placed in it nor with a place, as
 * the counts say, or every cell is placed. */
static bool model_stuck(const model *m)
{
    int placed = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) placed += m->value[cell] != 0;
    for (int unit = 0; unit < 27; unit++)
        for (int d = 1; d <= 9; d++) {
            bool there = m->free[unit][d] > 0;
            for (int i = 0; i < 9 && !there; i++) there = m->value[sudoku_unit_cells[unit][i]] == d;
            if (!there) return true;
        }
    return placed == SUDOKU_CELLS;
}

static void model_check(const model *m, const hodoku_grid *g)
{
    assert_memory_equal(m->value, g->value, sizeof m->value);
    assert_memory_equal(m->candidates, g->candidates, sizeof m->candidates);
    for (int unit = 0; unit < 27; unit++)
        for (int d = 1; d <= 9; d++) assert_int_equal(m->free[unit][d], g->free[unit][d]);
    assert_int_equal(m->drift, g->drift);
    if (!m->drift) assert_int_equal(model_stuck(m), hodoku_grid_stuck(g));
    assert_int_equal(m->nnaked, g->naked.tail - g->naked.head);
    assert_memory_equal(m->naked, &g->naked.entry[g->naked.head],
                        (size_t)m->nnaked * sizeof m->naked[0]);
    int n = m->nhidden - m->hidden_head;
    assert_int_equal(n, g->hidden.tail - g->hidden.head);
    assert_memory_equal(&m->hidden[m->hidden_head], &g->hidden.entry[g->hidden.head],
                        (size_t)n * sizeof m->hidden[0]);
    static int turn; /* "allowed", of one digit at a time, each in turn */
    int digit = 1 + turn++ % 9;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        bool allowed = !m->value[cell];
        for (int k = 0; k < 20; k++) allowed = allowed && m->value[sudoku_peers[cell][k]] != digit;
        assert_int_equal(allowed, hodoku_allowed(g, cell, digit));
    }
    hodoku_digit_cells at;
    hodoku_digit_cells_of(g, &at);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 0; d < 9; d++)
            assert_int_equal(m->candidates[cell] >> d & 1u, at.w[d][cell / 64] >> (cell % 64) & 1u);
}

/* Random places and removals from random givens of a solved grid (half
 * the runs follow its solution, as a path does; the others place and
 * remove anything, boards with no solution and clashes among them), the
 * grid and the model side by side after every one, singles taken off the
 * hidden queue now and then. The sanitizer build (TEST_QUICK=1) looks for
 * memory errors: a fifth of the runs there. */
static void test_grid_against_model(void **state)
{
    (void)state;
    srand(26);
    int runs = quick_test() ? 400 : 2000;
    for (int run = 0; run < runs; run++) {
        bool valid = run % 2 == 0;
        int perm[9], solution[SUDOKU_CELLS];
        for (int i = 0; i < 9; i++) perm[i] = i;
        for (int i = 8; i > 0; i--) {
            int j = rand() % (i + 1), x = perm[i];
            perm[i] = perm[j], perm[j] = x;
        }
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            solution[cell] = 1 + perm[(cell / 9 * 3 + cell / 27 + cell % 9) % 9];
        sudoku_grid puzzle = {{0}};
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (rand() % 4 == 0) puzzle.cell[cell] = (uint8_t)solution[cell];
        sudoku_logic start;
        assert_true(sudoku_logic_from_grid(&start, &puzzle));
        static model m;
        memset(&m, 0, sizeof m);
        for (int cell = 0; cell < SUDOKU_CELLS; cell++) m.candidates[cell] = ALL_DIGITS;
        for (int unit = 0; unit < 27; unit++)
            for (int d = 1; d <= 9; d++) m.free[unit][d] = 9;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            if (start.placed.cell[cell]) model_place(&m, cell, start.placed.cell[cell]);
        hodoku_grid g;
        hodoku_grid_from_state(&g, &start);
        model_check(&m, &g);
        for (int k = 0; k < 150; k++) {
            int cell = rand() % SUDOKU_CELLS, digit = 1 + rand() % 9;
            if (rand() % 3 == 0) {
                if (valid) digit = solution[cell];
                model_place(&m, cell, digit);
                hodoku_place(&g, cell, digit);
            } else if (!valid || digit != solution[cell]) {
                model_remove(&m, cell, digit);
                hodoku_remove(&g, cell, digit);
            }
            if (rand() % 4 == 0 && m.hidden_head < m.nhidden) {
                sudoku_candidate e;
                assert_true(hodoku_queue_pop(&g.hidden, &e));
                assert_memory_equal(&e, &m.hidden[m.hidden_head++], sizeof e);
                if (m.hidden_head == m.nhidden) m.hidden_head = m.nhidden = 0;
            }
            model_check(&m, &g);
        }
        if (valid) assert_false(g.drift);
    }
}

/* ---- the givens' set-up against their replay ---- */

/* What hodoku_grid_from_state must make of state: an open grid (the set-up
 * of a state with nothing placed), state's placed cells placed on it one
 * by one in cell order, then the candidates state lacks removed (cells in
 * order, digits ascending). */
static void replay_setup(hodoku_grid *g, const sudoku_logic *state)
{
    sudoku_logic open;
    memset(&open, 0, sizeof open);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) open.candidates[cell] = ALL_DIGITS;
    hodoku_grid_from_state(g, &open);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        assert_int_equal(g->candidates[cell], ALL_DIGITS);
    for (int unit = 0; unit < 27; unit++)
        for (int d = 1; d <= 9; d++) assert_int_equal(g->free[unit][d], 9);
    assert_int_equal(g->naked.tail + g->hidden.tail + g->placed, 0);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (state->placed.cell[cell]) {
            hodoku_place(g, cell, state->placed.cell[cell]);
            g->given[cell] = true;
        }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        for (int d = 1; d <= 9 && !g->value[cell]; d++)
            if (!(state->candidates[cell] >> (d - 1) & 1u)) hodoku_remove(g, cell, d);
}

static void queue_equal(const hodoku_queue *a, const hodoku_queue *b)
{
    assert_int_equal(a->tail - a->head, b->tail - b->head);
    assert_memory_equal(&a->entry[a->head], &b->entry[b->head],
                        (size_t)(a->tail - a->head) * sizeof a->entry[0]);
}

/* Every field of the two grids the same, the queues entry by entry. */
static void grid_equal(const hodoku_grid *a, const hodoku_grid *b)
{
    assert_memory_equal(a->value, b->value, sizeof a->value);
    assert_memory_equal(a->given, b->given, sizeof a->given);
    assert_memory_equal(a->candidates, b->candidates, sizeof a->candidates);
    assert_memory_equal(a->free, b->free, sizeof a->free);
    queue_equal(&a->naked, &b->naked);
    queue_equal(&a->hidden, &b->hidden);
    assert_memory_equal(a->unit_placed, b->unit_placed, sizeof a->unit_placed);
    assert_memory_equal(a->unit_free, b->unit_free, sizeof a->unit_free);
    assert_int_equal(a->placed, b->placed);
    assert_int_equal(a->drift, b->drift);
    assert_memory_equal(a->digit_cells, b->digit_cells, sizeof a->digit_cells);
    assert_int_equal(a->lost, b->lost);
}

typedef struct setup_tally {
    long sets, queued, clean, lost;
} setup_tally;

/* state set up both ways, the same; tallied: with singles queued, and
 * with no clash and no open cell without candidates (what the set-up
 * computes at once; the others it replays). */
static void setup_alike(const sudoku_logic *state, setup_tally *t)
{
    hodoku_grid fast, slow;
    hodoku_grid_from_state(&fast, state);
    replay_setup(&slow, state);
    grid_equal(&fast, &slow);
    /* From the givens alone: refused where sudoku_check_givens refuses
     * them, else the grid of a state with every open cell's candidates. */
    sudoku_logic open = *state;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) open.candidates[cell] = ALL_DIGITS;
    bool valid = sudoku_check_givens(&state->placed, NULL);
    assert_int_equal(hodoku_grid_from_givens(&slow, &state->placed), valid);
    if (valid) {
        hodoku_grid_from_state(&fast, &open);
        grid_equal(&slow, &fast);
    }
    t->sets++;
    t->queued += fast.naked.tail + fast.hidden.tail > 0;
    t->lost += fast.lost;
    bool clean = true;
    for (int cell = 0; cell < SUDOKU_CELLS && clean; cell++) {
        int d = state->placed.cell[cell];
        for (int k = 0; k < 20 && d; k++) clean = state->placed.cell[sudoku_peers[cell][k]] != d;
        unsigned seen = 0;
        for (int k = 0; k < 20 && !d; k++)
            if (state->placed.cell[sudoku_peers[cell][k]])
                seen |= 1u << (state->placed.cell[sudoku_peers[cell][k]] - 1);
        clean = clean && seen != ALL_DIGITS;
    }
    t->clean += clean;
}

/* A few of state's open cells' candidates gone (none if few is 0). */
static void remove_some(sudoku_logic *state, int few)
{
    for (int i = 0; i < few; i++) {
        int cell = rand() % SUDOKU_CELLS;
        if (!state->placed.cell[cell]) state->candidates[cell] &= (uint16_t) ~(1u << rand() % 9);
    }
}

/* Givens of each puzzle of a file (every stride-th), as read and with a
 * few candidates taken besides. */
static void setup_file(const char *name, long stride, setup_tally *t)
{
    const char *dir = getenv("SHARED_PUZZLES");
    char path[512], line[512];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "../shared/puzzles", name);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("(%s is absent: not read)\n", path);
        return;
    }
    for (long number = 0; fgets(line, sizeof line, f);) {
        if (strlen(line) < 81 || line[0] == '#' || number++ % stride) continue;
        sudoku_grid puzzle;
        for (int cell = 0; cell < SUDOKU_CELLS; cell++)
            puzzle.cell[cell] =
                (uint8_t)(line[cell] >= '1' && line[cell] <= '9' ? line[cell] - '0' : 0);
        sudoku_logic state;
        if (!sudoku_logic_from_grid(&state, &puzzle)) continue;
        setup_alike(&state, t);
        remove_some(&state, 1 + rand() % 8);
        setup_alike(&state, t);
    }
    fclose(f);
}

/* A random solved grid: a pattern's rows and columns shuffled within
 * their bands and stacks, the bands, stacks and digits shuffled. */
static void random_solution(int solution[SUDOKU_CELLS])
{
    int digit[9], row[9], column[9];
    for (int i = 0; i < 9; i++) digit[i] = row[i] = column[i] = i;
    for (int i = 8; i > 0; i--) {
        int j = rand() % (i + 1), x = digit[i];
        digit[i] = digit[j], digit[j] = x;
    }
    for (int *line = row; line; line = line == row ? column : NULL) {
        for (int i = 2; i > 0; i--) { /* the bands (stacks) */
            int j = rand() % (i + 1);
            for (int k = 0; k < 3; k++) {
                int x = line[3 * i + k];
                line[3 * i + k] = line[3 * j + k], line[3 * j + k] = x;
            }
        }
        for (int b = 0; b < 3; b++) /* the lines within each */
            for (int i = 2; i > 0; i--) {
                int j = rand() % (i + 1), x = line[3 * b + i];
                line[3 * b + i] = line[3 * b + j], line[3 * b + j] = x;
            }
    }
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        int r = row[cell / 9], c = column[cell % 9];
        solution[cell] = 1 + digit[(r * 3 + r / 3 + c) % 9];
    }
}

/* Random givens: of a random solved grid (from a few to most cells),
 * anything anywhere (clashes, cells left without a candidate), and
 * anything that clashes with no given before it in cell order; the
 * state's candidates those the givens leave, a few taken besides now and
 * then. */
static void random_setup(int kind, setup_tally *t)
{
    int solution[SUDOKU_CELLS], percent = 2 + rand() % 60;
    random_solution(solution);
    sudoku_logic state;
    memset(&state, 0, sizeof state);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (rand() % 100 < percent)
            state.placed.cell[cell] = (uint8_t)(kind == 0 ? solution[cell] : 1 + rand() % 9);
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        unsigned seen = 0;
        for (int k = 0; k < 20; k++)
            if (state.placed.cell[sudoku_peers[cell][k]])
                seen |= 1u << (state.placed.cell[sudoku_peers[cell][k]] - 1);
        /* No clash, but (likely) no solution either: units that lose a
         * digit's last place, cells that lose every candidate. */
        if (kind == 2 && state.placed.cell[cell] && seen >> (state.placed.cell[cell] - 1) & 1u)
            state.placed.cell[cell] = 0;
        state.candidates[cell] = state.placed.cell[cell] ? 0 : (uint16_t)(ALL_DIGITS & ~seen);
    }
    if (rand() % 4 == 0) remove_some(&state, 1 + rand() % 12);
    setup_alike(&state, t);
}

/* hodoku_grid_from_state against the replay it stands for: every field
 * and both queues' entries in order, on the 17-clue puzzles and top1465
 * (every 8th under TEST_QUICK), and on random givens. */
static void test_setup_against_replay(void **state)
{
    (void)state;
    srand(27);
    setup_tally t = {0, 0, 0, 0};
    long stride = quick_test() ? 8 : 1;
    setup_file("17-clue.txt", stride, &t);
    setup_file("top1465.txt", stride, &t);
    long files = t.sets;
    for (int run = 0; run < (quick_test() ? 5000 : 40000); run++)
        random_setup(run % 4 == 3 ? 1 : run % 4 == 2 ? 2 : 0, &t);
    printf("set-up: %ld states (%ld of puzzles' givens), %ld with singles queued, %ld without "
           "clash or cell left empty, %ld with a unit that lost a digit; each as replayed\n",
           t.sets, files, t.queued, t.clean, t.lost);
    assert_true(t.queued > t.sets / 2 && t.clean > t.sets / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreement_with_hodoku),
        cmocka_unit_test(test_als_memory_changes_nothing),
        cmocka_unit_test(test_als_round_carried_over),
        cmocka_unit_test(test_grid_against_model),
        cmocka_unit_test(test_setup_against_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
