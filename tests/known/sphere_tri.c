/* SPDX-License-Identifier: MIT */
/* Known answers for horde_sphere_tri_pairs, horde_sphere_tri_list and
 * horde_sweep_sphere_tri, derived by hand (floor, wall and hypotenuse of a right triangle;
 * Fauerby's plane / edge / vertex contacts of seed 003's lecture; ellipsoids through the
 * change of basis), on every backend. */
#include "tri_gen.h"

static horde_isa cur;
#define ISA horde_isa_name(cur)

/* The floor triangle A (0,0,0), B (4,0,0), C (0,0,4) in y = 0; its winding normal
 * (B - A) x (C - A) = (0, -16, 0) points down. The wall x = 0: (0,0,0), (0,4,0), (0,0,4). */
static const float FLOOR[9] = {0, 0, 0, 4, 0, 0, 0, 0, 4};
static const float WALL[9] = {0, 0, 0, 0, 4, 0, 0, 0, 4};

typedef struct {
    float q[3], depth, push[3];
    uint32_t f;
} pres;

static pres pair(float x, float y, float z, float r, const float v[9])
{
    pres o;
    horde_triangles t = {&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], 1};
    horde_sphere_tri_pairs_batch b = {&x, &y, &z, &r, &o.q[0], &o.q[1], &o.q[2], &o.depth,
                                      &o.push[0], &o.push[1], &o.push[2], &o.f, 1};
    CHECK(horde_sphere_tri_pairs_isa(cur, &t, &b) == HORDE_OK, "[%s] status", ISA);
    return o;
}

static int near3(const float *a, float x, float y, float z, float tol)
{
    return fabsf(a[0] - x) <= tol && fabsf(a[1] - y) <= tol && fabsf(a[2] - z) <= tol;
}

#define PAIR_IS(o, qx, qy, qz, dep, px, py, pz, flags)                                              \
    CHECK(near3((o).q, qx, qy, qz, 1e-6f) && fabsf((o).depth - (dep)) <= 1e-6f &&                  \
              near3((o).push, px, py, pz, 1e-6f) && (o).f == (flags),                               \
          "[%s] q %g %g %g depth %g push %g %g %g flags %#x", ISA, (o).q[0], (o).q[1], (o).q[2],     \
          (o).depth, (o).push[0], (o).push[1], (o).push[2], (o).f)

/* The header's promise for an overlapping pair: after P += push the sphere touches the
 * triangle (independent double-precision distance, tri_gen.h). */
static void touches_after(float x, float y, float z, float r, const float v[9], pres o)
{
    const double p[3] = {(float)(x + o.push[0]), (float)(y + o.push[1]), (float)(z + o.push[2])};
    double q[3];
    const double d = sqrt(tg_closest_d(p, v, q));
    CHECK((o.f & HORDE_FLAG_OVERLAP) && fabs(d - r) <= 1e-5 * (1 + fabs(x) + fabs(y) + fabs(z)),
          "[%s] after the push the distance is %.9g, r %.9g (push %g %g %g, flags %#x)", ISA, d, r,
          o.push[0], o.push[1], o.push[2], o.f);
}

