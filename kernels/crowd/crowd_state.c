/* SPDX-License-Identifier: MIT */
/* The crowd separation's state (include/horde/crowd_separate.h, "Frame coherence"): its
 * size, its set-up and check, the stage that reuses it (the check that every mover is
 * still within margin / 2 of where the state was built, and the sorted copies in the
 * build's order), each mover's contact list from its candidates (run in pass 0's
 * stage), and the stage that builds it after the sort (crowd_stages.h).
 *
 * Why the candidates hold every contact. A contact at the call's positions has float
 * d2 < (R * REACH)^2 with R = r[a] + r[b] (every operation rounded by at most 2^-24
 * relative, so the true distance is below R * REACH * (1 + 2^-20)). Each mover is
 * closer than margin / 2 to its build position (the double test's own rounding is
 * about 2^-52 relative), so at the build their true distance was below
 * R * REACH * (1 + 2^-20) + margin * (1 + 2^-50). The build keeps every mover whose
 * double distance (rounded by about 2^-52) is below (R * REACH + margin) * (1 + 2^-10) +
 * 2^-60: a wider bound. With margin 0 the state is reused only when no mover moved
 * (the same distances). The lists then test the candidates with the search's own float
 * test and offer them to the list that keeps the nearest CROWD_K in a strict order
 * (crowd_search.c): the same set as the grid's search, whatever the order of the offers. */
#include "crowd_stages.h"

#define STATE_MAGIC 0x53534348u /* "HCSS" */
#define STATE_VERSION 2u
#define STATE_ARRAYS 5u                 /* idx, x, z, r, end */
#define WIDEN (1.0 + 0x1p-10)           /* the candidates' relative widening (above) */
#define WIDEN_ABS 0x1p-60               /* and absolute */
#define CELLS_ALL 1e6                   /* a stencil this wide: every mover instead */
#define STATE_BACKOFF_MAX 8u            /* the longest run of calls a build skips */
#define STATE_MIN_USES 3u               /* reuses that pay for a build (the back-off) */
_Static_assert(sizeof(crowd_state_head) == 4 * CROWD_STATE_HEAD, "the state's header is CROWD_STATE_HEAD words");

static uint32_t check_word(uint32_t max_n, uint32_t margin_bits)
{
    uint32_t h = STATE_MAGIC ^ (max_n * 0x9E3779B1u) ^ (margin_bits * 0x85EBCA77u) ^ STATE_VERSION;
    h ^= h >> 15;
    h *= 0x7FEB352Du;
    h ^= h >> 16;
    return h;
}

size_t horde_crowd_separate_state_bytes(size_t max_n)
{
    const size_t per = STATE_ARRAYS + CROWD_STATE_C;
    if (max_n > HORDE_CROWD_SEPARATE_MAX_N || max_n > (SIZE_MAX / 4 - CROWD_STATE_HEAD) / per)
        return 0;
    return 4 * (CROWD_STATE_HEAD + per * max_n);
}

horde_status horde_crowd_separate_state_init(void *mem, size_t bytes, size_t max_n, float margin)
{
    if (!mem)
        return HORDE_ERR_NULL_ARG;
    const size_t need = horde_crowd_separate_state_bytes(max_n);
    if (((uintptr_t)mem & 3u) || !need || bytes < need ||
        !(margin >= 0.0f && margin <= HORDE_CROWD_SEPARATE_MAX_MARGIN))
        return HORDE_ERR_BAD_PARAMS;
    crowd_state_head h;
    memset(&h, 0, sizeof h);
    const float m = margin + 0.0f; /* -0 as +0 */
    h.magic = STATE_MAGIC, h.version = STATE_VERSION, h.max_n = (uint32_t)max_n;
    memcpy(&h.margin_bits, &m, sizeof m);
    h.check = check_word(h.max_n, h.margin_bits);
    memcpy(mem, &h, sizeof h);
    return HORDE_OK;
}

