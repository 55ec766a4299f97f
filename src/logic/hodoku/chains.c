/*
 * chains.c: HoDoKu's simple chains, its ChainSolver (hodoku-spec 8):
 * Remote Pair, Turbot Fish, X-Chain and XY-Chain. Every chain from every
 * start is walked depth first over the links in HoDoKu's order; each one
 * that eliminates is kept unless one as short or shorter eliminated the
 * same; the first in the standard comparator's order is the step.
 */
#include "chains.h"

#include "compare.h"
#include "logic/step.h"
#include "set.h"

#include <string.h>

#define LINKS_PER_NODE 21 /* the other digit of a bivalue cell, and 20 peers */
#define STRONG_PER_NODE 4 /* the other digit of a bivalue cell, or one peer per house */
#define CHAIN_MAX 20      /* links: HoDoKu's default chain length limit */

typedef struct link {
    uint8_t cell, digit;
    bool strong;
} link;

/* Each candidate's links, and apart its strong ones in the same order: a
 * chain that came in by a weak link goes on only by a strong one. */
typedef struct links {
    int start[SUDOKU_CELLS * 9], end[SUDOKU_CELLS * 9]; /* by cell * 9 + digit - 1 */
    int strong_start[SUDOKU_CELLS * 9], strong_end[SUDOKU_CELLS * 9];
    link list[SUDOKU_CELLS * 9 * LINKS_PER_NODE];
    link strong[SUDOKU_CELLS * 9 * STRONG_PER_NODE];
} links;

/* A search: the grid, the links, the chain being walked and the best step
 * so far. */
/* The kinds of chain. */
typedef enum chain_kind { REMOTE_PAIR, TURBOT_FISH, X_CHAIN, XY_CHAIN } chain_kind;

typedef struct search {
    const hodoku_grid *g;
    chain_kind kind;
    sudoku_technique technique;
    hodoku_set holds[10]; /* cells holding each digit */
    hodoku_set bivalue;   /* cells with two candidates */
    links *links;
    link chain[CHAIN_MAX + 2];
    int start, digit, digit2; /* the chain's start, its digit, Remote Pair's other digit */
    hodoku_set start_sees, start_sees2; /* cells with digit (digit2) that see the start */
    hodoku_keymap seen;                 /* eliminations -> shortest chain length recorded */
    bool found, no_memory;
    sudoku_step *best;
    sudoku_candidate elim[2 * SUDOKU_CELLS];
} search;

static bool chains_of_pairs(chain_kind kind)
{
    return kind == XY_CHAIN || kind == REMOTE_PAIR;
}

/* Links from each candidate of cells (spec 8.1): the other digit of a
 * bivalue cell (strong; not for X-Chains), then the cells of its row,
 * column and box holding the digit (box cells in the same row or column
 * left out); strong where the house holds the digit twice, for X-Chains.
 * The other cells' candidates are left out, and the other digits': no
 * chain starts or comes to them. */
