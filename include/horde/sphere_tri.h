/* SPDX-License-Identifier: MIT */
/* horde — sphere_tri.h: spheres vs triangles, static overlap (closest point, depth,
 * push-out). Two call shapes: pairs (sphere i vs triangle i) and movers x list (sphere i
 * against a short list of triangles of a soup, combined push-out and deepest contact).
 *
 * Closest point. For sphere centre P and triangle ABC (horde_triangles, world units,
 * y up, either winding: triangles are double-sided), Q is the point of the triangle
 * nearest to P (after Ericson, Real-Time Collision Detection, 5.1.5), computed as:
 *   edges E0 = B - A, E1 = C - B, E2 = A - C from X0 = A, X1 = B, X2 = C, squared lengths
 *   Lj = Ej.Ej; k = the longest edge (the first of equal lengths); the normal
 *   n = E(k+1) x E(k+2) (cross product of the two shorter edges: the winding's normal,
 *   (B - A) x (C - A) up to rounding, computed where it is best conditioned).
 *   With wj = P - Xj, pj = wj.Ej and sj = (n x Ej).wj (0 for a degenerate triangle), the
 *   first region that holds, in the book's order:
 *     vertex A: p0 <= 0 and p2 >= L2        vertex B: p1 <= 0 and p0 >= L0
 *     edge AB:  s0 <= 0 and 0 <= p0 <= L0 and L0 > 0
 *     vertex C: p2 <= 0 and p1 >= L1        edge CA:  s2 <= 0, 0 <= p2 <= L2, L2 > 0
 *     edge BC:  s1 <= 0, 0 <= p1 <= L1, L1 > 0
 *     face (non-degenerate triangles; a degenerate one falls back to vertex A)
 *   vertex Xj: Q = Xj + Ej * 0, d = P - Q; edge j: t = pj / Lj, Q = Xj + Ej*t, d = P - Q
 *   (VERTEX if t is 0 or 1); face: h = n.w0 / n.n, d = n * h, Q = P - d.
 *
 * Degenerate triangles. A triangle is degenerate when n.n <= 2^-24 * L(k+1) * L(k+2),
 * i.e. the sine of its largest angle is at most 2^-12 (zero area, collinear or repeated
 * vertices, a point, a sliver): it has no face and is the union of its three edges;
 * flag HORDE_FLAG_DEGENERATE. Such a triangle is within 2^-12 of its shortest edge's
 * length of its true shape. Needles (one tiny angle) are not degenerate.
 *
 * Results. d as above (P - Q), dist = sqrt(d.d), depth = r - dist (negative when separated).
 * The sphere overlaps the triangle when d.d < r*r (strict: touching is not overlapping,
 * r = 0 never overlaps). The push-out moves the sphere out along a direction a, by what
 * it lacks along it: push = a * (max(r - |a|, 0) / |a|), where a is P's offset from the
 * closest feature, built so that rounding cannot turn it along the triangle:
 *     face:     a = d (exactly along n);
 *     edge j:   a = P's offset from the edge's line, perpendicular to it by
 *               construction: u (s / u.u) + n (n.w / n.n) with u = n x Ej, s = u.w <= 0
 *               (outward in the plane, or along the normal); for a degenerate triangle
 *               d - Ej (d.Ej / Lj). (This also holds when t came out 0 or 1.)
 *     vertex:   a = d projected onto the vertex's cone (no closer to either adjacent
 *               edge than perpendicular: d.Eout <= 0, d.Ein >= 0): d when inside it,
 *               else its projection onto the violated edge's perpendicular plane when
 *               that is inside (the longer of two), else onto the face normal (zero
 *               for a degenerate triangle);
 *     a == 0 (the centre is on the triangle):
 *               push = n * (r / sqrt(n.n)) (the winding's side), or for a degenerate
 *               triangle perpendicular to its longest edge E, along the part of up
 *               (0, 1, 0) perpendicular to E (of (1, 0, 0) when E.y^2 > E.E / 2),
 *               length r; (0, r, 0) for a point;
 *     not overlapping: push = (0, 0, 0).
 * Promise: after P += push the sphere touches the triangle: its exact distance to the
 * triangle is r up to about 2^-19 of the largest coordinate or radius in play, divided
 * by the sine of the triangle's largest angle (the float normal of a sliver is only
 * that good), and for a degenerate triangle up to twice its distance from the line of
 * its longest edge (tests/property/sphere_tri.c checks exactly this bound against a
 * double-precision model, at centres on and within ulps of faces, edges and vertices).
 *
 * Valid input: every coordinate finite with |v| <= HORDE_SPHERE_TRI_MAX_COORD, 0 <= r <=
 * HORDE_SPHERE_TRI_MAX_RADIUS. An invalid pair gets out_flags = HORDE_FLAG_INVALID,
 * out_depth = -INFINITY (never the deepest) and every other float output +0; other lanes
 * are unaffected.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_SPHERE_TRI_H
#define HORDE_SPHERE_TRI_H

#include "horde/isa.h"
#include "horde/tasks.h"
#include "horde/triangles.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_SPHERE_TRI_MAX_COORD 65536.0f  /* 2^16: |coordinate| limit for spheres and triangles */
#define HORDE_SPHERE_TRI_MAX_RADIUS 4096.0f  /* 2^12 */

/* Flags (common.h): HORDE_FLAG_OVERLAP (d.d < r*r), exactly one of HORDE_FLAG_FACE /
 * HORDE_FLAG_EDGE / HORDE_FLAG_VERTEX (the closest point's region; EDGE strictly between
 * the edge's vertices), HORDE_FLAG_DEGENERATE (the triangle has no face),
 * HORDE_FLAG_SKIPPED (lists: an entry was skipped), HORDE_FLAG_INVALID (a rejected
 * input, alone). */

