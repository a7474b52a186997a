/* SPDX-License-Identifier: MIT */
/* horde_crowd_separate for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set. The call is shared with the reference (crowd_stages.h);
 * this is the reference's step() W movers at a time, operation for operation: lane i is
 * sorted mover s0 + i, and each pass over the slots takes slot k of every lane at once
 * (the lists are stored in blocks of 8 movers, slot by slot, so the slot's data are
 * plain vector loads; only the contacts' positions are gathered, lane by lane, from the
 * sorted arrays, which keep neighbours close in memory). The push sums are integers, so
 * lanes that sit out a slot add nothing and the order of the adds does not matter.
 * The contacts' positions go through a stored array: an AVX2 gather (vgatherdps) is
 * much slower here, and building the vectors with inserts is no faster. */
#include "simd/template.h"
#include "crowd_separate.h"

_Static_assert(CROWD_BLOCK % W == 0, "a group's slot k is W consecutive elements (crowd_work)");

/* Slot k of W lanes. */
typedef struct slot_lanes {
    wf x, z;        /* the contact's position (lanes without slot k: their own) */
    wf R, share, side;
} slot_lanes;

/* Slot k of lanes s0 ... s0 + W - 1; lanes whose list is shorter read their own position
 * and R = 0, which never overlaps. */
static inline void load_slot(const crowd_work *w, uint32_t s0, uint32_t k, wi has, wi self,
                             int cur, slot_lanes *S)
{
    const size_t e = horde_crowd_slot(s0, k); /* W consecutive elements (crowd_work) */
    uint32_t t[W];
    wi_store(t, wi_sel(has, wi_load(w->part + e), self));
    float xj[W], zj[W];
    const float *x = w->x[cur], *z = w->z[cur];
    for (int i = 0; i < W; i++)
        xj[i] = x[t[i]], zj[i] = z[t[i]];
    S->x = wf_load(xj), S->z = wf_load(zj);
    /* The unused slots hold whatever the scratch held (crowd_work); the lanes without
     * slot k get zeros, never subnormals: those would make every float operation on the
     * lane a microcode assist (much slower: stale integers there read as subnormals). */
    const wf zero = wf_set(0.0f);
    S->R = wf_sel(has, wf_load(w->R + e), zero);
    const wf signed_share = wf_sel(has, wf_load(w->share + e), zero);
    S->share = wf_abs(signed_share); /* horde_crowd_share, horde_crowd_side */
    S->side = wf_as(wi_or(wi_and(wi_as(signed_share), wi_set(INT32_MIN)), wi_as(wf_set(1.0f))));
}

/* step() of the reference for lanes s0 ...: returns the lanes that overlap a contact. */
static inline wi step_lanes(const crowd_work *w, uint32_t s0, int cur, int push)
{
    const wf xs = wf_load(w->x[cur] + s0), zs = wf_load(w->z[cur] + s0);
    const wi count = wi_load(w->count + s0);
    uint32_t cnt[W], longest = 0;
    wi_store(cnt, count);
    for (int i = 0; i < W; i++)
        longest = cnt[i] > longest ? cnt[i] : longest;
    uint32_t lane[W];
    for (int i = 0; i < W; i++)
        lane[i] = s0 + (uint32_t)i;
    const wi self = wi_load(lane);
    wi sum_x = wi_set(0), sum_z = wi_set(0), overlaps = wi_set(0);
    for (uint32_t k = 0; k < longest; k++) {
        slot_lanes S;
        const wi has = wi_gt(count, wi_set((int32_t)k));
        load_slot(w, s0, k, has, self, cur, &S);
        const wf dx = wf_sub(xs, S.x), dz = wf_sub(zs, S.z);
        const wf d2 = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
        const wi ov = wf_lt(d2, wf_mul(S.R, S.R));
        if (!wi_any(ov))
            continue;
        overlaps = wi_sub(overlaps, ov); /* ov lanes are -1 */
        if (!push)
            continue;
        const wf skin = wf_mul(wf_add(wf_add(wf_add(wf_abs(xs), wf_abs(zs)), S.R), wf_set(CROWD_SKIN_FLOOR)),
                               wf_set(CROWD_SKIN));
        const wf T = wf_add(S.R, skin);
        const wf d = wf_sqrt(d2);
        const wf g = wf_div(wf_mul(wf_sub(T, d), S.share), d);
        const wi tiny = wf_lt(d2, wf_set(HORDE_CROWD_SEPARATE_TINY));
        const wf px = wf_sel(tiny, wf_mul(S.side, wf_mul(T, S.share)), wf_mul(dx, g));
        const wf pz = wf_sel(tiny, wf_set(0.0f), wf_mul(dz, g));
        sum_x = wi_add(sum_x, wi_and(ov, wi_trunc(wf_mul(px, wf_set(CROWD_QUANT)))));
        sum_z = wi_add(sum_z, wi_and(ov, wi_trunc(wf_mul(pz, wf_set(CROWD_QUANT)))));
    }
    const wi moved = wi_gt(overlaps, wi_set(0));
    if (push) {
        const wf nx = wf_add(xs, wf_mul(wf_from_i(sum_x), wf_set(CROWD_UNQUANT)));
        const wf nz = wf_add(zs, wf_mul(wf_from_i(sum_z), wf_set(CROWD_UNQUANT)));
        wf_store(w->x[cur ^ 1] + s0, wf_sel(moved, nx, xs));
        wf_store(w->z[cur ^ 1] + s0, wf_sel(moved, nz, zs));
    }
    return moved;
}

