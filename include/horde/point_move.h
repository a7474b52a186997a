/* SPDX-License-Identifier: MIT */
/* horde — point_move.h: point movers (monsters whose centre is a point) in the voxel world.
 *
 * Seed 002's point-cube correction, as a batch kernel: each point goes from (x, y, z) by
 * the displacement (dx, dy, dz) in substeps; after every substep, if the block the point
 * is in is solid, the point is moved to the nearest FREE one of the 26 neighbouring
 * blocks (seed 002's code tests "solid" there; its prose, and this kernel, want free).
 * Axes: y is up. The point is in block (floor(x), floor(y), floor(z)): a coordinate
 * lying exactly on a grid line belongs to the block above it.
 *
 * Substeps: with m = max(|dx|, |dy|, |dz|) (the L-infinity length, the metric of the
 * correction) and q = m / params.step, the move takes k = ceil(q) equal substeps
 * (dx / k, dy / k, dz / k), so no substep moves more than `step` (<= 0.4) along any
 * axis: a point can enter a block by at most 0.4 and the face it came through is always
 * nearer than the far side, so points never tunnel, and a point that starts in a free
 * block always ends in a free block. k = 0 for a zero displacement. When q exceeds
 * params.max_substeps, the displacement is scaled by (max_substeps * step) / m, k =
 * max_substeps and HORDE_FLAG_TRUNCATED is set.
 * Positions accumulate: p = p + (dx / k, dy / k, dz / k) per substep, in float.
 *
 * Start: before the first substep the start point is checked (and corrected) exactly
 * like the end of a substep, so a point starting inside a solid block is first pushed
 * out to the nearest free neighbour (or flagged STUCK and left at its start).
 *
 * Correction of a point p in solid block (bx, by, bz), in float arithmetic:
 *   per axis  lo_a = p_a - (float)b_a,  hi_a = ((float)b_a + 1) - p_a
 *   neighbour (ix, iy, iz) != 0, each in {-1, 0, 1}: distance to it in the L-infinity
 *     metric plus seed 002's handicap so faces beat edges and edges beat corners:
 *       face:   dist_a
 *       edge:   max(dist_a, dist_b) + 0.01f            (a before b in x, y, z order)
 *       corner: max(max(dist_x, dist_y), dist_z) + 0.02f
 *     where dist_a = lo_a for i_a = -1 and hi_a for i_a = +1, max(a, b) = a > b ? a : b.
 *   The neighbour chosen is the first one, in the order
 *       for ix in -1, 0, 1: for iz in -1, 0, 1: for iy in -1, 0, 1 (skipping 0, 0, 0)
 *   (seed 002's loop with its z-up axes mapped to y-up), whose block is not solid and
 *   whose distance is strictly smaller than every earlier free one's. Each coordinate
 *   with i_a = +1 becomes (float)b_a + 1 + skin; each with i_a = -1 becomes
 *   (float)b_a - skin, or, when that rounds back onto the face (skin 0, or skin below
 *   half an ulp at large coordinates), the largest float below (float)b_a. The corrected
 *   point therefore lies inside the chosen free block on every backend. No free
 *   neighbour: STUCK, the point stays where it was before this substep (at its start
 *   for the start check) and the remaining substeps are skipped.
 *
 * Flags (accumulated over the start check and every substep):
 *   COLLIDED     a correction happened (also set with STUCK)
 *   ON_GROUND    a correction moved the point up (+y) out of a block: onto a block top
 *   HIT_CEILING  a correction moved it down (-y)
 *   HIT_WALL     a correction moved x or z
 *   STUCK        no free neighbour (see above)
 *   TRUNCATED    the displacement was shortened to max_substeps * step
 *   INVALID      a non-finite x, y, z, dx, dy or dz, or |x|, |y| or |z| >
 *                HORDE_POINT_MOVE_MAX_COORD (2^20): the output position is the input bit
 *                for bit, the displacement made is +0, out_flags = HORDE_FLAG_INVALID
 *                alone; other lanes are unaffected.
 * End positions may lie up to max_substeps * step + 1 beyond the 2^20 start limit.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_POINT_MOVE_H
#define HORDE_POINT_MOVE_H

#include "horde/world.h"
#include "horde/isa.h"
#include "horde/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_POINT_MOVE_MAX_COORD 1048576.0f /* 2^20: larger start coordinates are INVALID */
#define HORDE_POINT_MOVE_MAX_STEP 0.4f        /* params.step lies in (0, 0.4] */
#define HORDE_POINT_MOVE_MAX_SKIN 0.25f       /* params.skin lies in [0, 0.25] */
#define HORDE_POINT_MOVE_MAX_SUBSTEPS 4096u   /* params.max_substeps lies in [1, 4096] */
#define HORDE_POINT_MOVE_HANDICAP 0.01f       /* seed 002's edge handicap (corners: twice it) */

typedef struct horde_point_move_params {
    float step;            /* longest substep along any axis: default 0.4, in (0, 0.4] */
    float skin;            /* distance kept outside the face a point is moved to: default
                              1/1024, in [0, 0.25] */
    uint32_t max_substeps; /* default 64 (25.6 blocks per call at step 0.4), in [1, 4096] */
} horde_point_move_params;

/* Fill *p with step 0.4, skin 1/1024, max_substeps 64 (NULL: nothing). */
HORDE_API void horde_point_move_params_default(horde_point_move_params *p);

/* A structure-of-arrays batch (no alignment needed). Outputs may alias the matching
 * inputs (out_x == x, out_dx == dx, ...) but must not otherwise overlap any array. */
typedef struct horde_point_move_batch {
    const float *x, *y, *z;          /* start */
    const float *dx, *dy, *dz;       /* wanted displacement */
    float *out_x, *out_y, *out_z;    /* end position */
    float *out_dx, *out_dy, *out_dz; /* displacement made, end - start in float; optional:
                                        all three NULL or none */
    uint32_t *out_flags;             /* HORDE_FLAG_* bits */
    size_t n;
} horde_point_move_batch;

/* Move every point of the batch with the active backend. NULL params means the
 * defaults. n == 0 is valid: the world view and params are checked and no array is
 * touched. Returns HORDE_OK; HORDE_ERR_NULL_ARG when b is NULL or, with n > 0, a required
 * array (or one or two of out_dx, out_dy, out_dz); horde_world_check(w)'s error
 * (HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_WORLD); HORDE_ERR_BAD_PARAMS for params outside
 * their ranges. On error nothing is written. */
HORDE_API horde_status horde_point_move(const horde_world *w, const horde_point_move_params *p,
                                        const horde_point_move_batch *b);
/* The same with a named backend: also HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA. */
HORDE_API horde_status horde_point_move_isa(horde_isa isa, const horde_world *w,
                                            const horde_point_move_params *p,
                                            const horde_point_move_batch *b);

/* horde_point_move on the engine's task system (include/horde/tasks.h, docs/tasks.md): one
 * stage, the points, split into fixed blocks of 1,024 (more only for batches of over 67
 * million), each block a call of the kernel on its own slice of the arrays. The results
 * are the plain call's bits for any worker count, any split of the blocks into ranges and
 * any order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_point_move_tasks(const horde_tasks *tasks, const horde_world *w,
                                              const horde_point_move_params *p,
                                              const horde_point_move_batch *b);
HORDE_API horde_status horde_point_move_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                  const horde_world *w,
                                                  const horde_point_move_params *p,
                                                  const horde_point_move_batch *b);

#ifdef __cplusplus
}
#endif
#endif
