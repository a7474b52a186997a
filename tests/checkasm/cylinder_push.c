/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_cylinder_push: every compiled backend is run
 * on the same inputs as the scalar reference and must return identical bits (memcmp on
 * positions and flags). Inputs: random movers, movers snapped onto faces / edges /
 * chunk borders, zero and maximal sizes, invalid values; six scenes; random batch
 * sizes (odd tails), unaligned arrays, in-place calls. The reference's own output is
 * checked against the definition in horde/cylinder_push.h (no overlap left unless STUCK).
 *
 * Run: checkasm --test=cylinder_push [--seed=N] [--items=N] [--long] (checkasm.h).
 * A failure prints the seed, scene, backend and the offending mover in hex floats. */
#include "scene.h"
#include "checkasm.h"

/* Radii include tiny ones: r^2 rounds to 0 (0x1p-149, 0x1p-75), is subnormal (1e-20)
 * or is barely normal (1e-18): the disc then reaches its centre's column only when
 * r^2 > 0. */
static const float snap_sizes_r[] = {0.0f, 0.1f, 0.25f, 0.3f, 0.4f, 0.5f, 0x1p-149f, 0x1p-75f, 1e-20f, 1e-18f};
#define N_SNAP_R (sizeof snap_sizes_r / sizeof snap_sizes_r[0])
static const float snap_sizes_h[] = {0.0f, 0.5f, 1.0f, 1.8f, 2.0f, 3.0f};

static float snap_coord(tu_rng *g, float lo, float hi, float r)
{
    float k = floorf(tu_uniform(g, lo, hi));
    switch (tu_below(g, 9)) {
    case 7: return -0.0f;                   /* -0: on the face at 0, where it ties with +0 */
    case 0: return k;                       /* on a face */
    case 1: return k + r;                   /* disc touching a face */
    case 2: return k - r;
    case 3: return k + 0.5f;                /* centre of a block */
    case 4: return 32.0f * floorf(k / 32.0f); /* chunk border */
    case 5: return 32.0f * floorf(k / 32.0f) + r;
    case 6: return nextafterf(k, k + 1.0f); /* one ulp off a face */
    default: return nextafterf(k + r, k);
    }
}

static float bad_value(tu_rng *g)
{
    static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, -0.25f, 0.5000001f, 3.0000002f,
                                1048577.0f, -2e9f, 1e30f};
    return bad[tu_below(g, sizeof bad / sizeof bad[0])];
}

/* Movers come in runs of SHORT_RUN, every other run at most HORDE_WIN_SHORT_HEIGHT (2)
 * tall: the SIMD kernels read fewer window levels for a tile whose movers are all that
 * short (window.h), and random heights up to 3 almost never fill a tile with them. */
#define SHORT_RUN 256
static float gen_height(tu_rng *g, int mode, size_t i)
{
    const int short_run = (i / SHORT_RUN) % 2;
    if (mode == 1) /* the snapped heights up to 2.0 (the first five), or all six */
        return snap_sizes_h[tu_below(g, short_run ? 5 : 6)];
    return tu_uniform(g, 0.0f, short_run ? 2.0f : 3.0f);
}

/* Fill movers [0, n). mode 0 random, 1 snapped, 2 sprinkled with invalid values. */
static void gen_movers(tu_rng *g, int mode, size_t n, float *x, float *y, float *z, float *r,
                       float *h)
{
    for (size_t i = 0; i < n; i++) {
        h[i] = gen_height(g, mode, i);
        if (mode == 1) {
            r[i] = snap_sizes_r[tu_below(g, (uint32_t)N_SNAP_R)];
            x[i] = snap_coord(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4, r[i]);
            y[i] = snap_coord(g, -6.0f, 8.0f, 0.0f);
            z[i] = snap_coord(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4, r[i]);
        } else {
            r[i] = tu_uniform(g, 0.0f, 0.5f);
            x[i] = tu_uniform(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4);
            y[i] = tu_uniform(g, -6.0f, 8.0f);
            z[i] = tu_uniform(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4);
        }
        if (mode == 2 && tu_below(g, 20) == 0) {
            float *f[5] = {&x[i], &y[i], &z[i], &r[i], &h[i]};
            *f[tu_below(g, 5)] = bad_value(g);
        }
    }
}

typedef struct {
    float *x, *y, *z, *r, *h, *ox, *oy, *oz;
    uint32_t *of;
} arrays;

