/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_ground_height. This file DEFINES the result; every SIMD
 * backend (ground_height_tmpl.c) must match it bit for bit. Semantics: ground_height.h.
 *
 * Origin: seed 001's GetYValueAtPosition (find the triangle the point lies in seen from
 * above, take its height there; "you have to decide which one" when several qualify).
 * Here coverage uses watertight edge functions instead of the seed's edge crossings
 * (which divide by zero on edges parallel to z and miss points on vertices), and the
 * highest surface at or below the point within the search depth is chosen. */
#include "ground_height.h"


HORDE_REFERENCE(ground_height)
{
    /* Points in tiles so each triangle is set up once per tile, not once per pair. */
    for (size_t p0 = 0; p0 < b->n; p0 += HORDE_GROUND_TILE) {
        const size_t m = b->n - p0 < HORDE_GROUND_TILE ? b->n - p0 : HORDE_GROUND_TILE;
        float px[HORDE_GROUND_TILE], py[HORDE_GROUND_TILE], pz[HORDE_GROUND_TILE];
        float ylo[HORDE_GROUND_TILE], best[HORDE_GROUND_TILE];
        uint32_t idx[HORDE_GROUND_TILE];
        int ok[HORDE_GROUND_TILE];
        for (size_t i = 0; i < m; i++) {
            px[i] = b->x[p0 + i], py[i] = b->y[p0 + i], pz[i] = b->z[p0 + i];
            ok[i] = horde_ground_height_point_ok(px[i], py[i], pz[i]);
            ylo[i] = py[i] - p->depth;
            best[i] = -INFINITY, idx[i] = HORDE_NONE;
        }
        for (size_t k = 0; k < t->n; k++) {
            horde_ground_height_tri g;
            horde_ground_height_prep(t, k, &g);
            if (!g.ok)
                continue;
            for (size_t i = 0; i < m; i++) {
                if (!ok[i])
                    continue;
                const float e0 = g.vx[0] * (pz[i] - g.oz[0]) - g.vz[0] * (px[i] - g.ox[0]);
                const float e1 = g.vx[1] * (pz[i] - g.oz[1]) - g.vz[1] * (px[i] - g.ox[1]);
                const float e2 = g.vx[2] * (pz[i] - g.oz[2]) - g.vz[2] * (px[i] - g.ox[2]);
                if (!(e0 >= 0.0f && e1 >= 0.0f && e2 >= 0.0f))
                    continue;
                float y = g.ay + (e2 * g.dyb + e0 * g.dyc) * g.inv;
                y = horde_minf(horde_maxf(y, g.ymin), g.ymax);
                if (y <= py[i] && y >= ylo[i] && y > best[i])
                    best[i] = y, idx[i] = (uint32_t)k;
            }
        }
        for (size_t i = 0; i < m; i++) {
            const int found = idx[i] != HORDE_NONE;
            b->out_y[p0 + i] = found ? best[i] : py[i];
            b->out_tri[p0 + i] = idx[i];
            b->out_flags[p0 + i] = !ok[i] ? HORDE_FLAG_INVALID : found ? HORDE_FLAG_ON_GROUND : 0u;
        }
    }
}
