/* SPDX-License-Identifier: MIT */
// horde benchmarks: crowd separation (NPC vs NPC), per backend and crowd size, and the
// code a game programmer would write instead. Rows crowd_separate/<label>/<n>;
// items_per_second = movers per second for a whole call (contact search + 4 iterations).
//
// The crowd: n movers (radius 0.3-0.45, height 1.8, on flat ground, weight 1) spread at
// one per 2 square blocks over a square, 10 % of them in a dense clump (about 1.7 per
// square block, so they overlap); the same crowd for every call.
//
// Rows crowd_separate/<isa>/<n>/walk and /state (frame coherence) and crowd_separate/cap/<c>
// (the push cap): their sections below.
//
// Rows crowd_separate/<label>/<n>/tasks:<w> run the same call through
// horde_crowd_separate_tasks on a pool of w workers (tests/support/task_pool.h: w - 1
// pthreads plus the calling thread). They time the wall clock (the other rows time the
// calling thread's CPU, the same for a single-threaded call on a quiet machine), so
// tasks:2 over tasks:1 is what a second core gives, when there is one to spare.
//
// Peers (same crowd, same pair rule: both radii, the header's target distance and skin,
// the pushes summed, 4 Jacobi iterations):
//   grid  — plain scalar: each iteration rebuilds a uniform grid (cells of twice the
//           largest radius over the crowd's bounding box, head/next linked lists) and
//           tests the 3 x 3 cells around every mover; float sums in list order;
//   naive — the O(n^2) loop over all pairs (n <= 4096).
// Their answers differ from horde's in the last bits (float sums, no contact cap, and
// they test every neighbour in every iteration, where horde keeps the contacts found at
// the start of the call); the context reports how many movers end more than 1e-3 apart.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bench_common.h"
#include "task_pool.h"

using namespace hb;

namespace {

const std::vector<size_t> kSizes = {1000, 10000, 100000, 1000000};
const std::vector<size_t> kNaiveSizes = {1000, 4096};
const uint32_t kIterations = 4;
const horde_crowd_separate_params kParams = {kIterations, INFINITY, nullptr};
const uint64_t kSeed = 0x63726f7764ull; // "crowd"

struct Crowd {
    std::vector<float> x, y, z, r, h, ox, oz;
    std::vector<uint32_t> flags;
    std::vector<unsigned char> scratch;

    explicit Crowd(size_t n) : x(n), y(n, 0.0f), z(n), r(n), h(n, 1.8f), ox(n), oz(n), flags(n)
    {
        Rng rng{kSeed ^ n};
        const float side = std::sqrt(2.0f * (float)n);
        const float clump = std::sqrt(0.1f * (float)n / 1.7f);
        for (size_t i = 0; i < n; i++) {
            r[i] = rng.uniform(0.3f, 0.45f);
            const bool in_clump = i % 10 == 0;
            x[i] = in_clump ? side * 0.5f + rng.uniform(0.0f, clump) : rng.uniform(0.0f, side);
            z[i] = in_clump ? side * 0.5f + rng.uniform(0.0f, clump) : rng.uniform(0.0f, side);
        }
        scratch.resize(horde_crowd_separate_scratch_bytes(n));
    }
    horde_crowd_separate_batch crowd()
    {
        return horde_crowd_separate_batch{x.data(), y.data(), z.data(), r.data(), h.data(), nullptr,
                           ox.data(), oz.data(), flags.data(), x.size()};
    }
};

// ---- the peers ---------------------------------------------------------------------

// One pair's push on a (the header's rule with weights 1), added to (sx, sz).
inline bool push_pair(float xa, float za, float xb, float zb, float R, float &sx, float &sz)
{
    const float dx = xa - xb, dz = za - zb, d2 = dx * dx + dz * dz;
    if (!(d2 < R * R))
        return false;
    const float T = R + (std::fabs(xa) + std::fabs(za) + R + 4.0f) * 0x1p-20f;
    if (d2 < 0x1p-100f) {
        sx += T * 0.5f; // coincident: any direction will do for a peer
        return true;
    }
    const float d = std::sqrt(d2), g = (T - d) * 0.5f / d;
    sx += dx * g, sz += dz * g;
    return true;
}

// The Jacobi loop both peers share: `iterations` times (or until nothing overlaps), every
// mover sums its pair pushes against the candidates visit(i, px, pz, each) names, from
// the positions at the iteration's start. prepare(px, pz) runs before each iteration.
struct JacobiPeer {
    std::vector<float> x[2], z[2];

