/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_cylinder_tri_soup: every compiled backend runs on
 * the same movers and soups as the scalar reference and must return identical bits
 * (memcmp on x, z and flags). Soups of 0 to 40 triangles (walls, floors and ramps in
 * and around the band, random, degenerate and invalid ones) around a cluster of movers;
 * random batch sizes (every tail), unaligned arrays, in-place calls (out_x == x).
 *
 * The reference is checked against its definition built from the public pairs kernel:
 * for each mover, each valid triangle in index order through horde_cylinder_tri on the
 * current position, the push applied at once. The result must be equal (==) - which
 * also proves the reach skip (bounding box farther than r + 1) never drops a contact.
 * Known answers: inner corner, corridor, empty soup, invalid movers.
 *
 * Run: checkasm --test=cylinder_tri_soup [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "checkasm.h"

/* Soups of up to 40 triangles, one in eight up to MAXT: past HORDE_CYLTRI_CHUNK (64), so
 * the template's chunks (each walked lane by lane from its first triangle) are crossed. */
#define MAXT 150

typedef struct {
    float v[9][MAXT];
    size_t n;
} soup;

static horde_triangles view(const soup *s)
{
    return TU_TRIS(s->v, 0, s->n);
}

static void gen_soup(tu_rng *g, float cx, float cy, float cz, soup *s)
{
    s->n = tu_below(g, 8) == 0 ? 41 + tu_below(g, MAXT - 40) : tu_below(g, 41);
    for (size_t k = 0; k < s->n; k++) {
        float t[9];
        const float sz = tu_uniform(g, 0.3f, 4.0f);
        for (int v = 0; v < 3; v++) {
            t[3 * v] = cx + tu_uniform(g, -6, 6) + tu_uniform(g, -sz, sz);
            t[3 * v + 1] = cy + tu_uniform(g, -1, 3);
            t[3 * v + 2] = cz + tu_uniform(g, -6, 6) + tu_uniform(g, -sz, sz);
        }
        switch (tu_below(g, 8)) {
        case 0: t[6] = t[0], t[8] = t[2]; break;                       /* vertical */
        case 1: t[1] = t[4] = t[7] = cy + tu_uniform(g, 0, 2); break;  /* floor or table */
        case 2: memcpy(t + 3, t, 12); break;                           /* repeated vertex */
        case 3:
            if (tu_below(g, 4) == 0)
                t[tu_below(g, 9)] = tu_below(g, 2) ? NAN : 2e6f; /* invalid: skipped */
            break;
        default: break;
        }
        for (int a = 0; a < 9; a++)
            s->v[a][k] = t[a];
    }
}

typedef struct {
    float *x, *y, *z, *r, *h, *ox, *oz;
    uint32_t *of;
} arrays;

/* The definition, from the pairs kernel (scalar). */
static void model(const soup *s, float x, float y, float z, float r, float h, float step, float *ox,
                  float *oz, uint32_t *of)
{
    uint32_t flags = 0;
    for (size_t k = 0; k < s->n; k++) {
        float px, pz;
        uint32_t f;
        horde_triangles t = TU_TRIS(s->v, k, 1);
        const horde_cylinder_tri_params p = {step};
        horde_cylinder_tri_batch b = {&x, &y, &z, &r, &h, &px, &pz, &f, 1};
        horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &t, &p, &b);
        if (f == HORDE_FLAG_INVALID)
            continue; /* invalid triangle (the mover is valid here) */
        x = x + px, z = z + pz, flags |= f;
    }
    *ox = x, *oz = z, *of = flags;
}

static horde_isa cur_isa;
#define ISA horde_isa_name(cur_isa)

static void one(const soup *s, float x, float z, float r, float *ox, float *oz, uint32_t *of)
{
    float y = 0.0f, h = 1.8f;
    horde_triangles t = view(s);
    const horde_cylinder_tri_soup_params p = {0.3f};
    horde_cylinder_tri_soup_batch b = {&x, &y, &z, &r, &h, ox, oz, of, 1};
    CHECK(horde_cylinder_tri_soup_isa(cur_isa, &t, &p, &b) == HORDE_OK, "status");
}

