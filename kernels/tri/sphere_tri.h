/* SPDX-License-Identifier: MIT */
/* Internal: what the sphere-triangle references and templates share: validation, the
 * scalar closest-point core (sphere_tri_pairs_ref.c) and the backend entry points of
 * sphere_tri_pairs and sphere_tri_list. Semantics: include/horde/sphere_tri.h. */
#ifndef HORDE_TRI_SPHERE_TRI_H
#define HORDE_TRI_SPHERE_TRI_H

#include <math.h>

#include "horde/sphere_tri.h"
#include "simd/kernel.h"

/* Degenerate when n.n <= HORDE_TRI_DEGEN * l1 * l2 (the two shorter edges' squared
 * lengths): the sine of the largest angle is at most 2^-12. */
#define HORDE_TRI_DEGEN 0x1p-24f

/* NaN fails every comparison. */
static inline int horde_sphere_tri_coord_ok(float v) { return fabsf(v) <= HORDE_SPHERE_TRI_MAX_COORD; }
static inline int horde_sphere_tri_valid(const float v[9])
{
    int ok = 1;
    for (int i = 0; i < 9; i++)
        ok &= horde_sphere_tri_coord_ok(v[i]);
    return ok;
}

/* Closest point of triangle v (ax, ay, az, bx, ..., cz) to p, as sphere_tri.h defines it:
 * Q, d = P - Q (for the face computed as n * h, exactly along n), n, n.n and the region /
 * DEGENERATE flags. */
typedef struct horde_sphere_tri_closest {
    float qx, qy, qz, dx, dy, dz;
    float nx, ny, nz, nn;
    uint32_t flags; /* FACE / EDGE / VERTEX, DEGENERATE */
    /* The region's edge: set for an edge region (also when t came out 0 or 1 and the
     * flag says VERTEX), for the push's direction; on_edge 0 otherwise. */
    int on_edge;
    float ex, ey, ez, wx, wy, wz; /* E[j] and w = P - X[j] */
    float ix, iy, iz;             /* E[j - 1], the edge into X[j] (for a vertex region) */
} horde_sphere_tri_closest;
void horde_sphere_tri_closest_point(float px, float py, float pz, const float v[9], horde_sphere_tri_closest *c);

/* One valid pair: results as the public arrays hold them. */
typedef struct horde_sphere_tri_res {
    float qx, qy, qz, depth, push_x, push_y, push_z;
    uint32_t flags;
} horde_sphere_tri_res;
void horde_sphere_tri_one(float px, float py, float pz, float r, const float v[9],
                          horde_sphere_tri_res *o);

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_sphere_tri_pairs const horde_triangles *t, const horde_sphere_tri_pairs_batch *b
#define HORDE_ARGS_sphere_tri_pairs t, b
HORDE_KERNEL_PROTOS(sphere_tri_pairs)

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_sphere_tri_list const horde_triangles *soup, const horde_sphere_tri_list_batch *b
#define HORDE_ARGS_sphere_tri_list soup, b
HORDE_KERNEL_PROTOS(sphere_tri_list)

#endif
