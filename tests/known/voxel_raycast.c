/* SPDX-License-Identifier: MIT */
/* Known answers for horde_voxel_raycast and horde_voxel_los, derived by hand from
 * voxel_raycast.h: a wall hit head-on (t, block, face), from either side, a segment
 * ending exactly on the wall's face (the closed segment enters it, t = 1), ending one ulp
 * short, a start on a face travelling away from the block behind it, a start inside a
 * block, a zero-length segment in free and solid blocks, a segment lying in a block face
 * (the block on the + side counts), a diagonal through an edge (ties x before y: the x
 * neighbour is hit), through a corner, the snap to 2^-20 (a start 2^-21 before a face), a
 * run along x inside one chunk row and across a chunk border, missing chunks under both
 * policies, the line of sight's skips (through missing chunks and chunk corners, along
 * a row's border, ending on a chunk border, inside an all-air chunk), the coordinate and
 * length limits, non-finite inputs, and argument errors. The line of sight with poles:
 * through a pole, tangent to it and an ulp outside, level with its top and an ulp above,
 * down its axis, starting inside it, a pole before a wall and a wall before a pole, a
 * tie (the block wins), a pole of radius 0, poles changed after the grid's build, an
 * invalid segment, argument errors.
 * Every case on every backend, every kernel. */
#include "testutil.h"

static horde_isa cur_isa;

typedef struct {
    float t;
    int32_t b[3];
    uint32_t face, f;
} result;

static result cast(const horde_world *w, float x0, float y0, float z0, float x1, float y1, float z1)
{
    result r;
    const horde_voxel_raycast_batch b = {&x0, &y0, &z0, &x1, &y1, &z1, &r.t, &r.b[0], &r.b[1], &r.b[2],
                                         &r.face, &r.f, 1};
    CHECK(horde_voxel_raycast_isa(cur_isa, w, &b) == HORDE_OK, "status");
    /* The line of sight gives the same t and flags. */
    float t;
    uint32_t f;
    const horde_voxel_los_batch l = {&x0, &y0, &z0, &x1, &y1, &z1, &t, &f, 1};
    CHECK(horde_voxel_los_isa(cur_isa, w, &l) == HORDE_OK, "los status");
    CHECK(!memcmp(&t, &r.t, 4) && f == r.f, "[%s] los t %a flags %#x, raycast t %a flags %#x",
          horde_isa_name(cur_isa), t, f, r.t, r.f);
    return r;
}

#define ISA horde_isa_name(cur_isa)
#define HIT_AT(r, T, X, Y, Z, FACE)                                                              \
    CHECK((r).f == HORDE_FLAG_HIT && (r).t == (T) && (r).b[0] == (X) && (r).b[1] == (Y) &&       \
              (r).b[2] == (Z) && (r).face == (FACE),                                            \
          "[%s] line %d: flags %#x t %a block %d %d %d face %u", ISA, __LINE__, (r).f, (r).t,    \
          (r).b[0], (r).b[1], (r).b[2], (r).face)
#define INSIDE_AT(r, X, Y, Z)                                                                    \
    CHECK((r).f == (HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE) && (r).t == 0.0f &&              \
              (r).b[0] == (X) && (r).b[1] == (Y) && (r).b[2] == (Z) && (r).face == HORDE_NONE,  \
          "[%s] line %d: flags %#x t %a block %d %d %d", ISA, __LINE__, (r).f, (r).t, (r).b[0],  \
          (r).b[1], (r).b[2])
#define MISS(r, F)                                                                               \
    CHECK((r).f == (F) && (r).t == 1.0f && !(r).b[0] && !(r).b[1] && !(r).b[2] &&                \
              (r).face == HORDE_NONE,                                                            \
          "[%s] line %d: flags %#x t %a", ISA, __LINE__, (r).f, (r).t)