static void pairs(void)
{
    const uint32_t O = HORDE_FLAG_OVERLAP, F = HORDE_FLAG_FACE, E = HORDE_FLAG_EDGE,
                   V = HORDE_FLAG_VERTEX, D = HORDE_FLAG_DEGENERATE;
    /* Above the face: Q straight below, pushed up by r - 0.3. Below: pushed down. */
    pres o = pair(1, 0.3f, 1, 0.5f, FLOOR);
    PAIR_IS(o, 1, 0, 1, 0.2f, 0, 0.2f, 0, O | F);
    o = pair(1, -0.3f, 1, 0.5f, FLOOR);
    PAIR_IS(o, 1, 0, 1, 0.2f, 0, -0.2f, 0, O | F);
    /* Vertex A region: distance 0.5 (3-4-5), push 0.1 away from A. */
    o = pair(-0.3f, 0, -0.4f, 0.6f, FLOOR);
    PAIR_IS(o, 0, 0, 0, 0.1f, -0.06f, 0, -0.08f, O | V);
    /* Edge AB (z = 0): Q = (2, 0, 0), distance 0.5. */
    o = pair(2, 0.4f, -0.3f, 0.6f, FLOOR);
    PAIR_IS(o, 2, 0, 0, 0.1f, 0, 0.08f, -0.06f, O | E);
    /* Hypotenuse BC (x + z = 4): Q = (2, 0, 2), distance sqrt(2), separated. */
    o = pair(3, 0, 3, 1, FLOOR);
    PAIR_IS(o, 2, 0, 2, 1 - sqrtf(2), 0, 0, 0, E);
    /* Touching is not overlapping; r = 0 never overlaps. */
    o = pair(1, 0.5f, 1, 0.5f, FLOOR);
    PAIR_IS(o, 1, 0, 1, 0, 0, 0, 0, F);
    o = pair(1, 0, 1, 0, FLOOR);
    PAIR_IS(o, 1, 0, 1, 0, 0, 0, 0, F);
    /* Centre on the face: pushed by r along the winding's normal (down here); the other
     * winding pushes up. */
    o = pair(1, 0, 1, 0.5f, FLOOR);
    PAIR_IS(o, 1, 0, 1, 0.5f, 0, -0.5f, 0, O | F);
    const float FLIP[9] = {0, 0, 0, 0, 0, 4, 4, 0, 0};
    o = pair(1, 0, 1, 0.5f, FLIP);
    PAIR_IS(o, 1, 0, 1, 0.5f, 0, 0.5f, 0, O | F);
    /* Collinear triangle = segment (0,0,0)-(4,0,0); a point triangle; the centre on a
     * degenerate triangle is pushed up by r. */
    const float LINE[9] = {0, 0, 0, 2, 0, 0, 4, 0, 0};
    o = pair(3, 1, 0, 1.5f, LINE);
    PAIR_IS(o, 3, 0, 0, 0.5f, 0, 0.5f, 0, O | E | D);
    const float POINT[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    o = pair(1, 1, 2, 2, POINT);
    PAIR_IS(o, 1, 1, 1, 1, 0, 0, 1, O | V | D);
    o = pair(1, 0, 0, 0.25f, LINE);
    PAIR_IS(o, 1, 0, 0, 0.25f, 0, 0.25f, 0, O | E | D);
    /* Regressions: the push must leave the sphere touching.
     * Centre exactly on a slanted segment: pushed perpendicular to it, along the part of
     * up perpendicular to it ((-1, 1, 0) / sqrt 2); (0, r, 0) left it 0.354 away. */
    const float SLANT[9] = {0, 0, 0, 2, 2, 0, 4, 4, 0};
    o = pair(1, 1, 0, 0.5f, SLANT);
    PAIR_IS(o, 1, 1, 0, 0.5f, -0.35355339f, 0.35355339f, 0, O | E | D);
    touches_after(1, 1, 0, 0.5f, SLANT, o);
    /* Within rounding of a zero-area triangle (C is the midpoint of AB): d = P - Q is
     * rounding noise, along the segment; the push is perpendicular to it. */
    const float ZERO_AREA[9] = {10, 11, -4, 16, 14, -5, 13, 12.5f, -4.5f};
    const float t3 = 0.3f;
    const float zx = 10 + 6 * t3, zy = 11 + 3 * t3, zz = -4 - 1 * t3;
    o = pair(zx, zy, zz, 0.683f, ZERO_AREA);
    CHECK((o.f & (O | D)) == (O | D), "[%s] zero area: flags %#x", ISA, o.f);
    touches_after(zx, zy, zz, 0.683f, ZERO_AREA, o);
    /* Within an ulp of vertex B of an ordinary triangle, d = P - B points along the
     * edge BA; the push is projected into B's cone (found by tests/property). */
    const float NEAR_V[9] = {0x1.d7f308p+5f, -0x1.16af14p+5f, -0x1.bdc04p-2f, 0x1.8819eep+4f, -0x1.344564p+5f,
                             -0x1.8c8a14p+2f, 0x1.12f054p+4f, -0x1.3476a2p+3f, -0x1.67c34ep+4f};
    o = pair(0x1.8819fp+4f, -0x1.344564p+5f, -0x1.8c8a14p+2f, 0x1.3bbddep-2f, NEAR_V);
    touches_after(0x1.8819fp+4f, -0x1.344564p+5f, -0x1.8c8a14p+2f, 0x1.3bbddep-2f, NEAR_V, o);
    /* A needle (tip at A, 1e-3 wide): the face is exact. */
    const float NEEDLE[9] = {0, 0, 0, 30, 0, 0, 30, 0, 0.001f};
    o = pair(15, 0.25f, 0.0004f, 0.5f, NEEDLE);
    CHECK(fabsf(o.q[1]) <= 1e-6f && fabsf(o.depth - 0.25f) <= 1e-5f && o.f == (O | F),
          "[%s] needle: q %g %g %g depth %g flags %#x", ISA, o.q[0], o.q[1], o.q[2], o.depth, o.f);
    /* Invalid input: flagged, depth -INFINITY (never the deepest), every other output +0. */
#define INVALID_PAIR_IS(o)                                                                          \
    CHECK((o).f == HORDE_FLAG_INVALID && (o).depth == -INFINITY && tg_bits((o).q[0]) == 0 &&         \
              tg_bits((o).q[1]) == 0 && tg_bits((o).q[2]) == 0 && tg_bits((o).push[0]) == 0 &&       \
              tg_bits((o).push[1]) == 0 && tg_bits((o).push[2]) == 0,                                \
          "[%s] invalid: q %g %g %g depth %g push %g %g %g flags %#x", ISA, (o).q[0], (o).q[1],        \
          (o).q[2], (o).depth, (o).push[0], (o).push[1], (o).push[2], (o).f)
    o = pair(NAN, 0, 0, 1, FLOOR);
    INVALID_PAIR_IS(o);
    o = pair(1, 1, 1, -1, FLOOR);
    INVALID_PAIR_IS(o);
    const float FAR[9] = {0, 0, 0, 70000, 0, 0, 0, 0, 4};
    o = pair(1, 1, 1, 1, FAR);
    INVALID_PAIR_IS(o);
}

static void lists(void)
{
    /* Soup: 0 floor, 1 wall, 2 a second floor triangle sharing the floor's hypotenuse,
     * 3 far away. */
    float sx[4][9];
    memcpy(sx[0], FLOOR, sizeof FLOOR), memcpy(sx[1], WALL, sizeof WALL);
    const float F2[9] = {4, 0, 0, 4, 0, 4, 0, 0, 4}, FARAWAY[9] = {50, 0, 0, 51, 0, 0, 50, 0, 1};
    memcpy(sx[2], F2, sizeof F2), memcpy(sx[3], FARAWAY, sizeof FARAWAY);
    float a[9][4];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 9; k++)
            a[k][i] = sx[i][k];
    horde_triangles soup = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], 4};
    /* Sphere 0: in the corner of floor and wall, list {3, 0, 1, 9 (out of range)}.
     * Sphere 1: over the floor seam, list {0, 2}. Sphere 2: empty list. */
    float x[3] = {0.2f, 2, 1}, y[3] = {0.3f, 0.3f, 1}, z[3] = {1, 2, 1}, r[3] = {0.5f, 0.5f, 1};
    const uint32_t offsets[4] = {0, 4, 6, 6}, indices[6] = {3, 0, 1, 9, 0, 2};
    float px[3], py[3], pz[3], depth[3], qx[3], qy[3], qz[3];
    uint32_t deepest[3], flags[3];
    horde_sphere_tri_list_batch b = {x, y, z, r, offsets, indices, px, py, pz, deepest, depth, qx, qy, qz, flags, 3};
    CHECK(horde_sphere_tri_list_isa(cur, &soup, &b) == HORDE_OK, "[%s] list status", ISA);
    /* Floor pushes up 0.2, wall pushes +x 0.3: both kept; the wall is deeper. */
    CHECK(fabsf(px[0] - 0.3f) <= 1e-6f && fabsf(py[0] - 0.2f) <= 1e-6f && pz[0] == 0 && deepest[0] == 1 &&
              fabsf(depth[0] - 0.3f) <= 1e-6f && qx[0] == 0 &&
              flags[0] == (HORDE_FLAG_OVERLAP | HORDE_FLAG_SKIPPED | HORDE_FLAG_FACE),
          "[%s] corner: push %g %g %g deepest %u depth %g flags %#x", ISA, px[0], py[0], pz[0], deepest[0],
          depth[0], flags[0]);
    /* Seam of two coplanar triangles: pushed up once (0.2), not twice. */
    CHECK(px[1] == 0 && fabsf(py[1] - 0.2f) <= 1e-6f && pz[1] == 0 && deepest[1] == 0 &&
              (flags[1] & HORDE_FLAG_OVERLAP),
          "[%s] seam: push %g %g %g deepest %u flags %#x", ISA, px[1], py[1], pz[1], deepest[1], flags[1]);
    CHECK(px[2] == 0 && py[2] == 0 && pz[2] == 0 && deepest[2] == HORDE_NONE && depth[2] == -INFINITY &&
              flags[2] == 0,
          "[%s] empty list: deepest %u depth %g flags %#x", ISA, deepest[2], depth[2], flags[2]);
    /* An invalid sphere: no triangle, depth -INFINITY (never the deepest), the rest +0. */
    r[0] = -1;
    CHECK(horde_sphere_tri_list_isa(cur, &soup, &b) == HORDE_OK, "[%s] list status", ISA);
    CHECK(flags[0] == HORDE_FLAG_INVALID && deepest[0] == HORDE_NONE && depth[0] == -INFINITY &&
              px[0] == 0 && !signbit(px[0]) && py[0] == 0 && !signbit(py[0]) && pz[0] == 0 && !signbit(pz[0]) &&
              qx[0] == 0 && !signbit(qx[0]) && qy[0] == 0 && !signbit(qy[0]) && qz[0] == 0 && !signbit(qz[0]),
          "[%s] invalid sphere: tri %u depth %g flags %#x", ISA, deepest[0], depth[0], flags[0]);
    r[0] = 0.5f;
    /* Offsets must not decrease. */
    const uint32_t bad_offsets[4] = {0, 4, 2, 6};
    b.offsets = bad_offsets;
    CHECK(horde_sphere_tri_list_isa(cur, &soup, &b) == HORDE_ERR_BAD_PARAMS,
          "[%s] decreasing offsets accepted", ISA);
}

