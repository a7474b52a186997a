/* SPDX-License-Identifier: MIT */
/* The caller's floating-point environment changes nothing (src/dispatch.h, HORDE_CALL).
 *
 * Every backend computes a batch of cylinder pushes, sphere-triangle pairs and swept
 * ellipsoids, with NaN/Inf, subnormal and ordinary lanes, twice: once in the default
 * environment and once after the caller set a hostile one (tests/support/hostile_fp.h).
 * Both runs must give the same bits, and the caller's register must come back exactly. */
#include <inttypes.h>

#include "hostile_fp.h"
#include "scene.h"
#include "testutil.h"
#include "tri_gen.h"

enum { N = 1027 };

typedef struct outputs {
    float cyl[3][N];
    uint32_t cyl_f[N];
    float sph[7][N];
    uint32_t sph_f[N];
    float swp[7][N];
    uint32_t swp_f[N];
} outputs;

static float in_cyl[5][N], in_sph[4][N], in_tri[9][N], in_swp[6][N];

static void make_inputs(void)
{
    tu_rng g = {0xf9e11ull};
    static const float odd[] = {NAN, INFINITY, -INFINITY, 0x1p-149f, -0x1p-140f, 0x1.8p-127f, 0.0f, -0.0f};
    for (int i = 0; i < N; i++) {
        in_cyl[0][i] = tu_uniform(&g, 2.0f, 60.0f);
        in_cyl[1][i] = tu_uniform(&g, -0.3f, 2.5f);
        in_cyl[2][i] = tu_uniform(&g, 2.0f, 60.0f);
        in_cyl[3][i] = tu_uniform(&g, 0.05f, 0.5f);
        in_cyl[4][i] = tu_uniform(&g, 0.5f, 2.0f);
        float v[9];
        tg_triangle(&g, (int)tu_below(&g, TG_KINDS), v);
        for (int k = 0; k < 9; k++)
            in_tri[k][i] = v[k];
        for (int k = 0; k < 3; k++) {
            in_sph[k][i] = (v[k] + v[3 + k] + v[6 + k]) * (1.0f / 3.0f) + tu_uniform(&g, -2.0f, 2.0f);
            in_swp[k][i] = in_sph[k][i];
            in_swp[3 + k][i] = tu_uniform(&g, -4.0f, 4.0f);
        }
        in_sph[3][i] = tu_uniform(&g, 0.1f, 3.0f);
        if (i % 5 == 0) { /* an odd value in one input of every fifth lane */
            const float o = odd[tu_below(&g, sizeof odd / sizeof odd[0])];
            switch (tu_below(&g, 4)) {
            case 0: in_cyl[tu_below(&g, 5)][i] = o; break;
            case 1: in_sph[tu_below(&g, 4)][i] = o; break;
            case 2: in_tri[tu_below(&g, 9)][i] = o; break;
            default: in_swp[tu_below(&g, 6)][i] = o; break;
            }
        }
    }
}

static void run(const horde_world *w, horde_isa isa, outputs *o)
{
    memset(o, 0, sizeof *o);
    const horde_cylinder_push_batch cb = {in_cyl[0], in_cyl[1], in_cyl[2], in_cyl[3], in_cyl[4],
                                     o->cyl[0], o->cyl[1], o->cyl[2], o->cyl_f, N};
    CHECK(horde_cylinder_push_isa(isa, w, &cb) == HORDE_OK, "%s: cylinder_push", horde_isa_name(isa));
    const horde_triangles t = {in_tri[0], in_tri[1], in_tri[2], in_tri[3], in_tri[4],
                               in_tri[5], in_tri[6], in_tri[7], in_tri[8], N};
    const horde_sphere_tri_pairs_batch sb = {in_sph[0], in_sph[1], in_sph[2], in_sph[3],
                                             o->sph[0], o->sph[1], o->sph[2], o->sph[3],
                                             o->sph[4], o->sph[5], o->sph[6], o->sph_f, N};
    CHECK(horde_sphere_tri_pairs_isa(isa, &t, &sb) == HORDE_OK, "%s: sphere_tri", horde_isa_name(isa));
    const horde_sweep_sphere_tri_batch wb = {in_swp[0], in_swp[1], in_swp[2], in_swp[3], in_swp[4], in_swp[5],
                                             in_sph[3], in_cyl[4], in_sph[3], o->swp[0], o->swp[1], o->swp[2],
                                             o->swp[3], o->swp[4], o->swp[5], o->swp[6], o->swp_f, N};
    CHECK(horde_sweep_sphere_tri_isa(isa, &t, &wb) == HORDE_OK, "%s: sweep", horde_isa_name(isa));
}

/* Parameter checks run in the library's mode too: a NaN or subnormal parameter gets the
 * same status under the hostile environment (and never traps). */
