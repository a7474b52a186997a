/* SPDX-License-Identifier: MIT */
/* horde_voxel_los for one ISA; voxel_los_ref.c defines the result. One segment
 * at a time through the exact integer walk of voxel_los_walk.h (air boxes skipped at
 * once) over the view resolved once per call: no float operation decides a block, so no backend can differ
 * from the reference; the only float operation is t's division, the reference's own. */
#include "simd/template.h"
#include "voxel_los_walk.h"

HORDE_TEMPLATE(voxel_los)
{
    horde_view v;
    horde_view_init(&v, w);
    for (size_t i = 0; i < b->n; i++) {
        const float p0[3] = {b->x0[i], b->y0[i], b->z0[i]}, p1[3] = {b->x1[i], b->y1[i], b->z1[i]};
        horde_rc_lane l;
        horde_rc_hit h;
        if (horde_rc_setup(p0, p1, &l))
            rc_walk_skip(&v, &l, &h);
        else
            horde_rc_miss(&h, HORDE_FLAG_INVALID);
        b->out_t[i] = h.t;
        b->out_flags[i] = h.flags;
    }
}
