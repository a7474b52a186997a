// Benchmark inputs shared by bench_sphere_tri.cpp and bench_bullet.cpp: one set of
// sphere-triangle pairs (about half overlapping) and swept movers (about half hitting).
#ifndef HORDE_BENCH_TRI_DATA_H
#define HORDE_BENCH_TRI_DATA_H

#include <cstddef>
#include <vector>

namespace hb {

struct TriPairs {
    // 13 input arrays (sphere x, y, z, r, then ax .. cz) and 7 + flags outputs.
    std::vector<float> in[13], out[7];
    std::vector<uint32_t> flags;
    double overlap_pct = 0;
};

const TriPairs &sphere_tri_pairs_data(); // built on first use, kMaxPairs pairs
extern const size_t kTriBatches[];
extern const size_t kTriBatchCount;
void register_sphere_tri_bullet(); // bench_bullet.cpp, only with HORDE_BENCH_BULLET

} // namespace hb

#endif