    template <class Prepare, class Visit>
    void solve(const Crowd &c, uint32_t iterations, float *ox, float *oz, Prepare prepare, Visit visit)
    {
        const size_t n = c.x.size();
        for (int b = 0; b < 2; b++)
            x[b].assign(c.x.begin(), c.x.end()), z[b].assign(c.z.begin(), c.z.end());
        int cur = 0;
        for (uint32_t it = 0; it < iterations; it++) {
            const float *px = x[cur].data(), *pz = z[cur].data();
            prepare(px, pz);
            bool any = false;
            for (size_t i = 0; i < n; i++) {
                float sx = 0.0f, sz = 0.0f;
                int overlaps = 0;
                visit(i, px, pz, [&](size_t j) {
                    if (j != i && c.y[i] < c.y[j] + c.h[j] && c.y[j] < c.y[i] + c.h[i])
                        overlaps += push_pair(px[i], pz[i], px[j], pz[j], c.r[i] + c.r[j], sx, sz);
                });
                x[cur ^ 1][i] = overlaps ? px[i] + sx : px[i];
                z[cur ^ 1][i] = overlaps ? pz[i] + sz : pz[i];
                any |= overlaps > 0;
            }
            cur ^= 1;
            if (!any)
                break;
        }
        std::copy(x[cur].begin(), x[cur].end(), ox), std::copy(z[cur].begin(), z[cur].end(), oz);
    }
};

struct GridPeer : JacobiPeer {
    std::vector<int> head, next;

    void run(const Crowd &c, uint32_t iterations, float *ox, float *oz)
    {
        const size_t n = c.x.size();
        next.resize(n);
        float max_r = 0.0f;
        for (size_t i = 0; i < n; i++)
            max_r = std::max(max_r, c.r[i]);
        const float cell = 2.0f * max_r;
        float x0 = 0.0f, z0 = 0.0f;
        int nx = 1, nz = 1;
        auto rebuild = [&](const float *px, const float *pz) { // the grid of this iteration
            float x1 = px[0], z1 = pz[0];
            x0 = px[0], z0 = pz[0];
            for (size_t i = 1; i < n; i++)
                x0 = std::min(x0, px[i]), x1 = std::max(x1, px[i]), z0 = std::min(z0, pz[i]), z1 = std::max(z1, pz[i]);
            nx = (int)((x1 - x0) / cell) + 1, nz = (int)((z1 - z0) / cell) + 1;
            head.assign((size_t)nx * nz, -1);
            for (size_t i = 0; i < n; i++) {
                const int cx = (int)((px[i] - x0) / cell), cz = (int)((pz[i] - z0) / cell);
                int &hd = head[(size_t)cz * nx + cx];
                next[i] = hd, hd = (int)i;
            }
        };
        solve(c, iterations, ox, oz, rebuild, [&](size_t i, const float *px, const float *pz, auto each) {
            const int cx = (int)((px[i] - x0) / cell), cz = (int)((pz[i] - z0) / cell);
            for (int gz = std::max(cz - 1, 0); gz <= std::min(cz + 1, nz - 1); gz++)
                for (int gx = std::max(cx - 1, 0); gx <= std::min(cx + 1, nx - 1); gx++)
                    for (int j = head[(size_t)gz * nx + gx]; j >= 0; j = next[j])
                        each((size_t)j);
        });
    }
};

struct NaivePeer : JacobiPeer {
    void run(const Crowd &c, uint32_t iterations, float *ox, float *oz)
    {
        const size_t n = c.x.size();
        solve(c, iterations, ox, oz, [](const float *, const float *) {},
              [n](size_t, const float *, const float *, auto each) {
                  for (size_t j = 0; j < n; j++)
                      each(j);
              });
    }
};

std::vector<Crowd *> g_crowds; // one per size in kSizes
Crowd *crowd_for(size_t n)
{
    for (Crowd *c : g_crowds)
        if (c->x.size() == n)
            return c;
    g_crowds.push_back(new Crowd(n));
    return g_crowds.back();
}

// Movers of a peer's answer more than 1e-3 from horde's (scalar), in percent.
template <class Peer> void report_difference(const char *key, size_t n)
{
    Crowd *c = crowd_for(n);
    horde_crowd_separate_batch hc = c->crowd();
    if (horde_crowd_separate_isa(HORDE_ISA_SCALAR, &kParams, &hc, c->scratch.data(), c->scratch.size()) != HORDE_OK)
        return;
    std::vector<float> px(n), pz(n);
    Peer p;
    p.run(*c, kIterations, px.data(), pz.data());
    size_t differ = 0;
    for (size_t i = 0; i < n; i++)
        differ += std::fabs(px[i] - c->ox[i]) > 1e-3f || std::fabs(pz[i] - c->oz[i]) > 1e-3f;
    add_percent_context(key, differ, n, 2);
}

// ---- frame coherence: a walking crowd, frame after frame --------------------------------
//
// n movers (radius 0.3-0.45, one per 4 square units) walk towards random goals at 1 to 3
// units a second, 60 frames a second; their frame inputs (the last frame's output plus
// the step) are computed once, untimed, for kWalkFrames frames. The rows
// crowd_separate/<isa>/<n>/walk and .../state call frame after frame (cycling: the jump
// from the last frame back to the first is a teleport of every mover, one rebuild per
// cycle) without and with a state of margin kWalkMargin, one benchmark iteration per
// cycle of kWalkFrames frames (items: movers times frames); counter reused_pct: the frames
// that reused the state (seen from the stages a call enqueues on a counting scheduler:
// a reused state runs no grid, sort nor search).
const std::vector<size_t> kWalkSizes = {10000, 100000};
const int kWalkFrames = 48;
const float kWalkMargin = 1.0f;

struct Walk {
    size_t n;
    std::vector<float> y, r, h;
    std::vector<std::vector<float>> fx, fz; // each frame's input
    std::vector<float> ox, oz;
    std::vector<uint32_t> flags;
    std::vector<unsigned char> scratch, state;
    double reused_pct = 0.0;

