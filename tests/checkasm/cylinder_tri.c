/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_cylinder_tri: every compiled backend runs on the
 * same pairs as the scalar reference and must return identical bits (memcmp on pushes
 * and flags). Inputs: random movers around random triangles (about half in contact),
 * aimed pairs (vertical walls, floors exactly at the band ends, slivers, collinear,
 * repeated and single-point triangles, centres snapped onto vertices, edges and the
 * clip lines, one ulp off them, a band grazing one vertex with the centre on it,
 * centres on a clip edge's normal through its end),
 * invalid values; random batch sizes (every tail
 * length), unaligned arrays, in-place calls (out_px == x, out_pz == z).
 *
 * The reference itself is checked against an independent double-precision computation
 * (Sutherland-Hodgman clip of the triangle to the band, flatten, point-in-polygon and
 * distance to every edge): on pairs whose answer is not decided by rounding (a vertex
 * within TOL * scale of a band end, d within TOL * scale of 0 or of r, two closest
 * points at the same distance), contact, INSIDE
 * and the push must agree, the push within TOL * scale * (1 + (r + d) / d), where
 * scale = 1 + the largest |input|.
 * It also checks that a pushed mover no longer touches the triangle.
 *
 * Run: checkasm --test=cylinder_tri [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "checkasm.h"

/* Double check tolerance, relative to scale = 1 + the largest |coordinate| of the pair. */
#define TOL 2e-5

typedef struct {
    float *v[14]; /* x y z r h ax ay az bx by bz cx cy cz */
    float *px, *pz;
    uint32_t *f;
} arrays;

static horde_triangles tris_of(const arrays *a, size_t off, size_t n)
{
    return TU_TRIS(a->v + 5, off, n);
}
static horde_cylinder_tri_batch batch_of(const arrays *a, size_t off, size_t n)
{
    horde_cylinder_tri_batch b = {a->v[0] + off, a->v[1] + off, a->v[2] + off, a->v[3] + off,
                                  a->v[4] + off, a->px + off, a->pz + off, a->f + off, n};
    return b;
}

static float bad_value(tu_rng *g)
{
    static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, -0.25f, 1025.0f, 1048577.0f, -2e9f, 1e30f};
    return bad[tu_below(g, sizeof bad / sizeof bad[0])];
}

/* Snap v onto a nice value or one ulp off it. */
static float snapf(tu_rng *g, float v)
{
    switch (tu_below(g, 4)) {
    case 0: return v;
    case 1: return nextafterf(v, INFINITY);
    case 2: return nextafterf(v, -INFINITY);
    default: return roundf(v * 4.0f) / 4.0f;
    }
}

/* One pair. mode 0 random, 1 aimed/degenerate, 2 random with invalid values. */
static void gen_pair(tu_rng *g, int mode, float step, float *v)
{
    const float cx = tu_uniform(g, -100.0f, 100.0f), cy = tu_uniform(g, -20.0f, 20.0f),
                cz = tu_uniform(g, -100.0f, 100.0f);
    float r = tu_uniform(g, 0.05f, 1.0f), h = tu_uniform(g, 0.5f, 3.0f);
    float t[9];
    const float span = tu_uniform(g, 0.2f, 4.0f);
    for (int k = 0; k < 3; k++) {
        t[3 * k + 0] = cx + tu_uniform(g, -span, span);
        t[3 * k + 1] = cy + tu_uniform(g, -span, span) + h * 0.5f;
        t[3 * k + 2] = cz + tu_uniform(g, -span, span);
    }
    float x = cx + tu_uniform(g, -span, span), y = cy, z = cz + tu_uniform(g, -span, span);
    if (mode == 1) {
        const float lo = y + step, hi = y + h;
        switch (tu_below(g, 12)) {
        case 0: /* vertical wall: all three in a vertical plane */
        {
            const float dx = tu_uniform(g, -1, 1), dz = tu_uniform(g, -1, 1);
            for (int k = 1; k < 3; k++) {
                const float s = tu_uniform(g, -span, span);
                t[3 * k + 0] = t[0] + s * dx, t[3 * k + 2] = t[2] + s * dz;
            }
            break;
        }
        case 1: /* horizontal: at a band end, inside, or just off */
        {
            const float hy = tu_below(g, 2) ? (tu_below(g, 2) ? lo : hi) : tu_uniform(g, lo, hi);
            t[1] = t[4] = t[7] = snapf(g, hy);
            break;
        }
        case 2: /* repeated vertices */
            memcpy(t + 3, t, 12);
            if (tu_below(g, 2))
                memcpy(t + 6, t, 12);
            break;
        case 3: /* collinear in 3D */
        {
            const float s = tu_uniform(g, -2, 2);
            for (int a = 0; a < 3; a++)
                t[6 + a] = t[a] + s * (t[3 + a] - t[a]);
            break;
        }
        case 4: /* vertices exactly at the band ends */
            t[1 + 3 * tu_below(g, 3)] = lo;
            t[1 + 3 * tu_below(g, 3)] = hi;
            break;
        case 5: /* centre on a vertex */
        {
            const int k = (int)tu_below(g, 3);
            x = snapf(g, t[3 * k]), z = snapf(g, t[3 * k + 2]);
            break;
        }
        case 6: /* centre on an edge (in xz) */
        {
            const int k = (int)tu_below(g, 3), l = (k + 1) % 3;
            const float s = tu_uniform(g, 0, 1);
            x = t[3 * k] + s * (t[3 * l] - t[3 * k]);
            z = t[3 * k + 2] + s * (t[3 * l + 2] - t[3 * k + 2]);
            break;
        }
        case 7: /* sliver: third vertex a hair off the AB line */
        {
            const float s = tu_uniform(g, 0, 1);
            for (int a = 0; a < 3; a++)
                t[6 + a] = t[a] + s * (t[3 + a] - t[a]);
            t[6 + tu_below(g, 3)] += tu_uniform(g, -1e-4f, 1e-4f);
            break;
        }
        case 8: /* zero sizes, nice coordinates */
            r = tu_below(g, 2) ? 0.0f : 0.5f;
            h = tu_below(g, 2) ? 0.0f : 2.0f;
            for (int a = 0; a < 9; a++)
                t[a] = roundf(t[a]);
            x = roundf(x), y = roundf(y), z = roundf(z);
            break;
        case 9: /* the band grazes one vertex (clipped to a point or a sliver): the lowest
                 * one just below hi, or the highest just above lo; the centre on it or
                 * near it (every cross product 0: inside needs a witness) */
        {
            const int k = (int)tu_below(g, 3), top = (int)tu_below(g, 2);
            for (int j = 0; j < 3; j++)
                t[3 * j + 1] = top ? lo - tu_uniform(g, 0.5f, 2.0f) : hi + tu_uniform(g, 0.5f, 2.0f);
            t[3 * k + 1] = top ? nextafterf(lo, INFINITY) : nextafterf(hi, -INFINITY);
            x = t[3 * k], z = t[3 * k + 2];
            if (tu_below(g, 2))
                x = snapf(g, x + tu_uniform(g, -r, r)), z = snapf(g, z + tu_uniform(g, -r, r));
            break;
        }
        case 10: /* the band clips the lowest corner off at lo, and the centre lies on the
                  * normal of that clip edge through its first end, where the closest point
                  * passes from the end to the edge's interior. Integer corners 1/8 below
                  * and above lo put the clip points at exact midpoints, and an offset of
                  * an odd number of 32nds makes the dot product exactly 0 and the end's
                  * distance and the edge's (from the cross product) tie without being
                  * computed alike (a power-of-two offset would make them alike). */
        {
            const int k = (int)tu_below(g, 3), j1 = k == 0 ? 1 : 0, j2 = k == 2 ? 1 : 2;
            for (int j = 0; j < 3; j++) {
                t[3 * j] = roundf(t[3 * j]), t[3 * j + 2] = roundf(t[3 * j + 2]);
                t[3 * j + 1] = j == k ? lo - 0.125f : lo + 0.125f;
            }
            /* The clip edge runs from the midpoint of k and j2 (the long edge, sorted by
             * height with ties in input order) to that of k and j1. */
            const float ax = 0.5f * (t[3 * k] + t[3 * j2]), az = 0.5f * (t[3 * k + 2] + t[3 * j2 + 2]);
            const float ex = 0.5f * (t[3 * k] + t[3 * j1]) - ax, ez = 0.5f * (t[3 * k + 2] + t[3 * j1 + 2]) - az;
            const float s = (float)(2 * (int)tu_below(g, 4) + 3) / 32.0f * (tu_below(g, 2) ? 1.0f : -1.0f);
            x = ax - s * ez, z = az + s * ex;
            break;
        }
        default: /* single point */
            memcpy(t + 3, t, 12), memcpy(t + 6, t, 12);
            x = t[0] + tu_uniform(g, -r, r), z = t[2] + tu_uniform(g, -r, r);
            break;
        }
    }
    v[0] = x, v[1] = y, v[2] = z, v[3] = r, v[4] = h;
    memcpy(v + 5, t, sizeof t);
    if (mode == 2 && tu_below(g, 10) == 0)
        v[tu_below(g, 14)] = bad_value(g);
}

/* ---- independent double-precision model -------------------------------------------- */
typedef struct { double x, y, z; } dv;

/* Keep the part of poly with s * (Y - k) >= 0. */
static int clip(const dv *in, int n, double k, double s, dv *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        const dv p = in[i], q = in[(i + 1) % n];
        const double fp = s * (p.y - k), fq = s * (q.y - k);
        if (fp >= 0)
            out[m++] = p;
        if ((fp > 0 && fq < 0) || (fp < 0 && fq > 0)) {
            const double t = fp / (fp - fq);
            out[m++] = (dv){p.x + t * (q.x - p.x), k, p.z + t * (q.z - p.z)};
        }
    }
    return m;
}

