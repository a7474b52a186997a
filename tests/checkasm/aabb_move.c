/* SPDX-License-Identifier: MIT */
/* checkasm-style equality and property test for horde_aabb_move: every compiled backend
 * runs the same inputs as the scalar reference and must return identical bits (memcmp
 * on positions, displacements and flags). Inputs: random boxes and displacements (zero,
 * tiny, walking-size, huge and truncated), boxes snapped onto faces, chunk borders and one
 * ulp off them with moves that end exactly on faces, NPC-like walkers under gravity,
 * invalid values; six scenes; four parameter sets (step-up off / 0.6 / 1.0, short
 * max_distance); random batch sizes (every tail), unaligned arrays, in-place calls and
 * calls without displacement outputs.
 *
 * Properties of the reference, checked with an independent overlap test written from
 * aabb_move.h: a box that starts free ends free and finite; a box that starts inside a
 * block is STUCK and unmoved; invalid boxes come back bit for bit; each axis moves at most
 * its (limited) displacement, in its direction, and all of it unless a flag says a block
 * stopped it; TRUNCATED exactly when a displacement was limited; ON_GROUND whenever the
 * box ends resting exactly on a block.
 *
 * Run: checkasm --test=aabb_move [--seed=N] [--items=N] [--long] (checkasm.h).
 * A failure prints the seed, scene, parameters, backend and the offending mover (%a). */
#include "scene.h"
#include "checkasm.h"

enum { NIN = 9, NOUT = 6 };
static const char *const in_names[NIN] = {"x", "y", "z", "dx", "dy", "dz", "hx", "hz", "h"};

typedef struct {
    float *in[NIN], *out[NOUT];
    uint32_t *of;
} arrays;

/* Offset by one element so nothing is 16/32-byte aligned. */
static horde_aabb_move_batch batch_of(const arrays *a, size_t off, size_t n)
{
    horde_aabb_move_batch b = {a->in[0] + off, a->in[1] + off, a->in[2] + off, a->in[3] + off,
                               a->in[4] + off, a->in[5] + off, a->in[6] + off, a->in[7] + off,
                               a->in[8] + off, a->out[0] + off, a->out[1] + off, a->out[2] + off,
                               a->out[3] + off, a->out[4] + off, a->out[5] + off, a->of + off, n};
    return b;
}

/* ---- independent model of aabb_move.h's box ------------------------------------------ */

/* Strict overlap of the box with any solid block, straight from the definition. */
static int box_overlaps(const horde_world *w, float x, float y, float z, float hx, float hz, float h)
{
    const float lx = x - hx, hxx = x + hx, lz = z - hz, hzz = z + hz, top = y + h;
    for (int by = (int)floorf(y) - 1; by <= (int)ceilf(top) + 1; by++) {
        if (!((float)by < top && (float)by + 1.0f > y))
            continue;
        for (int bz = (int)floorf(lz) - 1; bz <= (int)ceilf(hzz) + 1; bz++) {
            if (!((float)bz < hzz && (float)bz + 1.0f > lz))
                continue;
            for (int bx = (int)floorf(lx) - 1; bx <= (int)ceilf(hxx) + 1; bx++)
                if ((float)bx < hxx && (float)bx + 1.0f > lx && horde_world_solid(w, bx, by, bz))
                    return 1;
        }
    }
    return 0;
}

/* Resting exactly on a block: y integral, a solid block at level y - 1 under the footprint. */
static int box_rests(const horde_world *w, float x, float y, float z, float hx, float hz)
{
    if (y != floorf(y))
        return 0;
    const float lx = x - hx, hxx = x + hx, lz = z - hz, hzz = z + hz;
    const int by = (int)y - 1;
    for (int bz = (int)floorf(lz) - 1; bz <= (int)ceilf(hzz) + 1; bz++)
        for (int bx = (int)floorf(lx) - 1; bx <= (int)ceilf(hxx) + 1; bx++)
            if ((float)bx < hxx && (float)bx + 1.0f > lx && (float)bz < hzz &&
                (float)bz + 1.0f > lz && horde_world_solid(w, bx, by, bz))
                return 1;
    return 0;
}

/* ---- inputs ---------------------------------------------------------------------------- */

static const float sizes_half[] = {0.05f, 0.25f, 0.3f, 0.5f, 0.75f, 1.0f, 1.5f};
static const float sizes_h[] = {0.1f, 0.5f, 1.0f, 1.8f, 2.0f, 2.5f, 4.0f};

