/*
 * canon.c: the canonical (minlex) form of a puzzle or solution grid, the
 * transformation that reaches it and the number of automorphisms; the
 * method is told at length in docs/canon.md.
 *
 * The minlex form is the smallest 81-digit string (blanks as 0) over the
 * 3,359,232 geometric transformations, each followed by the relabelling
 * that names digits 1, 2, 3, ... in the order they first appear: that one
 * is the smallest for its geometry, so only geometry is searched. The
 * search builds the result a row at a time and keeps, at each row, only
 * what can still be the smallest; the digits of a row that no earlier row
 * named all compare as "new" (after every digit already named), so a row is
 * judged before its new digits get their names.
 *
 * Puzzles (some cell blank): a depth-first search over the source row put
 * at each row of the result (any row of an unused band at rows 1, 4 and 7,
 * the rest of the band in between), with the columns ordered lazily:
 * columns (and whole stacks) blank in every row placed so far cannot be
 * told apart yet, so they stay an unordered "open" group at the front of
 * their stack (of the stacks) until a row gives one of them a digit. Each
 * row is placed by sorting: open columns by their digit in the row (blank
 * first, then digits already named, smallest name first, then new ones),
 * open stacks by their three sorted digits. Ties between new digits are
 * the only choices left, and they are tried in every order. The best row
 * found at each level prunes every branch that does worse there.
 *
 * Solution grids: the first row is always 123456789 (nine new digits, in
 * any column order), so the lazy method would try all 1,296 column orders.
 * Instead, for each choice of the first two rows (36: transposed or not,
 * a band, two of its rows), the second row is built a column at a time:
 * the name of the digit in a column is the position, in the result, of the
 * column where the first row holds it, and when that column has no
 * position yet it is given the smallest one it can take. The rest follows:
 * the third row is the band's last, and the other two bands' rows, all
 * named by then, are sorted.
 */
#include "canon.h"
#include "board/givens.h"

#include <string.h>

#define UNKNOWN UINT64_MAX /* no row found yet at this level: anything beats it */
#define NEW_DIGIT 15u      /* the key of a digit no earlier cell named: after every name */

/* The permutations of two and three things. */
static const uint8_t orders2[2][3] = {{0, 1, 2}, {1, 0, 2}};
static const uint8_t orders3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                      {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
static const unsigned long factorial[4] = {1, 1, 2, 6};

/* The grid in both orientations: [transposed][row][column]. */
typedef uint8_t oriented[2][9][9];

static void orient(const sudoku_grid *grid, oriented lines)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) lines[0][r][c] = lines[1][c][r] = grid->cell[9 * r + c];
}

/* A row of the result as one number: nine 4-bit keys, the first column in
 * the highest bits, so that numbers compare as the rows do. */
static uint64_t pack(const uint8_t keys[9])
{
    uint64_t packed = 0;
    for (int j = 0; j < 9; j++) packed = packed << 4 | keys[j];
    return packed;
}

/* The digits a transformation does not name (absent from the grid) get the
 * names left, in increasing order: any order gives the same result. */
static void name_the_rest(uint8_t label[10], int next)
{
    for (int d = 1; d <= 9; d++)
        if (label[d] == NEW_DIGIT) label[d] = (uint8_t)next++;
}

/* ---- puzzles: rows placed one at a time, columns ordered lazily ---- */

/* What is decided about a transformation at some row of the search. */
typedef struct node {
    uint8_t transposed;
    uint8_t open_stacks;  /* stacks blank so far; they hold slots 0..open_stacks-1 */
    uint8_t slot[3];      /* slot -> source stack, for slots open_stacks..2 */
    uint8_t order[3][3];  /* [stack]: its columns in their order in the result */
    uint8_t open[3];      /* how many of them, first in order, are blank so far */
    uint8_t label[10];    /* digit -> its name, NEW_DIGIT while unnamed; [0] = 0 */
    uint8_t next;         /* the next name to give */
    uint8_t rows[9];      /* result row -> source row, for the rows placed */
    uint16_t used;        /* bit r: source row r placed */
} node;

