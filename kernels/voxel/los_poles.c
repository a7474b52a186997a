/* SPDX-License-Identifier: MIT */
/* The poles' part of horde_voxel_los_poles (los_poles.h). */
#include "los_poles.h"

#include <math.h>

/* The header's max(u, v) and min(u, v): a NaN in u gives v. */
static float max_u(float u, float v) { return u > v ? u : v; }
static float min_u(float u, float v) { return u < v ? u : v; }

int horde_los_pole_blocks(const float p0[3], const float p1[3], float px, float pz, float r, float bottom,
                          float top, float *t)
{
    const float dx = p1[0] - p0[0], dy = p1[1] - p0[1], dz = p1[2] - p0[2];
    const float ex = p0[0] - px, ez = p0[2] - pz;
    float lo = 0.0f, hi = 1.0f;
    if (dy == 0.0f) {
        if (!(bottom <= p0[1] && p0[1] <= top))
            return 0;
    } else {
        const float ta = (bottom - p0[1]) / dy, tb = (top - p0[1]) / dy;
        lo = max_u(min_u(ta, tb), 0.0f);
        hi = min_u(max_u(ta, tb), 1.0f);
        if (!(lo <= hi))
            return 0;
    }
    const float a = dx * dx + dz * dz;
    const float ts = a > 0.0f ? -((ex * dx + ez * dz) / a) : lo;
    const float tc = min_u(max_u(ts, lo), hi);
    const float mx = ex + dx * tc, mz = ez + dz * tc;
    const float rr = r * r;
    if (!(mx * mx + mz * mz <= rr))
        return 0;
    if (!(a > 0.0f)) {
        *t = lo;
        return 1;
    }
    const float lx = ex + dx * ts, lz = ez + dz * ts;
    const float q = (rr - (lx * lx + lz * lz)) / a;
    *t = min_u(max_u(ts - sqrtf(max_u(q, 0.0f)), lo), tc);
    return 1;
}

/* A valid pole's five values, or 0 (radial family rules; NaN fails every test). */
static int pole_at(const horde_poles *poles, uint32_t j, float v[5])
{
    if (j >= poles->n)
        return 0;
    v[0] = poles->x[j], v[1] = poles->z[j], v[2] = poles->r[j], v[3] = poles->bottom[j], v[4] = poles->top[j];
    const float m = HORDE_RADIAL_PUSH_MAX_COORD;
    return fabsf(v[0]) <= m && fabsf(v[1]) <= m && fabsf(v[3]) <= m && fabsf(v[4]) <= m && v[3] <= v[4] &&
           v[2] >= 0.0f && v[2] <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}

/* The cell of world coordinate v on an axis whose first cell is `first` with n cells,
 * clamped to [-1, n] (v is finite: |v| <= 2^22 and cell >= 2^-10 keep the quotient far
 * inside double's integers). */
static int64_t cell_at(double v, double inv_cell, int32_t first, uint32_t n)
{
    double q = v * inv_cell - first;
    q = q < -1.0 ? -1.0 : q > (double)n ? (double)n : q;
    return (int64_t)(q + 1.0) - 1; /* floor: q + 1 >= 0 truncates down */
}

/* The walk: the segment's horizontal piece for t in [0, tm], the major axis (the longer
 * extent) cell by cell; in each of its cells, the minor axis's cells that the piece,
 * grown by `pad`, reaches there. Each cell comes once, so each pole is tested once. The
 * walk only chooses which poles to test; any superset of the blocking ones gives the same
 * minimum. A pole's cell is the float division's (pole_grid.c), which differs from the
 * exact one only for an axis within 2^-22 |v| of a cell's edge; pad holds more than that
 * beyond what the test needs, so the grown piece still reaches the pole's cell. */
typedef struct walk_axis {
    double v0, v1;    /* the piece's ends on this axis */
    int32_t first;    /* the grid's first cell */
    uint32_t n;       /* cells */
} walk_axis;

typedef struct best_pole {
    const horde_pole_grid *g;
    const horde_poles *poles;
    const float *p0, *p1;
    double x0, z0, dx, dz, a; /* the start, the horizontal direction, its length squared */
    double m0;                /* 2^-16 (|dx| + |dz| + 1): pole_far's margin without the pole's part */
    float below;              /* only poles blocking at t < below count */
    float t;
    int found;
} best_pole;

/* A pole whose axis is farther from the segment's whole line than r + m, m = 2^-16 (s +
 * 1), cannot pass the float test: its point at tc is computed within 2^-20 s of a point
 * of the segment (s = |ex| + |ez| + |dx| + |dz| + r, as in the header), so the test
 * passes only within r + 2^-20 s of the axis. In double, the line's distance is
 * |ex dz - ez dx| / sqrt(a), with rounding far below m. */
static int pole_far(const best_pole *B, double px, double pz, double r)
{
    const double ex = B->x0 - px, ez = B->z0 - pz;
    const double cross = ex * B->dz - ez * B->dx;
    const double m = r * (1.0 + 0x1p-16) + 0x1p-16 * (fabs(ex) + fabs(ez)) + B->m0;
    return cross * cross > m * m * B->a;
}

/* The grid's items [k, end): each pole tested once. */
static void test_items(best_pole *B, uint32_t k, uint32_t end)
{
    const horde_poles *p = B->poles;
    const uint32_t *items = B->g->items;
    for (; k < end; k++) {
        const uint32_t j = items[k];
        float v[5], t;
        /* Far (NaN is never far) skips the pole: right for a valid one, and an invalid one
         * is ignored anyway. */
        if (j >= p->n || pole_far(B, p->x[j], p->z[j], p->r[j]) || !pole_at(p, j, v))
            continue;
        if (horde_los_pole_blocks(B->p0, B->p1, v[0], v[1], v[2], v[3], v[4], &t) && t < B->below &&
            (!B->found || t < B->t))
            B->t = t, B->found = 1;
    }
}

