/* SPDX-License-Identifier: MIT */
/* Internal: the occupancy window every voxel kernel reads, and chunk lookup. */
#ifndef HORDE_WINDOW_H
#define HORDE_WINDOW_H

#include "horde/world.h"

/* Block levels in a cylinder window: one below the feet level, the feet level and
 * three above (enough for height <= 3 plus a one-level push up or down). */
#define HORDE_WIN_LEVELS 5
/* A mover at most HORDE_WIN_SHORT_HEIGHT tall needs only the first HORDE_WIN_SHORT_LEVELS:
 * each option's levels run from floor(y') - wy to ceil(y' + h) - 1 - wy, wy = floor(y) - 1,
 * and every option y' (y, floor(y) + 1, and the one below, which ends no higher than y)
 * is at most floor(y) + 1, so y' + h <= floor(y) + 3 (exact: rounding is monotone and
 * floor(y) + 3 is a float), and the last level is at most 3. The cylinder kernels read
 * and test that many levels for tiles of such movers (NPCs are 1.8 blocks tall;
 * cylinder_core_tmpl.h: tile_is_short). */
#define HORDE_WIN_SHORT_LEVELS 4
#define HORDE_WIN_SHORT_HEIGHT 2.0f
/* Columns (and rows) in a window: the disc (r <= 0.5) reaches at most two of them, plus
 * one on either side for the candidate exits. */
#define HORDE_WIN_COLS 4
/* A window that starts at bit `sh` of a 32-bit chunk row (or row `lz` of a chunk layer)
 * lies inside it when sh <= HORDE_WIN_LAST_START: the fast path reads one chunk. */
#define HORDE_WIN_LAST_START (HORDE_CHUNK_SIZE - HORDE_WIN_COLS)
#define HORDE_WIN_IN_CHUNK(sh) ((sh) <= HORDE_WIN_LAST_START)

/* Shared stand-ins for missing chunks (window.c). */
extern const horde_chunk horde_empty_chunk;
extern const horde_chunk horde_solid_chunk;
/* The chunk table of an empty view: one NULL entry, so that a lookup at index 0 needs no
 * test for an empty view (window.c). */
extern const horde_chunk *const horde_no_chunks[1];

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

/* A world view resolved once per kernel call, for the SIMD voxel paths: the grid clipped
 * to the chunks a kernel can reach (block coordinates |b| < 2^30, so chunk coordinates
 * in [-HORDE_VIEW_REACH, HORDE_VIEW_REACH)), so that every lookup is 32-bit arithmetic
 * with one unsigned compare per axis, and the missing-chunk stand-in chosen once. It
 * returns the same chunk as horde_world_chunk for every chunk in reach. */
#define HORDE_VIEW_REACH (1 << 25)
typedef struct horde_view {
    const horde_chunk *const *chunks; /* pointer of clipped cell (0, 0, 0); horde_no_chunks if empty */
    const horde_chunk *fill;          /* stand-in for NULL and out-of-grid chunks */
    int32_t ox, oy, oz;               /* chunk coordinates of clipped cell (0, 0, 0) */
    uint32_t nx, ny, nz;              /* clipped extent in chunks (all 0 when empty) */
    size_t sz, sy;                    /* pointer-index strides of z and y */
} horde_view;

void horde_view_init(horde_view *v, const horde_world *w);

static inline const horde_chunk *horde_view_chunk(const horde_view *v, int32_t cx, int32_t cy,
                                                  int32_t cz)
{
    /* |c|, |o| <= 2^25: the wrapped difference is the true one when it is in range and
     * at least 2^32 - 2^26 (above any extent) when it is negative. */
    const uint32_t gx = (uint32_t)cx - (uint32_t)v->ox, gy = (uint32_t)cy - (uint32_t)v->oy;
    const uint32_t gz = (uint32_t)cz - (uint32_t)v->oz;
    const horde_chunk *c = NULL;
    if ((gx < v->nx) & (gy < v->ny) & (gz < v->nz))
        c = v->chunks[gx + v->sz * gz + v->sy * gy];
    return c ? c : v->fill;
}

