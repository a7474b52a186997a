/* SPDX-License-Identifier: MIT */
/* horde — voxel_raycast.h: exact segment casts through the voxel world (first hit, line of
 * sight).
 *
 * Each lane is a segment from start (x0, y0, z0) to end (x1, y1, z1). The answer is
 * defined in exact integer arithmetic, so every backend returns the same bits:
 *
 * Snapping. Every coordinate c is first rounded to the nearest multiple of 2^-20 block
 * (ties to even): C = round(c * 2^20), an integer (|C| <= 2^40). A float of magnitude
 * >= 8 is already such a multiple; smaller ones lose the bits below 2^-20 (a coordinate
 * of 2^-126 snaps to 0). The segment is P(t) = P0 + t * D, t in [0, 1], with P0 the snapped
 * start and D = (snapped end) - P0, exact integers. Everything below is about this
 * snapped segment; its crossing parameters are exact rationals.
 *
 * Block sequence. A block is the unit cube [bx, bx+1] x [by, by+1] x [bz, bz+1]
 * (world.h). Per axis a with U = 2^20, the start block is
 *     b_a = floor(P0_a / U)        when D_a > 0 or D_a = 0,
 *     b_a = ceil(P0_a / U) - 1     when D_a < 0,
 * i.e. a start lying on a grid plane belongs to the block on the side the segment
 * travels into (and, for D_a = 0, to the block above the plane: a segment lying in a
 * block face belongs to the block on the face's + side). The next plane of axis a is at
 * distance n_a = (b_a + 1) * U - P0_a (D_a > 0) or P0_a - b_a * U (D_a < 0), in (0, U],
 * crossed at t_a = n_a / |D_a|. One step crosses the plane of the axis whose t_a is
 * smallest among the axes with D_a != 0 and t_a <= 1; ties go to x, then y, then z (so a
 * segment through an edge or a corner visits the blocks of that axis order, one axis at
 * a time, all at the same t). The step moves b_a by sign(D_a), enters the new block
 * through its face normal to a at parameter t_a, and adds U to n_a. The sequence ends
 * when no axis has t_a <= 1: the segment is closed, so a block whose face the end point
 * lies on is entered (at t = 1).
 *
 * Outputs. The first solid block of the sequence (missing chunks follow the view's
 * policy: a segment leaving a HORDE_MISSING_SOLID view hits the first missing block):
 *   start block solid: HIT | STARTED_INSIDE, t = 0, that block, face HORDE_NONE;
 *   else a block entered through axis a at t_a = n / |D_a|: HIT, t = (float)((double)n /
 *     (double)|D_a|) (both integers below 2^31, so the double quotient is the correctly
 *     rounded one, then rounded to float; t in (0, 1]), the block, and the face
 *     HORDE_VOXEL_FACE_* whose outward normal points back along the step: 2a + 1 when
 *     stepping in -a (entered through the + face), 2a when stepping in +a;
 *   no solid block: flags 0, t = 1, block (0, 0, 0), face HORDE_NONE.
 * A zero-length segment (D = 0) tests its one block.
 *
 * Invalid lanes: any coordinate non-finite or of magnitude > HORDE_VOXEL_RAYCAST_MAX_COORD
 * (2^20), or |D_a| > HORDE_VOXEL_RAYCAST_MAX_LENGTH * 2^20 (1024 blocks) on some axis:
 * out_flags = HORDE_FLAG_INVALID alone, t = 1, block (0, 0, 0), face HORDE_NONE (no HIT);
 * other lanes are unaffected.
 *
 * horde_voxel_los returns exactly voxel_raycast's t and flags (HIT set: the sight line is
 * blocked, t is how far it gets), without the block and face outputs.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_VOXEL_RAYCAST_H
#define HORDE_VOXEL_RAYCAST_H

#include "horde/world.h"
#include "horde/isa.h"
#include "horde/tasks.h"
#include "horde/radial_push.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_VOXEL_RAYCAST_MAX_COORD 1048576.0f /* 2^20: larger coordinates are INVALID */
#define HORDE_VOXEL_RAYCAST_MAX_LENGTH 1024      /* blocks per axis of the snapped segment */
#define HORDE_VOXEL_RAYCAST_SNAP_BITS 20         /* coordinates snap to multiples of 2^-20 */

/* out_face: the face of the hit block the segment entered through, by its outward normal. */
#define HORDE_VOXEL_FACE_NEG_X 0u
#define HORDE_VOXEL_FACE_POS_X 1u
#define HORDE_VOXEL_FACE_NEG_Y 2u
#define HORDE_VOXEL_FACE_POS_Y 3u
#define HORDE_VOXEL_FACE_NEG_Z 4u
#define HORDE_VOXEL_FACE_POS_Z 5u

