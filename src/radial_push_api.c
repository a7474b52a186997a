/* SPDX-License-Identifier: MIT */
/* Public entry points of the radial push and sweep (HORDE_ENTRY, dispatch.h): parameter
 * and argument checks. */
#include "batch_tasks.h"
#include "crowd/pole_sort.h"

HORDE_PARAMS_DEFAULTS(radial_push, push_defaults, .iterations = 4)
HORDE_PARAMS_DEFAULTS(radial_sweep, sweep_defaults, .slides = 4)
HORDE_PARAMS_DEFAULTS(radial_push_grid, grid_defaults, .iterations = 4)

/* The check both list kernels make: HORDE_CHECK_BATCH (with b->offsets among the required
 * arrays), then the lists: offsets non-decreasing; when there are entries, the index list
 * and the poles' arrays. st is HORDE_CHECK_BATCH's result; the lists are read only when
 * it is HORDE_OK. */
static int lists_check(int st, const horde_poles *poles, const uint32_t *offsets,
                       const uint32_t *indices, size_t n)
{
    if (st != HORDE_OK)
        return st;
    for (size_t i = 0; i < n; i++)
        if (offsets[i] > offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (offsets[n] > offsets[0]) {
        if (!indices || (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
#define RADIAL_LISTS_CHECK(poles, b, params_valid, arrays_ok)                               \
    lists_check(HORDE_CHECK_BATCH((poles) && (b), params_valid, b, (arrays_ok) && (b)->offsets), \
                poles, (b) ? (b)->offsets : NULL, (b) ? (b)->indices : NULL, (b) ? (b)->n : 0)

/* The checks are called with the entry point's own p (by these macros), so NULL becomes
 * the defaults for the kernel too. */
#define radial_push_check(poles, p, b) radial_push_check_(poles, (p) = (p) ? (p) : &push_defaults, b)
static int radial_push_check_(HORDE_PARAMS_radial_push)
{
    return RADIAL_LISTS_CHECK(poles, b, p->iterations >= 1 && p->iterations <= HORDE_RADIAL_PUSH_MAX_ITERATIONS,
                              b->x && b->y && b->z && b->radius && b->height && b->out_x &&
                                  b->out_y && b->out_z && b->out_flags);
}
HORDE_ENTRY(radial_push)

/* The movers [i, e) as a batch of their own (batch_tasks.h): offsets moves with them
 * and still indexes the whole list, so each mover reads its own entries. */
static void radial_push_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_radial_push_batch s = *(const horde_radial_push_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, radius, i);
    HORDE_SLICE(s, height, i), HORDE_SLICE(s, offsets, i), HORDE_SLICE(s, out_x, i);
    HORDE_SLICE(s, out_y, i), HORDE_SLICE(s, out_z, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->radial_push((const horde_poles *)c->scene, (const horde_radial_push_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(radial_push, poles, p)

#define radial_sweep_check(poles, p, b) radial_sweep_check_(poles, (p) = (p) ? (p) : &sweep_defaults, b)
static int radial_sweep_check_(HORDE_PARAMS_radial_sweep)
{
    return RADIAL_LISTS_CHECK(poles, b, p->slides >= 1 && p->slides <= HORDE_RADIAL_SWEEP_MAX_SLIDES,
                              b->x && b->y && b->z && b->radius && b->height && b->dx && b->dz &&
                                  b->out_x && b->out_z && b->out_flags);
}
HORDE_ENTRY(radial_sweep)

/* The movers [i, e) as a batch of their own (batch_tasks.h): offsets moves with them
 * and still indexes the whole list, so each mover reads its own entries. */
static void radial_sweep_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_radial_sweep_batch s = *(const horde_radial_sweep_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, radius, i);
    HORDE_SLICE(s, height, i), HORDE_SLICE(s, dx, i), HORDE_SLICE(s, dz, i);
    HORDE_SLICE(s, offsets, i), HORDE_SLICE(s, out_x, i), HORDE_SLICE(s, out_z, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->radial_sweep((const horde_poles *)c->scene, (const horde_radial_sweep_params *)c->params, &s);
}
HORDE_ENTRY_TASKS(radial_sweep, poles, p)

/* The mover sort's scratch (pole_sort.h); the grid check compares floats, so it runs
 * inside the FP guard. */
size_t horde_radial_push_grid_scratch_bytes(const horde_pole_grid *g, size_t n)
{
    size_t bytes = 0;
    HORDE_CALL(bytes = horde_pole_sort_bytes(g, n));
    return bytes;
}

static int radial_push_grid_check(const horde_pole_grid *g, const horde_poles *poles,
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

/* Written out as HORDE_ENTRY would write them, with the task system added (as the
 * crowd's, src/crowd_separate_api.c): the kernel's first parameter is the stages. */
static horde_status radial_push_grid_checked(horde_isa isa, const horde_tasks *tasks, const horde_pole_grid *g,
                                             const horde_poles *poles, const horde_radial_push_grid_params *p,
                                             const horde_radial_push_grid_batch *b, void *scratch, size_t bytes)
{
    const horde_kernels *k;
    if (!p) /* NULL: the defaults, for the check and the kernel */
        p = &grid_defaults;
    int st = horde_kernels_get(isa, &k);
    if (st == HORDE_OK)
        st = horde_tasks_check(tasks);
    if (st == HORDE_OK)
        st = radial_push_grid_check(g, poles, p, b, scratch, bytes);
    if (st == HORDE_OK) {
        horde_stages stages;
        horde_stages_init(&stages, tasks);
        k->radial_push_grid(&stages, g, poles, p, b, scratch, bytes);
    }
    return st == HORDE_CHECKED_EMPTY ? HORDE_OK : (horde_status)st;
}

horde_status horde_radial_push_grid_tasks_isa(horde_isa isa, const horde_tasks *tasks, const horde_pole_grid *g,
                                              const horde_poles *poles, const horde_radial_push_grid_params *p,
                                              const horde_radial_push_grid_batch *b, void *scratch, size_t bytes)
{
    horde_status st;
    HORDE_CALL(st = radial_push_grid_checked(isa, tasks, g, poles, p, b, scratch, bytes));
    return st;
}

horde_status horde_radial_push_grid_tasks(const horde_tasks *tasks, const horde_pole_grid *g,
                                          const horde_poles *poles, const horde_radial_push_grid_params *p,
                                          const horde_radial_push_grid_batch *b, void *scratch, size_t bytes)
{
    return horde_radial_push_grid_tasks_isa(horde_isa_active(), tasks, g, poles, p, b, scratch, bytes);
}

horde_status horde_radial_push_grid_isa(horde_isa isa, const horde_pole_grid *g, const horde_poles *poles,
                                        const horde_radial_push_grid_params *p,
                                        const horde_radial_push_grid_batch *b, void *scratch, size_t bytes)
{
    return horde_radial_push_grid_tasks_isa(isa, NULL, g, poles, p, b, scratch, bytes);
}

horde_status horde_radial_push_grid(const horde_pole_grid *g, const horde_poles *poles,
                                    const horde_radial_push_grid_params *p, const horde_radial_push_grid_batch *b,
                                    void *scratch, size_t bytes)
{
    return horde_radial_push_grid_tasks_isa(horde_isa_active(), NULL, g, poles, p, b, scratch, bytes);
}