    horde_crowd_separate_batch frame(int f)
    {
        return horde_crowd_separate_batch{fx[(size_t)f].data(), y.data(), fz[(size_t)f].data(), r.data(), h.data(),
                                          nullptr, ox.data(), oz.data(), flags.data(), n};
    }
    explicit Walk(size_t count) : n(count), y(count, 0.0f), r(count), h(count, 1.8f), ox(count), oz(count), flags(count)
    {
        Rng rng{kSeed ^ (count * 3)};
        const float side = std::sqrt(4.0f * (float)n);
        std::vector<float> x(n), z(n), gx(n), gz(n), v(n);
        for (size_t i = 0; i < n; i++) {
            r[i] = rng.uniform(0.3f, 0.45f), x[i] = rng.uniform(0.0f, side), z[i] = rng.uniform(0.0f, side);
            gx[i] = rng.uniform(0.0f, side), gz[i] = rng.uniform(0.0f, side), v[i] = rng.uniform(1.0f, 3.0f) / 60.0f;
        }
        scratch.resize(horde_crowd_separate_scratch_bytes(n));
        state.resize(horde_crowd_separate_state_bytes(n));
        horde_crowd_separate_params p = kParams;
        for (int f = 0; f < kWalkFrames; f++) {
            for (size_t i = 0; i < n; i++) {
                const float dx = gx[i] - x[i], dz = gz[i] - z[i], d = std::sqrt(dx * dx + dz * dz);
                if (d < 0.5f)
                    gx[i] = rng.uniform(0.0f, side), gz[i] = rng.uniform(0.0f, side);
                else
                    x[i] += dx / d * v[i], z[i] += dz / d * v[i];
            }
            fx.push_back(x), fz.push_back(z);
            horde_crowd_separate_batch b = frame(f);
            if (horde_crowd_separate(&p, &b, scratch.data(), scratch.size()) != HORDE_OK)
                return;
            x = ox, z = oz;
        }
        // Which frames reuse the state: stages enqueued with it and without.
        static uint32_t stages;
        horde_tasks counting = {[](horde_task_fn *task, uint32_t count, uint32_t, void *ctx, void *) -> void * {
                                    stages++;
                                    task(0, count, 0, ctx);
                                    return nullptr;
                                },
                                [](void *, void *) {}, 1, nullptr};
        horde_crowd_separate_state_init(state.data(), state.size(), n, kWalkMargin);
        int reused = 0;
        for (int f = 0; f < kWalkFrames; f++) {
            horde_crowd_separate_batch b = frame(f);
            p.state = nullptr, stages = 0;
            horde_crowd_separate_tasks(&counting, &p, &b, scratch.data(), scratch.size());
            const uint32_t without = stages;
            p.state = state.data(), stages = 0;
            horde_crowd_separate_tasks(&counting, &p, &b, scratch.data(), scratch.size());
            reused += stages < without;
        }
        reused_pct = 100.0 * reused / kWalkFrames;
    }
};

std::vector<Walk *> g_walks;
Walk *walk_for(size_t n)
{
    for (Walk *w : g_walks)
        if (w->n == n)
            return w;
    g_walks.push_back(new Walk(n));
    return g_walks.back();
}

void register_walk(horde_isa isa, size_t n, bool with_state)
{
    const std::string name = std::string("crowd_separate/") + horde_isa_name(isa) + "/" + std::to_string(n) +
                             (with_state ? "/state" : "/walk");
    benchmark::RegisterBenchmark(name.c_str(), [isa, n, with_state](benchmark::State &st) {
        Walk *w = walk_for(n);
        horde_crowd_separate_params p = kParams;
        if (with_state) {
            p.state = w->state.data();
            horde_crowd_separate_state_init(w->state.data(), w->state.size(), n, kWalkMargin);
        }
        for (auto _ : st)
            for (int f = 0; f < kWalkFrames; f++) {
                horde_crowd_separate_batch b = w->frame(f);
                const horde_status s = horde_crowd_separate_isa(isa, &p, &b, w->scratch.data(), w->scratch.size());
                if (s != HORDE_OK) {
                    st.SkipWithError(horde_status_string(s));
                    break;
                }
                benchmark::ClobberMemory();
            }
        st.SetItemsProcessed(st.iterations() * (int64_t)n * kWalkFrames);
        if (with_state)
            st.counters["reused_pct"] = w->reused_pct;
    })->Unit(benchmark::kMicrosecond);
}

// ---- the push cap: a pile let loose, frame after frame ------------------------------
//
// kCapMovers movers spawned three times too dense in a disk (a crowd through a door);
// each frame one call (no walking), its output the next frame's input. Rows
// crowd_separate/cap/<max_move> (max_move 0: no cap) time one such frame; their counters
// give, for frames 1 to kCapFrames, the overlap left (ovl<k>: R - d summed over the
// overlapping pairs, units) and the largest move of the frame (move<k>): a cap trades a
// slower resolution for no jumps.
const size_t kCapMovers = 1000;
const int kCapFrames = 6;

struct CapRun {
    std::vector<float> x, y, z, r, h, ox, oz;
    std::vector<uint32_t> flags;
    std::vector<unsigned char> scratch;
    CapRun() : x(kCapMovers), y(kCapMovers, 0.0f), z(kCapMovers), r(kCapMovers), h(kCapMovers, 1.8f),
               ox(kCapMovers), oz(kCapMovers), flags(kCapMovers), scratch(horde_crowd_separate_scratch_bytes(kCapMovers))
    {
        Rng rng{kSeed ^ 0xca9};
        const float radius = std::sqrt((float)kCapMovers * 0.45f * 0.45f / 3.0f); // 3x the area of the discs
        for (size_t i = 0; i < kCapMovers; i++) {
            float px, pz;
            do
                px = rng.uniform(-radius, radius), pz = rng.uniform(-radius, radius);
            while (px * px + pz * pz > radius * radius);
            x[i] = px, z[i] = pz, r[i] = rng.uniform(0.3f, 0.45f);
        }
    }
    horde_crowd_separate_batch batch()
    {
        return horde_crowd_separate_batch{x.data(), y.data(), z.data(), r.data(), h.data(), nullptr,
                                          ox.data(), oz.data(), flags.data(), kCapMovers};
    }
    double overlap() const // summed over the overlapping pairs: R - d
    {
        double sum = 0.0;
        for (size_t i = 0; i < kCapMovers; i++)
            for (size_t j = i + 1; j < kCapMovers; j++) {
                const double dx = x[i] - x[j], dz = z[i] - z[j], R = (double)r[i] + r[j];
                const double d = std::sqrt(dx * dx + dz * dz);
                sum += d < R ? R - d : 0.0;
            }
        return sum;
    }
};

void register_cap(float cap)
{
    const std::string name = "crowd_separate/cap/" + std::to_string(cap).substr(0, 4);
    benchmark::RegisterBenchmark(name.c_str(), [cap](benchmark::State &st) {
        horde_crowd_separate_params p = kParams;
        p.max_move = cap;
        CapRun run;
        for (int f = 1; f <= kCapFrames; f++) { // the sequence, untimed
            horde_crowd_separate_batch b = run.batch();
            horde_crowd_separate(&p, &b, run.scratch.data(), run.scratch.size());
            double move = 0.0;
            for (size_t i = 0; i < kCapMovers; i++)
                move = std::max(move, std::hypot((double)run.ox[i] - run.x[i], (double)run.oz[i] - run.z[i]));
            run.x = run.ox, run.z = run.oz;
            st.counters["ovl" + std::to_string(f)] = run.overlap();
            st.counters["move" + std::to_string(f)] = move;
        }
        CapRun fresh;
        horde_crowd_separate_batch b = fresh.batch();
        for (auto _ : st) {
            horde_crowd_separate(&p, &b, fresh.scratch.data(), fresh.scratch.size());
            benchmark::ClobberMemory();
        }
        st.SetItemsProcessed(st.iterations() * (int64_t)kCapMovers);
    })->Unit(benchmark::kMicrosecond);
}

} // namespace

