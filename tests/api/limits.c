/* SPDX-License-Identifier: MIT */
/* Every limit of limits_table.h (the one table of every kernel's limits) on every
 * backend: each per-item input a header bounds is accepted at its limit and rejected one
 * float beyond it, lane by lane; every parameter and count at its limits and one beyond
 * (HORDE_OK / HORDE_ERR_BAD_PARAMS); the frame recipe's coordinate limit
 * (HORDE_FRAME_MAX_COORD); empty candidate lists without an index list, and the chunk
 * helpers' coordinate bounds. Last, every kernel reads batches of 1 .. 33 items from
 * input arrays allocated to exactly their length (under ASan a read past the last item
 * fails). With --markdown the program prints docs/limits.md from the same table instead
 * (the test limits_doc compares the two).
 *
 * For every kernel with a per-item validity rule, one batch interleaves a valid base
 * item with items that change one input to an edge value:
 *   - a closed limit itself (valid) and the next float beyond it (invalid); for a lower
 *     limit of 0 also -0 (valid: -0 >= 0);
 *   - an open limit (the AABB's sizes, (0, max]) itself (invalid) and the next float
 *     inside it (valid);
 *   - inputs only required finite: +-FLT_MAX (valid) and the next float, +-Inf (invalid).
 * Triangle and pole inputs count the same way where the kernel rejects or skips them.
 * The test checks the rejection flag (HORDE_FLAG_INVALID, or the list's SKIPPED) on
 * exactly the edited items beyond a limit, never on the base items between them, and
 * that every backend's flags equal the scalar reference's.
 *
 * Why: random inputs never land on a limit. A mutation check made the SIMD validity
 * tests of point_move and ground_height strict (|v| < limit instead of <=) and every
 * other test still passed.
 *
 * armv7 runs every kernel with subnormals flushed (README "armv7"): there a subnormal
 * edge value acts as 0, so the next float beyond or inside a limit of 0 is taken as
 * +-FLT_MIN instead. */
#include "testutil.h"

enum { MAXF = 20, MAXC = 160, MAXN = 2 * MAXC };

/* One per-item input: its name, the base item's value, and its valid range (a row of
 * limits_table.h). */
typedef struct input {
    const char *name;
    float base, lo, hi;
    int kind;
    const char *lo_text, *hi_text, *meaning;
} input;
/* CLOSED [lo, hi], LO_OPEN (lo, hi], FINITE [-FLT_MAX, FLT_MAX], or RELATION: within
 * [lo, hi] and related to another input (the kernel's extra cases). */
enum { CLOSED, LO_OPEN, FINITE, RELATION };
enum { F, U }; /* a parameter's or count's type: float, integer */

/* An edited item: input k set to v; valid or not. Up to two edits (a relation such as a
 * pole's bottom <= top needs both). */
typedef struct edit {
    int k[2], n;
    float v[2];
    int valid;
} edit;

/* A kernel under test: its inputs, extra cases, and a run over one batch. */
typedef struct kernel {
    const char *name;
    const input *in;
    int nin;
    uint32_t reject; /* flag bits that mark an item rejected */
    int (*run)(horde_isa isa, float *const *in, size_t n, uint32_t *flags);
    const edit *extra;
    int nextra;
} kernel;

/* The float next to v towards dir, kept normal where the platform flushes subnormals. */
static float next_float(float v, float dir)
{
    const float f = nextafterf(v, dir);
    if (TU_FLUSHES_SUBNORMALS && f != 0.0f && fabsf(f) < FLT_MIN)
        return copysignf(FLT_MIN, f);
    return f;
}

static int add(edit *e, int n, int k, float v, int valid)
{
    e[n].k[0] = k, e[n].v[0] = v, e[n].n = 1, e[n].valid = valid;
    return n + 1;
}

/* The edge cases of every input, then the kernel's extra cases. */
static int edge_cases(const kernel *K, edit *e)
{
    int n = 0;
    for (int k = 0; k < K->nin; k++) {
        const input *I = &K->in[k];
        if (I->kind == RELATION)
            continue;
        if (I->kind == LO_OPEN) {
            n = add(e, n, k, I->lo, 0);
            n = add(e, n, k, next_float(I->lo, INFINITY), 1);
        } else {
            n = add(e, n, k, I->lo, 1);
            n = add(e, n, k, next_float(I->lo, -INFINITY), 0);
            if (I->lo == 0.0f)
                n = add(e, n, k, -0.0f, 1);
        }
        n = add(e, n, k, I->hi, 1);
        n = add(e, n, k, next_float(I->hi, INFINITY), 0);
    }
    for (int c = 0; c < K->nextra; c++)
        e[n++] = K->extra[c];
    return n;
}

static float arrays[MAXF][MAXN];

static void check_kernel(const kernel *K)
{
    if (K->nin > MAXF || 5 * K->nin + K->nextra > MAXC) {
        CHECK(0, "%s: raise MAXF or MAXC", K->name);
        return;
    }
    static edit e[MAXC];
    const int ncase = edge_cases(K, e);
    const size_t n = 2 * (size_t)ncase; /* edited item 2c, base item 2c + 1 */
    float *in[MAXF];
    for (int k = 0; k < K->nin; k++) {
        in[k] = arrays[k];
        for (size_t i = 0; i < n; i++)
            in[k][i] = K->in[k].base;
    }
    for (int c = 0; c < ncase; c++)
        for (int j = 0; j < e[c].n; j++)
            in[e[c].k[j]][2 * c] = e[c].v[j];
    static uint32_t ref[MAXN], got[MAXN];
    CHECK(K->run(HORDE_ISA_SCALAR, in, n, ref) == HORDE_OK, "%s: scalar call", K->name);
    TU_FOR_EACH_BACKEND(isa) {
        const char *isa_name = horde_isa_name(isa);
        for (size_t i = 0; i < n; i++)
            got[i] = 0x5a5a5a5au;
        CHECK(K->run(isa, in, n, got) == HORDE_OK, "%s/%s: call", K->name, isa_name);
        for (int c = 0; c < ncase; c++) {
            const int rejected = (got[2 * c] & K->reject) != 0;
            CHECK(rejected == !e[c].valid, "%s/%s: %s = %a: %s, flags %#x", K->name, isa_name,
                  K->in[e[c].k[0]].name, (double)e[c].v[0], e[c].valid ? "valid" : "invalid", got[2 * c]);
            CHECK(!(got[2 * c + 1] & K->reject), "%s/%s: the base item after %s = %a: flags %#x", K->name,
                  isa_name, K->in[e[c].k[0]].name, (double)e[c].v[0], got[2 * c + 1]);
        }
        CHECK(!memcmp(got, ref, n * sizeof *got), "%s/%s: flags differ from the scalar reference", K->name,
              isa_name);
    }
}

