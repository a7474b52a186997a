/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_aabb_move. This file DEFINES the result; every SIMD backend
 * (aabb_move_tmpl.c) must match it bit for bit. Semantics: include/horde/aabb_move.h.
 *
 * Origin: seed 003 (Minecraft-style collision: move along one axis, clamp against the
 * blocks, update the position, then the next axis). Each sweep is exact: it visits every
 * block the box would enter between its leading face and the target's, so nothing is
 * skipped at any speed (the tunnelling of discrete steps that seed 003 warns about). */
#include "aabb_move.h"

static float next_down(float v) /* v != 0, finite */
{
    union { float f; int32_t i; } u = {v};
    u.i += v > 0.0f ? -1 : 1;
    return u.f;
}

static float next_up(float v) /* v != 0, finite */
{
    union { float f; int32_t i; } u = {v};
    u.i += v > 0.0f ? 1 : -1;
    return u.f;
}

static horde_aabb_move_cells cells_of(float x, float y, float z, float hx, float hz, float h)
{
    horde_aabb_move_cells c;
    c.lo[0] = horde_ifloor(x - hx), c.hi[0] = horde_iceil(x + hx) - 1;
    c.lo[1] = horde_ifloor(y), c.hi[1] = horde_iceil(y + h) - 1;
    c.lo[2] = horde_ifloor(z - hz), c.hi[2] = horde_iceil(z + hz) - 1;
    return c;
}

/* Sweep coordinate c of the box (faces c - elo, c + ehi on that axis; cells = the box's
 * current cells) towards t. Returns the new coordinate; *hit when a block stopped it. */
static float sweep(const horde_world *w, const horde_aabb_move_cells *cells, int axis, float c,
                   float elo, float ehi, float t, int *hit)
{
    int32_t first;
    *hit = 0;
    if (t > c) {
        const int32_t s0 = horde_iceil(c + ehi), s1 = horde_iceil(t + ehi) - 1;
        if (!horde_aabb_move_first_solid(w, cells, axis, s0, s1, 1, &first))
            return t;
        const float face = (float)first;
        float n = face - ehi;
        if (n + ehi > face)
            n = next_down(n);
        *hit = 1;
        return c > n ? c : n;
    }
    if (t < c) {
        const int32_t s0 = horde_ifloor(t - elo), s1 = horde_ifloor(c - elo) - 1;
        if (!horde_aabb_move_first_solid(w, cells, axis, s0, s1, -1, &first))
            return t;
        const float face = (float)(first + 1);
        float n = face + elo;
        if (n - elo < face)
            n = next_up(n);
        *hit = 1;
        return c < n ? c : n;
    }
    return c;
}

/* Does the box rest exactly on a block (y integral, a solid block at level y - 1 under
 * its footprint)? */
static int rests(const horde_world *w, float x, float y, float z, float hx, float hz, float h)
{
    const int32_t iy = horde_ifloor(y);
    if (y != (float)iy)
        return 0;
    const horde_aabb_move_cells c = cells_of(x, y, z, hx, hz, h);
    return horde_aabb_move_slab_solid(w, &c, 1, iy - 1);
}

static void move_one(const horde_world *w, const horde_aabb_move_params *p, float x, float y,
                     float z, float dx, float dy, float dz, float hx, float hz, float h,
                     float *o, uint32_t *of)
{
    o[0] = x, o[1] = y, o[2] = z, o[3] = o[4] = o[5] = 0.0f;
    if (!horde_aabb_move_valid(x, y, z, dx, dy, dz, hx, hz, h)) {
        *of = HORDE_FLAG_INVALID;
        return;
    }
    horde_aabb_move_cells c = cells_of(x, y, z, hx, hz, h);
    int32_t first;
    if (horde_aabb_move_first_solid(w, &c, 1, c.lo[1], c.hi[1], 1, &first)) {
        *of = HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
        return;
    }
    /* Per-axis limit. */
    const float md = p->max_distance;
    float ddx = dx > md ? md : dx, ddy = dy > md ? md : dy, ddz = dz > md ? md : dz;
    ddx = ddx < -md ? -md : ddx, ddy = ddy < -md ? -md : ddy, ddz = ddz < -md ? -md : ddz;
    uint32_t f = (ddx != dx || ddy != dy || ddz != dz) ? HORDE_FLAG_TRUNCATED : 0u;

    /* y, then x, then z. */
    int hy, hwx, hwz;
    const float y1 = sweep(w, &c, 1, y, 0.0f, h, y + ddy, &hy);
    int landed = hy && ddy < 0.0f;
    const int ceiling = hy && ddy > 0.0f;
    const int grounded = ddy <= 0.0f && (landed || rests(w, x, y1, z, hx, hz, h));
    c = cells_of(x, y1, z, hx, hz, h);
    const float x2 = sweep(w, &c, 0, x, hx, hx, x + ddx, &hwx);
    c = cells_of(x2, y1, z, hx, hz, h);
    const float z2 = sweep(w, &c, 2, z, hz, hz, z + ddz, &hwz);
    float fx = x2, fy = y1, fz = z2;
    int wall = hwx || hwz, stepped = 0;

    /* Step-up: the same horizontal move raised by up to step_height, then back down. */
    if (p->step_height > 0.0f && grounded && wall) {
        int hu, hsx, hsz, hd;
        c = cells_of(x, y1, z, hx, hz, h);
        const float ys = sweep(w, &c, 1, y1, 0.0f, h, y1 + p->step_height, &hu);
        c = cells_of(x, ys, z, hx, hz, h);
        const float xs = sweep(w, &c, 0, x, hx, hx, x + ddx, &hsx);
        c = cells_of(xs, ys, z, hx, hz, h);
        const float zs = sweep(w, &c, 2, z, hz, hz, z + ddz, &hsz);
        c = cells_of(xs, ys, zs, hx, hz, h);
        const float yd = sweep(w, &c, 1, ys, 0.0f, h, y1, &hd);
        const float ax = x2 - x, az = z2 - z, sx = xs - x, sz = zs - z;
        if (sx * sx + sz * sz > ax * ax + az * az) {
            fx = xs, fy = yd, fz = zs;
            wall = hsx || hsz;
            landed = landed || hd;
            stepped = 1;
        }
    }

    if (landed || rests(w, fx, fy, fz, hx, hz, h))
        f |= HORDE_FLAG_ON_GROUND;
    if (ceiling)
        f |= HORDE_FLAG_HIT_CEILING;
    if (wall)
        f |= HORDE_FLAG_HIT_WALL;
    if (stepped)
        f |= HORDE_FLAG_STEP_TAKEN;
    if (landed || ceiling || wall || stepped)
        f |= HORDE_FLAG_COLLIDED;
    o[0] = fx, o[1] = fy, o[2] = fz;
    o[3] = fx - x, o[4] = fy - y, o[5] = fz - z;
    *of = f;
}

HORDE_REFERENCE(aabb_move)
{
    for (size_t i = 0; i < b->n; i++) {
        float o[6];
        uint32_t f;
        move_one(w, p, b->x[i], b->y[i], b->z[i], b->dx[i], b->dy[i], b->dz[i], b->half_x[i],
                 b->half_z[i], b->height[i], o, &f);
        b->out_x[i] = o[0], b->out_y[i] = o[1], b->out_z[i] = o[2];
        if (b->out_dx)
            b->out_dx[i] = o[3], b->out_dy[i] = o[4], b->out_dz[i] = o[5];
        b->out_flags[i] = f;
    }
}