static float snap_coord(tu_rng *g, float lo, float hi, float e)
{
    const float k = floorf(tu_uniform(g, lo, hi));
    switch (tu_below(g, 9)) {
    case 7: return -0.0f;                     /* -0: against a face at +-e it ties with +0 */
    case 0: return k + e;                     /* - face on a grid line */
    case 1: return k - e;                     /* + face on a grid line */
    case 2: return k + 0.5f;
    case 3: return 32.0f * floorf(k / 32.0f) + e; /* against a chunk border */
    case 4: return 32.0f * floorf(k / 32.0f) - e;
    case 5: return nextafterf(k + e, k);      /* one ulp into a face */
    case 6: return nextafterf(k - e, k);
    default: return k;
    }
}

static float gen_d(tu_rng *g)
{
    switch (tu_below(g, 10)) {
    case 0: return 0.0f;
    case 1: return tu_uniform(g, -0.1f, 0.1f);
    case 2: case 3: return tu_uniform(g, -1.0f, 1.0f);
    case 4: case 5: return tu_uniform(g, -4.0f, 4.0f);
    case 6: return tu_uniform(g, -40.0f, 40.0f);     /* huge, sometimes truncated */
    case 7: return (float)((int)tu_below(g, 11) - 5); /* whole blocks */
    case 8: return tu_below(g, 2) ? 0x1p-20f : -0x1p-22f; /* tiny */
    default: return tu_uniform(g, -12.0f, 12.0f);
    }
}

static float bad_value(tu_rng *g)
{
    static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.25f, 1.5000001f,
                                4.0000005f, 1048577.0f, -2e9f, 1e30f};
    return bad[tu_below(g, sizeof bad / sizeof bad[0])];
}

/* mode 0 random, 1 snapped (moves ending on faces), 2 NPC walkers, 3 with invalid values. */
static void gen_movers(tu_rng *g, int mode, size_t n, arrays *a)
{
    float **v = a->in;
    for (size_t i = 0; i < n; i++) {
        float x, y, z, dx, dy, dz, hx, hz, h;
        if (mode == 1) {
            hx = sizes_half[tu_below(g, 7)], hz = sizes_half[tu_below(g, 7)];
            h = sizes_h[tu_below(g, 7)];
            x = snap_coord(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4, hx);
            y = snap_coord(g, -6.0f, 8.0f, tu_below(g, 2) ? 0.0f : h);
            z = snap_coord(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4, hz);
            dx = gen_d(g), dy = gen_d(g), dz = gen_d(g);
            /* Moves that end with a face exactly on a grid line. */
            if (tu_below(g, 3) == 0)
                dx = (floorf(x + hx) + (float)((int)tu_below(g, 7) - 3)) - (x + hx);
            if (tu_below(g, 3) == 0)
                dz = (floorf(z - hz) + (float)((int)tu_below(g, 7) - 3)) - (z - hz);
            if (tu_below(g, 3) == 0)
                dy = (floorf(y) + (float)((int)tu_below(g, 5) - 2)) - y;
        } else if (mode == 2) {
            hx = hz = 0.3f, h = 1.8f;
            x = tu_uniform(g, SCENE_MIN_X, SCENE_MAX_X), z = tu_uniform(g, SCENE_MIN_X, SCENE_MAX_X);
            y = (float)((int)tu_below(g, 5) - 1);
            const float ang = tu_uniform(g, 0.0f, 6.2831853f), sp = tu_uniform(g, 0.0f, 0.3f);
            dx = sp * cosf(ang), dz = sp * sinf(ang);
            dy = tu_below(g, 8) ? -0.0027f : tu_uniform(g, -0.5f, 0.5f);
        } else {
            hx = tu_uniform(g, 0.0f, 1.5f), hz = tu_uniform(g, 0.0f, 1.5f);
            if (hx == 0.0f) hx = 1.5f;
            if (hz == 0.0f) hz = 1.5f;
            h = 4.0f - tu_uniform(g, 0.0f, 4.0f);
            x = tu_uniform(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4);
            y = tu_uniform(g, -6.0f, 8.0f);
            z = tu_uniform(g, SCENE_MIN_X - 4, SCENE_MAX_X + 4);
            dx = gen_d(g), dy = gen_d(g), dz = gen_d(g);
        }
        const float vals[NIN] = {x, y, z, dx, dy, dz, hx, hz, h};
        for (int k = 0; k < NIN; k++)
            v[k][i] = vals[k];
        if (mode == 3 && tu_below(g, 16) == 0)
            v[tu_below(g, NIN)][i] = bad_value(g);
    }
}

