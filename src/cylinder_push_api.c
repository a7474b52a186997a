/* SPDX-License-Identifier: MIT */
/* Public entry points of the cylinder push (HORDE_ENTRY, dispatch.h): argument checks;
 * the _tasks forms run it over blocks of movers (HORDE_ENTRY_TASKS, batch_tasks.h). */
#include "batch_tasks.h"

static int cylinder_push_check(HORDE_PARAMS_cylinder_push)
{
    if (!b)
        return HORDE_ERR_NULL_ARG;
    int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_y ||
        !b->out_z || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(cylinder_push)

/* The movers [i, e) as a batch of their own (batch_tasks.h). */
static void cylinder_push_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_cylinder_push_batch s = *(const horde_cylinder_push_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i);
    HORDE_SLICE(s, radius, i), HORDE_SLICE(s, height, i);
    HORDE_SLICE(s, out_x, i), HORDE_SLICE(s, out_y, i), HORDE_SLICE(s, out_z, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->cylinder_push((const horde_world *)c->scene, &s);
}
HORDE_ENTRY_TASKS(cylinder_push, w, NULL)
