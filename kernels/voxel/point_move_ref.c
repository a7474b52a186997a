/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_point_move (semantics: include/horde/point_move.h). This
 * file DEFINES the result; point_move_tmpl.c must match it bit for bit.
 *
 * Origin: seed 002 (move a point by at most 0.4, then correct it to the nearest of the
 * 26 neighbouring blocks in the L-infinity metric with handicaps). Unlike the seed's
 * code, the chosen neighbour must be FREE (the seed tests IsSolidPhysically), its z-up
 * axes are mapped to y-up, and a face coordinate that rounds back onto the face at
 * large coordinates is replaced by the next float outside it. */
#include "point_move.h"


/* The largest float below the integral value f (f - skin rounded back onto f). */
static float below_face(float f, float skin)
{
    const float v = f - skin;
    if (v < f)
        return v;
    union { float f; uint32_t u; } b = {f};
    if (f > 0.0f)
        b.u -= 1u;
    else if (f < 0.0f)
        b.u += 1u;
    else
        b.u = 0x80000001u; /* -(smallest subnormal) */
    return b.f;
}

/* Correct point (x, y, z) in place if its block is solid. Returns 0 when it is solid
 * with no free neighbour (point untouched), else 1; adds the correction's flags. */
static int correct(const horde_world *w, float skin, float *p, uint32_t *flags)
{
    const int32_t b[3] = {horde_ifloor(p[0]), horde_ifloor(p[1]), horde_ifloor(p[2])};
    if (!horde_point_move_solid(w, b[0], b[1], b[2]))
        return 1;
    /* occ[iy + 1] bit ((ix + 1) + 8 * (iz + 1)): block (bx + ix, by + iy, bz + iz). */
    uint32_t occ[3];
    horde_fetch_window(w, b[0] - 1, b[1] - 1, b[2] - 1, 3, occ);
    float fb[3], lo[3], hi[3];
    for (int a = 0; a < 3; a++) {
        fb[a] = (float)b[a];
        lo[a] = p[a] - fb[a];
        hi[a] = (fb[a] + 1.0f) - p[a];
    }
    /* Seed 002's loop order with its z-up axes mapped: x, then z, then y (up). */
    float best = INFINITY;
    int bi[3] = {0, 0, 0}, found = 0;
    for (int ix = -1; ix <= 1; ix++)
        for (int iz = -1; iz <= 1; iz++)
            for (int iy = -1; iy <= 1; iy++) {
                if ((ix | iy | iz) == 0)
                    continue;
                if ((occ[iy + 1] >> ((ix + 1) + 8 * (iz + 1))) & 1u)
                    continue; /* solid: not an exit */
                const int i[3] = {ix, iy, iz};
                float d = 0.0f;
                int axes = 0;
                for (int a = 0; a < 3; a++) {
                    if (!i[a])
                        continue;
                    const float da = i[a] < 0 ? lo[a] : hi[a];
                    d = axes ? horde_maxf(d, da) : da;
                    axes++;
                }
                if (axes == 2)
                    d = d + HORDE_POINT_MOVE_HANDICAP;
                else if (axes == 3)
                    d = d + HORDE_POINT_MOVE_HANDICAP2;
                if (d < best)
                    best = d, bi[0] = ix, bi[1] = iy, bi[2] = iz, found = 1;
            }
    if (!found)
        return 0;
    for (int a = 0; a < 3; a++) {
        if (bi[a] < 0)
            p[a] = below_face(fb[a], skin);
        else if (bi[a] > 0)
            p[a] = (fb[a] + 1.0f) + skin;
    }
    uint32_t f = HORDE_FLAG_COLLIDED;
    if (bi[0] || bi[2])
        f |= HORDE_FLAG_HIT_WALL;
    if (bi[1] > 0)
        f |= HORDE_FLAG_ON_GROUND;
    if (bi[1] < 0)
        f |= HORDE_FLAG_HIT_CEILING;
    *flags |= f;
    return 1;
}

HORDE_REFERENCE(point_move)
{
    const float step = p->step, skin = p->skin, fmax_sub = (float)p->max_substeps;
    for (size_t i = 0; i < b->n; i++) {
        const float x0 = b->x[i], y0 = b->y[i], z0 = b->z[i];
        float dx = b->dx[i], dy = b->dy[i], dz = b->dz[i];
        if (!horde_point_move_valid(x0, y0, z0, dx, dy, dz)) {
            HORDE_MOVE_OUT_INVALID(b, i);
            continue;
        }
        const float m = horde_maxf(horde_maxf(fabsf(dx), fabsf(dy)), fabsf(dz));
        const float q = m / step;
        uint32_t flags = 0;
        int32_t k;
        if (q > fmax_sub) {
            const float s = (fmax_sub * step) / m;
            dx = dx * s, dy = dy * s, dz = dz * s;
            k = (int32_t)p->max_substeps;
            flags = HORDE_FLAG_TRUNCATED;
        } else {
            k = horde_iceil(q);
        }
        float at[3] = {x0, y0, z0};
        if (!correct(w, skin, at, &flags)) {
            flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
            k = 0;
        }
        if (k > 0) {
            const float fk = (float)k;
            const float sx = dx / fk, sy = dy / fk, sz = dz / fk;
            for (int32_t s = 0; s < k; s++) {
                float n[3] = {at[0] + sx, at[1] + sy, at[2] + sz};
                if (!correct(w, skin, n, &flags)) {
                    flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
                    break;
                }
                at[0] = n[0], at[1] = n[1], at[2] = n[2];
            }
        }
        b->out_x[i] = at[0], b->out_y[i] = at[1], b->out_z[i] = at[2];
        if (b->out_dx)
            b->out_dx[i] = at[0] - x0, b->out_dy[i] = at[1] - y0, b->out_dz[i] = at[2] - z0;
        b->out_flags[i] = flags;
    }
}
