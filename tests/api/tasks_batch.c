/* SPDX-License-Identifier: MIT */
/* The batch kernels' `_tasks` entry points (include/horde/tasks.h): each gives exactly
 * its plain call's bytes on every backend, for batches of 0 to 5,000 items (lane tails,
 * one block, block boundaries, several blocks, with invalid items mixed in), whatever
 * runs the ranges:
 *   real pools of 1, 2, 3, 7 and 16 workers (tests/support/task_pool.h), whose threads
 *     run with a hostile FP mode (FTZ | DAZ, round toward zero, traps; x86-64); in the
 *     pools of 2 and 7 the calling thread only waits, so their threads run every range;
 *   serial schedulers that split the blocks at random sizes and run them in reverse or
 *     random order, at enqueue (returning NULL) or deferred to finish.
 * Every output array (and the bytes past n) starts from the same poison in both runs, so
 * a block that writes outside its items, or one never run, differs. Nothing here depends
 * on timing or on how many cores the machine has.
 * Also, per kernel: a task system with a NULL enqueue or finish, or 0 workers, is
 * HORDE_ERR_BAD_PARAMS for n = 5 and n = 0, writes nothing and enqueues nothing; the
 * plain call's own errors (a NULL scene) come back unchanged, before any stage. */
#include <pthread.h>

#include "scene.h"
#include "task_pool.h"
#include "fine_tasks.h"
#include "testutil.h"

enum { NMAX = 5000, INS = 12, OUTS = 12, SOUP = 64, POLES = 1500, LIST = 4 };

/* Inputs, filled per kernel; outputs, one block of OUTS arrays of NMAX words. */
static float in[INS][NMAX];
static uint32_t offsets[NMAX + 1], indices[NMAX * LIST];
static float tri[9][NMAX];
static horde_triangles tris;
static horde_poles poles;
static scene world;
static unsigned char *out_mem;
/* Every input and output array of a call starts `shift` items in (0 .. 3: vectors and
 * blocks that straddle the arrays' alignment), n <= NMAX - shift. */
static size_t shift;
#define I(k) (in[k] + shift)
static float *fo(int k) { return (float *)(void *)(out_mem + ((size_t)k * NMAX + shift) * 4); }
static uint32_t *uo(int k) { return (uint32_t *)(void *)(out_mem + ((size_t)k * NMAX + shift) * 4); }
static int null_scene; /* pass a NULL scene: the plain call's HORDE_ERR_NULL_ARG */

static void fill(tu_rng *g, int k, float lo, float hi)
{
    for (size_t i = 0; i < NMAX; i++) {
        in[k][i] = tu_uniform(g, lo, hi);
        const uint32_t u = tu_below(g, 200);
        if (u == 0)
            in[k][i] = NAN;
        else if (u == 1)
            in[k][i] = INFINITY;
        else if (u == 2)
            in[k][i] = 1e30f;
    }
}

/* Triangles: pair i's triangle near item i's (in[0], in[1], in[2]) (the pair kernels), or
 * a soup of SOUP triangles within [-6, 6] (the others). */
static void make_tris(tu_rng *g, int pairs)
{
    const size_t n = pairs ? NMAX : SOUP;
    for (size_t i = 0; i < n; i++)
        for (int v = 0; v < 3; v++)
            for (int a = 0; a < 3; a++) {
                const float c = pairs && in[a][i] == in[a][i] && fabsf(in[a][i]) < 1e6f ? in[a][i] : 0.0f;
                tri[v * 3 + a][i] = c + tu_uniform(g, pairs ? -1.5f : -6.0f, pairs ? 1.5f : 6.0f);
            }
    const horde_triangles t = {tri[0], tri[1], tri[2], tri[3], tri[4], tri[5], tri[6], tri[7], tri[8], n};
    tris = t;
}

/* Lists of 0 .. LIST entries below `count` per item. */
static void make_lists(tu_rng *g, uint32_t count)
{
    offsets[0] = 0;
    for (size_t i = 0; i < NMAX; i++) {
        const uint32_t m = tu_below(g, LIST + 1);
        for (uint32_t k = 0; k < m; k++)
            indices[offsets[i] + k] = tu_below(g, count);
        offsets[i + 1] = offsets[i] + m;
    }
}

