/* SPDX-License-Identifier: MIT */
/* Internal, per ISA: compaction of the set lanes of a mask (left-pack) and its inverse
 * (expansion), as lane permutations (wide.h's w_perm), from 16-entry tables per 4-lane
 * half. Branch-free: the masks of fresh inputs do not predict. Include after wide.h. */
#ifndef HORDE_LANE_PACK_H
#define HORDE_LANE_PACK_H

#include "wide.h"

/* For 4 mask bits x: lp_count = the set bits; lp_compress = their positions in order,
 * one 4-bit field each (lane 0 lowest; unused fields 0); lp_expand = per lane, the
 * number of set bits below it. */
static const uint8_t lp_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const uint32_t lp_compress[16] = {0x0000, 0x0000, 0x0001, 0x0010, 0x0002, 0x0020,
                                         0x0021, 0x0210, 0x0003, 0x0030, 0x0031, 0x0310,
                                         0x0032, 0x0320, 0x0321, 0x3210};
static const uint32_t lp_expand[16] = {0x0000, 0x1110, 0x1100, 0x2210, 0x1000, 0x2110,
                                       0x2100, 0x3210, 0x0000, 0x1110, 0x1100, 0x2210,
                                       0x1000, 0x2110, 0x2100, 0x3210};

/* The number of set lanes of mask bits m (wi_bits). */
static inline int lp_lanes(int m) { return lp_count[m & 15] + lp_count[(m >> 4) & 15]; }

/* For mask bits m (wi_bits): compress moves the set lanes to lanes 0 .. count - 1 in
 * order; expand moves them back (lane l takes lane "set lanes below l"). Returns the
 * count. Lanes past the count, and unset lanes after expanding, hold other lanes. */
static inline int lp_pack(int m, w_perm *compress, w_perm *expand)
{
#if W == 8
    const int lo = m & 15, hi = (m >> 4) & 15, nlo = lp_count[lo];
    *compress = w_perm_of(lp_compress[lo] | ((lp_compress[hi] + 0x4444u) << (4 * nlo)));
    *expand = w_perm_of(lp_expand[lo] | ((lp_expand[hi] + 0x1111u * (uint32_t)nlo) << 16));
    return nlo + lp_count[hi];
#elif W == 4
    *compress = w_perm_of(lp_compress[m & 15]);
    *expand = w_perm_of(lp_expand[m & 15]);
    return lp_count[m & 15];
#else
#error "lane_pack.h: W must be 4 or 8"
#endif
}

#endif
