/* SPDX-License-Identifier: MIT */
/* horde — crowd_separate.h: movers pushed apart from each other (NPC-vs-NPC separation),
 * in one call over the whole crowd, Jacobi iterations on a uniform-grid broadphase.
 *
 * Movers are vertical cylinders: bottom centre (x, y, z), radius, height, and a weight
 * (how easily a mover gives way: a pair's push is split in proportion to the weights; 0
 * means immovable; NULL weights means every mover weighs 1). Only x and z change.
 *
 * Contacts (found once per call, from the input positions). Two valid movers a, b are in
 * contact when their vertical extents overlap and their axes are closer than the reach:
 *     y[a] < y[b] + h[b]  and  y[b] < y[a] + h[a]  and  d2 < (R * HORDE_CROWD_SEPARATE_REACH)^2
 * with R = r[a] + r[b], dx = x[a] - x[b], dz = z[a] - z[b], d2 = dx * dx + dz * dz (all
 * float, in this order). A mover keeps at most HORDE_CROWD_SEPARATE_MAX_CONTACTS contacts, the
 * nearest (smallest d2; equal d2: smaller batch index); when it has more it is flagged
 * PACKED. The grid broadphase finds exactly this set: square cells of about 2.5 times a
 * typical radius (the largest, or twice the mean when that is smaller), numbered over the
 * crowd's bounding box, or hashed when the crowd is spread too thin for that, so any
 * spread of positions costs the same. The cost is linear in n at a fixed density; movers
 * larger than the typical radius search more cells.
 *
 * One iteration (Jacobi: every push is computed from the positions at the start of the
 * iteration). For mover a and each of its contacts b that overlaps at those positions
 * (d2 < R * R, strict: touching is not overlapping):
 *     T     = R + (|x[a]| + |z[a]| + R + 4) * 2^-20      target distance: R plus a skin
 *     share = w[a] / (w[a] + w[b])   (0 when w[a] == 0)
 *     g     = ((T - sqrt(d2)) * share) / sqrt(d2)
 *     push  = (dx * g, dz * g), or, when d2 < 2^-100 (coincident axes, HORDE_CROWD_SEPARATE_TINY),
 *             (-(T * share), 0) if a's batch index is smaller than b's, else (T * share, 0)
 * Each push component is quantised to an integer number of 2^-20 (truncated toward zero)
 * and summed as an integer, so the sum does not depend on any order; the mover then moves
 * by the sum: x[a] += (float)sum_x * 2^-20 (z alike). A mover with no overlap keeps its
 * position bits. Two movers alone separate in one iteration (each takes its share of the
 * way to T). The iterations stop early when one finds no overlap anywhere (the rest would
 * change nothing). The pushes are summed, not averaged over the overlaps: the sum
 * resolves a dense pile in fewer iterations.
 *
 * The result depends on the order of the batch in memory only through the two tie rules
 * above (coincident axes; equal d2 among more than HORDE_CROWD_SEPARATE_MAX_CONTACTS candidates):
 * a permuted batch gives the permuted result otherwise.
 *
 * Flags (out_flags):
 *     HORDE_FLAG_CROWDED   overlapped a contact at the start of some iteration
 *     HORDE_FLAG_WEDGED    still overlaps a contact after the last iteration (no room,
 *                          or not enough iterations)
 *     HORDE_FLAG_PACKED    more than HORDE_CROWD_SEPARATE_MAX_CONTACTS movers within reach: only
 *                          the nearest were resolved
 *     HORDE_FLAG_CAPPED    the displacement was scaled down to p->max_move (below)
 * Overlaps that arise during the call with movers beyond the reach are neither resolved
 * nor flagged in this call; the next call (next frame) finds them.
 *
 * Valid input. Mover: x, y, z finite with |v| <= HORDE_CROWD_SEPARATE_MAX_COORD, 0 <=
 * radius <= HORDE_CROWD_SEPARATE_MAX_RADIUS, 0 <= height <= HORDE_CROWD_SEPARATE_MAX_HEIGHT,
 * 0 <= weight <= HORDE_CROWD_SEPARATE_MAX_WEIGHT (NaN fails every test). An invalid mover
 * takes no part: flags = HORDE_FLAG_INVALID, out_x = x, out_z = z (input bits).
 *
 * Call: horde_crowd_separate(p, b, scratch, bytes). p NULL means the defaults
 * (horde_crowd_separate_params_default: iterations 4, max_move +INFINITY, state NULL); 1 <=
 * p->iterations <= HORDE_CROWD_SEPARATE_MAX_ITERATIONS, p->max_move >= 0 (not NaN), p->state
 * NULL or a state (above) for at least n movers. The caller owns the scratch (the library never
 * allocates): bytes >= horde_crowd_separate_scratch_bytes(b->n); any alignment. n == 0 is
 * valid: the call checks b, p and bytes and touches no array (the scratch may then be
 * NULL). out_x, out_z may be x, z themselves; no other overlap (nor with the scratch).
 * Returns HORDE_OK; HORDE_ERR_NULL_ARG (b NULL; for n > 0 also one of the batch's
 * arrays other than weight, or the scratch); or HORDE_ERR_BAD_PARAMS (iterations out of
 * range, n > HORDE_CROWD_SEPARATE_MAX_N, bytes smaller than the query, max_move negative or
 * NaN, a state that fails its check or holds fewer than n movers). An error writes
 * no output. Runs inside the FP guard like every kernel.
 *
 * Push cap (p->max_move, a distance; 0 <= max_move, NaN rejected; 0 and +INFINITY, the
 * default, mean no cap and keep every bit of the uncapped call). After the iterations, a
 * valid mover's displacement is dx = (double)x' - (double)x, dz alike (x' its position
 * after the iterations, x its input), L2 = dx * dx + dz * dz (double); when L2 >
 * max_move * max_move (double) it is scaled: s = max_move / sqrt(L2), out_x = (float)(x
 * + dx * s), out_z = (float)(z + dz * s) (every operation in double, rounded to nearest,
 * then once to float), and the mover is flagged HORDE_FLAG_CAPPED. So |out - in| <=
 * max_move up to the final rounding to float (half an ulp of each coordinate). The cap
 * bounds one call; it does not change the contacts or the iterations (CROWDED and
 * WEDGED are the uncapped call's).
 *
 * Frame coherence (p->state, NULL: none). A state is caller-owned memory, sized by
 * horde_crowd_separate_state_bytes(max_n) and set up by horde_crowd_separate_state_init
 * with a margin. A call with a state returns exactly the bits of the same call without
 * it (the result never depends on the state, only the cost does). A call builds the
 * state when it cannot reuse it: it then keeps the valid movers' sorted order, their
 * input x, z and radii, and for each of them its candidates, every valid mover whose
 * axis is closer than (r[a] + r[b]) * HORDE_CROWD_SEPARATE_REACH + margin (widened by a
 * relative 2^-10 for the rounding; vertical extents not tested), at most
 * HORDE_CROWD_SEPARATE_STATE_CANDIDATES of them. The next call reuses it (no grid, no
 * sort, no search: each mover tests only its candidates, by the exact contact rule
 * above) when
 *     - it was built, with no mover over HORDE_CROWD_SEPARATE_STATE_CANDIDATES candidates;
 *     - n is the build's n, the same movers are valid, each has its build's radius (bits),
 *     - and every valid mover is closer than margin / 2 to its build's x, z (double
 *       Euclidean distance; with margin 0, at its build's x, z exactly);
 * otherwise it rebuilds, unless it backs off: after a build that was reused fewer than 3
 * times (movers jumping past margin / 2 every frame or two, or a mover over the
 * candidates), the next build waits 1 call, then 2, 4, up to 8 (those calls run as
 * without a state, and the state is not reused), until a build is reused 3 times. Then
 * every contact (axes closer than R * REACH by the float test, whose rounding errs by far
 * less than 2^-10 R) joins movers whose build distance was
 * below R * REACH + margin: the candidates hold every contact, and the exact rule picks
 * the same contacts, the same nearest HORDE_CROWD_SEPARATE_MAX_CONTACTS, the same PACKED. y,
 * height and weight may change between calls. A call that returns an error leaves the
 * state as it was. One state serves one crowd: two crowds alternating on one state
 * rebuild it (or back off) every call. A state holds no pointer: it may be copied or moved.
 * Errors (HORDE_ERR_BAD_PARAMS, nothing written): a state that horde_crowd_separate_state_init
 * did not set up (its header's magic, version and check word), one not 4-byte aligned,
 * or n > its max_n. A state
 * whose arrays (not its header) were overwritten gives unspecified positions and flags,
 * but the call reads and writes only inside the state, the scratch and the batch.
 *
 * Frame recipe: use the correction as a displacement (out - in) added to the mover's
 * intent before horde_cylinder_move, so the voxel world has the last word and a crowd
 * pressing against a wall never pushes a mover into a block (README "Crowds").
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_CROWD_SEPARATE_H
#define HORDE_CROWD_SEPARATE_H

#include "horde/common.h"
#include "horde/isa.h"
#include "horde/tasks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_CROWD_SEPARATE_MAX_COORD 65536.0f  /* 2^16, as the radial push */
#define HORDE_CROWD_SEPARATE_MAX_RADIUS 16.0f
#define HORDE_CROWD_SEPARATE_MAX_HEIGHT 256.0f
#define HORDE_CROWD_SEPARATE_MAX_WEIGHT 0x1p32f
#define HORDE_CROWD_SEPARATE_MAX_ITERATIONS 64u
#define HORDE_CROWD_SEPARATE_MAX_CONTACTS 8u     /* per mover: the nearest */
#define HORDE_CROWD_SEPARATE_MAX_N ((size_t)1 << 26)
#define HORDE_CROWD_SEPARATE_REACH 1.25f         /* contacts: axes closer than 1.25 R */
#define HORDE_CROWD_SEPARATE_TINY 0x1p-100f      /* d2 below this: coincident axes */
#define HORDE_CROWD_SEPARATE_MAX_MARGIN 64.0f    /* the state's margin */
#define HORDE_CROWD_SEPARATE_STATE_CANDIDATES 32u /* per mover, in a state */

