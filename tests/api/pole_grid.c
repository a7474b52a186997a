/* SPDX-License-Identifier: MIT */
/* The poles' grid broadphase (horde_pole_grid_*, radial_push.h) against the brute-force
 * list its header defines: for every mover, every valid pole j, ascending, with
 * |x - x[j]| <= r + r[j] + reach and |z - z[j]| <= r + r[j] + reach. Random forests
 * (invalid poles among them, clumps, poles on cell borders and at the coordinate
 * limit), random cells and reaches, invalid movers; the scratch size, the capacity rule
 * (BAD_PARAMS with offsets[n] = the capacity needed), bad arguments; and radial_push run
 * on the grid's lists equals radial_push on the brute-force lists. horde_radial_push_grid on
 * the same grid: every backend gives the scalar bits (and is deterministic), with the
 * scratch at any alignment; its scratch-size query (equal to the header's formula) and
 * argument statuses. The grid itself is built at scratch offsets 0 to 3 (any alignment:
 * UBSan flags a misaligned uint32_t access).
 *
 * Usage: test_pole_grid [ROUNDS] (default 300) */
#include <inttypes.h>

#include "testutil.h"

enum { MAXP = 600, MAXM = 300 };
static float px[MAXP], pz[MAXP], pr[MAXP], pb[MAXP], pt[MAXP];
static float mx[MAXM], my[MAXM], mz[MAXM], mr[MAXM], mh[MAXM], ox[2][MAXM], oy[2][MAXM], oz[2][MAXM];
static uint32_t of[2][MAXM], offs[2][MAXM + 1], idx[2][MAXM * MAXP];