/* ---- the kernels: setup fills the inputs, call runs plain (t NULL) or on tasks ------- */

static void setup_voxel(tu_rng *g)
{
    fill(g, 0, -30.0f, 90.0f), fill(g, 1, -20.0f, 20.0f), fill(g, 2, -30.0f, 90.0f);
    fill(g, 3, -2.0f, 2.0f), fill(g, 4, -2.0f, 2.0f), fill(g, 5, -2.0f, 2.0f);
    fill(g, 6, 0.05f, 0.5f), fill(g, 7, 0.0f, 3.0f), fill(g, 8, 0.05f, 0.5f);
}
/* Segments: starts as setup_voxel's positions, ends (in[6..8]) up to 40 blocks away. */
static void setup_segments(tu_rng *g)
{
    fill(g, 0, -30.0f, 90.0f), fill(g, 1, -20.0f, 20.0f), fill(g, 2, -30.0f, 90.0f);
    fill(g, 6, -70.0f, 130.0f), fill(g, 7, -30.0f, 30.0f), fill(g, 8, -70.0f, 130.0f);
}
#define SCENE_W (null_scene ? NULL : &world.world)

static horde_status call_cylinder_push(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_cylinder_push_batch b = {I(0), I(1), I(2), I(6), I(7), fo(0), fo(1), fo(2), uo(3), n};
    return t ? horde_cylinder_push_tasks_isa(isa, t, SCENE_W, &b) : horde_cylinder_push_isa(isa, SCENE_W, &b);
}

static horde_status call_cylinder_move(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_cylinder_move_batch b = {I(0), I(1), I(2), I(3), I(4), I(5), I(6), I(7), fo(0), fo(1),
                                         fo(2), fo(3), fo(4), fo(5), uo(6), n};
    const horde_cylinder_move_params p = {0.25f, 0.5f, 64};
    return t ? horde_cylinder_move_tasks_isa(isa, t, SCENE_W, &p, &b) : horde_cylinder_move_isa(isa, SCENE_W, &p, &b);
}

static horde_status call_point_move(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_point_move_batch b = {.x = I(0), .y = I(1), .z = I(2), .dx = I(3), .dy = I(4), .dz = I(5),
                                      .out_x = fo(0), .out_y = fo(1), .out_z = fo(2), .out_dx = fo(3),
                                      .out_dy = fo(4), .out_dz = fo(5), .out_flags = uo(6), .n = n};
    const horde_point_move_params p = {.step = 0.3f, .skin = 0.01f, .max_substeps = 32};
    return t ? horde_point_move_tasks_isa(isa, t, SCENE_W, &p, &b) : horde_point_move_isa(isa, SCENE_W, &p, &b);
}

static horde_status call_aabb_move(horde_isa isa, const horde_tasks *t, size_t n)
{
    /* no displacement outputs: the optional arrays stay NULL in every block */
    const horde_aabb_move_batch b = {.x = I(0), .y = I(1), .z = I(2), .dx = I(3), .dy = I(4), .dz = I(5),
                                     .half_x = I(6), .half_z = I(8), .height = I(7), .out_x = fo(0),
                                     .out_y = fo(1), .out_z = fo(2), .out_flags = uo(3), .n = n};
    const horde_aabb_move_params p = {.step_height = 0.5f, .max_distance = 8.0f};
    return t ? horde_aabb_move_tasks_isa(isa, t, SCENE_W, &p, &b) : horde_aabb_move_isa(isa, SCENE_W, &p, &b);
}

/* Segments: I(0..2) start, I(6..8) end (setup_segments). */
static horde_status call_voxel_raycast(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_voxel_raycast_batch b = {.x0 = I(0), .y0 = I(1), .z0 = I(2), .x1 = I(6), .y1 = I(7),
                                         .z1 = I(8), .out_t = fo(0), .out_bx = (int32_t *)(void *)uo(1),
                                         .out_by = (int32_t *)(void *)uo(2), .out_bz = (int32_t *)(void *)uo(3),
                                         .out_face = uo(4), .out_flags = uo(5), .n = n};
    return t ? horde_voxel_raycast_tasks_isa(isa, t, SCENE_W, &b) : horde_voxel_raycast_isa(isa, SCENE_W, &b);
}

