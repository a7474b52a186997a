/* SPDX-License-Identifier: MIT */
/* horde — cylinder_move.h: move-and-slide for vertical cylinders in the voxel world.
 *
 * Each mover goes from its bottom centre (x, y, z) by a displacement (dx, dy, dz) in
 * substeps, and after every substep is corrected exactly as horde_cylinder_push does
 * (see cylinder_push.h), so motion tangential to walls and floors is kept: a mover pushed
 * diagonally into a wall slides along it, and gravity plus a floor leaves it resting
 * exactly on the floor (y lands on the block top).
 *
 * Substeps: the substep length is L = min(params.step, radius / 2); a displacement of
 * length D takes k = max(1, ceil(D / L)) equal substeps. Because a substep never exceeds
 * half the radius, a mover cannot tunnel through a wall or floor at any speed. When k
 * would exceed params.max_substeps the displacement is scaled down to
 * max_substeps * L, the mover stops there and HORDE_FLAG_TRUNCATED is set.
 *
 * Step-up: with params.step_height > 0, a mover that was on the ground at the start of
 * a substep and whose correction would be horizontal (a wall) instead takes the upward
 * exit (bottom onto the next block top) when that exit is free and no higher than
 * step_height: walking NPCs climb onto blocks (step_height 1.0: auto-jump) as in
 * Minecraft, Luanti, ClassiCube and noa. HORDE_FLAG_STEP_TAKEN is set.
 *
 * Verlet style (seed 000): pass dx = (x - prev_x) * keep + ax * dt * dt etc.; see
 * horde_verlet_displacement.
 *
 * Flags: COLLIDED, HIT_WALL, HIT_CEILING, STEP_TAKEN: in any substep; ON_GROUND: after the
 * last substep (pushed up or resting on a block); TRUNCATED; STUCK: a substep ended
 * overlapping with no exit (the mover stops at the last free position); INVALID: input
 * rejected, output = input bits, displacement made +0, flags = HORDE_FLAG_INVALID alone;
 * other lanes are unaffected. Valid input per mover: x, y, z finite with |x|, |y|, |z| <=
 * HORDE_CYLINDER_MOVE_MAX_COORD (the push's HORDE_CYLINDER_PUSH_MAX_COORD less 4096
 * blocks, room for the longest move); dx, dy, dz finite; HORDE_CYLINDER_MOVE_MIN_RADIUS
 * <= radius <= HORDE_CYLINDER_MOVE_MAX_RADIUS; 0 <= height <= HORDE_CYLINDER_MOVE_MAX_HEIGHT
 * (the largest radius and height are the push's, HORDE_CYLINDER_PUSH_MAX_RADIUS and
 * HORDE_CYLINDER_PUSH_MAX_HEIGHT).
 *
 * Parameters (HORDE_ERR_BAD_PARAMS outside these, NaN included): 0 < step <= 1,
 * 0 <= step_height <= 1, 1 <= max_substeps <= HORDE_CYLINDER_MOVE_MAX_SUBSTEPS.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_CYLINDER_MOVE_H
#define HORDE_CYLINDER_MOVE_H

#include "horde/cylinder_push.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_CYLINDER_MOVE_MIN_RADIUS 0.05f
#define HORDE_CYLINDER_MOVE_MAX_RADIUS HORDE_CYLINDER_PUSH_MAX_RADIUS /* the push's: 0.5 */
#define HORDE_CYLINDER_MOVE_MAX_HEIGHT HORDE_CYLINDER_PUSH_MAX_HEIGHT /* the push's: 3 */
#define HORDE_CYLINDER_MOVE_MAX_COORD (HORDE_CYLINDER_PUSH_MAX_COORD - 4096.0f)
#define HORDE_CYLINDER_MOVE_MAX_SUBSTEPS 4096u

typedef struct horde_cylinder_move_params {
    float step;            /* longest substep, in (0, 1] (default 0.1); capped at radius / 2 per mover */
    float step_height;     /* 0 (default) disables step-up; in [0, 1] */
    uint32_t max_substeps; /* in [1, HORDE_CYLINDER_MOVE_MAX_SUBSTEPS] (default 64) */
} horde_cylinder_move_params;

/* step 0.1, step_height 0, max_substeps 64. */
HORDE_API void horde_cylinder_move_params_default(horde_cylinder_move_params *p);

typedef struct horde_cylinder_move_batch {
    const float *x, *y, *z;          /* start: bottom centre */
    const float *dx, *dy, *dz;       /* wanted displacement */
    const float *radius, *height;
    float *out_x, *out_y, *out_z;    /* end position (may alias x, y, z) */
    float *out_dx, *out_dy, *out_dz; /* displacement made, end - start in float; optional:
                                        all three NULL or none (may alias dx, dy, dz) */
    uint32_t *out_flags;             /* HORDE_FLAG_* bits */
    size_t n;
} horde_cylinder_move_batch;

/* Move every mover of the batch with the active backend. NULL params means the
 * defaults. n == 0 is valid: the world view and params are checked and no array is
 * touched. Returns HORDE_OK; HORDE_ERR_NULL_ARG when b is NULL or, with n > 0, a required
 * array (or one or two of out_dx, out_dy, out_dz); horde_world_check(w)'s error
 * (HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_WORLD); HORDE_ERR_BAD_PARAMS for params outside
 * their ranges. On error nothing is written. */
HORDE_API horde_status horde_cylinder_move(const horde_world *w,
                                           const horde_cylinder_move_params *p,
                                           const horde_cylinder_move_batch *b);
/* The same with a named backend: also HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA. */
HORDE_API horde_status horde_cylinder_move_isa(horde_isa isa, const horde_world *w,
                                               const horde_cylinder_move_params *p,
                                               const horde_cylinder_move_batch *b);

/* horde_cylinder_move on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the movers, split into fixed blocks of 1,024 (more only for batches of over
 * 67 million), each block a call of the kernel on its own slice of the arrays. The results
 * are the plain call's bits for any worker count, any split of the blocks into ranges and
 * any order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_cylinder_move_tasks(const horde_tasks *tasks, const horde_world *w,
                                                 const horde_cylinder_move_params *p,
                                                 const horde_cylinder_move_batch *b);
HORDE_API horde_status horde_cylinder_move_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                     const horde_world *w,
                                                     const horde_cylinder_move_params *p,
                                                     const horde_cylinder_move_batch *b);

/* Verlet helper: d[i] = (cur[i] - prev[i]) * keep + accel * dt * dt, for one axis, in
 * float, round to nearest, subnormals kept, whatever the caller's FP mode (as every
 * kernel call). NULL arrays: nothing is written. */
HORDE_API void horde_verlet_displacement(const float *prev, const float *cur, float keep,
                                         float accel, float dt, float *d, size_t n);

#ifdef __cplusplus
}
#endif
#endif
