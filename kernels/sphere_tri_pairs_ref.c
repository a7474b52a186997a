/* Scalar reference for horde_sphere_tri_pairs. This file DEFINES the result; every SIMD
 * backend (sphere_tri_pairs_tmpl.c via sphere_tri_core_tmpl.h) must match it bit for bit.
 * Semantics: include/horde/sphere_tri.h.
 *
 * Closest point: the face when the centre projects inside the triangle, else the nearest
 * of the three edges (each a clamped segment projection), as in Ericson, Real-Time
 * Collision Detection (2005), 5.1.5, but with the normal taken as the cross product of
 * the two shorter edges: Ericson's region test by products of dot products loses about
 * all precision on needle triangles, and a cross product at the needle's tip does too. */
#include "sphere_tri_common.h"

static inline float fmax_sse(float a, float b) { return a > b ? a : b; } /* = maxps(a, b) */
static inline float fmin_sse(float a, float b) { return a < b ? a : b; } /* = minps(a, b) */
static inline float dot3(float ax, float ay, float az, float bx, float by, float bz)
{
    return ax * bx + ay * by + az * bz;
}

void horde_tri_closest_point(float px, float py, float pz, const float v[9], horde_tri_closest *c)
{
    /* Vertices X[j] and edges E[j] = X[j + 1] - X[j]: AB, BC, CA. */
    const float X[3][3] = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
    float E[3][3], L[3];
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        for (int k = 0; k < 3; k++)
            E[j][k] = X[j1][k] - X[j][k];
        L[j] = dot3(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    }
    /* Longest edge k (first of equal lengths); n from the two others. */
    const int k = (L[0] >= L[1] && L[0] >= L[2]) ? 0 : (L[1] >= L[2]) ? 1 : 2;
    const float *e1 = E[k == 2 ? 0 : k + 1], *e2 = E[k == 0 ? 2 : k - 1];
    const float nx = e1[1] * e2[2] - e1[2] * e2[1];
    const float ny = e1[2] * e2[0] - e1[0] * e2[2];
    const float nz = e1[0] * e2[1] - e1[1] * e2[0];
    const float nn = dot3(nx, ny, nz, nx, ny, nz);
    const float l1 = L[k == 2 ? 0 : k + 1], l2 = L[k == 0 ? 2 : k - 1];
    const int degenerate = !(nn > HORDE_TRI_DEGEN * l1 * l2);
    c->nx = nx, c->ny = ny, c->nz = nz, c->nn = nn, c->side = 1.0f;

    int inside = !degenerate;
    for (int j = 0; j < 3 && inside; j++) { /* (n x E[j]).(P - X[j]) >= 0 */
        const float ux = ny * E[j][2] - nz * E[j][1];
        const float uy = nz * E[j][0] - nx * E[j][2];
        const float uz = nx * E[j][1] - ny * E[j][0];
        inside = dot3(ux, uy, uz, px - X[j][0], py - X[j][1], pz - X[j][2]) >= 0.0f;
    }
    if (inside) {
        const float h = dot3(nx, ny, nz, px - X[0][0], py - X[0][1], pz - X[0][2]) / nn;
        c->qx = px - nx * h, c->qy = py - ny * h, c->qz = pz - nz * h;
        c->side = h >= 0.0f ? 1.0f : -1.0f;
        c->flags = HORDE_TRI_FACE;
        return;
    }
    /* The nearest edge point (first edge on ties). */
    float best = INFINITY;
    for (int j = 0; j < 3; j++) {
        const float wx = px - X[j][0], wy = py - X[j][1], wz = pz - X[j][2];
        const float pe = dot3(wx, wy, wz, E[j][0], E[j][1], E[j][2]);
        const float t = fmin_sse(fmax_sse(L[j] > 0.0f ? pe / L[j] : 0.0f, 0.0f), 1.0f);
        const float qx = X[j][0] + E[j][0] * t, qy = X[j][1] + E[j][1] * t, qz = X[j][2] + E[j][2] * t;
        const float dx = px - qx, dy = py - qy, dz = pz - qz;
        const float d2 = dot3(dx, dy, dz, dx, dy, dz);
        if (d2 < best) {
            best = d2;
            c->qx = qx, c->qy = qy, c->qz = qz;
            c->flags = (t == 0.0f || t == 1.0f) ? HORDE_TRI_VERTEX : HORDE_TRI_EDGE;
        }
    }
    if (degenerate)
        c->flags |= HORDE_TRI_DEGENERATE;
}

void horde_sphere_tri_one(float px, float py, float pz, float r, const float v[9],
                          horde_sphere_tri_res *o)
{
    horde_tri_closest c;
    horde_tri_closest_point(px, py, pz, v, &c);
    const float dx = px - c.qx, dy = py - c.qy, dz = pz - c.qz;
    const float dd = dot3(dx, dy, dz, dx, dy, dz);
    const float dist = sqrtf(dd);
    o->qx = c.qx, o->qy = c.qy, o->qz = c.qz;
    o->depth = r - dist;
    o->push_x = o->push_y = o->push_z = 0.0f;
    o->flags = c.flags;
    if (dd < r * r) {
        o->flags |= HORDE_TRI_OVERLAP;
        if (c.flags & HORDE_TRI_FACE) { /* along the face normal, to P's side */
            const float k = o->depth / sqrtf(c.nn) * c.side;
            o->push_x = c.nx * k, o->push_y = c.ny * k, o->push_z = c.nz * k;
        } else if (dist > 0.0f) {
            const float k = o->depth / dist;
            o->push_x = dx * k, o->push_y = dy * k, o->push_z = dz * k;
        } else if (!(c.flags & HORDE_TRI_DEGENERATE)) {
            const float k = r / sqrtf(c.nn);
            o->push_x = c.nx * k, o->push_y = c.ny * k, o->push_z = c.nz * k;
        } else {
            o->push_y = r;
        }
    }
}

void horde_sphere_tri_pairs_scalar(const horde_spheres *s, const horde_triangles *t,
                                   const horde_sphere_tri_out *out)
{
    for (size_t i = 0; i < s->n; i++) {
        const float v[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                            t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        const float px = s->x[i], py = s->y[i], pz = s->z[i], r = s->r[i];
        horde_sphere_tri_res o = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, HORDE_FLAG_INVALID};
        if (horde_tri_valid(v) && horde_tri_coord_ok(px) && horde_tri_coord_ok(py) &&
            horde_tri_coord_ok(pz) && r >= 0.0f && r <= HORDE_SPHERE_MAX_RADIUS)
            horde_sphere_tri_one(px, py, pz, r, v, &o);
        out->qx[i] = o.qx, out->qy[i] = o.qy, out->qz[i] = o.qz;
        out->depth[i] = o.depth;
        out->push_x[i] = o.push_x, out->push_y[i] = o.push_y, out->push_z[i] = o.push_z;
        out->flags[i] = o.flags;
    }
}
