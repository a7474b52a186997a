/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_cylinder_tri. This file DEFINES the result; every SIMD
 * backend (cylinder_tri_tmpl.c) must match it bit for bit. Semantics: cylinder_tri.h.
 *
 * Origin: seed 001 (clip the triangle to the cylinder's band [H1, H2], flatten it, push
 * the mover out from the closest point of the flattened polygon). Unlike the seed, the
 * clip is built branch-free from the triangle sorted by height (always the same five
 * boundary points, some of them repeated), and a centre inside the polygon is found. */
#include "cylinder_tri.h"


typedef struct { float x, y, z; } vtx;

/* Order two vertices by height (stable: equal heights keep their order). */
static void cswap(vtx *a, vtx *b)
{
    if (a->y > b->y) {
        const vtx t = *a;
        *a = *b, *b = t;
    }
}

/* Point of the edge p -> q (p.y <= q.y) at height yv, flattened: t = (yv - p.y) /
 * (q.y - p.y), or t_flat when the edge is horizontal (0 for a lower, 1 for an upper
 * boundary point). (1 - t) * p + t * q is exact at both ends. */
static void edge_at(vtx p, vtx q, float yv, float t_flat, float *ox, float *oz)
{
    const float dy = q.y - p.y;
    const float t = dy > 0.0f ? (yv - p.y) / dy : t_flat;
    const float u = 1.0f - t;
    *ox = u * p.x + t * q.x;
    *oz = u * p.z + t * q.z;
}

