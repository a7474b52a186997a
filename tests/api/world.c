/* SPDX-License-Identifier: MIT */
/* Chunks and world views (world.h), checked against an independent model: plain byte
 * arrays of the blocks the test set, and floor division done in 64-bit arithmetic.
 *
 * Usage: test_world [--seed=N]   (the seed is printed; failures quote it) */
#include <inttypes.h>
#include <limits.h>

#include "testutil.h"

#define CS HORDE_CHUNK_SIZE
#define CHUNK_BLOCKS (CS * CS * CS)

static uint64_t seed = 20261121;

static size_t bidx(int x, int y, int z) { return (size_t)x + CS * ((size_t)z + CS * (size_t)y); }

/* The documented layout: rows[y][z] bit x. */
static int layout_bit(const horde_chunk *c, int x, int y, int z)
{
    return (int)((c->rows[y][z] >> x) & 1u);
}

/* Compare a chunk with a model through get() and through the documented layout. Returns
 * the number of mismatching blocks (reports the first few). */
static int chunk_matches(const horde_chunk *c, const uint8_t *model, const char *what)
{
    int bad = 0;
    for (int y = 0; y < CS; y++)
        for (int z = 0; z < CS; z++)
            for (int x = 0; x < CS; x++) {
                const int want = model[bidx(x, y, z)] != 0;
                const int got = horde_chunk_get(c, x, y, z) != 0;
                const int lay = layout_bit(c, x, y, z);
                if (got != want || lay != want) {
                    if (bad < 5)
                        fprintf(stderr, "  %s (seed=%" PRIu64 "): block (%d,%d,%d) get=%d "
                                        "layout=%d model=%d\n",
                                what, seed, x, y, z, got, lay, want);
                    bad++;
                }
            }
    CHECK(bad == 0, "%s: %d blocks differ from the model", what, bad);
    return bad;
}

static const int bad_coords[] = {-1, CS, CS + 1, -CS, 1000, -1000, INT_MIN, INT_MAX, INT_MIN + 1};
enum { N_BAD = sizeof bad_coords / sizeof bad_coords[0] };

static void chunk_basics(void)
{
    static horde_chunk c, copy;
    horde_chunk_fill(&c);
    int ones = 1;
    for (int y = 0; y < CS; y++)
        for (int z = 0; z < CS; z++)
            ones &= c.rows[y][z] == 0xffffffffu;
    CHECK(ones, "fill left a row that is not all ones");
    for (int y = 0; y < CS; y++)
        for (int z = 0; z < CS; z++)
            for (int x = 0; x < CS; x++)
                if (!horde_chunk_get(&c, x, y, z)) {
                    CHECK(0, "filled chunk: block (%d,%d,%d) reads empty", x, y, z);
                    y = z = x = CS;
                }
    /* Out-of-range reads are 0 even on a full chunk; out-of-range writes do nothing. */
    copy = c;
    for (int i = 0; i < N_BAD; i++)
        for (int j = 0; j < 3; j++) {
            int p[3] = {5, 6, 7};
            p[j] = bad_coords[i];
            CHECK(horde_chunk_get(&c, p[0], p[1], p[2]) == 0, "get(%d,%d,%d) on a full chunk",
                  p[0], p[1], p[2]);
            horde_chunk_set(&c, p[0], p[1], p[2], 0);
        }
    CHECK(!memcmp(&c, &copy, sizeof c), "out-of-range clear changed a full chunk");

    horde_chunk_clear(&c);
    int zeros = 1;
    for (int y = 0; y < CS; y++)
        for (int z = 0; z < CS; z++)
            zeros &= c.rows[y][z] == 0;
    CHECK(zeros, "clear left a non-zero row");
    copy = c;
    for (int i = 0; i < N_BAD; i++)
        for (int j = 0; j < 3; j++) {
            int p[3] = {31, 0, 31};
            p[j] = bad_coords[i];
            horde_chunk_set(&c, p[0], p[1], p[2], 1);
        }
    CHECK(!memcmp(&c, &copy, sizeof c), "out-of-range set changed an empty chunk");

    /* Corners and the sign bit of a row (bit 31). */
    horde_chunk_set(&c, 31, 31, 31, 1);
    horde_chunk_set(&c, 0, 0, 0, 7); /* any non-zero value means solid */
    CHECK(c.rows[31][31] == 0x80000000u && c.rows[0][0] == 1u, "corner bits %#x %#x",
          (unsigned)c.rows[31][31], (unsigned)c.rows[0][0]);
    CHECK(horde_chunk_get(&c, 31, 31, 31) && horde_chunk_get(&c, 0, 0, 0), "corners read empty");
    CHECK(!horde_chunk_get(&c, 30, 31, 31) && !horde_chunk_get(&c, 1, 0, 0), "neighbours solid");
    horde_chunk_set(&c, 31, 31, 31, 0);
    horde_chunk_set(&c, 0, 0, 0, 0);
    CHECK(!memcmp(&c, &copy, sizeof c), "set then clear is not the identity");
}