int horde_crowd_state_ok(const void *mem, size_t *max_n)
{
    if ((uintptr_t)mem & 3u)
        return 0;
    const crowd_state_head *h = (const crowd_state_head *)mem;
    float m;
    memcpy(&m, &h->margin_bits, sizeof m);
    if (h->magic != STATE_MAGIC || h->version != STATE_VERSION || h->check != check_word(h->max_n, h->margin_bits) ||
        h->max_n > HORDE_CROWD_SEPARATE_MAX_N || !(m >= 0.0f && m <= HORDE_CROWD_SEPARATE_MAX_MARGIN) ||
        h->built > 1 || h->n > h->max_n || h->valid > h->n || h->span > h->valid || h->fresh > 1 ||
        h->uses > STATE_MIN_USES || h->backoff > STATE_BACKOFF_MAX || h->skip > STATE_BACKOFF_MAX)
        return 0;
    *max_n = h->max_n;
    return 1;
}

/* The arrays after the header. */
static void views(crowd_state *S)
{
    uint32_t *base = (uint32_t *)S->head + CROWD_STATE_HEAD;
    const size_t m = S->head->max_n;
    memcpy(&S->margin, &S->head->margin_bits, sizeof S->margin);
    S->idx = base, S->x = (float *)(base + m), S->z = (float *)(base + 2 * m), S->r = (float *)(base + 3 * m);
    S->end = base + 4 * m, S->cand = base + STATE_ARRAYS * m;
}

/* The candidates are packed per block of CROWD_TASK_BLOCK sorted movers from the block's
 * region (its first mover times CROWD_STATE_C), each mover's after the previous one's,
 * end[s] where they end. A reader clamps them into the region and to CROWD_STATE_C, so
 * that an overwritten state reads only inside the state. */
typedef struct cand_cursor {
    uint32_t at, limit; /* the next mover's first candidate, the region's end */
} cand_cursor;
static inline void cand_block_start(const crowd_state *S, uint32_t s, cand_cursor *q)
{
    const uint32_t base = s / CROWD_TASK_BLOCK * CROWD_TASK_BLOCK * CROWD_STATE_C;
    const uint64_t cap = (uint64_t)S->head->max_n * CROWD_STATE_C;
    const uint64_t full = (uint64_t)base + (uint64_t)CROWD_TASK_BLOCK * CROWD_STATE_C;
    q->limit = (uint32_t)(full < cap ? full : cap);
    uint32_t at = s % CROWD_TASK_BLOCK ? S->end[s - 1] : base;
    q->at = at < base ? base : at > q->limit ? q->limit : at;
}
/* Mover s's candidates cand[*a .. *e - 1] (s after the cursor's mover, or the first). */
static inline void cand_next(const crowd_state *S, uint32_t s, cand_cursor *q, uint32_t *a, uint32_t *e)
{
    const uint32_t lo = q->at, end = S->end[s];
    uint32_t hi = end < lo ? lo : end - lo > CROWD_STATE_C ? lo + CROWD_STATE_C : end;
    hi = hi < q->limit ? hi : q->limit;
    *a = lo, *e = hi, q->at = hi;
}

/* The reuse reads the batch in the build's sorted order, scattered over the batch: ahead
 * of it, the entries of the mover PF_LOAD_AHEAD sorted places on (an index out of range
 * only in an overwritten state: prefetching it does no harm, but keep it inside). */
#define PF_LOAD_AHEAD 24u
PF_INLINE void prefetch_mover(const horde_crowd_separate_batch *c, const uint32_t *key, uint32_t i)
{
    i = i < c->n ? i : 0;
    __builtin_prefetch(c->x + i), __builtin_prefetch(c->z + i), __builtin_prefetch(c->radius + i);
    __builtin_prefetch(c->y + i), __builtin_prefetch(c->height + i), __builtin_prefetch(key + i);
    if (c->weight)
        __builtin_prefetch(c->weight + i);
}

/* The reuse's stage: blocks of the build's sorted movers; a block whose movers are all
 * valid, of the same radius and within margin / 2 gets their sorted copies (as the sort
 * writes them) and any[b] = 0, else any[b] = 1, and so do the range's later blocks
 * (unread: one failed block rebuilds the state, whichever it is). */