typedef struct {
    int contact, inside, clear;
    double px, pz, d;
} model;

static model dmodel(const float *v, float step)
{
    model m = {0, 0, 1, 0, 0, 1};
    const double x = v[0], y = v[1], z = v[2], r = v[3], h = v[4];
    const double lo = y + step, hi = y + h;
    dv tri[3];
    double ymin = 1e300, ymax = -1e300, scale = 1;
    for (int k = 0; k < 3; k++) {
        tri[k] = (dv){v[5 + 3 * k], v[6 + 3 * k], v[7 + 3 * k]};
        ymin = fmin(ymin, tri[k].y), ymax = fmax(ymax, tri[k].y);
    }
    for (int k = 0; k < 14; k++)
        scale = fmax(scale, 1 + fabs(v[k]));
    const double tol = TOL * scale;
    /* Decided by rounding: a vertex near a band end (clip topology may differ), or a band
     * thinner than that (y + step and y + h round in float to the same value or not). */
    for (int k = 0; k < 3; k++)
        if (fabs(tri[k].y - lo) < tol || fabs(tri[k].y - hi) < tol)
            m.clear = 0;
    if (fabs(hi - lo) < tol)
        m.clear = 0;
    if (!(lo < hi && ymax > lo && ymin < hi))
        return m;
    dv a[8], b[8];
    int n = clip(tri, 3, lo, 1, a);
    n = clip(a, n, hi, -1, b);
    if (n == 0) {
        m.clear = 0;
        return m;
    }
    double area = 0, best = 1e300, qx = 0, qz = 0;
    for (int i = 0; i < n; i++) {
        const dv p = b[i], q = b[(i + 1) % n];
        area += (p.x - b[0].x) * (q.z - b[0].z) - (p.z - b[0].z) * (q.x - b[0].x);
    }
    int inside = 1;
    double ed[8], eqx[8], eqz[8];
    for (int i = 0; i < n; i++) {
        const dv p = b[i], q = b[(i + 1) % n];
        const double ex = q.x - p.x, ez = q.z - p.z, ee = ex * ex + ez * ez;
        double t = ee > 0 ? ((x - p.x) * ex + (z - p.z) * ez) / ee : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const double sx = p.x + t * ex, sz = p.z + t * ez;
        const double dd = (x - sx) * (x - sx) + (z - sz) * (z - sz);
        ed[i] = sqrt(dd), eqx[i] = sx, eqz[i] = sz;
        if (dd < best)
            best = dd, qx = sx, qz = sz;
        const double cr = ex * (z - p.z) - ez * (x - p.x);
        if (area > 0 ? cr < 0 : cr > 0)
            inside = 0;
    }
    inside = inside && area != 0;
    const double d = sqrt(best);
    if (d < tol || fabs(d - r) < tol)
        m.clear = 0;
    /* Two different closest points at the same distance: either edge is right. */
    for (int i = 0; i < n; i++)
        if (fabs(ed[i] - d) < tol && hypot(eqx[i] - qx, eqz[i] - qz) > tol)
            m.clear = 0;
    m.inside = inside;
    m.d = d;
    m.contact = inside || d < r;
    if (m.contact) {
        const double rp = r + (fabs(x) + fabs(z) + 1) * 0x1p-21;
        if (inside)
            m.px = (qx - x) / d * (d + rp), m.pz = (qz - z) / d * (d + rp);
        else
            m.px = (x - qx) / d * (rp - d), m.pz = (z - qz) / d * (rp - d);
    }
    return m;
}

