/* Internal: the movers' occupancy windows for one ISA (included after wide.h, which
 * provides fetch4: four rows of a level in one 128-bit load). Shared by every SIMD voxel
 * kernel; integer work only, so it cannot break bit-exactness. */
#ifndef HORDE_FETCH_TMPL_H
#define HORDE_FETCH_TMPL_H

#include "window.h"
#include "wide.h"

/* Where W windows' chunks are: the clipped grid index (horde_view_at) of the chunk
 * holding each window's first level, and of the one holding its last, with whether
 * each lies in the view. Computed W lanes at a time, so the per-lane fetch is a load
 * and two selects instead of three compares and a 64-bit index. */
typedef struct window_chunks {
    int32_t idx0[W], idx1[W];
    uint32_t in0[W], in1[W];
    int32_t idx0x[W], idx0z[W]; /* the chunks after idx0's in x and in z */
    uint32_t in0x[W], in0z[W];
} window_chunks;

static inline wi view_index(const horde_view *v, wi cx, wi cy, wi cz, wi *in)
{
    /* |c| < 2^25 and |o| <= 2^25 (window.h): the differences cannot wrap. */
    const wi gx = wi_sub(cx, wi_set(v->ox)), gy = wi_sub(cy, wi_set(v->oy));
    const wi gz = wi_sub(cz, wi_set(v->oz)), neg = wi_set(-1);
    *in = wi_and(wi_and(wi_and(wi_gt(gx, neg), wi_gt(wi_set((int32_t)v->nx), gx)),
                        wi_and(wi_gt(gy, neg), wi_gt(wi_set((int32_t)v->ny), gy))),
                 wi_and(wi_gt(gz, neg), wi_gt(wi_set((int32_t)v->nz), gz)));
    /* Where in: the index of a pointer of the grid, every term at most that index.
     * Elsewhere unused, and zeroed first so that no product overflows. */
    return wi_add(wi_and(*in, gx), wi_add(wi_mullo(wi_and(*in, gz), wi_set((int32_t)v->sz)),
                                          wi_mullo(wi_and(*in, gy), wi_set((int32_t)v->sy))));
}

static inline void window_chunks_of(const horde_view *v, wi wx, wi wy, wi wz, int levels,
                                    window_chunks *c)
{
    wi in;
    const wi cx = wi_sra(wx, 5), cz = wi_sra(wz, 5), cy = wi_sra(wy, 5);
    wi_store((uint32_t *)c->idx0, view_index(v, cx, cy, cz, &in));
    wi_store(c->in0, in);
    wi_store((uint32_t *)c->idx0x, view_index(v, wi_add(cx, wi_set(1)), cy, cz, &in));
    wi_store(c->in0x, in);
    wi_store((uint32_t *)c->idx0z, view_index(v, cx, cy, wi_add(cz, wi_set(1)), &in));
    wi_store(c->in0z, in);
    wi_store((uint32_t *)c->idx1, view_index(v, cx, wi_sra(wi_add(wy, wi_set(levels - 1)), 5), cz, &in));
    wi_store(c->in1, in);
}

/* occ[j * stride] bit (i + 8k) = block (wx + i, wy + j, wz + k) is solid, for i, k in
 * 0..3 and j in 0..levels - 1 (levels <= 32, a constant after inlining); lane `l` of
 * `c` locates its chunks. A window inside one chunk column in x and z (the common case)
 * reads each level with one fetch4 from at most two chunk layers (one branch for
 * both cases was tried: the per-level chunk select cost more than the occasional
 * mispredicted branch); a window across an x or z chunk border takes the general fetch
 * of window.h. */
static inline void fetch_window_lane(const horde_view *v, int32_t wx, int32_t wy, int32_t wz,
                                     const window_chunks *c, int l, int levels, uint32_t *occ,
                                     size_t stride)
{
    const int sh = wx & 31, ly0 = wy & 31, lz0 = wz & 31;
    if (HORDE_WIN_IN_CHUNK(sh) && HORDE_WIN_IN_CHUNK(lz0)) {
        const horde_chunk *c0 = horde_view_at(v, c->in0[l], c->idx0[l]);
        if (ly0 + levels <= HORDE_CHUNK_SIZE) {
            /* One chunk: level j's rows are j rows of 32 further, a constant offset. */
            const uint32_t *row = &c0->rows[ly0][lz0];
            for (int j = 0; j < levels; j++)
                occ[(size_t)j * stride] = fetch4(row + j * HORDE_CHUNK_SIZE, sh);
            return;
        }
        const horde_chunk *c1 = horde_view_at(v, c->in1[l], c->idx1[l]);
        for (int j = 0; j < levels; j++) {
            const int ly = ly0 + j;
            occ[(size_t)j * stride] = fetch4(&(ly > 31 ? c1 : c0)->rows[ly & 31][lz0], sh);
        }
        return;
    }
    if (HORDE_WIN_IN_CHUNK(lz0) && ly0 + levels <= HORDE_CHUNK_SIZE) {
        /* Across an x border only (one window in 11 at a random offset): two chunks side
         * by side, each level from both with fetch4x2. */
        const uint32_t *lo = &horde_view_at(v, c->in0[l], c->idx0[l])->rows[ly0][lz0];
        const uint32_t *hi = &horde_view_at(v, c->in0x[l], c->idx0x[l])->rows[ly0][lz0];
        for (int j = 0; j < levels; j++)
            occ[(size_t)j * stride] = fetch4x2(lo + j * HORDE_CHUNK_SIZE, hi + j * HORDE_CHUNK_SIZE, sh);
        return;
    }
    if (HORDE_WIN_IN_CHUNK(sh) && ly0 + levels <= HORDE_CHUNK_SIZE) {
        /* Across a z border only: the chunk's last four rows and the next chunk's first
         * four, each read with fetch4, side by side in 64 bits (a byte per row), then
         * shifted to start at row lz0. */
        const int drop = 8 * (lz0 - (HORDE_CHUNK_SIZE - HORDE_WIN_COLS));
        const uint32_t *lo = &horde_view_at(v, c->in0[l], c->idx0[l])->rows[ly0][HORDE_CHUNK_SIZE - HORDE_WIN_COLS];
        const uint32_t *hi = &horde_view_at(v, c->in0z[l], c->idx0z[l])->rows[ly0][0];
        for (int j = 0; j < levels; j++) {
            const uint64_t pair = fetch4(lo + j * HORDE_CHUNK_SIZE, sh) |
                                  (uint64_t)fetch4(hi + j * HORDE_CHUNK_SIZE, sh) << 32;
            occ[(size_t)j * stride] = (uint32_t)(pair >> drop);
        }
        return;
    }
    uint32_t o[HORDE_CHUNK_SIZE];
    horde_fetch_window_inline(v, wx, wy, wz, levels, o);
    for (int j = 0; j < levels; j++)
        occ[(size_t)j * stride] = o[j];
}

#endif
