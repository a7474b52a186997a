/* SPDX-License-Identifier: MIT */
/* Internal: what the stages of the crowd separation's call share (compiled once, scalar;
 * the backends bring their parts through horde_crowd_ops, crowd_separate.h). One call:
 *   crowd_grid.c     the scratch layout, validation and grid cells (over mover blocks),
 *                    the grid's cell size and numbering;
 *   crowd_sort.c     the counting sort by bucket (count / prefix / scatter over fixed
 *                    blocks, then bucket by bucket within runs);
 *   crowd_search.c   the contact lists;
 *   crowd_iterate.c  the slots' constants, the Jacobi passes, and the call itself
 *                    (horde_crowd_solve): one wavefront on the calling thread, or stage
 *                    after stage on tasks;
 *   crowd_write.c    the results back in batch order.
 * Every stage works on fixed blocks whose size depends only on the batch, so a stage run
 * over any split of its blocks into ranges, in any order, on any thread, writes the same
 * bits; what a stage reduces (the validation's stats, the cells' bounds, the sort's
 * counts, the passes' "any overlap") is kept per block and combined in block order. */
#ifndef HORDE_CROWD_SEPARATE_CROWD_STAGES_H
#define HORDE_CROWD_SEPARATE_CROWD_STAGES_H

#include <string.h>

#include "crowd_separate.h"
#include "simd/stages.h"

/* Mover blocks of the stages: validation and cells over batch indices, search, passes and
 * write-back over sorted indices. A multiple of CROWD_BLOCK, CROWD_SUMS and every W. */
#define CROWD_TASK_BLOCK 1024u
/* The sort's blocks (batch indices): each has a count per run (SORT_RUNS). */
#define CROWD_SORT_BLOCK 8192u
/* Ranges handed to the task system: at least this many blocks (or runs), so that a range
 * is worth a task's hand-over (about 4,000 movers, 2,000 in the heavier passes). */
#define CROWD_MIN_BLOCKS 4u
#define CROWD_MIN_PASS_BLOCKS 2u
#define CROWD_MIN_RUNS 16u

#define KEY_INVALID CROWD_KEY_INVALID

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

/* Elements lo .. hi - 1 of a 4-byte array, to be written: one prefetch per line. */
PF_INLINE void prefetch_window(const void *array, size_t lo, size_t hi)
{
    for (size_t k = lo; k < hi; k += PF_LINE_ELEMS)
        __builtin_prefetch((const uint32_t *)array + k, PF_WRITE);
}

/* The sort's and the write-back's runs: at most 2^SORT_RUNS_LOG2 of them (a first pass
 * writes that many sequential record streams, 256 lines at a time), each at least
 * 2^SORT_RUN_MIN_LOG2 keys wide, so that small crowds are not spread over runs of one
 * key; a crowd of a few hundred movers (checkasm's model-checked ones) still has
 * several runs. */
#define SORT_RUNS_LOG2 8
#define SORT_RUNS (1u << SORT_RUNS_LOG2)
#define SORT_RUN_MIN_LOG2 6

/* Keys 0 .. last in runs of 2^shift consecutive keys: returns shift, with
 * (last >> shift) + 1 runs. */
