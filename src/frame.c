/* SPDX-License-Identifier: MIT */
/* horde_frame: the frame recipe as one call (semantics: include/horde/frame.h). Each
 * stage is the public call itself on the chosen backend, so the bits are the recipe's by
 * construction: the crowd and the trees through their _tasks forms on all the NPCs, the
 * move and the ground as plain calls on parts of a block (their lanes are independent).
 * This file checks every stage before the first one runs, lays out the scratch, puts the
 * NPCs in the spatial order and does the recipe's per-NPC arithmetic between the stages,
 * in batch stages over fixed blocks (src/batch_tasks.h): each NPC's arithmetic reads
 * only that NPC's values, so any split and any order gives the same bits. Five stages of
 * blocks at most (intent, pack, gather, finish, unpack) and the order's sort's four,
 * besides the crowd's and the trees' own. With a profile it reads a clock between the
 * stages, never inside one. */
#if !defined(_WIN32) && !defined(__APPLE__) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 199309L /* clock_gettime, for the profile (Apple's headers hide it then) */
#endif
#include <string.h>
#include <stdint.h>
#include <time.h>

#include "batch_tasks.h" /* horde_batch_stage: the per-NPC steps in fixed blocks */
#include "frame_order.h"
#include "horde/frame.h"
#include "tri/ground_height_grid.h"

void horde_frame_params_default(horde_frame_params *p)
{
    if (!p)
        return;
    p->separate = 1;
    horde_crowd_separate_params_default(&p->crowd);
    horde_radial_push_grid_params_default(&p->trees);
    horde_cylinder_move_params_default(&p->move);
    p->ground.depth = 1.2f;
    p->ground_lift = 0.6f;
    p->sort = -1;
}

/* Per-NPC arrays in the scratch, each on its own cache line: the O_ ones in the caller's
 * order, the P_ ones in the spatial order (perm: P_ item j is the caller's item perm[j]). */
enum {
    O_IX, O_IZ, O_CX, O_CZ, O_CF, O_KEY,
    P_PERM, P_X, P_Y, P_Z, P_R, P_H, P_DY, P_DDX, P_DDZ, P_CX, P_CZ, P_FL, P_TX, P_TY, P_TZ, P_TF,
    A_COUNT
};
#define FRAME_ALIGN 64u

/* In the spatial order the NPCs come from anywhere in the caller's arrays: one record
 * per NPC, a cache line in, half a line out, makes each NPC one random access instead of
 * one per array. */
typedef struct rec_in {
    float x, y, z, r, h, dy, ddx, ddz, cx, cz;
    uint32_t cf;
    float pad[5];
} rec_in;
/* How far ahead the random record accesses prefetch: the line of NPC j + FRAME_AHEAD is
 * on its way while NPC j's is used (the hardware prefetcher cannot guess a permutation). */
#define FRAME_AHEAD 16u
typedef struct rec_out {
    float x, y, z, dx, dy, dz;
    uint32_t tri, flags;
} rec_out;

static size_t array_bytes(size_t n) { return (n * 4 + FRAME_ALIGN - 1) / FRAME_ALIGN * FRAME_ALIGN; }

/* The stages' own scratch (crowd or trees, never both at once); 0 when a query is 0. */
static size_t stage_bytes(const horde_frame_scene *s, size_t n)
{
    size_t c = horde_crowd_separate_scratch_bytes(n);
    if (s->tree_grid) {
        const size_t t = horde_radial_push_grid_scratch_bytes(s->tree_grid, n);
        if (!t)
            return 0;
        c = t > c ? t : c;
    }
    return c;
}

static size_t scratch_bytes(const horde_frame_scene *s, size_t n)
{
    if (!s || n > HORDE_CROWD_SEPARATE_MAX_N)
        return 0;
    const size_t st = stage_bytes(s, n), fixed = (FRAME_ALIGN - 1) + horde_frame_order_bytes(n);
    /* the records are 16 floats per NPC: at most 16 arrays' worth (a 32-bit size_t
     * cannot hold the largest n's scratch) */
    if (!st || array_bytes(n) > (SIZE_MAX - fixed) / (A_COUNT + 16))
        return 0;
    const size_t arrays = fixed + A_COUNT * array_bytes(n) + n * sizeof(rec_in);
    return st > SIZE_MAX - arrays ? 0 : arrays + st;
}

size_t horde_frame_scratch_bytes(const horde_frame_scene *scene, size_t n)
{
    size_t bytes = 0;
    HORDE_CALL(bytes = scratch_bytes(scene, n));
    return bytes;
}

