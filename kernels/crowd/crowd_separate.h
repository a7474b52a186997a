/* SPDX-License-Identifier: MIT */
/* Internal: what the crowd separation's reference and its SIMD template share. The call
 * (validation, grid, sort, contact lists, iterations, write-back: the same for every
 * backend, so it is compiled once, crowd_stages.h) runs the backend's parts through
 * horde_crowd_ops: the validation, the cells, the search's scan, the slots and the Jacobi
 * pass. Semantics: include/horde/crowd_separate.h. */
#ifndef HORDE_KERNELS_CROWD_CROWD_SEPARATE_H
#define HORDE_KERNELS_CROWD_CROWD_SEPARATE_H

#include <math.h>

#include "horde/crowd_separate.h"
#include "simd/kernel.h"
#include "simd/stages.h"

#define CROWD_K HORDE_CROWD_SEPARATE_MAX_CONTACTS
/* A push component in units of 2^-20 (truncated), summed as int32: at most T = R + skin
 * <= 2 * MAX_RADIUS + 0.13 (the skin at the coordinate limit) blocks per pair, i.e.
 * < 2^25.01 units, and CROWD_K = 8 of them < 2^28: no overflow. */
#define CROWD_QUANT 0x1p20f
#define CROWD_UNQUANT 0x1p-20f
/* The skin is (|x| + |z| + R + CROWD_SKIN_FLOOR) * 2^-20: 16 ulps of the coordinates
 * (as the radial push) plus 4 quantum units, more than the truncation of the pushes
 * loses, so two movers pushed apart test as apart. */
#define CROWD_SKIN 0x1p-20f
#define CROWD_SKIN_FLOOR 4.0f

/* The contact lists and positions, in the caller's scratch, movers sorted by grid bucket
 * (sorted index s; idx[s] is its batch index). Arrays of `stride` entries: n rounded up
 * to 8 (the widest backend's W) plus 8, so whole vectors may be loaded at every group and
 * past any run's end; padding movers have count 0 and every value 0. Slot k of mover s
 * is element horde_crowd_slot(s, k) of part (the contact's sorted index), R (r[a] + r[b])
 * and share: a's share of the push with the sign of `side` (-1 when a's batch index is
 * the smaller, else +1: the coincident-axes direction; a share of 0 keeps it as -0.0 or
 * +0.0). One array for the two saves a quarter of the passes' slot reads. Only
 * k < count[s] hold contacts, the rest is unspecified. */
/* The slot arrays are blocked by CROWD_BLOCK movers: block b holds slot 0 of its movers,
 * then slot 1, ..., so a group of W <= CROWD_BLOCK lanes (W dividing it, the group
 * starting at a multiple of W) finds slot k of all its lanes in W consecutive elements,
 * and all its slots within one CROWD_K * CROWD_BLOCK run, so a chunk of the passes'
 * wavefront (crowd_iterate.c) is one stretch of each array (a slot-major layout, element
 * k * stride + s, would read 3 CROWD_K streams 4n bytes apart). */
#define CROWD_BLOCK 8 /* slot k + 1 is CROWD_BLOCK elements after slot k */
static inline size_t horde_crowd_slot(uint32_t s, uint32_t k)
{
    return ((size_t)(s / CROWD_BLOCK) * CROWD_K + k) * CROWD_BLOCK + s % CROWD_BLOCK;
}

typedef struct crowd_work {
    uint32_t n;       /* valid movers */
    uint32_t stride;
    uint32_t *idx, *count, *flags;
    float *x[2], *z[2]; /* positions: iteration input / output (Jacobi) */
    uint32_t *part;
    float *R, *share;
    int gather; /* the search offers each contact only to the searching mover's list */
} crowd_work;

/* The share and side of a slot's signed share (crowd_work). */
static inline float horde_crowd_share(float signed_share) { return fabsf(signed_share); }
static inline float horde_crowd_side(float signed_share) { return signbit(signed_share) ? -1.0f : 1.0f; }

