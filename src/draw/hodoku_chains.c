/*
 * hodoku_chains.c: the words of HoDoKu's chain techniques (hodoku-spec
 * 11.3, 11.4, 12): Remote Pair, Turbot Fish, X- and XY-Chains, nice loops
 * and AICs in nice loop notation ("r4c8 =8= r4c6 -8- r6c4"); ALS steps
 * with their sets and restricted commons; forcing chains and nets one
 * chain a line, net branches in brackets. All read off the step's data:
 * its links, marks, removals and placement.
 */
#include "hodoku_chains.h"

#include "hodoku_cells.h"

/* A node's cells, compressed as HoDoKu lists them ("r13c4"). */
static void put_node_cells(writer *w, const sudoku_link *l)
{
    uint64_t set[2] = {0, 0};
    hodoku_add_cell(set, l->cell);
    for (int i = 0; i < l->ngroup; i++) hodoku_add_cell(set, l->group[i]);
    hodoku_put_cells(w, set);
}

/* The digits of a set (bit d-1), joined by sep. */
static void put_digits(writer *w, unsigned digits, const char *sep)
{
    const char *s = "";
    for (int d = 1; d <= 9; d++)
        if (digits & (1u << (d - 1))) {
            put(w, "%s%d", s, d);
            s = sep;
        }
}

static unsigned removed_digits(const sudoku_step *step)
{
    unsigned digits = 0;
    for (int i = 0; i < step->nremovals; i++) digits |= 1u << (step->removals[i].digit - 1);
    return digits;
}

/* The chain in nice loop notation: after the first node, each node that
 * enters a new cell, as -d- (off) or =d= (on) and its cells. */
static void put_loop_chain(writer *w, const sudoku_step *step)
{
    int last = -1;
    for (int i = 0; i < step->nlinks; i++) {
        const sudoku_link *l = &step->links[i];
        if (l->cell == last) continue;
        last = l->cell;
        if (i) put(w, l->on ? " =%d= " : " -%d- ", l->digit);
        put_node_cells(w, l);
    }
}

static void put_loop(writer *w, const sudoku_step *step)
{
    const sudoku_link *links = step->links;
    int n = step->nlinks;
    if (!n) return;
    if (step->technique == SUDOKU_REMOTE_PAIR)
        put(w, " %d/%d ", links[0].digit,
            sudoku_lowest_digit(step->digits & ~(1u << (links[0].digit - 1))));
    else {
        put_char(w, ' ');
        put_digits(w, removed_digits(step), "/");
        put_char(w, ' ');
    }
    bool loop = step->technique == SUDOKU_NICE_LOOP || step->technique == SUDOKU_GROUPED_NICE_LOOP;
    bool continuous = loop && (step->variant == SUDOKU_LOOP_CONTINUOUS ||
                               step->variant == SUDOKU_LOOP_GROUPED_CONTINUOUS);
    bool ends = step->technique == SUDOKU_XY_CHAIN ||
                (loop && (step->variant == SUDOKU_LOOP_AIC || step->variant == SUDOKU_LOOP_GROUPED_AIC));
    /* A continuous loop shows the digits that close it: the last node
     * before the run of nodes back in the first cell, the first node
     * after the first cell's. */
    if (continuous) {
        int end = n - 1;
        while (end >= 0 && links[end].cell == links[n - 1].cell) end--;
        put(w, "%d= ", links[end + 1].digit);
    }
    if (ends) put(w, "%d- ", links[0].digit);
    put_loop_chain(w, step);
    if (continuous) {
        int start = 0;
        while (start < n && links[start].cell == links[0].cell) start++;
        put(w, " =%d", links[start < n ? start : 0].digit);
    }
    if (ends) put(w, " -%d", links[n - 1].digit);
    hodoku_put_eliminations(w, step);
}

static void put_forcing_node(writer *w, const sudoku_link *l)
{
    put_node_cells(w, l);
    put(w, l->on ? "=%d" : "<>%d", l->digit);
}

/* One forcing chain (HoDoKu's getForcingChainString): its nodes separated
 * by blanks, each net branch in brackets; a chain of one node writes it
 * twice, as HoDoKu does. */
static void put_forcing_chain(writer *w, const sudoku_link *links, int n)
{
    put_forcing_node(w, &links[0]);
    bool in_branch = false;
    for (int i = 1; i < n; i++) {
        const sudoku_link *l = &links[i];
        if (l->branch && l->branch_start) {
            put_text(w, in_branch ? ") (" : " (");
            in_branch = true;
        } else if (l->branch) {
            put_char(w, ' ');
        } else {
            put_text(w, in_branch ? ") " : " ");
            in_branch = false;
        }
        put_forcing_node(w, l);
    }
    if (n == 1) {
        put_char(w, ' ');
        put_forcing_node(w, &links[0]);
    }
}

