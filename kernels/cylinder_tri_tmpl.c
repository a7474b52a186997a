/* horde_cylinder_tri for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon): one pair per
 * lane, branch-free. Mirrors cylinder_tri_ref.c operation for operation: every branch
 * of the reference is computed on all lanes and selected (denominators of discarded
 * lanes are replaced by 1 so nothing traps or produces NaN). */
#include "cylinder_tri_common.h"
#include "wide.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, HORDE_SUFFIX)

static inline wf min_w(wf a, wf b) { return wf_sel(wf_lt(a, b), a, b); } /* a < b ? a : b */

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

/* W pairs; in[0..4] = x, y, z, r, h and tv[0..8] the triangle, already sanitised. */
static inline void lanes(const wf *in, const wf *tv, wf step, wi valid, wf *opx, wf *opz,
                         wi *oflags)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wf x = in[0], y = in[1], z = in[2], r = in[3], h = in[4];
    vtx p0 = {tv[0], tv[1], tv[2]}, p1 = {tv[3], tv[4], tv[5]}, p2 = {tv[6], tv[7], tv[8]};
    cswap(&p0, &p1), cswap(&p1, &p2), cswap(&p0, &p1);

    const wf lo = wf_add(y, step), hi = wf_add(y, h);
    const wi active = wi_and(valid, wi_and(wf_lt(lo, hi), wi_and(wf_gt(p2.y, lo), wf_lt(p0.y, hi))));

    const wf ylo = wf_max(lo, p0.y), yhi = min_w(hi, p2.y);
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
    wi inside = wi_not(wf_eq(area2, zero));
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
    }
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
    f = wi_and(contact, f);
    *oflags = wi_sel(valid, f, wi_set((int32_t)HORDE_FLAG_INVALID));
}

void FN(horde_cylinder_tri_)(const horde_triangles *t, const horde_cylinder_tri_batch *b)
{
    const float *src[14] = {b->x, b->y, b->z, b->radius, b->height, t->ax, t->ay, t->az,
                            t->bx, t->by, t->bz, t->cx, t->cy, t->cz};
    const wf zero = wf_set(0.0f), maxc = wf_set(HORDE_CYLTRI_MAX_COORD),
             maxs = wf_set(HORDE_CYLTRI_MAX_SIZE);
    const wf step = wf_set(b->step);
    for (size_t i = 0; i < b->n; i += W) {
        wf v[14];
        if (i + W <= b->n) {
            for (int a = 0; a < 14; a++)
                v[a] = wf_load(src[a] + i);
        } else { /* tail: pad with zeros, marked invalid below */
            float tmp[W];
            for (int a = 0; a < 14; a++) {
                for (int l = 0; l < W; l++)
                    tmp[l] = i + l < b->n ? src[a][i + l] : 0.0f;
                v[a] = wf_load(tmp);
            }
        }
        /* Ordered compares: NaN fails each, as in the reference. */
        wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                       wf_le(wf_abs(v[2]), maxc));
        ok = wi_and(ok, wi_and(wf_le(zero, v[3]), wf_le(v[3], maxs)));
        ok = wi_and(ok, wi_and(wf_le(zero, v[4]), wf_le(v[4], maxs)));
        for (int a = 5; a < 14; a++)
            ok = wi_and(ok, wf_le(wf_abs(v[a]), maxc));
        if (i + W > b->n) {
            uint32_t lane[W];
            for (int l = 0; l < W; l++)
                lane[l] = i + l < b->n ? ~0u : 0u;
            ok = wi_and(ok, wi_load(lane));
        }
        for (int a = 0; a < 14; a++)
            v[a] = wf_sel(ok, v[a], zero);
        wf px, pz;
        wi f;
        lanes(v, v + 5, step, ok, &px, &pz, &f);
        if (i + W <= b->n) {
            wf_store(b->out_px + i, px), wf_store(b->out_pz + i, pz);
            wi_store(b->out_flags + i, f);
        } else {
            float tx[W], tz[W];
            uint32_t tf[W];
            wf_store(tx, px), wf_store(tz, pz), wi_store(tf, f);
            for (size_t l = 0; i + l < b->n; l++)
                b->out_px[i + l] = tx[l], b->out_pz[i + l] = tz[l], b->out_flags[i + l] = tf[l];
        }
    }
}