/* Nodes a level of the breadth-first search keeps: more than any puzzle
 * short of a few near-empty or highly symmetric ones ties for; those go
 * depth first from the level before (see canon_puzzle). 40 bytes each. */
#define FRONTIER 128

/* The nodes that tie for the best row at one level. */
typedef struct frontier {
    node nodes[FRONTIER];
    int n;
    bool overflow; /* more tied than it holds */
} frontier;

typedef struct search {
    oriented lines;
    uint64_t best[9];    /* the smallest row found so far at each level */
    unsigned long count; /* transformations that reach the best so far */
    sudoku_transform how; /* the first of them */
    frontier *out;       /* breadth first: where a placed row's nodes go; NULL: depth first */
} search;

/* Digits of equal key that may go in any order: the columns
 * order[stack][first..first+n) or, when stacks is set, the slots
 * slot[first..first+n). */
typedef struct tie {
    bool stacks;
    uint8_t stack, first, n;
} tie;

/* A row placed under a node: its keys in the result's order, the node it
 * leads to before its ties are broken, and those ties. */
typedef struct placement {
    uint8_t keys[9];
    node child;
    tie ties[4]; /* at most one per stack and one among the stacks */
    int nties;
} placement;

/* The key of each column's cell in the row: 0 blank, the digit's name, or
 * NEW_DIGIT. */
static void row_keys(const node *n, const uint8_t *row, uint8_t keys[9])
{
    for (int c = 0; c < 9; c++) keys[c] = n->label[row[c]];
}

/* Sorts the open columns of stack s in child by key (stably), writes the
 * stack's keys in order to out, narrows the open group to the blank ones
 * and notes a tie between new digits. */
static void place_stack(placement *p, const uint8_t keys[9], int s, uint8_t *out)
{
    uint8_t *order = p->child.order[s];
    int open = p->child.open[s];
    for (int i = 1; i < open; i++) {
        uint8_t c = order[i];
        int k = i;
        for (; k > 0 && keys[order[k - 1]] > keys[c]; k--) order[k] = order[k - 1];
        order[k] = c;
    }
    int blank = 0, fresh = 0;
    for (int i = 0; i < open; i++) {
        blank += keys[order[i]] == 0;
        fresh += keys[order[i]] == NEW_DIGIT;
    }
    if (fresh > 1)
        p->ties[p->nties++] =
            (tie){false, (uint8_t)s, (uint8_t)(open - fresh), (uint8_t)fresh};
    p->child.open[s] = (uint8_t)blank;
    for (int i = 0; i < 3; i++) out[i] = keys[order[i]];
}

/* Places source row r under n: the smallest the row can be with what n
 * leaves open. */
static void place_row(const search *s, const node *n, int r, placement *p)
{
    const uint8_t *row = s->lines[n->transposed][r];
    uint8_t keys[9];
    row_keys(n, row, keys);
    p->child = *n;
    p->nties = 0;
    int open_stacks = n->open_stacks;
    if (open_stacks) {
        /* Open stacks: each sorted within, then the stacks by their keys. */
        uint8_t stacks[3] = {0}, sorted[3][3];
        unsigned weight[3] = {0};
        int m = 0;
        for (int st = 0; st < 3; st++) {
            bool fixed = false;
            for (int k = open_stacks; k < 3; k++) fixed |= n->slot[k] == st;
            if (fixed) continue;
            place_stack(p, keys, st, sorted[st]);
            weight[st] = (unsigned)sorted[st][0] << 8 | (unsigned)sorted[st][1] << 4 | sorted[st][2];
            int k = m++;
            for (; k > 0 && weight[stacks[k - 1]] > weight[st]; k--) stacks[k] = stacks[k - 1];
            stacks[k] = (uint8_t)st;
        }
        int still_open = 0;
        for (int k = 0; k < m; k++) {
            still_open += weight[stacks[k]] == 0;
            memcpy(p->keys + 3 * k, sorted[stacks[k]], 3);
            p->child.slot[k] = stacks[k];
        }
        /* Stacks with the same nonzero keys hold new digits only: a tie. */
        for (int k = still_open; k < m;) {
            int end = k + 1;
            while (end < m && weight[stacks[end]] == weight[stacks[k]]) end++;
            if (end - k > 1)
                p->ties[p->nties++] = (tie){true, 0, (uint8_t)k, (uint8_t)(end - k)};
            k = end;
        }
        p->child.open_stacks = (uint8_t)still_open;
    }
    for (int k = open_stacks; k < 3; k++) place_stack(p, keys, n->slot[k], p->keys + 3 * k);
}

