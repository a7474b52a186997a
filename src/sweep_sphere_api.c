/* Public entry points of the swept sphere / ellipsoid vs triangle kernel. */
#include "dispatch.h"

static int horde_sweep_sphere_tri_isa_checked(horde_isa isa, const horde_sweepers *m, const horde_triangles *t,
                                              const horde_sweep_out *out)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    if (!m || !t || !out)
        return HORDE_ERR_NULL_ARG;
    if (m->n != t->n)
        return HORDE_ERR_BAD_PARAMS;
    if (m->n == 0)
        return HORDE_OK;
    if (!m->x || !m->y || !m->z || !m->dx || !m->dy || !m->dz || !m->rx || !m->ry || !m->rz ||
        !t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy || !t->cz ||
        !out->t || !out->cx || !out->cy || !out->cz || !out->nx || !out->ny || !out->nz ||
        !out->flags)
        return HORDE_ERR_NULL_ARG;
    k->sweep_sphere_tri(m, t, out);
    return HORDE_OK;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_sweep_sphere_tri_isa(horde_isa isa, const horde_sweepers *m, const horde_triangles *t,
                               const horde_sweep_out *out)
{
    int st;
    HORDE_CALL(st = horde_sweep_sphere_tri_isa_checked(isa, m, t, out));
    return st;
}

int horde_sweep_sphere_tri(const horde_sweepers *m, const horde_triangles *t,
                           const horde_sweep_out *out)
{
    return horde_sweep_sphere_tri_isa(horde_isa_active(), m, t, out);
}
