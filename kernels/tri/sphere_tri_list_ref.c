/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_sphere_tri_list (movers x short triangle lists). DEFINES
 * the result; sphere_tri_list_tmpl.c must match it bit for bit. Each entry is one
 * horde_sphere_tri_one call, folded in list order (semantics: sphere_tri.h). */
#include "sphere_tri.h"

HORDE_REFERENCE(sphere_tri_list)
{
    for (size_t i = 0; i < b->n; i++) {
        const float px = b->x[i], py = b->y[i], pz = b->z[i], r = b->r[i];
        const uint32_t k0 = b->offsets[i], k1 = b->offsets[i + 1];
        if (!(horde_sphere_tri_coord_ok(px) && horde_sphere_tri_coord_ok(py) && horde_sphere_tri_coord_ok(pz) &&
              r >= 0.0f && r <= HORDE_SPHERE_TRI_MAX_RADIUS)) {
            /* An invalid sphere: no triangle, depth -INFINITY (never the deepest). */
            b->out_push_x[i] = b->out_push_y[i] = b->out_push_z[i] = 0.0f;
            b->out_tri[i] = HORDE_NONE;
            b->out_depth[i] = -INFINITY;
            b->out_qx[i] = b->out_qy[i] = b->out_qz[i] = 0.0f;
            b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        float pos[3] = {0.0f, 0.0f, 0.0f}, neg[3] = {0.0f, 0.0f, 0.0f};
        float best = -INFINITY, bq[3] = {0.0f, 0.0f, 0.0f};
        uint32_t bidx = HORDE_NONE, bflags = 0, flags = 0;
        for (uint32_t k = k0; k < k1; k++) {
            const uint32_t idx = b->indices[k];
            if (idx >= soup->n) {
                flags |= HORDE_FLAG_SKIPPED;
                continue;
            }
            const float v[9] = {soup->ax[idx], soup->ay[idx], soup->az[idx],
                                soup->bx[idx], soup->by[idx], soup->bz[idx],
                                soup->cx[idx], soup->cy[idx], soup->cz[idx]};
            if (!horde_sphere_tri_valid(v)) {
                flags |= HORDE_FLAG_SKIPPED;
                continue;
            }
            horde_sphere_tri_res o;
            horde_sphere_tri_one(px, py, pz, r, v, &o);
            if (o.depth > best) {
                best = o.depth, bidx = idx;
                bq[0] = o.qx, bq[1] = o.qy, bq[2] = o.qz;
                bflags = o.flags & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX |
                                    HORDE_FLAG_DEGENERATE);
            }
            if (o.flags & HORDE_FLAG_OVERLAP) {
                const float p[3] = {o.push_x, o.push_y, o.push_z};
                flags |= HORDE_FLAG_OVERLAP;
                for (int a = 0; a < 3; a++) {
                    if (p[a] > pos[a])
                        pos[a] = p[a];
                    if (p[a] < neg[a])
                        neg[a] = p[a];
                }
            }
        }
        b->out_push_x[i] = pos[0] + neg[0];
        b->out_push_y[i] = pos[1] + neg[1];
        b->out_push_z[i] = pos[2] + neg[2];
        b->out_tri[i] = bidx;
        b->out_depth[i] = best;
        b->out_qx[i] = bq[0], b->out_qy[i] = bq[1], b->out_qz[i] = bq[2];
        b->out_flags[i] = flags | bflags;
    }
}
