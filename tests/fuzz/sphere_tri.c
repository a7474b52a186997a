/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_sphere_tri_pairs and horde_sphere_tri_list (fuzz.h has the
 * harness). Checks: backends equal scalar bit for bit; an invalid pair or sphere gets the
 * documented outputs; a pair's outputs are consistent (one region flag, depth >= 0 when
 * overlapping, a finite push only when overlapping); a
 * list equals the fold of its pairs as sphere_tri.h describes it (per axis the largest
 * positive plus the most negative push, the deepest entry earliest on ties, skipped
 * entries flagged). */
#include "fuzz.h"

enum { C_OVERLAP, C_INVALID, C_LIST_OVERLAP, C_DEGENERATE, C_SKIPPED, C_N };
static const char *const names[C_N] = {"overlap", "invalid", "list_overlap", "degenerate", "skipped"};

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static int coord_ok(float v) { return fabsf(v) <= HORDE_SPHERE_TRI_MAX_COORD; }
static int valid_sphere(const float *s)
{
    return coord_ok(s[0]) && coord_ok(s[1]) && coord_ok(s[2]) && s[3] >= 0.0f && s[3] <= HORDE_SPHERE_TRI_MAX_RADIUS;
}
static int valid_tri(const float *v)
{
    for (int k = 0; k < 9; k++)
        if (!coord_ok(v[k]))
            return 0;
    return 1;
}

/* Outputs: pairs q[3], depth, push[3] + flags; list push[3], depth, q[3] + tri, flags. */
static fz_floats in[4], res[2][7];
static fz_u32s resu[2][2];
static fz_soup soup;
static uint32_t offsets[FZ_MAX_N + 1], indices[4 * FZ_MAX_N];

static int run_pairs(horde_isa isa, int slot, float *const *x, const horde_triangles *t, size_t n, int off, uint8_t fp)
{
    float *o[7];
    for (int k = 0; k < 7; k++)
        o[k] = fz_place(&res[slot][k], off, n);
    uint32_t *f = fz_place_u(&resu[slot][0], off);
    const horde_sphere_tri_pairs_batch bt = {x[0], x[1], x[2], x[3], o[0], o[1], o[2], o[3], o[4], o[5], o[6], f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_sphere_tri_pairs_isa(isa, t, &bt);
    fz_fp_leave(saved);
    for (int k = 0; k < 7; k++)
        fz_guard_ok(res[slot][k].v, off, n, "pair out");
    fz_guard_ok(resu[slot][0].v, off, n, "pair flags");
    return st;
}

static int run_list(horde_isa isa, int slot, float *const *x, const horde_triangles *t, size_t n, int off, uint8_t fp)
{
    float *o[7];
    for (int k = 0; k < 7; k++)
        o[k] = fz_place(&res[slot][k], off, n);
    uint32_t *deep = fz_place_u(&resu[slot][0], off), *f = fz_place_u(&resu[slot][1], off);
    const horde_sphere_tri_list_batch bt = {x[0], x[1], x[2], x[3], offsets, indices, o[0], o[1], o[2],
                                            deep, o[3], o[4], o[5], o[6], f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_sphere_tri_list_isa(isa, t, &bt);
    fz_fp_leave(saved);
    for (int k = 0; k < 7; k++)
        fz_guard_ok(res[slot][k].v, off, n, "list out");
    fz_guard_ok(resu[slot][1].v, off, n, "list flags");
    return st;
}

/* One pair through the public pairs call (scalar). */
static void one_pair(const float *s, const float *v, float o[7], uint32_t *f)
{
    const horde_triangles t = {&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], 1};
    const horde_sphere_tri_pairs_batch bt = {&s[0], &s[1], &s[2], &s[3], &o[0], &o[1], &o[2], &o[3],
                                             &o[4], &o[5], &o[6], f, 1};
    FZ_CHECK(horde_sphere_tri_pairs_isa(HORDE_ISA_SCALAR, &t, &bt) == HORDE_OK, "pair status");
}

static void pairs(fz_bytes *b, float *const *x, size_t n, int off, uint8_t fp)
{
    for (size_t i = 0; i < n; i++) {
        const float c[3] = {x[0][i], x[1][i], x[2][i]};
        float v[9];
        fz_triangle(b, c, 2.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][i] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, n);
    const int st = run_pairs(HORDE_ISA_SCALAR, 0, x, &t, n, off, 0);
    FZ_CHECK(st == HORDE_OK, "pairs status %d", st);
    for (size_t i = 0; i < n; i++) {
        const float s[4] = {x[0][i], x[1][i], x[2][i], x[3][i]};
        float v[9], o[7];
        for (int k = 0; k < 9; k++)
            v[k] = soup.v[k][i];
        for (int k = 0; k < 7; k++)
            o[k] = res[0][k].v[off + i];
        const uint32_t f = resu[0][0].v[off + i];
        if (!valid_sphere(s) || !valid_tri(v)) {
            int zero = f == HORDE_FLAG_INVALID && o[3] == -INFINITY; /* depth */
            for (int k = 0; k < 7; k++)
                zero &= k == 3 || fz_same(&o[k], &(float){0.0f}, 1);
            FZ_CHECK(zero, "pair %zu: invalid not flagged with depth -INFINITY and +0 outputs", i);
            fz_count(C_INVALID, 1);
            continue;
        }
        const uint32_t region = f & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX);
        FZ_CHECK(region == HORDE_FLAG_FACE || region == HORDE_FLAG_EDGE || region == HORDE_FLAG_VERTEX,
                 "pair %zu: region flags %#x", i, f);
        const int over = (f & HORDE_FLAG_OVERLAP) != 0;
        FZ_CHECK(!over || o[3] >= 0.0f, "pair %zu: overlapping with depth %a", i, o[3]);
        FZ_CHECK(over || (o[4] == 0.0f && o[5] == 0.0f && o[6] == 0.0f), "pair %zu: a push without overlap", i);
        FZ_CHECK(!over || (isfinite(o[4]) && isfinite(o[5]) && isfinite(o[6])), "pair %zu: a non-finite push", i);
        fz_count(C_OVERLAP, over);
        fz_count(C_DEGENERATE, (f & HORDE_FLAG_DEGENERATE) != 0);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        FZ_CHECK(run_pairs(isa, 1, x, &t, n, off, fp) == st, "%s: pairs status", horde_isa_name(isa));
        for (int k = 0; k < 7; k++)
            FZ_CHECK(fz_same(res[1][k].v + off, res[0][k].v + off, n), "%s: pair output %d differs from scalar",
                     horde_isa_name(isa), k);
        FZ_CHECK(fz_same(resu[1][0].v + off, resu[0][0].v + off, n), "%s: pair flags differ", horde_isa_name(isa));
    }
}