/* horde_crowd_scan_run W candidates at a time (the same float test in the same order).
 * Loads may run up to W - 1 past hi, into the arrays' padding (crowd_work), and those
 * lanes are dropped. */
static void scan_run(crowd_work *w, float *d2s, const float *const sorted[4], uint32_t s, uint32_t lo,
                     uint32_t hi, float small)
{
    const float *y = sorted[0], *top = sorted[1], *r = sorted[2];
    const float *x = w->x[0], *z = w->z[0];
    const wf xs = wf_set(x[s]), zs = wf_set(z[s]), ys = wf_set(y[s]), ts = wf_set(top[s]), rs = wf_set(r[s]);
    uint32_t lane[W];
    for (int i = 0; i < W; i++)
        lane[i] = (uint32_t)i;
    const wi lanes = wi_load(lane), self = wi_set((int32_t)s), end = wi_set((int32_t)hi);
    const int half = small >= 0.0f;
    const wf smallv = wf_set(small);
    for (uint32_t t0 = lo; t0 < hi; t0 += W) {
        const wi tv = wi_add(wi_set((int32_t)t0), lanes);
        const wf rt = wf_load(r + t0);
        const wi searched = half ? wf_le(rt, smallv) : wi_or(wf_lt(rt, rs), wi_and(wf_eq(rt, rs), wi_gt(tv, self)));
        const wi vertical = wi_and(wf_lt(ys, wf_load(top + t0)), wf_lt(wf_load(y + t0), ts));
        const wf reach = wf_mul(wf_add(rs, rt), wf_set(HORDE_CROWD_SEPARATE_REACH));
        const wf dx = wf_sub(xs, wf_load(x + t0)), dz = wf_sub(zs, wf_load(z + t0));
        const wf d2 = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
        const wi in = wi_and(wi_gt(end, tv), wi_and(searched, vertical));
        int bits = wi_bits(wi_and(in, wf_lt(d2, wf_mul(reach, reach))));
        if (!bits)
            continue;
        float d2l[W];
        wf_store(d2l, d2);
        for (; bits; bits &= bits - 1) {
            const int i = __builtin_ctz((unsigned)bits);
            horde_crowd_contact(w, d2s, s, t0 + (uint32_t)i, d2l[i]);
        }
    }
}

/* One pass over the groups of movers lo ... (horde_crowd_pass_fn). */
static int pass(const crowd_work *w, int cur, int push, uint32_t flag, uint32_t lo, uint32_t hi)
{
    wi any = wi_set(0);
    for (uint32_t s0 = lo; s0 < hi; s0 += W) {
        const wi moved = step_lanes(w, s0, cur, push);
        if (wi_any(moved)) {
            uint32_t *f = w->flags + s0;
            wi_store(f, wi_or(wi_load(f), wi_and(moved, wi_set((int32_t)flag))));
            any = wi_or(any, moved);
        }
    }
    return wi_any(any);
}

