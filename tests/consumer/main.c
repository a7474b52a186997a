/* SPDX-License-Identifier: MIT */
/* A downstream program: builds against an installed horde (pkg-config) or horde as a
 * meson subproject, and checks one push through the public API. */
#include <horde/horde.h>
#include <stdio.h>

int main(void)
{
    static horde_chunk chunk; /* zero: all air */
    const horde_chunk *grid[1] = {&chunk};
    horde_world w;
    horde_chunk_set(&chunk, 4, 0, 4, 1);
    if (horde_world_init(&w, grid, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY) != HORDE_OK)
        return 1;
    float x = 4.5f, y = 0.9f, z = 4.5f, r = 0.3f, h = 1.8f, ox, oy, oz;
    uint32_t f;
    horde_cylinder_push_batch b = {&x, &y, &z, &r, &h, &ox, &oy, &oz, &f, 1};
    if (horde_cylinder_push(&w, &b) != HORDE_OK || oy != 1.0f ||
        f != (HORDE_FLAG_COLLIDED | HORDE_FLAG_ON_GROUND)) {
        fprintf(stderr, "consumer: unexpected result y=%g flags=%#x\n", oy, (unsigned)f);
        return 1;
    }
    printf("consumer ok (backend %s)\n", horde_isa_active_name());
    return 0;
}
