/* The crowd separation's call (horde_crowd_solve: contact search, iteration loop,
 * write-back), shared by the scalar reference and every backend: compiled once, scalar;
 * the backends bring the search's inner scan and the Jacobi pass. The contact set is
 * defined by the header without reference to the grid; the grid only finds it.
 *
 * Steps: validate (invalid movers get their result at once); hash every valid mover's
 * grid cell to a bucket and counting-sort the movers by bucket (stable: batch order within
 * a bucket), copying what the search reads into sorted arrays; then, per mover, test the
 * movers of the cells around its own that it searches for (each pair once) and offer each
 * contact to both lists, which keep the nearest CROWD_K; each list's constants (slots),
 * the Jacobi passes, and the results back in batch order. The search, the slots and the
 * passes run as one wavefront over the rows of the grid (crowd_wave). */
#include <string.h>

#include "crowd_separate.h"

/* Grid cell edge, from a typical radius (the largest, or twice the mean when that is
 * smaller: one giant must not make every cell giant). Each pair is searched for by its
 * larger mover (scan_run), whose contacts with movers no larger have axes closer than
 * 2 r REACH. Cell coordinates are floor(x / cell), and x / cell is rounded by at most
 * 2^-24 relative: two movers' coordinates differ from the exact by at most
 * slack = 2 (M / cell) 2^-24 cells, M the largest |x| or |z|. A mover therefore finds all
 * its contacts within ceil(2 r REACH / cell + slack) cells each way (reach_cells).
 *   tight: cell = 2.525 typical (1 % over the typical mover's reach) when M / cell <= 2^14:
 *          slack <= 2^-9, so the typical mover searches 3 x 3 cells;
 *   loose: otherwise (huge coordinates, tiny radii) cell = 3.125 typical, at least
 *          CELL_MIN: M / cell <= 2^20, slack <= 1/8, again 3 x 3 cells for it.
 * Larger movers search farther. The cell changes only the cost: the contacts are the
 * header's. */
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

#define KEY_INVALID CROWD_KEY_INVALID

/* Arrays of `stride` 4-byte elements in the scratch, in this order; then the buckets'
 * starts (H + 1 entries). */
enum { A_IDX, A_COUNT, A_FLAGS, A_KEY, A_X0, A_Z0, A_X1, A_Z1, A_Y, A_TOP, A_R, A_W, A_FIXED };
#define SLOT_ARRAYS 3 /* part, R, share: CROWD_K each */
#define ALIGN 64      /* the scratch is used from its first 64-byte boundary */

/* n rounded up to 8 (whole vectors at every group) plus one spare vector (a scan's loads
 * past its run's end stay inside the array). */
static size_t stride_of(size_t n) { return (n + 7) / 8 * 8 + 8; }
/* Buckets: a power of two >= 2 n (the hash's load at most 1/2; a bounding-box grid is
 * used when its cells fit in as many). */
static size_t buckets_of(size_t n)
{
    size_t h = 2;
    while (h < 2 * n)
        h <<= 1;
    return h;
}

size_t horde_crowd_separate_scratch_bytes(size_t n)
{
    if (n > HORDE_CROWD_SEPARATE_MAX_N)
        return 0;
    const size_t per = A_FIXED + SLOT_ARRAYS * CROWD_K; /* 36 arrays */
    const size_t stride = stride_of(n), h = buckets_of(n);
    if (stride > (SIZE_MAX / 4 - h - 1 - ALIGN) / per)
        return 0; /* 32-bit targets: too many movers for the address space */
    return 4 * (stride * per + h + 1) + ALIGN;
}

/* The cell's bucket: a multiplicative hash of the two cell coordinates. */
static uint32_t bucket_of(int32_t cx, int32_t cz, uint32_t mask)
{
    uint32_t h = (uint32_t)cx * 0x9E3779B1u + (uint32_t)cz * 0x85EBCA77u;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    return h & mask;
}

/* The grid: cells of edge `cell`, cell (cx, cz) = floor(x / cell), floor(z / cell).
 * Two ways to number the cells' buckets:
 *   box:  the crowd's bounding box has at most `buckets` cells: bucket = row-major cell
 *         index in the box, so the sorted movers run row by row, neighbours stay close in
 *         memory (for the search and for the iterations' gathers) and a row of cells is
 *         one run of sorted movers;
 *   hash: a spread-out crowd: bucket = hash of the cell (collisions only cost tests). */
typedef struct grid {
    float cell, slack, typical, max_r;
    int box;
    int32_t cx0, cz0; /* box: the first cell */
    uint32_t nx, nz;  /* box: cells per axis */
    uint32_t mask;    /* buckets - 1 */
    uint32_t *start;  /* bucket b holds sorted movers start[b] .. start[b + 1] - 1 */
    uint32_t n;       /* valid movers */
} grid;