/* The validation (horde_crowd_validate_fn) W movers at a time: the same tests, the same
 * maxima, and the radii into the same CROWD_SUMS partial sums (group g of W lanes holds
 * sums (g W) % CROWD_SUMS ..., lo being a multiple of CROWD_SUMS), so the sums are the
 * scalar ones bit for bit. The range's last (hi - lo) % W movers go through the scalar
 * loop (horde_crowd_validate_from). */
_Static_assert(CROWD_SUMS % W == 0, "a group's lanes are W consecutive partial sums");
static void validate(const horde_crowd_separate_batch *c, size_t lo, size_t hi, uint32_t *key, crowd_acc *acc)
{
    const size_t full = lo + (hi - lo) / W * W;
    const wf maxc = wf_set(HORDE_CROWD_SEPARATE_MAX_COORD), zero = wf_set(0.0f);
    wf sums[CROWD_SUMS / W], max_r = zero, m_xz = zero;
    wi count = wi_set(0);
    for (int k = 0; k < CROWD_SUMS / W; k++)
        sums[k] = wf_load(acc->sums + k * W);
    for (size_t i = lo; i < full; i += W) {
        const wf x = wf_load(c->x + i), y = wf_load(c->y + i), z = wf_load(c->z + i);
        const wf r = wf_load(c->radius + i), h = wf_load(c->height + i);
        const wf wt = c->weight ? wf_load(c->weight + i) : wf_set(1.0f);
        /* horde_crowd_mover_ok: ordered compares, NaN fails each. */
        wi ok = wi_and(wi_and(wf_le(wf_abs(x), maxc), wf_le(wf_abs(y), maxc)), wf_le(wf_abs(z), maxc));
        ok = wi_and(ok, wi_and(wf_le(zero, r), wf_le(r, wf_set(HORDE_CROWD_SEPARATE_MAX_RADIUS))));
        ok = wi_and(ok, wi_and(wf_le(zero, h), wf_le(h, wf_set(HORDE_CROWD_SEPARATE_MAX_HEIGHT))));
        ok = wi_and(ok, wi_and(wf_le(zero, wt), wf_le(wt, wf_set(HORDE_CROWD_SEPARATE_MAX_WEIGHT))));
        wi_store(key + i, wi_not(ok)); /* 0 or CROWD_KEY_INVALID */
        count = wi_sub(count, ok);
        /* Invalid lanes count as r = 0 and |x| = |z| = 0: no maximum moves, and + 0 leaves
         * a partial sum as it is (never -0: it starts at +0 and adds r >= 0). */
        const wf rv = wf_sel(ok, r, zero);
        max_r = wf_max(rv, max_r);
        const int g = (int)(i / W % (CROWD_SUMS / W));
        sums[g] = wf_add(sums[g], rv);
        const wf ax = wf_sel(ok, wf_abs(x), zero), az = wf_sel(ok, wf_abs(z), zero);
        m_xz = wf_max(az, wf_max(ax, m_xz));
        const int bad = wi_bits(ok) ^ ((1 << W) - 1);
        for (int l = 0; l < W; l++)
            if (bad >> l & 1)
                c->out_x[i + l] = c->x[i + l], c->out_z[i + l] = c->z[i + l],
                c->out_flags[i + l] = HORDE_FLAG_INVALID;
    }
    float lm[W], lx[W];
    uint32_t lc[W];
    for (int k = 0; k < CROWD_SUMS / W; k++)
        wf_store(acc->sums + k * W, sums[k]);
    wf_store(lm, max_r), wf_store(lx, m_xz), wi_store(lc, count);
    for (int l = 0; l < W; l++) {
        acc->max_r = lm[l] > acc->max_r ? lm[l] : acc->max_r;
        acc->extent = lx[l] > acc->extent ? lx[l] : acc->extent;
        acc->valid += lc[l];
    }
    horde_crowd_validate_from(c, full, hi, key, acc); /* the last (hi - lo) % W movers */
}

/* The valid movers' cells (horde_crowd_cells_fn) W at a time: the same IEEE quotient and
 * floor (|q| <= 2^20 for valid movers). Invalid lanes' entries are written too (with
 * whatever their quotient gives): nothing reads them. */
