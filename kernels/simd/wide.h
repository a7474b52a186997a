/* SPDX-License-Identifier: MIT */
/* Internal: the wide-lane layer. Each kernel body (*_tmpl.c) is written once against
 * these types and operations and compiled once per ISA with exactly one of
 * HORDE_WIDE_SSE2 / HORDE_WIDE_SSE41 / HORDE_WIDE_AVX2 / HORDE_WIDE_NEON /
 * HORDE_WIDE_WASM defined.
 * Everything goes through SIMDe, so a backend also builds (emulated) on other CPUs.
 *
 * Only IEEE-exact operations are offered (add, sub, mul, div, sqrt, max, compares,
 * conversions): no FMA, no reciprocal estimates, so each lane computes exactly what
 * the scalar reference computes. Masks are int lanes holding 0 or -1.
 * HORDE_WIDE_DIV_PER_LANE is defined where wide.h itself divides lane by lane (no
 * vector divide): a kernel that divides speculatively then keeps one division instead.
 *
 * Lane operations only: what one kernel family reads its own way lives in its folder
 * (the voxel rows: kernels/voxel/fetch_rows.h; the poles' fields: kernels/crowd/
 * pole_gather.h). */
#ifndef HORDE_WIDE_H
#define HORDE_WIDE_H

#include <stdint.h>

/* SIMDe emulates SSE/AVX division and square root on ARMv7 NEON (no vector divide or
 * sqrt there) with reciprocal(-sqrt) estimates and Newton steps: not correctly rounded.
 * Those backends then divide and take roots per lane (VFP, IEEE), like the NEON branch. */
#define HORDE_WIDE_DIV_SQRT_PER_LANE(store, load)                                          \
    static inline wf wf_div(wf a, wf b)                                                    \
    {                                                                                      \
        float x[W], y[W];                                                                  \
        store(x, a), store(y, b);                                                          \
        for (int i = 0; i < W; i++) x[i] = x[i] / y[i];                                    \
        return load(x);                                                                    \
    }                                                                                      \
    static inline wf wf_sqrt(wf a)                                                         \
    {                                                                                      \
        float x[W];                                                                        \
        store(x, a);                                                                       \
        for (int i = 0; i < W; i++) x[i] = __builtin_sqrtf(x[i]);                          \
        return load(x);                                                                    \
    }

#if defined(HORDE_WIDE_AVX2)
#include <simde/x86/avx2.h>
#define W 8
typedef simde__m256 wf;
typedef simde__m256i wi;
static inline wf wf_load(const float *p) { return simde_mm256_loadu_ps(p); }
static inline void wf_store(float *p, wf v) { simde_mm256_storeu_ps(p, v); }
static inline wi wi_load(const uint32_t *p) { return simde_mm256_loadu_si256((const void *)p); }
static inline void wi_store(uint32_t *p, wi v) { simde_mm256_storeu_si256((void *)p, v); }
static inline wf wf_set(float v) { return simde_mm256_set1_ps(v); }
static inline wi wi_set(int32_t v) { return simde_mm256_set1_epi32(v); }
static inline wf wf_add(wf a, wf b) { return simde_mm256_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_mm256_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_mm256_mul_ps(a, b); }
#if defined(SIMDE_ARM_NEON_A32V7_NATIVE) && !defined(SIMDE_ARM_NEON_A64V8_NATIVE)
HORDE_WIDE_DIV_SQRT_PER_LANE(simde_mm256_storeu_ps, simde_mm256_loadu_ps)
#define HORDE_WIDE_DIV_PER_LANE
#else
static inline wf wf_div(wf a, wf b) { return simde_mm256_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return simde_mm256_sqrt_ps(a); }
#endif
static inline wf wf_max(wf a, wf b) { return simde_mm256_max_ps(a, b); }
static inline wf wf_min(wf a, wf b) { return simde_mm256_min_ps(a, b); }
#define HORDE_WIDE_HAS_MIN
static inline wi wi_max(wi a, wi b) { return simde_mm256_max_epi32(a, b); }
static inline wi wi_min(wi a, wi b) { return simde_mm256_min_epi32(a, b); }
/* 1 << k for 0 <= k <= 30: one variable shift. */
static inline wi wi_pow2(wi k) { return simde_mm256_sllv_epi32(simde_mm256_set1_epi32(1), k); }
/* a << k for 0 <= k <= 30: the same shift. */
static inline wi wi_shlv(wi a, wi k) { return simde_mm256_sllv_epi32(a, k); }
#define HORDE_WIDE_HAS_POW2
/* floor / ceil to int for |v| < 2^31: round, then convert (exact both ways), where
 * the instruction exists; SIMDe's emulation of it on armv7 differed from the scalar
 * reference (a property test caught it), so emulated builds keep the generic one. */
