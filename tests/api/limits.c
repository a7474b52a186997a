/* Input limits on every backend: each per-item input that a header bounds is accepted
 * at its limit and rejected one float beyond it, lane by lane; and every call's
 * parameters, at their limits and one beyond (HORDE_OK / HORDE_ERR_BAD_PARAMS), empty
 * candidate lists without an index list, and the chunk helpers' coordinate bounds. Last,
 * every kernel reads batches of 1 .. 33 items from input arrays allocated to exactly
 * their length (under ASan a read past the last item fails).
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

/* One per-item input: its name, the base item's value, and its valid range. */
typedef struct input {
    const char *name;
    float base, lo, hi;
    int kind; /* CLOSED [lo, hi], LO_OPEN (lo, hi], or RELATION: the kernel's extra cases */
} input;
enum { CLOSED, LO_OPEN, RELATION };

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

/* ---- the kernels ----------------------------------------------------------------------- */

static horde_world g_air; /* an empty view: every block air */
static float o[8][MAXN];  /* float outputs */
static uint32_t u[MAXN];  /* the other outputs */

/* The per-call parameters the run_* functions pass: the defaults below, unless
 * check_params sets one for a call. */
typedef struct call_params {
    const horde_aabb_move_params *aabb; /* NULL: the kernels' defaults */
    const horde_cylinder_move_params *move;
    const horde_point_move_params *point;
    uint32_t crowd_iterations, radial_iterations, slides;
    float tri_step, ground_depth;
} call_params;
#define DEFAULT_PARAMS {NULL, NULL, NULL, 2, 4, 4, 0.25f, 4.0f}
static const call_params k_default_params = DEFAULT_PARAMS;
static call_params g_params = DEFAULT_PARAMS;

#define COORD(nm, L) {nm, 0.25f, -(L), (L), CLOSED}
#define FINITE(nm, b) {nm, b, -FLT_MAX, FLT_MAX, CLOSED}

static const input push_in[] = {COORD("x", HORDE_CYLINDER_PUSH_MAX_COORD),
                                COORD("y", HORDE_CYLINDER_PUSH_MAX_COORD),
                                COORD("z", HORDE_CYLINDER_PUSH_MAX_COORD),
                                {"radius", 0.3f, 0.0f, HORDE_CYLINDER_PUSH_MAX_RADIUS, CLOSED},
                                {"height", 1.8f, 0.0f, HORDE_CYLINDER_PUSH_MAX_HEIGHT, CLOSED}};
static int run_push(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_cylinder_push_batch b = {in[0], in[1], in[2], in[3], in[4],
                                         o[0], o[1], o[2], flags, n};
    return horde_cylinder_push_isa(isa, &g_air, &b);
}

static const input move_in[] = {COORD("x", HORDE_CYLINDER_MOVE_MAX_COORD),
                                COORD("y", HORDE_CYLINDER_MOVE_MAX_COORD),
                                COORD("z", HORDE_CYLINDER_MOVE_MAX_COORD), FINITE("dx", 0.1f),
                                FINITE("dy", -0.01f), FINITE("dz", 0.05f),
                                {"radius", 0.3f, HORDE_CYLINDER_MOVE_MIN_RADIUS,
                                 HORDE_CYLINDER_MOVE_MAX_RADIUS, CLOSED},
                                {"height", 1.8f, 0.0f, HORDE_CYLINDER_MOVE_MAX_HEIGHT, CLOSED}};
static int run_move(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_cylinder_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7],
                                         o[0],  o[1],  o[2],  o[3],  o[4],  o[5],  flags, n};
    return horde_cylinder_move_isa(isa, &g_air, g_params.move, &b);
}

static const input point_in[] = {COORD("x", HORDE_POINT_MOVE_MAX_COORD),
                                 COORD("y", HORDE_POINT_MOVE_MAX_COORD),
                                 COORD("z", HORDE_POINT_MOVE_MAX_COORD), FINITE("dx", 0.1f),
                                 FINITE("dy", -0.01f),
                                 FINITE("dz", 0.05f)};
static int run_point(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_point_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], o[1], o[2],
                                      o[3],  o[4],  o[5],  flags, n};
    return horde_point_move_isa(isa, &g_air, g_params.point, &b);
}

