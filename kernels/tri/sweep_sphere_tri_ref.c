/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_sweep_sphere_tri. This file DEFINES the result; every SIMD
 * backend (sweep_sphere_tri_tmpl.c) must match it bit for bit. Semantics and the method
 * (Fauerby 2003: start overlap, face, edges, vertices in unit-sphere space): sweep_sphere_tri.h. */
#include "sweep_sphere_tri.h"

typedef struct {
    float t, cx, cy, cz, nx, ny, nz;
    uint32_t flags;
} sweep_res;

/* First contact time of the unit sphere, moving along V from the origin, with a point X
 * (a vertex), or with a line through X (an edge), given V and X with their components
 * along the line removed (Vp, Xp; for a vertex V and X themselves): the closest approach
 * is at ts = Vp.Xp / Vp.Vp, where the path passes H = Xp - Vp ts from the feature; the
 * sphere touches at ts - sqrt((1 - H.H) / Vp.Vp). Returns 0 when the feature is not
 * approached (Vp.Xp <= 0), passed farther than 1, or reached after t = 1; a start
 * inside the feature's shell gives t = 0.
 * Rationale: Fauerby's roots of a t^2 - 2 g t + c with c = X.X - 1 cancel |X|^2 against
 * 1: for a small fast mover (|X| ~ |V| ~ |D| / R in unit space) the contact would be
 * (|D| / R)^2 u radii off (0.13 radii at |D| / R = 1000). H is formed from vectors,
 * so the contact stays within a few u (1 + |D| / R) radii of exact (sweep_sphere_tri.h,
 * "Accuracy"; tests/property/sweep_sphere_tri.c). */
static int first_touch(const float Vp[3], const float Xp[3], float *t)
{
    const float a = horde_dot3(Vp[0], Vp[1], Vp[2], Vp[0], Vp[1], Vp[2]);
    const float g = horde_dot3(Vp[0], Vp[1], Vp[2], Xp[0], Xp[1], Xp[2]);
    if (!(g > 0.0f))
        return 0;
    const float ts = g / a;
    const float hx = Xp[0] - Vp[0] * ts, hy = Xp[1] - Vp[1] * ts, hz = Xp[2] - Vp[2] * ts;
    const float miss = 1.0f - horde_dot3(hx, hy, hz, hx, hy, hz);
    if (!(miss >= 0.0f))
        return 0;
    *t = horde_maxf(ts - sqrtf(miss / a), 0.0f);
    return *t <= 1.0f;
}

/* Where and when the unit sphere first touches the triangle: time t in [0, 1] and the
 * contact point q, both in unit-sphere space. */
typedef struct contact {
    float t, q[3];
} contact;

/* 2. The face: the first touch of the triangle's plane, if it lies inside the triangle
 * and within the move. v: the triangle (A, B, C), V: the move, both in unit space. */
static int face_contact(const horde_sphere_tri_closest *c, const float v[9], const float V[3],
                        contact *k)
{
    const float ax = v[0], ay = v[1], az = v[2], bx = v[3], by = v[4], bz = v[5];
    const float cx = v[6], cy = v[7], cz = v[8];
    const float vx = V[0], vy = V[1], vz = V[2];
    const float e[3][3] = {{bx - ax, by - ay, bz - az}, {cx - bx, cy - by, cz - bz},
                           {ax - cx, ay - cy, az - cz}};
    /* The unit normal m: n without its part along the longest edge l (first of equal
     * lengths). n (the float cross product of the two shorter edges) points up to about
     * 2^-24 / sine of the largest angle off the normal; the part of that error along the
     * triangle tilts the plane about its pivot A by that much, over a lever arm as long as
     * the triangle (a sliver's face contact was hundreds of times the "Accuracy" bound
     * off). All the edges of a sliver run nearly along l, so the tilt about the axis across
     * it is the one that matters; with the part along l removed, what tilt remains turns
     * the plane about l, over a lever arm of the triangle's height above l. */
    float L[3];
    for (int j = 0; j < 3; j++)
        L[j] = horde_dot3(e[j][0], e[j][1], e[j][2], e[j][0], e[j][1], e[j][2]);
    const int l = (L[0] >= L[1] && L[0] >= L[2]) ? 0 : (L[1] >= L[2]) ? 1 : 2;
    const float ne = horde_dot3(c->nx, c->ny, c->nz, e[l][0], e[l][1], e[l][2]) / L[l];
    const float px = c->nx - e[l][0] * ne, py = c->ny - e[l][1] * ne, pz = c->nz - e[l][2] * ne;
    const float n = 1.0f / sqrtf(horde_dot3(px, py, pz, px, py, pz));
    const float mx = px * n, my = py * n, mz = pz * n;
    const float sd = 0.0f - horde_dot3(mx, my, mz, ax, ay, az);
    const float sn = horde_dot3(mx, my, mz, vx, vy, vz);
    const float ssn = sn * (sd >= 0.0f ? 1.0f : -1.0f);
    if (!(ssn < 0.0f))
        return 0;
    const float t0 = horde_maxf((fabsf(sd) - 1.0f) / (0.0f - ssn), 0.0f);
    if (!(t0 <= 1.0f))
        return 0;
    const float h = sd + sn * t0;
    const float fx = vx * t0 - mx * h, fy = vy * t0 - my * h, fz = vz * t0 - mz * h;
    /* Inside: (n x e).(F - X) >= 0 for the edges AB, BC, CA. */
    const float X[3][3] = {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}};
    int inside = 1;
    for (int j = 0; j < 3; j++) {
        const float ux = c->ny * e[j][2] - c->nz * e[j][1];
        const float uy = c->nz * e[j][0] - c->nx * e[j][2];
        const float uz = c->nx * e[j][1] - c->ny * e[j][0];
        inside &= horde_dot3(ux, uy, uz, fx - X[j][0], fy - X[j][1], fz - X[j][2]) >= 0.0f;
    }
    if (!inside)
        return 0;
    k->t = t0, k->q[0] = fx, k->q[1] = fy, k->q[2] = fz;
    return 1;
}