static void chunk_random(void)
{
    static horde_chunk c, d;
    static uint8_t model[CHUNK_BLOCKS], bytes[CHUNK_BLOCKS];
    tu_rng g = {seed ^ 0x1111};
    for (int round = 0; round < 4; round++) {
        /* Start from empty, full, or a random from_bytes pattern. */
        if (round == 1) {
            horde_chunk_fill(&c);
            memset(model, 1, sizeof model);
        } else if (round >= 2) {
            const uint32_t density = round == 2 ? 30 : 70;
            for (size_t i = 0; i < CHUNK_BLOCKS; i++)
                model[i] = tu_below(&g, 100) < density ? (uint8_t)(1 + tu_below(&g, 255)) : 0;
            horde_chunk_from_bytes(&c, model);
        } else {
            horde_chunk_clear(&c);
            memset(model, 0, sizeof model);
        }
        chunk_matches(&c, model, "start");
        /* Random set/clear, a tenth of them out of range. */
        for (int op = 0; op < 200000; op++) {
            int x = (int)tu_below(&g, CS + 6) - 3, y = (int)tu_below(&g, CS + 6) - 3,
                z = (int)tu_below(&g, CS + 6) - 3;
            static const int values[] = {0, 1, 0, 2, -1, 255, 0, INT_MIN};
            const int v = values[tu_below(&g, 8)];
            horde_chunk_set(&c, x, y, z, v);
            if (x >= 0 && x < CS && y >= 0 && y < CS && z >= 0 && z < CS)
                model[bidx(x, y, z)] = v != 0;
            if ((op & 4095) == 0) {
                const int got = horde_chunk_get(&c, x, y, z) != 0;
                const int in = x >= 0 && x < CS && y >= 0 && y < CS && z >= 0 && z < CS;
                CHECK(got == (in && v != 0), "get right after set(%d,%d,%d,%d) = %d", x, y, z,
                      v, got);
            }
        }
        if (chunk_matches(&c, model, "after random set/clear"))
            continue;
        /* from_bytes of the model rebuilds the same bits; any non-zero byte is solid. */
        for (size_t i = 0; i < CHUNK_BLOCKS; i++)
            bytes[i] = model[i] ? (uint8_t)(1 + tu_below(&g, 255)) : 0;
        memset(&d, 0x5a, sizeof d); /* from_bytes must overwrite everything */
        horde_chunk_from_bytes(&d, bytes);
        CHECK(!memcmp(&c, &d, sizeof c), "from_bytes differs from set/get (round %d)", round);
        chunk_matches(&d, model, "from_bytes");
    }
}

/* ---- world views --------------------------------------------------------------------- */

static int64_t floor_div(int64_t v, int64_t d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }

typedef struct {
    int32_t ox, oy, oz, nx, ny, nz;
    horde_missing missing;
    const uint8_t *const *cells; /* model bytes per grid cell, NULL for a NULL chunk */
} world_model;