static int ground_on(const horde_frame_scene *s) { return s->ground_grid || s->ground; }

/* Every stage's call with n = 0 (scene, params, scratch size), then the frame's own. */
static int check(horde_isa isa, const horde_tasks *tasks, const horde_frame_scene *s, const horde_frame_params *p,
                 const horde_frame_batch *b, void *scratch, size_t bytes)
{
    if (!s || !s->world || !b)
        return HORDE_ERR_NULL_ARG;
    if ((s->tree_grid != NULL) != (s->trees != NULL))
        return HORDE_ERR_NULL_ARG;
    const size_t need = scratch_bytes(s, b->n);
    if (!need || bytes < need)
        return HORDE_ERR_BAD_PARAMS;
    const int triple = (b->out_dx != NULL) == (b->out_dy != NULL) && (b->out_dx != NULL) == (b->out_dz != NULL);
    if (!triple || !(p->ground_lift >= 0.0f && p->ground_lift <= HORDE_FRAME_MAX_LIFT) || p->sort < -1 ||
        p->sort > 1)
        return HORDE_ERR_BAD_PARAMS;
    int st;
    const horde_crowd_separate_batch cb = {0};
    horde_crowd_separate_params cp = p->crowd;
    cp.state = NULL; /* an empty call could reset the state; the real call checks it */
    if (p->separate &&
        (st = horde_crowd_separate_tasks_isa(isa, tasks, &cp, &cb, NULL, horde_crowd_separate_scratch_bytes(0))))
        return st;
    if (s->tree_grid) {
        const horde_radial_push_grid_batch tb = {0};
        if ((st = horde_radial_push_grid_isa(isa, s->tree_grid, s->trees, &p->trees, &tb, NULL,
                                             horde_radial_push_grid_scratch_bytes(s->tree_grid, 0))))
            return st;
    }
    const horde_cylinder_move_batch mb = {0};
    if ((st = horde_cylinder_move_isa(isa, s->world, &p->move, &mb)))
        return st;
    if ((st = horde_tasks_check(tasks)))
        return st;
    const horde_ground_height_batch gb = {0};
    if (s->ground_grid && (st = horde_ground_height_grid(s->ground_grid, &p->ground, &gb)))
        return st;
    if (!s->ground_grid && s->ground && (st = horde_ground_height_isa(isa, s->ground, &p->ground, &gb)))
        return st;
    if (b->n == 0)
        return HORDE_CHECKED_EMPTY;
    if (!scratch || !b->x || !b->y || !b->z || !b->radius || !b->height || !b->dx || !b->dy || !b->dz ||
        !b->out_x || !b->out_y || !b->out_z || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

/* What the per-NPC steps read and write (shared by their blocks, read only). */
typedef struct glue {
    horde_isa isa;
    const horde_frame_scene *s;
    const horde_frame_params *p;
    const horde_frame_batch *b;
    float *a[A_COUNT];
    const uint32_t *perm; /* NULL: the caller's order */
    uint32_t *cells;      /* the sort's counters: a row of HORDE_FRAME_CELLS per part */
    rec_in *in;           /* the sorted path's records in the caller's order */
    rec_out *out;         /* (the same memory, once the records in are read) */
    horde_frame_cells cells_of; /* the order's cells */
    int sorted, trees;
} glue;

#define U(g, k) ((uint32_t *)(void *)(g)->a[k])

/* 1. intent (for the crowd), and each NPC's cell (for the order) */
static void intent_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    const horde_frame_batch *b = g->b;
    if (g->p->separate)
        for (size_t i = i0; i < i1; i++)
            g->a[O_IX][i] = b->x[i] + b->dx[i], g->a[O_IZ][i] = b->z[i] + b->dz[i];
    if (g->sorted)
        for (size_t i = i0; i < i1; i++)
            U(g, O_KEY)[i] = horde_frame_cell(&g->cells_of, b->x[i], b->z[i]);
}

/* The correction so far: the crowd's joined to the intent (ix = x + dx again, the same
 * float operation as in step 1), or the intent alone. */
static void correction(const glue *g, size_t o, float x, float z, float dx, float dz, float *cx, float *cz,
                       float *ddx, float *ddz, uint32_t *cf)
{
    if (g->p->separate) {
        *cx = g->a[O_CX][o], *cz = g->a[O_CZ][o], *cf = U(g, O_CF)[o];
        *ddx = dx + (*cx - (x + dx)), *ddz = dz + (*cz - (z + dz));
    } else
        *cx = x + dx, *cz = z + dz, *ddx = dx, *ddz = dz, *cf = 0;
}

/* 2. the inputs of the per-NPC stages, in the caller's order (no spatial order) */
static void gather_block(const void *ctx, size_t j0, size_t j1)
{
    const glue *g = (const glue *)ctx;
    const horde_frame_batch *b = g->b;
    float *const *a = g->a;
    for (size_t j = j0; j < j1; j++) {
        const float x = b->x[j], z = b->z[j];
        a[P_X][j] = x, a[P_Y][j] = b->y[j], a[P_Z][j] = z, a[P_R][j] = b->radius[j], a[P_H][j] = b->height[j];
        a[P_DY][j] = b->dy[j];
        correction(g, j, x, z, b->dx[j], b->dz[j], &a[P_CX][j], &a[P_CZ][j], &a[P_DDX][j], &a[P_DDZ][j],
                   &U(g, P_FL)[j]);
    }
}

/* 2'. the spatial order: first every NPC's record, in the caller's order */
static void pack_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    const horde_frame_batch *b = g->b;
    for (size_t i = i0; i < i1; i++) {
        rec_in *r = &g->in[i];
        r->x = b->x[i], r->y = b->y[i], r->z = b->z[i], r->r = b->radius[i], r->h = b->height[i], r->dy = b->dy[i];
        correction(g, i, r->x, r->z, b->dx[i], b->dz[i], &r->cx, &r->cz, &r->ddx, &r->ddz, &r->cf);
    }
}

