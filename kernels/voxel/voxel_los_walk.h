/* SPDX-License-Identifier: MIT */
/* Internal: the line-of-sight walk. It visits the header's block sequence
 * (include/horde/voxel_raycast.h) like rc_walk_steps, and skips empty space a box of air
 * at a time: at the start and whenever the walk enters a new level or a new chunk (a y
 * step, or a step out of the chunk), rc_air_box grows a box of air blocks from the
 * current block towards the segment's travel, inside the current chunk (the chunk's bit
 * rows make a run of x blocks one mask test), and rc_skip_box takes every step whose
 * block lies in it at once:
 *   - a missing chunk that reads as air (the view's stand-in) is one box, the whole part
 *     of the chunk ahead, grown through the next chunks along the axis the segment
 *     leaves it by while they are missing too (rc_extend_air);
 *   - a level of the chunk that is all air is one box, the quarter of the level ahead,
 *     grown over the air levels ahead the segment reaches before it leaves the quarter;
 *   - otherwise the box runs along x up to the first solid block of the current row or
 *     the chunk's edge; then over the rows ahead in z that the segment reaches before it
 *     leaves that run through x, as far as they are air over the run's x range; then
 *     over the levels ahead in y that the segment reaches before it leaves that
 *     rectangle through x or z, as far as they are air over it. Only rows and levels
 *     the segment can reach are read.
 * A box holds only air blocks and the walk takes only steps into blocks of the box, so no
 * block of the sequence is skipped that could be solid; the exact integer state (blocks,
 * plane distances) is advanced by exact plane counts, so the first solid block, its t and
 * the flags are the reference's. */
#ifndef HORDE_VOXEL_LOS_WALK_H
#define HORDE_VOXEL_LOS_WALK_H

#include "voxel_raycast_walk.h"

/* Boxes smaller than this many planes in all (the sum of m) are walked block by block:
 * a skip costs up to three divisions. */
#define RC_BOX_MIN 2

/* Planes of axis k left inside the chunk in the direction of travel (0 when a_k = 0). */
static inline int32_t rc_edge(const horde_rc_lane *l, int k)
{
    return l->s[k] > 0 ? 31 - (l->b[k] & 31) : l->s[k] < 0 ? (l->b[k] & 31) : 0;
}

/* The axis by which the segment leaves the box of m[k] planes ahead on each axis: the
 * smallest crossing (n_k + m_k U) / a_k over the axes that move (every axis for step 1,
 * x and z for step 2), ties to the lower axis; its numerator and denominator in *num,
 * *den. -1 when none of them moves. */
static inline int rc_leaving_axis(const horde_rc_lane *l, const int32_t m[3], int step, int64_t *num, int64_t *den)
{
    int ev = -1;
    *num = 0, *den = 0;
    for (int k = 0; k < 3; k += step) {
        if (!l->a[k])
            continue;
        const int64_t nk = l->n[k] + (int64_t)m[k] * RC_U;
        if (ev < 0 || nk * *den < *num * l->a[k])
            *num = nk, *den = l->a[k], ev = k;
    }
    return ev;
}

/* Takes every step of the sequence whose block lies in the box of m[k] more planes per
 * axis ahead of the current block (the box must hold only air): the first plane that
 * leaves the box is the smallest (n_k + m_k U) / a_k, ties to the lower axis (the
 * header's order); the planes of each axis ordered before it are counted exactly (a
 * tie counts for an axis below the leaving one, not above it) and never pass the
 * segment's end. m_k < 32 (RC_EXTEND + 1) (rc_extend_air): the products stay below
 * 2^62. Returns the steps taken. */
static inline int64_t rc_skip_box(horde_rc_lane *l, const int32_t m[3])
{
    int64_t num, den;
    const int ev = rc_leaving_axis(l, m, 1, &num, &den);
    if (ev < 0)
        return 0;
    const int64_t um = den << HORDE_VOXEL_RAYCAST_SNAP_BITS;
    int64_t taken = 0;
    for (int k = 0; k < 3; k++) {
        const int64_t a = l->a[k], n = l->n[k];
        if (!a || n > a)
            continue;
        const int64_t rem = ((a - n) >> HORDE_VOXEL_RAYCAST_SNAP_BITS) + 1; /* planes up to t = 1 */
        int64_t cnt = m[k]; /* the leaving axis crosses its m planes inside the box */
        if (k != ev) {
            /* planes j with (n + j U) den <= num a (< for an axis above the leaving one):
             * j <= x / (U den) with x = num a - n den, less one when strict */
            const int64_t x = num * a - n * den - (k > ev);
            if (x < 0)
                continue;
            cnt = x / um + 1;
        }
        cnt = cnt < rem ? cnt : rem;
        l->b[k] += (int32_t)cnt * l->s[k], l->n[k] += cnt * RC_U;
        taken += cnt;
    }
    return taken;
}

