/* SPDX-License-Identifier: MIT */
/* Property test of horde_cylinder_push and horde_cylinder_move against an independent
 * model written from include/horde/cylinder_push.h (not from the reference): movers are
 * aimed within a few ulps of block faces, vertical edges and grid lines, or exactly
 * touching a vertical edge, at coordinates
 * up to the limit, next to random block patterns, and every backend's answer must
 *   1. overlap no solid block (the header's float overlap test), unless STUCK;
 *   2. be no longer than the shortest exit the model finds free among the header's
 *      candidates (computed in double at exact contact) plus twice the documented skin;
 *   3. equal the scalar reference's bits (checkasm does this at length; here it guards
 *      the aimed inputs).
 * Plus the two defects this test was written for (regressions) and long wall slides of
 * the move kernel: a mover drifting along a wall never moves more than its drift plus
 * the skin in a frame.
 *
 * Usage: property_cylinder_push [--items=N] [--seed=N]; default 1,000,000 aimed movers
 * per backend, or HORDE_CHECKASM_ITEMS. */
#include <inttypes.h>

#include "testutil.h"

/* The skin bound the header states (cylinder_push.h): (max(|x|, |z|) + 1) 2^-22. */
static double skin_of(double x, double z)
{
    return (fmax(fabs(x), fabs(z)) + 1.0) * 0x1p-22;
}

/* ---- the model ------------------------------------------------------------------------ */
/* The lowest column the disc reaches, by the same test (header: "reaches into"). */
static int lowest_reached(float c, float r)
{
    for (int k = (int)floor((double)c - r) - 2;; k++) {
        const float d = fmaxf(fmaxf((float)k - c, c - (float)(k + 1)), 0.0f);
        if (d * d < r * r)
            return k;
        if ((double)k > (double)c + 1.0)
            return (int)floor(c); /* r == 0: reaches nothing */
    }
}

/* Does a cylinder at (x, y, z) (double, at exact contact: touching is free) overlap a
 * solid block of w? Exact enough: the position is a double, distances are compared with
 * a relative margin of 2^-40 so exact contact counts as touching. */
static int overlaps_d(const horde_world *w, double x, double y, double z, double r, double h)
{
    const double m = 0x1p-40 * (fabs(x) + fabs(z) + 1.0);
    for (int by = (int)floor(y) - 1; by <= (int)ceil(y + h); by++) {
        if (!(by < y + h - m && by + 1 > y + m))
            continue;
        for (int bz = (int)floor(z - r) - 1; bz <= (int)floor(z + r) + 1; bz++)
            for (int bx = (int)floor(x - r) - 1; bx <= (int)floor(x + r) + 1; bx++) {
                if (!horde_world_solid(w, bx, by, bz))
                    continue;
                const double dx = fmax(fmax(bx - x, x - (bx + 1)), 0.0);
                const double dz = fmax(fmax(bz - z, z - (bz + 1)), 0.0);
                if (sqrt(dx * dx + dz * dz) < r - m)
                    return 1;
            }
    }
    return 0;
}

/* Shortest free candidate of the header's set (29 candidates; exits at exact contact),
 * restricted to the 4 x 4 columns around the mover (lowest reached column - 1 .. + 2);
 * returns its length, or -1 if none is free. */
