/* Internal: the occupancy window every voxel kernel reads, and chunk lookup. */
#ifndef HORDE_WINDOW_H
#define HORDE_WINDOW_H

#include "horde/world.h"

/* Block levels in a cylinder window: one below the feet level, the feet level and
 * three above (enough for height <= 3 plus a one-level push up or down). */
#define HORDE_WIN_LEVELS 5
/* Columns (and rows) in a window: the disc (r <= 0.5) reaches at most two of them, plus
 * one on either side for the candidate exits. */
#define HORDE_WIN_COLS 4
/* A window that starts at bit `sh` of a 32-bit chunk row (or row `lz` of a chunk layer)
 * lies inside it when sh <= 32 - HORDE_WIN_COLS: the fast path reads one chunk. */
#define HORDE_WIN_IN_CHUNK(sh) ((sh) <= HORDE_CHUNK_SIZE - HORDE_WIN_COLS)

/* Shared stand-ins for missing chunks (world.c). */
extern const horde_chunk horde_empty_chunk;
extern const horde_chunk horde_solid_chunk;

/* Never NULL: missing chunks resolve to the shared all-air or all-solid chunk. */
static inline const horde_chunk *horde_world_chunk(const horde_world *w, int32_t cx, int32_t cy,
                                                   int32_t cz)
{
    const int64_t gx = (int64_t)cx - w->origin_cx;
    const int64_t gy = (int64_t)cy - w->origin_cy;
    const int64_t gz = (int64_t)cz - w->origin_cz;
    const horde_chunk *c = NULL;
    if ((uint64_t)gx < (uint64_t)w->nx && (uint64_t)gy < (uint64_t)w->ny &&
        (uint64_t)gz < (uint64_t)w->nz)
        c = w->chunks[gx + (int64_t)w->nx * (gz + (int64_t)w->nz * gy)];
    if (c)
        return c;
    return w->missing == HORDE_MISSING_SOLID ? &horde_solid_chunk : &horde_empty_chunk;
}

/* The output of a voxel move (cylinder, point, AABB) for invalid mover o of batch b (any
 * move batch: the fields have the same names): its input position back, no
 * displacement made, HORDE_FLAG_INVALID. */
#define HORDE_MOVE_OUT_INVALID(b, o)                                                        \
    do {                                                                                   \
        (b)->out_x[o] = (b)->x[o], (b)->out_y[o] = (b)->y[o], (b)->out_z[o] = (b)->z[o];   \
        if ((b)->out_dx)                                                                   \
            (b)->out_dx[o] = 0.0f, (b)->out_dy[o] = 0.0f, (b)->out_dz[o] = 0.0f;           \
        (b)->out_flags[o] = HORDE_FLAG_INVALID;                                            \
    } while (0)

/* occ[j] bit (i + 8*k) = block (wx+i, wy+j, wz+k) is solid, for i, k in 0..3 and
 * j in 0..levels-1. Coordinates must satisfy |w*| < 2^30. */
void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ);

#endif
