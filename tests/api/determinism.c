/* SPDX-License-Identifier: MIT */
/* Determinism across backends *and* machines: a fixed crowd in a fixed world is stepped
 * for FRAMES frames through every kernel (a table of steps), every output of every call
 * is hashed, and the hash must equal one constant on every backend this build has, on
 * x86-64, aarch64 (qemu), armv7 (qemu-arm) and wasm32 (node). Lockstep multiplayer and
 * replays need exactly this: the same inputs give the same bits everywhere.
 *
 * Everything the test computes itself is integer or plain IEEE float (+ - *, no libm,
 * no FMA: the build uses -ffp-contract=off), so its own arithmetic is portable too.
 * Inputs stay in the normal float range, inside the armv7 NEON exactness policy (see
 * README "armv7"), so this test runs unchanged there.
 *
 * The whole scene runs twice per backend: in the default FP environment, and with the
 * caller's environment hostile around every kernel call (tests/support/hostile_fp.h:
 * FTZ + DAZ + round toward zero + unmasked traps on x86, FZ + DN + round toward zero on
 * aarch64); both must give the one constant. The frame step (determinism_frame.h) also
 * runs on task systems of 2, 3, 7 and 16 workers with its ranges in random order, and its
 * hash must be the inline one.
 *
 * Adding a kernel: write step_<name>() (call KERNEL(horde_<name>_isa, isa, ...), feed its outputs
 * back into the state so later frames depend on them, hash every output with
 * hash_f32/hash_u32), add it to steps[], run the test on x86 and under the cross runs
 * (scripts/test.sh), check that every backend on every target prints the same hash, and
 * put that hash in EXPECTED.
 *
 * Usage: test_determinism [--print]   (--print: only print the hashes, never fail) */
#include <inttypes.h>

#include "hostile_fp.h"
#include "scene.h"
#include "testutil.h"

/* The hash every backend on every target must produce (see the header comment). It
 * changes only when a defect fix changes a reference or a kernel joins the scene;
 * CHANGELOG.md lists each change and why. */
#define EXPECTED UINT64_C(0x3c0f1db48b792f95)

enum { N = 301 /* odd: every backend runs a tail */, FRAMES = 300 };

/* Every kernel call goes through KERNEL(fn, isa, ...): in the hostile pass the caller's
 * FP environment is hostile (hostile_fp.h) for exactly the duration
 * of the call, while the test's own arithmetic stays in the default one, and the hash
 * must not change; the caller's register must come back as it was. */
static int hostile_pass, hostile_calls, hostile_reg_kept = 1;
static int kernel_status_;
static tu_fp_saved kernel_fp_;
static void kernel_enter(void)
{
    if (hostile_pass)
        kernel_fp_ = tu_hostile_enter(), hostile_calls++;
}
static void kernel_leave(void)
{
    if (hostile_pass)
        hostile_reg_kept &= tu_hostile_leave(kernel_fp_);
}
#define KERNEL(fn, ...) (kernel_enter(), kernel_status_ = fn(__VA_ARGS__), kernel_leave(), kernel_status_)

/* ---- hash: FNV-1a 64 over the little-endian bytes of 32-bit words --------------------- */
typedef struct { uint64_t h; } hash;
static void hash_u32(hash *s, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        s->h ^= (v >> (8 * i)) & 0xffu;
        s->h *= UINT64_C(0x100000001b3);
    }
}
static void hash_f32(hash *s, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t u;
        memcpy(&u, &v[i], sizeof u);
        hash_u32(s, u);
    }
}
static void hash_u32s(hash *s, const uint32_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        hash_u32(s, v[i]);
}
#define HASH_INIT {UINT64_C(0xcbf29ce484222325)}

/* ---- the simulation state ------------------------------------------------------------- */
typedef struct sim {
    const horde_world *world;
    int frame;
    /* cylinders (NPCs): bottom centre, velocity (blocks/s), size, last flags */
    float x[N], y[N], z[N], vx[N], vy[N], vz[N], r[N], h[N];
    uint32_t flags[N];
    /* point movers (particles) and AABB movers (boxes): position, velocity, box size */
    float px[N], py[N], pz[N], pvx[N], pvy[N], pvz[N];
    float bx[N], by[N], bz[N], bvx[N], bvy[N], bvz[N], bhx[N], bhz[N], bh[N];
    /* scratch for kernel outputs */
    float dx[N], dy[N], dz[N], ox[N], oy[N], oz[N];
    float o[10][N];
    uint32_t of[N], ou[N], lists[N + 1], list_idx[4 * N];
    uint32_t otri[N];
    /* per-pair triangles gathered from the terrain */
    float t[9][N];
    /* how often each flag bit came back (all steps, all frames): shows the scene bites */
    unsigned long flag_count[32];
    /* per step: lanes that came back with any flag set (contacts, collisions, ...) */
    int step;
    unsigned long bites[16];
    unsigned long pole_sight; /* sight lines blocked by a trunk first (voxel_los_poles) */
} sim;

