/* SPDX-License-Identifier: MIT */
/* The kernel side of the poles' grid (pole_sort.h): the grid check, the mover sort's
 * scratch and the sort itself, which the SIMD radial_push_grid backends call. Compiled
 * once, scalar: integer bookkeeping and the grid check's float compares, the same for
 * every backend. */
#include <string.h>

#include "pole_sort.h"

int horde_pole_grid_ok(const horde_pole_grid *g)
{
    const int32_t far = HORDE_POLE_GRID_MAX_ORIGIN;
    return g && g->start && g->items && horde_pole_cell_ok(g->cell) && g->max_r >= 0.0f &&
           g->max_r <= HORDE_RADIAL_PUSH_MAX_RADIUS && g->nx >= 1 && g->nz >= 1 &&
           (uint64_t)g->nx * g->nz <= HORDE_POLE_GRID_MAX_CELLS && g->cx0 >= -far && g->cx0 <= far &&
           g->cz0 >= -far && g->cz0 <= far;
}

/* The sort's scratch, in uint32 words: the bucket counts (buckets none + 1, and one more
 * for the prefix), then each mover's bucket, the order and the buckets in that order
 * (HORDE_POLE_SORT_PAD more, none of them a bucket), the movers' five inputs in that
 * order (each HORDE_POLE_SORT_PAD longer); then the pole records (five floats per grid
 * item) and a byte per item; plus 63 bytes to align it. */
#define SORT_ALIGN 64
static uint64_t sort_words(const horde_pole_grid *g, uint64_t n)
{
    const uint64_t none = (uint64_t)(g->nx + 2) * (g->nz + 2);
    return none + 2 + 3 * n + HORDE_POLE_SORT_PAD + 5 * (n + HORDE_POLE_SORT_PAD);
}
static uint64_t items_of(const horde_pole_grid *g) { return g->start[(size_t)g->nx * g->nz]; }

size_t horde_pole_sort_bytes(const horde_pole_grid *g, size_t n)
{
    if (!horde_pole_grid_ok(g) || (uint64_t)n >= ((uint64_t)1 << 32))
        return 0;
    const uint64_t bytes = (sort_words(g, n) + 5 * items_of(g)) * sizeof(uint32_t) + items_of(g) + (SORT_ALIGN - 1);
    return bytes <= (uint64_t)SIZE_MAX ? (size_t)bytes : 0;
}

/* The scratch's parts: the bucket counts, the keys, the order, the sorted keys. */
static uint32_t *sort_counts(void *scratch)
{
    return (uint32_t *)(((uintptr_t)scratch + (SORT_ALIGN - 1)) & ~(uintptr_t)(SORT_ALIGN - 1));
}

uint32_t *horde_pole_sort_keys(const horde_pole_grid *g, void *scratch)
{
    return sort_counts(scratch) + (size_t)(g->nx + 2) * (g->nz + 2) + 2;
}

/* The scratch's arrays after the counts: the keys, the order, the sorted keys and the
 * movers' five inputs in that order. */
typedef struct sort_arrays {
    uint32_t *count, *key, *order, *sorted;
    float *mov[5];
} sort_arrays;

static sort_arrays arrays_of(const horde_pole_grid *g, void *scratch, size_t n)
{
    sort_arrays a;
    a.count = sort_counts(scratch);
    a.key = a.count + (size_t)(g->nx + 2) * (g->nz + 2) + 2;
    a.order = a.key + n, a.sorted = a.order + n;
    for (int f = 0; f < 5; f++)
        a.mov[f] = (float *)(a.sorted + n + HORDE_POLE_SORT_PAD) + (size_t)f * (n + HORDE_POLE_SORT_PAD);
    return a;
}

/* Mover i to sorted place `at`. */
static inline void place(const sort_arrays *a, const float *const in[5], size_t i, uint32_t at)
{
    a->order[at] = (uint32_t)i, a->sorted[at] = a->key[i];
    for (int f = 0; f < 5; f++)
        a->mov[f][at] = in[f][i];
}

void horde_pole_sort_pads(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch)
{
    const size_t n = b->n;
    const sort_arrays a = arrays_of(g, scratch, n);
    for (size_t i = n; i < n + HORDE_POLE_SORT_PAD; i++) {
        a.sorted[i] = UINT32_MAX;
        for (int f = 0; f < 5; f++)
            a.mov[f][i] = 0.0f;
    }
}

void horde_pole_sort_view(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                          horde_pole_sorted *s)
{
    const size_t n = b->n;
    const sort_arrays a = arrays_of(g, scratch, n);
    s->order = a.order, s->key = a.sorted, s->row = g->nx + 2, s->none = s->row * (g->nz + 2);
    for (int f = 0; f < 5; f++)
        s->mov[f] = a.mov[f];
    s->rec = a.mov[4] + n + HORDE_POLE_SORT_PAD;
    s->seen = (uint8_t *)(s->rec + 5 * items_of(g));
    memset(s->seen, 0, (size_t)items_of(g));
}

