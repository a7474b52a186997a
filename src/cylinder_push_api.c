/* SPDX-License-Identifier: MIT */
/* Public entry points of the cylinder push (HORDE_ENTRY, dispatch.h): argument checks. */
#include "dispatch.h"

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
