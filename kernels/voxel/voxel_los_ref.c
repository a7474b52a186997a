/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_voxel_los (semantics: include/horde/voxel_raycast.h): the
 * raycast's plain walk, its t and flags. voxel_los_tmpl.c must match it bit for bit. */
#include "voxel_raycast.h"

HORDE_REFERENCE(voxel_los)
{
    for (size_t i = 0; i < b->n; i++) {
        const float p0[3] = {b->x0[i], b->y0[i], b->z0[i]}, p1[3] = {b->x1[i], b->y1[i], b->z1[i]};
        horde_rc_lane l;
        horde_rc_hit h;
        if (horde_rc_setup(p0, p1, &l))
            horde_rc_walk_plain(w, &l, &h);
        else
            horde_rc_miss(&h, HORDE_FLAG_INVALID);
        b->out_t[i] = h.t;
        b->out_flags[i] = h.flags;
    }
}
