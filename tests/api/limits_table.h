/* SPDX-License-Identifier: MIT */
/* The table of every kernel's limits: the one place they are written as data.
 * tests/api/limits.c includes it several times with different definitions of the row
 * macros below (X-macros): it checks every row on every backend, and with --markdown
 * prints docs/limits.md from it (the meson test limits_doc compares that file with the
 * output). A row added here is tested and documented with no other change, as long as
 * the kernel's run function in limits.c passes its inputs.
 *
 * Rows (a macro the includer leaves undefined expands to nothing):
 *
 *   LIMIT_KERNEL(kernel, header)
 *       A section of docs/limits.md, in this order: a registered kernel (meson.build's
 *       horde_kernels) or a helper call family (pole_grid).
 *
 *   LIMIT_INPUT(kernel, "input", base, kind, lo, hi, "meaning")
 *       A per-item input, in the order of the kernel's run function in limits.c (the
 *       order of its batch). base: a valid value for the items between the edge cases.
 *       kind: CLOSED lo <= v <= hi; LO_OPEN lo < v <= hi; FINITE (lo, hi = -+FLT_MAX);
 *       RELATION: within [lo, hi] and a relation with another input (limits.c's
 *       pole_extra cases). limits.c checks that each limit is accepted and the next
 *       float beyond it rejected (LO_OPEN: lo rejected, the next float above accepted),
 *       -0 accepted where lo is 0, on every backend, lane by lane.
 *
 *   LIMIT_PARAM(kernel, field, type, kind, lo, hi, "meaning")
 *       A field of horde_<kernel>_params; type F (float) or U (uint32_t); kind CLOSED or
 *       LO_OPEN. limits.c checks HORDE_OK at each limit and HORDE_ERR_BAD_PARAMS one
 *       float (or one) beyond it and for NaN, every backend the scalar reference's
 *       status; and every field at its upper limit at once, and at its lower (LO_OPEN:
 *       the next float above it) at once.
 *
 *   LIMIT_CALL(kernel, "what", type, kind, lo, hi, probe, "meaning")
 *       A count or call argument; limits.c's probe(v) says whether the call accepts v
 *       (1), rejects it (0) or cannot test it here (-1: too large for this target's
 *       size_t); checked at each limit and one beyond, as a parameter.
 *
 *   LIMIT_RULE(kernel, "what", "rule", "meaning")
 *       A condition that is not a single range (documented only; the meaning says what
 *       checks it).
 *
 *   LIMIT_FRAME(kernel, coord, chained)
 *       The frame recipe (README, docs/crowds.md): kernel's coordinate limit `coord`;
 *       chained 1 for the recipe's kernels, whose smallest limit HORDE_FRAME_MAX_COORD
 *       is (limits.c asserts it at compile time), 0 for the kernels a frame may use in
 *       their place. limits.c checks movers at +-HORDE_FRAME_MAX_COORD valid in each,
 *       and the next float beyond valid exactly when it lies within `coord`. */
#ifndef LIMIT_KERNEL
#define LIMIT_KERNEL(kernel, header)
#endif
#ifndef LIMIT_INPUT
#define LIMIT_INPUT(kernel, input, base, kind, lo, hi, meaning)
#endif
#ifndef LIMIT_PARAM
#define LIMIT_PARAM(kernel, field, type, kind, lo, hi, meaning)
#endif
#ifndef LIMIT_CALL
#define LIMIT_CALL(kernel, what, type, kind, lo, hi, probe, meaning)
#endif
#ifndef LIMIT_RULE
#define LIMIT_RULE(kernel, what, rule, meaning)
#endif
#ifndef LIMIT_FRAME
#define LIMIT_FRAME(kernel, coord, chained)
#endif

/* The helpers take a limit's prefix P (HORDE_<P>_MAX_COORD) and paste it, so that the
 * rows receive the macro's name, not its value (docs/limits.md shows the name). */
