/* SPDX-License-Identifier: MIT */
/* The crowd separation's call (horde_crowd_solve, crowd_stages.h): prepare (validation,
 * grid, sort), the contact search, the slots' constants (here) and the Jacobi passes,
 * the write-back. The passes (the header's iterations): up to `iterations` pushing passes,
 * CROWDED, until one finds no overlap, then, if the last still pushed, a testing pass,
 * WEDGED. Two schedules give the same bits:
 *   inline (no task system): one wavefront over the rows of the grid (crowd_wave), for
 *     cache locality;
 *   tasks: stage after stage, each over blocks of sorted movers: the search, the slots
 *     with pass 0, then each pass j, after pass j - 1 has run every mover (pass j reads
 *     every position pass j - 1 wrote); or, after a search over grid rows, the slots and
 *     the passes as two stages over slabs of rows (slab_plan). */
#include "crowd_stages.h"

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
 * a mover, the second position buffer still holds its sorted cell (crowd_grid.c), which
 * only the search reads; counts and flags are zeroed rho rows ahead of the search.
 * Pass j is complete when it has run every mover; if it found no overlap, its output
 * equals its input, so every later pass would find none and change nothing (no flag, the
 * same positions, the testing pass included): here the later passes may have run some
 * movers already, with that same empty result, and the answer is pass j's output
 * buffer. Without locality (the hash numbering, or a stencil past RUNS_MAX) the steps run
 * one after another, each over every mover. */
typedef struct wave {
    const grid *g;
    uint32_t rho; /* contacts within rho rows; 0: no locality */
} wave;

/* The first sorted mover of row `row` of the box (n past the last row). */
static uint32_t row_start(const grid *g, uint32_t row)
{
    return row < g->nz ? g->start[row * g->nx] : g->n;
}

/* Row R's contacts all lie before mover d (true for a first run of rows). */
static int before(const wave *v, uint32_t row, uint32_t d)
{
    return row + v->rho + 1 <= v->g->nz && row_start(v->g, row + v->rho + 1) <= d;
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
    while (before(v, *row, d))
        (*row)++;
    return row_start(v->g, *row) / CROWD_BLOCK * CROWD_BLOCK;
}

/* The search's step: whole rows, at least this many movers. Larger steps time the same,
 * but checkasm's model-checked crowds (up to 700 movers) must run in enough steps to
 * catch a pass let one row too far ahead; a single row per step is a little slower. */
#define WAVE_STEP_MIN 64u
/* The search, the slots and the passes (above); returns the buffer holding the result. */
static int crowd_wave(crowd_call *cc)
{
    crowd_work *w = &cc->w;
    const grid *g = &cc->g;
    const horde_crowd_ops *ops = cc->ops;
    const uint32_t n = w->n, iterations = cc->iterations, passes = iterations + 1;
    const int32_t rho = horde_crowd_reach_cells(g, g->max_r);
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
        horde_crowd_find(cc, searched, to);
        searched = to;
        const uint32_t complete = behind(&v, searched, &slot_row);
        if (complete > slotted)
            ops->slots(w, cc->sorted[2], cc->sorted[3], slotted, complete), slotted = complete;
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

/* A pass's stage over blocks of sorted movers (cc->cur, push, flag), each block's "any
 * overlap" in any[b]; pass 0 first takes its blocks' slots (their lists are complete). */
static void pass_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx, int slots)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi;
        horde_crowd_block(b, cc->w.n, CROWD_TASK_BLOCK, &lo, &hi);
        if (slots && cc->reuse)
            horde_crowd_state_lists(cc, lo, hi);
        if (slots)
            cc->ops->slots((crowd_work *)&cc->w, cc->sorted[2], cc->sorted[3], lo, hi);
        cc->any[b] = (uint32_t)cc->ops->pass(&cc->w, cc->cur, cc->push, cc->flag, lo, hi);
    }
}
static void first_pass_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    pass_blocks(b0, b1, worker, ctx, 1);
}
static void next_pass_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    pass_blocks(b0, b1, worker, ctx, 0);
}

