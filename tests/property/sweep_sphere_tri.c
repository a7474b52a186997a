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
 *   2. a sweep whose path reaches clearly into the triangle (the model's closest
 *      approach is below R (1 - 2^-8)) before t = 0.999 is a HIT.
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
    if (f & HORDE_FLAG_HIT) {
        CHECK(!(f & HORDE_FLAG_STARTED_INSIDE), "[%s] started inside, but the model starts %.9g away (R %.9g)",
              horde_isa_name(isa), dist_to(P, v), R);
        double p[3];
        for (int k = 0; k < 3; k++)
            p[k] = P[k] + D[k] * (double)b->t[i];
        double pv = 0; /* the farthest vertex from P */
        for (int j = 0; j < 3; j++) {
            const double dx = v[3 * j] - P[0], dy = v[3 * j + 1] - P[1], dz = v[3 * j + 2] - P[2];
            pv = fmax(pv, sqrt(dx * dx + dy * dy + dz * dz));
        }
        const double scale = 0x1p-24 * (1 + (dl + pv) / R);
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

int main(int argc, char **argv)
{
    uint64_t seed = 20261124;
    size_t items;
    if (tu_seed_items_args(argc, argv, &seed, &items))
        return 2;
    /* The model costs ~1000 distance evaluations per sweep: check a sample of 1 in 16. */
    printf("property_sweep_sphere_tri: seed=%" PRIu64 " aimed sweeps per backend=%zu (1 in 16 checked "
           "against the model)\n", seed, items);
    static batch b;
    TU_FOR_EACH_BACKEND(isa) {
        tu_rng g = {seed};
        const int fails_before = tu_failures;
        hits = deep_paths = 0, worst_ratio = 0;
        for (size_t done = 0; done < items && tu_failures - fails_before < 20; done += BATCH) {
            for (int i = 0; i < BATCH; i++)
                aim(&g, &b, i);
            horde_triangles t = {b.v[0], b.v[1], b.v[2], b.v[3], b.v[4], b.v[5], b.v[6], b.v[7], b.v[8], BATCH};
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
    return tu_finish("property_sweep_sphere_tri");
}