/* 2''. then the records in the order */
static void gather_sorted_block(const void *ctx, size_t j0, size_t j1)
{
    const glue *g = (const glue *)ctx;
    float *const *a = g->a;
    for (size_t j = j0; j < j1; j++) {
        if (j + FRAME_AHEAD < j1)
            __builtin_prefetch(&g->in[g->perm[j + FRAME_AHEAD]]);
        const rec_in *r = &g->in[g->perm[j]];
        a[P_X][j] = r->x, a[P_Y][j] = r->y, a[P_Z][j] = r->z, a[P_R][j] = r->r, a[P_H][j] = r->h;
        a[P_DY][j] = r->dy, a[P_DDX][j] = r->ddx, a[P_DDZ][j] = r->ddz, a[P_CX][j] = r->cx, a[P_CZ][j] = r->cz;
        U(g, P_FL)[j] = r->cf;
    }
}

/* 3-5 on the items [j0, j1) of the order: the trees' push joins the correction, the move,
 * the ground, then the results go back to the caller's order. */
static void finish_part(const glue *g, size_t j0, size_t j1)
{
    const horde_frame_batch *b = g->b;
    const horde_frame_scene *s = g->s;
    float *const *a = g->a;
    uint32_t *fl = U(g, P_FL), *tf = U(g, P_TF);
    const size_t m = j1 - j0;
    if (g->trees)
        for (size_t j = j0; j < j1; j++) {
            a[P_DDX][j] = a[P_DDX][j] + (a[P_TX][j] - a[P_CX][j]);
            a[P_DDZ][j] = a[P_DDZ][j] + (a[P_TZ][j] - a[P_CZ][j]);
            fl[j] |= tf[j];
        }
    const int out_d = b->out_dx != NULL;
    float *x = a[P_X] + j0, *y = a[P_Y] + j0, *z = a[P_Z] + j0;
    float *ddx = a[P_DDX] + j0, *dy = a[P_DY] + j0, *ddz = a[P_DDZ] + j0;
    const horde_cylinder_move_batch mb = {x, y, z, ddx, dy, ddz, a[P_R] + j0, a[P_H] + j0, x, y, z,
                                          out_d ? ddx : NULL, out_d ? dy : NULL, out_d ? ddz : NULL, tf + j0, m};
    (void)horde_cylinder_move_isa(g->isa, s->world, &g->p->move, &mb); /* checked before the first stage */
    for (size_t j = j0; j < j1; j++)
        fl[j] |= tf[j];
    const int ground = ground_on(s);
    uint32_t *gtri = U(g, P_TZ), *gf = U(g, P_CX);
    if (ground) {
        float *q = a[P_TX], *gy = a[P_TY];
        for (size_t j = j0; j < j1; j++)
            q[j] = a[P_Y][j] + g->p->ground_lift;
        const horde_ground_height_batch gb = {x, q + j0, z, gy + j0, gtri + j0, gf + j0, m};
        if (s->ground_grid)
            horde_ground_height_grid_run(s->ground_grid, &g->p->ground, &gb);
        else
            (void)horde_ground_height_isa(g->isa, s->ground, &g->p->ground, &gb);
        for (size_t j = j0; j < j1; j++) {
            if ((gf[j] & HORDE_FLAG_ON_GROUND) && gy[j] >= a[P_Y][j]) {
                a[P_Y][j] = gy[j];
                fl[j] |= HORDE_FLAG_ON_GROUND;
            }
            fl[j] |= gf[j] & HORDE_FLAG_INVALID;
        }
    }
    if (g->perm) {
        for (size_t j = j0; j < j1; j++) {
            if (j + FRAME_AHEAD < j1)
                __builtin_prefetch(&g->out[g->perm[j + FRAME_AHEAD]], 1);
            rec_out *r = &g->out[g->perm[j]];
            r->x = a[P_X][j], r->y = a[P_Y][j], r->z = a[P_Z][j], r->flags = fl[j];
            r->dx = a[P_DDX][j], r->dy = a[P_DY][j], r->dz = a[P_DDZ][j], r->tri = ground ? gtri[j] : HORDE_NONE;
        }
        return;
    }
    for (size_t j = j0; j < j1; j++) {
        b->out_x[j] = a[P_X][j], b->out_y[j] = a[P_Y][j], b->out_z[j] = a[P_Z][j], b->out_flags[j] = fl[j];
        if (out_d)
            b->out_dx[j] = a[P_DDX][j], b->out_dy[j] = a[P_DY][j], b->out_dz[j] = a[P_DDZ][j];
        if (b->out_tri)
            b->out_tri[j] = ground ? gtri[j] : HORDE_NONE;
    }
}