static void cell_of(const grid *g, float x, float z, int32_t *cx, int32_t *cz)
{
    /* |x / cell| <= 2^20 (the grid comment): horde_ifloor is floorf there, and no libm call. */
    *cx = horde_ifloor(x / g->cell), *cz = horde_ifloor(z / g->cell);
}

static uint32_t bucket_of_cell(const grid *g, int32_t cx, int32_t cz)
{
    if (g->box)
        return (uint32_t)(cz - g->cz0) * g->nx + (uint32_t)(cx - g->cx0);
    return bucket_of(cx, cz, g->mask);
}

void horde_crowd_cells_from(const horde_crowd_separate_batch *c, size_t first, const uint32_t *key, float cell, int32_t *cxs,
                            int32_t *czs, int32_t bounds[4])
{
    const grid g = {.cell = cell};
    for (size_t i = first; i < c->n; i++)
        if (key[i] != KEY_INVALID) {
            int32_t cx, cz;
            cell_of(&g, c->x[i], c->z[i], &cx, &cz);
            cxs[i] = cx, czs[i] = cz;
            bounds[0] = cx < bounds[0] ? cx : bounds[0], bounds[2] = cx > bounds[2] ? cx : bounds[2];
            bounds[1] = cz < bounds[1] ? cz : bounds[1], bounds[3] = cz > bounds[3] ? cz : bounds[3];
        }
}

void horde_crowd_cells(const horde_crowd_separate_batch *c, const uint32_t *key, float cell, int32_t *cxs, int32_t *czs,
                       int32_t bounds[4])
{
    bounds[0] = bounds[1] = INT32_MAX, bounds[2] = bounds[3] = INT32_MIN;
    horde_crowd_cells_from(c, 0, key, cell, cxs, czs, bounds);
}

/* Box or hash: the box when its cells fit in the buckets. Every valid mover's cell goes
 * to cx[i], cz[i] (batch order). */