static int model_solid(const world_model *m, int32_t bx, int32_t by, int32_t bz)
{
    const int64_t gx = floor_div(bx, CS) - m->ox, gy = floor_div(by, CS) - m->oy,
                  gz = floor_div(bz, CS) - m->oz;
    if (gx < 0 || gy < 0 || gz < 0 || gx >= m->nx || gy >= m->ny || gz >= m->nz)
        return m->missing == HORDE_MISSING_SOLID;
    const uint8_t *cell = m->cells[gx + m->nx * (gz + m->nz * gy)];
    if (!cell)
        return m->missing == HORDE_MISSING_SOLID;
    const int lx = (int)((int64_t)bx - floor_div(bx, CS) * CS);
    const int ly = (int)((int64_t)by - floor_div(by, CS) * CS);
    const int lz = (int)((int64_t)bz - floor_div(bz, CS) * CS);
    return cell[bidx(lx, ly, lz)] != 0;
}

static int solid_matches(const horde_world *w, const world_model *m, int32_t x, int32_t y,
                         int32_t z, const char *what)
{
    const int got = horde_world_solid(w, x, y, z) != 0;
    const int want = model_solid(m, x, y, z);
    if (got != want) {
        CHECK(got == want, "%s (seed=%" PRIu64 ", origin %d,%d,%d, missing=%s): solid(%" PRId32 ",%" PRId32
                 ",%" PRId32 ") = %d, model %d",
              what, seed, m->ox, m->oy, m->oz, m->missing ? "solid" : "empty", x, y, z, got, want);
        return 0;
    }
    tu_checks++;
    return 1;
}

static const int32_t extremes[] = {INT32_MIN,     INT32_MIN + 1, INT32_MIN + 31, INT32_MIN + 32,
                                   -1048577,      -33,           -32,            -1,
                                   0,             31,            32,             1048576,
                                   INT32_MAX - 32, INT32_MAX - 31, INT32_MAX - 1,  INT32_MAX};
enum { N_EXT = sizeof extremes / sizeof extremes[0] };

/* A grid of chunks with random contents, some cells NULL; every block of the grid plus a
 * margin beyond each face is compared with the model under both missing policies, and
 * so are far-away and extreme coordinates. */
