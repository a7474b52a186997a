/* SPDX-License-Identifier: MIT */
/* horde — triangle_grid.h: a uniform xz grid over a triangle soup, and ground height
 * through it.
 *
 * A terrain or a level mesh holds far more triangles than any one mover can stand on.
 * The grid, built once into the caller's memory, keeps per square cell of the xz plane
 * the triangles whose (slightly grown) xz bounds overlap it, so that
 *   - horde_ground_height_grid tests each point only against the triangles of its own
 *     cell and returns exactly the bits of horde_ground_height on the whole soup;
 *   - horde_triangle_grid_lists fills the candidate lists of the list kernels
 *     (horde_sphere_tri_list) for points and a reach.
 * Guide: docs/triangles.md.
 *
 * Cells. Cell (cx, cz) is the square [cx * cell, (cx + 1) * cell) x [cz * cell, ...) in
 * the sense of the float function cell_of(v) = floor(v / cell) (float division): a value
 * v belongs to cell cell_of(v). Rounding v / cell is monotone in v, so a point on a cell
 * border belongs to exactly one cell and every value between two others has a cell
 * between theirs; that is the whole proof that the lists below are complete.
 *
 * Which triangles a cell holds. A triangle whose nine coordinates are finite with
 * magnitude <= HORDE_GROUND_HEIGHT_MAX_COORD is "in range" (the others are never ground
 * and never on a list). An in-range triangle goes into every cell that its xz bounds,
 * grown by a margin m on each side, overlap: cells cell_of(lo) .. cell_of(hi) on each
 * axis with lo = float(xmin - m), hi = float(xmax + m) (computed in double, rounded
 * once more to float; both roundings are monotone). The margin covers what rounding
 * does to ground_height's coverage test, whose float edge functions can accept a point
 * slightly outside the exact triangle: with W the larger xz extent of the bounds and
 * A2 = |twice the xz area| as ground_height computes it, K = 2^-16 W^2 / A2 and
 *     m = 4 K W + W 2^-20 + 2^-40   when K < 1/4,  m = W 2^-20 + 2^-40 otherwise.
 * The float edge functions err by at most 4 * 2^-24 * |edge| * |p - origin| (L1 norms),
 * so a covered point lies within that distance, over the edge's length, of each edge
 * line; at the triangle's sharpest corner that becomes at most 2 * 23 * 2^-24 W^2 / A2
 * times (W + distance) beyond the bounds, which 4 K W exceeds (by a factor > 2) when
 * K < 1/4. A triangle with K >= 1/4 (a sliver: its smallest angle below about 2^-14
 * radians) gets no such bound and goes, besides its cells, on the grid's "wide" list,
 * which every ground query tests. Triangles with no xz area (vertical walls) are in
 * their cells for the lists but are never ground.
 *
 * Ground through the grid equals ground on the whole soup. horde_ground_height's result
 * for a point is the highest admissible height over the triangles that cover it, ties to
 * the lowest index; triangles that do not cover the point take no part. Every triangle
 * that covers the point has it within its grown bounds, so it is on the point's cell
 * list or on the wide list; the grid form takes the same maximum with the same tie rule
 * over that superset (order-free: a height equal to the best so far wins when its index
 * is lower), with the same per-triangle set-up and pair test, so it gives the same bits.
 * (It skips a cell entry whose grown bounds, in float, do not hold the point: such a
 * triangle cannot cover it, by the same monotone rounding.)
 * Core blocks. A cell entry is "border" when its grown bounds reach less than an eighth
 * of the cell past one of the cell's borders (on a mesh whose squares are the cells,
 * the 8 neighbours' triangles, there by the margin alone), else "core". Each cell keeps
 * the box lx < x < rx, bz < z < tz that every border entry's grown bounds miss (lx the
 * largest x1 of the entries left of the cell's inner part, and so on; comparisons of
 * floats, no rounding), and a copy of the set-up of its core entries that can be ground
 * (in range, non-zero xz area), contiguous and ascending. A point inside its cell's box
 * tests that block only: the border entries miss it, so they cannot cover it, and the
 * others cannot be ground. A point outside the box tests the cell's whole list as above.
 * A point outside the grid's cells tests only the wide list, and no other triangle can
 * cover it.
 *
 * Memory. horde_triangle_grid_scratch_bytes(soup, cell) is the scratch the build needs:
 * 76 bytes per soup triangle (each triangle's ground set-up, computed once at the build)
 * plus 20 bytes per entry (its triangle index and grown bounds, so that a query skips
 * the set-up of a triangle whose bounds miss the point without reading it) plus 80
 * bytes per core entry that can be ground (n_core of them after the build: its set-up
 * and index again, in its cell's block) plus 32 bytes per cell (its box and block) plus
 * 4 * (cells + 1 + wide) bytes plus 63 for alignment (the build aligns its
 * arrays itself: any pointer will do); 0 when the arguments are bad: soup NULL, a soup
 * array NULL while soup->n > 0, soup->n > INT32_MAX, cell not finite in
 * [HORDE_TRIANGLE_GRID_MIN_CELL, HORDE_TRIANGLE_GRID_MAX_CELL], more than
 * HORDE_TRIANGLE_GRID_MAX_CELLS cells or HORDE_TRIANGLE_GRID_MAX_ENTRIES entries (choose
 * a larger cell), or a size that does not fit a size_t (32-bit targets). A cell about the size of the triangles keeps a cell's list and its
 * core block at a few triangles (each triangle is a core entry of about one cell, so
 * the blocks add about 80 bytes per triangle); a cell much smaller than the triangles
 * makes each a core entry of many cells. The soup must not change between the build
 * and the queries: the grid keeps each triangle's set-up, not the soup.
 *
 * horde_triangle_grid_build returns HORDE_OK, HORDE_ERR_NULL_ARG (g, soup or scratch
 * NULL; a soup array NULL while soup->n > 0) or HORDE_ERR_BAD_PARAMS (what makes the
 * size query 0, or bytes below it; g untouched). The calls run inside the FP guard, like
 * the kernels; none allocates. */