static void load_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const horde_crowd_separate_batch *c = cc->c;
    const crowd_state *S = &cc->state;
    const crowd_work *w = &cc->w;
    const double half = 0.5 * (double)S->margin, half2 = half * half;
    const int pf = w->n > PREFETCH_MIN_N;
    uint32_t failed = 0; /* a block of this range failed: the state is rebuilt anyway */
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi, fail = 0;
        horde_crowd_block(b, w->n, CROWD_TASK_BLOCK, &lo, &hi);
        if (failed) {
            cc->any[b] = 1;
            continue;
        }
        for (uint32_t s = lo; s < hi && !fail; s++) {
            if (pf && s + PF_LOAD_AHEAD < hi)
                prefetch_mover(c, cc->key, S->idx[s + PF_LOAD_AHEAD]);
            const uint32_t i = S->idx[s];
            if (i >= c->n || cc->key[i] == KEY_INVALID) {
                fail = 1;
                break;
            }
            const float x = c->x[i], z = c->z[i], r = c->radius[i];
            const double dx = (double)x - (double)S->x[s], dz = (double)z - (double)S->z[s];
            const double d2 = dx * dx + dz * dz;
            uint32_t rb, sb;
            memcpy(&rb, &r, 4), memcpy(&sb, &S->r[s], 4);
            fail = rb != sb || !(d2 < half2 || d2 == 0.0);
            w->idx[s] = i, w->x[0][s] = x, w->z[0][s] = z;
            const float y = c->y[i];
            cc->sorted[0][s] = y, cc->sorted[1][s] = y + c->height[i], cc->sorted[2][s] = r;
            cc->sorted[3][s] = c->weight ? c->weight[i] : 1.0f;
        }
        cc->any[b] = fail, failed = fail;
    }
}

int horde_crowd_state_reuse(crowd_call *cc, const horde_stages *st)
{
    views(&cc->state);
    const crowd_state_head *h = cc->state.head;
    if (!h->built || h->n != cc->c->n || h->valid != cc->w.n)
        return 0;
    const uint32_t blocks = horde_crowd_blocks(cc->w.n, CROWD_TASK_BLOCK);
    horde_stage(st, load_blocks, blocks, CROWD_MIN_BLOCKS, cc);
    for (uint32_t b = 0; b < blocks; b++)
        if (cc->any[b])
            return 0;
    horde_crowd_pad(cc);
    cc->reuse = 1, cc->w.gather = 1; /* each mover offers its candidates to its own list */
    crowd_state_head *hw = cc->state.head;
    if (hw->fresh && ++hw->uses >= STATE_MIN_USES)
        hw->fresh = 0, hw->backoff = 0;
    return 1;
}

/* The lists' first writes of a block of CROWD_BLOCK movers' slot lines (part, the d2s in
 * share, then R from the slots; slots 0-3, two lines each), PF_LIST_AHEAD movers ahead:
 * each would wait for its line to come from memory (crowd_search.c's prefetch_ahead). */
#define PF_LIST_AHEAD 32u
PF_INLINE void prefetch_slots(const crowd_work *w, uint32_t s)
{
    const size_t e = horde_crowd_slot(s, 0), next = 2 * CROWD_BLOCK;
    __builtin_prefetch(w->part + e, PF_WRITE), __builtin_prefetch(w->part + e + next, PF_WRITE);
    __builtin_prefetch(w->share + e, PF_WRITE), __builtin_prefetch(w->share + e + next, PF_WRITE);
    __builtin_prefetch(w->R + e, PF_WRITE), __builtin_prefetch(w->R + e + next, PF_WRITE);
}

/* The lists of sorted movers lo .. hi - 1 from their candidates. half = 0: each mover
 * gathers its own list (w->gather: every candidate; the counts and flags zeroed here);
 * half = 1: each mover tests only its candidates after it (stored first: the build's
 * order) and offers the contact to both lists (each pair once: the candidates of s hold every contact of s, whichever side),
 * the counts and flags zeroed by the caller before any offer can reach them. */
