/* SPDX-License-Identifier: MIT */
/* Known answers for horde_cylinder_move, on every backend: gravity onto a floor, sliding
 * along a wall, no tunnelling through a 1-thick wall at any speed, truncation, step-up
 * with and without headroom, a one-block corridor, ceilings, zero moves, invalid input,
 * parameter errors, the Verlet helper. */
#include "testutil.h"

static horde_isa cur_isa;
#define ISA horde_isa_name(cur_isa)

typedef struct {
    float x, y, z, dx, dy, dz;
    uint32_t f;
} move_result;

static move_result move(const horde_world *w, const horde_cylinder_move_params *p, float x,
                        float y, float z, float dx, float dy, float dz, float r, float h)
{
    move_result m;
    horde_cylinder_move_batch b = {&x, &y, &z, &dx, &dy, &dz, &r, &h,
                                   &m.x, &m.y, &m.z, &m.dx, &m.dy, &m.dz, &m.f, 1};
    const int st = horde_cylinder_move_isa(cur_isa, w, p, &b);
    CHECK(st == HORDE_OK, "[%s] status %d", ISA, st);
    return m;
}

static float slack(float x, float z) { return (fabsf(x) + fabsf(z) + 1.0f) * 0x1p-21f * 1.5f + 1e-5f; }

/* Floor: blocks y = 0 (top at 1) for x, z in [-8, 24]; a wall of blocks z = 6 (face at
 * z = 6) for y 1..4; a one-high step at x = 10..11 (top at 2); a 1-block corridor
 * between walls x = 16 and x = 18 (free column x = 17) along z. */
static void build(tu_world *t)
{
    tu_world_make(t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int x = -8; x <= 24; x++)
        for (int z = -8; z <= 24; z++)
            tu_set(t, x, 0, z, 1);
    for (int x = -8; x <= 8; x++)
        for (int y = 1; y <= 4; y++)
            tu_set(t, x, y, 6, 1);
    for (int z = -8; z <= 5; z++)
        tu_set(t, 10, 1, z, 1); /* the step */
    for (int z = 8; z <= 20; z++)
        for (int y = 1; y <= 3; y++)
            tu_set(t, 16, y, z, 1), tu_set(t, 18, y, z, 1);
    tu_set(t, 0, 3, -4, 1); /* a low ceiling block over (0.5, -3.5): bottom at y = 3 */
}