#if defined(SIMDE_X86_SSE4_1_NATIVE)
static inline wi wi_floor(wf v) { return simde_mm256_cvttps_epi32(simde_mm256_floor_ps(v)); }
static inline wi wi_ceil(wf v) { return simde_mm256_cvttps_epi32(simde_mm256_ceil_ps(v)); }
static inline wf wf_floor_int(wf v, wi *i)
{
    const wf f = simde_mm256_floor_ps(v);
    *i = simde_mm256_cvttps_epi32(f);
    return f;
}
#define HORDE_WIDE_HAS_ROUND
#endif
static inline wi wf_lt(wf a, wf b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_LT_OQ)); }
static inline wi wf_gt(wf a, wf b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ)); }
static inline wi wf_le(wf a, wf b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ)); }
static inline wi wf_eq(wf a, wf b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ)); }
static inline wi wi_and(wi a, wi b) { return simde_mm256_and_si256(a, b); }
static inline wi wi_or(wi a, wi b) { return simde_mm256_or_si256(a, b); }
static inline wi wi_andnot(wi a, wi b) { return simde_mm256_andnot_si256(a, b); } /* ~a & b */
static inline wi wi_add(wi a, wi b) { return simde_mm256_add_epi32(a, b); }
static inline wi wi_sub(wi a, wi b) { return simde_mm256_sub_epi32(a, b); }
static inline wi wi_gt(wi a, wi b) { return simde_mm256_cmpgt_epi32(a, b); }
static inline wi wi_eq(wi a, wi b) { return simde_mm256_cmpeq_epi32(a, b); }
static inline wf wf_from_i(wi a) { return simde_mm256_cvtepi32_ps(a); }
static inline wi wi_trunc(wf a) { return simde_mm256_cvttps_epi32(a); }
static inline wf wf_as(wi a) { return simde_mm256_castsi256_ps(a); }
static inline wi wi_as(wf a) { return simde_mm256_castps_si256(a); }
/* A template that defines HORDE_WIDE_SEL_OPAQUE before its includes gets wf_sel as the
 * blend instruction itself (GCC, native AVX). GCC otherwise rewrites the intrinsic as a
 * select on "mask < 0", and a mask that serves several selects then gets that compare
 * (vpcmpgtd against zero) made into a register of its own. Opaque, the blend cannot be
 * turned into an and when one side is zero, either: which way is shorter depends on the
 * kernel, so it is chosen per template (sweep_sphere_tri_tmpl.c). Same bits either way. */
#if defined(HORDE_WIDE_SEL_OPAQUE) && defined(SIMDE_X86_AVX_NATIVE) && defined(__GNUC__) && !defined(__clang__)
static inline wf wf_sel(wi m, wf a, wf b)
{
    wf r;
    __asm__("vblendvps %1, %2, %3, %0" : "=x"(r) : "x"(m), "xm"(a), "x"(b));
    return r;
}
#else
static inline wf wf_sel(wi m, wf a, wf b) { return simde_mm256_blendv_ps(b, a, simde_mm256_castsi256_ps(m)); }
#endif
static inline wi wi_sel(wi m, wi a, wi b) { return simde_mm256_blendv_epi8(b, a, m); }
static inline int wi_any(wi m) { return simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m)) != 0; }
static inline int wi_bits(wi m) { return simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m)); }
/* A lane permutation: lane l of wf_permute(v, p) is lane p[l] of v. Made from 4-bit
 * fields (field l = source lane of lane l) with a variable shift, in registers. */
typedef simde__m256i w_perm;
static inline w_perm w_perm_of(uint32_t fields)
{
    const simde__m256i sh = simde_mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
    return simde_mm256_and_si256(simde_mm256_srlv_epi32(simde_mm256_set1_epi32((int32_t)fields), sh),
                                 simde_mm256_set1_epi32(7));
}
static inline wf wf_permute(wf v, w_perm p) { return simde_mm256_permutevar8x32_ps(v, p); }
static inline wi wi_permute(wi v, w_perm p) { return simde_mm256_permutevar8x32_epi32(v, p); }
/* Integer lanes: shifts by n (0 < n < 32; sra arithmetic, srl logical), and the low 32
 * bits of the product (every ISA below has the same four). */
