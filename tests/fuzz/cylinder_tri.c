/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_cylinder_tri (pairs) and horde_cylinder_tri_soup (fuzz.h has the
 * harness). Checks: backends equal scalar bit for bit (status and every output); an
 * invalid pair gets push (0, 0) and flags INVALID, an invalid soup mover is copied with
 * flags INVALID; BAD_PARAMS exactly for a bad step; a soup equals the pair-by-pair loop
 * the header describes (each valid triangle tested as a pair at the mover's current
 * position, its push applied at once, flags ORed; a triangle the soup skips for being
 * far must not have touched); contact only with a non-zero push. */
#include "fuzz.h"

enum { C_PAIR_HIT, C_SOUP_PUSHED, C_INVALID, C_INSIDE, C_BAD_PARAMS, C_N };
static const char *const names[C_N] = {"pair_contact", "soup_pushed", "invalid", "centre_inside", "bad_params"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

static int valid_mover(const float *m)
{
    return fabsf(m[0]) <= HORDE_CYLINDER_TRI_MAX_COORD && fabsf(m[1]) <= HORDE_CYLINDER_TRI_MAX_COORD &&
           fabsf(m[2]) <= HORDE_CYLINDER_TRI_MAX_COORD && m[3] >= 0.0f && m[3] <= HORDE_CYLINDER_TRI_MAX_SIZE &&
           m[4] >= 0.0f && m[4] <= HORDE_CYLINDER_TRI_MAX_SIZE;
}
static int valid_tri(const float *v)
{
    for (int k = 0; k < 9; k++)
        if (!(fabsf(v[k]) <= HORDE_CYLINDER_TRI_MAX_COORD))
            return 0;
    return 1;
}

static fz_floats in[5], res[2][3];
static fz_u32s resf[2];
static fz_soup soup;

/* One pair through the public pairs call (scalar): the reference of the fold. */
static void one_pair(const float *m, float step, const float *v, float *px, float *pz, uint32_t *f)
{
    const horde_triangles t = {&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], 1};
    const horde_cylinder_tri_params p = {step};
    const horde_cylinder_tri_batch b = {&m[0], &m[1], &m[2], &m[3], &m[4], px, pz, f, 1};
    FZ_CHECK(horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &t, &p, &b) == HORDE_OK, "pair status");
}

static void pairs(fz_bytes *b, float *const *x, size_t n, int off, float step, uint8_t fp)
{
    for (size_t i = 0; i < n; i++) {
        const float c[3] = {x[0][i], x[1][i], x[2][i]};
        float v[9];
        fz_triangle(b, c, 3.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][i] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, n);
    int st0 = 0;
    for (int slot = 0, isa = HORDE_ISA_SCALAR; isa < HORDE_ISA_COUNT; isa++) {
        if (!horde_isa_supported((horde_isa)isa))
            continue;
        float *px = fz_place(&res[slot][0], off, n), *pz = fz_place(&res[slot][1], off, n);
        uint32_t *f = fz_place_u(&resf[slot], off);
        const horde_cylinder_tri_params p = {step};
        const horde_cylinder_tri_batch bt = {x[0], x[1], x[2], x[3], x[4], px, pz, f, n};
        const fz_fp saved = fz_fp_enter(slot ? fp : 0);
        const int st = horde_cylinder_tri_isa((horde_isa)isa, &t, &p, &bt);
        fz_fp_leave(saved);
        fz_guard_ok(res[slot][0].v, off, n, "out_px");
        fz_guard_ok(resf[slot].v, off, n, "out_flags");
        if (!slot) {
            st0 = st;
            const int sv = isfinite(step) && step >= 0.0f && step <= HORDE_CYLINDER_TRI_MAX_SIZE;
            FZ_CHECK(st == (sv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "pairs status %d for step %a", st, step);
            fz_count(C_BAD_PARAMS, !sv);
            for (size_t i = 0; st == HORDE_OK && i < n; i++) {
                const float m[5] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i]};
                float v[9];
                for (int k = 0; k < 9; k++)
                    v[k] = soup.v[k][i];
                if (!valid_mover(m) || !valid_tri(v)) {
                    FZ_CHECK(px[i] == 0.0f && pz[i] == 0.0f && f[i] == HORDE_FLAG_INVALID, "pair %zu: invalid not flagged", i);
                    fz_count(C_INVALID, 1);
                    continue;
                }
                FZ_CHECK(f[i] == 0 ? px[i] == 0.0f && pz[i] == 0.0f : (px[i] != 0.0f || pz[i] != 0.0f) && isfinite(px[i]) && isfinite(pz[i]),
                         "pair %zu: flags %#x with push (%a, %a)", i, f[i], px[i], pz[i]);
                fz_count(C_PAIR_HIT, f[i] != 0);
                fz_count(C_INSIDE, (f[i] & HORDE_FLAG_CENTRE_INSIDE) != 0);
            }
            slot = 1;
            continue;
        }
        FZ_CHECK(st == st0, "%s: pairs status %d, scalar %d", horde_isa_name((horde_isa)isa), st, st0);
        if (st == HORDE_OK)
            FZ_CHECK(fz_same(px, res[0][0].v + off, n) && fz_same(pz, res[0][1].v + off, n) &&
                         fz_same(f, resf[0].v + off, n),
                     "%s: pairs differ from scalar", horde_isa_name((horde_isa)isa));
    }
}

