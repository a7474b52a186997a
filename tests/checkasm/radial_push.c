/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_radial_push: every compiled backend runs the
 * inputs the scalar reference runs and must return identical bits (memcmp on out_x,
 * out_y, out_z, flags), over random sub-batches (every tail length), misaligned arrays
 * and in place (outputs = inputs). Inputs: a forest of poles on a jittered grid (some
 * invalid: NaN, bottom > top, negative radius; some list entries past the end), movers
 * placed near their first listed pole, aimed at exact contact (d2 == R*R), one ulp
 * inside and outside it, on the axis (coincident centres), at d2 just above and below
 * HORDE_RADIAL_PUSH_TINY, at the top and bottom of the pole, with radius 0, at coordinates up
 * to the limit, and invalid movers (NaN, Inf, out of range). Lists of 0-30 entries (past the
 * template's 16 cached ones), the neighbours of the first pole, so wedges occur.
 *
 * The reference itself is checked against radial_push.h in double precision (an
 * independent model): a mover not WEDGED ends at an exact distance >= r + r[j] from
 * every listed valid pole it overlaps vertically, up to the rounding of the header's
 * float test (2^-22 of the coordinates in play); a mover not COLLIDED keeps its input
 * bits; with one valid pole a mover is never WEDGED and is pushed no further than
 * R + 2 skin from the axis.
 *
 * Run: checkasm --test=radial_push [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "checkasm.h"

enum { NIN = 5, NOUT = 3, GRID = 48, NPOLES = GRID * GRID, MAX_LIST = 30 };

typedef CA_IO_ARRAYS(NIN, NOUT) arrays; /* x y z r h | x y z */
typedef struct { float *x, *z, *r, *bottom, *top; } pole_arrays;

static horde_radial_push_grid_batch batch_of(const arrays *a, size_t off, size_t n)
{
    horde_radial_push_grid_batch b = {a->in[0] + off, a->in[1] + off, a->in[2] + off, a->in[3] + off,
                              a->in[4] + off, a->out[0] + off, a->out[1] + off, a->out[2] + off,
                              a->flags + off, n};
    return b;
}

/* The list kernel's batch: mover batch m with the lists offsets, indices. */
static horde_radial_push_batch with_lists(const horde_radial_push_grid_batch *m, const uint32_t *offsets,
                                          const uint32_t *indices)
{
    const horde_radial_push_batch b = {m->x,     m->y,     m->z,     m->radius,    m->height, offsets,
                                       indices,  m->out_x, m->out_y, m->out_z,     m->out_flags, m->n};
    return b;
}

/* The forest: poles on a grid of spacing `spacing` around (cx, cz), jittered, radius 0-1. */
static void make_forest(tu_rng *g, pole_arrays *p, float cx, float cz, float spacing)
{
    for (int j = 0; j < NPOLES; j++) {
        /* One pole in 8 on the line x = 0: only there can a mover sit 2^-50 off the axis
         * (place_mover's case 3; elsewhere x + 2^-50 rounds back to x). */
        const float x = j % 8 == 3 ? 0.0f : cx + spacing * (float)(j % GRID) + tu_uniform(g, -0.3f, 0.3f);
        const float z = cz + spacing * (float)(j / GRID) + tu_uniform(g, -0.3f, 0.3f);
        float r = tu_below(g, 16) == 0 ? 0.0f : tu_uniform(g, 0.05f, 1.0f);
        float bottom = tu_uniform(g, -2.0f, 1.0f), top = bottom + tu_uniform(g, 0.0f, 8.0f);
        switch (tu_below(g, 64)) {
        case 0: r = NAN; break;
        case 1: r = -0.5f; break;
        case 2: top = bottom - 1.0f; break;
        case 3: bottom = INFINITY; break;
        case 4: top = bottom; break; /* zero height: valid, overlaps nothing of height > 0 ... */
        default: break;
        }
        p->x[j] = x, p->z[j] = z, p->r[j] = r, p->bottom[j] = bottom, p->top[j] = top;
    }
}

/* A mover near pole j: aimed at the contact distance or inside it. */
static void place_mover(tu_rng *g, const pole_arrays *p, uint32_t j, float *m)
{
    const float r = tu_below(g, 16) == 0 ? 0.0f : tu_uniform(g, 0.1f, 0.8f);
    const float h = tu_uniform(g, 0.0f, 2.5f);
    const float pr = p->r[j] == p->r[j] && p->r[j] >= 0.0f ? p->r[j] : 0.5f;
    const float R = r + pr;
    const float ang = tu_uniform(g, 0.0f, 6.2831853f);
    float x = p->x[j], z = p->z[j], y = p->bottom[j] + tu_uniform(g, -2.0f, 3.0f);
    switch (tu_below(g, 10)) {
    case 0: /* exact contact along an axis: d2 == R*R, not overlapping */
        x = p->x[j] + R; break;
    case 1: /* one ulp inside / outside contact */
        x = nextafterf(p->x[j] + R, tu_below(g, 2) ? 0.0f : INFINITY); break;
    case 2: /* on the axis */
        break;
    case 3: /* d2 around HORDE_RADIAL_PUSH_TINY */
        x = p->x[j] + (tu_below(g, 2) ? 0x1p-50f : 0x1.8p-51f) * (tu_below(g, 2) ? 1.0f : -1.0f); break;
    case 4: /* at the pole's top / bottom */
        y = tu_below(g, 2) ? p->top[j] : p->bottom[j] - h; x += R * 0.5f * cosf(ang), z += R * 0.5f * sinf(ang); break;
    default: {
        const float d = R * tu_uniform(g, 0.0f, 1.3f);
        x += d * cosf(ang), z += d * sinf(ang);
    }
    }
    m[0] = x, m[1] = y, m[2] = z, m[3] = r, m[4] = h;
    switch (tu_below(g, 80)) {
    case 0: m[0] = NAN; break;
    case 1: m[2] = INFINITY; break;
    case 2: m[3] = -0.25f; break;
    case 3: m[4] = 300.0f; break;
    case 4: m[1] = -1e30f; break;
    default: break;
    }
}

/* The reference against radial_push.h, in double. */
static void check_reference(const arrays *a, size_t i, const pole_arrays *p, const uint32_t *offsets,
                            const uint32_t *indices, uint64_t seed)
{
    const float x = a->in[0][i], y = a->in[1][i], z = a->in[2][i], r = a->in[3][i], h = a->in[4][i];
    const uint32_t f = a->flags[i];
    const int valid = fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(y) <= HORDE_RADIAL_PUSH_MAX_COORD &&
                      fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD && r >= 0 && r <= HORDE_RADIAL_PUSH_MAX_RADIUS &&
                      h >= 0 && h <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
    if (!valid) {
        CHECK(f == HORDE_FLAG_INVALID && ca_bits(a->out[0][i]) == ca_bits(x) &&
                  ca_bits(a->out[1][i]) == ca_bits(y) && ca_bits(a->out[2][i]) == ca_bits(z),
              "invalid mover %zu: flags %#x (seed=%" PRIu64 ")", i, f, seed);
        return;
    }
    CHECK(ca_bits(a->out[1][i]) == ca_bits(y), "y changed");
    if (!(f & HORDE_FLAG_COLLIDED))
        CHECK(ca_bits(a->out[0][i]) == ca_bits(x) && ca_bits(a->out[2][i]) == ca_bits(z),
              "not collided but moved: mover %zu (seed=%" PRIu64 ")", i, seed);
    int nvalid = 0, skipped = 0;
    const double ox = a->out[0][i], oz = a->out[2][i];
    for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
        const uint32_t j = indices[k];
        if (j >= NPOLES || !(p->r[j] >= 0 && p->r[j] <= HORDE_RADIAL_PUSH_MAX_RADIUS && p->bottom[j] <= p->top[j] &&
                             fabsf(p->bottom[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(p->top[j]) <= HORDE_RADIAL_PUSH_MAX_COORD)) {
            skipped = 1;
            continue;
        }
        nvalid++;
        const int vert = y < p->top[j] && (double)y + h > p->bottom[j];
        const double R = (double)r + p->r[j];
        const double d = sqrt((ox - p->x[j]) * (ox - p->x[j]) + (oz - p->z[j]) * (oz - p->z[j]));
        /* Vertical overlap in float (y + h is rounded once by the definition): only where
         * it is clear in double, so the model stays independent of that rounding. */
        const int vert_clear = vert && (double)y + h > (double)p->bottom[j] + 1e-3;
        /* The header's test is in float: exact distances within its rounding of R
         * (a few ulps of the coordinates in play) count as touching. */
        const double tol = (fabs(p->x[j]) + fabs(p->z[j]) + fabs(ox) + fabs(oz) + R) * 0x1p-22;
        if (!(f & HORDE_FLAG_WEDGED) && vert_clear && R > 0)
            CHECK(d >= R - tol, "mover %zu (%a %a %a r=%a h=%a) ends %.9g inside pole %u (R %.9g, flags %#x, seed=%" PRIu64 ")",
                  i, x, y, z, r, h, R - d, j, R, f, seed);
    }
    CHECK(!!(f & HORDE_FLAG_SKIPPED) == skipped, "SKIPPED flag %#x, model %d", f, skipped);
    if (nvalid == 1 && offsets[i + 1] - offsets[i] == 1) {
        const uint32_t j = indices[offsets[i]];
        CHECK(!(f & HORDE_FLAG_WEDGED), "one pole but WEDGED: mover %zu (seed=%" PRIu64 ")", i, seed);
        if (f & HORDE_FLAG_COLLIDED) {
            const double R = (double)r + p->r[j];
            const double skin = (fabs(p->x[j]) + fabs(p->z[j]) + R) * 0x1p-20;
            const double d = sqrt((ox - p->x[j]) * (ox - p->x[j]) + (oz - p->z[j]) * (oz - p->z[j]));
            const double dz0 = (double)z - p->z[j];
            const double extra = (double)x - p->x[j] == 0 && dz0 != 0 ? fabs(dz0) : 0; /* on the axis: z kept */
            CHECK(d <= R + 2 * skin + extra + 1e-12, "mover %zu pushed to %.9g from pole %u, R %.9g (seed=%" PRIu64 ")",
                  i, d, j, R, seed);
        }
    }
}

/* What the reference's outputs showed, for the generators' reach check. */
typedef struct ref_counts {
    size_t collided, wedged, skipped, invalid, flushed;
} ref_counts;
static ref_counts n_ref, gr_ref;
static size_t n_entries;

/* check_reference on every mover of the reference's outputs `ref` (inputs `in`), with
 * the counts. armv7 runs the kernels with subnormals flushed (testutil.h): a mover 2^-149
 * from a pole on the line x = 0 is not compared with the model there. */
static void check_references(const arrays *in, const arrays *ref, size_t n, const pole_arrays *p,
                             const uint32_t *offsets, const uint32_t *indices, uint64_t seed, ref_counts *c)
{
    arrays chk = *in;
    for (int k = 0; k < NOUT; k++)
        chk.out[k] = ref->out[k];
    chk.flags = ref->flags;
    for (size_t i = 0; i < n; i++) {
        if (!tu_outside_fp_policy((const float *const *)in->in, NIN, i))
            check_reference(&chk, i, p, offsets, indices, seed);
        else
            c->flushed++;
        const uint32_t f = ref->flags[i];
        c->collided += !!(f & HORDE_FLAG_COLLIDED), c->wedged += !!(f & HORDE_FLAG_WEDGED);
        c->skipped += !!(f & HORDE_FLAG_SKIPPED), c->invalid += f == HORDE_FLAG_INVALID;
    }
}

/* One push call of a test on backend isa, for the sub-batch b that starts at item off. */
typedef int (*push_call)(horde_isa isa, const horde_radial_push_grid_batch *b, size_t off, const void *ctx);

/* Backend isa against the reference's outputs (ref) on n items of `in`: random
 * sub-batches into poisoned outputs, then in place on the first 1000. */
static void backend_vs_ref(tu_rng *g, horde_isa isa, const arrays *in, const arrays *ref, arrays *got, size_t n,
                           push_call call, const void *ctx, uint64_t seed)
{
    ca_poison(got->flags, n);
    for (int c = 0; c < NOUT; c++)
        ca_poison(got->out[c], n);
    for (size_t off = 0; off < n;) {
        const size_t len = ca_sub_batch(g, n - off, 20, 700);
        horde_radial_push_grid_batch bb = batch_of(got, off, len);
        for (int c = 0; c < NIN; c++)
            (&bb.x)[c] = in->in[c] + off;
        CHECK(call(isa, &bb, off, ctx) == HORDE_OK, "status");
        off += len;
    }
    size_t first = 0;
    const size_t bad = ca_diff_outputs(ref->flags, ref->out, got->flags, got->out, NOUT, n, &first);
    CHECK(!bad, "%s: %zu movers differ, first %zu (%a %a %a r=%a h=%a) flags %#x/%#x x %a/%a z %a/%a "
                "(seed=%" PRIu64 ")", horde_isa_name(isa), bad, first, in->in[0][first], in->in[1][first],
          in->in[2][first], in->in[3][first], in->in[4][first], got->flags[first], ref->flags[first],
          got->out[0][first], ref->out[0][first], got->out[2][first], ref->out[2][first], seed);
    /* In place: outputs are the input arrays (copies). */
    const size_t m = n < 1000 ? n : 1000;
    arrays alias;
    CA_ALLOC_ARRAYS(&alias, m);
    for (int c = 0; c < NIN; c++)
        memcpy(alias.in[c], in->in[c], m * 4);
    const horde_radial_push_grid_batch ab = {alias.in[0], alias.in[1], alias.in[2], alias.in[3], alias.in[4],
                                     alias.in[0], alias.in[1], alias.in[2], alias.flags, m};
    CHECK(call(isa, &ab, 0, ctx) == HORDE_OK, "in place status");
    CHECK(!memcmp(alias.flags, ref->flags, m * 4) && ca_same_arrays(alias.in, ref->out, NOUT, m),
          "%s: in place differs (seed=%" PRIu64 ")", horde_isa_name(isa), seed);
    CA_FREE_ARRAYS(&alias);
}

/* The list kernel's call: the lists from item off on. */
typedef struct { const horde_poles *poles; const uint32_t *offsets, *indices; uint32_t iterations; } list_ctx;
static int call_list(horde_isa isa, const horde_radial_push_grid_batch *b, size_t off, const void *ctx)
{
    const list_ctx *c = ctx;
    const horde_radial_push_params p = {c->iterations};
    const horde_radial_push_batch lb = with_lists(b, c->offsets + off, c->indices);
    return horde_radial_push_isa(isa, c->poles, &p, &lb);
}

CHECKASM_TEST(radial_push)
{
    CA_BEGIN(radial_push, items);
    const size_t chunk = 16384;
    pole_arrays poles;
    CA_ALLOC_ARRAYS(&poles, NPOLES);
    arrays in, ref, got;
    CA_ALLOC_ARRAYS(&in, chunk), CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&got, chunk);
    uint32_t *offsets = malloc((chunk + 1) * 4), *indices = malloc(chunk * MAX_LIST * 4);
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < chunk ? items - done : chunk;
        /* Forests near the origin, and near the coordinate limit (spacing from crowded to sparse). */
        const float far = pass % 4 == 3 ? HORDE_RADIAL_PUSH_MAX_COORD - 200.0f : -20.0f;
        const float spacing = (float)(1 + pass % 3);
        make_forest(&g, &poles, far * (pass % 8 == 7 ? -1.0f : 1.0f), far, spacing);
        const uint32_t iterations = tu_below(&g, 4) == 0 ? 1 + tu_below(&g, HORDE_RADIAL_PUSH_MAX_ITERATIONS) : 1 + tu_below(&g, 6);
        offsets[0] = 0;
        for (size_t i = 0; i < n; i++) {
            const uint32_t j0 = tu_below(&g, NPOLES);
            const uint32_t cnt = tu_below(&g, 8) == 0 ? 0 : 1 + tu_below(&g, tu_below(&g, 8) ? 12 : MAX_LIST);
            for (uint32_t k = 0; k < cnt; k++) {
                const int dx = (int)tu_below(&g, 5) - 2, dz = (int)tu_below(&g, 5) - 2;
                uint32_t j = k == 0 ? j0 : (uint32_t)(((int)(j0 % GRID) + dx + GRID) % GRID + ((int)(j0 / GRID) + dz + GRID) % GRID * GRID);
                if (tu_below(&g, 64) == 0)
                    j = NPOLES + tu_below(&g, 3) * 1000000u;
                indices[offsets[i] + k] = j;
            }
            offsets[i + 1] = offsets[i] + cnt;
            float m[NIN];
            place_mover(&g, &poles, j0, m);
            for (int c = 0; c < NIN; c++)
                in.in[c][i] = m[c];
        }
        n_entries += offsets[n];
        const horde_poles hp = {poles.x, poles.z, poles.r, poles.bottom, poles.top, NPOLES};
        horde_radial_push_grid_batch rb = {in.in[0], in.in[1], in.in[2], in.in[3], in.in[4],
                                   ref.out[0], ref.out[1], ref.out[2], ref.flags, n};
        const horde_radial_push_params pp = {iterations};
        const horde_radial_push_batch rlb = with_lists(&rb, offsets, indices);
        CHECK(horde_radial_push_isa(HORDE_ISA_SCALAR, &hp, &pp, &rlb) == HORDE_OK, "scalar status");
        check_references(&in, &ref, n, &poles, offsets, indices, seed, &n_ref);
        const list_ctx lc = {&hp, offsets, indices, iterations};
        TU_FOR_EACH_BACKEND(isa) {
            backend_vs_ref(&g, (horde_isa)isa, &in, &ref, &got, n, call_list, &lc, seed);
            per_isa[isa] += n;
        }
        done += n;
    }
    ca_summary(per_isa, "movers");
    printf("  collided %zu, wedged %zu, skipped entries in %zu, invalid %zu, list entries %zu; movers with "
           "subnormal inputs not compared with the model %zu (armv7 flushes them)\n", n_ref.collided, n_ref.wedged,
           n_ref.skipped, n_ref.invalid, n_entries, n_ref.flushed);
    CA_COVERAGE(items, n_ref.collided > items / 10 && n_ref.wedged > 0 && n_ref.skipped > 0 && n_ref.invalid > 0,
          "the generators stopped reaching the cases they aim at");
    free(offsets), free(indices);
    CA_FREE_ARRAYS(&poles), CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&got);
    return tu_finish("checkasm_radial_push");
}

