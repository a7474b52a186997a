/* The voxel fetch stage shared by every backend: integer only, so it cannot break
 * bit-exactness, and it is where chunk borders are handled. */
#include "window.h"

void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ)
{
    /* x: bits wx..wx+3 live in chunk column cx0 (and cx0 + 1 when they cross it). */
    const int32_t cx0 = wx >> 5;
    const int sh = wx & 31;
    const int32_t cz0 = wz >> 5, cy0 = wy >> 5;
    /* The window spans at most two chunks per axis: cache the 2 x 2 x 2 lookups. */
    const horde_chunk *c[2][2][2];
    const int ny2 = ((wy + levels - 1) >> 5) != cy0;
    const int nz2 = ((wz + 3) >> 5) != cz0;
    const int nx2 = sh > 28;
    for (int a = 0; a <= ny2; a++)
        for (int b = 0; b <= nz2; b++) {
            c[a][b][0] = horde_world_chunk(w, cx0, cy0 + a, cz0 + b);
            c[a][b][1] = nx2 ? horde_world_chunk(w, cx0 + 1, cy0 + a, cz0 + b) : c[a][b][0];
        }
    for (int j = 0; j < levels; j++) {
        const int32_t yy = wy + j;
        const int a = (yy >> 5) != cy0;
        const int ly = yy & 31;
        uint32_t bits = 0;
        for (int k = 0; k < 4; k++) {
            const int32_t zz = wz + k;
            const int b = (zz >> 5) != cz0;
            const int lz = zz & 31;
            uint64_t row = c[a][b][0]->rows[ly][lz];
            row |= (uint64_t)c[a][b][1]->rows[ly][lz] << 32;
            bits |= (uint32_t)((row >> sh) & 15u) << (4 * k);
        }
        occ[j] = bits;
    }
}
