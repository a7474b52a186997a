/* SPDX-License-Identifier: MIT */
/* Internal: the movers' occupancy windows for one ISA (fetch_rows.h provides fetch4:
 * four rows of a level in one 128-bit load). Shared by every SIMD voxel kernel; integer
 * work only, so it cannot break bit-exactness. */
#ifndef HORDE_FETCH_TMPL_H
#define HORDE_FETCH_TMPL_H

#include "simd/template.h"
#include "window.h"
#include "simd/wide.h"
#include "fetch_rows.h"

/* Where W windows' chunks are: the clipped grid index (horde_view_at) of the chunk
 * holding each window's first level (idx0), of the one holding its last (idx1: the same
 * chunk, or the one above it), and, for windows across a border, of the chunks after
 * those two in x and in z; with whether each lies in the view. Computed W lanes at a
 * time, so the per-lane fetch is a load and a mask instead of three compares and a
 * 64-bit index. */
typedef struct window_chunks {
    int32_t idx0[W], idx1[W];
    uint32_t in0[W], in1[W];
    int32_t idx0x[W], idx0z[W], idx1x[W], idx1z[W]; /* window_chunks_across */
    uint32_t in0x[W], in0z[W], in1x[W], in1z[W];
} window_chunks;

/* All ones where grid offset g lies outside [0, n) on an axis of n chunks (n1 = n - 1, so
 * -1 for an empty view): g or n - 1 - g is then negative. |g| < 2^26 and n <= 2^26
 * (window.h): nothing wraps. Two operations and a shift, where 0 <= g < n takes two
 * compares and an AND. */
static inline wi view_out(wi g, wi n1) { return wi_sra(wi_or(g, wi_sub(n1, g)), 31); }

/* The view's grid origin, extents less one and index strides, W lanes wide. A caller
 * that fetches many groups sets them once per call (view_lanes_of) rather than once per
 * group (eight broadcasts). */
typedef struct view_lanes {
    wi ox, oy, oz;
    wi nx1, ny1, nz1;
    wi sz, sy;
} view_lanes;

static inline view_lanes view_lanes_of(const horde_view *v)
{
    const view_lanes L = {wi_set(v->ox), wi_set(v->oy), wi_set(v->oz),
                          wi_set((int32_t)v->nx - 1), wi_set((int32_t)v->ny - 1), wi_set((int32_t)v->nz - 1),
                          wi_set((int32_t)v->sz), wi_set((int32_t)v->sy)};
    return L;
}

/* The x, z part of W chunk lookups, shared by the layers and the neighbours a window
 * reads: grid offsets, their out-of-view masks and the index gx + sz gz. Where a chunk is
 * outside the view the index may wrap (SIMD integer lanes wrap by definition); it is
 * masked to 0 below. Where it is inside, every term is at most the index (<= INT32_MAX). */
typedef struct view_xz {
    wi gx, gz;       /* grid offsets */
    wi out_x, out_z; /* x, z outside the view */
    wi xz;
} view_xz;

static inline view_xz view_columns(const view_lanes *L, wi cx, wi cz)
{
    view_xz q;
    q.gx = wi_sub(cx, L->ox), q.gz = wi_sub(cz, L->oz);
    q.out_x = view_out(q.gx, L->nx1), q.out_z = view_out(q.gz, L->nz1);
    q.xz = wi_add(q.gx, wi_mullo(q.gz, L->sz));
    return q;
}

/* The clipped grid index (for horde_view_at) of the chunks at column index xz (out_xz:
 * outside the view in x or z) and chunk layer cy: zero where outside, so the table read
 * stays in bounds; *in is all ones where inside. */
static inline wi view_index(const view_lanes *L, wi xz, wi out_xz, wi cy, wi *in)
{
    const wi gy = wi_sub(cy, L->oy);
    *in = wi_not(wi_or(out_xz, view_out(gy, L->ny1)));
    return wi_and(*in, wi_add(xz, wi_mullo(gy, L->sy)));
}

/* The chunks of W windows whose first level lies in chunk layer cy and whose last in
 * chunk layer cy1. */
static inline void window_chunks_of(const view_lanes *L, const view_xz *q, wi cy, wi cy1, window_chunks *c)
{
    wi in;
    const wi out = wi_or(q->out_x, q->out_z);
    wi_store((uint32_t *)c->idx0, view_index(L, q->xz, out, cy, &in));
    wi_store(c->in0, in);
    wi_store((uint32_t *)c->idx1, view_index(L, q->xz, out, cy1, &in));
    wi_store(c->in1, in);
}

/* The x and z neighbours of idx0's and idx1's chunks, which only windows across a
 * border read. */
