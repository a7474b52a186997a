/* Internal: what the cylinder push reference and its SIMD template share: input
 * validation, the tile of prepared movers, and the backend entry points. */
#ifndef HORDE_CYLINDER_COMMON_H
#define HORDE_CYLINDER_COMMON_H

#include <math.h>

#include "horde/cylinder_push.h"
#include "kernel.h"
#include "scalar.h"
#include "window.h"

/* Movers are prepared (validated, sanitised, voxel window fetched) in tiles. */
#define HORDE_CYL_TILE 64

typedef struct horde_cyl_tile {
    float x[HORDE_CYL_TILE], y[HORDE_CYL_TILE], z[HORDE_CYL_TILE];
    float r[HORDE_CYL_TILE], h[HORDE_CYL_TILE]; /* invalid lanes hold zeros */
    float step_h[HORDE_CYL_TILE];                /* step-up height for this push, 0 = off */
    uint32_t valid[HORDE_CYL_TILE];              /* ~0u valid, 0 invalid */
    int32_t wx[HORDE_CYL_TILE], wy[HORDE_CYL_TILE], wz[HORDE_CYL_TILE]; /* window origins */
    uint32_t occ[HORDE_WIN_LEVELS][HORDE_CYL_TILE];
} horde_cyl_tile;

static inline int horde_cyl_valid(float x, float y, float z, float r, float h)
{
    /* Written so that NaN fails every comparison. */
    return fabsf(x) <= HORDE_CYL_MAX_COORD && fabsf(y) <= HORDE_CYL_MAX_COORD &&
           fabsf(z) <= HORDE_CYL_MAX_COORD && r >= 0.0f && r <= HORDE_CYL_MAX_RADIUS &&
           h >= 0.0f && h <= HORDE_CYL_MAX_HEIGHT;
}

/* The reference push of one mover (cylinder_push_ref.c); step_h > 0 enables step-up
 * (used by the move reference; the public push passes 0). */
void horde_cyl_push_one(const horde_world *w, float x, float y, float z, float r, float h,
                        float step_h, float *ox, float *oy, float *oz, uint32_t *oflags);

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_cylinder_push const horde_world *w, const horde_cylinder_batch *b
#define HORDE_ARGS_cylinder_push w, b
HORDE_KERNEL_PROTOS(cylinder_push)

#endif
