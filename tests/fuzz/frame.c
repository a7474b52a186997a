/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_frame (fuzz.h has the harness). Inputs: a world of up to 3 x 3 x 3
 * chunks (fz_world_make), up to 12 trees in a pole grid of a cell of 1/2 to 8 blocks (or
 * none), up to 8 ground triangles tested whole or through a grid (or none), up to 300
 * NPCs near the world with raw float bits among them (NaN, Inf, negative radii and
 * heights, huge moves), sometimes repeated into a batch of up to 2,700 (so that the
 * stages split it into task blocks), weights or none, the displacement outputs or none, the crowd
 * stage on or off, the order's switch (-1, 0, 1 or a bad value) and the ground lift
 * (sometimes out of range), offset arrays and scratch, a caller FP environment, and a
 * task system that runs ranges of random sizes in random or reverse order, at enqueue or
 * at finish (tests/support/task_serial.h). Checks: the scalar call's status is the
 * header's (BAD_PARAMS for a bad order switch or lift, else OK); a failing call writes
 * no output; an OK call returns exactly the bits of the recipe's sequence of public
 * calls (tests/support/frame_recipe.h, the whole soup for the ground); every backend
 * inline, the best one on the task system, and the other order return the scalar call's
 * bits; nothing is written outside the outputs' n items or past the scratch's size
 * query; the caller's FP control bits survive; the task system saw no misuse, and with
 * one worker was given nothing. */
#include "fuzz.h"
#include "frame_recipe.h"
#include "task_serial.h"

enum { C_OK, C_COLLIDED, C_BAD_PARAMS, C_TREES, C_ON_GROUND, C_TASKS, C_N };
static const char *const names[C_N] = {"ok", "collided", "bad_params", "trees", "on_ground", "tasks"};
/* Up to FZ_MAX_N NPCs from the bytes, repeated up to 9 times (each copy 3 blocks further
 * along x): batches above one task block (1,024 NPCs) reach the task system. */
enum { MAXT = 12, MAXG = 8, SCRATCH_GUARD = 64, REPS = 9, NMAX = FZ_MAX_N * REPS };
#define GRID_CAP ((size_t)64 << 20) /* bytes of a triangle grid's scratch the target allocates */
typedef struct { float v[NMAX + FZ_PAD + 8]; } big_floats;
typedef struct { uint32_t v[NMAX + FZ_PAD + 8]; } big_u32s;

FZ_INITIALIZE(names, 2) /* the first 2 must move */

static fz_world fw;
static big_floats in[9], res[3][6];
static big_u32s rtri[3], rflags[3];
static float tx[MAXT], tz[MAXT], tr[MAXT], tb[MAXT], tt[MAXT], tri[9][MAXG];

static float *place(big_floats *a, int off)
{
    fz_guard_fill(a->v, sizeof a->v / sizeof a->v[0]);
    return a->v + off;
}
static uint32_t *place_u(big_u32s *a, int off)
{
    fz_guard_fill(a->v, sizeof a->v / sizeof a->v[0]);
    return a->v + off;
}

/* Every word of an output array outside [off, off + n) still holds the guard. */
static void guards_ok(const void *base, int off, size_t n, const char *what)
{
    const uint32_t *u = (const uint32_t *)base;
    for (size_t i = 0; i < NMAX + FZ_PAD + 8; i++)
        FZ_CHECK(((int)i >= off && i < (size_t)off + n) || u[i] == FZ_GUARD, "%s: word %zu written (n = %zu)", what,
                 i, n);
}

typedef struct {
    horde_frame_scene scene;
    horde_poles trees;
    horde_pole_grid tree_grid;
    horde_triangles soup;
    horde_triangle_grid ground_grid;
    void *tree_mem, *ground_mem;
    float floor_y; /* the height of the flat ground triangles (when the soup has them) */
    float cx, cz;  /* their centre */
} fz_scene;

