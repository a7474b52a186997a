/* SPDX-License-Identifier: MIT */
/* Property test for horde_voxel_los_poles: every backend against models written from
 * include/horde/voxel_raycast.h.
 *
 * 1. Bits: the header's float test of one pole, written here from its text, applied to
 *    every valid pole by brute force (no grid), combined with horde_voxel_los's answer
 *    by the header's rule, must equal each backend's answer bit for bit. This checks the
 *    kernels' test and that their walk over the grid never leaves out a pole that blocks.
 * 2. Geometry: in a world without blocks, each pole is also judged in double precision
 *    from the real cylinder, with the header's margins: a segment certainly inside
 *    (distance below r - e over the shrunk height interval) must be blocked no later than
 *    the entry into the cylinder of radius r - e; one certainly outside (above r + e over
 *    the grown interval) must not be blocked; and t is never before the entry into the
 *    cylinder of radius r + e. Segments that graze within the margins are counted, not
 *    judged.
 *
 * Poles: ray_gen.h's, 1 to 300 per pass over the six test scenes (one pass in three near
 * +-2^16, the poles' coordinate limit; one in four with every radius the grid's largest),
 * grids of cells 0.5 to 8 (powers of two, tenths and random, so the grid's float division
 * rounds), one pole in four on a cell edge;
 * segments: half aimed at a pole (grazing, caps, starting inside, vertical, zero length),
 * half the raycast's random and aimed families. Default 200,000 segments per backend
 * (HORDE_CHECKASM_ITEMS or --items=N); --long: 10,000,000. */
#include <inttypes.h>

#include "scene.h"
#include "ray_gen.h"

#define BATCH 4096
#define MAXP 300

static float fmax_u(float u, float v) { return u > v ? u : v; }
static float fmin_u(float u, float v) { return u < v ? u : v; }

/* armv7 runs every call with subnormals flushed (FPSCR FZ | DN; README "armv7"): there the
 * header's float test is computed in that mode too (model_pole), and the real-cylinder
 * check skips lanes where a subnormal input or pole value decides (flushed()). */
#if TU_FLUSHES_SUBNORMALS
static uint32_t fz_enter(void)
{
    uint32_t v;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(v) : : "memory");
    __asm__ volatile("vmsr fpscr, %0" : : "r"((1u << 25) | (1u << 24)) : "memory");
    return v;
}
static void fz_leave(uint32_t v) { __asm__ volatile("vmsr fpscr, %0" : : "r"(v) : "memory"); }
#else
static uint32_t fz_enter(void) { return 0; }
static void fz_leave(uint32_t v) { (void)v; }
#endif
static int flushed(const float *v, int n)
{
    for (int k = 0; TU_FLUSHES_SUBNORMALS && k < n; k++)
        if (v[k] != 0.0f && fabsf(v[k]) < FLT_MIN)
            return 1;
    return 0;
}

/* The header's test, from its text. */
__attribute__((noinline)) static int header_pole(const float *p0, const float *p1, const float *v, float *t)
{
    const float dx = p1[0] - p0[0], dy = p1[1] - p0[1], dz = p1[2] - p0[2];
    const float ex = p0[0] - v[0], ez = p0[2] - v[1], r = v[2], bottom = v[3], top = v[4];
    float lo, hi;
    if (dy == 0.0f) {
        if (!(bottom <= p0[1] && p0[1] <= top))
            return 0;
        lo = 0.0f, hi = 1.0f;
    } else {
        const float ta = (bottom - p0[1]) / dy, tb = (top - p0[1]) / dy;
        lo = fmax_u(fmin_u(ta, tb), 0.0f), hi = fmin_u(fmax_u(ta, tb), 1.0f);
        if (!(lo <= hi))
            return 0;
    }
    const float a = dx * dx + dz * dz;
    float ts = lo;
    if (a > 0.0f)
        ts = -((ex * dx + ez * dz) / a);
    const float tc = fmin_u(fmax_u(ts, lo), hi);
    const float mx = ex + dx * tc, mz = ez + dz * tc;
    if (!(mx * mx + mz * mz <= r * r))
        return 0;
    if (a == 0.0f) {
        *t = lo;
        return 1;
    }
    const float lx = ex + dx * ts, lz = ez + dz * ts;
    const float q = (r * r - (lx * lx + lz * lz)) / a;
    *t = fmin_u(fmax_u(ts - sqrtf(fmax_u(q, 0.0f)), lo), tc);
    return 1;
}