/* The chunk at clipped grid index idx (gx + sz gz + sy gy, in int32: the grid holds at
 * most INT32_MAX pointers) when `in` is all ones (the chunk lies in the clipped grid),
 * else the stand-in: horde_view_chunk with the index and the mask computed elsewhere
 * (SIMD, fetch_tmpl.h's view_index). No branch on `in`: view_index zeroes the index of a
 * chunk outside the view, so the table read is in bounds (an empty view reads
 * horde_no_chunks), and the mask turns the pointer it read into NULL. */
static inline const horde_chunk *horde_view_at(const horde_view *v, uint32_t in, int32_t idx)
{
    const horde_chunk *c = (const horde_chunk *)((uintptr_t)v->chunks[idx] & (uintptr_t)(intptr_t)(int32_t)in);
    return c ? c : v->fill;
}

/* Is world block (bx, by, bz) solid? One bit of one chunk row, through the view. */
static inline uint32_t horde_view_solid(const horde_view *v, int32_t bx, int32_t by, int32_t bz)
{
    const horde_chunk *c = horde_view_chunk(v, bx >> 5, by >> 5, bz >> 5);
    return (c->rows[by & 31][bz & 31] >> (bx & 31)) & 1u;
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

/* The general fetch, for windows that cross a chunk border in x, z or y (the kernels
 * read windows inside one chunk column with fetch4, fetch_rows.h, instead). It resolves each chunk the
 * window touches once (at most 2 x 2 in x, z per layer, 2 layers), keeps one chunk per
 * (layer, window row, x half), and then reads every level's rows without a branch: each
 * row is the 64-bit pair (this chunk's row | the next x chunk's row << 32), shifted by
 * the window's bit offset. When the window does not cross in x the "next" chunk is the
 * same one, whose bits above 31 are then never reached (sh <= 28). */
static inline void horde_fetch_window_inline(const horde_view *v, int32_t wx, int32_t wy,
                                             int32_t wz, int levels, uint32_t *occ)
{
    const int sh = wx & 31, lz0 = wz & 31, ly0 = wy & 31;
    const int32_t cx = wx >> 5, cy = wy >> 5, cz = wz >> 5;
    const int cross_x = !HORDE_WIN_IN_CHUNK(sh), cross_z = !HORDE_WIN_IN_CHUNK(lz0);
    const int layers = ly0 + levels > HORDE_CHUNK_SIZE ? 2 : 1; /* levels <= 32 */
    const horde_chunk *lo[2][HORDE_WIN_COLS], *hi[2][HORDE_WIN_COLS]; /* [layer][row] */
    int lz[HORDE_WIN_COLS];
    for (int yb = 0; yb < layers; yb++) {
        const horde_chunk *c[2][2]; /* [z half][x half] */
        c[0][0] = horde_view_chunk(v, cx, cy + yb, cz);
        c[0][1] = cross_x ? horde_view_chunk(v, cx + 1, cy + yb, cz) : c[0][0];
        c[1][0] = cross_z ? horde_view_chunk(v, cx, cy + yb, cz + 1) : c[0][0];
        c[1][1] = cross_z && cross_x ? horde_view_chunk(v, cx + 1, cy + yb, cz + 1) : c[0][1];
        for (int k = 0; k < HORDE_WIN_COLS; k++) {
            const int zb = lz0 + k >= HORDE_CHUNK_SIZE;
            lz[k] = (lz0 + k) & 31;
            lo[yb][k] = c[zb][0], hi[yb][k] = c[zb][1];
        }
    }
    for (int j = 0; j < levels; j++) {
        const int yb = ly0 + j >= HORDE_CHUNK_SIZE, ly = (ly0 + j) & 31;
        uint32_t bits = 0;
        for (int k = 0; k < HORDE_WIN_COLS; k++) {
            const uint64_t row = lo[yb][k]->rows[ly][lz[k]] | (uint64_t)hi[yb][k]->rows[ly][lz[k]] << 32;
            bits |= (uint32_t)((row >> sh) & 15u) << (8 * k);
        }
        occ[j] = bits;
    }
}

/* occ[j] bit (i + 8*k) = block (wx+i, wy+j, wz+k) is solid, for i, k in 0..3 and
 * j in 0..levels-1 (levels <= 32). Coordinates must satisfy |w*| < 2^30. The same as
 * horde_fetch_window_inline, out of line, resolving a view on every call: for the scalar
 * references, which fetch one window per mover. SIMD paths resolve one view per call. */
void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ);

#endif
