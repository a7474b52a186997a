/* SPDX-License-Identifier: MIT */
/* horde_frame: the frame recipe as one call (semantics: include/horde/frame.h). Each
 * stage is the public call itself on the chosen backend, so the bits are the recipe's
 * by construction; this file only checks every stage before the first one runs, lays
 * out the scratch and does the recipe's per-NPC arithmetic between the stages. */
#include <math.h>
#include <string.h>
#include <stdint.h>

#include "dispatch.h" /* HORDE_CALL */
#include "horde/frame.h"

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
    if (p->separate &&
        (st = horde_crowd_separate_tasks_isa(isa, tasks, &p->crowd, &cb, NULL, horde_crowd_separate_scratch_bytes(0))))
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
    const size_t n = b->n, ab = array_bytes(n);
    unsigned char *base =
        (unsigned char *)(((uintptr_t)scratch + (FRAME_ALIGN - 1)) & ~(uintptr_t)(FRAME_ALIGN - 1));
    float *a[A_COUNT];
    for (int k = 0; k < A_COUNT; k++)
        a[k] = (float *)(void *)(base + (size_t)k * ab);
    void *stage = base + (size_t)A_COUNT * ab;
    const size_t stage_size = stage_bytes(s, n);
    float *ix = a[A_IX], *iz = a[A_IZ], *cx = a[A_CX], *cz = a[A_CZ], *ddx = a[A_DX], *ddz = a[A_DZ];
    uint32_t *flags = (uint32_t *)(void *)a[A_F1], *f2 = (uint32_t *)(void *)a[A_F2];

    /* 1. intent */
    for (size_t i = 0; i < n; i++)
        ix[i] = b->x[i] + b->dx[i], iz[i] = b->z[i] + b->dz[i];
    /* 2. crowd separation at the intended positions */
    if (p->separate) {
        const horde_crowd_separate_batch cb = {ix, b->y, iz, b->radius, b->height, b->weight, cx, cz, flags, n};
        if ((st = horde_crowd_separate_tasks_isa(isa, tasks, &p->crowd, &cb, stage, stage_size)))
            return st; /* a task system's failure; nothing of the caller's written yet */
        for (size_t i = 0; i < n; i++)
            ddx[i] = b->dx[i] + (cx[i] - ix[i]), ddz[i] = b->dz[i] + (cz[i] - iz[i]);
    } else {
        cx = ix, cz = iz;
        memcpy(ddx, b->dx, n * 4), memcpy(ddz, b->dz, n * 4);
        memset(flags, 0, n * 4);
    }
    /* 3. trees at the separated positions */
    if (s->tree_grid) {
        float *tx = a[A_TX], *ty = a[A_TY], *tz = a[A_TZ];
        const horde_radial_push_grid_batch tb = {cx, b->y, cz, b->radius, b->height, tx, ty, tz, f2, n};
        if ((st = horde_radial_push_grid_isa(isa, s->tree_grid, s->trees, &p->trees, &tb, stage, stage_size)))
            return st;
        for (size_t i = 0; i < n; i++) {
            ddx[i] = ddx[i] + (tx[i] - cx[i]), ddz[i] = ddz[i] + (tz[i] - cz[i]);
            flags[i] |= f2[i];
        }
    }
    /* 4. the voxels carry out the whole displacement (the move's flags into f2, then
     * joined with the crowd's and the trees') */
    const horde_cylinder_move_batch mb = {b->x,     b->y,     b->z,      ddx,       b->dy,     ddz,
                                          b->radius, b->height, b->out_x,  b->out_y,  b->out_z,  b->out_dx,
                                          b->out_dy, b->out_dz, f2,        n};
    if ((st = horde_cylinder_move_isa(isa, s->world, &p->move, &mb)))
        return st;
    for (size_t i = 0; i < n; i++)
        b->out_flags[i] = flags[i] | f2[i];
    /* 5. ground: NPCs over the walkable mesh stand on it */
    if (ground_on(s)) {
        float *q = a[A_TX], *gy = a[A_TY]; /* the trees' arrays are free again */
        uint32_t *gtri = b->out_tri ? b->out_tri : (uint32_t *)(void *)a[A_TZ];
        for (size_t i = 0; i < n; i++)
            q[i] = b->out_y[i] + p->ground_lift;
        const horde_ground_height_batch gb = {b->out_x, q, b->out_z, gy, gtri, f2, n};
        st = s->ground_grid ? horde_ground_height_grid(s->ground_grid, &p->ground, &gb)
                            : horde_ground_height_isa(isa, s->ground, &p->ground, &gb);
        if (st)
            return st;
        for (size_t i = 0; i < n; i++) {
            if ((f2[i] & HORDE_FLAG_ON_GROUND) && gy[i] >= b->out_y[i]) {
                b->out_y[i] = gy[i];
                b->out_flags[i] |= HORDE_FLAG_ON_GROUND;
            }
            b->out_flags[i] |= f2[i] & HORDE_FLAG_INVALID;
        }
    } else if (b->out_tri) {
        for (size_t i = 0; i < n; i++)
            b->out_tri[i] = HORDE_NONE;
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
