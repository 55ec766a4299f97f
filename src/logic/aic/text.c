/*
 * text.c: HoDoKu's own wording of a chain family step (hodoku-spec 11.3,
 * 11.4): compressed cell lists, eliminations grouped by digit, chains in
 * nice loop notation, forcing chains one line each with their net
 * branches in brackets, almost locked sets with their digits.
 */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Where the text goes: written while there is room, counted always. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[64];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    for (int i = 0; i < n && i < (int)sizeof tmp - 1; i++, o->len++)
        if (o->len + 1 < o->size) o->buf[o->len] = tmp[i];
    if (o->size) o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

/* HoDoKu's compressed list of a set of cells: r7c589, r89c2, r1c12,r2c1. */
static void cells(out *o, aic_set set)
{
    bool first = true;
    for (int cell; (cell = aic_set_pop(&set)) >= 0; first = false) {
        int row = cell / 9, col = cell % 9;
        char rows[10], cols[10];
        int nrows = 1, ncols = 1;
        rows[0] = (char)('1' + row);
        cols[0] = (char)('1' + col);
        aic_set rest = set;
        for (int other; (other = aic_set_pop(&rest)) >= 0;) {
            if (other / 9 == row && nrows == 1) {
                cols[ncols++] = (char)('1' + other % 9);
                aic_set_remove(&set, other);
            } else if (other % 9 == col && ncols == 1) {
                rows[nrows++] = (char)('1' + other / 9);
                aic_set_remove(&set, other);
            }
        }
        rows[nrows] = cols[ncols] = '\0';
        put(o, "%sr%sc%s", first ? "" : ",", rows, cols);
    }
}

static void node_cells(out *o, const aic_node *n)
{
    aic_set set = aic_set_empty();
    for (int i = 0; i < n->ncells; i++) aic_set_add(&set, n->cells[i]);
    cells(o, set);
}

/* " => r7c5,r9c2<>4, r7c589<>6": the eliminations by digit, in the order
 * the digits first appear. */
static void eliminations(out *o, const aic_step *step)
{
    put(o, " => ");
    uint16_t done = 0;
    for (int i = 0; i < step->nelim; i++) {
        int digit = step->elim[i].digit;
        if (done & (1u << digit)) continue;
        done |= (uint16_t)(1u << digit);
        aic_set set = aic_set_empty();
        for (int j = i; j < step->nelim; j++)
            if (step->elim[j].digit == digit) aic_set_add(&set, step->elim[j].cell);
        if (i) put(o, ", ");
        cells(o, set);
        put(o, "<>%d", digit);
    }
}

/* The digits eliminated, ascending, joined by sep ("/" or ""). */
static void eliminated_digits(out *o, const aic_step *step, const char *sep)
{
    uint16_t digits = 0;
    for (int i = 0; i < step->nelim; i++) digits |= (uint16_t)(1u << step->elim[i].digit);
    for (int d = 1, first = 1; d <= 9; d++)
        if (digits & (1u << d)) {
            put(o, "%s%d", first ? "" : sep, d);
            first = 0;
        }
}

/* The chain in nice loop notation: each node after the first that enters a
 * new cell, as -d- (weak) or =d= (strong) and its cells. */
static void chain(out *o, const aic_node *nodes, int n)
{
    int last = -1;
    for (int i = 0; i < n; i++) {
        if (nodes[i].cells[0] == last) continue;
        last = nodes[i].cells[0];
        if (i) put(o, (nodes[i].flags & AIC_NODE_ON) ? " =%d= " : " -%d- ", nodes[i].digit);
        node_cells(o, &nodes[i]);
    }
}

static void loop_text(out *o, const aic_step *step)
{
    const aic_node *nodes = step->nodes;
    int n = step->chain_start[1];
    put(o, "%s: ", aic_kind_name(step->kind));
    if (step->kind == AIC_REMOTE_PAIR)
        put(o, "%d/%d", step->values[0], step->values[1]);
    else
        eliminated_digits(o, step, "/");
    put(o, " ");
    bool continuous = step->kind == AIC_CONTINUOUS_LOOP || step->kind == AIC_GROUPED_CONTINUOUS_LOOP;
    bool ends = step->kind == AIC_AIC || step->kind == AIC_GROUPED_AIC || step->kind == AIC_XY_CHAIN;
    if (continuous) {
        int end = n - 1;
        while (end >= 0 && nodes[end].cells[0] == nodes[n - 1].cells[0]) end--;
        put(o, "%d= ", nodes[end + 1].digit);
    }
    if (ends) put(o, "%d- ", nodes[0].digit);
    chain(o, nodes, n);
    if (continuous) {
        int start = 0;
        while (start < n && nodes[start].cells[0] == nodes[0].cells[0]) start++;
        put(o, " =%d", nodes[start].digit);
    }
    if (ends) put(o, " -%d", nodes[n - 1].digit);
    eliminations(o, step);
}

