/* SPDX-License-Identifier: MIT */
/* Internal, per ISA: four rows of a chunk level in one 128-bit load, the voxel kernels'
 * occupancy reads (fetch_tmpl.h, point_move_tmpl.c). Integer work only, so it cannot
 * break bit-exactness. Include after simd/template.h (or with one HORDE_WIDE_* defined). */
#ifndef HORDE_KERNELS_VOXEL_FETCH_ROWS_H
#define HORDE_KERNELS_VOXEL_FETCH_ROWS_H

#include "simd/wide.h"

#if defined(HORDE_WIDE_AVX2) || defined(HORDE_WIDE_SSE2) || defined(HORDE_WIDE_SSE41)
/* Voxel rows: (row[k] >> sh) & 15 at bits 8k for four consecutive rows, 0 <= sh <= 28
 * (128-bit SSE2 on all three x86 backends; NEON and WASM have their own below). */
static inline uint32_t fetch4(const uint32_t *row, int sh)
{
    simde__m128i v = simde_mm_loadu_si128((const void *)row);
    v = simde_mm_and_si128(simde_mm_srl_epi32(v, simde_mm_cvtsi32_si128(sh)), simde_mm_set1_epi32(15));
    v = simde_mm_packs_epi32(v, v);
    v = simde_mm_packus_epi16(v, v);
    return (uint32_t)simde_mm_cvtsi128_si32(v);
}
/* fetch4 less its mask: byte k holds (row[k] >> sh) & 255, the caller keeps the low 4
 * bits (once per level for W lanes instead of per lane). SSSE3's byte shuffle picks the
 * four low bytes in one step where fetch4 packs twice; SSE2 has no byte shuffle and
 * keeps fetch4 (the mask is then redundant). */
static inline uint32_t fetch4_bytes(const uint32_t *row, int sh)
{
#if defined(HORDE_WIDE_SSE2)
    return fetch4(row, sh);
#else
    const simde__m128i v = simde_mm_srl_epi32(simde_mm_loadu_si128((const void *)row), simde_mm_cvtsi32_si128(sh));
    const simde__m128i low_bytes = simde_mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    return (uint32_t)simde_mm_cvtsi128_si32(simde_mm_shuffle_epi8(v, low_bytes));
#endif
}
/* The same for a window across an x chunk border, 29 <= sh <= 31: bits sh..31 of `lo`'s
 * rows, then the low bits of `hi`'s (the next chunk's). */
static inline uint32_t fetch4x2(const uint32_t *lo, const uint32_t *hi, int sh)
{
    simde__m128i v = simde_mm_or_si128(
        simde_mm_srl_epi32(simde_mm_loadu_si128((const void *)lo), simde_mm_cvtsi32_si128(sh)),
        simde_mm_sll_epi32(simde_mm_loadu_si128((const void *)hi), simde_mm_cvtsi32_si128(32 - sh)));
    v = simde_mm_and_si128(v, simde_mm_set1_epi32(15));
    v = simde_mm_packs_epi32(v, v);
    v = simde_mm_packus_epi16(v, v);
    return (uint32_t)simde_mm_cvtsi128_si32(v);
}
#elif defined(HORDE_WIDE_NEON)
/* Voxel rows: (row[k] >> sh) & 15 at bits 8k for four consecutive rows, 0 <= sh <= 28. */
static inline uint32_t fetch4(const uint32_t *row, int sh)
{
    simde_uint32x4_t v = simde_vld1q_u32(row);
    v = simde_vandq_u32(simde_vshlq_u32(v, simde_vdupq_n_s32(-sh)), simde_vdupq_n_u32(15));
    const simde_uint16x4_t a = simde_vmovn_u32(v);
    const simde_uint8x8_t b = simde_vmovn_u16(simde_vcombine_u16(a, a));
    return simde_vget_lane_u32(simde_vreinterpret_u32_u8(b), 0);
}
/* fetch4 less its mask (see the x86 branch); here it is fetch4. */
static inline uint32_t fetch4_bytes(const uint32_t *row, int sh) { return fetch4(row, sh); }
/* The same across an x chunk border, 29 <= sh <= 31 (see the x86 branch). */
static inline uint32_t fetch4x2(const uint32_t *lo, const uint32_t *hi, int sh)
{
    simde_uint32x4_t v = simde_vorrq_u32(simde_vshlq_u32(simde_vld1q_u32(lo), simde_vdupq_n_s32(-sh)),
                                         simde_vshlq_u32(simde_vld1q_u32(hi), simde_vdupq_n_s32(32 - sh)));
    v = simde_vandq_u32(v, simde_vdupq_n_u32(15));
    const simde_uint16x4_t a = simde_vmovn_u32(v);
    const simde_uint8x8_t b = simde_vmovn_u16(simde_vcombine_u16(a, a));
    return simde_vget_lane_u32(simde_vreinterpret_u32_u8(b), 0);
}
#elif defined(HORDE_WIDE_WASM)
/* Voxel rows: (row[k] >> sh) & 15 at bits 8k for four consecutive rows, 0 <= sh <= 28. */
static inline uint32_t fetch4(const uint32_t *row, int sh)
{
    simde_v128_t v = simde_wasm_v128_load(row);
    v = simde_wasm_v128_and(simde_wasm_u32x4_shr(v, (uint32_t)sh), simde_wasm_i32x4_splat(15));
    v = simde_wasm_i16x8_narrow_i32x4(v, v);
    v = simde_wasm_u8x16_narrow_i16x8(v, v);
    return (uint32_t)simde_wasm_i32x4_extract_lane(v, 0);
}
/* fetch4 less its mask (see the x86 branch); here it is fetch4. */
static inline uint32_t fetch4_bytes(const uint32_t *row, int sh) { return fetch4(row, sh); }
/* The same across an x chunk border, 29 <= sh <= 31 (see the x86 branch). */
static inline uint32_t fetch4x2(const uint32_t *lo, const uint32_t *hi, int sh)
{
    simde_v128_t v = simde_wasm_v128_or(simde_wasm_u32x4_shr(simde_wasm_v128_load(lo), (uint32_t)sh),
                                        simde_wasm_i32x4_shl(simde_wasm_v128_load(hi), (uint32_t)(32 - sh)));
    v = simde_wasm_v128_and(v, simde_wasm_i32x4_splat(15));
    v = simde_wasm_i16x8_narrow_i32x4(v, v);
    v = simde_wasm_u8x16_narrow_i16x8(v, v);
    return (uint32_t)simde_wasm_i32x4_extract_lane(v, 0);
}
#endif

#endif
