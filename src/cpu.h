/* SPDX-License-Identifier: MIT */
/* Internal: which backends this CPU + OS can run natively. */
#ifndef HORDE_CPU_H
#define HORDE_CPU_H

#define HORDE_CPU_SSE2 (1u << 0)
#define HORDE_CPU_SSE41 (1u << 1)
#define HORDE_CPU_AVX2 (1u << 2) /* CPU has AVX + AVX2 and the OS saves YMM state */
#define HORDE_CPU_NEON (1u << 3)
#define HORDE_CPU_WASM_SIMD128 (1u << 4)

unsigned horde_cpu_flags(void);

#endif
