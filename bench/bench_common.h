/* SPDX-License-Identifier: MIT */
// Shared pieces of the benchmark suite: the scene, the deterministic RNG, the list of
// backends to run, and each kernel file's registration function.
#ifndef HORDE_BENCH_COMMON_H
#define HORDE_BENCH_COMMON_H

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "horde/horde.h"
#include "scene.h"

namespace hb {

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

// Where each timed call's batch starts. Successive calls take successive n-element
// slices of a window of max(n, kFreshItems) items, wrapping, so no call repeats the
// inputs of the call before (a game never does: positions change between frames, and
// other work runs between calls). From n = kFreshItems up, the window is the batch
// itself, repeated, but far larger than the predictor can learn. Every pool holds at
// least max(n, kFreshItems) items. Repeating one batch lets the branch predictor learn
// its outcomes: at n = 1024 the branchy scalar sphere-triangle reference and Bullet ran
// about 1.5x faster on one repeated batch than on fresh inputs. This held for repeated
// sets of up to about 8K pairs, and also when the fresh inputs had just been copied
// into L1, so it is the predictor, not the caches. The branch-free SIMD codes change by
// a few percent. HORDE_BENCH_REPEAT=1 in the environment restores the old timing (every
// call on the first n items) for comparison.
const size_t kFreshItems = 65536;
bool repeat_batches(); // HORDE_BENCH_REPEAT is set (main.cpp)
struct Rotor {
    size_t n, window, off = 0;
    explicit Rotor(size_t n_)
        : n(n_), window(repeat_batches() ? n_ : (n_ > kFreshItems ? n_ : kFreshItems) / n_ * n_)
    {
    }
    size_t next()
    {
        const size_t o = off;
        off = off + n >= window ? 0 : off + n;
        return o;
    }
};

// The one registration helper: row <kernel>/<label>/<n> for every n in `sizes`. Each
// timed iteration calls `call(first, n)` on the next n items (Rotor); a status other than
// HORDE_OK stops the row with that error. items_per_second counts `items_per_item`
// items (pairs, list entries, ...) per batch item. `setup(n)`, when given, runs before
// the row's timed loop: data a row builds on first use is built there, not in a timed call.
using BatchCall = std::function<int(size_t first, size_t n)>;
using RowSetup = std::function<void(size_t n)>;
void register_rows(const std::string &kernel, const std::string &label,
                   const std::vector<size_t> &sizes, BatchCall call, int64_t items_per_item = 1,
                   RowSetup setup = nullptr);
// The same for every supported backend: label = the backend's name, call(isa, first, n).
using IsaCall = std::function<int(horde_isa isa, size_t first, size_t n)>;
void register_backends(const std::string &kernel, const std::vector<size_t> &sizes, IsaCall call,
                       int64_t items_per_item = 1);
// register_backends after one scalar call(HORDE_ISA_SCALAR, 0, max) over all the items:
// the share of them whose flags (flags[0..max), written by that call) have any bit of
// `mask` becomes the context entry `key` (add_percent_context; none when the call fails).
void register_backends_flagged(const std::string &kernel, const std::vector<size_t> &sizes, IsaCall call,
                               size_t max, const uint32_t *flags, uint32_t mask, const char *key, int digits = 1);
// How many of flags[0..n) have any bit of mask set.
size_t count_flags(const uint32_t *flags, size_t n, uint32_t mask);
// Rows <kernel>/<isa>/<n>/threads:1 and threads:<cores>: one batch of n split into one
// slice per thread (same world), items_per_second for the whole batch in real time, so
// the two rows show the multi-core scaling. register_backends adds them for every kernel
// (best native backend, largest size up to 128 K).
void register_threads(const std::string &kernel, horde_isa isa, size_t n, IsaCall call,
                      int64_t items_per_item = 1);
// A custom context entry "horde_<key>" = 100 * part / whole, with `digits` decimals.
void add_percent_context(const char *key, size_t part, size_t whole, int digits = 1);

extern scene g_scene;                 // SCENE_GAME, seed 1
std::vector<horde_isa> isas();        // every backend horde_isa_supported() reports

// The IsaCall of a voxel kernel over g_scene.world with its default parameters (nullptr):
// kernel(isa, world, nullptr, &b), b = (*src)->batch(first, n); *src (a benchmark's global
// data) is read at each call. The second form is for kernels without parameters.
template <class Src, class P, class B>
IsaCall scene_call(Src *const *src, horde_status (*kernel)(horde_isa, const horde_world *, const P *, const B *))
{
    return [src, kernel](horde_isa isa, size_t first, size_t n) {
        const B b = (*src)->batch(first, n);
        return (int)kernel(isa, &g_scene.world, nullptr, &b);
    };
}
template <class Src, class B>
IsaCall scene_call(Src *const *src, horde_status (*kernel)(horde_isa, const horde_world *, const B *))
{
    return [src, kernel](horde_isa isa, size_t first, size_t n) {
        const B b = (*src)->batch(first, n);
        return (int)kernel(isa, &g_scene.world, &b);
    };
}

// Registration functions, one per kernel family: bench/<family>.cpp defines
// register_<family>() (the list is generated from meson.build's kernel registry).
#include "bench_list.h"
#define HB_DECLARE_REGISTER(family) void register_##family();
HB_FAMILY_LIST(HB_DECLARE_REGISTER)
#undef HB_DECLARE_REGISTER

} // namespace hb

#endif