/* ---- checks ---------------------------------------------------------------------------- */

static void print_mover(const char *what, const arrays *a, size_t i)
{
    fprintf(stderr, "  %s:", what);
    for (int k = 0; k < NIN; k++)
        fprintf(stderr, " %s=%a", in_names[k], a->in[k][i]);
    fputc('\n', stderr);
}

static int print_budget = 12;

static float limit(float d, float md) { return d > md ? md : d < -md ? -md : d; }

/* The reference's output against aabb_move.h. Counts free starts checked. */
static void check_contract(const horde_world *w, const horde_aabb_move_params *p, const arrays *a,
                           size_t n, const char *ctx, size_t *free_starts, size_t *counts)
{
    for (size_t i = 0; i < n; i++) {
        if (tu_outside_fp_policy((const float *const *)a->in, 9, i)) {
            counts[6]++;
            continue;
        }
        const float x = a->in[0][i], y = a->in[1][i], z = a->in[2][i];
        const float dx = a->in[3][i], dy = a->in[4][i], dz = a->in[5][i];
        const float hx = a->in[6][i], hz = a->in[7][i], h = a->in[8][i];
        const float ox = a->out[0][i], oy = a->out[1][i], oz = a->out[2][i];
        const uint32_t f = a->of[i];
        const int valid = fabsf(x) <= 1048576.0f && fabsf(y) <= 1048576.0f &&
                          fabsf(z) <= 1048576.0f && isfinite(dx) && isfinite(dy) && isfinite(dz) &&
                          hx > 0 && hx <= 1.5f && hz > 0 && hz <= 1.5f && h > 0 && h <= 4.0f;
        const int same = ca_bits(ox) == ca_bits(x) && ca_bits(oy) == ca_bits(y) && ca_bits(oz) == ca_bits(z) &&
                         ca_bits(a->out[3][i]) == 0 && ca_bits(a->out[4][i]) == 0 &&
                         ca_bits(a->out[5][i]) == 0;
        int ok;
        const char *why = "";
        if (!valid) {
            ok = f == HORDE_FLAG_INVALID && same, why = "invalid";
        } else if (box_overlaps(w, x, y, z, hx, hz, h)) {
            ok = f == (HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED) && same, why = "stuck";
            counts[0]++;
        } else {
            (*free_starts)++;
            const float md = p->max_distance;
            const float lx = limit(dx, md), ly = limit(dy, md), lz = limit(dz, md);
            const int stepped = (f & HORDE_FLAG_STEP_TAKEN) != 0;
            const uint32_t hard = HORDE_FLAG_HIT_WALL | HORDE_FLAG_HIT_CEILING | HORDE_FLAG_STEP_TAKEN;
            const int landed_or_ceiling = (f & (HORDE_FLAG_ON_GROUND | HORDE_FLAG_HIT_CEILING)) != 0;
            ok = 1;
            if (isnan(ox) || isnan(oy) || isnan(oz))
                ok = 0, why = "NaN";
            else if (box_overlaps(w, ox, oy, oz, hx, hz, h))
                ok = 0, why = "ends inside a block";
            else if (f & (HORDE_FLAG_STUCK | HORDE_FLAG_INVALID))
                ok = 0, why = "stuck/invalid flag on a free start";
            else if (!!(f & HORDE_FLAG_TRUNCATED) != (lx != dx || ly != dy || lz != dz))
                ok = 0, why = "TRUNCATED";
            else if (ca_bits(a->out[3][i]) != ca_bits(ox - x) || ca_bits(a->out[4][i]) != ca_bits(oy - y) ||
                     ca_bits(a->out[5][i]) != ca_bits(oz - z))
                ok = 0, why = "displacement made != out - in";
            else if (!(lx > 0 ? ox >= x && ox <= x + lx : ox <= x && ox >= x + lx) ||
                     !(lz > 0 ? oz >= z && oz <= z + lz : oz <= z && oz >= z + lz))
                ok = 0, why = "horizontal move beyond the wanted one";
            else if (!stepped && !(ly > 0 ? oy >= y && oy <= y + ly : oy <= y && oy >= y + ly))
                ok = 0, why = "vertical move beyond the wanted one";
            else if (stepped && !(oy >= y + ly && oy <= y + p->step_height + 1e-3f))
                ok = 0, why = "step-up rose too much";
            else if (!(f & (HORDE_FLAG_HIT_WALL | HORDE_FLAG_STEP_TAKEN)) &&
                     (ca_bits(ox) != ca_bits(lx == 0 ? x : x + lx) ||
                      ca_bits(oz) != ca_bits(lz == 0 ? z : z + lz)))
                ok = 0, why = "horizontal move cut without HIT_WALL";
            else if (!stepped && !landed_or_ceiling && ca_bits(oy) != ca_bits(ly == 0 ? y : y + ly))
                ok = 0, why = "vertical move cut without a flag";
            else if (box_rests(w, ox, oy, oz, hx, hz) && !(f & HORDE_FLAG_ON_GROUND))
                ok = 0, why = "resting without ON_GROUND";
            else if (((f & hard) && !(f & HORDE_FLAG_COLLIDED)) ||
                     ((f & HORDE_FLAG_COLLIDED) && !(f & (hard | HORDE_FLAG_ON_GROUND))))
                ok = 0, why = "COLLIDED";
            counts[1] += (f & HORDE_FLAG_HIT_WALL) != 0;
            counts[2] += (f & HORDE_FLAG_ON_GROUND) != 0;
            counts[3] += stepped;
            counts[4] += (f & HORDE_FLAG_HIT_CEILING) != 0;
            counts[5] += (f & HORDE_FLAG_TRUNCATED) != 0;
        }
        CHECK(ok, "contract (%s): %s mover %zu -> (%a %a %a) flags %#x", why, ctx, i, ox, oy, oz, f);
        if (!ok && print_budget-- > 0)
            print_mover("in", a, i);
        if (!ok && tu_failures > 30)
            exit(tu_finish("checkasm_aabb_move"));
    }
}

