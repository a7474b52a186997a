/* SPDX-License-Identifier: MIT */
/* Internal: what the voxel raycast / line-of-sight references and templates share: the
 * lane's validation and snapping, and its DDA state in exact integers
 * (include/horde/voxel_raycast.h defines the block sequence). */
#ifndef HORDE_VOXEL_RAYCAST_INTERNAL_H
#define HORDE_VOXEL_RAYCAST_INTERNAL_H

#include <math.h>

#include "horde/voxel_raycast.h"
#include "simd/kernel.h"
#include "window.h"

#define RC_U ((int64_t)1 << HORDE_VOXEL_RAYCAST_SNAP_BITS) /* one block in snapped units */
#define RC_MAX_D ((int64_t)HORDE_VOXEL_RAYCAST_MAX_LENGTH << HORDE_VOXEL_RAYCAST_SNAP_BITS)

/* round(c * 2^20), ties to even, for |c| <= 2^20: the scaling is exact in double, and
 * adding and subtracting 1.5 * 2^52 rounds to an integer in the current (nearest) mode
 * for |v| < 2^51 (the build forbids contraction and reassociation). */
static inline int64_t horde_rc_snap(float c)
{
    const double v = (double)c * 1048576.0;
    const double r = (v + 6755399441055744.0) - 6755399441055744.0;
    return (int64_t)r;
}

/* One lane: start, direction and the DDA state. */
typedef struct horde_rc_lane {
    int64_t a[3];   /* |D_a| in snapped units (0 .. 2^30) */
    int64_t n[3];   /* distance to the next plane of each axis, (0, U] at the start */
    int32_t b[3];   /* current block */
    int32_t s[3];   /* sign(D_a): -1, 0, 1 */
} horde_rc_lane;

/* Validates and snaps the lane's six inputs and sets up its DDA; 0 when invalid. Written
 * so that NaN fails every comparison. */
static inline int horde_rc_setup(const float *p0, const float *p1, horde_rc_lane *l)
{
    for (int k = 0; k < 3; k++)
        if (!(fabsf(p0[k]) <= HORDE_VOXEL_RAYCAST_MAX_COORD) ||
            !(fabsf(p1[k]) <= HORDE_VOXEL_RAYCAST_MAX_COORD))
            return 0;
    for (int k = 0; k < 3; k++) {
        const int64_t c0 = horde_rc_snap(p0[k]), d = horde_rc_snap(p1[k]) - c0;
        if (d > RC_MAX_D || d < -RC_MAX_D)
            return 0;
        l->a[k] = d < 0 ? -d : d;
        l->s[k] = d > 0 ? 1 : d < 0 ? -1 : 0;
        if (d < 0) {
            const int64_t b = ((c0 + RC_U - 1) >> HORDE_VOXEL_RAYCAST_SNAP_BITS) - 1;
            l->b[k] = (int32_t)b;
            l->n[k] = c0 - b * RC_U;
        } else {
            const int64_t b = c0 >> HORDE_VOXEL_RAYCAST_SNAP_BITS;
            l->b[k] = (int32_t)b;
            l->n[k] = (b + 1) * RC_U - c0;
        }
    }
    return 1;
}

/* The axis of the next step (0, 1, 2), or -1 when the sequence ends: the smallest
 * t_k = n_k / a_k among the axes with a_k > 0 and n_k <= a_k, ties to the lower axis.
 * n_k <= 2^30 + 2^20 and a_k <= 2^30: the cross products stay below 2^62. */
static inline int horde_rc_next_axis(const horde_rc_lane *l)
{
    int best = -1;
    for (int k = 0; k < 3; k++) {
        if (l->a[k] == 0 || l->n[k] > l->a[k])
            continue;
        if (best < 0 || l->n[k] * l->a[best] < l->n[best] * l->a[k])
            best = k;
    }
    return best;
}

/* t of a step of axis k whose plane lies n_k away: (float)((double)n / (double)a). */
static inline float horde_rc_t(int64_t n, int64_t a) { return (float)((double)n / (double)a); }

/* The face code of a step of axis k in direction s. */
static inline uint32_t horde_rc_face(int k, int32_t s) { return (uint32_t)(2 * k + (s < 0)); }