static void make_links(search *s, unsigned digits, hodoku_set cells)
{
    const hodoku_grid *g = s->g;
    bool pairs = chains_of_pairs(s->kind);
    int n = 0, nstrong = 0;
    for (int cell = 0; cell < SUDOKU_CELLS; cell++) {
        if (!hodoku_set_has(cells, cell)) continue;
        unsigned cands = g->candidates[cell];
        bool bivalue = sudoku_is_pair(cands);
        for (unsigned c = cands & digits; c; c &= c - 1) { /* a walk comes only to these */
            int digit = sudoku_lowest_digit(c), node = cell * 9 + digit - 1;
            s->links->start[node] = s->links->end[node] = n;
            s->links->strong_start[node] = s->links->strong_end[node] = nstrong;
            if (pairs && !bivalue) continue;
            link *list = s->links->list;
            if (bivalue && pairs) {
                list[n].cell = (uint8_t)cell;
                list[n].digit = (uint8_t)sudoku_lowest_digit(cands & ~(1u << (digit - 1)));
                list[n++].strong = true;
            }
            for (int k = 0; k < 3; k++) {
                int house = sudoku_cell_units[cell][k];
                bool strong = !pairs && g->free[house][digit] == 2;
                /* The house's cells in order (a unit's cells come in
                 * increasing order), as sets. */
                hodoku_set in = hodoku_set_and(hodoku_unit_sets[house], s->holds[digit]);
                hodoku_set_remove(&in, cell);
                if (k == 2)
                    in = hodoku_set_minus(in, hodoku_set_or(hodoku_unit_sets[cell / 9],
                                                            hodoku_unit_sets[9 + cell % 9]));
                if (pairs) in = hodoku_set_and(in, s->bivalue);
                for (int other; (other = hodoku_set_pop(&in)) >= 0;) {
                    if (s->kind == REMOTE_PAIR && g->candidates[other] != cands) continue;
                    list[n].cell = (uint8_t)other;
                    list[n].digit = (uint8_t)digit;
                    list[n++].strong = strong;
                }
            }
            s->links->end[node] = n;
            for (int i = s->links->start[node]; i < n; i++)
                if (list[i].strong) s->links->strong[nstrong++] = list[i];
            s->links->strong_end[node] = nstrong;
        }
    }
}

/* The eliminations of the chain s->chain[0..level] (spec 8.2), in HoDoKu's
 * order before its duplicate key sorts them; their count. */
static int eliminations(search *s, int level, hodoku_set ends)
{
    int n = 0;
    if (s->kind != REMOTE_PAIR || level == 7) {
        hodoku_set first = ends;
        hodoku_set second = hodoku_set_empty();
        if (s->kind == REMOTE_PAIR)
            second = hodoku_set_and(s->start_sees2, hodoku_buddies(s->chain[level].cell));
        for (int cell; (cell = hodoku_set_pop(&first)) >= 0;)
            s->elim[n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)s->digit};
        for (int cell; (cell = hodoku_set_pop(&second)) >= 0;)
            s->elim[n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)s->digit2};
        return n;
    }
    /* A longer Remote Pair: every two cells of opposite colour. */
    hodoku_set first = hodoku_set_empty(), second = hodoku_set_empty();
    for (int i = 0; i <= level; i += 2)
        for (int j = i + 6; j <= level; j += 4) {
            hodoku_set both =
                hodoku_set_and(hodoku_buddies(s->chain[i].cell), hodoku_buddies(s->chain[j].cell));
            first = hodoku_set_or(first, hodoku_set_and(both, s->holds[s->digit]));
            second = hodoku_set_or(second, hodoku_set_and(both, s->holds[s->digit2]));
        }
    for (int cell; (cell = hodoku_set_pop(&first)) >= 0;)
        s->elim[n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)s->digit};
    for (int cell; (cell = hodoku_set_pop(&second)) >= 0;)
        s->elim[n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)s->digit2};
    return n;
}

/* A chain of level links that eliminates: kept if no chain as short
 * eliminated the same, and made the best step if it comes first. */
static void record(search *s, int level, hodoku_set ends)
{
    int n = eliminations(s, level, ends);
    if (s->kind != TURBOT_FISH) {
        n = hodoku_sort_removals(s->elim, n);
        int *shortest = hodoku_keymap_find(&s->seen, s->kind, s->elim, n);
        if (shortest && *shortest <= level) return;
        if (shortest)
            *shortest = level;
        else if (!hodoku_keymap_put(&s->seen, s->kind, s->elim, n, level))
            s->no_memory = true;
    }
    uint16_t digits = (uint16_t)(1u << (s->digit - 1));
    if (s->kind == REMOTE_PAIR) digits |= (uint16_t)(1u << (s->digit2 - 1));
    if (s->found) {
        hodoku_rank a = {s->kind, n, s->elim, level + 1, digits};
        hodoku_rank b = {s->kind, s->best->nremovals, s->best->removals, s->best->nlinks,
                         s->best->digits};
        if (hodoku_compare_standard(&a, &b) >= 0) return;
    }
    s->found = true;
    sudoku_step *step = s->best;
    logic_step_start(step, s->technique, 0);
    step->digits = digits;
    for (int i = 0; i <= level; i++) logic_step_cell(step, s->chain[i].cell);
    for (int i = 0; i < n; i++) logic_step_remove(step, s->elim[i].cell, s->elim[i].digit);
    for (int i = 0; i <= level; i++)
        logic_step_link(step, s->chain[i].cell, s->chain[i].digit, s->chain[i].strong, i == 0);
}

