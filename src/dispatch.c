/* SPDX-License-Identifier: MIT */
/* Backend selection: a table of kernels per ISA, filled with the scalar reference and
 * upgraded to what this build compiled and this machine runs. Thread-safe first use
 * via a tiny state machine on C11 atomics (no locks, no libc threads needed). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "dispatch.h"

static const char *const isa_names[HORDE_ISA_COUNT] = {"scalar", "sse2", "sse41", "avx2", "neon",
                                                      "wasm_simd128"};

/* Backends compiled into this build (meson defines HORDE_HAVE_<ISA>). A backend's
 * row is all or nothing: every kernel is compiled for every backend, so one bit per
 * backend in `compiled` says which rows exist. */
#define ENTRY_SCALAR(name) .name = horde_##name##_scalar,
#define ENTRY_SSE2(name) .name = horde_##name##_sse2,
#define ENTRY_SSE41(name) .name = horde_##name##_sse41,
#define ENTRY_AVX2(name) .name = horde_##name##_avx2,
#define ENTRY_NEON(name) .name = horde_##name##_neon,
#define ENTRY_WASM_SIMD128(name) .name = horde_##name##_wasm_simd128,
static const horde_kernels table[HORDE_ISA_COUNT] = {
    [HORDE_ISA_SCALAR] = {HORDE_KERNEL_LIST(ENTRY_SCALAR)},
#ifdef HORDE_HAVE_SSE2
    [HORDE_ISA_SSE2] = {HORDE_KERNEL_LIST(ENTRY_SSE2)},
#endif
#ifdef HORDE_HAVE_SSE41
    [HORDE_ISA_SSE41] = {HORDE_KERNEL_LIST(ENTRY_SSE41)},
#endif
#ifdef HORDE_HAVE_AVX2
    [HORDE_ISA_AVX2] = {HORDE_KERNEL_LIST(ENTRY_AVX2)},
#endif
#ifdef HORDE_HAVE_NEON
    [HORDE_ISA_NEON] = {HORDE_KERNEL_LIST(ENTRY_NEON)},
#endif
#ifdef HORDE_HAVE_WASM_SIMD128
    [HORDE_ISA_WASM_SIMD128] = {HORDE_KERNEL_LIST(ENTRY_WASM_SIMD128)},
#endif
};

static const unsigned compiled = 1u << HORDE_ISA_SCALAR
#ifdef HORDE_HAVE_SSE2
    | 1u << HORDE_ISA_SSE2
#endif
#ifdef HORDE_HAVE_SSE41
    | 1u << HORDE_ISA_SSE41
#endif
#ifdef HORDE_HAVE_AVX2
    | 1u << HORDE_ISA_AVX2
#endif
#ifdef HORDE_HAVE_NEON
    | 1u << HORDE_ISA_NEON
#endif
#ifdef HORDE_HAVE_WASM_SIMD128
    | 1u << HORDE_ISA_WASM_SIMD128
#endif
    ;

const char *horde_isa_name(horde_isa isa)
{
    return (unsigned)isa < HORDE_ISA_COUNT ? isa_names[isa] : NULL;
}

horde_status horde_isa_parse(const char *name, horde_isa *out)
{
    if (!name)
        return HORDE_ERR_UNKNOWN_ISA;
    for (int i = 0; i < HORDE_ISA_COUNT; i++)
        if (strcmp(name, isa_names[i]) == 0) {
            if (out)
                *out = (horde_isa)i;
            return HORDE_OK;
        }
    return HORDE_ERR_UNKNOWN_ISA;
}

/* Backends this CPU runs natively, from its feature flags. */
static unsigned native_mask(void)
{
    const unsigned f = horde_cpu_flags();
    return 1u << HORDE_ISA_SCALAR | (f & HORDE_CPU_SSE2 ? 1u << HORDE_ISA_SSE2 : 0) |
           (f & HORDE_CPU_SSE41 ? 1u << HORDE_ISA_SSE41 : 0) |
           (f & HORDE_CPU_AVX2 ? 1u << HORDE_ISA_AVX2 : 0) |
           (f & HORDE_CPU_NEON ? 1u << HORDE_ISA_NEON : 0) |
           (f & HORDE_CPU_WASM_SIMD128 ? 1u << HORDE_ISA_WASM_SIMD128 : 0);
}

/* Backends compiled for another architecture through SIMDe's portable code (NEON on
 * x86, SSE/AVX on ARM): they run anywhere, slowly, so tests can prove them exact. */
static const unsigned emulated = 0
#ifdef HORDE_EMULATED_SSE2
    | 1u << HORDE_ISA_SSE2
#endif
#ifdef HORDE_EMULATED_SSE41
    | 1u << HORDE_ISA_SSE41
#endif
#ifdef HORDE_EMULATED_AVX2
    | 1u << HORDE_ISA_AVX2
#endif
#ifdef HORDE_EMULATED_NEON
    | 1u << HORDE_ISA_NEON
#endif
#ifdef HORDE_EMULATED_WASM_SIMD128
    | 1u << HORDE_ISA_WASM_SIMD128
#endif
    ;

