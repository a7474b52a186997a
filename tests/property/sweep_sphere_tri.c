/* SPDX-License-Identifier: MIT */
/* Property test of horde_sweep_sphere_tri's accuracy against an independent
 * double-precision model written from sweep_sphere_tri.h (first contact of a sphere moving
 * from P by D with the triangle: the earliest t in [0, 1] at which its distance to the
 * triangle, computed in double by tests/support/tri_gen.h, reaches R; face, edges and
 * vertices solved separately in world space, not in unit space).
 *
 * Spheres are aimed so that the sweep touches a face, an edge or a vertex at a random
 * time, with small fast movers against big triangles (|D| / R up to 2^12), and must keep
 * the header's bound (sweep_sphere_tri.h, "Accuracy"):
 *   1. a HIT that did not start inside: at the reported t the centre is R from the
 *      triangle within HORDE_TEST_SWEEP_K * u * (1 + (|D| + |P - X|max) / R) radii, u = 2^-24
 *      (t itself is a float: it cannot place the centre better than u |D|);
 *      (As the distance is convex along the path, no earlier t can be closer than
 *      that: a grazing path may report a later t than the model's, at the same distance.)
 *      On a degenerate triangle (edges only) 2^12 times that; a start reported inside
 *      is at most R (1 + K u (1 + |P - X|max / R) / sine of the largest angle) away.
 *   2. a sweep whose path reaches clearly into the triangle (the model's closest
 *      approach is below R (1 - 2^-8)) before t = 0.999 is a HIT.
 * Then aimed slivers (valid triangles whose largest angle's sine is 2^-12 to 2^-6.6),
 * face contacts from either side, checked once per sweep after comparing every backend's
 * bits with the scalar reference's; they run items / 8 sweeps.
 * Every backend is checked (they equal scalar; checkasm proves it at length).
 *
 * Usage: property_sweep_sphere_tri [--items=N] [--seed=N]; default 1,000,000 aimed
 * sweeps per backend, or HORDE_CHECKASM_ITEMS. */
#include <inttypes.h>

#include "tri_gen.h"

#define HORDE_TEST_SWEEP_K 8.0
enum { BATCH = 256 };

/* Distance from p to triangle v (double). */
static double dist_to(const double p[3], const float v[9])
{
    double q[3];
    return sqrt(tg_closest_d(p, v, q));
}

/* The model: the earliest t in [0, 1] with distance(P + D t) <= R, by bisection on a
 * fine scan of the distance along the path (the distance to a convex set is convex in
 * t, so its sublevel set is an interval: scan for its first point, then bisect). Also
 * the smallest distance along the path. Returns 1 if the path reaches R. */
static int model_first(const double P[3], const double D[3], double R, const float v[9], double *t_first,
                       double *closest)
{
    /* Convex in t: ternary search for the minimum, then bisect [0, t_min] for R. */
    double lo = 0, hi = 1;
    for (int it = 0; it < 200; it++) {
        const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        double p1[3], p2[3];
        for (int k = 0; k < 3; k++)
            p1[k] = P[k] + D[k] * m1, p2[k] = P[k] + D[k] * m2;
        if (dist_to(p1, v) <= dist_to(p2, v))
            hi = m2;
        else
            lo = m1;
    }
    const double tmin = 0.5 * (lo + hi);
    double pm[3];
    for (int k = 0; k < 3; k++)
        pm[k] = P[k] + D[k] * tmin;
    *closest = dist_to(pm, v);
    if (*closest > R)
        return 0;
    double a = 0, b = tmin;
    for (int it = 0; it < 200; it++) {
        const double m = 0.5 * (a + b);
        double p[3];
        for (int k = 0; k < 3; k++)
            p[k] = P[k] + D[k] * m;
        if (dist_to(p, v) <= R)
            b = m;
        else
            a = m;
    }
    *t_first = b;
    return 1;
}

/* The sine of the triangle's largest angle (between its two shorter edges), in double
 * from the float vertices, at least 2^-12 (a degenerate triangle's): sphere_tri.h's float
 * normal points only about 2^-24 / sine off, which is how far its closest point, and so
 * the sweep's start test, can be off (sweep_sphere_tri.h, "Accuracy"). */
static double sine_largest(const float v[9]) { return fmin(fmax(tg_sine_largest(v, 0.0), 0x1p-12), 1.0); }

