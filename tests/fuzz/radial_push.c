/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_radial_push and horde_radial_sweep (fuzz.h has the harness). Inputs: up to 40 poles around a
 * centre (raw float bits among them: NaN, Inf, bottom > top, negative radii), movers near
 * the centre, lists of up to 12 entries (some past the end), 0-70 passes (0 and > 64 are
 * BAD_PARAMS), offset arrays, in place, a caller FP environment. Checks: backends equal
 * scalar bit for bit (status and every output); invalid movers keep their input bits with
 * INVALID; y never changes; a mover not COLLIDED keeps x and z; a mover that is not
 * WEDGED overlaps none of its valid poles by the header's own float test; with exactly
 * one valid entry a mover is never WEDGED; SKIPPED exactly when an entry names no valid
 * pole. The sweep, on the same poles and lists with displacements from the input (up
 * to 300 blocks: some over the limit): backends equal scalar; invalid movers keep their
 * bits; a mover never ends inside a valid pole (vertically overlapping) it was not inside
 * at the start; an uncollided, untruncated mover goes the whole way. The grid kernel
 * (horde_radial_push_grid), on a grid of the same poles with a cell of 1/4 to 8 blocks:
 * backends equal scalar (status and outputs, scratch at any offset), and the scalar
 * result equals horde_radial_push on the lists the header defines, built here from the
 * grid's cells (the mover's cell by the float division, its 3 x 3 cells in order). */
#include "fuzz.h"

enum { C_COLLIDED, C_INVALID, C_WEDGED, C_SKIPPED, C_BAD_PARAMS, C_SWEPT_INTO, C_N };
static const char *const names[C_N] = {"collided", "invalid", "wedged", "skipped", "bad_params", "swept_into"};
enum { MAXP = 40, MAXL = 12 };

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static fz_floats in[7], res[2][3];
static fz_u32s resf[2];
static float px[MAXP], pz[MAXP], pr[MAXP], pb[MAXP], pt[MAXP];
static uint32_t offsets[FZ_MAX_N + 1], indices[FZ_MAX_N * MAXL];

