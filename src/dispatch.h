/* Internal: the per-ISA kernel table. */
#ifndef HORDE_DISPATCH_H
#define HORDE_DISPATCH_H

#include "kernel_list.h"
#include "kernels.h"

#define HORDE_KERNEL_FIELD(name) horde_##name##_fn name;
typedef struct horde_kernels {
    HORDE_KERNEL_LIST(HORDE_KERNEL_FIELD)
} horde_kernels;
#undef HORDE_KERNEL_FIELD

/* Kernels of a backend, or NULL when it cannot run here. */
const horde_kernels *horde_kernels_for(horde_isa isa);

#endif
