/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_cylinder_tri_soup. This file DEFINES the result; every SIMD
 * backend (cylinder_tri_soup_tmpl.c) must match it bit for bit. Semantics:
 * cylinder_tri.h. Seed 001's loop: each triangle in turn, the push applied at once. */
#include "cylinder_tri.h"

HORDE_REFERENCE(cylinder_tri_soup)
{
    for (size_t i = 0; i < b->n; i++) {
        const float x0 = b->x[i], y = b->y[i], z0 = b->z[i], r = b->radius[i], h = b->height[i];
        if (!horde_cylinder_tri_mover_ok(x0, y, z0, r, h)) {
            b->out_x[i] = x0, b->out_z[i] = z0, b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        float x = x0, z = z0;
        uint32_t flags = 0;
        for (size_t k = 0; k < t->n; k++) {
            const float tv[9] = {t->ax[k], t->ay[k], t->az[k], t->bx[k], t->by[k],
                                 t->bz[k], t->cx[k], t->cy[k], t->cz[k]};
            if (!horde_cylinder_tri_tri_ok(tv))
                continue;
            float box[4]; /* min x, max x, min z, max z */
            horde_cylinder_tri_box(tv, box);
            const float reach = r + 1.0f;
            if (x + reach < box[0] || x - reach > box[1] || z + reach < box[2] || z - reach > box[3])
                continue;
            float px, pz;
            uint32_t f;
            horde_cylinder_tri_pair(x, y, z, r, h, p->step, tv, &px, &pz, &f);
            x = x + px, z = z + pz;
            flags |= f;
        }
        b->out_x[i] = x, b->out_z[i] = z, b->out_flags[i] = flags;
    }
}