static inline void lists(const crowd_call *cc, uint32_t lo, uint32_t hi, int half)
{
    crowd_work *w = (crowd_work *)&cc->w;
    const crowd_state *S = &cc->state;
    const float *y = cc->sorted[0], *top = cc->sorted[1], *r = cc->sorted[2];
    const float *x = w->x[0], *z = w->z[0];
    const uint32_t n = w->n, span = S->head->span;
    cand_cursor q = {0, 0};
    const int pf = n > PREFETCH_MIN_N;
    for (uint32_t s = lo; s < hi; s++) {
        if (pf && s % CROWD_BLOCK == 0 && s + PF_LIST_AHEAD < n)
            prefetch_slots(w, s + PF_LIST_AHEAD);
        if (s == lo || s % CROWD_TASK_BLOCK == 0)
            cand_block_start(S, s, &q);
        if (!half)
            w->count[s] = 0, w->flags[s] = 0;
        uint32_t a, e;
        cand_next(S, s, &q, &a, &e);
        const float xs = x[s], zs = z[s], ys = y[s], ts = top[s], rs = r[s];
        /* Without a branch per candidate (whether it is a contact is a coin toss the
         * predictor loses): the contacts compacted, then offered. */
        uint32_t hit[CROWD_STATE_C], hits = 0;
        float hd2[CROWD_STATE_C];
        for (uint32_t k = a; k < e; k++) {
            const uint32_t c = S->cand[k];
            if (half && c <= s)
                break; /* the build stores the candidates after s first */
            /* only an overwritten state holds c >= n, c == s or (half) c beyond the span,
             * whose count the wave has not zeroed yet */
            const int ok = (c < n) & (c != s) & (!half | (c - s <= span));
            const uint32_t t = ok ? c : s;
            /* horde_crowd_scan_run's test, term for term */
            const int vertical = (ys < top[t]) & (y[t] < ts);
            const float reach = (rs + r[t]) * HORDE_CROWD_SEPARATE_REACH;
            const float dx = xs - x[t], dz = zs - z[t];
            const float d2 = dx * dx + dz * dz;
            hit[hits] = t, hd2[hits] = d2;
            hits += (uint32_t)(ok & vertical & (d2 < reach * reach));
        }
        for (uint32_t k = 0; k < hits; k++)
            horde_crowd_contact(w, w->share, s, hit[k], hd2[k]);
    }
}

void horde_crowd_state_lists(const crowd_call *cc, uint32_t lo, uint32_t hi) { lists(cc, lo, hi, 0); }

/* The runs of sorted movers whose cells are within rc of (cx, cz); rc < 0: every mover.
 * Hashed cells are taken once per bucket (a candidate must not be kept twice). */
typedef struct cand_runs {
    uint32_t n, lo[RUNS_MAX], hi[RUNS_MAX];
} cand_runs;
static void runs_around(const grid *g, int32_t cx, int32_t cz, int32_t rc, cand_runs *R)
{
    R->n = 0;
    if (rc >= 0 && g->box && 2 * rc + 1 <= (int32_t)RUNS_MAX) {
        const int64_t x0 = (int64_t)cx - rc < g->cx0 ? g->cx0 : (int64_t)cx - rc;
        const int64_t x1 = (int64_t)cx + rc > (int64_t)g->cx0 + g->nx - 1 ? (int64_t)g->cx0 + g->nx - 1
                                                                          : (int64_t)cx + rc;
        for (int64_t row = (int64_t)cz - rc; row <= (int64_t)cz + rc && x0 <= x1; row++) {
            if (row < g->cz0 || row >= (int64_t)g->cz0 + g->nz)
                continue;
            const uint32_t b = (uint32_t)(row - g->cz0) * g->nx;
            const uint32_t a = g->start[b + (uint32_t)(x0 - g->cx0)], e = g->start[b + (uint32_t)(x1 - g->cx0) + 1];
            if (a < e)
                R->lo[R->n] = a, R->hi[R->n] = e, R->n++;
        }
        return;
    }
    if (rc >= 0 && !g->box && (2 * rc + 1) * (2 * rc + 1) <= (int32_t)RUNS_MAX) {
        uint32_t seen[RUNS_MAX], m = 0;
        for (int32_t dz = -rc; dz <= rc; dz++)
            for (int32_t dx = -rc; dx <= rc; dx++) {
                const uint32_t k = horde_crowd_hash(cx + dx, cz + dz, g->mask);
                int dup = 0;
                for (uint32_t q = 0; q < m; q++)
                    dup |= seen[q] == k;
                if (dup)
                    continue;
                seen[m++] = k;
                if (g->start[k] < g->start[k + 1])
                    R->lo[R->n] = g->start[k], R->hi[R->n] = g->start[k + 1], R->n++;
            }
        return;
    }
    R->n = 1, R->lo[0] = 0, R->hi[0] = g->n;
}

