/* Public entry points of the cylinder move: parameter and argument checks, then the
 * backend; plus the Verlet displacement helper. */
#include <math.h>

#include "dispatch.h"

void horde_cylinder_move_params_default(horde_cylinder_move_params *p)
{
    if (!p)
        return;
    p->step = 0.1f;
    p->step_height = 0.0f;
    p->max_substeps = 64;
}

static int params_ok(const horde_cylinder_move_params *p)
{
    /* Written so that NaN fails. */
    return p->step > 0.0f && p->step <= 1.0f && p->step_height >= 0.0f &&
           p->step_height <= 1.0f && p->max_substeps >= 1 &&
           p->max_substeps <= HORDE_CYL_MOVE_MAX_SUBSTEPS;
}

static int horde_cylinder_move_isa_checked(horde_isa isa, const horde_world *w,
                                           const horde_cylinder_move_params *p,
                                           const horde_cylinder_move_batch *b)
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
    horde_cylinder_move_params def;
    if (!p) {
        horde_cylinder_move_params_default(&def);
        p = &def;
    }
    if (!params_ok(p))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->dx || !b->dy || !b->dz || !b->radius || !b->height ||
        !b->out_x || !b->out_y || !b->out_z || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    /* The displacement outputs are optional, but all three or none. */
    if ((b->out_dx != NULL) != (b->out_dy != NULL) || (b->out_dx != NULL) != (b->out_dz != NULL))
        return HORDE_ERR_NULL_ARG;
    k->cylinder_move(w, p, b);
    return HORDE_OK;
}

/* Checks and kernel both run in the library's FP mode (dispatch.h): the argument
 * checks compare floats too, so a caller's FTZ/DAZ or unmasked traps must not reach them. */
int horde_cylinder_move_isa(horde_isa isa, const horde_world *w,
                            const horde_cylinder_move_params *p,
                            const horde_cylinder_move_batch *b)
{
    int st;
    HORDE_CALL(st = horde_cylinder_move_isa_checked(isa, w, p, b));
    return st;
}

int horde_cylinder_move(const horde_world *w, const horde_cylinder_move_params *p,
                        const horde_cylinder_move_batch *b)
{
    return horde_cylinder_move_isa(horde_isa_active(), w, p, b);
}

void horde_verlet_displacement(const float *prev, const float *cur, float keep, float accel,
                               float dt, float *d, size_t n)
{
    if (!prev || !cur || !d)
        return;
    const float a = accel * dt * dt;
    for (size_t i = 0; i < n; i++)
        d[i] = (cur[i] - prev[i]) * keep + a;
}
