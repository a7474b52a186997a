/* Scalar reference for horde_radial_push (movers out of vertical poles). DEFINES the
 * result; radial_push_tmpl.c must match it bit for bit (semantics: radial_push.h). The
 * solve itself is pole_solve.h's, shared with the grid kernel's reference. */
#include "pole_solve.h"

HORDE_REFERENCE(radial_push)
{
    for (size_t i = 0; i < b->n; i++) {
        const float x = b->x[i], y = b->y[i], z = b->z[i], r = b->radius[i], h = b->height[i];
        if (!horde_radial_push_mover_ok(x, y, z, r, h)) {
            b->out_x[i] = x, b->out_y[i] = y, b->out_z[i] = z;
            b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        pole_mover m = {x, z, y, y + h, r};
        const pole_list L = {indices, {{offsets[i], offsets[i + 1]}}, 1};
        const uint32_t flags = pole_solve(&m, poles, &L, iterations);
        b->out_x[i] = m.x, b->out_y[i] = y, b->out_z[i] = m.z;
        b->out_flags[i] = flags;
    }
}
