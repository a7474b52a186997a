/* Internal: what the radial push reference and its SIMD template share: validation and
 * the backend entry points. Semantics: include/horde/radial_push.h. */
#ifndef HORDE_KERNELS_CROWD_RADIAL_PUSH_H
#define HORDE_KERNELS_CROWD_RADIAL_PUSH_H

#include <math.h>

#include "horde/radial_push.h"
#include "kernel.h"

/* Written so that NaN fails every comparison. */
static inline int horde_radial_push_mover_ok(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(y) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD && r >= 0.0f && r <= HORDE_RADIAL_PUSH_MAX_RADIUS &&
           h >= 0.0f && h <= HORDE_RADIAL_PUSH_MAX_HEIGHT;
}
static inline int horde_radial_push_pole_ok(float x, float z, float r, float bottom, float top)
{
    return fabsf(x) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(z) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           fabsf(bottom) <= HORDE_RADIAL_PUSH_MAX_COORD && fabsf(top) <= HORDE_RADIAL_PUSH_MAX_COORD &&
           bottom <= top && r >= 0.0f && r <= HORDE_RADIAL_PUSH_MAX_RADIUS;
}

/* The references' list entry: pole j into v (x, z, r, bottom, top), or 0 when the entry
 * is skipped (j >= n or an invalid pole). */
static inline int horde_pole_of(const horde_poles *poles, uint32_t j, float v[5])
{
    if (j >= poles->n)
        return 0;
    v[0] = poles->x[j], v[1] = poles->z[j], v[2] = poles->r[j];
    v[3] = poles->bottom[j], v[4] = poles->top[j];
    return horde_radial_push_pole_ok(v[0], v[1], v[2], v[3], v[4]);
}

/* The signature, written once: the parameters, and the names that pass them on. */
#define HORDE_PARAMS_radial_push const horde_poles *poles, const horde_radial_push_params *p, \
    const horde_radial_push_batch *b
#define HORDE_ARGS_radial_push poles, p, b
HORDE_KERNEL_PROTOS(radial_push)

static inline int horde_radial_sweep_mover_ok(float x, float y, float z, float r, float h, float dx,
                                              float dz)
{
    return horde_radial_push_mover_ok(x, y, z, r, h) && fabsf(dx) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT &&
           fabsf(dz) <= HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT;
}
/* The sweep's skin: (|c| + |p| + R + |d|) * 2^-20 (L1 norms): the stopping point's
 * rounding grows with the coordinates and the displacement in play. Overbounce: the
 * slide removes 1 + 2^-10 times the remainder's part into the pole, so the next slide
 * leaves it rather than grazing it again at t = 0 (Quake's PM_ClipVelocity idea). */
#define HORDE_RADIAL_SWEEP_SKIN 0x1p-20f
#define HORDE_RADIAL_OVERBOUNCE 1.0009765625f
#define HORDE_PARAMS_radial_sweep const horde_poles *poles, const horde_radial_sweep_params *p, \
    const horde_radial_sweep_batch *b
#define HORDE_ARGS_radial_sweep poles, p, b
HORDE_KERNEL_PROTOS(radial_sweep)

/* ---- radial_push_grid: the lists made from the poles' grid ------------------------------
 * A built grid (horde_pole_grid_build's limits): cell in [2^-10, 2^17], 1 <= nx, nz,
 * nx * nz <= HORDE_POLE_GRID_MAX_CELLS, |cx0|, |cz0| <= HORDE_POLE_GRID_MAX_ORIGIN, the
 * arrays present. Then a valid mover's cell, |v / cell| <= 2^26, fits int32 with room. */
#define HORDE_POLE_GRID_MAX_ORIGIN (1 << 27)
int horde_pole_grid_ok(const horde_pole_grid *g);

/* A valid mover's cell relative to the grid's first cell (radial_push.h): floor of the
 * float division (horde_ifloor is exact there), as the grid places its poles. */
static inline int32_t horde_pole_cell_of(float v, float cell, int32_t first)
{
    return horde_ifloor(v / cell) - first;
}

/* The mover sort of the SIMD backends (src/pole_grid.c). Buckets: the cells that can hold
 * a mover with a non-empty list, cx in [-1, nx] and cz in [-1, nz] (a row of nx + 2
 * buckets per cz, bucket (cz + 1) * row + cx + 1), then `none`, the last: invalid movers
 * and those farther out. The backend writes every mover's bucket into the array
 * horde_pole_sort_keys returns (in the scratch, horde_radial_push_grid_scratch_bytes(g, n) bytes,
 * checked by the entry point); horde_pole_sort_movers then sorts them by bucket (a
 * counting sort: the batch order within a bucket). */
typedef struct horde_pole_sorted {
    const uint32_t *order; /* the batch's movers, by bucket */
    const uint32_t *key;   /* the bucket of order[p], for every place p, then
                              HORDE_POLE_SORT_PAD entries UINT32_MAX (no bucket) */
    uint32_t row;          /* nx + 2 */
    uint32_t none;         /* (nx + 2) * (nz + 2) */
    const float *mov[5];   /* the movers' x, y, z, radius, height in that order (then
                              HORDE_POLE_SORT_PAD zeros) */
    float *rec;            /* grid item k's pole (x, z, r, bottom, top) at rec + 5 k, */
    uint8_t *seen;         /* once seen[k] is set: 1 a valid pole, 2 none (cleared here) */
} horde_pole_sorted;
#define HORDE_POLE_SORT_PAD 16 /* two vectors of the widest ISA */
uint32_t *horde_pole_sort_keys(const horde_pole_grid *g, void *scratch);
void horde_pole_sort_movers(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                            horde_pole_sorted *s);

#define HORDE_PARAMS_radial_push_grid const horde_pole_grid *g, const horde_poles *poles, \
    const horde_radial_push_grid_params *p, const horde_radial_push_grid_batch *b, void *scratch, size_t bytes
#define HORDE_ARGS_radial_push_grid g, poles, p, b, scratch, bytes
HORDE_KERNEL_PROTOS(radial_push_grid)

#endif
