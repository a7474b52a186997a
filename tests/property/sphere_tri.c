/* SPDX-License-Identifier: MIT */
/* Property test of the sphere-triangle push-out against an independent double-precision
 * model (tests/support/tri_gen.h: the closest point as the nearest of the interior
 * projection and the three edges, not Ericson's regions). The header promises (sphere_tri.h):
 * after P += push an overlapping sphere touches the triangle: its distance to the
 * triangle is r, up to the rounding of the coordinates (and, for a degenerate triangle,
 * up to its distance from the line of its longest edge). Spheres are aimed where the
 * push direction is decided by rounding: centres exactly on the triangle, on its edges
 * and vertices, and a few ulps to 2^-10 away from them, on ordinary, grid, degenerate
 * (zero-area, repeated vertices, points, slivers), big (|v| up to 2^16) and tiny
 * triangles; every backend must keep the promise.
 *
 * Usage: property_sphere_tri [--items=N] [--seed=N]; default 1,000,000 aimed spheres per
 * backend, or HORDE_CHECKASM_ITEMS. */
#include <inttypes.h>

#include "tri_gen.h"

enum { BATCH = 256 };

/* The distance from the line of the longest edge to the farthest vertex: 0 for a
 * triangle that is exactly a segment or a point, small for a sliver (double). */
static double off_line(const float v[9])
{
    double best_l = -1, out = 0;
    for (int j = 0; j < 3; j++) {
        const float *a = v + 3 * j, *b = v + 3 * ((j + 1) % 3), *c = v + 3 * ((j + 2) % 3);
        double e[3], w[3], x[3], l = 0;
        for (int k = 0; k < 3; k++)
            e[k] = (double)b[k] - a[k], w[k] = (double)c[k] - a[k], l += e[k] * e[k];
        if (l <= best_l)
            continue;
        best_l = l;
        tg_cross(e, w, x);
        out = l > 0 ? sqrt((x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) / l) : 0;
    }
    return out;
}

/* The sine of the largest angle (between the two shorter edges), 1 for no triangle: the
 * float normal's direction is good to about 2^-24 / sine radians, so a face distance is
 * good to that times the lever arm (sphere_tri.h: "up to rounding"). */
static double sine_largest(const float v[9]) { return tg_sine_largest(v, 1.0); }

typedef struct {
    float x[BATCH], y[BATCH], z[BATCH], r[BATCH];
    float v[9][BATCH];
    float q[3][BATCH], depth[BATCH], push[3][BATCH];
    uint32_t f[BATCH];
} batch;

/* One aimed sphere: a point of the triangle, moved off it by nothing, a few ulps, or up
 * to 2^-10 of the scale in a random direction; radius from tiny to bigger than the
 * triangle. */
static void aim(tu_rng *g, batch *b, int i)
{
    float v[9], q[3], dir[3];
    int feature;
    tg_triangle(g, (int)tu_below(g, TG_KINDS), v);
    tg_on_triangle(g, v, q, &feature);
    (void)feature;
    tg_dir(g, dir);
    const float scale = (float)tg_scale(v, q);
    float off = 0.0f;
    switch (tu_below(g, 4)) {
    case 0: break;                                                   /* on it */
    case 1: off = scale * 0x1p-24f * (float)(1 + tu_below(g, 8)); break; /* a few ulps */
    case 2: off = scale * exp2f(-tu_uniform(g, 10.0f, 24.0f)); break;
    default: off = (float)tg_longest(v) * tu_uniform(g, 0.0f, 0.5f); break;
    }
    float p[3];
    for (int k = 0; k < 3; k++) {
        p[k] = q[k] + dir[k] * off;
        p[k] = fminf(fmaxf(p[k], -HORDE_SPHERE_TRI_MAX_COORD), HORDE_SPHERE_TRI_MAX_COORD);
    }
    const float lo = fmaxf(off * 1.01f, scale * 0x1p-18f);
    b->x[i] = p[0], b->y[i] = p[1], b->z[i] = p[2];
    b->r[i] = fminf(lo * exp2f(tu_uniform(g, 0.0f, 12.0f)), HORDE_SPHERE_TRI_MAX_RADIUS);
    for (int k = 0; k < 9; k++)
        b->v[k][i] = v[k];
}