/* Every backend on batches of 1 .. 33 items whose input arrays are allocated to exactly
 * their length, so that a read past the last item (a SIMD tail's padding lanes, say)
 * lands outside the allocation, where the ASan run of this test reports it. */
static void check_exact_arrays(const kernel *K)
{
    static uint32_t flags[MAXN];
    for (size_t n = 1; n <= 33; n++) {
        float *in[MAXF];
        for (int k = 0; k < K->nin; k++) {
            in[k] = malloc(n * sizeof(float));
            if (!in[k]) {
                CHECK(0, "out of memory");
                return;
            }
            for (size_t i = 0; i < n; i++)
                in[k][i] = K->in[k].base;
        }
        TU_FOR_EACH_BACKEND(isa) CHECK(K->run(isa, in, n, flags) == HORDE_OK, "%s/%s: n = %zu", K->name,
                                       horde_isa_name(isa), n);
        for (int k = 0; k < K->nin; k++)
            free(in[k]);
    }
}

/* ---- the kernels: each takes its inputs from the table, in the table's order ------------ */

static horde_world g_air; /* an empty view: every block air */
static float o[8][MAXN];  /* float outputs */
static uint32_t u[MAXN];  /* the other outputs */

/* The per-call parameters the run_* functions pass, one member per kernel with params,
 * named as the kernel (limits_table.h's LIMIT_PARAM rows name their fields): the
 * kernels' defaults, unless a parameter check sets one for a call. */
typedef struct call_params {
    horde_cylinder_move_params cylinder_move;
    horde_point_move_params point_move;
    horde_aabb_move_params aabb_move;
    horde_cylinder_tri_params cylinder_tri;
    horde_cylinder_tri_soup_params cylinder_tri_soup;
    horde_ground_height_params ground_height;
    horde_radial_push_params radial_push;
    horde_radial_sweep_params radial_sweep;
    horde_radial_push_grid_params radial_push_grid;
    horde_crowd_separate_params crowd_separate;
} call_params;
static call_params g_params, g_default_params;
static void default_params(void)
{
    call_params *p = &g_default_params;
    horde_cylinder_move_params_default(&p->cylinder_move);
    horde_point_move_params_default(&p->point_move);
    horde_aabb_move_params_default(&p->aabb_move);
    horde_cylinder_tri_params_default(&p->cylinder_tri);
    horde_cylinder_tri_soup_params_default(&p->cylinder_tri_soup);
    horde_ground_height_params_default(&p->ground_height);
    horde_radial_push_params_default(&p->radial_push);
    horde_radial_sweep_params_default(&p->radial_sweep);
    horde_radial_push_grid_params_default(&p->radial_push_grid);
    horde_crowd_separate_params_default(&p->crowd_separate);
    g_params = *p;
}

static int run_push(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_cylinder_push_batch b = {in[0], in[1], in[2], in[3], in[4],
                                         o[0], o[1], o[2], flags, n};
    return horde_cylinder_push_isa(isa, &g_air, &b);
}

static int run_move(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_cylinder_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7],
                                         o[0],  o[1],  o[2],  o[3],  o[4],  o[5],  flags, n};
    return horde_cylinder_move_isa(isa, &g_air, &g_params.cylinder_move, &b);
}

static int run_point(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_point_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], o[1], o[2],
                                      o[3],  o[4],  o[5],  flags, n};
    return horde_point_move_isa(isa, &g_air, &g_params.point_move, &b);
}

static int run_aabb(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_aabb_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8],
                                     o[0],  o[1],  o[2],  o[3],  o[4],  o[5],  flags, n};
    return horde_aabb_move_isa(isa, &g_air, &g_params.aabb_move, &b);
}

static int run_crowd(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    static unsigned char scratch[MAXN * 256];
    const size_t bytes = horde_crowd_separate_scratch_bytes(n);
    if (bytes > sizeof scratch)
        return -1;
    const horde_crowd_separate_batch c = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], o[1], flags, n};
    return horde_crowd_separate_isa(isa, &g_params.crowd_separate, &c, scratch, bytes);
}

/* Radial push and sweep: mover i lists pole i, whose inputs follow the mover's. */
enum { RADIAL_POLE = 5, RADIAL_SWEEP = 10 }; /* first pole input; first sweep input */
/* The pole's bottom and top: within the coordinate limit, and bottom <= top
 * (0x1.000002p16f: the float after 2^16). */
#define RL HORDE_RADIAL_PUSH_MAX_COORD
static const edit pole_extra[] = {
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {-RL, -RL}, 1},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {RL, RL}, 1},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {-RL, RL}, 1},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {-0x1.000002p16f, 0.0f}, 0},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {0.0f, 0x1.000002p16f}, 0},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {1.0f, 1.0f}, 1},
    {{RADIAL_POLE + 3, RADIAL_POLE + 4}, 2, {0x1.000002p0f, 1.0f}, 0},
};
#undef RL

/* Segments (voxel_raycast, voxel_los): each end within the coordinate limit, and the
 * snapped end minus start within HORDE_VOXEL_RAYCAST_MAX_LENGTH blocks per axis (the
 * float after 1024 is 1024 + 2^-13, after 1024.5 it is 1024.5 + 2^-13, below -512 it is
 * -512 - 2^-14: each snaps more than one unit beyond the length). */
