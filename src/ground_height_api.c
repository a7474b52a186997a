/* Public entry points of the ground height query: argument checks, then the backend. */
#include <stdint.h>

#include "dispatch.h"

static int check(const horde_triangles *t, const horde_ground_batch *b)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    /* Written so that a NaN depth fails; indices must fit out_tri. */
    if (!(b->depth >= 0.0f && b->depth <= HORDE_GROUND_MAX_DEPTH) || t->n > (size_t)INT32_MAX)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->out_y || !b->out_tri || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    if (t->n && (!t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy ||
                 !t->cz))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

static int horde_ground_height_isa_checked(horde_isa isa, const horde_triangles *t, const horde_ground_batch *b)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    int st = check(t, b);
    if (st == HORDE_OK && b->n)
        k->ground_height(t, b);
    return st;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_ground_height_isa(horde_isa isa, const horde_triangles *t, const horde_ground_batch *b)
{
    int st;
    HORDE_CALL(st = horde_ground_height_isa_checked(isa, t, b));
    return st;
}

int horde_ground_height(const horde_triangles *t, const horde_ground_batch *b)
{
    return horde_ground_height_isa(horde_isa_active(), t, b);
}
