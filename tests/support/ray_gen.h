/* SPDX-License-Identifier: MIT */
/* Segments for the voxel raycast tests (checkasm, property): random ones and ones aimed
 * at the cases the header defines exactly: along grid lines and in block faces,
 * axis-aligned, through edges and corners (lattice point +- dyadic multiples of a small
 * integer direction, so the segment passes exactly through it), direction components
 * from 2^-126 up, ends within an ulp of faces, zero length, the coordinate and length
 * limits and just past them, and non-finite values. */
#ifndef HORDE_TEST_RAY_GEN_H
#define HORDE_TEST_RAY_GEN_H

#include "testutil.h"

/* A float within a few ulps of v (or v itself). */
static inline float rg_near(tu_rng *g, float v)
{
    switch (tu_below(g, 5)) {
    case 0: return nextafterf(v, INFINITY);
    case 1: return nextafterf(v, -INFINITY);
    case 2: return nextafterf(nextafterf(v, INFINITY), INFINITY);
    default: return v;
    }
}

/* A coordinate in [lo, hi): random, integral, half-integral or an ulp off a grid plane. */
static inline float rg_coord(tu_rng *g, float lo, float hi)
{
    const float v = tu_uniform(g, lo, hi);
    switch (tu_below(g, 6)) {
    case 0: return floorf(v);
    case 1: return rg_near(g, floorf(v));
    case 2: return floorf(v) + 0.5f;
    default: return v;
    }
}

/* Segment i of p0[3][], p1[3][] around base (the scene's block offset, lo / hi its
 * extent relative to base). mode picks the family; every family also appears at random. */
static inline void rg_segment(tu_rng *g, float base[3], float lo, float hi, float **p0, float **p1,
                              size_t i)
{
    float a[3], b[3];
    const uint32_t kind = tu_below(g, 16);
    for (int k = 0; k < 3; k++)
        a[k] = rg_coord(g, lo, hi), b[k] = rg_coord(g, lo, hi);
    if (kind == 0) { /* short */
        for (int k = 0; k < 3; k++)
            b[k] = a[k] + tu_uniform(g, -3.0f, 3.0f);
    } else if (kind == 1 || kind == 2) { /* axis-aligned or in a plane: shared coordinates */
        const int keep = (int)tu_below(g, 3);
        for (int k = 0; k < 3; k++)
            if (k != keep || kind == 2)
                b[k] = a[k];
        b[keep] = a[keep] + tu_uniform(g, -40.0f, 40.0f);
    } else if (kind == 3 || kind == 4) { /* through a lattice point: edges and corners */
        float c[3];
        int d[3];
        for (int k = 0; k < 3; k++) {
            c[k] = floorf(tu_uniform(g, lo + 8, hi - 8));
            d[k] = (int)tu_below(g, 7) - 3;
        }
        if (kind == 4) /* in a grid line or plane through the point */
            d[tu_below(g, 3)] = 0;
        const float s = (float)(1 + tu_below(g, 16)) * 0.125f, u = (float)(tu_below(g, 17)) * 0.125f;
        for (int k = 0; k < 3; k++)
            a[k] = c[k] - s * (float)d[k], b[k] = c[k] + u * (float)d[k];
    } else if (kind == 5) { /* zero length, maybe on a face */
        for (int k = 0; k < 3; k++)
            b[k] = a[k];
    } else if (kind == 6) { /* tiny direction components near 0 */
        const int k = (int)tu_below(g, 3);
        const int e = 20 + (int)tu_below(g, 107); /* 2^-20 .. 2^-126 */
        a[k] = tu_below(g, 2) ? ldexpf(1.0f, -e) : 0.0f;
        b[k] = ldexpf((float)tu_below(g, 5) - 2.0f, -(int)tu_below(g, 127));
        if (tu_below(g, 2))
            b[k] = -b[k];
        a[k] -= base[k], b[k] -= base[k]; /* so that the world coordinate is the tiny one */
    } else if (kind == 7) { /* long: up to the length limit, leaving the view */
        for (int k = 0; k < 3; k++)
            b[k] = a[k] + tu_uniform(g, -1100.0f, 1100.0f);
    } else if (kind == 8) { /* ends an ulp around a face */
        const int k = (int)tu_below(g, 3);
        b[k] = rg_near(g, floorf(b[k]));
        a[k] = rg_near(g, floorf(a[k]));
    }
    for (int k = 0; k < 3; k++) {
        p0[k][i] = a[k] + base[k];
        p1[k][i] = b[k] + base[k];
    }
    if (tu_below(g, 200) == 0) { /* invalid values and the coordinate limit */
        static const float bad[] = {NAN, INFINITY, -INFINITY, 1048576.0f, -1048576.0f,
                                    1048577.0f, -1048640.0f, 3e38f};
        float **p = tu_below(g, 2) ? p0 : p1;
        p[tu_below(g, 3)][i] = bad[tu_below(g, 8)];
    }
}

#endif