/* header_pole in the FP mode the library runs calls in (a call: not moved across the mode
 * switches). */
static int model_pole(const float *p0, const float *p1, const float *v, float *t)
{
    const uint32_t saved = fz_enter();
    const int r = header_pole(p0, p1, v, t);
    fz_leave(saved);
    return r;
}

static int pole_valid(const float *v)
{
    const float m = HORDE_RADIAL_PUSH_MAX_COORD;
    return fabsf(v[0]) <= m && fabsf(v[1]) <= m && fabsf(v[3]) <= m && fabsf(v[4]) <= m && v[3] <= v[4] &&
           v[2] >= 0.0f && v[2] <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}

/* The real cylinder in double: the segment's exact height interval (grown by g, which may
 * be negative: shrunk), and the first t in it at distance <= R from the axis (+inf when
 * none). Coordinates are floats below 2^21: their differences are exact in double. */
static double entry(const float *p0, const float *p1, const float *v, double R, double grow)
{
    const double dx = (double)p1[0] - p0[0], dy = (double)p1[1] - p0[1], dz = (double)p1[2] - p0[2];
    const double ex = (double)p0[0] - v[0], ez = (double)p0[2] - v[1];
    double lo = 0.0, hi = 1.0;
    if (dy == 0.0) {
        if (!(v[3] <= p0[1] && p0[1] <= v[4]))
            return INFINITY;
    } else {
        const double ta = ((double)v[3] - p0[1]) / dy, tb = ((double)v[4] - p0[1]) / dy;
        lo = fmax(fmin(ta, tb), 0.0), hi = fmin(fmax(ta, tb), 1.0);
        const double m = grow * (1.0 + fabs(lo) + fabs(hi));
        lo = fmax(lo - m, 0.0), hi = fmin(hi + m, 1.0);
    }
    if (!(lo <= hi) || R < 0.0)
        return INFINITY;
    const double a = dx * dx + dz * dz, b = ex * dx + ez * dz, c = ex * ex + ez * ez - R * R;
    const double f_lo = (ex + dx * lo) * (ex + dx * lo) + (ez + dz * lo) * (ez + dz * lo);
    if (f_lo <= R * R)
        return lo;
    if (a == 0.0)
        return INFINITY;
    const double disc = b * b - a * c;
    if (disc < 0.0)
        return INFINITY;
    const double t = (-b - sqrt(disc)) / a;
    return t >= lo && t <= hi ? t : INFINITY;
}

typedef struct counts {
    size_t pole_hits, certain_in, certain_out, grazing;
} counts;

