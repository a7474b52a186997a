/* SPDX-License-Identifier: MIT */
/* horde_frame's spatial order (src/frame_order.h). The sort is a stable counting sort
 * of the NPCs by cell in parts of the batch. Part q counts its NPCs per cell into its own
 * row of counters; each of ORDER_RANGES ranges of cells sums its counts, those sums'
 * prefix (on the calling thread) starts each range, and each range turns its counters
 * into the cursors of part 0, then part 1, ... in every cell; then each part scatters its
 * NPCs from its own cursors. Cell by cell the parts come in batch order, so the order is
 * that of one counting sort over the whole batch however many parts, ranges and workers
 * there are: the parts only share out the work (one part, the plain counting sort, when
 * there is no task system). */
#include <math.h>
#include <string.h>

#include "frame_order.h"

/* Up to ORDER_PARTS parts of at least ORDER_PART_MIN NPCs, each with a row of
 * HORDE_FRAME_CELLS counters. */
#define ORDER_PARTS 8u
#define ORDER_PART_MIN 16384u
#define ORDER_RANGES 8u

void horde_frame_cells_plan(horde_frame_cells *c, const horde_world *w)
{
    /* An axis without chunks still has one row of cells, so the product bounds the count. */
    const double bx = (double)w->nx * HORDE_CHUNK_SIZE, bz = (double)w->nz * HORDE_CHUNK_SIZE;
    double cell = 8.0;
    while (fmax(1.0, ceil(bx / cell)) * fmax(1.0, ceil(bz / cell)) > (double)HORDE_FRAME_CELLS)
        cell *= 2.0;
    c->nx = (uint32_t)fmax(1.0, ceil(bx / cell)), c->nz = (uint32_t)fmax(1.0, ceil(bz / cell));
    c->x0 = (float)((double)w->origin_cx * HORDE_CHUNK_SIZE);
    c->z0 = (float)((double)w->origin_cz * HORDE_CHUNK_SIZE);
    c->inv = (float)(1.0 / cell);
}

static uint32_t parts_for(size_t n)
{
    const size_t q = n / ORDER_PART_MIN;
    return q >= ORDER_PARTS ? ORDER_PARTS : q > 1 ? (uint32_t)q : 1u;
}

size_t horde_frame_order_bytes(size_t n)
{
    return (size_t)parts_for(n) * HORDE_FRAME_CELLS * sizeof(uint32_t); /* 64 divides it */
}

typedef struct sorter {
    const uint32_t *key;
    uint32_t *perm;
    uint32_t *hist; /* parts rows of m counters */
    size_t n, m;    /* NPCs, cells */
    uint32_t parts;
    uint32_t sums[ORDER_RANGES + 1];
} sorter;

static size_t part_at(const sorter *o, uint32_t q) { return o->n * q / o->parts; }
static size_t cell_at(const sorter *o, uint32_t r) { return o->m * r / ORDER_RANGES; }

static void count_parts(uint32_t q0, uint32_t q1, uint32_t worker, void *ctx)
{
    (void)worker;
    const sorter *o = (const sorter *)ctx;
    for (uint32_t q = q0; q < q1; q++) {
        uint32_t *h = o->hist + q * o->m;
        memset(h, 0, o->m * sizeof *h);
        for (size_t i = part_at(o, q); i < part_at(o, q + 1); i++)
            h[o->key[i]]++;
    }
}

static void sum_ranges(uint32_t r0, uint32_t r1, uint32_t worker, void *ctx)
{
    (void)worker;
    sorter *o = (sorter *)ctx;
    for (uint32_t r = r0; r < r1; r++) {
        uint32_t sum = 0;
        for (uint32_t q = 0; q < o->parts; q++)
            for (size_t k = cell_at(o, r); k < cell_at(o, r + 1); k++)
                sum += o->hist[q * o->m + k];
        o->sums[r + 1] = sum;
    }
}

static void cursor_ranges(uint32_t r0, uint32_t r1, uint32_t worker, void *ctx)
{
    (void)worker;
    const sorter *o = (const sorter *)ctx;
    for (uint32_t r = r0; r < r1; r++) {
        uint32_t at = o->sums[r];
        for (size_t k = cell_at(o, r); k < cell_at(o, r + 1); k++)
            for (uint32_t q = 0; q < o->parts; q++) {
                uint32_t *h = &o->hist[q * o->m + k];
                const uint32_t c = *h;
                *h = at, at += c;
            }
    }
}

static void scatter_parts(uint32_t q0, uint32_t q1, uint32_t worker, void *ctx)
{
    (void)worker;
    const sorter *o = (const sorter *)ctx;
    for (uint32_t q = q0; q < q1; q++) {
        uint32_t *cur = o->hist + q * o->m;
        for (size_t i = part_at(o, q); i < part_at(o, q + 1); i++)
            o->perm[cur[o->key[i]]++] = (uint32_t)i;
    }
}

void horde_frame_order_sort(const horde_stages *st, const uint32_t *key, uint32_t *perm, uint32_t *counters,
                            size_t n, const horde_frame_cells *c)
{
    sorter o;
    o.key = key, o.perm = perm, o.hist = counters;
    o.n = n, o.m = (size_t)c->nx * c->nz;
    o.parts = st->tasks ? parts_for(n) : 1;
    o.sums[0] = 0;
    /* one part: the counting and the scatter run inline, and so do the cell ranges */
    const uint32_t min_ranges = o.parts > 1 ? 1 : ORDER_RANGES;
    horde_stage(st, count_parts, o.parts, 1, &o);
    horde_stage(st, sum_ranges, ORDER_RANGES, min_ranges, &o);
    for (uint32_t r = 0; r < ORDER_RANGES; r++)
        o.sums[r + 1] += o.sums[r];
    horde_stage(st, cursor_ranges, ORDER_RANGES, min_ranges, &o);
    horde_stage(st, scatter_parts, o.parts, 1, &o);
}