typedef struct {
    float t, c[3], n[3];
    uint32_t f;
} sres;

static sres sweep(float x, float y, float z, float dx, float dy, float dz, float rx, float ry, float rz,
                  const float v[9])
{
    sres o;
    horde_triangles t = {&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], 1};
    horde_sweep_sphere_tri_batch b = {&x, &y, &z, &dx, &dy, &dz, &rx, &ry, &rz, &o.t, &o.c[0], &o.c[1],
                                      &o.c[2], &o.n[0], &o.n[1], &o.n[2], &o.f, 1};
    CHECK(horde_sweep_sphere_tri_isa(cur, &t, &b) == HORDE_OK, "[%s] sweep status", ISA);
    return o;
}

#define SWEEP_IS(o, tt, cx, cy, cz, nx, ny, nz, flags)                                               \
    CHECK(fabsf((o).t - (tt)) <= 2e-6f && near3((o).c, cx, cy, cz, 2e-6f) &&                          \
              near3((o).n, nx, ny, nz, 2e-6f) && (o).f == (flags),                                      \
          "[%s] t %.9g c %g %g %g n %g %g %g flags %#x", ISA, (o).t, (o).c[0], (o).c[1], (o).c[2],       \
          (o).n[0], (o).n[1], (o).n[2], (o).f)

