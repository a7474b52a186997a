/* SPDX-License-Identifier: MIT */
/* The voxel fetch stage shared by every backend: integer only, so it cannot break
 * bit-exactness, and it is where chunk borders are handled. Also the chunks that stand
 * in for missing ones, and the view every SIMD voxel path resolves once per call. */
#include "window.h"

void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ)
{
    horde_view v;
    horde_view_init(&v, w);
    horde_fetch_window_inline(&v, wx, wy, wz, levels, occ);
}

/* One axis of the clip: [o, o + n) intersected with [-HORDE_VIEW_REACH, HORDE_VIEW_REACH).
 * Returns the clipped extent (0 if empty) and its first coordinate in *lo. */
static uint32_t clip_axis(int32_t o, int32_t n, int32_t *lo)
{
    const int64_t a = o > -HORDE_VIEW_REACH ? o : -HORDE_VIEW_REACH;
    const int64_t e = (int64_t)o + n, b = e < HORDE_VIEW_REACH ? e : HORDE_VIEW_REACH;
    *lo = (int32_t)(a < HORDE_VIEW_REACH ? a : HORDE_VIEW_REACH);
    return b > a ? (uint32_t)(b - a) : 0u;
}

/* Shared all-air and all-solid chunks stand in for missing ones, so lookups never
 * return NULL and the fetch loop has no policy branch. */
#define ROW_ONES {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, \
                  0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, \
                  0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, \
                  0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, \
                  0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, \
                  0xffffffffu, 0xffffffffu}
#define ROWS8 ROW_ONES, ROW_ONES, ROW_ONES, ROW_ONES, ROW_ONES, ROW_ONES, ROW_ONES, ROW_ONES
const horde_chunk horde_empty_chunk;
const horde_chunk horde_solid_chunk = {{ROWS8, ROWS8, ROWS8, ROWS8}};

const horde_chunk *const horde_no_chunks[1] = {NULL};

void horde_view_init(horde_view *v, const horde_world *w)
{
    v->fill = w->missing == HORDE_MISSING_SOLID ? &horde_solid_chunk : &horde_empty_chunk;
    v->nx = clip_axis(w->origin_cx, w->nx, &v->ox);
    v->ny = clip_axis(w->origin_cy, w->ny, &v->oy);
    v->nz = clip_axis(w->origin_cz, w->nz, &v->oz);
    v->sz = (size_t)w->nx, v->sy = (size_t)w->nx * (size_t)w->nz;
    v->chunks = horde_no_chunks;
    if (!v->nx || !v->ny || !v->nz) {
        v->nx = v->ny = v->nz = 0;
        return;
    }
    v->chunks = w->chunks + ((size_t)(v->ox - w->origin_cx) + v->sz * (size_t)(v->oz - w->origin_cz) +
                             v->sy * (size_t)(v->oy - w->origin_cy));
}
