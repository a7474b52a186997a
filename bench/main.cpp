// horde benchmark suite: builds the game scene, registers every kernel's benchmarks
// (<kernel>/<isa>/<n>) for every supported backend, and runs Google Benchmark.
#include <cstdio>
#include <cstdlib>

#include "bench_common.h"

scene hb::g_scene;

std::vector<horde_isa> hb::isas()
{
    std::vector<horde_isa> v;
    for (int i = 0; i < HORDE_ISA_COUNT; i++)
        if (horde_isa_supported((horde_isa)i))
            v.push_back((horde_isa)i);
    return v;
}

std::string hb::bench_name(const char *kernel, horde_isa isa, size_t n)
{
    return std::string(kernel) + "/" + horde_isa_name(isa) + "/" + std::to_string(n);
}

bool hb::repeat_batches()
{
    static const bool repeat = [] {
        const char *e = std::getenv("HORDE_BENCH_REPEAT");
        return e && *e && *e != '0';
    }();
    return repeat;
}

static bool emulated(horde_isa isa)
{
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
    return isa == HORDE_ISA_NEON || isa == HORDE_ISA_WASM_SIMD128;
#elif defined(__aarch64__) || defined(__arm__) || defined(_M_ARM64)
    return isa == HORDE_ISA_SSE2 || isa == HORDE_ISA_SSE41 || isa == HORDE_ISA_AVX2 ||
           isa == HORDE_ISA_WASM_SIMD128;
#elif defined(__wasm__)
    return isa != HORDE_ISA_SCALAR && isa != HORDE_ISA_WASM_SIMD128;
#else
    return isa != HORDE_ISA_SCALAR;
#endif
}

int main(int argc, char **argv)
{
    if (scene_build(&hb::g_scene, SCENE_GAME, 1) != 0) {
        std::fprintf(stderr, "horde_bench: cannot build the game scene\n");
        return 1;
    }
    hb::register_cylinder_push();
    hb::register_cylinder_move();
    hb::register_point_move();
    hb::register_aabb_move();
    hb::register_cylinder_tri();
    hb::register_ground_height();
    hb::register_sphere_tri();

    std::string emu;
    for (horde_isa isa : hb::isas())
        if (emulated(isa))
            emu += (emu.empty() ? "" : ",") + std::string(horde_isa_name(isa));
    benchmark::AddCustomContext("horde_best_isa", horde_isa_name(horde_isa_best()));
    benchmark::AddCustomContext("horde_emulated_isas", emu);
    benchmark::AddCustomContext("horde_batches", hb::repeat_batches()
                                                     ? "repeated: every call on the first n items"
                                                     : "fresh: successive n-item slices of a max(n, 64K)-item window");

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    scene_free(&hb::g_scene);
    return 0;
}
