/* SPDX-License-Identifier: MIT */
/* Internal: what the cylinder move reference and template share. */
#ifndef HORDE_VOXEL_CYLINDER_MOVE_H
#define HORDE_VOXEL_CYLINDER_MOVE_H

#include "cylinder_push.h"
#include "horde/cylinder_move.h"

/* Displacement components beyond this are scaled down first (the move is truncated
 * anyway), so the length computation cannot overflow. */
#define HORDE_CYLINDER_MOVE_MAX_DISP 1048576.0f

/* Flags gathered over all substeps (ON_GROUND is taken from the last one). */
#define HORDE_CYLINDER_MOVE_ACC_FLAGS \
    (HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL | HORDE_FLAG_HIT_CEILING | HORDE_FLAG_STEP_TAKEN)

static inline int horde_cylinder_move_valid(float x, float y, float z, float dx, float dy, float dz,
                                       float r, float h)
{
    return horde_cylinder_push_valid(x, y, z, r, h) && fabsf(x) <= HORDE_CYLINDER_MOVE_MAX_COORD &&
           fabsf(y) <= HORDE_CYLINDER_MOVE_MAX_COORD && fabsf(z) <= HORDE_CYLINDER_MOVE_MAX_COORD &&
           r >= HORDE_CYLINDER_MOVE_MIN_RADIUS && fabsf(dx) < INFINITY && fabsf(dy) < INFINITY &&
           fabsf(dz) < INFINITY; /* finite; NaN fails every comparison */
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_cylinder_move const horde_world *w, const horde_cylinder_move_params *p, \
    const horde_cylinder_move_batch *b
#define HORDE_ARGS_cylinder_move w, p, b
HORDE_KERNEL_PROTOS(cylinder_move)

#endif
