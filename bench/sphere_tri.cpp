/* SPDX-License-Identifier: MIT */
// horde benchmarks: sphere vs triangle, pairs and movers x lists, per backend and batch size.
//
//   sphere_tri_pairs/<isa>/<n>  pairs, items = pairs; about half of them overlap
//   sphere_tri_list/<isa>/<n>   n spheres, 8 triangles each, items = sphere-triangle pairs
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_tri_data.h"

using namespace hb;

const std::vector<size_t> hb::kTriBatches = {256, 1024, 4096, 16384, 65536};

namespace {

const size_t kMaxPairs = kFreshItems;
const size_t kListLen = 8;

} // namespace

void hb::unit_dir(Rng &g, float d[3])
{
    float l2;
    do {
        for (int k = 0; k < 3; k++)
            d[k] = g.uniform(-1.0f, 1.0f);
        l2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    } while (l2 < 0.01f || l2 > 1.0f);
    const float l = std::sqrt(l2);
    for (int k = 0; k < 3; k++)
        d[k] /= l;
}

// A triangle of size ~1 around c, and a point on it (random barycentric).
void hb::triangle_near(Rng &g, const float c[3], float v[9], float q[3])
{
    float d[3];
    const float L = g.uniform(0.5f, 2.0f);
    for (int j = 0; j < 3; j++) {
        unit_dir(g, d);
        for (int k = 0; k < 3; k++)
            v[3 * j + k] = c[k] + L * d[k];
    }
    float u = g.uniform(0.0f, 1.0f), w = g.uniform(0.0f, 1.0f);
    if (u + w > 1.0f)
        u = 1.0f - u, w = 1.0f - w;
    for (int k = 0; k < 3; k++)
        q[k] = v[k] + (v[3 + k] - v[k]) * u + (v[6 + k] - v[k]) * w;
}

namespace {

// The triangles, and the batch, of the n pairs starting at pair f.
horde_sphere_tri_pairs_batch pairs_batch_of(TriPairs *p, size_t f, size_t n)
{
    horde_sphere_tri_pairs_batch b = {p->in[0].data() + f,  p->in[1].data() + f,  p->in[2].data() + f,
                                      p->in[3].data() + f,  p->out[0].data() + f, p->out[1].data() + f,
                                      p->out[2].data() + f, p->out[3].data() + f, p->out[4].data() + f,
                                      p->out[5].data() + f, p->out[6].data() + f, p->flags.data() + f,
                                      n};
    return b;
}
horde_triangles tris_of(const TriPairs *p, size_t f, size_t n)
{
    horde_triangles t = {p->in[4].data() + f,  p->in[5].data() + f,  p->in[6].data() + f,
                         p->in[7].data() + f,  p->in[8].data() + f,  p->in[9].data() + f,
                         p->in[10].data() + f, p->in[11].data() + f, p->in[12].data() + f, n};
    return t;
}

// The pairs' regions, in percent of the pairs: which paths of the kernel they take. An
// overlapping edge or vertex pair's push needs the edge or vertex offset; the share of
// 8-pair groups holding one is how often an 8-lane backend computes the offset.
std::string g_regions;
std::string regions_of(const uint32_t *flags, size_t n)
{
    const uint32_t kOver = HORDE_FLAG_OVERLAP, kEV = HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX;
    size_t face = 0, edge = 0, vertex = 0, degen = 0, over_ev = 0, groups = 0, groups_ev = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t f = flags[i];
        face += (f & HORDE_FLAG_FACE) != 0, edge += (f & HORDE_FLAG_EDGE) != 0;
        vertex += (f & HORDE_FLAG_VERTEX) != 0, degen += (f & HORDE_FLAG_DEGENERATE) != 0;
        over_ev += (f & kOver) && (f & kEV);
    }
    for (size_t i = 0; i + 8 <= n; i += 8) {
        int any = 0;
        for (size_t j = i; j < i + 8; j++)
            any |= (flags[j] & kOver) && (flags[j] & kEV);
        groups++, groups_ev += any;
    }
    const double k = 100.0 / (double)n;
    char s[256];
    std::snprintf(s, sizeof s,
                  "face %.1f edge %.1f vertex %.1f degenerate %.1f; overlapping edge or vertex %.1f "
                  "(8-pair groups holding one: %.1f)",
                  face * k, edge * k, vertex * k, degen * k, over_ev * k,
                  groups ? 100.0 * (double)groups_ev / (double)groups : 0.0);
    return s;
}

