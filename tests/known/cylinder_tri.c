/* SPDX-License-Identifier: MIT */
/* Known answers for horde_cylinder_tri, derived by hand from seed 001 (clip the triangle
 * to [H1, H2] = [y + step, y + height], flatten, closest point of the flattened polygon,
 * newPos = closest + r * normalize(nPos - closest)), plus the cases the seed misses or
 * leaves undefined (centre inside, centre on the boundary, degenerate triangles). Every
 * case runs on every backend, alone and inside a batch of 11 (so SIMD lanes and tails
 * are exercised). */
#include "testutil.h"

static horde_isa cur_isa;

typedef struct {
    float px, pz;
    uint32_t f;
} result;

/* Mover (x, y, z, r, h) and step against triangle t; also checks that the same pair in
 * every lane of a batch gives the same bits. */
static result run(float x, float y, float z, float r, float h, float step, const float t[9])
{
    enum { N = 11 };
    float in[14][N], px[N], pz[N];
    uint32_t f[N];
    const float v[14] = {x, y, z, r, h, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]};
    for (int k = 0; k < 14; k++)
        for (int i = 0; i < N; i++)
            in[k][i] = v[k];
    horde_triangles tr = {in[5], in[6], in[7], in[8], in[9], in[10], in[11], in[12], in[13], 1};
    const horde_cylinder_tri_params p = {step};
    horde_cylinder_tri_batch b = {in[0], in[1], in[2], in[3], in[4], px, pz, f, 1};
    int st = horde_cylinder_tri_isa(cur_isa, &tr, &p, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    result res = {px[0], pz[0], f[0]};
    tr.n = b.n = N;
    st = horde_cylinder_tri_isa(cur_isa, &tr, &p, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    for (int i = 0; i < N; i++)
        CHECK(!memcmp(&px[i], &res.px, 4) && !memcmp(&pz[i], &res.pz, 4) && f[i] == res.f,
              "[%s] lane %d differs", horde_isa_name(cur_isa), i);
    return res;
}

#define ISA horde_isa_name(cur_isa)
static const uint32_t HIT = HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL;
static const uint32_t IN = HORDE_FLAG_COLLIDED | HORDE_FLAG_HIT_WALL | HORDE_FLAG_CENTRE_INSIDE;
/* Pushes end (|x| + |z| + 1) * 2^-21 beyond contact (cylinder_tri.h). */
static float eps(float x, float z) { return (fabsf(x) + fabsf(z) + 1.0f) * 0x1p-21f; }
static int near(float a, float b, float tol) { return fabsf(a - b) <= tol; }

static void expect(result r, float px, float pz, uint32_t f, float tol, const char *what)
{
    CHECK(r.f == f && near(r.px, px, tol) && near(r.pz, pz, tol),
          "[%s] %s: got push (%.9g, %.9g) flags %#x, want (%.9g, %.9g) flags %#x", ISA, what, r.px,
          r.pz, r.f, px, pz, f);
}

/* A wall in the plane x = 0: base y = -1 from z = -5 to 5, apex (0, 9, 0). */
static const float wall[9] = {0, -1, -5, 0, -1, 5, 0, 9, 0};

static void walls(void)
{
    /* Band [0.3, 1.8]: the clipped wall flattens to the segment x = 0, |z| <= 4.35 (half
     * width 5 * (9 - y) / 10 at the band bottom). Centre 0.2 in front: closest (0, 0),
     * d = 0.2, seed: newPos = (0, 0) + 0.5 * (1, 0) -> push 0.3 (+ eps). */
    result r = run(0.2f, 0.0f, 0.0f, 0.5f, 1.8f, 0.3f, wall);
    expect(r, 0.3f + eps(0.2f, 0), 0.0f, HIT, 1e-6f, "wall front");
    /* Behind the wall (double-sided): push -x. */
    r = run(-0.25f, 0.0f, 1.0f, 0.5f, 1.8f, 0.3f, wall);
    expect(r, -0.25f - eps(0.25f, 1), 0.0f, HIT, 1e-6f, "wall back");
    /* Touching (d == r) is not contact. */
    r = run(0.5f, 0.0f, 0.0f, 0.5f, 1.8f, 0.3f, wall);
    expect(r, 0, 0, 0, 0, "wall touching");
    /* Beyond the end of the clipped segment: closest is the end (0, 4.35) at the band
     * bottom; centre (0.3, 0, 4.6): d = sqrt(0.09 + 0.0625) = 0.390512, push along
     * (0.3, 0.25) / d by 0.5 - d = 0.109488: (0.0841121, 0.0700934). */
    r = run(0.3f, 0.0f, 4.6f, 0.5f, 1.8f, 0.3f, wall);
    expect(r, 0.0841121f, 0.0700934f, HIT, 2e-6f, "wall end");
    /* At z = 4.7 the end is 0.461 away at the band bottom: still in reach (< 0.5)... */
    r = run(0.3f, 0.0f, 4.7f, 0.5f, 1.8f, 0.3f, wall);
    CHECK(r.f == HIT && r.pz > 0, "[%s] wall end 2: flags %#x", ISA, r.f);
    /* ...but with the band raised by a larger step the wall is narrower there: at
     * band bottom y = 1.0 the half width is 4.0, distance sqrt(0.09 + 0.49) > 0.5. */
    r = run(0.3f, 0.0f, 4.7f, 0.5f, 1.8f, 1.0f, wall);
    expect(r, 0, 0, 0, 0, "wall end, higher step");
    /* Wall entirely below the band, or above: nothing (band [9.5, 11] / [-5, -1.5]). */
    r = run(0.1f, 9.0f, 0.0f, 0.5f, 2.0f, 0.5f, wall);
    expect(r, 0, 0, 0, 0, "wall below band");
    r = run(0.1f, -5.0f, 0.0f, 0.5f, 3.5f, 0.0f, wall);
    expect(r, 0, 0, 0, 0, "wall above band");
    /* Apex exactly at the band bottom (y + step = 9): the triangle does not reach into
     * the open band: nothing. 2^-20 lower and it does (a sliver at (0, 0)). */
    r = run(0.1f, 8.5f, 0.0f, 0.5f, 2.0f, 0.5f, wall);
    expect(r, 0, 0, 0, 0, "apex at band bottom");
    r = run(0.1f, 8.5f, 0.0f, 0.5f, 2.0f, 0.5f - 0x1p-20f, wall);
    CHECK(r.f == HIT && near(r.px, 0.4f, 1e-5f) && fabsf(r.pz) < 1e-5f, "[%s] apex reach: %g %g %#x", ISA,
          r.px, r.pz, r.f);
    /* Centre exactly on the wall (d == 0): the wall flattens to a segment (no area); the
     * first closest edge runs +z, its right-hand normal (ez, -ex) is +x: push r' along +x. */
    r = run(0.0f, 0.0f, 1.0f, 0.5f, 1.8f, 0.3f, wall);
    expect(r, 0.5f + eps(0, 1), 0.0f, HIT, 0, "centre on the wall");
    /* The same on a wall in the plane x = z: its clipped points lie exactly on that line
     * (their x and z are computed alike), the first closest edge runs along +x +z, and
     * its right-hand normal is (1, -1) / sqrt 2. */
    const float diagonal[9] = {0, -1, 0, 4, -1, 4, 2, 9, 2};
    r = run(2.0f, 0.0f, 2.0f, 0.5f, 1.8f, 0.3f, diagonal);
    const float k = (0.5f + eps(2, 2)) * 0.70710678f;
    expect(r, k, -k, HIT, 1e-6f, "centre on a diagonal wall");
}

/* Ramp rising along +x: y = x for x in [0, 4], z in [0, 4] (one triangle). */
static const float ramp[9] = {0, 0, 0, 4, 4, 0, 4, 4, 4};

static void ramps(void)
{
    /* Mover at the foot (x = 0.5, y = 0, z = 1.5), step 0.5, height 1.8: band
     * [0.5, 1.8]. The slab cuts the ramp at x in [0.5, 1.8], z from 0 to x: a quad
     * (0.5, 0) (0.5, 0.5) (1.8, 1.8) (1.8, 0). The centre (0.5, 1.5) is outside it;
     * closest: the diagonal z = x at (1, 1), d = sqrt(0.5) = 0.707 > r = 0.5: nothing. */
    result r = run(0.5f, 0.0f, 1.5f, 0.5f, 1.8f, 0.5f, ramp);
    expect(r, 0, 0, 0, 0, "ramp beside");
    /* Centre (0.3, 0.25): closest is the band-bottom cut x = 0.5 at (0.5, 0.25), d = 0.2:
     * push -x by 0.3 (seed: it cannot walk up a slope steeper than step / r here). */
    r = run(0.3f, 0.0f, 0.25f, 0.5f, 1.8f, 0.5f, ramp);
    expect(r, -0.3f - eps(0.3f, 0.25f), 0.0f, HIT, 2e-6f, "ramp foot");
    /* Centre inside the quad (1.0, 0.3): the seed finds the nearest edge at distance 0.3
     * (z = 0) < r and pushes the wrong way; here INSIDE: out through z = 0 (d = 0.3),
     * push (0, -(0.3 + r')). */
    r = run(1.0f, 0.0f, 0.3f, 0.2f, 1.8f, 0.5f, ramp);
    expect(r, 0.0f, -(0.3f + 0.2f + eps(1.0f, 0.3f)), IN, 2e-6f, "ramp centre inside");
}

static void floors(void)
{
    /* A table top at y = 1: (-2, -2) (2, -2) (0, 2). */
    const float top[9] = {-2, 1, -2, 2, 1, -2, 0, 1, 2};
    /* Band [0.3, 1.8] contains it: the seed's edge test finds nothing for a centre 1 from
     * every edge (d = 1 > r) and lets the mover walk through the table. Nearest edge:
     * z = -2 at (0, -2), distance 1 (the slanted ones are 6 / sqrt(20) = 1.342 away):
     * push (0, -(1 + r')). */
    result r = run(0.0f, 0.0f, -1.0f, 0.5f, 1.8f, 0.3f, top);
    expect(r, 0.0f, -(1.0f + 0.5f + eps(0, 1)), IN, 2e-6f, "table inside");
    /* Same top exactly at the band bottom (y + step = 1) or top (y + height = 1): nothing. */
    r = run(0.0f, 0.7f, -1.0f, 0.5f, 1.8f, 0.3f, top);
    expect(r, 0, 0, 0, 0, "floor at band bottom");
    r = run(0.0f, -0.8f, -1.0f, 0.5f, 1.8f, 0.3f, top);
    expect(r, 0, 0, 0, 0, "roof above band top");
    /* (-0.8 + 1.8 rounds to 1 - 2^-24: that roof lies above the band.) With -1 + 2 the
     * band top is exactly 1, the roof's height: nothing; one float higher, it is inside. */
    r = run(0.0f, -1.0f, -1.0f, 0.5f, 2.0f, 0.3f, top);
    expect(r, 0, 0, 0, 0, "roof at band top");
    r = run(0.0f, -1.0f, -1.0f, 0.5f, nextafterf(2.0f, 3.0f), 0.3f, top);
    expect(r, 0.0f, -(1.0f + 0.5f + eps(0, 1)), IN, 2e-6f, "roof just inside band top");
    /* Winding does not matter: reversed top, same answer. */
    const float rev[9] = {0, 1, 2, 2, 1, -2, -2, 1, -2};
    r = run(0.0f, 0.0f, -1.0f, 0.5f, 1.8f, 0.3f, rev);
    expect(r, 0.0f, -(1.0f + 0.5f + eps(0, 1)), IN, 2e-6f, "table reversed");
    /* Centre exactly on the edge z = -2 of the top: d = 0, inside (boundary included):
     * outward normal of that edge, -z. */
    r = run(0.5f, 0.0f, -2.0f, 0.5f, 1.8f, 0.3f, top);
    expect(r, 0.0f, -(0.5f + eps(0.5f, 2)), IN, 0, "on the edge");
    /* The same on the other sides of the bounding box (the INSIDE test's box is closed):
     * right triangles with legs on x = 2, and on x = -2 and z = 2. */
    const float leg_x1[9] = {-2, 1, -2, 2, 1, -2, 2, 1, 2}, legs_x0_z1[9] = {-2, 1, -2, -2, 1, 2, 2, 1, 2};
    r = run(2.0f, 0.0f, 0.5f, 0.5f, 1.8f, 0.3f, leg_x1);
    expect(r, 0.5f + eps(2, 0.5f), 0.0f, IN, 0, "on the edge x = 2");
    r = run(-2.0f, 0.0f, 0.5f, 0.5f, 1.8f, 0.3f, legs_x0_z1);
    expect(r, -(0.5f + eps(2, 0.5f)), 0.0f, IN, 0, "on the edge x = -2");
    r = run(0.5f, 0.0f, 2.0f, 0.5f, 1.8f, 0.3f, legs_x0_z1);
    expect(r, 0.0f, 0.5f + eps(0.5f, 2), IN, 0, "on the edge z = 2");
    /* Outside near a vertex (2, -2): centre (2.3, -2.4): d = 0.5 -> touching, nothing;
     * (2.3, -2.3): d = 0.424264, push along (1, -1) / sqrt 2 by r' - d. */
    r = run(2.3f, 0.0f, -2.4f, 0.5f, 1.8f, 0.3f, top);
    CHECK(r.f == 0 || near(r.px, 0, 1e-6f), "[%s] vertex touching %#x %g", ISA, r.f, r.px);
    r = run(2.3f, 0.0f, -2.3f, 0.5f, 1.8f, 0.3f, top);
    const float k = (0.5f + eps(2.3f, 2.3f) - 0.42426407f) / 1.41421356f;
    expect(r, k, -k, HIT, 2e-6f, "vertex");
}

/* Regression: a band [0, 2^-10 (1 + 2^-23)] that only grazes the
 * lowest vertex C = (10, 2^-10, 10) clips the triangle to the single point (10, 10)
 * (the clip points differ from C by far less than an ulp). That point has no inside:
 * a far mover was reported CENTRE_INSIDE and pushed by (-70.4, -50.3). */
static const float grazed[9] = {12, 3, 10, 10, 3, 12, 10, 0x1p-10f, 10};
static const float graze_h = 0x1.000002p-10f;

static void grazed_vertex(void)
{
    result r = run(80.0f, 0.0f, 60.0f, 0.5f, graze_h, 0.0f, grazed);
    expect(r, 0, 0, 0, 0, "grazed vertex, far mover");
    r = run(10.5f, 0.0f, 8.8f, 0.5f, graze_h, 0.0f, grazed);
    expect(r, 0, 0, 0, 0, "grazed vertex, near mover (1.3 away)");
    /* In reach of the point (0.2, 0.1) away: pushed straight away from it, not INSIDE. */
    r = run(10.2f, 0.0f, 10.1f, 0.5f, graze_h, 0.0f, grazed);
    const float d = sqrtf(0.05f), k = (0.5f + eps(10.2f, 10.1f) - d) / d;
    expect(r, 0.2f * k, 0.1f * k, HIT, 4e-6f, "grazed vertex, in reach");
    /* Centred on the point: every cross product is 0, no edge witnesses an inside, so not
     * INSIDE; the point has no edge direction, so the push is rp along +x. Both windings
     * (the inside test reads the cross products' signs by the winding). */
    static const float mirrored[9] = {10, 3, 12, 12, 3, 10, 10, 0x1p-10f, 10};
    const float rp = 0.5f + eps(10.0f, 10.0f);
    r = run(10.0f, 0.0f, 10.0f, 0.5f, graze_h, 0.0f, grazed);
    CHECK(r.px == rp && r.pz == 0.0f && r.f == HIT, "[%s] grazed vertex, centred: (%a, %a) %#x", ISA, r.px, r.pz,
          r.f);
    r = run(10.0f, 0.0f, 10.0f, 0.5f, graze_h, 0.0f, mirrored);
    CHECK(r.px == rp && r.pz == 0.0f && r.f == HIT, "[%s] grazed vertex, centred, mirrored: (%a, %a) %#x", ISA,
          r.px, r.pz, r.f);
}

/* Regression (found by tests/fuzz/cylinder_tri.c): a centre far out along the line of a
 * thin clipped polygon's edge has every cross product within rounding of 0; it was
 * reported INSIDE and pushed by (-9.96, -9.96). Now the centre must also lie in the
 * polygon's bounding box. */
static void far_along_edge(void)
{
    const float sliver[9] = {0x1.fbfbfap-34f, 0x1.5dfbfap-35f, 0x1.5c5c5cp-59f, 0x1.0809fep-119f, 0x1.83ec08p+3f,
                             0x1.d84282p-60f, 0x1.7e7e42p-1f, 0x1.827e08p+3f, 0x1.7e7e42p-1f};
    const result r = run(10.0f, 0x1.4645p+3f, 10.0f, 1.0f, 2.0f, 0.0f, sliver);
    expect(r, 0, 0, 0, 0, "far along a sliver's edge");
}

static void degenerate(void)
{
    /* All three vertices at one point (1, 1, 1): a point; centre 0.3 away along -z. */
    const float pt[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    result r = run(1.0f, 0.0f, 0.7f, 0.5f, 1.8f, 0.3f, pt);
    expect(r, 0.0f, -(0.2f + eps(1, 0.7f)), HIT, 2e-6f, "point triangle");
    /* Centre exactly on it: no normal, push +x by r'. */
    r = run(1.0f, 0.0f, 1.0f, 0.5f, 1.8f, 0.3f, pt);
    expect(r, 0.5f + eps(1, 1), 0.0f, HIT, 0, "point triangle, centre on it");
    /* Collinear (a tilted segment from (0, 0, 0) to (2, 2, 0)), band [0.5, 1.5]: the
     * flattened piece is x in [0.5, 1.5] at z = 0. Centre (1, 0, 0.25): push +z 0.25. */
    const float seg[9] = {0, 0, 0, 1, 1, 0, 2, 2, 0};
    r = run(1.0f, 0.0f, 0.25f, 0.5f, 1.5f, 0.5f, seg);
    expect(r, 0.0f, 0.25f + eps(1, 0.25f), HIT, 2e-6f, "collinear");
    /* Beyond its clipped end (x = 1.5): centre (1.9, 0, 0): d = 0.4 along +x. */
    r = run(1.9f, 0.0f, 0.0f, 0.5f, 1.5f, 0.5f, seg);
    expect(r, 0.1f + eps(1.9f, 0), 0.0f, HIT, 2e-6f, "collinear end");
    /* Radius 0: only INSIDE can collide. */
    r = run(0.2f, 0.0f, 0.0f, 0.0f, 1.8f, 0.3f, wall);
    expect(r, 0, 0, 0, 0, "radius 0 at a wall");
    /* Height 0, or step >= height: empty band. */
    r = run(0.2f, 0.0f, 0.0f, 0.5f, 0.0f, 0.0f, wall);
    expect(r, 0, 0, 0, 0, "height 0");
    r = run(0.2f, 0.0f, 0.0f, 0.5f, 1.0f, 1.0f, wall);
    expect(r, 0, 0, 0, 0, "step = height");
    grazed_vertex();
    far_along_edge();
}

static void invalid(void)
{
    const float bad[] = {NAN, INFINITY, -INFINITY, 1048577.0f};
    for (int k = 0; k < 4; k++) {
        result r = run(bad[k], 0.0f, 0.0f, 0.5f, 1.8f, 0.3f, wall);
        expect(r, 0, 0, HORDE_FLAG_INVALID, 0, "bad x");
        float t[9];
        memcpy(t, wall, sizeof t);
        t[7] = bad[k];
        r = run(0.2f, 0.0f, 0.0f, 0.5f, 1.8f, 0.3f, t);
        expect(r, 0, 0, HORDE_FLAG_INVALID, 0, "bad vertex");
    }
    result r = run(0.2f, 0.0f, 0.0f, -0.5f, 1.8f, 0.3f, wall);
    expect(r, 0, 0, HORDE_FLAG_INVALID, 0, "negative radius");
    r = run(0.2f, 0.0f, 0.0f, 0.5f, 1025.0f, 0.3f, wall);
    expect(r, 0, 0, HORDE_FLAG_INVALID, 0, "huge height");
}

/* horde_cylinder_tri_soup (seed 001's loop): every mover against the soup's triangles in
 * index order, each push applied before the next triangle is tested. */
static result soup_run_band(float x, float z, float h, float step, const float (*tris)[9], size_t nt)
{
    float v[9][4];
    for (size_t t = 0; t < nt; t++)
        for (int k = 0; k < 9; k++)
            v[k][t] = tris[t][k];
    horde_triangles soup = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], nt};
    float y = 0.0f, r = 0.5f, ox, oz;
    uint32_t f;
    const horde_cylinder_tri_soup_params p = {step};
    horde_cylinder_tri_soup_batch b = {&x, &y, &z, &r, &h, &ox, &oz, &f, 1};
    CHECK(horde_cylinder_tri_soup_isa(cur_isa, &soup, &p, &b) == HORDE_OK, "soup status");
    result res = {ox, oz, f}; /* here px, pz hold the corrected centre */
    return res;
}

