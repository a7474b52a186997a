/* SPDX-License-Identifier: MIT */
/* The crowd separation's sort (crowd_stages.h): every valid mover's bucket (in key[i]),
 * a stable counting sort by bucket into the sorted copies (and the cells, in scx, scz),
 * and the buckets' starts. Two passes:
 *   1. by run (the bucket's top bits): records, in batch order within a run, into `recs`
 *      (the slots' R and share arrays, free until the contact search: 2 CROWD_K stride
 *      words >= 12 n); as three stages over blocks of CROWD_SORT_BLOCK batch indices:
 *      count (each block its own counts per run), prefix (block after block, on the
 *      calling thread), scatter (each block from its own cursors);
 *   2. run by run, by bucket: counts, starts and the sorted arrays, whose writes stay
 *      within the run's window (about n / 256 movers); one stage over the runs.
 * Both passes are stable, so the order is that of one counting sort over all buckets,
 * however the blocks and runs are split among threads. A one-pass sort would scatter
 * each mover's record anywhere in the crowd and count into start[] (8 MB at 1 M movers)
 * at random, twice: once the crowd outgrows the caches, those random accesses dominate.
 * For small crowds, all in cache, the records' extra pass costs a little. */
#include "crowd_stages.h"

/* A mover's sorted copy as the first pass writes it: one 48-byte record (16-byte
 * aligned) carrying everything the second pass puts in the sorted arrays (a 32-byte
 * record, the cells computed again from x and z, is no faster). */
typedef struct sort_rec {
    uint32_t i;
    float x, z, y, top, r, w;
    int32_t cx, cz;
    uint32_t bucket;
    uint32_t pad[2];
} sort_rec;

/* Sorted movers lo .. hi - 1 of every array the second pass writes. */
PF_INLINE void prefetch_sorted(const crowd_call *cc, uint32_t lo, uint32_t hi)
{
    const crowd_work *w = &cc->w;
    const void *const arrays[9] = {w->idx,         w->x[0],       w->z[0],       cc->scx,      cc->scz,
                                   cc->sorted[0], cc->sorted[1], cc->sorted[2], cc->sorted[3]};
    for (int a = 0; a < 9; a++)
        prefetch_window(arrays[a], lo, hi);
}

/* Pass 1, count: each block's buckets into key[] and its run sizes. */
static void count_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const int shift = cc->shift;
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi, *h = cc->hist + (size_t)b * SORT_RUNS;
        horde_crowd_block(b, cc->c->n, CROWD_SORT_BLOCK, &lo, &hi);
        memset(h, 0, cc->runs * sizeof *h);
        for (uint32_t i = lo; i < hi; i++)
            if (cc->key[i] != KEY_INVALID) {
                const uint32_t k = horde_crowd_bucket(&cc->g, cc->cxs[i], cc->czs[i]);
                cc->key[i] = k;
                h[k >> shift]++;
            }
    }
}

/* Pass 1, prefix: run r's records are those of block 0, then block 1, ...; each block's
 * counts become its cursors (its first record in each run). */
static void prefix(crowd_call *cc, uint32_t blocks)
{
    uint32_t at = 0;
    for (uint32_t r = 0; r < cc->runs; r++) {
        cc->run_at[r] = at;
        for (uint32_t b = 0; b < blocks; b++) {
            uint32_t *h = cc->hist + (size_t)b * SORT_RUNS + r;
            const uint32_t m = *h;
            *h = at, at += m;
        }
    }
    cc->run_at[cc->runs] = at;
}

/* Pass 1, scatter: each block's records, in batch order, from its cursors. */
static void scatter_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const horde_crowd_separate_batch *c = cc->c;
    sort_rec *recs = (sort_rec *)cc->w.R;
    const int shift = cc->shift, pf = c->n > PREFETCH_MIN_N;
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi, *cur = cc->hist + (size_t)b * SORT_RUNS;
        horde_crowd_block(b, c->n, CROWD_SORT_BLOCK, &lo, &hi);
        for (uint32_t i = lo; i < hi; i++) {
            const uint32_t key = cc->key[i];
            if (key == KEY_INVALID)
                continue;
            sort_rec *q = &recs[cur[key >> shift]++];
            if (pf) /* the stream's line after next (4 records: 3 lines) */
                __builtin_prefetch(q + 4, PF_WRITE);
            q->i = i, q->x = c->x[i], q->z = c->z[i];
            q->y = c->y[i], q->top = c->y[i] + c->height[i];
            q->r = c->radius[i], q->w = c->weight ? c->weight[i] : 1.0f;
            q->cx = cc->cxs[i], q->cz = cc->czs[i], q->bucket = key;
        }
    }
}

/* Pass 2: each run's buckets counted, their starts, and the run's records into the sorted
 * arrays. The counts and cursors of run r's buckets live in start[1 + b] (b the bucket):
 * the scatter leaves there the end of bucket b, which is the start of bucket b + 1, so
 * start[] needs no shifting afterwards, and each run writes only its own entries. */
static void run_range(uint32_t r0, uint32_t r1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const crowd_work *w = &cc->w;
    const sort_rec *recs = (const sort_rec *)w->R;
    const uint32_t per_run = 1u << cc->shift;
    const int pf = cc->c->n > PREFETCH_MIN_N;
    float *const *sorted = cc->sorted;
    for (uint32_t r = r0; r < r1; r++) {
        if (pf && r + 1 < cc->runs) /* the next run's window of every sorted array */
            prefetch_sorted(cc, cc->run_at[r + 1], cc->run_at[r + 2]);
        uint32_t *const st = cc->g.start + 1 + (size_t)r * per_run;
        const uint32_t b0 = r * per_run;
        memset(st, 0, per_run * sizeof *st);
        for (uint32_t k = cc->run_at[r]; k < cc->run_at[r + 1]; k++)
            st[recs[k].bucket - b0]++;
        uint32_t sum = cc->run_at[r];
        for (uint32_t b = 0; b < per_run; b++) {
            const uint32_t m = st[b];
            st[b] = sum, sum += m;
        }
        for (uint32_t k = cc->run_at[r]; k < cc->run_at[r + 1]; k++) {
            const sort_rec *q = &recs[k];
            const uint32_t s = st[q->bucket - b0]++;
            w->idx[s] = q->i, w->x[0][s] = q->x, w->z[0][s] = q->z;
            sorted[0][s] = q->y, sorted[1][s] = q->top, sorted[2][s] = q->r, sorted[3][s] = q->w;
            cc->scx[s] = q->cx, cc->scz[s] = q->cz;
        }
    }
}

void horde_crowd_sort(crowd_call *cc, const horde_stages *st)
{
    cc->shift = horde_crowd_run_shift(cc->g.mask);
    cc->runs = (cc->g.mask >> cc->shift) + 1;
    const uint32_t blocks = horde_crowd_blocks(cc->c->n, CROWD_SORT_BLOCK);
    horde_stage(st, count_blocks, blocks, 1, cc);
    prefix(cc, blocks);
    horde_stage(st, scatter_blocks, blocks, 1, cc);
    cc->g.start[0] = 0;
    horde_stage(st, run_range, cc->runs, CROWD_MIN_RUNS, cc);
}