/* Structure-of-arrays batches (no alignment needed). An output may be the very same
 * array as an input (each lane reads all its inputs before writing); no other overlap. */
typedef struct horde_voxel_raycast_batch {
    const float *x0, *y0, *z0;        /* start */
    const float *x1, *y1, *z1;        /* end */
    float *out_t;                     /* first hit's parameter, see above (1: no hit) */
    int32_t *out_bx, *out_by, *out_bz; /* the hit block (0 when none) */
    uint32_t *out_face;               /* HORDE_VOXEL_FACE_*, or HORDE_NONE */
    uint32_t *out_flags;              /* HIT, STARTED_INSIDE or INVALID */
    size_t n;
} horde_voxel_raycast_batch;

typedef struct horde_voxel_los_batch {
    const float *x0, *y0, *z0; /* eye */
    const float *x1, *y1, *z1; /* target */
    float *out_t;              /* how far the sight gets: voxel_raycast's t */
    uint32_t *out_flags;       /* HIT (blocked), STARTED_INSIDE or INVALID */
    size_t n;
} horde_voxel_los_batch;

/* Cast every segment with the active backend. n == 0 is valid: the view is checked and
 * no array is touched. Returns HORDE_OK; HORDE_ERR_NULL_ARG when b is NULL or, with n >
 * 0, any array is NULL; horde_world_check(w)'s error (HORDE_ERR_NULL_ARG,
 * HORDE_ERR_BAD_WORLD). On error nothing is written. */
HORDE_API horde_status horde_voxel_raycast(const horde_world *w, const horde_voxel_raycast_batch *b);
/* The same with a named backend: also HORDE_ERR_UNKNOWN_ISA / HORDE_ERR_UNSUPPORTED_ISA. */
HORDE_API horde_status horde_voxel_raycast_isa(horde_isa isa, const horde_world *w,
                                               const horde_voxel_raycast_batch *b);

/* Line of sight for every segment, same statuses as horde_voxel_raycast. */
HORDE_API horde_status horde_voxel_los(const horde_world *w, const horde_voxel_los_batch *b);
HORDE_API horde_status horde_voxel_los_isa(horde_isa isa, const horde_world *w,
                                           const horde_voxel_los_batch *b);

/* Both on the engine's task system (include/horde/tasks.h, docs/tasks.md): one stage, the
 * segments, split into fixed blocks of 1,024 (more only for batches of over 67 million),
 * each block a call of the kernel on its own slice of the arrays. The results are the
 * plain call's bits for any worker count, any split of the blocks into ranges and any
 * order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or finish
 * NULL, worker_count 0), for n == 0 too, then the plain call's, all checked before any
 * task runs; on error nothing is written. */
HORDE_API horde_status horde_voxel_raycast_tasks(const horde_tasks *tasks, const horde_world *w,
                                                 const horde_voxel_raycast_batch *b);
HORDE_API horde_status horde_voxel_raycast_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                     const horde_world *w,
                                                     const horde_voxel_raycast_batch *b);
HORDE_API horde_status horde_voxel_los_tasks(const horde_tasks *tasks, const horde_world *w,
                                             const horde_voxel_los_batch *b);
HORDE_API horde_status horde_voxel_los_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                 const horde_world *w, const horde_voxel_los_batch *b);

