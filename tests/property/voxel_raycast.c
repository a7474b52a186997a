/* SPDX-License-Identifier: MIT */
/* Property test for horde_voxel_raycast and horde_voxel_los: every backend against an
 * independent model written from include/horde/voxel_raycast.h in exact arithmetic.
 *
 * How the model is exact: a float coordinate c of magnitude <= 2^20 times 2^20 is exact
 * in double (a power-of-two scaling of a 24-bit significand), and nearbyint rounds it to
 * the snapped integer C, ties to even (|C| <= 2^40 < 2^53). The crossing parameter of a
 * plane is the rational n / A with integers 0 < n <= A <= 2^30; two of them compare as
 * the cross products n1 * A2 and n2 * A1, below 2^60, exact in int64. Unlike the kernels
 * (which step one plane at a time, choosing the smallest eligible crossing), the model
 * lists every crossing of each axis with t <= 1, merges the three sorted lists by those
 * exact comparisons (ties: x, y, z), and walks the merged list with the public
 * horde_world_solid. t of a hit is the header's (float)((double)n / (double)A).
 *
 * Segments: ray_gen.h's random and aimed families over the six test scenes, also viewed
 * just inside +-2^20. Default 200,000 segments per backend (HORDE_CHECKASM_ITEMS or
 * --items=N set it); --long: 10,000,000. */
#include <inttypes.h>

#include "scene.h"
#include "ray_gen.h"

#define U ((int64_t)1 << 20)
#define MAXN 1100

typedef struct {
    float t;
    int32_t b[3];
    uint32_t face, flags;
} answer;

static int64_t snap(float c) { return (int64_t)nearbyint(ldexp((double)c, 20)); }

/* Floor of C / 2^20 for |C| < 2^53, exactly. */
static int64_t floor_u(int64_t c) { return (int64_t)floor(ldexp((double)c, -20)); }
static int64_t ceil_u(int64_t c) { return (int64_t)ceil(ldexp((double)c, -20)); }

static void model(const horde_world *w, const float *p0, const float *p1, answer *r)
{
    r->t = 1.0f, r->b[0] = r->b[1] = r->b[2] = 0, r->face = HORDE_NONE, r->flags = 0;
    for (int k = 0; k < 3; k++)
        if (!isfinite(p0[k]) || !isfinite(p1[k]) || fabs((double)p0[k]) > 1048576.0 ||
            fabs((double)p1[k]) > 1048576.0) {
            r->flags = HORDE_FLAG_INVALID;
            return;
        }
    int64_t c0[3], d[3], a[3], b[3];
    for (int k = 0; k < 3; k++) {
        c0[k] = snap(p0[k]), d[k] = snap(p1[k]) - c0[k];
        if (d[k] > 1024 * U || d[k] < -1024 * U) {
            r->flags = HORDE_FLAG_INVALID;
            return;
        }
        a[k] = d[k] < 0 ? -d[k] : d[k];
        b[k] = d[k] < 0 ? ceil_u(c0[k]) - 1 : floor_u(c0[k]);
    }
    /* Every crossing of each axis with t = n / a <= 1, in order. */
    static int64_t ev[3][MAXN];
    int cnt[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        if (!a[k])
            continue;
        for (int64_t j = 1;; j++) {
            const int64_t plane = d[k] > 0 ? b[k] + j : b[k] + 1 - j;
            const int64_t n = d[k] > 0 ? plane * U - c0[k] : c0[k] - plane * U;
            if (n > a[k])
                break;
            ev[k][cnt[k]++] = n;
        }
    }
    int32_t cur[3] = {(int32_t)b[0], (int32_t)b[1], (int32_t)b[2]};
    if (horde_world_solid(w, cur[0], cur[1], cur[2])) {
        r->t = 0.0f, r->flags = HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE;
        memcpy(r->b, cur, sizeof cur);
        return;
    }
    int at[3] = {0, 0, 0};
    for (;;) {
        int best = -1;
        for (int k = 0; k < 3; k++) {
            if (at[k] >= cnt[k])
                continue;
            /* strictly earlier than the best so far; equal ones keep the lower axis */
            if (best < 0 || ev[k][at[k]] * a[best] < ev[best][at[best]] * a[k])
                best = k;
        }
        if (best < 0)
            return;
        const int64_t n = ev[best][at[best]++];
        cur[best] += d[best] > 0 ? 1 : -1;
        if (horde_world_solid(w, cur[0], cur[1], cur[2])) {
            r->t = (float)((double)n / (double)a[best]);
            r->face = (uint32_t)(2 * best + (d[best] < 0));
            r->flags = HORDE_FLAG_HIT;
            memcpy(r->b, cur, sizeof cur);
            return;
        }
    }
}

