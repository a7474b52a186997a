/* SPDX-License-Identifier: MIT */
/* Internal: one batch kernel call as one stage on the caller's task system
 * (include/horde/tasks.h, kernels/simd/stages.h).
 *
 * A batch kernel's lanes are independent: item i's outputs depend on item i's inputs and
 * on what the whole call shares (the scene, the params, a triangle soup, a pole list),
 * never on other items. So the call runs as the same kernel over fixed blocks of items,
 * each block a sub-batch whose arrays are the batch's arrays offset to the block's first
 * item. The block size depends on n only (horde_batch_block) and is a multiple of the
 * widest backend's lane count and of every tile size, so each block's lanes sit at the
 * same vector and tile positions as in the plain call, and its bits do not depend on
 * the workers, the ranges the engine makes or their order.
 *
 * Use, from a src/ entry point, inside the library's FP mode (HORDE_CALL) and after the
 * call's checks have passed:
 *
 *   static void my_block(const void *ctx, size_t begin, size_t end) { ...kernel on
 *       items [begin, end), e.g. through HORDE_SLICE... }
 *   horde_stages st;
 *   horde_stages_init(&st, tasks);             // tasks NULL: inline
 *   horde_batch_stage(&st, n, my_block, &ctx);
 *
 * HORDE_ENTRY_TASKS writes a kernel's public `_tasks` and `_tasks_isa` this way. */
#ifndef HORDE_BATCH_TASKS_H
#define HORDE_BATCH_TASKS_H

#include <stddef.h>

#include "dispatch.h"
#include "task_runner.h"

/* A multiple of every backend's lane count (8 at most) and of HORDE_TILE (64 or 128). */
#define HORDE_BATCH_MIN_BLOCK 1024u
/* At most this many blocks per call; larger batches get larger blocks. */
#define HORDE_BATCH_MAX_BLOCKS 65536u

/* Items per block for a batch of n items: HORDE_BATCH_MIN_BLOCK, or for n above
 * HORDE_BATCH_MAX_BLOCKS blocks of that, the smallest multiple of it that keeps the
 * count of blocks at most HORDE_BATCH_MAX_BLOCKS. A function of n alone. */
size_t horde_batch_block(size_t n);

/* Runs the items [begin, end) of the call that ctx describes (begin < end <= n; begin a
 * multiple of the block size, end too unless it is n). */
typedef void horde_batch_range_fn(const void *ctx, size_t begin, size_t end);

/* One stage: range over every block of [0, n), each block exactly once, as one call
 * of range per block, on st's task system (inline when st->tasks is NULL or n fits one
 * block); returns when every block has run. Nothing for n == 0. Call it inside the
 * library's FP mode; each range on a worker sets that mode itself (src/task_runner.c).
 * ctx must stay valid until it returns (it is shared by every block, read only). */
void horde_batch_stage(const horde_stages *st, size_t n, horde_batch_range_fn *range, const void *ctx);

/* A sub-batch's array: the field f of batch copy s moved to item i (a NULL optional
 * array stays NULL). */
#define HORDE_SLICE(s, f, i) ((s).f = (s).f ? (s).f + (i) : (s).f)

/* The triangles [i, i + m) of t, for the kernels that pair item i with triangle i. */
static inline horde_triangles horde_tris_slice(const horde_triangles *t, size_t i, size_t m)
{
    const horde_triangles s = {t->ax + i, t->ay + i, t->az + i, t->bx + i, t->by + i,
                               t->bz + i, t->cx + i, t->cy + i, t->cz + i, m};
    return s;
}

/* The arguments of one batch kernel call, shared by its blocks (the block function casts
 * them back to the kernel's types). */
typedef struct horde_batch_call {
    const horde_kernels *k; /* the backend's table */
    const void *scene;      /* world, triangles, poles, or NULL */
    const void *params;     /* the params (after NULL became the defaults), or NULL */
    const void *batch;      /* the whole batch */
} horde_batch_call;

/* The `_tasks` entry points of batch kernel `name`, next to HORDE_ENTRY(name) (which
 * defines name##_check) in its src/<family>_api.c. The API file defines before it
 *   static void name##_block(const void *call, size_t begin, size_t end)
 * running the kernel (((const horde_batch_call *)call)->k->name) on a sub-batch of items
 * [begin, end). scene and params are the expressions, in terms of the kernel's
 * parameter names (HORDE_PARAMS_<name>), stored in the horde_batch_call; b is the batch.
 * Defines
 *   horde_<name>_tasks_isa(isa, tasks, params): the backend's status, then the task
 *       system (HORDE_ERR_BAD_PARAMS when invalid, for n == 0 too), then the plain
 *       call's check, all before any block runs and inside HORDE_CALL; tasks NULL runs
 *       the plain call;
 *   horde_<name>_tasks(tasks, params): the same on the active backend. */
#define HORDE_ENTRY_TASKS(name, scene_arg, params_arg)                                     \
    static horde_status name##_tasks_checked(horde_isa isa, const horde_tasks *tasks,      \
                                             HORDE_PARAMS_##name)                          \
    {                                                                                      \
        const horde_kernels *k;                                                            \
        int st = horde_kernels_get(isa, &k);                                               \
        if (st == HORDE_OK)                                                                \
            st = horde_tasks_check(tasks);                                                 \
        if (st == HORDE_OK)                                                                \
            st = HORDE_APPLY_(name##_check, HORDE_ARGS_##name);                            \
        if (st == HORDE_OK && !tasks)                                                      \
            k->name(HORDE_ARGS_##name);                                                    \
        else if (st == HORDE_OK) {                                                         \
            const horde_batch_call call = {k, (scene_arg), (params_arg), b};               \
            horde_stages stages;                                                           \
            horde_stages_init(&stages, tasks);                                             \
            horde_batch_stage(&stages, b->n, name##_block, &call);                         \
        }                                                                                  \
        return st == HORDE_CHECKED_EMPTY ? HORDE_OK : (horde_status)st;                    \
    }                                                                                      \
    horde_status horde_##name##_tasks_isa(horde_isa isa, const horde_tasks *tasks,         \
                                          HORDE_PARAMS_##name)                             \
    {                                                                                      \
        horde_status st;                                                                   \
        HORDE_CALL(st = name##_tasks_checked(isa, tasks, HORDE_ARGS_##name));              \
        return st;                                                                         \
    }                                                                                      \
    horde_status horde_##name##_tasks(const horde_tasks *tasks, HORDE_PARAMS_##name)       \
    {                                                                                      \
        return horde_##name##_tasks_isa(horde_isa_active(), tasks, HORDE_ARGS_##name);     \
    }

#endif