#define SL HORDE_VOXEL_RAYCAST_MAX_COORD
static const edit segment_extra[] = {
    {{0, 3}, 2, {SL, SL}, 1},
    {{0, 3}, 2, {-SL, -SL}, 1},
    {{0, 3}, 2, {0x1.000002p20f, SL}, 0},
    {{1, 4}, 2, {SL, SL - 1.0f}, 1},
    {{1, 4}, 2, {SL, 0x1.000002p20f}, 0},
    {{2, 5}, 2, {-SL, -SL}, 1},
    {{2, 5}, 2, {-0x1.000002p20f, -SL}, 0},
    {{0, 3}, 2, {0.0f, 1024.0f}, 1},
    {{0, 3}, 2, {0.0f, 0x1.000002p10f}, 0},
    {{1, 4}, 2, {512.0f, -512.0f}, 1},
    {{1, 4}, 2, {512.0f, -0x1.000002p9f}, 0},
    {{2, 5}, 2, {0.5f, 1024.5f}, 1},
    {{2, 5}, 2, {0.5f, 1024.5f + 0x1p-13f}, 0},
    {{0, 0}, 1, {NAN, 0.0f}, 0},
    {{5, 5}, 1, {-INFINITY, 0.0f}, 0},
    {{4, 4}, 1, {FLT_MAX, 0.0f}, 0},
};
#undef SL

static int run_raycast(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_voxel_raycast_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], o[0],
                                         (int32_t *)o[1], (int32_t *)o[2], (int32_t *)o[3], u, flags, n};
    return horde_voxel_raycast_isa(isa, &g_air, &b);
}

static int run_los(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_voxel_los_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], flags, n};
    return horde_voxel_los_isa(isa, &g_air, &b);
}

/* Candidate lists of one entry each, item i's naming candidate i. */
static uint32_t g_offsets[MAXN + 1], g_indices[MAXN];
static void one_entry_lists(size_t n)
{
    for (size_t i = 0; i <= n; i++)
        g_offsets[i] = (uint32_t)i;
    for (size_t i = 0; i < n; i++)
        g_indices[i] = (uint32_t)i;
}
static horde_poles poles_of(float *const *in, size_t n)
{
    const float *const *p = (const float *const *)in + RADIAL_POLE;
    const horde_poles poles = {p[0], p[1], p[2], p[3], p[4], n};
    return poles;
}

static int run_radial(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    one_entry_lists(n);
    const horde_poles poles = poles_of(in, n);
    const horde_radial_push_batch b = {in[0], in[1], in[2], in[3], in[4], g_offsets, g_indices, o[0], o[1], o[2], flags, n};
    return horde_radial_push_isa(isa, &poles, &g_params.radial_push, &b);
}

static int run_sweep(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    one_entry_lists(n);
    const horde_poles poles = poles_of(in, n);
    const horde_radial_sweep_batch b = {in[0], in[1], in[2], in[3], in[4], in[RADIAL_SWEEP],
                                        in[RADIAL_SWEEP + 1], g_offsets, g_indices, o[0], o[1], flags, n};
    return horde_radial_sweep_isa(isa, &poles, &g_params.radial_sweep, &b);
}

/* Radial push through the poles' grid: one pole next to the base mover, in a grid of
 * 4-block cells built once (main); the movers' inputs are radial_push's. */
static const float g_pole[5] = {0.5f, 0.5f, 0.5f, -1.0f, 3.0f}; /* x, z, r, bottom, top */
static const horde_poles g_grid_poles = {g_pole, g_pole + 1, g_pole + 2, g_pole + 3, g_pole + 4, 1};
static horde_pole_grid g_grid;
static unsigned char g_grid_bytes[64];
static int build_grid(void)
{
    const size_t bytes = horde_pole_grid_scratch_bytes(&g_grid_poles, 4.0f);
    return bytes && bytes <= sizeof g_grid_bytes &&
           horde_pole_grid_build(&g_grid, &g_grid_poles, 4.0f, g_grid_bytes, bytes) == HORDE_OK;
}
static int run_grid(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    static unsigned char scratch[MAXN * 32 + 1024];
    const size_t bytes = horde_radial_push_grid_scratch_bytes(&g_grid, n);
    if (!bytes || bytes > sizeof scratch)
        return -1;
    const horde_radial_push_grid_batch b = {in[0], in[1], in[2], in[3], in[4], o[0], o[1], o[2], flags, n};
    return horde_radial_push_grid_isa(isa, &g_grid, &g_grid_poles, &g_params.radial_push_grid, &b, scratch,
                                      bytes);
}

/* Line of sight with poles: the segments of voxel_los against the grid above. */
static int run_los_poles(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_voxel_los_poles_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], flags, n};
    return horde_voxel_los_poles_isa(isa, &g_air, &g_grid, &g_grid_poles, &b);
}

/* Triangle kernels: inputs 0 .. 8 are the triangle's corners. */
static horde_triangles tris_of(float *const *in, size_t n)
{
    const horde_triangles t = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8], n};
    return t;
}

static int run_sphere_pairs(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = tris_of(in, n);
    const horde_sphere_tri_pairs_batch b = {in[9], in[10], in[11], in[12], o[0], o[1], o[2], o[3], o[4], o[5], o[6], flags, n};
    return horde_sphere_tri_pairs_isa(isa, &t, &b);
}
static int run_sphere_list(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    one_entry_lists(n);
    const horde_triangles t = tris_of(in, n);
    const horde_sphere_tri_list_batch b = {in[9], in[10], in[11], in[12], g_offsets, g_indices,
                                           o[0], o[1], o[2], u, o[3], o[4], o[5], o[6], flags, n};
    return horde_sphere_tri_list_isa(isa, &t, &b);
}

static int run_sweep_tri(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = tris_of(in, n);
    const horde_sweep_sphere_tri_batch b = {in[9], in[10], in[11], in[12], in[13], in[14], in[15], in[16], in[17],
                                            o[0], o[1], o[2], o[3], o[4], o[5], o[6], flags, n};
    return horde_sweep_sphere_tri_isa(isa, &t, &b);
}

static int run_cyltri(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = tris_of(in, n);
    const horde_cylinder_tri_batch b = {in[9], in[10], in[11], in[12], in[13], o[0], o[1], flags, n};
    return horde_cylinder_tri_isa(isa, &t, &g_params.cylinder_tri, &b);
}

