/* SPDX-License-Identifier: MIT */
/* Known answers for horde_aabb_move, derived by hand from aabb_move.h (seed 003's
 * axis-by-axis sweep: y, then x, then z, each clamped at the first solid block ahead):
 * landing on a floor, sliding along a wall, a corner, a one-block corridor, a huge move
 * stopped by a far one-block wall (no tunnelling), zero moves, a box starting inside a
 * block, step-up with and without headroom, chunk borders, the missing-chunk policy,
 * invalid inputs and argument errors. Every case runs on every supported backend. */
#include "testutil.h"

/* Where a box with half extent e stops when its + face runs into the block face f:
 * c = f - e, one ulp lower if rounding made c + e overshoot f (aabb_move.h). */
static float stop_before(float f, float e)
{
    float c = f - e;
    if (c + e > f)
        c = nextafterf(c, -INFINITY);
    return c;
}
/* ... and with its - face on the block face f. */
static float stop_after(float f, float e)
{
    float c = f + e;
    if (c - e < f)
        c = nextafterf(c, INFINITY);
    return c;
}

typedef struct {
    float x, y, z, dx, dy, dz, hx, hz, h;
} mover;

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Run m on every backend; expect position (ex, ey, ez) (bit-exact) and flags ef. */
static void expect_at(int line, const horde_world *w, const horde_aabb_move_params *p, mover m,
                      float ex, float ey, float ez, uint32_t ef)
{
    for (int isa = 0; isa < HORDE_ISA_COUNT; isa++) {
        if (!horde_isa_supported((horde_isa)isa))
            continue;
        /* Lane 1 of 3 movers, the others copies: exercises a tail on every backend. */
        mover a[3] = {m, m, m};
        float in[9][3], out[6][3];
        uint32_t f[3];
        for (int i = 0; i < 3; i++) {
            const float v[9] = {a[i].x, a[i].y, a[i].z, a[i].dx, a[i].dy, a[i].dz, a[i].hx, a[i].hz, a[i].h};
            for (int k = 0; k < 9; k++)
                in[k][i] = v[k];
        }
        horde_aabb_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8],
                                   out[0], out[1], out[2], out[3], out[4], out[5], f, 3};
        int st = horde_aabb_move_isa((horde_isa)isa, w, p, &b);
        CHECK(st == HORDE_OK, "line %d isa %s: status %d", line, horde_isa_name((horde_isa)isa), st);
        const int invalid = (ef & HORDE_FLAG_INVALID) != 0;
        const float ed[3] = {invalid ? 0.0f : ex - m.x, invalid ? 0.0f : ey - m.y,
                             invalid ? 0.0f : ez - m.z};
        CHECK(fbits(out[0][1]) == fbits(ex) && fbits(out[1][1]) == fbits(ey) &&
                  fbits(out[2][1]) == fbits(ez) && f[1] == ef,
              "line %d isa %s: got (%a %a %a) flags %#x, want (%a %a %a) flags %#x", line,
              horde_isa_name((horde_isa)isa), out[0][1], out[1][1], out[2][1], f[1], ex, ey, ez, ef);
        CHECK(fbits(out[3][1]) == fbits(ed[0]) && fbits(out[4][1]) == fbits(ed[1]) &&
                  fbits(out[5][1]) == fbits(ed[2]),
              "line %d isa %s: displacement (%a %a %a), want (%a %a %a)", line,
              horde_isa_name((horde_isa)isa), out[3][1], out[4][1], out[5][1], ed[0], ed[1], ed[2]);
    }
}
#define EXPECT(w, p, m, ex, ey, ez, ef) expect_at(__LINE__, w, p, m, ex, ey, ez, ef)

enum {
    G = HORDE_FLAG_ON_GROUND, C = HORDE_FLAG_COLLIDED, WALL = HORDE_FLAG_HIT_WALL,
    CEIL = HORDE_FLAG_HIT_CEILING, STEP = HORDE_FLAG_STEP_TAKEN, TR = HORDE_FLAG_TRUNCATED
};