/* The checks a new last link gets (spec 8.2): strong, for the start digit,
 * with cells that see both ends. */
static void check(search *s, int level)
{
    const link *last = &s->chain[level];
    if (level < 2 || !last->strong || last->digit != s->digit) return;
    hodoku_set ends = hodoku_set_and(s->start_sees, hodoku_buddies(last->cell));
    if (hodoku_set_is_empty(ends)) return;
    if ((s->kind == TURBOT_FISH && level != 3) || (s->kind == REMOTE_PAIR && level < 7)) return;
    record(s, level, ends);
}

typedef struct frame {
    int cell, digit, next, end;
    bool strong_only;
    const link *list; /* the links it goes on by: all, or the strong ones */
} frame;

/* Sets a frame to go through the links its node may go on by. */
static void next_links(const search *s, frame *f)
{
    int node = f->cell * 9 + f->digit - 1;
    const links *l = s->links;
    f->list = f->strong_only ? l->strong : l->list;
    f->next = f->strong_only ? l->strong_start[node] : l->start[node];
    f->end = f->strong_only ? l->strong_end[node] : l->end[node];
}

/* Walks every chain from the first link s->chain[1], depth first (spec
 * 8.2, HoDoKu's getChain). */
static void walk(search *s, int max_links)
{
    frame stack[CHAIN_MAX + 2];
    hodoku_set in_chain = hodoku_set_cell(s->start);
    int level = 1;
    frame *f = &stack[1];
    f->cell = s->chain[1].cell;
    f->digit = s->chain[1].digit;
    f->strong_only = !s->chain[1].strong;
    next_links(s, f);
    for (;;) {
        while (f->next >= f->end) {
            if (--level <= 0) return;
            f = &stack[level];
            hodoku_set_remove(&in_chain, f->cell);
        }
        /* The links themselves keep HoDoKu's other rules (make_links): a
         * one-digit chain keeps its digit, a chain of pairs goes through
         * bivalue cells (a Remote Pair's with the start's two digits) and
         * on by a strong link only to its cell's other digit. */
        link next = f->list[f->next++];
        bool loop = false;
        if (hodoku_set_has(in_chain, next.cell)) {
            if (next.cell != s->start) continue;
            loop = true;
        }
        hodoku_set_add(&in_chain, f->cell);
        if (!f->strong_only) next.strong = false;
        s->chain[++level] = next;
        check(s, level);
        bool strong_only = f->strong_only;
        f = &stack[level];
        if (level < max_links && !loop) {
            f->cell = next.cell;
            f->digit = next.digit;
            f->strong_only = !strong_only;
            next_links(s, f);
        } else {
            f->next = f->end = 0;
        }
    }
}

/* False if no Turbot Fish has an elimination: a chain a = b - c = e of
 * the digit (=: a house's only two cells with it, -: any two cells that
 * see each other) whose ends see a cell with the digit. A necessary
 * condition, read off bit sets, that spares the links and walks. */