static void descend(search *s, const node *n, int level);

/* Names the row's new digits in the order they come, and goes on. */
/* The search recurses once per row of the result: nine deep at most. */
static void finish_row(search *s, node *child, int level, int r) // NOLINT(misc-no-recursion)
{
    const uint8_t *row = s->lines[child->transposed][r];
    for (int k = child->open_stacks; k < 3; k++) {
        int st = child->slot[k];
        for (int i = child->open[st]; i < 3; i++) {
            int d = row[child->order[st][i]];
            if (child->label[d] == NEW_DIGIT) child->label[d] = child->next++;
        }
    }
    child->rows[level] = (uint8_t)r;
    child->used |= (uint16_t)(1u << r);
    if (!s->out) {
        descend(s, child, level + 1);
    } else if (s->out->n < FRONTIER) {
        s->out->nodes[s->out->n++] = *child;
    } else {
        s->out->overflow = true;
    }
}

/* Finishes the row under every way of breaking its ties: each tie's
 * digits (columns or stacks) in each of their orders, every combination;
 * base itself when there is no tie. */
static void break_ties(search *s, node *base, const tie *ties, int nties, int level, // NOLINT(misc-no-recursion)
                       int r)
{
    if (nties == 0) {
        finish_row(s, base, level, r);
        return;
    }
    int combinations = 1;
    for (int k = 0; k < nties; k++) combinations *= ties[k].n == 3 ? 6 : 2;
    for (int c = 0; c < combinations; c++) {
        node child = *base;
        int rest = c;
        for (int k = 0; k < nties; k++) {
            const tie *t = &ties[k];
            int orders = t->n == 3 ? 6 : 2;
            const uint8_t *perm = t->n == 3 ? orders3[rest % orders] : orders2[rest % orders];
            const uint8_t *from = t->stacks ? base->slot : base->order[t->stack];
            uint8_t *to = t->stacks ? child.slot : child.order[t->stack];
            rest /= orders;
            for (int i = 0; i < t->n && i < 3; i++) to[t->first + i] = from[t->first + perm[i]];
        }
        finish_row(s, &child, level, r);
    }
}

/* Compares a row with the best at its level: false if it does worse;
 * forgets everything found at and below the level if it does better. */
static bool keep_row(search *s, int level, uint64_t row)
{
    if (row > s->best[level]) return false;
    if (row < s->best[level]) {
        s->best[level] = row;
        for (int k = level + 1; k < 9; k++) s->best[k] = UNKNOWN;
        s->count = 0;
        if (s->out) {
            s->out->n = 0;
            s->out->overflow = false;
        }
    }
    return true;
}

/* Three keys in increasing order, packed as pack() would. */
static unsigned sorted3(unsigned a, unsigned b, unsigned c)
{
    unsigned low = a < b ? a : b, high = a < b ? b : a;
    unsigned mid = c < low ? low : c > high ? high : c;
    low = c < low ? c : low;
    high = c > high ? c : high;
    return low << 8 | mid << 4 | high;
}

/* The packed value of source row r placed under n, as place_row works it
 * out but without the node it leads to: most rows are only compared with
 * the best and dropped, and this is all they need. */