/* A bottom centre within |v| <= HORDE_<P>_MAX_COORD. */
#define LIMIT_XYZ(k, P)                                                                  \
    LIMIT_INPUT(k, "x", 0.25f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "position") \
    LIMIT_INPUT(k, "y", 0.25f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "position") \
    LIMIT_INPUT(k, "z", 0.25f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "position")
/* A displacement only required finite. */
#define LIMIT_DXYZ(k)                                                                    \
    LIMIT_INPUT(k, "dx", 0.1f, FINITE, -FLT_MAX, FLT_MAX, "wanted displacement")         \
    LIMIT_INPUT(k, "dy", -0.01f, FINITE, -FLT_MAX, FLT_MAX, "wanted displacement")       \
    LIMIT_INPUT(k, "dz", 0.05f, FINITE, -FLT_MAX, FLT_MAX, "wanted displacement")
/* A triangle's corners (a small triangle near the base mover). */
#define LIMIT_TRI(k, P)                                                                  \
    LIMIT_INPUT(k, "ax", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "ay", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "az", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "bx", 2.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "by", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "bz", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "cx", 0.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "cy", 0.5f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")                         \
    LIMIT_INPUT(k, "cz", 2.0f, CLOSED, -HORDE_##P##_MAX_COORD, HORDE_##P##_MAX_COORD, "triangle corner")
/* The radial family's mover (radial_push, radial_sweep, radial_push_grid). */
#define LIMIT_RADIAL_MOVER(k)                                                            \
    LIMIT_XYZ(k, RADIAL_PUSH)                                            \
    LIMIT_INPUT(k, "radius", 0.3f, CLOSED, 0.0f, HORDE_RADIAL_PUSH_MAX_RADIUS, "mover radius") \
    LIMIT_INPUT(k, "height", 1.8f, CLOSED, 0.0f, HORDE_RADIAL_PUSH_MAX_HEIGHT, "mover height")
/* Pole i, listed by mover i (radial_push, radial_sweep). */
#define LIMIT_POLE(k)                                                                    \
    LIMIT_INPUT(k, "pole x", 0.25f, CLOSED, -HORDE_RADIAL_PUSH_MAX_COORD,                \
                HORDE_RADIAL_PUSH_MAX_COORD, "pole axis")                                \
    LIMIT_INPUT(k, "pole z", 0.25f, CLOSED, -HORDE_RADIAL_PUSH_MAX_COORD,                \
                HORDE_RADIAL_PUSH_MAX_COORD, "pole axis")                                \
    LIMIT_INPUT(k, "pole r", 0.5f, CLOSED, 0.0f, HORDE_RADIAL_PUSH_MAX_RADIUS, "pole radius") \
    LIMIT_INPUT(k, "pole bottom", -1.0f, RELATION, -HORDE_RADIAL_PUSH_MAX_COORD,         \
                HORDE_RADIAL_PUSH_MAX_COORD, "pole's lowest y; bottom <= top (else SKIPPED)") \
    LIMIT_INPUT(k, "pole top", 3.0f, RELATION, -HORDE_RADIAL_PUSH_MAX_COORD,             \
                HORDE_RADIAL_PUSH_MAX_COORD, "pole's highest y; bottom <= top (else SKIPPED)")
#define LIMIT_LISTS(k)                                                                   \
    LIMIT_RULE(k, "offsets", "n + 1 entries, non-decreasing",                            \
               "candidate lists; indices may be NULL when every list is empty (BAD_PARAMS when decreasing)")

/* ---- voxel ------------------------------------------------------------------------- */
LIMIT_KERNEL(cylinder_push, "horde/cylinder_push.h")
LIMIT_XYZ(cylinder_push, CYLINDER_PUSH)
LIMIT_INPUT(cylinder_push, "radius", 0.3f, CLOSED, 0.0f, HORDE_CYLINDER_PUSH_MAX_RADIUS, "mover radius")
LIMIT_INPUT(cylinder_push, "height", 1.8f, CLOSED, 0.0f, HORDE_CYLINDER_PUSH_MAX_HEIGHT, "mover height")
LIMIT_FRAME(cylinder_push, HORDE_CYLINDER_PUSH_MAX_COORD, 0)

LIMIT_KERNEL(cylinder_move, "horde/cylinder_move.h")
LIMIT_XYZ(cylinder_move, CYLINDER_MOVE)
LIMIT_DXYZ(cylinder_move)
LIMIT_INPUT(cylinder_move, "radius", 0.3f, CLOSED, HORDE_CYLINDER_MOVE_MIN_RADIUS, HORDE_CYLINDER_MOVE_MAX_RADIUS,
            "mover radius")
LIMIT_INPUT(cylinder_move, "height", 1.8f, CLOSED, 0.0f, HORDE_CYLINDER_MOVE_MAX_HEIGHT, "mover height")
LIMIT_PARAM(cylinder_move, step, F, LO_OPEN, 0.0f, 1.0f, "longest substep (capped at radius / 2)")
LIMIT_PARAM(cylinder_move, step_height, F, CLOSED, 0.0f, 1.0f, "step-up height; 0 disables it")
LIMIT_PARAM(cylinder_move, max_substeps, U, CLOSED, 1u, HORDE_CYLINDER_MOVE_MAX_SUBSTEPS,
            "substeps per call (TRUNCATED beyond)")
LIMIT_FRAME(cylinder_move, HORDE_CYLINDER_MOVE_MAX_COORD, 1)

LIMIT_KERNEL(point_move, "horde/point_move.h")
LIMIT_XYZ(point_move, POINT_MOVE)
LIMIT_DXYZ(point_move)
LIMIT_PARAM(point_move, step, F, LO_OPEN, 0.0f, HORDE_POINT_MOVE_MAX_STEP, "longest substep along any axis")
LIMIT_PARAM(point_move, skin, F, CLOSED, 0.0f, HORDE_POINT_MOVE_MAX_SKIN, "distance kept outside a face")
LIMIT_PARAM(point_move, max_substeps, U, CLOSED, 1u, HORDE_POINT_MOVE_MAX_SUBSTEPS,
            "substeps per call (TRUNCATED beyond)")

LIMIT_KERNEL(aabb_move, "horde/aabb_move.h")
LIMIT_XYZ(aabb_move, AABB_MOVE)
LIMIT_DXYZ(aabb_move)
LIMIT_INPUT(aabb_move, "half_x", 0.3f, LO_OPEN, 0.0f, HORDE_AABB_MOVE_MAX_HALF, "half extent on x")
LIMIT_INPUT(aabb_move, "half_z", 0.3f, LO_OPEN, 0.0f, HORDE_AABB_MOVE_MAX_HALF, "half extent on z")
LIMIT_INPUT(aabb_move, "height", 1.8f, LO_OPEN, 0.0f, HORDE_AABB_MOVE_MAX_HEIGHT, "box height")
LIMIT_PARAM(aabb_move, step_height, F, CLOSED, 0.0f, HORDE_AABB_MOVE_MAX_STEP_HEIGHT,
            "step-up height; 0 disables it")
LIMIT_PARAM(aabb_move, max_distance, F, LO_OPEN, 0.0f, HORDE_AABB_MOVE_MAX_DISTANCE,
            "displacement per axis per call (TRUNCATED beyond)")

/* ---- triangles ------------------------------------------------------------------------ */
LIMIT_KERNEL(cylinder_tri, "horde/cylinder_tri.h")
LIMIT_TRI(cylinder_tri, CYLINDER_TRI)
LIMIT_XYZ(cylinder_tri, CYLINDER_TRI)
LIMIT_INPUT(cylinder_tri, "radius", 0.3f, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "mover radius")
LIMIT_INPUT(cylinder_tri, "height", 1.8f, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "mover height")
LIMIT_PARAM(cylinder_tri, step, F, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "band starts at y + step")
LIMIT_RULE(cylinder_tri, "triangles", "tris->n == b->n", "one triangle per pair (BAD_PARAMS otherwise)")

LIMIT_KERNEL(cylinder_tri_soup, "horde/cylinder_tri.h")
LIMIT_XYZ(cylinder_tri_soup, CYLINDER_TRI)
LIMIT_INPUT(cylinder_tri_soup, "radius", 0.3f, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "mover radius")
LIMIT_INPUT(cylinder_tri_soup, "height", 1.8f, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "mover height")
LIMIT_PARAM(cylinder_tri_soup, step, F, CLOSED, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, "band starts at y + step")
LIMIT_RULE(cylinder_tri_soup, "triangles", "finite, within HORDE_CYLINDER_TRI_MAX_COORD",
           "a triangle outside is skipped, without a flag")

LIMIT_KERNEL(ground_height, "horde/ground_height.h")
LIMIT_XYZ(ground_height, GROUND_HEIGHT)
LIMIT_PARAM(ground_height, depth, F, CLOSED, 0.0f, HORDE_GROUND_HEIGHT_MAX_DEPTH, "search down to y - depth")
LIMIT_CALL(ground_height, "triangles", U, CLOSED, 0u, INT32_MAX, probe_ground_triangles,
           "soup size (soup->n)")
LIMIT_RULE(ground_height, "triangles", "finite, within HORDE_GROUND_HEIGHT_MAX_COORD",
           "a triangle outside is skipped (never ground)")
LIMIT_FRAME(ground_height, HORDE_GROUND_HEIGHT_MAX_COORD, 1)

LIMIT_KERNEL(sphere_tri_pairs, "horde/sphere_tri.h")
LIMIT_TRI(sphere_tri_pairs, SPHERE_TRI)
LIMIT_INPUT(sphere_tri_pairs, "x", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_pairs, "y", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_pairs, "z", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_pairs, "r", 0.5f, CLOSED, 0.0f, HORDE_SPHERE_TRI_MAX_RADIUS, "sphere radius")

LIMIT_KERNEL(sphere_tri_list, "horde/sphere_tri.h")
LIMIT_TRI(sphere_tri_list, SPHERE_TRI)
LIMIT_INPUT(sphere_tri_list, "x", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_list, "y", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_list, "z", 0.25f, CLOSED, -HORDE_SPHERE_TRI_MAX_COORD, HORDE_SPHERE_TRI_MAX_COORD,
            "sphere centre")
LIMIT_INPUT(sphere_tri_list, "r", 0.5f, CLOSED, 0.0f, HORDE_SPHERE_TRI_MAX_RADIUS, "sphere radius")
LIMIT_LISTS(sphere_tri_list)

LIMIT_KERNEL(sweep_sphere_tri, "horde/sweep_sphere_tri.h")
LIMIT_TRI(sweep_sphere_tri, SWEEP_SPHERE_TRI)
LIMIT_INPUT(sweep_sphere_tri, "x", 0.25f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "centre at t = 0")
LIMIT_INPUT(sweep_sphere_tri, "y", 0.25f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "centre at t = 0")
LIMIT_INPUT(sweep_sphere_tri, "z", 0.25f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "centre at t = 0")
LIMIT_INPUT(sweep_sphere_tri, "dx", 0.5f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "displacement over t in [0, 1]")
LIMIT_INPUT(sweep_sphere_tri, "dy", -0.5f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "displacement over t in [0, 1]")
LIMIT_INPUT(sweep_sphere_tri, "dz", 0.5f, CLOSED, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD,
            HORDE_SWEEP_SPHERE_TRI_MAX_COORD, "displacement over t in [0, 1]")
LIMIT_INPUT(sweep_sphere_tri, "rx", 0.5f, CLOSED, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS,
            HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, "ellipsoid radius on x")
LIMIT_INPUT(sweep_sphere_tri, "ry", 0.5f, CLOSED, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS,
            HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, "ellipsoid radius on y")
LIMIT_INPUT(sweep_sphere_tri, "rz", 0.5f, CLOSED, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS,
            HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, "ellipsoid radius on z")

/* ---- crowds ---------------------------------------------------------------------------- */
LIMIT_KERNEL(radial_push, "horde/radial_push.h")
LIMIT_RADIAL_MOVER(radial_push)
LIMIT_POLE(radial_push)
LIMIT_PARAM(radial_push, iterations, U, CLOSED, 1u, HORDE_RADIAL_PUSH_MAX_ITERATIONS, "passes over the list")
LIMIT_LISTS(radial_push)
LIMIT_FRAME(radial_push, HORDE_RADIAL_PUSH_MAX_COORD, 0)

LIMIT_KERNEL(radial_sweep, "horde/radial_push.h")
LIMIT_RADIAL_MOVER(radial_sweep)
LIMIT_POLE(radial_sweep)
LIMIT_INPUT(radial_sweep, "dx", 0.5f, CLOSED, -HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT,
            HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT, "wanted horizontal displacement")
LIMIT_INPUT(radial_sweep, "dz", 0.5f, CLOSED, -HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT,
            HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT, "wanted horizontal displacement")
LIMIT_PARAM(radial_sweep, slides, U, CLOSED, 1u, HORDE_RADIAL_SWEEP_MAX_SLIDES, "slides per call (TRUNCATED beyond)")
LIMIT_LISTS(radial_sweep)

LIMIT_KERNEL(radial_push_grid, "horde/radial_push.h")
LIMIT_RADIAL_MOVER(radial_push_grid)
LIMIT_PARAM(radial_push_grid, iterations, U, CLOSED, 1u, HORDE_RADIAL_PUSH_MAX_ITERATIONS, "passes over the list")
LIMIT_RULE(radial_push_grid, "poles", "radial_push's pole limits",
           "invalid poles are left out of the grid when it is built (pole_grid below)")
LIMIT_RULE(radial_push_grid, "coverage", "r + g->max_r <= cell * (1 - 2^-10), and \\|x\\|, \\|z\\| <= 2^12 * cell",
           "the 3 x 3 cells then hold every pole the mover overlaps; not checked by the call")
LIMIT_FRAME(radial_push_grid, HORDE_RADIAL_PUSH_MAX_COORD, 1)

LIMIT_KERNEL(crowd_separate, "horde/crowd_separate.h")
LIMIT_XYZ(crowd_separate, CROWD_SEPARATE)
LIMIT_INPUT(crowd_separate, "radius", 0.3f, CLOSED, 0.0f, HORDE_CROWD_SEPARATE_MAX_RADIUS, "mover radius")
LIMIT_INPUT(crowd_separate, "height", 1.8f, CLOSED, 0.0f, HORDE_CROWD_SEPARATE_MAX_HEIGHT, "mover height")
LIMIT_INPUT(crowd_separate, "weight", 1.0f, CLOSED, 0.0f, HORDE_CROWD_SEPARATE_MAX_WEIGHT,
            "share of a push taken; 0 immovable")
LIMIT_PARAM(crowd_separate, iterations, U, CLOSED, 1u, HORDE_CROWD_SEPARATE_MAX_ITERATIONS, "Jacobi iterations")
LIMIT_RULE(crowd_separate, "max_move", "0 <= max_move <= +INFINITY (NaN rejected; 0, +INFINITY: no cap)",
           "push cap per call; tests/api/crowd_state.c checks NaN, negative, -0, 0, +INFINITY")
LIMIT_RULE(crowd_separate, "state margin", "0 <= margin <= HORDE_CROWD_SEPARATE_MAX_MARGIN (64)",
           "horde_crowd_separate_state_init; tests/api/crowd_state.c")
LIMIT_CALL(crowd_separate, "n", U, CLOSED, 0u, HORDE_CROWD_SEPARATE_MAX_N, probe_crowd_n,
           "movers per call (the scratch query returns 0 above)")
LIMIT_FRAME(crowd_separate, HORDE_CROWD_SEPARATE_MAX_COORD, 1)

/* ---- segment casts --------------------------------------------------------------------- */
#define LIMIT_SEGMENT(k)                                                                 \
    LIMIT_INPUT(k, "x0", 0.25f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "start") \
    LIMIT_INPUT(k, "y0", 0.25f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "start") \
    LIMIT_INPUT(k, "z0", 0.25f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "start") \
    LIMIT_INPUT(k, "x1", 3.25f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "end") \
    LIMIT_INPUT(k, "y1", -1.75f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "end") \
    LIMIT_INPUT(k, "z1", 0.75f, RELATION, -HORDE_VOXEL_RAYCAST_MAX_COORD, HORDE_VOXEL_RAYCAST_MAX_COORD, "end") \
    LIMIT_RULE(k, "length", "each axis of end - start within +-HORDE_VOXEL_RAYCAST_MAX_LENGTH",             \
               "1024 blocks, after snapping to 2^-20 (else INVALID; limits.c's segment cases)")
LIMIT_KERNEL(voxel_raycast, "horde/voxel_raycast.h")
LIMIT_SEGMENT(voxel_raycast)
LIMIT_KERNEL(voxel_los, "horde/voxel_raycast.h")
LIMIT_SEGMENT(voxel_los)
LIMIT_KERNEL(voxel_los_poles, "horde/voxel_raycast.h")
LIMIT_SEGMENT(voxel_los_poles)

LIMIT_KERNEL(pole_grid, "horde/radial_push.h")
LIMIT_CALL(pole_grid, "cell", F, CLOSED, 0x1p-10f, 0x1p17f, probe_grid_cell,
           "cell edge, 2^-10 .. 2^17 (the scratch query returns 0, the build BAD_PARAMS outside)")
LIMIT_CALL(pole_grid, "cells", U, CLOSED, 1u, HORDE_POLE_GRID_MAX_CELLS, probe_grid_cells,
           "cells over the valid poles' extent: choose a larger cell beyond")
LIMIT_CALL(pole_grid, "reach", F, CLOSED, 0.0f, HORDE_RADIAL_PUSH_MAX_RADIUS, probe_grid_reach,
           "horde_pole_grid_lists: how far movers may still move")

LIMIT_KERNEL(triangle_grid, "horde/triangle_grid.h")
LIMIT_CALL(triangle_grid, "cell", F, CLOSED, HORDE_TRIANGLE_GRID_MIN_CELL, HORDE_TRIANGLE_GRID_MAX_CELL,
           probe_tgrid_cell, "cell edge (the scratch query returns 0, the build BAD_PARAMS outside)")
LIMIT_CALL(triangle_grid, "reach", F, CLOSED, 0.0f, HORDE_TRIANGLE_GRID_MAX_REACH, probe_tgrid_reach,
           "horde_triangle_grid_lists: a sphere's radius plus what it may still move")
LIMIT_CALL(triangle_grid, "depth", F, CLOSED, 0.0f, HORDE_GROUND_HEIGHT_MAX_DEPTH, probe_tgrid_depth,
           "horde_ground_height_grid's params.depth, as horde_ground_height's")

LIMIT_KERNEL(frame, "horde/frame.h")
LIMIT_CALL(frame, "ground_lift", F, CLOSED, 0.0f, HORDE_FRAME_MAX_LIFT, probe_frame_lift,
           "params.ground_lift: the ground query starts this far above the moved NPC")
LIMIT_CALL(frame, "n", U, CLOSED, 0u, HORDE_CROWD_SEPARATE_MAX_N, probe_frame_n,
           "NPCs per call (the crowd stage's limit; the scratch query returns 0 beyond)")

#undef LIMIT_XYZ
#undef LIMIT_SEGMENT
#undef LIMIT_DXYZ
#undef LIMIT_TRI
#undef LIMIT_RADIAL_MOVER
#undef LIMIT_POLE
#undef LIMIT_LISTS
#undef LIMIT_KERNEL
#undef LIMIT_INPUT
#undef LIMIT_PARAM
#undef LIMIT_CALL
#undef LIMIT_RULE
#undef LIMIT_FRAME