/* Bits of a chunk row from bit lx on in direction s (lx alone for s = 0). */
static inline uint32_t rc_ahead_mask(int lx, int32_t s)
{
    return s > 0 ? ~0u << lx : s < 0 ? (2u << lx) - 1u : 1u << lx;
}

/* The levels ahead in y the walk enters before it leaves the rectangle of m[0] x and
 * m[2] z planes ahead through x or z (at most ey, the chunk's edge): only those need to
 * be air for the box to end in x or z. */
static inline int32_t rc_levels_needed(const horde_rc_lane *l, const int32_t m[3], int32_t ey)
{
    int64_t num, den;
    const int ev = rc_leaving_axis(l, m, 2, &num, &den);
    if (ev < 0)
        return ey;
    const int64_t cnt = rc_planes_before(l, 1, num, den, 1 < ev);
    return cnt < ey ? (int32_t)cnt : ey;
}

/* Chunks past the current one a box may grow into along x or z. m_k stays below
 * 32 (RC_EXTEND + 1) = 288, so n_k + m_k U < 2^30 + 2^29 and the cross products stay
 * below 2^62. */
#define RC_EXTEND 8

/* The box is all of the air stand-in chunk ahead of the walk (m = the chunk's edges).
 * While the segment leaves it first through x (or first through z), before its end, into
 * a chunk that is missing too, the box grows by that chunk along that one axis, up to
 * RC_EXTEND chunks. Only missing chunks grow a box: testing a loaded neighbour's level
 * costs more than the box saves on terrain. */
static inline void rc_extend_air(const horde_view *v, const horde_chunk *air, const horde_rc_lane *l,
                                 int32_t m[3])
{
    int32_t cc[3] = {l->b[0] >> 5, l->b[1] >> 5, l->b[2] >> 5};
    int axis = -1;
    for (int e = 0; e < RC_EXTEND; e++) {
        int64_t num, den;
        const int ev = rc_leaving_axis(l, m, 1, &num, &den);
        if (ev == 1 || ev < 0 || (axis >= 0 && ev != axis) || num > l->a[ev])
            return;
        axis = ev;
        cc[ev] += l->s[ev];
        if (horde_view_chunk(v, cc[0], cc[1], cc[2]) != air)
            return;
        m[ev] += HORDE_CHUNK_SIZE;
    }
}

/* Grows the box of air ahead of the current block (an air block of chunk c) as the file
 * comment says; m[k]: the planes of axis k the box spans ahead. Returns whether it is
 * worth a skip (at least RC_BOX_MIN planes). */
static inline int rc_air_box(const horde_view *v, const horde_chunk *c, const horde_chunk *air,
                             const horde_rc_lane *l, int32_t m[3])
{
    const int32_t ex = rc_edge(l, 0), ey = rc_edge(l, 1), ez = rc_edge(l, 2);
    if (c == air) {
        m[0] = ex, m[1] = ey, m[2] = ez;
        rc_extend_air(v, air, l, m);
        return m[0] + ey + m[2] >= RC_BOX_MIN;
    }
    const int lx = l->b[0] & 31, ly = l->b[1] & 31, lz = l->b[2] & 31;
    const int32_t sx = l->s[0], sy = l->s[1], sz = l->s[2];
    uint32_t xm = rc_ahead_mask(lx, sx);
    const uint32_t row = c->rows[ly][lz] & xm;
    m[0] = ex, m[1] = 0, m[2] = 0;
    if (!row && rc_layer_empty(c, ly)) { /* the whole level: no rows to scan */
        m[2] = ez;
        const int32_t need = sy ? rc_levels_needed(l, m, ey) : 0;
        for (int y = ly + sy; m[1] < need && rc_layer_empty(c, y); y += sy)
            m[1]++;
        return ex + m[1] + ez >= RC_BOX_MIN;
    }
    if (row) { /* the current block is air: the first solid one lies strictly ahead */
        if (sx > 0) {
            const int f = rc_low_bit(row);
            m[0] = f - lx - 1, xm &= (1u << f) - 1u;
        } else {
            const int f = rc_high_bit(row);
            m[0] = lx - f - 1, xm &= ~((2u << f) - 1u);
        }
    }
    if (sx && sz && l->a[2] > l->a[0]) {
        /* mostly along z: the run needs only the x blocks the segment enters before it
         * leaves the chunk through z, so that solid blocks beyond them do not end the box */
        const int64_t cnt = rc_planes_before(l, 0, l->n[2] + (int64_t)ez * RC_U, l->a[2], 1);
        if (cnt < m[0]) {
            m[0] = (int32_t)cnt;
            xm &= sx > 0 ? (2u << (lx + cnt)) - 1u : ~0u << (lx - cnt);
        }
    }
    if (sz) {
        int32_t need = ez; /* the z rows the walk enters before it leaves the x run */
        if (l->a[0]) {
            const int64_t cnt = rc_planes_before(l, 2, l->n[0] + (int64_t)m[0] * RC_U, l->a[0], 0);
            need = cnt < ez ? (int32_t)cnt : ez;
        }
        for (int z = lz + sz; m[2] < need && !(c->rows[ly][z] & xm); z += sz)
            m[2]++;
    }
    if (sy) {
        const int32_t need = rc_levels_needed(l, m, ey);
        const int z0 = sz < 0 ? lz - m[2] : lz, z1 = sz < 0 ? lz : lz + m[2];
        for (int y = ly + sy; m[1] < need; y += sy) {
            uint32_t o = 0;
            for (int z = z0; z <= z1; z++)
                o |= c->rows[y][z];
            if (o & xm)
                break;
            m[1]++;
        }
    }
    return m[0] + m[1] + m[2] >= RC_BOX_MIN;
}