/* How far beyond R a start that the sweep reports as inside may be, in radii
 * (sweep_sphere_tri.h, "Accuracy"): 8 u (1 + |P - X|max / R) / sine. */
static double start_slack(const double P[3], double R, const float v[9])
{
    double pv = 0;
    for (int j = 0; j < 3; j++) {
        const double dx = v[3 * j] - P[0], dy = v[3 * j + 1] - P[1], dz = v[3 * j + 2] - P[2];
        pv = fmax(pv, sqrt(dx * dx + dy * dy + dz * dz));
    }
    return HORDE_TEST_SWEEP_K * 0x1p-24 * (1 + pv / R) / sine_largest(v);
}

typedef struct {
    float x[3][BATCH], d[3][BATCH], r[BATCH], v[9][BATCH];
    float t[BATCH], c[3][BATCH], n[3][BATCH];
    uint32_t f[BATCH];
} batch;

/* A sweep aimed to touch a random point of the triangle (a vertex, an edge point or a
 * face point) at time th, arriving from a random side. */
static void aim(tu_rng *g, batch *b, int i)
{
    float v[9], q[3], dir[3], out[3];
    int feature;
    tg_triangle(g, tu_below(g, 3) ? TG_RANDOM : TG_GRID, v);
    tg_on_triangle(g, v, q, &feature);
    const float R = exp2f(tu_uniform(g, -6.0f, 0.0f));
    const float ratio = exp2f(tu_uniform(g, 0.0f, 12.0f)); /* |D| / R */
    tg_dir(g, dir);
    tg_dir(g, out);
    if (out[0] * dir[0] + out[1] * dir[1] + out[2] * dir[2] > 0) /* arrive against out */
        for (int k = 0; k < 3; k++)
            out[k] = -out[k];
    const float th = tu_uniform(g, 0.05f, 0.95f);
    for (int k = 0; k < 3; k++) {
        const float D = dir[k] * R * ratio;
        const float at = q[k] - out[k] * R; /* centre at contact, roughly */
        b->d[k][i] = D;
        b->x[k][i] = at - D * th;
    }
    b->r[i] = R;
    for (int k = 0; k < 9; k++)
        b->v[k][i] = v[k];
}

static long hits, deep_paths;
static double worst_ratio;

static void check_one(horde_isa isa, const batch *b, int i)
{
    float v[9];
    for (int k = 0; k < 9; k++)
        v[k] = b->v[k][i];
    const double P[3] = {b->x[0][i], b->x[1][i], b->x[2][i]}, D[3] = {b->d[0][i], b->d[1][i], b->d[2][i]};
    const double R = b->r[i];
    if (dist_to(P, v) <= R * (1 + 0x1p-10)) /* starts inside or touching: not this test */
        return;
    const double dl = sqrt(D[0] * D[0] + D[1] * D[1] + D[2] * D[2]);
    double tf = 2, closest = 0;
    const int model_hit = model_first(P, D, R, v, &tf, &closest);
    const uint32_t f = b->f[i];
    if (f & HORDE_FLAG_HIT && f & HORDE_FLAG_STARTED_INSIDE) {
        CHECK(dist_to(P, v) <= R * (1 + start_slack(P, R, v)),
              "[%s] started inside, but the model starts %.9g away (R %.9g)", horde_isa_name(isa), dist_to(P, v), R);
    } else if (f & HORDE_FLAG_HIT) {
        double p[3];
        for (int k = 0; k < 3; k++)
            p[k] = P[k] + D[k] * (double)b->t[i];
        double pv = 0; /* the farthest vertex from P */
        for (int j = 0; j < 3; j++) {
            const double dx = v[3 * j] - P[0], dy = v[3 * j + 1] - P[1], dz = v[3 * j + 2] - P[2];
            pv = fmax(pv, sqrt(dx * dx + dy * dy + dz * dz));
        }
        const double scale = 0x1p-24 * (1 + (dl + pv) / R) * (f & HORDE_FLAG_DEGENERATE ? 0x1p12 : 1);
        const double err = fabs(dist_to(p, v) - R) / R;
        worst_ratio = fmax(worst_ratio, err / scale);
        hits++;
        CHECK(err <= HORDE_TEST_SWEEP_K * scale,
              "[%s] P (%a %a %a) D (%a %a %a) R %a tri (%a %a %a, %a %a %a, %a %a %a): t %a puts the centre "
              "%.3g radii off contact (bound %.3g; |D|/R %.0f) flags %#x",
              horde_isa_name(isa), P[0], P[1], P[2], D[0], D[1], D[2], R, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
              v[7], v[8], b->t[i], err, HORDE_TEST_SWEEP_K * scale, dl / R, f);
    }
    if (model_hit && closest < R * (1 - 0x1p-8) && tf < 0.999) {
        deep_paths++;
        CHECK(f & HORDE_FLAG_HIT,
              "[%s] P (%a %a %a) D (%a %a %a) R %a tri (%a %a %a, %a %a %a, %a %a %a): no hit, the model "
                 "touches at t %.9g and reaches %.9g radii deep",
              horde_isa_name(isa), P[0], P[1], P[2], D[0], D[1], D[2], R, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
              v[7], v[8], tf, 1 - closest / R);
    }
}