static void walls(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int y = -4; y <= 4; y++)
        for (int z = -4; z <= 4; z++)
            tu_set(&t, 5, y, z, 1); /* wall: blocks x = 5, i.e. x in [5, 6] */
    const horde_world *w = &t.w;
    /* Head-on from x = 1 to 9: the plane x = 5 is 4 of 8 away, t = 0.5; entered moving +x:
     * face NEG_X. From the other side, 9 -> 1: plane x = 6 at 3 / 8. */
    HIT_AT(cast(w, 1.0f, 0.5f, 0.5f, 9.0f, 0.5f, 0.5f), 0.5f, 5, 0, 0, HORDE_VOXEL_FACE_NEG_X);
    HIT_AT(cast(w, 9.0f, 0.5f, 0.5f, 1.0f, 0.5f, 0.5f), 0.375f, 5, 0, 0, HORDE_VOXEL_FACE_POS_X);
    /* From 2 to 5 exactly: the end lies on the face, entered at t = 1. */
    HIT_AT(cast(w, 2.0f, 0.5f, 0.5f, 5.0f, 0.5f, 0.5f), 1.0f, 5, 0, 0, HORDE_VOXEL_FACE_NEG_X);
    /* One snap unit (2^-20) short of it: a miss. */
    MISS(cast(w, 2.0f, 0.5f, 0.5f, 5.0f - 0x1p-20f, 0.5f, 0.5f), 0u);
    /* ... while 5 - 2^-21 (half a unit below, a tie: to even) snaps onto the face. */
    HIT_AT(cast(w, 2.0f, 0.5f, 0.5f, 5.0f - 0x1p-21f, 0.5f, 0.5f), 1.0f, 5, 0, 0, HORDE_VOXEL_FACE_NEG_X);
    /* A start on the wall's far face (x = 6) travelling +x: in block 6, free; the wall
     * behind does not count. Travelling -x from there: block 5 at t = 0. */
    MISS(cast(w, 6.0f, 0.5f, 0.5f, 8.0f, 0.5f, 0.5f), 0u);
    INSIDE_AT(cast(w, 6.0f, 0.5f, 0.5f, 4.0f, 0.5f, 0.5f), 5, 0, 0);
    /* Inside, and zero-length segments. */
    INSIDE_AT(cast(w, 5.5f, 0.5f, 0.5f, 1.0f, 0.5f, 0.5f), 5, 0, 0);
    INSIDE_AT(cast(w, 5.5f, 0.5f, 0.5f, 5.5f, 0.5f, 0.5f), 5, 0, 0);
    MISS(cast(w, 4.5f, 0.5f, 0.5f, 4.5f, 0.5f, 0.5f), 0u);
    /* A zero-length segment on the face x = 5: the block above the plane, 5: solid. */
    INSIDE_AT(cast(w, 5.0f, 0.5f, 0.5f, 5.0f, 0.5f, 0.5f), 5, 0, 0);
    /* Lying in the wall's face plane x = 5, moving in y: the + side block (x = 5) counts. */
    INSIDE_AT(cast(w, 5.0f, -3.5f, 0.5f, 5.0f, 3.5f, 0.5f), 5, -4, 0);
    /* Lying in the plane x = 6, the wall's + face: the + side block (x = 6) is free. */
    MISS(cast(w, 6.0f, -3.5f, 0.5f, 6.0f, 3.5f, 0.5f), 0u);
    /* Steps up the wall's top: from (4.5, 6, 0.5) down to (5.5, 4.5, 0.5): x plane 5 at
     * t = 0.5 / 1 = 0.5 (block (5, 5), free: above the wall), y plane 5 at t = 1 / 1.5 =
     * 2 / 3: block (5, 4), solid, entered moving -y: face POS_Y. */
    HIT_AT(cast(w, 4.5f, 6.0f, 0.5f, 5.5f, 4.5f, 0.5f), (float)(2.0 / 3.0), 5, 4, 0, HORDE_VOXEL_FACE_POS_Y);
    tu_world_free(&t);
}