/* The search's inner loop: sorted mover s against the sorted movers lo .. hi - 1, calling
 * horde_crowd_contact for every pair s searches for that is a contact by the header's
 * test. Which pairs s searches for: small >= 0 (half stencil, lo > s): those with
 * r[t] <= small; small < 0 (full stencil): the larger radius, on a tie the later sorted
 * index (r[t] < r[s], or r[t] == r[s] and t > s). sorted[] holds the sorted y, y + h, r
 * and weight; d2s is passed on. horde_crowd_scan_run is the scalar one; a backend may
 * bring its own (any order: the lists keep a set that does not depend on it). */
typedef void (*horde_crowd_scan_fn)(crowd_work *w, float *d2s, const float *const sorted[4],
                                    uint32_t s, uint32_t lo, uint32_t hi, float small);
void horde_crowd_scan_run(crowd_work *w, float *d2s, const float *const sorted[4], uint32_t s,
                          uint32_t lo, uint32_t hi, float small);
/* Contact (s, t) at squared distance d2: offered to both lists (to s's only when
 * w->gather). */
void horde_crowd_contact(crowd_work *w, float *d2s, uint32_t s, uint32_t t, float d2);

/* One Jacobi pass over the sorted movers lo .. hi - 1 (lo a multiple of CROWD_BLOCK, hi
 * a multiple of it or w->n) at the positions of buffer `cur`: every mover that overlaps
 * one of its contacts gets `flag` in w->flags and, with push set, its position after the
 * iteration in buffer cur ^ 1 (the others their position unchanged); returns whether
 * any of them overlapped. The backends' own part, with the scan. */
typedef int (*horde_crowd_pass_fn)(const crowd_work *w, int cur, int push, uint32_t flag,
                                   uint32_t lo, uint32_t hi);

/* The validation's summary of the valid movers (crowd_grid.c). */
typedef struct crowd_stats {
    uint32_t valid; /* how many */
    float max_r;    /* the largest radius, 0 if none */
    float extent;   /* the largest |x| or |z|, 0 if none */
    float sum_r;    /* their radii summed: per block of CROWD_TASK_BLOCK movers
                     * (crowd_stages.h) in CROWD_SUMS partial sums, mover i into sum
                     * i % CROWD_SUMS; the blocks' sums added in block order, then
                     * ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)): one order of the
                     * adds for every backend, whatever its W, and every task split */
} crowd_stats;
#define CROWD_SUMS 8
#define CROWD_KEY_INVALID UINT32_MAX /* key[] of an invalid mover */

/* One block's validation: the valid movers, the maxima and the partial sums. */
typedef struct crowd_acc {
    uint32_t valid;
    float max_r, extent, sums[CROWD_SUMS];
} crowd_acc;

/* Validation of movers lo .. hi - 1 (lo a multiple of CROWD_SUMS), added to *a: key[i] =
 * 0 for a valid mover, CROWD_KEY_INVALID for an invalid one, whose results (its input
 * back, HORDE_FLAG_INVALID) are written here; mover i's radius goes to a->sums[i %
 * CROWD_SUMS]. */
typedef void (*horde_crowd_validate_fn)(const horde_crowd_separate_batch *c, size_t lo, size_t hi, uint32_t *key,
                                        crowd_acc *a);
/* The grid cells of the valid movers lo .. hi - 1 (key[i] != CROWD_KEY_INVALID): cx[i] =
 * floor(x / cell), cz[i] = floor(z / cell) (|x / cell|, |z / cell| <= 2^20,
 * crowd_grid.c), other entries unspecified; bounds (smallest cx, smallest cz, largest
 * cx, largest cz) widened to hold them. */
typedef void (*horde_crowd_cells_fn)(const horde_crowd_separate_batch *c, size_t lo, size_t hi, const uint32_t *key,
                                     float cell, int32_t *cx, int32_t *cz, int32_t bounds[4]);
