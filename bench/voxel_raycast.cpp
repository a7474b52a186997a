/* SPDX-License-Identifier: MIT */
// horde benchmarks: segment casts through the voxel world (horde_voxel_raycast,
// horde_voxel_los), per backend and batch size, with their peers in the same binary.
//
// voxel_raycast/<isa>/<n>: NPC-to-target segments in the game scene: from an NPC's eye
// (a random free block-level point in y [0, 2.5), plus 1.6) to a target eye 8 to 64
// blocks away in a random horizontal direction, clipped to the scene.
// voxel_los/<isa>/<n>: 256-block segments over open terrain: a 512 x 64 x 512 heightmap
// world (rolling hills 2 to 14 blocks high, the upper chunk layer missing = air), eye to
// eye 1.6 above the ground at both ends, in a random horizontal direction.
// Peers: <kernel>/naive/<n>, the scalar Amanatides-Woo DDA a game programmer writes (float
// tMax / tDelta per axis, one world lookup per block, t of the block entered), and
// <kernel>/floor/<n>, the memory floor (the input and output streams, no work).
// voxel_los_poles/<isa>/<n>: voxel_los's segments with a forest on the terrain: a tree
// every 8 blocks on a jittered grid (4,096 trunks, radius 0.3 to 0.6, from a block below
// the ground to 7 above it), in a grid of 4-block cells. Its naive peer is the naive DDA,
// then a 2D DDA over the trees' grid testing the 3 x 3 cells around each cell it visits
// with the textbook ray-circle quadratic (sides only, as that code usually is).
// voxel_raycast_len<L>/<label>/4096 and voxel_los_len<L>/<label>/4096: the cost of a
// segment against its length L (8, 32, 128, 512 blocks) where nothing stops it: over the
// terrain in the air (both ends at y 15 to 30, above the highest hill, a random horizontal
// direction, leaving the view where it runs out: missing chunks read as air); labels
// scalar, the best backend, naive.
// items_per_second = segments per second.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bench_common.h"
#include "voxel_peers.h"

using namespace hb;

namespace {

const std::vector<size_t> kBatches = {1024, 16384, 262144};
const size_t kMax = 262144;

struct Segments {
    std::vector<float> x0, y0, z0, x1, y1, z1, t;
    std::vector<int32_t> bx, by, bz;
    std::vector<uint32_t> face, flags;
    explicit Segments(size_t n)
        : x0(n), y0(n), z0(n), x1(n), y1(n), z1(n), t(n), bx(n), by(n), bz(n), face(n), flags(n)
    {
    }
    horde_voxel_raycast_batch raycast(size_t f, size_t n)
    {
        return {x0.data() + f, y0.data() + f, z0.data() + f, x1.data() + f, y1.data() + f,
                z1.data() + f, t.data() + f, bx.data() + f, by.data() + f, bz.data() + f,
                face.data() + f, flags.data() + f, n};
    }
    horde_voxel_los_batch los(size_t f, size_t n)
    {
        return {x0.data() + f, y0.data() + f, z0.data() + f, x1.data() + f,
                y1.data() + f, z1.data() + f, t.data() + f, flags.data() + f, n};
    }
};

// The terrain world: 16 x 2 x 16 chunks from chunk (0, 0, 0); the upper layer is NULL.
struct Terrain {
    std::vector<horde_chunk> chunks;
    std::vector<const horde_chunk *> ptrs;
    horde_world world;
    static int height(int x, int z)
    {
        const double h = 8.0 + 4.0 * std::sin(x * 0.031) * std::cos(z * 0.027) +
                         2.0 * std::sin((x + 2 * z) * 0.011);
        return (int)h;
    }
    Terrain() : chunks(16 * 16), ptrs(16 * 2 * 16, nullptr)
    {
        for (int cz = 0; cz < 16; cz++)
            for (int cx = 0; cx < 16; cx++) {
                horde_chunk *c = &chunks[cx + 16 * cz];
                horde_chunk_clear(c);
                for (int z = 0; z < 32; z++)
                    for (int x = 0; x < 32; x++)
                        for (int y = 0; y < height(32 * cx + x, 32 * cz + z); y++)
                            horde_chunk_set(c, x, y, z, 1);
                ptrs[cx + 16 * cz] = c; // layer cy = 0; cy = 1 stays NULL
            }
        horde_world_init(&world, ptrs.data(), 0, 0, 0, 16, 2, 16, HORDE_MISSING_EMPTY);
    }
};

// The textbook DDA: t and HIT of the first solid block (start block included).
void naive_cast(const horde_world &w, const float *x0, const float *y0, const float *z0,
                const float *x1, const float *y1, const float *z1, float *out_t,
                uint32_t *out_flags, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const float p[3] = {x0[i], y0[i], z0[i]};
        const float d[3] = {x1[i] - x0[i], y1[i] - y0[i], z1[i] - z0[i]};
        int b[3], step[3];
        float tmax[3], tdelta[3];
        for (int k = 0; k < 3; k++) {
            b[k] = peers::ifloor(p[k]);
            step[k] = d[k] > 0.0f ? 1 : -1;
            tdelta[k] = d[k] != 0.0f ? std::fabs(1.0f / d[k]) : INFINITY;
            const float next = d[k] > 0.0f ? (float)(b[k] + 1) - p[k] : p[k] - (float)b[k];
            tmax[k] = d[k] != 0.0f ? next * tdelta[k] : INFINITY;
        }
        float t = 0.0f;
        uint32_t flags = 0;
        if (peers::solid(w, b[0], b[1], b[2])) {
            flags = HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE;
        } else {
            for (;;) {
                const int k = tmax[0] < tmax[1] ? (tmax[0] < tmax[2] ? 0 : 2) : (tmax[1] < tmax[2] ? 1 : 2);
                if (tmax[k] > 1.0f) {
                    t = 1.0f;
                    break;
                }
                t = tmax[k];
                b[k] += step[k];
                tmax[k] += tdelta[k];
                if (peers::solid(w, b[0], b[1], b[2])) {
                    flags = HORDE_FLAG_HIT;
                    break;
                }
            }
        }
        out_t[i] = t, out_flags[i] = flags;
    }
}