/* 3. Edges AB, BC, CA, then vertices A, B, C: the earliest root of |V t - X(f)| = 1.
 * Returns HORDE_FLAG_EDGE or HORDE_FLAG_VERTEX with the contact, or 0. */
static uint32_t edge_vertex_contact(const float v[9], const float V[3], contact *k)
{
    const float X[3][3] = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
    float best = 2.0f;
    uint32_t region = 0;
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        const float e[3] = {X[j1][0] - X[j][0], X[j1][1] - X[j][1], X[j1][2] - X[j][2]};
        const float ee = horde_dot3(e[0], e[1], e[2], e[0], e[1], e[2]);
        if (!(ee > 0.0f))
            continue;
        const float kk = 1.0f / ee;
        const float ev = horde_dot3(e[0], e[1], e[2], V[0], V[1], V[2]) * kk;
        const float eX = horde_dot3(e[0], e[1], e[2], X[j][0], X[j][1], X[j][2]) * kk;
        float Vp[3], Xp[3], te = 0.0f;
        for (int a = 0; a < 3; a++)
            Vp[a] = V[a] - e[a] * ev, Xp[a] = X[j][a] - e[a] * eX;
        if (first_touch(Vp, Xp, &te)) {
            const float f = ev * te - eX; /* where along the edge, in [0, 1] */
            if (f >= 0.0f && f <= 1.0f && te < best) {
                best = te, region = HORDE_FLAG_EDGE;
                k->q[0] = X[j][0] + e[0] * f, k->q[1] = X[j][1] + e[1] * f, k->q[2] = X[j][2] + e[2] * f;
            }
        }
    }
    for (int j = 0; j < 3; j++) {
        float tv = 0.0f;
        if (first_touch(V, X[j], &tv) && tv < best) {
            best = tv, region = HORDE_FLAG_VERTEX;
            k->q[0] = X[j][0], k->q[1] = X[j][1], k->q[2] = X[j][2];
        }
    }
    if (region)
        k->t = best;
    return region;
}

/* The world outputs of a sweep: contact point P + q R and the unit normal along dir / R
 * (+y when it is zero). */
static void world_result(const float p[3], const float r[3], const float inv[3], const contact *k,
                         const float dir[3], uint32_t flags, sweep_res *o)
{
    o->t = k->t, o->flags = flags;
    o->cx = o->cy = o->cz = o->nx = o->ny = o->nz = 0.0f;
    if (!(flags & HORDE_FLAG_HIT))
        return;
    o->cx = p[0] + k->q[0] * r[0], o->cy = p[1] + k->q[1] * r[1], o->cz = p[2] + k->q[2] * r[2];
    /* Divided by its largest component first: w.w of a direction with tiny components
     * is subnormal (or 0) and loses the bits the normal needs (|n| down to 0.9927). */
    const float wx = dir[0] * inv[0], wy = dir[1] * inv[1], wz = dir[2] * inv[2];
    const float m = horde_maxf(horde_maxf(fabsf(wx), fabsf(wy)), fabsf(wz));
    if (m > 0.0f) {
        const float ux = wx / m, uy = wy / m, uz = wz / m;
        const float kn = 1.0f / sqrtf(horde_dot3(ux, uy, uz, ux, uy, uz));
        o->nx = ux * kn, o->ny = uy * kn, o->nz = uz * kn;
    } else {
        o->ny = 1.0f;
    }
}

