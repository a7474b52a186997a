/* SPDX-License-Identifier: MIT */
/* Internal, per ISA: the branch-free sphere-triangle core, W pairs per call. It mirrors
 * horde_sphere_tri_closest_point / horde_sphere_tri_one (sphere_tri_pairs_ref.c) operation for
 * operation: every lane evaluates all of the region tests, takes the first that holds
 * (the reference's early exits, in order), and keeps that region's division (of the
 * reference's operands) and formula. Included by the templates. */
#ifndef HORDE_SPHERE_TRI_CORE_TMPL_H
#define HORDE_SPHERE_TRI_CORE_TMPL_H

#include "sphere_tri.h"
#include "simd/wide.h"

/* The core is large; without forcing, GCC keeps it out of line and passes every lane
 * vector through the stack. */
#if defined(__GNUC__)
#define SPHERE_TRI_INLINE static inline __attribute__((always_inline))
#else
#define SPHERE_TRI_INLINE static inline
#endif

/* Triangle (9 coordinates). */
typedef struct sphere_tri_tri {
    wf ax, ay, az, bx, by, bz, cx, cy, cz;
} sphere_tri_tri;

typedef struct sphere_tri_closest {
    wf qx, qy, qz, dx, dy, dz, nx, ny, nz, nn;
    wi flags;  /* region | DEGENERATE */
    wi degen;  /* mask */
    wi edge;   /* mask: an edge region (also when t came out 0 or 1) */
    wi face;   /* mask: the face region */
    wf ex, ey, ez, wx, wy, wz; /* the region's edge E[j] and w = P - X[j] */
    wf ix, iy, iz;             /* E[j - 1], the edge into X[j] */
} sphere_tri_closest;

/* The closest point in three steps: the triangle's frame, then P's region and
 * parameter, then the point. Each step recomputes the edges it needs from the vertices
 * with the same operations (inlined together, the compiler merges them), so the bits
 * are those of one pass. */
typedef struct sphere_tri_frame {
    wf nx, ny, nz, nn, L[3];
    wi degen; /* mask */
} sphere_tri_frame;

typedef struct sphere_tri_region {
    wf tq;             /* face: n.w0 / n.n; edge j: pe / L; vertex: 0 */
    wi face, edge, j1, j2; /* masks; the vertex or edge j is 1 (j1), 2 (j2), else 0 */
} sphere_tri_region;

/* Edges AB, BC, CA: E[j] = X[j + 1] - X[j]. */
SPHERE_TRI_INLINE void sphere_tri_edges(const sphere_tri_tri *t, wf E[3][3])
{
    const wf X[3][3] = {{t->ax, t->ay, t->az}, {t->bx, t->by, t->bz}, {t->cx, t->cy, t->cz}};
    for (int j = 0; j < 3; j++) {
        const int j1 = j == 2 ? 0 : j + 1;
        for (int k = 0; k < 3; k++)
            E[j][k] = wf_sub(X[j1][k], X[j][k]);
    }
}

/* The longest of the edges E (the first of equal squared lengths): e, its squared length
 * returned. */