// The forest over the terrain and its grid.
struct Forest {
    std::vector<float> x, z, r, bottom, top;
    std::vector<unsigned char> mem;
    horde_poles poles;
    horde_pole_grid grid;
    Forest()
    {
        Rng rng{0x74726565ull}; // "tree"
        for (int gz = 0; gz < 64; gz++)
            for (int gx = 0; gx < 64; gx++) {
                const float px = 8.0f * gx + rng.uniform(1.0f, 7.0f), pz = 8.0f * gz + rng.uniform(1.0f, 7.0f);
                x.push_back(px), z.push_back(pz), r.push_back(rng.uniform(0.3f, 0.6f));
                bottom.push_back((float)Terrain::height((int)px, (int)pz) - 1.0f);
                top.push_back(bottom.back() + 8.0f);
            }
        poles = {x.data(), z.data(), r.data(), bottom.data(), top.data(), x.size()};
        mem.resize(horde_pole_grid_scratch_bytes(&poles, 4.0f));
        horde_pole_grid_build(&grid, &poles, 4.0f, mem.data(), mem.size());
    }
};

// The trees a game programmer tests along a sight line, up to tmax: a 2D DDA over the
// grid's cells, the 3 x 3 cells around each visited one, the ray-circle quadratic, and
// the height at the entry (no caps).
float naive_trees(const Forest &f, const float *a, const float *b, float tmax, bool *hit)
{
    const horde_pole_grid &g = f.grid;
    const float dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
    const float inv = 1.0f / g.cell;
    int cx = peers::ifloor(a[0] * inv) - g.cx0, cz = peers::ifloor(a[2] * inv) - g.cz0;
    const int sx = dx > 0.0f ? 1 : -1, sz = dz > 0.0f ? 1 : -1;
    const float ddx = dx != 0.0f ? std::fabs(g.cell / dx) : INFINITY, ddz = dz != 0.0f ? std::fabs(g.cell / dz) : INFINITY;
    float tx = dx != 0.0f ? ((dx > 0.0f ? (float)(cx + g.cx0 + 1) * g.cell - a[0] : a[0] - (float)(cx + g.cx0) * g.cell) / std::fabs(dx)) : INFINITY;
    float tz = dz != 0.0f ? ((dz > 0.0f ? (float)(cz + g.cz0 + 1) * g.cell - a[2] : a[2] - (float)(cz + g.cz0) * g.cell) / std::fabs(dz)) : INFINITY;
    float best = tmax;
    *hit = false;
    const float A = dx * dx + dz * dz;
    for (float tc = 0.0f; tc <= best;) {
        for (int oz = -1; oz <= 1; oz++)
            for (int ox = -1; ox <= 1; ox++) {
                const int qx = cx + ox, qz = cz + oz;
                if (qx < 0 || qz < 0 || qx >= (int)g.nx || qz >= (int)g.nz)
                    continue;
                const size_t c = (size_t)qz * g.nx + (size_t)qx;
                for (uint32_t k = g.start[c]; k < g.start[c + 1]; k++) {
                    const uint32_t j = g.items[k];
                    const float ex = a[0] - f.x[j], ez = a[2] - f.z[j];
                    const float B = ex * dx + ez * dz, C = ex * ex + ez * ez - f.r[j] * f.r[j];
                    float t;
                    if (C <= 0.0f)
                        t = 0.0f;
                    else {
                        const float disc = B * B - A * C;
                        if (A == 0.0f || disc < 0.0f)
                            continue;
                        t = (-B - std::sqrt(disc)) / A;
                    }
                    const float y = a[1] + dy * t;
                    if (t >= 0.0f && t < best && y >= f.bottom[j] && y <= f.top[j])
                        best = t, *hit = true;
                }
            }
        if (tx < tz)
            cx += sx, tc = tx, tx += ddx;
        else
            cz += sz, tc = tz, tz += ddz;
        if (tc > 1.0f)
            break;
    }
    return best;
}

