/* Internal: what the cylinder-triangle reference and its SIMD template share. */
#ifndef HORDE_CYLINDER_TRI_COMMON_H
#define HORDE_CYLINDER_TRI_COMMON_H

#include <math.h>

#include "horde/cylinder_tri.h"
#include "kernel_protos.h"

/* Written so that NaN fails every comparison. */
static inline int horde_cyltri_mover_ok(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_CYLTRI_MAX_COORD && fabsf(y) <= HORDE_CYLTRI_MAX_COORD &&
           fabsf(z) <= HORDE_CYLTRI_MAX_COORD && r >= 0.0f && r <= HORDE_CYLTRI_MAX_SIZE &&
           h >= 0.0f && h <= HORDE_CYLTRI_MAX_SIZE;
}

typedef void (*horde_cylinder_tri_fn)(const horde_triangles *t, const horde_cylinder_tri_batch *b);
HORDE_KERNEL_PROTOS(cylinder_tri, (const horde_triangles *t, const horde_cylinder_tri_batch *b))

#endif
