/* Scalar reference for horde_sweep_sphere_tri. This file DEFINES the result; every SIMD
 * backend (sweep_sphere_tri_tmpl.c) must match it bit for bit. Semantics and the method
 * (Fauerby 2003: start overlap, face, edges, vertices in unit-sphere space): sweep_sphere_tri.h. */
#include "sweep_sphere_tri.h"

typedef struct {
    float t, cx, cy, cz, nx, ny, nz;
    uint32_t flags;
} sweep_res;

/* First contact time of the unit sphere with a feature, given a, g, c (see the header);
 * returns 0 when the feature is not approached or not reached within [0, 1]. */
static int first_root(float a, float g, float c, float *t)
{
    if (!(g > 0.0f))
        return 0;
    const float disc = g * g - a * c;
    if (!(disc >= 0.0f))
        return 0;
    *t = horde_maxf(c / (g + sqrtf(disc)), 0.0f);
    return *t <= 1.0f;
}

static void sweep_one(const float p[3], const float d[3], const float r[3], const float w[9],
                      sweep_res *o)
{
    const float ix = 1.0f / r[0], iy = 1.0f / r[1], iz = 1.0f / r[2];
    const float vx = d[0] * ix, vy = d[1] * iy, vz = d[2] * iz;
    float v[9];
    for (int k = 0; k < 3; k++) {
        v[3 * k + 0] = (w[3 * k + 0] - p[0]) * ix;
        v[3 * k + 1] = (w[3 * k + 1] - p[1]) * iy;
        v[3 * k + 2] = (w[3 * k + 2] - p[2]) * iz;
    }
    horde_sphere_tri_closest c;
    horde_sphere_tri_closest_point(0.0f, 0.0f, 0.0f, v, &c);
    const int degen = (c.flags & HORDE_TRI_DEGENERATE) != 0;
    const float qq = horde_dot3(c.dx, c.dy, c.dz, c.dx, c.dy, c.dz); /* |origin - Q|^2 */
    float t = 1.0f, qx = 0.0f, qy = 0.0f, qz = 0.0f, dirx = 0.0f, diry = 0.0f, dirz = 0.0f;
    uint32_t flags = degen ? HORDE_TRI_DEGENERATE : 0u;
    if (qq < 1.0f) { /* 1. already overlapping */
        t = 0.0f, qx = c.qx, qy = c.qy, qz = c.qz;
        flags |= HORDE_TRI_HIT | HORDE_TRI_STARTED_INSIDE |
                 (c.flags & (HORDE_TRI_FACE | HORDE_TRI_EDGE | HORDE_TRI_VERTEX));
        if (qq > 0.0f)
            dirx = c.dx, diry = c.dy, dirz = c.dz;
        else if (!degen)
            dirx = c.nx, diry = c.ny, dirz = c.nz;
    } else {
        const float ax = v[0], ay = v[1], az = v[2], bx = v[3], by = v[4], bz = v[5];
        const float cx = v[6], cy = v[7], cz = v[8];
        int found = 0;
        if (!degen) { /* 2. face */
            const float k = 1.0f / sqrtf(c.nn);
            const float mx = c.nx * k, my = c.ny * k, mz = c.nz * k;
            const float sd = 0.0f - horde_dot3(mx, my, mz, ax, ay, az);
            const float sn = horde_dot3(mx, my, mz, vx, vy, vz);
            const float ssn = sn * (sd >= 0.0f ? 1.0f : -1.0f);
            if (ssn < 0.0f) {
                const float t0 = horde_maxf((fabsf(sd) - 1.0f) / (0.0f - ssn), 0.0f);
                if (t0 <= 1.0f) {
                    const float h = sd + sn * t0;
                    const float fx = vx * t0 - mx * h, fy = vy * t0 - my * h, fz = vz * t0 - mz * h;
                    /* Inside: (n x e).(F - X) >= 0 for the edges AB, BC, CA. */
                    const float e[3][3] = {{bx - ax, by - ay, bz - az},
                                           {cx - bx, cy - by, cz - bz},
                                           {ax - cx, ay - cy, az - cz}};
                    const float X[3][3] = {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}};
                    int inside = 1;
                    for (int j = 0; j < 3; j++) {
                        const float ux = c.ny * e[j][2] - c.nz * e[j][1];
                        const float uy = c.nz * e[j][0] - c.nx * e[j][2];
                        const float uz = c.nx * e[j][1] - c.ny * e[j][0];
                        inside &= horde_dot3(ux, uy, uz, fx - X[j][0], fy - X[j][1], fz - X[j][2]) >= 0.0f;
                    }
                    if (inside) {
                        found = 1, t = t0, qx = fx, qy = fy, qz = fz;
                        flags |= HORDE_TRI_FACE;
                    }
                }
            }
        }
        /* Reach: nothing can be touched when the start distance exceeds |V| + 1; tested
         * without a square root as qq > 2 (V.V + 1) (1 + 2^-10) >= (|V| + 1)^2. */
        const float vv = horde_dot3(vx, vy, vz, vx, vy, vz);
        if (!found && qq <= (vv + 1.0f) * HORDE_SWEEP_REACH_SCALE) { /* 3. edges AB, BC, CA, then vertices A, B, C */
            const float X[3][3] = {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}};
            float vX[3], XX[3];
            for (int j = 0; j < 3; j++) {
                vX[j] = horde_dot3(vx, vy, vz, X[j][0], X[j][1], X[j][2]);
                XX[j] = horde_dot3(X[j][0], X[j][1], X[j][2], X[j][0], X[j][1], X[j][2]);
            }
            float best = 2.0f;
            uint32_t region = 0;
            for (int j = 0; j < 3; j++) {
                const int j1 = j == 2 ? 0 : j + 1;
                const float ex = X[j1][0] - X[j][0], ey = X[j1][1] - X[j][1], ez = X[j1][2] - X[j][2];
                const float ee = horde_dot3(ex, ey, ez, ex, ey, ez);
                if (!(ee > 0.0f))
                    continue;
                const float kk = 1.0f / ee;
                const float ev = horde_dot3(ex, ey, ez, vx, vy, vz);
                const float eX = horde_dot3(ex, ey, ez, X[j][0], X[j][1], X[j][2]);
                const float a = vv - ev * ev * kk;
                const float g = vX[j] - ev * eX * kk;
                const float cc = XX[j] - eX * eX * kk - 1.0f;
                float te = 0.0f;
                if (first_root(a, g, cc, &te)) {
                    const float f = (ev * te - eX) * kk;
                    if (f >= 0.0f && f <= 1.0f && te < best) {
                        best = te, region = HORDE_TRI_EDGE;
                        qx = X[j][0] + ex * f, qy = X[j][1] + ey * f, qz = X[j][2] + ez * f;
                    }
                }
            }
            for (int j = 0; j < 3; j++) {
                float tv = 0.0f;
                if (first_root(vv, vX[j], XX[j] - 1.0f, &tv) && tv < best) {
                    best = tv, region = HORDE_TRI_VERTEX;
                    qx = X[j][0], qy = X[j][1], qz = X[j][2];
                }
            }
            if (region) {
                found = 1, t = best;
                flags |= region;
            }
        }
        if (found) {
            flags |= HORDE_TRI_HIT;
            dirx = vx * t - qx, diry = vy * t - qy, dirz = vz * t - qz;
        }
    }
    o->t = t, o->flags = flags;
    o->cx = o->cy = o->cz = o->nx = o->ny = o->nz = 0.0f;
    if (flags & HORDE_TRI_HIT) {
        o->cx = p[0] + qx * r[0], o->cy = p[1] + qy * r[1], o->cz = p[2] + qz * r[2];
        const float wx = dirx * ix, wy = diry * iy, wz = dirz * iz;
        const float l2 = horde_dot3(wx, wy, wz, wx, wy, wz);
        if (l2 > 0.0f) {
            const float kn = 1.0f / sqrtf(l2);
            o->nx = wx * kn, o->ny = wy * kn, o->nz = wz * kn;
        } else {
            o->ny = 1.0f;
        }
    }
}