Segments *g_npc, *g_open;
Terrain *g_terrain;
Forest *g_forest;

// Segments of horizontal length len in the air over the terrain (y 15 to 30 at both ends).
void fill_sky(Segments &s, size_t n, float len)
{
    Rng rng{0x736b79ull + (uint64_t)len}; // "sky"
    for (size_t i = 0; i < n; i++) {
        const float a = rng.uniform(0.0f, 6.2831853f);
        s.x0[i] = rng.uniform(0.0f, 512.0f), s.z0[i] = rng.uniform(0.0f, 512.0f);
        s.x1[i] = s.x0[i] + len * std::cos(a), s.z1[i] = s.z0[i] + len * std::sin(a);
        s.y0[i] = rng.uniform(15.0f, 30.0f), s.y1[i] = rng.uniform(15.0f, 30.0f);
    }
}

// The rows of cost against length (see the top of this file).
void length_rows()
{
    const size_t n = 4096;
    for (const float len : {8.0f, 32.0f, 128.0f, 512.0f}) {
        Segments *s = new Segments(kFreshItems); // the rows rotate through fresh inputs
        fill_sky(*s, kFreshItems, len);
        const std::string tag = "_len" + std::to_string((int)len);
        for (const horde_isa isa : {HORDE_ISA_SCALAR, horde_isa_best()}) {
            register_rows("voxel_raycast" + tag, horde_isa_name(isa), {n}, [s, isa](size_t f, size_t m) {
                const horde_voxel_raycast_batch b = s->raycast(f, m);
                return (int)horde_voxel_raycast_isa(isa, &g_terrain->world, &b);
            });
            register_rows("voxel_los" + tag, horde_isa_name(isa), {n}, [s, isa](size_t f, size_t m) {
                const horde_voxel_los_batch b = s->los(f, m);
                return (int)horde_voxel_los_isa(isa, &g_terrain->world, &b);
            });
        }
        for (const char *k : {"voxel_raycast", "voxel_los"})
            register_rows(k + tag, "naive", {n}, [s](size_t f, size_t m) {
                naive_cast(g_terrain->world, s->x0.data() + f, s->y0.data() + f, s->z0.data() + f,
                           s->x1.data() + f, s->y1.data() + f, s->z1.data() + f, s->t.data() + f,
                           s->flags.data() + f, m);
                return (int)HORDE_OK;
            });
    }
}

// The naive DDA over the open-terrain segments [f, f + n).
void naive_open(size_t f, size_t n)
{
    Segments &s = *g_open;
    naive_cast(g_terrain->world, s.x0.data() + f, s.y0.data() + f, s.z0.data() + f, s.x1.data() + f,
               s.y1.data() + f, s.z1.data() + f, s.t.data() + f, s.flags.data() + f, n);
}

void fill_npc(Segments &s, size_t n)
{
    const horde_world *w = &g_scene.world;
    Rng rng{0x7261796361ull}; // "rayca"
    for (size_t i = 0; i < n; i++) {
        float px, py, pz, qx, qz;
        do {
            px = rng.uniform(SCENE_MIN_X + 1, SCENE_MAX_X - 1);
            py = rng.uniform(0.0f, 2.5f);
            pz = rng.uniform(SCENE_MIN_X + 1, SCENE_MAX_X - 1);
            const float a = rng.uniform(0.0f, 6.2831853f), len = rng.uniform(8.0f, 64.0f);
            qx = px + len * std::cos(a), qz = pz + len * std::sin(a);
        } while (horde_world_solid(w, (int32_t)std::floor(px), (int32_t)std::floor(py),
                                   (int32_t)std::floor(pz)) ||
                 qx < SCENE_MIN_X || qx > SCENE_MAX_X || qz < SCENE_MIN_X || qz > SCENE_MAX_X);
        s.x0[i] = px, s.y0[i] = py + 1.6f, s.z0[i] = pz;
        s.x1[i] = qx, s.y1[i] = rng.uniform(0.0f, 2.5f) + 1.6f, s.z1[i] = qz;
    }
}