static horde_status call_voxel_los(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_voxel_los_batch b = {.x0 = I(0), .y0 = I(1), .z0 = I(2), .x1 = I(6), .y1 = I(7),
                                     .z1 = I(8), .out_t = fo(0), .out_flags = uo(1), .n = n};
    return t ? horde_voxel_los_tasks_isa(isa, t, SCENE_W, &b) : horde_voxel_los_isa(isa, SCENE_W, &b);
}

/* Movers within the soup's box (radius I(3), height I(4)) and displacements. */
static void setup_tri(tu_rng *g, int pairs)
{
    fill(g, 0, -6.0f, 6.0f), fill(g, 1, -6.0f, 6.0f), fill(g, 2, -6.0f, 6.0f);
    fill(g, 3, 0.1f, 1.5f), fill(g, 4, 0.5f, 2.5f);
    fill(g, 5, -3.0f, 3.0f), fill(g, 6, -3.0f, 3.0f), fill(g, 7, -3.0f, 3.0f);
    make_tris(g, pairs);
    make_lists(g, SOUP);
}
static void setup_pairs(tu_rng *g) { setup_tri(g, 1); }
static void setup_soup(tu_rng *g) { setup_tri(g, 0); }
#define SCENE_T (null_scene ? NULL : &tris)

/* The pair kernels see the first n triangles (t->n must equal b->n). */
static horde_triangles pairs_of(size_t n)
{
    const horde_triangles t = {tris.ax + shift, tris.ay + shift, tris.az + shift, tris.bx + shift, tris.by + shift,
                               tris.bz + shift, tris.cx + shift, tris.cy + shift, tris.cz + shift, n};
    return t;
}
#define SCENE_P (null_scene ? NULL : &tp)

static horde_status call_cylinder_tri(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_triangles tp = pairs_of(n);
    const horde_cylinder_tri_batch b = {.x = I(0), .y = I(1), .z = I(2), .radius = I(3), .height = I(4),
                                        .out_px = fo(0), .out_pz = fo(1), .out_flags = uo(2), .n = n};
    const horde_cylinder_tri_params p = {.step = 0.25f};
    return t ? horde_cylinder_tri_tasks_isa(isa, t, SCENE_P, &p, &b) : horde_cylinder_tri_isa(isa, SCENE_P, &p, &b);
}

static horde_status call_cylinder_tri_soup(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_cylinder_tri_soup_batch b = {.x = I(0), .y = I(1), .z = I(2), .radius = I(3), .height = I(4),
                                             .out_x = fo(0), .out_z = fo(1), .out_flags = uo(2), .n = n};
    return t ? horde_cylinder_tri_soup_tasks_isa(isa, t, SCENE_T, NULL, &b)
             : horde_cylinder_tri_soup_isa(isa, SCENE_T, NULL, &b);
}

static horde_status call_ground_height(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_ground_height_batch b = {.x = I(0), .y = I(1), .z = I(2), .out_y = fo(0), .out_tri = uo(1),
                                         .out_flags = uo(2), .n = n};
    const horde_ground_height_params p = {.depth = 4.0f};
    return t ? horde_ground_height_tasks_isa(isa, t, SCENE_T, &p, &b) : horde_ground_height_isa(isa, SCENE_T, &p, &b);
}

static horde_status call_sphere_tri_pairs(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_triangles tp = pairs_of(n);
    const horde_sphere_tri_pairs_batch b = {.x = I(0), .y = I(1), .z = I(2), .r = I(3), .out_qx = fo(0),
                                            .out_qy = fo(1), .out_qz = fo(2), .out_depth = fo(3),
                                            .out_push_x = fo(4), .out_push_y = fo(5), .out_push_z = fo(6),
                                            .out_flags = uo(7), .n = n};
    return t ? horde_sphere_tri_pairs_tasks_isa(isa, t, SCENE_P, &b) : horde_sphere_tri_pairs_isa(isa, SCENE_P, &b);
}

static horde_status call_sphere_tri_list(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_sphere_tri_list_batch b = {.x = I(0), .y = I(1), .z = I(2), .r = I(3), .offsets = offsets + shift,
                                           .indices = indices, .out_push_x = fo(0), .out_push_y = fo(1),
                                           .out_push_z = fo(2), .out_tri = uo(3), .out_depth = fo(4),
                                           .out_qx = fo(5), .out_qy = fo(6), .out_qz = fo(7), .out_flags = uo(8),
                                           .n = n};
    return t ? horde_sphere_tri_list_tasks_isa(isa, t, SCENE_T, &b) : horde_sphere_tri_list_isa(isa, SCENE_T, &b);
}