static long checked_overlaps, degenerate_seen, on_triangle_seen;

static void check_one(horde_isa isa, const batch *b, int i)
{
    if (!(b->f[i] & HORDE_FLAG_OVERLAP))
        return;
    float v[9];
    for (int k = 0; k < 9; k++)
        v[k] = b->v[k][i];
    const float pf[3] = {b->x[i], b->y[i], b->z[i]};
    /* The caller's P += push, in float as a caller does it. */
    const double pp[3] = {(double)(float)(pf[0] + b->push[0][i]), (double)(float)(pf[1] + b->push[1][i]),
                          (double)(float)(pf[2] + b->push[2][i])};
    const double p0[3] = {pf[0], pf[1], pf[2]};
    double qd[3];
    const double before = sqrt(tg_closest_d(p0, v, qd));
    const double after = sqrt(tg_closest_d(pp, v, qd));
    const double r = b->r[i];
    const int degen = (b->f[i] & HORDE_FLAG_DEGENERATE) != 0;
    /* Rounding: a few ulps of the largest coordinate or radius in play; a degenerate
     * triangle is moved by up to its distance from its longest edge's line. */
    const double scale = fmax(tg_scale(v, pf), r + fabs(pp[0]) + fabs(pp[1]) + fabs(pp[2]));
    const double tol = scale * 0x1p-19 / (degen ? 1.0 : sine_largest(v)) + (degen ? 2.0 * off_line(v) : 0.0);
    checked_overlaps++;
    degenerate_seen += degen;
    on_triangle_seen += before == 0.0;
    CHECK(after >= r - tol && after <= r + tol,
          "[%s] push does not leave the sphere touching: P (%a, %a, %a) r %a tri (%a %a %a, %a %a %a, "
          "%a %a %a) push (%a, %a, %a) flags %#x: distance before %.9g after %.9g (r %.9g, tol %.3g)",
          horde_isa_name(isa), pf[0], pf[1], pf[2], b->r[i], v[0], v[1], v[2], v[3], v[4], v[5], v[6],
          v[7], v[8], b->push[0][i], b->push[1][i], b->push[2][i], b->f[i], before, after, r, tol);
}

int main(int argc, char **argv)
{
    uint64_t seed = 20261124;
    size_t items;
    if (tu_property_start(argc, argv, "property_sphere_tri", "aimed spheres", "", &seed, &items))
        return 2;
    static batch b;
    TU_FOR_EACH_BACKEND(isa) {
        tu_rng g = {seed};
        const int fails_before = tu_failures;
        checked_overlaps = degenerate_seen = on_triangle_seen = 0;
        for (size_t done = 0; done < items && tu_failures - fails_before < 20; done += BATCH) {
            for (int i = 0; i < BATCH; i++)
                aim(&g, &b, i);
            horde_triangles t = TU_TRIS(b.v, 0, BATCH);
            horde_sphere_tri_pairs_batch pb = {b.x, b.y, b.z, b.r, b.q[0], b.q[1], b.q[2], b.depth,
                                               b.push[0], b.push[1], b.push[2], b.f, BATCH};
            CHECK(horde_sphere_tri_pairs_isa(isa, &t, &pb) == HORDE_OK, "status");
            for (int i = 0; i < BATCH; i++) {
                const float *in[] = {b.x, b.y, b.z, b.r, b.v[0], b.v[1], b.v[2], b.v[3], b.v[4],
                                     b.v[5], b.v[6], b.v[7], b.v[8]};
                if (!tu_outside_fp_policy(in, 13, (size_t)i))
                    check_one(isa, &b, i);
            }
        }
        printf("  %-13s overlapping %ld (degenerate %ld, centre on the triangle %ld)\n",
               horde_isa_name(isa), checked_overlaps, degenerate_seen, on_triangle_seen);
        /* The aim must keep hitting the cases this test is for. */
        CHECK(checked_overlaps > (long)items / 8 && degenerate_seen > (long)items / 50 &&
                  on_triangle_seen > (long)items / 50,
              "[%s] the aimed inputs stopped reaching the cases", horde_isa_name(isa));
    }
    return tu_finish("property_sphere_tri");
}
