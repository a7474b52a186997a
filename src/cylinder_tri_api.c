/* Public entry points of the cylinder-triangle push-out, pairs and soup (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int tris_ok(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}

/* Written so that a NaN step fails. */
static int step_ok(float step) { return step >= 0.0f && step <= HORDE_CYLTRI_MAX_SIZE; }

static int cylinder_tri_check(HORDE_PARAMS_cylinder_tri)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    if (!step_ok(b->step) || t->n != b->n)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_px || !b->out_pz ||
        !b->out_flags || !tris_ok(t))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(cylinder_tri)

static int cylinder_tri_soup_check(HORDE_PARAMS_cylinder_tri_soup)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    if (!step_ok(b->step))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_z ||
        !b->out_flags || (t->n && !tris_ok(t)))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(cylinder_tri_soup)
