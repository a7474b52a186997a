/* SPDX-License-Identifier: MIT */
/* horde — cylinder_tri.h: vertical cylinders vs triangles (seed 001's clip, flatten, push).
 *
 * Call shapes: pairs (below) and soup (further down). Pairs: mover i (a vertical cylinder: bottom centre (x, y, z), radius r,
 * height h; y is up) is tested against triangle i of a horde_triangles soup, and gets a
 * horizontal push-out vector (px, pz) to add to its x and z. The caller walks its own
 * contact list (e.g. mover m against its nearby triangles) and adds the pushes, as the
 * seed does; each pair is independent, so a batch may hold the same mover many times.
 *
 * What is computed for a pair (all in float, in this order; cylinder_tri_ref.c is the
 * definition):
 *   1. The collision band is [lo, hi] = [y + step, y + h] (step, from the params: the
 *      part of the mover that walks over slopes and kerbs, seed 001's H1). The triangle
 *      takes part only if lo < hi and its vertical extent [ymin, ymax] meets the open
 *      band: ymax > lo and ymin < hi. A floor exactly at lo, or a roof exactly at hi,
 *      does not.
 *   2. The triangle is clipped to the closed slab lo <= Y <= hi and flattened onto the
 *      xz plane: a convex polygon of at most 5 vertices (a vertical wall flattens to a
 *      segment, a triangle clipped at a vertex to a point).
 *   3. q = the point of the polygon's boundary closest to the centre c = (x, z),
 *      d = |c - q|. The centre is INSIDE when the flattened triangle has non-zero
 *      signed area (its orientation says which side of an edge is inner), c is on the
 *      inner side of every edge of the clipped polygon, boundary included, and strictly
 *      on the inner side of at least one, and c lies in the polygon's xz bounding box.
 *      So a polygon that the clip collapsed to a point or a segment (a band grazing a
 *      vertex or an edge) is never INSIDE: it is tested by distance only; and a centre
 *      far out along the line of a thin polygon's edge, where every cross product is
 *      within rounding of 0, is not INSIDE either. Seed 001 only tests the edges and misses this case.
 *   4. Contact when inside, or when d < r (strict: touching is not contact). With u the
 *      unit vector from q towards c (the edge's normal when q lies inside an edge, so
 *      it is exact even when c is within rounding of the edge; (c - q) / d when q is
 *      an end point):
 *      Outside:  push = u * (r' - d)     (the disc ends r' from q, seed 001)
 *      Inside:   push = -u * (d + r')    (out through the nearest edge)
 *      d == 0:   push = n * r', n the unit outward normal of the first closest edge
 *                (a flat polygon takes the edge's right-hand normal (ez, -ex); a
 *                polygon that is a single point pushes along +x)
 *      with r' = r + (|x| + |z| + 1) * 2^-21: pushes stop a hair beyond contact so that
 *      rounding cannot leave the pushed mover touching the same triangle again.
 *
 * Flags (common.h): HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL on contact, plus
 * HORDE_FLAG_CENTRE_INSIDE when the centre lies inside the flattened polygon; 0 and a
 * zero push otherwise.
 *
 * Degenerate triangles need no special handling by the caller: zero-area, collinear or
 * repeated vertices give a polygon that is a segment or a point, tested by distance
 * only (never INSIDE); a horizontal triangle inside the band flattens to itself.
 *
 * Valid input per pair: x, y, z and all nine triangle coordinates finite with
 * |v| <= HORDE_CYLINDER_TRI_MAX_COORD; 0 <= r <= HORDE_CYLINDER_TRI_MAX_SIZE;
 * 0 <= h <= HORDE_CYLINDER_TRI_MAX_SIZE. Otherwise the pair gets push (0, 0) and
 * flags = HORDE_FLAG_INVALID; other pairs are unaffected. The params' step must be
 * finite, 0 <= step <= HORDE_CYLINDER_TRI_MAX_SIZE, or the call returns
 * HORDE_ERR_BAD_PARAMS and writes nothing (step >= h leaves an empty band: no contact).
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_CYLINDER_TRI_H
#define HORDE_CYLINDER_TRI_H

#include "horde/isa.h"
#include "horde/tasks.h"
#include "horde/triangles.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_CYLINDER_TRI_MAX_COORD 1048576.0f /* 2^20 */
#define HORDE_CYLINDER_TRI_MAX_SIZE 1024.0f

typedef struct horde_cylinder_tri_params {
    float step; /* band = [y + step, y + height]: default 0, in [0, HORDE_CYLINDER_TRI_MAX_SIZE] */
} horde_cylinder_tri_params;

/* Fill *p with step 0 (NULL: nothing). */
HORDE_API void horde_cylinder_tri_params_default(horde_cylinder_tri_params *p);

typedef struct horde_cylinder_tri_batch {
    const float *x, *y, *z;       /* bottom centre of mover i */
    const float *radius, *height;
    float *out_px, *out_pz;       /* horizontal push-out for pair i */
    uint32_t *out_flags;
    size_t n;                     /* pairs; the triangle soup must hold exactly n */
} horde_cylinder_tri_batch;

