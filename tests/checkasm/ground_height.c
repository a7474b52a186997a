/* SPDX-License-Identifier: MIT */
/* checkasm-style equality test for horde_ground_height: every compiled backend runs on the
 * same points and soups as the scalar reference and must return identical bits (memcmp
 * on heights, triangle indices and flags). Soups: integer-grid terrain (shared vertex
 * bits, points exactly on edges, diagonals and vertices), stacked floors (ties between
 * equal heights), random triangles with vertical, collinear, repeated-vertex and sliver
 * ones, invalid triangles; 0 to 48 triangles. Points: random, snapped onto vertices and
 * edge midpoints, one ulp off them, invalid values; random batch sizes (every tail),
 * unaligned arrays, in-place calls (out_y == y).
 *
 * The reference is checked against an independent double-precision computation (plane
 * height from the double cross product, coverage from double barycentrics): on points
 * whose answer rounding cannot change (no triangle edge within TOL * scale in xz, no
 * candidate height within TOL * scale of y or y - depth, no near-vertical triangle
 * around), found / not found and the height must agree, the height within
 * TOL * scale * (1 + slope), and the index too unless two candidates tie within that.
 * Points over a shared edge of the terrain must always find it (watertightness).
 *
 * Run: checkasm --test=ground_height [--seed=N] [--items=N] [--long] (checkasm.h). */
#include "checkasm.h"

#define TOL 2e-5
#define MAXT 48

typedef struct {
    float v[9][MAXT];
    size_t n;
    int terrain; /* grid soup: every point inside the grid is covered */
    float gx0, gz0, gx1, gz1;
} soup;

static horde_triangles soup_view(const soup *s)
{
    return TU_TRIS(s->v, 0, s->n);
}

static void put(soup *s, const float *t)
{
    for (int a = 0; a < 9; a++)
        s->v[a][s->n] = t[a];
    s->n++;
}

static void gen_soup(tu_rng *g, int kind, soup *s)
{
    s->n = 0, s->terrain = 0;
    const float ox = (float)(int)tu_uniform(g, -200, 200), oz = (float)(int)tu_uniform(g, -200, 200);
    const float oy = (float)(int)tu_uniform(g, -50, 50);
    if (kind == 0) { /* terrain: 4 x 4 cells, integer xz, random heights, random diagonals */
        float hgt[5][5];
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++)
                hgt[i][j] = oy + (tu_below(g, 3) ? tu_uniform(g, -2, 2) : roundf(tu_uniform(g, -2, 2)));
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                const float x0 = ox + i, x1 = ox + i + 1, z0 = oz + j, z1 = oz + j + 1;
                const float p00[3] = {x0, hgt[i][j], z0}, p10[3] = {x1, hgt[i + 1][j], z0};
                const float p01[3] = {x0, hgt[i][j + 1], z1}, p11[3] = {x1, hgt[i + 1][j + 1], z1};
                const float *q[2][3];
                if (tu_below(g, 2)) { /* diagonal p00-p11 */
                    q[0][0] = p00, q[0][1] = p10, q[0][2] = p11;
                    q[1][0] = p00, q[1][1] = p11, q[1][2] = p01;
                } else {
                    q[0][0] = p10, q[0][1] = p01, q[0][2] = p00;
                    q[1][0] = p10, q[1][1] = p11, q[1][2] = p01;
                }
                for (int k = 0; k < 2; k++) {
                    float t[9];
                    const int rot = (int)tu_below(g, 3), flip = (int)tu_below(g, 2);
                    for (int v = 0; v < 3; v++) {
                        int src = (v + rot) % 3;
                        if (flip)
                            src = (3 - src) % 3;
                        memcpy(t + 3 * v, q[k][src], 12);
                    }
                    put(s, t);
                }
            }
        s->terrain = 1;
        s->gx0 = ox, s->gz0 = oz, s->gx1 = ox + 4, s->gz1 = oz + 4;
        return;
    }
    const size_t n = tu_below(g, MAXT + 1);
    for (size_t k = 0; k < n; k++) {
        float t[9];
        const int what = kind == 1 ? 0 : (int)tu_below(g, 8);
        if (what == 0) { /* floors: whole-number heights, so equal heights tie exactly */
            const float y = oy + (float)tu_below(g, 4);
            const float x0 = ox + tu_uniform(g, -2, 2), z0 = oz + tu_uniform(g, -2, 2);
            const float w[6] = {x0, z0, x0 + tu_uniform(g, 1, 6), z0 + tu_uniform(g, -1, 1),
                                x0 + tu_uniform(g, -1, 1), z0 + tu_uniform(g, 1, 6)};
            for (int v = 0; v < 3; v++)
                t[3 * v] = w[2 * v], t[3 * v + 1] = y, t[3 * v + 2] = w[2 * v + 1];
        } else {
            for (int v = 0; v < 3; v++) {
                t[3 * v] = ox + tu_uniform(g, -3, 4);
                t[3 * v + 1] = oy + tu_uniform(g, -3, 3);
                t[3 * v + 2] = oz + tu_uniform(g, -3, 4);
            }
            if (what == 2) { /* vertical */
                const float s0 = tu_uniform(g, -1, 1);
                t[6] = t[0] + s0 * (t[3] - t[0]), t[8] = t[2] + s0 * (t[5] - t[2]);
            } else if (what == 3) { /* repeated vertex */
                memcpy(t + 3 * tu_below(g, 3), t + 3 * tu_below(g, 3), 12);
            } else if (what == 4) { /* sliver */
                const float s0 = tu_uniform(g, 0, 1);
                for (int a = 0; a < 3; a++)
                    t[6 + a] = t[a] + s0 * (t[3 + a] - t[a]);
                t[6 + 2 * tu_below(g, 2)] += tu_uniform(g, -1e-3f, 1e-3f);
            } else if (what == 5 && kind == 3) { /* invalid */
                static const float bad[] = {NAN, INFINITY, -INFINITY, 1048577.0f, -1e30f};
                t[tu_below(g, 9)] = bad[tu_below(g, 5)];
            }
        }
        put(s, t);
    }
}