static const float DT = 1.0f / 64.0f; /* a power of two: v * DT is exact scaling */

/* Terrain: a height field of TG x TG cells of TCELL blocks over x, z in [0, 64), two
 * triangles per cell, heights 0.25 .. 2.25 (the voxel floor's top is y = 0, its hills
 * reach 2), so walking movers keep meeting it. Every coordinate is a small dyadic. */
enum { TG = 8, NTRI = 2 * TG * TG };
#define TCELL 8.0f
static float tv[9][NTRI];
static horde_triangles terrain = {tv[0], tv[1], tv[2], tv[3], tv[4], tv[5], tv[6], tv[7], tv[8], NTRI};

static float terrain_y(int i, int j) { return 0.25f + (float)((i * 7 + j * 13) % 5) * 0.5f; }

static void terrain_init(void)
{
    for (int j = 0; j < TG; j++)
        for (int i = 0; i < TG; i++) {
            const float x0 = (float)i * TCELL, x1 = x0 + TCELL, z0 = (float)j * TCELL, z1 = z0 + TCELL;
            const float c[4][3] = {{x0, terrain_y(i, j), z0}, {x1, terrain_y(i + 1, j), z0},
                                   {x1, terrain_y(i + 1, j + 1), z1}, {x0, terrain_y(i, j + 1), z1}};
            const int tri[2][3] = {{0, 2, 1}, {0, 3, 2}}; /* both wound the same way */
            for (int h = 0; h < 2; h++)
                for (int v = 0; v < 3; v++)
                    for (int k = 0; k < 3; k++)
                        tv[3 * v + k][2 * (j * TG + i) + h] = c[tri[h][v]][k];
        }
}

/* The terrain triangle under (x, z) (cells clamped to the grid), half h of the cell. */
static int terrain_tri(float x, float z, int h)
{
    int i = (int)(x * (1.0f / TCELL)), j = (int)(z * (1.0f / TCELL));
    i = i < 0 ? 0 : i >= TG ? TG - 1 : i;
    j = j < 0 ? 0 : j >= TG ? TG - 1 : j;
    return 2 * (j * TG + i) + (h & 1);
}
static const float GRAVITY = -20.0f;