/* The soup kernels skip invalid triangles without a flag: only the movers' inputs. */
static const float soup_tri[9] = {0.0f, 0.0f, 0.0f, 2.0f, 0.0f, 0.0f, 0.0f, 0.5f, 2.0f};
static horde_triangles one_triangle(void)
{
    const float *v = soup_tri;
    const horde_triangles t = {v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, 1};
    return t;
}

static int run_soup(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = one_triangle();
    const horde_cylinder_tri_soup_batch b = {in[0], in[1], in[2], in[3], in[4], o[0], o[1], flags, n};
    return horde_cylinder_tri_soup_isa(isa, &t, &g_params.cylinder_tri_soup, &b);
}

static int run_ground(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = one_triangle();
    const horde_ground_height_batch b = {in[0], in[1], in[2], o[0], u, flags, n};
    return horde_ground_height_isa(isa, &t, &g_params.ground_height, &b);
}

/* The registered kernels (meson.build's horde_kernels), in the registry's order; their
 * inputs come from the table (load_inputs). */
#define NIN(a) (int)(sizeof(a) / sizeof(a)[0])
#define NO_EXTRA NULL, 0
#define NO_INPUTS NULL, 0
static kernel kernels[] = {
    {"cylinder_push", NO_INPUTS, HORDE_FLAG_INVALID, run_push, NO_EXTRA},
    {"cylinder_move", NO_INPUTS, HORDE_FLAG_INVALID, run_move, NO_EXTRA},
    {"point_move", NO_INPUTS, HORDE_FLAG_INVALID, run_point, NO_EXTRA},
    {"aabb_move", NO_INPUTS, HORDE_FLAG_INVALID, run_aabb, NO_EXTRA},
    {"cylinder_tri", NO_INPUTS, HORDE_FLAG_INVALID, run_cyltri, NO_EXTRA},
    {"cylinder_tri_soup", NO_INPUTS, HORDE_FLAG_INVALID, run_soup, NO_EXTRA},
    {"ground_height", NO_INPUTS, HORDE_FLAG_INVALID, run_ground, NO_EXTRA},
    {"sphere_tri_pairs", NO_INPUTS, HORDE_FLAG_INVALID, run_sphere_pairs, NO_EXTRA},
    {"sphere_tri_list", NO_INPUTS, HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_sphere_list, NO_EXTRA},
    {"sweep_sphere_tri", NO_INPUTS, HORDE_FLAG_INVALID, run_sweep_tri, NO_EXTRA},
    {"radial_push", NO_INPUTS, HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_radial, pole_extra, NIN(pole_extra)},
    {"radial_sweep", NO_INPUTS, HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_sweep, pole_extra, NIN(pole_extra)},
    {"radial_push_grid", NO_INPUTS, HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_grid, NO_EXTRA},
    {"crowd_separate", NO_INPUTS, HORDE_FLAG_INVALID, run_crowd, NO_EXTRA},
    {"voxel_raycast", NO_INPUTS, HORDE_FLAG_INVALID, run_raycast, segment_extra, NIN(segment_extra)},
    {"voxel_los", NO_INPUTS, HORDE_FLAG_INVALID, run_los, segment_extra, NIN(segment_extra)},
    {"voxel_los_poles", NO_INPUTS, HORDE_FLAG_INVALID, run_los_poles, segment_extra, NIN(segment_extra)},
};
enum { NKERNEL = sizeof kernels / sizeof kernels[0] };

/* ---- the table ---------------------------------------------------------------------- */

typedef struct section {
    const char *kernel, *header;
} section;
static const section k_sections[] = {
#define LIMIT_KERNEL(k, header) {#k, header},
#include "limits_table.h"
};

typedef struct input_row {
    const char *kernel;
    input in;
} input_row;
static const input_row k_inputs[] = {
#define LIMIT_INPUT(k, name, base, kind, lo, hi, meaning) {#k, {name, base, lo, hi, kind, #lo, #hi, meaning}},
#include "limits_table.h"
};

/* A parameter (a field of the kernel's member of g_params) or a call's count or argument
 * (probe: 1 accepted, 0 rejected, -1 not testable on this target). */