/* The trees and the ground of the scene (both optional); grids that do not build are left out. */
static void make_scene(fz_bytes *b, fz_scene *s)
{
    memset(s, 0, sizeof *s);
    s->scene.world = &fw.w;
    const float cx = fz_near_world(b, fw.w.origin_cx, 48.0f), cz = fz_near_world(b, fw.w.origin_cz, 48.0f);
    const float cy = fz_near_world(b, fw.w.origin_cy, 16.0f);
    const uint8_t k = fz_u8(b);
    if (k & 1) {
        const size_t nt = fz_u8(b) % (MAXT + 1);
        for (size_t i = 0; i < nt; i++) {
            tx[i] = cx + fz_float(b, 24.0f), tz[i] = cz + fz_float(b, 24.0f), tr[i] = fz_float(b, 1.0f);
            tb[i] = cy + fz_float(b, 8.0f), tt[i] = tb[i] + fz_float(b, 8.0f);
        }
        s->trees = (horde_poles){tx, tz, tr, tb, tt, nt};
        const float cell = 0.5f + (float)(fz_u8(b) % 16) * 0.5f;
        const size_t bytes = horde_pole_grid_scratch_bytes(&s->trees, cell);
        s->tree_mem = malloc(bytes ? bytes : 1);
        if (bytes && horde_pole_grid_build(&s->tree_grid, &s->trees, cell, s->tree_mem, bytes) == HORDE_OK)
            s->scene.tree_grid = &s->tree_grid, s->scene.trees = &s->trees;
    }
    if (k & 2) {
        const size_t ng = fz_u8(b) % (MAXG + 1);
        for (size_t i = 0; i < ng; i++)
            for (int v = 0; v < 3; v++) {
                tri[3 * v][i] = cx + fz_float(b, 24.0f), tri[3 * v + 2][i] = cz + fz_float(b, 24.0f);
                tri[3 * v + 1][i] = cy + fz_float(b, 4.0f);
            }
        /* flat at an integer height, both windings: NPCs standing exactly on them (gy equal
         * to out_y) decide the ground step's comparison */
        s->floor_y = rintf(cy), s->cx = cx, s->cz = cz;
        static const float corner[3][2] = {{-20.0f, -20.0f}, {20.0f, -20.0f}, {0.0f, 20.0f}};
        for (size_t i = 0; ng >= 2 && (k & 8) && i < 2; i++)
            for (int v = 0; v < 3; v++) {
                const int w = i ? 2 - v : v;
                tri[3 * v][i] = cx + corner[w][0], tri[3 * v + 1][i] = s->floor_y, tri[3 * v + 2][i] = cz + corner[w][1];
            }
        s->soup = (horde_triangles){tri[0], tri[1], tri[2], tri[3], tri[4], tri[5], tri[6], tri[7], tri[8], ng};
        s->scene.ground = &s->soup;
        if (k & 4) {
            const float cell = 0.5f + (float)(fz_u8(b) % 16) * 0.5f;
            const size_t bytes = horde_triangle_grid_scratch_bytes(&s->soup, cell);
            /* a grid of a few huge triangles may ask for gigabytes: such a scene goes without */
            s->ground_mem = bytes <= GRID_CAP ? malloc(bytes ? bytes : 1) : NULL;
            if (bytes && s->ground_mem &&
                horde_triangle_grid_build(&s->ground_grid, &s->soup, cell, s->ground_mem, bytes) == HORDE_OK)
                s->scene.ground_grid = &s->ground_grid;
        }
    }
}

typedef struct {
    size_t n;
    int off, with_d, weights;
    uint8_t fp;
    const float *x[9];
} fz_call;

/* One call of horde_frame_isa into result slot `slot`, with the scratch at offset soff
 * filled with `fill` and guarded past the size query. */
