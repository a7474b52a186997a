/* SPDX-License-Identifier: MIT */
#include "scene.h"

#include <stdlib.h>

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int hash3(uint64_t seed, int x, int y, int z, int mod)
{
    uint64_t h = mix(seed ^ mix((uint64_t)(uint32_t)x ^ mix((uint64_t)(uint32_t)y << 1 ^
                                                            mix((uint64_t)(uint32_t)z << 2))));
    return (int)(h % (uint64_t)mod);
}

const char *scene_name(scene_kind kind)
{
    static const char *const names[SCENE_COUNT] = {"empty", "full", "checker",
                                                   "random", "game", "holes"};
    return (unsigned)kind < SCENE_COUNT ? names[kind] : "?";
}

void scene_set(scene *s, int bx, int by, int bz, int solid)
{
    const horde_world *w = &s->world;
    int cx = (bx >> 5) - w->origin_cx, cy = (by >> 5) - w->origin_cy, cz = (bz >> 5) - w->origin_cz;
    if (cx < 0 || cy < 0 || cz < 0 || cx >= w->nx || cy >= w->ny || cz >= w->nz)
        return;
    horde_chunk_set(&s->chunks[cx + w->nx * (cz + w->nz * cy)], bx & 31, by & 31, bz & 31, solid);
}

/* The game scene: a floor at y = -1 (top at 0), hills of 1..2 blocks, walls with
 * doorways every 16 blocks, pillars, and caves carved under the floor. Roughly 30 %
 * of the blocks in the band y in [0, 3) are solid. */
static int game_block(uint64_t seed, int x, int y, int z)
{
    if (y < -1) { /* underground: solid rock with caves */
        return y > -12 ? hash3(seed, x / 3, y / 2, z / 3, 10) >= 4 : 1;
    }
    if (y == -1)
        return hash3(seed, x, 0, z, 50) != 0; /* floor with rare holes */
    if (y > 6)
        return 0;
    int wall = ((x & 15) == 0 || (z & 15) == 0) && y < 4;
    int door = ((x & 15) == 0 && (z & 15) >= 6 && (z & 15) <= 8 && y < 2) ||
               ((z & 15) == 0 && (x & 15) >= 6 && (x & 15) <= 8 && y < 2);
    if (wall && !door)
        return 1;
    int hill = hash3(seed, x >> 2, 7, z >> 2, 10);
    if (hill < 3 && y < (hill == 0 ? 2 : 1))
        return 1; /* low hills and steps */
    if (y < 3 && hash3(seed, x, 9, z, 100) < 12)
        return 1; /* pillars, crates */
    return 0;
}

int scene_build(scene *s, scene_kind kind, uint64_t seed)
{
    const int n = SCENE_GX * SCENE_GY * SCENE_GZ;
    s->chunks = (horde_chunk *)calloc((size_t)n, sizeof *s->chunks);
    s->ptrs = (const horde_chunk **)calloc((size_t)n, sizeof *s->ptrs);
    s->name = scene_name(kind);
    if (!s->chunks || !s->ptrs)
        return -1;
    for (int i = 0; i < n; i++)
        s->ptrs[i] = &s->chunks[i];
    horde_missing missing = (kind == SCENE_FULL || kind == SCENE_HOLES) ? HORDE_MISSING_SOLID
                                                                        : HORDE_MISSING_EMPTY;
    if (horde_world_init(&s->world, s->ptrs, -1, -1, -1, SCENE_GX, SCENE_GY, SCENE_GZ, missing))
        return -1;
    for (int y = -32; y < 32; y++)
        for (int z = -32; z < 96; z++)
            for (int x = -32; x < 96; x++) {
                int solid = 0;
                switch (kind) {
                case SCENE_EMPTY: solid = 0; break;
                case SCENE_FULL: solid = 1; break;
                case SCENE_CHECKER: solid = (x + y + z) & 1; break;
                case SCENE_RANDOM: solid = hash3(seed, x, y, z, 10) < 3; break;
                case SCENE_GAME: solid = game_block(seed, x, y, z); break;
                case SCENE_HOLES: solid = hash3(seed, x, y, z, 10) == 0; break;
                default: break;
                }
                if (solid)
                    scene_set(s, x, y, z, 1);
            }
    if (kind == SCENE_HOLES) /* two chunks missing: they read as solid */
        s->ptrs[1] = NULL, s->ptrs[n - 3] = NULL;
    return 0;
}

void scene_free(scene *s)
{
    free(s->chunks);
    free((void *)s->ptrs);
    s->chunks = NULL, s->ptrs = NULL;
}
