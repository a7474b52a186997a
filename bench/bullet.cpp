/* SPDX-License-Identifier: MIT */
// Peer benchmark: Bullet's SphereTriangleDetector (Debian's libbullet-dev) on the same
// pairs as sphere_tri/<isa>/<n>, named sphere_tri/bullet/<n>. Compiled only when meson
// finds Bullet (bench/meson.build). Per pair the detector's shapes get the pair's sphere
// radius and triangle, then collide() computes contact point, normal and depth.
#include <benchmark/benchmark.h>

#include <BulletCollision/CollisionDispatch/SphereTriangleDetector.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>

#include <string>

#include "bench_common.h"
#include "bench_tri_data.h"

namespace {

void sphere_tri_bullet(benchmark::State &state, size_t n)
{
    const hb::TriPairs &p = hb::sphere_tri_pairs_data();
    btSphereShape sphere(0.5f);
    btTriangleShape tri(btVector3(0, 0, 0), btVector3(1, 0, 0), btVector3(0, 0, 1));
    SphereTriangleDetector det(&sphere, &tri, 0.0f);
    std::vector<float> depth(n);
    size_t hits = 0;
    hb::Rotor rot(n);
    for (auto _ : state) {
        hits = 0;
        const size_t f = rot.next();
        for (size_t i = f; i < f + n; i++) {
            sphere.setUnscaledRadius(p.in[3][i]);
            tri.m_vertices1[0].setValue(p.in[4][i], p.in[5][i], p.in[6][i]);
            tri.m_vertices1[1].setValue(p.in[7][i], p.in[8][i], p.in[9][i]);
            tri.m_vertices1[2].setValue(p.in[10][i], p.in[11][i], p.in[12][i]);
            btVector3 point, normal;
            btScalar d = 0, toi = 0;
            const btVector3 centre(p.in[0][i], p.in[1][i], p.in[2][i]);
            hits += det.collide(centre, point, normal, d, toi, 0.0f);
            depth[i - f] = d;
        }
        benchmark::DoNotOptimize(depth.data());
        benchmark::ClobberMemory();
    }
    state.counters["hit_pct"] = 100.0 * (double)hits / (double)n;
    state.SetItemsProcessed(state.iterations() * (int64_t)n);
}

} // namespace

void hb::register_sphere_tri_bullet()
{
    for (size_t n : kTriBatches)
        benchmark::RegisterBenchmark(("sphere_tri_pairs/bullet/" + std::to_string(n)).c_str(),
                                     sphere_tri_bullet, n)
            ->Unit(benchmark::kMicrosecond);
}
