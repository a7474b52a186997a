/* SPDX-License-Identifier: MIT */
/* Test helpers for the triangle kernels: random and aimed triangles (faces, edges,
 * vertices, degenerate and sliver triangles, big coordinates), points near them, and an
 * independent double-precision closest point (interior projection or the three edges,
 * not Ericson's regions). Header-only, used by the sphere/sweep tests. */
#ifndef HORDE_TEST_TRI_GEN_H
#define HORDE_TEST_TRI_GEN_H

#include "testutil.h"

/* A random unit-ish direction (not normalised exactly; never zero). */
static inline void tg_dir(tu_rng *g, float d[3])
{
    float l2;
    do {
        for (int k = 0; k < 3; k++)
            d[k] = tu_uniform(g, -1.0f, 1.0f);
        l2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    } while (l2 < 0.01f || l2 > 1.0f);
    const float l = sqrtf(l2);
    for (int k = 0; k < 3; k++)
        d[k] /= l;
}

/* Triangle kinds: 0 random, 1 axis-aligned floor / wall / ramp on a grid, 2 degenerate
 * (collinear, repeated vertices, a point, slivers, 45-degree segments), 3 big
 * coordinates, 4 tiny. */
enum { TG_RANDOM, TG_GRID, TG_DEGEN, TG_BIG, TG_TINY, TG_KINDS };

static inline void tg_triangle(tu_rng *g, int kind, float v[9])
{
    float c[3], d[3];
    const float span = kind == TG_BIG ? 60000.0f : 50.0f;
    for (int k = 0; k < 3; k++)
        c[k] = tu_uniform(g, -span, span);
    float L = exp2f(tu_uniform(g, -3.0f, 5.0f));
    if (kind == TG_TINY)
        L = exp2f(tu_uniform(g, -14.0f, -6.0f));
    if (kind == TG_BIG)
        L = exp2f(tu_uniform(g, 0.0f, 10.0f));
    for (int j = 0; j < 3; j++) {
        tg_dir(g, d);
        for (int k = 0; k < 3; k++)
            v[3 * j + k] = c[k] + L * d[k];
    }
    if (kind == TG_GRID) { /* integer-ish coordinates: a floor, a wall or a 45-degree ramp */
        const float x0 = floorf(c[0]), y0 = floorf(c[1]), z0 = floorf(c[2]);
        const float s = floorf(L) + 1.0f;
        const float t[3][2] = {{0, 0}, {s, 0}, {0, s}};
        const int shape = (int)tu_below(g, 4);
        for (int j = 0; j < 3; j++) {
            const int jj = tu_below(g, 2) ? j : 2 - j; /* both windings */
            const float a = t[jj][0], b = t[jj][1];
            float *p = v + 3 * j;
            if (shape == 0)
                p[0] = x0 + a, p[1] = y0, p[2] = z0 + b;   /* floor */
            else if (shape == 1)
                p[0] = x0 + a, p[1] = y0 + b, p[2] = z0;   /* wall */
            else if (shape == 2)
                p[0] = x0 + a, p[1] = y0 + b, p[2] = z0 + b; /* ramp */
            else
                p[0] = x0 + a * 0.5f, p[1] = y0 + b * 0.25f, p[2] = z0 - a; /* tilted */
        }
    } else if (kind == TG_DEGEN) {
        float *a = v, *b = v + 3, *cc = v + 6;
        switch (tu_below(g, 7)) {
        case 6: { /* a segment at 45 degrees to the horizontal (in x or z, up or down), C on
                   * A: the push of a centre on it is horizontal or vertical by whether
                   * e_y^2 > l / 2, an exact tie here */
            const float e = (float)(1 + (int)tu_below(g, 8)) * (tu_below(g, 2) ? 1.0f : -1.0f);
            const int across = tu_below(g, 2) ? 0 : 2;
            memcpy(b, a, 12), memcpy(cc, a, 12);
            b[1] = a[1] + e, b[across] = a[across] + (tu_below(g, 2) ? e : -e);
            break;
        }
        case 0: /* collinear, C between or beyond */
            for (int k = 0; k < 3; k++)
                cc[k] = a[k] + (b[k] - a[k]) * tu_uniform(g, -1.0f, 2.0f);
            break;
        case 1: memcpy(b, a, 12); break;           /* A == B */
        case 2: memcpy(cc, b, 12); break;          /* B == C */
        case 3: memcpy(b, a, 12), memcpy(cc, a, 12); break; /* a point */
        case 4: { /* sliver: C just off the midpoint of AB */
            tg_dir(g, d);
            const float h = L * exp2f(-tu_uniform(g, 8.0f, 30.0f));
            for (int k = 0; k < 3; k++)
                cc[k] = 0.5f * (a[k] + b[k]) + h * d[k];
            break;
        }
        default: /* needle: B and C very close together */
            tg_dir(g, d);
            for (int k = 0; k < 3; k++)
                cc[k] = b[k] + L * exp2f(-tu_uniform(g, 8.0f, 24.0f)) * d[k];
            break;
        }
    }
}

