/* SPDX-License-Identifier: MIT */
/* horde_radial_sweep for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set. It mirrors radial_sweep_ref.c operation for operation; that file
 * defines the result. W movers per group, one per lane, their lists walked side by side
 * (pole_lanes.h, as the radial push), every slide W wide; lanes whose slide found no
 * contact are done. */
#include "simd/template.h"
#include "radial_push.h"
#include "pole_lanes.h"

/* W movers during their sweep. */
typedef struct sweep_lanes {
    wf px, pz, dx, dz; /* position, remaining displacement */
    wf y, top, r;      /* sanitised: invalid lanes hold zeros */
    wf x0, z0;         /* the inputs as given */
    wi valid;
} sweep_lanes;

/* The slide's earliest contact per lane (t = 1: none). */
typedef struct contact_lanes {
    wf t, cx, cz;
} contact_lanes;

static inline void load_sweepers(const float *const *in, sweep_lanes *M)
{
    const wf x = wf_load(in[0]), y = wf_load(in[1]), z = wf_load(in[2]);
    const wf r = wf_load(in[3]), h = wf_load(in[4]), dx = wf_load(in[5]), dz = wf_load(in[6]);
    const wf maxc = wf_set(HORDE_RADIAL_PUSH_MAX_COORD), zero = wf_set(0.0f);
    const wf maxd = wf_set(HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT);
    wi ok = wi_and(wi_and(wf_le(wf_abs(x), maxc), wf_le(wf_abs(y), maxc)), wf_le(wf_abs(z), maxc));
    ok = wi_and(ok, wi_and(wf_le(zero, r), wf_le(r, wf_set(HORDE_RADIAL_PUSH_MAX_RADIUS))));
    ok = wi_and(ok, wi_and(wf_le(zero, h), wf_le(h, wf_set(HORDE_RADIAL_PUSH_MAX_HEIGHT))));
    ok = wi_and(ok, wi_and(wf_le(wf_abs(dx), maxd), wf_le(wf_abs(dz), maxd)));
    M->valid = ok;
    M->x0 = x, M->z0 = z;
    M->px = wf_sel(ok, x, zero), M->pz = wf_sel(ok, z, zero);
    M->dx = wf_sel(ok, dx, zero), M->dz = wf_sel(ok, dz, zero);
    M->y = wf_sel(ok, y, zero), M->r = wf_sel(ok, r, zero);
    M->top = wf_add(M->y, wf_sel(ok, h, zero));
}

/* inside() of the reference: the mover at (qx, qz) inside pole P. */
static inline wi inside(const sweep_lanes *M, const pole_lanes *P, wf qx, wf qz)
{
    const wf R = wf_add(M->r, P->r), ex = wf_sub(qx, P->x), ez = wf_sub(qz, P->z);
    return wi_not(wf_le(wf_mul(R, R), wf_add(wf_mul(ex, ex), wf_mul(ez, ez))));
}

/* toi() of the reference for the lanes in `live` against entry P. */
static inline void toi(const sweep_lanes *M, const pole_lanes *P, wi live, contact_lanes *C)
{
    const wf zero = wf_set(0.0f);
    const wf R = wf_add(M->r, P->r);
    const wf ex = wf_sub(M->px, P->x), ez = wf_sub(M->pz, P->z);
    wi ok = wi_and(live, wi_and(P->ok, wi_and(wf_lt(M->y, P->top), wf_gt(M->top, P->bottom))));
    ok = wi_andnot(inside(M, P, M->px, M->pz), ok); /* inside at the start: ignored */
    if (!wi_any(ok))
        return;
    wf sum = wf_add(wf_add(wf_abs(P->x), wf_abs(P->z)), wf_abs(M->px));
    sum = wf_add(wf_add(wf_add(sum, wf_abs(M->pz)), R), wf_abs(M->dx));
    sum = wf_add(sum, wf_abs(M->dz));
    const wf T = wf_add(R, wf_mul(sum, wf_set(HORDE_RADIAL_SWEEP_SKIN)));
    const wf a = wf_add(wf_mul(M->dx, M->dx), wf_mul(M->dz, M->dz));
    const wf k = wf_sub(zero, wf_add(wf_mul(ex, M->dx), wf_mul(ez, M->dz)));
    ok = wi_and(ok, wi_and(wf_gt(a, zero), wf_gt(k, zero)));
    const wf tca = wf_div(k, a);
    const wf mx = wf_add(ex, wf_mul(M->dx, tca)), mz = wf_add(ez, wf_mul(M->dz, tca));
    const wf m2 = wf_add(wf_mul(mx, mx), wf_mul(mz, mz)), T2 = wf_mul(T, T);
    ok = wi_and(ok, wf_lt(m2, T2));
    wf t = wf_sub(tca, wf_sqrt(wf_div(wf_sub(T2, m2), a)));
    t = wf_max(t, zero);
    ok = wi_and(ok, wf_lt(t, C->t));
    C->t = wf_sel(ok, t, C->t), C->cx = wf_sel(ok, P->x, C->cx), C->cz = wf_sel(ok, P->z, C->cz);
}

