/* SPDX-License-Identifier: MIT */
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

const std::vector<size_t> kSizes = {256, 1024, 4096, 16384, 65536};
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
        b.out_px = out[0].data() + at, b.out_pz = out[1].data() + at, b.out_flags = f.data() + at;
        b.n = n;
        return b;
    }
};

Pairs *g_pairs;

// Soups: every mover against a soup of kSoupTris triangles (the pairs' first ones), the
// movers placed near the soup's triangles as the pairs' movers are near theirs.
const size_t kSoupTris = 16;
struct Soup {
    Lane<float> in[5], out[2]; // x y z r h; out x, z
    Lane<uint32_t> f;
    LanePool<float> pool;
    LanePool<uint32_t> fpool;

    explicit Soup(const Pairs &p, size_t n)
    {
        pool.carve(in, 5, out, 2, n);
        fpool.carve(&f, 1, n, 24);
        Rng rng{0x736f7570ull}; // "soup"
        for (size_t i = 0; i < n; i++) {
            const size_t t = i % kSoupTris;
            in[0][i] = p.v[0][t] + rng.uniform(-0.5f, 0.5f);
            in[1][i] = p.v[1][t];
            in[2][i] = p.v[2][t] + rng.uniform(-0.5f, 0.5f);
            in[3][i] = p.v[3][t], in[4][i] = p.v[4][t];
        }
    }
    horde_cylinder_tri_soup_batch batch(size_t at, size_t n)
    {
        return {in[0].data() + at,  in[1].data() + at,  in[2].data() + at,  in[3].data() + at,
                in[4].data() + at,  out[0].data() + at, out[1].data() + at, f.data() + at,
                n};
    }
};
Soup *g_soup;

} // namespace

void hb::register_cylinder_tri()
{
    g_pairs = new Pairs(kMax);
    const horde_triangles t = g_pairs->tris(0, kMax);
    const horde_cylinder_tri_params p = {kStep};
    const horde_cylinder_tri_batch b = g_pairs->batch(0, kMax);
    if (horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &t, &p, &b) == HORDE_OK)
        add_percent_context("cylinder_tri_contact_pct", count_flags(g_pairs->f.data(), kMax, HORDE_FLAG_COLLIDED),
                            kMax);
    g_soup = new Soup(*g_pairs, kMax);
    // cylinder_tri_soup/<isa>/<n>: n movers, each against the whole soup of kSoupTris
    // triangles; items_per_second = movers per second.
    register_backends("cylinder_tri_soup", kSizes, [](horde_isa isa, size_t first, size_t n) {
        const horde_triangles soup = g_pairs->tris(0, kSoupTris);
        const horde_cylinder_tri_soup_params p = {kStep};
        const horde_cylinder_tri_soup_batch b = g_soup->batch(first, n);
        return horde_cylinder_tri_soup_isa(isa, &soup, &p, &b);
    });
    register_backends("cylinder_tri", kSizes, [](horde_isa isa, size_t first, size_t n) {
        const horde_triangles t = g_pairs->tris(first, n);
        const horde_cylinder_tri_params p = {kStep};
        const horde_cylinder_tri_batch b = g_pairs->batch(first, n);
        return horde_cylinder_tri_isa(isa, &t, &p, &b);
    });
}
