/* SPDX-License-Identifier: MIT */
/* Public entry points of the sphere-triangle kernels, pairs and lists (HORDE_ENTRY,
 * dispatch.h): argument checks. */
#include "batch_tasks.h"

static int sphere_tri_pairs_check(HORDE_PARAMS_sphere_tri_pairs)
{
    return HORDE_CHECK_BATCH(t && b, t->n == b->n, b,
                             b->x && b->y && b->z && b->r && horde_tris_ok_(t) && b->out_qx &&
                                 b->out_qy && b->out_qz && b->out_depth && b->out_push_x &&
                                 b->out_push_y && b->out_push_z && b->out_flags);
}
HORDE_ENTRY(sphere_tri_pairs)

/* The pairs [i, e) as a batch of their own (batch_tasks.h), with their triangles. */
static void sphere_tri_pairs_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_sphere_tri_pairs_batch s = *(const horde_sphere_tri_pairs_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, r, i);
    HORDE_SLICE(s, out_qx, i), HORDE_SLICE(s, out_qy, i), HORDE_SLICE(s, out_qz, i);
    HORDE_SLICE(s, out_depth, i), HORDE_SLICE(s, out_push_x, i), HORDE_SLICE(s, out_push_y, i);
    HORDE_SLICE(s, out_push_z, i), HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    const horde_triangles t = horde_tris_slice((const horde_triangles *)c->scene, i, e - i);
    c->k->sphere_tri_pairs(&t, &s);
}
HORDE_ENTRY_TASKS(sphere_tri_pairs, t, NULL)

static int sphere_tri_list_check(HORDE_PARAMS_sphere_tri_list)
{
    const int st = HORDE_CHECK_BATCH(soup && b, 1, b,
                                     b->x && b->y && b->z && b->r && b->offsets &&
                                         b->out_push_x && b->out_push_y && b->out_push_z &&
                                         b->out_tri && b->out_depth && b->out_qx &&
                                         b->out_qy && b->out_qz && b->out_flags);
    if (st != HORDE_OK)
        return st;
    for (size_t i = 0; i < b->n; i++)
        if (b->offsets[i] > b->offsets[i + 1])
            return HORDE_ERR_BAD_PARAMS;
    if (b->offsets[b->n] > b->offsets[0]) { /* some entries: they need the index list and a soup */
        if (!b->indices || (soup->n && !horde_tris_ok_(soup)))
            return HORDE_ERR_NULL_ARG;
    }
    return HORDE_OK;
}
HORDE_ENTRY(sphere_tri_list)

/* The movers [i, e) as a batch of their own (batch_tasks.h): offsets moves with them
 * and still indexes the whole list, so each mover reads its own entries. */
static void sphere_tri_list_block(const void *call, size_t i, size_t e)
{
    const horde_batch_call *c = (const horde_batch_call *)call;
    horde_sphere_tri_list_batch s = *(const horde_sphere_tri_list_batch *)c->batch;
    HORDE_SLICE(s, x, i), HORDE_SLICE(s, y, i), HORDE_SLICE(s, z, i), HORDE_SLICE(s, r, i);
    HORDE_SLICE(s, offsets, i), HORDE_SLICE(s, out_push_x, i), HORDE_SLICE(s, out_push_y, i);
    HORDE_SLICE(s, out_push_z, i), HORDE_SLICE(s, out_tri, i), HORDE_SLICE(s, out_depth, i);
    HORDE_SLICE(s, out_qx, i), HORDE_SLICE(s, out_qy, i), HORDE_SLICE(s, out_qz, i);
    HORDE_SLICE(s, out_flags, i);
    s.n = e - i;
    c->k->sphere_tri_list((const horde_triangles *)c->scene, &s);
}
HORDE_ENTRY_TASKS(sphere_tri_list, soup, NULL)