static result soup_run(float x, float z, const float (*tris)[9], size_t nt)
{
    return soup_run_band(x, z, 1.8f, 0.3f, tris, nt);
}

static void soups(void)
{
    /* The wall x = 0 (band [0.3, 1.8] flattens it to x = 0, |z| <= 4.35) and a second wall
     * z = 0 (|x| <= 4.35): an inner corner. A far triangle (x around 50) is skipped. */
    static const float corner[3][9] = {{0, -1, -5, 0, -1, 5, 0, 9, 0},
                                       {-5, -1, 0, 5, -1, 0, 0, 9, 0},
                                       {50, -1, -5, 50, -1, 5, 50, 9, 0}};
    /* One wall: (0.2, 0) is 0.2 in front, pushed to 0.5 (+ eps); the far one is skipped. */
    const float far_only[2][9] = {{0, -1, -5, 0, -1, 5, 0, 9, 0}, {50, -1, -5, 50, -1, 5, 50, 9, 0}};
    result r = soup_run(0.2f, 0.0f, far_only, 2);
    expect(r, 0.5f + eps(0.2f, 0), 0.0f, HIT, 2e-6f, "soup: one wall");
    /* The corner from (0.2, 0.3): wall x = 0 first pushes x to 0.5 (+ eps); then the wall
     * z = 0, seen from (0.5, 0.3), pushes z to 0.5 (+ eps). */
    r = soup_run(0.2f, 0.3f, corner, 3);
    expect(r, 0.5f, 0.5f, HIT, 1e-5f, "soup: corner");
    /* The same corner listed the other way round ends in the same place: z first (0.3 ->
     * 0.5), then x (0.2 -> 0.5). */
    const float swapped[2][9] = {{-5, -1, 0, 5, -1, 0, 0, 9, 0}, {0, -1, -5, 0, -1, 5, 0, 9, 0}};
    r = soup_run(0.2f, 0.3f, swapped, 2);
    expect(r, 0.5f, 0.5f, HIT, 1e-5f, "soup: corner, other order");
    /* Clear of both walls: unchanged, flags 0; an empty soup likewise. */
    r = soup_run(2.0f, 2.0f, corner, 3);
    CHECK(r.px == 2.0f && r.pz == 2.0f && r.f == 0, "[%s] soup: clear", ISA);
    r = soup_run(0.2f, 0.3f, corner, 0);
    CHECK(r.px == 0.2f && r.pz == 0.3f && r.f == 0, "[%s] soup: empty", ISA);
    /* An invalid mover comes back bit for bit, flagged. */
    r = soup_run(NAN, 0.3f, corner, 3);
    CHECK(isnan(r.px) && r.pz == 0.3f && r.f == HORDE_FLAG_INVALID, "[%s] soup: invalid", ISA);
    /* Defect 1 through the soup: a mover 1.3 from the grazed vertex stays put (it was
     * moved to (9.81, 10.46)). */
    r = soup_run_band(10.5f, 8.8f, graze_h, 0.0f, &grazed, 1);
    CHECK(r.px == 10.5f && r.pz == 8.8f && r.f == 0, "[%s] soup: grazed vertex (%.9g, %.9g) %#x",
          ISA, r.px, r.pz, r.f);
}

int main(void)
{
    TU_RUN_CASES(cur_isa, walls, ramps, floors, degenerate, invalid, soups);
    return tu_finish("known_cylinder_tri");
}