enum { BATCH = 4096 };

/* The line-of-sight walk's skips (kernels/voxel/voxel_los_walk.h) aimed at: a 4 x 2 x 4
 * grid of chunks of every kind the walk treats apart: NULL (the view's policy, both
 * policies), all air, all solid, sparse (a few solid blocks, most rows and levels empty)
 * and terrain-like (ground up to a level, empty above), viewed at the origin and just
 * inside +-2^20. Segments start and end on chunk borders exactly or within an ulp, run
 * along the border of an empty row or level (y and z integers), start or end inside
 * empty chunks and levels, and cross many chunks (up to 200 blocks). */
typedef struct {
    horde_chunk c[32];
    const horde_chunk *p[32];
    horde_world w;
} skip_world;

static void skip_world_build(skip_world *sw, tu_rng *g, int32_t ox, horde_missing missing)
{
    for (int i = 0; i < 32; i++) {
        horde_chunk *c = &sw->c[i];
        const uint32_t kind = tu_below(g, 6);
        horde_chunk_clear(c);
        sw->p[i] = kind == 0 ? NULL : c;
        if (kind == 2)
            horde_chunk_fill(c);
        for (int j = 0, cnt = kind == 3 ? 1 + (int)tu_below(g, 12) : 0; j < cnt; j++)
            horde_chunk_set(c, (int)tu_below(g, 32), (int)tu_below(g, 32), (int)tu_below(g, 32), 1);
        if (kind == 4 || kind == 5) {
            const int top = (int)tu_below(g, 32);
            for (int y = 0; y < top; y++)
                for (int z = 0; z < 32; z++)
                    c->rows[y][z] = kind == 4 || (z & 3) ? 0xffffffffu : tu_next(g) & 0x0f0f0f0fu;
        }
    }
    horde_world_init(&sw->w, sw->p, ox, -1, ox, 4, 2, 4, missing);
}

/* A coordinate of the grid (block offset base, extent 128, -4 .. 132 to leave it too):
 * on a chunk border, within an ulp of one, on a block plane, or anywhere. */
static float skip_coord(tu_rng *g, float base, float lo, float hi)
{
    const float v = base + tu_uniform(g, lo, hi);
    switch (tu_below(g, 5)) {
    case 0: return base + 32.0f * floorf((v - base) / 32.0f);
    case 1: return rg_near(g, base + 32.0f * floorf((v - base) / 32.0f));
    case 2: return floorf(v);
    default: return v;
    }
}

static void skip_segment(tu_rng *g, const float base[3], float **p0, float **p1, size_t i)
{
    float a[3], b[3];
    for (int k = 0; k < 3; k++)
        a[k] = skip_coord(g, base[k], -4.0f, 132.0f), b[k] = skip_coord(g, base[k], -4.0f, 132.0f);
    a[1] = skip_coord(g, base[1], -36.0f, 36.0f), b[1] = skip_coord(g, base[1], -36.0f, 36.0f);
    const uint32_t kind = tu_below(g, 4);
    if (kind == 0) /* along a row's border: same integer y and z at both ends */
        a[1] = b[1] = floorf(a[1]), a[2] = b[2] = floorf(a[2]);
    else if (kind == 1) /* in a level's border plane */
        b[1] = a[1] = floorf(a[1]);
    else if (kind == 2) { /* along a chunk border plane of x or z */
        const int axis = 2 * (int)tu_below(g, 2);
        b[axis] = a[axis];
    }
    for (int k = 0; k < 3; k++)
        p0[k][i] = a[k], p1[k][i] = b[k];
}

