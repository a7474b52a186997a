/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_ground_height (fuzz.h has the harness). Checks: backends equal
 * scalar bit for bit; BAD_PARAMS exactly for a bad depth; an invalid point gets out_y =
 * y, out_tri = HORDE_NONE, flags INVALID; the soup's answer equals the highest one-triangle
 * answer (each triangle as a soup of one; ties to the lowest index), and a found height
 * lies in [y - depth, y] (y - depth rounded to float); horde_ground_height_grid through a
 * triangle grid of the soup returns the same bits. */
#include "fuzz.h"

enum { C_FOUND, C_INVALID, C_BAD_PARAMS, C_GRID, C_N };
static const char *const names[C_N] = {"found", "invalid", "bad_params", "grid"};

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static fz_floats in[3], res[2];
static fz_u32s rtri[2], resf[2];
static fz_soup soup;

static int run(horde_isa isa, int slot, const horde_triangles *t, float *const *x, size_t n, int off, float depth,
               uint8_t fp)
{
    float *oy = fz_place(&res[slot], off, n);
    uint32_t *ot = fz_place_u(&rtri[slot], off);
    uint32_t *f = fz_place_u(&resf[slot], off);
    const horde_ground_height_params p = {depth};
    const horde_ground_height_batch b = {x[0], x[1], x[2], oy, ot, f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_ground_height_isa(isa, t, &p, &b);
    fz_fp_leave(saved);
    fz_guard_ok(res[slot].v, off, n, "out_y");
    fz_guard_ok(rtri[slot].v, off, n, "out_tri");
    fz_guard_ok(resf[slot].v, off, n, "out_flags");
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N), nt = fz_count_n(&b, 40);
    const int off = fz_u8(&b) % 4;
    const uint8_t fp = fz_u8(&b);
    const float depth = (fz_u8(&b) & 3) ? fabsf(fz_float(&b, 8.0f)) : fz_float(&b, 2e6f);
    float *x[3];
    for (int k = 0; k < 3; k++)
        x[k] = fz_place(&in[k], off, n);
    const float c[3] = {fz_float(&b, 50.0f), fz_float(&b, 10.0f), fz_float(&b, 50.0f)};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            x[k][i] = c[k] + fz_float(&b, 4.0f);
    for (size_t t = 0; t < nt; t++) {
        float v[9];
        fz_triangle(&b, c, 4.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][t] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, nt);
    const int st = run(HORDE_ISA_SCALAR, 0, &t, x, n, off, depth, 0);
    const int dv = isfinite(depth) && depth >= 0.0f && depth <= HORDE_GROUND_HEIGHT_MAX_DEPTH;
    FZ_CHECK(st == (dv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d for depth %a", st, depth);
    fz_count(C_BAD_PARAMS, !dv);
    const float *oy = res[0].v + off;
    const uint32_t *ot = rtri[0].v + off;
    const uint32_t *f = resf[0].v + off;
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float p[3] = {x[0][i], x[1][i], x[2][i]};
        if (!(fabsf(p[0]) <= HORDE_GROUND_HEIGHT_MAX_COORD && fabsf(p[1]) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
              fabsf(p[2]) <= HORDE_GROUND_HEIGHT_MAX_COORD)) {
            FZ_CHECK(fz_same(&oy[i], &p[1], 1) && ot[i] == HORDE_NONE && f[i] == HORDE_FLAG_INVALID,
                     "point %zu: invalid not flagged", i);
            fz_count(C_INVALID, 1);
            continue;
        }
        /* The highest one-triangle answer, ties to the lowest index. */
        float best = 0.0f;
        uint32_t bi = HORDE_NONE;
        for (size_t k = 0; k < nt; k++) {
            const horde_triangles one = {&soup.v[0][k], &soup.v[1][k], &soup.v[2][k], &soup.v[3][k], &soup.v[4][k],
                                         &soup.v[5][k], &soup.v[6][k], &soup.v[7][k], &soup.v[8][k], 1};
            float y1;
            uint32_t t1, f1;
            const horde_ground_height_params p1 = {depth};
            const horde_ground_height_batch b1 = {&p[0], &p[1], &p[2], &y1, &t1, &f1, 1};
            FZ_CHECK(horde_ground_height_isa(HORDE_ISA_SCALAR, &one, &p1, &b1) == HORDE_OK, "one-triangle status");
            FZ_CHECK((t1 == 0) == (f1 == HORDE_FLAG_ON_GROUND) && (t1 == 0 || t1 == HORDE_NONE), "one-triangle result %#x %#x", t1, f1);
            if (t1 == 0 && (bi == HORDE_NONE || y1 > best))
                best = y1, bi = (uint32_t)k;
        }
        if (bi == HORDE_NONE) {
            FZ_CHECK(ot[i] == HORDE_NONE && f[i] == 0 && fz_same(&oy[i], &p[1], 1), "point %zu: ground %#x found, none expected", i, ot[i]);
            continue;
        }
        FZ_CHECK(ot[i] == bi && f[i] == HORDE_FLAG_ON_GROUND && fz_same(&oy[i], &best, 1),
                 "point %zu (%a, %a, %a): ground %a on %u, the highest one-triangle answer is %a on %u", i, p[0], p[1],
                 p[2], oy[i], ot[i], best, bi);
        /* Exact: the bound is y - depth rounded to float, and out_y is the height that was
         * compared with it. (A tolerance of 1e-3 (1 + |y|) here was wrong: y - depth rounds
         * by up to half an ulp of depth, 2^-7 at a depth of 2^18.) */
        const float lo = p[1] - depth;
        FZ_CHECK(oy[i] <= p[1] && oy[i] >= lo, "point %zu: ground %a outside [%a, %a]", i, oy[i], lo, p[1]);
        fz_count(C_FOUND, 1);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        const int s2 = run(isa, 1, &t, x, n, off, depth, fp);
        FZ_CHECK(s2 == st, "%s: status %d, scalar %d", horde_isa_name(isa), s2, st);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(res[1].v + off, oy, n) && fz_same(rtri[1].v + off, ot, n) && fz_same(resf[1].v + off, f, n),
                     "%s: differs from scalar", horde_isa_name(isa));
    }
    /* Through a triangle grid (include/horde/triangle_grid.h): the whole soup's bits. */
    static const float cells[4] = {0.0625f, 0.75f, 3.0f, 1000.0f};
    const float cell = cells[fz_u8(&b) & 3];
    const size_t gbytes = horde_triangle_grid_scratch_bytes(&t, cell);
    /* a grid of huge triangles may ask for gigabytes (past the run's memory limit): skipped */
    void *gmem = gbytes && gbytes <= ((size_t)64 << 20) ? malloc(gbytes) : NULL;
    horde_triangle_grid grid;
    if (gmem && horde_triangle_grid_build(&grid, &t, cell, gmem, gbytes) == HORDE_OK) {
        float *gy = fz_place(&res[1], off, n);
        uint32_t *gt = fz_place_u(&rtri[1], off), *gf = fz_place_u(&resf[1], off);
        const horde_ground_height_params gp = {depth};
        const horde_ground_height_batch gb = {x[0], x[1], x[2], gy, gt, gf, n};
        const fz_fp saved = fz_fp_enter(fp);
        const int s3 = horde_ground_height_grid(&grid, &gp, &gb);
        fz_fp_leave(saved);
        FZ_CHECK(s3 == st, "grid: status %d, scalar %d", s3, st);
        fz_count(C_GRID, st == HORDE_OK);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(gy, oy, n) && fz_same(gt, ot, n) && fz_same(gf, f, n),
                     "grid (cell %a): differs from the whole soup", cell);
    }
    free(gmem);
    return 0;
}
