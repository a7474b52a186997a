/* SPDX-License-Identifier: MIT */
/* The triangle grid (include/horde/triangle_grid.h): horde_ground_height_grid returns
 * exactly horde_ground_height's bytes on the whole soup (every backend's, which equal the
 * scalar reference's), for
 *   - terrain meshes (a heightfield of shared-edge triangles, 10 to 100,000 triangles,
 *     with random heights, some cells flat, overhangs stacked on top);
 *   - random soups with slivers, vertical walls, degenerate, tiny and huge triangles, and
 *     triangles out of range or NaN;
 * at points on cell borders (x or z an exact multiple of the cell, and the floats next to
 * it), on triangle vertices and edges, inside faces, at random, outside the grid and
 * invalid (NaN, out of range), with several depths (flat meshes get coplanar extras,
 * slivers among them, so equal heights must go to the lower index) and cell sizes (cells smaller than,
 * about as large as, and larger than the triangles).
 * Also: horde_triangle_grid_lists holds every triangle whose exact xz bounds come within
 * reach (checked against a brute-force scan), ascending and without repeats, and
 * reports the capacity it needs; the size query, build and calls reject bad arguments
 * with the documented statuses and write nothing. */
#include "testutil.h"

typedef struct soup {
    size_t n;
    float *v[9]; /* ax ay az bx by bz cx cy cz */
    horde_triangles t;
} soup;

static void soup_alloc(soup *s, size_t n)
{
    s->n = n;
    for (int k = 0; k < 9; k++)
        s->v[k] = malloc((n ? n : 1) * sizeof(float));
    s->t = (horde_triangles){s->v[0], s->v[1], s->v[2], s->v[3], s->v[4], s->v[5], s->v[6], s->v[7], s->v[8], n};
}

static void soup_free(soup *s)
{
    for (int k = 0; k < 9; k++)
        free(s->v[k]);
}

static void set_tri(soup *s, size_t i, const float v[9])
{
    for (int k = 0; k < 9; k++)
        s->v[k][i] = v[k];
}

/* A heightfield over gx x gz squares of edge `sq` from (x0, z0), two triangles a square
 * (diagonal chosen at random), heights random or flat; then `extra` random triangles
 * (slivers, walls, overhangs, bad ones). Triangle order shuffled so ties are not always
 * to the mesh's first half. */