/* ---- slivers: face contacts on valid triangles whose largest angle is nearly flat ---- */

/* A sliver (sine of its largest angle log-uniform in [2^-12 (1 + 2^-6), 2^-6.6]; the
 * flat vertex anywhere from near one end of the longest edge to its middle; random
 * orientation and vertex order; edge 2^-3 to 2^8, near the origin or 60000 away) and a
 * sweep aimed at a random face point from either side, touching it at a random time
 * (the centre then is R along the normal from that point). */
static void aim_sliver(tu_rng *g, batch *b, int i)
{
    double u[3], w[3], c[3], x[3][3];
    float f[3];
    tg_dir(g, f);
    for (int k = 0; k < 3; k++)
        u[k] = f[k];
    double uw;
    do { /* w: a random direction across u */
        tg_dir(g, f);
        uw = f[0] * u[0] + f[1] * u[1] + f[2] * u[2];
        for (int k = 0; k < 3; k++)
            w[k] = f[k] - uw * u[k];
        uw = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    } while (uw < 0.1);
    const double span = tu_below(g, 4) ? 50.0 : 60000.0;
    for (int k = 0; k < 3; k++)
        w[k] /= uw, c[k] = tu_uniform(g, (float)-span, (float)span);
    const double L = exp2(tu_uniform(g, -3.0f, 8.0f));
    const double sine = exp2(tu_uniform(g, (float)log2(0x1p-12 * (1 + 0x1p-6)), -6.6f));
    const double lam = tu_below(g, 2) ? tu_uniform(g, 0.05f, 0.5f) : exp2(tu_uniform(g, -8.0f, -1.0f));
    const double h = sine * lam * (1 - lam) * L; /* the flat vertex's height over the edge */
    const int first = (int)tu_below(g, 3), flip = (int)tu_below(g, 2);
    for (int k = 0; k < 3; k++) {
        x[0][k] = c[k] - 0.5 * L * u[k];
        x[1][k] = c[k] + 0.5 * L * u[k];
        x[2][k] = x[0][k] + lam * L * u[k] + h * w[k];
    }
    float v[9];
    for (int j = 0; j < 3; j++) {
        const int src = flip ? (first + 3 - j) % 3 : (first + j) % 3;
        for (int k = 0; k < 3; k++)
            v[3 * j + k] = (float)x[src][k];
    }
    /* A face point (barycentric, inside), the unit normal (double, float vertices). */
    double e1[3], e2[3], n[3], q[3];
    double bu = tu_uniform(g, 0.0f, 1.0f), bv = tu_uniform(g, 0.0f, 1.0f);
    if (bu + bv > 1)
        bu = 1 - bu, bv = 1 - bv;
    for (int k = 0; k < 3; k++)
        e1[k] = (double)v[3 + k] - v[k], e2[k] = (double)v[6 + k] - v[k];
    tg_cross(e1, e2, n);
    const double nl = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) * (tu_below(g, 2) ? 1 : -1);
    for (int k = 0; k < 3; k++)
        n[k] /= nl, q[k] = v[k] + e1[k] * bu + e2[k] * bv;
    /* Arrive against n, from 5 degrees off the plane to head-on. */
    const float R = exp2f(tu_uniform(g, -6.0f, 2.0f));
    const float ratio = exp2f(tu_uniform(g, 0.0f, 12.0f)); /* |D| / R */
    double dir[3], dn;
    do {
        tg_dir(g, f);
        dn = f[0] * n[0] + f[1] * n[1] + f[2] * n[2];
    } while (fabs(dn) < 0.09);
    for (int k = 0; k < 3; k++)
        dir[k] = dn > 0 ? -f[k] : f[k];
    const float th = tu_uniform(g, 0.05f, 0.95f);
    for (int k = 0; k < 3; k++) {
        const float D = (float)(dir[k] * R * ratio);
        b->d[k][i] = D;
        b->x[k][i] = (float)(q[k] + n[k] * R - (double)D * th);
    }
    b->r[i] = R;
    for (int k = 0; k < 9; k++)
        b->v[k][i] = v[k];
}

