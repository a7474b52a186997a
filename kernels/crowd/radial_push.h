/* SPDX-License-Identifier: MIT */
/* Internal: what the radial push reference and its SIMD template share: validation and
 * the backend entry points. Semantics: include/horde/radial_push.h. */
#ifndef HORDE_KERNELS_CROWD_RADIAL_PUSH_H
#define HORDE_KERNELS_CROWD_RADIAL_PUSH_H

#include <math.h>

#include "horde/radial_push.h"
#include "simd/kernel.h"
#include "simd/stages.h"

/* Written so that NaN fails every comparison. */
static inline int horde_radial_push_mover_ok(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(y) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD && r >= 0.0f && r <= HORDE_RADIAL_PUSH_MAX_RADIUS &&
           h >= 0.0f && h <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
}
static inline int horde_radial_push_pole_ok(float x, float z, float r, float bottom, float top)
{
    return fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(bottom) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(top) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           bottom <= top && r >= 0.0f && r <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}

/* The references' list entry: pole j into v (x, z, r, bottom, top), or 0 when the entry
 * is skipped (j >= n or an invalid pole). */
static inline int horde_pole_of(const horde_poles *poles, uint32_t j, float v[5])
{
    if (j >= poles->n)
        return 0;
    v[0] = poles->x[j], v[1] = poles->z[j], v[2] = poles->r[j];
    v[3] = poles->bottom[j], v[4] = poles->top[j];
    return horde_radial_push_pole_ok(v[0], v[1], v[2], v[3], v[4]);
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_radial_push const horde_poles *poles, const horde_radial_push_params *p, \
    const horde_radial_push_batch *b
#define HORDE_ARGS_radial_push poles, p, b
HORDE_KERNEL_PROTOS(radial_push)

static inline int horde_radial_sweep_mover_ok(float x, float y, float z, float r, float h, float dx,
                                              float dz)
{
    return horde_radial_push_mover_ok(x, y, z, r, h) && fabsf(dx) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT &&
           fabsf(dz) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT;
}
/* The sweep's skin: (|c| + |p| + R + |d|) * 2^-20 (L1 norms): the stopping point's
 * rounding grows with the coordinates and the displacement in play. Overbounce: the
 * slide removes 1 + 2^-10 times the remainder's part into the pole, so the next slide
 * leaves it rather than grazing it again at t = 0 (Quake's PM_ClipVelocity idea). */
#define HORDE_RADIAL_SWEEP_SKIN 0x1p-20f
#define HORDE_RADIAL_OVERBOUNCE 1.0009765625f
#define HORDE_PARAMS_radial_sweep const horde_poles *poles, const horde_radial_sweep_params *p, \
    const horde_radial_sweep_batch *b
#define HORDE_ARGS_radial_sweep poles, p, b
HORDE_KERNEL_PROTOS(radial_sweep)

/* ---- radial_push_grid: the lists made from the poles' grid (pole_sort.h) ------------- */
/* The stages (simd/stages.h) come first, as the crowd's: the call runs inline (stages->tasks
 * NULL) or as RADIAL_GRID_STAGES stages on the caller's task system. Each mover's result
 * depends on its own inputs and the grid alone (radial_push.h), so any cut of the movers
 * into blocks gives the plain call's bits. */
#define RADIAL_GRID_STAGES 3
#define RADIAL_GRID_BLOCK 1024u /* movers (or grid items) per block of a stage */
#define HORDE_PARAMS_radial_push_grid const horde_stages *stages, const horde_pole_grid *g, \
    const horde_poles *poles, const horde_radial_push_grid_params *p, const horde_radial_push_grid_batch *b, \
    void *scratch, size_t bytes
#define HORDE_ARGS_radial_push_grid stages, g, poles, p, b, scratch, bytes
HORDE_KERNEL_PROTOS(radial_push_grid)

#endif
