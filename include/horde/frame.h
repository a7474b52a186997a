/* SPDX-License-Identifier: MIT */
/* horde — frame.h: the frame recipe (README, docs/crowds.md) as one call.
 *
 * horde_frame runs, for a batch of NPCs (vertical cylinders: bottom centre, radius,
 * height) and their intended displacements, the documented stages in their order, and
 * returns exactly the bits of the sequence of individual public calls below (tests/api/
 * frame.c compares them byte for byte on every backend and any task system). With
 * w = the weights (NULL: all 1) and every arithmetic step one float operation:
 *
 *   1. intent:   ix = x + dx,  iz = z + dz
 *   2. crowd     (p->separate != 0): horde_crowd_separate(&p->crowd, {ix, y, iz, radius,
 *                height, w} -> cx, cz, cflags) (with tasks: horde_crowd_separate_tasks);
 *                then ddx = dx + (cx - ix), ddz = dz + (cz - iz). Without the stage:
 *                cx = ix, cz = iz, ddx = dx, ddz = dz, cflags = 0.
 *   3. trees     (scene->tree_grid and scene->trees not NULL): horde_radial_push_grid(
 *                tree_grid, trees, &p->trees, {cx, y, cz, radius, height} -> tx, ty, tz,
 *                tflags); then ddx = ddx + (tx - cx), ddz = ddz + (tz - cz). Without the
 *                stage ddx, ddz stay and tflags = 0.
 *   4. voxels:   horde_cylinder_move(world, &p->move, {x, y, z, ddx, dy, ddz, radius,
 *                height} -> out_x, out_y, out_z, out_dx/dy/dz, mflags): the voxels have
 *                the last word on every horizontal correction.
 *   5. ground    (scene->ground_grid or scene->ground not NULL): q = out_y + p->ground_lift;
 *                horde_ground_height_grid(ground_grid, &p->ground, {out_x, q, out_z} -> gy,
 *                gtri, gflags) when there is a grid, else horde_ground_height(ground, ...)
 *                on the whole soup (the same bits); where gflags has HORDE_FLAG_ON_GROUND
 *                and gy >= out_y, out_y = gy (the NPC stands on the mesh). out_tri = gtri
 *                (HORDE_NONE without the stage).
 *
 *   out_flags = cflags | tflags | mflags, plus HORDE_FLAG_ON_GROUND where step 5 set
 *   out_y, plus HORDE_FLAG_INVALID where the ground query rejected the point.
 *
 * The calls run on the backend of horde_frame (the active one) or of horde_frame_isa
 * (`isa`), each stage's call with that backend's _isa form (the ground grid form has
 * one scalar loop for all). Keep every NPC within HORDE_FRAME_MAX_COORD of the origin
 * (common.h): beyond it the stages' limits differ and a lane may be INVALID in one stage
 * and not in another.
 *
 * Tasks. tasks NULL runs every stage inline on the calling thread; otherwise every stage
 * runs on the engine's task system (docs/tasks.md): the crowd through
 * horde_crowd_separate_tasks, the trees through horde_radial_push_grid_tasks, the move
 * through horde_cylinder_move_tasks, the ground through horde_ground_height_tasks (whole
 * soup) or the grid form over fixed blocks of NPCs, and the per-NPC arithmetic between
 * them over fixed blocks too, the counting sort of the order over parts of the batch;
 * the same bits for any worker count, split and order. A valid task system with
 * worker_count == 1 runs the call as tasks == NULL does, inline on the calling thread
 * (one worker cannot share the work; the plain calls skip the stages' bookkeeping), and
 * enqueues nothing.
 *
 * Crowd state. p->crowd is horde_crowd_separate's params, its frame-coherence state
 * (p->crowd.state) and push cap (p->crowd.max_move) included: keep one state for the
 * crowd across frames and the crowd stage reuses its contacts (the bits never depend on
 * the state, include/horde/crowd_separate.h).
 *
 * Order. Steps 3-5 and the glue between them compute each NPC from that NPC's values
 * alone, so the call may run them over the NPCs in any order and the bits stay the
 * recipe's. With p->sort = 1 (or -1, the default, and n >= HORDE_FRAME_SORT_MIN_N) it
 * visits them in a spatial order: a stable counting sort of the NPCs by their input (x,
 * z) into square cells of 8 blocks over the world view's x, z extent (twice that edge,
 * and again, until there are at most HORDE_FRAME_CELLS cells), rows along x; NPCs outside
 * the view fall into its edge cells, a NaN coordinate counts as below the view. Neighbours then share voxel
 * chunks, tree cells and triangles in the caches; the per-NPC values go there and back
 * as one record each. p->sort = 0 keeps the caller's order. Any value other than -1, 0
 * and 1 is HORDE_ERR_BAD_PARAMS. The order changes speed, never a result.
 *
 * Scratch. horde_frame_scratch_bytes(scene, n) is the caller's scratch for n NPCs (any
 * alignment): 22 arrays of n floats (each rounded up to 64 bytes), 64 bytes per NPC for
 * the records, k rows of 262,144 bytes of cell counters (k = n / 16,384 rounded down,
 * at least 1, at most 8), 63 bytes of alignment slack, and the larger of the crowd's
 * and the trees' grid scratch; 0 when scene is NULL, n >
 * HORDE_CROWD_SEPARATE_MAX_N, the tree grid's query is 0 or the size does not fit a
 * size_t. It depends on the scene's tree grid, not on the params or the task system.
 *
 * Profile. With b->out_profile not NULL, a call that returns HORDE_OK with n > 0 writes
 * there how long each of its stages took, in milliseconds of the calling thread's
 * monotonic clock (on Windows the C11 UTC clock), from the stage's start to its end (with tasks: from its first enqueue
 * to its last finish, the workers' time within). The stages follow each other, so the
 * parts add up to the total less the checks and the lay-out of the scratch. The profile
 * never changes a result, and without it the call reads no clock.
 *
 * Status. HORDE_OK; HORDE_ERR_NULL_ARG (scene, scene->world or b NULL; for n > 0 an input
 * array other than weight, out_x/y/z, out_flags, or the scratch; trees without a tree
 * grid or the reverse); HORDE_ERR_BAD_PARAMS (a stage's params out of its range,
 * ground_lift not finite in [0, HORDE_FRAME_MAX_LIFT], sort not -1, 0 or 1, bytes below the size query, a
 * tree or triangle grid not built, out_dx/dy/dz not all set or all NULL, a task system
 * that is not NULL and not valid (include/horde/tasks.h), a crowd state that fails its
 * check); a bad world view's status; for horde_frame_isa also HORDE_ERR_UNKNOWN_ISA /
 * _UNSUPPORTED_ISA. Every stage is checked (its call with n = 0) before the first one
 * runs, the crowd state by the crowd stage itself, which writes only the scratch and the
 * state, so a failing call writes no output.
 * n == 0 is valid (the checks run, nothing is written). Outputs may be the very input
 * arrays (out_x == x, out_dx == dx, ...), no other overlap. */