static int outputs_equal(const arrays *a, const arrays *r, size_t off, size_t n, int with_d)
{
    for (int k = 0; k < (with_d ? NOUT : 3); k++)
        if (memcmp(a->out[k] + off, r->out[k] + off, n * 4))
            return 0;
    return !memcmp(a->of + off, r->of + off, n * 4);
}

static void report_mismatch(const char *ctx, const char *isa, const arrays *a, const arrays *r,
                            size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        int diff = a->of[i] != r->of[i];
        for (int k = 0; k < NOUT; k++)
            diff |= ca_bits(a->out[k][i]) != ca_bits(r->out[k][i]);
        if (diff && !bad++)
            first = i;
    }
    CHECK(0, "%s: %s differs from scalar on %zu of %zu movers", ctx, isa, bad, n);
    if (bad && print_budget-- > 0) {
        print_mover("in", a, first);
        fprintf(stderr, "  ref: %a %a %a d %a %a %a flags %#x\n  %s: %a %a %a d %a %a %a flags %#x\n",
                r->out[0][first], r->out[1][first], r->out[2][first], r->out[3][first],
                r->out[4][first], r->out[5][first], r->of[first], isa, a->out[0][first],
                a->out[1][first], a->out[2][first], a->out[3][first], a->out[4][first],
                a->out[5][first], a->of[first]);
    }
}