/* Pair i = (mover i, triangle i of tris). NULL params means the defaults. Arrays need no
 * alignment. Outputs may alias any input array exactly (same base pointer; element i is
 * read before it is written) but must not partially overlap one. n == 0 touches no
 * array. Returns HORDE_OK, HORDE_ERR_NULL_ARG, or HORDE_ERR_BAD_PARAMS (tris->n != b->n,
 * or a bad step); _isa also HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA. */
HORDE_API horde_status horde_cylinder_tri(const horde_triangles *tris,
                                          const horde_cylinder_tri_params *p,
                                          const horde_cylinder_tri_batch *b);
HORDE_API horde_status horde_cylinder_tri_isa(horde_isa isa, const horde_triangles *tris,
                                              const horde_cylinder_tri_params *p,
                                              const horde_cylinder_tri_batch *b);

/* horde_cylinder_tri on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the pairs (each with its triangle), split into fixed blocks of 1,024 (more
 * only for batches of over 67 million), each block a call of the kernel on its own slice
 * of the arrays. The results are the plain call's bits for any worker count, any split of
 * the blocks into ranges and any order. tasks == NULL is the plain call. Statuses: the
 * backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS for a task system that is not NULL and
 * not valid (enqueue or finish NULL, worker_count 0), for n == 0 too, then the plain
 * call's, all checked before any task runs; on error nothing is written. */
HORDE_API horde_status horde_cylinder_tri_tasks(const horde_tasks *tasks,
                                                const horde_triangles *tris,
                                                const horde_cylinder_tri_params *p,
                                                const horde_cylinder_tri_batch *b);
HORDE_API horde_status horde_cylinder_tri_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                    const horde_triangles *tris,
                                                    const horde_cylinder_tri_params *p,
                                                    const horde_cylinder_tri_batch *b);

/* Soup shape (seed 001's loop): every mover against every triangle of one soup (the
 * triangles the caller gathered around a group of movers), in index order. Each
 * triangle is tested as a pair above at the mover's CURRENT position, and its push is
 * applied at once (x += px, z += pz), so later triangles see the corrected mover: one
 * pass of the seed's sequential resolution (an inner corner is resolved wall after
 * wall; a mover squeezed between walls may still touch one afterwards - call again to
 * relax further). y is never changed (a mover that an earlier triangle pushed past
 * HORDE_CYLINDER_TRI_MAX_COORD is still tested as it stands). A triangle whose xz
 * bounding box lies more than r + 1 from the centre on the x or z axis is skipped for
 * that mover (it cannot touch it; the margin covers rounding), as are triangles with a
 * non-finite or too large coordinate. Flags: the OR of the pairs' flags (COLLIDED |
 * HIT_WALL when pushed, CENTRE_INSIDE when any contact had the centre inside), or
 * HORDE_FLAG_INVALID for an invalid mover (output = input, bit for bit). Cost: movers x
 * triangles pair tests, cheap for triangles far from every mover of a SIMD lane group. */
typedef struct horde_cylinder_tri_soup_params {
    float step; /* band = [y + step, y + height]: default 0, in [0, HORDE_CYLINDER_TRI_MAX_SIZE] */
} horde_cylinder_tri_soup_params;

/* Fill *p with step 0 (NULL: nothing). */
HORDE_API void horde_cylinder_tri_soup_params_default(horde_cylinder_tri_soup_params *p);

typedef struct horde_cylinder_tri_soup_batch {
    const float *x, *y, *z;       /* bottom centre */
    const float *radius, *height;
    float *out_x, *out_z;         /* corrected centre (may alias x, z) */
    uint32_t *out_flags;
    size_t n;
} horde_cylinder_tri_soup_batch;

/* NULL params means the defaults. Returns HORDE_OK, HORDE_ERR_NULL_ARG, or
 * HORDE_ERR_BAD_PARAMS (bad step); _isa also HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA. An empty soup leaves every valid mover where it is with
 * flags 0. */
HORDE_API horde_status horde_cylinder_tri_soup(const horde_triangles *soup,
                                               const horde_cylinder_tri_soup_params *p,
                                               const horde_cylinder_tri_soup_batch *b);
HORDE_API horde_status horde_cylinder_tri_soup_isa(horde_isa isa, const horde_triangles *soup,
                                                   const horde_cylinder_tri_soup_params *p,
                                                   const horde_cylinder_tri_soup_batch *b);

/* horde_cylinder_tri_soup on the engine's task system (include/horde/tasks.h,
 * docs/tasks.md): one stage, the movers (the soup shared), split into fixed blocks of
 * 1,024 (more only for batches of over 67 million), each block a call of the kernel on its
 * own slice of the arrays. The results are the plain call's bits for any worker count, any
 * split of the blocks into ranges and any order. tasks == NULL is the plain call.
 * Statuses: the backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS for a task system that
 * is not NULL and not valid (enqueue or finish NULL, worker_count 0), for n == 0 too, then
 * the plain call's, all checked before any task runs; on error nothing is written. */
HORDE_API horde_status horde_cylinder_tri_soup_tasks(const horde_tasks *tasks,
                                                     const horde_triangles *soup,
                                                     const horde_cylinder_tri_soup_params *p,
                                                     const horde_cylinder_tri_soup_batch *b);
HORDE_API horde_status horde_cylinder_tri_soup_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                         const horde_triangles *soup,
                                                         const horde_cylinder_tri_soup_params *p,
                                                         const horde_cylinder_tri_soup_batch *b);

#ifdef __cplusplus
}
#endif
#endif
