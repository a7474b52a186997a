/* The voxel fetch stage shared by every backend: integer only, so it cannot break
 * bit-exactness, and it is where chunk borders are handled. */
#include "window.h"

void horde_fetch_window(const horde_world *w, int32_t wx, int32_t wy, int32_t wz, int levels,
                        uint32_t *occ)
{
    horde_fetch_window_inline(w, wx, wy, wz, levels, occ);
}
