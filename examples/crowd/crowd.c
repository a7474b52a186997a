/* SPDX-License-Identifier: MIT */
/* A game frame with horde: a few thousand NPCs walk from the west side of a voxel world to
 * goals on the east side, through a wall with doorways, past pillars and a mesa with a
 * tunnel, and up a triangle-mesh ramp onto the mesa. A beacon moves up and down the goal
 * area. Per frame:
 *   0. sight: horde_voxel_los_poles, one batched call, from every NPC's eyes to the
 *      beacon, blocked by blocks and by the trees' trunks;
 *   1. intent: towards the beacon while it is in sight (until near the goal area), else
 *      towards the goal (or sideways for a while when blocked), gravity;
 *   2. horde_frame (include/horde/frame.h), one call for the rest of the recipe:
 *      horde_crowd_separate pushes the NPCs' intended positions apart (the correction
 *      joins the intent), horde_radial_push_grid pushes them out of the trees (that push
 *      joins it too), horde_cylinder_move carries the whole displacement out against the
 *      voxels (substeps, slide, step-up onto blocks), so the voxels have the last word,
 *      and horde_ground_height puts an NPC over the ramp mesh onto it.
 * It prints the frame's time, writes a top-down PNG (terrain, NPC trails, final
 * positions) when built with libpng, and checks real outcomes: most NPCs reach their
 * goals, none ends inside a block, nothing is NaN, and the whole simulation hashes the
 * same on every backend this machine runs.
 *
 * Usage: crowd [--npcs N] [--frames N] [--png FILE] [--check]   (--check: exit 1 unless
 * every outcome holds) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "horde/horde.h"

#ifdef HORDE_EXAMPLE_PNG
#include <png.h>
#endif

/* ---- the world: 4 x 1 x 4 chunks, blocks x, z in [0, 128), y in [0, 32) ---------------- */
enum { CX = 4, CY = 1, CZ = 4, SIZE = 128, HEIGHT = 32 };
static horde_chunk chunks[CX * CY * CZ];
static const horde_chunk *ptrs[CX * CY * CZ];
static horde_world world;

static int ground_level(int x, int z) /* rolling terrain: 4 .. 6 */
{
    return 4 + ((x / 9 + z / 7) % 3 == 0) + ((x / 13 + 2 * z / 11) % 4 == 0);
}
static void set_block(int x, int y, int z, int solid)
{
    if (x < 0 || y < 0 || z < 0 || x >= SIZE || y >= HEIGHT || z >= SIZE)
        return;
    horde_chunk_set(&chunks[(x >> 5) + CX * (z >> 5)], x & 31, y & 31, z & 31, solid);
}

/* The mesa: x in [80, 100), z in [36, 84), top at y = 12, a tunnel through it along x
 * (z in [58, 62), three blocks high). The ramp mesh climbs to its top from the west. */
enum { MESA_X0 = 80, MESA_X1 = 100, MESA_Z0 = 36, MESA_Z1 = 84, MESA_TOP = 12 };
enum { WALL_X = 60 };
static float ramp[9][2];
static horde_triangles ramp_soup;

/* Trees: poles on a jittered 5-block grid between the wall and the mesa (clear of the
 * ramp) and in the goal area, radius 0.35-0.7, standing on the terrain, 5 blocks tall.
 * The grid broadphase over them is built once (they never move). */
enum { MAX_TREES = 256, TREE_CELL = 4 };
static float tree_x[MAX_TREES], tree_z[MAX_TREES], tree_r[MAX_TREES], tree_b[MAX_TREES], tree_t[MAX_TREES];
static horde_poles trees;
static horde_pole_grid tree_grid;
static uint32_t tree_scratch[4096];