/* The build's stage: blocks of sorted movers, each mover's build data and candidates
 * into the state; any[b] = 1 when one of the block's movers has more than
 * CROWD_STATE_C (the state is then not reusable). */
static void cand_blocks(uint32_t b0, uint32_t b1, uint32_t worker, void *ctx)
{
    (void)worker;
    const crowd_call *cc = (const crowd_call *)ctx;
    const grid *g = &cc->g;
    const crowd_work *w = &cc->w;
    const crowd_state *S = &cc->state;
    const float *r = cc->sorted[2], *x = w->x[0], *z = w->z[0];
    const double margin = (double)S->margin * WIDEN + WIDEN_ABS;
    const double reach = (double)HORDE_CROWD_SEPARATE_REACH * WIDEN;
    cand_runs R = {0};
    int32_t pcx = 0, pcz = 0, prc = -2; /* R holds the runs around (pcx, pcz) within prc */
    for (uint32_t b = b0; b < b1; b++) {
        uint32_t lo, hi, over = 0, span = 0;
        horde_crowd_block(b, w->n, CROWD_TASK_BLOCK, &lo, &hi);
        uint32_t at = lo * CROWD_STATE_C; /* the block's region (cand_range) */
        for (uint32_t s = lo; s < hi; s++) {
            S->idx[s] = w->idx[s], S->x[s] = x[s], S->z[s] = z[s], S->r[s] = r[s];
            /* Cells each way (crowd_grid.c's reach_cells, for the farthest candidate). */
            const double far = ((double)r[s] + (double)g->max_r) * reach + margin;
            const double u = far / (double)g->cell * 1.0001 + (double)g->slack + 0x1p-20;
            const int32_t rc = u > CELLS_ALL ? -1 : u < 1.0 ? 1 : (int32_t)ceil(u);
            if (rc != prc || cc->scx[s] != pcx || cc->scz[s] != pcz) /* sorted by cell: neighbours share it */
                runs_around(g, cc->scx[s], cc->scz[s], rc, &R), pcx = cc->scx[s], pcz = cc->scz[s], prc = rc;
            /* lim = (r[s] + r[t]) * reach + margin, in two parts (any rounding of it is
             * far inside the widening). Without a branch per mover tested (each write
             * capped at CROWD_STATE_C + 1 entries), then stored with the candidates after
             * s first (the wavefront's half lists), each part in the runs' order. */
            uint32_t got[CROWD_STATE_C + 1], m = 0;
            const double xs = x[s], zs = z[s], ls = (double)r[s] * reach + margin;
            for (uint32_t q = 0; q < R.n && m <= CROWD_STATE_C; q++)
                for (uint32_t t = R.lo[q]; t < R.hi[q]; t++) {
                    const double dx = xs - (double)x[t], dz = zs - (double)z[t];
                    const double lim = ls + (double)r[t] * reach;
                    got[m < CROWD_STATE_C ? m : CROWD_STATE_C] = t;
                    m += (uint32_t)(dx * dx + dz * dz < lim * lim) & (t != s);
                }
            if (m > CROWD_STATE_C) {
                over = 1; /* the state will not be reused: leave the region as it is */
            } else {
                uint32_t *cand = S->cand + at, k = 0;
                for (uint32_t j = 0; j < m; j++)
                    if (got[j] > s)
                        cand[k++] = got[j], span = got[j] - s > span ? got[j] - s : span;
                for (uint32_t j = 0; j < m; j++)
                    if (got[j] < s)
                        cand[k++] = got[j], span = s - got[j] > span ? s - got[j] : span;
                at += m;
            }
            S->end[s] = at;
        }
        cc->any[b] = over;
        cc->bounds[b][0] = (int32_t)span; /* free until the search */
    }
}

