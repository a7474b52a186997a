/* SPDX-License-Identifier: MIT */
/* Public entry points of the point move (HORDE_ENTRY, dispatch.h): parameter and argument
 * checks. */
#include "batch_tasks.h"

HORDE_PARAMS_DEFAULTS(point_move, defaults,
                      .step = HORDE_POINT_MOVE_MAX_STEP, .skin = 1.0f / 1024.0f, .max_substeps = 64)

static int params_ok(const horde_point_move_params *p)
{
    /* Written so that NaN fails. */
    return p->step > 0.0f && p->step <= HORDE_POINT_MOVE_MAX_STEP && p->skin >= 0.0f &&
           p->skin <= HORDE_POINT_MOVE_MAX_SKIN && p->max_substeps >= 1 &&
           p->max_substeps <= HORDE_POINT_MOVE_MAX_SUBSTEPS;
}

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define point_move_check(w, p, b) point_move_check_(w, (p) = (p) ? (p) : &defaults, b)
static int point_move_check_(const horde_world *w, const horde_point_move_params *p,
                             const horde_point_move_batch *b)
{
    return HORDE_CHECK_MOVE(w, b, params_ok(p),
                            b->x && b->y && b->z && b->dx && b->dy && b->dz && b->out_x &&
                            b->out_y && b->out_z && b->out_flags);
}
HORDE_ENTRY(point_move)

/* The movers [i, e) as a batch of their own (batch_tasks.h). */
static void point_move_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_point_move_batch s = *(const horde_point_move_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, dx, i);
    HORDE_SLICE(s, dy, i), HORDE_SLICE(s, dz, i), HORDE_SLICE(s, out_x, i);
    HORDE_SLICE(s, out_y, i), HORDE_SLICE(s, out_z, i), HORDE_SLICE(s, out_dx, i);
    HORDE_SLICE(s, out_dy, i), HORDE_SLICE(s, out_dz, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->point_move((const horde_world *)c->scene, (const horde_point_move_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(point_move, w, p)