static void gen_point(tu_rng *g, const soup *s, float *x, float *y, float *z)
{
    float cx = 0, cz = 0, cy = 0;
    if (s->n) {
        const size_t k = tu_below(g, (uint32_t)s->n);
        cx = s->v[0][k], cy = s->v[1][k], cz = s->v[2][k];
        if (!isfinite(cx) || !isfinite(cz) || !isfinite(cy) || fabsf(cx) > 1e6f || fabsf(cz) > 1e6f ||
            fabsf(cy) > 1e6f)
            cx = cy = cz = 0;
    }
    switch (tu_below(g, 6)) {
    case 0: /* on a vertex, maybe one ulp off */
        *x = cx, *z = cz;
        if (tu_below(g, 2))
            *x = nextafterf(*x, tu_below(g, 2) ? INFINITY : -INFINITY);
        break;
    case 1: /* on an edge midpoint (exact for the terrain grid) */
        if (s->n) {
            const size_t k = tu_below(g, (uint32_t)s->n);
            const int a = (int)tu_below(g, 3), b = (a + 1) % 3;
            *x = (s->v[3 * a][k] + s->v[3 * b][k]) * 0.5f;
            *z = (s->v[3 * a + 2][k] + s->v[3 * b + 2][k]) * 0.5f;
            break;
        }
        /* fall through */
    default:
        *x = cx + tu_uniform(g, -3, 4), *z = cz + tu_uniform(g, -3, 4);
        break;
    }
    *y = cy + (tu_below(g, 4) ? tu_uniform(g, -3, 5) : (float)(int)tu_uniform(g, -3, 5));
    if (tu_below(g, 200) == 0) {
        static const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, 1048577.0f, -3e9f};
        const float b = bad[tu_below(g, 6)];
        switch (tu_below(g, 3)) {
        case 0: *x = b; break;
        case 1: *y = b; break;
        default: *z = b; break;
        }
    }
}

/* ---- independent double-precision model -------------------------------------------- */
typedef struct {
    int clear, found, idx, tie;
    double y, tol_y;
} model;

