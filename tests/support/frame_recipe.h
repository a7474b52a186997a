/* SPDX-License-Identifier: MIT */
/* fr_recipe: horde_frame's recipe (include/horde/frame.h, steps 1-5) as the sequence of
 * individual public calls, written out from the header, for the tests that compare
 * horde_frame with it (tests/api/frame.c, tests/fuzz/frame.c). It reads the same scene,
 * params and batch as horde_frame (b->out_profile is ignored) and writes b's outputs.
 * The ground step tests the whole soup scene->ground on `isa` even when the scene has a
 * ground grid: the header promises the grid form's bits equal it, so a scene with a
 * grid must also name its soup (else HORDE_ERR_NULL_ARG). Returns the first call's status
 * that is not HORDE_OK (outputs then unspecified), HORDE_ERR_NULL_ARG when an allocation
 * fails, else HORDE_OK. */
#ifndef HORDE_TEST_FRAME_RECIPE_H
#define HORDE_TEST_FRAME_RECIPE_H

#include <stdlib.h>

#include "horde/horde.h"

static inline horde_status fr_stages(horde_isa isa, const horde_frame_scene *s, const horde_frame_params *p,
                                     const horde_frame_batch *b, float *const f[11], uint32_t *const u[5])
{
    const size_t n = b->n;
    float *ix = f[0], *iz = f[1], *cx = f[2], *cz = f[3], *tx = f[4], *ty = f[5], *tz = f[6];
    float *ddx = f[7], *ddz = f[8], *q = f[9], *gy = f[10];
    uint32_t *cf = u[0], *tf = u[1], *mf = u[2], *gf = u[3], *gt = u[4];
    horde_status st = HORDE_OK;
    for (size_t i = 0; i < n; i++)
        ix[i] = b->x[i] + b->dx[i], iz[i] = b->z[i] + b->dz[i];
    if (p->separate) {
        const size_t bytes = horde_crowd_separate_scratch_bytes(n);
        void *mem = malloc(bytes ? bytes : 1);
        const horde_crowd_separate_batch cb = {ix, b->y, iz, b->radius, b->height, b->weight, cx, cz, cf, n};
        st = mem ? horde_crowd_separate_isa(isa, &p->crowd, &cb, mem, bytes) : HORDE_ERR_NULL_ARG;
        free(mem);
        if (st != HORDE_OK)
            return st;
        for (size_t i = 0; i < n; i++)
            ddx[i] = b->dx[i] + (cx[i] - ix[i]), ddz[i] = b->dz[i] + (cz[i] - iz[i]);
    } else {
        for (size_t i = 0; i < n; i++)
            cx[i] = ix[i], cz[i] = iz[i], ddx[i] = b->dx[i], ddz[i] = b->dz[i], cf[i] = 0;
    }
    for (size_t i = 0; i < n; i++)
        tf[i] = 0;
    if (s->tree_grid && s->trees) {
        const size_t bytes = horde_radial_push_grid_scratch_bytes(s->tree_grid, n);
        void *mem = malloc(bytes ? bytes : 1);
        const horde_radial_push_grid_batch tb = {cx, b->y, cz, b->radius, b->height, tx, ty, tz, tf, n};
        st = mem ? horde_radial_push_grid_isa(isa, s->tree_grid, s->trees, &p->trees, &tb, mem, bytes)
                 : HORDE_ERR_NULL_ARG;
        free(mem);
        if (st != HORDE_OK)
            return st;
        for (size_t i = 0; i < n; i++)
            ddx[i] = ddx[i] + (tx[i] - cx[i]), ddz[i] = ddz[i] + (tz[i] - cz[i]);
    }
    const horde_cylinder_move_batch mb = {b->x, b->y, b->z, ddx, b->dy, ddz, b->radius, b->height,
                                          b->out_x, b->out_y, b->out_z, b->out_dx, b->out_dy, b->out_dz, mf, n};
    st = horde_cylinder_move_isa(isa, s->world, &p->move, &mb);
    if (st != HORDE_OK)
        return st;
    for (size_t i = 0; i < n; i++) {
        b->out_flags[i] = cf[i] | tf[i] | mf[i];
        if (b->out_tri)
            b->out_tri[i] = HORDE_NONE;
    }
    if (s->ground_grid || s->ground) {
        if (!s->ground)
            return HORDE_ERR_NULL_ARG;
        for (size_t i = 0; i < n; i++)
            q[i] = b->out_y[i] + p->ground_lift;
        const horde_ground_height_batch gb = {b->out_x, q, b->out_z, gy, gt, gf, n};
        st = horde_ground_height_isa(isa, s->ground, &p->ground, &gb);
        if (st != HORDE_OK)
            return st;
        for (size_t i = 0; i < n; i++) {
            if ((gf[i] & HORDE_FLAG_ON_GROUND) && gy[i] >= b->out_y[i])
                b->out_y[i] = gy[i], b->out_flags[i] |= HORDE_FLAG_ON_GROUND;
            b->out_flags[i] |= gf[i] & HORDE_FLAG_INVALID;
            if (b->out_tri)
                b->out_tri[i] = gt[i];
        }
    }
    return HORDE_OK;
}

static inline horde_status fr_recipe(horde_isa isa, const horde_frame_scene *s, const horde_frame_params *p,
                                     const horde_frame_batch *b)
{
    const size_t m = b->n ? b->n : 1;
    float *f[11];
    uint32_t *u[5];
    int ok = 1;
    for (int k = 0; k < 11; k++)
        ok &= (f[k] = (float *)malloc(m * sizeof(float))) != NULL;
    for (int k = 0; k < 5; k++)
        ok &= (u[k] = (uint32_t *)malloc(m * sizeof(uint32_t))) != NULL;
    const horde_status st = ok ? fr_stages(isa, s, p, b, f, u) : HORDE_ERR_NULL_ARG;
    for (int k = 0; k < 11; k++)
        free(f[k]);
    for (int k = 0; k < 5; k++)
        free(u[k]);
    return st;
}

#endif
