/* SPDX-License-Identifier: MIT */
/* horde — radial_push.h: vertical-cylinder movers pushed out of static vertical
 * cylinders ("poles": trees, posts, pillars), radially, with both radii.
 *
 * A pole j is a vertical cylinder: axis (x[j], z[j]), radius r[j], from y = bottom[j] to
 * y = top[j]. A mover is a vertical cylinder: bottom centre (x, y, z), radius, height.
 * Each mover is tested against its own candidate list, pole indices[k] for k in
 * [offsets[i], offsets[i + 1]) (the caller's broadphase fills it, as for
 * horde_sphere_tri_list; horde_pole_grid_lists below is one).
 *
 * Overlap (all in float, in this order): with R = r + r[j], dx = x - x[j],
 * dz = z - z[j], d2 = dx * dx + dz * dz, the mover overlaps pole j when
 *     y < top[j]  and  y + h > bottom[j]  and  d2 < R * R
 * (strict: touching is not overlapping; a pole of radius 0 is a vertical segment that a
 * mover of radius 0 never overlaps). The sum of both radii decides, so a mover never fits
 * through a gap narrower than itself.
 *
 * Push out of one pole: the mover's axis goes onto the circle of radius
 *     T = R + skin,   skin = (|x[j]| + |z[j]| + R) * 2^-20   (HORDE_RADIAL_PUSH_SKIN)
 * about the pole's axis, along the offset: s = T / sqrt(d2), x = x[j] + dx * s,
 * z = z[j] + dz * s. The skin is 16 times the worst rounding of those operations, so
 * that the pushed mover never tests as overlapping the same pole again. A centre within
 * 2^-50 of the pole's axis (d2 < 2^-100, HORDE_RADIAL_PUSH_TINY: the offset is rounding noise)
 * is pushed along +x: x = x[j] + T, z unchanged. y never changes.
 *
 * Several poles (the combined correction): up to p->iterations passes over the list, in
 * list order, each pass pushing the mover out of every entry it overlaps at its current
 * position (Gauss-Seidel projection: each push starts from where the previous one left
 * the mover). A pass that finds no overlap ends the solve: the mover then overlaps no
 * pole of its list. If the last allowed pass still pushed, one more pass tests (without
 * pushing) whether any overlap remains; if so the mover is WEDGED: there is no room for
 * it between those poles, or not enough passes to find it; its position is where the
 * last pass left it (it overlaps at least one pole). Two poles closer than the mover's
 * diameter with the mover between them is the typical wedge. One pass separates a mover
 * from a single pole; poles whose pushes do not interact need one pass plus the test.
 *
 * Results: out_x, out_z as above, out_y = y; flags
 *     HORDE_FLAG_COLLIDED   some pass pushed the mover
 *     HORDE_FLAG_WEDGED     still overlapping after the last pass (see above)
 *     HORDE_FLAG_SKIPPED    the list named a pole index >= poles->n or an invalid pole
 *                           (the entry is ignored)
 *
 * Valid input. Mover: x, y, z finite with |v| <= HORDE_RADIAL_PUSH_MAX_COORD, 0 <= radius
 * <= HORDE_RADIAL_PUSH_MAX_RADIUS, 0 <= height <= HORDE_RADIAL_PUSH_MAX_HEIGHT; an invalid
 * mover gets flags = HORDE_FLAG_INVALID and its input bits as outputs. Pole: x, z, bottom,
 * top finite with |v| <= HORDE_RADIAL_PUSH_MAX_COORD, bottom <= top, 0 <= r <=
 * HORDE_RADIAL_PUSH_MAX_RADIUS. NaN fails every test. (These limits and the skin are the
 * family's: radial_sweep and radial_push_grid use them too.)
 *
 * Call: horde_radial_push(poles, p, b). b->offsets has b->n + 1 non-decreasing entries;
 * b->indices may be NULL when every list is empty (offsets[n] == offsets[0]). p NULL
 * means the defaults (horde_radial_push_params_default: iterations 4); 1 <=
 * p->iterations <= HORDE_RADIAL_PUSH_MAX_ITERATIONS. n == 0 is valid: the call checks
 * poles, b and p and touches no array. Outputs may be the very same arrays as the inputs
 * (out_x == x ...); no other overlap. Returns HORDE_OK; HORDE_ERR_NULL_ARG (poles or b
 * NULL; for n > 0 also one of the batch's arrays or offsets, and, when the lists have
 * entries, indices or a pole array while poles->n > 0); or HORDE_ERR_BAD_PARAMS
 * (iterations out of range, decreasing offsets). An error writes no output.
 *
 * Frame recipe: use the correction as a displacement (out - in) added to the mover's
 * intent before horde_cylinder_move, so the voxel world has the last word and a push can
 * never put a mover into a block.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_RADIAL_PUSH_H
#define HORDE_RADIAL_PUSH_H

#include "horde/common.h"
#include "horde/isa.h"
#include "horde/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_RADIAL_PUSH_MAX_COORD 65536.0f   /* 2^16: float spacing 2^-7 there */
#define HORDE_RADIAL_PUSH_MAX_RADIUS 256.0f    /* movers and poles */
#define HORDE_RADIAL_PUSH_MAX_HEIGHT 256.0f    /* movers */
#define HORDE_RADIAL_PUSH_MAX_ITERATIONS 64u   /* radial_push, radial_push_grid */
#define HORDE_RADIAL_PUSH_SKIN 0x1p-20f        /* skin = (|x[j]| + |z[j]| + R) * HORDE_RADIAL_PUSH_SKIN */
#define HORDE_RADIAL_PUSH_TINY 0x1p-100f       /* d2 below this: centre on the axis, push along +x */

