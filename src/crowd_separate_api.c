/* Public entry point of the crowd separation (HORDE_ENTRY, dispatch.h): parameter and
 * argument checks. The scratch size query is in kernels/crowd/crowd_contacts.c, next to
 * the layout. */
#include "dispatch.h"

static const horde_crowd_separate_params defaults = {.iterations = 4};

void horde_crowd_separate_params_default(horde_crowd_separate_params *p)
{
    if (p)
        *p = defaults;
}

/* Called with the entry point's own p (by this macro), so NULL becomes the defaults for
 * the kernel too. */
#define crowd_separate_check(p, c, scratch, bytes) \
    crowd_separate_check_((p) = (p) ? (p) : &defaults, c, scratch, bytes)
static int crowd_separate_check_(const horde_crowd_separate_params *p, const horde_crowd_separate_batch *c,
                                 const void *scratch, size_t bytes)
{
    if (!c)
        return HORDE_ERR_NULL_ARG;
    if (p->iterations < 1 || p->iterations > HORDE_CROWD_SEPARATE_MAX_ITERATIONS ||
        c->n > HORDE_CROWD_SEPARATE_MAX_N)
        return HORDE_ERR_BAD_PARAMS;
    const size_t need = horde_crowd_separate_scratch_bytes(c->n);
    if (!need || bytes < need)
        return HORDE_ERR_BAD_PARAMS;
    if (c->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!c->x || !c->y || !c->z || !c->radius || !c->height || !c->out_x || !c->out_z ||
        !c->out_flags || !scratch)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(crowd_separate)
