// horde benchmarks: sphere vs triangle (pairs and movers x lists) and swept ellipsoid vs
// triangle, per backend and batch size.
//
//   sphere_tri/<isa>/<n>        pairs, items = pairs; about half of them overlap
//   sphere_tri_list/<isa>/<n>   n spheres, 8 triangles each, items = sphere-triangle pairs
//   sweep_sphere_tri/<isa>/<n>  pairs, items = pairs; about half of the sweeps hit
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_tri_data.h"

using namespace hb;

const size_t hb::kTriBatches[] = {256, 1024, 4096, 16384, 65536};
const size_t hb::kTriBatchCount = sizeof kTriBatches / sizeof kTriBatches[0];

namespace {

const size_t kMaxPairs = kFreshItems;
const size_t kListLen = 8;

void unit_dir(Rng &g, float d[3])
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
void triangle_near(Rng &g, const float c[3], float v[9], float q[3])
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

// The n spheres, and triangles, of the pairs starting at pair f.
horde_spheres spheres_of(const TriPairs *p, size_t f, size_t n)
{
    horde_spheres s = {p->in[0].data() + f, p->in[1].data() + f, p->in[2].data() + f,
                       p->in[3].data() + f, n};
    return s;
}
horde_triangles tris_of(const TriPairs *p, size_t f, size_t n)
{
    horde_triangles t = {p->in[4].data() + f,  p->in[5].data() + f,  p->in[6].data() + f,
                         p->in[7].data() + f,  p->in[8].data() + f,  p->in[9].data() + f,
                         p->in[10].data() + f, p->in[11].data() + f, p->in[12].data() + f, n};
    return t;
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
    const horde_spheres s = spheres_of(p, 0, kMaxPairs);
    const horde_triangles t = tris_of(p, 0, kMaxPairs);
    horde_sphere_tri_out o = {p->out[0].data(), p->out[1].data(), p->out[2].data(), p->out[3].data(),
                              p->out[4].data(), p->out[5].data(), p->out[6].data(), p->flags.data()};
    if (horde_sphere_tri_pairs_isa(HORDE_ISA_SCALAR, &s, &t, &o) == HORDE_OK) {
        size_t over = 0;
        for (size_t i = 0; i < kMaxPairs; i++)
            over += (p->flags[i] & HORDE_TRI_OVERLAP) != 0;
        p->overlap_pct = 100.0 * (double)over / (double)kMaxPairs;
    }
    return p;
}

TriPairs *g_pairs;

void sphere_tri(benchmark::State &state, horde_isa isa, size_t n)
{
    TriPairs *p = g_pairs;
    Rotor rot(n);
    for (auto _ : state) {
        const size_t f = rot.next();
        const horde_spheres s = spheres_of(p, f, n);
        const horde_triangles t = tris_of(p, f, n);
        horde_sphere_tri_out o = {p->out[0].data() + f, p->out[1].data() + f, p->out[2].data() + f,
                                  p->out[3].data() + f, p->out[4].data() + f, p->out[5].data() + f,
                                  p->out[6].data() + f, p->flags.data() + f};
        int st = horde_sphere_tri_pairs_isa(isa, &s, &t, &o);
        if (st != HORDE_OK) {
            state.SkipWithError(horde_status_string(st));
            break;
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * (int64_t)n);
}

// Lists: sphere i is near triangle i; its list holds triangle i and 7 neighbours.
struct Lists {
    std::vector<uint32_t> offsets, indices;
    Lane<float> out[7];
    Lane<uint32_t> deepest, flags;
    LanePool<float> pool;
    LanePool<uint32_t> deepest_pool, flag_pool;
};
Lists *g_lists;

void sphere_tri_list(benchmark::State &state, horde_isa isa, size_t n)
{
    TriPairs *p = g_pairs;
    Lists *l = g_lists;
    const horde_triangles soup = tris_of(p, 0, kMaxPairs);
    Rotor rot(n);
    for (auto _ : state) {
        const size_t f = rot.next();
        const horde_spheres s = spheres_of(p, f, n);
        horde_sphere_tri_list_out o = {l->out[0].data() + f, l->out[1].data() + f, l->out[2].data() + f,
                                       l->deepest.data() + f, l->out[3].data() + f, l->out[4].data() + f,
                                       l->out[5].data() + f, l->out[6].data() + f, l->flags.data() + f};
        int st = horde_sphere_tri_list_isa(isa, &s, &soup, l->offsets.data() + f, l->indices.data(), &o);
        if (st != HORDE_OK) {
            state.SkipWithError(horde_status_string(st));
            break;
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * (int64_t)(n * kListLen));
}

// Sweeps: ellipsoids (0.4, 0.9, 0.4) starting 0.2 .. 2 units from a triangle, moving by
// up to 3 units towards a point near it: about half hit.
struct Sweeps {
    Lane<float> in[18], out[7];
    Lane<uint32_t> flags;
    LanePool<float> pool;
    LanePool<uint32_t> flag_pool;
    double hit_pct = 0;
};
Sweeps *g_sweeps;

Sweeps *make_sweeps()
{
    Sweeps *w = new Sweeps;
    w->pool.carve(w->in, 18, w->out, 7, kMaxPairs);
    w->flag_pool.carve(&w->flags, 1, kMaxPairs, 25);
    Rng g{0x7377656570ull};
    const float R[3] = {0.4f, 0.9f, 0.4f};
    for (size_t i = 0; i < kMaxPairs; i++) {
        float c[3], v[9], q[3], d[3], aim[3];
        for (int k = 0; k < 3; k++)
            c[k] = g.uniform(-100.0f, 100.0f);
        triangle_near(g, c, v, q);
        unit_dir(g, d);
        const float dist = g.uniform(1.1f, 3.0f);
        float p[3];
        for (int k = 0; k < 3; k++)
            p[k] = q[k] + d[k] * dist;
        unit_dir(g, aim);
        const float miss = g.uniform(0.0f, 2.6f), len = g.uniform(0.6f, 1.6f);
        for (int k = 0; k < 3; k++) {
            w->in[k][i] = p[k];
            w->in[3 + k][i] = (q[k] + aim[k] * miss - p[k]) * len;
            w->in[6 + k][i] = R[k];
        }
        for (int k = 0; k < 9; k++)
            w->in[9 + k][i] = v[k];
    }
    return w;
}

// The batch of n sweeps starting at pair f.
horde_sweepers sweepers_of(Sweeps *w, size_t f, size_t n)
{
    horde_sweepers m = {w->in[0].data() + f, w->in[1].data() + f, w->in[2].data() + f,
                        w->in[3].data() + f, w->in[4].data() + f, w->in[5].data() + f,
                        w->in[6].data() + f, w->in[7].data() + f, w->in[8].data() + f, n};
    return m;
}
horde_triangles sweep_tris_of(Sweeps *w, size_t f, size_t n)
{
    horde_triangles t = {w->in[9].data() + f,  w->in[10].data() + f, w->in[11].data() + f,
                         w->in[12].data() + f, w->in[13].data() + f, w->in[14].data() + f,
                         w->in[15].data() + f, w->in[16].data() + f, w->in[17].data() + f, n};
    return t;
}
horde_sweep_out sweep_out_of(Sweeps *w, size_t f)
{
    horde_sweep_out o = {w->out[0].data() + f, w->out[1].data() + f, w->out[2].data() + f,
                         w->out[3].data() + f, w->out[4].data() + f, w->out[5].data() + f,
                         w->out[6].data() + f, w->flags.data() + f};
    return o;
}

void sweep_sphere_tri(benchmark::State &state, horde_isa isa, size_t n)
{
    Rotor rot(n);
    for (auto _ : state) {
        const size_t f = rot.next();
        const horde_sweepers m = sweepers_of(g_sweeps, f, n);
        const horde_triangles t = sweep_tris_of(g_sweeps, f, n);
        const horde_sweep_out o = sweep_out_of(g_sweeps, f);
        int st = horde_sweep_sphere_tri_isa(isa, &m, &t, &o);
        if (st != HORDE_OK) {
            state.SkipWithError(horde_status_string(st));
            break;
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * (int64_t)n);
}

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

    g_lists = new Lists;
    g_lists->offsets.resize(kMaxPairs + 1);
    g_lists->indices.resize(kMaxPairs * kListLen);
    // after the 20 arrays of the pairs' pool
    g_lists->pool.carve(g_lists->out, 7, kMaxPairs, 21);
    g_lists->deepest_pool.carve(&g_lists->deepest, 1, kMaxPairs, 28);
    g_lists->flag_pool.carve(&g_lists->flags, 1, kMaxPairs, 29);
    Rng g{0x6c697374ull};
    for (size_t i = 0; i <= kMaxPairs; i++)
        g_lists->offsets[i] = (uint32_t)(i * kListLen);
    for (size_t i = 0; i < kMaxPairs; i++) {
        g_lists->indices[i * kListLen] = (uint32_t)i;
        for (size_t k = 1; k < kListLen; k++)
            g_lists->indices[i * kListLen + k] = (uint32_t)(g.next() % kMaxPairs);
    }

    g_sweeps = make_sweeps();
    {
        const horde_sweepers m = sweepers_of(g_sweeps, 0, kMaxPairs);
        const horde_triangles t = sweep_tris_of(g_sweeps, 0, kMaxPairs);
        const horde_sweep_out o = sweep_out_of(g_sweeps, 0);
        if (horde_sweep_sphere_tri_isa(HORDE_ISA_SCALAR, &m, &t, &o) == HORDE_OK) {
            size_t hit = 0;
            for (size_t i = 0; i < kMaxPairs; i++)
                hit += (g_sweeps->flags[i] & HORDE_TRI_HIT) != 0;
            std::snprintf(pct, sizeof pct, "%.1f", 100.0 * (double)hit / (double)kMaxPairs);
            benchmark::AddCustomContext("horde_sweep_hit_pct", pct);
        }
    }

    for (horde_isa isa : isas())
        for (size_t i = 0; i < kTriBatchCount; i++)
            benchmark::RegisterBenchmark(bench_name("sphere_tri", isa, kTriBatches[i]).c_str(),
                                         sphere_tri, isa, kTriBatches[i])
                ->Unit(benchmark::kMicrosecond);
#ifdef HORDE_BENCH_BULLET
    register_sphere_tri_bullet();
#endif
    for (horde_isa isa : isas())
        for (size_t i = 0; i < kTriBatchCount; i++)
            benchmark::RegisterBenchmark(bench_name("sphere_tri_list", isa, kTriBatches[i]).c_str(),
                                         sphere_tri_list, isa, kTriBatches[i])
                ->Unit(benchmark::kMicrosecond);
    for (horde_isa isa : isas())
        for (size_t i = 0; i < kTriBatchCount; i++)
            benchmark::RegisterBenchmark(bench_name("sweep_sphere_tri", isa, kTriBatches[i]).c_str(),
                                         sweep_sphere_tri, isa, kTriBatches[i])
                ->Unit(benchmark::kMicrosecond);
}
