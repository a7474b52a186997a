/* Public entry points of the point move: parameter and argument checks, then the backend. */
#include "dispatch.h"

void horde_point_move_params_default(horde_point_move_params *p)
{
    if (!p)
        return;
    p->step = HORDE_PT_MAX_STEP;
    p->skin = 1.0f / 1024.0f;
    p->max_substeps = 64;
}

static int params_ok(const horde_point_move_params *p)
{
    /* Written so that NaN fails. */
    return p->step > 0.0f && p->step <= HORDE_PT_MAX_STEP && p->skin >= 0.0f &&
           p->skin <= HORDE_PT_MAX_SKIN && p->max_substeps >= 1 &&
           p->max_substeps <= HORDE_PT_MAX_SUBSTEPS;
}

static int horde_point_move_isa_checked(horde_isa isa, const horde_world *w, const horde_point_move_params *p,
                                        const horde_point_move_batch *b)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    const horde_kernels *k = horde_kernels_for(isa);
    if (!k)
        return HORDE_ERR_UNSUPPORTED_ISA;
    if (!b)
        return HORDE_ERR_NULL_ARG;
    int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    horde_point_move_params def;
    horde_point_move_params_default(&def);
    if (!p)
        p = &def;
    if (!params_ok(p))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->dx || !b->dy || !b->dz || !b->out_x || !b->out_y ||
        !b->out_z || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    /* The displacement outputs are optional, but all three or none. */
    if ((b->out_dx != NULL) != (b->out_dy != NULL) || (b->out_dx != NULL) != (b->out_dz != NULL))
        return HORDE_ERR_NULL_ARG;
    k->point_move(w, p, b);
    return HORDE_OK;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_point_move_isa(horde_isa isa, const horde_world *w, const horde_point_move_params *p,
                         const horde_point_move_batch *b)
{
    int st;
    HORDE_CALL(st = horde_point_move_isa_checked(isa, w, p, b));
    return st;
}

int horde_point_move(const horde_world *w, const horde_point_move_params *p,
                     const horde_point_move_batch *b)
{
    return horde_point_move_isa(horde_isa_active(), w, p, b);
}
