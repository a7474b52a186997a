/* Public entry points of the radial push and sweep (HORDE_ENTRY, dispatch.h): parameter
 * and argument checks. */
#include "dispatch.h"
#include "crowd/pole_sort.h"

static const horde_radial_push_params push_defaults = {.iterations = 4};
static const horde_radial_sweep_params sweep_defaults = {.slides = 4};
static const horde_radial_push_grid_params grid_defaults = {.iterations = 4};

void horde_radial_push_params_default(horde_radial_push_params *p)
{
    if (p)
        *p = push_defaults;
}
void horde_radial_sweep_params_default(horde_radial_sweep_params *p)
{
    if (p)
        *p = sweep_defaults;
}
void horde_radial_push_grid_params_default(horde_radial_push_grid_params *p)
{
    if (p)
        *p = grid_defaults;
}

/* The lists both list kernels read: offsets non-decreasing; when there are entries, the
 * index list and the poles' arrays. */
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

/* The checks are called with the entry point's own p (by these macros), so NULL becomes
 * the defaults for the kernel too. */
#define radial_push_check(poles, p, b) radial_push_check_(poles, (p) = (p) ? (p) : &push_defaults, b)
static int radial_push_check_(const horde_poles *poles, const horde_radial_push_params *p,
                              const horde_radial_push_batch *b)
{
    const int st = HORDE_CHECK_BATCH(
        poles && b, p->iterations >= 1 && p->iterations <= HORDE_RADIAL_PUSH_MAX_ITERATIONS, b,
        b->x && b->y && b->z && b->radius && b->height && b->out_x && b->out_y && b->out_z &&
            b->out_flags && b->offsets);
    return st != HORDE_OK ? st : lists_check(poles, b->offsets, b->indices, b->n);
}
HORDE_ENTRY(radial_push)

#define radial_sweep_check(poles, p, b) radial_sweep_check_(poles, (p) = (p) ? (p) : &sweep_defaults, b)
static int radial_sweep_check_(const horde_poles *poles, const horde_radial_sweep_params *p,
                               const horde_radial_sweep_batch *b)
{
    const int st = HORDE_CHECK_BATCH(
        poles && b, p->slides >= 1 && p->slides <= HORDE_RADIAL_SWEEP_MAX_SLIDES, b,
        b->x && b->y && b->z && b->radius && b->height && b->dx && b->dz && b->out_x &&
            b->out_z && b->out_flags && b->offsets);
    return st != HORDE_OK ? st : lists_check(poles, b->offsets, b->indices, b->n);
}
HORDE_ENTRY(radial_sweep)

/* The mover sort's scratch (pole_sort.h); the grid check compares floats, so it runs
 * inside the FP guard. */
size_t horde_radial_push_grid_scratch_bytes(const horde_pole_grid *g, size_t n)
{
    size_t bytes = 0;
    HORDE_CALL(bytes = horde_pole_sort_bytes(g, n));
    return bytes;
}

#define radial_push_grid_check(g, poles, p, b, scratch, bytes) \
    radial_push_grid_check_(g, poles, (p) = (p) ? (p) : &grid_defaults, b, scratch, bytes)
static int radial_push_grid_check_(const horde_pole_grid *g, const horde_poles *poles,
                                   const horde_radial_push_grid_params *p, const horde_radial_push_grid_batch *b,
                                   const void *scratch, size_t bytes)
{
    if (!g || !poles || !b)
        return HORDE_ERR_NULL_ARG;
    if (p->iterations < 1 || p->iterations > HORDE_RADIAL_PUSH_MAX_ITERATIONS || !horde_pole_grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    const size_t need = horde_pole_sort_bytes(g, b->n);
    if (!need || bytes < need)
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!b->x || !b->y || !b->z || !b->radius || !b->height || !b->out_x || !b->out_y || !b->out_z ||
        !b->out_flags || !scratch)
        return HORDE_ERR_NULL_ARG;
    if (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(radial_push_grid)
