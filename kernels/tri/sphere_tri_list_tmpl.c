/* SPDX-License-Identifier: MIT */
/* horde_sphere_tri_list for one ISA. The (sphere, entry) pairs of a block of spheres are
 * gathered into a tile, W pairs per lane group go through the SIMD core, and the results
 * are folded per sphere in list order exactly as sphere_tri_list_ref.c does (the fold is
 * compares and one final add, so it stays scalar). */
#include "simd/template.h"
#include "sphere_tri_core_tmpl.h"


#define SPHERES 64 /* spheres per block */
#define PAIRS 128  /* pairs per tile (a multiple of every W) */

typedef struct fold {
    float pos[3], neg[3], best, bq[3];
    uint32_t bidx, bflags, flags, valid;
} fold;

typedef struct tile {
    float v[13][PAIRS]; /* sphere x, y, z, r, triangle */
    uint32_t sphere[PAIRS], idx[PAIRS];
    size_t n;
} tile;

static void flush(tile *t, fold *f)
{
    float res[7][PAIRS];
    uint32_t rflags[PAIRS];
    const size_t padded = (t->n + W - 1) / W * W;
    for (size_t j = t->n; j < padded; j++) /* padding lanes: zeros, results discarded */
        for (int a = 0; a < 13; a++)
            t->v[a][j] = 0.0f;
    for (size_t j = 0; j < padded; j += W) {
        const sphere_tri_tri tr = {wf_load(t->v[4] + j), wf_load(t->v[5] + j), wf_load(t->v[6] + j),
                           wf_load(t->v[7] + j), wf_load(t->v[8] + j), wf_load(t->v[9] + j),
                           wf_load(t->v[10] + j), wf_load(t->v[11] + j), wf_load(t->v[12] + j)};
        sphere_tri_closest c;
        sphere_tri_closest_point(wf_load(t->v[0] + j), wf_load(t->v[1] + j), wf_load(t->v[2] + j), &tr, &c);
        /* Q is stored before the push is made: the registers it would hold serve the push. */
        wf_store(res[0] + j, c.qx), wf_store(res[1] + j, c.qy), wf_store(res[2] + j, c.qz);
        sphere_tri_res o;
        sphere_tri_sphere_finish(&c, &tr, wf_load(t->v[3] + j), &o);
        wf_store(res[3] + j, o.depth);
        wf_store(res[4] + j, o.px), wf_store(res[5] + j, o.py), wf_store(res[6] + j, o.pz);
        wi_store(rflags + j, o.flags);
    }
    for (size_t j = 0; j < t->n; j++) {
        fold *g = &f[t->sphere[j]];
        if (res[3][j] > g->best) {
            g->best = res[3][j], g->bidx = t->idx[j];
            g->bq[0] = res[0][j], g->bq[1] = res[1][j], g->bq[2] = res[2][j];
            g->bflags = rflags[j] &
                        (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX | HORDE_FLAG_DEGENERATE);
        }
        if (rflags[j] & HORDE_FLAG_OVERLAP) {
            g->flags |= HORDE_FLAG_OVERLAP;
            for (int a = 0; a < 3; a++) {
                const float p = res[4 + a][j];
                if (p > g->pos[a])
                    g->pos[a] = p;
                if (p < g->neg[a])
                    g->neg[a] = p;
            }
        }
    }
    t->n = 0;
}

HORDE_TEMPLATE(sphere_tri_list)
{
    tile t;
    fold f[SPHERES];
    t.n = 0;
    for (size_t start = 0; start < b->n; start += SPHERES) {
        const size_t count = b->n - start < SPHERES ? b->n - start : SPHERES;
        for (size_t i = 0; i < count; i++) {
            const size_t si = start + i;
            const float px = b->x[si], py = b->y[si], pz = b->z[si], r = b->r[si];
            fold *g = &f[i];
            for (int a = 0; a < 3; a++)
                g->pos[a] = g->neg[a] = g->bq[a] = 0.0f;
            g->best = -INFINITY, g->bidx = HORDE_NONE, g->bflags = 0, g->flags = 0;
            g->valid = horde_sphere_tri_coord_ok(px) && horde_sphere_tri_coord_ok(py) &&
                       horde_sphere_tri_coord_ok(pz) && r >= 0.0f && r <= HORDE_SPHERE_TRI_MAX_RADIUS;
            if (!g->valid)
                continue;
            for (uint32_t k = b->offsets[si]; k < b->offsets[si + 1]; k++) {
                const uint32_t idx = b->indices[k];
                if (idx >= soup->n) {
                    g->flags |= HORDE_FLAG_SKIPPED;
                    continue;
                }
                const float v[9] = {soup->ax[idx], soup->ay[idx], soup->az[idx],
                                    soup->bx[idx], soup->by[idx], soup->bz[idx],
                                    soup->cx[idx], soup->cy[idx], soup->cz[idx]};
                if (!horde_sphere_tri_valid(v)) {
                    g->flags |= HORDE_FLAG_SKIPPED;
                    continue;
                }
                const size_t j = t.n;
                t.v[0][j] = px, t.v[1][j] = py, t.v[2][j] = pz, t.v[3][j] = r;
                for (int a = 0; a < 9; a++)
                    t.v[4 + a][j] = v[a];
                t.sphere[j] = (uint32_t)i, t.idx[j] = idx;
                if (++t.n == PAIRS)
                    flush(&t, f);
            }
        }
        if (t.n)
            flush(&t, f);
        for (size_t i = 0; i < count; i++) {
            const size_t si = start + i;
            const fold *g = &f[i];
            if (!g->valid) {
                b->out_push_x[si] = b->out_push_y[si] = b->out_push_z[si] = 0.0f;
                b->out_tri[si] = HORDE_NONE;
                b->out_depth[si] = -INFINITY;
                b->out_qx[si] = b->out_qy[si] = b->out_qz[si] = 0.0f;
                b->out_flags[si] = HORDE_FLAG_INVALID;
                continue;
            }
            b->out_push_x[si] = g->pos[0] + g->neg[0];
            b->out_push_y[si] = g->pos[1] + g->neg[1];
            b->out_push_z[si] = g->pos[2] + g->neg[2];
            b->out_tri[si] = g->bidx;
            b->out_depth[si] = g->best;
            b->out_qx[si] = g->bq[0], b->out_qy[si] = g->bq[1], b->out_qz[si] = g->bq[2];
            b->out_flags[si] = g->flags | g->bflags;
        }
    }
}
