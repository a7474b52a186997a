/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_voxel_los (semantics: include/horde/voxel_raycast.h): the
 * raycast's plain walk, its t and flags. voxel_los_tmpl.c must match it bit for bit. */
#include "voxel_raycast.h"

HORDE_REFERENCE(voxel_los)
{
    for (size_t i = 0; i < b->n; i++) {
        horde_rc_lane l;
        horde_rc_hit h;
        if (HORDE_RC_LANE(b, i, &l, &h))
            horde_rc_walk_plain(w, &l, &h);
        horde_rc_put_los(b, i, &h);
    }
}