static void make_terrain(soup *s, tu_rng *g, int gx, int gz, float sq, float x0, float z0, size_t extra)
{
    const size_t mesh = (size_t)gx * gz * 2;
    soup_alloc(s, mesh + extra);
    float *h = malloc((size_t)(gx + 1) * (gz + 1) * sizeof *h);
    const int flat = tu_below(g, 3) == 0;
    for (int i = 0; i < (gx + 1) * (gz + 1); i++)
        h[i] = flat ? 2.0f : tu_uniform(g, 0.0f, 4.0f);
    size_t k = 0;
    for (int z = 0; z < gz; z++)
        for (int x = 0; x < gx; x++) {
            const float xa = x0 + sq * (float)x, xb = x0 + sq * (float)(x + 1);
            const float za = z0 + sq * (float)z, zb = z0 + sq * (float)(z + 1);
            const float h00 = h[z * (gx + 1) + x], h10 = h[z * (gx + 1) + x + 1];
            const float h01 = h[(z + 1) * (gx + 1) + x], h11 = h[(z + 1) * (gx + 1) + x + 1];
            if (tu_below(g, 2)) {
                const float t1[9] = {xa, h00, za, xb, h10, za, xb, h11, zb};
                const float t2[9] = {xa, h00, za, xb, h11, zb, xa, h01, zb};
                set_tri(s, k++, t1), set_tri(s, k++, t2);
            } else {
                const float t1[9] = {xa, h00, za, xb, h10, za, xa, h01, zb};
                const float t2[9] = {xb, h10, za, xb, h11, zb, xa, h01, zb};
                set_tri(s, k++, t1), set_tri(s, k++, t2);
            }
        }
    free(h);
    const float w = sq * (float)(gx > gz ? gx : gz);
    for (size_t e = 0; e < extra; e++) {
        float v[9];
        const float cx = x0 + tu_uniform(g, 0.0f, w), cz = z0 + tu_uniform(g, 0.0f, w);
        const float size = tu_uniform(g, 0.01f, 3.0f) * sq;
        for (int j = 0; j < 3; j++) {
            v[3 * j] = cx + tu_uniform(g, -size, size);
            v[3 * j + 1] = tu_uniform(g, -1.0f, 6.0f);
            v[3 * j + 2] = cz + tu_uniform(g, -size, size);
        }
        switch (tu_below(g, 8)) {
        case 0: /* sliver: the third vertex a hair off the first edge */
            v[6] = v[0] + (v[3] - v[0]) * 0.37f + 1e-5f * size;
            v[8] = v[2] + (v[5] - v[2]) * 0.37f;
            break;
        case 1: /* needle: a long thin spike */
            v[3] = v[0] + 40.0f * sq, v[5] = v[2] + 1e-4f, v[6] = v[0] + 40.0f * sq, v[8] = v[2] - 1e-4f;
            break;
        case 2: /* vertical wall */
            v[6] = v[0], v[8] = v[2], v[7] = v[1] + 2.0f;
            break;
        case 3: /* degenerate point */
            v[3] = v[6] = v[0], v[5] = v[8] = v[2];
            break;
        case 4: /* bad: NaN or out of range */
            v[tu_below(g, 9)] = tu_below(g, 2) ? NAN : 3e6f;
            break;
        case 5: /* a shared vertex with a mesh triangle (ties on equal heights) */
            if (mesh) {
                const size_t m = tu_below(g, (uint32_t)mesh);
                for (int j = 0; j < 3; j++)
                    v[j] = s->v[j][m];
            }
            break;
        default:
            break;
        }
        if (flat && tu_below(g, 2)) /* coplanar with the flat mesh: height ties, the lower index wins */
            v[1] = v[4] = v[7] = 2.0f;
        set_tri(s, mesh + e, v);
    }
    for (size_t i = s->n; i > 1; i--) { /* shuffle */
        const size_t j = tu_below(g, (uint32_t)i);
        for (int c = 0; c < 9; c++) {
            const float t = s->v[c][i - 1];
            s->v[c][i - 1] = s->v[c][j], s->v[c][j] = t;
        }
    }
}

/* Query points: aimed at vertices, edges, faces, cell borders, outside, invalid. */
static void make_points(const soup *s, tu_rng *g, float cell, size_t n, float *x, float *y, float *z)
{
    for (size_t i = 0; i < n; i++) {
        const size_t t = s->n ? tu_below(g, (uint32_t)s->n) : 0;
        float px = tu_uniform(g, -50.0f, 50.0f), pz = tu_uniform(g, -50.0f, 50.0f);
        if (s->n) {
            const float a = tu_uniform(g, 0.0f, 1.0f), b = tu_uniform(g, 0.0f, 1.0f - a);
            const float vx[3] = {s->v[0][t], s->v[3][t], s->v[6][t]}, vz[3] = {s->v[2][t], s->v[5][t], s->v[8][t]};
            const int j = (int)tu_below(g, 3), j2 = (j + 1) % 3;
            switch (tu_below(g, 8)) {
            case 0: px = vx[j], pz = vz[j]; break;                                   /* vertex */
            case 1: px = vx[j] + (vx[j2] - vx[j]) * a, pz = vz[j] + (vz[j2] - vz[j]) * a; break; /* edge */
            case 2: px = vx[0] + (vx[1] - vx[0]) * a + (vx[2] - vx[0]) * b;           /* face */
                pz = vz[0] + (vz[1] - vz[0]) * a + (vz[2] - vz[0]) * b; break;
            case 3: case 4: { /* a cell border on x and / or z, or the float next to it */
                px = vx[j], pz = vz[j];
                const float bx = floorf(px / cell) * cell, bz = floorf(pz / cell) * cell;
                const int w = (int)tu_below(g, 3);
                if (w != 1) px = bx;
                if (w != 0) pz = bz;
                if (tu_below(g, 3) == 0) px = nextafterf(px, tu_below(g, 2) ? INFINITY : -INFINITY);
                if (tu_below(g, 3) == 0) pz = nextafterf(pz, tu_below(g, 2) ? INFINITY : -INFINITY);
                break;
            }
            case 5: px = vx[j] + tu_uniform(g, -1e-5f, 1e-5f), pz = vz[j] + tu_uniform(g, -1e-5f, 1e-5f); break;
            default: break;
            }
        }
        float py = tu_uniform(g, -2.0f, 8.0f);
        switch (tu_below(g, 40)) {
        case 0: px = NAN; break;
        case 1: py = INFINITY; break;
        case 2: pz = 2e6f; break;
        case 3: px = 1e5f; break; /* far outside the grid, valid */
        default: break;
        }
        x[i] = px, y[i] = py, z[i] = pz;
    }
}