TriPairs *make_pairs()
{
    TriPairs *p = new TriPairs;
    p->pool.carve(p->in, 13, p->out, 7, kMaxPairs);
    p->flag_pool.carve(&p->flags, 1, kMaxPairs, 20);
    Rng g{0x747269ull};
    for (size_t i = 0; i < kMaxPairs; i++) {
        float c[3], v[9], q[3], d[3];
        for (int k = 0; k < 3; k++)
            c[k] = g.uniform(-100.0f, 100.0f);
        triangle_near(g, c, v, q);
        unit_dir(g, d);
        const float r = 0.5f, dist = g.uniform(0.0f, 1.5f);
        for (int k = 0; k < 3; k++)
            p->in[k][i] = q[k] + d[k] * dist;
        p->in[3][i] = r;
        for (int k = 0; k < 9; k++)
            p->in[4 + k][i] = v[k];
    }
    const horde_triangles t = tris_of(p, 0, kMaxPairs);
    const horde_sphere_tri_pairs_batch b = pairs_batch_of(p, 0, kMaxPairs);
    if (horde_sphere_tri_pairs_isa(HORDE_ISA_SCALAR, &t, &b) == HORDE_OK) {
        p->overlap_pct = 100.0 * (double)count_flags(p->flags.data(), kMaxPairs, HORDE_FLAG_OVERLAP) / (double)kMaxPairs;
        g_regions = regions_of(p->flags.data(), kMaxPairs);
    }
    return p;
}

TriPairs *g_pairs;

// Lists: sphere i is near triangle i; its list holds triangle i and 7 neighbours.
struct Lists {
    std::vector<uint32_t> offsets, indices;
    Lane<float> out[7];
    Lane<uint32_t> tri, flags;
    LanePool<float> pool;
    LanePool<uint32_t> tri_pool, flag_pool;
};
Lists *g_lists;

} // namespace

const TriPairs &hb::sphere_tri_pairs_data()
{
    if (!g_pairs)
        g_pairs = make_pairs();
    return *g_pairs;
}

void hb::register_sphere_tri()
{
    sphere_tri_pairs_data();
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f", g_pairs->overlap_pct);
    benchmark::AddCustomContext("horde_sphere_tri_overlap_pct", pct);
    benchmark::AddCustomContext("horde_sphere_tri_regions_pct", g_regions);

    g_lists = new Lists;
    g_lists->offsets.resize(kMaxPairs + 1);
    g_lists->indices.resize(kMaxPairs * kListLen);
    // after the 20 arrays of the pairs' pool
    g_lists->pool.carve(g_lists->out, 7, kMaxPairs, 21);
    g_lists->tri_pool.carve(&g_lists->tri, 1, kMaxPairs, 28);
    g_lists->flag_pool.carve(&g_lists->flags, 1, kMaxPairs, 29);
    Rng g{0x6c697374ull};
    for (size_t i = 0; i <= kMaxPairs; i++)
        g_lists->offsets[i] = (uint32_t)(i * kListLen);
    for (size_t i = 0; i < kMaxPairs; i++) {
        g_lists->indices[i * kListLen] = (uint32_t)i;
        for (size_t k = 1; k < kListLen; k++)
            g_lists->indices[i * kListLen + k] = (uint32_t)(g.next() % kMaxPairs);
    }

    register_backends("sphere_tri_pairs", kTriBatches, [](horde_isa isa, size_t f, size_t n) {
        const horde_triangles t = tris_of(g_pairs, f, n);
        const horde_sphere_tri_pairs_batch b = pairs_batch_of(g_pairs, f, n);
        return horde_sphere_tri_pairs_isa(isa, &t, &b);
    });
#ifdef HORDE_BENCH_BULLET
    register_sphere_tri_bullet();
#endif
    register_backends("sphere_tri_list", kTriBatches, [](horde_isa isa, size_t f, size_t n) {
        const Lists *l = g_lists;
        const horde_triangles soup = tris_of(g_pairs, 0, kMaxPairs);
        const TriPairs *p = g_pairs;
        const horde_sphere_tri_list_batch b = {
            p->in[0].data() + f,  p->in[1].data() + f,  p->in[2].data() + f,
            p->in[3].data() + f,  l->offsets.data() + f, l->indices.data(),
            l->out[0].data() + f, l->out[1].data() + f, l->out[2].data() + f,
            l->tri.data() + f,    l->out[3].data() + f, l->out[4].data() + f,
            l->out[5].data() + f, l->out[6].data() + f, l->flags.data() + f, n};
        return horde_sphere_tri_list_isa(isa, &soup, &b);
    }, kListLen);
}