static inline wi wi_sra(wi a, int n) { return simde_mm256_sra_epi32(a, simde_mm_cvtsi32_si128(n)); }
static inline wi wi_srl(wi a, int n) { return simde_mm256_srl_epi32(a, simde_mm_cvtsi32_si128(n)); }
static inline wi wi_shl(wi a, int n) { return simde_mm256_sll_epi32(a, simde_mm_cvtsi32_si128(n)); }
static inline wi wi_mullo(wi a, wi b) { return simde_mm256_mullo_epi32(a, b); }

#elif defined(HORDE_WIDE_SSE2) || defined(HORDE_WIDE_SSE41)
#if defined(HORDE_WIDE_SSE41)
#include <simde/x86/sse4.1.h>
#else
#include <simde/x86/sse2.h>
#endif
#define W 4
typedef simde__m128 wf;
typedef simde__m128i wi;
static inline wf wf_load(const float *p) { return simde_mm_loadu_ps(p); }
static inline void wf_store(float *p, wf v) { simde_mm_storeu_ps(p, v); }
static inline wi wi_load(const uint32_t *p) { return simde_mm_loadu_si128((const void *)p); }
static inline void wi_store(uint32_t *p, wi v) { simde_mm_storeu_si128((void *)p, v); }
static inline wf wf_set(float v) { return simde_mm_set1_ps(v); }
static inline wi wi_set(int32_t v) { return simde_mm_set1_epi32(v); }
static inline wf wf_add(wf a, wf b) { return simde_mm_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_mm_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_mm_mul_ps(a, b); }
#if defined(SIMDE_ARM_NEON_A32V7_NATIVE) && !defined(SIMDE_ARM_NEON_A64V8_NATIVE)
HORDE_WIDE_DIV_SQRT_PER_LANE(simde_mm_storeu_ps, simde_mm_loadu_ps)
#define HORDE_WIDE_DIV_PER_LANE
#else
static inline wf wf_div(wf a, wf b) { return simde_mm_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return simde_mm_sqrt_ps(a); }
#endif
static inline wf wf_max(wf a, wf b) { return simde_mm_max_ps(a, b); }
static inline wf wf_min(wf a, wf b) { return simde_mm_min_ps(a, b); }
#define HORDE_WIDE_HAS_MIN
static inline wi wf_lt(wf a, wf b) { return simde_mm_castps_si128(simde_mm_cmplt_ps(a, b)); }
static inline wi wf_gt(wf a, wf b) { return simde_mm_castps_si128(simde_mm_cmpgt_ps(a, b)); }
static inline wi wf_le(wf a, wf b) { return simde_mm_castps_si128(simde_mm_cmple_ps(a, b)); }
static inline wi wf_eq(wf a, wf b) { return simde_mm_castps_si128(simde_mm_cmpeq_ps(a, b)); }
static inline wi wi_and(wi a, wi b) { return simde_mm_and_si128(a, b); }
static inline wi wi_or(wi a, wi b) { return simde_mm_or_si128(a, b); }
static inline wi wi_andnot(wi a, wi b) { return simde_mm_andnot_si128(a, b); }
static inline wi wi_add(wi a, wi b) { return simde_mm_add_epi32(a, b); }
static inline wi wi_sub(wi a, wi b) { return simde_mm_sub_epi32(a, b); }
static inline wi wi_gt(wi a, wi b) { return simde_mm_cmpgt_epi32(a, b); }
static inline wi wi_eq(wi a, wi b) { return simde_mm_cmpeq_epi32(a, b); }
static inline wf wf_from_i(wi a) { return simde_mm_cvtepi32_ps(a); }
static inline wi wi_trunc(wf a) { return simde_mm_cvttps_epi32(a); }
static inline wf wf_as(wi a) { return simde_mm_castsi128_ps(a); }
static inline wi wi_as(wf a) { return simde_mm_castps_si128(a); }
#if defined(HORDE_WIDE_SSE41)
static inline wf wf_sel(wi m, wf a, wf b) { return simde_mm_blendv_ps(b, a, simde_mm_castsi128_ps(m)); }
static inline wi wi_sel(wi m, wi a, wi b) { return simde_mm_blendv_epi8(b, a, m); }
static inline wi wi_max(wi a, wi b) { return simde_mm_max_epi32(a, b); }
static inline wi wi_min(wi a, wi b) { return simde_mm_min_epi32(a, b); }
/* floor / ceil to int for |v| < 2^31: round, then convert (exact both ways), where
 * the instruction exists; SIMDe's emulation of it on armv7 differed from the scalar
 * reference (a property test caught it), so emulated builds keep the generic one. */
