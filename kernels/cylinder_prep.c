/* Tile preparation for the SIMD cylinder push: validate, sanitise, fetch voxels. */
#include "cylinder_common.h"

void horde_cyl_prepare(const horde_world *w, const horde_cylinder_batch *b, size_t start,
                       size_t count, horde_cyl_tile *t)
{
    for (size_t i = 0; i < HORDE_CYL_TILE; i++) {
        float x = 0, y = 0, z = 0, r = 0, h = 0;
        int ok = 0;
        if (i < count) {
            x = b->x[start + i], y = b->y[start + i], z = b->z[start + i];
            r = b->radius[start + i], h = b->height[start + i];
            ok = horde_cyl_valid(x, y, z, r, h);
        }
        if (!ok)
            x = y = z = r = h = 0.0f;
        t->x[i] = x, t->y[i] = y, t->z[i] = z, t->r[i] = r, t->h[i] = h;
        t->valid[i] = ok ? ~0u : 0u;
        uint32_t occ[HORDE_WIN_LEVELS] = {0};
        if (ok)
            horde_fetch_window(w, horde_ifloor(x - r) - 1, horde_ifloor(y) - 1,
                               horde_ifloor(z - r) - 1, HORDE_WIN_LEVELS, occ);
        for (int j = 0; j < HORDE_WIN_LEVELS; j++)
            t->occ[j][i] = occ[j];
    }
}
