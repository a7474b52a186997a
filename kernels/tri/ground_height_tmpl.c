/* SPDX-License-Identifier: MIT */
/* horde_ground_height for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128): one point
 * per lane, each triangle broadcast to all lanes. Mirrors ground_height_ref.c: same
 * per-triangle set-up (ground_height.h), same pair test, triangles visited in
 * index order for every point, so the strict "higher" update keeps the lowest index on
 * ties exactly as the reference does. */
#include "simd/template.h"
#include "ground_height.h"
#include "simd/wide.h"



HORDE_TEMPLATE(ground_height)
{
    float px[HORDE_GROUND_TILE], py[HORDE_GROUND_TILE], pz[HORDE_GROUND_TILE];
    float ylo[HORDE_GROUND_TILE], best[HORDE_GROUND_TILE];
    uint32_t ok[HORDE_GROUND_TILE], idx[HORDE_GROUND_TILE];
    horde_ground_height_tri g[HORDE_GROUND_CHUNK];
    int32_t gi[HORDE_GROUND_CHUNK];
    const wf zero = wf_set(0.0f), maxc = wf_set(HORDE_GROUND_HEIGHT_MAX_COORD);
    const wf depth = wf_set(p->depth);

    for (size_t p0 = 0; p0 < b->n; p0 += HORDE_GROUND_TILE) {
        const size_t m = b->n - p0 < HORDE_GROUND_TILE ? b->n - p0 : HORDE_GROUND_TILE;
        const size_t padded = (m + W - 1) / W * W;
        for (size_t i = 0; i < padded; i += W) {
            wf v[3];
            const float *src[3] = {b->x, b->y, b->z};
            wf_load_lanes(v, src, 3, p0 + i, m - i);
            wi okm = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                            wf_le(wf_abs(v[2]), maxc));
            if (i + W > m) /* padding lanes hold 0, a valid point: mask them out */
                okm = wi_and(okm, wi_lanes_below(m - i));
            wf_keep_lanes(v, 3, okm);
            wf_store(px + i, v[0]), wf_store(py + i, v[1]), wf_store(pz + i, v[2]);
            wf_store(ylo + i, wf_sub(v[1], depth));
            wf_store(best + i, wf_set(-INFINITY));
            wi_store(idx + i, wi_set((int32_t)HORDE_NONE));
            wi_store(ok + i, okm);
        }
        for (size_t k0 = 0; k0 < t->n; k0 += HORDE_GROUND_CHUNK) {
            const size_t kn = t->n - k0 < HORDE_GROUND_CHUNK ? t->n - k0 : HORDE_GROUND_CHUNK;
            int nt = 0; /* usable triangles of the chunk, in index order */
            for (size_t k = 0; k < kn; k++) {
                horde_ground_height_prep(t, k0 + k, &g[nt]);
                if (g[nt].ok)
                    gi[nt++] = (int32_t)(k0 + k);
            }
            if (!nt)
                continue;
            for (size_t i = 0; i < padded; i += W) {
                const wf x = wf_load(px + i), y = wf_load(py + i), z = wf_load(pz + i);
                const wf lo = wf_load(ylo + i);
                const wi valid = wi_load(ok + i);
                wf bst = wf_load(best + i);
                wi bi = wi_load(idx + i);
                for (int k = 0; k < nt; k++) {
                    const horde_ground_height_tri *q = &g[k];
                    wf e[3];
                    for (int j = 0; j < 3; j++)
                        e[j] = wf_sub(wf_mul(wf_set(q->vx[j]), wf_sub(z, wf_set(q->oz[j]))),
                                      wf_mul(wf_set(q->vz[j]), wf_sub(x, wf_set(q->ox[j]))));
                    const wi in = wi_and(valid, wi_and(wi_and(wf_le(zero, e[0]), wf_le(zero, e[1])),
                                                       wf_le(zero, e[2])));
                    if (!wi_any(in)) /* most triangles cover none of the W points */
                        continue;
                    wf h = wf_add(wf_set(q->ay),
                                  wf_mul(wf_add(wf_mul(e[2], wf_set(q->dyb)), wf_mul(e[0], wf_set(q->dyc))),
                                         wf_set(q->inv)));
                    h = wf_min(wf_max(h, wf_set(q->ymin)), wf_set(q->ymax));
                    const wi take = wi_and(in,
                                           wi_and(wi_and(wf_le(h, y), wf_le(lo, h)), wf_gt(h, bst)));
                    bst = wf_sel(take, h, bst);
                    bi = wi_sel(take, wi_set(gi[k]), bi);
                }
                wf_store(best + i, bst);
                wi_store(idx + i, bi);
            }
        }
        for (size_t i = 0; i < m; i++) {
            const int found = idx[i] != HORDE_NONE;
            const float iy = b->y[p0 + i]; /* input bits (NaN payloads included) */
            b->out_y[p0 + i] = found ? best[i] : iy;
            b->out_tri[p0 + i] = idx[i];
            b->out_flags[p0 + i] = !ok[i] ? HORDE_FLAG_INVALID : found ? HORDE_FLAG_ON_GROUND : 0u;
        }
    }
}
