/* SPDX-License-Identifier: MIT */
/* Internal: the poles' part of horde_voxel_los_poles (include/horde/voxel_raycast.h defines
 * it): the float test of one pole and the walk over the grid cells near the sight line.
 * Compiled once, scalar (los_poles.c); the reference and every backend call the same
 * copy, so the poles cannot make backends differ. */
#ifndef HORDE_KERNELS_VOXEL_LOS_POLES_H
#define HORDE_KERNELS_VOXEL_LOS_POLES_H

#include <stdint.h>

#include "horde/voxel_raycast.h"

/* Whether pole (px, pz, r, bottom, top) blocks the segment p0 -> p1, and where (*t): the
 * header's float test, operation for operation. */
int horde_los_pole_blocks(const float p0[3], const float p1[3], float px, float pz, float r, float bottom,
                          float top, float *t);

/* A valid lane's answer with the poles: *t and *flags hold the voxel answer on entry
 * and the lane's answer on return. */
void horde_los_poles_lane(const horde_pole_grid *g, const horde_poles *poles, const float p0[3],
                          const float p1[3], float *t, uint32_t *flags);

#endif
