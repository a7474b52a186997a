/* SPDX-License-Identifier: MIT */
/* Concurrency: WORKERS threads call every kernel through the default entry points
 * (horde_cylinder_push, ...) on their own outputs over one shared world and soup, while
 * another thread keeps forcing a different backend (horde_isa_force / _force_name) between
 * and during their calls. Every backend gives the scalar reference's bits, so every
 * worker's every output must equal the reference computed before the threads start,
 * whichever backend each call happened to run. scripts/test.sh also runs this program
 * under ThreadSanitizer (build-tsan), where any data race in dispatch, the FP guard or a
 * kernel is a failure.
 *
 * Usage: test_threads [ROUNDS]   (default 200 rounds per worker) */
#include <pthread.h>
#include <stdatomic.h>

#include "scene.h"
#include "testutil.h"

enum { N = 203 /* odd: tails */, NT = 24, WORKERS = 3, NSTEPS = 18 };

static scene sc;
static float tv[9][NT];
static horde_triangles soup;
static float pole_r[NT], pole_top[NT]; /* poles: x, z, bottom from the soup's vertices */

/* Shared read-only inputs. */
static float in_x[N], in_y[N], in_z[N], in_dx[N], in_dy[N], in_dz[N], in_r[N], in_h[N], in_hx[N];
static float in_prev[N], tri[9][N];
static uint32_t offsets[N + 1], indices[3 * N];

/* One worker's outputs of every step. */
typedef struct {
    float f[NSTEPS][8][N];
    uint32_t u[NSTEPS][2][N];
    unsigned char scratch[1 << 16]; /* the crowd separation's, one per worker */
    unsigned char grid_scratch[1 << 14]; /* radial_push_grid's */
} outputs;

/* The poles' grid (shared, read-only once built), cells of 8 blocks. */
static horde_pole_grid pole_grid;
static unsigned char pole_grid_mem[1 << 12];

static outputs reference, outs[WORKERS];

