/* SPDX-License-Identifier: MIT */
/* Internal: what the cylinder-triangle reference and its SIMD template share. */
#ifndef HORDE_TRI_CYLINDER_TRI_H
#define HORDE_TRI_CYLINDER_TRI_H

#include <math.h>

#include "horde/cylinder_tri.h"
#include "simd/kernel.h"

/* Written so that NaN fails every comparison. */
static inline int horde_cylinder_tri_mover_ok(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_CYLINDER_TRI_MAX_COORD && fabsf(y) <= HORDE_CYLINDER_TRI_MAX_COORD &&
           fabsf(z) <= HORDE_CYLINDER_TRI_MAX_COORD && r >= 0.0f &&
           r <= HORDE_CYLINDER_TRI_MAX_SIZE && h >= 0.0f && h <= HORDE_CYLINDER_TRI_MAX_SIZE;
}

static inline int horde_cylinder_tri_tri_ok(const float tv[9])
{
    int ok = 1;
    for (int k = 0; k < 9; k++)
        ok &= fabsf(tv[k]) <= HORDE_CYLINDER_TRI_MAX_COORD;
    return ok;
}

/* xz bounding box of a triangle: min x, max x, min z, max z. */
static inline void horde_cylinder_tri_box(const float tv[9], float box[4])
{
    box[0] = box[1] = tv[0], box[2] = box[3] = tv[2];
    for (int k = 1; k < 3; k++) {
        const float x = tv[3 * k], z = tv[3 * k + 2];
        box[0] = x < box[0] ? x : box[0], box[1] = x > box[1] ? x : box[1];
        box[2] = z < box[2] ? z : box[2], box[3] = z > box[3] ? z : box[3];
    }
}

/* The reference for one valid pair (cylinder_tri_ref.c): push and contact flags. */
void horde_cylinder_tri_pair(float x, float y, float z, float r, float h, float step, const float tv[9],
                       float *opx, float *opz, uint32_t *oflags);

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_cylinder_tri const horde_triangles *t, const horde_cylinder_tri_params *p, \
    const horde_cylinder_tri_batch *b
#define HORDE_ARGS_cylinder_tri t, p, b
HORDE_KERNEL_PROTOS(cylinder_tri)

/* Soup shape: triangles are set up (validity, xz bounding box) in chunks. */
#define HORDE_CYLTRI_CHUNK 64
/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_cylinder_tri_soup const horde_triangles *t, \
    const horde_cylinder_tri_soup_params *p, const horde_cylinder_tri_soup_batch *b
#define HORDE_ARGS_cylinder_tri_soup t, p, b
HORDE_KERNEL_PROTOS(cylinder_tri_soup)

#endif
