/* SPDX-License-Identifier: MIT */
/* Public entry points of the AABB move (HORDE_ENTRY, dispatch.h): parameter and argument
 * checks. */
#include "batch_tasks.h"

HORDE_PARAMS_DEFAULTS(aabb_move, defaults,
                      .step_height = 0.0f, .max_distance = HORDE_AABB_MOVE_MAX_DISTANCE)

static int params_ok(const horde_aabb_move_params *p)
{
    /* Written so that NaN fails. */
    return p->step_height >= 0.0f && p->step_height <= HORDE_AABB_MOVE_MAX_STEP_HEIGHT &&
           p->max_distance > 0.0f && p->max_distance <= HORDE_AABB_MOVE_MAX_DISTANCE;
}

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define aabb_move_check(w, p, b) aabb_move_check_(w, (p) = (p) ? (p) : &defaults, b)
static int aabb_move_check_(const horde_world *w, const horde_aabb_move_params *p,
                            const horde_aabb_move_batch *b)
{
    return HORDE_CHECK_MOVE(w, b, params_ok(p),
                            b->x && b->y && b->z && b->dx && b->dy && b->dz && b->half_x &&
                            b->half_z && b->height && b->out_x && b->out_y && b->out_z &&
                            b->out_flags);
}
HORDE_ENTRY(aabb_move)

/* The movers [i, e) as a batch of their own (batch_tasks.h). */
static void aabb_move_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_aabb_move_batch s = *(const horde_aabb_move_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, dx, i);
    HORDE_SLICE(s, dy, i), HORDE_SLICE(s, dz, i), HORDE_SLICE(s, half_x, i);
    HORDE_SLICE(s, half_z, i), HORDE_SLICE(s, height, i), HORDE_SLICE(s, out_x, i);
    HORDE_SLICE(s, out_y, i), HORDE_SLICE(s, out_z, i), HORDE_SLICE(s, out_dx, i);
    HORDE_SLICE(s, out_dy, i), HORDE_SLICE(s, out_dz, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->aabb_move((const horde_world *)c->scene, (const horde_aabb_move_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(aabb_move, w, p)