#ifndef HORDE_TRIANGLE_GRID_H
#define HORDE_TRIANGLE_GRID_H

#include "horde/ground_height.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_TRIANGLE_GRID_MIN_CELL 0.015625f /* 2^-6 */
#define HORDE_TRIANGLE_GRID_MAX_CELL 1048576.0f /* 2^20 */
#define HORDE_TRIANGLE_GRID_MAX_CELLS (1u << 22)
#define HORDE_TRIANGLE_GRID_MAX_ENTRIES (1u << 28)
#define HORDE_TRIANGLE_GRID_MAX_REACH 1024.0f

typedef struct horde_triangle_grid {
    float cell;            /* cell edge */
    int32_t cx0, cz0;      /* the grid's first cell on x and z */
    uint32_t nx, nz;       /* cells per axis (1 x 1 when no triangle is in range) */
    uint32_t n_tri;        /* soup->n at the build */
    uint32_t n_wide;       /* entries of the wide list */
    uint32_t n_core;       /* core entries that can be ground (a set-up copy each: Core blocks) */
    const uint32_t *start; /* nx * nz + 1 prefix counts, cell (cx, cz) at (cz - cz0) nx + cx - cx0 */
    const uint32_t *items; /* triangle indices by cell, ascending within a cell */
    const uint32_t *wide;  /* slivers every ground query tests, ascending */
    const void *ground;    /* per-triangle ground set-up (internal layout) */
    const float *bounds;   /* per entry of items: its triangle's grown bounds x0, x1, z0, z1 */
    const void *cells;     /* per cell: its ground record (internal layout) */
    const void *core;      /* the cells' core entries with their set-up (internal layout) */
} horde_triangle_grid;

HORDE_API size_t horde_triangle_grid_scratch_bytes(const horde_triangles *soup, float cell);
HORDE_API horde_status horde_triangle_grid_build(horde_triangle_grid *g, const horde_triangles *soup,
                                                 float cell, void *scratch, size_t bytes);

/* Candidate lists for the list kernels (horde_sphere_tri_list's offsets and indices):
 * for every point i, offsets[i] .. offsets[i + 1] holds, ascending and without repeats,
 * the triangles of every cell that the square [x - reach, x + reach] x [z - reach,
 * z + reach] overlaps (cells cell_of(float(x - reach)) .. cell_of(float(x + reach))); so
 * every in-range triangle whose exact xz bounds come within reach of (x, z) on both axes
 * is on it (by the monotone rounding above), and a few more may be. A point with a
 * coordinate not finite or of magnitude > HORDE_GROUND_HEIGHT_MAX_COORD gets an empty
 * list. reach is finite in [0, HORDE_TRIANGLE_GRID_MAX_REACH] (a sphere's radius plus
 * what it may still move). offsets has n + 1 entries. When the lists need more than
 * `capacity` entries the call returns HORDE_ERR_BAD_PARAMS with offsets filled and
 * offsets[n] the capacity needed (UINT32_MAX when that does not fit 32 bits), indices
 * holding an unspecified part of the lists; otherwise HORDE_OK, HORDE_ERR_NULL_ARG (g or
 * offsets NULL; x or z NULL with n > 0; indices NULL with capacity > 0) or
 * HORDE_ERR_BAD_PARAMS (reach, or g not a built grid), writing nothing. */
HORDE_API horde_status horde_triangle_grid_lists(const horde_triangle_grid *g, const float *x, const float *z,
                                                 size_t n, float reach, uint32_t *offsets, uint32_t *indices,
                                                 size_t capacity);

/* horde_ground_height through the grid: the same params, batch, outputs, flags, invalid
 * points and statuses as horde_ground_height(soup, p, b) for the soup g was built from,
 * and exactly its bits (the proof is above). p NULL means the defaults. Returns HORDE_OK,
 * HORDE_ERR_NULL_ARG (g or b NULL; an array of b while b->n > 0) or HORDE_ERR_BAD_PARAMS
 * (depth out of range, or g not a built grid). Cost: per point, its cell's core block
 * (or, near a border entry, its cell's list) and the wide list. Points go in tiles of
 * 16 whose cell records, then core blocks, are prefetched before they are tested, since
 * a large mesh's grid outgrows the caches and points come in any order. One scalar
 * loop serves every backend (the pair test is the reference's expression; a point
 * tests a few triangles, too few to fill SIMD lanes), so there is no _isa form. */
HORDE_API horde_status horde_ground_height_grid(const horde_triangle_grid *g, const horde_ground_height_params *p,
                                                const horde_ground_height_batch *b);

#ifdef __cplusplus
}
#endif
#endif