static void edges_and_corners(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    tu_set(&t, 1, 0, 0, 1); /* the x neighbour of block (0, 0, 0) */
    const horde_world *w = &t.w;
    /* From (0.5, 0.5) to (1.5, 1.5) in z = 0.5: through the edge x = 1, y = 1 at t = 0.5.
     * Ties go to x: block (1, 0, 0) is entered first and is solid. */
    HIT_AT(cast(w, 0.5f, 0.5f, 0.5f, 1.5f, 1.5f, 0.5f), 0.5f, 1, 0, 0, HORDE_VOXEL_FACE_NEG_X);
    /* With the y neighbour solid instead: x first (free), then y from it: (1, 1, 0), free;
     * the y neighbour (0, 1, 0) is not on the sequence. */
    tu_set(&t, 1, 0, 0, 0);
    tu_set(&t, 0, 1, 0, 1);
    MISS(cast(w, 0.5f, 0.5f, 0.5f, 1.5f, 1.5f, 0.5f), 0u);
    /* The corner (1, 1, 1) from (0.5, 0.5, 0.5) to (1.5, 1.5, 1.5): x, y, z at t = 0.5:
     * blocks (1, 0, 0), (1, 1, 0), (1, 1, 1); only the last solid: entered moving +z. */
    tu_set(&t, 0, 1, 0, 0);
    tu_set(&t, 1, 1, 1, 1);
    HIT_AT(cast(w, 0.5f, 0.5f, 0.5f, 1.5f, 1.5f, 1.5f), 0.5f, 1, 1, 1, HORDE_VOXEL_FACE_NEG_Z);
    tu_set(&t, 1, 1, 0, 1);
    HIT_AT(cast(w, 0.5f, 0.5f, 0.5f, 1.5f, 1.5f, 1.5f), 0.5f, 1, 1, 0, HORDE_VOXEL_FACE_NEG_Y);
    /* Moving -x, -y through the edge (0, 0) from (0.5, 0.5) to (-0.5, -0.5): x first:
     * block (-1, 0, 0). */
    tu_set(&t, -1, 0, 0, 1);
    HIT_AT(cast(w, 0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f), 0.5f, -1, 0, 0, HORDE_VOXEL_FACE_POS_X);
    tu_world_free(&t);
}

static void runs_chunks_and_limits(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 2, 1, 1, HORDE_MISSING_EMPTY);
    tu_set(&t, 40, 3, 7, 1); /* second chunk in x */
    const horde_world *w = &t.w;
    /* A long x run: from x = 0.5 to 60.5 along row (3, 7): plane 40 at 39.5 / 60. */
    HIT_AT(cast(w, 0.5f, 3.5f, 7.5f, 60.5f, 3.5f, 7.5f), (float)(39.5 / 60.0), 40, 3, 7, HORDE_VOXEL_FACE_NEG_X);
    /* Backwards from 63.5 to 0.5: plane 41 at 22.5 / 63. */
    HIT_AT(cast(w, 63.5f, 3.5f, 7.5f, 0.5f, 3.5f, 7.5f), (float)(22.5 / 63.0), 40, 3, 7, HORDE_VOXEL_FACE_POS_X);
    /* Leaving the grid: missing chunks are air here; under MISSING_SOLID the first missing
     * block, x = 64, at (64 - 60.5) / 10. */
    MISS(cast(w, 60.5f, 3.5f, 7.5f, 70.5f, 3.5f, 7.5f), 0u);
    horde_world ws = t.w;
    ws.missing = HORDE_MISSING_SOLID;
    HIT_AT(cast(&ws, 60.5f, 3.5f, 7.5f, 70.5f, 3.5f, 7.5f), 0.35f, 64, 3, 7, HORDE_VOXEL_FACE_NEG_X);
    /* A NULL chunk reads as the policy: the first chunk dropped, solid policy. */
    t.ptrs[0] = NULL;
    INSIDE_AT(cast(&ws, 0.5f, 3.5f, 7.5f, 5.5f, 3.5f, 7.5f), 0, 3, 7);
    MISS(cast(w, 0.5f, 3.5f, 7.5f, 5.5f, 3.5f, 7.5f), 0u);
    /* Limits: |c| = 2^20 is valid, the next float is not; 1024 blocks per axis is valid,
     * 1024 + 2^-20 is not. */
    MISS(cast(w, 1048576.0f, 0.5f, 0.5f, 1048575.0f, 0.5f, 0.5f), 0u);
    MISS(cast(w, 1048576.0f, 0.5f, 0.5f, 1048576.125f, 0.5f, 0.5f), HORDE_FLAG_INVALID);
    MISS(cast(w, 0.5f, 0.5f, 0.5f, 1024.5f, 0.5f, 0.5f), 0u);
    MISS(cast(w, 0.5f, 0.5f, 0.5f, 1024.5f + 0x1p-10f, 0.5f, 0.5f), HORDE_FLAG_INVALID);
    MISS(cast(w, NAN, 0.5f, 0.5f, 1.5f, 0.5f, 0.5f), HORDE_FLAG_INVALID);
    MISS(cast(w, 0.5f, 0.5f, 0.5f, 1.5f, -INFINITY, 0.5f), HORDE_FLAG_INVALID);
    tu_world_free(&t);
}

/* The line of sight's skips (boxes of air, kernels/voxel/voxel_los_walk.h) give the
 * block-by-block answers: a 4 x 2 x 4 grid whose upper layer is NULL but for chunk
 * (2, 1, 2). */
