/* SPDX-License-Identifier: MIT */
/* Internal: the walk of the voxel raycast and line-of-sight templates. It visits the
 * header's block sequence (the same exact integer crossings as the references' plain
 * walk) with shortcuts that change no result bit:
 *   - the chunk is looked up through the call's resolved view only when the walk leaves
 *     it (a block lookup is then one row read and a shift);
 *   - rc_walk_steps keeps the crossing order as three cross-product differences and
 *     picks each step's axis without a branch, for a precounted number of steps, and
 *     in a chunk level that is all air takes every x and z step up to the next y step
 *     or the chunk's edge at once;
 *   - rc_walk_fast, for segments mostly along x, tests a run of consecutive x steps
 *     inside one chunk row with one mask: the number of x planes crossed before the next
 *     y or z plane (ties: x first) and before the end comes from one integer division
 *     per axis, and the first set bit of row & mask is the first solid block of the run.
 * All of it is integer work on the lane's exact state, so every backend computes the
 * reference's blocks and t. */
#ifndef HORDE_VOXEL_RAYCAST_WALK_H
#define HORDE_VOXEL_RAYCAST_WALK_H

#include "voxel_raycast.h"

/* Lowest and highest set bit of a non-zero word. */
static inline int rc_low_bit(uint32_t v)
{
#if defined(__GNUC__)
    return __builtin_ctz(v);
#else
    int i = 0;
    while (!(v & 1u))
        v >>= 1, i++;
    return i;
#endif
}
static inline int rc_high_bit(uint32_t v)
{
#if defined(__GNUC__)
    return 31 - __builtin_clz(v);
#else
    int i = 31;
    while (!(v & 0x80000000u))
        v <<= 1, i--;
    return i;
#endif
}

/* x steps j = 0, 1, ... that come before axis k's next plane (k with a_k > 0): those with
 * (n_x + j U) a_k <= n_k a_x, i.e. j <= (n_k a_x - n_x a_k) / (U a_k). Called when the
 * next step is x, so the numerator is >= 0. Returns the largest such j. */
static inline int64_t rc_x_before(const horde_rc_lane *l, int k)
{
    return (l->n[k] * l->a[0] - l->n[0] * l->a[k]) / (RC_U * l->a[k]);
}

static inline void rc_hit(horde_rc_hit *h, const horde_rc_lane *l, float t, uint32_t face,
                          uint32_t flags)
{
    h->t = t, h->face = face, h->flags = flags;
    h->b[0] = l->b[0], h->b[1] = l->b[1], h->b[2] = l->b[2];
}

static inline void rc_walk_fast(const horde_view *v, horde_rc_lane *l, horde_rc_hit *h)
{
    int32_t cx = l->b[0] >> 5, cy = l->b[1] >> 5, cz = l->b[2] >> 5;
    const horde_chunk *c = horde_view_chunk(v, cx, cy, cz);
    if ((c->rows[l->b[1] & 31][l->b[2] & 31] >> (l->b[0] & 31)) & 1u) {
        rc_hit(h, l, 0.0f, HORDE_NONE, HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE);
        return;
    }
        for (;;) {
        const int k = horde_rc_next_axis(l);
        if (k < 0) {
            horde_rc_miss(h, 0);
            return;
        }
        const int lx = l->b[0] & 31;
        const int room = l->s[0] > 0 ? 31 - lx : lx; /* x steps left inside this chunk row */
        if (k == 0 && room > 1) {
            int64_t j = (l->a[0] - l->n[0]) >> HORDE_VOXEL_RAYCAST_SNAP_BITS; /* end */
            for (int o = 1; o < 3; o++)
                if (l->a[o]) {
                    const int64_t jo = rc_x_before(l, o);
                    j = jo < j ? jo : j;
                }
            const int m = j + 1 < room ? (int)(j + 1) : room; /* x steps in this run */
            const uint32_t ones = (1u << m) - 1u;
            const uint32_t mask = l->s[0] > 0 ? ones << (lx + 1) : ones << (lx - m);
            const uint32_t hits = c->rows[l->b[1] & 31][l->b[2] & 31] & mask;
            if (hits) {
                const int q = l->s[0] > 0 ? rc_low_bit(hits) - (lx + 1) : (lx - 1) - rc_high_bit(hits);
                const int64_t n = l->n[0] + (int64_t)q * RC_U;
                l->b[0] += (q + 1) * l->s[0];
                rc_hit(h, l, horde_rc_t(n, l->a[0]), horde_rc_face(0, l->s[0]), HORDE_FLAG_HIT);
                return;
            }
            l->b[0] += m * l->s[0];
            l->n[0] += (int64_t)m * RC_U;
            continue;
        }
        const int64_t n = l->n[k];
        l->b[k] += l->s[k];
        l->n[k] += RC_U;
        const int32_t nc = l->b[k] >> 5;
        int32_t *const cc = k == 0 ? &cx : k == 1 ? &cy : &cz;
        if (nc != *cc) {
            *cc = nc;
            c = horde_view_chunk(v, cx, cy, cz);
        }
        if ((c->rows[l->b[1] & 31][l->b[2] & 31] >> (l->b[0] & 31)) & 1u) {
            rc_hit(h, l, horde_rc_t(n, l->a[k]), horde_rc_face(k, l->s[k]), HORDE_FLAG_HIT);
            return;
        }
    }
}

/* Is level ly of chunk c all air? */
static inline int rc_layer_empty(const horde_chunk *c, int ly)
{
    uint32_t o = 0;
    for (int z = 0; z < HORDE_CHUNK_SIZE; z++)
        o |= c->rows[ly][z];
    return o == 0;
}