/* ---- radial_sweep ------------------------------------------------------------------------
 * Movers near a pole of the forest (make_forest), their displacement aimed at its axis
 * (head-on), past it (grazing, at R and one ulp either side of it), away from it, along
 * its tangent from exact contact, from inside it (ignored by the sweep), zero, tiny, and
 * fast (up to the 256-block limit, far more than any radius: the tunnelling case); lists
 * of the 5 x 5 poles around (wedges between poles); invalid movers and displacements.
 * The reference against the header in double:
 *   1. the mover never ends overlapping (the header's float test) a listed valid pole
 *      it did not overlap at the start;
 *   2. a mover whose straight path (exact, in double) comes within R - 2^-20 (R + |d|)
 *      of such a pole's axis is COLLIDED: no speed passes through or by a pole;
 *   3. a mover not COLLIDED ends at exactly (x + dx, z + dz) in float;
 *   4. with one pole, aimed head-on at its axis from outside, it stops on the near side. */

enum { SWEEP_LIST = 25 };

typedef struct { float *in[7], *out[2]; uint32_t *flags; } sweep_arrays; /* x y z r h dx dz | x z */

static void place_sweeper(tu_rng *g, const pole_arrays *p, uint32_t j, float *m, int *kind)
{
    place_mover(g, p, j, m); /* position, size (and its own invalid cases) */
    const float pr = p->r[j] == p->r[j] && p->r[j] >= 0.0f ? p->r[j] : 0.5f;
    const float R = m[3] + pr, ang = tu_uniform(g, 0.0f, 6.2831853f);
    const float speed = tu_below(g, 3) == 0 ? tu_uniform(g, 0.0f, 0.2f) : tu_below(g, 2) ? tu_uniform(g, 1.0f, 8.0f)
                                                                                          : tu_uniform(g, 20.0f, 256.0f);
    *kind = (int)tu_below(g, 8);
    float dx = speed * cosf(ang), dz = speed * sinf(ang);
    switch (*kind) {
    case 0: case 1: { /* from outside, head-on at the axis */
        const float back = R * tu_uniform(g, 1.0f, 3.0f);
        m[0] = p->x[j] - back * cosf(ang), m[2] = p->z[j] - back * sinf(ang);
        break;
    }
    case 2: { /* grazing: the path passes at R (or one ulp either side of it) from the axis */
        const float back = R * tu_uniform(g, 1.5f, 4.0f);
        float off = R;
        if (tu_below(g, 2)) off = nextafterf(R, tu_below(g, 2) ? 0.0f : INFINITY);
        m[0] = p->x[j] - back * cosf(ang) - off * sinf(ang), m[2] = p->z[j] - back * sinf(ang) + off * cosf(ang);
        break;
    }
    case 3: /* away from the pole */
        dx = m[0] - p->x[j], dz = m[2] - p->z[j];
        break;
    case 4: /* from exact contact, along the tangent */
        m[0] = p->x[j] + R, m[2] = p->z[j], dx = 0.0f, dz = speed * (tu_below(g, 2) ? 1.0f : -1.0f);
        break;
    case 5: /* zero displacement */
        dx = dz = 0.0f;
        break;
    default: break; /* wherever place_mover put it (inside sometimes), any direction */
    }
    switch (tu_below(g, 64)) {
    case 0: dx = NAN; break;
    case 1: dz = 300.0f; break;
    case 2: dx = -INFINITY; break;
    case 3: dx = HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT; break;
    default: break;
    }
    m[5] = dx, m[6] = dz;
}

