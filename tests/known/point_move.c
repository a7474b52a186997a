/* SPDX-License-Identifier: MIT */
/* Known answers for horde_point_move, derived by hand from seed 002's rule (move at most
 * 0.4 per axis, then go to the nearest free one of the 26 neighbours in the L-infinity
 * metric, faces before edges before corners by the 0.01 handicaps) and point_move.h:
 * sliding along a floor, a wall, into an inner corner, along a one-block corridor,
 * truncated huge moves, zero moves, starts inside blocks (and the documented tie
 * order), stuck points, invalid inputs, chunk borders, coordinates near +-2^20 where the
 * skin rounds away, skin 0, parameter and argument errors. Every case on every backend. */
#include "testutil.h"

static horde_isa cur_isa;
static const float S = 1.0f / 1024.0f; /* default skin */

typedef struct {
    float x, y, z, dx, dy, dz;
    uint32_t f;
} result;

static result move_p(const horde_world *w, const horde_point_move_params *p, float x, float y,
                     float z, float dx, float dy, float dz)
{
    result r;
    horde_point_move_batch b = {&x, &y, &z, &dx, &dy, &dz, &r.x, &r.y, &r.z,
                                &r.dx, &r.dy, &r.dz, &r.f, 1};
    int st = horde_point_move_isa(cur_isa, w, p, &b);
    CHECK(st == HORDE_OK, "status %d", st);
    return r;
}
static result move(const horde_world *w, float x, float y, float z, float dx, float dy, float dz)
{
    return move_p(w, NULL, x, y, z, dx, dy, dz);
}

#define ISA horde_isa_name(cur_isa)
#define AT(r, X, Y, Z)                                                                      \
    CHECK((r).x == (X) && (r).y == (Y) && (r).z == (Z), "[%s] at %a %a %a, want %a %a %a", ISA, \
          (r).x, (r).y, (r).z, (X), (Y), (Z))
#define FLAGS_ARE(r, want) \
    CHECK((r).f == (want), "[%s] flags %#x, want %#x", ISA, (r).f, (unsigned)(want))

static const uint32_t C = HORDE_FLAG_COLLIDED, G = HORDE_FLAG_ON_GROUND,
                      WL = HORDE_FLAG_HIT_WALL, CE = HORDE_FLAG_HIT_CEILING;