static void world_grid(int32_t ox, int32_t oy, int32_t oz, int32_t nx, int32_t ny, int32_t nz,
                       const int *null_cells, int n_null, int margin, const char *what)
{
    const int n = nx * ny * nz;
    horde_chunk *chunks = calloc((size_t)n, sizeof *chunks);
    const horde_chunk **ptrs = calloc((size_t)n, sizeof *ptrs);
    uint8_t *bytes = calloc((size_t)n, CHUNK_BLOCKS);
    const uint8_t **cells = calloc((size_t)n, sizeof *cells);
    if (!chunks || !ptrs || !bytes || !cells) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    tu_rng g = {seed ^ (uint64_t)(uint32_t)ox ^ ((uint64_t)(uint32_t)oy << 20) ^
                ((uint64_t)(uint32_t)oz << 40)};
    for (int i = 0; i < n; i++) {
        uint8_t *b = bytes + (size_t)i * CHUNK_BLOCKS;
        const uint32_t density = 10 + tu_below(&g, 60);
        for (size_t k = 0; k < CHUNK_BLOCKS; k++)
            b[k] = tu_below(&g, 100) < density;
        /* Solid chunk borders make seams visible: the faces x = 0 and z = 31. */
        for (int y = 0; y < CS; y += 3)
            for (int t = 0; t < CS; t++) {
                b[bidx(0, y, t)] = 1;
                b[bidx(t, y, 31)] = 1;
            }
        if (i % 2) {
            horde_chunk_from_bytes(&chunks[i], b);
        } else {
            horde_chunk_clear(&chunks[i]);
            for (int y = 0; y < CS; y++)
                for (int z = 0; z < CS; z++)
                    for (int x = 0; x < CS; x++)
                        horde_chunk_set(&chunks[i], x, y, z, b[bidx(x, y, z)]);
        }
        ptrs[i] = &chunks[i];
        cells[i] = b;
    }
    for (int k = 0; k < n_null; k++) {
        ptrs[null_cells[k]] = NULL;
        cells[null_cells[k]] = NULL;
    }

    for (int pol = 0; pol < 2; pol++) {
        const horde_missing missing = pol ? HORDE_MISSING_SOLID : HORDE_MISSING_EMPTY;
        horde_world w;
        int st = horde_world_init(&w, ptrs, ox, oy, oz, nx, ny, nz, missing);
        CHECK(st == HORDE_OK, "%s: init %d", what, st);
        if (st != HORDE_OK)
            continue;
        CHECK(horde_world_check(&w) == HORDE_OK, "%s: check", what);
        const world_model m = {ox, oy, oz, nx, ny, nz, missing, cells};
        int bad = 0;
        if (margin >= 0) {
            const int64_t x0 = (int64_t)ox * CS - margin, x1 = ((int64_t)ox + nx) * CS + margin;
            const int64_t y0 = (int64_t)oy * CS - margin, y1 = ((int64_t)oy + ny) * CS + margin;
            const int64_t z0 = (int64_t)oz * CS - margin, z1 = ((int64_t)oz + nz) * CS + margin;
            for (int64_t y = y0; y < y1 && bad < 10; y++)
                for (int64_t z = z0; z < z1 && bad < 10; z++)
                    for (int64_t x = x0; x < x1 && bad < 10; x++) {
                        if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX ||
                            z < INT32_MIN || z > INT32_MAX)
                            continue;
                        bad += !solid_matches(&w, &m, (int32_t)x, (int32_t)y, (int32_t)z, what);
                    }
        }
        /* Extreme coordinates in every combination, and random far-away ones. */
        for (int i = 0; i < N_EXT && bad < 10; i++)
            for (int j = 0; j < N_EXT && bad < 10; j++)
                for (int k = 0; k < N_EXT && bad < 10; k++)
                    bad += !solid_matches(&w, &m, extremes[i], extremes[j], extremes[k], what);
        for (int i = 0; i < 100000 && bad < 10; i++)
            bad += !solid_matches(&w, &m, (int32_t)(uint32_t)tu_next(&g),
                                  (int32_t)(uint32_t)tu_next(&g), (int32_t)(uint32_t)tu_next(&g),
                                  what);
        /* The view reads the caller's chunks live: edit one and look again. */
        for (int i = 0; i < n && bad < 10; i++) {
            if (!ptrs[i])
                continue;
            const int gx = i % nx, gz = (i / nx) % nz, gy = i / (nx * nz);
            const int lx = (int)tu_below(&g, CS), ly = (int)tu_below(&g, CS), lz = (int)tu_below(&g, CS);
            uint8_t *b = bytes + (size_t)i * CHUNK_BLOCKS;
            b[bidx(lx, ly, lz)] ^= 1;
            horde_chunk_set(&chunks[i], lx, ly, lz, b[bidx(lx, ly, lz)]);
            const int32_t bx = (int32_t)(((int64_t)ox + gx) * CS + lx);
            const int32_t by = (int32_t)(((int64_t)oy + gy) * CS + ly);
            const int32_t bz = (int32_t)(((int64_t)oz + gz) * CS + lz);
            bad += !solid_matches(&w, &m, bx, by, bz, "after editing a chunk");
        }
    }
    free(chunks), free(ptrs), free(bytes), free(cells);
}