/* Every backend's raycast and line of sight against the model on the skip worlds. */
static size_t skip_check(uint64_t seed, size_t items, float **p0, float **p1, answer *want, float *t,
                         int32_t *bx, int32_t *by, int32_t *bz, uint32_t *face, uint32_t *flags)
{
    static skip_world sw;
    tu_rng g = {seed ^ 0x736b6970ull};
    size_t hits = 0;
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < BATCH ? items - done : BATCH;
        const int32_t ox = pass % 3 == 2 ? ((pass / 3) % 2 ? -32768 : 32768 - 4) : -1;
        skip_world_build(&sw, &g, ox, pass % 2 ? HORDE_MISSING_SOLID : HORDE_MISSING_EMPTY);
        const float base[3] = {(float)(ox * 32), 0.0f, (float)(ox * 32)};
        for (size_t i = 0; i < n; i++) {
            skip_segment(&g, base, p0, p1, i);
            const float a[3] = {p0[0][i], p0[1][i], p0[2][i]}, b[3] = {p1[0][i], p1[1][i], p1[2][i]};
            model(&sw.w, a, b, &want[i]);
            hits += (want[i].flags & HORDE_FLAG_HIT) != 0;
        }
        TU_FOR_EACH_BACKEND(isa) {
            const horde_voxel_raycast_batch rb = {p0[0], p0[1], p0[2], p1[0], p1[1], p1[2], t, bx, by, bz,
                                                  face, flags, n};
            CHECK(horde_voxel_raycast_isa(isa, &sw.w, &rb) == HORDE_OK, "skip raycast status");
            size_t bad = 0;
            for (size_t i = 0; i < n; i++)
                bad += memcmp(&t[i], &want[i].t, 4) || bx[i] != want[i].b[0] || by[i] != want[i].b[1] ||
                       bz[i] != want[i].b[2] || face[i] != want[i].face || flags[i] != want[i].flags;
            CHECK(bad == 0, "skip worlds: raycast %s differs from the model on %zu of %zu (seed=%" PRIu64
                  " pass=%zu)", horde_isa_name(isa), bad, n, seed, pass);
            const horde_voxel_los_batch lb = {p0[0], p0[1], p0[2], p1[0], p1[1], p1[2], t, flags, n};
            CHECK(horde_voxel_los_isa(isa, &sw.w, &lb) == HORDE_OK, "skip los status");
            bad = 0;
            for (size_t i = 0; i < n; i++) {
                const int diff = memcmp(&t[i], &want[i].t, 4) || flags[i] != want[i].flags;
                if (diff && bad < 3)
                    fprintf(stderr, "SKIP MISMATCH los %s seed=%" PRIu64 " pass=%zu i=%zu\n  %a %a %a -> %a %a %a\n"
                            "  model t=%a flags %#x got t=%a flags %#x\n", horde_isa_name(isa), seed, pass, i,
                            p0[0][i], p0[1][i], p0[2][i], p1[0][i], p1[1][i], p1[2][i], want[i].t,
                            want[i].flags, t[i], flags[i]);
                bad += diff;
            }
            CHECK(bad == 0, "skip worlds: los %s differs from the model on %zu of %zu (seed=%" PRIu64
                  " pass=%zu)", horde_isa_name(isa), bad, n, seed, pass);
        }
        done += n;
    }
    return hits;
}

