// Benchmark inputs shared by bench_sphere_tri.cpp and bench_bullet.cpp: one set of
// sphere-triangle pairs (about half overlapping) and swept movers (about half hitting).
#ifndef HORDE_BENCH_TRI_DATA_H
#define HORDE_BENCH_TRI_DATA_H

#include <cstddef>
#include <vector>

#include "bench_common.h"
#include "bench_pool.h"

namespace hb {

struct TriPairs {
    // 13 input arrays (sphere x, y, z, r, then ax .. cz), 7 + flags outputs: one pool.
    Lane<float> in[13], out[7];
    Lane<uint32_t> flags;
    LanePool<float> pool;
    LanePool<uint32_t> flag_pool;
    double overlap_pct = 0;
};

const TriPairs &sphere_tri_pairs_data(); // built on first use, kFreshItems pairs
extern const size_t kTriBatches[];
extern const size_t kTriBatchCount;
void register_sphere_tri_bullet(); // bench_bullet.cpp, only with HORDE_BENCH_BULLET

} // namespace hb

#endif