static void floor_wall_corner(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int x = -8; x <= 8; x++)
        for (int z = -8; z <= 8; z++)
            tu_set(&t, x, 0, z, 1); /* floor: top at y = 1 */
    for (int y = 1; y <= 4; y++)
        for (int z = -8; z <= 2; z++)
            tu_set(&t, 5, y, z, 1); /* wall x in [5, 6] up to z = 3 */
    for (int y = 1; y <= 4; y++)
        for (int x = -8; x <= 5; x++)
            tu_set(&t, x, y, 3, 1); /* wall z in [3, 4]: inner corner at (5, 3) */
    const horde_world *w = &t.w;

    /* Sliding along the floor under gravity: (0.5, 1 + S) + (0.3, -0.2, 0) = (0.8,
     * 0.80098) in block (0, 0, 0); nearest free: up, hi_y = 0.19902 (edges >= 0.21, the
     * level below is free too but 0.80098 away). Lands on the top + skin, x kept. */
    result r = move(w, 0.5f, 1.0f + S, 0.5f, 0.3f, -0.2f, 0.0f);
    AT(r, 0.5f + 0.3f, 1.0f + S, 0.5f);
    FLAGS_ARE(r, C | G);
    CHECK(r.dx == r.x - 0.5f && r.dy == 0.0f && r.dz == 0.0f, "[%s] displacement", ISA);
    /* A falling point lands; a point walking on the floor without gravity never touches it. */
    r = move(w, 0.5f, 2.5f, 0.5f, 0.0f, -2.0f, 0.0f);
    AT(r, 0.5f, 1.0f + S, 0.5f);
    FLAGS_ARE(r, C | G);
    r = move(w, 0.5f, 1.0f + S, 0.5f, 1.5f, 0.0f, 0.75f); /* 4 exact substeps */
    AT(r, 2.0f, 1.0f + S, 1.25f);
    FLAGS_ARE(r, 0u);
    /* Sixty frames of walking at 5 blocks/s (+x) and falling 0.1 per frame: on the ground
     * every frame, then stopped by the wall at x = 5 (x = 5 - S, once reached). */
    float x = 0.5f, y = 1.0f + S;
    for (int f = 0; f < 60; f++) {
        r = move(w, x, y, 0.5f, 5.0f / 60.0f, -0.1f, 0.0f);
        x = r.x, y = r.y;
        CHECK(y == 1.0f + S && (r.f & G), "[%s] frame %d: y %a flags %#x", ISA, f, y, r.f);
    }
    CHECK(x == 5.0f - S && (r.f & WL), "[%s] walked into the wall: x %a", ISA, x);

    /* A wall: (4.9, 1.5, 0.5) + (0.2, 0, 0.1) = (5.1, 1.5, 0.6) in wall block (5, 1, 0):
     * lo_x = 0.1 beats everything: back to x = 5 - S, sliding on in z. */
    r = move(w, 4.9f, 1.5f, 0.5f, 0.2f, 0.0f, 0.1f);
    AT(r, 5.0f - S, 1.5f, 0.5f + 0.1f);
    FLAGS_ARE(r, C | WL);
    /* Moving exactly along the wall face (x = 5 - S): never touches it. */
    r = move(w, 5.0f - S, 1.5f, -2.5f, 0.0f, 0.0f, 1.5f);
    AT(r, 5.0f - S, 1.5f, -1.0f);
    FLAGS_ARE(r, 0u);
    /* Into the wall and the floor at once: (4.9, 1.05) + (0.2, -0.1) = (5.1, 0.95) in
     * block (5, 0, 0) (floor under the wall). x- is floor, up is wall: the edge (-1, +1, 0)
     * at max(0.1, 0.05) + 0.01 = 0.11 wins (other faces: z 0.5, down 0.95). */
    r = move(w, 4.9f, 1.05f, 0.5f, 0.2f, -0.1f, 0.0f);
    AT(r, 5.0f - S, 1.0f + S, 0.5f);
    FLAGS_ARE(r, C | WL | G);
    /* Into the inner corner: (4.9, 1.5, 2.9) + (0.2, 0, 0.2) = (5.1, 1.5, 3.1) in corner
     * block (5, 1, 3); faces x- and z- are wall, y faces 0.5 away: edge (-1, 0, -1) at
     * max(0.1, 0.1) + 0.01 = 0.11. */
    r = move(w, 4.9f, 1.5f, 2.9f, 0.2f, 0.0f, 0.2f);
    AT(r, 5.0f - S, 1.5f, 3.0f - S);
    FLAGS_ARE(r, C | WL);
    tu_world_free(&t);
}

