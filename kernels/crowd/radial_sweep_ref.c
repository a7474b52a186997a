/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_radial_sweep (movers swept among poles, sliding along
 * them). DEFINES the result; radial_sweep_tmpl.c must match it bit for bit (semantics:
 * radial_push.h, "Swept variant"). */
#include "radial_push.h"

/* The slide's earliest contact. */
typedef struct contact {
    float t, cx, cz; /* time along d (1: none), the pole's axis */
} contact;

/* Is the mover (radius r) at (qx, qz) inside pole v (the header's float test)? */
static int inside(const float v[5], float qx, float qz, float r)
{
    const float R = r + v[2], ex = qx - v[0], ez = qz - v[1];
    return !(ex * ex + ez * ez >= R * R);
}

/* Pole j (valid) against the mover at (px, pz) moving by (dx, dz): its contact time when
 * it is one and earlier than c->t. */
static void toi(const float v[5], float px, float pz, float dx, float dz, float r, contact *c)
{
    if (inside(v, px, pz, r))
        return; /* inside at the start of the slide: ignored */
    const float cx = v[0], cz = v[1], R = r + v[2];
    const float ex = px - cx, ez = pz - cz;
    const float T = R + (fabsf(cx) + fabsf(cz) + fabsf(px) + fabsf(pz) + R + fabsf(dx) + fabsf(dz)) *
                            HORDE_RADIAL_SWEEP_SKIN;
    const float a = dx * dx + dz * dz, k = -(ex * dx + ez * dz);
    if (!(a > 0.0f && k > 0.0f))
        return; /* not approaching */
    const float tca = k / a;
    const float mx = ex + dx * tca, mz = ez + dz * tca;
    const float m2 = mx * mx + mz * mz;
    if (!(m2 < T * T))
        return; /* passes by */
    float t = tca - sqrtf((T * T - m2) / a);
    t = t > 0.0f ? t : 0.0f;
    if (t < c->t)
        c->t = t, c->cx = cx, c->cz = cz;
}

/* Would the move from p to q enter a listed pole (vertically overlapping) that the mover
 * is not inside at p? (Rounding at coarse coordinates can do that to a mover within an
 * ulp of a pole.) */
static int enters(const horde_poles *poles, const uint32_t *indices, uint32_t k0, uint32_t k1, float y,
                  float top, float r, float px, float pz, float qx, float qz)
{
    int bad = 0;
    for (uint32_t k = k0; k < k1; k++) {
        float v[5];
        if (horde_pole_of(poles, indices[k], v) && y < v[4] && top > v[3])
            bad |= inside(v, qx, qz, r) && !inside(v, px, pz, r);
    }
    return bad;
}

HORDE_REFERENCE(radial_sweep)
{
    const uint32_t *const offsets = b->offsets, *const indices = b->indices;
    const uint32_t slides = p->slides;
    for (size_t i = 0; i < b->n; i++) {
        const float x = b->x[i], y = b->y[i], z = b->z[i], r = b->radius[i], h = b->height[i];
        float dx = b->dx[i], dz = b->dz[i];
        if (!horde_radial_sweep_mover_ok(x, y, z, r, h, dx, dz)) {
            b->out_x[i] = x, b->out_z[i] = z, b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        const float top = y + h;
        float px = x, pz = z;
        uint32_t flags = 0;
        for (uint32_t s = 0; s < slides; s++) {
            contact c = {1.0f, 0.0f, 0.0f};
            for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
                float v[5];
                if (!horde_pole_of(poles, indices[k], v)) {
                    flags |= HORDE_FLAG_SKIPPED;
                    continue;
                }
                if (y < v[4] && top > v[3])
                    toi(v, px, pz, dx, dz, r, &c);
            }
            const int hit = c.t < 1.0f;
            const float qx = hit ? px + dx * c.t : px + dx, qz = hit ? pz + dz * c.t : pz + dz;
            if (enters(poles, indices, offsets[i], offsets[i + 1], y, top, r, px, pz, qx, qz)) {
                flags |= HORDE_FLAG_TRUNCATED; /* this slide is not taken */
                break;
            }
            px = qx, pz = qz;
            if (!hit) /* no contact: the whole way */
                break;
            flags |= HORDE_FLAG_COLLIDED;
            float nx = px - c.cx, nz = pz - c.cz;
            const float len = sqrtf(nx * nx + nz * nz);
            nx = len > 0.0f ? nx / len : 1.0f, nz = len > 0.0f ? nz / len : 0.0f;
            const float rest = 1.0f - c.t;
            float rx = dx * rest, rz = dz * rest;
            const float rn = rx * nx + rz * nz;
            if (rn < 0.0f) { /* the part into the pole goes, a little more (overbounce) */
                const float cut = rn * HORDE_RADIAL_OVERBOUNCE;
                rx = rx - nx * cut, rz = rz - nz * cut;
            }
            dx = rx, dz = rz;
            if (s + 1 == slides)
                flags |= HORDE_FLAG_TRUNCATED;
        }
        b->out_x[i] = px, b->out_z[i] = pz, b->out_flags[i] = flags;
    }
}
