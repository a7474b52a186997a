/* SPDX-License-Identifier: MIT */
// horde benchmarks: the whole frame of a game's NPCs, horde_frame (include/horde/frame.h)
// against the recipe's individual calls one after the other.
//
// The world for n NPCs: a square of side about 2 sqrt(n) blocks (about 4 square blocks
// per NPC), a floor at y = 0, walls 3 blocks high every 64 blocks on x and on z with a
// 4-block doorway every 16 blocks, a block on 1 % of the floor, a tree (pole, radius
// 0.3-0.6) per 64 square blocks in a poles' grid of 4-block cells, and a ramp of 64
// triangles in the middle. The NPCs (radius 0.3-0.45, height 1.8) walk at 0.1 blocks a
// frame towards goals, a new goal when one is reached, with gravity; every timed
// iteration is one frame of the same NPCs, so positions change from frame to frame as
// in a game (the crowd's contacts, the trees and walls met, the ramp).
//
// Rows (wall-clock time; counters ns_per_npc = nanoseconds per NPC per frame, and each
// step's milliseconds per frame: for the recipe ms_intent (the goals and step 1), ms_crowd,
// ms_trees, ms_move, ms_ground; for horde_frame ms_goals (the game's goals and
// displacements, before the call) and the call's horde_frame_profile as ms_intent,
// ms_order, ms_crowd, ms_gather, ms_trees, ms_finish, ms_unpack):
//   frame/<backend>/<n>/workers:<k>  horde_frame on that backend, the crowd stage on a
//        pool of k workers (bench_tasks.h: k - 1 std::threads plus the calling thread),
//        the ramp through its triangle grid;
//   frame/recipe/<n>  the recipe's public calls one after the other on the best backend
//        (crowd_separate, radial_push_grid, cylinder_move, ground_height with the
//        64-triangle ramp tested whole), on the calling thread;
//   frame/<best>/100000/terrain:grid  horde_frame with a 100,352-triangle terrain
//        (a heightfield over the whole world) through its grid in place of the ramp;
//   frame/<best>/100000/workers:1/crowd_state  the crowd keeps a frame-coherence state
//        (margin 0.5) from frame to frame (the other rows keep none);
//   frame/ground/100000/ramp:whole, .../terrain:grid  the ground step alone;
//   frame/<best>/<n>/workers:1/sort:off  horde_frame in the caller's order (params.sort
//        = 0), for the spatial order's share of the frame rows.
// n = 1,000,000 rows run 5 frames each.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench_common.h"
#include "bench_tasks.h"

using namespace hb;

namespace {

const std::vector<size_t> kSizes = {10000, 100000, 1000000};
const float kMargin = 0.5f; // the crowd state's: rebuilt after about 2.5 frames' walk

struct World {
    int side; // blocks, a multiple of 32
    std::vector<horde_chunk> chunks;
    std::vector<const horde_chunk *> ptrs;
    horde_world view;
    std::vector<float> tx, tz, tr, tb, tt;
    horde_poles trees;
    horde_pole_grid tree_grid;
    std::vector<unsigned char> tree_mem;
    std::vector<float> ramp[9], terrain[9];
    horde_triangles ramp_soup, terrain_soup;
    horde_triangle_grid ramp_grid, terrain_grid;
    std::vector<unsigned char> ramp_mem, terrain_mem;

