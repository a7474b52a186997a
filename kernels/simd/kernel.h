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
 * each switch. 64 movers (the size until the twenty-first session) cost
 * cylinder_push/avx2 5.1-6.7 op-cache misses per mover (PMU event 0x28f, umask 4, on the
 * "AMD EPYC" VM); 128 cost 3.2-4.5 and 256 1.6-3.2, and the packed tile of the hard
 * lanes wastes fewer padding lanes: 260.6 -> 256.0 -> 253.1 instructions per mover. In
 * two sets of interleaved rounds (9 and 11) the minimum cycles per mover fell 3-7 % at
 * 128 for cylinder_push/avx2 and 6-9 % for cylinder_move/avx2 (8-9 % for both at 256,
 * first set only); the medians moved about as much either way (this VM's noise), and
 * sse41 changed within noise.
 * On x86-64, 128 and not 256, because the tile arrays live on the stack: the deepest chain of
 * horde_cylinder_move takes about 43 KB at 128 and 78 KB at 256 (GCC 12
 * -fstack-usage, AVX2), and a 64 KB fiber or job stack holds only the first (README,
 * "Stack"). The sweep (sweep_sphere_tri_tmpl.c) keeps tiles of 64.
 * Other targets keep 64: on wasm32 the test command's property_cylinder_push hung at
 * 128 under node. wasm-ld's default stack is 64 KB and lies above the data, so a frame
 * overran it into the static data (most likely the SIMDe-emulated x86 backends', where
 * every vector is a struct in linear memory); linked with a 4 MB stack the same test
 * passed in 51 s.
 * On ARM the gain was not measured. */
#if defined(__x86_64__) || defined(_M_X64)
#define HORDE_TILE 128
#else
#define HORDE_TILE 64
#endif
/* Room past a tile array's last lane for one whole vector (8 lanes, the widest ISA):
 * left-packing stores W lanes at the running count, and only the first few are kept. */
#define HORDE_TILE_SPILL 8

/* No software prefetch of the next tile. Until the twenty-first session the staged
 * kernels called a horde_prefetch_tile here for the next tile's input and output
 * lines, but GCC 12 emitted no prefetch instruction: its IPA pure-const pass found the
 * out-of-line helper free of side effects (__builtin_prefetch counts as none) and
 * deleted every call. Forced inline, so that the prefetches were emitted, it made
 * cylinder_push/avx2, cylinder_move/avx2, aabb_move and point_move 2-5 % slower
 * (minimum cycles per item, 11 interleaved rounds): the hardware prefetcher already
 * follows these streams. Prefetching each window's level rows one group ahead (chunk
 * lookups done twice) added 32-35 instructions per mover and no speed either: the rows
 * come from L2 (about 6 L2 fills per mover, PMU event 0x43, umask 1; none from L3). */

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
