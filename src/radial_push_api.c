/* Public entry point of the radial push (HORDE_ENTRY, dispatch.h): argument checks. */
#include "dispatch.h"

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
    for (size_t i = 0; i < b->n; i++)
        if (offsets[i] > offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (offsets[b->n] > offsets[0]) { /* some entries: they need the index list and poles */
        if (!indices || (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom ||
                                      !poles->top)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
HORDE_ENTRY(radial_push)