/* Each used slot's constants of the sorted movers lo .. hi - 1 (lo a multiple of
 * CROWD_BLOCK, hi a multiple of it or w->n; their lists complete) from its contact t
 * (w->part): R = r[s] + r[t], and the signed share (crowd_work): share = wt[s] / (wt[s] +
 * wt[t]) when wt[s] > 0, else 0, negated when idx[s] < idx[t]. r and wt are the sorted
 * radii and weights. Unused slots of these movers may be written with anything. */
typedef void (*horde_crowd_slots_fn)(crowd_work *w, const float *r, const float *wt, uint32_t lo,
                                     uint32_t hi);

/* The scalar loops of the validation and the cells for movers first .. end - 1 (a SIMD
 * backend's last movers). */
void horde_crowd_validate_from(const horde_crowd_separate_batch *c, size_t first, size_t end, uint32_t *key,
                               crowd_acc *a);
void horde_crowd_cells_from(const horde_crowd_separate_batch *c, size_t first, size_t end, const uint32_t *key,
                            float cell, int32_t *cx, int32_t *cz, int32_t bounds[4]);

/* The scalar parts (the reference's, and what a backend does not bring). */
void horde_crowd_validate(const horde_crowd_separate_batch *c, size_t lo, size_t hi, uint32_t *key, crowd_acc *a);
void horde_crowd_cells(const horde_crowd_separate_batch *c, size_t lo, size_t hi, const uint32_t *key, float cell,
                       int32_t *cx, int32_t *cz, int32_t bounds[4]);
void horde_crowd_slots(crowd_work *w, const float *r, const float *wt, uint32_t lo, uint32_t hi);

/* The backend's parts of the call. */
typedef struct horde_crowd_ops {
    horde_crowd_validate_fn validate;
    horde_crowd_cells_fn cells;
    horde_crowd_scan_fn scan;
    horde_crowd_slots_fn slots;
    horde_crowd_pass_fn pass;
} horde_crowd_ops;

/* The whole call, the same for every backend (compiled once, crowd_stages.h): validate
 * the crowd (the invalid movers' results), find the contacts with the ops' cells, scan
 * and slots, run up to `iterations` pushing passes (CROWDED) until one finds no overlap,
 * then, if the last still pushed, a testing pass (WEDGED), and write the valid movers'
 * results (the push cap); with p->state, reuse or build the state (crowd_state.c); inline, or stage by stage on st's task system. */
void horde_crowd_solve(const horde_stages *st, const horde_crowd_separate_batch *c,
                       const horde_crowd_separate_params *p, void *scratch, const horde_crowd_ops *ops);

/* Whether mem holds a state set up by horde_crowd_separate_state_init (its header's
 * magic, version, check word and counts; crowd_state.c); *max_n then its capacity. */
int horde_crowd_state_ok(const void *mem, size_t *max_n);

/* Written so that NaN fails every comparison. */
static inline int horde_crowd_mover_ok(float x, float y, float z, float r, float h, float wt)
{
    return fabsf(x) <= HORDE_CROWD_SEPARATE_MAX_COORD && fabsf(y) <= HORDE_CROWD_SEPARATE_MAX_COORD &&
           fabsf(z) <= HORDE_CROWD_SEPARATE_MAX_COORD && r >= 0.0f && r <= HORDE_CROWD_SEPARATE_MAX_RADIUS &&
           h >= 0.0f && h <= HORDE_CROWD_SEPARATE_MAX_HEIGHT && wt >= 0.0f && wt <= HORDE_CROWD_SEPARATE_MAX_WEIGHT;
}

/* The signature, written once: the parameters, and the names that pass them on. */
/* The kernel's own parameters start with the stages to run on (the entry points,
 * src/crowd_separate_api.c, make them from the caller's task system or none). */
#define HORDE_PARAMS_crowd_separate const horde_stages *stages, const horde_crowd_separate_params *p, \
    const horde_crowd_separate_batch *c, void *scratch, size_t bytes
#define HORDE_ARGS_crowd_separate stages, p, c, scratch, bytes
HORDE_KERNEL_PROTOS(crowd_separate)

#endif