static void world_views(void)
{
    /* 3 x 2 x 3 with negative origins, two NULL cells (one per layer). */
    const int nulls[] = {4, 13};
    world_grid(-2, -1, -1, 3, 2, 3, nulls, 2, 33, "3x2x3 at (-2,-1,-1)");
    world_grid(1, -3, -2, 3, 2, 3, nulls, 2, 33, "3x2x3 at (1,-3,-2)");
    /* The same grid with no NULL cells and with only NULL cells. */
    world_grid(-1, 0, -4, 3, 2, 3, NULL, 0, 33, "3x2x3 full at (-1,0,-4)");
    const int all[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    world_grid(0, 0, 0, 3, 2, 3, all, 18, 33, "3x2x3 all NULL");
    /* Grids at the ends of the int32 block range: blocks INT32_MIN / INT32_MAX are inside. */
    world_grid(INT32_MIN / CS, INT32_MAX / CS - 1, -1, 2, 2, 2, NULL, 0, 33, "int32 corners");
    world_grid(INT32_MAX / CS - 2, INT32_MIN / CS, INT32_MAX / CS - 1, 3, 1, 2, nulls, 1, 16,
               "int32 corners 2");
    /* Origins whose chunks no int32 block coordinate reaches (only extremes/random). */
    world_grid(INT32_MAX - 2, INT32_MIN, 0, 3, 1, 1, NULL, 0, -1, "unreachable origin");
    world_grid(INT32_MIN, INT32_MAX - 1, INT32_MIN, 1, 2, 1, NULL, 0, -1, "unreachable origin 2");
}

static void world_empty_grids(void)
{
    /* n = 0 grids are valid with a NULL array and read as the policy everywhere. */
    const int32_t dims[][3] = {{0, 0, 0}, {0, 5, 5}, {5, 0, 5}, {5, 5, 0}, {0, INT32_MAX, INT32_MAX}};
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++)
        for (int pol = 0; pol < 2; pol++) {
            horde_world w;
            const horde_missing missing = pol ? HORDE_MISSING_SOLID : HORDE_MISSING_EMPTY;
            int st = horde_world_init(&w, NULL, -3, 4, -5, dims[d][0], dims[d][1], dims[d][2],
                                      missing);
            CHECK(st == HORDE_OK, "empty grid %dx%dx%d with NULL chunks: %d", dims[d][0],
                  dims[d][1], dims[d][2], st);
            if (st != HORDE_OK)
                continue;
            int ok = 1;
            for (int i = 0; i < N_EXT; i++)
                for (int j = 0; j < N_EXT; j++)
                    ok &= (horde_world_solid(&w, extremes[i], extremes[j], extremes[(i + j) % N_EXT]) != 0) == pol;
            for (int x = -100; x < 100; x += 3)
                for (int y = 100; y < 300; y += 7)
                    ok &= (horde_world_solid(&w, x, y, -160 + x) != 0) == pol;
            CHECK(ok, "empty grid %dx%dx%d does not read as missing=%d", dims[d][0], dims[d][1],
                  dims[d][2], pol);
        }
}

