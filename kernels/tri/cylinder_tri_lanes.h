/* SPDX-License-Identifier: MIT */
/* Internal, template side: one cylinder-triangle pair per lane, branch-free, shared by
 * the pairs and soup kernels (included once per ISA after wide.h). Mirrors
 * horde_cylinder_tri_pair in cylinder_tri_ref.c operation for operation: every branch of the
 * reference is computed on all lanes and selected (denominators of discarded lanes are
 * replaced by 1 so nothing traps or produces NaN). */
#ifndef HORDE_CYLINDER_TRI_LANES_H
#define HORDE_CYLINDER_TRI_LANES_H

#include "cylinder_tri.h"
#include "simd/wide.h"


typedef struct { wf x, y, z; } vtx;

static inline void cswap(vtx *a, vtx *b)
{
    const wi m = wf_gt(a->y, b->y);
    const vtx lo = {wf_sel(m, b->x, a->x), wf_sel(m, b->y, a->y), wf_sel(m, b->z, a->z)};
    const vtx hi = {wf_sel(m, a->x, b->x), wf_sel(m, a->y, b->y), wf_sel(m, a->z, b->z)};
    *a = lo, *b = hi;
}

static inline vtx vsel(wi m, vtx a, vtx b)
{
    const vtx v = {wf_sel(m, a.x, b.x), wf_sel(m, a.y, b.y), wf_sel(m, a.z, b.z)};
    return v;
}

static inline void edge_at(vtx p, vtx q, wf yv, wf t_flat, wf *ox, wf *oz)
{
    const wf one = wf_set(1.0f);
    const wf dy = wf_sub(q.y, p.y);
    const wi pos = wf_gt(dy, wf_set(0.0f));
    const wf t = wf_sel(pos, wf_div(wf_sub(yv, p.y), wf_sel(pos, dy, one)), t_flat);
    const wf u = wf_sub(one, t);
    *ox = wf_add(wf_mul(u, p.x), wf_mul(t, q.x));
    *oz = wf_add(wf_mul(u, p.z), wf_mul(t, q.z));
}

/* W pairs; in[0..4] = x, y, z, r, h and tv[0..8] the triangle, already sanitised; lanes
 * outside `valid` get no contact. Returns the push and the contact flags. */
