/* SPDX-License-Identifier: MIT */
/* horde_frame (include/horde/frame.h) returns exactly the bytes of the recipe's sequence
 * of individual public calls (tests/support/frame_recipe.h, written from the header), on every
 * backend, for every combination of stages (crowd on or off, trees or none, ground
 * through the triangle grid, on the whole soup, or none), with and without weights and
 * the move's displacement outputs, outputs aliasing the inputs, over several frames of
 * NPCs walking through a walled world with blocks, trees and a ramp, and whatever runs
 * the crowd's stages: inline (tasks NULL), real pools of 1, 2, 3, 7 and 16 workers whose
 * threads run with a hostile FP mode (tests/support/task_pool.h), and a serial scheduler
 * that runs ranges of random sizes in random order at enqueue or at finish, and with a
 * crowd state kept across the frames (the bits never depend on it). The scratch
 * is refilled with a different byte before every call. Also: bad arguments give the
 * documented statuses and write nothing; n = 0 is valid. */
#include <pthread.h>

#include "frame_recipe.h"
#include "task_pool.h"
#include "testutil.h"

enum { N_MAX = 3000 };

typedef struct npcs {
    size_t n;
    float *x, *y, *z, *r, *h, *dx, *dy, *dz, *w;
} npcs;

typedef struct out {
    float *x, *y, *z, *dx, *dy, *dz;
    uint32_t *tri, *flags;
} out;

static tu_world world;
static const horde_world *cur_world = &world.w; /* the world of recipe() and scene_of() */
static horde_poles trees;
static float tree_x[64], tree_z[64], tree_r[64], tree_b[64], tree_t[64];
static horde_pole_grid tree_grid;
static void *tree_mem;
static float ramp[9][400];
static horde_triangles ramp_soup;
static horde_triangle_grid ramp_grid;
static void *ramp_mem;

static void make_scene(tu_rng *g)
{
    tu_world_make(&world, 0, 0, 0, 2, 1, 2, HORDE_MISSING_SOLID);
    for (int x = 0; x < 64; x++)
        for (int z = 0; z < 64; z++) {
            tu_set(&world, x, 0, z, 1); /* floor */
            if (x == 0 || z == 0 || x == 63 || z == 63 || (x == 32 && (z < 28 || z > 34)))
                for (int y = 1; y < 4; y++)
                    tu_set(&world, x, y, z, 1); /* walls, a wall with a doorway */
        }
    for (int k = 0; k < 30; k++) /* blocks */
        tu_set(&world, 2 + (int)tu_below(g, 60), 1, 2 + (int)tu_below(g, 60), 1);
    for (int k = 0; k < 64; k++) {
        tree_x[k] = tu_uniform(g, 3.0f, 61.0f), tree_z[k] = tu_uniform(g, 3.0f, 61.0f);
        tree_r[k] = tu_uniform(g, 0.2f, 0.6f), tree_b[k] = 1.0f, tree_t[k] = 6.0f;
    }
    trees = (horde_poles){tree_x, tree_z, tree_r, tree_b, tree_t, 64};
    const size_t tb = horde_pole_grid_scratch_bytes(&trees, 4.0f);
    tree_mem = malloc(tb);
    CHECK(horde_pole_grid_build(&tree_grid, &trees, 4.0f, tree_mem, tb) == HORDE_OK, "tree grid");
    /* the ramp: a 10 x 20 heightfield patch from y 1 up to 2.5, over x 40 .. 50, z 10 .. 30 */
    size_t k = 0;
    for (int z = 0; z < 20; z++)
        for (int x = 0; x < 10; x++) {
            const float xa = 40.0f + (float)x, xb = xa + 1.0f, za = 10.0f + (float)z, zb = za + 1.0f;
            const float ya = 1.0f + 0.15f * (float)x, yb = ya + 0.15f;
            const float t[2][9] = {{xa, ya, za, xb, yb, za, xb, yb, zb}, {xa, ya, za, xb, yb, zb, xa, ya, zb}};
            for (int j = 0; j < 2; j++, k++)
                for (int c = 0; c < 9; c++)
                    ramp[c][k] = t[j][c];
        }
    ramp_soup = TU_TRIS(ramp, 0, k);
    const size_t rb = horde_triangle_grid_scratch_bytes(&ramp_soup, 2.0f);
    ramp_mem = malloc(rb);
    CHECK(horde_triangle_grid_build(&ramp_grid, &ramp_soup, 2.0f, ramp_mem, rb) == HORDE_OK, "ramp grid");
}