static void world_init_errors(void)
{
    static horde_chunk c;
    const horde_chunk *one[1] = {&c};
    horde_world w;
    CHECK(horde_world_init(NULL, one, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY) == HORDE_ERR_NULL_ARG,
          "NULL view");
    CHECK(horde_world_init(NULL, NULL, 0, 0, 0, 0, 0, 0, HORDE_MISSING_EMPTY) == HORDE_ERR_NULL_ARG,
          "NULL view, empty grid");
    CHECK(horde_world_init(&w, NULL, 0, 0, 0, 1, 1, 1, HORDE_MISSING_EMPTY) == HORDE_ERR_NULL_ARG,
          "NULL chunks, 1x1x1");
    CHECK(horde_world_init(&w, NULL, 0, 0, 0, 3, 2, 3, HORDE_MISSING_SOLID) == HORDE_ERR_NULL_ARG,
          "NULL chunks, 3x2x3");
    const int32_t neg[] = {-1, -32, INT32_MIN};
    for (int i = 0; i < 3; i++)
        for (int axis = 0; axis < 3; axis++) {
            int32_t d[3] = {1, 1, 1};
            d[axis] = neg[i];
            CHECK(horde_world_init(&w, one, 0, 0, 0, d[0], d[1], d[2], HORDE_MISSING_EMPTY) ==
                      HORDE_ERR_BAD_WORLD,
                  "negative dims %d %d %d", d[0], d[1], d[2]);
            d[(axis + 1) % 3] = 0; /* a zero elsewhere does not make it valid */
            CHECK(horde_world_init(&w, one, 0, 0, 0, d[0], d[1], d[2], HORDE_MISSING_EMPTY) ==
                      HORDE_ERR_BAD_WORLD,
                  "negative dims %d %d %d", d[0], d[1], d[2]);
        }
    CHECK(horde_world_init(&w, one, 0, 0, 0, 1, 1, 1, (horde_missing)2) == HORDE_ERR_BAD_WORLD,
          "bad missing policy");
    CHECK(horde_world_init(&w, one, 0, 0, 0, 1, 1, 1, (horde_missing)-1) == HORDE_ERR_BAD_WORLD,
          "bad missing policy -1");
    /* Pointer counts past int32 (init reads no chunk pointer, so one[] is enough). */
    struct { int32_t x, y, z; int ok; } dims[] = {
        {2000, 2000, 2000, 0},          /* 8e9 */
        {46341, 46341, 1, 0},           /* 2147488281 */
        {65536, 32768, 1, 0},           /* 2^31 */
        {INT32_MAX, 2, 1, 0},
        {1, 1, INT32_MAX, 1},           /* exactly INT32_MAX pointers */
        {46340, 46340, 1, 1},           /* 2147395600 */
        {1290, 1290, 1290, 1},          /* 2146689000 */
        {1291, 1291, 1291, 0},          /* 2151685171 */
        /* a zero size makes the grid empty, in any position (was: only when first) */
        {46341, 46341, 0, 1},
        {0, 46341, 46341, 1},
        {46341, 0, 46341, 1},
        {INT32_MAX, INT32_MAX, 0, 1},
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        const int st = horde_world_init(&w, one, 0, 0, 0, dims[i].x, dims[i].y, dims[i].z,
                                        HORDE_MISSING_EMPTY);
        CHECK(st == (dims[i].ok ? HORDE_OK : HORDE_ERR_BAD_WORLD), "init %" PRId32 "x%" PRId32
              "x%" PRId32 " = %d", dims[i].x, dims[i].y, dims[i].z, st);
    }
    /* An empty grid needs no chunk pointers, whichever size is zero. */
    CHECK(horde_world_init(&w, NULL, 0, 0, 0, 46341, 46341, 0, HORDE_MISSING_SOLID) == HORDE_OK &&
              horde_world_solid(&w, 5, 5, 5) == 1,
          "empty grid (z) without pointers");
    CHECK(horde_world_init(&w, NULL, 0, 0, 0, 0, 46341, 46341, HORDE_MISSING_EMPTY) == HORDE_OK &&
              horde_world_solid(&w, 5, 5, 5) == 0,
          "empty grid (x) without pointers");
    /* A valid init writes the view as given. */
    CHECK(horde_world_init(&w, one, -7, 8, -9, 1, 1, 1, HORDE_MISSING_SOLID) == HORDE_OK, "init");
    CHECK(w.chunks == one && w.origin_cx == -7 && w.origin_cy == 8 && w.origin_cz == -9 &&
              w.nx == 1 && w.ny == 1 && w.nz == 1 && w.missing == HORDE_MISSING_SOLID,
          "init stored other fields");
    CHECK(horde_world_check(NULL) == HORDE_ERR_NULL_ARG, "check(NULL)");
}

/* Last, because a library that multiplies the dimensions in 64 bits without care has
 * undefined behaviour here (UBSan stops the program). */
static void world_init_huge(void)
{
    static horde_chunk c;
    const horde_chunk *one[1] = {&c};
    horde_world w;
    struct { int32_t x, y, z; } dims[] = {
        {INT32_MAX, INT32_MAX, 4},              /* product wraps int64 to a negative value */
        {2097152, 2097152, 2097152},            /* 2^63 */
        {INT32_MAX, INT32_MAX, INT32_MAX},
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        const int st = horde_world_init(&w, one, 0, 0, 0, dims[i].x, dims[i].y, dims[i].z,
                                        HORDE_MISSING_EMPTY);
        CHECK(st == HORDE_ERR_BAD_WORLD, "init %" PRId32 "x%" PRId32 "x%" PRId32 " = %d (%s)",
              dims[i].x, dims[i].y, dims[i].z, st, horde_status_string(st));
        horde_world v = {one, 0, 0, 0, dims[i].x, dims[i].y, dims[i].z, HORDE_MISSING_EMPTY};
        CHECK(horde_world_check(&v) == HORDE_ERR_BAD_WORLD, "check %" PRId32 "x%" PRId32
              "x%" PRId32, dims[i].x, dims[i].y, dims[i].z);
    }
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--seed=", 7)) {
            seed = strtoull(argv[i] + 7, NULL, 0);
        } else {
            fprintf(stderr, "usage: %s [--seed=N]\n", argv[0]);
            return 2;
        }
    }
    printf("test_world: seed=%" PRIu64 "\n", seed);
    chunk_basics();
    chunk_random();
    world_init_errors();
    world_empty_grids();
    world_views();
    world_init_huge();
    return tu_finish("test_world");
}