static inline void pair_lanes(const wf *in, const wf *tv, wf step, wi valid, wf *opx, wf *opz,
                         wi *oflags)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf x = in[0], y = in[1], z = in[2], r = in[3], h = in[4];
    vtx p0 = {tv[0], tv[1], tv[2]}, p1 = {tv[3], tv[4], tv[5]}, p2 = {tv[6], tv[7], tv[8]};
    cswap(&p0, &p1), cswap(&p1, &p2), cswap(&p0, &p1);

    const wf lo = wf_add(y, step), hi = wf_add(y, h);
    const wi active = wi_and(valid, wi_and(wf_lt(lo, hi), wi_and(wf_gt(p2.y, lo), wf_lt(p0.y, hi))));

    const wf ylo = wf_max(lo, p0.y), yhi = wf_min(hi, p2.y);
    wf px[5], pz[5];
    edge_at(p0, p2, ylo, zero, &px[0], &pz[0]);
    {
        const wi up = wf_le(p1.y, ylo); /* ylo >= p1.y */
        edge_at(vsel(up, p1, p0), vsel(up, p2, p1), ylo, zero, &px[1], &pz[1]);
    }
    {
        const wi down = wf_le(yhi, p1.y);
        edge_at(vsel(down, p0, p1), vsel(down, p1, p2), yhi, one, &px[3], &pz[3]);
    }
    edge_at(p0, p2, yhi, one, &px[4], &pz[4]);
    {
        const wi below = wf_lt(p1.y, ylo), above = wf_gt(p1.y, yhi);
        px[2] = wf_sel(below, px[1], wf_sel(above, px[3], p1.x));
        pz[2] = wf_sel(below, pz[1], wf_sel(above, pz[3], p1.z));
    }
    const wf area2 = wf_sub(wf_mul(wf_sub(p1.x, p0.x), wf_sub(p2.z, p0.z)),
                            wf_mul(wf_sub(p1.z, p0.z), wf_sub(p2.x, p0.x)));
    const wi ccw = wf_gt(area2, zero), cw = wf_lt(area2, zero);

    wf best = wf_set(INFINITY), bvx = zero, bvz = zero, blen2 = zero, bex = zero, bez = zero;
    wi inside = wi_not(wf_eq(area2, zero)), strictly_inside_one = wi_set(0);
    for (int i = 0; i < 5; i++) {
        const int j = i == 4 ? 0 : i + 1;
        const wf ex = wf_sub(px[j], px[i]), ez = wf_sub(pz[j], pz[i]);
        const wf wx = wf_sub(x, px[i]), wz = wf_sub(z, pz[i]);
        const wf ux = wf_sub(x, px[j]), uz = wf_sub(z, pz[j]);
        const wf ee = wf_add(wf_mul(ex, ex), wf_mul(ez, ez));
        const wf dot = wf_add(wf_mul(wx, ex), wf_mul(wz, ez));
        const wf cr = wf_sub(wf_mul(ex, wz), wf_mul(ez, wx));
        const wi interior = wi_and(wf_gt(dot, zero), wf_lt(dot, ee));
        const wi start = wf_le(dot, zero);
        const wi left = wf_gt(cr, zero);
        const wf d_int = wf_div(wf_mul(cr, cr), wf_sel(interior, ee, one));
        const wf d_w = wf_add(wf_mul(wx, wx), wf_mul(wz, wz));
        const wf d_u = wf_add(wf_mul(ux, ux), wf_mul(uz, uz));
        const wf dd = wf_sel(interior, d_int, wf_sel(start, d_w, d_u));
        const wf vx = wf_sel(interior, wf_sel(left, wf_sub(zero, ez), ez), wf_sel(start, wx, ux));
        const wf vz = wf_sel(interior, wf_sel(left, ex, wf_sub(zero, ex)), wf_sel(start, wz, uz));
        const wf len2 = wf_sel(interior, ee, dd);
        const wi closer = wf_lt(dd, best);
        best = wf_sel(closer, dd, best);
        bvx = wf_sel(closer, vx, bvx), bvz = wf_sel(closer, vz, bvz);
        blen2 = wf_sel(closer, len2, blen2);
        bex = wf_sel(closer, ex, bex), bez = wf_sel(closer, ez, bez);
        inside = wi_andnot(wi_sel(ccw, wf_lt(cr, zero), wf_gt(cr, zero)), inside);
        strictly_inside_one = wi_or(strictly_inside_one, wi_sel(ccw, wf_gt(cr, zero), wf_lt(cr, zero)));
    }
    inside = wi_and(inside, strictly_inside_one);
    wf bx0 = px[0], bx1 = px[0], bz0 = pz[0], bz1 = pz[0];
    for (int i = 1; i < 5; i++) {
        bx0 = wf_min(bx0, px[i]), bx1 = wf_max(bx1, px[i]);
        bz0 = wf_min(bz0, pz[i]), bz1 = wf_max(bz1, pz[i]);
    }
    inside = wi_and(inside, wi_and(wi_and(wf_le(bx0, x), wf_le(x, bx1)), wi_and(wf_le(bz0, z), wf_le(z, bz1))));
    const wf d = wf_sqrt(best);
    const wi contact = wi_and(active, wi_or(inside, wf_lt(d, r)));

    const wf rp = wf_add(r, wf_mul(wf_add(wf_add(wf_abs(x), wf_abs(z)), one), wf_set(0x1p-21f)));
    const wi dpos = wf_gt(d, zero);
    const wf mag = wf_sel(inside, wf_sub(zero, wf_add(d, rp)), wf_sub(rp, d));
    const wf k_d = wf_div(mag, wf_sqrt(wf_sel(dpos, blen2, one)));
    const wf ee = wf_add(wf_mul(bex, bex), wf_mul(bez, bez));
    const wi epos = wf_gt(ee, zero);
    const wf k_e = wf_div(rp, wf_sqrt(wf_sel(epos, ee, one)));
    const wf nx = wf_sel(cw, wf_sub(zero, bez), bez), nz = wf_sel(cw, bex, wf_sub(zero, bex));
    const wf vx = wf_sel(dpos, bvx, wf_sel(epos, nx, one));
    const wf vz = wf_sel(dpos, bvz, wf_sel(epos, nz, zero));
    const wf k = wf_sel(dpos, k_d, wf_sel(epos, k_e, rp));

    *opx = wf_sel(contact, wf_mul(vx, k), zero);
    *opz = wf_sel(contact, wf_mul(vz, k), zero);
    wi f = wi_or(wi_set(HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL),
                 wi_and(inside, wi_set(HORDE_FLAG_CENTRE_INSIDE)));
    *oflags = wi_and(contact, f);
}

#endif