static void cells(const horde_crowd_separate_batch *c, size_t lo, size_t hi, const uint32_t *key, float cell,
                  int32_t *cx, int32_t *cz, int32_t bounds[4])
{
    const size_t full = lo + (hi - lo) / W * W;
    const wf cv = wf_set(cell);
    wi lo_x = wi_set(INT32_MAX), lo_z = wi_set(INT32_MAX), hi_x = wi_set(INT32_MIN), hi_z = wi_set(INT32_MIN);
    for (size_t i = lo; i < full; i += W) {
        const wi ok = wi_eq(wi_load(key + i), wi_set(0));
        const wi qx = wi_floor(wf_div(wf_load(c->x + i), cv)), qz = wi_floor(wf_div(wf_load(c->z + i), cv));
        wi_store((uint32_t *)cx + i, qx), wi_store((uint32_t *)cz + i, qz);
        lo_x = wi_sel(ok, wi_min(lo_x, qx), lo_x), hi_x = wi_sel(ok, wi_max(hi_x, qx), hi_x);
        lo_z = wi_sel(ok, wi_min(lo_z, qz), lo_z), hi_z = wi_sel(ok, wi_max(hi_z, qz), hi_z);
    }
    int32_t b[4][W];
    wi_store((uint32_t *)b[0], lo_x), wi_store((uint32_t *)b[1], lo_z);
    wi_store((uint32_t *)b[2], hi_x), wi_store((uint32_t *)b[3], hi_z);
    for (int l = 0; l < W; l++) {
        bounds[0] = b[0][l] < bounds[0] ? b[0][l] : bounds[0];
        bounds[1] = b[1][l] < bounds[1] ? b[1][l] : bounds[1];
        bounds[2] = b[2][l] > bounds[2] ? b[2][l] : bounds[2];
        bounds[3] = b[3][l] > bounds[3] ? b[3][l] : bounds[3];
    }
    horde_crowd_cells_from(c, full, hi, key, cell, cx, cz, bounds); /* the last (hi - lo) % W movers */
}

/* The slots' constants (horde_crowd_slots_fn) W movers at a time, slot k of every lane
 * at once (W consecutive elements, crowd_work); the contacts' radius, weight and batch
 * index loaded lane by lane. Lanes past their count take mover s0 as the contact and
 * write what that gives into their unused slot. The quotient is the scalar one (IEEE);
 * the sign is ORed in, the share being +0 or positive. On 8 lanes only: every group
 * runs to its longest list, and with 4 lanes that costs more than the scalar loop
 * (crowd_separate/sse41 is slower with it; on avx2 it is as fast, with fewer branch
 * misses). */
#if W == 8
#define CROWD_SLOTS slots
static void slots(crowd_work *w, const float *r, const float *wt, uint32_t lo, uint32_t hi)
{
    const wf zero = wf_set(0.0f);
    for (uint32_t s0 = lo; s0 < hi; s0 += W) {
        uint32_t cnt[W], longest = 0;
        wi_store(cnt, wi_load(w->count + s0));
        for (int i = 0; i < W; i++)
            longest = cnt[i] > longest ? cnt[i] : longest;
        const wf rs = wf_load(r + s0), ws = wf_load(wt + s0);
        const wi is = wi_load(w->idx + s0);
        for (uint32_t k = 0; k < longest; k++) {
            const size_t e = horde_crowd_slot(s0, k);
            float rt[W], wtt[W];
            uint32_t it[W];
            for (int i = 0; i < W; i++) {
                const uint32_t t = k < cnt[i] ? w->part[e + (size_t)i] : s0;
                rt[i] = r[t], wtt[i] = wt[t], it[i] = w->idx[t];
            }
            const wf wtv = wf_load(wtt);
            wf_store(w->R + e, wf_add(rs, wf_load(rt)));
            const wf share = wf_sel(wf_gt(ws, zero), wf_div(ws, wf_add(ws, wtv)), zero);
            /* idx[s] < idx[t]: batch indices are below HORDE_CROWD_SEPARATE_MAX_N = 2^26, so the
             * signed compare is the unsigned one */
            const wi before = wi_gt(wi_load(it), is);
            wf_store(w->share + e, wf_as(wi_or(wi_as(share), wi_and(before, wi_set(INT32_MIN)))));
        }
    }
}
#else
#define CROWD_SLOTS horde_crowd_slots
#endif

HORDE_TEMPLATE(crowd_separate)
{
    (void)bytes;
    const horde_crowd_ops ops = {validate, cells, scan_run, CROWD_SLOTS, pass};
    horde_crowd_solve(stages, c, p, scratch, &ops);
}
