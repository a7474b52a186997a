/* SPDX-License-Identifier: MIT */
/* Public entry points of the swept sphere / ellipsoid vs triangle kernel (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "batch_tasks.h"

static int sweep_sphere_tri_check(HORDE_PARAMS_sweep_sphere_tri)
{
    return HORDE_CHECK_BATCH(t && b, t->n == b->n, b,
                             b->x && b->y && b->z && b->dx && b->dy && b->dz && b->rx &&
                                 b->ry && b->rz && horde_tris_ok_(t) && b->out_t && b->out_cx &&
                                 b->out_cy && b->out_cz && b->out_nx && b->out_ny &&
                                 b->out_nz && b->out_flags);
}
HORDE_ENTRY(sweep_sphere_tri)

/* The pairs [i, e) as a batch of their own (batch_tasks.h), with their triangles. */
static void sweep_sphere_tri_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_sweep_sphere_tri_batch s = *(const horde_sweep_sphere_tri_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, dx, i);
    HORDE_SLICE(s, dy, i), HORDE_SLICE(s, dz, i), HORDE_SLICE(s, rx, i), HORDE_SLICE(s, ry, i);
    HORDE_SLICE(s, rz, i), HORDE_SLICE(s, out_t, i), HORDE_SLICE(s, out_cx, i);
    HORDE_SLICE(s, out_cy, i), HORDE_SLICE(s, out_cz, i), HORDE_SLICE(s, out_nx, i);
    HORDE_SLICE(s, out_ny, i), HORDE_SLICE(s, out_nz, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    const horde_triangles t = horde_tris_slice((const horde_triangles *)c->scene, i, e - i);
    c->k->sweep_sphere_tri(&t, &s);
}
HORDE_ENTRY_TASKS(sweep_sphere_tri, t, NULL)