#if defined(SIMDE_X86_SSE4_1_NATIVE)
static inline wi wi_floor(wf v) { return simde_mm_cvttps_epi32(simde_mm_floor_ps(v)); }
static inline wi wi_ceil(wf v) { return simde_mm_cvttps_epi32(simde_mm_ceil_ps(v)); }
static inline wf wf_floor_int(wf v, wi *i)
{
    const wf f = simde_mm_floor_ps(v);
    *i = simde_mm_cvttps_epi32(f);
    return f;
}
#define HORDE_WIDE_HAS_ROUND
#endif
/* SIMDe 0.7.4's portable _mm_testz_si128 (used on wasm32) answers 1 when either 64-bit
 * half is zero: use it only where SIMDe maps it to an instruction. */
#if defined(SIMDE_X86_SSE4_1_NATIVE) || defined(SIMDE_ARM_NEON_A32V7_NATIVE)
static inline int wi_any(wi m) { return !simde_mm_testz_si128(m, m); }
#else
static inline int wi_any(wi m) { return simde_mm_movemask_epi8(m) != 0; }
#endif
#else
static inline wi wi_sel(wi m, wi a, wi b) { return simde_mm_or_si128(simde_mm_and_si128(m, a), simde_mm_andnot_si128(m, b)); }
static inline wf wf_sel(wi m, wf a, wf b) { return wf_as(wi_sel(m, wi_as(a), wi_as(b))); }
static inline wi wi_max(wi a, wi b) { return wi_sel(wi_gt(a, b), a, b); } /* SSE2 has no pmaxsd */
static inline wi wi_min(wi a, wi b) { return wi_sel(wi_gt(a, b), b, a); }
static inline int wi_any(wi m) { return simde_mm_movemask_epi8(m) != 0; }
#endif

