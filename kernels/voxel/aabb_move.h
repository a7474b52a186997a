/* SPDX-License-Identifier: MIT */
/* Internal: what the AABB move reference and its SIMD template share: input validation,
 * the integer voxel scan (which blocks a box would enter), and the backend entry points.
 * The scan is integer work on world bits, so sharing it cannot break bit-exactness; the
 * float clamping is written twice (aabb_move_ref.c, aabb_move_tmpl.c). */
#ifndef HORDE_VOXEL_AABB_MOVE_H
#define HORDE_VOXEL_AABB_MOVE_H

#include <math.h>

#include "horde/aabb_move.h"
#include "simd/scalar.h"
#include "simd/kernel.h"
#include "window.h"

/* The blocks a box overlaps strictly: index ranges lo[a] .. hi[a] (inclusive) per axis
 * a = 0 (x), 1 (y), 2 (z); an empty range (hi < lo) overlaps nothing. */
typedef struct horde_aabb_move_cells {
    int32_t lo[3], hi[3];
} horde_aabb_move_cells;

static inline int horde_aabb_move_valid(float x, float y, float z, float dx, float dy, float dz,
                                   float hx, float hz, float h)
{
    /* Written so that NaN fails every comparison. */
    const float big = 0x1.fffffep127f;
    return fabsf(x) <= HORDE_AABB_MOVE_MAX_COORD && fabsf(y) <= HORDE_AABB_MOVE_MAX_COORD &&
           fabsf(z) <= HORDE_AABB_MOVE_MAX_COORD && fabsf(dx) <= big && fabsf(dy) <= big &&
           fabsf(dz) <= big && hx > 0.0f && hx <= HORDE_AABB_MOVE_MAX_HALF && hz > 0.0f &&
           hz <= HORDE_AABB_MOVE_MAX_HALF && h > 0.0f && h <= HORDE_AABB_MOVE_MAX_HEIGHT;
}

/* Solid bits of blocks x0 .. x0 + n - 1 of row (y, z) (bit i = block x0 + i), 1 <= n <= 63:
 * up to three chunks side by side. */
static inline uint64_t horde_aabb_move_row_bits(const horde_world *w, int32_t x0, int n, int32_t y,
                                           int32_t z)
{
    const int32_t cx = x0 >> 5, cy = y >> 5, cz = z >> 5;
    const int sh = x0 & 31, ly = y & 31, lz = z & 31;
    uint64_t bits = horde_world_chunk(w, cx, cy, cz)->rows[ly][lz] >> sh;
    if (sh + n > 32) {
        bits |= (uint64_t)horde_world_chunk(w, cx + 1, cy, cz)->rows[ly][lz] << (32 - sh);
        if (sh + n > 64)
            bits |= (uint64_t)horde_world_chunk(w, cx + 2, cy, cz)->rows[ly][lz] << (64 - sh);
    }
    return bits & ((UINT64_C(1) << n) - 1);
}

/* Is any block solid in the cells with axis (1 = y, 2 = z) fixed to index i? */
static inline int horde_aabb_move_slab_solid(const horde_world *w, const horde_aabb_move_cells *c, int axis,
                                        int32_t i)
{
    const int n = (int)(c->hi[0] - c->lo[0] + 1); /* <= 6 columns: boxes are <= 3 wide */
    if (n <= 0)
        return 0;
    const int other = axis == 1 ? 2 : 1;
    const int sh = c->lo[0] & 31;
    if (sh + n <= 32 && (c->lo[other] >> 5) == (c->hi[other] >> 5)) {
        /* Common case: the whole slab lies in one chunk; look it up once. */
        const uint32_t mask = (uint32_t)(((UINT64_C(1) << n) - 1) << sh);
        const int32_t cy = axis == 1 ? i : c->lo[1], cz = axis == 1 ? c->lo[2] : i;
        const horde_chunk *ch = horde_world_chunk(w, c->lo[0] >> 5, cy >> 5, cz >> 5);
        for (int32_t j = c->lo[other]; j <= c->hi[other]; j++)
            if ((axis == 1 ? ch->rows[i & 31][j & 31] : ch->rows[j & 31][i & 31]) & mask)
                return 1;
        return 0;
    }
    for (int32_t j = c->lo[other]; j <= c->hi[other]; j++)
        if (axis == 1 ? horde_aabb_move_row_bits(w, c->lo[0], n, i, j)
                      : horde_aabb_move_row_bits(w, c->lo[0], n, j, i))
            return 1;
    return 0;
}