static void walk(best_pole *B, const walk_axis *A, const walk_axis *M, int major_is_z, double pad, double tm)
{
    const horde_pole_grid *g = B->g;
    const double cell = g->cell, inv = 1.0 / cell, width = cell + 2.0 * pad;
    const double alo = A->v0 < A->v1 ? A->v0 : A->v1, ahi = A->v0 < A->v1 ? A->v1 : A->v0;
    int64_t a0 = cell_at(alo - pad, inv, A->first, A->n), a1 = cell_at(ahi + pad, inv, A->first, A->n);
    a0 = a0 < 0 ? 0 : a0, a1 = a1 > (int64_t)A->n - 1 ? (int64_t)A->n - 1 : a1;
    const double span = A->v1 - A->v0, inv_span = span != 0.0 ? 1.0 / span : 0.0;
    const double dm = M->v1 - M->v0;
    const size_t nx = g->nx;
    /* Columns in the order the segment meets them: once a column's part of the piece
     * starts (ulo) past the best t found, no pole there or later can block before it (a
     * blocking pole's point at its t is within pad of its axis, inside the column's grown
     * extent). */
    const int64_t step = span < 0.0 ? -1 : 1, first = span < 0.0 ? a1 : a0, count = a1 - a0 + 1;
    for (int64_t q = 0; q < count; q++) {
        const int64_t ca = first + step * q;
        /* The part of the piece whose major coordinate lies in this column, grown by pad:
         * u in [ulo, uhi] of the piece (the column's low edge gives ulo when the piece runs
         * up the axis, its high edge when it runs down). */
        double ulo = 0.0, uhi = 1.0;
        if (span != 0.0) {
            const double e0 = (double)(ca + A->first) * cell - pad, e1 = e0 + width;
            ulo = ((span > 0.0 ? e0 : e1) - A->v0) * inv_span, uhi = ((span > 0.0 ? e1 : e0) - A->v0) * inv_span;
            ulo = ulo < 0.0 ? 0.0 : ulo, uhi = uhi > 1.0 ? 1.0 : uhi;
            if (B->found && ulo * tm > (double)B->t * (1.0 + 0x1p-20) + 0x1p-30)
                return;
            if (ulo > uhi)
                continue;
        }
        const double m0 = M->v0 + dm * ulo, m1 = M->v0 + dm * uhi;
        int64_t b0 = cell_at((dm < 0.0 ? m1 : m0) - pad, inv, M->first, M->n);
        int64_t b1 = cell_at((dm < 0.0 ? m0 : m1) + pad, inv, M->first, M->n);
        b0 = b0 < 0 ? 0 : b0, b1 = b1 > (int64_t)M->n - 1 ? (int64_t)M->n - 1 : b1;
        if (b0 > b1)
            continue;
        if (major_is_z) { /* cells (b0 .. b1, ca) are adjacent in a grid row: one run of items */
            const size_t c = (size_t)ca * nx;
            test_items(B, g->start[c + (size_t)b0], g->start[c + (size_t)b1 + 1]);
        } else {
            for (int64_t cb = b0; cb <= b1; cb++) {
                const size_t c = (size_t)cb * nx + (size_t)ca;
                test_items(B, g->start[c], g->start[c + 1]);
            }
        }
    }
}

void horde_los_poles_lane(const horde_pole_grid *g, const horde_poles *poles, const float p0[3],
                          const float p1[3], float *t, uint32_t *flags)
{
    if (!g->start[(size_t)g->nx * g->nz])
        return;
    best_pole B = {.g = g, .poles = poles, .p0 = p0, .p1 = p1, .below = (*flags & HORDE_FLAG_HIT) ? *t : INFINITY};
    /* A blocking pole's t lies in [lo, tc] and the float test's point at tc is within r
     * plus its rounding e of the axis, e below 2^-18 of the magnitudes (the header's
     * bound); from tc back to t the segment stays within r + e + sqrt(2 r e) (the entry's
     * rounding under the square root). pad covers that for the largest radius, four
     * times over. */
    const double tm = B.below < 1.0f ? (double)B.below : 1.0;
    const double dx = (double)p1[0] - p0[0], dz = (double)p1[2] - p0[2];
    const double e = 0x1p-16 * (1.0 + 2.0 * (fabs((double)p0[0]) + fabs((double)p0[2])) +
                                 3.0 * (fabs(dx) + fabs(dz)) + g->max_r);
    const double pad = g->max_r + e + sqrt(2.0 * g->max_r * e) + e;
    B.x0 = p0[0], B.z0 = p0[2], B.dx = dx, B.dz = dz, B.a = dx * dx + dz * dz;
    B.m0 = 0x1p-16 * (fabs(dx) + fabs(dz) + 1.0);
    const walk_axis X = {p0[0], p0[0] + dx * tm, g->cx0, g->nx}, Z = {p0[2], p0[2] + dz * tm, g->cz0, g->nz};
    if (fabs(dz) > fabs(dx))
        walk(&B, &Z, &X, 1, pad, tm);
    else
        walk(&B, &X, &Z, 0, pad, tm);
    if (!B.found)
        return;
    *t = B.t + 0.0f; /* a zero may be -0 from some pole: +0 whichever came first */
    *flags = HORDE_FLAG_HIT | HORDE_FLAG_POLE | (B.t == 0.0f ? HORDE_FLAG_STARTED_INSIDE : 0u);
}
