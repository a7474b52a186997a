/* SPDX-License-Identifier: MIT */
/* checkasm-style equality and property test for horde_point_move: every backend against
 * the scalar reference (memcmp on positions, displacements and flags) over the six test
 * scenes, also viewed at coordinates near +-2^20 (where the skin rounds away), several
 * parameter sets (defaults, short steps, skin 0 / 0.25, max_substeps 1 .. 599), random
 * and aimed points (on faces and grid lines, one ulp off them, chunk borders, block
 * centres, starts inside solid blocks, coordinates exactly at +-HORDE_POINT_MOVE_MAX_COORD),
 * zero, tiny, face-aligned, long and absurd displacements, invalid values, random batch
 * sizes (every tail), unaligned arrays, in-place calls and the optional displacement
 * outputs left NULL.
 *
 * Properties, checked on the reference output of every move: nothing becomes NaN; a
 * point that starts in a free block ends in a free block and is never STUCK; STUCK
 * happens exactly when the start block and all 26 neighbours are solid, and leaves the
 * point at its start; the displacement made is out - in; flags are consistent. And the
 * reference itself is compared with an independent model written from point_move.h.
 *
 * Run: checkasm --test=point_move [--seed=N] [--items=N] [--long] (checkasm.h).
 * A failure prints the seed, scene, backend and the offending point in hex floats. */
#include "scene.h"
#include "checkasm.h"

/* f[0..5]: x y z dx dy dz (inputs); f[6..11]: out x y z dx dy dz. */
enum { NF = 12, NARR = NF + 1 };
typedef struct {
    float *f[NF];
    uint32_t *flags;
} arrays;

static horde_point_move_batch batch_of(arrays *in, arrays *out, size_t off, size_t n, int with_d)
{
    horde_point_move_batch b = {in->f[0] + off, in->f[1] + off, in->f[2] + off,
                                in->f[3] + off, in->f[4] + off, in->f[5] + off,
                                out->f[6] + off, out->f[7] + off, out->f[8] + off,
                                with_d ? out->f[9] + off : NULL, with_d ? out->f[10] + off : NULL,
                                with_d ? out->f[11] + off : NULL, out->flags + off, n};
    return b;
}

static float pick_disp(tu_rng *g)
{
    const uint32_t u = tu_below(g, 1000);
    if (u < 120)
        return 0.0f;
    if (u < 200)
        return tu_uniform(g, -0.01f, 0.01f);
    if (u < 300)
        return tu_uniform(g, -3.0f, 3.0f);
    if (u < 320)
        return tu_uniform(g, -40.0f, 40.0f); /* long: many substeps or truncation */
    if (u < 325)
        return u & 1 ? 3e30f : -3e7f; /* absurd: truncated */
    if (u < 360) { /* exact multiples of the default step, and +-0 */
        static const float e[] = {0.4f, -0.4f, 0.8f, -1.2f, 1.0f, -1.0f, 0.5f, -0.0f};
        return e[tu_below(g, 8)];
    }
    return tu_uniform(g, -0.45f, 0.45f); /* a frame of walking or falling */
}

/* A coordinate in [lo, hi): random, or snapped onto / one ulp off a grid line. */
static float pick_coord(tu_rng *g, float lo, float hi, float base)
{
    const float v = tu_uniform(g, lo, hi), k = floorf(v);
    switch (tu_below(g, 11)) {
    case 8: return base == 0.0f ? -0.0f : base; /* -0: on the face at 0, tied with +0 */
    case 0: return base + k;
    case 1: return base + k + 0.5f;
    case 2: return nextafterf(base + k, -INFINITY);
    case 3: return nextafterf(base + k, INFINITY);
    case 4: return base + 32.0f * floorf(k / 32.0f); /* chunk border */
    case 5: return nextafterf(base + 32.0f * floorf(k / 32.0f), -INFINITY);
    case 6: return base + k + 1.0f / 1024.0f; /* where the skin puts corrected points */
    case 7: return base + k - 1.0f / 1024.0f;
    default: return base + v;
    }
}

static float bad_value(tu_rng *g)
{
    static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, 1048577.0f, -1048704.0f, 1e30f,
                                -3e38f};
    return bad[tu_below(g, sizeof bad / sizeof bad[0])];
}

