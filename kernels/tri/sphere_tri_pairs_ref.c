/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_sphere_tri_pairs. This file DEFINES the result; every SIMD
 * backend (sphere_tri_pairs_tmpl.c via sphere_tri_core_tmpl.h) must match it bit for bit.
 * Semantics: include/horde/sphere_tri.h.
 *
 * Closest point: Ericson, Real-Time Collision Detection (2005), 5.1.5: Voronoi regions in
 * order with early exits, as a plain scalar implementation would, one division for the
 * chosen region. Unlike the book, the barycentric signs are (n x E).(P - X) with the
 * normal n taken as the cross product of the two shorter edges: the book's products of
 * dot products lose about all precision on needle triangles. */
#include <string.h>

#include "sphere_tri.h"

void horde_sphere_tri_closest_point(float px, float py, float pz, const float v[9], horde_sphere_tri_closest *c)
{
    /* Vertices X[j], edges E[j] = X[j + 1] - X[j] (AB, BC, CA), squared lengths L[j]. */
    const float X[3][3] = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
    float E[3][3], L[3], w[3][3], pe[3], s[3];
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        for (int k = 0; k < 3; k++)
            E[j][k] = X[j1][k] - X[j][k];
        L[j] = horde_dot3(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    }
    /* Longest edge k (first of equal lengths); n from the two others. */
    const int k = (L[0] >= L[1] && L[0] >= L[2]) ? 0 : (L[1] >= L[2]) ? 1 : 2;
    const int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    const float nx = E[k1][1] * E[k2][2] - E[k1][2] * E[k2][1];
    const float ny = E[k1][2] * E[k2][0] - E[k1][0] * E[k2][2];
    const float nz = E[k1][0] * E[k2][1] - E[k1][1] * E[k2][0];
    const float nn = horde_dot3(nx, ny, nz, nx, ny, nz);
    const int degenerate = !(nn > HORDE_TRI_DEGEN * L[k1] * L[k2]);
    c->nx = nx, c->ny = ny, c->nz = nz, c->nn = nn;

    for (int j = 0; j < 3; j++) {
        w[j][0] = px - X[j][0], w[j][1] = py - X[j][1], w[j][2] = pz - X[j][2];
        pe[j] = horde_dot3(w[j][0], w[j][1], w[j][2], E[j][0], E[j][1], E[j][2]);
    }
    /* Edge j's line separates P from the face: s[j] <= 0 (always, when degenerate). */
    for (int j = 0; j < 3; j++) {
        s[j] = 0.0f;
        if (!degenerate) {
            const float ux = ny * E[j][2] - nz * E[j][1];
            const float uy = nz * E[j][0] - nx * E[j][2];
            const float uz = nx * E[j][1] - ny * E[j][0];
            s[j] = horde_dot3(ux, uy, uz, w[j][0], w[j][1], w[j][2]);
        }
    }
    /* Regions in the book's order: A, B, AB, C, CA, BC, face. A vertex X[j] when P is
     * before edge j and past edge j - 1; an edge when P is outside it and within it. */
    int j;
    uint32_t region;
    if (pe[0] <= 0.0f && pe[2] >= L[2])
        j = 0, region = HORDE_FLAG_VERTEX;
    else if (pe[1] <= 0.0f && pe[0] >= L[0])
        j = 1, region = HORDE_FLAG_VERTEX;
    else if (s[0] <= 0.0f && pe[0] >= 0.0f && pe[0] <= L[0] && L[0] > 0.0f)
        j = 0, region = HORDE_FLAG_EDGE;
    else if (pe[2] <= 0.0f && pe[1] >= L[1])
        j = 2, region = HORDE_FLAG_VERTEX;
    else if (s[2] <= 0.0f && pe[2] >= 0.0f && pe[2] <= L[2] && L[2] > 0.0f)
        j = 2, region = HORDE_FLAG_EDGE;
    else if (s[1] <= 0.0f && pe[1] >= 0.0f && pe[1] <= L[1] && L[1] > 0.0f)
        j = 1, region = HORDE_FLAG_EDGE;
    else if (!degenerate)
        j = 0, region = HORDE_FLAG_FACE;
    else /* only by rounding: a degenerate triangle has no face */
        j = 0, region = HORDE_FLAG_VERTEX;

    c->on_edge = region == HORDE_FLAG_EDGE;
    c->ex = E[j][0], c->ey = E[j][1], c->ez = E[j][2];
    c->wx = w[j][0], c->wy = w[j][1], c->wz = w[j][2];
    {
        const int jp = j == 0 ? 2 : j - 1;
        c->ix = E[jp][0], c->iy = E[jp][1], c->iz = E[jp][2];
    }
    if (region == HORDE_FLAG_FACE) { /* Q = P - n h, d = n h */
        const float h = horde_dot3(nx, ny, nz, w[0][0], w[0][1], w[0][2]) / nn;
        c->dx = nx * h, c->dy = ny * h, c->dz = nz * h;
        c->qx = px - c->dx, c->qy = py - c->dy, c->qz = pz - c->dz;
    } else { /* Q = X + E t, d = P - Q */
        const float t = region == HORDE_FLAG_EDGE ? pe[j] / L[j] : 0.0f;
        c->qx = X[j][0] + E[j][0] * t, c->qy = X[j][1] + E[j][1] * t, c->qz = X[j][2] + E[j][2] * t;
        c->dx = px - c->qx, c->dy = py - c->qy, c->dz = pz - c->qz;
        if (region == HORDE_FLAG_EDGE && (t == 0.0f || t == 1.0f))
            region = HORDE_FLAG_VERTEX;
    }
    c->flags = region | (degenerate ? HORDE_FLAG_DEGENERATE : 0u);
}

