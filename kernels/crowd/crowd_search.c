/* SPDX-License-Identifier: MIT */
/* The crowd separation's contact search (crowd_stages.h): per sorted mover, the movers of
 * the cells around its own that it searches for, each contact offered to the lists,
 * which keep the nearest CROWD_K (their constants, the slots: crowd_iterate.c). The kept
 * set is the header's whatever the order of the offers (the lists' order is strict), so
 * the search may run in any order, in these forms:
 *   the wavefront's (horde_crowd_find, crowd_iterate.c): each pair tested once, by one
 *     of its movers, and offered to both lists;
 *   the stages' (horde_crowd_search), where two ranges running at once must never write
 *     the same list: with the box numbering, the wavefront's search of the small movers
 *     (r <= typical) in two stages over blocks of rows (even_rows, odd_rows); with the
 *     hash, whose buckets have no rows, each small mover gathers its own list, through
 *     the full stencil, offering only to itself (both movers of a pair test it). The
 *     pairs with a larger mover (r > typical: few, by the choice of the typical radius)
 *     are then searched for by the larger one on the calling thread, offered to both. */
#include "crowd_stages.h"

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

/* Contact (s, t) at squared distance d2: offered to both lists, or only to s's when the
 * lists are gathered (w->gather: t offers s to its own). The float test is symmetric (the
 * same d2, reach and vertical test from either side), so both sides agree. */
void horde_crowd_contact(crowd_work *w, float *d2s, uint32_t s, uint32_t t, float d2)
{
    offer(w, d2s, s, t, d2);
    if (!w->gather)
        offer(w, d2s, t, s, d2);
}

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
            const uint32_t k = horde_crowd_hash(cx + dx, cz + dz, g->mask);
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

/* Mover s against the sorted movers lo .. hi - 1 (crowd_separate.h: horde_crowd_scan_fn):
 * every pair s searches for that is a contact (the header's test) is offered to the
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

/* Mover s (not small, or any mover without the box) through its full stencil. */
static void search_full(const crowd_call *cc, uint32_t s, runs *full, int32_t *pcx, int32_t *pcz, int32_t *prho)
{
    const grid *g = &cc->g;
    crowd_work *w = (crowd_work *)&cc->w;
    const int32_t cx = cc->scx[s], cz = cc->scz[s], rho = horde_crowd_reach_cells(g, cc->sorted[2][s]);
    if (cx != *pcx || cz != *pcz || rho != *prho) { /* sorted by cell: neighbours share it */
        (g->box ? box_runs : hash_runs)(g, cx, cz, rho, full);
        *pcx = cx, *pcz = cz, *prho = rho;
    }
    for (uint32_t k = 0; k < full->n; k++)
        cc->ops->scan(w, w->share, (const float *const *)cc->sorted, s, full->lo[k], full->hi[k], -1.0f);
}

/* Who searches for a pair: two small movers (r <= typical), the earlier in the sorted
 * order through its half stencil (box numbering only); any other pair the larger mover
 * (equal radii: the earlier) through its full stencil (with `large` set). The counts and
 * flags of every mover they may offer one to are already 0. */
static void find_range(const crowd_call *cc, uint32_t lo, uint32_t hi, int large)
{
    const grid *g = &cc->g;
    crowd_work *w = (crowd_work *)&cc->w;
    const float *const *sorted = (const float *const *)cc->sorted, *r = sorted[2];
    float *d2s = w->share; /* the slots' d2 until the lists are final */
    const float small = g->box ? g->typical : -1.0f;
    const int pf = g->n > PREFETCH_MIN_N;
    int32_t pcx = 0, pcz = 0, prho = -1;
    runs full = {0}, half;
    for (uint32_t s = lo; s < hi; s++) {
        if (r[s] <= small) {
            half_runs(g, cc->scx[s], cc->scz[s], s, &half);
            if (pf && half.n)
                prefetch_ahead(w, d2s, sorted, half.hi[half.n - 1]);
            for (uint32_t k = 0; k < half.n; k++)
                cc->ops->scan(w, d2s, sorted, s, half.lo[k], half.hi[k], small);
            continue;
        }
        if (large)
            search_full(cc, s, &full, &pcx, &pcz, &prho);
    }
}

void horde_crowd_find(const crowd_call *cc, uint32_t lo, uint32_t hi) { find_range(cc, lo, hi, 1); }

/* The box numbering's search as two stages over blocks of whole rows (each at least
 * CROWD_TASK_BLOCK movers, but the last; cc->rows holds their first rows, then nz): a
 * small mover's half stencil offers to movers of its own row and the next, so the
 * blocks of a stage, every other block, write disjoint lists: block j its own movers'
 * and the first row of block j + 1, which does not run in the same stage. The even
 * blocks first, each zeroing its own lists and those of the next block before any offer
 * reaches them, then the odd blocks. Each pair of small movers is tested once, as in the
 * wavefront. */
static uint32_t first_of_row(const grid *g, uint32_t row) { return row < g->nz ? g->start[row * g->nx] : g->n; }

