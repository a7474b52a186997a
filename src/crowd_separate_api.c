/* Public entry point of the crowd separation (HORDE_ENTRY, dispatch.h): argument checks.
 * The scratch size query is in kernels/crowd/crowd_contacts.c, next to the layout. */
#include "dispatch.h"

static int crowd_separate_check(HORDE_PARAMS_crowd_separate)
{
    if (!c)
        return HORDE_ERR_NULL_ARG;
    if (iterations < 1 || iterations > HORDE_CROWD_MAX_ITERATIONS || c->n > HORDE_CROWD_MAX_N)
        return HORDE_ERR_BAD_PARAMS;
    if (c->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!c->x || !c->y || !c->z || !c->radius || !c->height || !c->out_x || !c->out_z ||
        !c->out_flags || !scratch)
        return HORDE_ERR_NULL_ARG;
    const size_t need = horde_crowd_scratch_bytes(c->n);
    return need && bytes >= need ? HORDE_OK : HORDE_ERR_BAD_PARAMS;
}
HORDE_ENTRY(crowd_separate)
