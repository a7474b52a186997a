/* SPDX-License-Identifier: MIT */
/* horde_sphere_tri_pairs for one ISA (compiled per ISA with HORDE_SUFFIX set). One pair
 * per lane; the core is sphere_tri_core_tmpl.h; sphere_tri_pairs_ref.c defines the result. */
/* GCC on x86 skips its first (pre-register-allocation) scheduling pass by default; this
 * kernel's 8-lane core keeps ~40 vectors live, and scheduling with register pressure in
 * mind spills less. A hint, not a measured win: sphere_tri_pairs' speed is the same
 * within noise with and without it. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif
#include "simd/template.h"
#include "sphere_tri_core_tmpl.h"


/* W pairs from lane arrays in[13] (sphere x, y, z, r, then the triangle), all loaded before
 * anything is stored, so outputs may alias inputs. */
SPHERE_TRI_INLINE void pairs_block(const float *const in[13], size_t i, float *const outf[7],
                               uint32_t *outflags)
{
    wf v[13];
    for (int a = 0; a < 13; a++)
        v[a] = wf_load(in[a] + i);
    wi ok = wi_and(wf_le(wf_set(0.0f), v[3]), wf_le(v[3], wf_set(HORDE_SPHERE_TRI_MAX_RADIUS)));
    ok = wi_and(ok, sphere_tri_bits_ok(sphere_tri_bits_max(sphere_tri_bits_max(wi_set(0), v, 3), v + 4, 9), HORDE_SPHERE_TRI_MAX_COORD));
    const wf zero = wf_set(0.0f);
    const int all_ok = !wi_any(wi_not(ok));
    if (!all_ok) /* sanitise: invalid lanes compute on zeros */
        for (int a = 0; a < 13; a++)
            v[a] = wf_sel(ok, v[a], zero);
    const sphere_tri_tri t = {v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12]};
    sphere_tri_closest c;
    sphere_tri_closest_point(v[0], v[1], v[2], &t, &c);
    /* Q is stored before the push is made: the registers it would hold serve the push. */
    const wf q[3] = {c.qx, c.qy, c.qz};
    for (int a = 0; a < 3; a++)
        wf_store(outf[a] + i, all_ok ? q[a] : wf_sel(ok, q[a], zero));
    sphere_tri_res o;
    sphere_tri_sphere_finish(&c, &t, v[3], &o);
    const wf res[4] = {o.depth, o.px, o.py, o.pz};
    if (all_ok) {
        for (int a = 0; a < 4; a++)
            wf_store(outf[3 + a] + i, res[a]);
        wi_store(outflags + i, o.flags);
    } else {
        /* Invalid lanes: depth -INFINITY, every other float +0 (sphere_tri.h). */
        for (int a = 0; a < 4; a++)
            wf_store(outf[3 + a] + i, wf_sel(ok, res[a], a == 0 ? wf_set(-INFINITY) : zero));
        wi_store(outflags + i, wi_sel(ok, o.flags, wi_set((int32_t)HORDE_FLAG_INVALID)));
    }
}

HORDE_TEMPLATE(sphere_tri_pairs)
{
    const float *const in[13] = {b->x, b->y, b->z, b->r, t->ax, t->ay, t->az,
                                 t->bx, t->by, t->bz, t->cx, t->cy, t->cz};
    float *const outf[7] = {b->out_qx, b->out_qy, b->out_qz, b->out_depth,
                            b->out_push_x, b->out_push_y, b->out_push_z};
    const size_t n = b->n;
    size_t i = 0;
    /* One block per iteration: unrolled by two, the loop keeps both blocks' input and
     * output addresses in registers and spills more vectors (2.7% more instructions
     * and about 4% slower on the benchmark's pairs). */
    for (; i + W <= n; i += W)
        pairs_block(in, i, outf, b->out_flags);
    if (i < n) { /* tail: zero-padded copies (padding lanes are valid zeros, discarded) */
        float tin[13][W], tout[7][W];
        uint32_t tflags[W];
        const float *tinp[13];
        float *toutp[7];
        const size_t m = n - i;
        for (int a = 0; a < 13; a++) {
            for (size_t j = 0; j < W; j++)
                tin[a][j] = j < m ? in[a][i + j] : 0.0f;
            tinp[a] = tin[a];
        }
        for (int a = 0; a < 7; a++)
            toutp[a] = tout[a];
        pairs_block(tinp, 0, toutp, tflags);
        for (size_t j = 0; j < m; j++) {
            for (int a = 0; a < 7; a++)
                outf[a][i + j] = tout[a][j];
            b->out_flags[i + j] = tflags[j];
        }
    }
}
