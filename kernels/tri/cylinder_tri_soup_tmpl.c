/* horde_cylinder_tri_soup for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128): one mover
 * per lane, each triangle broadcast to all lanes, visited in index order exactly as the
 * reference does (cylinder_tri_soup_ref.c defines the result). Triangles are set up in
 * chunks (validity, bounding box: the same scalar code as the reference); a triangle out
 * of reach of every lane of the group is skipped without the pair test. */
#include "template.h"
#include <string.h>

#include "cylinder_tri_lanes.h"


HORDE_TEMPLATE(cylinder_tri_soup)
{
    float tv[HORDE_CYLTRI_CHUNK][9], box[HORDE_CYLTRI_CHUNK][4];
    const wf zero = wf_set(0.0f), one = wf_set(1.0f), maxc = wf_set(HORDE_CYLTRI_MAX_COORD),
             maxs = wf_set(HORDE_CYLTRI_MAX_SIZE);
    const wf step = wf_set(b->step);
    /* Movers in groups of W; the soup is walked once per group, in chunks. */
    for (size_t i = 0; i < b->n; i += W) {
        const float *src[5] = {b->x, b->y, b->z, b->radius, b->height};
        wf v[5];
        wf_load_lanes(v, src, 5, i, b->n - i);
        wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                       wf_le(wf_abs(v[2]), maxc));
        ok = wi_and(ok, wi_and(wf_le(zero, v[3]), wf_le(v[3], maxs)));
        ok = wi_and(ok, wi_and(wf_le(zero, v[4]), wf_le(v[4], maxs)));
        if (i + W > b->n)
            ok = wi_and(ok, wi_lanes_below(b->n - i));
        wf_keep_lanes(v, 5, ok);
        const wf reach = wf_add(v[3], one);
        wi flags = wi_set(0);
        for (size_t k0 = 0; k0 < t->n; k0 += HORDE_CYLTRI_CHUNK) {
            const size_t kn = t->n - k0 < HORDE_CYLTRI_CHUNK ? t->n - k0 : HORDE_CYLTRI_CHUNK;
            int nt = 0; /* usable triangles of the chunk, in index order */
            for (size_t k = 0; k < kn; k++) {
                const size_t q = k0 + k;
                const float c[9] = {t->ax[q], t->ay[q], t->az[q], t->bx[q], t->by[q],
                                    t->bz[q], t->cx[q], t->cy[q], t->cz[q]};
                if (!horde_cylinder_tri_tri_ok(c))
                    continue;
                memcpy(tv[nt], c, sizeof c);
                horde_cylinder_tri_box(c, box[nt]);
                nt++;
            }
            for (int k = 0; k < nt; k++) {
                const wf x = v[0], z = v[2];
                const wi near = wi_and(ok, wi_not(wi_or(
                    wi_or(wf_lt(wf_add(x, reach), wf_set(box[k][0])), wf_gt(wf_sub(x, reach), wf_set(box[k][1]))),
                    wi_or(wf_lt(wf_add(z, reach), wf_set(box[k][2])), wf_gt(wf_sub(z, reach), wf_set(box[k][3]))))));
                if (!wi_any(near))
                    continue;
                wf tw[9];
                for (int a = 0; a < 9; a++)
                    tw[a] = wf_set(tv[k][a]);
                wf px, pz;
                wi f;
                pair_lanes(v, tw, step, near, &px, &pz, &f);
                v[0] = wf_sel(near, wf_add(x, px), x);
                v[2] = wf_sel(near, wf_add(z, pz), z);
                flags = wi_or(flags, f);
            }
        }
        flags = wi_sel(ok, flags, wi_set((int32_t)HORDE_FLAG_INVALID));
        float ox[W], oz[W];
        uint32_t of[W];
        wf_store(ox, v[0]), wf_store(oz, v[2]), wi_store(of, flags);
        for (int l = 0; l < W && i + l < b->n; l++) {
            /* Invalid movers return their input bits untouched (NaN payloads included). */
            const float ix = b->x[i + l], iz = b->z[i + l];
            b->out_x[i + l] = of[l] == HORDE_FLAG_INVALID ? ix : ox[l];
            b->out_z[i + l] = of[l] == HORDE_FLAG_INVALID ? iz : oz[l];
            b->out_flags[i + l] = of[l];
        }
    }
}