static model dmodel(const soup *s, float fx, float fy, float fz, float depth)
{
    model m = {1, 0, -1, 0, 0, 0};
    const double x = fx, y = fy, z = fz, ylo = (double)fy - depth;
    double scale = 1 + fmax(fabs(x), fmax(fabs(y), fabs(z)));
    const double tol = TOL * scale;
    double best = -1e300, best_tol = 0;
    for (size_t k = 0; k < s->n; k++) {
        double v[9];
        int ok = 1;
        for (int a = 0; a < 9; a++) {
            v[a] = s->v[a][k];
            ok &= isfinite(v[a]) && fabs(v[a]) <= 1048576.0;
        }
        if (!ok)
            continue;
        const double ax = v[0], ay = v[1], az = v[2], bx = v[3], by = v[4], bz = v[5];
        const double cx = v[6], cy = v[7], cz = v[8];
        const double area2 = (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
        const double e[3][2] = {{bx - ax, bz - az}, {cx - bx, cz - bz}, {ax - cx, az - cz}};
        double perim = 0;
        for (int i = 0; i < 3; i++)
            perim += hypot(e[i][0], e[i][1]);
        const double bbx0 = fmin(ax, fmin(bx, cx)) - tol, bbx1 = fmax(ax, fmax(bx, cx)) + tol;
        const double bbz0 = fmin(az, fmin(bz, cz)) - tol, bbz1 = fmax(az, fmax(bz, cz)) + tol;
        const int near_box = x >= bbx0 && x <= bbx1 && z >= bbz0 && z <= bbz1;
        if (fabs(area2) <= tol * perim) { /* vertical to float rounding */
            if (near_box)
                m.clear = 0;
            continue;
        }
        /* Signed distances to the three edge lines (inside: all >= 0). */
        const double o[3][2] = {{ax, az}, {bx, bz}, {cx, cz}};
        double dmin = 1e300;
        for (int i = 0; i < 3; i++) {
            const double cr = e[i][0] * (z - o[i][1]) - e[i][1] * (x - o[i][0]);
            dmin = fmin(dmin, (area2 > 0 ? cr : -cr) / hypot(e[i][0], e[i][1]));
        }
        if (fabs(dmin) <= tol) {
            m.clear = 0;
            continue;
        }
        if (dmin < 0)
            continue;
        /* Plane height at (x, z). */
        const double lb = (e[2][0] * (z - cz) - e[2][1] * (x - cx)) / area2;
        const double lc = (e[0][0] * (z - az) - e[0][1] * (x - ax)) / area2;
        const double h = ay + lb * (by - ay) + lc * (cy - ay);
        const double slope = (fabs(by - ay) + fabs(cy - ay)) * perim / fabs(area2);
        const double th = tol * (1 + slope);
        if (fabs(h - y) <= th || fabs(h - ylo) <= th) {
            m.clear = 0;
            continue;
        }
        if (h > y || h < ylo)
            continue;
        if (fabs(h - best) <= th + best_tol)
            m.tie = 1;
        if (h > best) {
            if (h - best > th + best_tol)
                m.tie = 0;
            best = h, best_tol = th, m.idx = (int)k, m.found = 1;
        }
    }
    m.y = best, m.tol_y = best_tol;
    return m;
}

typedef struct {
    float *x, *y, *z, *oy;
    uint32_t *ot;
    uint32_t *of;
} arrays;

static int reported;
static void report(const char *what, uint64_t seed, const char *isa, const soup *s, const arrays *in,
                   size_t i, float depth, const arrays *ref, const arrays *got)
{
    if (reported++ > 8)
        return;
    fprintf(stderr, "%s: seed=%" PRIu64 " isa=%s point=%zu depth=%a\n  in x=%a y=%a z=%a\n", what, seed,
            isa, i, depth, in->x[i], in->y[i], in->z[i]);
    fprintf(stderr, "  ref y=%a tri=%#x flags=%#x\n", ref->oy[i], ref->ot[i], ref->of[i]);
    if (got)
        fprintf(stderr, "  new y=%a tri=%#x flags=%#x\n", got->oy[i], got->ot[i], got->of[i]);
    fprintf(stderr, "  soup (%zu triangles, A B C):\n", s->n);
    for (size_t k = 0; k < s->n && k < 48; k++) {
        fprintf(stderr, "   %2zu:", k);
        for (int a = 0; a < 9; a++)
            fprintf(stderr, " %a", s->v[a][k]);
        fputc('\n', stderr);
    }
}

CHECKASM_TEST(ground_height)
{
    CA_BEGIN(ground_height, points);

    const size_t per_soup = 2048;
    arrays in, ref, alias;
    CA_ALLOC_ARRAYS(&in, per_soup), CA_ALLOC_ARRAYS(&ref, per_soup), CA_ALLOC_ARRAYS(&alias, per_soup);
    size_t found = 0, invalid = 0, checked = 0, unclear = 0,
           grid_points = 0;
    static const float depths[] = {0.0f, 0.5f, 2.0f, 10.0f, 1000.0f};
    soup s;

    size_t done = 0;
    for (int pass = 0; done < points; pass++) {
        gen_soup(&g, pass % 4, &s);
        const float depth = depths[tu_below(&g, 5)];
        const horde_ground_height_params pr = {depth};
        const size_t n = points - done < per_soup ? points - done : per_soup;
        for (size_t i = 0; i < n; i++) {
            gen_point(&g, &s, &in.x[i], &in.y[i], &in.z[i]);
            ref.x[i] = in.x[i], ref.y[i] = in.y[i], ref.z[i] = in.z[i];
        }
        const horde_triangles t = soup_view(&s);
        horde_ground_height_batch rb = {ref.x, ref.y, ref.z, ref.oy, ref.ot, ref.of, n};
        int st = horde_ground_height_isa(HORDE_ISA_SCALAR, &t, &pr, &rb);
        CHECK(st == HORDE_OK, "scalar returned %d", st);

        for (size_t i = 0; i < n; i++) {
            const float x = ref.x[i], y = ref.y[i], z = ref.z[i];
            const uint32_t f = ref.of[i];
            if (f & HORDE_FLAG_INVALID) {
                invalid++;
                CHECK(f == HORDE_FLAG_INVALID && ref.ot[i] == HORDE_NONE && ca_bits(ref.oy[i]) == ca_bits(y) &&
                          !(fabsf(x) <= 1048576.0f && fabsf(y) <= 1048576.0f && fabsf(z) <= 1048576.0f),
                      "invalid point output");
                continue;
            }
            const int hit = ref.ot[i] != HORDE_NONE;
            found += hit;
            CHECK(f == (hit ? HORDE_FLAG_ON_GROUND : 0u) && (!hit || ref.ot[i] < s.n) &&
                      (hit ? (ref.oy[i] <= y && ref.oy[i] >= y - depth) : ca_bits(ref.oy[i]) == ca_bits(y)),
                  "contract: y=%a depth=%a out y=%a tri=%#x flags=%#x", y, depth, ref.oy[i], ref.ot[i], f);
            const model m = dmodel(&s, x, y, z, depth);
            if (!m.clear) {
                unclear++;
                continue;
            }
            checked++;
            int ok = m.found == hit;
            if (ok && hit)
                ok = fabs(m.y - ref.oy[i]) <= m.tol_y && (m.tie || (uint32_t)m.idx == ref.ot[i]);
            CHECK(ok, "reference vs double: double found=%d y=%.9g tri=%d tie=%d", m.found, m.y, m.idx, m.tie);
            if (!ok)
                report("DOUBLE", seed, "scalar", &s, &ref, i, depth, &ref, NULL);
            if (tu_failures > 30)
                return tu_finish("checkasm_ground_height");
        }

        /* Watertight: every point over the terrain grid (vertices, edges, diagonals
         * included) finds ground when searched from high above. */
        if (s.terrain) {
            for (size_t i = 0; i < n; i++) {
                const float x = in.x[i], z = in.z[i];
                if (!(x >= s.gx0 && x <= s.gx1 && z >= s.gz0 && z <= s.gz1))
                    continue;
                float hy = 1000.0f, oy;
                uint32_t ot, of;
                const horde_ground_height_params wp = {2000.0f};
                horde_ground_height_batch wb = {&x, &hy, &z, &oy, &ot, &of, 1};
                horde_ground_height_isa(HORDE_ISA_SCALAR, &t, &wp, &wb);
                grid_points++;
                CHECK(ot != HORDE_NONE && of == HORDE_FLAG_ON_GROUND, "terrain point not covered: x=%a z=%a", x, z);
            }
        }

        TU_FOR_EACH_BACKEND(isa) {
            ca_poison(in.oy, n), ca_poison(in.ot, n), ca_poison(in.of, n);
            for (size_t off = 0; off < n;) {
                size_t len = tu_below(&g, 3) == 0 ? tu_below(&g, 40) : tu_below(&g, 700);
                if (len > n - off)
                    len = n - off;
                horde_ground_height_batch b = {in.x + off, in.y + off, in.z + off,
                                               in.oy + off, in.ot + off, in.of + off, len};
                st = horde_ground_height_isa((horde_isa)isa, &t, &pr, &b);
                CHECK(st == HORDE_OK, "isa %s returned %d", horde_isa_name((horde_isa)isa), st);
                off += len;
            }
            size_t first = 0;
            const size_t bad = ca_count_diffs((const void *[]){ref.oy, ref.ot, ref.of},
                                              (const void *[]){in.oy, in.ot, in.of}, 3, n, &first);
            if (bad)
                report("MISMATCH", seed, horde_isa_name((horde_isa)isa), &s, &in, first, depth, &ref, &in);
            CHECK(!bad, "%s differs from scalar on %zu of %zu points (seed=%" PRIu64 ")",
                  horde_isa_name((horde_isa)isa), bad, n, seed);
            /* In place: heights written over y. */
            memcpy(alias.x, in.x, n * 4), memcpy(alias.y, in.y, n * 4), memcpy(alias.z, in.z, n * 4);
            horde_ground_height_batch ab = {alias.x, alias.y, alias.z, alias.y, alias.ot, alias.of, n};
            horde_ground_height_isa((horde_isa)isa, &t, &pr, &ab);
            CHECK(!memcmp(alias.y, ref.oy, n * 4) && !memcmp(alias.ot, ref.ot, n * 4) &&
                      !memcmp(alias.of, ref.of, n * 4),
                  "in-place %s differs (seed=%" PRIu64 ")", horde_isa_name((horde_isa)isa), seed);
            per_isa[isa] += n;
        }
        done += n;
    }

    /* API: arguments. */
    {
        float one = 1.0f, oy;
        uint32_t ot, of;
        horde_triangles t = {&one, &one, &one, &one, &one, &one, &one, &one, &one, 1};
        horde_ground_height_batch b = {&one, &one, &one, &oy, &ot, &of, 1};
        horde_ground_height_params p = {-1.0f};
        horde_ground_height_params_default(&p);
        CHECK(p.depth == HORDE_GROUND_HEIGHT_MAX_DEPTH, "default depth %a", p.depth);
        horde_ground_height_params_default(NULL);
        p.depth = 1.0f;
        CHECK(horde_ground_height(NULL, &p, &b) == HORDE_ERR_NULL_ARG, "NULL soup");
        CHECK(horde_ground_height(&t, &p, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
        p.depth = NAN;
        CHECK(horde_ground_height(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "NaN depth");
        p.depth = -1.0f;
        CHECK(horde_ground_height(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "negative depth");
        p.depth = INFINITY;
        CHECK(horde_ground_height(&t, &p, &b) == HORDE_ERR_BAD_PARAMS, "infinite depth");
        p.depth = 1.0f;
        b.out_tri = NULL;
        CHECK(horde_ground_height(&t, &p, &b) == HORDE_ERR_NULL_ARG, "NULL output");
        b.out_tri = &ot;
        t.by = NULL;
        CHECK(horde_ground_height(&t, &p, &b) == HORDE_ERR_NULL_ARG, "NULL vertex array");
        horde_triangles t0 = {0};
        CHECK(horde_ground_height(&t0, &p, &b) == HORDE_OK && ot == HORDE_NONE && of == 0 && oy == 1.0f,
              "empty soup: nothing found");
        horde_ground_height_batch b0 = {0};
        CHECK(horde_ground_height(&t, &p, &b0) == HORDE_OK, "n = 0 with NULL arrays");
        CHECK(horde_ground_height_isa((horde_isa)99, &t0, &p, &b0) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
        /* NULL params: the default depth, deeper than 1. */
        const float ax = -1.0f, az = -1.0f, bx = 3.0f, bz = -1.0f, cx = -1.0f, cz = 3.0f, low = -1000.0f;
        const horde_triangles deep = {&ax, &low, &az, &bx, &low, &bz, &cx, &low, &cz, 1};
        CHECK(horde_ground_height(&deep, &p, &b) == HORDE_OK && ot == HORDE_NONE && of == 0,
              "depth 1: a floor 1001 below is not found");
        CHECK(horde_ground_height(&deep, NULL, &b) == HORDE_OK && ot == 0 && of == HORDE_FLAG_ON_GROUND &&
                  oy == low,
              "NULL params: the floor 1001 below is found");
    }

    ca_summary(per_isa, "points");
    printf("  reference: %zu found ground, %zu invalid of %zu; double check on %zu points (%zu left "
           "out as decided by rounding); %zu terrain points all covered\n",
           found, invalid, points, checked, unclear, grid_points);
    CHECK(checked > points / 3, "too few points checked against the double model: %zu", checked);
    CA_COVERAGE(points, found > points / 5 && grid_points > points / 50, "too few hits: %zu / %zu", found, grid_points);
    CA_FREE_ARRAYS(&in), CA_FREE_ARRAYS(&ref), CA_FREE_ARRAYS(&alias);
    return tu_finish("checkasm_ground_height");
}
