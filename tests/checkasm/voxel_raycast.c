/* SPDX-License-Identifier: MIT */
/* checkasm for horde_voxel_raycast, horde_voxel_los and horde_voxel_los_poles: every backend against the scalar
 * reference, bit for bit (t, block, face, flags), over the six test scenes, also viewed
 * just inside +-2^20, on random and aimed segments (ray_gen.h: grid lines, faces, edges
 * and corners, tiny direction components, ulps around faces, zero length, long segments
 * leaving the view, the limits, non-finite values), random batch sizes (every tail),
 * unaligned arrays and in-place calls (out_t over x0). The line of sight must equal the
 * raycast's t and flags. Invariants of the reference: t in [0, 1], HIT exactly when a
 * block is reported, t = 0 exactly with STARTED_INSIDE, the face is consistent, and the
 * reported block is solid. The line of sight with poles runs over random poles (and
 * poles changed after the grid's build) with half its segments aimed at them
 * (ray_gen.h); its reference must be the line of sight's answer except where a pole
 * blocks first.
 *
 * Run: checkasm --test=voxel_raycast | --test=voxel_los | --test=voxel_los_poles [--seed=N]
 * [--items=N] [--long]. */
#include <math.h>

#include "scene.h"
#include "checkasm.h"
#include "ray_gen.h"

/* in: x0 y0 z0 x1 y1 z1; out: t bx by bz face flags (all 4-byte arrays). */
typedef struct {
    float *in[6];
    uint32_t *out[6];
} rc_arrays;

static horde_voxel_raycast_batch rc_batch(rc_arrays *in, rc_arrays *out, size_t off, size_t n)
{
    horde_voxel_raycast_batch b = {in->in[0] + off, in->in[1] + off, in->in[2] + off,
                                   in->in[3] + off, in->in[4] + off, in->in[5] + off,
                                   (float *)out->out[0] + off, (int32_t *)out->out[1] + off,
                                   (int32_t *)out->out[2] + off, (int32_t *)out->out[3] + off,
                                   out->out[4] + off, out->out[5] + off, n};
    return b;
}
static horde_voxel_los_batch los_batch(rc_arrays *in, rc_arrays *out, size_t off, size_t n)
{
    horde_voxel_los_batch b = {in->in[0] + off, in->in[1] + off, in->in[2] + off,
                               in->in[3] + off, in->in[4] + off, in->in[5] + off,
                               (float *)out->out[0] + off, out->out[5] + off, n};
    return b;
}

static int call(int los, horde_isa isa, const horde_world *w, rc_arrays *in, rc_arrays *out,
                size_t off, size_t n)
{
    if (los) {
        const horde_voxel_los_batch b = los_batch(in, out, off, n);
        return horde_voxel_los_isa(isa, w, &b);
    }
    const horde_voxel_raycast_batch b = rc_batch(in, out, off, n);
    return horde_voxel_raycast_isa(isa, w, &b);
}

/* Which of the output arrays a kernel writes. */
static int writes(int los, int k) { return !los || k == 0 || k == 5; }

static void check_ref(const horde_world *w, rc_arrays *ref, size_t n, const char *scn, uint64_t seed)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        float t;
        memcpy(&t, &ref->out[0][i], 4);
        const uint32_t f = ref->out[5][i], face = ref->out[4][i];
        const int32_t bx = (int32_t)ref->out[1][i], by = (int32_t)ref->out[2][i], bz = (int32_t)ref->out[3][i];
        int ok = t >= 0.0f && t <= 1.0f;
        if (f & HORDE_FLAG_INVALID)
            ok &= f == HORDE_FLAG_INVALID && t == 1.0f && face == HORDE_NONE && !bx && !by && !bz;
        else if (f & HORDE_FLAG_HIT) {
            ok &= horde_world_solid(w, bx, by, bz);
            ok &= (t == 0.0f) == ((f & HORDE_FLAG_STARTED_INSIDE) != 0);
            ok &= (f & HORDE_FLAG_STARTED_INSIDE) ? face == HORDE_NONE : face <= 5;
        } else
            ok &= f == 0 && t == 1.0f && face == HORDE_NONE && !bx && !by && !bz;
        if (!ok && bad++ == 0)
            fprintf(stderr, "BAD REF seed=%" PRIu64 " scene=%s i=%zu t=%a flags=%#x face=%u block %d %d %d\n",
                    seed, scn, i, t, f, face, bx, by, bz);
    }
    CHECK(bad == 0, "reference invariants fail on %zu of %zu (seed=%" PRIu64 " scene=%s)", bad, n, seed, scn);
}