static inline int wi_bits(wi m) { return simde_mm_movemask_ps(simde_mm_castsi128_ps(m)); }
static inline wi wi_sra(wi a, int n) { return simde_mm_sra_epi32(a, simde_mm_cvtsi32_si128(n)); }
static inline wi wi_srl(wi a, int n) { return simde_mm_srl_epi32(a, simde_mm_cvtsi32_si128(n)); }
static inline wi wi_shl(wi a, int n) { return simde_mm_sll_epi32(a, simde_mm_cvtsi32_si128(n)); }
#if defined(HORDE_WIDE_SSE41)
static inline wi wi_mullo(wi a, wi b) { return simde_mm_mullo_epi32(a, b); }
#else
/* SSE2: two 32 x 32 -> 64 multiplies of the even and odd lanes, low halves interleaved. */
static inline wi wi_mullo(wi a, wi b)
{
    const simde__m128i ev = simde_mm_mul_epu32(a, b);
    const simde__m128i od = simde_mm_mul_epu32(simde_mm_srli_epi64(a, 32), simde_mm_srli_epi64(b, 32));
    return simde_mm_unpacklo_epi32(simde_mm_shuffle_epi32(ev, SIMDE_MM_SHUFFLE(0, 0, 2, 0)),
                                   simde_mm_shuffle_epi32(od, SIMDE_MM_SHUFFLE(0, 0, 2, 0)));
}
#endif
#if defined(HORDE_WIDE_SSE41)
static inline wi wi_shuffle_bytes(wi v, wi control) { return simde_mm_shuffle_epi8(v, control); } /* SSSE3 pshufb */
#define HORDE_WIDE_PERMUTE_BY_BYTES
#else
#define HORDE_WIDE_PERMUTE_BY_LANES
#endif
#elif defined(HORDE_WIDE_NEON)
#include <simde/arm/neon.h>
#define W 4
typedef simde_float32x4_t wf;
typedef simde_int32x4_t wi;
static inline wf wf_load(const float *p) { return simde_vld1q_f32(p); }
static inline void wf_store(float *p, wf v) { simde_vst1q_f32(p, v); }
static inline wi wi_load(const uint32_t *p) { return simde_vreinterpretq_s32_u32(simde_vld1q_u32(p)); }
static inline void wi_store(uint32_t *p, wi v) { simde_vst1q_u32(p, simde_vreinterpretq_u32_s32(v)); }
static inline wf wf_set(float v) { return simde_vdupq_n_f32(v); }
static inline wi wi_set(int32_t v) { return simde_vdupq_n_s32(v); }
static inline wf wf_add(wf a, wf b) { return simde_vaddq_f32(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_vsubq_f32(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_vmulq_f32(a, b); }
/* SIMDe 0.7.4 has no vdivq_f32 / vsqrtq_f32 (and ARMv7 has neither): per lane, which
 * is still the correctly rounded IEEE result. */
#define HORDE_WIDE_DIV_PER_LANE
static inline wf wf_div(wf a, wf b)
{
    float x[4], y[4];
    simde_vst1q_f32(x, a), simde_vst1q_f32(y, b);
    for (int i = 0; i < 4; i++) x[i] = x[i] / y[i];
    return simde_vld1q_f32(x);
}
static inline wf wf_sqrt(wf a)
{
    float x[4];
    simde_vst1q_f32(x, a);
    for (int i = 0; i < 4; i++) x[i] = __builtin_sqrtf(x[i]);
    return simde_vld1q_f32(x);
}
/* maxps semantics (a > b ? a : b), which NEON's vmaxq only shares for non-NaN, non-zero ties. */
static inline wf wf_max(wf a, wf b) { return simde_vbslq_f32(simde_vcgtq_f32(a, b), a, b); }
static inline wi wi_max(wi a, wi b) { return simde_vmaxq_s32(a, b); }
static inline wi wi_min(wi a, wi b) { return simde_vminq_s32(a, b); }
/* 1 << k for 0 <= k <= 30: one variable shift (unsigned lanes). */
static inline wi wi_pow2(wi k)
{
    return simde_vreinterpretq_s32_u32(simde_vshlq_u32(simde_vdupq_n_u32(1), k));
}
static inline wi wi_shlv(wi a, wi k)
{
    return simde_vreinterpretq_s32_u32(simde_vshlq_u32(simde_vreinterpretq_u32_s32(a), k));
}
#define HORDE_WIDE_HAS_POW2
static inline wi wf_lt(wf a, wf b) { return simde_vreinterpretq_s32_u32(simde_vcltq_f32(a, b)); }
static inline wi wf_gt(wf a, wf b) { return simde_vreinterpretq_s32_u32(simde_vcgtq_f32(a, b)); }
static inline wi wf_le(wf a, wf b) { return simde_vreinterpretq_s32_u32(simde_vcleq_f32(a, b)); }
static inline wi wf_eq(wf a, wf b) { return simde_vreinterpretq_s32_u32(simde_vceqq_f32(a, b)); }
static inline wi wi_and(wi a, wi b) { return simde_vandq_s32(a, b); }
static inline wi wi_or(wi a, wi b) { return simde_vorrq_s32(a, b); }
static inline wi wi_andnot(wi a, wi b) { return simde_vbicq_s32(b, a); }
static inline wi wi_add(wi a, wi b) { return simde_vaddq_s32(a, b); }
static inline wi wi_sub(wi a, wi b) { return simde_vsubq_s32(a, b); }
static inline wi wi_gt(wi a, wi b) { return simde_vreinterpretq_s32_u32(simde_vcgtq_s32(a, b)); }
static inline wi wi_eq(wi a, wi b) { return simde_vreinterpretq_s32_u32(simde_vceqq_s32(a, b)); }
static inline wf wf_from_i(wi a) { return simde_vcvtq_f32_s32(a); }
static inline wi wi_trunc(wf a) { return simde_vcvtq_s32_f32(a); }
static inline wf wf_as(wi a) { return simde_vreinterpretq_f32_s32(a); }
static inline wi wi_as(wf a) { return simde_vreinterpretq_s32_f32(a); }
static inline wf wf_sel(wi m, wf a, wf b) { return simde_vbslq_f32(simde_vreinterpretq_u32_s32(m), a, b); }
static inline wi wi_sel(wi m, wi a, wi b) { return simde_vbslq_s32(simde_vreinterpretq_u32_s32(m), a, b); }
static inline int wi_any(wi m) { return simde_vmaxvq_u32(simde_vreinterpretq_u32_s32(m)) != 0; }
static inline wi wi_sra(wi a, int n) { return simde_vshlq_s32(a, simde_vdupq_n_s32(-n)); }
static inline wi wi_srl(wi a, int n)
{
    return simde_vreinterpretq_s32_u32(simde_vshlq_u32(simde_vreinterpretq_u32_s32(a), simde_vdupq_n_s32(-n)));
}
static inline wi wi_shl(wi a, int n)
{
    return simde_vreinterpretq_s32_u32(simde_vshlq_u32(simde_vreinterpretq_u32_s32(a), simde_vdupq_n_s32(n)));
}
static inline wi wi_mullo(wi a, wi b)
{
    return simde_vreinterpretq_s32_u32(simde_vmulq_u32(simde_vreinterpretq_u32_s32(a), simde_vreinterpretq_u32_s32(b)));
}
#define HORDE_WIDE_BITS_BY_STORE
static inline wi wi_shuffle_bytes(wi v, wi control) /* tbl (aarch64), two vtbl2 (armv7) */
{
    return simde_vreinterpretq_s32_u8(simde_vqtbl1q_u8(simde_vreinterpretq_u8_s32(v), simde_vreinterpretq_u8_s32(control)));
}
#define HORDE_WIDE_PERMUTE_BY_BYTES

#elif defined(HORDE_WIDE_WASM)
/* WebAssembly SIMD128 (https://github.com/WebAssembly/simd): f32x4 arithmetic, div and
 * sqrt are IEEE-exact, so every op maps to one instruction; only max and trunc need care.
 * wf and wi are both v128 here, so this branch type-checks less than the others. */
#include <simde/wasm/simd128.h>
#define W 4
typedef simde_v128_t wf;
typedef simde_v128_t wi;
static inline wf wf_load(const float *p) { return simde_wasm_v128_load(p); }
static inline void wf_store(float *p, wf v) { simde_wasm_v128_store(p, v); }
static inline wi wi_load(const uint32_t *p) { return simde_wasm_v128_load(p); }
static inline void wi_store(uint32_t *p, wi v) { simde_wasm_v128_store(p, v); }
static inline wf wf_set(float v) { return simde_wasm_f32x4_splat(v); }
static inline wi wi_set(int32_t v) { return simde_wasm_i32x4_splat(v); }
static inline wf wf_add(wf a, wf b) { return simde_wasm_f32x4_add(a, b); }
static inline wf wf_sub(wf a, wf b) { return simde_wasm_f32x4_sub(a, b); }
static inline wf wf_mul(wf a, wf b) { return simde_wasm_f32x4_mul(a, b); }
static inline wf wf_div(wf a, wf b) { return simde_wasm_f32x4_div(a, b); }
static inline wf wf_sqrt(wf a) { return simde_wasm_f32x4_sqrt(a); }
/* maxps semantics (a > b ? a : b); f32x4.max propagates NaN and orders -0 < +0. */
static inline wf wf_max(wf a, wf b) { return simde_wasm_v128_bitselect(a, b, simde_wasm_f32x4_gt(a, b)); }
static inline wi wi_max(wi a, wi b) { return simde_wasm_i32x4_max(a, b); }
static inline wi wi_min(wi a, wi b) { return simde_wasm_i32x4_min(a, b); }
static inline wi wf_lt(wf a, wf b) { return simde_wasm_f32x4_lt(a, b); }
static inline wi wf_gt(wf a, wf b) { return simde_wasm_f32x4_gt(a, b); }
static inline wi wf_le(wf a, wf b) { return simde_wasm_f32x4_le(a, b); }
static inline wi wf_eq(wf a, wf b) { return simde_wasm_f32x4_eq(a, b); }
static inline wi wi_and(wi a, wi b) { return simde_wasm_v128_and(a, b); }
static inline wi wi_or(wi a, wi b) { return simde_wasm_v128_or(a, b); }
static inline wi wi_andnot(wi a, wi b) { return simde_wasm_v128_andnot(b, a); } /* andnot(x, y) = x & ~y */
static inline wi wi_add(wi a, wi b) { return simde_wasm_i32x4_add(a, b); }
static inline wi wi_sub(wi a, wi b) { return simde_wasm_i32x4_sub(a, b); }
static inline wi wi_gt(wi a, wi b) { return simde_wasm_i32x4_gt(a, b); }
static inline wi wi_eq(wi a, wi b) { return simde_wasm_i32x4_eq(a, b); }
static inline wf wf_from_i(wi a) { return simde_wasm_f32x4_convert_i32x4(a); }
/* Saturating (NaN -> 0), like NEON; equal to cvttps inside the documented |v| < 2^31. */
static inline wi wi_trunc(wf a) { return simde_wasm_i32x4_trunc_sat_f32x4(a); }
static inline wf wf_as(wi a) { return a; }
static inline wi wi_as(wf a) { return a; }
static inline wf wf_sel(wi m, wf a, wf b) { return simde_wasm_v128_bitselect(a, b, m); }
static inline wi wi_sel(wi m, wi a, wi b) { return simde_wasm_v128_bitselect(a, b, m); }
static inline int wi_any(wi m) { return simde_wasm_v128_any_true(m); }
#define HORDE_WIDE_BITS_BY_STORE
static inline wi wi_shuffle_bytes(wi v, wi control) { return simde_wasm_i8x16_swizzle(v, control); }
static inline wi wi_sra(wi a, int n) { return simde_wasm_i32x4_shr(a, (uint32_t)n); }
static inline wi wi_srl(wi a, int n) { return simde_wasm_u32x4_shr(a, (uint32_t)n); }
static inline wi wi_shl(wi a, int n) { return simde_wasm_i32x4_shl(a, (uint32_t)n); }
static inline wi wi_mullo(wi a, wi b) { return simde_wasm_i32x4_mul(a, b); }
#define HORDE_WIDE_PERMUTE_BY_BYTES

#else
#error "define one HORDE_WIDE_* ISA before including wide.h"
#endif

/* base[at[0]], ..., base[at[W - 1]] as one wf (a gather: the poles' fields). AVX2:
 * eight broadcast loads merged by blends, with no stored array for a wide load to wait
 * on (kernels/crowd/pole_lanes.h has the measurements); elsewhere W scalar loads into a
 * stack array and one wide load. */
#if defined(HORDE_WIDE_AVX2)
static inline wf wf_load_at(const float *base, const uint32_t *at)
{
    wf v = simde_mm256_broadcast_ss(base + at[0]);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[1]), 0x02);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[2]), 0x04);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[3]), 0x08);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[4]), 0x10);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[5]), 0x20);
    v = simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[6]), 0x40);
    return simde_mm256_blend_ps(v, simde_mm256_broadcast_ss(base + at[7]), 0x80);
}
#else
static inline wf wf_load_at(const float *base, const uint32_t *at)
{
    float v[W];
    for (int i = 0; i < W; i++)
        v[i] = base[at[i]];
    return wf_load(v);
}
#endif