/* mode 0 random, 1 snapped, 2 snapped + invalid values, 3 face-aligned moves. */
static void gen(tu_rng *g, int mode, size_t n, arrays *a, const float base[3])
{
    for (size_t i = 0; i < n; i++) {
        float *x = &a->f[0][i], *y = &a->f[1][i], *z = &a->f[2][i];
        float *d = &a->f[3][i];
        if (mode == 0) {
            *x = base[0] + tu_uniform(g, SCENE_MIN_X - 3, SCENE_MAX_X + 3);
            *y = base[1] + tu_uniform(g, -6.0f, 8.0f);
            *z = base[2] + tu_uniform(g, SCENE_MIN_X - 3, SCENE_MAX_X + 3);
        } else {
            *x = pick_coord(g, SCENE_MIN_X - 3, SCENE_MAX_X + 3, base[0]);
            *y = pick_coord(g, -6.0f, 8.0f, base[1]);
            *z = pick_coord(g, SCENE_MIN_X - 3, SCENE_MAX_X + 3, base[2]);
        }
        for (int c = 0; c < 3; c++)
            a->f[3 + c][i] = pick_disp(g);
        if (mode == 3) /* along a face: one or two axes still */
            for (int c = 0; c < 3; c++)
                if (tu_below(g, 2))
                    a->f[3 + c][i] = 0.0f;
        if (mode == 2 && tu_below(g, 16) == 0) {
            float *f[6] = {x, y, z, &d[0], &a->f[4][i], &a->f[5][i]};
            *f[tu_below(g, 6)] = bad_value(g);
        } else if (mode == 2 && tu_below(g, 32) == 0) { /* exactly at the limit: valid */
            float *f[3] = {x, y, z};
            *f[tu_below(g, 3)] =
                tu_below(g, 2) ? HORDE_POINT_MOVE_MAX_COORD : -HORDE_POINT_MOVE_MAX_COORD;
        }
    }
}

/* ---- independent model of point_move.h (plain loops over horde_world_solid) ---------- */

static int solid_at(const horde_world *w, float x, float y, float z)
{
    return horde_world_solid(w, (int32_t)floorf(x), (int32_t)floorf(y), (int32_t)floorf(z));
}

/* Returns 0 if stuck. */
static int model_correct(const horde_world *w, float skin, float p[3], uint32_t *flags)
{
    const float fb[3] = {floorf(p[0]), floorf(p[1]), floorf(p[2])};
    if (!horde_world_solid(w, (int32_t)fb[0], (int32_t)fb[1], (int32_t)fb[2]))
        return 1;
    float best = INFINITY;
    int sel[3] = {0, 0, 0}, found = 0;
    const int order[3] = {0, 2, 1}; /* loops: x outer, z, y inner */
    int i[3];
    for (i[order[0]] = -1; i[order[0]] <= 1; i[order[0]]++)
        for (i[order[1]] = -1; i[order[1]] <= 1; i[order[1]]++)
            for (i[order[2]] = -1; i[order[2]] <= 1; i[order[2]]++) {
                if (!i[0] && !i[1] && !i[2])
                    continue;
                if (horde_world_solid(w, (int32_t)fb[0] + i[0], (int32_t)fb[1] + i[1],
                                      (int32_t)fb[2] + i[2]))
                    continue;
                float d = -1.0f;
                int axes = 0;
                for (int a = 0; a < 3; a++)
                    if (i[a]) {
                        const float da = i[a] < 0 ? p[a] - fb[a] : (fb[a] + 1.0f) - p[a];
                        d = da > d ? da : d;
                        axes++;
                    }
                d = axes == 1 ? d : d + (axes == 2 ? 0.01f : 0.02f);
                if (d < best)
                    best = d, found = 1, memcpy(sel, i, sizeof sel);
            }
    if (!found)
        return 0;
    for (int a = 0; a < 3; a++) {
        if (sel[a] > 0)
            p[a] = (fb[a] + 1.0f) + skin;
        if (sel[a] < 0) {
            p[a] = fb[a] - skin;
            if (!(p[a] < fb[a]))
                p[a] = nextafterf(fb[a], -INFINITY);
        }
    }
    *flags |= HORDE_FLAG_COLLIDED | (sel[0] || sel[2] ? HORDE_FLAG_HIT_WALL : 0u) |
              (sel[1] > 0 ? HORDE_FLAG_ON_GROUND : 0u) | (sel[1] < 0 ? HORDE_FLAG_HIT_CEILING : 0u);
    return 1;
}