static int run(const checkasm_opts *opts, int los)
{
    const char *name = los ? "voxel_los" : "voxel_raycast";
    const uint64_t seed = opts->seed;
    const size_t items = opts->items;
    size_t per_isa[HORDE_ISA_COUNT] = {0};
    tu_rng g = {seed};
    printf("checkasm_%s: seed=%" PRIu64 " segments per backend=%zu\n", name, seed, items);
    const size_t chunk_n = 16384;
    rc_arrays in, ref, out, alias, rc;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&out, chunk_n);
    CA_ALLOC_ARRAYS(&alias, chunk_n), CA_ALLOC_ARRAYS(&rc, chunk_n);
    size_t done = 0, hits = 0;
    for (int pass = 0; done < items; pass++) {
        const scene_kind kind = (scene_kind)(pass % SCENE_COUNT);
        const size_t n = items - done < chunk_n ? items - done : chunk_n;
        scene s;
        if (scene_build(&s, kind, seed + (uint64_t)pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        horde_world w = s.world;
        float base[3] = {0.0f, 0.0f, 0.0f};
        char scn[64];
        snprintf(scn, sizeof scn, "%s", s.name);
        if (pass % 3 == 2) { /* just inside +-2^20 */
            const int sgn = (pass / 3) % 2 ? -1 : 1;
            const int32_t cx = sgn > 0 ? 32768 - SCENE_GX : -32768;
            horde_world_init(&w, s.ptrs, cx, -1, cx, SCENE_GX, SCENE_GY, SCENE_GZ, s.world.missing);
            base[0] = base[2] = (float)((cx + 1) * 32);
            snprintf(scn, sizeof scn, "%s@%s2^20", s.name, sgn > 0 ? "+" : "-");
        }
        /* One pass in four, unless it was moved to +-2^20, keeps every segment inside
         * the view, so every pack of eight lanes reads chunks of one allocation (the AVX2
         * walk's one-gather path); elsewhere most packs hold a lane in the view's stand-in
         * chunk, far from them. */
        const int inside = pass % 4 == 3 && pass % 3 != 2;
        for (size_t i = 0; i < n; i++) {
            rg_segment(&g, base, inside ? -24.0f : -40.0f, inside ? 24.0f : 100.0f, in.in, in.in + 3, i);
            for (int k = 0; inside && k < 6; k++)
                in.in[k][i] = fminf(fmaxf(in.in[k][i], -31.5f), 31.5f);
        }
        if (inside)
            snprintf(scn, sizeof scn, "%s@inside", s.name);
        CHECK(call(los, HORDE_ISA_SCALAR, &w, &in, &ref, 0, n) == HORDE_OK, "scalar status");
        if (los) { /* the line of sight is the raycast's t and flags */
            CHECK(call(0, HORDE_ISA_SCALAR, &w, &in, &rc, 0, n) == HORDE_OK, "raycast status");
            CHECK(!memcmp(rc.out[0], ref.out[0], n * 4) && !memcmp(rc.out[5], ref.out[5], n * 4),
                  "los differs from raycast (seed=%" PRIu64 " scene=%s)", seed, scn);
        } else {
            check_ref(&w, &ref, n, scn, seed);
        }
        for (size_t i = 0; i < n; i++)
            hits += (ref.out[5][i] & HORDE_FLAG_HIT) != 0;
        per_isa[HORDE_ISA_SCALAR] += n;
        TU_FOR_EACH_BACKEND(isa) if (isa != HORDE_ISA_SCALAR) {
            const char *nm = horde_isa_name(isa);
            for (int k = 0; k < 6; k++)
                ca_poison(out.out[k], n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 70, 5000);
                CHECK(call(los, isa, &w, &in, &out, off, len) == HORDE_OK, "%s status", nm);
                off += len;
            }
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) {
                int same = 1;
                for (int k = 0; k < 6; k++)
                    same &= !writes(los, k) || out.out[k][i] == ref.out[k][i];
                if (!same && bad++ == 0)
                    fprintf(stderr,
                            "MISMATCH %s seed=%" PRIu64 " scene=%s isa=%s i=%zu\n  in %a %a %a -> %a %a %a\n"
                            "  ref t=%#x b %d %d %d face %u flags %#x\n  new t=%#x b %d %d %d face %u flags %#x\n",
                            name, seed, scn, nm, i, in.in[0][i], in.in[1][i], in.in[2][i], in.in[3][i],
                            in.in[4][i], in.in[5][i], ref.out[0][i], (int)ref.out[1][i], (int)ref.out[2][i],
                            (int)ref.out[3][i], ref.out[4][i], ref.out[5][i], out.out[0][i], (int)out.out[1][i],
                            (int)out.out[2][i], (int)out.out[3][i], out.out[4][i], out.out[5][i]);
            }
            CHECK(bad == 0, "%s: %s differs from scalar on %zu of %zu (seed=%" PRIu64 " scene=%s)", name, nm,
                  bad, n, seed, scn);
            /* In place: t written over x0. */
            const size_t m = n < 2000 ? n : 2000;
            for (int k = 0; k < 6; k++)
                memcpy(alias.in[k], in.in[k], m * 4);
            rc_arrays al = alias;
            al.out[0] = (uint32_t *)alias.in[0];
            CHECK(call(los, isa, &w, &alias, &al, 0, m) == HORDE_OK, "%s in place status", nm);
            CHECK(!memcmp(al.out[0], ref.out[0], m * 4) && !memcmp(al.out[5], ref.out[5], m * 4),
                  "%s in place: %s differs (seed=%" PRIu64 ")", name, nm, seed);
            per_isa[isa] += n;
        }
        scene_free(&s);
        done += n;
    }
    CA_COVERAGE(items, hits > items / 8 && hits < items - items / 8, "%s: hits %zu of %zu: the scenes stopped mixing hits and misses",
          name, hits, items);
    ca_summary(per_isa, "segments");
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&out), CA_FREE_ARRAYS(&alias), CA_FREE_ARRAYS(&rc);
    return 0;
}