static int in_mask(unsigned mask, horde_isa isa)
{
    return (unsigned)isa < HORDE_ISA_COUNT && ((mask >> isa) & 1u);
}

/* Backends that run here: compiled, and emulated or native. Asked once (CPUID traps to
 * the hypervisor on virtual machines); 0 = not yet known, so a marker bit is kept. */
#define RUNNABLE_KNOWN 0x80000000u
static atomic_uint runnable_cache;
static unsigned runnable(void)
{
    unsigned m = atomic_load_explicit(&runnable_cache, memory_order_relaxed);
    if (!m) {
        m = (compiled & (emulated | native_mask())) | RUNNABLE_KNOWN;
        atomic_store_explicit(&runnable_cache, m, memory_order_relaxed);
    }
    return m;
}

bool horde_isa_emulated(horde_isa isa) { return in_mask(emulated & compiled, isa); }

bool horde_isa_supported(horde_isa isa)
{
    return in_mask(runnable(), isa);
}

horde_isa horde_isa_best(void)
{
    static const horde_isa ladder[] = {HORDE_ISA_AVX2, HORDE_ISA_SSE41, HORDE_ISA_SSE2,
                                       HORDE_ISA_NEON, HORDE_ISA_WASM_SIMD128};
    for (size_t i = 0; i < sizeof ladder / sizeof ladder[0]; i++)
        if (in_mask(runnable() & ~emulated, ladder[i]))
            return ladder[i];
    return HORDE_ISA_SCALAR;
}

/* 0 = not initialised, 1 = initialising, 2 = ready. */
static atomic_int init_state;
/* The one active implementation: a row of `table` (simdutf's active pointer). */
static _Atomic(const horde_kernels *) active;
static horde_status env_status = HORDE_OK; /* written once before init_state becomes 2 */
static char env_message[160];

static void init_once(void)
{
    int expected = 0;
    if (atomic_load_explicit(&init_state, memory_order_acquire) == 2)
        return;
    if (atomic_compare_exchange_strong(&init_state, &expected, 1)) {
        horde_isa pick = horde_isa_best();
        const char *env = getenv("HORDE_ISA");
        if (env && *env) {
            horde_isa want;
            if (horde_isa_parse(env, &want) != HORDE_OK) {
                env_status = HORDE_ERR_BAD_ENV;
                snprintf(env_message, sizeof env_message,
                         "HORDE_ISA=%.40s is not a backend (scalar, sse2, sse41, avx2, neon, "
                         "wasm_simd128); "
                         "using scalar", env);
                pick = HORDE_ISA_SCALAR;
            } else if (!horde_isa_supported(want)) {
                env_status = HORDE_ERR_BAD_ENV;
                snprintf(env_message, sizeof env_message,
                         "HORDE_ISA=%s is not supported by this CPU or build; using scalar", env);
                pick = HORDE_ISA_SCALAR;
            } else {
                pick = want;
            }
        }
        atomic_store_explicit(&active, &table[pick], memory_order_relaxed);
        atomic_store_explicit(&init_state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&init_state, memory_order_acquire) != 2)
        ; /* another thread is finishing a few hundred instructions of set-up */
}

horde_status horde_isa_force(horde_isa isa)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    if (!horde_isa_supported(isa))
        return HORDE_ERR_UNSUPPORTED_ISA;
    init_once();
    atomic_store_explicit(&active, &table[isa], memory_order_relaxed);
    return HORDE_OK;
}

horde_status horde_isa_force_name(const char *name)
{
    horde_isa isa;
    const horde_status st = horde_isa_parse(name, &isa);
    return st != HORDE_OK ? st : horde_isa_force(isa);
}

horde_isa horde_isa_active(void)
{
    init_once();
    return (horde_isa)(atomic_load_explicit(&active, memory_order_relaxed) - table);
}

const char *horde_isa_active_name(void) { return isa_names[horde_isa_active()]; }

horde_status horde_isa_env_status(void)
{
    init_once();
    return env_status;
}

const char *horde_isa_env_message(void)
{
    init_once();
    return env_message;
}

const horde_kernels *horde_kernels_for(horde_isa isa)
{
    return horde_isa_supported(isa) ? &table[isa] : NULL;
}

horde_status horde_kernels_get(horde_isa isa, const horde_kernels **k)
{
    if ((unsigned)isa >= HORDE_ISA_COUNT)
        return HORDE_ERR_UNKNOWN_ISA;
    *k = horde_kernels_for(isa);
    return *k ? HORDE_OK : HORDE_ERR_UNSUPPORTED_ISA;
}

const char *horde_status_string(horde_status status)
{
    switch (status) {
    case HORDE_OK: return "ok";
    case HORDE_ERR_NULL_ARG: return "required pointer is NULL";
    case HORDE_ERR_BAD_WORLD: return "invalid world view";
    case HORDE_ERR_UNKNOWN_ISA: return "unknown backend";
    case HORDE_ERR_UNSUPPORTED_ISA: return "backend not supported on this CPU or build";
    case HORDE_ERR_BAD_ENV: return "HORDE_ISA holds an unknown or unsupported backend";
    case HORDE_ERR_BAD_PARAMS: return "parameters outside their documented ranges";
    default: return "unknown status";
    }
}