    void set(int x, int y, int z)
    {
        const int c = side / 32;
        horde_chunk_set(&chunks[(size_t)(x >> 5) + (size_t)c * (size_t)(z >> 5)], x & 31, y, z & 31, 1);
    }
    static horde_triangles soup_of(std::vector<float> *v)
    {
        return horde_triangles{v[0].data(), v[1].data(), v[2].data(), v[3].data(), v[4].data(),
                               v[5].data(), v[6].data(), v[7].data(), v[8].data(), v[0].size()};
    }
    // A heightfield of gx x gz squares of edge sq from (x0, z0), heights h(x, z).
    template <class H> static void heightfield(std::vector<float> *v, int gx, int gz, float sq, float x0, float z0, H h)
    {
        for (int z = 0; z < gz; z++)
            for (int x = 0; x < gx; x++) {
                const float xa = x0 + sq * (float)x, xb = x0 + sq * (float)(x + 1);
                const float za = z0 + sq * (float)z, zb = z0 + sq * (float)(z + 1);
                const float t[2][9] = {{xa, h(x, z), za, xb, h(x + 1, z), za, xb, h(x + 1, z + 1), zb},
                                       {xa, h(x, z), za, xb, h(x + 1, z + 1), zb, xa, h(x, z + 1), zb}};
                for (int j = 0; j < 2; j++)
                    for (int c = 0; c < 9; c++)
                        v[c].push_back(t[j][c]);
            }
    }
    static void build(horde_triangle_grid *g, std::vector<unsigned char> &mem, const horde_triangles *s, float cell)
    {
        mem.resize(horde_triangle_grid_scratch_bytes(s, cell));
        horde_triangle_grid_build(g, s, cell, mem.data(), mem.size());
    }

    explicit World(size_t n)
    {
        side = ((int)std::ceil(2.0 * std::sqrt((double)n)) + 31) / 32 * 32;
        side = side < 64 ? 64 : side;
        const int c = side / 32;
        chunks.resize((size_t)c * c);
        for (horde_chunk &ch : chunks)
            horde_chunk_clear(&ch);
        for (int i = 0; i < c * c; i++)
            ptrs.push_back(&chunks[(size_t)i]);
        horde_world_init(&view, ptrs.data(), 0, 0, 0, c, 1, c, HORDE_MISSING_SOLID);
        Rng rng{0x6672616d65ull ^ n}; // "frame"
        for (int x = 0; x < side; x++)
            for (int z = 0; z < side; z++) {
                set(x, 0, z);
                const bool wall = (x % 64 == 0 && z % 16 >= 4) || (z % 64 == 0 && x % 16 >= 4) || x == side - 1 ||
                                  z == side - 1;
                for (int y = 1; wall && y < 4; y++)
                    set(x, y, z);
                if (!wall && rng.next() % 100 == 0)
                    set(x, 1, z);
            }
        const size_t n_trees = (size_t)side * side / 64;
        for (size_t k = 0; k < n_trees; k++) {
            tx.push_back(rng.uniform(1.0f, (float)side - 1.0f)), tz.push_back(rng.uniform(1.0f, (float)side - 1.0f));
            tr.push_back(rng.uniform(0.3f, 0.6f)), tb.push_back(1.0f), tt.push_back(6.0f);
        }
        trees = horde_poles{tx.data(), tz.data(), tr.data(), tb.data(), tt.data(), n_trees};
        tree_mem.resize(horde_pole_grid_scratch_bytes(&trees, 4.0f));
        horde_pole_grid_build(&tree_grid, &trees, 4.0f, tree_mem.data(), tree_mem.size());
        const float mid = (float)(side / 2) + 2.0f;
        heightfield(ramp, 8, 4, 1.0f, mid, mid, [](int x, int) { return 0.9f + 0.15f * (float)x; });
        ramp_soup = soup_of(ramp);
        build(&ramp_grid, ramp_mem, &ramp_soup, 2.0f);
        const float sq = (float)side / 224.0f;
        heightfield(terrain, 224, 224, sq, 0.0f, 0.0f,
                    [](int x, int z) { return 0.95f + 0.1f * std::sin(0.3f * (float)x) * std::cos(0.2f * (float)z); });
        terrain_soup = soup_of(terrain);
        build(&terrain_grid, terrain_mem, &terrain_soup, sq);
    }
};

World *world_for(size_t n)
{
    static std::map<size_t, std::unique_ptr<World>> worlds;
    std::unique_ptr<World> &w = worlds[n];
    if (!w)
        w.reset(new World(n));
    return w.get();
}

// The NPCs of one row: state kept across its frames.
struct Npcs {
    size_t n;
    std::vector<float> x, y, z, r, h, dx, dy, dz, vy, gx, gz, odx, ody, odz;
    std::vector<uint32_t> tri, flags;
    Rng rng;