static double model_best(const horde_world *w, float x, float y, float z, float r, float h)
{
    const int cx = lowest_reached(x, r), cz = lowest_reached(z, r);
    const double X = x, Y = y, Z = z, R = r;
    /* per axis: the line straddled (two columns reached) or the cell sat in */
    double xo[4], zo[4];
    int nx = 0, nz = 0;
    const float dlx = fmaxf(fmaxf((float)(cx + 1) - x, x - (float)(cx + 2)), 0.0f);
    const float dlz = fmaxf(fmaxf((float)(cz + 1) - z, z - (float)(cz + 2)), 0.0f);
    const int straddle_x = dlx * dlx < r * r, straddle_z = dlz * dlz < r * r;
    xo[nx++] = X;
    if (straddle_x)
        xo[nx++] = (cx + 1) - R, xo[nx++] = (cx + 1) + R;
    else
        xo[nx++] = cx - R, xo[nx++] = (cx + 1) + R;
    zo[nz++] = Z;
    if (straddle_z)
        zo[nz++] = (cz + 1) - R, zo[nz++] = (cz + 1) + R;
    else
        zo[nz++] = cz - R, zo[nz++] = (cz + 1) + R;
    const double vy[3] = {Y, floor(Y) + 1.0, (ceil((double)(y + h)) - 1.0) - h};
    double best = -1.0;
    for (int v = 0; v < 3; v++)
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 4; b++) {
                if (v == 0 && a == 0 && b == 0)
                    continue;
                double px, pz;
                if (b == 3) { /* radial from the vertex (cx + 1, cz + 1) */
                    if (a != 0)
                        continue;
                    const double vx = cx + 1, vz = cz + 1, dx = X - vx, dz = Z - vz;
                    const double d = sqrt(dx * dx + dz * dz);
                    if (!(d > 0 && d < R))
                        continue;
                    px = vx + dx / d * R, pz = vz + dz / d * R;
                } else {
                    px = xo[a], pz = zo[b];
                }
                if (px - R < cx - 1 || px + R > cx + 3 || pz - R < cz - 1 || pz + R > cz + 3)
                    continue; /* outside the window the header allows */
                if (vy[v] < floor(Y) - 1 || overlaps_d(w, px, vy[v], pz, R, h))
                    continue;
                const double len = sqrt((px - X) * (px - X) + (vy[v] - Y) * (vy[v] - Y) +
                                        (pz - Z) * (pz - Z));
                if (best < 0 || len < best)
                    best = len;
            }
    return best;
}

/* ---- scenes ----------------------------------------------------------------------------- */
/* A 3 x 2 x 3-chunk world whose block (0, 0, 0) is at (bx0, by0, bz0) (chunk-aligned), with
 * a random pattern of solid blocks in the 8 x 6 x 8 blocks around the middle. */
typedef struct {
    tu_world t;
    int bx0, by0, bz0;
} aimed_world;

static void aimed_world_make(aimed_world *a, tu_rng *g, int bx0, int bz0, int density)
{
    a->bx0 = bx0, a->by0 = 0, a->bz0 = bz0;
    tu_world_make(&a->t, (bx0 >> 5) - 1, -1, (bz0 >> 5) - 1, 3, 2, 3, HORDE_MISSING_EMPTY);
    for (int y = -1; y < 5; y++)
        for (int z = -4; z < 4; z++)
            for (int x = -4; x < 4; x++)
                if ((int)tu_below(g, 100) < density)
                    tu_set(&a->t, bx0 + x, y, bz0 + z, 1);
}

/* A coordinate within a few ulps of a grid line (or of a line +- r), near base. */
static float aim(tu_rng *g, int base, float r)
{
    const int k = base + (int)tu_below(g, 5) - 2;
    float v = (float)k;
    switch (tu_below(g, 4)) {
    case 0: v = (float)k + r; break;
    case 1: v = (float)k - r; break;
    case 2: v = (float)k + 0.5f; break;
    default: break;
    }
    int steps = (int)tu_below(g, 9) - 4; /* a few ulps either way */
    for (; steps > 0; steps--)
        v = nextafterf(v, INFINITY);
    for (; steps < 0; steps++)
        v = nextafterf(v, -INFINITY);
    return v;
}

/* A disc exactly touching a vertical block edge near (base, base): the offsets from the
 * edge are a Pythagorean triple (a, b, c) scaled by a power of two and r = c times it, so
 * dx^2 + dz^2 == r^2 exactly in float, the tie of the header's overlap test (d2 < r^2:
 * touching is not overlapping). aim() lands there only by chance. */
static void touch_edge(tu_rng *g, int base, float *x, float *z, float *r)
{
    static const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}};
    const int *t = triples[tu_below(g, 5)];
    float s = 0.5f;
    while ((float)t[2] * s > 0.45f)
        s *= 0.5f;
    for (int k = (int)tu_below(g, 3); k > 0; k--)
        s *= 0.5f;
    const int swap = (int)tu_below(g, 2);
    const float a = (float)t[swap] * s, b = (float)t[1 - swap] * s;
    *r = (float)t[2] * s;
    *x = (float)(base + (int)tu_below(g, 5) - 2) + (tu_below(g, 2) ? a : -a);
    *z = (float)(base + (int)tu_below(g, 5) - 2) + (tu_below(g, 2) ? b : -b);
}

