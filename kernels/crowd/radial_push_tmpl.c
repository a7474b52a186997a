/* SPDX-License-Identifier: MIT */
/* horde_radial_push for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set. It mirrors radial_push_ref.c operation for operation; that file
 * defines the result. W movers per group, one per lane: each pass walks the lanes'
 * lists side by side (entry k of every lane at once; lanes whose list is shorter sit
 * out), with the pole data gathered once per group, the overlap test
 * and push W wide. */
#include "simd/template.h"
#include "radial_push.h"
#include "pole_lanes.h"

/* pole_overlap_push() of the reference for the lanes in `live`: returns the lanes that
 * overlapped; pushes them when push is set. */
static inline wi overlap_push(radial_movers *M, const pole_lanes *P, wi live, int push)
{
    const wf R = wf_add(M->r, P->r);
    const wf dx = wf_sub(M->x, P->x), dz = wf_sub(M->z, P->z);
    const wf d2 = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
    wi ov = wi_and(wi_and(live, P->ok), wi_and(wf_lt(M->y, P->top), wf_gt(M->top, P->bottom)));
    ov = wi_and(ov, wf_lt(d2, wf_mul(R, R)));
    if (push && wi_any(ov)) {
        const wf skin = wf_mul(wf_add(wf_add(wf_abs(P->x), wf_abs(P->z)), R), wf_set(HORDE_RADIAL_PUSH_SKIN));
        const wf t = wf_add(R, skin);
        const wi tiny = wf_lt(d2, wf_set(HORDE_RADIAL_PUSH_TINY));
        const wf s = wf_div(t, wf_sqrt(d2));
        const wf nx = wf_sel(tiny, wf_add(P->x, t), wf_add(P->x, wf_mul(dx, s)));
        const wf nz = wf_sel(tiny, M->z, wf_add(P->z, wf_mul(dz, s)));
        M->x = wf_sel(ov, nx, M->x);
        M->z = wf_sel(ov, nz, M->z);
    }
    return ov;
}

/* pass() of the reference for the lanes in `live`: entries below CACHED_ENTRIES come
 * from the group's cache. */
static inline wi pass(radial_movers *M, const horde_poles *poles, const uint32_t *indices,
                      const list_lanes *L, const pole_lanes *cache, wi live, int push,
                      wi *skipped)
{
    wi hit = wi_set(0);
    for (uint32_t k = 0; k < L->longest; k++) {
        pole_lanes tmp;
        const pole_lanes *P = &cache[k];
        if (k >= CACHED_ENTRIES) {
            gather_entry(poles, indices, L, k, &tmp);
            *skipped = wi_or(*skipped, tmp.skip);
            P = &tmp;
        }
        hit = wi_or(hit, overlap_push(M, P, live, push));
    }
    return hit;
}

static inline void push_lanes(const horde_poles *poles, const uint32_t *offsets,
                              const uint32_t *indices, uint32_t iterations,
                              const float *const *in, float *const *out, uint32_t *of)
{
    radial_movers M;
    load_movers(in, &M);
    clean_lists C;
    list_lanes L;
    const int clean = clean_lists_of(offsets, indices, poles->n, M.valid, &C);
    if (clean && C.longest <= CACHED_ENTRIES)
        L.longest = C.longest; /* the passes read only the cache */
    else
        lists_of(offsets, M.valid, &L);
    pole_lanes cache[CACHED_ENTRIES];
    wi skipped = wi_set(0), collided = wi_set(0), going = M.valid;
    for (uint32_t k = 0; k < L.longest && k < CACHED_ENTRIES; k++) {
        if (clean)
            gather_clean(poles, indices, &C, k, &cache[k]);
        else
            gather_entry(poles, indices, &L, k, &cache[k]);
        skipped = wi_or(skipped, cache[k].skip);
    }
    for (uint32_t it = 0; it < iterations && wi_any(going); it++) {
        going = wi_and(going, pass(&M, poles, indices, &L, cache, going, 1, &skipped));
        collided = wi_or(collided, going);
    }
    wi wedged = wi_set(0);
    if (wi_any(going)) /* lanes whose last allowed pass still pushed */
        wedged = pass(&M, poles, indices, &L, cache, going, 0, &skipped);
    const wi f = mover_flags(&M, collided, wedged, skipped);
    wf_store(out[0], wf_sel(M.valid, M.x, M.x0));
    wf_store(out[1], M.y0);
    wf_store(out[2], wf_sel(M.valid, M.z, M.z0));
    wi_store(of, f);
}

HORDE_TEMPLATE(radial_push)
{
    const size_t full = b->n / W * W;
    for (size_t i = 0; i < full; i += W) {
        const float *in[5] = {b->x + i, b->y + i, b->z + i, b->radius + i, b->height + i};
        float *out[3] = {b->out_x + i, b->out_y + i, b->out_z + i};
        push_lanes(poles, b->offsets + i, b->indices, p->iterations, in, out, b->out_flags + i);
    }
    if (full < b->n) {
        /* Tail: padded copies; padding lanes have radius -1 (invalid) and empty lists. */
        const size_t m = b->n - full;
        float tin[5][W], tout[3][W];
        uint32_t tf[W], toff[W + 1];
        const float *src[5] = {b->x, b->y, b->z, b->radius, b->height};
        for (int k = 0; k < 5; k++)
            for (size_t i = 0; i < W; i++)
                tin[k][i] = i < m ? src[k][full + i] : (k == 3 ? -1.0f : 0.0f);
        for (size_t i = 0; i <= W; i++)
            toff[i] = b->offsets[full + (i < m ? i : m)];
        const float *in[5] = {tin[0], tin[1], tin[2], tin[3], tin[4]};
        float *out[3] = {tout[0], tout[1], tout[2]};
        push_lanes(poles, toff, b->indices, p->iterations, in, out, tf);
        float *dst[3] = {b->out_x, b->out_y, b->out_z};
        for (size_t i = 0; i < m; i++) {
            for (int k = 0; k < 3; k++)
                dst[k][full + i] = tout[k][i];
            b->out_flags[full + i] = tf[i];
        }
    }
}
