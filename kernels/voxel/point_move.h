/* SPDX-License-Identifier: MIT */
/* Internal: what the point move reference and its SIMD template share. */
#ifndef HORDE_VOXEL_POINT_MOVE_H
#define HORDE_VOXEL_POINT_MOVE_H

#include <math.h>

#include "simd/scalar.h"
#include "horde/point_move.h"
#include "simd/kernel.h"
#include "window.h"

#define HORDE_POINT_MOVE_HANDICAP2 0.02f /* corners: 2 * 0.01f, exactly as float */

/* Written so that NaN fails every comparison. */
static inline int horde_point_move_valid(float x, float y, float z, float dx, float dy, float dz)
{
    return fabsf(x) <= HORDE_POINT_MOVE_MAX_COORD && fabsf(y) <= HORDE_POINT_MOVE_MAX_COORD &&
           fabsf(z) <= HORDE_POINT_MOVE_MAX_COORD && fabsf(dx) < INFINITY && fabsf(dy) < INFINITY &&
           fabsf(dz) < INFINITY;
}

/* Is world block (bx, by, bz) solid? One bit of one chunk row. */
static inline uint32_t horde_point_move_solid(const horde_world *w, int32_t bx, int32_t by, int32_t bz)
{
    const horde_chunk *c = horde_world_chunk(w, bx >> 5, by >> 5, bz >> 5);
    return (c->rows[by & 31][bz & 31] >> (bx & 31)) & 1u;
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_point_move const horde_world *w, const horde_point_move_params *p, \
    const horde_point_move_batch *b
#define HORDE_ARGS_point_move w, p, b
HORDE_KERNEL_PROTOS(point_move)

#endif
