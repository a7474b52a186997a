/* SPDX-License-Identifier: MIT */
/* The crowd separation's first stages (crowd_stages.h): the scratch layout, validation
 * (invalid movers get their result at once), the grid's cell size from the valid movers'
 * radii, every valid mover's cell, and the choice of the cells' numbering; then the sort
 * (crowd_sort.c). The contact set is defined by the header without reference to the
 * grid; the grid only finds it, so the cell size changes only the cost. */
#include "crowd_stages.h"

/* Grid cell edge, from a typical radius (the largest, or twice the mean when that is
 * smaller: one giant must not make every cell giant). Each pair is searched for by its
 * larger mover (crowd_search.c), whose contacts with movers no larger have axes closer
 * than 2 r REACH. Cell coordinates are floor(x / cell), and x / cell is rounded by at
 * most 2^-24 relative: two movers' coordinates differ from the exact by at most
 * slack = 2 (M / cell) 2^-24 cells, M the largest |x| or |z|. A mover therefore finds all
 * its contacts within ceil(2 r REACH / cell + slack) cells each way (reach_cells).
 *   tight: cell = 2.525 typical (1 % over the typical mover's reach) when M / cell <= 2^14:
 *          slack <= 2^-9, so the typical mover searches 3 x 3 cells;
 *   loose: otherwise (huge coordinates, tiny radii) cell = 3.125 typical, at least
 *          CELL_MIN: M / cell <= 2^20, slack <= 1/8, again 3 x 3 cells for it.
 * Larger movers search farther. */
#define CELL_TIGHT 2.525f
#define CELL_TIGHT_MAX_RATIO 0x1p14f
#define SLACK_TIGHT 0x1p-9f
#define CELL_LOOSE 3.125f
#define CELL_MIN 0x1p-4f
#define SLACK_LOOSE 0.125f
/* 1 + 2^-18: the float contact test's and reach_cells' own rounding (relative, a few
 * 2^-24). Not needed, kept as a guard: the slack above is twice what the quotients'
 * rounding can use. A quotient below 2^p (p = 14 tight, 20 loose) is rounded by at most
 * half its spacing, 2^(p-25) cells, so two of them by 2^(p-24) = slack / 2; the other
 * half, 2^-10 cells or more, exceeds what the contact test's rounding adds to a reach of
 * at most RUNS_MAX / 2 cells (about 40 * 2^-21 cells). So a ROUNDING_MARGIN of 1 finds
 * the same contacts (mutation checks: an equivalent mutant). */
#define ROUNDING_MARGIN 1.000004f

int32_t horde_crowd_reach_cells(const grid *g, float r)
{
    const float u = 2.0f * r * HORDE_CROWD_SEPARATE_REACH / g->cell * ROUNDING_MARGIN + g->slack;
    return u < 1.0f ? 1 : (int32_t)ceilf(u);
}

/* Arrays of `stride` 4-byte elements in the scratch, in this order; then the buckets'
 * starts (H + 1 entries), then the stages' per-block results (BLOCK_WORDS per mover
 * block, SORT_RUNS per sort block). */
enum { A_IDX, A_COUNT, A_FLAGS, A_KEY, A_X0, A_Z0, A_X1, A_Z1, A_Y, A_TOP, A_R, A_W, A_FIXED };
#define SLOT_ARRAYS 3 /* part, R, share: CROWD_K each */
#define ALIGN 64      /* the scratch is used from its first 64-byte boundary */
#define BLOCK_WORDS (sizeof(crowd_acc) / 4 + 4 + 1) /* acc, bounds, any */
_Static_assert(sizeof(crowd_acc) % 4 == 0, "crowd_acc is 4-byte words");

/* n rounded up to 8 (whole vectors at every group) plus one spare vector (a scan's loads
 * past its run's end stay inside the array). */
