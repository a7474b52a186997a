// horde benchmarks: cylinder push-out over the game scene, per backend and batch size.
//
// Benchmarks are named cylinder_push/<isa>/<batch> and registered at run time for
// every backend horde_isa_supported() reports. items_per_second = movers per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "horde/horde.h"
#include "scene.h"

namespace {

const size_t kBatches[] = {256, 1024, 4096, 16384, 65536, 262144, 1048576};
const size_t kMaxBatch = 1048576;
const uint64_t kSceneSeed = 1;
const uint64_t kMoverSeed = 0x686f726465ull; // "horde"

// splitmix64: deterministic on every platform (unlike <random>'s distributions).
struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    float uniform(float lo, float hi) // [lo, hi)
    {
        float u = (float)(next() >> 40) * (1.0f / 16777216.0f); // 24 bits: [0, 1)
        float v = lo + (hi - lo) * u;
        return v < hi ? v : lo;
    }
};

// One set of movers; a batch of n uses the first n. Inputs are never written:
// every iteration recomputes the same corrections into the output arrays.
struct Movers {
    std::vector<float> x, y, z, radius, height, out_x, out_y, out_z;
    std::vector<uint32_t> out_flags;

    explicit Movers(size_t n)
        : x(n), y(n), z(n), radius(n, 0.3f), height(n, 1.8f), out_x(n), out_y(n), out_z(n),
          out_flags(n)
    {
        Rng rng{kMoverSeed};
        for (size_t i = 0; i < n; i++) {
            x[i] = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
            y[i] = rng.uniform(-0.3f, 2.5f);
            z[i] = rng.uniform(SCENE_MIN_X, SCENE_MAX_X);
        }
    }

    horde_cylinder_batch batch(size_t n)
    {
        horde_cylinder_batch b;
        b.x = x.data(), b.y = y.data(), b.z = z.data();
        b.radius = radius.data(), b.height = height.data();
        b.out_x = out_x.data(), b.out_y = out_y.data(), b.out_z = out_z.data();
        b.out_flags = out_flags.data();
        b.n = n;
        return b;
    }
};

scene g_scene;
Movers *g_movers;

void cylinder_push(benchmark::State &state, horde_isa isa, size_t n)
{
    const horde_cylinder_batch b = g_movers->batch(n);
    for (auto _ : state) {
        int st = horde_cylinder_push_isa(isa, &g_scene.world, &b);
        if (st != HORDE_OK) {
            state.SkipWithError(horde_status_string(st));
            break;
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * (int64_t)n);
}

bool emulated(horde_isa isa)
{
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
    return isa == HORDE_ISA_NEON;
#elif defined(__aarch64__) || defined(__arm__) || defined(_M_ARM64)
    return isa == HORDE_ISA_SSE2 || isa == HORDE_ISA_SSE41 || isa == HORDE_ISA_AVX2;
#else
    return isa != HORDE_ISA_SCALAR;
#endif
}

} // namespace

int main(int argc, char **argv)
{
    if (scene_build(&g_scene, SCENE_GAME, kSceneSeed) != 0) {
        std::fprintf(stderr, "horde_bench: cannot build the game scene\n");
        return 1;
    }
    g_movers = new Movers(kMaxBatch);

    // Share of movers the push actually moves: checks the scene keeps the kernel busy.
    {
        horde_cylinder_batch b = g_movers->batch(kMaxBatch);
        if (horde_cylinder_push_isa(HORDE_ISA_SCALAR, &g_scene.world, &b) != HORDE_OK) {
            std::fprintf(stderr, "horde_bench: scalar cylinder push failed\n");
            return 1;
        }
        size_t moved = 0;
        for (size_t i = 0; i < kMaxBatch; i++)
            moved += (g_movers->out_flags[i] & HORDE_FLAG_COLLIDED) != 0;
        char pct[32];
        std::snprintf(pct, sizeof pct, "%.1f", 100.0 * (double)moved / (double)kMaxBatch);
        benchmark::AddCustomContext("horde_collided_pct", pct);
    }

    std::string emu;
    for (int i = 0; i < HORDE_ISA_COUNT; i++) {
        horde_isa isa = (horde_isa)i;
        if (!horde_isa_supported(isa))
            continue;
        if (emulated(isa))
            emu += (emu.empty() ? "" : ",") + std::string(horde_isa_name(isa));
        for (size_t n : kBatches) {
            std::string name = std::string("cylinder_push/") + horde_isa_name(isa) + "/" +
                               std::to_string(n);
            benchmark::RegisterBenchmark(name.c_str(), cylinder_push, isa, n)
                ->Unit(benchmark::kMicrosecond);
        }
    }
    benchmark::AddCustomContext("horde_best_isa", horde_isa_name(horde_isa_best()));
    benchmark::AddCustomContext("horde_emulated_isas", emu);

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    delete g_movers;
    scene_free(&g_scene);
    return 0;
}
