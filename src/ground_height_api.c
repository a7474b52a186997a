/* SPDX-License-Identifier: MIT */
/* Public entry points of the ground height query (HORDE_ENTRY, dispatch.h): parameter
 * and argument checks. */
#include <stdint.h>

#include "batch_tasks.h"

HORDE_PARAMS_DEFAULTS(ground_height, defaults, .depth = HORDE_GROUND_HEIGHT_MAX_DEPTH)

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define ground_height_check(t, p, b) ground_height_check_(t, (p) = (p) ? (p) : &defaults, b)
static int ground_height_check_(HORDE_PARAMS_ground_height)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    /* Written so that a NaN depth fails; indices stay below HORDE_NONE and fit the SIMD
     * backends' int32 lanes. */
    if (!(p->depth >= 0.0f && p->depth <= HORDE_GROUND_HEIGHT_MAX_DEPTH) ||
        t->n > (size_t)INT32_MAX)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->out_y || !b->out_tri || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    if (t->n && (!t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy ||
                 !t->cz))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(ground_height)

/* The queries [i, e) as a batch of their own (batch_tasks.h). */
static void ground_height_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_ground_height_batch s = *(const horde_ground_height_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, out_y, i);
    HORDE_SLICE(s, out_tri, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->ground_height((const horde_triangles *)c->scene, (const horde_ground_height_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(ground_height, t, p)