void fill_open(Segments &s, size_t n)
{
    Rng rng{0x6f70656eull}; // "open"
    for (size_t i = 0; i < n; i++) {
        float px, pz, qx, qz;
        do {
            px = rng.uniform(1.0f, 511.0f), pz = rng.uniform(1.0f, 511.0f);
            const float a = rng.uniform(0.0f, 6.2831853f);
            qx = px + 256.0f * std::cos(a), qz = pz + 256.0f * std::sin(a);
        } while (qx < 1.0f || qx > 511.0f || qz < 1.0f || qz > 511.0f);
        s.x0[i] = px, s.z0[i] = pz, s.x1[i] = qx, s.z1[i] = qz;
        s.y0[i] = (float)Terrain::height((int)px, (int)pz) + 1.6f;
        s.y1[i] = (float)Terrain::height((int)qx, (int)qz) + 1.6f;
    }
}

void floor_rows(const std::string &kernel, Segments **src)
{
    register_rows(kernel, "floor", kBatches, [src](size_t f, size_t n) {
        Segments &s = **src;
        const float *in[6] = {s.x0.data() + f, s.y0.data() + f, s.z0.data() + f,
                              s.x1.data() + f, s.y1.data() + f, s.z1.data() + f};
        float *out[1] = {s.t.data() + f};
        peers::floor_streams(in, 6, out, 1, s.flags.data() + f, n);
        return (int)HORDE_OK;
    });
}

} // namespace

void hb::register_voxel_raycast()
{
    g_npc = new Segments(kMax);
    fill_npc(*g_npc, kMax);
    g_terrain = new Terrain();
    g_open = new Segments(kMax);
    fill_open(*g_open, kMax);

    IsaCall ray = [](horde_isa isa, size_t f, size_t n) {
        const horde_voxel_raycast_batch b = g_npc->raycast(f, n);
        return (int)horde_voxel_raycast_isa(isa, &g_scene.world, &b);
    };
    register_backends_flagged("voxel_raycast", kBatches, ray, kMax, g_npc->flags.data(),
                              HORDE_FLAG_HIT, "raycast_hit_pct");
    register_rows("voxel_raycast", "naive", kBatches, [](size_t f, size_t n) {
        Segments &s = *g_npc;
        naive_cast(g_scene.world, s.x0.data() + f, s.y0.data() + f, s.z0.data() + f, s.x1.data() + f,
                   s.y1.data() + f, s.z1.data() + f, s.t.data() + f, s.flags.data() + f, n);
        return (int)HORDE_OK;
    });
    floor_rows("voxel_raycast", &g_npc);

    IsaCall los = [](horde_isa isa, size_t f, size_t n) {
        const horde_voxel_los_batch b = g_open->los(f, n);
        return (int)horde_voxel_los_isa(isa, &g_terrain->world, &b);
    };
    register_backends_flagged("voxel_los", kBatches, los, kMax, g_open->flags.data(), HORDE_FLAG_HIT,
                              "los_blocked_pct");
    register_rows("voxel_los", "naive", kBatches, [](size_t f, size_t n) {
        naive_open(f, n);
        return (int)HORDE_OK;
    });
    floor_rows("voxel_los", &g_open);

    g_forest = new Forest();
    IsaCall trees = [](horde_isa isa, size_t f, size_t n) {
        Segments &s = *g_open;
        const horde_voxel_los_poles_batch b = {s.x0.data() + f, s.y0.data() + f, s.z0.data() + f, s.x1.data() + f,
                                               s.y1.data() + f, s.z1.data() + f, s.t.data() + f,
                                               s.flags.data() + f, n};
        return (int)horde_voxel_los_poles_isa(isa, &g_terrain->world, &g_forest->grid, &g_forest->poles, &b);
    };
    register_backends_flagged("voxel_los_poles", kBatches, trees, kMax, g_open->flags.data(), HORDE_FLAG_POLE,
                              "trunk_first_pct");
    register_rows("voxel_los_poles", "naive", kBatches, [](size_t f, size_t n) {
        naive_open(f, n);
        Segments &s = *g_open;
        for (size_t i = f; i < f + n; i++) {
            const float a[3] = {s.x0[i], s.y0[i], s.z0[i]}, b[3] = {s.x1[i], s.y1[i], s.z1[i]};
            bool hit;
            const float t = naive_trees(*g_forest, a, b, s.t[i], &hit);
            if (hit)
                s.t[i] = t, s.flags[i] = HORDE_FLAG_HIT | HORDE_FLAG_POLE;
        }
        return (int)HORDE_OK;
    });
    floor_rows("voxel_los_poles", &g_open);
    length_rows();
}
