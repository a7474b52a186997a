/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_voxel_raycast (semantics: include/horde/voxel_raycast.h).
 * This file DEFINES the result; voxel_raycast_tmpl.c must match it bit for bit. The walk
 * is exact integer arithmetic (voxel_raycast.h): one block lookup per block. */
#include "voxel_raycast.h"

HORDE_REFERENCE(voxel_raycast)
{
    for (size_t i = 0; i < b->n; i++) {
        horde_rc_lane l;
        horde_rc_hit h;
        if (HORDE_RC_LANE(b, i, &l, &h))
            horde_rc_walk_plain(w, &l, &h);
        horde_rc_put_raycast(b, i, &h);
    }
}
