/* SPDX-License-Identifier: MIT */
/* Internal: horde_frame's spatial order (include/horde/frame.h, Order): the NPCs'
 * cells and a stable counting sort of the NPCs by cell on the caller's task system. */
#ifndef HORDE_FRAME_ORDER_H
#define HORDE_FRAME_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "horde/frame.h"
#include "task_runner.h"

/* Square cells over the world view's x, z extent, rows along x: cell of (x, z) is
 * cz * nx + cx with c = (v - v0) * inv clamped to [0, n). */
typedef struct horde_frame_cells {
    float x0, z0, inv;
    uint32_t nx, nz;
} horde_frame_cells;

/* Cells of 8 blocks, doubled until at most HORDE_FRAME_CELLS cover w's x, z extent. */
void horde_frame_cells_plan(horde_frame_cells *c, const horde_world *w);

/* One coordinate's cell, clamped to [0, nc): NaN and everything below the view go to 0. */
static inline uint32_t horde_frame_cell_1d(float v, float v0, float inv, uint32_t nc)
{
    const float f = (v - v0) * inv;
    if (!(f >= 1.0f))
        return 0;
    if (!(f < (float)nc))
        return nc - 1;
    return (uint32_t)f;
}

/* The cell of (x, z); NaN and everything below the view count as its first row or column,
 * everything beyond it as its last. (Inline: the frame's intent stage calls it per NPC.) */
static inline uint32_t horde_frame_cell(const horde_frame_cells *c, float x, float z)
{
    return horde_frame_cell_1d(z, c->z0, c->inv, c->nz) * c->nx + horde_frame_cell_1d(x, c->x0, c->inv, c->nx);
}

/* The sort's counters for n NPCs, in bytes (a multiple of 64). */
size_t horde_frame_order_bytes(size_t n);

/* perm[j] = the caller's index of the j-th NPC in the order: by key (each below
 * c->nx * c->nz), in batch order within a key. counters: horde_frame_order_bytes(n)
 * bytes. Runs on st's task system (inline when it has none); the order is the same
 * however its stages are split. */
void horde_frame_order_sort(const horde_stages *st, const uint32_t *key, uint32_t *perm, uint32_t *counters,
                            size_t n, const horde_frame_cells *c);

#endif