static void model_move(const horde_world *w, const horde_point_move_params *prm, const float in[6],
                       float out[3], uint32_t *flags)
{
    float d[3] = {in[3], in[4], in[5]};
    float p[3] = {in[0], in[1], in[2]};
    *flags = 0;
    const float m = fmaxf(fmaxf(fabsf(d[0]), fabsf(d[1])), fabsf(d[2]));
    const float q = m / prm->step, ms = (float)prm->max_substeps;
    long k;
    if (!(q > ms)) {
        k = (long)ceilf(q);
    } else {
        const float s = ms * prm->step / m;
        for (int a = 0; a < 3; a++)
            d[a] *= s;
        k = (long)prm->max_substeps;
        *flags = HORDE_FLAG_TRUNCATED;
    }
    if (!model_correct(w, prm->skin, p, flags)) {
        *flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
        k = 0;
    }
    for (long s = 0; s < k; s++) {
        float n[3];
        for (int a = 0; a < 3; a++)
            n[a] = p[a] + d[a] / (float)k;
        if (!model_correct(w, prm->skin, n, flags)) {
            *flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
            break;
        }
        memcpy(p, n, sizeof p);
    }
    memcpy(out, p, sizeof p);
}

static int all_neighbours_solid(const horde_world *w, float x, float y, float z)
{
    const int32_t bx = (int32_t)floorf(x), by = (int32_t)floorf(y), bz = (int32_t)floorf(z);
    for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
            for (int k = -1; k <= 1; k++)
                if (!horde_world_solid(w, bx + i, by + j, bz + k))
                    return 0;
    return 1;
}

/* Rounding allowed on a free move: a few ulps per substep. */
static float tol(float c, float d, float m, const horde_point_move_params *prm)
{
    return (m / prm->step + 2.0f) * (fabsf(c) + fabsf(d) + 1.0f) * 0x1p-22f;
}

static size_t n_collided, n_stuck, n_trunc, n_started_solid, n_model;