SPHERE_TRI_INLINE wf sphere_tri_longest_edge(wf E[3][3], wf e[3])
{
    wf L[3];
    for (int j = 0; j < 3; j++)
        L[j] = wf_dot3(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    const wi k0 = wi_and(wf_le(L[1], L[0]), wf_le(L[2], L[0]));
    const wi k1 = wi_andnot(k0, wf_le(L[2], L[1]));
    for (int a = 0; a < 3; a++)
        e[a] = wf_sel(k0, E[0][a], wf_sel(k1, E[1][a], E[2][a]));
    return wf_sel(k0, L[0], wf_sel(k1, L[1], L[2]));
}

/* Squared edge lengths; n from the two edges other than the longest (first of equal
 * lengths: AB, BC, CA); degenerate when n.n <= DEGEN l1 l2. */
SPHERE_TRI_INLINE void sphere_tri_frame_of(const sphere_tri_tri *t, sphere_tri_frame *f)
{
    wf E[3][3];
    sphere_tri_edges(t, E);
    for (int j = 0; j < 3; j++)
        f->L[j] = wf_dot3(E[j][0], E[j][1], E[j][2], E[j][0], E[j][1], E[j][2]);
    const wf *L = f->L;
    const wi k0 = wi_and(wf_le(L[1], L[0]), wf_le(L[2], L[0]));
    const wi k1 = wi_andnot(k0, wf_le(L[2], L[1]));
    wf e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = wf_sel(k0, E[1][k], wf_sel(k1, E[2][k], E[0][k]));
        e2[k] = wf_sel(k0, E[2][k], wf_sel(k1, E[0][k], E[1][k]));
    }
    f->nx = wf_sub(wf_mul(e1[1], e2[2]), wf_mul(e1[2], e2[1]));
    f->ny = wf_sub(wf_mul(e1[2], e2[0]), wf_mul(e1[0], e2[2]));
    f->nz = wf_sub(wf_mul(e1[0], e2[1]), wf_mul(e1[1], e2[0]));
    f->nn = wf_dot3(f->nx, f->ny, f->nz, f->nx, f->ny, f->nz);
    const wf l1 = wf_sel(k0, L[1], wf_sel(k1, L[2], L[0]));
    const wf l2 = wf_sel(k0, L[2], wf_sel(k1, L[0], L[1]));
    f->degen = wi_not(wf_gt(f->nn, wf_mul(wf_mul(wf_set(HORDE_TRI_DEGEN), l1), l2)));
}

SPHERE_TRI_INLINE void sphere_tri_region_of(wf px, wf py, wf pz, const sphere_tri_tri *t, const sphere_tri_frame *f, sphere_tri_region *r)
{
    /* Ordered to keep few vectors live (the block is bound by its operation count and
     * by spills): per edge j, w, pe and s are made and reduced at once; the regions
     * are masks combined with and-not; choices with a zero side are ands. */
    const wf zero = wf_set(0.0f);
    const wf X[3][3] = {{t->ax, t->ay, t->az}, {t->bx, t->by, t->bz}, {t->cx, t->cy, t->cz}};
    const wf nx = f->nx, ny = f->ny, nz = f->nz, *L = f->L;
    wf E[3][3];
    sphere_tri_edges(t, E);
    /* Per edge: pe = w.E, s = (n x E).w (+0 when degenerate), w = P - X[j]; the face's
     * n.w0 while w0 is at hand. */
    wf pe[3], s[3], fnum = zero;
    for (int j = 0; j < 3; j++) {
        const wf wx = wf_sub(px, X[j][0]), wy = wf_sub(py, X[j][1]), wz = wf_sub(pz, X[j][2]);
        pe[j] = wf_dot3(wx, wy, wz, E[j][0], E[j][1], E[j][2]);
        const wf ux = wf_sub(wf_mul(ny, E[j][2]), wf_mul(nz, E[j][1]));
        const wf uy = wf_sub(wf_mul(nz, E[j][0]), wf_mul(nx, E[j][2]));
        const wf uz = wf_sub(wf_mul(nx, E[j][1]), wf_mul(ny, E[j][0]));
        s[j] = wf_as(wi_andnot(f->degen, wi_as(wf_dot3(ux, uy, uz, wx, wy, wz))));
        if (j == 0)
            fnum = wf_dot3(nx, ny, nz, wx, wy, wz);
    }
    /* Regions in the reference's order: A, B, AB, C, CA, BC, face. Vertex X[j]: before
     * edge j and past edge j - 1; edge j: outside it (s <= 0) and within it. */
    wi le0[3], geL[3], inE[3];
    for (int j = 0; j < 3; j++) {
        le0[j] = wf_le(pe[j], zero);
        geL[j] = wf_le(L[j], pe[j]);
        inE[j] = wi_and(wi_and(wf_le(s[j], zero), wf_gt(L[j], zero)),
                        wi_andnot(wf_lt(pe[j], zero), wf_le(pe[j], L[j])));
    }
    const wi mA = wi_and(le0[0], geL[2]);
    wi taken = mA;
    const wi mB = wi_andnot(taken, wi_and(le0[1], geL[0]));
    taken = wi_or(taken, mB);
    const wi mAB = wi_andnot(taken, inE[0]);
    taken = wi_or(taken, mAB);
    const wi mC = wi_andnot(taken, wi_and(le0[2], geL[1]));
    taken = wi_or(taken, mC);
    const wi mCA = wi_andnot(taken, inE[2]);
    taken = wi_or(taken, mCA);
    const wi mBC = wi_andnot(taken, inE[1]);
    taken = wi_or(taken, mBC);
    r->face = wi_not(wi_or(taken, f->degen));
    r->edge = wi_or(wi_or(mAB, mCA), mBC);
    r->j1 = wi_or(mB, mBC), r->j2 = wi_or(mC, mCA);

    /* Face: tq = n.w0 / n.n; edge j: pe / L; vertex: +0 (the reference's 0 / 1). With a
     * vector divide, every quotient is made before the regions are known and the
     * region's is kept (the same operands, so the same bits): the division need not wait
     * for the region. The quotients a lane discards may be 0 / 0 or x / 0; with the call's
     * exceptions masked (HORDE_CALL) they only raise flags, and a select drops them. */
#if defined(HORDE_WIDE_DIV_PER_LANE)
    const wf pej = wf_sel(r->j1, pe[1], wf_sel(r->j2, pe[2], pe[0]));
    const wf lj = wf_sel(r->j1, L[1], wf_sel(r->j2, L[2], L[0]));
    const wf num = wf_sel(r->face, fnum, wf_as(wi_and(r->edge, wi_as(pej))));
    const wf den = wf_sel(r->face, f->nn, wf_sel(r->edge, lj, wf_set(1.0f)));
    r->tq = wf_div(num, den);
#else
    const wf qe[3] = {wf_div(pe[0], L[0]), wf_div(pe[1], L[1]), wf_div(pe[2], L[2])};
    const wf qj = wf_sel(r->j1, qe[1], wf_sel(r->j2, qe[2], qe[0]));
    r->tq = wf_sel(r->face, wf_div(fnum, f->nn), wf_as(wi_and(r->edge, wi_as(qj))));
#endif
}