static void choose_numbering(grid *g, const horde_crowd_separate_batch *c, const uint32_t *key, int32_t *cxs,
                             int32_t *czs, horde_crowd_cells_fn cells)
{
    int32_t b[4];
    cells(c, key, g->cell, cxs, czs, b);
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

/* Views into the scratch; key[] and the search's sorted copies come back through *key
 * and *sorted (y, top, r, w). */
static void layout(void *scratch, size_t n, crowd_work *w, uint32_t **key, float *sorted[4],
                   uint32_t **start)
{
    uintptr_t p = (uintptr_t)scratch;
    p = (p + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1);
    uint32_t *base = (uint32_t *)p;
    const size_t st = stride_of(n);
    float *fb = (float *)base;
    w->stride = (uint32_t)st;
    w->idx = base + A_IDX * st, w->count = base + A_COUNT * st, w->flags = base + A_FLAGS * st;
    *key = base + A_KEY * st;
    w->x[0] = fb + A_X0 * st, w->z[0] = fb + A_Z0 * st;
    w->x[1] = fb + A_X1 * st, w->z[1] = fb + A_Z1 * st;
    sorted[0] = fb + A_Y * st, sorted[1] = fb + A_TOP * st, sorted[2] = fb + A_R * st;
    sorted[3] = fb + A_W * st;
    w->part = base + A_FIXED * st;
    w->R = fb + (A_FIXED + CROWD_K) * st;
    w->share = fb + (A_FIXED + 2 * CROWD_K) * st;
    *start = base + (A_FIXED + SLOT_ARRAYS * CROWD_K) * st;
}

/* Step 1 for movers first .. n - 1, added to *a (horde_crowd_validate's loop, and a SIMD
 * validation's last n % W movers). */
void horde_crowd_validate_from(const horde_crowd_separate_batch *c, size_t first, uint32_t *key, crowd_acc *a)
{
    for (size_t i = first; i < c->n; i++) {
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

void horde_crowd_stats_of(const crowd_acc *a, crowd_stats *st)
{
    const float *p = a->sums;
    st->valid = a->valid, st->max_r = a->max_r, st->extent = a->extent;
    st->sum_r = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
}

/* Step 1, scalar (horde_crowd_validate_fn). */
void horde_crowd_validate(const horde_crowd_separate_batch *c, uint32_t *key, crowd_stats *st)
{
    crowd_acc a = {0};
    horde_crowd_validate_from(c, 0, key, &a);
    horde_crowd_stats_of(&a, st);
}

/* A mover's sorted copy as the first pass of the sort (sort_by_bucket) writes it: one
 * 48-byte record (16-byte aligned) carrying everything the second pass puts in the
 * sorted arrays (a 32-byte record, the cells computed again from x and z, is no
 * faster). */
typedef struct sort_rec {
    uint32_t i;
    float x, z, y, top, r, w;
    int32_t cx, cz;
    uint32_t bucket;
    uint32_t pad[2];
} sort_rec;

/* Software prefetches, where a crowd outgrows the caches (n > PREFETCH_MIN_N; a smaller
 * one stays in L2 from call to call, and prefetching it costs 1-2 % of its time): the
 * first writes of a line (the sort's record streams and windows, the search's slot
 * lines, the write-back's) would each wait for the line to come from memory before the
 * store drains, and the hardware prefetcher does not follow hundreds of streams or
 * stores into lines scattered in a window. kernel.h's note (no gain from prefetching
 * the voxel kernels' tiles) is about streams the hardware already follows. */
#define PREFETCH_MIN_N 16384u
/* The helpers below hold nothing but prefetches: GCC's IPA pure-const pass finds such a
 * function free of side effects and deletes its calls (kernel.h), unless it is inlined. */
#define PF_INLINE static inline __attribute__((always_inline))
#define PF_WRITE 1 /* __builtin_prefetch's rw argument: the line will be written */
/* One line per 16 elements of 4 bytes (a window's movers). */
#define PF_LINE_ELEMS 16u

/* The sort's runs: at most 2^SORT_RUNS_LOG2 of them (the first pass writes that many
 * sequential record streams, 256 lines at a time), each at least 2^SORT_RUN_MIN_LOG2
 * buckets wide, so that small crowds are not spread over runs of one bucket; a crowd of
 * a few hundred movers (checkasm's model-checked ones) still has several runs. */
#define SORT_RUNS_LOG2 8
#define SORT_RUN_MIN_LOG2 6

/* Keys 0 .. last in runs of 2^shift consecutive keys: returns shift, with
 * (last >> shift) + 1 runs. */
static int run_shift(size_t last)
{
    int lg = 0; /* keys < 2^lg */
    while (lg < 63 && (last >> lg) != 0)
        lg++;
    const int shift = lg - SORT_RUNS_LOG2 > SORT_RUN_MIN_LOG2 ? lg - SORT_RUNS_LOG2 : SORT_RUN_MIN_LOG2;
    return shift < lg ? shift : lg;
}

/* run_at[r + 1] holds run r's size (run_at[0] = 0): to run_at[r] = run r's first index,
 * and cur[r] the same, the cursor a pass writes run r's records with. */
static void run_starts(uint32_t *run_at, uint32_t *cur, uint32_t runs)
{
    for (uint32_t r = 0; r < runs; r++)
        run_at[r + 1] += run_at[r];
    memcpy(cur, run_at, runs * sizeof *cur);
}

/* Step 2: bucket of every valid mover (in key[i]), a stable counting
 * sort by bucket into the sorted copies (and the cells, in scx, scz), and the buckets'
 * starts. Two passes:
 *   1. by run (the bucket's top bits): records, in batch order within a run, into `recs`
 *      (the slots' R and share arrays, free until the contact search: 2 CROWD_K stride
 *      words >= 12 n);
 *   2. run by run, by bucket: counts, starts and the sorted arrays, whose writes stay
 *      within the run's window (about n / 256 movers).
 * Both passes are stable, so the order is that of one counting sort over all buckets.
 * A one-pass sort would scatter each mover's record anywhere in the crowd and count
 * into start[] (8 MB at 1 M movers) at random, twice: once the crowd outgrows the
 * caches, those random accesses dominate. For small crowds, all in cache, the records'
 * extra pass costs a little. */
/* Elements lo .. hi - 1 of a 4-byte array, to be written: one prefetch per line. */
PF_INLINE void prefetch_window(const void *array, size_t lo, size_t hi)
{
    for (size_t k = lo; k < hi; k += PF_LINE_ELEMS)
        __builtin_prefetch((const uint32_t *)array + k, PF_WRITE);
}

/* Sorted movers lo .. hi - 1 of every array the sort's second pass writes. */
PF_INLINE void prefetch_sorted(const crowd_work *w, float *const sorted[4], const int32_t *scx, const int32_t *scz,
                               uint32_t lo, uint32_t hi)
{
    const void *const arrays[9] = {w->idx, w->x[0], w->z[0], scx, scz, sorted[0], sorted[1], sorted[2], sorted[3]};
    for (int a = 0; a < 9; a++)
        prefetch_window(arrays[a], lo, hi);
}

static void sort_by_bucket(const horde_crowd_separate_batch *c, const grid *g, crowd_work *w, uint32_t *key,
                           float *const sorted[4], const int32_t *cxs, const int32_t *czs,
                           int32_t *scx, int32_t *scz, sort_rec *recs)
{
    const int shift = run_shift(g->mask);
    const uint32_t runs = (g->mask >> shift) + 1, per_run = 1u << shift;
    const int pf = c->n > PREFETCH_MIN_N;
    /* Pass 1: run sizes, then records (run_at[r]: run r's first record). */
    uint32_t run_at[(1 << SORT_RUNS_LOG2) + 1] = {0}, cur[1 << SORT_RUNS_LOG2];
    for (size_t i = 0; i < c->n; i++)
        if (key[i] != KEY_INVALID) {
            key[i] = bucket_of_cell(g, cxs[i], czs[i]);
            run_at[(key[i] >> shift) + 1]++;
        }
    run_starts(run_at, cur, runs);
    for (size_t i = 0; i < c->n; i++) {
        if (key[i] == KEY_INVALID)
            continue;
        sort_rec *q = &recs[cur[key[i] >> shift]++];
        if (pf) /* the stream's line after next (4 records: 3 lines) */
            __builtin_prefetch(q + 4, PF_WRITE);
        q->i = (uint32_t)i, q->x = c->x[i], q->z = c->z[i];
        q->y = c->y[i], q->top = c->y[i] + c->height[i];
        q->r = c->radius[i], q->w = c->weight ? c->weight[i] : 1.0f;
        q->cx = cxs[i], q->cz = czs[i], q->bucket = key[i];
    }
    /* Pass 2: each run's buckets counted, their starts (st[b], then, after the scatter,
     * the end of bucket b), and the run's records into the sorted arrays. */
    uint32_t *const start = g->start;
    for (uint32_t r = 0; r < runs; r++) {
        if (pf && r + 1 < runs) /* the next run's window of every sorted array */
            prefetch_sorted(w, sorted, scx, scz, run_at[r + 1], run_at[r + 2]);
        uint32_t *const st = start + r * per_run;
        const uint32_t b0 = r * per_run;
        memset(st, 0, per_run * sizeof *st);
        for (uint32_t k = run_at[r]; k < run_at[r + 1]; k++)
            st[recs[k].bucket - b0]++;
        uint32_t sum = run_at[r];
        for (uint32_t b = 0; b < per_run; b++) {
            const uint32_t m = st[b];
            st[b] = sum, sum += m;
        }
        for (uint32_t k = run_at[r]; k < run_at[r + 1]; k++) {
            const sort_rec *q = &recs[k];
            const uint32_t s = st[q->bucket - b0]++;
            w->idx[s] = q->i, w->x[0][s] = q->x, w->z[0][s] = q->z;
            sorted[0][s] = q->y, sorted[1][s] = q->top, sorted[2][s] = q->r, sorted[3][s] = q->w;
            scx[s] = q->cx, scz[s] = q->cz;
        }
    }
    for (uint32_t b = g->mask + 1; b > 0; b--) /* from each bucket's end back to its first mover */
        start[b] = start[b - 1];
    start[0] = 0;
}

/* Offer t as a contact of s (at squared distance d2): the list keeps the nearest CROWD_K
 * (key: d2, then batch index, a strict order, so the kept set does not depend on the
 * order of the offers). d2s holds each slot's d2 while the lists are built. */
static void offer(crowd_work *w, float *d2s, uint32_t s, uint32_t t, float d2)
{
    const uint32_t m = w->count[s];
    if (m < CROWD_K) {
        const size_t e = horde_crowd_slot(s, m);
        w->part[e] = t, d2s[e] = d2, w->count[s] = m + 1;
        return;
    }
    w->flags[s] = HORDE_FLAG_PACKED;
    const size_t e0 = horde_crowd_slot(s, 0);
    size_t worst = e0;
    for (uint32_t k = 1; k < CROWD_K; k++) {
        const size_t e = e0 + (size_t)k * CROWD_BLOCK;
        if (d2s[e] > d2s[worst] || (d2s[e] == d2s[worst] && w->idx[w->part[e]] > w->idx[w->part[worst]]))
            worst = e;
    }
    if (d2 < d2s[worst] || (d2 == d2s[worst] && w->idx[t] < w->idx[w->part[worst]]))
        w->part[worst] = t, d2s[worst] = d2;
}

/* The movers a search around cell (cx, cz) must test: runs of sorted movers. */
#define RUNS_MAX 81 /* up to 9 x 9 hashed cells, or 81 rows of the box; beyond: every mover */
typedef struct runs {
    uint32_t n, lo[RUNS_MAX], hi[RUNS_MAX];
} runs;

static void all_movers(const grid *g, runs *R) { R->n = 1, R->lo[0] = 0, R->hi[0] = g->n; }

/* Box: one run per row of cells within rho (clipped to the box). */
static void box_runs(const grid *g, int32_t cx, int32_t cz, int32_t rho, runs *R)
{
    if (2 * rho + 1 > RUNS_MAX)
        return all_movers(g, R);
    const int64_t lo = (int64_t)cx - rho < g->cx0 ? g->cx0 : (int64_t)cx - rho;
    const int64_t hi = (int64_t)cx + rho > (int64_t)g->cx0 + g->nx - 1 ? (int64_t)g->cx0 + g->nx - 1 : (int64_t)cx + rho;
    R->n = 0;
    for (int64_t row = (int64_t)cz - rho; row <= (int64_t)cz + rho; row++) {
        if (row < g->cz0 || row >= (int64_t)g->cz0 + g->nz || lo > hi)
            continue;
        const uint32_t b = (uint32_t)(row - g->cz0) * g->nx;
        const uint32_t a = g->start[b + (uint32_t)(lo - g->cx0)], e = g->start[b + (uint32_t)(hi - g->cx0) + 1];
        if (a < e)
            R->lo[R->n] = a, R->hi[R->n] = e, R->n++;
    }
}

/* Box, a small mover s in cell (cx, cz) (bucket b): the half stencil, the movers after s
 * in its own cell and the next (one run: they are consecutive in the row-major order),
 * and the three cells of the next row. */
static void half_runs(const grid *g, int32_t cx, int32_t cz, uint32_t s, runs *R)
{
    const uint32_t b = (uint32_t)(cz - g->cz0) * g->nx + (uint32_t)(cx - g->cx0);
    const int has_east = (uint32_t)(cx - g->cx0) + 1 < g->nx;
    R->n = 0;
    const uint32_t e = g->start[b + (has_east ? 2 : 1)];
    if (s + 1 < e)
        R->lo[R->n] = s + 1, R->hi[R->n] = e, R->n++;
    if ((uint32_t)(cz - g->cz0) + 1 < g->nz) {
        const uint32_t row = b + g->nx - (uint32_t)(cx - g->cx0);
        const uint32_t lo = (uint32_t)(cx - g->cx0) > 0 ? (uint32_t)(cx - g->cx0) - 1 : 0;
        const uint32_t hi = has_east ? (uint32_t)(cx - g->cx0) + 1 : (uint32_t)(cx - g->cx0);
        const uint32_t a = g->start[row + lo], z = g->start[row + hi + 1];
        if (a < z)
            R->lo[R->n] = a, R->hi[R->n] = z, R->n++;
    }
}

/* Hash: the distinct buckets of the cells within rho. */
static void hash_runs(const grid *g, int32_t cx, int32_t cz, int32_t rho, runs *R)
{
    if ((2 * rho + 1) * (2 * rho + 1) > RUNS_MAX)
        return all_movers(g, R);
    uint32_t b[RUNS_MAX], m = 0;
    for (int32_t dz = -rho; dz <= rho; dz++)
        for (int32_t dx = -rho; dx <= rho; dx++) {
            const uint32_t k = bucket_of(cx + dx, cz + dz, g->mask);
            int seen = 0;
            for (uint32_t q = 0; q < m; q++)
                seen |= b[q] == k;
            if (!seen)
                b[m++] = k;
        }
    R->n = 0;
    for (uint32_t q = 0; q < m; q++)
        if (g->start[b[q]] < g->start[b[q] + 1])
            R->lo[R->n] = g->start[b[q]], R->hi[R->n] = g->start[b[q] + 1], R->n++;
}

void horde_crowd_contact(crowd_work *w, float *d2s, uint32_t s, uint32_t t, float d2)
{
    offer(w, d2s, s, t, d2), offer(w, d2s, t, s, d2);
}

/* Mover s against the sorted movers lo .. hi - 1 (crowd_separate.h: horde_crowd_scan_fn):
 * every pair s searches for that is a contact (the header's test) is offered to both
 * lists. Written without branches up to the (rare) offer: which pairs s searches for is
 * a coin toss the branch predictor loses. */
void horde_crowd_scan_run(crowd_work *w, float *d2s, const float *const sorted[4], uint32_t s,
                          uint32_t lo, uint32_t hi, float small)
{
    const float *y = sorted[0], *top = sorted[1], *r = sorted[2];
    const float *x = w->x[0], *z = w->z[0];
    const float xs = x[s], zs = z[s], ys = y[s], ts = top[s], rs = r[s];
    const int half = small >= 0.0f;
    for (uint32_t t = lo; t < hi; t++) {
        const int searched = half ? r[t] <= small : (r[t] < rs) | ((r[t] == rs) & (t > s));
        const int vertical = (ys < top[t]) & (y[t] < ts);
        const float reach = (rs + r[t]) * HORDE_CROWD_SEPARATE_REACH;
        const float dx = xs - x[t], dz = zs - z[t];
        const float d2 = dx * dx + dz * dz;
        if (searched & vertical & (d2 < reach * reach))
            horde_crowd_contact(w, d2s, s, t, d2);
    }
}

/* Cells a mover of radius r must search each way (the grid's comment). */
static int32_t reach_cells(const grid *g, float r)
{
    const float u = 2.0f * r * HORDE_CROWD_SEPARATE_REACH / g->cell * ROUNDING_MARGIN + g->slack;
    return u < 1.0f ? 1 : (int32_t)ceilf(u);
}

/* The search's prefetch, a small mover's (box numbering) whose half stencil ends before
 * sorted mover `end`: ahead of it, the lines its next offers will write first (the slot
 * lines of part, d2s and R, slots 0-3) and the sorted arrays it will read. */
#define PF_SLOTS_AHEAD 32u /* movers past `end`; 16 to 128 timed the same */
#define PF_READ_AHEAD 96u
PF_INLINE void prefetch_ahead(const crowd_work *w, const float *d2s, const float *const sorted[4], uint32_t end)
{
    const size_t e = horde_crowd_slot(end + PF_SLOTS_AHEAD, 0);
    const size_t next = 2 * CROWD_BLOCK; /* slots 2-3: the block's next line */
    __builtin_prefetch(w->part + e, PF_WRITE), __builtin_prefetch(w->part + e + next, PF_WRITE);
    __builtin_prefetch(d2s + e, PF_WRITE), __builtin_prefetch(d2s + e + next, PF_WRITE);
    __builtin_prefetch(w->R + e, PF_WRITE), __builtin_prefetch(w->R + e + next, PF_WRITE);
    const uint32_t t = end + PF_READ_AHEAD;
    __builtin_prefetch(w->x[0] + t), __builtin_prefetch(w->z[0] + t);
    for (int a = 0; a < 3; a++)
        __builtin_prefetch(sorted[a] + t);
}

/* Step 3 for the sorted movers lo .. hi - 1: the contacts they search for (crowd_wave:
 * the counts and flags of every mover they may offer one to are already 0). */
static void find_contacts(const grid *g, crowd_work *w, const float *const sorted[4],
                          const int32_t *scx, const int32_t *scz, horde_crowd_scan_fn scan, uint32_t lo,
                          uint32_t hi)
{
    const float *r = sorted[2];
    float *d2s = w->share; /* the slots' d2 until the lists are final */
    /* Who searches for a pair: two small movers (r <= typical), the earlier in the sorted
     * order through its half stencil (box numbering only); any other pair the larger
     * mover (equal radii: the earlier) through its full stencil. */
    const float small = g->box ? g->typical : -1.0f;
    const int pf = g->n > PREFETCH_MIN_N;
    int32_t pcx = 0, pcz = 0, prho = -1;
    runs full = {0}, half;
    for (uint32_t s = lo; s < hi; s++) {
        const int32_t cx = scx[s], cz = scz[s];
        if (r[s] <= small) {
            half_runs(g, cx, cz, s, &half);
            if (pf && half.n)
                prefetch_ahead(w, d2s, sorted, half.hi[half.n - 1]);
            for (uint32_t k = 0; k < half.n; k++)
                scan(w, d2s, sorted, s, half.lo[k], half.hi[k], small);
            continue;
        }
        const int32_t rho = reach_cells(g, r[s]);
        if (cx != pcx || cz != pcz || rho != prho) { /* sorted by cell: neighbours share it */
            (g->box ? box_runs : hash_runs)(g, cx, cz, rho, &full);
            pcx = cx, pcz = cz, prho = rho;
        }
        for (uint32_t k = 0; k < full.n; k++)
            scan(w, d2s, sorted, s, full.lo[k], full.hi[k], -1.0f);
    }
}

/* The slots' constants, scalar (horde_crowd_slots_fn): mover by mover, its used slots
 * only (CROWD_K passes slot by slot, each testing every mover's count, cost more). */
void horde_crowd_slots(crowd_work *w, const float *r, const float *wt, uint32_t lo, uint32_t hi)
{
    for (uint32_t s = lo; s < hi; s++) {
        const uint32_t count = w->count[s];
        const size_t e0 = horde_crowd_slot(s, 0);
        for (uint32_t k = 0; k < count; k++) {
            const size_t e = e0 + (size_t)k * CROWD_BLOCK;
            const uint32_t t = w->part[e];
            w->R[e] = r[s] + r[t];
            const float share = wt[s] > 0.0f ? wt[s] / (wt[s] + wt[t]) : 0.0f;
            w->share[e] = w->idx[s] < w->idx[t] ? -share : share; /* d2s[e] no longer needed */
        }
    }
}

/* What the steps after the sort read: the grid, the sorted copies (y, top, r, w) and
 * the sorted movers' cells. */
typedef struct search {
    grid g;
    float *sorted[4];
    int32_t *scx, *scz;
} search;

/* Steps 1-2 into *w and *S, with the ops' validation and cells. */
static void prepare(const horde_crowd_separate_batch *c, void *scratch, crowd_work *w, search *S, const horde_crowd_ops *ops)
{
    uint32_t *key;
    float **sorted = S->sorted;
    grid *g = &S->g;
    layout(scratch, c->n, w, &key, sorted, &g->start);
    crowd_stats st;
    ops->validate(c, key, &st);
    w->n = st.valid;
    const float max_r = st.max_r, extent = st.extent;
    const float mean_r = st.valid ? st.sum_r / (float)st.valid : 0.0f;
    const float typical = max_r < 2.0f * mean_r ? max_r : 2.0f * mean_r;
    g->typical = typical, g->max_r = max_r;
    g->cell = typical * CELL_TIGHT, g->slack = SLACK_TIGHT;
    if (!(g->cell >= CELL_MIN && extent <= g->cell * CELL_TIGHT_MAX_RATIO)) {
        g->cell = typical * CELL_LOOSE > CELL_MIN ? typical * CELL_LOOSE : CELL_MIN;
        g->slack = SLACK_LOOSE;
    }
    g->mask = (uint32_t)buckets_of(c->n) - 1;
    g->n = w->n;
    /* Until the lists are built: cells by batch index in the first two slots of part; the
     * sorted cells in the second position buffer (both int32) until the first pass
     * writes it, mover by mover behind the search (crowd_wave). */
    int32_t *cxs = (int32_t *)w->part, *czs = (int32_t *)w->part + w->stride;
    S->scx = (int32_t *)w->x[1], S->scz = (int32_t *)w->z[1];
    choose_numbering(g, c, key, cxs, czs, ops->cells);
    sort_by_bucket(c, g, w, key, sorted, cxs, czs, S->scx, S->scz, (sort_rec *)w->R);
    for (uint32_t s = w->n; s < w->stride; s++) { /* padding: no contacts, all 0 */
        w->count[s] = 0, w->flags[s] = 0, w->x[0][s] = 0.0f, w->z[0][s] = 0.0f;
        w->x[1][s] = 0.0f, w->z[1][s] = 0.0f;
        sorted[0][s] = sorted[1][s] = sorted[2][s] = sorted[3][s] = 0.0f;
    }
}

/* A valid mover's result on its way back to batch order (write_back). */
typedef struct out_rec {
    uint32_t i;
    float x, z;
    uint32_t flags;
} out_rec;

/* The valid movers' results from positions buffer `fin`, and the flags, in batch order,
 * in two passes as the sort: sorted mover s's result into the record stream of its
 * batch index's run (the top bits of idx[s]: at most 2^SORT_RUNS_LOG2 sequential
 * streams), then each run's records into the outputs, whose writes stay within the
 * run's window. `recs` holds n records (the slot arrays, no longer needed). Crowds of at
 * most WRITE_BACK_DIRECT_MAX movers, whose outputs stay in the caches, are written in
 * one pass in sorted order instead, where the records' extra pass would only cost time.
 * (known_crowd_separate's 70,227 movers take the two passes.) Reading each result from
 * the sorted arrays in batch order, or writing the outputs in sorted order, is random
 * access to lines that no longer fit in the caches once the crowd is large. */
#define WRITE_BACK_DIRECT_MAX 16384 /* 192 KB of outputs */
static void write_back(const horde_crowd_separate_batch *c, const crowd_work *w, int fin, out_rec *recs)
{
    if (w->n == 0) /* no valid mover (and c->n - 1 below is not taken of n = 0) */
        return;
    if (c->n <= WRITE_BACK_DIRECT_MAX) {
        for (uint32_t s = 0; s < w->n; s++) {
            const uint32_t i = w->idx[s];
            c->out_x[i] = w->x[fin][s], c->out_z[i] = w->z[fin][s], c->out_flags[i] = w->flags[s];
        }
        return;
    }
    const int shift = run_shift(c->n - 1);
    uint32_t run_at[(1 << SORT_RUNS_LOG2) + 1] = {0}, cur[1 << SORT_RUNS_LOG2];
    const uint32_t runs = (uint32_t)((c->n - 1) >> shift) + 1;
    for (uint32_t s = 0; s < w->n; s++)
        run_at[(w->idx[s] >> shift) + 1]++;
    run_starts(run_at, cur, runs);
    const float *const x = w->x[fin], *const z = w->z[fin];
    for (uint32_t s = 0; s < w->n; s++) {
        const uint32_t i = w->idx[s];
        out_rec *q = &recs[cur[i >> shift]++];
        __builtin_prefetch(q + 8, PF_WRITE); /* the stream's line after next (8 records: 2 lines) */
        q->i = i, q->x = x[s], q->z = z[s], q->flags = w->flags[s];
    }
    for (uint32_t r = 0; r < runs; r++) {
        const size_t lo = (size_t)(r + 1) << shift, end = lo + ((size_t)1 << shift);
        const size_t hi = end < c->n ? end : c->n; /* the next run's window of the outputs */
        prefetch_window(c->out_x, lo, hi), prefetch_window(c->out_z, lo, hi);
        prefetch_window(c->out_flags, lo, hi);
        for (uint32_t k = run_at[r]; k < run_at[r + 1]; k++) {
            const out_rec *q = &recs[k];
            c->out_x[q->i] = q->x, c->out_z[q->i] = q->z, c->out_flags[q->i] = q->flags;
        }
    }
}

/* Step 3 and the iterations as a wavefront over the rows of cells: the search, the
 * slots' constants and each pass follow one another a few rows apart, so that a crowd
 * larger than the caches is read from memory about once after the sort, not once per
 * step and pass. Each step does exactly what it would do alone, because
 *   - every contact joins movers at most rho rows apart (rho: the largest mover's
 *     stencil, reach_cells; the small movers' half stencil is one row);
 *   - a mover's list is complete once the search has run every mover within rho rows
 *     after it; the slots then take it;
 *   - pass 0 reads the sorted positions and a mover's own list, so it follows the slots;
 *   - pass j (reading buffer j % 2, writing (j + 1) % 2) may run a mover once pass j - 1
 *     has run every mover within rho rows after it: its contacts' positions are final,
 *     and pass j - 1 will not read it again (contacts are pairs, both ways within rho
 *     rows).
 * "Every mover in rows R + 1 ... R + rho done" is behind()'s test. Until a pass reaches
 * a mover, the second position buffer still holds its sorted cell (prepare), which only
 * the search reads; counts and flags are zeroed rho rows ahead of the search.
 * The passes (horde_crowd_solve's definition): up to `iterations` pushing passes,
 * CROWDED, until one finds no overlap, then, if the last still pushed, a testing pass,
 * WEDGED. Pass j is complete when it has run every mover; if it found no overlap, its
 * output equals its input, so every later pass would find none and change nothing (no
 * flag, the same positions, the testing pass included): here the later passes may have
 * run some movers already, with that same empty result, and the answer is pass j's
 * output buffer. Without locality (the hash numbering, or a stencil past RUNS_MAX) the
 * steps run one after another, each over every mover. */
typedef struct wave {
    const grid *g;
    uint32_t rho; /* contacts within rho rows; 0: no locality */
} wave;

/* The first sorted mover of row `row` of the box (n past the last row). */
static uint32_t row_start(const grid *g, uint32_t row)
{
    return row < g->nz ? g->start[row * g->nx] : g->n;
}

/* How far a step may run behind one that has run the movers before d: through the rows
 * R whose movers' contacts are all before d (row_start(R + rho + 1) <= d), rounded down
 * to CROWD_BLOCK; every mover once d = n. *row: the rows so far (it only grows). */
static uint32_t behind(const wave *v, uint32_t d, uint32_t *row)
{
    if (d >= v->g->n)
        return v->g->n;
    if (v->rho == 0)
        return 0;
    while (*row + v->rho + 1 <= v->g->nz && row_start(v->g, *row + v->rho + 1) <= d)
        (*row)++;
    return row_start(v->g, *row) / CROWD_BLOCK * CROWD_BLOCK;
}

/* The search's step: whole rows, at least this many movers. Larger steps time the same,
 * but checkasm's model-checked crowds (up to 700 movers) must run in enough steps to
 * catch a pass let one row too far ahead; a single row per step is a little slower. */
#define WAVE_STEP_MIN 64u
/* The search, the slots and the passes (above); returns the buffer holding the result. */
static int crowd_wave(crowd_work *w, const search *S, uint32_t iterations, const horde_crowd_ops *ops)
{
    const grid *g = &S->g;
    const uint32_t n = w->n, passes = iterations + 1;
    const int32_t rho = reach_cells(g, g->max_r);
    const wave v = {g, g->box && 2 * rho + 1 <= RUNS_MAX ? (uint32_t)rho : 0};
    uint32_t searched = 0, zeroed = 0, slotted = 0, slot_row = 0, next_row = 0;
    uint32_t done[HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1] = {0}, row[HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1] = {0};
    int any[HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1] = {0};
    for (;;) {
        /* The search, rows of at least WAVE_STEP_MIN movers (every mover without locality). */
        uint32_t to = n;
        if (v.rho)
            do
                to = row_start(g, ++next_row);
            while (to - searched < WAVE_STEP_MIN && next_row < g->nz);
        const uint32_t ahead = v.rho ? row_start(g, next_row + v.rho) : n;
        for (; zeroed < ahead; zeroed++)
            w->count[zeroed] = 0, w->flags[zeroed] = 0;
        find_contacts(g, w, (const float *const *)S->sorted, S->scx, S->scz, ops->scan, searched, to);
        searched = to;
        const uint32_t complete = behind(&v, searched, &slot_row);
        if (complete > slotted)
            ops->slots(w, S->sorted[2], S->sorted[3], slotted, complete), slotted = complete;
        for (uint32_t j = 0; j < passes; j++) {
            const uint32_t ready = j == 0 ? slotted : behind(&v, done[j - 1], &row[j]);
            const int push = j < iterations;
            if (ready > done[j])
                any[j] |= ops->pass(w, (int)(j % 2), push, push ? HORDE_FLAG_CROWDED : HORDE_FLAG_WEDGED,
                                    done[j], ready), done[j] = ready;
            if (done[j] == n && push && !any[j]) /* pass j is complete and found none */
                return (int)((j + 1) % 2);
        }
        if (searched == n)
            return (int)(iterations % 2);
    }
}

void horde_crowd_solve(const horde_crowd_separate_batch *c, uint32_t iterations, void *scratch, const horde_crowd_ops *ops)
{
    crowd_work w;
    search S;
    prepare(c, scratch, &w, &S, ops);
    write_back(c, &w, crowd_wave(&w, &S, iterations, ops), (out_rec *)w.R);
}
