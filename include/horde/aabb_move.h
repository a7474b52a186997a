/* SPDX-License-Identifier: MIT */
/* horde — aabb_move.h: axis-aligned boxes moved through the voxel world, swept axis by
 * axis (the Minecraft approach: move along one axis, clamp against blocks, update the
 * position, then the next axis). Exact: no substeps, no tunnelling at any speed.
 *
 * Box. A mover is the box [x - hx, x + hx] x [y, y + h] x [z - hz, z + hz] (bottom
 * centre x, y, z; half extents hx, hz; height h; y is up), with every bound computed in
 * float (lo_x = x - hx, hi_x = x + hx, top = y + h, rounded as float arithmetic rounds).
 * It overlaps solid block (bx, by, bz) when, strictly,
 *     bx < hi_x && bx + 1 > lo_x  &&  by < top && by + 1 > y  &&  bz < hi_z && bz + 1 > lo_z
 * so touching a face is not overlapping (as in cylinder_push.h): a box standing exactly
 * on a floor or against a wall does not collide with it.
 *
 * Move. The wanted displacement (dx, dy, dz) is first limited per axis to
 * [-max_distance, +max_distance] (HORDE_FLAG_TRUNCATED when that changed it). Then the
 * box is swept along y, then x, then z (Minecraft's order), each sweep starting where the
 * previous one stopped. A sweep of coordinate c towards target t = c + d (float) looks
 * only at the blocks the box would newly enter (the columns / levels / rows between its
 * current leading face and the target's, inside its current cross-section, strictly) and
 * stops at the first solid one:
 *     moving +:  c' = face - e_hi (face = that block's low side), stepped down one ulp if
 *                c' + e_hi > face, and never below c;
 *     moving -:  c' = face + e_lo (face = that block's high side), stepped up one ulp if
 *                c' - e_lo < face, and never above c;
 * with (e_lo, e_hi) = (hx, hx) for x, (0, h) for y, (hz, hz) for z. So a box that starts
 * free always ends free; a box landing on a floor ends with y exactly on the block top.
 * With no solid block ahead, c' = t. A zero displacement (or one too small to change c)
 * leaves c bit for bit unchanged.
 *
 * Step-up (params.step_height > 0, Minecraft style): when a horizontal sweep was clamped
 * and the box is grounded after its y sweep (dy <= 0 and it rests exactly on a block:
 * y integral with a solid block strictly under its footprint), the horizontal move is
 * tried again from the position after the y sweep raised by up to step_height: sweep up
 * by step_height, sweep x, sweep z, sweep back down to the starting level. The raised
 * result is kept when it travels strictly farther horizontally (squared float distance
 * from the start), and HORDE_FLAG_STEP_TAKEN is set. NPCs then walk up slabs
 * (step_height 0.5) or auto-jump onto blocks (1.0) when there is headroom.
 *
 * Flags (out_flags, bits of common.h):
 *   ON_GROUND    a downward y sweep was clamped (landed, including the step's way down),
 *                or the final box rests exactly on a block (y integral, a solid block at
 *                level y - 1 strictly under its footprint);
 *   HIT_CEILING  the upward y sweep was clamped (not the step-up probe);
 *   HIT_WALL     an x or z sweep of the kept path was clamped;
 *   STEP_TAKEN   the raised path was kept;
 *   TRUNCATED    the displacement was limited by max_distance;
 *   COLLIDED     any of landing, HIT_CEILING, HIT_WALL, STEP_TAKEN (resting is not a
 *                collision);
 *   STUCK        the box starts overlapping a solid block: it is left where it is
 *                (output = input, zero displacement made), flags = STUCK | COLLIDED.
 *                Resolve it with a push-out; moving it on would hide the overlap;
 *   INVALID      rejected input: a non-finite value, |x|, |y| or |z| above
 *                HORDE_AABB_MOVE_MAX_COORD, hx or hz outside (0, HORDE_AABB_MOVE_MAX_HALF],
 *                h outside (0, HORDE_AABB_MOVE_MAX_HEIGHT]. Output = input bits,
 *                displacement made +0, flags = INVALID only. Other lanes are unaffected.
 *
 * Missing chunks follow the world view's policy (HORDE_MISSING_SOLID keeps movers inside
 * the loaded area). Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_AABB_MOVE_H
#define HORDE_AABB_MOVE_H

#include "horde/world.h"
#include "horde/isa.h"
#include "horde/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_AABB_MOVE_MAX_HALF 1.5f        /* hx, hz in (0, 1.5]: up to 3 x 3 blocks wide */
#define HORDE_AABB_MOVE_MAX_HEIGHT 4.0f      /* h in (0, 4] */
#define HORDE_AABB_MOVE_MAX_COORD 1048576.0f /* 2^20 */
#define HORDE_AABB_MOVE_MAX_DISTANCE 32.0f   /* largest params.max_distance */
#define HORDE_AABB_MOVE_MAX_STEP_HEIGHT 4.0f /* largest params.step_height */