static horde_status run(horde_isa isa, const horde_tasks *tasks, const fz_scene *s, const horde_frame_params *p,
                        const fz_call *c, int slot, int soff, uint8_t fill, int recipe)
{
    float *o[6];
    for (int k = 0; k < 6; k++)
        o[k] = place(&res[slot][k], c->off);
    uint32_t *ot = place_u(&rtri[slot], c->off), *of = place_u(&rflags[slot], c->off);
    const horde_frame_batch b = {c->x[0], c->x[1], c->x[2], c->x[3], c->x[4], c->x[5], c->x[6], c->x[7],
                                 c->weights ? c->x[8] : NULL, o[0], o[1], o[2], c->with_d ? o[3] : NULL,
                                 c->with_d ? o[4] : NULL, c->with_d ? o[5] : NULL, ot, of, c->n, NULL};
    if (recipe)
        return fr_recipe(isa, &s->scene, p, &b);
    const size_t bytes = horde_frame_scratch_bytes(&s->scene, c->n);
    unsigned char *mem = malloc(bytes + soff + SCRATCH_GUARD);
    FZ_CHECK(mem != NULL, "scratch");
    memset(mem, fill, bytes + soff + SCRATCH_GUARD);
    const fz_fp saved = fz_fp_enter(c->fp);
    const horde_status st = horde_frame_isa(isa, tasks, &s->scene, p, &b, mem + soff, bytes);
    fz_fp_leave(saved);
    for (size_t i = 0; i < (size_t)soff; i++)
        FZ_CHECK(mem[i] == fill, "scratch written before its start");
    for (size_t i = 0; i < SCRATCH_GUARD; i++)
        FZ_CHECK(mem[soff + bytes + i] == fill, "scratch written past the size query (%zu bytes)", bytes);
    free(mem);
    for (int k = 0; k < 6; k++)
        guards_ok(res[slot][k].v, c->off, st == HORDE_OK && (k < 3 || c->with_d) ? c->n : 0, "out");
    guards_ok(rtri[slot].v, c->off, st == HORDE_OK ? c->n : 0, "out_tri");
    guards_ok(rflags[slot].v, c->off, st == HORDE_OK ? c->n : 0, "out_flags");
    return st;
}

