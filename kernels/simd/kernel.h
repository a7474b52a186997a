/* SPDX-License-Identifier: MIT */
/* Internal: how a kernel is declared. A family header (kernels/<folder>/<family>.h)
 * writes each kernel's signature once, as two macros (the role dav1d's decl_*_fn plays):
 *
 *   #define HORDE_PARAMS_cylinder_push const horde_world *w, const horde_cylinder_push_batch *b
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
 * resolve the hard lanes compacted): a multiple of every backend's W. Each stage is a
 * loop over the tile's groups whose body is one long straight run of vector code (the
 * cylinder push's full evaluation alone is about 8 KB on AVX2), so a tile switches
 * between those bodies once per stage, and the CPU's decoded-op cache refills them at
 * each switch. Larger tiles mean fewer switches (cylinder_push/avx2's op-cache misses per
 * mover fall from 64 to 128 to 256 movers: HORDE_BENCH_RAW, bench/main.cpp) and fewer
 * padding lanes in the packed tile of the hard lanes.
 * On x86-64, 128 and not 256, because the tile arrays live on the stack: the deepest chain of
 * horde_cylinder_move takes about 43 KB at 128 and 78 KB at 256 (GCC 12
 * -fstack-usage, AVX2), and a 64 KB fiber or job stack holds only the first (README,
 * "Stack"). The sweep (sweep_sphere_tri_tmpl.c) keeps tiles of 64.
 * Other targets keep 64: wasm-ld's default stack is 64 KB and lies above the data, so a
 * frame of a 128-mover tile overruns it into the static data (the SIMDe-emulated x86
 * backends', where every vector is a struct in linear memory, are the largest; meson.build
 * sets the wasm stack size). */
#if defined(__x86_64__) || defined(_M_X64)
#define HORDE_TILE 128
#else
#define HORDE_TILE 64
#endif
/* Room past a tile array's last lane for one whole vector (8 lanes, the widest ISA):
 * left-packing stores W lanes at the running count, and only the first few are kept. */
#define HORDE_TILE_SPILL 8

/* No software prefetch of the next tile: the hardware prefetcher already follows the
 * staged kernels' input and output streams, and the window rows come from L2. Prefetches
 * here make the voxel kernels slower, not faster. (__builtin_prefetch in an out-of-line
 * helper is no prefetch at all: GCC finds the helper free of side effects and deletes
 * its calls.) */

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