static float rng_unit(uint64_t *s);
static void build_trees(void)
{
    uint64_t s = 0x7eeull;
    size_t n = 0;
    for (int gz = 0; gz < 25; gz++)
        for (int gx = 0; gx < 7; gx++) {
            const float x = (gx < 3 ? 66.0f + 5.0f * (float)gx : 92.0f + 5.0f * (float)gx) + 2.0f * rng_unit(&s) - 1.0f;
            const float z = 4.0f + 5.0f * (float)gz + 2.0f * rng_unit(&s) - 1.0f;
            const int keep = gx < 3 ? (z < 37.0f || z > 55.0f) : x >= 106.0f;
            if (!keep || n == MAX_TREES || z > 124.0f)
                continue;
            tree_x[n] = x, tree_z[n] = z, tree_r[n] = 0.35f + 0.35f * rng_unit(&s);
            tree_b[n] = (float)ground_level((int)x, (int)z), tree_t[n] = tree_b[n] + 5.0f;
            n++;
        }
    trees = (horde_poles){tree_x, tree_z, tree_r, tree_b, tree_t, n};
    if (horde_pole_grid_scratch_bytes(&trees, (float)TREE_CELL) > sizeof tree_scratch ||
        horde_pole_grid_build(&tree_grid, &trees, (float)TREE_CELL, tree_scratch, sizeof tree_scratch) != HORDE_OK)
        trees.n = 0, horde_pole_grid_build(&tree_grid, &trees, (float)TREE_CELL, tree_scratch, sizeof tree_scratch);
}

static void build_world(void)
{
    for (int i = 0; i < CX * CY * CZ; i++)
        horde_chunk_clear(&chunks[i]), ptrs[i] = &chunks[i];
    for (int z = 0; z < SIZE; z++)
        for (int x = 0; x < SIZE; x++) {
            const int g = ground_level(x, z);
            for (int y = 0; y < g; y++)
                set_block(x, y, z, 1);
            /* A wall along x = WALL_X .. +1, 10 high, with 4-wide doorways every 16. */
            if (x >= WALL_X && x < WALL_X + 2 && (z % 16 < 6 || z % 16 >= 10))
                for (int y = g; y < g + 10; y++)
                    set_block(x, y, z, 1);
            /* Pillars: 2 x 2 columns on a grid west of the wall. */
            if (x > 20 && x < 56 && x % 12 < 2 && (z + 3 * (x / 12)) % 14 < 2)
                for (int y = g; y < g + 4; y++)
                    set_block(x, y, z, 1);
            /* The mesa and its tunnel. */
            if (x >= MESA_X0 && x < MESA_X1 && z >= MESA_Z0 && z < MESA_Z1)
                for (int y = g; y < MESA_TOP; y++)
                    set_block(x, y, z, !(z >= 58 && z < 62 && y < g + 3));
        }
    horde_world_init(&world, ptrs, 0, 0, 0, CX, CY, CZ, HORDE_MISSING_SOLID);
    /* The ramp: from (64, 3.5, 40..52), below the terrain, up to half a block above the
     * mesa's top edge at x = 80, so an NPC's disc clears the edge before it reaches it
     * (the voxel step-up only helps NPCs standing on blocks). */
    static const float v[2][9] = {{64, 3.5f, 40, 80, 12.5f, 40, 80, 12.5f, 52}, {64, 3.5f, 40, 80, 12.5f, 52, 64, 3.5f, 52}};
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 9; k++)
            ramp[k][t] = v[t][k];
    ramp_soup = (horde_triangles){ramp[0], ramp[1], ramp[2], ramp[3], ramp[4], ramp[5], ramp[6], ramp[7], ramp[8], 2};
    build_trees();
}

/* ---- the crowd --------------------------------------------------------------------------- */
typedef struct {
    int n;
    float *x, *y, *z, *z0, *vy, *r, *h, *dx, *dy, *dz, *gx, *gz, *ground;
    uint32_t *tri;
    uint32_t *flags, *gflags;
    uint32_t *sight; /* horde_voxel_los_poles's out_flags this frame: 0 = the beacon is in sight */
    int *stuck, *detour, *reached, *tries, *saw;
} crowd;

