/* SPDX-License-Identifier: MIT */
/* Internal: the per-ISA kernel table. */
#ifndef HORDE_DISPATCH_H
#define HORDE_DISPATCH_H

#include "kernel_list.h" /* generated from meson.build's kernel registry */

#define HORDE_KERNEL_FIELD(name) horde_##name##_fn name;
typedef struct horde_kernels {
    HORDE_KERNEL_LIST(HORDE_KERNEL_FIELD)
} horde_kernels;
#undef HORDE_KERNEL_FIELD

/* Kernels of a backend, or NULL when it cannot run here. */
const horde_kernels *horde_kernels_for(horde_isa isa);
/* The same with the entry points' status: HORDE_ERR_UNKNOWN_ISA for an out-of-range
 * value, HORDE_ERR_UNSUPPORTED_ISA when not runnable here, else HORDE_OK and *k set. */
horde_status horde_kernels_get(horde_isa isa, const horde_kernels **k);

/* Floating-point mode for the length of one kernel call (HORDE_CALL below).
 *
 * The kernels' bits are defined for round-to-nearest with subnormals kept and no FP
 * traps. Engines often change that (FTZ/DAZ on x86, FZ on ARM, unmasked exceptions in
 * debug builds), which would change results or trap on the NaN/Inf lanes the kernels
 * handle. So each call reads the FP control register and, only when it differs, sets
 * the library's mode and restores the caller's control bits afterwards; exception flags
 * the kernels raise stay raised, as with feupdateenv (on aarch64 they live in FPSR,
 * which is never touched):
 *   x86-64   MXCSR = 0x1f80: all exceptions masked, nearest, no FTZ/DAZ
 *   aarch64  FPCR  = 0:      nearest, no FZ/DN, no traps
 *   armv7    FPSCR = FZ|DN:  ARMv7 NEON ignores FPSCR and always flushes subnormals to zero
 *            with default NaN and nearest rounding; VFP (the scalar reference) is put in
 *            that same mode, so all armv7 backends give identical bits, equal to the other
 *            targets' whenever no subnormal value arises (README "armv7").
 *   wasm32   fixed by the spec (nearest, subnormals kept, no traps): nothing to do. */
#if defined(__x86_64__)
static inline uint32_t horde_fp_get(void)
{
    uint32_t v;
    __asm__ volatile("stmxcsr %0" : "=m"(v) : : "memory");
    return v;
}
static inline void horde_fp_set(uint32_t v) { __asm__ volatile("ldmxcsr %0" : : "m"(v) : "memory"); }
#define HORDE_FP_MODE 0x1f80u
#define HORDE_FP_MODE_MASK 0xffc0u /* control bits; 5:0 are the sticky exception flags */
#define HORDE_FP_FLAGS 0x3fu
typedef uint32_t horde_fp_reg;
#elif defined(__aarch64__)
static inline uint64_t horde_fp_get(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v) : : "memory");
    return v;
}
static inline void horde_fp_set(uint64_t v) { __asm__ volatile("msr fpcr, %0" : : "r"(v) : "memory"); }
#define HORDE_FP_MODE 0u
#define HORDE_FP_MODE_MASK (~(uint64_t)0) /* FPCR holds no flags */
#define HORDE_FP_FLAGS 0u
typedef uint64_t horde_fp_reg;
#elif defined(__arm__) && defined(__ARM_NEON)
static inline uint32_t horde_fp_get(void)
{
    uint32_t v;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(v) : : "memory");
    return v;
}
static inline void horde_fp_set(uint32_t v) { __asm__ volatile("vmsr fpscr, %0" : : "r"(v) : "memory"); }
#define HORDE_FP_MODE ((1u << 25) | (1u << 24)) /* DN, FZ; nearest, no traps, LEN/STRIDE 0 */
#define HORDE_FP_MODE_MASK 0x07ffff00u /* control bits; NZCV/QC (31:27) and 7:0 are flags */
#define HORDE_FP_FLAGS 0x9fu          /* IDC, IXC, UFC, OFC, DZC, IOC */
typedef uint32_t horde_fp_reg;
#endif

#ifdef HORDE_FP_MODE
/* Returns the caller's register value and whether it had to be changed. */
static inline horde_fp_reg horde_fp_enter(int *changed)
{
    const horde_fp_reg old = horde_fp_get();
    *changed = (old & HORDE_FP_MODE_MASK) != HORDE_FP_MODE;
    if (*changed)
        horde_fp_set(HORDE_FP_MODE);
    return old;
}
static inline void horde_fp_leave(horde_fp_reg old, int changed)
{
    if (changed)
        horde_fp_set(old | (horde_fp_get() & HORDE_FP_FLAGS));
}
#else
typedef int horde_fp_reg;
static inline horde_fp_reg horde_fp_enter(int *changed) { return *changed = 0; }
static inline void horde_fp_leave(horde_fp_reg old, int changed) { (void)old, (void)changed; }
#endif

/* Run one kernel call inside the library's floating-point mode. */
#define HORDE_CALL(call)                                                                   \
    do {                                                                                   \
        int horde_fp_changed_;                                                             \
        const horde_fp_reg horde_fp_saved_ = horde_fp_enter(&horde_fp_changed_);           \
        call;                                                                              \
        horde_fp_leave(horde_fp_saved_, horde_fp_changed_);                                \
    } while (0)