/* ---- the two reproducers of the defects ------------------------------------------------- */
static void regressions(void)
{
    /* 1. A wall in column x = 9 and a floor at y = 0: a mover overlapping the wall's +x face
     *    by less than half an ulp must be pushed off it by about the skin, not a block. */
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 2, 3, HORDE_MISSING_EMPTY);
    for (int z = -8; z < 24; z++) {
        for (int y = 0; y < 6; y++)
            tu_set(&t, 9, y, z, 1);
        for (int x = -8; x < 24; x++)
            tu_set(&t, x, -1, z, 1);
    }
    float x = 0x1.4a3d7p+3f, y = 0x1.fd70a4p-1f, z = 0x1.3ffffcp+1f, r = 0x1.47ae14p-2f,
          h = 0x1.ccccccp+0f, ox, oy, oz;
    uint32_t f;
    horde_cylinder_push_batch b = {&x, &y, &z, &r, &h, &ox, &oy, &oz, &f, 1};
    TU_FOR_EACH_BACKEND(isa) {
        CHECK(horde_cylinder_push_isa((horde_isa)isa, &t.w, &b) == HORDE_OK, "status");
        CHECK(ox >= x && ox - x < 1e-4f && oy == y && oz == z && !tu_cyl_overlaps(&t.w, ox, oy, oz, r, h),
              "[%s] defect 1: pushed to %a %a %a flags %#x", horde_isa_name((horde_isa)isa), ox, oy,
              oz, f);
    }
    /* ... and an NPC sliding along that wall with a drift of -1e-6 per frame never jumps. */
    TU_FOR_EACH_BACKEND(isa) {
        float px = 0x1.4a3d7p+3f, py = 0.0f, pz = 0.5f;
        const float dx = -0x1.0c6f7ap-20f, dy = -0x1.47ae14p-8f, dz = 0x1.99999ap-5f;
        int jumps = 0;
        for (int frame = 0; frame < 4000 && pz < 20.0f; frame++) {
            float qx, qy, qz;
            uint32_t qf;
            horde_cylinder_move_batch m = {&px, &py, &pz, &dx, &dy, &dz, &r, &h,
                                           &qx, &qy, &qz, NULL, NULL, NULL, &qf, 1};
            CHECK(horde_cylinder_move_isa((horde_isa)isa, &t.w, NULL, &m) == HORDE_OK, "status");
            jumps += fabsf(qx - px) > fabsf(dx) + (float)(2.0 * skin_of(px, pz)) + 1e-6f;
            jumps += tu_cyl_overlaps(&t.w, qx, qy, qz, r, h);
            px = qx, py = qy, pz = qz;
        }
        CHECK(jumps == 0 && pz >= 20.0f && px > 10.0f && px < 10.5f,
              "[%s] wall slide: %d jumps or overlaps, end %a %a %a", horde_isa_name((horde_isa)isa),
              jumps, px, py, pz);
    }
    tu_world_free(&t);

    /* 2. Beyond the coordinate limit (2^18 since this fix; the reproducer sat at ~2^20,
     *    where the float spacing is 1/16 block) a mover is INVALID and left alone. */
    float X = 0x1.fe00a2p+19f, Y = 0x1.fe05p+19f, Z = 0x1.fe0242p+19f, R = 0x1.baafcep-10f,
          H = 0x1.f138e6p-2f;
    tu_world e;
    tu_world_make(&e, 0, 0, 0, 1, 1, 1, HORDE_MISSING_SOLID);
    horde_cylinder_push_batch big = {&X, &Y, &Z, &R, &H, &ox, &oy, &oz, &f, 1};
    CHECK(horde_cylinder_push(&e.w, &big) == HORDE_OK && f == HORDE_FLAG_INVALID && ox == X,
          "defect 2: beyond 2^18 flags %#x", f);
    tu_world_free(&e);
}