static void lists(fz_bytes *b, float *const *x, size_t n, int off, uint8_t fp)
{
    const size_t nt = fz_count_n(b, 40);
    const float c[3] = {n ? x[0][0] : 0.0f, n ? x[1][0] : 0.0f, n ? x[2][0] : 0.0f};
    for (size_t t = 0; t < nt; t++) {
        float v[9];
        fz_triangle(b, c, 3.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][t] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, nt);
    offsets[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t len = fz_u8(b) % 5;
        for (uint32_t k = 0; k < len; k++)
            indices[offsets[i] + k] = (fz_u8(b) & 0x40) ? fz_u32(b) : fz_u8(b) % (nt + 2);
        offsets[i + 1] = offsets[i] + len;
    }
    const int st = run_list(HORDE_ISA_SCALAR, 0, x, &t, n, off, 0);
    FZ_CHECK(st == HORDE_OK, "list status %d", st);
    for (size_t i = 0; i < n; i++) {
        const float s[4] = {x[0][i], x[1][i], x[2][i], x[3][i]};
        float o[7];
        for (int k = 0; k < 7; k++)
            o[k] = res[0][k].v[off + i];
        const uint32_t deep = resu[0][0].v[off + i], f = resu[0][1].v[off + i];
        if (!valid_sphere(s)) {
            int ok = f == HORDE_FLAG_INVALID && deep == HORDE_NONE && o[3] == -INFINITY; /* depth */
            for (int k = 0; k < 7; k++)
                ok &= k == 3 || fz_same(&o[k], &(float){0.0f}, 1);
            FZ_CHECK(ok, "sphere %zu: invalid not flagged with tri HORDE_NONE, depth -INFINITY, +0 outputs", i);
            continue;
        }
        /* The fold of the pairs (sphere_tri.h). */
        float pos[3] = {0, 0, 0}, neg[3] = {0, 0, 0}, best = -INFINITY, bq[3] = {0, 0, 0};
        uint32_t bidx = HORDE_NONE, bflags = 0, flags = 0;
        for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
            const uint32_t idx = indices[k];
            float v[9], po[7];
            uint32_t pf;
            if (idx < nt)
                for (int a = 0; a < 9; a++)
                    v[a] = soup.v[a][idx];
            if (idx >= nt || !valid_tri(v)) {
                flags |= HORDE_FLAG_SKIPPED;
                continue;
            }
            one_pair(s, v, po, &pf);
            if (po[3] > best) {
                best = po[3], bidx = idx, bq[0] = po[0], bq[1] = po[1], bq[2] = po[2];
                bflags = pf & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX | HORDE_FLAG_DEGENERATE);
            }
            if (pf & HORDE_FLAG_OVERLAP) {
                flags |= HORDE_FLAG_OVERLAP;
                for (int a = 0; a < 3; a++)
                    pos[a] = fmaxf(pos[a], po[4 + a]), neg[a] = fminf(neg[a], po[4 + a]);
            }
        }
        const float push[3] = {pos[0] + neg[0], pos[1] + neg[1], pos[2] + neg[2]};
        FZ_CHECK(o[0] == push[0] && o[1] == push[1] && o[2] == push[2] && deep == bidx &&
                     fz_same(&o[3], &best, 1) && fz_same(&o[4], bq, 3) && f == (flags | bflags),
                 "sphere %zu: list (%a %a %a) deepest %u depth %a flags %#x; fold of the pairs (%a %a %a) %u %a %#x",
                 i, o[0], o[1], o[2], deep, o[3], f, push[0], push[1], push[2], bidx, best, flags | bflags);
        fz_count(C_LIST_OVERLAP, (f & HORDE_FLAG_OVERLAP) != 0);
        fz_count(C_SKIPPED, (f & HORDE_FLAG_SKIPPED) != 0);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        FZ_CHECK(run_list(isa, 1, x, &t, n, off, fp) == st, "%s: list status", horde_isa_name(isa));
        for (int k = 0; k < 7; k++)
            FZ_CHECK(fz_same(res[1][k].v + off, res[0][k].v + off, n), "%s: list output %d differs from scalar",
                     horde_isa_name(isa), k);
        FZ_CHECK(fz_same(resu[1][0].v + off, resu[0][0].v + off, n) && fz_same(resu[1][1].v + off, resu[0][1].v + off, n),
                 "%s: list index/flags differ", horde_isa_name(isa));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4;
    const uint8_t fp = fz_u8(&b);
    float *x[4];
    for (int k = 0; k < 4; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            x[k][i] = fz_float(&b, 30.0f);
        x[3][i] = fz_float(&b, 2.0f);
    }
    pairs(&b, x, n, off, fp);
    lists(&b, x, n, off, fp);
    return 0;
}