static size_t stride_of(size_t n) { return (n + 7) / 8 * 8 + 8; }
/* Buckets: a power of two >= 8 n. A bounding-box grid is used when its cells fit in as
 * many, so a crowd down to one mover per 8 cells keeps the row-major cell order, whose
 * neighbouring cells sit close in memory; the hashed grid (load at most 1/8) scatters
 * neighbours over the whole table and is left to crowds spread thinner. */
static size_t buckets_of(size_t n)
{
    size_t h = 2;
    while (h < 8 * n)
        h <<= 1;
    return h;
}
/* The per-block words. */
static size_t block_words(size_t n)
{
    return BLOCK_WORDS * horde_crowd_blocks(n, CROWD_TASK_BLOCK) +
           (size_t)SORT_RUNS * horde_crowd_blocks(n, CROWD_SORT_BLOCK);
}

size_t horde_crowd_separate_scratch_bytes(size_t n)
{
    if (n > HORDE_CROWD_SEPARATE_MAX_N)
        return 0;
    const size_t per = A_FIXED + SLOT_ARRAYS * CROWD_K; /* 36 arrays */
    const size_t stride = stride_of(n), h = buckets_of(n), blocks = block_words(n);
    if (stride > (SIZE_MAX / 4 - h - 1 - blocks - ALIGN) / per)
        return 0; /* 32-bit targets: too many movers for the address space */
    return 4 * (stride * per + h + 1 + blocks) + ALIGN;
}

/* The cell's bucket: a multiplicative hash of the two cell coordinates. */
uint32_t horde_crowd_hash(int32_t cx, int32_t cz, uint32_t mask)
{
    uint32_t h = (uint32_t)cx * 0x9E3779B1u + (uint32_t)cz * 0x85EBCA77u;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    return h & mask;
}

uint32_t horde_crowd_bucket(const grid *g, int32_t cx, int32_t cz)
{
    if (g->box)
        return (uint32_t)(cz - g->cz0) * g->nx + (uint32_t)(cx - g->cx0);
    return horde_crowd_hash(cx, cz, g->mask);
}

void horde_crowd_cells_from(const horde_crowd_separate_batch *c, size_t first, size_t end, const uint32_t *key,
                            float cell, int32_t *cxs, int32_t *czs, int32_t bounds[4])
{
    for (size_t i = first; i < end; i++)
        if (key[i] != KEY_INVALID) {
            /* |x / cell| <= 2^20 (the comment above): horde_ifloor is floorf there, and no
             * libm call. */
            const int32_t cx = horde_ifloor(c->x[i] / cell), cz = horde_ifloor(c->z[i] / cell);
            cxs[i] = cx, czs[i] = cz;
            bounds[0] = cx < bounds[0] ? cx : bounds[0], bounds[2] = cx > bounds[2] ? cx : bounds[2];
            bounds[1] = cz < bounds[1] ? cz : bounds[1], bounds[3] = cz > bounds[3] ? cz : bounds[3];
        }
}

void horde_crowd_cells(const horde_crowd_separate_batch *c, size_t lo, size_t hi, const uint32_t *key, float cell,
                       int32_t *cxs, int32_t *czs, int32_t bounds[4])
{
    horde_crowd_cells_from(c, lo, hi, key, cell, cxs, czs, bounds);
}

/* Movers first .. end - 1 added to *a (horde_crowd_validate's loop, and a SIMD
 * validation's last movers). */
void horde_crowd_validate_from(const horde_crowd_separate_batch *c, size_t first, size_t end, uint32_t *key,
                               crowd_acc *a)
{
    for (size_t i = first; i < end; i++) {
        const float x = c->x[i], z = c->z[i], r = c->radius[i];
        const float wt = c->weight ? c->weight[i] : 1.0f;
        if (horde_crowd_mover_ok(x, c->y[i], z, r, c->height[i], wt)) {
            key[i] = 0, a->valid++;
            a->max_r = r > a->max_r ? r : a->max_r;
            a->sums[i % CROWD_SUMS] += r;
            a->extent = fabsf(x) > a->extent ? fabsf(x) : a->extent;
            a->extent = fabsf(z) > a->extent ? fabsf(z) : a->extent;
        } else {
            key[i] = KEY_INVALID;
            c->out_x[i] = x, c->out_z[i] = z, c->out_flags[i] = HORDE_FLAG_INVALID;
        }
    }
}