SPHERE_TRI_INLINE void sphere_tri_closest_from(wf px, wf py, wf pz, const sphere_tri_tri *t, const sphere_tri_frame *f,
                               const sphere_tri_region *r, sphere_tri_closest *c)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf X[3][3] = {{t->ax, t->ay, t->az}, {t->bx, t->by, t->bz}, {t->cx, t->cy, t->cz}};
    const wf tq = r->tq;
    /* Face: d = n h, Q = P - d. Edge / vertex: Q = X + E t, d = P - Q. */
    wf q[3], d[3], e[3], w[3], ei[3];
    const wf P[3] = {px, py, pz}, N[3] = {f->nx, f->ny, f->nz};
    for (int k = 0; k < 3; k++) {
        const wf xj = wf_sel(r->j1, X[1][k], wf_sel(r->j2, X[2][k], X[0][k]));
        const wf xj1 = wf_sel(r->j1, X[2][k], wf_sel(r->j2, X[0][k], X[1][k]));
        const wf xjp = wf_sel(r->j1, X[0][k], wf_sel(r->j2, X[1][k], X[2][k]));
        e[k] = wf_sub(xj1, xj), w[k] = wf_sub(P[k], xj), ei[k] = wf_sub(xj, xjp);
        const wf eq = wf_add(xj, wf_mul(e[k], tq));
        const wf fd = wf_mul(N[k], tq);
        q[k] = wf_sel(r->face, wf_sub(P[k], fd), eq);
        d[k] = wf_sel(r->face, fd, wf_sub(P[k], eq));
    }
    c->qx = q[0], c->qy = q[1], c->qz = q[2];
    c->dx = d[0], c->dy = d[1], c->dz = d[2];
    c->ex = e[0], c->ey = e[1], c->ez = e[2];
    c->wx = w[0], c->wy = w[1], c->wz = w[2];
    c->ix = ei[0], c->iy = ei[1], c->iz = ei[2];
    c->edge = r->edge, c->face = r->face;
    /* FACE, else EDGE strictly inside the edge (t not 0 or 1), else VERTEX. */
    const wi tend = wi_or(wf_eq(tq, zero), wf_eq(tq, one));
    const wi isedge = wi_andnot(tend, r->edge);
    const wi flags = wi_sel(r->face, wi_set((int32_t)HORDE_FLAG_FACE),
                            wi_sel(isedge, wi_set((int32_t)HORDE_FLAG_EDGE), wi_set((int32_t)HORDE_FLAG_VERTEX)));
    c->nx = f->nx, c->ny = f->ny, c->nz = f->nz, c->nn = f->nn;
    c->flags = wi_or(flags, wi_and(f->degen, wi_set((int32_t)HORDE_FLAG_DEGENERATE)));
    c->degen = f->degen;
}