CHECKASM_TEST(aabb_move)
{
    CA_BEGIN(aabb_move, moves);

    horde_aabb_move_params params[4];
    for (int k = 0; k < 4; k++)
        horde_aabb_move_params_default(&params[k]);
    params[1].step_height = 1.0f;
    params[2].step_height = 0.6f;
    params[3].step_height = 1.0f, params[3].max_distance = 2.5f;

    const size_t chunk_n = 65536;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&alias, chunk_n);
    size_t free_starts = 0, counts[7] = {0};

    size_t done = 0;
    for (int pass = 0; done < moves; pass++) {
        const scene_kind kind = (scene_kind)(pass % SCENE_COUNT);
        const int mode = (pass / SCENE_COUNT) % 4;
        const horde_aabb_move_params *p = &params[(pass / 2) % 4];
        const size_t n = moves - done < chunk_n ? moves - done : chunk_n;
        scene s;
        if (scene_build(&s, kind, seed + (uint64_t)pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        char ctx[160];
        snprintf(ctx, sizeof ctx, "seed=%" PRIu64 " pass=%d scene=%s mode=%d step_height=%g max_distance=%g",
                 seed, pass, s.name, mode, (double)p->step_height, (double)p->max_distance);
        gen_movers(&g, mode, n, &in);
        ca_copy_arrays(ref.in, in.in, NIN, n);
        horde_aabb_move_batch rb = batch_of(&ref, 0, n);
        int st = horde_aabb_move_isa(HORDE_ISA_SCALAR, &s.world, p, &rb);
        CHECK(st == HORDE_OK, "scalar returned %d", st);
        check_contract(&s.world, p, &ref, n, ctx, &free_starts, counts);

        TU_FOR_EACH_BACKEND(isa) {
            const char *name = horde_isa_name((horde_isa)isa);
            for (int k = 0; k < NOUT; k++)
                ca_poison(in.out[k], n);
            ca_poison(in.of, n);
            /* Random batch sizes so every tail length occurs. */
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 40, 5000);
                horde_aabb_move_batch b = batch_of(&in, off, len);
                st = horde_aabb_move_isa((horde_isa)isa, &s.world, p, &b);
                CHECK(st == HORDE_OK, "%s returned %d", name, st);
                off += len;
            }
            if (!outputs_equal(&in, &ref, 0, n, 1))
                report_mismatch(ctx, name, &in, &ref, n);
            else
                tu_checks++;

            /* In place (outputs alias the inputs) on a slice: same bits. */
            const size_t m = n < 3001 ? n : 3001;
            ca_copy_arrays(alias.in, in.in, NIN, m);
            horde_aabb_move_batch ab = {alias.in[0], alias.in[1], alias.in[2], alias.in[3],
                                        alias.in[4], alias.in[5], alias.in[6], alias.in[7],
                                        alias.in[8], alias.in[0], alias.in[1], alias.in[2],
                                        alias.in[3], alias.in[4], alias.in[5], alias.of, m};
            horde_aabb_move_isa((horde_isa)isa, &s.world, p, &ab);
            int same = !memcmp(alias.of, ref.of, m * 4);
            for (int k = 0; k < NOUT; k++)
                same &= !memcmp(alias.in[k], ref.out[k], m * 4);
            CHECK(same, "%s: in-place %s differs", ctx, name);

            /* Without displacement outputs: positions and flags unchanged. */
            for (int k = 0; k < 3; k++)
                memset(alias.out[k], 0xCD, m * 4);
            horde_aabb_move_batch nb = batch_of(&in, 0, m);
            nb.out_x = alias.out[0], nb.out_y = alias.out[1], nb.out_z = alias.out[2];
            nb.out_dx = nb.out_dy = nb.out_dz = NULL, nb.out_flags = alias.of;
            horde_aabb_move_isa((horde_isa)isa, &s.world, p, &nb);
            CHECK(outputs_equal(&alias, &ref, 0, m, 0), "%s: %s without displacement outputs differs",
                  ctx, name);
            per_isa[isa] += n;
        }
        scene_free(&s);
        done += n;
    }
    /* The property alone (reference only) in the random and game worlds until at least
     * `moves` free starts have been checked. */
    for (int pass = 0; free_starts < moves; pass++) {
        const horde_aabb_move_params *p = &params[pass % 4];
        const size_t n = chunk_n;
        scene s;
        if (scene_build(&s, pass % 2 ? SCENE_RANDOM : SCENE_GAME, seed + 1000u + (uint64_t)pass)) {
            fprintf(stderr, "out of memory\n");
            return 2;
        }
        char ctx[160];
        snprintf(ctx, sizeof ctx, "seed=%" PRIu64 " property pass=%d scene=%s step_height=%g max_distance=%g",
                 seed, pass, s.name, (double)p->step_height, (double)p->max_distance);
        gen_movers(&g, pass % 3, n, &ref);
        horde_aabb_move_batch rb = batch_of(&ref, 0, n);
        CHECK(horde_aabb_move_isa(HORDE_ISA_SCALAR, &s.world, p, &rb) == HORDE_OK, "scalar failed");
        check_contract(&s.world, p, &ref, n, ctx, &free_starts, counts);
        scene_free(&s);
    }
    ca_summary(per_isa, "moves");
    printf("  reference: %zu free starts ended free and finite; stuck %zu, wall %zu, ground %zu, "
           "step %zu, ceiling %zu, truncated %zu; %zu with subnormal inputs not checked (armv7 "
           "flush-to-zero)\n", free_starts, counts[0], counts[1], counts[2], counts[3], counts[4],
           counts[5], counts[6]);
    CA_COVERAGE(moves, counts[1] && counts[2] && counts[3] && counts[4] && counts[5],
          "some outcome never occurred: the inputs do not exercise the kernel");
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_aabb_move");
}