/* Validation, scalar (horde_crowd_validate_fn). */
void horde_crowd_validate(const horde_crowd_separate_batch *c, size_t lo, size_t hi, uint32_t *key, crowd_acc *a)
{
    horde_crowd_validate_from(c, lo, hi, key, a);
}

/* Views into the scratch. */
static void layout(crowd_call *cc, void *scratch, size_t n)
{
    uintptr_t p = (uintptr_t)scratch;
    p = (p + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1);
    uint32_t *base = (uint32_t *)p;
    const size_t st = stride_of(n);
    float *fb = (float *)base;
    crowd_work *w = &cc->w;
    w->stride = (uint32_t)st;
    w->idx = base + A_IDX * st, w->count = base + A_COUNT * st, w->flags = base + A_FLAGS * st;
    cc->key = base + A_KEY * st;
    w->x[0] = fb + A_X0 * st, w->z[0] = fb + A_Z0 * st;
    w->x[1] = fb + A_X1 * st, w->z[1] = fb + A_Z1 * st;
    cc->sorted[0] = fb + A_Y * st, cc->sorted[1] = fb + A_TOP * st, cc->sorted[2] = fb + A_R * st;
    cc->sorted[3] = fb + A_W * st;
    w->part = base + A_FIXED * st;
    w->R = fb + (A_FIXED + CROWD_K) * st;
    w->share = fb + (A_FIXED + 2 * CROWD_K) * st;
    cc->g.start = base + (A_FIXED + SLOT_ARRAYS * CROWD_K) * st;
    uint32_t *blk = cc->g.start + buckets_of(n) + 1;
    const uint32_t blocks = horde_crowd_blocks(n, CROWD_TASK_BLOCK);
    cc->acc = (crowd_acc *)blk, blk += blocks * (sizeof(crowd_acc) / 4);
    cc->bounds = (int32_t(*)[4])blk, blk += blocks * 4;
    cc->any = blk, blk += blocks;
    cc->hist = blk;
    /* Until the lists are built: cells by batch index in the first two slots of part; the
     * sorted cells in the second position buffer (both int32) until pass 0 writes it
     * (crowd_iterate.c). */
    cc->cxs = (int32_t *)w->part, cc->czs = (int32_t *)w->part + st;
    cc->scx = (int32_t *)w->x[1], cc->scz = (int32_t *)w->z[1];
}

/* The validation's stage: blocks of batch indices, each into its own crowd_acc. */
static void validate_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi;
        horde_crowd_block(b, cc->c->n, CROWD_TASK_BLOCK, &lo, &hi);
        memset(&cc->acc[b], 0, sizeof cc->acc[b]);
        cc->ops->validate(cc->c, lo, hi, cc->key, &cc->acc[b]);
    }
}

/* The cells' stage: blocks of batch indices, each with its own bounds. */
static void cell_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi;
        horde_crowd_block(b, cc->c->n, CROWD_TASK_BLOCK, &lo, &hi);
        int32_t *bd = cc->bounds[b];
        bd[0] = bd[1] = INT32_MAX, bd[2] = bd[3] = INT32_MIN;
        cc->ops->cells(cc->c, lo, hi, cc->key, cc->g.cell, cc->cxs, cc->czs, bd);
    }
}

/* The blocks' validation results, block after block: the radii's partial sums of block b
 * added to the totals in block order, then ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 +
 * s7)); one order of the adds whatever ran the blocks. */
static void stats_of(const crowd_call *cc, uint32_t blocks, crowd_stats *st)
{
    crowd_acc t = {0};
    for (uint32_t b = 0; b < blocks; b++) {
        const crowd_acc *a = &cc->acc[b];
        t.valid += a->valid;
        t.max_r = a->max_r > t.max_r ? a->max_r : t.max_r;
        t.extent = a->extent > t.extent ? a->extent : t.extent;
        for (int k = 0; k < CROWD_SUMS; k++)
            t.sums[k] += a->sums[k];
    }
    const float *p = t.sums;
    st->valid = t.valid, st->max_r = t.max_r, st->extent = t.extent;
    st->sum_r = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
}