void horde_cylinder_tri_pair(float x, float y, float z, float r, float h, float step, const float tv[9],
                       float *opx, float *opz, uint32_t *oflags)
{
    *opx = 0.0f, *opz = 0.0f;
    vtx p0 = {tv[0], tv[1], tv[2]}, p1 = {tv[3], tv[4], tv[5]}, p2 = {tv[6], tv[7], tv[8]};
    cswap(&p0, &p1), cswap(&p1, &p2), cswap(&p0, &p1);

    const float lo = y + step, hi = y + h;
    if (!(lo < hi && p2.y > lo && p0.y < hi)) {
        *oflags = 0;
        return;
    }
    /* The clipped, flattened polygon, counted round: a (long edge p0-p2 at ylo), s0 (short
     * chain p0-p1-p2 at ylo), s1 (p1 clamped into the slab), s2 (short chain at yhi),
     * b (long edge at yhi). Its orientation is that of p0, p1, p2. */
    const float ylo = horde_maxf(lo, p0.y), yhi = horde_minf(hi, p2.y);
    float px[5], pz[5];
    edge_at(p0, p2, ylo, 0.0f, &px[0], &pz[0]);
    if (ylo >= p1.y)
        edge_at(p1, p2, ylo, 0.0f, &px[1], &pz[1]);
    else
        edge_at(p0, p1, ylo, 0.0f, &px[1], &pz[1]);
    if (yhi <= p1.y)
        edge_at(p0, p1, yhi, 1.0f, &px[3], &pz[3]);
    else
        edge_at(p1, p2, yhi, 1.0f, &px[3], &pz[3]);
    edge_at(p0, p2, yhi, 1.0f, &px[4], &pz[4]);
    if (p1.y < ylo)
        px[2] = px[1], pz[2] = pz[1];
    else if (p1.y > yhi)
        px[2] = px[3], pz[2] = pz[3];
    else
        px[2] = p1.x, pz[2] = p1.z;
    const float area2 = (p1.x - p0.x) * (p2.z - p0.z) - (p1.z - p0.z) * (p2.x - p0.x);

    /* Closest boundary point (first edge wins ties) and the inside test. Distances to an
     * edge's interior come from the cross product (exact direction: the edge normal),
     * to its ends from the end point, so a centre within rounding of an edge is never
     * pushed along it. Inside needs a witness from the clipped polygon itself: no edge
     * with c on its outer side and at least one with c strictly on its inner side. The
     * triangle's orientation alone is not enough: a band that grazes a vertex clips
     * the triangle to a point (all five boundary points equal, every cross product 0),
     * and a far centre would be reported inside it. */
    float best = INFINITY, bvx = 0.0f, bvz = 0.0f, blen2 = 0.0f, bex = 0.0f, bez = 0.0f;
    int inside = area2 != 0.0f, strictly_inside_one = 0;
    for (int i = 0; i < 5; i++) {
        const int j = i == 4 ? 0 : i + 1;
        const float ex = px[j] - px[i], ez = pz[j] - pz[i];
        const float wx = x - px[i], wz = z - pz[i];
        const float ux = x - px[j], uz = z - pz[j];
        const float ee = ex * ex + ez * ez;
        const float dot = wx * ex + wz * ez;
        const float cr = ex * wz - ez * wx; /* > 0: c left of the edge */
        float dd, vx, vz, len2;
        if (dot > 0.0f && dot < ee) { /* interior: normal towards c, |v|^2 = ee */
            dd = cr * cr / ee;
            vx = cr > 0.0f ? 0.0f - ez : ez;
            vz = cr > 0.0f ? ex : 0.0f - ex;
            len2 = ee;
        } else if (dot <= 0.0f) { /* start point */
            dd = wx * wx + wz * wz;
            vx = wx, vz = wz, len2 = dd;
        } else { /* end point */
            dd = ux * ux + uz * uz;
            vx = ux, vz = uz, len2 = dd;
        }
        if (dd < best)
            best = dd, bvx = vx, bvz = vz, blen2 = len2, bex = ex, bez = ez;
        if (area2 > 0.0f ? cr < 0.0f : cr > 0.0f)
            inside = 0;
        if (area2 > 0.0f ? cr > 0.0f : cr < 0.0f)
            strictly_inside_one = 1;
    }
    inside = inside && strictly_inside_one;
    /* ...and the centre inside the polygon's bounding box: a centre far out along the
     * line of a thin polygon's edge has every cross product within rounding of 0, of
     * either sign (fuzzing found (10, 10) reported inside a sliver near the origin whose
     * edge points at it). Within the box, a wrong sign means the centre is within
     * rounding of the polygon, where inside or outside pushes alike. */
    float bx0 = px[0], bx1 = px[0], bz0 = pz[0], bz1 = pz[0];
    for (int i = 1; i < 5; i++) {
        bx0 = horde_minf(bx0, px[i]), bx1 = horde_maxf(bx1, px[i]);
        bz0 = horde_minf(bz0, pz[i]), bz1 = horde_maxf(bz1, pz[i]);
    }
    inside = inside && x >= bx0 && x <= bx1 && z >= bz0 && z <= bz1;
    const float d = sqrtf(best);
    if (!(inside || d < r)) {
        *oflags = 0;
        return;
    }
    const float rp = r + (fabsf(x) + fabsf(z) + 1.0f) * 0x1p-21f;
    float vx, vz, k;
    if (d > 0.0f) {
        /* (vx, vz) points from the boundary towards c; inside, push the other way. */
        vx = bvx, vz = bvz;
        k = (inside ? 0.0f - (d + rp) : rp - d) / sqrtf(blen2);
    } else {
        /* Centre on the boundary: the closest edge's outward normal. */
        const float ee = bex * bex + bez * bez;
        if (ee > 0.0f) {
            vx = area2 < 0.0f ? 0.0f - bez : bez;
            vz = area2 < 0.0f ? bex : 0.0f - bex;
            k = rp / sqrtf(ee);
        } else {
            vx = 1.0f, vz = 0.0f, k = rp;
        }
    }
    *opx = vx * k, *opz = vz * k;
    *oflags = HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL | (inside ? HORDE_FLAG_CENTRE_INSIDE : 0u);
}

HORDE_REFERENCE(cylinder_tri)
{
    for (size_t i = 0; i < b->n; i++) {
        const float tv[9] = {t->ax[i], t->ay[i], t->az[i], t->bx[i], t->by[i],
                             t->bz[i], t->cx[i], t->cy[i], t->cz[i]};
        float px, pz;
        uint32_t f;
        const float x = b->x[i], y = b->y[i], z = b->z[i], r = b->radius[i], h = b->height[i];
        if (horde_cylinder_tri_mover_ok(x, y, z, r, h) && horde_cylinder_tri_tri_ok(tv)) {
            horde_cylinder_tri_pair(x, y, z, r, h, p->step, tv, &px, &pz, &f);
        } else {
            px = pz = 0.0f;
            f = HORDE_FLAG_INVALID;
        }
        b->out_px[i] = px, b->out_pz[i] = pz, b->out_flags[i] = f;
    }
}