static size_t mismatches;

static void compare(const soup *s, const horde_triangle_grid *grid, const float *x, const float *y, const float *z,
                    size_t n, float depth, const char *what)
{
    float *y1 = malloc(n * 4 + 4), *y2 = malloc(n * 4 + 4);
    uint32_t *t1 = malloc(n * 4 + 4), *t2 = malloc(n * 4 + 4), *f1 = malloc(n * 4 + 4), *f2 = malloc(n * 4 + 4);
    const horde_ground_height_params p = {depth};
    const horde_ground_height_batch b1 = {x, y, z, y1, t1, f1, n}, b2 = {x, y, z, y2, t2, f2, n};
    CHECK(horde_ground_height_grid(grid, &p, &b2) == HORDE_OK, "%s", what);
    TU_FOR_EACH_BACKEND(isa) {
        /* A backend emulated through SIMDe tests a prefix of the points against the large
         * soups (about 2e7 point-triangle pairs, 2e6 in a reduced run): their whole-soup bits equal the scalar
         * reference's anyway (checkasm), and under qemu the full count takes many minutes. */
        size_t m = n;
        const double pairs = tu_reduced() ? 2e6 : 2e7;
        if (horde_isa_emulated((horde_isa)isa) && (double)n * (double)s->t.n > pairs)
            m = (size_t)(pairs / (double)s->t.n) + 64 < n ? (size_t)(pairs / (double)s->t.n) + 64 : n;
        horde_ground_height_batch bm = b1;
        bm.n = m;
        CHECK(horde_ground_height_isa(isa, &s->t, &p, &bm) == HORDE_OK, "%s", what);
        size_t bad = 0;
        for (size_t i = 0; i < m; i++)
            if (memcmp(&y1[i], &y2[i], 4) || t1[i] != t2[i] || f1[i] != f2[i]) {
                if (bad++ < 3)
                    fprintf(stderr, "%s %s: point %zu (%a, %a, %a): whole %a tri %u flags %#x, grid %a tri %u flags %#x\n",
                            what, horde_isa_name(isa), i, x[i], y[i], z[i], y1[i], t1[i], f1[i], y2[i], t2[i], f2[i]);
            }
        mismatches += bad;
        CHECK(bad == 0, "%s on %s: %zu of %zu points differ", what, horde_isa_name(isa), bad, m);
    }
    free(y1), free(y2), free(t1), free(t2), free(f1), free(f2);
}