static const float DT = 1.0f / 32.0f, SPEED = 4.0f, GRAVITY = -20.0f;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static float rng_unit(uint64_t *s) { return (float)(rng_next(s) >> 40) * 0x1p-24f; }

static void crowd_init(crowd *c, int n)
{
    c->n = n;
    float **f[] = {&c->x, &c->y, &c->z, &c->z0, &c->vy, &c->r, &c->h, &c->dx, &c->dy, &c->dz, &c->gx, &c->gz, &c->ground};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
        *f[k] = calloc((size_t)n, sizeof(float));
    c->tri = calloc((size_t)n, sizeof(uint32_t));
    c->flags = calloc((size_t)n, sizeof(uint32_t)), c->gflags = calloc((size_t)n, sizeof(uint32_t));
    c->stuck = calloc((size_t)n, sizeof(int)), c->detour = calloc((size_t)n, sizeof(int));
    c->reached = calloc((size_t)n, sizeof(int)), c->tries = calloc((size_t)n, sizeof(int));
    c->sight = calloc((size_t)n, sizeof(uint32_t)), c->saw = calloc((size_t)n, sizeof(int));
    uint64_t s = 0x5eedull;
    for (int i = 0; i < n; i++) {
        const int bx = 2 + (int)(rng_unit(&s) * 24.0f), bz = 2 + (int)(rng_unit(&s) * 124.0f);
        c->x[i] = (float)bx + 0.5f, c->z[i] = c->z0[i] = (float)bz + 0.5f;
        c->y[i] = (float)ground_level(bx, bz) + 0.5f * rng_unit(&s); /* dropped in */
        c->r[i] = 0.3f + 0.1f * rng_unit(&s), c->h[i] = 1.6f + 0.3f * rng_unit(&s);
        c->gx[i] = 104.0f + 20.0f * rng_unit(&s), c->gz[i] = 4.0f + 120.0f * rng_unit(&s);
    }
}

#ifndef CROWD_WEB
static void crowd_free(crowd *c)
{
    void *p[] = {c->x, c->y, c->z, c->z0, c->vy, c->r, c->h, c->dx, c->dy, c->dz, c->gx, c->gz, c->ground,
                 c->tri, c->flags, c->gflags, c->sight, c->stuck, c->detour, c->reached, c->tries, c->saw};
    for (size_t k = 0; k < sizeof p / sizeof p[0]; k++)
        free(p[k]);
}
#endif

/* The beacon: a lantern 3 to 5 blocks above the goal area's terrain at x = 112, walking
 * z from 8 to 120 and back at 4 blocks a second (one lap takes 1,792 frames). Exact in
 * float, so every backend sees it at the same place. */
enum { BEACON_X = 112, BEACON_GUIDES_TO = 100 };
static float beacon_x, beacon_y, beacon_z;
static void beacon_at(int frame)
{
    const int k = frame % 1792;
    beacon_x = (float)BEACON_X, beacon_y = 9.0f, beacon_z = 8.0f + 0.125f * (float)(k < 896 ? k : 1792 - k);
}
static int sees_beacon(const crowd *c, int i) { return c->sight[i] == 0; } /* no HIT, not INVALID */

/* Where NPC i heads now: the beacon while it is in sight and the NPC is west of x =
 * BEACON_GUIDES_TO (it guides NPCs to the goal area without piling them up there; the
 * sight line at eye height is clear of blocks, so mostly the walk along it is too, and
 * trees and the ramp get the usual detours). Else the nearest doorway of the wall first,
 * then (when its goal lies behind the mesa) the tunnel's west and east mouths, or for
 * every third such NPC the ramp's foot and across the ramp and the mesa top, then its
 * goal. (Only the ramp's surface is collision here, through ground height: an NPC walking
 * in under it from the side would not see it.) */