/* Static vertical cylinders, element j of each array; no alignment needed. */
typedef struct horde_poles {
    const float *x, *z, *r, *bottom, *top;
    size_t n;
} horde_poles;

/* Element i of each array is mover i; no alignment needed. */
typedef struct horde_radial_push_batch {
    const float *x, *y, *z;         /* bottom centre */
    const float *radius, *height;
    const uint32_t *offsets;        /* n + 1 entries: mover i's list is indices[offsets[i] .. offsets[i + 1]) */
    const uint32_t *indices;        /* pole numbers */
    float *out_x, *out_y, *out_z;   /* corrected bottom centre (out_y = y) */
    uint32_t *out_flags;
    size_t n;
} horde_radial_push_batch;

typedef struct horde_radial_push_params {
    uint32_t iterations; /* passes, 1 .. HORDE_RADIAL_PUSH_MAX_ITERATIONS; default 4 */
} horde_radial_push_params;
HORDE_API void horde_radial_push_params_default(horde_radial_push_params *p);

HORDE_API horde_status horde_radial_push(const horde_poles *poles, const horde_radial_push_params *p,
                                         const horde_radial_push_batch *b);
/* The same with a named backend (tests and benchmarks). HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA when that backend cannot run here. */
HORDE_API horde_status horde_radial_push_isa(horde_isa isa, const horde_poles *poles,
                                             const horde_radial_push_params *p,
                                             const horde_radial_push_batch *b);

/* horde_radial_push on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the movers (offsets moves with its movers and indexes the whole shared list),
 * split into fixed blocks of 1,024 (more only for batches of over 67 million), each block
 * a call of the kernel on its own slice of the arrays. The results are the plain call's
 * bits for any worker count, any split of the blocks into ranges and any order. tasks ==
 * NULL is the plain call. Statuses: the backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS
 * for a task system that is not NULL and not valid (enqueue or finish NULL, worker_count
 * 0), for n == 0 too, then the plain call's, all checked before any task runs; on error
 * nothing is written. */
HORDE_API horde_status horde_radial_push_tasks(const horde_tasks *tasks, const horde_poles *poles,
                                               const horde_radial_push_params *p,
                                               const horde_radial_push_batch *b);
HORDE_API horde_status horde_radial_push_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                   const horde_poles *poles,
                                                   const horde_radial_push_params *p,
                                                   const horde_radial_push_batch *b);

