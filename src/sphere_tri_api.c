/* SPDX-License-Identifier: MIT */
/* Public entry points of the sphere-triangle kernels, pairs and lists (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int tris_ok(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}

static int sphere_tri_pairs_check(HORDE_PARAMS_sphere_tri_pairs)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    if (t->n != b->n)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->r || !tris_ok(t) || !b->out_qx || !b->out_qy ||
        !b->out_qz || !b->out_depth || !b->out_push_x || !b->out_push_y || !b->out_push_z ||
        !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_pairs)

static int sphere_tri_list_check(HORDE_PARAMS_sphere_tri_list)
{
    if (!soup || !b)
        return HORDE_ERR_NULL_ARG;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->r || !b->offsets || !b->out_push_x || !b->out_push_y ||
        !b->out_push_z || !b->out_tri || !b->out_depth || !b->out_qx || !b->out_qy ||
        !b->out_qz || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    for (size_t i = 0; i < b->n; i++)
        if (b->offsets[i] > b->offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (b->offsets[b->n] > b->offsets[0]) { /* some entries: they need the index list and a soup */
        if (!b->indices || (soup->n && !tris_ok(soup)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_list)
