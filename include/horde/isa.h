/* SPDX-License-Identifier: MIT */
/* horde — isa.h: backend (instruction set) selection.
 *
 * Every kernel exists as a scalar reference and as SIMD backends that must return the
 * reference's results bit for bit. On first use horde picks the best backend the CPU
 * and OS support (AVX2 needs the OS to save YMM state, checked with xgetbv), unless
 * the environment variable HORDE_ISA names one: scalar, sse2, sse41, avx2, neon or
 * wasm_simd128 (WebAssembly SIMD128: native on wasm32, where a module built with it only
 * instantiates on engines that have it).
 * First use is thread-safe. A bad HORDE_ISA value is never ignored silently: the
 * kernels then use the scalar reference and horde_isa_env_status() reports
 * HORDE_ERR_BAD_ENV, so programs can print horde_isa_env_message(). */
#ifndef HORDE_ISA_H
#define HORDE_ISA_H

#include "horde/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum horde_isa {
    HORDE_ISA_SCALAR = 0,
    HORDE_ISA_SSE2 = 1,
    HORDE_ISA_SSE41 = 2,
    HORDE_ISA_AVX2 = 3,
    HORDE_ISA_NEON = 4,
    HORDE_ISA_WASM_SIMD128 = 5,
    HORDE_ISA_COUNT = 6
} horde_isa;

/* Name of a backend ("scalar", "sse2", ...), or NULL for an out-of-range value. */
HORDE_API const char *horde_isa_name(horde_isa isa);
/* Parse a backend name; returns HORDE_OK or HORDE_ERR_UNKNOWN_ISA. */
HORDE_API horde_status horde_isa_parse(const char *name, horde_isa *out);
/* Is this backend compiled in and runnable here? Backends of other architectures are
 * compiled through SIMDe's emulation (NEON and wasm_simd128 on x86; SSE/AVX and
 * wasm_simd128 on ARM; SSE/AVX and NEON on wasm32) and are runnable (slowly), so tests
 * cover them; horde_isa_best() never picks them. */
HORDE_API bool horde_isa_supported(horde_isa isa);
/* 1 if this backend is compiled into this build for another architecture, through
 * SIMDe's portable C (it runs, slowly, so tests prove it bit-exact; never picked by
 * horde_isa_best(), and benchmark figures for it mean nothing), 0 otherwise (native,
 * not compiled in, or out of range). This is the one place that knows. */
HORDE_API bool horde_isa_emulated(horde_isa isa);
/* The best backend this machine runs natively (ignores HORDE_ISA). */
HORDE_API horde_isa horde_isa_best(void);
/* Force a backend for the whole process. HORDE_ERR_UNKNOWN_ISA for an out-of-range
 * value, HORDE_ERR_UNSUPPORTED_ISA when not runnable here; the active backend is
 * unchanged on error. */
HORDE_API horde_status horde_isa_force(horde_isa isa);
/* Same, by name. */
HORDE_API horde_status horde_isa_force_name(const char *name);
/* The active backend (initialising dispatch on first call) and its name. */
HORDE_API horde_isa horde_isa_active(void);
HORDE_API const char *horde_isa_active_name(void);
/* HORDE_OK if HORDE_ISA was unset or valid, else HORDE_ERR_BAD_ENV; the message says
 * which value was rejected and why ("" when there is nothing to report). */
HORDE_API horde_status horde_isa_env_status(void);
HORDE_API const char *horde_isa_env_message(void);

#ifdef __cplusplus
}
#endif
#endif