static float *fa(size_t n) { return malloc((n ? n : 1) * sizeof(float)); }
static uint32_t *ua(size_t n) { return malloc((n ? n : 1) * sizeof(uint32_t)); }

static void make_npcs(npcs *c, size_t n, tu_rng *g)
{
    c->n = n;
    c->x = fa(n), c->y = fa(n), c->z = fa(n), c->r = fa(n), c->h = fa(n);
    c->dx = fa(n), c->dy = fa(n), c->dz = fa(n), c->w = fa(n);
    for (size_t i = 0; i < n; i++) {
        c->x[i] = tu_uniform(g, 1.5f, 62.5f), c->z[i] = tu_uniform(g, 1.5f, 62.5f);
        c->y[i] = tu_uniform(g, 1.0f, 1.3f);
        c->r[i] = tu_uniform(g, 0.25f, 0.45f), c->h[i] = tu_uniform(g, 1.5f, 2.0f);
        c->w[i] = tu_below(g, 20) ? tu_uniform(g, 0.5f, 2.0f) : 0.0f;
        if (tu_below(g, 100) == 0)
            c->x[i] = NAN; /* an invalid NPC */
    }
}

/* Intents towards goals, and gravity. */
static void intents(npcs *c, tu_rng *g)
{
    for (size_t i = 0; i < c->n; i++) {
        const float gx = (i & 1) ? 55.0f : 10.0f, gz = 31.0f + (float)(i % 7) - 3.0f;
        float ddx = gx - c->x[i], ddz = gz - c->z[i];
        const float d = sqrtf(ddx * ddx + ddz * ddz) + 1e-3f;
        c->dx[i] = 0.12f * ddx / d + tu_uniform(g, -0.02f, 0.02f);
        c->dz[i] = 0.12f * ddz / d + tu_uniform(g, -0.02f, 0.02f);
        c->dy[i] = -0.05f;
    }
}

static void alloc_out(out *o, size_t n)
{
    o->x = fa(n), o->y = fa(n), o->z = fa(n), o->dx = fa(n), o->dy = fa(n), o->dz = fa(n);
    o->tri = ua(n), o->flags = ua(n);
}
static void free_out(out *o)
{
    free(o->x), free(o->y), free(o->z), free(o->dx), free(o->dy), free(o->dz), free(o->tri), free(o->flags);
}
static void free_npcs(npcs *c)
{
    free(c->x), free(c->y), free(c->z), free(c->r), free(c->h), free(c->dx), free(c->dy), free(c->dz), free(c->w);
}

/* The stage switches of one case. */
typedef struct variant {
    int separate, trees, ground; /* ground: 0 none, 1 whole soup, 2 grid */
    int weights, out_d;
} variant;

static horde_frame_scene scene_of(const variant *v)
{
    horde_frame_scene s = {cur_world, NULL, NULL, NULL, NULL};
    if (v->trees)
        s.tree_grid = &tree_grid, s.trees = &trees;
    if (v->ground == 1)
        s.ground = &ramp_soup;
    if (v->ground == 2)
        s.ground_grid = &ramp_grid, s.ground = &ramp_soup; /* the grid wins */
    return s;
}

