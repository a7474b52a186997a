/* SPDX-License-Identifier: MIT */
// horde benchmarks: point movers (horde_point_move), one frame of NPCs walking in the
// game scene, per backend and batch size.
//
// move_points/<isa>/<n>; items_per_second = movers stepped per second. The frame: every
// NPC walks at 5 blocks/s in its own random horizontal direction at 60 Hz (5/60 per
// frame) under gravity (g = 9.81 blocks/s^2). Three in four stand on the ground (y = block
// top + skin, found by dropping a random start point in y [0, 2.5) onto what is below it)
// with one frame of fall from rest, -g/60^2; the rest are airborne at a random free point
// in y [0, 2.5), falling for t in [1/60, 0.5) s: dy = -g t / 60. Grounded NPCs are pushed
// back onto their floor every frame, as in a game. Inputs are never written; each timed
// call steps the next n NPCs of the pool (Rotor).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"

using namespace hb;

namespace {

const std::vector<size_t> kBatches = {1024, 16384, 100000, 1048576};
const size_t kMax = 1048576;
const uint64_t kSeed = 0x706f696e74ull; // "point"

struct Npcs : MoveLanes {

    explicit Npcs(size_t n)
    {
        carve({}, n);
        const horde_world *w = &g_scene.world;
        const float g = 9.81f, dt = 1.0f / 60.0f, skin = 1.0f / 1024.0f;
        Rng rng{kSeed};
        for (size_t i = 0; i < n; i++) {
            float px, py, pz;
            do {
                px = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
                py = rng.uniform(0.0f, 2.5f);
                pz = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
            } while (horde_world_solid(w, (int32_t)std::floor(px), (int32_t)std::floor(py),
                                       (int32_t)std::floor(pz)));
            const bool grounded = rng.next() % 4 != 0;
            float vy = -g * dt; // one frame of fall from rest
            if (grounded) {
                int32_t by = (int32_t)std::floor(py);
                while (by > -32 && !horde_world_solid(w, (int32_t)std::floor(px), by - 1,
                                                      (int32_t)std::floor(pz)))
                    by--;
                py = (float)by + skin;
            } else {
                vy = -g * rng.uniform(dt, 0.5f);
            }
            const float a = rng.uniform(0.0f, 6.2831853f);
            x[i] = px, y[i] = py, z[i] = pz;
            dx[i] = 5.0f * dt * std::cos(a), dy[i] = vy * dt, dz[i] = 5.0f * dt * std::sin(a);
        }
    }

    horde_point_move_batch batch(size_t f, size_t n) const
    {
        horde_point_move_batch b;
        set_fields(b, f, n);
        return b;
    }
};

Npcs *g_npcs;

} // namespace

void hb::register_point_move()
{
    g_npcs = new Npcs(kMax);
    register_backends_flagged("point_move", kBatches, scene_call(&g_npcs, horde_point_move_isa), kMax,
                              g_npcs->flags.data(), HORDE_FLAG_COLLIDED, "point_collided_pct");
}