static int pole_ok(size_t j)
{
    return fabsf(px[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(pz[j]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(pb[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(pt[j]) <= HORDE_RADIAL_PUSH_MAX_COORD && pb[j] <= pt[j] &&
           pr[j] >= 0.0f && pr[j] <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}
static int mover_ok(size_t i)
{
    return fabsf(mx[i]) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(my[i]) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(mz[i]) <= HORDE_RADIAL_PUSH_MAX_COORD && mr[i] >= 0.0f && mr[i] <= HORDE_RADIAL_PUSH_MAX_RADIUS &&
           mh[i] >= 0.0f && mh[i] <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
}

/* The header's lists, brute force; returns the total. */
static size_t brute(size_t np, size_t nm, float reach, uint32_t *o, uint32_t *ix)
{
    size_t t = 0;
    for (size_t i = 0; i < nm; i++) {
        o[i] = (uint32_t)t;
        if (!mover_ok(i))
            continue;
        for (size_t j = 0; j < np; j++) {
            const float lim = mr[i] + pr[j] + reach;
            if (pole_ok(j) && fabsf(mx[i] - px[j]) <= lim && fabsf(mz[i] - pz[j]) <= lim)
                ix[t++] = (uint32_t)j;
        }
    }
    o[nm] = (uint32_t)t;
    return t;
}

static size_t entries_seen;
static void grid_push(const horde_pole_grid *grid, const horde_poles *p, size_t nm, int round);
static uint64_t scratch[(MAXP + 4 * 1024 * 1024 + 8) / 2 + 8];

static void round_once(tu_rng *g, int round)
{
    const size_t np = tu_below(g, MAXP + 1), nm = 1 + tu_below(g, MAXM);
    const float span = round % 5 == 0 ? 8.0f : 60.0f;
    const float cx = round % 7 == 0 ? HORDE_RADIAL_PUSH_MAX_COORD - 70.0f : tu_uniform(g, -100.0f, 100.0f);
    const float cell = round % 3 == 0 ? (float)(1 + tu_below(g, 4)) : tu_uniform(g, 0.25f, 6.0f);
    for (size_t j = 0; j < np; j++) {
        px[j] = cx + tu_uniform(g, -span, span), pz[j] = -cx + tu_uniform(g, -span, span);
        if (tu_below(g, 4) == 0) /* on a cell border */
            px[j] = floorf(px[j] / cell) * cell;
        pr[j] = tu_uniform(g, 0.0f, 1.5f), pb[j] = -1.0f, pt[j] = 4.0f;
        switch (tu_below(g, 40)) {
        case 0: pr[j] = NAN; break;
        case 1: pt[j] = -2.0f; break;
        case 2: px[j] = INFINITY; break;
        case 3: pz[j] = 1e6f; break;
        default: break;
        }
    }
    for (size_t i = 0; i < nm; i++) {
        mx[i] = cx + tu_uniform(g, -span - 3, span + 3), mz[i] = -cx + tu_uniform(g, -span - 3, span + 3);
        my[i] = tu_uniform(g, 0.0f, 2.0f), mr[i] = tu_uniform(g, 0.0f, 0.8f), mh[i] = 1.8f;
        if (tu_below(g, 30) == 0)
            mx[i] = NAN;
    }
    const float reach = tu_below(g, 3) == 0 ? 0.0f : tu_uniform(g, 0.0f, 2.0f);
    const horde_poles p = {px, pz, pr, pb, pt, np};
    const size_t bytes = horde_pole_grid_scratch_bytes(&p, cell);
    CHECK(bytes > 0 && bytes + 3 <= sizeof scratch, "bytes %zu (cell %a)", bytes, cell);
    if (!bytes || bytes + 3 > sizeof scratch)
        return;
    /* The grid at scratch offset 0 .. 3 (any alignment), and the header's size formula. */
    unsigned char *const mem = (unsigned char *)scratch + round % 4;
    horde_pole_grid grid;
    CHECK(horde_pole_grid_build(&grid, &p, cell, mem, bytes) == HORDE_OK, "build");
    CHECK(horde_pole_grid_build(&grid, &p, cell, mem, bytes - 1) == HORDE_ERR_BAD_PARAMS, "build, scratch short");
    CHECK(horde_pole_grid_build(&grid, &p, cell, mem, bytes) == HORDE_OK, "build again");
    const size_t cells = (size_t)grid.nx * grid.nz;
    CHECK(bytes == 4 * (cells + 1 + grid.start[cells]) + 3, "grid bytes %zu: not 4 (cells + 1 + entries) + 3", bytes);
    CHECK((uintptr_t)grid.start % 4 == 0 && (const unsigned char *)grid.start >= mem &&
              (const unsigned char *)(grid.items + grid.start[cells]) <= mem + bytes,
          "grid arrays at %p .. %p, not aligned inside the scratch %p + %zu", (const void *)grid.start,
          (const void *)(grid.items + grid.start[cells]), (void *)mem, bytes);
    const horde_radial_push_batch b = {mx, my, mz, mr, mh, NULL, NULL, ox[0], oy[0], oz[0], of[0], nm};
    const int st = horde_pole_grid_lists(&grid, &p, &b, reach, offs[0], idx[0], MAXM * MAXP);
    const size_t total = brute(np, nm, reach, offs[1], idx[1]);
    entries_seen += total;
    CHECK(st == HORDE_OK && !memcmp(offs[0], offs[1], (nm + 1) * 4) && !memcmp(idx[0], idx[1], total * 4),
          "round %d: grid lists differ from brute force (status %d, totals %u / %zu, cell %a, reach %a)", round, st,
          offs[0][nm], total, cell, reach);
    if (total > 0) {
        CHECK(horde_pole_grid_lists(&grid, &p, &b, reach, offs[0], idx[0], total - 1) == HORDE_ERR_BAD_PARAMS &&
                  offs[0][nm] == total,
              "capacity: offsets[n] %u, needed %zu", offs[0][nm], total);
    }
    /* radial_push on the grid's lists equals radial_push on the brute-force lists */
    horde_pole_grid_lists(&grid, &p, &b, reach, offs[0], idx[0], MAXM * MAXP);
    const horde_radial_push_batch b0 = {mx, my, mz, mr, mh, offs[0], idx[0], ox[0], oy[0], oz[0], of[0], nm};
    const horde_radial_push_batch b1 = {mx, my, mz, mr, mh, offs[1], idx[1], ox[1], oy[1], oz[1], of[1], nm};
    CHECK(horde_radial_push(&p, NULL, &b0) == HORDE_OK && horde_radial_push(&p, NULL, &b1) == HORDE_OK,
          "push status");
    CHECK(!memcmp(ox[0], ox[1], nm * 4) && !memcmp(oz[0], oz[1], nm * 4) && !memcmp(of[0], of[1], nm * 4),
          "push on grid lists differs");
    grid_push(&grid, &p, nm, round);
}

static unsigned char push_scratch[(3 * MAXM + 4 * 1024 * 1024 + 64) * 4];
static size_t grid_pushes;

/* horde_radial_push_grid on this round's grid: every backend equals scalar. */
static void grid_push(const horde_pole_grid *grid, const horde_poles *p, size_t nm, int round)
{
    const size_t bytes = horde_radial_push_grid_scratch_bytes(grid, nm);
    CHECK(bytes > 0 && bytes + 3 <= sizeof push_scratch, "grid push bytes %zu", bytes);
    if (!bytes || bytes + 3 > sizeof push_scratch)
        return;
    /* radial_push.h's formula: 32 n + 4 nx nz + 8 (nx + nz) + 21 items + 471 */
    const uint64_t items = grid->start[(size_t)grid->nx * grid->nz];
    const uint64_t formula = 32 * (uint64_t)nm + 4 * (uint64_t)grid->nx * grid->nz +
                             8 * ((uint64_t)grid->nx + grid->nz) + 21 * items + 471;
    CHECK(bytes == formula, "grid push bytes %zu, the header's formula %" PRIu64 " (nx %u, nz %u, %" PRIu64
          " entries, n %zu)", bytes, formula, grid->nx, grid->nz, items, nm);
    const horde_radial_push_grid_batch b0 = {mx, my, mz, mr, mh, ox[0], oy[0], oz[0], of[0], nm};
    const horde_radial_push_grid_batch b1 = {mx, my, mz, mr, mh, ox[1], oy[1], oz[1], of[1], nm};
    const horde_radial_push_grid_params it = {1 + (uint32_t)round % 6};
    CHECK(horde_radial_push_grid_isa(HORDE_ISA_SCALAR, grid, p, &it, &b0, push_scratch, bytes) == HORDE_OK,
          "grid push scalar");
    CHECK(horde_radial_push_grid_isa(HORDE_ISA_SCALAR, grid, p, &it, &b0, push_scratch, bytes - 1) ==
              HORDE_ERR_BAD_PARAMS, "grid push: scratch one byte short");
    TU_FOR_EACH_BACKEND(isa) {
        memset(ox[1], 0xAB, nm * 4), memset(oz[1], 0xAB, nm * 4), memset(of[1], 0xAB, nm * 4);
        CHECK(horde_radial_push_grid_isa((horde_isa)isa, grid, p, &it, &b1, push_scratch + (size_t)isa % 4, bytes) ==
                  HORDE_OK, "grid push status");
        CHECK(!memcmp(ox[0], ox[1], nm * 4) && !memcmp(oy[0], oy[1], nm * 4) && !memcmp(oz[0], oz[1], nm * 4) &&
                  !memcmp(of[0], of[1], nm * 4),
              "round %d: grid push on %s differs from scalar", round, horde_isa_name((horde_isa)isa));
        grid_pushes += nm;
    }
}

/* horde_radial_push_grid's scratch query and statuses. */
static void grid_push_arguments(void)
{
    const horde_poles p = {px, pz, pr, pb, pt, 4};
    for (int j = 0; j < 4; j++)
        px[j] = (float)j * 3.0f, pz[j] = 0.0f, pr[j] = 0.5f, pb[j] = 0.0f, pt[j] = 1.0f;
    horde_pole_grid g;
    CHECK(horde_pole_grid_build(&g, &p, 2.0f, scratch, sizeof scratch) == HORDE_OK, "build");
    CHECK(horde_radial_push_grid_scratch_bytes(NULL, 1) == 0, "bytes: no grid");
    CHECK(horde_radial_push_grid_scratch_bytes(&g, 0) > 0, "bytes: n = 0 still needs the buckets");
    if (sizeof(size_t) > 4)
        CHECK(horde_radial_push_grid_scratch_bytes(&g, (size_t)((uint64_t)1 << 32)) == 0, "bytes: n >= 2^32");
    horde_pole_grid bad = g;
    bad.cell = NAN;
    CHECK(horde_radial_push_grid_scratch_bytes(&bad, 1) == 0, "bytes: bad cell");
    bad = g, bad.nx = 0;
    CHECK(horde_radial_push_grid_scratch_bytes(&bad, 1) == 0, "bytes: no cells");
    bad = g, bad.items = NULL;
    CHECK(horde_radial_push_grid_scratch_bytes(&bad, 1) == 0, "bytes: not built");
    mx[0] = 0.9f, my[0] = 0.0f, mz[0] = 0.0f, mr[0] = 0.5f, mh[0] = 1.0f;
    const horde_radial_push_grid_batch b = {mx, my, mz, mr, mh, ox[0], oy[0], oz[0], of[0], 1};
    const size_t bytes = horde_radial_push_grid_scratch_bytes(&g, 1);
    const horde_radial_push_grid_params p4 = {4}, p0 = {0}, pmax = {HORDE_RADIAL_PUSH_MAX_ITERATIONS + 1};
    horde_radial_push_grid_params pd;
    horde_radial_push_grid_params_default(&pd);
    CHECK(pd.iterations == 4, "default iterations %u", pd.iterations);
    CHECK(horde_radial_push_grid(&g, &p, &p4, &b, push_scratch, bytes) == HORDE_OK &&
              (of[0][0] & HORDE_FLAG_COLLIDED) && ox[0][0] > 1.0f,
          "one mover pushed out of pole 0 (x %a, flags %#x)", ox[0][0], of[0][0]);
    CHECK(horde_radial_push_grid(&g, &p, NULL, &b, push_scratch, bytes) == HORDE_OK && (of[0][0] & HORDE_FLAG_COLLIDED),
          "NULL params: the defaults");
    CHECK(horde_radial_push_grid(NULL, &p, &p4, &b, push_scratch, bytes) == HORDE_ERR_NULL_ARG, "no grid");
    CHECK(horde_radial_push_grid(&g, NULL, &p4, &b, push_scratch, bytes) == HORDE_ERR_NULL_ARG, "no poles");
    CHECK(horde_radial_push_grid(&g, &p, &p4, NULL, push_scratch, bytes) == HORDE_ERR_NULL_ARG, "no batch");
    CHECK(horde_radial_push_grid(&g, &p, &p4, &b, NULL, bytes) == HORDE_ERR_NULL_ARG, "no scratch");
    CHECK(horde_radial_push_grid(&g, &p, &p0, &b, push_scratch, bytes) == HORDE_ERR_BAD_PARAMS, "0 iterations");
    CHECK(horde_radial_push_grid(&g, &p, &pmax, &b, push_scratch, bytes) == HORDE_ERR_BAD_PARAMS,
          "too many iterations");
    CHECK(horde_radial_push_grid(&g, &p, &p4, &b, push_scratch, bytes - 1) == HORDE_ERR_BAD_PARAMS, "short scratch");
    bad = g, bad.cell = 0.0f;
    CHECK(horde_radial_push_grid(&bad, &p, &p4, &b, push_scratch, bytes) == HORDE_ERR_BAD_PARAMS, "bad grid");
    /* n == 0 checks the grid, the poles, the params and the scratch size, and touches no array */
    const horde_radial_push_grid_batch e = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const size_t bytes0 = horde_radial_push_grid_scratch_bytes(&g, 0);
    CHECK(horde_radial_push_grid(&g, &p, &p4, &e, NULL, bytes0) == HORDE_OK, "n = 0 touches nothing");
    CHECK(horde_radial_push_grid(NULL, &p, &p4, &e, NULL, bytes0) == HORDE_ERR_NULL_ARG, "n = 0, no grid");
    CHECK(horde_radial_push_grid(&g, NULL, &p4, &e, NULL, bytes0) == HORDE_ERR_NULL_ARG, "n = 0, no poles");
    CHECK(horde_radial_push_grid(&g, &p, &p0, &e, NULL, bytes0) == HORDE_ERR_BAD_PARAMS, "n = 0, 0 iterations");
    CHECK(horde_radial_push_grid(&g, &p, &p4, &e, NULL, bytes0 - 1) == HORDE_ERR_BAD_PARAMS, "n = 0, short scratch");
    horde_radial_push_grid_batch nul = b;
    nul.out_flags = NULL;
    CHECK(horde_radial_push_grid(&g, &p, &p4, &nul, push_scratch, bytes) == HORDE_ERR_NULL_ARG, "no flags");
    CHECK(horde_radial_push_grid_isa((horde_isa)99, &g, &p, &p4, &b, push_scratch, bytes) == HORDE_ERR_UNKNOWN_ISA,
          "unknown backend");
}

static void bad_arguments(void)
{
    const horde_poles p = {px, pz, pr, pb, pt, 4};
    for (int j = 0; j < 4; j++)
        px[j] = (float)j * 1000.0f, pz[j] = (float)j * 1000.0f, pr[j] = 0.5f, pb[j] = 0.0f, pt[j] = 1.0f;
    CHECK(horde_pole_grid_scratch_bytes(&p, 0.0f) == 0 && horde_pole_grid_scratch_bytes(&p, NAN) == 0 &&
              horde_pole_grid_scratch_bytes(&p, 1e9f) == 0 && horde_pole_grid_scratch_bytes(NULL, 1.0f) == 0,
          "bad cell or poles: 0 bytes");
    /* 3001 x 3001 cells of 1 > HORDE_POLE_GRID_MAX_CELLS */
    horde_pole_grid g;
    CHECK(horde_pole_grid_scratch_bytes(&p, 1.0f) == 0 && horde_pole_grid_build(&g, &p, 1.0f, scratch, sizeof scratch) ==
                                                      HORDE_ERR_BAD_PARAMS,
          "too many cells");
    CHECK(horde_pole_grid_scratch_bytes(&p, 4096.0f) > 0, "large cell");
    CHECK(horde_pole_grid_build(&g, &p, 4096.0f, scratch, sizeof scratch) == HORDE_OK, "build");
    const horde_poles empty = {NULL, NULL, NULL, NULL, NULL, 0};
    CHECK(horde_pole_grid_build(&g, &empty, 1.0f, scratch, sizeof scratch) == HORDE_OK, "no poles");
    uint32_t o[2];
    mx[0] = 0, my[0] = 0, mz[0] = 0, mr[0] = 0.5f, mh[0] = 1;
    const horde_radial_push_batch b = {mx, my, mz, mr, mh, NULL, NULL, ox[0], oy[0], oz[0], of[0], 1};
    CHECK(horde_pole_grid_lists(&g, &empty, &b, 0.0f, o, NULL, 0) == HORDE_OK && o[0] == 0 && o[1] == 0,
          "no poles: empty lists");
    o[0] = o[1] = 0xdeadu;
    CHECK(horde_pole_grid_lists(&g, &empty, &b, -1.0f, o, NULL, 0) == HORDE_ERR_BAD_PARAMS && o[0] == 0xdeadu &&
              o[1] == 0xdeadu,
          "negative reach: BAD_PARAMS, nothing written");
    {
        const horde_pole_grid zero = {0};
        CHECK(horde_pole_grid_lists(&zero, &empty, &b, 0.0f, o, NULL, 0) == HORDE_ERR_BAD_PARAMS && o[0] == 0xdeadu,
              "a grid that was never built: BAD_PARAMS, nothing written");
        const horde_poles holes = {NULL, NULL, NULL, NULL, NULL, 3};
        CHECK(horde_pole_grid_lists(&g, &holes, &b, 0.0f, o, NULL, 0) == HORDE_ERR_NULL_ARG, "lists: pole arrays NULL");
    }
    CHECK(horde_pole_grid_lists(&g, &empty, &b, 0.0f, NULL, NULL, 0) == HORDE_ERR_NULL_ARG, "no offsets");
    CHECK(horde_pole_grid_build(NULL, &p, 1.0f, scratch, sizeof scratch) == HORDE_ERR_NULL_ARG, "no grid");
    CHECK(horde_pole_grid_build(&g, NULL, 1.0f, scratch, sizeof scratch) == HORDE_ERR_NULL_ARG, "build: no poles");
    CHECK(horde_pole_grid_build(&g, &p, 4096.0f, NULL, sizeof scratch) == HORDE_ERR_NULL_ARG, "build: no scratch");
    CHECK(horde_pole_grid_lists(NULL, &empty, &b, 0.0f, o, NULL, 0) == HORDE_ERR_NULL_ARG, "lists: no grid");
    CHECK(horde_pole_grid_lists(&g, NULL, &b, 0.0f, o, NULL, 0) == HORDE_ERR_NULL_ARG, "lists: no poles");
    CHECK(horde_pole_grid_lists(&g, &empty, NULL, 0.0f, o, NULL, 0) == HORDE_ERR_NULL_ARG, "lists: no batch");
    /* the list kernels: a NULL scene is NULL_ARG at n == 0 too */
    const horde_radial_push_batch b0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const horde_radial_sweep_batch s0 = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    CHECK(horde_radial_push(&p, NULL, &b0) == HORDE_OK && horde_radial_sweep(&p, NULL, &s0) == HORDE_OK, "n = 0");
    CHECK(horde_radial_push(NULL, NULL, &b0) == HORDE_ERR_NULL_ARG, "radial_push: n = 0, no poles");
    CHECK(horde_radial_sweep(NULL, NULL, &s0) == HORDE_ERR_NULL_ARG, "radial_sweep: n = 0, no poles");
}

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 300;
    tu_rng g = {0x9011e5ull};
    for (int r = 0; r < rounds; r++)
        round_once(&g, r);
    bad_arguments();
    grid_push_arguments();
    printf("%d rounds, %zu list entries compared, %zu grid-pushed movers compared with scalar\n", rounds,
           entries_seen, grid_pushes);
    CHECK(rounds < 10 || entries_seen > (size_t)rounds * 100, "the forests stopped reaching the movers");
    return tu_finish("test_pole_grid");
}