/* What a kernel's argument check (see HORDE_ENTRY) returns for valid arguments with
 * nothing to do (n = 0): the entry point returns HORDE_OK without calling the kernel.
 * Positive, so it is never a public status (those are <= 0). */
#define HORDE_CHECKED_EMPTY 1

/* Kernel `name`'s default params, a static const `var` (the check macros put it in place
 * of a NULL p), and the public horde_<name>_params_default that copies it (nothing for
 * NULL). */
#define HORDE_PARAMS_DEFAULTS(name, var, ...)                                              \
    static const horde_##name##_params var = {__VA_ARGS__};                                \
    void horde_##name##_params_default(horde_##name##_params *p)                           \
    {                                                                                      \
        if (p)                                                                             \
            *p = var;                                                                      \
    }

/* The check every voxel move kernel makes, in this order: batch present, world view valid,
 * parameters in range (params_valid), nothing to do for n = 0, the required arrays
 * (arrays_ok) and the optional displacement outputs, all three or none. */
static inline int horde_check_move_(const horde_world *w, const void *b, int params_valid,
                                    size_t n, int arrays_ok, const float *out_dx,
                                    const float *out_dy, const float *out_dz)
{
    if (!b)
        return HORDE_ERR_NULL_ARG;
    const int st = horde_world_check(w);
    if (st != HORDE_OK)
        return st;
    if (!params_valid)
        return HORDE_ERR_BAD_PARAMS;
    if (n == 0)
        return HORDE_CHECKED_EMPTY;
    const int triple = (out_dx != NULL) == (out_dy != NULL) && (out_dx != NULL) == (out_dz != NULL);
    return arrays_ok && triple ? HORDE_OK : HORDE_ERR_NULL_ARG;
}
/* b is evaluated only when not NULL. */
#define HORDE_CHECK_MOVE(w, b, params_valid, arrays_ok)                                     \
    horde_check_move_((w), (b), (b) && (params_valid), (b) ? (b)->n : 0, (b) && (arrays_ok), \
                      (b) ? (b)->out_dx : NULL, (b) ? (b)->out_dy : NULL,                    \
                      (b) ? (b)->out_dz : NULL)

/* The check most other kernels make, in this order: the scene and batch pointers present
 * (present), parameters in range (params_valid), nothing to do for n = 0, the batch's
 * required arrays (arrays_ok). A kernel with more to check (lists) does it after an
 * HORDE_OK from this. */
static inline int horde_check_batch_(int present, int params_valid, size_t n, int arrays_ok)
{
    if (!present)
        return HORDE_ERR_NULL_ARG;
    if (!params_valid)
        return HORDE_ERR_BAD_PARAMS;
    if (n == 0)
        return HORDE_CHECKED_EMPTY;
    return arrays_ok ? HORDE_OK : HORDE_ERR_NULL_ARG;
}
/* params_valid, b->n and arrays_ok are evaluated only when present holds. */
#define HORDE_CHECK_BATCH(present, params_valid, b, arrays_ok)                             \
    horde_check_batch_((present) != 0, (present) && (params_valid), (present) ? (b)->n : 0, \
                       (present) && (arrays_ok))

/* The triangle arrays (horde_triangles) all present. */
static inline int horde_tris_ok_(const horde_triangles *t)
{
    return t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz;
}

/* f(args) with the argument macro expanded first, so f may itself be a macro. */
#define HORDE_APPLY_(f, ...) f(__VA_ARGS__)
/* The public entry points of kernel `name`, from the signature its family header writes
 * once (HORDE_PARAMS_<name>, HORDE_ARGS_<name>; kernels/simd/kernel.h) and the check the
 * API file defines before it: static int <name>_check(HORDE_PARAMS_<name>), returning a
 * HORDE_ERR_* status, HORDE_CHECKED_EMPTY or HORDE_OK (then the kernel runs). Defines
 *   horde_status horde_<name>_isa(horde_isa isa, params): backend status first, then the
 *       check and the kernel, both inside HORDE_CALL: the checks compare floats too, so a
 *       caller's FTZ/DAZ or unmasked traps must not reach them either;
 *   horde_status horde_<name>(params): the same on the active backend. */
#define HORDE_ENTRY(name)                                                                  \
    static horde_status name##_checked(horde_isa isa, HORDE_PARAMS_##name)                 \
    {                                                                                      \
        const horde_kernels *k;                                                            \
        int st = horde_kernels_get(isa, &k);                                               \
        if (st == HORDE_OK)                                                                \
            st = HORDE_APPLY_(name##_check, HORDE_ARGS_##name);                            \
        if (st == HORDE_OK)                                                                \
            k->name(HORDE_ARGS_##name);                                                    \
        return st == HORDE_CHECKED_EMPTY ? HORDE_OK : (horde_status)st;                    \
    }                                                                                      \
    horde_status horde_##name##_isa(horde_isa isa, HORDE_PARAMS_##name)                    \
    {                                                                                      \
        horde_status st;                                                                   \
        HORDE_CALL(st = name##_checked(isa, HORDE_ARGS_##name));                           \
        return st;                                                                         \
    }                                                                                      \
    horde_status horde_##name(HORDE_PARAMS_##name)                                         \
    {                                                                                      \
        return horde_##name##_isa(horde_isa_active(), HORDE_ARGS_##name);                  \
    }

#endif