static void corridor(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int x = -8; x <= 8; x++)
        for (int y = 0; y <= 2; y++)
            for (int z = -1; z <= 1; z++)
                tu_set(&t, x, y, z, y != 1 || z != 0); /* open only: y = 1, z = 0 */
    const horde_world *w = &t.w;
    /* (3, 1, 0) from (0.5, 1.5, 0.5): k = ceil(3 / 0.4) = 8 substeps of (0.375, 0.125, 0),
     * all exact. Substep 4 reaches y = 2.0 (block 2, solid): lo_y = 0 -> y = 2 - S; the
     * next four each rise 0.125 into the ceiling and come back to 2 - S. */
    result r = move(w, 0.5f, 1.5f, 0.5f, 3.0f, 1.0f, 0.0f);
    AT(r, 3.5f, 2.0f - S, 0.5f);
    FLAGS_ARE(r, C | CE);
    /* Diagonally into the side wall: (0.5, 1.5, 0.5) + (2, 0, 1), k = 5 of (0.4, 0, 0.2):
     * z reaches 1.1 at substep 3 (block z = 1, solid): lo_z = 0.1 -> z = 1 - S, then
     * 1.1984 at substep 4 and 5 (lo_z 0.1984), back to 1 - S. */
    r = move(w, 0.5f, 1.5f, 0.5f, 2.0f, 0.0f, 1.0f);
    CHECK(r.z == 1.0f - S && r.y == 1.5f && fabsf(r.x - 2.5f) < 1e-5f, "[%s] corridor wall %a %a %a",
          ISA, r.x, r.y, r.z);
    FLAGS_ARE(r, C | WL);
    /* Along the corridor, the point never leaves it, whatever it is pushed towards. */
    float x = -7.5f, y = 1.5f, z = 0.5f;
    for (int i = 0; i < 40; i++) {
        r = move(w, x, y, z, 0.37f, i & 1 ? 0.9f : -0.9f, i & 2 ? 0.7f : -0.7f);
        x = r.x, y = r.y, z = r.z;
        CHECK(y >= 1.0f && y < 2.0f && z >= 0.0f && z < 1.0f, "[%s] left the corridor %a %a", ISA, y, z);
    }
    tu_world_free(&t);
}

static void starts_and_special_moves(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    tu_set(&t, 0, 0, 0, 1); /* the cube [0, 1]^3 */
    const horde_world *w = &t.w;

    /* Start inside, 0.1 below the top, no move: corrected first, up to 1 + S. */
    result r = move(w, 0.5f, 0.9f, 0.5f, 0.0f, 0.0f, 0.0f);
    AT(r, 0.5f, 1.0f + S, 0.5f);
    FLAGS_ARE(r, C | G);
    /* Start at the centre: all six faces 0.5 away, the first in the documented order
     * (x outer, z, y inner: (-1, 0, 0) comes before every other face) wins. */
    r = move(w, 0.5f, 0.5f, 0.5f, 0.0f, 0.0f, 0.0f);
    AT(r, -S, 0.5f, 0.5f);
    FLAGS_ARE(r, C | WL);
    /* y and z faces tie (0.25): z- (iz = -1 comes first), not y- or y+. */
    r = move(w, 0.5f, 0.25f, 0.25f, 0.0f, 0.0f, 0.0f);
    AT(r, 0.5f, 0.25f, -S);
    /* Start inside, then move: (0.5, 0.2, 0.5) -> down, lo_y = 0.2: y = -S; then the move
     * (0.3, -0.3, 0) happens from there in free space. */
    r = move(w, 0.5f, 0.2f, 0.5f, 0.3f, -0.3f, 0.0f);
    AT(r, 0.5f + 0.3f, -S + -0.3f, 0.5f);
    FLAGS_ARE(r, C | CE);

    /* Zero move in free space: bits unchanged, nothing reported. */
    r = move(w, 3.25f, -1.5f, 7.125f, 0.0f, -0.0f, 0.0f);
    AT(r, 3.25f, -1.5f, 7.125f);
    FLAGS_ARE(r, 0u);
    CHECK(r.dx == 0.0f && r.dy == 0.0f && r.dz == 0.0f, "[%s] zero displacement", ISA);
    /* Huge move: q = 1000 / 0.4 > 64: scaled to 64 * 0.4 = 25.6 along x, 64 substeps. */
    r = move(w, 2.5f, 2.5f, 2.5f, 1000.0f, 0.0f, -500.0f);
    CHECK(fabsf(r.x - (2.5f + 25.6f)) < 1e-4f && r.y == 2.5f && fabsf(r.z - (2.5f - 12.8f)) < 1e-4f,
          "[%s] truncated %a %a", ISA, r.x, r.z);
    FLAGS_ARE(r, HORDE_FLAG_TRUNCATED);
    /* Exactly 64 * 0.4 is not truncated (q = 64). */
    r = move(w, 2.5f, 2.5f, 2.5f, 25.6f, 0.0f, 0.0f);
    FLAGS_ARE(r, 0u);
    /* Huge move into the cube: still no tunnelling (step 0.4 < 0.5). */
    r = move(w, -3.5f, 0.5f, 0.5f, 1e30f, 0.0f, 0.0f);
    AT(r, -S, 0.5f, 0.5f);
    FLAGS_ARE(r, C | WL | HORDE_FLAG_TRUNCATED);
    /* max_substeps 1 and a short step: one substep of at most 0.1 per axis. */
    horde_point_move_params p;
    horde_point_move_params_default(&p);
    p.step = 0.1f, p.max_substeps = 1;
    r = move_p(w, &p, 2.5f, 2.5f, 2.5f, 0.0f, 0.5f, 0.0f);
    CHECK(r.y == 2.5f + 0.1f && r.f == HORDE_FLAG_TRUNCATED, "[%s] 1 substep %a %#x", ISA, r.y, r.f);
    /* skin 0: a lower face lands on the largest float below it, an upper face on it. */
    horde_point_move_params_default(&p);
    p.skin = 0.0f;
    r = move_p(w, &p, 0.5f, 0.5f, 0.5f, 0.0f, 0.0f, 0.0f);
    AT(r, -0x1p-149f, 0.5f, 0.5f);
    r = move_p(w, &p, 0.5f, 0.9f, 0.5f, 0.0f, 0.0f, 0.0f);
    AT(r, 0.5f, 1.0f, 0.5f);
    FLAGS_ARE(r, C | G);
    r = move_p(w, &p, 0.2f, 0.5f, 0.5f, 0.0f, 0.0f, 0.0f); /* x- at face 0 */
    AT(r, -0x1p-149f, 0.5f, 0.5f);
    tu_world_free(&t);
}