/* A point of the triangle: a vertex, an edge point or a face point (barycentric). */
static inline void tg_on_triangle(tu_rng *g, const float v[9], float q[3], int *feature)
{
    const int f = (int)tu_below(g, 3);
    float u = tu_uniform(g, 0.0f, 1.0f), w = tu_uniform(g, 0.0f, 1.0f);
    if (f == 0) { /* vertex */
        const int j = (int)tu_below(g, 3);
        u = j == 1, w = j == 2;
    } else if (f == 1) { /* edge */
        switch (tu_below(g, 3)) {
        case 0: w = 0.0f; break;
        case 1: u = 0.0f; break;
        default: w = 1.0f - u; break;
        }
    } else if (u + w > 1.0f) {
        u = 1.0f - u, w = 1.0f - w;
    }
    for (int k = 0; k < 3; k++)
        q[k] = v[k] + (v[3 + k] - v[k]) * u + (v[6 + k] - v[k]) * w;
    *feature = f;
}

/* ---- independent double-precision closest point ---------------------------------- */
static inline double tg_seg(const double p[3], const double a[3], const double b[3], double q[3])
{
    double e[3], ee = 0, pe = 0;
    for (int k = 0; k < 3; k++)
        e[k] = b[k] - a[k], ee += e[k] * e[k], pe += (p[k] - a[k]) * e[k];
    double t = ee > 0 ? pe / ee : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double d2 = 0;
    for (int k = 0; k < 3; k++)
        q[k] = a[k] + e[k] * t, d2 += (p[k] - q[k]) * (p[k] - q[k]);
    return d2;
}

static inline void tg_cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1], c[1] = a[2] * b[0] - a[0] * b[2], c[2] = a[0] * b[1] - a[1] * b[0];
}

/* Squared distance from p to triangle v (double), closest point in q. */
static inline double tg_closest_d(const double p[3], const float vf[9], double q[3])
{
    double a[3], b[3], c[3], t[3];
    for (int k = 0; k < 3; k++)
        a[k] = vf[k], b[k] = vf[3 + k], c[k] = vf[6 + k];
    double best = tg_seg(p, a, b, q);
    double d2 = tg_seg(p, b, c, t);
    if (d2 < best)
        best = d2, memcpy(q, t, sizeof t);
    d2 = tg_seg(p, c, a, t);
    if (d2 < best)
        best = d2, memcpy(q, t, sizeof t);
    double ab[3], ac[3], n[3];
    for (int k = 0; k < 3; k++)
        ab[k] = b[k] - a[k], ac[k] = c[k] - a[k];
    tg_cross(ab, ac, n);
    const double nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    if (nn > 0) {
        const double h = (n[0] * (p[0] - a[0]) + n[1] * (p[1] - a[1]) + n[2] * (p[2] - a[2])) / nn;
        double f[3];
        for (int k = 0; k < 3; k++)
            f[k] = p[k] - n[k] * h;
        const double *X[3] = {a, b, c};
        int inside = 1;
        for (int j = 0; j < 3; j++) {
            double e[3], r[3], x[3];
            for (int k = 0; k < 3; k++)
                e[k] = X[(j + 1) % 3][k] - X[j][k], r[k] = f[k] - X[j][k];
            tg_cross(e, r, x);
            inside &= x[0] * n[0] + x[1] * n[1] + x[2] * n[2] >= 0;
        }
        if (inside) {
            d2 = h * h * nn;
            if (d2 < best)
                best = d2, memcpy(q, f, sizeof f);
        }
    }
    return best;
}

/* Scale of a pair: the largest |coordinate| (at least 1) and the longest edge. */
static inline double tg_scale(const float v[9], const float p[3])
{
    double s = 1;
    for (int k = 0; k < 9; k++)
        s = fmax(s, fabs((double)v[k]));
    for (int k = 0; k < 3; k++)
        s = fmax(s, fabs((double)p[k]));
    return s;
}
static inline double tg_longest(const float v[9])
{
    double m = 0;
    for (int j = 0; j < 3; j++) {
        double l = 0;
        for (int k = 0; k < 3; k++) {
            const double d = (double)v[3 * ((j + 1) % 3) + k] - v[3 * j + k];
            l += d * d;
        }
        m = fmax(m, sqrt(l));
    }
    return m;
}

/* The sine of the largest angle of triangle v (the cross product of the two edges at it
 * over their lengths), in double; if_degenerate when one of them has length 0. */
static inline double tg_sine_largest(const float v[9], double if_degenerate)
{
    double e[3][3], l[3];
    for (int j = 0; j < 3; j++) {
        l[j] = 0;
        for (int k = 0; k < 3; k++)
            e[j][k] = (double)v[3 * ((j + 1) % 3) + k] - v[3 * j + k], l[j] += e[j][k] * e[j][k];
    }
    const int m = l[0] >= l[1] && l[0] >= l[2] ? 0 : l[1] >= l[2] ? 1 : 2;
    const double *a = e[(m + 1) % 3], *b = e[(m + 2) % 3];
    double x[3];
    tg_cross(a, b, x);
    const double den = sqrt(l[(m + 1) % 3] * l[(m + 2) % 3]);
    return den > 0 ? sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) / den : if_degenerate;
}

static inline uint32_t tg_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#endif