static int pole_valid(uint32_t j, size_t np)
{
    return j < np && fabsf(px[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(pz[j]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(pb[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(pt[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && pb[j] <= pt[j] &&
           pr[j] >= 0.0f && pr[j] <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}

/* The header's overlap test, written out again. */
static int overlaps(float x, float y, float z, float r, float h, uint32_t j)
{
    const float R = r + pr[j], dx = x - px[j], dz = z - pz[j];
    return y < pt[j] && y + h > pb[j] && dx * dx + dz * dz < R * R;
}

static int run(horde_isa isa, int slot, const horde_poles *p, float *const *x, size_t n, int off, uint32_t it,
               int in_place, uint8_t fp, float **out)
{
    for (int k = 0; k < 3; k++)
        out[k] = in_place ? x[k] : fz_place(&res[slot][k], off, n);
    uint32_t *f = fz_place_u(&resf[slot], off);
    const horde_radial_push_params pp = {it};
    const horde_radial_push_batch b = {x[0], x[1], x[2], x[3], x[4], offsets, indices, out[0], out[1], out[2], f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_radial_push_isa(isa, p, &pp, &b);
    fz_fp_leave(saved);
    if (!in_place)
        for (int k = 0; k < 3; k++)
            fz_guard_ok(res[slot][k].v, off, n, "out");
    fz_guard_ok(resf[slot].v, off, n, "out_flags");
    return st;
}

static int inside(float x, float z, float r, uint32_t j)
{
    const float R = r + pr[j], ex = x - px[j], ez = z - pz[j];
    return !(ex * ex + ez * ez >= R * R);
}

/* One sweep call into result slot `slot`. */
static int sweep_run(horde_isa isa, int slot, const horde_poles *p, float *const *x, float *const *d, size_t n,
                     int off, uint32_t slides, uint8_t fp, float **o)
{
    o[0] = fz_place(&res[slot][0], off, n), o[1] = fz_place(&res[slot][2], off, n);
    const horde_radial_sweep_params sp = {slides};
    const horde_radial_sweep_batch sb = {x[0], x[1], x[2], x[3], x[4], d[0], d[1], offsets, indices, o[0], o[1],
                                         fz_place_u(&resf[slot], off), n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_radial_sweep_isa(isa, p, &sp, &sb);
    fz_fp_leave(saved);
    fz_guard_ok(res[slot][0].v, off, n, "sweep out_x"), fz_guard_ok(res[slot][2].v, off, n, "sweep out_z");
    fz_guard_ok(resf[slot].v, off, n, "sweep out_flags");
    return st;
}

/* The sweep on the same movers (x[0..4]) with displacements from the input. */
static void check_sweep(const horde_poles *p, float *const *x, size_t n, int off, uint32_t it, uint8_t fp, fz_bytes *b)
{
    float *d[2] = {fz_place(&in[5], off, n), fz_place(&in[6], off, n)};
    for (size_t i = 0; i < n; i++)
        d[0][i] = fz_float(b, 300.0f), d[1][i] = fz_float(b, 300.0f);
    const uint32_t slides = it % 20;
    float *o[2];
    const int st = sweep_run(HORDE_ISA_SCALAR, 0, p, x, d, n, off, slides, 0, o);
    const int sv = slides >= 1 && slides <= HORDE_RADIAL_SWEEP_MAX_SLIDES;
    FZ_CHECK(st == (sv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "sweep status %d for %u slides", st, slides);
    const uint32_t *f = resf[0].v + off;
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        if (f[i] == HORDE_FLAG_INVALID) {
            FZ_CHECK(fz_same(&o[0][i], &x[0][i], 1) && fz_same(&o[1][i], &x[2][i], 1), "sweep: invalid moved");
            continue;
        }
        if (!(f[i] & (HORDE_FLAG_COLLIDED | HORDE_FLAG_TRUNCATED)))
            FZ_CHECK(o[0][i] == x[0][i] + d[0][i] && o[1][i] == x[2][i] + d[1][i], "sweep: mover %zu short", i);
        for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
            const uint32_t j = indices[k];
            if (!pole_valid(j, p->n) || !(x[1][i] < pt[j] && x[1][i] + x[4][i] > pb[j]) ||
                inside(x[0][i], x[2][i], x[3][i], j))
                continue;
            fz_count(C_SWEPT_INTO, (f[i] & HORDE_FLAG_COLLIDED) != 0);
            FZ_CHECK(!inside(o[0][i], o[1][i], x[3][i], j), "sweep: mover %zu (%a %a r=%a d=%a %a) ends inside pole %u",
                     i, x[0][i], x[2][i], x[3][i], d[0][i], d[1][i], j);
        }
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        float *o1[2];
        const int s1 = sweep_run(isa, 1, p, x, d, n, off, slides, fp, o1);
        FZ_CHECK(s1 == st, "%s: sweep status %d, scalar %d", horde_isa_name(isa), s1, st);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(o1[0], o[0], n) && fz_same(o1[1], o[1], n) && fz_same(resf[1].v + off, f, n),
                     "%s: sweep differs from scalar", horde_isa_name(isa));
    }
}

/* The grid kernel on the same movers and poles. */
static unsigned char grid_mem[1 << 16], push_mem[1 << 18];
static uint32_t g_offsets[FZ_MAX_N + 1], g_indices[FZ_MAX_N * 9 * MAXP];
static void check_grid(const horde_poles *p, float *const *x, size_t n, int off, uint32_t it, uint8_t fp, fz_bytes *b)
{
    const float cell = 0.25f * (float)(1u << (fz_u8(b) % 6));
    horde_pole_grid g;
    const size_t gb = horde_pole_grid_scratch_bytes(p, cell);
    if (!gb || gb > sizeof grid_mem || horde_pole_grid_build(&g, p, cell, grid_mem, sizeof grid_mem) != HORDE_OK)
        return; /* too many cells for this scratch */
    const size_t bytes = horde_radial_push_grid_scratch_bytes(&g, n);
    FZ_CHECK(bytes > 0, "grid push bytes");
    if (!bytes || bytes + 3 > sizeof push_mem)
        return;
    /* The header's lists (rows by ascending z, cells by ascending x, each cell's entries). */
    g_offsets[0] = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = g_offsets[i];
        const int ok = fabsf(x[0][i]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(x[1][i]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
                       fabsf(x[2][i]) <= HORDE_RADIAL_PUSH_MAX_COORD && x[3][i] >= 0.0f &&
                       x[3][i] <= HORDE_RADIAL_PUSH_MAX_RADIUS && x[4][i] >= 0.0f && x[4][i] <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
        const int32_t cx = ok ? (int32_t)floorf(x[0][i] / cell) - g.cx0 : -9;
        const int32_t cz = ok ? (int32_t)floorf(x[2][i] / cell) - g.cz0 : -9;
        for (int32_t r = cz - 1; ok && r <= cz + 1; r++)
            for (int32_t q = cx - 1; q <= cx + 1; q++)
                if (r >= 0 && r < (int32_t)g.nz && q >= 0 && q < (int32_t)g.nx)
                    for (uint32_t k = g.start[(size_t)r * g.nx + (size_t)q]; k < g.start[(size_t)r * g.nx + (size_t)q + 1];
                         k++)
                        g_indices[c++] = g.items[k];
        g_offsets[i + 1] = c;
    }
    float *o[3];
    for (int k = 0; k < 3; k++)
        o[k] = fz_place(&res[0][k], off, n);
    const horde_radial_push_params pp = {it};
    const horde_radial_push_batch lb = {x[0], x[1], x[2], x[3], x[4], g_offsets, g_indices,
                                        o[0], o[1], o[2], fz_place_u(&resf[0], off), n};
    const int sl = horde_radial_push_isa(HORDE_ISA_SCALAR, p, &pp, &lb);
    static float keep[3][FZ_MAX_N];
    static uint32_t keepf[FZ_MAX_N];
    for (int k = 0; k < 3; k++)
        memcpy(keep[k], o[k], n * 4);
    memcpy(keepf, resf[0].v + off, n * 4);
    for (horde_isa isa = HORDE_ISA_SCALAR; isa < HORDE_ISA_COUNT; isa = (horde_isa)(isa + 1)) {
        if (!horde_isa_supported(isa))
            continue;
        float *o1[3];
        for (int k = 0; k < 3; k++)
            o1[k] = fz_place(&res[1][k], off, n);
        uint32_t *f1 = fz_place_u(&resf[1], off);
        const horde_radial_push_grid_params gp = {it};
        const horde_radial_push_grid_batch gb1 = {x[0], x[1], x[2], x[3], x[4], o1[0], o1[1], o1[2], f1, n};
        const fz_fp saved = fz_fp_enter(isa == HORDE_ISA_SCALAR ? 0 : fp);
        const int sg = horde_radial_push_grid_isa(isa, &g, p, &gp, &gb1, push_mem + (size_t)off, bytes);
        fz_fp_leave(saved);
        FZ_CHECK(sg == sl, "%s: grid status %d, list %d", horde_isa_name(isa), sg, sl);
        if (sl == HORDE_OK && sg == HORDE_OK)
            FZ_CHECK(fz_same(o1[0], keep[0], n) && fz_same(o1[1], keep[1], n) && fz_same(o1[2], keep[2], n) &&
                         fz_same(f1, keepf, n),
                     "%s: grid push differs from the list kernel on the grid's lists", horde_isa_name(isa));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N), np = fz_count_n(&b, MAXP);
    const int off = fz_u8(&b) % 4;
    const uint8_t fp = fz_u8(&b), mode = fz_u8(&b);
    const uint32_t it = (mode & 7) == 0 ? fz_u8(&b) % 71 : 1 + (mode & 7);
    const int in_place = (mode >> 3) & 1;
    const float span = (mode & 0x30) ? 3.0f : 40.0f;
    const float c[3] = {fz_float(&b, 100.0f), fz_float(&b, 10.0f), fz_float(&b, 100.0f)};
    for (size_t j = 0; j < np; j++) {
        px[j] = c[0] + fz_float(&b, span), pz[j] = c[2] + fz_float(&b, span);
        pr[j] = fabsf(fz_float(&b, 1.5f)), pb[j] = c[1] + fz_float(&b, 3.0f);
        pt[j] = pb[j] + fz_float(&b, 6.0f);
    }
    float *x[5];
    for (int k = 0; k < 5; k++)
        x[k] = fz_place(&in[k], off, n);
    offsets[0] = 0;
    for (size_t i = 0; i < n; i++) {
        x[0][i] = c[0] + fz_float(&b, span), x[1][i] = c[1] + fz_float(&b, 3.0f);
        x[2][i] = c[2] + fz_float(&b, span);
        x[3][i] = fabsf(fz_float(&b, 1.0f)), x[4][i] = fabsf(fz_float(&b, 3.0f));
        const uint32_t len = fz_u8(&b) % (MAXL + 1);
        for (uint32_t k = 0; k < len; k++) {
            const uint8_t v = fz_u8(&b);
            indices[offsets[i] + k] = v == 255 ? fz_u32(&b) : (uint32_t)(v % (np + 2));
        }
        offsets[i + 1] = offsets[i] + len;
    }
    /* Keep the inputs: in place overwrites them. */
    static float keep[5][FZ_MAX_N];
    for (int k = 0; k < 5; k++)
        memcpy(keep[k], x[k], n * 4);
    const horde_poles p = {px, pz, pr, pb, pt, np};
    float *out0[3];
    const int st = run(HORDE_ISA_SCALAR, 0, &p, x, n, off, it, 0, 0, out0);
    const int pv = it >= 1 && it <= HORDE_RADIAL_PUSH_MAX_ITERATIONS;
    FZ_CHECK(st == (pv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d for %u passes", st, it);
    fz_count(C_BAD_PARAMS, !pv);
    const uint32_t *f = resf[0].v + off;
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float mx = x[0][i], my = x[1][i], mz = x[2][i], mr = x[3][i], mh = x[4][i];
        if (!(fabsf(mx) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(my) <= HORDE_RADIAL_PUSH_MAX_COORD &&
              fabsf(mz) <= HORDE_RADIAL_PUSH_MAX_COORD && mr >= 0.0f && mr <= HORDE_RADIAL_PUSH_MAX_RADIUS && mh >= 0.0f &&
              mh <= HORDE_RADIAL_PUSH_MAX_HEIGHT)) {
            FZ_CHECK(f[i] == HORDE_FLAG_INVALID && fz_same(&out0[0][i], &x[0][i], 1) &&
                         fz_same(&out0[1][i], &x[1][i], 1) && fz_same(&out0[2][i], &x[2][i], 1),
                     "mover %zu: invalid not flagged (%#x)", i, f[i]);
            fz_count(C_INVALID, 1);
            continue;
        }
        FZ_CHECK(fz_same(&out0[1][i], &my, 1), "mover %zu: y changed", i);
        if (!(f[i] & HORDE_FLAG_COLLIDED))
            FZ_CHECK(fz_same(&out0[0][i], &mx, 1) && fz_same(&out0[2][i], &mz, 1), "mover %zu moved, not COLLIDED", i);
        int skipped = 0, valid_entries = 0;
        for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
            const uint32_t j = indices[k];
            if (!pole_valid(j, np)) {
                skipped = 1;
                continue;
            }
            valid_entries++;
            if (!(f[i] & HORDE_FLAG_WEDGED))
                FZ_CHECK(!overlaps(out0[0][i], my, out0[2][i], mr, mh, j),
                         "mover %zu (%a %a %a r=%a h=%a) ends overlapping pole %u (%a %a r=%a), flags %#x", i, mx, my,
                         mz, mr, mh, j, px[j], pz[j], pr[j], f[i]);
        }
        FZ_CHECK(!!(f[i] & HORDE_FLAG_SKIPPED) == skipped, "mover %zu: SKIPPED %#x, model %d", i, f[i], skipped);
        if (offsets[i + 1] - offsets[i] == 1 && valid_entries == 1)
            FZ_CHECK(!(f[i] & HORDE_FLAG_WEDGED), "mover %zu: one pole, WEDGED", i);
        fz_count(C_COLLIDED, f[i] & HORDE_FLAG_COLLIDED);
        fz_count(C_WEDGED, f[i] & HORDE_FLAG_WEDGED);
        fz_count(C_SKIPPED, skipped);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        float *out1[3];
        const int s2 = run(isa, 1, &p, x, n, off, it, in_place, fp, out1);
        FZ_CHECK(s2 == st, "%s: status %d, scalar %d", horde_isa_name(isa), s2, st);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(out1[0], out0[0], n) && fz_same(out1[1], out0[1], n) && fz_same(out1[2], out0[2], n) &&
                         fz_same(resf[1].v + off, f, n),
                     "%s: differs from scalar%s", horde_isa_name(isa), in_place ? " (in place)" : "");
        if (in_place) /* restore the inputs for the next backend */
            for (int k = 0; k < 5; k++)
                memcpy(x[k], keep[k], n * 4);
    }
    check_sweep(&p, x, n, off, it, fp, &b); /* reuses the result slots */
    check_grid(&p, x, n, off, it, fp, &b);
    return 0;
}