SPHERE_TRI_INLINE void sphere_tri_closest_point(wf px, wf py, wf pz, const sphere_tri_tri *t, sphere_tri_closest *c)
{
    sphere_tri_frame f;
    sphere_tri_region r;
    sphere_tri_frame_of(t, &f);
    sphere_tri_region_of(px, py, pz, t, &f, &r);
    sphere_tri_closest_from(px, py, pz, t, &f, &r, c);
}

/* horde_sphere_tri_one for W lanes. */
typedef struct sphere_tri_res {
    wf qx, qy, qz, depth, px, py, pz;
    wi flags;
} sphere_tri_res;

/* edge_offset of sphere_tri_pairs_ref.c on every lane: P's offset from the region's
 * edge line, perpendicular to it by construction (u (s / u.u) + n (h / n.n) for a
 * face-bearing triangle, d less its part along E for a degenerate one). Only the lanes of
 * need are used, so the degenerate form is made only when one of them is degenerate. */
SPHERE_TRI_INLINE void sphere_tri_edge_offset(const sphere_tri_closest *c, wi need, wf o[3])
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf ux = wf_sub(wf_mul(c->ny, c->ez), wf_mul(c->nz, c->ey));
    const wf uy = wf_sub(wf_mul(c->nz, c->ex), wf_mul(c->nx, c->ez));
    const wf uz = wf_sub(wf_mul(c->nx, c->ey), wf_mul(c->ny, c->ex));
    const wf s = wf_dot3(ux, uy, uz, c->wx, c->wy, c->wz);
    const wf uu = wf_dot3(ux, uy, uz, ux, uy, uz);
    const wf h = wf_dot3(c->nx, c->ny, c->nz, c->wx, c->wy, c->wz);
    const wi upos = wf_gt(uu, zero);
    const wf ks = wf_sel(upos, wf_div(s, wf_sel(upos, uu, one)), zero);
    const wf kh = wf_div(h, wf_sel(c->degen, one, c->nn));
    const wf U[3] = {ux, uy, uz}, N[3] = {c->nx, c->ny, c->nz};
    for (int a = 0; a < 3; a++)
        o[a] = wf_add(wf_mul(U[a], ks), wf_mul(N[a], kh));
    if (!wi_any(wi_and(need, c->degen)))
        return;
    const wf L = wf_dot3(c->ex, c->ey, c->ez, c->ex, c->ey, c->ez);
    const wi lpos = wf_gt(L, zero);
    const wf k = wf_div(wf_dot3(c->dx, c->dy, c->dz, c->ex, c->ey, c->ez), wf_sel(lpos, L, one));
    const wf D[3] = {c->dx, c->dy, c->dz}, E[3] = {c->ex, c->ey, c->ez};
    for (int a = 0; a < 3; a++)
        o[a] = wf_sel(c->degen, wf_sub(D[a], wf_mul(E[a], k)), o[a]);
}

/* vertex_offset of the reference on the lanes of need (the others are discarded): d
 * projected onto the vertex's cone. d is inside the cone on about every vertex lane, so
 * the projections are made only when a lane of need is outside it: asked of every lane
 * (they hold other regions' values), the test holds in most blocks. */