static const input aabb_in[] = {COORD("x", HORDE_AABB_MOVE_MAX_COORD),
                                COORD("y", HORDE_AABB_MOVE_MAX_COORD),
                                COORD("z", HORDE_AABB_MOVE_MAX_COORD), FINITE("dx", 0.1f),
                                FINITE("dy", -0.01f),
                                FINITE("dz", 0.05f),
                                {"half_x", 0.3f, 0.0f, HORDE_AABB_MOVE_MAX_HALF, LO_OPEN},
                                {"half_z", 0.3f, 0.0f, HORDE_AABB_MOVE_MAX_HALF, LO_OPEN},
                                {"height", 1.8f, 0.0f, HORDE_AABB_MOVE_MAX_HEIGHT, LO_OPEN}};
static int run_aabb(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_aabb_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8],
                                     o[0],  o[1],  o[2],  o[3],  o[4],  o[5],  flags, n};
    return horde_aabb_move_isa(isa, &g_air, g_params.aabb, &b);
}

static const input crowd_in[] = {COORD("x", HORDE_CROWD_SEPARATE_MAX_COORD),
                                 COORD("y", HORDE_CROWD_SEPARATE_MAX_COORD),
                                 COORD("z", HORDE_CROWD_SEPARATE_MAX_COORD),
                                 {"radius", 0.3f, 0.0f, HORDE_CROWD_SEPARATE_MAX_RADIUS, CLOSED},
                                 {"height", 1.8f, 0.0f, HORDE_CROWD_SEPARATE_MAX_HEIGHT, CLOSED},
                                 {"weight", 1.0f, 0.0f, HORDE_CROWD_SEPARATE_MAX_WEIGHT, CLOSED}};
static int run_crowd(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    static unsigned char scratch[MAXN * 256];
    const size_t bytes = horde_crowd_separate_scratch_bytes(n);
    if (bytes > sizeof scratch)
        return -1;
    const horde_crowd_separate_batch c = {in[0], in[1], in[2], in[3], in[4], in[5], o[0], o[1], flags, n};
    const horde_crowd_separate_params p = {g_params.crowd_iterations};
    return horde_crowd_separate_isa(isa, &p, &c, scratch, bytes);
}

/* Radial push and sweep: mover i lists pole i, whose inputs follow the mover's. */
static const input radial_in[] = {COORD("x", HORDE_RADIAL_PUSH_MAX_COORD), COORD("y", HORDE_RADIAL_PUSH_MAX_COORD),
                                  COORD("z", HORDE_RADIAL_PUSH_MAX_COORD),
                                  {"radius", 0.3f, 0.0f, HORDE_RADIAL_PUSH_MAX_RADIUS, CLOSED},
                                  {"height", 1.8f, 0.0f, HORDE_RADIAL_PUSH_MAX_HEIGHT, CLOSED},
                                  COORD("pole x", HORDE_RADIAL_PUSH_MAX_COORD),
                                  COORD("pole z", HORDE_RADIAL_PUSH_MAX_COORD),
                                  {"pole r", 0.5f, 0.0f, HORDE_RADIAL_PUSH_MAX_RADIUS, CLOSED},
                                  {"pole bottom", -1.0f, 0.0f, 0.0f, RELATION},
                                  {"pole top", 3.0f, 0.0f, 0.0f, RELATION},
                                  {"dx", 0.5f, -HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT,
                                   HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT, CLOSED},
                                  {"dz", 0.5f, -HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT,
                                   HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT, CLOSED}};
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
    const horde_radial_push_params p = {g_params.radial_iterations};
    const horde_radial_push_batch b = {in[0], in[1], in[2], in[3], in[4], g_offsets, g_indices, o[0], o[1], o[2], flags, n};
    return horde_radial_push_isa(isa, &poles, &p, &b);
}

static int run_sweep(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    one_entry_lists(n);
    const horde_poles poles = poles_of(in, n);
    const horde_radial_sweep_params p = {g_params.slides};
    const horde_radial_sweep_batch b = {in[0], in[1], in[2], in[3], in[4], in[RADIAL_SWEEP],
                                        in[RADIAL_SWEEP + 1], g_offsets, g_indices, o[0], o[1], flags, n};
    return horde_radial_sweep_isa(isa, &poles, &p, &b);
}

/* Triangle kernels: a small triangle near the mover; inputs 0 .. 8 are its corners. */
#define TRI_INPUTS(L)                                                                                   \
    {"ax", 0.0f, -(L), (L), CLOSED}, {"ay", 0.0f, -(L), (L), CLOSED}, {"az", 0.0f, -(L), (L), CLOSED},                \
        {"bx", 2.0f, -(L), (L), CLOSED}, {"by", 0.0f, -(L), (L), CLOSED}, {"bz", 0.0f, -(L), (L), CLOSED},            \
        {"cx", 0.0f, -(L), (L), CLOSED}, {"cy", 0.5f, -(L), (L), CLOSED}, {"cz", 2.0f, -(L), (L), CLOSED}
