/* SPDX-License-Identifier: MIT */
/* Internal, per ISA: the five fields of W poles (x, z, r, bottom, top) into lanes, for
 * the poles' SIMD templates (pole_lanes.h). Include after simd/template.h (or with one
 * HORDE_WIDE_* defined: bench/gather_forms.c). */
#ifndef HORDE_KERNELS_CROWD_POLE_GATHER_H
#define HORDE_KERNELS_CROWD_POLE_GATHER_H

#include "simd/wide.h"

#if defined(HORDE_WIDE_AVX2)
/* wf_load_at of five arrays at the same positions, lane by lane: each position is read
 * once and one is held at a time (five wf_load_at calls keep all eight positions live at
 * once). bench/gather_forms times it against the other forms. */
static inline void wf_load_at5(const float *const base[5], const uint32_t *at, wf v[5])
{
    const float *const b0 = base[0], *const b1 = base[1], *const b2 = base[2], *const b3 = base[3],
                      *const b4 = base[4];
    uint32_t j = at[0];
    wf a0 = simde_mm256_broadcast_ss(b0 + j), a1 = simde_mm256_broadcast_ss(b1 + j);
    wf a2 = simde_mm256_broadcast_ss(b2 + j), a3 = simde_mm256_broadcast_ss(b3 + j);
    wf a4 = simde_mm256_broadcast_ss(b4 + j);
#define HORDE_LOAD_AT5_LANE(l)                                              \
    j = at[l];                                                              \
    a0 = simde_mm256_blend_ps(a0, simde_mm256_broadcast_ss(b0 + j), 1 << l); \
    a1 = simde_mm256_blend_ps(a1, simde_mm256_broadcast_ss(b1 + j), 1 << l); \
    a2 = simde_mm256_blend_ps(a2, simde_mm256_broadcast_ss(b2 + j), 1 << l); \
    a3 = simde_mm256_blend_ps(a3, simde_mm256_broadcast_ss(b3 + j), 1 << l); \
    a4 = simde_mm256_blend_ps(a4, simde_mm256_broadcast_ss(b4 + j), 1 << l);
    HORDE_LOAD_AT5_LANE(1) HORDE_LOAD_AT5_LANE(2) HORDE_LOAD_AT5_LANE(3) HORDE_LOAD_AT5_LANE(4)
    HORDE_LOAD_AT5_LANE(5) HORDE_LOAD_AT5_LANE(6) HORDE_LOAD_AT5_LANE(7)
#undef HORDE_LOAD_AT5_LANE
    v[0] = a0, v[1] = a1, v[2] = a2, v[3] = a3, v[4] = a4;
}
#else
/* Five wf_load_at (simd/wide.h). */
static inline void wf_load_at5(const float *const base[5], const uint32_t *at, wf v[5])
{
    for (int f = 0; f < 5; f++)
        v[f] = wf_load_at(base[f], at);
}
#endif

#endif
