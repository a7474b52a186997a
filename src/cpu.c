/* SPDX-License-Identifier: MIT */
/* CPU feature detection. AVX2 counts only when the OS enables YMM state (OSXSAVE set
 * and XCR0 bits 1 and 2), as the CPUID bit alone does not make the registers usable. */
#include "cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <stdint.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

unsigned horde_cpu_flags(void)
{
    unsigned a, b, c, d, flags = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26))
        flags |= HORDE_CPU_SSE2;
    if (c & (1u << 19))
        flags |= HORDE_CPU_SSE41;
    const int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (osxsave && avx && (xgetbv0() & 6) == 6 && __get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 5))
            flags |= HORDE_CPU_AVX2;
    }
    return flags;
}
#elif defined(__aarch64__) || (defined(__ARM_NEON) && defined(__arm__))
unsigned horde_cpu_flags(void) { return HORDE_CPU_NEON; } /* NEON is baseline here */
#elif defined(__wasm__)
/* No run-time query exists: a module containing SIMD128 code (the wasm_simd128 backend)
 * only validates on engines that implement it, so if this runs, SIMD128 is there. */
unsigned horde_cpu_flags(void) { return HORDE_CPU_WASM_SIMD128; }
#else
unsigned horde_cpu_flags(void) { return 0; }
#endif