/* The push direction of an edge contact: P's offset from the edge's LINE, perpendicular
 * to it. d = P - Q is that offset only up to the rounding of Q, whose error (an ulp of
 * the coordinates) points anywhere: for a centre within rounding of the edge it is the
 * whole of d, and the sphere would be pushed along the edge and stay overlapping. So the
 * offset is rebuilt from parts that are perpendicular to E by construction:
 *   face-bearing triangle: u = n x E (in the plane, pointing into the face), s = u.w
 *     (the region test's value, <= 0), h = n.w: offset = u (s / u.u) + n (h / n.n),
 *     outward in the plane or along the normal, never over the face;
 *   degenerate triangle: offset = d - E (d.E / E.E), d with its component along E
 *     removed (the other edges are within the degeneracy bound of E's line). */
static void edge_offset(const horde_sphere_tri_closest *c, float o[3])
{
    if (!(c->flags & HORDE_FLAG_DEGENERATE)) {
        const float ux = c->ny * c->ez - c->nz * c->ey;
        const float uy = c->nz * c->ex - c->nx * c->ez;
        const float uz = c->nx * c->ey - c->ny * c->ex;
        const float s = horde_dot3(ux, uy, uz, c->wx, c->wy, c->wz);
        const float uu = horde_dot3(ux, uy, uz, ux, uy, uz);
        const float h = horde_dot3(c->nx, c->ny, c->nz, c->wx, c->wy, c->wz);
        const float ks = uu > 0.0f ? s / uu : 0.0f; /* uu underflows for sub-2^-40 edges */
        const float kh = h / c->nn;
        o[0] = ux * ks + c->nx * kh, o[1] = uy * ks + c->ny * kh, o[2] = uz * ks + c->nz * kh;
    } else {
        const float L = horde_dot3(c->ex, c->ey, c->ez, c->ex, c->ey, c->ez);
        const float k = horde_dot3(c->dx, c->dy, c->dz, c->ex, c->ey, c->ez) / L;
        o[0] = c->dx - c->ex * k, o[1] = c->dy - c->ey * k, o[2] = c->dz - c->ez * k;
    }
}

/* The push direction of a vertex contact: d = P - X is exact, but the region tests that
 * chose the vertex round (their error grows with the edges, not with d), so for a centre
 * within rounding of a vertex d may point along an adjacent edge, and the sphere pushed
 * along it stayed on the edge. d is therefore projected onto the vertex's cone (the
 * directions that are no closer to either adjacent edge than perpendicular: d.Eo <= 0
 * for the edge out of X, d.Ei >= 0 for the edge into X): d itself when it is inside; else
 * its projection onto the violated edge's perpendicular plane, if that lies in the cone
 * (the longer one when both do); else the line where the two planes meet, the face
 * normal (nothing, for a degenerate triangle: then the centre counts as on it). */
static float dot3v(const float a[3], const float b[3]) { return horde_dot3(a[0], a[1], a[2], b[0], b[1], b[2]); }

static void vertex_offset(const horde_sphere_tri_closest *c, float o[3])
{
    const float d[3] = {c->dx, c->dy, c->dz}, eo[3] = {c->ex, c->ey, c->ez}, ei[3] = {c->ix, c->iy, c->iz};
    const float da = dot3v(d, eo), di = dot3v(d, ei);
    memcpy(o, d, sizeof d);
    if (!(da > 0.0f) && !(di < 0.0f))
        return;
    const float lo = dot3v(eo, eo), li = dot3v(ei, ei);
    float pa[3], pi[3];
    const float ka = da / (lo > 0.0f ? lo : 1.0f), ki = di / (li > 0.0f ? li : 1.0f);
    for (int k = 0; k < 3; k++)
        pa[k] = d[k] - eo[k] * ka, pi[k] = d[k] - ei[k] * ki;
    const int a_ok = da > 0.0f && lo > 0.0f && !(dot3v(pa, ei) < 0.0f);
    const int i_ok = di < 0.0f && li > 0.0f && !(dot3v(pi, eo) > 0.0f);
    const int take_a = a_ok && !(i_ok && dot3v(pi, pi) > dot3v(pa, pa));
    if (take_a) {
        memcpy(o, pa, sizeof pa);
    } else if (i_ok) {
        memcpy(o, pi, sizeof pi);
    } else if (!(c->flags & HORDE_FLAG_DEGENERATE)) {
        const float n[3] = {c->nx, c->ny, c->nz};
        const float kn = dot3v(d, n) / c->nn;
        for (int k = 0; k < 3; k++)
            o[k] = n[k] * kn;
    } else {
        o[0] = o[1] = o[2] = 0.0f;
    }
}

