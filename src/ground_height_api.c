/* Public entry points of the ground height query (HORDE_ENTRY, dispatch.h): argument
 * checks. */
#include <stdint.h>

#include "dispatch.h"

static int ground_height_check(HORDE_PARAMS_ground_height)
{
    if (!t || !b)
        return HORDE_ERR_NULL_ARG;
    /* Written so that a NaN depth fails; indices must fit out_tri. */
    if (!(b->depth >= 0.0f && b->depth <= HORDE_GROUND_MAX_DEPTH) || t->n > (size_t)INT32_MAX)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->out_y || !b->out_tri || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    if (t->n && (!t->ax || !t->ay || !t->az || !t->bx || !t->by || !t->bz || !t->cx || !t->cy ||
                 !t->cz))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(ground_height)