static void known(void)
{
    const float e = 0x1p-21f * 3.0f; /* pushes end (|x| + |z| + 1) * 2^-21 beyond contact */
    /* Inner corner: wall along x = 0 (z from -5 to 5) and wall along z = 0 (x from -5 to
     * 5), both from y = -1 to 9. Mover (0.2, 0.3), r 0.5: the first wall pushes x to
     * 0.5, the second z to 0.5: out of both. */
    soup s = {.n = 0};
    const float w1[9] = {0, -1, -5, 0, -1, 5, 0, 9, 0}, w2[9] = {-5, -1, 0, 5, -1, 0, 0, 9, 0};
    for (int a = 0; a < 9; a++)
        s.v[a][0] = w1[a], s.v[a][1] = w2[a];
    s.n = 2;
    float ox, oz;
    uint32_t of;
    one(&s, 0.2f, 0.3f, 0.5f, &ox, &oz, &of);
    CHECK(fabsf(ox - 0.5f) <= e && fabsf(oz - 0.5f) <= e && ox >= 0.5f && oz >= 0.5f &&
              of == (HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL),
          "[%s] inner corner: %.9g %.9g %#x", ISA, ox, oz, of);
    /* Far from both (reach r + 1 exceeded on x): untouched, flags 0. */
    one(&s, 30.0f, 40.0f, 0.5f, &ox, &oz, &of);
    CHECK(ox == 30.0f && oz == 40.0f && of == 0, "[%s] far", ISA);
    /* Corridor x in [0, 1] between walls at x = 0 and x = 1, mover r 0.3 at x = 0.1:
     * pushed to 0.3 by the first, untouched by the second (0.7 away). */
    soup c = {.n = 0};
    const float c2[9] = {1, -1, -5, 1, -1, 5, 1, 9, 0};
    for (int a = 0; a < 9; a++)
        c.v[a][0] = w1[a], c.v[a][1] = c2[a];
    c.n = 2;
    one(&c, 0.1f, 0.0f, 0.3f, &ox, &oz, &of);
    CHECK(fabsf(ox - 0.3f) <= e && oz == 0.0f && of == (HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL),
          "[%s] corridor: %.9g %.9g %#x", ISA, ox, oz, of);
    /* Empty soup: unchanged. Invalid mover: input bits, INVALID. */
    soup none = {.n = 0};
    one(&none, 0.1f, 0.2f, 0.3f, &ox, &oz, &of);
    CHECK(ox == 0.1f && oz == 0.2f && of == 0, "[%s] empty soup", ISA);
    const float nanv = NAN;
    one(&s, nanv, 0.2f, 0.3f, &ox, &oz, &of);
    CHECK(!memcmp(&ox, &nanv, 4) && oz == 0.2f && of == HORDE_FLAG_INVALID, "[%s] NaN mover", ISA);
    one(&s, 0.1f, 0.2f, -1.0f, &ox, &oz, &of);
    CHECK(ox == 0.1f && oz == 0.2f && of == HORDE_FLAG_INVALID, "[%s] negative radius", ISA);
}