SPHERE_TRI_INLINE void sphere_tri_vertex_offset(const sphere_tri_closest *c, wi need, wf o[3])
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf d[3] = {c->dx, c->dy, c->dz}, eo[3] = {c->ex, c->ey, c->ez}, ei[3] = {c->ix, c->iy, c->iz};
    const wf n[3] = {c->nx, c->ny, c->nz};
    const wf da = wf_dot3(d[0], d[1], d[2], eo[0], eo[1], eo[2]);
    const wf di = wf_dot3(d[0], d[1], d[2], ei[0], ei[1], ei[2]);
    const wi va = wf_gt(da, zero), vi = wf_lt(di, zero);
    o[0] = d[0], o[1] = d[1], o[2] = d[2];
    if (!wi_any(wi_and(need, wi_or(va, vi))))
        return;
    const wf lo = wf_dot3(eo[0], eo[1], eo[2], eo[0], eo[1], eo[2]);
    const wf li = wf_dot3(ei[0], ei[1], ei[2], ei[0], ei[1], ei[2]);
    const wi lop = wf_gt(lo, zero), lip = wf_gt(li, zero);
    const wf ka = wf_div(da, wf_sel(lop, lo, one)), ki = wf_div(di, wf_sel(lip, li, one));
    wf pa[3], pi[3];
    for (int k = 0; k < 3; k++)
        pa[k] = wf_sub(d[k], wf_mul(eo[k], ka)), pi[k] = wf_sub(d[k], wf_mul(ei[k], ki));
    const wi a_ok = wi_andnot(wf_lt(wf_dot3(pa[0], pa[1], pa[2], ei[0], ei[1], ei[2]), zero), wi_and(va, lop));
    const wi i_ok = wi_andnot(wf_gt(wf_dot3(pi[0], pi[1], pi[2], eo[0], eo[1], eo[2]), zero), wi_and(vi, lip));
    const wi i_longer = wf_gt(wf_dot3(pi[0], pi[1], pi[2], pi[0], pi[1], pi[2]),
                              wf_dot3(pa[0], pa[1], pa[2], pa[0], pa[1], pa[2]));
    const wi take_a = wi_andnot(wi_and(i_ok, i_longer), a_ok);
    const wi inside = wi_not(wi_or(va, vi));
    const wf kn = wf_div(wf_dot3(d[0], d[1], d[2], n[0], n[1], n[2]), wf_sel(c->degen, one, c->nn));
    for (int k = 0; k < 3; k++) {
        const wf line = wf_as(wi_andnot(c->degen, wi_as(wf_mul(n[k], kn))));
        o[k] = wf_sel(inside, d[k], wf_sel(take_a, pa[k], wf_sel(i_ok, pi[k], line)));
    }
}

/* degenerate_on_push of the reference on every lane: perpendicular to the longest edge,
 * along the part of up (of x when the edge is steep) perpendicular to it; up for a
 * point. */
SPHERE_TRI_INLINE void sphere_tri_degenerate_on_push(const sphere_tri_tri *t, wf r, wf p[3])
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f), half = wf_set(0.5f);
    wf E[3][3], e[3];
    sphere_tri_edges(t, E);
    const wf l = sphere_tri_longest_edge(E, e);
    const wi lpos = wf_gt(l, zero);
    const wi steep = wf_gt(wf_mul(e[1], e[1]), wf_mul(l, half));
    const wf ax = wf_sel(steep, one, zero), ay = wf_sel(steep, zero, one);
    const wf tt = wf_div(wf_sel(steep, e[0], e[1]), wf_sel(lpos, l, one));
    const wf ux = wf_sub(ax, wf_mul(e[0], tt)), uy = wf_sub(ay, wf_mul(e[1], tt)),
             uz = wf_sub(zero, wf_mul(e[2], tt));
    const wf uu = wf_dot3(ux, uy, uz, ux, uy, uz);
    const wf kk = wf_div(r, wf_sqrt(wf_sel(lpos, uu, one)));
    p[0] = wf_sel(lpos, wf_mul(ux, kk), zero);
    p[1] = wf_sel(lpos, wf_mul(uy, kk), r);
    p[2] = wf_sel(lpos, wf_mul(uz, kk), zero);
}

/* The push of lanes at0 (overlapping, no push direction: the centre is on the
 * triangle): along n, or degenerate_on_push. Other lanes keep p. */
SPHERE_TRI_INLINE void sphere_tri_push_at0(wi at0, const sphere_tri_closest *c, const sphere_tri_tri *t, wf r, wf p[3])
{
    const wf one = wf_set(1.0f);
    const wi nd = wi_andnot(c->degen, at0);
    const wf k2 = wf_div(r, wf_sqrt(wf_sel(nd, c->nn, one)));
    wf dg[3];
    sphere_tri_degenerate_on_push(t, r, dg);
    const wf N[3] = {c->nx, c->ny, c->nz};
    for (int a = 0; a < 3; a++)
        p[a] = wf_sel(at0, wf_sel(nd, wf_mul(N[a], k2), dg[a]), p[a]);
}

