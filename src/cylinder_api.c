/* Public entry points of the cylinder push: argument checks, then the backend. */
#include "dispatch.h"

static int check(const horde_world *w, const horde_cylinder_batch *b)
{
    if (!b)
        return HORDE_ERR_NULL_ARG;
    int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_y ||
        !b->out_z || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

static int horde_cylinder_push_isa_checked(horde_isa isa, const horde_world *w, const horde_cylinder_batch *b)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    int st = check(w, b);
    if (st == HORDE_OK && b->n)
        k->cylinder_push(w, b);
    return st;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_cylinder_push_isa(horde_isa isa, const horde_world *w, const horde_cylinder_batch *b)
{
    int st;
    HORDE_CALL(st = horde_cylinder_push_isa_checked(isa, w, b));
    return st;
}

int horde_cylinder_push(const horde_world *w, const horde_cylinder_batch *b)
{
    return horde_cylinder_push_isa(horde_isa_active(), w, b);
}