CHECKASM_TEST(cylinder_tri_soup)
{
    CA_BEGIN(cylinder_tri_soup, movers);

    const size_t per_soup = 1024;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, per_soup), CA_ALLOC_ARRAYS(&ref, per_soup), CA_ALLOC_ARRAYS(&alias, per_soup);
    size_t moved = 0, invalid = 0, modelled = 0;
    static const float steps[] = {0.0f, 0.3f, 1.0f};
    soup s;
    size_t done = 0;
    for (int pass = 0; done < movers; pass++) {
        const float cx = tu_uniform(&g, -500, 500), cy = tu_uniform(&g, -50, 50), cz = tu_uniform(&g, -500, 500);
        gen_soup(&g, cx, cy, cz, &s);
        const float step = steps[pass % 3];
        const horde_cylinder_tri_soup_params pr = {step};
        const size_t n = movers - done < per_soup ? movers - done : per_soup;
        for (size_t i = 0; i < n; i++) {
            in.x[i] = cx + tu_uniform(&g, -7, 7), in.y[i] = cy + tu_uniform(&g, -1, 1);
            in.z[i] = cz + tu_uniform(&g, -7, 7);
            in.r[i] = tu_uniform(&g, 0.0f, 1.0f), in.h[i] = tu_uniform(&g, 0.0f, 2.5f);
            if (tu_below(&g, 100) == 0) {
                static const float bad[] = {NAN, INFINITY, -1.0f, 2e6f};
                float *f[5] = {&in.x[i], &in.y[i], &in.z[i], &in.r[i], &in.h[i]};
                *f[tu_below(&g, 5)] = bad[tu_below(&g, 4)];
            }
        }
        const horde_triangles t = view(&s);
        horde_cylinder_tri_soup_batch rb = {in.x, in.y, in.z, in.r, in.h, ref.ox, ref.oz, ref.of, n};
        CHECK(horde_cylinder_tri_soup_isa(HORDE_ISA_SCALAR, &t, &pr, &rb) == HORDE_OK, "scalar status");
        /* The reference against its definition (a sample: the model is slow). */
        for (size_t i = 0; i < n; i++) {
            if (ref.of[i] & HORDE_FLAG_INVALID) {
                invalid++;
                CHECK(ref.of[i] == HORDE_FLAG_INVALID && ca_bits(ref.ox[i]) == ca_bits(in.x[i]) &&
                          ca_bits(ref.oz[i]) == ca_bits(in.z[i]),
                      "invalid mover output");
                continue;
            }
            moved += ref.of[i] != 0;
            if (i % 16)
                continue;
            float mx, mz;
            uint32_t mf;
            model(&s, in.x[i], in.y[i], in.z[i], in.r[i], in.h[i], step, &mx, &mz, &mf);
            modelled++;
            CHECK(mx == ref.ox[i] && mz == ref.oz[i] && mf == ref.of[i],
                  "reference vs pairs model: seed=%" PRIu64 " pass=%d mover=%zu in %a %a %a r=%a h=%a "
                  "step=%a: ref %a %a %#x, model %a %a %#x",
                  seed, pass, i, in.x[i], in.y[i], in.z[i], in.r[i], in.h[i], step, ref.ox[i], ref.oz[i],
                  ref.of[i], mx, mz, mf);
            if (tu_failures > 20)
                return tu_finish("checkasm_cylinder_tri_soup");
        }
        TU_FOR_EACH_BACKEND(isa) {
            ca_poison(alias.ox, n), ca_poison(alias.oz, n), ca_poison(alias.of, n);
            for (size_t off = 0; off < n;) {
                size_t len = tu_below(&g, 3) == 0 ? tu_below(&g, 20) : tu_below(&g, 400);
                if (len > n - off)
                    len = n - off;
                horde_cylinder_tri_soup_batch b = {in.x + off, in.y + off, in.z + off, in.r + off, in.h + off,
                                                   alias.ox + off, alias.oz + off, alias.of + off, len};
                CHECK(horde_cylinder_tri_soup_isa((horde_isa)isa, &t, &pr, &b) == HORDE_OK, "status");
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_count_diffs((const void *[]){ref.ox, ref.oz, ref.of},
                                              (const void *[]){alias.ox, alias.oz, alias.of}, 3, n, &first);
            CHECK(!bad, "%s differs from scalar on %zu of %zu movers (seed=%" PRIu64 " pass=%d); first %zu: "
                  "in %a %a %a r=%a h=%a step=%a ref %a %a %#x new %a %a %#x",
                  horde_isa_name((horde_isa)isa), bad, n, seed, pass, first, in.x[first], in.y[first],
                  in.z[first], in.r[first], in.h[first], step, ref.ox[first], ref.oz[first], ref.of[first],
                  alias.ox[first], alias.oz[first], alias.of[first]);
            /* In place (x and z overwritten), on a slice. */
            const size_t m = n < 100 ? n : 100;
            memcpy(alias.x, in.x, m * 4), memcpy(alias.z, in.z, m * 4);
            horde_cylinder_tri_soup_batch ab = {alias.x, in.y, alias.z, in.r, in.h, alias.x, alias.z, alias.of, m};
            horde_cylinder_tri_soup_isa((horde_isa)isa, &t, &pr, &ab);
            CHECK(!memcmp(alias.x, ref.ox, m * 4) && !memcmp(alias.z, ref.oz, m * 4) &&
                      !memcmp(alias.of, ref.of, m * 4),
                  "in-place %s differs (seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), seed);
            per_isa[isa] += n;
        }
        done += n;
    }
    {
        float one_ = 1.0f, o;
        uint32_t f;
        horde_triangles t0 = {0};
        horde_cylinder_tri_soup_batch b = {&one_, &one_, &one_, &one_, &one_, &o, &o, &f, 1};
        horde_cylinder_tri_soup_params p = {-1.0f};
        horde_cylinder_tri_soup_params_default(&p);
        CHECK(ca_bits(p.step) == 0, "default step %a", p.step);
        horde_cylinder_tri_soup_params_default(NULL);
        CHECK(horde_cylinder_tri_soup(&t0, NULL, &b) == HORDE_OK, "NULL params");
        p.step = NAN;
        CHECK(horde_cylinder_tri_soup(&t0, &p, &b) == HORDE_ERR_BAD_PARAMS, "NaN step");
        p.step = 0.5f;
        CHECK(horde_cylinder_tri_soup(NULL, &p, &b) == HORDE_ERR_NULL_ARG, "NULL soup");
        CHECK(horde_cylinder_tri_soup(&t0, &p, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
        t0.n = 1;
        CHECK(horde_cylinder_tri_soup(&t0, &p, &b) == HORDE_ERR_NULL_ARG, "soup arrays NULL");
        horde_cylinder_tri_soup_batch b0 = {0};
        CHECK(horde_cylinder_tri_soup(&t0, &p, &b0) == HORDE_OK, "n = 0");
    }
    TU_FOR_EACH_BACKEND(isa) {
        cur_isa = (horde_isa)isa;
        known();
    }
    for (int isa = 0; isa < HORDE_ISA_COUNT; isa++)
        if (per_isa[isa])
            printf("  %-6s %zu movers bit-identical to scalar%s\n", horde_isa_name((horde_isa)isa), per_isa[isa],
                   isa == HORDE_ISA_SCALAR ? " (itself)" : "");
    printf("  reference: %zu movers pushed, %zu invalid of %zu; %zu equal to the pairs model\n", moved, invalid,
           movers, modelled);
    CHECK(moved > movers / 10, "too few pushes: %zu", moved);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_cylinder_tri_soup");
}