static uint64_t row_value(const search *s, const node *n, int r)
{
    const uint8_t *row = s->lines[n->transposed][r];
    const uint8_t *label = n->label;
    int open_stacks = n->open_stacks;
    uint64_t value = 0;
    if (open_stacks) {
        unsigned fixed = 0, weight[3] = {0};
        int m = 0;
        for (int k = open_stacks; k < 3; k++) fixed |= 1u << n->slot[k];
        for (int st = 0; st < 3; st++) {
            if (fixed & (1u << st)) continue;
            unsigned w = sorted3(label[row[3 * st]], label[row[3 * st + 1]], label[row[3 * st + 2]]);
            int k = m++;
            for (; k > 0 && weight[k - 1] > w; k--) weight[k] = weight[k - 1];
            weight[k] = w;
        }
        for (int k = 0; k < m; k++) value = value << 12 | weight[k];
    }
    for (int k = open_stacks; k < 3; k++) {
        int st = n->slot[k];
        const uint8_t *order = n->order[st];
        unsigned a = label[row[order[0]]], b = label[row[order[1]]], c = label[row[order[2]]];
        switch (n->open[st]) {
        case 3: value = value << 12 | sorted3(a, b, c); break;
        case 2: value = value << 12 | (a < b ? a << 8 | b << 4 : b << 8 | a << 4) | c; break;
        default: value = value << 12 | a << 8 | b << 4 | c; break;
        }
    }
    return value;
}

static void try_row(search *s, const node *n, int level, int r) // NOLINT(misc-no-recursion)
{
    if (row_value(s, n, r) > s->best[level]) return;
    placement p;
    place_row(s, n, r, &p);
    if (!keep_row(s, level, pack(p.keys))) return;
    break_ties(s, &p.child, p.ties, p.nties, level, r);
}

/* A transformation as the search left it: open stacks and columns in
 * their natural order (any order gives the same result). */
static void node_transform(const node *n, sudoku_transform *how)
{
    int k = 0;
    how->transpose = n->transposed;
    for (int st = 0; st < 3; st++) {
        bool fixed = false;
        for (int i = n->open_stacks; i < 3; i++) fixed |= n->slot[i] == st;
        for (int i = 0; i < 3 && !fixed; i++) how->columns[k++] = (uint8_t)(3 * st + i);
    }
    for (int slot = n->open_stacks; slot < 3; slot++)
        for (int i = 0; i < 3; i++) how->columns[k++] = n->order[n->slot[slot]][i];
    memcpy(how->rows, n->rows, 9);
    memcpy(how->digits, n->label, 10);
    name_the_rest(how->digits, n->next);
}

/* A whole transformation reaching the best: it stands for every order of
 * what is still open. */
static void leaf(search *s, const node *n)
{
    unsigned long ways = factorial[n->open_stacks];
    for (int k = 0; k < n->open_stacks; k++) ways *= 6;
    for (int k = n->open_stacks; k < 3; k++) ways *= factorial[n->open[n->slot[k]]];
    if (s->count == 0) node_transform(n, &s->how);
    s->count += ways;
}


/* The rows a level may place under n: any row of a band not used yet at
 * the first row of a band, the rest of the band elsewhere. */
static void descend(search *s, const node *n, int level) // NOLINT(misc-no-recursion)
{
    if (level == 9) {
        leaf(s, n);
        return;
    }
    if (level % 3 == 0) {
        for (int r = 0; r < 9; r++)
            if (!(n->used & (7u << (r - r % 3)))) try_row(s, n, level, r);
        return;
    }
    int first = n->rows[level - 1] - n->rows[level - 1] % 3;
    for (int r = first; r < first + 3; r++)
        if (!(n->used & (1u << r))) try_row(s, n, level, r);
}

/* The first row: its digits are all new, so only how many each stack
 * holds counts, fewest first; only the lines that do best are tried. */