/* The batch of one case: the NPCs c into o, with the case's optional arrays. */
static horde_frame_batch batch_of(const variant *v, const npcs *c, out *o, horde_frame_profile *profile)
{
    const horde_frame_batch b = {c->x, c->y, c->z, c->r, c->h, c->dx, c->dy, c->dz, v->weights ? c->w : NULL,
                                 o->x, o->y, o->z, v->out_d ? o->dx : NULL, v->out_d ? o->dy : NULL,
                                 v->out_d ? o->dz : NULL, o->tri, o->flags, c->n, profile};
    return b;
}

/* The recipe, one public call at a time (tests/support/frame_recipe.h). */
static void recipe(horde_isa isa, const variant *v, const horde_frame_params *p, const npcs *c, out *o)
{
    const horde_frame_scene s = scene_of(v);
    horde_frame_params q = *p;
    q.separate = v->separate;
    const horde_frame_batch b = batch_of(v, c, o, NULL);
    CHECK(fr_recipe(isa, &s, &q, &b) == HORDE_OK, "recipe");
}

static unsigned char fill_byte;
static horde_frame_profile *profile_out; /* frame()'s out_profile */
static void *scratch;
static size_t scratch_size;

static horde_status frame(horde_isa isa, const horde_tasks *tasks, const variant *v, const horde_frame_params *p,
                          const npcs *c, out *o)
{
    const horde_frame_scene s = scene_of(v);
    const size_t bytes = horde_frame_scratch_bytes(&s, c->n);
    CHECK(bytes > 0 && bytes <= scratch_size, "scratch query %zu", bytes);
    memset(scratch, fill_byte++, bytes);
    const horde_frame_batch b = batch_of(v, c, o, profile_out);
    horde_frame_params q = *p;
    q.separate = v->separate;
    return horde_frame_isa(isa, tasks, &s, &q, &b, (char *)scratch + (fill_byte & 7), bytes);
}

static int same(const out *a, const out *b, size_t n, int out_d)
{
    for (size_t i = 0; i < n && getenv("FRAME_DEBUG"); i++)
        if (memcmp(&a->x[i], &b->x[i], 4) || memcmp(&a->y[i], &b->y[i], 4) || a->flags[i] != b->flags[i] || a->tri[i] != b->tri[i]) {
            fprintf(stderr, "npc %zu: x %a %a y %a %a flags %#x %#x tri %u %u\n", i, a->x[i], b->x[i], a->y[i], b->y[i], a->flags[i], b->flags[i], a->tri[i], b->tri[i]);
            break;
        }
    int ok = !memcmp(a->x, b->x, n * 4) && !memcmp(a->y, b->y, n * 4) && !memcmp(a->z, b->z, n * 4) &&
             !memcmp(a->tri, b->tri, n * 4) && !memcmp(a->flags, b->flags, n * 4);
    if (out_d)
        ok = ok && !memcmp(a->dx, b->dx, n * 4) && !memcmp(a->dy, b->dy, n * 4) && !memcmp(a->dz, b->dz, n * 4);
    return ok;
}

