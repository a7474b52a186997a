/* Public entry points of the radial push and sweep (HORDE_ENTRY, dispatch.h): argument
 * checks. */
#include "dispatch.h"

/* The lists both kernels read: offsets non-decreasing; when there are entries, the index
 * list and the poles' arrays. */
static int lists_check(const horde_poles *poles, const uint32_t *offsets, const uint32_t *indices, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (offsets[i] > offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (offsets[n] > offsets[0]) {
        if (!indices || (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}

static int radial_push_check(HORDE_PARAMS_radial_push)
{
    if (!poles || !b)
        return HORDE_ERR_NULL_ARG;
    if (iterations < 1 || iterations > HORDE_RADIAL_MAX_ITERATIONS)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_y ||
        !b->out_z || !b->out_flags || !offsets)
        return HORDE_ERR_NULL_ARG;
    return lists_check(poles, offsets, indices, b->n);
}
HORDE_ENTRY(radial_push)

static int radial_sweep_check(HORDE_PARAMS_radial_sweep)
{
    if (!poles || !b)
        return HORDE_ERR_NULL_ARG;
    if (slides < 1 || slides > HORDE_RADIAL_MAX_SLIDES)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->dx || !b->dz || !b->out_x || !b->out_z ||
        !b->out_flags || !offsets)
        return HORDE_ERR_NULL_ARG;
    return lists_check(poles, offsets, indices, b->n);
}
HORDE_ENTRY(radial_sweep)

static int radial_push_grid_check(HORDE_PARAMS_radial_push_grid)
{
    if (!g || !poles || !b)
        return HORDE_ERR_NULL_ARG;
    if (iterations < 1 || iterations > HORDE_RADIAL_MAX_ITERATIONS || !horde_pole_grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_y || !b->out_z ||
        !b->out_flags || !scratch)
        return HORDE_ERR_NULL_ARG;
    if (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top))
        return HORDE_ERR_NULL_ARG;
    const size_t need = horde_radial_push_grid_bytes(g, b->n);
    return need && bytes >= need ? HORDE_OK : HORDE_ERR_BAD_PARAMS;
}
HORDE_ENTRY(radial_push_grid)