static void first_row(search *s)
{
    node start;
    memset(&start, 0, sizeof start);
    start.open_stacks = 3;
    start.next = 1;
    memset(start.label + 1, NEW_DIGIT, 9);
    for (int st = 0; st < 3; st++) {
        start.open[st] = 3;
        for (int i = 0; i < 3; i++) start.order[st][i] = (uint8_t)(3 * st + i);
    }
    unsigned shape[2][9], least = ~0u;
    for (int t = 0; t < 2; t++) {
        for (int r = 0; r < 9; r++) {
            const uint8_t *row = s->lines[t][r];
            shape[t][r] = sorted3((row[0] != 0) + (row[1] != 0) + (row[2] != 0),
                                  (row[3] != 0) + (row[4] != 0) + (row[5] != 0),
                                  (row[6] != 0) + (row[7] != 0) + (row[8] != 0));
            if (shape[t][r] < least) least = shape[t][r];
        }
    }
    for (int t = 0; t < 2; t++) {
        start.transposed = (uint8_t)t;
        for (int r = 0; r < 9; r++)
            if (shape[t][r] == least) try_row(s, &start, 0, r);
    }
}

/* Breadth first, a level at a time: every node that ties for the best row
 * so far is kept, and only those are extended, so no work is spent below a
 * row that a later node beats (depth first, a dense puzzle would explore
 * several times as many). When a level ties more nodes than a frontier
 * holds, the search goes on depth first from the level before, which needs
 * no memory but the stack. */
static void canon_puzzle(search *s)
{
    frontier a, b, *now = &a, *next = &b;
    now->n = 0;
    now->overflow = false;
    s->out = now;
    first_row(s);
    if (now->overflow) { /* the first row again, depth first */
        s->out = NULL;
        s->best[0] = UNKNOWN;
        first_row(s);
        return;
    }
    for (int level = 1; level < 9; level++) {
        next->n = 0;
        next->overflow = false;
        s->out = next;
        for (int i = 0; i < now->n; i++) descend(s, &now->nodes[i], level);
        if (next->overflow) {
            s->out = NULL;
            for (int k = level; k < 9; k++) s->best[k] = UNKNOWN;
            s->count = 0;
            for (int i = 0; i < now->n; i++) descend(s, &now->nodes[i], level);
            return;
        }
        frontier *done = now;
        now = next;
        next = done;
    }
    s->out = NULL;
    for (int i = 0; i < now->n; i++) leaf(s, &now->nodes[i]);
}

/* ---- solution grids: the second row built a column at a time ---- */

#define NONE 0xFFu /* a position, column, slot or stack not placed yet */

/* The columns of the result as far as they are placed. The positions of
 * each slot fill from its left: the second row takes them in order, and
 * a column placed ahead takes the first free one of its slot. */
typedef struct placing {
    uint8_t column[9];   /* position -> source column, or NONE */
    uint8_t position[9]; /* source column -> position, or NONE */
    uint8_t stack[3];    /* slot -> source stack, or NONE */
    uint8_t slot[3];     /* source stack -> slot, or NONE */
    uint8_t filled[3];   /* positions of each slot taken */
    uint8_t free_slots;  /* bit k: slot k has no stack yet */
} placing;

typedef struct grid_search {
    oriented lines;
    uint8_t where[2][9][10]; /* [transposed][row][digit]: its column */
    int transposed, band, first, second, third; /* the rows being tried */
    uint8_t image[9];   /* column c of the second row holds the first row's digit in column image[c] */
    uint8_t row2[9];    /* the best second row so far: positions of first-row columns, 9 unknown */
    uint64_t best[9];   /* the best rows so far; [0] and [1] unused */
    unsigned long count;
    sudoku_transform how;
} grid_search;

static void place_column(placing *p, int column, int position)
{
    int slot = position / 3;
    p->column[position] = (uint8_t)column;
    p->position[column] = (uint8_t)position;
    p->filled[slot]++;
    if (p->slot[column / 3] == NONE) {
        p->stack[slot] = (uint8_t)(column / 3);
        p->slot[column / 3] = (uint8_t)slot;
        p->free_slots &= (uint8_t)~(1u << slot);
    }
}

/* The smallest position column x can still take, the slot of position j
 * aside when it is free (the stack placed at j is about to take it). */
static int first_free_position(const placing *p, int x, int j)
{
    int slot = p->slot[x / 3];
    if (slot != NONE) return 3 * slot + p->filled[slot];
    return 3 * sudoku_lowest_bit(p->free_slots & ~(1u << (j / 3)));
}