static void stuck_and_invalid(void)
{
    horde_world full;
    CHECK(horde_world_init(&full, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_SOLID) == HORDE_OK, "init");
    /* Everything solid: stuck at the start, left there, nothing moved. */
    result r = move(&full, 0.5f, 0.5f, 0.5f, 1.0f, 0.0f, 0.0f);
    AT(r, 0.5f, 0.5f, 0.5f);
    FLAGS_ARE(r, HORDE_FLAG_STUCK | C);
    CHECK(r.dx == 0.0f && r.dy == 0.0f && r.dz == 0.0f, "[%s] stuck displacement", ISA);

    horde_world empty;
    CHECK(horde_world_init(&empty, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_EMPTY) == HORDE_OK, "init");
    /* Invalid lanes: input bits back, zero displacement, INVALID alone; the valid lanes
     * of the same batch are unaffected. */
    const float big = 1048576.0f;
    float x[8] = {NAN, 1.5f, 0.5f, nextafterf(big, INFINITY), 0.5f, -big, 0.5f, 2.5f};
    float y[8] = {0.5f, 0.5f, INFINITY, 0.5f, 0.5f, 0.5f, -INFINITY, 0.5f};
    float z[8] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, big};
    float dx[8] = {0, 0.25f, 0, 0, NAN, 0.25f, 0, 0};
    float dy[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    float dz[8] = {0, 0, 0, 0, 0, 0, 0, -INFINITY};
    float ox[8], oy[8], oz[8], odx[8], ody[8], odz[8];
    uint32_t of[8];
    horde_point_move_batch b = {x, y, z, dx, dy, dz, ox, oy, oz, odx, ody, odz, of, 8};
    CHECK(horde_point_move_isa(cur_isa, &empty, NULL, &b) == HORDE_OK, "status");
    const int valid[8] = {0, 1, 0, 0, 0, 1, 0, 0};
    for (int i = 0; i < 8; i++) {
        if (valid[i]) {
            CHECK(of[i] == 0 && ox[i] == x[i] + 0.25f && oy[i] == y[i], "[%s] lane %d", ISA, i);
        } else {
            CHECK(of[i] == HORDE_FLAG_INVALID && !memcmp(&ox[i], &x[i], 4) &&
                      !memcmp(&oy[i], &y[i], 4) && !memcmp(&oz[i], &z[i], 4) && odx[i] == 0.0f &&
                      ody[i] == 0.0f && odz[i] == 0.0f,
                  "[%s] invalid lane %d: flags %#x", ISA, i, of[i]);
        }
    }
}

