/* SPDX-License-Identifier: MIT */
/* horde_cylinder_tri for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128): one pair per
 * lane (cylinder_tri_lanes.h); cylinder_tri_ref.c defines the result. */
#include "simd/template.h"
#include "cylinder_tri_lanes.h"


HORDE_TEMPLATE(cylinder_tri)
{
    const float *src[14] = {b->x, b->y, b->z, b->radius, b->height, t->ax, t->ay, t->az,
                            t->bx, t->by, t->bz, t->cx, t->cy, t->cz};
    const wf zero = wf_set(0.0f), maxc = wf_set(HORDE_CYLINDER_TRI_MAX_COORD),
             maxs = wf_set(HORDE_CYLINDER_TRI_MAX_SIZE);
    const wf step = wf_set(p->step);
    for (size_t i = 0; i < b->n; i += W) {
        wf v[14];
        wf_load_lanes(v, src, 14, i, b->n - i);
        /* Ordered compares: NaN fails each, as in the reference. */
        wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                       wf_le(wf_abs(v[2]), maxc));
        ok = wi_and(ok, wi_and(wf_le(zero, v[3]), wf_le(v[3], maxs)));
        ok = wi_and(ok, wi_and(wf_le(zero, v[4]), wf_le(v[4], maxs)));
        for (int a = 5; a < 14; a++)
            ok = wi_and(ok, wf_le(wf_abs(v[a]), maxc));
        if (i + W > b->n)
            ok = wi_and(ok, wi_lanes_below(b->n - i));
        wf_keep_lanes(v, 14, ok);
        wf px, pz;
        wi f;
        pair_lanes(v, v + 5, step, ok, &px, &pz, &f);
        f = wi_sel(ok, f, wi_set((int32_t)HORDE_FLAG_INVALID));
        if (i + W <= b->n) {
            wf_store(b->out_px + i, px), wf_store(b->out_pz + i, pz);
            wi_store(b->out_flags + i, f);
        } else {
            float tx[W], tz[W];
            uint32_t tf[W];
            wf_store(tx, px), wf_store(tz, pz), wi_store(tf, f);
            for (size_t l = 0; i + l < b->n; l++)
                b->out_px[i + l] = tx[l], b->out_pz[i + l] = tz[l], b->out_flags[i + l] = tf[l];
        }
    }
}