static void sweep_one(const float p[3], const float d[3], const float r[3], const float w[9],
                      sweep_res *o)
{
    const float inv[3] = {1.0f / r[0], 1.0f / r[1], 1.0f / r[2]};
    const float V[3] = {d[0] * inv[0], d[1] * inv[1], d[2] * inv[2]};
    float v[9]; /* the triangle in unit-sphere space, the sphere at the origin */
    for (int k = 0; k < 3; k++) {
        v[3 * k + 0] = (w[3 * k + 0] - p[0]) * inv[0];
        v[3 * k + 1] = (w[3 * k + 1] - p[1]) * inv[1];
        v[3 * k + 2] = (w[3 * k + 2] - p[2]) * inv[2];
    }
    horde_sphere_tri_closest c;
    horde_sphere_tri_closest_point(0.0f, 0.0f, 0.0f, v, &c);
    const int degen = (c.flags & HORDE_FLAG_DEGENERATE) != 0;
    const float qq = horde_dot3(c.dx, c.dy, c.dz, c.dx, c.dy, c.dz); /* |origin - Q|^2 */
    contact k = {1.0f, {0.0f, 0.0f, 0.0f}};
    float dir[3] = {0.0f, 0.0f, 0.0f};
    uint32_t flags = degen ? HORDE_FLAG_DEGENERATE : 0u;
    if (qq < 1.0f) { /* 1. already overlapping */
        k.t = 0.0f, k.q[0] = c.qx, k.q[1] = c.qy, k.q[2] = c.qz;
        flags |= HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE |
                 (c.flags & (HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX));
        if (qq > 0.0f)
            dir[0] = c.dx, dir[1] = c.dy, dir[2] = c.dz;
        else if (!degen)
            dir[0] = c.nx, dir[1] = c.ny, dir[2] = c.nz;
    } else {
        uint32_t region = !degen && face_contact(&c, v, V, &k) ? HORDE_FLAG_FACE : 0u;
        /* Reach: nothing can be touched when the start distance exceeds |V| + 1; tested
         * without a square root (HORDE_SWEEP_REACH_SCALE). */
        const float vv = horde_dot3(V[0], V[1], V[2], V[0], V[1], V[2]);
        if (!region && qq <= (vv + 1.0f) * HORDE_SWEEP_REACH_SCALE)
            region = edge_vertex_contact(v, V, &k);
        if (region) {
            flags |= region | HORDE_FLAG_HIT;
            dir[0] = V[0] * k.t - k.q[0], dir[1] = V[1] * k.t - k.q[1], dir[2] = V[2] * k.t - k.q[2];
        }
    }
    world_result(p, r, inv, &k, dir, flags, o);
}

HORDE_REFERENCE(sweep_sphere_tri)
{
    for (size_t i = 0; i < b->n; i++) {
        const float w[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                            t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        const float p[3] = {b->x[i], b->y[i], b->z[i]}, d[3] = {b->dx[i], b->dy[i], b->dz[i]};
        const float r[3] = {b->rx[i], b->ry[i], b->rz[i]};
        /* An invalid pair: t = 1 (as a miss), contact and normal +0. */
        sweep_res o = {1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, HORDE_FLAG_INVALID};
        int ok = 1;
        for (int k = 0; k < 9; k++)
            ok &= horde_sweep_sphere_tri_coord_ok(w[k]);
        for (int k = 0; k < 3; k++)
            ok &= horde_sweep_sphere_tri_coord_ok(p[k]) & horde_sweep_sphere_tri_coord_ok(d[k]) &
                  horde_sweep_sphere_tri_radius_ok(r[k]);
        if (ok)
            sweep_one(p, d, r, w, &o);
        b->out_t[i] = o.t;
        b->out_cx[i] = o.cx, b->out_cy[i] = o.cy, b->out_cz[i] = o.cz;
        b->out_nx[i] = o.nx, b->out_ny[i] = o.ny, b->out_nz[i] = o.nz;
        b->out_flags[i] = o.flags;
    }
}
