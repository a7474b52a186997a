/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_sweep_sphere_tri (fuzz.h has the harness). Spheres (the radius array
 * passed three times) and ellipsoids, raw-bit and aimed movers and triangles. Checks:
 * backends equal scalar bit for bit; an invalid pair gets flags INVALID and every float
 * output +0; t in [0, 1]; no hit: t = 1, contact and normal +0; a hit: finite contact and
 * a unit normal (|n| = 1 within 1e-5), t = 0 when it started inside; one region flag. */
#include "fuzz.h"

enum { C_HIT, C_INVALID, C_INSIDE, C_EDGE_VERTEX, C_N };
static const char *const names[C_N] = {"hit", "invalid", "started_inside", "edge_or_vertex"};

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static int coord_ok(float v) { return fabsf(v) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD; }
static int radius_ok(float r) { return r >= HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS && r <= HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS; }

static fz_floats in[9], res[2][7];
static fz_u32s resf[2];
static fz_soup soup;

static int run(horde_isa isa, int slot, float *const *x, int sphere, const horde_triangles *t, size_t n, int off,
               uint8_t fp)
{
    float *o[7];
    for (int k = 0; k < 7; k++)
        o[k] = fz_place(&res[slot][k], off, n);
    uint32_t *f = fz_place_u(&resf[slot], off);
    const horde_sweep_sphere_tri_batch bt = {x[0], x[1], x[2], x[3], x[4], x[5], x[6], sphere ? x[6] : x[7],
                                             sphere ? x[6] : x[8], o[0], o[1], o[2], o[3], o[4], o[5], o[6], f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_sweep_sphere_tri_isa(isa, t, &bt);
    fz_fp_leave(saved);
    for (int k = 0; k < 7; k++)
        fz_guard_ok(res[slot][k].v, off, n, "out");
    fz_guard_ok(resf[slot].v, off, n, "flags");
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4, sphere = fz_u8(&b) & 1;
    const uint8_t fp = fz_u8(&b);
    float *x[9];
    for (int k = 0; k < 9; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            x[k][i] = fz_float(&b, 30.0f);
        const float reach = (fz_u8(&b) & 3) ? 4.0f : 3000.0f;
        for (int k = 3; k < 6; k++)
            x[k][i] = fz_float(&b, reach);
        for (int k = 6; k < 9; k++)
            x[k][i] = fz_float(&b, 2.0f);
        const float c[3] = {x[0][i] + x[3][i] * 0.5f, x[1][i] + x[4][i] * 0.5f, x[2][i] + x[5][i] * 0.5f};
        float v[9];
        fz_triangle(&b, c, 3.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][i] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, n);
    const int st = run(HORDE_ISA_SCALAR, 0, x, sphere, &t, n, off, 0);
    FZ_CHECK(st == HORDE_OK, "status %d", st);
    for (size_t i = 0; i < n; i++) {
        float o[7];
        for (int k = 0; k < 7; k++)
            o[k] = res[0][k].v[off + i];
        const uint32_t f = resf[0].v[off + i];
        int valid = 1;
        for (int k = 0; k < 6; k++)
            valid &= coord_ok(x[k][i]);
        for (int k = 6; k < 9; k++)
            valid &= radius_ok(x[sphere ? 6 : k][i]);
        for (int k = 0; k < 9; k++)
            valid &= coord_ok(soup.v[k][i]);
        if (!valid) {
            int zero = f == HORDE_FLAG_INVALID && o[0] == 1.0f; /* t: a miss */
            for (int k = 1; k < 7; k++)
                zero &= fz_same(&o[k], &(float){0.0f}, 1);
            FZ_CHECK(zero, "pair %zu: invalid not flagged with t 1 and +0 outputs (%#x)", i, f);
            fz_count(C_INVALID, 1);
            continue;
        }
        FZ_CHECK(!(f & HORDE_FLAG_INVALID) && o[0] >= 0.0f && o[0] <= 1.0f, "pair %zu: t %a flags %#x", i, o[0], f);
        if (!(f & HORDE_FLAG_HIT)) {
            int zero = o[0] == 1.0f && !(f & ~HORDE_FLAG_DEGENERATE);
            for (int k = 1; k < 7; k++)
                zero &= fz_same(&o[k], &(float){0.0f}, 1);
            FZ_CHECK(zero, "pair %zu: no hit but t %a, outputs or flags %#x set", i, o[0], f);
            continue;
        }
        const double nn = (double)o[4] * o[4] + (double)o[5] * o[5] + (double)o[6] * o[6];
        FZ_CHECK(isfinite(o[1]) && isfinite(o[2]) && isfinite(o[3]) && fabs(sqrt(nn) - 1.0) <= 1e-5,
                 "pair %zu: P (%a %a %a) D (%a %a %a) R (%a %a %a) tri (%a %a %a, %a %a %a, %a %a %a): contact "
                 "(%a %a %a) normal (%a %a %a) |n| %.9g flags %#x", i, x[0][i], x[1][i], x[2][i], x[3][i], x[4][i],
                 x[5][i], x[6][i], x[sphere ? 6 : 7][i], x[sphere ? 6 : 8][i], soup.v[0][i], soup.v[1][i],
                 soup.v[2][i], soup.v[3][i], soup.v[4][i], soup.v[5][i], soup.v[6][i], soup.v[7][i], soup.v[8][i],
                 o[1], o[2], o[3], o[4], o[5], o[6], sqrt(nn), f);
        const uint32_t region = f & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX);
        FZ_CHECK(region == HORDE_FLAG_FACE || region == HORDE_FLAG_EDGE || region == HORDE_FLAG_VERTEX,
                 "pair %zu: region flags %#x", i, f);
        FZ_CHECK(!(f & HORDE_FLAG_STARTED_INSIDE) || o[0] == 0.0f, "pair %zu: started inside at t %a", i, o[0]);
        fz_count(C_HIT, 1);
        fz_count(C_INSIDE, (f & HORDE_FLAG_STARTED_INSIDE) != 0);
        fz_count(C_EDGE_VERTEX, !(f & HORDE_FLAG_STARTED_INSIDE) && region != HORDE_FLAG_FACE);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        FZ_CHECK(run(isa, 1, x, sphere, &t, n, off, fp) == st, "%s: status", horde_isa_name(isa));
        for (int k = 0; k < 7; k++)
            FZ_CHECK(fz_same(res[1][k].v + off, res[0][k].v + off, n), "%s: output %d differs from scalar",
                     horde_isa_name(isa), k);
        FZ_CHECK(fz_same(resf[1].v + off, resf[0].v + off, n), "%s: flags differ", horde_isa_name(isa));
    }
    return 0;
}