static void params_status(const horde_world *w, int status[4])
{
    static const float vals[4] = {NAN, 1e-40f, -1e-40f, 8.0f};
    float x = 1.5f, y = 1.0f, z = 1.5f, d = 0.25f, hx = 0.3f, h = 1.8f, o[6];
    uint32_t f;
    for (int v = 0; v < 4; v++) {
        horde_aabb_move_params p;
        horde_aabb_move_params_default(&p);
        p.max_distance = vals[v];
        const horde_aabb_move_batch b = {&x, &y, &z, &d, &d, &d, &hx, &hx, &h,
                                         &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &f, 1};
        status[v] = horde_aabb_move(w, &p, &b);
    }
}

/* The poles' grid and its size queries check floats (the cell, the reach, the poles)
 * inside the FP guard too: a signalling-NaN cell (bits 0x7f800001) gets the documented
 * answer, never a SIGFPE from the caller's unmasked invalid-operation trap. st[] gets
 * every call's result. */
enum { NPG = 7 };
static void pole_grid_calls(long st[NPG])
{
    float snan;
    const uint32_t bits = 0x7f800001u;
    memcpy(&snan, &bits, sizeof snan);
    static float px[3] = {0.5f, 3.0f, 0.0f}, pz[3] = {0.5f, 0.0f, 0.0f}, pr[3] = {0.5f, 0.5f, 0.5f};
    static float pb[3] = {0.0f, 0.0f, 0.0f}, pt[3] = {2.0f, 2.0f, 2.0f};
    memcpy(&px[2], &bits, sizeof px[2]); /* pole 2: a signalling NaN (invalid, left out) */
    const horde_poles poles = {px, pz, pr, pb, pt, 3};
    static unsigned char mem[512], push_mem[4096];
    static float mx[1] = {1.0f}, my[1] = {0.0f}, mz[1] = {0.5f}, mr[1] = {0.5f}, mh[1] = {1.0f}, o[3][1];
    static uint32_t of[1], offsets[2], indices[8];
    horde_pole_grid g, bad;
    st[0] = (long)horde_pole_grid_scratch_bytes(&poles, snan);
    st[1] = horde_pole_grid_build(&g, &poles, snan, mem, sizeof mem);
    st[2] = (long)horde_pole_grid_scratch_bytes(&poles, 2.0f);
    st[3] = horde_pole_grid_build(&g, &poles, 2.0f, mem + 1, sizeof mem - 1);
    const horde_radial_push_batch b = {mx, my, mz, mr, mh, offsets, indices, o[0], o[1], o[2], of, 1};
    st[4] = st[3] == HORDE_OK ? horde_pole_grid_lists(&g, &poles, &b, snan, offsets, indices, 8) : -100;
    bad = g, bad.cell = snan;
    st[5] = st[3] == HORDE_OK ? (long)horde_radial_push_grid_scratch_bytes(&bad, 1) : -100;
    const horde_radial_push_grid_batch gb = {mx, my, mz, mr, mh, o[0], o[1], o[2], of, 1};
    st[6] = st[3] == HORDE_OK ? horde_radial_push_grid(&bad, &poles, NULL, &gb, push_mem, sizeof push_mem) : -100;
}

/* horde_verlet_displacement: inputs whose differences, products and sums round
 * differently toward zero than to nearest, and subnormal results. */
enum { NV = 64 };
static float prev[NV], cur[NV]; /* made in the default environment */
static void verlet_inputs(void)
{
    for (int i = 0; i < NV; i++) {
        prev[i] = 0.1f * (float)i + 0x1p-20f;
        cur[i] = i % 4 == 3 ? prev[i] + 0x1p-140f * (float)i : 0.3f * (float)i - 1.0f / 3.0f;
    }
}
static void verlet(float *d)
{
    horde_verlet_displacement(prev, cur, 0.99f, -9.81f, 1.0f / 60.0f, d, NV / 2);
    horde_verlet_displacement(prev + NV / 2, cur + NV / 2, 0x1p-3f, 0.0f, 0.0f, d + NV / 2, NV / 2);
}