/* 6. the spatial order's results, from their records to the caller's arrays */
static void unpack_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    const horde_frame_batch *b = g->b;
    for (size_t i = i0; i < i1; i++) {
        const rec_out *r = &g->out[i];
        b->out_x[i] = r->x, b->out_y[i] = r->y, b->out_z[i] = r->z, b->out_flags[i] = r->flags;
        if (b->out_dx)
            b->out_dx[i] = r->dx, b->out_dy[i] = r->dy, b->out_dz[i] = r->dz;
        if (b->out_tri)
            b->out_tri[i] = r->tri;
    }
}

/* Parts of 1,024 NPCs keep a block's steps in the caches (each NPC's steps read only its
 * own values, so any split gives the same bits). */
static void finish_block(const void *ctx, size_t j0, size_t j1)
{
    for (size_t j = j0; j < j1; j += 1024)
        finish_part((const glue *)ctx, j, j1 - j > 1024 ? j + 1024 : j1);
}

/* The profile's clock: nanoseconds of a monotonic clock (Windows: the C11 clock). */
static int64_t clock_ns(void)
{
    struct timespec t = {0, 0};
#if defined(_WIN32)
    (void)timespec_get(&t, TIME_UTC);
#else
    (void)clock_gettime(CLOCK_MONOTONIC, &t);
#endif
    return (int64_t)t.tv_sec * 1000000000 + (int64_t)t.tv_nsec;
}

/* The profile's laps: each adds the time since the previous one to the field of the
 * stage that just ran (nothing when the call has no profile); a stage that does not run
 * takes no lap and keeps its 0; a NULL field only restarts the lap. */
typedef struct laps {
    horde_frame_profile *p; /* NULL: no profile */
    horde_frame_profile times;
    int64_t start, last;
} laps;
static void laps_start(laps *l, horde_frame_profile *p)
{
    memset(l, 0, sizeof *l);
    l->p = p;
    if (p)
        l->start = l->last = clock_ns();
}
static void lap(laps *l, double *field)
{
    if (!l->p)
        return;
    const int64_t now = clock_ns();
    if (field)
        *field += (double)(now - l->last) * 1e-6;
    l->last = now;
}