/* Runs every backend on aimed slivers, checks that they agree bit for bit and, once per
 * sweep, the header's bounds (a hit that did not start inside; 2^12 times it on a
 * degenerate triangle; a start reported inside) and that a path reaching deep hits. */
static void slivers(uint64_t seed, size_t items)
{
    static batch b, ref;
    tu_rng g = {seed ^ 0x5117e75ull};
    long n = 0, face = 0, ndeg = 0, deep = 0, inside = 0;
    double worst[2] = {0, 0}, worst_in = 0;
    for (size_t done = 0; done < items && tu_failures < 20; done += BATCH) {
        for (int i = 0; i < BATCH; i++)
            aim_sliver(&g, &b, i);
        TU_FOR_EACH_BACKEND(isa) {
            horde_triangles t = TU_TRIS(b.v, 0, BATCH);
            const horde_sweep_sphere_tri_batch sb = {b.x[0], b.x[1], b.x[2], b.d[0], b.d[1], b.d[2], b.r, b.r, b.r,
                                                     b.t,    b.c[0],  b.c[1],  b.c[2],  b.n[0],  b.n[1],  b.n[2],
                                                     b.f,    BATCH};
            CHECK(horde_sweep_sphere_tri_isa(isa, &t, &sb) == HORDE_OK, "status");
            if (isa == HORDE_ISA_SCALAR)
                memcpy(&ref, &b, sizeof b);
            CHECK(!memcmp(ref.t, b.t, sizeof b.t) && !memcmp(ref.c, b.c, sizeof b.c) &&
                      !memcmp(ref.n, b.n, sizeof b.n) && !memcmp(ref.f, b.f, sizeof b.f),
                  "[%s] slivers: not the scalar reference's bits", horde_isa_name(isa));
        }
        for (int i = 0; i < BATCH; i++) {
            float v[9];
            for (int k = 0; k < 9; k++)
                v[k] = b.v[k][i];
            const double P[3] = {b.x[0][i], b.x[1][i], b.x[2][i]}, D[3] = {b.d[0][i], b.d[1][i], b.d[2][i]};
            const double R = b.r[i];
            const uint32_t f = b.f[i];
            const float *in[] = {b.x[0], b.x[1], b.x[2], b.d[0], b.d[1], b.d[2], b.r};
            int valid = !tu_outside_fp_policy(in, 7, (size_t)i);
            for (int k = 0; k < 3; k++) /* the start, far from the origin, may leave the range */
                valid &= fabs(P[k]) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD && fabs(D[k]) <= HORDE_SWEEP_SPHERE_TRI_MAX_COORD;
            if (!valid || dist_to(P, v) <= R * (1 + 0x1p-10))
                continue;
            if (!(f & HORDE_FLAG_HIT)) {
                double tf = 2, closest = 0;
                if (model_first(P, D, R, v, &tf, &closest) && closest < R * (1 - 0x1p-8) && tf < 0.999) {
                    deep++;
                    CHECK(0, "P (%a %a %a) D (%a %a %a) R %a tri (%a %a %a, %a %a %a, %a %a %a): sliver missed, the "
                             "model touches at t %.9g and reaches %.9g radii deep",
                          P[0], P[1], P[2], D[0], D[1], D[2], R, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                          tf, 1 - closest / R);
                }
                continue;
            }
            if (f & HORDE_FLAG_STARTED_INSIDE) {
                const double off = dist_to(P, v) / R - 1, slack = start_slack(P, R, v);
                inside++, worst_in = fmax(worst_in, off / slack);
                CHECK(off <= slack, "P (%a %a %a) R %a tri (%a %a %a, %a %a %a, %a %a %a): started inside, but the "
                                    "model starts %.3g radii beyond R (slack %.3g)",
                      P[0], P[1], P[2], R, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], off, slack);
                continue;
            }
            const double dl = sqrt(D[0] * D[0] + D[1] * D[1] + D[2] * D[2]);
            double p[3], pv = 0;
            for (int k = 0; k < 3; k++)
                p[k] = P[k] + D[k] * (double)b.t[i];
            for (int j = 0; j < 3; j++) {
                const double dx = v[3 * j] - P[0], dy = v[3 * j + 1] - P[1], dz = v[3 * j + 2] - P[2];
                pv = fmax(pv, sqrt(dx * dx + dy * dy + dz * dz));
            }
            const int degen = (f & HORDE_FLAG_DEGENERATE) != 0;
            const double scale = 0x1p-24 * (1 + (dl + pv) / R);
            const double err = fabs(dist_to(p, v) - R) / R;
            n++, face += (f & HORDE_FLAG_FACE) != 0, ndeg += degen;
            worst[degen] = fmax(worst[degen], err / scale);
            CHECK(err <= HORDE_TEST_SWEEP_K * scale * (degen ? 0x1p12 : 1),
                  "P (%a %a %a) D (%a %a %a) R %a tri (%a %a %a, %a %a %a, %a %a %a) (sine %.3g): t %a puts the "
                  "centre %.3g radii off contact (bound %.3g; |D|/R %.0f) flags %#x",
                  P[0], P[1], P[2], D[0], D[1], D[2], R, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                  sine_largest(v), b.t[i], err, HORDE_TEST_SWEEP_K * scale * (degen ? 0x1p12 : 1), dl / R, f);
        }
    }
    printf("  slivers       hits checked %ld (face %ld, degenerate %ld; deep misses %ld), worst error %.1f u (1 + "
           "(|D| + |P - X|max) / R) radii (bound %.0f), degenerate %.1f (bound 2^12 * %.0f); started inside %ld, "
           "worst %.2f of the start slack\n",
           n, face, ndeg, deep, worst[0], HORDE_TEST_SWEEP_K, worst[1], HORDE_TEST_SWEEP_K, inside, worst_in);
    CHECK(face > (long)items / 4, "the aimed slivers stopped hitting their faces");
}

