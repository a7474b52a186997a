/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_sweep_sphere_tri: every compiled backend runs the
 * inputs the scalar reference runs and must return identical bits (memcmp on every output).
 * Inputs: spheres and ellipsoids near random / grid / degenerate / sliver / big / tiny
 * triangles, sweeps aimed at faces, edges and vertices, zero-length sweeps, sweeps
 * parallel to the plane (grazing at distance 1 and inside the slab), movers already
 * overlapping, invalid values; random batch sizes, unaligned arrays, outputs aliasing
 * inputs.
 *
 * The reference is checked against an independent double-precision model: in unit-sphere
 * space the distance from the moving centre to the triangle, g(t) = dist(C(t), T) - 1, is
 * convex in t (distance to a convex set along a line), so the first contact is found by
 * ternary search for the minimum and bisection, without Fauerby's feature cases. With
 * tolerance tol (2^-15 (S + |V| + 1) + 2^-21 |P|/R + 2^-21 L^2/H in unit space, + H for
 * degenerate triangles; S = largest unit-space coordinate, L, H = longest edge and height) the reference must satisfy: a hit at t has |g(t)| <= tol and
 * g >= -tol on [0, t]; no hit means g >= -tol on [0, 1]; a start inside means g(0) < tol;
 * the contact lies within tol of the triangle and 1 + tol of the centre at t; the normal
 * is a unit vector.
 *
 * Run: checkasm --test=sweep_sphere_tri [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "checkasm.h"
#include "tri_gen.h"

enum { NIN = 18, NOUT = 7 };

typedef CA_IO_ARRAYS(NIN, NOUT) arrays;

/* Movers off .. off + n - 1 on isa (ca_io_call): movers from in[0 .. 8], triangles from
 * in[9 .. 17], outputs into o[0 .. 6] and f. */
static int sweep_call(horde_isa isa, float *const *in, float *const *o, uint32_t *f, size_t off, size_t n)
{
    const horde_triangles t = TU_TRIS(in + 9, off, n);
    const horde_sweep_sphere_tri_batch b = {in[0] + off, in[1] + off, in[2] + off, in[3] + off,
                                            in[4] + off, in[5] + off, in[6] + off, in[7] + off,
                                            in[8] + off, o[0] + off,  o[1] + off,  o[2] + off,
                                            o[3] + off,  o[4] + off,  o[5] + off,  o[6] + off,
                                            f + off,     n};
    return horde_sweep_sphere_tri_isa(isa, &t, &b);
}

static void gen(tu_rng *g, int mode, float *const *in, size_t i)
{
    float v[9], q[3], d[3], p[3], D[3], R[3];
    int feature;
    const int kind = (int)tu_below(g, 10) < 5 ? TG_RANDOM : (int)tu_below(g, TG_KINDS);
    tg_triangle(g, kind, v);
    tg_on_triangle(g, v, q, &feature);
    const float L = (float)tg_longest(v) + 0x1p-8f;
    if (tu_below(g, 2)) {
        R[0] = R[1] = R[2] = L * exp2f(tu_uniform(g, -4.0f, 0.0f));
    } else {
        for (int k = 0; k < 3; k++)
            R[k] = L * exp2f(tu_uniform(g, -5.0f, 0.0f));
    }
    for (int k = 0; k < 3; k++)
        R[k] = fminf(fmaxf(R[k], HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS), HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS);
    /* Start: off the feature by 0 .. 3 radii. */
    tg_dir(g, d);
    const float off = tu_uniform(g, 0.0f, 4.0f);
    for (int k = 0; k < 3; k++)
        p[k] = q[k] + d[k] * R[k] * off;
    /* Displacement: at a point near the triangle, random, zero, or parallel to it. */
    float aim[3], target[3];
    tg_on_triangle(g, v, target, &feature);
    tg_dir(g, aim);
    const float miss = tu_uniform(g, 0.0f, 2.0f), len = tu_uniform(g, 0.3f, 2.5f);
    for (int k = 0; k < 3; k++)
        D[k] = (target[k] + aim[k] * R[k] * miss - p[k]) * len;
    const int sweep = mode == 1 ? (int)tu_below(g, 5) : 0;
    if (sweep == 1) {
        D[0] = D[1] = D[2] = 0.0f; /* zero-length */
    } else if (sweep == 2 || sweep == 3) { /* parallel to the plane (grazing when 3) */
        const double ab[3] = {(double)v[3] - v[0], (double)v[4] - v[1], (double)v[5] - v[2]};
        const double ac[3] = {(double)v[6] - v[0], (double)v[7] - v[1], (double)v[8] - v[2]};
        double n[3];
        tg_cross(ab, ac, n);
        const double nl = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (nl > 0 && R[0] == R[1] && R[1] == R[2]) {
            double dn = 0;
            for (int k = 0; k < 3; k++)
                n[k] /= nl, dn += D[k] * n[k];
            for (int k = 0; k < 3; k++)
                D[k] = (float)(D[k] - dn * n[k]);
            if (sweep == 3) /* start exactly one radius off the plane through q */
                for (int k = 0; k < 3; k++)
                    p[k] = (float)(q[k] + n[k] * R[0]) - D[k] * 0.5f;
        }
    } else if (sweep == 4) {
        tg_dir(g, D);
        for (int k = 0; k < 3; k++)
            D[k] *= L * tu_uniform(g, 0.0f, 3.0f);
    }
    for (int k = 0; k < 3; k++) {
        in[k][i] = p[k], in[3 + k][i] = D[k], in[6 + k][i] = R[k];
        if (!(fabsf(in[k][i]) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD))
            in[k][i] = copysignf(HORDE_SWEEP_SPHERE_TRI_MAX_COORD, in[k][i]);
        if (!(fabsf(in[3 + k][i]) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD))
            in[3 + k][i] = 0.0f;
    }
    for (int k = 0; k < 9; k++)
        in[9 + k][i] = v[k];
    if (mode == 2 && tu_below(g, 16) == 0) {
        static const float bad[] = {NAN, -INFINITY, INFINITY, 65536.01f, -1e20f};
        static const float badr[] = {0.0f, 0.0078125f, -1.0f, 4097.0f, NAN};
        const int which = (int)tu_below(g, NIN);
        in[which][i] = (which >= 6 && which < 9) ? badr[tu_below(g, 5)] : bad[tu_below(g, 5)];
    }
}

static int valid_input(float *const *in, size_t i)
{
    for (int k = 0; k < NIN; k++) {
        const float x = in[k][i];
        if (k >= 6 && k < 9) {
            if (!(x >= HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS && x <= HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS))
                return 0;
        } else if (!(fabsf(x) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD)) {
            return 0;
        }
    }
    return 1;
}

/* Unit-space model. */
typedef struct {
    float tri[9];      /* unit-space triangle, rounded to float for tg_closest_d */
    double v[3];       /* unit-space velocity */
} model;

static double gdist(const model *m, double t)
{
    const double c[3] = {m->v[0] * t, m->v[1] * t, m->v[2] * t};
    double q[3];
    return sqrt(tg_closest_d(c, m->tri, q)) - 1.0;
}
static double gmin(const model *m, double lo, double hi, double *arg)
{
    for (int it = 0; it < 100; it++) {
        const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (gdist(m, a) <= gdist(m, b))
            hi = b;
        else
            lo = a;
    }
    *arg = 0.5 * (lo + hi);
    const double e0 = gdist(m, *arg);
    return e0;
}

static int reported;
static double worst;
static size_t n_hit, n_inside, n_face, n_edge, n_vertex;

static void check_ref(uint64_t seed, float *const *in, float *const *o, const uint32_t *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!valid_input(in, i)) {
            int ok = f[i] == HORDE_FLAG_INVALID && o[0][i] == 1.0f; /* t: a miss */
            for (int k = 1; k < NOUT; k++)
                ok &= tg_bits(o[k][i]) == 0;
            CHECK(ok, "invalid input %zu not reported as documented (flags %#x)", i, f[i]);
            continue;
        }
        model m;
        double P[3], R[3];
        for (int k = 0; k < 3; k++) {
            P[k] = in[k][i], R[k] = in[6 + k][i];
            m.v[k] = in[3 + k][i] / R[k];
        }
        double S = 1, vl = sqrt(m.v[0] * m.v[0] + m.v[1] * m.v[1] + m.v[2] * m.v[2]);
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                m.tri[3 * j + k] = (float)((in[9 + 3 * j + k][i] - P[k]) / R[k]);
                S = fmax(S, fabs(m.tri[3 * j + k]));
            }
        /* Tolerance in unit space: the float unit-space transform and the arithmetic. */
        double ab[3], ac[3], nrm[3];
        for (int k = 0; k < 3; k++)
            ab[k] = (double)m.tri[3 + k] - m.tri[k], ac[k] = (double)m.tri[6 + k] - m.tri[k];
        tg_cross(ab, ac, nrm);
        const double Lu = tg_longest(m.tri);
        const double Hu = Lu > 0 ? sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]) / Lu : 0;
        const int degen = (f[i] & HORDE_FLAG_DEGENERATE) != 0;
        double W = 0; /* world coordinates' rounding, seen in unit space */
        for (int k = 0; k < 3; k++)
            W = fmax(W, fabs(P[k]) / R[k]);
        const double tol = 0x1p-15 * (S + vl + 1) + 0x1p-21 * W + (Hu > 0 ? 0x1p-21 * Lu * Lu / Hu : 0) +
                           (degen ? Hu : 0);
        const int hit = (f[i] & HORDE_FLAG_HIT) != 0;
        const double t = o[0][i];
        int ok = !(f[i] & HORDE_FLAG_INVALID) && t >= 0 && t <= 1;
        double err = 0;
        if (f[i] & HORDE_FLAG_STARTED_INSIDE) {
            ok &= hit && t == 0 && gdist(&m, 0) < tol;
            n_inside++;
        } else if (hit) {
            double arg;
            const double gt = gdist(&m, t);
            const double before = t > 0 ? gmin(&m, 0, t, &arg) : gt;
            err = fmax(fabs(gt), -before);
            ok &= fabs(gt) <= tol && before >= -tol;
        } else {
            double arg;
            const double mn = gmin(&m, 0, 1, &arg);
            err = fmax(0, -mn);
            ok &= mn >= -tol && t == 1;
        }
        if (hit) {
            n_hit++;
            n_face += !!(f[i] & HORDE_FLAG_FACE), n_edge += !!(f[i] & HORDE_FLAG_EDGE);
            n_vertex += !!(f[i] & HORDE_FLAG_VERTEX);
            const int regions = !!(f[i] & HORDE_FLAG_FACE) + !!(f[i] & HORDE_FLAG_EDGE) + !!(f[i] & HORDE_FLAG_VERTEX);
            double cu[3], q[3], cen[3], dc = 0;
            for (int k = 0; k < 3; k++) {
                cu[k] = (o[1 + k][i] - P[k]) / R[k];
                cen[k] = m.v[k] * t;
                dc += (cen[k] - cu[k]) * (cen[k] - cu[k]);
            }
            const double on = sqrt(tg_closest_d(cu, m.tri, q));
            const double nl = sqrt((double)o[4][i] * o[4][i] + (double)o[5][i] * o[5][i] + (double)o[6][i] * o[6][i]);
            ok &= regions == 1 && on <= 2 * tol && sqrt(dc) <= 1 + 2 * tol && fabs(nl - 1) < 1e-5;
            err = fmax(err, on);
        } else {
            ok &= !(f[i] & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX | HORDE_FLAG_STARTED_INSIDE));
            for (int k = 1; k < NOUT; k++)
                ok &= o[k][i] == 0;
        }
        worst = fmax(worst, err / tol);
        if (!ok) {
            if (reported++ < 8)
                fprintf(stderr, "REFERENCE vs model: seed=%" PRIu64 " pair %zu\n  P %a %a %a D %a %a %a R %a %a %a\n"
                                "  tri %a %a %a | %a %a %a | %a %a %a\n  t=%a c=%a %a %a n=%a %a %a flags=%#x "
                                "g(0)=%.6g g(t)=%.6g tol=%.3g\n",
                        seed, i, in[0][i], in[1][i], in[2][i], in[3][i], in[4][i], in[5][i], in[6][i],
                        in[7][i], in[8][i], in[9][i], in[10][i], in[11][i], in[12][i], in[13][i], in[14][i],
                        in[15][i], in[16][i], in[17][i], o[0][i], o[1][i], o[2][i], o[3][i], o[4][i],
                        o[5][i], o[6][i], f[i], gdist(&m, 0), gdist(&m, t), tol);
            CHECK(0, "sweep reference vs model, pair %zu", i);
            if (tu_failures > 20)
                exit(tu_finish("checkasm_sweep_sphere_tri"));
        }
    }
}