static horde_triangles tris_of(float *const *in, size_t n)
{
    const horde_triangles t = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8], n};
    return t;
}

static const input sphere_in[] = {TRI_INPUTS(HORDE_SPHERE_TRI_MAX_COORD), COORD("x", HORDE_SPHERE_TRI_MAX_COORD),
                                  COORD("y", HORDE_SPHERE_TRI_MAX_COORD), COORD("z", HORDE_SPHERE_TRI_MAX_COORD),
                                  {"r", 0.5f, 0.0f, HORDE_SPHERE_TRI_MAX_RADIUS, CLOSED}};
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

static const input sweep_in[] = {TRI_INPUTS(HORDE_SWEEP_SPHERE_TRI_MAX_COORD),
                                 COORD("x", HORDE_SWEEP_SPHERE_TRI_MAX_COORD),
                                 COORD("y", HORDE_SWEEP_SPHERE_TRI_MAX_COORD),
                                 COORD("z", HORDE_SWEEP_SPHERE_TRI_MAX_COORD),
                                 {"dx", 0.5f, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD, HORDE_SWEEP_SPHERE_TRI_MAX_COORD, CLOSED},
                                 {"dy", -0.5f, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD, HORDE_SWEEP_SPHERE_TRI_MAX_COORD, CLOSED},
                                 {"dz", 0.5f, -HORDE_SWEEP_SPHERE_TRI_MAX_COORD, HORDE_SWEEP_SPHERE_TRI_MAX_COORD, CLOSED},
                                 {"rx", 0.5f, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS, HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, CLOSED},
                                 {"ry", 0.5f, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS, HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, CLOSED},
                                 {"rz", 0.5f, HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS, HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS, CLOSED}};
static int run_sweep_tri(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = tris_of(in, n);
    const horde_sweep_sphere_tri_batch b = {in[9], in[10], in[11], in[12], in[13], in[14], in[15], in[16], in[17],
                                            o[0], o[1], o[2], o[3], o[4], o[5], o[6], flags, n};
    return horde_sweep_sphere_tri_isa(isa, &t, &b);
}

static const input cyltri_in[] = {TRI_INPUTS(HORDE_CYLINDER_TRI_MAX_COORD),
                                  COORD("x", HORDE_CYLINDER_TRI_MAX_COORD),
                                  COORD("y", HORDE_CYLINDER_TRI_MAX_COORD),
                                  COORD("z", HORDE_CYLINDER_TRI_MAX_COORD),
                                  {"radius", 0.3f, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, CLOSED},
                                  {"height", 1.8f, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, CLOSED}};
static int run_cyltri(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = tris_of(in, n);
    const horde_cylinder_tri_params p = {g_params.tri_step};
    const horde_cylinder_tri_batch b = {in[9], in[10], in[11], in[12], in[13], o[0], o[1], flags, n};
    return horde_cylinder_tri_isa(isa, &t, &p, &b);
}

/* The soup kernels skip invalid triangles without a flag: only the movers' inputs. */
static const float soup_tri[9] = {0.0f, 0.0f, 0.0f, 2.0f, 0.0f, 0.0f, 0.0f, 0.5f, 2.0f};
static horde_triangles one_triangle(void)
{
    const float *v = soup_tri;
    const horde_triangles t = {v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, 1};
    return t;
}

static const input soup_in[] = {COORD("x", HORDE_CYLINDER_TRI_MAX_COORD),
                                COORD("y", HORDE_CYLINDER_TRI_MAX_COORD),
                                COORD("z", HORDE_CYLINDER_TRI_MAX_COORD),
                                {"radius", 0.3f, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, CLOSED},
                                {"height", 1.8f, 0.0f, HORDE_CYLINDER_TRI_MAX_SIZE, CLOSED}};
static int run_soup(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = one_triangle();
    const horde_cylinder_tri_soup_params p = {g_params.tri_step};
    const horde_cylinder_tri_soup_batch b = {in[0], in[1], in[2], in[3], in[4], o[0], o[1], flags, n};
    return horde_cylinder_tri_soup_isa(isa, &t, &p, &b);
}

static const input ground_in[] = {COORD("x", HORDE_GROUND_HEIGHT_MAX_COORD),
                                  COORD("y", HORDE_GROUND_HEIGHT_MAX_COORD),
                                  COORD("z", HORDE_GROUND_HEIGHT_MAX_COORD)};