/* Runs step k on backend isa (HORDE_ISA_COUNT: the default entry point) into o. */
static int step(int k, horde_isa isa, outputs *o)
{
    const int dflt = isa == HORDE_ISA_COUNT;
    float(*f)[N] = o->f[k];
    uint32_t(*u)[N] = o->u[k];
    const horde_triangles pairs = {tri[0], tri[1], tri[2], tri[3], tri[4], tri[5], tri[6], tri[7], tri[8], N};
    switch (k) {
    case 0: {
        const horde_cylinder_push_batch b = {in_x, in_y, in_z, in_r, in_h, f[0], f[1], f[2], u[0], N};
        return dflt ? horde_cylinder_push(&sc.world, &b) : horde_cylinder_push_isa(isa, &sc.world, &b);
    }
    case 1: {
        horde_cylinder_move_params p;
        horde_cylinder_move_params_default(&p);
        p.step_height = 1.0f;
        const horde_cylinder_move_batch b = {in_x, in_y, in_z, in_dx, in_dy, in_dz, in_r, in_h,
                                             f[0], f[1], f[2], f[3], f[4], f[5], u[0], N};
        return dflt ? horde_cylinder_move(&sc.world, &p, &b) : horde_cylinder_move_isa(isa, &sc.world, &p, &b);
    }
    case 2: {
        horde_point_move_params p;
        horde_point_move_params_default(&p);
        const horde_point_move_batch b = {in_x, in_y, in_z, in_dx, in_dy, in_dz, f[0], f[1], f[2], f[3], f[4], f[5], u[0], N};
        return dflt ? horde_point_move(&sc.world, &p, &b) : horde_point_move_isa(isa, &sc.world, &p, &b);
    }
    case 3: {
        horde_aabb_move_params p;
        horde_aabb_move_params_default(&p);
        p.step_height = 0.5f;
        const horde_aabb_move_batch b = {in_x, in_y, in_z, in_dx, in_dy, in_dz, in_hx, in_hx, in_h,
                                         f[0], f[1], f[2], f[3], f[4], f[5], u[0], N};
        return dflt ? horde_aabb_move(&sc.world, &p, &b) : horde_aabb_move_isa(isa, &sc.world, &p, &b);
    }
    case 4: {
        const horde_cylinder_tri_params p = {0.25f};
        const horde_cylinder_tri_batch b = {in_x, in_y, in_z, in_r, in_h, f[0], f[1], u[0], N};
        return dflt ? horde_cylinder_tri(&pairs, &p, &b) : horde_cylinder_tri_isa(isa, &pairs, &p, &b);
    }
    case 5: {
        const horde_cylinder_tri_soup_params p = {0.25f};
        const horde_cylinder_tri_soup_batch b = {in_x, in_y, in_z, in_r, in_h, f[0], f[1], u[0], N};
        return dflt ? horde_cylinder_tri_soup(&soup, &p, &b) : horde_cylinder_tri_soup_isa(isa, &soup, &p, &b);
    }
    case 6: {
        const horde_ground_height_params p = {8.0f};
        const horde_ground_height_batch b = {in_x, in_y, in_z, f[0], u[1], u[0], N};
        return dflt ? horde_ground_height(&soup, &p, &b) : horde_ground_height_isa(isa, &soup, &p, &b);
    }
    case 7: {
        const horde_sphere_tri_pairs_batch b = {in_x, in_y, in_z, in_h, f[0], f[1], f[2], f[3], f[4], f[5], f[6], u[0], N};
        return dflt ? horde_sphere_tri_pairs(&pairs, &b) : horde_sphere_tri_pairs_isa(isa, &pairs, &b);
    }
    case 8: {
        const horde_sphere_tri_list_batch b = {in_x, in_y, in_z, in_h, offsets, indices, f[0], f[1], f[2],
                                               u[1], f[3], f[4], f[5], f[6], u[0], N};
        return dflt ? horde_sphere_tri_list(&soup, &b) : horde_sphere_tri_list_isa(isa, &soup, &b);
    }
    case 9: {
        const horde_sweep_sphere_tri_batch b = {in_x, in_y, in_z, in_dx, in_dy, in_dz, in_r, in_h, in_r,
                                                f[0], f[1], f[2], f[3], f[4], f[5], f[6], u[0], N};
        return dflt ? horde_sweep_sphere_tri(&pairs, &b) : horde_sweep_sphere_tri_isa(isa, &pairs, &b);
    }
    case 10: {
        const horde_poles poles = {tv[0], tv[2], pole_r, tv[1], pole_top, NT};
        const horde_radial_push_params p = {4};
        const horde_radial_push_batch b = {in_x, in_y, in_z, in_r, in_h, offsets, indices, f[0], f[1], f[2], u[0], N};
        return dflt ? horde_radial_push(&poles, &p, &b) : horde_radial_push_isa(isa, &poles, &p, &b);
    }
    case 11: { /* the movers pushed apart, weights 0.2-0.9 */
        const horde_crowd_separate_batch c = {in_x, in_y, in_z, in_r, in_h, in_hx, f[0], f[1], u[0], N};
        const horde_crowd_separate_params p = {.iterations = 4};
        return dflt ? horde_crowd_separate(&p, &c, o->scratch, sizeof o->scratch)
                    : horde_crowd_separate_isa(isa, &p, &c, o->scratch, sizeof o->scratch);
    }
    case 12: {
        const horde_poles poles = {tv[0], tv[2], pole_r, tv[1], pole_top, NT};
        const horde_radial_sweep_params p = {4};
        const horde_radial_sweep_batch b = {in_x, in_y, in_z, in_r, in_h, in_dx, in_dz, offsets, indices,
                                            f[0], f[1], u[0], N};
        return dflt ? horde_radial_sweep(&poles, &p, &b) : horde_radial_sweep_isa(isa, &poles, &p, &b);
    }
    case 13: {
        const horde_poles poles = {tv[0], tv[2], pole_r, tv[1], pole_top, NT};
        const horde_radial_push_grid_params p = {4};
        const horde_radial_push_grid_batch b = {in_x, in_y, in_z, in_r, in_h, f[0], f[1], f[2], u[0], N};
        const size_t bytes = sizeof o->grid_scratch;
        return dflt ? horde_radial_push_grid(&pole_grid, &poles, &p, &b, o->grid_scratch, bytes)
                    : horde_radial_push_grid_isa(isa, &pole_grid, &poles, &p, &b, o->grid_scratch, bytes);
    }
    case 14: { /* segments from the movers to their triangles' first corners */
        const horde_voxel_raycast_batch b = {in_x, in_y, in_z, tri[0], tri[1], tri[2], f[0], (int32_t *)f[1],
                                             (int32_t *)f[2], (int32_t *)f[3], u[1], u[0], N};
        return dflt ? horde_voxel_raycast(&sc.world, &b) : horde_voxel_raycast_isa(isa, &sc.world, &b);
    }
    case 15: {
        const horde_voxel_los_batch b = {in_x, in_y, in_z, tri[3], tri[4], tri[5], f[0], u[0], N};
        return dflt ? horde_voxel_los(&sc.world, &b) : horde_voxel_los_isa(isa, &sc.world, &b);
    }
    case 16: { /* the same sight lines, also blocked by the poles */
        const horde_poles poles = {tv[0], tv[2], pole_r, tv[1], pole_top, NT};
        const horde_voxel_los_poles_batch b = {in_x, in_y, in_z, tri[3], tri[4], tri[5], f[0], u[0], N};
        return dflt ? horde_voxel_los_poles(&sc.world, &pole_grid, &poles, &b)
                    : horde_voxel_los_poles_isa(isa, &sc.world, &pole_grid, &poles, &b);
    }
    default:
        horde_verlet_displacement(in_prev, in_x, 0.98f, -20.0f, 1.0f / 64.0f, f[0], N);
        return HORDE_OK;
    }
}

