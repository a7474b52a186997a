/* SPDX-License-Identifier: MIT */
/* Internal: what the cylinder push reference and its SIMD template share: input
 * validation, the tile of prepared movers, and the backend entry points. */
#ifndef HORDE_VOXEL_CYLINDER_PUSH_H
#define HORDE_VOXEL_CYLINDER_PUSH_H

#include <math.h>

#include "horde/cylinder_push.h"
#include "simd/kernel.h"
#include "simd/scalar.h"
#include "window.h"

/* Movers are prepared (validated, sanitised, voxel window fetched) in tiles. */

#define HORDE_CYL_TILE_LANES (HORDE_TILE + HORDE_TILE_SPILL) /* a tile can be packed into */
typedef struct horde_cylinder_push_tile {
    float x[HORDE_CYL_TILE_LANES], y[HORDE_CYL_TILE_LANES], z[HORDE_CYL_TILE_LANES];
    float r[HORDE_CYL_TILE_LANES], h[HORDE_CYL_TILE_LANES]; /* invalid lanes hold zeros */
    float step_h[HORDE_CYL_TILE_LANES];   /* step-up height for this push, 0 = off */
    uint32_t valid[HORDE_CYL_TILE_LANES]; /* ~0u valid, 0 invalid */
    int32_t wx[HORDE_CYL_TILE_LANES], wy[HORDE_CYL_TILE_LANES], wz[HORDE_CYL_TILE_LANES]; /* window origins */
    /* Window levels; the move's vertical pushes read one more, which its lateral pushes
     * reuse (cylinder_move_tmpl.c). */
    uint32_t occ[HORDE_WIN_LEVELS + 1][HORDE_CYL_TILE_LANES];
} horde_cylinder_push_tile;

static inline int horde_cylinder_push_valid(float x, float y, float z, float r, float h)
{
    /* Written so that NaN fails every comparison. */
    return fabsf(x) <= HORDE_CYLINDER_PUSH_MAX_COORD && fabsf(y) <= HORDE_CYLINDER_PUSH_MAX_COORD &&
           fabsf(z) <= HORDE_CYLINDER_PUSH_MAX_COORD && r >= 0.0f &&
           r <= HORDE_CYLINDER_PUSH_MAX_RADIUS && h >= 0.0f && h <= HORDE_CYLINDER_PUSH_MAX_HEIGHT;
}

/* The push skin: horizontal exits stop this far beyond contact, so that rounding the new
 * position can never leave a sub-ulp overlap. It must exceed half the float spacing of a
 * coordinate (at most |c| 2^-24) plus the radial exit's direction error (a few 2^-24 r);
 * (max(|x|, |z|) + 1) 2^-22 is four times that, and at most 2^-4 block inside
 * |x|, |z| <= HORDE_CYLINDER_PUSH_MAX_COORD = 2^18. */
#define HORDE_CYLINDER_PUSH_SKIN_SCALE 0x1p-22f
static inline float horde_cylinder_push_skin(float x, float z)
{
    return (horde_maxf(fabsf(x), fabsf(z)) + 1.0f) * HORDE_CYLINDER_PUSH_SKIN_SCALE;
}

/* The squared horizontal distance the overlap test (cylinder_push.h) measures from
 * coordinate c to the column (or row) of blocks [k, k + 1]: a disc of radius r reaches
 * it exactly when this is < r * r. */
static inline float horde_cylinder_push_cell_d2(float c, float k)
{
    const float d = horde_maxf(horde_maxf(k - c, c - (k + 1.0f)), 0.0f);
    return d * d;
}

/* The lowest column (row) the disc around c reaches by that test. floor(c - r) is not
 * always it: c - r can round onto a grid line the disc still crosses by less than half
 * an ulp, or off one it does not reach; every candidate exit is derived from this cell,
 * so the candidates always include the push off the face the overlap test sees. */
static inline int32_t horde_cylinder_push_lowest_cell(float c, float r)
{
    const int32_t k = horde_ifloor(c - r);
    const float r2 = r * r;
    if (horde_cylinder_push_cell_d2(c, (float)(k - 1)) < r2)
        return k - 1;
    return horde_cylinder_push_cell_d2(c, (float)k) < r2 ? k : k + 1;
}

/* The candidate exits, one definition for the reference and the SIMD core. Lateral
 * option l moves x to horizontal option lat_xopt[l] of its axis and z to lat_zopt[l]
 * (0 stay, 1 towards -, 2 towards +, 3 radial): none, x-, x+, z-, z+, the four
 * corners, radial. A candidate pairs a vertical option (stay, up, down) with a lateral
 * one; the HORDE_CYLINDER_PUSH_CANDIDATES of them, in the order of horde/cylinder_push.h
 * (ties go to the earlier), are (up, none), (down, none), then (v, l) for v = stay, up,
 * down and l = 1 .. 9. */
enum { HORDE_CYLINDER_PUSH_VERTICALS = 3, HORDE_CYLINDER_PUSH_LATERALS = 10 };
enum { HORDE_CYLINDER_PUSH_CANDIDATES = 2 + HORDE_CYLINDER_PUSH_VERTICALS * (HORDE_CYLINDER_PUSH_LATERALS - 1) };
static const int lat_xopt[HORDE_CYLINDER_PUSH_LATERALS] = {0, 1, 2, 0, 0, 1, 2, 1, 2, 3};
static const int lat_zopt[HORDE_CYLINDER_PUSH_LATERALS] = {0, 0, 0, 1, 2, 1, 1, 2, 2, 3};

/* The reference push of one mover (cylinder_push_ref.c); step_h > 0 enables step-up
 * (used by the move reference; the public push passes 0). */
void horde_cylinder_push_one(const horde_world *w, float x, float y, float z, float r, float h,
                        float step_h, float *ox, float *oy, float *oz, uint32_t *oflags);

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_cylinder_push const horde_world *w, const horde_cylinder_push_batch *b
#define HORDE_ARGS_cylinder_push w, b
HORDE_KERNEL_PROTOS(cylinder_push)

#endif
