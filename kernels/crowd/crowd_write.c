/* SPDX-License-Identifier: MIT */
/* The crowd separation's last stage (crowd_stages.h): the valid movers' results, from
 * the positions buffer holding them, and their flags, back in batch order. */
#include "crowd_stages.h"

/* Mover i's outputs from its position after the iterations, the push cap applied (the
 * header's rule, in double; cap is +INFINITY for none, so the uncapped call writes x, z
 * as they are). Its input x, z are read before its outputs are written, which may be
 * the same arrays. */
static inline void put(const horde_crowd_separate_batch *c, uint32_t i, float x, float z, uint32_t flags, float cap)
{
    if (cap < INFINITY) {
        const double x0 = c->x[i], z0 = c->z[i];
        const double dx = (double)x - x0, dz = (double)z - z0, m = cap;
        const double l2 = dx * dx + dz * dz;
        if (l2 > m * m) {
            const double k = m / sqrt(l2);
            x = (float)(x0 + dx * k), z = (float)(z0 + dz * k);
            flags |= HORDE_FLAG_CAPPED;
        }
    }
    c->out_x[i] = x, c->out_z[i] = z, c->out_flags[i] = flags;
}

/* A valid mover's result on its way back to batch order. */
typedef struct out_rec {
    uint32_t i;
    float x, z;
    uint32_t flags;
} out_rec;

/* On the calling thread, in two passes as the sort: sorted mover s's result into the
 * record stream of its batch index's run (the top bits of idx[s]: at most SORT_RUNS
 * sequential streams), then each run's records into the outputs, whose writes stay
 * within the run's window. Crowds of at most WRITE_BACK_DIRECT_MAX movers, whose outputs
 * stay in the caches, are written in one pass in sorted order instead, where the
 * records' extra pass would only cost time. (known_crowd_separate's 70,227 movers take
 * the two passes.) Reading each result from the sorted arrays in batch order, or writing
 * the outputs in sorted order, is random access to lines that no longer fit in the
 * caches once the crowd is large. */
#define WRITE_BACK_DIRECT_MAX 16384 /* 192 KB of outputs */
void horde_crowd_write_back(const horde_crowd_separate_batch *c, const crowd_work *w, int fin, void *records,
                            float cap)
{
    out_rec *recs = (out_rec *)records;
    if (w->n == 0) /* no valid mover (and c->n - 1 below is not taken of n = 0) */
        return;
    if (c->n <= WRITE_BACK_DIRECT_MAX) {
        for (uint32_t s = 0; s < w->n; s++) {
            put(c, w->idx[s], w->x[fin][s], w->z[fin][s], w->flags[s], cap);
        }
        return;
    }
    const int shift = horde_crowd_run_shift(c->n - 1);
    uint32_t run_at[SORT_RUNS + 1] = {0}, cur[SORT_RUNS];
    const uint32_t runs = (uint32_t)((c->n - 1) >> shift) + 1;
    for (uint32_t s = 0; s < w->n; s++)
        run_at[(w->idx[s] >> shift) + 1]++;
    for (uint32_t r = 0; r < runs; r++)
        run_at[r + 1] += run_at[r];
    memcpy(cur, run_at, runs * sizeof *cur);
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
            put(c, q->i, q->x, q->z, q->flags, cap);
        }
    }
}

/* As a stage: blocks of sorted movers, each result straight to its batch index (every
 * index is written by exactly one sorted mover, so ranges never share an output). */
static void write_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const horde_crowd_separate_batch *c = cc->c;
    const crowd_work *w = &cc->w;
    const float *const x = w->x[cc->fin], *const z = w->z[cc->fin];
    uint32_t lo, hi, last;
    horde_crowd_block(b0, w->n, CROWD_TASK_BLOCK, &lo, &last);
    horde_crowd_block(b1 - 1, w->n, CROWD_TASK_BLOCK, &last, &hi);
    for (uint32_t s = lo; s < hi; s++) {
        put(c, w->idx[s], x[s], z[s], w->flags[s], cc->cap);
    }
}

void horde_crowd_write(crowd_call *cc, const horde_stages *st)
{
    horde_stage(st, write_blocks, horde_crowd_blocks(cc->w.n, CROWD_TASK_BLOCK), CROWD_MIN_BLOCKS, cc);
}