static int run_ground(horde_isa isa, float *const *in, size_t n, uint32_t *flags)
{
    const horde_triangles t = one_triangle();
    const horde_ground_height_params p = {g_params.ground_depth};
    const horde_ground_height_batch b = {in[0], in[1], in[2], o[0], u, flags, n};
    return horde_ground_height_isa(isa, &t, &p, &b);
}

#define NIN(a) (int)(sizeof(a) / sizeof(a)[0])
#define NO_EXTRA NULL, 0
static const kernel kernels[] = {
    {"cylinder_push", push_in, NIN(push_in), HORDE_FLAG_INVALID, run_push, NO_EXTRA},
    {"cylinder_move", move_in, NIN(move_in), HORDE_FLAG_INVALID, run_move, NO_EXTRA},
    {"point_move", point_in, NIN(point_in), HORDE_FLAG_INVALID, run_point, NO_EXTRA},
    {"aabb_move", aabb_in, NIN(aabb_in), HORDE_FLAG_INVALID, run_aabb, NO_EXTRA},
    {"crowd_separate", crowd_in, NIN(crowd_in), HORDE_FLAG_INVALID, run_crowd, NO_EXTRA},
    {"radial_push", radial_in, RADIAL_SWEEP, HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_radial, pole_extra,
     NIN(pole_extra)},
    {"radial_sweep", radial_in, NIN(radial_in), HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_sweep, pole_extra,
     NIN(pole_extra)},
    {"sphere_tri_pairs", sphere_in, NIN(sphere_in), HORDE_FLAG_INVALID, run_sphere_pairs, NO_EXTRA},
    {"sphere_tri_list", sphere_in, NIN(sphere_in), HORDE_FLAG_INVALID | HORDE_FLAG_SKIPPED, run_sphere_list,
     NO_EXTRA},
    {"sweep_sphere_tri", sweep_in, NIN(sweep_in), HORDE_FLAG_INVALID, run_sweep_tri, NO_EXTRA},
    {"cylinder_tri", cyltri_in, NIN(cyltri_in), HORDE_FLAG_INVALID, run_cyltri, NO_EXTRA},
    {"cylinder_tri_soup", soup_in, NIN(soup_in), HORDE_FLAG_INVALID, run_soup, NO_EXTRA},
    {"ground_height", ground_in, NIN(ground_in), HORDE_FLAG_INVALID, run_ground, NO_EXTRA},
};

/* ---- per-call parameters: at the limit HORDE_OK, one float (or one) beyond BAD_PARAMS
 * (next_float: on armv7 the checks too see a subnormal as 0) ------------------------------ */

/* The table's kernel called `name`; a name not in it is a bug in this file: it stops the
 * program (exit 2, which meson counts as a failure). */
static const kernel *kernel_named(const char *name)
{
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
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
    g_params = k_default_params;
    return st;
}

static int aabb_params(float step_height, float max_distance)
{
    const horde_aabb_move_params p = {step_height, max_distance};
    g_params.aabb = &p;
    return status_with("aabb_move");
}
static int move_params(float step, float step_height, uint32_t max_substeps)
{
    const horde_cylinder_move_params p = {step, step_height, max_substeps};
    g_params.move = &p;
    return status_with("cylinder_move");
}
static int point_params(float step, float skin, uint32_t max_substeps)
{
    const horde_point_move_params p = {step, skin, max_substeps};
    g_params.point = &p;
    return status_with("point_move");
}
static int crowd_params(uint32_t iterations)
{
    g_params.crowd_iterations = iterations;
    return status_with("crowd_separate");
}
static int cyltri_params(float step, int soup)
{
    g_params.tri_step = step;
    return status_with(soup ? "cylinder_tri_soup" : "cylinder_tri");
}
static int ground_params(float depth)
{
    g_params.ground_depth = depth;
    return status_with("ground_height");
}

static int radial_params(uint32_t iterations)
{
    g_params.radial_iterations = iterations;
    return status_with("radial_push");
}
static int sweep_params(uint32_t slides)
{
    g_params.slides = slides;
    return status_with("radial_sweep");
}