CHECKASM_TEST(voxel_raycast)
{
    if (run(opts, 0))
        return 2;
    return tu_finish("checkasm_voxel_raycast");
}

CHECKASM_TEST(voxel_los)
{
    if (run(opts, 1))
        return 2;
    return tu_finish("checkasm_voxel_los");
}

/* The poles of a pass: n valid-or-not poles around base, the grid over them (cell
 * 0.5 .. 8), and in one pass of four the arrays changed after the build (a few poles made
 * invalid, the count cut) so that entries name no valid pole. */
typedef struct pole_set {
    float *v[5];
    horde_poles hp;
    horde_pole_grid grid;
    void *scratch;
} pole_set;

static int pole_set_make(pole_set *P, tu_rng *g, const float base[3], size_t n, int change)
{
    for (int k = 0; k < 5; k++)
        if (!(P->v[k] = malloc((n + 1) * sizeof(float))))
            return 1;
    for (size_t j = 0; j < n; j++) {
        float v[5];
        rg_pole(g, base, -40.0f, 100.0f, v);
        for (int k = 0; k < 5; k++)
            P->v[k][j] = v[k];
    }
    const horde_poles hp = {P->v[0], P->v[1], P->v[2], P->v[3], P->v[4], n};
    P->hp = hp;
    static const float cells[] = {0.5f, 1.0f, 2.0f, 4.0f, 8.0f};
    const float cell = cells[tu_below(g, 5)];
    const size_t bytes = horde_pole_grid_scratch_bytes(&P->hp, cell);
    if (!bytes || !(P->scratch = malloc(bytes)) || horde_pole_grid_build(&P->grid, &P->hp, cell, P->scratch, bytes))
        return 1;
    if (change) {
        for (size_t j = 0; j < n; j += 7)
            P->v[tu_below(g, 3) ? 3 : 2][j] = tu_below(g, 2) ? NAN : -2.0f; /* bottom or r: NaN or -2 */
        P->hp.n = n - n / 8;
    }
    return 0;
}