int main(int argc, char **argv)
{
    uint64_t seed = 20261124;
    size_t items;
    /* The model costs ~1000 distance evaluations per sweep: check a sample of 1 in 16. */
    if (tu_property_start(argc, argv, "property_sweep_sphere_tri", "aimed sweeps",
                          " (1 in 16 checked against the model)", &seed, &items))
        return 2;
    static batch b;
    TU_FOR_EACH_BACKEND(isa) {
        tu_rng g = {seed};
        const int fails_before = tu_failures;
        hits = deep_paths = 0, worst_ratio = 0;
        for (size_t done = 0; done < items && tu_failures - fails_before < 20; done += BATCH) {
            for (int i = 0; i < BATCH; i++)
                aim(&g, &b, i);
            horde_triangles t = TU_TRIS(b.v, 0, BATCH);
            const horde_sweep_sphere_tri_batch sb = {b.x[0], b.x[1], b.x[2], b.d[0], b.d[1], b.d[2], b.r, b.r, b.r,
                                                     b.t, b.c[0], b.c[1], b.c[2], b.n[0], b.n[1], b.n[2], b.f, BATCH};
            CHECK(horde_sweep_sphere_tri_isa(isa, &t, &sb) == HORDE_OK, "status");
            for (int i = 0; i < BATCH; i += 16) {
                const int j = i + (int)((done / BATCH) % 16);
                const float *in[] = {b.x[0], b.x[1], b.x[2], b.d[0], b.d[1], b.d[2], b.r};
                if (!tu_outside_fp_policy(in, 7, (size_t)j))
                    check_one(isa, &b, j);
            }
        }
        printf("  %-13s hits checked %ld (paths reaching deep %ld), worst error %.1f u (1 + (|D| + |P - X|max) / R) "
               "radii (bound %.0f)\n", horde_isa_name(isa), hits, deep_paths, worst_ratio, HORDE_TEST_SWEEP_K);
        CHECK(hits > (long)items / 64, "[%s] the aimed sweeps stopped hitting", horde_isa_name(isa));
    }
    slivers(seed, items / 8);
    return tu_finish("property_sweep_sphere_tri");
}