static void chunk_borders(void)
{
    tu_world t;
    tu_world_make(&t, -1, -1, -1, 3, 3, 3, HORDE_MISSING_EMPTY);
    for (int y = 0; y <= 40; y++)
        for (int z = -4; z <= 4; z++)
            tu_set(&t, 32, y, z, 1), tu_set(&t, -1, y, z, 1); /* walls x = 32 and x = -1 */
    for (int x = 10; x <= 20; x++)
        for (int z = 10; z <= 20; z++)
            tu_set(&t, x, 31, z, 1), tu_set(&t, x, -1, z, 1); /* floors, tops y = 32 and 0 */
    const horde_world *w = &t.w;
    result r = move(w, 31.9f, 5.5f, 0.5f, 0.2f, 0.0f, 0.0f); /* into chunk 1's first block */
    AT(r, 32.0f - S, 5.5f, 0.5f);
    FLAGS_ARE(r, C | WL);
    r = move(w, 0.1f, 5.5f, 0.5f, -0.2f, 0.0f, 0.0f); /* into chunk -1's last block */
    AT(r, 0.0f + S, 5.5f, 0.5f);
    FLAGS_ARE(r, C | WL);
    r = move(w, 15.5f, 32.2f, 15.5f, 0.0f, -0.3f, 0.0f); /* onto a floor at the top of layer 0 */
    AT(r, 15.5f, 32.0f + S, 15.5f);
    FLAGS_ARE(r, C | G);
    r = move(w, 15.5f, 0.2f, 15.5f, 0.0f, -0.3f, 0.0f); /* onto layer -1's top block */
    AT(r, 15.5f, 0.0f + S, 15.5f);
    FLAGS_ARE(r, C | G);
    /* Blocks at the window corner across chunk borders in x and z: corner (31, 5, 31)
     * region: walls at x = 32 end at z = 4, so (31.9, 5.5, 31.9) moving (+0.2, 0, +0.2)
     * is free space in chunk (1, 0, 1). */
    r = move(w, 31.9f, 5.5f, 31.9f, 0.2f, 0.0f, 0.2f);
    FLAGS_ARE(r, 0u);
    tu_world_free(&t);
}

/* Just below 2^20 one ulp is 1/16: face - S rounds back onto the face, so the point goes
 * to the next float below it instead (face - 1/16); face + S rounds onto the face, which
 * is already in the free block above. */
static void large_coordinates(void)
{
    tu_world t;
    tu_world_make(&t, 32767, -1, -1, 1, 3, 3, HORDE_MISSING_EMPTY); /* x in [2^20 - 32, 2^20) */
    tu_set(&t, 1048566, 1, 0, 1), tu_set(&t, 1048560, 1, 0, 1);
    result r = move(&t.w, 1048565.5f, 1.5f, 0.5f, 0.75f, 0.0f, 0.0f);
    /* substeps of 0.375: 1048565.875, then 1048566.25 in the wall: lo_x = 0.25. */
    AT(r, 1048565.9375f, 1.5f, 0.5f);
    FLAGS_ARE(r, C | WL);
    r = move(&t.w, 1048561.5f, 1.5f, 0.5f, -0.75f, 0.0f, 0.0f);
    AT(r, 1048561.0f, 1.5f, 0.5f);
    FLAGS_ARE(r, C | WL);
    tu_world_free(&t);
    tu_world_make(&t, -32768, -1, -1, 1, 3, 3, HORDE_MISSING_EMPTY); /* x in [-2^20, -2^20 + 32) */
    tu_set(&t, -1048566, 1, 0, 1);
    r = move(&t.w, -1048566.5f, 1.5f, 0.5f, 0.75f, 0.0f, 0.0f);
    AT(r, -1048566.0625f, 1.5f, 0.5f); /* below the face -1048566: more negative */
    r = move(&t.w, -1048564.5f, 1.5f, 0.5f, -0.75f, 0.0f, 0.0f);
    AT(r, -1048565.0f, 1.5f, 0.5f);
    tu_world_free(&t);
}