static void sweeps(void)
{
    const uint32_t H = HORDE_FLAG_HIT, F = HORDE_FLAG_FACE, E = HORDE_FLAG_EDGE, V = HORDE_FLAG_VERTEX;
    /* Falling onto the face: the bottom reaches y = 0 when the centre is at y = 1. */
    sres o = sweep(1, 3, 1, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 0.5f, 1, 0, 1, 0, 1, 0, H | F);
    /* Double-sided: from below. */
    o = sweep(1, -3, 1, 0, 4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 0.5f, 1, 0, 1, 0, -1, 0, H | F);
    /* Too short: no hit, t = 1. */
    o = sweep(1, 3, 1, 0, -1, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 1, 0, 0, 0, 0, 0, 0, 0);
    /* Edge AB: centre (2, y, -0.5) is 1 from the edge when y = sqrt(0.75). */
    const float ye = sqrtf(0.75f);
    o = sweep(2, 3, -0.5f, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, (3 - ye) / 4, 2, 0, 0, 0, ye, -0.5f, H | E);
    /* Vertex A: centre (-0.5, y, -0.5) is 1 from A when y = sqrt(0.5). */
    const float yv = sqrtf(0.5f);
    o = sweep(-0.5f, 3, -0.5f, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, (3 - yv) / 4, 0, 0, 0, -0.5f, yv, -0.5f, H | V);
    /* Regression: a contact direction with tiny components (w.w
     * subnormal) still gives a unit normal (|n| was 0.9927). armv7 flushes these inputs
     * to zero by design (README "armv7"). */
    if (!TU_FLUSHES_SUBNORMALS) {
        static const float ZERO_TRI[9] = {0};
        const float rr = 0x1.850506p+0f;
        o = sweep(0x1p-149f, 0x1.2p-129f, -0x1.373736p-72f, -0.0f, -0x1.2p-130f, 0x1.373736p-73f, rr, rr, rr,
                  ZERO_TRI);
        const double nn = (double)o.n[0] * o.n[0] + (double)o.n[1] * o.n[1] + (double)o.n[2] * o.n[2];
        CHECK((o.f & H) && fabs(sqrt(nn) - 1.0) <= 1e-6, "[%s] subnormal direction: |n| = %.9g (flags %#x)", ISA,
              sqrt(nn), o.f);
    }
    /* Exact ties of the header's tests. Reaching the plane exactly at t = 1 is a hit
     * (t0 <= 1); touching it at the start is not a start inside (d.d < 1), a hit at t = 0. */
    o = sweep(1, 3, 1, 0, -2, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 1, 1, 0, 1, 0, 1, 0, H | F);
    o = sweep(1, 1, 1, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 0, 1, 0, 1, 0, 1, 0, H | F);
    /* Falling beside vertex A in the plane x = 0 through it: edge AB is touched at its end
     * (f = 0, inside [0, 1]) when vertex A is, at the same time; the vertex does not
     * replace the edge (only a strictly earlier time does). */
    o = sweep(0, 3, -0.5f, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, (3 - ye) / 4, 0, 0, 0, 0, ye, -0.5f, H | E);
    /* Already overlapping: t = 0, contact = closest point. */
    o = sweep(1, 0.5f, 1, 0, -4, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 0, 1, 0, 1, 0, 1, 0, H | F | HORDE_FLAG_STARTED_INSIDE);
    /* Zero-length sweep apart: nothing. Parallel to the plane, above it: nothing. Grazing
     * at exactly one radius above the plane: the first touch is edge CA (x = 0) at t = 1/4
     * (distance to the edge reaches 1), then it slides along the face. */
    o = sweep(1, 3, 1, 0, 0, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 1, 0, 0, 0, 0, 0, 0, 0);
    o = sweep(-2, 2, 1, 8, 0, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 1, 0, 0, 0, 0, 0, 0, 0);
    o = sweep(-2, 1, 1, 8, 0, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, 0.25f, 0, 0, 1, 0, 1, 0, H | E);
    /* Parallel inside the slab (0.5 above the plane), coming from the side: hits edge
     * CA (x = 0) when the centre is 1 from it: x = -sqrt(0.75). */
    o = sweep(-2, 0.5f, 1, 4, 0, 0, 1, 1, 1, FLOOR);
    SWEEP_IS(o, (2 - ye) / 4, 0, 0, 1, -ye, 0.5f, 0, H | E);
    /* Ellipsoid (0.5, 2, 0.5) falling: contact when the centre is 2 above the floor. */
    o = sweep(1, 5, 1, 0, -4, 0, 0.5f, 2, 0.5f, FLOOR);
    SWEEP_IS(o, 0.75f, 1, 0, 1, 0, 1, 0, H | F);
    /* ... into the wall x = 0: contact when the centre is 0.5 from it. */
    o = sweep(2, 1, 1, -4, 0, 0, 0.5f, 2, 0.5f, WALL);
    SWEEP_IS(o, 0.375f, 0, 1, 1, 1, 0, 0, H | F);
    /* Ellipsoid onto the floor's edge AB: in unit space (x, y/2, z) the edge is the same
     * line, centre (2, y/2, -0.5): hit at y/2 = sqrt(0.75); world normal from (0, ye,
     * -0.5) scaled by 1/R = (2, 0.5, 2) and normalised. */
    o = sweep(2, 6, -0.25f, 0, -8, 0, 1, 2, 0.5f, FLOOR);
    {
        /* unit: centre (2, 3, -0.5) moving (0, -4, 0): same as the sphere case above. */
        const float wx = 0, wy = ye * 0.5f, wz = -0.5f * 2;
        const float l = sqrtf(wy * wy + wz * wz);
        SWEEP_IS(o, (3 - ye) / 4, 2, 0, 0, wx, wy / l, wz / l, H | E);
    }
    /* Invalid radius: t = 1 (as a miss, never the earliest), contact and normal +0. */
    o = sweep(1, 3, 1, 0, -4, 0, 0, 1, 1, FLOOR);
    SWEEP_IS(o, 1, 0, 0, 0, 0, 0, 0, HORDE_FLAG_INVALID);
    CHECK(!signbit(o.c[0]) && !signbit(o.c[1]) && !signbit(o.c[2]) && !signbit(o.n[0]) && !signbit(o.n[1]) &&
              !signbit(o.n[2]), "[%s] invalid sweep: contact and normal must be +0", ISA);
}

