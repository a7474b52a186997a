/* SPDX-License-Identifier: MIT */
// move_cylinders/<isa>/<n>: one frame of NPCs (radius 0.3, height 1.8) standing on the
// game scene's ground, walking at 5 blocks/s in random directions at 60 Hz under one
// frame of gravity (from rest: dy = -9.81 / 60^2), default parameters (substep 0.1, no
// step-up). items_per_second = movers stepped per second.
//
// Rows cylinder_move/<isa>/<n>/tasks:<w> run the first n movers through
// horde_cylinder_move_tasks on a pool of w workers (tests/support/task_pool.h: w - 1
// pthreads plus the calling thread), in wall-clock time: tasks:2 over tasks:1 is what a
// second core gives, when there is one to spare.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>

#include <algorithm>
#include <string>

#include "bench_common.h"
#include "bench_pool.h"
#include "task_pool.h"
#include "voxel_peers.h"

using namespace hb;

namespace {

const std::vector<size_t> kSizes = {1024, 16384, 100000, 1048576};
const size_t kMax = 1048576;

struct Npcs : MoveLanes {
    Lane<float> r, h;
    explicit Npcs(size_t n)
    {
        carve({&r, &h}, n);
        std::fill(r.data(), r.data() + n, 0.3f);
        std::fill(h.data(), h.data() + n, 1.8f);
        Rng rng{0x6d6f7665ull}; // "move"
        const float speed = 5.0f / 60.0f, fall = -9.81f / (60.0f * 60.0f);
        for (size_t i = 0; i < n;) {
            const float px = rng.uniform(SCENE_MIN_X + 1, SCENE_MAX_X - 1);
            const float pz = rng.uniform(SCENE_MIN_X + 1, SCENE_MAX_X - 1);
            // Stand on the highest block top in the column under the centre (below y = 5).
            int top = -1;
            for (int by = 4; by >= -1; by--)
                if (horde_world_solid(&g_scene.world, (int32_t)std::floor(px), by,
                                      (int32_t)std::floor(pz))) {
                    top = by + 1;
                    break;
                }
            if (top < 0)
                continue;
            // Keep only movers that start free (not inside a wall next to the column).
            float sx = px, sy = (float)top, sz = pz, rr = 0.3f, hh = 1.8f, qx, qy, qz;
            uint32_t f;
            horde_cylinder_push_batch b = {&sx, &sy, &sz, &rr, &hh, &qx, &qy, &qz, &f, 1};
            if (horde_cylinder_push_isa(HORDE_ISA_SCALAR, &g_scene.world, &b) != HORDE_OK ||
                (f & HORDE_FLAG_COLLIDED))
                continue;
            const float a = rng.uniform(0.0f, 6.2831853f);
            x[i] = px, y[i] = (float)top, z[i] = pz;
            dx[i] = speed * std::cos(a), dz[i] = speed * std::sin(a), dy[i] = fall;
            i++;
        }
    }
    horde_cylinder_move_batch batch(size_t f, size_t n) const
    {
        horde_cylinder_move_batch b;
        set_fields(b, f, n);
        b.radius = r.data() + f, b.height = h.data() + f;
        return b;
    }
};

Npcs *g_npcs;

} // namespace

void hb::register_cylinder_move()
{
    g_npcs = new Npcs(kMax);
    register_backends("cylinder_move", kSizes, scene_call(&g_npcs, horde_cylinder_move_isa));
    // The task rows: one pool per worker count (tp_pool_kept).
    for (horde_isa isa : isas())
        for (size_t n : kSizes)
            for (uint32_t workers : {1u, 2u}) {
                const std::string name = std::string("cylinder_move/") + horde_isa_name(isa) + "/" +
                                         std::to_string(n) + "/tasks:" + std::to_string(workers);
                benchmark::RegisterBenchmark(name.c_str(), [isa, n, workers](benchmark::State &state) {
                    tp_pool *pool = tp_pool_kept(workers);
                    const horde_cylinder_move_batch b = g_npcs->batch(0, n);
                    for (auto _ : state) {
                        const horde_status st =
                            horde_cylinder_move_tasks_isa(isa, &pool->tasks, &g_scene.world, nullptr, &b);
                        if (st != HORDE_OK) {
                            state.SkipWithError(horde_status_string(st));
                            break;
                        }
                        benchmark::ClobberMemory();
                    }
                    state.SetItemsProcessed(state.iterations() * (int64_t)n);
                })->Unit(benchmark::kMicrosecond)->UseRealTime();
            }
    // Peers: naive substeps of the per-cube push, and the memory floor.
    const horde_cylinder_move_batch all = g_npcs->batch(0, kMax);
    if (horde_cylinder_move_isa(HORDE_ISA_SCALAR, &g_scene.world, nullptr, &all) != HORDE_OK)
        return;
    register_peers(
        "cylinder_move", kSizes, kMax, g_npcs->ox.data(), g_npcs->oy.data(), g_npcs->oz.data(),
        [](size_t first, size_t n) { peers::cylinder_move(g_scene.world, g_npcs->batch(first, n)); },
        [](size_t first, size_t n) {
            const horde_cylinder_move_batch b = g_npcs->batch(first, n);
            const float *in[8] = {b.x, b.y, b.z, b.dx, b.dy, b.dz, b.radius, b.height};
            float *out[6] = {b.out_x, b.out_y, b.out_z, b.out_dx, b.out_dy, b.out_dz};
            peers::floor_streams(in, 8, out, 6, b.out_flags, n);
        });
}