static void waypoint(const crowd *c, int i, float *tx, float *tz)
{
    const float x = c->x[i];
    if (sees_beacon(c, i) && x < (float)BEACON_GUIDES_TO) {
        *tx = beacon_x, *tz = beacon_z;
        return;
    }
    if (x < (float)WALL_X + 3.0f) {
        *tx = (float)WALL_X + 4.0f, *tz = 16.0f * floorf(c->z0[i] / 16.0f) + 8.0f;
        return;
    }
    const int behind_mesa = c->gz[i] > (float)MESA_Z0 - 2.0f && c->gz[i] < (float)MESA_Z1 + 2.0f;
    if (behind_mesa && i % 3 == 0 && x < (float)MESA_X1 + 1.0f) { /* over the ramp and the mesa */
        const float dz = c->z[i] - 46.0f;
        if (x < 65.0f && dz * dz > 1.0f) { /* to the ramp's foot first: never onto it sideways */
            *tx = 64.5f, *tz = 46.0f;
            return;
        }
        *tx = (float)MESA_X1 + 2.0f, *tz = 46.0f;
        return;
    }
    if (behind_mesa && x < (float)MESA_X0 - 0.5f) {
        *tx = (float)MESA_X0, *tz = 60.0f;
        return;
    }
    if (behind_mesa && x < (float)MESA_X1 + 1.0f) {
        *tx = (float)MESA_X1 + 2.0f, *tz = 60.0f;
        return;
    }
    *tx = c->gx[i], *tz = c->gz[i];
}

/* 1. Intent: towards the waypoint, or sideways along an obstacle for a while. */
static void intent(crowd *c)
{
    for (int i = 0; i < c->n; i++) {
        float tx, tz;
        waypoint(c, i, &tx, &tz);
        float ux = tx - c->x[i], uz = tz - c->z[i];
        const float l2 = ux * ux + uz * uz;
        const float gx = c->gx[i] - c->x[i], gz = c->gz[i] - c->z[i];
        if (gx * gx + gz * gz < 4.0f || c->reached[i]) { /* arrived: stand */
            c->reached[i] = 1;
            ux = uz = 0.0f;
        } else if (c->detour[i] > 0) { /* walk along the obstacle, +z or -z by turns */
            ux = 0.0f, uz = ((i + c->tries[i]) & 1 ? 1.0f : -1.0f) * SPEED * DT;
            c->detour[i]--;
        } else if (l2 > 0.0f) {
            const float k = SPEED * DT / sqrtf(l2);
            ux *= k, uz *= k;
        }
        c->vy[i] += GRAVITY * DT;
        c->dx[i] = ux, c->dy[i] = c->vy[i] * DT, c->dz[i] = uz;
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    double frame, sight; /* seconds in horde_frame, in horde_voxel_los_poles */
    uint64_t hash;
} frame_stats;

static void hash_words(uint64_t *h, const void *p, size_t n_words)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < 4 * n_words; i++)
        *h = (*h ^ b[i]) * 0x100000001b3ull;
}

/* 0. Sight: one batched horde_voxel_los_poles from every NPC's eyes (nine tenths of its
 * height) to the beacon. Blocks and the trees' trunks stop the sight line (not the ramp). */
static void sight(crowd *c, horde_isa isa, int frame, frame_stats *st)
{
    static float eye_y[1 << 16], to_x[1 << 16], to_y[1 << 16], to_z[1 << 16], t[1 << 16];
    beacon_at(frame);
    for (int i = 0; i < c->n; i++)
        eye_y[i] = c->y[i] + 0.9f * c->h[i], to_x[i] = beacon_x, to_y[i] = beacon_y, to_z[i] = beacon_z;
    const horde_voxel_los_poles_batch lb = {c->x, eye_y, c->z, to_x, to_y, to_z, t, c->sight, (size_t)c->n};
    const double t0 = now();
    horde_voxel_los_poles_isa(isa, &world, &tree_grid, &trees, &lb);
    st->sight += now() - t0;
    hash_words(&st->hash, t, (size_t)c->n), hash_words(&st->hash, c->sight, (size_t)c->n);
    for (int i = 0; i < c->n; i++)
        c->saw[i] |= sees_beacon(c, i);
}