static void skips(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 4, 2, 4, HORDE_MISSING_EMPTY);
    tu_set(&t, 64, 40, 64, 1);
    tu_set(&t, 50, 3, 7, 1);
    tu_set(&t, 40, 3, 6, 1); /* beside the row (3, 7), on its - z side */
    tu_set(&t, 40, 2, 7, 1); /* below it */
    tu_set(&t, 64, 5, 9, 1);
    for (int cz = 0; cz < 4; cz++)
        for (int cx = 0; cx < 4; cx++)
            if (cx != 2 || cz != 2)
                t.ptrs[cx + 4 * (cz + 4)] = NULL;
    const horde_world *w = &t.w;
    horde_world ws = t.w;
    ws.missing = HORDE_MISSING_SOLID;
    /* A diagonal in x and z through missing chunks, crossing chunk corners exactly: x and
     * z planes tie, x first, so (64, 40, 63) comes before (64, 40, 64), entered through its
     * - z face at 63.5 / 100. Under MISSING_SOLID the start block is missing: inside. */
    HIT_AT(cast(w, 0.5f, 40.5f, 0.5f, 100.5f, 40.5f, 100.5f), (float)(63.5 / 100.0), 64, 40, 64,
           HORDE_VOXEL_FACE_NEG_Z);
    INSIDE_AT(cast(&ws, 0.5f, 40.5f, 0.5f, 100.5f, 40.5f, 100.5f), 0, 40, 0);
    /* From the loaded chunk into a missing one: air, or its first block x = 96 at 25.5 / 30. */
    MISS(cast(w, 70.5f, 40.5f, 70.5f, 100.5f, 40.5f, 70.5f), 0u);
    HIT_AT(cast(&ws, 70.5f, 40.5f, 70.5f, 100.5f, 40.5f, 70.5f), (float)(25.5 / 30.0), 96, 40, 70,
           HORDE_VOXEL_FACE_NEG_X);
    /* Along the row (3, 7)'s lower z and y border (a segment in a block face belongs to the
     * block on the face's + side): the blocks beside and below are not on it. */
    HIT_AT(cast(w, 0.5f, 3.0f, 7.0f, 60.5f, 3.0f, 7.0f), (float)(49.5 / 60.0), 50, 3, 7, HORDE_VOXEL_FACE_NEG_X);
    /* Ending exactly on a chunk border where the next block is solid (closed: t = 1), and
     * one ulp short of it. */
    HIT_AT(cast(w, 33.5f, 5.5f, 9.5f, 64.0f, 5.5f, 9.5f), 1.0f, 64, 5, 9, HORDE_VOXEL_FACE_NEG_X);
    MISS(cast(w, 33.5f, 5.5f, 9.5f, nextafterf(64.0f, 0.0f), 5.5f, 9.5f), 0u);
    /* Starting and ending inside an all-air chunk, and from one up into a missing chunk. */
    MISS(cast(w, 10.25f, 20.5f, 70.75f, 20.5f, 30.25f, 90.5f), 0u);
    MISS(cast(w, 10.5f, 20.5f, 10.5f, 10.5f, 50.5f, 10.5f), 0u);
    HIT_AT(cast(&ws, 10.5f, 20.5f, 10.5f, 10.5f, 50.5f, 10.5f), (float)(11.5 / 30.0), 10, 32, 10,
           HORDE_VOXEL_FACE_NEG_Y);
    tu_world_free(&t);
}

/* Line of sight with poles, every answer worked out from the header's float steps (all
 * exact here: dyadic inputs). */
static float pole_v[5][4] = {
    {4.0f, 4.0f, 11.0f, 4.0f},   /* x */
    {0.5f, 6.0f, -5.5f, 12.0f},  /* z */
    {1.0f, 0.5f, 1.0f, 0.0f},    /* r */
    {0.0f, 0.0f, 0.0f, 0.0f},    /* bottom */
    {4.0f, 2.0f, 4.0f, 4.0f},    /* top */
};
static horde_poles pole_set = {pole_v[0], pole_v[1], pole_v[2], pole_v[3], pole_v[4], 4};
static horde_pole_grid pole_grid;