static horde_status call_sweep_sphere_tri(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_triangles tp = pairs_of(n);
    const horde_sweep_sphere_tri_batch b = {
        .x = I(0), .y = I(1), .z = I(2), .dx = I(5), .dy = I(6), .dz = I(7), .rx = I(3), .ry = I(4),
        .rz = I(3), .out_t = fo(0), .out_cx = fo(1), .out_cy = fo(2), .out_cz = fo(3), .out_nx = fo(4),
        .out_ny = fo(5), .out_nz = fo(6), .out_flags = uo(7), .n = n};
    return t ? horde_sweep_sphere_tri_tasks_isa(isa, t, SCENE_P, &b) : horde_sweep_sphere_tri_isa(isa, SCENE_P, &b);
}

/* POLES poles within [-25, 25] and movers among them, with lists of pole numbers (more
 * grid items than one block of radial_push_grid's pole stage). */
static float pole[5][POLES];
static void setup_poles(tu_rng *g)
{
    for (int i = 0; i < POLES; i++) {
        pole[0][i] = tu_uniform(g, -25.0f, 25.0f), pole[1][i] = tu_uniform(g, -25.0f, 25.0f);
        pole[2][i] = tu_uniform(g, 0.2f, 1.5f), pole[3][i] = tu_uniform(g, -1.0f, 0.0f);
        pole[4][i] = tu_uniform(g, 1.0f, 3.0f);
    }
    pole[2][7] = NAN; /* an invalid pole */
    const horde_poles ps = {pole[0], pole[1], pole[2], pole[3], pole[4], POLES};
    poles = ps;
    fill(g, 0, -25.0f, 25.0f), fill(g, 1, -1.0f, 2.0f), fill(g, 2, -25.0f, 25.0f);
    fill(g, 3, 0.2f, 0.8f), fill(g, 4, 0.5f, 2.0f), fill(g, 5, -3.0f, 3.0f), fill(g, 6, -3.0f, 3.0f);
    make_lists(g, POLES);
}
#define SCENE_POLES (null_scene ? NULL : &poles)

static horde_status call_radial_push(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_radial_push_batch b = {.x = I(0), .y = I(1), .z = I(2), .radius = I(3), .height = I(4),
                                       .offsets = offsets + shift, .indices = indices, .out_x = fo(0), .out_y = fo(1),
                                       .out_z = fo(2), .out_flags = uo(3), .n = n};
    const horde_radial_push_params p = {.iterations = 3};
    return t ? horde_radial_push_tasks_isa(isa, t, SCENE_POLES, &p, &b)
             : horde_radial_push_isa(isa, SCENE_POLES, &p, &b);
}

static horde_status call_radial_sweep(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_radial_sweep_batch b = {.x = I(0), .y = I(1), .z = I(2), .radius = I(3), .height = I(4),
                                        .dx = I(5), .dz = I(6), .offsets = offsets + shift, .indices = indices,
                                        .out_x = fo(0), .out_z = fo(1), .out_flags = uo(2), .n = n};
    return t ? horde_radial_sweep_tasks_isa(isa, t, SCENE_POLES, NULL, &b)
             : horde_radial_sweep_isa(isa, SCENE_POLES, NULL, &b);
}

/* The poles' grid over the same poles (cell 2.5 >= the largest mover radius plus the
 * largest pole radius) and the call's scratch, filled with a different byte each run.
 * With cells of 2.5 each block of movers spans the grid's 22 x 22 buckets, and the
 * movers are sorted block by block (kernels/crowd/pole_sort.h); with cells of 0.5 (lists
 * that can miss poles, as the header says, but the same ones for every split) a block
 * spans more buckets than that sort allows, and they are sorted whole. */
