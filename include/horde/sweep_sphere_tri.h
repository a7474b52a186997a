/* SPDX-License-Identifier: MIT */
/* horde — sweep_sphere_tri.h: swept spheres and ellipsoids vs triangles, time of impact.
 *
 * Pairs: mover i (an axis-aligned ellipsoid with centre P at t = 0, moving by D over
 * t in [0, 1], radii R = (rx, ry, rz); a sphere has rx = ry = rz) against triangle i
 * (double-sided, either winding). For lists of candidate triangles per mover, gather the
 * pairs and keep the smallest t per mover.
 *
 * Method: Fauerby, "Improved Collision detection and Response" (2003) and the analytic
 * ellipsoid-triangle lecture (seed 003). Everything runs in unit-sphere space
 *     X' = (X - P) * (1 / R)   (per axis; 1 / R computed once), velocity V = D * (1 / R)
 * where the mover is the unit sphere at the origin. Then, in this order:
 *  1. Already overlapping: Q = the closest point of the triangle to the origin and d
 *     (exactly sphere_tri.h's definition, applied in unit space). If d.d < 1: t = 0, contact Q,
 *     HORDE_FLAG_STARTED_INSIDE, region of Q.
 *  2. Face (non-degenerate triangles): n as in sphere_tri.h (cross product of the two
 *     shorter edges), e the longest edge (the first of equal squared lengths L),
 *     p = n - e ((n.e) / L) (n without its part along e), unit normal
 *     m = p * (1 / sqrt(p.p));
 *     signed distance sd = -(m.A), sn = m.V; side s = +1 if sd >= 0 else -1. The sphere
 *     approaches when sn*s < 0; it touches the plane at t0 = max((|sd| - 1) / -(sn*s), 0).
 *     The centre's foot on the plane at t0, F = V*t0 - m*(sd + sn*t0), inside the
 *     triangle (edge tests (n x e).(F - start of e) >= 0 for AB, BC, CA) with t0 <= 1
 *     gives t = t0, contact F, region FACE; Fauerby: no edge or vertex can be earlier.
 *  3. Otherwise, unless d.d > 2 (V.V + 1) (1 + 2^-10) (nothing within reach, as
 *     (|V| + 1)^2 <= 2 (V.V + 1)): edges AB, BC, CA, then vertices A, B, C; each
 *     candidate time replaces the best only when strictly smaller. Each feature is a point
 *     X (a vertex) or the line through X along e (an edge, e.e > 0, k = 1 / e.e), with
 *     the components along the line removed first: ev = (e.V) k, eX = (e.X) k,
 *     Vp = V - e ev, Xp = X - e eX (a vertex: Vp = V, Xp = X). With a = Vp.Vp,
 *     g = Vp.Xp: the sphere approaches when g > 0; the closest approach is at ts = g / a,
 *     where the path passes H = Xp - Vp ts from the feature; with miss = 1 - H.H >= 0
 *     the first contact is t = max(ts - sqrt(miss / a), 0) (a start inside a feature's
 *     shell gives 0), kept if t <= 1; on an edge the contact is X + e f,
 *     f = ev t - eX, which must lie in [0, 1]. (Fauerby's roots of a t^2 - 2 g t + c,
 *     c = X.X - 1, cancel |X|^2 against 1 and lose about (|D| / R)^2 u radii: 0.13 radii
 *     at |D| / R = 1000.)
 *  Zero-length sweeps hit only when already overlapping. Degenerate triangles
 *  (sphere_tri.h's test, in unit space) skip step 2 and set HORDE_FLAG_DEGENERATE.
 *
 * Outputs: out_t (1 when there is no hit), the contact point on the triangle in world space
 * (P + Q' * R), and the unit contact normal in world space, pointing from the triangle to
 * the mover: the unit-space direction (centre at t) - contact (at t = 0: sphere_tri.h's
 * d), scaled by 1 / R and normalised (an ellipsoid's normal: w = dir / R is divided by
 * its largest |component| m first, then by its length, so |n| = 1 within a few ulps even
 * when w.w would be subnormal); a vanishing direction (centre on the triangle at
 * t = 0) uses n, and (0, 1, 0) when that vanishes too or the triangle is degenerate.
 * No hit: contact and normal +0. Flags (common.h): HORDE_FLAG_HIT, HORDE_FLAG_STARTED_INSIDE,
 * one of HORDE_FLAG_FACE / HORDE_FLAG_EDGE / HORDE_FLAG_VERTEX (of the contact) with a
 * hit, HORDE_FLAG_DEGENERATE; or HORDE_FLAG_INVALID alone. The sweep itself stops nothing: move the mover to
 * P + D*t (minus a small skin) and slide.
 *
 * Accuracy (spheres; tests/property/sweep_sphere_tri.c, against a double-precision model
 * of the exact first contact, slivers included): at a reported hit that did not start
 * inside, the centre P + D t is R from the triangle within 8 u (1 + (|D| + |P - X|max) / R)
 * radii, u = 2^-24, |P - X|max the distance from P to the farthest vertex (measured
 * worst: 2.6), and within 2^12 times that for a degenerate triangle (measured worst: 15).
 * Both terms are what float inputs and a float t can resolve: t places the centre to u |D|,
 * and the unit-space vertices (X - P) / R carry u |X - P| / R each. The face's unit normal
 * m is n without its part along the longest edge, then normalised: the float n of a sliver
 * points up to about u / s off (s the sine of the triangle's largest angle), and only its
 * tilt about the longest edge, over the triangle's small height above that edge, is left.
 * A start counts as inside when sphere_tri.h's closest point is nearer than R; its float
 * n is only that good, so such a start is at most R (1 + 8 u (1 + |P - X|max / R) / s)
 * from the triangle (s at least 2^-12; measured worst: 0.02 of that margin). A path that
 * reaches more than R / 256 into the triangle before t = 0.999 is always a hit.
 * Valid input: positions, displacements and triangle coordinates finite with
 * |v| <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD; radii in [HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS,
 * HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS]. An invalid pair reports out_t = 1 (as a miss, so it
 * never wins a smallest-t reduction), contact and normal +0 and out_flags =
 * HORDE_FLAG_INVALID (no HORDE_FLAG_HIT); other lanes are unaffected.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_SWEEP_SPHERE_TRI_H
#define HORDE_SWEEP_SPHERE_TRI_H

#include "horde/sphere_tri.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits; the coordinate and radius limits equal sphere_tri's (HORDE_SPHERE_TRI_MAX_COORD,
 * HORDE_SPHERE_TRI_MAX_RADIUS). */
