/* The voxel fetch stage shared by every backend: integer only, so it cannot break
 * bit-exactness, and it is where chunk borders are handled. */
#include "window.h"

/* Levels [j0, j0 + count) of the window, all inside chunk layer cy (local ly0). */
static void fetch_run(const horde_world *w, int32_t wx, int32_t cy, int ly0, int32_t wz, int j0,
                      int count, uint32_t *occ)
{
    const int32_t cx0 = wx >> 5, cz0 = wz >> 5;
    const int sh = wx & 31, lz0 = wz & 31;
    if (HORDE_WIN_IN_CHUNK(sh) && HORDE_WIN_IN_CHUNK(lz0)) {
        /* One chunk, four consecutive rows per level: the common case. */
        const uint32_t *row = &horde_world_chunk(w, cx0, cy, cz0)->rows[ly0][lz0];
        for (int j = 0; j < count; j++, row += HORDE_CHUNK_SIZE)
            occ[j0 + j] = ((row[0] >> sh) & 15u) | ((row[1] >> sh) & 15u) << 8 |
                          ((row[2] >> sh) & 15u) << 16 | ((row[3] >> sh) & 15u) << 24;
        return;
    }
    /* The window's x or z range crosses a chunk border: up to 2 x 2 chunks. */
    const horde_chunk *c[2][2];
    for (int b = 0; b < 2; b++) {
        c[b][0] = horde_world_chunk(w, cx0, cy, cz0 + b);
        c[b][1] = !HORDE_WIN_IN_CHUNK(sh) ? horde_world_chunk(w, cx0 + 1, cy, cz0 + b) : c[b][0];
    }
    for (int j = 0; j < count; j++) {
        uint32_t bits = 0;
        for (int k = 0; k < 4; k++) {
            const int b = lz0 + k > 31, lz = (lz0 + k) & 31;
            const uint64_t row = c[b][0]->rows[ly0 + j][lz] |
                                 (uint64_t)c[b][1]->rows[ly0 + j][lz] << 32;
            bits |= (uint32_t)((row >> sh) & 15u) << (8 * k);
        }
        occ[j0 + j] = bits;
    }
}

void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ)
{
    /* Split the levels where they cross a chunk layer (at most once: levels <= 32). */
    const int ly0 = wy & 31;
    const int first = levels < 32 - ly0 ? levels : 32 - ly0;
    fetch_run(w, wx, wy >> 5, ly0, wz, 0, first, occ);
    if (first < levels)
        fetch_run(w, wx, (wy >> 5) + 1, 0, wz, first, levels - first, occ);
}