/* Result slots a and b hold the same bits over the call's outputs. */
static int same_out(const fz_call *c, int a, int b)
{
    int ok = fz_same(rtri[a].v + c->off, rtri[b].v + c->off, c->n) &&
             fz_same(rflags[a].v + c->off, rflags[b].v + c->off, c->n);
    for (int k = 0; k < (c->with_d ? 6 : 3); k++)
        ok = ok && fz_same(res[a][k].v + c->off, res[b][k].v + c->off, c->n);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    fz_world_make(&fw, &b);
    if (fw.init_status != HORDE_OK)
        return 0;
    fz_scene s;
    make_scene(&b, &s);
    fz_call c;
    const size_t m = fz_count_n(&b, FZ_MAX_N);
    c.off = fz_u8(&b) % 4;
    const uint8_t sw = fz_u8(&b);
    c.with_d = sw & 1, c.weights = (sw >> 1) & 1, c.fp = fz_u8(&b);
    const size_t reps = (sw & 0x1c) == 0x1c ? 1 + fz_u8(&b) % REPS : 1;
    c.n = m * reps;
    const uint8_t tk = fz_u8(&b); /* the task system */
    const float bx = fz_near_world(&b, fw.w.origin_cx, 64.0f), bz = fz_near_world(&b, fw.w.origin_cz, 64.0f);
    const float by = fz_near_world(&b, fw.w.origin_cy, 32.0f);
    float *x[9];
    for (int k = 0; k < 9; k++)
        x[k] = place(&in[k], c.off), c.x[k] = x[k];
    for (size_t i = 0; i < m; i++) {
        const uint8_t q = fz_u8(&b);
        x[0][i] = bx + fz_float(&b, 16.0f), x[1][i] = by + fz_float(&b, 4.0f), x[2][i] = bz + fz_float(&b, 16.0f);
        x[3][i] = (q & 1) ? fz_float(&b, 1.0f) : 0.3f, x[4][i] = (q & 2) ? fz_float(&b, 4.0f) : 1.8f;
        for (int k = 5; k < 8; k++)
            x[k][i] = (q & 4) ? fz_float(&b, 8.0f) : fz_float(&b, 0.5f);
        x[8][i] = fz_float(&b, 2.0f);
        if ((q & 8) && s.scene.ground) /* standing on the flat triangles, not falling */
            x[0][i] = s.cx + fz_float(&b, 8.0f), x[1][i] = s.floor_y, x[2][i] = s.cz + fz_float(&b, 8.0f), x[6][i] = 0.0f;
    }
    for (size_t i = m; i < c.n; i++) {
        for (int k = 0; k < 9; k++)
            x[k][i] = x[k][i - m];
        x[0][i] = x[0][i - m] + 3.0f;
    }

    horde_frame_params p;
    horde_frame_params_default(&p);
    const uint8_t ps = fz_u8(&b);
    p.separate = ps & 1;
    static const int sorts[8] = {-1, -1, 0, 0, 1, 1, 2, -2};
    p.sort = sorts[(ps >> 1) & 7];
    if (ps & 0x10)
        p.ground_lift = fz_float(&b, 20.0f);
    const int params_ok = p.sort >= -1 && p.sort <= 1 && isfinite(p.ground_lift) && p.ground_lift >= 0.0f &&
                          p.ground_lift <= HORDE_FRAME_MAX_LIFT;
    const int soff = fz_u8(&b) % 8;

    /* slot 0: the scalar call; slot 1: the recipe, then each other inline call in turn;
     * slot 2: the call on the task system */
    const horde_status st = run(HORDE_ISA_SCALAR, NULL, &s, &p, &c, 0, soff, 0xa5, 0);
    FZ_CHECK(st == (params_ok ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d, params valid %d (sort %d, lift %a)",
             st, params_ok, p.sort, p.ground_lift);
    fz_count(C_BAD_PARAMS, st == HORDE_ERR_BAD_PARAMS);
    if (st == HORDE_OK) {
        fz_count(C_OK, c.n > 0);
        fz_count(C_TREES, c.n > 0 && s.scene.trees != NULL);
        for (size_t i = 0; i < c.n; i++) {
            fz_count(C_COLLIDED, (rflags[0].v[c.off + i] & HORDE_FLAG_COLLIDED) != 0);
            fz_count(C_ON_GROUND, s.scene.ground && (rflags[0].v[c.off + i] & HORDE_FLAG_ON_GROUND) != 0);
        }
        const horde_status rs = run(HORDE_ISA_SCALAR, NULL, &s, &p, &c, 1, 0, 0, 1);
        FZ_CHECK(rs == HORDE_OK, "recipe status %d", rs);
        FZ_CHECK(same_out(&c, 0, 1), "the frame differs from the recipe (n = %zu)", c.n);

        horde_frame_params q = p;
        q.sort = p.sort == 1 ? 0 : 1; /* (-1 is 0 below HORDE_FRAME_SORT_MIN_N NPCs) */
        FZ_CHECK(run(HORDE_ISA_SCALAR, NULL, &s, &q, &c, 1, soff, 0x5a, 0) == HORDE_OK, "other order's status");
        FZ_CHECK(same_out(&c, 0, 1), "the order changed a result");
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        const horde_status s1 = run(isa, NULL, &s, &p, &c, 1, soff, 0x3c, 0);
        FZ_CHECK(s1 == st, "%s: status %d, scalar %d", horde_isa_name(isa), s1, st);
        if (st == HORDE_OK)
            FZ_CHECK(same_out(&c, 0, 1), "%s differs from scalar", horde_isa_name(isa));
    }
    static tp_serial ts;
    tp_serial_init(&ts, 1 + tk % 5, (tk >> 3) & 1 ? TP_RANDOM : TP_REVERSE, (tk >> 4) & 1, 0x7461736bu + tk);
    const horde_isa best = horde_isa_best();
    const horde_status s2 = run(best, &ts.tasks, &s, &p, &c, 2, soff, 0xc3, 0);
    FZ_CHECK(s2 == st, "tasks: status %d, scalar %d", s2, st);
    FZ_CHECK(ts.bad == 0 && !ts.pending, "tasks: %u misuses of the task system", ts.bad);
    FZ_CHECK(ts.tasks.worker_count > 1 || ts.stages == 0, "tasks: one worker, %u stages enqueued", ts.stages);
    fz_count(C_TASKS, ts.ranges > 0);
    if (st == HORDE_OK)
        FZ_CHECK(same_out(&c, 0, 2), "tasks (%u workers) differ from scalar inline", ts.tasks.worker_count);
    free(s.tree_mem), free(s.ground_mem);
    return 0;
}
