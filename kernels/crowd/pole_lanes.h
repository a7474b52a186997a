/* SPDX-License-Identifier: MIT */
/* Internal, for the poles' SIMD templates (radial_push_tmpl.c, radial_sweep_tmpl.c;
 * included after template.h): W movers' candidate lists walked side by side, entry k of
 * every lane at once, the pole data loaded lane by lane. */
#ifndef HORDE_POLE_LANES_H
#define HORDE_POLE_LANES_H

#include "pole_gather.h"

/* Entry k of every lane's list: the pole, `ok` where it is a valid pole, `skip` where the
 * lane has an entry k that names none. */
typedef struct pole_lanes {
    wf x, z, r, bottom, top;
    wi ok, skip;
} pole_lanes;

/* The lanes' list bounds: entries offsets[i] + k for k < count[i]. */
typedef struct list_lanes {
    uint32_t first[W], count[W];
    uint32_t longest;
    uint32_t anchor; /* an existing entry, read (and dropped) by lanes without entry k */
} list_lanes;

/* Entries per lane gathered once per group and kept for every pass (4 K of stack on
 * AVX2); longer lists gather the rest again in every pass. The gathers cost more than
 * the math they feed and a group typically runs 2-3 passes, so regathering every entry
 * in every pass would leave the SIMD kernels slower than scalar. */
#define CACHED_ENTRIES 16

static inline wi pole_ok(pole_lanes *P)
{
    const wf maxc = wf_set(HORDE_RADIAL_PUSH_MAX_COORD);
    wi ok = wi_and(wf_le(wf_abs(P->x), maxc), wf_le(wf_abs(P->z), maxc));
    ok = wi_and(ok, wi_and(wf_le(wf_abs(P->bottom), maxc), wf_le(wf_abs(P->top), maxc)));
    ok = wi_and(ok, wf_le(P->bottom, P->top));
    return wi_and(ok, wi_and(wf_le(wf_set(0.0f), P->r), wf_le(P->r, wf_set(HORDE_RADIAL_PUSH_MAX_RADIUS))));
}

/* Entry k of each lane's list: the W pole numbers chosen lane by lane, then each field
 * as one wf with wf_load_at (wide.h): on AVX2 eight broadcast loads merged with blends
 * (load ports and any vector ALU, nothing queued on the shuffle port), elsewhere W
 * scalar loads into a stack array and one wide load. The hardware gather, inserts and
 * a packed record per pole are slower or barely faster: bench/gather_forms measures
 * each form. Lanes without a pole read pole 0 (or zeros when there are no poles); `ok`
 * drops them. */
static inline void gather_entry(const horde_poles *poles, const uint32_t *indices,
                                const list_lanes *L, uint32_t k, pole_lanes *P)
{
    uint32_t has[W], inside[W], at[W];
    for (int i = 0; i < W; i++) { /* which pole each lane reads */
        const int h = k < L->count[i];
        const uint32_t j = indices[h ? L->first[i] + k : L->anchor]; /* branch-free read */
        const int in = h && j < poles->n;
        has[i] = h ? ~0u : 0u, inside[i] = in ? ~0u : 0u, at[i] = in ? j : 0;
    }
    if (poles->n) {
        P->x = wf_load_at(poles->x, at), P->z = wf_load_at(poles->z, at), P->r = wf_load_at(poles->r, at);
        P->bottom = wf_load_at(poles->bottom, at), P->top = wf_load_at(poles->top, at);
    } else {
        P->x = P->z = P->r = P->bottom = P->top = wf_set(0.0f);
    }
    const wi has_v = wi_load(has);
    P->ok = wi_and(pole_ok(P), wi_load(inside));
    P->skip = wi_andnot(P->ok, has_v);
}

/* The lanes' list bounds from offsets[0 .. W] (lanes not in `valid`: empty lists). */
static inline void lists_of(const uint32_t *offsets, wi valid, list_lanes *L)
{
    uint32_t va[W];
    wi_store(va, valid);
    L->longest = 0, L->anchor = 0;
    for (int i = 0; i < W; i++) {
        L->first[i] = offsets[i];
        L->count[i] = va[i] ? offsets[i + 1] - offsets[i] : 0;
        L->longest = L->count[i] > L->longest ? L->count[i] : L->longest;
        L->anchor = L->count[i] ? L->first[i] : L->anchor;
    }
}

/* ---- Clean lists: every entry names a pole -------------------------------------------
 * The common case, where the group's list entries all name poles (< n) and the positions
 * fit in int32, takes a shorter path: the lanes' positions come from one vector min and
 * add per entry (no per-lane tests of the list's length or the pole number), and the five
 * fields are read lane by lane (wf_load_at5, pole_gather.h). Groups with an entry naming no pole
 * (SKIPPED) take lists_of and gather_entry above, and so does the swept kernel
 * (radial_sweep_tmpl.c), which has no clean path. */
typedef struct clean_lists {
    wi first; /* lane i's first entry */
    wi last;  /* lane i's last entry (the group's first entry for empty lists) */
    wi count; /* entries per lane (0 for lanes not valid) */
    uint32_t longest;
} clean_lists;

/* Positions at most CLEAN_MAX_POSITION (2^30 - 1), so first + k < 2^31 (k < longest < 2^30). */
#define CLEAN_MAX_POSITION 0x3fffffffu

