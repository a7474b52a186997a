/* SPDX-License-Identifier: MIT */
/* Known answers for horde_cylinder_push, derived by hand from the one-cube formulas
 * (push up = cube top - bottom; push down = top - cube bottom; face push = r - gap;
 * edge push = r - distance to the vertical edge, away from it), plus the neighbour
 * rules of horde/cylinder_push.h. Every case runs on every backend. */
#include "testutil.h"

static horde_isa cur_isa;

typedef struct {
    float x, y, z;
    uint32_t f;
} result;

static result push(const horde_world *w, float x, float y, float z, float r, float h)
{
    result res;
    horde_cylinder_push_batch b = {&x, &y, &z, &r, &h, &res.x, &res.y, &res.z, &res.f, 1};
    int st = horde_cylinder_push_isa(cur_isa, w, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    return res;
}

static int near(float a, float b, float tol) { return fabsf(a - b) <= tol; }
/* Horizontal pushes stop (max(|x|, |z|) + 1) * 2^-22 beyond contact (cylinder_push.h):
 * allow that plus rounding. */
static float slack(float x, float z) { return (fmaxf(fabsf(x), fabsf(z)) + 1.0f) * 0x1p-22f * 1.5f + 1e-6f; }

#define ISA horde_isa_name(cur_isa)
#define FLAGS_ARE(res, want) CHECK((res).f == (want), "[%s] flags %#x, want %#x", ISA, (res).f, (unsigned)(want))

static void single_cube(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    tu_set(&t, 0, 0, 0, 1); /* the cube [0,1]^3 */
    const horde_world *w = &t.w;
    const uint32_t C = HORDE_FLAG_COLLIDED;

    /* Feet 0.1 inside the top: up 0.1 beats down 2.7; centre over the cube (no lateral). */
    result r = push(w, 0.5f, 0.9f, 0.5f, 0.3f, 1.8f);
    CHECK(r.x == 0.5f && r.y == 1.0f && r.z == 0.5f, "[%s] up: %a %a %a", ISA, r.x, r.y, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_ON_GROUND);

    /* Head 0.1 into the bottom face: down by 0.1 (top lands on y = 0). */
    r = push(w, 0.5f, -1.7f, 0.5f, 0.3f, 1.8f);
    CHECK(r.y + 1.8f <= 0.0f && near(r.y, -1.8f, 1e-6f) && r.x == 0.5f && r.z == 0.5f,
          "[%s] down: %a", ISA, r.y);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_CEILING);

    /* Middle right: x = 1.2 >= c_max.x, z inside: face push pdiff = 0.3 - 0.2 = 0.1 (+x);
     * up would be 0.8, down 0.7. */
    r = push(w, 1.2f, 0.2f, 0.5f, 0.3f, 0.5f);
    CHECK(near(r.x, 1.3f, slack(1.3f, 0.5f)) && r.x >= 1.3f && r.y == 0.2f && r.z == 0.5f,
          "[%s] +x face: %a", ISA, r.x);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_WALL);

    /* Back middle: z = -0.15, push -z by 0.3 - 0.15 = 0.15. */
    r = push(w, 0.4f, 0.5f, -0.15f, 0.3f, 0.2f);
    CHECK(near(r.z, -0.3f, slack(0.4f, 0.3f)) && r.z <= -0.3f && r.x == 0.4f && r.y == 0.5f,
          "[%s] -z face: %a", ISA, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_WALL);

    /* Front right: centre (1.1, 1.1) beyond the vertical edge (1, 1): distance
     * sqrt(0.02) = 0.1414, push 0.3 - 0.1414 = 0.1586 along (1, 1)/sqrt 2, ending 0.3 from
     * the edge: (1 + 0.3/sqrt 2, 1 + 0.3/sqrt 2) = (1.2121, 1.2121). Axis pushes cost 0.2. */
    r = push(w, 1.1f, 0.5f, 1.1f, 0.3f, 0.2f);
    CHECK(near(r.x, 1.2121320f, slack(1.2f, 1.2f)) && near(r.z, 1.2121320f, slack(1.2f, 1.2f)) && r.y == 0.5f,
          "[%s] edge: %a %a", ISA, r.x, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_WALL);

    /* Back left edge (0, 0), centre (-0.1, -0.2): dist 0.2236, push to 0.3 from the edge. */
    r = push(w, -0.1f, 0.5f, -0.2f, 0.3f, 0.2f);
    CHECK(near(r.x, -0.1341641f, slack(0.1f, 0.3f)) && near(r.z, -0.2683282f, slack(0.1f, 0.3f)), "[%s] edge2: %a %a",
          ISA, r.x, r.z);

    /* Touching is not overlapping: disc exactly 0.25 from the +x face (all exact floats). */
    r = push(w, 1.25f, 0.5f, 0.5f, 0.25f, 1.0f);
    CHECK(r.x == 1.25f && r.y == 0.5f && r.z == 0.5f, "[%s] touching moved", ISA);
    FLAGS_ARE(r, 0u);
    /* Standing exactly on the top: no collision, but on the ground. */
    r = push(w, 0.5f, 1.0f, 0.5f, 0.3f, 1.8f);
    CHECK(r.y == 1.0f, "[%s] resting moved", ISA);
    FLAGS_ARE(r, HORDE_FLAG_ON_GROUND);
    /* Over the edge of the cube but still over it: on the ground (stand on cliff edges). */
    r = push(w, 1.2f, 1.0f, 0.5f, 0.3f, 1.8f);
    FLAGS_ARE(r, HORDE_FLAG_ON_GROUND);
    /* Far away: nothing. */
    r = push(w, 5.5f, 0.5f, 5.5f, 0.5f, 3.0f);
    FLAGS_ARE(r, 0u);
    /* Zero radius never collides, even at the cube's centre. */
    r = push(w, 0.5f, 0.5f, 0.5f, 0.0f, 1.0f);
    FLAGS_ARE(r, 0u);
    /* Zero height strictly inside the level collides (pushed up to 1: 0.5 < down 0.5? tie
     * -> up comes first). */
    r = push(w, 0.5f, 0.5f, 0.5f, 0.2f, 0.0f);
    CHECK(r.y == 1.0f, "[%s] zero height: %a", ISA, r.y);
    FLAGS_ARE(r, C | HORDE_FLAG_ON_GROUND);
    /* Zero height exactly on a face: no overlap. */
    r = push(w, 0.5f, 1.0f, 0.5f, 0.2f, 0.0f);
    FLAGS_ARE(r, HORDE_FLAG_ON_GROUND);
    tu_world_free(&t);
}