/* Arrays deliberately offset by one element so nothing is 16/32-byte aligned. */
static horde_cylinder_push_batch batch_of(const arrays *a, size_t off, size_t n, int out)
{
    horde_cylinder_push_batch b = {a->x + off, a->y + off, a->z + off, a->r + off, a->h + off,
                              out ? a->ox + off : NULL, out ? a->oy + off : NULL,
                              out ? a->oz + off : NULL, out ? a->of + off : NULL, n};
    return b;
}

static int reported;

static void report(const char *what, uint64_t seed, const char *scene_nm, const char *isa,
                   const arrays *in, size_t i, const float *rx, const float *ry, const float *rz,
                   const uint32_t *rf, const float *nx, const float *ny, const float *nz,
                   const uint32_t *nf)
{
    if (reported++ > 10)
        return;
    fprintf(stderr,
            "%s: seed=%" PRIu64 " scene=%s isa=%s mover=%zu\n"
            "  in  x=%a y=%a z=%a r=%a h=%a\n"
            "  ref x=%a y=%a z=%a flags=%#x\n"
            "  new x=%a y=%a z=%a flags=%#x\n",
            what, seed, scene_nm, isa, i, in->x[i], in->y[i], in->z[i], in->r[i], in->h[i],
            rx[i], ry[i], rz[i], rf[i], nx[i], ny[i], nz[i], nf[i]);
}

/* Movers the contract check skips on armv7, where horde flushes subnormals (testutil.h:
 * tu_outside_fp_policy): a subnormal input, or a radius whose square is subnormal (the
 * overlap test's r^2 is then 0 there, and the IEEE model below still sees a disc). */
static size_t n_flushed;

/* The reference's output must satisfy horde/cylinder_push.h's contract. */
static void check_contract(const horde_world *w, const arrays *a, size_t n, uint64_t seed,
                           const char *scene_nm, size_t *stuck)
{
    const float *const cols[5] = {a->x, a->y, a->z, a->r, a->h};
    for (size_t i = 0; i < n; i++) {
        const float x = a->x[i], y = a->y[i], z = a->z[i], r = a->r[i], h = a->h[i];
        const uint32_t f = a->of[i];
        const float r2 = r * r; /* in IEEE arithmetic: the test runs outside horde's FP mode */
        if (TU_FLUSHES_SUBNORMALS && (tu_outside_fp_policy(cols, 5, i) || (r2 != 0.0f && r2 < FLT_MIN))) {
            n_flushed++;
            continue;
        }
        const int valid = fabsf(x) <= HORDE_CYLINDER_PUSH_MAX_COORD &&
                          fabsf(y) <= HORDE_CYLINDER_PUSH_MAX_COORD &&
                          fabsf(z) <= HORDE_CYLINDER_PUSH_MAX_COORD && r >= 0 && r <= 0.5f &&
                          h >= 0 && h <= 3.0f;
        int ok = 1;
        if (!valid) {
            ok = f == HORDE_FLAG_INVALID && ca_bits(a->ox[i]) == ca_bits(x) &&
                 ca_bits(a->oy[i]) == ca_bits(y) && ca_bits(a->oz[i]) == ca_bits(z);
        } else if (f & HORDE_FLAG_STUCK) {
            ok = f == (HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED) && a->ox[i] == x && a->oy[i] == y &&
                 a->oz[i] == z && tu_cyl_overlaps(w, x, y, z, r, h);
            (*stuck)++;
        } else {
            const int before = tu_cyl_overlaps(w, x, y, z, r, h);
            const int after = tu_cyl_overlaps(w, a->ox[i], a->oy[i], a->oz[i], r, h);
            const float dx = a->ox[i] - x, dy = a->oy[i] - y, dz = a->oz[i] - z;
            ok = !after && !isnan(a->ox[i] + a->oy[i] + a->oz[i]) &&
                 (before == !!(f & HORDE_FLAG_COLLIDED)) &&
                 (before || (a->ox[i] == x && a->oy[i] == y && a->oz[i] == z)) &&
                 dx * dx + dy * dy + dz * dz <= 4.0f &&
                 (!(f & HORDE_FLAG_HIT_WALL) == (dx == 0 && dz == 0)) &&
                 !((f & HORDE_FLAG_HIT_CEILING) && dy >= 0) && !(f & HORDE_FLAG_INVALID);
        }
        CHECK(ok, "contract broken: seed=%" PRIu64 " scene=%s mover=%zu in (%a %a %a r=%a h=%a) "
                  "out (%a %a %a) flags=%#x", seed, scene_nm, i, x, y, z, r, h, a->ox[i],
              a->oy[i], a->oz[i], f);
        if (!ok && tu_failures > 20)
            exit(tu_finish("checkasm_cylinder"));
    }
}