static void report_mismatch(uint64_t seed, const char *isa, float *const *in, size_t i, float *const *ro,
                            const uint32_t *rf, float *const *no, const uint32_t *nf)
{
    fprintf(stderr, "MISMATCH seed=%" PRIu64 " isa=%s pair %zu\n  P %a %a %a D %a %a %a R %a %a %a\n"
                    "  tri %a %a %a | %a %a %a | %a %a %a\n"
                    "  ref t=%a c=%a %a %a n=%a %a %a f=%#x\n  new t=%a c=%a %a %a n=%a %a %a f=%#x\n",
            seed, isa, i, in[0][i], in[1][i], in[2][i], in[3][i], in[4][i], in[5][i], in[6][i], in[7][i], in[8][i],
            in[9][i], in[10][i], in[11][i], in[12][i], in[13][i], in[14][i], in[15][i], in[16][i], in[17][i],
            ro[0][i], ro[1][i], ro[2][i], ro[3][i], ro[4][i], ro[5][i], ro[6][i], rf[i], no[0][i], no[1][i],
            no[2][i], no[3][i], no[4][i], no[5][i], no[6][i], nf[i]);
}

CHECKASM_TEST(sweep_sphere_tri)
{
    CA_BEGIN(sweep_sphere_tri, total);
    const size_t chunk = 65536, model_every = 8; /* the model checks 1 pair in 8 */
    /* In place (at most 2000 sweeps): t over x, contact over y, z, dx, normal over dy, dz, rx. */
    const ca_io_test t = {"sweep", sweep_call, 40, 3000, NIN, NOUT, 2000, seed, report_mismatch};
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, chunk), CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&alias, chunk);
    for (size_t done = 0, pass = 0; done < total; pass++) {
        const size_t n = total - done < chunk ? total - done : chunk;
        for (size_t i = 0; i < n; i++)
            gen(&g, (int)(pass % 3), in.in, i);
        CHECK(sweep_call(HORDE_ISA_SCALAR, in.in, ref.out, ref.flags, 0, n) == HORDE_OK, "scalar status");
        /* The model on a subset (it is slow): every model_every-th pair. */
        for (size_t i = pass % model_every; i < n; i += model_every) {
            float *mi[NIN], *mo[NOUT];
            for (int k = 0; k < NIN; k++)
                mi[k] = in.in[k] + i;
            for (int k = 0; k < NOUT; k++)
                mo[k] = ref.out[k] + i;
            check_ref(seed, mi, mo, ref.flags + i, 1);
        }
        ca_io_backends(&t, &g, in.in, in.out, in.flags, alias.in, alias.flags, ref.out, ref.flags, n, per_isa);
        done += n;
    }
    ca_summary(per_isa, "sweeps");
    printf("  reference vs model (1 in %zu): worst error / tolerance %.3g; hits %zu (started inside %zu, "
           "face %zu, edge %zu, vertex %zu)\n", model_every, worst, n_hit, n_inside, n_face, n_edge, n_vertex);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_sweep_sphere_tri");
}
