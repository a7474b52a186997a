/* SPDX-License-Identifier: MIT */
/* horde_voxel_los_poles for one ISA; voxel_los_poles_ref.c defines the result. Blocks of
 * segments: their voxel answers by this backend's horde_voxel_los into the block's own
 * arrays, then each valid lane's poles through the shared scalar walk (los_poles.c), then
 * the block's outputs. A block reads all its inputs before it writes, so outputs that are
 * the inputs' own arrays stay right. */
#include "simd/template.h"
#include "voxel_raycast.h"
#include "los_poles.h"

enum { LOS_BLOCK = 64 };

HORDE_TEMPLATE(voxel_los_poles)
{
    for (size_t i = 0; i < b->n; i += LOS_BLOCK) {
        const size_t m = b->n - i < LOS_BLOCK ? b->n - i : LOS_BLOCK;
        float in[6][LOS_BLOCK], t[LOS_BLOCK];
        uint32_t f[LOS_BLOCK];
        const float *const src[6] = {b->x0, b->y0, b->z0, b->x1, b->y1, b->z1};
        for (int k = 0; k < 6; k++)
            for (size_t j = 0; j < m; j++)
                in[k][j] = src[k][i + j];
        const horde_voxel_los_batch v = {in[0], in[1], in[2], in[3], in[4], in[5], t, f, m};
        HORDE_FN(voxel_los)(w, &v);
        for (size_t j = 0; j < m; j++) {
            if (f[j] & HORDE_FLAG_INVALID)
                continue;
            const float p0[3] = {in[0][j], in[1][j], in[2][j]}, p1[3] = {in[3][j], in[4][j], in[5][j]};
            horde_los_poles_lane(g, poles, p0, p1, &t[j], &f[j]);
        }
        for (size_t j = 0; j < m; j++)
            b->out_t[i + j] = t[j], b->out_flags[i + j] = f[j];
    }
}