static void pole_set_free(pole_set *P)
{
    for (int k = 0; k < 5; k++)
        free(P->v[k]);
    free(P->scratch);
}

static int call_poles(horde_isa isa, const horde_world *w, const pole_set *P, rc_arrays *in, rc_arrays *out,
                      size_t off, size_t n)
{
    const horde_voxel_los_poles_batch b = {in->in[0] + off, in->in[1] + off, in->in[2] + off,
                                           in->in[3] + off, in->in[4] + off, in->in[5] + off,
                                           (float *)out->out[0] + off, out->out[5] + off, n};
    return horde_voxel_los_poles_isa(isa, w, &P->grid, &P->hp, &b);
}

/* The reference against the line of sight (los): its answer, or a pole's before it. */
static size_t check_poles_ref(const rc_arrays *ref, const rc_arrays *los, size_t n, size_t *pole_hits)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        float t, tv;
        memcpy(&t, &ref->out[0][i], 4), memcpy(&tv, &los->out[0][i], 4);
        const uint32_t f = ref->out[5][i], fv = los->out[5][i];
        int ok;
        if (f & HORDE_FLAG_POLE) {
            ok = f == (HORDE_FLAG_HIT | HORDE_FLAG_POLE | (t == 0.0f ? HORDE_FLAG_STARTED_INSIDE : 0u));
            ok &= t >= 0.0f && t <= 1.0f && (!(fv & HORDE_FLAG_HIT) || t < tv);
            ++*pole_hits;
        } else {
            ok = f == fv && ref->out[0][i] == los->out[0][i];
        }
        if (!ok && bad++ == 0)
            fprintf(stderr, "BAD REF i=%zu t=%a flags=%#x (line of sight t=%a flags=%#x)\n", i, t, f, tv, fv);
    }
    return bad;
}

