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

/* A pole for the line-of-sight tests (x, z, r, bottom, top into v), axis in [lo, hi)
 * around base: radii 0 to 3 (most below 1; some 0), integral or random axes, heights
 * within the scenes' band (some flat: bottom == top), and one in 50 invalid (NaN, bottom
 * above top, a negative radius or an axis past the radial family's limit). */
static inline void rg_pole(tu_rng *g, const float base[3], float lo, float hi, float v[5])
{
    v[0] = rg_coord(g, lo, hi) + base[0], v[1] = rg_coord(g, lo, hi) + base[2];
    const uint32_t k = tu_below(g, 8);
    v[2] = k == 0 ? 0.0f : k < 6 ? tu_uniform(g, 0.05f, 1.0f) : tu_uniform(g, 1.0f, 3.0f);
    if (tu_below(g, 4) == 0)
        v[2] = floorf(v[2] * 8.0f) * 0.125f;
    v[3] = rg_coord(g, -8.0f, 8.0f), v[4] = v[3] + (tu_below(g, 10) ? tu_uniform(g, 0.0f, 12.0f) : 0.0f);
    if (tu_below(g, 50) == 0) {
        static const float bad[] = {NAN, -1.0f, 65537.0f, -70000.0f};
        const uint32_t b = tu_below(g, 5);
        if (b < 4)
            v[b == 1 ? 2 : b == 3 ? 1 : 0] = bad[b];
        else
            v[3] = v[4] + 1.0f;
    }
}

/* Segment i aimed at pole v (rg_pole's order: x, z, r, bottom, top): grazing its side
 * (a line a few ulps of r inside or outside the surface), through its top or bottom cap,
 * starting or ending inside it or on its surface, vertical through it, zero length in
 * it, ending a hair before it, or axis-aligned at distance r. */
static inline void rg_segment_at_pole(tu_rng *g, const float v[5], float **p0, float **p1, size_t i)
{
    const float px = v[0], pz = v[1], r = v[2], bottom = v[3], top = v[4];
    const float ang = tu_uniform(g, 0.0f, 6.2831853f), ux = cosf(ang), uz = sinf(ang);
    const float y = tu_uniform(g, bottom - 1.0f, top + 1.0f);
    const float l0 = tu_uniform(g, 0.0f, 30.0f), l1 = tu_uniform(g, 0.0f, 30.0f);
    float a[3], b[3];
    switch (tu_below(g, 8)) {
    case 7: { /* axis-aligned at distance r from the axis (+-x or +-z, a few ulps in or
               * out): vertical, along x or along z, the walk's hardest cells */
        const int side = (int)tu_below(g, 4), dir = (int)tu_below(g, 3);
        const float off_x = side == 0 ? r : side == 1 ? -r : 0.0f, off_z = side == 2 ? r : side == 3 ? -r : 0.0f;
        a[0] = rg_near(g, px + off_x), a[2] = rg_near(g, pz + off_z), a[1] = y;
        b[0] = a[0], b[1] = a[1], b[2] = a[2];
        if (dir == 0)
            a[1] = bottom - l0 * 0.25f, b[1] = top + l1 * 0.25f;
        else
            a[dir == 1 ? 0 : 2] -= l0, b[dir == 1 ? 0 : 2] += l1;
        break;
    }
    case 0: { /* grazing: the closest approach at r (1 + k 2^-22), k in -4 .. 4 */
        const float d = r * (1.0f + (float)((int)tu_below(g, 9) - 4) * 0x1p-22f);
        const float cx = px - uz * d, cz = pz + ux * d;
        const float dy = tu_below(g, 2) ? 0.0f : tu_uniform(g, -0.5f, 0.5f);
        a[0] = cx - ux * l0, a[1] = y - dy * l0, a[2] = cz - uz * l0;
        b[0] = cx + ux * l1, b[1] = y + dy * l1, b[2] = cz + uz * l1;
        break;
    }
    case 1: { /* through a cap: from above top (or below bottom) into the disc */
        const int up = (int)tu_below(g, 2);
        const float s = tu_uniform(g, 0.0f, r), s2 = tu_uniform(g, 0.0f, r * 1.5f);
        a[0] = px + ux * s, a[2] = pz + uz * s, a[1] = up ? top + tu_uniform(g, 0.0f, 4.0f) : bottom - tu_uniform(g, 0.0f, 4.0f);
        b[0] = px - uz * s2, b[2] = pz + ux * s2, b[1] = up ? rg_near(g, top) - tu_uniform(g, 0.0f, 2.0f) : bottom + tu_uniform(g, 0.0f, 2.0f);
        break;
    }
    case 2: { /* starting (or ending) inside or on the surface */
        const float s = r * (tu_below(g, 3) ? tu_uniform(g, 0.0f, 1.0f) : 1.0f);
        a[0] = px + ux * s, a[2] = pz + uz * s, a[1] = tu_below(g, 4) ? tu_uniform(g, bottom, top) : top;
        b[0] = a[0] + tu_uniform(g, -20.0f, 20.0f), b[1] = a[1] + tu_uniform(g, -4.0f, 4.0f), b[2] = a[2] + tu_uniform(g, -20.0f, 20.0f);
        break;
    }
    case 3: /* vertical, through the pole or beside it */
        a[0] = b[0] = px + ux * r * tu_uniform(g, 0.0f, 1.2f);
        a[2] = b[2] = pz + uz * r * tu_uniform(g, 0.0f, 1.2f);
        a[1] = bottom - tu_uniform(g, -2.0f, 4.0f), b[1] = top + tu_uniform(g, -2.0f, 4.0f);
        break;
    case 4: /* zero length, in the pole or just outside */
        a[0] = b[0] = px + ux * rg_near(g, r);
        a[2] = b[2] = pz;
        a[1] = b[1] = rg_near(g, tu_below(g, 2) ? top : y);
        break;
    case 5: { /* ending a hair before the surface, along a radius */
        const float d = rg_near(g, r) + (tu_below(g, 2) ? 0x1p-20f : 0.0f);
        b[0] = px + ux * d, b[2] = pz + uz * d, b[1] = y;
        a[0] = b[0] + ux * l0, a[2] = b[2] + uz * l0, a[1] = y + tu_uniform(g, -1.0f, 1.0f);
        break;
    }
    default: /* straight through, at any height */
        a[0] = px - ux * (l0 + r), a[2] = pz - uz * (l0 + r), a[1] = y;
        b[0] = px + ux * (l1 + r), b[2] = pz + uz * (l1 + r), b[1] = tu_uniform(g, bottom - 1.0f, top + 1.0f);
        break;
    }
    for (int k = 0; k < 3; k++)
        p0[k][i] = a[k], p1[k][i] = b[k];
}

#endif
