/* SPDX-License-Identifier: MIT */
/* Internal: the kernel side of the poles' grid (include/horde/radial_push.h): what makes a
 * built grid valid, the movers' cells, and the mover sort the SIMD radial_push_grid
 * backends run before their groups. Compiled once, scalar (pole_sort.c); the grid's
 * public entry points (horde_pole_grid_scratch_bytes, _build, _lists) are src/pole_grid.c. */
#ifndef HORDE_KERNELS_CROWD_POLE_SORT_H
#define HORDE_KERNELS_CROWD_POLE_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "horde/radial_push.h"
#include "simd/scalar.h"

/* A grid cell's edge: finite in [2^-10, 2^17] (NaN fails). */
#define HORDE_POLE_CELL_MIN 0x1p-10f
#define HORDE_POLE_CELL_MAX 0x1p17f
static inline int horde_pole_cell_ok(float cell) { return cell >= HORDE_POLE_CELL_MIN && cell <= HORDE_POLE_CELL_MAX; }

/* A built grid (horde_pole_grid_build's limits): cell in [2^-10, 2^17], max_r in [0,
 * HORDE_RADIAL_PUSH_MAX_RADIUS], 1 <= nx, nz, nx * nz <= HORDE_POLE_GRID_MAX_CELLS, |cx0|,
 * |cz0| <= HORDE_POLE_GRID_MAX_ORIGIN, the arrays present. Then a valid mover's cell, |v / cell| <= 2^26, fits int32 with room. */
#define HORDE_POLE_GRID_MAX_ORIGIN (1 << 27)
int horde_pole_grid_ok(const horde_pole_grid *g);

/* A valid mover's cell relative to the grid's first cell (radial_push.h): floor of the
 * float division (horde_ifloor is exact there), as the grid places its poles. */
static inline int32_t horde_pole_cell_of(float v, float cell, int32_t first)
{
    return horde_ifloor(v / cell) - first;
}

/* The mover sort of the SIMD backends. Buckets: the cells that can hold a mover with a
 * non-empty list, cx in [-1, nx] and cz in [-1, nz] (a row of nx + 2 buckets per cz,
 * bucket (cz + 1) * row + cx + 1), then `none`, the last: invalid movers and those
 * farther out. The backend writes every mover's bucket into the array
 * horde_pole_sort_keys returns (in the scratch, horde_pole_sort_bytes(g, n) bytes, checked
 * by the entry point); horde_pole_sort_movers then sorts them by bucket (a counting sort:
 * the batch order within a bucket). */
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
/* The sort's scratch for n movers on grid g (horde_radial_push_grid_scratch_bytes): 0
 * when g is not a valid grid (horde_pole_grid_ok) or n >= 2^32. */
size_t horde_pole_sort_bytes(const horde_pole_grid *g, size_t n);
uint32_t *horde_pole_sort_keys(const horde_pole_grid *g, void *scratch);
void horde_pole_sort_movers(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                            horde_pole_sorted *s);

/* The sort by blocks, for movers that come in a spatial order (as horde_frame passes
 * them): when every block of HORDE_POLE_SORT_BLOCK batch movers holds buckets within
 * HORDE_POLE_LOCAL_KEYS of each other (the none bucket aside) and the blocks' ranges
 * add up to at most 2 n buckets, each block is sorted by bucket on its own, in its own places, with counters on the stack, and can run on any
 * thread. Groups then form within each block (the keys ascend only within a block);
 * a mover's result depends on its own list alone, so its grouping never changes a bit.
 *   horde_pole_sort_note(g, scratch, n, lo, hi): after the keys of movers [lo, hi) (a
 *       whole block) are written, keeps the block's bucket range in the sorted keys'
 *       places lo and lo + 1 (free until the sort);
 *   horde_pole_sort_local(g, scratch, n): 1 when the blocks' ranges allow it;
 *   horde_pole_sort_block(g, b, scratch, k): sorts block k;
 *   horde_pole_sort_view(g, b, scratch, s): *s and its cleared seen[] (any time after
 *       the keys are noted: it writes no sorted place);
 *   horde_pole_sort_pads(g, b, scratch): the pads after the sorted places, once every
 *       block is sorted (the last block's range may lie in the first pad).
 * horde_pole_sort_movers does the whole sort, its pads and view. */
#define HORDE_POLE_SORT_BLOCK 1024u
#define HORDE_POLE_LOCAL_KEYS 4096u
void horde_pole_sort_note(const horde_pole_grid *g, void *scratch, size_t n, size_t lo, size_t hi);
int horde_pole_sort_local(const horde_pole_grid *g, void *scratch, size_t n);
void horde_pole_sort_block(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                           size_t k);
void horde_pole_sort_view(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch,
                          horde_pole_sorted *s);
void horde_pole_sort_pads(const horde_pole_grid *g, const horde_radial_push_grid_batch *b, void *scratch);

#endif
