/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_sphere_tri_pairs and horde_sphere_tri_list: every
 * compiled backend runs the inputs the scalar reference runs and must return identical
 * bits (memcmp on every output array). Inputs: random pairs near triangles (about half
 * overlapping), contacts aimed at faces, edges and vertices (touching exactly, one ulp in
 * or out, centre on the triangle), grid-aligned floors / walls / ramps, degenerate and
 * sliver triangles, big and tiny coordinates, invalid values; random batch sizes (every
 * tail), unaligned arrays, outputs aliasing inputs. The reference itself is checked
 * against an independent double-precision closest point (tg_closest_d, tolerance below)
 * and the list reference against a fold of pair results written here.
 *
 * Run: checkasm --test=sphere_tri_pairs|sphere_tri_list [--seed=N] [--items=N] [--long] (checkasm.h).
 * A failure prints the seed, backend and the offending inputs in hex floats. */
#include "checkasm.h"
#include "tri_gen.h"

/* Stated tolerance of the reference vs double precision. S = the largest |coordinate|
 * of the pair (at least 1), L = the longest edge, H = the triangle's height over it
 * (2 * area / L, exact):
 *   |dist_ref - dist_exact| <= 2^-16 S + 2^-22 L^2 / H   (+ H for degenerate triangles,
 *                                                        which are replaced by their edges)
 * and Q_ref lies within that distance of the triangle. The L^2 / H term is the float
 * cross product's direction error on slivers (about 2^-24 L^2 / (L H)) times the lever
 * L; it is below 2^-20 L for any triangle whose largest angle is not close to 180 degrees.
 * Overlap flags must agree with the exact distance unless |dist - r| is within it. */
#define TOL_S 0x1p-16
#define TOL_SLIVER 0x1p-22

static double tg_height(const float v[9])
{
    double ab[3], ac[3], n[3];
    for (int k = 0; k < 3; k++)
        ab[k] = (double)v[3 + k] - v[k], ac[k] = (double)v[6 + k] - v[k];
    tg_cross(ab, ac, n);
    const double L = tg_longest(v);
    return L > 0 ? sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) / L : 0;
}

enum { NIN = 13, NOUT = 7 };

typedef CA_IO_ARRAYS(NIN, NOUT) arrays;

/* Pairs off .. off + n - 1 on isa (ca_io_call): spheres from in[0 .. 3], triangles from
 * in[4 .. 12], outputs into o[0 .. 6] and f. */
static int pairs_call(horde_isa isa, float *const *in, float *const *o, uint32_t *f, size_t off, size_t n)
{
    const horde_triangles t = TU_TRIS(in + 4, off, n);
    const horde_sphere_tri_pairs_batch b = {in[0] + off, in[1] + off, in[2] + off, in[3] + off,
                                            o[0] + off,  o[1] + off,  o[2] + off,  o[3] + off,
                                            o[4] + off,  o[5] + off,  o[6] + off,  f + off, n};
    return horde_sphere_tri_pairs_isa(isa, &t, &b);
}

static float bad_value(tu_rng *g)
{
    static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, 65536.004f, -1e30f, 2e9f};
    return bad[tu_below(g, sizeof bad / sizeof bad[0])];
}

/* One pair: triangle of some kind and a sphere near it. mode 0 random, 1 aimed, 2 with
 * invalid values sprinkled in. */