/* Properties of the reference's output (they then hold for every backend: equal bits). */
static void check_props(const horde_world *w, const horde_point_move_params *prm, arrays *a,
                        size_t n, uint64_t seed, const char *sc, int with_model)
{
    const uint32_t acc = HORDE_FLAG_HIT_WALL | HORDE_FLAG_ON_GROUND | HORDE_FLAG_HIT_CEILING;
    for (size_t i = 0; i < n; i++) {
        const float x = a->f[0][i], y = a->f[1][i], z = a->f[2][i];
        const float dx = a->f[3][i], dy = a->f[4][i], dz = a->f[5][i];
        const float ox = a->f[6][i], oy = a->f[7][i], oz = a->f[8][i];
        const uint32_t f = a->flags[i];
        const int valid = fabsf(x) <= 1048576.0f && fabsf(y) <= 1048576.0f &&
                          fabsf(z) <= 1048576.0f && isfinite(dx) && isfinite(dy) && isfinite(dz);
        int ok;
        const char *why = "";
        if (!valid) {
            ok = f == HORDE_FLAG_INVALID && ca_bits(ox) == ca_bits(x) && ca_bits(oy) == ca_bits(y) &&
                 ca_bits(oz) == ca_bits(z) && ca_bits(a->f[9][i]) == 0 && ca_bits(a->f[10][i]) == 0 &&
                 ca_bits(a->f[11][i]) == 0;
            why = "invalid lane";
        } else {
            const int start_solid = solid_at(w, x, y, z);
            const float m = fmaxf(fmaxf(fabsf(dx), fabsf(dy)), fabsf(dz));
            const int stuck = (f & HORDE_FLAG_STUCK) != 0;
            n_started_solid += start_solid;
            n_collided += (f & HORDE_FLAG_COLLIDED) != 0;
            n_stuck += stuck;
            n_trunc += (f & HORDE_FLAG_TRUNCATED) != 0;
            ok = 1;
            if (isnan(ox) || isnan(oy) || isnan(oz) || isinf(ox) || isinf(oy) || isinf(oz))
                ok = 0, why = "NaN/Inf output";
            else if (!start_solid && (stuck || solid_at(w, ox, oy, oz)))
                ok = 0, why = "started free, ended in a solid block or stuck";
            else if (stuck != (start_solid && all_neighbours_solid(w, x, y, z)))
                ok = 0, why = "STUCK not exactly 'start and all 26 neighbours solid'";
            else if (stuck && (ca_bits(ox) != ca_bits(x) || ca_bits(oy) != ca_bits(y) || ca_bits(oz) != ca_bits(z)))
                ok = 0, why = "stuck point moved";
            else if (!stuck && solid_at(w, ox, oy, oz))
                ok = 0, why = "ended in a solid block";
            else if (ca_bits(a->f[9][i]) != ca_bits(ox - x) || ca_bits(a->f[10][i]) != ca_bits(oy - y) ||
                     ca_bits(a->f[11][i]) != ca_bits(oz - z))
                ok = 0, why = "displacement made is not out - in";
            else if ((f & ~(acc | HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK | HORDE_FLAG_TRUNCATED)) ||
                     (!!(f & HORDE_FLAG_COLLIDED) != !!(f & (acc | HORDE_FLAG_STUCK))) ||
                     (start_solid && !(f & HORDE_FLAG_COLLIDED)))
                ok = 0, why = "inconsistent flags";
            else if (!(f & (HORDE_FLAG_COLLIDED | HORDE_FLAG_TRUNCATED)) &&
                     !(fabsf(ox - (x + dx)) <= tol(x, dx, m, prm) &&
                       fabsf(oy - (y + dy)) <= tol(y, dy, m, prm) &&
                       fabsf(oz - (z + dz)) <= tol(z, dz, m, prm)))
                ok = 0, why = "free move did not arrive at start + displacement";
            if (ok && with_model) {
                const float in6[6] = {x, y, z, dx, dy, dz};
                float mo[3];
                uint32_t mf;
                model_move(w, prm, in6, mo, &mf);
                n_model++;
                if (ca_bits(mo[0]) != ca_bits(ox) || ca_bits(mo[1]) != ca_bits(oy) ||
                    ca_bits(mo[2]) != ca_bits(oz) || mf != f)
                    ok = 0, why = "reference differs from the independent model";
            }
        }
        CHECK(ok, "%s: seed=%" PRIu64 " scene=%s i=%zu step=%a skin=%a max_substeps=%u\n"
                  "  in  %a %a %a d %a %a %a\n  out %a %a %a flags=%#x",
              why, seed, sc, i, prm->step, prm->skin, prm->max_substeps, x, y, z, dx, dy, dz, ox,
              oy, oz, f);
        if (!ok && tu_failures > 20)
            exit(tu_finish("checkasm_point_move"));
    }
}

static horde_point_move_params pick_params(tu_rng *g, int pass)
{
    horde_point_move_params p;
    horde_point_move_params_default(&p);
    switch (pass % 5) {
    case 0: break; /* defaults */
    case 1: p.step = tu_uniform(g, 0.02f, 0.4f), p.skin = 0.0f; break;
    case 2: p.skin = 0.25f, p.max_substeps = 1 + tu_below(g, 4); break;
    case 3: p.step = 0.4f, p.skin = tu_uniform(g, 0.0f, 0.25f), p.max_substeps = 200 + tu_below(g, 400); break;
    default: p.step = 0.1f, p.skin = 0x1p-20f, p.max_substeps = 1 + tu_below(g, 200); break;
    }
    return p;
}

/* The property run: `moves` random moves (random points, the random
 * displacement mix, default parameters) in the 30 % random world on EVERY backend, each
 * backend's own output checked: nothing becomes NaN, a point that starts free ends free. */
