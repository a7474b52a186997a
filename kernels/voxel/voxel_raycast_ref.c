/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_voxel_raycast (semantics: include/horde/voxel_raycast.h).
 * This file DEFINES the result; voxel_raycast_tmpl.c must match it bit for bit. The walk
 * is exact integer arithmetic (voxel_raycast.h): one block lookup per block. */
#include "voxel_raycast.h"

HORDE_REFERENCE(voxel_raycast)
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
        b->out_bx[i] = h.b[0], b->out_by[i] = h.b[1], b->out_bz[i] = h.b[2];
        b->out_face[i] = h.face;
        b->out_flags[i] = h.flags;
    }
}
