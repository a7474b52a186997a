/* Internal, per ISA: the branch-free sphere-triangle core, W pairs per call. It mirrors
 * horde_tri_closest_point / horde_sphere_tri_one (sphere_tri_pairs_ref.c) operation for
 * operation: every lane computes the face projection and the three edge projections and
 * selects what the reference's branches pick (the edge stage is skipped when every lane
 * is inside its face). Included by the templates. */
#ifndef HORDE_SPHERE_TRI_CORE_TMPL_H
#define HORDE_SPHERE_TRI_CORE_TMPL_H

#include "sphere_tri_common.h"
#include "wide.h"

static inline wf st_min(wf a, wf b) { return wf_sel(wf_lt(a, b), a, b); } /* a < b ? a : b */
static inline wf st_dot(wf ax, wf ay, wf az, wf bx, wf by, wf bz)
{
    return wf_add(wf_add(wf_mul(ax, bx), wf_mul(ay, by)), wf_mul(az, bz));
}

/* Triangle (9 coordinates). */
typedef struct st_tri {
    wf ax, ay, az, bx, by, bz, cx, cy, cz;
} st_tri;

typedef struct st_closest {
    wf qx, qy, qz, nx, ny, nz, nn, side;
    wi flags;  /* region | DEGENERATE */
    wi face;   /* mask */
    wi degen;  /* mask */
} st_closest;

static inline void st_closest_point(wf px, wf py, wf pz, const st_tri *t, st_closest *c)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf X[3][3] = {{t->ax, t->ay, t->az}, {t->bx, t->by, t->bz}, {t->cx, t->cy, t->cz}};
    wf E[3][3], L[3];
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        for (int k = 0; k < 3; k++)
            E[j][k] = wf_sub(X[j1][k], X[j][k]);
        L[j] = st_dot(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    }
    /* Longest edge: k0 (AB), k1 (BC), else CA; n = E[k+1] x E[k+2]. */
    const wi k0 = wi_and(wf_le(L[1], L[0]), wf_le(L[2], L[0]));
    const wi k1 = wi_andnot(k0, wf_le(L[2], L[1]));
    wf e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = wf_sel(k0, E[1][k], wf_sel(k1, E[2][k], E[0][k]));
        e2[k] = wf_sel(k0, E[2][k], wf_sel(k1, E[0][k], E[1][k]));
    }
    const wf l1 = wf_sel(k0, L[1], wf_sel(k1, L[2], L[0]));
    const wf l2 = wf_sel(k0, L[2], wf_sel(k1, L[0], L[1]));
    const wf nx = wf_sub(wf_mul(e1[1], e2[2]), wf_mul(e1[2], e2[1]));
    const wf ny = wf_sub(wf_mul(e1[2], e2[0]), wf_mul(e1[0], e2[2]));
    const wf nz = wf_sub(wf_mul(e1[0], e2[1]), wf_mul(e1[1], e2[0]));
    const wf nn = st_dot(nx, ny, nz, nx, ny, nz);
    const wi degen = wi_not(wf_gt(nn, wf_mul(wf_mul(wf_set(HORDE_TRI_DEGEN), l1), l2)));

    wf W_[3][3]; /* P - X[j] */
    for (int j = 0; j < 3; j++)
        W_[j][0] = wf_sub(px, X[j][0]), W_[j][1] = wf_sub(py, X[j][1]), W_[j][2] = wf_sub(pz, X[j][2]);
    wi inside = wi_not(degen);
    for (int j = 0; j < 3; j++) {
        const wf ux = wf_sub(wf_mul(ny, E[j][2]), wf_mul(nz, E[j][1]));
        const wf uy = wf_sub(wf_mul(nz, E[j][0]), wf_mul(nx, E[j][2]));
        const wf uz = wf_sub(wf_mul(nx, E[j][1]), wf_mul(ny, E[j][0]));
        inside = wi_and(inside, wf_le(zero, st_dot(ux, uy, uz, W_[j][0], W_[j][1], W_[j][2])));
    }
    const wf h = wf_div(st_dot(nx, ny, nz, W_[0][0], W_[0][1], W_[0][2]), wf_sel(inside, nn, one));
    wf qx = wf_sub(px, wf_mul(nx, h)), qy = wf_sub(py, wf_mul(ny, h)), qz = wf_sub(pz, wf_mul(nz, h));
    wi flags = wi_set((int32_t)HORDE_TRI_FACE);
    if (wi_any(wi_not(inside))) {
        wf best = wf_set(INFINITY), bx = zero, by = zero, bz = zero;
        wi breg = wi_set(0);
        for (int j = 0; j < 3; j++) {
            const wf pe = st_dot(W_[j][0], W_[j][1], W_[j][2], E[j][0], E[j][1], E[j][2]);
            const wi lpos = wf_gt(L[j], zero);
            const wf tt = st_min(wf_max(wf_sel(lpos, wf_div(pe, wf_sel(lpos, L[j], one)), zero), zero), one);
            const wf sx = wf_add(X[j][0], wf_mul(E[j][0], tt));
            const wf sy = wf_add(X[j][1], wf_mul(E[j][1], tt));
            const wf sz = wf_add(X[j][2], wf_mul(E[j][2], tt));
            const wf dx = wf_sub(px, sx), dy = wf_sub(py, sy), dz = wf_sub(pz, sz);
            const wf d2 = st_dot(dx, dy, dz, dx, dy, dz);
            const wi better = wf_lt(d2, best);
            best = wf_sel(better, d2, best);
            bx = wf_sel(better, sx, bx), by = wf_sel(better, sy, by), bz = wf_sel(better, sz, bz);
            const wi vtx = wi_or(wf_eq(tt, zero), wf_eq(tt, one));
            breg = wi_sel(better, wi_sel(vtx, wi_set((int32_t)HORDE_TRI_VERTEX), wi_set((int32_t)HORDE_TRI_EDGE)), breg);
        }
        qx = wf_sel(inside, qx, bx), qy = wf_sel(inside, qy, by), qz = wf_sel(inside, qz, bz);
        flags = wi_sel(inside, flags, breg);
    }
    c->qx = qx, c->qy = qy, c->qz = qz;
    c->nx = nx, c->ny = ny, c->nz = nz, c->nn = nn;
    c->side = wf_sel(wi_and(inside, wf_lt(h, zero)), wf_set(-1.0f), one);
    c->face = inside;
    c->flags = wi_or(flags, wi_and(degen, wi_set((int32_t)HORDE_TRI_DEGENERATE)));
    c->degen = degen;
}

