/* Internal: how a kernel is declared. A family header (kernels/<folder>/<family>.h)
 * writes each kernel's signature once, as two macros (the role dav1d's decl_*_fn plays):
 *
 *   #define HORDE_PARAMS_cylinder_push const horde_world *w, const horde_cylinder_batch *b
 *   #define HORDE_ARGS_cylinder_push w, b
 *   HORDE_KERNEL_PROTOS(cylinder_push)
 *
 * HORDE_KERNEL_PROTOS declares the dispatch table's function type horde_<name>_fn, the
 * scalar reference horde_<name>_scalar and horde_<name>_<isa> for every backend suffix.
 * The reference defines its function as HORDE_REFERENCE(name) { ... }, the template
 * (kernels/simd/template.h) as HORDE_TEMPLATE(name) { ... }; src/dispatch.h's
 * HORDE_ENTRY(name) writes the public entry points from the same two macros. */
#ifndef HORDE_KERNEL_H
#define HORDE_KERNEL_H

#include <stddef.h>

#include "scalar.h" /* the helpers every reference uses */

/* Movers per tile in the kernels that stage their lanes (validate, fetch, classify, then
 * resolve the hard lanes compacted): 8 AVX2 vectors, a multiple of every backend's W, and
 * small enough that a tile's arrays stay in L1. */
#define HORDE_TILE 64
/* Room past a tile array's last lane for one whole vector (8 lanes, the widest ISA):
 * left-packing stores W lanes at the running count, and only the first few are kept. */
#define HORDE_TILE_SPILL 8

/* The next tile's slice [next, min(next + HORDE_TILE, n)) of `count` caller arrays of
 * floats or 32-bit flags, requested into the cache (rw 0: to read, 1: to write) while
 * this tile computes. The staged kernels read their inputs and write their outputs once
 * per tile, between long stretches of arithmetic; the hardware prefetcher, which follows
 * about a dozen streams, missed enough of them that the first loads of a tile stalled
 * (perf: the loads of cylinder_move's plan were 10 % of its cycles on the "AMD EPYC" VM).
 * A hint only: nothing is read, and no address outside the arrays is formed. */
#if defined(__GNUC__) || defined(__clang__)
/* clang wants the read/write argument as a literal, so one macro per kind. */
#define HORDE_PREFETCH_READ(p) __builtin_prefetch((p), 0, 3)
#define HORDE_PREFETCH_WRITE(p) __builtin_prefetch((p), 1, 3)
#else
#define HORDE_PREFETCH_READ(p) ((void)(p))
#define HORDE_PREFETCH_WRITE(p) ((void)(p))
#endif
static inline void horde_prefetch_line(const char *p, int rw)
{
    if (rw)
        HORDE_PREFETCH_WRITE(p);
    else
        HORDE_PREFETCH_READ(p);
}
static inline void horde_prefetch_tile(const void *const *arrays, int count, size_t next, size_t n,
                                       int rw)
{
    if (next >= n)
        return;
    const size_t end = n - next < HORDE_TILE ? n : next + HORDE_TILE;
    enum { LINE_ELEMS = 16 }; /* 4-byte elements per 64-byte cache line */
    for (int a = 0; a < count; a++) {
        const char *const p = (const char *)arrays[a];
        if (!p)
            continue;
        for (size_t i = next; i < end; i += LINE_ELEMS)
            horde_prefetch_line(p + 4 * i, rw);
        horde_prefetch_line(p + 4 * (end - 1), rw); /* the last line when p is not line-aligned */
    }
}

#define HORDE_KERNEL_DECL_(name, fn) void fn(HORDE_PARAMS_##name)
#define HORDE_REFERENCE(name) HORDE_KERNEL_DECL_(name, horde_##name##_scalar)

#define HORDE_KERNEL_PROTOS(name)                                   \
    typedef void (*horde_##name##_fn)(HORDE_PARAMS_##name);         \
    HORDE_KERNEL_DECL_(name, horde_##name##_scalar);                \
    HORDE_KERNEL_DECL_(name, horde_##name##_sse2);                  \
    HORDE_KERNEL_DECL_(name, horde_##name##_sse41);                 \
    HORDE_KERNEL_DECL_(name, horde_##name##_avx2);                  \
    HORDE_KERNEL_DECL_(name, horde_##name##_neon);                  \
    HORDE_KERNEL_DECL_(name, horde_##name##_wasm_simd128);

#endif