static inline void window_chunks_across(const view_lanes *L, const view_xz *q, wi cy, wi cy1,
                                        window_chunks *c)
{
    wi in;
    const wi one = wi_set(1);
    const wi out_x1 = view_out(wi_add(q->gx, one), L->nx1);
    const wi out_z1 = view_out(wi_add(q->gz, one), L->nz1);
    const wi xz_x = wi_add(q->xz, one), out_x = wi_or(out_x1, q->out_z);
    const wi xz_z = wi_add(q->xz, L->sz), out_z = wi_or(q->out_x, out_z1);
    wi_store((uint32_t *)c->idx0x, view_index(L, xz_x, out_x, cy, &in));
    wi_store(c->in0x, in);
    wi_store((uint32_t *)c->idx0z, view_index(L, xz_z, out_z, cy, &in));
    wi_store(c->in0z, in);
    wi_store((uint32_t *)c->idx1x, view_index(L, xz_x, out_x, cy1, &in));
    wi_store(c->in1x, in);
    wi_store((uint32_t *)c->idx1z, view_index(L, xz_z, out_z, cy1, &in));
    wi_store(c->in1z, in);
}

/* occ[j * stride] bit (i + 8k) = block (wx + i, wy + j, wz + k) is solid, for i, k in
 * 0..3 and j in 0..levels - 1 (levels <= 32, a constant after inlining), for a window
 * across an x or a z chunk border (fetch_windows takes the others); lane `l` of `c`
 * locates its chunks. Level j lies in idx0's chunk layer below split = 32 - (wy & 31)
 * and in idx1's from there on: the benchmark's NPCs stand on a floor at a layer border,
 * so most border windows span two layers. Only windows across both an x and a z border
 * (about one in a hundred) take the general, much slower horde_fetch_window_inline. */
static inline void fetch_border_lane(const horde_view *v, int32_t wx, int32_t wy, int32_t wz,
                                     const window_chunks *c, int l, int levels, uint32_t *occ,
                                     size_t stride)
{
    const int sh = wx & 31, ly0 = wy & 31, lz0 = wz & 31, split = HORDE_CHUNK_SIZE - ly0;
    const horde_chunk *const here[2] = {horde_view_at(v, c->in0[l], c->idx0[l]),
                                        horde_view_at(v, c->in1[l], c->idx1[l])};
    if (HORDE_WIN_IN_CHUNK(lz0)) {
        /* Across an x border only (one window in 11 at a random offset): two chunks side
         * by side, each level from both with fetch4x2. */
        const horde_chunk *const next[2] = {horde_view_at(v, c->in0x[l], c->idx0x[l]),
                                            horde_view_at(v, c->in1x[l], c->idx1x[l])};
        for (int j = 0; j < levels; j++) {
            const int yb = j >= split, ly = (ly0 + j) & (HORDE_CHUNK_SIZE - 1);
            occ[(size_t)j * stride] = fetch4x2(&here[yb]->rows[ly][lz0], &next[yb]->rows[ly][lz0], sh);
        }
        return;
    }
    if (HORDE_WIN_IN_CHUNK(sh)) {
        /* Across a z border only: the chunk's last four rows and the next chunk's first
         * four, each read with fetch4, side by side in 64 bits (a byte per row), then
         * shifted to start at row lz0. */
        const horde_chunk *const next[2] = {horde_view_at(v, c->in0z[l], c->idx0z[l]),
                                            horde_view_at(v, c->in1z[l], c->idx1z[l])};
        const int drop = 8 * (lz0 - HORDE_WIN_LAST_START);
        for (int j = 0; j < levels; j++) {
            const int yb = j >= split, ly = (ly0 + j) & (HORDE_CHUNK_SIZE - 1);
            const uint64_t pair = fetch4(&here[yb]->rows[ly][HORDE_WIN_LAST_START], sh) |
                                  (uint64_t)fetch4(&next[yb]->rows[ly][0], sh) << 32;
            occ[(size_t)j * stride] = (uint32_t)(pair >> drop);
        }
        return;
    }
    uint32_t o[HORDE_CHUNK_SIZE];
    horde_fetch_window_inline(v, wx, wy, wz, levels, o);
    for (int j = 0; j < levels; j++)
        occ[(size_t)j * stride] = o[j];
}

/* Most levels a fetch_windows call reads (the kernels read 5; each caller asserts its
 * count against this). */
#define FETCH_MAX_LEVELS 8
_Static_assert(HORDE_WIN_LEVELS <= FETCH_MAX_LEVELS, "fetch_windows sizes above[] for FETCH_MAX_LEVELS");
/* Bytes from a chunk row to the same row one level up. */
#define ROW_LEVEL_BYTES (HORDE_CHUNK_SIZE * sizeof(uint32_t))

/* The windows of W lanes at origins (wx, wy, wz), as fetch_border_lane, into
 * occ[j * stride + lane]; lanes outside `go` get empty windows. A window inside one
 * chunk column in x and z (the common case) reads level j's four rows with one
 * fetch4_bytes, from the chunk holding its first level (c0) below level `split` and
 * from the one above (c1) from there on; split = 32 - (wy & 31) lies past the last
 * level when the window is inside one chunk. Where the rows lie, and which level comes
 * from which chunk, is worked out W lanes at a time, so the per-lane loop does not branch
 * on one chunk or two layers (NPCs standing on a floor at y = 0, a chunk layer border,
 * mix both, and such a branch mispredicts); its one branch, on the rare border windows,
 * predicts well. The per-lane loads stay scalar: an AVX2 gather of 4 elements costs more
 * than the 4 loads it replaces, and the stores and reloads into occ[] cost little. */
