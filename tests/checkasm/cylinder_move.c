/* SPDX-License-Identifier: MIT */
/* checkasm-style equality and property test for horde_cylinder_move: every backend
 * against the scalar reference (memcmp on positions, displacements and flags) over six
 * scenes, several parameter sets (default, step-up 0.6 / 1.0, short max_substeps to
 * force truncation, long steps), random and aimed movers (starts inside blocks, zero,
 * tiny, huge and absurd displacements, moves along faces, invalid values), random batch
 * sizes and unaligned arrays. Property (on the reference): a valid mover that starts
 * free never ends overlapping a solid block, and nothing becomes NaN.
 * Run: checkasm --test=cylinder_move [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "scene.h"
#include "checkasm.h"

/* f[0..7]: x y z dx dy dz r h (inputs); f[8..13]: out x y z dx dy dz. */
enum { NF = 14, NARR = NF + 1 };
typedef struct {
    float *f[NF];
    uint32_t *flags;
} arrays;

static horde_cylinder_move_batch batch_of(arrays *in, arrays *out, size_t off, size_t n)
{
    horde_cylinder_move_batch b = {
        in->f[0] + off,  in->f[1] + off,  in->f[2] + off,  in->f[3] + off,  in->f[4] + off,
        in->f[5] + off,  in->f[6] + off,  in->f[7] + off,  out->f[8] + off, out->f[9] + off,
        out->f[10] + off, out->f[11] + off, out->f[12] + off, out->f[13] + off,
        out->flags + off, n};
    return b;
}

static float pick_disp(tu_rng *g)
{
    const uint32_t u = tu_below(g, 1000);
    if (u < 100)
        return 0.0f;
    if (u < 200)
        return tu_uniform(g, -0.01f, 0.01f);
    if (u < 300)
        return tu_uniform(g, -3.0f, 3.0f);
    if (u < 330)
        return tu_uniform(g, -40.0f, 40.0f); /* long: many substeps or truncation */
    if (u < 335)
        return u & 1 ? 1e30f : -3e7f; /* absurd: scaled, then truncated */
    return tu_uniform(g, -0.3f, 0.3f); /* a frame of walking or falling */
}

static void gen(tu_rng *g, size_t n, arrays *a, int invalid_rate)
{
    for (size_t i = 0; i < n; i++) {
        /* Every other run of 256 movers at most 2 tall: tiles of such movers read fewer
         * window levels (window.h: HORDE_WIN_SHORT_HEIGHT). */
        const float hmax = (i / 256) % 2 ? 2.0f : 3.0f;
        float r = tu_uniform(g, 0.05f, 0.5f), h = tu_uniform(g, 0.0f, hmax);
        if (tu_below(g, 8) == 0)
            r = (float[]){0.05f, 0.25f, 0.3f, 0.5f}[tu_below(g, 4)];
        float x = tu_uniform(g, SCENE_MIN_X - 2, SCENE_MAX_X + 2);
        float y = tu_uniform(g, -4.0f, 6.0f);
        float z = tu_uniform(g, SCENE_MIN_X - 2, SCENE_MAX_X + 2);
        if (tu_below(g, 4) == 0) /* on a block top / against a face / chunk border */
            y = floorf(y);
        if (tu_below(g, 6) == 0)
            x = floorf(x) + (tu_below(g, 2) ? r : -r);
        if (tu_below(g, 10) == 0)
            z = 32.0f * floorf(z / 32.0f);
        if (tu_below(g, 16) == 0) /* -0: on the faces at 0, where it ties with +0 */
            *(tu_below(g, 2) ? &x : &y) = -0.0f;
        float dx = pick_disp(g), dy = pick_disp(g), dz = pick_disp(g);
        if (tu_below(g, 5) == 0)
            dx = 0.0f; /* moves exactly along faces */
        if ((i / 256) % 4 == 1) {
            /* A run of one-substep moves (at most half the substep length L = min(r / 2,
             * step) of every parameter set, 0.05 the smallest step), so that whole groups
             * take the kernels' one-substep path; one in 16 exactly L long on the x axis
             * (sqrt(L * L) = L) or one ulp longer (two substeps), the boundary of that
             * path for the sets where L is this. */
            const float lmin = 0.5f * r < 0.05f ? 0.5f * r : 0.05f;
            dx = tu_uniform(g, -0.5f, 0.5f) * lmin, dy = tu_uniform(g, -0.5f, 0.5f) * lmin;
            dz = tu_uniform(g, -0.5f, 0.5f) * lmin;
            if (tu_below(g, 16) == 0)
                dx = tu_below(g, 2) ? lmin : nextafterf(lmin, 1.0f), dy = 0.0f, dz = 0.0f;
        }
        if (invalid_rate && tu_below(g, (uint32_t)invalid_rate) == 0) {
            static const float bad[] = {NAN, INFINITY, -INFINITY, 0.01f, -1.0f, 4.0f, 2e6f};
            float v = bad[tu_below(g, 7)];
            switch (tu_below(g, 4)) {
            case 0: dx = v; break;
            case 1: r = v; break;
            case 2: h = v; break;
            default: y = v; break;
            }
        }
        a->f[0][i] = x, a->f[1][i] = y, a->f[2][i] = z;
        a->f[3][i] = dx, a->f[4][i] = dy, a->f[5][i] = dz;
        a->f[6][i] = r, a->f[7][i] = h;
    }
}