typedef struct horde_aabb_move_params {
    float step_height;  /* 0 (default) disables step-up; in [0, HORDE_AABB_MOVE_MAX_STEP_HEIGHT] */
    float max_distance; /* per axis per call, in (0, HORDE_AABB_MOVE_MAX_DISTANCE]; default 32 */
} horde_aabb_move_params;

/* step_height 0, max_distance 32. Does nothing for NULL. */
HORDE_API void horde_aabb_move_params_default(horde_aabb_move_params *p);

/* A structure-of-arrays batch; arrays need no particular alignment. Outputs may alias
 * the matching inputs (out_x == x, out_dx == dx, ...) but must not partially overlap
 * any other array. out_dx, out_dy, out_dz are optional: all three NULL or none. */
typedef struct horde_aabb_move_batch {
    const float *x, *y, *z;          /* start: bottom centre */
    const float *dx, *dy, *dz;       /* wanted displacement */
    const float *half_x, *half_z, *height;
    float *out_x, *out_y, *out_z;    /* end: bottom centre */
    float *out_dx, *out_dy, *out_dz; /* displacement made, out - in in float (may be NULL) */
    uint32_t *out_flags;
    size_t n;
} horde_aabb_move_batch;

/* Move every box of the batch with the active backend. NULL params means the defaults.
 * n == 0 is valid: the world view and params are checked and no array is touched.
 * Returns HORDE_OK; HORDE_ERR_NULL_ARG when b is NULL or, with n > 0, a required array
 * (or one or two of out_dx, out_dy, out_dz); horde_world_check(w)'s error
 * (HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_WORLD); HORDE_ERR_BAD_PARAMS for params outside
 * their ranges. On error nothing is written. */
HORDE_API horde_status horde_aabb_move(const horde_world *w, const horde_aabb_move_params *p,
                                       const horde_aabb_move_batch *b);

/* The same with a named backend (tests, benchmarks); HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA when it cannot run here. */
HORDE_API horde_status horde_aabb_move_isa(horde_isa isa, const horde_world *w,
                                           const horde_aabb_move_params *p,
                                           const horde_aabb_move_batch *b);

/* horde_aabb_move on the engine's task system (include/horde/tasks.h, docs/tasks.md): one
 * stage, the boxes, split into fixed blocks of 1,024 (more only for batches of over 67
 * million), each block a call of the kernel on its own slice of the arrays. The results
 * are the plain call's bits for any worker count, any split of the blocks into ranges and
 * any order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_aabb_move_tasks(const horde_tasks *tasks, const horde_world *w,
                                             const horde_aabb_move_params *p,
                                             const horde_aabb_move_batch *b);
HORDE_API horde_status horde_aabb_move_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                 const horde_world *w,
                                                 const horde_aabb_move_params *p,
                                                 const horde_aabb_move_batch *b);

#ifdef __cplusplus
}
#endif
#endif
