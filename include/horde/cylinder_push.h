/* SPDX-License-Identifier: MIT */
/* horde — cylinder_push.h: vertical cylinders vs the voxel world (push-out correction).
 *
 * A mover is a vertical cylinder: bottom centre (x, y, z), radius r, height h; y is up.
 * It occupies the disc of radius r around (x, z) in the horizontal plane and
 * [y, y + h] vertically. It overlaps solid block (bx, by, bz) when
 *     by < y + h  and  by + 1 > y            (vertical bands overlap, strictly)
 *     dx*dx + dz*dz < r*r                   (disc reaches into the block's square, strictly)
 * with dx = max(bx - x, x - (bx + 1), 0) and dz likewise, all in float. Touching a face
 * is not overlapping, so a mover standing exactly on a floor does not collide with it.
 *
 * horde_cylinder_push moves every overlapping mover by the smallest correction from a
 * fixed candidate set that leaves it overlapping nothing (seed 000's push up / push down
 * / push off a face / push off a vertical edge, made aware of neighbouring blocks):
 *   vertical:   none; up: bottom to floor(y) + 1; down: top to the bottom of the highest
 *               block level the cylinder reaches into (ceil(y + h) - 1)
 *   horizontal: none; per axis, clear the grid line the disc straddles towards either
 *               side (or the cell it sits in, when it straddles none), i.e. x' = L -+ r;
 *               the four combinations of one x and one z move; a radial push away from
 *               the grid vertex nearest the centre (an exposed vertical block edge)
 *   and every vertical choice combined with every horizontal one (29 candidates).
 * A candidate is valid when the moved cylinder overlaps no solid block. Among valid
 * candidates the one with the smallest squared translation wins; ties go to the
 * earlier candidate in the order above (vertical-only first, up before down). Because
 * validity is checked against the neighbours, a face shared with a solid block is never
 * an exit: movers slide over the seams of floors and walls and are never pushed into
 * another block when a candidate exit is free. Horizontal pushes stop a hair beyond
 * contact, at r + (max(|x|, |z|) + 1) * 2^-22 (at most 1/16 block at the coordinate limit,
 * 2.4e-5 at |x| = 100), so rounding the new position can never leave a sub-ulp overlap;
 * an upward push lands exactly on the block top. "The grid line the disc straddles" and
 * "the cell it sits in" are decided by the overlap test itself (which columns the disc
 * reaches into), never by rounding x - r, so the push off a face the test sees is always
 * a candidate.
 *
 * Reach: a candidate must stay inside the 4 x 4 columns around the mover (from one
 * below the lowest column and row the disc reaches; "inside" by the overlap test) and within
 * one block level up or down; a mover buried deeper than that (or wedged where every
 * candidate is blocked) gets HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED and is left where
 * it was. Move movers in steps shorter than their radius (see the move kernels) and
 * this never happens to a mover that started free.
 *
 * Flags: COLLIDED when moved; ON_GROUND when pushed up, or when not moved vertically
 * and resting exactly (y integral) on a solid block under the disc; HIT_CEILING when
 * pushed down; HIT_WALL when the correction moved x or z.
 *
 * Valid input per mover: x, y, z finite with |x|, |y|, |z| <= HORDE_CYLINDER_PUSH_MAX_COORD
 * (2^18: the float spacing there is 1/32 block; worlds larger than that rebase their
 * origin); 0 <= r <= HORDE_CYLINDER_PUSH_MAX_RADIUS; 0 <= h <= HORDE_CYLINDER_PUSH_MAX_HEIGHT.
 * r == 0 never collides (the strict disc test); h == 0 collides only strictly inside a
 * block level. Any other mover (NaN, Inf, negative or too large sizes, too far out) is
 * copied to the output unchanged with flags = HORDE_FLAG_INVALID; other lanes are
 * unaffected.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_CYLINDER_PUSH_H
#define HORDE_CYLINDER_PUSH_H

#include "horde/world.h"
#include "horde/isa.h"
#include "horde/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_CYLINDER_PUSH_MAX_RADIUS 0.5f
#define HORDE_CYLINDER_PUSH_MAX_HEIGHT 3.0f
#define HORDE_CYLINDER_PUSH_MAX_COORD 262144.0f /* 2^18: the float spacing there is 1/32 block */

/* A structure-of-arrays batch: element i of each array describes mover i. Arrays need
 * no particular alignment. Outputs may alias the matching inputs (out_x == x, ...) but
 * must not partially overlap any other array. */
typedef struct horde_cylinder_push_batch {
    const float *x, *y, *z;        /* bottom centre */
    const float *radius, *height;
    float *out_x, *out_y, *out_z;  /* corrected bottom centre */
    uint32_t *out_flags;           /* HORDE_FLAG_* bits */
    size_t n;
} horde_cylinder_push_batch;

/* Correct every mover of the batch with the active backend. n == 0 is valid: the world
 * view is checked and no array is touched. Returns HORDE_OK; HORDE_ERR_NULL_ARG when b is
 * NULL or, with n > 0, one of its arrays; else horde_world_check(w)'s error
 * (HORDE_ERR_NULL_ARG, HORDE_ERR_BAD_WORLD). On error nothing is written. */
HORDE_API horde_status horde_cylinder_push(const horde_world *w,
                                           const horde_cylinder_push_batch *b);

/* The same with a named backend (tests and benchmarks). HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA when it cannot run here. */
HORDE_API horde_status horde_cylinder_push_isa(horde_isa isa, const horde_world *w,
                                               const horde_cylinder_push_batch *b);

/* horde_cylinder_push on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the movers, split into fixed blocks of 1,024 (more only for batches of over
 * 67 million), each block a call of the kernel on its own slice of the arrays. The results
 * are the plain call's bits for any worker count, any split of the blocks into ranges and
 * any order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_cylinder_push_tasks(const horde_tasks *tasks, const horde_world *w,
                                                 const horde_cylinder_push_batch *b);
HORDE_API horde_status horde_cylinder_push_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                     const horde_world *w,
                                                     const horde_cylinder_push_batch *b);

#ifdef __cplusplus
}
#endif
#endif