/* horde_sphere_tri_one for W lanes. */
typedef struct st_res {
    wf qx, qy, qz, depth, px, py, pz;
    wi flags;
} st_res;

static inline void st_sphere_tri(wf px, wf py, wf pz, wf r, const st_tri *t, st_res *o)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    st_closest c;
    st_closest_point(px, py, pz, t, &c);
    const wf dx = wf_sub(px, c.qx), dy = wf_sub(py, c.qy), dz = wf_sub(pz, c.qz);
    const wf dd = st_dot(dx, dy, dz, dx, dy, dz);
    const wf dist = wf_sqrt(dd);
    const wf depth = wf_sub(r, dist);
    const wi over = wf_lt(dd, wf_mul(r, r));
    const wi pos = wf_gt(dist, zero);
    const wf k = wf_div(depth, wf_sel(pos, dist, one));
    wf pxo = wf_mul(dx, k), pyo = wf_mul(dy, k), pzo = wf_mul(dz, k);
    if (wi_any(c.face)) { /* along the face normal, to P's side */
        const wf kf = wf_mul(wf_div(depth, wf_sqrt(wf_sel(c.face, c.nn, one))), c.side);
        pxo = wf_sel(c.face, wf_mul(c.nx, kf), pxo);
        pyo = wf_sel(c.face, wf_mul(c.ny, kf), pyo);
        pzo = wf_sel(c.face, wf_mul(c.nz, kf), pzo);
    }
    const wi at0 = wi_andnot(wi_or(pos, c.face), over);
    if (wi_any(at0)) { /* centre on the triangle: the winding's normal, or +y if degenerate */
        const wi nd = wi_andnot(c.degen, at0);
        const wf k2 = wf_div(r, wf_sqrt(wf_sel(nd, c.nn, one)));
        pxo = wf_sel(at0, wf_sel(nd, wf_mul(c.nx, k2), zero), pxo);
        pyo = wf_sel(at0, wf_sel(nd, wf_mul(c.ny, k2), r), pyo);
        pzo = wf_sel(at0, wf_sel(nd, wf_mul(c.nz, k2), zero), pzo);
    }
    o->qx = c.qx, o->qy = c.qy, o->qz = c.qz, o->depth = depth;
    o->px = wf_sel(over, pxo, zero), o->py = wf_sel(over, pyo, zero), o->pz = wf_sel(over, pzo, zero);
    o->flags = wi_or(c.flags, wi_and(over, wi_set((int32_t)HORDE_TRI_OVERLAP)));
}

/* Valid-lane mask for 12 coordinates and a radius range; NaN fails. */
static inline wi st_coord_ok(wf v) { return wf_le(wf_abs(v), wf_set(HORDE_TRI_MAX_COORD)); }

#endif