/* One frame. */
static void step(crowd *c, horde_isa isa, int frame, frame_stats *st)
{
    sight(c, isa, frame, st);
    intent(c);
    static float px[1 << 16], pz[1 << 16];
    memcpy(px, c->x, (size_t)c->n * 4), memcpy(pz, c->z, (size_t)c->n * 4);
    /* 2-4. One call runs the recipe: crowd separation at the intended positions, the trees
     * through their grid, the voxels' move (which carries out both corrections), and the
     * ramp under a step above the feet (depth 1.2 from y + 0.6: the defaults). The NPCs
     * are stepped in place; the move's displacement replaces the intent. */
    const horde_frame_scene scene = {&world, &tree_grid, &trees, &ramp_soup, NULL};
    static void *scratch;
    static size_t scratch_bytes;
    const size_t need = horde_frame_scratch_bytes(&scene, (size_t)c->n);
    if (scratch_bytes < need) {
        free(scratch);
        scratch = malloc(need);
        scratch_bytes = scratch ? need : 0;
    }
    horde_frame_params fp;
    horde_frame_params_default(&fp);
    fp.move.step_height = 1.0f; /* auto-jump onto blocks */
    const horde_frame_batch fb = {c->x, c->y, c->z, c->r, c->h, c->dx, c->dy, c->dz, NULL,
                                  c->x, c->y, c->z, c->dx, c->dy, c->dz, c->tri, c->flags, (size_t)c->n, NULL};
    const double t0 = now();
    horde_frame_isa(isa, NULL, &scene, &fp, &fb, scratch, scratch_bytes);
    st->frame += now() - t0;
    for (int i = 0; i < c->n; i++) {
        if (c->flags[i] & (HORDE_FLAG_ON_GROUND | HORDE_FLAG_HIT_CEILING))
            c->vy[i] = 0.0f;
        /* Blocked: less than a third of the intended progress for 8 frames -> detour. */
        const float mx = c->x[i] - px[i], mz = c->z[i] - pz[i];
        if (!c->reached[i] && c->detour[i] == 0 && mx * mx + mz * mz < (SPEED * DT / 3) * (SPEED * DT / 3)) {
            if (++c->stuck[i] > 8)
                c->detour[i] = 48, c->stuck[i] = 0, c->tries[i]++;
        } else {
            c->stuck[i] = 0;
        }
    }
    hash_words(&st->hash, c->x, (size_t)c->n), hash_words(&st->hash, c->y, (size_t)c->n);
    hash_words(&st->hash, c->z, (size_t)c->n), hash_words(&st->hash, c->flags, (size_t)c->n);
}

/* The browser build (web/crowd_web.c) has its own entry points and draws in the page. */
#ifndef CROWD_WEB

/* ---- the picture ------------------------------------------------------------------------- */
enum { PX = 4, IMG = SIZE * PX };
static uint8_t img[IMG][IMG][3];

static void paint_terrain(void)
{
    for (int z = 0; z < SIZE; z++)
        for (int x = 0; x < SIZE; x++) {
            int top = 0;
            for (int y = HEIGHT - 1; y >= 0; y--)
                if (horde_world_solid(&world, x, y, z)) {
                    top = y + 1;
                    break;
                }
            const int g = ground_level(x, z);
            uint8_t col[3] = {(uint8_t)(70 + 12 * (top - 4)), (uint8_t)(110 + 14 * (top - 4)), 70};
            if (top > g + 2)
                col[0] = col[1] = col[2] = (uint8_t)(60 + 6 * (top - g)); /* walls, pillars, mesa */
            if (x >= 64 && x < 80 && z >= 40 && z < 52)
                col[0] = 190, col[1] = 160, col[2] = 110; /* the ramp mesh */
            if (x >= 104)
                col[2] = (uint8_t)(col[2] + 60); /* goal area */
            for (int a = 0; a < PX; a++)
                for (int b = 0; b < PX; b++)
                    memcpy(img[z * PX + a][x * PX + b], col, 3);
        }
}