static void gen_pair(tu_rng *g, int mode, float *const *in, size_t i)
{
    float v[9], q[3], d[3], p[3], r;
    int feature;
    const int kind = (int)tu_below(g, 10) < 5 ? TG_RANDOM : (int)tu_below(g, TG_KINDS);
    tg_triangle(g, kind, v);
    tg_on_triangle(g, v, q, &feature);
    const float L = (float)tg_longest(v) + 0x1p-10f;
    if (mode == 1) {
        /* Aimed: along the face normal, or any direction for edges / vertices; the sphere
         * touches exactly, one ulp in or out, or the centre lies on the triangle. */
        if (feature == 2 && kind != TG_DEGEN) {
            const float ab[3] = {v[3] - v[0], v[4] - v[1], v[5] - v[2]};
            const float ac[3] = {v[6] - v[0], v[7] - v[1], v[8] - v[2]};
            d[0] = ab[1] * ac[2] - ab[2] * ac[1], d[1] = ab[2] * ac[0] - ab[0] * ac[2];
            d[2] = ab[0] * ac[1] - ab[1] * ac[0];
            float l = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (!(l > 0)) {
                tg_dir(g, d);
                l = 1;
            }
            const float sgn = tu_below(g, 2) ? 1.0f : -1.0f;
            for (int k = 0; k < 3; k++)
                d[k] = sgn * d[k] / l;
        } else {
            tg_dir(g, d);
        }
        const float dist = tu_below(g, 8) == 0 ? 0.0f : L * exp2f(tu_uniform(g, -12.0f, 1.0f));
        for (int k = 0; k < 3; k++)
            p[k] = q[k] + d[k] * dist;
        r = dist;
        switch (tu_below(g, 4)) {
        case 0: r = nextafterf(r, INFINITY); break;
        case 1: r = nextafterf(r, 0.0f); break;
        case 2: r = dist * tu_uniform(g, 0.5f, 1.5f); break;
        default: break;
        }
        if (dist == 0.0f && tu_below(g, 2))
            r = L * exp2f(tu_uniform(g, -12.0f, 1.0f)); /* the centre on it, a sphere of any size */
        if (tu_below(g, 16) == 0)
            r = 0.0f;
    } else {
        tg_dir(g, d);
        const float dist = L * tu_uniform(g, 0.0f, 1.0f);
        for (int k = 0; k < 3; k++)
            p[k] = q[k] + d[k] * dist;
        r = dist * tu_uniform(g, 0.4f, 1.6f);
    }
    if (!(r <= HORDE_SPHERE_TRI_MAX_RADIUS))
        r = HORDE_SPHERE_TRI_MAX_RADIUS;
    for (int k = 0; k < 3; k++)
        in[k][i] = p[k];
    in[3][i] = r;
    for (int k = 0; k < 9; k++)
        in[4 + k][i] = v[k];
    if (mode == 2 && tu_below(g, 16) == 0) {
        const int which = (int)tu_below(g, NIN);
        in[which][i] = which == 3 ? (tu_below(g, 2) ? -0.5f : 4096.5f) : bad_value(g);
    }
}

static int reported;
static void report_pair(const char *what, uint64_t seed, const char *isa, float *const *in,
                        size_t i, float *const *ro, const uint32_t *rf, float *const *no,
                        const uint32_t *nf)
{
    if (reported++ > 8)
        return;
    fprintf(stderr, "%s: seed=%" PRIu64 " isa=%s pair=%zu\n  sphere %a %a %a r=%a\n"
                    "  tri %a %a %a | %a %a %a | %a %a %a\n", what, seed, isa, i,
            in[0][i], in[1][i], in[2][i], in[3][i], in[4][i], in[5][i], in[6][i], in[7][i],
            in[8][i], in[9][i], in[10][i], in[11][i], in[12][i]);
    fprintf(stderr, "  ref q=%a %a %a depth=%a push=%a %a %a flags=%#x\n", ro[0][i], ro[1][i],
            ro[2][i], ro[3][i], ro[4][i], ro[5][i], ro[6][i], rf[i]);
    if (no)
        fprintf(stderr, "  new q=%a %a %a depth=%a push=%a %a %a flags=%#x\n", no[0][i],
                no[1][i], no[2][i], no[3][i], no[4][i], no[5][i], no[6][i], nf[i]);
}

static int pair_valid(float *const *in, size_t i)
{
    for (int k = 0; k < NIN; k++)
        if (k != 3 && !(fabsf(in[k][i]) <= HORDE_SPHERE_TRI_MAX_COORD))
            return 0;
    return in[3][i] >= 0 && in[3][i] <= HORDE_SPHERE_TRI_MAX_RADIUS;
}

static double worst_err; /* largest error / tolerance seen */
static size_t n_overlap, n_degen, n_region[3];