/* Empty candidate lists need no index list and no candidates: radial push, radial sweep
 * and the sphere list (kernel 0, 1, 2) on one mover whose list `offsets` gives, with
 * indices, poles and triangles NULL. */
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
    const int OK = HORDE_OK, BAD = HORDE_ERR_BAD_PARAMS;
    const float above = INFINITY, below = -INFINITY;
    PARAM(aabb_params(0.0f, 32.0f), OK);
    PARAM(aabb_params(HORDE_AABB_MOVE_MAX_STEP_HEIGHT, HORDE_AABB_MOVE_MAX_DISTANCE), OK);
    PARAM(aabb_params(next_float(0.0f, below), 32.0f), BAD);
    PARAM(aabb_params(nextafterf(HORDE_AABB_MOVE_MAX_STEP_HEIGHT, above), 32.0f), BAD);
    PARAM(aabb_params(0.0f, nextafterf(HORDE_AABB_MOVE_MAX_DISTANCE, above)), BAD);
    PARAM(aabb_params(0.0f, next_float(0.0f, above)), OK);
    PARAM(aabb_params(0.0f, 0.0f), BAD);
    PARAM(move_params(1.0f, 1.0f, HORDE_CYLINDER_MOVE_MAX_SUBSTEPS), OK);
    PARAM(move_params(next_float(0.0f, above), 0.0f, 1), OK);
    PARAM(move_params(0.0f, 0.0f, 64), BAD);
    PARAM(move_params(nextafterf(1.0f, above), 0.0f, 64), BAD);
    PARAM(move_params(0.1f, next_float(0.0f, below), 64), BAD);
    PARAM(move_params(0.1f, nextafterf(1.0f, above), 64), BAD);
    PARAM(move_params(0.1f, 0.0f, 0), BAD);
    PARAM(move_params(0.1f, 0.0f, HORDE_CYLINDER_MOVE_MAX_SUBSTEPS + 1), BAD);
    PARAM(point_params(HORDE_POINT_MOVE_MAX_STEP, HORDE_POINT_MOVE_MAX_SKIN,
                       HORDE_POINT_MOVE_MAX_SUBSTEPS), OK);
    PARAM(point_params(next_float(0.0f, above), 0.0f, 1), OK);
    PARAM(point_params(0.0f, 0.0f, 64), BAD);
    PARAM(point_params(nextafterf(HORDE_POINT_MOVE_MAX_STEP, above), 0.0f, 64), BAD);
    PARAM(point_params(0.4f, next_float(0.0f, below), 64), BAD);
    PARAM(point_params(0.4f, nextafterf(HORDE_POINT_MOVE_MAX_SKIN, above), 64), BAD);
    PARAM(point_params(0.4f, 0.0f, 0), BAD);
    PARAM(point_params(0.4f, 0.0f, HORDE_POINT_MOVE_MAX_SUBSTEPS + 1), BAD);
    PARAM(crowd_params(1), OK);
    PARAM(crowd_params(HORDE_CROWD_SEPARATE_MAX_ITERATIONS), OK);
    PARAM(crowd_params(0), BAD);
    PARAM(crowd_params(HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1), BAD);
    for (int soup = 0; soup < 2; soup++) {
        PARAM(cyltri_params(0.0f, soup), OK);
        PARAM(cyltri_params(HORDE_CYLINDER_TRI_MAX_SIZE, soup), OK);
        PARAM(cyltri_params(next_float(0.0f, below), soup), BAD);
        PARAM(cyltri_params(nextafterf(HORDE_CYLINDER_TRI_MAX_SIZE, above), soup), BAD);
    }
    PARAM(ground_params(0.0f), OK);
    PARAM(ground_params(HORDE_GROUND_HEIGHT_MAX_DEPTH), OK);
    PARAM(ground_params(next_float(0.0f, below)), BAD);
    PARAM(ground_params(nextafterf(HORDE_GROUND_HEIGHT_MAX_DEPTH, above)), BAD);
    PARAM(radial_params(1), OK);
    PARAM(radial_params(HORDE_RADIAL_PUSH_MAX_ITERATIONS), OK);
    PARAM(radial_params(0), BAD);
    PARAM(radial_params(HORDE_RADIAL_PUSH_MAX_ITERATIONS + 1), BAD);
    PARAM(sweep_params(1), OK);
    PARAM(sweep_params(HORDE_RADIAL_SWEEP_MAX_SLIDES), OK);
    PARAM(sweep_params(0), BAD);
    PARAM(sweep_params(HORDE_RADIAL_SWEEP_MAX_SLIDES + 1), BAD);
    const uint32_t empty[2] = {5, 5}, decreasing[2] = {5, 4};
    for (int k = 0; k < 3; k++) {
        PARAM(empty_lists(k, empty), OK);
        PARAM(empty_lists(k, decreasing), BAD);
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

int main(void)
{
    if (horde_world_init(&g_air, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_EMPTY) != HORDE_OK) {
        fprintf(stderr, "world init failed\n");
        return 1;
    }
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
        check_kernel(&kernels[k]), check_exact_arrays(&kernels[k]);
    check_params();
    check_chunk_bounds();
    check_empty_lists_with_poles();
    return tu_finish("limits");
}