static bool turbot_possible(const search *s, unsigned digits)
{
    for (int digit = 1; digit <= 9; digit++) {
        if (!(digits >> (digit - 1) & 1u)) continue;
        hodoku_set holds = s->holds[digit], mates[SUDOKU_CELLS], starts = hodoku_set_empty();
        for (hodoku_set left = holds; !hodoku_set_is_empty(left);) {
            int cell = hodoku_set_pop(&left);
            mates[cell] = hodoku_set_empty();
            for (int k = 0; k < 3; k++) {
                int unit = sudoku_cell_units[cell][k];
                if (s->g->free[unit][digit] == 2)
                    mates[cell] = hodoku_set_or(mates[cell], hodoku_unit_sets[unit]);
            }
            mates[cell] = hodoku_set_and(mates[cell], hodoku_buddies(cell));
            mates[cell] = hodoku_set_and(mates[cell], holds);
            if (!hodoku_set_is_empty(mates[cell])) hodoku_set_add(&starts, cell);
        }
        for (int a; (a = hodoku_set_pop(&starts)) >= 0;) {
            hodoku_set mid = hodoku_set_empty(), ends = hodoku_set_empty();
            for (hodoku_set b = mates[a]; !hodoku_set_is_empty(b);)
                mid = hodoku_set_or(mid, hodoku_buddies(hodoku_set_pop(&b)));
            mid = hodoku_set_and(mid, holds);
            for (int c; (c = hodoku_set_pop(&mid)) >= 0;) ends = hodoku_set_or(ends, mates[c]);
            hodoku_set seen = hodoku_set_and(hodoku_buddies(a), holds);
            for (int e; (e = hodoku_set_pop(&ends)) >= 0;)
                if (!hodoku_set_is_empty(hodoku_set_and(seen, hodoku_buddies(e)))) return true;
        }
    }
    return false;
}

/* True if a chain from the start that ends in cell z can make a step that
 * comes before the best so far (or, none found yet, any step). Its
 * eliminations are the cells with the digit that see the start and z. A
 * step whose eliminations come after the best's, in the comparator's
 * order, can at most tie with it, and a tie keeps the step found first
 * (one with the same eliminations may be shorter: it is still looked
 * for). Exact: the chains to other ends could not change the step. */
static bool useful_end(const search *s, int z)
{
    hodoku_set elims = hodoku_set_and(s->start_sees, hodoku_buddies(z));
    if (hodoku_set_is_empty(elims)) return false;
    if (!s->found) return true;
    sudoku_candidate list[SUDOKU_CELLS];
    int n = 0;
    for (int cell; (cell = hodoku_set_pop(&elims)) >= 0;)
        list[n++] = (sudoku_candidate){(uint8_t)cell, (uint8_t)s->digit};
    hodoku_rank a = {s->kind, n, list, 0, (uint16_t)(1u << (s->digit - 1))};
    hodoku_rank b = {s->kind, s->best->nremovals, s->best->removals, s->best->nlinks,
                     s->best->digits};
    return hodoku_compare_standard(&a, &b) < 0;
}

/* True if a chain from the start may end in one of ends with a useful
 * step (useful_end). */
static bool may_record(const search *s, hodoku_set ends)
{
    for (int z; (z = hodoku_set_pop(&ends)) >= 0;)
        if (useful_end(s, z)) return true;
    return false;
}

/* The cells that see one the start sees with its digit: a chain's end
 * outside them eliminates nothing. */
static hodoku_set ends_seen(const search *s)
{
    hodoku_set seen = hodoku_set_empty();
    for (hodoku_set sees = s->start_sees; !hodoku_set_is_empty(sees);)
        seen = hodoku_set_or(seen, hodoku_buddies(hodoku_set_pop(&sees)));
    return seen;
}

/* Spreads on (by digit, the cells where it is on) over the chains of
 * bivalue cells of cells (bivalue all): a cell of cells that sees one
 * where y is on and holds y has its other digit on. True as soon as a cell
 * of targets gets the start digit on with a useful end there (useful_end,
 * which reads only the best step, the same throughout); false when
 * nothing more is reached. What is reached is the same in any order: the
 * digits with cells newly on are taken one at a time, and a cell turned
 * off by y once, having put its other digit on then, is passed over when
 * y reaches it again. */
