/* SPDX-License-Identifier: MIT */
// move_aabbs/<isa>/<n>: one frame of NPC boxes (half extents 0.3, height 1.8) standing on
// the game scene's ground at free positions, walking at 5 blocks/s in random directions
// at 60 Hz under one frame of gravity (from rest: dy = -9.81 / 60^2), default parameters
// (no step-up, max_distance 32). Inputs are never written; each timed call steps the
// next n boxes of the pool (Rotor). items_per_second = movers stepped per second.
#include <cmath>
#include <cstdio>

#include <algorithm>

#include "bench_common.h"
#include "bench_pool.h"
#include "voxel_peers.h"

using namespace hb;

namespace {

const std::vector<size_t> kSizes = {1024, 16384, 100000, 1048576};
const size_t kMax = 1048576;

struct Boxes : MoveLanes {
    Lane<float> hx, hz, h;
    explicit Boxes(size_t n)
    {
        carve({&hx, &hz, &h}, n);
        std::fill(hx.data(), hx.data() + n, 0.3f);
        std::fill(hz.data(), hz.data() + n, 0.3f);
        std::fill(h.data(), h.data() + n, 1.8f);
        Rng rng{0x61616262ull}; // "aabb"
        const float speed = 5.0f / 60.0f, fall = -9.81f / (60.0f * 60.0f);
        for (size_t i = 0; i < n;) {
            const float px = rng.uniform(SCENE_MIN_X + 2, SCENE_MAX_X - 2);
            const float pz = rng.uniform(SCENE_MIN_X + 2, SCENE_MAX_X - 2);
            const float py = (float)(int)rng.uniform(0.0f, 3.0f); // floor, hill and step tops
            // A zero move reports exactly ON_GROUND for a box that is free and resting.
            float zero = 0.0f, bx = 0.3f, bh = 1.8f, qx, qy, qz;
            uint32_t f = 0;
            horde_aabb_move_batch b = {&px, &py, &pz, &zero, &zero, &zero, &bx, &bx, &bh,
                                       &qx, &qy, &qz, nullptr, nullptr, nullptr, &f, 1};
            if (horde_aabb_move_isa(HORDE_ISA_SCALAR, &g_scene.world, nullptr, &b) != HORDE_OK ||
                f != HORDE_FLAG_ON_GROUND)
                continue;
            const float a = rng.uniform(0.0f, 6.2831853f);
            x[i] = px, y[i] = py, z[i] = pz;
            dx[i] = speed * std::cos(a), dz[i] = speed * std::sin(a), dy[i] = fall;
            i++;
        }
    }
    horde_aabb_move_batch batch(size_t f, size_t n) const
    {
        horde_aabb_move_batch b;
        set_fields(b, f, n);
        b.half_x = hx.data() + f, b.half_z = hz.data() + f, b.height = h.data() + f;
        return b;
    }
};

Boxes *g_boxes;

} // namespace

void hb::register_aabb_move()
{
    g_boxes = new Boxes(kMax);
    // Share of walkers that hit a wall this frame: checks the scene keeps the sweeps busy.
    register_backends_flagged("aabb_move", kSizes, scene_call(&g_boxes, horde_aabb_move_isa), kMax,
                              g_boxes->flags.data(), HORDE_FLAG_HIT_WALL, "aabb_hit_wall_pct", 2);
    // Peers: the plain y, x, z sweep, and the memory floor (horde's scalar results are in
    // the outputs from the count above).
    register_peers(
        "aabb_move", kSizes, kMax, g_boxes->ox.data(), g_boxes->oy.data(), g_boxes->oz.data(),
        [](size_t first, size_t n) { peers::aabb_move(g_scene.world, g_boxes->batch(first, n)); },
        [](size_t first, size_t n) {
            const horde_aabb_move_batch b = g_boxes->batch(first, n);
            const float *in[9] = {b.x, b.y, b.z, b.dx, b.dy, b.dz, b.half_x, b.half_z, b.height};
            float *out[6] = {b.out_x, b.out_y, b.out_z, b.out_dx, b.out_dy, b.out_dz};
            peers::floor_streams(in, 9, out, 6, b.out_flags, n);
        });
}
