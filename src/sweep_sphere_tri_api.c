/* SPDX-License-Identifier: MIT */
/* Public entry points of the swept sphere / ellipsoid vs triangle kernel (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int sweep_sphere_tri_check(HORDE_PARAMS_sweep_sphere_tri)
{
    return HORDE_CHECK_BATCH(t && b, t->n == b->n, b,
                             b->x && b->y && b->z && b->dx && b->dy && b->dz && b->rx &&
                                 b->ry && b->rz && horde_tris_ok_(t) && b->out_t && b->out_cx &&
                                 b->out_cy && b->out_cz && b->out_nx && b->out_ny &&
                                 b->out_nz && b->out_flags);
}
HORDE_ENTRY(sweep_sphere_tri)