static void make_inputs(void)
{
    tu_rng g = {0x7ea5ull};
    for (int i = 0; i < N; i++) {
        in_x[i] = tu_uniform(&g, 2.0f, 60.0f), in_y[i] = tu_uniform(&g, -2.0f, 4.0f), in_z[i] = tu_uniform(&g, 2.0f, 60.0f);
        in_dx[i] = tu_uniform(&g, -1.5f, 1.5f), in_dy[i] = tu_uniform(&g, -1.5f, 0.5f), in_dz[i] = tu_uniform(&g, -1.5f, 1.5f);
        in_r[i] = tu_uniform(&g, 0.1f, 0.5f), in_h[i] = tu_uniform(&g, 0.5f, 2.5f), in_hx[i] = tu_uniform(&g, 0.2f, 0.9f);
        in_prev[i] = in_x[i] - tu_uniform(&g, -0.1f, 0.1f);
        for (int k = 0; k < 9; k++)
            tri[k][i] = (k % 3 == 1 ? in_y[i] : k % 3 == 0 ? in_x[i] : in_z[i]) + tu_uniform(&g, -2.0f, 2.0f);
    }
    for (int t = 0; t < NT; t++) /* a ramp of triangles across the movers' area */
        for (int k = 0; k < 9; k++)
            tv[k][t] = k % 3 == 1 ? tu_uniform(&g, -1.0f, 2.0f) : tu_uniform(&g, 0.0f, 64.0f);
    for (int t = 0; t < NT; t++) /* a few poles of height 0 < 0: invalid, skipped */
        pole_r[t] = tu_uniform(&g, 0.5f, 4.0f), pole_top[t] = tv[1][t] + tu_uniform(&g, -0.5f, 6.0f);
    soup = (horde_triangles){tv[0], tv[1], tv[2], tv[3], tv[4], tv[5], tv[6], tv[7], tv[8], NT};
    offsets[0] = 0;
    for (int i = 0; i < N; i++) {
        const uint32_t len = (uint32_t)tu_below(&g, 4);
        for (uint32_t k = 0; k < len; k++)
            indices[offsets[i] + k] = (uint32_t)tu_below(&g, NT);
        offsets[i + 1] = offsets[i] + len;
    }
}

