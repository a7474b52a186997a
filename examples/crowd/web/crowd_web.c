/* SPDX-License-Identifier: MIT */
/* The crowd example in a browser: crowd.c's world and frame, built for wasm32 with SIMD128
 * as a WASI reactor (no main), driven by index.html through these exports. */
#define CROWD_WEB 1
#include "../crowd.c"

#define EXPORT(name) __attribute__((export_name(name)))

static crowd web;
static frame_stats web_stats;
static int web_frames;
static uint8_t web_map[SIZE * SIZE]; /* top solid level per column, for the page's map */

EXPORT("crowd_init") int crowd_web_init(int npcs)
{
    if (npcs < 1 || npcs > (1 << 16))
        return 0;
    build_world();
    for (int z = 0; z < SIZE; z++)
        for (int x = 0; x < SIZE; x++) {
            int top = 0;
            for (int y = HEIGHT - 1; y >= 0 && !top; y--)
                if (horde_world_solid(&world, x, y, z))
                    top = y + 1;
            web_map[z * SIZE + x] = (uint8_t)top;
        }
    crowd_init(&web, npcs);
    memset(&web_stats, 0, sizeof web_stats);
    web_frames = 0;
    return npcs;
}

/* Steps `frames` frames; returns the milliseconds they took (horde's kernels and the
 * example's own per-NPC work). */
EXPORT("crowd_step") double crowd_web_step(int frames)
{
    const double t0 = now();
    for (int f = 0; f < frames; f++)
        step(&web, horde_isa_active(), web_frames++, &web_stats);
    return 1e3 * (now() - t0);
}

EXPORT("crowd_frames") int crowd_web_frames(void) { return web_frames; }
EXPORT("crowd_x") const float *crowd_web_x(void) { return web.x; }
EXPORT("crowd_z") const float *crowd_web_z(void) { return web.z; }
EXPORT("crowd_map") const uint8_t *crowd_web_map(void) { return web_map; }
EXPORT("crowd_trees") int crowd_web_trees(void) { return (int)trees.n; }
EXPORT("crowd_tree_x") const float *crowd_web_tree_x(void) { return tree_x; }
EXPORT("crowd_tree_z") const float *crowd_web_tree_z(void) { return tree_z; }
EXPORT("crowd_tree_r") const float *crowd_web_tree_r(void) { return tree_r; }
EXPORT("crowd_backend") const char *crowd_web_backend(void) { return horde_isa_active_name(); }
EXPORT("crowd_sight") const uint32_t *crowd_web_sight(void) { return web.sight; } /* 0: sees the beacon */
EXPORT("crowd_beacon_x") float crowd_web_beacon_x(void) { return beacon_x; }
EXPORT("crowd_beacon_z") float crowd_web_beacon_z(void) { return beacon_z; }
EXPORT("crowd_reached") int crowd_web_reached(void)
{
    int n = 0;
    for (int i = 0; i < web.n; i++)
        n += web.reached[i];
    return n;
}
EXPORT("crowd_bad") int crowd_web_bad(void) /* NaN positions or NPCs inside a block */
{
    int n = 0;
    for (int i = 0; i < web.n; i++)
        n += !(isfinite(web.x[i]) && isfinite(web.y[i]) && isfinite(web.z[i])) ||
             horde_world_solid(&world, (int32_t)floorf(web.x[i]), (int32_t)floorf(web.y[i] + 0.5f),
                               (int32_t)floorf(web.z[i]));
    return n;
}