/* Rows 3 to 9 under a complete column order, compared with the best. */
static void grid_leaf(grid_search *g, const placing *p)
{
    const uint8_t(*lines)[9] = g->lines[g->transposed];
    uint8_t label[10], keys[9];
    for (int d = 1; d <= 9; d++)
        label[d] = (uint8_t)(1 + p->position[g->where[g->transposed][g->first][d]]);
    uint64_t rows[9];
    uint8_t source[9];
    for (int j = 0; j < 9; j++) keys[j] = label[lines[g->third][p->column[j]]];
    rows[2] = pack(keys);
    if (rows[2] > g->best[2]) return;
    /* The other bands, each with its rows sorted, the smaller band first. */
    int k = 3;
    for (int b = 0; b < 3; b++) {
        if (b == g->band) continue;
        for (int r = 3 * b; r < 3 * b + 3; r++, k++) {
            for (int j = 0; j < 9; j++) keys[j] = label[lines[r][p->column[j]]];
            uint64_t packed = pack(keys);
            int at = k;
            for (; at > k - (r - 3 * b) && rows[at - 1] > packed; at--) {
                rows[at] = rows[at - 1];
                source[at] = source[at - 1];
            }
            rows[at] = packed;
            source[at] = (uint8_t)r;
        }
    }
    if (rows[6] < rows[3]) {
        for (int i = 3; i < 6; i++) {
            uint64_t keep = rows[i];
            uint8_t keep_source = source[i];
            rows[i] = rows[i + 3];
            source[i] = source[i + 3];
            rows[i + 3] = keep;
            source[i + 3] = keep_source;
        }
    }
    int at = 2;
    while (at < 9 && rows[at] == g->best[at]) at++;
    if (at < 9) {
        if (rows[at] > g->best[at]) return;
        memcpy(g->best + at, rows + at, (size_t)(9 - at) * sizeof rows[0]);
        g->count = 0;
    }
    if (g->count++ > 0) return;
    sudoku_transform *how = &g->how;
    how->transpose = g->transposed;
    how->rows[0] = (uint8_t)g->first;
    how->rows[1] = (uint8_t)g->second;
    how->rows[2] = (uint8_t)g->third;
    memcpy(how->rows + 3, source + 3, 6);
    for (int j = 0; j < 9; j++) how->columns[j] = (uint8_t)p->column[j];
    memcpy(how->digits, label, 10);
    how->digits[0] = 0;
}

/* Compares the value at position j of the second row with the best so
 * far: false if it does worse; forgets what was found after it if better. */
static bool keep_value(grid_search *g, int j, int value)
{
    if (value > g->row2[j]) return false;
    if (value < g->row2[j]) {
        g->row2[j] = (uint8_t)value;
        memset(g->row2 + j + 1, 9, (size_t)(8 - j));
        for (int k = 2; k < 9; k++) g->best[k] = UNKNOWN;
        g->count = 0;
    }
    return true;
}

/* Builds the second row from position j on: each column that can come
 * next, with the smallest name its digit can get; only the smallest go
 * on. A position with one column to take is filled in this frame; where
 * several tie, each goes on in a copy. */
