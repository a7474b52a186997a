/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_crowd_separate (fuzz.h has the harness). Inputs: up to 300 movers
 * around a centre (raw float bits among them: NaN, Inf, negative radii and weights),
 * weights or none, 0-70 iterations (0 and > 64 are BAD_PARAMS), a scratch at any offset
 * and sometimes one byte short, offset arrays, in place, a caller FP environment.
 * Checks: backends equal scalar bit for bit (status and every output); invalid movers
 * keep their input bits with INVALID; a mover not CROWDED keeps its position bits; a
 * mover neither WEDGED nor PACKED overlaps (header's float test) none of the valid movers
 * that were its contacts at the start (all of them, as it is not PACKED); the scratch is
 * never written past the size the query gave. */
#include "fuzz.h"

enum { C_CROWDED, C_INVALID, C_WEDGED, C_PACKED, C_BAD_PARAMS, C_N };
static const char *const names[C_N] = {"crowded", "invalid", "wedged", "packed", "bad_params"};

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static fz_floats in[6], res[2][2];
static fz_u32s resf[2];
enum { CANARY = 0x5a };

static int valid(float *const *x, int weights, size_t i)
{
    const float w = weights ? x[5][i] : 1.0f;
    return fabsf(x[0][i]) <= HORDE_CROWD_SEPARATE_MAX_COORD && fabsf(x[1][i]) <= HORDE_CROWD_SEPARATE_MAX_COORD &&
           fabsf(x[2][i]) <= HORDE_CROWD_SEPARATE_MAX_COORD && x[3][i] >= 0.0f && x[3][i] <= HORDE_CROWD_SEPARATE_MAX_RADIUS &&
           x[4][i] >= 0.0f && x[4][i] <= HORDE_CROWD_SEPARATE_MAX_HEIGHT && w >= 0.0f && w <= HORDE_CROWD_SEPARATE_MAX_WEIGHT;
}

/* The header's contact and overlap tests, written out again. */
static int vertical(float *const *x, size_t a, size_t b)
{
    return x[1][a] < x[1][b] + x[4][b] && x[1][b] < x[1][a] + x[4][a];
}
static float dist2(float xa, float za, float xb, float zb)
{
    const float dx = xa - xb, dz = za - zb;
    return dx * dx + dz * dz;
}

static int run(horde_isa isa, int slot, float *const *x, int weights, size_t n, int off, uint32_t it, int in_place,
               uint8_t fp, unsigned char *scratch, size_t bytes, float **out)
{
    for (int k = 0; k < 2; k++)
        out[k] = in_place ? x[2 * k] : fz_place(&res[slot][k], off, n);
    uint32_t *f = fz_place_u(&resf[slot], off);
    const horde_crowd_separate_batch c = {x[0], x[1], x[2], x[3], x[4], weights ? x[5] : NULL, out[0], out[1], f, n};
    memset(scratch + bytes, CANARY, 64);
    const fz_fp saved = fz_fp_enter(fp);
    const horde_crowd_separate_params p = {.iterations = it};
    const int st = horde_crowd_separate_isa(isa, &p, &c, scratch, bytes);
    fz_fp_leave(saved);
    for (int k = 0; k < 64; k++)
        FZ_CHECK(scratch[bytes + k] == CANARY, "%s: scratch written past its size", horde_isa_name(isa));
    if (!in_place)
        for (int k = 0; k < 2; k++)
            fz_guard_ok(res[slot][k].v, off, n, "out");
    fz_guard_ok(resf[slot].v, off, n, "out_flags");
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned char scratch_mem[1 << 17];
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4;
    const uint8_t fp = fz_u8(&b), mode = fz_u8(&b), extra = fz_u8(&b);
    const uint32_t it = (mode & 7) == 0 ? fz_u8(&b) % 71 : 1 + (mode & 7);
    const int in_place = (mode >> 3) & 1, weights = !((mode >> 4) & 1);
    const float span = (mode & 0x20) ? 2.0f : 20.0f;
    const float c[3] = {fz_float(&b, 100.0f), fz_float(&b, 10.0f), fz_float(&b, 100.0f)};
    float *x[6];
    for (int k = 0; k < 6; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        x[0][i] = c[0] + fz_float(&b, span), x[1][i] = c[1] + fz_float(&b, 2.0f);
        x[2][i] = c[2] + fz_float(&b, span);
        x[3][i] = fabsf(fz_float(&b, 1.0f)), x[4][i] = fabsf(fz_float(&b, 3.0f));
        x[5][i] = fabsf(fz_float(&b, 2.0f));
    }
    const size_t need = horde_crowd_separate_scratch_bytes(n);
    const size_t bytes = (extra & 0x80) && need ? need - 1 : need + (extra & 0x3f);
    unsigned char *scratch = scratch_mem + (extra & 0x3f) % 61;
    if (need + 64 + 64 + 64 > sizeof scratch_mem)
        return 0;
    static float keep[6][FZ_MAX_N]; /* in place overwrites x and z */
    for (int k = 0; k < 6; k++)
        memcpy(keep[k], x[k], n * 4);
    float *out0[2];
    const int st = run(HORDE_ISA_SCALAR, 0, x, weights, n, off, it, 0, 0, scratch, bytes, out0);
    const int pv = it >= 1 && it <= HORDE_CROWD_SEPARATE_MAX_ITERATIONS && bytes >= need;
    FZ_CHECK(st == (pv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d for %u iterations, %zu of %zu bytes", st, it,
             bytes, need);
    fz_count(C_BAD_PARAMS, !pv);
    const uint32_t *f = resf[0].v + off;
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        if (!valid(x, weights, i)) {
            FZ_CHECK(f[i] == HORDE_FLAG_INVALID && fz_same(&out0[0][i], &x[0][i], 1) &&
                         fz_same(&out0[1][i], &x[2][i], 1),
                     "mover %zu: invalid not flagged (%#x)", i, f[i]);
            fz_count(C_INVALID, 1);
            continue;
        }
        if (!(f[i] & HORDE_FLAG_CROWDED))
            FZ_CHECK(fz_same(&out0[0][i], &x[0][i], 1) && fz_same(&out0[1][i], &x[2][i], 1),
                     "mover %zu moved, not CROWDED", i);
        if (!(f[i] & (HORDE_FLAG_WEDGED | HORDE_FLAG_PACKED)))
            for (size_t j = 0; j < n; j++) {
                if (j == i || !valid(x, weights, j) || !vertical(x, i, j))
                    continue;
                const float R = x[3][i] + x[3][j], reach = R * HORDE_CROWD_SEPARATE_REACH;
                if (!(dist2(x[0][i], x[2][i], x[0][j], x[2][j]) < reach * reach))
                    continue; /* not a contact */
                FZ_CHECK(!(dist2(out0[0][i], out0[1][i], out0[0][j], out0[1][j]) < R * R),
                         "mover %zu ends overlapping its contact %zu, flags %#x", i, j, f[i]);
            }
        fz_count(C_CROWDED, f[i] & HORDE_FLAG_CROWDED);
        fz_count(C_WEDGED, f[i] & HORDE_FLAG_WEDGED);
        fz_count(C_PACKED, f[i] & HORDE_FLAG_PACKED);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        float *out1[2];
        const int s2 = run(isa, 1, x, weights, n, off, it, in_place, fp, scratch, bytes, out1);
        FZ_CHECK(s2 == st, "%s: status %d, scalar %d", horde_isa_name(isa), s2, st);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(out1[0], out0[0], n) && fz_same(out1[1], out0[1], n) && fz_same(resf[1].v + off, f, n),
                     "%s: differs from scalar%s", horde_isa_name(isa), in_place ? " (in place)" : "");
        if (in_place) /* restore the inputs for the next backend */
            for (int k = 0; k < 6; k++)
                memcpy(x[k], keep[k], n * 4);
    }
    return 0;
}
