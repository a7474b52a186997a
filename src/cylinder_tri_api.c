/* SPDX-License-Identifier: MIT */
/* Public entry points of the cylinder-triangle push-out, pairs and soup (HORDE_ENTRY,
 * dispatch.h): parameter and argument checks. */
#include "dispatch.h"

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

#define cylinder_tri_soup_check(t, p, b)                                                  \
    cylinder_tri_soup_check_(t, (p) = (p) ? (p) : &soup_defaults, b)
static int cylinder_tri_soup_check_(HORDE_PARAMS_cylinder_tri_soup)
{
    return HORDE_CHECK_BATCH(t && b, step_ok(p->step), b,
                             b->x && b->y && b->z && b->radius && b->height && b->out_x &&
                                 b->out_z && b->out_flags && (!t->n || horde_tris_ok_(t)));
}
HORDE_ENTRY(cylinder_tri_soup)