/* A crowd: element i of each array; no alignment needed. weight may be NULL (all 1). */
typedef struct horde_crowd_separate_batch {
    const float *x, *y, *z, *radius, *height, *weight;
    float *out_x, *out_z;
    uint32_t *out_flags;
    size_t n;
} horde_crowd_separate_batch;

typedef struct horde_crowd_separate_params {
    uint32_t iterations; /* 1 .. HORDE_CROWD_SEPARATE_MAX_ITERATIONS; default 4 */
    float max_move;      /* push cap per call, >= 0; 0 or +INFINITY (default): none */
    void *state;         /* frame coherence: a state (horde_crowd_separate_state_init) or NULL */
} horde_crowd_separate_params;
HORDE_API void horde_crowd_separate_params_default(horde_crowd_separate_params *p);

/* Scratch bytes horde_crowd_separate needs for n movers (about 185 per mover), or 0 when
 * n > HORDE_CROWD_SEPARATE_MAX_N or the size does not fit a size_t. */
HORDE_API size_t horde_crowd_separate_scratch_bytes(size_t n);

/* Bytes of a state for crowds of up to max_n movers (about 150 per mover), or 0 when
 * max_n > HORDE_CROWD_SEPARATE_MAX_N or the size does not fit a size_t. */
HORDE_API size_t horde_crowd_separate_state_bytes(size_t max_n);
/* Sets up a state in mem (4-byte aligned: any allocator's memory is) for crowds of up to
 * max_n movers with the given margin (0 <= margin <= HORDE_CROWD_SEPARATE_MAX_MARGIN, in
 * the coordinates' units: a mover may move margin / 2 before the state is rebuilt; about
 * the distance a mover walks in a few frames). The first call with it builds it. Returns
 * HORDE_OK; HORDE_ERR_NULL_ARG (mem NULL); HORDE_ERR_BAD_PARAMS (mem not 4-byte aligned,
 * max_n > HORDE_CROWD_SEPARATE_MAX_N, bytes < horde_crowd_separate_state_bytes(max_n),
 * margin out of range or NaN), writing nothing. Calling it again resets the state. */