/* Fixed start: the RNG yields integers, the floats come from exact conversions. */
static void sim_init(sim *s, const horde_world *w)
{
    memset(s, 0, sizeof *s);
    s->world = w;
    tu_rng g = {0x5eed0fde7e4ull};
    for (int i = 0; i < N; i++) {
        s->x[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->z[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->y[i] = tu_uniform(&g, 1.0f, 6.0f);
        s->vx[i] = tu_uniform(&g, -4.0f, 4.0f);
        s->vz[i] = tu_uniform(&g, -4.0f, 4.0f);
        s->vy[i] = 0.0f;
        s->r[i] = tu_uniform(&g, 0.2f, 0.5f);
        s->h[i] = tu_uniform(&g, 0.9f, 2.0f);
    }
    for (int i = 0; i < N; i++) {
        s->px[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->pz[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->py[i] = tu_uniform(&g, 0.5f, 8.0f);
        s->pvx[i] = tu_uniform(&g, -8.0f, 8.0f);
        s->pvz[i] = tu_uniform(&g, -8.0f, 8.0f);
        s->pvy[i] = tu_uniform(&g, -4.0f, 4.0f);
        s->bx[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->bz[i] = tu_uniform(&g, 2.0f, 60.0f);
        s->by[i] = tu_uniform(&g, 1.0f, 6.0f);
        s->bvx[i] = tu_uniform(&g, -5.0f, 5.0f);
        s->bvz[i] = tu_uniform(&g, -5.0f, 5.0f);
        s->bvy[i] = 0.0f;
        s->bhx[i] = tu_uniform(&g, 0.2f, 0.9f);
        s->bhz[i] = tu_uniform(&g, 0.2f, 0.9f);
        s->bh[i] = tu_uniform(&g, 0.5f, 2.5f);
    }
}

/* Pair kernels: triangle i is the terrain triangle under mover i (alternating halves). */
static void gather_pairs(sim *s)
{
    for (int i = 0; i < N; i++) {
        const int t = terrain_tri(s->x[i], s->z[i], i + s->frame);
        for (int k = 0; k < 9; k++)
            s->t[k][i] = tv[k][t];
    }
}
static const horde_triangles *pair_tris(sim *s)
{
    static horde_triangles t;
    t = (horde_triangles){s->t[0], s->t[1], s->t[2], s->t[3], s->t[4], s->t[5], s->t[6], s->t[7], s->t[8], N};
    return &t;
}

static void count_flags(sim *s, const uint32_t *f)
{
    for (int i = 0; i < N; i++) {
        for (int b = 0; b < 32; b++)
            s->flag_count[b] += (f[i] >> b) & 1u;
        s->bites[s->step] += f[i] != 0;
    }
}
static void count_bites(sim *s, const uint32_t *f)
{
    for (int i = 0; i < N; i++)
        s->bites[s->step] += f[i] != 0;
}

/* ---- steps: one kernel each, outputs hashed and fed back ------------------------------ */
typedef int (*step_fn)(sim *s, horde_isa isa, hash *hs);

/* Walk with gravity; landing zeroes vy, a wall reverses the horizontal velocity, and every
 * 64th frame the grounded movers jump. */
static int step_cylinder_move(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++) {
        s->vy[i] = s->vy[i] + GRAVITY * DT;
        s->dx[i] = s->vx[i] * DT;
        s->dy[i] = s->vy[i] * DT;
        s->dz[i] = s->vz[i] * DT;
    }
    horde_cylinder_move_params p;
    horde_cylinder_move_params_default(&p);
    p.step_height = 0.5f;
    const horde_cylinder_move_batch b = {s->x, s->y, s->z, s->dx, s->dy, s->dz, s->r, s->h,
                                         s->x, s->y, s->z, s->ox, s->oy, s->oz, s->flags, N};
    const int st = KERNEL(horde_cylinder_move_isa, isa, s->world, &p, &b);
    hash_f32(hs, s->x, N), hash_f32(hs, s->y, N), hash_f32(hs, s->z, N);
    hash_f32(hs, s->ox, N), hash_f32(hs, s->oy, N), hash_f32(hs, s->oz, N);
    hash_u32s(hs, s->flags, N);
    count_flags(s, s->flags);
    for (int i = 0; i < N; i++) {
        if (s->flags[i] & HORDE_FLAG_ON_GROUND)
            s->vy[i] = (s->frame & 63) == 0 ? 8.0f : 0.0f;
        if (s->flags[i] & HORDE_FLAG_HIT_CEILING)
            s->vy[i] = 0.0f;
        if (s->flags[i] & HORDE_FLAG_HIT_WALL)
            s->vx[i] = -s->vx[i], s->vz[i] = -s->vz[i];
    }
    return st;
}

/* Shove a few movers sideways into whatever is there, then push everyone out. */
static int step_cylinder_push(sim *s, horde_isa isa, hash *hs)
{
    for (int i = s->frame % 7; i < N; i += 7)
        s->x[i] = s->x[i] + ((i & 1) ? 0.125f : -0.125f);
    const horde_cylinder_push_batch b = {s->x, s->y, s->z, s->r, s->h, s->x, s->y, s->z, s->of, N};
    const int st = KERNEL(horde_cylinder_push_isa, isa, s->world, &b);
    hash_f32(hs, s->x, N), hash_f32(hs, s->y, N), hash_f32(hs, s->z, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    return st;
}

/* Particles bounce through the voxels: gravity, a stuck or grounded particle is thrown
 * up again, velocity follows the displacement actually made. */
static int step_point_move(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++) {
        s->pvy[i] = s->pvy[i] + GRAVITY * DT;
        s->dx[i] = s->pvx[i] * DT, s->dy[i] = s->pvy[i] * DT, s->dz[i] = s->pvz[i] * DT;
    }
    horde_point_move_params p;
    horde_point_move_params_default(&p);
    const horde_point_move_batch b = {s->px, s->py, s->pz, s->dx, s->dy, s->dz,
                                      s->px, s->py, s->pz, s->ox, s->oy, s->oz, s->of, N};
    const int st = KERNEL(horde_point_move_isa, isa, s->world, &p, &b);
    hash_f32(hs, s->px, N), hash_f32(hs, s->py, N), hash_f32(hs, s->pz, N);
    hash_f32(hs, s->ox, N), hash_f32(hs, s->oy, N), hash_f32(hs, s->oz, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    for (int i = 0; i < N; i++) {
        if (s->oy[i] != s->dy[i])
            s->pvy[i] = (s->frame & 15) == 0 ? 6.0f : 0.0f;
        if (s->ox[i] != s->dx[i])
            s->pvx[i] = -s->pvx[i];
        if (s->oz[i] != s->dz[i])
            s->pvz[i] = -s->pvz[i];
    }
    return st;
}

/* Boxes walk axis by axis with a one-block step-up, as in a voxel engine. */
static int step_aabb_move(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++) {
        s->bvy[i] = s->bvy[i] + GRAVITY * DT;
        s->dx[i] = s->bvx[i] * DT, s->dy[i] = s->bvy[i] * DT, s->dz[i] = s->bvz[i] * DT;
    }
    horde_aabb_move_params p;
    horde_aabb_move_params_default(&p);
    p.step_height = 1.0f;
    const horde_aabb_move_batch b = {s->bx, s->by, s->bz, s->dx, s->dy, s->dz, s->bhx, s->bhz, s->bh,
                                     s->bx, s->by, s->bz, s->ox, s->oy, s->oz, s->of, N};
    const int st = KERNEL(horde_aabb_move_isa, isa, s->world, &p, &b);
    hash_f32(hs, s->bx, N), hash_f32(hs, s->by, N), hash_f32(hs, s->bz, N);
    hash_f32(hs, s->ox, N), hash_f32(hs, s->oy, N), hash_f32(hs, s->oz, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    for (int i = 0; i < N; i++) {
        if (s->of[i] & HORDE_FLAG_ON_GROUND)
            s->bvy[i] = (s->frame & 31) == 0 ? 7.0f : 0.0f;
        if (s->of[i] & HORDE_FLAG_HIT_CEILING)
            s->bvy[i] = 0.0f;
        if (s->ox[i] != s->dx[i])
            s->bvx[i] = -s->bvx[i];
        if (s->oz[i] != s->dz[i])
            s->bvz[i] = -s->bvz[i];
    }
    return st;
}

/* Ground height under every NPC (from a step above its feet). */
static int step_ground_height(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++)
        s->oy[i] = s->y[i] + 0.5f;
    const horde_ground_height_params p = {3.0f};
    const horde_ground_height_batch b = {s->x, s->oy, s->z, s->o[0], s->otri, s->of, N};
    const int st = KERNEL(horde_ground_height_isa, isa, &terrain, &p, &b);
    hash_f32(hs, s->o[0], N), hash_u32s(hs, s->otri, N), hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    return st;
}

/* Cylinder vs the terrain triangle under it (pairs). */
static int step_cylinder_tri(sim *s, horde_isa isa, hash *hs)
{
    gather_pairs(s);
    const horde_cylinder_tri_params p = {0.25f};
    const horde_cylinder_tri_batch b = {s->x, s->y, s->z, s->r, s->h, s->o[0], s->o[1], s->of, N};
    const int st = KERNEL(horde_cylinder_tri_isa, isa, pair_tris(s), &p, &b);
    hash_f32(hs, s->o[0], N), hash_f32(hs, s->o[1], N), hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    return st;
}

/* Every 4th frame the whole terrain pushes the NPCs sideways (seed 001's loop); the
 * corrected centres are fed back, and the next voxel push sorts out the rest. */
static int step_cylinder_tri_soup(sim *s, horde_isa isa, hash *hs)
{
    if (s->frame & 3)
        return HORDE_OK;
    const horde_cylinder_tri_soup_params p = {0.25f};
    const horde_cylinder_tri_soup_batch b = {s->x, s->y, s->z, s->r, s->h, s->x, s->z, s->of, N};
    const int st = KERNEL(horde_cylinder_tri_soup_isa, isa, &terrain, &p, &b);
    hash_f32(hs, s->x, N), hash_f32(hs, s->z, N), hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    return st;
}

/* A sphere at each NPC's waist against the triangle under it (pairs), and against the
 * four triangles of its cell and the next cell in x (lists). */
static int step_sphere_tri(sim *s, horde_isa isa, hash *hs)
{
    gather_pairs(s);
    for (int i = 0; i < N; i++)
        s->oy[i] = s->y[i] + s->r[i];
    const horde_sphere_tri_pairs_batch pb = {s->x, s->oy, s->z, s->r, s->o[0], s->o[1], s->o[2],
                                             s->o[3], s->o[4], s->o[5], s->o[6], s->of, N};
    int st = KERNEL(horde_sphere_tri_pairs_isa, isa, pair_tris(s), &pb);
    for (int k = 0; k < 7; k++)
        hash_f32(hs, s->o[k], N);
    hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    if (st != HORDE_OK)
        return st;
    for (int i = 0; i < N; i++) {
        s->lists[i] = 4u * (uint32_t)i;
        const int t0 = terrain_tri(s->x[i], s->z[i], 0), t1 = terrain_tri(s->x[i] + TCELL, s->z[i], 0);
        s->list_idx[4 * i + 0] = (uint32_t)t0, s->list_idx[4 * i + 1] = (uint32_t)t0 + 1;
        s->list_idx[4 * i + 2] = (uint32_t)t1, s->list_idx[4 * i + 3] = (uint32_t)t1 + 1;
    }
    s->lists[N] = 4u * N;
    const horde_sphere_tri_list_batch lb = {s->x, s->oy, s->z, s->r, s->lists, s->list_idx, s->o[0], s->o[1],
                                            s->o[2], s->ou, s->o[3], s->o[4], s->o[5], s->o[6], s->of, N};
    st = KERNEL(horde_sphere_tri_list_isa, isa, &terrain, &lb);
    for (int k = 0; k < 7; k++)
        hash_f32(hs, s->o[k], N);
    hash_u32s(hs, s->ou, N), hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    return st;
}

/* Each NPC as an ellipsoid (r, h/2, r) swept over four frames of its velocity plus a
 * drop of half a block, against the triangle under it. */
static int step_sweep_sphere_tri(sim *s, horde_isa isa, hash *hs)
{
    gather_pairs(s);
    for (int i = 0; i < N; i++) {
        s->o[7][i] = s->h[i] * 0.5f;
        s->oy[i] = s->y[i] + s->o[7][i];
        s->dx[i] = s->vx[i] * (4.0f * DT), s->dy[i] = s->vy[i] * (4.0f * DT) - 0.5f;
        s->dz[i] = s->vz[i] * (4.0f * DT);
    }
    const horde_sweep_sphere_tri_batch b = {s->x, s->oy, s->z, s->dx, s->dy, s->dz, s->r, s->o[7], s->r,
                                            s->o[0], s->o[1], s->o[2], s->o[3], s->o[4], s->o[5], s->o[6], s->of, N};
    const int st = KERNEL(horde_sweep_sphere_tri_isa, isa, pair_tris(s), &b);
    for (int k = 0; k < 7; k++)
        hash_f32(hs, s->o[k], N);
    hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    return st;
}

/* Trees: NPOLE poles at fixed dyadic positions over the movers' area (radius 0.25-0.75,
 * 4-6 blocks tall, bottom below the floor). Each mover lists the poles whose axis is
 * within 2 blocks on x and z (at most 4, in pole order); the push is fed back into the
 * movers' positions, and the next frame's move resolves the voxels after it. */
enum { NPOLE = 40 };
static float pole_x[NPOLE], pole_z[NPOLE], pole_r[NPOLE], pole_b[NPOLE], pole_t[NPOLE];
static void poles_init(void)
{
    for (int k = 0; k < NPOLE; k++) {
        pole_x[k] = 3.0f + (float)((k * 37) % 56) + 0.5f * (float)(k & 1);
        pole_z[k] = 3.0f + (float)((k * 23) % 56) + 0.25f * (float)(k % 3);
        pole_r[k] = 0.25f * (float)(1 + k % 3);
        pole_b[k] = -1.0f, pole_t[k] = 4.0f + (float)(k % 3);
    }
}
static int step_radial_push(sim *s, horde_isa isa, hash *hs)
{
    s->lists[0] = 0;
    for (int i = 0; i < N; i++) {
        uint32_t c = s->lists[i];
        for (int k = 0; k < NPOLE && c - s->lists[i] < 4; k++) {
            const float dx = s->x[i] - pole_x[k], dz = s->z[i] - pole_z[k];
            if (dx < 2.0f && dx > -2.0f && dz < 2.0f && dz > -2.0f)
                s->list_idx[c++] = (uint32_t)k;
        }
        s->lists[i + 1] = c;
    }
    const horde_poles poles = {pole_x, pole_z, pole_r, pole_b, pole_t, NPOLE};
    const horde_radial_push_params p = {4};
    const horde_radial_push_batch b = {s->x, s->y, s->z, s->r, s->h, s->lists, s->list_idx, s->x, s->y, s->z, s->of, N};
    const int st = KERNEL(horde_radial_push_isa, isa, &poles, &p, &b);
    hash_f32(hs, s->x, N), hash_f32(hs, s->z, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    return st;
}

/* The NPCs swept among the trees by their velocity, in place. */
static int step_radial_sweep(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++)
        s->dx[i] = s->vx[i] * DT, s->dz[i] = s->vz[i] * DT;
    const horde_poles poles = {pole_x, pole_z, pole_r, pole_b, pole_t, NPOLE};
    const horde_radial_sweep_params p = {4};
    const horde_radial_sweep_batch b = {s->x,     s->y,         s->z, s->r, s->h, s->dx, s->dz,
                                        s->lists, s->list_idx, s->x, s->z, s->of, N};
    const int st = KERNEL(horde_radial_sweep_isa, isa, &poles, &p, &b);
    hash_f32(hs, s->x, N), hash_f32(hs, s->z, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    return st;
}

/* A second grove (bushes: the trees' pattern shifted by 7 and 5 blocks, their
 * radius + 1/4), through their grid (horde_radial_push_grid, cells of 2 blocks: each NPC
 * tests the poles of its 3 x 3 cells), in place. */
static unsigned char pole_grid_mem[1 << 14], push_grid_scratch[1 << 16];
static horde_pole_grid pole_grid;
static float bush_x[NPOLE], bush_z[NPOLE], bush_r[NPOLE];
static int step_radial_push_grid(sim *s, horde_isa isa, hash *hs)
{
    for (int k = 0; k < NPOLE; k++) /* 3 + 7 + 56.5 and 3 + 5 + 55.5 stay within 2^6: exact */
        bush_x[k] = pole_x[k] + 7.0f, bush_z[k] = pole_z[k] + 5.0f, bush_r[k] = pole_r[k] + 0.25f;
    const horde_poles poles = {bush_x, bush_z, bush_r, pole_b, pole_t, NPOLE};
    if (!pole_grid.start) /* the poles never change: one grid for every run */
        CHECK(horde_pole_grid_scratch_bytes(&poles, 2.0f) <= sizeof pole_grid_mem &&
                  horde_pole_grid_build(&pole_grid, &poles, 2.0f, pole_grid_mem, sizeof pole_grid_mem) == HORDE_OK,
              "pole grid");
    CHECK(horde_radial_push_grid_scratch_bytes(&pole_grid, N) <= sizeof push_grid_scratch, "push grid scratch");
    const horde_radial_push_grid_params p = {4};
    const horde_radial_push_grid_batch b = {s->x, s->y, s->z, s->r, s->h, s->x, s->y, s->z, s->of, N};
    const int st = KERNEL(horde_radial_push_grid_isa, isa, &pole_grid, &poles, &p, &b, push_grid_scratch,
                          sizeof push_grid_scratch);
    hash_f32(hs, s->x, N), hash_f32(hs, s->z, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    return st;
}

/* The NPCs pushed apart, in place; every seventh immovable, weights 1-3. */
static float crowd_w[N];
static unsigned char crowd_scratch[1 << 17];
static int step_crowd_separate(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++)
        crowd_w[i] = i % 7 == 0 ? 0.0f : (float)(1 + i % 3);
    const horde_crowd_separate_batch c = {s->x, s->y, s->z, s->r, s->h, crowd_w, s->x, s->z, s->of, N};
    CHECK(horde_crowd_separate_scratch_bytes(N) <= sizeof crowd_scratch, "crowd scratch");
    const horde_crowd_separate_params p = {.iterations = 4};
    const int st = KERNEL(horde_crowd_separate_isa, isa, &p, &c, crowd_scratch, sizeof crowd_scratch);
    hash_f32(hs, s->x, N), hash_f32(hs, s->z, N);
    hash_u32s(hs, s->of, N);
    count_flags(s, s->of);
    return st;
}

/* Sight: each NPC's eye casts to particle i (raycast: t, block, face), each box looks at
 * NPC i's eye (line of sight, then with the bushes' trunks). An NPC whose cast hits
 * within half the way turns back in x; a box that cannot see its NPC (blocks or trunks)
 * turns back in z every 32nd frame. */
static int step_voxel_raycast(sim *s, horde_isa isa, hash *hs)
{
    for (int i = 0; i < N; i++)
        s->dy[i] = s->y[i] + 1.5f, s->o[0][i] = s->by[i] + 1.0f;
    const horde_voxel_raycast_batch b = {s->x, s->dy, s->z, s->px, s->py, s->pz, s->o[1],
                                         (int32_t *)s->o[2], (int32_t *)s->o[3], (int32_t *)s->o[4],
                                         s->ou, s->of, N};
    int st = KERNEL(horde_voxel_raycast_isa, isa, s->world, &b);
    hash_f32(hs, s->o[1], N), hash_f32(hs, s->o[2], N), hash_f32(hs, s->o[3], N);
    hash_f32(hs, s->o[4], N), hash_u32s(hs, s->ou, N), hash_u32s(hs, s->of, N);
    count_bites(s, s->of);
    for (int i = 0; i < N; i++)
        if ((s->of[i] & HORDE_FLAG_HIT) && s->o[1][i] < 0.5f)
            s->vx[i] = -s->vx[i];
    const horde_voxel_los_batch l = {s->bx, s->o[0], s->bz, s->x, s->dy, s->z, s->o[5], s->of, N};
    const int st2 = KERNEL(horde_voxel_los_isa, isa, s->world, &l);
    st = st != HORDE_OK ? st : st2;
    hash_f32(hs, s->o[5], N), hash_u32s(hs, s->of, N);
    /* The same sight lines, the bushes' trunks blocking too (their grid: step_radial_push_grid). */
    const horde_poles poles = {bush_x, bush_z, bush_r, pole_b, pole_t, NPOLE};
    const horde_voxel_los_poles_batch lp = {s->bx, s->o[0], s->bz, s->x, s->dy, s->z, s->o[5], s->of, N};
    const int st3 = KERNEL(horde_voxel_los_poles_isa, isa, s->world, &pole_grid, &poles, &lp);
    st = st != HORDE_OK ? st : st3;
    hash_f32(hs, s->o[5], N), hash_u32s(hs, s->of, N);
    for (int i = 0; i < N; i++) {
        s->pole_sight += (s->of[i] & HORDE_FLAG_POLE) != 0;
        if ((s->of[i] & HORDE_FLAG_HIT) && (s->frame & 31) == 0)
            s->bvz[i] = -s->bvz[i];
    }
    return st;
}

#include "determinism_frame.h"

static const struct {
    const char *name;
    step_fn fn;
} steps[] = {
    {"cylinder_move", step_cylinder_move},
    {"cylinder_tri_soup", step_cylinder_tri_soup},
    {"cylinder_push", step_cylinder_push},
    {"point_move", step_point_move},
    {"aabb_move", step_aabb_move},
    {"ground_height", step_ground_height},
    {"cylinder_tri", step_cylinder_tri},
    {"sphere_tri", step_sphere_tri},
    {"sweep_sphere_tri", step_sweep_sphere_tri},
    {"radial_push", step_radial_push},
    {"radial_sweep", step_radial_sweep},
    {"radial_push_grid", step_radial_push_grid},
    {"crowd_separate", step_crowd_separate},
    {"voxel_raycast", step_voxel_raycast},
    {"frame", step_frame},
};
enum { NSTEPS = sizeof steps / sizeof steps[0] };
_Static_assert(NSTEPS <= 16, "sim.bites has 16 entries");

/* Run the whole simulation on one backend: total hash and one per step. */
static sim s; /* large: not on the (small, on wasm) stack */
static uint64_t run_steps(const horde_world *w, horde_isa isa, uint64_t per_step[NSTEPS], int only)
{
    sim_init(&s, w);
    hash total = HASH_INIT, hs[NSTEPS];
    for (int k = 0; k < NSTEPS; k++)
        hs[k] = (hash)HASH_INIT;
    for (s.frame = 0; s.frame < FRAMES; s.frame++)
        for (int k = 0; k < NSTEPS; k++) {
            if (only >= 0 && k != only)
                continue;
            s.step = k;
            const int st = steps[k].fn(&s, isa, &hs[k]);
            CHECK(st == HORDE_OK, "%s on %s, frame %d: %s", steps[k].name, horde_isa_name(isa),
                  s.frame, horde_status_string(st));
        }
    for (int k = 0; k < NSTEPS; k++) {
        per_step[k] = hs[k].h;
        hash_u32(&total, (uint32_t)hs[k].h), hash_u32(&total, (uint32_t)(hs[k].h >> 32));
    }
    return total.h;
}
static uint64_t run(const horde_world *w, horde_isa isa, uint64_t per_step[NSTEPS])
{
    return run_steps(w, isa, per_step, -1);
}

int main(int argc, char **argv)
{
    const int print_only = argc > 1 && !strcmp(argv[1], "--print");
    terrain_init();
    poles_init();
    scene sc;
    if (scene_build(&sc, SCENE_GAME, 1)) {
        fprintf(stderr, "scene_build failed\n");
        return 2;
    }
    uint64_t ref_steps[NSTEPS], got_steps[NSTEPS];
    const uint64_t ref = run(&sc.world, HORDE_ISA_SCALAR, ref_steps);
    printf("scalar flag counts: collided %lu, on ground %lu, hit wall %lu, ceiling %lu, "
           "stuck %lu, step taken %lu, invalid %lu\n", s.flag_count[0], s.flag_count[1],
           s.flag_count[3], s.flag_count[2], s.flag_count[4], s.flag_count[5], s.flag_count[31]);
    CHECK(s.flag_count[0] > 1000 && s.flag_count[1] > 1000 && s.flag_count[3] > 100,
          "the scene no longer exercises the kernels");
    CHECK(s.flag_count[31] == 0, "invalid movers in the simulation");
    printf("sight lines blocked by a trunk first: %lu\n", s.pole_sight);
    CHECK(s.pole_sight > 1000, "the trunks no longer block sight lines");
    for (int k = 0; k < NSTEPS; k++) {
        printf("  %-18s %lu lanes with flags\n", steps[k].name, s.bites[k]);
        CHECK(s.bites[k] > 1000, "step %s: the scene no longer exercises it", steps[k].name);
    }
    int backends = 0;
    TU_FOR_EACH_BACKEND(isa) {
        backends++;
        const uint64_t got = isa == HORDE_ISA_SCALAR ? ref : run(&sc.world, (horde_isa)isa, got_steps);
        if (isa == HORDE_ISA_SCALAR)
            memcpy(got_steps, ref_steps, sizeof got_steps);
        printf("%-13s %016" PRIx64 "%s\n", horde_isa_name((horde_isa)isa), got,
               got == EXPECTED ? "" : "  (differs from EXPECTED)");
        for (int k = 0; k < NSTEPS; k++)
            printf("    %-16s %016" PRIx64 "\n", steps[k].name, got_steps[k]);
        if (print_only)
            continue;
        for (int k = 0; k < NSTEPS; k++)
            CHECK(got_steps[k] == ref_steps[k], "%s: step %s hash %016" PRIx64 ", scalar %016" PRIx64,
                  horde_isa_name((horde_isa)isa), steps[k].name, got_steps[k], ref_steps[k]);
        CHECK(got == EXPECTED, "%s: hash %016" PRIx64 ", expected %016" PRIx64,
              horde_isa_name((horde_isa)isa), got, EXPECTED);
        /* The same scene with the caller's FP environment hostile around every call. */
        hostile_pass = 1, hostile_calls = 0;
        const uint64_t hostile = run(&sc.world, (horde_isa)isa, got_steps);
        hostile_pass = 0;
        printf("    under a hostile caller FP environment: %016" PRIx64 " (%d calls)\n", hostile, hostile_calls);
        CHECK(hostile == EXPECTED && hostile_calls >= FRAMES * (NSTEPS - 1),
              "%s: hash %016" PRIx64 " under a hostile caller FP environment, expected %016" PRIx64,
              horde_isa_name((horde_isa)isa), hostile, EXPECTED);
        CHECK(hostile_reg_kept, "%s: the caller's FP control register changed across a call",
              horde_isa_name((horde_isa)isa));
    }
    /* The frame step alone (its state is its own) on task systems of several worker
     * counts, ranges in random order run at enqueue or deferred to finish: its hash is the
     * inline one on every backend, so the scene's hash does not depend on the workers. */
    static const uint32_t workers[] = {2, 3, 7, 16};
    const int frame_step = NSTEPS - 1;
    TU_FOR_EACH_BACKEND(isa) {
        for (int k = 0; k < 4; k++) {
            if (k > 0 && isa != horde_isa_active())
                break; /* one worker count per other backend keeps the emulated runs short */
            static tp_serial serial;
            tp_serial_init(&serial, workers[k], TP_RANDOM, k & 1, 0x7a5c + (uint64_t)k);
            frame_tasks = &serial.tasks;
            run_steps(&sc.world, (horde_isa)isa, got_steps, frame_step);
            frame_tasks = NULL;
            printf("%-13s frame step on %2u workers: %016" PRIx64 " (%u stages)\n", horde_isa_name((horde_isa)isa),
                   workers[k], got_steps[frame_step], serial.stages);
            if (print_only)
                continue;
            CHECK(got_steps[frame_step] == ref_steps[frame_step] && serial.bad == 0 && serial.stages >= FRAMES,
                  "%s, the frame step on %u workers: hash %016" PRIx64 ", inline %016" PRIx64
                  " (%u bad calls, %u stages)",
                  horde_isa_name((horde_isa)isa), workers[k], got_steps[frame_step], ref_steps[frame_step],
                  serial.bad, serial.stages);
        }
    }
    printf("%d backends, %d frames x %d movers x %d steps (the frame step: %d NPCs)\n", backends, FRAMES, N,
           NSTEPS, NF);
    scene_free(&sc);
    return print_only ? 0 : tu_finish("test_determinism");
}
