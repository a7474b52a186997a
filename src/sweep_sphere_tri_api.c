/* SPDX-License-Identifier: MIT */
/* Public entry points of the swept sphere / ellipsoid vs triangle kernel (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "dispatch.h"

static int sweep_sphere_tri_check(HORDE_PARAMS_sweep_sphere_tri)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    if (t->n != b->n)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->dx || !b->dy || !b->dz || !b->rx || !b->ry || !b->rz ||
        !t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy || !t->cz ||
        !b->out_t || !b->out_cx || !b->out_cy || !b->out_cz || !b->out_nx || !b->out_ny ||
        !b->out_nz || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(sweep_sphere_tri)