int main(int argc, char **argv)
{
    uint64_t seed = 20261205;
    size_t items;
    if (tu_seed_items_long_args(argc, argv, &seed, &items, 200000, 10000000))
        return 2;
    printf("property_voxel_los_poles: seed=%" PRIu64 " segments per backend=%zu\n", seed, items);
    static float in[6][BATCH], t[BATCH], tv[BATCH], want_t[BATCH];
    static uint32_t flags[BATCH], fv[BATCH], want_f[BATCH];
    static double lower[BATCH], upper[BATCH];
    static float pv[5][MAXP];
    static unsigned char judged_out[BATCH], skip_geo[BATCH];
    float *p0[3] = {in[0], in[1], in[2]}, *p1[3] = {in[3], in[4], in[5]};
    tu_rng g = {seed};
    counts c = {0, 0, 0, 0};
    size_t checked = 0;
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < BATCH ? items - done : BATCH;
        const scene_kind kind = pass % 2 ? SCENE_EMPTY : (scene_kind)((pass / 2) % SCENE_COUNT);
        scene s;
        if (scene_build(&s, kind, seed + pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        const size_t np = 1 + tu_below(&g, MAXP);
        /* One pass in three near the poles' coordinate limit (+-2^16, float spacing 2^-8). */
        const float far = (pass / 3) % 2 ? -65400.0f : 65400.0f;
        float base[3] = {0.0f, 0.0f, 0.0f};
        if (pass % 3 == 2)
            base[0] = base[2] = far;
        for (size_t j = 0; j < np; j++) {
            float v[5];
            rg_pole(&g, base, -40.0f, 100.0f, v);
            for (int k = 0; k < 5; k++)
                pv[k][j] = v[k];
        }
        /* Cells: powers of two, tenths and random ones (the grid's float division then
         * rounds), and one pole in four moved onto a cell edge, a few ulps either side. */
        static const float cells[] = {0.5f, 1.0f, 2.0f, 4.0f, 8.0f};
        const uint32_t ck = tu_below(&g, 3);
        const float cell = ck == 0 ? cells[tu_below(&g, 5)]
                         : ck == 1 ? (float)(3 + tu_below(&g, 80)) * 0.1f : tu_uniform(&g, 0.3f, 9.0f);
        const float same_r = pass % 4 == 1 ? tu_uniform(&g, 0.1f, 3.0f) : -1.0f; /* all at max_r */
        for (size_t j = 0; j < np; j++) {
            const float v[5] = {pv[0][j], pv[1][j], pv[2][j], pv[3][j], pv[4][j]};
            if (pole_valid(v) && same_r > 0.0f)
                pv[2][j] = same_r;
            if (pole_valid(v) && tu_below(&g, 4) == 0) { /* (an invalid one stays so) */
                const int k = (int)tu_below(&g, 2);
                pv[k][j] = rg_near(&g, floorf(pv[k][j] / cell) * cell);
            }
        }
        const horde_poles hp = {pv[0], pv[1], pv[2], pv[3], pv[4], np};
        static unsigned char scratch[1 << 20];
        horde_pole_grid grid;
        if (!(horde_pole_grid_scratch_bytes(&hp, cell) <= sizeof scratch) ||
            horde_pole_grid_build(&grid, &hp, cell, scratch, sizeof scratch) != HORDE_OK) {
            fprintf(stderr, "the grid over pass %zu's poles does not build (cell %a)\n", pass, cell);
            return 2;
        }
        for (size_t i = 0; i < n; i++) {
            if (tu_below(&g, 2)) {
                const size_t j = tu_below(&g, (uint32_t)np);
                const float v[5] = {pv[0][j], pv[1][j], pv[2][j], pv[3][j], pv[4][j]};
                rg_segment_at_pole(&g, v, p0, p1, i);
            } else {
                rg_segment(&g, base, -40.0f, 100.0f, p0, p1, i);
            }
        }
        const horde_voxel_los_batch lb = {in[0], in[1], in[2], in[3], in[4], in[5], tv, fv, n};
        CHECK(horde_voxel_los_isa(HORDE_ISA_SCALAR, &s.world, &lb) == HORDE_OK, "los status");
        /* The models' answers. */
        for (size_t i = 0; i < n; i++) {
            const float a[3] = {p0[0][i], p0[1][i], p0[2][i]}, b[3] = {p1[0][i], p1[1][i], p1[2][i]};
            want_t[i] = tv[i], want_f[i] = fv[i];
            lower[i] = upper[i] = INFINITY, judged_out[i] = 1;
            skip_geo[i] = flushed(a, 3) || flushed(b, 3);
            if (fv[i] & HORDE_FLAG_INVALID)
                continue;
            int found = 0;
            float best = 0.0f;
            for (size_t j = 0; j < np; j++) {
                const float v[5] = {pv[0][j], pv[1][j], pv[2][j], pv[3][j], pv[4][j]};
                float tj;
                if (!pole_valid(v))
                    continue;
                const int blocks = model_pole(a, b, v, &tj), fz = flushed(v, 5);
                if (blocks && (!(fv[i] & HORDE_FLAG_HIT) || tj < tv[i]) && (!found || tj < best))
                    best = tj, found = 1;
                skip_geo[i] |= blocks && fz;
                if (fz)
                    continue; /* not judged against the real cylinder */
                const double s = fabs((double)a[0] - v[0]) + fabs((double)a[2] - v[1]) +
                                 fabs((double)b[0] - a[0]) + fabs((double)b[2] - a[2]) + v[2];
                const double e = 0x1p-18 * s + 0x1p-74;
                const double lo_j = entry(a, b, v, v[2] + e, 0x1p-20), up_j = entry(a, b, v, v[2] - e, -0x1p-20);
                lower[i] = fmin(lower[i], lo_j), upper[i] = fmin(upper[i], up_j);
                if (lo_j < INFINITY && up_j == INFINITY)
                    judged_out[i] = 0; /* within the margins: not judged */
            }
            if (found) {
                want_t[i] = best + 0.0f;
                want_f[i] = HORDE_FLAG_HIT | HORDE_FLAG_POLE | (best == 0.0f ? HORDE_FLAG_STARTED_INSIDE : 0u);
                c.pole_hits++;
            }
            if (kind == SCENE_EMPTY) {
                c.certain_in += upper[i] < INFINITY;
                c.certain_out += lower[i] == INFINITY;
                c.grazing += !judged_out[i];
            }
        }
        TU_FOR_EACH_BACKEND(isa) {
            const horde_voxel_los_poles_batch pb = {in[0], in[1], in[2], in[3], in[4], in[5], t, flags, n};
            CHECK(horde_voxel_los_poles_isa(isa, &s.world, &grid, &hp, &pb) == HORDE_OK, "status");
            size_t bad = 0, bad_geo = 0;
            for (size_t i = 0; i < n; i++) {
                if ((memcmp(&t[i], &want_t[i], 4) || flags[i] != want_f[i]) && bad++ < 3)
                    fprintf(stderr,
                            "MODEL MISMATCH %s seed=%" PRIu64 " pass=%zu i=%zu cell %a\n  %a %a %a -> %a %a %a\n"
                            "  model t=%a flags %#x\n  got   t=%a flags %#x\n",
                            horde_isa_name(isa), seed, pass, i, cell, in[0][i], in[1][i], in[2][i], in[3][i],
                            in[4][i], in[5][i], want_t[i], want_f[i], t[i], flags[i]);
                if (kind != SCENE_EMPTY || (flags[i] & HORDE_FLAG_INVALID) || skip_geo[i])
                    continue;
                const int blocked = (flags[i] & HORDE_FLAG_POLE) != 0;
                int ok = blocked ? t[i] >= lower[i] && t[i] <= upper[i] : upper[i] == INFINITY;
                ok &= !(lower[i] == INFINITY && blocked);
                if (!ok && bad_geo++ < 3) {
                    fprintf(stderr,
                            "GEOMETRY %s seed=%" PRIu64 " pass=%zu i=%zu\n  %a %a %a -> %a %a %a\n"
                            "  got t=%a flags %#x; entries: r+e %.17g, r-e %.17g\n",
                            horde_isa_name(isa), seed, pass, i, in[0][i], in[1][i], in[2][i], in[3][i], in[4][i],
                            in[5][i], t[i], flags[i], lower[i], upper[i]);
                    const float a[3] = {in[0][i], in[1][i], in[2][i]}, b[3] = {in[3][i], in[4][i], in[5][i]};
                    for (size_t j = 0; j < np; j++) {
                        const float v[5] = {pv[0][j], pv[1][j], pv[2][j], pv[3][j], pv[4][j]};
                        float tj;
                        if (pole_valid(v) && model_pole(a, b, v, &tj))
                            fprintf(stderr, "  pole %zu (%a %a r %a, %a .. %a) blocks at %a\n", j, v[0], v[1], v[2],
                                    v[3], v[4], tj);
                    }
                }
            }
            CHECK(bad == 0, "%s differs from the header's model on %zu of %zu (seed=%" PRIu64 ")",
                  horde_isa_name(isa), bad, n, seed);
            CHECK(bad_geo == 0, "%s disagrees with the real cylinders on %zu of %zu (seed=%" PRIu64 ")",
                  horde_isa_name(isa), bad_geo, n, seed);
            checked += n;
        }
        scene_free(&s);
        done += n;
    }
    printf("  %zu segment results checked; poles first %zu of %zu; without blocks: certainly blocked %zu, "
           "certainly clear %zu, within the margins %zu\n",
           checked, c.pole_hits, items, c.certain_in, c.certain_out, c.grazing);
    CHECK(c.pole_hits > items / 20 && c.certain_in > items / 40 && c.certain_out > items / 40,
          "the aimed segments stopped meeting the poles");
    return tu_finish("property_voxel_los_poles");
}