/* The lists against a brute-force scan of the triangles' exact bounds. */
static void check_lists(const soup *s, const horde_triangle_grid *grid, const float *x, const float *z, size_t n,
                        float reach)
{
    uint32_t *off = malloc((n + 1) * 4), probe;
    CHECK(horde_triangle_grid_lists(grid, x, z, n, reach, off, &probe, 0) == (n ? HORDE_ERR_BAD_PARAMS : HORDE_OK) ||
              off[n] == 0,
          "capacity 0");
    const size_t cap = off[n];
    uint32_t *idx = malloc((cap + 1) * 4);
    CHECK(horde_triangle_grid_lists(grid, x, z, n, reach, off, idx, cap) == HORDE_OK, "lists with the room asked");
    size_t missing = 0, order = 0;
    for (size_t i = 0; i < n; i++) {
        for (uint32_t k = off[i] + 1; k < off[i + 1]; k++)
            order += idx[k - 1] >= idx[k];
        if (!(fabsf(x[i]) <= HORDE_GROUND_HEIGHT_MAX_COORD && fabsf(z[i]) <= HORDE_GROUND_HEIGHT_MAX_COORD)) {
            order += off[i] != off[i + 1];
            continue;
        }
        for (size_t t = 0; t < s->n; t++) {
            int in = 1;
            double lx = INFINITY, hx = -INFINITY, lz = INFINITY, hz = -INFINITY;
            for (int j = 0; j < 3; j++) {
                for (int c = 0; c < 3; c++)
                    in &= fabsf(s->v[3 * j + c][t]) <= HORDE_GROUND_HEIGHT_MAX_COORD;
                lx = fmin(lx, s->v[3 * j][t]), hx = fmax(hx, s->v[3 * j][t]);
                lz = fmin(lz, s->v[3 * j + 2][t]), hz = fmax(hz, s->v[3 * j + 2][t]);
            }
            if (!in || lx > (double)x[i] + reach || hx < (double)x[i] - reach || lz > (double)z[i] + reach ||
                hz < (double)z[i] - reach)
                continue;
            int found = 0;
            for (uint32_t k = off[i]; k < off[i + 1] && !found; k++)
                found = idx[k] == t;
            missing += !found;
        }
    }
    CHECK(missing == 0 && order == 0, "lists: %zu triangles missing, %zu out of order or repeated", missing, order);
    free(off), free(idx);
}

/* Every fourth point onto a grown bound of a random cell entry, or the float next to it
 * on either side (both coordinates or one, the other inside the entry's bounds): the
 * edges of the cells' core boxes are such bounds, so points on both sides of each box
 * edge take both paths (the core block, the cell's whole list). */
static void points_on_bounds(const horde_triangle_grid *grid, tu_rng *g, size_t n, float *x, float *z)
{
    const uint32_t entries = grid->start[(size_t)grid->nx * grid->nz];
    for (size_t i = 0; entries && i < n; i += 4) {
        const float *bb = grid->bounds + 4 * (size_t)tu_below(g, entries);
        float px = tu_uniform(g, bb[0], bb[1]), pz = tu_uniform(g, bb[2], bb[3]);
        const int w = (int)tu_below(g, 3);
        if (w != 1)
            px = bb[tu_below(g, 2)];
        if (w != 0)
            pz = bb[2 + tu_below(g, 2)];
        if (tu_below(g, 2))
            px = nextafterf(px, tu_below(g, 2) ? INFINITY : -INFINITY);
        if (tu_below(g, 2))
            pz = nextafterf(pz, tu_below(g, 2) ? INFINITY : -INFINITY);
        x[i] = px, z[i] = pz;
    }
}

/* aligned: the mesh starts at the origin, so with cell == sq its squares are the cells
 * (each triangle then reaches into the 8 cells around its own by the margin alone). */
static void run_case_at(tu_rng *g, int gx, int gz, float sq, size_t extra, float cell, size_t points, int lists,
                        int aligned)
{
    soup s;
    const float x0 = aligned ? 0.0f : tu_uniform(g, -100.0f, 100.0f), z0 = aligned ? 0.0f : tu_uniform(g, -100.0f, 100.0f);
    make_terrain(&s, g, gx, gz, sq, x0, z0, extra);
    const size_t bytes = horde_triangle_grid_scratch_bytes(&s.t, cell);
    CHECK(bytes > 0, "size query");
    void *mem = malloc(bytes + 1);
    horde_triangle_grid grid;
    /* an odd address: the build aligns its arrays itself */
    CHECK(horde_triangle_grid_build(&grid, &s.t, cell, (char *)mem + 1, bytes) == HORDE_OK, "build");
    const size_t cells = (size_t)grid.nx * grid.nz, entries = grid.start[cells];
    CHECK(bytes == 63 + 32 * cells + 80 * (size_t)grid.n_core + 76 * s.n + 20 * entries + 4 * (cells + 1 + grid.n_wide),
          "the documented size: %zu", bytes);
    CHECK(grid.n_core <= entries, "core entries %u of %zu", grid.n_core, entries);
    float *x = malloc(points * 4), *y = malloc(points * 4), *z = malloc(points * 4);
    make_points(&s, g, cell, points, x, y, z);
    points_on_bounds(&grid, g, points, x, z);
    if (aligned && !extra && cell == sq) /* each triangle reaches well into one cell only */
        CHECK(grid.n_core == s.n && entries > 4 * s.n, "aligned mesh: %u core entries of %zu triangles, %zu entries",
              grid.n_core, s.n, entries);
    char what[96];
    snprintf(what, sizeof what, "%zu triangles, cell %g", s.n, (double)cell);
    compare(&s, &grid, x, y, z, points, HORDE_GROUND_HEIGHT_MAX_DEPTH, what);
    compare(&s, &grid, x, y, z, points, tu_uniform(g, 0.0f, 3.0f), what);
    compare(&s, &grid, x, y, z, points, 0.0f, what);
    if (lists)
        check_lists(&s, &grid, x, z, points < 2000 ? points : 2000, tu_uniform(g, 0.0f, 2.0f));
    free(x), free(y), free(z), free(mem);
    soup_free(&s);
}