typedef struct call_row {
    const char *kernel, *name;
    int type, kind;
    double lo, hi;
    const char *lo_text, *hi_text, *meaning;
    float *f;      /* parameters: the field, float ... */
    uint32_t *u;   /* ... or integer */
    int (*probe)(double v);
} call_row;
#define FIELD_F(x) &g_params.x, NULL
#define FIELD_U(x) NULL, &g_params.x
static const call_row k_params[] = {
#define LIMIT_PARAM(k, field, type, kind, lo, hi, meaning)                                     \
    {#k, #field, type, kind, lo, hi, #lo, #hi, meaning, FIELD_##type(k.field), NULL},
#include "limits_table.h"
};
static int probe_crowd_n(double v);
static int probe_ground_triangles(double v);
static int probe_grid_cell(double v);
static int probe_grid_cells(double v);
static int probe_grid_reach(double v);
static int probe_tgrid_cell(double v);
static int probe_tgrid_reach(double v);
static int probe_tgrid_depth(double v);
static int probe_frame_lift(double v);
static int probe_frame_n(double v);
static const call_row k_calls[] = {
#define LIMIT_CALL(k, what, type, kind, lo, hi, probe, meaning)                                \
    {#k, what, type, kind, lo, hi, #lo, #hi, meaning, NULL, NULL, probe},
#include "limits_table.h"
};

typedef struct rule_row {
    const char *kernel, *what, *rule, *meaning;
} rule_row;
static const rule_row k_rules[] = {
#define LIMIT_RULE(k, what, rule, meaning) {#k, what, rule, meaning},
#include "limits_table.h"
};

typedef struct frame_row {
    const char *kernel, *coord_text;
    float coord;
    int chained;
} frame_row;
static const frame_row k_frame[] = {
#define LIMIT_FRAME(k, coord, chained) {#k, #coord, coord, chained},
#include "limits_table.h"
};

/* The frame recipe at compile time: every chained kernel's coordinate limit is at least
 * HORDE_FRAME_MAX_COORD, and one of them equals it (so it is their smallest). The limits
 * are float expressions, which _Static_assert does not take (it takes integer constant
 * expressions only; clang rejects these), so each check is an element of a static
 * initializer, where float constant expressions are allowed, divided by its condition: a
 * false one divides by zero, which every C compiler rejects there. */
static const int k_frame_checks[] = {
#define LIMIT_FRAME(k, coord, chained) 1 / (!(chained) || (coord) >= HORDE_FRAME_MAX_COORD),
#include "limits_table.h"
    1 / (0
#define LIMIT_FRAME(k, coord, chained) || ((chained) && (coord) == HORDE_FRAME_MAX_COORD)
#include "limits_table.h"
         ),
};

#define NROWS(a) (sizeof(a) / sizeof(a)[0])
static input g_in[NKERNEL][MAXF];

/* Each kernel's inputs: the table's rows for it, in the table's order. A kernel without
 * rows, or a table row for no kernel (nor pole_grid), is a bug in the table. */
static void load_inputs(void)
{
    for (size_t r = 0; r < NROWS(k_inputs); r++) {
        size_t k = 0;
        while (k < NKERNEL && strcmp(kernels[k].name, k_inputs[r].kernel))
            k++;
        if (k == NKERNEL || kernels[k].nin == MAXF) {
            CHECK(0, "table: input %s of %s: no such kernel, or more than MAXF inputs", k_inputs[r].in.name,
                  k_inputs[r].kernel);
            continue;
        }
        g_in[k][kernels[k].nin++] = k_inputs[r].in;
        kernels[k].in = g_in[k];
    }
    for (size_t k = 0; k < NKERNEL; k++) {
        CHECK(kernels[k].nin > 0, "table: no inputs for %s", kernels[k].name);
        int listed = 0;
        for (size_t s = 0; s < NROWS(k_sections); s++)
            listed |= !strcmp(k_sections[s].kernel, kernels[k].name);
        CHECK(listed, "table: no LIMIT_KERNEL section for %s", kernels[k].name);
    }
}

/* ---- per-call parameters and counts: at the limit HORDE_OK, one float (or one) beyond
 * BAD_PARAMS (next_float: on armv7 the checks too see a subnormal as 0) ---------------- */

/* The table's kernel called `name`; a name not in it is a bug in this file: it stops the
 * program (exit 2, which meson counts as a failure). */
static const kernel *kernel_named(const char *name)
{
    for (size_t k = 0; k < NKERNEL; k++)
        if (!strcmp(kernels[k].name, name))
            return &kernels[k];
    fprintf(stderr, "FAIL limits.c: no kernel named %s in the table\n", name);
    exit(2);
}

/* The status of kernel `name` on its base item with g_params as set (then reset to the
 * defaults); every backend must return the scalar reference's. */
static int status_with(const char *name)
{
    const kernel *K = kernel_named(name);
    static uint32_t flags[1];
    float *in[MAXF];
    for (int k = 0; k < K->nin; k++)
        in[k] = arrays[k], in[k][0] = K->in[k].base;
    const int st = K->run(HORDE_ISA_SCALAR, in, 1, flags);
    TU_FOR_EACH_BACKEND(isa) CHECK(K->run(isa, in, 1, flags) == st, "%s/%s: status differs from scalar's %d",
                                   name, horde_isa_name(isa), st);
    g_params = g_default_params;
    return st;
}

/* Whether the call accepts value v of row R: a parameter set alone (the others at their
 * defaults), or the row's probe. 1 accepted (HORDE_OK), 0 rejected (BAD_PARAMS), -1 not
 * testable here, 2 any other status. */
static int accepts(const call_row *R, double v)
{
    if (R->probe)
        return R->probe(v);
    if (R->f)
        *R->f = (float)v;
    else
        *R->u = (uint32_t)v;
    const int st = status_with(R->kernel);
    return st == HORDE_OK ? 1 : st == HORDE_ERR_BAD_PARAMS ? 0 : 2;
}

static void want(const call_row *R, double v, int ok)
{
    const int got = accepts(R, v);
    if (got >= 0)
        CHECK(got == ok, "%s: %s = %.9g: want %s, got %d", R->kernel, R->name, v, ok ? "HORDE_OK" : "BAD_PARAMS",
              got);
}

/* A row's range: each limit accepted, the next float (or integer) beyond it rejected;
 * for floats also -0 where the lower limit is 0 and NaN. */
static void check_call_row(const call_row *R)
{
    if (R->type == F) {
        const float lo = (float)R->lo, hi = (float)R->hi;
        if (R->kind == LO_OPEN) {
            want(R, lo, 0);
            want(R, next_float(lo, INFINITY), 1);
        } else {
            want(R, lo, 1);
            want(R, next_float(lo, -INFINITY), 0);
            if (lo == 0.0f)
                want(R, -0.0, 1);
        }
        want(R, hi, 1);
        want(R, nextafterf(hi, INFINITY), 0);
        want(R, NAN, 0);
    } else {
        want(R, R->lo, 1);
        if (R->lo > 0)
            want(R, R->lo - 1, 0);
        want(R, R->hi, 1);
        want(R, R->hi + 1, 0);
    }
}

/* Every parameter of a kernel at its upper limit at once, and at its lower limit (the
 * next float above it for an open one) at once: HORDE_OK. */
static void check_params_together(void)
{
    for (size_t k = 0; k < NKERNEL; k++)
        for (int upper = 0; upper < 2; upper++) {
            int any = 0;
            for (size_t r = 0; r < NROWS(k_params); r++) {
                const call_row *R = &k_params[r];
                if (strcmp(R->kernel, kernels[k].name))
                    continue;
                any = 1;
                if (R->f)
                    *R->f = upper ? (float)R->hi : R->kind == LO_OPEN ? next_float((float)R->lo, INFINITY) : (float)R->lo;
                else
                    *R->u = (uint32_t)(upper ? R->hi : R->lo);
            }
            if (any)
                CHECK(status_with(kernels[k].name) == HORDE_OK, "%s: every parameter at its %s limit",
                      kernels[k].name, upper ? "upper" : "lower");
        }
}

/* crowd_separate's n: counts are checked before the arrays, so NULL arrays give
 * NULL_ARG for an accepted n and BAD_PARAMS for a rejected one. */
static int probe_crowd_n(double v)
{
    const size_t n = (size_t)v;
    if (horde_crowd_separate_scratch_bytes(n) == 0 && n <= HORDE_CROWD_SEPARATE_MAX_N)
        return -1; /* a 32-bit size_t: the scratch of n movers does not fit it */
    const horde_crowd_separate_batch b = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, n};
    return horde_crowd_separate(NULL, &b, NULL, SIZE_MAX) != HORDE_ERR_BAD_PARAMS;
}

/* ground_height's soup size: checked before the triangles' arrays (NULL here). */
static int probe_ground_triangles(double v)
{
    if (v > (double)SIZE_MAX)
        return -1;
    static float p[1] = {0.25f}, oy[1];
    static uint32_t ot[1], of[1];
    const horde_triangles t = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, (size_t)v};
    const horde_ground_height_batch b = {p, p, p, oy, ot, of, 1};
    return horde_ground_height(&t, NULL, &b) != HORDE_ERR_BAD_PARAMS;
}