static void api(void)
{
    float v = 0;
    uint32_t u = 0;
    const uint32_t off[2] = {0, 0};
    horde_triangles t0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    horde_sphere_tri_pairs_batch p0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    CHECK(horde_sphere_tri_pairs(&t0, &p0) == HORDE_OK, "n = 0 must be OK");
    horde_sphere_tri_pairs_batch p1 = {&v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &u, 1};
    CHECK(horde_sphere_tri_pairs(&t0, &p1) == HORDE_ERR_BAD_PARAMS, "n mismatch");
    horde_triangles t1 = {&v, &v, &v, &v, &v, &v, &v, NULL, &v, 1};
    CHECK(horde_sphere_tri_pairs(&t1, &p1) == HORDE_ERR_NULL_ARG, "NULL triangle array");
    CHECK(horde_sphere_tri_pairs(&t1, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
    CHECK(horde_sphere_tri_pairs(NULL, &p1) == HORDE_ERR_NULL_ARG, "NULL triangles");
    CHECK(horde_sphere_tri_pairs_isa(HORDE_ISA_COUNT, &t1, &p1) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
    horde_sphere_tri_list_batch l0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                      NULL, NULL, NULL, NULL, NULL, 0};
    CHECK(horde_sphere_tri_list(&t0, &l0) == HORDE_OK, "list n = 0 must be OK");
    CHECK(horde_sphere_tri_list(&t0, NULL) == HORDE_ERR_NULL_ARG, "list NULL batch");
    horde_sphere_tri_list_batch l1 = {&v, &v, &v, &v, off, NULL, &v, &v, &v, &u, &v, &v, &v, &v, &u, 1};
    CHECK(horde_sphere_tri_list(NULL, &l1) == HORDE_ERR_NULL_ARG, "list NULL soup");
    CHECK(horde_sphere_tri_list(&t0, &l1) == HORDE_OK, "list of empty lists needs no indices");
    l1.out_tri = NULL;
    CHECK(horde_sphere_tri_list(&t0, &l1) == HORDE_ERR_NULL_ARG, "list NULL out_tri");
    horde_sweep_sphere_tri_batch w0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    CHECK(horde_sweep_sphere_tri(&t0, &w0) == HORDE_OK, "sweep n = 0 must be OK");
    CHECK(horde_sweep_sphere_tri(&t1, &w0) == HORDE_ERR_BAD_PARAMS, "sweep n mismatch");
    CHECK(horde_sweep_sphere_tri(NULL, &w0) == HORDE_ERR_NULL_ARG, "sweep NULL triangles");
    CHECK(horde_sweep_sphere_tri(&t1, NULL) == HORDE_ERR_NULL_ARG, "sweep NULL batch");
}

int main(void)
{
    api();
    TU_RUN_CASES(cur, pairs, lists, sweeps);
    return tu_finish("known_sphere_tri");
}