static int run(horde_isa isa, const horde_tasks *tasks, const horde_frame_scene *s, const horde_frame_params *p,
               const horde_frame_batch *b, void *scratch, size_t bytes)
{
    horde_frame_params defaults;
    if (!p) {
        horde_frame_params_default(&defaults);
        p = &defaults;
    }
    laps l;
    laps_start(&l, b ? b->out_profile : NULL);
    int st = check(isa, tasks, s, p, b, scratch, bytes);
    if (st)
        return st == HORDE_CHECKED_EMPTY ? HORDE_OK : st;
    /* One worker cannot share the work: the plain calls do it on this thread without the
     * stages' per-block bookkeeping (the bits are the same either way). */
    if (tasks && tasks->worker_count == 1)
        tasks = NULL;
    const size_t n = b->n, ab = array_bytes(n);
    unsigned char *base =
        (unsigned char *)(((uintptr_t)scratch + (FRAME_ALIGN - 1)) & ~(uintptr_t)(FRAME_ALIGN - 1));
    glue g;
    memset(&g, 0, sizeof g);
    g.isa = isa, g.s = s, g.p = p, g.b = b;
    for (int k = 0; k < A_COUNT; k++)
        g.a[k] = (float *)(void *)(base + (size_t)k * ab);
    g.in = (rec_in *)(void *)(base + (size_t)A_COUNT * ab);
    g.out = (rec_out *)(void *)g.in;
    g.cells = (uint32_t *)(void *)(base + (size_t)A_COUNT * ab + n * sizeof(rec_in));
    void *stage = (unsigned char *)g.cells + horde_frame_order_bytes(n);
    const size_t stage_size = stage_bytes(s, n);
    g.sorted = p->sort > 0 || (p->sort < 0 && n >= HORDE_FRAME_SORT_MIN_N);
    g.trees = s->tree_grid != NULL;
    if (g.sorted)
        horde_frame_cells_plan(&g.cells_of, s->world);
    horde_stages stages;
    horde_stages_init(&stages, tasks);
    horde_frame_profile *const times = &l.times;
    lap(&l, NULL); /* the checks and the lay-out: in the total alone */

    if (p->separate || g.sorted) {
        horde_batch_stage(&stages, n, intent_block, &g);
        lap(&l, &times->intent);
    }
    if (g.sorted) {
        horde_frame_order_sort(&stages, U(&g, O_KEY), U(&g, P_PERM), g.cells, n, &g.cells_of);
        g.perm = U(&g, P_PERM);
        lap(&l, &times->order);
    }
    if (p->separate) {
        const horde_crowd_separate_batch cb = {g.a[O_IX], b->y, g.a[O_IZ], b->radius, b->height, b->weight,
                                               g.a[O_CX], g.a[O_CZ], U(&g, O_CF), n};
        if ((st = horde_crowd_separate_tasks_isa(isa, tasks, &p->crowd, &cb, stage, stage_size)))
            return st; /* a state that fails its check: nothing of the caller's written yet */
        lap(&l, &times->crowd);
    }
    if (g.sorted) {
        horde_batch_stage(&stages, n, pack_block, &g);
        horde_batch_stage(&stages, n, gather_sorted_block, &g);
    } else
        horde_batch_stage(&stages, n, gather_block, &g);
    lap(&l, &times->gather);
    if (g.trees) {
        const horde_radial_push_grid_batch tb = {g.a[P_CX], g.a[P_Y], g.a[P_CZ], g.a[P_R], g.a[P_H], g.a[P_TX],
                                                 g.a[P_TY], g.a[P_TZ], U(&g, P_TF), n};
        if ((st = horde_radial_push_grid_tasks_isa(isa, tasks, s->tree_grid, s->trees, &p->trees, &tb, stage,
                                                    stage_size)))
            return st;
        lap(&l, &times->trees);
    }
    horde_batch_stage(&stages, n, finish_block, &g);
    lap(&l, &times->finish);
    if (g.sorted) {
        horde_batch_stage(&stages, n, unpack_block, &g);
        lap(&l, &times->unpack);
    }
    if (l.p) {
        times->total = (double)(l.last - l.start) * 1e-6;
        *l.p = *times;
    }
    return HORDE_OK;
}

horde_status horde_frame_isa(horde_isa isa, const horde_tasks *tasks, const horde_frame_scene *scene,
                             const horde_frame_params *p, const horde_frame_batch *b, void *scratch, size_t bytes)
{
    int st = HORDE_OK;
    HORDE_CALL(st = run(isa, tasks, scene, p, b, scratch, bytes));
    return (horde_status)st;
}

horde_status horde_frame(const horde_tasks *tasks, const horde_frame_scene *scene, const horde_frame_params *p,
                         const horde_frame_batch *b, void *scratch, size_t bytes)
{
    return horde_frame_isa(horde_isa_active(), tasks, scene, p, b, scratch, bytes);
}
