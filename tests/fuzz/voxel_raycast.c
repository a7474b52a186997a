/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_voxel_raycast, horde_voxel_los and horde_voxel_los_poles (fuzz.h has
 * the harness). Inputs:
 * a world of up to 3 x 3 x 3 chunks (some NULL, extreme origins, either missing policy),
 * segments near it (grid lines, ulps off faces, special values, the limits), batch size,
 * pointer offset, in place (out_t over x0) or not, and the caller's FP mode. Checks:
 * every backend equals the scalar reference bit for bit under that FP mode, nothing is
 * written outside the batch; an invalid lane gets INVALID alone, t = 1, block 0, no face
 * exactly when the header's limits say so; a hit names a solid block (t = 0 exactly with
 * STARTED_INSIDE, and then no face); a miss reports t = 1, block 0, no face; the line
 * of sight is the raycast's t and flags. With up to 16 poles from the input (any values,
 * some changed after the grid's build) and a grid of any cell: every backend equals the
 * scalar reference; a lane is the line of sight's answer unless POLE is set, and then its
 * t is in [0, 1], before the block's, and its flags are HIT | POLE (| STARTED_INSIDE
 * exactly at t = 0). */
#include "fuzz.h"

enum { C_HIT, C_MISS, C_INSIDE, C_INVALID, C_N };
static const char *const names[C_N] = {"hit", "miss", "inside", "invalid"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

static int valid_segment(const float *v)
{
    for (int k = 0; k < 6; k++)
        if (!(fabsf(v[k]) <= HORDE_VOXEL_RAYCAST_MAX_COORD))
            return 0;
    for (int k = 0; k < 3; k++) {
        /* the snapped difference, exactly (|c| * 2^20 < 2^41 is exact in double) */
        const double d = nearbyint(ldexp((double)v[k + 3], 20)) - nearbyint(ldexp((double)v[k], 20));
        if (fabs(d) > ldexp(HORDE_VOXEL_RAYCAST_MAX_LENGTH, 20))
            return 0;
    }
    return 1;
}

typedef struct {
    fz_floats t;
    fz_u32s bx, by, bz, face, flags;
} outs;

static fz_floats in[6];
static outs res[2];
static fz_floats los_t;
static fz_u32s los_f;

/* One raycast call on isa at offset off (in place: out_t over a copy of x0). */
static int cast(horde_isa isa, const fz_world *fw, float *const *x, size_t n, int off, int alias,
                uint8_t fp, outs *o)
{
    float *t = fz_place(&o->t, off, n);
    const float *x0 = x[0];
    if (alias) {
        memcpy(t, x[0], n * 4);
        x0 = t;
    }
    int32_t *bx = (int32_t *)fz_place_u(&o->bx, off), *by = (int32_t *)fz_place_u(&o->by, off),
            *bz = (int32_t *)fz_place_u(&o->bz, off);
    uint32_t *face = fz_place_u(&o->face, off), *flags = fz_place_u(&o->flags, off);
    const horde_voxel_raycast_batch b = {x0, x[1], x[2], x[3], x[4], x[5], t, bx, by, bz, face, flags, n};
    const fz_fp s = fz_fp_enter(fp);
    const int st = horde_voxel_raycast_isa(isa, &fw->w, &b);
    fz_fp_leave(s);
    fz_guard_ok(o->t.v, off, n, "out_t");
    fz_guard_ok(o->flags.v, off, n, "out_flags");
    fz_guard_ok(o->face.v, off, n, "out_face");
    fz_guard_ok(o->bx.v, off, n, "out_bx");
    fz_guard_ok(o->by.v, off, n, "out_by");
    fz_guard_ok(o->bz.v, off, n, "out_bz");
    return st;
}

/* The line of sight with poles against the plain line of sight (lt, lf). */
static fz_floats lp_t[2];
static fz_u32s lp_f[2];
static void los_poles(fz_bytes *b, const fz_world *fw, float *const *x, size_t n, int off, uint8_t fp,
                      const float *lt, const uint32_t *lf)
{
    enum { NP = 16 };
    static float pv[5][NP];
    static unsigned char mem[1 << 16];
    const size_t np = fz_u8(b) % (NP + 1);
    for (size_t j = 0; j < np; j++) {
        pv[0][j] = fz_near_world(b, fw->w.origin_cx, 60.0f), pv[1][j] = fz_near_world(b, fw->w.origin_cz, 60.0f);
        pv[2][j] = fz_float(b, 3.0f), pv[3][j] = fz_near_world(b, fw->w.origin_cy, 20.0f);
        pv[4][j] = pv[3][j] + fz_float(b, 10.0f);
    }
    horde_poles poles = {pv[0], pv[1], pv[2], pv[3], pv[4], np};
    const float cell = (float)(1 + fz_u8(b) % 16) * 0.25f;
    horde_pole_grid g;
    const size_t bytes = horde_pole_grid_scratch_bytes(&poles, cell);
    if (!bytes || bytes > sizeof mem || horde_pole_grid_build(&g, &poles, cell, mem, bytes) != HORDE_OK)
        return;
    if (np && (fz_u8(b) & 3) == 0) /* changed after the build */
        pv[fz_u8(b) % 5][fz_u8(b) % np] = fz_float(b, 100.0f), poles.n = fz_u8(b) % (np + 1);
    float *t = fz_place(&lp_t[0], 0, n);
    uint32_t *f = fz_place_u(&lp_f[0], 0);
    const horde_voxel_los_poles_batch lb = {x[0], x[1], x[2], x[3], x[4], x[5], t, f, n};
    FZ_CHECK(horde_voxel_los_poles_isa(HORDE_ISA_SCALAR, &fw->w, &g, &poles, &lb) == HORDE_OK, "poles status");
    fz_guard_ok(lp_t[0].v, 0, n, "poles out_t");
    fz_guard_ok(lp_f[0].v, 0, n, "poles out_flags");
    for (size_t i = 0; i < n; i++) {
        if (!(f[i] & HORDE_FLAG_POLE)) {
            FZ_CHECK(!memcmp(&t[i], &lt[i], 4) && f[i] == lf[i], "lane %zu: no pole, not the line of sight's", i);
            continue;
        }
        FZ_CHECK(t[i] >= 0.0f && t[i] <= 1.0f && (!(lf[i] & HORDE_FLAG_HIT) || t[i] < lt[i]) &&
                     f[i] == (HORDE_FLAG_HIT | HORDE_FLAG_POLE | (t[i] == 0.0f ? HORDE_FLAG_STARTED_INSIDE : 0u)),
                 "lane %zu: pole t %a flags %#x, block t %a flags %#x", i, t[i], f[i], lt[i], lf[i]);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        float *t2 = fz_place(&lp_t[1], off, n);
        uint32_t *f2 = fz_place_u(&lp_f[1], off);
        const horde_voxel_los_poles_batch b2 = {x[0], x[1], x[2], x[3], x[4], x[5], t2, f2, n};
        const fz_fp s = fz_fp_enter(fp);
        const int st = horde_voxel_los_poles_isa(isa, &fw->w, &g, &poles, &b2);
        fz_fp_leave(s);
        FZ_CHECK(st == HORDE_OK, "%s poles status %d", horde_isa_name(isa), st);
        fz_guard_ok(lp_t[1].v, off, n, "poles out_t");
        fz_guard_ok(lp_f[1].v, off, n, "poles out_flags");
        FZ_CHECK(fz_same(t2, t, n) && fz_same(f2, f, n), "%s: los with poles differs from scalar",
                 horde_isa_name(isa));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    static fz_world fw;
    fz_world_make(&fw, &b);
    if (fw.init_status != HORDE_OK)
        return 0;
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4, alias = fz_u8(&b) & 1;
    const uint8_t fp = fz_u8(&b);
    float *x[6];
    for (int k = 0; k < 6; k++)
        x[k] = fz_place(&in[k], 0, n);
    const int32_t org[3] = {fw.w.origin_cx, fw.w.origin_cy, fw.w.origin_cz};
    for (size_t i = 0; i < n; i++) {
        const uint8_t shape = fz_u8(&b);
        for (int k = 0; k < 3; k++) {
            x[k][i] = fz_near_world(&b, org[k], 100.0f);
            x[k + 3][i] = (shape & 1) ? fz_near_world(&b, org[k], 100.0f)
                        : (shape & 2) ? x[k][i]
                                      : x[k][i] + fz_float(&b, 40.0f);
        }
    }
    const int st = cast(HORDE_ISA_SCALAR, &fw, x, n, 0, 0, 0, &res[0]);
    FZ_CHECK(st == HORDE_OK, "scalar status %d", st);
    const float *t = res[0].t.v;
    const uint32_t *f = res[0].flags.v, *face = res[0].face.v;
    const int32_t *bx = (const int32_t *)res[0].bx.v, *by = (const int32_t *)res[0].by.v,
                  *bz = (const int32_t *)res[0].bz.v;
    for (size_t i = 0; i < n; i++) {
        const float v[6] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i], x[5][i]};
        const int valid = valid_segment(v);
        FZ_CHECK(valid == !(f[i] & HORDE_FLAG_INVALID), "lane %zu: (%a %a %a) -> (%a %a %a) valid %d flags %#x",
                 i, v[0], v[1], v[2], v[3], v[4], v[5], valid, f[i]);
        if (!valid || !(f[i] & HORDE_FLAG_HIT)) {
            FZ_CHECK((f[i] == 0 || f[i] == HORDE_FLAG_INVALID) && t[i] == 1.0f && face[i] == HORDE_NONE &&
                         !bx[i] && !by[i] && !bz[i],
                     "lane %zu: miss or invalid lane: flags %#x t %a face %u", i, f[i], t[i], face[i]);
            fz_count(C_MISS, valid);
            fz_count(C_INVALID, !valid);
            continue;
        }
        const int inside = (f[i] & HORDE_FLAG_STARTED_INSIDE) != 0;
        FZ_CHECK(horde_world_solid(&fw.w, bx[i], by[i], bz[i]), "lane %zu: hit block %d %d %d is free", i,
                 bx[i], by[i], bz[i]);
        FZ_CHECK(t[i] >= 0.0f && t[i] <= 1.0f && (t[i] == 0.0f) == inside &&
                     (inside ? face[i] == HORDE_NONE : face[i] <= 5),
                 "lane %zu: t %a flags %#x face %u", i, t[i], f[i], face[i]);
        fz_count(C_HIT, !inside);
        fz_count(C_INSIDE, inside);
    }
    /* The line of sight: the raycast's t and flags. */
    float *lt = fz_place(&los_t, off, n);
    uint32_t *lf = fz_place_u(&los_f, off);
    const horde_voxel_los_batch lb = {x[0], x[1], x[2], x[3], x[4], x[5], lt, lf, n};
    FZ_CHECK(horde_voxel_los_isa(HORDE_ISA_SCALAR, &fw.w, &lb) == HORDE_OK, "los status");
    FZ_CHECK(fz_same(lt, t, n) && fz_same(lf, f, n), "los differs from raycast");
    los_poles(&b, &fw, x, n, off, fp, lt, lf);
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        const int s2 = cast(isa, &fw, x, n, off, alias, fp, &res[1]);
        FZ_CHECK(s2 == st, "%s status %d", horde_isa_name(isa), s2);
        FZ_CHECK(fz_same(res[1].t.v + off, t, n) && fz_same(res[1].flags.v + off, f, n) &&
                     fz_same(res[1].face.v + off, face, n) && fz_same(res[1].bx.v + off, bx, n) &&
                     fz_same(res[1].by.v + off, by, n) && fz_same(res[1].bz.v + off, bz, n),
                 "%s differs from scalar", horde_isa_name(isa));
        const fz_fp s = fz_fp_enter(fp);
        FZ_CHECK(horde_voxel_los_isa(isa, &fw.w, &lb) == HORDE_OK, "los status");
        fz_fp_leave(s);
        FZ_CHECK(fz_same(lt, t, n) && fz_same(lf, f, n), "%s: los differs from scalar", horde_isa_name(isa));
    }
    return 0;
}