int main(int argc, char **argv)
{
    uint64_t seed = 20261203;
    size_t items;
    if (tu_seed_items_long_args(argc, argv, &seed, &items, 200000, 10000000))
        return 2;
    printf("property_voxel_raycast: seed=%" PRIu64 " segments per backend=%zu\n", seed, items);
    static float in[6][BATCH], t[BATCH];
    static int32_t bx[BATCH], by[BATCH], bz[BATCH];
    static uint32_t face[BATCH], flags[BATCH];
    static answer want[BATCH];
    float *p0[3] = {in[0], in[1], in[2]}, *p1[3] = {in[3], in[4], in[5]};
    tu_rng g = {seed};
    size_t hits = 0, inside = 0, invalid = 0, checked = 0;
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < BATCH ? items - done : BATCH;
        scene s;
        if (scene_build(&s, (scene_kind)(pass % SCENE_COUNT), seed + pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        horde_world w = s.world;
        float base[3] = {0.0f, 0.0f, 0.0f};
        if (pass % 3 == 2) {
            const int32_t cx = (pass / 3) % 2 ? -32768 : 32768 - SCENE_GX;
            horde_world_init(&w, s.ptrs, cx, -1, cx, SCENE_GX, SCENE_GY, SCENE_GZ, s.world.missing);
            base[0] = base[2] = (float)((cx + 1) * 32);
        }
        for (size_t i = 0; i < n; i++) {
            rg_segment(&g, base, -40.0f, 100.0f, p0, p1, i);
            const float a[3] = {p0[0][i], p0[1][i], p0[2][i]}, b[3] = {p1[0][i], p1[1][i], p1[2][i]};
            model(&w, a, b, &want[i]);
            hits += (want[i].flags & HORDE_FLAG_HIT) != 0;
            inside += (want[i].flags & HORDE_FLAG_STARTED_INSIDE) != 0;
            invalid += want[i].flags == HORDE_FLAG_INVALID;
        }
        TU_FOR_EACH_BACKEND(isa) {
            const horde_voxel_raycast_batch rb = {in[0], in[1], in[2], in[3], in[4], in[5], t, bx, by, bz,
                                                  face, flags, n};
            CHECK(horde_voxel_raycast_isa(isa, &w, &rb) == HORDE_OK, "raycast status");
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) {
                const answer *e = &want[i];
                const int same = !memcmp(&t[i], &e->t, 4) && bx[i] == e->b[0] && by[i] == e->b[1] &&
                                 bz[i] == e->b[2] && face[i] == e->face && flags[i] == e->flags;
                if (!same && bad++ < 3)
                    fprintf(stderr,
                            "MODEL MISMATCH raycast %s seed=%" PRIu64 " pass=%zu i=%zu\n  %a %a %a -> %a %a %a\n"
                            "  model t=%a b %d %d %d face %u flags %#x\n  got   t=%a b %d %d %d face %u flags %#x\n",
                            horde_isa_name(isa), seed, pass, i, in[0][i], in[1][i], in[2][i], in[3][i], in[4][i],
                            in[5][i], e->t, e->b[0], e->b[1], e->b[2], e->face, e->flags, t[i], bx[i], by[i],
                            bz[i], face[i], flags[i]);
            }
            CHECK(bad == 0, "raycast %s differs from the model on %zu of %zu (seed=%" PRIu64 ")",
                  horde_isa_name(isa), bad, n, seed);
            const horde_voxel_los_batch lb = {in[0], in[1], in[2], in[3], in[4], in[5], t, flags, n};
            CHECK(horde_voxel_los_isa(isa, &w, &lb) == HORDE_OK, "los status");
            bad = 0;
            for (size_t i = 0; i < n; i++)
                bad += memcmp(&t[i], &want[i].t, 4) || flags[i] != want[i].flags;
            CHECK(bad == 0, "los %s differs from the model on %zu of %zu (seed=%" PRIu64 ")",
                  horde_isa_name(isa), bad, n, seed);
            checked += n;
        }
        scene_free(&s);
        done += n;
    }
    printf("  %zu segment results checked; hits %zu (started inside %zu), invalid %zu of %zu\n", checked,
           hits, inside, invalid, items);
    const size_t skip_items = items / 2, skip_hits = skip_check(seed, skip_items, p0, p1, want, t, bx, by, bz,
                                                                face, flags);
    printf("  skip worlds: %zu segments per backend, hits %zu\n", skip_items, skip_hits);
    CHECK(skip_hits > skip_items / 8 && skip_hits < skip_items - skip_items / 8,
          "the skip worlds stopped mixing hits and misses");
    CHECK(hits > items / 8 && hits - inside > items / 16 && invalid > 0, "the aimed segments stopped hitting");
    return tu_finish("property_voxel_raycast");
}