/* The back-off: a build costs about a stateless call's search again (the candidates
 * within the margin), and a reuse saves about a third of a call, so a state rebuilt
 * before STATE_MIN_USES reuses (a crowd whose movers jump past margin / 2 every frame or
 * two, or one with a mover over the candidates) costs more than it saves. After such a
 * build the next one waits 1 call, then 2, 4, up to STATE_BACKOFF_MAX (the calls between
 * run as without a state), until a build is reused STATE_MIN_USES times. Only the cost
 * depends on it. */
void horde_crowd_state_build(crowd_call *cc, const horde_stages *st)
{
    crowd_state_head *h = cc->state.head;
    h->built = 0;
    if (h->fresh) {
        h->backoff = h->backoff ? (2 * h->backoff < STATE_BACKOFF_MAX ? 2 * h->backoff : STATE_BACKOFF_MAX) : 1;
        h->skip = h->backoff;
    }
    h->fresh = 0;
    if (h->skip) {
        h->skip--;
        return;
    }
    h->fresh = 1, h->uses = 0;
    const uint32_t blocks = horde_crowd_blocks(cc->w.n, CROWD_TASK_BLOCK);
    horde_stage(st, cand_blocks, blocks, CROWD_MIN_BLOCKS, cc);
    uint32_t over = 0, span = 0;
    for (uint32_t b = 0; b < blocks; b++)
        over |= cc->any[b], span = (uint32_t)cc->bounds[b][0] > span ? (uint32_t)cc->bounds[b][0] : span;
    h->n = (uint32_t)cc->c->n, h->valid = cc->w.n, h->span = span, h->built = !over;
}

/* The reuse's wavefront (crowd_iterate.c's, with sorted indices for rows), also a
 * call's without tasks right after it built the state (the candidates replace the
 * search, its positions being the build's): every
 * candidate, so every contact, of mover s lies within span of s in the build's order.
 * The lists take half the tests (lists(), half = 1): s offers its contacts t > s to both
 * lists, so s's list is complete once the movers up to s have run, and the counts and
 * flags are zeroed up to span past the last listed mover. Pass 0 may run a mover once its
 * list and slots are made; pass j (reading buffer j % 2, writing (j + 1) % 2) may run the
 * movers before done[j - 1] - span: their contacts' inputs are final, and pass j - 1 will
 * not read them again. A pass that finds no overlap ends the call as in crowd_wave. Steps
 * of STATE_WAVE_STEP movers. */
#define STATE_WAVE_STEP 512u
int horde_crowd_state_wave(crowd_call *cc)
{
    crowd_work *w = &cc->w;
    const horde_crowd_ops *ops = cc->ops;
    const uint32_t n = w->n, iterations = cc->iterations, passes = iterations + 1, span = cc->state.head->span;
    uint32_t listed = 0, zeroed = 0, done[HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1] = {0};
    int any[HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1] = {0};
    w->gather = 0;
    for (;;) {
        const uint32_t to = n - listed > STATE_WAVE_STEP ? listed + STATE_WAVE_STEP : n;
        const uint32_t reach = n - to > span ? to + span : n; /* the last offer's mover + 1 */
        if (reach > zeroed) {
            memset(w->count + zeroed, 0, (reach - zeroed) * sizeof *w->count);
            memset(w->flags + zeroed, 0, (reach - zeroed) * sizeof *w->flags);
            zeroed = reach;
        }
        lists(cc, listed, to, 1);
        ops->slots(w, cc->sorted[2], cc->sorted[3], listed, to);
        listed = to;
        for (uint32_t j = 0; j < passes; j++) {
            const uint32_t before = j == 0 ? listed : done[j - 1];
            const uint32_t ready = before == n ? n : j == 0 ? before : before > span ? (before - span) / CROWD_BLOCK * CROWD_BLOCK : 0;
            const int push = j < iterations;
            if (ready > done[j])
                any[j] |= ops->pass(w, (int)(j % 2), push, push ? HORDE_FLAG_CROWDED : HORDE_FLAG_WEDGED, done[j],
                                    ready), done[j] = ready;
            if (done[j] == n && push && !any[j])
                return (int)((j + 1) % 2);
        }
        if (listed == n)
            return (int)(iterations % 2);
    }
}