/* Swept variant: movers moving by a horizontal displacement (dx, dz) among the poles,
 * stopping at the earliest contact and sliding along the pole's tangent, so no speed
 * passes through a pole or past its axis (a push alone would put a mover that crossed a
 * pole's axis in one frame out of the pole's far side).
 *
 * Per slide (at most p->slides), from position p = (px, pz) with remaining displacement
 * d = (dx, dz) (the input displacement at the first slide, what the previous slide left
 * of it after), for every listed valid pole j that overlaps the mover vertically
 * (y < top[j], y + h > bottom[j]) and that the mover does not overlap at p (d2 >= R * R:
 * poles it starts inside are ignored; resolve those with horde_radial_push first), in
 * float, in this order:
 *     T = R + (|x[j]| + |z[j]| + |px| + |pz| + R + |dx| + |dz|) * 2^-20, summed left to
 *         right, with this slide's p and remaining d (the skin grows with the coordinates
 *         and the displacement: the stop point's rounding does),
 *     e = p - c, a = d.d, k = -(e.d)
 *     no contact unless a > 0 and k > 0 (approaching);
 *     t_ca = k / a, m = e + d * t_ca (the closest approach), m2 = m.m;
 *     no contact unless m2 < T * T;
 *     t = t_ca - sqrt((T * T - m2) / a), at least 0; a contact when t < 1.
 * The earliest contact (smallest t; a tie: the first in the list) stops the slide: p
 * becomes p + d * t, the contact normal n = (p - c) / |p - c|, and the rest of the way
 * r = d * (1 - t) loses its part into the pole, and 2^-10 of it more (so the next slide
 * leaves the pole instead of grazing it again): d = r - n * ((r.n) * (1 + 2^-10)) when
 * r.n < 0, else r. (A contact exactly at p, len |p - c| = 0, takes n = (1, 0).)
 * A slide without contact moves the whole d and ends the sweep. A slide whose end would
 * overlap (the float test) a listed pole the mover did not overlap at the slide's start
 * is not taken: the mover stays and the sweep ends, TRUNCATED (rounding does this to a
 * mover within a few ulps of a pole where a float step is coarse: at |x| near 2^16 the
 * step is 2^-8). Results: out_x, out_z the end position (y never changes); flags
 * COLLIDED (a contact), TRUNCATED (the last allowed slide still had a contact, or a
 * slide was not taken: the rest of the way is dropped), SKIPPED (as radial_push). An
 * invalid mover (radial_push's rules, or dx, dz not finite or longer than
 * HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT on an axis): INVALID, outputs = input bits.
 * Guarantee: the mover never ends overlapping a listed pole it did not overlap at the
 * start (the float test), at any displacement within the limit.
 * Call: horde_radial_sweep(poles, p, b), the lists in b as for radial_push. p NULL means
 * the defaults (horde_radial_sweep_params_default: slides 4). n == 0 is valid: the call
 * checks poles, b and p and touches no array. Returns HORDE_OK, HORDE_ERR_NULL_ARG (as
 * radial_push) or HORDE_ERR_BAD_PARAMS (slides outside [1,
 * HORDE_RADIAL_SWEEP_MAX_SLIDES], decreasing offsets). */
#define HORDE_RADIAL_SWEEP_MAX_DISPLACEMENT 256.0f /* |dx|, |dz| */
#define HORDE_RADIAL_SWEEP_MAX_SLIDES 16u
typedef struct horde_radial_sweep_batch {
    const float *x, *y, *z, *radius, *height; /* start: bottom centre, size */
    const float *dx, *dz;                     /* wanted horizontal displacement */
    const uint32_t *offsets, *indices;        /* the candidate lists, as radial_push's */
    float *out_x, *out_z;                     /* end (may be x, z themselves) */
    uint32_t *out_flags;
    size_t n;
} horde_radial_sweep_batch;

typedef struct horde_radial_sweep_params {
    uint32_t slides; /* 1 .. HORDE_RADIAL_SWEEP_MAX_SLIDES; default 4 */
} horde_radial_sweep_params;
HORDE_API void horde_radial_sweep_params_default(horde_radial_sweep_params *p);

HORDE_API horde_status horde_radial_sweep(const horde_poles *poles, const horde_radial_sweep_params *p,
                                          const horde_radial_sweep_batch *b);
HORDE_API horde_status horde_radial_sweep_isa(horde_isa isa, const horde_poles *poles,
                                              const horde_radial_sweep_params *p,
                                              const horde_radial_sweep_batch *b);