/* The result of one lane. */
typedef struct horde_rc_hit {
    float t;
    int32_t b[3];
    uint32_t face, flags;
} horde_rc_hit;

static inline void horde_rc_miss(horde_rc_hit *h, uint32_t flags)
{
    h->t = 1.0f, h->b[0] = h->b[1] = h->b[2] = 0, h->face = HORDE_NONE, h->flags = flags;
}

/* The plain walk, one block lookup per block: what the references compute. */
static inline void horde_rc_walk_plain(const horde_world *w, horde_rc_lane *l, horde_rc_hit *h)
{
    const horde_chunk *c = horde_world_chunk(w, l->b[0] >> 5, l->b[1] >> 5, l->b[2] >> 5);
    if ((c->rows[l->b[1] & 31][l->b[2] & 31] >> (l->b[0] & 31)) & 1u) {
        h->t = 0.0f, h->face = HORDE_NONE;
        h->b[0] = l->b[0], h->b[1] = l->b[1], h->b[2] = l->b[2];
        h->flags = HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE;
        return;
    }
    for (;;) {
        const int k = horde_rc_next_axis(l);
        if (k < 0) {
            horde_rc_miss(h, 0);
            return;
        }
        const int64_t n = l->n[k];
        l->b[k] += l->s[k];
        l->n[k] += RC_U;
        c = horde_world_chunk(w, l->b[0] >> 5, l->b[1] >> 5, l->b[2] >> 5);
        if ((c->rows[l->b[1] & 31][l->b[2] & 31] >> (l->b[0] & 31)) & 1u) {
            h->t = horde_rc_t(n, l->a[k]), h->face = horde_rc_face(k, l->s[k]);
            h->b[0] = l->b[0], h->b[1] = l->b[1], h->b[2] = l->b[2];
            h->flags = HORDE_FLAG_HIT;
            return;
        }
    }
}

/* What every variant (reference and template, raycast and line of sight) does per lane
 * around its walk: lane i of batch b (both batch types name their inputs alike) is read,
 * validated and snapped into l (nonzero: walk it), or h gets the INVALID answer (0). */
static inline int horde_rc_lane_of(const float *x0, const float *y0, const float *z0, const float *x1,
                                   const float *y1, const float *z1, size_t i, horde_rc_lane *l,
                                   horde_rc_hit *h)
{
    const float p0[3] = {x0[i], y0[i], z0[i]}, p1[3] = {x1[i], y1[i], z1[i]};
    if (horde_rc_setup(p0, p1, l))
        return 1;
    horde_rc_miss(h, HORDE_FLAG_INVALID);
    return 0;
}
#define HORDE_RC_LANE(b, i, l, h) \
    horde_rc_lane_of((b)->x0, (b)->y0, (b)->z0, (b)->x1, (b)->y1, (b)->z1, i, l, h)

/* Lane i's answer into a raycast batch / a line-of-sight batch. */
static inline void horde_rc_put_raycast(const horde_voxel_raycast_batch *b, size_t i, const horde_rc_hit *h)
{
    b->out_t[i] = h->t;
    b->out_bx[i] = h->b[0], b->out_by[i] = h->b[1], b->out_bz[i] = h->b[2];
    b->out_face[i] = h->face;
    b->out_flags[i] = h->flags;
}
static inline void horde_rc_put_los(const horde_voxel_los_batch *b, size_t i, const horde_rc_hit *h)
{
    b->out_t[i] = h->t;
    b->out_flags[i] = h->flags;
}

#define HORDE_PARAMS_voxel_raycast const horde_world *w, const horde_voxel_raycast_batch *b
#define HORDE_ARGS_voxel_raycast w, b
HORDE_KERNEL_PROTOS(voxel_raycast)
#define HORDE_PARAMS_voxel_los const horde_world *w, const horde_voxel_los_batch *b
#define HORDE_ARGS_voxel_los w, b
HORDE_KERNEL_PROTOS(voxel_los)
#define HORDE_PARAMS_voxel_los_poles const horde_world *w, const horde_pole_grid *g, const horde_poles *poles, \
    const horde_voxel_los_poles_batch *b
#define HORDE_ARGS_voxel_los_poles w, g, poles, b
HORDE_KERNEL_PROTOS(voxel_los_poles)

#endif
