/* SPDX-License-Identifier: MIT */
/* horde_frame: the frame recipe as one call (semantics: include/horde/frame.h). Each
 * stage is the public call itself (its _tasks form) on the chosen backend, so the bits
 * are the recipe's by construction; this file checks every stage before the first one
 * runs, lays out the scratch and does the recipe's per-NPC arithmetic between the
 * stages, as batch stages over fixed blocks (src/batch_tasks.h): each NPC's arithmetic
 * reads only that NPC's values, so any split gives the same bits. */
#include <math.h>
#include <string.h>
#include <stdint.h>

#include "batch_tasks.h" /* horde_batch_stage: the per-NPC steps in fixed blocks */
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
}

/* Per-NPC arrays in the scratch, each on its own cache line. */
enum { A_IX, A_IZ, A_CX, A_CZ, A_TX, A_TY, A_TZ, A_DX, A_DZ, A_F1, A_F2, A_COUNT };
#define FRAME_ALIGN 64u

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
    const size_t st = stage_bytes(s, n);
    return st ? (FRAME_ALIGN - 1) + A_COUNT * array_bytes(n) + st : 0;
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
    if (!triple || !(p->ground_lift >= 0.0f && p->ground_lift <= HORDE_FRAME_MAX_LIFT))
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

/* What the per-NPC steps between the stages read and write (shared by their blocks). */
typedef struct glue {
    const horde_frame_batch *b;
    const horde_frame_params *p;
    const horde_triangle_grid *grid;
    float *ix, *iz, *cx, *cz, *tx, *tz, *ddx, *ddz, *q, *gy;
    uint32_t *flags, *f2, *gtri;
} glue;

/* 1. intent */
static void intent_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++)
        g->ix[i] = g->b->x[i] + g->b->dx[i], g->iz[i] = g->b->z[i] + g->b->dz[i];
}

/* 2. the crowd's correction joins the intent */
static void crowd_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++) {
        g->ddx[i] = g->b->dx[i] + (g->cx[i] - g->ix[i]);
        g->ddz[i] = g->b->dz[i] + (g->cz[i] - g->iz[i]);
    }
}

/* 2'. no crowd stage: the intent as it is */
static void no_crowd_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++)
        g->ddx[i] = g->b->dx[i], g->ddz[i] = g->b->dz[i], g->flags[i] = 0;
}

/* 3. the trees' push joins it */
static void trees_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++) {
        g->ddx[i] = g->ddx[i] + (g->tx[i] - g->cx[i]);
        g->ddz[i] = g->ddz[i] + (g->tz[i] - g->cz[i]);
        g->flags[i] |= g->f2[i];
    }
}

/* 4. after the move: the flags, and the ground query's height */
static void moved_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++) {
        g->b->out_flags[i] = g->flags[i] | g->f2[i];
        if (g->q)
            g->q[i] = g->b->out_y[i] + g->p->ground_lift;
        else if (g->b->out_tri)
            g->b->out_tri[i] = HORDE_NONE;
    }
}

/* 5. ground through the grid: horde_ground_height_grid on the block's slice */
static void ground_grid_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    const horde_ground_height_batch s = {g->b->out_x + i0, g->q + i0, g->b->out_z + i0, g->gy + i0,
                                         g->gtri + i0,     g->f2 + i0, i1 - i0};
    horde_ground_height_grid_run(g->grid, &g->p->ground, &s);
}

/* 5'. the NPCs stand on the ground found */
static void stand_block(const void *ctx, size_t i0, size_t i1)
{
    const glue *g = (const glue *)ctx;
    for (size_t i = i0; i < i1; i++) {
        if ((g->f2[i] & HORDE_FLAG_ON_GROUND) && g->gy[i] >= g->b->out_y[i]) {
            g->b->out_y[i] = g->gy[i];
            g->b->out_flags[i] |= HORDE_FLAG_ON_GROUND;
        }
        g->b->out_flags[i] |= g->f2[i] & HORDE_FLAG_INVALID;
    }
}

static int run(horde_isa isa, const horde_tasks *tasks, const horde_frame_scene *s, const horde_frame_params *p,
               const horde_frame_batch *b, void *scratch, size_t bytes)
{
    horde_frame_params defaults;
    if (!p) {
        horde_frame_params_default(&defaults);
        p = &defaults;
    }
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
    float *a[A_COUNT];
    for (int k = 0; k < A_COUNT; k++)
        a[k] = (float *)(void *)(base + (size_t)k * ab);
    void *stage = base + (size_t)A_COUNT * ab;
    const size_t stage_size = stage_bytes(s, n);
    glue g = {b, p, s->ground_grid, a[A_IX], a[A_IZ], a[A_CX], a[A_CZ], a[A_TX], a[A_TZ], a[A_DX], a[A_DZ],
              NULL, NULL, (uint32_t *)(void *)a[A_F1], (uint32_t *)(void *)a[A_F2], NULL};
    horde_stages stages;
    horde_stages_init(&stages, tasks);

    horde_batch_stage(&stages, n, intent_block, &g);
    if (p->separate) {
        const horde_crowd_separate_batch cb = {g.ix, b->y, g.iz, b->radius, b->height, b->weight, g.cx, g.cz,
                                               g.flags, n};
        if ((st = horde_crowd_separate_tasks_isa(isa, tasks, &p->crowd, &cb, stage, stage_size)))
            return st; /* a state that fails its check: nothing of the caller's written yet */
        horde_batch_stage(&stages, n, crowd_block, &g);
    } else {
        g.cx = g.ix, g.cz = g.iz;
        horde_batch_stage(&stages, n, no_crowd_block, &g);
    }
    if (s->tree_grid) {
        const horde_radial_push_grid_batch tb = {g.cx, b->y, g.cz, b->radius, b->height, g.tx, a[A_TY], g.tz,
                                                 g.f2, n};
        if ((st = horde_radial_push_grid_tasks_isa(isa, tasks, s->tree_grid, s->trees, &p->trees, &tb, stage,
                                                    stage_size)))
            return st;
        horde_batch_stage(&stages, n, trees_block, &g);
    }
    const horde_cylinder_move_batch mb = {b->x,     b->y,     b->z,     g.ddx,    b->dy,     g.ddz,
                                          b->radius, b->height, b->out_x, b->out_y, b->out_z,  b->out_dx,
                                          b->out_dy, b->out_dz, g.f2,     n};
    if ((st = horde_cylinder_move_tasks_isa(isa, tasks, s->world, &p->move, &mb)))
        return st;
    if (ground_on(s)) /* the trees' arrays are free again */
        g.q = a[A_TX], g.gy = a[A_TY], g.gtri = b->out_tri ? b->out_tri : (uint32_t *)(void *)a[A_TZ];
    horde_batch_stage(&stages, n, moved_block, &g);
    if (!ground_on(s))
        return HORDE_OK;
    if (s->ground_grid)
        horde_batch_stage(&stages, n, ground_grid_block, &g);
    else {
        const horde_ground_height_batch gb = {b->out_x, g.q, b->out_z, g.gy, g.gtri, g.f2, n};
        if ((st = horde_ground_height_tasks_isa(isa, tasks, s->ground, &p->ground, &gb)))
            return st;
    }
    horde_batch_stage(&stages, n, stand_block, &g);
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