/* Centre exactly on a degenerate triangle (a segment or a point): push perpendicular to
 * its longest edge E, along the part of "up" perpendicular to E (of the x axis when E is
 * within 45 degrees of vertical: the subtraction then keeps at least half of the axis),
 * or straight up for a point (a plain (0, r, 0) would leave a sphere on a slanted
 * segment overlapping it). */
static void degenerate_on_push(const float v[9], float r, float push[3])
{
    float E[3][3], L[3];
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        for (int k = 0; k < 3; k++)
            E[j][k] = v[3 * j1 + k] - v[3 * j + k];
        L[j] = horde_dot3(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    }
    const int k = (L[0] >= L[1] && L[0] >= L[2]) ? 0 : (L[1] >= L[2]) ? 1 : 2;
    const float *e = E[k], l = L[k];
    push[0] = 0.0f, push[1] = r, push[2] = 0.0f;
    if (!(l > 0.0f))
        return;
    const int steep = e[1] * e[1] > l * 0.5f;
    const float ax = steep ? 1.0f : 0.0f, ay = steep ? 0.0f : 1.0f;
    const float t = (steep ? e[0] : e[1]) / l;
    const float ux = ax - e[0] * t, uy = ay - e[1] * t, uz = 0.0f - e[2] * t;
    const float kk = r / sqrtf(horde_dot3(ux, uy, uz, ux, uy, uz));
    push[0] = ux * kk, push[1] = uy * kk, push[2] = uz * kk;
}

void horde_sphere_tri_one(float px, float py, float pz, float r, const float v[9],
                          horde_sphere_tri_res *o)
{
    horde_sphere_tri_closest c;
    horde_sphere_tri_closest_point(px, py, pz, v, &c);
    const float dd = horde_dot3(c.dx, c.dy, c.dz, c.dx, c.dy, c.dz);
    const float dist = sqrtf(dd);
    o->qx = c.qx, o->qy = c.qy, o->qz = c.qz;
    o->depth = r - dist;
    o->push_x = o->push_y = o->push_z = 0.0f;
    o->flags = c.flags;
    if (!(dd < r * r))
        return;
    o->flags |= HORDE_FLAG_OVERLAP;
    /* The push direction: d (face: exactly along n; vertex: P - X, exact up to one
     * rounding per coordinate), or the edge offset; its length is what the sphere
     * lacks along it. */
    float a[3] = {c.dx, c.dy, c.dz};
    if (c.on_edge)
        edge_offset(&c, a);
    else if (c.flags & HORDE_FLAG_VERTEX)
        vertex_offset(&c, a);
    const float len = sqrtf(horde_dot3(a[0], a[1], a[2], a[0], a[1], a[2]));
    if (len > 0.0f) {
        const float k = horde_maxf(r - len, 0.0f) / len;
        o->push_x = a[0] * k, o->push_y = a[1] * k, o->push_z = a[2] * k;
    } else if (!(c.flags & HORDE_FLAG_DEGENERATE)) {
        const float k = r / sqrtf(c.nn);
        o->push_x = c.nx * k, o->push_y = c.ny * k, o->push_z = c.nz * k;
    } else {
        float p[3];
        degenerate_on_push(v, r, p);
        o->push_x = p[0], o->push_y = p[1], o->push_z = p[2];
    }
}

HORDE_REFERENCE(sphere_tri_pairs)
{
    for (size_t i = 0; i < b->n; i++) {
        const float v[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                            t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        const float px = b->x[i], py = b->y[i], pz = b->z[i], r = b->r[i];
        /* An invalid pair: depth -INFINITY (never the deepest), the rest +0. */
        horde_sphere_tri_res o = {0.0f, 0.0f, 0.0f, -INFINITY, 0.0f, 0.0f, 0.0f, HORDE_FLAG_INVALID};
        if (horde_sphere_tri_valid(v) && horde_sphere_tri_coord_ok(px) && horde_sphere_tri_coord_ok(py) &&
            horde_sphere_tri_coord_ok(pz) && r >= 0.0f && r <= HORDE_SPHERE_TRI_MAX_RADIUS)
            horde_sphere_tri_one(px, py, pz, r, v, &o);
        b->out_qx[i] = o.qx, b->out_qy[i] = o.qy, b->out_qz[i] = o.qz;
        b->out_depth[i] = o.depth;
        b->out_push_x[i] = o.push_x, b->out_push_y[i] = o.push_y, b->out_push_z[i] = o.push_z;
        b->out_flags[i] = o.flags;
    }
}