/* Entry k of the lanes' lists: from the cache, or gathered into *tmp. */
static inline const pole_lanes *entry(const horde_poles *poles, const uint32_t *indices, const list_lanes *L,
                                      const pole_lanes *cache, uint32_t k, pole_lanes *tmp)
{
    if (k < CACHED_ENTRIES)
        return &cache[k];
    gather_entry(poles, indices, L, k, tmp);
    return tmp;
}

/* enters() of the reference for the lanes in `live`: the move p -> q enters a pole. */
static inline wi enters(const sweep_lanes *M, const horde_poles *poles, const uint32_t *indices, const list_lanes *L,
                        const pole_lanes *cache, wi live, wf qx, wf qz)
{
    wi bad = wi_set(0);
    for (uint32_t k = 0; k < L->longest; k++) {
        pole_lanes tmp;
        const pole_lanes *P = entry(poles, indices, L, cache, k, &tmp);
        const wi ok = wi_and(live, wi_and(P->ok, wi_and(wf_lt(M->y, P->top), wf_gt(M->top, P->bottom))));
        bad = wi_or(bad, wi_and(ok, wi_andnot(inside(M, P, M->px, M->pz), inside(M, P, qx, qz))));
    }
    return bad;
}

/* One slide for the lanes in `live`: returns the lanes that met a contact and go on;
 * *blocked gets the lanes whose slide was not taken. */
static inline wi slide(sweep_lanes *M, const horde_poles *poles, const uint32_t *indices, const list_lanes *L,
                       const pole_lanes *cache, wi live, wi *blocked)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    contact_lanes C = {one, zero, zero};
    for (uint32_t k = 0; k < L->longest; k++) {
        pole_lanes tmp;
        toi(M, entry(poles, indices, L, cache, k, &tmp), live, &C);
    }
    const wi hit = wf_lt(C.t, one);
    const wf qx = wf_sel(hit, wf_add(M->px, wf_mul(M->dx, C.t)), wf_add(M->px, M->dx));
    const wf qz = wf_sel(hit, wf_add(M->pz, wf_mul(M->dz, C.t)), wf_add(M->pz, M->dz));
    *blocked = enters(M, poles, indices, L, cache, live, qx, qz);
    const wi moved = wi_andnot(*blocked, live), go = wi_and(moved, hit);
    M->px = wf_sel(moved, qx, M->px), M->pz = wf_sel(moved, qz, M->pz);
    wf nx = wf_sub(M->px, C.cx), nz = wf_sub(M->pz, C.cz);
    const wf len = wf_sqrt(wf_add(wf_mul(nx, nx), wf_mul(nz, nz)));
    const wi has_len = wf_gt(len, zero);
    nx = wf_sel(has_len, wf_div(nx, len), one), nz = wf_sel(has_len, wf_div(nz, len), zero);
    const wf rest = wf_sub(one, C.t);
    wf rx = wf_mul(M->dx, rest), rz = wf_mul(M->dz, rest);
    const wf rn = wf_add(wf_mul(rx, nx), wf_mul(rz, nz));
    const wi into = wf_lt(rn, zero);
    const wf cut = wf_mul(rn, wf_set(HORDE_RADIAL_OVERBOUNCE));
    rx = wf_sel(into, wf_sub(rx, wf_mul(nx, cut)), rx), rz = wf_sel(into, wf_sub(rz, wf_mul(nz, cut)), rz);
    M->dx = wf_sel(go, rx, M->dx), M->dz = wf_sel(go, rz, M->dz);
    return go;
}