/* The lanes' lists from offsets[0 .. W] when the group's run indices[offsets[0] ..
 * offsets[W]) is not empty, every entry is a pole number < n and offsets[W] <=
 * CLEAN_MAX_POSITION; else 0 (and the general path). Entries of lanes not in `valid` are
 * part of the run: they are read here (the caller's lists hold offsets[n] entries) and
 * ignored. */
static inline int clean_lists_of(const uint32_t *offsets, const uint32_t *indices, size_t n, wi valid,
                                 clean_lists *C)
{
    const wi zero = wi_set(0);
    C->first = C->last = C->count = zero, C->longest = 0;
    if (offsets[W] == offsets[0] || offsets[W] > CLEAN_MAX_POSITION || n == 0 || n > (size_t)INT32_MAX)
        return 0; /* no entries (indices may then be NULL), or out of the path's range */
    const uint32_t *const run = indices + offsets[0];
    const uint32_t len = offsets[W] - offsets[0];
    const wi top = wi_set((int32_t)n - 1);
    wi bad = zero;
    uint32_t p = 0;
    for (; p + W <= len; p += W) { /* j > n - 1, or j >= 2^31 (negative as int32) */
        const wi j = wi_load(run + p);
        bad = wi_or(bad, wi_or(wi_gt(j, top), wi_gt(zero, j)));
    }
    int ok = !wi_any(bad);
    for (; p < len; p++)
        ok &= run[p] < n;
    if (!ok)
        return 0;
    const wi first = wi_load(offsets), count = wi_and(valid, wi_sub(wi_load(offsets + 1), first));
    C->first = first, C->count = count;
    C->last = wi_sel(wi_gt(count, zero), wi_add(first, wi_sub(count, wi_set(1))), wi_set((int32_t)offsets[0]));
    uint32_t c[W];
    wi_store(c, count);
    for (int i = 0; i < W; i++)
        C->longest = c[i] > C->longest ? c[i] : C->longest;
    return 1;
}

/* gather_entry for clean lists: lane i reads position min(first + k, last). */
static inline void gather_clean(const horde_poles *poles, const uint32_t *indices, const clean_lists *C,
                                uint32_t k, pole_lanes *P)
{
    uint32_t pos[W], at[W];
    wi_store(pos, wi_min(wi_add(C->first, wi_set((int32_t)k)), C->last));
    for (int i = 0; i < W; i++)
        at[i] = indices[pos[i]];
    const float *const field[5] = {poles->x, poles->z, poles->r, poles->bottom, poles->top};
    wf v[5];
    wf_load_at5(field, at, v);
    P->x = v[0], P->z = v[1], P->r = v[2], P->bottom = v[3], P->top = v[4];
    const wi has = wi_gt(C->count, wi_set((int32_t)k));
    P->ok = wi_and(pole_ok(P), has);
    P->skip = wi_andnot(P->ok, has);
}

/* ---- The movers' lanes (radial_push_tmpl.c, radial_push_grid_tmpl.c) ------------ */

/* W movers during their solve (the reference's `mover`, one per lane). */
typedef struct radial_movers {
    wf x, z;         /* current axis */
    wf y, top, r;    /* y, y + h, radius (sanitised: invalid lanes hold zeros) */
    wf x0, y0, z0;   /* the inputs as given (invalid lanes get them back) */
    wi valid;
} radial_movers;

/* W movers from their five inputs (x, y, z, radius, height). */
static inline void movers_from(const wf *in, radial_movers *M)
{
    const wf x = in[0], y = in[1], z = in[2], r = in[3], h = in[4];
    const wf maxc = wf_set(HORDE_RADIAL_PUSH_MAX_COORD), zero = wf_set(0.0f);
    wi ok = wi_and(wi_and(wf_le(wf_abs(x), maxc), wf_le(wf_abs(y), maxc)), wf_le(wf_abs(z), maxc));
    ok = wi_and(ok, wi_and(wf_le(zero, r), wf_le(r, wf_set(HORDE_RADIAL_PUSH_MAX_RADIUS))));
    ok = wi_and(ok, wi_and(wf_le(zero, h), wf_le(h, wf_set(HORDE_RADIAL_PUSH_MAX_HEIGHT))));
    M->valid = ok;
    M->x0 = x, M->y0 = y, M->z0 = z;
    M->x = wf_sel(ok, x, zero), M->z = wf_sel(ok, z, zero), M->y = wf_sel(ok, y, zero);
    M->r = wf_sel(ok, r, zero);
    M->top = wf_add(M->y, wf_sel(ok, h, zero));
}

static inline void load_movers(const float *const *in, radial_movers *M)
{
    const wf v[5] = {wf_load(in[0]), wf_load(in[1]), wf_load(in[2]), wf_load(in[3]), wf_load(in[4])};
    movers_from(v, M);
}

/* The lanes' flags at the end of their solve (invalid lanes: INVALID alone). */
static inline wi mover_flags(const radial_movers *M, wi collided, wi wedged, wi skipped)
{
    wi f = wi_and(collided, wi_set(HORDE_FLAG_COLLIDED));
    f = wi_or(f, wi_and(wedged, wi_set(HORDE_FLAG_WEDGED)));
    f = wi_or(f, wi_and(skipped, wi_set(HORDE_FLAG_SKIPPED)));
    return wi_sel(M->valid, f, wi_set((int32_t)HORDE_FLAG_INVALID));
}

#endif