HORDE_API horde_status horde_crowd_separate_state_init(void *mem, size_t bytes, size_t max_n, float margin);

HORDE_API horde_status horde_crowd_separate(const horde_crowd_separate_params *p,
                                            const horde_crowd_separate_batch *b, void *scratch,
                                            size_t bytes);
/* The same with a named backend (tests and benchmarks). HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA when that backend cannot run here. */
HORDE_API horde_status horde_crowd_separate_isa(horde_isa isa, const horde_crowd_separate_params *p,
                                                const horde_crowd_separate_batch *b, void *scratch,
                                                size_t bytes);

/* The same call on the engine's task system (include/horde/tasks.h, docs/tasks.md). The
 * result is bit-identical to horde_crowd_separate's for any worker count, any split of
 * the stages' items into ranges and any order in which they run; tasks == NULL is
 * horde_crowd_separate itself. Stages (enqueue + finish pairs, in this order; a stage
 * whose items fit in one range runs on the calling thread and is not enqueued):
 *   1. validation                      blocks of 1,024 movers
 *   2. grid cells                      blocks of 1,024 movers
 *   3. the sort's count                blocks of 8,192 movers
 *   4. the sort's scatter              blocks of 8,192 movers
 *   5. the sort's runs of buckets      up to 256 runs
 *   6. contact search                  two stages over blocks of grid rows (a crowd
 *                                      dense enough for a bounding-box grid), else one
 *                                      over blocks of 1,024 movers, which also runs 7.
 *                                      when no mover is larger than the typical radius
 *                                      (the pairs with such a mover are searched on the
 *                                      calling thread)
 *   7. the slots with the first iteration
 *   8. each further iteration, then the testing pass (one stage each: an iteration reads
 *      every position the one before wrote; they stop early as in the plain call)
 *      After a search over grid rows, with at most 16 iterations, at least 16,384 valid
 *      movers and 8 a row on average, 7 and 8 are two stages instead when the crowd's
 *      slabs allow it: slabs of at least 8,192 sorted movers (at most 64 slabs) each run
 *      the slots and every iteration on a range of the slab that shrinks, iteration by
 *      iteration, by the contacts' reach; then the seams between slabs run the rest,
 *      iteration by iteration (no early stop: where nothing an iteration reads moved in
 *      the one before, it copies the positions, which gives the same result)
 *   9. the write-back                  blocks of 1,024 movers
 * With a state that was built for this n and these valid movers, one more stage after 1:
 *   the reuse                          blocks of 1,024 sorted movers: the movement and
 *                                      radius check and the sorted copies
 * then, when every block passed, 7 (whose blocks first make their movers' contacts from
 * the candidates) to 9; else 2 to 9 as without a state, with one more stage after 5
 * (not while the state backs off, above):
 *   the candidates                     blocks of 1,024 sorted movers (into the state)
 * At most p->iterations + 9 stages without a state, + 11 with one. The scratch is the
 * plain call's (one size query for any worker count). HORDE_ERR_BAD_PARAMS also when
 * tasks is not NULL and its enqueue or finish is NULL or its worker_count is 0 (checked
 * for n == 0 too). */
HORDE_API horde_status horde_crowd_separate_tasks(const horde_tasks *tasks, const horde_crowd_separate_params *p,
                                                  const horde_crowd_separate_batch *b, void *scratch, size_t bytes);
HORDE_API horde_status horde_crowd_separate_tasks_isa(horde_isa isa, const horde_tasks *tasks,
                                                      const horde_crowd_separate_params *p,
                                                      const horde_crowd_separate_batch *b, void *scratch,
                                                      size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