void hb::register_crowd_separate()
{
    for (horde_isa isa : isas())
        for (size_t n : kWalkSizes)
            for (bool with_state : {false, true})
                register_walk(isa, n, with_state);
    for (float cap : {0.0f, 0.2f, 0.05f, 0.02f})
        register_cap(cap);
    {
        Crowd *c = crowd_for(100000);
        horde_crowd_separate_batch hc = c->crowd();
        if (horde_crowd_separate_isa(HORDE_ISA_SCALAR, &kParams, &hc, c->scratch.data(), c->scratch.size()) ==
            HORDE_OK) {
            add_percent_context("crowd_crowded_pct", count_flags(c->flags.data(), 100000, HORDE_FLAG_CROWDED), 100000);
            add_percent_context("crowd_wedged_pct", count_flags(c->flags.data(), 100000, HORDE_FLAG_WEDGED), 100000);
            add_percent_context("crowd_packed_pct", count_flags(c->flags.data(), 100000, HORDE_FLAG_PACKED), 100000, 3);
        }
        report_difference<GridPeer>("crowd_grid_differs_pct", 100000);
        report_difference<NaivePeer>("crowd_naive_differs_pct", 4096);
    }
    // A call is a whole crowd (the rows ignore `first`: every call sees the same crowd).
    // Each crowd is built before its first row's timed loop (`setup`), so that no timed
    // call pays for building it (several times a call's time at 1,000,000 movers).
    const RowSetup build = [](size_t n) { crowd_for(n); };
    for (horde_isa isa : isas())
        register_rows("crowd_separate", horde_isa_name(isa), kSizes, [isa](size_t, size_t n) {
            Crowd *c = crowd_for(n);
            horde_crowd_separate_batch hc = c->crowd();
            return horde_crowd_separate_isa(isa, &kParams, &hc, c->scratch.data(), c->scratch.size());
        }, 1, build);
    // The task rows: one pool per worker count (tp_pool_kept).
    for (horde_isa isa : isas())
        for (size_t n : kSizes)
            for (uint32_t workers : {1u, 2u}) {
                const std::string name = std::string("crowd_separate/") + horde_isa_name(isa) + "/" +
                                         std::to_string(n) + "/tasks:" + std::to_string(workers);
                benchmark::RegisterBenchmark(name.c_str(), [isa, n, workers](benchmark::State &state) {
                    tp_pool *pool = tp_pool_kept(workers);
                    Crowd *c = crowd_for(n);
                    horde_crowd_separate_batch hc = c->crowd();
                    for (auto _ : state) {
                        const horde_status st = horde_crowd_separate_tasks_isa(
                            isa, &pool->tasks, &kParams, &hc, c->scratch.data(), c->scratch.size());
                        if (st != HORDE_OK) {
                            state.SkipWithError(horde_status_string(st));
                            break;
                        }
                        benchmark::ClobberMemory();
                    }
                    state.SetItemsProcessed(state.iterations() * (int64_t)n);
                })->Unit(benchmark::kMicrosecond)->UseRealTime();
            }
    register_rows("crowd_separate", "grid", kSizes, [](size_t, size_t n) {
        static GridPeer peer;
        Crowd *c = crowd_for(n);
        peer.run(*c, kIterations, c->ox.data(), c->oz.data());
        return (int)HORDE_OK;
    }, 1, build);
    register_rows("crowd_separate", "naive", kNaiveSizes, [](size_t, size_t n) {
        static NaivePeer peer;
        Crowd *c = crowd_for(n);
        peer.run(*c, kIterations, c->ox.data(), c->oz.data());
        return (int)HORDE_OK;
    }, 1, build);
}
