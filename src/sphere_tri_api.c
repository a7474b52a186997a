/* Public entry points of the sphere-triangle kernels, pairs and lists (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int tris_ok(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}
static int spheres_ok(const horde_spheres *s) { return s->x && s->y && s->z && s->r; }

static int sphere_tri_pairs_check(HORDE_PARAMS_sphere_tri_pairs)
{
    if (!s || !t || !out)
        return HORDE_ERR_NULL_ARG;
    if (s->n != t->n)
        return HORDE_ERR_BAD_PARAMS;
    if (s->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!spheres_ok(s) || !tris_ok(t) || !out->qx || !out->qy || !out->qz || !out->depth ||
        !out->push_x || !out->push_y || !out->push_z || !out->flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_pairs)

static int sphere_tri_list_check(HORDE_PARAMS_sphere_tri_list)
{
    if (!s || !soup || !out)
        return HORDE_ERR_NULL_ARG;
    if (s->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!spheres_ok(s) || !offsets || !out->push_x || !out->push_y || !out->push_z ||
        !out->deepest || !out->depth || !out->qx || !out->qy || !out->qz || !out->flags)
        return HORDE_ERR_NULL_ARG;
    for (size_t i = 0; i < s->n; i++)
        if (offsets[i] > offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (offsets[s->n] > offsets[0]) { /* some entries: they need the index list and a soup */
        if (!indices || (soup->n && !tris_ok(soup)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_list)