#ifndef HORDE_FRAME_H
#define HORDE_FRAME_H

#include "horde/crowd_separate.h"
#include "horde/cylinder_move.h"
#include "horde/radial_push.h"
#include "horde/tasks.h"
#include "horde/triangle_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_FRAME_MAX_LIFT 16.0f
/* The spatial order (Order above): at most this many cells; sort -1 orders batches of
 * at least HORDE_FRAME_SORT_MIN_N NPCs. */
#define HORDE_FRAME_CELLS 65536u
#define HORDE_FRAME_SORT_MIN_N 4096u

typedef struct horde_frame_scene {
    const horde_world *world;               /* required: the voxels */
    const horde_pole_grid *tree_grid;       /* with trees, or both NULL: no tree stage */
    const horde_poles *trees;
    const horde_triangles *ground;          /* a walkable soup tested whole (NULL: none) */
    const horde_triangle_grid *ground_grid; /* a walkable soup through its grid (wins over ground) */
} horde_frame_scene;

typedef struct horde_frame_params {
    int separate;                          /* nonzero (default 1): the crowd stage */
    horde_crowd_separate_params crowd;     /* default: horde_crowd_separate_params_default */
    horde_radial_push_grid_params trees;   /* default: horde_radial_push_grid_params_default */
    horde_cylinder_move_params move;       /* default: horde_cylinder_move_params_default */
    horde_ground_height_params ground;     /* default depth 1.2 */
    float ground_lift;                     /* ground query from out_y + lift; default 0.6 */
    int sort;                              /* the spatial order: -1 (default) by n, 0 never, 1 always */
} horde_frame_params;

/* The defaults above (NULL: nothing). */
HORDE_API void horde_frame_params_default(horde_frame_params *p);

/* Wall times of one call's stages in milliseconds (Profile above). */
typedef struct horde_frame_profile {
    double intent; /* step 1, with each NPC's cell of the order (0 without the crowd and the order) */
    double order;  /* the spatial order's counting sort (0 without the order) */
    double crowd;  /* step 2's call (0 without it) */
    double gather; /* the NPCs' values and the correction so far, into the order or copied */
    double trees;  /* step 3's call (0 without it) */
    double finish; /* per block of NPCs: step 3's sums, step 4's call, step 5's (and, without
                    * the order, the results into the caller's arrays) */
    double unpack; /* the results back into the caller's order (0 without the order) */
    double total;  /* from before the call's checks to the end of its last stage */
} horde_frame_profile;

typedef struct horde_frame_batch {
    const float *x, *y, *z;          /* bottom centre */
    const float *radius, *height;
    const float *dx, *dy, *dz;       /* intended displacement (walking, gravity) */
    const float *weight;             /* crowd weights, or NULL: all 1 */
    float *out_x, *out_y, *out_z;    /* the frame's end position */
    float *out_dx, *out_dy, *out_dz; /* optional (all or none): the move's out_d* */
    uint32_t *out_tri;               /* optional: the ground triangle, or HORDE_NONE */
    uint32_t *out_flags;
    size_t n;
    horde_frame_profile *out_profile; /* optional: each stage's wall time (Profile above) */
} horde_frame_batch;

HORDE_API size_t horde_frame_scratch_bytes(const horde_frame_scene *scene, size_t n);
HORDE_API horde_status horde_frame(const horde_tasks *tasks, const horde_frame_scene *scene,
                                   const horde_frame_params *p, const horde_frame_batch *b, void *scratch,
                                   size_t bytes);
HORDE_API horde_status horde_frame_isa(horde_isa isa, const horde_tasks *tasks, const horde_frame_scene *scene,
                                       const horde_frame_params *p, const horde_frame_batch *b, void *scratch,
                                       size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