static inline void sweep_group(const horde_poles *poles, const uint32_t *offsets, const uint32_t *indices,
                               uint32_t slides, const float *const *in, float *const *out, uint32_t *of)
{
    sweep_lanes M;
    load_sweepers(in, &M);
    list_lanes L;
    lists_of(offsets, M.valid, &L);
    pole_lanes cache[CACHED_ENTRIES];
    wi skipped = wi_set(0), collided = wi_set(0), truncated = wi_set(0), live = M.valid;
    for (uint32_t k = 0; k < L.longest; k++) { /* every entry once: the SKIPPED flags */
        pole_lanes tmp;
        gather_entry(poles, indices, &L, k, k < CACHED_ENTRIES ? &cache[k] : &tmp);
        skipped = wi_or(skipped, (k < CACHED_ENTRIES ? &cache[k] : &tmp)->skip);
    }
    for (uint32_t s = 0; s < slides && wi_any(live); s++) {
        wi blocked;
        live = slide(&M, poles, indices, &L, cache, live, &blocked);
        truncated = wi_or(truncated, blocked);
        collided = wi_or(collided, live);
        if (s + 1 == slides)
            truncated = wi_or(truncated, live);
    }
    wi f = wi_and(collided, wi_set(HORDE_FLAG_COLLIDED));
    f = wi_or(f, wi_and(truncated, wi_set(HORDE_FLAG_TRUNCATED)));
    f = wi_or(f, wi_and(skipped, wi_set(HORDE_FLAG_SKIPPED)));
    f = wi_sel(M.valid, f, wi_set((int32_t)HORDE_FLAG_INVALID));
    wf_store(out[0], wf_sel(M.valid, M.px, M.x0));
    wf_store(out[1], wf_sel(M.valid, M.pz, M.z0));
    wi_store(of, f);
}

HORDE_TEMPLATE(radial_sweep)
{
    const uint32_t *const offsets = b->offsets, *const indices = b->indices;
    const uint32_t slides = p->slides;
    const size_t full = b->n / W * W;
    for (size_t i = 0; i < full; i += W) {
        const float *in[7] = {b->x + i, b->y + i, b->z + i, b->radius + i, b->height + i, b->dx + i, b->dz + i};
        float *out[2] = {b->out_x + i, b->out_z + i};
        sweep_group(poles, offsets + i, indices, slides, in, out, b->out_flags + i);
    }
    if (full < b->n) {
        /* Tail: padded copies; padding lanes have radius -1 (invalid) and empty lists. */
        const size_t m = b->n - full;
        float tin[7][W], tout[2][W];
        uint32_t tf[W], toff[W + 1];
        const float *src[7] = {b->x, b->y, b->z, b->radius, b->height, b->dx, b->dz};
        for (int k = 0; k < 7; k++)
            for (size_t i = 0; i < W; i++)
                tin[k][i] = i < m ? src[k][full + i] : (k == 3 ? -1.0f : 0.0f);
        for (size_t i = 0; i <= W; i++)
            toff[i] = offsets[full + (i < m ? i : m)];
        const float *in[7] = {tin[0], tin[1], tin[2], tin[3], tin[4], tin[5], tin[6]};
        float *out[2] = {tout[0], tout[1]};
        sweep_group(poles, toff, indices, slides, in, out, tf);
        for (size_t i = 0; i < m; i++)
            b->out_x[full + i] = tout[0][i], b->out_z[full + i] = tout[1][i], b->out_flags[full + i] = tf[i];
    }
}