/* Pairs: sphere i (centre x, y, z, radius r) against triangle i, for i < n. */
typedef struct horde_sphere_tri_pairs_batch {
    const float *x, *y, *z, *r;
    float *out_qx, *out_qy, *out_qz;          /* closest point Q on the triangle */
    float *out_depth;                         /* r - dist */
    float *out_push_x, *out_push_y, *out_push_z;
    uint32_t *out_flags;                      /* OVERLAP, one of FACE / EDGE / VERTEX, DEGENERATE; or INVALID */
    size_t n;
} horde_sphere_tri_pairs_batch;

/* t->n must equal b->n (HORDE_ERR_BAD_PARAMS otherwise). t and b must not be NULL; the
 * arrays of both must not be NULL when n > 0 (HORDE_ERR_NULL_ARG). n == 0 touches no
 * array. Arrays need no alignment; an output array may be the very same array as an
 * input (e.g. b->out_qx == b->x); no other overlap. Returns HORDE_OK,
 * HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_PARAMS or (_isa) HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA; on an error nothing is written. */
HORDE_API horde_status horde_sphere_tri_pairs(const horde_triangles *t,
                                              const horde_sphere_tri_pairs_batch *b);
HORDE_API horde_status horde_sphere_tri_pairs_isa(horde_isa isa, const horde_triangles *t,
                                                  const horde_sphere_tri_pairs_batch *b);

/* horde_sphere_tri_pairs on the engine's task system (include/horde/tasks.h,
 * docs/tasks.md): one stage, the pairs (each with its triangle), split into fixed blocks
 * of 1,024 (more only for batches of over 67 million), each block a call of the kernel on
 * its own slice of the arrays. The results are the plain call's bits for any worker count,
 * any split of the blocks into ranges and any order. tasks == NULL is the plain call.
 * Statuses: the backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS for a task system that
 * is not NULL and not valid (enqueue or finish NULL, worker_count 0), for n == 0 too, then
 * the plain call's, all checked before any task runs; on error nothing is written. */
HORDE_API horde_status horde_sphere_tri_pairs_tasks(const horde_tasks *tasks,
                                                    const horde_triangles *t,
                                                    const horde_sphere_tri_pairs_batch *b);
HORDE_API horde_status horde_sphere_tri_pairs_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                        const horde_triangles *t,
                                                        const horde_sphere_tri_pairs_batch *b);

/* Movers x list: sphere i is tested against soup triangles indices[k] for
 * k in [offsets[i], offsets[i + 1]) (offsets has n + 1 non-decreasing entries,
 * HORDE_ERR_BAD_PARAMS otherwise). Entries whose index is >= soup->n, or whose triangle
 * is invalid, are skipped and set HORDE_FLAG_SKIPPED. Per sphere:
 *   out_push_*  combined push-out: per axis, the largest positive component of the
 *               overlapping pairs' pushes plus the most negative one (two coplanar
 *               triangles sharing an edge push once, not twice; a floor and a wall push
 *               both ways);
 *   out_tri, out_depth, out_q*  the deepest entry: the one with the largest depth (the
 *               nearest triangle, overlapping or not; the earliest entry on ties): its
 *               soup index, depth and closest point; for a list with no entry left
 *               (empty, or every entry skipped) HORDE_NONE, -INFINITY and +0;
 *   out_flags   OVERLAP if any entry overlaps, SKIPPED, the deepest entry's region flags
 *               (FACE / EDGE / VERTEX, DEGENERATE).
 * An invalid sphere gets out_flags = HORDE_FLAG_INVALID, out_tri = HORDE_NONE,
 * out_depth = -INFINITY (never the deepest) and every other float output +0; its entries
 * are not tested. */
typedef struct horde_sphere_tri_list_batch {
    const float *x, *y, *z, *r;
    const uint32_t *offsets, *indices;
    float *out_push_x, *out_push_y, *out_push_z; /* combined push-out */
    uint32_t *out_tri;                           /* soup index of the deepest entry */
    float *out_depth;                            /* its depth */
    float *out_qx, *out_qy, *out_qz;             /* its closest point */
    uint32_t *out_flags;
    size_t n;
} horde_sphere_tri_list_batch;

/* soup and b must not be NULL; when n > 0 the sphere and output arrays and offsets must
 * not be NULL, and when the lists hold entries (offsets[n] > offsets[0]) neither must
 * indices nor, when soup->n > 0, the soup's arrays (HORDE_ERR_NULL_ARG). n == 0 touches
 * no array. Outputs may be the very same arrays as the sphere inputs; no other overlap.
 * Returns HORDE_OK, HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_PARAMS or (_isa)
 * HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA; on an error nothing is written. */
HORDE_API horde_status horde_sphere_tri_list(const horde_triangles *soup,
                                             const horde_sphere_tri_list_batch *b);
HORDE_API horde_status horde_sphere_tri_list_isa(horde_isa isa, const horde_triangles *soup,
                                                 const horde_sphere_tri_list_batch *b);

/* horde_sphere_tri_list on the engine's task system (include/horde/tasks.h,
 * docs/tasks.md): one stage, the movers (offsets moves with its movers and indexes the
 * whole shared list), split into fixed blocks of 1,024 (more only for batches of over 67
 * million), each block a call of the kernel on its own slice of the arrays. The results
 * are the plain call's bits for any worker count, any split of the blocks into ranges and
 * any order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_sphere_tri_list_tasks(const horde_tasks *tasks,
                                                   const horde_triangles *soup,
                                                   const horde_sphere_tri_list_batch *b);
HORDE_API horde_status horde_sphere_tri_list_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                       const horde_triangles *soup,
                                                       const horde_sphere_tri_list_batch *b);

#ifdef __cplusplus
}
#endif
#endif