CHECKASM_TEST(cylinder_push)
{
    CA_BEGIN(cylinder_push, movers);

    const size_t chunk_n = 65536;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&alias, chunk_n);
    size_t stuck = 0, collided = 0;

    /* Spread the movers over scenes and generator modes; each pass is one chunk. */
    size_t done = 0;
    for (int pass = 0; done < movers; pass++) {
        const scene_kind kind = (scene_kind)(pass % SCENE_COUNT);
        const int mode = (pass / SCENE_COUNT) % 3;
        const size_t n = movers - done < chunk_n ? movers - done : chunk_n;
        scene s;
        if (scene_build(&s, kind, seed + (uint64_t)pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        gen_movers(&g, mode, n, in.x, in.y, in.z, in.r, in.h);
        /* Reference over the whole pass in one call. */
        memcpy(ref.x, in.x, n * 4), memcpy(ref.y, in.y, n * 4), memcpy(ref.z, in.z, n * 4);
        memcpy(ref.r, in.r, n * 4), memcpy(ref.h, in.h, n * 4);
        horde_cylinder_push_batch rb = batch_of(&ref, 0, n, 1);
        int st = horde_cylinder_push_isa(HORDE_ISA_SCALAR, &s.world, &rb);
        CHECK(st == HORDE_OK, "scalar returned %d", st);
        check_contract(&s.world, &ref, n, seed, s.name, &stuck);
        for (size_t i = 0; i < n; i++)
            collided += (ref.of[i] & HORDE_FLAG_COLLIDED) != 0;

        TU_FOR_EACH_BACKEND(isa) {
            /* Random batch sizes so every tail length occurs. */
            ca_poison(in.ox, n), ca_poison(in.oy, n), ca_poison(in.oz, n);
            ca_poison(in.of, n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 70, 5000);
                horde_cylinder_push_batch b = batch_of(&in, off, len, 1);
                st = horde_cylinder_push_isa((horde_isa)isa, &s.world, &b);
                CHECK(st == HORDE_OK, "isa %s returned %d", horde_isa_name((horde_isa)isa), st);
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_count_diffs((const void *[]){ref.ox, ref.oy, ref.oz, ref.of},
                                              (const void *[]){in.ox, in.oy, in.oz, in.of}, 4, n, &first);
            if (bad)
                report("MISMATCH", seed, s.name, horde_isa_name((horde_isa)isa), &in, first, ref.ox, ref.oy,
                       ref.oz, ref.of, in.ox, in.oy, in.oz, in.of);
            CHECK(!bad, "%s differs from scalar on %zu of %zu movers (seed=%" PRIu64 " scene=%s)",
                  horde_isa_name((horde_isa)isa), bad, n, seed, s.name);
            /* In place (outputs alias inputs) on a slice: same bits. */
            size_t m = n < 3000 ? n : 3000;
            memcpy(alias.x, in.x, m * 4), memcpy(alias.y, in.y, m * 4), memcpy(alias.z, in.z, m * 4);
            memcpy(alias.r, in.r, m * 4), memcpy(alias.h, in.h, m * 4);
            horde_cylinder_push_batch ab = {alias.x, alias.y, alias.z, alias.r, alias.h,
                                       alias.x, alias.y, alias.z, alias.of, m};
            horde_cylinder_push_isa((horde_isa)isa, &s.world, &ab);
            CHECK(!memcmp(alias.x, ref.ox, m * 4) && !memcmp(alias.y, ref.oy, m * 4) &&
                      !memcmp(alias.z, ref.oz, m * 4) && !memcmp(alias.of, ref.of, m * 4),
                  "in-place %s differs (seed=%" PRIu64 " scene=%s)", horde_isa_name((horde_isa)isa),
                  seed, s.name);
            per_isa[isa] += n;
        }
        scene_free(&s);
        done += n;
    }
    ca_summary(per_isa, "movers");
    printf("  collided %zu, stuck %zu of %zu reference movers\n", collided, stuck, movers);
    if (TU_FLUSHES_SUBNORMALS)
        printf("  movers with a subnormal input or r^2 not checked against the contract %zu (armv7 "
               "flushes them)\n", n_flushed);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_cylinder");
}
