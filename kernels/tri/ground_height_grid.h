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
 * is not in range (never ground, never listed). *wide: a sliver every ground query
 * tests. */
int horde_tri_grid_bounds(const horde_triangles *t, size_t i, float *x0, float *x1, float *z0, float *z1,
                          int *wide);

/* The grid's cell of a coordinate: floor(v / cell) in float (|v / cell| < 2^30). */
static inline int32_t horde_tri_grid_cell_of(float v, float cell) { return (int32_t)floorf(v / cell); }

/* horde_ground_height_grid's work, arguments checked (p not NULL, b->n > 0). */
void horde_ground_height_grid_run(const horde_triangle_grid *g, const horde_ground_height_params *p,
                                  const horde_ground_height_batch *b);

#endif