/* The passes on tasks with the wavefront's locality: two stages over slabs of sorted
 * movers (a box grid's rows) in place of one stage per pass.
 *   1. slab k runs the slots and pass 0 on its movers [a_0, b_0), and pass j on
 *      [a_j, b_j): the movers whose contacts (rho rows each way) all lie in pass j - 1's
 *      range (a_j = ahead(a_{j-1}), b_j = behind(b_{j-1})), a trapezoid, as a wavefront;
 *   2. between slabs k and k + 1, pass j on [b_j of k, a_j of k + 1), j = 1, 2, ...
 *      in turn: the seam the trapezoids left, whose contacts are the trapezoids' and
 *      the seam's own.
 * Every mover runs every pass exactly once, reading the same positions as in the plain
 * call, so the bits are the same. Buffers: pass j + 1 of a trapezoid writes buffer j % 2,
 * which holds pass j - 1's positions, only below b_{j+1}, and no mover there is within
 * rho rows of a mover at or past b_j (the bound is symmetric, unlike the lists), so not
 * where seam j reads them; the same at the a side. No seam writes a mover that another
 * reads or writes when every slab holds a_P <= b_P one pass past the last (P passes):
 * slab_plan checks it and takes fewer slabs until it holds (fewer than 2: one stage per
 * pass). Every pass runs, but where the positions pass j reads did not move in pass
 * j - 1 and none of them overlapped (no overlap in pass j - 1 on the slab so far, or on
 * both slabs and the seam), pass j would find none either: it copies the positions
 * instead (the testing pass does nothing), as the other schedules' early stop leaves
 * them. */
#define SLAB_MOVERS 8192u /* the fewest movers of a slab (a few hundred KB of pass data) */
#define SLABS_MAX 64u
#define SLAB_PASSES_MAX 17u /* up to 16 iterations; beyond, one stage per pass */
typedef struct slabs {
    crowd_call *cc;
    wave v;
    uint32_t count, passes;
    uint32_t a[SLABS_MAX][SLAB_PASSES_MAX + 1], b[SLABS_MAX][SLAB_PASSES_MAX + 1];
    uint8_t any[SLABS_MAX][SLAB_PASSES_MAX]; /* stage 1: pass j found an overlap in slab k */
} slabs;