static void forcing_node(out *o, const aic_node *n)
{
    node_cells(o, n);
    put(o, (n->flags & AIC_NODE_ON) ? "=%d" : "<>%d", n->digit);
}

/* One forcing chain: its nodes separated by blanks, net branches in
 * brackets (HoDoKu's getForcingChainString). */
static void forcing_chain(out *o, const aic_node *nodes, int n)
{
    if (n == 0) return;
    forcing_node(o, &nodes[0]);
    bool in_branch = false;
    for (int i = 1; i < n - 1; i++) {
        if (nodes[i].flags & AIC_NODE_BRANCH_END) {
            put(o, ")");
            in_branch = false;
            continue;
        }
        bool blank = true;
        if ((nodes[i].flags & AIC_NODE_BRANCH) && !in_branch) {
            put(o, " (");
            in_branch = true;
            blank = false;
        }
        if (!(nodes[i].flags & AIC_NODE_BRANCH) && in_branch) {
            put(o, ")");
            in_branch = false;
        }
        if (blank) put(o, " ");
        forcing_node(o, &nodes[i]);
    }
    put(o, " "); /* HoDoKu writes the last node even when it is the first */
    forcing_node(o, &nodes[n - 1]);
}

static void forcing_text(out *o, const aic_step *step)
{
    put(o, "%s", aic_kind_name(step->kind));
    if (step->kind == AIC_FORCING_CHAIN_CONTRADICTION || step->kind == AIC_FORCING_NET_CONTRADICTION) {
        static const char letters[] = "rcb";
        if (step->entity == AIC_IN_CELL)
            put(o, " in r%dc%d", step->entity_number / 9 + 1, step->entity_number % 9 + 1);
        else
            put(o, " in %c%d", letters[step->entity], step->entity_number + 1);
    }
    if (step->place_cell >= 0)
        put(o, " => r%dc%d=%d", step->place_cell / 9 + 1, step->place_cell % 9 + 1, step->place_digit);
    else
        eliminations(o, step);
    for (int c = 0; c < step->nchains; c++) {
        put(o, "\n  ");
        forcing_chain(o, step->nodes + step->chain_start[c],
                      step->chain_start[c + 1] - step->chain_start[c]);
    }
}

static void als(out *o, const aic_step *step, int i)
{
    cells(o, step->als[i].cells);
    put(o, " {");
    for (int d = 1; d <= 9; d++)
        if (step->als[i].digits & (1u << (d - 1))) put(o, "%d", d);
    put(o, "}");
}

/* Digits of a set (bit d-1 for d), joined by sep. */
static void digits(out *o, unsigned set, const char *sep)
{
    for (int d = 1, first = 1; d <= 9; d++)
        if (set & (1u << (d - 1))) {
            put(o, "%s%d", first ? "" : sep, d);
            first = 0;
        }
}

static void als_text(out *o, const aic_step *step)
{
    put(o, "%s: ", aic_kind_name(step->kind));
    if (step->kind == AIC_ALS_CHAIN) {
        eliminated_digits(o, step, "");
        put(o, "- ");
        for (int i = 0; i < step->nals; i++) {
            als(o, step, i);
            if (i + 1 < step->nals) {
                put(o, " -");
                digits(o, step->rc[i], "");
                put(o, "- ");
            }
        }
        put(o, " -");
        eliminated_digits(o, step, "");
    } else {
        static const char names[] = "ABC";
        for (int i = 0; i < step->nals; i++) {
            put(o, "%s%c=", i ? ", " : "", names[i]);
            als(o, step, i);
        }
        put(o, step->kind == AIC_ALS_XZ ? ", X=" : ", X,Y=");
        digits(o, step->rc[0], ",");
        if (step->z) {
            put(o, ", Z=");
            digits(o, step->z, ",");
        }
    }
    eliminations(o, step);
}

size_t aic_step_text(const aic_step *step, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (size) buf[0] = '\0';
    switch (step->kind) {
    case AIC_FORCING_CHAIN_CONTRADICTION:
    case AIC_FORCING_CHAIN_VERITY:
    case AIC_FORCING_NET_CONTRADICTION:
    case AIC_FORCING_NET_VERITY: forcing_text(&o, step); break;
    case AIC_ALS_XZ:
    case AIC_ALS_XY_WING:
    case AIC_ALS_CHAIN: als_text(&o, step); break;
    default: loop_text(&o, step); break;
    }
    return o.len;
}