int main(void)
{
    horde_aabb_move_params def, step1, step05;
    horde_aabb_move_params_default(&def);
    CHECK(def.step_height == 0.0f && def.max_distance == 32.0f, "defaults %a %a", def.step_height,
          def.max_distance);
    step1 = def, step1.step_height = 1.0f;
    step05 = def, step05.step_height = 0.5f;

    /* World: chunks (-1..1, -1..0, -1..1), i.e. blocks x, z in [-32, 64), y in [-32, 32);
     * outside is air. A floor at y = -1 (top at 0) over x, z in [-20, 60). */
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 2, 3, HORDE_MISSING_EMPTY);
    for (int x = -20; x < 60; x++)
        for (int z = -20; z < 60; z++)
            tu_set(&t, x, -1, z, 1);
    const horde_world *w = &t.w;
    const float r = 0.3f, hh = 1.8f;

    /* Landing: falls from 0.5 onto the floor top, exactly. Crosses the chunk layer at 0. */
    EXPECT(w, &def, ((mover){0.5f, 0.5f, 0.5f, 0, -2.0f, 0, r, r, hh}), 0.5f, 0.0f, 0.5f, G | C);
    EXPECT(w, &def, ((mover){-5.5f, 3.0f, -7.5f, 0, -30.0f, 0, r, r, hh}), -5.5f, 0.0f, -7.5f, G | C);
    /* Free fall above the floor: moves the whole way. */
    EXPECT(w, &def, ((mover){0.5f, 5.0f, 0.5f, 0, -2.0f, 0, r, r, hh}), 0.5f, 3.0f, 0.5f, 0);
    /* Resting exactly on the floor, zero move: bits unchanged, on the ground, no collision. */
    EXPECT(w, &def, ((mover){0.5f, 0.0f, 0.5f, 0, 0, 0, r, r, hh}), 0.5f, 0.0f, 0.5f, G);
    /* Zero move in the air (and -0 coordinates keep their bits). */
    EXPECT(w, &def, ((mover){-0.0f, 7.25f, 3.0f, 0, 0, 0, r, r, hh}), -0.0f, 7.25f, 3.0f, 0);
    /* Beyond the floor (x >= 60): nothing under the box, it falls freely. */
    EXPECT(w, &def, ((mover){62.5f, 0.0f, 0.5f, 0, -1.0f, 0, r, r, hh}), 62.5f, -1.0f, 0.5f, 0);

    /* A wall: blocks x = 3, y 0..3, z in [-5, 10). */
    for (int y = 0; y < 4; y++)
        for (int z = -5; z < 10; z++)
            tu_set(&t, 3, y, z, 1);
    /* Slide along it: x stops at 3 - 0.3, z keeps its whole move; landed first. */
    EXPECT(w, &def, ((mover){2.5f, 0.0f, 0.5f, 1.0f, -0.01f, 1.0f, r, r, hh}), stop_before(3.0f, r),
           0.0f, 1.5f, G | C | WALL);
    /* Already touching the wall (hx 0.5, face at 3): pushing into it does not move. */
    EXPECT(w, &def, ((mover){2.5f, 0.0f, 0.5f, 0.25f, 0, 0, 0.5f, 0.5f, hh}), 2.5f, 0.0f, 0.5f,
           G | C | WALL);
    /* Moving exactly along its face: no collision at all. */
    EXPECT(w, &def, ((mover){2.5f, 0.0f, 0.5f, 0, 0, 5.0f, 0.5f, 0.5f, hh}), 2.5f, 0.0f, 5.5f, G);
    /* From the other side, moving -x: stops at 4 + 0.3. */
    EXPECT(w, &def, ((mover){5.5f, 0.0f, 0.5f, -3.0f, 0, 0, r, r, hh}), stop_after(4.0f, r), 0.0f,
           0.5f, G | C | WALL);

    /* A corner: plus blocks z = 10, x in [-5, 4), y 0..3. */
    for (int y = 0; y < 4; y++)
        for (int x = -5; x < 4; x++)
            tu_set(&t, x, y, 10, 1);
    EXPECT(w, &def, ((mover){2.5f, 0.0f, 9.5f, 1.0f, 0, 1.0f, r, r, hh}), stop_before(3.0f, r),
           0.0f, stop_before(10.0f, r), G | C | WALL);
    /* Diagonal into the corner from farther away, huge: same corner. */
    EXPECT(w, &def, ((mover){-2.5f, 0.0f, 2.5f, 20.0f, 0, 20.0f, r, r, hh}), stop_before(3.0f, r),
           0.0f, stop_before(10.0f, r), G | C | WALL);

    /* A one-block corridor along x at z = 20: walls at z = 19 and z = 21, x in [10, 40). */
    for (int y = 0; y < 4; y++)
        for (int x = 10; x < 40; x++)
            tu_set(&t, x, y, 19, 1), tu_set(&t, x, y, 21, 1);
    /* Walks 12 blocks along it while pushing sideways: z ends against the +z wall. */
    EXPECT(w, &def, ((mover){12.5f, 0.0f, 20.5f, 12.0f, -0.1f, 0.7f, r, r, hh}), 24.5f, 0.0f,
           stop_before(21.0f, r), G | C | WALL);
    /* A box as wide as the corridor (hz 0.5) slides through without touching. */
    EXPECT(w, &def, ((mover){12.5f, 0.0f, 20.5f, 12.0f, 0, 0, r, 0.5f, hh}), 24.5f, 0.0f, 20.5f, G);
    /* Wider than the corridor: starts overlapping the walls, stuck, left in place. */
    EXPECT(w, &def, ((mover){12.5f, 0.0f, 20.5f, 12.0f, 0, 0, r, 0.6f, hh}), 12.5f, 0.0f, 20.5f,
           HORDE_FLAG_STUCK | C);

    /* Huge move vs a one-block-thick wall at x = 50 (y 0..3, z in [30, 40)): no tunnelling. */
    for (int y = 0; y < 4; y++)
        for (int z = 30; z < 40; z++)
            tu_set(&t, 50, y, z, 1);
    EXPECT(w, &def, ((mover){20.5f, 0.0f, 35.5f, 31.0f, 0, 0, r, r, hh}), stop_before(50.0f, r),
           0.0f, 35.5f, G | C | WALL);
    /* Longer than max_distance: truncated to 32 per axis, still stopped by the wall. */
    EXPECT(w, &def, ((mover){20.5f, 0.0f, 35.5f, 1000.0f, 0, 0, r, r, hh}), stop_before(50.0f, r),
           0.0f, 35.5f, G | C | WALL | TR);
    /* Truncated with nothing in the way: 32 exactly. */
    EXPECT(w, &def, ((mover){-10.5f, 0.0f, 45.5f, 1e6f, 0, 0, r, r, hh}), 21.5f, 0.0f, 45.5f, G | TR);
    horde_aabb_move_params short_d = def;
    short_d.max_distance = 0.5f;
    EXPECT(w, &short_d, ((mover){0.5f, 2.0f, 0.5f, -3.0f, -3.0f, 0.25f, r, r, hh}), 0.0f, 1.5f,
           0.75f, TR);

    /* Chunk borders: a wall on column 32 (first column of chunk 1), x moves across 31/32. */
    for (int y = 0; y < 4; y++)
        tu_set(&t, 32, y, 50, 1);
    EXPECT(w, &def, ((mover){28.5f, 0.0f, 50.5f, 10.0f, 0, 0, r, r, hh}), stop_before(32.0f, r),
           0.0f, 50.5f, G | C | WALL);
    /* ... and from the far side, -x, onto its +x face at 33. */
    EXPECT(w, &def, ((mover){40.5f, 0.0f, 50.5f, -10.0f, 0, 0, r, r, hh}), stop_after(33.0f, r),
           0.0f, 50.5f, G | C | WALL);
    /* A wall on column -1 (last column of chunk -1), approached from chunk 0 by -x. */
    for (int y = 0; y < 4; y++)
        tu_set(&t, -1, y, 55, 1);
    EXPECT(w, &def, ((mover){6.5f, 0.0f, 55.5f, -10.0f, 0, 0, r, r, hh}), stop_after(0.0f, r),
           0.0f, 55.5f, G | C | WALL);
    /* A wall on row z = 32 approached by +z across the chunk border. */
    for (int y = 0; y < 4; y++)
        tu_set(&t, 45, y, 32, 1);
    EXPECT(w, &def, ((mover){45.5f, 0.0f, 25.5f, 0, 0, 20.0f, r, r, hh}), 45.5f, 0.0f,
           stop_before(32.0f, r), G | C | WALL);
    /* Wide box (hx 1.5): its x range [44, 47] covers column 45 when crossing z = 32. */
    EXPECT(w, &def, ((mover){44.0f, 0.0f, 25.5f, 0, 0, 20.0f, 1.5f, 1.5f, 4.0f}), 44.0f, 0.0f,
           stop_before(32.0f, 1.5f), G | C | WALL);
    /* ... and misses it when its x range ends exactly at 45 (touching is not overlapping). */
    EXPECT(w, &def, ((mover){43.5f, 0.0f, 25.5f, 0, 0, 20.0f, 1.5f, 1.5f, 4.0f}), 43.5f, 0.0f,
           45.5f, G);

    /* Ceiling: a block at (0, 3, -10). A jump of 3 stops with the top at 3. */
    tu_set(&t, 0, 3, -10, 1);
    EXPECT(w, &def, ((mover){0.5f, 0.0f, -9.5f, 0, 3.0f, 0, r, r, hh}), 0.5f,
           stop_before(3.0f, hh), -9.5f, CEIL | C);

    /* Faces where float rounding overshoots, so the one-ulp step back is needed:
     * (-16 - 0.3) + 0.3 > -16, (1 + 0.3) - 0.3 < 1, (-16 - 1.8) + 1.8 > -16. */
    CHECK((-16.0f - r) + r > -16.0f && (1.0f + r) - r < 1.0f && (-16.0f - hh) + hh > -16.0f,
          "the rounding cases below no longer need the one-ulp fix");
    tu_set(&t, -16, 0, -15, 1);
    EXPECT(w, &def, ((mover){-17.5f, 0.0f, -14.5f, 3.0f, 0, 0, r, r, hh}), stop_before(-16.0f, r),
           0.0f, -14.5f, G | C | WALL);
    tu_set(&t, 0, 0, -17, 1);
    EXPECT(w, &def, ((mover){3.5f, 0.0f, -16.5f, -5.0f, 0, 0, r, r, hh}), stop_after(1.0f, r), 0.0f,
           -16.5f, G | C | WALL);
    tu_set(&t, -10, -16, -18, 1); /* a cave ceiling under the floor */
    EXPECT(w, &def, ((mover){-9.5f, -19.0f, -17.5f, 0, 5.0f, 0, r, r, hh}), -9.5f,
           stop_before(-16.0f, hh), -17.5f, C | CEIL);

    /* Step-up: one block at (10, 0, -10) in front of a box walking +x. */
    tu_set(&t, 10, 0, -10, 1);
    const mover walk = {9.5f, 0.0f, -9.5f, 1.0f, -0.01f, 0, r, r, hh};
    /* Without step-up: a wall. */
    EXPECT(w, &def, walk, stop_before(10.0f, r), 0.0f, -9.5f, G | C | WALL);
    /* step_height 0.5 cannot climb a full block: the raised path gains nothing. */
    EXPECT(w, &step05, walk, stop_before(10.0f, r), 0.0f, -9.5f, G | C | WALL);
    /* step_height 1: up 1, across, lands on the block top. */
    EXPECT(w, &step1, walk, 10.5f, 1.0f, -9.5f, G | C | STEP);
    /* Resting on the floor with dy exactly 0 is grounded too (dy <= 0 and resting): steps. */
    EXPECT(w, &step1, ((mover){9.5f, 0.0f, -9.5f, 1.0f, 0.0f, 0, r, r, hh}), 10.5f, 1.0f, -9.5f, G | C | STEP);
    /* Not grounded (moving up): no step. */
    EXPECT(w, &step1, ((mover){9.5f, 0.0f, -9.5f, 1.0f, 0.01f, 0, r, r, hh}), stop_before(10.0f, r),
           0.01f, -9.5f, C | WALL);
    /* No headroom above the step: a block at (10, 2, -10) blocks the raised box (levels 1, 2). */
    tu_set(&t, 10, 2, -10, 1);
    EXPECT(w, &step1, walk, stop_before(10.0f, r), 0.0f, -9.5f, G | C | WALL);
    tu_set(&t, 10, 2, -10, 0);
    /* No headroom above the start: a block at (9, 2, -10) stops the rise at 2 - 1.8. */
    tu_set(&t, 9, 2, -10, 1);
    EXPECT(w, &step1, walk, stop_before(10.0f, r), 0.0f, -9.5f, G | C | WALL);
    tu_set(&t, 9, 2, -10, 0);
    /* Two blocks high: 1.0 is not enough. */
    tu_set(&t, 10, 1, -10, 1);
    EXPECT(w, &step1, walk, stop_before(10.0f, r), 0.0f, -9.5f, G | C | WALL);
    tu_set(&t, 10, 1, -10, 0);
    /* Over a one-block ridge and off again (long move): it climbs, crosses, stays on the
     * block top level only while over it; the down sweep ends back at the floor. */
    EXPECT(w, &step1, ((mover){9.5f, 0.0f, -9.5f, 2.0f, -0.01f, 0, r, r, hh}), 11.5f, 0.0f, -9.5f,
           G | C | STEP);

    /* Walking off a ledge: landed on the block (ON_GROUND), then moved off it. */
    EXPECT(w, &def, ((mover){10.5f, 1.0f, -9.5f, 1.0f, -0.01f, 0, r, r, hh}), 11.5f, 1.0f, -9.5f,
           G | C);

    /* Missing chunks solid: the grid ends at x = 64; a box moving +x stops there. */
    tu_world ts;
    tu_world_make(&ts, -1, -1, -1, 3, 2, 3, HORDE_MISSING_SOLID);
    EXPECT(&ts.w, &def, ((mover){60.5f, 5.0f, 5.5f, 10.0f, 0, 0, r, r, hh}), stop_before(64.0f, r),
           5.0f, 5.5f, C | WALL);
    EXPECT(&ts.w, &def, ((mover){5.5f, -30.0f, 5.5f, 0, -10.0f, 0, r, r, hh}), 5.5f, -32.0f, 5.5f,
           G | C);
    /* ... and air with the other policy. */
    EXPECT(w, &def, ((mover){60.5f, 5.0f, 5.5f, 10.0f, 0, 0, r, r, hh}), 70.5f, 5.0f, 5.5f, 0);
    tu_world_free(&ts);

    /* Invalid movers: input bits back, zero displacement, INVALID only. */
    const float nan = NAN, inf = INFINITY;
    const mover bad[] = {
        {nan, 0, 0, 0, 0, 0, r, r, hh}, {0.5f, inf, 0, 0, 0, 0, r, r, hh},
        {0.5f, 0, 0, inf, 0, 0, r, r, hh}, {0.5f, 0, 0, 0, -nan, 0, r, r, hh},
        {0.5f, 0, 0, 0, 0, 0, 0.0f, r, hh}, {0.5f, 0, 0, 0, 0, 0, r, 1.5000001f, hh},
        {0.5f, 0, 0, 0, 0, 0, r, r, 0.0f}, {0.5f, 0, 0, 0, 0, 0, r, r, 4.0000005f},
        {0.5f, 0, 0, 0, 0, 0, -0.3f, r, hh}, {1048577.0f, 0, 0, 0, 0, 0, r, r, hh},
        {0.5f, 0, -2e9f, 0, 0, 0, r, r, hh},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT(w, &def, bad[i], bad[i].x, bad[i].y, bad[i].z, HORDE_FLAG_INVALID);
    /* Largest valid sizes and coordinates are accepted. */
    EXPECT(w, &def, ((mover){1048576.0f, -1048576.0f, 0.5f, 0, 0, 0, 1.5f, 1.5f, 4.0f}), 1048576.0f,
           -1048576.0f, 0.5f, 0);

    /* Argument errors. */
    float v = 0;
    uint32_t fl = 0;
    horde_aabb_move_batch b = {&v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &v, &v, NULL, NULL, NULL, &fl, 1};
    horde_aabb_move_params p = def;
    CHECK(horde_aabb_move(NULL, &def, &b) == HORDE_ERR_NULL_ARG, "NULL world");
    CHECK(horde_aabb_move(w, &def, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
    CHECK(horde_aabb_move(w, NULL, &b) == HORDE_OK, "NULL params = defaults");
    p.max_distance = 0.0f;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "max_distance 0");
    p.max_distance = 32.5f;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "max_distance 32.5");
    p.max_distance = NAN;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "max_distance NaN");
    p = def, p.step_height = -0.1f;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "step_height < 0");
    p.step_height = 4.5f;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "step_height > 4");
    p.step_height = NAN;
    CHECK(horde_aabb_move(w, &p, &b) == HORDE_ERR_BAD_PARAMS, "step_height NaN");
    b.out_dx = &v; /* only one of the three displacement outputs */
    CHECK(horde_aabb_move(w, &def, &b) == HORDE_ERR_NULL_ARG, "partial displacement outputs");
    b.out_dx = NULL, b.height = NULL;
    CHECK(horde_aabb_move(w, &def, &b) == HORDE_ERR_NULL_ARG, "NULL height");
    b.n = 0; /* n == 0: pointers are not looked at */
    CHECK(horde_aabb_move(w, &def, &b) == HORDE_OK, "n == 0");
    CHECK(horde_aabb_move_isa(HORDE_ISA_COUNT, w, &def, &b) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
    horde_world bw = *w;
    bw.nx = -1;
    CHECK(horde_aabb_move(&bw, &def, &b) == HORDE_ERR_BAD_WORLD, "bad world");

    tu_world_free(&t);
    return tu_finish("aabb_move_known");
}
