/* Internal: what the radial push reference and its SIMD template share: validation and
 * the backend entry points. Semantics: include/horde/radial_push.h. */
#ifndef HORDE_RADIAL_PUSH_COMMON_H
#define HORDE_RADIAL_PUSH_COMMON_H

#include <math.h>

#include "horde/radial_push.h"
#include "kernel.h"

/* Written so that NaN fails every comparison. */
static inline int horde_radial_push_mover_ok(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_RADIAL_MAX_COORD && fabsf(y) <= HORDE_RADIAL_MAX_COORD &&
           fabsf(z) <= HORDE_RADIAL_MAX_COORD && r >= 0.0f && r <= HORDE_RADIAL_MAX_RADIUS &&
           h >= 0.0f && h <= HORDE_RADIAL_MAX_HEIGHT;
}
static inline int horde_radial_push_pole_ok(float x, float z, float r, float bottom, float top)
{
    return fabsf(x) <= HORDE_RADIAL_MAX_COORD && fabsf(z) <= HORDE_RADIAL_MAX_COORD &&
           fabsf(bottom) <= HORDE_RADIAL_MAX_COORD && fabsf(top) <= HORDE_RADIAL_MAX_COORD &&
           bottom <= top && r >= 0.0f && r <= HORDE_RADIAL_MAX_RADIUS;
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_radial_push const horde_poles *poles, const uint32_t *offsets, \
    const uint32_t *indices, uint32_t iterations, const horde_cylinder_batch *b
#define HORDE_ARGS_radial_push poles, offsets, indices, iterations, b
HORDE_KERNEL_PROTOS(radial_push)

#endif