static void api_errors(void)
{
    horde_world w;
    horde_world_init(&w, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_EMPTY);
    float v = 0.5f, o[6];
    uint32_t f;
    horde_point_move_batch b = {&v, &v, &v, &v, &v, &v, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &f, 1};
    horde_point_move_params p;
    horde_point_move_params_default(&p);
    CHECK(p.step == 0.4f && p.skin == 1.0f / 1024.0f && p.max_substeps == 64, "defaults");
    CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_OK, "ok");
    const float bad_step[] = {0.0f, -0.1f, 0.41f, NAN, INFINITY};
    for (int i = 0; i < 5; i++) {
        horde_point_move_params_default(&p);
        p.step = bad_step[i];
        CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_ERR_BAD_PARAMS, "step %g", bad_step[i]);
    }
    const float bad_skin[] = {-0x1p-30f, 0.2501f, NAN};
    for (int i = 0; i < 3; i++) {
        horde_point_move_params_default(&p);
        p.skin = bad_skin[i];
        CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_ERR_BAD_PARAMS, "skin %g", bad_skin[i]);
    }
    horde_point_move_params_default(&p);
    p.max_substeps = 0;
    CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_ERR_BAD_PARAMS, "max_substeps 0");
    p.max_substeps = 4097;
    CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_ERR_BAD_PARAMS, "max_substeps 4097");
    p.max_substeps = 4096, p.skin = 0.25f, p.step = 0x1p-20f;
    CHECK(horde_point_move_isa(cur_isa, &w, &p, &b) == HORDE_OK, "extreme valid params");
    CHECK(horde_point_move_isa(cur_isa, &w, NULL, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
    CHECK(horde_point_move_isa(cur_isa, NULL, NULL, &b) == HORDE_ERR_NULL_ARG, "NULL world");
    horde_point_move_batch nb = b;
    nb.dy = NULL;
    CHECK(horde_point_move_isa(cur_isa, &w, NULL, &nb) == HORDE_ERR_NULL_ARG, "NULL dy");
    nb = b;
    nb.out_dz = NULL; /* displacement outputs: all or none */
    CHECK(horde_point_move_isa(cur_isa, &w, NULL, &nb) == HORDE_ERR_NULL_ARG, "partial out_d");
    nb.out_dx = nb.out_dy = NULL;
    CHECK(horde_point_move_isa(cur_isa, &w, NULL, &nb) == HORDE_OK, "no out_d");
    horde_point_move_batch zero = {0};
    CHECK(horde_point_move_isa(cur_isa, &w, NULL, &zero) == HORDE_OK, "n = 0 touches nothing");
    CHECK(horde_point_move_isa((horde_isa)99, &w, NULL, &b) == HORDE_ERR_UNKNOWN_ISA, "bad isa");
}

int main(void)
{
    TU_RUN_CASES(cur_isa, floor_wall_corner, corridor, starts_and_special_moves, stuck_and_invalid,
                 chunk_borders, large_coordinates, api_errors);
    CHECK(horde_point_move(NULL, NULL, NULL) == HORDE_ERR_NULL_ARG, "active backend entry");
    return tu_finish("known_point_move");
}
