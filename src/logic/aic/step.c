/*
 * step.c: the chain family's step record, and HoDoKu's order among the
 * steps one search collects: its standard comparator and the sorted,
 * repeat-free elimination list its duplicate check leaves behind.
 */
#include "step.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[AIC_KINDS] = {
    "Remote Pair",
    "Turbot Fish",
    "X-Chain",
    "XY-Chain",
    "Discontinuous Nice Loop",
    "Continuous Nice Loop",
    "AIC",
    "Grouped Discontinuous Nice Loop",
    "Grouped Continuous Nice Loop",
    "Grouped AIC",
    "Almost Locked Set XZ-Rule",
    "Almost Locked Set XY-Wing",
    "Almost Locked Set Chain",
    "Forcing Chain Contradiction",
    "Forcing Chain Verity",
    "Forcing Net Contradiction",
    "Forcing Net Verity",
};

static const char *const codes[AIC_KINDS] = {
    "rp", "tf", "x", "xyc", "dnl", "cnl", "aic", "gdnl", "gcnl",
    "gaic", "axz", "axy", "ach", "fcc", "fcv", "fnc", "fnv",
};

const char *aic_kind_name(aic_kind kind)
{
    return names[kind];
}

const char *aic_kind_code(aic_kind kind)
{
    return codes[kind];
}

void aic_step_start(aic_step *step, aic_kind kind)
{
    step->kind = kind;
    step->nelim = 0;
    step->place_cell = -1;
    step->place_digit = 0;
    step->nvalues = 0;
    step->nchains = 0;
    step->chain_start[0] = 0;
    step->nnodes = 0;
    step->nodes_cut = false;
    step->length = 0;
    step->nals = 0;
    step->z = 0;
    step->entity = AIC_IN_CELL;
    step->entity_number = 0;
}

void aic_step_eliminate(aic_step *step, int cell, int digit)
{
    if (step->nelim >= AIC_ELIM_MAX) return; /* a list of every candidate at most, twice at worst */
    step->elim[step->nelim].cell = (uint8_t)cell;
    step->elim[step->nelim++].digit = (uint8_t)digit;
}

void aic_step_new_chain(aic_step *step)
{
    if (step->nchains >= AIC_CHAINS_MAX) return;
    step->nchains++;
    step->chain_start[step->nchains] = step->nnodes;
}

void aic_step_node(aic_step *step, aic_node node)
{
    step->length++;
    if (step->nnodes >= AIC_NODES_MAX) {
        step->nodes_cut = true;
        return;
    }
    step->nodes[step->nnodes++] = node;
    step->chain_start[step->nchains] = step->nnodes;
}

int aic_sort_eliminations(aic_cand *elim, int n)
{
    /* Insertion sort: the lists are short, and often sorted already. */
    for (int i = 1; i < n; i++) {
        aic_cand c = elim[i];
        int key = c.digit * 81 + c.cell, j = i;
        for (; j > 0 && elim[j - 1].digit * 81 + elim[j - 1].cell > key; j--) elim[j] = elim[j - 1];
        elim[j] = c;
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (kept == 0 || elim[i].cell != elim[kept - 1].cell || elim[i].digit != elim[kept - 1].digit)
            elim[kept++] = elim[i];
    return kept;
}

long aic_weighted_sum(const aic_cand *elim, int n)
{
    long sum = 0, weight = 1;
    for (int k = 0; k < n; k++, weight += 80) sum += elim[k].cell * weight + elim[k].digit;
    return sum;
}

int aic_compare_standard(const aic_rank *a, const aic_rank *b)
{
    if (a->nelim != b->nelim) return b->nelim - a->nelim;
    bool equivalent = a->kind == b->kind &&
                      memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof *a->elim) == 0;
    if (!equivalent) {
        long d = aic_weighted_sum(a->elim, a->nelim) - aic_weighted_sum(b->elim, b->nelim);
        return d < 0 ? -1 : d > 0;
    }
    if (a->length != b->length) return a->length - b->length;
    if (a->values != b->values) return a->value_sum - b->value_sum;
    return 0;
}

/* ---- the duplicate check ---- */

struct aic_key {
    uint32_t hash;
    int kind, start, n, value;
};

static uint32_t key_hash(aic_kind kind, const aic_cand *elim, int n)
{
    uint32_t h = 2166136261u ^ (uint32_t)kind;
    for (int i = 0; i < n; i++) h = (h ^ (uint32_t)(elim[i].cell * 10 + elim[i].digit)) * 16777619u;
    return h;
}

void aic_keymap_init(aic_keymap *map)
{
    memset(map, 0, sizeof *map);
}

void aic_keymap_free(aic_keymap *map)
{
    free(map->slots);
    free(map->keys);
    free(map->pool);
    aic_keymap_init(map);
}

static bool same_key(const aic_keymap *map, const struct aic_key *key, uint32_t hash, aic_kind kind,
                     const aic_cand *elim, int n)
{
    return key->hash == hash && key->kind == (int)kind && key->n == n &&
           memcmp(map->pool + key->start, elim, (size_t)n * sizeof *elim) == 0;
}

int *aic_keymap_find(const aic_keymap *map, aic_kind kind, const aic_cand *elim, int n)
{
    if (!map->nslots) return NULL;
    uint32_t hash = key_hash(kind, elim, n);
    for (int i = (int)(hash & (uint32_t)(map->nslots - 1));; i = (i + 1) & (map->nslots - 1)) {
        if (!map->slots[i]) return NULL;
        struct aic_key *key = &map->keys[map->slots[i] - 1];
        if (same_key(map, key, hash, kind, elim, n)) return &key->value;
    }
}

/* Doubles the slots (and keys) when they are half full. */
static bool grow(aic_keymap *map)
{
    int nslots = map->nslots ? 2 * map->nslots : 64;
    int *slots = calloc((size_t)nslots, sizeof *slots);
    struct aic_key *keys = realloc(map->keys, (size_t)(nslots / 2) * sizeof *keys);
    if (!slots || !keys) {
        free(slots);
        if (keys) map->keys = keys;
        return false;
    }
    map->keys = keys;
    for (int k = 0; k < map->nkeys; k++) {
        int i = (int)(keys[k].hash & (uint32_t)(nslots - 1));
        while (slots[i]) i = (i + 1) & (nslots - 1);
        slots[i] = k + 1;
    }
    free(map->slots);
    map->slots = slots;
    map->nslots = nslots;
    return true;
}

bool aic_keymap_put(aic_keymap *map, aic_kind kind, const aic_cand *elim, int n, int value)
{
    if (2 * (map->nkeys + 1) > map->nslots && !grow(map)) return false;
    if (map->npool + n > map->pool_size) {
        int size = map->pool_size ? 2 * map->pool_size : 1024;
        while (size < map->npool + n) size *= 2;
        aic_cand *pool = realloc(map->pool, (size_t)size * sizeof *pool);
        if (!pool) return false;
        map->pool = pool;
        map->pool_size = size;
    }
    memcpy(map->pool + map->npool, elim, (size_t)n * sizeof *elim);
    struct aic_key *key = &map->keys[map->nkeys];
    key->hash = key_hash(kind, elim, n);
    key->kind = (int)kind;
    key->start = map->npool;
    key->n = n;
    key->value = value;
    map->npool += n;
    int i = (int)(key->hash & (uint32_t)(map->nslots - 1));
    while (map->slots[i]) i = (i + 1) & (map->nslots - 1);
    map->slots[i] = ++map->nkeys;
    return true;
}