static void bad_arguments(void)
{
    npcs c;
    tu_rng g = {3};
    make_npcs(&c, 4, &g);
    intents(&c, &g);
    out o;
    alloc_out(&o, 4);
    for (int i = 0; i < 4; i++)
        o.x[i] = -7.0f, o.flags[i] = 77;
    horde_frame_scene s = {&world.w, &tree_grid, &trees, NULL, &ramp_grid};
    const size_t bytes = horde_frame_scratch_bytes(&s, 4);
    void *mem = malloc(bytes);
    horde_frame_batch b = {c.x, c.y, c.z, c.r, c.h, c.dx, c.dy, c.dz, NULL, o.x, o.y, o.z, NULL, NULL, NULL,
                           o.tri, o.flags, 4, NULL};
    horde_frame_params p;
    horde_frame_params_default(&p);
    CHECK(horde_frame_scratch_bytes(NULL, 4) == 0, "NULL scene");
    {
        /* the header's formula: 22 arrays, 64 bytes of record per NPC, the cell counters,
         * the alignment slack, the larger of the stages' scratch */
        const size_t cs = horde_crowd_separate_scratch_bytes(1000);
        const size_t ts = horde_radial_push_grid_scratch_bytes(&tree_grid, 1000);
        const size_t want = 22 * 4032 + 64 * 1000 + 262144 + 63 + (cs > ts ? cs : ts);
        CHECK(horde_frame_scratch_bytes(&s, 1000) == want, "scratch formula: %zu, not %zu",
              horde_frame_scratch_bytes(&s, 1000), want);
        /* a row of counters per 16,384 NPCs, at most 8: 6 rows for 100,000 */
        const size_t cs6 = horde_crowd_separate_scratch_bytes(100000);
        const size_t ts6 = horde_radial_push_grid_scratch_bytes(&tree_grid, 100000);
        const size_t want6 = 22 * 400000 + 64 * 100000 + 6 * 262144 + 63 + (cs6 > ts6 ? cs6 : ts6);
        CHECK(horde_frame_scratch_bytes(&s, 100000) == want6, "scratch formula: %zu, not %zu",
              horde_frame_scratch_bytes(&s, 100000), want6);
        const size_t n8 = 200000, cs8 = horde_crowd_separate_scratch_bytes(n8);
        const size_t ts8 = horde_radial_push_grid_scratch_bytes(&tree_grid, n8);
        const size_t want8 = 22 * 4 * n8 + 64 * n8 + 8 * 262144 + 63 + (cs8 > ts8 ? cs8 : ts8);
        CHECK(horde_frame_scratch_bytes(&s, n8) == want8, "scratch formula: %zu, not %zu",
              horde_frame_scratch_bytes(&s, n8), want8);
        CHECK(horde_frame_scratch_bytes(&s, HORDE_CROWD_SEPARATE_MAX_N + 1) == 0, "n above the crowd's limit");
    }
    CHECK(horde_frame(NULL, NULL, &p, &b, mem, bytes) == HORDE_ERR_NULL_ARG, "NULL scene");
    CHECK(horde_frame(NULL, &s, &p, NULL, mem, bytes) == HORDE_ERR_NULL_ARG, "NULL batch");
    CHECK(horde_frame(NULL, &s, &p, &b, NULL, bytes) == HORDE_ERR_NULL_ARG, "NULL scratch");
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes - 1) == HORDE_ERR_BAD_PARAMS, "short scratch");
    p.crowd.iterations = 0;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "crowd iterations 0");
    horde_frame_params_default(&p), p.trees.iterations = 1000;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "tree iterations");
    horde_frame_params_default(&p), p.move.step = 0.0f;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "move step");
    horde_frame_params_default(&p), p.ground.depth = NAN;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "ground depth");
    horde_frame_params_default(&p), p.ground_lift = -1.0f;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "lift");
    horde_frame_params_default(&p), p.sort = 2;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "sort 2");
    horde_frame_params_default(&p);
    const horde_tasks bad_tasks = {NULL, NULL, 1, NULL};
    CHECK(horde_frame(&bad_tasks, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "bad task system");
    static uint32_t not_a_state[64]; /* never set up by horde_crowd_separate_state_init */
    p.crowd.state = not_a_state;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "bad crowd state");
    horde_frame_params_default(&p);
    CHECK(horde_frame_isa((horde_isa)99, NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_UNKNOWN_ISA, "unknown isa");
    horde_triangle_grid broken = ramp_grid;
    broken.cell = -1.0f, s.ground_grid = &broken;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "grid not built");
    s.ground_grid = &ramp_grid, s.trees = NULL;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_NULL_ARG, "tree grid without trees");
    s.trees = &trees;
    b.out_dx = o.dx;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_PARAMS, "out_dx alone");
    b.out_dx = NULL, b.dy = NULL;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_NULL_ARG, "NULL dy");
    b.dy = c.dy;
    horde_world bad_world = world.w;
    bad_world.nx = -1, s.world = &bad_world;
    CHECK(horde_frame(NULL, &s, &p, &b, mem, bytes) == HORDE_ERR_BAD_WORLD, "bad world");
    s.world = &world.w;
    int untouched = 1;
    for (int i = 0; i < 4; i++)
        untouched &= o.x[i] == -7.0f && o.flags[i] == 77;
    CHECK(untouched, "a failing call writes nothing");
    b.n = 0;
    CHECK(horde_frame(NULL, &s, NULL, &b, NULL, horde_frame_scratch_bytes(&s, 0)) == HORDE_OK, "n = 0");
    b.n = 4;
    CHECK(horde_frame(NULL, &s, NULL, &b, mem, bytes) == HORDE_OK, "default params");
    free(mem);
    free_out(&o);
    free_npcs(&c);
}