static bool xy_spread(const search *s, hodoku_set cells, hodoku_set on[10], hodoku_set targets)
{
    hodoku_set frontier[10], done[10];
    unsigned pending = 0; /* the digits whose frontier is not empty, by bit y */
    for (int y = 1; y <= 9; y++) {
        frontier[y] = on[y];
        done[y] = hodoku_set_empty();
        if (!hodoku_set_is_empty(on[y])) pending |= 1u << y;
    }
    while (pending) {
        int y = __builtin_ctz(pending);
        pending &= pending - 1;
        hodoku_set off = hodoku_set_empty();
        for (int c; (c = hodoku_set_pop(&frontier[y])) >= 0;)
            off = hodoku_set_or(off, hodoku_buddies(c));
        off = hodoku_set_minus(hodoku_set_and(off, hodoku_set_and(cells, s->holds[y])), done[y]);
        done[y] = hodoku_set_or(done[y], off);
        for (int c; (c = hodoku_set_pop(&off)) >= 0;) {
            int z = sudoku_lowest_digit(s->g->candidates[c] & ~(1u << (y - 1)));
            if (hodoku_set_has(on[z], c)) continue;
            if (z == s->digit && hodoku_set_has(targets, c) && useful_end(s, c)) return true;
            hodoku_set_add(&on[z], c);
            hodoku_set_add(&frontier[z], c);
            pending |= 1u << z;
        }
    }
    return false;
}

/* The states (cell, digit on) that chains of bivalue cells reach from one,
 * the start not left out: every state they reach is in it as well, so one
 * closure serves the searches from all its states (xy_reaches). */
typedef struct closure {
    hodoku_set on[10];
} closure;

typedef struct closures {
    int n;
    closure list[2 * SUDOKU_CELLS];
} closures;

/* False if no XY-Chain from the start, its first link s->chain[1], can
 * end in a cell of targets with the start digit on. The chain's cells
 * after the start are bivalue, each seeing the one before and holding
 * the digit on there, whose other digit is on next; the start is not come
 * back to. Every such chain is a path of the graph searched here, whose
 * steps are the same without the walk's rule that a cell comes once or
 * its length limit: where the graph reaches no target, the walk records
 * nothing. First in a closure of the first link's state that may take the
 * start in (more paths, the same answer where it is no), then without. */
static bool xy_reaches(const search *s, closures *known, hodoku_set targets)
{
    hodoku_set cells = s->bivalue;
    hodoku_set_remove(&cells, s->start);
    targets = hodoku_set_and(hodoku_set_and(targets, cells), ends_seen(s));
    if (hodoku_set_is_empty(targets)) return false;
    int first = s->chain[1].digit;
    const closure *c = NULL;
    for (int i = 0; i < known->n && !c; i++)
        if (hodoku_set_has(known->list[i].on[first], s->start)) c = &known->list[i];
    if (!c) {
        closure *made = &known->list[known->n++];
        for (int digit = 0; digit <= 9; digit++) made->on[digit] = hodoku_set_empty();
        hodoku_set_add(&made->on[first], s->start);
        xy_spread(s, s->bivalue, made->on, hodoku_set_empty());
        c = made;
    }
    if (!may_record(s, hodoku_set_and(c->on[s->digit], targets))) return false;
    hodoku_set on[10];
    for (int digit = 0; digit <= 9; digit++) on[digit] = hodoku_set_empty();
    hodoku_set_add(&on[first], s->start);
    return xy_spread(s, cells, on, targets);
}

/* The cells that hold the digit once more in a house of cell where it has
 * two places: where a one-digit chain goes on by a strong link from cell. */