static inline int horde_crowd_run_shift(size_t last)
{
    int lg = 0; /* keys < 2^lg */
    while (lg < 63 && (last >> lg) != 0)
        lg++;
    const int shift = lg - SORT_RUNS_LOG2 > SORT_RUN_MIN_LOG2 ? lg - SORT_RUNS_LOG2 : SORT_RUN_MIN_LOG2;
    return shift < lg ? shift : lg;
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

/* The cell's bucket (crowd_grid.c). */
uint32_t horde_crowd_bucket(const grid *g, int32_t cx, int32_t cz);
uint32_t horde_crowd_hash(int32_t cx, int32_t cz, uint32_t mask);

/* A state (crowd_state.c, the header's "Frame coherence"): a header of CROWD_STATE_HEAD
 * words at the caller's memory, then arrays of max_n entries: the build's sorted batch
 * indices, input x, z, radii and where each mover's candidates end, then room for
 * CROWD_STATE_C candidates (sorted indices) per sorted mover, packed per block of
 * CROWD_TASK_BLOCK movers (crowd_state.c: a reuse reads about 3 candidates a mover, not
 * a line of slots). */
#define CROWD_STATE_C HORDE_CROWD_SEPARATE_STATE_CANDIDATES
#define CROWD_STATE_HEAD 16u
typedef struct crowd_state_head {
    uint32_t magic, version, max_n, margin_bits, check; /* set by the init */
    uint32_t built;                                     /* 1: reusable (no mover over CROWD_STATE_C) */
    uint32_t n, valid;                                  /* the build's batch n and valid movers */
    uint32_t span;                                      /* the largest |t - s| of a candidate t of s */
    /* The rebuilds' back-off (crowd_state.c): fresh, the last build is reused fewer
     * than STATE_MIN_USES times so far (uses); backoff, the calls a build skips after a
     * fresh one fails; skip, the calls still to skip. */
    uint32_t fresh, uses, backoff, skip;
    uint32_t spare[CROWD_STATE_HEAD - 13];
} crowd_state_head;
typedef struct crowd_state {
    crowd_state_head *head;
    float margin;
    uint32_t *idx, *end, *cand;
    float *x, *z, *r;
} crowd_state;

/* One call: the batch, the backend's parts, the scratch's views and each stage's
 * per-block results. A stage's ranges read it and write only their own blocks' parts. */
typedef struct crowd_call {
    const horde_crowd_separate_batch *c;
    const horde_crowd_ops *ops;
    uint32_t iterations;
    crowd_stats stats; /* the validation's */
    crowd_work w;
    grid g;
    float *sorted[4];       /* y, top, r, w of the sorted movers */
    int32_t *scx, *scz;     /* the sorted movers' cells (in x[1], z[1] until pass 0) */
    uint32_t *key;          /* batch order: 0 / KEY_INVALID, then the bucket */
    int32_t *cxs, *czs;     /* batch order: the cells (in part until the search) */
    /* per block of CROWD_TASK_BLOCK batch indices (validation, cells) or sorted ones
     * (passes) */
    crowd_acc *acc;
    int32_t (*bounds)[4];
    uint32_t *any;
    /* the sort: per block of CROWD_SORT_BLOCK batch indices, SORT_RUNS counts, then
     * cursors; run_at[r] = run r's first record, run_at[runs] = the valid movers */
    uint32_t *hist;
    uint32_t run_at[SORT_RUNS + 1];
    uint32_t runs;
    int shift;
    /* the pass a stage runs (crowd_iterate.c) */
    int cur, push;
    uint32_t flag;
    int fin;  /* the buffer holding the result */
    int fold; /* the search's stage runs the slots and pass 0 too (crowd_search.c) */
    uint32_t *rows, row_blocks; /* the box's search: blocks of whole rows (crowd_search.c) */
    float cap;                  /* the push cap, +INFINITY for none (crowd_write.c) */
    crowd_state state;          /* the state's views, state.head NULL without one */
    int reuse;                  /* the lists come from the state's candidates (pass 0's stage) */
} crowd_call;

/* Blocks of `count` movers. */
static inline uint32_t horde_crowd_blocks(size_t count, uint32_t block)
{
    return (uint32_t)((count + block - 1) / block);
}
/* Movers of block b of `count`: [*lo, *hi). */
static inline void horde_crowd_block(uint32_t b, size_t count, uint32_t block, uint32_t *lo, uint32_t *hi)
{
    const size_t l = (size_t)b * block, h = l + block < count ? l + block : count;
    *lo = (uint32_t)l, *hi = (uint32_t)h;
}

/* crowd_grid.c: the views into the scratch and the validation (horde_crowd_prepare),
 * then the grid, the sort and the padding (horde_crowd_grid). */
void horde_crowd_prepare(crowd_call *cc, const horde_stages *st, const horde_crowd_separate_batch *c, void *scratch,
                         uint32_t iterations, const horde_crowd_ops *ops);
void horde_crowd_grid(crowd_call *cc, const horde_stages *st);
/* Sorted movers n .. stride - 1: no contacts, every value 0. */
void horde_crowd_pad(crowd_call *cc);

/* crowd_state.c: reuse the state (its check and the sorted copies as a stage; returns
 * whether it can, then cc->reuse is set and pass 0's stage builds each block's lists with
 * horde_crowd_state_lists first), or build it after the sort (the candidates' stage). */
int horde_crowd_state_reuse(crowd_call *cc, const horde_stages *st);
/* On the calling thread: the lists, the slots and the passes of a reused (or just built)
 * state as one wavefront over the sorted movers; returns the buffer holding the result. */
int horde_crowd_state_wave(crowd_call *cc);
void horde_crowd_state_lists(const crowd_call *cc, uint32_t lo, uint32_t hi);
void horde_crowd_state_build(crowd_call *cc, const horde_stages *st);
/* crowd_sort.c: the stable counting sort by bucket into the sorted arrays and start[]. */
void horde_crowd_sort(crowd_call *cc, const horde_stages *st);

/* crowd_search.c */
/* The movers a search around a cell must test: runs of sorted movers. */
#define RUNS_MAX 81 /* up to 9 x 9 hashed cells, or 81 rows of the box; beyond: every mover */
/* Cells a mover of radius r must search each way (crowd_grid.c's comment). */
int32_t horde_crowd_reach_cells(const grid *g, float r);
/* The wavefront's search (crowd_iterate.c) for the sorted movers lo .. hi - 1: the
 * contacts they search for, offered to both lists. */
void horde_crowd_find(const crowd_call *cc, uint32_t lo, uint32_t hi);
/* The search as stages: every list built from zero, complete on return. Returns whether
 * the search's stage also ran the slots and pass 0 (cc->fold; any[] holds pass 0's). */
int horde_crowd_search(crowd_call *cc, const horde_stages *st);

/* crowd_write.c: the valid movers' results from buffer fin, in batch order; `recs` holds
 * n records (the slot arrays, no longer needed). */
void horde_crowd_write_back(const horde_crowd_separate_batch *c, const crowd_work *w, int fin, void *recs,
                            float cap);
/* The same as a stage. */
void horde_crowd_write(crowd_call *cc, const horde_stages *st);

#endif