#define HORDE_SWEEP_SPHERE_TRI_MAX_COORD 65536.0f    /* 2^16: |position|, |displacement|, |triangle coordinate| */
#define HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS 0.015625f  /* 2^-6 */
#define HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS 4096.0f    /* 2^12 */

/* Mover i against triangle i, for i < n. */
typedef struct horde_sweep_sphere_tri_batch {
    const float *x, *y, *z;    /* centre at t = 0 */
    const float *dx, *dy, *dz; /* displacement over the sweep */
    const float *rx, *ry, *rz; /* radii (a sphere: pass the same array three times) */
    float *out_t;              /* time of impact in [0, 1]; 1 when no hit */
    float *out_cx, *out_cy, *out_cz; /* contact point on the triangle (world) */
    float *out_nx, *out_ny, *out_nz; /* unit contact normal (world), triangle -> mover */
    uint32_t *out_flags;
    size_t n;
} horde_sweep_sphere_tri_batch;

/* t->n must equal b->n (HORDE_ERR_BAD_PARAMS otherwise). t and b must not be NULL; the
 * arrays of both must not be NULL when n > 0 (HORDE_ERR_NULL_ARG). n == 0 touches no
 * array. Arrays need no alignment; an output array may be the very same array as an
 * input; no other overlap. Returns HORDE_OK, HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_PARAMS or
 * (_isa) HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA; on an error nothing is
 * written. */
HORDE_API horde_status horde_sweep_sphere_tri(const horde_triangles *t,
                                              const horde_sweep_sphere_tri_batch *b);
HORDE_API horde_status horde_sweep_sphere_tri_isa(horde_isa isa, const horde_triangles *t,
                                                  const horde_sweep_sphere_tri_batch *b);

/* horde_sweep_sphere_tri on the engine's task system (include/horde/tasks.h,
 * docs/tasks.md): one stage, the pairs (each with its triangle), split into fixed blocks
 * of 1,024 (more only for batches of over 67 million), each block a call of the kernel on
 * its own slice of the arrays. The results are the plain call's bits for any worker count,
 * any split of the blocks into ranges and any order. tasks == NULL is the plain call.
 * Statuses: the backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS for a task system that
 * is not NULL and not valid (enqueue or finish NULL, worker_count 0), for n == 0 too, then
 * the plain call's, all checked before any task runs; on error nothing is written. */
HORDE_API horde_status horde_sweep_sphere_tri_tasks(const horde_tasks *tasks,
                                                    const horde_triangles *t,
                                                    const horde_sweep_sphere_tri_batch *b);
HORDE_API horde_status horde_sweep_sphere_tri_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                        const horde_triangles *t,
                                                        const horde_sweep_sphere_tri_batch *b);

#ifdef __cplusplus
}
#endif
#endif