/* The reference against double precision and against sphere_tri.h's contract. */
static void check_ref(uint64_t seed, float *const *in, float *const *o, const uint32_t *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!pair_valid(in, i)) {
            int ok = f[i] == HORDE_FLAG_INVALID && o[3][i] == -INFINITY; /* depth */
            for (int k = 0; k < NOUT; k++)
                ok &= k == 3 || tg_bits(o[k][i]) == 0;
            CHECK(ok, "invalid pair %zu not reported as documented (flags %#x)", i, f[i]);
            continue;
        }
        float v[9], pf[3] = {in[0][i], in[1][i], in[2][i]};
        for (int k = 0; k < 9; k++)
            v[k] = in[4 + k][i];
        const double p[3] = {pf[0], pf[1], pf[2]}, r = in[3][i];
        double qd[3], qq[3];
        const double dist = sqrt(tg_closest_d(p, v, qd));
        const double qref[3] = {o[0][i], o[1][i], o[2][i]};
        const double dref = sqrt((p[0] - qref[0]) * (p[0] - qref[0]) + (p[1] - qref[1]) * (p[1] - qref[1]) +
                                 (p[2] - qref[2]) * (p[2] - qref[2]));
        const double qoff = sqrt(tg_closest_d(qref, v, qq)); /* Q_ref on the triangle? */
        const int degen = (f[i] & HORDE_FLAG_DEGENERATE) != 0;
        const double L = tg_longest(v), H = tg_height(v);
        const double tol = TOL_S * tg_scale(v, pf) + (H > 0 ? TOL_SLIVER * L * L / H : 0.0) +
                           (degen ? H : 0.0);
        const double err = fmax(fabs(dref - dist), qoff);
        worst_err = fmax(worst_err, err / tol);
        const int regions = !!(f[i] & HORDE_FLAG_FACE) + !!(f[i] & HORDE_FLAG_EDGE) + !!(f[i] & HORDE_FLAG_VERTEX);
        const int over = (f[i] & HORDE_FLAG_OVERLAP) != 0;
        int ok = err <= tol && regions == 1 && !(f[i] & HORDE_FLAG_INVALID);
        ok &= over == (dref < r) || fabs(dist - r) <= tol; /* flag follows d.d < r*r */
        ok &= fabs((double)o[3][i] - (r - dref)) <= tol;
        /* The push takes the sphere to touching. */
        const double push[3] = {o[4][i], o[5][i], o[6][i]};
        if (over) {
            const double pp[3] = {p[0] + push[0], p[1] + push[1], p[2] + push[2]};
            const double after = sqrt(tg_closest_d(pp, v, qq));
            ok &= fabs(after - r) <= 2 * tol + 1e-6 * r;
            n_overlap++;
        } else {
            ok &= push[0] == 0 && push[1] == 0 && push[2] == 0;
        }
        n_degen += degen;
        n_region[(f[i] & HORDE_FLAG_FACE) ? 0 : (f[i] & HORDE_FLAG_EDGE) ? 1 : 2]++;
        if (!ok) {
            report_pair("REFERENCE vs double", seed, "scalar", in, i, o, f, NULL, NULL);
            CHECK(0, "pair %zu: dist ref %.9g exact %.9g (tol %.3g, Q off %.3g) r %.9g flags %#x",
                  i, dref, dist, tol, qoff, r, f[i]);
            if (tu_failures > 20)
                exit(tu_finish("checkasm_sphere_tri"));
        }
    }
}

static void report_mismatch(uint64_t seed, const char *isa, float *const *in, size_t i, float *const *ro,
                            const uint32_t *rf, float *const *no, const uint32_t *nf)
{
    report_pair("MISMATCH", seed, isa, in, i, ro, rf, no, nf);
}

static void test_pairs(uint64_t seed, size_t total)
{
    /* In place (at most 2000 pairs): q over the centre, depth over r, push over A. */
    const ca_io_test t = {"pairs", pairs_call, 40, 3000, NIN, NOUT, 2000, seed, report_mismatch};
    const size_t chunk = 65536;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, chunk), CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&alias, chunk);
    tu_rng g = {seed};
    size_t per_isa[HORDE_ISA_COUNT] = {0};
    for (size_t done = 0, pass = 0; done < total; pass++) {
        const size_t n = total - done < chunk ? total - done : chunk;
        const int mode = (int)(pass % 3);
        for (size_t i = 0; i < n; i++)
            gen_pair(&g, mode, in.in, i);
        CHECK(pairs_call(HORDE_ISA_SCALAR, in.in, ref.out, ref.flags, 0, n) == HORDE_OK, "scalar status");
        check_ref(seed, in.in, ref.out, ref.flags, n);
        ca_io_backends(&t, &g, in.in, in.out, in.flags, alias.in, alias.flags, ref.out, ref.flags, n, per_isa);
        done += n;
    }
    ca_summary(per_isa, "pairs");
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
}

/* ---- movers x lists --------------------------------------------------------------------- */
typedef struct {
    float *o[8]; /* push xyz, depth, q xyz, (unused) */
    uint32_t *tri, *flags;
} list_out_arrays;