static void neighbours(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int x = -8; x <= 8; x++)
        for (int z = -8; z <= 8; z++)
            tu_set(&t, x, 0, z, 1); /* floor, top at y = 1 */
    for (int x = -8; x <= 8; x++)
        for (int y = 1; y <= 4; y++)
            tu_set(&t, x, y, 3, 1); /* wall at z in [3, 4] */
    for (int z = -8; z <= 2; z++)
        for (int y = 1; y <= 4; y++)
            tu_set(&t, 5, y, z, 1); /* wall at x in [5, 6], meeting the other: inner corner */
    const horde_world *w = &t.w;
    const uint32_t C = HORDE_FLAG_COLLIDED;

    /* Sunk 0.05 into the floor right over a seam (x = 1.0 + 0.01): seed 000 per cube
     * would consider the exposed-looking edge; here the only answer is straight up. */
    result r = push(w, 1.01f, 0.95f, 0.5f, 0.3f, 1.8f);
    CHECK(r.x == 1.01f && r.y == 1.0f && r.z == 0.5f, "[%s] seam: %a %a %a", ISA, r.x, r.y, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_ON_GROUND);
    /* Exactly on the seam corner of four floor blocks. */
    r = push(w, 1.0f, 0.9f, 1.0f, 0.5f, 1.0f);
    CHECK(r.x == 1.0f && r.y == 1.0f && r.z == 1.0f, "[%s] seam corner moved sideways", ISA);

    /* Pressed 0.01 into the wall (z face at 3) next to a seam at x = 1: push -z only. */
    r = push(w, 1.01f, 1.0f, 2.71f, 0.3f, 1.8f);
    CHECK(r.x == 1.01f && r.y == 1.0f && near(r.z, 2.7f, slack(5.0f, 3.0f)) && r.z <= 2.7f,
          "[%s] wall seam: %a %a %a", ISA, r.x, r.y, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_WALL | HORDE_FLAG_ON_GROUND);

    /* Sunk 0.05 into the floor and 0.05 into the wall: up and out together. */
    r = push(w, 0.5f, 0.95f, 2.75f, 0.3f, 1.8f);
    CHECK(r.x == 0.5f && r.y == 1.0f && near(r.z, 2.7f, slack(5.0f, 3.0f)), "[%s] floor+wall: %a %a %a", ISA,
          r.x, r.y, r.z);
    FLAGS_ARE(r, C | HORDE_FLAG_ON_GROUND | HORDE_FLAG_HIT_WALL);

    /* Inner corner (walls x >= 5 and z >= 3): pressed 0.1 into both: diagonal out. */
    r = push(w, 4.8f, 1.0f, 2.8f, 0.3f, 1.8f);
    CHECK(near(r.x, 4.7f, slack(5.0f, 3.0f)) && r.x <= 4.7f && near(r.z, 2.7f, slack(5.0f, 3.0f)) && r.z <= 2.7f &&
              r.y == 1.0f, "[%s] inner corner: %a %a", ISA, r.x, r.z);

    /* A one-block gap in the ceiling: a mover whose head is in the gap's rim goes down. */
    tu_set(&t, -5, 3, 0, 1); /* block [-5,-4] x [3,4] x [0,1] */
    r = push(w, -4.5f, 1.3f, 0.5f, 0.3f, 1.8f); /* head 0.1 into the block at y 3 */
    CHECK(near(r.y, 1.2f, 2e-6f) && r.y + 1.8f <= 3.0f && r.x == -4.5f, "[%s] ceiling: %a %a",
          ISA, r.x, r.y);
    FLAGS_ARE(r, C | HORDE_FLAG_HIT_CEILING);
    tu_world_free(&t);
}

