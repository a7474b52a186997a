/* Scalar reference for horde_sphere_tri_list (movers x short triangle lists). DEFINES
 * the result; sphere_tri_list_tmpl.c must match it bit for bit. Each entry is one
 * horde_sphere_tri_one call, folded in list order (semantics: sphere_tri.h). */
#include "sphere_tri.h"

HORDE_REFERENCE(sphere_tri_list)
{
    for (size_t i = 0; i < s->n; i++) {
        const float px = s->x[i], py = s->y[i], pz = s->z[i], r = s->r[i];
        const uint32_t k0 = offsets[i], k1 = offsets[i + 1];
        if (!(horde_sphere_tri_coord_ok(px) && horde_sphere_tri_coord_ok(py) && horde_sphere_tri_coord_ok(pz) &&
              r >= 0.0f && r <= HORDE_SPHERE_MAX_RADIUS)) {
            out->push_x[i] = out->push_y[i] = out->push_z[i] = 0.0f;
            out->deepest[i] = UINT32_MAX;
            out->depth[i] = out->qx[i] = out->qy[i] = out->qz[i] = 0.0f;
            out->flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        float pos[3] = {0.0f, 0.0f, 0.0f}, neg[3] = {0.0f, 0.0f, 0.0f};
        float best = -INFINITY, bq[3] = {0.0f, 0.0f, 0.0f};
        uint32_t bidx = UINT32_MAX, bflags = 0, flags = 0;
        for (uint32_t k = k0; k < k1; k++) {
            const uint32_t idx = indices[k];
            if (idx >= soup->n) {
                flags |= HORDE_TRI_SKIPPED;
                continue;
            }
            const float v[9] = {soup->ax[idx], soup->ay[idx], soup->az[idx],
                                soup->bx[idx], soup->by[idx], soup->bz[idx],
                                soup->cx[idx], soup->cy[idx], soup->cz[idx]};
            if (!horde_sphere_tri_valid(v)) {
                flags |= HORDE_TRI_SKIPPED;
                continue;
            }
            horde_sphere_tri_res o;
            horde_sphere_tri_one(px, py, pz, r, v, &o);
            if (o.depth > best) {
                best = o.depth, bidx = idx;
                bq[0] = o.qx, bq[1] = o.qy, bq[2] = o.qz;
                bflags = o.flags & (HORDE_TRI_FACE | HORDE_TRI_EDGE | HORDE_TRI_VERTEX |
                                    HORDE_TRI_DEGENERATE);
            }
            if (o.flags & HORDE_TRI_OVERLAP) {
                const float p[3] = {o.push_x, o.push_y, o.push_z};
                flags |= HORDE_TRI_OVERLAP;
                for (int a = 0; a < 3; a++) {
                    if (p[a] > pos[a])
                        pos[a] = p[a];
                    if (p[a] < neg[a])
                        neg[a] = p[a];
                }
            }
        }
        out->push_x[i] = pos[0] + neg[0];
        out->push_y[i] = pos[1] + neg[1];
        out->push_z[i] = pos[2] + neg[2];
        out->deepest[i] = bidx;
        out->depth[i] = best;
        out->qx[i] = bq[0], out->qy[i] = bq[1], out->qz[i] = bq[2];
        out->flags[i] = flags | bflags;
    }
}