/* The first solid index along axis within [s0, s1] (the cells' own range on that axis is
 * replaced by it): the lowest when dir > 0, the highest when dir < 0. Returns 0 when
 * there is none. s1 - s0 < 63 (a sweep spans at most max_distance + 2 blocks). */
static inline int horde_aabb_move_first_solid(const horde_world *w, const horde_aabb_move_cells *c, int axis,
                                         int32_t s0, int32_t s1, int dir, int32_t *first)
{
    if (s1 < s0)
        return 0;
    if (axis == 0) {
        const int n = (int)(s1 - s0 + 1);
        uint64_t m = 0;
        for (int32_t y = c->lo[1]; y <= c->hi[1]; y++)
            for (int32_t z = c->lo[2]; z <= c->hi[2]; z++)
                m |= horde_aabb_move_row_bits(w, s0, n, y, z);
        if (!m)
            return 0;
        *first = s0 + (dir > 0 ? __builtin_ctzll(m) : 63 - __builtin_clzll(m));
        return 1;
    }
    for (int32_t k = 0; k <= s1 - s0; k++) {
        const int32_t i = dir > 0 ? s0 + k : s1 - k;
        if (horde_aabb_move_slab_solid(w, c, axis, i)) {
            *first = i;
            return 1;
        }
    }
    return 0;
}

/* Levels l0 .. l1 (l1 - l0 < 64) that hold a solid block in the cells' x/z footprint: bit
 * L - l0. The SIMD template reads one column profile per mover to answer the start
 * overlap test, the y sweep and the resting test at once (the reference asks them one by
 * one through horde_aabb_move_first_solid / horde_aabb_move_slab_solid; same blocks, same answers). */
static inline uint64_t horde_aabb_move_level_mask(const horde_world *w, const horde_aabb_move_cells *c,
                                             int32_t l0, int32_t l1)
{
    const int n = (int)(c->hi[0] - c->lo[0] + 1);
    uint64_t m = 0;
    if (n <= 0 || c->hi[2] < c->lo[2])
        return 0;
    const int sh = c->lo[0] & 31;
    if (sh + n <= 32 && (c->lo[2] >> 5) == (c->hi[2] >> 5) && c->hi[2] - c->lo[2] < 4) {
        /* Footprint inside one chunk column (the common case): one lookup per chunk
         * layer, and per level the OR of four rows z0, z0 + 1, z0 + 2, z0 + 3 clamped to
         * the last row (a box is at most 4 rows deep; repeating a row changes nothing).
         * A loop over exactly the rows the box covers cost a mispredicted exit per level. */
        const uint32_t mask = (uint32_t)(((UINT64_C(1) << n) - 1) << sh);
        const int32_t za = c->lo[2] & 31, zd = c->hi[2] & 31;
        const int32_t zb = za + 1 < zd ? za + 1 : zd, zc = za + 2 < zd ? za + 2 : zd;
        const horde_chunk *ch = horde_world_chunk(w, c->lo[0] >> 5, l0 >> 5, c->lo[2] >> 5);
        for (int32_t L = l0; L <= l1; L++) {
            if ((L & 31) == 0 && L != l0)
                ch = horde_world_chunk(w, c->lo[0] >> 5, L >> 5, c->lo[2] >> 5);
            const uint32_t *row = ch->rows[L & 31];
            const uint32_t acc = row[za] | row[zb] | row[zc] | row[zd];
            m |= (uint64_t)((acc & mask) != 0) << (L - l0);
        }
        return m;
    }
    for (int32_t L = l0; L <= l1; L++)
        m |= (uint64_t)horde_aabb_move_slab_solid(w, c, 1, L) << (L - l0);
    return m;
}

/* Bits a .. b of m (0 <= a, b < 64; none when b < a). */
static inline uint64_t horde_aabb_move_bits(uint64_t m, int32_t a, int32_t b)
{
    return b < a ? 0 : m & (~UINT64_C(0) >> (63 - b)) & (~UINT64_C(0) << a);
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_aabb_move const horde_world *w, const horde_aabb_move_params *p, \
    const horde_aabb_move_batch *b
#define HORDE_ARGS_aabb_move w, p, b
HORDE_KERNEL_PROTOS(aabb_move)

#endif