static horde_pole_grid grid;
static unsigned char *grid_mem, *push_mem;
static size_t push_bytes;
static unsigned char poison_byte = 1;
static void build_grid(tu_rng *g, float cell)
{
    setup_poles(g);
    free(grid_mem), free(push_mem); /* set up once per pass over the cases */
    const size_t bytes = horde_pole_grid_scratch_bytes(&poles, cell);
    grid_mem = malloc(bytes);
    CHECK(horde_pole_grid_build(&grid, &poles, cell, grid_mem, bytes) == HORDE_OK, "grid build");
    push_bytes = horde_radial_push_grid_scratch_bytes(&grid, NMAX);
    push_mem = malloc(push_bytes);
}
static void setup_grid(tu_rng *g) { build_grid(g, 2.5f); }
static void setup_fine_grid(tu_rng *g) { build_grid(g, 0.5f); }

static horde_status call_radial_push_grid(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_radial_push_grid_batch b = {.x = I(0), .y = I(1), .z = I(2), .radius = I(3),
                                            .height = I(4), .out_x = fo(0), .out_y = fo(1), .out_z = fo(2),
                                            .out_flags = uo(3), .n = n};
    const horde_radial_push_grid_params p = {.iterations = 3};
    const horde_pole_grid *gr = null_scene ? NULL : &grid;
    memset(push_mem, poison_byte ^ 0x33, push_bytes);
    return t ? horde_radial_push_grid_tasks_isa(isa, t, gr, &poles, &p, &b, push_mem, push_bytes)
             : horde_radial_push_grid_isa(isa, gr, &poles, &p, &b, push_mem, push_bytes);
}

/* Sight lines among the grid's poles: segments within [-30, 30] at the poles' heights. */
static void setup_los_poles(tu_rng *g)
{
    build_grid(g, 2.5f);
    fill(g, 0, -30.0f, 30.0f), fill(g, 1, -2.0f, 4.0f), fill(g, 2, -30.0f, 30.0f);
    fill(g, 6, -30.0f, 30.0f), fill(g, 7, -2.0f, 4.0f), fill(g, 8, -30.0f, 30.0f);
}

static horde_status call_voxel_los_poles(horde_isa isa, const horde_tasks *t, size_t n)
{
    const horde_voxel_los_poles_batch b = {.x0 = I(0), .y0 = I(1), .z0 = I(2), .x1 = I(6), .y1 = I(7),
                                           .z1 = I(8), .out_t = fo(0), .out_flags = uo(1), .n = n};
    return t ? horde_voxel_los_poles_tasks_isa(isa, t, SCENE_W, &grid, &poles, &b)
             : horde_voxel_los_poles_isa(isa, SCENE_W, &grid, &poles, &b);
}

typedef struct kcase {
    const char *name;
    void (*setup)(tu_rng *g);
    horde_status (*call)(horde_isa isa, const horde_tasks *t, size_t n);
    uint32_t stages; /* the most enqueued stages (0: one) */
} kcase;

static const kcase cases[] = {
    {"cylinder_push", setup_voxel, call_cylinder_push, 1},
    {"cylinder_move", setup_voxel, call_cylinder_move, 1},
    {"point_move", setup_voxel, call_point_move, 1},
    {"aabb_move", setup_voxel, call_aabb_move, 1},
    {"cylinder_tri", setup_pairs, call_cylinder_tri, 1},
    {"cylinder_tri_soup", setup_soup, call_cylinder_tri_soup, 1},
    {"ground_height", setup_soup, call_ground_height, 1},
    {"sphere_tri_pairs", setup_pairs, call_sphere_tri_pairs, 1},
    {"sphere_tri_list", setup_soup, call_sphere_tri_list, 1},
    {"sweep_sphere_tri", setup_pairs, call_sweep_sphere_tri, 1},
    {"radial_push", setup_poles, call_radial_push, 1},
    {"radial_sweep", setup_poles, call_radial_sweep, 1},
    {"radial_push_grid", setup_grid, call_radial_push_grid, 3},
    {"radial_push_grid_fine", setup_fine_grid, call_radial_push_grid, 3},
    {"voxel_raycast", setup_segments, call_voxel_raycast, 1},
    {"voxel_los", setup_segments, call_voxel_los, 1},
    {"voxel_los_poles", setup_los_poles, call_voxel_los_poles, 1},
};
enum { CASES = sizeof cases / sizeof cases[0] };

/* ---- the harness ---------------------------------------------------------------------- */

static unsigned char *ref_mem;

static horde_status run(const kcase *c, horde_isa isa, const horde_tasks *t, size_t n)
{
    memset(out_mem, poison_byte, (size_t)OUTS * NMAX * 4);
    return c->call(isa, t, n);
}