/* Derived operations, identical on every ISA. */
#if !defined(HORDE_WIDE_HAS_POW2)
/* 1 << k for 0 <= k <= 30 without a variable shift: k + 127 as a float's exponent is
 * 2^k, exactly. */
static inline wi wi_pow2(wi k) { return wi_trunc(wf_as(wi_shl(wi_add(k, wi_set(127)), 23))); }
/* a << k for 0 <= k <= 30, as a times 2^k (the low 32 bits of the product are the shift). */
static inline wi wi_shlv(wi a, wi k) { return wi_mullo(a, wi_pow2(k)); }
#endif
static inline wf wf_abs(wf a) { return wf_as(wi_and(wi_as(a), wi_set(0x7fffffff))); }
static inline wi wi_not(wi a) { return wi_andnot(a, wi_set(-1)); }
#if !defined(HORDE_WIDE_HAS_ROUND)
/* floor / ceil to int for |v| < 2^31 (outside it the result differs between ISAs and
 * must not reach an output): truncate, then correct by the mask (-1 / 0). */
static inline wi wi_floor(wf v) { wi i = wi_trunc(v); return wi_add(i, wf_gt(wf_from_i(i), v)); }
static inline wi wi_ceil(wf v) { wi i = wi_trunc(v); return wi_sub(i, wf_lt(wf_from_i(i), v)); }
static inline wf wf_floor_int(wf v, wi *i)
{
    *i = wi_floor(v);
    return wf_from_i(*i);
}
#endif
/* wf_floor_int(v, &i) (above, per ISA): floor(v) for |v| < 2^31 as a float, and in *i as
 * an int. Where the rounding instruction exists the float comes from it (-0 for -0,
 * where converting i back gives +0: callers use it where that sign cannot matter), one
 * conversion fewer. */
