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

int main(int argc, char **argv)
{
    uint64_t seed = 20261203;
    size_t items = tu_items(200000);
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--seed=", 7))
            seed = strtoull(argv[i] + 7, NULL, 0);
        else if (!strncmp(argv[i], "--items=", 8))
            items = strtoull(argv[i] + 8, NULL, 0);
        else if (!strcmp(argv[i], "--long"))
            items = 10000000;
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--items=N] [--long]\n", argv[0]);
            return 2;
        }
    }
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
    CHECK(hits > items / 8 && hits - inside > items / 16 && invalid > 0, "the aimed segments stopped hitting");
    return tu_finish("property_voxel_raycast");
}
