/* SPDX-License-Identifier: MIT */
/* Internal: ground height through a triangle grid (include/horde/triangle_grid.h): the
 * grid's per-triangle bounds (with the coverage margin the header derives) and the
 * query loop. Scalar, compiled once: the pair test is ground_height_ref.c's expression,
 * so its bits are the reference's (and so every backend's). */
#ifndef HORDE_TRI_GROUND_HEIGHT_GRID_H
#define HORDE_TRI_GROUND_HEIGHT_GRID_H

#include "horde/triangle_grid.h"
#include "ground_height.h"

/* The xz bounds of triangle i grown by its margin, in float; returns 0 when the triangle
 * is not in range (never ground, never listed), 1 when it has no xz area (never ground:
 * the set-up's area2, the same expression, is 0), 2 when it can be ground (exactly the
 * set-up's "ok"). *wide: a sliver every ground query tests. */
int horde_tri_grid_bounds(const horde_triangles *t, size_t i, float *x0, float *x1, float *z0, float *z1,
                          int *wide);

/* A cell's ground record. Its "core" entries (triangles that can be ground and whose
 * grown bounds reach well into the cell) carry a copy of their set-up in the grid's core array, first .. first +
 * count - 1, ascending by triangle; its other entries (bounds that only touch the cell
 * within an eighth of it of a border, most of them there by the rounding margin) each
 * miss the box lx < x < rx, bz < z < tz: a point inside that box tests the core entries
 * only, one contiguous block, and no other entry of the cell can cover it (the grown
 * bounds hold every covered point). The record is 32 bytes: one cache line at most. */
typedef struct horde_tri_grid_cell {
    float lx, rx, bz, tz;
    uint32_t first, count, pad[2];
} horde_tri_grid_cell;

typedef struct horde_tri_grid_core {
    horde_ground_height_tri t;
    uint32_t k; /* the triangle's index */
} horde_tri_grid_core;

/* Which side of cell (cx, cz) an entry with grown bounds b (x0, x1, z0, z1) leaves the
 * cell's inner box by: 1 left (its x1 below the cell's first eighth), 2 right, 3 below,
 * 4 above; 0 for a core entry. Only speed depends on the choice: the record's box is
 * taken from the entries' own float bounds. */
static inline int horde_tri_grid_side(const float b[4], int32_t cx, int32_t cz, float cell)
{
    const double l = (double)cx * cell, f = (double)cz * cell, e = (double)cell * 0.125;
    if (b[1] < l + e)
        return 1;
    if (b[0] > l + cell - e)
        return 2;
    if (b[3] < f + e)
        return 3;
    if (b[2] > f + cell - e)
        return 4;
    return 0;
}

/* The grid's cell of a coordinate: floor(v / cell) in float (|v / cell| < 2^30). The
 * quotient truncated, minus one where truncation rounded up (q negative, not whole):
 * exactly floorf's value (t and its float are exact below 2^31), without the call or
 * the rounding-mode dance that floorf needs below SSE4.1. */
static inline int32_t horde_tri_grid_cell_of(float v, float cell)
{
    const float q = v / cell;
    const int32_t t = (int32_t)q;
    return t - ((float)t > q);
}

/* horde_ground_height_grid's work, arguments checked (p not NULL, b->n > 0). */
void horde_ground_height_grid_run(const horde_triangle_grid *g, const horde_ground_height_params *p,
                                  const horde_ground_height_batch *b);

#endif
