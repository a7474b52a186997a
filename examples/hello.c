/* SPDX-License-Identifier: MIT */
/* horde's hello world: one chunk of voxels, a few movers, one horde_cylinder_push call.
 * README's "A first kernel call" walks through it. Run as the test example_hello. */
#include <horde/horde.h>
#include <math.h>
#include <stdio.h>

int main(void)
{
    /* The engine owns its chunks; horde reads them through a world view. */
    static horde_chunk chunk;                 /* 32 x 32 x 32 blocks, all air */
    for (int x = 0; x < 32; x++)              /* a floor: blocks (x, 0, z) */
        for (int z = 0; z < 32; z++)
            horde_chunk_set(&chunk, x, 0, z, 1);
    horde_chunk_set(&chunk, 10, 1, 8, 1);     /* a block on the floor */

    const horde_chunk *grid[1] = {&chunk};    /* a 1 x 1 x 1 view at chunk (0, 0, 0) */
    horde_world world;
    if (horde_world_init(&world, grid, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY) != HORDE_OK)
        return 1;

    /* Four NPCs (radius 0.3, height 1.8) as a structure of arrays; position = bottom
     * centre, y up. 0: sunk into the floor; 1: standing on it; 2: inside the side of the
     * block at (10, 1, 8); 3: invalid (NaN). */
    enum { N = 4 };
    const float x[N] = {4.5f, 6.5f, 9.9f, NAN};
    const float y[N] = {0.8f, 1.0f, 1.0f, 1.0f};
    const float z[N] = {4.5f, 6.5f, 8.5f, 2.5f};
    const float radius[N] = {0.3f, 0.3f, 0.3f, 0.3f};
    const float height[N] = {1.8f, 1.8f, 1.8f, 1.8f};
    float out_x[N], out_y[N], out_z[N];
    uint32_t out_flags[N];

    const horde_cylinder_push_batch batch = {
        .x = x, .y = y, .z = z, .radius = radius, .height = height,
        .out_x = out_x, .out_y = out_y, .out_z = out_z, .out_flags = out_flags, .n = N,
    };
    const horde_status st = horde_cylinder_push(&world, &batch);
    if (st != HORDE_OK) {                     /* a bad call: NULL pointer or bad world view */
        fprintf(stderr, "horde_cylinder_push: %s\n", horde_status_string(st));
        return 1;
    }

    printf("backend: %s\n", horde_isa_active_name());
    for (int i = 0; i < N; i++)
        printf("mover %d: (%g, %g, %g) -> (%g, %g, %g)%s%s%s%s\n", i, x[i], y[i], z[i],
               out_x[i], out_y[i], out_z[i],
               out_flags[i] & HORDE_FLAG_COLLIDED ? " COLLIDED" : "",
               out_flags[i] & HORDE_FLAG_ON_GROUND ? " ON_GROUND" : "",
               out_flags[i] & HORDE_FLAG_HIT_WALL ? " HIT_WALL" : "",
               out_flags[i] & HORDE_FLAG_INVALID ? " INVALID" : "");

    /* What the kernel promises for these movers (so the example is also a test). */
    const int ok = out_y[0] == 1.0f && (out_flags[0] & HORDE_FLAG_ON_GROUND) &&
                   out_flags[1] == HORDE_FLAG_ON_GROUND && out_y[1] == 1.0f &&
                   (out_flags[2] & HORDE_FLAG_HIT_WALL) && out_x[2] < 10.0f - 0.3f &&
                   out_flags[3] == HORDE_FLAG_INVALID;
    puts(ok ? "ok" : "unexpected result");
    return ok ? 0 : 1;
}