/* Planes of axis k still ahead (t <= 1) that cross at t <= N / M (incl) or t < N / M,
 * counted exactly: plane m crosses at (n_k + m U) / a_k, so it is before N / M when
 * m U M <= N a_k - n_k M (strictly: <). N, M, n_k, a_k <= 2^31: products below 2^62. */
static inline int64_t rc_planes_before(const horde_rc_lane *l, int k, int64_t num, int64_t den, int incl)
{
    const int64_t a = l->a[k], n = l->n[k];
    if (!a || n > a)
        return 0;
    const int64_t lhs = num * a - n * den, um = RC_U * den;
    if (lhs < 0 || (!incl && lhs == 0))
        return 0;
    const int64_t cnt = incl ? lhs / um + 1 : (lhs - 1) / um + 1, rem = ((a - n) >> HORDE_VOXEL_RAYCAST_SNAP_BITS) + 1;
    return cnt < rem ? cnt : rem;
}

/* The walk is at block b in a chunk whose level b_y is all air: every x and z step
 * that comes before the next y step and before the walk leaves the chunk through x or z
 * enters an air block of that level, so they are taken at once. The first of those
 * three events (ties: x, y, z) is found by exact cross products; the x and z planes
 * ordered before it are counted (rc_planes_before: ties count for an axis before the
 * event's). Returns the steps taken. */
static inline int64_t rc_skip_layer(horde_rc_lane *l)
{
    int64_t num = 0, den = 0;
    int ev = -1;
    for (int k = 0; k < 3; k++) {
        if (!l->a[k])
            continue;
        /* y: its next plane; x, z: the plane out of the chunk, m planes ahead */
        const int32_t m = k == 1 ? 0 : l->s[k] > 0 ? 31 - (l->b[k] & 31) : (l->b[k] & 31);
        const int64_t nk = l->n[k] + (int64_t)m * RC_U;
        if (ev < 0 || nk * den < num * l->a[k])
            num = nk, den = l->a[k], ev = k;
    }
    if (ev < 0)
        return 0;
    const int64_t cx = rc_planes_before(l, 0, num, den, 0 < ev);
    const int64_t cz = rc_planes_before(l, 2, num, den, 0);
    l->b[0] += (int32_t)cx * l->s[0], l->n[0] += cx * RC_U;
    l->b[2] += (int32_t)cz * l->s[2], l->n[2] += cz * RC_U;
    return cx + cz;
}

/* A walk's start: the chunk of the start block (cc, *c); -1 after writing the
 * STARTED_INSIDE hit when that block is solid, else the number of steps (one per plane
 * crossing with t <= 1). */
static inline int64_t rc_walk_start(const horde_view *v, const horde_rc_lane *l, horde_rc_hit *h, int32_t cc[3],
                                    const horde_chunk **c)
{
    cc[0] = l->b[0] >> 5, cc[1] = l->b[1] >> 5, cc[2] = l->b[2] >> 5;
    *c = horde_view_chunk(v, cc[0], cc[1], cc[2]);
    if (((*c)->rows[l->b[1] & 31][l->b[2] & 31] >> (l->b[0] & 31)) & 1u) {
        rc_hit(h, l, 0.0f, HORDE_NONE, HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE);
        return -1;
    }
    int64_t steps = 0;
    for (int k = 0; k < 3; k++)
        if (l->a[k] && l->n[k] <= l->a[k])
            steps += ((l->a[k] - l->n[k]) >> HORDE_VOXEL_RAYCAST_SNAP_BITS) + 1;
    return steps;
}

/* The walk without a branch on the axis: the plane-crossing order is kept as the three
 * differences d_xy = n_x a_y - n_y a_x, d_xz, d_yz (x before y exactly when d_xy <= 0,
 * the header's tie to x; an axis with a = 0 never comes before one with a > 0), each
 * step adds its axis's row of `inc` to them, and the walk runs exactly as many steps as
 * there are crossings with t <= 1 (the smallest crossing is always one of them while
 * any is left). |n| <= 2^30 + 2^20 and a <= 2^30: every term stays below 2^62. Walks
 * of more than 24 steps also skip air levels (rc_skip_layer). */
static inline void rc_walk_steps(const horde_view *v, horde_rc_lane *l, horde_rc_hit *h)
{
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
    /* Air levels are skipped only by walks long enough to gain from it; a level whose
     * row under the walk is not empty is not tested further. */
    const int skips = steps > 24;
    int air = skips && !c->rows[b[1] & 31][b[2] & 31] && rc_layer_empty(c, b[1] & 31);
    for (int64_t i = 0; i < steps; i++) {
        if (air) {
            air = 0;
            const int64_t taken = rc_skip_layer(l);
            if (taken) {
                i += taken;
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
        const uint32_t row = c->rows[b[1] & 31][b[2] & 31];
        if ((moved | (k == 1)) && skips && !row)
            air = rc_layer_empty(c, b[1] & 31);
        if ((row >> (b[0] & 31)) & 1u) {
            rc_hit(h, l, horde_rc_t(nk, a[k]), horde_rc_face(k, l->s[k]), HORDE_FLAG_HIT);
            return;
        }
    }
    horde_rc_miss(h, 0);
}

/* A lane's walk: segments whose x part is at least 4 times each other part take the
 * x-row masks of rc_walk_fast (their runs of x steps are at least 4 blocks long); the
 * others step without a branch on the axis. Both visit the header's sequence. */
static inline void rc_walk(const horde_view *v, horde_rc_lane *l, horde_rc_hit *h)
{
    if (l->a[0] >= 4 * l->a[1] && l->a[0] >= 4 * l->a[2])
        rc_walk_fast(v, l, h);
    else
        rc_walk_steps(v, l, h);
}

#endif