static hodoku_set mates_of(const search *s, int cell)
{
    hodoku_set mates = hodoku_set_empty();
    for (int k = 0; k < 3; k++) {
        int unit = sudoku_cell_units[cell][k];
        if (s->g->free[unit][s->digit] == 2) mates = hodoku_set_or(mates, hodoku_unit_sets[unit]);
    }
    hodoku_set_remove(&mates, cell);
    return hodoku_set_and(mates, s->holds[s->digit]);
}

/* False if no X-Chain from the start, its first link s->chain[1], can end
 * in a cell of targets by a strong link. After the first link the chain
 * goes on by any link (to a cell with the digit that sees the last) and
 * by a strong one in turn, and comes back to the start only to end there.
 * Every such chain is a path of the graph searched here, whose steps are
 * the same without the walk's rule that a cell comes once or its length
 * limit: where the graph reaches no target, the walk records nothing. */
static bool x_reaches(const search *s, hodoku_set targets)
{
    targets = hodoku_set_and(targets, ends_seen(s));
    if (hodoku_set_is_empty(targets)) return false;
    hodoku_set on = hodoku_set_cell(s->chain[1].cell), frontier = on;
    hodoku_set off = hodoku_set_cell(s->start);
    while (!hodoku_set_is_empty(frontier)) {
        hodoku_set weak = hodoku_set_empty();
        for (int c; (c = hodoku_set_pop(&frontier)) >= 0;)
            weak = hodoku_set_or(weak, hodoku_buddies(c));
        weak = hodoku_set_minus(hodoku_set_and(weak, s->holds[s->digit]), off);
        off = hodoku_set_or(off, weak);
        hodoku_set strong = hodoku_set_empty();
        for (int c; (c = hodoku_set_pop(&weak)) >= 0;)
            strong = hodoku_set_or(strong, mates_of(s, c));
        strong = hodoku_set_minus(strong, on);
        if (may_record(s, hodoku_set_and(strong, targets))) return true;
        on = hodoku_set_or(on, strong);
        frontier = strong;
        hodoku_set_remove(&frontier, s->start);
    }
    return false;
}

/* The strong links from the start's digit, as make_links orders them:
 * the other digit of a bivalue cell for a chain of pairs, else the cell
 * of each house (row, column, box) that holds the digit once more, the
 * box's left out where it shares the start's row or column. Their count. */
static int first_links(const search *s, link first[STRONG_PER_NODE])
{
    unsigned cands = s->g->candidates[s->start];
    if (chains_of_pairs(s->kind)) {
        if (!sudoku_is_pair(cands)) return 0;
        first[0] = (link){(uint8_t)s->start,
                          (uint8_t)sudoku_lowest_digit(cands & ~(1u << (s->digit - 1))), true};
        return 1;
    }
    int n = 0;
    for (int k = 0; k < 3; k++) {
        int house = sudoku_cell_units[s->start][k];
        if (s->g->free[house][s->digit] != 2) continue;
        hodoku_set in = hodoku_set_and(hodoku_unit_sets[house], s->holds[s->digit]);
        hodoku_set_remove(&in, s->start);
        if (k == 2)
            in = hodoku_set_minus(in, hodoku_set_or(hodoku_unit_sets[s->start / 9],
                                                    hodoku_unit_sets[9 + s->start % 9]));
        if (!hodoku_set_is_empty(in))
            first[n++] = (link){(uint8_t)hodoku_set_first(in), (uint8_t)s->digit, true};
    }
    return n;
}

/* The cells of set reached from cell (in set) through cells of set that
 * see one another. */
static hodoku_set part_of(hodoku_set set, int cell)
{
    hodoku_set reached = hodoku_set_cell(cell), frontier = reached;
    while (!hodoku_set_is_empty(frontier)) {
        hodoku_set next = hodoku_set_empty();
        for (int c; (c = hodoku_set_pop(&frontier)) >= 0;)
            next = hodoku_set_or(next, hodoku_buddies(c));
        frontier = hodoku_set_minus(hodoku_set_and(next, set), reached);
        reached = hodoku_set_or(reached, frontier);
    }
    return reached;
}