/* a < b ? a : b, the minps rule (horde_minf in scalar.h); x86 has it as one instruction. */
#if !defined(HORDE_WIDE_HAS_MIN)
static inline wf wf_min(wf a, wf b) { return wf_sel(wf_lt(a, b), a, b); }
#endif
/* (ax*bx + ay*by) + az*bz, unfused (horde_dot3 in scalar.h). */
static inline wf wf_dot3(wf ax, wf ay, wf az, wf bx, wf by, wf bz)
{
    return wf_add(wf_add(wf_mul(ax, bx), wf_mul(ay, by)), wf_mul(az, bz));
}
/* Lanes at..at+W-1 of `count` arrays into v[]: a plain load when avail >= W lanes
 * exist, else the first `avail` with +0 after them (a batch's tail; the caller marks those
 * lanes invalid). */
static inline void wf_load_lanes(wf *v, const float *const *src, int count, size_t at, size_t avail)
{
    if (avail >= W) {
        for (int a = 0; a < count; a++)
            v[a] = wf_load(src[a] + at);
        return;
    }
    float tmp[W];
    for (int a = 0; a < count; a++) {
        for (size_t l = 0; l < W; l++)
            tmp[l] = l < avail ? src[a][at + l] : 0.0f;
        v[a] = wf_load(tmp);
    }
}
/* The mask of lanes l < avail (every lane when avail >= W): the valid part of a tail.
 * A compare against the lane numbers, not W scalar stores and one vector load: that
 * load waits for the stores (no store-to-load forwarding from several narrow stores
 * into one wide load). */