static void second_row(grid_search *g, const placing *from, int j) // NOLINT(misc-no-recursion): 9 deep
{
    placing p = *from;
    for (; j < 9; j++) {
        int s = j / 3, candidates[3], values[3], n = 0;
        /* From the fourth position on, the slot's stack is known: the first
         * box's digits reached a second stack, and a third one by the
         * seventh (a valid grid's third stack cannot hold, in the second
         * row, the first row's digits of its own box). */
        if (p.filled[s] > j - 3 * s) {
            candidates[n++] = p.column[j];
        } else if (p.stack[s] != NONE) {
            for (int c = 3 * p.stack[s]; c < 3 * p.stack[s] + 3; c++)
                if (p.position[c] == NONE) candidates[n++] = c;
        }
        if (n == 0) return; /* not a valid grid: nothing to finish */
        int least = 9;
        for (int i = 0; i < n; i++) {
            int x = g->image[candidates[i]];
            values[i] = p.position[x] != NONE ? p.position[x] : first_free_position(&p, x, j);
            if (values[i] < least) least = values[i];
        }
        if (!keep_value(g, j, least)) return;
        int ties = 0, last = 0;
        for (int i = 0; i < n; i++)
            if (values[i] == least) ties++, last = i;
        for (int i = 0; i < n && ties > 1; i++) {
            if (values[i] != least || i == last) continue;
            placing next = p;
            int c = candidates[i], x = g->image[c];
            if (next.position[c] == NONE) place_column(&next, c, j);
            if (next.position[x] == NONE) place_column(&next, x, least);
            second_row(g, &next, j + 1);
        }
        int c = candidates[last], x = g->image[c];
        if (p.position[c] == NONE) place_column(&p, c, j);
        if (p.position[x] == NONE) place_column(&p, x, least);
    }
    grid_leaf(g, &p);
}

/* The first three positions of the second row, for a start stack: its
 * columns in each of their six orders, each one's digit given the
 * smallest name it can get (the stack of the first column's digit takes
 * slot 2, and so on); each order that ties with the best goes on. */
static void first_box(grid_search *g, const placing *empty, int stack)
{
    for (int o = 0; o < 6; o++) {
        placing p = *empty;
        bool kept = true;
        for (int j = 0; j < 3 && kept; j++) {
            int c = 3 * stack + orders3[o][j], x = g->image[c];
            int value = p.position[x] != NONE ? p.position[x] : first_free_position(&p, x, j);
            kept = keep_value(g, j, value);
            place_column(&p, c, j);
            if (p.position[x] == NONE) place_column(&p, x, value);
        }
        if (kept) second_row(g, &p, 3);
    }
}

/* A root whose second row can start 456: the second row's digits in each
 * stack are, in the first row, the three of one other stack, so (the grid
 * being valid) the stacks follow one another in a cycle, A -> B -> C -> A.
 * Started at A, in any order of A's columns, the row is then forced: B's
 * columns in the order of the digits of A's, then C's likewise, so it reads
 * 456789 and then where, in A, the digits of C's columns are: the order of
 * A's columns under image^3, written smallest first: 123 if it leaves them
 * in place, 132 if it swaps two, 231 if it cycles them. Every start stack
 * gives the same (image^3 on B or C is the same kind of permutation), and
 * every order of A that writes it smallest is a column order to finish. */
static void pure_root(grid_search *g, const placing *empty)
{
    uint8_t cube[9];
    for (int c = 0; c < 9; c++) cube[c] = g->image[g->image[g->image[c]]];
    int fixed = (cube[0] == 0) + (cube[1] == 1) + (cube[2] == 2);
    static const uint8_t smallest[4][3] = {{1, 2, 0}, {0, 2, 1}, {0, 0, 0}, {0, 1, 2}};
    const uint8_t *tail = smallest[fixed];
    for (int j = 0; j < 9; j++)
        if (!keep_value(g, j, j < 6 ? 3 + j : tail[j - 6])) return;
    for (int st = 0; st < 3; st++) {
        for (int o = 0; o < 6; o++) {
            const uint8_t *order = orders3[o];
            bool fits = true;
            for (int k = 0; k < 3 && fits; k++) /* where C's digit of column k sits in A */
                fits = cube[3 * st + order[k]] == 3 * st + order[tail[k]];
            if (!fits) continue;
            placing p = *empty;
            for (int k = 0; k < 3; k++) {
                int c = 3 * st + order[k];
                place_column(&p, c, k);
                place_column(&p, g->image[c], 3 + k);
                place_column(&p, g->image[g->image[c]], 6 + k);
            }
            grid_leaf(g, &p);
        }
    }
}

/* The stacks whose three columns, in the second row, hold digits that the
 * first row has in one other stack: started there, the second row begins
 * 456, the best start there is (any other begins 457 at best). */
