/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_voxel_los_poles (semantics: include/horde/voxel_raycast.h):
 * the line of sight's plain walk, then the poles (los_poles.c). voxel_los_poles_tmpl.c
 * must match it bit for bit. */
#include "voxel_raycast.h"
#include "los_poles.h"

HORDE_REFERENCE(voxel_los_poles)
{
    for (size_t i = 0; i < b->n; i++) {
        horde_rc_lane l;
        horde_rc_hit h;
        const float p0[3] = {b->x0[i], b->y0[i], b->z0[i]}, p1[3] = {b->x1[i], b->y1[i], b->z1[i]};
        if (HORDE_RC_LANE(b, i, &l, &h)) {
            horde_rc_walk_plain(w, &l, &h);
            horde_los_poles_lane(g, poles, p0, p1, &h.t, &h.flags);
        }
        b->out_t[i] = h.t;
        b->out_flags[i] = h.flags;
    }
}