static void put_forcing(writer *w, const sudoku_step *step)
{
    if (step->variant == SUDOKU_FORCING_CONTRADICTION) {
        put(w, " in ");
        if (step->units) {
            int unit = sudoku_lowest_bit(step->units);
            put(w, "%c%d", "rcb"[unit / 9], unit % 9 + 1);
        } else if (step->ncells) {
            put(w, "r%dc%d", step->cells[0] / 9 + 1, step->cells[0] % 9 + 1);
        }
    }
    bool placed = false;
    for (int cell = 0; cell < SUDOKU_CELLS && !placed; cell++)
        if (step->place[cell]) {
            put(w, " => r%dc%d=%d", cell / 9 + 1, cell % 9 + 1, step->place[cell]);
            placed = true;
        }
    if (!placed) hodoku_put_eliminations(w, step);
    for (int i = 0; i < step->nlinks;) {
        int end = i + 1;
        while (end < step->nlinks && !step->links[end].start) end++;
        put_text(w, "\n  ");
        put_forcing_chain(w, step->links + i, end - i);
        i = end;
    }
}

/* The marks of a role and group: their cells, the union of their digits. */
static unsigned marked(const sudoku_step *step, int role, int group, uint64_t cells[2])
{
    unsigned digits = 0;
    cells[0] = cells[1] = 0;
    for (int i = 0; i < step->nmarks; i++) {
        const sudoku_mark *m = &step->marks[i];
        if (m->role != role || m->group != group || m->cell == SUDOKU_NO_CELL) continue;
        hodoku_add_cell(cells, m->cell);
        digits |= m->digits;
    }
    return digits;
}

/* An almost locked set: "r5c24567 {124679}". */
static void put_als(writer *w, const sudoku_step *step, int group)
{
    uint64_t cells[2];
    unsigned digits = marked(step, SUDOKU_ROLE_ALS, group, cells);
    hodoku_put_cells(w, cells);
    put_text(w, " {");
    put_digits(w, digits, "");
    put_char(w, '}');
}

static unsigned restricted(const sudoku_step *step, int group)
{
    uint64_t cells[2];
    return marked(step, SUDOKU_ROLE_RESTRICTED, group, cells);
}

static void put_als_step(writer *w, const sudoku_step *step)
{
    if (step->technique == SUDOKU_ALS_CHAIN) {
        int nsets = 0;
        for (int i = 0; i < step->nmarks; i++)
            if (step->marks[i].role == SUDOKU_ROLE_ALS && step->marks[i].group >= nsets)
                nsets = step->marks[i].group + 1;
        put_char(w, ' ');
        put_digits(w, removed_digits(step), "");
        put_text(w, "- ");
        for (int i = 0; i < nsets; i++) {
            put_als(w, step, i);
            if (i + 1 < nsets) {
                put_text(w, " -");
                put_digits(w, restricted(step, i), "");
                put_text(w, "- ");
            }
        }
        put_text(w, " -");
        put_digits(w, removed_digits(step), "");
    } else {
        bool wing = step->technique == SUDOKU_ALS_XY_WING;
        for (int i = 0; i < (wing ? 3 : 2); i++) {
            put(w, "%s%c=", i ? ", " : " ", 'A' + i);
            put_als(w, step, i);
        }
        put_text(w, wing ? ", X,Y=" : ", X=");
        put_digits(w, restricted(step, 0) | (wing ? restricted(step, 1) : 0), ",");
        if (step->extra) {
            put_text(w, ", Z=");
            put_digits(w, step->extra, ",");
        }
    }
    hodoku_put_eliminations(w, step);
}

bool hodoku_put_chain_step(writer *w, const sudoku_step *step)
{
    switch (step->technique) {
    case SUDOKU_REMOTE_PAIR:
    case SUDOKU_TURBOT_FISH:
    case SUDOKU_X_CHAIN:
    case SUDOKU_XY_CHAIN:
    case SUDOKU_NICE_LOOP:
    case SUDOKU_GROUPED_NICE_LOOP: put_loop(w, step); return true;
    case SUDOKU_ALS_XZ:
    case SUDOKU_ALS_XY_WING:
    case SUDOKU_ALS_CHAIN: put_als_step(w, step); return true;
    case SUDOKU_FORCING_CHAIN:
    case SUDOKU_FORCING_NET: put_forcing(w, step); return true;
    default: return false;
    }
}
