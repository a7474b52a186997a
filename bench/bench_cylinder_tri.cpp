// horde benchmarks: cylinder vs triangle pairs (seed 001's clip, flatten, push), per backend.
//
// cylinder_tri/<isa>/<n>: n pairs (mover i vs triangle i); items_per_second = pairs per
// second. Movers (radius 0.3, height 1.8, step 0.3) stand around triangles of 0.5 to 3
// units (walls, ramps, floors in the band, random ones), placed so that about half of
// the pairs are in contact (the share is reported as horde_cylinder_tri_contact_pct).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"

using namespace hb;

namespace {

const size_t kSizes[] = {256, 1024, 4096, 16384, 65536};
const size_t kMax = 65536;
const float kStep = 0.3f;
const float kOff = 0.75f;

struct Pairs {
    Lane<float> v[14]; // x y z r h, then ax ay az bx by bz cx cy cz
    Lane<float> out[2];  // px, pz
    Lane<uint32_t> f;
    LanePool<float> pool;
    LanePool<uint32_t> fpool;

    explicit Pairs(size_t n)
    {
        pool.carve(v, 14, out, 2, n);
        fpool.carve(&f, 1, n, 16);
        Rng rng{0x63796c747269ull}; // "cyltri"
        for (size_t i = 0; i < n; i++) {
            const float cx = rng.uniform(-60.0f, 60.0f), cy = rng.uniform(-5.0f, 5.0f),
                        cz = rng.uniform(-60.0f, 60.0f);
            const float s = rng.uniform(0.5f, 3.0f);
            float t[9];
            for (int k = 0; k < 3; k++) {
                t[3 * k] = cx + rng.uniform(-s, s);
                t[3 * k + 1] = cy + 1.0f + rng.uniform(-1.5f, 1.5f);
                t[3 * k + 2] = cz + rng.uniform(-s, s);
            }
            const uint64_t kind = rng.next() % 4;
            if (kind == 0) { // vertical wall
                t[6] = t[0], t[8] = t[2];
            } else if (kind == 1) { // floor piece inside the band
                t[1] = t[4] = t[7] = cy + 1.0f;
            }
            // A random point of the triangle (seen from above), moved by up to kOff.
            float u = rng.uniform(0.0f, 1.0f), w = rng.uniform(0.0f, 1.0f);
            if (u + w > 1.0f)
                u = 1.0f - u, w = 1.0f - w;
            v[0][i] = t[0] + u * (t[3] - t[0]) + w * (t[6] - t[0]) + rng.uniform(-kOff, kOff);
            v[2][i] = t[2] + u * (t[5] - t[2]) + w * (t[8] - t[2]) + rng.uniform(-kOff, kOff);
            v[1][i] = cy;
            v[3][i] = 0.3f, v[4][i] = 1.8f;
            for (int k = 0; k < 9; k++)
                v[5 + k][i] = t[k];
        }
    }
    horde_triangles tris(size_t at, size_t n) const
    {
        horde_triangles t = {v[5].data() + at,  v[6].data() + at,  v[7].data() + at,
                             v[8].data() + at,  v[9].data() + at,  v[10].data() + at,
                             v[11].data() + at, v[12].data() + at, v[13].data() + at, n};
        return t;
    }
    horde_cylinder_tri_batch batch(size_t at, size_t n)
    {
        horde_cylinder_tri_batch b;
        b.x = v[0].data() + at, b.y = v[1].data() + at, b.z = v[2].data() + at;
        b.radius = v[3].data() + at, b.height = v[4].data() + at;
        b.step = kStep;
        b.out_px = out[0].data() + at, b.out_pz = out[1].data() + at, b.out_flags = f.data() + at;
        b.n = n;
        return b;
    }
};

Pairs *g_pairs;

void cylinder_tri(benchmark::State &state, horde_isa isa, size_t n)
{
    Rotor rot(n);
    for (auto _ : state) {
        const size_t at = rot.next();
        const horde_triangles t = g_pairs->tris(at, n);
        const horde_cylinder_tri_batch b = g_pairs->batch(at, n);
        int st = horde_cylinder_tri_isa(isa, &t, &b);
        if (st != HORDE_OK) {
            state.SkipWithError(horde_status_string(st));
            break;
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * (int64_t)n);
}

} // namespace

void hb::register_cylinder_tri()
{
    g_pairs = new Pairs(kMax);
    const horde_triangles t = g_pairs->tris(0, kMax);
    const horde_cylinder_tri_batch b = g_pairs->batch(0, kMax);
    if (horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &t, &b) == HORDE_OK) {
        size_t hit = 0;
        for (size_t i = 0; i < kMax; i++)
            hit += (g_pairs->f[i] & HORDE_FLAG_COLLIDED) != 0;
        char pct[32];
        std::snprintf(pct, sizeof pct, "%.1f", 100.0 * (double)hit / (double)kMax);
        benchmark::AddCustomContext("horde_cylinder_tri_contact_pct", pct);
    }
    for (horde_isa isa : isas())
        for (size_t n : kSizes)
            benchmark::RegisterBenchmark(bench_name("cylinder_tri", isa, n).c_str(), cylinder_tri, isa, n)
                ->Unit(benchmark::kMicrosecond);
}