static int run_poles(const checkasm_opts *opts)
{
    const uint64_t seed = opts->seed;
    const size_t items = opts->items;
    size_t per_isa[HORDE_ISA_COUNT] = {0};
    tu_rng g = {seed};
    printf("checkasm_voxel_los_poles: seed=%" PRIu64 " segments per backend=%zu\n", seed, items);
    const size_t chunk_n = 16384;
    rc_arrays in, ref, out, alias, los;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&out, chunk_n);
    CA_ALLOC_ARRAYS(&alias, chunk_n), CA_ALLOC_ARRAYS(&los, chunk_n);
    size_t done = 0, pole_hits = 0;
    for (int pass = 0; done < items; pass++) {
        const size_t n = items - done < chunk_n ? items - done : chunk_n;
        scene s;
        pole_set P;
        memset(&P, 0, sizeof P);
        const float base[3] = {0.0f, 0.0f, 0.0f};
        const size_t np = 1 + tu_below(&g, 3000);
        if (scene_build(&s, (scene_kind)(pass % SCENE_COUNT), seed + (uint64_t)pass) ||
            pole_set_make(&P, &g, base, np, pass % 4 == 3)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        const horde_world w = s.world;
        for (size_t i = 0; i < n; i++) {
            const size_t j = tu_below(&g, (uint32_t)np);
            if (tu_below(&g, 2)) {
                const float v[5] = {P.v[0][j], P.v[1][j], P.v[2][j], P.v[3][j], P.v[4][j]};
                rg_segment_at_pole(&g, v, in.in, in.in + 3, i);
            } else {
                float b[3] = {0.0f, 0.0f, 0.0f};
                rg_segment(&g, b, -40.0f, 100.0f, in.in, in.in + 3, i);
            }
        }
        CHECK(call_poles(HORDE_ISA_SCALAR, &w, &P, &in, &ref, 0, n) == HORDE_OK, "scalar status");
        CHECK(call(1, HORDE_ISA_SCALAR, &w, &in, &los, 0, n) == HORDE_OK, "los status");
        const size_t badref = check_poles_ref(&ref, &los, n, &pole_hits);
        CHECK(badref == 0, "reference invariants fail on %zu of %zu (seed=%" PRIu64 " scene=%s)", badref, n, seed,
              s.name);
        per_isa[HORDE_ISA_SCALAR] += n;
        TU_FOR_EACH_BACKEND(isa) if (isa != HORDE_ISA_SCALAR) {
            const char *nm = horde_isa_name(isa);
            ca_poison(out.out[0], n), ca_poison(out.out[5], n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 70, 5000);
                CHECK(call_poles(isa, &w, &P, &in, &out, off, len) == HORDE_OK, "%s status", nm);
                off += len;
            }
            size_t bad = 0;
            for (size_t i = 0; i < n; i++)
                if ((out.out[0][i] != ref.out[0][i] || out.out[5][i] != ref.out[5][i]) && bad++ == 0)
                    fprintf(stderr,
                            "MISMATCH voxel_los_poles seed=%" PRIu64 " scene=%s isa=%s i=%zu\n  in %a %a %a -> %a %a %a\n"
                            "  ref t=%#x flags %#x\n  new t=%#x flags %#x\n",
                            seed, s.name, nm, i, in.in[0][i], in.in[1][i], in.in[2][i], in.in[3][i], in.in[4][i],
                            in.in[5][i], ref.out[0][i], ref.out[5][i], out.out[0][i], out.out[5][i]);
            CHECK(bad == 0, "voxel_los_poles: %s differs from scalar on %zu of %zu (seed=%" PRIu64 " scene=%s)", nm,
                  bad, n, seed, s.name);
            const size_t m = n < 2000 ? n : 2000; /* in place: t over x0 */
            for (int k = 0; k < 6; k++)
                memcpy(alias.in[k], in.in[k], m * 4);
            rc_arrays al = alias;
            al.out[0] = (uint32_t *)alias.in[0];
            CHECK(call_poles(isa, &w, &P, &alias, &al, 0, m) == HORDE_OK, "%s in place status", nm);
            CHECK(!memcmp(al.out[0], ref.out[0], m * 4) && !memcmp(al.out[5], ref.out[5], m * 4),
                  "voxel_los_poles in place: %s differs (seed=%" PRIu64 ")", nm, seed);
            per_isa[isa] += n;
        }
        pole_set_free(&P);
        scene_free(&s);
        done += n;
    }
    CA_COVERAGE(items, pole_hits > items / 20 && pole_hits < items / 2,
                "voxel_los_poles: poles first on %zu of %zu: the poles stopped mixing with the blocks", pole_hits,
                items);
    ca_summary(per_isa, "segments");
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&out), CA_FREE_ARRAYS(&alias), CA_FREE_ARRAYS(&los);
    return 0;
}

CHECKASM_TEST(voxel_los_poles)
{
    if (run_poles(opts))
        return 2;
    return tu_finish("checkasm_voxel_los_poles");
}