/* n just past, below and at block multiples, with the arrays 1 .. 3 items off their
 * alignment, on every backend and the finest schedule. */
static unsigned char *fine_mem; /* the finest schedule's copies of out_mem */
/* A reduced run (tu_reduced) tests sizes above two blocks on the active backend only; the
 * others keep every size up to two blocks, where the block cuts are. */
static int skip_size(horde_isa isa, size_t n)
{
    return n > 2100 && isa != horde_isa_active() && tu_reduced();
}

/* The finest schedules of a reduced run: every size and shift on the active backend, the
 * first size at one shift on the others. */
static int skip_fine(horde_isa isa, size_t size_index)
{
    return (size_index > 0 || shift > 1) && isa != horde_isa_active() && tu_reduced();
}

static void check_fine(const kcase *c, long *runs)
{
    static const size_t sizes[] = {1025, 2047, 2049, 3072, NMAX - 3};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (shift = 1; shift <= 3; shift++) {
            const size_t n = sizes[si];
            TU_FOR_EACH_BACKEND(isa) {
                if (skip_fine(isa, si))
                    continue;
                poison_byte = (unsigned char)(poison_byte * 5u + 3u);
                CHECK(run(c, isa, NULL, n) == HORDE_OK, "%s/%s n=%zu shift %zu: plain call", c->name,
                      horde_isa_name(isa), n, shift);
                memcpy(ref_mem, out_mem, (size_t)OUTS * NMAX * 4);
                for (int at_enqueue = 0; at_enqueue < 2; at_enqueue++, (*runs)++) {
                    fine_tasks f;
                    fine_init(&f, 5, (uint32_t)at_enqueue, out_mem, (size_t)OUTS * NMAX * 4, fine_mem);
                    CHECK(run(c, isa, &f.tasks, n) == HORDE_OK && !memcmp(ref_mem, out_mem, (size_t)OUTS * NMAX * 4),
                          "%s/%s n=%zu shift %zu: finest schedule (at enqueue %d) differs", c->name,
                          horde_isa_name(isa), n, shift, at_enqueue);
                    CHECK(f.bad == 0 && !f.pending && f.stages >= 1 && f.stages <= (c->stages ? c->stages : 1),
                          "%s n=%zu: finest schedule: %u bad calls, %u stages", c->name, n, f.bad, f.stages);
                    CHECK(f.overlaps == 0, "%s/%s n=%zu shift %zu: %u output bytes written by two ranges",
                          c->name, horde_isa_name(isa), n, shift, f.overlaps);
                }
            }
        }
    shift = 0;
}

static void check_bad_tasks(const kcase *c)
{
    tp_serial s;
    tp_serial_init(&s, 2, TP_RANDOM, 0, 1);
    horde_tasks bad[3] = {s.tasks, s.tasks, s.tasks};
    bad[0].enqueue = NULL, bad[1].finish = NULL, bad[2].worker_count = 0;
    unsigned char *clean = malloc((size_t)OUTS * NMAX * 4);
    memset(clean, 0x5a, (size_t)OUTS * NMAX * 4);
    for (int k = 0; k < 3; k++)
        for (size_t n = 0; n <= 5; n += 5) {
            memset(out_mem, 0x5a, (size_t)OUTS * NMAX * 4);
            const horde_status st = c->call(horde_isa_active(), &bad[k], n);
            CHECK(st == HORDE_ERR_BAD_PARAMS, "%s: bad task system %d, n = %zu: status %d", c->name, k, n, st);
            CHECK(!memcmp(out_mem, clean, (size_t)OUTS * NMAX * 4), "%s: bad task system %d wrote", c->name, k);
        }
    CHECK(s.stages == 0, "%s: a bad task system got a stage", c->name);
    /* The plain call's own error, the same through tasks, before any stage. */
    null_scene = 1;
    const horde_status plain = run(c, horde_isa_active(), NULL, 5);
    const horde_status tasks = run(c, horde_isa_active(), &s.tasks, 5);
    null_scene = 0;
    CHECK(plain == HORDE_ERR_NULL_ARG && tasks == plain, "%s: NULL scene: %d plain, %d tasks", c->name, plain, tasks);
    CHECK(s.stages == 0, "%s: an invalid call got a stage", c->name);
    free(clean);
}