int main(void)
{
    scene sc;
    if (scene_build(&sc, SCENE_GAME, 1)) {
        fprintf(stderr, "scene_build failed\n");
        return 2;
    }
    make_inputs();
    static outputs plain, hostile;
    int st_plain[4], st_hostile[4];
    params_status(&sc.world, st_plain);
#ifdef HOSTILE
    {
        const horde_fp_reg saved = horde_fp_get();
        horde_fp_set(HOSTILE);
        params_status(&sc.world, st_hostile);
        horde_fp_set(saved);
    }
#else
    params_status(&sc.world, st_hostile);
#endif
    CHECK(st_plain[0] == HORDE_ERR_BAD_PARAMS && st_plain[3] == HORDE_OK, "parameter checks: %d %d",
          st_plain[0], st_plain[3]);
    for (int v = 0; v < 4; v++)
        CHECK(st_plain[v] == st_hostile[v], "parameter check %d: status %d, under the caller's FP "
              "environment %d", v, st_plain[v], st_hostile[v]);
    {
        long gp[NPG], gh[NPG];
        pole_grid_calls(gp);
        CHECK(gp[0] == 0 && gp[1] == HORDE_ERR_BAD_PARAMS && gp[2] > 0 && gp[3] == HORDE_OK &&
                  gp[4] == HORDE_ERR_BAD_PARAMS && gp[5] == 0 && gp[6] == HORDE_ERR_BAD_PARAMS,
              "pole grid, signalling-NaN arguments: %ld %ld %ld %ld %ld %ld %ld", gp[0], gp[1], gp[2], gp[3], gp[4],
              gp[5], gp[6]);
#ifdef HOSTILE
        /* the hostile environment, then (x86-64) only the invalid-operation trap unmasked */
        const horde_fp_reg modes[2] = {HOSTILE, (horde_fp_reg)(HORDE_FP_MODE & ~(horde_fp_reg)0x80)};
        const int nmodes = HORDE_FP_MODE == 0x1f80u ? 2 : 1;
#else
        const int nmodes = 1;
#endif
        for (int m = 0; m < nmodes; m++) {
#ifdef HOSTILE
            const horde_fp_reg saved = horde_fp_get();
            horde_fp_set(modes[m]);
            const horde_fp_reg set = horde_fp_get();
            pole_grid_calls(gh);
            const horde_fp_reg after = horde_fp_get();
            horde_fp_set(saved);
            CHECK((after & ~(horde_fp_reg)HORDE_FP_FLAGS) == (set & ~(horde_fp_reg)HORDE_FP_FLAGS),
                  "pole grid calls: FP control register %#" PRIx64 " after the calls, the caller had %#" PRIx64,
                  (uint64_t)after, (uint64_t)set);
#else
            pole_grid_calls(gh);
#endif
            for (int k = 0; k < NPG; k++)
                CHECK(gp[k] == gh[k], "pole grid call %d: %ld, under the caller's FP environment %d %ld", k, gp[k],
                      m, gh[k]);
        }
    }
    {
        float dp[NV], dh[NV];
        verlet_inputs();
        verlet(dp);
#ifdef HOSTILE
        const horde_fp_reg saved = horde_fp_get();
        horde_fp_set(HOSTILE);
        verlet(dh);
        horde_fp_set(saved);
#else
        verlet(dh);
#endif
        CHECK(!memcmp(dp, dh, sizeof dp), "horde_verlet_displacement: other bits under the caller's FP "
              "environment");
    }
    int backends = 0;
    for (int i = 0; i < HORDE_ISA_COUNT; i++) {
        const horde_isa isa = (horde_isa)i;
        if (!horde_isa_supported(isa))
            continue;
        backends++;
        run(&sc.world, isa, &plain);
#ifdef HOSTILE
        const horde_fp_reg saved = horde_fp_get();
        horde_fp_set(HOSTILE);
        const horde_fp_reg set = horde_fp_get(); /* what the CPU kept of it */
        run(&sc.world, isa, &hostile);
        const horde_fp_reg after = horde_fp_get();
        horde_fp_set(saved);
        /* Control bits come back exactly; exception flags may only have been added. */
        CHECK((after & ~(horde_fp_reg)HORDE_FP_FLAGS) == (set & ~(horde_fp_reg)HORDE_FP_FLAGS) &&
                  (after & set) == set,
              "%s: FP control register %#" PRIx64 " after the calls, the caller had %#" PRIx64,
              horde_isa_name(isa), (uint64_t)after, (uint64_t)set);
#else
        run(&sc.world, isa, &hostile);
#endif
        CHECK(!memcmp(&plain, &hostile, sizeof plain),
              "%s: outputs differ under the caller's FP environment", horde_isa_name(isa));
        if (isa != HORDE_ISA_SCALAR) {
            static outputs ref;
            run(&sc.world, HORDE_ISA_SCALAR, &ref);
            CHECK(!memcmp(&plain, &ref, sizeof plain), "%s: outputs differ from scalar", horde_isa_name(isa));
        }
    }
    if (!tu_failures) {
#ifdef HOSTILE
        printf("%d backends: same bits under a hostile FP environment, caller's register restored\n", backends);
#else
        printf("%d backends: this target has no FP control register; outputs compared only\n", backends);
#endif
    }
    scene_free(&sc);
    return tu_finish("test_fp_mode");
}
