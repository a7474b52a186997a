/* SPDX-License-Identifier: MIT */
/* White-box: the world view the SIMD voxel paths resolve once per call (window.h,
 * horde_view_init) returns, for every chunk coordinate a kernel can reach, [-2^25, 2^25) on each axis: grids at
 * the grid's pointer when the chunk is in the grid and not NULL, else an all-air or
 * all-solid stand-in by the missing policy (a model in 64-bit arithmetic from world.h's
 * definition). Grids at extreme origins (INT32_MIN, INT32_MAX - n, straddling the reach limits), empty grids,
 * NULL chunks and both missing-chunk policies. Queries cover every grid cell, one
 * chunk around the grid, the reach limits, and random coordinates. */
#include <inttypes.h>
#include <stdint.h>

#include "testutil.h"
#include "voxel/window.h"

static const int32_t origins[] = {0, -1, 7, -HORDE_VIEW_REACH - 2, -HORDE_VIEW_REACH,
                                  -HORDE_VIEW_REACH + 1, HORDE_VIEW_REACH - 3, HORDE_VIEW_REACH - 1,
                                  HORDE_VIEW_REACH, HORDE_VIEW_REACH + 5, INT32_MIN, INT32_MIN + 1,
                                  INT32_MAX - 4, INT32_MAX - 1, -40000, 123456};
enum { NORIG = sizeof origins / sizeof origins[0] };

static horde_chunk pool[64]; /* distinct addresses to compare; never read */

static const horde_chunk *model(const horde_world *w, int64_t cx, int64_t cy, int64_t cz)
{
    const int64_t gx = cx - w->origin_cx, gy = cy - w->origin_cy, gz = cz - w->origin_cz;
    if (gx < 0 || gy < 0 || gz < 0 || gx >= w->nx || gy >= w->ny || gz >= w->nz)
        return NULL;
    return w->chunks[gx + w->nx * (gz + w->nz * gy)];
}

static int is_filled(const horde_chunk *c, uint32_t row)
{
    for (int y = 0; y < HORDE_CHUNK_SIZE; y++)
        for (int z = 0; z < HORDE_CHUNK_SIZE; z++)
            if (c->rows[y][z] != row)
                return 0;
    return 1;
}

static int same_everywhere(const horde_world *w, tu_rng *rng)
{
    horde_view v;
    horde_view_init(&v, w);
    int bad = 0;
    if (!is_filled(v.fill, w->missing == HORDE_MISSING_SOLID ? 0xffffffffu : 0u) && bad++ < 5)
        fprintf(stderr, "missing-chunk stand-in does not match the policy\n");
    const int32_t reach_lo = -HORDE_VIEW_REACH, reach_hi = HORDE_VIEW_REACH - 1;
#define CLAMPED(o, d) ((int64_t)(o) + (d) < reach_lo ? reach_lo : (int64_t)(o) + (d) > reach_hi ? reach_hi : (int32_t)((int64_t)(o) + (d)))
#define PROBE(cx, cy, cz)                                                                    \
    do {                                                                                     \
        const horde_chunk *a = model(w, cx, cy, cz), *b = horde_view_chunk(&v, cx, cy, cz); \
        if ((a ? a != b : b != v.fill) && bad++ < 5)                                         \
            fprintf(stderr, "view differs at chunk (%" PRId32 ", %" PRId32 ", %" PRId32 ") of grid " \
                    "origin (%" PRId32 ", %" PRId32 ", %" PRId32 ") size %dx%dx%d\n", (int32_t)(cx), \
                    (int32_t)(cy), (int32_t)(cz), w->origin_cx, w->origin_cy, w->origin_cz, \
                    (int)w->nx, (int)w->ny, (int)w->nz);                                     \
    } while (0)
    /* The grid and one chunk around it, clamped into reach. */
    for (int dy = -1; dy <= w->ny; dy++)
        for (int dz = -1; dz <= w->nz; dz++)
            for (int dx = -1; dx <= w->nx; dx++)
                PROBE(CLAMPED(w->origin_cx, dx), CLAMPED(w->origin_cy, dy), CLAMPED(w->origin_cz, dz));
    /* The reach limits and random coordinates. */
    const int32_t edges[] = {reach_lo, reach_lo + 1, -1, 0, 1, reach_hi - 1, reach_hi};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
            PROBE(edges[i], edges[j], edges[(i + j) % 7]);
    for (int i = 0; i < 2000; i++) {
        const int32_t cx = (int32_t)(tu_next(rng) % (2u * HORDE_VIEW_REACH)) - HORDE_VIEW_REACH;
        const int32_t cy = (int32_t)(tu_next(rng) % (2u * HORDE_VIEW_REACH)) - HORDE_VIEW_REACH;
        const int32_t cz = (int32_t)(tu_next(rng) % (2u * HORDE_VIEW_REACH)) - HORDE_VIEW_REACH;
        PROBE(cx, cy, cz);
    }
#undef PROBE
#undef CLAMPED
    return bad;
}

int main(void)
{
    tu_rng rng = {20261124};
    const horde_chunk *ptrs[64];
    int worlds = 0;
    for (int oi = 0; oi < NORIG; oi++)
        for (int sizes = 0; sizes < 6; sizes++) {
            const int32_t nx = sizes == 0 ? 0 : 1 + (int32_t)tu_below(&rng, 4);
            const int32_t ny = 1 + (int32_t)tu_below(&rng, 3), nz = 1 + (int32_t)tu_below(&rng, 4);
            for (int i = 0; i < 64; i++)
                ptrs[i] = tu_below(&rng, 4) ? &pool[i] : NULL;
            const int32_t ox = origins[oi], oy = origins[(oi + sizes) % NORIG];
            const int32_t oz = origins[(oi + 3 * sizes) % NORIG];
            for (int policy = 0; policy < 2; policy++) {
                horde_world w;
                if (horde_world_init(&w, ptrs, ox, oy, oz, nx, ny, nz, (horde_missing)policy) != HORDE_OK)
                    continue;
                worlds++;
                CHECK(same_everywhere(&w, &rng) == 0, "origin (%d, %d, %d)", (int)ox, (int)oy, (int)oz);
            }
        }
    CHECK(worlds >= 2 * NORIG * 5, "only %d worlds built", worlds);
    return tu_finish("view");
}