static void prop_random_world(uint64_t seed, size_t moves, arrays *in, arrays *out, size_t chunk_n)
{
    scene s;
    if (scene_build(&s, SCENE_RANDOM, seed ^ 0x5eedull)) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    horde_point_move_params prm;
    horde_point_move_params_default(&prm);
    const float base[3] = {0.0f, 0.0f, 0.0f};
    TU_FOR_EACH_BACKEND(isa) {
        tu_rng g = {seed ^ 0x9a9aull}; /* the same moves for every backend */
        size_t started_free = 0;
        for (size_t done = 0; done < moves;) {
            const size_t n = moves - done < chunk_n ? moves - done : chunk_n;
            gen(&g, 0, n, in, base);
            horde_point_move_batch b = batch_of(in, out, 0, n, 1);
            CHECK(horde_point_move_isa((horde_isa)isa, &s.world, &prm, &b) == HORDE_OK, "status");
            for (size_t i = 0; i < n; i++) {
                const float ox = out->f[6][i], oy = out->f[7][i], oz = out->f[8][i];
                const int free0 = !solid_at(&s.world, in->f[0][i], in->f[1][i], in->f[2][i]);
                started_free += free0;
                const int ok = !isnan(ox) && !isnan(oy) && !isnan(oz) &&
                               (!free0 || !solid_at(&s.world, ox, oy, oz));
                CHECK(ok, "random world, %s: seed=%" PRIu64 " in %a %a %a d %a %a %a out %a %a %a "
                          "flags %#x", horde_isa_name((horde_isa)isa), seed, in->f[0][i],
                      in->f[1][i], in->f[2][i], in->f[3][i], in->f[4][i], in->f[5][i], ox, oy, oz,
                      out->flags[i]);
                if (!ok && tu_failures > 20)
                    exit(tu_finish("checkasm_point_move"));
            }
            done += n;
        }
        printf("  %-6s %zu random moves in the random world (%zu started free): none ended in a "
               "solid block from a free start, none NaN\n", horde_isa_name((horde_isa)isa), moves,
               started_free);
    }
    scene_free(&s);
}