static void run_case(tu_rng *g, int gx, int gz, float sq, size_t extra, float cell, size_t points, int lists)
{
    run_case_at(g, gx, gz, sq, extra, cell, points, lists, 0);
}

/* HORDE_TRIANGLE_GRID_MAX_CELLS (2^22 = 2048 x 2048 cells): two small flat triangles
 * 1,999 cells apart give about 2000 x 2000 cells (under it) and 2,099 apart about 2100 x
 * 2100 (over it: query 0, build BAD_PARAMS); so does one triangle 3,000 cells across. */
static void cell_limit(void)
{
    soup s;
    soup_alloc(&s, 2);
    horde_triangle_grid grid;
    static unsigned char mem[1 << 16];
    for (int over = 0; over < 2; over++) {
        const float far = over ? 2099.0f : 1999.0f;
        const float a[9] = {0.25f, 0.0f, 0.25f, 0.75f, 0.0f, 0.25f, 0.25f, 0.0f, 0.75f};
        const float b[9] = {far + 0.25f, 0.0f, far + 0.25f, far + 0.75f, 0.0f, far + 0.25f, far + 0.25f, 0.0f, far + 0.75f};
        set_tri(&s, 0, a), set_tri(&s, 1, b);
        const size_t bytes = horde_triangle_grid_scratch_bytes(&s.t, 1.0f);
        CHECK(over ? bytes == 0 : bytes >= (size_t)32 * 2000 * 2000, "two triangles %g cells apart: %zu bytes",
              far, bytes);
        /* a claimed size that covers any grid: only the cell limit can refuse the build */
        if (over)
            CHECK(horde_triangle_grid_build(&grid, &s.t, 1.0f, mem, SIZE_MAX) == HORDE_ERR_BAD_PARAMS,
                  "build over the cell limit");
    }
    const float big[9] = {0.0f, 0.0f, 0.0f, 3000.0f, 0.0f, 0.0f, 0.0f, 0.0f, 3000.0f};
    set_tri(&s, 0, big);
    s.t.n = 1;
    CHECK(horde_triangle_grid_scratch_bytes(&s.t, 1.0f) == 0, "one triangle over the cell limit");
    CHECK(horde_triangle_grid_build(&grid, &s.t, 1.0f, mem, SIZE_MAX) == HORDE_ERR_BAD_PARAMS,
          "build of one triangle over the cell limit");
    soup_free(&s);
}