/* Box or hash: the box when its cells fit in the buckets. */
static void choose_numbering(crowd_call *cc, uint32_t blocks)
{
    grid *g = &cc->g;
    int32_t b[4] = {INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN};
    for (uint32_t k = 0; k < blocks; k++) {
        const int32_t *bd = cc->bounds[k];
        b[0] = bd[0] < b[0] ? bd[0] : b[0], b[1] = bd[1] < b[1] ? bd[1] : b[1];
        b[2] = bd[2] > b[2] ? bd[2] : b[2], b[3] = bd[3] > b[3] ? bd[3] : b[3];
    }
    const int32_t x0 = b[0], z0 = b[1], x1 = b[2], z1 = b[3];
    g->box = 0;
    if (x0 > x1) /* no valid mover */
        return;
    const uint64_t nx = (uint64_t)((int64_t)x1 - x0 + 1), nz = (uint64_t)((int64_t)z1 - z0 + 1);
    if (nx * nz <= (uint64_t)g->mask + 1) {
        g->box = 1;
        g->cx0 = x0, g->cz0 = z0, g->nx = (uint32_t)nx, g->nz = (uint32_t)nz;
    }
}

void horde_crowd_prepare(crowd_call *cc, const horde_stages *st, const horde_crowd_separate_batch *c, void *scratch,
                         uint32_t iterations, const horde_crowd_ops *ops)
{
    memset(cc, 0, sizeof *cc);
    cc->c = c, cc->ops = ops, cc->iterations = iterations;
    layout(cc, scratch, c->n);
    const uint32_t blocks = horde_crowd_blocks(c->n, CROWD_TASK_BLOCK);
    horde_stage(st, validate_blocks, blocks, CROWD_MIN_BLOCKS, cc);
    stats_of(cc, blocks, &cc->stats);
    cc->w.n = cc->g.n = cc->stats.valid;
}

void horde_crowd_grid(crowd_call *cc, const horde_stages *st)
{
    const horde_crowd_separate_batch *c = cc->c;
    const uint32_t blocks = horde_crowd_blocks(c->n, CROWD_TASK_BLOCK);
    const crowd_stats s = cc->stats;
    grid *g = &cc->g;
    const float max_r = s.max_r, extent = s.extent;
    const float mean_r = s.valid ? s.sum_r / (float)s.valid : 0.0f;
    const float typical = max_r < 2.0f * mean_r ? max_r : 2.0f * mean_r;
    g->typical = typical, g->max_r = max_r;
    g->cell = typical * CELL_TIGHT, g->slack = SLACK_TIGHT;
    if (!(g->cell >= CELL_MIN && extent <= g->cell * CELL_TIGHT_MAX_RATIO)) {
        g->cell = typical * CELL_LOOSE > CELL_MIN ? typical * CELL_LOOSE : CELL_MIN;
        g->slack = SLACK_LOOSE;
    }
    g->mask = (uint32_t)buckets_of(c->n) - 1;
    horde_stage(st, cell_blocks, blocks, CROWD_MIN_BLOCKS, cc);
    choose_numbering(cc, blocks);
    horde_crowd_sort(cc, st);
    horde_crowd_pad(cc);
}

void horde_crowd_pad(crowd_call *cc)
{
    crowd_work *w = &cc->w;
    for (uint32_t s = w->n; s < w->stride; s++) { /* padding: no contacts, all 0 */
        w->count[s] = 0, w->flags[s] = 0, w->x[0][s] = 0.0f, w->z[0][s] = 0.0f;
        w->x[1][s] = 0.0f, w->z[1][s] = 0.0f;
        cc->sorted[0][s] = cc->sorted[1][s] = cc->sorted[2][s] = cc->sorted[3][s] = 0.0f;
    }
}
