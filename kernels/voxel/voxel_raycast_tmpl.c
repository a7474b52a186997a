/* SPDX-License-Identifier: MIT */
/* horde_voxel_raycast for one ISA; voxel_raycast_ref.c defines the result. One segment
 * at a time through the exact integer walk of voxel_raycast_walk.h over the view
 * resolved once per call: no float operation decides a block, so no backend can differ
 * from the reference; the only float operation is t's division, the reference's own. */
#include "simd/template.h"
#include "voxel_raycast_walk.h"

HORDE_TEMPLATE(voxel_raycast)
{
    horde_view v;
    horde_view_init(&v, w);
    for (size_t i = 0; i < b->n; i++) {
        horde_rc_lane l;
        horde_rc_hit h;
        if (HORDE_RC_LANE(b, i, &l, &h))
            rc_walk(&v, &l, &h);
        horde_rc_put_raycast(b, i, &h);
    }
}