/* The spatial order (sort 1) against the caller's order (sort 0) and the recipe, on a
 * world view of 100 x 100 chunks (more cells than HORDE_FRAME_CELLS at 8 blocks, so
 * coarser ones), every pointer the test world's first chunk: NPCs spread over the whole
 * view and beyond it on every side, NaN and infinite positions, groups of NPCs at one
 * position, n around multiples of the stages' blocks, inline and on pools. */
static void spatial_order(tp_pool *pools, int n_pools)
{
    enum { SIDE = 100 };
    static const horde_chunk *ptrs[SIDE * SIDE];
    for (int i = 0; i < SIDE * SIDE; i++)
        ptrs[i] = world.w.chunks[0];
    horde_world big;
    CHECK(horde_world_init(&big, ptrs, -3, 0, -2, SIDE, 1, SIDE, HORDE_MISSING_EMPTY) == HORDE_OK, "big world");
    /* a view 0 chunks wide and 20,000 long: one column of order cells, at most
     * HORDE_FRAME_CELLS of them */
    horde_world thin;
    CHECK(horde_world_init(&thin, ptrs, -3, 0, -2, 0, 1, 20000, HORDE_MISSING_SOLID) == HORDE_OK, "thin world");
    cur_world = &big;
    static const size_t sizes[] = {1023, 1024, 1025, 2047, 2049, N_MAX, 1500};
    enum { SIZES = sizeof sizes / sizeof sizes[0] };
    tu_rng g = {0x50e7};
    const float lo = -3.0f * 32.0f - 40.0f, hi = (SIDE - 3) * 32.0f + 40.0f;
    for (size_t si = 0; si < SIZES; si++) {
        if (tu_reduced() && si % 2) /* a reduced run (tu_reduced): every other size */
            continue;
        if (si == SIZES - 1)
            cur_world = &thin;
        npcs c;
        make_npcs(&c, sizes[si], &g);
        for (size_t i = 0; i < c.n; i++) {
            if (i % 3 == 0) /* a third spread over the view and around it, the rest near the trees */
                c.x[i] = tu_uniform(&g, lo, hi), c.z[i] = tu_uniform(&g, lo - 64.0f, hi);
            if (i % 97 == 5)
                c.z[i] = NAN;
            if (i % 89 == 7)
                c.x[i] = (i & 8) ? INFINITY : -INFINITY;
            if (i % 10 == 9) /* a group at one position */
                c.x[i] = c.x[i - 1], c.z[i] = c.z[i - 1], c.y[i] = c.y[i - 1];
        }
        intents(&c, &g);
        out ref, a, b;
        alloc_out(&ref, c.n), alloc_out(&a, c.n), alloc_out(&b, c.n);
        for (int m = 0; m < 12; m++) {
            const variant v = {m & 1 ? 0 : 1, (m >> 1) & 1, m >> 2, m & 1, 1};
            horde_frame_params p;
            horde_frame_params_default(&p);
            p.move.step_height = 1.0f;
            recipe(horde_isa_active(), &v, &p, &c, &ref);
            p.sort = 0;
            CHECK(frame(horde_isa_active(), NULL, &v, &p, &c, &a) == HORDE_OK && same(&ref, &a, c.n, 1),
                  "n=%zu stages %d: caller's order differs", c.n, m);
            p.sort = 1;
            for (int k = -1; k < n_pools; k++) {
                CHECK(frame(horde_isa_active(), k < 0 ? NULL : &pools[k].tasks, &v, &p, &c, &b) == HORDE_OK &&
                          same(&ref, &b, c.n, 1),
                      "n=%zu stages %d pool %d: spatial order differs", c.n, m, k);
            }
        }
        free_out(&ref), free_out(&a), free_out(&b);
        free_npcs(&c);
    }
    /* batches that the order's sort splits into parts (one per 16,384 NPCs, at most 8)
     * on a task system, against the caller's order inline */
    cur_world = &big;
    static const size_t large[] = {36865, 139999};
    for (size_t si = 0; si < 2 && !(si == 1 && tu_reduced()); si++) {
        npcs c;
        make_npcs(&c, large[si], &g);
        for (size_t i = 0; i < c.n; i++)
            if (i % 2 == 0)
                c.x[i] = tu_uniform(&g, lo, hi), c.z[i] = tu_uniform(&g, lo - 64.0f, hi);
        intents(&c, &g);
        out ref, b;
        alloc_out(&ref, c.n), alloc_out(&b, c.n);
        const variant v = {0, 1, 2, 0, 1};
        horde_frame_params p;
        horde_frame_params_default(&p);
        p.sort = 0;
        CHECK(frame(horde_isa_active(), NULL, &v, &p, &c, &ref) == HORDE_OK, "n=%zu caller's order", c.n);
        p.sort = 1;
        for (int k = 0; k <= n_pools; k++) {
            static tp_serial serial;
            tp_serial_init(&serial, 3, TP_RANDOM, 1, 77u + (uint64_t)si);
            const horde_tasks *t = k < n_pools ? &pools[k].tasks : &serial.tasks;
            CHECK(frame(horde_isa_active(), t, &v, &p, &c, &b) == HORDE_OK && same(&ref, &b, c.n, 1),
                  "n=%zu pool %d: spatial order in parts differs", c.n, k);
        }
        free_out(&ref), free_out(&b);
        free_npcs(&c);
    }
    cur_world = &world.w;
}

