/* checkasm-style equality test for horde_radial_push: every compiled backend runs the
 * inputs the scalar reference runs and must return identical bits (memcmp on out_x,
 * out_y, out_z, flags), over random sub-batches (every tail length), misaligned arrays
 * and in place (outputs = inputs). Inputs: a forest of poles on a jittered grid (some
 * invalid: NaN, bottom > top, negative radius; some list entries past the end), movers
 * placed near their first listed pole, aimed at exact contact (d2 == R*R), one ulp
 * inside and outside it, on the axis (coincident centres), at d2 just above and below
 * HORDE_RADIAL_TINY, at the top and bottom of the pole, with radius 0, at coordinates up
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

typedef struct { float *in[NIN], *out[NOUT]; uint32_t *flags; } arrays; /* x y z r h | x y z */
typedef struct { float *x, *z, *r, *bottom, *top; } pole_arrays;

static horde_cylinder_batch batch_of(const arrays *a, size_t off, size_t n)
{
    horde_cylinder_batch b = {a->in[0] + off, a->in[1] + off, a->in[2] + off, a->in[3] + off,
                              a->in[4] + off, a->out[0] + off, a->out[1] + off, a->out[2] + off,
                              a->flags + off, n};
    return b;
}

/* The forest: poles on a grid of spacing `spacing` around (cx, cz), jittered, radius 0-1. */
static void make_forest(tu_rng *g, pole_arrays *p, float cx, float cz, float spacing)
{
    for (int j = 0; j < NPOLES; j++) {
        const float x = cx + spacing * (float)(j % GRID) + tu_uniform(g, -0.3f, 0.3f);
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
    case 3: /* d2 around HORDE_RADIAL_TINY */
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
    const int valid = fabsf(x) <= HORDE_RADIAL_MAX_COORD && fabsf(y) <= HORDE_RADIAL_MAX_COORD &&
                      fabsf(z) <= HORDE_RADIAL_MAX_COORD && r >= 0 && r <= HORDE_RADIAL_MAX_RADIUS &&
                      h >= 0 && h <= HORDE_RADIAL_MAX_HEIGHT;
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
        if (j >= NPOLES || !(p->r[j] >= 0 && p->r[j] <= HORDE_RADIAL_MAX_RADIUS && p->bottom[j] <= p->top[j] &&
                             fabsf(p->bottom[j]) <= HORDE_RADIAL_MAX_COORD && fabsf(p->top[j]) <= HORDE_RADIAL_MAX_COORD)) {
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

static size_t n_collided, n_wedged, n_skipped, n_invalid, n_entries;

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
        const float far = pass % 4 == 3 ? HORDE_RADIAL_MAX_COORD - 200.0f : -20.0f;
        const float spacing = (float)(1 + pass % 3);
        make_forest(&g, &poles, far * (pass % 8 == 7 ? -1.0f : 1.0f), far, spacing);
        const uint32_t iterations = tu_below(&g, 4) == 0 ? 1 + tu_below(&g, HORDE_RADIAL_MAX_ITERATIONS) : 1 + tu_below(&g, 6);
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
        horde_cylinder_batch rb = {in.in[0], in.in[1], in.in[2], in.in[3], in.in[4],
                                   ref.out[0], ref.out[1], ref.out[2], ref.flags, n};
        CHECK(horde_radial_push_isa(HORDE_ISA_SCALAR, &hp, offsets, indices, iterations, &rb) == HORDE_OK,
              "scalar status");
        arrays chk = in;
        for (int c = 0; c < NOUT; c++)
            chk.out[c] = ref.out[c];
        chk.flags = ref.flags;
        for (size_t i = 0; i < n; i++) {
            check_reference(&chk, i, &poles, offsets, indices, seed);
            n_collided += !!(ref.flags[i] & HORDE_FLAG_COLLIDED), n_wedged += !!(ref.flags[i] & HORDE_FLAG_WEDGED);
            n_skipped += !!(ref.flags[i] & HORDE_FLAG_SKIPPED), n_invalid += ref.flags[i] == HORDE_FLAG_INVALID;
        }
        TU_FOR_EACH_BACKEND(isa) {
            ca_poison(got.flags, n);
            for (int c = 0; c < NOUT; c++)
                ca_poison(got.out[c], n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 20, 700);
                horde_cylinder_batch bb = batch_of(&got, off, len);
                for (int c = 0; c < NIN; c++)
                    (&bb.x)[c] = in.in[c] + off;
                CHECK(horde_radial_push_isa((horde_isa)isa, &hp, offsets + off, indices, iterations, &bb) == HORDE_OK,
                      "status");
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_diff_outputs(ref.flags, ref.out, got.flags, got.out, NOUT, n, &first);
            CHECK(!bad, "%s: %zu movers differ, first %zu (%a %a %a r=%a h=%a) flags %#x/%#x x %a/%a z %a/%a "
                        "(seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), bad, first, in.in[0][first],
                  in.in[1][first], in.in[2][first], in.in[3][first], in.in[4][first], got.flags[first],
                  ref.flags[first], got.out[0][first], ref.out[0][first], got.out[2][first], ref.out[2][first], seed);
            /* In place: outputs are the input arrays (copies). */
            const size_t m = n < 1000 ? n : 1000;
            arrays alias;
            CA_ALLOC_ARRAYS(&alias, m);
            for (int c = 0; c < NIN; c++)
                memcpy(alias.in[c], in.in[c], m * 4);
            horde_cylinder_batch ab = {alias.in[0], alias.in[1], alias.in[2], alias.in[3], alias.in[4],
                                       alias.in[0], alias.in[1], alias.in[2], alias.flags, m};
            horde_radial_push_isa((horde_isa)isa, &hp, offsets, indices, iterations, &ab);
            CHECK(!memcmp(alias.flags, ref.flags, m * 4) && ca_same_arrays(alias.in, ref.out, NOUT, m),
                  "%s: in place differs (seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), seed);
            CA_FREE_ARRAYS(&alias);
            per_isa[isa] += n;
        }
        done += n;
    }
    ca_summary(per_isa, "movers");
    printf("  collided %zu, wedged %zu, skipped entries in %zu, invalid %zu, list entries %zu\n", n_collided,
           n_wedged, n_skipped, n_invalid, n_entries);
    CHECK(n_collided > items / 10 && n_wedged > 0 && n_skipped > 0 && n_invalid > 0,
          "the generators stopped reaching the cases they aim at");
    free(offsets), free(indices);
    CA_FREE_ARRAYS(&poles), CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&got);
    return tu_finish("checkasm_radial_push");
}