static int pole_listed_ok(const pole_arrays *p, uint32_t j)
{
    return j < NPOLES && p->r[j] >= 0 && p->r[j] <= HORDE_RADIAL_PUSH_MAX_RADIUS && p->bottom[j] <= p->top[j] &&
           fabsf(p->bottom[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(p->top[j]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(p->x[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(p->z[j]) <= HORDE_RADIAL_PUSH_MAX_COORD;
}

static size_t sw_collided, sw_truncated, sw_passing, sw_headon, sw_flushed;

static void check_sweep(const sweep_arrays *a, size_t i, const pole_arrays *p, const uint32_t *offsets,
                        const uint32_t *indices, int kind, uint64_t seed)
{
    const float x = a->in[0][i], y = a->in[1][i], z = a->in[2][i], r = a->in[3][i], h = a->in[4][i];
    const float dx = a->in[5][i], dz = a->in[6][i];
    const uint32_t f = a->flags[i];
    const float ox = a->out[0][i], oz = a->out[1][i];
    if (!(fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(y) <= HORDE_RADIAL_PUSH_MAX_COORD &&
          fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD && r >= 0 && r <= HORDE_RADIAL_PUSH_MAX_RADIUS && h >= 0 &&
          h <= HORDE_RADIAL_PUSH_MAX_HEIGHT && fabsf(dx) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT && fabsf(dz) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT)) {
        CHECK(f == HORDE_FLAG_INVALID && ca_bits(ox) == ca_bits(x) && ca_bits(oz) == ca_bits(z),
              "sweep: invalid mover %zu flags %#x (seed=%" PRIu64 ")", i, f, seed);
        return;
    }
    sw_collided += !!(f & HORDE_FLAG_COLLIDED), sw_truncated += !!(f & HORDE_FLAG_TRUNCATED);
    if (!(f & HORDE_FLAG_COLLIDED))
        CHECK(ox == x + dx && oz == z + dz, "sweep: mover %zu not COLLIDED but not the whole way (seed=%" PRIu64 ")",
              i, seed);
    int valid_entries = 0;
    for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
        const uint32_t j = indices[k];
        if (!pole_listed_ok(p, j))
            continue;
        valid_entries++;
        if (!(y < p->top[j] && y + h > p->bottom[j]))
            continue;
        const float R = r + p->r[j];
        const float ex = x - p->x[j], ez = z - p->z[j];
        if (!(ex * ex + ez * ez >= R * R))
            continue; /* inside at the start: ignored by the sweep */
        const float fx = ox - p->x[j], fz = oz - p->z[j];
        CHECK(!(fx * fx + fz * fz < R * R),
              "sweep: mover %zu (%a %a %a r=%a d=%a %a) ends inside pole %u (%a %a r=%a) at %a %a, flags %#x "
              "(seed=%" PRIu64 ")", i, x, y, z, r, dx, dz, j, p->x[j], p->z[j], p->r[j], ox, oz, f, seed);
        /* 2: the straight path's closest approach, exact in double */
        const double a2 = (double)dx * dx + (double)dz * dz;
        double tc = a2 > 0 ? -((double)ex * dx + (double)ez * dz) / a2 : 0;
        tc = tc < 0 ? 0 : tc > 1 ? 1 : tc;
        const double mx = ex + dx * tc, mz = ez + dz * tc;
        const double md = sqrt(mx * mx + mz * mz);
        if (md < (double)R - ((double)R + fabs(dx) + fabs(dz)) * 0x1p-20) {
            sw_passing++;
            CHECK(f & HORDE_FLAG_COLLIDED, "sweep: mover %zu passes %.9g from pole %u's axis (R %.9g) uncollided "
                                           "(seed=%" PRIu64 ")", i, md, j, (double)R, seed);
        }
    }
    if (valid_entries == 1 && offsets[i + 1] - offsets[i] == 1 && kind <= 1) { /* 4: head-on, one pole */
        const uint32_t j = indices[offsets[i]];
        const float R = r + p->r[j];
        const double ex = (double)x - p->x[j], ez = (double)z - p->z[j];
        if (ex * ex + ez * ez > (double)R * R && y < p->top[j] && y + h > p->bottom[j] && (double)dx * dx + (double)dz * dz > 0) {
            sw_headon++;
            const double along = ((double)ox - p->x[j]) * dx + ((double)oz - p->z[j]) * dz;
            CHECK(along < 0 || !(f & HORDE_FLAG_COLLIDED) || hypot((double)ox - p->x[j], (double)oz - p->z[j]) >= R,
                  "sweep: mover %zu went past pole %u's axis (seed=%" PRIu64 ")", i, j, seed);
        }
    }
}

CHECKASM_TEST(radial_sweep)
{
    CA_BEGIN(radial_sweep, items);
    const size_t chunk = 16384;
    pole_arrays poles;
    CA_ALLOC_ARRAYS(&poles, NPOLES);
    sweep_arrays in, ref, got;
    CA_ALLOC_ARRAYS(&in, chunk), CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&got, chunk);
    uint32_t *offsets = malloc((chunk + 1) * 4), *indices = malloc(chunk * SWEEP_LIST * 4);
    int *kinds = malloc(chunk * sizeof *kinds);
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < chunk ? items - done : chunk;
        const float far = pass % 4 == 3 ? HORDE_RADIAL_PUSH_MAX_COORD - 300.0f : -20.0f;
        make_forest(&g, &poles, far * (pass % 8 == 7 ? -1.0f : 1.0f), far, (float)(1 + pass % 3));
        const uint32_t slides = tu_below(&g, 4) == 0 ? 1 + tu_below(&g, HORDE_RADIAL_SWEEP_MAX_SLIDES) : 1 + tu_below(&g, 4);
        offsets[0] = 0;
        for (size_t i = 0; i < n; i++) {
            const uint32_t j0 = tu_below(&g, NPOLES);
            const uint32_t cnt = tu_below(&g, 4) == 0 ? 1 : tu_below(&g, SWEEP_LIST + 1);
            for (uint32_t k = 0; k < cnt; k++) { /* the 5 x 5 around j0, j0 first */
                const int ddx = (int)(k % 5) - 2, ddz = (int)(k / 5) - 2;
                uint32_t j = k == 0 ? j0 : (uint32_t)(((int)(j0 % GRID) + ddx + GRID) % GRID + ((int)(j0 / GRID) + ddz + GRID) % GRID * GRID);
                if (tu_below(&g, 64) == 0)
                    j = NPOLES + tu_below(&g, 3);
                indices[offsets[i] + k] = j;
            }
            offsets[i + 1] = offsets[i] + cnt;
            float m[7];
            place_sweeper(&g, &poles, j0, m, &kinds[i]);
            for (int c = 0; c < 7; c++)
                in.in[c][i] = m[c];
        }
        const horde_poles hp = {poles.x, poles.z, poles.r, poles.bottom, poles.top, NPOLES};
        const horde_radial_sweep_params sp = {slides};
        horde_radial_sweep_batch rb = {in.in[0], in.in[1], in.in[2], in.in[3], in.in[4], in.in[5], in.in[6],
                                       offsets, indices, ref.out[0], ref.out[1], ref.flags, n};
        CHECK(horde_radial_sweep_isa(HORDE_ISA_SCALAR, &hp, &sp, &rb) == HORDE_OK, "scalar status");
        sweep_arrays chk = in;
        chk.out[0] = ref.out[0], chk.out[1] = ref.out[1], chk.flags = ref.flags;
        for (size_t i = 0; i < n; i++) {
            if (!tu_outside_fp_policy((const float *const *)in.in, (int)(sizeof in.in / sizeof in.in[0]), i))
                check_sweep(&chk, i, &poles, offsets, indices, kinds[i], seed);
            else
                sw_flushed++;
        }
        TU_FOR_EACH_BACKEND(isa) {
            ca_poison(got.flags, n), ca_poison(got.out[0], n), ca_poison(got.out[1], n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 20, 700);
                horde_radial_sweep_batch bb = {in.in[0] + off, in.in[1] + off, in.in[2] + off, in.in[3] + off,
                                               in.in[4] + off, in.in[5] + off, in.in[6] + off, offsets + off,
                                               indices, got.out[0] + off, got.out[1] + off, got.flags + off, len};
                CHECK(horde_radial_sweep_isa((horde_isa)isa, &hp, &sp, &bb) == HORDE_OK,
                      "status");
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_diff_outputs(ref.flags, ref.out, got.flags, got.out, 2, n, &first);
            CHECK(!bad, "%s: sweep: %zu movers differ, first %zu flags %#x/%#x x %a/%a z %a/%a (seed=%" PRIu64 ")",
                  horde_isa_name((horde_isa)isa), bad, first, got.flags[first], ref.flags[first], got.out[0][first],
                  ref.out[0][first], got.out[1][first], ref.out[1][first], seed);
            const size_t m = n < 1000 ? n : 1000; /* in place */
            sweep_arrays al;
            CA_ALLOC_ARRAYS(&al, m);
            for (int c = 0; c < 7; c++)
                memcpy(al.in[c], in.in[c], m * 4);
            horde_radial_sweep_batch ab = {al.in[0], al.in[1], al.in[2], al.in[3], al.in[4], al.in[5], al.in[6],
                                           offsets, indices, al.in[0], al.in[2], al.flags, m};
            horde_radial_sweep_isa((horde_isa)isa, &hp, &sp, &ab);
            CHECK(!memcmp(al.flags, ref.flags, m * 4) && !memcmp(al.in[0], ref.out[0], m * 4) &&
                      !memcmp(al.in[2], ref.out[1], m * 4),
                  "%s: sweep in place differs (seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), seed);
            CA_FREE_ARRAYS(&al);
            per_isa[isa] += n;
        }
        done += n;
    }
    ca_summary(per_isa, "movers");
    printf("  collided %zu, truncated %zu, paths through a pole %zu, head-on single poles %zu; movers with subnormal "
           "inputs not compared with the model %zu (armv7 flushes them)\n", sw_collided, sw_truncated, sw_passing,
           sw_headon, sw_flushed);
    CA_COVERAGE(items, sw_collided > items / 10 && sw_truncated > 0 && sw_passing > items / 20 && sw_headon > 0,
          "the generators stopped reaching the cases they aim at");
    free(offsets), free(indices), free(kinds);
    CA_FREE_ARRAYS(&poles), CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&got);
    return tu_finish("checkasm_radial_sweep");
}

/* ---- radial_push_grid ----------------------------------------------------------------------
 * The grid kernel's reference against the list kernel: each mover's list is built here
 * from the header's rule (the mover's cell by the float division, the 3 x 3 cells, each
 * cell's valid poles ascending, placed by this test's own bucketing, not the grid's), and
 * horde_radial_push on those lists must give the grid reference's bits; then every
 * backend of the grid kernel must give them too (sub-batches, in place). Also: the
 * coverage promise (when r + max_r <= cell (1 - 2^-10) and the coordinates are within
 * 2^12 cell, every pole the mover overlaps at its input is in its list; brute force over
 * all poles for one mover in 8), and check_reference's double model on the outputs.
 * Inputs: make_forest's poles, cells from half the spacing to several spacings; movers
 * placed as for radial_push, on cell borders (a multiple of the cell and one ulp either
 * side), in the ring of cells just outside the grid, far outside it, all in one cell
 * (every group full), invalid ones; and poles made invalid after the build (SKIPPED). */

typedef struct cell_lists {
    int32_t cx0, cz0, nx, nz;
    uint32_t *start, *items; /* this test's own buckets: valid poles by cell, ascending */
} cell_lists;

static int32_t floor_cell(float v, float cell) { return (int32_t)floorf(v / cell); }

static void bucket_poles(const pole_arrays *p, float cell, cell_lists *c)
{
    int first = 1;
    int32_t x1 = 0, z1 = 0;
    for (uint32_t j = 0; j < NPOLES; j++) {
        if (!pole_listed_ok(p, j))
            continue;
        const int32_t cx = floor_cell(p->x[j], cell), cz = floor_cell(p->z[j], cell);
        if (first)
            c->cx0 = x1 = cx, c->cz0 = z1 = cz, first = 0;
        c->cx0 = cx < c->cx0 ? cx : c->cx0, x1 = cx > x1 ? cx : x1;
        c->cz0 = cz < c->cz0 ? cz : c->cz0, z1 = cz > z1 ? cz : z1;
    }
    c->nx = x1 - c->cx0 + 1, c->nz = z1 - c->cz0 + 1;
    const size_t cells = (size_t)c->nx * (size_t)c->nz;
    c->start = calloc(cells + 1, 4), c->items = malloc(NPOLES * 4);
    /* counts, then ascending j within each cell */
    size_t at = 0;
    uint32_t *cnt = calloc(cells + 1, 4);
    for (uint32_t j = 0; j < NPOLES; j++)
        if (pole_listed_ok(p, j))
            cnt[(size_t)(floor_cell(p->z[j], cell) - c->cz0) * (size_t)c->nx + (size_t)(floor_cell(p->x[j], cell) - c->cx0)]++;
    for (size_t k = 0; k < cells; k++)
        c->start[k] = (uint32_t)at, at += cnt[k], cnt[k] = 0;
    c->start[cells] = (uint32_t)at;
    for (uint32_t j = 0; j < NPOLES; j++)
        if (pole_listed_ok(p, j)) {
            const size_t k = (size_t)(floor_cell(p->z[j], cell) - c->cz0) * (size_t)c->nx +
                             (size_t)(floor_cell(p->x[j], cell) - c->cx0);
            c->items[c->start[k] + cnt[k]++] = j;
        }
    free(cnt);
}

/* Mover i's list by the header's rule; returns its length (written at indices + at). */
static uint32_t list_of(const cell_lists *c, float x, float z, float cell, uint32_t *out)
{
    const int32_t cx = floor_cell(x, cell) - c->cx0, cz = floor_cell(z, cell) - c->cz0;
    uint32_t len = 0;
    for (int32_t row = cz - 1; row <= cz + 1; row++)
        for (int32_t col = cx - 1; col <= cx + 1; col++) {
            if (row < 0 || row >= c->nz || col < 0 || col >= c->nx)
                continue;
            const size_t k = (size_t)row * (size_t)c->nx + (size_t)col;
            for (uint32_t e = c->start[k]; e < c->start[k + 1]; e++)
                out[len++] = c->items[e];
        }
    return len;
}

static size_t gr_border, gr_ring, gr_outside, gr_covered, gr_flushed;

/* The grid kernel's call: the scratch at a byte offset that follows the sub-batch (any
 * alignment). */
typedef struct {
    const horde_pole_grid *grid;
    const horde_poles *poles;
    uint32_t iterations;
    void *scratch;
    size_t bytes;
} grid_ctx;
static int call_grid(horde_isa isa, const horde_radial_push_grid_batch *b, size_t off, const void *ctx)
{
    const grid_ctx *c = ctx;
    const horde_radial_push_grid_params p = {c->iterations};
    return horde_radial_push_grid_isa(isa, c->grid, c->poles, &p, b, (char *)c->scratch + off % 4, c->bytes);
}

/* Movers placed for the grid: near a pole, on a cell border, in the ring, far outside. */
static void place_grid_mover(tu_rng *g, const pole_arrays *p, const cell_lists *c, float cell, uint32_t j, float *m)
{
    place_mover(g, p, j, m);
    switch (tu_below(g, 8)) {
    case 0: { /* on a cell border (x or z or both), or one ulp either side */
        const int32_t k = c->cx0 + (int32_t)tu_below(g, (uint32_t)c->nx + 1);
        float v = (float)k * cell;
        if (tu_below(g, 2))
            v = nextafterf(v, tu_below(g, 2) ? -INFINITY : INFINITY);
        m[0] = v;
        if (tu_below(g, 2))
            m[2] = nextafterf((float)(c->cz0 + (int32_t)tu_below(g, (uint32_t)c->nz + 1)) * cell,
                              tu_below(g, 2) ? -INFINITY : INFINITY);
        gr_border++;
        break;
    }
    case 1: /* in the ring just outside the grid, or two cells out */
        m[0] = ((float)c->cx0 - tu_uniform(g, 0.0f, 2.0f)) * cell;
        if (tu_below(g, 2))
            m[0] = ((float)(c->cx0 + c->nx) + tu_uniform(g, 0.0f, 2.0f)) * cell;
        gr_ring++;
        break;
    case 2:
        if (tu_below(g, 8) == 0) { /* far outside (within the coordinate limit) */
            m[2] = tu_below(g, 2) ? HORDE_RADIAL_PUSH_MAX_COORD : -HORDE_RADIAL_PUSH_MAX_COORD;
            gr_outside++;
        }
        break;
    default: break;
    }
}

CHECKASM_TEST(radial_push_grid)
{
    CA_BEGIN(radial_push_grid, items);
    const size_t chunk = 8192;
    pole_arrays poles;
    CA_ALLOC_ARRAYS(&poles, NPOLES);
    arrays in, ref, got, lst;
    CA_ALLOC_ARRAYS(&in, chunk), CA_ALLOC_ARRAYS(&ref, chunk), CA_ALLOC_ARRAYS(&got, chunk), CA_ALLOC_ARRAYS(&lst, chunk);
    uint32_t *offsets = malloc((chunk + 1) * 4);
    size_t cap = chunk * 64;
    uint32_t *indices = malloc(cap * 4);
    for (size_t done = 0, pass = 0; done < items; pass++) {
        const size_t n = items - done < chunk ? items - done : chunk;
        const float far = pass % 4 == 3 ? HORDE_RADIAL_PUSH_MAX_COORD - 200.0f : -20.0f;
        const float spacing = (float)(1 + pass % 3);
        make_forest(&g, &poles, far * (pass % 8 == 7 ? -1.0f : 1.0f), far, spacing);
        static const float cells[] = {2.0f, 0.5f, 1.0f, 3.0f, 7.0f, 1.875f};
        float cell = cells[tu_below(&g, sizeof cells / sizeof *cells)];
        const uint32_t iterations = tu_below(&g, 4) == 0 ? 1 + tu_below(&g, HORDE_RADIAL_PUSH_MAX_ITERATIONS) : 1 + tu_below(&g, 6);
        /* The grid, as the library builds it. */
        const horde_poles hp = {poles.x, poles.z, poles.r, poles.bottom, poles.top, NPOLES};
        while (!horde_pole_grid_scratch_bytes(&hp, cell)) /* too many cells (the far forests reach x = 0) */
            cell *= 2.0f;
        const size_t gbytes = horde_pole_grid_scratch_bytes(&hp, cell);
        void *gscratch = malloc(gbytes);
        horde_pole_grid grid;
        CHECK(gbytes && horde_pole_grid_build(&grid, &hp, cell, gscratch, gbytes) == HORDE_OK, "grid build");
        cell_lists cl;
        bucket_poles(&poles, cell, &cl);
        CHECK(cl.cx0 == grid.cx0 && cl.cz0 == grid.cz0 && (uint32_t)cl.nx == grid.nx && (uint32_t)cl.nz == grid.nz,
              "grid extent differs from the test's (seed=%" PRIu64 ")", seed);
        /* Movers, and their lists by the header's rule. */
        const int clump = pass % 6 == 5; /* every mover in one cell */
        const uint32_t jc = tu_below(&g, NPOLES);
        offsets[0] = 0;
        for (size_t i = 0; i < n; i++) {
            float m[NIN];
            const uint32_t j0 = tu_below(&g, NPOLES);
            place_grid_mover(&g, &poles, &cl, cell, j0, m);
            if (clump) {
                const float bx = (float)floor_cell(poles.x[jc], cell) * cell, bz = (float)floor_cell(poles.z[jc], cell) * cell;
                m[0] = bx + tu_uniform(&g, 0.0f, cell * 0.99f), m[2] = bz + tu_uniform(&g, 0.0f, cell * 0.99f);
            }
            for (int c = 0; c < NIN; c++)
                in.in[c][i] = m[c];
            const int valid = fabsf(m[0]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(m[1]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
                              fabsf(m[2]) <= HORDE_RADIAL_PUSH_MAX_COORD && m[3] >= 0 && m[3] <= HORDE_RADIAL_PUSH_MAX_RADIUS &&
                              m[4] >= 0 && m[4] <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
            uint32_t len = 0;
            if (valid) {
                if (offsets[i] + 9 * NPOLES > cap) {
                    cap = (offsets[i] + 9 * NPOLES) * 2;
                    indices = realloc(indices, cap * 4);
                }
                len = list_of(&cl, m[0], m[2], cell, indices + offsets[i]);
            }
            offsets[i + 1] = offsets[i] + len;
        }
        /* Coverage: brute force over all poles for one mover in 8. */
        float max_r = 0.0f;
        for (uint32_t j = 0; j < NPOLES; j++)
            if (pole_listed_ok(&poles, j) && poles.r[j] > max_r)
                max_r = poles.r[j];
        for (size_t i = 0; i < n; i += 8) {
            const float x = in.in[0][i], y = in.in[1][i], z = in.in[2][i], r = in.in[3][i], h = in.in[4][i];
            if (!(r >= 0 && r + max_r <= cell * (1.0f - 0x1p-10f) && fabsf(x) <= 4096.0f * cell &&
                  fabsf(z) <= 4096.0f * cell && fabsf(far) <= 4096.0f * cell && h >= 0 && h <= HORDE_RADIAL_PUSH_MAX_HEIGHT &&
                  fabsf(y) <= HORDE_RADIAL_PUSH_MAX_COORD))
                continue;
            for (uint32_t j = 0; j < NPOLES; j++) {
                if (!pole_listed_ok(&poles, j))
                    continue;
                const float R = r + poles.r[j], dx = x - poles.x[j], dz = z - poles.z[j];
                if (!(y < poles.top[j] && y + h > poles.bottom[j] && dx * dx + dz * dz < R * R))
                    continue;
                int listed = 0;
                for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++)
                    listed |= indices[k] == j;
                CHECK(listed, "mover %zu (%a %a) overlaps pole %u (%a %a) outside its 3 x 3 cells, cell %a (seed=%" PRIu64 ")",
                      i, x, z, j, poles.x[j], poles.z[j], cell, seed);
                gr_covered++;
            }
        }
        /* Poles changed after the build: entries that now name no valid pole are skipped. */
        if (pass % 5 == 4)
            for (int k = 0; k < 40; k++)
                poles.r[tu_below(&g, NPOLES)] = tu_below(&g, 2) ? NAN : -1.0f;
        /* The list kernel on the header's lists, and the grid reference. */
        horde_radial_push_grid_batch lb = {in.in[0], in.in[1], in.in[2], in.in[3], in.in[4],
                                   lst.out[0], lst.out[1], lst.out[2], lst.flags, n};
        const horde_radial_push_params pp = {iterations};
        const horde_radial_push_batch llb = with_lists(&lb, offsets, indices);
        CHECK(horde_radial_push_isa(HORDE_ISA_SCALAR, &hp, &pp, &llb) == HORDE_OK, "list status");
        const size_t bytes = horde_radial_push_grid_scratch_bytes(&grid, chunk);
        void *scratch = malloc(bytes + 3);
        horde_radial_push_grid_batch rb = lb;
        rb.out_x = ref.out[0], rb.out_y = ref.out[1], rb.out_z = ref.out[2], rb.out_flags = ref.flags;
        const horde_radial_push_grid_params gp = {iterations};
        CHECK(horde_radial_push_grid_isa(HORDE_ISA_SCALAR, &grid, &hp, &gp, &rb, scratch, bytes) == HORDE_OK,
              "grid scalar status");
        /* armv7 runs the kernels with subnormals flushed (testutil.h), this test's lists
         * without: a coordinate of 2^-149 is a cell -1 here and cell 0 in the kernel. Those
         * movers take the grid reference's outputs (the backends still must match it). */
        for (size_t i = 0; i < n; i++)
            if (tu_outside_fp_policy((const float *const *)in.in, NIN, i)) {
                for (int c = 0; c < NOUT; c++)
                    lst.out[c][i] = ref.out[c][i];
                lst.flags[i] = ref.flags[i], gr_flushed++;
            }
        size_t first = 0;
        size_t bad = ca_diff_outputs(lst.flags, lst.out, ref.flags, ref.out, NOUT, n, &first);
        CHECK(!bad, "grid reference differs from the list kernel on %zu movers, first %zu (%a %a %a) flags %#x/%#x "
                    "(seed=%" PRIu64 ")", bad, first, in.in[0][first], in.in[1][first], in.in[2][first],
              ref.flags[first], lst.flags[first], seed);
        check_references(&in, &ref, n, &poles, offsets, indices, seed, &gr_ref);
        const grid_ctx gc = {&grid, &hp, iterations, scratch, bytes};
        TU_FOR_EACH_BACKEND(isa) {
            backend_vs_ref(&g, (horde_isa)isa, &in, &ref, &got, n, call_grid, &gc, seed);
            per_isa[isa] += n;
        }
        free(scratch), free(gscratch), free(cl.start), free(cl.items);
        done += n;
    }
    ca_summary(per_isa, "movers");
    printf("  collided %zu, wedged %zu, skipped %zu; on cell borders %zu, in the outer ring %zu, far outside %zu; "
           "overlapped poles found in the 3 x 3 lists %zu; not compared with the list kernel (armv7: subnormal "
           "input) %zu\n", gr_ref.collided, gr_ref.wedged, gr_ref.skipped, gr_border, gr_ring,
           gr_outside, gr_covered, gr_flushed);
    CA_COVERAGE(items, gr_ref.collided > items / 10 && gr_ref.wedged > 0 && gr_ref.skipped > 0 && gr_border > 0 &&
              gr_covered > items / 100,
          "the generators stopped reaching the cases they aim at");
    free(offsets), free(indices);
    CA_FREE_ARRAYS(&poles), CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&got), CA_FREE_ARRAYS(&lst);
    return tu_finish("checkasm_radial_push_grid");
}
