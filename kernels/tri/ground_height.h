/* SPDX-License-Identifier: MIT */
/* Internal: what the ground-height reference and its SIMD template share: point
 * validation and the per-triangle set-up (scalar code, run once per triangle and point
 * tile by both, so both see the same bits). */
#ifndef HORDE_TRI_GROUND_HEIGHT_H
#define HORDE_TRI_GROUND_HEIGHT_H

#include <math.h>

#include "horde/ground_height.h"
#include "simd/kernel.h"

/* Points are processed in tiles (state on the stack), triangles in chunks. */
#define HORDE_GROUND_TILE 256
#define HORDE_GROUND_CHUNK 32

/* One triangle, ready for the pair test. Edge k (0: A->B, 1: B->C, 2: C->A) has the
 * edge function e_k(p) = vx[k] * (p.z - oz[k]) - vz[k] * (p.x - ox[k]), evaluated from
 * the edge's lexicographically smaller end and signed so that the triangle covers p
 * exactly when every e_k(p) >= 0. Then w_c = e_0, w_a = e_1, w_b = e_2 (times inv). */
typedef struct horde_ground_height_tri {
    float ox[3], oz[3], vx[3], vz[3];
    float ay, dyb, dyc, inv, ymin, ymax;
    int ok; /* finite, in range, non-zero xz area */
} horde_ground_height_tri;

static inline int horde_ground_height_point_ok(float x, float y, float z)
{
    return fabsf(x) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
           fabsf(y) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
           fabsf(z) <= HORDE_GROUND_HEIGHT_MAX_COORD; /* NaN fails */
}

static inline void horde_ground_height_prep(const horde_triangles *t, size_t i, horde_ground_height_tri *g)
{
    const float x[3] = {t->ax[i], t->bx[i], t->cx[i]};
    const float y[3] = {t->ay[i], t->by[i], t->cy[i]};
    const float z[3] = {t->az[i], t->bz[i], t->cz[i]};
    int ok = 1;
    for (int k = 0; k < 3; k++)
        ok &= fabsf(x[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
              fabsf(y[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
              fabsf(z[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD;
    const float area2 = ok ? (x[1] - x[0]) * (z[2] - z[0]) - (z[1] - z[0]) * (x[2] - x[0]) : 0.0f;
    g->ok = ok && area2 != 0.0f;
    if (!g->ok)
        return;
    const float sgn = area2 > 0.0f ? 1.0f : -1.0f;
    for (int k = 0; k < 3; k++) {
        const int p = k, q = k == 2 ? 0 : k + 1;
        /* From the smaller end: a shared edge gives bit-identical magnitudes. */
        const int fwd = x[p] < x[q] || (x[p] == x[q] && z[p] <= z[q]);
        const int o = fwd ? p : q, e = fwd ? q : p;
        const float s = fwd ? sgn : -sgn;
        g->ox[k] = x[o], g->oz[k] = z[o];
        g->vx[k] = (x[e] - x[o]) * s, g->vz[k] = (z[e] - z[o]) * s;
    }
    g->ay = y[0], g->dyb = y[1] - y[0], g->dyc = y[2] - y[0];
    g->inv = 1.0f / fabsf(area2);
    float lo = y[0], hi = y[0];
    for (int k = 1; k < 3; k++) {
        lo = y[k] < lo ? y[k] : lo;
        hi = y[k] > hi ? y[k] : hi;
    }
    g->ymin = lo, g->ymax = hi;
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_ground_height const horde_triangles *t, const horde_ground_height_params *p, \
    const horde_ground_height_batch *b
#define HORDE_ARGS_ground_height t, p, b
HORDE_KERNEL_PROTOS(ground_height)

#endif