static void dot(float x, float z, const uint8_t col[3], int rad);
static void paint_trees(void)
{
    const uint8_t green[3] = {20, 70, 25};
    for (size_t j = 0; j < trees.n; j++)
        dot(tree_x[j], tree_z[j], green, (int)(tree_r[j] * PX) + 1); /* over the trails */
}

static void dot(float x, float z, const uint8_t col[3], int rad)
{
    const int cx = (int)(x * PX), cz = (int)(z * PX);
    for (int a = -rad; a <= rad; a++)
        for (int b = -rad; b <= rad; b++)
            if (cz + a >= 0 && cz + a < IMG && cx + b >= 0 && cx + b < IMG)
                memcpy(img[cz + a][cx + b], col, 3);
}

static void paint_trail(const crowd *c)
{
    dot(beacon_x, beacon_z, (const uint8_t[3]){230, 30, 30}, 1); /* the beacon's path */
    for (int i = 0; i < c->n; i += 4) { /* every 4th NPC: a readable picture */
        const uint8_t col[3] = {(uint8_t)(120 + (i * 37) % 136), (uint8_t)(40 + (i * 11) % 60), (uint8_t)(150 + (i * 53) % 106)};
        dot(c->x[i], c->z[i], col, 0);
    }
}

static int write_png(const char *path)
{
#ifdef HORDE_EXAMPLE_PNG
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(p);
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        fclose(f);
        return 0;
    }
    png_init_io(p, f);
    png_set_IHDR(p, info, IMG, IMG, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(p, info);
    for (int r = 0; r < IMG; r++)
        png_write_row(p, img[r][0]);
    png_write_end(p, NULL);
    png_destroy_write_struct(&p, &info);
    fclose(f);
    return 1;
#else
    (void)path;
    return 0;
#endif
}

/* ---- main ----------------------------------------------------------------------------------- */
static uint64_t simulate(horde_isa isa, int npcs, int frames, int picture, crowd *out, frame_stats *st)
{
    crowd c;
    crowd_init(&c, npcs);
    memset(st, 0, sizeof *st);
    st->hash = 0xcbf29ce484222325ull;
    for (int f = 0; f < frames; f++) {
        step(&c, isa, f, st);
        if (picture && f % 8 == 0)
            paint_trail(&c);
    }
    *out = c;
    return st->hash;
}

