/* Internal: backend entry points of sweep_sphere_tri (semantics: sweep_sphere.h). */
#ifndef HORDE_SWEEP_SPHERE_COMMON_H
#define HORDE_SWEEP_SPHERE_COMMON_H

#include "horde/sweep_sphere.h"
#include "sphere_tri_common.h"

static inline int horde_sweep_radius_ok(float r)
{
    return r >= HORDE_SWEEP_MIN_RADIUS && r <= HORDE_SPHERE_MAX_RADIUS;
}

typedef void (*horde_sweep_sphere_tri_fn)(const horde_sweepers *m, const horde_triangles *t,
                                          const horde_sweep_out *out);
HORDE_KERNEL_PROTOS(sweep_sphere_tri, (const horde_sweepers *m, const horde_triangles *t,
                                       const horde_sweep_out *out))

#endif