/* The cells with two candidates: each cell's count of the digits' cells
 * that hold it, up to three, in bit planes. */
static hodoku_set bivalue_cells(const hodoku_set holds[10])
{
    hodoku_set two;
    for (int w = 0; w < 2; w++) {
        uint64_t one = 0, more = 0, three = 0;
        for (int d = 1; d <= 9; d++) {
            three |= more & holds[d].w[w];
            more |= one & holds[d].w[w];
            one |= holds[d].w[w];
        }
        two.w[w] = more & ~three;
    }
    return two;
}

/* The cells a Remote Pair can go through: its chain takes four cells at
 * least with the same two candidates, each seeing the next, so in one
 * part of those cells that see one another, one through another, of four
 * cells or more. Empty nearly always: the links and walks are spared; else
 * only those cells are linked and walked from. The pairs are counted
 * over the bivalue cells alone (their counts cleared first). */
static hodoku_set remote_pair_cells(const hodoku_grid *g, hodoku_set bivalue)
{
    hodoku_set cells = hodoku_set_empty();
    if (hodoku_set_count(bivalue) < 4) return cells;
    uint8_t count[1u << 9];
    for (hodoku_set left = bivalue; !hodoku_set_is_empty(left);)
        count[g->candidates[hodoku_set_pop(&left)]] = 0;
    for (hodoku_set left = bivalue; !hodoku_set_is_empty(left);)
        count[g->candidates[hodoku_set_pop(&left)]]++;
    for (hodoku_set left = bivalue; !hodoku_set_is_empty(left);) {
        int cell = hodoku_set_pop(&left);
        unsigned pair = g->candidates[cell];
        if (count[pair] < 4) continue;
        count[pair] = 0; /* its cells are looked at once */
        hodoku_set same = hodoku_set_empty();
        for (hodoku_set rest = bivalue; !hodoku_set_is_empty(rest);) {
            int other = hodoku_set_pop(&rest);
            if (g->candidates[other] == pair) hodoku_set_add(&same, other);
        }
        while (hodoku_set_count(same) >= 4) {
            hodoku_set part = part_of(same, hodoku_set_first(same));
            if (hodoku_set_count(part) >= 4) cells = hodoku_set_or(cells, part);
            same = hodoku_set_minus(same, part);
        }
    }
    return cells;
}

/* False if no Remote Pair from the start can record a step. Its chain
 * goes through cells of cells with the start's pair, each seeing the one
 * before, and records only where it ends, an even number of cells long,
 * in a cell that sees one with the digit the start sees. Laid out by
 * their distance from the start, those cells show whether they are two-
 * coloured (no two of one distance see each other): then the chain's
 * cells alternate between the colours and it ends in the start's
 * opposite; else it may end in any. */
static bool rp_reaches(const search *s, hodoku_set cells)
{
    hodoku_set same =
        hodoku_set_and(cells, hodoku_set_and(s->holds[s->digit], s->holds[s->digit2]));
    hodoku_set layer = hodoku_set_cell(s->start), seen = layer;
    hodoku_set opposite = hodoku_set_empty();
    bool two_coloured = true;
    for (int distance = 1; !hodoku_set_is_empty(layer); distance++) {
        hodoku_set next = hodoku_set_empty();
        for (int c; (c = hodoku_set_pop(&layer)) >= 0;) {
            hodoku_set near = hodoku_set_and(hodoku_buddies(c), same);
            if (!hodoku_set_is_empty(hodoku_set_and(near, layer))) two_coloured = false;
            next = hodoku_set_or(next, near);
        }
        layer = hodoku_set_minus(next, seen);
        seen = hodoku_set_or(seen, layer);
        if (distance % 2) opposite = hodoku_set_or(opposite, layer);
    }
    hodoku_set ends = two_coloured ? opposite : seen;
    hodoku_set_remove(&ends, s->start);
    return !hodoku_set_is_empty(hodoku_set_and(ends, ends_seen(s)));
}