static void bad_arguments(void)
{
    soup s;
    tu_rng g = {7};
    make_terrain(&s, &g, 4, 4, 1.0f, 0.0f, 0.0f, 4);
    const size_t bytes = horde_triangle_grid_scratch_bytes(&s.t, 1.0f);
    CHECK(horde_triangle_grid_scratch_bytes(NULL, 1.0f) == 0, "NULL soup");
    CHECK(horde_triangle_grid_scratch_bytes(&s.t, NAN) == 0, "NaN cell");
    CHECK(horde_triangle_grid_scratch_bytes(&s.t, 0.001f) == 0, "cell too small");
    CHECK(horde_triangle_grid_scratch_bytes(&s.t, 2e6f) == 0, "cell too large");
    horde_triangles empty = {0};
    CHECK(horde_triangle_grid_scratch_bytes(&empty, 1.0f) > 0, "an empty soup has a grid");
    void *mem = malloc(bytes);
    horde_triangle_grid grid, before;
    memset(&grid, 0xab, sizeof grid), before = grid;
    CHECK(horde_triangle_grid_build(&grid, &s.t, 1.0f, mem, bytes - 1) == HORDE_ERR_BAD_PARAMS, "bytes short");
    CHECK(horde_triangle_grid_build(&grid, &s.t, 1.0f, NULL, bytes) == HORDE_ERR_NULL_ARG, "NULL scratch");
    CHECK(horde_triangle_grid_build(NULL, &s.t, 1.0f, mem, bytes) == HORDE_ERR_NULL_ARG, "NULL grid");
    CHECK(horde_triangle_grid_build(&grid, &s.t, INFINITY, mem, bytes) == HORDE_ERR_BAD_PARAMS, "bad cell");
    CHECK(!memcmp(&grid, &before, sizeof grid), "a failed build leaves the grid");
    CHECK(horde_triangle_grid_build(&grid, &s.t, 1.0f, mem, bytes) == HORDE_OK, "build");
    float x = 1.5f, y = 9.0f, z = 1.5f, oy = -1.0f;
    uint32_t ot = 7, of = 7, off[2] = {9, 9}, idx[64];
    horde_ground_height_batch b = {&x, &y, &z, &oy, &ot, &of, 1};
    horde_ground_height_params p = {-1.0f};
    CHECK(horde_ground_height_grid(&grid, &p, &b) == HORDE_ERR_BAD_PARAMS, "negative depth");
    p.depth = NAN;
    CHECK(horde_ground_height_grid(&grid, &p, &b) == HORDE_ERR_BAD_PARAMS, "NaN depth");
    CHECK(horde_ground_height_grid(NULL, NULL, &b) == HORDE_ERR_NULL_ARG, "NULL grid");
    CHECK(horde_ground_height_grid(&grid, NULL, NULL) == HORDE_ERR_NULL_ARG, "NULL batch");
    horde_triangle_grid broken = grid;
    broken.cell = NAN;
    CHECK(horde_ground_height_grid(&broken, NULL, &b) == HORDE_ERR_BAD_PARAMS, "grid not built");
    CHECK(horde_triangle_grid_lists(&broken, &x, &z, 1, 0.0f, off, idx, 64) == HORDE_ERR_BAD_PARAMS, "lists, not built");
    CHECK(horde_triangle_grid_lists(&grid, &x, &z, 1, -1.0f, off, idx, 64) == HORDE_ERR_BAD_PARAMS, "negative reach");
    CHECK(horde_triangle_grid_lists(&grid, &x, &z, 1, NAN, off, idx, 64) == HORDE_ERR_BAD_PARAMS, "NaN reach");
    CHECK(horde_triangle_grid_lists(&grid, NULL, &z, 1, 0.0f, off, idx, 64) == HORDE_ERR_NULL_ARG, "NULL x");
    CHECK(horde_triangle_grid_lists(&grid, &x, &z, 1, 0.0f, off, NULL, 64) == HORDE_ERR_NULL_ARG, "NULL indices");
    CHECK(off[0] == 9 && off[1] == 9 && oy == -1.0f && ot == 7 && of == 7, "failed calls write nothing");
    b.out_y = NULL;
    CHECK(horde_ground_height_grid(&grid, NULL, &b) == HORDE_ERR_NULL_ARG, "NULL out_y");
    b.n = 0;
    CHECK(horde_ground_height_grid(&grid, NULL, &b) == HORDE_OK, "n = 0");
    CHECK(horde_triangle_grid_lists(&grid, NULL, NULL, 0, 0.0f, off, NULL, 0) == HORDE_OK && off[0] == 0, "no points");
    /* the empty soup: no ground anywhere, empty lists */
    horde_triangle_grid eg;
    const size_t eb = horde_triangle_grid_scratch_bytes(&empty, 1.0f);
    void *em = malloc(eb);
    CHECK(horde_triangle_grid_build(&eg, &empty, 1.0f, em, eb) == HORDE_OK, "empty build");
    b.out_y = &oy, b.n = 1;
    CHECK(horde_ground_height_grid(&eg, NULL, &b) == HORDE_OK && ot == HORDE_NONE && of == 0 && oy == y, "empty");
    CHECK(horde_triangle_grid_lists(&eg, &x, &z, 1, 1.0f, off, idx, 64) == HORDE_OK && off[1] == 0, "empty lists");
    free(em), free(mem);
    soup_free(&s);
}

