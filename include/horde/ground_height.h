/* SPDX-License-Identifier: MIT */
/* horde — ground_height.h: height of the ground under points (seed 001's GetYValueAtPosition).
 *
 * Call shape: points x soup. Every point (x, y, z) of the batch is tested against every
 * triangle of one soup (the triangles the caller gathered around these points); the
 * result is the highest triangle surface at or below the point within the search depth
 * of the params:
 *     ground = max { Y_t(x, z) : triangle t covers (x, z),  y - depth <= Y_t <= y }
 * with the triangle's index. y - depth is rounded to float, so the bound may lie half an
 * ulp of it below the exact one (2^-7 at a depth of 2^18), and Y_t is the float height
 * returned. Ties (equal heights, e.g. a point on a shared edge) go to the lowest index.
 *
 * Per triangle t = (A, B, C), in float (ground_height_ref.c is the definition):
 *   - Coverage: the closed triangle in the xz plane. Each edge function is evaluated
 *     from the edge's lexicographically smaller (x, z) end and negated as needed, so two
 *     triangles sharing an edge (same vertex bits) compute exactly opposite values: the
 *     soup is watertight, a point over a shared edge or vertex is covered by at least one
 *     of them (by both when exactly on it). Winding does not matter.
 *   - Vertical or degenerate triangles (twice the signed xz area
 *     (B - A) x (C - A) == 0 in float) cover nothing: they have no surface height.
 *   - Height: Y = ay + (w_b * (by - ay) + w_c * (cy - ay)) * (1 / |area2|) with the
 *     barycentric edge functions w_b, w_c (signs normalised to the winding), clamped to the triangle's [ymin, ymax] (so
 *     slivers cannot invent heights). Exact at vertex A, within rounding elsewhere.
 *
 * Outputs: out_y = the ground height when found, else the input y (bit for bit);
 * out_tri = the triangle index, or HORDE_NONE (common.h); out_flags (common.h) =
 * HORDE_FLAG_ON_GROUND when found, 0 when not, HORDE_FLAG_INVALID for an invalid point
 * (non-finite or |coordinate| > HORDE_GROUND_HEIGHT_MAX_COORD: out_y = y,
 * out_tri = HORDE_NONE; other points unaffected). Triangles with a non-finite or too
 * large coordinate are skipped (never ground).
 *
 * Parameters: depth finite, 0 <= depth <= HORDE_GROUND_HEIGHT_MAX_DEPTH (default
 * HORDE_GROUND_HEIGHT_MAX_DEPTH, the deepest search); the soup may hold 0 .. INT32_MAX
 * triangles. Cost is n_points * n_triangles pair tests (SIMD over points).
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_GROUND_HEIGHT_H
#define HORDE_GROUND_HEIGHT_H

#include "horde/isa.h"
#include "horde/tasks.h"
#include "horde/triangles.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_GROUND_HEIGHT_MAX_COORD 1048576.0f /* 2^20 */
#define HORDE_GROUND_HEIGHT_MAX_DEPTH 1048576.0f

typedef struct horde_ground_height_params {
    float depth; /* search down to y - depth: default HORDE_GROUND_HEIGHT_MAX_DEPTH, in
                    [0, HORDE_GROUND_HEIGHT_MAX_DEPTH] */
} horde_ground_height_params;

/* Fill *p with depth HORDE_GROUND_HEIGHT_MAX_DEPTH (NULL: nothing). */
HORDE_API void horde_ground_height_params_default(horde_ground_height_params *p);

typedef struct horde_ground_height_batch {
    const float *x, *y, *z; /* query points (e.g. a mover's bottom centre plus a step) */
    float *out_y;           /* ground height, or y when none */
    uint32_t *out_tri;      /* triangle index, or HORDE_NONE */
    uint32_t *out_flags;
    size_t n;
} horde_ground_height_batch;

/* NULL params means the defaults. Arrays need no alignment; outputs may alias inputs
 * exactly (out_y == y), never partially. n == 0 touches no array; an empty soup
 * (soup->n == 0) finds no ground. Returns HORDE_OK, HORDE_ERR_NULL_ARG or
 * HORDE_ERR_BAD_PARAMS (bad depth, soup too large; nothing written); _isa also
 * HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA. */
HORDE_API horde_status horde_ground_height(const horde_triangles *soup,
                                           const horde_ground_height_params *p,
                                           const horde_ground_height_batch *b);
HORDE_API horde_status horde_ground_height_isa(horde_isa isa, const horde_triangles *soup,
                                               const horde_ground_height_params *p,
                                               const horde_ground_height_batch *b);

/* horde_ground_height on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the queries (the soup shared), split into fixed blocks of 1,024 (more only
 * for batches of over 67 million), each block a call of the kernel on its own slice of the
 * arrays. The results are the plain call's bits for any worker count, any split of the
 * blocks into ranges and any order. tasks == NULL is the plain call. Statuses: the
 * backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS for a task system that is not NULL and
 * not valid (enqueue or finish NULL, worker_count 0), for n == 0 too, then the plain
 * call's, all checked before any task runs; on error nothing is written. */
HORDE_API horde_status horde_ground_height_tasks(const horde_tasks *tasks,
                                                 const horde_triangles *soup,
                                                 const horde_ground_height_params *p,
                                                 const horde_ground_height_batch *b);
HORDE_API horde_status horde_ground_height_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                     const horde_triangles *soup,
                                                     const horde_ground_height_params *p,
                                                     const horde_ground_height_batch *b);

#ifdef __cplusplus
}
#endif
#endif