CHECKASM_TEST(cylinder_move)
{
    CA_BEGIN(cylinder_move, moves);

    const horde_cylinder_move_params params[] = {
        {0.1f, 0.0f, 64}, {0.1f, 1.0f, 64}, {0.1f, 0.6f, 64}, {0.1f, 0.0f, 4},
        {1.0f, 1.0f, 256}, {0.05f, 0.0f, 16},
    };
    const int nparams = (int)(sizeof params / sizeof params[0]);
    const size_t chunk_n = 32768;
    arrays in, ref, out;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&out, chunk_n);
    size_t done = 0, started_free = 0, stuck = 0, stepped = 0,
           truncated = 0;
    int reported = 0;
    for (int pass = 0; done < moves; pass++) {
        const scene_kind kind = (scene_kind)(pass % SCENE_COUNT);
        const horde_cylinder_move_params *p = &params[(pass / SCENE_COUNT) % nparams];
        const size_t n = moves - done < chunk_n ? moves - done : chunk_n;
        scene s;
        if (scene_build(&s, kind, seed + (uint64_t)pass))
            return 2;
        gen(&g, n, &in, pass % 3 == 2 ? 25 : 0);
        horde_cylinder_move_batch rb = batch_of(&in, &ref, 0, n);
        CHECK(horde_cylinder_move_isa(HORDE_ISA_SCALAR, &s.world, p, &rb) == HORDE_OK, "scalar");

        /* Property on the reference. */
        for (size_t i = 0; i < n; i++) {
            const float x = in.f[0][i], y = in.f[1][i], z = in.f[2][i], r = in.f[6][i],
                        h = in.f[7][i];
            const uint32_t fl = ref.flags[i];
            stuck += (fl & HORDE_FLAG_STUCK) != 0;
            stepped += (fl & HORDE_FLAG_STEP_TAKEN) != 0;
            truncated += (fl & HORDE_FLAG_TRUNCATED) != 0;
            if (fl & HORDE_FLAG_INVALID)
                continue;
            const float ox = rb.out_x[i], oy = rb.out_y[i], oz = rb.out_z[i];
            CHECK(!isnan(ox) && !isnan(oy) && !isnan(oz) && !isnan(rb.out_dx[i]) &&
                      !isnan(rb.out_dy[i]) && !isnan(rb.out_dz[i]),
                  "NaN: seed=%" PRIu64 " scene=%s mover=%zu", seed, s.name, i);
            if (!tu_cyl_overlaps(&s.world, x, y, z, r, h)) {
                started_free++;
                CHECK(!tu_cyl_overlaps(&s.world, ox, oy, oz, r, h),
                      "started free, ended inside: seed=%" PRIu64 " scene=%s mover=%zu params=%d "
                      "in (%a %a %a) d (%a %a %a) r=%a h=%a out (%a %a %a) flags=%#x",
                      seed, s.name, i, (pass / SCENE_COUNT) % nparams, x, y, z, in.f[3][i],
                      in.f[4][i], in.f[5][i], r, h, ox, oy, oz, fl);
            }
            CHECK(rb.out_dx[i] == ox - x && rb.out_dy[i] == oy - y && rb.out_dz[i] == oz - z,
                  "displacement made != end - start (mover %zu)", i);
            if (tu_failures > 30)
                return tu_finish("checkasm_cylinder_move");
        }

        TU_FOR_EACH_BACKEND(isa) if (isa != HORDE_ISA_SCALAR) {
            for (int k = 8; k < NF; k++)
                ca_poison(out.f[k], n);
            ca_poison(out.flags, n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 70, 3000);
                horde_cylinder_move_batch b = batch_of(&in, &out, off, len);
                CHECK(horde_cylinder_move_isa((horde_isa)isa, &s.world, p, &b) == HORDE_OK,
                      "isa %d", isa);
                off += len;
            }
            size_t bad = 0;
            for (size_t i = 0; i < n; i++) {
                int same = out.flags[i] == ref.flags[i];
                for (int k = 8; k < NF; k++)
                    same &= ca_bits(out.f[k][i]) == ca_bits(ref.f[k][i]);
                if (!same && !bad++ && reported++ < 8)
                    fprintf(stderr,
                            "MISMATCH seed=%" PRIu64 " scene=%s params=%d isa=%s mover=%zu\n"
                            "  in x=%a y=%a z=%a dx=%a dy=%a dz=%a r=%a h=%a\n"
                            "  ref %a %a %a flags=%#x\n  new %a %a %a flags=%#x\n",
                            seed, s.name, (pass / SCENE_COUNT) % nparams,
                            horde_isa_name((horde_isa)isa), i, in.f[0][i], in.f[1][i], in.f[2][i],
                            in.f[3][i], in.f[4][i], in.f[5][i], in.f[6][i], in.f[7][i],
                            ref.f[8][i], ref.f[9][i], ref.f[10][i], ref.flags[i], out.f[8][i],
                            out.f[9][i], out.f[10][i], out.flags[i]);
            }
            CHECK(bad == 0, "%s differs from scalar on %zu of %zu moves (seed=%" PRIu64 " scene=%s)",
                  horde_isa_name((horde_isa)isa), bad, n, seed, s.name);
            per_isa[isa] += n;
        }
        scene_free(&s);
        done += n;
    }
    ca_summary(per_isa, "moves");
    printf("  started free %zu (none ended inside a block), stuck %zu, step-ups %zu, truncated %zu\n",
           started_free, stuck, stepped, truncated);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&out);
    return tu_finish("checkasm_cylinder_move");
}