/* horde_radial_sweep on the engine's task system (include/horde/tasks.h, docs/tasks.md):
 * one stage, the movers (offsets moves with its movers and indexes the whole shared list),
 * split into fixed blocks of 1,024 (more only for batches of over 67 million), each block
 * a call of the kernel on its own slice of the arrays. The results are the plain call's
 * bits for any worker count, any split of the blocks into ranges and any order. tasks ==
 * NULL is the plain call. Statuses: the backend's (_tasks_isa), then HORDE_ERR_BAD_PARAMS
 * for a task system that is not NULL and not valid (enqueue or finish NULL, worker_count
 * 0), for n == 0 too, then the plain call's, all checked before any task runs; on error
 * nothing is written. */
HORDE_API horde_status horde_radial_sweep_tasks(const horde_tasks *tasks, const horde_poles *poles,
                                                const horde_radial_sweep_params *p,
                                                const horde_radial_sweep_batch *b);
HORDE_API horde_status horde_radial_sweep_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                    const horde_poles *poles,
                                                    const horde_radial_sweep_params *p,
                                                    const horde_radial_sweep_batch *b);

/* Broadphase for radial_push: candidate lists from a uniform grid over the poles (scalar,
 * caller's memory, no allocation).
 *
 * horde_pole_grid_scratch_bytes(poles, cell) is the scratch size for a grid of square
 * cells of edge `cell` over the valid poles (the rules above; invalid poles are left
 * out): 4 * (cells + 1 + valid poles) + 3 bytes (the 3 let the build align its uint32_t
 * arrays in a scratch of any alignment), or 0 when the arguments are bad (NULL, cell not
 * finite in [2^-10, 2^17], or more than HORDE_POLE_GRID_MAX_CELLS cells: choose a larger
 * cell). horde_pole_grid_build fills the grid into that scratch (any alignment; bytes at
 * least the query's value; each valid pole in the cell of its axis, ascending indices in
 * a cell). horde_pole_grid_lists then writes, for every mover i of the batch, the list
 * radial_push reads: offsets[i] .. offsets[i + 1] holds, in ascending order, every valid
 * pole j with |x - x[j]| <= r + r[j] + reach and |z - z[j]| <= r + r[j] + reach (in
 * float), i.e. every pole the mover's disc, grown by `reach`, can touch; an invalid mover
 * (radial_push's rules) gets an empty list. It reads only the batch's mover inputs (x, y,
 * z, radius, height) and n: not its offsets, indices or outputs (so the batch the lists
 * are for can be passed before its lists exist). `reach` (finite, in [0, 256]) covers how
 * far the mover may still move before the push: 0 for a push at the current position.
 * offsets has n + 1 entries. When the lists need more than `capacity` entries the call
 * returns HORDE_ERR_BAD_PARAMS with offsets filled, offsets[n] the capacity needed
 * (UINT32_MAX when it would not fit 32 bits), and indices holding an unspecified part of
 * the lists (call again with enough room): the one error after which a call has written
 * something. HORDE_ERR_BAD_PARAMS also, writing nothing, for `reach` outside [0, 256] or
 * a g that horde_pole_grid_build did not fill. The poles must not change between build and lists. The three calls
 * run inside the FP guard, like the kernels. build returns HORDE_OK, HORDE_ERR_NULL_ARG
 * (g, poles or scratch NULL, a pole array NULL while poles->n > 0) or
 * HORDE_ERR_BAD_PARAMS (bad cell, too many cells, bytes below the query's value); lists
 * returns HORDE_OK, HORDE_ERR_NULL_ARG (g, poles, b or offsets NULL; a mover array for
 * n > 0; indices for capacity > 0; a pole array while poles->n > 0) or
 * HORDE_ERR_BAD_PARAMS (reach, g not built, capacity).
 * Cost: linear in the poles (build) and in the movers times the poles in the cells each
 * scans (lists); a cell about the size of a mover's reach plus the largest pole radius
 * keeps that at a few cells. */
