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
 * flag HORDE_TRI_DEGENERATE. Such a triangle is within 2^-12 of its shortest edge's
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
 * Valid input: every coordinate finite with |v| <= HORDE_TRI_MAX_COORD, 0 <= r <=
 * HORDE_SPHERE_MAX_RADIUS. An invalid pair gets flags = HORDE_FLAG_INVALID and all its
 * float outputs +0; other lanes are unaffected.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_SPHERE_TRI_H
#define HORDE_SPHERE_TRI_H

#include "horde/isa.h"
#include "horde/triangles.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_TRI_MAX_COORD 65536.0f      /* 2^16: |coordinate| limit for spheres and triangles */
#define HORDE_SPHERE_MAX_RADIUS 4096.0f   /* 2^12 */

/* Result flags of the triangle kernels (bits of out flags; uint32_t). */
#define HORDE_TRI_OVERLAP 0x1u      /* static: d.d < r*r */
#define HORDE_TRI_FACE 0x2u         /* the closest point / contact is inside the face */
#define HORDE_TRI_EDGE 0x4u         /* ... on an edge (strictly between its vertices) */
#define HORDE_TRI_VERTEX 0x8u       /* ... a vertex */
#define HORDE_TRI_DEGENERATE 0x10u  /* the triangle had no face: treated as the union of its three edges */
#define HORDE_TRI_HIT 0x20u         /* sweep: contact at some t in [0, 1] */
#define HORDE_TRI_STARTED_INSIDE 0x40u /* sweep: overlapping at t = 0 (t = 0 reported) */
#define HORDE_TRI_SKIPPED 0x80u     /* list: an entry was skipped (index >= soup n, or an
                                       invalid triangle) */
/* HORDE_FLAG_INVALID (common.h, 0x80000000) marks a rejected input. */

/* Spheres: centre (x, y, z) and radius r, element i of each array; no alignment needed. */
typedef struct horde_spheres {
    const float *x, *y, *z, *r;
    size_t n;
} horde_spheres;

/* Per-pair outputs (each array has n elements). */
typedef struct horde_sphere_tri_out {
    float *qx, *qy, *qz;          /* closest point Q on the triangle */
    float *depth;                 /* r - dist */
    float *push_x, *push_y, *push_z;
    uint32_t *flags;              /* OVERLAP, one of FACE / EDGE / VERTEX, DEGENERATE, INVALID */
} horde_sphere_tri_out;

/* Pairs: sphere i against triangle i, for i < n. s->n must equal t->n
 * (HORDE_ERR_BAD_PARAMS otherwise). n == 0 is valid and touches no pointer. An output
 * array may be the very same array as an input (e.g. out->qx == s->x); no other overlap.
 * Returns HORDE_OK, HORDE_ERR_NULL_ARG or HORDE_ERR_BAD_PARAMS. */
HORDE_API horde_status horde_sphere_tri_pairs(const horde_spheres *s, const horde_triangles *t,
                                     const horde_sphere_tri_out *out);
HORDE_API horde_status horde_sphere_tri_pairs_isa(horde_isa isa, const horde_spheres *s,
                                         const horde_triangles *t,
                                         const horde_sphere_tri_out *out);

/* Movers x list: sphere i is tested against soup triangles indices[k] for
 * k in [offsets[i], offsets[i + 1]) (offsets has s->n + 1 non-decreasing entries,
 * HORDE_ERR_BAD_PARAMS otherwise). Entries whose index is >= soup->n, or whose triangle
 * is invalid, are skipped and set HORDE_TRI_SKIPPED. Per sphere:
 *   push     combined push-out: per axis, the largest positive component of the
 *            overlapping pairs' pushes plus the most negative one (two coplanar triangles
 *            sharing an edge push once, not twice; a floor and a wall push both ways);
 *   deepest  the entry with the largest depth (the nearest triangle, overlapping or not;
 *            the earliest entry on ties): its soup index (UINT32_MAX for an empty list),
 *            depth (-INFINITY for an empty list), closest point and flags (region,
 *            DEGENERATE);
 *   flags    OVERLAP if any entry overlaps, SKIPPED, the deepest entry's region flags.
 * An invalid sphere gets flags = HORDE_FLAG_INVALID, index UINT32_MAX, float outputs +0.
 * Outputs may be the very same arrays as the sphere inputs; no other overlap. */
typedef struct horde_sphere_tri_list_out {
    float *push_x, *push_y, *push_z; /* combined push-out */
    uint32_t *deepest;               /* soup index of the deepest entry */
    float *depth;                    /* its depth */
    float *qx, *qy, *qz;             /* its closest point */
    uint32_t *flags;
} horde_sphere_tri_list_out;

HORDE_API horde_status horde_sphere_tri_list(const horde_spheres *s, const horde_triangles *soup,
                                    const uint32_t *offsets, const uint32_t *indices,
                                    const horde_sphere_tri_list_out *out);
HORDE_API horde_status horde_sphere_tri_list_isa(horde_isa isa, const horde_spheres *s,
                                        const horde_triangles *soup, const uint32_t *offsets,
                                        const uint32_t *indices,
                                        const horde_sphere_tri_list_out *out);

#ifdef __cplusplus
}
#endif
#endif
