/* SPDX-License-Identifier: MIT */
// horde benchmarks: ground height of points over a triangle soup, per backend.
//
// ground_height/<isa>/<n>: n points against one soup of 64 triangles (a 4 x 4 terrain
// patch of 32 triangles with random heights, plus 32 ramps, platforms and walls over
// it); items_per_second = points per second (each point tests all 64 triangles).
// Points are spread over twice the patch's area at heights such that about half of
// them find ground (reported as horde_ground_found_pct).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"

using namespace hb;

namespace {

const std::vector<size_t> kSizes = {256, 1024, 4096, 16384};
const size_t kMax = kFreshItems; // points
const size_t kTris = 64;
const float kDepth = 2.0f;

struct Ground {
    std::vector<float> t[9];
    Lane<float> x, y, z, oy;
    Lane<uint32_t> ot;
    Lane<uint32_t> of;
    LanePool<float> pool;
    LanePool<uint32_t> tpool;
    LanePool<uint32_t> fpool;

    Ground()
    {
        pool.carve({&x, &y, &z, &oy}, kMax);
        tpool.carve({&ot}, kMax, 4);
        fpool.carve({&of}, kMax, 5);
        Rng rng{0x67726f756e64ull}; // "ground"
        float h[5][5];
        for (auto &row : h)
            for (float &v : row)
                v = rng.uniform(-1.0f, 1.0f);
        auto put = [&](const float *v) {
            for (int a = 0; a < 9; a++)
                t[a].push_back(v[a]);
        };
        const float cell = 4.0f;
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                const float x0 = cell * i, x1 = x0 + cell, z0 = cell * j, z1 = z0 + cell;
                const float a[9] = {x0, h[i][j], z0, x1, h[i + 1][j], z0, x1, h[i + 1][j + 1], z1};
                const float b[9] = {x0, h[i][j], z0, x1, h[i + 1][j + 1], z1, x0, h[i][j + 1], z1};
                put(a), put(b);
            }
        while (t[0].size() < kTris) {
            const float cx = rng.uniform(0.0f, 16.0f), cz = rng.uniform(0.0f, 16.0f);
            const float cy = rng.uniform(0.5f, 4.0f), s = rng.uniform(0.5f, 2.0f);
            float v[9];
            for (int k = 0; k < 3; k++) {
                v[3 * k] = cx + rng.uniform(-s, s);
                v[3 * k + 1] = cy + rng.uniform(-0.5f, 0.5f);
                v[3 * k + 2] = cz + rng.uniform(-s, s);
            }
            if (rng.next() % 4 == 0) // a wall: no surface height
                v[6] = v[0], v[8] = v[2];
            put(v);
        }
        for (size_t i = 0; i < kMax; i++) {
            x[i] = rng.uniform(-1.0f, 17.0f);
            z[i] = rng.uniform(-1.0f, 17.0f);
            y[i] = rng.uniform(-0.8f, 2.3f);
        }
    }
    horde_triangles soup() const
    {
        horde_triangles s = {t[0].data(), t[1].data(), t[2].data(), t[3].data(), t[4].data(),
                             t[5].data(), t[6].data(), t[7].data(), t[8].data(), t[0].size()};
        return s;
    }
    horde_ground_height_batch batch(size_t f, size_t n)
    {
        horde_ground_height_batch b;
        b.x = x.data() + f, b.y = y.data() + f, b.z = z.data() + f;
        b.out_y = oy.data() + f, b.out_tri = ot.data() + f, b.out_flags = of.data() + f;
        b.n = n;
        return b;
    }
};

Ground *g_ground;

} // namespace

void hb::register_ground_height()
{
    g_ground = new Ground();
    const horde_triangles s = g_ground->soup();
    const horde_ground_height_params p = {kDepth};
    const horde_ground_height_batch b = g_ground->batch(0, kMax);
    if (horde_ground_height_isa(HORDE_ISA_SCALAR, &s, &p, &b) == HORDE_OK) {
        size_t found = 0;
        for (size_t i = 0; i < kMax; i++)
            found += g_ground->ot[i] != HORDE_NONE;
        add_percent_context("ground_found_pct", found, kMax);
    }
    register_backends("ground_height", kSizes, [](horde_isa isa, size_t first, size_t n) {
        const horde_triangles s = g_ground->soup();
        const horde_ground_height_params p = {kDepth};
        const horde_ground_height_batch b = g_ground->batch(first, n);
        return horde_ground_height_isa(isa, &s, &p, &b);
    });
}
