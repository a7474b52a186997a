/* SPDX-License-Identifier: MIT */
// Benchmark inputs shared by sphere_tri.cpp, sweep_sphere_tri.cpp and bullet.cpp: one set of
// sphere-triangle pairs (about half overlapping) and swept movers (about half hitting).
#ifndef HORDE_BENCH_TRI_DATA_H
#define HORDE_BENCH_TRI_DATA_H

#include <cstddef>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"

namespace hb {

// A triangle kernel's batch: kIn input arrays and 7 float outputs (one pool), the flags.
template <int kIn> struct TriLanes {
    Lane<float> in[kIn], out[7];
    Lane<uint32_t> flags;
    LanePool<float> pool;
    LanePool<uint32_t> flag_pool;
};

// 13 input arrays: sphere x, y, z, r, then ax .. cz.
struct TriPairs : TriLanes<13> {
    double overlap_pct = 0;
};

const TriPairs &sphere_tri_pairs_data(); // built on first use, kFreshItems pairs
extern const std::vector<size_t> kTriBatches;
void register_sphere_tri_bullet(); // bullet.cpp, only with HORDE_BENCH_BULLET
// Generators shared by the triangle benchmarks (sphere_tri.cpp).
void unit_dir(Rng &g, float d[3]);                                // a random unit vector
void triangle_near(Rng &g, const float c[3], float v[9], float q[3]); // size ~1 around c

} // namespace hb

#endif
