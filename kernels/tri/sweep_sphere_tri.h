/* SPDX-License-Identifier: MIT */
/* Internal: backend entry points of sweep_sphere_tri (semantics: sweep_sphere_tri.h). */
#ifndef HORDE_TRI_SWEEP_SPHERE_TRI_H
#define HORDE_TRI_SWEEP_SPHERE_TRI_H

#include "horde/sweep_sphere_tri.h"
#include "sphere_tri.h"

/* NaN fails every comparison. */
static inline int horde_sweep_sphere_tri_coord_ok(float v) { return fabsf(v) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD; }
static inline int horde_sweep_sphere_tri_radius_ok(float r)
{
    return r >= HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS && r <= HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS;
}

/* The reach test without a square root: nothing is touched when qq > (|V| + 1)^2, and
 * (|V| + 1)^2 <= 2 (V.V + 1); the factor 2 (1 + 2^-10) covers the rounding of qq and V.V. */
#define HORDE_SWEEP_REACH_SCALE 2.001953125f

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_sweep_sphere_tri const horde_triangles *t, const horde_sweep_sphere_tri_batch *b
#define HORDE_ARGS_sweep_sphere_tri t, b
HORDE_KERNEL_PROTOS(sweep_sphere_tri)

#endif
