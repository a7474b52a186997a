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

#include "scalar.h" /* the helpers every reference uses */

/* Movers per tile in the kernels that stage their lanes (validate, fetch, classify, then
 * resolve the hard lanes compacted): 8 AVX2 vectors, a multiple of every backend's W, and
 * small enough that a tile's arrays stay in L1. */
#define HORDE_TILE 64
/* Room past a tile array's last lane for one whole vector (8 lanes, the widest ISA):
 * left-packing stores W lanes at the running count, and only the first few are kept. */
#define HORDE_TILE_SPILL 8

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
