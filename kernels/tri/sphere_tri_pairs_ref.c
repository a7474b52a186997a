/* Scalar reference for horde_sphere_tri_pairs. This file DEFINES the result; every SIMD
 * backend (sphere_tri_pairs_tmpl.c via sphere_tri_core_tmpl.h) must match it bit for bit.
 * Semantics: include/horde/sphere_tri.h.
 *
 * Closest point: Ericson, Real-Time Collision Detection (2005), 5.1.5: Voronoi regions in
 * order with early exits, as a plain scalar implementation would, one division for the
 * chosen region. Unlike the book, the barycentric signs are (n x E).(P - X) with the
 * normal n taken as the cross product of the two shorter edges: the book's products of
 * dot products lose about all precision on needle triangles. */
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
        j = 0, region = HORDE_TRI_VERTEX;
    else if (pe[1] <= 0.0f && pe[0] >= L[0])
        j = 1, region = HORDE_TRI_VERTEX;
    else if (s[0] <= 0.0f && pe[0] >= 0.0f && pe[0] <= L[0] && L[0] > 0.0f)
        j = 0, region = HORDE_TRI_EDGE;
    else if (pe[2] <= 0.0f && pe[1] >= L[1])
        j = 2, region = HORDE_TRI_VERTEX;
    else if (s[2] <= 0.0f && pe[2] >= 0.0f && pe[2] <= L[2] && L[2] > 0.0f)
        j = 2, region = HORDE_TRI_EDGE;
    else if (s[1] <= 0.0f && pe[1] >= 0.0f && pe[1] <= L[1] && L[1] > 0.0f)
        j = 1, region = HORDE_TRI_EDGE;
    else if (!degenerate)
        j = 0, region = HORDE_TRI_FACE;
    else /* only by rounding: a degenerate triangle has no face */
        j = 0, region = HORDE_TRI_VERTEX;

    if (region == HORDE_TRI_FACE) { /* Q = P - n h, d = n h */
        const float h = horde_dot3(nx, ny, nz, w[0][0], w[0][1], w[0][2]) / nn;
        c->dx = nx * h, c->dy = ny * h, c->dz = nz * h;
        c->qx = px - c->dx, c->qy = py - c->dy, c->qz = pz - c->dz;
    } else { /* Q = X + E t, d = P - Q */
        const float t = region == HORDE_TRI_EDGE ? pe[j] / L[j] : 0.0f;
        c->qx = X[j][0] + E[j][0] * t, c->qy = X[j][1] + E[j][1] * t, c->qz = X[j][2] + E[j][2] * t;
        c->dx = px - c->qx, c->dy = py - c->qy, c->dz = pz - c->qz;
        if (region == HORDE_TRI_EDGE && (t == 0.0f || t == 1.0f))
            region = HORDE_TRI_VERTEX;
    }
    c->flags = region | (degenerate ? HORDE_TRI_DEGENERATE : 0u);
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
    if (dd < r * r) {
        o->flags |= HORDE_TRI_OVERLAP;
        if (dist > 0.0f) {
            const float k = o->depth / dist;
            o->push_x = c.dx * k, o->push_y = c.dy * k, o->push_z = c.dz * k;
        } else if (!(c.flags & HORDE_TRI_DEGENERATE)) {
            const float k = r / sqrtf(c.nn);
            o->push_x = c.nx * k, o->push_y = c.ny * k, o->push_z = c.nz * k;
        } else {
            o->push_y = r;
        }
    }
}

HORDE_REFERENCE(sphere_tri_pairs)
{
    for (size_t i = 0; i < s->n; i++) {
        const float v[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                            t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        const float px = s->x[i], py = s->y[i], pz = s->z[i], r = s->r[i];
        horde_sphere_tri_res o = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, HORDE_FLAG_INVALID};
        if (horde_sphere_tri_valid(v) && horde_sphere_tri_coord_ok(px) && horde_sphere_tri_coord_ok(py) &&
            horde_sphere_tri_coord_ok(pz) && r >= 0.0f && r <= HORDE_SPHERE_MAX_RADIUS)
            horde_sphere_tri_one(px, py, pz, r, v, &o);
        out->qx[i] = o.qx, out->qy[i] = o.qy, out->qz[i] = o.qz;
        out->depth[i] = o.depth;
        out->push_x[i] = o.push_x, out->push_y[i] = o.push_y, out->push_z[i] = o.push_z;
        out->flags[i] = o.flags;
    }
}