/* Line of sight through the voxels and the poles (tree trunks, posts) of a poles' grid
 * (radial_push.h): horde_voxel_los's answer, unless a pole blocks the sight line first.
 *
 * The segments, their limits and the voxel part are horde_voxel_los's (the voxel answer:
 * t_v and its flags). The poles are every entry of the grid: for each item j of g (built
 * over `poles`), pole j, ignored when j >= poles->n or when the pole is not valid (radial
 * family rules, radial_push.h). After the build a pole may become invalid, be cut off by
 * poles->n, change its bottom and top, or shrink its radius; one that moves (x, z) or
 * grows past the grid's max_r may be missed (the walk below finds poles by their cells
 * and radius as built): rebuild the grid after moving poles. A pole is the closed solid
 * cylinder |(x, z) - (x[j], z[j])| <= r[j], bottom[j] <= y <= top[j]. The pole part takes
 * the lane's inputs as given (the voxel part's snapping does not apply). Per pole, in float, in this order, with max(u, v) = (u > v ? u : v) and
 * min(u, v) = (u < v ? u : v) (so a NaN in u gives v):
 *     dx = x1 - x0, dy = y1 - y0, dz = z1 - z0, ex = x0 - x[j], ez = z0 - z[j];
 *     the pole's height on the segment, t in [lo, hi]: when dy == 0, [0, 1] if bottom[j]
 *         <= y0 <= top[j], else none; otherwise ta = (bottom[j] - y0) / dy, tb = (top[j]
 *         - y0) / dy, lo = max(min(ta, tb), 0), hi = min(max(ta, tb), 1), none unless
 *         lo <= hi;
 *     a = dx * dx + dz * dz; ts = -((ex * dx + ez * dz) / a) when a > 0, else ts = lo;
 *     the closest approach tc = min(max(ts, lo), hi), mx = ex + dx * tc, mz = ez + dz * tc;
 *     the pole blocks when mx * mx + mz * mz <= r[j] * r[j];
 *     where it blocks, its t: lo when a == 0; else, with lx = ex + dx * ts, lz = ez + dz
 *         * ts, q = (r[j] * r[j] - (lx * lx + lz * lz)) / a: t = min(max(ts - sqrt(max(q,
 *         0)), lo), tc), in [lo, tc].
 * t_p is the smallest t over the blocking poles, +0 when it is zero (hi, and so t, can be
 * -0; a minimum and the sign fixed, so the grid's cells and its order of entries do not
 * matter). When some pole blocks and the voxel answer has no HIT or t_p < t_v (a block
 * at the same t wins), the lane's answer is the pole's: out_t = t_p, out_flags = HIT |
 * POLE, and STARTED_INSIDE too when t_p = 0. Otherwise it is the
 * voxel answer, bit for bit. An invalid segment gets horde_voxel_los's invalid answer.
 *
 * How the float test relates to the real cylinder (what tests/property/voxel_los_poles.c
 * checks against a double-precision model): with s = |ex| + |ez| + |dx| + |dz| + r[j] and
 * e = 2^-18 s + 2^-74 (squares of distances below about 2^-75 round to 0), a segment
 * whose exact distance to the axis over its exact height interval shrunk by 2^-20 (1 +
 * |lo| + |hi|) at each end is below r[j] - e is blocked by the pole, one whose distance
 * over that interval grown as much is above r[j] + e is not, and t lies between the exact
 * entries into the cylinders of radius r[j] + e and r[j] - e (those intervals).
 *
 * Calls: as horde_voxel_los, with g and poles after the world view. Statuses, in this
 * order: HORDE_ERR_NULL_ARG for b, g or poles NULL; the world view's error;
 * HORDE_ERR_BAD_PARAMS for a g that horde_pole_grid_build did not fill (for n = 0 too);
 * then, for n > 0, HORDE_ERR_NULL_ARG for a batch array NULL or a pole array NULL while
 * poles->n > 0. Cost: the voxel
 * part's, plus a walk over the grid cells within the grid's largest pole radius (max_r)
 * of the sight line up to the voxel hit, testing each pole there once: about (L / cell +
 * 1) (2 max_r / cell + 2) cells for a horizontal length L, so a cell much smaller than
 * max_r makes every segment visit many cells (a cell of at least 2 max_r keeps it to
 * about three per cell of length). */
typedef struct horde_voxel_los_poles_batch {
    const float *x0, *y0, *z0; /* eye */
    const float *x1, *y1, *z1; /* target */
    float *out_t;              /* how far the sight gets */
    uint32_t *out_flags;       /* HIT (blocked), POLE (by a pole), STARTED_INSIDE or INVALID */
    size_t n;
} horde_voxel_los_poles_batch;

HORDE_API horde_status horde_voxel_los_poles(const horde_world *w, const horde_pole_grid *g,
                                             const horde_poles *poles, const horde_voxel_los_poles_batch *b);
HORDE_API horde_status horde_voxel_los_poles_isa(horde_isa isa, const horde_world *w, const horde_pole_grid *g,
                                                 const horde_poles *poles, const horde_voxel_los_poles_batch *b);
HORDE_API horde_status horde_voxel_los_poles_tasks(const horde_tasks *tasks, const horde_world *w,
                                                   const horde_pole_grid *g, const horde_poles *poles,
                                                   const horde_voxel_los_poles_batch *b);
HORDE_API horde_status horde_voxel_los_poles_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                       const horde_world *w, const horde_pole_grid *g,
                                                       const horde_poles *poles,
                                                       const horde_voxel_los_poles_batch *b);

#ifdef __cplusplus
}
#endif
#endif