static inline wi wi_lanes_below(size_t avail)
{
    static const uint32_t lane[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    _Static_assert(W <= 8, "lane[] numbers W lanes");
    return wi_gt(wi_set(avail < W ? (int32_t)avail : W), wi_load(lane));
}
/* +0 in v[0..count) outside the lanes of ok: invalid lanes take no part in float math. */
static inline void wf_keep_lanes(wf *v, int count, wi ok)
{
    for (int a = 0; a < count; a++)
        v[a] = wf_sel(ok, v[a], wf_set(0.0f));
}
/* a >= b for ints. */
static inline wi wi_ge(wi a, wi b) { return wi_not(wi_gt(b, a)); }
#if defined(HORDE_WIDE_BITS_BY_STORE)
/* Bit l set when mask lane l is set. */
static inline int wi_bits(wi m)
{
    uint32_t x[W];
    int bits = 0;
    wi_store(x, m);
    for (int l = 0; l < W; l++)
        bits |= (int)(x[l] >> 31) << l;
    return bits;
}
#endif
#if defined(HORDE_WIDE_PERMUTE_BY_LANES)
/* A lane permutation (see the AVX2 branch), applied lane by lane: 4-lane ISAs have no
 * variable float shuffle in their base sets. */
typedef struct w_perm {
    int32_t src[W];
} w_perm;
static inline w_perm w_perm_of(uint32_t fields)
{
    w_perm p;
    for (int l = 0; l < W; l++)
        p.src[l] = (int32_t)((fields >> (4 * l)) & (W - 1));
    return p;
}
/* Lanes are copied as integers, floats too (a float copy could alter NaN patterns). */
static inline wi wi_permute(wi v, w_perm p)
{
    uint32_t x[W], y[W];
    wi_store(x, v);
    for (int l = 0; l < W; l++)
        y[l] = x[p.src[l]];
    return wi_load(y);
}
static inline wf wf_permute(wf v, w_perm p) { return wf_as(wi_permute(wi_as(v), p)); }
#elif defined(HORDE_WIDE_PERMUTE_BY_BYTES)
/* A lane permutation (see the AVX2 branch) as a byte shuffle: lane l takes bytes
 * 4s .. 4s + 3 of source lane s. One instruction per permute; the control vector is
 * built once per mask. Replaced a lane-by-lane copy through memory, which made packing
 * (cylinder_core_tmpl.h) slower than the branchy copy loop it replaced on SSE4.1. */
typedef wi w_perm;
static inline w_perm w_perm_of(uint32_t fields)
{
    uint32_t c[W];
    for (int l = 0; l < W; l++)
        c[l] = ((fields >> (4 * l)) & (W - 1)) * 0x04040404u + 0x03020100u;
    return wi_load(c);
}
static inline wi wi_permute(wi v, w_perm p) { return wi_shuffle_bytes(v, p); }
static inline wf wf_permute(wf v, w_perm p) { return wf_as(wi_shuffle_bytes(wi_as(v), p)); }
#endif

#endif
