/* SPDX-License-Identifier: MIT */
/* horde_cylinder_tri_soup for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128): one mover
 * per lane; cylinder_tri_soup_ref.c defines the result. Triangles are set up in chunks
 * (validity, bounding box: the same scalar code as the reference). Each lane walks the
 * chunk's usable triangles in index order, as the reference does, and meets them one
 * round at a time (walk_chunk). */
#include "simd/template.h"
#include <string.h>

#include "cylinder_tri_lanes.h"
#include "simd/lane_pack.h"

/* The reference's reach test: the mover's square of half-side r + 1 meets the box. */
static inline wi near_box(wf x, wf z, wf reach, const float box[4])
{
    const wi apart = wi_or(wi_or(wf_lt(wf_add(x, reach), wf_set(box[0])), wf_gt(wf_sub(x, reach), wf_set(box[1]))),
                           wi_or(wf_lt(wf_add(z, reach), wf_set(box[2])), wf_gt(wf_sub(z, reach), wf_set(box[3]))));
    return wi_not(apart);
}

/* Triangle next[l] of the chunk in lane l (lanes past the chunk, next = nt, read
 * triangle 0: the pair test ignores them). */
static inline void lane_triangles(const float (*tv)[9], int nt, wi next, wf *tw)
{
    uint32_t at[W];
    float g[9][W];
    wi_store(at, next);
    for (int l = 0; l < W; l++) {
        const float *src = tv[at[l] < (uint32_t)nt ? at[l] : 0];
        for (int a = 0; a < 9; a++)
            g[a][l] = src[a];
    }
    for (int a = 0; a < 9; a++)
        tw[a] = wf_load(g[a]);
}

/* The chunk's nt usable triangles against W movers (v: x, y, z, r, h; x and z move),
 * lanes in `live`. Lanes are independent (a push moves only its own mover), so each
 * keeps its own place: in a round every lane finds the next triangle, after the last one
 * it met, whose box its reach meets where it stands now, and the pair test runs once
 * for the lanes that meet theirs in this round (below). A lane that finds none is done; a triangle it
 * skips is one the reference also skips (no push happens in between, so the reference
 * tests it from the same position). The scan starts after the earliest lane's last
 * triangle and stops once every live lane has found one.
 * Broadcasting each triangle to every lane instead, with the pair test run W wide
 * whenever any lane is near it, costs W pair tests for W movers spread over a soup,
 * each near a different triangle (cylinder_tri_soup/avx2 then barely beats scalar).
 * It is the better order for movers near mostly the same triangles, hence the rule
 * below that keeps it where most lanes are at one triangle. */
static inline void walk_chunk(wf *v, wi live, wf reach, wf step, const float (*tv)[9], const float (*box)[4],
                              int nt, wi *flags)
{
    wi last = wi_set(-1); /* the last triangle each lane met */
    int from = 0, last_max = -1;
    while (wi_any(live)) {
        const int want = wi_bits(live);
        wi next = wi_set(nt), found = wi_set(0);
        int first = -1, latest = -1;
        for (int k = from; k < nt; k++) {
            wi hit = wi_andnot(found, wi_and(live, near_box(v[0], v[2], reach, box[k])));
            if (k <= last_max) /* past every lane's last triangle from here on */
                hit = wi_and(hit, wi_gt(wi_set(k), last));
            if (!wi_any(hit))
                continue;
            first = first < 0 ? k : first;
            latest = k;
            next = wi_sel(hit, wi_set(k), next);
            found = wi_or(found, hit);
            if (wi_bits(found) == want)
                break;
        }
        live = found; /* the scan ends early only when every live lane found one */
        if (first < 0)
            break;
        /* Which lanes meet their triangle now: when at least half of them are at the
         * earliest one, those alone, with it broadcast (the others find theirs again next
         * round); else all of them, each triangle loaded lane by lane. Loading costs about
         * as much as a pair test, so movers near mostly the same triangles (a crowd on a
         * terrain patch) go on as if every triangle were broadcast to all lanes. */
        const wi at_first = wi_and(found, wi_eq(next, wi_set(first)));
        const int n_found = lp_lanes(wi_bits(found)), n_first = lp_lanes(wi_bits(at_first));
        wf tw[9];
        wi take = found;
        if (2 * n_first >= n_found) {
            take = at_first, latest = first;
            for (int a = 0; a < 9; a++)
                tw[a] = wf_set(tv[first][a]);
        } else {
            lane_triangles(tv, nt, next, tw);
        }
        wf px, pz;
        wi f;
        pair_lanes(v, tw, step, take, &px, &pz, &f);
        v[0] = wf_sel(take, wf_add(v[0], px), v[0]);
        v[2] = wf_sel(take, wf_add(v[2], pz), v[2]);
        *flags = wi_or(*flags, f);
        last = wi_sel(take, next, last);
        last_max = latest > last_max ? latest : last_max;
        from = first + 1;
    }
}

HORDE_TEMPLATE(cylinder_tri_soup)
{
    float tv[HORDE_CYLTRI_CHUNK][9], box[HORDE_CYLTRI_CHUNK][4];
    const wf zero = wf_set(0.0f), one = wf_set(1.0f), maxc = wf_set(HORDE_CYLINDER_TRI_MAX_COORD),
             maxs = wf_set(HORDE_CYLINDER_TRI_MAX_SIZE);
    const wf step = wf_set(p->step);
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
            walk_chunk(v, ok, reach, step, (const float(*)[9])tv, (const float(*)[4])box, nt, &flags);
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