/* horde_pole_grid_build_tasks: the grid (g and every scratch byte) equals the plain
 * build's for forests of 0 to 300,000 poles (more than 256 blocks of 1,024: larger
 * blocks), some invalid, on every scheduler; an invalid task system writes nothing. */
static void check_grid_build(tp_pool *pools, int npools)
{
    static const size_t sizes[] = {0, 1, 1024, 1025, 5000, 300000};
    const size_t most = 300000;
    float *a[5];
    for (int k = 0; k < 5; k++)
        a[k] = malloc(most * 4);
    tu_rng g = {99};
    for (size_t i = 0; i < most; i++) {
        a[0][i] = tu_uniform(&g, -400.0f, 300.0f), a[1][i] = tu_uniform(&g, -200.0f, 500.0f);
        a[2][i] = tu_uniform(&g, 0.2f, 1.0f), a[3][i] = 0.0f, a[4][i] = 3.0f;
        if (tu_below(&g, 50) == 0)
            a[2][i] = NAN;
    }
    /* extremes in single blocks: the combined extent and radius need every block */
    a[0][2100] = 900.0f, a[2][2100] = 1.5f, a[1][4000] = -700.0f, a[0][299999] = -1000.0f;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        const horde_poles ps = {a[0], a[1], a[2], a[3], a[4], sizes[si]};
        const size_t bytes = horde_pole_grid_scratch_bytes(&ps, 2.0f);
        unsigned char *ref = malloc(bytes), *got = malloc(bytes);
        horde_pole_grid gr, gg;
        memset(ref, 0xa5, bytes), memset(&gr, 0xa5, sizeof gr);
        CHECK(bytes && horde_pole_grid_build(&gr, &ps, 2.0f, ref, bytes) == HORDE_OK, "grid of %zu poles", ps.n);
        tp_serial s;
        for (int t = 0; t < npools + TP_ORDER_COUNT; t++) {
            if (t >= npools)
                tp_serial_init(&s, 3, t - npools, t % 2, 7 + (uint64_t)t);
            const horde_tasks *tasks = t < npools ? &pools[t].tasks : &s.tasks;
            memset(got, 0xa5, bytes), memset(&gg, 0xa5, sizeof gg);
            CHECK(horde_pole_grid_build_tasks(tasks, &gg, &ps, 2.0f, got, bytes) == HORDE_OK &&
                      !memcmp(ref, got, bytes) && gg.cell == gr.cell && gg.max_r == gr.max_r && gg.cx0 == gr.cx0 &&
                      gg.cz0 == gr.cz0 && gg.nx == gr.nx && gg.nz == gr.nz &&
                      (const unsigned char *)gg.start - got == (const unsigned char *)gr.start - ref &&
                      (const unsigned char *)gg.items - got == (const unsigned char *)gr.items - ref,
                  "grid of %zu poles: scheduler %d differs", ps.n, t);
            CHECK(t < npools || s.bad == 0, "grid: serial scheduler saw %u bad calls", s.bad);
            CHECK(t < npools || ps.n <= 1024 || s.stages == 1, "grid of %zu poles: %u stages", ps.n, s.stages);
        }
        /* an invalid task system: nothing written, nothing enqueued */
        tp_serial_init(&s, 2, TP_RANDOM, 0, 1);
        horde_tasks bad[3] = {s.tasks, s.tasks, s.tasks};
        bad[0].enqueue = NULL, bad[1].finish = NULL, bad[2].worker_count = 0;
        for (int k = 0; k < 3; k++) {
            memset(got, 0x5a, bytes), memset(&gg, 0x5a, sizeof gg);
            CHECK(horde_pole_grid_build_tasks(&bad[k], &gg, &ps, 2.0f, got, bytes) == HORDE_ERR_BAD_PARAMS &&
                      got[0] == 0x5a && got[bytes - 1] == 0x5a && gg.nx == 0x5a5a5a5au,
                  "grid of %zu poles: bad task system %d", ps.n, k);
        }
        CHECK(s.stages == 0, "grid: a bad task system got a stage");
        free(ref), free(got);
    }
    for (int k = 0; k < 5; k++)
        free(a[k]);
}

