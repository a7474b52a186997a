/* Internal: prototypes of one kernel for the reference and every backend suffix. */
#ifndef HORDE_KERNEL_PROTOS_H
#define HORDE_KERNEL_PROTOS_H

#define HORDE_KERNEL_PROTOS(name, params) \
    void horde_##name##_scalar params;    \
    void horde_##name##_sse2 params;      \
    void horde_##name##_sse41 params;     \
    void horde_##name##_avx2 params;      \
    void horde_##name##_neon params;      \
    void horde_##name##_wasm_simd128 params;

#endif