/* The sphere part of horde_sphere_tri_one, from the closest point c, except for the
 * push of the lanes returned (no push direction: sphere_tri_push_at0). The direction is
 * d, or the edge offset on edge lanes (only computed when an overlapping lane has one:
 * otherwise its length is dist, bit for bit). */
SPHERE_TRI_INLINE wi sphere_tri_sphere_main(const sphere_tri_closest *c, wf r, sphere_tri_res *o)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf dd = wf_dot3(c->dx, c->dy, c->dz, c->dx, c->dy, c->dz);
    const wf dist = wf_sqrt(dd);
    const wf depth = wf_sub(r, dist);
    const wi over = wf_lt(dd, wf_mul(r, r));
    wf a[3] = {c->dx, c->dy, c->dz}, len = dist;
    const wi vertex = wi_not(wi_or(c->edge, c->face));
    int changed = 0;
    const wi need_e = wi_and(over, c->edge), need_v = wi_and(over, vertex);
    if (wi_any(need_e)) {
        wf eo[3];
        sphere_tri_edge_offset(c, need_e, eo);
        for (int k = 0; k < 3; k++)
            a[k] = wf_sel(c->edge, eo[k], a[k]);
        changed = 1;
    }
    if (wi_any(need_v)) {
        wf vo[3];
        sphere_tri_vertex_offset(c, need_v, vo);
        for (int k = 0; k < 3; k++)
            a[k] = wf_sel(vertex, vo[k], a[k]);
        changed = 1;
    }
    if (changed)
        len = wf_sqrt(wf_dot3(a[0], a[1], a[2], a[0], a[1], a[2]));
    const wi pos = wf_gt(len, zero);
    const wf k = wf_div(wf_max(wf_sub(r, len), zero), wf_sel(pos, len, one));
    o->qx = c->qx, o->qy = c->qy, o->qz = c->qz, o->depth = depth;
    /* push = a k when overlapping (an and: the other side is +0) */
    o->px = wf_as(wi_and(over, wi_as(wf_mul(a[0], k))));
    o->py = wf_as(wi_and(over, wi_as(wf_mul(a[1], k))));
    o->pz = wf_as(wi_and(over, wi_as(wf_mul(a[2], k))));
    o->flags = wi_or(c->flags, wi_and(over, wi_set((int32_t)HORDE_FLAG_OVERLAP)));
    return wi_andnot(pos, over);
}

SPHERE_TRI_INLINE void sphere_tri_sphere_finish(const sphere_tri_closest *c, const sphere_tri_tri *t, wf r, sphere_tri_res *o)
{
    const wi at0 = sphere_tri_sphere_main(c, r, o);
    if (wi_any(at0)) {
        wf p[3] = {o->px, o->py, o->pz};
        sphere_tri_push_at0(at0, c, t, r, p);
        o->px = p[0], o->py = p[1], o->pz = p[2];
    }
}

SPHERE_TRI_INLINE void sphere_tri_one(wf px, wf py, wf pz, wf r, const sphere_tri_tri *t, sphere_tri_res *o)
{
    sphere_tri_closest c;
    sphere_tri_closest_point(px, py, pz, t, &c);
    sphere_tri_sphere_finish(&c, t, r, o);
}

/* Coordinate validation as integers: |v| <= limit (a positive float) exactly when the
 * bits of |v| (sign cleared) are at most those of limit, and NaN's bits are above (IEEE
 * binary32 orders non-negative values like their bit patterns). One max per value:
 * sphere_tri_bits_max folds v[0 .. n) into m, sphere_tri_bits_ok tests the result. */
static inline wi sphere_tri_bits_max(wi m, const wf *v, int n)
{
    for (int a = 0; a < n; a++)
        m = wi_max(m, wi_and(wi_as(v[a]), wi_set(0x7fffffff)));
    return m;
}
static inline wi sphere_tri_bits_ok(wi m, float limit) { return wi_not(wi_gt(m, wi_as(wf_set(limit)))); }

#endif
