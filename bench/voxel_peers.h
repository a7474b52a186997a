/* SPDX-License-Identifier: MIT */
// The code a game programmer would write instead of horde's voxel kernels: plain,
// competent scalar C++, one mover at a time, on the same world view and the same SoA
// batches (bench rows <kernel>/naive/<n>). Each is the textbook method as its source
// describes it, without horde's fixes:
//   cylinder push: seed 000's per-cube correction, applied block by block in scan order
//     (each solid block the cylinder overlaps pushes it out by its own smallest exit:
//     up onto it, down under it, off a face or off a vertical edge), no look at the
//     neighbouring blocks;
//   cylinder move: substeps of min(0.1, r/2) along the displacement, that push after each;
//   AABB move: the Minecraft/ClassiCube sweep, y then x then z, each axis stopped a small
//     epsilon before the first solid block face it meets.
// Also the memory floor of each kernel (<kernel>/floor/<n>): the same input and output
// streams and no work, so a run shows how far each kernel is from the bandwidth limit.
#ifndef HORDE_BENCH_VOXEL_PEERS_H
#define HORDE_BENCH_VOXEL_PEERS_H

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "bench_common.h"
#include "horde/horde.h"

namespace hb {
namespace peers {

// One block of the world view: the chunk lookup a game keeps inline.
inline bool solid(const horde_world &w, int bx, int by, int bz)
{
    const int cx = (bx >> 5) - w.origin_cx, cy = (by >> 5) - w.origin_cy,
              cz = (bz >> 5) - w.origin_cz;
    if ((unsigned)cx >= (unsigned)w.nx || (unsigned)cy >= (unsigned)w.ny ||
        (unsigned)cz >= (unsigned)w.nz)
        return w.missing == HORDE_MISSING_SOLID;
    const horde_chunk *c = w.chunks[cx + w.nx * (cz + w.nz * cy)];
    if (!c)
        return w.missing == HORDE_MISSING_SOLID;
    return (c->rows[by & 31][bz & 31] >> (bx & 31)) & 1u;
}

// floor to int without a libm call (|v| well inside int range here).
inline int ifloor(float v)
{
    const int i = (int)v;
    return i - (v < (float)i);
}

// Seed 000's correction of one cylinder against one solid block it overlaps: the
// smallest of push up, push down, and the horizontal push off the nearest face or
// vertical edge. Returns false when they do not overlap.
inline bool push_out_of_block(float &x, float &y, float &z, float r, float h, int bx, int by,
                              int bz)
{
    const float x0 = (float)bx, x1 = x0 + 1.0f, z0 = (float)bz, z1 = z0 + 1.0f;
    const float y0 = (float)by, y1 = y0 + 1.0f;
    if (!(y < y1 && y + h > y0))
        return false;
    const float qx = x < x0 ? x0 : (x > x1 ? x1 : x), qz = z < z0 ? z0 : (z > z1 ? z1 : z);
    const float dx = x - qx, dz = z - qz, d2 = dx * dx + dz * dz;
    if (d2 >= r * r)
        return false;
    const float up = y1 - y, down = (y + h) - y0;
    float side, sx = 0.0f, sz = 0.0f;
    if (d2 > 0.0f) { // centre outside the block: off the face or edge, along (dx, dz)
        const float d = std::sqrt(d2);
        side = r - d;
        sx = dx / d * side, sz = dz / d * side;
    } else { // centre inside the block's column: off the nearest face
        const float ex[4] = {x - x0 + r, x1 - x + r, z - z0 + r, z1 - z + r};
        int k = 0;
        for (int i = 1; i < 4; i++)
            if (ex[i] < ex[k])
                k = i;
        side = ex[k];
        sx = k == 0 ? -side : (k == 1 ? side : 0.0f);
        sz = k == 2 ? -side : (k == 3 ? side : 0.0f);
    }
    if (up <= down && up <= side)
        y += up;
    else if (down <= side)
        y -= down;
    else
        x += sx, z += sz;
    return true;
}

// The naive push of one mover: every block under the cylinder's bounding box, in scan
// order, corrects the position as it comes. Returns the flags horde would report for
// "moved" (HORDE_FLAG_COLLIDED) or 0.
inline uint32_t cylinder_push_one(const horde_world &w, float &x, float &y, float &z, float r,
                                  float h)
{
    uint32_t flags = 0;
    const int x0 = ifloor(x - r), x1 = ifloor(x + r), z0 = ifloor(z - r), z1 = ifloor(z + r);
    const int y0 = ifloor(y), y1 = ifloor(y + h);
    for (int by = y0; by <= y1; by++)
        for (int bz = z0; bz <= z1; bz++)
            for (int bx = x0; bx <= x1; bx++)
                if (solid(w, bx, by, bz) && push_out_of_block(x, y, z, r, h, bx, by, bz))
                    flags = HORDE_FLAG_COLLIDED;
    return flags;
}

inline void cylinder_push(const horde_world &w, const horde_cylinder_push_batch &b)
{
    for (size_t i = 0; i < b.n; i++) {
        float x = b.x[i], y = b.y[i], z = b.z[i];
        b.out_flags[i] = cylinder_push_one(w, x, y, z, b.radius[i], b.height[i]);
        b.out_x[i] = x, b.out_y[i] = y, b.out_z[i] = z;
    }
}

// Substeps of at most min(0.1, r/2) along the displacement, the naive push after each.
inline void cylinder_move(const horde_world &w, const horde_cylinder_move_batch &b)
{
    for (size_t i = 0; i < b.n; i++) {
        float x = b.x[i], y = b.y[i], z = b.z[i];
        const float r = b.radius[i], h = b.height[i];
        const float dx = b.dx[i], dy = b.dy[i], dz = b.dz[i];
        const float len = std::sqrt(dx * dx + dy * dy + dz * dz);
        const float step = r * 0.5f < 0.1f ? r * 0.5f : 0.1f;
        const int k = step > 0.0f ? -ifloor(-(len / step)) : 1; // ceil
        const float inv = k > 0 ? 1.0f / (float)k : 0.0f;
        uint32_t flags = 0;
        for (int s = 0; s < k; s++) {
            x += dx * inv, y += dy * inv, z += dz * inv;
            flags |= cylinder_push_one(w, x, y, z, r, h);
        }
        b.out_x[i] = x, b.out_y[i] = y, b.out_z[i] = z;
        if (b.out_dx)
            b.out_dx[i] = x - b.x[i], b.out_dy[i] = y - b.y[i], b.out_dz[i] = z - b.z[i];
        b.out_flags[i] = flags;
    }
}

// The AABB sweep: per axis, the blocks the box's face passes through, nearest first; stop
// kEps before the first solid one.
const float kEps = 1.0f / 1024.0f;

// Move `pos` (the box's coordinate on axis `a`) by d, stopping at the first solid block.
// lo[3], hi[3] are the box's extent on every axis (pos is included in lo/hi[a]).
inline bool sweep_axis(const horde_world &w, int a, float d, float lo[3], float hi[3])
{
    if (d == 0.0f)
        return false;
    const int b = (a + 1) % 3, c = (a + 2) % 3;
    const int b0 = ifloor(lo[b] + kEps), b1 = ifloor(hi[b] - kEps);
    const int c0 = ifloor(lo[c] + kEps), c1 = ifloor(hi[c] - kEps);
    // The layers of blocks the moving face enters, nearest first.
    const int first = d > 0.0f ? ifloor(hi[a] - kEps) + 1 : ifloor(lo[a] + kEps) - 1;
    const int last = d > 0.0f ? ifloor(hi[a] + d - kEps) : ifloor(lo[a] + d + kEps);
    const int dir = d > 0.0f ? 1 : -1;
    int cell[3];
    for (int k = first; dir > 0 ? k <= last : k >= last; k += dir) {
        cell[a] = k;
        for (int j = b0; j <= b1; j++)
            for (int l = c0; l <= c1; l++) {
                cell[b] = j, cell[c] = l;
                if (solid(w, cell[0], cell[1], cell[2])) {
                    const float stop = dir > 0 ? (float)k - kEps - hi[a] : (float)(k + 1) + kEps - lo[a];
                    const float move = dir > 0 ? (stop > 0.0f ? stop : 0.0f) : (stop < 0.0f ? stop : 0.0f);
                    lo[a] += move, hi[a] += move;
                    return true;
                }
            }
    }
    lo[a] += d, hi[a] += d;
    return false;
}

inline void aabb_move(const horde_world &w, const horde_aabb_move_batch &b)
{
    for (size_t i = 0; i < b.n; i++) {
        const float hx = b.half_x[i], hz = b.half_z[i];
        float lo[3] = {b.x[i] - hx, b.y[i], b.z[i] - hz};
        float hi[3] = {b.x[i] + hx, b.y[i] + b.height[i], b.z[i] + hz};
        uint32_t flags = 0;
        if (sweep_axis(w, 1, b.dy[i], lo, hi))
            flags |= b.dy[i] < 0.0f ? HORDE_FLAG_ON_GROUND : HORDE_FLAG_HIT_CEILING;
        if (sweep_axis(w, 0, b.dx[i], lo, hi))
            flags |= HORDE_FLAG_HIT_WALL;
        if (sweep_axis(w, 2, b.dz[i], lo, hi))
            flags |= HORDE_FLAG_HIT_WALL;
        b.out_x[i] = lo[0] + hx, b.out_y[i] = lo[1], b.out_z[i] = lo[2] + hz;
        if (b.out_dx)
            b.out_dx[i] = b.out_x[i] - b.x[i], b.out_dy[i] = b.out_y[i] - b.y[i],
            b.out_dz[i] = b.out_z[i] - b.z[i];
        b.out_flags[i] = flags;
    }
}

// The memory floor: read every input stream, write every output stream, no work.
inline void floor_streams(const float *const *in, int n_in, float *const *out, int n_out,
                          uint32_t *flags, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float s = 0.0f;
        for (int k = 0; k < n_in; k++)
            s += in[k][i];
        for (int k = 0; k < n_out; k++)
            out[k][i] = s;
        flags[i] = 0;
    }
}

// Share of movers whose position differs from horde's (scalar) by more than 1e-3 on any
// axis: how often the peer's answer is not horde's.
inline double differs(const float *ax, const float *ay, const float *az, const float *bx,
                      const float *by, const float *bz, size_t n)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        d += std::fabs(ax[i] - bx[i]) > 1e-3f || std::fabs(ay[i] - by[i]) > 1e-3f ||
             std::fabs(az[i] - bz[i]) > 1e-3f;
    return n ? (double)d / (double)n : 0.0;
}

} // namespace peers

// Rows <kernel>/naive/<n> and <kernel>/floor/<n> (calls on the next n items, as every
// row), and the context entry horde_<kernel>_naive_differs_pct. On entry ox, oy, oz (the
// whole pool of max_n items) must hold horde's scalar results.
template <class Naive, class Floor>
void register_peers(const std::string &kernel, const std::vector<size_t> &sizes, size_t max_n,
                    const float *ox, const float *oy, const float *oz, Naive naive, Floor floor)
{
    const std::vector<float> hx(ox, ox + max_n), hy(oy, oy + max_n), hz(oz, oz + max_n);
    naive(0, max_n);
    const double d = peers::differs(hx.data(), hy.data(), hz.data(), ox, oy, oz, max_n);
    add_percent_context((kernel + "_naive_differs_pct").c_str(), (size_t)(d * 1e6), 1000000, 2);
    register_rows(kernel, "naive", sizes, [naive](size_t first, size_t n) {
        naive(first, n);
        return (int)HORDE_OK;
    });
    register_rows(kernel, "floor", sizes, [floor](size_t first, size_t n) {
        floor(first, n);
        return (int)HORDE_OK;
    });
}

} // namespace hb

#endif
