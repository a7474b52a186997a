/* SPDX-License-Identifier: MIT */
/* horde — SIMD collision kernels for crowds in voxel worlds.
 * common.h: status codes, export macro and per-mover result flags. */
#ifndef HORDE_COMMON_H
#define HORDE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(HORDE_SHARED_BUILD)
#define HORDE_API __declspec(dllexport)
#elif defined(__GNUC__)
#define HORDE_API __attribute__((visibility("default")))
#else
#define HORDE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return value of every horde call that can fail. Kernels never abort and never
 * print; a bad argument is reported here, a bad mover is flagged in its lane. */
typedef enum horde_status {
    HORDE_OK = 0,
    HORDE_ERR_NULL_ARG = -1,    /* a required pointer is NULL: the scene or batch (always), an array, list or scratch (when n > 0) */
    HORDE_ERR_BAD_WORLD = -2,   /* world view: negative or overflowing dimensions, or a `missing` policy that is neither EMPTY nor SOLID */
    HORDE_ERR_UNKNOWN_ISA = -3, /* backend name not recognised */
    HORDE_ERR_UNSUPPORTED_ISA = -4, /* backend known but not usable on this CPU/OS/build */
    HORDE_ERR_BAD_ENV = -5,     /* HORDE_ISA holds a value that is unknown or unsupported */
    HORDE_ERR_BAD_PARAMS = -6   /* a parameter struct holds values outside their documented ranges */
} horde_status;

/* Human-readable name of a status code (static storage, never NULL). */
HORDE_API const char *horde_status_string(horde_status status);

/* "No index" in every index output (uint32_t): no triangle found, an empty list. */
#define HORDE_NONE 0xFFFFFFFFu

/* The flag registry: every result flag of every kernel, each its own bit of out_flags
 * (uint32_t), with the kernels that set it. scripts/check_api.py (a test) checks
 * that the bits are distinct. A kernel's header says exactly when it sets each of its flags. */
#define HORDE_FLAG_COLLIDED 0x1u        /* voxel movers, radial_push*, radial_sweep, cylinder_tri*: moved by a collision */
#define HORDE_FLAG_ON_GROUND 0x2u       /* voxel movers: pushed up out of a floor or resting on one; ground_height: ground found */
#define HORDE_FLAG_HIT_CEILING 0x4u     /* voxel movers: pushed down out of a ceiling */
#define HORDE_FLAG_HIT_WALL 0x8u        /* voxel movers, cylinder_tri*: the correction has a horizontal part */
#define HORDE_FLAG_STUCK 0x10u          /* voxel movers: overlapping with no exit within reach */
#define HORDE_FLAG_STEP_TAKEN 0x20u     /* cylinder_move, aabb_move: climbed onto a block (step-up) */
#define HORDE_FLAG_TRUNCATED 0x40u      /* move kernels, radial_sweep: the displacement was shortened */
#define HORDE_FLAG_CAPPED 0x80u         /* crowd_separate: the displacement was scaled down to the push cap */
#define HORDE_FLAG_CENTRE_INSIDE 0x400u /* cylinder_tri*: the centre lay inside the flattened triangle */
#define HORDE_FLAG_WEDGED 0x800u        /* radial_push*, crowd_separate: still overlapping after the last pass */
#define HORDE_FLAG_SKIPPED 0x1000u      /* radial_push*, radial_sweep, sphere_tri_list: a list entry named no valid object */
#define HORDE_FLAG_CROWDED 0x2000u      /* crowd_separate: overlapped another mover */
#define HORDE_FLAG_PACKED 0x4000u       /* crowd_separate: more movers within reach than it keeps */
#define HORDE_FLAG_OVERLAP 0x10000u     /* sphere_tri_*: the sphere overlaps the triangle (d.d < r*r) */
#define HORDE_FLAG_FACE 0x20000u        /* sphere_tri_*, sweep_sphere_tri: the closest point / contact is inside the face */
#define HORDE_FLAG_EDGE 0x40000u        /* ... on an edge, strictly between its vertices */
#define HORDE_FLAG_VERTEX 0x80000u      /* ... a vertex */
#define HORDE_FLAG_DEGENERATE 0x100000u /* sphere_tri_*, sweep_sphere_tri: the triangle has no face (union of its edges) */
#define HORDE_FLAG_HIT 0x200000u        /* sweep_sphere_tri: contact at some t in [0, 1]; voxel_raycast, voxel_los: a solid block on the segment */
#define HORDE_FLAG_STARTED_INSIDE 0x400000u /* sweep_sphere_tri: overlapping at t = 0; voxel_raycast, voxel_los: the start block is solid */
#define HORDE_FLAG_POLE 0x800000u       /* voxel_los_poles: the first blocker is a pole, not a block */
#define HORDE_FLAG_INVALID 0x80000000u  /* every kernel: the lane's input was rejected; see the kernel's header for its outputs */

/* The frame recipe (README) chains crowd_separate, radial_push_grid, cylinder_move and
 * ground_height on the same movers: the smallest of their coordinate limits. */
#define HORDE_FRAME_MAX_COORD 65536.0f

#ifdef __cplusplus
}
#endif
#endif