HORDE_REFERENCE(sweep_sphere_tri)
{
    for (size_t i = 0; i < m->n; i++) {
        const float w[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                            t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        const float p[3] = {m->x[i], m->y[i], m->z[i]}, d[3] = {m->dx[i], m->dy[i], m->dz[i]};
        const float r[3] = {m->rx[i], m->ry[i], m->rz[i]};
        sweep_res o = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, HORDE_FLAG_INVALID};
        if (horde_sphere_tri_valid(w) && horde_sphere_tri_coord_ok(p[0]) && horde_sphere_tri_coord_ok(p[1]) &&
            horde_sphere_tri_coord_ok(p[2]) && horde_sphere_tri_coord_ok(d[0]) && horde_sphere_tri_coord_ok(d[1]) &&
            horde_sphere_tri_coord_ok(d[2]) && horde_sweep_sphere_tri_radius_ok(r[0]) &&
            horde_sweep_sphere_tri_radius_ok(r[1]) && horde_sweep_sphere_tri_radius_ok(r[2]))
            sweep_one(p, d, r, w, &o);
        out->t[i] = o.t;
        out->cx[i] = o.cx, out->cy[i] = o.cy, out->cz[i] = o.cz;
        out->nx[i] = o.nx, out->ny[i] = o.ny, out->nz[i] = o.nz;
        out->flags[i] = o.flags;
    }
}