static unsigned pure_stacks(const uint8_t image[9])
{
    unsigned pure = 0;
    for (int st = 0; st < 3; st++) {
        int other = image[3 * st] / 3;
        if (image[3 * st + 1] / 3 == other && image[3 * st + 2] / 3 == other) pure |= 1u << st;
    }
    return pure;
}

static void canon_solution(grid_search *g)
{
    uint8_t images[2][3][6][9];
    unsigned pure[2][3][6], any_pure = 0;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) g->where[t][r][g->lines[t][r][c]] = (uint8_t)c;
    for (int t = 0; t < 2; t++)
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < 6; i++) {
                const uint8_t *first = g->where[t][3 * b + orders3[i][0]];
                const uint8_t *second = g->lines[t][3 * b + orders3[i][1]];
                for (int c = 0; c < 9; c++) images[t][b][i][c] = first[second[c]];
                pure[t][b][i] = pure_stacks(images[t][b][i]);
                any_pure |= pure[t][b][i];
            }
    placing empty;
    memset(&empty, NONE, sizeof empty);
    memset(empty.filled, 0, sizeof empty.filled);
    empty.free_slots = 7;
    memset(g->row2, 9, sizeof g->row2);
    for (int k = 0; k < 9; k++) g->best[k] = UNKNOWN;
    g->count = 0;
    for (int t = 0; t < 2; t++) {
        for (int b = 0; b < 3; b++) {
            for (int i = 0; i < 6; i++) {
                /* where some root can start 456, only those can be best */
                if (any_pure && !pure[t][b][i]) continue;
                g->transposed = t;
                g->band = b;
                g->first = 3 * b + orders3[i][0];
                g->second = 3 * b + orders3[i][1];
                g->third = 3 * b + orders3[i][2];
                memcpy(g->image, images[t][b][i], 9);
                if (any_pure) {
                    pure_root(g, &empty);
                    continue;
                }
                for (int st = 0; st < 3; st++) first_box(g, &empty, st);
            }
        }
    }
}

/* ---- the interface ---- */

static bool canon_input(const sudoku_grid *grid)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (grid->cell[cell] > 9) return false;
    return sudoku_check_givens(grid, NULL);
}

bool sudoku_canon_by(const sudoku_grid *grid, bool whole_grids, sudoku_grid *canon,
                     sudoku_transform *how, unsigned long *automorphisms)
{
    if (!canon_input(grid)) return false;
    bool full = true;
    for (int cell = 0; cell < SUDOKU_CELLS && full; cell++) full = grid->cell[cell] != 0;
    sudoku_transform found;
    unsigned long count;
    if (full && whole_grids) {
        grid_search g;
        orient(grid, g.lines);
        canon_solution(&g);
        found = g.how;
        count = g.count;
    } else {
        search s;
        orient(grid, s.lines);
        for (int k = 0; k < 9; k++) s.best[k] = UNKNOWN;
        s.count = 0;
        canon_puzzle(&s);
        found = s.how;
        count = s.count;
    }
    sudoku_transform_apply(&found, grid, canon);
    if (how) *how = found;
    if (automorphisms) *automorphisms = count;
    return true;
}

bool sudoku_canon(const sudoku_grid *grid, sudoku_grid *canon, sudoku_transform *how,
                  unsigned long *automorphisms)
{
    return sudoku_canon_by(grid, true, canon, how, automorphisms);
}

bool sudoku_equivalent(const sudoku_grid *a, const sudoku_grid *b, sudoku_transform *how)
{
    sudoku_grid canon_a, canon_b;
    sudoku_transform to_a, to_b;
    if (!sudoku_canon(a, &canon_a, &to_a, NULL) || !sudoku_canon(b, &canon_b, &to_b, NULL) ||
        memcmp(&canon_a, &canon_b, sizeof canon_a) != 0)
        return false;
    if (how) {
        sudoku_transform back;
        sudoku_transform_invert(&to_b, &back);
        sudoku_transform_then(&to_a, &back, how);
    }
    return true;
}
