/* SPDX-License-Identifier: MIT */
// horde benchmarks: radial push-out of movers from a forest of poles, and the swept
// variant, per backend and batch size. Names radial_push/<isa>/<batch> and
// radial_sweep/<isa>/<batch> (each mover moving 0.05-1.5 blocks in a random direction,
// 4 slides allowed); items_per_second = movers per second.
//
// The forest: poles on a 3-block grid (jittered, radius 0.2-0.6, 4-8 blocks tall) over
// 256 x 256 blocks; movers (radius 0.3, height 1.8) half placed against a pole (distance
// 0.5-1.0 of the contact distance), half anywhere. Each mover's list holds the poles of
// the 3 x 3 grid cells around it (a uniform-grid broadphase, built once, not timed):
// up to 9 entries, about half of the movers in contact.
//
// radial_push_grid/<isa>/<batch>: the same movers and poles through horde_radial_push_grid,
// with the poles' grid (cell = the 3-block spacing, built once, not timed) in place of the
// lists; each call sorts its movers by cell in the caller's scratch (timed: part of the
// kernel). radial_push_grid/lists_push/<batch> is the same work through the two calls it
// replaces: horde_pole_grid_lists (reach 0) writes each mover's list, then
// horde_radial_push on the best backend (both timed).
//
// radial_push_grid/<isa>/<batch>/tasks:<w>: the first <batch> movers through
// horde_radial_push_grid_tasks on a pool of w workers (tests/support/task_pool.h: w - 1
// pthreads plus the calling thread), in wall-clock time: tasks:2 over tasks:1 is what a
// second core gives, when there is one to spare.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"
#include "task_pool.h"

using namespace hb;

namespace {

const std::vector<size_t> kBatches = {256, 1024, 4096, 16384, 65536, 262144};
const size_t kMaxBatch = 262144;
const int kGrid = 85;            // poles per side, one per 3 x 3 blocks
const float kSpacing = 3.0f;
const uint64_t kSeed = 0x706f6c6573ull; // "poles"

struct Forest {
    std::vector<float> x, z, r, bottom, top;
    CylinderLanes m; // the movers
    Lane<float> ddx, ddz;
    LanePool<float> pool;
    LanePool<uint32_t> upool;
    std::vector<uint32_t> offsets, indices;
    std::vector<unsigned char> grid_scratch;
    horde_pole_grid grid{};

    explicit Forest(size_t n)
    {
        Rng rng{kSeed};
        for (int j = 0; j < kGrid * kGrid; j++) {
            x.push_back(kSpacing * (float)(j % kGrid) + rng.uniform(-0.5f, 0.5f));
            z.push_back(kSpacing * (float)(j / kGrid) + rng.uniform(-0.5f, 0.5f));
            r.push_back(rng.uniform(0.2f, 0.6f));
            bottom.push_back(-1.0f);
            top.push_back(rng.uniform(4.0f, 8.0f));
        }
        pool.carve({&m.x, &m.y, &m.z, &m.radius, &m.height, &m.out_x, &m.out_y, &m.out_z, &ddx, &ddz}, n);
        upool.carve({&m.out_flags}, n, 8);
        offsets.push_back(0);
        for (size_t i = 0; i < n; i++) {
            m.radius[i] = 0.3f, m.height[i] = 1.8f, m.y[i] = rng.uniform(0.0f, 1.0f);
            const float heading = rng.uniform(0.0f, 6.2831853f), speed = rng.uniform(0.05f, 1.5f);
            ddx[i] = speed * std::cos(heading), ddz[i] = speed * std::sin(heading);
            if (rng.next() & 1) {
                const size_t j = rng.next() % x.size();
                const float a = rng.uniform(0.0f, 6.2831853f), d = (0.3f + r[j]) * rng.uniform(0.5f, 1.0f);
                m.x[i] = x[j] + d * std::cos(a), m.z[i] = z[j] + d * std::sin(a);
            } else {
                m.x[i] = rng.uniform(0.0f, kSpacing * (kGrid - 1)), m.z[i] = rng.uniform(0.0f, kSpacing * (kGrid - 1));
            }
            const int cx = (int)std::lround(m.x[i] / kSpacing), cz = (int)std::lround(m.z[i] / kSpacing);
            for (int dz = -1; dz <= 1; dz++)
                for (int dx = -1; dx <= 1; dx++)
                    if (cx + dx >= 0 && cx + dx < kGrid && cz + dz >= 0 && cz + dz < kGrid)
                        indices.push_back((uint32_t)((cz + dz) * kGrid + cx + dx));
            offsets.push_back((uint32_t)indices.size());
        }
    }
    horde_poles poles() const
    {
        return horde_poles{x.data(), z.data(), r.data(), bottom.data(), top.data(), x.size()};
    }
    horde_radial_sweep_batch sweep_batch(size_t f, size_t n) const
    {
        horde_radial_sweep_batch b;
        m.set_inputs(b, f);
        b.dx = ddx.data() + f, b.dz = ddz.data() + f;
        b.offsets = offsets.data() + f, b.indices = indices.data();
        b.out_x = m.out_x.data() + f, b.out_z = m.out_z.data() + f, b.out_flags = m.out_flags.data() + f;
        b.n = n;
        return b;
    }
    horde_radial_push_batch batch(size_t f, size_t n) const
    {
        horde_radial_push_batch b;
        m.set_inputs(b, f);
        b.offsets = offsets.data() + f, b.indices = indices.data();
        m.set_outputs(b, f, n);
        return b;
    }
    horde_radial_push_grid_batch grid_batch(size_t f, size_t n) const
    {
        horde_radial_push_grid_batch b;
        m.set_inputs(b, f);
        m.set_outputs(b, f, n);
        return b;
    }
};

Forest *g_forest;
const horde_radial_push_params kPush = {4};
const horde_radial_sweep_params kSweep = {4};
const horde_radial_push_grid_params kPushGrid = {4};

// The poles' grid over the forest, cell = the pole spacing (r + max_r = 0.9 <= 3: every
// overlapped pole is in a mover's 3 x 3 cells).
bool build_grid(Forest *f)
{
    const horde_poles p = f->poles();
    const size_t bytes = horde_pole_grid_scratch_bytes(&p, kSpacing);
    f->grid_scratch.resize(bytes);
    return bytes && horde_pole_grid_build(&f->grid, &p, kSpacing, f->grid_scratch.data(), bytes) == HORDE_OK;
}

} // namespace

