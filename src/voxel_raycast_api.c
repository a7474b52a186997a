/* SPDX-License-Identifier: MIT */
/* Public entry points of the voxel raycast and line of sight (HORDE_ENTRY, dispatch.h):
 * argument checks. */
#include "batch_tasks.h"
#include "crowd/pole_sort.h"

/* In this order: batch present, world view valid, nothing to do for n = 0, the arrays. */
static int rc_check(const horde_world *w, const void *b, size_t n, int arrays_ok)
{
    if (!b)
        return HORDE_ERR_NULL_ARG;
    const int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    if (n == 0)
        return HORDE_CHECKED_EMPTY;
    return arrays_ok ? HORDE_OK : HORDE_ERR_NULL_ARG;
}

#define RC_INPUTS_OK(b) ((b)->x0 && (b)->y0 && (b)->z0 && (b)->x1 && (b)->y1 && (b)->z1)

static int voxel_raycast_check(const horde_world *w, const horde_voxel_raycast_batch *b)
{
    return rc_check(w, b, b ? b->n : 0,
                    b && RC_INPUTS_OK(b) && b->out_t && b->out_bx && b->out_by && b->out_bz &&
                        b->out_face && b->out_flags);
}
HORDE_ENTRY(voxel_raycast)

/* The segments [i, e) as a batch of their own (batch_tasks.h). */
static void voxel_raycast_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_voxel_raycast_batch s = *(const horde_voxel_raycast_batch *)c->batch;
    HORDE_SLICE(s, x0, i), HORDE_SLICE(s, y0, i), HORDE_SLICE(s, z0, i);
    HORDE_SLICE(s, x1, i), HORDE_SLICE(s, y1, i), HORDE_SLICE(s, z1, i);
    HORDE_SLICE(s, out_t, i), HORDE_SLICE(s, out_bx, i), HORDE_SLICE(s, out_by, i);
    HORDE_SLICE(s, out_bz, i), HORDE_SLICE(s, out_face, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->voxel_raycast((const horde_world *)c->scene, &s);
}
HORDE_ENTRY_TASKS(voxel_raycast, w, NULL)

static int voxel_los_check(const horde_world *w, const horde_voxel_los_batch *b)
{
    return rc_check(w, b, b ? b->n : 0, b && RC_INPUTS_OK(b) && b->out_t && b->out_flags);
}
HORDE_ENTRY(voxel_los)

static void voxel_los_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_voxel_los_batch s = *(const horde_voxel_los_batch *)c->batch;
    HORDE_SLICE(s, x0, i), HORDE_SLICE(s, y0, i), HORDE_SLICE(s, z0, i);
    HORDE_SLICE(s, x1, i), HORDE_SLICE(s, y1, i), HORDE_SLICE(s, z1, i);
    HORDE_SLICE(s, out_t, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->voxel_los((const horde_world *)c->scene, &s);
}
HORDE_ENTRY_TASKS(voxel_los, w, NULL)

static int voxel_los_poles_check(const horde_world *w, const horde_pole_grid *g, const horde_poles *poles,
                                 const horde_voxel_los_poles_batch *b)
{
    if (!b || !g || !poles)
        return HORDE_ERR_NULL_ARG;
    const int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    if (!horde_pole_grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!RC_INPUTS_OK(b) || !b->out_t || !b->out_flags ||
        (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top)))
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}
HORDE_ENTRY(voxel_los_poles)

/* What a block of the tasks call passes on besides the batch. */
typedef struct los_poles_scene {
    const horde_world *w;
    const horde_pole_grid *g;
    const horde_poles *poles;
} los_poles_scene;

static void voxel_los_poles_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    const los_poles_scene *sc = (const los_poles_scene *)c->scene;
    horde_voxel_los_poles_batch s = *(const horde_voxel_los_poles_batch *)c->batch;
    HORDE_SLICE(s, x0, i), HORDE_SLICE(s, y0, i), HORDE_SLICE(s, z0, i);
    HORDE_SLICE(s, x1, i), HORDE_SLICE(s, y1, i), HORDE_SLICE(s, z1, i);
    HORDE_SLICE(s, out_t, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->voxel_los_poles(sc->w, sc->g, sc->poles, &s);
}
HORDE_ENTRY_TASKS(voxel_los_poles, (&(const los_poles_scene){w, g, poles}), NULL)