int main(void)
{
    static const size_t sizes[] = {0, 1, 7, 9, 1023, 1024, 1031, 2048, 3001, NMAX};
    static const uint32_t pool_workers[] = {1, 2, 3, 7, 16};
    enum { POOLS = sizeof pool_workers / sizeof pool_workers[0] };
    CHECK(scene_build(&world, SCENE_GAME, 5) == 0, "scene");
    out_mem = malloc((size_t)OUTS * NMAX * 4), ref_mem = malloc((size_t)OUTS * NMAX * 4);
    tp_pool pools[POOLS];
    for (int p = 0; p < POOLS; p++)
        CHECK(tp_pool_start(&pools[p], pool_workers[p], 1, p % 2 == 0) == 0, "pool of %u", pool_workers[p]);
    static tp_serial serial;
    long runs = 0;
    for (int ci = 0; ci < CASES; ci++) {
        const kcase *c = &cases[ci];
        tu_rng g = {(uint64_t)ci * 1000 + 17};
        c->setup(&g);
        check_bad_tasks(c);
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            const size_t n = sizes[si];
            TU_FOR_EACH_BACKEND(isa) {
                if (skip_size(isa, n))
                    continue;
                const char *name = horde_isa_name(isa);
                poison_byte = (unsigned char)(poison_byte * 5u + 3u);
                CHECK(run(c, isa, NULL, n) == HORDE_OK, "%s/%s n=%zu: plain call", c->name, name, n);
                memcpy(ref_mem, out_mem, (size_t)OUTS * NMAX * 4);
                /* a reduced run gives the other backends two pools and two serial orders */
                const int few = isa != horde_isa_active() && tu_reduced();
                for (int p = 0; p < POOLS; p++) {
                    if (few && p != 1 && p != 3)
                        continue;
                    CHECK(run(c, isa, &pools[p].tasks, n) == HORDE_OK && !memcmp(ref_mem, out_mem, (size_t)OUTS * NMAX * 4),
                          "%s/%s n=%zu: pool of %u workers differs", c->name, name, n, pool_workers[p]);
                    runs++;
                }
                for (int order = 0; order < TP_ORDER_COUNT; order++)
                    for (int deferred = 0; deferred < 2; deferred++) {
                        if (few && deferred != order)
                            continue;
                        runs++;
                        tp_serial_init(&serial, 1 + (uint32_t)(si % 5), order, deferred, si * 31 + (uint64_t)order);
                        CHECK(run(c, isa, &serial.tasks, n) == HORDE_OK &&
                                  !memcmp(ref_mem, out_mem, (size_t)OUTS * NMAX * 4),
                              "%s/%s n=%zu: serial order %d deferred %d differs", c->name, name, n, order, deferred);
                        CHECK(serial.bad == 0, "serial scheduler saw %u bad calls", serial.bad);
                        CHECK(n <= 1024 || (serial.stages >= 1 && serial.stages <= (c->stages ? c->stages : 1)),
                              "%s n=%zu: %u stages", c->name, n, serial.stages);
                    }
            }
        }
    }
    fine_mem = malloc((size_t)OUTS * NMAX * 4 * 3);
    for (int ci = 0; ci < CASES; ci++) {
        tu_rng g = {(uint64_t)ci * 1000 + 17};
        cases[ci].setup(&g);
        check_fine(&cases[ci], &runs);
    }
    free(fine_mem);
    check_grid_build(pools, POOLS);
    uint32_t stages = 0;
    for (int p = 0; p < POOLS; p++) {
        CHECK(TP_LOAD(pools[p].bad) == 0, "pool of %u saw %u bad calls", pool_workers[p], TP_LOAD(pools[p].bad));
        stages += TP_LOAD(pools[p].stages);
        CHECK(!TP_HAVE_HOSTILE || pools[p].helps || TP_LOAD(pools[p].hostile_seen) > 0,
              "pool of %u: no range ran in the hostile FP mode, or the mode was changed", pool_workers[p]);
        tp_pool_stop(&pools[p]);
    }
    CHECK(stages > 0, "the pools were never given a stage");
    printf("%ld task runs equal to the plain call (%u stages on the pools)\n", runs, stages);
    scene_free(&world);
    free(grid_mem), free(push_mem);
    free(out_mem), free(ref_mem);
    return tu_finish("test_tasks_batch");
}