HORDE_FORCE_INLINE void fetch_windows_inline(const horde_view *v, const view_lanes *L, wi wx, wi wy, wi wz, wi go, int levels,
                                 uint32_t *occ, size_t stride)
{
    window_chunks c;
    const wi cx = wi_sra(wx, 5), cy = wi_sra(wy, 5), cz = wi_sra(wz, 5);
    const wi cy1 = wi_sra(wi_add(wy, wi_set(levels - 1)), 5);
    const view_xz q = view_columns(L, cx, cz);
    window_chunks_of(L, &q, cy, cy1, &c);
    const wi m31 = wi_set(HORDE_CHUNK_SIZE - 1), sh = wi_and(wx, m31), ly0 = wi_and(wy, m31), lz0 = wi_and(wz, m31);
    /* edge > s: HORDE_WIN_IN_CHUNK(s) for W lanes. */
    const wi edge = wi_set(HORDE_WIN_LAST_START + 1);
    const wi easy = wi_and(go, wi_and(wi_gt(edge, sh), wi_gt(edge, lz0)));
    int32_t ash[W], aoff[W], alz[W], asplit[W], awx[W], awy[W], awz[W];
    wi_store((uint32_t *)ash, sh);
    wi_store((uint32_t *)aoff, wi_add(wi_shl(ly0, 5), lz0)); /* level 0's first row in c0 */
    wi_store((uint32_t *)alz, lz0);
    const wi split = wi_sub(wi_set(HORDE_CHUNK_SIZE), ly0);
    wi_store((uint32_t *)asplit, split);
    /* above[j]: all ones where level j comes from c1 (j >= split). */
    int32_t above[FETCH_MAX_LEVELS][W];
    for (int j = 0; j < levels; j++)
        wi_store((uint32_t *)above[j], wi_gt(wi_set(j + 1), split));
    const int bits_go = wi_bits(go), bits_easy = wi_bits(easy);
    if (bits_go != bits_easy) {
        window_chunks_across(L, &q, cy, cy1, &c);
        wi_store((uint32_t *)awx, wx), wi_store((uint32_t *)awy, wy), wi_store((uint32_t *)awz, wz);
    }
    for (int l = 0; l < W; l++) {
        uint32_t *o = occ + l;
        if (bits_easy >> l & 1) {
            /* Level j's rows: 32 j rows after level 0's in c0 below split, 32 (j - split)
             * rows after layer 0's in c1 from there on. As addresses, so that the choice
             * is a mask, not a branch on split (the compiler turned a ternary into a jump
             * per level), counted in bytes from the start of rows (indexing rows[0] past
             * its 32 entries is out of bounds in C; clang's UBSan caught that). */
            const uintptr_t a0 = (uintptr_t)horde_view_at(v, c.in0[l], c.idx0[l])->rows +
                                 (uintptr_t)aoff[l] * sizeof(uint32_t);
            const uintptr_t a1 = (uintptr_t)horde_view_at(v, c.in1[l], c.idx1[l])->rows +
                                 (uintptr_t)alz[l] * sizeof(uint32_t) - (uintptr_t)asplit[l] * ROW_LEVEL_BYTES;
            const uintptr_t up = a1 - a0;
            for (int j = 0; j < levels; j++) {
                const uintptr_t from_c1 = up & (uintptr_t)(intptr_t)above[j][l];
                o[(size_t)j * stride] = fetch4_bytes((const uint32_t *)(a0 + from_c1 + (uintptr_t)j * ROW_LEVEL_BYTES), ash[l]);
            }
        } else if (bits_go >> l & 1) {
            fetch_border_lane(v, awx[l], awy[l], awz[l], &c, l, levels, o, stride);
        } else {
            for (int j = 0; j < levels; j++)
                o[(size_t)j * stride] = 0;
        }
    }
    /* fetch4_bytes leaves bits 4..7 of each row's byte to this mask, W lanes at a time
     * (masking each lane, so that no wide load follows the narrow stores, is no faster). */
    for (int j = 0; j < levels; j++) {
        uint32_t *const lvl = occ + (size_t)j * stride;
        wi_store(lvl, wi_and(wi_load(lvl), wi_set(0x0f0f0f0f)));
    }
}

/* fetch_windows_inline, inlined or not as the compiler decides, with the view's lanes set
 * per call of it (the cylinder kernels). A caller with several level counts, or many
 * groups, takes fetch_windows_inline with view_lanes_of once. */
static inline void fetch_windows(const horde_view *v, wi wx, wi wy, wi wz, wi go, int levels, uint32_t *occ,
                                 size_t stride)
{
    const view_lanes L = view_lanes_of(v);
    fetch_windows_inline(v, &L, wx, wy, wz, go, levels, occ, stride);
}


#endif
