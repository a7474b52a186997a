/* Internal: the occupancy window every voxel kernel reads, and chunk lookup. */
#ifndef HORDE_WINDOW_H
#define HORDE_WINDOW_H

#include "horde/world.h"

/* Block levels in a cylinder window: one below the feet level, the feet level and
 * three above (enough for height <= 3 plus a one-level push up or down). */
#define HORDE_WIN_LEVELS 5

/* Never NULL: missing chunks resolve to a shared all-air or all-solid chunk. */
const horde_chunk *horde_world_chunk(const horde_world *w, int32_t cx, int32_t cy, int32_t cz);

/* occ[j] bit (i + 4*k) = block (wx+i, wy+j, wz+k) is solid, for i, k in 0..3 and
 * j in 0..levels-1. Coordinates must satisfy |w*| < 2^30. */
void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ);

#endif