int main(int argc, char **argv)
{
    int npcs = 3000, frames = 1600, check = 0;
    const char *png = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--npcs") && i + 1 < argc)
            npcs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--png") && i + 1 < argc)
            png = argv[++i];
        else if (!strcmp(argv[i], "--check"))
            check = 1;
        else {
            fprintf(stderr, "usage: %s [--npcs N] [--frames N] [--png FILE] [--check]\n", argv[0]);
            return 2;
        }
    }
    if (npcs < 1 || npcs > (1 << 16) || frames < 1) {
        fprintf(stderr, "npcs in [1, 65536], frames >= 1\n");
        return 2;
    }
    build_world();
    paint_terrain();
    const horde_isa best = horde_isa_active();
    crowd c;
    frame_stats st;
    simulate(best, npcs, frames, png != NULL, &c, &st);
    if (png)
        paint_trees();
    int reached = 0, inside = 0, nan = 0, on_ramp = 0, in_tree = 0, sees = 0, saw = 0;
    for (int i = 0; i < c.n; i++) {
        for (size_t j = 0; j < trees.n; j++) { /* radial_push.h's overlap test, written out */
            const float R = c.r[i] + tree_r[j], dx = c.x[i] - tree_x[j], dz = c.z[i] - tree_z[j];
            in_tree += c.y[i] < tree_t[j] && c.y[i] + c.h[i] > tree_b[j] && dx * dx + dz * dz < R * R;
        }
        reached += c.reached[i];
        nan += !(isfinite(c.x[i]) && isfinite(c.y[i]) && isfinite(c.z[i]));
        inside += horde_world_solid(&world, (int32_t)floorf(c.x[i]), (int32_t)floorf(c.y[i] + 0.5f),
                                    (int32_t)floorf(c.z[i]));
        on_ramp += c.tri[i] != HORDE_NONE;
        sees += sees_beacon(&c, i), saw += c.saw[i];
        const uint8_t white[3] = {255, 255, 255}, yellow[3] = {255, 220, 0};
        if (png && i % 4 == 0) /* final positions: yellow when the beacon is in sight */
            dot(c.x[i], c.z[i], sees_beacon(&c, i) ? yellow : white, 1);
    }
    if (png) /* the beacon at the end */
        dot(beacon_x, beacon_z, (const uint8_t[3]){230, 30, 30}, 4);
    int pairs = 0; /* NPC pairs overlapping by more than 5 % of their radii at the end */
    for (int i = 0; i < c.n; i++)
        for (int j = i + 1; j < c.n; j++) {
            const float R = c.r[i] + c.r[j], dx = c.x[i] - c.x[j], dz = c.z[i] - c.z[j];
            pairs += c.y[i] < c.y[j] + c.h[j] && c.y[j] < c.y[i] + c.h[i] && dx * dx + dz * dz < 0.9025f * R * R;
        }
    printf("crowd: %d NPCs, %zu trees, %d frames on %s: horde_frame (crowd, trees, voxels, ramp) %.3f ms/frame "
           "(%.1f ns per NPC per frame), horde_voxel_los_poles %.3f ms/frame (%.1f ns per NPC)\n",
           npcs, trees.n, frames, horde_isa_name(best), 1e3 * st.frame / frames,
           1e9 * st.frame / ((double)frames * npcs), 1e3 * st.sight / frames, 1e9 * st.sight / ((double)frames * npcs));
    printf("  NPC pairs overlapping by more than 5 %% of their radii at the end: %d\n", pairs);
    printf("  reached their goals %d (%.1f %%), inside a block %d, NaN %d, on the ramp at the end %d, "
           "overlapping a tree at the end %d\n", reached, 100.0 * reached / npcs, inside, nan, on_ramp, in_tree);
    printf("  the beacon in sight at the end %d, at some frame %d\n", sees, saw);
    crowd_free(&c);
    if (png)
        printf("  picture: %s%s\n", png, write_png(png) ? "" : " NOT written (built without libpng)");
    /* The same simulation, shorter, on every backend: one hash. */
    int same = 1;
    uint64_t ref = 0;
    for (int k = 0; k < HORDE_ISA_COUNT; k++) {
        if (!horde_isa_supported((horde_isa)k))
            continue;
        crowd s;
        frame_stats fs;
        const uint64_t h = simulate((horde_isa)k, npcs < 400 ? npcs : 400, 200, 0, &s, &fs);
        crowd_free(&s);
        if (k == 0)
            ref = h;
        same &= h == ref;
        printf("  %-13s frame hash %016" PRIx64 "%s\n", horde_isa_name((horde_isa)k), h, h == ref ? "" : "  DIFFERS");
    }
    /* The trees: the move after the push has the last word, so an NPC pressed between a
     * tree and a wall may end touching the tree; without the push 257 of 3000 do. */
    const int ok = reached * 2 >= npcs && inside == 0 && nan == 0 && same && in_tree * 100 <= npcs;
    printf("%s\n", ok ? "outcomes: ok" : "outcomes: FAILED (want >= 50 % reached, none inside a block, no NaN, "
                                          "one hash, at most 1 % overlapping a tree)");
    return check && !ok ? 1 : 0;
}
#endif /* CROWD_WEB */