/* ---- the aimed property run ---------------------------------------------------------- */
int main(int argc, char **argv)
{
    uint64_t seed = 20261124;
    size_t items;
    if (tu_property_start(argc, argv, "property_cylinder_push", "aimed movers", "", &seed, &items))
        return 2;
    regressions();

    enum { BATCH = 4096, PER_WORLD = 8 * BATCH };
    static float x[BATCH], y[BATCH], z[BATCH], r[BATCH], h[BATCH];
    static float ox[BATCH], oy[BATCH], oz[BATCH], rx[BATCH], ry[BATCH], rz[BATCH];
    static uint32_t of[BATCH], rf[BATCH];
    tu_rng g = {seed};
    size_t done = 0, collided = 0, stuck = 0, compared = 0, far_bases = 0;
    /* bases: near the origin, and near the coordinate limit on either side */
    static const int bases[] = {16, 1000, 262144 - 64, -262144 + 64, 131072 + 16, -4000};
    for (int wi = 0; done < items; wi++) {
        const int base = bases[wi % 6];
        far_bases += base > 100000 || base < -100000;
        aimed_world a;
        aimed_world_make(&a, &g, base, base, 15 + (int)tu_below(&g, 40));
        for (size_t k = 0; k < PER_WORLD && done < items; k += BATCH) {
            const size_t n = items - done < BATCH ? items - done : BATCH;
            for (size_t i = 0; i < n; i++) {
                r[i] = tu_below(&g, 4) == 0 ? 0.45f : tu_uniform(&g, 0.001f, 0.45f);
                /* every other run of 256 at most 2 tall (window.h: the SIMD kernels read
                 * fewer window levels for tiles of such movers) */
                h[i] = tu_uniform(&g, 0.1f, (i / 256) % 2 ? 2.0f : 2.5f);
                x[i] = aim(&g, base, r[i]);
                z[i] = aim(&g, base, r[i]);
                if (tu_below(&g, 8) == 0)
                    touch_edge(&g, base, &x[i], &z[i], &r[i]);
                y[i] = tu_below(&g, 2) ? aim(&g, 1, 0.0f) : tu_uniform(&g, 0.0f, 3.0f);
            }
            horde_cylinder_push_batch rb = {x, y, z, r, h, rx, ry, rz, rf, n};
            CHECK(horde_cylinder_push_isa(HORDE_ISA_SCALAR, &a.t.w, &rb) == HORDE_OK, "status");
            const float *const inputs[5] = {x, y, z, r, h};
            for (size_t i = 0; i < n; i++) {
                /* armv7 runs the kernels with subnormals flushed (README "armv7"): the
                 * model's IEEE arithmetic does not apply to such a lane. */
                if ((rf[i] & HORDE_FLAG_INVALID) || tu_outside_fp_policy(inputs, 5, i))
                    continue;
                collided += (rf[i] & HORDE_FLAG_COLLIDED) != 0;
                if (rf[i] & HORDE_FLAG_STUCK) {
                    stuck++;
                    continue;
                }
                CHECK(!tu_cyl_overlaps(&a.t.w, rx[i], ry[i], rz[i], r[i], h[i]),
                      "still overlapping: in %a %a %a r=%a h=%a out %a %a %a flags %#x", x[i], y[i],
                      z[i], r[i], h[i], rx[i], ry[i], rz[i], rf[i]);
                if (!(rf[i] & HORDE_FLAG_COLLIDED))
                    continue;
                const double taken = sqrt(((double)rx[i] - x[i]) * ((double)rx[i] - x[i]) +
                                          ((double)ry[i] - y[i]) * ((double)ry[i] - y[i]) +
                                          ((double)rz[i] - z[i]) * ((double)rz[i] - z[i]));
                const double best = model_best(&a.t.w, x[i], y[i], z[i], r[i], h[i]);
                compared++;
                CHECK(best < 0 || taken <= best + 2.0 * skin_of(x[i], z[i]) + 1e-6,
                      "a shorter exit is free: in %a %a %a r=%a h=%a took %.9g, model %.9g "
                      "(out %a %a %a flags %#x)", x[i], y[i], z[i], r[i], h[i], taken, best, rx[i],
                      ry[i], rz[i], rf[i]);
            }
            TU_FOR_EACH_BACKEND(isa) if (isa != HORDE_ISA_SCALAR) {
                horde_cylinder_push_batch b = {x, y, z, r, h, ox, oy, oz, of, n};
                horde_cylinder_push_isa((horde_isa)isa, &a.t.w, &b);
                CHECK(!memcmp(ox, rx, n * 4) && !memcmp(oy, ry, n * 4) && !memcmp(oz, rz, n * 4) &&
                          !memcmp(of, rf, n * 4),
                      "%s differs from scalar on aimed movers", horde_isa_name((horde_isa)isa));
            }
            done += n;
            if (tu_failures > 20)
                return tu_finish("property_cylinder_push");
        }
        tu_world_free(&a.t);
    }
    printf("  collided %zu, stuck %zu, compared with the model %zu, worlds near the limit %zu\n",
           collided, stuck, compared, far_bases);
    CHECK(collided > items / 10 && compared > items / 10 && far_bases > 0,
          "the aimed movers do not exercise the push (collided %zu, compared %zu)", collided, compared);
    return tu_finish("property_cylinder_push");
}