/* Spheres off .. off + n - 1 (sx, sy, sz, sr and offsets at off), outputs into a at off. */
static horde_sphere_tri_list_batch lbatch_of(const float *sx, const float *sy, const float *sz,
                                             const float *sr, const uint32_t *offsets,
                                             const uint32_t *indices, const list_out_arrays *a,
                                             size_t off, size_t n)
{
    horde_sphere_tri_list_batch b = {sx + off, sy + off, sz + off, sr + off, offsets + off, indices,
                                     a->o[0] + off, a->o[1] + off, a->o[2] + off, a->tri + off,
                                     a->o[3] + off, a->o[4] + off, a->o[5] + off, a->o[6] + off,
                                     a->flags + off, n};
    return b;
}
static int lout_same(const list_out_arrays *a, const list_out_arrays *b, size_t n, size_t *first)
{
    for (size_t i = 0; i < n; i++) {
        int d = a->tri[i] != b->tri[i] || a->flags[i] != b->flags[i];
        for (int k = 0; k < 7; k++)
            d |= tg_bits(a->o[k][i]) != tg_bits(b->o[k][i]);
        if (d) {
            *first = i;
            return 0;
        }
    }
    return 1;
}

static void test_lists(uint64_t seed, size_t total_spheres)
{
    const size_t soup_n = 4096, chunk = 16384, max_list = 12;
    arrays soup;
    CA_ALLOC_ARRAYS(&soup, soup_n);
    tu_rng g = {seed ^ 0x5eedull};
    float *sx = malloc(chunk * 4), *sy = malloc(chunk * 4), *sz = malloc(chunk * 4), *sr = malloc(chunk * 4);
    uint32_t *offsets = malloc((chunk + 1) * 4), *indices = malloc(chunk * max_list * 4);
    list_out_arrays ref, got;
    CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&got, chunk);
    /* Pair results for the model fold. */
    arrays pr;
    CA_ALLOC_ARRAYS(&pr, max_list);
    size_t per_isa[HORDE_ISA_COUNT] = {0}, entries = 0;
    for (size_t done = 0, pass = 0; done < total_spheres; pass++) {
        const size_t n = total_spheres - done < chunk ? total_spheres - done : chunk;
        for (size_t i = 0; i < soup_n; i++)
            gen_pair(&g, (int)(pass % 3), soup.in, i); /* triangles (spheres unused) */
        offsets[0] = 0;
        for (size_t i = 0; i < n; i++) {
            const uint32_t cnt = tu_below(&g, 8) == 0 ? 0 : tu_below(&g, (uint32_t)max_list + 1);
            /* The sphere sits near the first listed triangle (about half overlap). */
            for (uint32_t k = 0; k < cnt; k++)
                indices[offsets[i] + k] = tu_below(&g, 64) == 0 ? (uint32_t)soup_n + tu_below(&g, 3)
                                                                : tu_below(&g, (uint32_t)soup_n);
            const uint32_t near = cnt ? indices[offsets[i]] % soup_n : tu_below(&g, (uint32_t)soup_n);
            sx[i] = soup.in[0][near], sy[i] = soup.in[1][near], sz[i] = soup.in[2][near];
            sr[i] = soup.in[3][near];
            if (tu_below(&g, 64) == 0)
                sx[i] = NAN;
            offsets[i + 1] = offsets[i] + cnt;
        }
        entries += offsets[n];
        horde_triangles st = TU_TRIS(soup.in + 4, 0, soup_n);
        horde_sphere_tri_list_batch rb = lbatch_of(sx, sy, sz, sr, offsets, indices, &ref, 0, n);
        CHECK(horde_sphere_tri_list_isa(HORDE_ISA_SCALAR, &st, &rb) == HORDE_OK, "list scalar status");
        /* Model: fold the pair kernel's results as sphere_tri.h describes. */
        for (size_t i = 0; i < n; i++) {
            const int valid = fabsf(sx[i]) <= HORDE_SPHERE_TRI_MAX_COORD && fabsf(sy[i]) <= HORDE_SPHERE_TRI_MAX_COORD &&
                              fabsf(sz[i]) <= HORDE_SPHERE_TRI_MAX_COORD && sr[i] >= 0 && sr[i] <= HORDE_SPHERE_TRI_MAX_RADIUS;
            if (!valid) {
                int ok = ref.flags[i] == HORDE_FLAG_INVALID && ref.tri[i] == HORDE_NONE &&
                         ref.o[3][i] == -INFINITY; /* depth */
                for (int c = 0; c < 7; c++)
                    ok &= c == 3 || tg_bits(ref.o[c][i]) == 0;
                CHECK(ok, "list: invalid sphere %zu not reported as documented (flags %#x)", i, ref.flags[i]);
                continue;
            }
            uint32_t m = 0, flags = 0, bidx = HORDE_NONE, bfl = 0;
            uint32_t map[16];
            for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
                const uint32_t idx = indices[k];
                int tv = idx < soup_n; /* the triangle alone (the generator's sphere is unused) */
                for (int c = 4; tv && c < NIN; c++)
                    tv &= fabsf(soup.in[c][idx]) <= HORDE_SPHERE_TRI_MAX_COORD;
                if (!tv) {
                    flags |= HORDE_FLAG_SKIPPED;
                    continue;
                }
                pr.in[0][m] = sx[i], pr.in[1][m] = sy[i], pr.in[2][m] = sz[i], pr.in[3][m] = sr[i];
                for (int c = 4; c < NIN; c++)
                    pr.in[c][m] = soup.in[c][idx];
                map[m++] = idx;
            }
            pairs_call(HORDE_ISA_SCALAR, pr.in, pr.out, pr.flags, 0, m);
            double pos[3] = {0, 0, 0}, neg[3] = {0, 0, 0};
            float best = -INFINITY, bq[3] = {0, 0, 0};
            for (uint32_t j = 0; j < m; j++) {
                if (pr.out[3][j] > best)
                    best = pr.out[3][j], bidx = map[j],
                    bfl = pr.flags[j] & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX | HORDE_FLAG_DEGENERATE),
                    bq[0] = pr.out[0][j], bq[1] = pr.out[1][j], bq[2] = pr.out[2][j];
                if (pr.flags[j] & HORDE_FLAG_OVERLAP) {
                    flags |= HORDE_FLAG_OVERLAP;
                    for (int c = 0; c < 3; c++)
                        pos[c] = fmax(pos[c], pr.out[4 + c][j]), neg[c] = fmin(neg[c], pr.out[4 + c][j]);
                }
            }
            int ok = ref.tri[i] == bidx && ref.flags[i] == (flags | bfl) &&
                     tg_bits(ref.o[3][i]) == tg_bits(best);
            for (int c = 0; c < 3; c++)
                ok &= ref.o[c][i] == (float)(pos[c] + neg[c]) && tg_bits(ref.o[4 + c][i]) == tg_bits(bq[c]);
            CHECK(ok, "list reference vs pair fold: seed=%" PRIu64 " sphere %zu (%a %a %a r=%a): "
                      "tri %u/%u flags %#x/%#x", seed, i, sx[i], sy[i], sz[i], sr[i],
                  ref.tri[i], bidx, ref.flags[i], flags | bfl);
        }
        TU_FOR_EACH_BACKEND(isa) {
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 20, 700);
                horde_sphere_tri_list_batch bb = lbatch_of(sx, sy, sz, sr, offsets, indices, &got, off, len);
                CHECK(horde_sphere_tri_list_isa((horde_isa)isa, &st, &bb) == HORDE_OK, "list status");
                off += len;
            }
            size_t first = 0;
            if (!lout_same(&got, &ref, n, &first)) {
                CHECK(0, "list: %s differs from scalar at sphere %zu (seed=%" PRIu64 ") sphere %a %a %a r=%a "
                         "tri %u/%u flags %#x/%#x depth %a/%a", horde_isa_name((horde_isa)isa), first, seed,
                      sx[first], sy[first], sz[first], sr[first], got.tri[first], ref.tri[first],
                      got.flags[first], ref.flags[first], got.o[3][first], ref.o[3][first]);
            } else {
                tu_checks++;
            }
            per_isa[isa] += n;
        }
        done += n;
    }
    ca_summary(per_isa, "spheres");
    printf("  lists: %zu entries\n", entries);
    free(sx), free(sy), free(sz), free(sr), free(offsets), free(indices);
    CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&got), CA_FREE_ARRAYS(&soup), CA_FREE_ARRAYS(&pr);
}

CHECKASM_TEST(sphere_tri_pairs)
{
    ca_banner("sphere_tri_pairs", opts, "pairs");
    test_pairs(opts->seed, opts->items);
    printf("  reference vs double: worst error / tolerance %.3g; overlapping %zu, degenerate %zu, "
           "face %zu, edge %zu, vertex %zu\n", worst_err, n_overlap, n_degen, n_region[0], n_region[1],
           n_region[2]);
    return tu_finish("checkasm_sphere_tri_pairs");
}

/* Lists: a fifth as many spheres as pairs, each with up to a few dozen triangles. */
CHECKASM_TEST(sphere_tri_list)
{
    ca_banner("sphere_tri_list", opts, "spheres (items / 5)");
    test_lists(opts->seed, opts->items / 5);
    return tu_finish("checkasm_sphere_tri_list");
}