/* The first row R in [0, nz] for which ok(R) fails (ok holds for every row before it). */
typedef int row_test(const wave *v, uint32_t row, uint32_t d);
static uint32_t first_failing(const wave *v, row_test *ok, uint32_t d)
{
    uint32_t lo = 0, hi = v->g->nz;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (ok(v, mid, d))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
/* Row R has a mover before d / its contacts do not all lie at or after mover d: each
 * holds for a first run of rows, as before() does. */
static int starts_before(const wave *v, uint32_t row, uint32_t d) { return row_start(v->g, row + 1) <= d; }
static int reaches_before(const wave *v, uint32_t row, uint32_t d)
{
    return row < v->rho ? d > 0 : row_start(v->g, row - v->rho) < d;
}

/* behind() without a cursor. */
static uint32_t behind_at(const wave *v, uint32_t d)
{
    return d >= v->g->n ? v->g->n : row_start(v->g, first_failing(v, before, d)) / CROWD_BLOCK * CROWD_BLOCK;
}
/* The first mover, rounded up to CROWD_BLOCK (at most n), of the first row whose contacts
 * all lie at or after mover d. */
static uint32_t ahead(const wave *v, uint32_t d)
{
    const uint32_t s = row_start(v->g, first_failing(v, reaches_before, d));
    const uint32_t up = (s + CROWD_BLOCK - 1) / CROWD_BLOCK * CROWD_BLOCK;
    return up < v->g->n ? up : v->g->n;
}
/* The row holding mover d (the last row starting at or before it). */
static uint32_t row_of(const wave *v, uint32_t d) { return first_failing(v, starts_before, d); }

/* Slab bounds for `count` slabs of about equal movers: 1 if every slab holds
 * a_j <= b_j up to j = passes. */
static int slab_bounds(slabs *sl, uint32_t count)
{
    const uint32_t n = sl->cc->g.n;
    sl->count = count;
    for (uint32_t k = 0; k < count; k++) {
        const uint32_t lo = (uint32_t)((uint64_t)n * k / count) / CROWD_BLOCK * CROWD_BLOCK;
        const uint32_t hi = k + 1 == count ? n : (uint32_t)((uint64_t)n * (k + 1) / count) / CROWD_BLOCK * CROWD_BLOCK;
        uint32_t *a = sl->a[k], *b = sl->b[k];
        a[0] = lo, b[0] = hi;
        for (uint32_t j = 1; j <= sl->passes; j++) {
            a[j] = k == 0 ? 0 : ahead(&sl->v, a[j - 1]);
            b[j] = behind_at(&sl->v, b[j - 1]);
            if (a[j] > b[j])
                return 0;
        }
    }
    return 1;
}

/* Plans the slabs; 0 when the two stages do not apply (no row locality, a reused state,
 * too many passes, slabs that would be too thin, rows of fewer than CROWD_BLOCK movers on
 * average: a thin file of movers, whose passes gain nothing from the wavefront and
 * whose every pass would walk the empty rows). */
static int slab_plan(slabs *sl, crowd_call *cc)
{
    const grid *g = &cc->g;
    if (cc->reuse || !g->box || cc->iterations + 1 > SLAB_PASSES_MAX || g->nz > g->n / CROWD_BLOCK)
        return 0;
    const int32_t rho = horde_crowd_reach_cells(g, g->max_r);
    sl->cc = cc, sl->passes = cc->iterations + 1;
    sl->v.g = g, sl->v.rho = 2 * rho + 1 <= RUNS_MAX ? (uint32_t)rho : 0;
    if (!sl->v.rho)
        return 0;
    uint32_t count = g->n / SLAB_MOVERS;
    count = count > SLABS_MAX ? SLABS_MAX : count;
    while (count >= 2) {
        if (slab_bounds(sl, count))
            return 1;
        count = count > 3 ? count / 2 : count - 1;
    }
    return 0;
}

/* Pass j on sorted movers [lo, hi), or, when nothing it reads moved or overlapped in
 * pass j - 1 (still), the copy of their positions it would write; returns whether it
 * found an overlap. */
static int slab_pass(crowd_call *cc, uint32_t j, uint32_t lo, uint32_t hi, int still)
{
    crowd_work *w = &cc->w;
    const int cur = (int)(j % 2), push = j < cc->iterations;
    if (!still)
        return cc->ops->pass(w, cur, push, push ? HORDE_FLAG_CROWDED : HORDE_FLAG_WEDGED, lo, hi);
    if (push) {
        memcpy(w->x[cur ^ 1] + lo, w->x[cur] + lo, (size_t)(hi - lo) * sizeof *w->x[0]);
        memcpy(w->z[cur ^ 1] + lo, w->z[cur] + lo, (size_t)(hi - lo) * sizeof *w->z[0]);
    }
    return 0;
}

/* Stage 1: slab k's slots and passes, a wavefront from its first mover. */
static void slab_trapezoids(uint32_t k0, uint32_t k1, uint32_t worker, void *ctx)
{
    (void)worker;
    slabs *sl = (slabs *)ctx;
    crowd_call *cc = sl->cc;
    const uint32_t passes = sl->passes;
    for (uint32_t k = k0; k < k1; k++) {
        const uint32_t *a = sl->a[k], *b = sl->b[k];
        uint8_t *any = sl->any[k];
        /* row[0]: where pass 0's next step ends; row[j]: pass j's behind() cursor */
        uint32_t done[SLAB_PASSES_MAX], row[SLAB_PASSES_MAX];
        for (uint32_t j = 0; j < passes; j++)
            done[j] = a[j], row[j] = row_of(&sl->v, a[j]), any[j] = 0;
        do { /* the slots and pass 0 by rows of at least WAVE_STEP_MIN movers, the others
              * behind; the round of pass 0's last step takes every pass to its end */
            while (row[0] < cc->g.nz && row_start(&cc->g, row[0]) < done[0] + WAVE_STEP_MIN)
                row[0]++;
            const uint32_t at = row_start(&cc->g, row[0]) / CROWD_BLOCK * CROWD_BLOCK;
            const uint32_t to = at > done[0] && at < b[0] ? at : b[0];
            cc->ops->slots(&cc->w, cc->sorted[2], cc->sorted[3], done[0], to);
            any[0] |= (uint8_t)slab_pass(cc, 0, done[0], to, 0);
            done[0] = to;
            for (uint32_t j = 1; j < passes; j++) {
                uint32_t ready = done[j - 1] == b[j - 1] ? b[j] : behind(&sl->v, done[j - 1], &row[j]);
                ready = ready < b[j] ? ready : b[j];
                if (ready > done[j])
                    any[j] |= (uint8_t)slab_pass(cc, j, done[j], ready, !any[j - 1]), done[j] = ready;
            }
        } while (done[0] < b[0]);
    }
}

/* Stage 2: the seam between slabs k and k + 1, pass by pass. */
static void slab_seams(uint32_t k0, uint32_t k1, uint32_t worker, void *ctx)
{
    (void)worker;
    const slabs *sl = (const slabs *)ctx;
    for (uint32_t k = k0; k < k1; k++) {
        int any = 0; /* the seam's pass j - 1 (pass 0: none, it is empty) */
        for (uint32_t j = 1; j < sl->passes; j++) {
            const uint32_t lo = sl->b[k][j], hi = sl->a[k + 1][j];
            const int still = !any && !sl->any[k][j - 1] && !sl->any[k + 1][j - 1];
            any = lo < hi ? slab_pass(sl->cc, j, lo, hi, still) : 0;
        }
    }
}

/* The passes as stages, from pass `first` (1 when the search ran pass 0); returns the
 * buffer holding the result. The slabs' two stages when they apply, else one stage per
 * pass, with the wavefront's early stop: pass j found no overlap in any block. */
static int crowd_passes(crowd_call *cc, const horde_stages *st, uint32_t first)
{
    slabs sl;
    if (first == 0 && slab_plan(&sl, cc)) {
        horde_stage(st, slab_trapezoids, sl.count, 1, &sl);
        horde_stage(st, slab_seams, sl.count - 1, 1, &sl);
        return (int)(cc->iterations % 2);
    }
    const uint32_t blocks = horde_crowd_blocks(cc->w.n, CROWD_TASK_BLOCK);
    for (uint32_t j = 0; j <= cc->iterations; j++) {
        cc->cur = (int)(j % 2), cc->push = j < cc->iterations;
        cc->flag = cc->push ? HORDE_FLAG_CROWDED : HORDE_FLAG_WEDGED;
        if (j >= first)
            horde_stage(st, j == 0 ? first_pass_blocks : next_pass_blocks, blocks, CROWD_MIN_PASS_BLOCKS, cc);
        uint32_t any = 0;
        for (uint32_t b = 0; b < blocks; b++)
            any |= cc->any[b];
        if (cc->push && !any)
            return (int)((j + 1) % 2);
    }
    return (int)(cc->iterations % 2);
}

void horde_crowd_solve(const horde_stages *st, const horde_crowd_separate_batch *c,
                       const horde_crowd_separate_params *p, void *scratch, const horde_crowd_ops *ops)
{
    crowd_call cc;
    horde_crowd_prepare(&cc, st, c, scratch, p->iterations, ops);
    cc.cap = p->max_move > 0.0f ? p->max_move : INFINITY; /* 0: no cap */
    if (p->state) {
        cc.state.head = (crowd_state_head *)p->state;
        if (horde_crowd_state_reuse(&cc, st)) { /* no grid, sort nor search */
            if (!st->tasks) {
                horde_crowd_write_back(c, &cc.w, horde_crowd_state_wave(&cc), cc.w.R, cc.cap);
                return;
            }
            cc.fin = crowd_passes(&cc, st, 0);
            horde_crowd_write(&cc, st);
            return;
        }
    }
    horde_crowd_grid(&cc, st);
    if (p->state)
        horde_crowd_state_build(&cc, st);
    if (!st->tasks && p->state && cc.state.head->built) { /* the new candidates: no search */
        horde_crowd_write_back(c, &cc.w, horde_crowd_state_wave(&cc), cc.w.R, cc.cap);
        return;
    }
    if (!st->tasks) {
        horde_crowd_write_back(c, &cc.w, crowd_wave(&cc), cc.w.R, cc.cap);
        return;
    }
    cc.fin = crowd_passes(&cc, st, (uint32_t)horde_crowd_search(&cc, st));
    horde_crowd_write(&cc, st);
}