static void borders_and_policy(void)
{
    /* Two chunks side by side along x: chunk 0 has a block at its last column. */
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 2, 1, 1, HORDE_MISSING_EMPTY);
    tu_set(&t, 31, 5, 5, 1);
    tu_set(&t, 32, 8, 5, 1);
    const horde_world *w = &t.w;
    /* Mover in chunk 1 reaching back into chunk 0's block: +x face push 0.1. */
    result r = push(w, 32.2f, 5.2f, 5.5f, 0.3f, 0.5f);
    CHECK(near(r.x, 32.3f, slack(32.3f, 5.5f)) && r.x >= 32.3f, "[%s] chunk border: %a", ISA, r.x);
    /* Mover in chunk 0 reaching into chunk 1's block: -x push 0.1. */
    r = push(w, 31.8f, 8.2f, 5.5f, 0.3f, 0.5f);
    CHECK(near(r.x, 31.7f, slack(32.3f, 5.5f)) && r.x <= 31.7f, "[%s] chunk border 2: %a", ISA, r.x);
    /* Outside the grid with policy EMPTY: nothing collides. */
    r = push(w, -10.5f, 5.0f, 5.5f, 0.5f, 3.0f);
    CHECK(r.f == 0, "[%s] outside empty: %#x", ISA, r.f);

    /* Policy SOLID: the same view with missing chunks solid walls the grid in. */
    t.w.missing = HORDE_MISSING_SOLID;
    r = push(w, 63.9f, 5.2f, 5.5f, 0.3f, 0.5f); /* 0.2 into the missing chunk at x >= 64 */
    CHECK(near(r.x, 63.7f, slack(64.0f, 5.5f)) && r.x <= 63.7f, "[%s] solid policy: %a", ISA, r.x);
    r = push(w, 70.5f, 5.2f, 5.5f, 0.3f, 0.5f); /* deep inside missing: stuck */
    FLAGS_ARE(r, HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK);
    /* A NULL pointer in the grid reads as the policy too. */
    t.ptrs[1] = NULL;
    r = push(w, 40.5f, 5.2f, 5.5f, 0.3f, 0.5f);
    FLAGS_ARE(r, HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK);
    t.w.missing = HORDE_MISSING_EMPTY;
    r = push(w, 40.5f, 5.2f, 5.5f, 0.3f, 0.5f);
    FLAGS_ARE(r, 0u);
    tu_world_free(&t);

    /* Negative coordinates: chunk origin -1, block at (-1, -1, -1). */
    tu_world_make(&t, -1, -1, -1, 1, 1, 1, HORDE_MISSING_EMPTY);
    tu_set(&t, -1, -1, -1, 1);
    r = push(&t.w, -0.5f, -0.1f, -0.5f, 0.3f, 1.0f);
    CHECK(r.y == 0.0f && r.x == -0.5f, "[%s] negative coords: %a", ISA, r.y);
    FLAGS_ARE(r, HORDE_FLAG_COLLIDED | HORDE_FLAG_ON_GROUND);
    tu_world_free(&t);
}

