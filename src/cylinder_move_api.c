/* SPDX-License-Identifier: MIT */
/* Public entry points of the cylinder move (HORDE_ENTRY, dispatch.h): parameter and
 * argument checks; plus the Verlet displacement helper. */
#include <math.h>

#include "batch_tasks.h"

HORDE_PARAMS_DEFAULTS(cylinder_move, defaults,
                      .step = 0.1f, .step_height = 0.0f, .max_substeps = 64)

static int params_ok(const horde_cylinder_move_params *p)
{
    /* Written so that NaN fails. */
    return p->step > 0.0f && p->step <= 1.0f && p->step_height >= 0.0f &&
           p->step_height <= 1.0f && p->max_substeps >= 1 &&
           p->max_substeps <= HORDE_CYLINDER_MOVE_MAX_SUBSTEPS;
}

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define cylinder_move_check(w, p, b) cylinder_move_check_(w, (p) = (p) ? (p) : &defaults, b)
static int cylinder_move_check_(const horde_world *w, const horde_cylinder_move_params *p,
                                const horde_cylinder_move_batch *b)
{
    return HORDE_CHECK_MOVE(w, b, params_ok(p),
                            b->x && b->y && b->z && b->dx && b->dy && b->dz && b->radius &&
                            b->height && b->out_x && b->out_y && b->out_z && b->out_flags);
}
HORDE_ENTRY(cylinder_move)

/* The movers [i, e) as a batch of their own (batch_tasks.h). */
static void cylinder_move_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_cylinder_move_batch s = *(const horde_cylinder_move_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i);
    HORDE_SLICE(s, dx, i), HORDE_SLICE(s, dy, i), HORDE_SLICE(s, dz, i);
    HORDE_SLICE(s, radius, i), HORDE_SLICE(s, height, i);
    HORDE_SLICE(s, out_x, i), HORDE_SLICE(s, out_y, i), HORDE_SLICE(s, out_z, i);
    HORDE_SLICE(s, out_dx, i), HORDE_SLICE(s, out_dy, i), HORDE_SLICE(s, out_dz, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->cylinder_move((const horde_world *)c->scene, (const horde_cylinder_move_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(cylinder_move, w, p)

static void verlet_loop(const float *prev, const float *cur, float keep, float accel, float dt,
                        float *d, size_t n)
{
    const float a = accel * dt * dt;
    for (size_t i = 0; i < n; i++)
        d[i] = (cur[i] - prev[i]) * keep + a;
}

/* Inside HORDE_CALL like every kernel: under a caller's round-toward-zero or flush-to-zero
 * mode the unguarded loop gave other bits (an ulp; subnormal differences to zero). */
void horde_verlet_displacement(const float *prev, const float *cur, float keep, float accel,
                               float dt, float *d, size_t n)
{
    if (!prev || !cur || !d)
        return;
    HORDE_CALL(verlet_loop(prev, cur, keep, accel, dt, d, n));
}
