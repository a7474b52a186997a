/* SPDX-License-Identifier: MIT */
/* Known answers for horde_ground_height, derived by hand from seed 001's
 * GetYValueAtPosition (the point seen from above lies in the triangle; its height is the
 * triangle's plane at (x, z)), plus the choices the seed leaves to the caller (several
 * triangles: the highest at or below the point within the depth; ties: lowest index)
 * and the cases it gets wrong (edges parallel to z divide by zero, vertices). Every case
 * runs on every backend, alone and as one lane of a batch of 13. */
#include "testutil.h"

static horde_isa cur_isa;

typedef struct {
    float y;
    uint32_t tri;
    uint32_t f;
} result;

#define MAXT 8
typedef struct {
    float v[9][MAXT];
    size_t n;
} soup;

static void add(soup *s, float ax, float ay, float az, float bx, float by, float bz, float cx, float cy,
                float cz)
{
    const float t[9] = {ax, ay, az, bx, by, bz, cx, cy, cz};
    for (int a = 0; a < 9; a++)
        s->v[a][s->n] = t[a];
    s->n++;
}

static result query(const soup *s, float x, float y, float z, float depth)
{
    enum { N = 13 };
    float px[N], py[N], pz[N], oy[N];
    uint32_t ot[N];
    uint32_t of[N];
    for (int i = 0; i < N; i++)
        px[i] = x, py[i] = y, pz[i] = z;
    horde_triangles t = {s->v[0], s->v[1], s->v[2], s->v[3], s->v[4], s->v[5], s->v[6], s->v[7], s->v[8], s->n};
    const horde_ground_height_params p = {depth};
    horde_ground_height_batch b = {px, py, pz, oy, ot, of, 1};
    int st = horde_ground_height_isa(cur_isa, &t, &p, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    result r = {oy[0], ot[0], of[0]};
    b.n = N;
    st = horde_ground_height_isa(cur_isa, &t, &p, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    for (int i = 0; i < N; i++)
        CHECK(!memcmp(&oy[i], &r.y, 4) && ot[i] == r.tri && of[i] == r.f, "[%s] lane %d differs",
              horde_isa_name(cur_isa), i);
    return r;
}

#define ISA horde_isa_name(cur_isa)
static void expect(result r, float y, uint32_t tri, float tol, const char *what)
{
    const uint32_t f = tri != HORDE_NONE ? HORDE_FLAG_ON_GROUND : 0u;
    CHECK(r.tri == tri && r.f == f && fabsf(r.y - y) <= tol,
          "[%s] %s: got y=%.9g tri=%#x flags=%#x, want y=%.9g tri=%#x", ISA, what, r.y, r.tri, r.f, y, tri);
}

static void ramp(void)
{
    /* Ramp y = x / 2 over the triangle (0, 0) (4, 0) (0, 4) in xz (y: 0, 2, 0). */
    soup s = {.n = 0};
    add(&s, 0, 0, 0, 4, 2, 0, 0, 0, 4);
    /* Seed: the line x = 1 crosses edge AB at (z 0, y 0.5) and edge BC at (z 3, y 0.5);
     * interpolating in z between them gives y = 0.5 at z = 1 (and anywhere on x = 1). */
    expect(query(&s, 1, 10, 1, 20), 0.5f, 0, 1e-6f, "ramp (1, 1)");
    expect(query(&s, 3, 10, 0.5f, 20), 1.5f, 0, 1e-6f, "ramp (3, 0.5)");
    /* Vertices: exact (A is exact by construction; B, C within rounding, clamped). */
    expect(query(&s, 0, 10, 0, 20), 0.0f, 0, 0, "vertex A");
    expect(query(&s, 4, 10, 0, 20), 2.0f, 0, 1e-6f, "vertex B");
    expect(query(&s, 0, 10, 4, 20), 0.0f, 0, 1e-6f, "vertex C");
    /* On the hypotenuse x + z = 4 at (2, 2): y = 1 (closed triangle). */
    expect(query(&s, 2, 10, 2, 20), 1.0f, 0, 1e-6f, "hypotenuse");
    /* On the edge x = 0, parallel to z: the seed divides by v1.x - v0.x = 0 there. */
    expect(query(&s, 0, 10, 1.5f, 20), 0.0f, 0, 1e-6f, "edge parallel to z");
    /* Just outside: nothing; out_y = y. */
    result r = query(&s, 2.01f, 10, 2, 20);
    expect(r, 10.0f, HORDE_NONE, 0, "outside");
    /* At or below: a point exactly on the surface finds it; just below it does not. */
    expect(query(&s, 1, 0.5f, 1, 0), 0.5f, 0, 0, "on the surface, depth 0");
    expect(query(&s, 1, 0.49f, 1, 5), 0.49f, HORDE_NONE, 0, "below the surface");
    /* Depth: the surface 9.5 below is found with depth 9.5 (inclusive), not 9.4. */
    expect(query(&s, 1, 10, 1, 9.5f), 0.5f, 0, 0, "depth exactly");
    expect(query(&s, 1, 10, 1, 9.4f), 10.0f, HORDE_NONE, 0, "depth short");
    /* The bound is y - depth rounded to float (found by the fuzz target): y = 0x1.e1ep-1,
     * depth 2^18, y - depth = -262143.0588... rounds to -262143.0625 (the float grid
     * there is 2^-6), so a flat floor at exactly -262143.0625 is found although it lies
     * 0.0037 below the exact bound; the next float below it is not. */
    soup deep = {.n = 0};
    const float fl = -0x1.ffff88p+17f, below = -0x1.ffff8ap+17f;
    add(&deep, 0, fl, 0, 4, fl, 0, 0, fl, 4);
    expect(query(&deep, 1, 0x1.e1ep-1f, 1, 0x1p18f), fl, 0, 0, "depth bound rounded to float");
    soup deeper = {.n = 0};
    add(&deeper, 0, below, 0, 4, below, 0, 0, below, 4);
    expect(query(&deeper, 1, 0x1.e1ep-1f, 1, 0x1p18f), 0x1.e1ep-1f, HORDE_NONE, 0, "one float below the rounded bound");
    /* Winding does not matter. */
    soup rev = {.n = 0};
    add(&rev, 0, 0, 4, 4, 2, 0, 0, 0, 0);
    expect(query(&rev, 1, 10, 1, 20), 0.5f, 0, 1e-6f, "reversed winding");
}

static void stacked(void)
{
    /* Two floors over the same square, y = 0 (index 0, 1) and y = 3 (index 2, 3): the
     * seed leaves the choice to the caller; here the highest at or below wins. */
    soup s = {.n = 0};
    add(&s, 0, 0, 0, 4, 0, 0, 4, 0, 4);
    add(&s, 0, 0, 0, 4, 0, 4, 0, 0, 4);
    add(&s, 0, 3, 0, 4, 3, 0, 4, 3, 4);
    add(&s, 0, 3, 0, 4, 3, 4, 0, 3, 4);
    expect(query(&s, 3, 5, 1, 100), 3.0f, 2, 0, "upper floor");
    expect(query(&s, 1, 5, 3, 100), 3.0f, 3, 0, "upper floor, other half");
    expect(query(&s, 3, 2, 1, 100), 0.0f, 0, 0, "between the floors");
    expect(query(&s, 3, 3, 1, 0), 3.0f, 2, 0, "standing on the upper floor");
    expect(query(&s, 3, 2.5f, 1, 1), 2.5f, HORDE_NONE, 0, "lower floor beyond depth");
    /* On the shared diagonal (x = z): both halves cover it; the lower index wins. */
    expect(query(&s, 2, 5, 2, 100), 3.0f, 2, 0, "diagonal, tie");
    expect(query(&s, 2, 1, 2, 100), 0.0f, 0, 0, "diagonal, lower floor");
    /* Shared vertex (4, 4) and corner (0, 0). */
    expect(query(&s, 4, 5, 4, 100), 3.0f, 2, 0, "shared vertex");
    expect(query(&s, 0, 5, 0, 100), 3.0f, 2, 0, "corner");
}

static void watertight(void)
{
    /* A fan of 6 triangles around (0.3, 1, 0.7) with awkward coordinates: every point on
     * a shared edge is covered by at least one of them. */
    soup s = {.n = 0};
    const float cx = 0.3f, cz = 0.7f;
    float rx[6], rz[6];
    for (int k = 0; k < 6; k++)
        rx[k] = cx + cosf(1.0471976f * (float)k + 0.1f) * 1.37f, rz[k] = cz + sinf(1.0471976f * (float)k + 0.1f) * 1.37f;
    for (int k = 0; k < 6; k++) {
        const int l = (k + 1) % 6;
        if (k % 2)
            add(&s, cx, 1, cz, rx[k], 1 + 0.1f * (float)k, rz[k], rx[l], 1 + 0.1f * (float)l, rz[l]);
        else
            add(&s, rx[l], 1 + 0.1f * (float)l, rz[l], rx[k], 1 + 0.1f * (float)k, rz[k], cx, 1, cz);
    }
    int missed = 0;
    for (int k = 0; k < 6; k++)
        for (int i = 1; i < 64; i++) {
            /* Points along the spoke centre -> rim vertex k, and one ulp either side. */
            const float t = (float)i / 64.0f;
            const float x = cx + (rx[k] - cx) * t, z = cz + (rz[k] - cz) * t;
            const float xs[3] = {x, nextafterf(x, 10.0f), nextafterf(x, -10.0f)};
            for (int j = 0; j < 3; j++)
                missed += query(&s, xs[j], 5, z, 10).tri == HORDE_NONE;
        }
    CHECK(missed == 0, "[%s] %d points on shared spokes found no ground", ISA, missed);
    expect(query(&s, cx, 5, cz, 10), 1.0f, 0, 0, "fan centre");
}

static void degenerate(void)
{
    soup s = {.n = 0};
    /* Vertical (a wall): no surface height. */
    add(&s, 0, 0, 0, 4, 0, 0, 2, 5, 0);
    /* Collinear in xz, not vertical in 3D: still zero xz area. */
    add(&s, 0, 0, 0, 1, 1, 1, 2, 0, 2);
    /* Repeated vertex. */
    add(&s, 1, 1, 1, 1, 1, 1, 3, 2, 3);
    expect(query(&s, 2, 5, 0, 100), 5.0f, HORDE_NONE, 0, "on the wall's line");
    expect(query(&s, 1, 5, 1, 100), 5.0f, HORDE_NONE, 0, "on the collinear one");
    /* A floor after them: found, index 3. */
    add(&s, -5, -1, -5, 5, -1, -5, 0, -1, 5);
    expect(query(&s, 0.5f, 5, 0.5f, 100), -1.0f, 3, 0, "floor after degenerate ones");
    /* A sliver: third vertex 1e-3 off the AB line in z; heights clamped to the triangle's
     * vertical extent [0, 2]. */
    soup sl = {.n = 0};
    add(&sl, 0, 0, 0, 2, 2, 0, 1, 1, 0.001f);
    result r = query(&sl, 1, 10, 0.0005f, 100);
    CHECK(r.tri == 0 && r.y >= 0.0f && r.y <= 2.0f && fabsf(r.y - 1.0f) < 1e-3f, "[%s] sliver: %g %d", ISA,
          r.y, r.tri);
}

static void invalid(void)
{
    soup s = {.n = 0};
    add(&s, 0, 0, 0, 4, 0, 0, 0, 0, 4);
    const float nanv = NAN;
    result r = query(&s, nanv, 1, 1, 10);
    CHECK(r.tri == HORDE_NONE && r.f == HORDE_FLAG_INVALID && r.y == 1.0f, "[%s] NaN x", ISA);
    r = query(&s, 1, nanv, 1, 10);
    CHECK(r.tri == HORDE_NONE && r.f == HORDE_FLAG_INVALID && !memcmp(&r.y, &nanv, 4), "[%s] NaN y kept", ISA);
    r = query(&s, 1, 1, 2e6f, 10);
    CHECK(r.tri == HORDE_NONE && r.f == HORDE_FLAG_INVALID, "[%s] far point", ISA);
    /* A triangle with a bad vertex is skipped; the one after it is still found. */
    soup b = {.n = 0};
    add(&b, 0, 5, 0, 4, INFINITY, 0, 0, 5, 4);
    add(&b, 0, 0, 0, 4, 0, 0, 0, 0, 4);
    expect(query(&b, 1, 10, 1, 20), 0.0f, 1, 0, "bad triangle skipped");
}

int main(void)
{
    TU_RUN_CASES(cur_isa, ramp, stacked, watertight, degenerate, invalid);
    return tu_finish("known_ground_height");
}
