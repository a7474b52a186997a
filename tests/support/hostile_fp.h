/* SPDX-License-Identifier: MIT */
/* A hostile caller floating-point environment for the tests (src/dispatch.h, HORDE_CALL,
 * must make it change nothing):
 *   x86-64   MXCSR: flush-to-zero + denormals-are-zero, round toward zero, invalid and
 *            divide-by-zero exceptions unmasked (a kernel running in it would trap on
 *            NaN lanes, or produce other bits)
 *   aarch64  FPCR: flush-to-zero, default NaN, round toward zero
 *   armv7    FPSCR: round toward zero, subnormals kept (the library wants FZ | DN there)
 *   wasm32   no FP control exists: HOSTILE is not defined, and the enter/leave helpers
 *            do nothing (the runs still compare)
 * tu_hostile_enter() sets it and returns the caller's register; tu_hostile_leave() puts
 * the register back and says whether the kernel left the control bits as it found them
 * (exception flags may only have been added). */
#ifndef HORDE_TEST_HOSTILE_FP_H
#define HORDE_TEST_HOSTILE_FP_H

#include "dispatch.h"

#if defined(__x86_64__)
#define HOSTILE ((0x1f80u & ~0x0280u) | 0x8000u | 0x0040u | 0x6000u) /* IM, ZM off; FTZ, DAZ, RZ */
#elif defined(__aarch64__)
#define HOSTILE ((UINT64_C(1) << 25) | (UINT64_C(1) << 24) | (UINT64_C(3) << 22))
#elif defined(__arm__) && defined(__ARM_NEON)
#define HOSTILE (3u << 22)
#endif

#ifdef HOSTILE
typedef struct { horde_fp_reg caller, set; } tu_fp_saved;
static inline tu_fp_saved tu_hostile_enter(void)
{
    tu_fp_saved s;
    s.caller = horde_fp_get();
    horde_fp_set(HOSTILE);
    s.set = horde_fp_get(); /* what the CPU kept of it */
    return s;
}
static inline int tu_hostile_leave(tu_fp_saved s)
{
    const horde_fp_reg after = horde_fp_get();
    horde_fp_set(s.caller);
    return (after & ~(horde_fp_reg)HORDE_FP_FLAGS) == (s.set & ~(horde_fp_reg)HORDE_FP_FLAGS) &&
           (after & s.set) == s.set;
}
#else
typedef struct { int unused; } tu_fp_saved;
static inline tu_fp_saved tu_hostile_enter(void) { tu_fp_saved s = {0}; return s; }
static inline int tu_hostile_leave(tu_fp_saved s) { (void)s; return 1; }
#endif

#endif
