/* Public entry points of the swept sphere / ellipsoid vs triangle kernel (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int sweep_sphere_tri_check(HORDE_PARAMS_sweep_sphere_tri)
{
    if (!m || !t || !out)
        return HORDE_ERR_NULL_ARG;
    if (m->n != t->n)
        return HORDE_ERR_BAD_PARAMS;
    if (m->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!m->x || !m->y || !m->z || !m->dx || !m->dy || !m->dz || !m->rx || !m->ry || !m->rz ||
        !t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy || !t->cz ||
        !out->t || !out->cx || !out->cy || !out->cz || !out->nx || !out->ny || !out->nz ||
        !out->flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(sweep_sphere_tri)