static void sight(const horde_world *w, float x0, float y0, float z0, float x1, float y1, float z1, float *t,
                  uint32_t *f)
{
    const horde_voxel_los_poles_batch b = {&x0, &y0, &z0, &x1, &y1, &z1, t, f, 1};
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &pole_grid, &pole_set, &b) == HORDE_OK, "status");
}
#define SIGHT(w, x0, y0, z0, x1, y1, z1, T, F)                                                   \
    do {                                                                                         \
        float t_;                                                                                \
        uint32_t f_;                                                                             \
        sight(w, x0, y0, z0, x1, y1, z1, &t_, &f_);                                              \
        CHECK(!memcmp(&t_, &(float){T}, 4) && f_ == (F), "[%s] line %d: t %a flags %#x", ISA,    \
              __LINE__, t_, f_);                                                                 \
    } while (0)
#define POLE_HIT (HORDE_FLAG_HIT | HORDE_FLAG_POLE)

static void poles(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int y = -4; y <= 4; y++)
        for (int z = -8; z <= 4; z++)
            tu_set(&t, 10, y, z, 1); /* wall: x in [10, 11] */
    const horde_world *w = &t.w;
    static unsigned char mem[256];
    CHECK(horde_pole_grid_scratch_bytes(&pole_set, 2.0f) <= sizeof mem &&
              horde_pole_grid_build(&pole_grid, &pole_set, 2.0f, mem, sizeof mem) == HORDE_OK,
          "grid");
    /* Head-on through pole 0 (axis x = 4, r = 1) at y = 1: a = 64, ts = 32 / 64 = 0.5, the
     * axis at tc; q = 1 / 64, t = 0.5 - 0.125 = 0.375 (x = 3). */
    SIGHT(w, 0.0f, 1.0f, 0.5f, 8.0f, 1.0f, 0.5f, 0.375f, POLE_HIT);
    /* Tangent (z = 1.5: distance exactly r, closed): q = 0, t = tc = 0.5; one ulp farther out,
     * 1 + 2^-23 from the axis: clear. */
    SIGHT(w, 0.0f, 1.0f, 1.5f, 8.0f, 1.0f, 1.5f, 0.5f, POLE_HIT);
    SIGHT(w, 0.0f, 1.0f, 0x1.800002p0f, 8.0f, 1.0f, 0x1.800002p0f, 1.0f, 0u);
    /* Level with the top (y = 4, closed) and one ulp above it. */
    SIGHT(w, 0.0f, 4.0f, 0.5f, 8.0f, 4.0f, 0.5f, 0.375f, POLE_HIT);
    SIGHT(w, 0.0f, 0x1.000002p2f, 0.5f, 8.0f, 0x1.000002p2f, 0.5f, 1.0f, 0u);
    /* Down the axis from y = 6 to 2: the height gives [0.5, 1] (top at (4 - 6) / -4), a = 0:
     * t = lo = 0.5. */
    SIGHT(w, 4.0f, 6.0f, 0.5f, 4.0f, 2.0f, 0.5f, 0.5f, POLE_HIT);
    /* From the axis outwards: ts = -0, t = 0: STARTED_INSIDE; so is a zero-length segment in
     * the pole. */
    SIGHT(w, 4.0f, 1.0f, 0.5f, 0.0f, 1.0f, 0.5f, 0.0f, POLE_HIT | HORDE_FLAG_STARTED_INSIDE);
    SIGHT(w, 4.0f, 1.0f, 0.5f, 4.0f, 1.0f, 0.5f, 0.0f, POLE_HIT | HORDE_FLAG_STARTED_INSIDE);
    /* The pole before the wall (x = 10 at t = 0.625): a = 256, ts = 0.25, q = 1 / 256,
     * t = 0.1875. Backwards, the wall's face x = 11 comes first, at 5 / 16: the block's
     * answer. */
    SIGHT(w, 0.0f, 1.0f, 0.5f, 16.0f, 1.0f, 0.5f, 0.1875f, POLE_HIT);
    SIGHT(w, 16.0f, 1.0f, 0.5f, 0.0f, 1.0f, 0.5f, 0.3125f, HORDE_FLAG_HIT);
    /* A tie: pole 2 (axis x = 11, r = 1) is entered at x = 10, t = 0.6875 - 0.0625 =
     * 0.625, where the wall is: the block wins. */
    SIGHT(w, 0.0f, 1.0f, -5.5f, 16.0f, 1.0f, -5.5f, 0.625f, HORDE_FLAG_HIT);
    /* A pole of radius 0 blocks a line through its axis (0 <= 0): t = 0.5. */
    SIGHT(w, 0.0f, 1.0f, 12.0f, 8.0f, 1.0f, 12.0f, 0.5f, POLE_HIT);
    /* Pole 1 (z = 6, top 2): blocked at y = 1.5, clear above; made invalid after the build
     * (r NaN), or cut off by n, it is ignored. */
    SIGHT(w, 0.0f, 1.5f, 6.0f, 8.0f, 1.5f, 6.0f, 0x1.cp-2f, POLE_HIT);
    SIGHT(w, 0.0f, 2.5f, 6.0f, 8.0f, 2.5f, 6.0f, 1.0f, 0u);
    pole_v[2][1] = NAN;
    SIGHT(w, 0.0f, 1.5f, 6.0f, 8.0f, 1.5f, 6.0f, 1.0f, 0u);
    pole_v[2][1] = 0.5f, pole_set.n = 1;
    SIGHT(w, 0.0f, 1.5f, 6.0f, 8.0f, 1.5f, 6.0f, 1.0f, 0u);
    pole_set.n = 4;
    /* An invalid segment: the line of sight's answer. */
    SIGHT(w, NAN, 1.0f, 0.5f, 8.0f, 1.0f, 0.5f, 1.0f, HORDE_FLAG_INVALID);
    /* Arguments. */
    float x = 0.5f, o = 7.0f;
    uint32_t u = 7;
    horde_voxel_los_poles_batch b = {&x, &x, &x, &x, &x, &x, &o, &u, 1};
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, NULL, &pole_set, &b) == HORDE_ERR_NULL_ARG, "NULL grid");
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &pole_grid, NULL, &b) == HORDE_ERR_NULL_ARG, "NULL poles");
    const horde_pole_grid unbuilt = {0};
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &unbuilt, &pole_set, &b) == HORDE_ERR_BAD_PARAMS, "unbuilt grid");
    horde_pole_grid wild = pole_grid;
    wild.max_r = INFINITY;
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &wild, &pole_set, &b) == HORDE_ERR_BAD_PARAMS, "max_r infinite");
    horde_poles holes = pole_set;
    holes.top = NULL;
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &pole_grid, &holes, &b) == HORDE_ERR_NULL_ARG, "NULL top");
    b.n = 0;
    CHECK(horde_voxel_los_poles_isa(cur_isa, w, &pole_grid, &holes, &b) == HORDE_OK, "n = 0");
    CHECK(o == 7.0f && u == 7, "an error or n = 0 wrote");
    tu_world_free(&t);
}

