/* SPDX-License-Identifier: MIT */
// horde benchmarks: cylinder push-out over the game scene, per backend and batch size.
//
// Benchmarks are named cylinder_push/<isa>/<batch>; items_per_second = movers per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"
#include "voxel_peers.h"

using namespace hb;

namespace {

const std::vector<size_t> kBatches = {256, 1024, 4096, 16384, 65536, 262144, 1048576};
const size_t kMaxBatch = 1048576;
const uint64_t kSceneSeed = 1;
const uint64_t kMoverSeed = 0x686f726465ull; // "horde"

// One set of movers; each timed call takes the next n of them (Rotor). Inputs are never
// written.
struct Movers : CylinderLanes {
    LanePool<float> pool;
    LanePool<uint32_t> upool;

    explicit Movers(size_t n)
    {
        pool.carve({&x, &y, &z, &radius, &height, &out_x, &out_y, &out_z}, n);
        upool.carve({&out_flags}, n, 8);
        std::fill(radius.data(), radius.data() + n, 0.3f);
        std::fill(height.data(), height.data() + n, 1.8f);
        Rng rng{kMoverSeed};
        for (size_t i = 0; i < n; i++) {
            x[i] = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
            y[i] = rng.uniform(-0.3f, 2.5f);
            z[i] = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
        }
    }

    horde_cylinder_push_batch batch(size_t f, size_t n) const
    {
        horde_cylinder_push_batch b;
        set_inputs(b, f);
        set_outputs(b, f, n);
        return b;
    }
};

Movers *g_movers;

} // namespace

void hb::register_cylinder_push()
{
    g_movers = new Movers(kMaxBatch);
    // Share of movers the push actually moves: checks the scene keeps the kernel busy.
    register_backends_flagged("cylinder_push", kBatches, scene_call(&g_movers, horde_cylinder_push_isa),
                              kMaxBatch, g_movers->out_flags.data(), HORDE_FLAG_COLLIDED, "collided_pct");

    // Peers: the naive per-cube push and the memory floor (horde's scalar results are
    // in the outputs from the count above).
    register_peers(
        "cylinder_push", kBatches, kMaxBatch, g_movers->out_x.data(), g_movers->out_y.data(),
        g_movers->out_z.data(),
        [](size_t first, size_t n) { peers::cylinder_push(g_scene.world, g_movers->batch(first, n)); },
        [](size_t first, size_t n) {
            const horde_cylinder_push_batch b = g_movers->batch(first, n);
            const float *in[5] = {b.x, b.y, b.z, b.radius, b.height};
            float *out[3] = {b.out_x, b.out_y, b.out_z};
            peers::floor_streams(in, 5, out, 3, b.out_flags, n);
        });
}