    Npcs(size_t n_, const World &w)
        : n(n_), x(n_), y(n_, 1.0f), z(n_), r(n_), h(n_, 1.8f), dx(n_), dy(n_), dz(n_), vy(n_, 0.0f), gx(n_), gz(n_),
          odx(n_), ody(n_), odz(n_), tri(n_), flags(n_), rng{0x6e7063ull ^ n_}
    {
        const float s = (float)w.side - 2.0f;
        for (size_t i = 0; i < n; i++) {
            x[i] = rng.uniform(1.5f, s), z[i] = rng.uniform(1.5f, s), r[i] = rng.uniform(0.3f, 0.45f);
            gx[i] = rng.uniform(1.5f, s), gz[i] = rng.uniform(1.5f, s);
        }
    }
    // The intent: 0.1 blocks a frame towards the goal, gravity on the vertical speed.
    void intents(const World &w)
    {
        const float s = (float)w.side - 2.0f;
        for (size_t i = 0; i < n; i++) {
            float ex = gx[i] - x[i], ez = gz[i] - z[i];
            const float d2 = ex * ex + ez * ez;
            if (!(d2 > 1.0f)) {
                gx[i] = rng.uniform(1.5f, s), gz[i] = rng.uniform(1.5f, s);
                ex = gx[i] - x[i], ez = gz[i] - z[i];
            }
            const float k = 0.1f / (std::sqrt(ex * ex + ez * ez) + 1e-6f);
            vy[i] = (flags[i] & HORDE_FLAG_ON_GROUND) ? 0.0f : vy[i] - 0.02f;
            dx[i] = ex * k, dz[i] = ez * k, dy[i] = vy[i] - 0.02f;
        }
    }
    horde_frame_batch batch(horde_frame_profile *profile)
    {
        return horde_frame_batch{x.data(), y.data(), z.data(), r.data(), h.data(), dx.data(), dy.data(), dz.data(),
                                 nullptr, x.data(), y.data(), z.data(), odx.data(), ody.data(), odz.data(),
                                 tri.data(), flags.data(), n, profile};
    }
};

using Clock = std::chrono::steady_clock;
double secs(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

void frame_row(const std::string &name, horde_isa isa, size_t n, uint32_t workers, bool terrain, bool coherent = false,
               int sort = -1)
{
    auto fn = [isa, n, workers, terrain, coherent, sort](benchmark::State &state) {
        World *w = world_for(n);
        Npcs c(n, *w);
        std::unique_ptr<TaskPool> pool(workers > 1 ? new TaskPool(workers) : nullptr);
        const horde_tasks *tasks = pool ? &pool->tasks : nullptr;
        horde_frame_scene s{&w->view, &w->tree_grid, &w->trees, nullptr, terrain ? &w->terrain_grid : &w->ramp_grid};
        horde_frame_params p;
        horde_frame_params_default(&p);
        p.move.step_height = 1.0f;
        p.sort = sort;
        std::vector<uint32_t> cstate(coherent ? horde_crowd_separate_state_bytes(n) / 4 + 1 : 0);
        if (coherent && horde_crowd_separate_state_init(cstate.data(), cstate.size() * 4, n, kMargin) == HORDE_OK)
            p.crowd.state = cstate.data();
        std::vector<unsigned char> scratch(horde_frame_scratch_bytes(&s, n));
        double t = 0, intents = 0;
        horde_frame_profile prof{}, sum{};
        for (auto _ : state) {
            const Clock::time_point t0 = Clock::now();
            c.intents(*w);
            const Clock::time_point t1 = Clock::now();
            const horde_frame_batch b = c.batch(&prof);
            const horde_status st = horde_frame_isa(isa, tasks, &s, &p, &b, scratch.data(), scratch.size());
            t += secs(t0, Clock::now()), intents += secs(t0, t1);
            if (st != HORDE_OK) {
                state.SkipWithError(horde_status_string(st));
                break;
            }
            sum.intent += prof.intent, sum.order += prof.order, sum.crowd += prof.crowd, sum.gather += prof.gather;
            sum.trees += prof.trees, sum.finish += prof.finish, sum.unpack += prof.unpack;
            benchmark::ClobberMemory();
        }
        state.counters["ns_per_npc"] = 1e9 * t / ((double)state.iterations() * (double)n);
        // each step's time (horde_frame_profile), in ms per frame; ms_goals: the game's intents
        const double it = (double)state.iterations();
        const std::pair<const char *, double> steps[] = {
            {"ms_goals", 1e3 * intents / it}, {"ms_intent", sum.intent / it}, {"ms_order", sum.order / it},
            {"ms_crowd", sum.crowd / it},     {"ms_gather", sum.gather / it}, {"ms_trees", sum.trees / it},
            {"ms_finish", sum.finish / it},   {"ms_unpack", sum.unpack / it}};
        for (const auto &kv : steps)
            state.counters[kv.first] = kv.second;
        state.SetItemsProcessed(state.iterations() * (int64_t)n);
    };
    benchmark::internal::Benchmark *b = benchmark::RegisterBenchmark(name.c_str(), fn);
    b->Unit(benchmark::kMillisecond)->UseRealTime();
    if (n >= 1000000)
        b->Iterations(5);
}

// The recipe's individual calls, each step timed.
void recipe_row(size_t n)
{
    auto fn = [n](benchmark::State &state) {
        World *w = world_for(n);
        Npcs c(n, *w);
        const horde_isa isa = horde_isa_best();
        std::vector<float> ix(n), iz(n), cx(n), cz(n), tx(n), ty(n), tz(n), q(n), gy(n);
        std::vector<uint32_t> cf(n), tf(n), gf(n);
        std::vector<unsigned char> cs(horde_crowd_separate_scratch_bytes(n)),
            ts(horde_radial_push_grid_scratch_bytes(&w->tree_grid, n));
        horde_frame_params p;
        horde_frame_params_default(&p);
        p.move.step_height = 1.0f;
        double step[5] = {0, 0, 0, 0, 0};
        for (auto _ : state) {
            Clock::time_point t0 = Clock::now(), t1;
            c.intents(*w);
            for (size_t i = 0; i < n; i++)
                ix[i] = c.x[i] + c.dx[i], iz[i] = c.z[i] + c.dz[i];
            t1 = Clock::now(), step[0] += secs(t0, t1), t0 = t1;
            const horde_crowd_separate_batch cb{ix.data(), c.y.data(), iz.data(), c.r.data(), c.h.data(), nullptr,
                                                cx.data(), cz.data(), cf.data(), n};
            horde_status st = horde_crowd_separate_isa(isa, &p.crowd, &cb, cs.data(), cs.size());
            for (size_t i = 0; i < n; i++)
                c.dx[i] = c.dx[i] + (cx[i] - ix[i]), c.dz[i] = c.dz[i] + (cz[i] - iz[i]);
            t1 = Clock::now(), step[1] += secs(t0, t1), t0 = t1;
            const horde_radial_push_grid_batch tb{cx.data(), c.y.data(), cz.data(), c.r.data(), c.h.data(),
                                                  tx.data(), ty.data(), tz.data(), tf.data(), n};
            if (st == HORDE_OK)
                st = horde_radial_push_grid_isa(isa, &w->tree_grid, &w->trees, &p.trees, &tb, ts.data(), ts.size());
            for (size_t i = 0; i < n; i++)
                c.dx[i] = c.dx[i] + (tx[i] - cx[i]), c.dz[i] = c.dz[i] + (tz[i] - cz[i]);
            t1 = Clock::now(), step[2] += secs(t0, t1), t0 = t1;
            const horde_cylinder_move_batch mb{c.x.data(), c.y.data(), c.z.data(), c.dx.data(), c.dy.data(),
                                               c.dz.data(), c.r.data(), c.h.data(), c.x.data(), c.y.data(),
                                               c.z.data(), c.odx.data(), c.ody.data(), c.odz.data(),
                                               c.flags.data(), n};
            if (st == HORDE_OK)
                st = horde_cylinder_move_isa(isa, &w->view, &p.move, &mb);
            t1 = Clock::now(), step[3] += secs(t0, t1), t0 = t1;
            for (size_t i = 0; i < n; i++)
                q[i] = c.y[i] + p.ground_lift;
            const horde_ground_height_batch gb{c.x.data(), q.data(), c.z.data(), gy.data(), c.tri.data(), gf.data(), n};
            if (st == HORDE_OK)
                st = horde_ground_height_isa(isa, &w->ramp_soup, &p.ground, &gb);
            for (size_t i = 0; i < n; i++)
                if ((gf[i] & HORDE_FLAG_ON_GROUND) && gy[i] >= c.y[i])
                    c.y[i] = gy[i], c.flags[i] |= HORDE_FLAG_ON_GROUND;
            t1 = Clock::now(), step[4] += secs(t0, t1);
            if (st != HORDE_OK) {
                state.SkipWithError(horde_status_string(st));
                break;
            }
            benchmark::ClobberMemory();
        }
        const double it = (double)state.iterations();
        const char *names[5] = {"ms_intent", "ms_crowd", "ms_trees", "ms_move", "ms_ground"};
        double total = 0;
        for (int k = 0; k < 5; k++)
            state.counters[names[k]] = 1e3 * step[k] / it, total += step[k];
        state.counters["ns_per_npc"] = 1e9 * total / (it * (double)n);
        state.SetItemsProcessed(state.iterations() * (int64_t)n);
    };
    benchmark::internal::Benchmark *b =
        benchmark::RegisterBenchmark(("frame/recipe/" + std::to_string(n)).c_str(), fn);
    b->Unit(benchmark::kMillisecond)->UseRealTime();
    if (n >= 1000000)
        b->Iterations(5);
}

// The ground step alone: the ramp tested whole, the terrain through its grid.
void ground_row(size_t n, bool terrain)
{
    auto fn = [n, terrain](benchmark::State &state) {
        World *w = world_for(n);
        Npcs c(n, *w);
        std::vector<float> oy(n);
        std::vector<uint32_t> ot(n), of(n);
        const horde_ground_height_params gp{1.2f};
        const horde_ground_height_batch gb{c.x.data(), c.y.data(), c.z.data(), oy.data(), ot.data(), of.data(), n};
        for (auto _ : state) {
            const horde_status st = terrain ? horde_ground_height_grid(&w->terrain_grid, &gp, &gb)
                                            : horde_ground_height(&w->ramp_soup, &gp, &gb);
            if (st != HORDE_OK) {
                state.SkipWithError(horde_status_string(st));
                break;
            }
            benchmark::ClobberMemory();
        }
        state.SetItemsProcessed(state.iterations() * (int64_t)n);
    };
    benchmark::RegisterBenchmark(
        ("frame/ground/" + std::to_string(n) + (terrain ? "/terrain:grid" : "/ramp:whole")).c_str(), fn)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
}

int register_frame()
{
    for (horde_isa isa : isas())
        for (size_t n : kSizes)
            for (uint32_t k : {1u, 2u})
                frame_row(std::string("frame/") + horde_isa_name(isa) + "/" + std::to_string(n) + "/workers:" +
                              std::to_string(k),
                          isa, n, k, false);
    for (size_t n : kSizes)
        recipe_row(n);
    frame_row(std::string("frame/") + horde_isa_name(horde_isa_best()) + "/100000/terrain:grid", horde_isa_best(),
              100000, 1, true);
    frame_row(std::string("frame/") + horde_isa_name(horde_isa_best()) + "/100000/workers:1/crowd_state",
              horde_isa_best(), 100000, 1, false, true);
    for (size_t n : kSizes)
        frame_row(std::string("frame/") + horde_isa_name(horde_isa_best()) + "/" + std::to_string(n) +
                      "/workers:1/sort:off",
                  horde_isa_best(), n, 1, false, false, 0);
    ground_row(100000, false);
    ground_row(100000, true);
    return 0;
}

// Registered before main() runs the suite (not a kernel family of the registry).
const int registered = register_frame();

} // namespace