static void rows_stage(uint32_t k0, uint32_t k1, uint32_t worker, void *ctx, uint32_t parity)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const grid *g = &cc->g;
    crowd_work *w = (crowd_work *)&cc->w;
    for (uint32_t k = k0; k < k1; k++) {
        const uint32_t j = 2 * k + parity;
        const uint32_t lo = first_of_row(g, cc->rows[j]), hi = first_of_row(g, cc->rows[j + 1]);
        if (parity == 0) {
            const uint32_t end = first_of_row(g, cc->rows[j + 2 <= cc->row_blocks ? j + 2 : j + 1]);
            memset(w->count + lo, 0, (end - lo) * sizeof *w->count);
            memset(w->flags + lo, 0, (end - lo) * sizeof *w->flags);
        }
        find_range(cc, lo, hi, 0);
    }
}
static void even_rows(uint32_t k0, uint32_t k1, uint32_t worker, void *ctx) { rows_stage(k0, k1, worker, ctx, 0); }
static void odd_rows(uint32_t k0, uint32_t k1, uint32_t worker, void *ctx) { rows_stage(k0, k1, worker, ctx, 1); }

/* The search's stage: blocks of sorted movers, every list of the block from zero, each
 * small mover gathering its small contacts (both sides of each pair find it). When every
 * mover is small (cc->fold), the block's lists are then complete, and the block goes on
 * with its slots and pass 0 while they are in the cache: pass 0 reads its own lists and
 * the sorted positions, and writes the second position buffer only at its own movers,
 * whose sorted cells no other block reads. */
static void gather_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const grid *g = &cc->g;
    crowd_work *w = (crowd_work *)&cc->w;
    const float *const *sorted = (const float *const *)cc->sorted, *r = sorted[2];
    const float small = g->typical;
    const int32_t rho = horde_crowd_reach_cells(g, small);
    uint32_t lo, hi, last;
    horde_crowd_block(b0, g->n, CROWD_TASK_BLOCK, &lo, &last);
    horde_crowd_block(b1 - 1, g->n, CROWD_TASK_BLOCK, &last, &hi);
    memset(w->count + lo, 0, (hi - lo) * sizeof *w->count);
    memset(w->flags + lo, 0, (hi - lo) * sizeof *w->flags);
    int32_t pcx = 0, pcz = 0;
    int have = 0; /* R holds the runs around (pcx, pcz) */
    runs R;
    for (uint32_t s = lo; s < hi; s++) {
        if (!(r[s] <= small))
            continue;
        const int32_t cx = cc->scx[s], cz = cc->scz[s];
        if (!have || cx != pcx || cz != pcz) { /* sorted by cell: neighbours share it */
            (g->box ? box_runs : hash_runs)(g, cx, cz, rho, &R);
            pcx = cx, pcz = cz, have = 1;
        }
        for (uint32_t k = 0; k < R.n; k++) { /* s itself left out */
            const uint32_t a = R.lo[k], e = R.hi[k];
            const uint32_t m1 = s < a ? a : s > e ? e : s, m2 = s < a ? a : s >= e ? e : s + 1;
            if (a < m1)
                cc->ops->scan(w, w->share, sorted, s, a, m1, small);
            if (m2 < e)
                cc->ops->scan(w, w->share, sorted, s, m2, e, small);
        }
    }
    for (uint32_t b = b0; cc->fold && b < b1; b++) {
        horde_crowd_block(b, g->n, CROWD_TASK_BLOCK, &lo, &hi);
        cc->ops->slots(w, cc->sorted[2], cc->sorted[3], lo, hi);
        cc->any[b] = (uint32_t)cc->ops->pass(w, 0, 1, HORDE_FLAG_CROWDED, lo, hi);
    }
}

int horde_crowd_search(crowd_call *cc, const horde_stages *st)
{
    const grid *g = &cc->g;
    if (g->box) {
        /* The row blocks, in the cells' bounds (no longer needed): at most n /
         * CROWD_TASK_BLOCK + 2 entries, where the bounds hold 4 per block. */
        cc->rows = (uint32_t *)cc->bounds, cc->row_blocks = 0;
        for (uint32_t row = 0; row < g->nz;) {
            const uint32_t first = first_of_row(g, row);
            cc->rows[cc->row_blocks++] = row;
            do
                row++;
            while (row < g->nz && first_of_row(g, row) - first < CROWD_TASK_BLOCK);
        }
        cc->rows[cc->row_blocks] = g->nz;
        horde_stage(st, even_rows, (cc->row_blocks + 1) / 2, 1, cc);
        horde_stage(st, odd_rows, cc->row_blocks / 2, 1, cc);
    } else {
        cc->w.gather = 1;
        cc->fold = g->max_r <= g->typical; /* every mover is small */
        horde_stage(st, gather_blocks, horde_crowd_blocks(g->n, CROWD_TASK_BLOCK), CROWD_MIN_PASS_BLOCKS, cc);
        cc->w.gather = 0;
        if (cc->fold)
            return 1;
    }
    if (g->max_r <= g->typical)
        return 0; /* every mover is small */
    int32_t pcx = 0, pcz = 0, prho = -1;
    runs full = {0};
    const float *r = cc->sorted[2];
    for (uint32_t s = 0; s < g->n; s++)
        if (r[s] > g->typical)
            search_full(cc, s, &full, &pcx, &pcz, &prho);
    return 0;
}