static int reported;

static void report(const char *what, uint64_t seed, const char *isa, const arrays *in, size_t i,
                   float step, const arrays *ref, const arrays *got)
{
    if (reported++ > 10)
        return;
    fprintf(stderr, "%s: seed=%" PRIu64 " isa=%s pair=%zu step=%a\n  in ", what, seed, isa, i, step);
    for (int k = 0; k < 14; k++)
        fprintf(stderr, " %a", in->v[k][i]);
    fprintf(stderr, "\n  ref px=%a pz=%a flags=%#x\n", ref->px[i], ref->pz[i], ref->f[i]);
    if (got)
        fprintf(stderr, "  new px=%a pz=%a flags=%#x\n", got->px[i], got->pz[i], got->f[i]);
}

CHECKASM_TEST(cylinder_tri)
{
    CA_BEGIN(cylinder_tri, pairs);

    const size_t chunk_n = 65536;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, chunk_n), CA_ALLOC_ARRAYS(&ref, chunk_n), CA_ALLOC_ARRAYS(&alias, chunk_n);
    size_t contacts = 0, insides = 0, checked = 0, unclear = 0,
           invalid = 0, repushed = 0;
    static const float steps[] = {0.0f, 0.25f, 0.5f, 1.0f, 4.0f};

    size_t done = 0;
    for (int pass = 0; done < pairs; pass++) {
        const int mode = pass % 3;
        const float step = steps[pass % 5];
        const horde_cylinder_tri_params pr = {step};
        const size_t n = pairs - done < chunk_n ? pairs - done : chunk_n;
        for (size_t i = 0; i < n; i++) {
            float v[14];
            gen_pair(&g, mode, step, v);
            for (int k = 0; k < 14; k++)
                in.v[k][i] = ref.v[k][i] = v[k];
        }
        horde_triangles rt = tris_of(&ref, 0, n);
        horde_cylinder_tri_batch rb = batch_of(&ref, 0, n);
        int st = horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &rt, &pr, &rb);
        CHECK(st == HORDE_OK, "scalar returned %d", st);

        /* The reference against the double model, and the pushed mover is clear. */
        for (size_t i = 0; i < n; i++) {
            const uint32_t f = ref.f[i];
            if (f & HORDE_FLAG_INVALID) {
                invalid++;
                continue;
            }
            float v[14];
            for (int k = 0; k < 14; k++)
                v[k] = ref.v[k][i];
            contacts += (f & HORDE_FLAG_COLLIDED) != 0;
            insides += (f & HORDE_FLAG_CENTRE_INSIDE) != 0;
            const int valid_flags = f == 0 || f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL) ||
                                    f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL | HORDE_FLAG_CENTRE_INSIDE);
            CHECK(valid_flags && isfinite(ref.px[i]) && isfinite(ref.pz[i]) &&
                      (f != 0 || (ca_bits(ref.px[i]) == 0 && ca_bits(ref.pz[i]) == 0)),
                  "bad output flags=%#x px=%a pz=%a", f, ref.px[i], ref.pz[i]);
            const model m = dmodel(v, step);
            if (!m.clear) {
                unclear++;
            } else {
                checked++;
                double scale = 1;
                for (int k = 0; k < 14; k++)
                    scale = fmax(scale, 1 + fabs(v[k]));
                /* The push direction (c - q) / d is only as good as q relative to d. */
                const double tol = TOL * scale * (1 + (v[3] + m.d) / m.d);
                const int ok = m.contact == !!(f & HORDE_FLAG_COLLIDED) &&
                               m.inside == !!(f & HORDE_FLAG_CENTRE_INSIDE) &&
                               fabs(m.px - ref.px[i]) <= tol && fabs(m.pz - ref.pz[i]) <= tol;
                CHECK(ok, "reference vs double: double contact=%d inside=%d px=%.9g pz=%.9g", m.contact,
                      m.inside, m.px, m.pz);
                if (!ok)
                    report("DOUBLE", seed, "scalar", &ref, i, step, &ref, NULL);
            }
            /* Pushed by its own push, a contact is gone (non-degenerate, clear pairs). */
            if ((f & HORDE_FLAG_COLLIDED) && m.clear) {
                float w[14], px, pz;
                uint32_t f2;
                memcpy(w, v, sizeof w);
                w[0] = v[0] + ref.px[i], w[2] = v[2] + ref.pz[i];
                horde_triangles t1 = {&w[5], &w[6], &w[7], &w[8], &w[9], &w[10], &w[11], &w[12], &w[13], 1};
                horde_cylinder_tri_batch b1 = {&w[0], &w[1], &w[2], &w[3], &w[4], &px, &pz, &f2, 1};
                horde_cylinder_tri_isa(HORDE_ISA_SCALAR, &t1, &pr, &b1);
                repushed++;
                CHECK(f2 == 0, "pushed mover still in contact: flags %#x push %a %a", f2, px, pz);
                if (f2)
                    report("REPUSH", seed, "scalar", &ref, i, step, &ref, NULL);
            }
            if (tu_failures > 30)
                return tu_finish("checkasm_cylinder_tri");
        }

        TU_FOR_EACH_BACKEND(isa) {
            ca_poison(in.px, n), ca_poison(in.pz, n), ca_poison(in.f, n);
            for (size_t off = 0; off < n;) {
                const size_t len = ca_sub_batch(&g, n - off, 40, 5000);
                horde_triangles t = tris_of(&in, off, len);
                horde_cylinder_tri_batch b = batch_of(&in, off, len);
                st = horde_cylinder_tri_isa((horde_isa)isa, &t, &pr, &b);
                CHECK(st == HORDE_OK, "isa %s returned %d", horde_isa_name((horde_isa)isa), st);
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_count_diffs((const void *[]){ref.px, ref.pz, ref.f},
                                              (const void *[]){in.px, in.pz, in.f}, 3, n, &first);
            if (bad)
                report("MISMATCH", seed, horde_isa_name((horde_isa)isa), &in, first, step, &ref, &in);
            CHECK(!bad, "%s differs from scalar on %zu of %zu pairs (seed=%" PRIu64 ")",
                  horde_isa_name((horde_isa)isa), bad, n, seed);
            /* In place: pushes written over x and z. */
            const size_t m = n < 3000 ? n : 3000;
            for (int k = 0; k < 14; k++)
                memcpy(alias.v[k], in.v[k], m * 4);
            horde_triangles at = tris_of(&alias, 0, m);
            horde_cylinder_tri_batch ab = {alias.v[0], alias.v[1], alias.v[2], alias.v[3], alias.v[4],
                                           alias.v[0], alias.v[2], alias.f, m};
            horde_cylinder_tri_isa((horde_isa)isa, &at, &pr, &ab);
            CHECK(!memcmp(alias.v[0], ref.px, m * 4) && !memcmp(alias.v[2], ref.pz, m * 4) &&
                      !memcmp(alias.f, ref.f, m * 4),
                  "in-place %s differs (seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), seed);
            per_isa[isa] += n;
        }
        done += n;
    }

    /* API: arguments. */
    {
        float one = 1.0f, o1, o2;
        uint32_t f;
        horde_triangles t = {&one, &one, &one, &one, &one, &one, &one, &one, &one, 1};
        horde_cylinder_tri_batch b = {&one, &one, &one, &one, &one, &o1, &o2, &f, 1};
        horde_cylinder_tri_params p = {-1.0f};
        horde_cylinder_tri_params_default(&p);
        CHECK(ca_bits(p.step) == 0, "default step %a", p.step);
        horde_cylinder_tri_params_default(NULL);
        CHECK(horde_cylinder_tri(NULL, &p, &b) == HORDE_ERR_NULL_ARG, "NULL tris");
        CHECK(horde_cylinder_tri(&t, &p, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
        CHECK(horde_cylinder_tri(&t, NULL, &b) == HORDE_OK, "NULL params");
        p.step = NAN;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "NaN step");
        p.step = -1.0f;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "negative step");
        p.step = 2000.0f;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "huge step");
        p.step = 0.0f;
        t.n = 2;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "size mismatch");
        t.n = 1;
        b.out_pz = NULL;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_NULL_ARG, "NULL output");
        b.out_pz = &o2;
        t.cz = NULL;
        CHECK(horde_cylinder_tri(&t, &p, &b) == HORDE_ERR_NULL_ARG, "NULL vertex array");
        horde_triangles t0 = {0};
        horde_cylinder_tri_batch b0 = {0};
        CHECK(horde_cylinder_tri(&t0, &p, &b0) == HORDE_OK, "n = 0 with NULL arrays");
        CHECK(horde_cylinder_tri_isa((horde_isa)99, &t0, &p, &b0) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
    }

    ca_summary(per_isa, "pairs");
    printf("  reference: %zu contacts (%zu centre inside), %zu invalid of %zu; double check on %zu "
           "pairs (%zu left out as decided by rounding); %zu pushed movers re-tested clear\n",
           contacts, insides, invalid, pairs, checked, unclear, repushed);
    CHECK(checked > pairs / 2, "too few pairs checked against the double model: %zu", checked);
    CHECK(contacts > pairs / 5 && insides > pairs / 100, "too few contacts: %zu / %zu", contacts, insides);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_cylinder_tri");
}