static void soups(fz_bytes *b, float *const *x, size_t n, int off, float step, int alias, uint8_t fp)
{
    const size_t nt = fz_count_n(b, 40);
    const float c[3] = {n ? x[0][0] : 0.0f, n ? x[1][0] : 0.0f, n ? x[2][0] : 0.0f};
    for (size_t t = 0; t < nt; t++) {
        float v[9];
        fz_triangle(b, c, 4.0f, v);
        for (int k = 0; k < 9; k++)
            soup.v[k][t] = v[k];
    }
    const horde_triangles t = fz_soup_view(&soup, nt);
    int st0 = 0;
    for (int slot = 0, isa = HORDE_ISA_SCALAR; isa < HORDE_ISA_COUNT; isa++) {
        if (!horde_isa_supported((horde_isa)isa))
            continue;
        float *ox = fz_place(&res[slot][0], off, n), *oz = fz_place(&res[slot][1], off, n);
        const int al = slot && alias;
        if (al)
            memcpy(ox, x[0], n * 4), memcpy(oz, x[2], n * 4);
        uint32_t *f = fz_place_u(&resf[slot], off);
        const horde_cylinder_tri_soup_params p = {step};
        const horde_cylinder_tri_soup_batch bs = {al ? ox : x[0], x[1], al ? oz : x[2], x[3], x[4], ox, oz, f, n};
        const fz_fp saved = fz_fp_enter(slot ? fp : 0);
        const int st = horde_cylinder_tri_soup_isa((horde_isa)isa, &t, &p, &bs);
        fz_fp_leave(saved);
        fz_guard_ok(res[slot][0].v, off, n, "out_x");
        fz_guard_ok(resf[slot].v, off, n, "out_flags");
        if (slot) {
            FZ_CHECK(st == st0, "%s: soup status %d, scalar %d", horde_isa_name((horde_isa)isa), st, st0);
            if (st == HORDE_OK)
                FZ_CHECK(fz_same(ox, res[0][0].v + off, n) && fz_same(oz, res[0][1].v + off, n) &&
                             fz_same(f, resf[0].v + off, n),
                         "%s: soup differs from scalar", horde_isa_name((horde_isa)isa));
            continue;
        }
        st0 = st, slot = 1;
        if (st != HORDE_OK)
            continue;
        /* The fold of the pairs, as the header describes the soup. */
        for (size_t i = 0; i < n; i++) {
            float m[5] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i]};
            if (!valid_mover(m)) {
                FZ_CHECK(fz_same(&ox[i], &m[0], 1) && fz_same(&oz[i], &m[2], 1) && f[i] == HORDE_FLAG_INVALID,
                         "soup mover %zu: invalid not copied / flagged", i);
                continue;
            }
            uint32_t flags = 0;
            int beyond = 0; /* pushed past the pair limit: the pairs call would refuse it */
            for (size_t k = 0; k < nt && !beyond; k++) {
                float v[9], px, pz;
                uint32_t pf;
                for (int a = 0; a < 9; a++)
                    v[a] = soup.v[a][k];
                if (!valid_tri(v))
                    continue;
                one_pair(m, step, v, &px, &pz, &pf);
                float box[4] = {v[0], v[0], v[2], v[2]};
                for (int j = 1; j < 3; j++) {
                    box[0] = fminf(box[0], v[3 * j]), box[1] = fmaxf(box[1], v[3 * j]);
                    box[2] = fminf(box[2], v[3 * j + 2]), box[3] = fmaxf(box[3], v[3 * j + 2]);
                }
                const double reach = (double)m[3] + 1.0;
                const int far = box[0] - (double)m[0] > reach || (double)m[0] - box[1] > reach ||
                                box[2] - (double)m[2] > reach || (double)m[2] - box[3] > reach;
                if (far) {
                    FZ_CHECK(pf == 0,
                             "soup mover %zu (%a, %a, %a) r %a h %a step %a: triangle %zu (%a %a %a, %a %a %a, "
                             "%a %a %a) is beyond r + 1 but touches it (%#x, push %a %a)",
                             i, m[0], m[1], m[2], m[3], m[4], step, k, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                             v[7], v[8], pf, px, pz);
                    continue;
                }
                m[0] += px, m[2] += pz, flags |= pf;
                beyond = !valid_mover(m);
            }
            if (beyond)
                continue;
            FZ_CHECK(fz_same(&ox[i], &m[0], 1) && fz_same(&oz[i], &m[2], 1) && f[i] == flags,
                     "soup mover %zu: (%a, %a) flags %#x, the pair-by-pair loop gives (%a, %a) flags %#x", i, ox[i],
                     oz[i], f[i], m[0], m[2], flags);
            fz_count(C_SOUP_PUSHED, flags != 0);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4, alias = fz_u8(&b) & 1;
    const uint8_t fp = fz_u8(&b);
    const float step = (fz_u8(&b) & 3) ? fz_float(&b, 0.5f) * (fz_u8(&b) & 1 ? 1.0f : 0.0f) : fz_float(&b, 2000.0f);
    float *x[5];
    for (int k = 0; k < 5; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++)
            x[k][i] = fz_float(&b, 20.0f);
        x[3][i] = fz_float(&b, 1.0f), x[4][i] = fz_float(&b, 3.0f);
    }
    pairs(&b, x, n, off, step, fp);
    soups(&b, x, n, off, step, alias, fp);
    return 0;
}