static int rounds = 200;
static atomic_int workers_left;
static int worker_failures[WORKERS];

static void *worker(void *arg)
{
    const int w = (int)(intptr_t)arg;
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < NSTEPS; k++) {
            memset(outs[w].f[k], 0, sizeof outs[w].f[k]);
            memset(outs[w].u[k], 0, sizeof outs[w].u[k]);
            if (step(k, HORDE_ISA_COUNT, &outs[w]) != HORDE_OK ||
                memcmp(outs[w].f[k], reference.f[k], sizeof reference.f[k]) ||
                memcmp(outs[w].u[k], reference.u[k], sizeof reference.u[k]))
                worker_failures[w]++;
        }
    atomic_fetch_sub(&workers_left, 1);
    return NULL;
}

static void *forcer(void *arg)
{
    (void)arg;
    long forced = 0;
    for (unsigned i = 0; atomic_load(&workers_left) > 0; i++) {
        const horde_isa isa = (horde_isa)(i % HORDE_ISA_COUNT);
        if (!horde_isa_supported(isa))
            continue;
        if (i & 1)
            forced += horde_isa_force(isa) == HORDE_OK;
        else
            forced += horde_isa_force_name(horde_isa_name(isa)) == HORDE_OK;
    }
    return (void *)(intptr_t)(forced > 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        rounds = atoi(argv[1]);
    if (scene_build(&sc, SCENE_GAME, 3)) {
        fprintf(stderr, "scene_build failed\n");
        return 2;
    }
    make_inputs();
    const horde_poles poles = {tv[0], tv[2], pole_r, tv[1], pole_top, NT};
    CHECK(horde_pole_grid_scratch_bytes(&poles, 8.0f) <= sizeof pole_grid_mem &&
              horde_pole_grid_build(&pole_grid, &poles, 8.0f, pole_grid_mem, sizeof pole_grid_mem) == HORDE_OK &&
              horde_radial_push_grid_scratch_bytes(&pole_grid, N) <= sizeof reference.grid_scratch,
          "pole grid and its push's scratch");
    int bites = 0;
    for (int k = 0; k < NSTEPS; k++) {
        CHECK(step(k, HORDE_ISA_SCALAR, &reference) == HORDE_OK, "step %d: reference status", k);
        for (int i = 0; i < N; i++)
            bites += k < NSTEPS - 1 && reference.u[k][0][i] != 0;
    }
    CHECK(bites > N, "the inputs no longer collide (%d flagged lanes)", bites);
    atomic_store(&workers_left, WORKERS);
    pthread_t th[WORKERS], f;
    CHECK(pthread_create(&f, NULL, forcer, NULL) == 0, "pthread_create");
    for (int w = 0; w < WORKERS; w++)
        CHECK(pthread_create(&th[w], NULL, worker, (void *)(intptr_t)w) == 0, "pthread_create");
    for (int w = 0; w < WORKERS; w++)
        pthread_join(th[w], NULL);
    void *forced;
    pthread_join(f, &forced);
    CHECK(forced != NULL, "the forcing thread never switched a backend");
    for (int w = 0; w < WORKERS; w++)
        CHECK(worker_failures[w] == 0, "worker %d: %d calls differed from the reference", w, worker_failures[w]);
    printf("%d workers x %d rounds x %d kernels against a backend-forcing thread: %s\n", WORKERS, rounds, NSTEPS,
           tu_failures ? "differences" : "every output equal to the reference");
    horde_isa_force(horde_isa_best());
    scene_free(&sc);
    return tu_finish("test_threads");
}
