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
    return g && g->start && g->items && horde_pole_cell_ok(g->cell) && g->nx >= 1 && g->nz >= 1 &&
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

void horde_pole_sort_movers(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                            horde_pole_sorted *s)
{
    const size_t n = b->n;
    uint32_t *const count = sort_counts(scratch);
    const uint32_t row = g->nx + 2, none = row * (g->nz + 2);
    const uint32_t *const key = horde_pole_sort_keys(g, scratch);
    uint32_t *const order = count + none + 2 + n, *const sorted = order + n;
    float *mov[5];
    const float *const in[5] = {b->x, b->y, b->z, b->radius, b->height};
    for (int f = 0; f < 5; f++)
        mov[f] = (float *)(sorted + n + HORDE_POLE_SORT_PAD) + (size_t)f * (n + HORDE_POLE_SORT_PAD);
    memset(count, 0, ((size_t)none + 2) * sizeof *count);
    for (size_t i = 0; i < n; i++)
        count[key[i] + 1]++;
    for (uint32_t c = 0; c <= none; c++) /* count[c] = the first place of bucket c */
        count[c + 1] += count[c];
    for (size_t i = 0; i < n; i++) {
        const uint32_t at = count[key[i]]++;
        order[at] = (uint32_t)i, sorted[at] = key[i];
        for (int f = 0; f < 5; f++)
            mov[f][at] = in[f][i];
    }
    for (size_t i = n; i < n + HORDE_POLE_SORT_PAD; i++) {
        sorted[i] = UINT32_MAX;
        for (int f = 0; f < 5; f++)
            mov[f][i] = 0.0f;
    }
    s->order = order, s->key = sorted, s->row = row, s->none = none;
    for (int f = 0; f < 5; f++)
        s->mov[f] = mov[f];
    s->rec = mov[4] + n + HORDE_POLE_SORT_PAD;
    s->seen = (uint8_t *)(s->rec + 5 * items_of(g));
    memset(s->seen, 0, (size_t)items_of(g));
}