static void cases(const horde_world *w)
{
    horde_cylinder_move_params p;
    horde_cylinder_move_params_default(&p);
    const uint32_t G = HORDE_FLAG_ON_GROUND, C = HORDE_FLAG_COLLIDED;

    /* Falling 1.0 from 0.5 above the floor: lands exactly on y = 1. */
    move_result m = move(w, &p, 0.5f, 1.5f, 0.5f, 0.0f, -1.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x == 0.5f && m.y == 1.0f && m.z == 0.5f && m.dy == -0.5f, "[%s] land: y=%a dy=%a",
          ISA, m.y, m.dy);
    CHECK(m.f == (C | G), "[%s] land flags %#x", ISA, m.f);

    /* Resting on the floor under a frame of gravity, walking: y stays exactly 1. */
    m = move(w, &p, 0.5f, 1.0f, 0.5f, 0.08f, -0.0027f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y == 1.0f && fabsf(m.x - 0.58f) < 1e-6f && (m.f & G) && !(m.f & HORDE_FLAG_HIT_WALL),
          "[%s] walk: %a %a flags %#x", ISA, m.x, m.y, m.f);
    /* Standing still, no gravity: nothing happens, still on the ground. */
    m = move(w, &p, 0.5f, 1.0f, 0.5f, 0.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x == 0.5f && m.y == 1.0f && m.z == 0.5f && m.f == G, "[%s] still: flags %#x", ISA, m.f);

    /* Diagonally into the wall (face z = 6): x motion is kept, z stops at 6 - r. */
    m = move(w, &p, 0.5f, 1.0f, 5.2f, 1.0f, 0.0f, 1.0f, 0.3f, 1.8f);
    CHECK(fabsf(m.x - 1.5f) < 1e-5f && m.y == 1.0f && m.z <= 5.7f && m.z > 5.7f - slack(1.5f, 5.7f),
          "[%s] slide: %a %a %a", ISA, m.x, m.y, m.z);
    CHECK((m.f & (C | HORDE_FLAG_HIT_WALL | G)) == (C | HORDE_FLAG_HIT_WALL | G), "[%s] slide flags %#x",
          ISA, m.f);

    /* 100 blocks at the wall from 3 blocks away: truncated to 64 * 0.1, stops at the wall. */
    m = move(w, &p, 0.5f, 1.0f, 2.5f, 0.0f, 0.0f, 100.0f, 0.3f, 1.8f);
    CHECK(m.z <= 5.7f && m.z > 5.6f && (m.f & HORDE_FLAG_TRUNCATED) && (m.f & HORDE_FLAG_HIT_WALL),
          "[%s] truncated into wall: z=%a flags %#x", ISA, m.z, m.f);
    /* Without truncation (4096 substeps), 400 blocks: still stops at the wall. */
    horde_cylinder_move_params big = p;
    big.max_substeps = 4096;
    m = move(w, &big, 0.5f, 1.0f, 2.5f, 0.0f, 0.0f, 400.0f, 0.3f, 1.8f);
    CHECK(m.z <= 5.7f && m.z > 5.6f && !(m.f & HORDE_FLAG_TRUNCATED), "[%s] no tunnelling: z=%a",
          ISA, m.z);
    /* Small radius (substeps 0.025): same. */
    m = move(w, &big, 0.5f, 1.0f, 2.5f, 0.0f, 0.0f, 50.0f, 0.05f, 1.0f);
    CHECK(m.z <= 5.95f && m.z > 5.9f, "[%s] thin mover tunnelled: z=%a", ISA, m.z);
    /* params.step 1 does not lift the cap of radius / 2: a mover of radius 0.1 just free
     * of the wall (z + r = 5.95) moving 0.9 takes 18 substeps and stops at the face; one
     * substep of 0.9 would land past the middle of the wall's block and leave by its far
     * side (z = 7.1). */
    horde_cylinder_move_params coarse = p;
    coarse.step = 1.0f;
    m = move(w, &coarse, 0.5f, 1.0f, 5.85f, 0.0f, 0.0f, 0.9f, 0.1f, 1.8f);
    CHECK(m.z <= 5.9f && m.z > 5.85f && (m.f & HORDE_FLAG_HIT_WALL), "[%s] step above r / 2 tunnelled: z=%a", ISA,
          m.z);
    /* TRUNCATED only when more than max_substeps are needed: substeps of 0.125 (r / 2 =
     * 0.15 is longer), 8 of them, a move of exactly 1 is whole; one ulp more is cut to 1. */
    horde_cylinder_move_params eight = p;
    eight.step = 0.125f, eight.max_substeps = 8;
    m = move(w, &eight, 0.5f, 1.0f, 0.5f, 1.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x == 1.5f && m.f == G, "[%s] 8 substeps of 8: x=%a flags %#x", ISA, m.x, m.f);
    m = move(w, &eight, 0.5f, 1.0f, 0.5f, nextafterf(1.0f, 2.0f), 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x == 1.5f && m.f == (G | HORDE_FLAG_TRUNCATED), "[%s] one ulp over 8 substeps: x=%a flags %#x", ISA,
          m.x, m.f);
    /* Absurd displacement: finite, truncated, direction kept. */
    m = move(w, &p, 0.5f, 1.0f, 2.5f, -1e30f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(isfinite(m.x) && fabsf(m.x - (0.5f - 6.4f)) < 1e-3f && (m.f & HORDE_FLAG_TRUNCATED),
          "[%s] absurd: x=%a", ISA, m.x);
    /* Falling fast through nothing onto the floor from 50 above: lands on it. */
    m = move(w, &big, 0.5f, 51.0f, 0.5f, 0.0f, -80.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y == 1.0f && (m.f & G), "[%s] fall: y=%a", ISA, m.y);

    /* Step: walking +x at the 1-high step (x face at 10) without step-up: blocked. */
    m = move(w, &p, 8.5f, 1.0f, 0.5f, 2.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x <= 9.7f && m.x > 9.6f && m.y == 1.0f, "[%s] blocked by step: %a %a", ISA, m.x, m.y);
    /* With step_height 1: climbs onto it (bottom exactly on its top, y = 2). */
    horde_cylinder_move_params up = p;
    up.step_height = 1.0f;
    m = move(w, &up, 8.5f, 1.0f, 0.5f, 2.0f, -0.01f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y == 2.0f && fabsf(m.x - 10.5f) < 1e-4f && (m.f & HORDE_FLAG_STEP_TAKEN) && (m.f & G),
          "[%s] step-up: %a %a flags %#x", ISA, m.x, m.y, m.f);
    /* step_height 0.6 is too low for a full block. */
    up.step_height = 0.6f;
    m = move(w, &up, 8.5f, 1.0f, 0.5f, 2.0f, -0.01f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y == 1.0f && m.x <= 9.7f && !(m.f & HORDE_FLAG_STEP_TAKEN), "[%s] 0.6 climbed: %a %a",
          ISA, m.x, m.y);
    /* Against the tall wall: no headroom on top of it, no step. */
    up.step_height = 1.0f;
    m = move(w, &up, 0.5f, 1.0f, 5.5f, 0.0f, -0.01f, 1.0f, 0.3f, 1.8f);
    CHECK(m.y == 1.0f && m.z <= 5.7f && !(m.f & HORDE_FLAG_STEP_TAKEN), "[%s] stepped a wall: %a %a",
          ISA, m.y, m.z);
    /* In the air (not grounded) no step-up happens. */
    m = move(w, &up, 8.5f, 1.5f, 0.5f, 2.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(!(m.f & HORDE_FLAG_STEP_TAKEN) && m.x <= 9.7f, "[%s] stepped in the air", ISA);

    /* One-block corridor (free column x = 17): a mover of radius 0.45 walks through it. */
    m = move(w, &p, 17.5f, 1.0f, 8.5f, 0.0f, -0.01f, 10.0f, 0.45f, 1.8f);
    CHECK(m.x == 17.5f && m.y == 1.0f && fabsf(m.z - 14.9f) < 1e-3f && !(m.f & HORDE_FLAG_HIT_WALL),
          "[%s] corridor: %a %a %a flags %#x", ISA, m.x, m.y, m.z, m.f);
    /* Pushed diagonally against the corridor wall: slides along z, x corrected. */
    m = move(w, &p, 17.5f, 1.0f, 8.5f, 0.3f, 0.0f, 1.0f, 0.45f, 1.8f);
    CHECK(m.x <= 17.55f && m.x > 17.5f && fabsf(m.z - 9.5f) < 1e-4f, "[%s] corridor slide: %a %a",
          ISA, m.x, m.z);

    /* Jumping into the low ceiling (bottom at y = 3): head stops under it. */
    m = move(w, &p, 0.5f, 1.0f, -3.5f, 0.0f, 0.5f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y + 1.8f <= 3.0f && m.y > 1.19f && (m.f & HORDE_FLAG_HIT_CEILING), "[%s] ceiling: y=%a",
          ISA, m.y);

    /* Zero move from inside the floor: pushed out; from free space: unchanged. */
    m = move(w, &p, 0.5f, 0.9f, 0.5f, 0.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.y == 1.0f && m.f == (C | G), "[%s] zero move out of floor: %a", ISA, m.y);
    m = move(w, &p, 0.5f, 3.0f, 0.5f, 0.0f, 0.0f, 0.0f, 0.3f, 1.0f);
    CHECK(m.y == 3.0f && m.f == 0 && m.dy == 0.0f, "[%s] zero move: flags %#x", ISA, m.f);

    /* Invalid: output = input, no displacement. */
    const float bad[][8] = {{NAN, 1, 0, 0, 0, 0, 0.3f, 1}, {0, 1, 0, NAN, 0, 0, 0.3f, 1},
                            {0, 1, 0, INFINITY, 0, 0, 0.3f, 1}, {0, 1, 0, 0, 0, 0, 0.01f, 1},
                            {0, 1, 0, 0, 0, 0, 0.6f, 1}, {0, 1, 0, 0, 0, 0, 0.3f, -1},
                            {2e6f, 1, 0, 0, 0, 0, 0.3f, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const float *v = bad[i];
        m = move(w, &p, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
        CHECK(m.f == HORDE_FLAG_INVALID && !memcmp(&m.x, &v[0], 4) && m.dx == 0.0f && m.dy == 0.0f,
              "[%s] invalid case %zu: flags %#x", ISA, i, m.f);
    }
}

static void stuck_case(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 1, 1, 1, HORDE_MISSING_SOLID);
    horde_chunk_fill(&t.chunks[0]);
    move_result m = move(&t.w, NULL, 5.5f, 5.5f, 5.5f, 1.0f, 0.0f, 0.0f, 0.3f, 1.8f);
    CHECK(m.x == 5.5f && m.y == 5.5f && (m.f & HORDE_FLAG_STUCK) && m.dx == 0.0f,
          "[%s] stuck: %a flags %#x", ISA, m.x, m.f);
    tu_world_free(&t);
}

/* A batch longer than any backend's group (its results leave in SIMD groups plus a
 * partial one): without displacement outputs, and with outputs that alias the inputs
 * (positions, and positions and displacements),
 * every mover's position and flags are those of the plain call, invalid movers included. */
enum { OUTPUT_FORMS_N = 21 };
static void output_forms(const horde_world *w)
{
    float in[8][OUTPUT_FORMS_N], out[6][OUTPUT_FORMS_N], alias[3][OUTPUT_FORMS_N], bare[3][OUTPUT_FORMS_N];
    uint32_t f[OUTPUT_FORMS_N], fa[OUTPUT_FORMS_N], fb[OUTPUT_FORMS_N];
    for (int i = 0; i < OUTPUT_FORMS_N; i++) {
        in[0][i] = 0.5f + 1.3f * (float)i, in[1][i] = 1.0f + 0.1f * (float)(i % 4), in[2][i] = 5.5f - 0.05f * (float)i;
        in[3][i] = 0.2f * (float)(i % 5) - 0.4f, in[4][i] = -0.3f, in[5][i] = 0.15f * (float)(i % 3);
        in[6][i] = 0.3f, in[7][i] = 1.8f;
    }
    in[0][3] = NAN, in[6][9] = -1.0f, in[7][17] = INFINITY; /* three invalid movers */
    horde_cylinder_move_params p;
    horde_cylinder_move_params_default(&p);
    p.step_height = 0.6f;
    horde_cylinder_move_batch b = {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7],
                                   out[0], out[1], out[2], out[3], out[4], out[5], f, OUTPUT_FORMS_N};
    CHECK(horde_cylinder_move_isa(cur_isa, w, &p, &b) == HORDE_OK, "[%s] output forms", ISA);
    horde_cylinder_move_batch nb = b;
    nb.out_x = bare[0], nb.out_y = bare[1], nb.out_z = bare[2], nb.out_flags = fb;
    nb.out_dx = nb.out_dy = nb.out_dz = NULL;
    CHECK(horde_cylinder_move_isa(cur_isa, w, &p, &nb) == HORDE_OK, "[%s] no out_d", ISA);
    memcpy(alias, in, sizeof alias);
    horde_cylinder_move_batch ab = b;
    ab.x = ab.out_x = alias[0], ab.y = ab.out_y = alias[1], ab.z = ab.out_z = alias[2], ab.out_flags = fa;
    ab.out_dx = ab.out_dy = ab.out_dz = NULL;
    CHECK(horde_cylinder_move_isa(cur_isa, w, &p, &ab) == HORDE_OK, "[%s] aliased", ISA);
    for (int i = 0; i < OUTPUT_FORMS_N; i++)
        for (int k = 0; k < 3; k++) {
            CHECK(memcmp(&bare[k][i], &out[k][i], 4) == 0 && fb[i] == f[i],
                  "[%s] no out_d: mover %d axis %d: %a vs %a", ISA, i, k, bare[k][i], out[k][i]);
            CHECK(memcmp(&alias[k][i], &out[k][i], 4) == 0 && fa[i] == f[i],
                  "[%s] aliased: mover %d axis %d: %a vs %a", ISA, i, k, alias[k][i], out[k][i]);
        }
    /* every output on its input: positions on x, y, z and displacements on dx, dy, dz */
    float both[6][OUTPUT_FORMS_N];
    uint32_t fd[OUTPUT_FORMS_N];
    memcpy(both, in, sizeof both);
    horde_cylinder_move_batch db = b;
    db.x = db.out_x = both[0], db.y = db.out_y = both[1], db.z = db.out_z = both[2];
    db.dx = db.out_dx = both[3], db.dy = db.out_dy = both[4], db.dz = db.out_dz = both[5], db.out_flags = fd;
    CHECK(horde_cylinder_move_isa(cur_isa, w, &p, &db) == HORDE_OK, "[%s] all aliased", ISA);
    for (int i = 0; i < OUTPUT_FORMS_N; i++)
        for (int k = 0; k < 6; k++)
            CHECK(memcmp(&both[k][i], &out[k][i], 4) == 0 && fd[i] == f[i],
                  "[%s] all aliased: mover %d output %d: %a vs %a", ISA, i, k, both[k][i], out[k][i]);
    CHECK(f[3] == HORDE_FLAG_INVALID && f[9] == HORDE_FLAG_INVALID && f[17] == HORDE_FLAG_INVALID &&
              isnan(out[0][3]) && out[3][3] == 0.0f && out[0][9] == in[0][9],
          "[%s] invalid movers: %#x %#x %#x", ISA, f[3], f[9], f[17]);
}

static void api(const horde_world *w)
{
    float v = 0.5f, r = 0.3f;
    uint32_t f;
    horde_cylinder_move_batch b = {&v, &v, &v, &v, &v, &v, &r, &v, &v, &v, &v, NULL, NULL, NULL, &f, 1};
    horde_cylinder_move_params p;
    horde_cylinder_move_params_default(&p);
    CHECK(p.step == 0.1f && p.step_height == 0.0f && p.max_substeps == 64, "defaults");
    CHECK(horde_cylinder_move(w, NULL, &b) == HORDE_OK, "NULL params = defaults, no out_d");
    const horde_cylinder_move_params bad[] = {{0.0f, 0, 64}, {-1, 0, 64}, {1.5f, 0, 64},
                                              {NAN, 0, 64}, {0.1f, -0.1f, 64}, {0.1f, 1.5f, 64},
                                              {0.1f, NAN, 64}, {0.1f, 0, 0}, {0.1f, 0, 5000}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(horde_cylinder_move(w, &bad[i], &b) == HORDE_ERR_BAD_PARAMS, "bad params %zu", i);
    /* The documented parameter bounds are inclusive (cylinder_move.h). */
    const horde_cylinder_move_params edge[] = {{1.0f, 1.0f, HORDE_CYLINDER_MOVE_MAX_SUBSTEPS},
                                               {FLT_MIN, 0.0f, 1}};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        CHECK(horde_cylinder_move(w, &edge[i], &b) == HORDE_OK, "edge params %zu", i);
    CHECK(HORDE_CYLINDER_MOVE_MAX_COORD == HORDE_CYLINDER_PUSH_MAX_COORD - 4096.0f, "move limit");
    /* Start coordinates past HORDE_CYLINDER_MOVE_MAX_COORD (but inside the push's limit) are
     * INVALID, as the header says; at the limit they are valid. */
    {
        float far = nextafterf(HORDE_CYLINDER_MOVE_MAX_COORD, INFINITY);
        float at = HORDE_CYLINDER_MOVE_MAX_COORD;
        float y = 0.5f, d0 = 0.0f, hh = 1.0f, ox, oy, oz;
        uint32_t ff;
        horde_cylinder_move_batch fb = {&far, &y, &y, &d0, &d0, &d0, &r, &hh,
                                        &ox, &oy, &oz, NULL, NULL, NULL, &ff, 1};
        CHECK(horde_cylinder_move(w, NULL, &fb) == HORDE_OK && ff == HORDE_FLAG_INVALID,
              "start past the move limit: flags %#x", ff);
        fb.x = &at;
        CHECK(horde_cylinder_move(w, NULL, &fb) == HORDE_OK && ff != HORDE_FLAG_INVALID,
              "start at the move limit: flags %#x", ff);
    }
    horde_cylinder_move_batch nb = b;
    nb.out_dx = &v; /* only one of the three */
    CHECK(horde_cylinder_move(w, &p, &nb) == HORDE_ERR_NULL_ARG, "partial out_d");
    nb = b;
    nb.dx = NULL;
    CHECK(horde_cylinder_move(w, &p, &nb) == HORDE_ERR_NULL_ARG, "NULL dx");
    horde_cylinder_move_batch empty = {0};
    CHECK(horde_cylinder_move(w, &p, &empty) == HORDE_OK, "n = 0");
    CHECK(horde_cylinder_move(NULL, &p, &b) == HORDE_ERR_NULL_ARG, "NULL world");
    CHECK(horde_cylinder_move_isa((horde_isa)77, w, &p, &b) == HORDE_ERR_UNKNOWN_ISA, "bad isa");

    /* Verlet: d = (cur - prev) * keep + a dt^2. */
    const float prev[2] = {1.0f, 2.0f}, cur[2] = {1.5f, 2.0f};
    float d[2];
    horde_verlet_displacement(prev, cur, 0.5f, -10.0f, 0.1f, d, 2);
    const float a = -10.0f * 0.1f * 0.1f;
    CHECK(d[0] == 0.25f + a && d[1] == a, "verlet: %a %a", d[0], d[1]);
}

int main(void)
{
    tu_world t;
    build(&t);
    for (int isa = 0; isa < HORDE_ISA_COUNT; isa++) {
        if (!horde_isa_supported((horde_isa)isa))
            continue;
        cur_isa = (horde_isa)isa;
        cases(&t.w);
        stuck_case();
        output_forms(&t.w);
    }
    api(&t.w);
    tu_world_free(&t);
    return tu_finish("test_cylinder_move_known");
}