/* The step of kind HoDoKu takes on q's grid; false if there is none. */
static bool find(hodoku_query *q, chain_kind kind, sudoku_technique technique, sudoku_step *step)
{
    const hodoku_grid *g = q->grid;
    links all;
    search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.kind = kind;
    s.technique = technique;
    s.links = &all;
    s.best = step;
    hodoku_digit_sets(g, s.holds);
    s.bivalue = bivalue_cells(s.holds);
    /* One digit's chains (Turbot Fish, X-Chain) need not be looked for
     * on digits whose cells gave none before. */
    hodoku_digit_cells at;
    unsigned open = chains_of_pairs(kind) ? ALL_DIGITS : hodoku_digits_open(q, technique, &at);
    hodoku_set starts = {{~0ull, (1ull << (SUDOKU_CELLS - 64)) - 1}}; /* every cell */
    if (kind == REMOTE_PAIR) starts = remote_pair_cells(g, s.bivalue);
    if (kind == XY_CHAIN) starts = s.bivalue; /* its chains start and go through these only */
    bool possible =
        open && (kind != TURBOT_FISH || turbot_possible(&s, open)) && !hodoku_set_is_empty(starts);
    if (!possible) {
        if (!chains_of_pairs(kind)) hodoku_digits_none(q, technique, &at);
        return false;
    }
    hodoku_keymap_init(&s.seen);
    int max_links = kind == TURBOT_FISH ? 3 : CHAIN_MAX;
    closures known;
    known.n = 0;
    bool linked = false; /* the links are made for the first walk: most searches walk none */
    for (s.start = 0; s.start < SUDOKU_CELLS; s.start++) {
        unsigned cands = hodoku_set_has(starts, s.start) ? g->candidates[s.start] : 0;
        for (unsigned c = cands & open; c; c &= c - 1) {
            s.digit = sudoku_lowest_digit(c);
            link first[STRONG_PER_NODE];
            int nfirst = first_links(&s, first);
            for (int i = 0; i < nfirst; i++) {
                if (kind == REMOTE_PAIR) s.digit2 = first[i].digit;
                s.chain[0] = (link){(uint8_t)s.start, (uint8_t)s.digit, false};
                s.chain[1] = first[i];
                s.start_sees = hodoku_set_and(hodoku_buddies(s.start), s.holds[s.digit]);
                if (kind == REMOTE_PAIR)
                    s.start_sees2 = hodoku_set_and(hodoku_buddies(s.start), s.holds[s.digit2]);
                hodoku_set ends = s.holds[s.digit];
                if (kind == X_CHAIN && !x_reaches(&s, ends)) continue;
                if (kind == XY_CHAIN && !xy_reaches(&s, &known, ends)) continue;
                if (kind == REMOTE_PAIR && !rp_reaches(&s, starts)) continue;
                if (!linked) make_links(&s, open, starts);
                linked = true;
                walk(&s, max_links);
            }
        }
    }
    hodoku_keymap_free(&s.seen);
    if (s.no_memory) q->short_of_memory = true;
    if (!s.found && !s.no_memory && !chains_of_pairs(kind)) hodoku_digits_none(q, technique, &at);
    return s.found && !s.no_memory;
}

bool hodoku_remote_pair(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, REMOTE_PAIR, technique, step);
}

bool hodoku_turbot_fish(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, TURBOT_FISH, technique, step);
}

bool hodoku_x_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, X_CHAIN, technique, step);
}

bool hodoku_xy_chain(hodoku_query *q, sudoku_technique technique, sudoku_step *step)
{
    return find(q, XY_CHAIN, technique, step);
}
