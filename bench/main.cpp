/* SPDX-License-Identifier: MIT */
// horde benchmark suite: builds the game scene, registers every kernel's benchmarks
// (<kernel>/<isa>/<n>) for every supported backend, and runs Google Benchmark.
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

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

namespace {
// HORDE_BENCH_CYCLES=1 (Linux, where the machine exposes hardware counters): every row
// also reports cycles_per_item, instructions_per_item and branch_misses_per_item, counted in user space on the
// timing thread over the timed loop. On a shared VM a descheduled vCPU does not count,
// so these move far less with the host's load than the times do. Rows report nothing
// when the counters cannot be opened. HORDE_BENCH_RAW=<hex> counts that raw PMU event
// in place of branch misses, reported as raw_per_item (e.g. on AMD Zen, 0x224 =
// ls_bad_status2.stli_other, loads held back by a store they could not forward from).
struct CycleCounter {
    int fd_cycles = -1, fd_instr = -1, fd_miss = -1;
    bool raw = false;
    CycleCounter()
    {
#if defined(__linux__)
        const char *e = std::getenv("HORDE_BENCH_CYCLES");
        if (!e || std::strcmp(e, "1") != 0)
            return;
        fd_cycles = open_counter(PERF_COUNT_HW_CPU_CYCLES, -1);
        if (fd_cycles >= 0) {
            fd_instr = open_counter(PERF_COUNT_HW_INSTRUCTIONS, fd_cycles);
            const char *r = std::getenv("HORDE_BENCH_RAW");
            raw = r && *r;
            fd_miss = raw ? open_counter(std::strtoull(r, nullptr, 16), fd_cycles, PERF_TYPE_RAW)
                          : open_counter(PERF_COUNT_HW_BRANCH_MISSES, fd_cycles);
        }
#endif
    }
    ~CycleCounter()
    {
#if defined(__linux__)
        if (fd_miss >= 0)
            close(fd_miss);
        if (fd_instr >= 0)
            close(fd_instr);
        if (fd_cycles >= 0)
            close(fd_cycles);
#endif
    }
#if defined(__linux__)
    static int open_counter(uint64_t config, int group, uint32_t type = PERF_TYPE_HARDWARE)
    {
        perf_event_attr a;
        std::memset(&a, 0, sizeof a);
        a.type = type;
        a.size = sizeof a;
        a.config = config;
        a.disabled = group < 0;
        a.exclude_kernel = 1;
        a.exclude_hv = 1;
        return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
    }
#endif
    void start()
    {
#if defined(__linux__)
        if (fd_cycles >= 0) {
            ioctl(fd_cycles, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
            ioctl(fd_cycles, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
        }
#endif
    }
    void stop(benchmark::State &state, double items)
    {
#if defined(__linux__)
        if (fd_cycles < 0)
            return;
        ioctl(fd_cycles, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
        uint64_t c = 0, i = 0;
        if (read(fd_cycles, &c, sizeof c) == (ssize_t)sizeof c && items > 0)
            state.counters["cycles_per_item"] = (double)c / items;
        if (fd_instr >= 0 && read(fd_instr, &i, sizeof i) == (ssize_t)sizeof i && items > 0)
            state.counters["instructions_per_item"] = (double)i / items;
        uint64_t m = 0;
        if (fd_miss >= 0 && read(fd_miss, &m, sizeof m) == (ssize_t)sizeof m && items > 0)
            state.counters[raw ? "raw_per_item" : "branch_misses_per_item"] = (double)m / items;
#else
        (void)state, (void)items;
#endif
    }
};
} // namespace

void hb::register_rows(const std::string &kernel, const std::string &label,
                       const std::vector<size_t> &sizes, BatchCall call, int64_t items_per_item,
                       RowSetup setup)
{
    for (size_t n : sizes) {
        auto run = [call, n, items_per_item, setup](benchmark::State &state) {
            if (setup)
                setup(n);
            Rotor rot(n);
            CycleCounter counter;
            counter.start();
            for (auto _ : state) {
                const int st = call(rot.next(), n);
                if (st != HORDE_OK) {
                    state.SkipWithError(horde_status_string(static_cast<horde_status>(st)));
                    break;
                }
                benchmark::ClobberMemory();
            }
            counter.stop(state, (double)state.iterations() * (double)n * (double)items_per_item);
            state.SetItemsProcessed(state.iterations() * (int64_t)n * items_per_item);
        };
        benchmark::RegisterBenchmark((kernel + "/" + label + "/" + std::to_string(n)).c_str(), run)
            ->Unit(benchmark::kMicrosecond);
    }
}

void hb::register_backends_flagged(const std::string &kernel, const std::vector<size_t> &sizes, IsaCall call,
                                   size_t max, const uint32_t *flags, uint32_t mask, const char *key, int digits)
{
    if (call(HORDE_ISA_SCALAR, 0, max) == HORDE_OK)
        add_percent_context(key, count_flags(flags, max, mask), max, digits);
    register_backends(kernel, sizes, call);
}

void hb::register_backends(const std::string &kernel, const std::vector<size_t> &sizes,
                           IsaCall call, int64_t items_per_item)
{
    for (horde_isa isa : isas())
        register_rows(kernel, horde_isa_name(isa), sizes,
                      [call, isa](size_t first, size_t n) { return call(isa, first, n); },
                      items_per_item);
    // Multi-core rows for every kernel: the best native backend at the largest size up to
    // 128 K, one slice per thread.
    size_t n_threads = 0;
    for (size_t n : sizes)
        if (n <= 131072 && n > n_threads)
            n_threads = n;
    if (n_threads)
        register_threads(kernel, horde_isa_best(), n_threads, call, items_per_item);
}

void hb::register_threads(const std::string &kernel, horde_isa isa, size_t n, IsaCall call,
                          int64_t items_per_item)
{
    if (!horde_isa_supported(isa))
        return;
    auto run = [call, isa, n, items_per_item](benchmark::State &state) {
        const size_t t = (size_t)state.thread_index(), k = (size_t)state.threads();
        const size_t lo = n * t / k, hi = n * (t + 1) / k;
        for (auto _ : state) {
            const int st = call(isa, lo, hi - lo);
            if (st != HORDE_OK) {
                state.SkipWithError(horde_status_string(static_cast<horde_status>(st)));
                break;
            }
            benchmark::ClobberMemory();
        }
        state.SetItemsProcessed(state.iterations() * (int64_t)(hi - lo) * items_per_item);
    };
    const std::string name = kernel + "/" + horde_isa_name(isa) + "/" + std::to_string(n);
    const int cores = (int)std::thread::hardware_concurrency();
    auto *b = benchmark::RegisterBenchmark(name.c_str(), run)->Threads(1);
    if (cores > 1)
        b->Threads(cores);
    b->UseRealTime()->Unit(benchmark::kMicrosecond);
}

size_t hb::count_flags(const uint32_t *flags, size_t n, uint32_t mask)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += (flags[i] & mask) != 0;
    return c;
}

void hb::add_percent_context(const char *key, size_t part, size_t whole, int digits)
{
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.*f", digits, 100.0 * (double)part / (double)whole);
    benchmark::AddCustomContext(std::string("horde_") + key, pct);
}

bool hb::repeat_batches()
{
    static const bool repeat = [] {
        const char *e = std::getenv("HORDE_BENCH_REPEAT");
        return e && *e && *e != '0';
    }();
    return repeat;
}

int main(int argc, char **argv)
{
    if (scene_build(&hb::g_scene, SCENE_GAME, 1) != 0) {
        std::fprintf(stderr, "horde_bench: cannot build the game scene\n");
        return 1;
    }
#define HB_CALL_REGISTER(family) hb::register_##family();
    HB_FAMILY_LIST(HB_CALL_REGISTER)
#undef HB_CALL_REGISTER

    std::string emu;
    for (horde_isa isa : hb::isas())
        if (horde_isa_emulated(isa))
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