/* A sliver (on the wide list) coplanar with a flat square and lower in index: the tie
 * goes to it, as on the whole soup, whichever list the grid form reads first. */
static void sliver_tie(void)
{
    soup s;
    soup_alloc(&s, 3);
    const float sliver[9] = {0.1f, 2.0f, 0.5f, 0.9f, 2.0f, 0.5f, 0.5f, 2.0f, 0.500001f};
    const float t1[9] = {0.0f, 2.0f, 0.0f, 1.0f, 2.0f, 0.0f, 1.0f, 2.0f, 1.0f};
    const float t2[9] = {0.0f, 2.0f, 0.0f, 1.0f, 2.0f, 1.0f, 0.0f, 2.0f, 1.0f};
    set_tri(&s, 0, sliver), set_tri(&s, 1, t1), set_tri(&s, 2, t2);
    const size_t bytes = horde_triangle_grid_scratch_bytes(&s.t, 0.25f);
    void *mem = malloc(bytes);
    horde_triangle_grid grid;
    CHECK(horde_triangle_grid_build(&grid, &s.t, 0.25f, mem, bytes) == HORDE_OK && grid.n_wide == 1, "sliver wide");
    const float x[2] = {0.5f, 0.3f}, y[2] = {3.0f, 3.0f}, z[2] = {0.5f, 0.5f};
    float oy[2];
    uint32_t ot[2], of[2];
    const horde_ground_height_batch b = {x, y, z, oy, ot, of, 2};
    CHECK(horde_ground_height_grid(&grid, NULL, &b) == HORDE_OK && ot[0] == 0 && ot[1] == 0 && oy[0] == 2.0f,
          "the tie goes to the sliver (index 0): %u %u", ot[0], ot[1]);
    compare(&s, &grid, x, y, z, 2, 2.0f, "sliver tie");
    free(mem);
    soup_free(&s);
}

int main(int argc, char **argv)
{
    (void)argc, (void)argv;
    tu_rng g = {0x5eed};
    bad_arguments();
    cell_limit();
    sliver_tie();
    /* small: every cell size, many points, with lists */
    for (int r = 0; r < 40; r++) {
        const int gx = 1 + (int)tu_below(&g, 4), gz = 1 + (int)tu_below(&g, 4);
        const float sq = tu_uniform(&g, 0.5f, 4.0f);
        const float cells[4] = {sq * 0.3f, sq, sq * 2.5f, 64.0f};
        run_case(&g, gx, gz, sq, tu_below(&g, 12), cells[r % 4], 3000, 1);
    }
    /* medium and large terrains: 1,000 to 100,000 triangles (every point is also tested
     * against the whole soup, so a reduced run takes a tenth of the points) */
    const size_t k = tu_reduced() ? 10 : 1;
    run_case(&g, 20, 25, 1.0f, 30, 1.0f, 20000 / k, 1);
    run_case(&g, 50, 50, 2.0f, 100, 3.0f, 20000 / k, 0);
    run_case(&g, 223, 224, 1.0f, 0, 2.0f, 4000 / k, 0); /* 99,904 */
    run_case(&g, 100, 100, 0.5f, 100, 0.25f, 4000 / k, 0);
    /* cells that are the mesh's squares (the benchmark's terrain), with and without
     * extras stacked on top (coplanar ones on flat meshes: ties inside core blocks) */
    for (int r = 0; r < 6; r++) {
        const float sq = r < 2 ? 1.0f : tu_uniform(&g, 0.5f, 3.0f);
        run_case_at(&g, 30, 30, sq, r % 2 ? 0 : 40, sq, 6000 / k, 0, 1);
    }
    printf("%zu mismatching points\n", mismatches);
    return tu_finish("triangle_grid");
}