void hb::register_radial_push()
{
    g_forest = new Forest(kMaxBatch);
    const horde_poles p = g_forest->poles();
    horde_radial_push_batch b = g_forest->batch(0, kMaxBatch);
    if (horde_radial_push_isa(HORDE_ISA_SCALAR, &p, &kPush, &b) == HORDE_OK) {
        add_percent_context("radial_collided_pct",
                            count_flags(g_forest->m.out_flags.data(), kMaxBatch, HORDE_FLAG_COLLIDED), kMaxBatch);
        add_percent_context("radial_wedged_pct",
                            count_flags(g_forest->m.out_flags.data(), kMaxBatch, HORDE_FLAG_WEDGED), kMaxBatch, 3);
    }
    register_backends("radial_sweep", kBatches, [](horde_isa isa, size_t first, size_t n) {
        const horde_poles poles = g_forest->poles();
        const horde_radial_sweep_batch bb = g_forest->sweep_batch(first, n);
        return horde_radial_sweep_isa(isa, &poles, &kSweep, &bb);
    });
    const bool grid_ok = build_grid(g_forest);
    if (grid_ok)
        register_backends("radial_push_grid", kBatches, [](horde_isa isa, size_t first, size_t n) {
            thread_local std::vector<unsigned char> scratch; // the movers' sort, one per thread
            const size_t bytes = horde_radial_push_grid_scratch_bytes(&g_forest->grid, n);
            if (scratch.size() < bytes)
                scratch.resize(bytes);
            const horde_poles poles = g_forest->poles();
            const horde_radial_push_grid_batch bb = g_forest->grid_batch(first, n);
            return horde_radial_push_grid_isa(isa, &g_forest->grid, &poles, &kPushGrid, &bb, scratch.data(), bytes);
        });
    // The task rows: one pool per worker count (tp_pool_kept).
    if (grid_ok)
        for (horde_isa isa : isas())
            for (size_t n : kBatches)
                for (uint32_t workers : {1u, 2u}) {
                    const std::string name = std::string("radial_push_grid/") + horde_isa_name(isa) + "/" +
                                             std::to_string(n) + "/tasks:" + std::to_string(workers);
                    benchmark::RegisterBenchmark(name.c_str(), [isa, n, workers](benchmark::State &state) {
                        tp_pool *pool = tp_pool_kept(workers);
                        static std::vector<unsigned char> scratch;
                        const size_t bytes = horde_radial_push_grid_scratch_bytes(&g_forest->grid, n);
                        if (scratch.size() < bytes)
                            scratch.resize(bytes);
                        const horde_poles poles = g_forest->poles();
                        const horde_radial_push_grid_batch bb = g_forest->grid_batch(0, n);
                        for (auto _ : state) {
                            const horde_status st = horde_radial_push_grid_tasks_isa(
                                isa, &pool->tasks, &g_forest->grid, &poles, &kPushGrid, &bb,
                                scratch.data(), bytes);
                            if (st != HORDE_OK) {
                                state.SkipWithError(horde_status_string(st));
                                break;
                            }
                            benchmark::ClobberMemory();
                        }
                        state.SetItemsProcessed(state.iterations() * (int64_t)n);
                    })->Unit(benchmark::kMicrosecond)->UseRealTime();
                }
    if (grid_ok)
        register_rows("radial_push_grid", "lists_push", kBatches, [](size_t first, size_t n) {
            static std::vector<uint32_t> offsets, indices;
            offsets.resize(n + 1), indices.resize(n * 16);
            const horde_poles poles = g_forest->poles();
            horde_radial_push_batch bb = g_forest->batch(first, n);
            bb.offsets = offsets.data(), bb.indices = indices.data(); // this row's own lists
            int st = horde_pole_grid_lists(&g_forest->grid, &poles, &bb, 0.0f, offsets.data(), indices.data(),
                                           indices.size());
            if (st == HORDE_OK)
                st = horde_radial_push_isa(horde_isa_best(), &poles, &kPush, &bb);
            return st;
        });
    register_backends("radial_push", kBatches, [](horde_isa isa, size_t first, size_t n) {
        const horde_poles poles = g_forest->poles();
        const horde_radial_push_batch bb = g_forest->batch(first, n);
        return horde_radial_push_isa(isa, &poles, &kPush, &bb);
    });
}
