/* SPDX-License-Identifier: MIT */
/* Public entry points of the sphere-triangle kernels, pairs and lists (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int sphere_tri_pairs_check(HORDE_PARAMS_sphere_tri_pairs)
{
    return HORDE_CHECK_BATCH(t && b, t->n == b->n, b,
                             b->x && b->y && b->z && b->r && horde_tris_ok_(t) && b->out_qx &&
                                 b->out_qy && b->out_qz && b->out_depth && b->out_push_x &&
                                 b->out_push_y && b->out_push_z && b->out_flags);
}
HORDE_ENTRY(sphere_tri_pairs)

static int sphere_tri_list_check(HORDE_PARAMS_sphere_tri_list)
{
    const int st = HORDE_CHECK_BATCH(soup && b, 1, b,
                                     b->x && b->y && b->z && b->r && b->offsets &&
                                         b->out_push_x && b->out_push_y && b->out_push_z &&
                                         b->out_tri && b->out_depth && b->out_qx &&
                                         b->out_qy && b->out_qz && b->out_flags);
    if (st != HORDE_OK)
        return st;
    for (size_t i = 0; i < b->n; i++)
        if (b->offsets[i] > b->offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (b->offsets[b->n] > b->offsets[0]) { /* some entries: they need the index list and a soup */
        if (!b->indices || (soup->n && !horde_tris_ok_(soup)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_list)