#include "frame_profile.h"

int main(void)
{
    tu_rng g = {0xf4a3e};
    make_scene(&g);
    bad_arguments();
    static const uint32_t pool_workers[] = {1, 2, 3, 7, 16};
    enum { POOLS = sizeof pool_workers / sizeof pool_workers[0] };
    tp_pool pools[POOLS];
    for (int k = 0; k < POOLS; k++)
        CHECK(tp_pool_start(&pools[k], pool_workers[k], 1, pool_workers[k] == 1 || k % 2) == 0, "pool of %u",
              pool_workers[k]);
    static tp_serial serial;
    horde_frame_scene big = {&world.w, &tree_grid, &trees, NULL, NULL};
    scratch_size = horde_frame_scratch_bytes(&big, 139999) + 8; /* spatial_order's largest batch */
    scratch = malloc(scratch_size);
    spatial_order(pools, POOLS);
    profile(&pools[1]);
    static const size_t sizes[] = {0, 1, 37, 1200, N_MAX};
    long runs = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        npcs c;
        make_npcs(&c, sizes[si], &g);
        out ref, got;
        alloc_out(&ref, c.n), alloc_out(&got, c.n);
        /* one crowd state for these NPCs across every frame and backend: the bits never
         * depend on it */
        const size_t state_bytes = horde_crowd_separate_state_bytes(c.n);
        uint32_t *state = malloc(state_bytes + 4);
        CHECK(horde_crowd_separate_state_init(state, state_bytes, c.n, 0.5f) == HORDE_OK, "state");
        for (int frame_no = 0; frame_no < 4; frame_no++) {
            intents(&c, &g);
            variant v = {1, 1, 2, (int)(frame_no & 1), frame_no != 1};
            if (frame_no == 2)
                v.ground = 1;
            horde_frame_params p;
            horde_frame_params_default(&p);
            p.move.step_height = frame_no == 3 ? 1.0f : 0.0f;
            p.sort = frame_no & 1 ? -1 : 1; /* the spatial order and the caller's (these n are small) */
            TU_FOR_EACH_BACKEND(isa) {
                /* a reduced run (tu_reduced) tests the largest crowd on the active backend only */
                if (c.n == N_MAX && isa != horde_isa_active() && tu_reduced())
                    continue;
                const char *name = horde_isa_name(isa);
                recipe(isa, &v, &p, &c, &ref);
                CHECK(frame(isa, NULL, &v, &p, &c, &got) == HORDE_OK && same(&ref, &got, c.n, v.out_d),
                      "%s n=%zu frame %d: inline differs", name, c.n, frame_no);
                for (int k = 0; k < POOLS; k++) {
                    CHECK(frame(isa, &pools[k].tasks, &v, &p, &c, &got) == HORDE_OK && same(&ref, &got, c.n, v.out_d),
                          "%s n=%zu frame %d: pool of %u differs", name, c.n, frame_no, pool_workers[k]);
                    runs++;
                }
                horde_frame_params ps = p;
                ps.crowd.state = state;
                CHECK(frame(isa, &pools[1].tasks, &v, &ps, &c, &got) == HORDE_OK && same(&ref, &got, c.n, v.out_d),
                      "%s n=%zu frame %d: with a crowd state differs", name, c.n, frame_no);
                tp_serial_init(&serial, 1 + (uint32_t)(frame_no % 5), TP_RANDOM, frame_no & 1, 31u * (uint64_t)frame_no);
                CHECK(frame(isa, &serial.tasks, &v, &p, &c, &got) == HORDE_OK && same(&ref, &got, c.n, v.out_d),
                      "%s n=%zu frame %d: serial scheduler differs", name, c.n, frame_no);
                CHECK(serial.bad == 0, "serial scheduler saw %u bad calls", serial.bad);
                /* every subset of the stages, inline */
                for (int m = 0; m < 12; m++) {
                    variant u = {m & 1, (m >> 1) & 1, m >> 2, (int)(frame_no & 1), 1};
                    recipe(isa, &u, &p, &c, &ref);
                    CHECK(frame(isa, NULL, &u, &p, &c, &got) == HORDE_OK && same(&ref, &got, c.n, 1),
                          "%s n=%zu frame %d: stages %d differ", name, c.n, frame_no, m);
                }
                runs += 14;
            }
            /* outputs aliasing the inputs: the frame steps the NPCs in place (active backend) */
            recipe(horde_isa_active(), &v, &p, &c, &ref);
            const horde_frame_scene s = scene_of(&v);
            const horde_frame_batch b = {c.x, c.y, c.z, c.r, c.h, c.dx, c.dy, c.dz, v.weights ? c.w : NULL,
                                         c.x, c.y, c.z, c.dx, c.dy, c.dz, got.tri, got.flags, c.n, NULL};
            CHECK(horde_frame(&pools[2].tasks, &s, &p, &b, scratch, scratch_size) == HORDE_OK, "in place");
            CHECK(!memcmp(c.x, ref.x, c.n * 4) && !memcmp(c.y, ref.y, c.n * 4) && !memcmp(c.z, ref.z, c.n * 4) &&
                      !memcmp(got.flags, ref.flags, c.n * 4) && !memcmp(got.tri, ref.tri, c.n * 4) &&
                      (!v.out_d || !memcmp(c.dx, ref.dx, c.n * 4)),
                  "n=%zu frame %d: in place differs", c.n, frame_no);
        }
        free_out(&ref), free_out(&got), free(state);
        free_npcs(&c);
    }
    for (int k = 0; k < POOLS; k++) {
        CHECK(TP_LOAD(pools[k].bad) == 0, "pool of %u saw bad calls", pool_workers[k]);
        tp_pool_stop(&pools[k]);
    }
    printf("%ld frame calls equal to the recipe\n", runs);
    free(scratch), free(tree_mem), free(ramp_mem);
    tu_world_free(&world);
    return tu_finish("frame");
}