/* The grid's cell edge: one pole, the scratch query. */
static int probe_grid_cell(double v)
{
    return horde_pole_grid_scratch_bytes(&g_grid_poles, (float)v) != 0;
}

/* The grid's cell count: two poles v - 1 cells of 2^-6 apart on x (the farthest at
 * 65535.984375 for v = 2^22, within the poles' coordinate limit). */
static int probe_grid_cells(double v)
{
    if (v < 1)
        return -1;
    const float x[2] = {0.0f, (float)((v - 1) * 0x1p-6)}, z[2] = {0.0f, 0.0f}, r[2] = {0.5f, 0.5f},
                bottom[2] = {0.0f, 0.0f}, top[2] = {1.0f, 1.0f};
    const horde_poles p = {x, z, r, bottom, top, 2};
    return horde_pole_grid_scratch_bytes(&p, 0x1p-6f) != 0;
}

/* horde_pole_grid_lists' reach, on the grid of radial_push_grid's run and no movers. */
static int probe_grid_reach(double v)
{
    static const float m[1] = {0.25f};
    static uint32_t offsets[1];
    const horde_radial_push_batch b = {m, m, m, m, m, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const int st = horde_pole_grid_lists(&g_grid, &g_grid_poles, &b, (float)v, offsets, NULL, 0);
    return st == HORDE_OK ? 1 : st == HORDE_ERR_BAD_PARAMS ? 0 : 2;
}

/* The triangle grid's calls: one triangle, a grid of unit cells built on first use. */
static float g_tri[9][1] = {{0.0f}, {0.0f}, {0.0f}, {1.0f}, {0.0f}, {0.0f}, {0.0f}, {0.0f}, {1.0f}};
static const horde_triangles g_tri_soup = {g_tri[0], g_tri[1], g_tri[2], g_tri[3], g_tri[4],
                                           g_tri[5], g_tri[6], g_tri[7], g_tri[8], 1};
static const horde_triangle_grid *tri_grid(void)
{
    static horde_triangle_grid g;
    static unsigned char mem[4096];
    static int built;
    if (!built)
        built = horde_triangle_grid_scratch_bytes(&g_tri_soup, 1.0f) <= sizeof mem &&
                horde_triangle_grid_build(&g, &g_tri_soup, 1.0f, mem, sizeof mem) == HORDE_OK;
    CHECK(built, "the limits' triangle grid");
    return &g;
}
static int probe_tgrid_cell(double v)
{
    return horde_triangle_grid_scratch_bytes(&g_tri_soup, (float)v) != 0;
}
static int probe_tgrid_reach(double v)
{
    uint32_t offsets[1];
    const int st = horde_triangle_grid_lists(tri_grid(), NULL, NULL, 0, (float)v, offsets, NULL, 0);
    return st == HORDE_OK ? 1 : st == HORDE_ERR_BAD_PARAMS ? 0 : 2;
}
static int probe_tgrid_depth(double v)
{
    static float q[1] = {0.25f}, oy[1];
    static uint32_t ot[1], of[1];
    const horde_ground_height_params p = {(float)v};
    const horde_ground_height_batch b = {q, q, q, oy, ot, of, 1};
    const int st = horde_ground_height_grid(tri_grid(), &p, &b);
    return st == HORDE_OK ? 1 : st == HORDE_ERR_BAD_PARAMS ? 0 : 2;
}

/* horde_frame's ground lift and n: a call with no NPCs (every check runs) on the empty
 * view with the triangle grid as ground; n through the size query. */
static int probe_frame_lift(double v)
{
    const horde_frame_scene sc = {&g_air, NULL, NULL, NULL, tri_grid()};
    horde_frame_params p;
    horde_frame_params_default(&p);
    p.ground_lift = (float)v;
    static float a[1];
    static uint32_t f[1];
    const horde_frame_batch b = {a, a, a, a, a, a, a, a, NULL, a, a, a, NULL, NULL, NULL, NULL, f, 0, NULL};
    const size_t bytes = horde_frame_scratch_bytes(&sc, 0);
    void *mem = malloc(bytes);
    const int st = horde_frame(NULL, &sc, &p, &b, mem, bytes);
    free(mem);
    return st == HORDE_OK ? 1 : st == HORDE_ERR_BAD_PARAMS ? 0 : 2;
}
static int probe_frame_n(double v)
{
    const horde_frame_scene sc = {&g_air, NULL, NULL, NULL, tri_grid()};
    const size_t n = (size_t)v;
    if (v > (double)SIZE_MAX / 256)
        return -1; /* a 32-bit size_t: the scratch of n NPCs does not fit it */
    return horde_frame_scratch_bytes(&sc, n) != 0;
}

static int empty_lists(int kernel, const uint32_t offsets[2])
{
    static float m[5][1] = {{0.25f}, {0.25f}, {0.25f}, {0.3f}, {1.8f}}; /* x, y, z, r, h */
    static float d[1] = {0.1f}, mo[7][1];
    static uint32_t mf[1], mu[1];
    const horde_poles no_poles = {NULL, NULL, NULL, NULL, NULL, 0};
    if (kernel == 0) {
        const horde_radial_push_batch b = {m[0], m[1], m[2], m[3], m[4], offsets, NULL, mo[0], mo[1], mo[2], mf, 1};
        return horde_radial_push(&no_poles, NULL, &b);
    }
    if (kernel == 1) {
        const horde_radial_sweep_batch b = {m[0], m[1], m[2], m[3], m[4], d, d, offsets, NULL, mo[0], mo[1], mf, 1};
        return horde_radial_sweep(&no_poles, NULL, &b);
    }
    const horde_triangles no_tris = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const horde_sphere_tri_list_batch b = {m[0], m[1], m[2], m[3], offsets, NULL,
                                           mo[0], mo[1], mo[2], mu, mo[3], mo[4], mo[5], mo[6], mf, 1};
    return horde_sphere_tri_list(&no_tris, &b);
}


#define PARAM(call, want) CHECK((call) == (want), "%s: want %d", #call, want)
static void check_params(void)
{
    for (size_t r = 0; r < NROWS(k_params); r++)
        check_call_row(&k_params[r]);
    check_params_together();
    for (size_t r = 0; r < NROWS(k_calls); r++)
        check_call_row(&k_calls[r]);
    const int OK = HORDE_OK, BAD = HORDE_ERR_BAD_PARAMS;
    const uint32_t empty[2] = {5, 5}, decreasing[2] = {5, 4};
    for (int k = 0; k < 3; k++) {
        PARAM(empty_lists(k, empty), OK);
        PARAM(empty_lists(k, decreasing), BAD);
    }
}

/* The frame recipe at run time: a mover at +-HORDE_FRAME_MAX_COORD on x, y and z is
 * valid in every LIMIT_FRAME kernel, and the next float beyond is valid exactly when it
 * lies within the kernel's own coordinate limit (invalid in the kernels whose limit
 * HORDE_FRAME_MAX_COORD is), on every backend. */
static void check_frame(void)
{
    const float F = HORDE_FRAME_MAX_COORD;
    const float v[4] = {F, -F, nextafterf(F, INFINITY), nextafterf(-F, -INFINITY)};
    for (size_t r = 0; r < NROWS(k_frame); r++) {
        const kernel *K = kernel_named(k_frame[r].kernel);
        const float M = k_frame[r].coord;
        float *in[MAXF];
        for (int k = 0; k < K->nin; k++) {
            in[k] = arrays[k];
            for (int i = 0; i < 8; i++)
                in[k][i] = K->in[k].base;
            if (!strcmp(K->in[k].name, "x") || !strcmp(K->in[k].name, "y") || !strcmp(K->in[k].name, "z")) {
                CHECK(K->in[k].hi == M, "%s: LIMIT_FRAME's limit %s differs from input %s's", K->name,
                      k_frame[r].coord_text, K->in[k].name);
                for (int c = 0; c < 4; c++)
                    in[k][2 * c] = v[c]; /* items 0, 2, 4, 6; 1, 3, 5, 7 stay the base */
            }
        }
        static uint32_t flags[8];
        TU_FOR_EACH_BACKEND(isa) {
            CHECK(K->run(isa, in, 8, flags) == HORDE_OK, "%s/%s: frame call", K->name, horde_isa_name(isa));
            for (int c = 0; c < 4; c++) {
                const int valid = fabsf(v[c]) <= M;
                CHECK((!(flags[2 * c] & K->reject)) == valid, "frame: %s/%s: a mover at %a: want %s, flags %#x",
                      K->name, horde_isa_name(isa), (double)v[c], valid ? "valid" : "invalid", flags[2 * c]);
                CHECK(!(flags[2 * c + 1] & K->reject), "frame: %s/%s: the base item: flags %#x", K->name,
                      horde_isa_name(isa), flags[2 * c + 1]);
            }
        }
        if (k_frame[r].chained || M == F)
            CHECK(M >= F, "frame: %s's limit is below HORDE_FRAME_MAX_COORD", K->name);
        CHECK(k_frame_checks[r] == 1, "frame: compile-time check %zu", r);
    }
}

/* Empty lists with poles present and no index list, on every backend: full SIMD groups
 * and a tail, all lists empty (the clean-list path must not touch `indices`). */
static void check_empty_lists_with_poles(void)
{
    enum { N = 9 };
    static const float px[1] = {0.25f}, pz[1] = {0.25f}, pr[1] = {0.5f}, pb[1] = {-1.0f}, pt[1] = {4.0f};
    const horde_poles poles = {px, pz, pr, pb, pt, 1};
    static float m[5][N], mo[3][N];
    static uint32_t mf[N], offsets[N + 1];
    for (int i = 0; i < N; i++)
        m[0][i] = m[2][i] = 0.25f, m[1][i] = 0.0f, m[3][i] = 0.3f, m[4][i] = 1.8f;
    for (int i = 0; i <= N; i++)
        offsets[i] = 5;
    const horde_radial_push_batch b = {m[0], m[1], m[2], m[3], m[4], offsets, NULL, mo[0], mo[1], mo[2], mf, N};
    TU_FOR_EACH_BACKEND(isa) {
        CHECK(horde_radial_push_isa(isa, &poles, NULL, &b) == HORDE_OK, "radial_push/%s: empty lists",
              horde_isa_name(isa));
        for (int i = 0; i < N; i++)
            CHECK(mf[i] == 0 && mo[0][i] == 0.25f && mo[2][i] == 0.25f, "radial_push/%s: mover %d of empty lists",
                  horde_isa_name(isa), i);
    }
}

/* The chunk helpers ignore coordinates outside 0 .. 31 (set) and read them as 0 (get). */
static void check_chunk_bounds(void)
{
    static horde_chunk c;
    horde_chunk_fill(&c);
    const int out[] = {-1, HORDE_CHUNK_SIZE};
    for (int a = 0; a < 3; a++)
        for (int k = 0; k < 2; k++) {
            int v[3] = {0, 0, 0};
            v[a] = out[k];
            CHECK(horde_chunk_get(&c, v[0], v[1], v[2]) == 0, "chunk_get(%d, %d, %d) of a full chunk", v[0], v[1],
                  v[2]);
            horde_chunk_set(&c, v[0], v[1], v[2], 0);
        }
    int all = 1;
    for (int y = 0; y < HORDE_CHUNK_SIZE; y++)
        all &= c.rows[y][0] == UINT32_MAX && c.rows[y][HORDE_CHUNK_SIZE - 1] == UINT32_MAX;
    CHECK(all, "chunk_set outside 0 .. 31 changed the chunk");
}

/* ---- docs/limits.md, printed from the table ------------------------------------------- */

/* The shortest decimal that reads back as the same float. */
static const char *num(double v, char *buf)
{
    if (v == floor(v) && fabs(v) < 0x1p53) {
        sprintf(buf, "%.0f", v);
        return buf;
    }
    for (int p = 1; p <= 9; p++) {
        sprintf(buf, "%.*g", p, v);
        if ((float)strtod(buf, NULL) == (float)v)
            break;
    }
    return buf;
}

/* The macros a row's limits name (its texts that are not plain numbers). */
static void macros(const char *lo, const char *hi, char *out)
{
    out[0] = 0;
    const char *t[2] = {lo, hi};
    for (int i = 0; i < 2; i++) {
        const char *m = t[i][0] == '-' ? t[i] + 1 : t[i];
        if (strncmp(m, "HORDE_", 6) || (i == 1 && !strcmp(m, lo[0] == '-' ? lo + 1 : lo)))
            continue;
        sprintf(out + strlen(out), "%s`%s`", out[0] ? ", " : "", m);
    }
    if (!out[0])
        strcpy(out, "-");
}

static void range(int kind, double lo, double hi, char *out)
{
    char a[64], b[64];
    if (kind == FINITE)
        strcpy(out, "finite");
    else
        sprintf(out, "%s%s, %s]", kind == LO_OPEN ? "(" : "[", num(lo, a), num(hi, b));
}

static void print_markdown(void)
{
    char r[160], m[160];
    printf("# Limits\n\n"
           "Every kernel's limits, from one table: `tests/api/limits_table.h`. This file is its\n"
           "output (`test_limits --markdown > docs/limits.md`); the meson test `limits_doc` fails when\n"
           "they differ, and the test `limits` checks every range below on every backend: each\n"
           "limit accepted and the next float (or integer) beyond it rejected.\n\n"
           "* **Inputs** are per item: an item outside its range is flagged `HORDE_FLAG_INVALID`\n"
           "  (a pole or a list entry: `HORDE_FLAG_SKIPPED`); the other items do not change. NaN is\n"
           "  outside every range.\n"
           "* **Parameters** (fields of `horde_<kernel>_params`) and **calls** (counts and call\n"
           "  arguments) outside their range make the call return `HORDE_ERR_BAD_PARAMS` and write\n"
           "  nothing.\n"
           "* **Rules** are conditions that are not a single range.\n");
    for (size_t s = 0; s < NROWS(k_sections); s++) {
        const char *k = k_sections[s].kernel;
        printf("\n## %s\n\n`%s`\n\n| | input or parameter | range | macro | meaning |\n|---|---|---|---|---|\n", k,
               k_sections[s].header);
        for (size_t i = 0; i < NROWS(k_inputs); i++) {
            const input *I = &k_inputs[i].in;
            if (strcmp(k_inputs[i].kernel, k))
                continue;
            range(I->kind, I->lo, I->hi, r);
            macros(I->lo_text, I->hi_text, m);
            printf("| input | %s | %s | %s | %s |\n", I->name, r, m, I->meaning);
        }
        for (int t = 0; t < 2; t++) {
            const call_row *rows = t ? k_calls : k_params;
            const size_t nrows = t ? NROWS(k_calls) : NROWS(k_params);
            for (size_t i = 0; i < nrows; i++) {
                const call_row *R = &rows[i];
                if (strcmp(R->kernel, k))
                    continue;
                range(R->kind, R->lo, R->hi, r);
                macros(R->lo_text, R->hi_text, m);
                printf("| %s | %s | %s | %s | %s |\n", t ? "call" : "parameter", R->name, r, m, R->meaning);
            }
        }
        for (size_t i = 0; i < NROWS(k_rules); i++)
            if (!strcmp(k_rules[i].kernel, k))
                printf("| rule | %s | %s | - | %s |\n", k_rules[i].what, k_rules[i].rule, k_rules[i].meaning);
    }
    char a[64];
    printf("\n## Frame recipe\n\n"
           "The frame recipe (README, [crowds.md](crowds.md)) chains kernels on the same movers, so a\n"
           "frame's coordinates must lie within the smallest of their coordinate limits:\n"
           "`HORDE_FRAME_MAX_COORD` = %s (`include/horde/common.h`). Larger worlds rebase their\n"
           "origin.\n\n| kernel | coordinate limit | macro | in the recipe |\n|---|---|---|---|\n",
           num(HORDE_FRAME_MAX_COORD, a));
    for (size_t i = 0; i < NROWS(k_frame); i++)
        printf("| %s | %s | `%s` | %s |\n", k_frame[i].kernel, num(k_frame[i].coord, a), k_frame[i].coord_text,
               k_frame[i].chained ? "yes" : "no: used in place of one");
    printf("\n`tests/api/limits.c` checks at compile time that every limit of the recipe's kernels\n"
           "is at least `HORDE_FRAME_MAX_COORD` and that one equals it, and checks at run time, on\n"
           "every backend, that a mover at +-`HORDE_FRAME_MAX_COORD` is valid in every kernel above\n"
           "and that the next float beyond is invalid exactly where the kernel's limit is\n"
           "`HORDE_FRAME_MAX_COORD`.\n");
}

int main(int argc, char **argv)
{
    default_params();
    load_inputs();
    if (argc == 2 && !strcmp(argv[1], "--markdown")) {
        print_markdown();
        return tu_failures ? 1 : 0;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--markdown]\n", argv[0]);
        return 2;
    }
    if (horde_world_init(&g_air, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_EMPTY) != HORDE_OK || !build_grid()) {
        fprintf(stderr, "world init or pole grid build failed\n");
        return 1;
    }
    for (size_t k = 0; k < NKERNEL; k++)
        check_kernel(&kernels[k]), check_exact_arrays(&kernels[k]);
    check_params();
    check_frame();
    check_chunk_bounds();
    check_empty_lists_with_poles();
    return tu_finish("limits");
}