/* The line-of-sight walk: rc_walk_steps' branch-free stepping (its three cross-product
 * differences) with rc_air_box / rc_skip_box on every new level and every new chunk. An
 * x or z step inside the chunk grows no box: on terrain, boxes grown there too cost more
 * than they skip. Where boxes are grown changes no result, only how many steps are
 * taken one at a time. `air` is the view's stand-in for missing chunks when they read as
 * air (NULL otherwise). */
static inline void rc_walk_skip(const horde_view *v, horde_rc_lane *l, horde_rc_hit *h)
{
    const horde_chunk *air = v->fill == &horde_empty_chunk ? v->fill : NULL;
    int32_t cc[3];
    const horde_chunk *c;
    const int64_t steps = rc_walk_start(v, l, h, cc, &c);
    if (steps < 0)
        return;
    const int64_t *a = l->a;
    int64_t *n = l->n;
    int32_t *b = l->b;
    int64_t dxy = n[0] * a[1] - n[1] * a[0], dxz = n[0] * a[2] - n[2] * a[0];
    int64_t dyz = n[1] * a[2] - n[2] * a[1];
    const int64_t inc[3][3] = {{RC_U * a[1], RC_U * a[2], 0},
                               {-RC_U * a[0], 0, RC_U * a[2]},
                               {0, -RC_U * a[0], -RC_U * a[1]}};
    int look = 1;
    for (int64_t i = 0; i < steps; i++) {
        int32_t m[3];
        if (look && rc_air_box(v, c, air, l, m)) {
            const int64_t taken = rc_skip_box(l, m);
            if (taken) {
                i += taken;
                if ((b[0] >> 5) != cc[0] || (b[2] >> 5) != cc[2]) { /* a box over chunks */
                    cc[0] = b[0] >> 5, cc[2] = b[2] >> 5;
                    c = horde_view_chunk(v, cc[0], cc[1], cc[2]);
                }
                dxy = n[0] * a[1] - n[1] * a[0], dxz = n[0] * a[2] - n[2] * a[0];
                dyz = n[1] * a[2] - n[2] * a[1];
                if (i >= steps)
                    break;
            }
        }
        const int x_first = (dxy <= 0) & (dxz <= 0);
        const int k = x_first ? 0 : 2 - (dyz <= 0);
        dxy += inc[k][0], dxz += inc[k][1], dyz += inc[k][2];
        const int64_t nk = n[k];
        n[k] = nk + RC_U;
        b[k] += l->s[k];
        const int moved = (b[k] >> 5) != cc[k];
        if (moved) {
            cc[k] = b[k] >> 5;
            c = horde_view_chunk(v, cc[0], cc[1], cc[2]);
        }
        if ((c->rows[b[1] & 31][b[2] & 31] >> (b[0] & 31)) & 1u) {
            rc_hit(h, l, horde_rc_t(nk, a[k]), horde_rc_face(k, l->s[k]), HORDE_FLAG_HIT);
            return;
        }
        look = moved | (k == 1);
    }
    horde_rc_miss(h, 0);
}

#endif