CHECKASM_TEST(point_move)
{
    CA_BEGIN(point_move, moves);

    const size_t chunk_n = 32768;
    arrays in, ref, out, alias;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&out, chunk_n);
    CA_ALLOC_ARRAYS(&alias, chunk_n);
    size_t done = 0;
    for (int pass = 0; done < moves; pass++) {
        const scene_kind kind = (scene_kind)(pass % SCENE_COUNT);
        const int mode = (pass / SCENE_COUNT) % 4;
        const size_t n = moves - done < chunk_n ? moves - done : chunk_n;
        scene s;
        if (scene_build(&s, kind, seed + (uint64_t)pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        /* Every third pass views the scene just below +2^20 or just above -2^20, where
         * one ulp is 1/8 and the skin rounds away. */
        horde_world w = s.world;
        float base[3] = {0.0f, 0.0f, 0.0f};
        char scn[64];
        snprintf(scn, sizeof scn, "%s", s.name);
        if (pass % 3 == 2) {
            const int sgn = (pass / 3) % 2 ? -1 : 1;
            const int32_t cx = sgn > 0 ? 32768 - SCENE_GX : -32768; /* chunk origin */
            horde_world_init(&w, s.ptrs, cx, -1, cx, SCENE_GX, SCENE_GY, SCENE_GZ,
                             s.world.missing);
            base[0] = base[2] = (float)((cx + 1) * 32);
            snprintf(scn, sizeof scn, "%s@%s2^20", s.name, sgn > 0 ? "+" : "-");
        }
        const horde_point_move_params prm = pick_params(&g, pass);
        gen(&g, mode, n, &in, base);
        horde_point_move_batch rb = batch_of(&in, &ref, 0, n, 1);
        int st = horde_point_move_isa(HORDE_ISA_SCALAR, &w, &prm, &rb);
        CHECK(st == HORDE_OK, "scalar returned %d", st);
        {
            /* Properties read inputs from in and outputs from ref. */
            arrays view = in;
            for (int c = 6; c < NF; c++)
                view.f[c] = ref.f[c];
            view.flags = ref.flags;
            check_props(&w, &prm, &view, n, seed, scn, pass % 4 == 0);
        }
        per_isa[HORDE_ISA_SCALAR] += n;

        TU_FOR_EACH_BACKEND(isa) if (isa != HORDE_ISA_SCALAR) {
            const char *nm = horde_isa_name((horde_isa)isa);
            for (int c = 6; c < NF; c++)
                ca_poison(out.f[c], n);
            ca_poison(out.flags, n);
            for (size_t off = 0; off < n;) { /* random batch sizes: every tail length */
                const size_t len = ca_sub_batch(&g, n - off, 70, 5000);
                horde_point_move_batch b = batch_of(&in, &out, off, len, 1);
                st = horde_point_move_isa((horde_isa)isa, &w, &prm, &b);
                CHECK(st == HORDE_OK, "%s returned %d", nm, st);
                off += len;
            }
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) {
                int same = out.flags[i] == ref.flags[i];
                for (int c = 6; c < NF; c++)
                    same &= ca_bits(out.f[c][i]) == ca_bits(ref.f[c][i]);
                if (!same && bad++ == 0)
                    fprintf(stderr,
                            "MISMATCH seed=%" PRIu64 " scene=%s isa=%s i=%zu step=%a skin=%a "
                            "max_substeps=%u\n  in  %a %a %a d %a %a %a\n"
                            "  ref %a %a %a d %a %a %a flags=%#x\n  new %a %a %a d %a %a %a flags=%#x\n",
                            seed, scn, nm, i, prm.step, prm.skin, prm.max_substeps, in.f[0][i],
                            in.f[1][i], in.f[2][i], in.f[3][i], in.f[4][i], in.f[5][i],
                            ref.f[6][i], ref.f[7][i], ref.f[8][i], ref.f[9][i], ref.f[10][i],
                            ref.f[11][i], ref.flags[i], out.f[6][i], out.f[7][i], out.f[8][i],
                            out.f[9][i], out.f[10][i], out.f[11][i], out.flags[i]);
            }
            CHECK(bad == 0, "%s differs from scalar on %zu of %zu moves (seed=%" PRIu64 " scene=%s)",
                  nm, bad, n, seed, scn);

            /* In place on a slice (outputs alias inputs), displacement outputs NULL on
             * another: same bits. */
            const size_t m = n < 2000 ? n : 2000;
            for (int c = 0; c < 6; c++)
                memcpy(alias.f[c], in.f[c], m * 4);
            horde_point_move_batch ab = {alias.f[0], alias.f[1], alias.f[2], alias.f[3],
                                         alias.f[4], alias.f[5], alias.f[0], alias.f[1],
                                         alias.f[2], alias.f[3], alias.f[4], alias.f[5],
                                         alias.flags, m};
            horde_point_move_isa((horde_isa)isa, &w, &prm, &ab);
            int same = !memcmp(alias.flags, ref.flags, m * 4);
            for (int c = 0; c < 6; c++)
                same &= !memcmp(alias.f[c], ref.f[6 + c], m * 4);
            CHECK(same, "in-place %s differs (seed=%" PRIu64 " scene=%s)", nm, seed, scn);
            horde_point_move_batch nb = batch_of(&in, &alias, 0, m, 0);
            horde_point_move_isa((horde_isa)isa, &w, &prm, &nb);
            CHECK(!memcmp(alias.f[6], ref.f[6], m * 4) && !memcmp(alias.f[7], ref.f[7], m * 4) &&
                      !memcmp(alias.f[8], ref.f[8], m * 4) && !memcmp(alias.flags, ref.flags, m * 4),
                  "%s without displacement outputs differs (seed=%" PRIu64 " scene=%s)", nm, seed,
                  scn);
            per_isa[isa] += n;
        }
        scene_free(&s);
        done += n;
    }
    prop_random_world(seed, moves, &in, &out, chunk_n);
    for (int isa = 0; isa < HORDE_ISA_COUNT; isa++)
        if (per_isa[isa])
            printf("  %-6s %zu moves %s\n", horde_isa_name((horde_isa)isa), per_isa[isa],
                   isa == HORDE_ISA_SCALAR ? "checked for the properties" : "bit-identical to scalar");
    printf("  started in solid %zu, collided %zu, stuck %zu, truncated %zu; %zu compared with the "
           "independent model\n", n_started_solid, n_collided, n_stuck, n_trunc, n_model);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&out), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_point_move");
}
