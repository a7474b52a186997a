/* SPDX-License-Identifier: MIT */
/* Public entry points of the crowd separation: parameter and argument checks, the
 * backend, the FP guard, and the stages the call runs on (inline, or the caller's task
 * system, src/task_runner.c). Written out as HORDE_ENTRY (dispatch.h) would write them,
 * with the task system added: the kernel's first parameter is the stages. The scratch
 * size query is in kernels/crowd/crowd_grid.c, next to the layout. */
#include <math.h>

#include "dispatch.h"
#include "task_runner.h"

HORDE_PARAMS_DEFAULTS(crowd_separate, defaults, .iterations = 4, .max_move = INFINITY, .state = NULL)

static int crowd_separate_check(const horde_tasks *tasks, const horde_crowd_separate_params *p,
                                const horde_crowd_separate_batch *c, const void *scratch, size_t bytes)
{
    if (!c)
        return HORDE_ERR_NULL_ARG;
    if (horde_tasks_check(tasks) != HORDE_OK)
        return HORDE_ERR_BAD_PARAMS;
    if (p->iterations < 1 || p->iterations > HORDE_CROWD_SEPARATE_MAX_ITERATIONS ||
        c->n > HORDE_CROWD_SEPARATE_MAX_N || !(p->max_move >= 0.0f))
        return HORDE_ERR_BAD_PARAMS;
    size_t max_n;
    if (p->state && (!horde_crowd_state_ok(p->state, &max_n) || c->n > max_n))
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

static horde_status crowd_separate_checked(horde_isa isa, const horde_tasks *tasks,
                                           const horde_crowd_separate_params *p,
                                           const horde_crowd_separate_batch *c, void *scratch, size_t bytes)
{
    const horde_kernels *k;
    if (!p) /* NULL: the defaults, for the check and the kernel */
        p = &defaults;
    int st = horde_kernels_get(isa, &k);
    if (st == HORDE_OK)
        st = crowd_separate_check(tasks, p, c, scratch, bytes);
    if (st == HORDE_OK) {
        horde_stages stages;
        horde_stages_init(&stages, tasks);
        k->crowd_separate(&stages, p, c, scratch, bytes);
    }
    return st == HORDE_CHECKED_EMPTY ? HORDE_OK : (horde_status)st;
}

horde_status horde_crowd_separate_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                            const horde_crowd_separate_params *p,
                                            const horde_crowd_separate_batch *b, void *scratch, size_t bytes)
{
    horde_status st;
    HORDE_CALL(st = crowd_separate_checked(isa, tasks, p, b, scratch, bytes));
    return st;
}

horde_status horde_crowd_separate_tasks(const horde_tasks *tasks, const horde_crowd_separate_params *p,
                                        const horde_crowd_separate_batch *b, void *scratch, size_t bytes)
{
    return horde_crowd_separate_tasks_isa(horde_isa_active(), tasks, p, b, scratch, bytes);
}

horde_status horde_crowd_separate_isa(horde_isa isa, const horde_crowd_separate_params *p,
                                      const horde_crowd_separate_batch *b, void *scratch, size_t bytes)
{
    return horde_crowd_separate_tasks_isa(isa, NULL, p, b, scratch, bytes);
}

horde_status horde_crowd_separate(const horde_crowd_separate_params *p, const horde_crowd_separate_batch *b,
                                  void *scratch, size_t bytes)
{
    return horde_crowd_separate_tasks_isa(horde_isa_active(), NULL, p, b, scratch, bytes);
}