void horde_pole_sort_movers(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                            horde_pole_sorted *s)
{
    const size_t n = b->n;
    const sort_arrays a = arrays_of(g, scratch, n);
    uint32_t *const count = a.count;
    const uint32_t none = (g->nx + 2) * (g->nz + 2);
    const float *const in[5] = {b->x, b->y, b->z, b->radius, b->height};
    memset(count, 0, ((size_t)none + 2) * sizeof *count);
    for (size_t i = 0; i < n; i++)
        count[a.key[i] + 1]++;
    for (uint32_t c = 0; c <= none; c++) /* count[c] = the first place of bucket c */
        count[c + 1] += count[c];
    for (size_t i = 0; i < n; i++)
        place(&a, in, i, count[a.key[i]]++);
    horde_pole_sort_pads(g, b, scratch);
    horde_pole_sort_view(g, b, scratch, s);
}

/* A block's range in the sorted keys' places lo, lo + 1: the smallest bucket and the
 * largest (none, UINT32_MAX when every mover is in none). The last block may hold one
 * mover; its place lo + 1 is then the first pad entry (n + HORDE_POLE_SORT_PAD words
 * are there). */
void horde_pole_sort_note(const horde_pole_grid *g, void *scratch, size_t n, size_t lo, size_t hi)
{
    const sort_arrays a = arrays_of(g, scratch, n);
    const uint32_t none = (g->nx + 2) * (g->nz + 2);
    uint32_t kmin = none, kmax = 0;
    for (size_t i = lo; i < hi; i++) {
        const uint32_t k = a.key[i];
        if (k != none) {
            kmin = k < kmin ? k : kmin;
            kmax = k > kmax ? k : kmax;
        }
    }
    a.sorted[lo] = kmin, a.sorted[lo + 1] = kmin == none ? UINT32_MAX : kmax;
}

static size_t block_count(size_t n) { return (n + HORDE_POLE_SORT_BLOCK - 1) / HORDE_POLE_SORT_BLOCK; }

/* By blocks when each block's range fits the stack's counters and the ranges add up to
 * at most 2 n keys: a block then holds on average a mover for every two buckets of its
 * range, and groups fill as they do in the whole sort. Movers in batch order scattered
 * over the grid give each block about the whole grid's range, and the whole sort. */
int horde_pole_sort_local(const horde_pole_grid *g, void *scratch, size_t n)
{
    const sort_arrays a = arrays_of(g, scratch, n);
    uint64_t keys = 0;
    for (size_t k = 0; k < block_count(n); k++) {
        const size_t lo = k * HORDE_POLE_SORT_BLOCK;
        if (a.sorted[lo + 1] == UINT32_MAX)
            continue;
        const uint32_t range = a.sorted[lo + 1] - a.sorted[lo];
        if (range >= HORDE_POLE_LOCAL_KEYS)
            return 0;
        keys += range + 1u;
    }
    return keys <= 2 * (uint64_t)n;
}

/* A stable counting sort of the block's movers by bucket, into its own places: buckets
 * kmin .. kmax as counters 0 .. kmax - kmin, none after them (the last bucket, as in the
 * whole sort). At most HORDE_POLE_SORT_BLOCK movers: 16-bit counters. */
void horde_pole_sort_block(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                           size_t k)
{
    const size_t n = b->n, lo = k * HORDE_POLE_SORT_BLOCK, hi = lo + HORDE_POLE_SORT_BLOCK < n ? lo + HORDE_POLE_SORT_BLOCK : n;
    const sort_arrays a = arrays_of(g, scratch, n);
    const uint32_t none = (g->nx + 2) * (g->nz + 2);
    const uint32_t kmin = a.sorted[lo], kmax = a.sorted[lo + 1];
    const uint32_t span = kmax == UINT32_MAX ? 0 : kmax - kmin + 1; /* counters before none's */
    uint16_t count[HORDE_POLE_LOCAL_KEYS + 2], at[HORDE_POLE_SORT_BLOCK];
    const float *const in[5] = {b->x, b->y, b->z, b->radius, b->height};
    memset(count, 0, (span + 2) * sizeof *count);
    for (size_t i = lo; i < hi; i++) {
        const uint32_t key = a.key[i], c = key == none ? span : key - kmin;
        at[i - lo] = (uint16_t)c;
        count[c + 1]++;
    }
    for (uint32_t c = 0; c <= span; c++)
        count[c + 1] = (uint16_t)(count[c + 1] + count[c]);
    for (size_t i = lo; i < hi; i++)
        place(&a, in, i, (uint32_t)lo + count[at[i - lo]]++);
}