static void arguments(void)
{
    tu_world t;
    tu_world_make(&t, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY);
    float x = 0.5f, o = 7.0f;
    int32_t bi = 7;
    uint32_t u = 7;
    horde_voxel_raycast_batch b = {&x, &x, &x, &x, &x, &x, &o, &bi, &bi, &bi, &u, &u, 1};
    CHECK(horde_voxel_raycast_isa(cur_isa, &t.w, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
    CHECK(horde_voxel_raycast_isa(cur_isa, NULL, &b) == HORDE_ERR_NULL_ARG, "NULL world");
    horde_world bad = t.w;
    bad.nx = -1;
    CHECK(horde_voxel_raycast_isa(cur_isa, &bad, &b) == HORDE_ERR_BAD_WORLD, "bad world");
    b.out_face = NULL;
    CHECK(horde_voxel_raycast_isa(cur_isa, &t.w, &b) == HORDE_ERR_NULL_ARG, "NULL out_face");
    b.n = 0; /* n = 0: no array touched */
    CHECK(horde_voxel_raycast_isa(cur_isa, &t.w, &b) == HORDE_OK, "n = 0");
    CHECK(o == 7.0f && bi == 7 && u == 7, "n = 0 wrote");
    horde_voxel_los_batch l = {&x, &x, &x, &x, &x, NULL, &o, &u, 1};
    CHECK(horde_voxel_los_isa(cur_isa, &t.w, &l) == HORDE_ERR_NULL_ARG, "NULL z1");
    CHECK(o == 7.0f && u == 7, "error wrote");
    l.n = 0;
    CHECK(horde_voxel_los_isa(cur_isa, &t.w, &l) == HORDE_OK, "los n = 0");
    CHECK(horde_voxel_los_isa(cur_isa, &bad, &l) == HORDE_ERR_BAD_WORLD, "los bad world");
    tu_world_free(&t);
}

int main(void)
{
    TU_RUN_CASES(cur_isa, walls, edges_and_corners, runs_chunks_and_limits, skips, poles, arguments);
    return tu_finish("known_voxel_raycast");
}