#define HORDE_POLE_GRID_MAX_CELLS (1u << 22)
typedef struct horde_pole_grid {
    float cell, max_r;      /* cell edge; largest valid pole radius */
    int32_t cx0, cz0;       /* the grid's first cell on x and z */
    uint32_t nx, nz;        /* cells per axis */
    const uint32_t *start;  /* nx * nz + 1 prefix counts (in the scratch) */
    const uint32_t *items;  /* valid pole indices by cell (in the scratch) */
} horde_pole_grid;

HORDE_API size_t horde_pole_grid_scratch_bytes(const horde_poles *poles, float cell);
HORDE_API horde_status horde_pole_grid_build(horde_pole_grid *g, const horde_poles *poles, float cell,
                                             void *scratch, size_t bytes);
/* horde_pole_grid_build on the engine's task system (include/horde/tasks.h, docs/tasks.md),
 * with the same scratch: one stage, the grid's extent over fixed blocks of poles (1,024,
 * more past 262,144 poles: at most 256 blocks), each block's bounds, count and largest
 * radius kept in its own slot and combined in block order on the calling thread, which
 * then runs the counting sort. The grid is the plain call's, byte for byte, for any worker
 * count, split and order; tasks == NULL is the plain call. Statuses: HORDE_ERR_BAD_PARAMS
 * for a task system that is not NULL and not valid (enqueue or finish NULL, worker_count
 * 0), checked first, for any poles->n, then the plain call's, before any stage; on error
 * nothing is written. */
HORDE_API horde_status horde_pole_grid_build_tasks(const horde_tasks *tasks, horde_pole_grid *g,
                                                   const horde_poles *poles, float cell, void *scratch,
                                                   size_t bytes);
HORDE_API horde_status horde_pole_grid_lists(const horde_pole_grid *g, const horde_poles *poles,
                                             const horde_radial_push_batch *b, float reach,
                                             uint32_t *offsets, uint32_t *indices, size_t capacity);

/* Radial push through the grid, without candidate lists: horde_radial_push where each
 * mover's list is made from the poles' grid (horde_pole_grid_build) by the rule below.
 * Movers that share grid cells share most of their lists, so the SIMD backends test each
 * pole once for a whole group of movers (broadcast to every lane) where the list kernel
 * loads it again for every lane; that is what this entry point is for.
 *
 * The list of a valid mover: its cell is cx = floor(x / cell) - cx0, cz = floor(z / cell)
 * - cz0 (the float division, as the grid places poles; g's fields); the list is every
 * entry of the grid's cells (cx + a, cz + c) for c = -1, 0, 1 (outer loop) and a = -1, 0, 1
 * (inner loop) that exist (0 <= cx + a < nx, 0 <= cz + c < nz), each cell's entries in
 * the grid's order (ascending pole index). A mover whose 3 x 3 cells lie outside the grid
 * has an empty list. The result is then exactly horde_radial_push's for that list (same
 * passes, flags, skin and WEDGED rule; pole entries that name no valid pole, because the
 * poles changed after the build, are skipped and flag SKIPPED).
 *
 * Coverage: the list holds every pole the mover overlaps at its input position when
 * r + g->max_r <= cell * (1 - 2^-10) and the mover's and the poles' |x|, |z| are at most
 * 2^12 * cell (then a pole two or more cells away is more than r + r[j] away even after
 * the float division's rounding). A pole outside the 3 x 3 cells is not tested, even
 * when a push moves the mover next to it: as with any list, the push is only as good as
 * the list (choose cell >= the largest mover radius + g->max_r, plus the push's reach).
 *
 * Scratch: the SIMD backends sort the movers by cell (a counting sort) to find movers
 * that share cells, and keep a checked copy of each pole they meet; the caller gives the
 * memory, horde_radial_push_grid_scratch_bytes(g, n) bytes, any alignment:
 *     32 n + 4 nx nz + 8 (nx + nz) + 21 items + 471
 * with nx, nz g's cell counts and items = g->start[nx * nz] (the grid's entries): per
 * mover 32, per cell of the grid padded by one cell on each side ((nx + 2) (nz + 2)) 4,
 * per entry 21 (a pole record and a byte), 16-entry pads and 63 bytes of alignment slack.
 * It is 0 when g is not a built grid or n is too large (>= 2^32 or the size would not
 * fit a size_t). Every backend, the scalar one included, requires it, so the status does
 * not depend on the backend. The scratch must not overlap the batch, the poles or the
 * grid.
 *
 * Call: horde_radial_push_grid(g, poles, p, b, scratch, bytes). g as
 * horde_pole_grid_build left it, for these poles. p NULL means the defaults
 * (horde_radial_push_grid_params_default: iterations 4). Outputs may be the input arrays
 * themselves (as radial_push). n == 0 is valid: the call checks g, poles, b, p and bytes
 * and touches no array (the scratch may then be NULL). Returns HORDE_OK; HORDE_ERR_NULL_ARG (g, poles or b
 * NULL; for n > 0 also one of the batch's arrays, the scratch, or a pole array while
 * poles->n > 0); or HORDE_ERR_BAD_PARAMS (iterations out of [1,
 * HORDE_RADIAL_PUSH_MAX_ITERATIONS], g not a built grid: its cell, max_r or sizes out of
 * range or its arrays NULL, or bytes < horde_radial_push_grid_scratch_bytes(g, n)).
 * Every backend returns exactly the scalar reference's bits, and those are
 * horde_radial_push's bits for the lists above. */