static void full_and_invalid(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 1, 1, 1, HORDE_MISSING_SOLID);
    horde_chunk_fill(&t.chunks[0]);
    result r = push(&t.w, 10.5f, 10.5f, 10.5f, 0.3f, 1.8f);
    CHECK(r.x == 10.5f && r.y == 10.5f && r.z == 10.5f, "[%s] stuck moved", ISA);
    FLAGS_ARE(r, HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK);

    const float bad[][5] = {
        {NAN, 1, 1, 0.3f, 1}, {1, INFINITY, 1, 0.3f, 1}, {1, 1, -INFINITY, 0.3f, 1},
        {1, 1, 1, -0.1f, 1},  {1, 1, 1, 0.6f, 1},        {1, 1, 1, 0.3f, -1},
        {1, 1, 1, 0.3f, 3.5f}, {2e6f, 1, 1, 0.3f, 1},     {1, 1, 1, NAN, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = push(&t.w, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4]);
        FLAGS_ARE(r, HORDE_FLAG_INVALID);
        CHECK(!memcmp(&r.x, &bad[i][0], 4) && !memcmp(&r.y, &bad[i][1], 4) &&
                  !memcmp(&r.z, &bad[i][2], 4), "[%s] invalid lane %zu changed", ISA, i);
    }
    tu_world_free(&t);
}

/* An invalid mover in the middle of a SIMD group leaves its neighbours intact. */
static void neighbour_lanes(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY);
    for (int x = 0; x < 32; x++)
        for (int z = 0; z < 32; z++)
            tu_set(&t, x, 0, z, 1);
    float x[9], y[9], z[9], rr[9], h[9], ox[9], oy[9], oz[9];
    uint32_t f[9];
    for (int i = 0; i < 9; i++)
        x[i] = 2.5f + i, y[i] = 0.9f, z[i] = 2.5f, rr[i] = 0.3f, h[i] = 1.8f;
    y[4] = NAN;
    horde_cylinder_push_batch b = {x, y, z, rr, h, ox, oy, oz, f, 9};
    CHECK(horde_cylinder_push_isa(cur_isa, &t.w, &b) == HORDE_OK, "status");
    for (int i = 0; i < 9; i++) {
        if (i == 4)
            CHECK(f[i] == HORDE_FLAG_INVALID && isnan(oy[i]), "[%s] lane 4", ISA);
        else
            CHECK(oy[i] == 1.0f && ox[i] == x[i] &&
                      f[i] == (HORDE_FLAG_COLLIDED | HORDE_FLAG_ON_GROUND),
                  "[%s] lane %d: y=%a flags=%#x", ISA, i, oy[i], f[i]);
    }
    tu_world_free(&t);
}

static void api_errors(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY);
    float v = 0.5f;
    uint32_t f;
    horde_cylinder_push_batch b = {&v, &v, &v, &v, &v, &v, &v, &v, &f, 1};
    CHECK(horde_cylinder_push(NULL, &b) == HORDE_ERR_NULL_ARG, "null world");
    CHECK(horde_cylinder_push(&t.w, NULL) == HORDE_ERR_NULL_ARG, "null batch");
    horde_cylinder_push_batch nb = b;
    nb.out_flags = NULL;
    CHECK(horde_cylinder_push(&t.w, &nb) == HORDE_ERR_NULL_ARG, "null flags");
    horde_cylinder_push_batch empty = {0};
    CHECK(horde_cylinder_push(&t.w, &empty) == HORDE_OK, "n = 0 with NULL arrays");
    horde_world bad = t.w;
    bad.nx = -1;
    CHECK(horde_cylinder_push(&bad, &b) == HORDE_ERR_BAD_WORLD, "negative grid");
    bad = t.w;
    bad.missing = (horde_missing)7;
    CHECK(horde_cylinder_push(&bad, &b) == HORDE_ERR_BAD_WORLD, "bad policy");
    bad = t.w;
    bad.nx = bad.ny = bad.nz = 2000;
    CHECK(horde_cylinder_push(&bad, &b) == HORDE_ERR_BAD_WORLD, "overflowing grid");
    CHECK(horde_cylinder_push_isa((horde_isa)99, &t.w, &b) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
    tu_world_free(&t);
}

int main(void)
{
    TU_RUN_CASES(cur_isa, single_cube, neighbours, borders_and_policy, full_and_invalid, neighbour_lanes);
    api_errors();
    return tu_finish("known_cylinder_push");
}
