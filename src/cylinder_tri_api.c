/* Public entry points of the cylinder-triangle push-out (pairs and soup): argument
 * checks, then the backend. */
#include "dispatch.h"

static int tris_ok(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}

static int check(const horde_triangles *t, const horde_cylinder_tri_batch *b)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    /* Written so that a NaN step fails. */
    if (!(b->step >= 0.0f && b->step <= HORDE_CYLTRI_MAX_SIZE) || t->n != b->n)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_px || !b->out_pz ||
        !b->out_flags || !tris_ok(t))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

static int horde_cylinder_tri_isa_checked(horde_isa isa, const horde_triangles *t, const horde_cylinder_tri_batch *b)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    int st = check(t, b);
    if (st == HORDE_OK && b->n)
        k->cylinder_tri(t, b);
    return st;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_cylinder_tri_isa(horde_isa isa, const horde_triangles *t, const horde_cylinder_tri_batch *b)
{
    int st;
    HORDE_CALL(st = horde_cylinder_tri_isa_checked(isa, t, b));
    return st;
}

int horde_cylinder_tri(const horde_triangles *t, const horde_cylinder_tri_batch *b)
{
    return horde_cylinder_tri_isa(horde_isa_active(), t, b);
}

static int check_soup(const horde_triangles *t, const horde_cylinder_soup_batch *b)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    if (!(b->step >= 0.0f && b->step <= HORDE_CYLTRI_MAX_SIZE))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_z ||
        !b->out_flags || (t->n && !tris_ok(t)))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

static int horde_cylinder_tri_soup_isa_checked(horde_isa isa, const horde_triangles *t,
                                               const horde_cylinder_soup_batch *b)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    int st = check_soup(t, b);
    if (st == HORDE_OK && b->n)
        k->cylinder_tri_soup(t, b);
    return st;
}

int horde_cylinder_tri_soup_isa(horde_isa isa, const horde_triangles *t,
                                const horde_cylinder_soup_batch *b)
{
    int st;
    HORDE_CALL(st = horde_cylinder_tri_soup_isa_checked(isa, t, b));
    return st;
}

int horde_cylinder_tri_soup(const horde_triangles *t, const horde_cylinder_soup_batch *b)
{
    return horde_cylinder_tri_soup_isa(horde_isa_active(), t, b);
}