typedef struct horde_radial_push_grid_batch {
    const float *x, *y, *z;         /* bottom centre */
    const float *radius, *height;
    float *out_x, *out_y, *out_z;   /* corrected bottom centre (out_y = y) */
    uint32_t *out_flags;
    size_t n;
} horde_radial_push_grid_batch;

typedef struct horde_radial_push_grid_params {
    uint32_t iterations; /* passes, 1 .. HORDE_RADIAL_PUSH_MAX_ITERATIONS; default 4 */
} horde_radial_push_grid_params;
HORDE_API void horde_radial_push_grid_params_default(horde_radial_push_grid_params *p);

HORDE_API size_t horde_radial_push_grid_scratch_bytes(const horde_pole_grid *g, size_t n);
HORDE_API horde_status horde_radial_push_grid(const horde_pole_grid *g, const horde_poles *poles,
                                              const horde_radial_push_grid_params *p,
                                              const horde_radial_push_grid_batch *b, void *scratch,
                                              size_t bytes);
HORDE_API horde_status horde_radial_push_grid_isa(horde_isa isa, const horde_pole_grid *g,
                                                  const horde_poles *poles,
                                                  const horde_radial_push_grid_params *p,
                                                  const horde_radial_push_grid_batch *b, void *scratch,
                                                  size_t bytes);

/* horde_radial_push_grid on the engine's task system (include/horde/tasks.h,
 * docs/tasks.md), with the same scratch (its size does not depend on the workers). The
 * SIMD backends run three stages, each over fixed blocks of 1,024: the movers' grid cells,
 * then the grid items' pole records, then the movers' groups in sorted order, each
 * block's groups starting at its first sorted place; the scalar backend runs one stage
 * over blocks of movers. The movers' counting sort by cell runs between the first two
 * stages on the calling thread, or, when the batch comes in a spatial order (each block
 * of 1,024 movers within 4,096 buckets of the grid padded by a cell, the blocks' spans
 * adding up to at most 2 n buckets), block by block in the second stage. A batch of
 * at most 1,024 movers runs on the calling thread as the plain call does. The results are
 * the plain call's bits for any worker count, any split of the blocks into ranges and any
 * order. tasks == NULL is the plain call. Statuses: the backend's (_tasks_isa), then
 * HORDE_ERR_BAD_PARAMS for a task system that is not NULL and not valid (enqueue or
 * finish NULL, worker_count 0), for n == 0 too, then the plain call's, all checked
 * before any task runs; on error nothing is written. */
HORDE_API horde_status horde_radial_push_grid_tasks(const horde_tasks *tasks, const horde_pole_grid *g,
                                                    const horde_poles *poles,
                                                    const horde_radial_push_grid_params *p,
                                                    const horde_radial_push_grid_batch *b, void *scratch,
                                                    size_t bytes);
HORDE_API horde_status horde_radial_push_grid_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                        const horde_pole_grid *g, const horde_poles *poles,
                                                        const horde_radial_push_grid_params *p,
                                                        const horde_radial_push_grid_batch *b, void *scratch,
                                                        size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
