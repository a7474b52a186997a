/* SPDX-License-Identifier: MIT */
/* horde_voxel_raycast for one ISA; voxel_raycast_ref.c defines the result. The exact
 * integer walk of voxel_raycast_walk.h, one segment at a time, over the view resolved
 * once per call; on AVX2, eight segments at a time in lock step first
 * (voxel_raycast_lanes.h). No float operation decides a block, so no backend can differ
 * from the reference; the only float operation is t's division, the reference's own. */
#include "simd/template.h"
#include "voxel_raycast_lanes.h"

HORDE_TEMPLATE(voxel_raycast)
{
    horde_view v;
    horde_view_init(&v, w);
    size_t i = 0;
#if defined(RC_HAS_PACK)
    for (; i + RC_PACK <= b->n; i += RC_PACK) {
        const float *const in[6] = {b->x0 + i, b->y0 + i, b->z0 + i, b->x1 + i, b->y1 + i, b->z1 + i};
        rc_pack_run(&v, in, b->out_t + i, b->out_bx + i, b->out_by + i, b->out_bz + i, b->out_face + i,
                    b->out_flags + i);
    }
#endif
    for (; i < b->n; i++) {
        horde_rc_lane l;
        horde_rc_hit h;
        if (HORDE_RC_LANE(b, i, &l, &h))
            rc_walk(&v, &l, &h);
        horde_rc_put_raycast(b, i, &h);
    }
}
