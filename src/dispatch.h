/* Internal: the per-ISA kernel table. */
#ifndef HORDE_DISPATCH_H
#define HORDE_DISPATCH_H

#include "cylinder_common.h"

typedef struct horde_kernels {
    horde_cyl_push_fn cylinder_push;
} horde_kernels;

/* Kernels of a backend, or NULL when it cannot run here. */
const horde_kernels *horde_kernels_for(horde_isa isa);

#endif
