/* SPDX-License-Identifier: MIT */
/* Public entry points of the cylinder-triangle push-out, pairs and soup (HORDE_ENTRY,
 * dispatch.h): parameter and argument checks. */
#include "batch_tasks.h"

HORDE_PARAMS_DEFAULTS(cylinder_tri, pair_defaults, .step = 0.0f)
HORDE_PARAMS_DEFAULTS(cylinder_tri_soup, soup_defaults, .step = 0.0f)

/* Written so that a NaN step fails. */
static int step_ok(float step) { return step >= 0.0f && step <= HORDE_CYLINDER_TRI_MAX_SIZE; }

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define cylinder_tri_check(t, p, b) cylinder_tri_check_(t, (p) = (p) ? (p) : &pair_defaults, b)
static int cylinder_tri_check_(HORDE_PARAMS_cylinder_tri)
{
    return HORDE_CHECK_BATCH(t && b, step_ok(p->step) && t->n == b->n, b,
                             b->x && b->y && b->z && b->radius && b->height && b->out_px &&
                                 b->out_pz && b->out_flags && horde_tris_ok_(t));
}
HORDE_ENTRY(cylinder_tri)

/* The pairs [i, e) as a batch of their own (batch_tasks.h), with their triangles. */
static void cylinder_tri_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_cylinder_tri_batch s = *(const horde_cylinder_tri_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, radius, i);
    HORDE_SLICE(s, height, i), HORDE_SLICE(s, out_px, i), HORDE_SLICE(s, out_pz, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    const horde_triangles t = horde_tris_slice((const horde_triangles *)c->scene, i, e - i);
    c->k->cylinder_tri(&t, (const horde_cylinder_tri_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(cylinder_tri, t, p)

#define cylinder_tri_soup_check(t, p, b)                                                  \
    cylinder_tri_soup_check_(t, (p) = (p) ? (p) : &soup_defaults, b)
static int cylinder_tri_soup_check_(HORDE_PARAMS_cylinder_tri_soup)
{
    return HORDE_CHECK_BATCH(t && b, step_ok(p->step), b,
                             b->x && b->y && b->z && b->radius && b->height && b->out_x &&
                                 b->out_z && b->out_flags && (!t->n || horde_tris_ok_(t)));
}
HORDE_ENTRY(cylinder_tri_soup)

/* The movers [i, e) as a batch of their own (batch_tasks.h). */
static void cylinder_tri_soup_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_cylinder_tri_soup_batch s = *(const horde_cylinder_tri_soup_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, radius, i);
    HORDE_SLICE(s, height, i), HORDE_SLICE(s, out_x, i), HORDE_SLICE(s, out_z, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->cylinder_tri_soup((const horde_triangles *)c->scene, (const horde_cylinder_tri_soup_params *)c->params,
                            &s);
}
HORDE_ENTRY_TASKS(cylinder_tri_soup, t, p)
