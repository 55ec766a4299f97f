/*
 * compare.c: HoDoKu's order among the steps one chain search collects:
 * its standard comparator, and its duplicate check with the sorted,
 * repeat-free elimination list it leaves behind.
 */
#include "compare.h"

#include <stdlib.h>
#include <string.h>

int hodoku_sort_removals(sudoku_candidate *elim, int n)
{
    /* Insertion sort: the lists are short, and often sorted already. */
    for (int i = 1; i < n; i++) {
        sudoku_candidate c = elim[i];
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

long hodoku_weighted_sum(const sudoku_candidate *elim, int n)
{
    long sum = 0, weight = 1;
    for (int k = 0; k < n; k++, weight += 80) sum += elim[k].cell * weight + elim[k].digit;
    return sum;
}

static int digit_sum(unsigned digits)
{
    int sum = 0;
    for (int d = 1; digits; d++, digits >>= 1)
        if (digits & 1u) sum += d;
    return sum;
}

int hodoku_compare_standard(const hodoku_rank *a, const hodoku_rank *b)
{
    if (a->nremovals != b->nremovals) return b->nremovals - a->nremovals;
    bool equivalent = a->type == b->type &&
                      memcmp(a->removals, b->removals, (size_t)a->nremovals * sizeof *a->removals) == 0;
    if (!equivalent) {
        long d = hodoku_weighted_sum(a->removals, a->nremovals) - hodoku_weighted_sum(b->removals, b->nremovals);
        return d < 0 ? -1 : d > 0;
    }
    if (a->length != b->length) return a->length - b->length;
    if (a->digits != b->digits) return digit_sum(a->digits) - digit_sum(b->digits);
    return 0;
}

/* ---- the duplicate check ---- */

struct hodoku_key {
    uint32_t hash;
    int type, start, n, value;
};

static uint32_t key_hash(int type, const sudoku_candidate *elim, int n)
{
    uint32_t h = 2166136261u ^ (uint32_t)type;
    for (int i = 0; i < n; i++) h = (h ^ (uint32_t)(elim[i].cell * 10 + elim[i].digit)) * 16777619u;
    return h;
}

void hodoku_keymap_init(hodoku_keymap *map)
{
    memset(map, 0, sizeof *map);
}

void hodoku_keymap_free(hodoku_keymap *map)
{
    free(map->slots);
    free(map->keys);
    free(map->pool);
    hodoku_keymap_init(map);
}

static bool same_key(const hodoku_keymap *map, const struct hodoku_key *key, uint32_t hash, int type,
                     const sudoku_candidate *elim, int n)
{
    return key->hash == hash && key->type == type && key->n == n &&
           memcmp(map->pool + key->start, elim, (size_t)n * sizeof *elim) == 0;
}

int *hodoku_keymap_find(const hodoku_keymap *map, int type, const sudoku_candidate *elim, int n)
{
    if (!map->nslots) return NULL;
    uint32_t hash = key_hash(type, elim, n);
    for (int i = (int)(hash & (uint32_t)(map->nslots - 1));; i = (i + 1) & (map->nslots - 1)) {
        if (!map->slots[i]) return NULL;
        struct hodoku_key *key = &map->keys[map->slots[i] - 1];
        if (same_key(map, key, hash, type, elim, n)) return &key->value;
    }
}

/* Doubles the slots (and keys) when they are half full. */
static bool grow(hodoku_keymap *map)
{
    int nslots = map->nslots ? 2 * map->nslots : 64;
    int *slots = calloc((size_t)nslots, sizeof *slots);
    struct hodoku_key *keys = realloc(map->keys, (size_t)(nslots / 2) * sizeof *keys);
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

bool hodoku_keymap_put(hodoku_keymap *map, int type, const sudoku_candidate *elim, int n, int value)
{
    if (2 * (map->nkeys + 1) > map->nslots && !grow(map)) return false;
    if (map->npool + n > map->pool_size) {
        int size = map->pool_size ? 2 * map->pool_size : 1024;
        while (size < map->npool + n) size *= 2;
        sudoku_candidate *pool = realloc(map->pool, (size_t)size * sizeof *pool);
        if (!pool) return false;
        map->pool = pool;
        map->pool_size = size;
    }
    memcpy(map->pool + map->npool, elim, (size_t)n * sizeof *elim);
    struct hodoku_key *key = &map->keys[map->nkeys];
    key->hash = key_hash(type, elim, n);
    key->type = type;
    key->start = map->npool;
    key->n = n;
    key->value = value;
    map->npool += n;
    int i = (int)(key->hash & (uint32_t)(map->nslots - 1));
    while (map->slots[i]) i = (i + 1) & (map->nslots - 1);
    map->slots[i] = ++map->nkeys;
    return true;
}
